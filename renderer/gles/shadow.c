/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shadows (RS-3): the bounds-shaped shadow is a batched instance (shadow.frag); a shadowPath is
 * flattened and filled (shadow_path.frag), then blurred (blur.c); any other layer whose
 * composited alpha is more than its opaque bounds (no background, a translucent one, or
 * sublayers, contents or their shadows reaching outside) casts its rendering's alpha (its
 * subtree offscreen, then blurred and tinted). Under a scale-and-translate map the bounds-shaped
 * shadow comes from a cached texture (shadow_tex.frag), and without a clip it is drawn together
 * with its layer's background as one card.frag instance (lgl_emit_card, issue 29).
 */
#include "compositor.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_PATH_SEGS = 4096, CURVE_STEPS = 16 };

static int push_seg(lgl_frame_t *f, double x0, double y0, double x1, double y1) {
    lamina_gles_renderer_t *r = f->r;
    if (r->seg_count >= MAX_PATH_SEGS) return 0;
    if (r->seg_count == r->seg_cap) {
        size_t cap = r->seg_cap ? 2 * r->seg_cap : 64;
        float *p = realloc(r->segs, cap * 4 * sizeof(float));
        if (!p) {
            f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a shadow path");
            return 0;
        }
        r->segs = p;
        r->seg_cap = cap;
    }
    float *s = r->segs + 4 * r->seg_count++;
    s[0] = (float)x0;
    s[1] = (float)y0;
    s[2] = (float)x1;
    s[3] = (float)y1;
    return 1;
}

/* Flattens the path (offset by dx, dy) into r->segs, every subpath closed (a fill closes them);
 * returns its bounding box in *box. 0 when it has no area to draw. */
static int flatten_path(lgl_frame_t *f, const lamina_path_element_t *el, size_t n, double dx,
                        double dy, lamina_rect_t *box) {
    lamina_gles_renderer_t *r = f->r;
    r->seg_count = 0;
    double sx = 0, sy = 0, cx = 0, cy = 0, x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    int open = 0;
#define PT(X, Y)                                                                               \
    do {                                                                                       \
        double X_ = (X) + dx, Y_ = (Y) + dy;                                                   \
        if (!isfinite(X_) || !isfinite(Y_)) return 0;                                          \
        push_seg(f, cx, cy, X_, Y_);                                                           \
        cx = X_;                                                                               \
        cy = Y_;                                                                               \
        x0 = fmin(x0, cx); y0 = fmin(y0, cy); x1 = fmax(x1, cx); y1 = fmax(y1, cy);            \
    } while (0)
    for (size_t i = 0; i < n; i++) {
        const lamina_point_t *p = el[i].points;
        switch (el[i].type) {
        case LAMINA_PATH_MOVE:
            if (open && (cx != sx || cy != sy)) push_seg(f, cx, cy, sx, sy);
            sx = cx = p[0].x + dx;
            sy = cy = p[0].y + dy;
            if (!isfinite(sx) || !isfinite(sy)) return 0;
            x0 = fmin(x0, cx); y0 = fmin(y0, cy); x1 = fmax(x1, cx); y1 = fmax(y1, cy);
            open = 1;
            break;
        case LAMINA_PATH_LINE:
            PT(p[0].x, p[0].y);
            break;
        case LAMINA_PATH_QUAD: {
            double ax = cx - dx, ay = cy - dy;
            for (int k = 1; k <= CURVE_STEPS; k++) {
                double t = (double)k / CURVE_STEPS, u = 1 - t;
                PT(u * u * ax + 2 * u * t * p[0].x + t * t * p[1].x,
                   u * u * ay + 2 * u * t * p[0].y + t * t * p[1].y);
            }
            break;
        }
        case LAMINA_PATH_CUBIC: {
            double ax = cx - dx, ay = cy - dy;
            for (int k = 1; k <= CURVE_STEPS; k++) {
                double t = (double)k / CURVE_STEPS, u = 1 - t;
                PT(u * u * u * ax + 3 * u * u * t * p[0].x + 3 * u * t * t * p[1].x + t * t * t * p[2].x,
                   u * u * u * ay + 3 * u * u * t * p[0].y + 3 * u * t * t * p[1].y + t * t * t * p[2].y);
            }
            break;
        }
        case LAMINA_PATH_CLOSE:
            if (open && (cx != sx || cy != sy)) push_seg(f, cx, cy, sx, sy);
            cx = sx;
            cy = sy;
            break;
        default:
            break;
        }
    }
    if (open && (cx != sx || cy != sy)) push_seg(f, cx, cy, sx, sy);
#undef PT
    if (r->seg_count == 0 || !(x1 > x0) || !(y1 > y0)) return 0;
    *box = (lamina_rect_t){{x0, y0}, {x1 - x0, y1 - y0}};
    return 1;
}

