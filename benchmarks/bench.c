/* SPDX-License-Identifier: Apache-2.0 */
/*
 * benchmarks/bench.c — Lamina's performance benchmark (docs/architecture.md), through the C ABI.
 *
 * For each layer count N it measures, in one process and beside a plain-C "floor" loop:
 *   setup     create N layers (bounds + position) and commit them with tick(0)
 *   commit    one transaction (duration 1 s) setting position and opacity of every layer:
 *             2N implicit changes, sets + commit, ns per change
 *   tick      60 frames at t = 0, 1/60, ... with all 2N animations in flight:
 *             ms per frame, ns per animated property (= frame / 2N)
 *   floor     a struct-of-arrays loop that only solves the default cubic Bezier
 *             (0.25, 0.1, 0.25, 1) by Newton-Raphson with a bisection fallback, plus the lerp,
 *             for 2N values per frame, 60 frames: ns per value
 *   C ABI     per-call cost of set_position / set_number("opacity") with disableActions and
 *             with implicit actions, get_position, get_presentation_value("opacity")
 *   memory    bytes per idle (committed, unanimated) layer, from mallinfo2() in a fresh engine
 *   destroy   lamina_engine_destroy() of the N-layer engine, ns per layer
 *
 * Usage: lamina-bench [--quick] [--frames F] [N ...]     (default N: 1000 10000 100000)
 * Timings never fail the run; only sanity failures (a call failing, animations missing) exit
 * non-zero. See benchmarks/README.md.
 */
#define _GNU_SOURCE
#include <lamina/lamina.h>

#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* The cost mode (--cost) marks each measured loop with callgrind client requests; outside
 * valgrind they cost a few instructions and do nothing. Scripts/cost-gate.sh needs them. */
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define LAMINA_BENCH_HAVE_CALLGRIND 1
#endif
#endif

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                      */
/* ------------------------------------------------------------------------------------------ */

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void die_status(const char *what, lamina_status_t st, const char *file, int line) {
    fprintf(stderr, "lamina-bench: SANITY FAILURE %s:%d: %s -> %s (%s)\n", file, line, what,
            lamina_status_string(st), lamina_last_error_message());
    exit(2);
}

#define CHECK(call)                                                     \
    do {                                                                \
        lamina_status_t st_ = (call);                                   \
        if (st_ != LAMINA_STATUS_OK) die_status(#call, st_, __FILE__, __LINE__); \
    } while (0)

#define SANITY(cond, ...)                                               \
    do {                                                                \
        if (!(cond)) {                                                  \
            fprintf(stderr, "lamina-bench: SANITY FAILURE: " __VA_ARGS__); \
            fputc('\n', stderr);                                        \
            exit(3);                                                    \
        }                                                               \
    } while (0)

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "lamina-bench: out of memory\n");
        exit(4);
    }
    return p;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Minor page faults of the process so far: a first touch of fresh memory from the kernel. */
static long minor_faults(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt;
}

static size_t heap_in_use(void) {
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd; /* small chunks in use + mmapped chunks */
}

/* Model values used by the scenario (all distinct from each other per layer). */
static lamina_point_t pos0(size_t i) { return (lamina_point_t){(double)(i % 1000), (double)(i / 1000)}; }
static lamina_point_t pos1(size_t i) { return (lamina_point_t){(double)(i % 1000) + 100.0, (double)(i / 1000) + 50.0}; }
#define OPACITY0 1.0
#define PASSES 3 /* per-call figures: best of this many passes over all layers (odd) */
#define OPACITY1 0.25

/* ------------------------------------------------------------------------------------------ */
/* The floor: struct-of-arrays Bezier solving (docs/architecture.md)                           */
/* ------------------------------------------------------------------------------------------ */

/* WebKit's UnitBezier (Source/WebCore/platform/graphics/UnitBezier.h): polynomial
 * coefficients of a cubic Bezier from (0,0) to (1,1). docs/architecture.md fixes the floor's
 * curve to ease-in-out, cubic-bezier(0.42, 0, 0.58, 1). */
typedef struct {
    double ax, bx, cx, ay, by, cy;
} bezier_t;

static bezier_t bezier_make(double c1x, double c1y, double c2x, double c2y) {
    bezier_t b;
    b.cx = 3.0 * c1x;
    b.bx = 3.0 * (c2x - c1x) - b.cx;
    b.ax = 1.0 - b.cx - b.bx;
    b.cy = 3.0 * c1y;
    b.by = 3.0 * (c2y - c1y) - b.cy;
    b.ay = 1.0 - b.cy - b.by;
    return b;
}

#define FLOOR_EPSILON 1e-6 /* docs/architecture.md: Newton to |dx| < 1e-6 */

/* UnitBezier::solveCurveX: up to 8 Newton steps from t = x until |Bx(t) - x| < epsilon
 * (giving up when the slope is below 1e-6), then bisection on [0, 1]. */
static inline double bezier_solve_x(const bezier_t *b, double x, double epsilon) {
    double t2 = x;
    for (int i = 0; i < 8; i++) {
        double x2 = ((b->ax * t2 + b->bx) * t2 + b->cx) * t2 - x;
        if (fabs(x2) < epsilon) return t2;
        double d2 = (3.0 * b->ax * t2 + 2.0 * b->bx) * t2 + b->cx;
        if (fabs(d2) < 1e-6) break;
        t2 = t2 - x2 / d2;
    }
    double t0 = 0.0, t1 = 1.0;
    t2 = x;
    if (t2 < t0) return t0;
    if (t2 > t1) return t1;
    while (t0 < t1) {
        double x2 = ((b->ax * t2 + b->bx) * t2 + b->cx) * t2;
        if (fabs(x2 - x) < epsilon) return t2;
        if (x > x2) t0 = t2; else t1 = t2;
        t2 = (t1 - t0) * 0.5 + t0;
    }
    return t2;
}

/* UnitBezier::solve: By(solveCurveX(x)). */
static inline double bezier_solve(const bezier_t *b, double x) {
    double s = bezier_solve_x(b, x, FLOOR_EPSILON);
    return ((b->ay * s + b->by) * s + b->cy) * s;
}

typedef struct {
    double *begin, *duration, *from, *to, *out;
    size_t count;
} soa_t;

/* One frame of the floor: every value has its own begin time, so x differs per value and
 * nothing can be hoisted out of the loop. x is clamped to [0, 1] (progress), then solved. */
__attribute__((noinline)) static void floor_frame(const soa_t *v, const bezier_t *b, double t) {
    const double *restrict begin = v->begin, *restrict duration = v->duration;
    const double *restrict from = v->from, *restrict to = v->to;
    double *restrict out = v->out;
    for (size_t i = 0; i < v->count; i++) {
        double x = (t - begin[i]) / duration[i];
        x = x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
        double y = bezier_solve(b, x);
        out[i] = from[i] + (to[i] - from[i]) * y;
    }
}

/* ns per value (median frame of `frames` frames of 2N values); also returns a checksum so
 * nothing is dead. */
static double run_floor(size_t n_values, int frames, double *checksum) {
    soa_t v;
    v.count = n_values;
    v.begin = xmalloc(n_values * sizeof(double));
    v.duration = xmalloc(n_values * sizeof(double));
    v.from = xmalloc(n_values * sizeof(double));
    v.to = xmalloc(n_values * sizeof(double));
    v.out = xmalloc(n_values * sizeof(double));
    for (size_t i = 0; i < n_values; i++) {
        v.begin[i] = -1e-7 * (double)(i % 997); /* slightly different x per value */
        v.duration[i] = 1.0;
        v.from[i] = (double)(i % 1000);
        v.to[i] = (double)(i % 1000) + 100.0;
    }
    bezier_t b = bezier_make(0.42, 0.0, 0.58, 1.0);
    floor_frame(&v, &b, 0.5); /* warm the arrays */
    double sum = 0;
    double *ft = xmalloc((size_t)frames * sizeof(double));
    for (int f = 0; f < frames; f++) {
        double t0 = now_ns();
        floor_frame(&v, &b, ((double)f + 0.5) / (double)frames); /* spread over the curve */
        ft[f] = now_ns() - t0;
        sum += v.out[(size_t)f % n_values];
    }
    for (size_t i = 0; i < n_values; i++) sum += v.out[i];
    *checksum = sum;
    qsort(ft, (size_t)frames, sizeof(double), cmp_double);
    double median = ft[frames / 2];
    free(ft);
    free(v.begin); free(v.duration); free(v.from); free(v.to); free(v.out);
    return median / (double)n_values;
}

/* ------------------------------------------------------------------------------------------ */
/* The Lamina scenario                                                                          */
/* ------------------------------------------------------------------------------------------ */

typedef struct {
    size_t n;
    double setup_ns;         /* per layer: create + bounds + position, plus tick(0) */
    double commit_ns;        /* per implicit change: sets + commit */
    double commit_set_ns;    /*   of which the sets */
    double commit_call_ns;   /*   of which lamina_transaction_commit() */
    double commit_fresh_b;   /*   fresh memory it touched (minor page faults x page size), per layer */
    double commit_warm_ns;   /* the same 2N changes again (5d), memory reused: sets + commit */
    double tick_ms;          /* median ms per frame */
    double tick_mean_ms, tick_min_ms, tick_max_ms;
    double ns_per_prop;      /* tick_ms / 2N */
    double floor_ns;         /* per value, median frame */
    double set_ns;           /* set_position, disableActions */
    double setnum_ns;        /* set_number("opacity"), disableActions */
    double set_anim_ns;      /* set_position, implicit animation */
    double setnum_anim_ns;   /* set_number("opacity"), implicit animation */
    double get_ns;           /* get_position */
    double pres_ns;          /* get_presentation_value("opacity"), animated layer */
    double pres_idle_ns;     /* get_presentation_value("opacity"), idle layer */
    double bytes_per_layer;
    double destroy_ns;       /* per layer */
    double draw_ms;          /* draw list of a root + N sublayers, median ms per frame */
    double draw_ns;          /*   per layer */
    double draw_heap_delta;  /*   heap growth over the steady-state frames, bytes (want 0) */
    double batch_setnum_ns;  /* lamina_layers_set_number("opacity"), disableActions, per element */
    double batch_setpt_ns;   /* lamina_layers_set_point("position"), disableActions, per element */
    double batch_getnum_ns;  /* lamina_layers_get_number("opacity"), idle, per element */
    double batch_pres_ns;    /* lamina_layers_get_presentation_number("opacity"), animated */
    double batch_pres_idle_ns; /* the same on idle layers */
    double anim_bytes;       /* heap per running implicit animation (opacity), fresh engine */
    double checksum;
} result_t;

static double pres_number(lamina_engine_t *e, lamina_layer_t l, const char *key) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    CHECK(lamina_layer_get_presentation_value(e, l, key, &v));
    SANITY(v.type == LAMINA_VALUE_NUMBER, "presentation '%s' is not a number (type %d)", key, (int)v.type);
    return v.u.number;
}

