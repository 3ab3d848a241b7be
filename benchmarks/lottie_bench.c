/* SPDX-License-Identifier: Apache-2.0 */
/* The Lottie importer's costs (issue 28; benchmarks/lottie_bench.py compares them with rlottie
 * and ThorVG): per file, the load (parse + build layers + animations, median of runs, µs) and
 * the engine's CPU time per frame while playing (tick + draw list, µs), and whether a paused
 * animation is idle (next_frame_time = +inf). The frame figure is steady playback, as a host
 * runs it: one untimed pass over the animation's frames first (its first frames pay one-time
 * setup), then 5 timed passes of max(frames, 60) frames each, looping the animation when it is
 * shorter; each pass is timed as a whole (one clock read per pass: a read of the process's CPU
 * clock is a system call of about a microsecond, a quarter of a small sample's frame) and the
 * figure is the median over the passes of their mean frame (benchmarks/README.md, "Steady playback" and
 * "Timing a frame"). What a load makes, per frame: `layers`
 * (every layer of the tree, masks included), `animations` (explicit animations attached to
 * them, each sampled every frame) and `records` (the draw list's records at the last frame);
 * `ticks` is how many ticks the run made in all (to divide a profile's inclusive count by).
 * With --gles (when built with the compositor), also the reference compositor's frame time at
 * the sample's own size, headless on EGL's surfaceless platform (llvmpipe without a GPU): per
 * frame lamina_gles_renderer_draw() + glFinish(), wall time (gles_frame_us) and the process's CPU
 * time (gles_cpu_us, llvmpipe's rasterising threads included), medians over 20 frames (or
 * --gles-frames N, at most 600) spread evenly over the animation (each shown with
 * lamina_lottie_seek), after 3 warm-up frames that compile the programs and upload the images.
 *
 *   lamina-lottie-bench [--gles [--gles-frames N]] FILE.json ...   one JSON object per line
 *   lamina-lottie-bench --cost FILE.json ...    the cost gate's entries (benchmarks/cost_gate.py)
 *
 * --cost: run under `valgrind --tool=callgrind --collect-atstart=no`; per file one load, the
 * untimed pass, then the timed pass with collection on, dumped as "cost:lottie_frame_STEM:N"
 * (STEM the file's name without .json and a leading "Issues-"/"LottieFiles-"; N the timed
 * frames): instructions per frame of tick + draw list in steady playback.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lamina/lamina.h>
#include <lamina/lamina_lottie.h>
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define LAMINA_LOTTIE_BENCH_HAVE_CALLGRIND 1
#endif
#endif
#ifdef LAMINA_LOTTIE_BENCH_GLES
#include <lamina/lamina_gles.h>

#include "../renderer/scenes/headless_gl.h"
#endif

static double cpu_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double wall_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* The compositor's median wall and CPU time per frame (µs) for `frames` frames of `anim` at
 * w x h; 0 when there is no headless context. */