/* The root-space bounding box of a layer-space rectangle under `m` (0 when a corner lies behind
 * the eye); grows *box (pass an empty one: width < 0). */
static int grow_root_box(const lamina_transform3d_t *m, lamina_rect_t r, lamina_rect_t *box) {
    for (int k = 0; k < 4; k++) {
        double x = r.origin.x + ((k & 1) ? r.size.width : 0);
        double y = r.origin.y + ((k & 2) ? r.size.height : 0);
        double X = x * m->m11 + y * m->m21 + m->m41, Y = x * m->m12 + y * m->m22 + m->m42;
        double W = x * m->m14 + y * m->m24 + m->m44;
        if (!(W > 1e-9)) return 0;
        X /= W;
        Y /= W;
        if (box->size.width < 0) {
            *box = (lamina_rect_t){{X, Y}, {0, 0}};
        } else {
            double x1 = fmax(box->origin.x + box->size.width, X), y1 = fmax(box->origin.y + box->size.height, Y);
            box->origin.x = fmin(box->origin.x, X);
            box->origin.y = fmin(box->origin.y, Y);
            box->size.width = x1 - box->origin.x;
            box->size.height = y1 - box->origin.y;
        }
    }
    return 1;
}

/* RS-3.4: the shadowPath filled (non-zero), offset in the layer's plane (RS-3.2), blurred with
 * sigma = shadowRadius (RS-3.6) in device pixels at the layer's scale, beneath the layer. */
static void emit_path_shadow(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha,
                             int level, int which) {
    lamina_gles_renderer_t *r = f->r;
    lamina_rect_t box;
    if (!flatten_path(f, rec->shadow_path, rec->shadow_path_count, rec->shadow_offset.width,
                      rec->shadow_offset.height, &box))
        return;
    lgl_flush(f);
    double lpp = lgl_local_per_pixel(&rec->transform, f->scale);
    double sigma = rec->shadow_radius > 0 ? rec->shadow_radius : 0;
    double sigma_px = sigma / lpp;
    if (sigma_px > 40) sigma_px = 40; /* 121 taps a pass at most */
    double margin = 3 * sigma + 1.5 * lpp;
    lamina_rect_t quad = {{box.origin.x - margin, box.origin.y - margin},
                          {box.size.width + 2 * margin, box.size.height + 2 * margin}};
    int blur = sigma_px > 0.3 && level < MAX_PASS_DEPTH;
    lgl_target_t *ta = NULL, *tb = NULL;
    if (blur) { /* first: making a target binds its texture */
        ta = lgl_get_target(f, 2 * level);
        tb = ta ? lgl_get_target(f, 2 * level + 1) : NULL;
        if (!tb) return;
    }
    if (!r->seg_tex) glGenTextures(1, &r->seg_tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, r->seg_tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei)r->seg_count, 1, 0, GL_RGBA, GL_FLOAT, r->segs);
    float col[4];
    double so = rec->shadow_opacity > 1 ? 1 : rec->shadow_opacity;
    lgl_premultiplied(lgl_tinted(rec->shadow_color, rec), so * alpha, col);
    if (blur) {
        lgl_bind_level(f, level + 1, 0);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        r->stats.offscreen_passes++;
    }
    glUseProgram(r->path);
    glBindVertexArray(r->vao);
    lgl_set_quad_uniforms(f, r->path_u, &rec->transform, quad);
    if (!blur) lgl_set_device_vp(f, r->path_u[4]);
    glUniform1i(r->path_u[6], 0);
    glUniform1i(r->path_u[7], (GLint)r->seg_count);
    glUniform4fv(r->path_u[8], 1, col);
    if (blur) glUniform4f(r->path_u[9], -1e9f, -1e9f, 1e9f, 1e9f); /* the clip goes last */
    else lgl_set_clip_uniform(f, r->path_u[9], rec);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    r->stats.draw_calls++;
    r->stats.primitives++;
    if (!blur) return;
    /* Two passes over the silhouette's box with its blur margin (the targets are clear
     * elsewhere, as the blur would leave them). */
    lamina_rect_t area = {{0, 0}, {-1, -1}};
    if (!grow_root_box(&rec->transform, quad, &area)) area.size.width = -1;
    lamina_rect_t all = lgl_blur_area(f, area, 0);
    if (all.size.width <= 0) {
        lgl_bind_level(f, level, which);
        return;
    }
    lgl_blur_two_passes(f, rec, level, which, ta, tb, all, sigma_px, (int)ceil(3 * sigma_px), 0, 0, NULL);
}

