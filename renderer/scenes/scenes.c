/* SPDX-License-Identifier: Apache-2.0 */
/* The scenes: see scenes.h. Each build function runs at engine time 0 before anything is
 * committed (so its settings apply without implicit animations, R4); it commits (ticks at 0)
 * before changes that should animate. Animations begin at 0 (the next tick's time, R2). */
#include "scenes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#ifdef LAMINA_SCENES_TEXT
#include <lamina/lamina_text.h> /* the text-card scene (issue 26), where liblamina-text is built */
#endif

#define S(call)                                                                                \
    do {                                                                                       \
        if (!ctx->status) {                                                                    \
            lamina_status_t s_ = (call);                                                       \
            if (s_) {                                                                          \
                ctx->status = s_;                                                              \
                fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                  \
                        lamina_last_error_message());                                          \
            }                                                                                  \
        }                                                                                      \
    } while (0)

static const lamina_color_t WHITE = {1, 1, 1, 1}, BLACK = {0, 0, 0, 1}, RED = {1, 0, 0, 1},
                            GREEN = {0, 0.6, 0.2, 1}, BLUE = {0.1, 0.3, 0.9, 1},
                            ORANGE = {1, 0.55, 0, 1}, PURPLE = {0.5, 0.2, 0.7, 1},
                            GREY = {0.85, 0.85, 0.85, 1}, TEAL = {0, 0.6, 0.6, 1},
                            YELLOW = {1, 0.85, 0.1, 1};

/* A layer with bounds (0, 0, w, h) whose frame's top-left is (x, y) in `parent`. */
static lamina_layer_t box(scene_ctx_t *ctx, lamina_layer_t parent, double x, double y, double w,
                          double h, lamina_color_t color) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    S(lamina_layer_create(ctx->engine, &l));
    S(lamina_layer_set_bounds(ctx->engine, l, (lamina_rect_t){{0, 0}, {w, h}}));
    S(lamina_layer_set_position(ctx->engine, l, (lamina_point_t){x + w / 2, y + h / 2}));
    if (color.a > 0) S(lamina_layer_set_color(ctx->engine, l, "backgroundColor", color));
    if (parent != LAMINA_LAYER_NONE) S(lamina_layer_add_sublayer(ctx->engine, parent, l));
    S(lamina_layer_release(ctx->engine, l)); /* the tree keeps it */
    return l;
}

static void num(scene_ctx_t *ctx, lamina_layer_t l, const char *key, double v) {
    S(lamina_layer_set_number(ctx->engine, l, key, v));
}

static void color(scene_ctx_t *ctx, lamina_layer_t l, const char *key, lamina_color_t c) {
    S(lamina_layer_set_color(ctx->engine, l, key, c));
}

static void commit(scene_ctx_t *ctx) { S(lamina_engine_tick(ctx->engine, 0.0)); }

static lamina_transform3d_t rotation(double angle, double x, double y, double z) {
    lamina_transform3d_t t;
    lamina_transform3d_make_rotation(angle, x, y, z, &t);
    return t;
}

static lamina_transform3d_t perspective(double d) {
    lamina_transform3d_t t = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    t.m34 = -1.0 / d;
    return t;
}

/* A linear implicit change of `duration` seconds, committed at 0. */
static void linear_begin(scene_ctx_t *ctx, double duration) {
    lamina_timing_function_t lin;
    S(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &lin));
    S(lamina_transaction_begin(ctx->engine));
    S(lamina_transaction_set_duration(ctx->engine, duration));
    S(lamina_transaction_set_timing_function(ctx->engine, &lin));
}

static void linear_end(scene_ctx_t *ctx) {
    S(lamina_transaction_commit(ctx->engine));
    commit(ctx);
}

/* Attaches `a` (then releases it), looping forever with autoreverse when `loop`. */
static void attach(scene_ctx_t *ctx, lamina_layer_t l, lamina_animation_t *a, double duration,
                   int loop, const char *key) {
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    lamina_timing_function_t lin;
    mt.duration = duration;
    if (loop) {
        mt.repeat_count = LAMINA_REPEAT_FOREVER;
        mt.autoreverses = 1;
    }
    S(lamina_animation_set_media_timing(a, &mt));
    S(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &lin));
    lamina_animation_kind_t kind = 0;
    S(lamina_animation_get_kind(a, &kind));
    if (kind != LAMINA_ANIMATION_SPRING) S(lamina_animation_set_timing_function(a, &lin));
    S(lamina_layer_add_animation(ctx->engine, l, a, key));
    lamina_animation_release(a);
}

static lamina_value_t vpoint(double x, double y) {
    lamina_value_t v = {.type = LAMINA_VALUE_POINT};
    v.u.point = (lamina_point_t){x, y};
    return v;
}

static lamina_value_t vnum(double x) {
    lamina_value_t v = {.type = LAMINA_VALUE_NUMBER};
    v.u.number = x;
    return v;
}

static lamina_value_t vcolor(lamina_color_t c) {
    lamina_value_t v = {.type = LAMINA_VALUE_COLOR};
    v.u.color = c;
    return v;
}

static void basic(scene_ctx_t *ctx, lamina_layer_t l, const char *key, lamina_value_t from,
                  lamina_value_t to, double duration, int loop) {
    lamina_animation_t *a = NULL;
    S(lamina_animation_create_basic(key, &a));
    if (!a) return;
    S(lamina_animation_set_from_value(a, &from));
    S(lamina_animation_set_to_value(a, &to));
    attach(ctx, l, a, duration, loop, key);
}

/* ------------------------------------------------------------------------------------------ */
/* RS-1: background, corners, border                                                           */
/* ------------------------------------------------------------------------------------------ */

/* Exact geometry: a 100 x 100 red layer at (50, 50) covers exactly those pixels. */
static void b_geometry_red_square(scene_ctx_t *ctx) { box(ctx, ctx->root, 50, 50, 100, 100, RED); }

static void b_background_colors(scene_ctx_t *ctx) {
    box(ctx, ctx->root, 20, 20, 80, 80, RED);
    box(ctx, ctx->root, 100, 20, 80, 80, GREEN);
    box(ctx, ctx->root, 20, 100, 80, 80, BLUE);
    box(ctx, ctx->root, 60, 60, 80, 80, (lamina_color_t){1, 0.85, 0.1, 0.6}); /* translucent */
}

static void b_corner_radius(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 10, 10, 80, 80, BLUE);
    lamina_layer_t b = box(ctx, ctx->root, 110, 10, 80, 80, BLUE);
    lamina_layer_t c = box(ctx, ctx->root, 10, 110, 180, 80, ORANGE);
    num(ctx, a, "cornerRadius", 10);
    num(ctx, b, "cornerRadius", 30);
    num(ctx, c, "cornerRadius", 24);
}

static void b_corner_radius_clamp(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 30, 160, 60, PURPLE);
    lamina_layer_t b = box(ctx, ctx->root, 60, 110, 80, 80, TEAL);
    num(ctx, a, "cornerRadius", 500); /* RS-1.4 (a): min(r, w/2, h/2): a capsule */
    num(ctx, b, "cornerRadius", 100); /* a circle */
}

static void b_border(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 160, 70, GREY);
    num(ctx, a, "borderWidth", 6);
    color(ctx, a, "borderColor", BLUE);
    lamina_layer_t b = box(ctx, ctx->root, 20, 110, 160, 70, YELLOW);
    num(ctx, b, "borderWidth", 8);
    num(ctx, b, "cornerRadius", 24);
    color(ctx, b, "borderColor", RED);
}

static void b_border_thick(scene_ctx_t *ctx) {
    /* borderWidth > cornerRadius: the inner edge has radius max(0, r - w) = 0 (RS-1.2). */
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 120, 120, WHITE);
    num(ctx, a, "borderWidth", 30);
    num(ctx, a, "cornerRadius", 20);
    color(ctx, a, "borderColor", GREEN);
}

static void b_border_default_color(scene_ctx_t *ctx) {
    /* Only borderWidth set: the default border colour is opaque black (RS-1.2). */
    lamina_layer_t a = box(ctx, ctx->root, 50, 50, 100, 100, (lamina_color_t){0, 0, 0, 0});
    num(ctx, a, "borderWidth", 4);
}

static void b_border_over_sublayers(scene_ctx_t *ctx) {
    /* RS-1.1: the border is composited above the sublayers. */
    lamina_layer_t p = box(ctx, ctx->root, 30, 30, 140, 140, GREY);
    num(ctx, p, "borderWidth", 12);
    num(ctx, p, "cornerRadius", 16);
    color(ctx, p, "borderColor", BLUE);
    box(ctx, p, -20, 40, 120, 60, RED);
}

/* ------------------------------------------------------------------------------------------ */
/* RS-2: opacity                                                                               */
/* ------------------------------------------------------------------------------------------ */

static void stripes(scene_ctx_t *ctx) {
    for (int i = 0; i < 5; i++) box(ctx, ctx->root, 0, 20 + i * 40, 200, 20, GREY);
}

static void b_opacity_leaf(scene_ctx_t *ctx) {
    stripes(ctx);
    lamina_layer_t a = box(ctx, ctx->root, 30, 30, 140, 140, BLUE);
    S(lamina_layer_set_opacity(ctx->engine, a, 0.5));
}

static void group_scene(scene_ctx_t *ctx) {
    stripes(ctx);
    lamina_layer_t p = box(ctx, ctx->root, 20, 40, 160, 120, (lamina_color_t){0, 0, 0, 0});
    box(ctx, p, 0, 0, 100, 100, RED);
    box(ctx, p, 60, 20, 100, 100, BLUE);
    S(lamina_layer_set_opacity(ctx->engine, p, 0.5));
}

/* RS-2.2: the group composites once: the overlap shows no red through the blue. */
static void b_group_opacity(scene_ctx_t *ctx) { group_scene(ctx); }

/* RS-2.3: without group opacity the overlap shows through (75% coverage). */
static void b_no_group_opacity(scene_ctx_t *ctx) { group_scene(ctx); }

static void b_nested_opacity(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 160, 160, BLUE);
    S(lamina_layer_set_opacity(ctx->engine, a, 0.8));
    lamina_layer_t b = box(ctx, a, 20, 20, 120, 120, ORANGE);
    S(lamina_layer_set_opacity(ctx->engine, b, 0.5));
    box(ctx, b, 20, 20, 80, 80, GREEN);
}

static void b_hidden(scene_ctx_t *ctx) {
    /* RS-2.6: a hidden layer and its sublayers paint nothing; opacity 0 neither. */
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 80, 80, RED);
    box(ctx, a, 20, 20, 40, 40, BLUE);
    S(lamina_layer_set_bool(ctx->engine, a, "hidden", 1));
    lamina_layer_t b = box(ctx, ctx->root, 100, 100, 80, 80, RED);
    S(lamina_layer_set_opacity(ctx->engine, b, 0));
    box(ctx, ctx->root, 110, 20, 60, 60, GREEN);
}

/* ------------------------------------------------------------------------------------------ */
/* RS-3: shadows                                                                               */
/* ------------------------------------------------------------------------------------------ */

static void b_shadow_default(scene_ctx_t *ctx) {
    /* RS-3.1/3.2: only shadowOpacity set: black, radius 3, offset (0, -3): 3 pt above. */
    lamina_layer_t a = box(ctx, ctx->root, 50, 60, 100, 100, WHITE);
    num(ctx, a, "shadowOpacity", 1);
}

static void b_shadow_blur(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 100, 100, ORANGE);
    num(ctx, a, "shadowOpacity", 0.8);
    num(ctx, a, "shadowRadius", 10);
    S(lamina_layer_set_size(ctx->engine, a, "shadowOffset", (lamina_size_t){12, 12}));
}

static void b_shadow_hard(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 100, 100, TEAL);
    num(ctx, a, "shadowOpacity", 1);
    num(ctx, a, "shadowRadius", 0);
    color(ctx, a, "shadowColor", PURPLE);
    S(lamina_layer_set_size(ctx->engine, a, "shadowOffset", (lamina_size_t){16, 16}));
}

static void b_shadow_rounded(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 120, 120, WHITE);
    num(ctx, a, "cornerRadius", 30);
    num(ctx, a, "shadowOpacity", 0.6);
    num(ctx, a, "shadowRadius", 8);
    S(lamina_layer_set_size(ctx->engine, a, "shadowOffset", (lamina_size_t){0, 8}));
}

static void b_shadow_opacity(scene_ctx_t *ctx) {
    /* RS-2.1: the layer's opacity applies to its shadow too. */
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 100, 100, BLUE);
    num(ctx, a, "shadowOpacity", 1);
    num(ctx, a, "shadowRadius", 6);
    S(lamina_layer_set_size(ctx->engine, a, "shadowOffset", (lamina_size_t){10, 10}));
    S(lamina_layer_set_opacity(ctx->engine, a, 0.5));
}

