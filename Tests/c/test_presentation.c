/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Presentation and implicit animations seen from C (R3-R6, CA-1.x, CA-3.x):
 * listings 7.1 and 7.2, R4 (never-committed layers do not animate), disableActions, "no
 * action" entries, presentation at arbitrary times, uncommitted changes, custom properties.
 * Every time is explicit, so every number is exact and repeatable (R1).
 */
#include "lamina_test_support.h"

static lamina_color_t presented_color_at(lamina_engine_t *e, lamina_layer_t l, const char *key, double t) {
    lamina_value_t v;
    LT_FILL(v);
    ASSERT_OK(lamina_layer_get_presentation_value_at(e, l, key, t, &v));
    assert_int_equal(v.type, LAMINA_VALUE_COLOR);
    return v.u.color;
}

static lamina_color_t presented_color(lamina_engine_t *e, lamina_layer_t l, const char *key) {
    lamina_value_t v;
    LT_FILL(v);
    ASSERT_OK(lamina_layer_get_presentation_value(e, l, key, &v));
    assert_int_equal(v.type, LAMINA_VALUE_COLOR);
    return v.u.color;
}

static lamina_value_t presented(lamina_engine_t *e, lamina_layer_t l, const char *key) {
    lamina_value_t v;
    LT_FILL(v);
    ASSERT_OK(lamina_layer_get_presentation_value(e, l, key, &v));
    return v;
}

/* ------------------------------------------------------------------------------------------ */
/* The listings                                                                                */
/* ------------------------------------------------------------------------------------------ */

/* Listing 7.1 (CA-3.7, R6): once a layer is committed, changing backgroundColor animates over
 * 0.25 s with the default curve (0.25, 0.1, 0.25, 1). The change commits with the next tick
 * (begin time 0), so at t = 0.1 the progress is default(0.4). */
static void listing_7_1_color_change_animates_over_a_quarter_second(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    const lamina_color_t red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", red));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* commits: the layer has a presentation */

    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", blue));
    lamina_color_t model;
    ASSERT_OK(lamina_layer_get_color(f->engine, f->layer, "backgroundColor", &model));
    ASSERT_COLOR_NEAR(0, 0, 1, 1, model, 0.0); /* the model holds the new value at once */

    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    const double y = lt_ease(LAMINA_TIMING_DEFAULT, 0.4);
    const lamina_color_t c = presented_color(f->engine, f->layer, "backgroundColor");
    ASSERT_COLOR_NEAR(1.0 - y, 0.0, y, 1.0, c, 1e-9);

    /* Part-way at other frames, done at 0.25 s (the animation is then removed, CA-1.10). */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2));
    const double y2 = lt_ease(LAMINA_TIMING_DEFAULT, 0.8);
    ASSERT_COLOR_NEAR(1.0 - y2, 0.0, y2, 1.0, presented_color(f->engine, f->layer, "backgroundColor"), 1e-9);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25));
    ASSERT_COLOR_NEAR(0, 0, 1, 1, presented_color(f->engine, f->layer, "backgroundColor"), 0.0);
    ASSERT_OK(lamina_engine_tick(f->engine, 5.0));
    ASSERT_COLOR_NEAR(0, 0, 1, 1, presented_color(f->engine, f->layer, "backgroundColor"), 0.0);
}

/* Listing 7.2 (CA-2.7, R6): the same change inside a transaction with a 1 s duration animates
 * over 1 s; the explicit commit publishes it with the engine's time (0) as begin time. */
static void listing_7_2_inside_a_one_second_transaction(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    const lamina_color_t red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", red));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));

    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", blue));
    ASSERT_OK(lamina_transaction_commit(f->engine));

    const double times[] = {0.1, 0.25, 0.5, 0.9};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
        ASSERT_OK(lamina_engine_tick(f->engine, times[i]));
        const double y = lt_ease(LAMINA_TIMING_DEFAULT, times[i]);
        ASSERT_COLOR_NEAR(1.0 - y, 0.0, y, 1.0, presented_color(f->engine, f->layer, "backgroundColor"), 1e-9);
    }
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    ASSERT_COLOR_NEAR(0, 0, 1, 1, presented_color(f->engine, f->layer, "backgroundColor"), 0.0);
}

