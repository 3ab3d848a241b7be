/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The compositor's shared state (not installed): the renderer, one frame's state, the record
 * helpers every pass uses, and each file's entry points. renderer.c owns the renderer's
 * lifetime and the public API; planner.c walks the draw list and dispatches each record to the
 * passes, one file per feature (docs/renderer.md has the map).
 */
#ifndef LAMINA_GLES_COMPOSITOR_H
#define LAMINA_GLES_COMPOSITOR_H

#include "internal.h"

#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* One instance of primitive.vert (batch.c): 9 vec4 attributes (36 floats). */
enum { INST_FLOATS = 36 };
/* KIND_RECT's instances as uploaded (rect.vert): 6 vec4 attributes (24 floats), compacted from
 * INST_FLOATS at the flush (issue 29: 100,000 plain squares upload a third less). */
enum { RECT_FLOATS = 24 };
enum { KIND_SHAPE = 0, KIND_SHADOW = 1, KIND_SHAPE_EXT = 2, KIND_RECT = 3, KIND_IMAGE = 4, KIND_SHADOW_TEX = 5,
       KIND_IMAGE_RECT = 6, KIND_CARD = 7, KIND_CARD_ROUND = 8 };

enum { MAX_PASS_DEPTH = 8 }; /* Nested offscreen passes; deeper groups draw without one. */

/* An offscreen target: a framebuffer with an RGBA8 texture the viewport's size. */
typedef struct lgl_target {
    GLuint fbo, tex;
    int w, h;
} lgl_target_t;

/* One uploaded image: keyed by its id (ids are never reused, docs/draw-records.md section 10).
 * An entry not used for TEX_KEEP_FRAMES frames is deleted (a frame-count LRU). */
typedef struct lgl_tex_entry {
    lamina_image_t id;
    GLuint tex; /* its own texture; 0 while it lives only in the atlas */
    uint64_t last_frame;
    int mipmapped;
    int in_atlas; /* also in the atlas (issue 29), at uv: u0, v0, du, dv (normalised) */
    float uv[4];
    uint32_t w, h; /* the image's pixel size (a cached id skips lamina_image_get_info) */
} lgl_tex_entry_t;
enum { TEX_KEEP_FRAMES = 60 };
/* A blurred bounds-shaped shadow's coverage rendered once into a texture (shadow.c, issue 29),
 * keyed by what it depends on: bounds size, radius, sigma, corner code, device pixels per unit. */
typedef struct lgl_shadow_tex {
    double key[7];
    GLuint fbo, tex;
    int w, h;            /* texels */
    double ox, oy, ew, eh; /* its extent in the shadow rect's frame (origin at the rect's) */
    uint64_t last_frame;
} lgl_shadow_tex_t;
enum { SHADOW_TEX_MAX = 32, SHADOW_TEX_SIDE = 1024 };
/* The atlas of small images (issue 29): images up to ATLAS_MAX_SIDE on each side share one
 * ATLAS_SIDE^2 texture (each with a one-texel border copied from its edge, so filtering reads
 * what GL_CLAMP_TO_EDGE would), so batched contents of distinct images draw in one call. */
enum { ATLAS_SIDE = 1024, ATLAS_MAX_SIDE = 64 };

enum { IU_R1, IU_R2, IU_R4, IU_QUAD, IU_VP, IU_SCALE, IU_TEX0, IU_TEX1, IU_DEST0, IU_DEST1,
       IU_SRC0, IU_SRC1, IU_SLICE0, IU_SLICE1, IU_CENTER, IU_W0, IU_W1, IU_BIAS, IU_FLIP,
       IU_CLIP, IU_BOUNDS, IU_RADIUS, IU_CLIP_BOUNDS, IU_CORNER, IU_TINT, IU_COUNT };

/* One shouldRasterize layer's cached texture (raster.c, RS-11.3): its subtree rendered in the
 * layer's space over `ext` at `scale` pixels per point, and the records (raster space) and
 * their keys it was rendered from, to tell when the appearance changes. */