/* ------------------------------------------------------------------------------------------ */
/* RS-5: clipping                                                                              */
/* ------------------------------------------------------------------------------------------ */

static void b_masks_to_bounds(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 100, 100, GREY);
    S(lamina_layer_set_bool(ctx->engine, a, "masksToBounds", 1));
    box(ctx, a, 50, 50, 100, 100, RED); /* sticks out: clipped */
    lamina_layer_t b = box(ctx, ctx->root, 120, 120, 60, 60, GREY);
    box(ctx, b, 30, 30, 50, 50, BLUE); /* not clipped */
}

static void b_nested_clip(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 160, 100, GREY);
    S(lamina_layer_set_bool(ctx->engine, a, "masksToBounds", 1));
    lamina_layer_t b = box(ctx, a, 60, 40, 140, 100, YELLOW);
    S(lamina_layer_set_bool(ctx->engine, b, "masksToBounds", 1));
    box(ctx, b, -80, 20, 300, 20, RED); /* clipped by both */
}

static void b_rounded_clip(scene_ctx_t *ctx) {
    /* RS-5.4: masksToBounds with cornerRadius clips the sublayers to the rounded shape. */
    lamina_layer_t a = box(ctx, ctx->root, 30, 30, 140, 140, GREY);
    num(ctx, a, "cornerRadius", 40);
    S(lamina_layer_set_bool(ctx->engine, a, "masksToBounds", 1));
    box(ctx, a, -20, -20, 100, 100, RED);
    box(ctx, a, 80, 80, 100, 100, BLUE);
    num(ctx, a, "borderWidth", 4);
    color(ctx, a, "borderColor", BLACK);
}

static void b_rotated_clip(scene_ctx_t *ctx) {
    /* RS-5.5: a rotated masking layer clips in its own plane, not by a screen box. */
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 120, 120, GREY);
    S(lamina_layer_set_transform(ctx->engine, a, "transform", rotation(M_PI / 8, 0, 0, 1)));
    S(lamina_layer_set_bool(ctx->engine, a, "masksToBounds", 1));
    box(ctx, a, 60, -30, 100, 100, ORANGE);
    box(ctx, a, -30, 70, 200, 20, PURPLE);
}

static void b_nested_rounded_clip(scene_ctx_t *ctx) {
    S(lamina_layer_set_transform(ctx->engine, ctx->root, "sublayerTransform", perspective(400)));
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 160, 160, GREY);
    num(ctx, a, "cornerRadius", 30);
    S(lamina_layer_set_bool(ctx->engine, a, "masksToBounds", 1));
    S(lamina_layer_set_transform(ctx->engine, a, "transform", rotation(M_PI / 7, 0, 1, 0)));
    lamina_layer_t b = box(ctx, a, 70, 70, 120, 120, TEAL);
    num(ctx, b, "cornerRadius", 30);
    S(lamina_layer_set_bool(ctx->engine, b, "masksToBounds", 1));
    box(ctx, b, 20, 20, 200, 40, YELLOW);
}

static void b_shadow_masked(scene_ctx_t *ctx) {
    /* RS-3.7: masksToBounds clips the layer's own shadow; the outer layer keeps its own. */
    lamina_layer_t a = box(ctx, ctx->root, 20, 50, 70, 100, BLUE);
    num(ctx, a, "shadowOpacity", 1);
    num(ctx, a, "shadowRadius", 6);
    S(lamina_layer_set_bool(ctx->engine, a, "masksToBounds", 1));
    lamina_layer_t b = box(ctx, ctx->root, 110, 50, 70, 100, BLUE);
    num(ctx, b, "shadowOpacity", 1);
    num(ctx, b, "shadowRadius", 6);
}

/* ------------------------------------------------------------------------------------------ */
/* RS-6: transforms, 3D, order, culling                                                        */
/* ------------------------------------------------------------------------------------------ */

static void b_transform_rotate(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 50, 50, 100, 100, ORANGE);
    S(lamina_layer_set_transform(ctx->engine, a, "transform", rotation(M_PI / 6, 0, 0, 1)));
    num(ctx, a, "borderWidth", 4);
}

static void b_transform_anchor(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 100, 100, 80, 80, BLUE);
    S(lamina_layer_set_point(ctx->engine, a, "anchorPoint", (lamina_point_t){0, 0}));
    S(lamina_layer_set_position(ctx->engine, a, (lamina_point_t){100, 100}));
    S(lamina_layer_set_transform(ctx->engine, a, "transform", rotation(M_PI / 4, 0, 0, 1)));
    box(ctx, ctx->root, 96, 96, 8, 8, RED); /* the anchor */
}

static void b_perspective(scene_ctx_t *ctx) {
    S(lamina_layer_set_transform(ctx->engine, ctx->root, "sublayerTransform", perspective(300)));
    lamina_layer_t a = box(ctx, ctx->root, 50, 50, 100, 100, TEAL);
    S(lamina_layer_set_transform(ctx->engine, a, "transform", rotation(M_PI / 4, 0, 1, 0)));
    num(ctx, a, "borderWidth", 3);
}

static void b_perspective_x(scene_ctx_t *ctx) {
    S(lamina_layer_set_transform(ctx->engine, ctx->root, "sublayerTransform", perspective(250)));
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 120, 120, PURPLE);
    num(ctx, a, "cornerRadius", 20);
    S(lamina_layer_set_transform(ctx->engine, a, "transform", rotation(-M_PI / 3.5, 1, 0, 0)));
    box(ctx, a, 30, 30, 60, 60, YELLOW);
}

static void b_sublayer_transform(scene_ctx_t *ctx) {
    lamina_layer_t p = box(ctx, ctx->root, 20, 20, 160, 160, GREY);
    lamina_transform3d_t s;
    lamina_transform3d_make_scale(0.5, 0.5, 1, &s);
    S(lamina_layer_set_transform(ctx->engine, p, "sublayerTransform", s));
    box(ctx, p, 0, 0, 160, 160, RED); /* scaled about the parent's centre */
}

static void b_zposition(scene_ctx_t *ctx) {
    /* RS-6.4: a higher zPosition lifts the first sibling above the later ones. */
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 100, 100, RED);
    box(ctx, ctx->root, 60, 60, 100, 100, GREEN);
    box(ctx, ctx->root, 100, 100, 80, 80, BLUE);
    num(ctx, a, "zPosition", 10);
}

static void b_double_sided(scene_ctx_t *ctx) {
    /* RS-6.7: turned 180 degrees about y: single-sided (with its sublayer) is culled. */
    S(lamina_layer_set_transform(ctx->engine, ctx->root, "sublayerTransform", perspective(500)));
    lamina_layer_t a = box(ctx, ctx->root, 10, 50, 80, 100, RED);
    S(lamina_layer_set_transform(ctx->engine, a, "transform", rotation(M_PI * 0.9, 0, 1, 0)));
    S(lamina_layer_set_bool(ctx->engine, a, "doubleSided", 0));
    box(ctx, a, 10, 10, 30, 30, BLACK);
    lamina_layer_t b = box(ctx, ctx->root, 110, 50, 80, 100, GREEN);
    S(lamina_layer_set_transform(ctx->engine, b, "transform", rotation(M_PI * 0.9, 0, 1, 0)));
    box(ctx, b, 10, 10, 30, 30, BLACK);
}

static void b_scale_2x(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 60, 60, BLUE);
    num(ctx, a, "cornerRadius", 12);
    num(ctx, a, "borderWidth", 2);
    color(ctx, a, "borderColor", ORANGE);
}

/* ------------------------------------------------------------------------------------------ */
/* CA: animations drawn (implicit, transactions, basic, keyframe, spring)                      */
/* ------------------------------------------------------------------------------------------ */

/* A half-way implicit move is drawn half-way: linear, 1 s, drawn at 0.5. */
static void b_implicit_move(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 0, 50, 100, 100, RED);
    commit(ctx);
    linear_begin(ctx, 1.0);
    S(lamina_layer_set_position(ctx->engine, a, (lamina_point_t){150, 100}));
    linear_end(ctx);
}

static void b_implicit_color(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 50, 50, 100, 100, RED);
    num(ctx, a, "cornerRadius", 10);
    commit(ctx);
    linear_begin(ctx, 1.0);
    color(ctx, a, "backgroundColor", BLUE);
    num(ctx, a, "cornerRadius", 50);
    linear_end(ctx);
}

static void completion_cb(void *userdata) {
    scene_ctx_t *ctx = userdata;
    ctx->counter++;
    S(lamina_layer_set_color(ctx->engine, ctx->extra[0], "backgroundColor", GREEN));
}

/* A transaction's completion runs when its animations end (at the first tick after 0.5 s);
 * here it turns the box green, which animates implicitly from then on. */
static void b_transaction_completion(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 70, 60, 60, ORANGE);
    ctx->extra[0] = a;
    commit(ctx);
    linear_begin(ctx, 0.5);
    S(lamina_transaction_set_completion(ctx->engine, completion_cb, ctx, NULL));
    S(lamina_layer_set_position(ctx->engine, a, (lamina_point_t){150, 100}));
    linear_end(ctx);
}

static void b_keyframes(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 10, 10, 40, 40, PURPLE);
    lamina_animation_t *k = NULL;
    lamina_value_t values[4] = {vpoint(30, 30), vpoint(170, 30), vpoint(170, 170), vpoint(30, 170)};
    S(lamina_animation_create_keyframe("position", &k));
    if (!k) return;
    S(lamina_animation_set_keyframe_values(k, values, 4));
    attach(ctx, a, k, 3.0, 1, "position");
    commit(ctx);
}

static void b_spring(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 10, 80, 40, 40, TEAL);
    lamina_animation_t *sp = NULL;
    lamina_spring_t spring;
    S(lamina_animation_create_spring("position.x", &sp));
    if (!sp) return;
    S(lamina_spring_init_perceptual(1.0, 0.5, &spring));
    S(lamina_animation_set_spring(sp, &spring));
    lamina_value_t from = vnum(30), to = vnum(160);
    S(lamina_animation_set_from_value(sp, &from));
    S(lamina_animation_set_to_value(sp, &to));
    attach(ctx, a, sp, 2.0, 1, "position.x");
    commit(ctx);
}

static void b_rotation_3d(scene_ctx_t *ctx) {
    S(lamina_layer_set_transform(ctx->engine, ctx->root, "sublayerTransform", perspective(400)));
    lamina_layer_t a = box(ctx, ctx->root, 50, 50, 100, 100, ORANGE);
    num(ctx, a, "cornerRadius", 12);
    box(ctx, a, 30, 30, 40, 40, BLUE);
    basic(ctx, a, "transform.rotation.y", vnum(0), vnum(2 * M_PI), 4.0, 0);
    lamina_animation_t *last = NULL;
    (void)last;
    commit(ctx);
}

static void b_color_anim(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 30, 30, 140, 140, RED);
    basic(ctx, a, "backgroundColor", vcolor(RED), vcolor(YELLOW), 2.0, 1);
    basic(ctx, a, "cornerRadius", vnum(0), vnum(70), 2.0, 1);
    commit(ctx);
}

/* ------------------------------------------------------------------------------------------ */
/* RS-7: transitions                                                                           */
/* ------------------------------------------------------------------------------------------ */

static void transition_scene(scene_ctx_t *ctx, lamina_transition_type_t type,
                             lamina_transition_subtype_t sub, int clip) {
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 120, 120, RED);
    num(ctx, a, "borderWidth", 6);
    color(ctx, a, "borderColor", BLACK);
    if (clip) S(lamina_layer_set_bool(ctx->engine, a, "masksToBounds", 1));
    commit(ctx);
    lamina_animation_t *t = NULL;
    S(lamina_animation_create_transition(type, sub, &t));
    if (!t) return;
    S(lamina_transaction_begin(ctx->engine));
    S(lamina_transaction_set_disable_actions(ctx->engine, 1));
    color(ctx, a, "backgroundColor", BLUE);
    color(ctx, a, "borderColor", YELLOW);
    attach(ctx, a, t, 1.0, 0, NULL);
    S(lamina_transaction_commit(ctx->engine));
    commit(ctx);
}

static void b_tr_fade(scene_ctx_t *ctx) {
    transition_scene(ctx, LAMINA_TRANSITION_FADE, LAMINA_TRANSITION_SUBTYPE_NONE, 0);
}
static void b_tr_movein_right(scene_ctx_t *ctx) {
    transition_scene(ctx, LAMINA_TRANSITION_MOVE_IN, LAMINA_TRANSITION_FROM_RIGHT, 1);
}
static void b_tr_push_left(scene_ctx_t *ctx) {
    transition_scene(ctx, LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_LEFT, 1);
}
static void b_tr_push_bottom(scene_ctx_t *ctx) {
    transition_scene(ctx, LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_BOTTOM, 1);
}
static void b_tr_reveal_top(scene_ctx_t *ctx) {
    transition_scene(ctx, LAMINA_TRANSITION_REVEAL, LAMINA_TRANSITION_FROM_TOP, 1);
}
static void b_tr_movein_unclipped(scene_ctx_t *ctx) {
    /* RS-7.4(b): without masksToBounds the incoming content is drawn outside the bounds. */
    transition_scene(ctx, LAMINA_TRANSITION_MOVE_IN, LAMINA_TRANSITION_FROM_LEFT, 0);
}

