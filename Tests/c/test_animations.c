/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Animation objects (issue 3; CA-5, CA-7 to CA-11): constructors, reference counting and
 * copies, every setter and getter with its failure paths (NULL, NaN, bad enums, wrong kind,
 * strings), the media-timing struct and its struct_size, springs, keyframes, paths,
 * transitions, groups, delegates and their userdata, and concurrent use from threads.
 * The suite that attaches animations to layers is test_animation_layers.c.
 */
#include "lamina_test_support.h"

#include <pthread.h>

static const double kPi = 3.14159265358979323846;

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

static lamina_animation_t *make_basic(const char *key_path) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic(key_path, &a));
    assert_non_null(a);
    return a;
}

static lamina_animation_t *make_keyframe(const char *key_path) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_keyframe(key_path, &a));
    assert_non_null(a);
    return a;
}

static lamina_animation_t *make_transition(void) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_transition(LAMINA_TRANSITION_FADE, LAMINA_TRANSITION_SUBTYPE_NONE, &a));
    return a;
}

static lamina_animation_t *make_group(void) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_group(&a));
    return a;
}

static lamina_animation_t *make_spring(const char *key_path) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_spring(key_path, &a));
    return a;
}

/* The key path as a string (asserts it fits). */
static void key_path_of(const lamina_animation_t *a, char *buf, size_t cap) {
    size_t len = 0;
    ASSERT_OK(lamina_animation_get_key_path(a, buf, cap, &len));
    assert_true(len < cap);
}

/* Counts frees of a userdata. */
typedef struct free_counter {
    int frees;
} free_counter_t;

static void count_free(void *userdata) { ((free_counter_t *)userdata)->frees++; }

static void ignore_start(void *userdata, lamina_layer_t layer, const char *key) {
    (void)userdata;
    (void)layer;
    (void)key;
}

/* ------------------------------------------------------------------------------------------ */
/* Constructors, kinds and defaults                                                            */
/* ------------------------------------------------------------------------------------------ */

/* Every kind comes with Core Animation's defaults (CA-13.6, CA-16 "Defaults"). */
static void constructors_make_each_kind_with_core_animation_defaults(void **state) {
    (void)state;
    lamina_animation_t *all[5] = {make_basic("opacity"), make_spring("position.x"),
                                  make_keyframe("position"), make_transition(), make_group()};
    const lamina_animation_kind_t kinds[5] = {LAMINA_ANIMATION_BASIC, LAMINA_ANIMATION_SPRING,
                                              LAMINA_ANIMATION_KEYFRAME, LAMINA_ANIMATION_TRANSITION,
                                              LAMINA_ANIMATION_GROUP};
    for (int i = 0; i < 5; i++) {
        lamina_animation_kind_t k = -1;
        ASSERT_OK(lamina_animation_get_kind(all[i], &k));
        assert_int_equal(k, kinds[i]);

        lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
        t.begin_time = t.duration = t.speed = t.time_offset = t.repeat_count = t.repeat_duration = 99;
        t.autoreverses = 7;
        t.fill_mode = 7;
        ASSERT_OK(lamina_animation_get_media_timing(all[i], &t));
        ASSERT_DOUBLE_EQ(0.0, t.begin_time);
        ASSERT_DOUBLE_EQ(0.0, t.duration);
        ASSERT_DOUBLE_EQ(1.0, t.speed);
        ASSERT_DOUBLE_EQ(0.0, t.time_offset);
        ASSERT_DOUBLE_EQ(0.0, t.repeat_count);
        ASSERT_DOUBLE_EQ(0.0, t.repeat_duration);
        assert_int_equal(t.autoreverses, LAMINA_FALSE);
        assert_int_equal(t.fill_mode, LAMINA_FILL_MODE_REMOVED);

        lamina_bool_t b = 7;
        ASSERT_OK(lamina_animation_get_removed_on_completion(all[i], &b));
        assert_int_equal(b, LAMINA_TRUE);
        lamina_timing_function_t tf;
        LT_FILL(tf);
        ASSERT_OK(lamina_animation_get_timing_function(all[i], &tf, &b));
        assert_int_equal(b, LAMINA_FALSE); /* nil: linear (CA-6.4) */
        ASSERT_UNTOUCHED(tf);
    }

    /* Property animations: the key path, additive/cumulative off, no value function. */
    char buf[64];
    key_path_of(all[0], buf, sizeof buf);
    assert_string_equal(buf, "opacity");
    key_path_of(all[1], buf, sizeof buf);
    assert_string_equal(buf, "position.x");
    for (int i = 0; i < 3; i++) {
        lamina_bool_t b = 7;
        ASSERT_OK(lamina_animation_get_additive(all[i], &b));
        assert_int_equal(b, 0);
        ASSERT_OK(lamina_animation_get_cumulative(all[i], &b));
        assert_int_equal(b, 0);
        lamina_value_function_t f = -1;
        ASSERT_OK(lamina_animation_get_value_function(all[i], &f));
        assert_int_equal(f, LAMINA_VALUE_FUNCTION_NONE);
    }
    /* Basic: no from/to/by (CA-7.1). */
    lamina_value_t v;
    LT_FILL(v);
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_animation_get_from_value(all[0], &v));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_animation_get_to_value(all[0], &v));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_animation_get_by_value(all[0], &v));
    ASSERT_UNTOUCHED(v);

    /* Spring: CASpringAnimation's parameters (CA-9.1). */
    lamina_spring_t s;
    LT_FILL(s);
    ASSERT_OK(lamina_animation_get_spring(all[1], &s));
    ASSERT_DOUBLE_EQ(1.0, s.mass);
    ASSERT_DOUBLE_EQ(100.0, s.stiffness);
    ASSERT_DOUBLE_EQ(10.0, s.damping);
    ASSERT_DOUBLE_EQ(0.0, s.initial_velocity);
    assert_int_equal(s.allows_overdamping, LAMINA_FALSE);

    /* Keyframe: linear, nothing set (CA-16: calculationMode linear). */
    lamina_calculation_mode_t m = -1;
    ASSERT_OK(lamina_animation_get_calculation_mode(all[2], &m));
    assert_int_equal(m, LAMINA_CALCULATION_LINEAR);
    lamina_rotation_mode_t r = -1;
    ASSERT_OK(lamina_animation_get_rotation_mode(all[2], &r));
    assert_int_equal(r, LAMINA_ROTATION_NONE);
    size_t n = 99;
    ASSERT_OK(lamina_animation_get_keyframe_values(all[2], NULL, 0, &n));
    assert_int_equal(n, 0);
    ASSERT_OK(lamina_animation_get_key_times(all[2], NULL, 0, &n));
    assert_int_equal(n, 0);
    ASSERT_OK(lamina_animation_get_path(all[2], NULL, 0, &n));
    assert_int_equal(n, 0);

    /* Transition: fade, no subtype, progress 0 to 1 (CA-10.1). */
    lamina_transition_type_t tt = -1;
    lamina_transition_subtype_t ts = -1;
    double p0 = -1, p1 = -1;
    ASSERT_OK(lamina_animation_get_transition_type(all[3], &tt));
    ASSERT_OK(lamina_animation_get_transition_subtype(all[3], &ts));
    ASSERT_OK(lamina_animation_get_transition_progress(all[3], &p0, &p1));
    assert_int_equal(tt, LAMINA_TRANSITION_FADE);
    assert_int_equal(ts, LAMINA_TRANSITION_SUBTYPE_NONE);
    ASSERT_DOUBLE_EQ(0.0, p0);
    ASSERT_DOUBLE_EQ(1.0, p1);

    /* Group: empty. */
    ASSERT_OK(lamina_animation_group_get_count(all[4], &n));
    assert_int_equal(n, 0);

    for (int i = 0; i < 5; i++) ASSERT_OK(lamina_animation_release(all[i]));
}

