/* SPDX-License-Identifier: Apache-2.0 */
/*
 * liblamina-gles's C API: exact geometry (issue 11), batching figures, and bad input answered
 * with a status (NULL, size 0, a draw list of another engine, a malformed list, no context).
 * Headless through EGL's surfaceless platform.
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

#include "scenes.h"
#include "../../renderer/scenes/headless_gl.h"

static uint8_t *render(const char *name, double at, double scale, uint32_t *w, uint32_t *h,
                       lamina_gles_stats_t *stats) {
    const scene_t *sc = scene_find(name);
    assert_non_null(sc);
    scene_ctx_t ctx;
    assert_int_equal(scene_build(sc, &ctx), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_tick(ctx.engine, at), LAMINA_STATUS_OK);
    *w = (uint32_t)(sc->width * scale);
    *h = (uint32_t)(sc->height * scale);
    uint8_t *px = malloc((size_t)*w * *h * 4);
    assert_non_null(px);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= sc->frame_flags;
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, at, *w, *h, scale, &frame, px,
                                             (size_t)*w * *h * 4, stats),
                     LAMINA_STATUS_OK);
    scene_destroy(&ctx);
    return px;
}

/* Every pixel in [x0, x1) x [y0, y1) is exactly `in`, every other exactly `out`. */
static void assert_rect(const uint8_t *px, uint32_t w, uint32_t h, uint32_t x0, uint32_t y0,
                        uint32_t x1, uint32_t y1, const uint8_t in[4], const uint8_t out[4]) {
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            const uint8_t *want = (x >= x0 && x < x1 && y >= y0 && y < y1) ? in : out;
            const uint8_t *p = px + 4 * ((size_t)y * w + x);
            if (memcmp(p, want, 4) != 0)
                fail_msg("pixel (%u, %u) is (%u, %u, %u, %u), expected (%u, %u, %u, %u)", x, y,
                         p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
        }
}

static const uint8_t RED[4] = {255, 0, 0, 255}, WHITE[4] = {255, 255, 255, 255};

/* A 100 x 100 red layer at (50, 50) covers exactly those pixels (RS-6.1). */
static void test_red_square_exact(void **state) {
    (void)state;
    uint32_t w, h;
    uint8_t *px = render("geometry-red-square", 0, 1, &w, &h, NULL);
    assert_int_equal(w, 200);
    assert_rect(px, w, h, 50, 50, 150, 150, RED, WHITE);
    free(px);
}

/* At scale 2 the same layer covers exactly the pixels [100, 300). */
static void test_red_square_scale_2(void **state) {
    (void)state;
    uint32_t w, h;
    uint8_t *px = render("geometry-red-square", 0, 2, &w, &h, NULL);
    assert_int_equal(w, 400);
    assert_rect(px, w, h, 100, 100, 300, 300, RED, WHITE);
    free(px);
}

/* A linear 1 s implicit move from x 0...100 to 100...200 is drawn at 50...150 at 0.5 s. */
static void test_implicit_move_halfway(void **state) {
    (void)state;
    uint32_t w, h;
    uint8_t *px = render("implicit-move", 0.5, 1, &w, &h, NULL);
    assert_rect(px, w, h, 50, 50, 150, 150, RED, WHITE);
    free(px);
    px = render("implicit-move", 0.0, 1, &w, &h, NULL);
    assert_rect(px, w, h, 0, 50, 100, 150, RED, WHITE);
    free(px);
    px = render("implicit-move", 1.0, 1, &w, &h, NULL);
    assert_rect(px, w, h, 100, 50, 200, 150, RED, WHITE);
    free(px);
}

/* Batching: N simple layers cost one draw call; a group costs its pass and one composite. */
static void test_draw_calls(void **state) {
    (void)state;
    uint32_t w, h;
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    free(render("background-colors", 0, 1, &w, &h, &st));
    assert_int_equal(st.draw_calls, 1);
    assert_int_equal(st.primitives, 4); /* the 4 squares: the opaque root is the clear (issue 29) */
    assert_int_equal(st.records, 5);
    assert_int_equal(st.offscreen_passes, 0);
    free(render("group-opacity", 0, 1, &w, &h, &st));
    assert_int_equal(st.offscreen_passes, 1);
    assert_int_equal(st.draw_calls, 3); /* before the group, inside it, the composite */
    free(render("no-group-opacity", 0, 1, &w, &h, &st));
    assert_int_equal(st.offscreen_passes, 0);
    assert_int_equal(st.draw_calls, 1);
    free(render("double-sided", 0, 1, &w, &h, &st));
    assert_int_equal(st.culled, 1);
    /* Records read, pass by pass (the planner's routes): the root and 5 stripes in place, the
     * masked host (its route), its subtree again offscreen (host + 3 bands), and its mask only
     * in the mask's pass: skipped in the host's list, where it sits after the host's subtree. */
    free(render("mask-circle", 0, 1, &w, &h, &st));
    assert_int_equal(st.records, 1 + 5 + 1 + 4 + 1);
    assert_int_equal(st.offscreen_passes, 2); /* the host's group, its mask */
    /* A rounded masking layer clips through an offscreen pass (RS-5.6); a square one does not. */
    free(render("rounded-clip", 0, 1, &w, &h, &st));
    assert_int_equal(st.offscreen_passes, 1);
    free(render("masks-to-bounds", 0, 1, &w, &h, &st));
    assert_int_equal(st.offscreen_passes, 0);
    assert_int_equal(st.draw_calls, 1);
}

/* RS-2.2 vs RS-2.3: where the two children overlap, a group shows only blue at 50%; without
 * group opacity red shows through. */
static void test_group_opacity_overlap(void **state) {
    (void)state;
    uint32_t w, h;
    uint8_t *g = render("group-opacity", 0, 1, &w, &h, NULL);
    uint8_t *n = render("no-group-opacity", 0, 1, &w, &h, NULL);
    /* (100, 90): inside both children, on a white stripe gap. */
    const uint8_t *pg = g + 4 * (90 * w + 100), *pn = n + 4 * (90 * w + 100);
    /* Group: 50% blue (0.1, 0.3, 0.9) over white: green 0.5 * 0.3 * 255 + 127.5 = 166. */
    assert_true(abs((int)pg[1] - 166) <= 2);
    /* No group: 50% blue over 50% red over white: green 0.5 * 76.5 + 0.5 * 127.5 = 102. */
    assert_true(abs((int)pn[1] - 102) <= 2);
    free(g);
    free(n);
}