typedef struct lgl_raster {
    lamina_layer_t layer;
    GLuint fbo, tex;
    int px_w, px_h;
    lamina_rect_t ext;
    double scale;
    lamina_draw_record_t *recs, *keys;
    size_t count, cap; /* records held; room in recs and keys */
    uint64_t last_frame;
    /* A filtered layer's (issue 32; filter.c): its filters applied to tex, kept while the raster
     * and the filter chain (fkey) are unchanged. */
    GLuint ffbo, ftex;
    int fw, fh;
    uint64_t fkey;
} lgl_raster_t;

/* The largest blur sigma the compositor draws, in device pixels (filter.c, issue 32): larger
 * radii are clamped to it, so no filter target grows with an absurd radius. */
#define LGL_FX_MAX_SIGMA 100.0

/* Frames of damage a renderer remembers for buffer ages above 1 (partial.c). */
enum { LGL_HIST_MAX = 8 };
/* Frames a renderer draws whole, without the engine's damage, after a busy one (partial.c). */
enum { LGL_BUSY_SKIP = 7 };

struct lamina_gles_renderer {
    EGLContext context; /* EGL_NO_CONTEXT when made under another API (GLX). */
    int is_es;
    GLuint prim, shadow, comp, vao, vbo;
    GLint prim_u_vp, prim_u_scale, shadow_u_vp, shadow_u_scale;
    GLuint prim_ext; /* KIND_SHAPE_EXT: masked or continuous corners */
    GLint prim_ext_u_vp, prim_ext_u_scale;
    GLuint rect; /* KIND_RECT: plain rectangles under a scale-and-translate map (rect.frag) */
    GLint rect_u_vp, rect_u_scale;
    GLuint rect_vao; /* rect.vert's 6 attributes over vbo, RECT_FLOATS a instance */
    /* KIND_IMAGE: contents as instances (image_inst.frag); the pending batch's texture, its
     * filters and bias (a record with other ones starts a new batch). */
    GLuint img_inst;
    GLint img_inst_u_vp, img_inst_u_scale, img_inst_u_tex, img_inst_u_bias;
    GLuint img_rect; /* KIND_IMAGE_RECT: batched contents under a scale-and-translate map */
    GLint img_rect_u_vp, img_rect_u_scale, img_rect_u_tex;
    GLuint shadow_tex_prog; /* KIND_SHADOW_TEX: cached shadows (shadow_tex.frag) */
    GLint shadow_tex_u_vp, shadow_tex_u_scale, shadow_tex_u_tex;
    /* KIND_CARD: a leaf's cached shadow, background and border in one instance (card.frag);
     * the pending batch's shadow texture is batch_tex, its extent in layer units this. */
    GLuint card_prog;
    GLint card_u_vp, card_u_scale, card_u_tex, card_u_shadow_size;
    GLuint card_round_prog; /* KIND_CARD_ROUND: the same under a uniform scale (card_round.frag) */
    GLint card_round_u_vp, card_round_u_scale, card_round_u_tex, card_round_u_shadow_size;
    float batch_shadow_size[2];
    GLuint batch_tex;
    GLint batch_min, batch_mag;
    float batch_bias;
    int batch_kind; /* KIND_SHAPE or KIND_SHADOW: the program the pending instances need */
    GLint comp_u_r1, comp_u_r2, comp_u_r4, comp_u_quad, comp_u_vp, comp_u_scale, comp_u_old,
        comp_u_new, comp_u_mode, comp_u_p, comp_u_alpha, comp_u_bounds, comp_u_shift_old,
        comp_u_shift_new, comp_u_clip_bounds, comp_u_radius, comp_u_corner;
    float *inst;
    size_t inst_count, inst_cap;
    size_t *check_scratch, check_cap; /* check_list's stack, kept between frames (planner.c) */
    size_t vbo_cap; /* bytes: the size of vbo's storage (batch.c refills it in place) */
    lgl_target_t targets[2 * MAX_PASS_DEPTH];
    lamina_gles_stats_t stats;
    /* Contents (RS-4): the image program and the texture cache. */
    GLuint img;
    GLint img_u[IU_COUNT];
    lgl_tex_entry_t *texs;
    size_t tex_count, tex_cap;
    /* The cache's index by image id (issue 29): open addressing, tex_slot_cap a power of two,
     * each slot an index into texs + 1 (0: empty); rebuilt when it grows or an entry goes. */
    size_t *tex_slots;
    size_t tex_slot_cap;
    /* The atlas: its texture, the shelf packer's cursor, the entries in it. Space is reclaimed
     * only when it is full and no entry is left in it (then it starts over). */
    lgl_shadow_tex_t shadow_texs[SHADOW_TEX_MAX];
    int shadow_tex_count;
    GLuint atlas_tex;
    int atlas_x, atlas_y, atlas_row_h;
    size_t atlas_live;
    uint64_t frame_no;
    /* shadowPath (RS-3.4): the silhouette and blur programs, the flattened path. */
    GLuint path, blur, seg_tex;
    GLint path_u[10], blur_u[13];
    float *segs;
    size_t seg_count, seg_cap;
    /* Shape layers (RS-8): the coverage program, its cell texture, the reused geometry. */
    GLuint shp, edge_tex;
    GLint shp_u[16];
    size_t edge_tex_rows;
    lgl_geom_t geom;
    /* Gradient layers (RS-9): the program and its stop texture. */
    GLuint grad, stop_tex;
    GLint grad_u[18];
    size_t stop_tex_rows;
    float *stops;
    size_t stops_cap;
    /* shouldRasterize (RS-11.3): the cached subtree textures, by layer. */
    lgl_raster_t *rasters;
    size_t raster_count, raster_cap;
    /* The records a raster is built into each frame: swapped with its entry's when it changed,
     * so a frame that reuses a raster allocates nothing. */
    lamina_draw_record_t *raster_recs, *raster_keys;
    size_t *raster_stack;
    size_t raster_scratch_cap, raster_stack_cap;
    /* Text layers (R15.5; text.c): the glyph atlas, FreeType faces, the text program. */
    struct lgl_text *text;
    /* Filters (issue 32; filter.c): the chain's pass, the group and backdrop composites, and
     * the scratch targets the chain runs through (sized to what they hold). */
    GLuint fx_prog[4], fcomp_prog, backdrop_prog; /* fx: colour, blur, block mean, copy */
    GLint fx_u[4][11], fcomp_u[15], bd_u[17];
    GLuint fblend_prog[16]; /* per blend mode, linked on first use (fblend.frag) */
    GLint fblend_u[16][15];
    lgl_target_t fx[7];
    /* Partial redraw (issue 29; partial.c): the damage boxes of the last frames (viewport
     * pixels, y down: x0, y0, x1, y1), newest first, and what those frames were drawn with; a
     * frame drawn otherwise starts the history again. */
    int hist[LGL_HIST_MAX][4];
    int hist_count;
    int hist_w, hist_h;
    double hist_scale;
    lamina_engine_t *hist_engine;
    lamina_layer_t hist_root;
    /* Frames still drawn whole without asking the engine for damage, after one whose damage
     * covered half the viewport or more (partial.c: its cost is then wasted). */
    int busy_skip;
};

