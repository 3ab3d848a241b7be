/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The reference compositor's shape layers (RS-8), gradient layers (RS-9) and instance colours
 * (RS-13) at the pixel level: exact coverage of pixel-aligned fills and strokes, fill rules,
 * caps, dashes, partial strokes, gradient values, the colour multiply, records older than the
 * kind fields, and bad input (NULL, huge counts, NaN, zero widths, absurd dash patterns) drawn
 * as nothing with a status of OK, never a crash.
 *
 * Records are an engine's draw list of plain layers, copied, with the kind fields set to test
 * data (the renderer needs the first record's layer to belong to the engine).
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

#include "record_scenes.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <lamina/lamina.h>
#include <lamina/lamina_gles.h>
#include "../../renderer/scenes/headless_gl.h"

enum { SIDE = 64 };

static EGLDisplay dpy;
static EGLContext ctx;
static GLuint fbo, rb;
static lamina_gles_renderer_t *renderer;
static lamina_engine_t *engine;
static lamina_layer_t root, leaf;
static lamina_draw_record_t base[2];
static uint8_t px[SIDE * SIDE * 4], white[SIDE * SIDE * 4];

static int setup(void **state) {
    (void)state;
    ctx = headless_gl_context(&dpy);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) return -1;
    headless_gl_target(SIDE, SIDE, &fbo, &rb);
    if (lamina_gles_renderer_create(&renderer)) return -1;
    /* A white 64 x 64 root with one clear 64 x 64 sublayer at the origin. */
    if (lamina_engine_create(&engine) || lamina_layer_create(engine, &root) ||
        lamina_layer_create(engine, &leaf))
        return -1;
    lamina_rect_t b = {{0, 0}, {SIDE, SIDE}};
    lamina_point_t c = {SIDE / 2.0, SIDE / 2.0};
    lamina_layer_set_bounds(engine, root, b);
    lamina_layer_set_position(engine, root, c);
    lamina_layer_set_color(engine, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1});
    lamina_layer_set_bounds(engine, leaf, b);
    lamina_layer_set_position(engine, leaf, c);
    lamina_layer_add_sublayer(engine, root, leaf);
    if (lamina_engine_tick(engine, 0)) return -1;
    const lamina_draw_record_t *recs = NULL;
    size_t count = 0;
    if (lamina_engine_draw_list(engine, root, 0, &recs, &count) || count != 2) return -1;
    memcpy(base, recs, sizeof base);
    for (int i = 0; i < 2; i++) base[i].struct_size = sizeof base[i];
    memset(white, 255, sizeof white);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    lamina_gles_renderer_destroy(renderer);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    lamina_layer_release(engine, leaf);
    lamina_layer_release(engine, root);
    lamina_engine_destroy(engine);
    return 0;
}

/* Draws the two records and reads the target back (rows top first, premultiplied = straight
 * here: the white root is opaque). */
static lamina_status_t draw(const lamina_draw_record_t *recs) {
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    lamina_status_t s = lamina_gles_renderer_draw(renderer, engine, recs, 2, 0, &frame);
    uint8_t tmp[SIDE * SIDE * 4];
    glReadPixels(0, 0, SIDE, SIDE, GL_RGBA, GL_UNSIGNED_BYTE, tmp);
    for (int y = 0; y < SIDE; y++) memcpy(px + y * SIDE * 4, tmp + (SIDE - 1 - y) * SIDE * 4, SIDE * 4);
    return s;
}

static const uint8_t *at(int x, int y) { return px + 4 * (y * SIDE + x); }

/* Every pixel in [x0, x1) x [y0, y1) is exactly `in`, every other exactly white. */
static void assert_box(int x0, int y0, int x1, int y1, const uint8_t in[4]) {
    static const uint8_t w[4] = {255, 255, 255, 255};
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            const uint8_t *want = (x >= x0 && x < x1 && y >= y0 && y < y1) ? in : w;
            const uint8_t *p = at(x, y);
            if (memcmp(p, want, 4) != 0)
                fail_msg("pixel (%d, %d) is (%u, %u, %u, %u), expected (%u, %u, %u, %u)", x, y, p[0],
                         p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
        }
}

static const uint8_t RED[4] = {255, 0, 0, 255};
static const lamina_color_t RED_C = {1, 0, 0, 1};

static lamina_path_element_t el[8];

static size_t rect_path(lamina_path_element_t *e, double x, double y, double w, double h) {
    e[0] = (lamina_path_element_t){LAMINA_PATH_MOVE, 0, {{x, y}, {0, 0}, {0, 0}}};
    e[1] = (lamina_path_element_t){LAMINA_PATH_LINE, 0, {{x + w, y}, {0, 0}, {0, 0}}};
    e[2] = (lamina_path_element_t){LAMINA_PATH_LINE, 0, {{x + w, y + h}, {0, 0}, {0, 0}}};
    e[3] = (lamina_path_element_t){LAMINA_PATH_LINE, 0, {{x, y + h}, {0, 0}, {0, 0}}};
    e[4] = (lamina_path_element_t){LAMINA_PATH_CLOSE, 0, {{0, 0}, {0, 0}, {0, 0}}};
    return 5;
}

static size_t line_path(lamina_path_element_t *e, double x0, double y0, double x1, double y1) {
    e[0] = (lamina_path_element_t){LAMINA_PATH_MOVE, 0, {{x0, y0}, {0, 0}, {0, 0}}};
    e[1] = (lamina_path_element_t){LAMINA_PATH_LINE, 0, {{x1, y1}, {0, 0}, {0, 0}}};
    return 2;
}

