/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_animator.c — property animators through the C ABI (R17.9-R17.21 in docs/semantics.md):
 * states, running to the end, scrubbing, reversing, continue with a duration factor, stop and
 * finish, wrong-state calls answered MISUSE with a message, bad numbers INVALID_ARGUMENT, and
 * a layer destroyed mid-flight. Positions compare within 1e-6 points.
 */
#include "lamina_test_support.h"

#include <math.h>

#define TOL 1e-6

typedef struct {
    lamina_engine_t *engine;
    lamina_layer_t layer;
    int completions;
    lamina_animating_position_t last;
} ctx_t;

static void move_to_100(void *userdata) {
    ctx_t *c = userdata;
    ASSERT_OK(lamina_layer_set_position(c->engine, c->layer, (lamina_point_t){100, 0}));
}

static void fade_out(void *userdata) {
    ctx_t *c = userdata;
    ASSERT_OK(lamina_layer_set_opacity(c->engine, c->layer, 0.0));
}

static void completed(void *userdata, lamina_animating_position_t position) {
    ctx_t *c = userdata;
    c->completions++;
    c->last = position;
}

static double shown_x(ctx_t *c) {
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value(c->engine, c->layer, "position", &v));
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    return v.u.point.x;
}

static double model_x(ctx_t *c) {
    lamina_point_t p;
    ASSERT_OK(lamina_layer_get_position(c->engine, c->layer, &p));
    return p.x;
}

/* A new layer committed at x = 0 at time `t0`, and an animator (linear, `duration`) moving it
 * to x = 100. */
static lamina_animator_t *make_at(lt_fixture_t *f, ctx_t *c, double duration, double t0) {
    c->engine = f->engine;
    ASSERT_OK(lamina_layer_create(f->engine, &c->layer));
    c->completions = 0;
    c->last = -1;
    ASSERT_OK(lamina_layer_set_position(f->engine, c->layer, (lamina_point_t){0, 0}));
    ASSERT_OK(lamina_engine_tick(f->engine, t0));
    lamina_animator_params_t p = {0};
    p.duration = duration;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &p.curve));
    lamina_animator_t *a = NULL;
    ASSERT_OK(lamina_animator_create(f->engine, &p, &a));
    ASSERT_OK(lamina_animator_add_animations(a, move_to_100, c));
    ASSERT_OK(lamina_animator_add_completion(a, completed, c));
    return a;
}

static lamina_animator_t *make(lt_fixture_t *f, ctx_t *c, double duration) {
    return make_at(f, c, duration, 0.0);
}

static lamina_animating_state_t state_of(lamina_animator_t *a) {
    lamina_animating_state_t s = -1;
    ASSERT_OK(lamina_animator_get_state(a, &s));
    return s;
}

/* R17.9-R17.11, R17.17: start plays to the end; the completion hears END. */
static void runs_to_end(void **state) {
    lt_fixture_t *f = *state;
    ctx_t c;
    lamina_animator_t *a = make(f, &c, 1.0);
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_INACTIVE);
    ASSERT_DOUBLE_EQ(0.0, model_x(&c)); /* blocks wait for start (R17.10) */
    ASSERT_OK(lamina_animator_start(a, 0.0));
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_ACTIVE);
    lamina_bool_t running = LAMINA_FALSE;
    ASSERT_OK(lamina_animator_is_running(a, &running));
    assert_true(running);
    ASSERT_DOUBLE_EQ(100.0, model_x(&c));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25));
    ASSERT_NEAR(25.0, shown_x(&c), TOL);
    double fraction = -1;
    ASSERT_OK(lamina_animator_get_fraction_complete(a, &fraction));
    ASSERT_NEAR(0.25, fraction, 1e-12);
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_INACTIVE);
    assert_int_equal(c.completions, 1);
    assert_int_equal(c.last, LAMINA_ANIMATING_POSITION_END);
    ASSERT_DOUBLE_EQ(100.0, shown_x(&c));
    ASSERT_OK(lamina_animator_destroy(a));
}