static void constructors_reject_null_and_unknown_enums(void **state) {
    (void)state;
    lamina_animation_t *a;
    LT_FILL(a);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_create_basic(NULL, &a));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_create_spring(NULL, &a));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_create_keyframe(NULL, &a));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_create_basic("opacity", NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_create_spring("opacity", NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_create_keyframe("opacity", NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_create_group(NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_animation_create_transition(LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_TOP, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_animation_create_transition(4, LAMINA_TRANSITION_SUBTYPE_NONE, &a));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_animation_create_transition(-1, LAMINA_TRANSITION_SUBTYPE_NONE, &a));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_animation_create_transition(LAMINA_TRANSITION_PUSH, 5, &a));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_animation_create_transition(LAMINA_TRANSITION_PUSH, -1, &a));
    ASSERT_UNTOUCHED(a);

    /* Every subtype is accepted with every type. */
    for (lamina_transition_type_t t = LAMINA_TRANSITION_FADE; t <= LAMINA_TRANSITION_REVEAL; t++) {
        for (lamina_transition_subtype_t s = LAMINA_TRANSITION_SUBTYPE_NONE; s <= LAMINA_TRANSITION_FROM_BOTTOM; s++) {
            lamina_transition_type_t gt = -1;
            lamina_transition_subtype_t gs = -1;
            ASSERT_OK(lamina_animation_create_transition(t, s, &a));
            ASSERT_OK(lamina_animation_get_transition_type(a, &gt));
            ASSERT_OK(lamina_animation_get_transition_subtype(a, &gs));
            assert_int_equal(gt, t);
            assert_int_equal(gs, s);
            ASSERT_OK(lamina_animation_release(a));
        }
    }
}

