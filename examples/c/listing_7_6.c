/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Listing 7.6: a custom action in the layer's actions dictionary. A push
 * transition from the left is set as the action for backgroundColor, so changing the colour
 * runs the transition instead of the implicit colour fade (CA-3.10, CA-10.2): the new colour
 * pushes the old one out. The trace shows the transition's progress and the two colours a
 * renderer composites, the old ("before") and the new (the presentation).
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

static const char *type_name(lamina_transition_type_t type) {
    switch (type) {
    case LAMINA_TRANSITION_FADE: return "fade";
    case LAMINA_TRANSITION_MOVE_IN: return "moveIn";
    case LAMINA_TRANSITION_PUSH: return "push";
    case LAMINA_TRANSITION_REVEAL: return "reveal";
    default: return "?";
    }
}

static const char *subtype_name(lamina_transition_subtype_t subtype) {
    switch (subtype) {
    case LAMINA_TRANSITION_SUBTYPE_NONE: return "none";
    case LAMINA_TRANSITION_FROM_LEFT: return "fromLeft";
    case LAMINA_TRANSITION_FROM_RIGHT: return "fromRight";
    case LAMINA_TRANSITION_FROM_TOP: return "fromTop";
    case LAMINA_TRANSITION_FROM_BOTTOM: return "fromBottom";
    default: return "?";
    }
}

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t layer = LAMINA_LAYER_NONE;
    const lamina_color_t red = {1, 0, 0, 1}, green = {0, 1, 0, 1};
    lamina_value_t v;

    printf("listing 7.6: a push transition from the left as the layer's backgroundColor action\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &layer));
    CHECK(lamina_layer_set_bounds(engine, layer, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", red));
    CHECK(lamina_engine_tick(engine, 0.0));

    lamina_animation_t *push = NULL;
    lamina_action_t *action = NULL;
    CHECK(lamina_animation_create_transition(LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_LEFT, &push));
    CHECK(lamina_action_create_animation(push, &action));
    CHECK(lamina_layer_set_action(engine, layer, "backgroundColor", action)); /* copied */
    CHECK(lamina_action_release(action));
    CHECK(lamina_animation_release(push));
    printf("actions[backgroundColor] = push transition from the left\n");

    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", green));
    printf("set backgroundColor to rgba(0.000, 1.000, 0.000, 1.000)\n");

    for (int i = 0; i <= 6; i++) {
        const double t = i * 0.05;
        CHECK(lamina_engine_tick(engine, t));
        printf("t=");
        put_num(t);
        lamina_transition_state_t state;
        lamina_bool_t active = LAMINA_FALSE;
        CHECK(lamina_layer_get_transition(engine, layer, t, &state, &active));
        if (active) {
            printf(" transition %s %s progress ", type_name(state.type), subtype_name(state.subtype));
            put_num(state.progress);
            CHECK(lamina_layer_get_transition_before_value(engine, layer, "backgroundColor", t, &v));
            printf(" before ");
            put_color_value(&v);
            CHECK(lamina_layer_get_presentation_value(engine, layer, "backgroundColor", &v));
            printf(" after ");
            put_color_value(&v);
        } else {
            CHECK(lamina_layer_get_presentation_value(engine, layer, "backgroundColor", &v));
            printf(" no transition, presentation ");
            put_color_value(&v);
        }
        printf(" animations ");
        put_keys(engine, layer);
        printf("\n");
    }

    CHECK(lamina_layer_release(engine, layer));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
