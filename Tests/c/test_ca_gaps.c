/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_ca_gaps.c — the remaining gaps with Core Animation's behaviour (issue 8 items 2-12),
 * from C. Each test names its item (CA-x.y) and fails without the change it covers.
 */
#include "lamina_test_support.h"

/* CA-9.4: settlingDuration matches Apple's published examples (mass 1, stiffness 100). */
static void settling_duration_matches_apples_examples(void **state) {
    (void)state;
    lamina_spring_t s = LAMINA_SPRING_INIT;
    double d = 0;
    s.damping = 5;
    ASSERT_OK(lamina_spring_get_settling_duration(&s, &d));
    ASSERT_NEAR(2.85, d, 0.005);
    s.damping = 15;
    ASSERT_OK(lamina_spring_get_settling_duration(&s, &d));
    assert_true(d > 1.0 && d < 1.01); /* "just over 1 s" */
}

/* CA-11.5: an implicit change reads back as the basic animation Core Animation attaches. */
static void implicit_animation_is_readable(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 2.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.25));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, "opacity", &a));
    lamina_value_t from, to;
    ASSERT_OK(lamina_animation_get_from_value(a, &from));
    ASSERT_OK(lamina_animation_get_to_value(a, &to));
    ASSERT_DOUBLE_EQ(1.0, from.u.number);
    ASSERT_DOUBLE_EQ(0.25, to.u.number);
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &t));
    ASSERT_DOUBLE_EQ(2.0, t.duration);
    ASSERT_DOUBLE_EQ(1.0, t.begin_time);
    ASSERT_OK(lamina_animation_release(a));
}

/* R7, CA-2.7, CA-2.8: the transaction's curve fills in an explicit animation without one, and
 * animationTimingFunction goes through the key-value API as a name or control points. */
static void transaction_curve_fills_in_and_reads_by_key(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    const lamina_value_t ease_in = {.type = LAMINA_VALUE_STRING, .u.string = "easeIn"};
    ASSERT_OK(lamina_transaction_set_value(f->engine, "animationTimingFunction", &ease_in));
    lamina_value_t v;
    ASSERT_OK(lamina_transaction_get_value(f->engine, "animationTimingFunction", &v));
    assert_int_equal(v.type, LAMINA_VALUE_STRING);
    assert_string_equal(v.u.string, "easeIn");
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic("cornerRadius", &a));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "r"));
    ASSERT_OK(lamina_animation_release(a));
    const lamina_value_t bad = {.type = LAMINA_VALUE_STRING, .u.string = "wobbly"};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_value(f->engine, "animationTimingFunction", &bad));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, "r", &a));
    lamina_timing_function_t tf;
    lamina_bool_t has = 0;
    ASSERT_OK(lamina_animation_get_timing_function(a, &tf, &has));
    assert_true(has);
    ASSERT_DOUBLE_EQ(0.42, tf.c1x);
    ASSERT_DOUBLE_EQ(1.0, tf.c2x);
    ASSERT_OK(lamina_animation_release(a));
}

static double corner_radius_at(lt_fixture_t *f, lamina_layer_t layer, double t) {
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, layer, "cornerRadius", t, &v));
    return v.u.number;
}

/* CA-7.4: keyframes [0, 10], cumulative, two 1 s cycles: 15 half-way through the second. */
static void keyframes_are_cumulative(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_animation_t *k = NULL;
    const lamina_value_t values[2] = {{.type = LAMINA_VALUE_NUMBER, .u.number = 0},
                                      {.type = LAMINA_VALUE_NUMBER, .u.number = 10}};
    ASSERT_OK(lamina_animation_create_keyframe("cornerRadius", &k));
    ASSERT_OK(lamina_animation_set_keyframe_values(k, values, 2));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = 1;
    t.repeat_count = 2;
    ASSERT_OK(lamina_animation_set_media_timing(k, &t));
    ASSERT_OK(lamina_animation_set_cumulative(k, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, k, "k"));
    ASSERT_OK(lamina_animation_release(k));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_NEAR(15.0, corner_radius_at(f, f->layer, 1.5), 1e-9);
}

/* CA-5.11, CA-13.6 and CA-5.12: layer duration/repeat/fill keys shape the time of its
 * sublayers; a paused parent lets the host sleep. */
