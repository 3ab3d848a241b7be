/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Layer content and the renderer-facing model from C (issue 10, R14): images, the contents
 * properties by CA key, masks, paths and shadowPath, group opacity, the 0.2 record fields,
 * struct_size versioning, and damage. RS-x.y items are cited per test.
 */
#include "lamina_test_support.h"

#include <malloc.h>

static lamina_layer_t make_layer(lamina_engine_t *e, double w, double h, double px, double py) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    lamina_rect_t b = {{0, 0}, {w, h}};
    lamina_point_t p = {px, py};
    ASSERT_OK(lamina_layer_create(e, &l));
    ASSERT_OK(lamina_layer_set_bounds(e, l, b));
    ASSERT_OK(lamina_layer_set_position(e, l, p));
    return l;
}

static lamina_value_t image_value(lamina_image_t i) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_IMAGE;
    v.u.image = i;
    return v;
}

/* RS-4.1: images from RGBA8 (premultiplied or not, copied) and external handles; bad input. */
static void images(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    uint8_t px[8] = {255, 0, 0, 128, 10, 20, 30, 255};
    lamina_image_t img = 0, ext = 0;
    ASSERT_OK(lamina_image_create_rgba8(f->engine, 2, 1, px, sizeof px, 0, &img));
    px[0] = 0; /* copied: changing the caller's buffer changes nothing */
    lamina_image_info_t info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    ASSERT_OK(lamina_image_get_info(img, &info));
    assert_int_equal(info.width, 2);
    assert_int_equal(info.height, 1);
    assert_false(info.is_external);
    assert_int_equal(info.pixels[0], 128); /* 255 * 128 / 255, premultiplied */
    assert_int_equal(info.pixels[3], 128);
    assert_int_equal(info.pixels[4], 10);
    ASSERT_OK(lamina_image_create_external(f->engine, 77, 640, 480, &ext));
    ASSERT_OK(lamina_image_get_info(ext, &info));
    assert_true(info.is_external);
    assert_int_equal(info.external_handle, 77);
    assert_null(info.pixels);
    /* Bad input: statuses. */
    lamina_image_t bad = 0;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_image_create_rgba8(f->engine, 2, 1, NULL, 8, 0, &bad));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_image_create_rgba8(f->engine, 0, 1, px, 0, 0, &bad));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_image_create_rgba8(f->engine, 2, 1, px, 7, 0, &bad));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_image_create_external(f->engine, 1, 1, 100000, &bad));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_image_create_rgba8(lt_stale_engine(), 2, 1, px, 8, 0, &bad));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_image_retain(0xdeadbeef00ull));
    /* Reference counting: a layer keeps the image alive after the host lets go. */
    lamina_layer_t l = make_layer(f->engine, 10, 10, 5, 5);
    lamina_value_t v = image_value(img);
    ASSERT_OK(lamina_layer_set_value(f->engine, l, "contents", &v));
    ASSERT_OK(lamina_image_release(img));
    ASSERT_OK(lamina_image_get_info(img, &info));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_image_release(img)); /* no host ref left */
    ASSERT_OK(lamina_image_release(ext));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_image_get_info(ext, &info)); /* freed */
    ASSERT_OK(lamina_layer_release(f->engine, l));
}

