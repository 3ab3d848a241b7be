/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Partial redraw (issue 29 item 2; lamina_gles.h "Partial redraw", docs/renderer.md): a scripted
 * sequence of frames (a moving layer, an opacity change, a blur, a backdrop, a shadow, a layer
 * removed, a resize) drawn twice from the same draw lists, by a renderer that redraws every
 * pixel and by one that redraws only the engine's damage into a framebuffer that keeps the
 * last frame; every frame's pixels must agree within 1/255. An idle frame draws nothing;
 * buffer ages above 1 add the frames the buffer missed; a backdrop the region meets widens it;
 * bad input gets a status and draws nothing.
 */
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

enum { W = 200, H = 160 };

static EGLDisplay dpy;
static EGLContext ctx;
static GLuint fbo_full, rb_full, fbo_part[2], rb_part[2];
static lamina_gles_renderer_t *full, *part;
static lamina_engine_t *engine;
static lamina_layer_t root, mover, fader, blurred, panel, shadowed;
static int vw = W, vh = H; /* the framebuffers' size */
static double now;
static double scale = 1; /* device pixels per point of the next frames */
static const lamina_draw_record_t *recs;
static size_t nrecs;
static uint8_t px_full[W * H * 4], px_part[W * H * 4];
static lamina_gles_stats_t st;

#define OK(x) assert_int_equal((x), LAMINA_STATUS_OK)

static void make_target(GLuint fbo, GLuint rb, int w, int h) {
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    /* Garbage: a frame that should have redrawn everything and did not shows it. */
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
}

static int setup(void **state) {
    (void)state;
    ctx = headless_gl_context(&dpy);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) return -1;
    glGenFramebuffers(1, &fbo_full);
    glGenRenderbuffers(1, &rb_full);
    glGenFramebuffers(2, fbo_part);
    glGenRenderbuffers(2, rb_part);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    glDeleteFramebuffers(1, &fbo_full);
    glDeleteRenderbuffers(1, &rb_full);
    glDeleteFramebuffers(2, fbo_part);
    glDeleteRenderbuffers(2, rb_part);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    return 0;
}

/* The targets (w x h) and two fresh renderers. */
static void targets(int w, int h) {
    vw = w, vh = h;
    make_target(fbo_full, rb_full, w, h);
    make_target(fbo_part[0], rb_part[0], w, h);
    make_target(fbo_part[1], rb_part[1], w, h);
}

static lamina_layer_t add(lamina_layer_t parent, double x, double y, double w, double h, lamina_color_t bg) {
    lamina_layer_t l;
    OK(lamina_layer_create(engine, &l));
    OK(lamina_layer_set_bounds(engine, l, (lamina_rect_t){{0, 0}, {w, h}}));
    OK(lamina_layer_set_position(engine, l, (lamina_point_t){x + w / 2, y + h / 2}));
    OK(lamina_layer_set_color(engine, l, "backgroundColor", bg));
    OK(lamina_layer_add_sublayer(engine, parent, l));
    OK(lamina_layer_release(engine, l));
    return l;
}

static void set_filter(lamina_layer_t l, const char *key, double radius) {
    lamina_filter_t f;
    OK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "blur", &f));
    f.params[0] = radius;
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_FILTER_ARRAY;
    v.u.filters.items = &f;
    v.u.filters.count = 1;
    OK(lamina_layer_set_value(engine, l, key, &v));
}

/* The scene: an opaque root, a stripe pattern, a mover, a fader, a blurred square, a
 * shadowed card and a frosted panel (background blur) over the stripes. */
