/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_interaction.c — interaction through the C ABI (R17 in docs/semantics.md): presentation
 * velocity against a central finite difference of the presentation (step 1e-6 s, tolerance
 * 1e-5 relative above 1, absolute below), a spring that retargets with continuous position and
 * velocity (|dv| <= 1e-6 |v|), UIScrollView's deceleration and rubber band against their closed
 * forms, and bad input answered with a status and a message.
 */
#include "lamina_test_support.h"

#include <math.h>

#define H 1e-6
#define REL 1e-5

static lamina_point_t shown(lamina_engine_t *e, lamina_layer_t l, double t) {
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(e, l, "position", t, &v));
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    return v.u.point;
}

static lamina_point_t speed_at(lamina_engine_t *e, lamina_layer_t l, double t) {
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_velocity(e, l, "position", t, &v));
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    return v.u.point;
}

static void expect_close(double analytic, double difference) {
    double tol = REL * (fabs(difference) > 1 ? fabs(difference) : 1);
    if (fabs(analytic - difference) > tol) {
        print_error("analytic %.12g, finite difference %.12g\n", analytic, difference);
        fail();
    }
}

/* R17.1, R17.2: an implicit change's velocity matches the difference of the presentation. */
static void implicit_velocity(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){100, -40}));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    const double times[] = {0.013, 0.1, 0.4, 0.77};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        double t = times[i];
        lamina_point_t v = speed_at(f->engine, f->layer, t);
        lamina_point_t a = shown(f->engine, f->layer, t + H), b = shown(f->engine, f->layer, t - H);
        expect_close(v.x, (a.x - b.x) / (2 * H));
        expect_close(v.y, (a.y - b.y) / (2 * H));
    }
    assert_true(speed_at(f->engine, f->layer, 0.4).x > 10);
    /* R17.3: still once the animation is over. */
    lamina_point_t still = speed_at(f->engine, f->layer, 2.0);
    ASSERT_DOUBLE_EQ(0.0, still.x);
    ASSERT_DOUBLE_EQ(0.0, still.y);
}

/* R17.6: a spring that replaces a running spring keeps position and velocity. */
static void spring_retarget(void **state) {
    lt_fixture_t *f = *state;
    lamina_spring_t first, second;
    ASSERT_OK(lamina_spring_init_perceptual(0.5, 0.2, &first));
    ASSERT_OK(lamina_spring_init_perceptual(0.3, 0.0, &second));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_spring(f->engine, &first));
    lamina_spring_t read;
    lamina_bool_t is_set = LAMINA_FALSE;
    ASSERT_OK(lamina_transaction_get_spring(f->engine, &read, &is_set));
    assert_true(is_set);
    ASSERT_DOUBLE_EQ(first.stiffness, read.stiffness);
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){300, 0}));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2));
    const double t1 = 0.2 + 1.0 / 60;
    lamina_point_t before = speed_at(f->engine, f->layer, t1);
    lamina_point_t p_before = shown(f->engine, f->layer, t1);

    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_spring(f->engine, &second));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){-100, 80}));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, t1));

    lamina_point_t after = speed_at(f->engine, f->layer, t1);
    lamina_point_t p_after = shown(f->engine, f->layer, t1);
    double speed = hypot(before.x, before.y);
    assert_true(speed > 100);
    assert_true(hypot(after.x - before.x, after.y - before.y) <= 1e-6 * speed);
    assert_true(hypot(p_after.x - p_before.x, p_after.y - p_before.y) <= 1e-9);
    /* It settles on the new target. */
    ASSERT_OK(lamina_engine_tick(f->engine, 10.0));
    lamina_point_t end = shown(f->engine, f->layer, 10.0);
    ASSERT_NEAR(-100, end.x, 1e-9);
    ASSERT_NEAR(80, end.y, 1e-9);
    /* Cleared by NULL; outside a transaction the implicit one reads "not set". */
    ASSERT_OK(lamina_transaction_set_spring(f->engine, NULL));
    ASSERT_OK(lamina_transaction_get_spring(f->engine, &read, &is_set));
    assert_false(is_set);
}