/* The state of one frame. */
typedef struct lgl_frame {
    lamina_gles_renderer_t *r;
    lamina_engine_t *engine;
    double time;
    double scale;
    int group_opacity;
    int vp_w, vp_h; /* pixels */
    const lamina_draw_record_t *base; /* the whole list: mask_index counts from here */
    size_t base_count;
    int32_t mask_host; /* while a mask draws: its host's index (its records draw), else -1 */
    int host_vp[4];
    int at_host; /* the host's framebuffer is bound (its viewport may not start at 0, 0) */
    GLint host_fbo;
    lamina_status_t status; /* first failure inside the frame */
    /* While a shaped clip's sublayers draw offscreen (offscreen.c): the clipping layer's
     * root-space bounding box, which the sublayers' clip boxes include; the composite applies
     * the exact shape, so those box edges move out by a pixel (lgl_clip_box) rather than cut the
     * shape's antialiasing ramp twice. `keep`: the layer's own clip box (outer clips stay). */
    double relax[MAX_PASS_DEPTH][4], keep[MAX_PASS_DEPTH][4];
    int text_tiles;    /* text layers may be drawn from text tiles (R15.8) */
    int n_relax;
    /* The record whose opaque background the frame's glClear drew (lgl_draw: an opaque root
     * covering the viewport), so lgl_emit_background skips it; NULL when none. */
    const lamina_draw_record_t *cleared;
    /* The layer whose subtree a filter pass draws (filter.c): its record draws unfiltered there,
     * also from a copy (a mask's pass copies the records); LAMINA_LAYER_NONE otherwise. */
    lamina_layer_t unfiltered;
    /* Partial redraw (partial.c): the host framebuffer's draws are scissored to `redraw`
     * (framebuffer pixels, y up: x, y, width, height) while `partial` is set. */
    int partial;
    int redraw[4];
    double region[4]; /* the same region in viewport pixels, y down: x0, y0, x1, y1 */
} lgl_frame_t;