/* CA-10.2 (issue 25): a container whose sublayers are swapped (red hidden, blue shown) under a
 * transition: the old side is the old subtree. Left: a linear fade at p = 0.5 reads (128, 0,
 * 128). Right: push fromRight at p = 0.5 in a clipping container: red leaves to the left as
 * blue comes in from the right. Neither container draws anything of its own. */
static void swap_under(scene_ctx_t *ctx, double x, int clip) {
    static const lamina_color_t NONE = {0, 0, 0, 0};
    lamina_layer_t c = box(ctx, ctx->root, x, 50, 80, 100, NONE);
    lamina_layer_t r = box(ctx, c, 10, 10, 60, 80, RED);
    lamina_layer_t b = box(ctx, c, 10, 10, 60, 80, (lamina_color_t){0, 0, 1, 1});
    if (clip) S(lamina_layer_set_bool(ctx->engine, c, "masksToBounds", 1));
    S(lamina_layer_set_bool(ctx->engine, b, "hidden", 1));
    ctx->extra[ctx->counter++] = c;
    ctx->extra[ctx->counter++] = r;
    ctx->extra[ctx->counter++] = b;
}

static void swap_now(scene_ctx_t *ctx, int k, lamina_transition_type_t type,
                     lamina_transition_subtype_t sub) {
    lamina_animation_t *t = NULL;
    S(lamina_animation_create_transition(type, sub, &t));
    if (!t) return;
    attach(ctx, ctx->extra[3 * k], t, 1.0, 0, NULL);
    S(lamina_layer_set_bool(ctx->engine, ctx->extra[3 * k + 1], "hidden", 1));
    S(lamina_layer_set_bool(ctx->engine, ctx->extra[3 * k + 2], "hidden", 0));
}

static void b_transition_subtree(scene_ctx_t *ctx) {
    swap_under(ctx, 10, 0);
    swap_under(ctx, 110, 1);
    commit(ctx);
    S(lamina_transaction_begin(ctx->engine));
    S(lamina_transaction_set_disable_actions(ctx->engine, 1));
    swap_now(ctx, 0, LAMINA_TRANSITION_FADE, LAMINA_TRANSITION_SUBTYPE_NONE);
    swap_now(ctx, 1, LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_RIGHT);
    S(lamina_transaction_commit(ctx->engine));
    commit(ctx);
}

/* ------------------------------------------------------------------------------------------ */
/* Contents (RS-4)                                                                             */
/* ------------------------------------------------------------------------------------------ */

static void str(scene_ctx_t *ctx, lamina_layer_t l, const char *key, const char *s) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = s;
    S(lamina_layer_set_value(ctx->engine, l, key, &v));
}

/* A w x h test image (straight alpha, premultiplied by Lamina): quadrants red (top-left), green
 * (top-right), blue (bottom-left) and yellow (bottom-right), with a white 1/4-size square in the
 * top-left corner, so orientation, cropping and scaling all show. The layer keeps it. */
static lamina_image_t quad_image(scene_ctx_t *ctx, uint32_t w, uint32_t h) {
    static uint8_t px[64 * 64 * 4];
    if (w > 64 || h > 64) return LAMINA_IMAGE_NONE;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = px + 4 * (y * w + x);
            int right = x >= w / 2, bottom = y >= h / 2;
            static const uint8_t q[4][3] = {{230, 30, 30}, {30, 170, 60}, {30, 80, 230}, {250, 210, 20}};
            const uint8_t *c = q[bottom * 2 + right];
            int marker = x < w / 4 && y < h / 4;
            p[0] = marker ? 255 : c[0];
            p[1] = marker ? 255 : c[1];
            p[2] = marker ? 255 : c[2];
            p[3] = 255;
        }
    lamina_image_t img = LAMINA_IMAGE_NONE;
    S(lamina_image_create_rgba8(ctx->engine, w, h, px, (size_t)w * h * 4, 0, &img));
    return img;
}

/* Sets the image as `l`'s contents and drops the scene's reference (the layer keeps one). */
static void set_image(scene_ctx_t *ctx, lamina_layer_t l, lamina_image_t img) {
    if (img == LAMINA_IMAGE_NONE) return;
    S(lamina_layer_set_contents(ctx->engine, l, img));
    S(lamina_image_release(img));
}

/* RS-4.3: the 12 gravities, a 40 x 24 image in 88 x 64 cells (4 x 3). */
static void b_contents_gravity(scene_ctx_t *ctx) {
    static const char *const g[12] = {"resize", "resizeAspect", "resizeAspectFill", "center",
                                      "top", "bottom", "left", "right",
                                      "topLeft", "topRight", "bottomLeft", "bottomRight"};
    for (int i = 0; i < 12; i++) {
        lamina_layer_t l = box(ctx, ctx->root, 10 + (i % 4) * 98, 16 + (i / 4) * 94, 88, 64, GREY);
        set_image(ctx, l, quad_image(ctx, 40, 24));
        str(ctx, l, "contentsGravity", g[i]);
    }
}

/* RS-4.2: contentsRect picks the top-right quadrant; a rect beyond the image clamps to edge. */
static void b_contents_rect(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 10, 10, 80, 80, GREY);
    set_image(ctx, a, quad_image(ctx, 32, 32));
    lamina_layer_t b = box(ctx, ctx->root, 110, 10, 80, 80, GREY);
    set_image(ctx, b, quad_image(ctx, 32, 32));
    S(lamina_layer_set_rect(ctx->engine, b, "contentsRect", (lamina_rect_t){{0.5, 0}, {0.5, 0.5}}));
    lamina_layer_t c = box(ctx, ctx->root, 10, 110, 80, 80, GREY);
    set_image(ctx, c, quad_image(ctx, 32, 32));
    S(lamina_layer_set_rect(ctx->engine, c, "contentsRect", (lamina_rect_t){{0, 0}, {0.5, 1}}));
    lamina_layer_t d = box(ctx, ctx->root, 110, 110, 80, 80, GREY);
    set_image(ctx, d, quad_image(ctx, 32, 32));
    S(lamina_layer_set_rect(ctx->engine, d, "contentsRect", (lamina_rect_t){{-0.25, -0.25}, {1.5, 1.5}}));
}

/* A 24 x 24 frame image: an 8-pixel blue ring with a red 2-pixel inner edge, an orange centre. */
static lamina_image_t frame_image(scene_ctx_t *ctx) {
    uint8_t px[24 * 24 * 4];
    for (int y = 0; y < 24; y++)
        for (int x = 0; x < 24; x++) {
            uint8_t *p = px + 4 * (y * 24 + x);
            int ring = x < 8 || y < 8 || x >= 16 || y >= 16;
            int edge = ring && x >= 6 && y >= 6 && x < 18 && y < 18;
            p[0] = edge ? 220 : ring ? 30 : 250;
            p[1] = edge ? 20 : ring ? 80 : 150;
            p[2] = edge ? 20 : ring ? 220 : 20;
            p[3] = 255;
        }
    lamina_image_t img = LAMINA_IMAGE_NONE;
    S(lamina_image_create_rgba8(ctx->engine, 24, 24, px, sizeof px, 0, &img));
    return img;
}

/* RS-4.6: contentsCenter (1/3, 1/3, 1/3, 1/3) keeps the ring 8 points wide while the centre
 * stretches; without it the ring stretches too; a layer smaller than the sides scales them. */
static void b_contents_center(scene_ctx_t *ctx) {
    lamina_rect_t c = {{1.0 / 3, 1.0 / 3}, {1.0 / 3, 1.0 / 3}};
    lamina_layer_t a = box(ctx, ctx->root, 10, 10, 180, 70, GREY);
    set_image(ctx, a, frame_image(ctx));
    S(lamina_layer_set_rect(ctx->engine, a, "contentsCenter", c));
    lamina_layer_t b = box(ctx, ctx->root, 10, 100, 120, 90, GREY);
    set_image(ctx, b, frame_image(ctx));
    lamina_layer_t d = box(ctx, ctx->root, 150, 100, 12, 90, GREY);
    set_image(ctx, d, frame_image(ctx));
    S(lamina_layer_set_rect(ctx->engine, d, "contentsCenter", c));
}

/* A w x w checkerboard of cells of one pixel (black and white). */
static lamina_image_t checker(scene_ctx_t *ctx, uint32_t w, uint32_t cell) {
    static uint8_t px[64 * 64 * 4];
    if (w > 64) return LAMINA_IMAGE_NONE;
    for (uint32_t y = 0; y < w; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t v = ((x / cell + y / cell) & 1) ? 255 : 0;
            uint8_t *p = px + 4 * (y * w + x);
            p[0] = p[1] = p[2] = v;
            p[3] = 255;
        }
    lamina_image_t img = LAMINA_IMAGE_NONE;
    S(lamina_image_create_rgba8(ctx->engine, w, w, px, (size_t)w * w * 4, 1, &img));
    return img;
}

/* RS-4.7: a 4 x 4 checker magnified to 80 x 80, nearest (hard cells) and linear (smooth); a
 * 64 x 64 one-pixel checker minified to 40 x 40, nearest (aliased) and trilinear (grey). */
static void b_contents_filter(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 10, 10, 80, 80, GREY);
    set_image(ctx, a, checker(ctx, 4, 1));
    str(ctx, a, "magnificationFilter", "nearest");
    lamina_layer_t b = box(ctx, ctx->root, 110, 10, 80, 80, GREY);
    set_image(ctx, b, checker(ctx, 4, 1));
    lamina_layer_t c = box(ctx, ctx->root, 30, 130, 40, 40, GREY);
    set_image(ctx, c, checker(ctx, 64, 1));
    str(ctx, c, "minificationFilter", "nearest");
    lamina_layer_t d = box(ctx, ctx->root, 130, 130, 40, 40, GREY);
    set_image(ctx, d, checker(ctx, 64, 1));
    str(ctx, d, "minificationFilter", "trilinear");
}

/* RS-4.8: a change of contents cross-fades; at half time both images show at 50 %, the old one
 * (the quadrants) in its destination, the new one (a checker, aspect-fitted) in its own. */
static void b_contents_crossfade(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 160, 160, GREY);
    set_image(ctx, a, quad_image(ctx, 32, 32));
    str(ctx, a, "contentsGravity", "resizeAspect");
    S(lamina_layer_set_bounds(ctx->engine, a, (lamina_rect_t){{0, 0}, {160, 160}}));
    commit(ctx);
    linear_begin(ctx, 1.0);
    set_image(ctx, a, checker(ctx, 8, 2));
    str(ctx, a, "contentsGravity", "center");
    linear_end(ctx);
}

/* RS-4.4: contents clipped by a rounded masksToBounds (aspect fill overflows otherwise); the
 * layer's border draws over its contents (RS-1.1); the layer's opacity applies (RS-2.1). */
static void b_contents_clip(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 20, 50, 70, 100, GREY);
    set_image(ctx, a, quad_image(ctx, 32, 32));
    str(ctx, a, "contentsGravity", "resizeAspectFill");
    lamina_layer_t b = box(ctx, ctx->root, 110, 50, 70, 100, GREY);
    set_image(ctx, b, quad_image(ctx, 32, 32));
    str(ctx, b, "contentsGravity", "resizeAspectFill");
    S(lamina_layer_set_bool(ctx->engine, b, "masksToBounds", 1));
    num(ctx, b, "cornerRadius", 20);
    num(ctx, b, "borderWidth", 4);
    color(ctx, b, "borderColor", BLACK);
    S(lamina_layer_set_opacity(ctx->engine, b, 0.7));
}

/* RS-4.5: under a geometryFlipped superlayer (right) the sublayer at minY shows at the visual
 * bottom, and its contents stay upright (LAMINA_DRAW2_CONTENTS_FLIPPED), as on the left. */
static void b_contents_flipped(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 10, 10, 85, 180, GREY);
    lamina_layer_t ai = box(ctx, a, 10, 10, 64, 64, (lamina_color_t){0, 0, 0, 0});
    set_image(ctx, ai, quad_image(ctx, 32, 32));
    lamina_layer_t b = box(ctx, ctx->root, 105, 10, 85, 180, GREY);
    S(lamina_layer_set_bool(ctx->engine, b, "geometryFlipped", 1));
    lamina_layer_t bi = box(ctx, b, 10, 10, 64, 64, (lamina_color_t){0, 0, 0, 0});
    set_image(ctx, bi, quad_image(ctx, 32, 32));
}

