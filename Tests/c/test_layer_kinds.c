/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shape, gradient and replicator layers from C (issue 15): creation by kind, the kinds' keys
 * (RS-8, RS-9, RS-13), the array value types, and the records' kind, instance, shape and
 * gradient fields. RS-x.y items are cited per test.
 */
#include "lamina_test_support.h"

#include <malloc.h>

static lamina_layer_t make_kind(lamina_engine_t *e, lamina_layer_kind_t kind, double w, double h) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    lamina_rect_t b = {{0, 0}, {w, h}};
    lamina_point_t p = {w / 2, h / 2};
    ASSERT_OK(lamina_layer_create_kind(e, kind, &l));
    ASSERT_OK(lamina_layer_set_bounds(e, l, b));
    ASSERT_OK(lamina_layer_set_position(e, l, p));
    return l;
}

static lamina_value_t numbers_value(const double *items, size_t count) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_NUMBER_ARRAY;
    v.u.numbers.items = items;
    v.u.numbers.count = count;
    return v;
}

static lamina_value_t colors_value(const lamina_color_t *items, size_t count) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_COLOR_ARRAY;
    v.u.colors.items = items;
    v.u.colors.count = count;
    return v;
}

/* lamina_layer_create_kind / lamina_layer_get_kind: every kind; bad input gives a status. */
static void create_and_get_kind(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_kind_t kinds[4] = {LAMINA_LAYER_KIND_PLAIN, LAMINA_LAYER_KIND_SHAPE,
                                    LAMINA_LAYER_KIND_GRADIENT, LAMINA_LAYER_KIND_REPLICATOR};
    for (int i = 0; i < 4; i++) {
        lamina_layer_t l = LAMINA_LAYER_NONE;
        lamina_layer_kind_t k = -1;
        ASSERT_OK(lamina_layer_create_kind(f->engine, kinds[i], &l));
        ASSERT_OK(lamina_layer_get_kind(f->engine, l, &k));
        assert_int_equal(k, kinds[i]);
        ASSERT_OK(lamina_layer_release(f->engine, l));
    }
    lamina_layer_kind_t k = -1;
    ASSERT_OK(lamina_layer_get_kind(f->engine, f->layer, &k));
    assert_int_equal(k, LAMINA_LAYER_KIND_PLAIN);
    lamina_layer_t out = LAMINA_LAYER_NONE;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_create_kind(f->engine, 5, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_create_kind(f->engine, -1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_create_kind(f->engine, LAMINA_LAYER_KIND_SHAPE, NULL));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_create_kind(lt_stale_engine(), LAMINA_LAYER_KIND_SHAPE, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_kind(f->engine, f->layer, NULL));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_kind(f->engine, lt_released_layer(f->engine), &k));
}

/* RS-8.1, RS-9.1, RS-13: defaults through the key-value API; a kind's key on another kind of
 * layer is UNKNOWN_KEY for set, get and animations. */