/* R17.12, R17.14, R17.15: scrub while paused (linear), then reverse and run back to START. */
static void scrub_and_reverse(void **state) {
    lt_fixture_t *f = *state;
    ctx_t c;
    lamina_animator_t *a = make(f, &c, 1.0);
    ASSERT_OK(lamina_animator_pause(a));
    ASSERT_OK(lamina_animator_set_fraction_complete(a, 0.5));
    ASSERT_NEAR(50.0, shown_x(&c), TOL);
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_velocity(f->engine, f->layer, "position", 0.0, &v));
    ASSERT_DOUBLE_EQ(0.0, v.u.point.x); /* held: no velocity */
    ASSERT_OK(lamina_animator_set_reversed(a, LAMINA_TRUE));
    ASSERT_OK(lamina_animator_start(a, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2));
    ASSERT_NEAR(30.0, shown_x(&c), TOL);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.6));
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_INACTIVE);
    assert_int_equal(c.last, LAMINA_ANIMATING_POSITION_START);
    ASSERT_DOUBLE_EQ(0.0, model_x(&c));
    ASSERT_DOUBLE_EQ(0.0, shown_x(&c));
    ASSERT_OK(lamina_animator_destroy(a));
}

/* R17.13: the rest of the run lasts duration_factor x the duration. */
static void continue_with_factor(void **state) {
    lt_fixture_t *f = *state;
    ctx_t c;
    lamina_animator_t *a = make(f, &c, 2.0);
    ASSERT_OK(lamina_animator_set_fraction_complete(a, 0.5)); /* inactive -> active, paused */
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_ACTIVE);
    ASSERT_OK(lamina_animator_continue(a, NULL, NULL, 0.25)); /* 0.5 s left */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25));
    ASSERT_NEAR(75.0, shown_x(&c), TOL);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    assert_int_equal(c.last, LAMINA_ANIMATING_POSITION_END);
    ASSERT_OK(lamina_animator_destroy(a));
}

/* R17.16: stop without finishing keeps the screen values; stop + finish(START). */
static void stop_and_finish(void **state) {
    lt_fixture_t *f = *state;
    ctx_t c;
    lamina_animator_t *a = make(f, &c, 1.0);
    ASSERT_OK(lamina_animator_start(a, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.4));
    ASSERT_OK(lamina_animator_stop(a, LAMINA_TRUE));
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_INACTIVE);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_NEAR(40.0, model_x(&c), TOL);
    ASSERT_NEAR(40.0, shown_x(&c), TOL);
    assert_int_equal(c.completions, 0);
    ASSERT_OK(lamina_animator_destroy(a));

    a = make_at(f, &c, 1.0, 1.0);
    ASSERT_OK(lamina_animator_start(a, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.3));
    ASSERT_OK(lamina_animator_stop(a, LAMINA_FALSE));
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_STOPPED);
    ASSERT_OK(lamina_engine_tick(f->engine, 1.9));
    ASSERT_NEAR(30.0, shown_x(&c), TOL);
    ASSERT_OK(lamina_animator_finish(a, LAMINA_ANIMATING_POSITION_START));
    ASSERT_NEAR(30.0, shown_x(&c), TOL); /* the model values publish with the transaction */
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    assert_int_equal(c.completions, 1);
    assert_int_equal(c.last, LAMINA_ANIMATING_POSITION_START);
    ASSERT_DOUBLE_EQ(0.0, model_x(&c));
    ASSERT_DOUBLE_EQ(0.0, shown_x(&c));
    ASSERT_OK(lamina_animator_destroy(a));
}

