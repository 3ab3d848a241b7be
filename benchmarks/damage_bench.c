/* SPDX-License-Identifier: Apache-2.0 */
/*
 * benchmarks/damage_bench.c — lamina_engine_damage() with N changed records (issue 31 item 3,
 * RS-10, R18), through the C ABI.
 *
 * For each N: a root with N 1x1 sublayers on a grid 5 units apart (their rounded-out extents do
 * not touch: the merge's worst case, nothing coalesces), committed and drawn twice so the
 * damage is known; then every layer's opacity changes in one batch call, the list is drawn
 * again, and one damage call is timed. The pairwise merge it replaced was O(N^2) (409 s at 1M);
 * the merge is now O(N * 64).
 *
 * Usage: lamina-damage-bench [N ...]     (default N: 100000 1000000)
 * Prints one line per N:
 *   BENCH-DAMAGE n=... changed=... damage_ms=... draw_ms=... rects=...
 * Exits 2 when a call fails or the answer is not the union of the grid (the sanity check).
 */
#define _GNU_SOURCE
#include <lamina/lamina.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

#define CHECK(call)                                                                              \
    do {                                                                                         \
        lamina_status_t st_ = (call);                                                            \
        if (st_ != LAMINA_STATUS_OK) {                                                           \
            fprintf(stderr, "lamina-damage-bench: %s -> %s (%s)\n", #call,                       \
                    lamina_status_string(st_), lamina_last_error_message());                     \
            exit(2);                                                                             \
        }                                                                                        \
    } while (0)

static void run(size_t n) {
    lamina_engine_t *e = NULL;
    CHECK(lamina_engine_create(&e));
    lamina_layer_t root = LAMINA_LAYER_NONE;
    CHECK(lamina_layer_create(e, &root));
    lamina_layer_t *layers = malloc(n * sizeof *layers);
    double *values = malloc(n * sizeof *values);
    if (!layers || !values) exit(2);
    const size_t row = 1000;
    for (size_t i = 0; i < n; i++) {
        CHECK(lamina_layer_create(e, &layers[i]));
        lamina_rect_t b = {{0, 0}, {1, 1}};
        CHECK(lamina_layer_set_rect(e, layers[i], "bounds", b));
        lamina_point_t p = {(double)(i % row) * 5, (double)(i / row) * 5};
        CHECK(lamina_layer_set_point(e, layers[i], "position", p));
        CHECK(lamina_layer_add_sublayer(e, root, layers[i]));
        values[i] = 0.5;
    }
    CHECK(lamina_engine_tick(e, 0));
    const lamina_rect_t *rects = NULL;
    size_t count = 0, records = 0;
    const lamina_draw_record_t *list = NULL;
    CHECK(lamina_engine_damage(e, root, &rects, &count)); /* starts tracking */
    CHECK(lamina_engine_draw_list(e, root, 0, &list, &records));
    CHECK(lamina_transaction_begin(e));
    CHECK(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
    CHECK(lamina_layers_set_number(e, layers, n, "opacity", values));
    CHECK(lamina_transaction_commit(e));
    CHECK(lamina_engine_tick(e, 1));
    double t0 = now_ms();
    CHECK(lamina_engine_draw_list(e, root, 1, &list, &records));
    double t1 = now_ms();
    CHECK(lamina_engine_damage(e, root, &rects, &count));
    double t2 = now_ms();
    /* Every record changed and none touch: the answer is their union, one rectangle. */
    if (count != 1 || rects[0].origin.x > -1 || rects[0].size.width < (double)(row - 1) * 5) {
        fprintf(stderr, "lamina-damage-bench: unexpected damage (%zu rectangles)\n", count);
        exit(2);
    }
    printf("BENCH-DAMAGE n=%zu changed=%zu damage_ms=%.1f draw_ms=%.1f rects=%zu\n", n, records - 1,
           t2 - t1, t1 - t0, count);
    fflush(stdout);
    free(values);
    free(layers);
    CHECK(lamina_engine_destroy(e));
}

int main(int argc, char **argv) {
    if (argc < 2) {
        run(100000);
        run(1000000);
        return 0;
    }
    for (int i = 1; i < argc; i++) run((size_t)strtoull(argv[i], NULL, 10));
    return 0;
}
