/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Timing groups through the C ABI (issue 12, docs/architecture.md#timing-groups; R6, CA-1.9,
 * CA-11.7): numeric implicit animations committed together are sampled once per group per
 * frame. These pin what that must not change: a group whose members are mostly removed
 * mid-flight (it is re-packed), a member replaced by a newer commit, and a finished group
 * retiring every member in one frame. Values are compared with the curve evaluated by
 * lamina_timing_function_evaluate, to 1e-12.
 */
#include "lamina_test_support.h"

#define N_LAYERS 400

static double target_opacity(size_t i) { return (double)(i % 89) / 89.0; }

/* The implicit animation's value: from -> to over [begin, begin + duration), default curve;
 * the model value outside (fill mode removed). */
static double expected(double from, double to, double begin, double duration, double t) {
    double x = (t - begin) / duration;
    if (x < 0 || x >= 1) return to;
    return from + (to - from) * lt_ease(LAMINA_TIMING_DEFAULT, x);
}

static size_t animation_count(lamina_engine_t *e, lamina_layer_t l) {
    size_t n = 99;
    ASSERT_OK(lamina_layer_get_animation_count(e, l, &n));
    return n;
}

/* N committed layers at rest at time 0 (the fixture's own layer is unused). */
static void make_layers(lamina_engine_t *e, lamina_layer_t *layers) {
    for (size_t i = 0; i < N_LAYERS; i++) ASSERT_OK(lamina_layer_create(e, &layers[i]));
    ASSERT_OK(lamina_engine_tick(e, 0.0));
}

/* Three in four opacity animations removed mid-flight: the rest keep their exact values (the
 * group is re-packed after the next frame), the removed ones show the model value. */
static void members_removed_mid_flight(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t layers[N_LAYERS];
    make_layers(f->engine, layers);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    for (size_t i = 0; i < N_LAYERS; i++) ASSERT_OK(lamina_layer_set_opacity(f->engine, layers[i], target_opacity(i)));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* the commit begins here (R2) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25));
    for (size_t i = 0; i < N_LAYERS; i++) {
        if (i % 4 != 0) ASSERT_OK(lamina_layer_remove_animation(f->engine, layers[i], "opacity"));
    }
    const double times[] = {0.25, 0.5, 0.9};
    for (size_t k = 0; k < 3; k++) {
        ASSERT_OK(lamina_engine_tick(f->engine, times[k]));
        for (size_t i = 0; i < N_LAYERS; i++) {
            double want = i % 4 == 0 ? expected(1.0, target_opacity(i), 0.0, 1.0, times[k]) : target_opacity(i);
            ASSERT_NEAR(want, lt_presented_number(f->engine, layers[i], "opacity"), 1e-12);
            assert_int_equal(animation_count(f->engine, layers[i]), i % 4 == 0 ? 1 : 0);
        }
    }
}

/* One member replaced by a newer, shorter commit: it animates from its value at the change;
 * its old group mates are unaffected; the newer group finishes and retires first. */
static void member_replaced_by_newer_commit(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t layers[N_LAYERS];
    make_layers(f->engine, layers);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    for (size_t i = 0; i < N_LAYERS; i++) ASSERT_OK(lamina_layer_set_opacity(f->engine, layers[i], 0.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    double at_change = expected(1.0, 0.0, 0.0, 1.0, 0.5);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 0.25));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, layers[7], 0.5));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    const double times[] = {0.5, 0.6, 0.74, 0.75, 0.9};
    for (size_t k = 0; k < 5; k++) {
        ASSERT_OK(lamina_engine_tick(f->engine, times[k]));
        for (size_t i = 0; i < N_LAYERS; i++) {
            double want = i == 7 ? expected(at_change, 0.5, 0.5, 0.25, times[k]) : expected(1.0, 0.0, 0.0, 1.0, times[k]);
            ASSERT_NEAR(want, lt_presented_number(f->engine, layers[i], "opacity"), 1e-12);
        }
    }
    assert_int_equal(animation_count(f->engine, layers[7]), 0);
    assert_int_equal(animation_count(f->engine, layers[6]), 1);
}

/* A finished group retires all its members in the frame its time is up. */
static void group_retires_at_once(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t layers[N_LAYERS];
    make_layers(f->engine, layers);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 0.5));
    for (size_t i = 0; i < N_LAYERS; i++) {
        ASSERT_OK(lamina_layer_set_opacity(f->engine, layers[i], target_opacity(i)));
        ASSERT_OK(lamina_layer_set_position(f->engine, layers[i], (lamina_point_t){(double)i, 1.0}));
    }
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.49));
    for (size_t i = 0; i < N_LAYERS; i++) assert_int_equal(animation_count(f->engine, layers[i]), 2);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    for (size_t i = 0; i < N_LAYERS; i++) {
        assert_int_equal(animation_count(f->engine, layers[i]), 0);
        ASSERT_DOUBLE_EQ(target_opacity(i), lt_presented_number(f->engine, layers[i], "opacity"));
    }
    double next = 0;
    ASSERT_OK(lamina_engine_next_frame_time(f->engine, &next));
    assert_true(isinf(next));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(members_removed_mid_flight),
        LT_TEST(member_replaced_by_newer_commit),
        LT_TEST(group_retires_at_once),
    };
    return cmocka_run_group_tests_name("timing_groups", tests, NULL, NULL);
}