/* RS-4.1-4.7: the contents properties by CA key through the key-value API; RS-4.3 test vector. */
static void contents_properties_and_gravity(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    uint8_t px[20 * 10 * 4];
    memset(px, 255, sizeof px);
    lamina_image_t img = 0;
    ASSERT_OK(lamina_image_create_rgba8(e, 20, 10, px, sizeof px, 1, &img));
    lamina_layer_t l = make_layer(e, 80, 60, 40, 30);
    lamina_value_t v = image_value(img);
    ASSERT_OK(lamina_layer_set_value(e, l, "contents", &v));
    lamina_value_t s = lt_string("bottomRight");
    ASSERT_OK(lamina_layer_set_value(e, l, "contentsGravity", &s));
    s = lt_string("nearest");
    ASSERT_OK(lamina_layer_set_value(e, l, "magnificationFilter", &s));
    s = lt_string("trilinear");
    ASSERT_OK(lamina_layer_set_value(e, l, "minificationFilter", &s));
    ASSERT_OK(lamina_layer_set_number(e, l, "minificationFilterBias", -0.5));
    s = lt_string("sideways");
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(e, l, "contentsGravity", &s));
    lamina_value_t out;
    ASSERT_OK(lamina_layer_get_value(e, l, "contents", &out));
    assert_int_equal(out.type, LAMINA_VALUE_IMAGE);
    assert_true(out.u.image == img);
    /* The typed form reaches the same property. */
    lamina_image_t got = 0;
    ASSERT_OK(lamina_layer_get_contents(e, l, &got));
    assert_true(got == img);
    ASSERT_OK(lamina_layer_set_contents(e, l, LAMINA_IMAGE_NONE));
    ASSERT_OK(lamina_layer_get_contents(e, l, &got));
    assert_true(got == LAMINA_IMAGE_NONE);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_contents(e, l, 0xfeedull << 32));
    ASSERT_OK(lamina_layer_set_contents(e, l, img));
    ASSERT_OK(lamina_layer_set_number(e, l, "contentsScale", 1));
    lamina_rect_t unit = {{0, 0}, {1, 1}};
    ASSERT_OK(lamina_layer_set_rect(e, l, "contentsRect", unit));
    ASSERT_OK(lamina_layer_set_rect(e, l, "contentsCenter", unit));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, l, 0, &r, &n));
    assert_int_equal(n, 1);
    assert_int_equal(r[0].struct_size, sizeof(lamina_draw_record_t));
    assert_true(r[0].contents == img);
    assert_int_equal(r[0].contents_gravity, LAMINA_GRAVITY_BOTTOM_RIGHT);
    ASSERT_RECT_EQ(60, 0, 20, 10, r[0].contents_dest); /* RS-4.3 table: bottomRight */
    assert_int_equal(r[0].magnification_filter, LAMINA_FILTER_NEAREST);
    assert_int_equal(r[0].minification_filter, LAMINA_FILTER_TRILINEAR);
    ASSERT_DOUBLE_EQ(-0.5, r[0].minification_filter_bias);
    ASSERT_DOUBLE_EQ(1.0, r[0].contents_fade);
    assert_true(r[0].contents_previous == LAMINA_IMAGE_NONE);
    /* RS-4.3: resizeAspectFill and contentsScale 2 (the logical size halves). */
    s = lt_string("resizeAspectFill");
    ASSERT_OK(lamina_layer_set_value(e, l, "contentsGravity", &s));
    ASSERT_OK(lamina_engine_tick(e, 0.1));
    ASSERT_OK(lamina_engine_draw_list(e, l, 0.1, &r, &n));
    ASSERT_RECT_EQ(-20, 0, 120, 60, r[0].contents_dest);
    ASSERT_OK(lamina_image_release(img));
    ASSERT_OK(lamina_layer_release(e, l));
}

/* RS-4.8: changing contents cross-fades; the record carries both images and the progress. */
static void contents_cross_fade(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    uint8_t px[4] = {255, 255, 255, 255};
    lamina_image_t a = 0, b = 0;
    ASSERT_OK(lamina_image_create_rgba8(e, 1, 1, px, 4, 1, &a));
    ASSERT_OK(lamina_image_create_rgba8(e, 1, 1, px, 4, 1, &b));
    lamina_layer_t l = make_layer(e, 10, 10, 5, 5);
    lamina_value_t v = image_value(a);
    ASSERT_OK(lamina_layer_set_value(e, l, "contents", &v));
    ASSERT_OK(lamina_engine_tick(e, 0));
    v = image_value(b);
    ASSERT_OK(lamina_layer_set_value(e, l, "contents", &v));
    ASSERT_OK(lamina_engine_tick(e, 0)); /* commits: the fade begins at 0 and lasts 0.25 s */
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, l, 0.125, &r, &n));
    assert_true(r[0].contents == b);
    assert_true(r[0].contents_previous == a);
    assert_true(r[0].contents_fade > 0.0 && r[0].contents_fade < 1.0);
    assert_true(r[0].flags & LAMINA_DRAW_HAS_TRANSITION);
    assert_int_equal(r[0].transition_type, LAMINA_TRANSITION_FADE);
    /* CA-10.2 / issue item 6: the before record is the whole old appearance. */
    assert_non_null(r[0].transition_before);
    assert_true(r[0].transition_before->contents == a);
    ASSERT_RECT_EQ(0, 0, 10, 10, r[0].transition_before->bounds);
    ASSERT_OK(lamina_engine_tick(e, 2.0));
    ASSERT_OK(lamina_engine_draw_list(e, l, 2.0, &r, &n));
    assert_true(r[0].contents_previous == LAMINA_IMAGE_NONE);
    assert_null(r[0].transition_before);
    ASSERT_OK(lamina_image_release(a));
    ASSERT_OK(lamina_image_release(b));
    ASSERT_OK(lamina_layer_release(e, l));
}

