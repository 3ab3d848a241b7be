/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Listing 7.7: tapping a moving layer. The handler hit tests the presentation
 * (where the layer is on screen now, CA-12.11): a tap on the layer changes its colour; a tap
 * elsewhere moves the layer there over 4 s. Mid-flight the model is already at the
 * destination, so hit testing the model (what CALayer's own hitTest: reads) would miss the
 * layer where the user sees it and find it where it is not yet; the trace prints both answers
 * for each tap.
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

#include "trace.h"

typedef struct {
    lamina_engine_t *engine;
    lamina_layer_t screen;
    lamina_layer_t box;
} scene_t;

static const char *name_of(const scene_t *s, lamina_layer_t layer) {
    if (layer == s->box) return "box";
    if (layer == s->screen) return "screen";
    return "nothing";
}

static void put_point(lamina_point_t p) {
    printf("(");
    put_num(p.x);
    printf(", ");
    put_num(p.y);
    printf(")");
}

/* The tap handler: hit test the presentation at the engine's time, as the book does. */
static void tap(const scene_t *s, lamina_point_t p) {
    double now = 0;
    lamina_layer_t shown = LAMINA_LAYER_NONE, model = LAMINA_LAYER_NONE;
    CHECK(lamina_engine_get_time(s->engine, &now));
    CHECK(lamina_layer_hit_test(s->engine, s->screen, p, LAMINA_TREE_PRESENTATION, now, &shown));
    CHECK(lamina_layer_hit_test(s->engine, s->screen, p, LAMINA_TREE_MODEL, now, &model));
    printf("t=");
    put_num(now);
    printf(" tap at ");
    put_point(p);
    printf(": presentation hit %s, model hit %s\n", name_of(s, shown), name_of(s, model));
    if (shown != model) {
        printf("  (hit testing the model would have found %s)\n", name_of(s, model));
    }
    if (shown == s->box) {
        /* The book picks a random colour; a fixed sequence keeps the trace repeatable. */
        static const lamina_color_t colours[2] = {{0, 0, 1, 1}, {0, 1, 0, 1}};
        static int taps_on_box = 0;
        const lamina_color_t c = colours[taps_on_box++ % 2];
        const lamina_value_t cv = {.type = LAMINA_VALUE_COLOR, .u.color = c};
        printf("  -> change the box's colour to ");
        put_color_value(&cv);
        printf("\n");
        CHECK(lamina_layer_set_color(s->engine, s->box, "backgroundColor", c));
    } else {
        printf("  -> move the box there over 4 s\n");
        CHECK(lamina_transaction_begin(s->engine));
        CHECK(lamina_transaction_set_duration(s->engine, 4.0));
        CHECK(lamina_layer_set_position(s->engine, s->box, p));
        CHECK(lamina_transaction_commit(s->engine));
    }
}

static lamina_point_t presented_position(const scene_t *s) {
    lamina_value_t v;
    CHECK(lamina_layer_get_presentation_value(s->engine, s->box, "position", &v));
    if (v.type != LAMINA_VALUE_POINT) {
        fprintf(stderr, "position is not a point\n");
        exit(1);
    }
    return v.u.point;
}

static void frame(const scene_t *s, double t) {
    lamina_value_t v;
    lamina_point_t model;
    CHECK(lamina_engine_tick(s->engine, t));
    printf("t=");
    put_num(t);
    printf(" box on screen at ");
    put_point(presented_position(s));
    CHECK(lamina_layer_get_position(s->engine, s->box, &model));
    printf(" (model ");
    put_point(model);
    printf(") colour ");
    CHECK(lamina_layer_get_presentation_value(s->engine, s->box, "backgroundColor", &v));
    put_color_value(&v);
    printf("\n");
}

int main(void) {
    scene_t s = {NULL, LAMINA_LAYER_NONE, LAMINA_LAYER_NONE};
    const lamina_color_t white = {1, 1, 1, 1}, red = {1, 0, 0, 1};

    printf("listing 7.7: tapping a moving layer, hit testing its presentation\n");
    CHECK(lamina_engine_create(&s.engine));
    CHECK(lamina_layer_create(s.engine, &s.screen));
    CHECK(lamina_layer_set_bounds(s.engine, s.screen, (lamina_rect_t){{0, 0}, {400, 400}}));
    CHECK(lamina_layer_set_position(s.engine, s.screen, (lamina_point_t){200, 200}));
    CHECK(lamina_layer_set_color(s.engine, s.screen, "backgroundColor", white));
    CHECK(lamina_layer_create(s.engine, &s.box));
    CHECK(lamina_layer_set_bounds(s.engine, s.box, (lamina_rect_t){{0, 0}, {50, 50}}));
    CHECK(lamina_layer_set_position(s.engine, s.box, (lamina_point_t){25, 200}));
    CHECK(lamina_layer_set_color(s.engine, s.box, "backgroundColor", red));
    CHECK(lamina_layer_add_sublayer(s.engine, s.screen, s.box));
    printf("screen 400 x 400, box 50 x 50 at (25.000, 200.000)\n");
    frame(&s, 0.0);

    tap(&s, (lamina_point_t){375, 200}); /* elsewhere: the box starts moving */
    frame(&s, 1.0);
    frame(&s, 2.0);
    tap(&s, presented_position(&s)); /* on the box where it is seen, mid-flight */
    tap(&s, (lamina_point_t){375, 200}); /* where the model already is, but the box is not */
    frame(&s, 2.1);
    frame(&s, 2.25);
    frame(&s, 3.0);
    frame(&s, 4.0);
    tap(&s, (lamina_point_t){375, 200}); /* arrived: both trees agree */
    frame(&s, 4.1);

    CHECK(lamina_layer_release(s.engine, s.box));
    CHECK(lamina_layer_release(s.engine, s.screen));
    CHECK(lamina_engine_destroy(s.engine));
    return 0;
}