static lamina_draw_shape_t shape(const lamina_path_element_t *p, size_t n, uint32_t flags) {
    lamina_draw_shape_t s;
    memset(&s, 0, sizeof s);
    s.path = p;
    s.path_count = n;
    s.flags = flags;
    s.fill_color = RED_C;
    s.stroke_color = RED_C;
    s.line_width = 4;
    s.miter_limit = 10;
    s.stroke_end = 1;
    return s;
}

static lamina_draw_record_t recs[2];

static void with_shape(const lamina_draw_shape_t *s) {
    memcpy(recs, base, sizeof recs);
    recs[1].layer_kind = LAMINA_LAYER_KIND_SHAPE;
    recs[1].shape = s;
}

/* RS-8.1: a pixel-aligned rectangle fills exactly its pixels (exact area coverage); the fill
 * rules tell nested squares apart. */
static void test_fill_exact_and_rules(void **state) {
    (void)state;
    size_t n = rect_path(el, 10, 12, 30, 20);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_FILL);
    with_shape(&s);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(10, 12, 40, 32, RED);

    /* Partly outside the target (its left edge lies left of every pixel: the cells carry it). */
    n = rect_path(el, -20, 10, 40, 10);
    s = shape(el, n, LAMINA_DRAW_SHAPE_FILL);
    with_shape(&s);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(0, 10, 20, 20, RED);
    n = rect_path(el, 50, 40, 100, 100);
    s = shape(el, n, LAMINA_DRAW_SHAPE_FILL);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(50, 40, 64, 64, RED);
    /* Wholly outside: nothing. */
    n = rect_path(el, -50, 10, 40, 10);
    s = shape(el, n, LAMINA_DRAW_SHAPE_FILL);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);

    static lamina_path_element_t nested[10];
    rect_path(nested, 8, 8, 48, 48);
    rect_path(nested + 5, 24, 24, 16, 16); /* the same direction */
    s = shape(nested, 10, LAMINA_DRAW_SHAPE_FILL);
    with_shape(&s);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(at(30, 30), RED, 4); /* non-zero: winding 2 is inside */
    assert_memory_equal(at(8, 8), RED, 4);
    assert_memory_equal(at(7, 8), white, 4);
    s.fill_rule = LAMINA_FILL_RULE_EVEN_ODD;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(at(30, 30), white, 4); /* even-odd: a hole */
    assert_memory_equal(at(24, 24), white, 4);
    assert_memory_equal(at(23, 23), RED, 4);
    assert_memory_equal(at(40, 40), RED, 4);
}

/* RS-8.2, RS-8.6: a stroke is centred on the path; butt caps end at the end points, square caps
 * half the width beyond; round caps cover half a pixel partly. */
static void test_stroke_caps_exact(void **state) {
    (void)state;
    size_t n = line_path(el, 10, 20, 50, 20);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_STROKE);
    with_shape(&s);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(10, 18, 50, 22, RED);
    s.line_cap = LAMINA_LINE_CAP_SQUARE;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(8, 18, 52, 22, RED);
    s.line_cap = LAMINA_LINE_CAP_ROUND;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(at(9, 19), RED, 4);         /* inside the round end */
    assert_memory_equal(at(7, 17), white, 4);       /* outside it */
    assert_true(at(8, 18)[1] > 0 && at(8, 18)[1] < 255); /* the arc crosses this pixel */
    /* Fill and stroke: the stroke is on top (RS-8.2). */
    n = rect_path(el, 16, 16, 32, 32);
    s = shape(el, n, LAMINA_DRAW_SHAPE_FILL | LAMINA_DRAW_SHAPE_STROKE);
    s.fill_color = (lamina_color_t){0, 0, 1, 1};
    with_shape(&s);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(at(17, 30), RED, 4);     /* the stroke's inner half over the fill */
    assert_memory_equal(at(14, 30), RED, 4);     /* its outer half */
    const uint8_t blue[4] = {0, 0, 255, 255};
    assert_memory_equal(at(18, 30), blue, 4);
    assert_memory_equal(at(13, 30), white, 4);
}

/* RS-8.6: dashes 8 on 8 off; the phase shifts them; an odd list repeats; all zero is solid.
 * RS-8.3: stroke start and end trim by the arc length. */
static void test_dashes_and_trim_exact(void **state) {
    (void)state;
    size_t n = line_path(el, 0, 20, 64, 20);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_STROKE);
    const double d88[2] = {8, 8}, d8[1] = {8}, d00[2] = {0, 0};
    s.line_dash_pattern = d88;
    s.line_dash_count = 2;
    with_shape(&s);
    for (int pass = 0; pass < 3; pass++) {
        if (pass == 1) { /* odd: [8] acts as [8, 8] */
            s.line_dash_pattern = d8;
            s.line_dash_count = 1;
        }
        if (pass == 2) s.line_dash_phase = 4;
        assert_int_equal(draw(recs), LAMINA_STATUS_OK);
        for (int x = 0; x < SIDE; x++) {
            int on = pass == 2 ? ((x + 4) / 8) % 2 == 0 : (x / 8) % 2 == 0;
            assert_memory_equal(at(x, 19), on ? RED : white, 4);
            assert_memory_equal(at(x, 23), white, 4);
        }
    }
    s.line_dash_pattern = d00;
    s.line_dash_count = 2;
    s.line_dash_phase = 0;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(0, 18, 64, 22, RED);
    /* Partial: 0.25 ... 0.5 of 64 points. */
    s.line_dash_pattern = NULL;
    s.line_dash_count = 0;
    s.stroke_start = 0.25;
    s.stroke_end = 0.5;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(16, 18, 32, 22, RED);
    /* Start >= end: nothing (RS-8.3). */
    s.stroke_start = 0.5;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
}