static double begin_of(lamina_engine_t *e, lamina_layer_t l, const char *key) {
    lamina_animation_t *copy = NULL;
    ASSERT_OK(lamina_layer_copy_animation(e, l, key, &copy));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(copy, &t));
    ASSERT_OK(lamina_animation_release(copy));
    return t.begin_time;
}

/* CA-3.15, RS-4.8: an explicit basic animation of contents cross-fades (the record carries both
 * images and the progress, as the implicit fade does); linear keyframes blend adjacent images;
 * discrete keyframes flip. */
static void explicit_contents_animations_cross_fade(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    uint8_t px[4] = {255, 255, 255, 255};
    lamina_image_t img[3] = {0, 0, 0};
    for (int i = 0; i < 3; i++) ASSERT_OK(lamina_image_create_rgba8(e, 1, 1, px, 4, 1, &img[i]));
    lamina_layer_t l = make_layer(e, 10, 10, 5, 5);
    ASSERT_OK(lamina_engine_tick(e, 0));

    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic("contents", &a));
    lamina_value_t v = image_value(img[0]);
    ASSERT_OK(lamina_animation_set_from_value(a, &v));
    v = image_value(img[1]);
    ASSERT_OK(lamina_animation_set_to_value(a, &v));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = 1;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    ASSERT_OK(lamina_layer_add_animation(e, l, a, "swap"));
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_engine_tick(e, 0));
    double begin = begin_of(e, l, "swap");
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, l, begin + 0.25, &r, &n));
    assert_true(r[0].contents == img[1]);
    assert_true(r[0].contents_previous == img[0]);
    ASSERT_NEAR(0.25, r[0].contents_fade, 1e-12);
    assert_false(r[0].flags & LAMINA_DRAW_HAS_TRANSITION);
    ASSERT_OK(lamina_layer_remove_all_animations(e, l));

    lamina_animation_t *k = NULL;
    ASSERT_OK(lamina_animation_create_keyframe("contents", &k));
    const lamina_value_t values[3] = {image_value(img[0]), image_value(img[1]), image_value(img[2])};
    ASSERT_OK(lamina_animation_set_keyframe_values(k, values, 3));
    t.duration = 2;
    ASSERT_OK(lamina_animation_set_media_timing(k, &t));
    ASSERT_OK(lamina_layer_add_animation(e, l, k, "linear"));
    ASSERT_OK(lamina_engine_tick(e, 1));
    begin = begin_of(e, l, "linear");
    ASSERT_OK(lamina_engine_draw_list(e, l, begin + 1.5, &r, &n)); /* progress 0.75: segment 1, half */
    assert_true(r[0].contents == img[2]);
    assert_true(r[0].contents_previous == img[1]);
    ASSERT_NEAR(0.5, r[0].contents_fade, 1e-12);
    ASSERT_OK(lamina_layer_remove_all_animations(e, l));

    ASSERT_OK(lamina_animation_set_calculation_mode(k, LAMINA_CALCULATION_DISCRETE));
    ASSERT_OK(lamina_layer_add_animation(e, l, k, "discrete"));
    ASSERT_OK(lamina_animation_release(k));
    ASSERT_OK(lamina_engine_tick(e, 2));
    begin = begin_of(e, l, "discrete");
    ASSERT_OK(lamina_engine_draw_list(e, l, begin + 1.5, &r, &n)); /* progress 0.75: the third */
    assert_true(r[0].contents == img[2]);
    assert_true(r[0].contents_previous == LAMINA_IMAGE_NONE);
    ASSERT_DOUBLE_EQ(1.0, r[0].contents_fade);
    for (int i = 0; i < 3; i++) ASSERT_OK(lamina_image_release(img[i]));
    ASSERT_OK(lamina_layer_release(e, l));
}

