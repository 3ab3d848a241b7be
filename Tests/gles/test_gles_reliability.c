/* SPDX-License-Identifier: Apache-2.0 */
/*
 * liblamina-gles and oversized images (issue 31 item 9, R18): an image with a side above
 * GL_MAX_TEXTURE_SIZE failed the first frame with a GL error and, its failed texture cached,
 * drew later frames without it while answering OK. It is now drawn downscaled, every frame.
 * And the renderer through fuzzed records (item 11): a real draw list with its fields
 * overwritten by NaN, infinite, huge, negative and out-of-range values is drawn or refused
 * with a status, never a crash. Headless through EGL's surfaceless platform.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <lamina/lamina.h>
#include <lamina/lamina_gles.h>
#include "../../renderer/scenes/headless_gl.h"

static EGLDisplay dpy;

static EGLContext make_context(void) {
    EGLContext c = headless_gl_context(&dpy);
    assert_true(c != EGL_NO_CONTEXT);
    return c;
}

/* One pixel of the bound framebuffer, in the image's y-down rows (GL's rows go up). */
static void pixel(GLsizei side, int x, int y, uint8_t out[4]) {
    glReadPixels(x, side - 1 - y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

/* An image twice as wide as the GL maximum (left half red, right half blue) on a 100 x 20
 * layer at (50, 90): both frames answer OK and show both halves (tolerance 2/255 where the
 * two halves meet, exact elsewhere); the texture is cached once. */
static void test_oversized_image_draws_downscaled_every_frame(void **state) {
    (void)state;
    EGLContext c = make_context();
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c));
    const GLsizei side = 200;
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, side, side);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glViewport(0, 0, side, side);
    GLint max_side = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);
    assert_true(max_side > 0 && max_side <= 16384); /* lamina_image_create_rgba8 takes 32768 */

    uint32_t w = 2 * (uint32_t)max_side, h = 3;
    size_t bytes = (size_t)w * h * 4;
    uint8_t *px = malloc(bytes);
    assert_non_null(px);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = px + 4 * ((size_t)y * w + x);
            p[0] = x < w / 2 ? 255 : 0;
            p[1] = 0;
            p[2] = x < w / 2 ? 0 : 255;
            p[3] = 255;
        }
    lamina_engine_t *e = NULL;
    assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
    lamina_image_t img = LAMINA_IMAGE_NONE;
    assert_int_equal(lamina_image_create_rgba8(e, w, h, px, bytes, LAMINA_TRUE, &img), LAMINA_STATUS_OK);
    free(px);
    lamina_layer_t l = LAMINA_LAYER_NONE;
    assert_int_equal(lamina_layer_create(e, &l), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {100, 20}}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){100, 100}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_contents(e, l, img), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);

    lamina_gles_renderer_t *r = NULL;
    assert_int_equal(lamina_gles_renderer_create(&r), LAMINA_STATUS_OK);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= LAMINA_GLES_FRAME_CLEAR;
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    for (int f = 0; f < 2; f++) {
        lamina_status_t s = lamina_gles_renderer_render(r, e, l, 0, &frame);
        if (s != LAMINA_STATUS_OK) fail_msg("frame %d: %s", f, lamina_gles_last_error_message());
        assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
        assert_int_equal(st.textures_uploaded, f == 0 ? 1 : 0);
        assert_int_equal(st.textures_cached, 1);
        uint8_t p[4];
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        pixel(side, 60, 100, p); /* the left half of the layer: red */
        assert_int_equal(p[0], 255);
        assert_int_equal(p[2], 0);
        assert_int_equal(p[3], 255);
        pixel(side, 140, 100, p); /* the right half: blue */
        assert_int_equal(p[0], 0);
        assert_int_equal(p[2], 255);
        assert_int_equal(p[3], 255);
        pixel(side, 100, 60, p); /* outside: the clear */
        assert_int_equal(p[3], 0);
    }
    lamina_gles_renderer_destroy(r);
    assert_int_equal(lamina_layer_release(e, l), LAMINA_STATUS_OK);
    assert_int_equal(lamina_image_release(img), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
    glDeleteRenderbuffers(1, &rb);
    glDeleteFramebuffers(1, &fbo);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, c);
}