/* R17.8, R17.18, R17.19: wrong states are MISUSE with a message; bad numbers INVALID_ARGUMENT. */
static void misuse(void **state) {
    lt_fixture_t *f = *state;
    ctx_t c;
    lamina_animator_params_t p = {0};
    lamina_animator_t *bad = NULL;
    p.duration = -1;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_create(f->engine, &p, &bad));
    p.duration = NAN;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_create(f->engine, &p, &bad));
    p.duration = 1;
    p.curve = (lamina_timing_function_t){2, 0, 1, 1};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_create(f->engine, &p, &bad));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_create(f->engine, NULL, &bad));

    lamina_animator_t *a = make(f, &c, 1.0);
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_finish(a, LAMINA_ANIMATING_POSITION_END));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_stop(a, LAMINA_TRUE));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_continue(a, NULL, NULL, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_start(a, -1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_start(a, INFINITY));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_set_fraction_complete(a, NAN));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_add_animations(a, NULL, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_get_state(a, NULL));
    ASSERT_OK(lamina_animator_start(a, 0.0));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_set_fraction_complete(a, 0.5));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_set_interruptible(a, LAMINA_FALSE));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_start(a, 1.0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_continue(a, NULL, NULL, -1));
    lamina_timing_function_t linear = {0, 0, 1, 1};
    lamina_spring_t spring = {1, 100, 10, 0, 0, 0};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_continue(a, &linear, &spring, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_finish(a, 7));
    ASSERT_OK(lamina_animator_stop(a, LAMINA_FALSE));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_start(a, 0.0));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_pause(a));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_set_reversed(a, LAMINA_TRUE));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_add_animations(a, move_to_100, &c));
    ASSERT_OK(lamina_animator_finish(a, LAMINA_ANIMATING_POSITION_CURRENT));
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_INACTIVE);
    ASSERT_OK(lamina_animator_destroy(a));

    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    assert_int_equal(c.completions, 1);
    assert_int_equal(c.last, LAMINA_ANIMATING_POSITION_CURRENT);

    ctx_t c2;
    a = make_at(f, &c2, 1.0, 0.1);
    ASSERT_OK(lamina_animator_set_interruptible(a, LAMINA_FALSE));
    ASSERT_OK(lamina_animator_start(a, 0.0));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_pause(a));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animator_stop(a, LAMINA_TRUE));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.6));
    ASSERT_OK(lamina_animator_destroy(a)); /* R17.21: ends where it is, no completion */
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    assert_int_equal(c2.completions, 0);
    ASSERT_NEAR(50.0, shown_x(&c2), TOL);
    ASSERT_NEAR(50.0, model_x(&c2), TOL);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animator_destroy(NULL));
}

/* R17.20: a layer destroyed mid-flight: the animator carries on; nothing crashes. */
static void layer_destroyed_mid_flight(void **state) {
    lt_fixture_t *f = *state;
    ctx_t c = {f->engine, 0, 0, -1};
    lamina_layer_t root = f->layer, child = 0;
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, root, child));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    c.layer = child;
    lamina_animator_params_t p = {0};
    p.duration = 1.0;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &p.curve));
    lamina_animator_t *a = NULL;
    ASSERT_OK(lamina_animator_create(f->engine, &p, &a));
    ASSERT_OK(lamina_animator_add_animations(a, fade_out, &c));
    ASSERT_OK(lamina_animator_add_completion(a, completed, &c));
    ASSERT_OK(lamina_animator_start(a, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_OK(lamina_layer_remove_from_superlayer(f->engine, child));
    ASSERT_OK(lamina_layer_release(f->engine, child));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.6));
    ASSERT_OK(lamina_animator_pause(a));
    ASSERT_OK(lamina_animator_set_fraction_complete(a, 0.9));
    ASSERT_OK(lamina_animator_set_reversed(a, LAMINA_TRUE));
    ASSERT_OK(lamina_animator_continue(a, NULL, NULL, 1.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 3.0));
    assert_int_equal(state_of(a), LAMINA_ANIMATING_STATE_INACTIVE);
    assert_int_equal(c.completions, 1);
    assert_int_equal(c.last, LAMINA_ANIMATING_POSITION_START);
    ASSERT_OK(lamina_animator_destroy(a));
}