/* ------------------------------------------------------------------------------------------ */
/* Masks (RS-5.1-5.3) and per-layer group opacity (RS-2.2, RS-2.3)                             */
/* ------------------------------------------------------------------------------------------ */

/* A layer `w` x `h` at (x, y) with four coloured bands as sublayers (its content to mask). */
static lamina_layer_t banded(scene_ctx_t *ctx, double x, double y, double w, double h) {
    lamina_layer_t l = box(ctx, ctx->root, x, y, w, h, TEAL);
    box(ctx, l, 0, 0, w, h / 4, RED);
    box(ctx, l, 0, h / 2, w, h / 4, ORANGE);
    box(ctx, l, w / 2, 0, w / 4, h, PURPLE);
    return l;
}

/* A mask layer (no superlayer; the scene's reference goes to the host). */
static lamina_layer_t mask_of(scene_ctx_t *ctx, lamina_layer_t host, double x, double y, double w,
                              double h, lamina_color_t c) {
    lamina_layer_t m = LAMINA_LAYER_NONE;
    S(lamina_layer_create(ctx->engine, &m));
    S(lamina_layer_set_bounds(ctx->engine, m, (lamina_rect_t){{0, 0}, {w, h}}));
    S(lamina_layer_set_position(ctx->engine, m, (lamina_point_t){x + w / 2, y + h / 2}));
    if (c.a > 0) color(ctx, m, "backgroundColor", c);
    S(lamina_layer_set_mask(ctx->engine, host, m));
    S(lamina_layer_release(ctx->engine, m));
    return m;
}

/* RS-5.1: a circular mask (in the host's coordinates) shows the banded layer and its sublayers
 * only inside the circle; its colour does not matter, only its alpha. */
static void b_mask_circle(scene_ctx_t *ctx) {
    stripes(ctx);
    lamina_layer_t l = banded(ctx, 20, 20, 160, 160);
    lamina_layer_t m = mask_of(ctx, l, 20, 20, 120, 120, GREEN);
    num(ctx, m, "cornerRadius", 60);
}

/* RS-5.2: the mask's alpha gates: a mask with a 50%-opacity square and an opaque sublayer bar
 * (the mask's own opacity counts), over a host at opacity 0.8. */
static void b_mask_alpha(scene_ctx_t *ctx) {
    stripes(ctx);
    lamina_layer_t l = banded(ctx, 20, 20, 160, 160);
    S(lamina_layer_set_opacity(ctx->engine, l, 0.8));
    lamina_layer_t m = mask_of(ctx, l, 10, 10, 140, 140, (lamina_color_t){0, 0, 0, 0.5});
    lamina_layer_t bar = box(ctx, m, 0, 60, 140, 20, BLACK);
    (void)bar;
}

/* A 32 x 32 image whose alpha falls from 1 at the left to 0 at the right, in a ring. */
static lamina_image_t alpha_ring(scene_ctx_t *ctx) {
    uint8_t px[32 * 32 * 4];
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 32; x++) {
            double dx = x + 0.5 - 16, dy = y + 0.5 - 16, d = sqrt(dx * dx + dy * dy);
            uint8_t a = (d > 8 && d < 15) ? (uint8_t)(255 - x * 255 / 31) : 0;
            uint8_t *p = px + 4 * (y * 32 + x);
            p[0] = p[1] = p[2] = 0;
            p[3] = a;
        }
    lamina_image_t img = LAMINA_IMAGE_NONE;
    S(lamina_image_create_rgba8(ctx->engine, 32, 32, px, sizeof px, 0, &img));
    return img;
}

/* RS-5.1 with RS-4: a mask whose contents image carries the alpha (a fading ring). */
static void b_mask_image(scene_ctx_t *ctx) {
    stripes(ctx);
    lamina_layer_t l = banded(ctx, 20, 20, 160, 160);
    lamina_layer_t m = mask_of(ctx, l, 0, 0, 160, 160, (lamina_color_t){0, 0, 0, 0});
    set_image(ctx, m, alpha_ring(ctx));
}

/* RS-2.3 per layer: allowsGroupOpacity NO on the left group (the overlap shows through), the
 * default YES on the right one (composited once). */
static void b_allows_group_opacity(scene_ctx_t *ctx) {
    stripes(ctx);
    lamina_layer_t p = box(ctx, ctx->root, 10, 40, 85, 120, (lamina_color_t){0, 0, 0, 0});
    box(ctx, p, 0, 0, 55, 80, RED);
    box(ctx, p, 30, 40, 55, 80, BLUE);
    S(lamina_layer_set_opacity(ctx->engine, p, 0.5));
    S(lamina_layer_set_bool(ctx->engine, p, "allowsGroupOpacity", 0));
    lamina_layer_t q = box(ctx, ctx->root, 105, 40, 85, 120, (lamina_color_t){0, 0, 0, 0});
    box(ctx, q, 0, 0, 55, 80, RED);
    box(ctx, q, 30, 40, 55, 80, BLUE);
    S(lamina_layer_set_opacity(ctx->engine, q, 0.5));
}

/* ------------------------------------------------------------------------------------------ */
/* Corners: maskedCorners (RS-1.5) and cornerCurve (RS-1.6, RS-1.7)                            */
/* ------------------------------------------------------------------------------------------ */

/* RS-1.6/1.7: circular (top row, left) and continuous (right) corners of radius 30 on 80 x 80
 * layers; bottom row: a continuous border over a clipped sublayer, and a continuous hard
 * shadow. The continuous corner starts 1.528665 r from the corner (here the size limit). */
static void b_corner_continuous(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 10, 10, 80, 80, BLUE);
    num(ctx, a, "cornerRadius", 24);
    lamina_layer_t b = box(ctx, ctx->root, 110, 10, 80, 80, BLUE);
    num(ctx, b, "cornerRadius", 24);
    str(ctx, b, "cornerCurve", "continuous");
    lamina_layer_t c = box(ctx, ctx->root, 10, 110, 80, 80, GREY);
    num(ctx, c, "cornerRadius", 20);
    str(ctx, c, "cornerCurve", "continuous");
    num(ctx, c, "borderWidth", 4);
    color(ctx, c, "borderColor", BLACK);
    S(lamina_layer_set_bool(ctx->engine, c, "masksToBounds", 1));
    box(ctx, c, 0, 0, 80, 40, ORANGE);
    lamina_layer_t d = box(ctx, ctx->root, 110, 110, 70, 70, TEAL);
    num(ctx, d, "cornerRadius", 20);
    str(ctx, d, "cornerCurve", "continuous");
    num(ctx, d, "shadowOpacity", 1);
    num(ctx, d, "shadowRadius", 0);
    S(lamina_layer_set_size(ctx->engine, d, "shadowOffset", (lamina_size_t){8, 8}));
    color(ctx, d, "shadowColor", RED);
}

/* RS-1.5: maskedCorners 1 (minX minY: the visual top-left), 2, 4, 8 on the top row; below:
 * 3 (the top two) with a border and a clipped sublayer, and 9 with a hard shadow. */
static void b_masked_corners(scene_ctx_t *ctx) {
    for (int i = 0; i < 4; i++) {
        lamina_layer_t l = box(ctx, ctx->root, 8 + i * 48, 20, 40, 40, PURPLE);
        num(ctx, l, "cornerRadius", 16);
        num(ctx, l, "maskedCorners", (double)(1 << i));
    }
    lamina_layer_t c = box(ctx, ctx->root, 10, 90, 80, 80, GREY);
    num(ctx, c, "cornerRadius", 24);
    num(ctx, c, "maskedCorners", 3);
    num(ctx, c, "borderWidth", 4);
    color(ctx, c, "borderColor", BLACK);
    S(lamina_layer_set_bool(ctx->engine, c, "masksToBounds", 1));
    box(ctx, c, 0, 0, 80, 40, ORANGE);
    lamina_layer_t d = box(ctx, ctx->root, 110, 90, 70, 70, TEAL);
    num(ctx, d, "cornerRadius", 24);
    num(ctx, d, "maskedCorners", 9);
    num(ctx, d, "shadowOpacity", 1);
    num(ctx, d, "shadowRadius", 0);
    S(lamina_layer_set_size(ctx->engine, d, "shadowOffset", (lamina_size_t){8, 8}));
    color(ctx, d, "shadowColor", RED);
}

/* CA-10.2 / RS-7.3: the old render of a transition is the layer's whole before-record: its old
 * contents, corner radius, background and border (push fromRight at p = 0.5, clipped). */
static void b_transition_contents(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 40, 40, 120, 120, GREY);
    set_image(ctx, a, quad_image(ctx, 32, 32));
    num(ctx, a, "cornerRadius", 20);
    S(lamina_layer_set_bool(ctx->engine, a, "masksToBounds", 1));
    commit(ctx);
    lamina_animation_t *t = NULL;
    S(lamina_animation_create_transition(LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_RIGHT, &t));
    if (!t) return;
    S(lamina_transaction_begin(ctx->engine));
    S(lamina_transaction_set_disable_actions(ctx->engine, 1));
    set_image(ctx, a, checker(ctx, 8, 2));
    str(ctx, a, "contentsGravity", "center");
    num(ctx, a, "cornerRadius", 0);
    num(ctx, a, "borderWidth", 6);
    color(ctx, a, "borderColor", BLACK);
    attach(ctx, a, t, 1.0, 0, NULL);
    S(lamina_transaction_commit(ctx->engine));
    commit(ctx);
}

/* ------------------------------------------------------------------------------------------ */
/* shadowPath (RS-3.4)                                                                         */
/* ------------------------------------------------------------------------------------------ */

static void shadow_path(scene_ctx_t *ctx, lamina_layer_t l, const lamina_path_element_t *el, size_t n) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_PATH;
    v.u.path.elements = el;
    v.u.path.count = n;
    S(lamina_layer_set_value(ctx->engine, l, "shadowPath", &v));
}

/* RS-3.4: the shadow is the path, not the layer: a square layer casting a blurred ellipse
 * (sigma 6, offset (0, 10)); a transparent layer casting a hard triangle (a path that sticks
 * out of its bounds); a rotated layer's path shadow turns with it (RS-3.2). */
static void b_shadow_path(scene_ctx_t *ctx) {
    lamina_path_element_t el[10];
    size_t n = 0;
    lamina_layer_t a = box(ctx, ctx->root, 20, 20, 70, 70, ORANGE);
    S(lamina_path_ellipse((lamina_rect_t){{0, 0}, {70, 70}}, el, 10, &n));
    shadow_path(ctx, a, el, n);
    num(ctx, a, "shadowOpacity", 0.8);
    num(ctx, a, "shadowRadius", 6);
    S(lamina_layer_set_size(ctx->engine, a, "shadowOffset", (lamina_size_t){0, 10}));
    lamina_layer_t b = box(ctx, ctx->root, 110, 20, 70, 70, (lamina_color_t){0, 0, 0, 0});
    num(ctx, b, "borderWidth", 1);
    lamina_path_element_t tri[4] = {
        {LAMINA_PATH_MOVE, 0, {{35, -5}, {0, 0}, {0, 0}}},
        {LAMINA_PATH_LINE, 0, {{80, 75}, {0, 0}, {0, 0}}},
        {LAMINA_PATH_LINE, 0, {{-10, 75}, {0, 0}, {0, 0}}},
        {LAMINA_PATH_CLOSE, 0, {{0, 0}, {0, 0}, {0, 0}}},
    };
    shadow_path(ctx, b, tri, 4);
    num(ctx, b, "shadowOpacity", 1);
    num(ctx, b, "shadowRadius", 0);
    color(ctx, b, "shadowColor", BLUE);
    S(lamina_layer_set_size(ctx->engine, b, "shadowOffset", (lamina_size_t){0, 0}));
    lamina_layer_t c = box(ctx, ctx->root, 60, 115, 80, 60, TEAL);
    S(lamina_path_rounded_rect((lamina_rect_t){{0, 0}, {80, 60}}, 20, 20, el, 10, &n));
    shadow_path(ctx, c, el, n);
    num(ctx, c, "shadowOpacity", 1);
    num(ctx, c, "shadowRadius", 3);
    color(ctx, c, "shadowColor", RED);
    S(lamina_layer_set_size(ctx->engine, c, "shadowOffset", (lamina_size_t){12, 0}));
    S(lamina_layer_set_transform(ctx->engine, c, "transform", rotation(M_PI / 6, 0, 0, 1)));
}

/* RS-3.3: a layer with no background casts the shadow of what it draws: an image's alpha (a
 * fading ring, blurred, offset (6, 6)), and a container's sublayers (two discs, hard, offset
 * (8, 8)), one shadow for the whole subtree. */
