/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Properties: the generic and typed setters/getters, key paths (CA-7.6), defaults (CA-13),
 * names, the position/bounds/opacity shortcuts, and action entries; every setter's and getter's
 * failure paths: NULL key/out (INVALID_ARGUMENT), non-finite numbers (INVALID_ARGUMENT), unknown
 * keys and key paths (UNKNOWN_KEY), wrong types (TYPE_MISMATCH), nil colours (NOT_FOUND).
 */
#include "lamina_test_support.h"

#define PI 3.14159265358979323846

/* Every built-in key with its CA-13 default. */
typedef struct key_default {
    const char *key;
    lamina_value_t value;
} key_default_t;

static size_t builtin_defaults(key_default_t *out) {
    size_t n = 0;
    out[n++] = (key_default_t){"bounds", lt_rect(0, 0, 0, 0)};
    out[n++] = (key_default_t){"position", lt_point(0, 0)};
    out[n++] = (key_default_t){"zPosition", lt_number(0)};
    out[n++] = (key_default_t){"anchorPoint", lt_point(0.5, 0.5)};
    out[n++] = (key_default_t){"anchorPointZ", lt_number(0)};
    out[n++] = (key_default_t){"transform", lt_transform(lt_identity())};
    out[n++] = (key_default_t){"sublayerTransform", lt_transform(lt_identity())};
    out[n++] = (key_default_t){"hidden", lt_bool(LAMINA_FALSE)};
    out[n++] = (key_default_t){"doubleSided", lt_bool(LAMINA_TRUE)};
    out[n++] = (key_default_t){"masksToBounds", lt_bool(LAMINA_FALSE)};
    out[n++] = (key_default_t){"contentsRect", lt_rect(0, 0, 1, 1)};
    out[n++] = (key_default_t){"contentsCenter", lt_rect(0, 0, 1, 1)};
    out[n++] = (key_default_t){"contentsScale", lt_number(1)};
    out[n++] = (key_default_t){"backgroundColor", lt_null()};
    out[n++] = (key_default_t){"cornerRadius", lt_number(0)};
    out[n++] = (key_default_t){"borderWidth", lt_number(0)};
    out[n++] = (key_default_t){"borderColor", lt_color(0, 0, 0, 1)};
    out[n++] = (key_default_t){"opacity", lt_number(1)};
    out[n++] = (key_default_t){"shadowColor", lt_color(0, 0, 0, 1)};
    out[n++] = (key_default_t){"shadowOpacity", lt_number(0)};
    out[n++] = (key_default_t){"shadowOffset", lt_size(0, -3)};
    out[n++] = (key_default_t){"shadowRadius", lt_number(3)};
    out[n++] = (key_default_t){"shouldRasterize", lt_bool(LAMINA_FALSE)};
    out[n++] = (key_default_t){"rasterizationScale", lt_number(1)};
    out[n++] = (key_default_t){"name", lt_null()};
    /* RS-11.1/11.2: Lamina antialiases edges by default (macOS's default; docs/decisions.md). */
    out[n++] = (key_default_t){"allowsEdgeAntialiasing", lt_bool(LAMINA_TRUE)};
    out[n++] = (key_default_t){"edgeAntialiasingMask", lt_number(15)};
    return n;
}

static void assert_value_equal(const lamina_value_t *want, const lamina_value_t *got) {
    assert_int_equal(got->type, want->type);
    switch (want->type) {
    case LAMINA_VALUE_NULL: break;
    case LAMINA_VALUE_NUMBER: ASSERT_DOUBLE_EQ(want->u.number, got->u.number); break;
    case LAMINA_VALUE_POINT: assert_memory_equal(&want->u.point, &got->u.point, sizeof got->u.point); break;
    case LAMINA_VALUE_SIZE: assert_memory_equal(&want->u.size, &got->u.size, sizeof got->u.size); break;
    case LAMINA_VALUE_RECT: assert_memory_equal(&want->u.rect, &got->u.rect, sizeof got->u.rect); break;
    case LAMINA_VALUE_COLOR: assert_memory_equal(&want->u.color, &got->u.color, sizeof got->u.color); break;
    case LAMINA_VALUE_TRANSFORM:
        assert_memory_equal(&want->u.transform, &got->u.transform, sizeof got->u.transform);
        break;
    case LAMINA_VALUE_BOOL: assert_int_equal(got->u.boolean, want->u.boolean); break;
    case LAMINA_VALUE_STRING: assert_string_equal(got->u.string, want->u.string); break;
    default: fail_msg("unexpected value type %d", (int)want->type);
    }
}

static void get_value_equals(lamina_engine_t *e, lamina_layer_t l, const char *key, lamina_value_t want) {
    lamina_value_t got;
    LT_FILL(got);
    ASSERT_OK(lamina_layer_get_value(e, l, key, &got));
    assert_value_equal(&want, &got);
}

/* ------------------------------------------------------------------------------------------ */
/* Defaults and round trips                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* CA-13: a new layer has Core Animation's defaults, read with the generic getter (a nil
 * backgroundColor and name read as LAMINA_VALUE_NULL) and with the typed getters. */
