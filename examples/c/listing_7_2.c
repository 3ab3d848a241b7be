/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Listing 7.2: the same colour change inside a transaction whose animation
 * duration is 1 s (CA-2.7). The explicit commit publishes the change at once, with the
 * engine's time (0) as the animation's begin time; the presentation takes 1 s to reach blue.
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t layer = LAMINA_LAYER_NONE;
    const lamina_color_t red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};
    lamina_value_t v;

    printf("listing 7.2: the colour change inside a 1 s transaction\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &layer));
    CHECK(lamina_layer_set_bounds(engine, layer, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", red));
    CHECK(lamina_engine_tick(engine, 0.0));
    CHECK(lamina_layer_get_presentation_value(engine, layer, "backgroundColor", &v));
    printf("t=0.000 committed: presentation ");
    put_color_value(&v);
    printf("\n");

    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_duration(engine, 1.0));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", blue));
    CHECK(lamina_transaction_commit(engine));
    CHECK(lamina_layer_get_value(engine, layer, "backgroundColor", &v));
    printf("transaction (duration 1.000) committed: model ");
    put_color_value(&v);
    printf("\n");

    for (int i = 0; i <= 12; i++) {
        const double t = i * 0.1;
        CHECK(lamina_engine_tick(engine, t));
        CHECK(lamina_layer_get_presentation_value(engine, layer, "backgroundColor", &v));
        printf("t=");
        put_num(t);
        printf(" presentation ");
        put_color_value(&v);
        printf(" animations ");
        put_keys(engine, layer);
        printf("\n");
    }

    CHECK(lamina_layer_release(engine, layer));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