/* CA-3.15 / R9: nil colour endpoints do not interpolate; they switch at progress 0.5. The
 * header's own example (nil -> blue) therefore shows nil, then blue. */
static void nil_color_endpoints_switch_at_half_progress(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &linear));
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", lt_rgba(0, 0, 1, 1)));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "backgroundColor", 0.1, &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
    ASSERT_COLOR_NEAR(0, 0, 1, 1, presented_color_at(f->engine, f->layer, "backgroundColor", 0.15), 0.0);
}

/* ------------------------------------------------------------------------------------------ */
/* Commit rules                                                                                */
/* ------------------------------------------------------------------------------------------ */

/* CA-1.2 / R3: before the first commit a layer has no presentation: has_presentation is false
 * and the presentation getters are NO_PRESENTATION with the out-parameter untouched. A layer
 * created inside nested transactions gets one at the outermost commit. */
static void no_presentation_before_the_first_commit(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_bool_t has = 7;
    ASSERT_OK(lamina_layer_has_presentation(f->engine, f->layer, &has));
    assert_int_equal(has, LAMINA_FALSE);
    lamina_value_t v;
    LT_FILL(v);
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION, lamina_layer_get_presentation_value(f->engine, f->layer, "opacity", &v));
    ASSERT_UNTOUCHED(v);
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layer_get_presentation_value_at(f->engine, f->layer, "position.x", 3.0, &v));
    ASSERT_UNTOUCHED(v);
    /* Other errors win over NO_PRESENTATION where the header lists them. */
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_presentation_value(f->engine, f->layer, "nope", &v));
    ASSERT_UNTOUCHED(v);

    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_has_presentation(f->engine, f->layer, &has));
    assert_int_equal(has, LAMINA_TRUE);
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number(f->engine, f->layer, "opacity"));

    lamina_layer_t nested;
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_create(f->engine, &nested));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_layer_has_presentation(f->engine, nested, &has));
    assert_int_equal(has, LAMINA_FALSE);
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION, lamina_layer_get_presentation_value(f->engine, nested, "opacity", &v));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_layer_has_presentation(f->engine, nested, &has));
    assert_int_equal(has, LAMINA_TRUE);

    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_has_presentation(f->engine, f->layer, NULL));
}

/* R4 / CA-14.10 / CA-16: a layer that was never committed gets no implicit animation: its
 * changes apply directly at its first commit. */
static void never_committed_layer_does_not_animate(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", lt_rgba(1, 0, 0, 1)));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.25));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){100, 50}));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_DOUBLE_EQ(0.25, lt_presented_number(f->engine, f->layer, "opacity"));
    ASSERT_DOUBLE_EQ(0.25, lt_presented_number_at(f->engine, f->layer, "opacity", 0.1));
    ASSERT_DOUBLE_EQ(100, lt_presented_number_at(f->engine, f->layer, "position.x", 0.1));
    ASSERT_COLOR_NEAR(1, 0, 0, 1, presented_color_at(f->engine, f->layer, "backgroundColor", 0.1), 0.0);

    /* Contrast: once committed, the same kind of change animates. */
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 1.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    const double y = lt_ease(LAMINA_TIMING_DEFAULT, 0.4);
    ASSERT_NEAR(0.25 + 0.75 * y, lt_presented_number(f->engine, f->layer, "opacity"), 1e-9);
}

/* CA-1.3: uncommitted model changes are invisible to the presentation, with or without an
 * animation; the tick (or flush) that commits them makes them (or their animation) visible. */
static void uncommitted_changes_are_invisible(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){40, 80})); /* animates */
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5)); /* does not */
    lamina_point_t model;
    ASSERT_OK(lamina_layer_get_position(f->engine, f->layer, &model));
    ASSERT_POINT_EQ(40, 80, model);
    lamina_value_t v = presented(f->engine, f->layer, "position");
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    ASSERT_POINT_EQ(0, 0, v.u.point);
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number(f->engine, f->layer, "opacity"));
    /* Not even at a later time. */
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number_at(f->engine, f->layer, "position.x", 10.0));
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number_at(f->engine, f->layer, "opacity", 10.0));

    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* commits; the animation begins at 0 */
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "position.x"));
    ASSERT_DOUBLE_EQ(0.5, lt_presented_number(f->engine, f->layer, "opacity"));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25));
    v = presented(f->engine, f->layer, "position");
    ASSERT_POINT_EQ(40, 80, v.u.point);
}