static void new_layer_has_core_animation_defaults(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    key_default_t defaults[32];
    const size_t n = builtin_defaults(defaults);
    for (size_t i = 0; i < n; i++) get_value_equals(f->engine, f->layer, defaults[i].key, defaults[i].value);

    double d = -1;
    lamina_point_t p;
    lamina_size_t s;
    lamina_rect_t r;
    lamina_color_t c;
    lamina_transform3d_t m;
    lamina_bool_t b = 7;
    ASSERT_OK(lamina_layer_get_number(f->engine, f->layer, "shadowRadius", &d));
    ASSERT_DOUBLE_EQ(3.0, d);
    ASSERT_OK(lamina_layer_get_point(f->engine, f->layer, "anchorPoint", &p));
    ASSERT_POINT_EQ(0.5, 0.5, p);
    ASSERT_OK(lamina_layer_get_size(f->engine, f->layer, "shadowOffset", &s));
    ASSERT_DOUBLE_EQ(0.0, s.width);
    ASSERT_DOUBLE_EQ(-3.0, s.height);
    ASSERT_OK(lamina_layer_get_rect(f->engine, f->layer, "contentsRect", &r));
    ASSERT_RECT_EQ(0, 0, 1, 1, r);
    ASSERT_OK(lamina_layer_get_color(f->engine, f->layer, "borderColor", &c));
    ASSERT_COLOR_NEAR(0, 0, 0, 1, c, 0.0);
    ASSERT_OK(lamina_layer_get_transform(f->engine, f->layer, "sublayerTransform", &m));
    const lamina_transform3d_t id = lt_identity();
    lt_assert_transform_near(&id, &m, 0.0);
    ASSERT_OK(lamina_layer_get_bool(f->engine, f->layer, "doubleSided", &b));
    assert_int_equal(b, LAMINA_TRUE);
    ASSERT_OK(lamina_layer_get_opacity(f->engine, f->layer, &d));
    ASSERT_DOUBLE_EQ(1.0, d);
    ASSERT_OK(lamina_layer_get_position(f->engine, f->layer, &p));
    ASSERT_POINT_EQ(0, 0, p);
    ASSERT_OK(lamina_layer_get_bounds(f->engine, f->layer, &r));
    ASSERT_RECT_EQ(0, 0, 0, 0, r);
}

/* lamina_layer_set_value/get_value round-trip a value of the right type for every built-in
 * key (the model value is readable at once, committed or not). */
static void set_value_round_trips_every_builtin_key(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_transform3d_t m = lt_identity();
    m.m11 = 2.0;
    m.m41 = 10.0;
    m.m34 = -1.0 / 500.0;
    const key_default_t values[] = {
        {"bounds", lt_rect(1, 2, 30, 40)},
        {"position", lt_point(5, 6)},
        {"zPosition", lt_number(-2.5)},
        {"anchorPoint", lt_point(0, 1)},
        {"anchorPointZ", lt_number(4)},
        {"transform", lt_transform(m)},
        {"sublayerTransform", lt_transform(m)},
        {"hidden", lt_bool(LAMINA_TRUE)},
        {"doubleSided", lt_bool(LAMINA_FALSE)},
        {"masksToBounds", lt_bool(LAMINA_TRUE)},
        {"contentsRect", lt_rect(0.25, 0.25, 0.5, 0.5)},
        {"contentsCenter", lt_rect(0.1, 0.2, 0.3, 0.4)},
        {"contentsScale", lt_number(2)},
        {"backgroundColor", lt_color(0.1, 0.2, 0.3, 0.4)},
        {"cornerRadius", lt_number(8)},
        {"borderWidth", lt_number(1.5)},
        {"borderColor", lt_color(1, 0, 0, 1)},
        {"opacity", lt_number(0.25)},
        {"shadowColor", lt_color(0, 0, 1, 0.5)},
        {"shadowOpacity", lt_number(0.75)},
        {"shadowOffset", lt_size(2, 3)},
        {"shadowRadius", lt_number(6)},
        {"shouldRasterize", lt_bool(LAMINA_TRUE)},
        {"rasterizationScale", lt_number(3)},
        {"name", lt_string("hello")},
    };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        ASSERT_OK(lamina_layer_set_value(f->engine, f->layer, values[i].key, &values[i].value));
        get_value_equals(f->engine, f->layer, values[i].key, values[i].value);
    }
    /* After a commit, still the same. */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        get_value_equals(f->engine, f->layer, values[i].key, values[i].value);
    }
}

/* The typed setters and getters round-trip their types. */
static void typed_setters_and_getters_round_trip(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;

    double d = 0;
    ASSERT_OK(lamina_layer_set_number(e, l, "cornerRadius", 12.5));
    ASSERT_OK(lamina_layer_get_number(e, l, "cornerRadius", &d));
    ASSERT_DOUBLE_EQ(12.5, d);

    lamina_point_t p = {0, 0};
    ASSERT_OK(lamina_layer_set_point(e, l, "anchorPoint", (lamina_point_t){0.25, 0.75}));
    ASSERT_OK(lamina_layer_get_point(e, l, "anchorPoint", &p));
    ASSERT_POINT_EQ(0.25, 0.75, p);

    lamina_size_t s = {0, 0};
    ASSERT_OK(lamina_layer_set_size(e, l, "shadowOffset", (lamina_size_t){4, -5}));
    ASSERT_OK(lamina_layer_get_size(e, l, "shadowOffset", &s));
    ASSERT_DOUBLE_EQ(4, s.width);
    ASSERT_DOUBLE_EQ(-5, s.height);

    lamina_rect_t r;
    ASSERT_OK(lamina_layer_set_rect(e, l, "contentsCenter", (lamina_rect_t){{0.1, 0.2}, {0.3, 0.4}}));
    ASSERT_OK(lamina_layer_get_rect(e, l, "contentsCenter", &r));
    ASSERT_RECT_EQ(0.1, 0.2, 0.3, 0.4, r);
    /* Negative sizes are allowed. */
    ASSERT_OK(lamina_layer_set_rect(e, l, "bounds", (lamina_rect_t){{0, 0}, {-10, -20}}));

    lamina_color_t c;
    ASSERT_OK(lamina_layer_set_color(e, l, "shadowColor", lt_rgba(0.2, 0.4, 0.6, 0.8)));
    ASSERT_OK(lamina_layer_get_color(e, l, "shadowColor", &c));
    ASSERT_COLOR_NEAR(0.2, 0.4, 0.6, 0.8, c, 0.0);
    /* Colours are not clamped on the way in (nominally [0, 1]). */
    ASSERT_OK(lamina_layer_set_color(e, l, "borderColor", lt_rgba(1.5, -0.5, 0, 1)));
    ASSERT_OK(lamina_layer_get_color(e, l, "borderColor", &c));
    ASSERT_COLOR_NEAR(1.5, -0.5, 0, 1, c, 0.0);

    lamina_transform3d_t m = lt_identity(), got;
    m.m41 = 3;
    m.m42 = 4;
    m.m43 = 5;
    m.m12 = 0.5;
    ASSERT_OK(lamina_layer_set_transform(e, l, "transform", m));
    ASSERT_OK(lamina_layer_get_transform(e, l, "transform", &got));
    lt_assert_transform_near(&m, &got, 0.0);

    lamina_bool_t b = 7;
    ASSERT_OK(lamina_layer_set_bool(e, l, "masksToBounds", LAMINA_TRUE));
    ASSERT_OK(lamina_layer_get_bool(e, l, "masksToBounds", &b));
    assert_int_equal(b, LAMINA_TRUE);
    ASSERT_OK(lamina_layer_set_bool(e, l, "masksToBounds", LAMINA_FALSE));
    ASSERT_OK(lamina_layer_get_bool(e, l, "masksToBounds", &b));
    assert_int_equal(b, LAMINA_FALSE);
    /* Any non-zero input is true, and reads back as 1. */
    ASSERT_OK(lamina_layer_set_bool(e, l, "hidden", 2u));
    ASSERT_OK(lamina_layer_get_bool(e, l, "hidden", &b));
    assert_int_equal(b, LAMINA_TRUE);
    lamina_value_t v = lt_bool(0xFFFFFFFFu);
    ASSERT_OK(lamina_layer_set_value(e, l, "shouldRasterize", &v));
    ASSERT_OK(lamina_layer_get_bool(e, l, "shouldRasterize", &b));
    assert_int_equal(b, LAMINA_TRUE);
}