static void scene(void) {
    OK(lamina_engine_create(&engine));
    OK(lamina_layer_create(engine, &root));
    OK(lamina_layer_set_bounds(engine, root, (lamina_rect_t){{0, 0}, {W, H}}));
    OK(lamina_layer_set_position(engine, root, (lamina_point_t){W / 2.0, H / 2.0}));
    OK(lamina_layer_set_color(engine, root, "backgroundColor", (lamina_color_t){0.95, 0.95, 0.9, 1}));
    for (int i = 0; i < 8; i++)
        add(root, 110 + 10 * i, 70, 5, 80, (lamina_color_t){0.1 * i, 0.2, 0.8 - 0.1 * i, 1});
    mover = add(root, 10, 10, 30, 20, (lamina_color_t){0.9, 0.2, 0.1, 1});
    OK(lamina_layer_set_number(engine, mover, "cornerRadius", 6));
    fader = add(root, 60, 10, 30, 30, (lamina_color_t){0.1, 0.6, 0.2, 1});
    blurred = add(root, 20, 90, 30, 30, (lamina_color_t){0.2, 0.3, 0.9, 1});
    set_filter(blurred, "filters", 3);
    shadowed = add(root, 110, 10, 40, 30, (lamina_color_t){1, 1, 1, 1});
    OK(lamina_layer_set_number(engine, shadowed, "shadowOpacity", 0.6));
    OK(lamina_layer_set_number(engine, shadowed, "shadowRadius", 4));
    panel = add(root, 120, 90, 60, 40, (lamina_color_t){1, 1, 1, 0.3});
    OK(lamina_layer_set_number(engine, panel, "cornerRadius", 8));
    set_filter(panel, "backgroundFilters", 5);
    now = 0;
    OK(lamina_engine_tick(engine, now));
}

static void end_scene(void) {
    OK(lamina_layer_release(engine, root));
    lamina_engine_destroy(engine);
    engine = NULL;
}

/* A change without animation (actions off), committed at the next tick. */
static void begin_change(void) {
    OK(lamina_transaction_begin(engine));
    OK(lamina_transaction_set_disable_actions(engine, 1));
}

static void end_change(void) { OK(lamina_transaction_commit(engine)); }

static void read_into(GLuint fbo, uint8_t *out) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, vw, vh, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

/* The next frame: the draw list once, drawn whole by `full` and partially by `part` into
 * fbo_part[which] (holding the frame `age` frames back). Returns the partial draw's status;
 * st holds its stats. `damage` NULL: the engine's. */
static lamina_status_t frame_ex(int which, int32_t age, uint32_t extra_flags, const lamina_rect_t *damage,
                                size_t ndamage) {
    now += 1.0 / 60;
    OK(lamina_engine_tick(engine, now));
    OK(lamina_engine_draw_list(engine, root, now, &recs, &nrecs));
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_full);
    glViewport(0, 0, vw, vh);
    lamina_gles_frame_t f = LAMINA_GLES_FRAME_INIT;
    f.scale = scale;
    OK(lamina_gles_renderer_draw(full, engine, recs, nrecs, now, &f));
    read_into(fbo_full, px_full);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_part[which]);
    glViewport(0, 0, vw, vh);
    lamina_gles_frame_t p = LAMINA_GLES_FRAME_INIT;
    p.flags = LAMINA_GLES_FRAME_CLEAR | LAMINA_GLES_FRAME_PARTIAL | extra_flags;
    p.scale = scale;
    p.damage = damage;
    p.damage_count = ndamage;
    p.buffer_age = age;
    lamina_status_t s = lamina_gles_renderer_draw(part, engine, recs, nrecs, now, &p);
    read_into(fbo_part[which], px_part);
    st = (lamina_gles_stats_t){.struct_size = sizeof st};
    OK(lamina_gles_renderer_get_stats(part, &st));
    return s;
}

static int max_diff(void) {
    int worst = 0;
    for (int i = 0; i < vw * vh * 4; i++) {
        int d = abs((int)px_full[i] - (int)px_part[i]);
        if (d > worst) worst = d;
    }
    return worst;
}

/* A partial frame that must match the full one within 1/255. */
static void frame_matches(int which, int32_t age) {
    OK(frame_ex(which, age, 0, NULL, 0));
    int d = max_diff();
    if (d > 1) fprintf(stderr, "frame at %.3f: partial differs by %d/255\n", now, d);
    assert_true(d <= 1);
}

static uint32_t area(void) { return st.redraw_width * st.redraw_height; }

static void start(void) {
    targets(W, H);
    OK(lamina_gles_renderer_create(&full));
    OK(lamina_gles_renderer_create(&part));
    scene();
}

static void finish(void) {
    lamina_gles_renderer_destroy(full);
    lamina_gles_renderer_destroy(part);
    end_scene();
}

