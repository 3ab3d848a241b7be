/* SPDX-License-Identifier: Apache-2.0 */
/* Record scenes: see record_scenes.h. */
#include "record_scenes.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "../../renderer/scenes/headless_gl.h"

#define TRY(call)                                                                              \
    do {                                                                                       \
        lamina_status_t s_ = (call);                                                           \
        if (s_) return s_;                                                                     \
    } while (0)

static const lamina_color_t WHITE = {1, 1, 1, 1}, NONE = {0, 0, 0, 0},
                            GREY = {0.85, 0.85, 0.85, 1}, ORANGE = {1, 0.55, 0, 1},
                            BLUE = {0.1, 0.3, 0.9, 1}, TEAL = {0, 0.6, 0.6, 1},
                            RED = {0.9, 0.1, 0.1, 1}, BLACK = {0, 0, 0, 1},
                            YELLOW = {1, 0.85, 0.1, 1}, GREEN = {0, 0.6, 0.2, 1},
                            PURPLE = {0.5, 0.2, 0.7, 1};

/* A sublayer of `parent` with bounds (0, 0, w, h) and its frame's top-left at (x, y). */
static lamina_status_t add(lamina_engine_t *e, lamina_layer_t parent, double x, double y, double w,
                           double h, lamina_color_t bg, lamina_layer_t *out) {
    lamina_layer_t l;
    TRY(lamina_layer_create(e, &l));
    TRY(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {w, h}}));
    TRY(lamina_layer_set_position(e, l, (lamina_point_t){x + w / 2, y + h / 2}));
    if (bg.a > 0) TRY(lamina_layer_set_color(e, l, "backgroundColor", bg));
    TRY(lamina_layer_add_sublayer(e, parent, l));
    TRY(lamina_layer_release(e, l));
    if (out) *out = l;
    return LAMINA_STATUS_OK;
}