static void layer_media_timing_and_pause(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t child;
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, child));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "duration", 0.5));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "repeatCount", 2));
    const lamina_value_t fill = {.type = LAMINA_VALUE_STRING, .u.string = "forwards"};
    ASSERT_OK(lamina_layer_set_value(f->engine, f->layer, "fillMode", &fill));
    const lamina_value_t bad = {.type = LAMINA_VALUE_STRING, .u.string = "sideways"};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(f->engine, f->layer, "fillMode", &bad));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_number(f->engine, f->layer, "repeatCount", -1));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic("cornerRadius", &a));
    const lamina_value_t zero = {.type = LAMINA_VALUE_NUMBER, .u.number = 0};
    const lamina_value_t ten = {.type = LAMINA_VALUE_NUMBER, .u.number = 10};
    ASSERT_OK(lamina_animation_set_from_value(a, &zero));
    ASSERT_OK(lamina_animation_set_to_value(a, &ten));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = 1;
    t.fill_mode = LAMINA_FILL_MODE_BOTH;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    ASSERT_OK(lamina_animation_set_removed_on_completion(a, LAMINA_FALSE));
    ASSERT_OK(lamina_layer_add_animation(f->engine, child, a, "r"));
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_NEAR(2.5, corner_radius_at(f, child, 0.25), 1e-9);
    ASSERT_NEAR(2.5, corner_radius_at(f, child, 0.75), 1e-9); /* the layer's time wrapped */
    ASSERT_NEAR(5.0, corner_radius_at(f, child, 9.0), 1e-9);  /* held at the end of its time */

    /* QA1673: pause the parent; every running animation is frozen, the host may sleep. */
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "duration", 0));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "speed", 0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    double next = 0;
    ASSERT_OK(lamina_engine_next_frame_time(f->engine, &next));
    assert_true(isinf(next));
    ASSERT_OK(lamina_layer_release(f->engine, child));
}

typedef struct ask_log {
    lamina_engine_t *engine;
    int asked;
    int open_seen;
} ask_log_t;

static lamina_delegate_answer_t falls_back(void *userdata, lamina_layer_t layer, const char *event,
                                           lamina_action_t **out_action) {
    (void)layer;
    (void)event;
    (void)out_action;
    ask_log_t *log = userdata;
    lamina_bool_t open = 0;
    if (lamina_view_animation_is_open(log->engine, &open) == LAMINA_STATUS_OK && open) log->open_seen++;
    log->asked++;
    return LAMINA_DELEGATE_VIEW_POLICY; /* super: the view policy */
}

static size_t key_count(lt_fixture_t *f);

static lamina_delegate_answer_t answers_nil(void *userdata, lamina_layer_t layer, const char *event,
                                            lamina_action_t **out_action) {
    (void)userdata;
    (void)layer;
    (void)event;
    (void)out_action;
    return LAMINA_DELEGATE_CONTINUE;
}

static double action_duration(lamina_engine_t *engine, lamina_layer_t layer, const char *key) {
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_layer_get_action(engine, layer, key, &action));
    if (action == NULL) return -1;
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_action_copy_animation(action, &a));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &t));
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_action_release(action));
    return t.duration;
}

static void set_default_action(lamina_engine_t *engine, const char *key, double duration) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic(key, &a));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = duration;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_animation(a, &action));
    ASSERT_OK(lamina_engine_set_default_action(engine, key, action));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_animation_release(a));
}

/* CA-3.5, CA-4.1, R11: a host delegate's LAMINA_DELEGATE_CONTINUE (nil) on a view-backed layer
 * continues the layer's own search -- its actions, the default actions, the built-in animation
 * -- inside and outside blocks; the explicit no-action still stops it. */
static void view_backed_delegate_nil_continues_the_layer_search(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    const lamina_layer_delegate_t d = {answers_nil};
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &d, NULL, NULL));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5)); /* outside a block */
    assert_int_equal(key_count(f), 1);                          /* the built-in animation */
    ASSERT_NEAR(0.25, action_duration(f->engine, f->layer, "opacity"), 1e-12);
    set_default_action(f->engine, "zPosition", 3.0);
    ASSERT_NEAR(3.0, action_duration(f->engine, f->layer, "zPosition"), 1e-12);
    ASSERT_OK(lamina_layer_set_action_none(f->engine, f->layer, "zPosition"));
    assert_true(action_duration(f->engine, f->layer, "zPosition") < 0); /* no action */
    ASSERT_OK(lamina_view_animation_begin(f->engine, 2.0, 0.0, 0, NULL, NULL, NULL));
    ASSERT_NEAR(0.25, action_duration(f->engine, f->layer, "cornerRadius"), 1e-12); /* not the block's 2 s */
    ASSERT_OK(lamina_view_animation_commit(f->engine));
}

/* CA-4.9: a block never animates a view-backed layer's contents. */
static void view_blocks_do_not_animate_contents(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    const uint8_t px[4] = {0, 0, 0, 255};
    lamina_image_t img = LAMINA_IMAGE_NONE;
    ASSERT_OK(lamina_image_create_rgba8(f->engine, 1, 1, px, sizeof px, 1, &img));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, NULL, NULL, NULL));
    assert_true(action_duration(f->engine, f->layer, "contents") < 0);
    ASSERT_NEAR(1.0, action_duration(f->engine, f->layer, "opacity"), 1e-12);
    ASSERT_OK(lamina_layer_set_contents(f->engine, f->layer, img));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    assert_int_equal(key_count(f), 0);
    ASSERT_OK(lamina_image_release(img));
}

static size_t key_count(lt_fixture_t *f) {
    size_t n = 0;
    ASSERT_OK(lamina_layer_get_animation_count(f->engine, f->layer, &n));
    return n;
}

/* CA-4.1, CA-4.9, CA-4.4: a delegate on a view-backed layer answers first and falls back to
 * the view policy; shadows do not animate in a block; cornerRadius animates additively. */