static void b_shadow_alpha(scene_ctx_t *ctx) {
    lamina_layer_t a = box(ctx, ctx->root, 10, 20, 90, 90, (lamina_color_t){0, 0, 0, 0});
    set_image(ctx, a, alpha_ring(ctx));
    num(ctx, a, "shadowOpacity", 1);
    num(ctx, a, "shadowRadius", 3);
    color(ctx, a, "shadowColor", RED);
    S(lamina_layer_set_size(ctx->engine, a, "shadowOffset", (lamina_size_t){6, 6}));
    lamina_layer_t c = box(ctx, ctx->root, 110, 20, 80, 160, (lamina_color_t){0, 0, 0, 0});
    lamina_layer_t d1 = box(ctx, c, 0, 0, 60, 60, TEAL);
    num(ctx, d1, "cornerRadius", 30);
    lamina_layer_t d2 = box(ctx, c, 20, 70, 60, 60, ORANGE);
    num(ctx, d2, "cornerRadius", 30);
    num(ctx, c, "shadowOpacity", 0.8);
    num(ctx, c, "shadowRadius", 0);
    S(lamina_layer_set_size(ctx->engine, c, "shadowOffset", (lamina_size_t){8, 8}));
}

#ifdef LAMINA_SCENES_TEXT
/* ------------------------------------------------------------------------------------------ */
/* Text layers (issue 26, R15): the card bindings/python/tests/test_text_render.py draws too    */
/* ------------------------------------------------------------------------------------------ */

static lamina_layer_t text_box(scene_ctx_t *ctx, lamina_layer_t parent, double cx, double cy, double w,
                               double h, const char *string, const char *font, double size,
                               lamina_color_t ink) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    S(lamina_layer_create_kind(ctx->engine, LAMINA_LAYER_KIND_TEXT, &l));
    S(lamina_layer_set_bounds(ctx->engine, l, (lamina_rect_t){{0, 0}, {w, h}}));
    S(lamina_layer_set_position(ctx->engine, l, (lamina_point_t){cx, cy}));
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = string;
    S(lamina_layer_set_value(ctx->engine, l, "string", &v));
    v.u.string = font;
    S(lamina_layer_set_value(ctx->engine, l, "font", &v));
    num(ctx, l, "fontSize", size);
    color(ctx, l, "foregroundColor", ink);
    S(lamina_layer_add_sublayer(ctx->engine, parent, l));
    S(lamina_layer_release(ctx->engine, l));
    return l;
}

static void b_text_card(scene_ctx_t *ctx) {
    const char *dirs[] = {LAMINA_SCENES_FONTS};
    lamina_text_provider_t provider;
    S(lamina_text_provider_create(dirs, 1, &provider));
    if (ctx->status) return;
    S(lamina_engine_set_text_provider(ctx->engine, &provider));
    color(ctx, ctx->root, "backgroundColor", (lamina_color_t){0.93, 0.94, 0.96, 1});
    lamina_layer_t card = box(ctx, ctx->root, 20, 20, 320, 220, WHITE);
    num(ctx, card, "cornerRadius", 12);
    lamina_color_t ink = {0.1, 0.1, 0.15, 1};
    text_box(ctx, card, 160, 34, 288, 36, "Text layers", "Noto Sans", 26, ink);
    lamina_layer_t body = text_box(ctx, card, 160, 110, 288, 100,
        "Shaped by HarfBuzz, wrapped by the Unicode rules, with bidi: "
        "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d \xd7\xa2\xd7\x95\xd7\x9c\xd7\x9d and fallback: \xe6\xbc\xa2\xe5\xad\x97.",
        "Noto Sans", 15, (lamina_color_t){0.25, 0.27, 0.3, 1});
    S(lamina_layer_set_bool(ctx->engine, body, "wrapped", 1));
    text_box(ctx, card, 160, 160, 288, 24,
             "\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7 \xd8\xa8\xd8\xa7\xd9\x84\xd8\xb9\xd8\xa7\xd9\x84\xd9\x85",
             "Noto Sans Arabic", 16, (lamina_color_t){0.1, 0.4, 0.2, 1});
    lamina_layer_t cut = text_box(ctx, card, 160, 185, 288, 24,
        "A line far too long to fit in the card, truncated at its end", "Noto Sans", 15,
        (lamina_color_t){0.8, 0.2, 0.2, 1});
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = "end";
    S(lamina_layer_set_value(ctx->engine, cut, "truncationMode", &v));
}
#endif

/* ------------------------------------------------------------------------------------------ */
/* Issue 25: subtree shadows, antialiasing per edge, the edge flags, shouldRasterize           */
/* ------------------------------------------------------------------------------------------ */

/* A layer of w x h centred on (cx, cy) in `parent`. */
static lamina_layer_t centred(scene_ctx_t *ctx, lamina_layer_t parent, double cx, double cy,
                              double w, double h, lamina_color_t color) {
    return box(ctx, parent, cx - w / 2, cy - h / 2, w, h, color);
}

static void b_shadow_subtree(scene_ctx_t *ctx) {
    /* RS-3.3: the scene: the red sublayer sticking out casts shadow too. */
    lamina_layer_t a = centred(ctx, ctx->root, 85, 85, 90, 70, TEAL);
    num(ctx, a, "shadowOpacity", 0.8);
    num(ctx, a, "shadowRadius", 4);
    S(lamina_layer_set_size(ctx->engine, a, "shadowOffset", (lamina_size_t){8, 8}));
    centred(ctx, a, 95, 65, 40, 40, RED);
    /* A hard shadow of a rounded card and the disc over its corner, in one silhouette. */
    lamina_layer_t b = box(ctx, ctx->root, 20, 140, 100, 40, BLUE);
    num(ctx, b, "cornerRadius", 8);
    num(ctx, b, "shadowOpacity", 0.5);
    num(ctx, b, "shadowRadius", 0);
    S(lamina_layer_set_size(ctx->engine, b, "shadowOffset", (lamina_size_t){6, 6}));
    lamina_layer_t d = box(ctx, b, 80, -15, 36, 36, ORANGE);
    num(ctx, d, "cornerRadius", 18);
}

