/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Listing 7.1: a standalone layer's colour change animates implicitly.
 *
 * The layer is committed first (a layer that was never committed has no presentation and does
 * not animate, CA-1.2). Setting its backgroundColor afterwards makes the built-in implicit
 * animation run over the default 0.25 s with the default curve (0.25, 0.1, 0.25, 1), CA-3.7.
 * The trace shows the model (the new value at once) and the presentation frame by frame.
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

    printf("listing 7.1: a standalone layer's colour change animates implicitly\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &layer));
    CHECK(lamina_layer_set_bounds(engine, layer, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", red));
    CHECK(lamina_engine_tick(engine, 0.0)); /* commits the layer: it now has a presentation */
    CHECK(lamina_layer_get_presentation_value(engine, layer, "backgroundColor", &v));
    printf("t=0.000 committed: presentation ");
    put_color_value(&v);
    printf("\n");

    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", blue));
    CHECK(lamina_layer_get_value(engine, layer, "backgroundColor", &v));
    printf("set backgroundColor: model ");
    put_color_value(&v);
    printf(" at once\n");

    for (int i = 0; i <= 6; i++) {
        const double t = i * 0.05;
        CHECK(lamina_engine_tick(engine, t)); /* the first tick commits the change */
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
