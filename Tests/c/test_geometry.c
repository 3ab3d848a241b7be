/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Geometry from C (CA-12.1-12.5, CA-12.12, CA-16): the matrix helpers, the frame (derived and
 * set), and conversions between layers on the model and the presentation. Values marked CA-16
 * were measured on Apple's QuartzCore; CA-12.4's vector is Apple's documentation example.
 * Every function is also driven through its failure paths: NULL, stale engines and layers,
 * NaN, unknown trees, layers never committed.
 */
#include "lamina_test_support.h"

#define PI 3.14159265358979323846

static lamina_layer_t make_layer(lamina_engine_t *e, double x, double y, double w, double h, double px,
                                 double py) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    lamina_rect_t b = {{x, y}, {w, h}};
    lamina_point_t p = {px, py};
    ASSERT_OK(lamina_layer_create(e, &l));
    ASSERT_OK(lamina_layer_set_bounds(e, l, b));
    ASSERT_OK(lamina_layer_set_position(e, l, p));
    return l;
}

static lamina_rect_t rect(double x, double y, double w, double h) {
    lamina_rect_t r = {{x, y}, {w, h}};
    return r;
}

static lamina_point_t point(double x, double y) {
    lamina_point_t p = {x, y};
    return p;
}

static lamina_transform3d_t scale(double sx, double sy, double sz) {
    lamina_transform3d_t m;
    ASSERT_OK(lamina_transform3d_make_scale(sx, sy, sz, &m));
    return m;
}

/* ------------------------------------------------------------------------------------------ */
/* Matrix helpers (CA-12.12)                                                                   */
/* ------------------------------------------------------------------------------------------ */

static void make_functions_follow_core_animation(void **state) {
    (void)state;
    lamina_transform3d_t m, e;
    ASSERT_OK(lamina_transform3d_make_translation(1, 2, 3, &m));
    e = lt_identity();
    e.m41 = 1; e.m42 = 2; e.m43 = 3; /* row vectors: translation in the fourth row */
    lt_assert_transform_near(&e, &m, 0.0);

    ASSERT_OK(lamina_transform3d_make_scale(2, 3, 4, &m));
    e = lt_identity();
    e.m11 = 2; e.m22 = 3; e.m33 = 4;
    lt_assert_transform_near(&e, &m, 0.0);

    ASSERT_OK(lamina_transform3d_make_rotation(PI / 2, 0, 0, 1, &m));
    ASSERT_NEAR(0.0, m.m11, 1e-15);
    ASSERT_NEAR(1.0, m.m12, 1e-15); /* a positive angle turns x towards y */
    ASSERT_NEAR(-1.0, m.m21, 1e-15);

    ASSERT_OK(lamina_transform3d_make_rotation(1.0, 0, 0, 0, &m)); /* zero axis: identity */
    e = lt_identity();
    lt_assert_transform_near(&e, &m, 0.0);
}

static void concat_applies_a_then_b(void **state) {
    (void)state;
    lamina_transform3d_t t, s, m;
    lamina_point_t p;
    ASSERT_OK(lamina_transform3d_make_translation(10, 0, 0, &t));
    s = scale(2, 2, 1);
    ASSERT_OK(lamina_transform3d_concat(&t, &s, &m));
    ASSERT_OK(lamina_transform3d_apply_to_point(&m, point(1, 0), &p));
    ASSERT_POINT_EQ(22, 0, p); /* translate first, then scale */
    ASSERT_OK(lamina_transform3d_concat(&s, &t, &m));
    ASSERT_OK(lamina_transform3d_apply_to_point(&m, point(1, 0), &p));
    ASSERT_POINT_EQ(12, 0, p);
    /* out may alias an input */
    ASSERT_OK(lamina_transform3d_concat(&t, &s, &t));
    ASSERT_OK(lamina_transform3d_apply_to_point(&t, point(1, 0), &p));
    ASSERT_POINT_EQ(22, 0, p);
}