static void with_gradient(const lamina_draw_gradient_t *g) {
    memcpy(recs, base, sizeof recs);
    recs[1].layer_kind = LAMINA_LAYER_KIND_GRADIENT;
    recs[1].gradient = g;
}

static void assert_near(int v, int want, int tol) {
    if (abs(v - want) > tol) fail_msg("%d is not within %d of %d", v, tol, want);
}

/* RS-9.4-9.9: values of axial, radial and conic gradients; padding; hard steps; straight
 * interpolation. Tolerance 1/255 (float rounding). */
static void test_gradient_values(void **state) {
    (void)state;
    const lamina_color_t bw[2] = {{0, 0, 0, 1}, {1, 1, 1, 1}};
    const double l2[2] = {0, 1};
    lamina_draw_gradient_t g = record_gradient(LAMINA_GRADIENT_AXIAL, bw, l2, 2, 0, 0.5, 1, 0.5);
    with_gradient(&g);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    for (int x = 0; x < SIDE; x++) assert_near(at(x, 30)[0], (int)lround((x + 0.5) / SIDE * 255), 1);
    /* Padding past the ends (RS-9.4): start at 1/4, end at 3/4. */
    g = record_gradient(LAMINA_GRADIENT_AXIAL, bw, l2, 2, 0.25, 0.5, 0.75, 0.5);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_int_equal(at(5, 30)[0], 0);
    assert_int_equal(at(60, 30)[0], 255);
    assert_near(at(32, 30)[0], (int)lround((32.5 - 16) / 32 * 255), 1);
    /* A hard step at equal locations. */
    const lamina_color_t rb4[4] = {{1, 0, 0, 1}, {1, 0, 0, 1}, {0, 0, 1, 1}, {0, 0, 1, 1}};
    const double l4[4] = {0, 0.5, 0.5, 1};
    g = record_gradient(LAMINA_GRADIENT_AXIAL, rb4, l4, 4, 0, 0.5, 1, 0.5);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    const uint8_t blue[4] = {0, 0, 255, 255};
    for (int x = 0; x < SIDE; x++) assert_memory_equal(at(x, 10), x < 32 ? RED : blue, 4);
    /* A step between pixel centres is antialiased: at location 32.5 / 64 the pixel across it
     * (centre 32.5) is half red, half blue. */
    const double l4h[4] = {0, 32.5 / 64, 32.5 / 64, 1};
    g = record_gradient(LAMINA_GRADIENT_AXIAL, rb4, l4h, 4, 0, 0.5, 1, 0.5);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_near(at(32, 10)[0], 128, 3);
    assert_near(at(32, 10)[2], 128, 3);
    assert_memory_equal(at(31, 10), RED, 4);
    assert_memory_equal(at(33, 10), blue, 4);
    /* RS-9.9: transparent white to opaque black interpolates straight: at t = 0.5 (0.5, 0.5,
     * 0.5) at alpha 0.5, 0.75 over white (191); premultiplied interpolation would give 0.5 (128). */
    const lamina_color_t tw[2] = {{1, 1, 1, 0}, {0, 0, 0, 1}};
    g = record_gradient(LAMINA_GRADIENT_AXIAL, tw, l2, 2, 0, 0.5, 1, 0.5);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    /* t = 0.5: straight (0.5, 0.5, 0.5, 0.5) over white = 0.75 -> 191. */
    assert_near((at(31, 30)[0] + at(32, 30)[0]) / 2, 191, 2);
    /* S = E: the last colour (RS-9.6). */
    const lamina_color_t wb[2] = {{1, 1, 1, 1}, {0, 0, 0, 1}};
    g = record_gradient(LAMINA_GRADIENT_AXIAL, wb, l2, 2, 0.5, 0.5, 0.5, 0.5);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(at(3, 3), ((uint8_t[4]){0, 0, 0, 255}), 4);
    /* Radial (RS-9.7): centre black, t = 1 at 16 points (end (0.75, 0.5), zero y axis: a circle). */
    g = record_gradient(LAMINA_GRADIENT_RADIAL, bw, l2, 2, 0.5, 0.5, 0.75, 0.5);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_near(at(32, 32)[0], (int)lround(hypot(0.5, 0.5) / 16 * 255), 2); /* by the centre */
    /* 8 points up: t = |(0.5, 7.5)| / 16 (a circle, not an ellipse). */
    assert_near(at(32, 24)[0], (int)lround(hypot(0.5, 7.5) / 16 * 255), 2);
    assert_int_equal(at(32, 5)[0], 255);       /* past t = 1: padded */
    /* Conic (RS-9.8): 0 along +x growing toward +y (clockwise on the y-down screen). */
    g = record_gradient(LAMINA_GRADIENT_CONIC, bw, l2, 2, 0.5, 0.5, 1, 0.5);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_near(at(32, 56)[0], 64, 4);  /* straight down: a quarter turn */
    assert_near(at(8, 32)[0], 128, 4);  /* left: half */
    assert_near(at(32, 8)[0], 191, 4);  /* up: three quarters */
    assert_true(at(60, 33)[0] < 10);   /* just below +x: the start */
    assert_true(at(60, 30)[0] > 245);  /* just above: the seam's other side */
    /* The seam is antialiased: through pixel centres (S at y = 32.5), grey on the seam. */
    g = record_gradient(LAMINA_GRADIENT_CONIC, bw, l2, 2, 0.5, 32.5 / 64, 1, 32.5 / 64);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_near(at(50, 32)[0], 128, 3);
}

