/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Replicator time and animated counts from C (issue 23): an animation under a replicator stays
 * until its most delayed instance is done and lamina_engine_next_frame_time() covers every
 * instance (RS-13.4); instanceCount animates in whole steps within its bound (RS-13.1).
 */
#include "lamina_test_support.h"

#include <math.h>

/* A committed replicator (100 x 100) of `count` instances `delay` apart with one 10 x 10 dot;
 * the engine ticked to 0. */
static lamina_layer_t make_replicator(lamina_engine_t *e, double count, double delay, lamina_layer_t *out_dot) {
    lamina_layer_t rep = LAMINA_LAYER_NONE, dot = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_REPLICATOR, &rep));
    lamina_rect_t rb = {{0, 0}, {100, 100}};
    lamina_point_t rp = {50, 50};
    ASSERT_OK(lamina_layer_set_bounds(e, rep, rb));
    ASSERT_OK(lamina_layer_set_position(e, rep, rp));
    ASSERT_OK(lamina_layer_set_number(e, rep, "instanceCount", count));
    ASSERT_OK(lamina_layer_set_number(e, rep, "instanceDelay", delay));
    ASSERT_OK(lamina_layer_create(e, &dot));
    lamina_rect_t db = {{0, 0}, {10, 10}};
    lamina_point_t dp = {50, 10};
    ASSERT_OK(lamina_layer_set_bounds(e, dot, db));
    ASSERT_OK(lamina_layer_set_position(e, dot, dp));
    ASSERT_OK(lamina_layer_add_sublayer(e, rep, dot));
    ASSERT_OK(lamina_engine_tick(e, 0));
    *out_dot = dot;
    return rep;
}

/* A linear basic animation of `key` from `from` to `to` over 1 s. The caller releases it. */
static lamina_animation_t *linear_basic(const char *key, double from, double to) {
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic(key, &anim));
    lamina_value_t f = lt_number(from), t = lt_number(to);
    ASSERT_OK(lamina_animation_set_from_value(anim, &f));
    ASSERT_OK(lamina_animation_set_to_value(anim, &t));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1.0;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &mt));
    lamina_timing_function_t linear = {0, 0, 1, 1};
    ASSERT_OK(lamina_animation_set_timing_function(anim, &linear));
    return anim;
}

/* RS-13.4: a fade of the dot (1 s from t = 1) under 3 instances 0.25 s apart stays after
 * instance 0's end, instances 1 and 2 still fading; at 2.5 it is gone and every instance shows
 * the model's opacity 1. */
static void stagger_keeps_the_animation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t dot;
    lamina_layer_t rep = make_replicator(e, 3, 0.25, &dot);
    lamina_animation_t *fade = linear_basic("opacity", 0, 1);
    ASSERT_OK(lamina_layer_add_animation(e, dot, fade, "fade"));
    lamina_animation_release(fade);
    ASSERT_OK(lamina_engine_tick(e, 1));
    ASSERT_OK(lamina_engine_tick(e, 2.1));
    size_t count = 0;
    ASSERT_OK(lamina_layer_get_animation_count(e, dot, &count));
    assert_int_equal(count, 1);
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, rep, 2.1, &r, &n));
    assert_int_equal(n, 4);
    /* Instances see 2.1, 1.85 and 1.6 (tolerance 1e-12). */
    ASSERT_NEAR(1.0, r[1].opacity, 1e-12);
    ASSERT_NEAR(0.85, r[2].opacity, 1e-12);
    ASSERT_NEAR(0.6, r[3].opacity, 1e-12);
    ASSERT_OK(lamina_engine_tick(e, 2.5));
    ASSERT_OK(lamina_layer_get_animation_count(e, dot, &count));
    assert_int_equal(count, 0);
    ASSERT_OK(lamina_engine_draw_list(e, rep, 2.5, &r, &n));
    assert_int_equal(n, 4);
    for (size_t k = 1; k < 4; k++) ASSERT_DOUBLE_EQ(1.0, r[k].opacity);
    ASSERT_OK(lamina_layer_release(e, dot));
    ASSERT_OK(lamina_layer_release(e, rep));
}

/* RS-13.4: with instance 0 holding the end (fill forwards, not removed), the next frame is
 * still now while instances 1 and 2 fade; once all hold it, +infinity. */
static void next_frame_time_covers_the_stagger(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t dot;
    lamina_layer_t rep = make_replicator(e, 3, 0.25, &dot);
    lamina_animation_t *fade = linear_basic("opacity", 0, 1);
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1.0;
    mt.fill_mode = LAMINA_FILL_MODE_FORWARDS;
    ASSERT_OK(lamina_animation_set_media_timing(fade, &mt));
    ASSERT_OK(lamina_animation_set_removed_on_completion(fade, 0));
    ASSERT_OK(lamina_layer_add_animation(e, dot, fade, "fade"));
    lamina_animation_release(fade);
    ASSERT_OK(lamina_engine_tick(e, 1));
    ASSERT_OK(lamina_engine_tick(e, 2.1));
    double next = 0;
    ASSERT_OK(lamina_engine_next_frame_time(e, &next));
    ASSERT_DOUBLE_EQ(2.1, next);
    ASSERT_OK(lamina_engine_tick(e, 2.5));
    ASSERT_OK(lamina_engine_next_frame_time(e, &next));
    assert_true(isinf(next) && next > 0);
    ASSERT_OK(lamina_layer_release(e, dot));
    ASSERT_OK(lamina_layer_release(e, rep));
}

/* RS-13.1: instanceCount 0 -> 10 over 1 s draws floor(value) instances; an animation with a
 * value past 10000 (or below 0) is INVALID_ARGUMENT and leaves nothing attached. */
static void animated_count_in_whole_steps(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t dot;
    lamina_layer_t rep = make_replicator(e, 1, 0, &dot);
    lamina_animation_t *grow = linear_basic("instanceCount", 0, 10);
    ASSERT_OK(lamina_layer_add_animation(e, rep, grow, "n"));
    lamina_animation_release(grow);
    ASSERT_OK(lamina_engine_tick(e, 1));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, rep, 1.55, &r, &n));
    assert_int_equal(n, 1 + 5);
    assert_int_equal(r[5].instance_index, 4);
    ASSERT_OK(lamina_engine_draw_list(e, rep, 1.99, &r, &n));
    assert_int_equal(n, 1 + 9);
    lamina_animation_t *big = linear_basic("instanceCount", 0, 10001);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_add_animation(e, rep, big, "big"));
    lamina_animation_release(big);
    lamina_animation_t *negative = linear_basic("instanceCount", -1, 3);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_add_animation(e, rep, negative, "neg"));
    lamina_animation_release(negative);
    size_t count = 0;
    ASSERT_OK(lamina_layer_get_animation_count(e, rep, &count));
    assert_int_equal(count, 1);
    ASSERT_OK(lamina_layer_release(e, dot));
    ASSERT_OK(lamina_layer_release(e, rep));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(stagger_keeps_the_animation),
        LT_TEST(next_frame_time_covers_the_stagger),
        LT_TEST(animated_count_in_whole_steps),
    };
    return cmocka_run_group_tests_name("replicator time (issue 23)", tests, NULL, NULL);
}