/* ------------------------------------------------------------------------------------------ */
/* Suppressing actions                                                                         */
/* ------------------------------------------------------------------------------------------ */

/* CA-2.7 / CA-17: with disableActions (set directly or through the "disableActions" key) a
 * change consults no action: it shows at the commit with no animation; the setting ends with
 * its transaction. */
static void disable_actions_suppresses_implicit_animations(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));

    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(0.5, lt_presented_number(f->engine, f->layer, "opacity"));
    ASSERT_DOUBLE_EQ(0.5, lt_presented_number_at(f->engine, f->layer, "opacity", 0.1));

    ASSERT_OK(lamina_transaction_begin(f->engine));
    const lamina_value_t yes = lt_bool(LAMINA_TRUE);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "disableActions", &yes));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){7, 8}));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(7.0, lt_presented_number_at(f->engine, f->layer, "position.x", 0.05));

    /* In the implicit transaction, until the tick that commits it. */
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "opacity"));

    /* After it: changes animate again. */
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 1.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 1.1));
    ASSERT_NEAR(lt_ease(LAMINA_TIMING_DEFAULT, 0.4), lt_presented_number(f->engine, f->layer, "opacity"), 1e-9);
}

/* CA-3.5 / R5: an explicit "no action" for a key ends the action search: a change of that
 * property does not animate, also when set through a key path ("position.x" posts "position");
 * other properties still animate; removing the entry restores the implicit animation. */
static void set_action_none_stops_the_animation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_action_none(f->engine, f->layer, "opacity"));
    ASSERT_OK(lamina_layer_set_action_none(f->engine, f->layer, "position"));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.2));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "position.x", 30));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "zPosition", 10)); /* animates */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    const double y = lt_ease(LAMINA_TIMING_DEFAULT, 0.4);
    ASSERT_DOUBLE_EQ(0.2, lt_presented_number(f->engine, f->layer, "opacity"));
    ASSERT_DOUBLE_EQ(30.0, lt_presented_number(f->engine, f->layer, "position.x"));
    ASSERT_NEAR(10.0 * y, lt_presented_number(f->engine, f->layer, "zPosition"), 1e-9);

    ASSERT_OK(lamina_layer_remove_action(f->engine, f->layer, "opacity"));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 1.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2)); /* begin time 0.1 */
    ASSERT_NEAR(0.2 + 0.8 * y, lt_presented_number(f->engine, f->layer, "opacity"), 1e-9);

    /* An entry for another layer or key has no effect here. */
    lamina_layer_t other;
    ASSERT_OK(lamina_layer_create(f->engine, &other));
    ASSERT_OK(lamina_layer_set_action_none(f->engine, other, "zPosition"));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.3)); /* the first zPosition animation is over */
    ASSERT_DOUBLE_EQ(10.0, lt_presented_number(f->engine, f->layer, "zPosition"));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "zPosition", 0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.3)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.4)); /* begin 0.3 */
    ASSERT_NEAR(10.0 - 10.0 * y, lt_presented_number(f->engine, f->layer, "zPosition"), 1e-9);
}

/* ------------------------------------------------------------------------------------------ */
/* Presentation at arbitrary times                                                             */
/* ------------------------------------------------------------------------------------------ */

/* get_presentation_value_at evaluates the attached animations at any time: before the begin
 * time the animation contributes nothing (fill mode removed), inside it the curve, after it
 * the model value; once the animation was removed by a tick, past times show the model too. */