/* RS-9.10: a radial gradient's focal point. On the line through S and F the answer is known by
 * hand: t = |p - F| / (the distance from F to the edge that way). Black at F, white at the edge;
 * tolerance 2/255 (5 at F, where the antialiasing filter along t meets the padded end). */
static void test_gradient_focal(void **state) {
    (void)state;
    const lamina_color_t bw[2] = {{0, 0, 0, 1}, {1, 1, 1, 1}};
    const double l2[2] = {0, 1};
    const double c = 32.5 / 64; /* S on pixel centre (32, 32) */
    /* A circle of radius 16 (end (c + 0.25, c), zero y axis), F 8 points right of S. */
    lamina_draw_gradient_t g = record_gradient(LAMINA_GRADIENT_RADIAL, bw, l2, 2, c, c, c + 0.25, c);
    g.focal_point = (lamina_point_t){c + 8.0 / 64, c};
    with_gradient(&g);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_near(at(40, 32)[0], 0, 5); /* F: t = 0 (the pixel-wide filter along t lifts it a little) */
    assert_near(at(44, 32)[0], 128, 2);                    /* 4 of 8 to the right edge */
    assert_near(at(28, 32)[0], 128, 2);                    /* 12 of 24 to the left edge (not 64) */
    assert_near(at(22, 32)[0], (int)lround(18.0 / 24 * 255), 2);
    assert_near(at(50, 32)[0], 255, 0);                    /* past the edge: padded */
    /* Off the axis: along F -> p, the edge is s = -f.u + sqrt((f.u)^2 + 1 - |f|^2) radii away. */
    for (int y = 20; y <= 44; y += 6) {
        if (y == 32) continue;
        double l = fabs(y - 32) / 16.0, sd = sqrt(1 - 0.25); /* f = (0.5, 0), u vertical */
        assert_near(at(40, y)[0], (int)lround(fmin(l / sd, 1) * 255), 2);
    }
    /* An ellipse (a = 16, b = 8) with F half-way down its short axis: 4 points down to the
     * edge, 12 up; t = 0.5 two points below F and six above. */
    g = record_gradient(LAMINA_GRADIENT_RADIAL, bw, l2, 2, c, c, c + 0.25, c + 0.125);
    g.focal_point = (lamina_point_t){c, c + 4.0 / 64};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_near(at(32, 36)[0], 0, 5);
    assert_near(at(32, 38)[0], 128, 2);
    assert_near(at(32, 30)[0], 128, 2);
    /* On or past the edge: moved to 0.99 of the way (F.x = 32.5 + 15.84). */
    g = record_gradient(LAMINA_GRADIENT_RADIAL, bw, l2, 2, c, c, c + 0.25, c);
    g.focal_point = (lamina_point_t){c + 20.0 / 64, c};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    double f99 = 32.5 + 0.99 * 16;
    assert_near(at(44, 32)[0], (int)lround((f99 - 44.5) / (f99 - 16.5) * 255), 2);
    assert_near(at(24, 32)[0], (int)lround((f99 - 24.5) / (f99 - 16.5) * 255), 2);
    /* A non-finite focal point, or one equal to S, draws RS-9.7's gradient exactly. */
    g = record_gradient(LAMINA_GRADIENT_RADIAL, bw, l2, 2, c, c, c + 0.25, c);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    uint8_t centred[sizeof px];
    memcpy(centred, px, sizeof px);
    assert_near(at(44, 32)[0], (int)lround(12.0 / 16 * 255), 2);
    g.focal_point = (lamina_point_t){NAN, INFINITY};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, centred, sizeof px);
    /* Axial and conic gradients ignore it. */
    g = record_gradient(LAMINA_GRADIENT_AXIAL, bw, l2, 2, 0, 0.5, 1, 0.5);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    memcpy(centred, px, sizeof px);
    g.focal_point = (lamina_point_t){0.9, 0.1};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, centred, sizeof px);
}

/* RS-13: the instance colour multiplies the background, shapes and gradients; (1, 1, 1, 1) and
 * records older than the field draw exactly as before. */
