/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A sheet opened by a drag (R17.9-R17.17): a property animator moves it from y = 500 to
 * y = 100; the drag pauses it and scrubs it to 40 % (linearly, as UIKit scrubs), then lets go
 * with the sheet flung back: reversed, the animator heads home from where the sheet is, with its
 * ease-in-out curve, and its completion hears that it ended at the start. The trace prints the
 * scrubbed positions, then the fraction and y every 0.05 s until the animator is inactive.
 */

#include <math.h>
#include <stdio.h>

#include <lamina/lamina.h>

#include "trace.h"

typedef struct {
    lamina_engine_t *engine;
    lamina_layer_t sheet;
} sheet_t;

static void open_sheet(void *userdata) {
    sheet_t *s = userdata;
    CHECK(lamina_layer_set_position(s->engine, s->sheet, (lamina_point_t){150, 100}));
}

static void completed(void *userdata, lamina_animating_position_t at) {
    (void)userdata;
    printf("completion: ended at the %s\n", at == LAMINA_ANIMATING_POSITION_END     ? "end"
                                            : at == LAMINA_ANIMATING_POSITION_START ? "start"
                                                                                    : "current");
}

static const char *state_name(lamina_animator_t *a) {
    lamina_animating_state_t state;
    CHECK(lamina_animator_get_state(a, &state));
    return state == LAMINA_ANIMATING_STATE_INACTIVE ? "inactive"
           : state == LAMINA_ANIMATING_STATE_ACTIVE ? "active"
                                                    : "stopped";
}

/* "fraction=F y=Y" of the animator and the sheet on screen. */
static void put_progress(sheet_t *s, lamina_animator_t *a) {
    double fraction;
    lamina_value_t v;
    CHECK(lamina_animator_get_fraction_complete(a, &fraction));
    CHECK(lamina_layer_get_presentation_value(s->engine, s->sheet, "position", &v));
    printf("fraction=");
    put_num(fraction);
    printf(" y=");
    put_num(v.u.point.y);
}

int main(void) {
    sheet_t s = {NULL, LAMINA_LAYER_NONE};
    lamina_animator_t *a = NULL;

    printf("animator: a sheet opened by a drag, let go at 40 %% and flung back\n");
    CHECK(lamina_engine_create(&s.engine));
    CHECK(lamina_layer_create(s.engine, &s.sheet));
    CHECK(lamina_layer_set_bounds(s.engine, s.sheet, (lamina_rect_t){{0, 0}, {300, 200}}));
    CHECK(lamina_layer_set_position(s.engine, s.sheet, (lamina_point_t){150, 500}));
    CHECK(lamina_engine_tick(s.engine, 0.0));

    lamina_animator_params_t params = {0};
    params.duration = 0.6;
    CHECK(lamina_timing_function_named(LAMINA_TIMING_EASE_IN_EASE_OUT, &params.curve));
    CHECK(lamina_animator_create(s.engine, &params, &a));
    CHECK(lamina_animator_add_animations(a, open_sheet, &s));
    CHECK(lamina_animator_add_completion(a, completed, NULL));
    CHECK(lamina_animator_pause(a)); /* the drag begins: active and paused at the start */
    for (int k = 1; k <= 4; k++) {
        CHECK(lamina_animator_set_fraction_complete(a, k / 10.0));
        printf("drag: ");
        put_progress(&s, a);
        printf("\n");
    }

    CHECK(lamina_animator_set_reversed(a, LAMINA_TRUE)); /* flung back: home from where it is */
    CHECK(lamina_animator_continue(a, NULL, NULL, 1.0));
    printf("released: ");
    put_progress(&s, a);
    printf(" state=%s\n", state_name(a));
    for (int k = 1; k <= 1000; k++) {
        double t = k * 0.05;
        CHECK(lamina_engine_tick(s.engine, t));
        printf("t=");
        put_num(t);
        printf(": ");
        put_progress(&s, a);
        printf(" state=%s\n", state_name(a));
        lamina_animating_state_t state;
        CHECK(lamina_animator_get_state(a, &state));
        if (state == LAMINA_ANIMATING_STATE_INACTIVE) break;
    }
    lamina_point_t model;
    CHECK(lamina_layer_get_position(s.engine, s.sheet, &model));
    printf("model: y=");
    put_num(model.y);
    printf("\n");
    CHECK(lamina_animator_destroy(a));
    CHECK(lamina_engine_destroy(s.engine));
    return 0;
}