static void presentation_at_arbitrary_times(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0)); /* begin time 1.0, 0.25 s */

    ASSERT_DOUBLE_EQ(1.0, lt_presented_number(f->engine, f->layer, "opacity")); /* progress 0 */
    const double samples[] = {0.0, 0.05, 0.1, 0.125, 0.2, 0.24};
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        const double y = lt_ease(LAMINA_TIMING_DEFAULT, samples[i] / 0.25);
        ASSERT_NEAR(1.0 - y, lt_presented_number_at(f->engine, f->layer, "opacity", 1.0 + samples[i]), 1e-9);
    }
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number_at(f->engine, f->layer, "opacity", 0.5)); /* before */
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number_at(f->engine, f->layer, "opacity", 1.25)); /* end */
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number_at(f->engine, f->layer, "opacity", 100.0));
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number_at(f->engine, f->layer, "opacity", -100.0));
    /* Asking about other times does not move the engine. */
    double t = -1;
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    ASSERT_DOUBLE_EQ(1.0, t);
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number(f->engine, f->layer, "opacity"));

    /* The tick at the end removes the animation: past times now read the model value. */
    ASSERT_OK(lamina_engine_tick(f->engine, 1.3));
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number_at(f->engine, f->layer, "opacity", 1.1));
}

/* A tick may go backwards (R1): the presentation follows the engine time while the animation
 * is attached. */
static void presentation_follows_time_backwards(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "cornerRadius", 20));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2));
    ASSERT_NEAR(20 * lt_ease(LAMINA_TIMING_DEFAULT, 0.8), lt_presented_number(f->engine, f->layer, "cornerRadius"), 1e-9);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.05));
    ASSERT_NEAR(20 * lt_ease(LAMINA_TIMING_DEFAULT, 0.2), lt_presented_number(f->engine, f->layer, "cornerRadius"), 1e-9);
    ASSERT_OK(lamina_engine_tick(f->engine, -1.0)); /* before the begin time */
    ASSERT_DOUBLE_EQ(20.0, lt_presented_number(f->engine, f->layer, "cornerRadius"));
}

/* get_presentation_value(_at) errors: NULL key or out (INVALID_ARGUMENT), non-finite time
 * (INVALID_ARGUMENT), unknown keys and key paths (UNKNOWN_KEY); out untouched. */
static void presentation_getters_reject_bad_input(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_value_t v;
#define CHECK_UNTOUCHED(status, call) \
    do {                              \
        LT_FILL(v);                   \
        ASSERT_FAILS(status, call);   \
        ASSERT_UNTOUCHED(v);          \
    } while (0)
    CHECK_UNTOUCHED(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_presentation_value(f->engine, f->layer, NULL, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_presentation_value(f->engine, f->layer, "opacity", NULL));
    CHECK_UNTOUCHED(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_presentation_value_at(f->engine, f->layer, NULL, 0.1, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_presentation_value_at(f->engine, f->layer, "opacity", 0.1, NULL));
    const double bad_times[] = {NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < 3; i++) {
        CHECK_UNTOUCHED(LAMINA_STATUS_INVALID_ARGUMENT,
                        lamina_layer_get_presentation_value_at(f->engine, f->layer, "opacity", bad_times[i], &v));
    }
    const char *unknown[] = {"", "opacityy", "position.z", "opacity.x", "transform.rotation.q", "bounds.size.depth"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK_UNTOUCHED(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_presentation_value(f->engine, f->layer, unknown[i], &v));
        CHECK_UNTOUCHED(LAMINA_STATUS_UNKNOWN_KEY,
                        lamina_layer_get_presentation_value_at(f->engine, f->layer, unknown[i], 0.1, &v));
    }
#undef CHECK_UNTOUCHED
}

/* ------------------------------------------------------------------------------------------ */
/* What animates, and how                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* CA-7.6 / header: setting a key path animates the whole property under its key: position.x
 * moves, position.y stays; the presentation reads key paths too. */
static void key_path_change_animates_the_whole_property(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){10, 20}));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "position.x", 110));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    const double y = lt_ease(LAMINA_TIMING_DEFAULT, 0.4);
    lamina_value_t v = presented(f->engine, f->layer, "position");
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    ASSERT_NEAR(10 + 100 * y, v.u.point.x, 1e-9);
    ASSERT_DOUBLE_EQ(20, v.u.point.y);
    ASSERT_NEAR(10 + 100 * y, lt_presented_number(f->engine, f->layer, "position.x"), 1e-9);
    /* A second key path change of the same property replaces the animation (R8, CA-3.8),
     * starting from the presentation value (R6). */
    const double x_now = 10 + 100 * y;
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "position.y", 120));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2)); /* begin 0.1 */
    v = presented(f->engine, f->layer, "position");
    ASSERT_NEAR(x_now + (110 - x_now) * y, v.u.point.x, 1e-9);
    ASSERT_NEAR(20 + 100 * y, v.u.point.y, 1e-9);
}

