/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Listing 7.4: a view-backed layer (a UIView's backing layer) does not animate
 * under a plain transaction, even one with a 1 s duration: the view's action search answers
 * "no action" outside an animation block (CA-4.2, R11), so the colour jumps. The presentation
 * equals the model as soon as the transaction commits, and no animation is attached.
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

static void put_state(lamina_engine_t *engine, lamina_layer_t layer, const char *when) {
    lamina_value_t model, shown;
    CHECK(lamina_layer_get_value(engine, layer, "backgroundColor", &model));
    CHECK(lamina_layer_get_presentation_value(engine, layer, "backgroundColor", &shown));
    const int same = model.type == shown.type &&
                     (model.type != LAMINA_VALUE_COLOR ||
                      (model.u.color.r == shown.u.color.r && model.u.color.g == shown.u.color.g &&
                       model.u.color.b == shown.u.color.b && model.u.color.a == shown.u.color.a));
    printf("%s: model ", when);
    put_color_value(&model);
    printf(" presentation ");
    put_color_value(&shown);
    printf(" %s animations ", same ? "(same)" : "(different)");
    put_keys(engine, layer);
    printf("\n");
}

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t layer = LAMINA_LAYER_NONE;
    const lamina_color_t red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};

    printf("listing 7.4: a view-backed layer's colour jumps in a plain transaction\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &layer));
    CHECK(lamina_layer_set_view_backed(engine, layer, LAMINA_TRUE));
    CHECK(lamina_layer_set_bounds(engine, layer, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", red));
    CHECK(lamina_engine_tick(engine, 0.0));
    put_state(engine, layer, "t=0.000 committed");

    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_duration(engine, 1.0));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", blue));
    CHECK(lamina_transaction_commit(engine));
    put_state(engine, layer, "t=0.000 transaction (duration 1.000) committed");

    CHECK(lamina_engine_tick(engine, 0.5));
    put_state(engine, layer, "t=0.500");

    CHECK(lamina_layer_release(engine, layer));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
