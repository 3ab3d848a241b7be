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
#include <time.h>

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

static size_t heap_in_use(void) {
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd; /* small chunks in use + mmapped chunks */
}

/* Model values used by the scenario (all distinct from each other per layer). */
static lamina_point_t pos0(size_t i) { return (lamina_point_t){(double)(i % 1000), (double)(i / 1000)}; }
static lamina_point_t pos1(size_t i) { return (lamina_point_t){(double)(i % 1000) + 100.0, (double)(i / 1000) + 50.0}; }
#define OPACITY0 1.0
#define OPACITY1 0.25

/* ------------------------------------------------------------------------------------------ */
/* The floor: struct-of-arrays Bezier solving (docs/architecture.md)                           */
/* ------------------------------------------------------------------------------------------ */

/* Polynomial coefficients of the default curve (0.25, 0.1, 0.25, 1), like TimingFunction. */
typedef struct {
    double ax, bx, cx, ay, by, cy;
} bezier_t;

static bezier_t bezier_make(double c1x, double c1y, double c2x, double c2y) {
    bezier_t b;
    b.cx = 3 * c1x;
    b.bx = 3 * (c2x - c1x) - b.cx;
    b.ax = 1 - b.cx - b.bx;
    b.cy = 3 * c1y;
    b.by = 3 * (c2y - c1y) - b.cy;
    b.ay = 1 - b.cy - b.by;
    return b;
}

/* Newton-Raphson from s = x (|Bx(s) - x| <= 1e-9, as the engine's solver), bisection when the
 * slope vanishes or a step leaves [0, 1]. Returns By(s). */
static inline double bezier_solve(const bezier_t *b, double x) {
    if (!(x > 0)) return 0;
    if (x >= 1) return 1;
    double s = x;
    for (int k = 0; k < 8; k++) {
        double err = ((b->ax * s + b->bx) * s + b->cx) * s - x;
        if (fabs(err) <= 1e-9) goto done;
        double dx = (3 * b->ax * s + 2 * b->bx) * s + b->cx;
        if (dx <= 1e-12) break;
        s -= err / dx;
        if (!(s >= 0 && s <= 1)) break;
    }
    {
        double lo = 0, hi = 1;
        for (int k = 0; k < 64; k++) {
            s = 0.5 * (lo + hi);
            double v = ((b->ax * s + b->bx) * s + b->cx) * s;
            if (fabs(v - x) <= 1e-9) break;
            if (v < x) lo = s; else hi = s;
        }
    }
done:
    return ((b->ay * s + b->by) * s + b->cy) * s;
}

typedef struct {
    double *begin, *duration, *from, *to, *out;
    size_t count;
} soa_t;