/* One composite.frag draw: a target (or two) through a layer's plane (offscreen.c). */
typedef struct lgl_composite {
    const lamina_transform3d_t *m; /* NULL: identity (root space) */
    lamina_rect_t quad, bounds;
    int mode, clip_bounds;
    float p, alpha, shift_old[2], shift_new[2], radius, corner;
    GLuint old_tex, new_tex;
} lgl_composite_t;

/* ------------------------------------------------------------------------------------------ */
/* Record helpers (inline: every record calls them)                                           */
/* ------------------------------------------------------------------------------------------ */

/* `c` premultiplied, its alpha multiplied by `alpha` and clamped to [0, 1]. */
static inline void lgl_premultiplied(lamina_color_t c, double alpha, float out[4]) {
    double a = c.a * alpha;
    if (!(a > 0)) a = 0;
    if (a > 1) a = 1;
    out[0] = (float)(c.r * a);
    out[1] = (float)(c.g * a);
    out[2] = (float)(c.b * a);
    out[3] = (float)a;
}

/* Whether the record carries the layer-kind fields (issue 15: kind, instance colour, shape,
 * gradient); older records draw as before. */
static inline int lgl_has_kind_fields(const lamina_draw_record_t *rec) {
    return rec->struct_size >= offsetof(lamina_draw_record_t, gradient) + sizeof(rec->gradient);
}

/* The record's instance colour (RS-13), straight RGBA in [0, 1]; (1, 1, 1, 1) for older records.
 * It multiplies every colour the record draws (background, border, shadow, contents, shape,
 * gradient); a component that is not a number counts as 1. */
static inline lamina_color_t lgl_instance_color(const lamina_draw_record_t *rec) {
    lamina_color_t c = {1, 1, 1, 1};
    if (!lgl_has_kind_fields(rec)) return c;
    c = rec->instance_color;
    double *v[4] = {&c.r, &c.g, &c.b, &c.a};
    for (int i = 0; i < 4; i++) {
        if (isnan(*v[i])) *v[i] = 1;
        if (*v[i] < 0) *v[i] = 0;
        if (*v[i] > 1) *v[i] = 1;
    }
    return c;
}

/* `c` multiplied componentwise by the record's instance colour. */
static inline lamina_color_t lgl_tinted(lamina_color_t c, const lamina_draw_record_t *rec) {
    lamina_color_t k = lgl_instance_color(rec);
    return (lamina_color_t){c.r * k.r, c.g * k.g, c.b * k.b, c.a * k.a};
}

static inline const lamina_draw_shape_t *lgl_rec_shape(const lamina_draw_record_t *rec) {
    return lgl_has_kind_fields(rec) ? rec->shape : NULL;
}

static inline const lamina_draw_gradient_t *lgl_rec_gradient(const lamina_draw_record_t *rec) {
    return lgl_has_kind_fields(rec) ? rec->gradient : NULL;
}

/* The record's filters (issue 32) when it has any: filters, background filters or a blend
 * mode other than normal; NULL otherwise (and for records older than the field). */
static inline const lamina_draw_filters_t *lgl_rec_filters(const lamina_draw_record_t *rec) {
    if (rec->struct_size < offsetof(lamina_draw_record_t, filters) + sizeof(rec->filters)) return NULL;
    const lamina_draw_filters_t *fl = rec->filters;
    if (!fl || ((fl->filter_count == 0 || !fl->filters) &&
                (fl->background_filter_count == 0 || !fl->background_filters) && fl->blend_mode == 0))
        return NULL;
    return fl;
}