/* NULL animations are INVALID_ARGUMENT for every function that takes one. */
static void every_function_rejects_a_null_animation(void **state) {
    (void)state;
    lamina_value_t v = lt_number(1);
    double d = 0;
    size_t n = 0;
    char buf[8];
    lamina_bool_t b = 0;
    int32_t e = 0;
    lamina_timing_function_t tf = {0, 0, 1, 1};
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    lamina_spring_t sp = LAMINA_SPRING_INIT;
    lamina_path_element_t pe;
    memset(&pe, 0, sizeof pe);
    lamina_animation_t *out = NULL;

    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_retain(NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_release(NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_copy(NULL, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_kind(NULL, &e));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_key_path(NULL, "opacity"));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_key_path(NULL, buf, sizeof buf, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_from_value(NULL, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_to_value(NULL, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_by_value(NULL, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_from_value(NULL, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_to_value(NULL, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_by_value(NULL, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_additive(NULL, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_additive(NULL, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_cumulative(NULL, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_cumulative(NULL, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_value_function(NULL, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_value_function(NULL, &e));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_removed_on_completion(NULL, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_removed_on_completion(NULL, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_timing_function(NULL, &tf));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_timing_function(NULL, &tf, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_media_timing(NULL, &mt));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_media_timing(NULL, &mt));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_spring(NULL, &sp));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_spring(NULL, &sp));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_keyframe_values(NULL, &v, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_keyframe_values(NULL, &v, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_key_times(NULL, &d, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_key_times(NULL, &d, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_keyframe_timing_functions(NULL, &tf, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_keyframe_timing_functions(NULL, &tf, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_calculation_mode(NULL, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_calculation_mode(NULL, &e));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_tension_values(NULL, &d, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_tension_values(NULL, &d, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_continuity_values(NULL, &d, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_continuity_values(NULL, &d, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_bias_values(NULL, &d, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_bias_values(NULL, &d, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_path(NULL, &pe, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_path(NULL, &pe, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_rotation_mode(NULL, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_rotation_mode(NULL, &e));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_transition_type(NULL, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_transition_type(NULL, &e));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_transition_subtype(NULL, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_transition_subtype(NULL, &e));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_transition_progress(NULL, 0, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_transition_progress(NULL, &d, &d));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_add(NULL, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_get_count(NULL, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_copy_child(NULL, 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_remove_all(NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_delegate(NULL, NULL, NULL, NULL));
    assert_null(out);
}

/* NULL out-pointers are INVALID_ARGUMENT and change nothing. */
static void getters_reject_null_out_pointers(void **state) {
    (void)state;
    lamina_animation_t *basic = make_basic("opacity");
    lamina_animation_t *kf = make_keyframe("position");
    lamina_animation_t *tr = make_transition();
    lamina_animation_t *g = make_group();
    lamina_animation_t *sp = make_spring("opacity");
    double d = 0;
    lamina_bool_t b = 0;
    lamina_timing_function_t tf;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_copy(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_kind(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_key_path(basic, NULL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_from_value(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_to_value(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_by_value(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_additive(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_cumulative(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_value_function(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_removed_on_completion(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_timing_function(basic, NULL, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_timing_function(basic, &tf, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_media_timing(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_media_timing(basic, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_spring(sp, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_spring(sp, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_keyframe_values(kf, NULL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_key_times(kf, NULL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_keyframe_timing_functions(kf, NULL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_calculation_mode(kf, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_tension_values(kf, NULL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_continuity_values(kf, NULL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_bias_values(kf, NULL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_path(kf, NULL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_rotation_mode(kf, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_transition_type(tr, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_transition_subtype(tr, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_transition_progress(tr, NULL, &d));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_transition_progress(tr, &d, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_get_count(g, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_copy_child(g, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_add(g, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_init_perceptual(1, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_get_settling_duration(NULL, &d));
    lamina_spring_t s = LAMINA_SPRING_INIT;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_get_settling_duration(&s, NULL));
    /* A buffer of NULL with a capacity. */
    size_t n = 77;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_key_path(basic, NULL, 4, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_keyframe_values(kf, NULL, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_key_times(kf, NULL, 1, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_path(kf, NULL, 1, &n));
    assert_int_equal(n, 77);
    lamina_animation_t *all[] = {basic, kf, tr, g, sp};
    for (size_t i = 0; i < 5; i++) ASSERT_OK(lamina_animation_release(all[i]));
}

/* ------------------------------------------------------------------------------------------ */
/* Reference counting and copies                                                               */
/* ------------------------------------------------------------------------------------------ */

/* retain gives the same object; copy an independent one (CA-11.1's copy semantics start here). */
static void retain_shares_and_copy_is_independent(void **state) {
    (void)state;
    lamina_animation_t *a = make_basic("opacity");
    lamina_value_t to = lt_number(0.25);
    ASSERT_OK(lamina_animation_set_to_value(a, &to));

    ASSERT_OK(lamina_animation_retain(a));
    lamina_animation_t *c = NULL;
    ASSERT_OK(lamina_animation_copy(a, &c));
    assert_ptr_not_equal(a, c);

    lamina_value_t other = lt_number(0.75);
    ASSERT_OK(lamina_animation_set_to_value(c, &other));
    ASSERT_OK(lamina_animation_set_key_path(c, "position.x"));

    lamina_value_t got;
    ASSERT_OK(lamina_animation_get_to_value(a, &got));
    assert_int_equal(got.type, LAMINA_VALUE_NUMBER);
    ASSERT_DOUBLE_EQ(0.25, got.u.number);
    char buf[32];
    key_path_of(a, buf, sizeof buf);
    assert_string_equal(buf, "opacity");
    ASSERT_OK(lamina_animation_get_to_value(c, &got));
    ASSERT_DOUBLE_EQ(0.75, got.u.number);

    /* Two references on a: both releases are needed. */
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_animation_get_to_value(a, &got));
    ASSERT_DOUBLE_EQ(0.25, got.u.number);
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_animation_release(c));
}

/* ------------------------------------------------------------------------------------------ */
/* Property animation settings                                                                 */
/* ------------------------------------------------------------------------------------------ */

static void key_path_round_trips_truncates_and_clears(void **state) {
    (void)state;
    lamina_animation_t *a = make_basic("opacity");
    ASSERT_OK(lamina_animation_set_key_path(a, "transform.rotation.z"));
    char buf[64];
    size_t len = 0;
    ASSERT_OK(lamina_animation_get_key_path(a, buf, sizeof buf, &len));
    assert_string_equal(buf, "transform.rotation.z");
    assert_int_equal(len, strlen("transform.rotation.z"));

    /* Truncated to capacity, NUL-terminated; the full length reported. */
    char small[6];
    memset(small, 'x', sizeof small);
    ASSERT_OK(lamina_animation_get_key_path(a, small, sizeof small, &len));
    assert_string_equal(small, "trans");
    assert_int_equal(len, 20);
    ASSERT_OK(lamina_animation_get_key_path(a, NULL, 0, &len));
    assert_int_equal(len, 20);

    /* NULL and "" clear it: reads as "". */
    ASSERT_OK(lamina_animation_set_key_path(a, NULL));
    ASSERT_OK(lamina_animation_get_key_path(a, buf, sizeof buf, &len));
    assert_int_equal(len, 0);
    assert_string_equal(buf, "");
    ASSERT_OK(lamina_animation_set_key_path(a, "position"));
    ASSERT_OK(lamina_animation_set_key_path(a, ""));
    ASSERT_OK(lamina_animation_get_key_path(a, buf, sizeof buf, &len));
    assert_int_equal(len, 0);

    /* Transitions and groups have no key path (they are not property animations). */
    lamina_animation_t *t = make_transition();
    lamina_animation_t *g = make_group();
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_key_path(t, "opacity"));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_key_path(g, "opacity"));
    len = 99;
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_key_path(t, buf, sizeof buf, &len));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_key_path(g, buf, sizeof buf, &len));
    assert_int_equal(len, 99);
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_animation_release(t));
    ASSERT_OK(lamina_animation_release(g));
}

/* from/to/by (CA-7.1): every value type round-trips; NULL clears; a nil colour is a value;
 * NaN, unknown tags and strings are refused and change nothing. */
static void from_to_by_round_trip_and_refuse_bad_values(void **state) {
    (void)state;
    lamina_animation_t *a = make_basic("bounds");
    lamina_status_t (*setters[3])(lamina_animation_t *, const lamina_value_t *) = {
        lamina_animation_set_from_value, lamina_animation_set_to_value, lamina_animation_set_by_value};
    lamina_status_t (*getters[3])(const lamina_animation_t *, lamina_value_t *) = {
        lamina_animation_get_from_value, lamina_animation_get_to_value, lamina_animation_get_by_value};
    lamina_transform3d_t m = lt_identity();
    m.m41 = 5;
    const lamina_value_t values[] = {lt_number(2.5),        lt_point(1, 2),
                                     lt_size(3, 4),         lt_rect(1, 2, 3, 4),
                                     lt_color(0.1, 0.2, 0.3, 0.4), lt_transform(m),
                                     lt_bool(LAMINA_TRUE),  lt_null()};
    for (int s = 0; s < 3; s++) {
        for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
            ASSERT_OK(setters[s](a, &values[i]));
            lamina_value_t got;
            LT_FILL(got);
            ASSERT_OK(getters[s](a, &got));
            assert_int_equal(got.type, values[i].type);
            if (values[i].type != LAMINA_VALUE_NULL)
                assert_memory_equal(&got.u, &values[i].u, sizeof got.u);
        }
        /* Refused: NaN, infinity, an unknown tag, a NULL string pointer (INVALID_ARGUMENT);
         * a string (TYPE_MISMATCH). The previous value stays. */
        lamina_value_t keep = lt_number(7);
        ASSERT_OK(setters[s](a, &keep));
        lamina_value_t nan_value = lt_point(NAN, 0);
        lamina_value_t inf_value = lt_number(INFINITY);
        lamina_value_t bad_tag = lt_number(1);
        bad_tag.type = 42;
        lamina_value_t null_string = lt_string(NULL);
        lamina_value_t string = lt_string("hello");
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, setters[s](a, &nan_value));
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, setters[s](a, &inf_value));
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, setters[s](a, &bad_tag));
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, setters[s](a, &null_string));
        ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, setters[s](a, &string));
        lamina_value_t got;
        ASSERT_OK(getters[s](a, &got));
        assert_int_equal(got.type, LAMINA_VALUE_NUMBER);
        ASSERT_DOUBLE_EQ(7.0, got.u.number);
        /* NULL clears. */
        ASSERT_OK(setters[s](a, NULL));
        LT_FILL(got);
        ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, getters[s](a, &got));
        ASSERT_UNTOUCHED(got);
    }

    /* Springs are basic animations (CASpringAnimation subclasses CABasicAnimation). */
    lamina_animation_t *sp = make_spring("opacity");
    lamina_value_t one = lt_number(1);
    ASSERT_OK(lamina_animation_set_from_value(sp, &one));
    /* The other kinds have no from/to/by. */
    lamina_animation_t *others[3] = {make_keyframe("opacity"), make_transition(), make_group()};
    for (int k = 0; k < 3; k++) {
        for (int s = 0; s < 3; s++) {
            lamina_value_t got;
            ASSERT_FAILS(LAMINA_STATUS_MISUSE, setters[s](others[k], &one));
            ASSERT_FAILS(LAMINA_STATUS_MISUSE, getters[s](others[k], &got));
        }
        ASSERT_OK(lamina_animation_release(others[k]));
    }
    ASSERT_OK(lamina_animation_release(sp));
    ASSERT_OK(lamina_animation_release(a));
}

static void flags_and_value_functions_round_trip(void **state) {
    (void)state;
    lamina_animation_t *a = make_basic("transform");
    lamina_bool_t b = 0;
    ASSERT_OK(lamina_animation_set_additive(a, 5)); /* any non-zero input is true */
    ASSERT_OK(lamina_animation_get_additive(a, &b));
    assert_int_equal(b, LAMINA_TRUE);
    ASSERT_OK(lamina_animation_set_cumulative(a, LAMINA_TRUE));
    ASSERT_OK(lamina_animation_get_cumulative(a, &b));
    assert_int_equal(b, LAMINA_TRUE);
    ASSERT_OK(lamina_animation_set_removed_on_completion(a, LAMINA_FALSE));
    ASSERT_OK(lamina_animation_get_removed_on_completion(a, &b));
    assert_int_equal(b, LAMINA_FALSE);

    for (lamina_value_function_t f = LAMINA_VALUE_FUNCTION_NONE; f <= LAMINA_VALUE_FUNCTION_TRANSLATE_Z; f++) {
        lamina_value_function_t got = -1;
        ASSERT_OK(lamina_animation_set_value_function(a, f));
        ASSERT_OK(lamina_animation_get_value_function(a, &got));
        assert_int_equal(got, f);
    }
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_value_function(a, 12));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_value_function(a, -1));
    lamina_value_function_t got = -1;
    ASSERT_OK(lamina_animation_get_value_function(a, &got));
    assert_int_equal(got, LAMINA_VALUE_FUNCTION_TRANSLATE_Z);

    /* Keyframes take additive and a value function too; groups and transitions do not. */
    lamina_animation_t *k = make_keyframe("transform");
    ASSERT_OK(lamina_animation_set_additive(k, LAMINA_TRUE));
    ASSERT_OK(lamina_animation_set_value_function(k, LAMINA_VALUE_FUNCTION_ROTATE_Z));
    lamina_animation_t *g = make_group();
    lamina_animation_t *t = make_transition();
    lamina_animation_t *non_property[2] = {g, t};
    for (int i = 0; i < 2; i++) {
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_additive(non_property[i], 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_additive(non_property[i], &b));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_cumulative(non_property[i], 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_cumulative(non_property[i], &b));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_value_function(non_property[i], 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_value_function(non_property[i], &got));
        /* removedOnCompletion, timing and the delegate belong to every kind. */
        ASSERT_OK(lamina_animation_set_removed_on_completion(non_property[i], LAMINA_FALSE));
    }
    ASSERT_OK(lamina_animation_release(k));
    ASSERT_OK(lamina_animation_release(g));
    ASSERT_OK(lamina_animation_release(t));
    ASSERT_OK(lamina_animation_release(a));
}

static void timing_function_round_trips_and_unsets(void **state) {
    (void)state;
    lamina_animation_t *a = make_group();
    lamina_timing_function_t in = {0.42, 0, 0.58, 1.5}, out;
    lamina_bool_t set = 0;
    ASSERT_OK(lamina_animation_set_timing_function(a, &in));
    ASSERT_OK(lamina_animation_get_timing_function(a, &out, &set));
    assert_int_equal(set, LAMINA_TRUE);
    assert_memory_equal(&in, &out, sizeof in);

    lamina_timing_function_t bad[] = {{1.5, 0, 0.5, 1}, {0, 0, -0.1, 1}, {NAN, 0, 0.5, 1}, {0, INFINITY, 0.5, 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_timing_function(a, &bad[i]));
    ASSERT_OK(lamina_animation_get_timing_function(a, &out, &set));
    assert_memory_equal(&in, &out, sizeof in);

    ASSERT_OK(lamina_animation_set_timing_function(a, NULL));
    LT_FILL(out);
    ASSERT_OK(lamina_animation_get_timing_function(a, &out, &set));
    assert_int_equal(set, LAMINA_FALSE);
    ASSERT_UNTOUCHED(out);
    ASSERT_OK(lamina_animation_release(a));
}

/* ------------------------------------------------------------------------------------------ */
/* Media timing (CA-5)                                                                         */
/* ------------------------------------------------------------------------------------------ */

static void media_timing_round_trips_every_field(void **state) {
    (void)state;
    lamina_animation_t *a = make_basic("opacity");
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    assert_int_equal(t.struct_size, sizeof(lamina_media_timing_t));
    t.begin_time = 1.5;
    t.duration = 2;
    t.speed = -0.5;
    t.time_offset = 0.25;
    t.repeat_count = 2.5;
    t.repeat_duration = 7;
    t.autoreverses = LAMINA_TRUE;
    t.fill_mode = LAMINA_FILL_MODE_BOTH;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    lamina_media_timing_t got = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &got));
    ASSERT_DOUBLE_EQ(1.5, got.begin_time);
    ASSERT_DOUBLE_EQ(2.0, got.duration);
    ASSERT_DOUBLE_EQ(-0.5, got.speed);
    ASSERT_DOUBLE_EQ(0.25, got.time_offset);
    ASSERT_DOUBLE_EQ(2.5, got.repeat_count);
    ASSERT_DOUBLE_EQ(7.0, got.repeat_duration);
    assert_int_equal(got.autoreverses, LAMINA_TRUE);
    assert_int_equal(got.fill_mode, LAMINA_FILL_MODE_BOTH);

    /* Every fill mode; forever as FLT_MAX or infinity (CA-5.5); a zero or negative duration
     * is allowed (it takes the transaction's when added, CA-11.2). */
    for (lamina_fill_mode_t m = LAMINA_FILL_MODE_REMOVED; m <= LAMINA_FILL_MODE_BOTH; m++) {
        t.fill_mode = m;
        ASSERT_OK(lamina_animation_set_media_timing(a, &t));
        ASSERT_OK(lamina_animation_get_media_timing(a, &got));
        assert_int_equal(got.fill_mode, m);
    }
    t.repeat_count = LAMINA_REPEAT_FOREVER;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    t.repeat_count = INFINITY;
    t.duration = -1;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    ASSERT_OK(lamina_animation_get_media_timing(a, &got));
    assert_true(isinf(got.repeat_count));
    ASSERT_DOUBLE_EQ(-1.0, got.duration);
    ASSERT_OK(lamina_animation_release(a));
}

static void media_timing_refuses_bad_fields_and_sizes(void **state) {
    (void)state;
    lamina_animation_t *a = make_basic("opacity");
    lamina_media_timing_t good = LAMINA_MEDIA_TIMING_INIT;
    good.duration = 3;
    ASSERT_OK(lamina_animation_set_media_timing(a, &good));

    lamina_media_timing_t t;
#define REFUSED(field, value)                                                                 \
    do {                                                                                      \
        t = good;                                                                             \
        t.field = (value);                                                                    \
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_media_timing(a, &t)); \
    } while (0)
    REFUSED(begin_time, NAN);
    REFUSED(begin_time, INFINITY);
    REFUSED(duration, NAN);
    REFUSED(duration, -INFINITY);
    REFUSED(speed, NAN);
    REFUSED(speed, INFINITY);
    REFUSED(time_offset, NAN);
    REFUSED(repeat_duration, INFINITY);
    REFUSED(repeat_count, NAN);
    REFUSED(repeat_count, -1);
    REFUSED(fill_mode, 4);
    REFUSED(fill_mode, -1);
    REFUSED(struct_size, 0);
    REFUSED(struct_size, (uint32_t)sizeof(lamina_media_timing_t) - 1);
#undef REFUSED
    lamina_media_timing_t got = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &got));
    ASSERT_DOUBLE_EQ(3.0, got.duration);

    /* Reading needs a struct_size too; a too-small one leaves everything untouched. */
    LT_FILL(got);
    got.struct_size = 8;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_get_media_timing(a, &got));
    assert_true(lt_is_sentinel(&got.begin_time, sizeof got - offsetof(lamina_media_timing_t, begin_time)));

    /* A caller built against a later version (a bigger struct): only this version's fields are
     * read and written. */
    struct {
        lamina_media_timing_t base;
        double later_field;
    } bigger;
    LT_FILL(bigger);
    bigger.base.struct_size = (uint32_t)sizeof bigger;
    ASSERT_OK(lamina_animation_get_media_timing(a, &bigger.base));
    ASSERT_DOUBLE_EQ(3.0, bigger.base.duration);
    assert_true(lt_is_sentinel(&bigger.later_field, sizeof bigger.later_field));
    bigger.base.duration = 4;
    ASSERT_OK(lamina_animation_set_media_timing(a, &bigger.base));
    ASSERT_OK(lamina_animation_get_media_timing(a, &bigger.base));
    ASSERT_DOUBLE_EQ(4.0, bigger.base.duration);
    ASSERT_OK(lamina_animation_release(a));
}

/* ------------------------------------------------------------------------------------------ */
/* Springs (CA-9)                                                                              */
/* ------------------------------------------------------------------------------------------ */

static void spring_parameters_round_trip_and_are_checked(void **state) {
    (void)state;
    lamina_animation_t *a = make_spring("position.x");
    lamina_spring_t s = LAMINA_SPRING_INIT;
    s.mass = 2;
    s.stiffness = 300;
    s.damping = 0; /* undamped is valid (>= 0) */
    s.initial_velocity = -3;
    s.allows_overdamping = LAMINA_TRUE;
    ASSERT_OK(lamina_animation_set_spring(a, &s));
    lamina_spring_t got;
    ASSERT_OK(lamina_animation_get_spring(a, &got));
    ASSERT_DOUBLE_EQ(2.0, got.mass);
    ASSERT_DOUBLE_EQ(300.0, got.stiffness);
    ASSERT_DOUBLE_EQ(0.0, got.damping);
    ASSERT_DOUBLE_EQ(-3.0, got.initial_velocity);
    assert_int_equal(got.allows_overdamping, LAMINA_TRUE);

    /* Valid input: mass > 0, stiffness > 0, damping >= 0, all finite (CA-9.1). */
    const lamina_spring_t bad[] = {
        {0, 100, 10, 0, 0, 0},  {-1, 100, 10, 0, 0, 0},      {NAN, 100, 10, 0, 0, 0},
        {INFINITY, 100, 10, 0, 0, 0}, {1, 0, 10, 0, 0, 0},   {1, -5, 10, 0, 0, 0},
        {1, INFINITY, 10, 0, 0, 0}, {1, 100, -0.5, 0, 0, 0}, {1, 100, NAN, 0, 0, 0},
        {1, 100, 10, NAN, 0, 0},  {1, 100, 10, INFINITY, 0, 0},
    };
    double d = 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_spring(a, &bad[i]));
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_get_settling_duration(&bad[i], &d));
    }
    ASSERT_OK(lamina_animation_get_spring(a, &got));
    ASSERT_DOUBLE_EQ(300.0, got.stiffness);

    /* Only springs have spring parameters. */
    lamina_animation_t *b = make_basic("opacity");
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_spring(b, &s));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_spring(b, &got));
    ASSERT_OK(lamina_animation_release(b));
    ASSERT_OK(lamina_animation_release(a));
}

/* initWithPerceptualDuration:bounce: (CA-9.5) and settlingDuration (CA-9.4). */
static void perceptual_springs_and_settling_durations(void **state) {
    (void)state;
    lamina_spring_t s;
    ASSERT_OK(lamina_spring_init_perceptual(0.5, 0, &s));
    ASSERT_DOUBLE_EQ(1.0, s.mass);
    ASSERT_NEAR((4 * kPi) * (4 * kPi), s.stiffness, 1e-9);
    ASSERT_NEAR(4 * kPi / 0.5, s.damping, 1e-12); /* critically damped: 2 sqrt(k m) */
    ASSERT_NEAR(4 * s.stiffness * s.mass, s.damping * s.damping, 1e-6);
    ASSERT_DOUBLE_EQ(0.0, s.initial_velocity);
    assert_int_equal(s.allows_overdamping, LAMINA_TRUE);
    ASSERT_OK(lamina_spring_init_perceptual(1, 0.25, &s));
    ASSERT_NEAR(4 * kPi * 0.75, s.damping, 1e-12);
    ASSERT_OK(lamina_spring_init_perceptual(1, -0.5, &s));
    ASSERT_NEAR(4 * kPi / 0.5, s.damping, 1e-12);
    ASSERT_OK(lamina_spring_init_perceptual(1, 1, &s)); /* bounce 1: undamped */
    ASSERT_DOUBLE_EQ(0.0, s.damping);

    lamina_spring_t untouched;
    LT_FILL(untouched);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_init_perceptual(0, 0, &untouched));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_init_perceptual(-1, 0, &untouched));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_init_perceptual(NAN, 0, &untouched));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_init_perceptual(INFINITY, 0, &untouched));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_init_perceptual(1, -1, &untouched));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_init_perceptual(1, 1.5, &untouched));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_spring_init_perceptual(1, NAN, &untouched));
    ASSERT_UNTOUCHED(untouched);

    /* Apple's example (CA-9.4): damping 5 about 2.85 s, damping 15 just over 1 s; Lamina's
     * envelope rule with 0.001 of the distance gives 2.776 and 0.976 (within 3 %). */
    lamina_spring_t d5 = LAMINA_SPRING_INIT, d15 = LAMINA_SPRING_INIT, d0 = LAMINA_SPRING_INIT;
    d5.damping = 5;
    d15.damping = 15;
    d0.damping = 0;
    double t5 = 0, t15 = 0, t0 = 0;
    ASSERT_OK(lamina_spring_get_settling_duration(&d5, &t5));
    ASSERT_OK(lamina_spring_get_settling_duration(&d15, &t15));
    ASSERT_OK(lamina_spring_get_settling_duration(&d0, &t0));
    ASSERT_NEAR(2.85, t5, 0.1);
    ASSERT_NEAR(1.0, t15, 0.05);
    assert_true(t5 > t15);
    assert_true(isinf(t0) && t0 > 0); /* an undamped spring never settles */
}

/* ------------------------------------------------------------------------------------------ */
/* Keyframes (CA-8)                                                                            */
/* ------------------------------------------------------------------------------------------ */

static void keyframe_values_and_arrays_round_trip(void **state) {
    (void)state;
    lamina_animation_t *a = make_keyframe("opacity");
    const lamina_value_t values[3] = {lt_number(0), lt_number(1), lt_number(0.5)};
    ASSERT_OK(lamina_animation_set_keyframe_values(a, values, 3));
    lamina_value_t got[3];
    size_t n = 0;
    ASSERT_OK(lamina_animation_get_keyframe_values(a, got, 3, &n));
    assert_int_equal(n, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(got[i].type, LAMINA_VALUE_NUMBER);
        ASSERT_DOUBLE_EQ(values[i].u.number, got[i].u.number);
    }
    /* A smaller buffer gets the first entries and the full count. */
    lamina_value_t two[2];
    LT_FILL(two[1]);
    ASSERT_OK(lamina_animation_get_keyframe_values(a, two, 1, &n));
    assert_int_equal(n, 3);
    ASSERT_DOUBLE_EQ(0.0, two[0].u.number);
    ASSERT_UNTOUCHED(two[1]);

    const double times[3] = {0, 0.25, 1};
    ASSERT_OK(lamina_animation_set_key_times(a, times, 3));
    double tgot[3];
    ASSERT_OK(lamina_animation_get_key_times(a, tgot, 3, &n));
    assert_int_equal(n, 3);
    assert_memory_equal(times, tgot, sizeof times);

    lamina_timing_function_t fns[2];
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_EASE_IN, &fns[0]));
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_EASE_OUT, &fns[1]));
    ASSERT_OK(lamina_animation_set_keyframe_timing_functions(a, fns, 2));
    lamina_timing_function_t fgot[2];
    ASSERT_OK(lamina_animation_get_keyframe_timing_functions(a, fgot, 2, &n));
    assert_int_equal(n, 2);
    assert_memory_equal(fns, fgot, sizeof fns);

    for (lamina_calculation_mode_t m = LAMINA_CALCULATION_LINEAR; m <= LAMINA_CALCULATION_CUBIC_PACED; m++) {
        lamina_calculation_mode_t g = -1;
        ASSERT_OK(lamina_animation_set_calculation_mode(a, m));
        ASSERT_OK(lamina_animation_get_calculation_mode(a, &g));
        assert_int_equal(g, m);
    }
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_calculation_mode(a, 5));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_calculation_mode(a, -1));

    /* Kochanek-Bartels parameters: stored as given (clamped only when used). */
    const double tcb[3] = {-2, 0.5, 1};
    lamina_status_t (*set_tcb[3])(lamina_animation_t *, const double *, size_t) = {
        lamina_animation_set_tension_values, lamina_animation_set_continuity_values,
        lamina_animation_set_bias_values};
    lamina_status_t (*get_tcb[3])(const lamina_animation_t *, double *, size_t, size_t *) = {
        lamina_animation_get_tension_values, lamina_animation_get_continuity_values,
        lamina_animation_get_bias_values};
    for (int i = 0; i < 3; i++) {
        double g[3];
        ASSERT_OK(set_tcb[i](a, tcb, 3));
        ASSERT_OK(get_tcb[i](a, g, 3, &n));
        assert_int_equal(n, 3);
        assert_memory_equal(tcb, g, sizeof tcb);
        const double bad[2] = {0, NAN};
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, set_tcb[i](a, bad, 2));
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, set_tcb[i](a, NULL, 2));
        ASSERT_OK(get_tcb[i](a, NULL, 0, &n));
        assert_int_equal(n, 3);
        ASSERT_OK(set_tcb[i](a, NULL, 0)); /* clears */
        ASSERT_OK(get_tcb[i](a, NULL, 0, &n));
        assert_int_equal(n, 0);
    }

    /* Refused: NaN values and key times, strings, bad tags, NULL arrays with a count, invalid
     * timing functions. Nothing changes. */
    const lamina_value_t nan_values[2] = {lt_number(0), lt_number(NAN)};
    const lamina_value_t string_values[2] = {lt_number(0), lt_string("x")};
    lamina_value_t tagged[1] = {lt_number(0)};
    tagged[0].type = 99;
    const double nan_times[2] = {0, NAN};
    const lamina_timing_function_t bad_fn[1] = {{2, 0, 0, 1}};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_keyframe_values(a, nan_values, 2));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_animation_set_keyframe_values(a, string_values, 2));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_keyframe_values(a, tagged, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_keyframe_values(a, NULL, 2));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_key_times(a, nan_times, 2));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_key_times(a, NULL, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_keyframe_timing_functions(a, bad_fn, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_keyframe_timing_functions(a, NULL, 1));
    ASSERT_OK(lamina_animation_get_keyframe_values(a, NULL, 0, &n));
    assert_int_equal(n, 3);
    ASSERT_OK(lamina_animation_get_key_times(a, NULL, 0, &n));
    assert_int_equal(n, 3);
    ASSERT_OK(lamina_animation_get_keyframe_timing_functions(a, NULL, 0, &n));
    assert_int_equal(n, 2);

    /* NULL with count 0 clears (unset). */
    ASSERT_OK(lamina_animation_set_key_times(a, NULL, 0));
    ASSERT_OK(lamina_animation_set_keyframe_timing_functions(a, NULL, 0));
    ASSERT_OK(lamina_animation_set_keyframe_values(a, NULL, 0));
    ASSERT_OK(lamina_animation_get_key_times(a, NULL, 0, &n));
    assert_int_equal(n, 0);
    ASSERT_OK(lamina_animation_get_keyframe_timing_functions(a, NULL, 0, &n));
    assert_int_equal(n, 0);
    ASSERT_OK(lamina_animation_get_keyframe_values(a, NULL, 0, &n));
    assert_int_equal(n, 0);
    ASSERT_OK(lamina_animation_release(a));
}

static void paths_and_rotation_modes_round_trip(void **state) {
    (void)state;
    lamina_animation_t *a = make_keyframe("position");
    lamina_path_element_t path[5];
    memset(path, 0, sizeof path);
    path[0].type = LAMINA_PATH_MOVE;
    path[0].points[0] = (lamina_point_t){0, 0};
    path[1].type = LAMINA_PATH_LINE;
    path[1].points[0] = (lamina_point_t){100, 0};
    path[1].points[1] = (lamina_point_t){NAN, NAN}; /* unused: ignored */
    path[2].type = LAMINA_PATH_QUAD;
    path[2].points[0] = (lamina_point_t){150, 50};
    path[2].points[1] = (lamina_point_t){100, 100};
    path[3].type = LAMINA_PATH_CUBIC;
    path[3].points[0] = (lamina_point_t){50, 150};
    path[3].points[1] = (lamina_point_t){0, 150};
    path[3].points[2] = (lamina_point_t){0, 100};
    path[4].type = LAMINA_PATH_CLOSE;
    ASSERT_OK(lamina_animation_set_path(a, path, 5));

    lamina_path_element_t got[5];
    size_t n = 0;
    ASSERT_OK(lamina_animation_get_path(a, got, 5, &n));
    assert_int_equal(n, 5);
    assert_int_equal(got[1].type, LAMINA_PATH_LINE);
    ASSERT_POINT_EQ(100, 0, got[1].points[0]);
    ASSERT_POINT_EQ(0, 0, got[1].points[1]); /* unused points read as 0 */
    assert_int_equal(got[2].type, LAMINA_PATH_QUAD);
    ASSERT_POINT_EQ(150, 50, got[2].points[0]);
    ASSERT_POINT_EQ(100, 100, got[2].points[1]);
    assert_int_equal(got[3].type, LAMINA_PATH_CUBIC);
    ASSERT_POINT_EQ(50, 150, got[3].points[0]);
    ASSERT_POINT_EQ(0, 150, got[3].points[1]);
    ASSERT_POINT_EQ(0, 100, got[3].points[2]);
    assert_int_equal(got[4].type, LAMINA_PATH_CLOSE);

    lamina_path_element_t bad = path[1];
    bad.type = 5;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_path(a, &bad, 1));
    bad.type = LAMINA_PATH_CUBIC;
    bad.points[2] = (lamina_point_t){INFINITY, 0};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_path(a, &bad, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_path(a, NULL, 3));
    ASSERT_OK(lamina_animation_get_path(a, NULL, 0, &n));
    assert_int_equal(n, 5);
    ASSERT_OK(lamina_animation_set_path(a, NULL, 0));
    ASSERT_OK(lamina_animation_get_path(a, NULL, 0, &n));
    assert_int_equal(n, 0);

    for (lamina_rotation_mode_t m = LAMINA_ROTATION_NONE; m <= LAMINA_ROTATION_AUTO_REVERSE; m++) {
        lamina_rotation_mode_t g = -1;
        ASSERT_OK(lamina_animation_set_rotation_mode(a, m));
        ASSERT_OK(lamina_animation_get_rotation_mode(a, &g));
        assert_int_equal(g, m);
    }
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_rotation_mode(a, 3));
    ASSERT_OK(lamina_animation_release(a));
}

/* The keyframe functions answer MISUSE for every other kind. */
static void keyframe_functions_need_a_keyframe_animation(void **state) {
    (void)state;
    lamina_animation_t *others[4] = {make_basic("opacity"), make_spring("opacity"), make_transition(),
                                     make_group()};
    lamina_value_t v = lt_number(1);
    double d = 0;
    size_t n = 0;
    int32_t e = 0;
    lamina_timing_function_t tf = {0, 0, 1, 1};
    lamina_path_element_t pe;
    memset(&pe, 0, sizeof pe);
    for (int i = 0; i < 4; i++) {
        lamina_animation_t *a = others[i];
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_keyframe_values(a, &v, 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_keyframe_values(a, &v, 1, &n));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_key_times(a, &d, 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_key_times(a, &d, 1, &n));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_keyframe_timing_functions(a, &tf, 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_keyframe_timing_functions(a, &tf, 1, &n));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_calculation_mode(a, 0));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_calculation_mode(a, &e));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_tension_values(a, &d, 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_tension_values(a, &d, 1, &n));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_continuity_values(a, &d, 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_continuity_values(a, &d, 1, &n));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_bias_values(a, &d, 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_bias_values(a, &d, 1, &n));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_path(a, &pe, 1));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_path(a, &pe, 1, &n));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_rotation_mode(a, 0));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_rotation_mode(a, &e));
        ASSERT_OK(lamina_animation_release(a));
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Transitions and groups (CA-10)                                                              */
/* ------------------------------------------------------------------------------------------ */

static void transition_settings_round_trip_and_are_checked(void **state) {
    (void)state;
    lamina_animation_t *a = make_transition();
    ASSERT_OK(lamina_animation_set_transition_type(a, LAMINA_TRANSITION_REVEAL));
    ASSERT_OK(lamina_animation_set_transition_subtype(a, LAMINA_TRANSITION_FROM_BOTTOM));
    ASSERT_OK(lamina_animation_set_transition_progress(a, 0.2, 0.6));
    lamina_transition_type_t t = -1;
    lamina_transition_subtype_t s = -1;
    double p0 = -1, p1 = -1;
    ASSERT_OK(lamina_animation_get_transition_type(a, &t));
    ASSERT_OK(lamina_animation_get_transition_subtype(a, &s));
    ASSERT_OK(lamina_animation_get_transition_progress(a, &p0, &p1));
    assert_int_equal(t, LAMINA_TRANSITION_REVEAL);
    assert_int_equal(s, LAMINA_TRANSITION_FROM_BOTTOM);
    ASSERT_DOUBLE_EQ(0.2, p0);
    ASSERT_DOUBLE_EQ(0.6, p1);

    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_transition_type(a, 4));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_transition_subtype(a, 5));
    /* CA-10.1: both in [0, 1], end >= start. */
    const double bad[][2] = {{0.5, 0.4}, {-0.1, 1}, {0, 1.1}, {NAN, 1}, {0, NAN}, {0, INFINITY}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_transition_progress(a, bad[i][0], bad[i][1]));
    ASSERT_OK(lamina_animation_set_transition_progress(a, 0.5, 0.5)); /* end == start is allowed */
    ASSERT_OK(lamina_animation_get_transition_type(a, &t));
    assert_int_equal(t, LAMINA_TRANSITION_REVEAL);

    lamina_animation_t *b = make_basic("opacity");
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_transition_type(b, 0));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_transition_type(b, &t));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_transition_subtype(b, 0));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_transition_subtype(b, &s));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_set_transition_progress(b, 0, 1));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_get_transition_progress(b, &p0, &p1));
    ASSERT_OK(lamina_animation_release(b));
    ASSERT_OK(lamina_animation_release(a));
}

/* Adding a child copies it (CA-11.1's rule, for groups); children can be read back. */
static void groups_copy_their_children(void **state) {
    (void)state;
    lamina_animation_t *g = make_group();
    lamina_animation_t *child = make_basic("opacity");
    ASSERT_OK(lamina_animation_group_add(g, child));
    ASSERT_OK(lamina_animation_set_key_path(child, "position.x")); /* after adding: no effect */
    ASSERT_OK(lamina_animation_group_add(g, child));
    ASSERT_OK(lamina_animation_group_add(g, g)); /* a copy of itself: groups nest */
    size_t n = 0;
    ASSERT_OK(lamina_animation_group_get_count(g, &n));
    assert_int_equal(n, 3);

    lamina_animation_t *c0 = NULL, *c1 = NULL, *c2 = NULL;
    ASSERT_OK(lamina_animation_group_copy_child(g, 0, &c0));
    ASSERT_OK(lamina_animation_group_copy_child(g, 1, &c1));
    ASSERT_OK(lamina_animation_group_copy_child(g, 2, &c2));
    char buf[32];
    key_path_of(c0, buf, sizeof buf);
    assert_string_equal(buf, "opacity");
    key_path_of(c1, buf, sizeof buf);
    assert_string_equal(buf, "position.x");
    lamina_animation_kind_t k = -1;
    ASSERT_OK(lamina_animation_get_kind(c2, &k));
    assert_int_equal(k, LAMINA_ANIMATION_GROUP);
    ASSERT_OK(lamina_animation_group_get_count(c2, &n));
    assert_int_equal(n, 2);

    lamina_animation_t *untouched = (lamina_animation_t *)(uintptr_t)0xA5A5;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_copy_child(g, 3, &untouched));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_group_copy_child(g, SIZE_MAX, &untouched));
    assert_ptr_equal(untouched, (lamina_animation_t *)(uintptr_t)0xA5A5);

    /* Group functions on other kinds; adding into a non-group. */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_group_add(child, g));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_group_get_count(child, &n));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_group_copy_child(child, 0, &untouched));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_animation_group_remove_all(child));

    ASSERT_OK(lamina_animation_group_remove_all(g));
    ASSERT_OK(lamina_animation_group_get_count(g, &n));
    assert_int_equal(n, 0);
    lamina_animation_t *all[] = {g, child, c0, c1, c2};
    for (size_t i = 0; i < 5; i++) ASSERT_OK(lamina_animation_release(all[i]));
}