/* The alpha of the bounds shape the analytic shadow stands for (RS-3.3): a translucent
 * background's (a leaf without border, lgl_casts_alpha_shadow), else 1. */
static double shadow_shape_alpha(const lamina_draw_record_t *rec) {
    int has_bg = (rec->flags & LAMINA_DRAW_HAS_BACKGROUND) && rec->background_color.a > 0;
    int has_border = (rec->flags & LAMINA_DRAW_HAS_BORDER_COLOR) && rec->border_width > 0 &&
                     rec->border_color.a > 0;
    if (has_bg && !has_border && rec->background_color.a < 1) return rec->background_color.a;
    return 1;
}

/* RS-3: the shadow of the layer's rounded bounds, offset in its own plane, blurred with
 * sigma = shadowRadius (RS-3.6, k = 1), beneath everything the layer draws. */
void lgl_evict_shadow_texs(lamina_gles_renderer_t *r, int all) {
    for (int i = 0; i < r->shadow_tex_count;) {
        lgl_shadow_tex_t *t = &r->shadow_texs[i];
        if (all || t->last_frame + TEX_KEEP_FRAMES < r->frame_no) {
            if (t->fbo) glDeleteFramebuffers(1, &t->fbo);
            if (t->tex) glDeleteTextures(1, &t->tex);
            *t = r->shadow_texs[--r->shadow_tex_count];
        } else {
            i++;
        }
    }
}

/* Issue 29: a blurred bounds-shaped shadow under a map that only scales and translates is drawn
 * from a texture of its coverage, rendered once by shadow.frag itself at the same device pixels
 * per unit (texel centres where pixel centres fall) and reused for every shadow of the same
 * size, radius, blur and corners: a batched, bilinearly filtered instance (shadow_tex.frag)
 * instead of shadow.frag's Gaussian integral at every pixel of every shadow. Returns the record's
 * texture (made on first use), NULL when its shadow is not such a one (drawn analytically). */
static lgl_shadow_tex_t *shadow_tex_for(lgl_frame_t *f, const lamina_draw_record_t *rec, int level,
                                        int which) {
    lamina_gles_renderer_t *r = f->r;
    const lamina_transform3d_t *m = &rec->transform;
    double sigma = rec->shadow_radius;
    if (!(sigma > 0) || m->m12 != 0 || m->m21 != 0 || m->m14 != 0 || m->m24 != 0 || m->m44 != 1 ||
        !(m->m11 > 0) || !(m->m22 > 0))
        return NULL;
    double w = rec->bounds.size.width, h = rec->bounds.size.height;
    double sx = m->m11 * f->scale, sy = m->m22 * f->scale;
    if (!(w > 0) || !(h > 0)) return NULL;
    double key[7] = {w, h, rec->corner_radius, sigma, lgl_corner_code(rec), sx, sy};
    lgl_shadow_tex_t *t = NULL;
    for (int i = 0; i < r->shadow_tex_count && !t; i++)
        if (!memcmp(r->shadow_texs[i].key, key, sizeof key)) t = &r->shadow_texs[i];
    if (!t) {
        /* The extent: the rect grown by 3 sigma and 1.5 pixels (the analytic quad's), rounded
         * up to whole texels plus one on each side. */
        double dw = ceil((w + 6 * sigma) * sx + 3) + 2, dh = ceil((h + 6 * sigma) * sy + 3) + 2;
        if (r->shadow_tex_count == SHADOW_TEX_MAX || !(dw <= SHADOW_TEX_SIDE) || !(dh <= SHADOW_TEX_SIDE) ||
            !isfinite(rec->corner_radius))
            return NULL; /* large, or not a number (bad records draw as before) */
        int tw = (int)dw, th = (int)dh;
        lgl_flush(f); /* what is pending draws into the current target first */
        t = &r->shadow_texs[r->shadow_tex_count];
        memset(t, 0, sizeof *t);
        memcpy(t->key, key, sizeof key);
        t->w = tw, t->h = th;
        t->ew = tw / sx, t->eh = th / sy;
        t->ox = -(t->ew - w) / 2, t->oy = -(t->eh - h) / 2;
        glGenFramebuffers(1, &t->fbo);
        glGenTextures(1, &t->tex);
        glBindTexture(GL_TEXTURE_2D, t->tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, tw, th, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t->tex, 0);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            glDeleteFramebuffers(1, &t->fbo);
            glDeleteTextures(1, &t->tex);
            lgl_bind_level(f, level, which);
            return NULL;
        }
        r->shadow_tex_count++;
        glViewport(0, 0, tw, th);
        glDisable(GL_BLEND);
        glDisable(GL_SCISSOR_TEST); /* the cache texture is drawn whole (a partial frame's scissor) */
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        /* One shadow.frag instance: the rect at the origin, white, mapped to texels. */
        float v[INST_FLOATS] = {
            (float)sx, 0, 0, 0, 0, (float)sy, 0, 0, (float)(-t->ox * sx), (float)(-t->oy * sy), 0, 1,
            0, 0, (float)w, (float)h,
            (float)t->ox, (float)t->oy, (float)t->ew, (float)t->eh,
            1, 1, 1, 1, 0, 0, 0, 0,
            (float)rec->corner_radius, 0, lgl_corner_code(rec), (float)sigma,
            -1e9f, -1e9f, 1e9f, 1e9f};
        glUseProgram(r->shadow);
        glUniform4f(r->shadow_u_vp, 0, 0, (float)tw, (float)th);
        glUniform1f(r->shadow_u_scale, 1.0f);
        glBindVertexArray(r->vao);
        glBindBuffer(GL_ARRAY_BUFFER, r->vbo);
        glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STREAM_DRAW);
        r->vbo_cap = sizeof v; /* the batcher's storage is this now (batch.c refills in place) */
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 1);
        r->stats.draw_calls++;
        glEnable(GL_BLEND);
        lgl_bind_level(f, level, which);
    }
    t->last_frame = r->frame_no;
    return t;
}