/* Removes the record's filters (a copy that a filter pass draws). */
static inline void lgl_strip_filters(lamina_draw_record_t *rec) {
    if (rec->struct_size >= offsetof(lamina_draw_record_t, filters) + sizeof(rec->filters))
        rec->filters = NULL;
}

/* Local units per device pixel near the layer, for the antialiasing margin of a quad. */
static inline double lgl_local_per_pixel(const lamina_transform3d_t *m, double scale) {
    double det = fabs(m->m11 * m->m22 - m->m12 * m->m21);
    double w = fabs(m->m44) > 1e-9 ? fabs(m->m44) : 1.0;
    double s = sqrt(det) / w * scale;
    if (!(s > 1e-6)) return 1e6;
    return 1.0 / s;
}

/* Whether the record draws a background or a visible border: what the bounds-shaped shadow
 * stands for (the border colour defaults to black, so its flag alone says nothing). */
static inline int lgl_draws_own_shape(const lamina_draw_record_t *rec) {
    return ((rec->flags & LAMINA_DRAW_HAS_BACKGROUND) && rec->background_color.a > 0) ||
           ((rec->flags & LAMINA_DRAW_HAS_BORDER_COLOR) && rec->border_width > 0 &&
            rec->border_color.a > 0);
}

/* The shape's corner code for the shaders (shaders/sd_shape.glsl): maskedCorners bits, + 16 when
 * continuous. A 0.1 record has all four corners circular. */
static inline float lgl_corner_code(const lamina_draw_record_t *rec) {
    if (rec->struct_size < offsetof(lamina_draw_record_t, masked_corners) + sizeof(uint32_t))
        return 15.0f;
    return (float)((rec->masked_corners & 15u) +
                   (rec->corner_curve == LAMINA_CORNER_CURVE_CONTINUOUS ? 16u : 0u));
}

/* The edge flags for the shaders (shaders/aa.glsl), added to the corner code: 32 x the quad
 * edges drawn aliased (LAMINA_EDGE_* bits): none while allowsEdgeAntialiasing is on and every
 * bit of edge_antialiasing_mask is set (RS-11.1, RS-11.2), all four when it is off. Records older
 * than the fields antialias every edge. */
static inline float lgl_edge_code(const lamina_draw_record_t *rec) {
    if (rec->struct_size < offsetof(lamina_draw_record_t, edge_antialiasing_mask) + sizeof(uint32_t))
        return 0.0f;
    unsigned aa = (rec->flags2 & LAMINA_DRAW2_EDGE_ANTIALIASING) ? (rec->edge_antialiasing_mask & 15u) : 0u;
    return (float)(32u * (~aa & 15u));
}

/* A box instance's paint, shared by box.frag and the card shaders: the background's and the
 * border's premultiplied colours (transparent where absent) in p[20..27], the corner radius in
 * p[28] and the border width in p[29]. */
static inline void lgl_box_paint(const lamina_draw_record_t *rec, double alpha, int has_bg, int has_border,
                                 float *p) {
    if (has_bg) lgl_premultiplied(lgl_tinted(rec->background_color, rec), alpha, p + 20);
    else memset(p + 20, 0, 4 * sizeof(float));
    if (has_border) lgl_premultiplied(lgl_tinted(rec->border_color, rec), alpha, p + 24);
    else memset(p + 24, 0, 4 * sizeof(float));
    p[28] = (float)rec->corner_radius;
    p[29] = has_border ? (float)rec->border_width : 0.0f;
}

/* 1.5 x the layer units per device pixel along the layer's worst direction near the rectangle
 * `r` (the largest over its corners, perspective included): the margin that holds a one-pixel
 * antialiasing ramp on every edge, whatever the scale per axis. A corner behind the eye falls
 * back to the mean scale; the margin never exceeds the rectangle's size (a degenerate map). */