/* Bad input to the headless call: a status, never a crash. */
/* CA-10.2 (issue 25): sublayers swapped red -> blue under a linear fade read the premultiplied
 * mix half-way, (128, 0, 128) within 2/255 (before: (0, 0, 255), the new subtree on both
 * sides); under a clipped push fromRight half-way, red on the left half, blue on the right. */
static void test_transition_swaps_subtree(void **state) {
    (void)state;
    uint32_t w, h;
    uint8_t *px = render("transition-subtree", 0.5, 1, &w, &h, NULL);
    const uint8_t *fade = px + 4 * ((size_t)100 * w + 50);
    if (abs(fade[0] - 128) > 2 || fade[1] > 2 || abs(fade[2] - 128) > 2)
        fail_msg("fade half-way is (%u, %u, %u), expected (128, 0, 128)", fade[0], fade[1], fade[2]);
    const uint8_t *left = px + 4 * ((size_t)100 * w + 125), *right = px + 4 * ((size_t)100 * w + 165);
    if (left[0] != 255 || left[2] != 0 || right[0] != 0 || right[2] != 255)
        fail_msg("push half-way: (125, 100) is (%u, %u, %u), (165, 100) is (%u, %u, %u)", left[0],
                 left[1], left[2], right[0], right[1], right[2]);
    free(px);
}

static lamina_layer_t solid(lamina_engine_t *e, lamina_layer_t parent, double x, double y, double w,
                            double h, lamina_color_t c) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    assert_int_equal(lamina_layer_create(e, &l), 0);
    assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {w, h}}), 0);
    assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){x + w / 2, y + h / 2}), 0);
    if (c.a > 0) assert_int_equal(lamina_layer_set_color(e, l, "backgroundColor", c), 0);
    if (parent != LAMINA_LAYER_NONE) assert_int_equal(lamina_layer_add_sublayer(e, parent, l), 0);
    return l;
}

/* CA-10.2, RS-5.1 (issue 25): a masked sublayer on the old side keeps its mask: a red layer
 * masked to its left half, swapped for blue under a linear fade, reads (128, 0, 128) half-way on
 * the left and blue at half strength over white, (128, 128, 255), on the right. */
static void test_transition_old_side_keeps_masks(void **state) {
    (void)state;
    lamina_engine_t *e = NULL;
    assert_int_equal(lamina_engine_create(&e), 0);
    const lamina_color_t white = {1, 1, 1, 1}, red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};
    lamina_layer_t root = solid(e, LAMINA_LAYER_NONE, 0, 0, 100, 100, white);
    lamina_layer_t box = solid(e, root, 10, 10, 80, 80, (lamina_color_t){0, 0, 0, 0});
    lamina_layer_t r = solid(e, box, 0, 0, 80, 80, red);
    lamina_layer_t b = solid(e, box, 0, 0, 80, 80, blue);
    lamina_layer_t m = solid(e, LAMINA_LAYER_NONE, 0, 0, 40, 80, white);
    assert_int_equal(lamina_layer_set_mask(e, r, m), 0);
    assert_int_equal(lamina_layer_set_bool(e, b, "hidden", 1), 0);
    assert_int_equal(lamina_engine_tick(e, 0), 0);
    lamina_animation_t *t = NULL;
    assert_int_equal(lamina_animation_create_transition(LAMINA_TRANSITION_FADE, LAMINA_TRANSITION_SUBTYPE_NONE, &t), 0);
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1;
    assert_int_equal(lamina_animation_set_media_timing(t, &mt), 0);
    lamina_timing_function_t lin;
    assert_int_equal(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &lin), 0);
    assert_int_equal(lamina_animation_set_timing_function(t, &lin), 0);
    assert_int_equal(lamina_transaction_begin(e), 0);
    assert_int_equal(lamina_transaction_set_disable_actions(e, 1), 0);
    assert_int_equal(lamina_layer_add_animation(e, box, t, NULL), 0);
    assert_int_equal(lamina_layer_set_bool(e, r, "hidden", 1), 0);
    assert_int_equal(lamina_layer_set_bool(e, b, "hidden", 0), 0);
    assert_int_equal(lamina_transaction_commit(e), 0);
    lamina_animation_release(t);
    assert_int_equal(lamina_engine_tick(e, 0), 0);
    assert_int_equal(lamina_engine_tick(e, 0.5), 0);
    uint8_t px[100 * 100 * 4];
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    assert_int_equal(lamina_gles_render_rgba(e, root, 0.5, 100, 100, 1, &frame, px, sizeof px, NULL), 0);
    const uint8_t *left = px + 4 * (50 * 100 + 30), *right = px + 4 * (50 * 100 + 70);
    const uint8_t want_left[3] = {128, 0, 128}, want_right[3] = {128, 128, 255};
    for (int c = 0; c < 3; c++)
        if (abs(left[c] - want_left[c]) > 2 || abs(right[c] - want_right[c]) > 2)
            fail_msg("left (%u, %u, %u), right (%u, %u, %u); expected (128, 0, 128) and (128, 128, 255)",
                     left[0], left[1], left[2], right[0], right[1], right[2]);
    lamina_engine_destroy(e);
}

/* RS-10.1 (issue 25): between two frames of a transition that draws outside its bounds, every
 * pixel that changed lies in the damage the engine reports; a frame after it with nothing
 * changed reports none. `scene` is rendered at t0, then t1 (scale 1: root units are pixels). */