static void defaults_and_wrong_kind(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t shape = make_kind(e, LAMINA_LAYER_KIND_SHAPE, 10, 10);
    lamina_layer_t gradient = make_kind(e, LAMINA_LAYER_KIND_GRADIENT, 10, 10);
    lamina_layer_t replicator = make_kind(e, LAMINA_LAYER_KIND_REPLICATOR, 10, 10);
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_value(e, shape, "path", &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
    ASSERT_OK(lamina_layer_get_value(e, shape, "fillColor", &v));
    assert_int_equal(v.type, LAMINA_VALUE_COLOR);
    ASSERT_COLOR_NEAR(0, 0, 0, 1, v.u.color, 0.0);
    ASSERT_OK(lamina_layer_get_value(e, shape, "strokeColor", &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
    ASSERT_OK(lamina_layer_get_value(e, shape, "fillRule", &v));
    assert_string_equal(v.u.string, "non-zero");
    ASSERT_OK(lamina_layer_get_value(e, shape, "lineCap", &v));
    assert_string_equal(v.u.string, "butt");
    ASSERT_OK(lamina_layer_get_value(e, shape, "lineJoin", &v));
    assert_string_equal(v.u.string, "miter");
    ASSERT_OK(lamina_layer_get_value(e, shape, "lineDashPattern", &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
    double n = -1;
    ASSERT_OK(lamina_layer_get_number(e, shape, "lineWidth", &n));
    ASSERT_DOUBLE_EQ(1.0, n);
    ASSERT_OK(lamina_layer_get_number(e, shape, "miterLimit", &n));
    ASSERT_DOUBLE_EQ(10.0, n);
    ASSERT_OK(lamina_layer_get_number(e, shape, "strokeEnd", &n));
    ASSERT_DOUBLE_EQ(1.0, n);
    ASSERT_OK(lamina_layer_get_value(e, gradient, "colors", &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
    ASSERT_OK(lamina_layer_get_value(e, gradient, "startPoint", &v));
    ASSERT_POINT_EQ(0.5, 0.0, v.u.point);
    ASSERT_OK(lamina_layer_get_value(e, gradient, "endPoint", &v));
    ASSERT_POINT_EQ(0.5, 1.0, v.u.point);
    ASSERT_OK(lamina_layer_get_value(e, gradient, "type", &v));
    assert_string_equal(v.u.string, "axial");
    ASSERT_OK(lamina_layer_get_number(e, replicator, "instanceCount", &n));
    ASSERT_DOUBLE_EQ(1.0, n);
    ASSERT_OK(lamina_layer_get_value(e, replicator, "instanceColor", &v));
    ASSERT_COLOR_NEAR(1, 1, 1, 1, v.u.color, 0.0);
    /* Wrong kind: UNKNOWN_KEY for get, set and animations. */
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_value(e, f->layer, "path", &v));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(e, f->layer, "strokeEnd", 0.5));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(e, gradient, "lineWidth", 2));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_value(e, shape, "colors", &v));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(e, shape, "instanceCount", 3));
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("strokeEnd", &anim));
    lamina_value_t to = lt_number(0.5);
    ASSERT_OK(lamina_animation_set_to_value(anim, &to));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_add_animation(e, gradient, anim, "a"));
    ASSERT_OK(lamina_layer_add_animation(e, shape, anim, "a"));
    lamina_animation_release(anim);
    ASSERT_OK(lamina_layer_release(e, shape));
    ASSERT_OK(lamina_layer_release(e, gradient));
    ASSERT_OK(lamina_layer_release(e, replicator));
}

/* NUMBER_ARRAY and COLOR_ARRAY: copied on set, borrowed on get; bad arrays are INVALID_ARGUMENT;
 * a negative or fractional instanceCount too (RS-13.1). */