/* One frame of the floor: every value has its own begin time, so x differs per value. */
__attribute__((noinline)) static void floor_frame(const soa_t *v, const bezier_t *b, double t) {
    const double *restrict begin = v->begin, *restrict duration = v->duration;
    const double *restrict from = v->from, *restrict to = v->to;
    double *restrict out = v->out;
    for (size_t i = 0; i < v->count; i++) {
        double x = (t - begin[i]) / duration[i];
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
    bezier_t b = bezier_make(0.25, 0.1, 0.25, 1.0);
    floor_frame(&v, &b, 0.5); /* warm the arrays */
    double sum = 0;
    double *ft = xmalloc((size_t)frames * sizeof(double));
    for (int f = 0; f < frames; f++) {
        double t0 = now_ns();
        floor_frame(&v, &b, (double)f / 60.0);
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

    /* 2. Commit: 2N implicit changes in one transaction of duration 1 s. */
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

    /* 5a. Presentation read on animated layers (the cached presentation of the last tick). */
    double sink = 0;
    {
        lamina_value_t v;
        const char *key = "opacity";
        t0 = now_ns();
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_get_presentation_value(e, layers[i], key, &v));
            sink += v.u.number;
        }
        r->pres_ns = (now_ns() - t0) / (double)n;
    }

    /* Let every animation finish: idle, committed layers from here on. */
    CHECK(lamina_engine_tick(e, 2.0));

    /* 5b. Reads on idle layers. */
    {
        lamina_point_t p;
        t0 = now_ns();
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_get_position(e, layers[i], &p));
            sink += p.x;
        }
        r->get_ns = (now_ns() - t0) / (double)n;
        SANITY(p.x == pos1(n - 1).x && p.y == pos1(n - 1).y, "get_position read back a wrong value");

        lamina_value_t v;
        t0 = now_ns();
        for (size_t i = 0; i < n; i++) {
            CHECK(lamina_layer_get_presentation_value(e, layers[i], "opacity", &v));
            sink += v.u.number;
        }
        r->pres_idle_ns = (now_ns() - t0) / (double)n;
        SANITY(v.u.number == OPACITY1, "idle presentation opacity is %g, want %g", v.u.number, OPACITY1);
    }

    /* 5c. Sets with disableActions: the cost of the call, no animation. */
    CHECK(lamina_transaction_begin(e));
    CHECK(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
    t0 = now_ns();
    for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_position(e, layers[i], pos0(i)));
    r->set_ns = (now_ns() - t0) / (double)n;
    t0 = now_ns();
    for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_number(e, layers[i], "opacity", OPACITY0));
    r->setnum_ns = (now_ns() - t0) / (double)n;
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
    CHECK(lamina_transaction_commit(e));
    CHECK(lamina_engine_tick(e, 3.0)); /* the commit begins here (R2: at the next tick) */
    CHECK(lamina_engine_tick(e, 3.1)); /* 0.1 s into the default 0.25 s animations */
    check_in_flight(e, layers, n, "after implicit sets");
    r->checksum = sink;

    /* Teardown. */
    t0 = now_ns();
    CHECK(lamina_engine_destroy(e));
    r->destroy_ns = (now_ns() - t0) / (double)n;
    free(layers);

    /* 6. Memory per idle layer, in a fresh engine. */
    {
        lamina_engine_t *m;
        CHECK(lamina_engine_create(&m));
        lamina_layer_t warm;
        CHECK(lamina_layer_create(m, &warm)); /* thread state, transaction stack */
        CHECK(lamina_engine_tick(m, 0.0));
        malloc_trim(0);
        size_t before = heap_in_use();
        for (size_t i = 0; i < n; i++) {
            lamina_layer_t l;
            CHECK(lamina_layer_create(m, &l));
            CHECK(lamina_layer_set_bounds(m, l, (lamina_rect_t){{0, 0}, {10, 10}}));
            CHECK(lamina_layer_set_position(m, l, pos0(i)));
        }
        CHECK(lamina_engine_tick(m, 0.0));
        size_t after = heap_in_use();
        r->bytes_per_layer = ((double)after - (double)before) / (double)n;
        CHECK(lamina_engine_destroy(m));
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
        double *times = xmalloc((size_t)frames * sizeof *times);
        size_t heap0 = heap_in_use();
        for (int f = 0; f < frames; f++) {
            double t = (double)(f + 1) / 60.0;
            CHECK(lamina_engine_tick(d, t));
            t0 = now_ns();
            CHECK(lamina_engine_draw_list(d, root, t, &records, &count));
            times[f] = now_ns() - t0;
            r->checksum += records[count - 1].opacity;
        }
        r->draw_heap_delta = (double)heap_in_use() - (double)heap0;
        qsort(times, (size_t)frames, sizeof *times, cmp_double);
        r->draw_ms = times[frames / 2] / 1e6;
        r->draw_ns = times[frames / 2] / (double)(n + 1);
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
/* Report                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static void row(const char *label, const char *target, const result_t *rs, int count,
                size_t offset, const char *fmt, int ratio) {
    printf("%-46s %-10s", label, target);
    for (int k = 0; k < count; k++) {
        double v = *(const double *)((const char *)&rs[k] + offset);
        char cell[64];
        if (ratio)
            snprintf(cell, sizeof cell, fmt, v, v / rs[k].floor_ns);
        else
            snprintf(cell, sizeof cell, fmt, v);
        printf(" %22s", cell);
    }
    printf("\n");
}

#define ROW(label, target, field, fmt, ratio) row(label, target, rs, count, offsetof(result_t, field), fmt, ratio)

static void usage(void) {
    fprintf(stderr, "usage: lamina-bench [--quick] [--frames F] [N ...]\n");
    exit(64);
}

int main(int argc, char **argv) {
    size_t counts[32];
    int count = 0;
    int frames = 60;
    int quick = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            frames = atoi(argv[++i]);
            if (frames < 2) usage();
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
    }
    if (count == 0) { counts[0] = 1000; counts[1] = 10000; counts[2] = 100000; count = 3; }

    fprintf(stderr, "lamina-bench: Lamina %s, %d frames, warming up...\n", lamina_version_string(), frames);
    result_t warm;
    run_scenario(counts[0] < 1000 ? counts[0] : 1000, frames, &warm, 1); /* warm up once */

    result_t rs[32];
    for (int k = 0; k < count; k++) run_scenario(counts[k], frames, &rs[k], 0);

    printf("\nLamina %s benchmark: %d frames per tick/floor run; (Nx) = figure / floor, the ns per\n"
           "Bezier value of the plain C struct-of-arrays loop (same N, same run). Targets are those of\n"
           "docs/architecture.md, in ns and as ratios to its ~10 ns floor.\n\n",
           lamina_version_string(), frames);
    printf("%-46s %-10s", "figure", "target");
    for (int k = 0; k < count; k++) {
        char h[32];
        snprintf(h, sizeof h, "N=%zu", rs[k].n);
        printf(" %22s", h);
    }
    printf("\n");
    for (int c = 0; c < 57 + 23 * count; c++) putchar('-');
    printf("\n");
    ROW("floor: Bezier solve, ns/value (median)", "~10", floor_ns, "%.2f", 0);
    ROW("setup: create+bounds+position+tick, ns/layer", "-", setup_ns, "%.0f (%.0fx)", 1);
    ROW("commit: ns per implicit change (2N)", "<=300|30x", commit_ns, "%.0f (%.0fx)", 1);
    ROW("  of which the sets, ns/change", "", commit_set_ns, "%.0f (%.0fx)", 1);
    ROW("  of which transaction_commit, ns/change", "", commit_call_ns, "%.0f (%.0fx)", 1);
    ROW("tick: ms/frame (median)", "<=2@100k", tick_ms, "%.3f", 0);
    ROW("tick: ms/frame (mean)", "", tick_mean_ms, "%.3f", 0);
    ROW("tick: ms/frame (min)", "", tick_min_ms, "%.3f", 0);
    ROW("tick: ms/frame (max)", "", tick_max_ms, "%.3f", 0);
    ROW("tick: ns per animated property (median)", "<=10|1x", ns_per_prop, "%.1f (%.1fx)", 1);
    ROW("C ABI set_position, disableActions, ns", "<=50|5x", set_ns, "%.0f (%.0fx)", 1);
    ROW("C ABI set_number opacity, disableActions", "<=50|5x", setnum_ns, "%.0f (%.0fx)", 1);
    ROW("C ABI set_position, implicit anim, ns", "-", set_anim_ns, "%.0f (%.0fx)", 1);
    ROW("C ABI set_number opacity, implicit anim", "-", setnum_anim_ns, "%.0f (%.0fx)", 1);
    ROW("C ABI get_position, ns", "<=50|5x", get_ns, "%.0f (%.0fx)", 1);
    ROW("C ABI get_presentation_value, animated", "<=50|5x", pres_ns, "%.0f (%.0fx)", 1);
    ROW("C ABI get_presentation_value, idle", "<=50|5x", pres_idle_ns, "%.0f (%.0fx)", 1);
    ROW("memory: bytes per idle layer", "<=400", bytes_per_layer, "%.0f", 0);
    ROW("engine_destroy: ns per layer", "-", destroy_ns, "%.0f (%.0fx)", 1);
    ROW("draw list (root + N, 1% animated), ms/frame", "linear", draw_ms, "%.3f", 0);
    ROW("  ns per layer", "", draw_ns, "%.0f (%.0fx)", 1);
    ROW("  heap growth in steady state, bytes", "0", draw_heap_delta, "%.0f", 0);
    printf("\n");
    for (int k = 0; k < count; k++) {
        const result_t *r = &rs[k];
        printf("BENCH n=%zu tick_ms=%.4f ns_per_prop=%.2f commit_ns=%.1f set_ns=%.1f get_ns=%.1f "
               "pres_ns=%.1f bytes_per_layer=%.1f floor_ns=%.3f frames=%d setup_ns=%.1f "
               "set_anim_ns=%.1f setnum_ns=%.1f setnum_anim_ns=%.1f pres_idle_ns=%.1f "
               "destroy_ns=%.1f tick_mean_ms=%.4f draw_ms=%.4f draw_ns=%.1f draw_heap_delta=%.0f\n",
               r->n, r->tick_ms, r->ns_per_prop, r->commit_ns, r->set_ns, r->get_ns, r->pres_ns,
               r->bytes_per_layer, r->floor_ns, frames, r->setup_ns, r->set_anim_ns, r->setnum_ns,
               r->setnum_anim_ns, r->pres_idle_ns, r->destroy_ns, r->tick_mean_ms, r->draw_ms,
               r->draw_ns, r->draw_heap_delta);
    }
    /* Keep the checksums observable so no measured work is dead. */
    double cs = warm.checksum;
    for (int k = 0; k < count; k++) cs += rs[k].checksum;
    fprintf(stderr, "lamina-bench: checksum %.6g\n", cs);
    return 0;
}