/* R17.7: deceleration and rubber band against the closed forms written out here. */
static void scroll_physics(void **state) {
    (void)state;
    const double v0 = 2000, x0 = 50, k = 1000 * log(0.998);
    const double times[] = {0.0, 0.1, 0.5, 2.0};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        double t = times[i], x, v;
        ASSERT_OK(lamina_decay_sample(x0, v0, LAMINA_DECELERATION_RATE_NORMAL, t, &x, &v));
        ASSERT_NEAR(x0 + v0 * (pow(0.998, 1000 * t) - 1) / k, x, 1e-9);
        ASSERT_NEAR(v0 * pow(0.998, 1000 * t), v, 1e-9 * v0);
    }
    double end, fast_end, stop, x, v;
    ASSERT_OK(lamina_decay_projection(x0, v0, LAMINA_DECELERATION_RATE_NORMAL, &end));
    ASSERT_NEAR(x0 - v0 / k, end, 1e-9);
    ASSERT_OK(lamina_decay_projection(x0, v0, LAMINA_DECELERATION_RATE_FAST, &fast_end));
    assert_true(fast_end < end);
    ASSERT_OK(lamina_decay_duration(v0, LAMINA_DECELERATION_RATE_NORMAL, 0.5, &stop));
    ASSERT_OK(lamina_decay_sample(x0, v0, LAMINA_DECELERATION_RATE_NORMAL, stop, &x, &v));
    ASSERT_NEAR(0.5, v, 1e-9);
    double small, big;
    ASSERT_OK(lamina_rubber_band(1e-6, 500, LAMINA_RUBBER_BAND_COEFFICIENT, &small));
    ASSERT_NEAR(0.55, small / 1e-6, 1e-6);
    ASSERT_OK(lamina_rubber_band(1e9, 500, LAMINA_RUBBER_BAND_COEFFICIENT, &big));
    assert_true(big < 500);
}

/* R17.6: an explicit spring that inherits the velocity replaces a running animation smoothly. */
static void explicit_spring_inherits(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_animation_t *move = NULL, *spring = NULL;
    const lamina_value_t from = {.type = LAMINA_VALUE_NUMBER, .u.number = 0};
    const lamina_value_t to = {.type = LAMINA_VALUE_NUMBER, .u.number = 300};
    const lamina_value_t back = {.type = LAMINA_VALUE_NUMBER, .u.number = -100};
    lamina_media_timing_t timing = LAMINA_MEDIA_TIMING_INIT;
    timing.duration = 1.0;
    ASSERT_OK(lamina_animation_create_basic("position.x", &move));
    ASSERT_OK(lamina_animation_set_from_value(move, &from));
    ASSERT_OK(lamina_animation_set_to_value(move, &to));
    ASSERT_OK(lamina_animation_set_media_timing(move, &timing));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, move, "move"));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    const double t1 = 0.5 + 1.0 / 60;
    lamina_point_t before = speed_at(f->engine, f->layer, t1);
    ASSERT_NEAR(300, before.x, 1e-9);

    ASSERT_OK(lamina_animation_create_spring("position.x", &spring));
    ASSERT_OK(lamina_animation_set_to_value(spring, &back));
    lamina_bool_t inherits = LAMINA_FALSE;
    ASSERT_OK(lamina_animation_get_inherits_velocity(spring, &inherits));
    assert_false(inherits);
    ASSERT_OK(lamina_animation_set_inherits_velocity(spring, LAMINA_TRUE));
    ASSERT_OK(lamina_animation_get_inherits_velocity(spring, &inherits));
    assert_true(inherits);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, spring, "move"));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, t1));
    lamina_point_t after = speed_at(f->engine, f->layer, t1);
    assert_true(fabs(after.x - before.x) <= 1e-6 * fabs(before.x));
    ASSERT_STATUS(LAMINA_STATUS_MISUSE, lamina_animation_set_inherits_velocity(move, LAMINA_TRUE));
    ASSERT_OK(lamina_animation_release(move));
    ASSERT_OK(lamina_animation_release(spring));
}

/* R17.7: a decay animation follows UIScrollView's curve from the presentation value. */
static void decay_animation(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){10, 500}));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_animation_t *fling = NULL;
    ASSERT_OK(lamina_animation_create_basic("position.y", &fling));
    const lamina_value_t velocity = {.type = LAMINA_VALUE_NUMBER, .u.number = -2400};
    ASSERT_OK(lamina_animation_set_decay(fling, &velocity, LAMINA_DECELERATION_RATE_NORMAL));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, fling, "fling"));
    ASSERT_OK(lamina_animation_release(fling));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25));
    const double k = 1000 * log(0.998);
    const double times[] = {0.3, 0.5, 1.0};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        double t = times[i];
        ASSERT_NEAR(500 - 2400 * (pow(0.998, 1000 * (t - 0.25)) - 1) / k, shown(f->engine, f->layer, t).y, 1e-9);
        ASSERT_NEAR(-2400 * pow(0.998, 1000 * (t - 0.25)), speed_at(f->engine, f->layer, t).y, 1e-9 * 2400);
    }
    /* Not a basic animation: MISUSE; a rate outside (0, 1): INVALID_ARGUMENT. */
    lamina_animation_t *spring = NULL;
    ASSERT_OK(lamina_animation_create_spring("position.y", &spring));
    ASSERT_STATUS(LAMINA_STATUS_MISUSE, lamina_animation_set_decay(spring, &velocity, 0.998));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_decay(spring, &velocity, 1.0));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_decay(spring, NULL, 0.998));
    ASSERT_OK(lamina_animation_release(spring));
}