/* The position/bounds/opacity shortcuts read and write the same model values as the keys. */
static void shortcuts_match_the_keyed_properties(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    lamina_point_t p;
    lamina_rect_t r;
    double d;

    ASSERT_OK(lamina_layer_set_position(e, l, (lamina_point_t){10, 20}));
    ASSERT_OK(lamina_layer_get_point(e, l, "position", &p));
    ASSERT_POINT_EQ(10, 20, p);
    ASSERT_OK(lamina_layer_set_point(e, l, "position", (lamina_point_t){30, 40}));
    ASSERT_OK(lamina_layer_get_position(e, l, &p));
    ASSERT_POINT_EQ(30, 40, p);

    ASSERT_OK(lamina_layer_set_bounds(e, l, (lamina_rect_t){{1, 2}, {3, 4}}));
    ASSERT_OK(lamina_layer_get_rect(e, l, "bounds", &r));
    ASSERT_RECT_EQ(1, 2, 3, 4, r);
    ASSERT_OK(lamina_layer_set_number(e, l, "bounds.size.width", 50));
    ASSERT_OK(lamina_layer_get_bounds(e, l, &r));
    ASSERT_RECT_EQ(1, 2, 50, 4, r);

    ASSERT_OK(lamina_layer_set_opacity(e, l, 0.5));
    ASSERT_OK(lamina_layer_get_number(e, l, "opacity", &d));
    ASSERT_DOUBLE_EQ(0.5, d);
    ASSERT_OK(lamina_layer_set_number(e, l, "opacity", 0.125));
    ASSERT_OK(lamina_layer_get_opacity(e, l, &d));
    ASSERT_DOUBLE_EQ(0.125, d);
}

/* ------------------------------------------------------------------------------------------ */
/* Key paths (CA-7.6)                                                                          */
/* ------------------------------------------------------------------------------------------ */

/* Key paths into points, sizes and rects read and write one component and keep the rest. */
static void struct_key_paths_read_and_write_components(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    double d = 0;
    lamina_point_t p;
    lamina_size_t s;
    lamina_rect_t r;

    ASSERT_OK(lamina_layer_set_position(e, l, (lamina_point_t){1, 2}));
    ASSERT_OK(lamina_layer_set_number(e, l, "position.x", 100));
    ASSERT_OK(lamina_layer_get_position(e, l, &p));
    ASSERT_POINT_EQ(100, 2, p);
    ASSERT_OK(lamina_layer_set_number(e, l, "position.y", 200));
    ASSERT_OK(lamina_layer_get_number(e, l, "position.y", &d));
    ASSERT_DOUBLE_EQ(200, d);
    ASSERT_OK(lamina_layer_get_number(e, l, "position.x", &d));
    ASSERT_DOUBLE_EQ(100, d);

    ASSERT_OK(lamina_layer_set_number(e, l, "anchorPoint.x", 0));
    ASSERT_OK(lamina_layer_get_point(e, l, "anchorPoint", &p));
    ASSERT_POINT_EQ(0, 0.5, p);

    ASSERT_OK(lamina_layer_set_number(e, l, "shadowOffset.width", 7));
    ASSERT_OK(lamina_layer_get_number(e, l, "shadowOffset.height", &d));
    ASSERT_DOUBLE_EQ(-3, d);
    ASSERT_OK(lamina_layer_get_size(e, l, "shadowOffset", &s));
    ASSERT_DOUBLE_EQ(7, s.width);

    ASSERT_OK(lamina_layer_set_bounds(e, l, (lamina_rect_t){{1, 2}, {3, 4}}));
    ASSERT_OK(lamina_layer_set_number(e, l, "bounds.origin.x", 10));
    ASSERT_OK(lamina_layer_set_number(e, l, "bounds.origin.y", 20));
    ASSERT_OK(lamina_layer_set_number(e, l, "bounds.size.height", 40));
    ASSERT_OK(lamina_layer_get_bounds(e, l, &r));
    ASSERT_RECT_EQ(10, 20, 3, 40, r);
    ASSERT_OK(lamina_layer_set_point(e, l, "bounds.origin", (lamina_point_t){-1, -2}));
    ASSERT_OK(lamina_layer_set_size(e, l, "bounds.size", (lamina_size_t){5, 6}));
    ASSERT_OK(lamina_layer_get_bounds(e, l, &r));
    ASSERT_RECT_EQ(-1, -2, 5, 6, r);
    ASSERT_OK(lamina_layer_get_point(e, l, "bounds.origin", &p));
    ASSERT_POINT_EQ(-1, -2, p);
    ASSERT_OK(lamina_layer_get_size(e, l, "bounds.size", &s));
    ASSERT_DOUBLE_EQ(5, s.width);
    ASSERT_DOUBLE_EQ(6, s.height);
    ASSERT_OK(lamina_layer_get_number(e, l, "bounds.size.width", &d));
    ASSERT_DOUBLE_EQ(5, d);

    /* The generic functions take key paths too. */
    lamina_value_t v = lt_number(77);
    ASSERT_OK(lamina_layer_set_value(e, l, "contentsRect.origin.y", &v));
    get_value_equals(e, l, "contentsRect", lt_rect(0, 77, 1, 1));
    get_value_equals(e, l, "contentsRect.size", lt_size(1, 1));
}