/* R6 / CA-3.9 / CA-17: interrupting an animation starts the new one from the presentation
 * value at the moment of the change (smooth), not from the old model or the end value. */
static void interruption_starts_from_the_presentation_value(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    const double p1 = lt_presented_number(f->engine, f->layer, "opacity");
    const double y = lt_ease(LAMINA_TIMING_DEFAULT, 0.4);
    ASSERT_NEAR(1.0 - y, p1, 1e-9);

    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 1.0));
    ASSERT_NEAR(p1, lt_presented_number(f->engine, f->layer, "opacity"), 1e-12); /* uncommitted */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1)); /* the new one begins at 0.1 */
    ASSERT_NEAR(p1, lt_presented_number(f->engine, f->layer, "opacity"), 1e-12);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2));
    ASSERT_NEAR(p1 + (1.0 - p1) * y, lt_presented_number(f->engine, f->layer, "opacity"), 1e-9);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.35));
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number(f->engine, f->layer, "opacity"));
}

/* CA-2.7: the transaction's timing function replaces the default curve of the implicit
 * animation. */
static void transaction_timing_function_shapes_the_animation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_timing_function_t tf;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &tf));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &tf));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_NEAR(0.6, lt_presented_number_at(f->engine, f->layer, "opacity", 0.1), 1e-12);

    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_EASE_IN, &tf));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &tf));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 2.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 1.0));
    ASSERT_OK(lamina_transaction_commit(f->engine)); /* begin 1.0 */
    ASSERT_NEAR(0.315357, lt_presented_number_at(f->engine, f->layer, "opacity", 2.0), 1e-6); /* CA-16 */
}

static void count_call(void *userdata) { (*(int *)userdata)++; }

/* R4 / CA-16: setting a property to its current value adds no animation (a completion set
 * before it does not wait), while a real change in the same setup does. */
static void equal_value_adds_no_animation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));

    int same = 0, changed = 0;
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 10.0));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, count_call, &same, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "position.x", 0.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.01));
    assert_int_equal(same, 1);

    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 10.0));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, count_call, &changed, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.75));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.01)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.02));
    assert_int_equal(changed, 0);
    ASSERT_OK(lamina_engine_tick(f->engine, 10.01));
    assert_int_equal(changed, 1);
}

/* R9 / CA-3.15: booleans are discrete and switch at progress 0.5 (linear curve here, so at
 * half the duration). */
static void booleans_switch_at_half_progress(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &linear));
    ASSERT_OK(lamina_layer_set_bool(f->engine, f->layer, "hidden", LAMINA_TRUE));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "hidden", 0.1, &v));
    assert_int_equal(v.type, LAMINA_VALUE_BOOL);
    assert_int_equal(v.u.boolean, LAMINA_FALSE);
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "hidden", 0.15, &v));
    assert_int_equal(v.u.boolean, LAMINA_TRUE);
}

/* Header: names post an event but never animate: a committed layer's new name shows at the
 * commit, as a (borrowed) string. */
static void names_never_animate(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_layer_set_name(f->engine, f->layer, "before"));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_name(f->engine, f->layer, "after"));
    lamina_value_t v = presented(f->engine, f->layer, "name");
    assert_int_equal(v.type, LAMINA_VALUE_STRING);
    assert_string_equal(v.u.string, "before");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    v = presented(f->engine, f->layer, "name");
    assert_string_equal(v.u.string, "after");
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "name", 0.01, &v));
    assert_string_equal(v.u.string, "after");
}

/* CA-3.16 / CA-7.7: a registered custom property animates implicitly like a built-in one
 * (number and colour kinds), and its key paths animate the whole property. */