static void damage_covers_changes(const char *scene, double t0, double t1) {
    const scene_t *sc = scene_find(scene);
    assert_non_null(sc);
    scene_ctx_t ctx;
    assert_int_equal(scene_build(sc, &ctx), LAMINA_STATUS_OK);
    uint32_t w = (uint32_t)sc->width, h = (uint32_t)sc->height;
    size_t size = (size_t)w * h * 4;
    uint8_t *a = malloc(size), *b = malloc(size);
    assert_non_null(a);
    assert_non_null(b);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    const lamina_rect_t *d = NULL;
    size_t nd = 0;
    assert_int_equal(lamina_engine_tick(ctx.engine, t0), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, t0, w, h, 1, &frame, a, size, NULL), 0);
    assert_int_equal(lamina_engine_damage(ctx.engine, ctx.root, &d, &nd), 0); /* starts tracking */
    assert_int_equal(lamina_engine_tick(ctx.engine, t1), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, t1, w, h, 1, &frame, b, size, NULL), 0);
    assert_int_equal(lamina_engine_damage(ctx.engine, ctx.root, &d, &nd), 0);
    size_t changed = 0, outside = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            size_t i = 4 * ((size_t)y * w + x);
            if (memcmp(a + i, b + i, 4) == 0) continue;
            changed++;
            int in = 0;
            for (size_t k = 0; k < nd && !in; k++)
                in = x + 1 > d[k].origin.x && x < d[k].origin.x + d[k].size.width &&
                     y + 1 > d[k].origin.y && y < d[k].origin.y + d[k].size.height;
            outside += !in;
        }
    if (changed == 0 || outside > 0)
        fail_msg("%s: %zu of %zu changed pixels lie outside the %zu damage rectangles", scene,
                 outside, changed, nd);
    /* Nothing changes between two frames at t1: no damage. */
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, t1, w, h, 1, &frame, b, size, NULL), 0);
    assert_int_equal(lamina_engine_damage(ctx.engine, ctx.root, &d, &nd), 0);
    assert_int_equal(nd, 0);
    free(a);
    free(b);
    scene_destroy(&ctx);
}

static void test_damage_covers_transitions(void **state) {
    (void)state;
    damage_covers_changes("transition-movein-unclipped", 0.5, 0.6);
    damage_covers_changes("transition-subtree", 0.3, 0.6);
    damage_covers_changes("transition-push-left", 0.3, 0.6);
}

static void test_headless_bad_input(void **state) {
    (void)state;
    scene_ctx_t ctx, other;
    assert_int_equal(scene_build(scene_find("geometry-red-square"), &ctx), LAMINA_STATUS_OK);
    assert_int_equal(scene_build(scene_find("background-colors"), &other), LAMINA_STATUS_OK);
    lamina_layer_t sub[4];
    size_t nsub = 0;
    assert_int_equal(lamina_layer_get_sublayers(other.engine, other.root, sub, 4, &nsub), LAMINA_STATUS_OK);
    uint8_t buf[16 * 16 * 4];
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, 0, 0, 16, 1, NULL, buf, sizeof buf, NULL),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_true(strlen(lamina_gles_last_error_message()) > 0);
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, 0, 16, 0, 1, NULL, buf, sizeof buf, NULL),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_render_rgba(NULL, ctx.root, 0, 16, 16, 1, NULL, buf, sizeof buf, NULL),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, 0, 16, 16, 1, NULL, NULL, sizeof buf, NULL),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, 0, 16, 16, 1, NULL, buf, sizeof buf - 1, NULL),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, 0, 16, 16, 0.0 / 0.0, NULL, buf, sizeof buf, NULL),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, 0, 100000, 16, 1, NULL, buf, sizeof buf, NULL),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    /* A layer of another engine that names no layer of this one. (Handles carry no engine
     * identity yet, so one that happens to be alive in both cannot be told apart.) */
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, sub[3], 0, 16, 16, 1, NULL, buf, sizeof buf, NULL),
                     LAMINA_STATUS_STALE_HANDLE);
    /* A layer never committed has no presentation (R3). */
    lamina_layer_t fresh;
    assert_int_equal(lamina_layer_create(ctx.engine, &fresh), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, fresh, 0, 16, 16, 1, NULL, buf, sizeof buf, NULL),
                     LAMINA_STATUS_NO_PRESENTATION);
    /* Still works afterwards. */
    assert_int_equal(lamina_gles_render_rgba(ctx.engine, ctx.root, 0, 16, 16, 1, NULL, buf, sizeof buf, NULL),
                     LAMINA_STATUS_OK);
    lamina_layer_release(ctx.engine, fresh);
    scene_destroy(&ctx);
    scene_destroy(&other);
}

/* The renderer API in a context of the test's own. */
static EGLDisplay dpy;
static EGLContext make_context(void) {
    EGLContext c = headless_gl_context(&dpy);
    assert_true(c != EGL_NO_CONTEXT);
    return c;
}