/* ---- Fuzzed records (issue 31 item 11) ---------------------------------------------------- */

/* xorshift64*: the same mutations on every run. */
static uint64_t rng_state = 0x31A5EEDu;
static uint32_t rnd(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Du) >> 32);
}

static double wild_double(void) {
    static const double v[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e15, -1e15, 1e300, -1e300,
                               DBL_MAX, -DBL_MAX, 5e-324, 1e9, 0.25, 100.0};
    switch (rnd() % 4) {
    case 0: return NAN;
    case 1: return rnd() & 1 ? INFINITY : -INFINITY;
    default: return v[rnd() % (sizeof v / sizeof v[0])];
    }
}

static int32_t wild_int(void) {
    static const int32_t v[] = {-1, 0, 1, 2, 3, 5, 7, 64, 1000, INT32_MAX, INT32_MIN, -2};
    return v[rnd() % (sizeof v / sizeof v[0])];
}

/* The record fields a host could get wrong, by offset and kind (pointers and the counts that
 * go with them are the host's to keep consistent and are left alone). */
#define F(field, kind) {offsetof(lamina_draw_record_t, field), sizeof(((lamina_draw_record_t *)0)->field), kind}
enum { K_DOUBLES, K_INT, K_U64 };
static const struct {
    size_t offset, size;
    int kind;
} fields[] = {
    F(flags, K_INT), F(depth, K_INT), F(descendant_count, K_INT), F(clip_index, K_INT),
    F(transform, K_DOUBLES), F(bounds, K_DOUBLES), F(clip_rect, K_DOUBLES), F(opacity, K_DOUBLES),
    F(corner_radius, K_DOUBLES), F(border_width, K_DOUBLES), F(background_color, K_DOUBLES),
    F(border_color, K_DOUBLES), F(shadow_color, K_DOUBLES), F(shadow_opacity, K_DOUBLES),
    F(shadow_offset, K_DOUBLES), F(shadow_radius, K_DOUBLES), F(transition_type, K_INT),
    F(transition_subtype, K_INT), F(transition_progress, K_DOUBLES), F(flags2, K_INT),
    F(contents, K_U64), F(contents_previous, K_U64), F(contents_fade, K_DOUBLES),
    F(contents_dest, K_DOUBLES), F(contents_previous_dest, K_DOUBLES), F(contents_rect, K_DOUBLES),
    F(contents_center, K_DOUBLES), F(contents_scale, K_DOUBLES), F(minification_filter_bias, K_DOUBLES),
    F(contents_gravity, K_INT), F(minification_filter, K_INT), F(magnification_filter, K_INT),
    F(corner_curve, K_INT), F(masked_corners, K_INT), F(edge_antialiasing_mask, K_INT),
    F(mask_index, K_INT), F(mask_count, K_INT), F(mask_host_index, K_INT), F(group_index, K_INT),
    F(target_opacity, K_DOUBLES), F(group_opacity, K_DOUBLES), F(rasterization_scale, K_DOUBLES),
    F(layer_kind, K_INT), F(instance_index, K_INT), F(instance_color, K_DOUBLES),
};
#undef F

static void mutate(lamina_draw_record_t *rec) {
    size_t f = rnd() % (sizeof fields / sizeof fields[0]);
    unsigned char *p = (unsigned char *)rec + fields[f].offset;
    switch (fields[f].kind) {
    case K_DOUBLES: {
        size_t n = fields[f].size / sizeof(double);
        double d = wild_double();
        memcpy(p + (rnd() % n) * sizeof(double), &d, sizeof d);
        break;
    }
    case K_INT: {
        int32_t v = rnd() % 3 ? wild_int() : (int32_t)rnd();
        memcpy(p, &v, sizeof v);
        break;
    }
    default: {
        uint64_t v = rnd() % 2 ? 0 : (uint64_t)rnd() << (rnd() % 32);
        memcpy(p, &v, sizeof v);
        break;
    }
    }
}