static void array_values(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t shape = make_kind(e, LAMINA_LAYER_KIND_SHAPE, 10, 10);
    lamina_layer_t gradient = make_kind(e, LAMINA_LAYER_KIND_GRADIENT, 10, 10);
    lamina_layer_t replicator = make_kind(e, LAMINA_LAYER_KIND_REPLICATOR, 10, 10);
    double dashes[3] = {4, 2, 1};
    lamina_value_t v = numbers_value(dashes, 3);
    ASSERT_OK(lamina_layer_set_value(e, shape, "lineDashPattern", &v));
    dashes[0] = 99; /* copied */
    lamina_value_t out;
    ASSERT_OK(lamina_layer_get_value(e, shape, "lineDashPattern", &out));
    assert_int_equal(out.type, LAMINA_VALUE_NUMBER_ARRAY);
    assert_int_equal(out.u.numbers.count, 3);
    ASSERT_DOUBLE_EQ(4.0, out.u.numbers.items[0]);
    ASSERT_DOUBLE_EQ(1.0, out.u.numbers.items[2]);
    lamina_color_t colors[2] = {{1, 0, 0, 1}, {0, 0, 1, 0.5}};
    v = colors_value(colors, 2);
    ASSERT_OK(lamina_layer_set_value(e, gradient, "colors", &v));
    ASSERT_OK(lamina_layer_get_value(e, gradient, "colors", &out));
    assert_int_equal(out.type, LAMINA_VALUE_COLOR_ARRAY);
    assert_int_equal(out.u.colors.count, 2);
    ASSERT_COLOR_NEAR(0, 0, 1, 0.5, out.u.colors.items[1], 0.0);
    /* An empty array is a value (not nil). */
    v = numbers_value(NULL, 0);
    ASSERT_OK(lamina_layer_set_value(e, gradient, "locations", &v));
    ASSERT_OK(lamina_layer_get_value(e, gradient, "locations", &out));
    assert_int_equal(out.type, LAMINA_VALUE_NUMBER_ARRAY);
    assert_int_equal(out.u.numbers.count, 0);
    /* Bad arrays. */
    double bad[2] = {1, NAN};
    v = numbers_value(bad, 2);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, shape, "lineDashPattern", &v));
    bad[1] = -1;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, shape, "lineDashPattern", &v));
    v = numbers_value(NULL, 2);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, shape, "lineDashPattern", &v));
    v = numbers_value(dashes, (size_t)65537); /* refused before anything is read */
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, shape, "lineDashPattern", &v));
    v = numbers_value(dashes, SIZE_MAX);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, shape, "lineDashPattern", &v));
    lamina_color_t nan_color[2] = {{1, 0, 0, 1}, {0, NAN, 1, 1}};
    v = colors_value(nan_color, 2);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, gradient, "colors", &v));
    v = colors_value(colors, 2);
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_value(e, shape, "lineDashPattern", &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_number(e, replicator, "instanceCount", -1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_number(e, replicator, "instanceCount", 1.5));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_number(e, replicator, "instanceCount", 1e6));
    v = lt_string("square-ish");
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, shape, "lineCap", &v));
    /* Nothing bad was stored. */
    ASSERT_OK(lamina_layer_get_value(e, shape, "lineDashPattern", &out));
    assert_int_equal(out.u.numbers.count, 3);
    ASSERT_OK(lamina_layer_release(e, shape));
    ASSERT_OK(lamina_layer_release(e, gradient));
    ASSERT_OK(lamina_layer_release(e, replicator));
}

/* RS-8, RS-9.3, RS-9.4: the records' kind, shape and gradient, from engine-owned side buffers
 * that do not grow in steady state. */