/* RS-4.8: the action the search reports for contents is the fade transition the implicit
 * change runs, with the transaction's duration. */
static void contents_action_is_the_fade(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t l = make_layer(e, 10, 10, 5, 5);
    ASSERT_OK(lamina_engine_tick(e, 0));
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_layer_get_action(e, l, "contents", &action));
    assert_non_null(action);
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_action_copy_animation(action, &a));
    ASSERT_OK(lamina_action_release(action));
    lamina_animation_kind_t kind = -1;
    ASSERT_OK(lamina_animation_get_kind(a, &kind));
    assert_int_equal(kind, LAMINA_ANIMATION_TRANSITION);
    lamina_transition_type_t type = -1;
    ASSERT_OK(lamina_animation_get_transition_type(a, &type));
    assert_int_equal(type, LAMINA_TRANSITION_FADE);
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &t));
    ASSERT_DOUBLE_EQ(0.25, t.duration);
    ASSERT_OK(lamina_animation_release(a));
    /* The implicit change runs the same kind under "contents". */
    uint8_t px[4] = {0, 0, 0, 255};
    lamina_image_t img = 0;
    ASSERT_OK(lamina_image_create_rgba8(e, 1, 1, px, 4, 1, &img));
    ASSERT_OK(lamina_layer_set_contents(e, l, img));
    ASSERT_OK(lamina_layer_copy_animation(e, l, "contents", &a));
    ASSERT_OK(lamina_animation_get_kind(a, &kind));
    assert_int_equal(kind, LAMINA_ANIMATION_TRANSITION);
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_image_release(img));
    ASSERT_OK(lamina_layer_release(e, l));
}

/* RS-5.1-5.4: the mask subtree follows the host's subtree, marked; clips chain; corners. */
static void masks_and_clips(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t host = make_layer(e, 50, 50, 25, 25);
    lamina_layer_t child = make_layer(e, 10, 10, 5, 5);
    lamina_layer_t mask = make_layer(e, 20, 20, 10, 10);
    ASSERT_OK(lamina_layer_add_sublayer(e, root, host));
    ASSERT_OK(lamina_layer_add_sublayer(e, host, child));
    ASSERT_OK(lamina_layer_set_bool(e, host, "masksToBounds", 1));
    ASSERT_OK(lamina_layer_set_number(e, host, "cornerRadius", 6));
    ASSERT_OK(lamina_layer_set_number(e, host, "maskedCorners", 3));
    lamina_value_t s = lt_string("continuous");
    ASSERT_OK(lamina_layer_set_value(e, host, "cornerCurve", &s));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_number(e, host, "maskedCorners", 16));
    ASSERT_OK(lamina_layer_set_mask(e, host, mask));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_set_mask(e, host, root)); /* an ancestor */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_set_mask(e, mask, child)); /* a mask's mask */
    lamina_layer_t got = 0;
    ASSERT_OK(lamina_layer_get_mask(e, host, &got));
    assert_true(got == mask);
    ASSERT_OK(lamina_layer_release(e, mask)); /* the host keeps it */
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    assert_int_equal(n, 4); /* root, host, child, mask */
    assert_true(r[1].layer == host);
    assert_int_equal(r[1].descendant_count, 1);
    assert_true(r[1].flags2 & LAMINA_DRAW2_HAS_MASK);
    assert_true(r[1].flags2 & LAMINA_DRAW2_GROUP); /* RS-5.6: offscreen */
    assert_int_equal(r[1].mask_index, 3);
    assert_int_equal(r[1].mask_count, 1);
    assert_int_equal(r[1].masked_corners, 3);
    assert_int_equal(r[1].corner_curve, LAMINA_CORNER_CURVE_CONTINUOUS);
    assert_true(r[2].layer == child);
    assert_int_equal(r[2].clip_index, 1);  /* chained: the host's rounded bounds */
    assert_int_equal(r[2].group_index, 1); /* draws into the host's offscreen target */
    assert_false(r[2].flags2 & LAMINA_DRAW2_CLIP_IS_RECT); /* rounded: no scissor */
    assert_true(r[3].layer == mask);
    assert_true(r[3].flags2 & LAMINA_DRAW2_MASK_CONTENT);
    assert_int_equal(r[3].mask_host_index, 1);
    /* RS-5.2: laid out in the host's space: mask origin (0,0) lands at host origin (0,0) in root. */
    ASSERT_DOUBLE_EQ(0.0, r[3].transform.m41);
    ASSERT_DOUBLE_EQ(0.0, r[3].transform.m42);
    ASSERT_OK(lamina_layer_set_mask(e, host, LAMINA_LAYER_NONE));
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    assert_int_equal(n, 3);
    ASSERT_OK(lamina_layer_release(e, child));
    ASSERT_OK(lamina_layer_release(e, host));
    ASSERT_OK(lamina_layer_release(e, root));
}