static int gles_costs(lamina_engine_t *engine, lamina_lottie_t *anim, lamina_layer_t root, int w, int h,
                      int frames, double *frame_us, double *cpu_frame_us) {
#ifdef LAMINA_LOTTIE_BENCH_GLES
    enum { WARM = 3, MAX = 600 };
    if (frames < 1) frames = 1;
    if (frames > MAX) frames = MAX;
    bench_gl_t gl;
    if (!bench_gl_begin("lamina-lottie-bench", w, h, &gl)) return 0;
    lamina_gles_renderer_t *r = NULL;
    if (lamina_gles_renderer_create(&r)) {
        fprintf(stderr, "lamina-lottie-bench: %s\n", lamina_gles_last_error_message());
        bench_gl_end(&gl);
        return 0;
    }
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.clear_color = (lamina_color_t){1, 1, 1, 1};
    double walls[MAX], cpus[MAX], t = 2e4;
    int n = 0;
    for (int k = -WARM; k < frames; k++) {
        lamina_lottie_seek(anim, k < 0 ? 0.5 : frames == 1 ? 0 : (double)k / (frames - 1));
        t += 1.0 / 60;
        lamina_engine_tick(engine, t);
        const lamina_draw_record_t *recs;
        size_t count = 0;
        if (lamina_engine_draw_list(engine, root, t, &recs, &count)) break;
        double w0 = wall_us(), c0 = cpu_us();
        if (lamina_gles_renderer_draw(r, engine, recs, count, t, &frame)) {
            fprintf(stderr, "lamina-lottie-bench: %s\n", lamina_gles_last_error_message());
            break;
        }
        glFinish();
        if (k >= 0) {
            walls[n] = wall_us() - w0;
            cpus[n] = cpu_us() - c0;
            n++;
        }
    }
    lamina_gles_renderer_destroy(r);
    bench_gl_end(&gl);
    if (n == 0) return 0;
    *frame_us = median(walls, n);
    *cpu_frame_us = median(cpus, n);
    return 1;
#else
    (void)engine, (void)anim, (void)root, (void)w, (void)h, (void)frames, (void)frame_us, (void)cpu_frame_us;
    fprintf(stderr, "lamina-lottie-bench: built without the compositor (LAMINA_BUILD_GLES): no --gles\n");
    return 0;
#endif
}

/* The layers of `layer`'s tree (masks included) and their explicit animations. */
static void count_tree(lamina_engine_t *engine, lamina_layer_t layer, size_t *layers, size_t *animations) {
    size_t n = 0;
    *layers += 1;
    if (lamina_layer_get_animation_count(engine, layer, &n) == LAMINA_STATUS_OK) *animations += n;
    lamina_layer_t mask = LAMINA_LAYER_NONE;
    if (lamina_layer_get_mask(engine, layer, &mask) == LAMINA_STATUS_OK && mask != LAMINA_LAYER_NONE)
        count_tree(engine, mask, layers, animations);
    size_t count = 0;
    if (lamina_layer_get_sublayers(engine, layer, NULL, 0, &count) != LAMINA_STATUS_OK || count == 0) return;
    lamina_layer_t *subs = malloc(sizeof *subs * count);
    if (!subs) return;
    if (lamina_layer_get_sublayers(engine, layer, subs, count, &count) == LAMINA_STATUS_OK)
        for (size_t k = 0; k < count; k++) count_tree(engine, subs[k], layers, animations);
    free(subs);
}

/* The cost gate's measured loop (--cost): collection on around the timed pass only. */
static void cost_toggle(void) {
#ifdef LAMINA_LOTTIE_BENCH_HAVE_CALLGRIND
    CALLGRIND_TOGGLE_COLLECT;
#endif
}

static void cost_dump(const char *path, int frames) {
#ifdef LAMINA_LOTTIE_BENCH_HAVE_CALLGRIND
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    if (strncmp(name, "Issues-", 7) == 0) name += 7;
    else if (strncmp(name, "LottieFiles-", 12) == 0) name += 12;
    char desc[160];
    int len = (int)strcspn(name, ".");
    snprintf(desc, sizeof desc, "cost:lottie_frame_%.*s:%d", len, name, frames);
    CALLGRIND_DUMP_STATS_AT(desc);
#else
    (void)path, (void)frames;
#endif
}

