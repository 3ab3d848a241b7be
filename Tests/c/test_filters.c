/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Layer filters from C (issue 32, R19): lamina_filter_init, the filter-array values of
 * "filters" and "backgroundFilters", "compositingFilter", filter key paths set, read and
 * animated, the records' lamina_draw_filters_t (docs/draw-records.md section 18), and bad
 * input (R19.6).
 */
#include "lamina_test_support.h"

#include <math.h>

static lamina_value_t filters_value(const lamina_filter_t *items, size_t count) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_FILTER_ARRAY;
    v.u.filters.items = items;
    v.u.filters.count = count;
    return v;
}

static void set_bounds(lamina_engine_t *e, lamina_layer_t l, double w, double h) {
    lamina_rect_t b = {{0, 0}, {w, h}};
    lamina_point_t p = {w / 2, h / 2};
    ASSERT_OK(lamina_layer_set_bounds(e, l, b));
    ASSERT_OK(lamina_layer_set_position(e, l, p));
}

/* R19.1: lamina_filter_init gives Core Image's defaults; unknown types and NULL fail. */
static void filter_init(void **state) {
    (void)state;
    lamina_filter_t f;
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "blur", &f));
    assert_int_equal(f.type, LAMINA_FILTER_TYPE_GAUSSIAN_BLUR);
    assert_string_equal(f.name, "blur");
    ASSERT_DOUBLE_EQ(10, f.params[0]);
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_COLOR_MATRIX, NULL, &f));
    for (int i = 0; i < 20; i++) ASSERT_DOUBLE_EQ((i % 6 == 0 && i < 19) ? 1 : 0, f.params[i]);
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_COLOR_CONTROLS, "c", &f));
    ASSERT_DOUBLE_EQ(1, f.params[0]);
    ASSERT_DOUBLE_EQ(0, f.params[1]);
    ASSERT_DOUBLE_EQ(1, f.params[2]);
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_COLOR_MONOCHROME, "m", &f));
    ASSERT_DOUBLE_EQ(0.6, f.params[0]);
    ASSERT_DOUBLE_EQ(1, f.params[4]);
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_ALPHA, "a", &f));
    ASSERT_DOUBLE_EQ(1, f.params[0]);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_filter_init(0, "x", &f));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_filter_init(7, "x", &f));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_filter_init(LAMINA_FILTER_TYPE_ALPHA, "x", NULL));
}