static void translate_scale_rotate_apply_before_t(void **state) {
    (void)state;
    lamina_transform3d_t s = scale(2, 2, 1), m, r;
    lamina_point_t p;
    ASSERT_OK(lamina_transform3d_translate(&s, 10, 0, 0, &m)); /* T * S */
    ASSERT_OK(lamina_transform3d_apply_to_point(&m, point(1, 0), &p));
    ASSERT_POINT_EQ(22, 0, p);

    ASSERT_OK(lamina_transform3d_make_translation(10, 0, 0, &r));
    ASSERT_OK(lamina_transform3d_scale(&r, 2, 2, 1, &m)); /* S * T */
    ASSERT_OK(lamina_transform3d_apply_to_point(&m, point(1, 0), &p));
    ASSERT_POINT_EQ(12, 0, p);

    ASSERT_OK(lamina_transform3d_rotate(&r, PI / 2, 0, 0, 1, &m)); /* R * T */
    ASSERT_OK(lamina_transform3d_apply_to_point(&m, point(1, 0), &p));
    ASSERT_NEAR(10.0, p.x, 1e-12);
    ASSERT_NEAR(1.0, p.y, 1e-12);

    /* A zero axis leaves t unchanged (Core Animation leaves it undefined). */
    ASSERT_OK(lamina_transform3d_rotate(&r, 1.0, 0, 0, 0, &m));
    lt_assert_transform_near(&r, &m, 0.0);
}

static void invert_leaves_a_singular_matrix_unchanged(void **state) {
    (void)state;
    lamina_transform3d_t s = scale(2, 4, 1), inv, z = scale(0, 1, 1), same;
    lamina_bool_t ok = 7;
    lamina_point_t p;
    ASSERT_OK(lamina_transform3d_invert(&s, &inv, &ok));
    assert_int_equal(ok, LAMINA_TRUE);
    ASSERT_OK(lamina_transform3d_apply_to_point(&inv, point(2, 4), &p));
    ASSERT_POINT_EQ(1, 1, p);

    ASSERT_OK(lamina_transform3d_invert(&z, &same, &ok));
    assert_int_equal(ok, LAMINA_FALSE);
    lt_assert_transform_near(&z, &same, 0.0);
    ASSERT_OK(lamina_transform3d_invert(&z, &same, NULL)); /* out_invertible is optional */
    ASSERT_OK(lamina_transform3d_invert(&s, &s, NULL));    /* in place */
    ASSERT_DOUBLE_EQ(0.5, s.m11);
}

static void is_identity_and_apply(void **state) {
    (void)state;
    lamina_transform3d_t m = lt_identity();
    lamina_bool_t b = 7;
    lamina_point_t p;
    ASSERT_OK(lamina_transform3d_is_identity(&m, &b));
    assert_int_equal(b, LAMINA_TRUE);
    m.m34 = -1.0 / 500;
    ASSERT_OK(lamina_transform3d_is_identity(&m, &b));
    assert_int_equal(b, LAMINA_FALSE);

    /* A perspective divides by w. */
    m = lt_identity();
    m.m14 = 0.5; /* w = 1 + 0.5 x */
    ASSERT_OK(lamina_transform3d_apply_to_point(&m, point(2, 4), &p));
    ASSERT_POINT_EQ(1, 2, p);
    /* w = 0: no image. */
    LT_FILL(p);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_apply_to_point(&m, point(-2, 0), &p));
    ASSERT_UNTOUCHED(p);
}