static lamina_point_t pres_point(lamina_engine_t *e, lamina_layer_t l, const char *key) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    CHECK(lamina_layer_get_presentation_value(e, l, key, &v));
    SANITY(v.type == LAMINA_VALUE_POINT, "presentation '%s' is not a point (type %d)", key, (int)v.type);
    return v.u.point;
}

static double pres_number_at(lamina_engine_t *e, lamina_layer_t l, const char *key, double t) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    CHECK(lamina_layer_get_presentation_value_at(e, l, key, t, &v));
    SANITY(v.type == LAMINA_VALUE_NUMBER, "presentation '%s' is not a number", key);
    return v.u.number;
}

static int strictly_between(double v, double a, double b) {
    double lo = a < b ? a : b, hi = a < b ? b : a;
    return v > lo && v < hi;
}

/* Sanity: a handful of layers must be animating opacity and position mid-flight. */
static void check_in_flight(lamina_engine_t *e, const lamina_layer_t *layers, size_t n, const char *when) {
    size_t probes[3] = {0, n / 2, n - 1};
    for (int k = 0; k < 3; k++) {
        size_t i = probes[k];
        double model;
        CHECK(lamina_layer_get_number(e, layers[i], "opacity", &model));
        SANITY(model == OPACITY1, "%s: model opacity of layer %zu is %g, want %g", when, i, model, OPACITY1);
        double op = pres_number(e, layers[i], "opacity");
        SANITY(op != model && strictly_between(op, OPACITY0, OPACITY1),
               "%s: presentation opacity of layer %zu is %.9g (model %g): no animation in flight",
               when, i, op, model);
        lamina_point_t p = pres_point(e, layers[i], "position");
        lamina_point_t a = pos0(i), b = pos1(i);
        SANITY(strictly_between(p.x, a.x, b.x) && strictly_between(p.y, a.y, b.y),
               "%s: presentation position of layer %zu is (%g, %g), not between (%g, %g) and (%g, %g)",
               when, i, p.x, p.y, a.x, a.y, b.x, b.y);
    }
}

static void run_scenario(size_t n, int frames, result_t *r, int quiet) {
    memset(r, 0, sizeof *r);
    r->n = n;
    lamina_layer_t *layers = xmalloc(n * sizeof *layers);
    double *vals = xmalloc(n * sizeof *vals);       /* batch in/out arrays */
    lamina_point_t *pts = xmalloc(n * sizeof *pts);
    lamina_engine_t *e;
    double t0, t1;

    /* 1. Setup: N layers with bounds and position, committed by tick(0). */
    CHECK(lamina_engine_create(&e));
    t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        CHECK(lamina_layer_create(e, &layers[i]));
        CHECK(lamina_layer_set_bounds(e, layers[i], (lamina_rect_t){{0, 0}, {10, 10}}));
        CHECK(lamina_layer_set_position(e, layers[i], pos0(i)));
    }
    CHECK(lamina_engine_tick(e, 0.0));
    r->setup_ns = (now_ns() - t0) / (double)n;
    {
        lamina_bool_t has;
        CHECK(lamina_layer_has_presentation(e, layers[n - 1], &has));
        SANITY(has, "layer %zu has no presentation after tick(0)", n - 1);
    }

    /* 2. Commit: 2N implicit changes in one transaction of duration 1 s. The engine's first:
     * its memory is fresh, so the page faults it takes are counted too. */
    long faults0 = minor_faults();
    CHECK(lamina_transaction_begin(e));
    CHECK(lamina_transaction_set_duration(e, 1.0));
    t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        CHECK(lamina_layer_set_position(e, layers[i], pos1(i)));
        CHECK(lamina_layer_set_opacity(e, layers[i], OPACITY1));
    }
    t1 = now_ns();
    CHECK(lamina_transaction_commit(e));
    double t2 = now_ns();
    r->commit_ns = (t2 - t0) / (2.0 * (double)n);
    r->commit_set_ns = (t1 - t0) / (2.0 * (double)n);
    r->commit_call_ns = (t2 - t1) / (2.0 * (double)n);
    r->commit_fresh_b = (double)(minor_faults() - faults0) * (double)sysconf(_SC_PAGESIZE) / (double)n;
    {
        /* The animations exist: half-way through, the presentation is neither end. */
        double mid = pres_number_at(e, layers[n / 2], "opacity", 0.5);
        SANITY(strictly_between(mid, OPACITY0, OPACITY1),
               "after commit: presentation opacity at t=0.5 is %.9g: implicit animation missing", mid);
    }

    /* 3. Tick: `frames` frames inside the 1 s animations. */
    double *ft = xmalloc((size_t)frames * sizeof(double));
    double total = 0;
    for (int f = 0; f < frames; f++) {
        double t = (double)f / 60.0;
        t0 = now_ns();
        CHECK(lamina_engine_tick(e, t));
        ft[f] = now_ns() - t0;
        total += ft[f];
        if (f == frames / 2) check_in_flight(e, layers, n, "mid-flight tick");
    }
    check_in_flight(e, layers, n, "last tick");
    /* Headline figures use the median frame: this machine is shared, and a median shrugs
     * off frames stolen by other processes (mean, min and max are printed too). */
    r->tick_mean_ms = total / frames / 1e6;
    qsort(ft, (size_t)frames, sizeof(double), cmp_double);
    r->tick_min_ms = ft[0] / 1e6;
    r->tick_max_ms = ft[frames - 1] / 1e6;
    r->tick_ms = ft[frames / 2] / 1e6;
    r->ns_per_prop = ft[frames / 2] / (2.0 * (double)n);
    free(ft);

    /* Per-call figures are the best of PASSES passes over all layers: a pass preempted by
     * other work on a shared machine says nothing about the call. Reads do not change state;
     * sets alternate between two values so every call changes its value. */
    double sink = 0;
