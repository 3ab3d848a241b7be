/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Listing 7.3: a transaction's completion callback rotates the layer by 90
 * degrees once the colour change has finished.
 *
 * The colour animates over the transaction's 1 s. The completion runs during the tick that
 * finishes the animation, after its transaction was popped (CA-2.11), so the rotation it makes
 * uses the settings in effect then: the default 0.25 s, not the popped transaction's 1 s. The
 * rotation commits at the next tick, 1.05, and begins there (R2: time moves, then the commit).
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

typedef struct {
    lamina_engine_t *engine;
    lamina_layer_t layer;
} rotate_t;

static void rotate_when_done(void *userdata) {
    rotate_t *r = (rotate_t *)userdata;
    double now = 0, duration = 0;
    CHECK(lamina_engine_get_time(r->engine, &now));
    CHECK(lamina_transaction_get_duration(r->engine, &duration));
    printf("completion ran at t=");
    put_num(now);
    printf(": duration in effect ");
    put_num(duration);
    printf(", set transform.rotation.z = pi/2\n");
    const lamina_value_t quarter = {.type = LAMINA_VALUE_NUMBER, .u.number = 3.14159265358979323846 / 2};
    CHECK(lamina_layer_set_value(r->engine, r->layer, "transform.rotation.z", &quarter));
}

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t layer = LAMINA_LAYER_NONE;
    const lamina_color_t red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};
    lamina_value_t v;

    printf("listing 7.3: a completion rotates the layer after the colour change\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &layer));
    CHECK(lamina_layer_set_bounds(engine, layer, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", red));
    CHECK(lamina_engine_tick(engine, 0.0));

    rotate_t rotate = {engine, layer};
    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_duration(engine, 1.0));
    CHECK(lamina_transaction_set_completion(engine, rotate_when_done, &rotate, NULL));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", blue));
    CHECK(lamina_transaction_commit(engine));
    printf("transaction (duration 1.000, with a completion) committed\n");

    const double times[] = {0.0, 0.25, 0.5, 0.75, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        CHECK(lamina_engine_tick(engine, times[i])); /* the completion runs inside a tick */
        printf("t=");
        put_num(times[i]);
        CHECK(lamina_layer_get_presentation_value(engine, layer, "backgroundColor", &v));
        printf(" colour ");
        put_color_value(&v);
        CHECK(lamina_layer_get_presentation_value(engine, layer, "transform.rotation.z", &v));
        if (v.type != LAMINA_VALUE_NUMBER) {
            fprintf(stderr, "transform.rotation.z is not a number\n");
            return 1;
        }
        printf(" rotation.z ");
        put_num(v.u.number);
        printf(" animations ");
        put_keys(engine, layer);
        printf("\n");
    }

    CHECK(lamina_layer_release(engine, layer));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
