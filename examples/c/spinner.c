/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A replicator spinner: one dot, replicated eight times around the centre by a rotation of
 * 45 degrees per instance, and one opacity animation that each instance plays 0.125 s after the
 * one before it (RS-13). The trace prints, from the draw list at t = 0.5, each instance's index,
 * the centre of its dot and its opacity.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t spinner = LAMINA_LAYER_NONE, dot = LAMINA_LAYER_NONE;
    lamina_transform3d_t step;
    lamina_animation_t *fade = NULL;
    lamina_media_timing_t timing = LAMINA_MEDIA_TIMING_INIT;
    lamina_value_t from = {0}, to = {0};

    printf("spinner: 8 instances, 0.125 s apart, one opacity animation\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create_kind(engine, LAMINA_LAYER_KIND_REPLICATOR, &spinner));
    CHECK(lamina_layer_set_bounds(engine, spinner, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_layer_set_position(engine, spinner, (lamina_point_t){50, 50}));
    CHECK(lamina_layer_set_number(engine, spinner, "instanceCount", 8));
    CHECK(lamina_layer_set_number(engine, spinner, "instanceDelay", 0.125));
    CHECK(lamina_transform3d_make_rotation(2 * acos(-1.0) / 8, 0, 0, 1, &step));
    CHECK(lamina_layer_set_transform(engine, spinner, "instanceTransform", step));

    CHECK(lamina_layer_create(engine, &dot));
    CHECK(lamina_layer_set_bounds(engine, dot, (lamina_rect_t){{0, 0}, {10, 10}}));
    CHECK(lamina_layer_set_position(engine, dot, (lamina_point_t){50, 10}));
    CHECK(lamina_layer_set_color(engine, dot, "backgroundColor", (lamina_color_t){0.2, 0.2, 0.2, 1}));
    CHECK(lamina_layer_add_sublayer(engine, spinner, dot));
    CHECK(lamina_engine_tick(engine, 0.0));

    /* Fades from 1 to 0.25 each second, forever, linearly (no timing function); added at
     * t = 0, it begins at the commit. */
    CHECK(lamina_animation_create_basic("opacity", &fade));
    from.type = to.type = LAMINA_VALUE_NUMBER;
    from.u.number = 1;
    to.u.number = 0.25;
    CHECK(lamina_animation_set_from_value(fade, &from));
    CHECK(lamina_animation_set_to_value(fade, &to));
    timing.duration = 1;
    timing.repeat_count = LAMINA_REPEAT_FOREVER;
    CHECK(lamina_animation_set_media_timing(fade, &timing));
    CHECK(lamina_layer_add_animation(engine, dot, fade, "fade"));
    CHECK(lamina_animation_release(fade));
    CHECK(lamina_engine_tick(engine, 0.0));

    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    CHECK(lamina_engine_tick(engine, 0.5));
    CHECK(lamina_engine_draw_list(engine, spinner, 0.5, &records, &count));
    printf("draw list at t=0.500: %zu records\n", count);
    for (size_t i = 1; i < count; i++) {
        lamina_point_t c;
        CHECK(lamina_transform3d_apply_to_point(&records[i].transform, (lamina_point_t){5, 5}, &c));
        printf("  instance %u: dot at (", (unsigned)records[i].instance_index);
        put_num(c.x);
        printf(", ");
        put_num(c.y);
        printf("), opacity ");
        put_num(records[i].opacity);
        printf("\n");
    }

    CHECK(lamina_layer_release(engine, dot));
    CHECK(lamina_layer_release(engine, spinner));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