/* RS-2.2/2.3: group opacity marks an offscreen pass; without it the opacity multiplies down. */
static void group_opacity(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t child = make_layer(e, 10, 10, 5, 5);
    ASSERT_OK(lamina_layer_add_sublayer(e, root, child));
    ASSERT_OK(lamina_layer_set_number(e, root, "opacity", 0.5));
    ASSERT_OK(lamina_layer_set_number(e, child, "opacity", 0.5));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    assert_true(r[0].flags2 & LAMINA_DRAW2_GROUP);
    ASSERT_DOUBLE_EQ(0.5, r[0].group_opacity);
    ASSERT_DOUBLE_EQ(1.0, r[0].target_opacity);
    assert_int_equal(r[1].group_index, 0);
    ASSERT_DOUBLE_EQ(0.5, r[1].target_opacity);
    ASSERT_DOUBLE_EQ(0.25, r[1].opacity); /* the 0.1 field: the plain product */
    ASSERT_OK(lamina_layer_set_bool(e, root, "allowsGroupOpacity", 0));
    ASSERT_OK(lamina_engine_tick(e, 1));
    ASSERT_OK(lamina_engine_draw_list(e, root, 1, &r, &n));
    assert_false(r[0].flags2 & LAMINA_DRAW2_GROUP);
    assert_int_equal(r[1].group_index, -1);
    ASSERT_DOUBLE_EQ(0.25, r[1].target_opacity);
    ASSERT_OK(lamina_layer_release(e, child));
    ASSERT_OK(lamina_layer_release(e, root));
}

/* RS-3.4 / RS-8.5: path constructors; shadowPath in records; same-structure paths animate. */
static void paths_and_shadow_path(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_path_element_t a[10], b[10];
    size_t na = 0, nb = 0;
    lamina_rect_t ra = {{0, 0}, {10, 10}}, rb = {{0, 0}, {20, 20}};
    ASSERT_OK(lamina_path_rect(ra, NULL, 0, &na));
    assert_int_equal(na, 5);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_path_rect(ra, a, 2, &na));
    ASSERT_OK(lamina_path_ellipse(ra, a, 10, &na));
    assert_int_equal(na, 6);
    ASSERT_OK(lamina_path_rounded_rect(ra, 2, 2, a, 10, &na));
    ASSERT_OK(lamina_path_rounded_rect(rb, 4, 4, b, 10, &nb));
    assert_int_equal(na, 10);
    lamina_layer_t l = make_layer(e, 10, 10, 5, 5);
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_PATH;
    v.u.path.elements = a;
    v.u.path.count = na;
    ASSERT_OK(lamina_layer_set_value(e, l, "shadowPath", &v));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, l, 0, &r, &n));
    assert_int_equal(r[0].shadow_path_count, 10);
    ASSERT_DOUBLE_EQ(2.0, r[0].shadow_path[0].points[0].x); /* move to (x0 + r, y0) */
    /* An explicit animation between two rounded rects interpolates point by point. */
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("shadowPath", &anim));
    lamina_value_t from = v, to = v;
    to.u.path.elements = b;
    to.u.path.count = nb;
    ASSERT_OK(lamina_animation_set_from_value(anim, &from));
    ASSERT_OK(lamina_animation_set_to_value(anim, &to));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1.0;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &mt));
    ASSERT_OK(lamina_layer_add_animation(e, l, anim, "p"));
    lamina_animation_release(anim);
    ASSERT_OK(lamina_engine_tick(e, 0)); /* commits: begins at 0 */
    ASSERT_OK(lamina_engine_draw_list(e, l, 0.5, &r, &n));
    ASSERT_NEAR(3.0, r[0].shadow_path[0].points[0].x, 1e-9); /* halfway from 2 to 4 */
    ASSERT_OK(lamina_layer_release(e, l));
}