/* R19.2-R19.4: the arrays and the blend mode round-trip; key paths read and write inputs. */
static void values_round_trip(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_value(e, f->layer, "filters", &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
    ASSERT_OK(lamina_layer_get_value(e, f->layer, "compositingFilter", &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
    lamina_filter_t in[2];
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "blur", &in[0]));
    in[0].params[0] = 3;
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_COLOR_INVERT, "", &in[1]));
    lamina_value_t set = filters_value(in, 2);
    ASSERT_OK(lamina_layer_set_value(e, f->layer, "filters", &set));
    in[0].params[0] = 99; /* copied on set */
    ASSERT_OK(lamina_layer_get_value(e, f->layer, "filters", &v));
    assert_int_equal(v.type, LAMINA_VALUE_FILTER_ARRAY);
    assert_int_equal(v.u.filters.count, 2);
    assert_int_equal(v.u.filters.items[0].type, LAMINA_FILTER_TYPE_GAUSSIAN_BLUR);
    assert_string_equal(v.u.filters.items[0].name, "blur");
    ASSERT_DOUBLE_EQ(3, v.u.filters.items[0].params[0]);
    assert_int_equal(v.u.filters.items[1].type, LAMINA_FILTER_TYPE_COLOR_INVERT);
    assert_string_equal(v.u.filters.items[1].name, "");
    double r = 0;
    ASSERT_OK(lamina_layer_get_number(e, f->layer, "filters.blur.inputRadius", &r));
    ASSERT_DOUBLE_EQ(3, r);
    ASSERT_OK(lamina_layer_set_number(e, f->layer, "filters.blur.inputRadius", 12));
    ASSERT_OK(lamina_layer_get_number(e, f->layer, "filters.blur.inputRadius", &r));
    ASSERT_DOUBLE_EQ(12, r);
    lamina_value_t mode = lt_string("CIDifferenceBlendMode");
    ASSERT_OK(lamina_layer_set_value(e, f->layer, "compositingFilter", &mode));
    ASSERT_OK(lamina_layer_get_value(e, f->layer, "compositingFilter", &v));
    assert_int_equal(v.type, LAMINA_VALUE_STRING);
    assert_string_equal(v.u.string, "differenceBlendMode");
    lamina_value_t none = lt_null();
    ASSERT_OK(lamina_layer_set_value(e, f->layer, "compositingFilter", &none));
    ASSERT_OK(lamina_layer_get_value(e, f->layer, "compositingFilter", &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
}

/* R19.6: bad input is a status with a message, and the layer keeps its value. */
static void bad_input(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_filter_t blur;
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "blur", &blur));
    lamina_value_t good = filters_value(&blur, 1);
    ASSERT_OK(lamina_layer_set_value(e, f->layer, "filters", &good));

    lamina_filter_t bad = blur;
    bad.type = 42;
    lamina_value_t v = filters_value(&bad, 1);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, f->layer, "filters", &v));
    bad = blur;
    bad.params[0] = -1;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, f->layer, "filters", &v));
    bad.params[0] = NAN;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, f->layer, "backgroundFilters", &v));
    bad.params[0] = INFINITY;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, f->layer, "filters", &v));
    lamina_filter_t many[LAMINA_FILTER_MAX_COUNT + 1];
    for (int i = 0; i <= LAMINA_FILTER_MAX_COUNT; i++) many[i] = blur;
    v = filters_value(many, LAMINA_FILTER_MAX_COUNT + 1);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, f->layer, "filters", &v));
    v = filters_value(NULL, 2);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, f->layer, "filters", &v));
    lamina_value_t mode = lt_string("multiply");
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, f->layer, "compositingFilter", &mode));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_number(e, f->layer, "filters.blur.inputRadius", -3));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_number(e, f->layer, "filters.blur.inputRadius", NAN));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(e, f->layer, "filters.nosuch.inputRadius", 1));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(e, f->layer, "filters.blur.inputContrast", 1));
    double r = 0;
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_number(e, f->layer, "backgroundFilters.blur.inputRadius", &r));
    lamina_value_t out;
    ASSERT_OK(lamina_layer_get_value(e, f->layer, "filters", &out));
    assert_int_equal(out.u.filters.count, 1);
    ASSERT_DOUBLE_EQ(10, out.u.filters.items[0].params[0]);
    /* An absurd radius is stored and drawn clamped: σ 256, a bounded target (R19.6). */
    ASSERT_OK(lamina_layer_set_number(e, f->layer, "filters.blur.inputRadius", 1e6));
    set_bounds(e, f->layer, 10, 10);
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *rec = NULL;
    size_t n = 0;
    ASSERT_OK(lamina_engine_draw_list(e, f->layer, 0, &rec, &n));
    assert_non_null(rec[0].filters);
    ASSERT_DOUBLE_EQ(LAMINA_FILTER_MAX_SIGMA, rec[0].filters->filters[0].sigma);
    ASSERT_DOUBLE_EQ(3 * LAMINA_FILTER_MAX_SIGMA, rec[0].filters->reach);
}

/* R19.4: an implicit change of a key path animates from the screen; an explicit basic
 * animation takes the key path; the draw list shows the presented σ. */
static void animation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    set_bounds(e, f->layer, 100, 100);
    lamina_filter_t blur;
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "blur", &blur));
    blur.params[0] = 0;
    lamina_value_t v = filters_value(&blur, 1);
    ASSERT_OK(lamina_layer_set_value(e, f->layer, "filters", &v));
    ASSERT_OK(lamina_engine_tick(e, 0));

    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));
    ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_OK(lamina_transaction_set_duration(e, 1));
    ASSERT_OK(lamina_transaction_set_timing_function(e, &linear));
    ASSERT_OK(lamina_layer_set_number(e, f->layer, "filters.blur.inputRadius", 20));
    ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_OK(lamina_engine_tick(e, 0)); /* R2: begins at this tick */
    ASSERT_OK(lamina_engine_tick(e, 0.25));
    ASSERT_NEAR(5, lt_presented_number(e, f->layer, "filters.blur.inputRadius"), 1e-9);
    /* Interrupt it: the new animation starts from the 5 on screen. */
    ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_OK(lamina_transaction_set_duration(e, 1));
    ASSERT_OK(lamina_transaction_set_timing_function(e, &linear));
    ASSERT_OK(lamina_layer_set_number(e, f->layer, "filters.blur.inputRadius", 0));
    ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_OK(lamina_engine_tick(e, 0.25));
    ASSERT_OK(lamina_engine_tick(e, 0.75));
    ASSERT_NEAR(2.5, lt_presented_number(e, f->layer, "filters.blur.inputRadius"), 1e-9);
    const lamina_draw_record_t *rec = NULL;
    size_t n = 0;
    ASSERT_OK(lamina_engine_draw_list(e, f->layer, 0.75, &rec, &n));
    ASSERT_NEAR(2.5, rec[0].filters->filters[0].sigma, 1e-9);

    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("filters.blur.inputRadius", &anim));
    lamina_value_t from = lt_number(0), to = lt_number(40);
    ASSERT_OK(lamina_animation_set_from_value(anim, &from));
    ASSERT_OK(lamina_animation_set_to_value(anim, &to));
    lamina_media_timing_t timing = LAMINA_MEDIA_TIMING_INIT;
    timing.duration = 2;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &timing));
    ASSERT_OK(lamina_layer_add_animation(e, f->layer, anim, "radius"));
    lamina_animation_release(anim);
    ASSERT_OK(lamina_engine_tick(e, 2));
    ASSERT_OK(lamina_engine_tick(e, 3));
    ASSERT_NEAR(20, lt_presented_number(e, f->layer, "filters.blur.inputRadius"), 1e-9);
}