#define BEST_OF(out, body)                                                  \
    do {                                                                    \
        double best_ = INFINITY;                                            \
        for (int pass = 0; pass < PASSES; pass++) {                         \
            double s_ = now_ns();                                           \
            body;                                                           \
            double d_ = now_ns() - s_;                                      \
            if (d_ < best_) best_ = d_;                                     \
        }                                                                   \
        (out) = best_ / (double)n;                                          \
    } while (0)

    /* 5a. Presentation read on animated layers (the cached presentation of the last tick). */
    {
        lamina_value_t v;
        const char *key = "opacity";
        BEST_OF(r->pres_ns, for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_get_presentation_value(e, layers[i], key, &v));
            sink += v.u.number;
        });

        /* 5a'. The same read for all layers in one batch call (issue 12 item 8). */
        BEST_OF(r->batch_pres_ns, CHECK(lamina_layers_get_presentation_number(e, layers, n, key, vals)));
        SANITY(vals[n - 1] == v.u.number, "batch presentation read %g, single read %g", vals[n - 1], v.u.number);
        sink += vals[0];
    }

    /* Let every animation finish: idle, committed layers from here on. */
    CHECK(lamina_engine_tick(e, 2.0));

    /* 5b. Reads on idle layers. */
    {
        lamina_point_t p;
        BEST_OF(r->get_ns, for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_get_position(e, layers[i], &p));
            sink += p.x;
        });
        SANITY(p.x == pos1(n - 1).x && p.y == pos1(n - 1).y, "get_position read back a wrong value");

        lamina_value_t v;
        BEST_OF(r->pres_idle_ns, for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_get_presentation_value(e, layers[i], "opacity", &v));
            sink += v.u.number;
        });
        SANITY(v.u.number == OPACITY1, "idle presentation opacity is %g, want %g", v.u.number, OPACITY1);

        BEST_OF(r->batch_pres_idle_ns, CHECK(lamina_layers_get_presentation_number(e, layers, n, "opacity", vals)));
        SANITY(vals[n - 1] == OPACITY1, "idle batch presentation opacity is %g", vals[n - 1]);
        BEST_OF(r->batch_getnum_ns, CHECK(lamina_layers_get_number(e, layers, n, "opacity", vals)));
        SANITY(vals[0] == OPACITY1, "batch get_number read %g", vals[0]);
        sink += vals[n / 2];
    }

    /* 5b'. Batch sets with disableActions: passes alternate opacity 0.5 / OPACITY1 and position
     * pos0 / pos1 (the layers hold OPACITY1 and pos1), then the layers are set back. */
    {
        CHECK(lamina_transaction_begin(e));
        CHECK(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
        double *alt = xmalloc(n * sizeof *alt);
        lamina_point_t *altp = xmalloc(n * sizeof *altp);
        for (size_t i = 0; i < n; i++) {
            vals[i] = 0.5; alt[i] = OPACITY1;
            pts[i] = pos0(i); altp[i] = pos1(i);
        }
        BEST_OF(r->batch_setnum_ns, CHECK(lamina_layers_set_number(e, layers, n, "opacity", pass % 2 ? alt : vals)));
        BEST_OF(r->batch_setpt_ns, CHECK(lamina_layers_set_point(e, layers, n, "position", pass % 2 ? altp : pts)));
        double back;
        CHECK(lamina_layer_get_number(e, layers[n - 1], "opacity", &back));
        SANITY(back == (PASSES % 2 ? 0.5 : OPACITY1), "batch set_number did not set (read %g)", back);
        CHECK(lamina_layers_set_number(e, layers, n, "opacity", alt));
        CHECK(lamina_layers_set_point(e, layers, n, "position", altp));
        CHECK(lamina_transaction_commit(e));
        CHECK(lamina_engine_tick(e, 2.5));
        free(alt);
        free(altp);
    }

    /* 5c. Sets with disableActions: the cost of the call, no animation. Passes alternate so
     * that the last one sets pos0 / OPACITY0 (the layers hold pos1 / OPACITY1). */
    CHECK(lamina_transaction_begin(e));
    CHECK(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
    BEST_OF(r->set_ns, for (size_t i = 0; i < n; i++)
        CHECK(lamina_layer_set_position(e, layers[i], (PASSES - 1 - pass) % 2 ? pos1(i) : pos0(i))));
    BEST_OF(r->setnum_ns, for (size_t i = 0; i < n; i++)
        CHECK(lamina_layer_set_number(e, layers[i], "opacity", (PASSES - 1 - pass) % 2 ? OPACITY1 : OPACITY0)));
#undef BEST_OF
    CHECK(lamina_transaction_commit(e));
    CHECK(lamina_engine_tick(e, 3.0));
    SANITY(pres_number(e, layers[0], "opacity") == OPACITY0,
           "disableActions set animated (or was lost): presentation opacity %g",
           pres_number(e, layers[0], "opacity"));

    /* 5d. Sets with actions enabled on committed layers: one implicit animation per call. */
    CHECK(lamina_transaction_begin(e));
    t0 = now_ns();
    for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_position(e, layers[i], pos1(i)));
    r->set_anim_ns = (now_ns() - t0) / (double)n;
    t0 = now_ns();
    for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_number(e, layers[i], "opacity", OPACITY1));
    r->setnum_anim_ns = (now_ns() - t0) / (double)n;
    t0 = now_ns();
    CHECK(lamina_transaction_commit(e));
    /* Section 2's 2N changes again, on memory the engine has had before. */
    r->commit_warm_ns = (r->set_anim_ns + r->setnum_anim_ns + (now_ns() - t0) / (double)n) / 2.0;
    CHECK(lamina_engine_tick(e, 3.0)); /* the commit begins here (R2: at the next tick) */
    CHECK(lamina_engine_tick(e, 3.1)); /* 0.1 s into the default 0.25 s animations */
    check_in_flight(e, layers, n, "after implicit sets");
    r->checksum = sink;

    /* Teardown. */
    t0 = now_ns();
    CHECK(lamina_engine_destroy(e));
    r->destroy_ns = (now_ns() - t0) / (double)n;
    free(layers);
    free(vals);
    free(pts);

    /* 6. Memory per idle layer, in a fresh engine; then per running implicit animation. */
    {
        lamina_engine_t *m;
        lamina_layer_t *ml = xmalloc(n * sizeof *ml); /* allocated before the first reading */
        CHECK(lamina_engine_create(&m));
        lamina_layer_t warm;
        CHECK(lamina_layer_create(m, &warm)); /* thread state, transaction stack */
        CHECK(lamina_engine_tick(m, 0.0));
        malloc_trim(0);
        size_t before = heap_in_use();
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_create(m, &ml[i]));
            CHECK(lamina_layer_set_bounds(m, ml[i], (lamina_rect_t){{0, 0}, {10, 10}}));
            CHECK(lamina_layer_set_position(m, ml[i], pos0(i)));
        }
        CHECK(lamina_engine_tick(m, 0.0));
        size_t after = heap_in_use();
        r->bytes_per_layer = ((double)after - (double)before) / (double)n;

        /* One implicit opacity animation on each of those layers, committed and running (R2:
         * it begins at the next tick; the tick evaluates it): the heap it adds, per animation. */
        malloc_trim(0);
        before = heap_in_use();
        CHECK(lamina_transaction_begin(m));
        CHECK(lamina_transaction_set_duration(m, 10.0));
        for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_opacity(m, ml[i], OPACITY1));
        CHECK(lamina_transaction_commit(m));
        CHECK(lamina_engine_tick(m, 0.0));
        CHECK(lamina_engine_tick(m, 1.0));
        after = heap_in_use();
        r->anim_bytes = ((double)after - (double)before) / (double)n;
        SANITY(strictly_between(pres_number(m, ml[n - 1], "opacity"), OPACITY0, OPACITY1),
               "memory engine: the implicit opacity animation is not running");
        CHECK(lamina_engine_destroy(m));
        free(ml);
    }

    /* 7. The draw list: a root with N sublayers, 1% of them animating opacity; the first call
     * grows the buffer, the steady-state frames are timed and must not grow the heap. */
    {
        lamina_engine_t *d;
        lamina_layer_t root;
        CHECK(lamina_engine_create(&d));
        CHECK(lamina_layer_create(d, &root));
        CHECK(lamina_layer_set_bounds(d, root, (lamina_rect_t){{0, 0}, {1000, 1000}}));
        lamina_layer_t *subs = xmalloc(n * sizeof *subs);
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_create(d, &subs[i]));
            CHECK(lamina_layer_set_bounds(d, subs[i], (lamina_rect_t){{0, 0}, {10, 10}}));
            CHECK(lamina_layer_set_position(d, subs[i], pos0(i)));
            CHECK(lamina_layer_add_sublayer(d, root, subs[i]));
            CHECK(lamina_layer_release(d, subs[i]));
        }
        CHECK(lamina_engine_tick(d, 0.0));
        CHECK(lamina_transaction_begin(d));
        CHECK(lamina_transaction_set_duration(d, 1.0));
        for (size_t i = 0; i < n; i += 100) CHECK(lamina_layer_set_opacity(d, subs[i], OPACITY1));
        CHECK(lamina_transaction_commit(d));
        const lamina_draw_record_t *records;
        size_t count = 0;
        CHECK(lamina_engine_tick(d, 0.0));
        CHECK(lamina_engine_draw_list(d, root, 0.0, &records, &count));
        SANITY(count == n + 1, "draw list has %zu records, expected %zu", count, n + 1);
        /* At most ~2e7 records per run (1M layers: 20 frames, not 60), at least 5 frames. */
        int dframes = frames;
        if ((double)dframes * (double)(n + 1) > 2e7) dframes = (int)(2e7 / (double)(n + 1));
        if (dframes < 5) dframes = frames < 5 ? frames : 5;
        double *times = xmalloc((size_t)dframes * sizeof *times);
        size_t heap0 = heap_in_use();
        for (int f = 0; f < dframes; f++) {
            double t = (double)(f + 1) / 60.0;
            CHECK(lamina_engine_tick(d, t));
            t0 = now_ns();
            CHECK(lamina_engine_draw_list(d, root, t, &records, &count));
            times[f] = now_ns() - t0;
            r->checksum += records[count - 1].opacity;
        }
        r->draw_heap_delta = (double)heap_in_use() - (double)heap0;
        qsort(times, (size_t)dframes, sizeof *times, cmp_double);
        r->draw_ms = times[dframes / 2] / 1e6;
        r->draw_ns = times[dframes / 2] / (double)(n + 1);
        free(times);
        free(subs);
        CHECK(lamina_engine_destroy(d));
    }

    /* 4. The floor, same N, same frame count. */
    double cs;
    r->floor_ns = run_floor(2 * n, frames, &cs);
    r->checksum += cs;
    if (!quiet)
        fprintf(stderr, "  n=%zu done (tick %.3f ms/frame, floor %.2f ns/value)\n", n, r->tick_ms, r->floor_ns);
}

/* ------------------------------------------------------------------------------------------ */
/* Tree edits (docs/architecture.md: O(1) amortised; one of 100k siblings as one of 10)      */
/* ------------------------------------------------------------------------------------------ */

typedef struct {
    size_t siblings;
    double remove_ns;   /* lamina_layer_remove_from_superlayer of one of S siblings */
    double add_ns;      /* lamina_layer_add_sublayer back onto the parent (S - m ... S siblings) */
    double empty_ms;    /* removing all S children, first to last */
    double empty_ns;    /*   per child */
    double floor_ns;    /* the floor (2S values, at least 2000) in the same run */
} tree_result_t;

/* A parent with S children (host references kept, so a removed child lives on). Rounds of:
 * remove m children spread over the sibling array (timed), add them back (timed), tick. Then
 * the parent is emptied first to last (timed). */
static void run_tree(size_t s, int frames, tree_result_t *r) {
    memset(r, 0, sizeof *r);
    r->siblings = s;
    lamina_engine_t *e;
    lamina_layer_t parent;
    lamina_layer_t *kids = xmalloc(s * sizeof *kids);
    CHECK(lamina_engine_create(&e));
    CHECK(lamina_layer_create(e, &parent));
    for (size_t i = 0; i < s; i++) {
        CHECK(lamina_layer_create(e, &kids[i]));
        CHECK(lamina_layer_add_sublayer(e, parent, kids[i]));
    }
    CHECK(lamina_engine_tick(e, 0.0));
    size_t m = s < 2000 ? (s + 1) / 2 : 1000;
    size_t rounds = s >= 100000 ? 2 : (20000 + m - 1) / m;
    double t_remove = 0, t_add = 0, t0;
    for (size_t k = 0; k < rounds; k++) {
        size_t stride = s / m, off = k % (stride ? stride : 1);
        t0 = now_ns();
        for (size_t j = 0; j < m; j++) CHECK(lamina_layer_remove_from_superlayer(e, kids[j * stride + off]));
        t_remove += now_ns() - t0;
        t0 = now_ns();
        for (size_t j = 0; j < m; j++) CHECK(lamina_layer_add_sublayer(e, parent, kids[j * stride + off]));
        t_add += now_ns() - t0;
        CHECK(lamina_engine_tick(e, (double)(k + 1) / 60.0));
    }
    r->remove_ns = t_remove / (double)(rounds * m);
    r->add_ns = t_add / (double)(rounds * m);
    {
        size_t c = 0;
        CHECK(lamina_layer_get_sublayers(e, parent, NULL, 0, &c));
        SANITY(c == s, "tree edits: the parent has %zu sublayers, want %zu", c, s);
    }
    t0 = now_ns();
    for (size_t i = 0; i < s; i++) CHECK(lamina_layer_remove_from_superlayer(e, kids[i]));
    r->empty_ms = (now_ns() - t0) / 1e6;
    r->empty_ns = r->empty_ms * 1e6 / (double)s;
    CHECK(lamina_engine_destroy(e));
    free(kids);
    double cs;
    r->floor_ns = run_floor(2 * s < 2000 ? 2000 : 2 * s, frames, &cs);
    (void)cs;
}

/* ------------------------------------------------------------------------------------------ */
/* Cost mode: instruction counts per operation, for the CI cost gate (Scripts/cost-gate.sh)    */
/* ------------------------------------------------------------------------------------------ */

/* Run under `valgrind --tool=callgrind --collect-atstart=no`: each measured loop is bracketed
 * by cost_begin()/cost_end(), which switch collection on and off and dump the counters with
 * the description "cost:NAME:OPS" (benchmarks/cost_gate.py divides the dump's instruction total
 * by OPS). Everything else (setup, checks, the program's start) is not collected. The names
 * are the keys of benchmarks/cost-baseline.json: renaming one is a baseline change. */
#ifdef LAMINA_BENCH_HAVE_CALLGRIND
static char cost_name[128];

static void cost_begin(void) { CALLGRIND_TOGGLE_COLLECT; }

static void cost_end(const char *name, double ops) {
    CALLGRIND_TOGGLE_COLLECT;
    snprintf(cost_name, sizeof cost_name, "cost:%s:%.0f", name, ops);
    CALLGRIND_DUMP_STATS_AT(cost_name);
}
#else
static void cost_begin(void) {}
static void cost_end(const char *name, double ops) { (void)name; (void)ops; }
#endif

/* One transaction (duration 1 s) that sets every layer's position (pos1 if `to_pos1`, else
 * pos0) and opacity, and its commit: 2N implicit changes, measured as `name` if `measure`. */
static void cost_commit(lamina_engine_t *e, const lamina_layer_t *layers, size_t n, int to_pos1,
                        double opacity, int measure, const char *name) {
    CHECK(lamina_transaction_begin(e));
    CHECK(lamina_transaction_set_duration(e, 1.0));
    if (measure) cost_begin();
    for (size_t i = 0; i < n; i++) {
        CHECK(lamina_layer_set_position(e, layers[i], to_pos1 ? pos1(i) : pos0(i)));
        CHECK(lamina_layer_set_opacity(e, layers[i], opacity));
    }
    CHECK(lamina_transaction_commit(e));
    if (measure) cost_end(name, 2.0 * (double)n);
}