/* struct_size versioning: a 0.1 host gets 0.1-sized records (from the sized call and from the
 * 0.1 symbol); a newer host gets zeros past the library's record. */
static void sized_records(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t child = make_layer(e, 10, 10, 5, 5);
    ASSERT_OK(lamina_layer_add_sublayer(e, root, child));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const void *p = NULL;
    size_t n = 0;
    ASSERT_OK(lamina_engine_draw_list_sized(e, root, 0, LAMINA_DRAW_RECORD_SIZE_0_1, &p, &n));
    assert_int_equal(n, 2);
    const lamina_draw_record_t *second =
        (const lamina_draw_record_t *)(const void *)((const char *)p + LAMINA_DRAW_RECORD_SIZE_0_1);
    assert_true(second->layer == child);
    ASSERT_OK(lamina_engine_draw_list_sized(e, root, 0, sizeof(lamina_draw_record_t) + 16, &p, &n));
    second = (const lamina_draw_record_t *)(const void *)((const char *)p + sizeof(lamina_draw_record_t) + 16);
    assert_true(second->layer == child);
    assert_int_equal(second->struct_size, sizeof(lamina_draw_record_t));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_draw_list_sized(e, root, 0, 8, &p, &n));
    /* A binary built against the 0.1 header calls the symbol itself: 0.1-sized records. */
    const lamina_draw_record_t *old = NULL;
    ASSERT_OK((lamina_engine_draw_list)(e, root, 0, &old, &n));
    assert_int_equal(n, 2);
    second = (const lamina_draw_record_t *)(const void *)((const char *)old + LAMINA_DRAW_RECORD_SIZE_0_1);
    assert_true(second->layer == child);
    assert_true(((const lamina_draw_record_t *)old)->layer == root);
    /* Source calls of the name go through the header's macro: this header's full record. */
    const lamina_draw_record_t *cur = NULL;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &cur, &n));
    assert_true(cur[1].layer == child);
    assert_int_equal(cur[1].struct_size, sizeof(lamina_draw_record_t));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_draw_list(e, root, 0, NULL, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, (lamina_engine_draw_list)(e, root, 0, NULL, &n));
    ASSERT_OK(lamina_layer_release(e, child));
    ASSERT_OK(lamina_layer_release(e, root));
}

/* RS-10: damage is empty when nothing changed, small when one layer moves, covers the change. */
static void damage(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 1000, 1000, 500, 500);
    lamina_layer_t a = make_layer(e, 10, 10, 100, 100);
    lamina_layer_t b = make_layer(e, 10, 10, 800, 800);
    ASSERT_OK(lamina_layer_add_sublayer(e, root, a));
    ASSERT_OK(lamina_layer_add_sublayer(e, root, b));
    lamina_color_t red = lt_rgba(1, 0, 0, 1);
    ASSERT_OK(lamina_layer_set_color(e, a, "backgroundColor", red));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_rect_t *d = NULL;
    size_t nd = 0;
    ASSERT_OK(lamina_engine_damage(e, root, &d, &nd)); /* starts tracking: unknown = everything */
    assert_int_equal(nd, 1);
    assert_true(d[0].size.width >= 1000);
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    ASSERT_OK(lamina_engine_damage(e, root, &d, &nd));
    assert_int_equal(nd, 0); /* nothing changed */
    lamina_point_t to = {120, 100};
    ASSERT_OK(lamina_transaction_set_disable_actions(e, 1));
    ASSERT_OK(lamina_layer_set_position(e, a, to));
    ASSERT_OK(lamina_engine_tick(e, 1));
    ASSERT_OK(lamina_engine_draw_list(e, root, 1, &r, &n));
    ASSERT_OK(lamina_engine_damage(e, root, &d, &nd));
    assert_int_equal(nd, 2); /* old and new rects of the one layer that moved */
    for (size_t i = 0; i < nd; i++) assert_true(d[i].size.width <= 12 && d[i].size.height <= 12);
    assert_true(d[0].origin.x <= 95 && d[1].origin.x <= 115);
    ASSERT_OK(lamina_layer_release(e, a));
    ASSERT_OK(lamina_layer_release(e, b));
    ASSERT_OK(lamina_layer_release(e, root));
}