/* docs/draw-records.md section 18: the record's filters, flags, groups and σ in root space. */
static void draw_records(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = f->layer;
    set_bounds(e, root, 400, 400);
    lamina_transform3d_t scale = lt_identity();
    scale.m11 = 2;
    scale.m22 = 2;
    ASSERT_OK(lamina_layer_set_transform(e, root, "transform", scale));
    lamina_layer_t subs[4];
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(lamina_layer_create(e, &subs[i]));
        set_bounds(e, subs[i], 10, 10);
        ASSERT_OK(lamina_layer_add_sublayer(e, root, subs[i]));
    }
    lamina_filter_t fs[2];
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "blur", &fs[0]));
    fs[0].params[0] = 3;
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_COLOR_CONTROLS, "tone", &fs[1]));
    fs[1].params[0] = 0; /* grey */
    lamina_value_t v = filters_value(fs, 2);
    ASSERT_OK(lamina_layer_set_value(e, subs[0], "filters", &v));
    lamina_value_t mode = lt_string("multiplyBlendMode");
    ASSERT_OK(lamina_layer_set_value(e, subs[1], "compositingFilter", &mode));
    v = filters_value(fs, 1);
    ASSERT_OK(lamina_layer_set_value(e, subs[2], "backgroundFilters", &v));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r = NULL;
    size_t n = 0;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    assert_int_equal(n, 5);
    assert_null(r[0].filters);

    const lamina_draw_filters_t *df = r[1].filters;
    assert_non_null(df);
    assert_int_equal(df->struct_size, sizeof(lamina_draw_filters_t));
    assert_true(r[1].flags2 & LAMINA_DRAW2_FILTERS);
    assert_true(r[1].flags2 & LAMINA_DRAW2_GROUP);
    assert_false(r[1].flags2 & (LAMINA_DRAW2_BACKDROP | LAMINA_DRAW2_BLEND));
    assert_int_equal(df->filter_count, 2);
    assert_int_equal(df->background_filter_count, 0);
    assert_int_equal(df->blend_mode, LAMINA_BLEND_NORMAL);
    ASSERT_NEAR(6, df->filters[0].sigma, 1e-12); /* radius 3 at scale 2 */
    ASSERT_NEAR(18, df->reach, 1e-12);
    ASSERT_DOUBLE_EQ(0, df->filters[1].sigma);
    ASSERT_NEAR(0.213, df->filters[1].matrix[0], 1e-12);
    ASSERT_NEAR(0.715, df->filters[1].matrix[6], 1e-12);
    ASSERT_DOUBLE_EQ(1, df->filters[1].matrix[18]);
    ASSERT_DOUBLE_EQ(1, df->filters[0].matrix[0]); /* a blur's matrix is the identity */

    df = r[2].filters;
    assert_non_null(df);
    assert_int_equal(df->blend_mode, LAMINA_BLEND_MULTIPLY);
    assert_true(r[2].flags2 & LAMINA_DRAW2_BLEND);
    assert_true(r[2].flags2 & LAMINA_DRAW2_GROUP);
    assert_int_equal(df->filter_count, 0);

    df = r[3].filters;
    assert_non_null(df);
    assert_true(r[3].flags2 & LAMINA_DRAW2_BACKDROP);
    assert_false(r[3].flags2 & LAMINA_DRAW2_GROUP);
    assert_int_equal(df->background_filter_count, 1);
    ASSERT_NEAR(6, df->background_filters[0].sigma, 1e-12);
    ASSERT_NEAR(18, df->background_reach, 1e-12);

    assert_null(r[4].filters);
    assert_false(r[4].flags2 & (LAMINA_DRAW2_FILTERS | LAMINA_DRAW2_BACKDROP | LAMINA_DRAW2_BLEND | LAMINA_DRAW2_GROUP));
    for (int i = 0; i < 4; i++) ASSERT_OK(lamina_layer_release(e, subs[i]));
}