/* ------------------------------------------------------------------------------------------ */
/* Delegates and their userdata                                                                */
/* ------------------------------------------------------------------------------------------ */

/* Copies share one registration: free_userdata runs once, when the last copy goes. */
static void delegate_userdata_is_freed_once_when_the_last_copy_goes(void **state) {
    (void)state;
    free_counter_t counter = {0};
    lamina_animation_delegate_t d = {ignore_start, NULL};
    lamina_animation_t *a = make_basic("opacity");
    ASSERT_OK(lamina_animation_set_delegate(a, &d, &counter, count_free));
    lamina_animation_t *c = NULL;
    ASSERT_OK(lamina_animation_copy(a, &c));
    ASSERT_OK(lamina_animation_retain(a));
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_animation_release(a));
    assert_int_equal(counter.frees, 0); /* the copy still has it */
    ASSERT_OK(lamina_animation_release(c));
    assert_int_equal(counter.frees, 1);
}

/* Replacing or clearing the delegate drops the old registration; a NULL delegate and a failing
 * call free the new userdata at once (Ownership.md: exactly once). */
static void delegate_replacement_clearing_and_failure_free_at_once(void **state) {
    (void)state;
    free_counter_t first = {0}, second = {0}, cleared = {0}, failed = {0};
    lamina_animation_delegate_t d = {ignore_start, NULL};
    lamina_animation_t *a = make_group(); /* any kind has a delegate */
    ASSERT_OK(lamina_animation_set_delegate(a, &d, &first, count_free));
    ASSERT_OK(lamina_animation_set_delegate(a, &d, &second, count_free));
    assert_int_equal(first.frees, 1);
    assert_int_equal(second.frees, 0);
    ASSERT_OK(lamina_animation_set_delegate(a, NULL, &cleared, count_free));
    assert_int_equal(second.frees, 1);
    assert_int_equal(cleared.frees, 1);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_delegate(NULL, &d, &failed, count_free));
    assert_int_equal(failed.frees, 1);
    /* No free function: nothing to call. */
    ASSERT_OK(lamina_animation_set_delegate(a, &d, &first, NULL));
    ASSERT_OK(lamina_animation_release(a));
    assert_int_equal(first.frees, 1);
    assert_int_equal(second.frees, 1);
}

