/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A progress ring: a shape layer strokes a circle, and its strokeEnd animates implicitly from
 * 0 to 0.75 inside a 1 s transaction (RS-8.3, RS-8.4). The trace prints the presentation's
 * strokeEnd as the ring fills and, half-way, the shape a renderer receives in the draw list.
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

/* A circle of radius r about (cx, cy) from its top, clockwise on a y-down screen: four cubic
 * quarter arcs (k = 0.5523 r puts the midpoints on the circle). */
static void circle(lamina_path_element_t e[6], double cx, double cy, double r) {
    const double k = 0.5522847498307936 * r;
    e[0] = (lamina_path_element_t){LAMINA_PATH_MOVE, 0, {{cx, cy - r}}};
    e[1] = (lamina_path_element_t){LAMINA_PATH_CUBIC, 0, {{cx + k, cy - r}, {cx + r, cy - k}, {cx + r, cy}}};
    e[2] = (lamina_path_element_t){LAMINA_PATH_CUBIC, 0, {{cx + r, cy + k}, {cx + k, cy + r}, {cx, cy + r}}};
    e[3] = (lamina_path_element_t){LAMINA_PATH_CUBIC, 0, {{cx - k, cy + r}, {cx - r, cy + k}, {cx - r, cy}}};
    e[4] = (lamina_path_element_t){LAMINA_PATH_CUBIC, 0, {{cx - r, cy - k}, {cx - k, cy - r}, {cx, cy - r}}};
    e[5] = (lamina_path_element_t){LAMINA_PATH_CLOSE, 0, {{0, 0}}};
}

/* The ring's draw record at `t` (mid-animation): what a renderer strokes. */
static void put_draw_list(lamina_engine_t *engine, lamina_layer_t ring, double t) {
    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    CHECK(lamina_engine_draw_list(engine, ring, t, &records, &count));
    const lamina_draw_shape_t *s = records[0].shape;
    printf("  draw list: %zu record, kind %d, path of %zu elements\n", count,
           (int)records[0].layer_kind, s ? s->path_count : 0);
    if (s) {
        printf("  fill %s, stroke %s, line width ", (s->flags & LAMINA_DRAW_SHAPE_FILL) ? "yes" : "no",
               (s->flags & LAMINA_DRAW_SHAPE_STROKE) ? "yes" : "no");
        put_num(s->line_width);
        printf(", cap %s, stroke ", s->line_cap == LAMINA_LINE_CAP_ROUND ? "round" : "other");
        put_num(s->stroke_start);
        printf(" to ");
        put_num(s->stroke_end);
        printf("\n");
    }
}

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t ring = LAMINA_LAYER_NONE;
    lamina_path_element_t path[6];
    lamina_value_t v = {0};

    printf("progress ring: strokeEnd animates implicitly from 0 to 0.75\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create_kind(engine, LAMINA_LAYER_KIND_SHAPE, &ring));
    CHECK(lamina_layer_set_bounds(engine, ring, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_layer_set_position(engine, ring, (lamina_point_t){50, 50}));
    circle(path, 50, 50, 40);
    v.type = LAMINA_VALUE_PATH;
    v.u.path.elements = path;
    v.u.path.count = 6;
    CHECK(lamina_layer_set_value(engine, ring, "path", &v));
    v = (lamina_value_t){0};
    v.type = LAMINA_VALUE_NULL; /* no fill: only the ring's stroke shows */
    CHECK(lamina_layer_set_value(engine, ring, "fillColor", &v));
    CHECK(lamina_layer_set_color(engine, ring, "strokeColor", (lamina_color_t){0.2, 0.5, 1, 1}));
    CHECK(lamina_layer_set_number(engine, ring, "lineWidth", 8));
    v.type = LAMINA_VALUE_STRING;
    v.u.string = "round";
    CHECK(lamina_layer_set_value(engine, ring, "lineCap", &v));
    CHECK(lamina_layer_set_number(engine, ring, "strokeEnd", 0));
    CHECK(lamina_engine_tick(engine, 0.0));

    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_duration(engine, 1.0));
    CHECK(lamina_layer_set_number(engine, ring, "strokeEnd", 0.75));
    CHECK(lamina_transaction_commit(engine));
    for (int i = 0; i <= 4; i++) {
        const double t = i * 0.25;
        CHECK(lamina_engine_tick(engine, t));
        CHECK(lamina_layer_get_presentation_value(engine, ring, "strokeEnd", &v));
        printf("t=");
        put_num(t);
        printf(" strokeEnd ");
        put_num(v.u.number);
        printf(" animations ");
        put_keys(engine, ring);
        printf("\n");
        if (i == 2) put_draw_list(engine, ring, t);
    }

    CHECK(lamina_layer_release(engine, ring));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