static void test_renderer_bad_input(void **state) {
    (void)state;
    lamina_gles_renderer_t *r = NULL;
    /* No context current. */
    eglMakeCurrent(eglGetCurrentDisplay(), EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    assert_int_equal(lamina_gles_renderer_create(&r), LAMINA_GLES_STATUS_NO_CONTEXT);
    assert_int_equal(lamina_gles_renderer_create(NULL), LAMINA_STATUS_INVALID_ARGUMENT);

    EGLContext c1 = make_context(), c2 = make_context();
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c1));
    GLuint fbo, rb;
    headless_gl_target(64, 64, &fbo, &rb);
    assert_int_equal(lamina_gles_renderer_create(&r), LAMINA_STATUS_OK);

    scene_ctx_t a, b;
    assert_int_equal(scene_build(scene_find("border-over-sublayers"), &a), LAMINA_STATUS_OK);
    memset(&b, 0, sizeof b);
    assert_int_equal(lamina_engine_create(&b.engine), LAMINA_STATUS_OK); /* no layers */
    const lamina_draw_record_t *all = NULL;
    size_t n = 0;
    assert_int_equal(lamina_engine_draw_list(a.engine, a.root, 0, &all, &n), LAMINA_STATUS_OK);
    const lamina_draw_record_t *recs = all;
    assert_true(n >= 2 && n <= 8); /* the malformed copies below hold 8 records */
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, recs, n, 0, &frame), LAMINA_STATUS_OK);
    /* A draw list of another engine. */
    assert_int_equal(lamina_gles_renderer_draw(r, b.engine, recs, n, 0, &frame), LAMINA_STATUS_STALE_HANDLE);
    /* NULLs, bad scale, NULL records with a count. */
    assert_int_equal(lamina_gles_renderer_draw(NULL, a.engine, recs, n, 0, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_renderer_draw(r, NULL, recs, n, 0, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, NULL, n, 0, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, recs, n, 0, NULL), LAMINA_STATUS_INVALID_ARGUMENT);
    frame.scale = 0;
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, recs, n, 0, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    frame.scale = 1;
    /* A malformed list: a subtree running past the end, depths that do not nest. */
    lamina_draw_record_t bad[8];
    memcpy(bad, recs, n * sizeof *recs);
    bad[0].descendant_count = 100;
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, bad, n, 0, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    memcpy(bad, recs, n * sizeof *recs);
    bad[1].depth = 7;
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, bad, n, 0, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    /* A transition's old subtree that does not nest (issue 25): an error, not a guess. */
    scene_ctx_t t;
    assert_int_equal(scene_build(scene_find("transition-subtree"), &t), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_tick(t.engine, 0.5), LAMINA_STATUS_OK);
    const lamina_draw_record_t *tr = NULL;
    size_t tn = 0;
    assert_int_equal(lamina_engine_draw_list(t.engine, t.root, 0.5, &tr, &tn), LAMINA_STATUS_OK);
    assert_true(tn <= 8 && tn >= 2 && (tr[1].flags & LAMINA_DRAW_HAS_TRANSITION));
    assert_int_equal(tr[1].transition_before->descendant_count, 1);
    assert_int_equal(lamina_gles_renderer_draw(r, t.engine, tr, tn, 0.5, &frame), LAMINA_STATUS_OK);
    lamina_draw_record_t old[2];
    memcpy(old, tr[1].transition_before, sizeof old);
    memcpy(bad, tr, tn * sizeof *tr);
    bad[1].transition_before = old;
    assert_int_equal(lamina_gles_renderer_draw(r, t.engine, bad, tn, 0.5, &frame), LAMINA_STATUS_OK);
    old[1].depth = 9;
    assert_int_equal(lamina_gles_renderer_draw(r, t.engine, bad, tn, 0.5, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    scene_destroy(&t);
    /* An empty list draws nothing and succeeds. */
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, NULL, 0, 0, &frame), LAMINA_STATUS_OK);
    /* The renderer's context is not current: another one is (its own context lost to it). */
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c2));
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, recs, n, 0, &frame), LAMINA_GLES_STATUS_NO_CONTEXT);
    /* Stats: struct_size checked. */
    lamina_gles_stats_t st = {.struct_size = 2};
    assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_renderer_get_stats(NULL, &st), LAMINA_STATUS_INVALID_ARGUMENT);
    /* Destroying it while its context is not current frees memory only. */
    lamina_gles_renderer_destroy(r);
    lamina_gles_renderer_destroy(NULL);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, c1);
    eglDestroyContext(dpy, c2);
    scene_destroy(&a);
    scene_destroy(&b);
}

/* RS-4 / docs/renderer.md: a renderer uploads each image once and reuses the texture (keyed by
 * the image id) in later frames; textures of images not drawn for 60 frames are released; an
 * external image is drawn from the host's own texture name, never uploaded. */
static void test_texture_cache_and_external(void **state) {
    (void)state;
    EGLContext c1 = make_context();
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c1));
    GLuint fbo, rb;
    headless_gl_target(200, 200, &fbo, &rb);
    lamina_gles_renderer_t *r = NULL;
    assert_int_equal(lamina_gles_renderer_create(&r), LAMINA_STATUS_OK);
    scene_ctx_t a;
    assert_int_equal(scene_build(scene_find("contents-rect"), &a), LAMINA_STATUS_OK);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    assert_int_equal(lamina_gles_renderer_render(r, a.engine, a.root, 0, &frame), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
    assert_int_equal(st.textures_uploaded, 4);
    assert_int_equal(st.textures_cached, 4);
    assert_int_equal(st.draw_calls, 8); /* per layer: its background batch, then its image */
    assert_int_equal(lamina_gles_renderer_render(r, a.engine, a.root, 0, &frame), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
    assert_int_equal(st.textures_uploaded, 0); /* reused */
    assert_int_equal(st.textures_cached, 4);
    for (int i = 0; i < 61; i++)
        assert_int_equal(lamina_gles_renderer_draw(r, a.engine, NULL, 0, 0, &frame), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
    assert_int_equal(st.textures_cached, 0); /* unused for 60 frames: released */

    /* An external image: a 128 x 128 host texture of opaque teal (no mipmaps), minified into a
     * 100 x 100 layer. */
    GLuint tex;
    static uint8_t teal[128 * 128 * 4];
    for (size_t i = 0; i < sizeof teal; i += 4) {
        teal[i] = 0;
        teal[i + 1] = teal[i + 2] = 128;
        teal[i + 3] = 255;
    }
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 128, 128, 0, GL_RGBA, GL_UNSIGNED_BYTE, teal);
    lamina_image_t ext = LAMINA_IMAGE_NONE;
    assert_int_equal(lamina_image_create_external(a.engine, tex, 128, 128, &ext), LAMINA_STATUS_OK);
    lamina_layer_t l;
    assert_int_equal(lamina_layer_create(a.engine, &l), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_position(a.engine, l, (lamina_point_t){100, 100}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_contents(a.engine, l, ext), LAMINA_STATUS_OK);
    /* Trilinear on a host texture without mipmaps samples it linearly (never black). */
    lamina_value_t tri;
    memset(&tri, 0, sizeof tri);
    tri.type = LAMINA_VALUE_STRING;
    tri.u.string = "trilinear";
    assert_int_equal(lamina_layer_set_value(a.engine, l, "minificationFilter", &tri), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_bounds(a.engine, l, (lamina_rect_t){{0, 0}, {100, 100}}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_tick(a.engine, 0), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_render(r, a.engine, l, 0, &frame), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
    assert_int_equal(st.textures_uploaded, 0);
    uint8_t px[4] = {0};
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glReadPixels(100, 100, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px); /* inside the layer */
    assert_int_equal(px[0], 0);
    assert_int_equal(px[1], 128);
    assert_int_equal(px[2], 128);
    assert_int_equal(px[3], 255);
    glReadPixels(20, 20, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px); /* outside: the transparent clear */
    assert_int_equal(px[3], 0);
    assert_int_equal(lamina_layer_release(a.engine, l), LAMINA_STATUS_OK);
    assert_int_equal(lamina_image_release(ext), LAMINA_STATUS_OK);
    lamina_gles_renderer_destroy(r);
    glDeleteTextures(1, &tex);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, c1);
    scene_destroy(&a);
}

/* RS-5.1: a record whose mask range lies outside the list is refused (a status, no crash);
 * a mask that draws nothing hides its layer (RS-5.3). RS-2.3: the frame's NO_GROUP_OPACITY
 * overrides the records' GROUP marks. */
static void test_masks_and_group_override(void **state) {
    (void)state;
    EGLContext c1 = make_context();
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c1));
    GLuint fbo, rb;
    headless_gl_target(200, 200, &fbo, &rb);
    lamina_gles_renderer_t *r = NULL;
    assert_int_equal(lamina_gles_renderer_create(&r), LAMINA_STATUS_OK);
    scene_ctx_t a;
    assert_int_equal(scene_build(scene_find("mask-circle"), &a), LAMINA_STATUS_OK);
    const lamina_draw_record_t *recs = NULL;
    size_t n = 0;
    assert_int_equal(lamina_engine_draw_list(a.engine, a.root, 0, &recs, &n), LAMINA_STATUS_OK);
    assert_true(n <= 16);
    lamina_draw_record_t bad[16];
    memcpy(bad, recs, n * sizeof *recs);
    size_t host = n;
    for (size_t i = 0; i < n; i++)
        if (bad[i].flags2 & LAMINA_DRAW2_HAS_MASK) host = i;
    assert_true(host < n);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, bad, n, 0, &frame), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
    assert_int_equal(st.offscreen_passes, 2); /* the group and its mask */
    bad[host].mask_count = (uint32_t)n;
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, bad, n, 0, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    bad[host].mask_count = recs[host].mask_count;
    bad[host].mask_index = (int32_t)host; /* the mask must follow its host's subtree */
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, bad, n, 0, &frame), LAMINA_STATUS_INVALID_ARGUMENT);
    /* mask_count 0: the host and its subtree draw nothing; the stripes around stay. */
    memcpy(bad, recs, n * sizeof *recs);
    bad[host].mask_count = 0;
    bad[host].mask_index = -1;
    assert_int_equal(lamina_gles_renderer_draw(r, a.engine, bad, n, 0, &frame), LAMINA_STATUS_OK);
    uint8_t px[4];
    glReadPixels(100, 100, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px); /* the circle's centre */
    assert_int_equal(px[0], 255);
    assert_int_equal(px[1], 255);
    assert_int_equal(px[2], 255);
    scene_destroy(&a);

    /* allows-group-opacity: the right-hand layer is a GROUP; the frame flag turns it off. */
    assert_int_equal(scene_build(scene_find("allows-group-opacity"), &a), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_render(r, a.engine, a.root, 0, &frame), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
    assert_int_equal(st.offscreen_passes, 1); /* only the layer that allows group opacity */
    frame.flags |= LAMINA_GLES_FRAME_NO_GROUP_OPACITY;
    assert_int_equal(lamina_gles_renderer_render(r, a.engine, a.root, 0, &frame), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
    assert_int_equal(st.offscreen_passes, 0);
    scene_destroy(&a);
    lamina_gles_renderer_destroy(r);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, c1);
}