/* The measured sequence; `measure` 0 runs it once to warm code, allocator and lazily created
 * state, with the client requests left out. */
/* The cost gate's text provider: every layout is the same 8 glyphs on one line (the engine
 * copies the answer, so static storage is fine); it counts its calls. */
static lamina_status_t bench_layout(void *user_data, const lamina_text_request_t *req,
                                    lamina_text_layout_t *out) {
    (void)req;
    static const uint32_t ids[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    static const lamina_point_t at[8] = {{0, 10}, {7, 10}, {14, 10}, {21, 10},
                                         {28, 10}, {35, 10}, {42, 10}, {49, 10}};
    static const lamina_text_glyph_run_t run = {.font_id = 1, .font_path = "/bench/font.ttf",
                                                .size = 12, .glyph_ids = ids, .positions = at,
                                                .glyph_count = 8, .color = {1, 1, 1, 1}};
    static const lamina_text_line_t line = {.box = {{0, 0}, {56, 14}}, .baseline = 10, .length = 8};
    ++*(size_t *)user_data;
    out->size = (lamina_size_t){56, 14};
    out->runs = &run;
    out->run_count = 1;
    out->lines = &line;
    out->line_count = 1;
    return LAMINA_STATUS_OK;
}

static double cost_scenario(size_t n, int measure) {
#define COST_BEGIN() do { if (measure) cost_begin(); } while (0)
#define COST_END(name, ops) do { if (measure) cost_end(name, ops); } while (0)
    const int frames = 4;
    double sink = 0;
    lamina_engine_t *e;
    lamina_layer_t *layers = xmalloc(n * sizeof *layers);
    double *vals = xmalloc(n * sizeof *vals);
    CHECK(lamina_engine_create(&e));
    for (size_t i = 0; i < n; i++) {
        CHECK(lamina_layer_create(e, &layers[i]));
        CHECK(lamina_layer_set_bounds(e, layers[i], (lamina_rect_t){{0, 0}, {10, 10}}));
        CHECK(lamina_layer_set_position(e, layers[i], pos0(i)));
    }
    CHECK(lamina_engine_tick(e, 0.0));

    /* Property sets with disableActions (each changes the value), singly and in a batch. */
    CHECK(lamina_transaction_begin(e));
    CHECK(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
    COST_BEGIN();
    for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_number(e, layers[i], "opacity", 0.5));
    COST_END("set_number", (double)n);
    COST_BEGIN();
    for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_position(e, layers[i], pos1(i)));
    COST_END("set_position", (double)n);
    for (size_t i = 0; i < n; i++) vals[i] = OPACITY0;
    COST_BEGIN();
    CHECK(lamina_layers_set_number(e, layers, n, "opacity", vals));
    COST_END("batch_set_number", (double)n);
    {
        lamina_point_t *pts = xmalloc(n * sizeof *pts);
        /* Neither pos1 (held now) nor pos0 (the commit below must change every position). */
        for (size_t i = 0; i < n; i++) pts[i] = (lamina_point_t){pos0(i).x + 0.5, pos0(i).y + 0.5};
        COST_BEGIN();
        CHECK(lamina_layers_set_point(e, layers, n, "position", pts));
        COST_END("batch_set_point", (double)n);
        free(pts);
    }
    CHECK(lamina_transaction_commit(e));
    CHECK(lamina_engine_tick(e, 0.0));

    /* Reads on idle layers. */
    {
        lamina_point_t p;
        double d;
        lamina_value_t v;
        COST_BEGIN();
        for (size_t i = 0; i < n; i++) { CHECK(lamina_layer_get_position(e, layers[i], &p)); sink += p.x; }
        COST_END("get_position", (double)n);
        COST_BEGIN();
        for (size_t i = 0; i < n; i++) { CHECK(lamina_layer_get_number(e, layers[i], "opacity", &d)); sink += d; }
        COST_END("get_number", (double)n);
        COST_BEGIN();
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_get_presentation_value(e, layers[i], "opacity", &v));
            sink += v.u.number;
        }
        COST_END("presentation_idle", (double)n);
        SANITY(v.u.number == OPACITY0, "cost: idle presentation opacity %g", v.u.number);
        COST_BEGIN();
        CHECK(lamina_layers_get_presentation_number(e, layers, n, "opacity", vals));
        COST_END("batch_presentation_idle", (double)n);
        sink += vals[n - 1];
        COST_BEGIN();
        CHECK(lamina_layers_get_number(e, layers, n, "opacity", vals));
        COST_END("batch_get_number", (double)n);
        sink += vals[0];
    }

    /* Commit: 2N implicit changes (sets + transaction_commit), per change. */
    cost_commit(e, layers, n, 0, OPACITY1, measure, "commit_per_change");

    /* Tick: the first tick begins the animations (R2); the next frames are measured. */
    CHECK(lamina_engine_tick(e, 0.0));
    COST_BEGIN();
    for (int f = 1; f <= frames; f++) CHECK(lamina_engine_tick(e, (double)f / 60.0));
    COST_END("tick_per_property", 2.0 * (double)n * frames);

    /* Presentation reads with both animations in flight. */
    {
        lamina_value_t v;
        COST_BEGIN();
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_get_presentation_value(e, layers[i], "opacity", &v));
            sink += v.u.number;
        }
        COST_END("presentation_animated", (double)n);
        SANITY(strictly_between(v.u.number, OPACITY0, OPACITY1), "cost: opacity not animating (%g)", v.u.number);
        /* Position animates too: the commit measured 2N implicit changes, not N. */
        lamina_point_t pp = pres_point(e, layers[n - 1], "position");
        SANITY(strictly_between(pp.x, pos0(n - 1).x, pos0(n - 1).x + 0.5),
               "cost: position not animating (x %g)", pp.x);
        COST_BEGIN();
        CHECK(lamina_layers_get_presentation_number(e, layers, n, "opacity", vals));
        COST_END("batch_presentation_animated", (double)n);
        sink += vals[0];
    }

    /* Commit again while those animations run: each change interrupts one (R6: from the
     * presentation value) and the commit removes the animation it replaces (CA-3.8). */
    cost_commit(e, layers, n, 1, OPACITY0, measure, "commit_interrupt_per_change");
    CHECK(lamina_engine_tick(e, 5.0 / 60.0));
    SANITY(strictly_between(pres_number(e, layers[0], "opacity"), OPACITY0, OPACITY1),
           "cost: the interrupting opacity animation is not running (%g)", pres_number(e, layers[0], "opacity"));
    CHECK(lamina_engine_destroy(e));

    /* Draw list: root + N sublayers, 1% animating opacity; the buffer grown by one call first. */
    {
        lamina_engine_t *d;
        lamina_layer_t root;
        CHECK(lamina_engine_create(&d));
        CHECK(lamina_layer_create(d, &root));
        CHECK(lamina_layer_set_bounds(d, root, (lamina_rect_t){{0, 0}, {1000, 1000}}));
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_create(d, &layers[i]));
            CHECK(lamina_layer_set_bounds(d, layers[i], (lamina_rect_t){{0, 0}, {10, 10}}));
            CHECK(lamina_layer_set_position(d, layers[i], pos0(i)));
            CHECK(lamina_layer_add_sublayer(d, root, layers[i]));
        }
        CHECK(lamina_engine_tick(d, 0.0));
        CHECK(lamina_transaction_begin(d));
        CHECK(lamina_transaction_set_duration(d, 1.0));
        for (size_t i = 0; i < n; i += 100) CHECK(lamina_layer_set_opacity(d, layers[i], OPACITY1));
        CHECK(lamina_transaction_commit(d));
        const lamina_draw_record_t *records;
        size_t cnt = 0;
        CHECK(lamina_engine_tick(d, 0.0));
        CHECK(lamina_engine_draw_list(d, root, 0.0, &records, &cnt));
        SANITY(cnt == n + 1, "cost: draw list has %zu records", cnt);
        for (int f = 1; f <= frames; f++) {
            double t = (double)f / 60.0;
            CHECK(lamina_engine_tick(d, t));
            COST_BEGIN();
            CHECK(lamina_engine_draw_list(d, root, t, &records, &cnt));
            COST_END("draw_list_per_record", (double)(n + 1));
            sink += records[cnt - 1].opacity;
        }

        /* Damage (issue 31, RS-10): the same scene with its root tracked. Per frame the draw
         * list (now keeping the list for the damage) and one damage call, per record: 1 %
         * animated, then idle (the animations over: the answer is empty). */
        {
            const lamina_rect_t *rects = NULL;
            size_t nr = 0;
            CHECK(lamina_engine_damage(d, root, &rects, &nr)); /* starts tracking */
            for (int f = frames + 1; f <= 2 * frames; f++) {
                double t = (double)f / 60.0;
                CHECK(lamina_engine_tick(d, t));
                COST_BEGIN();
                CHECK(lamina_engine_draw_list(d, root, t, &records, &cnt));
                COST_END("draw_list_tracked_per_record", (double)(n + 1));
                COST_BEGIN();
                CHECK(lamina_engine_damage(d, root, &rects, &nr));
                COST_END("damage_per_record", (double)(n + 1));
                SANITY(nr >= 1, "cost: no damage while 1 %% of the layers fade (%zu rectangles)", nr);
            }
            CHECK(lamina_engine_tick(d, 2.0));
            CHECK(lamina_engine_draw_list(d, root, 2.0, &records, &cnt));
            for (int f = 1; f <= frames; f++) {
                double t = 2.0 + (double)f / 60.0;
                CHECK(lamina_engine_tick(d, t));
                CHECK(lamina_engine_draw_list(d, root, t, &records, &cnt));
                COST_BEGIN();
                CHECK(lamina_engine_damage(d, root, &rects, &nr));
                COST_END("damage_idle_per_record", (double)(n + 1));
                SANITY(nr == 0, "cost: %zu damage rectangles on an idle frame", nr);
            }
        }

        /* The damage merge's worst case (issue 31 item 3, R18): N disjoint 1x1 squares 5 apart,
         * every one changed in one frame, so the merge meets N boxes that never touch. Its
         * work per record stays bounded (the merge cap); the pairwise merge it replaced was
         * quadratic. */
        {
            lamina_engine_t *g;
            lamina_layer_t groot;
            lamina_layer_t *sq = xmalloc(n * sizeof *sq);
            CHECK(lamina_engine_create(&g));
            CHECK(lamina_layer_create(g, &groot));
            CHECK(lamina_layer_set_bounds(g, groot, (lamina_rect_t){{0, 0}, {5000, 5000}}));
            for (size_t i = 0; i < n; i++) {
                CHECK(lamina_layer_create(g, &sq[i]));
                CHECK(lamina_layer_set_bounds(g, sq[i], (lamina_rect_t){{0, 0}, {1, 1}}));
                CHECK(lamina_layer_set_position(g, sq[i], (lamina_point_t){(double)(i % 1000 * 5), (double)(i / 1000 * 5)}));
                CHECK(lamina_layer_add_sublayer(g, groot, sq[i]));
            }
            const lamina_rect_t *rects = NULL;
            size_t nr = 0, gcnt = 0;
            CHECK(lamina_engine_tick(g, 0.0));
            CHECK(lamina_engine_damage(g, groot, &rects, &nr)); /* starts tracking */
            CHECK(lamina_engine_draw_list(g, groot, 0.0, &records, &gcnt));
            CHECK(lamina_transaction_begin(g));
            CHECK(lamina_transaction_set_disable_actions(g, LAMINA_TRUE));
            for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_opacity(g, sq[i], 0.5));
            CHECK(lamina_transaction_commit(g));
            CHECK(lamina_engine_tick(g, 1.0));
            CHECK(lamina_engine_draw_list(g, groot, 1.0, &records, &gcnt));
            COST_BEGIN();
            CHECK(lamina_engine_damage(g, groot, &rects, &nr));
            COST_END("damage_all_changed_per_record", (double)(n + 1));
            SANITY(nr == 1, "cost: %zu damage rectangles for %zu disjoint changed squares (want their union)", nr, n);
            free(sq);
            CHECK(lamina_engine_destroy(g));
        }

        /* Idle text layers (issue 26, R15.6): N of them beside the squares, laid out once by a
         * provider of the bench's own (8 glyphs each); the measured frames must ask for no
         * layout, so a text layer's cost is its record and the cache's comparison. */
        lamina_layer_t *texts = xmalloc(n * sizeof *texts);
        lamina_layer_t troot;
        size_t layouts = 0;
        lamina_text_provider_t tp = {.struct_size = sizeof tp, .user_data = &layouts, .layout = bench_layout};
        CHECK(lamina_engine_set_text_provider(d, &tp));
        CHECK(lamina_layer_create(d, &troot));
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_create_kind(d, LAMINA_LAYER_KIND_TEXT, &texts[i]));
            CHECK(lamina_layer_set_bounds(d, texts[i], (lamina_rect_t){{0, 0}, {80, 12}}));
            CHECK(lamina_layer_set_position(d, texts[i], pos0(i)));
            lamina_value_t sv = {.type = LAMINA_VALUE_STRING};
            sv.u.string = "Label 01";
            CHECK(lamina_layer_set_value(d, texts[i], "string", &sv));
            CHECK(lamina_layer_add_sublayer(d, troot, texts[i]));
        }
        /* The walk itself: with nothing changed the list would be handed back unwalked
         * (draw_list_unchanged measures that). */
        CHECK(lamina_testing_set_draw_list_reuse(d, LAMINA_FALSE));
        CHECK(lamina_engine_tick(d, 0.0));
        CHECK(lamina_engine_draw_list(d, troot, 0.0, &records, &cnt));
        SANITY(cnt == n + 1 && layouts == n, "cost: text draw list has %zu records after %zu layouts", cnt, layouts);
        for (int f = 1; f <= frames; f++) {
            double t = (double)f / 60.0;
            CHECK(lamina_engine_tick(d, t));
            COST_BEGIN();
            CHECK(lamina_engine_draw_list(d, troot, t, &records, &cnt));
            COST_END("draw_list_text_idle_per_record", (double)(n + 1));
            SANITY(records[cnt - 1].text && records[cnt - 1].text->run_count == 1, "cost: a text record without its run");
        }
        SANITY(layouts == n, "cost: idle text layers were laid out again (%zu layouts)", layouts);
        CHECK(lamina_testing_set_draw_list_reuse(d, LAMINA_TRUE));
        free(texts);

        /* Tree edits at N siblings: remove one of them (spread over the array), add it back. */
        size_t m = n / 10, stride = n / m;
        COST_BEGIN();
        for (size_t j = 0; j < m; j++) CHECK(lamina_layer_remove_from_superlayer(d, layers[j * stride]));
        COST_END("tree_remove", (double)m);
        COST_BEGIN();
        for (size_t j = 0; j < m; j++) CHECK(lamina_layer_add_sublayer(d, root, layers[j * stride]));
        COST_END("tree_add", (double)m);
        CHECK(lamina_engine_destroy(d));
    }

    /* Draw list of explicitly animated layers (issue 29 item 3): root + 5N sublayers (10,000 at
     * the gate's N), each with its own looping, autoreversing explicit position animation and
     * every fourth with an explicit opacity one too, as benchmarks/gles_bench.c animates its
     * squares. The ticks are counted as well (per explicit animation), so that work moved from
     * the draw list into the tick shows. */
    {
        size_t ne = 5 * n, nanim = 0;
        lamina_engine_t *x;
        lamina_layer_t xroot;
        lamina_animation_t *move, *fade;
        CHECK(lamina_engine_create(&x));
        CHECK(lamina_layer_create(x, &xroot));
        CHECK(lamina_layer_set_bounds(x, xroot, (lamina_rect_t){{0, 0}, {800, 600}}));
        CHECK(lamina_layer_set_position(x, xroot, (lamina_point_t){400, 300}));
        CHECK(lamina_animation_create_basic("position", &move));
        CHECK(lamina_animation_create_basic("opacity", &fade));
        lamina_value_t from = {.type = LAMINA_VALUE_NUMBER}, to = from;
        from.u.number = 1;
        to.u.number = 0.3;
        CHECK(lamina_animation_set_from_value(fade, &from));
        CHECK(lamina_animation_set_to_value(fade, &to));
        for (size_t i = 0; i < ne; i++) {
            lamina_layer_t l;
            double px = 10 + (double)((i * 37) % 760), py = 10 + (double)((i * 53 / 7) % 560);
            CHECK(lamina_layer_create(x, &l));
            CHECK(lamina_layer_set_bounds(x, l, (lamina_rect_t){{0, 0}, {16, 16}}));
            CHECK(lamina_layer_set_position(x, l, (lamina_point_t){px, py}));
            CHECK(lamina_layer_add_sublayer(x, xroot, l));
            lamina_value_t a = {.type = LAMINA_VALUE_POINT}, b = a;
            a.u.point = (lamina_point_t){px, py};
            b.u.point = (lamina_point_t){px + 20, py + 15};
            CHECK(lamina_animation_set_from_value(move, &a));
            CHECK(lamina_animation_set_to_value(move, &b));
            lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
            mt.duration = 1.0 + (double)(i % 10) * 0.1;
            mt.repeat_count = LAMINA_REPEAT_FOREVER;
            mt.autoreverses = 1;
            CHECK(lamina_animation_set_media_timing(move, &mt));
            CHECK(lamina_animation_set_media_timing(fade, &mt));
            CHECK(lamina_layer_add_animation(x, l, move, "move"));
            nanim++;
            if (i % 4 == 0) {
                CHECK(lamina_layer_add_animation(x, l, fade, "fade"));
                nanim++;
            }
            CHECK(lamina_layer_release(x, l));
        }
        lamina_animation_release(move);
        lamina_animation_release(fade);
        const lamina_draw_record_t *records;
        size_t cnt = 0;
        CHECK(lamina_engine_tick(x, 0.0));
        CHECK(lamina_engine_draw_list(x, xroot, 0.0, &records, &cnt));
        SANITY(cnt == ne + 1, "cost: explicit draw list has %zu records", cnt);
        for (int f = 1; f <= frames; f++) {
            double t = (double)f / 60.0;
            COST_BEGIN();
            CHECK(lamina_engine_tick(x, t));
            COST_END("tick_explicit_per_animation", (double)nanim);
            COST_BEGIN();
            CHECK(lamina_engine_draw_list(x, xroot, t, &records, &cnt));
            COST_END("draw_list_explicit_per_record", (double)(ne + 1));
            /* Every record moves: the last one is on its way from its start. */
            double px = 10 + (double)(((ne - 1) * 37) % 760);
            SANITY(records[cnt - 1].transform.m41 > px - 8 && records[cnt - 1].opacity == 1.0,
                   "cost: explicit record at x %g opacity %g", records[cnt - 1].transform.m41,
                   records[cnt - 1].opacity);
            sink += records[cnt - 1].transform.m41;
        }
        CHECK(lamina_engine_destroy(x));
    }

    /* Retargeting running springs (issue 27): N layers sprung by one transaction's spring,
     * retargeted 0.2 s in by another spring transaction, each change interrupting a running
     * spring (set + commit per retarget; R17.6: from the presentation value and velocity).
     * benchmarks/retarget_probe.c measures the same against a curve's change. */
    {
        lamina_engine_t *r;
        lamina_spring_t sp;
        lamina_layer_t *rl = xmalloc(n * sizeof *rl);
        CHECK(lamina_spring_init_perceptual(0.5, 0.2, &sp));
        CHECK(lamina_engine_create(&r));
        for (size_t i = 0; i < n; i++) CHECK(lamina_layer_create(r, &rl[i]));
        CHECK(lamina_engine_tick(r, 0.0));
        for (int k = 0; k < 2; k++) {
            CHECK(lamina_transaction_begin(r));
            CHECK(lamina_transaction_set_duration(r, 1.0));
            CHECK(lamina_transaction_set_spring(r, &sp));
            if (k == 1) COST_BEGIN();
            for (size_t i = 0; i < n; i++)
                CHECK(lamina_layer_set_position(r, rl[i], (lamina_point_t){100.0 + k * 10 + (double)(i % 7), 50}));
            CHECK(lamina_transaction_commit(r));
            if (k == 1) COST_END("spring_retarget", (double)n);
            CHECK(lamina_engine_tick(r, k * 0.2 + 1.0 / 60));
            CHECK(lamina_engine_tick(r, k * 0.2 + 0.2));
        }
        /* Both springs moved their layers: the last one is on its way to its second target. */
        lamina_point_t rp = pres_point(r, rl[n - 1], "position");
        SANITY(rp.x != 0 && rp.x != 110.0 + (double)((n - 1) % 7), "cost: retargeted spring at x %g", rp.x);
        sink += rp.x;
        free(rl);
        CHECK(lamina_engine_destroy(r));
    }

    /* Keyframe animations under timed ancestors (issue 28, the tick's share): a Lottie scene's
     * shape, as LaminaLottie builds it. A playing root (duration 10 s, repeating, fill both)
     * over a frame space that begins at -0.1 s, N shape layers in groups of 8, each with a
     * keyframe rotation (five keys, curved segments, a rotateZ value function, fill both, kept
     * attached) and every fourth with a keyframe path of three rects as well. The ticks are
     * counted per explicit animation: local time, timing state and keyframe value of each. */
    {
        size_t nk = n, nanim = 0;
        lamina_engine_t *k;
        lamina_layer_t kroot, kframes, kgroup = 0, klast = 0;
        lamina_animation_t *spin, *shape;
        CHECK(lamina_engine_create(&k));
        CHECK(lamina_layer_create(k, &kroot));
        CHECK(lamina_layer_create(k, &kframes));
        CHECK(lamina_layer_add_sublayer(k, kroot, kframes));
        CHECK(lamina_layer_set_number(k, kroot, "duration", 10));
        CHECK(lamina_layer_set_number(k, kroot, "repeatCount", 1e6)); /* a layer takes finite counts */
        CHECK(lamina_layer_set_number(k, kframes, "beginTime", -0.1));
        CHECK(lamina_animation_create_keyframe("transform", &spin));
        CHECK(lamina_animation_create_keyframe("path", &shape));
        lamina_value_t turns[5];
        for (int j = 0; j < 5; j++) {
            turns[j].type = LAMINA_VALUE_NUMBER;
            turns[j].u.number = (j % 2 ? 1.0 : -0.5) * (double)j;
        }
        const double turn_times[5] = {0, 0.2, 0.5, 0.7, 1};
        const lamina_timing_function_t curves[4] = {
            {0.42, 0, 0.58, 1}, {0.33, 0, 0.67, 1}, {0.17, 0.89, 0.32, 1.27}, {0.42, 0, 1, 1}};
        CHECK(lamina_animation_set_keyframe_values(spin, turns, 5));
        CHECK(lamina_animation_set_key_times(spin, turn_times, 5));
        CHECK(lamina_animation_set_keyframe_timing_functions(spin, curves, 4));
        CHECK(lamina_animation_set_value_function(spin, LAMINA_VALUE_FUNCTION_ROTATE_Z));
        lamina_path_element_t rects[3][5];
        lamina_value_t outlines[3];
        for (int j = 0; j < 3; j++) {
            size_t count = 0;
            CHECK(lamina_path_rect((lamina_rect_t){{-2.0 * j, 0}, {10 + 6.0 * j, 10 - 2.0 * j}}, rects[j], 5, &count));
            outlines[j].type = LAMINA_VALUE_PATH;
            outlines[j].u.path.elements = rects[j];
            outlines[j].u.path.count = count;
        }
        CHECK(lamina_animation_set_keyframe_values(shape, outlines, 3));
        lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
        mt.fill_mode = LAMINA_FILL_MODE_BOTH;
        for (lamina_animation_t *a = spin; a; a = a == spin ? shape : NULL)
            CHECK(lamina_animation_set_removed_on_completion(a, LAMINA_FALSE));
        for (size_t i = 0; i < nk; i++) {
            lamina_layer_t l;
            if (i % 8 == 0) {
                CHECK(lamina_layer_create(k, &kgroup));
                CHECK(lamina_layer_add_sublayer(k, kframes, kgroup));
                CHECK(lamina_layer_release(k, kgroup));
            }
            CHECK(lamina_layer_create_kind(k, LAMINA_LAYER_KIND_SHAPE, &l));
            CHECK(lamina_layer_add_sublayer(k, kgroup, l));
            /* Spans of 1 to 2 s from 0 to 0.5 s: some frames fall before, inside and after. */
            mt.begin_time = (double)(i % 5) * 0.1;
            mt.duration = 1.0 + (double)(i % 10) * 0.1;
            CHECK(lamina_animation_set_media_timing(spin, &mt));
            CHECK(lamina_animation_set_media_timing(shape, &mt));
            CHECK(lamina_layer_add_animation(k, l, spin, "spin"));
            nanim++;
            if (i % 4 == 0) {
                CHECK(lamina_layer_add_animation(k, l, shape, "shape"));
                nanim++;
            }
            CHECK(lamina_layer_release(k, l));
            klast = l;
        }
        lamina_animation_release(spin);
        lamina_animation_release(shape);
        CHECK(lamina_engine_tick(k, 0.0));
        for (int f = 1; f <= frames; f++) {
            double t = 0.3 * f;
            COST_BEGIN();
            CHECK(lamina_engine_tick(k, t));
            COST_END("tick_per_keyframe_animation", (double)nanim);
        }
        /* The last layer turns: its keyframes fill both ends, so it is never the identity's 0. */
        lamina_value_t pv;
        CHECK(lamina_layer_get_presentation_value(k, klast, "transform", &pv));
        SANITY(pv.type == LAMINA_VALUE_TRANSFORM && pv.u.transform.m12 != 0,
               "cost: keyframe rotation m12 %g", pv.u.transform.m12);
        sink += pv.u.transform.m11;
        CHECK(lamina_engine_destroy(k));
    }

    /* An unchanged draw list (issue 28): N still layers, a tick and a draw list per frame with
     * nothing changed. The list is handed back (same records, no walk): per frame, the draw
     * list call alone. */
    {
        lamina_engine_t *u;
        lamina_layer_t uroot;
        CHECK(lamina_engine_create(&u));
        CHECK(lamina_layer_create(u, &uroot));
        for (size_t i = 0; i < n; i++) {
            lamina_layer_t l;
            CHECK(lamina_layer_create(u, &l));
            CHECK(lamina_layer_set_bounds(u, l, (lamina_rect_t){{0, 0}, {10, 10}}));
            CHECK(lamina_layer_set_position(u, l, pos0(i)));
            CHECK(lamina_layer_add_sublayer(u, uroot, l));
            CHECK(lamina_layer_release(u, l));
        }
        CHECK(lamina_engine_tick(u, 0.0));
        const lamina_draw_record_t *first, *records;
        size_t cnt = 0;
        uint64_t walks0 = 0, walks1 = 0;
        CHECK(lamina_engine_draw_list(u, uroot, 0.0, &first, &cnt));
        CHECK(lamina_testing_get_draw_list_builds(u, &walks0));
        const int uframes = 16;
        for (int f = 1; f <= uframes; f++) {
            double t = (double)f / 60.0;
            CHECK(lamina_engine_tick(u, t));
            COST_BEGIN();
            CHECK(lamina_engine_draw_list(u, uroot, t, &records, &cnt));
            COST_END("draw_list_unchanged", 1.0);
            SANITY(records == first && cnt == n + 1, "cost: unchanged draw list moved (%zu records)", cnt);
        }
        CHECK(lamina_testing_get_draw_list_builds(u, &walks1));
        SANITY(walks1 == walks0, "cost: unchanged draw list walked %llu times", (unsigned long long)(walks1 - walks0));
        sink += records[cnt - 1].transform.m41;
        CHECK(lamina_engine_destroy(u));
    }

    /* The floor: 2N values, `frames` frames spread over the curve. */
    {
        size_t nv = 2 * n;
        soa_t v;
        v.count = nv;
        v.begin = xmalloc(nv * sizeof(double));
        v.duration = xmalloc(nv * sizeof(double));
        v.from = xmalloc(nv * sizeof(double));
        v.to = xmalloc(nv * sizeof(double));
        v.out = xmalloc(nv * sizeof(double));
        for (size_t i = 0; i < nv; i++) {
            v.begin[i] = -1e-7 * (double)(i % 997);
            v.duration[i] = 1.0;
            v.from[i] = (double)(i % 1000);
            v.to[i] = (double)(i % 1000) + 100.0;
        }
        bezier_t b = bezier_make(0.42, 0.0, 0.58, 1.0);
        /* The same frame times as the timed floor's median region: spread over (0, 1). */
        COST_BEGIN();
        for (int f = 0; f < frames; f++) floor_frame(&v, &b, (double)(2 * f + 1) / (2.0 * frames));
        COST_END("floor_per_value", (double)nv * frames);
        sink += v.out[nv / 2];
        free(v.begin); free(v.duration); free(v.from); free(v.to); free(v.out);
    }
    free(layers);
    free(vals);
    return sink;