/* An animator outliving its engine, paused or running, answers STALE_HANDLE and can still be
 * destroyed; a running one does not keep the engine alive (R17.21: the valgrind run of this
 * program would report the engine as lost). */
static void engine_destroyed_first(void **state) {
    (void)state;
    for (int running = 0; running < 2; running++) {
        lamina_engine_t *e = NULL;
        ASSERT_OK(lamina_engine_create(&e));
        ctx_t c = {e, 0, 0, -1};
        ASSERT_OK(lamina_layer_create(e, &c.layer));
        ASSERT_OK(lamina_engine_tick(e, 0.0));
        lamina_animator_params_t p = {0};
        p.duration = 1.0;
        p.curve = (lamina_timing_function_t){0, 0, 1, 1};
        lamina_animator_t *a = NULL;
        ASSERT_OK(lamina_animator_create(e, &p, &a));
        ASSERT_OK(lamina_animator_add_animations(a, move_to_100, &c));
        if (running) ASSERT_OK(lamina_animator_start(a, 0.0));
        else ASSERT_OK(lamina_animator_pause(a));
        ASSERT_OK(lamina_engine_destroy(e));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_animator_start(a, 0.0));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_animator_pause(a));
        ASSERT_OK(lamina_animator_destroy(a));
    }
}

/* R17.22: a spring block catches a view animation with its velocity. */
static void spring_view_block(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t card = f->layer;
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, card, LAMINA_TRUE));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_spring_t spring;
    ASSERT_OK(lamina_spring_init_perceptual(0.5, 0.2, &spring));
    /* Outside a block: MISUSE, nothing changes. */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_view_animation_set_spring(f->engine, &spring));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, LAMINA_VIEW_ANIMATION_CURVE_LINEAR, NULL, NULL, NULL));
    ASSERT_OK(lamina_layer_set_position(f->engine, card, (lamina_point_t){100, 0}));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.4));
    double t1 = 0.4 + 1.0 / 60;
    lamina_value_t p0, v0, p1, v1;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, card, "position", t1, &p0));
    ASSERT_OK(lamina_layer_get_presentation_velocity(f->engine, card, "position", t1, &v0));
    ASSERT_NEAR(100.0, v0.u.point.x, 1e-6);
    ASSERT_OK(lamina_view_animation_begin(f->engine, 0.0, 0.0, 0, NULL, NULL, NULL));
    lamina_spring_t never = {1, 100, 0, 0, 0, 0};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_view_animation_set_spring(f->engine, &never));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_view_animation_set_spring(f->engine, NULL));
    ASSERT_OK(lamina_view_animation_set_spring(f->engine, &spring));
    ASSERT_OK(lamina_layer_set_position(f->engine, card, (lamina_point_t){300, 0}));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, t1));
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, card, "position", t1, &p1));
    ASSERT_OK(lamina_layer_get_presentation_velocity(f->engine, card, "position", t1, &v1));
    ASSERT_NEAR(p0.u.point.x, p1.u.point.x, 1e-9);
    ASSERT_NEAR(v0.u.point.x, v1.u.point.x, 1e-6 * fabs(v0.u.point.x));
    ASSERT_OK(lamina_engine_tick(f->engine, t1 + 3.0));
    ASSERT_OK(lamina_layer_get_presentation_value(f->engine, card, "position", &p1));
    ASSERT_DOUBLE_EQ(300.0, p1.u.point.x);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(runs_to_end), LT_TEST(scrub_and_reverse), LT_TEST(continue_with_factor),
        LT_TEST(stop_and_finish), LT_TEST(misuse), LT_TEST(layer_destroyed_mid_flight),
        LT_TEST(engine_destroyed_first), LT_TEST(spring_view_block),
    };
    return cmocka_run_group_tests_name("animator", tests, NULL, NULL);
}