static void test_instance_color(void **state) {
    (void)state;
    memcpy(recs, base, sizeof recs);
    recs[1].flags |= LAMINA_DRAW_HAS_BACKGROUND;
    recs[1].background_color = (lamina_color_t){1, 1, 0, 1};
    recs[1].instance_color = (lamina_color_t){1, 0.5, 1, 1};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_int_equal(at(10, 10)[0], 255);
    assert_near(at(10, 10)[1], 128, 1);
    assert_int_equal(at(10, 10)[2], 0);
    recs[1].instance_color = (lamina_color_t){1, 1, 1, 0.5}; /* alpha: half over white */
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_near(at(10, 10)[2], 128, 1);
    /* Default and NaN: as without the field. */
    recs[1].instance_color = (lamina_color_t){1, 1, 1, 1};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    uint8_t before[sizeof px];
    memcpy(before, px, sizeof px);
    recs[1].instance_color = (lamina_color_t){NAN, NAN, NAN, NAN};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, before, sizeof px);
    /* A record too old for the kind fields: they are not read (garbage there is harmless). */
    recs[1].struct_size = (uint32_t)offsetof(lamina_draw_record_t, layer_kind);
    recs[1].instance_color = (lamina_color_t){0, 0, 0, 0};
    recs[1].shape = (const lamina_draw_shape_t *)(uintptr_t)16;
    recs[1].gradient = (const lamina_draw_gradient_t *)(uintptr_t)16;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, before, sizeof px);
    /* The shape's and gradient's colours. */
    size_t n = rect_path(el, 0, 0, 32, 64);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_FILL);
    s.fill_color = (lamina_color_t){1, 1, 1, 1};
    with_shape(&s);
    recs[1].instance_color = (lamina_color_t){0, 1, 0, 1};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    const uint8_t green[4] = {0, 255, 0, 255};
    assert_memory_equal(at(10, 10), green, 4);
    const lamina_color_t ww[2] = {{1, 1, 1, 1}, {1, 1, 1, 1}};
    const double l2[2] = {0, 1};
    lamina_draw_gradient_t g = record_gradient(LAMINA_GRADIENT_AXIAL, ww, l2, 2, 0.5, 0, 0.5, 1);
    with_gradient(&g);
    recs[1].instance_color = (lamina_color_t){0, 0, 1, 1};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(at(50, 50), ((uint8_t[4]){0, 0, 255, 255}), 4);
}

/* Bad input draws nothing for that part, with a status of OK, and never crashes or hangs. */
static void test_bad_shapes(void **state) {
    (void)state;
    size_t n = line_path(el, 10, 20, 50, 20);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_STROKE | LAMINA_DRAW_SHAPE_FILL);
    with_shape(&s);
    /* NULL path, count 0. */
    s.path = NULL;
    s.path_count = 0;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    /* A huge count (not read: over the element limit). */
    s.path = el;
    s.path_count = SIZE_MAX;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    /* NaN and infinite points. */
    lamina_path_element_t bad[3];
    line_path(bad, 10, 20, NAN, 20);
    bad[2] = (lamina_path_element_t){LAMINA_PATH_CUBIC, 0, {{INFINITY, 0}, {0, 0}, {5, 5}}};
    s.path = bad;
    s.path_count = 3;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    /* Points far beyond any viewport (float overflow in the shader): nothing. */
    line_path(bad, 10, 20, 1e300, 20);
    s.path_count = 2;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    /* Zero, negative, NaN and infinite widths: no stroke. */
    s.path = el;
    s.path_count = n;
    s.flags = LAMINA_DRAW_SHAPE_STROKE;
    const double widths[4] = {0, -3, NAN, INFINITY};
    for (int i = 0; i < 4; i++) {
        s.line_width = widths[i];
        assert_int_equal(draw(recs), LAMINA_STATUS_OK);
        assert_memory_equal(px, white, sizeof px);
    }
    s.line_width = 4;
    /* Absurd dash patterns: tiny lengths (past the dash segment cap): nothing. */
    const double tiny[2] = {1e-9, 1e-9}, small[2] = {1e-3, 1e-3}, denorm[2] = {5e-324, 0};
    const double *pats[3] = {tiny, small, denorm};
    for (int i = 0; i < 3; i++) {
        s.line_dash_pattern = pats[i];
        s.line_dash_count = 2;
        s.line_dash_phase = 1e300;
        assert_int_equal(draw(recs), LAMINA_STATUS_OK);
        assert_memory_equal(px, white, sizeof px);
    }
    /* A dash count past the API's limit is not read. */
    s.line_dash_pattern = tiny;
    s.line_dash_count = SIZE_MAX;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    s.line_dash_count = 2;
    /* Negative or NaN entries: solid; a NaN phase counts as 0. */
    const double neg[2] = {-4, 4}, nan2[2] = {NAN, 4};
    s.line_dash_pattern = neg;
    s.line_dash_phase = NAN;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(10, 18, 50, 22, RED);
    s.line_dash_pattern = nan2;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(10, 18, 50, 22, RED);
    s.line_dash_pattern = NULL;
    s.line_dash_count = 0;
    /* Unknown caps, joins and fill rules; NaN miter limit and trim. */
    s.line_cap = 99;
    s.line_join = -5;
    s.miter_limit = NAN;
    s.stroke_start = NAN;
    s.stroke_end = NAN;
    s.fill_rule = 42;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_box(10, 18, 50, 22, RED); /* butt caps, the whole line */
    /* Very many elements: over the flattened point limit, nothing; a long valid path draws. */
    size_t big = 300000;
    lamina_path_element_t *many = calloc(big, sizeof *many);
    assert_non_null(many);
    for (size_t i = 0; i < big; i++)
        many[i] = (lamina_path_element_t){i ? LAMINA_PATH_LINE : LAMINA_PATH_MOVE, 0,
                                          {{(double)(i % 2) * 40 + 10, 10 + (double)i * 40 / big}, {0, 0}, {0, 0}}};
    s = shape(many, big, LAMINA_DRAW_SHAPE_STROKE);
    with_shape(&s);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    s.path_count = 2000;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    free(many);
    /* Gradients: one stop, too many, NULL arrays, NaN locations. */
    const lamina_color_t bw[2] = {{0, 0, 0, 1}, {1, 1, 1, 1}};
    const double l2[2] = {0, 1}, lnan[2] = {NAN, NAN};
    lamina_draw_gradient_t g = record_gradient(LAMINA_GRADIENT_AXIAL, bw, l2, 1, 0, 0, 1, 1);
    with_gradient(&g);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    g.count = 1u << 20;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    g.count = 2;
    g.colors = NULL;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_memory_equal(px, white, sizeof px);
    g.colors = bw;
    g.locations = lnan;
    g.type = 77;
    g.start_point = (lamina_point_t){NAN, 0};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    g.start_point = (lamina_point_t){0, 0};
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
}