static void test_png_roundtrip(void **state) {
    (void)state;
    uint8_t px[3 * 2 * 4] = {255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0,
                             1, 2, 3, 4, 250, 251, 252, 253, 9, 8, 7, 255};
    const char *path = "gles-roundtrip.png";
    assert_int_equal(lamina_gles_write_png(path, px, 3, 2), LAMINA_STATUS_OK);
    uint8_t *back = NULL;
    uint32_t w = 0, h = 0;
    assert_int_equal(lamina_gles_read_png(path, &back, &w, &h), LAMINA_STATUS_OK);
    assert_int_equal(w, 3);
    assert_int_equal(h, 2);
    assert_memory_equal(back, px, sizeof px);
    free(back);
    remove(path); /* leave nothing behind in the working directory */
    assert_int_equal(lamina_gles_write_png(NULL, px, 3, 2), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_write_png(path, px, 0, 2), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_gles_read_png("/nonexistent/x.png", &back, &w, &h), LAMINA_STATUS_NOT_FOUND);
    assert_string_equal(lamina_gles_status_string(LAMINA_GLES_STATUS_NO_CONTEXT), "LAMINA_GLES_STATUS_NO_CONTEXT");
}

/* Issue 29's levers, each against the pixels it must keep. A 200 x 200 frame of a white root
 * and four plain squares; `root_radius` rounds the root (then it cannot be the clear). */
static lamina_engine_t *levers_scene(double root_radius, lamina_layer_t *out_root) {
    lamina_engine_t *e = NULL;
    lamina_layer_t root;
    assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_create(e, &root), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {200, 200}}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_position(e, root, (lamina_point_t){100, 100}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_number(e, root, "cornerRadius", root_radius), LAMINA_STATUS_OK);
    /* Square k covers [20.25 + 40k, 40.75 + 40k] on both axes: its edge pixels are 3/4 covered. */
    for (int k = 0; k < 4; k++) {
        lamina_layer_t l;
        assert_int_equal(lamina_layer_create(e, &l), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {20.5, 20.5}}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){30.5 + 40 * k, 30.5 + 40 * k}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_color(e, l, "backgroundColor", (lamina_color_t){1, 0, 0, 1}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_add_sublayer(e, root, l), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_release(e, l), LAMINA_STATUS_OK);
    }
    assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);
    *out_root = root;
    return e;
}

static void check_near(const uint8_t *p, int r, int g, int b, int tol, int x, int y) {
    if (abs(p[0] - r) > tol || abs(p[1] - g) > tol || abs(p[2] - b) > tol || p[3] != 255)
        fail_msg("pixel (%d, %d) is (%u, %u, %u, %u), expected (%d, %d, %d, 255) within %d", x, y,
                 p[0], p[1], p[2], p[3], r, g, b, tol);
}

/* Issue 29: an opaque root covering the viewport is drawn by the frame's clear (no primitive);
 * plain rectangles draw with rect.frag, whose edge coverage is the analytic area (a 3/4-covered
 * pixel of red over white is (255, 64, 64) within 1/255), at scale 1 and 2; a rounded root is
 * drawn as a primitive and gives the same interior pixels. */