static inline double lgl_local_margin(const lamina_transform3d_t *m, lamina_rect_t r, double scale) {
    double fallback = 1.5 * lgl_local_per_pixel(m, scale);
    double cap = fmax(fallback, fmax(fabs(r.size.width), fabs(r.size.height)));
    double worst = 0;
    for (int k = 0; k < 4; k++) {
        double x = r.origin.x + ((k & 1) ? r.size.width : 0), y = r.origin.y + ((k & 2) ? r.size.height : 0);
        double X = x * m->m11 + y * m->m21 + m->m41, Y = x * m->m12 + y * m->m22 + m->m42;
        double W = x * m->m14 + y * m->m24 + m->m44;
        if (!(W > 1e-9)) return fallback;
        /* The Jacobian of (X/W, Y/W) by (x, y), in device pixels. */
        double a = (m->m11 * W - X * m->m14) / (W * W) * scale, b = (m->m21 * W - X * m->m24) / (W * W) * scale;
        double c = (m->m12 * W - Y * m->m14) / (W * W) * scale, d = (m->m22 * W - Y * m->m24) / (W * W) * scale;
        /* Its smallest singular value: the fewest pixels one layer unit can span. */
        double s2 = a * a + b * b + c * c + d * d, det = fabs(a * d - b * c);
        double smin2 = 0.5 * (s2 - sqrt(fmax(s2 * s2 - 4 * det * det, 0)));
        if (!(smin2 > 1e-12)) return cap;
        worst = fmax(worst, 1.5 / sqrt(smin2));
    }
    return fmin(fmax(worst, fallback), cap);
}

/* Whether the record has contents: an image, or one it cross-fades from (RS-4.8). */
static inline int lgl_has_contents(const lamina_draw_record_t *rec) {
    return rec->struct_size >= offsetof(lamina_draw_record_t, contents_fade) &&
           (rec->contents != LAMINA_IMAGE_NONE || rec->contents_previous != LAMINA_IMAGE_NONE);
}

/* ------------------------------------------------------------------------------------------ */
/* Entry points, by file                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* programs.c: the shader programs (renderer/gles/shaders), their uniforms, data textures. */
/* Links every program and looks its uniforms up; 0 on failure (the message is set). */
int lgl_create_programs(lamina_gles_renderer_t *r);
/* Compiles and links a vertex and a fragment stage (each given its #version line); 0 with the
 * error set when either fails. The text program (text.c) shares it. */
GLuint lgl_link_program(lamina_gles_renderer_t *r, const char *vs, const char *fs);
/* Deletes the renderer's GL objects (in its own context). */
void lgl_delete_gl(lamina_gles_renderer_t *r);
/* u_vp for shaders that read device pixels from gl_FragCoord (clip boxes, shapes). */
void lgl_set_device_vp(lgl_frame_t *f, GLint loc);
/* The record's clip box in device pixels (x0, y0, x1, y1 from the top-left; +-1e9 when none),
 * its edges that only a shaped clip's bounding box sets moved out by a pixel (f->relax). */
void lgl_clip_box(const lgl_frame_t *f, const lamina_draw_record_t *rec, float out[4]);
/* The record's clip box (device pixels) into `loc`, or none. */
void lgl_set_clip_uniform(lgl_frame_t *f, GLint loc, const lamina_draw_record_t *rec);
/* plane.vert's uniforms (locations u[0..5]: r1, r2, r4, quad, vp, scale). */
void lgl_set_quad_uniforms(lgl_frame_t *f, const GLint *u, const lamina_transform3d_t *m,
                           lamina_rect_t quad);
/* Rows of LGL_TEX_W RGBA32F texels into *tex, grown as needed, else updated in place. */
void lgl_upload_rows(GLuint *tex, size_t *cap_rows, const float *data, size_t texels, size_t rows);

/* batch.c: the batcher. Backgrounds, borders and bounds-shaped shadows are instances of one
 * quad, drawn with one instanced call per run of the same program. */
/* A new instance for `rec` (matrix, shape rect, clip, quad = shape + margin); flushes first
 * when the pending batch uses another program. NULL when out of memory (f->status is set). */
float *lgl_instance_for(lgl_frame_t *f, const lamina_draw_record_t *rec, lamina_rect_t shape,
                        double margin, int kind);
/* Draws the pending instances into the bound target (one instanced call). Every pass that
 * draws on its own calls this first, so painter's order is kept. */
void lgl_flush(lgl_frame_t *f);