/* Transform key paths (CA-7.6): rotation.z (and rotation) in radians, scale.x/y/z and scale,
 * translation.x/y/z and translation (a size). */
static void transform_key_paths(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    double d = 0;
    lamina_transform3d_t m;

    ASSERT_OK(lamina_layer_set_number(e, l, "transform.rotation.z", PI / 2));
    ASSERT_OK(lamina_layer_get_number(e, l, "transform.rotation.z", &d));
    ASSERT_NEAR(PI / 2, d, 1e-12);
    ASSERT_OK(lamina_layer_get_number(e, l, "transform.rotation", &d));
    ASSERT_NEAR(PI / 2, d, 1e-12);
    /* Core Animation's matrix for a z rotation by a: m11 = cos a, m12 = sin a, m21 = -sin a. */
    ASSERT_OK(lamina_layer_get_transform(e, l, "transform", &m));
    ASSERT_NEAR(0.0, m.m11, 1e-12);
    ASSERT_NEAR(1.0, m.m12, 1e-12);
    ASSERT_NEAR(-1.0, m.m21, 1e-12);
    ASSERT_NEAR(0.0, m.m22, 1e-12);
    ASSERT_NEAR(1.0, m.m33, 1e-12);

    ASSERT_OK(lamina_layer_set_transform(e, l, "transform", lt_identity()));
    ASSERT_OK(lamina_layer_set_number(e, l, "transform.scale.x", 2));
    ASSERT_OK(lamina_layer_set_number(e, l, "transform.scale.y", 3));
    ASSERT_OK(lamina_layer_get_transform(e, l, "transform", &m));
    ASSERT_NEAR(2, m.m11, 1e-12);
    ASSERT_NEAR(3, m.m22, 1e-12);
    ASSERT_NEAR(1, m.m33, 1e-12);
    ASSERT_OK(lamina_layer_get_number(e, l, "transform.scale.y", &d));
    ASSERT_NEAR(3, d, 1e-12);
    ASSERT_OK(lamina_layer_set_number(e, l, "transform.scale", 4));
    ASSERT_OK(lamina_layer_get_number(e, l, "transform.scale.z", &d));
    ASSERT_NEAR(4, d, 1e-12);
    ASSERT_OK(lamina_layer_get_number(e, l, "transform.scale", &d));
    ASSERT_NEAR(4, d, 1e-12);

    ASSERT_OK(lamina_layer_set_transform(e, l, "transform", lt_identity()));
    ASSERT_OK(lamina_layer_set_size(e, l, "transform.translation", (lamina_size_t){10, 20}));
    ASSERT_OK(lamina_layer_set_number(e, l, "transform.translation.z", 30));
    ASSERT_OK(lamina_layer_get_transform(e, l, "transform", &m));
    ASSERT_DOUBLE_EQ(10, m.m41);
    ASSERT_DOUBLE_EQ(20, m.m42);
    ASSERT_DOUBLE_EQ(30, m.m43);
    ASSERT_OK(lamina_layer_get_number(e, l, "transform.translation.x", &d));
    ASSERT_DOUBLE_EQ(10, d);
    lamina_size_t s;
    ASSERT_OK(lamina_layer_get_size(e, l, "transform.translation", &s));
    ASSERT_DOUBLE_EQ(10, s.width);
    ASSERT_DOUBLE_EQ(20, s.height);

    /* sublayerTransform has the same key paths. */
    ASSERT_OK(lamina_layer_set_number(e, l, "sublayerTransform.translation.y", -4));
    ASSERT_OK(lamina_layer_get_transform(e, l, "sublayerTransform", &m));
    ASSERT_DOUBLE_EQ(-4, m.m42);
    ASSERT_OK(lamina_layer_get_number(e, l, "sublayerTransform.rotation.x", &d));
    ASSERT_NEAR(0, d, 1e-12);
    ASSERT_OK(lamina_layer_get_number(e, l, "sublayerTransform.rotation.y", &d));
    ASSERT_NEAR(0, d, 1e-12);
}

/* ------------------------------------------------------------------------------------------ */
/* Failures                                                                                    */
/* ------------------------------------------------------------------------------------------ */

static const char *const unknown_keys[] = {
    "", "opacityy", "Opacity", "OPACITY", "frame.x", "position.z", "position.", ".position",
    "position..x", "position.x.y", "opacity.x", "bounds.size.depth", "bounds.width",
    "bounds.origin.z", "transform.rotation.w", "transform.scale.w", "transform.m11",
    "shadowOffset.x", "anchorPoint.width", "hidden.x", "name.first", "backgroundColor.r",
    "custom", "nonexistent.key.path", " opacity", "opacity ",
};
#define UNKNOWN_KEY_COUNT (sizeof unknown_keys / sizeof unknown_keys[0])

/* Unknown keys and key paths are UNKNOWN_KEY for every setter and getter (out untouched), and
 * nothing changes. */