/* Children's delegates are ignored (CA-10.5): a group does not keep a child's userdata. */
static void group_children_do_not_keep_their_delegates(void **state) {
    (void)state;
    free_counter_t counter = {0};
    lamina_animation_delegate_t d = {ignore_start, NULL};
    lamina_animation_t *g = make_group();
    lamina_animation_t *child = make_basic("opacity");
    ASSERT_OK(lamina_animation_set_delegate(child, &d, &counter, count_free));
    ASSERT_OK(lamina_animation_group_add(g, child));
    ASSERT_OK(lamina_animation_release(child));
    assert_int_equal(counter.frees, 1);
    ASSERT_OK(lamina_animation_release(g));
    assert_int_equal(counter.frees, 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Threads                                                                                     */
/* ------------------------------------------------------------------------------------------ */

typedef struct worker {
    lamina_animation_t *shared;
    int id;
    int failures;
} worker_t;

static void *hammer(void *arg) {
    worker_t *w = (worker_t *)arg;
    for (int i = 0; i < 2000; i++) {
        lamina_value_t v = lt_number(w->id * 10000 + i);
        lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
        t.duration = 1 + (i % 7);
        if (lamina_animation_set_to_value(w->shared, &v) != LAMINA_STATUS_OK) w->failures++;
        if (lamina_animation_set_media_timing(w->shared, &t) != LAMINA_STATUS_OK) w->failures++;
        lamina_value_t got;
        if (lamina_animation_get_to_value(w->shared, &got) != LAMINA_STATUS_OK ||
            got.type != LAMINA_VALUE_NUMBER)
            w->failures++;
        lamina_media_timing_t gt = LAMINA_MEDIA_TIMING_INIT;
        if (lamina_animation_get_media_timing(w->shared, &gt) != LAMINA_STATUS_OK || gt.duration < 1 ||
            gt.duration > 7)
            w->failures++;
        lamina_animation_t *c = NULL;
        if (lamina_animation_retain(w->shared) != LAMINA_STATUS_OK) w->failures++;
        if (lamina_animation_copy(w->shared, &c) != LAMINA_STATUS_OK) w->failures++;
        if (lamina_animation_release(c) != LAMINA_STATUS_OK) w->failures++;
        if (lamina_animation_release(w->shared) != LAMINA_STATUS_OK) w->failures++;
    }
    return NULL;
}

/* One animation used from four threads at once: every call is atomic, references balance. */
static void one_animation_is_safe_to_use_from_several_threads(void **state) {
    (void)state;
    lamina_animation_t *a = make_basic("opacity");
    pthread_t threads[4];
    worker_t workers[4];
    for (int i = 0; i < 4; i++) {
        workers[i] = (worker_t){a, i, 0};
        assert_int_equal(pthread_create(&threads[i], NULL, hammer, &workers[i]), 0);
    }
    for (int i = 0; i < 4; i++) {
        assert_int_equal(pthread_join(threads[i], NULL), 0);
        assert_int_equal(workers[i].failures, 0);
    }
    ASSERT_OK(lamina_animation_release(a));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(constructors_make_each_kind_with_core_animation_defaults),
        cmocka_unit_test(constructors_reject_null_and_unknown_enums),
        cmocka_unit_test(every_function_rejects_a_null_animation),
        cmocka_unit_test(getters_reject_null_out_pointers),
        cmocka_unit_test(retain_shares_and_copy_is_independent),
        cmocka_unit_test(key_path_round_trips_truncates_and_clears),
        cmocka_unit_test(from_to_by_round_trip_and_refuse_bad_values),
        cmocka_unit_test(flags_and_value_functions_round_trip),
        cmocka_unit_test(timing_function_round_trips_and_unsets),
        cmocka_unit_test(media_timing_round_trips_every_field),
        cmocka_unit_test(media_timing_refuses_bad_fields_and_sizes),
        cmocka_unit_test(spring_parameters_round_trip_and_are_checked),
        cmocka_unit_test(perceptual_springs_and_settling_durations),
        cmocka_unit_test(keyframe_values_and_arrays_round_trip),
        cmocka_unit_test(paths_and_rotation_modes_round_trip),
        cmocka_unit_test(keyframe_functions_need_a_keyframe_animation),
        cmocka_unit_test(transition_settings_round_trip_and_are_checked),
        cmocka_unit_test(groups_copy_their_children),
        cmocka_unit_test(delegate_userdata_is_freed_once_when_the_last_copy_goes),
        cmocka_unit_test(delegate_replacement_clearing_and_failure_free_at_once),
        cmocka_unit_test(group_children_do_not_keep_their_delegates),
        cmocka_unit_test(one_animation_is_safe_to_use_from_several_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