#undef COST_BEGIN
#undef COST_END
}

/* A shape-layer-heavy draw list (issue 28: what a Lottie file builds): root + N shape layers,
 * each with a rounded-rectangle path (10 elements), a fill, a round-capped stroke and, every
 * fifth, a dash pattern; a quarter morph their path (an explicit, looping, autoreversing basic
 * animation between two paths of the same structure), a quarter animate strokeEnd, the rest are
 * still. Per frame the tick, then the measured draw list (per record). */
static double cost_shapes(size_t n, int measure) {
    const int frames = 4;
    double sink = 0;
    lamina_engine_t *x;
    lamina_layer_t root;
    CHECK(lamina_engine_create(&x));
    CHECK(lamina_layer_create(x, &root));
    CHECK(lamina_layer_set_bounds(x, root, (lamina_rect_t){{0, 0}, {800, 600}}));
    lamina_path_element_t a[16], b[16];
    size_t na = 0, nb = 0;
    CHECK(lamina_path_rounded_rect((lamina_rect_t){{0, 0}, {20, 20}}, 4, 4, a, 16, &na));
    CHECK(lamina_path_rounded_rect((lamina_rect_t){{2, 3}, {14, 12}}, 6, 6, b, 16, &nb));
    SANITY(na == nb && na >= 8, "cost: shape paths of %zu and %zu elements", na, nb);
    lamina_value_t pa = {.type = LAMINA_VALUE_PATH}, pb = pa, v;
    pa.u.path.elements = a;
    pa.u.path.count = na;
    pb.u.path.elements = b;
    pb.u.path.count = nb;
    lamina_animation_t *morph, *trim;
    CHECK(lamina_animation_create_basic("path", &morph));
    CHECK(lamina_animation_create_basic("strokeEnd", &trim));
    CHECK(lamina_animation_set_from_value(morph, &pa));
    CHECK(lamina_animation_set_to_value(morph, &pb));
    lamina_value_t t0 = {.type = LAMINA_VALUE_NUMBER}, t1 = t0;
    t0.u.number = 0.1;
    t1.u.number = 1;
    CHECK(lamina_animation_set_from_value(trim, &t0));
    CHECK(lamina_animation_set_to_value(trim, &t1));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1.5;
    mt.repeat_count = LAMINA_REPEAT_FOREVER;
    mt.autoreverses = 1;
    CHECK(lamina_animation_set_media_timing(morph, &mt));
    CHECK(lamina_animation_set_media_timing(trim, &mt));
    double dashes[2] = {4, 2};
    for (size_t i = 0; i < n; i++) {
        lamina_layer_t l;
        CHECK(lamina_layer_create_kind(x, LAMINA_LAYER_KIND_SHAPE, &l));
        CHECK(lamina_layer_set_bounds(x, l, (lamina_rect_t){{0, 0}, {20, 20}}));
        CHECK(lamina_layer_set_position(x, l, (lamina_point_t){10 + (double)((i * 37) % 780), 10 + (double)((i * 53 / 7) % 580)}));
        CHECK(lamina_layer_set_value(x, l, "path", &pa));
        v = (lamina_value_t){.type = LAMINA_VALUE_COLOR};
        v.u.color = (lamina_color_t){0.2, 0.4, 0.8, 1};
        CHECK(lamina_layer_set_value(x, l, "fillColor", &v));
        v.u.color = (lamina_color_t){0.1, 0.1, 0.1, 1};
        CHECK(lamina_layer_set_value(x, l, "strokeColor", &v));
        CHECK(lamina_layer_set_number(x, l, "lineWidth", 2));
        v = (lamina_value_t){.type = LAMINA_VALUE_STRING};
        v.u.string = "round";
        CHECK(lamina_layer_set_value(x, l, "lineCap", &v));
        if (i % 5 == 4) {
            v = (lamina_value_t){.type = LAMINA_VALUE_NUMBER_ARRAY};
            v.u.numbers.items = dashes;
            v.u.numbers.count = 2;
            CHECK(lamina_layer_set_value(x, l, "lineDashPattern", &v));
        }
        CHECK(lamina_layer_add_sublayer(x, root, l));
        if (i % 4 == 0) CHECK(lamina_layer_add_animation(x, l, morph, "morph"));
        if (i % 4 == 1) CHECK(lamina_layer_add_animation(x, l, trim, "trim"));
        CHECK(lamina_layer_release(x, l));
    }
    lamina_animation_release(morph);
    lamina_animation_release(trim);
    const lamina_draw_record_t *records;
    size_t cnt = 0;
    CHECK(lamina_engine_tick(x, 0.0));
    CHECK(lamina_engine_draw_list(x, root, 0.0, &records, &cnt));
    SANITY(cnt == n + 1 && records[1].shape != NULL, "cost: shape draw list has %zu records", cnt);
    for (int f = 1; f <= frames; f++) {
        double t = (double)f / 60.0;
        CHECK(lamina_engine_tick(x, t));
        if (measure) cost_begin();
        CHECK(lamina_engine_draw_list(x, root, t, &records, &cnt));
        if (measure) cost_end("draw_list_shapes_per_record", (double)(n + 1));
        /* The first shape morphs: its path is on its way from the first path to the second. */
        const lamina_draw_shape_t *s = records[1].shape;
        SANITY(s != NULL && s->path_count == na && s->path[0].points[0].y > a[0].points[0].y,
               "cost: the morphing shape's path did not move (y %g)", s ? s->path[0].points[0].y : -1.0);
        sink += s->path[0].points[0].x;
    }
    CHECK(lamina_engine_destroy(x));
    return sink;
}

