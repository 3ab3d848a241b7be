/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An animated gradient: a gradient layer's two colours change inside a 1 s transaction and
 * interpolate element by element (RS-9.1, RS-9.9); the trace prints the presentation's colours
 * and, half-way, the gradient a renderer receives, its stops spread evenly when locations is nil
 * (RS-9.4).
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

static void put_colors(const lamina_color_t *c, size_t n) {
    printf("[");
    for (size_t i = 0; i < n; i++) {
        lamina_value_t v = {0};
        v.type = LAMINA_VALUE_COLOR;
        v.u.color = c[i];
        if (i) printf(", ");
        put_color_value(&v);
    }
    printf("]");
}

static void set_colors(lamina_engine_t *engine, lamina_layer_t layer, const lamina_color_t *c, size_t n) {
    lamina_value_t v = {0};
    v.type = LAMINA_VALUE_COLOR_ARRAY;
    v.u.colors.items = c;
    v.u.colors.count = n;
    CHECK(lamina_layer_set_value(engine, layer, "colors", &v));
}

/* The gradient's draw record at `t` (mid-animation): what a renderer fills. */
static void put_draw_list(lamina_engine_t *engine, lamina_layer_t layer, double t) {
    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    CHECK(lamina_engine_draw_list(engine, layer, t, &records, &count));
    const lamina_draw_gradient_t *g = records[0].gradient;
    printf("  draw list: %zu record, kind %d\n", count, (int)records[0].layer_kind);
    if (g) {
        printf("  %s gradient of %zu stops at [", g->type == LAMINA_GRADIENT_AXIAL ? "axial" : "other",
               g->count);
        for (size_t i = 0; i < g->count; i++) {
            if (i) printf(", ");
            put_num(g->locations[i]);
        }
        printf("] from (");
        put_num(g->start_point.x);
        printf(", ");
        put_num(g->start_point.y);
        printf(") to (");
        put_num(g->end_point.x);
        printf(", ");
        put_num(g->end_point.y);
        printf("): ");
        put_colors(g->colors, g->count);
        printf("\n");
    }
}

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t gradient = LAMINA_LAYER_NONE;
    const lamina_color_t before[2] = {{1, 0, 0, 1}, {0, 0, 1, 1}};
    const lamina_color_t after[2] = {{1, 1, 0, 1}, {0, 0.5, 0, 1}};
    lamina_value_t v = {0};

    printf("gradient: two colours change over 1 s, left to right\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create_kind(engine, LAMINA_LAYER_KIND_GRADIENT, &gradient));
    CHECK(lamina_layer_set_bounds(engine, gradient, (lamina_rect_t){{0, 0}, {200, 100}}));
    CHECK(lamina_layer_set_position(engine, gradient, (lamina_point_t){100, 50}));
    CHECK(lamina_layer_set_point(engine, gradient, "startPoint", (lamina_point_t){0, 0.5}));
    CHECK(lamina_layer_set_point(engine, gradient, "endPoint", (lamina_point_t){1, 0.5}));
    set_colors(engine, gradient, before, 2);
    CHECK(lamina_engine_tick(engine, 0.0));

    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_duration(engine, 1.0));
    set_colors(engine, gradient, after, 2);
    CHECK(lamina_transaction_commit(engine));
    for (int i = 0; i <= 2; i++) {
        const double t = i * 0.5;
        CHECK(lamina_engine_tick(engine, t));
        CHECK(lamina_layer_get_presentation_value(engine, gradient, "colors", &v));
        printf("t=");
        put_num(t);
        printf(" colors ");
        if (v.type == LAMINA_VALUE_COLOR_ARRAY) put_colors(v.u.colors.items, v.u.colors.count);
        else printf("nil");
        printf("\n");
        if (i == 1) put_draw_list(engine, gradient, t);
    }

    CHECK(lamina_layer_release(engine, gradient));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