static void b_aa_per_axis(scene_ctx_t *ctx) {
    /* Whole-pixel edges stay exact under any scale per axis or skew; slanted ones get a
     * one-pixel ramp along their own screen gradient. */
    lamina_transform3d_t t;
    lamina_layer_t a = centred(ctx, ctx->root, 50, 40, 40, 40, BLACK); /* x 20...80, y 30...50 */
    S(lamina_transform3d_make_scale(1.5, 0.5, 1, &t));
    S(lamina_layer_set_transform(ctx->engine, a, "transform", t));
    lamina_layer_t b = centred(ctx, ctx->root, 150, 40, 40, 40, BLUE); /* x 110...190 */
    S(lamina_transform3d_make_scale(2, 1, 1, &t));
    S(lamina_layer_set_transform(ctx->engine, b, "transform", t));
    lamina_layer_t c = centred(ctx, ctx->root, 60, 105, 40, 40, TEAL); /* skewed: x += y / 2 */
    t = (lamina_transform3d_t){1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    S(lamina_layer_set_transform(ctx->engine, c, "transform", t));
    lamina_layer_t d = centred(ctx, ctx->root, 110, 160, 60, 60, ORANGE); /* thin under a turn */
    S(lamina_transform3d_make_scale(2.5, 0.2, 1, &t));
    lamina_transform3d_t r = rotation(M_PI / 9, 0, 0, 1), m;
    S(lamina_transform3d_concat(&t, &r, &m));
    S(lamina_layer_set_transform(ctx->engine, d, "transform", m));
}

static void b_edge_flags(scene_ctx_t *ctx) {
    /* RS-11.1/11.2: rotated squares: antialiased (Lamina's default), allowsEdgeAntialiasing NO
     * (jagged), the mask keeping only the vertical edges (minX, maxX), and NO with rounded
     * corners (the corners stay smooth). */
    lamina_layer_t l[4];
    const double cx[4] = {50, 150, 50, 150}, cy[4] = {50, 50, 150, 150};
    for (int i = 0; i < 4; i++) {
        l[i] = centred(ctx, ctx->root, cx[i], cy[i], 70, 70, i % 2 ? BLUE : TEAL);
        S(lamina_layer_set_transform(ctx->engine, l[i], "transform", rotation(M_PI / 12, 0, 0, 1)));
    }
    S(lamina_layer_set_bool(ctx->engine, l[1], "allowsEdgeAntialiasing", LAMINA_FALSE));
    num(ctx, l[2], "edgeAntialiasingMask", LAMINA_EDGE_MIN_X | LAMINA_EDGE_MAX_X);
    S(lamina_layer_set_bool(ctx->engine, l[3], "allowsEdgeAntialiasing", LAMINA_FALSE));
    num(ctx, l[3], "cornerRadius", 16);
}

static void b_rasterize(scene_ctx_t *ctx) {
    /* RS-11.3: the same card rasterized at rasterizationScale 1 (left: as drawn directly) and
     * 0.25 (right: a quarter of the pixels, magnified, so it blurs). */
    for (int i = 0; i < 2; i++) {
        lamina_layer_t a = box(ctx, ctx->root, 15 + 95 * i, 50, 80, 80, BLUE);
        num(ctx, a, "cornerRadius", 12);
        num(ctx, a, "shadowOpacity", 0.5);
        num(ctx, a, "shadowRadius", 3);
        S(lamina_layer_set_size(ctx->engine, a, "shadowOffset", (lamina_size_t){4, 4}));
        box(ctx, a, 20, 20, 40, 40, ORANGE);
        S(lamina_layer_set_bool(ctx->engine, a, "shouldRasterize", LAMINA_TRUE));
        num(ctx, a, "rasterizationScale", i ? 0.25 : 1);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The gallery and listing 7.7                                                                 */
/* ------------------------------------------------------------------------------------------ */

static void gallery_kinds(scene_ctx_t *ctx);
static void set_filters(scene_ctx_t *ctx, lamina_layer_t l, const char *key, const lamina_filter_t *f, size_t n);

static void b_gallery(scene_ctx_t *ctx) {
    lamina_color_t bg = {0.95, 0.95, 0.97, 1};
    color(ctx, ctx->root, "backgroundColor", bg);
    /* A card with a shadow, rounded corners and a border over its content. */
    lamina_layer_t card = box(ctx, ctx->root, 20, 20, 160, 110, WHITE);
    num(ctx, card, "cornerRadius", 16);
    num(ctx, card, "shadowOpacity", 0.35);
    num(ctx, card, "shadowRadius", 8);
    S(lamina_layer_set_size(ctx->engine, card, "shadowOffset", (lamina_size_t){0, 6}));
    S(lamina_layer_set_bool(ctx->engine, card, "masksToBounds", 0));
    lamina_layer_t bar = box(ctx, card, 16, 16, 128, 14, BLUE);
    num(ctx, bar, "cornerRadius", 7);
    box(ctx, card, 16, 40, 90, 10, GREY);
    box(ctx, card, 16, 58, 80, 10, GREY);
    /* Contents and a mask: an image avatar cut round by a circular mask layer (RS-4, RS-5.1). */
    lamina_layer_t avatar = box(ctx, card, 112, 38, 32, 32, (lamina_color_t){0, 0, 0, 0});
    set_image(ctx, avatar, quad_image(ctx, 32, 32));
    lamina_layer_t round = mask_of(ctx, avatar, 0, 0, 32, 32, BLACK);
    num(ctx, round, "cornerRadius", 16);
    lamina_layer_t btn = box(ctx, card, 16, 78, 60, 20, ORANGE);
    num(ctx, btn, "cornerRadius", 10);
    /* 3D: a tilted tile under perspective, and a spinning one. */
    lamina_layer_t stage = box(ctx, ctx->root, 200, 20, 180, 110, (lamina_color_t){0, 0, 0, 0});
    S(lamina_layer_set_transform(ctx->engine, stage, "sublayerTransform", perspective(300)));
    lamina_layer_t tile = box(ctx, stage, 20, 15, 70, 80, TEAL);
    num(ctx, tile, "cornerRadius", 10);
    S(lamina_layer_set_transform(ctx->engine, tile, "transform", rotation(M_PI / 5, 0, 1, 0)));
    lamina_layer_t spin = box(ctx, stage, 100, 15, 70, 80, PURPLE);
    num(ctx, spin, "cornerRadius", 10);
    num(ctx, spin, "borderWidth", 3);
    color(ctx, spin, "borderColor", WHITE);
    basic(ctx, spin, "transform.rotation.x", vnum(0), vnum(2 * M_PI), 4.0, 0);
    /* Group opacity and a bouncing spring. */
    lamina_layer_t group = box(ctx, ctx->root, 20, 150, 160, 130, (lamina_color_t){0, 0, 0, 0});
    lamina_layer_t g1 = box(ctx, group, 0, 0, 100, 100, RED);
    num(ctx, g1, "cornerRadius", 50);
    lamina_layer_t g2 = box(ctx, group, 60, 30, 100, 100, BLUE);
    num(ctx, g2, "cornerRadius", 50);
    S(lamina_layer_set_opacity(ctx->engine, group, 0.6));
    /* Frosted glass (R19): a card whose backgroundFilters blur and saturate the circles behind
     * it, with a label bar of its own. */
    lamina_layer_t frosted = box(ctx, ctx->root, 70, 222, 120, 52, (lamina_color_t){1, 1, 1, 0.3});
    num(ctx, frosted, "cornerRadius", 14);
    lamina_filter_t frost[2];
    S(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "frost", &frost[0]));
    frost[0].params[0] = 8;
    S(lamina_filter_init(LAMINA_FILTER_TYPE_COLOR_CONTROLS, "vivid", &frost[1]));
    frost[1].params[0] = 1.5;
    set_filters(ctx, frosted, "backgroundFilters", frost, 2);
    lamina_layer_t label = box(ctx, frosted, 14, 14, 60, 8, (lamina_color_t){1, 1, 1, 0.9});
    num(ctx, label, "cornerRadius", 4);
    box(ctx, frosted, 14, 30, 84, 6, (lamina_color_t){1, 1, 1, 0.6});
    lamina_layer_t ball = box(ctx, ctx->root, 210, 160, 40, 40, ORANGE);
    num(ctx, ball, "cornerRadius", 20);
    num(ctx, ball, "shadowOpacity", 0.4);
    num(ctx, ball, "shadowRadius", 4);
    S(lamina_layer_set_size(ctx->engine, ball, "shadowOffset", (lamina_size_t){0, 4}));
    lamina_animation_t *sp = NULL;
    lamina_spring_t spring;
    S(lamina_animation_create_spring("position.x", &sp));
    if (sp) {
        S(lamina_spring_init_perceptual(1.2, 0.6, &spring));
        S(lamina_animation_set_spring(sp, &spring));
        lamina_value_t from = vnum(230), to = vnum(350);
        S(lamina_animation_set_from_value(sp, &from));
        S(lamina_animation_set_to_value(sp, &to));
        attach(ctx, ball, sp, 2.0, 1, "position.x");
    }
    lamina_layer_t pill = box(ctx, ctx->root, 200, 230, 180, 50, GREEN);
    num(ctx, pill, "cornerRadius", 25);
    basic(ctx, pill, "backgroundColor", vcolor(GREEN), vcolor(YELLOW), 2.0, 1);
    gallery_kinds(ctx);
    commit(ctx);
}

/* Listing 7.7: a 400 x 400 screen with a 50 x 50 red box; a tap on the box (hit tested on the
 * presentation) recolours it, a tap elsewhere moves it there over 4 s. */
static void demo_tap(scene_ctx_t *ctx, lamina_point_t p, double now) {
    lamina_layer_t hit = LAMINA_LAYER_NONE;
    S(lamina_layer_hit_test(ctx->engine, ctx->root, p, LAMINA_TREE_PRESENTATION, now, &hit));
    if (hit == ctx->focus) {
        static const lamina_color_t colours[4] = {{0.1, 0.3, 0.9, 1}, {0, 0.6, 0.2, 1},
                                                   {1, 0.55, 0, 1}, {1, 0, 0, 1}};
        color(ctx, ctx->focus, "backgroundColor", colours[ctx->counter++ % 4]);
    } else {
        S(lamina_transaction_begin(ctx->engine));
        S(lamina_transaction_set_duration(ctx->engine, 4.0));
        S(lamina_layer_set_position(ctx->engine, ctx->focus, p));
        S(lamina_transaction_commit(ctx->engine));
    }
}

static void b_demo(scene_ctx_t *ctx) {
    ctx->focus = box(ctx, ctx->root, 0, 175, 50, 50, RED);
    commit(ctx);
    /* The scripted taps of the listing: move right, so a still shows the box in flight. */
    demo_tap(ctx, (lamina_point_t){375, 200}, 0.0);
    commit(ctx);
}

/* ------------------------------------------------------------------------------------------ */

/* Issue 32, end to end through the engine: stripes sliding under a frosted card (its
 * backgroundFilters blur by 12 and saturate by 1.6), a disc multiplied over them
 * (compositingFilter), and a tile whose blur animates implicitly from 0 to 8 over 1 s through
 * the key path "filters.soft.inputRadius" (4 at the scene's time, 0.5 s). */
static void set_filters(scene_ctx_t *ctx, lamina_layer_t l, const char *key, const lamina_filter_t *f, size_t n) {
    lamina_value_t v = {.type = LAMINA_VALUE_FILTER_ARRAY};
    v.u.filters.items = f;
    v.u.filters.count = n;
    S(lamina_layer_set_value(ctx->engine, l, key, &v));
}

static void b_frosted_glass(scene_ctx_t *ctx) {
    const lamina_color_t c[5] = {RED, YELLOW, GREEN, BLUE, PURPLE};
    lamina_layer_t strip = box(ctx, ctx->root, -40, 0, 280, 200, (lamina_color_t){0, 0, 0, 0});
    for (int k = 0; k < 9; k++) box(ctx, strip, 10 + 30 * k, 0, 16, 200, c[k % 5]);
    lamina_layer_t card = box(ctx, ctx->root, 30, 40, 140, 90, (lamina_color_t){1, 1, 1, 0.25});
    num(ctx, card, "cornerRadius", 18);
    box(ctx, card, 14, 14, 70, 10, (lamina_color_t){1, 1, 1, 0.9});
    lamina_filter_t frost[2];
    S(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "frost", &frost[0]));
    frost[0].params[0] = 12;
    S(lamina_filter_init(LAMINA_FILTER_TYPE_COLOR_CONTROLS, "vivid", &frost[1]));
    frost[1].params[0] = 1.6;
    set_filters(ctx, card, "backgroundFilters", frost, 2);
    lamina_layer_t disc = box(ctx, ctx->root, 130, 120, 60, 60, (lamina_color_t){0.55, 0.75, 1, 1});
    num(ctx, disc, "cornerRadius", 30);
    lamina_value_t mode = {.type = LAMINA_VALUE_STRING};
    mode.u.string = "multiplyBlendMode";
    S(lamina_layer_set_value(ctx->engine, disc, "compositingFilter", &mode));
    lamina_layer_t tile = box(ctx, ctx->root, 20, 145, 40, 40, WHITE);
    box(ctx, tile, 10, 10, 20, 20, BLACK);
    lamina_filter_t soft;
    S(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "soft", &soft));
    soft.params[0] = 0;
    set_filters(ctx, tile, "filters", &soft, 1);
    commit(ctx);
    /* The strip slides by 40 and the tile's blur grows to 8, linearly over 1 s. */
    linear_begin(ctx, 1.0);
    S(lamina_layer_set_position(ctx->engine, strip, (lamina_point_t){140, 100}));
    lamina_value_t r = {.type = LAMINA_VALUE_NUMBER};
    r.u.number = 8;
    S(lamina_layer_set_value(ctx->engine, tile, "filters.soft.inputRadius", &r));
    linear_end(ctx);
}

#define SC(name, topic, desc, w, h, at, scale, flags, fn, tap) \
    {name, topic, desc, w, h, at, scale, flags, fn, tap}

/* ------------------------------------------------------------------------------------------ */
/* RS-8, RS-9, RS-13: the layer kinds, end to end (engine -> draw list -> compositor)          */
/* ------------------------------------------------------------------------------------------ */

/* A layer of `kind` with bounds (0, 0, w, h) whose frame's top-left is (x, y) in the root. */
static lamina_layer_t kind_box(scene_ctx_t *ctx, lamina_layer_kind_t kind, double x, double y,
                               double w, double h) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    S(lamina_layer_create_kind(ctx->engine, kind, &l));
    S(lamina_layer_set_bounds(ctx->engine, l, (lamina_rect_t){{0, 0}, {w, h}}));
    S(lamina_layer_set_position(ctx->engine, l, (lamina_point_t){x + w / 2, y + h / 2}));
    S(lamina_layer_add_sublayer(ctx->engine, ctx->root, l));
    S(lamina_layer_release(ctx->engine, l)); /* the tree keeps it */
    return l;
}

static void set_path(scene_ctx_t *ctx, lamina_layer_t l, const lamina_path_element_t *e, size_t n) {
    lamina_value_t v = {.type = LAMINA_VALUE_PATH};
    v.u.path.elements = e;
    v.u.path.count = n;
    S(lamina_layer_set_value(ctx->engine, l, "path", &v));
}

static void set_name(scene_ctx_t *ctx, lamina_layer_t l, const char *key, const char *name) {
    lamina_value_t v = {.type = LAMINA_VALUE_STRING};
    v.u.string = name;
    S(lamina_layer_set_value(ctx->engine, l, key, &v));
}

static void b_shape_layers(scene_ctx_t *ctx) {
    /* RS-8: a progress ring half-way through its implicit strokeEnd animation (round caps,
     * over a grey track), an even-odd star with a bevel-joined stroke, a dashed rounded square. */
    const double k = 0.5522847498307936 * 30;
    const lamina_path_element_t ring[] = {
        {LAMINA_PATH_MOVE, 0, {{50, 20}}},
        {LAMINA_PATH_CUBIC, 0, {{50 + k, 20}, {80, 50 - k}, {80, 50}}},
        {LAMINA_PATH_CUBIC, 0, {{80, 50 + k}, {50 + k, 80}, {50, 80}}},
        {LAMINA_PATH_CUBIC, 0, {{50 - k, 80}, {20, 50 + k}, {20, 50}}},
        {LAMINA_PATH_CUBIC, 0, {{20, 50 - k}, {50 - k, 20}, {50, 20}}},
        {LAMINA_PATH_CLOSE, 0, {{0, 0}}},
    };
    lamina_value_t none = {.type = LAMINA_VALUE_NULL};
    lamina_layer_t track = kind_box(ctx, LAMINA_LAYER_KIND_SHAPE, 0, 0, 100, 100);
    set_path(ctx, track, ring, 6);
    S(lamina_layer_set_value(ctx->engine, track, "fillColor", &none));
    color(ctx, track, "strokeColor", GREY);
    num(ctx, track, "lineWidth", 10);
    lamina_layer_t progress = kind_box(ctx, LAMINA_LAYER_KIND_SHAPE, 0, 0, 100, 100);
    set_path(ctx, progress, ring, 6);
    S(lamina_layer_set_value(ctx->engine, progress, "fillColor", &none));
    color(ctx, progress, "strokeColor", BLUE);
    num(ctx, progress, "lineWidth", 10);
    set_name(ctx, progress, "lineCap", "round");
    num(ctx, progress, "strokeEnd", 0);
    commit(ctx);
    linear_begin(ctx, 1.0);
    num(ctx, progress, "strokeEnd", 1); /* at t = 0.5: half the ring */
    linear_end(ctx);

    /* A five-pointed star: its centre pentagon is wound twice, so even-odd leaves it empty. */
    lamina_path_element_t star[6];
    for (int i = 0; i < 5; i++) {
        const double a = -acos(-1.0) / 2 + i * 4 * acos(-1.0) / 5;
        star[i] = (lamina_path_element_t){i ? LAMINA_PATH_LINE : LAMINA_PATH_MOVE, 0,
                                          {{50 + 40 * cos(a), 52 + 40 * sin(a)}}};
    }
    star[5] = (lamina_path_element_t){LAMINA_PATH_CLOSE, 0, {{0, 0}}};
    lamina_layer_t s = kind_box(ctx, LAMINA_LAYER_KIND_SHAPE, 100, 0, 100, 100);
    set_path(ctx, s, star, 6);
    color(ctx, s, "fillColor", YELLOW);
    set_name(ctx, s, "fillRule", "even-odd");
    color(ctx, s, "strokeColor", ORANGE);
    num(ctx, s, "lineWidth", 3);
    set_name(ctx, s, "lineJoin", "bevel");

    const lamina_path_element_t square[] = {
        {LAMINA_PATH_MOVE, 0, {{20, 20}}}, {LAMINA_PATH_LINE, 0, {{180, 20}}},
        {LAMINA_PATH_LINE, 0, {{180, 80}}}, {LAMINA_PATH_LINE, 0, {{20, 80}}},
        {LAMINA_PATH_CLOSE, 0, {{0, 0}}},
    };
    const double dashes[] = {12, 6};
    lamina_value_t pattern = {.type = LAMINA_VALUE_NUMBER_ARRAY};
    pattern.u.numbers.items = dashes;
    pattern.u.numbers.count = 2;
    lamina_layer_t d = kind_box(ctx, LAMINA_LAYER_KIND_SHAPE, 0, 100, 200, 100);
    set_path(ctx, d, square, 5);
    color(ctx, d, "fillColor", (lamina_color_t){0.9, 0.95, 1, 1});
    color(ctx, d, "strokeColor", TEAL);
    num(ctx, d, "lineWidth", 4);
    S(lamina_layer_set_value(ctx->engine, d, "lineDashPattern", &pattern));
}

