/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_clock.c — animations begin at their commit (issue 8 item 1: R1, R2, CA-2.14):
 * tick(t) moves time then commits; hand-driven commits between ticks begin at the next tick;
 * an engine given a clock (host callback or the monotonic clock) stamps every commit with it.
 */
#include "lamina_test_support.h"

static double presented_opacity(lt_fixture_t *f, double t) {
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "opacity", t, &v));
    assert_int_equal(v.type, LAMINA_VALUE_NUMBER);
    return v.u.number;
}

static double begin_time(lt_fixture_t *f, const char *key) {
    lamina_animation_timing_t timing;
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, key, &timing));
    assert_true(timing.has_begin_time);
    return timing.begin_time;
}

/* The host drew at 0 and 0.1 and then slept: nothing moves. */
static void sleeping_host(lt_fixture_t *f) {
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    double next = 0;
    ASSERT_OK(lamina_engine_next_frame_time(f->engine, &next));
    assert_true(isinf(next));
}

/* R2: an implicit change made at wall time 5.0 animates over 5.0–5.25, not "already over". */
static void implicit_change_begins_at_the_tick(void **state) {
    lt_fixture_t *f = *state;
    sleeping_host(f);
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 5.0));
    ASSERT_DOUBLE_EQ(5.0, begin_time(f, "opacity"));
    ASSERT_DOUBLE_EQ(1.0, presented_opacity(f, 5.0));
    double mid = presented_opacity(f, 5.125);
    assert_true(mid > 0.05 && mid < 0.95);
    ASSERT_DOUBLE_EQ(0.0, presented_opacity(f, 5.25));
}

/* R2: an explicit begin/commit between two hand-driven ticks begins at the next tick. */
static void explicit_commit_begins_at_the_next_tick(void **state) {
    lt_fixture_t *f = *state;
    sleeping_host(f);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(1.0, presented_opacity(f, 0.1)); /* published, holding its start */
    ASSERT_OK(lamina_engine_tick(f->engine, 5.0));
    ASSERT_DOUBLE_EQ(5.0, begin_time(f, "opacity"));
    ASSERT_DOUBLE_EQ(0.0, presented_opacity(f, 5.25));
}

typedef struct host_clock {
    double now;
    int calls;
    int freed;
} host_clock_t;

static double read_host_clock(void *userdata) {
    host_clock_t *c = userdata;
    c->calls++;
    return c->now;
}

static void free_host_clock(void *userdata) { ((host_clock_t *)userdata)->freed++; }

/* R1: with a host clock, every commit reads it and tick_now ticks at its reading. */
static void host_clock_stamps_each_commit(void **state) {
    lt_fixture_t *f = *state;
    host_clock_t clock = {0, 0, 0};
    ASSERT_OK(lamina_engine_set_clock(f->engine, read_host_clock, &clock, free_host_clock));
    ASSERT_OK(lamina_engine_tick_now(f->engine));
    clock.now = 0.1;
    ASSERT_OK(lamina_engine_tick_now(f->engine));
    clock.now = 5.0;
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    double t = 0;
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    ASSERT_DOUBLE_EQ(5.0, t); /* the commit moved engine time to the clock */
    ASSERT_DOUBLE_EQ(5.0, begin_time(f, "opacity"));
    ASSERT_DOUBLE_EQ(1.0, presented_opacity(f, 5.0));
    assert_true(clock.calls >= 3);
    assert_int_equal(clock.freed, 0);
    /* Replacing the clock releases the old userdata once. */
    ASSERT_OK(lamina_engine_use_monotonic_clock(f->engine));
    assert_int_equal(clock.freed, 1);
    ASSERT_OK(lamina_engine_tick_now(f->engine));
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    assert_true(t >= 5.0);
    /* NULL returns to hand-driven time; tick_now is then a misuse. */
    ASSERT_OK(lamina_engine_set_clock(f->engine, NULL, NULL, NULL));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_engine_tick_now(f->engine));
}

/* The clock's userdata is freed when the engine goes, and at once on failure. */
static void clock_userdata_ownership(void **state) {
    lt_fixture_t *f = *state;
    host_clock_t clock = {1, 0, 0};
    ASSERT_OK(lamina_engine_set_clock(f->engine, read_host_clock, &clock, free_host_clock));
    ASSERT_OK(lamina_engine_destroy(f->engine));
    f->engine = NULL;
    assert_int_equal(clock.freed, 1);

    host_clock_t other = {1, 0, 0};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_clock(NULL, read_host_clock, &other, free_host_clock));
    assert_int_equal(other.freed, 1);
    lamina_engine_t *stale = lt_stale_engine();
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_set_clock(stale, read_host_clock, &other, free_host_clock));
    assert_int_equal(other.freed, 2);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_tick_now(NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_use_monotonic_clock(NULL));
}

static double nan_clock(void *userdata) {
    (void)userdata;
    return NAN;
}

/* A clock returning NaN: tick_now refuses it, commits ignore it. */
static void non_finite_clock(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    ASSERT_OK(lamina_engine_set_clock(f->engine, nan_clock, NULL, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_tick_now(f->engine));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_OK(lamina_transaction_flush(f->engine));
    double t = 0;
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    ASSERT_DOUBLE_EQ(1.0, t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(implicit_change_begins_at_the_tick),
        LT_TEST(explicit_commit_begins_at_the_next_tick),
        LT_TEST(host_clock_stamps_each_commit),
        LT_TEST(clock_userdata_ownership),
        LT_TEST(non_finite_clock),
    };
    return cmocka_run_group_tests_name("clock", tests, NULL, NULL);
}