/* RS-10.6 (c) (issue 25): the first damage query takes the list just drawn as its baseline, so
 * the frame after it reports no damage when nothing changed; a change committed between the
 * list and the query is not taken for the baseline (the next answer is not empty). */
static void damage_second_frame(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t a = make_layer(e, 10, 10, 20, 20);
    ASSERT_OK(lamina_layer_add_sublayer(e, root, a));
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r = NULL;
    size_t n = 0, nd = 0;
    const lamina_rect_t *d = NULL;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    ASSERT_OK(lamina_engine_damage(e, root, &d, &nd));
    assert_int_equal(nd, 1); /* unknown: tracking starts */
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    ASSERT_OK(lamina_engine_damage(e, root, &d, &nd));
    assert_int_equal(nd, 0);
    /* Another root: moved between its list and the first query. */
    lamina_layer_t root2 = make_layer(e, 100, 100, 50, 50);
    lamina_layer_t b = make_layer(e, 10, 10, 20, 20);
    ASSERT_OK(lamina_layer_add_sublayer(e, root2, b));
    ASSERT_OK(lamina_engine_tick(e, 1));
    ASSERT_OK(lamina_engine_draw_list(e, root2, 1, &r, &n));
    ASSERT_OK(lamina_transaction_set_disable_actions(e, 1));
    ASSERT_OK(lamina_layer_set_position(e, b, (lamina_point_t){70, 70}));
    ASSERT_OK(lamina_engine_tick(e, 1));
    ASSERT_OK(lamina_engine_damage(e, root2, &d, &nd));
    ASSERT_OK(lamina_engine_draw_list(e, root2, 1, &r, &n));
    ASSERT_OK(lamina_engine_damage(e, root2, &d, &nd));
    assert_true(nd > 0);
    ASSERT_OK(lamina_layer_release(e, a));
    ASSERT_OK(lamina_layer_release(e, root));
    ASSERT_OK(lamina_layer_release(e, b));
    ASSERT_OK(lamina_layer_release(e, root2));
}

/* CA-10.2 (issue 25): a transition's before record is the first of its subtree's records as
 * they were: a swap of sublayers under a fade shows the old sublayer after transition_before,
 * struct_size bytes apart, in root space, and the new one in the list. */
static void transition_before_subtree(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    lamina_layer_t root = make_layer(e, 200, 200, 100, 100);
    lamina_layer_t box = make_layer(e, 50, 50, 45, 55);
    lamina_layer_t red = make_layer(e, 40, 40, 25, 25);
    lamina_layer_t blue = make_layer(e, 40, 40, 25, 25);
    ASSERT_OK(lamina_layer_set_color(e, red, "backgroundColor", lt_rgba(1, 0, 0, 1)));
    ASSERT_OK(lamina_layer_set_color(e, blue, "backgroundColor", lt_rgba(0, 0, 1, 1)));
    ASSERT_OK(lamina_layer_set_bool(e, blue, "hidden", 1));
    ASSERT_OK(lamina_layer_add_sublayer(e, root, box));
    ASSERT_OK(lamina_layer_add_sublayer(e, box, red));
    ASSERT_OK(lamina_layer_add_sublayer(e, box, blue));
    ASSERT_OK(lamina_engine_tick(e, 0));
    lamina_animation_t *t = NULL;
    ASSERT_OK(lamina_animation_create_transition(LAMINA_TRANSITION_FADE, LAMINA_TRANSITION_SUBTYPE_NONE, &t));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1;
    ASSERT_OK(lamina_animation_set_media_timing(t, &mt));
    ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_OK(lamina_transaction_set_disable_actions(e, 1));
    ASSERT_OK(lamina_layer_set_bool(e, red, "hidden", 1));
    ASSERT_OK(lamina_layer_set_bool(e, blue, "hidden", 0));
    ASSERT_OK(lamina_layer_add_animation(e, box, t, NULL));
    ASSERT_OK(lamina_transaction_commit(e));
    lamina_animation_release(t);
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r = NULL;
    size_t n = 0;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0.5, &r, &n));
    assert_int_equal(n, 3); /* root, box, blue */
    assert_true(r[1].flags & LAMINA_DRAW_HAS_TRANSITION);
    assert_true(r[2].layer == blue);
    const lamina_draw_record_t *b = r[1].transition_before;
    assert_non_null(b);
    assert_int_equal(b->descendant_count, 1);
    assert_int_equal(b->struct_size, sizeof(lamina_draw_record_t));
    const lamina_draw_record_t *old = (const lamina_draw_record_t *)((const char *)b + b->struct_size);
    assert_true(old->layer == red);
    ASSERT_COLOR_NEAR(1, 0, 0, 1, old->background_color, 0);
    assert_int_equal(old->depth, 2);
    assert_false(old->flags & LAMINA_DRAW_HAS_TRANSITION);
    ASSERT_DOUBLE_EQ(25, old->transform.m41); /* the box's (20, 30) + (5, 5) */
    ASSERT_DOUBLE_EQ(35, old->transform.m42);
    ASSERT_OK(lamina_engine_tick(e, 2));
    ASSERT_OK(lamina_engine_draw_list(e, root, 2, &r, &n));
    assert_null(r[1].transition_before);
    ASSERT_OK(lamina_layer_release(e, red));
    ASSERT_OK(lamina_layer_release(e, blue));
    ASSERT_OK(lamina_layer_release(e, box));
    ASSERT_OK(lamina_layer_release(e, root));
}

