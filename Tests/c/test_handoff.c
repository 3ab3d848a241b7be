/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_handoff.c — a property changed every frame moves (R6, CA-3.9, CA-7.1): each new
 * animation starts from what is on screen when it begins, the replaced animation's value at the
 * new begin time. The loops are the ones hosts run: change, then tick, at 60 and 120 Hz, with
 * hand-driven time, a host clock, or a flush between the change and the tick. Each checks the
 * hand-off against the projection the host could make before the change (continuity) and the
 * presentation between frames against a reference chain written out here: linear animations
 * (the transaction's curve is set to linear) from the previous one's value at the begin time.
 */
#include "lamina_test_support.h"

#include <math.h>

enum driver { DRIVE_TICK, DRIVE_CLOCK, DRIVE_FLUSH };

/* The reference: a linear animation from `from` to `to` over [begin, begin + 0.25). */
typedef struct {
    double from, to, begin;
} chain_t;

static double chain_value(const chain_t *c, double t) {
    double x = (t - c->begin) / 0.25;
    if (!(x < 1)) return c->to;
    if (x < 0) x = 0;
    return c->from + (c->to - c->from) * x;
}

static double clock_now;
static double read_clock(void *userdata) {
    (void)userdata;
    return clock_now;
}

static double shown_x(lamina_engine_t *e, lamina_layer_t l, double t) {
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(e, l, "position", t, &v));
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    return v.u.point.x;
}

static void chase(lamina_engine_t *e, lamina_layer_t l, double hz, enum driver d) {
    const lamina_value_t linear = {.type = LAMINA_VALUE_STRING, .u.string = "linear"};
    clock_now = 0;
    if (d == DRIVE_CLOCK) ASSERT_OK(lamina_engine_set_clock(e, read_clock, NULL, NULL));
    ASSERT_OK(lamina_layer_set_position(e, l, (lamina_point_t){0, 0}));
    if (d == DRIVE_CLOCK) ASSERT_OK(lamina_engine_tick_now(e));
    else ASSERT_OK(lamina_engine_tick(e, 0.0));
    chain_t ref = {0, 0, -1};
    for (int k = 1; k <= 30; k++) {
        double t = k / hz;
        double target = 100 * sin(k / 10.0) + 100;
        double projected = shown_x(e, l, t); /* the screen at t, before the change */
        clock_now = t;
        ASSERT_OK(lamina_transaction_set_value(e, "animationTimingFunction", &linear));
        ASSERT_OK(lamina_layer_set_position(e, l, (lamina_point_t){target, 0}));
        if (d == DRIVE_FLUSH) ASSERT_OK(lamina_transaction_flush(e));
        if (d == DRIVE_CLOCK) ASSERT_OK(lamina_engine_tick_now(e));
        else ASSERT_OK(lamina_engine_tick(e, t));
        ref.from = chain_value(&ref, t);
        ref.to = target;
        ref.begin = t;
        /* Continuity: no jump back to an old start at the hand-off. */
        ASSERT_NEAR(projected, shown_x(e, l, t), 1e-9);
        ASSERT_NEAR(chain_value(&ref, t), shown_x(e, l, t), 1e-9);
        double mid = t + 0.5 / hz;
        ASSERT_NEAR(chain_value(&ref, mid), shown_x(e, l, mid), 1e-9);
    }
    /* It moved: a frozen chain stays at its first start, 0. */
    assert_true(shown_x(e, l, 30 / hz) > 40);
}

static void tick_60(void **state) {
    lt_fixture_t *f = *state;
    chase(f->engine, f->layer, 60, DRIVE_TICK);
}
static void tick_120(void **state) {
    lt_fixture_t *f = *state;
    chase(f->engine, f->layer, 120, DRIVE_TICK);
}
static void clock_60(void **state) {
    lt_fixture_t *f = *state;
    chase(f->engine, f->layer, 60, DRIVE_CLOCK);
}
static void clock_120(void **state) {
    lt_fixture_t *f = *state;
    chase(f->engine, f->layer, 120, DRIVE_CLOCK);
}
static void flush_60(void **state) {
    lt_fixture_t *f = *state;
    chase(f->engine, f->layer, 60, DRIVE_FLUSH);
}
static void flush_120(void **state) {
    lt_fixture_t *f = *state;
    chase(f->engine, f->layer, 120, DRIVE_FLUSH);
}

/* The issue's loop through the typed setter and the default curve: the presentation no longer
 * freezes at the first start. */
static void issue_loop_moves(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){0, 0}));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    for (int k = 1; k <= 30; k++) {
        ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){100 * sin(k / 10.0) + 100, 0}));
        ASSERT_OK(lamina_engine_tick(f->engine, k / 60.0));
    }
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value(f->engine, f->layer, "position", &v));
    assert_true(v.u.point.x > 100);
}

/* R2, R6: a hand-driven commit between two ticks reports its begin time as pending until the
 * tick, where it begins. */
static void pending_begin_time(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_OK(lamina_transaction_flush(f->engine));
    lamina_animation_timing_t timing;
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, "opacity", &timing));
    assert_false(timing.has_begin_time);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, "opacity", &timing));
    assert_true(timing.has_begin_time);
    ASSERT_DOUBLE_EQ(0.5, timing.begin_time);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(tick_60),   LT_TEST(tick_120),         LT_TEST(clock_60),
        LT_TEST(clock_120), LT_TEST(flush_60),         LT_TEST(flush_120),
        LT_TEST(issue_loop_moves), LT_TEST(pending_begin_time),
    };
    return cmocka_run_group_tests_name("handoff", tests, NULL, NULL);
}