/* The shadow from its cached texture (shadow_tex_for): 0 when there is none. */
static int cached_shadow(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha, int level,
                         int which) {
    lamina_gles_renderer_t *r = f->r;
    const lamina_transform3d_t *m = &rec->transform;
    lgl_shadow_tex_t *t = shadow_tex_for(f, rec, level, which);
    if (!t) return 0;
    double w = rec->bounds.size.width, h = rec->bounds.size.height;
    double sx = m->m11 * f->scale, sy = m->m22 * f->scale;
    if (r->batch_kind == KIND_SHADOW_TEX && r->inst_count > 0 && r->batch_tex != t->tex) lgl_flush(f);
    lamina_rect_t dest = {{rec->bounds.origin.x + rec->shadow_offset.width + t->ox,
                           rec->bounds.origin.y + rec->shadow_offset.height + t->oy},
                          {t->ew, t->eh}};
    /* The part beneath the layer's own opaque background, which is drawn right after it over
     * every such pixel, is left out: the quad becomes up to four strips around a hole, the
     * hole's edges on whole device pixels (so no pixel centre lies on a shared edge) and a
     * pixel inside the background's straight edges and corners (issue 29). */
    double quads[4][4];
    int nq = 0;
    lamina_color_t bg = lgl_tinted(rec->background_color, rec);
    if ((rec->flags & LAMINA_DRAW_HAS_BACKGROUND) && !(rec->flags & LAMINA_DRAW_HAS_CLIP) &&
        bg.a * alpha >= 1) {
        double rad = fmin(fmax(rec->corner_radius, 0), fmin(w, h) / 2);
        if (lgl_corner_code(rec) != 15.0f) rad = fmin(1.528665 * rad, fmin(w, h) / 2);
        double px = 1 / sx, py = 1 / sy, bx = rec->bounds.origin.x, by = rec->bounds.origin.y;
        /* The wider of the two rectangles the rounded bounds hold whole. */
        double a[4] = {bx + rad + px, by + py, bx + w - rad - px, by + h - py};
        double b[4] = {bx + px, by + rad + py, bx + w - px, by + h - rad - py};
        double *c = (a[2] - a[0]) * (a[3] - a[1]) >= (b[2] - b[0]) * (b[3] - b[1]) ? a : b;
        double hx0 = (ceil((c[0] * m->m11 + m->m41) * f->scale) / f->scale - m->m41) / m->m11;
        double hx1 = (floor((c[2] * m->m11 + m->m41) * f->scale) / f->scale - m->m41) / m->m11;
        double hy0 = (ceil((c[1] * m->m22 + m->m42) * f->scale) / f->scale - m->m42) / m->m22;
        double hy1 = (floor((c[3] * m->m22 + m->m42) * f->scale) / f->scale - m->m42) / m->m22;
        double dx0 = dest.origin.x, dy0 = dest.origin.y;
        double dx1 = dx0 + dest.size.width, dy1 = dy0 + dest.size.height;
        if (hx1 > hx0 && hy1 > hy0 && hx0 > dx0 && hx1 < dx1 && hy0 > dy0 && hy1 < dy1) {
            double strips[4][4] = {{dx0, dy0, dx1, hy0}, {dx0, hy1, dx1, dy1},
                                   {dx0, hy0, hx0, hy1}, {hx1, hy0, dx1, hy1}};
            memcpy(quads, strips, sizeof strips);
            nq = 4;
        }
    }
    if (!nq) {
        quads[0][0] = dest.origin.x, quads[0][1] = dest.origin.y;
        quads[0][2] = dest.origin.x + dest.size.width, quads[0][3] = dest.origin.y + dest.size.height;
        nq = 1;
    }
    double so = (rec->shadow_opacity > 1 ? 1 : rec->shadow_opacity) * shadow_shape_alpha(rec);
    for (int q = 0; q < nq; q++) {
        float *p = lgl_instance_for(f, rec, dest, 0, KIND_SHADOW_TEX);
        if (!p) return 1;
        r->batch_tex = t->tex;
        p[16] = (float)quads[q][0], p[17] = (float)quads[q][1];
        p[18] = (float)(quads[q][2] - quads[q][0]), p[19] = (float)(quads[q][3] - quads[q][1]);
        lgl_premultiplied(lgl_tinted(rec->shadow_color, rec), so * alpha, p + 20);
        memset(p + 24, 0, 8 * sizeof(float));
    }
    return 1;
}