/* The scripted sequence at buffer age 1 (a framebuffer of the host's own). */
static void test_sequence_matches_full_redraw(void **state) {
    (void)state;
    start();
    frame_matches(0, 1); /* the first frame: damage unknown, all of it */
    assert_int_equal(area(), W * H);
    frame_matches(0, 1); /* the second: nothing changed */
    assert_int_equal(area(), 0);

    /* A moving layer: its old and new boxes, not the viewport. */
    for (int k = 1; k <= 3; k++) {
        begin_change();
        OK(lamina_layer_set_position(engine, mover, (lamina_point_t){25 + 7 * k, 20 + 3 * k}));
        end_change();
        frame_matches(0, 1);
        assert_true(area() > 0 && area() < W * H / 4);
        assert_true(st.draw_calls > 0);
        /* Plain leaves wholly outside the region (the stripes, the fader) are not even sent:
         * the mover, and the shadowed, blurred and frosted layers, which are always drawn (16
         * primitives without the cull). */
        assert_true(st.primitives <= 7); /* 7: the fader too, once the mover reaches it */
    }
    /* An opacity change. */
    begin_change();
    OK(lamina_layer_set_number(engine, fader, "opacity", 0.4));
    end_change();
    frame_matches(0, 1);
    assert_true(area() > 0 && area() < W * H / 4);
    /* The blurred layer moves and its radius grows: its damage grows by the blur's reach. */
    begin_change();
    OK(lamina_layer_set_position(engine, blurred, (lamina_point_t){45, 100}));
    OK(lamina_layer_set_number(engine, blurred, "filters.blur.inputRadius", 6));
    end_change();
    frame_matches(0, 1);
    assert_true(area() > 0 && area() < W * H / 2);
    /* The shadowed card moves (its shadow with it). */
    begin_change();
    OK(lamina_layer_set_position(engine, shadowed, (lamina_point_t){140, 30}));
    end_change();
    frame_matches(0, 1);
    /* Something moves under the frosted panel: the panel's backdrop is redrawn. */
    begin_change();
    lamina_layer_t stripe = LAMINA_LAYER_NONE;
    {
        lamina_layer_t subs[32];
        size_t n = 0;
        OK(lamina_layer_get_sublayers(engine, root, subs, 32, &n));
        stripe = subs[3];
    }
    OK(lamina_layer_set_position(engine, stripe, (lamina_point_t){150, 120}));
    end_change();
    frame_matches(0, 1);
    /* The panel itself moves. */
    begin_change();
    OK(lamina_layer_set_position(engine, panel, (lamina_point_t){140, 105}));
    end_change();
    frame_matches(0, 1);
    /* A layer removed. */
    begin_change();
    OK(lamina_layer_remove_from_superlayer(engine, fader));
    end_change();
    frame_matches(0, 1);
    assert_true(area() > 0 && area() < W * H / 4);
    /* Idle: nothing is drawn at all. */
    frame_matches(0, 1);
    assert_int_equal(area(), 0);
    assert_int_equal(st.draw_calls, 0);
    assert_int_equal(st.primitives, 0);
    assert_int_equal(st.records, 0);
    /* A resize: the new framebuffer holds garbage and everything is drawn. */
    targets(180, 150);
    frame_matches(0, 1);
    assert_int_equal(area(), 180 * 150);
    begin_change();
    OK(lamina_layer_set_position(engine, mover, (lamina_point_t){60, 60}));
    end_change();
    frame_matches(0, 1);
    assert_true(area() > 0 && area() < 180 * 150 / 4);
    finish();
}

/* After a frame whose damage covers half the viewport, 7 frames are drawn whole without asking
 * the engine (its damage would cost for nothing while everything moves), then partial again. */
static void test_busy_frames_skip_the_damage(void **state) {
    (void)state;
    start();
    frame_matches(0, 1);
    frame_matches(0, 1);
    assert_int_equal(area(), 0);
    begin_change();
    OK(lamina_layer_set_color(engine, root, "backgroundColor", (lamina_color_t){0.8, 0.9, 1, 1}));
    end_change();
    frame_matches(0, 1);
    assert_int_equal(area(), W * H);
    for (int k = 1; k <= 8; k++) {
        begin_change();
        OK(lamina_layer_set_position(engine, mover, (lamina_point_t){25 + 3 * k, 20 + 2 * k}));
        end_change();
        frame_matches(0, 1);
        if (k <= 7)
            assert_int_equal(area(), W * H);
        else
            assert_true(area() > 0 && area() < W * H / 4);
    }
    finish();
}