/* The tick's application of sampled values (issue 28): N shape layers under a root, each with
 * four looping keyframe animations on the key paths a Lottie scene animates besides whole
 * inline properties: a component of the transform ("transform.rotation.z"), a component of the
 * position ("position.x"), a shape's number ("strokeEnd") and colour ("fillColor"). Per frame,
 * engine_tick (sampling) + engine_draw_list (applying each sample to its layer's presentation)
 * / 4N animations. The run fails when the first shape's rotation, x or strokeEnd do not move. */
static double cost_apply(size_t n, int measure) {
    const int frames = 4;
    double sink = 0;
    lamina_engine_t *x;
    lamina_layer_t root;
    CHECK(lamina_engine_create(&x));
    CHECK(lamina_layer_create(x, &root));
    CHECK(lamina_layer_set_bounds(x, root, (lamina_rect_t){{0, 0}, {800, 600}}));
    lamina_path_element_t a[16];
    size_t na = 0;
    CHECK(lamina_path_rounded_rect((lamina_rect_t){{0, 0}, {20, 20}}, 4, 4, a, 16, &na));
    lamina_value_t pa = {.type = LAMINA_VALUE_PATH};
    pa.u.path.elements = a;
    pa.u.path.count = na;
    const char *keys[4] = {"transform.rotation.z", "position.x", "strokeEnd", "fillColor"};
    lamina_animation_t *anims[4];
    const double times[3] = {0, 0.4, 1};
    const lamina_timing_function_t curves[2] = {{0.42, 0, 0.58, 1}, {0.33, 0, 0.67, 1}};
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 2;
    mt.repeat_count = LAMINA_REPEAT_FOREVER;
    for (int k = 0; k < 4; k++) {
        lamina_value_t vals[3];
        for (int j = 0; j < 3; j++) {
            if (k == 3) {
                vals[j] = (lamina_value_t){.type = LAMINA_VALUE_COLOR};
                vals[j].u.color = (lamina_color_t){0.2 * j, 0.4, 1 - 0.3 * j, 1};
            } else {
                vals[j] = (lamina_value_t){.type = LAMINA_VALUE_NUMBER};
                vals[j].u.number = k == 0 ? 1.5 * j : k == 1 ? 10 + 40.0 * j : 0.2 + 0.4 * j;
            }
        }
        CHECK(lamina_animation_create_keyframe(keys[k], &anims[k]));
        CHECK(lamina_animation_set_keyframe_values(anims[k], vals, 3));
        CHECK(lamina_animation_set_key_times(anims[k], times, 3));
        CHECK(lamina_animation_set_keyframe_timing_functions(anims[k], curves, 2));
        CHECK(lamina_animation_set_media_timing(anims[k], &mt));
    }
    for (size_t i = 0; i < n; i++) {
        lamina_layer_t l;
        CHECK(lamina_layer_create_kind(x, LAMINA_LAYER_KIND_SHAPE, &l));
        CHECK(lamina_layer_set_bounds(x, l, (lamina_rect_t){{0, 0}, {20, 20}}));
        CHECK(lamina_layer_set_position(x, l, (lamina_point_t){10 + (double)((i * 37) % 780), 10 + (double)((i * 53 / 7) % 580)}));
        CHECK(lamina_layer_set_value(x, l, "path", &pa));
        lamina_value_t v = {.type = LAMINA_VALUE_COLOR};
        v.u.color = (lamina_color_t){0.1, 0.1, 0.1, 1};
        CHECK(lamina_layer_set_value(x, l, "strokeColor", &v));
        CHECK(lamina_layer_set_number(x, l, "lineWidth", 2));
        CHECK(lamina_layer_add_sublayer(x, root, l));
        for (int k = 0; k < 4; k++) CHECK(lamina_layer_add_animation(x, l, anims[k], keys[k]));
        CHECK(lamina_layer_release(x, l));
    }
    for (int k = 0; k < 4; k++) lamina_animation_release(anims[k]);
    const lamina_draw_record_t *records;
    size_t cnt = 0;
    CHECK(lamina_engine_tick(x, 0.0));
    CHECK(lamina_engine_draw_list(x, root, 0.0, &records, &cnt));
    SANITY(cnt == n + 1 && records[1].shape != NULL, "cost: apply draw list has %zu records", cnt);
    double m12 = records[1].transform.m12, m41 = records[1].transform.m41, end = records[1].shape->stroke_end;
    for (int f = 1; f <= frames; f++) {
        double t = 0.1 * f;
        if (measure) cost_begin();
        CHECK(lamina_engine_tick(x, t));
        CHECK(lamina_engine_draw_list(x, root, t, &records, &cnt));
        if (measure) cost_end("frame_apply_per_animation", (double)(4 * n));
        const lamina_draw_record_t *r = &records[1];
        SANITY(r->shape != NULL && r->transform.m12 != m12 && r->transform.m41 != m41 && r->shape->stroke_end != end,
               "cost: the first shape's rotation, x or strokeEnd did not move (m12 %g, m41 %g, end %g)",
               r->transform.m12, r->transform.m41, r->shape ? r->shape->stroke_end : -1.0);
        m12 = r->transform.m12;
        m41 = r->transform.m41;
        end = r->shape->stroke_end;
        sink += m12 + r->shape->fill_color.r;
    }
    CHECK(lamina_engine_destroy(x));
    return sink;
}