static void test_opaque_root_and_plain_rects(void **state) {
    (void)state;
    static uint8_t px[400 * 400 * 4];
    for (int variant = 0; variant < 3; variant++) {
        double radius = variant == 2 ? 4 : 0, scale = variant == 1 ? 2 : 1;
        lamina_layer_t root;
        lamina_engine_t *e = levers_scene(radius, &root);
        uint32_t w = (uint32_t)(200 * scale);
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        lamina_gles_stats_t st = {.struct_size = sizeof st};
        assert_int_equal(lamina_gles_render_rgba(e, root, 0, w, w, scale, &frame, px, (size_t)w * w * 4, &st),
                         LAMINA_STATUS_OK);
        assert_int_equal(st.primitives, variant == 2 ? 5 : 4);
        assert_int_equal(st.draw_calls, variant == 2 ? 2 : 1); /* rounded root, then the rects */
        for (int k = 0; k < 4; k++) {
            /* Device pixels of the square's edges: [20.25, 40.75] x scale. */
            int lo = (int)((20.25 + 40 * k) * scale), hi = (int)((40.75 + 40 * k) * scale);
            int mid = (lo + hi) / 2;
            const uint8_t *p;
            if (scale == 1) {
                p = px + 4 * ((size_t)mid * w + (size_t)lo);  /* 3/4 covered */
                check_near(p, 255, 64, 64, 1, lo, mid);
                p = px + 4 * ((size_t)mid * w + (size_t)hi);
                check_near(p, 255, 64, 64, 1, hi, mid);
                p = px + 4 * ((size_t)lo * w + (size_t)lo);   /* 3/4 x 3/4 covered */
                check_near(p, 255, 112, 112, 1, lo, lo);
            } else {
                p = px + 4 * ((size_t)mid * w + (size_t)lo);  /* 40.5: half covered */
                check_near(p, 255, 128, 128, 1, lo, mid);
            }
            p = px + 4 * ((size_t)mid * w + (size_t)mid);
            check_near(p, 255, 0, 0, 0, mid, mid);
            p = px + 4 * ((size_t)mid * w + (size_t)(hi + 2));
            check_near(p, 255, 255, 255, 0, hi + 2, mid);
        }
        assert_int_equal(lamina_layer_release(e, root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
    }
}

/* Issue 29: a plain rectangle's quad reaches half a device pixel past its edges (not one): a
 * pixel whose centre lies outside the rectangle but less than half a pixel out is still drawn
 * with its coverage. Squares whose left and top edges sit at .75 and .9 of a pixel, right and
 * bottom edges at .1 and .25: the pixel before each left edge is 1/4 or 1/10 covered, the one
 * after each right edge 1/10 or 1/4 (red over white: 255 - 255 x coverage in green and blue,
 * within 1/255); the pixels beyond stay white. A quad without its margin leaves them white. */
static void test_plain_rect_margin_keeps_ramp(void **state) {
    (void)state;
    static uint8_t px[100 * 100 * 4];
    const double frac[2][2] = {{0.75, 0.1}, {0.9, 0.25}}; /* left/top fraction, right/bottom */
    for (int v = 0; v < 2; v++) {
        lamina_engine_t *e = NULL;
        lamina_layer_t root, l;
        assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_create(e, &root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {100, 100}}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_position(e, root, (lamina_point_t){50, 50}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}), LAMINA_STATUS_OK);
        double x0 = 20 + frac[v][0], x1 = 60 + frac[v][1]; /* the same on y */
        assert_int_equal(lamina_layer_create(e, &l), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {x1 - x0, x1 - x0}}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){(x0 + x1) / 2, (x0 + x1) / 2}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_color(e, l, "backgroundColor", (lamina_color_t){1, 0, 0, 1}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_add_sublayer(e, root, l), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_release(e, l), LAMINA_STATUS_OK);
        assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        lamina_gles_stats_t st = {.struct_size = sizeof st};
        assert_int_equal(lamina_gles_render_rgba(e, root, 0, 100, 100, 1, &frame, px, sizeof px, &st),
                         LAMINA_STATUS_OK);
        int before = 255 - (int)lround(255 * (1 - frac[v][0])), after = 255 - (int)lround(255 * frac[v][1]);
        const int mid = 40;
        check_near(px + 4 * ((size_t)mid * 100 + 20), 255, before, before, 1, 20, mid);
        check_near(px + 4 * ((size_t)mid * 100 + 60), 255, after, after, 1, 60, mid);
        check_near(px + 4 * ((size_t)20 * 100 + mid), 255, before, before, 1, mid, 20);
        check_near(px + 4 * ((size_t)60 * 100 + mid), 255, after, after, 1, mid, 60);
        check_near(px + 4 * ((size_t)mid * 100 + 19), 255, 255, 255, 0, 19, mid);
        check_near(px + 4 * ((size_t)mid * 100 + 61), 255, 255, 255, 0, 61, mid);
        check_near(px + 4 * ((size_t)mid * 100 + mid), 255, 0, 0, 0, mid, mid);
        assert_int_equal(lamina_layer_release(e, root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
    }
}

/* Issue 29: contents sharing one texture draw as one batched call, and so do distinct small
 * images (from the atlas); the pixels are the image's own texels inside, white between. */
static void test_images_batched(void **state) {
    (void)state;
    static uint8_t px[200 * 200 * 4];
    for (int shared = 1; shared >= 0; shared--) {
        lamina_engine_t *e = NULL;
        lamina_layer_t root;
        assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_create(e, &root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {200, 200}}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_position(e, root, (lamina_point_t){100, 100}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}), LAMINA_STATUS_OK);
        uint8_t texels[4 * 4 * 4];
        lamina_image_t one = LAMINA_IMAGE_NONE;
        for (int k = 0; k < 6; k++) {
            for (int i = 0; i < 16; i++) {
                texels[4 * i] = (uint8_t)(shared ? 10 : 10 + 40 * k);
                texels[4 * i + 1] = 200, texels[4 * i + 2] = 30, texels[4 * i + 3] = 255;
            }
            lamina_image_t img = one;
            if (!shared || one == LAMINA_IMAGE_NONE) {
                assert_int_equal(lamina_image_create_rgba8(e, 4, 4, texels, sizeof texels, 1, &img), LAMINA_STATUS_OK);
                if (shared) one = img;
            }
            lamina_layer_t l;
            assert_int_equal(lamina_layer_create(e, &l), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {20, 20}}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){20 + 30 * k, 50}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_contents(e, l, img), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_add_sublayer(e, root, l), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_release(e, l), LAMINA_STATUS_OK);
            if (!shared) assert_int_equal(lamina_image_release(img), LAMINA_STATUS_OK);
        }
        if (shared) assert_int_equal(lamina_image_release(one), LAMINA_STATUS_OK);
        assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        lamina_gles_stats_t st = {.struct_size = sizeof st};
        assert_int_equal(lamina_gles_render_rgba(e, root, 0, 200, 200, 1, &frame, px, sizeof px, &st),
                         LAMINA_STATUS_OK);
        assert_int_equal(st.draw_calls, 1); /* shared: one texture; distinct: the atlas */
        assert_int_equal(st.primitives, 6);
        assert_int_equal(st.textures_uploaded, shared ? 1 : 6);
        for (int k = 0; k < 6; k++) {
            int x = 20 + 30 * k;
            check_near(px + 4 * ((size_t)50 * 200 + (size_t)x), shared ? 10 : 10 + 40 * k, 200, 30, 0, x, 50);
            check_near(px + 4 * ((size_t)50 * 200 + (size_t)x + 12), 255, 255, 255, 0, x + 12, 50);
        }
        assert_int_equal(lamina_layer_release(e, root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
    }
}