/* Costs: a shape's fill and stroke are a draw call each, after the batch before them. Drawing
 * the same frame again gives the same figures (buffers and textures are reused). */
static void test_draw_calls(void **state) {
    (void)state;
    size_t n = rect_path(el, 16, 16, 32, 32);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_FILL | LAMINA_DRAW_SHAPE_STROKE);
    with_shape(&s);
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(draw(recs), LAMINA_STATUS_OK);
        assert_int_equal(lamina_gles_renderer_get_stats(renderer, &st), LAMINA_STATUS_OK);
        assert_int_equal(st.draw_calls, 2); /* the fill, the stroke (the opaque root is the clear) */
    }
    const lamina_color_t bw[2] = {{0, 0, 0, 1}, {1, 1, 1, 1}};
    const double l2[2] = {0, 1};
    lamina_draw_gradient_t g = record_gradient(LAMINA_GRADIENT_AXIAL, bw, l2, 2, 0, 0, 1, 1);
    with_gradient(&g);
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    assert_int_equal(lamina_gles_renderer_get_stats(renderer, &st), LAMINA_STATUS_OK);
    assert_int_equal(st.draw_calls, 1); /* the gradient (the opaque root is the clear) */
}

/* RS-9.2, RS-8.2: the gradient lies over the background and under the contents; the shape over
 * the contents (and the border over the shape). Nearest filtering keeps the image's halves
 * exact. */
static void test_order(void **state) {
    (void)state;
    uint8_t img[4 * 4 * 4];
    for (int i = 0; i < 16; i++) { /* left half opaque blue, right half clear */
        uint8_t *p = img + 4 * i;
        int left = (i % 4) < 2;
        p[0] = 0;
        p[1] = 0;
        p[2] = left ? 255 : 0;
        p[3] = left ? 255 : 0;
    }
    lamina_image_t im = LAMINA_IMAGE_NONE;
    assert_int_equal(lamina_image_create_rgba8(engine, 4, 4, img, sizeof img, 1, &im), LAMINA_STATUS_OK);
    lamina_value_t nearest;
    memset(&nearest, 0, sizeof nearest);
    nearest.type = LAMINA_VALUE_STRING;
    nearest.u.string = "nearest";
    assert_int_equal(lamina_transaction_begin(engine), LAMINA_STATUS_OK);
    assert_int_equal(lamina_transaction_set_disable_actions(engine, 1), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_contents(engine, leaf, im), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_value(engine, leaf, "magnificationFilter", &nearest), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_color(engine, leaf, "backgroundColor", (lamina_color_t){0, 1, 0, 1}),
                     LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_number(engine, leaf, "borderWidth", 2), LAMINA_STATUS_OK);
    assert_int_equal(lamina_transaction_commit(engine), LAMINA_STATUS_OK);
    assert_int_equal(lamina_image_release(im), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_tick(engine, 0), LAMINA_STATUS_OK);
    const lamina_draw_record_t *list = NULL;
    size_t count = 0;
    assert_int_equal(lamina_engine_draw_list(engine, root, 0, &list, &count), LAMINA_STATUS_OK);
    assert_int_equal(count, 2);
    memcpy(recs, list, sizeof recs);
    recs[0].struct_size = recs[1].struct_size = sizeof recs[0];
    const lamina_color_t reds[2] = {{1, 0, 0, 1}, {1, 0, 0, 1}};
    const double l2[2] = {0, 1};
    lamina_draw_gradient_t g = record_gradient(LAMINA_GRADIENT_AXIAL, reds, l2, 2, 0.5, 0, 0.5, 1);
    size_t n = rect_path(el, 24, 0, 16, 64);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_FILL);
    s.fill_color = (lamina_color_t){1, 1, 0, 1};
    recs[1].gradient = &g;
    recs[1].shape = &s;
    assert_int_equal(draw(recs), LAMINA_STATUS_OK);
    const uint8_t blue[4] = {0, 0, 255, 255}, yellow[4] = {255, 255, 0, 255}, black[4] = {0, 0, 0, 255};
    assert_memory_equal(at(10, 30), blue, 4);   /* contents over the gradient */
    assert_memory_equal(at(50, 30), RED, 4);    /* the gradient over the green background */
    assert_memory_equal(at(30, 30), yellow, 4); /* the shape over the contents */
    assert_memory_equal(at(30, 0), black, 4);   /* the border over the shape */
    /* Back to a clear leaf for the other tests. */
    assert_int_equal(lamina_transaction_begin(engine), LAMINA_STATUS_OK);
    assert_int_equal(lamina_transaction_set_disable_actions(engine, 1), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_contents(engine, leaf, LAMINA_IMAGE_NONE), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_number(engine, leaf, "borderWidth", 0), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_color(engine, leaf, "backgroundColor", (lamina_color_t){0, 0, 0, 0}),
                     LAMINA_STATUS_OK);
    assert_int_equal(lamina_transaction_commit(engine), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_tick(engine, 0), LAMINA_STATUS_OK);
}

