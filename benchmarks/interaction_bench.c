/* SPDX-License-Identifier: Apache-2.0 */
/*
 * interaction_bench.c — issue 27's performance targets (R17), through the C ABI:
 *
 *   velocity read   lamina_layer_get_presentation_velocity() of "position" on N layers, each
 *                   with a running implicit animation, against lamina_layer_get_presentation_
 *                   value_at() of the same key at the same time (target: within 1.5x); and the
 *                   same for running springs.
 *   retarget        N layers with running springs given new positions in one transaction with a
 *                   spring (set + commit), per layer, against the same change with the
 *                   transaction's curve (target: within 2x); and the same with the tick that
 *                   begins them (start values and velocities read, the frame sampled).
 *   animator frame  a tick of N layers moved by one property animator (R17.11), against a tick
 *                   of the same N moves as explicit basic animations added by hand (target: the
 *                   same: an animator costs per frame what its animations cost).
 *
 * Build and run (benchmarks/run-interaction.sh does this against a Release library):
 *   cc -O2 -std=c11 -Iinclude benchmarks/interaction_bench.c -L<libdir> -llamina -lm
 *   ./a.out [N]        (default N = 10000)
 * Prints one line per figure and a machine-readable BENCH-INTERACTION line. Exit 2 when a
 * Lamina call fails; the timings never fail the run.
 */
#define _POSIX_C_SOURCE 200809L
#include <lamina/lamina.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHECK(call)                                                                        \
    do {                                                                                   \
        lamina_status_t s_ = (call);                                                       \
        if (s_ != LAMINA_STATUS_OK) {                                                      \
            fprintf(stderr, "%s failed: %s: %s\n", #call, lamina_status_string(s_),        \
                    lamina_last_error_message());                                          \
            exit(2);                                                                       \
        }                                                                                  \
    } while (0)

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* N committed layers, each given a new position at t = 0 with `spring` (NULL: the curve). */
static lamina_layer_t *setup(lamina_engine_t *e, int n, const lamina_spring_t *spring) {
    lamina_layer_t *layers = malloc(sizeof *layers * (size_t)n);
    for (int i = 0; i < n; i++) CHECK(lamina_layer_create(e, &layers[i]));
    CHECK(lamina_engine_tick(e, 0.0));
    CHECK(lamina_transaction_begin(e));
    CHECK(lamina_transaction_set_duration(e, 1.0));
    if (spring) CHECK(lamina_transaction_set_spring(e, spring));
    for (int i = 0; i < n; i++) CHECK(lamina_layer_set_position(e, layers[i], (lamina_point_t){100.0 + i % 7, 50}));
    CHECK(lamina_transaction_commit(e));
    CHECK(lamina_engine_tick(e, 0.0));
    CHECK(lamina_engine_tick(e, 0.2));
    return layers;
}

/* Best of `rounds` of reading key of every layer at t, by value or velocity, in ns per read. */
static double read_ns(lamina_engine_t *e, lamina_layer_t *layers, int n, int velocity, int rounds) {
    double best = INFINITY;
    volatile double sink = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = now_ns();
        for (int i = 0; i < n; i++) {
            lamina_value_t v;
            if (velocity) CHECK(lamina_layer_get_presentation_velocity(e, layers[i], "position", 0.3, &v));
            else CHECK(lamina_layer_get_presentation_value_at(e, layers[i], "position", 0.3, &v));
            sink += v.u.point.x;
        }
        double dt = (now_ns() - t0) / n;
        if (dt < best) best = dt;
    }
    (void)sink;
    return best;
}

/* Retargeting every layer in one transaction (with `spring`, or the curve), committed, and
 * with `tick` the tick that begins the new animations (reading their start values and
 * velocities, R6, R17.6) and samples the frame: ns per layer, best of `rounds`. */
static double retarget_ns(int n, const lamina_spring_t *spring, int rounds, int tick) {
    double best = INFINITY;
    for (int r = 0; r < rounds; r++) {
        lamina_engine_t *e = NULL;
        CHECK(lamina_engine_create(&e));
        lamina_layer_t *layers = setup(e, n, spring);
        double t0 = now_ns();
        CHECK(lamina_transaction_begin(e));
        CHECK(lamina_transaction_set_duration(e, 1.0));
        if (spring) CHECK(lamina_transaction_set_spring(e, spring));
        for (int i = 0; i < n; i++) CHECK(lamina_layer_set_position(e, layers[i], (lamina_point_t){-50.0 - i % 5, 80}));
        CHECK(lamina_transaction_commit(e));
        if (tick) CHECK(lamina_engine_tick(e, 0.2 + 1.0 / 60));
        double dt = (now_ns() - t0) / n;
        if (dt < best) best = dt;
        free(layers);
        CHECK(lamina_engine_destroy(e));
    }
    return best;
}

/* N layers moving for 10 s (linear, from x = 0 to 100 + i % 7): added by one property animator
 * (`animator`), or as explicit basic animations by hand. */
typedef struct {
    lamina_engine_t *e;
    lamina_layer_t *layers;
    int n;
} moves_t;

static void move_all(void *userdata) {
    moves_t *m = userdata;
    for (int i = 0; i < m->n; i++) CHECK(lamina_layer_set_position(m->e, m->layers[i], (lamina_point_t){100.0 + i % 7, 50}));
}