static void unknown_keys_and_key_paths_are_unknown_key(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    const lamina_value_t number = lt_number(1);
    for (size_t i = 0; i < UNKNOWN_KEY_COUNT; i++) {
        const char *k = unknown_keys[i];
        double d;
        lamina_value_t v;
        lamina_point_t p;
        lamina_size_t s;
        lamina_rect_t r;
        lamina_color_t c;
        lamina_transform3d_t m;
        lamina_bool_t b;
#define UNKNOWN(call) ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, call)
#define UNKNOWN_UNTOUCHED(out, call) \
    do {                             \
        LT_FILL(out);                \
        UNKNOWN(call);               \
        ASSERT_UNTOUCHED(out);       \
    } while (0)
        UNKNOWN(lamina_layer_set_value(e, l, k, &number));
        UNKNOWN_UNTOUCHED(v, lamina_layer_get_value(e, l, k, &v));
        UNKNOWN(lamina_layer_set_number(e, l, k, 1));
        UNKNOWN_UNTOUCHED(d, lamina_layer_get_number(e, l, k, &d));
        UNKNOWN(lamina_layer_set_point(e, l, k, (lamina_point_t){1, 2}));
        UNKNOWN_UNTOUCHED(p, lamina_layer_get_point(e, l, k, &p));
        UNKNOWN(lamina_layer_set_size(e, l, k, (lamina_size_t){1, 2}));
        UNKNOWN_UNTOUCHED(s, lamina_layer_get_size(e, l, k, &s));
        UNKNOWN(lamina_layer_set_rect(e, l, k, (lamina_rect_t){{1, 2}, {3, 4}}));
        UNKNOWN_UNTOUCHED(r, lamina_layer_get_rect(e, l, k, &r));
        UNKNOWN(lamina_layer_set_color(e, l, k, lt_rgba(1, 0, 0, 1)));
        UNKNOWN_UNTOUCHED(c, lamina_layer_get_color(e, l, k, &c));
        UNKNOWN(lamina_layer_set_transform(e, l, k, lt_identity()));
        UNKNOWN_UNTOUCHED(m, lamina_layer_get_transform(e, l, k, &m));
        UNKNOWN(lamina_layer_set_bool(e, l, k, LAMINA_TRUE));
        UNKNOWN_UNTOUCHED(b, lamina_layer_get_bool(e, l, k, &b));
#undef UNKNOWN
#undef UNKNOWN_UNTOUCHED
    }
    key_default_t defaults[32];
    const size_t n = builtin_defaults(defaults);
    for (size_t i = 0; i < n; i++) get_value_equals(e, l, defaults[i].key, defaults[i].value);
}

/* Wrong value types are TYPE_MISMATCH for setters (model unchanged) and typed getters (out
 * untouched). */
static void wrong_types_are_type_mismatch(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    ASSERT_OK(lamina_layer_set_name(e, l, "named")); /* a non-nil string */

    /* Generic setter: every value type that does not fit the key. */
    const struct {
        const char *key;
        lamina_value_t value;
    } bad_sets[] = {
        {"opacity", lt_point(1, 2)},          {"opacity", lt_size(1, 2)},
        {"opacity", lt_rect(1, 2, 3, 4)},     {"opacity", lt_color(1, 0, 0, 1)},
        {"opacity", lt_transform(lt_identity())}, {"opacity", lt_bool(LAMINA_TRUE)},
        {"opacity", lt_string("1")},          {"opacity", lt_null()},
        {"position", lt_number(1)},           {"position", lt_size(1, 2)},
        {"position", lt_null()},              {"bounds", lt_point(1, 2)},
        {"shadowOffset", lt_point(1, 2)},     {"transform", lt_number(1)},
        {"hidden", lt_number(1)},             {"hidden", lt_null()},
        {"backgroundColor", lt_rect(0, 0, 1, 1)}, {"backgroundColor", lt_string("red")},
        {"name", lt_number(1)},               {"name", lt_color(1, 0, 0, 1)},
        {"position.x", lt_point(1, 2)},       {"position.x", lt_null()},
        {"bounds.origin", lt_size(1, 2)},     {"bounds.size", lt_point(1, 2)},
        {"bounds.size", lt_number(1)},        {"transform.translation", lt_point(1, 2)},
        {"transform.rotation.z", lt_transform(lt_identity())},
    };
    for (size_t i = 0; i < sizeof bad_sets / sizeof bad_sets[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_value(e, l, bad_sets[i].key, &bad_sets[i].value));
    }

    /* Typed setters. */
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_number(e, l, "position", 1));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_number(e, l, "bounds.origin", 1));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_number(e, l, "name", 1));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_point(e, l, "opacity", (lamina_point_t){1, 2}));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_point(e, l, "shadowOffset", (lamina_point_t){1, 2}));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_point(e, l, "bounds.size", (lamina_point_t){1, 2}));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_size(e, l, "position", (lamina_size_t){1, 2}));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_size(e, l, "bounds.origin", (lamina_size_t){1, 2}));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_rect(e, l, "position", (lamina_rect_t){{1, 2}, {3, 4}}));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_color(e, l, "bounds", lt_rgba(1, 0, 0, 1)));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_color(e, l, "name", lt_rgba(1, 0, 0, 1)));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_transform(e, l, "opacity", lt_identity()));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_transform(e, l, "transform.scale", lt_identity()));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_bool(e, l, "opacity", LAMINA_TRUE));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_bool(e, l, "name", LAMINA_TRUE));

    /* Nothing changed. */
    key_default_t defaults[32];
    const size_t n = builtin_defaults(defaults);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(defaults[i].key, "name") != 0) get_value_equals(e, l, defaults[i].key, defaults[i].value);
    }
    get_value_equals(e, l, "name", lt_string("named"));

    /* Typed getters. */
    double d;
    lamina_point_t p;
    lamina_size_t s;
    lamina_rect_t r;
    lamina_color_t c;
    lamina_transform3d_t m;
    lamina_bool_t b;
