/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Listing 7.5: asking a view-backed layer for its backgroundColor action, the way
 * the book asks the view's actionForLayer:forKey:. Outside an animation block the answer is
 * "no action" (so changes jump, listing 7.4); inside a block it is an animation with the block's
 * duration and curve (ease in, ease out by default), CA-4.2, CA-4.3.
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

static void put_action(lamina_engine_t *engine, lamina_layer_t layer, const char *where) {
    lamina_action_t *action = NULL;
    CHECK(lamina_layer_get_action(engine, layer, "backgroundColor", &action));
    printf("%s: ", where);
    if (action == NULL) {
        printf("no action\n");
        return;
    }
    lamina_action_kind_t kind = 0;
    CHECK(lamina_action_get_kind(action, &kind));
    if (kind != LAMINA_ACTION_ANIMATION) {
        printf("a custom action\n");
        CHECK(lamina_action_release(action));
        return;
    }
    lamina_animation_t *animation = NULL;
    CHECK(lamina_action_copy_animation(action, &animation));
    lamina_media_timing_t timing = LAMINA_MEDIA_TIMING_INIT;
    CHECK(lamina_animation_get_media_timing(animation, &timing));
    lamina_timing_function_t curve = {0, 0, 1, 1};
    lamina_bool_t has_curve = LAMINA_FALSE;
    CHECK(lamina_animation_get_timing_function(animation, &curve, &has_curve));
    printf("an animation, duration ");
    put_num(timing.duration);
    if (has_curve) {
        printf(", curve (");
        put_num(curve.c1x);
        printf(", ");
        put_num(curve.c1y);
        printf(", ");
        put_num(curve.c2x);
        printf(", ");
        put_num(curve.c2y);
        printf(")");
    }
    printf("\n");
    CHECK(lamina_animation_release(animation));
    CHECK(lamina_action_release(action));
}

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t layer = LAMINA_LAYER_NONE;

    printf("listing 7.5: the view's action for backgroundColor, outside and inside a block\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &layer));
    CHECK(lamina_layer_set_view_backed(engine, layer, LAMINA_TRUE));
    CHECK(lamina_layer_set_bounds(engine, layer, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_engine_tick(engine, 0.0));

    put_action(engine, layer, "outside an animation block");
    CHECK(lamina_view_animation_begin(engine, 0.5, 0.0, 0, NULL, NULL, NULL));
    put_action(engine, layer, "inside an animation block (duration 0.500)");
    CHECK(lamina_view_animation_commit(engine));
    put_action(engine, layer, "after the block");

    CHECK(lamina_layer_release(engine, layer));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