/* RS-8.1 for a shape as large as a 1920 x 1080 canvas: its binned cells and edge lists pass
 * 2^15 texels, which a fragment shader's default (mediump, 16-bit on Mesa) int cannot index;
 * the fill then came out in horizontal bands. Every pixel of the frame is red, exactly. */
static void test_large_fill_whole(void **state) {
    (void)state;
    enum { W = 1920, H = 1080 };
    GLuint big_fbo, big_rb;
    glGenFramebuffers(1, &big_fbo);
    glGenRenderbuffers(1, &big_rb);
    glBindRenderbuffer(GL_RENDERBUFFER, big_rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glBindFramebuffer(GL_FRAMEBUFFER, big_fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, big_rb);
    glViewport(0, 0, W, H);
    size_t n = rect_path(el, 0, 0, W, H);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_FILL);
    with_shape(&s);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= LAMINA_GLES_FRAME_CLEAR;
    frame.clear_color = (lamina_color_t){1, 1, 1, 1};
    lamina_status_t st = lamina_gles_renderer_draw(renderer, engine, recs, 2, 0, &frame);
    uint8_t *big = malloc((size_t)W * H * 4);
    assert_non_null(big);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, big);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glViewport(0, 0, SIDE, SIDE);
    glDeleteFramebuffers(1, &big_fbo);
    glDeleteRenderbuffers(1, &big_rb);
    assert_int_equal(st, LAMINA_STATUS_OK);
    long wrong = 0, first = -1;
    for (long i = 0; i < (long)W * H; i++)
        if (memcmp(big + 4 * i, RED, 4) != 0) {
            if (first < 0) first = i;
            wrong++;
        }
    free(big);
    if (wrong)
        fail_msg("%ld of %d pixels are not red, the first at (%ld, %ld) from the top", wrong, W * H,
                 first % W, H - 1 - first / W);
}

/* R16.9: the four mask modes. A red 40 x 40 layer at (10, 10) has a mask over its left half
 * of colour (0.5, 0.5, 0.5) at alpha 0.5 (premultiplied 0.25, 0.25, 0.25, 0.5); over white,
 * the layer's coverage g shows as green = 255 (1 - g). Left half, right half: alpha 0.5, 0;
 * alphaInverted 0.5, 1; luminance 0.25, 0; luminanceInverted 0.75, 1. A hidden mask draws
 * nothing: it hides the layer in the alpha modes and shows all of it in the inverted ones. */
static void test_mask_modes(void **state) {
    (void)state;
    static const char *modes[4] = {"alpha", "alphaInverted", "luminance", "luminanceInverted"};
    static const double gate[4][2] = {{0.5, 0}, {0.5, 1}, {0.25, 0}, {0.75, 1}};
    for (int m = 0; m < 4; m++)
        for (int hidden = 0; hidden < 2; hidden++) {
            lamina_engine_t *e = NULL;
            lamina_layer_t r, host, mask;
            assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_create(e, &r), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_create(e, &host), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_create(e, &mask), LAMINA_STATUS_OK);
            lamina_layer_set_bounds(e, r, (lamina_rect_t){{0, 0}, {SIDE, SIDE}});
            lamina_layer_set_position(e, r, (lamina_point_t){SIDE / 2.0, SIDE / 2.0});
            lamina_layer_set_color(e, r, "backgroundColor", (lamina_color_t){1, 1, 1, 1});
            lamina_layer_set_bounds(e, host, (lamina_rect_t){{0, 0}, {40, 40}});
            lamina_layer_set_position(e, host, (lamina_point_t){30, 30});
            lamina_layer_set_color(e, host, "backgroundColor", RED_C);
            lamina_layer_set_bounds(e, mask, (lamina_rect_t){{0, 0}, {20, 40}});
            lamina_layer_set_position(e, mask, (lamina_point_t){10, 20});
            lamina_layer_set_color(e, mask, "backgroundColor", (lamina_color_t){0.5, 0.5, 0.5, 0.5});
            if (hidden) assert_int_equal(lamina_layer_set_bool(e, mask, "hidden", 1), LAMINA_STATUS_OK);
            lamina_value_t v;
            memset(&v, 0, sizeof v);
            v.type = LAMINA_VALUE_STRING;
            v.u.string = modes[m];
            assert_int_equal(lamina_layer_set_value(e, host, "maskMode", &v), LAMINA_STATUS_OK);
            assert_int_equal(lamina_layer_set_mask(e, host, mask), LAMINA_STATUS_OK);
            lamina_layer_add_sublayer(e, r, host);
            assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);
            lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
            assert_int_equal(lamina_gles_renderer_render(renderer, e, r, 0, &frame), LAMINA_STATUS_OK);
            uint8_t tmp[SIDE * SIDE * 4];
            glReadPixels(0, 0, SIDE, SIDE, GL_RGBA, GL_UNSIGNED_BYTE, tmp);
            for (int y = 0; y < SIDE; y++) memcpy(px + y * SIDE * 4, tmp + (SIDE - 1 - y) * SIDE * 4, SIDE * 4);
            for (int y = 0; y < SIDE; y++)
                for (int x = 0; x < SIDE; x++) {
                    double g = 0;
                    if (x >= 10 && x < 50 && y >= 10 && y < 50) {
                        int right = x >= 30;
                        g = hidden ? (m == 1 || m == 3 ? 1 : 0) : gate[m][right];
                    }
                    int want = (int)lround(255 * (1 - g));
                    const uint8_t *p = at(x, y);
                    if (p[0] != 255 || abs(p[1] - want) > 2 || abs(p[2] - want) > 2)
                        fail_msg("maskMode %s%s: pixel (%d, %d) is (%u, %u, %u), expected (255, %d, %d) +- 2",
                                 modes[m], hidden ? " (mask hidden)" : "", x, y, p[0], p[1], p[2], want, want);
                }
            lamina_layer_release(e, mask);
            lamina_layer_release(e, host);
            lamina_layer_release(e, r);
            lamina_engine_destroy(e);
        }
}