static void shape_and_gradient_records(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_kind(e, LAMINA_LAYER_KIND_PLAIN, 100, 100);
    lamina_layer_t shape = make_kind(e, LAMINA_LAYER_KIND_SHAPE, 10, 10);
    lamina_layer_t gradient = make_kind(e, LAMINA_LAYER_KIND_GRADIENT, 10, 10);
    ASSERT_OK(lamina_layer_add_sublayer(e, root, shape));
    ASSERT_OK(lamina_layer_add_sublayer(e, root, gradient));
    lamina_path_element_t path[8];
    size_t np = 0;
    lamina_rect_t pr = {{0, 0}, {10, 10}};
    ASSERT_OK(lamina_path_rect(pr, path, 8, &np));
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_PATH;
    v.u.path.elements = path;
    v.u.path.count = np;
    ASSERT_OK(lamina_layer_set_value(e, shape, "path", &v));
    v = lt_color(0, 1, 0, 1);
    ASSERT_OK(lamina_layer_set_value(e, shape, "strokeColor", &v));
    ASSERT_OK(lamina_layer_set_number(e, shape, "lineWidth", 2));
    ASSERT_OK(lamina_layer_set_number(e, shape, "strokeEnd", 1.5)); /* clamped to 1 */
    v = lt_string("round");
    ASSERT_OK(lamina_layer_set_value(e, shape, "lineJoin", &v));
    v = lt_string("even-odd");
    ASSERT_OK(lamina_layer_set_value(e, shape, "fillRule", &v));
    double dashes[2] = {3, 1};
    v = numbers_value(dashes, 2);
    ASSERT_OK(lamina_layer_set_value(e, shape, "lineDashPattern", &v));
    lamina_color_t colors[3] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
    v = colors_value(colors, 3);
    ASSERT_OK(lamina_layer_set_value(e, gradient, "colors", &v));
    v = lt_string("conic");
    ASSERT_OK(lamina_layer_set_value(e, gradient, "type", &v));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    assert_int_equal(n, 3);
    assert_int_equal(r[0].layer_kind, LAMINA_LAYER_KIND_PLAIN);
    assert_null(r[0].shape);
    assert_null(r[0].gradient);
    assert_int_equal(r[0].instance_index, 0);
    ASSERT_COLOR_NEAR(1, 1, 1, 1, r[0].instance_color, 0.0);
    assert_int_equal(r[1].layer_kind, LAMINA_LAYER_KIND_SHAPE);
    assert_non_null(r[1].shape);
    assert_null(r[1].gradient);
    const lamina_draw_shape_t *s = r[1].shape;
    assert_int_equal(s->path_count, 5);
    assert_int_equal(s->path[2].type, LAMINA_PATH_LINE);
    ASSERT_POINT_EQ(10.0, 10.0, s->path[2].points[0]);
    assert_int_equal(s->flags, LAMINA_DRAW_SHAPE_FILL | LAMINA_DRAW_SHAPE_STROKE);
    ASSERT_COLOR_NEAR(0, 0, 0, 1, s->fill_color, 0.0);
    ASSERT_COLOR_NEAR(0, 1, 0, 1, s->stroke_color, 0.0);
    assert_int_equal(s->fill_rule, LAMINA_FILL_RULE_EVEN_ODD);
    assert_int_equal(s->line_cap, LAMINA_LINE_CAP_BUTT);
    assert_int_equal(s->line_join, LAMINA_LINE_JOIN_ROUND);
    ASSERT_DOUBLE_EQ(2.0, s->line_width);
    ASSERT_DOUBLE_EQ(10.0, s->miter_limit);
    assert_int_equal(s->line_dash_count, 2);
    ASSERT_DOUBLE_EQ(3.0, s->line_dash_pattern[0]);
    ASSERT_DOUBLE_EQ(0.0, s->stroke_start);
    ASSERT_DOUBLE_EQ(1.0, s->stroke_end);
    assert_int_equal(r[2].layer_kind, LAMINA_LAYER_KIND_GRADIENT);
    assert_null(r[2].shape);
    const lamina_draw_gradient_t *g = r[2].gradient;
    assert_non_null(g);
    assert_int_equal(g->type, LAMINA_GRADIENT_CONIC);
    assert_int_equal(g->reserved, 0);
    assert_int_equal(g->count, 3);
    ASSERT_COLOR_NEAR(0, 0, 1, 1, g->colors[2], 0.0);
    ASSERT_NEAR(0.0, g->locations[0], 1e-12);
    ASSERT_NEAR(0.5, g->locations[1], 1e-12);
    ASSERT_NEAR(1.0, g->locations[2], 1e-12);
    ASSERT_POINT_EQ(0.5, 0.0, g->start_point);
    ASSERT_POINT_EQ(0.5, 1.0, g->end_point);
    ASSERT_POINT_EQ(0.5, 0.0, g->focal_point); /* no focalOffset: the start point (RS-9.10) */
    /* strokeStart >= strokeEnd and no fill colour: a shape with neither flag; locations of
     * another count: no gradient (RS-8.3, RS-9.3). */
    ASSERT_OK(lamina_layer_set_number(e, shape, "strokeStart", 0.7));
    ASSERT_OK(lamina_layer_set_number(e, shape, "strokeEnd", 0.7));
    v = lt_null();
    ASSERT_OK(lamina_layer_set_value(e, shape, "fillColor", &v));
    double two[2] = {0, 1};
    v = numbers_value(two, 2);
    ASSERT_OK(lamina_layer_set_value(e, gradient, "locations", &v));
    ASSERT_OK(lamina_engine_tick(e, 10)); /* commits: the implicit animations run 10 ... 10.25 */
    ASSERT_OK(lamina_engine_tick(e, 11));
    ASSERT_OK(lamina_engine_draw_list(e, root, 11, &r, &n));
    assert_non_null(r[1].shape);
    assert_int_equal(r[1].shape->flags, 0);
    assert_null(r[2].gradient);
    /* Steady state: building the list again allocates nothing. */
    ASSERT_OK(lamina_layer_set_number(e, shape, "strokeStart", 0));
    v = lt_null();
    ASSERT_OK(lamina_layer_set_value(e, gradient, "locations", &v));
    ASSERT_OK(lamina_engine_tick(e, 20));
    ASSERT_OK(lamina_engine_tick(e, 21));
    ASSERT_OK(lamina_engine_draw_list(e, root, 21, &r, &n));
    ASSERT_OK(lamina_engine_draw_list(e, root, 21, &r, &n));
    size_t before = mallinfo2().uordblks;
    for (int k = 0; k < 20; k++) ASSERT_OK(lamina_engine_draw_list(e, root, 21, &r, &n));
    size_t after = mallinfo2().uordblks;
    assert_true(after <= before);
    assert_non_null(r[1].shape);
    assert_non_null(r[2].gradient);
    ASSERT_OK(lamina_layer_release(e, shape));
    ASSERT_OK(lamina_layer_release(e, gradient));
    ASSERT_OK(lamina_layer_release(e, root));
}