/* R17.8: a layer released while its spring waits for the tick that begins it (and reads its
 * start velocity): the tick goes on, the handle is stale, the engine answers as before. */
static void layer_released_mid_handoff(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t other = LAMINA_LAYER_NONE;
    lamina_spring_t spring;
    ASSERT_OK(lamina_spring_init_perceptual(0.5, 0.2, &spring));
    ASSERT_OK(lamina_layer_create(f->engine, &other));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_spring(f->engine, &spring));
    ASSERT_OK(lamina_layer_set_position(f->engine, other, (lamina_point_t){300, 0}));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){300, 0}));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_spring(f->engine, &spring));
    ASSERT_OK(lamina_layer_set_position(f->engine, other, (lamina_point_t){0, 100}));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){0, 100}));
    ASSERT_OK(lamina_transaction_commit(f->engine));  /* begins at the next tick */
    ASSERT_OK(lamina_layer_release(f->engine, other));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2));
    lamina_value_t v;
    ASSERT_STATUS(LAMINA_STATUS_STALE_HANDLE,
                  lamina_layer_get_presentation_velocity(f->engine, other, "position", 0.2, &v));
    ASSERT_OK(lamina_layer_get_presentation_velocity(f->engine, f->layer, "position", 0.2, &v));
    assert_true(hypot(v.u.point.x, v.u.point.y) > 10);
    ASSERT_OK(lamina_engine_tick(f->engine, 10.0));
    lamina_point_t end = shown(f->engine, f->layer, 10.0);
    ASSERT_NEAR(0, end.x, 1e-9);
    ASSERT_NEAR(100, end.y, 1e-9);
}

/* R17.4, R17.8: bad input is a status with a message; the engine answers as before after. */
static void bad_input(void **state) {
    lt_fixture_t *f = *state;
    lamina_value_t v;
    ASSERT_STATUS(LAMINA_STATUS_NO_PRESENTATION,
                  lamina_layer_get_presentation_velocity(f->engine, f->layer, "position", 0, &v));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT,
                  lamina_layer_get_presentation_velocity(f->engine, f->layer, "position", NAN, &v));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT,
                  lamina_layer_get_presentation_velocity(f->engine, f->layer, "position", 0, NULL));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT,
                  lamina_layer_get_presentation_velocity(f->engine, f->layer, NULL, 0, &v));
    ASSERT_STATUS(LAMINA_STATUS_TYPE_MISMATCH,
                  lamina_layer_get_presentation_velocity(f->engine, f->layer, "hidden", 0, &v));
    ASSERT_STATUS(LAMINA_STATUS_TYPE_MISMATCH,
                  lamina_layer_get_presentation_velocity(f->engine, f->layer, "transform", 0, &v));
    assert_non_null(strstr(lamina_last_error_message(), "decomposed parts"));
    ASSERT_STATUS(LAMINA_STATUS_UNKNOWN_KEY,
                  lamina_layer_get_presentation_velocity(f->engine, f->layer, "nonsense", 0, &v));

    lamina_spring_t undamped = {1, 100, 0, 0, LAMINA_FALSE, 0};
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_spring(f->engine, &undamped));
    assert_non_null(strstr(lamina_last_error_message(), "never settles"));
    lamina_spring_t nan_mass = {NAN, 100, 10, 0, LAMINA_FALSE, 0};
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_spring(f->engine, &nan_mass));
    lamina_spring_t inf_velocity = {1, 100, 10, INFINITY, LAMINA_FALSE, 0};
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_spring(f->engine, &inf_velocity));

    double out;
    const double rates[] = {0.0, 1.0, -0.5, 1.5, NAN};
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_decay_projection(0, 100, rates[i], &out));
        assert_non_null(strstr(lamina_last_error_message(), "deceleration rate"));
    }
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_decay_projection(0, NAN, 0.998, &out));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_decay_projection(0, INFINITY, 0.998, &out));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_decay_projection(0, 1, 0.998, NULL));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_decay_duration(100, 0.998, 0, &out));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_rubber_band(1, 0, 0.55, &out));
    ASSERT_STATUS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_rubber_band(NAN, 100, 0.55, &out));

    /* The engine answers as before. */
    ASSERT_OK(lamina_layer_get_presentation_velocity(f->engine, f->layer, "opacity", 0, &v));
    assert_int_equal(v.type, LAMINA_VALUE_NUMBER);
    ASSERT_DOUBLE_EQ(0.0, v.u.number);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(implicit_velocity), LT_TEST(spring_retarget), LT_TEST(scroll_physics),
        LT_TEST(explicit_spring_inherits), LT_TEST(decay_animation), LT_TEST(layer_released_mid_handoff),
        LT_TEST(bad_input),
    };
    return cmocka_run_group_tests_name("interaction", tests, NULL, NULL);
}