static double radius_velocity(lamina_engine_t *e, lamina_layer_t l, double t) {
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_velocity(e, l, "filters.blur.inputRadius", t, &v));
    assert_int_equal(v.type, LAMINA_VALUE_NUMBER);
    return v.u.number;
}

/* R19.4, R17.1-R17.3, R17.6: the velocity of a filter input. Under an explicit basic animation
 * it matches the central difference of the presentation (step 1e-6 s, tolerance 1e-5 relative
 * above 1); a transaction's spring interrupted by another keeps it continuous (|dv| <= 1e-6 |v|);
 * zero when nothing animates; a filter the layer does not have is UNKNOWN_KEY. */
static void velocity(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    set_bounds(e, f->layer, 100, 100);
    lamina_filter_t blur;
    ASSERT_OK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "blur", &blur));
    blur.params[0] = 0;
    lamina_value_t v = filters_value(&blur, 1);
    ASSERT_OK(lamina_layer_set_value(e, f->layer, "filters", &v));
    ASSERT_OK(lamina_engine_tick(e, 0));
    ASSERT_DOUBLE_EQ(0, radius_velocity(e, f->layer, 0));
    lamina_value_t out;
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY,
                 lamina_layer_get_presentation_velocity(e, f->layer, "filters.nope.inputRadius", 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_get_presentation_velocity(e, f->layer, "filters", 0, &out));

    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("filters.blur.inputRadius", &anim));
    lamina_value_t from = lt_number(0), to = lt_number(40);
    ASSERT_OK(lamina_animation_set_from_value(anim, &from));
    ASSERT_OK(lamina_animation_set_to_value(anim, &to));
    lamina_timing_function_t ease;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_EASE_IN_EASE_OUT, &ease));
    ASSERT_OK(lamina_animation_set_timing_function(anim, &ease));
    lamina_media_timing_t timing = LAMINA_MEDIA_TIMING_INIT;
    timing.duration = 2;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &timing));
    ASSERT_OK(lamina_layer_add_animation(e, f->layer, anim, "radius"));
    lamina_animation_release(anim);
    ASSERT_OK(lamina_engine_tick(e, 0));
    const double ts[] = {0.3, 1.0, 1.6};
    for (size_t i = 0; i < 3; i++) {
        double t = ts[i], h = 1e-6;
        double diff = (lt_presented_number_at(e, f->layer, "filters.blur.inputRadius", t + h) -
                       lt_presented_number_at(e, f->layer, "filters.blur.inputRadius", t - h)) / (2 * h);
        double analytic = radius_velocity(e, f->layer, t);
        assert_true(analytic > 1);
        assert_true(fabs(analytic - diff) <= 1e-5 * (fabs(diff) > 1 ? fabs(diff) : 1));
    }
    ASSERT_OK(lamina_engine_tick(e, 3));
    ASSERT_DOUBLE_EQ(0, radius_velocity(e, f->layer, 3)); /* removed at its end: nothing animates */

    lamina_spring_t first, second;
    ASSERT_OK(lamina_spring_init_perceptual(0.5, 0.2, &first));
    ASSERT_OK(lamina_spring_init_perceptual(0.3, 0.0, &second));
    ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_OK(lamina_transaction_set_spring(e, &first));
    ASSERT_OK(lamina_layer_set_number(e, f->layer, "filters.blur.inputRadius", 40));
    ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_OK(lamina_engine_tick(e, 3));
    ASSERT_OK(lamina_engine_tick(e, 3.1));
    const double t1 = 3.1 + 1.0 / 60;
    double before = radius_velocity(e, f->layer, t1);
    double p_before = lt_presented_number_at(e, f->layer, "filters.blur.inputRadius", t1);
    assert_true(before > 10);
    ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_OK(lamina_transaction_set_spring(e, &second));
    ASSERT_OK(lamina_layer_set_number(e, f->layer, "filters.blur.inputRadius", 0));
    ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_OK(lamina_engine_tick(e, t1));
    double after = radius_velocity(e, f->layer, t1);
    assert_true(fabs(after - before) <= 1e-6 * fabs(before));
    ASSERT_NEAR(p_before, lt_presented_number_at(e, f->layer, "filters.blur.inputRadius", t1), 1e-9);
    ASSERT_OK(lamina_engine_tick(e, 20));
    ASSERT_NEAR(0, lt_presented_number(e, f->layer, "filters.blur.inputRadius"), 1e-9);
    ASSERT_DOUBLE_EQ(0, radius_velocity(e, f->layer, 20));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(filter_init),
        LT_TEST(values_round_trip),
        LT_TEST(bad_input),
        LT_TEST(animation),
        LT_TEST(draw_records),
        LT_TEST(velocity),
    };
    return cmocka_run_group_tests_name("layer filters (issue 32)", tests, NULL, NULL);
}