static lamina_layer_t add(lamina_engine_t *e, lamina_layer_t parent, lamina_layer_kind_t kind,
                          lamina_rect_t bounds, lamina_point_t position) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    assert_int_equal(lamina_layer_create_kind(e, kind, &l), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_bounds(e, l, bounds), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_position(e, l, position), LAMINA_STATUS_OK);
    if (parent) assert_int_equal(lamina_layer_add_sublayer(e, parent, l), LAMINA_STATUS_OK);
    return l;
}

static void set(lamina_engine_t *e, lamina_layer_t l, const char *key, lamina_value_t v) {
    assert_int_equal(lamina_layer_set_value(e, l, key, &v), LAMINA_STATUS_OK);
}

static lamina_value_t colour(double r, double g, double b, double a) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_COLOR;
    v.u.color = (lamina_color_t){r, g, b, a};
    return v;
}

/* 3000 lists: each a real list of every kind of record (background, border, shadow, contents,
 * mask, group, clip, shape, gradient, replicator) with one to four fields overwritten. */
static void test_fuzzed_records_are_drawn_or_refused(void **state) {
    (void)state;
    EGLContext c = make_context();
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c));
    const GLsizei side = 64;
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, side, side);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glViewport(0, 0, side, side);

    lamina_engine_t *e = NULL;
    assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
    lamina_rect_t b20 = {{0, 0}, {20, 20}};
    lamina_layer_t root = add(e, 0, LAMINA_LAYER_KIND_PLAIN, (lamina_rect_t){{0, 0}, {64, 64}}, (lamina_point_t){32, 32});
    lamina_layer_t box = add(e, root, LAMINA_LAYER_KIND_PLAIN, b20, (lamina_point_t){12, 12});
    set(e, box, "backgroundColor", colour(1, 0, 0, 1));
    set(e, box, "borderColor", colour(0, 0, 1, 1));
    assert_int_equal(lamina_layer_set_number(e, box, "borderWidth", 2), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_number(e, box, "cornerRadius", 5), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_number(e, box, "shadowOpacity", 0.5), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_number(e, box, "shadowRadius", 3), LAMINA_STATUS_OK);
    static uint8_t px[8 * 8 * 4];
    memset(px, 180, sizeof px);
    lamina_image_t img = LAMINA_IMAGE_NONE;
    assert_int_equal(lamina_image_create_rgba8(e, 8, 8, px, sizeof px, LAMINA_TRUE, &img), LAMINA_STATUS_OK);
    lamina_layer_t pic = add(e, root, LAMINA_LAYER_KIND_PLAIN, b20, (lamina_point_t){40, 12});
    assert_int_equal(lamina_layer_set_contents(e, pic, img), LAMINA_STATUS_OK);
    lamina_layer_t masked = add(e, root, LAMINA_LAYER_KIND_PLAIN, b20, (lamina_point_t){12, 40});
    set(e, masked, "backgroundColor", colour(0, 1, 0, 1));
    lamina_layer_t mask = add(e, 0, LAMINA_LAYER_KIND_PLAIN, (lamina_rect_t){{0, 0}, {10, 10}}, (lamina_point_t){10, 10});
    set(e, mask, "backgroundColor", colour(0, 0, 0, 1));
    assert_int_equal(lamina_layer_set_mask(e, masked, mask), LAMINA_STATUS_OK);
    lamina_layer_t group = add(e, root, LAMINA_LAYER_KIND_PLAIN, b20, (lamina_point_t){40, 40});
    assert_int_equal(lamina_layer_set_number(e, group, "opacity", 0.5), LAMINA_STATUS_OK);
    lamina_value_t yes;
    memset(&yes, 0, sizeof yes);
    yes.type = LAMINA_VALUE_BOOL;
    yes.u.boolean = 1;
    set(e, group, "masksToBounds", yes);
    lamina_layer_t shape = add(e, group, LAMINA_LAYER_KIND_SHAPE, b20, (lamina_point_t){10, 10});
    lamina_path_element_t path[8];
    size_t np = 0;
    assert_int_equal(lamina_path_ellipse(b20, path, 8, &np), LAMINA_STATUS_OK);
    lamina_value_t pv;
    memset(&pv, 0, sizeof pv);
    pv.type = LAMINA_VALUE_PATH;
    pv.u.path.elements = path;
    pv.u.path.count = np;
    set(e, shape, "path", pv);
    set(e, shape, "strokeColor", colour(1, 1, 0, 1));
    lamina_layer_t grad = add(e, group, LAMINA_LAYER_KIND_GRADIENT, b20, (lamina_point_t){5, 5});
    lamina_color_t stops[2] = {{1, 0, 0, 1}, {0, 0, 1, 1}};
    lamina_value_t cv;
    memset(&cv, 0, sizeof cv);
    cv.type = LAMINA_VALUE_COLOR_ARRAY;
    cv.u.colors.items = stops;
    cv.u.colors.count = 2;
    set(e, grad, "colors", cv);
    lamina_layer_t rep = add(e, root, LAMINA_LAYER_KIND_REPLICATOR, b20, (lamina_point_t){30, 30});
    assert_int_equal(lamina_layer_set_number(e, rep, "instanceCount", 3), LAMINA_STATUS_OK);
    lamina_layer_t dot = add(e, rep, LAMINA_LAYER_KIND_PLAIN, (lamina_rect_t){{0, 0}, {4, 4}}, (lamina_point_t){2, 2});
    set(e, dot, "backgroundColor", colour(1, 0, 1, 1));
    assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);

    const lamina_draw_record_t *list = NULL;
    size_t n = 0;
    assert_int_equal(lamina_engine_draw_list(e, root, 0, &list, &n), LAMINA_STATUS_OK);
    assert_true(n >= 10 && n <= 64);
    lamina_draw_record_t base[64], recs[64];
    memcpy(base, list, n * sizeof *list);

    lamina_gles_renderer_t *r = NULL;
    assert_int_equal(lamina_gles_renderer_create(&r), LAMINA_STATUS_OK);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= LAMINA_GLES_FRAME_CLEAR;
    assert_int_equal(lamina_gles_renderer_draw(r, e, base, n, 0, &frame), LAMINA_STATUS_OK);
    int refused = 0, drawn = 0;
    for (int i = 0; i < 3000; i++) {
        memcpy(recs, base, n * sizeof *recs);
        for (int k = 1 + (int)(rnd() % 4); k > 0; k--) mutate(&recs[rnd() % n]);
        lamina_status_t s = lamina_gles_renderer_draw(r, e, recs, n, 0, &frame);
        if (s == LAMINA_STATUS_OK) {
            drawn++;
        } else {
            /* A status the API documents, with its message. */
            if (s != LAMINA_STATUS_INVALID_ARGUMENT && s != LAMINA_STATUS_STALE_HANDLE &&
                s != LAMINA_STATUS_OUT_OF_MEMORY)
                fail_msg("list %d: status %d (%s)", i, (int)s, lamina_gles_last_error_message());
            assert_true(lamina_gles_last_error_message()[0] != '\0');
            refused++;
        }
    }
    /* Both paths were taken; the unmutated list still draws. */
    assert_true(drawn > 100 && refused > 100);
    assert_int_equal(lamina_gles_renderer_draw(r, e, base, n, 0, &frame), LAMINA_STATUS_OK);
    lamina_gles_renderer_destroy(r);
    assert_int_equal(lamina_image_release(img), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
    glDeleteRenderbuffers(1, &rb);
    glDeleteFramebuffers(1, &fbo);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oversized_image_draws_downscaled_every_frame),
        cmocka_unit_test(test_fuzzed_records_are_drawn_or_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
