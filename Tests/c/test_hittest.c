/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hit testing from C (CA-12.6-12.11, R10, CA-16 measured on Apple): containsPoint is
 * half-open; hitTest searches front to back (zPosition, then later sublayers), skips hidden
 * subtrees, honours masksToBounds, finds sublayers outside a superlayer that does not clip,
 * and follows transforms and sublayerTransforms; on the model and on the presentation
 * (listing 7.7). Every function is driven through its failure paths too.
 */
#include "lamina_test_support.h"

#define PI 3.14159265358979323846

static lamina_layer_t make_layer(lamina_engine_t *e, double w, double h, double px, double py) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    lamina_rect_t b = {{0, 0}, {w, h}};
    lamina_point_t p = {px, py};
    ASSERT_OK(lamina_layer_create(e, &l));
    ASSERT_OK(lamina_layer_set_bounds(e, l, b));
    ASSERT_OK(lamina_layer_set_position(e, l, p));
    return l;
}

static lamina_layer_t add(lamina_engine_t *e, lamina_layer_t parent, double w, double h, double px, double py) {
    lamina_layer_t l = make_layer(e, w, h, px, py);
    ASSERT_OK(lamina_layer_add_sublayer(e, parent, l));
    ASSERT_OK(lamina_layer_release(e, l)); /* the tree keeps it */
    return l;
}

static lamina_point_t point(double x, double y) {
    lamina_point_t p = {x, y};
    return p;
}

static lamina_layer_t hit(lamina_engine_t *e, lamina_layer_t layer, double x, double y) {
    lamina_layer_t out;
    LT_FILL(out);
    ASSERT_OK(lamina_layer_hit_test(e, layer, point(x, y), LAMINA_TREE_MODEL, 0, &out));
    return out;
}

static lamina_layer_t hit_at(lamina_engine_t *e, lamina_layer_t layer, double x, double y, double t) {
    lamina_layer_t out;
    LT_FILL(out);
    ASSERT_OK(lamina_layer_hit_test(e, layer, point(x, y), LAMINA_TREE_PRESENTATION, t, &out));
    return out;
}

static lamina_bool_t contains(lamina_engine_t *e, lamina_layer_t layer, double x, double y) {
    lamina_bool_t b;
    LT_FILL(b);
    ASSERT_OK(lamina_layer_contains_point(e, layer, point(x, y), LAMINA_TREE_MODEL, 0, &b));
    return b;
}

static void contains_point_is_half_open(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t l = make_layer(e, 100, 100, 500, 500);
    lamina_rect_t shifted = {{10, 10}, {100, 100}};
    lamina_bool_t b;
    assert_int_equal(contains(e, l, 0, 0), LAMINA_TRUE);
    assert_int_equal(contains(e, l, 99.9, 99.9), LAMINA_TRUE);
    assert_int_equal(contains(e, l, 100, 100), LAMINA_FALSE);
    assert_int_equal(contains(e, l, -0.1, 50), LAMINA_FALSE);
    assert_int_equal(contains(e, l, 500, 500), LAMINA_FALSE); /* bounds, not position */
    ASSERT_OK(lamina_layer_set_bounds(e, l, shifted));
    assert_int_equal(contains(e, l, 5, 5), LAMINA_FALSE);
    assert_int_equal(contains(e, l, 15, 15), LAMINA_TRUE);
    assert_int_equal(contains(e, l, 109, 109), LAMINA_TRUE);

    LT_FILL(b);
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layer_contains_point(e, l, point(15, 15), LAMINA_TREE_PRESENTATION, 0, &b));
    ASSERT_UNTOUCHED(b);
    ASSERT_OK(lamina_engine_tick(e, 0));
    ASSERT_OK(lamina_layer_contains_point(e, l, point(15, 15), LAMINA_TREE_PRESENTATION, 0, &b));
    assert_int_equal(b, LAMINA_TRUE);
}

static void hit_test_basics(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t child = add(e, root, 20, 20, 50, 50);
    assert_true(hit(e, root, 50, 50) == child);
    assert_true(hit(e, root, 5, 5) == root);
    assert_true(hit(e, root, 500, 500) == LAMINA_LAYER_NONE);
    assert_true(hit(e, root, 100, 100) == LAMINA_LAYER_NONE); /* the far edge is outside */
}

static void front_to_back_and_hidden(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t lower = add(e, root, 40, 40, 50, 50);
    lamina_layer_t upper = add(e, root, 40, 40, 50, 50);
    lamina_layer_t inner = add(e, lower, 10, 10, 20, 20);
    assert_true(hit(e, root, 50, 50) == upper); /* the last sublayer is on top */
    ASSERT_OK(lamina_layer_set_bool(e, upper, "hidden", LAMINA_TRUE));
    assert_true(hit(e, root, 50, 50) == inner); /* hidden is passed over */
    ASSERT_OK(lamina_layer_set_bool(e, upper, "hidden", LAMINA_FALSE));
    ASSERT_OK(lamina_layer_set_number(e, lower, "zPosition", 10));
    assert_true(hit(e, root, 50, 50) == inner); /* a higher zPosition lifts it */
    ASSERT_OK(lamina_layer_set_bool(e, lower, "hidden", LAMINA_TRUE));
    assert_true(hit(e, root, 50, 50) == upper); /* a hidden subtree is skipped whole */
    ASSERT_OK(lamina_layer_set_bool(e, root, "hidden", LAMINA_TRUE));
    assert_true(hit(e, root, 50, 50) == LAMINA_LAYER_NONE);
}

