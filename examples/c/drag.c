/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A card driven by a pointer (R17), as lamina-viewer --gesture does it, with synthetic pointer
 * samples at 60 Hz: pressed at x = 0, dragged right at 1200 points per second (the card follows
 * with actions disabled), let go at t = 0.2: a decay at the pointer's velocity (its last three
 * samples' slope), toward the projection; below 300 pt/s a spring takes it, with its velocity,
 * into the slot nearest the projection (slots every 200 points). At t = 0.5 the pointer catches
 * it mid-flight, where it is seen, drags it back at 1500 pt/s and throws it the other way. The
 * trace prints the hand-offs and the card's x and velocity every 0.1 s: nothing jumps. (While
 * dragged the card has no animation, so its presentation velocity reads 0; the pointer's
 * velocity is what the release hands over.)
 */

#include <math.h>
#include <stdio.h>

#include <lamina/lamina.h>

#include "trace.h"

static lamina_engine_t *engine;
static lamina_layer_t card;

/* The card's presentation x and x velocity at t. */
static void seen(double t, double *x, double *v) {
    lamina_value_t value;
    CHECK(lamina_layer_get_presentation_value_at(engine, card, "position.x", t, &value));
    *x = value.u.number;
    CHECK(lamina_layer_get_presentation_velocity(engine, card, "position.x", t, &value));
    *v = value.u.number;
}

/* The card under the pointer: at x, no animation, actions disabled. */
static void hold_at(double x) {
    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_disable_actions(engine, LAMINA_TRUE));
    CHECK(lamina_layer_remove_animation(engine, card, "position"));
    CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){x, 100}));
    CHECK(lamina_transaction_commit(engine));
}

/* Let go at x with velocity v: a fast decay toward the projection; returns the slot. */
static double fling(double t, double x, double v) {
    double rest = 0;
    CHECK(lamina_decay_projection(x, v, LAMINA_DECELERATION_RATE_FAST, &rest));
    double slot = 200.0 * floor(rest / 200.0 + 0.5);
    printf("release at t=");
    put_num(t);
    printf(": x=");
    put_num(x);
    printf(" velocity=");
    put_num(v);
    printf(" projection=");
    put_num(rest);
    printf(" slot=");
    put_num(slot);
    printf("\n");
    lamina_animation_t *decay = NULL;
    const lamina_value_t velocity = {.type = LAMINA_VALUE_NUMBER, .u.number = v};
    const lamina_value_t from = {.type = LAMINA_VALUE_NUMBER, .u.number = x};
    CHECK(lamina_animation_create_basic("position.x", &decay));
    CHECK(lamina_animation_set_decay(decay, &velocity, LAMINA_DECELERATION_RATE_FAST));
    CHECK(lamina_animation_set_from_value(decay, &from));
    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_disable_actions(engine, LAMINA_TRUE));
    CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){rest, 100}));
    CHECK(lamina_layer_add_animation(engine, card, decay, "position"));
    CHECK(lamina_transaction_commit(engine));
    CHECK(lamina_animation_release(decay));
    return slot;
}

int main(void) {
    printf("drag: pressed at x=0, dragged at 1200 pt/s, flung at t=0.2, caught at t=0.5 and "
           "thrown back; slots every 200 pt\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &card));
    CHECK(lamina_layer_set_bounds(engine, card, (lamina_rect_t){{0, 0}, {80, 80}}));
    CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){0, 100}));
    CHECK(lamina_engine_tick(engine, 0.0));

    lamina_spring_t spring;
    CHECK(lamina_spring_init_perceptual(0.4, 0.2, &spring));
    double samples[91] = {0};  /* the pointer's x at each frame while it is down */
    int flinging = 0, release_k = -1, catch_k = 30;
    double slot = 0, caught_x = 0;
    for (int k = 1; k <= 90; k++) {
        double t = k / 60.0, x = 0, v = 0;
        /* Pointer events at t. */
        if (k <= 12) { /* the drag right */
            samples[k] = 1200.0 * t;
            hold_at(samples[k]);
        }
        if (k == catch_k) { /* pressed mid-flight: it stops where it is seen */
            seen(t, &x, &v);
            printf("caught at t=");
            put_num(t);
            printf(": x=");
            put_num(x);
            printf(" (moving at ");
            put_num(v);
            printf(")\n");
            caught_x = x;
            samples[k] = x;
            hold_at(x);
            flinging = 0;
        }
        if (k > catch_k && k <= catch_k + 6) { /* dragged back */
            samples[k] = caught_x - 1500.0 * (t - catch_k / 60.0);
            hold_at(samples[k]);
        }
        if (k == 12 || k == 36) { /* let go: the velocity of the last three samples */
            v = (samples[k] - samples[k - 3]) / (t - (k - 3) / 60.0);
            slot = fling(t, samples[k], v);
            flinging = 1;
            release_k = k;
        }
        /* The hand-off: a slow fling is taken by the spring, keeping its velocity. */
        double before_x = 0, before_v = 0;
        int sprung = 0;
        if (flinging && k > release_k) {
            seen(t, &before_x, &before_v);
            if (fabs(before_v) < 300) {
                CHECK(lamina_transaction_begin(engine));
                CHECK(lamina_transaction_set_spring(engine, &spring));
                CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){slot, 100}));
                CHECK(lamina_transaction_commit(engine));
                flinging = 0;
                sprung = 1;
            }
        }
        CHECK(lamina_engine_tick(engine, t));
        if (sprung) { /* the spring began at t: where the decay was, as fast */
            seen(t, &x, &v);
            printf("spring at t=");
            put_num(t);
            printf(": x=");
            put_num(before_x);
            printf(" -> ");
            put_num(x);
            printf(" velocity=");
            put_num(before_v);
            printf(" -> ");
            put_num(v);
            printf("\n");
        }
        if (k % 6 == 0) {
            seen(t, &x, &v);
            printf("t=");
            put_num(t);
            printf(": x=");
            put_num(x);
            printf(" velocity=");
            put_num(v);
            printf("\n");
        }
    }
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