/* Issue 29: a blurred bounds-shaped shadow under a scale-and-translate map draws from a texture
 * rendered once (one extra draw call in the first frame, shared by every shadow of its size), with
 * its layer's background in one instance (card.frag), and matches the analytic shadow (the same layers turned by 1e-7 rad, which takes shadow.frag)
 * within 2/255 at every pixel. */
static void test_cached_shadow_matches_analytic(void **state) {
    (void)state;
    static uint8_t a[200 * 200 * 4], b[200 * 200 * 4];
    uint32_t calls[2] = {0, 0};
    for (int turned = 0; turned < 2; turned++) {
        lamina_engine_t *e = NULL;
        lamina_layer_t root;
        assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_create(e, &root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {200, 200}}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_position(e, root, (lamina_point_t){100, 100}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}), LAMINA_STATUS_OK);
        for (int k = 0; k < 3; k++) {
            lamina_layer_t l;
            assert_int_equal(lamina_layer_create(e, &l), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {48, 32}}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){40.3 + 55 * k, 60.7 + 30 * k}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_color(e, l, "backgroundColor", (lamina_color_t){0.2, 0.5, 0.9, 1}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_number(e, l, "cornerRadius", 6), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_number(e, l, "shadowOpacity", 0.8), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_number(e, l, "shadowRadius", 4), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_size(e, l, "shadowOffset", (lamina_size_t){3, 5}), LAMINA_STATUS_OK);
            if (turned) {
                lamina_transform3d_t m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
                m.m12 = 1e-7, m.m21 = -1e-7;
                assert_int_equal(lamina_layer_set_transform(e, l, "transform", m), LAMINA_STATUS_OK);
            }
            assert_int_equal(lamina_layer_add_sublayer(e, root, l), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_release(e, l), LAMINA_STATUS_OK);
        }
        assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        lamina_gles_stats_t st = {.struct_size = sizeof st};
        assert_int_equal(lamina_gles_render_rgba(e, root, 0, 200, 200, 1, &frame, turned ? b : a, sizeof a, &st),
                         LAMINA_STATUS_OK);
        calls[turned] = st.draw_calls;
        assert_int_equal(lamina_layer_release(e, root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
    }
    /* Cached: the texture's one render, then the three cards (shadow, background) as one
     * instanced draw (card.frag); analytic: a shadow and a background draw per layer. */
    assert_int_equal(calls[0], 2);
    assert_int_equal(calls[1], 6);
    int worst = 0;
    for (size_t i = 0; i < sizeof a; i++) {
        int d = abs((int)a[i] - (int)b[i]);
        if (d > worst) worst = d;
    }
    if (worst > 2) fail_msg("cached and analytic shadows differ by %d/255", worst);
    /* The shadow is there: below the first card's bottom edge (y 76.7) it darkens the white. */
    assert_true(a[4 * (80 * 200 + 40)] < 230);
}

/* Issue 29: shadowed leaves with a background and a border ("cards") draw shadow, background and
 * border as one card.frag instance each, so 40 overlapping cards are one instanced draw (and the
 * shadow texture's render), and match the two draws per card that a clip still takes (the root's
 * masksToBounds: card.frag has no clip) within 2/255 at every pixel: overlapping cards, each
 * over the one before and its shadow, some translucent (opacity 0.6, no hole in the shadow), at
 * fractional positions (corner radius 6 over a 1-unit border: card_round.frag). Again with a
 * sublayer in every third card (its card's instance is the shadow and background; the border
 * follows the sublayer) and a corner radius of 0.5 in every fifth (card.frag's general maths). */