/* Packs two channels in [0, 1] at 12 bits each into one float (an integer below 2^24, exact):
 * card.frag's unpack12. */
static float pack12(float hi, float lo) {
    double a = floor(fmin(fmax(hi, 0), 1) * 4095 + 0.5), b = floor(fmin(fmax(lo, 0), 1) * 4095 + 0.5);
    return (float)(a * 4096 + b);
}

/* Issue 29: a layer with a bounds-shaped shadow that has a cached texture, four circular
 * corners and no clip draws its shadow and background (and with `with_border`, a leaf's border:
 * lgl_emit_background's rule) as one card.frag instance, composited in the shader. Consecutive
 * such layers (a list of cards) are then one instanced draw in painter's order, where the
 * shadow and the box programs alternated, one draw call each per layer; what else the layer
 * draws (contents, sublayers, a later border) follows as before. Source-over is associative, so
 * the pixels are the two draws' up to 8-bit rounding. Returns 0 (nothing emitted) when the
 * record is not such a one; the caller then draws the shadow and the background as before. */
int lgl_emit_card(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha, int level, int which,
                  int with_border) {
    lamina_gles_renderer_t *r = f->r;
    if (!(rec->flags & LAMINA_DRAW_HAS_SHADOW_COLOR) || !(rec->shadow_opacity > 0) ||
        (rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) || !lgl_draws_own_shape(rec) ||
        lgl_corner_code(rec) != 15.0f || f->cleared == rec)
        return 0;
    if (rec->struct_size >= offsetof(lamina_draw_record_t, shadow_path_count) + sizeof(size_t) &&
        rec->shadow_path && rec->shadow_path_count > 0)
        return 0;
    float clip[4];
    lgl_clip_box(f, rec, clip);
    if (clip[0] > -1e8f) return 0; /* card.frag carries the shadow where the clip would go */
    lgl_shadow_tex_t *t = shadow_tex_for(f, rec, level, which);
    if (!t) return 0;
    int has_bg = (rec->flags & LAMINA_DRAW_HAS_BACKGROUND) && rec->background_color.a > 0;
    int has_border = with_border && (rec->flags & LAMINA_DRAW_HAS_BORDER_COLOR) &&
                     rec->border_width > 0 && rec->border_color.a > 0;
    /* card_round.frag: the same pixels per unit on both axes, every edge antialiased and the
     * corner radius (as box.frag clamps it) above the border, so the border's inner box is
     * rounded too: box.frag's coverage is then the distance times the pixels per unit. */
    const lamina_transform3d_t *m = &rec->transform;
    double rad = fmin(rec->corner_radius, fmin(rec->bounds.size.width, rec->bounds.size.height) / 2);
    int kind = m->m11 == m->m22 && lgl_edge_code(rec) == 0.0f && rad > 0 &&
                       rad > (has_border ? rec->border_width : 0)
                   ? KIND_CARD_ROUND
                   : KIND_CARD;
    if (r->batch_kind == kind && r->inst_count > 0 && r->batch_tex != t->tex) lgl_flush(f);
    double margin = lgl_local_margin(&rec->transform, rec->bounds, f->scale);
    float *p = lgl_instance_for(f, rec, rec->bounds, margin, kind);
    if (!p) return 1;
    r->batch_tex = t->tex;
    r->batch_shadow_size[0] = (float)t->ew, r->batch_shadow_size[1] = (float)t->eh;
    /* The quad: the box's (with its antialiasing margin) and the shadow texture's, together. */
    double dx = rec->bounds.origin.x + rec->shadow_offset.width + t->ox;
    double dy = rec->bounds.origin.y + rec->shadow_offset.height + t->oy;
    double x0 = fmin(p[16], dx), y0 = fmin(p[17], dy);
    double x1 = fmax(p[16] + p[18], dx + t->ew), y1 = fmax(p[17] + p[19], dy + t->eh);
    p[16] = (float)x0, p[17] = (float)y0, p[18] = (float)(x1 - x0), p[19] = (float)(y1 - y0);
    lgl_box_paint(rec, alpha, has_bg, has_border, p);
    p[30] = 15.0f + lgl_edge_code(rec);
    p[31] = (float)(m->m11 * f->scale); /* card_round.frag's device pixels per unit */
    float col[4];
    double so = (rec->shadow_opacity > 1 ? 1 : rec->shadow_opacity) * shadow_shape_alpha(rec);
    lgl_premultiplied(lgl_tinted(rec->shadow_color, rec), so * alpha, col);
    p[32] = (float)dx, p[33] = (float)dy;
    p[34] = pack12(col[0], col[1]), p[35] = pack12(col[2], col[3]);
    return 1;
}