/* A host viewport that does not start at the framebuffer's corner: shapes and gradients find
 * their pixels relative to it (gl_FragCoord is window-relative). */
static void test_viewport_offset(void **state) {
    (void)state;
    size_t n = rect_path(el, 10, 12, 30, 20);
    lamina_draw_shape_t s = shape(el, n, LAMINA_DRAW_SHAPE_FILL);
    with_shape(&s);
    glViewport(8, 8, 48, 48); /* GL's y up: the viewport's top is window row 64 - 56 = 8 */
    lamina_status_t st = draw(recs);
    glViewport(0, 0, SIDE, SIDE);
    assert_int_equal(st, LAMINA_STATUS_OK);
    for (int y = 8; y < 56; y++)
        for (int x = 8; x < 56; x++) {
            int in = x >= 18 && x < 48 && y >= 20 && y < 40;
            if (memcmp(at(x, y), in ? RED : white, 4) != 0)
                fail_msg("pixel (%d, %d) is (%u, %u, %u, %u)", x, y, at(x, y)[0], at(x, y)[1],
                         at(x, y)[2], at(x, y)[3]);
        }
}

/* The same for the clip boxes of masking ancestors (RS-5.4): a square masksToBounds parent
 * clips its overflowing red child to its bounds under a viewport at (8, 8). */
static void test_viewport_offset_clip(void **state) {
    (void)state;
    lamina_engine_t *e = NULL;
    lamina_layer_t r, p, c;
    assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_create(e, &r), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_create(e, &p), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_create(e, &c), LAMINA_STATUS_OK);
    lamina_layer_set_bounds(e, r, (lamina_rect_t){{0, 0}, {SIDE, SIDE}});
    lamina_layer_set_position(e, r, (lamina_point_t){SIDE / 2.0, SIDE / 2.0});
    lamina_layer_set_color(e, r, "backgroundColor", (lamina_color_t){1, 1, 1, 1});
    lamina_layer_set_bounds(e, p, (lamina_rect_t){{0, 0}, {30, 30}});
    lamina_layer_set_position(e, p, (lamina_point_t){25, 25});
    lamina_layer_set_bool(e, p, "masksToBounds", 1);
    lamina_layer_set_bounds(e, c, (lamina_rect_t){{0, 0}, {60, 60}});
    lamina_layer_set_position(e, c, (lamina_point_t){30, 30});
    lamina_layer_set_color(e, c, "backgroundColor", RED_C);
    lamina_layer_add_sublayer(e, r, p);
    lamina_layer_add_sublayer(e, p, c);
    assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);
    glViewport(8, 8, 48, 48);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    assert_int_equal(lamina_gles_renderer_render(renderer, e, r, 0, &frame), LAMINA_STATUS_OK);
    glViewport(0, 0, SIDE, SIDE);
    uint8_t tmp[SIDE * SIDE * 4];
    glReadPixels(0, 0, SIDE, SIDE, GL_RGBA, GL_UNSIGNED_BYTE, tmp);
    for (int y = 0; y < SIDE; y++) memcpy(px + y * SIDE * 4, tmp + (SIDE - 1 - y) * SIDE * 4, SIDE * 4);
    for (int y = 8; y < 56; y++)
        for (int x = 8; x < 56; x++) {
            int in = x >= 18 && x < 48 && y >= 18 && y < 48;
            if (memcmp(at(x, y), in ? RED : white, 4) != 0)
                fail_msg("pixel (%d, %d) is (%u, %u, %u, %u)", x, y, at(x, y)[0], at(x, y)[1],
                         at(x, y)[2], at(x, y)[3]);
        }
    lamina_layer_release(e, c);
    lamina_layer_release(e, p);
    lamina_layer_release(e, r);
    lamina_engine_destroy(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fill_exact_and_rules),
        cmocka_unit_test(test_stroke_caps_exact),
        cmocka_unit_test(test_dashes_and_trim_exact),
        cmocka_unit_test(test_gradient_values),
        cmocka_unit_test(test_gradient_focal),
        cmocka_unit_test(test_instance_color),
        cmocka_unit_test(test_bad_shapes),
        cmocka_unit_test(test_draw_calls),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_viewport_offset),
        cmocka_unit_test(test_viewport_offset_clip),
        cmocka_unit_test(test_large_fill_whole),
        cmocka_unit_test(test_mask_modes),
    };
    return cmocka_run_group_tests_name("gles-shapes", tests, setup, teardown);
}
