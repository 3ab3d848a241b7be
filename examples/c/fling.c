/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A card flung upward and caught (R17): released at y = 500 with -2400 points per second, it
 * decelerates as UIScrollView's content does, toward the projection where it would stop; at
 * t = 0.4 a spring catches it into the slot at y = 0, starting from where it is at the speed it
 * has. The trace prints the projection, then the card's y and its velocity every 0.1 s: the
 * velocity runs on without a jump through the catch.
 */

#include <stdio.h>

#include <lamina/lamina.h>

#include "trace.h"

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t card = LAMINA_LAYER_NONE;
    lamina_animation_t *fling = NULL;
    lamina_spring_t spring;
    double rest = 0;

    printf("fling: released at y=500 with -2400 pt/s, caught at t=0.4 by a spring into y=0\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &card));
    CHECK(lamina_layer_set_bounds(engine, card, (lamina_rect_t){{0, 0}, {100, 60}}));
    CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){50, 500}));
    CHECK(lamina_engine_tick(engine, 0.0));

    CHECK(lamina_decay_projection(500.0, -2400.0, LAMINA_DECELERATION_RATE_NORMAL, &rest));
    printf("projection: y=");
    put_num(rest);
    printf("\n");
    /* The model holds where the fling ends; the decay plays the way there. Under the
     * property's name, so that the spring which catches it replaces it. */
    const lamina_value_t velocity = {.type = LAMINA_VALUE_NUMBER, .u.number = -2400.0};
    const lamina_value_t end = {.type = LAMINA_VALUE_NUMBER, .u.number = rest};
    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_disable_actions(engine, LAMINA_TRUE));
    CHECK(lamina_layer_set_value(engine, card, "position.y", &end));
    CHECK(lamina_animation_create_basic("position.y", &fling));
    CHECK(lamina_animation_set_decay(fling, &velocity, LAMINA_DECELERATION_RATE_NORMAL));
    CHECK(lamina_layer_add_animation(engine, card, fling, "position"));
    CHECK(lamina_animation_release(fling));
    CHECK(lamina_transaction_commit(engine));

    CHECK(lamina_spring_init_perceptual(0.4, 0.2, &spring));
    for (int k = 0; k <= 10; k++) {
        double t = k / 10.0;
        if (k == 4) {
            CHECK(lamina_transaction_begin(engine));
            CHECK(lamina_transaction_set_spring(engine, &spring));
            CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){50, 0}));
            CHECK(lamina_transaction_commit(engine));
            printf("caught: spring to y=0\n");
        }
        CHECK(lamina_engine_tick(engine, t));
        lamina_value_t y, v;
        CHECK(lamina_layer_get_presentation_value(engine, card, "position.y", &y));
        CHECK(lamina_layer_get_presentation_velocity(engine, card, "position.y", t, &v));
        printf("t=");
        put_num(t);
        printf(": y=");
        put_num(y.u.number);
        printf(" velocity=");
        put_num(v.u.number);
        printf("\n");
    }
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