#define MISMATCH_UNTOUCHED(out, call)                         \
    do {                                                      \
        LT_FILL(out);                                         \
        ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, call);      \
        ASSERT_UNTOUCHED(out);                                \
    } while (0)
    MISMATCH_UNTOUCHED(d, lamina_layer_get_number(e, l, "position", &d));
    MISMATCH_UNTOUCHED(d, lamina_layer_get_number(e, l, "hidden", &d));
    MISMATCH_UNTOUCHED(d, lamina_layer_get_number(e, l, "name", &d));
    MISMATCH_UNTOUCHED(d, lamina_layer_get_number(e, l, "bounds.size", &d));
    MISMATCH_UNTOUCHED(p, lamina_layer_get_point(e, l, "opacity", &p));
    MISMATCH_UNTOUCHED(p, lamina_layer_get_point(e, l, "shadowOffset", &p));
    MISMATCH_UNTOUCHED(p, lamina_layer_get_point(e, l, "bounds", &p));
    MISMATCH_UNTOUCHED(s, lamina_layer_get_size(e, l, "position", &s));
    MISMATCH_UNTOUCHED(s, lamina_layer_get_size(e, l, "bounds.origin", &s));
    MISMATCH_UNTOUCHED(r, lamina_layer_get_rect(e, l, "transform", &r));
    MISMATCH_UNTOUCHED(r, lamina_layer_get_rect(e, l, "bounds.size", &r));
    MISMATCH_UNTOUCHED(c, lamina_layer_get_color(e, l, "opacity", &c));
    MISMATCH_UNTOUCHED(c, lamina_layer_get_color(e, l, "name", &c));
    MISMATCH_UNTOUCHED(m, lamina_layer_get_transform(e, l, "bounds", &m));
    MISMATCH_UNTOUCHED(m, lamina_layer_get_transform(e, l, "transform.translation", &m));
    MISMATCH_UNTOUCHED(b, lamina_layer_get_bool(e, l, "opacity", &b));
    MISMATCH_UNTOUCHED(b, lamina_layer_get_bool(e, l, "name", &b));
#undef MISMATCH_UNTOUCHED
}

/* get_color on a string property whose value is nil is still a type mismatch, not the nil
 * colour's NOT_FOUND: "name" is not a colour. */
static void get_color_of_a_nil_name_is_type_mismatch(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_color_t c;
    LT_FILL(c);
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_get_color(f->engine, f->layer, "name", &c));
    ASSERT_UNTOUCHED(c);
}

/* NaN and the infinities are INVALID_ARGUMENT in every setter, in any component, and change
 * nothing (also not through a key path). */
static void non_finite_numbers_are_invalid_argument(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    const double bad[] = {NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < 3; i++) {
        const double x = bad[i];
#define INVALID(call) ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, call)
        INVALID(lamina_layer_set_number(e, l, "opacity", x));
        INVALID(lamina_layer_set_number(e, l, "position.x", x));
        INVALID(lamina_layer_set_number(e, l, "bounds.size.height", x));
        INVALID(lamina_layer_set_number(e, l, "transform.rotation.z", x));
        INVALID(lamina_layer_set_number(e, l, "transform.scale", x));
        INVALID(lamina_layer_set_point(e, l, "position", (lamina_point_t){x, 0}));
        INVALID(lamina_layer_set_point(e, l, "anchorPoint", (lamina_point_t){0, x}));
        INVALID(lamina_layer_set_size(e, l, "shadowOffset", (lamina_size_t){x, 0}));
        INVALID(lamina_layer_set_size(e, l, "shadowOffset", (lamina_size_t){0, x}));
        INVALID(lamina_layer_set_rect(e, l, "bounds", (lamina_rect_t){{x, 0}, {1, 1}}));
        INVALID(lamina_layer_set_rect(e, l, "bounds", (lamina_rect_t){{0, x}, {1, 1}}));
        INVALID(lamina_layer_set_rect(e, l, "bounds", (lamina_rect_t){{0, 0}, {x, 1}}));
        INVALID(lamina_layer_set_rect(e, l, "bounds", (lamina_rect_t){{0, 0}, {1, x}}));
        INVALID(lamina_layer_set_color(e, l, "backgroundColor", lt_rgba(x, 0, 0, 1)));
        INVALID(lamina_layer_set_color(e, l, "backgroundColor", lt_rgba(0, 0, 0, x)));
        for (int k = 0; k < 16; k++) {
            lamina_transform3d_t m = lt_identity();
            (&m.m11)[k] = x;
            INVALID(lamina_layer_set_transform(e, l, "transform", m));
        }
        INVALID(lamina_layer_set_position(e, l, (lamina_point_t){0, x}));
        INVALID(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {x, 0}}));
        INVALID(lamina_layer_set_opacity(e, l, x));
        lamina_value_t v = lt_number(x);
        INVALID(lamina_layer_set_value(e, l, "cornerRadius", &v));
        v = lt_color(0, x, 0, 1);
        INVALID(lamina_layer_set_value(e, l, "borderColor", &v));
        v = lt_size(x, x);
        INVALID(lamina_layer_set_value(e, l, "bounds.size", &v));
#undef INVALID
    }
    key_default_t defaults[32];
    const size_t n = builtin_defaults(defaults);
    for (size_t i = 0; i < n; i++) get_value_equals(e, l, defaults[i].key, defaults[i].value);
}