static void matrix_helpers_reject_bad_input(void **state) {
    (void)state;
    lamina_transform3d_t ok = lt_identity(), bad = lt_identity(), out;
    lamina_bool_t b;
    lamina_point_t p;
    bad.m23 = NAN;
    LT_FILL(out);
    LT_FILL(b);
    LT_FILL(p);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_make_translation(NAN, 0, 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_make_translation(0, 0, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_make_scale(1, INFINITY, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_make_scale(1, 1, 1, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_make_rotation(NAN, 0, 0, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_make_rotation(1, 0, -INFINITY, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_make_rotation(1, 0, 0, 1, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_concat(NULL, &ok, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_concat(&ok, NULL, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_concat(&ok, &ok, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_concat(&ok, &bad, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_translate(&bad, 1, 1, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_translate(&ok, 1, NAN, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_translate(NULL, 1, 1, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_translate(&ok, 1, 1, 1, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_scale(&ok, 1, 1, NAN, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_scale(&bad, 1, 1, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_scale(NULL, 1, 1, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_scale(&ok, 1, 1, 1, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_rotate(&ok, INFINITY, 0, 0, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_rotate(&bad, 1, 0, 0, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_rotate(NULL, 1, 0, 0, 1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_rotate(&ok, 1, 0, 0, 1, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_invert(&bad, &out, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_invert(NULL, &out, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_invert(&ok, NULL, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_is_identity(&bad, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_is_identity(NULL, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_is_identity(&ok, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_apply_to_point(&bad, point(0, 0), &p));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_apply_to_point(&ok, point(NAN, 0), &p));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_apply_to_point(NULL, point(0, 0), &p));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transform3d_apply_to_point(&ok, point(0, 0), NULL));
    ASSERT_UNTOUCHED(out);
    ASSERT_UNTOUCHED(b);
    ASSERT_UNTOUCHED(p);
}

/* ------------------------------------------------------------------------------------------ */
/* Frame (CA-12.2, CA-16)                                                                      */
/* ------------------------------------------------------------------------------------------ */

static void frame_is_derived(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t l = make_layer(e, 0, 0, 100, 50, 200, 300);
    lamina_rect_t r;
    ASSERT_OK(lamina_layer_get_frame(e, l, LAMINA_TREE_MODEL, 0, &r));
    ASSERT_RECT_EQ(150, 275, 100, 50, r);
    ASSERT_OK(lamina_layer_set_point(e, l, "anchorPoint", point(0, 0)));
    ASSERT_OK(lamina_layer_get_frame(e, l, LAMINA_TREE_MODEL, NAN, &r)); /* time ignored */
    ASSERT_RECT_EQ(200, 300, 100, 50, r);
    ASSERT_OK(lamina_layer_set_point(e, l, "anchorPoint", point(0.5, 0.5)));
    ASSERT_OK(lamina_layer_set_transform(e, l, "transform", scale(2, 4, 1)));
    ASSERT_OK(lamina_layer_get_frame(e, l, LAMINA_TREE_MODEL, 0, &r));
    ASSERT_RECT_EQ(100, 200, 200, 200, r);
    /* zPosition and anchorPointZ do not move it. */
    ASSERT_OK(lamina_layer_set_number(e, l, "zPosition", 17));
    ASSERT_OK(lamina_layer_set_number(e, l, "anchorPointZ", 25));
    ASSERT_OK(lamina_layer_get_frame(e, l, LAMINA_TREE_MODEL, 0, &r));
    ASSERT_RECT_EQ(100, 200, 200, 200, r);
}

static void setting_the_frame(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_rect_t b, r;
    lamina_point_t p;
    ASSERT_OK(lamina_layer_set_frame(e, f->layer, rect(10, 20, 100, 50)));
    ASSERT_OK(lamina_layer_get_bounds(e, f->layer, &b));
    ASSERT_OK(lamina_layer_get_position(e, f->layer, &p));
    ASSERT_RECT_EQ(0, 0, 100, 50, b);
    ASSERT_POINT_EQ(60, 45, p);

    /* Negative sizes are standardized (CA-16). */
    ASSERT_OK(lamina_layer_set_frame(e, f->layer, rect(0, 0, -100, -50)));
    ASSERT_OK(lamina_layer_get_bounds(e, f->layer, &b));
    ASSERT_OK(lamina_layer_get_position(e, f->layer, &p));
    ASSERT_RECT_EQ(0, 0, 100, 50, b);
    ASSERT_POINT_EQ(-50, -25, p);

    /* Under a scale the bounds shrink (CA-16). */
    ASSERT_OK(lamina_layer_set_transform(e, f->layer, "transform", scale(2, 4, 1)));
    ASSERT_OK(lamina_layer_set_frame(e, f->layer, rect(10, 20, 100, 50)));
    ASSERT_OK(lamina_layer_get_bounds(e, f->layer, &b));
    ASSERT_OK(lamina_layer_get_position(e, f->layer, &p));
    ASSERT_RECT_EQ(0, 0, 50, 12.5, b);
    ASSERT_POINT_EQ(60, 45, p);
    ASSERT_OK(lamina_layer_get_frame(e, f->layer, LAMINA_TREE_MODEL, 0, &r));
    ASSERT_RECT_EQ(10, 20, 100, 50, r);
}

static void frame_on_the_presentation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_rect_t r;
    ASSERT_OK(lamina_layer_set_frame(e, f->layer, rect(0, 0, 100, 100)));
    LT_FILL(r);
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layer_get_frame(e, f->layer, LAMINA_TREE_PRESENTATION, 0, &r));
    ASSERT_UNTOUCHED(r);
    ASSERT_OK(lamina_engine_tick(e, 0));

    /* Setting the frame animates position and bounds (frame itself is not animatable). */
    ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_OK(lamina_transaction_set_duration(e, 1.0));
    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));
    ASSERT_OK(lamina_transaction_set_timing_function(e, &linear));
    ASSERT_OK(lamina_layer_set_frame(e, f->layer, rect(100, 0, 100, 100)));
    ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_OK(lamina_layer_get_frame(e, f->layer, LAMINA_TREE_PRESENTATION, 0.5, &r));
    ASSERT_RECT_EQ(50, 0, 100, 100, r);
    ASSERT_OK(lamina_layer_get_frame(e, f->layer, LAMINA_TREE_MODEL, 0.5, &r));
    ASSERT_RECT_EQ(100, 0, 100, 100, r);
}

static void frame_failures(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_rect_t r, b;
    lamina_layer_t bad[32];
    size_t n = lt_bad_handles(e, bad, 32, 8);
    LT_FILL(r);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_frame(NULL, f->layer, LAMINA_TREE_MODEL, 0, &r));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                 lamina_layer_get_frame(lt_stale_engine(), f->layer, LAMINA_TREE_MODEL, 0, &r));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_frame(e, f->layer, LAMINA_TREE_MODEL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_frame(e, f->layer, 2, 0, &r));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_frame(e, f->layer, -1, 0, &r));
    ASSERT_OK(lamina_engine_tick(e, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_get_frame(e, f->layer, LAMINA_TREE_PRESENTATION, NAN, &r));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_get_frame(e, f->layer, LAMINA_TREE_PRESENTATION, INFINITY, &r));
    for (size_t i = 0; i < n; i++) {
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_frame(e, bad[i], LAMINA_TREE_MODEL, 0, &r));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_frame(e, bad[i], rect(0, 0, 1, 1)));
    }
    ASSERT_UNTOUCHED(r);

    ASSERT_OK(lamina_layer_set_bounds(e, f->layer, rect(0, 0, 10, 10)));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_frame(NULL, f->layer, rect(0, 0, 1, 1)));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_frame(lt_stale_engine(), f->layer, rect(0, 0, 1, 1)));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_frame(e, f->layer, rect(NAN, 0, 1, 1)));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_frame(e, f->layer, rect(0, 0, INFINITY, 1)));
    ASSERT_OK(lamina_layer_get_bounds(e, f->layer, &b));
    ASSERT_RECT_EQ(0, 0, 10, 10, b); /* nothing changed */
}

/* ------------------------------------------------------------------------------------------ */
/* Conversions (CA-12.4, CA-12.5)                                                               */
/* ------------------------------------------------------------------------------------------ */

/* Apple's convert(_:from:) example: red and yellow get the frame (0,0,640,480) under one
 * superlayer; yellow is then scaled by 0.5. */
static void apple_documentation_vector_is_exact(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t container = make_layer(e, 0, 0, 640, 480, 320, 240), red, yellow;
    lamina_rect_t r;
    lamina_point_t p;
    ASSERT_OK(lamina_layer_create(e, &red));
    ASSERT_OK(lamina_layer_create(e, &yellow));
    ASSERT_OK(lamina_layer_add_sublayer(e, container, red));
    ASSERT_OK(lamina_layer_add_sublayer(e, container, yellow));
    ASSERT_OK(lamina_layer_set_frame(e, red, rect(0, 0, 640, 480)));
    ASSERT_OK(lamina_layer_set_frame(e, yellow, rect(0, 0, 640, 480)));
    ASSERT_OK(lamina_layer_set_transform(e, yellow, "transform", scale(0.5, 0.5, 1)));

    ASSERT_OK(lamina_layer_convert_rect(e, red, yellow, rect(50, 50, 200, 200), LAMINA_TREE_MODEL, 0, &r));
    ASSERT_RECT_EQ(-220, -140, 400, 400, r);
    ASSERT_OK(lamina_layer_convert_point(e, red, yellow, point(50, 50), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_POINT_EQ(-220, -140, p);
    ASSERT_OK(lamina_layer_convert_point(e, yellow, red, point(-220, -140), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_POINT_EQ(50, 50, p);

    ASSERT_OK(lamina_engine_tick(e, 0));
    ASSERT_OK(lamina_layer_convert_rect(e, red, yellow, rect(50, 50, 200, 200), LAMINA_TREE_PRESENTATION, 0, &r));
    ASSERT_RECT_EQ(-220, -140, 400, 400, r);
}

static void root_space_and_separate_trees(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t window = make_layer(e, 0, 0, 320, 480, 160, 240);
    lamina_layer_t child = make_layer(e, 0, 0, 100, 100, 100, 150); /* frame (50, 100, ...) */
    lamina_layer_t u1 = make_layer(e, 0, 0, 50, 50, 25, 25), u2 = make_layer(e, 0, 0, 50, 50, 500, 500);
    lamina_point_t p;
    ASSERT_OK(lamina_layer_add_sublayer(e, window, child));
    /* LAMINA_LAYER_NONE is root space: from it subtracts the frame origin (CA-12.5). */
    ASSERT_OK(lamina_layer_convert_point(e, LAMINA_LAYER_NONE, child, point(70, 130), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_POINT_EQ(20, 30, p);
    ASSERT_OK(lamina_layer_convert_point(e, child, LAMINA_LAYER_NONE, point(20, 30), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_POINT_EQ(70, 130, p);
    ASSERT_OK(lamina_layer_convert_point(e, LAMINA_LAYER_NONE, LAMINA_LAYER_NONE, point(1, 2), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_POINT_EQ(1, 2, p);
    /* Layers of different trees convert through root space, as on Apple (CA-16). */
    ASSERT_OK(lamina_layer_convert_point(e, u1, u2, point(0, 0), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_POINT_EQ(-475, -475, p);
}

static void conversions_through_transforms(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t parent = make_layer(e, 0, 0, 200, 200, 100, 100);
    lamina_layer_t child = make_layer(e, 0, 0, 50, 50, 100, 50);
    lamina_transform3d_t t;
    lamina_point_t p;
    ASSERT_OK(lamina_layer_add_sublayer(e, parent, child));
    ASSERT_OK(lamina_layer_convert_point(e, child, parent, point(0, 0), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_POINT_EQ(75, 25, p);
    /* The sublayerTransform applies about the superlayer's anchor point (CA-16: (60, -38)). */
    ASSERT_OK(lamina_layer_set_transform(e, parent, "sublayerTransform", scale(2, 2, 1)));
    ASSERT_OK(lamina_transform3d_make_translation(5, 6, 0, &t));
    ASSERT_OK(lamina_layer_set_transform(e, child, "transform", t));
    ASSERT_OK(lamina_layer_convert_point(e, child, parent, point(0, 0), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_POINT_EQ(60, -38, p);
    /* A rotated child: its centre stays where it is. */
    ASSERT_OK(lamina_layer_set_transform(e, parent, "sublayerTransform", lt_identity()));
    ASSERT_OK(lamina_transform3d_make_rotation(PI / 4, 0, 0, 1, &t));
    ASSERT_OK(lamina_layer_set_transform(e, child, "transform", t));
    ASSERT_OK(lamina_layer_convert_point(e, child, parent, point(25, 25), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_NEAR(100, p.x, 1e-9);
    ASSERT_NEAR(50, p.y, 1e-9);
    /* Seen edge-on: points have no image in it. */
    ASSERT_OK(lamina_transform3d_make_rotation(PI / 2, 0, 1, 0, &t));
    ASSERT_OK(lamina_layer_set_transform(e, child, "transform", t));
    LT_FILL(p);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_point(e, parent, child, point(80, 30), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_UNTOUCHED(p);
}

static void conversion_failures(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t other = make_layer(e, 0, 0, 10, 10, 5, 5);
    lamina_layer_t bad[32];
    size_t n = lt_bad_handles(e, bad, 32, 8);
    lamina_point_t p;
    lamina_rect_t r;
    LT_FILL(p);
    LT_FILL(r);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_point(NULL, f->layer, other, point(0, 0), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                 lamina_layer_convert_point(lt_stale_engine(), f->layer, other, point(0, 0), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_point(e, f->layer, other, point(0, 0), LAMINA_TREE_MODEL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_point(e, f->layer, other, point(NAN, 0), LAMINA_TREE_MODEL, 0, &p));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_point(e, f->layer, other, point(0, 0), 7, 0, &p));
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layer_convert_point(e, f->layer, other, point(0, 0), LAMINA_TREE_PRESENTATION, 0, &p));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_rect(NULL, f->layer, other, rect(0, 0, 1, 1), LAMINA_TREE_MODEL, 0, &r));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                 lamina_layer_convert_rect(lt_stale_engine(), f->layer, other, rect(0, 0, 1, 1), LAMINA_TREE_MODEL, 0, &r));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_rect(e, f->layer, other, rect(0, 0, 1, 1), LAMINA_TREE_MODEL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_rect(e, f->layer, other, rect(0, 0, NAN, 1), LAMINA_TREE_MODEL, 0, &r));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_rect(e, f->layer, other, rect(0, 0, 1, 1), -3, 0, &r));
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layer_convert_rect(e, f->layer, other, rect(0, 0, 1, 1), LAMINA_TREE_PRESENTATION, 0, &r));
    ASSERT_OK(lamina_engine_tick(e, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_point(e, f->layer, other, point(0, 0), LAMINA_TREE_PRESENTATION, NAN, &p));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_rect(e, f->layer, other, rect(0, 0, 1, 1), LAMINA_TREE_PRESENTATION, -INFINITY, &r));
    for (size_t i = 0; i < n; i++) {
        if (bad[i] == LAMINA_LAYER_NONE) continue; /* NONE is root space here */
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                     lamina_layer_convert_point(e, bad[i], other, point(0, 0), LAMINA_TREE_MODEL, 0, &p));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                     lamina_layer_convert_point(e, other, bad[i], point(0, 0), LAMINA_TREE_MODEL, 0, &p));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                     lamina_layer_convert_rect(e, bad[i], LAMINA_LAYER_NONE, rect(0, 0, 1, 1), LAMINA_TREE_MODEL, 0, &r));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                     lamina_layer_convert_rect(e, LAMINA_LAYER_NONE, bad[i], rect(0, 0, 1, 1), LAMINA_TREE_MODEL, 0, &r));
    }
    ASSERT_UNTOUCHED(p);
    ASSERT_UNTOUCHED(r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(make_functions_follow_core_animation),
        cmocka_unit_test(concat_applies_a_then_b),
        cmocka_unit_test(translate_scale_rotate_apply_before_t),
        cmocka_unit_test(invert_leaves_a_singular_matrix_unchanged),
        cmocka_unit_test(is_identity_and_apply),
        cmocka_unit_test(matrix_helpers_reject_bad_input),
        LT_TEST(frame_is_derived),
        LT_TEST(setting_the_frame),
        LT_TEST(frame_on_the_presentation),
        LT_TEST(frame_failures),
        LT_TEST(apple_documentation_vector_is_exact),
        LT_TEST(root_space_and_separate_trees),
        LT_TEST(conversions_through_transforms),
        LT_TEST(conversion_failures),
    };
    return cmocka_run_group_tests_name("geometry (CA-12.1-12.5, CA-12.12)", tests, NULL, NULL);
}