/* RS-13.1-13.4: a replicator's sublayers once per instance in the C records, with instance
 * index, colour, transform and time shift; count 0 draws none. */
static void replicator_records(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t rep = make_kind(e, LAMINA_LAYER_KIND_REPLICATOR, 100, 100);
    lamina_layer_t dot = make_kind(e, LAMINA_LAYER_KIND_PLAIN, 10, 10);
    lamina_point_t at = {50, 10};
    ASSERT_OK(lamina_layer_set_position(e, dot, at));
    ASSERT_OK(lamina_layer_add_sublayer(e, rep, dot));
    ASSERT_OK(lamina_layer_set_number(e, rep, "instanceCount", 3));
    ASSERT_OK(lamina_layer_set_number(e, rep, "instanceDelay", 0.25));
    lamina_transform3d_t step = lt_identity();
    step.m41 = 20; /* a translation of (20, 0) per instance */
    lamina_value_t v = lt_transform(step);
    ASSERT_OK(lamina_layer_set_value(e, rep, "instanceTransform", &v));
    v = lt_color(1, 1, 1, 1);
    ASSERT_OK(lamina_layer_set_value(e, rep, "instanceColor", &v));
    ASSERT_OK(lamina_layer_set_number(e, rep, "instanceGreenOffset", -0.5));
    ASSERT_OK(lamina_engine_tick(e, 0));
    /* One linear fade on the dot, 1 s from t = 1. */
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("opacity", &anim));
    lamina_value_t from = lt_number(0), to = lt_number(1);
    ASSERT_OK(lamina_animation_set_from_value(anim, &from));
    ASSERT_OK(lamina_animation_set_to_value(anim, &to));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1.0;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &mt));
    lamina_timing_function_t linear = {0, 0, 1, 1};
    ASSERT_OK(lamina_animation_set_timing_function(anim, &linear));
    ASSERT_OK(lamina_layer_add_animation(e, dot, anim, "fade"));
    lamina_animation_release(anim);
    ASSERT_OK(lamina_engine_tick(e, 1));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, rep, 1.75, &r, &n));
    assert_int_equal(n, 4);
    assert_int_equal(r[0].layer_kind, LAMINA_LAYER_KIND_REPLICATOR);
    assert_int_equal(r[0].descendant_count, 3);
    for (uint32_t k = 0; k < 3; k++) {
        const lamina_draw_record_t *d = &r[1 + k];
        assert_int_equal(d->layer, dot);
        assert_int_equal(d->instance_index, k);
        /* Green 1 - 0.5k clamped at 0; the others stay 1 (tolerance 1e-12). */
        double g = 1.0 - 0.5 * k;
        ASSERT_COLOR_NEAR(1, g < 0 ? 0 : g, 1, 1, d->instance_color, 1e-12);
        /* The dot's origin (45, 5) moves 20 per instance. */
        ASSERT_NEAR(45.0 + 20.0 * k, d->transform.m41, 1e-9);
        ASSERT_NEAR(5.0, d->transform.m42, 1e-9);
        /* Evaluated at 1.75 - 0.25k: opacity 0.75, 0.5, 0.25. */
        ASSERT_NEAR(0.75 - 0.25 * k, d->opacity, 1e-12);
    }
    /* Without an animation (the count animates, RS-13.1). */
    ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_OK(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_number(e, rep, "instanceCount", 0));
    ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_OK(lamina_engine_tick(e, 2));
    ASSERT_OK(lamina_engine_draw_list(e, rep, 2, &r, &n));
    assert_int_equal(n, 1);
    assert_int_equal(r[0].descendant_count, 0);
    ASSERT_OK(lamina_layer_release(e, dot));
    ASSERT_OK(lamina_layer_release(e, rep));
}