/* NULL key, NULL value and NULL out-pointers are INVALID_ARGUMENT for every setter/getter. */
static void null_keys_values_and_outs_are_invalid_argument(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    const lamina_value_t number = lt_number(0.5);
    double d;
    lamina_value_t v;
    lamina_point_t p;
    lamina_size_t s;
    lamina_rect_t r;
    lamina_color_t c;
    lamina_transform3d_t m;
    lamina_bool_t b;
#define INVALID(call) ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, call)
#define INVALID_UNTOUCHED(out, call) \
    do {                             \
        LT_FILL(out);                \
        INVALID(call);               \
        ASSERT_UNTOUCHED(out);       \
    } while (0)
    INVALID(lamina_layer_set_value(e, l, NULL, &number));
    INVALID(lamina_layer_set_value(e, l, "opacity", NULL));
    INVALID_UNTOUCHED(v, lamina_layer_get_value(e, l, NULL, &v));
    INVALID(lamina_layer_get_value(e, l, "opacity", NULL));
    INVALID(lamina_layer_set_number(e, l, NULL, 0.5));
    INVALID_UNTOUCHED(d, lamina_layer_get_number(e, l, NULL, &d));
    INVALID(lamina_layer_get_number(e, l, "opacity", NULL));
    INVALID(lamina_layer_set_point(e, l, NULL, (lamina_point_t){1, 2}));
    INVALID_UNTOUCHED(p, lamina_layer_get_point(e, l, NULL, &p));
    INVALID(lamina_layer_get_point(e, l, "position", NULL));
    INVALID(lamina_layer_set_size(e, l, NULL, (lamina_size_t){1, 2}));
    INVALID_UNTOUCHED(s, lamina_layer_get_size(e, l, NULL, &s));
    INVALID(lamina_layer_get_size(e, l, "shadowOffset", NULL));
    INVALID(lamina_layer_set_rect(e, l, NULL, (lamina_rect_t){{1, 2}, {3, 4}}));
    INVALID_UNTOUCHED(r, lamina_layer_get_rect(e, l, NULL, &r));
    INVALID(lamina_layer_get_rect(e, l, "bounds", NULL));
    INVALID(lamina_layer_set_color(e, l, NULL, lt_rgba(1, 0, 0, 1)));
    INVALID_UNTOUCHED(c, lamina_layer_get_color(e, l, NULL, &c));
    INVALID(lamina_layer_get_color(e, l, "borderColor", NULL));
    INVALID(lamina_layer_set_transform(e, l, NULL, lt_identity()));
    INVALID_UNTOUCHED(m, lamina_layer_get_transform(e, l, NULL, &m));
    INVALID(lamina_layer_get_transform(e, l, "transform", NULL));
    INVALID(lamina_layer_set_bool(e, l, NULL, LAMINA_TRUE));
    INVALID_UNTOUCHED(b, lamina_layer_get_bool(e, l, NULL, &b));
    INVALID(lamina_layer_get_bool(e, l, "hidden", NULL));
    INVALID(lamina_layer_get_position(e, l, NULL));
    INVALID(lamina_layer_get_bounds(e, l, NULL));
    INVALID(lamina_layer_get_opacity(e, l, NULL));
    /* A string value with a NULL pointer is not a string. */
    v = lt_string(NULL);
    INVALID(lamina_layer_set_value(e, l, "name", &v));
#undef INVALID
#undef INVALID_UNTOUCHED
    key_default_t defaults[32];
    const size_t n = builtin_defaults(defaults);
    for (size_t i = 0; i < n; i++) get_value_equals(e, l, defaults[i].key, defaults[i].value);
}

/* A value whose type tag is none of the header's is rejected and changes nothing. */
static void unknown_value_type_tag_is_rejected(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_value_t v = lt_number(0.5);
    const lamina_value_type_t tags[] = {9, 100, -1, INT32_MAX};
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++) {
        v.type = tags[i];
        const lamina_status_t s = lamina_layer_set_value(f->engine, f->layer, "opacity", &v);
        assert_int_not_equal(s, LAMINA_STATUS_OK);
        assert_int_equal(lamina_last_error_status(), s);
        assert_true(lamina_last_error_message()[0] != '\0');
    }
    double d = -1;
    ASSERT_OK(lamina_layer_get_opacity(f->engine, f->layer, &d));
    ASSERT_DOUBLE_EQ(1.0, d);
}

/* ------------------------------------------------------------------------------------------ */
/* Nil colours                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/* A nil colour (backgroundColor's default, CA-13.3) reads as NOT_FOUND through get_color with
 * the out-parameter untouched, and as LAMINA_VALUE_NULL through get_value; set_value with
 * LAMINA_VALUE_NULL sets a colour back to nil. */
static void nil_colors_read_as_not_found(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    lamina_color_t c;
    LT_FILL(c);
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_get_color(e, l, "backgroundColor", &c));
    ASSERT_UNTOUCHED(c);

    ASSERT_OK(lamina_layer_set_color(e, l, "backgroundColor", lt_rgba(0, 1, 0, 1)));
    ASSERT_OK(lamina_layer_get_color(e, l, "backgroundColor", &c));
    ASSERT_COLOR_NEAR(0, 1, 0, 1, c, 0.0);

    const lamina_value_t nil = lt_null();
    const char *colours[] = {"backgroundColor", "borderColor", "shadowColor"};
    for (size_t i = 0; i < 3; i++) {
        ASSERT_OK(lamina_layer_set_value(e, l, colours[i], &nil));
        get_value_equals(e, l, colours[i], lt_null());
        LT_FILL(c);
        ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_get_color(e, l, colours[i], &c));
        ASSERT_UNTOUCHED(c);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Names                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/* set_name copies the string; get_name writes the full length and a NUL-terminated, truncated
 * copy; a nil name reads as "" (length 0); NULL buffer with capacity 0 gives the length. */
static void name_set_and_get_with_truncation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    char buffer[32];
    size_t length = 999;

    memset(buffer, 'x', sizeof buffer);
    ASSERT_OK(lamina_layer_get_name(e, l, buffer, sizeof buffer, &length));
    assert_int_equal(length, 0);
    assert_string_equal(buffer, "");

    char name[] = "background layer";
    ASSERT_OK(lamina_layer_set_name(e, l, name));
    name[0] = 'X'; /* copied: the layer keeps its own */
    ASSERT_OK(lamina_layer_get_name(e, l, buffer, sizeof buffer, &length));
    assert_int_equal(length, strlen("background layer"));
    assert_string_equal(buffer, "background layer");

    ASSERT_OK(lamina_layer_get_name(e, l, NULL, 0, &length));
    assert_int_equal(length, 16);

    /* Truncated to capacity bytes including the NUL; nothing past capacity is written. */
    for (size_t capacity = 1; capacity <= 17; capacity++) {
        memset(buffer, LT_SENTINEL_BYTE, sizeof buffer);
        length = 999;
        ASSERT_OK(lamina_layer_get_name(e, l, buffer, capacity, &length));
        assert_int_equal(length, 16);
        assert_int_equal(strlen(buffer), capacity - 1);
        assert_memory_equal(buffer, "background layer", capacity - 1);
        assert_true(lt_is_sentinel(buffer + capacity, sizeof buffer - capacity));
    }
    /* capacity 0 with a real buffer: nothing written. */
    memset(buffer, LT_SENTINEL_BYTE, sizeof buffer);
    ASSERT_OK(lamina_layer_get_name(e, l, buffer, 0, &length));
    assert_int_equal(length, 16);
    assert_true(lt_is_sentinel(buffer, sizeof buffer));

    /* UTF-8: the length is in bytes. */
    ASSERT_OK(lamina_layer_set_name(e, l, "\xC3\xA9t\xC3\xA9")); /* "été" */
    ASSERT_OK(lamina_layer_get_name(e, l, buffer, sizeof buffer, &length));
    assert_int_equal(length, 5);
    assert_string_equal(buffer, "\xC3\xA9t\xC3\xA9");

    /* NULL sets nil again. */
    ASSERT_OK(lamina_layer_set_name(e, l, NULL));
    ASSERT_OK(lamina_layer_get_name(e, l, buffer, sizeof buffer, &length));
    assert_int_equal(length, 0);
    assert_string_equal(buffer, "");
    get_value_equals(e, l, "name", lt_null());
}