static void custom_property_animates(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    const lamina_value_t zero = lt_number(0.0), black = lt_color(0, 0, 0, 1), origin = lt_point(0, 0);
    ASSERT_OK(lamina_engine_register_property(f->engine, "progress", &zero));
    ASSERT_OK(lamina_engine_register_property(f->engine, "glow", &black));
    ASSERT_OK(lamina_engine_register_property(f->engine, "focus", &origin));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "progress"));

    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "progress", 1.0));
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "glow", lt_rgba(1, 1, 1, 1)));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "focus.y", 8.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    const double y = lt_ease(LAMINA_TIMING_DEFAULT, 0.4);
    ASSERT_NEAR(y, lt_presented_number(f->engine, f->layer, "progress"), 1e-9);
    ASSERT_COLOR_NEAR(y, y, y, 1.0, presented_color(f->engine, f->layer, "glow"), 1e-9);
    ASSERT_NEAR(8.0 * y, lt_presented_number(f->engine, f->layer, "focus.y"), 1e-9);
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "focus.x"));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25));
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number(f->engine, f->layer, "progress"));

    /* A layer that was never committed does not animate its custom property either (R4). */
    lamina_layer_t fresh;
    ASSERT_OK(lamina_layer_create(f->engine, &fresh));
    ASSERT_OK(lamina_layer_set_number(f->engine, fresh, "progress", 0.5));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.3));
    ASSERT_DOUBLE_EQ(0.5, lt_presented_number_at(f->engine, fresh, "progress", 0.35));
}

/* Typed shortcuts animate like their keys (they are the hosts' hot path). */
static void shortcuts_animate_like_their_keys(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){100, 200}));
    ASSERT_OK(lamina_layer_set_bounds(f->engine, f->layer, (lamina_rect_t){{0, 0}, {40, 60}}));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    const double y = lt_ease(LAMINA_TIMING_DEFAULT, 0.4);
    lamina_value_t v = presented(f->engine, f->layer, "position");
    ASSERT_NEAR(100 * y, v.u.point.x, 1e-9);
    ASSERT_NEAR(200 * y, v.u.point.y, 1e-9);
    v = presented(f->engine, f->layer, "bounds");
    assert_int_equal(v.type, LAMINA_VALUE_RECT);
    ASSERT_NEAR(40 * y, v.u.rect.size.width, 1e-9);
    ASSERT_NEAR(60 * y, v.u.rect.size.height, 1e-9);
    ASSERT_NEAR(1.0 - y, lt_presented_number(f->engine, f->layer, "opacity"), 1e-9);
}

/* CA-1.7: animations never change model values: mid-animation the model holds the target. */
static void animations_never_change_the_model(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    double o = -1;
    ASSERT_OK(lamina_layer_get_opacity(f->engine, f->layer, &o));
    ASSERT_DOUBLE_EQ(0.0, o);
    assert_true(lt_presented_number(f->engine, f->layer, "opacity") > 0.0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(listing_7_1_color_change_animates_over_a_quarter_second),
        LT_TEST(listing_7_2_inside_a_one_second_transaction),
        LT_TEST(nil_color_endpoints_switch_at_half_progress),
        LT_TEST(no_presentation_before_the_first_commit),
        LT_TEST(never_committed_layer_does_not_animate),
        LT_TEST(uncommitted_changes_are_invisible),
        LT_TEST(disable_actions_suppresses_implicit_animations),
        LT_TEST(set_action_none_stops_the_animation),
        LT_TEST(presentation_at_arbitrary_times),
        LT_TEST(presentation_follows_time_backwards),
        LT_TEST(presentation_getters_reject_bad_input),
        LT_TEST(key_path_change_animates_the_whole_property),
        LT_TEST(interruption_starts_from_the_presentation_value),
        LT_TEST(transaction_timing_function_shapes_the_animation),
        LT_TEST(equal_value_adds_no_animation),
        LT_TEST(booleans_switch_at_half_progress),
        LT_TEST(names_never_animate),
        LT_TEST(custom_property_animates),
        LT_TEST(shortcuts_animate_like_their_keys),
        LT_TEST(animations_never_change_the_model),
    };
    return cmocka_run_group_tests_name("presentation", tests, NULL, NULL);
}