int main(int argc, char **argv) {
    int gles = 0, gles_frames = 20, cost = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--gles") == 0) {
            gles = 1;
            continue;
        }
        if (strcmp(argv[i], "--cost") == 0) {
#ifndef LAMINA_LOTTIE_BENCH_HAVE_CALLGRIND
            fprintf(stderr, "lamina-lottie-bench: built without <valgrind/callgrind.h>: no --cost\n");
            return 1;
#endif
            cost = 1;
            continue;
        }
        if (strcmp(argv[i], "--gles-frames") == 0 && i + 1 < argc) {
            gles_frames = atoi(argv[++i]);
            continue;
        }
        FILE *f = fopen(argv[i], "rb");
        if (!f) return 1;
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *json = malloc((size_t)size);
        if (!json || fread(json, 1, (size_t)size, f) != (size_t)size) return 1;
        fclose(f);
        enum { LOADS = 9 };
        const int loads_wanted = cost ? 1 : LOADS;  /* the gate measures frames, not loads */
        double loads[LOADS];
        lamina_engine_t *engine = NULL;
        lamina_lottie_t *anim = NULL;
        for (int k = LOADS - loads_wanted; k < LOADS; k++) {
            lamina_engine_t *e = NULL;
            lamina_engine_create(&e);
            lamina_lottie_t *a = NULL;
            double t0 = cpu_us();
            if (lamina_lottie_load(e, json, (size_t)size, &a)) {
                fprintf(stderr, "%s: %s\n", argv[i], lamina_lottie_last_error_message());
                return 1;
            }
            loads[k] = cpu_us() - t0;
            if (k == LOADS - 1) {
                engine = e;
                anim = a;
            } else {
                lamina_lottie_destroy(a);
                lamina_engine_destroy(e);
            }
        }
        lamina_layer_t root;
        lamina_lottie_get_root(anim, &root);
        lamina_lottie_info_t info = {.struct_size = sizeof info};
        lamina_lottie_get_info(anim, &info);
        size_t layers = 0, animations = 0;
        count_tree(engine, root, &layers, &animations);
        lamina_engine_tick(engine, 0);
        lamina_lottie_play(anim);  /* loops (lamina_lottie_set_loop's default) */
        int frames = (int)(info.out_frame - info.in_frame);
        if (frames < 1) frames = 1;
        if (frames > 600) frames = 600;
        /* Steady playback: one untimed pass over the frames, then PASSES timed passes of at
         * least 60 frames, each timed as a whole (the cost gate counts one pass). */
        enum { PASSES = 5 };
        int timed = frames < 60 ? 60 : frames;
        const int passes = cost ? 1 : PASSES;
        double per[PASSES];
        double pass_start = 0;
        size_t records = 0, ticks = 1;
        for (int k = 0; k < frames + passes * timed; k++) {
            double t = (k + 0.5) / info.frame_rate;
            if (k >= frames && (k - frames) % timed == 0) pass_start = cpu_us();
            lamina_engine_tick(engine, t);
            const lamina_draw_record_t *recs;
            size_t n = 0;
            lamina_engine_draw_list(engine, root, t, &recs, &n);
            if (k >= frames && (k - frames) % timed == timed - 1)
                per[(k - frames) / timed] = (cpu_us() - pass_start) / timed;
            records = n;
            ticks++;
            if (cost && k == frames - 1) cost_toggle();
            if (cost && k == frames + timed - 1) {
                cost_toggle();
                cost_dump(argv[i], timed);
            }
        }
        lamina_lottie_seek(anim, 0.5);
        lamina_engine_tick(engine, 1e4);
        lamina_engine_tick(engine, 1e4 + 1);
        double next = 0;
        lamina_engine_next_frame_time(engine, &next);
        char extra[128] = "";
        double gl_us = 0, gl_cpu_us = 0;
        if (gles && gles_costs(engine, anim, root, (int)(info.width + 0.5), (int)(info.height + 0.5),
                               gles_frames, &gl_us, &gl_cpu_us))
            snprintf(extra, sizeof extra, ", \"gles_frame_us\": %.1f, \"gles_cpu_us\": %.1f", gl_us, gl_cpu_us);
        const char *name = strrchr(argv[i], '/');
        printf("{\"file\": \"%s\", \"load_us\": %.1f, \"frame_us\": %.2f, \"records\": %zu, "
               "\"layers\": %zu, \"animations\": %zu, \"frames\": %d, \"timed_frames\": %d, \"ticks\": %zu, "
               "\"width\": %g, \"height\": %g, \"paused_idle\": %s%s}\n",
               name ? name + 1 : argv[i], median(loads + LOADS - loads_wanted, loads_wanted), median(per, passes), records, layers, animations,
               frames, passes * timed, ticks + 2, info.width, info.height, isinf(next) ? "true" : "false", extra);
        fflush(stdout);
        free(json);
        lamina_lottie_destroy(anim);
        lamina_engine_destroy(engine);
    }
    return 0;
}