/* get_name errors: INVALID_ARGUMENT for NULL out_length and for NULL buffer with capacity > 0,
 * with nothing written. */
static void get_name_rejects_null_outputs(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_layer_set_name(f->engine, f->layer, "abc"));
    char buffer[8];
    LT_FILL(buffer);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_name(f->engine, f->layer, buffer, sizeof buffer, NULL));
    ASSERT_UNTOUCHED(buffer);
    size_t length;
    LT_FILL(length);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_name(f->engine, f->layer, NULL, 4, &length));
    ASSERT_UNTOUCHED(length);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_name(NULL, f->layer, buffer, sizeof buffer, &length));
    ASSERT_UNTOUCHED(length);
    ASSERT_UNTOUCHED(buffer);
}

/* The name through the generic functions: get_value returns a STRING whose pointer is borrowed
 * (valid until the thread's next call returning a string); set_value takes a STRING (copied) or
 * NULL. */
static void name_through_generic_values_is_a_borrowed_string(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t other;
    ASSERT_OK(lamina_layer_create(e, &other));
    ASSERT_OK(lamina_layer_set_name(e, f->layer, "first"));

    char scratch[16] = "second";
    lamina_value_t in = lt_string(scratch);
    ASSERT_OK(lamina_layer_set_value(e, other, "name", &in));
    memcpy(scratch, "XXXXXX", 7); /* copied on the way in */

    lamina_value_t v;
    LT_FILL(v);
    ASSERT_OK(lamina_layer_get_value(e, f->layer, "name", &v));
    assert_int_equal(v.type, LAMINA_VALUE_STRING);
    assert_non_null(v.u.string);
    assert_string_equal(v.u.string, "first");
    /* Still valid across calls that return no string. */
    double d;
    ASSERT_OK(lamina_layer_get_opacity(e, f->layer, &d));
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    assert_string_equal(v.u.string, "first");
    /* The next string result replaces it; copy before. */
    lamina_value_t w;
    ASSERT_OK(lamina_layer_get_value(e, other, "name", &w));
    assert_int_equal(w.type, LAMINA_VALUE_STRING);
    assert_string_equal(w.u.string, "second");

    /* Empty string is a name, not nil. */
    in = lt_string("");
    ASSERT_OK(lamina_layer_set_value(e, other, "name", &in));
    ASSERT_OK(lamina_layer_get_value(e, other, "name", &w));
    assert_int_equal(w.type, LAMINA_VALUE_STRING);
    assert_string_equal(w.u.string, "");

    const lamina_value_t nil = lt_null();
    ASSERT_OK(lamina_layer_set_value(e, other, "name", &nil));
    get_value_equals(e, other, "name", lt_null());
}

/* ------------------------------------------------------------------------------------------ */
/* Action entries                                                                              */
/* ------------------------------------------------------------------------------------------ */

/* set_action_none / remove_action: success for property and non-property event keys; remove
 * of a missing entry is NOT_FOUND; NULL or empty key is INVALID_ARGUMENT. (Their effect on
 * animations is tested in test_presentation.c.) */
static void action_entries_set_and_remove(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    const lamina_layer_t l = f->layer;
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_remove_action(e, l, "opacity"));
    ASSERT_OK(lamina_layer_set_action_none(e, l, "opacity"));
    ASSERT_OK(lamina_layer_set_action_none(e, l, "opacity")); /* idempotent */
    ASSERT_OK(lamina_layer_set_action_none(e, l, "onOrderIn"));
    ASSERT_OK(lamina_layer_set_action_none(e, l, "sublayers"));
    ASSERT_OK(lamina_layer_remove_action(e, l, "opacity"));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_remove_action(e, l, "opacity"));
    ASSERT_OK(lamina_layer_remove_action(e, l, "onOrderIn"));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_remove_action(e, l, "position"));
    /* Per layer. */
    lamina_layer_t other;
    ASSERT_OK(lamina_layer_create(e, &other));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_remove_action(e, other, "sublayers"));
    ASSERT_OK(lamina_layer_remove_action(e, l, "sublayers"));

    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_action_none(e, l, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_action_none(e, l, ""));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_remove_action(e, l, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_remove_action(e, l, ""));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(new_layer_has_core_animation_defaults),
        LT_TEST(set_value_round_trips_every_builtin_key),
        LT_TEST(typed_setters_and_getters_round_trip),
        LT_TEST(shortcuts_match_the_keyed_properties),
        LT_TEST(struct_key_paths_read_and_write_components),
        LT_TEST(transform_key_paths),
        LT_TEST(unknown_keys_and_key_paths_are_unknown_key),
        LT_TEST(wrong_types_are_type_mismatch),
        LT_TEST(get_color_of_a_nil_name_is_type_mismatch),
        LT_TEST(non_finite_numbers_are_invalid_argument),
        LT_TEST(null_keys_values_and_outs_are_invalid_argument),
        LT_TEST(unknown_value_type_tag_is_rejected),
        LT_TEST(nil_colors_read_as_not_found),
        LT_TEST(name_set_and_get_with_truncation),
        LT_TEST(get_name_rejects_null_outputs),
        LT_TEST(name_through_generic_values_is_a_borrowed_string),
        LT_TEST(action_entries_set_and_remove),
    };
    return cmocka_run_group_tests_name("properties", tests, NULL, NULL);
}