static void masks_to_bounds_and_outside_sublayers(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t child = add(e, root, 20, 20, 150, 150);
    assert_true(hit(e, root, 150, 150) == child); /* outside, still hit */
    ASSERT_OK(lamina_layer_set_bool(e, root, "masksToBounds", LAMINA_TRUE));
    assert_true(hit(e, root, 150, 150) == LAMINA_LAYER_NONE);
}

static void transforms_and_sublayer_transforms(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t child = add(e, root, 40, 40, 50, 50);
    lamina_transform3d_t t;
    ASSERT_OK(lamina_transform3d_make_rotation(PI / 4, 0, 0, 1, &t));
    ASSERT_OK(lamina_layer_set_transform(e, child, "transform", t));
    assert_true(hit(e, root, 32, 32) == root); /* the corner of the square misses the diamond */
    assert_true(hit(e, root, 50, 23) == child);
    ASSERT_OK(lamina_layer_set_transform(e, child, "transform", lt_identity()));
    ASSERT_OK(lamina_transform3d_make_translation(40, 0, 0, &t));
    ASSERT_OK(lamina_layer_set_transform(e, root, "sublayerTransform", t));
    assert_true(hit(e, root, 35, 50) == root);
    assert_true(hit(e, root, 75, 50) == child);
}

/* Listing 7.7: a layer moving over 4 s is hit on screen mid-flight, not at its destination;
 * the model answers the opposite. */
static void listing_7_7_hit_the_presentation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t screen = make_layer(e, 400, 400, 200, 200);
    lamina_layer_t box = add(e, screen, 50, 50, 25, 200);
    lamina_value_t v;
    ASSERT_OK(lamina_engine_tick(e, 0));
    ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_OK(lamina_transaction_set_duration(e, 4.0));
    ASSERT_OK(lamina_layer_set_position(e, box, point(375, 200)));
    ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_OK(lamina_engine_tick(e, 0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(e, 2.0));

    ASSERT_OK(lamina_layer_get_presentation_value(e, box, "position", &v));
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    ASSERT_NEAR(25 + 350 * lt_ease(LAMINA_TIMING_DEFAULT, 0.5), v.u.point.x, 1e-9);
    assert_true(375 - v.u.point.x > 50);

    assert_true(hit_at(e, screen, v.u.point.x, v.u.point.y, 2.0) == box);
    assert_true(hit_at(e, screen, 375, 200, 2.0) == screen);
    assert_true(hit(e, screen, v.u.point.x, v.u.point.y) == screen);
    assert_true(hit(e, screen, 375, 200) == box);
    assert_true(hit_at(e, screen, 25, 200, 0.0) == box);
    assert_true(hit_at(e, screen, 375, 200, 4.0) == box);
}

static void presentation_skips_layers_never_committed(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t old = add(e, root, 20, 20, 50, 50);
    ASSERT_OK(lamina_engine_tick(e, 0));
    lamina_layer_t fresh = add(e, root, 100, 100, 50, 50);
    assert_true(hit(e, root, 50, 50) == fresh);
    assert_true(hit_at(e, root, 50, 50, 0) == old);
}

static void hit_test_failures(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t out;
    lamina_bool_t b;
    lamina_layer_t bad[32];
    size_t n = lt_bad_handles(e, bad, 32, 8);
    LT_FILL(out);
    LT_FILL(b);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_hit_test(NULL, f->layer, point(0, 0), LAMINA_TREE_MODEL, 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                 lamina_layer_hit_test(lt_stale_engine(), f->layer, point(0, 0), LAMINA_TREE_MODEL, 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_hit_test(e, f->layer, point(0, 0), LAMINA_TREE_MODEL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_hit_test(e, f->layer, point(NAN, 0), LAMINA_TREE_MODEL, 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_hit_test(e, f->layer, point(0, INFINITY), LAMINA_TREE_MODEL, 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_hit_test(e, f->layer, point(0, 0), 2, 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layer_hit_test(e, f->layer, point(0, 0), LAMINA_TREE_PRESENTATION, 0, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_contains_point(NULL, f->layer, point(0, 0), LAMINA_TREE_MODEL, 0, &b));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                 lamina_layer_contains_point(lt_stale_engine(), f->layer, point(0, 0), LAMINA_TREE_MODEL, 0, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_contains_point(e, f->layer, point(0, 0), LAMINA_TREE_MODEL, 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_contains_point(e, f->layer, point(-INFINITY, 0), LAMINA_TREE_MODEL, 0, &b));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_contains_point(e, f->layer, point(0, 0), 99, 0, &b));
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layer_contains_point(e, f->layer, point(0, 0), LAMINA_TREE_PRESENTATION, 0, &b));
    ASSERT_OK(lamina_engine_tick(e, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_hit_test(e, f->layer, point(0, 0), LAMINA_TREE_PRESENTATION, NAN, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_contains_point(e, f->layer, point(0, 0), LAMINA_TREE_PRESENTATION, INFINITY, &b));
    for (size_t i = 0; i < n; i++) {
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                     lamina_layer_hit_test(e, bad[i], point(0, 0), LAMINA_TREE_MODEL, 0, &out));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                     lamina_layer_contains_point(e, bad[i], point(0, 0), LAMINA_TREE_MODEL, 0, &b));
    }
    ASSERT_UNTOUCHED(out);
    ASSERT_UNTOUCHED(b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(contains_point_is_half_open),
        LT_TEST(hit_test_basics),
        LT_TEST(front_to_back_and_hidden),
        LT_TEST(masks_to_bounds_and_outside_sublayers),
        LT_TEST(transforms_and_sublayer_transforms),
        LT_TEST(listing_7_7_hit_the_presentation),
        LT_TEST(presentation_skips_layers_never_committed),
        LT_TEST(hit_test_failures),
    };
    return cmocka_run_group_tests_name("hit testing (CA-12.6-12.11, R10)", tests, NULL, NULL);
}