void lgl_emit_shadow(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha,
                     int level, int which) {
    if (!(rec->flags & LAMINA_DRAW_HAS_SHADOW_COLOR) || !(rec->shadow_opacity > 0)) return;
    /* RS-3.7: masksToBounds clips the layer's own shadow (all of it lies outside or beneath). */
    if (rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) return;
    if (rec->struct_size >= offsetof(lamina_draw_record_t, shadow_path_count) + sizeof(size_t) &&
        rec->shadow_path && rec->shadow_path_count > 0) {
        emit_path_shadow(f, rec, alpha, level, which);
        return;
    }
    if (!lgl_draws_own_shape(rec)) return;
    if (cached_shadow(f, rec, alpha, level, which)) return;
    double sigma = rec->shadow_radius > 0 ? rec->shadow_radius : 0;
    lamina_rect_t shape = rec->bounds;
    shape.origin.x += rec->shadow_offset.width;
    shape.origin.y += rec->shadow_offset.height;
    double margin = 3 * sigma + lgl_local_margin(&rec->transform, shape, f->scale);
    float *p = lgl_instance_for(f, rec, shape, margin, KIND_SHADOW);
    if (!p) return;
    double so = (rec->shadow_opacity > 1 ? 1 : rec->shadow_opacity) * shadow_shape_alpha(rec);
    lgl_premultiplied(lgl_tinted(rec->shadow_color, rec), so * alpha, p + 20);
    memset(p + 24, 0, 4 * sizeof(float));
    p[28] = (float)rec->corner_radius;
    p[29] = 0;
    p[30] = lgl_corner_code(rec);
    p[31] = (float)sigma;
}

/* Whether the layer-space rectangle `box` of a record with matrix `m` lies inside `own`'s
 * rounded bounds (a continuous or masked corner counts as a circular one 1.528665 times as
 * wide, which lies inside it). Both maps must be affine (no perspective): else 0. */
