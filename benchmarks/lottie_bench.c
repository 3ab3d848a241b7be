/* SPDX-License-Identifier: Apache-2.0 */
/* The Lottie importer's costs (issue 28; benchmarks/lottie_bench.py compares them with rlottie
 * and ThorVG): per file, the load (parse + build layers + animations, median of runs, µs) and
 * the engine's CPU time per frame while playing (tick + draw list, median over the
 * animation's frames, µs), and whether a paused animation is idle (next_frame_time = +inf).
 * Optionally the reference compositor's frame time (--gles).
 *
 *   lamina-lottie-bench FILE.json ...     one JSON object per line
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lamina/lamina.h>
#include <lamina/lamina_lottie.h>

static double cpu_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
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

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) return 1;
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *json = malloc((size_t)size);
        if (!json || fread(json, 1, (size_t)size, f) != (size_t)size) return 1;
        fclose(f);
        enum { LOADS = 9 };
        double loads[LOADS];
        lamina_engine_t *engine = NULL;
        lamina_lottie_t *anim = NULL;
        for (int k = 0; k < LOADS; k++) {
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
        lamina_engine_tick(engine, 0);
        lamina_lottie_play(anim);
        int frames = (int)(info.out_frame - info.in_frame);
        if (frames < 1) frames = 1;
        if (frames > 600) frames = 600;
        double *per = malloc(sizeof(double) * (size_t)frames);
        size_t records = 0;
        for (int k = 0; k < frames; k++) {
            double t = (k + 0.5) / info.frame_rate;
            double t0 = cpu_us();
            lamina_engine_tick(engine, t);
            const lamina_draw_record_t *recs;
            size_t n = 0;
            lamina_engine_draw_list(engine, root, t, &recs, &n);
            per[k] = cpu_us() - t0;
            records = n;
        }
        lamina_lottie_seek(anim, 0.5);
        lamina_engine_tick(engine, 1e4);
        lamina_engine_tick(engine, 1e4 + 1);
        double next = 0;
        lamina_engine_next_frame_time(engine, &next);
        const char *name = strrchr(argv[i], '/');
        printf("{\"file\": \"%s\", \"load_us\": %.1f, \"frame_us\": %.2f, \"records\": %zu, "
               "\"width\": %g, \"height\": %g, \"paused_idle\": %s}\n",
               name ? name + 1 : argv[i], median(loads, LOADS), median(per, frames), records,
               info.width, info.height, isinf(next) ? "true" : "false");
        fflush(stdout);
        free(per);
        free(json);
        lamina_lottie_destroy(anim);
        lamina_engine_destroy(engine);
    }
    return 0;
}