/* A grid of `n` w x h layers, `cols` a row, from (x0, y0) with gaps (gx, gy). */
static lamina_status_t grid(lamina_engine_t *e, lamina_layer_t root, int n, int cols, double x0,
                            double y0, double w, double h, double gx, double gy, lamina_color_t bg) {
    for (int i = 0; i < n; i++)
        TRY(add(e, root, x0 + (i % cols) * (w + gx), y0 + (i / cols) * (h + gy), w, h, bg, NULL));
    return LAMINA_STATUS_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Paths                                                                                     */
/* ---------------------------------------------------------------------------------------- */

typedef struct path {
    lamina_path_element_t el[64];
    size_t n;
} path_t;

static void M(path_t *p, double x, double y) {
    p->el[p->n++] = (lamina_path_element_t){LAMINA_PATH_MOVE, 0, {{x, y}, {0, 0}, {0, 0}}};
}
static void L(path_t *p, double x, double y) {
    p->el[p->n++] = (lamina_path_element_t){LAMINA_PATH_LINE, 0, {{x, y}, {0, 0}, {0, 0}}};
}
static void Q(path_t *p, double cx, double cy, double x, double y) {
    p->el[p->n++] = (lamina_path_element_t){LAMINA_PATH_QUAD, 0, {{cx, cy}, {x, y}, {0, 0}}};
}
static void C(path_t *p, double ax, double ay, double bx, double by, double x, double y) {
    p->el[p->n++] = (lamina_path_element_t){LAMINA_PATH_CUBIC, 0, {{ax, ay}, {bx, by}, {x, y}}};
}
static void Z(path_t *p) {
    p->el[p->n++] = (lamina_path_element_t){LAMINA_PATH_CLOSE, 0, {{0, 0}, {0, 0}, {0, 0}}};
}

/* An ellipse of centre (cx, cy) and radii (rx, ry), from the top, clockwise on a y-down
 * screen (4 cubics); `ccw` runs it the other way. */
static void ellipse(path_t *p, double cx, double cy, double rx, double ry, int ccw) {
    const double k = 0.5522847498;
    double s = ccw ? -1 : 1;
    M(p, cx, cy - ry);
    C(p, cx + s * k * rx, cy - ry, cx + s * rx, cy - k * ry, cx + s * rx, cy);
    C(p, cx + s * rx, cy + k * ry, cx + s * k * rx, cy + ry, cx, cy + ry);
    C(p, cx - s * k * rx, cy + ry, cx - s * rx, cy + k * ry, cx - s * rx, cy);
    C(p, cx - s * rx, cy - k * ry, cx - s * k * rx, cy - ry, cx, cy - ry);
    Z(p);
}

static void rect(path_t *p, double x, double y, double w, double h, int ccw) {
    M(p, x, y);
    if (ccw) {
        L(p, x, y + h);
        L(p, x + w, y + h);
        L(p, x + w, y);
    } else {
        L(p, x + w, y);
        L(p, x + w, y + h);
        L(p, x, y + h);
    }
    Z(p);
}

/* A five-pointed star drawn as one self-intersecting pentagram. */
static void star(path_t *p, double cx, double cy, double r) {
    for (int i = 0; i < 5; i++) {
        double a = -M_PI / 2 + i * 4 * M_PI / 5;
        if (i == 0) M(p, cx + r * cos(a), cy + r * sin(a));
        else L(p, cx + r * cos(a), cy + r * sin(a));
    }
    Z(p);
}

static lamina_draw_shape_t shape_base(const path_t *p) {
    lamina_draw_shape_t s;
    memset(&s, 0, sizeof s);
    s.path = p->el;
    s.path_count = p->n;
    s.fill_color = BLACK;
    s.line_width = 1;
    s.miter_limit = 10;
    s.stroke_end = 1;
    return s;
}

static lamina_draw_shape_t fill_shape(const path_t *p, lamina_color_t c, int rule) {
    lamina_draw_shape_t s = shape_base(p);
    s.flags = LAMINA_DRAW_SHAPE_FILL;
    s.fill_color = c;
    s.fill_rule = rule;
    return s;
}

static lamina_draw_shape_t stroke_shape(const path_t *p, lamina_color_t c, double width, int cap,
                                        int join) {
    lamina_draw_shape_t s = shape_base(p);
    s.flags = LAMINA_DRAW_SHAPE_STROKE;
    s.stroke_color = c;
    s.line_width = width;
    s.line_cap = cap;
    s.line_join = join;
    return s;
}

static void set_shape(lamina_draw_record_t *r, const lamina_draw_shape_t *s) {
    r->layer_kind = LAMINA_LAYER_KIND_SHAPE;
    r->shape = s;
}

/* ---------------------------------------------------------------------------------------- */
/* Fills (RS-8.1): the same three paths, non-zero and even-odd                               */
/* ---------------------------------------------------------------------------------------- */

static path_t fill_paths[3];
static lamina_draw_shape_t fill_shapes[3];

static lamina_status_t build_three(lamina_engine_t *e, lamina_layer_t root) {
    return grid(e, root, 3, 3, 10, 10, 100, 100, 10, 10, GREY);
}

static void make_fill_paths(void) {
    memset(fill_paths, 0, sizeof fill_paths);
    star(&fill_paths[0], 50, 53, 46);
    rect(&fill_paths[1], 8, 8, 84, 84, 0); /* nested squares, the same direction */
    rect(&fill_paths[1], 30, 30, 40, 40, 0);
    ellipse(&fill_paths[2], 50, 50, 44, 44, 0); /* a circle with a square running the other way */
    rect(&fill_paths[2], 30, 30, 40, 40, 1);
    Q(&fill_paths[2], 0, 0, 0, 0); /* ignored after a close: starts a new, empty subpath */
}

static void patch_fill(lamina_draw_record_t *recs, size_t n, int rule) {
    make_fill_paths();
    const lamina_color_t c[3] = {ORANGE, BLUE, TEAL};
    for (int i = 0; i < 3 && (size_t)i + 1 < n; i++) {
        fill_shapes[i] = fill_shape(&fill_paths[i], c[i], rule);
        set_shape(&recs[i + 1], &fill_shapes[i]);
    }
}

static void patch_fill_nonzero(lamina_draw_record_t *recs, size_t n) {
    patch_fill(recs, n, LAMINA_FILL_RULE_NON_ZERO);
}
static void patch_fill_evenodd(lamina_draw_record_t *recs, size_t n) {
    patch_fill(recs, n, LAMINA_FILL_RULE_EVEN_ODD);
}

/* ---------------------------------------------------------------------------------------- */
/* Strokes: caps, joins, miter limit (RS-8.6), fill under stroke (RS-8.2)                     */
/* ---------------------------------------------------------------------------------------- */

static path_t zig, vee, tri;
static lamina_draw_shape_t stroke_shapes[12];

static lamina_status_t build_strokes(lamina_engine_t *e, lamina_layer_t root) {
    /* Row 1: three zigzags, each with a hairline of its path on top (a second record). Row 2:
     * a sharp V under miter limits 10 and 2, a closed triangle filled and stroked. */
    for (int i = 0; i < 3; i++) {
        TRY(add(e, root, 10 + i * 115, 10, 105, 105, GREY, NULL));
        TRY(add(e, root, 10 + i * 115, 10, 105, 105, NONE, NULL));
    }
    for (int i = 0; i < 3; i++) {
        TRY(add(e, root, 10 + i * 115, 125, 105, 105, GREY, NULL));
        TRY(add(e, root, 10 + i * 115, 125, 105, 105, NONE, NULL));
    }
    return LAMINA_STATUS_OK;
}

static void patch_strokes(lamina_draw_record_t *recs, size_t n) {
    memset(&zig, 0, sizeof zig);
    memset(&vee, 0, sizeof vee);
    memset(&tri, 0, sizeof tri);
    M(&zig, 18, 85);
    L(&zig, 38, 22);
    L(&zig, 60, 85);
    L(&zig, 85, 22);
    M(&vee, 15, 22);
    L(&vee, 88, 52);
    L(&vee, 15, 82);
    M(&tri, 20, 85);
    L(&tri, 52, 20);
    L(&tri, 88, 85);
    Z(&tri);
    const int caps[3] = {LAMINA_LINE_CAP_BUTT, LAMINA_LINE_CAP_ROUND, LAMINA_LINE_CAP_SQUARE};
    const int joins[3] = {LAMINA_LINE_JOIN_MITER, LAMINA_LINE_JOIN_ROUND, LAMINA_LINE_JOIN_BEVEL};
    if (n < 13) return;
    for (int i = 0; i < 3; i++) {
        stroke_shapes[2 * i] = stroke_shape(&zig, TEAL, 14, caps[i], joins[i]);
        stroke_shapes[2 * i + 1] = stroke_shape(&zig, BLACK, 1, LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_MITER);
    }
    stroke_shapes[6] = stroke_shape(&vee, BLUE, 12, LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_MITER);
    stroke_shapes[7] = stroke_shape(&vee, BLACK, 1, LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_MITER);
    stroke_shapes[8] = stroke_shapes[6];
    stroke_shapes[8].miter_limit = 2; /* the V's miter is about 2.5 widths: a bevel */
    stroke_shapes[9] = stroke_shapes[7];
    /* Fill, then a translucent stroke centred on the path over it (RS-8.2). */
    stroke_shapes[10] = stroke_shape(&tri, (lamina_color_t){0.5, 0.2, 0.7, 0.6}, 12,
                                     LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_MITER);
    stroke_shapes[10].flags |= LAMINA_DRAW_SHAPE_FILL;
    stroke_shapes[10].fill_color = YELLOW;
    stroke_shapes[11] = stroke_shape(&tri, BLACK, 1, LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_MITER);
    for (int i = 0; i < 12; i++) set_shape(&recs[i + 1], &stroke_shapes[i]);
}

/* ---------------------------------------------------------------------------------------- */
/* Dashes (RS-8.6)                                                                           */
/* ---------------------------------------------------------------------------------------- */

static path_t dash_line, dash_zig, dash_circle;
static lamina_draw_shape_t dash_shapes[8];
static const double dash_a[2] = {20, 10}, dash_odd[1] = {15}, dash_zero[2] = {0, 0},
                    dash_dots[2] = {0, 12}, dash_mixed[4] = {20, 8, 4, 8}, dash_c[2] = {12, 6},
                    dash_z[2] = {30, 10};

static lamina_status_t build_dashes(lamina_engine_t *e, lamina_layer_t root) {
    for (int i = 0; i < 6; i++) TRY(add(e, root, 10, 10 + i * 24, 220, 20, GREY, NULL));
    TRY(add(e, root, 240, 10, 110, 110, GREY, NULL));
    TRY(add(e, root, 240, 130, 110, 40, GREY, NULL));
    return LAMINA_STATUS_OK;
}

static void patch_dashes(lamina_draw_record_t *recs, size_t n) {
    memset(&dash_line, 0, sizeof dash_line);
    memset(&dash_zig, 0, sizeof dash_zig);
    memset(&dash_circle, 0, sizeof dash_circle);
    M(&dash_line, 10, 10);
    L(&dash_line, 210, 10);
    ellipse(&dash_circle, 55, 55, 42, 42, 0);
    M(&dash_zig, 10, 30);
    L(&dash_zig, 55, 10);
    L(&dash_zig, 100, 30);
    if (n < 9) return;
    struct { const double *p; size_t n; double phase; int cap; double w; } d[6] = {
        {dash_a, 2, 0, LAMINA_LINE_CAP_BUTT, 6},      /* 20 on, 10 off */
        {dash_a, 2, 10, LAMINA_LINE_CAP_BUTT, 6},     /* the same, phase 10 */
        {dash_odd, 1, 0, LAMINA_LINE_CAP_BUTT, 6},    /* odd: 15 on, 15 off */
        {dash_zero, 2, 0, LAMINA_LINE_CAP_BUTT, 6},   /* all zero: solid */
        {dash_dots, 2, 0, LAMINA_LINE_CAP_ROUND, 8},  /* zero-length dashes, round caps: dots */
        {dash_mixed, 4, 0, LAMINA_LINE_CAP_SQUARE, 4} /* square caps reach into the gaps */
    };
    for (int i = 0; i < 6; i++) {
        dash_shapes[i] = stroke_shape(&dash_line, BLUE, d[i].w, d[i].cap, LAMINA_LINE_JOIN_MITER);
        dash_shapes[i].line_dash_pattern = d[i].p;
        dash_shapes[i].line_dash_count = d[i].n;
        dash_shapes[i].line_dash_phase = d[i].phase;
        set_shape(&recs[i + 1], &dash_shapes[i]);
    }
    dash_shapes[6] = stroke_shape(&dash_circle, RED, 6, LAMINA_LINE_CAP_ROUND, LAMINA_LINE_JOIN_ROUND);
    dash_shapes[6].line_dash_pattern = dash_c;
    dash_shapes[6].line_dash_count = 2;
    set_shape(&recs[7], &dash_shapes[6]);
    /* A dash running through a corner keeps its join. */
    dash_shapes[7] = stroke_shape(&dash_zig, GREEN, 6, LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_MITER);
    dash_shapes[7].line_dash_pattern = dash_z;
    dash_shapes[7].line_dash_count = 2;
    dash_shapes[7].line_dash_phase = -30;
    set_shape(&recs[8], &dash_shapes[7]);
}

/* ---------------------------------------------------------------------------------------- */
/* Partial strokes (RS-8.3)                                                                  */
/* ---------------------------------------------------------------------------------------- */

static path_t ring, two_lines, part_zig;
static lamina_draw_shape_t part_shapes[5];

static lamina_status_t build_partial(lamina_engine_t *e, lamina_layer_t root) {
    TRY(add(e, root, 10, 10, 110, 110, GREY, NULL));
    TRY(add(e, root, 10, 10, 110, 110, NONE, NULL));
    TRY(add(e, root, 130, 10, 220, 50, GREY, NULL));
    TRY(add(e, root, 130, 70, 220, 50, GREY, NULL));
    TRY(add(e, root, 130, 70, 220, 50, NONE, NULL));
    return LAMINA_STATUS_OK;
}

static void patch_partial(lamina_draw_record_t *recs, size_t n) {
    memset(&ring, 0, sizeof ring);
    memset(&two_lines, 0, sizeof two_lines);
    memset(&part_zig, 0, sizeof part_zig);
    ellipse(&ring, 55, 55, 40, 40, 0);
    M(&two_lines, 10, 15); /* two subpaths of 100 points each */
    L(&two_lines, 110, 15);
    M(&two_lines, 110, 35);
    L(&two_lines, 210, 35);
    M(&part_zig, 10, 40);
    L(&part_zig, 60, 10);
    L(&part_zig, 110, 40);
    L(&part_zig, 160, 10);
    L(&part_zig, 210, 40);
    if (n < 6) return;
    /* A progress ring: the grey track, then 0 ... 0.3 with round caps from the top. */
    part_shapes[0] = stroke_shape(&ring, (lamina_color_t){0.7, 0.7, 0.7, 1}, 12, LAMINA_LINE_CAP_BUTT,
                                  LAMINA_LINE_JOIN_MITER);
    part_shapes[1] = stroke_shape(&ring, ORANGE, 12, LAMINA_LINE_CAP_ROUND, LAMINA_LINE_JOIN_MITER);
    part_shapes[1].stroke_end = 0.3;
    /* 0.25 ... 0.75 of two subpaths: the second half of the first, the first half of the
     * second, square caps at the trimmed ends. */
    part_shapes[2] = stroke_shape(&two_lines, PURPLE, 10, LAMINA_LINE_CAP_SQUARE, LAMINA_LINE_JOIN_MITER);
    part_shapes[2].stroke_start = 0.25;
    part_shapes[2].stroke_end = 0.75;
    /* A zigzag's 0.1 ... 0.9, dashed: the hairline shows the whole path. */
    part_shapes[3] = stroke_shape(&part_zig, TEAL, 8, LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_MITER);
    part_shapes[3].stroke_start = 0.1;
    part_shapes[3].stroke_end = 0.9;
    part_shapes[3].line_dash_pattern = dash_z;
    part_shapes[3].line_dash_count = 2;
    part_shapes[4] = stroke_shape(&part_zig, BLACK, 1, LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_MITER);
    for (int i = 0; i < 5; i++) set_shape(&recs[i + 1], &part_shapes[i]);
}

/* ---------------------------------------------------------------------------------------- */
/* Gradients (RS-9)                                                                          */
/* ---------------------------------------------------------------------------------------- */

static lamina_draw_gradient_t grads[6];
static const lamina_color_t g_rb[2] = {{0.9, 0.1, 0.1, 1}, {0.1, 0.3, 0.9, 1}};
static const lamina_color_t g_three[3] = {{1, 0.85, 0.1, 1}, {0.9, 0.1, 0.1, 1}, {0.5, 0.2, 0.7, 1}};
static const lamina_color_t g_step[4] = {{1, 0.85, 0.1, 1}, {1, 0.85, 0.1, 1}, {0, 0.6, 0.6, 1}, {0, 0.6, 0.6, 1}};
static const lamina_color_t g_fade[2] = {{1, 1, 1, 1}, {0, 0, 0, 0}};
static const lamina_color_t g_half[2] = {{0, 0.6, 0.2, 0.8}, {0, 0.6, 0.2, 0}};
static const lamina_color_t g_rainbow[5] = {{1, 0, 0, 1}, {1, 1, 0, 1}, {0, 0.8, 0, 1}, {0, 0, 1, 1}, {1, 0, 0, 1}};
static const lamina_color_t g_bw[2] = {{0, 0, 0, 1}, {1, 1, 1, 1}};
static const double loc2[2] = {0, 1}, loc3[3] = {0, 0.3, 1}, loc_step[4] = {0, 0.5, 0.5, 1},
                    loc3e[3] = {0, 0.5, 1}, loc5[5] = {0, 0.25, 0.5, 0.75, 1};

static void set_gradient(lamina_draw_record_t *r, const lamina_draw_gradient_t *g) {
    r->layer_kind = LAMINA_LAYER_KIND_GRADIENT;
    r->gradient = g;
}

static lamina_status_t build_axial(lamina_engine_t *e, lamina_layer_t root) {
    TRY(grid(e, root, 5, 5, 10, 10, 80, 110, 10, 0, NONE));
    /* The last one: a dark background, corner radius 20 and a border over the gradient. */
    lamina_layer_t l[8];
    size_t n = 0;
    TRY(lamina_layer_get_sublayers(e, root, l, 8, &n));
    TRY(lamina_layer_set_color(e, l[4], "backgroundColor", (lamina_color_t){0.2, 0.2, 0.3, 1}));
    TRY(lamina_layer_set_number(e, l[4], "cornerRadius", 20));
    TRY(lamina_layer_set_number(e, l[4], "borderWidth", 3));
    return LAMINA_STATUS_OK;
}

static void patch_axial(lamina_draw_record_t *recs, size_t n) {
    if (n < 6) return;
    grads[0] = record_gradient(LAMINA_GRADIENT_AXIAL, g_rb, loc2, 2, 0.5, 0, 0.5, 1); /* the default */
    grads[1] = record_gradient(LAMINA_GRADIENT_AXIAL, g_three, loc3, 3, 0, 0, 1, 1);  /* diagonal */
    grads[2] = record_gradient(LAMINA_GRADIENT_AXIAL, g_step, loc_step, 4, 0.5, 0.25, 0.5, 0.75); /* step, padded */
    grads[3] = record_gradient(LAMINA_GRADIENT_AXIAL, g_fade, loc2, 2, 0.5, 0, 0.5, 1); /* RS-9.9 grey band */
    grads[4] = record_gradient(LAMINA_GRADIENT_AXIAL, g_half, loc2, 2, 0, 0.5, 1, 0.5);
    for (int i = 0; i < 5; i++) set_gradient(&recs[i + 1], &grads[i]);
}

static lamina_status_t build_radial(lamina_engine_t *e, lamina_layer_t root) {
    TRY(add(e, root, 10, 10, 140, 90, NONE, NULL));
    TRY(add(e, root, 160, 10, 140, 90, NONE, NULL));
    TRY(add(e, root, 10, 110, 140, 90, NONE, NULL));
    TRY(add(e, root, 160, 110, 140, 90, NONE, NULL));
    return LAMINA_STATUS_OK;
}

static void patch_radial(lamina_draw_record_t *recs, size_t n) {
    if (n < 5) return;
    grads[0] = record_gradient(LAMINA_GRADIENT_RADIAL, g_three, loc3e, 3, 0.5, 0.5, 1, 1); /* ellipse */
    grads[1] = record_gradient(LAMINA_GRADIENT_RADIAL, g_three, loc3e, 3, 0.5, 0.5, 1, 0.5); /* zero axis: circle */
    grads[2] = record_gradient(LAMINA_GRADIENT_RADIAL, g_rb, loc2, 2, 0.3, 0.3, 0.6, 0.6); /* padded */
    grads[3] = record_gradient(LAMINA_GRADIENT_RADIAL, g_step, loc_step, 4, 0.5, 0.5, 0.9, 0.9); /* a hard ring */
    for (int i = 0; i < 4; i++) set_gradient(&recs[i + 1], &grads[i]);
}

static lamina_status_t build_conic(lamina_engine_t *e, lamina_layer_t root) {
    TRY(add(e, root, 10, 10, 120, 120, NONE, NULL));
    TRY(add(e, root, 140, 10, 120, 120, NONE, NULL));
    TRY(add(e, root, 270, 10, 160, 120, NONE, NULL));
    return LAMINA_STATUS_OK;
}

static void patch_conic(lamina_draw_record_t *recs, size_t n) {
    if (n < 4) return;
    grads[0] = record_gradient(LAMINA_GRADIENT_CONIC, g_rainbow, loc5, 5, 0.5, 0.5, 1, 0.5); /* 0 along +x */
    grads[1] = record_gradient(LAMINA_GRADIENT_CONIC, g_bw, loc2, 2, 0.5, 0.5, 0.5, 0); /* seam at the top */
    grads[2] = record_gradient(LAMINA_GRADIENT_CONIC, g_step, loc_step, 4, 0.25, 0.5, 1, 0.5); /* off centre */
    for (int i = 0; i < 3; i++) set_gradient(&recs[i + 1], &grads[i]);
}

/* ---------------------------------------------------------------------------------------- */
/* Instance colour (RS-13): every part of a record multiplied by it                          */
/* ---------------------------------------------------------------------------------------- */

static path_t inst_path;
static lamina_draw_shape_t inst_shape;
static lamina_draw_gradient_t inst_grad;

static lamina_status_t build_instance(lamina_engine_t *e, lamina_layer_t root) {
    /* Two columns, the same four layers; the right one is tinted. Row 1: background, border,
     * shadow; row 2: contents; row 3: a shape; row 4: a gradient. */
    uint8_t px[16 * 16 * 4];
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            uint8_t *p = px + 4 * (y * 16 + x);
            int on = ((x / 4) + (y / 4)) % 2;
            p[0] = on ? 255 : 40;
            p[1] = on ? 255 : 160;
            p[2] = on ? 255 : 80;
            p[3] = 255;
        }
    for (int col = 0; col < 2; col++) {
        double x = 20 + col * 130;
        lamina_layer_t a, b;
        TRY(add(e, root, x, 15, 100, 40, BLUE, &a));
        TRY(lamina_layer_set_number(e, a, "borderWidth", 4));
        TRY(lamina_layer_set_color(e, a, "borderColor", YELLOW));
        TRY(lamina_layer_set_number(e, a, "shadowOpacity", 1));
        TRY(lamina_layer_set_number(e, a, "cornerRadius", 8));
        TRY(add(e, root, x, 70, 100, 40, NONE, &b));
        lamina_image_t img = LAMINA_IMAGE_NONE;
        TRY(lamina_image_create_rgba8(e, 16, 16, px, sizeof px, 0, &img));
        TRY(lamina_layer_set_contents(e, b, img));
        TRY(lamina_image_release(img));
        TRY(add(e, root, x, 125, 100, 40, NONE, NULL));
        TRY(add(e, root, x, 180, 100, 40, NONE, NULL));
    }
    return LAMINA_STATUS_OK;
}