static int box_inside_own(const lamina_draw_record_t *own, const lamina_transform3d_t *m,
                          lamina_rect_t box) {
    const lamina_transform3d_t *o = &own->transform;
    if (m->m14 != 0 || m->m24 != 0 || o->m14 != 0 || o->m24 != 0 || !(fabs(m->m44) > 1e-9) ||
        !(fabs(o->m44) > 1e-9))
        return 0;
    double det = o->m11 * o->m22 - o->m21 * o->m12;
    if (!(fabs(det) > 1e-12)) return 0;
    lamina_rect_t b = own->bounds;
    double hx = 0.5 * b.size.width, hy = 0.5 * b.size.height;
    double r = fmin(fmax(own->corner_radius, 0), fmin(hx, hy));
    if (lgl_corner_code(own) != 15.0f) r = fmin(1.528665 * r, fmin(hx, hy));
    for (int k = 0; k < 4; k++) {
        double x = box.origin.x + ((k & 1) ? box.size.width : 0), y = box.origin.y + ((k & 2) ? box.size.height : 0);
        /* To root space, then into own's layer space (row vectors: p' = p . M). */
        double X = (x * m->m11 + y * m->m21 + m->m41) / m->m44 * o->m44 - o->m41;
        double Y = (x * m->m12 + y * m->m22 + m->m42) / m->m44 * o->m44 - o->m42;
        double lx = (X * o->m22 - Y * o->m21) / det, ly = (Y * o->m11 - X * o->m12) / det;
        if (!isfinite(lx) || !isfinite(ly)) return 0;
        double qx = fabs(lx - (b.origin.x + hx)) - hx + r, qy = fabs(ly - (b.origin.y + hy)) - hy + r;
        double d = fmin(fmax(qx, qy), 0) + hypot(fmax(qx, 0), fmax(qy, 0)) - r;
        if (d > 1e-6 * (1 + hx + hy)) return 0;
    }
    return 1;
}

/* Whether everything recs[0..count) draws lies inside recs[0]'s opaque rounded bounds, so that
 * the composited alpha is the bounds shape's and the analytic shadow is exact (RS-3.3). */
static int own_shape_is_alpha(const lamina_draw_record_t *recs, size_t count) {
    const lamina_draw_record_t *rec = &recs[0];
    /* The layer's own alpha, before a replicator's instance colour (RS-13.3), which multiplies
     * the shadow's colour as it does every other. */
    int opaque_bg = (rec->flags & LAMINA_DRAW_HAS_BACKGROUND) && rec->background_color.a >= 0.999;
    int has_bg = (rec->flags & LAMINA_DRAW_HAS_BACKGROUND) && rec->background_color.a > 0;
    int has_border = (rec->flags & LAMINA_DRAW_HAS_BORDER_COLOR) && rec->border_width > 0 &&
                     rec->border_color.a > 0;
    /* A leaf of background and border: its bounds shape when the background is opaque, or
     * when there is no border (a translucent background's shadow is weakened by its alpha,
     * shadow_shape_alpha()); a border ring over a translucent or no background is its alpha. */
    if (count <= 1 && !lgl_has_contents(rec) && !lgl_rec_shape(rec) && !lgl_rec_gradient(rec))
        return opaque_bg || (has_bg && !has_border);
    if (!opaque_bg || lgl_rec_shape(rec)) return 0;
    for (size_t k = 0; k < count; k++) {
        const lamina_draw_record_t *q = &recs[k];
        if (q->struct_size >= offsetof(lamina_draw_record_t, mask_host_index) &&
            (q->flags2 & LAMINA_DRAW2_MASK_CONTENT))
            continue; /* drawn only into its host's mask */
        if ((q->flags & LAMINA_DRAW_HAS_TRANSITION) || (k > 0 && lgl_rec_shape(q))) return 0;
        if (k > 0 && !box_inside_own(rec, &q->transform, q->bounds)) return 0;
        if (lgl_has_contents(q) && !(q->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) &&
            ((q->contents != LAMINA_IMAGE_NONE && !box_inside_own(rec, &q->transform, q->contents_dest)) ||
             (q->contents_previous != LAMINA_IMAGE_NONE &&
              !box_inside_own(rec, &q->transform, q->contents_previous_dest))))
            return 0;
        if (k > 0 && (q->flags & LAMINA_DRAW_HAS_SHADOW_COLOR) && q->shadow_opacity > 0 &&
            !(q->flags & LAMINA_DRAW_MASKS_TO_BOUNDS)) {
            double reach = 3 * fmax(q->shadow_radius, 0) + 1;
            lamina_rect_t s = q->bounds;
            if (q->struct_size >= offsetof(lamina_draw_record_t, shadow_path_count) + sizeof(size_t) &&
                q->shadow_path && q->shadow_path_count > 0)
                return 0;
            s.origin.x += q->shadow_offset.width - reach;
            s.origin.y += q->shadow_offset.height - reach;
            s.size.width += 2 * reach;
            s.size.height += 2 * reach;
            if (!box_inside_own(rec, &q->transform, s)) return 0;
        }
    }
    return 1;
}