static int run_cost(size_t n) {
#ifndef LAMINA_BENCH_HAVE_CALLGRIND
    (void)n;
    fprintf(stderr, "lamina-bench: --cost needs <valgrind/callgrind.h> at build time (Debian: valgrind)\n");
    return 64;
#else
    double sink = cost_scenario(n / 10 < 200 ? 200 : n / 10, 0); /* warm up, not measured */
    sink += cost_scenario(n, 1);
    sink += cost_shapes(n / 10 < 200 ? 200 : n / 10, 0);
    sink += cost_shapes(n, 1);
    sink += cost_apply(n / 10 < 200 ? 200 : n / 10, 0);
    sink += cost_apply(n, 1);
    printf("lamina-bench --cost: n=%zu done (checksum %.6g)%s\n", n, sink,
           RUNNING_ON_VALGRIND ? "" : " [not under valgrind: nothing was counted]");
    return 0;
#endif
}

/* ------------------------------------------------------------------------------------------ */
/* Report                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static void row(const char *label, const char *target, const result_t *rs, int count,
                size_t offset, const char *fmt, int ratio) {
    printf("%-46s %-12s", label, target);
    for (int k = 0; k < count; k++) {
        double v = *(const double *)((const char *)&rs[k] + offset);
        char cell[64];
        if (ratio)
            snprintf(cell, sizeof cell, fmt, v, v / rs[k].floor_ns);
        else
            snprintf(cell, sizeof cell, fmt, v);
        printf(" %20s", cell);
    }
    printf("\n");
}

#define ROW(label, target, field, fmt, ratio) row(label, target, rs, count, offsetof(result_t, field), fmt, ratio)

static void tree_row(const char *label, const char *target, const tree_result_t *ts, int count,
                     size_t offset, const char *fmt, int ratio) {
    printf("%-46s %-12s", label, target);
    for (int k = 0; k < count; k++) {
        double v = *(const double *)((const char *)&ts[k] + offset);
        char cell[64];
        if (ratio)
            snprintf(cell, sizeof cell, fmt, v, v / ts[k].floor_ns);
        else
            snprintf(cell, sizeof cell, fmt, v);
        printf(" %20s", cell);
    }
    printf("\n");
}

#define TROW(label, target, field, fmt, ratio) tree_row(label, target, ts, tcount, offsetof(tree_result_t, field), fmt, ratio)

static void rule(int columns) {
    for (int c = 0; c < 59 + 21 * columns; c++) putchar('-');
    printf("\n");
}

static void usage(void) {
    fprintf(stderr, "usage: lamina-bench [--quick] [--frames F] [--siblings S,...] [N ...]\n"
                    "       lamina-bench --cost [N]      (instruction counts under callgrind)\n"
                    "       lamina-bench --cost-shapes N (only draw_list_shapes_per_record)\n"
                    "       lamina-bench --cost-apply N  (only frame_apply_per_animation)\n");
    exit(64);
}

static int run_cost(size_t n);

int main(int argc, char **argv) {
    size_t counts[32];
    int count = 0;
    int frames = 60;
    int quick = 0;
    size_t siblings[8];
    int tcount = -1;
    if (argc == 3 && strcmp(argv[1], "--cost-shapes") == 0) {
        /* Only the shape-layer draw list's entry (issue 28), for measuring it alone. */
        size_t cn = (size_t)strtoull(argv[2], NULL, 10);
        if (cn < 200 || cn > 1000000) usage();
        double sink = cost_shapes(200, 0) + cost_shapes(cn, 1);
        printf("lamina-bench --cost-shapes: n=%zu done (checksum %.6g)\n", cn, sink);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--cost-apply") == 0) {
        /* Only the tick's application of sampled values (issue 28), for measuring it alone. */
        size_t cn = (size_t)strtoull(argv[2], NULL, 10);
        if (cn < 200 || cn > 1000000) usage();
        double sink = cost_apply(200, 0) + cost_apply(cn, 1);
        printf("lamina-bench --cost-apply: n=%zu done (checksum %.6g)\n", cn, sink);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--cost") == 0) {
        size_t cn = 2000;
        if (argc == 3) {
            char *end;
            unsigned long long v = strtoull(argv[2], &end, 10);
            if (*end != '\0' || v < 200 || v > 1000000) usage();
            cn = (size_t)v;
        } else if (argc > 3) {
            usage();
        }
        return run_cost(cn);
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            frames = atoi(argv[++i]);
            if (frames < 2) usage();
        } else if (strcmp(argv[i], "--siblings") == 0 && i + 1 < argc) {
            /* Comma-separated sibling counts for the tree-edit figures; "0" skips them. */
            char *list = argv[++i], *end;
            tcount = 0;
            for (;;) {
                unsigned long long v = strtoull(list, &end, 10);
                if (end == list) usage();
                if (v > 0) {
                    if (tcount == 8 || v < 2) usage();
                    siblings[tcount++] = (size_t)v;
                }
                if (*end == '\0') break;
                if (*end != ',') usage();
                list = end + 1;
            }
        } else if (argv[i][0] >= '1' && argv[i][0] <= '9' && count < 32) {
            char *end;
            unsigned long long v = strtoull(argv[i], &end, 10);
            if (*end != '\0' || v < 3) usage();
            counts[count++] = (size_t)v;
        } else {
            usage();
        }
    }
    if (quick) {
        if (count == 0) { counts[count++] = 1000; counts[count++] = 10000; }
        if (frames == 60) frames = 10;
        if (tcount < 0) { siblings[0] = 10; siblings[1] = 1000; tcount = 2; }
    }
    if (count == 0) {
        counts[0] = 1000; counts[1] = 10000; counts[2] = 100000; counts[3] = 1000000;
        count = 4;
    }
    if (tcount < 0) { siblings[0] = 10; siblings[1] = 1000; siblings[2] = 100000; tcount = 3; }

    fprintf(stderr, "lamina-bench: Lamina %s, %d frames, warming up...\n", lamina_version_string(), frames);
    result_t warm;
    run_scenario(counts[0] < 1000 ? counts[0] : 1000, frames, &warm, 1); /* warm up once */

    result_t rs[32];
    for (int k = 0; k < count; k++) run_scenario(counts[k], frames, &rs[k], 0);
    tree_result_t ts[8];
    for (int k = 0; k < tcount; k++) {
        run_tree(siblings[k], frames, &ts[k]);
        fprintf(stderr, "  siblings=%zu done (remove %.0f ns, add %.0f ns)\n", siblings[k],
                ts[k].remove_ns, ts[k].add_ns);
    }

    printf("\nLamina %s benchmark: %d frames per tick/floor run. (Nx) = figure / floor, the ns per\n"
           "value of docs/architecture.md's floor (WebKit UnitBezier on cubic-bezier(0.42, 0, 0.58,\n"
           "1), Newton <= 8 steps to |dx| < 1e-6 then bisection, struct-of-arrays, a begin time per\n"
           "value; ~90 instructions) at the same N in the same process. Targets: docs/architecture.md.\n\n",
           lamina_version_string(), frames);
    printf("%-46s %-12s", "figure", "target");
    for (int k = 0; k < count; k++) {
        char h[32];
        snprintf(h, sizeof h, "N=%zu", rs[k].n);
        printf(" %20s", h);
    }
    printf("\n");
    rule(count);
    ROW("floor: ns per value (median frame)", "10-19 ns", floor_ns, "%.2f", 0);
    ROW("setup: create+bounds+position+tick, ns/layer", "-", setup_ns, "%.0f (%.1fx)", 1);
    ROW("commit: ns per implicit change (2N)", "<=15x", commit_ns, "%.0f (%.1fx)", 1);
    ROW("  of which the sets, ns/change", "", commit_set_ns, "%.0f (%.1fx)", 1);
    ROW("  of which transaction_commit, ns/change", "", commit_call_ns, "%.0f (%.1fx)", 1);
    ROW("  fresh memory it faulted in, B/layer", "", commit_fresh_b, "%.0f", 0);
    ROW("commit again, memory reused, ns/change", "", commit_warm_ns, "%.0f (%.1fx)", 1);
    ROW("tick: ms/frame (median)", "", tick_ms, "%.3f", 0);
    ROW("tick: ms/frame (mean)", "", tick_mean_ms, "%.3f", 0);
    ROW("tick: ms/frame (min)", "", tick_min_ms, "%.3f", 0);
    ROW("tick: ms/frame (max)", "", tick_max_ms, "%.3f", 0);
    ROW("tick: ns per animated property (median)", "<=0.25x", ns_per_prop, "%.1f (%.2fx)", 1);
    ROW("tick: ms per 1M animated properties", "<=4 ms", ns_per_prop, "%.2f", 0);
    ROW("C ABI set_position, disableActions, ns", "<=3x", set_ns, "%.0f (%.1fx)", 1);
    ROW("C ABI set_number opacity, disableActions", "<=3x", setnum_ns, "%.0f (%.1fx)", 1);
    ROW("C ABI set_position, implicit anim, ns", "-", set_anim_ns, "%.0f (%.1fx)", 1);
    ROW("C ABI set_number opacity, implicit anim", "-", setnum_anim_ns, "%.0f (%.1fx)", 1);
    ROW("C ABI get_position, ns", "<=3x", get_ns, "%.0f (%.1fx)", 1);
    ROW("C ABI get_presentation_value, animated", "<=3x", pres_ns, "%.0f (%.1fx)", 1);
    ROW("C ABI get_presentation_value, idle", "<=3x", pres_idle_ns, "%.0f (%.1fx)", 1);
    ROW("batch layers_set_number, ns/element", "<=1.5x", batch_setnum_ns, "%.0f (%.2fx)", 1);
    ROW("batch layers_set_point, ns/element", "<=1.5x", batch_setpt_ns, "%.0f (%.2fx)", 1);
    ROW("batch layers_get_number, ns/element", "<=1.5x", batch_getnum_ns, "%.0f (%.2fx)", 1);
    ROW("batch get_presentation_number, animated", "<=1.5x", batch_pres_ns, "%.0f (%.2fx)", 1);
    ROW("batch get_presentation_number, idle", "<=1.5x", batch_pres_idle_ns, "%.0f (%.2fx)", 1);
    ROW("memory: bytes per idle layer", "<=300 B", bytes_per_layer, "%.0f", 0);
    ROW("memory: bytes per running implicit anim", "<=300 B", anim_bytes, "%.0f", 0);
    ROW("engine_destroy: ns per layer", "-", destroy_ns, "%.0f (%.1fx)", 1);
    ROW("draw list (root + N, 1% animated), ms/frame", "linear", draw_ms, "%.3f", 0);
    ROW("  ns per record", "<=100 ns", draw_ns, "%.0f (%.1fx)", 1);
    ROW("  heap growth in steady state, bytes", "0", draw_heap_delta, "%.0f", 0);

    if (tcount > 0) {
        printf("\n%-46s %-12s", "tree edits (ratio: floor at 2S values)", "target");
        for (int k = 0; k < tcount; k++) {
            char h[32];
            snprintf(h, sizeof h, "S=%zu siblings", ts[k].siblings);
            printf(" %20s", h);
        }
        printf("\n");
        rule(tcount);
        TROW("floor: ns per value", "", floor_ns, "%.2f", 0);
        TROW("remove_from_superlayer, ns per layer", "same as @10", remove_ns, "%.0f (%.1fx)", 1);
        TROW("add_sublayer, ns per layer", "same as @10", add_ns, "%.0f (%.1fx)", 1);
        TROW("empty the parent (S children), ms", "<=50@100k", empty_ms, "%.3f", 0);
        TROW("  ns per child", "same as @10", empty_ns, "%.0f (%.1fx)", 1);
    }
    printf("\n");
    for (int k = 0; k < count; k++) {
        const result_t *r = &rs[k];
        printf("BENCH n=%zu tick_ms=%.4f ns_per_prop=%.2f commit_ns=%.1f set_ns=%.1f get_ns=%.1f "
               "pres_ns=%.1f bytes_per_layer=%.1f floor_ns=%.3f frames=%d setup_ns=%.1f "
               "set_anim_ns=%.1f setnum_ns=%.1f setnum_anim_ns=%.1f pres_idle_ns=%.1f "
               "destroy_ns=%.1f tick_mean_ms=%.4f draw_ms=%.4f draw_ns=%.1f draw_heap_delta=%.0f "
               "batch_setnum_ns=%.1f batch_setpt_ns=%.1f batch_getnum_ns=%.1f batch_pres_ns=%.1f "
               "batch_pres_idle_ns=%.1f anim_bytes=%.1f commit_fresh_b=%.0f commit_warm_ns=%.1f\n",
               r->n, r->tick_ms, r->ns_per_prop, r->commit_ns, r->set_ns, r->get_ns, r->pres_ns,
               r->bytes_per_layer, r->floor_ns, frames, r->setup_ns, r->set_anim_ns, r->setnum_ns,
               r->setnum_anim_ns, r->pres_idle_ns, r->destroy_ns, r->tick_mean_ms, r->draw_ms,
               r->draw_ns, r->draw_heap_delta, r->batch_setnum_ns, r->batch_setpt_ns,
               r->batch_getnum_ns, r->batch_pres_ns, r->batch_pres_idle_ns, r->anim_bytes,
               r->commit_fresh_b, r->commit_warm_ns);
    }
    for (int k = 0; k < tcount; k++)
        printf("BENCH-TREE siblings=%zu remove_ns=%.1f add_ns=%.1f empty_ms=%.3f floor_ns=%.3f\n",
               ts[k].siblings, ts[k].remove_ns, ts[k].add_ns, ts[k].empty_ms, ts[k].floor_ns);
    /* Keep the checksums observable so no measured work is dead. */
    double cs = warm.checksum;
    for (int k = 0; k < count; k++) cs += rs[k].checksum;
    fprintf(stderr, "lamina-bench: checksum %.6g\n", cs);
    return 0;
}
