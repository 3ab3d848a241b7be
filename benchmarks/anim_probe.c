/* SPDX-License-Identifier: Apache-2.0
 * benchmarks/anim_probe.c - the animation-storage probe behind the timing-group figures of
 * docs/architecture.md#timing-groups: one scenario (N committed layers, one transaction of
 * duration 1 s setting position and opacity of every layer: 2N implicit animations), one phase
 * measured per run. Instruction counts come from callgrind, which only counts the phase:
 *
 *   cc -O2 -std=gnu11 -Iinclude benchmarks/anim_probe.c -Lbuild-bench -llamina \
 *      -Wl,-rpath,$PWD/build-bench -o build-bench/anim-probe      # after benchmarks/run.sh
 *   valgrind --tool=callgrind --collect-atstart=no build-bench/anim-probe 10000 commit
 *       (Collected / 2N = instructions per implicit change, sets + commit)
 *   ... tick      (Collected / (10 frames x 2N) = instructions per animated property per frame)
 *   ... pres      (Collected / N = one animated presentation read; presidle: the same on idle layers)
 *   ... retire    (Collected / 2N = retiring the finished animations, per animation)
 *   build-bench/anim-probe 100000 mem    (heap growth per running animation, mallinfo2)
 *   build-bench/anim-probe 100000 mem2   (the same after a first transaction grew the engine's
 *                                         snapshot pool: the animations alone)
 *   build-bench/anim-probe 500000 time   (median tick ms with 1M animated properties)
 * Needs valgrind's callgrind.h (Debian: valgrind). */
#include <lamina/lamina.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <valgrind/callgrind.h>
#define CHECK(x) do { lamina_status_t st_ = (x); if (st_ != LAMINA_STATUS_OK) { fprintf(stderr, "%s failed %d line %d\n", #x, (int)st_, __LINE__); exit(2);} } while (0)
static double now_ns(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec * 1e9 + ts.tv_nsec; }
static size_t heap(void) { struct mallinfo2 m = mallinfo2(); return m.uordblks + m.hblkhd; }
static int cmpd(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s N commit|tick|pres|presidle|retire|mem|mem2|time\n", argv[0]);
        return 64;
    }
    size_t n = (size_t)atol(argv[1]);
    const char *phase = argv[2];
    lamina_engine_t *e; CHECK(lamina_engine_create(&e));
    lamina_layer_t *L = malloc(n * sizeof *L);
    for (size_t i = 0; i < n; i++) {
        CHECK(lamina_layer_create(e, &L[i]));
        CHECK(lamina_layer_set_bounds(e, L[i], (lamina_rect_t){{0, 0}, {10, 10}}));
        CHECK(lamina_layer_set_position(e, L[i], (lamina_point_t){(double)(i % 1000), (double)(i / 1000)}));
    }
    CHECK(lamina_engine_tick(e, 0.0));
    lamina_value_t v;
    /* warm */
    for (size_t i = 0; i < n && i < 100; i++) CHECK(lamina_layer_get_presentation_value(e, L[i], "opacity", &v));
    if (!strcmp(phase, "presidle")) {
        CALLGRIND_TOGGLE_COLLECT;
        for (size_t i = 0; i < n; i++) CHECK(lamina_layer_get_presentation_value(e, L[i], "opacity", &v));
        CALLGRIND_TOGGLE_COLLECT;
        return 0;
    }
    if (!strcmp(phase, "mem2")) { /* grow the snapshot pool first: count only the animations */
        CHECK(lamina_transaction_begin(e));
        CHECK(lamina_transaction_set_disable_actions(e, 1));
        for (size_t i = 0; i < n; i++) CHECK(lamina_layer_set_opacity(e, L[i], 0.9));
        CHECK(lamina_transaction_commit(e));
        CHECK(lamina_engine_tick(e, 0.0));
        phase = "mem";
    }
    size_t h0 = heap();
    int coll = !strcmp(phase, "commit");
    CHECK(lamina_transaction_begin(e));
    CHECK(lamina_transaction_set_duration(e, 1.0));
    if (coll) CALLGRIND_TOGGLE_COLLECT;
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        CHECK(lamina_layer_set_position(e, L[i], (lamina_point_t){(double)(i % 1000) + 100, (double)(i / 1000) + 50}));
        CHECK(lamina_layer_set_opacity(e, L[i], 0.25));
    }
    CHECK(lamina_transaction_commit(e));
    double t1 = now_ns();
    if (coll) { CALLGRIND_TOGGLE_COLLECT; printf("commit ns/change %.1f\n", (t1 - t0) / (2.0 * n)); return 0; }
    CHECK(lamina_engine_tick(e, 0.0));
    CHECK(lamina_engine_tick(e, 1.0 / 60));
    if (!strcmp(phase, "mem")) {
        printf("bytes per running animation %.1f\n", ((double)heap() - (double)h0) / (2.0 * n));
        return 0;
    }
    if (!strcmp(phase, "tick")) {
        CALLGRIND_TOGGLE_COLLECT;
        for (int f = 2; f < 12; f++) CHECK(lamina_engine_tick(e, f / 60.0));
        CALLGRIND_TOGGLE_COLLECT;
        return 0;
    }
    if (!strcmp(phase, "retire")) {
        CALLGRIND_TOGGLE_COLLECT;
        CHECK(lamina_engine_tick(e, 2.0));
        CALLGRIND_TOGGLE_COLLECT;
        return 0;
    }
    if (!strcmp(phase, "pres")) {
        CALLGRIND_TOGGLE_COLLECT;
        for (size_t i = 0; i < n; i++) CHECK(lamina_layer_get_presentation_value(e, L[i], "opacity", &v));
        CALLGRIND_TOGGLE_COLLECT;
        return 0;
    }
    if (!strcmp(phase, "time")) {
        int frames = 30; double ft[64];
        for (int f = 0; f < frames; f++) {
            double a = now_ns();
            CHECK(lamina_engine_tick(e, (f + 2) / 60.0));
            ft[f] = now_ns() - a;
        }
        qsort(ft, frames, sizeof ft[0], cmpd);
        printf("tick n=%zu props=%zu median %.3f ms  min %.3f ms  ns/prop %.2f\n", n, 2 * n, ft[frames / 2] / 1e6, ft[0] / 1e6, ft[frames / 2] / (2.0 * n));
        /* retire-at-once frame */
        double a = now_ns();
        CHECK(lamina_engine_tick(e, 2.0));
        printf("retire frame %.3f ms\n", (now_ns() - a) / 1e6);
        CHECK(lamina_layer_get_presentation_value(e, L[n / 2], "opacity", &v));
        if (v.u.number != 0.25) { fprintf(stderr, "bad final opacity %g\n", v.u.number); return 3; }
        a = now_ns();
        CHECK(lamina_engine_tick(e, 2.1));
        printf("idle frame %.3f ms\n", (now_ns() - a) / 1e6);
    }
    return 0;
}