/* RS-3.3: whether the record's shadow comes from its rendering's alpha: it has one, no
 * shadowPath, and its composited alpha is not just its own opaque bounds shape: a layer without
 * background or border that has contents or sublayers, or one whose sublayers, contents or
 * their shadows reach outside its bounds (or whose background is translucent under them);
 * masksToBounds hides it (RS-3.7). recs[0..count) is the record's subtree. */
int lgl_casts_alpha_shadow(const lamina_draw_record_t *recs, size_t count) {
    const lamina_draw_record_t *rec = &recs[0];
    if (!(rec->flags & LAMINA_DRAW_HAS_SHADOW_COLOR) || !(rec->shadow_opacity > 0)) return 0;
    if (rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) return 0;
    if (rec->struct_size >= offsetof(lamina_draw_record_t, shadow_path_count) + sizeof(size_t) &&
        rec->shadow_path && rec->shadow_path_count > 0)
        return 0;
    if (lgl_draws_own_shape(rec)) return !own_shape_is_alpha(recs, count);
    return lgl_has_contents(rec) || rec->descendant_count > 0 || lgl_rec_shape(rec) || lgl_rec_gradient(rec);
}

/* RS-3.3: a layer that draws no background or border but has contents or sublayers casts the
 * shadow of its rendering's alpha: the layer (without its shadow) and its subtree offscreen,
 * then blurred (sigma = shadowRadius in device pixels at the layer's scale), moved by the
 * offset in the layer's plane and tinted, beneath the layer. */
void lgl_emit_alpha_shadow(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                           double alpha, int level, int which) {
    const lamina_draw_record_t *rec = &recs[0];
    if (level >= MAX_PASS_DEPTH) return;
    lgl_flush(f);
    lamina_draw_record_t *copy = malloc(count * sizeof *copy);
    if (!copy) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a shadow");
        return;
    }
    memcpy(copy, recs, count * sizeof *copy);
    copy[0].flags &= ~(uint32_t)LAMINA_DRAW_HAS_SHADOW_COLOR;
    lgl_target_t *ta = lgl_render_offscreen(f, copy, count, rec->opacity, rec->opacity, level, 0);
    free(copy);
    lgl_target_t *tb = ta ? lgl_get_target(f, 2 * level + 1) : NULL;
    if (!tb) {
        lgl_bind_level(f, level, which);
        return;
    }
    const lamina_transform3d_t *m = &rec->transform;
    double ox = rec->shadow_offset.width, oy = rec->shadow_offset.height;
    double w = fabs(m->m44) > 1e-9 ? m->m44 : 1.0;
    double dx = (ox * m->m11 + oy * m->m21) / w * f->scale, dy = (ox * m->m12 + oy * m->m22) / w * f->scale;
    double lpp = lgl_local_per_pixel(m, f->scale);
    double sigma_px = (rec->shadow_radius > 0 ? rec->shadow_radius : 0) / lpp;
    if (sigma_px > 40) sigma_px = 40;
    int taps = sigma_px > 0.3 ? (int)ceil(3 * sigma_px) : 0;
    if (sigma_px < 1e-3) sigma_px = 1e-3;
    float col[4];
    double so = rec->shadow_opacity > 1 ? 1 : rec->shadow_opacity;
    lgl_premultiplied(lgl_tinted(rec->shadow_color, rec), so * alpha, col);
    /* The passes cover what the subtree draws, moved by the offset, with the blur's reach. */
    lamina_rect_t area = {{0, 0}, {-1, -1}};
    for (size_t k = 0; k < count && area.size.width != -2; k++) {
        const lamina_draw_record_t *q = &recs[k];
        if (lgl_rec_shape(q) || !grow_root_box(&q->transform, q->bounds, &area) ||
            (lgl_has_contents(q) && (!grow_root_box(&q->transform, q->contents_dest, &area) ||
                                     !grow_root_box(&q->transform, q->contents_previous_dest, &area))))
            area = (lamina_rect_t){{0, 0}, {-2, -2}};
    }
    if (area.size.width == -2) area.size.width = -1;
    if (area.size.width >= 0) {
        double sx = dx / f->scale, sy = dy / f->scale;
        area.origin.x += fmin(sx, 0);
        area.origin.y += fmin(sy, 0);
        area.size.width += fabs(sx);
        area.size.height += fabs(sy);
    }
    lamina_rect_t all = lgl_blur_area(f, area, (3 * sigma_px + 1) / f->scale);
    if (all.size.width <= 0) {
        lgl_bind_level(f, level, which);
        return;
    }
    lgl_blur_two_passes(f, rec, level, which, ta, tb, all, sigma_px, taps, dx, dy, col);
}