/* background.c: backgrounds and borders (RS-1). */
/* The background in the rounded bounds; with `with_border`, the border over it (a leaf). */
void lgl_emit_background(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha,
                         int with_border);
/* The border, above the sublayers (RS-1.1). */
void lgl_emit_border(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha);

/* shadow.c: shadows (RS-3): bounds-shaped, shadowPath, alpha-derived. */
/* The layer's own shadow: bounds-shaped or its shadowPath's (RS-3.1-3.4). */
void lgl_emit_shadow(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha, int level,
                     int which);
/* Deletes the cached shadow textures not drawn for TEX_KEEP_FRAMES frames (all with `all`). */
void lgl_evict_shadow_texs(lamina_gles_renderer_t *r, int all);
int lgl_emit_card(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha, int level, int which,
                  int with_border);
/* Whether the record (recs[0], its subtree recs[0..count)) casts its rendering's alpha as its
 * shadow (RS-3.3) rather than the analytic shadow of its bounds. */
int lgl_casts_alpha_shadow(const lamina_draw_record_t *recs, size_t count);
/* The shadow of the subtree recs[0..count)'s alpha, beneath the layer (RS-3.3). */
void lgl_emit_alpha_shadow(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                           double alpha, int level, int which);

/* blur.c: the separable Gaussian of blurred shadows (RS-3.6). */
/* The part of the viewport (root space, points) a blur pass draws: box grown by pad. */
lamina_rect_t lgl_blur_area(lgl_frame_t *f, lamina_rect_t box, double pad);
/* Blurs ta horizontally into tb, then tb vertically onto the current level (clipped, tinted). */
void lgl_blur_two_passes(lgl_frame_t *f, const lamina_draw_record_t *rec, int level, int which,
                         lgl_target_t *ta, lgl_target_t *tb, lamina_rect_t all, double sigma_px,
                         int taps, double dx, double dy, const float *tint);

/* contents.c: contents images (RS-4) and their texture cache. */
/* The record's contents (and the image it cross-fades from): one draw call. */
void lgl_emit_contents(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha);
/* Deletes the textures of images not drawn for TEX_KEEP_FRAMES frames. */
void lgl_evict_textures(lamina_gles_renderer_t *r);

/* gradient.c: gradient layers (RS-9). */
/* The gradient in the rounded bounds, over the background, under the contents: one draw call. */
void lgl_emit_gradient(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha);

/* shape.c: shape layers (RS-8), over shape_geom.c's geometry. */
/* The shape's fill, then its stroke: a draw call each, between the contents and the sublayers. */
void lgl_emit_shape(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha);

/* text.c: text layers (R15.5; issue 26). */
/* Queues the record's glyph runs from the glyph atlas (FreeType), above the shape and below the
 * sublayers; consecutive text records draw in one instanced call (lgl_text_flush). */
void lgl_emit_text(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha);
/* Draws the frame's new text tiles (R15.8) into the tile atlas, all in one draw, before any
 * pass draws: the records whose transform only translates and scales. lgl_emit_text() then
 * draws each of them as one tile quad. */
void lgl_text_prepare(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count);
/* Draws the pending glyphs of the text records emitted since the last flush: one instanced
 * draw (lgl_flush calls it first, so every other pass keeps painter's order). */
void lgl_text_flush(lgl_frame_t *f);
/* Glyphs rendered into the atlas so far (uploaded once per face, glyph, size and phase). */
uint64_t lgl_text_uploads(lamina_gles_renderer_t *r);
/* Frees the text pass's FreeType faces and memory, and its GL objects when `delete_gl` (the
 * renderer's context is current). */
void lgl_text_free(lamina_gles_renderer_t *r, int delete_gl);

/* offscreen.c: offscreen targets and passes: group opacity (RS-2.2), masks (RS-5.1-5.3) and
 * shaped clips (RS-5.6), and the composite that draws a target back. */