/* At a fractional scale, with a rotated layer and moves by fractions of a point: the region's
 * rounding and the cull of leaves outside it keep every pixel. */
static void test_fractional_scale_and_rotation(void **state) {
    (void)state;
    scale = 1.5;
    start();
    lamina_layer_t turned = add(root, 70, 60, 30, 12, (lamina_color_t){0.3, 0.7, 0.9, 1});
    OK(lamina_layer_set_number(engine, turned, "transform.rotation.z", 0.5));
    OK(lamina_engine_tick(engine, now));
    frame_matches(0, 1);
    frame_matches(0, 1);
    assert_int_equal(area(), 0);
    for (int k = 1; k <= 4; k++) {
        begin_change();
        OK(lamina_layer_set_position(engine, mover, (lamina_point_t){25 + 3.3 * k, 20 + 1.7 * k}));
        OK(lamina_layer_set_number(engine, turned, "transform.rotation.z", 0.5 + 0.2 * k));
        end_change();
        frame_matches(0, 1);
        assert_true(area() > 0 && area() < W * H / 2);
    }
    finish();
    scale = 1;
}

/* Two buffers swapped in turn (age 2): each frame adds the damage of the frame before. */
static void test_buffer_age(void **state) {
    (void)state;
    start();
    frame_matches(0, -1); /* unknown age: everything */
    assert_int_equal(area(), W * H);
    frame_matches(1, -1);
    assert_int_equal(area(), W * H);
    for (int k = 0; k < 6; k++) {
        begin_change();
        OK(lamina_layer_set_position(engine, mover, (lamina_point_t){34 + 9 * k, 24 + 4 * k}));
        end_change();
        frame_matches(k & 1, 2);
        assert_true(area() > 0 && area() < W * H / 4);
    }
    /* Idle at age 2: the frame before's damage is still missing from this buffer. */
    frame_matches(0, 2);
    assert_true(area() > 0);
    frame_matches(1, 2);
    assert_int_equal(area(), 0);
    /* An age older than the renderer remembers: everything. */
    frame_matches(0, 9);
    assert_int_equal(area(), W * H);
    finish();
}

/* Damage given by the caller: its device box at the frame's scale; one that meets the
 * backdrop widens to the whole panel, and the panel's blur is then right. */
static void test_explicit_damage_and_backdrop(void **state) {
    (void)state;
    start();
    frame_matches(0, 1);
    lamina_rect_t small = {{12.5, 20}, {10, 5}};
    OK(frame_ex(0, 1, 0, &small, 1));
    assert_int_equal(st.redraw_x, 12);
    assert_int_equal(st.redraw_width, 11);
    assert_int_equal(st.redraw_y, H - 25);
    assert_int_equal(st.redraw_height, 5);
    assert_true(max_diff() <= 1);
    /* A corner of the panel (120, 90, 60, 40): the region takes the whole panel. */
    lamina_rect_t corner = {{115, 85}, {8, 8}};
    OK(frame_ex(0, 1, 0, &corner, 1));
    assert_true(st.redraw_x <= 120 && st.redraw_x + (int)st.redraw_width >= 180);
    assert_true(st.redraw_y <= H - 130 && st.redraw_y + (int)st.redraw_height >= H - 90);
    assert_true(st.backdrops_filtered == 1);
    assert_true(max_diff() <= 1);
    /* Half the viewport or more is drawn whole (a whole clear is far cheaper on llvmpipe). */
    lamina_rect_t most = {{0, 0}, {W * 0.8, H * 0.7}};
    OK(frame_ex(0, 1, 0, &most, 1));
    assert_int_equal(area(), W * H);
    assert_true(max_diff() <= 1);
    lamina_rect_t less = {{0, 0}, {W * 0.5, H * 0.5}};
    OK(frame_ex(0, 1, 0, &less, 1));
    assert_true(area() < W * H / 2);
    /* No rectangles: nothing to draw. */
    lamina_rect_t none = {{0, 0}, {0, 0}};
    OK(frame_ex(0, 1, 0, &none, 0));
    assert_int_equal(st.redraw_width, 0);
    assert_int_equal(st.draw_calls, 0);
    finish();
}