static void patch_instance(lamina_draw_record_t *recs, size_t n) {
    memset(&inst_path, 0, sizeof inst_path);
    ellipse(&inst_path, 50, 20, 45, 16, 0);
    if (n < 9) return;
    inst_shape = fill_shape(&inst_path, WHITE, LAMINA_FILL_RULE_NON_ZERO);
    inst_shape.flags |= LAMINA_DRAW_SHAPE_STROKE;
    inst_shape.stroke_color = RED;
    inst_shape.line_width = 4;
    inst_grad = record_gradient(LAMINA_GRADIENT_AXIAL, g_bw, loc2, 2, 0, 0.5, 1, 0.5);
    for (int col = 0; col < 2; col++) {
        lamina_draw_record_t *r = recs + 1 + 4 * col;
        set_shape(&r[2], &inst_shape);
        set_gradient(&r[3], &inst_grad);
        if (col == 1)
            for (int k = 0; k < 4; k++) r[k].instance_color = (lamina_color_t){1, 0.5, 0.25, 0.6};
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Transforms, scale 2, clipping and order (RS-8.2)                                          */
/* ---------------------------------------------------------------------------------------- */

static path_t tf_curve, tf_big, tf_line;
static lamina_draw_shape_t tf_shapes[4];

static lamina_status_t build_transformed(lamina_engine_t *e, lamina_layer_t root) {
    lamina_layer_t a, b, c, d, sub;
    TRY(add(e, root, 15, 20, 80, 80, GREY, &a));
    lamina_transform3d_t t;
    TRY(lamina_transform3d_make_rotation(M_PI / 6, 0, 0, 1, &t));
    TRY(lamina_layer_set_transform(e, a, "transform", t));
    /* The shape is not clipped by the bounds ... */
    TRY(add(e, root, 120, 30, 60, 60, GREY, &b));
    (void)b;
    /* ... unless the layer masks to them (rounded). */
    TRY(add(e, root, 210, 30, 60, 60, GREY, &c));
    TRY(lamina_layer_set_bool(e, c, "masksToBounds", 1));
    TRY(lamina_layer_set_number(e, c, "cornerRadius", 16));
    /* Order: the shape over the background, under the sublayer, under the border. */
    TRY(add(e, root, 20, 110, 240, 30, GREY, &d));
    TRY(lamina_layer_set_number(e, d, "borderWidth", 3));
    TRY(lamina_layer_set_color(e, d, "borderColor", BLACK));
    TRY(add(e, d, 150, 5, 60, 20, (lamina_color_t){0.1, 0.3, 0.9, 0.8}, &sub));
    (void)sub;
    return LAMINA_STATUS_OK;
}

static void patch_transformed(lamina_draw_record_t *recs, size_t n) {
    memset(&tf_curve, 0, sizeof tf_curve);
    memset(&tf_big, 0, sizeof tf_big);
    M(&tf_curve, 10, 60);
    C(&tf_curve, 20, -10, 60, 90, 70, 20);
    M(&tf_big, -10, 45); /* a wave reaching outside the bounds */
    Q(&tf_big, 15, -30, 30, 30);
    Q(&tf_big, 45, 90, 75, 15);
    if (n < 6) return;
    tf_shapes[0] = stroke_shape(&tf_curve, RED, 5, LAMINA_LINE_CAP_ROUND, LAMINA_LINE_JOIN_ROUND);
    tf_shapes[1] = stroke_shape(&tf_big, PURPLE, 6, LAMINA_LINE_CAP_ROUND, LAMINA_LINE_JOIN_ROUND);
    tf_shapes[1].flags |= LAMINA_DRAW_SHAPE_FILL;
    tf_shapes[1].fill_color = (lamina_color_t){1, 0.85, 0.1, 0.7};
    tf_shapes[2] = tf_shapes[1];
    memset(&tf_line, 0, sizeof tf_line);
    M(&tf_line, 10, 15);
    L(&tf_line, 230, 15);
    tf_shapes[3] = stroke_shape(&tf_line, ORANGE, 14, LAMINA_LINE_CAP_ROUND, LAMINA_LINE_JOIN_ROUND);
    set_shape(&recs[1], &tf_shapes[0]);
    set_shape(&recs[2], &tf_shapes[1]);
    set_shape(&recs[3], &tf_shapes[2]);
    set_shape(&recs[4], &tf_shapes[3]);
}

/* ---------------------------------------------------------------------------------------- */
/* Shadows and masks of shape and gradient layers (RS-3.3, RS-5.1, RS-8.2)                   */
/* ---------------------------------------------------------------------------------------- */

static lamina_layer_t sm_star, sm_host, sm_mask, sm_shape;
static path_t sm_star_path, sm_zig;
static lamina_draw_shape_t sm_shapes[2];
static lamina_draw_gradient_t sm_grad;
static const lamina_color_t g_fade_out[2] = {{0, 0, 0, 1}, {0, 0, 0, 0}};

static lamina_status_t build_shadow_mask(lamina_engine_t *e, lamina_layer_t root) {
    /* A clear shape layer casts the shadow of its shape (alpha-derived). */
    TRY(add(e, root, 10, 10, 100, 100, NONE, &sm_star));
    TRY(lamina_layer_set_number(e, sm_star, "shadowOpacity", 0.6));
    TRY(lamina_layer_set_number(e, sm_star, "shadowRadius", 3));
    TRY(lamina_layer_set_size(e, sm_star, "shadowOffset", (lamina_size_t){5, 6}));
    /* A layer masked by a gradient layer fading to clear (the mask's alpha gates). */
    TRY(add(e, root, 125, 10, 150, 100, TEAL, &sm_host));
    lamina_layer_t bar;
    TRY(add(e, sm_host, 10, 40, 130, 20, ORANGE, &bar));
    TRY(lamina_layer_create(e, &sm_mask));
    TRY(lamina_layer_set_bounds(e, sm_mask, (lamina_rect_t){{0, 0}, {150, 100}}));
    TRY(lamina_layer_set_position(e, sm_mask, (lamina_point_t){75, 50}));
    TRY(lamina_layer_set_mask(e, sm_host, sm_mask));
    TRY(lamina_layer_release(e, sm_mask));
    /* A shape layer masked by a circle: its stroke shows only inside. */
    TRY(add(e, root, 290, 10, 100, 100, GREY, &sm_shape));
    lamina_layer_t m;
    TRY(lamina_layer_create(e, &m));
    TRY(lamina_layer_set_bounds(e, m, (lamina_rect_t){{0, 0}, {80, 80}}));
    TRY(lamina_layer_set_position(e, m, (lamina_point_t){50, 50}));
    TRY(lamina_layer_set_color(e, m, "backgroundColor", BLACK));
    TRY(lamina_layer_set_number(e, m, "cornerRadius", 40));
    TRY(lamina_layer_set_mask(e, sm_shape, m));
    TRY(lamina_layer_release(e, m));
    return LAMINA_STATUS_OK;
}

static void patch_shadow_mask(lamina_draw_record_t *recs, size_t n) {
    memset(&sm_star_path, 0, sizeof sm_star_path);
    memset(&sm_zig, 0, sizeof sm_zig);
    star(&sm_star_path, 50, 53, 46);
    M(&sm_zig, 0, 80);
    for (int i = 1; i <= 5; i++) L(&sm_zig, i * 20, i % 2 ? 20 : 80);
    sm_shapes[0] = fill_shape(&sm_star_path, ORANGE, LAMINA_FILL_RULE_NON_ZERO);
    sm_shapes[1] = stroke_shape(&sm_zig, PURPLE, 12, LAMINA_LINE_CAP_BUTT, LAMINA_LINE_JOIN_ROUND);
    sm_grad = record_gradient(LAMINA_GRADIENT_AXIAL, g_fade_out, loc2, 2, 0, 0.5, 1, 0.5);
    for (size_t i = 0; i < n; i++) {
        if (recs[i].layer == sm_star) set_shape(&recs[i], &sm_shapes[0]);
        if (recs[i].layer == sm_mask) set_gradient(&recs[i], &sm_grad);
        if (recs[i].layer == sm_shape) set_shape(&recs[i], &sm_shapes[1]);
    }
}

/* ---------------------------------------------------------------------------------------- */


/* ---------------------------------------------------------------------------------------- */
/* Filters (issue 32): blur, colour filters, background filters, blend modes                 */
/* ---------------------------------------------------------------------------------------- */

static lamina_draw_filter_t flt_blur8[1], flt_blur3[1], flt_colour[5][1], flt_bd12[2], flt_bd4[1];
static lamina_draw_filters_t fls_blur[2], fls_colour[5], fls_bd[2], fls_blend[16];

static lamina_draw_filter_t filter_of(int32_t type, const double *p, int n) {
    return record_filter(type, p, n);
}

/* A record's filters: the list, the background list, the blend mode (reach: 3 x the blurs'). */
static lamina_draw_filters_t filters_of(const lamina_draw_filter_t *fl, size_t n, const lamina_draw_filter_t *bg,
                                        size_t nb, int blend) {
    lamina_draw_filters_t f;
    memset(&f, 0, sizeof f);
    f.struct_size = sizeof f;
    f.blend_mode = blend;
    f.filters = fl;
    f.filter_count = n;
    f.background_filters = bg;
    f.background_filter_count = nb;
    for (size_t i = 0; i < n; i++) f.reach += 3 * fl[i].sigma;
    for (size_t i = 0; i < nb; i++) f.background_reach += 3 * bg[i].sigma;
    return f;
}

/* Sets a record's filters and the flags2 bits the engine sets with them. */
static void set_filters(lamina_draw_record_t *r, const lamina_draw_filters_t *f) {
    r->filters = f;
    if (f->filter_count) r->flags2 |= LAMINA_DRAW2_FILTERS | LAMINA_DRAW2_GROUP;
    if (f->blend_mode) r->flags2 |= LAMINA_DRAW2_BLEND | LAMINA_DRAW2_GROUP;
    if (f->background_filter_count) r->flags2 |= LAMINA_DRAW2_BACKDROP;
}

/* Two groups: one of two overlapping squares blurred by 8 (a clear layer), one rounded teal
 * layer with a white bar blurred by 3. */
static lamina_status_t build_filter_blur(lamina_engine_t *e, lamina_layer_t root) {
    lamina_layer_t a, b, bar;
    TRY(add(e, root, 20, 20, 160, 160, NONE, &a));
    TRY(add(e, a, 10, 10, 80, 80, RED, NULL));
    TRY(add(e, a, 70, 70, 80, 80, BLUE, NULL));
    TRY(add(e, root, 230, 40, 140, 120, TEAL, &b));
    TRY(lamina_layer_set_number(e, b, "cornerRadius", 20));
    TRY(add(e, b, 20, 50, 100, 20, WHITE, &bar));
    return LAMINA_STATUS_OK;
}

static void patch_filter_blur(lamina_draw_record_t *recs, size_t n) {
    (void)n;
    flt_blur8[0] = filter_of(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, (double[]){8}, 1);
    flt_blur3[0] = filter_of(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, (double[]){3}, 1);
    fls_blur[0] = filters_of(flt_blur8, 1, NULL, 0, 0);
    fls_blur[1] = filters_of(flt_blur3, 1, NULL, 0, 0);
    set_filters(&recs[1], &fls_blur[0]);
    set_filters(&recs[4], &fls_blur[1]);
}

/* Five tiles (orange, a blue and a green stripe, a white square): a colour matrix (sepia),
 * colour controls (saturation 0.3, brightness 0.1, contrast 1.4), invert, monochrome (a blue
 * tint at 0.8) and alpha 0.5. */
static lamina_status_t build_filter_colour(lamina_engine_t *e, lamina_layer_t root) {
    for (int k = 0; k < 5; k++) {
        lamina_layer_t t;
        TRY(add(e, root, 20 + 96 * k, 20, 80, 100, ORANGE, &t));
        TRY(add(e, t, 0, 20, 80, 20, BLUE, NULL));
        TRY(add(e, t, 0, 60, 80, 20, GREEN, NULL));
        TRY(add(e, t, 30, 5, 20, 90, (lamina_color_t){1, 1, 1, 0.7}, NULL));
    }
    return LAMINA_STATUS_OK;
}

static void patch_filter_colour(lamina_draw_record_t *recs, size_t n) {
    (void)n;
    static const double sepia[20] = {0.393, 0.769, 0.189, 0, 0, 0.349, 0.686, 0.168, 0, 0,
                                     0.272, 0.534, 0.131, 0, 0, 0,     0,     0,     1, 0};
    flt_colour[0][0] = filter_of(LAMINA_FILTER_TYPE_COLOR_MATRIX, sepia, 20);
    flt_colour[1][0] = filter_of(LAMINA_FILTER_TYPE_COLOR_CONTROLS, (double[]){0.3, 0.1, 1.4}, 3);
    flt_colour[2][0] = filter_of(LAMINA_FILTER_TYPE_COLOR_INVERT, NULL, 0);
    flt_colour[3][0] = filter_of(LAMINA_FILTER_TYPE_COLOR_MONOCHROME, (double[]){0.2, 0.4, 1, 1, 0.8}, 5);
    flt_colour[4][0] = filter_of(LAMINA_FILTER_TYPE_ALPHA, (double[]){0.5}, 1);
    for (int k = 0; k < 5; k++) {
        fls_colour[k] = filters_of(flt_colour[k], 1, NULL, 0, 0);
        set_filters(&recs[1 + 4 * k], &fls_colour[k]);
    }
}

/* Stripes under two cards: a rounded one (radius 24, white at 0.25) blurring its backdrop by
 * 12 and saturating it (colour controls, saturation 1.6), and a square one blurring by 4. */
static lamina_status_t build_filter_backdrop(lamina_engine_t *e, lamina_layer_t root) {
    const lamina_color_t c[5] = {RED, YELLOW, GREEN, BLUE, PURPLE};
    for (int k = 0; k < 5; k++) TRY(add(e, root, 0, 30 + 50 * k, 400, 25, c[k], NULL));
    TRY(add(e, root, 150, 0, 30, 300, BLACK, NULL));
    lamina_layer_t card, small, label;
    TRY(add(e, root, 40, 50, 240, 180, (lamina_color_t){1, 1, 1, 0.25}, &card));
    TRY(lamina_layer_set_number(e, card, "cornerRadius", 24));
    TRY(add(e, card, 20, 20, 120, 16, (lamina_color_t){1, 1, 1, 0.9}, &label));
    TRY(add(e, root, 300, 140, 80, 120, NONE, &small));
    return LAMINA_STATUS_OK;
}

static void patch_filter_backdrop(lamina_draw_record_t *recs, size_t n) {
    (void)n;
    flt_bd12[0] = filter_of(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, (double[]){12}, 1);
    flt_bd12[1] = filter_of(LAMINA_FILTER_TYPE_COLOR_CONTROLS, (double[]){1.6, 0, 1}, 3);
    flt_bd4[0] = filter_of(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, (double[]){4}, 1);
    fls_bd[0] = filters_of(NULL, 0, flt_bd12, 2, 0);
    fls_bd[1] = filters_of(NULL, 0, flt_bd4, 1, 0);
    set_filters(&recs[7], &fls_bd[0]);
    set_filters(&recs[9], &fls_bd[1]);
}

/* Sixteen cells, one per blend mode in the order of lamina_draw_filters_t.blend_mode (normal
 * first): each a backdrop of a yellow and a blue half with a translucent grey band, under a
 * purple square holding a red bar and a white dot, blended with the mode. */
static lamina_status_t build_filter_blend(lamina_engine_t *e, lamina_layer_t root) {
    for (int k = 0; k < 16; k++) {
        double x = 10 + 100 * (k % 4), y = 10 + 100 * (k / 4);
        TRY(add(e, root, x, y, 45, 90, YELLOW, NULL));
        TRY(add(e, root, x + 45, y, 45, 90, BLUE, NULL));
        TRY(add(e, root, x, y + 60, 90, 15, (lamina_color_t){0.5, 0.5, 0.5, 0.5}, NULL));
        lamina_layer_t src;
        TRY(add(e, root, x + 20, y + 15, 50, 50, (lamina_color_t){0.6, 0.3, 0.8, 1}, &src));
        TRY(add(e, src, 0, 30, 50, 10, RED, NULL));
        TRY(add(e, src, 30, 5, 15, 15, (lamina_color_t){1, 1, 1, 0.6}, NULL));
    }
    return LAMINA_STATUS_OK;
}

static void patch_filter_blend(lamina_draw_record_t *recs, size_t n) {
    (void)n;
    for (int k = 0; k < 16; k++) {
        fls_blend[k] = filters_of(NULL, 0, NULL, 0, k);
        set_filters(&recs[1 + 6 * k + 3], &fls_blend[k]);
    }
}

/* At scale 2: a group turned by 20 degrees, blurred by 4 and sepia-toned (the blur turns with
 * it, in the layer's space); a layer blurred by 3 inside a layer inverted (nested filters); a
 * rounded layer multiplied over a stripe. */
static lamina_draw_filter_t flt_tf[4];
static lamina_draw_filters_t fls_tf[4];

static lamina_status_t build_filter_transformed(lamina_engine_t *e, lamina_layer_t root) {
    lamina_layer_t a, b, c, d;
    TRY(add(e, root, 0, 95, 340, 30, YELLOW, NULL));
    TRY(add(e, root, 30, 30, 100, 80, TEAL, &a));
    TRY(add(e, a, 20, 20, 40, 40, RED, NULL));
    lamina_transform3d_t t;
    TRY(lamina_transform3d_make_rotation(M_PI / 9, 0, 0, 1, &t));
    TRY(lamina_layer_set_transform(e, a, "transform", t));
    TRY(add(e, root, 160, 20, 80, 100, ORANGE, &b));
    TRY(add(e, b, 15, 15, 50, 30, BLUE, &c));
    TRY(add(e, root, 260, 60, 60, 60, PURPLE, &d));
    TRY(lamina_layer_set_number(e, d, "cornerRadius", 18));
    return LAMINA_STATUS_OK;
}

static void patch_filter_transformed(lamina_draw_record_t *recs, size_t n) {
    (void)n;
    static const double sepia[20] = {0.393, 0.769, 0.189, 0, 0, 0.349, 0.686, 0.168, 0, 0,
                                     0.272, 0.534, 0.131, 0, 0, 0,     0,     0,     1, 0};
    flt_tf[0] = filter_of(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, (double[]){4}, 1);
    flt_tf[1] = filter_of(LAMINA_FILTER_TYPE_COLOR_MATRIX, sepia, 20);
    flt_tf[2] = filter_of(LAMINA_FILTER_TYPE_COLOR_INVERT, NULL, 0);
    flt_tf[3] = filter_of(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, (double[]){3}, 1);
    fls_tf[0] = filters_of(&flt_tf[0], 2, NULL, 0, 0);
    fls_tf[1] = filters_of(&flt_tf[2], 1, NULL, 0, 0);
    fls_tf[2] = filters_of(&flt_tf[3], 1, NULL, 0, 0);
    fls_tf[3] = filters_of(NULL, 0, NULL, 0, LAMINA_BLEND_MULTIPLY);
    set_filters(&recs[2], &fls_tf[0]); /* root 0, stripe 1, a 2, a's red 3, b 4, c 5, d 6 */
    set_filters(&recs[4], &fls_tf[1]);
    set_filters(&recs[5], &fls_tf[2]);
    set_filters(&recs[6], &fls_tf[3]);
}

static const record_scene_t all[] = {
    {"shape-fill-nonzero", "RS-8.1", "non-zero fills: a pentagram, nested squares, a circle with a reversed square",
     340, 120, 1, build_three, patch_fill_nonzero},
    {"shape-fill-evenodd", "RS-8.1", "even-odd fills of the same paths (holes)", 340, 120, 1,
     build_three, patch_fill_evenodd},
    {"shape-stroke-joins", "RS-8.2, RS-8.6",
     "caps butt/round/square with joins miter/round/bevel; miter limit 10 vs 2; fill under a centred stroke",
     360, 240, 1, build_strokes, patch_strokes},
    {"shape-dashes", "RS-8.6",
     "dash patterns: 20/10, phase 10, odd [15], all-zero (solid), dots, square caps; a dashed circle; a dash through a join",
     360, 180, 1, build_dashes, patch_dashes},
    {"shape-partial-stroke", "RS-8.3",
     "strokeEnd 0.3 ring with round caps; 0.25...0.75 over two subpaths; a trimmed dashed zigzag",
     360, 130, 1, build_partial, patch_partial},
    {"shape-transformed", "RS-8.2",
     "a rotated layer's curve at scale 2; shapes beyond the bounds, clipped only with masksToBounds; order under sublayers and border",
     280, 150, 2, build_transformed, patch_transformed},
    {"gradient-axial", "RS-9.2, RS-9.4-9.6, RS-9.9",
     "axial: the default, diagonal with locations, a padded hard step, white to clear (grey band), over a rounded background under its border",
     460, 130, 1, build_axial, patch_axial},
    {"gradient-radial", "RS-9.7", "radial: an ellipse, a zero axis (circle), padded, a hard ring", 310, 210,
     1, build_radial, patch_radial},
    {"gradient-conic", "RS-9.8", "conic: from +x clockwise on screen, a seam at the top, off centre", 440,
     140, 1, build_conic, patch_conic},
    {"instance-color", "RS-13", "instance colour (1, 0.5, 0.25, 0.6) on background, border, shadow, contents, shape, gradient (right column)",
     270, 235, 1, build_instance, patch_instance},
    {"shape-shadow-mask", "RS-3.3, RS-5.1, RS-8.2",
     "a clear shape layer's shadow follows its shape; a gradient layer as a mask fades a layer out; a shape layer masked by a circle",
     400, 120, 1, build_shadow_mask, patch_shadow_mask},
    {"filter-blur", "issue 32", "filters: a clear group of two squares blurred by 8, a rounded layer with a bar blurred by 3",
     400, 200, 1, build_filter_blur, patch_filter_blur},
    {"filter-colour", "issue 32",
     "filters: colour matrix (sepia), colour controls, invert, monochrome, alpha on one tile each",
     500, 140, 1, build_filter_colour, patch_filter_colour},
    {"filter-backdrop", "issue 32",
     "background filters: a rounded frosted card (blur 12, saturation 1.6) and a square one (blur 4) over stripes",
     400, 300, 1, build_filter_backdrop, patch_filter_backdrop},
    {"filter-blend-modes", "issue 32",
     "the 16 blend modes, row by row from normal: a purple group over yellow, blue and a translucent grey band",
     410, 410, 1, build_filter_blend, patch_filter_blend},
    {"filter-transformed", "issue 32",
     "filters at scale 2: a turned group blurred and sepia-toned, a blurred layer inside an inverted one, a rounded multiply",
     340, 140, 2, build_filter_transformed, patch_filter_transformed},
};

const record_scene_t *record_scenes_all(size_t *count) {
    *count = sizeof all / sizeof all[0];
    return all;
}

/* ---------------------------------------------------------------------------------------- */
/* Rendering                                                                                 */
/* ---------------------------------------------------------------------------------------- */

static EGLDisplay dpy = EGL_NO_DISPLAY;
static EGLContext ctx = EGL_NO_CONTEXT;
static lamina_gles_renderer_t *renderer;

static lamina_status_t init_gl(void) {
    if (renderer) return eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx) ? 0 : LAMINA_GLES_STATUS_GL_ERROR;
    ctx = headless_gl_context(&dpy);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
        return LAMINA_GLES_STATUS_UNAVAILABLE;
    return lamina_gles_renderer_create(&renderer);
}

lamina_status_t record_scene_render(const record_scene_t *sc, uint8_t **out, uint32_t *w, uint32_t *h) {
    return record_scene_render_visit(sc, out, w, h, NULL, NULL);
}

lamina_status_t record_scene_render_visit(const record_scene_t *sc, uint8_t **out, uint32_t *w,
                                          uint32_t *h, record_scene_visitor_t visit, void *context) {
    lamina_status_t s = init_gl();
    if (s) return s;
    lamina_engine_t *engine = NULL;
    lamina_layer_t root;
    TRY(lamina_engine_create(&engine));
    s = lamina_layer_create(engine, &root);
    if (!s) s = lamina_layer_set_bounds(engine, root, (lamina_rect_t){{0, 0}, {sc->width, sc->height}});
    if (!s) s = lamina_layer_set_position(engine, root, (lamina_point_t){sc->width / 2.0, sc->height / 2.0});
    if (!s) s = lamina_layer_set_color(engine, root, "backgroundColor", WHITE);
    if (!s) s = sc->build(engine, root);
    if (!s) s = lamina_engine_tick(engine, 0);
    const lamina_draw_record_t *recs = NULL;
    size_t n = 0;
    if (!s) s = lamina_engine_draw_list(engine, root, 0, &recs, &n);
    lamina_draw_record_t *copy = NULL;
    if (!s) {
        copy = malloc(n * sizeof *copy);
        if (!copy) s = LAMINA_STATUS_OUT_OF_MEMORY;
    }
    if (!s) {
        memcpy(copy, recs, n * sizeof *copy);
        for (size_t i = 0; i < n; i++) copy[i].struct_size = sizeof *copy; /* the kind fields */
        sc->patch(copy, n);
        if (visit) visit(context, copy, n);
    }
    *w = (uint32_t)(sc->width * sc->scale + 0.5);
    *h = (uint32_t)(sc->height * sc->scale + 0.5);
    GLuint fbo = 0, rb = 0;
    if (!s) {
        glGenFramebuffers(1, &fbo);
        glGenRenderbuffers(1, &rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, (GLsizei)*w, (GLsizei)*h);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        glViewport(0, 0, (GLsizei)*w, (GLsizei)*h);
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        frame.scale = sc->scale;
        s = lamina_gles_renderer_draw(renderer, engine, copy, n, 0, &frame);
    }
    uint8_t *px = NULL;
    if (!s) {
        px = malloc((size_t)*w * *h * 4);
        if (!px) s = LAMINA_STATUS_OUT_OF_MEMORY;
    }
    if (!s) {
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, (GLsizei)*w, (GLsizei)*h, GL_RGBA, GL_UNSIGNED_BYTE, px);
        /* Rows bottom first, premultiplied: flip and un-premultiply as lamina_gles_render_rgba(). */
        size_t row = (size_t)*w * 4;
        uint8_t *tmp = malloc(row);
        for (uint32_t y = 0; tmp && y < *h / 2; y++) {
            memcpy(tmp, px + row * y, row);
            memcpy(px + row * y, px + row * (*h - 1 - y), row);
            memcpy(px + row * (*h - 1 - y), tmp, row);
        }
        free(tmp);
        for (size_t i = 0; i < (size_t)*w * *h; i++) {
            uint8_t *p = px + 4 * i;
            unsigned a = p[3];
            if (a == 0) p[0] = p[1] = p[2] = 0;
            else if (a < 255)
                for (int c = 0; c < 3; c++) {
                    unsigned v = (p[c] * 255u + a / 2) / a;
                    p[c] = (uint8_t)(v > 255 ? 255 : v);
                }
        }
    }
    if (fbo) glDeleteFramebuffers(1, &fbo);
    if (rb) glDeleteRenderbuffers(1, &rb);
    free(copy);
    lamina_engine_destroy(engine);
    if (s) {
        free(px);
        return s;
    }
    *out = px;
    return LAMINA_STATUS_OK;
}