/* CA-10.2, RS-7: a transition's before record of a shape layer carries the old shape. */
static void transition_before_keeps_the_shape(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t shape = make_kind(e, LAMINA_LAYER_KIND_SHAPE, 10, 10);
    lamina_path_element_t path[8];
    size_t np = 0;
    lamina_rect_t pr = {{0, 0}, {10, 10}};
    ASSERT_OK(lamina_path_rect(pr, path, 8, &np));
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_PATH;
    v.u.path.elements = path;
    v.u.path.count = np;
    ASSERT_OK(lamina_layer_set_value(e, shape, "path", &v));
    v = lt_color(1, 0, 0, 1);
    ASSERT_OK(lamina_layer_set_value(e, shape, "strokeColor", &v));
    ASSERT_OK(lamina_engine_tick(e, 0));
    lamina_animation_t *fade = NULL;
    ASSERT_OK(lamina_animation_create_transition(LAMINA_TRANSITION_FADE, LAMINA_TRANSITION_FROM_LEFT, &fade));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 2.0;
    ASSERT_OK(lamina_animation_set_media_timing(fade, &mt));
    ASSERT_OK(lamina_layer_add_animation(e, shape, fade, NULL));
    lamina_animation_release(fade);
    v = lt_color(0, 1, 0, 1);
    ASSERT_OK(lamina_layer_set_value(e, shape, "strokeColor", &v));
    ASSERT_OK(lamina_engine_tick(e, 1));
    ASSERT_OK(lamina_engine_tick(e, 1.5));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, shape, 1.5, &r, &n));
    assert_int_equal(n, 1);
    assert_true(r[0].flags & LAMINA_DRAW_HAS_TRANSITION);
    assert_non_null(r[0].shape);
    ASSERT_COLOR_NEAR(0, 1, 0, 1, r[0].shape->stroke_color, 1e-12);
    const lamina_draw_record_t *b = r[0].transition_before;
    assert_non_null(b);
    assert_int_equal(b->layer_kind, LAMINA_LAYER_KIND_SHAPE);
    assert_non_null(b->shape);
    assert_int_equal(b->shape->path_count, 5);
    ASSERT_COLOR_NEAR(1, 0, 0, 1, b->shape->stroke_color, 1e-12);
    ASSERT_OK(lamina_layer_release(e, shape));
}

/* RS-13.1: absurd nested counts fail with OUT_OF_MEMORY before anything is built (the previous
 * list stays valid); instanceCount animates only within 0..10000 (INVALID_ARGUMENT past it). */