static void b_gradient_layers(scene_ctx_t *ctx) {
    /* RS-9: axial (left to right, half-way through a colour change), radial and conic, in
     * rounded bounds. */
    const lamina_color_t from[2] = {RED, BLUE}, to[2] = {ORANGE, GREEN}, three[3] = {YELLOW, PURPLE, TEAL};
    lamina_value_t colors = {.type = LAMINA_VALUE_COLOR_ARRAY};
    colors.u.colors.items = from;
    colors.u.colors.count = 2;
    lamina_layer_t axial = kind_box(ctx, LAMINA_LAYER_KIND_GRADIENT, 10, 10, 180, 55);
    num(ctx, axial, "cornerRadius", 10);
    S(lamina_layer_set_point(ctx->engine, axial, "startPoint", (lamina_point_t){0, 0.5}));
    S(lamina_layer_set_point(ctx->engine, axial, "endPoint", (lamina_point_t){1, 0.5}));
    S(lamina_layer_set_value(ctx->engine, axial, "colors", &colors));
    commit(ctx);
    linear_begin(ctx, 1.0);
    colors.u.colors.items = to; /* at t = 0.5: half-way, element by element */
    S(lamina_layer_set_value(ctx->engine, axial, "colors", &colors));
    linear_end(ctx);

    colors.u.colors.items = three;
    colors.u.colors.count = 3;
    lamina_layer_t radial = kind_box(ctx, LAMINA_LAYER_KIND_GRADIENT, 10, 80, 85, 110);
    num(ctx, radial, "cornerRadius", 42);
    set_name(ctx, radial, "type", "radial");
    S(lamina_layer_set_point(ctx->engine, radial, "startPoint", (lamina_point_t){0.5, 0.5}));
    S(lamina_layer_set_point(ctx->engine, radial, "endPoint", (lamina_point_t){1, 1}));
    S(lamina_layer_set_value(ctx->engine, radial, "colors", &colors));
    lamina_layer_t conic = kind_box(ctx, LAMINA_LAYER_KIND_GRADIENT, 105, 80, 85, 110);
    set_name(ctx, conic, "type", "conic");
    S(lamina_layer_set_point(ctx->engine, conic, "startPoint", (lamina_point_t){0.5, 0.5}));
    S(lamina_layer_set_point(ctx->engine, conic, "endPoint", (lamina_point_t){1, 0.5}));
    S(lamina_layer_set_value(ctx->engine, conic, "colors", &colors));
}

static void b_gradient_focal(scene_ctx_t *ctx) {
    /* RS-9.10: radial gradients whose focal point (focalOffset) is moved off the centre: a
     * circle (focal up and right), an ellipse (focal left), a focal point past the edge (drawn
     * at 0.99 of the way, a hard ring) and one half-way through an implicit animation of
     * focalOffset from (0, 0) to (0.4, 0). */
    const lamina_color_t three[3] = {WHITE, BLUE, {0.05, 0.05, 0.2, 1}};
    const lamina_color_t step[4] = {YELLOW, YELLOW, PURPLE, PURPLE};
    const double step_loc[4] = {0, 0.5, 0.5, 1};
    lamina_value_t colors = {.type = LAMINA_VALUE_COLOR_ARRAY};
    colors.u.colors.items = three;
    colors.u.colors.count = 3;
    lamina_value_t locations = {.type = LAMINA_VALUE_NUMBER_ARRAY};
    locations.u.numbers.items = step_loc;
    locations.u.numbers.count = 4;
    const double frames[4][4] = {{5, 5, 90, 90}, {105, 20, 90, 60}, {5, 105, 90, 90}, {105, 105, 90, 90}};
    const lamina_point_t focal[4] = {{0.25, -0.2}, {-0.3, 0.1}, {0.8, 0}, {0, 0}};
    lamina_layer_t g[4];
    for (int i = 0; i < 4; i++) {
        g[i] = kind_box(ctx, LAMINA_LAYER_KIND_GRADIENT, frames[i][0], frames[i][1], frames[i][2], frames[i][3]);
        set_name(ctx, g[i], "type", "radial");
        S(lamina_layer_set_point(ctx->engine, g[i], "startPoint", (lamina_point_t){0.5, 0.5}));
        S(lamina_layer_set_point(ctx->engine, g[i], "endPoint", (lamina_point_t){1, 1}));
        if (i == 2) {
            colors.u.colors.items = step;
            colors.u.colors.count = 4;
            S(lamina_layer_set_value(ctx->engine, g[i], "locations", &locations));
        } else {
            colors.u.colors.items = three;
            colors.u.colors.count = 3;
        }
        S(lamina_layer_set_value(ctx->engine, g[i], "colors", &colors));
        S(lamina_layer_set_point(ctx->engine, g[i], "focalOffset", focal[i]));
    }
    commit(ctx);
    linear_begin(ctx, 1.0);
    S(lamina_layer_set_point(ctx->engine, g[3], "focalOffset", (lamina_point_t){0.4, 0})); /* (0.2, 0) at 0.5 s */
    linear_end(ctx);
}

static void b_replicator(scene_ctx_t *ctx) {
    /* RS-13: one white dot, twelve instances a twelfth of a turn apart, tinted blue and each
     * one greener and less blue than the one before, its opacity animation delayed 1/12 s more. */
    lamina_layer_t r = kind_box(ctx, LAMINA_LAYER_KIND_REPLICATOR, 20, 20, 160, 160);
    num(ctx, r, "instanceCount", 12);
    num(ctx, r, "instanceDelay", 1.0 / 12);
    color(ctx, r, "instanceColor", (lamina_color_t){0.1, 0.2, 0.9, 1});
    num(ctx, r, "instanceGreenOffset", 0.06);
    num(ctx, r, "instanceBlueOffset", -0.06);
    S(lamina_layer_set_transform(ctx->engine, r, "instanceTransform", rotation(acos(-1.0) / 6, 0, 0, 1)));
    lamina_layer_t dot = box(ctx, r, 70, 4, 20, 20, WHITE);
    num(ctx, dot, "cornerRadius", 10);
    commit(ctx);
    lamina_animation_t *fade = NULL;
    S(lamina_animation_create_basic("opacity", &fade));
    lamina_value_t from = vnum(1), to = vnum(0.2);
    S(lamina_animation_set_from_value(fade, &from));
    S(lamina_animation_set_to_value(fade, &to));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1;
    mt.repeat_count = LAMINA_REPEAT_FOREVER;
    S(lamina_animation_set_media_timing(fade, &mt));
    S(lamina_layer_add_animation(ctx->engine, dot, fade, "fade"));
    lamina_animation_release(fade);
    commit(ctx);
}

/* The gallery's third column: the layer kinds. A text card (a title, a wrapped paragraph, a
 * truncated line: R15; empty where liblamina-text is not built), a replicator spinner (RS-13)
 * and an axial gradient (RS-9) under a star-shaped shape layer (RS-8). */
static void gallery_kinds(scene_ctx_t *ctx) {
    lamina_layer_t card = box(ctx, ctx->root, 400, 20, 180, 150, WHITE);
    num(ctx, card, "cornerRadius", 14);
    num(ctx, card, "shadowOpacity", 0.3);
    num(ctx, card, "shadowRadius", 8);
    S(lamina_layer_set_size(ctx->engine, card, "shadowOffset", (lamina_size_t){0, 5}));
#ifdef LAMINA_SCENES_TEXT
    const char *dirs[] = {LAMINA_SCENES_FONTS};
    lamina_text_provider_t provider;
    S(lamina_text_provider_create(dirs, 1, &provider));
    if (ctx->status) return;
    S(lamina_engine_set_text_provider(ctx->engine, &provider));
    lamina_color_t ink = {0.1, 0.1, 0.15, 1};
    text_box(ctx, card, 90, 26, 152, 28, "Text layers", "Noto Sans", 19, ink);
    lamina_layer_t para = text_box(ctx, card, 90, 78, 152, 64,
        "Shaped, wrapped and laid out by the Unicode rules, drawn from a glyph atlas.",
        "Noto Sans", 12, (lamina_color_t){0.3, 0.32, 0.36, 1});
    S(lamina_layer_set_bool(ctx->engine, para, "wrapped", 1));
    lamina_layer_t cut = text_box(ctx, card, 90, 128, 152, 18,
        "A line too long for the card is truncated at its end", "Noto Sans", 12,
        (lamina_color_t){0.85, 0.3, 0.1, 1});
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = "end";
    S(lamina_layer_set_value(ctx->engine, cut, "truncationMode", &v));
#endif
    /* A spinner: one dot, twelve instances, each a twelfth of a turn on and fading later. */
    lamina_layer_t r = kind_box(ctx, LAMINA_LAYER_KIND_REPLICATOR, 405, 190, 80, 80);
    num(ctx, r, "instanceCount", 12);
    num(ctx, r, "instanceDelay", 1.0 / 12);
    color(ctx, r, "instanceColor", (lamina_color_t){0.1, 0.3, 0.9, 1});
    S(lamina_layer_set_transform(ctx->engine, r, "instanceTransform", rotation(acos(-1.0) / 6, 0, 0, 1)));
    lamina_layer_t dot = box(ctx, r, 35, 2, 10, 10, WHITE);
    num(ctx, dot, "cornerRadius", 5);
    basic(ctx, dot, "opacity", vnum(1), vnum(0.15), 1.0, 0);
    /* A gradient tile under a star. */
    const lamina_color_t stops[2] = {PURPLE, ORANGE};
    lamina_value_t colors = {.type = LAMINA_VALUE_COLOR_ARRAY};
    colors.u.colors.items = stops;
    colors.u.colors.count = 2;
    lamina_layer_t grad = kind_box(ctx, LAMINA_LAYER_KIND_GRADIENT, 500, 190, 80, 80);
    num(ctx, grad, "cornerRadius", 16);
    S(lamina_layer_set_point(ctx->engine, grad, "startPoint", (lamina_point_t){0, 0}));
    S(lamina_layer_set_point(ctx->engine, grad, "endPoint", (lamina_point_t){1, 1}));
    S(lamina_layer_set_value(ctx->engine, grad, "colors", &colors));
    lamina_layer_t star = kind_box(ctx, LAMINA_LAYER_KIND_SHAPE, 510, 200, 60, 60);
    lamina_path_element_t el[11];
    for (int k = 0; k < 10; k++) {
        double a = -acos(-1.0) / 2 + k * acos(-1.0) / 5, rr = k % 2 ? 12 : 28;
        el[k] = (lamina_path_element_t){k ? LAMINA_PATH_LINE : LAMINA_PATH_MOVE, 0,
                                        {{30 + rr * cos(a), 32 + rr * sin(a)}}};
    }
    el[10] = (lamina_path_element_t){LAMINA_PATH_CLOSE, 0, {{0, 0}}};
    set_path(ctx, star, el, 11);
    color(ctx, star, "fillColor", WHITE);
}