/* Target `index` (2 per nesting level) the viewport's size, made or resized; NULL on failure. */
lgl_target_t *lgl_get_target(lgl_frame_t *f, int index);
/* Binds the framebuffer a pass at `level` draws into (level 0: the host's). */
void lgl_bind_level(lgl_frame_t *f, int level, int which);
/* Renders recs[0..count) into the target of pass `level`+1 (cleared first). */
lgl_target_t *lgl_render_offscreen(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                                   double divisor, double top_parent, int level, int which);
/* Draws one or two targets through a layer's plane (composite.frag). */
void lgl_draw_composite(lgl_frame_t *f, const lgl_composite_t *c);
/* The subtree at full opacity offscreen, blended once with its opacity (RS-2.2). */
void lgl_draw_group(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                    double divisor, int level, int which);
/* Whether a masking layer's clip needs its exact shape (rounded, rotated, perspective). */
int lgl_needs_shape_clip(const lamina_draw_record_t *rec);
/* The masking layer drawn, its sublayers through its rounded bounds (RS-5.6). */
void lgl_draw_shape_clipped(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                            double divisor, int level, int which);
/* The layer's group gated by its mask layer's alpha (RS-5.1-5.3, RS-5.6). */
void lgl_draw_masked(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                     double divisor, int level, int which);

/* transition.c: transitions (RS-7). */
/* The old and new renders of the layer's subtree, composited by type and subtype (RS-7.3). */
void lgl_draw_transition(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                         double divisor, double parent_opacity, int level, int which);

/* raster.c: shouldRasterize (RS-11.3). */
/* Draws the rasterized subtree recs[0..count) from its cached texture, rendering it first when
 * its appearance changed; one that cannot be cached (a transition or a host texture inside,
 * perspective, a singular transform, too large) is drawn as an opacity group, uncached. */
void lgl_draw_rasterized(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                        double divisor, int level, int which);
/* Deletes the textures of rasters not drawn for TEX_KEEP_FRAMES frames (all of them with
 * `all`); `gl`: the renderer's context is current (else only memory is freed). */
void lgl_evict_rasters(lamina_gles_renderer_t *r, int all, int gl);
/* The raster cache's entry for recs[0]'s layer, its texture rendered (*drawn = 1) when the
 * subtree's appearance changed or reused: the subtree in the layer's space at `rs` pixels per
 * unit, its extent grown by `reach` units, the top record's filters left out. NULL when the
 * subtree cannot be cached (the caller draws it otherwise). */
lgl_raster_t *lgl_raster_update(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                                int level, double rs, double reach, int *drawn);

/* filter.c: layer filters (issue 32). */
/* The record's background filters, then its subtree through its filters and blend mode. */
void lgl_draw_filtered(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                       double divisor, double parent_opacity, int level, int which);

/* partial.c: partial redraw (issue 29). */
/* The frame's redraw region from its damage, buffer age and the renderer's history, widened
 * over the backdrops it meets; sets f->partial and f->redraw (and the EGL surface's damage
 * region where the display has EGL_KHR_partial_update). `known_age` > 0 stands for the buffer
 * age (the headless path: the caller's image), 0 reads it from the frame or EGL. Returns 0
 * when the region is empty (nothing to draw), 1 otherwise; a failure sets f->status. */
int lgl_partial_begin(lgl_frame_t *f, const lamina_gles_frame_t *frame,
                      const lamina_draw_record_t *recs, size_t count, int known_age);
/* Scissors the draws to the redraw region when the host's framebuffer is bound during a
 * partial frame; no scissor otherwise (offscreen targets are always drawn whole). */
static inline void lgl_scissor_host(const lgl_frame_t *f, int at_host) {
    if (f->partial && at_host) {
        glEnable(GL_SCISSOR_TEST);
        glScissor(f->redraw[0], f->redraw[1], f->redraw[2], f->redraw[3]);
    } else {
        glDisable(GL_SCISSOR_TEST);
    }
}

/* planner.c: the frame planner. */
/* Checks that recs[0..count) nest as a draw list does (a transition's old subtree); the
 * message is set on failure. */
lamina_status_t lgl_check_subtree(const lamina_draw_record_t *recs, size_t count);
/* Draws recs[0..count) (whole subtrees) in painter's order into the bound target, dispatching
 * each record to its passes. `divisor` is the opacity already applied outside this pass. */
void lgl_draw_range(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                    double divisor, double top_parent, int level, int which);

#endif