static void test_cards_one_draw(void **state) {
    (void)state;
    static uint8_t px[2][240 * 180 * 4];
    for (int nested = 0; nested < 2; nested++) {
    uint32_t calls[2] = {0, 0};
    for (int clipped = 0; clipped < 2; clipped++) {
        lamina_engine_t *e = NULL;
        lamina_layer_t root;
        assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_create(e, &root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {240, 180}}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_position(e, root, (lamina_point_t){120, 90}), LAMINA_STATUS_OK);
        assert_int_equal(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}), LAMINA_STATUS_OK);
        if (clipped) assert_int_equal(lamina_layer_set_bool(e, root, "masksToBounds", 1), LAMINA_STATUS_OK);
        for (int k = 0; k < 40; k++) {
            lamina_layer_t l;
            assert_int_equal(lamina_layer_create(e, &l), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {48, 32}}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){30.25 + (k * 37) % 180 + 0.1 * k,
                                                                               25.6 + (k * 53 / 7) % 130}),
                             LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_color(e, l, "backgroundColor",
                                                    (lamina_color_t){(k % 7) / 7.0, (k % 5) / 5.0, (k % 3) / 3.0, 1}),
                             LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_number(e, l, "cornerRadius", 6), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_number(e, l, "borderWidth", 1), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_color(e, l, "borderColor", (lamina_color_t){0.5, 0.5, 0.5, 1}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_number(e, l, "shadowOpacity", 0.3 + 0.1 * (k % 5)), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_number(e, l, "shadowRadius", 3), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_size(e, l, "shadowOffset", (lamina_size_t){0, 2}), LAMINA_STATUS_OK);
            if (k % 4 == 1) assert_int_equal(lamina_layer_set_number(e, l, "opacity", 0.6), LAMINA_STATUS_OK);
            if (nested && k % 5 == 2) /* a radius under the border: card.frag, not card_round.frag */
                assert_int_equal(lamina_layer_set_number(e, l, "cornerRadius", 0.5), LAMINA_STATUS_OK);
            if (nested && k % 3 == 0) { /* a sublayer: the border goes over it, after */
                lamina_layer_t in;
                assert_int_equal(lamina_layer_create(e, &in), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_set_bounds(e, in, (lamina_rect_t){{0, 0}, {20, 10}}), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_set_position(e, in, (lamina_point_t){10.5, 16}), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_set_color(e, in, "backgroundColor", (lamina_color_t){1, 1, 0, 1}), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_add_sublayer(e, l, in), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_release(e, in), LAMINA_STATUS_OK);
            }
            assert_int_equal(lamina_layer_add_sublayer(e, root, l), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_release(e, l), LAMINA_STATUS_OK);
        }
        assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        lamina_gles_stats_t st = {.struct_size = sizeof st};
        assert_int_equal(lamina_gles_render_rgba(e, root, 0, 240, 180, 1, &frame, px[clipped], sizeof px[0], &st),
                         LAMINA_STATUS_OK);
        calls[clipped] = st.draw_calls;
        assert_int_equal(lamina_layer_release(e, root), LAMINA_STATUS_OK);
        assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
    }
    if (!nested) {
        assert_int_equal(calls[0], 2);   /* the shadow texture, then every card */
        assert_true(calls[1] >= 2 * 40); /* the shadow's strips, then the box, per card */
    } else {
        assert_true(calls[0] < calls[1]); /* a nested card: its instance, the sublayer, its border */
    }
    int worst = 0;
    for (size_t i = 0; i < sizeof px[0]; i++) {
        int d = abs((int)px[0][i] - (int)px[1][i]);
        if (d > worst) worst = d;
    }
    if (worst > 2) fail_msg("cards (nested %d) in one draw and in two per card differ by %d/255", nested, worst);
    /* The sublayer shows (yellow) in card 0, at (30.25 - 24 + 10.5, 25.6 - 16 + 16): 16.75, 25.6. */
    if (nested) {
        const uint8_t *q = px[0] + 4 * (26 * 240 + 17);
        assert_true(q[0] > 240 && q[1] > 240 && q[2] < 20);
    }
    }
}

/* Issue 29: batched contents under a scale-and-translate map (image_rect.frag) match the general
 * batched program (the same layers turned by 1e-7 rad: image_inst.frag) within 2/255, edges at
 * fractional positions included, at scale 1 and 2. */
static void test_image_rect_matches_general(void **state) {
    (void)state;
    static uint8_t px[2][400 * 400 * 4];
    for (int sc = 1; sc <= 2; sc++) {
        uint32_t w = (uint32_t)(200 * sc);
        for (int turned = 0; turned < 2; turned++) {
            lamina_engine_t *e = NULL;
            lamina_layer_t root;
            assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_create(e, &root), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {200, 200}}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_position(e, root, (lamina_point_t){100, 100}), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}), LAMINA_STATUS_OK);
            uint8_t texels[8 * 8 * 4];
            for (int i = 0; i < 64; i++) {
                texels[4 * i] = (uint8_t)(i * 4), texels[4 * i + 1] = (uint8_t)(255 - i * 3);
                texels[4 * i + 2] = (uint8_t)(i * 2), texels[4 * i + 3] = 255;
            }
            lamina_image_t img;
            assert_int_equal(lamina_image_create_rgba8(e, 8, 8, texels, sizeof texels, 1, &img), LAMINA_STATUS_OK);
            for (int k = 0; k < 4; k++) {
                lamina_layer_t l;
                assert_int_equal(lamina_layer_create(e, &l), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {20.5 + 7 * k, 13.25}}), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){30.3 + 45 * k, 40.6 + 31 * k}), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_set_contents(e, l, img), LAMINA_STATUS_OK);
                if (turned) {
                    lamina_transform3d_t m = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
                    m.m12 = 1e-7, m.m21 = -1e-7;
                    assert_int_equal(lamina_layer_set_transform(e, l, "transform", m), LAMINA_STATUS_OK);
                }
                assert_int_equal(lamina_layer_add_sublayer(e, root, l), LAMINA_STATUS_OK);
                assert_int_equal(lamina_layer_release(e, l), LAMINA_STATUS_OK);
            }
            assert_int_equal(lamina_image_release(img), LAMINA_STATUS_OK);
            assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);
            lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
            assert_int_equal(lamina_gles_render_rgba(e, root, 0, w, w, sc, &frame, px[turned], (size_t)w * w * 4, NULL),
                             LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_release(e, root), LAMINA_STATUS_OK);
            assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
        }
        int worst = 0, changed = 0;
        for (size_t i = 0; i < (size_t)w * w * 4; i++) {
            int d = abs((int)px[0][i] - (int)px[1][i]);
            if (d > worst) worst = d;
            if (px[0][i] != 255) changed++;
        }
        if (worst > 2) fail_msg("image_rect and the general program differ by %d/255 at scale %d", worst, sc);
        assert_true(changed > 1000); /* the images are there */
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_image_rect_matches_general),
        cmocka_unit_test(test_cached_shadow_matches_analytic),
        cmocka_unit_test(test_cards_one_draw),
        cmocka_unit_test(test_opaque_root_and_plain_rects),
        cmocka_unit_test(test_plain_rect_margin_keeps_ramp),
        cmocka_unit_test(test_images_batched),
        cmocka_unit_test(test_red_square_exact),
        cmocka_unit_test(test_red_square_scale_2),
        cmocka_unit_test(test_implicit_move_halfway),
        cmocka_unit_test(test_draw_calls),
        cmocka_unit_test(test_group_opacity_overlap),
        cmocka_unit_test(test_transition_swaps_subtree),
        cmocka_unit_test(test_transition_old_side_keeps_masks),
        cmocka_unit_test(test_damage_covers_transitions),
        cmocka_unit_test(test_headless_bad_input),
        cmocka_unit_test(test_renderer_bad_input),
        cmocka_unit_test(test_png_roundtrip),
        cmocka_unit_test(test_texture_cache_and_external),
        cmocka_unit_test(test_masks_and_group_override),
    };
    return cmocka_run_group_tests_name("gles-api", tests, NULL, NULL);
}