static const scene_t table[] = {
    SC("geometry-red-square", "RS-6.1", "a 100x100 red layer at (50, 50)", 200, 200, 0, 1, 0, b_geometry_red_square, NULL),
    SC("background-colors", "RS-1.1", "opaque and translucent backgrounds", 200, 200, 0, 1, 0, b_background_colors, NULL),
    SC("corner-radius", "RS-1.3", "circular corners of radius 10, 30, 24", 200, 200, 0, 1, 0, b_corner_radius, NULL),
    SC("corner-radius-clamp", "RS-1.4", "radius above half the side: a capsule and a circle", 200, 200, 0, 1, 0, b_corner_radius_clamp, NULL),
    SC("border", "RS-1.2", "borders inside the bounds, square and rounded", 200, 200, 0, 1, 0, b_border, NULL),
    SC("border-thick", "RS-1.2", "border wider than the radius: square inner edge", 200, 200, 0, 1, 0, b_border_thick, NULL),
    SC("border-default-color", "RS-1.2", "borderWidth alone draws opaque black", 200, 200, 0, 1, 0, b_border_default_color, NULL),
    SC("border-over-sublayers", "RS-1.1", "the border is drawn over the sublayers", 200, 200, 0, 1, 0, b_border_over_sublayers, NULL),
    SC("opacity-leaf", "RS-2.1", "a 50% layer over stripes", 200, 200, 0, 1, 0, b_opacity_leaf, NULL),
    SC("group-opacity", "RS-2.2", "a 50% group composites once (offscreen)", 200, 200, 0, 1, 0, b_group_opacity, NULL),
    SC("no-group-opacity", "RS-2.3", "without group opacity the overlap shows through", 200, 200, 0, 1, LAMINA_GLES_FRAME_NO_GROUP_OPACITY, b_no_group_opacity, NULL),
    SC("nested-opacity", "RS-2.2", "nested groups 80% and 50%", 200, 200, 0, 1, 0, b_nested_opacity, NULL),
    SC("hidden", "RS-2.6", "hidden and opacity-0 layers paint nothing", 200, 200, 0, 1, 0, b_hidden, NULL),
    SC("shadow-default", "RS-3.1", "default shadow: radius 3, offset (0, -3) points up", 200, 200, 0, 1, 0, b_shadow_default, NULL),
    SC("shadow-blur", "RS-3.6", "Gaussian shadow, sigma = radius 10, offset (12, 12)", 200, 200, 0, 1, 0, b_shadow_blur, NULL),
    SC("shadow-hard", "RS-3.6", "shadowRadius 0: a hard coloured shadow", 200, 200, 0, 1, 0, b_shadow_hard, NULL),
    SC("shadow-rounded", "RS-3.3", "a rounded layer's shadow follows its corners", 200, 200, 0, 1, 0, b_shadow_rounded, NULL),
    SC("shadow-opacity", "RS-2.1", "layer opacity applies to its shadow", 200, 200, 0, 1, 0, b_shadow_opacity, NULL),
    SC("masks-to-bounds", "RS-5.4", "masksToBounds clips sublayers; without it they overflow", 200, 200, 0, 1, 0, b_masks_to_bounds, NULL),
    SC("nested-clip", "RS-5.5", "two nested masking layers intersect", 200, 200, 0, 1, 0, b_nested_clip, NULL),
    SC("rounded-clip", "RS-5.4", "masksToBounds with cornerRadius clips sublayers to the rounded shape", 200, 200, 0, 1, 0, b_rounded_clip, NULL),
    SC("rotated-clip", "RS-5.5", "a rotated masking layer clips in its own plane", 200, 200, 0, 1, 0, b_rotated_clip, NULL),
    SC("nested-rounded-clip", "RS-5.5", "nested rounded clips under perspective", 200, 200, 0, 1, 0, b_nested_rounded_clip, NULL),
    SC("shadow-masked", "RS-3.7", "masksToBounds clips the layer's own shadow", 200, 200, 0, 1, 0, b_shadow_masked, NULL),
    SC("transform-rotate", "RS-6.1", "a 30 degree rotation about the anchor", 200, 200, 0, 1, 0, b_transform_rotate, NULL),
    SC("transform-anchor", "RS-6.1", "anchorPoint (0, 0): rotation about the top-left", 200, 200, 0, 1, 0, b_transform_anchor, NULL),
    SC("perspective-y", "RS-6.2", "rotation about y under m34 = -1/300", 200, 200, 0, 1, 0, b_perspective, NULL),
    SC("perspective-x", "RS-6.2", "a rounded layer and its sublayer tilted about x", 200, 200, 0, 1, 0, b_perspective_x, NULL),
    SC("sublayer-transform", "RS-6.1", "sublayerTransform pivots on the parent's anchor", 200, 200, 0, 1, 0, b_sublayer_transform, NULL),
    SC("zposition", "RS-6.4", "zPosition lifts the first sibling over later ones", 200, 200, 0, 1, 0, b_zposition, NULL),
    SC("double-sided", "RS-6.7", "a single-sided layer seen from behind is culled with its subtree", 200, 200, 0, 1, 0, b_double_sided, NULL),
    SC("scale-2x", "RS-4.1", "drawn at 2 device pixels per point", 100, 100, 0, 2, 0, b_scale_2x, NULL),
    SC("implicit-move", "CA-3.1", "a linear 1 s implicit move drawn at 0.5 s: half-way", 200, 200, 0.5, 1, 0, b_implicit_move, NULL),
    SC("implicit-color", "R9", "colour and radius half-way", 200, 200, 0.5, 1, 0, b_implicit_color, NULL),
    SC("transaction-completion", "CA-2.6", "a completion recolours the box when the move ends", 200, 200, 0.75, 1, 0, b_transaction_completion, NULL),
    SC("keyframes", "CA-8", "keyframe position around a square (3 s, looping)", 200, 200, 1.5, 1, 0, b_keyframes, NULL),
    SC("spring", "CA-9", "a spring on position.x (looping)", 200, 200, 0.4, 1, 0, b_spring, NULL),
    SC("rotation-3d", "RS-6.2", "explicit transform.rotation.y under perspective", 200, 200, 0.6, 1, 0, b_rotation_3d, NULL),
    SC("color-animation", "R9", "background colour and radius animating together", 200, 200, 0.5, 1, 0, b_color_anim, NULL),
    SC("transition-fade", "RS-7.3", "fade at p = 0.5: premultiplied mix", 200, 200, 0.5, 1, 0, b_tr_fade, NULL),
    SC("transition-movein-right", "RS-7.3", "moveIn fromRight at p = 0.5, clipped", 200, 200, 0.5, 1, 0, b_tr_movein_right, NULL),
    SC("transition-push-left", "RS-7.3", "push fromLeft at p = 0.5, clipped", 200, 200, 0.5, 1, 0, b_tr_push_left, NULL),
    SC("transition-push-bottom", "RS-7.3", "push fromBottom at p = 0.3, clipped", 200, 200, 0.3, 1, 0, b_tr_push_bottom, NULL),
    SC("transition-reveal-top", "RS-7.3", "reveal fromTop at p = 0.5, clipped", 200, 200, 0.5, 1, 0, b_tr_reveal_top, NULL),
    SC("transition-movein-unclipped", "RS-7.4", "moveIn fromLeft at p = 0.5 without masksToBounds", 200, 200, 0.5, 1, 0, b_tr_movein_unclipped, NULL),
    SC("transition-subtree", "CA-10.2", "sublayers swapped (red hidden, blue shown) under a fade and a push at p = 0.5: the old side is the old subtree", 200, 200, 0.5, 1, 0, b_transition_subtree, NULL),
    SC("contents-gravity", "RS-4.3", "the 12 contentsGravity values, a 40x24 image in 88x64 cells", 400, 300, 0, 1, 0, b_contents_gravity, NULL),
    SC("contents-rect", "RS-4.2", "contentsRect: whole, top-right quadrant, left half, beyond the edges (clamped)", 200, 200, 0, 1, 0, b_contents_rect, NULL),
    SC("contents-center", "RS-4.6", "contentsCenter nine-slice vs plain stretch; sides scaled down when too wide", 200, 200, 0, 1, 0, b_contents_center, NULL),
    SC("contents-filter", "RS-4.7", "magnified nearest vs linear; minified nearest vs trilinear", 200, 200, 0, 1, 0, b_contents_filter, NULL),
    SC("contents-crossfade", "RS-4.8", "a contents change cross-fades: half-way at 0.5 s", 200, 200, 0.5, 1, 0, b_contents_crossfade, NULL),
    SC("contents-clip", "RS-4.4", "aspect-fill contents overflow, or clip to rounded bounds under a border at 70%", 200, 200, 0, 1, 0, b_contents_clip, NULL),
    SC("contents-flipped", "RS-4.5", "contents stay upright under a geometryFlipped superlayer (right)", 200, 200, 0, 1, 0, b_contents_flipped, NULL),
    SC("mask-circle", "RS-5.1", "a circular mask shows the layer and its sublayers only inside it", 200, 200, 0, 1, 0, b_mask_circle, NULL),
    SC("mask-alpha", "RS-5.2", "the mask's alpha gates: 50% square, opaque bar; host at 80%", 200, 200, 0, 1, 0, b_mask_alpha, NULL),
    SC("mask-image", "RS-5.1", "a mask made of an image's alpha (a ring fading to the right)", 200, 200, 0, 1, 0, b_mask_image, NULL),
    SC("allows-group-opacity", "RS-2.3", "allowsGroupOpacity NO (left) vs YES (right) at 50%", 200, 200, 0, 1, 0, b_allows_group_opacity, NULL),
    SC("corner-continuous", "RS-1.7", "circular vs continuous corners; continuous border, clip and hard shadow", 200, 200, 0, 1, 0, b_corner_continuous, NULL),
    SC("masked-corners", "RS-1.5", "maskedCorners 1, 2, 4, 8; 3 with border and clip; 9 with a shadow", 200, 200, 0, 1, 0, b_masked_corners, NULL),
    SC("transition-contents", "CA-10.2", "push fromRight at p = 0.5: the old side is the whole before-record (contents, radius)", 200, 200, 0.5, 1, 0, b_transition_contents, NULL),
    SC("shadow-path", "RS-3.4", "shadowPath: a blurred ellipse, a hard triangle of a clear layer, a rotated rounded rect", 200, 200, 0, 1, 0, b_shadow_path, NULL),
    SC("shadow-alpha", "RS-3.3", "shadows of a clear layer's contents alpha (blurred) and of its sublayers (hard)", 200, 200, 0, 1, 0, b_shadow_alpha, NULL),
    SC("shape-layers", "RS-8.3", "shape layers: a ring half-filled by strokeEnd, an even-odd star, a dashed rectangle", 200, 200, 0.5, 1, 0, b_shape_layers, NULL),
    SC("gradient-layers", "RS-9.6", "gradient layers: axial half-way through a colour change, radial and conic", 200, 200, 0.5, 1, 0, b_gradient_layers, NULL),
    SC("replicator", "RS-13.1", "a replicator: twelve tinted dots, one opacity animation staggered by 1/12 s", 200, 200, 0.5, 1, 0, b_replicator, NULL),
    SC("shadow-subtree", "RS-3.3", "a background layer's shadow includes its sublayer sticking out (blurred); a card and disc cast one hard silhouette", 200, 200, 0, 1, 0, b_shadow_subtree, NULL),
    SC("aa-per-axis", "RS-6.1", "scale (1.5, 0.5) and (2, 1), a skew, a thin rotated layer: whole-pixel edges exact, ramps one pixel wide", 200, 200, 0, 1, 0, b_aa_per_axis, NULL),
    SC("edge-flags", "RS-11.2", "rotated squares: antialiased; allowsEdgeAntialiasing NO; mask minX|maxX; NO with rounded corners", 200, 200, 0, 1, 0, b_edge_flags, NULL),
    SC("rasterize", "RS-11.3", "shouldRasterize at rasterizationScale 1 (as drawn) and 0.25 (blurred)", 200, 200, 0, 1, 0, b_rasterize, NULL),
#ifdef LAMINA_SCENES_TEXT
    SC("text-card", "R15.5", "text layers: a title, a wrapped paragraph with Hebrew and a CJK fallback, Arabic, a truncated line", 360, 260, 0, 1, 0, b_text_card, NULL),
#endif
    SC("frosted-glass", "R19", "filters end to end: stripes half-way through a slide under a frosted card (blur 12, saturation 1.6), a disc multiplied over them, a tile's blur animating 0 -> 8 (4 now)", 200, 200, 0.5, 1, 0, b_frosted_glass, NULL),
    SC("gallery", "R14", "the gallery: shadow, corners, border, contents with a mask, 3D, group opacity under frosted glass, spring, text, a replicator, a gradient and a shape", 600, 300, 0.8, 1, 0, b_gallery, NULL),
    SC("demo", "CA-12.11", "listing 7.7: click the box to recolour it, elsewhere to send it there", 400, 400, 2.0, 1, 0, b_demo, demo_tap),
    SC("gradient-focal", "RS-9.10", "radial focal points: a circle's up-right, an ellipse's left, one past the edge (0.99, a hard ring), one animating (0,0) -> (0.4,0) half-way", 200, 200, 0.5, 1, 0, b_gradient_focal, NULL),
};

const scene_t *scenes_all(size_t *count) {
    *count = sizeof table / sizeof table[0];
    return table;
}

const scene_t *scene_find(const char *name) {
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0) return &table[i];
    return NULL;
}

lamina_status_t scene_build(const scene_t *scene, scene_ctx_t *ctx) {
    memset(ctx, 0, sizeof *ctx);
    S(lamina_engine_create(&ctx->engine));
    if (ctx->status) return ctx->status;
    S(lamina_layer_create(ctx->engine, &ctx->root));
    S(lamina_layer_set_bounds(ctx->engine, ctx->root,
                              (lamina_rect_t){{0, 0}, {scene->width, scene->height}}));
    S(lamina_layer_set_position(ctx->engine, ctx->root,
                                (lamina_point_t){scene->width / 2.0, scene->height / 2.0}));
    color(ctx, ctx->root, "backgroundColor", WHITE);
    /* Not committed yet: what build() sets on the root applies directly (R4). */
    scene->build(ctx);
    commit(ctx);
    if (ctx->status) {
        lamina_status_t s = ctx->status;
        scene_destroy(ctx);
        return s;
    }
    return LAMINA_STATUS_OK;
}

void scene_destroy(scene_ctx_t *ctx) {
    if (ctx->engine) lamina_engine_destroy(ctx->engine);
    ctx->engine = NULL;
}