static void replicator_bounds(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t outer = make_kind(e, LAMINA_LAYER_KIND_REPLICATOR, 10, 10);
    lamina_layer_t inner = make_kind(e, LAMINA_LAYER_KIND_REPLICATOR, 10, 10);
    ASSERT_OK(lamina_layer_add_sublayer(e, outer, inner));
    ASSERT_OK(lamina_layer_add_sublayer(e, inner, f->layer));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r = NULL;
    size_t n = 0;
    ASSERT_OK(lamina_engine_draw_list(e, outer, 0, &r, &n));
    assert_int_equal(n, 3);
    ASSERT_OK(lamina_transaction_begin(e)); /* without an animation (the count animates) */
    ASSERT_OK(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_number(e, outer, "instanceCount", 10000));
    ASSERT_OK(lamina_layer_set_number(e, inner, "instanceCount", 10000));
    ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_OK(lamina_engine_tick(e, 1));
    const lamina_draw_record_t *r2 = NULL;
    size_t n2 = 77;
    ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY, lamina_engine_draw_list(e, outer, 1, &r2, &n2));
    assert_int_equal(r[0].layer, outer); /* the previous list is still valid */
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("instanceCount", &anim));
    lamina_value_t to = lt_number(10001);
    ASSERT_OK(lamina_animation_set_to_value(anim, &to));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_add_animation(e, outer, anim, "n"));
    to = lt_number(3);
    ASSERT_OK(lamina_animation_set_to_value(anim, &to));
    ASSERT_OK(lamina_layer_add_animation(e, outer, anim, "n"));
    lamina_animation_release(anim);
    ASSERT_OK(lamina_layer_release(e, inner));
    ASSERT_OK(lamina_layer_release(e, outer));
}

/* RS-9.10: "focalOffset" (default (0, 0)) is a gradient layer's point; the record's focal_point
 * is start + offset, and an implicit animation interpolates it; other kinds: UNKNOWN_KEY. */
static void gradient_focal_point(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t g = make_kind(e, LAMINA_LAYER_KIND_GRADIENT, 10, 10);
    lamina_layer_t plain = make_kind(e, LAMINA_LAYER_KIND_PLAIN, 10, 10);
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_value(e, g, "focalOffset", &v));
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    ASSERT_POINT_EQ(0.0, 0.0, v.u.point);
    assert_int_equal(lamina_layer_set_point(e, plain, "focalOffset", (lamina_point_t){0.1, 0}),
                     LAMINA_STATUS_UNKNOWN_KEY);
    assert_int_equal(lamina_layer_set_number(e, g, "focalOffset", 1), LAMINA_STATUS_TYPE_MISMATCH);
    lamina_color_t colors[2] = {{1, 0, 0, 1}, {0, 0, 1, 1}};
    v = colors_value(colors, 2);
    ASSERT_OK(lamina_layer_set_value(e, g, "colors", &v));
    v = lt_string("radial");
    ASSERT_OK(lamina_layer_set_value(e, g, "type", &v));
    ASSERT_OK(lamina_layer_set_point(e, g, "startPoint", (lamina_point_t){0.5, 0.5}));
    ASSERT_OK(lamina_layer_set_point(e, g, "focalOffset", (lamina_point_t){0.25, -0.125}));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, g, 0, &r, &n));
    assert_non_null(r[0].gradient);
    ASSERT_POINT_EQ(0.75, 0.375, r[0].gradient->focal_point);
    /* Animatable: the implicit animation (0.25 s from the commit at 1) is between the two. */
    ASSERT_OK(lamina_layer_set_point(e, g, "focalOffset", (lamina_point_t){-0.25, -0.125}));
    ASSERT_OK(lamina_engine_tick(e, 1));
    ASSERT_OK(lamina_engine_draw_list(e, g, 1.125, &r, &n));
    double x = r[0].gradient->focal_point.x;
    assert_true(x > 0.25 + 1e-6 && x < 0.75 - 1e-6);
    ASSERT_NEAR(0.375, r[0].gradient->focal_point.y, 1e-12);
    ASSERT_OK(lamina_engine_draw_list(e, g, 2, &r, &n));
    ASSERT_POINT_EQ(0.25, 0.375, r[0].gradient->focal_point);
    ASSERT_OK(lamina_layer_release(e, g));
    ASSERT_OK(lamina_layer_release(e, plain));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(create_and_get_kind),
        LT_TEST(defaults_and_wrong_kind),
        LT_TEST(array_values),
        LT_TEST(shape_and_gradient_records),
        LT_TEST(replicator_records),
        LT_TEST(transition_before_keeps_the_shape),
        LT_TEST(replicator_bounds),
        LT_TEST(gradient_focal_point),
    };
    return cmocka_run_group_tests_name("layer kinds (issue 15)", tests, NULL, NULL);
}