/* ns per layer of a tick while the N moves run, best of `rounds` runs of 60 ticks. */
static double frame_ns(int n, int animator, int rounds) {
    double best = INFINITY;
    for (int r = 0; r < rounds; r++) {
        lamina_engine_t *e = NULL;
        CHECK(lamina_engine_create(&e));
        lamina_layer_t *layers = malloc(sizeof *layers * (size_t)n);
        for (int i = 0; i < n; i++) {
            CHECK(lamina_layer_create(e, &layers[i]));
            CHECK(lamina_layer_set_position(e, layers[i], (lamina_point_t){0, 50}));
        }
        CHECK(lamina_engine_tick(e, 0.0));
        moves_t m = {e, layers, n};
        lamina_animator_t *a = NULL;
        if (animator) {
            lamina_animator_params_t p = {0};
            p.duration = 10;
            p.curve = (lamina_timing_function_t){0, 0, 1, 1};
            CHECK(lamina_animator_create(e, &p, &a));
            CHECK(lamina_animator_add_animations(a, move_all, &m));
            CHECK(lamina_animator_start(a, 0.0));
        } else {
            lamina_animation_t *anim = NULL;
            CHECK(lamina_animation_create_basic("position", &anim));
            lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
            t.duration = 10;
            t.fill_mode = LAMINA_FILL_MODE_BOTH;
            CHECK(lamina_animation_set_media_timing(anim, &t));
            CHECK(lamina_animation_set_removed_on_completion(anim, LAMINA_FALSE));
            CHECK(lamina_transaction_begin(e));
            for (int i = 0; i < n; i++) {
                lamina_value_t from = {.type = LAMINA_VALUE_POINT, .u.point = {0, 50}};
                lamina_value_t to = {.type = LAMINA_VALUE_POINT, .u.point = {100.0 + i % 7, 50}};
                CHECK(lamina_animation_set_from_value(anim, &from));
                CHECK(lamina_animation_set_to_value(anim, &to));
                CHECK(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
                CHECK(lamina_layer_set_position(e, layers[i], to.u.point));
                CHECK(lamina_layer_add_animation(e, layers[i], anim, "position"));
            }
            CHECK(lamina_transaction_commit(e));
            CHECK(lamina_animation_release(anim));
        }
        CHECK(lamina_engine_tick(e, 0.0));
        double t0 = now_ns();
        for (int k = 1; k <= 60; k++) CHECK(lamina_engine_tick(e, k / 60.0));
        double dt = (now_ns() - t0) / (60.0 * n);
        if (dt < best) best = dt;
        if (a) CHECK(lamina_animator_destroy(a));
        free(layers);
        CHECK(lamina_engine_destroy(e));
    }
    return best;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10000;
    if (n <= 0) n = 10000;
    lamina_spring_t spring;
    CHECK(lamina_spring_init_perceptual(0.5, 0.2, &spring));

    lamina_engine_t *e = NULL;
    CHECK(lamina_engine_create(&e));
    lamina_layer_t *layers = setup(e, n, NULL);
    double pres = read_ns(e, layers, n, 0, 7), vel = read_ns(e, layers, n, 1, 7);
    free(layers);
    CHECK(lamina_engine_destroy(e));

    CHECK(lamina_engine_create(&e));
    layers = setup(e, n, &spring);
    double spres = read_ns(e, layers, n, 0, 7), svel = read_ns(e, layers, n, 1, 7);
    free(layers);
    CHECK(lamina_engine_destroy(e));

    double curve = retarget_ns(n, NULL, 3, 1), springs = retarget_ns(n, &spring, 3, 1);
    double curve_commit = retarget_ns(n, NULL, 3, 0), springs_commit = retarget_ns(n, &spring, 3, 0);

    double by_hand = frame_ns(n, 0, 3), by_animator = frame_ns(n, 1, 3);

    printf("N = %d\n", n);
    printf("implicit curve: presentation read %.1f ns, velocity read %.1f ns (%.2fx; target <= 1.5x)\n",
           pres, vel, vel / pres);
    printf("spring:         presentation read %.1f ns, velocity read %.1f ns (%.2fx; target <= 1.5x)\n",
           spres, svel, svel / spres);
    printf("retarget, set + commit:        curve %.1f ns/layer, spring %.1f ns/layer (%.2fx; target <= 2x)\n",
           curve_commit, springs_commit, springs_commit / curve_commit);
    printf("retarget, set + commit + tick: curve %.1f ns/layer, spring %.1f ns/layer (%.2fx)\n",
           curve, springs, springs / curve);
    printf("animator frame (tick):         explicit %.1f ns/layer, animator %.1f ns/layer (%.2fx; target 1x)\n",
           by_hand, by_animator, by_animator / by_hand);
    printf("BENCH-INTERACTION n=%d pres_ns=%.1f vel_ns=%.1f spring_pres_ns=%.1f spring_vel_ns=%.1f "
           "retarget_curve_ns=%.1f retarget_spring_ns=%.1f retarget_curve_tick_ns=%.1f "
           "retarget_spring_tick_ns=%.1f frame_explicit_ns=%.1f frame_animator_ns=%.1f\n",
           n, pres, vel, spres, svel, curve_commit, springs_commit, curve, springs, by_hand, by_animator);
    return 0;
}