/* docs/architecture.md (performance): with contents, a mask, a shadow path, a group and a clip, building the draw
 * list again does not grow the heap once the engine's buffers have grown (heap in use, glibc;
 * this sees growth and leaks, not an allocation freed within the same call). */
static void steady_state_heap_does_not_grow(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *e = f->engine;
    uint8_t px[16];
    memset(px, 200, sizeof px);
    lamina_image_t img = 0;
    ASSERT_OK(lamina_image_create_rgba8(e, 2, 2, px, sizeof px, 0, &img));
    lamina_layer_t root = make_layer(e, 100, 100, 50, 50);
    ASSERT_OK(lamina_layer_set_number(e, root, "opacity", 0.5));
    ASSERT_OK(lamina_layer_set_bool(e, root, "masksToBounds", 1));
    lamina_layer_t mask = make_layer(e, 50, 50, 25, 25);
    ASSERT_OK(lamina_layer_set_mask(e, root, mask));
    ASSERT_OK(lamina_layer_release(e, mask));
    lamina_path_element_t path[10];
    size_t np = 0;
    lamina_rect_t pr = {{0, 0}, {10, 10}};
    ASSERT_OK(lamina_path_rounded_rect(pr, 3, 3, path, 10, &np));
    for (int i = 0; i < 50; i++) {
        lamina_layer_t l = make_layer(e, 10, 10, i, i);
        ASSERT_OK(lamina_layer_set_contents(e, l, img));
        lamina_value_t v;
        memset(&v, 0, sizeof v);
        v.type = LAMINA_VALUE_PATH;
        v.u.path.elements = path;
        v.u.path.count = np;
        ASSERT_OK(lamina_layer_set_value(e, l, "shadowPath", &v));
        ASSERT_OK(lamina_layer_add_sublayer(e, root, l));
        ASSERT_OK(lamina_layer_release(e, l));
    }
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *r;
    size_t n;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    assert_int_equal(n, 52);
    size_t before = mallinfo2().uordblks;
    for (int k = 0; k < 20; k++) ASSERT_OK(lamina_engine_draw_list(e, root, 0, &r, &n));
    size_t after = mallinfo2().uordblks;
    assert_true(after <= before);
    assert_non_null(r[1].shadow_path);
    ASSERT_OK(lamina_image_release(img));
    ASSERT_OK(lamina_layer_release(e, root));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(images),
        LT_TEST(contents_properties_and_gravity),
        LT_TEST(contents_cross_fade),
        LT_TEST(explicit_contents_animations_cross_fade),
        LT_TEST(contents_action_is_the_fade),
        LT_TEST(masks_and_clips),
        LT_TEST(group_opacity),
        LT_TEST(paths_and_shadow_path),
        LT_TEST(sized_records),
        LT_TEST(damage),
        LT_TEST(damage_second_frame),
        LT_TEST(transition_before_subtree),
        LT_TEST(steady_state_heap_does_not_grow),
    };
    return cmocka_run_group_tests_name("layer content (issue 10, R14)", tests, NULL, NULL);
}