/* Bad input: a status and a message, and the framebuffer untouched. */
static void test_bad_input(void **state) {
    (void)state;
    start();
    frame_matches(0, 1);
    uint8_t before[W * H * 4];
    read_into(fbo_part[0], before);
    begin_change();
    OK(lamina_layer_set_position(engine, mover, (lamina_point_t){80, 60}));
    end_change();
    /* PARTIAL without CLEAR. */
    now += 1.0 / 60;
    OK(lamina_engine_tick(engine, now));
    OK(lamina_engine_draw_list(engine, root, now, &recs, &nrecs));
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_part[0]);
    lamina_gles_frame_t p = LAMINA_GLES_FRAME_INIT;
    p.flags = LAMINA_GLES_FRAME_PARTIAL;
    p.buffer_age = 1;
    assert_int_equal(lamina_gles_renderer_draw(part, engine, recs, nrecs, now, &p), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_non_null(strstr(lamina_gles_last_error_message(), "LAMINA_GLES_FRAME_CLEAR"));
    /* A damage rectangle that is not a number. */
    lamina_rect_t nan_rect = {{NAN, 0}, {10, 10}};
    p.flags = LAMINA_GLES_FRAME_PARTIAL | LAMINA_GLES_FRAME_CLEAR;
    p.damage = &nan_rect;
    p.damage_count = 1;
    assert_int_equal(lamina_gles_renderer_draw(part, engine, recs, nrecs, now, &p), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_non_null(strstr(lamina_gles_last_error_message(), "not finite"));
    read_into(fbo_part[0], px_part);
    assert_memory_equal(before, px_part, sizeof before);
    /* Swapping with no EGL surface current. */
    assert_int_equal(lamina_gles_swap_buffers(part), LAMINA_GLES_STATUS_NO_CONTEXT);
    assert_int_equal(lamina_gles_swap_buffers(NULL), LAMINA_STATUS_INVALID_ARGUMENT);
    finish();
}

/* Headless: render_rgba with PARTIAL writes only the region into the caller's last image. */
static void test_headless_partial(void **state) {
    (void)state;
    scene();
    static uint8_t img[W * H * 4], ref[W * H * 4];
    lamina_gles_frame_t p = LAMINA_GLES_FRAME_INIT;
    p.flags = LAMINA_GLES_FRAME_CLEAR | LAMINA_GLES_FRAME_PARTIAL;
    lamina_gles_stats_t hs = {.struct_size = sizeof hs};
    OK(lamina_gles_render_rgba(engine, root, now, W, H, 1, &p, img, sizeof img, &hs)); /* all: unknown */
    assert_int_equal(hs.redraw_width * hs.redraw_height, W * H);
    for (int k = 1; k <= 3; k++) {
        begin_change();
        OK(lamina_layer_set_position(engine, mover, (lamina_point_t){25 + 11 * k, 20 + 5 * k}));
        end_change();
        now += 1.0 / 60;
        OK(lamina_engine_tick(engine, now));
        OK(lamina_gles_render_rgba(engine, root, now, W, H, 1, &p, img, sizeof img, &hs));
        assert_true(hs.redraw_width * hs.redraw_height < W * H / 4);
        OK(lamina_gles_render_rgba(engine, root, now, W, H, 1, NULL, ref, sizeof ref, NULL));
        /* The full render builds a list of the same look: the next damage stays exact. */
        int worst = 0;
        for (size_t i = 0; i < sizeof img; i++) {
            int d = abs((int)img[i] - (int)ref[i]);
            if (d > worst) worst = d;
        }
        assert_true(worst <= 1);
    }
    end_scene();
    (void)glGetError();
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx); /* the headless call left it */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sequence_matches_full_redraw),
        cmocka_unit_test(test_busy_frames_skip_the_damage),
        cmocka_unit_test(test_fractional_scale_and_rotation),
        cmocka_unit_test(test_buffer_age),
        cmocka_unit_test(test_explicit_damage_and_backdrop),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_headless_partial),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