static void view_policy_and_delegate_fallback(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ask_log_t log = {f->engine, 0, 0};
    const lamina_layer_delegate_t d = {falls_back};
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &d, &log, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5)); /* outside a block */
    assert_int_equal(log.asked, 1);
    assert_int_equal(key_count(f), 0);
    lamina_bool_t open = 1;
    ASSERT_OK(lamina_view_animation_is_open(f->engine, &open));
    assert_false(open);
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, NULL, NULL, NULL));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "shadowRadius", 9));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "cornerRadius", 10));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    assert_int_equal(log.open_seen, 2);
    assert_int_equal(key_count(f), 1); /* cornerRadius only */
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, "cornerRadius", &a));
    lamina_bool_t additive = 0;
    ASSERT_OK(lamina_animation_get_additive(a, &additive));
    assert_true(additive);
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_view_animation_is_open(f->engine, NULL));
}

/* Issue 8 item 11, CA-17.10: scaling(-1, 1) -> identity stays flat (one axis flips). */
static void reflection_stays_flat(void **state) {
    lt_fixture_t *f = *state;
    lamina_transform3d_t flip = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    flip.m11 = -1;
    ASSERT_OK(lamina_layer_set_transform(f->engine, f->layer, "transform", flip));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &linear));
    const lamina_transform3d_t identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    ASSERT_OK(lamina_layer_set_transform(f->engine, f->layer, "transform", identity));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "transform", 0.25, &v));
    ASSERT_NEAR(-0.5, v.u.transform.m11, 1e-12);
    ASSERT_NEAR(1.0, v.u.transform.m22, 1e-12);
    ASSERT_NEAR(1.0, v.u.transform.m33, 1e-12);
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "transform", 0.5, &v));
    ASSERT_NEAR(0.0, v.u.transform.m11, 1e-12);
    ASSERT_NEAR(1.0, v.u.transform.m22, 1e-12);
}

/* CA-17.10: skewX 0 -> 45 deg animates its shear factor (0.5 half-way), keeps the height
 * (m22 = 1; the old 2D rule gave 1.0303) and stays 2D. */
static void skew_interpolates_its_shear(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &linear));
    lamina_transform3d_t skew = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    skew.m21 = 1.0; /* tan 45 deg */
    ASSERT_OK(lamina_layer_set_transform(f->engine, f->layer, "transform", skew));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "transform", 0.5, &v));
    ASSERT_NEAR(1.0, v.u.transform.m11, 1e-9);
    ASSERT_NEAR(0.0, v.u.transform.m12, 1e-9);
    ASSERT_NEAR(0.5, v.u.transform.m21, 1e-9);
    ASSERT_NEAR(1.0, v.u.transform.m22, 1e-9);
    ASSERT_NEAR(0.0, v.u.transform.m13, 1e-12);
    ASSERT_NEAR(0.0, v.u.transform.m32, 1e-12);
    ASSERT_NEAR(1.0, v.u.transform.m33, 1e-12);
    ASSERT_NEAR(1.0, v.u.transform.m44, 1e-12);
}

/* CA-7.5: the scale value function takes three components: [1,1,1] -> [3,3,3]. */
static void value_function_takes_three_components(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic("transform", &a));
    lamina_value_t from = {.type = LAMINA_VALUE_VECTOR3}, to = {.type = LAMINA_VALUE_VECTOR3};
    from.u.vector3 = (lamina_vector3_t){1, 1, 1};
    to.u.vector3 = (lamina_vector3_t){3, 3, 3};
    ASSERT_OK(lamina_animation_set_from_value(a, &from));
    ASSERT_OK(lamina_animation_set_to_value(a, &to));
    ASSERT_OK(lamina_animation_set_value_function(a, LAMINA_VALUE_FUNCTION_SCALE));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = 1;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "s"));
    lamina_value_t back;
    ASSERT_OK(lamina_animation_get_to_value(a, &back));
    assert_int_equal(back.type, LAMINA_VALUE_VECTOR3);
    ASSERT_DOUBLE_EQ(3.0, back.u.vector3.z);
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, "transform", 0.5, &v));
    ASSERT_NEAR(2.0, v.u.transform.m11, 1e-12);
    ASSERT_NEAR(2.0, v.u.transform.m22, 1e-12);
    ASSERT_NEAR(2.0, v.u.transform.m33, 1e-12);
    /* No property holds a vector3. */
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_value(f->engine, f->layer, "opacity", &to));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(settling_duration_matches_apples_examples),
        LT_TEST(implicit_animation_is_readable),
        LT_TEST(transaction_curve_fills_in_and_reads_by_key),
        LT_TEST(keyframes_are_cumulative),
        LT_TEST(layer_media_timing_and_pause),
        LT_TEST(view_policy_and_delegate_fallback),
        LT_TEST(view_backed_delegate_nil_continues_the_layer_search),
        LT_TEST(view_blocks_do_not_animate_contents),
        LT_TEST(reflection_stays_flat),
        LT_TEST(skew_interpolates_its_shear),
        LT_TEST(value_function_takes_three_components),
    };
    return cmocka_run_group_tests_name("ca_gaps", tests, NULL, NULL);
}
