/* SPDX-License-Identifier: Apache-2.0 */
/*
 * retarget_probe.c — issue 27's retarget cost in instructions (callgrind), the figure
 * benchmarks/README.md ("Interaction") reports: N layers, each retargeted twice while its
 * animation runs, in one transaction per round, with the transaction's spring or its curve;
 * only the two retargeting rounds are collected (set + commit, and with "tick" the tick that
 * begins the new animations).
 *
 *   cc -O2 -std=c11 -Iinclude benchmarks/retarget_probe.c -Lbuild -llamina -Wl,-rpath,$PWD/build \
 *      -o retarget-probe
 *   valgrind --tool=callgrind --collect-atstart=no ./retarget-probe 2000 spring commit
 *   (curve|spring) (commit|tick); instructions per retarget = callgrind's total / (2 N)
 *
 * Outside valgrind the collection marks do nothing and it just runs.
 */
#include <lamina/lamina.h>
#include <valgrind/callgrind.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                            \
    do {                                                                                       \
        lamina_status_t s_ = (call);                                                           \
        if (s_) {                                                                              \
            fprintf(stderr, "%s: %s\n", #call, lamina_last_error_message());                   \
            exit(2);                                                                           \
        }                                                                                      \
    } while (0)

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[2], "curve") && strcmp(argv[2], "spring")) ||
        (strcmp(argv[3], "commit") && strcmp(argv[3], "tick")) || atoi(argv[1]) <= 0) {
        fprintf(stderr, "usage: %s N curve|spring commit|tick\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]), spring = !strcmp(argv[2], "spring"), with_tick = !strcmp(argv[3], "tick");
    lamina_spring_t sp;
    CHECK(lamina_spring_init_perceptual(0.5, 0.2, &sp));
    lamina_engine_t *e = NULL;
    CHECK(lamina_engine_create(&e));
    lamina_layer_t *layers = malloc(sizeof *layers * (size_t)n);
    if (!layers) return 2;
    for (int i = 0; i < n; i++) CHECK(lamina_layer_create(e, &layers[i]));
    CHECK(lamina_engine_tick(e, 0));
    double t = 0;
    /* Round 0 starts the animations; rounds 1 and 2 retarget them, 0.2 s in. */
    for (int round = 0; round < 3; round++) {
        if (round >= 1) CALLGRIND_TOGGLE_COLLECT;
        CHECK(lamina_transaction_begin(e));
        CHECK(lamina_transaction_set_duration(e, 1.0));
        if (spring) CHECK(lamina_transaction_set_spring(e, &sp));
        for (int i = 0; i < n; i++)
            CHECK(lamina_layer_set_position(e, layers[i], (lamina_point_t){100.0 + round * 10 + i % 7, 50}));
        CHECK(lamina_transaction_commit(e));
        if (with_tick) CHECK(lamina_engine_tick(e, t + 1.0 / 60));
        if (round >= 1) CALLGRIND_TOGGLE_COLLECT;
        if (!with_tick) CHECK(lamina_engine_tick(e, t + 1.0 / 60));
        t += 0.2;
        CHECK(lamina_engine_tick(e, t));
    }
    printf("retarget-probe: %d layers, 2 retargets each (%s, %s)\n", n, argv[2], argv[3]);
    free(layers);
    CHECK(lamina_engine_destroy(e));
    return 0;
}
