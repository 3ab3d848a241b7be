/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Layer filters (issue 32; docs/renderer.md "Filters"): a record's `filters` on its subtree, its
 * `backgroundFilters` on the backdrop under its shape, and its `compositingFilter` (a blend mode).
 *
 * A filter list becomes a chain of stages: a Gaussian blur (sigma = inputRadius in the layer's
 * units, like shadowRadius and CSS `blur()`'s standard deviation, docs/draw-records.md section
 * 18), or a run of colour filters (colour matrix, controls, invert, monochrome, alpha), each
 * the engine's 4x5 matrix on the straight sRGB-encoded colour, clamped after each, run by one
 * fragment stage (fx_color.frag). Blurs of
 * sigma >= 4 pixels run at reduced resolution: the source is averaged in d x d blocks (d = 2, 4,
 * 8 or 16, the largest with sigma >= 2d), blurred there with the sigma that leaves, once the
 * block mean's and the bilinear upsampling's variances are added back, the stated one, then
 * sampled back up.
 *
 * A layer with filters or a blend mode is drawn offscreen: in its own space (the raster cache of
 * raster.c, at the device pixels per layer unit), filtered into a second texture that is kept
 * while neither the subtree nor the filters change (`filters_reused`), then composited through
 * its transform, source-over by GL or by a blend mode (blend.glsl) against a copy of the pixels
 * beneath. A subtree the cache cannot hold (perspective, a transition, a host texture, larger
 * than 4096 pixels) is drawn into a viewport-sized target and filtered there, every frame.
 * Background filters copy the target's pixels under the layer's bounding box, filter them with
 * mirrored edges (no colour from outside the layer comes in) and draw them back inside the
 * layer's rounded bounds (backdrop.frag), before the layer draws.
 */
#include "compositor.h"
#include "lgl_shaders.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

enum { FX_MAX_MATS = 8, FX_MAX_STAGES = 16 };
enum { FX_A, FX_B, FX_LA, FX_LB, FX_OUT, FX_DST, FX_BD }; /* scratch targets (renderer.fx) */

/* One stage: a blur of `sigma` texels, or up to FX_MAX_MATS colour matrices (column-major 4x4,
 * then the offset) applied in order. */
typedef struct fx_stage {
    int blur;
    double sigma;
    int nmat;
    float mat[FX_MAX_MATS][16];
    float off[FX_MAX_MATS][4];
} fx_stage_t;

typedef struct fx_chain {
    int n;
    fx_stage_t st[FX_MAX_STAGES];
    double sigma_sum; /* texels: the blurs' sigmas summed (their reach is 3 x this) */
    uint64_t hash;    /* of the stages: a cached filtered texture is reused while it holds */
} fx_chain_t;

/* A sigma that is not a number or negative blurs nothing; larger than LGL_FX_MAX_SIGMA device
 * pixels, it is that (docs/renderer.md: no target grows with the radius beyond it). */
static double clamp_sigma(double radius, double ppu) {
    double s = radius * ppu;
    if (!(s > 0)) return 0;
    return s > LGL_FX_MAX_SIGMA ? LGL_FX_MAX_SIGMA : s;
}

static double finite_or(double v, double fallback) { return isfinite(v) ? v : fallback; }

/* The 4x5 row-major matrix (rows r, g, b, a; columns r, g, b, a, bias) of one colour filter on
 * straight sRGB colour: the one the engine worked out (docs/draw-records.md section 18), entries
 * that are not numbers read as the identity's; 0 when the filter is not a colour filter. */
static int colour_matrix(const lamina_draw_filter_t *flt, double m[4][5]) {
    switch (flt->type) {
    case LAMINA_FILTER_TYPE_COLOR_MATRIX:
    case LAMINA_FILTER_TYPE_COLOR_CONTROLS:
    case LAMINA_FILTER_TYPE_COLOR_INVERT:
    case LAMINA_FILTER_TYPE_COLOR_MONOCHROME:
    case LAMINA_FILTER_TYPE_ALPHA:
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 5; j++) m[i][j] = finite_or(flt->matrix[5 * i + j], i == j ? 1 : 0);
        return 1;
    default: return 0;
    }
}

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

/* The chain of `n` filters with radii scaled by `ppu` texels per unit. Unknown filter types
 * are skipped (the engine never sends them). */
static void build_chain(const lamina_draw_filter_t *fl, size_t n, double ppu, fx_chain_t *c) {
    c->n = 0;
    c->sigma_sum = 0;
    c->hash = 0;
    if (!fl) n = 0; /* a count without a list: no filters */
    for (size_t i = 0; i < n && c->n < FX_MAX_STAGES; i++) {
        double m[4][5];
        if (fl[i].type == LAMINA_FILTER_TYPE_GAUSSIAN_BLUR) {
            double s = clamp_sigma(fl[i].params[0], ppu);
            if (s < 0.2) continue; /* below a fifth of a texel a blur changes nothing visible */
            fx_stage_t *st = &c->st[c->n++];
            st->blur = 1;
            st->sigma = s;
            st->nmat = 0;
            c->sigma_sum += s;
        } else if (colour_matrix(&fl[i], m)) {
            fx_stage_t *st = c->n > 0 ? &c->st[c->n - 1] : NULL;
            if (!st || st->blur || st->nmat == FX_MAX_MATS) {
                st = &c->st[c->n++];
                st->blur = 0;
                st->sigma = 0;
                st->nmat = 0;
            }
            int k = st->nmat++;
            for (int row = 0; row < 4; row++) {
                for (int col = 0; col < 4; col++) st->mat[k][4 * col + row] = (float)m[row][col];
                st->off[k][row] = (float)m[row][4];
            }
        }
    }
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < c->n; i++) {
        const fx_stage_t *st = &c->st[i];
        h = fnv(h, &st->blur, sizeof st->blur);
        h = fnv(h, &st->sigma, sizeof st->sigma);
        h = fnv(h, &st->nmat, sizeof st->nmat);
        h = fnv(h, st->mat, (size_t)st->nmat * sizeof st->mat[0]);
        h = fnv(h, st->off, (size_t)st->nmat * sizeof st->off[0]);
    }
    c->hash = h;
}

/* Scratch target `slot` of w x h texels (made or resized). */
static lgl_target_t *fx_target(lgl_frame_t *f, int slot, int w, int h) {
    lgl_target_t *t = &f->r->fx[slot];
    if (t->fbo && t->w == w && t->h == h) return t;
    if (!t->fbo) {
        glGenFramebuffers(1, &t->fbo);
        glGenTextures(1, &t->tex);
    }
    glBindTexture(GL_TEXTURE_2D, t->tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t->tex, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        f->status = lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "filter target %dx%d incomplete", w, h);
        return NULL;
    }
    t->w = w;
    t->h = h;
    return t;
}

/* One fx.frag pass from `src` (its uv rectangle `rect`, texel size tw x th) into the bound
 * target of w x h. */
static void fx_pass(lgl_frame_t *f, GLuint src, int mirror, const float rect[4], int tw, int th,
                    int mode, const fx_stage_t *st, float dx, float dy, int factor, int w, int h) {
    lamina_gles_renderer_t *r = f->r;
    glViewport(0, 0, w, h);
    glUseProgram(r->fx_prog[mode]);
    glBindVertexArray(r->vao);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, src);
    GLint wrap = mirror ? GL_MIRRORED_REPEAT : GL_CLAMP_TO_EDGE;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    const GLint *u = r->fx_u[mode];
    glUniform1i(u[0], 0);
    glUniform4fv(u[1], 1, rect);
    glUniform2f(u[2], 1.0f / (float)tw, 1.0f / (float)th);
    glUniform2f(u[4], dx, dy);
    if (mode == 1) {
        glUniform1f(u[5], (float)st->sigma);
        glUniform1i(u[6], (int)ceil(3 * st->sigma));
    }
    glUniform1i(u[7], factor);
    if (mode == 0) {
        glUniform1i(u[8], st->nmat);
        glUniformMatrix4fv(u[9], st->nmat, GL_FALSE, &st->mat[0][0]);
        glUniform4fv(u[10], st->nmat, &st->off[0][0]);
    }
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    r->stats.draw_calls++;
}

/* The reduction of a blur of `sigma` texels: the block side d (1: full resolution). */
static int blur_factor(double sigma) {
    int d = 1;
    while (d < 16 && sigma >= 4.0 * d) d *= 2;
    return d;
}

/* Runs `c` over `src` (w x h texels, or its uv rectangle `rect` of a larger texture tw x th)
 * into `out` (w x h). `mirror`: samples outside the source mirror its edge (backdrops); else
 * they read its edge texels (a group's padding is transparent). Blending is off meanwhile.
 * With `low` (not NULL), a chain that ends in a reduced blur leaves its result reduced: *low
 * is then that target, and `map` its uv per full-resolution texel (else `out`, 1 / w, 1 / h);
 * the caller samples it bilinearly, which is the upsampling pass's arithmetic. */
static int run_chain(lgl_frame_t *f, const fx_chain_t *c, GLuint src, const float rect[4],
                     int tw, int th, int w, int h, int mirror, lgl_target_t *out,
                     lgl_target_t **low, float map[2]) {
    if (low) {
        *low = out;
        map[0] = 1.0f / (float)w;
        map[1] = 1.0f / (float)h;
    }
    static const float whole[4] = {0, 0, 1, 1};
    GLuint cur = src;
    const float *cur_rect = rect;
    int cur_w = tw, cur_h = th;
    int ping = FX_A;
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST); /* scratch targets are drawn whole (a partial frame's scissor) */
    for (int i = 0; i < c->n && f->status == LAMINA_STATUS_OK; i++) {
        const fx_stage_t *st = &c->st[i];
        lgl_target_t *dest = i == c->n - 1 ? out : fx_target(f, ping, w, h);
        if (!dest) break;
        if (!st->blur) {
            glBindFramebuffer(GL_FRAMEBUFFER, dest->fbo);
            fx_pass(f, cur, mirror, cur_rect, cur_w, cur_h, 0, st, 0, 0, 0, w, h);
        } else {
            int d = blur_factor(st->sigma);
            int lw = (w + d - 1) / d, lh = (h + d - 1) / d;
            fx_stage_t red = *st; /* the stage at reduced resolution */
            if (d > 1) {
                double v = st->sigma * st->sigma - (d * d - 1) / 12.0 - d * d / 6.0;
                red.sigma = sqrt(fmax(v, 0.25)) / d;
            }
            lgl_target_t *a = fx_target(f, d > 1 ? FX_LA : (ping == FX_A ? FX_B : FX_A), lw, lh);
            lgl_target_t *b = d > 1 ? fx_target(f, FX_LB, lw, lh) : NULL;
            if (!a || (d > 1 && !b)) break;
            GLuint first = cur;
            const float *first_rect = cur_rect;
            int fw = cur_w, fh = cur_h;
            if (d > 1) {
                /* Block means: low texel i is the mean of source texels [i d, i d + d). */
                float r2[4] = {cur_rect[0], cur_rect[1], cur_rect[2] * (float)(lw * d) / (float)w,
                               cur_rect[3] * (float)(lh * d) / (float)h};
                glBindFramebuffer(GL_FRAMEBUFFER, b->fbo);
                fx_pass(f, cur, mirror, r2, cur_w, cur_h, 2, st, 0, 0, d, lw, lh);
                first = b->tex;
                first_rect = whole;
                fw = lw;
                fh = lh;
            }
            /* Horizontal into a, vertical into b (reduced) or dest. */
            glBindFramebuffer(GL_FRAMEBUFFER, a->fbo);
            fx_pass(f, first, mirror, first_rect, fw, fh, 1, &red, 1.0f / (float)fw, 0, 0, lw, lh);
            lgl_target_t *v = d > 1 ? b : dest;
            glBindFramebuffer(GL_FRAMEBUFFER, v->fbo);
            fx_pass(f, a->tex, mirror, whole, lw, lh, 1, &red, 0, 1.0f / (float)lh, 0, lw, lh);
            if (d > 1 && low && i == c->n - 1) {
                *low = b;
                map[0] = 1.0f / (float)(lw * d);
                map[1] = 1.0f / (float)(lh * d);
            } else if (d > 1) {
                /* Back up: full-resolution texel x reads the reduced one at (x + 0.5) / d. */
                float r3[4] = {0, 0, (float)w / (float)(lw * d), (float)h / (float)(lh * d)};
                glBindFramebuffer(GL_FRAMEBUFFER, dest->fbo);
                fx_pass(f, b->tex, mirror, r3, lw, lh, 3, st, 0, 0, 0, w, h);
            }
        }
        cur = dest->tex;
        cur_rect = whole;
        cur_w = w;
        cur_h = h;
        ping = ping == FX_A ? FX_B : FX_A;
    }
    glEnable(GL_BLEND);
    return f->status == LAMINA_STATUS_OK;
}

/* The device-pixel box (x0, y0, x1, y1 from the top-left, whole pixels) that rectangle `q` of
 * the layer covers under m, within the viewport and the record's clip; 0 when it is empty or
 * a corner lies behind the eye (then `whole` decides: the viewport). */
static const lamina_transform3d_t identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

static int device_box(lgl_frame_t *f, const lamina_draw_record_t *rec, const lamina_transform3d_t *m,
                      lamina_rect_t q, int whole, int box[4]) {
    if (!m) m = &identity;
    double b[4] = {1e300, 1e300, -1e300, -1e300};
    int ok = 1;
    for (int k = 0; k < 4 && ok; k++) {
        double x = q.origin.x + ((k & 1) ? q.size.width : 0), y = q.origin.y + ((k & 2) ? q.size.height : 0);
        double W = x * m->m14 + y * m->m24 + m->m44;
        if (!(W > 1e-9)) {
            ok = 0;
            break;
        }
        double X = (x * m->m11 + y * m->m21 + m->m41) / W * f->scale;
        double Y = (x * m->m12 + y * m->m22 + m->m42) / W * f->scale;
        b[0] = fmin(b[0], X);
        b[1] = fmin(b[1], Y);
        b[2] = fmax(b[2], X);
        b[3] = fmax(b[3], Y);
    }
    if (!ok) {
        if (!whole) return 0;
        b[0] = b[1] = 0;
        b[2] = f->vp_w;
        b[3] = f->vp_h;
    }
    float c[4];
    lgl_clip_box(f, rec, c);
    b[0] = fmax(fmax(b[0], 0), c[0]);
    b[1] = fmax(fmax(b[1], 0), c[1]);
    b[2] = fmin(fmin(b[2], f->vp_w), c[2]);
    b[3] = fmin(fmin(b[3], f->vp_h), c[3]);
    if (!(b[2] > b[0]) || !(b[3] > b[1])) return 0;
    box[0] = (int)floor(b[0]);
    box[1] = (int)floor(b[1]);
    box[2] = (int)ceil(b[2]);
    box[3] = (int)ceil(b[3]);
    return box[2] > box[0] && box[3] > box[1];
}

/* Copies the bound framebuffer's pixels under device box `box` into FX_DST; `org` receives
 * its first framebuffer pixel (y up) and size for the shaders. */
static lgl_target_t *copy_backdrop(lgl_frame_t *f, int level, int which, const int box[4], float org[4]) {
    int w = box[2] - box[0], h = box[3] - box[1];
    lgl_target_t *t = fx_target(f, FX_DST, w, h);
    if (!t) return NULL;
    lgl_bind_level(f, level, which);
    int ox = f->at_host ? f->host_vp[0] : 0, oy = f->at_host ? f->host_vp[1] : 0;
    int fx = ox + box[0], fy = oy + (f->vp_h - box[3]);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, t->tex);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, fx, fy, w, h);
    org[0] = (float)fx;
    org[1] = (float)fy;
    org[2] = (float)w;
    org[3] = (float)h;
    return t;
}

/* The record's mask (RS-5.1, R16.9) rendered into level + 1's second target, in the target's
 * pixels: *mode 1 alpha, 2 one minus alpha, 3 luminance, 4 one minus luminance (0: the record
 * has no mask, or an empty inverted one, which gates nothing). Returns the texture, 0 when
 * there is none to read; *hide is set when nothing of the record shows (an empty mask). */
static GLuint render_mask(lgl_frame_t *f, const lamina_draw_record_t *rec, int level, int *mode, int *hide) {
    *mode = 0;
    *hide = 0;
    int v2 = rec->struct_size >= offsetof(lamina_draw_record_t, group_opacity);
    if (!v2 || !(rec->flags2 & LAMINA_DRAW2_HAS_MASK) || level >= MAX_PASS_DEPTH) return 0;
    int inverted = (rec->flags2 & LAMINA_DRAW2_MASK_INVERTED) != 0;
    int luma = (rec->flags2 & LAMINA_DRAW2_MASK_LUMINANCE) != 0;
    if (rec->mask_count == 0 || rec->mask_index < 0 ||
        (size_t)rec->mask_index + rec->mask_count > f->base_count) {
        *hide = !inverted; /* an empty mask shows nothing (RS-5.3), inverted everything */
        return 0;
    }
    const lamina_draw_record_t *mrecs = f->base + rec->mask_index;
    int32_t saved = f->mask_host;
    f->mask_host = mrecs[0].mask_host_index;
    lgl_target_t *tm = lgl_render_offscreen(f, mrecs, rec->mask_count, 1.0, 1.0, level, 1);
    f->mask_host = saved;
    if (!tm) return 0;
    *mode = 1 + (inverted ? 1 : 0) + (luma ? 2 : 0);
    return tm->tex;
}

/* Background filters: the backdrop under the layer's bounds, filtered, drawn back inside its
 * rounded shape, before the layer itself. */
static void draw_backdrop(lgl_frame_t *f, const lamina_draw_record_t *rec, const lamina_draw_filters_t *fl,
                          double alpha, int level, int which) {
    lamina_gles_renderer_t *r = f->r;
    int box[4];
    if (!device_box(f, rec, &rec->transform, rec->bounds, 0, box)) return;
    fx_chain_t *c = malloc(sizeof *c);
    if (!c) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a filter chain");
        return;
    }
    build_chain(fl->background_filters, fl->background_filter_count,
                1.0 / lgl_local_per_pixel(&rec->transform, f->scale), c);
    lgl_flush(f);
    int w = box[2] - box[0], h = box[3] - box[1];
    float org[4];
    lgl_target_t *dst = copy_backdrop(f, level, which, box, org);
    lgl_target_t *fx = dst && c->n > 0 ? fx_target(f, FX_BD, w, h) : dst;
    static const float whole[4] = {0, 0, 1, 1};
    float map[2] = {1.0f / (float)w, 1.0f / (float)h};
    if (fx && c->n > 0) run_chain(f, c, dst->tex, whole, w, h, w, h, 1, fx, &fx, map);
    free(c);
    if (!fx || f->status != LAMINA_STATUS_OK) return;
    r->stats.backdrops_filtered++;
    /* The layer's mask cuts its backdrop too (RS-5.1, R16.9's modes). */
    int mask_mode, hide;
    GLuint mask_tex = render_mask(f, rec, level, &mask_mode, &hide);
    if (hide || f->status != LAMINA_STATUS_OK) return;
    if (!mask_tex) mask_tex = dst->tex;
    lgl_bind_level(f, level, which);
    const GLint *u = r->bd_u;
    glUseProgram(r->backdrop_prog);
    glBindVertexArray(r->vao);
    double margin = lgl_local_margin(&rec->transform, rec->bounds, f->scale);
    lamina_rect_t quad = {{rec->bounds.origin.x - margin, rec->bounds.origin.y - margin},
                          {rec->bounds.size.width + 2 * margin, rec->bounds.size.height + 2 * margin}};
    lgl_set_quad_uniforms(f, u, &rec->transform, quad);
    lgl_set_device_vp(f, u[4]);
    glUniform1i(u[6], 0);
    glUniform1i(u[7], 1);
    glUniform4f(u[8], (float)rec->bounds.origin.x, (float)rec->bounds.origin.y,
                (float)rec->bounds.size.width, (float)rec->bounds.size.height);
    lgl_set_clip_uniform(f, u[9], rec);
    glUniform4fv(u[10], 1, org);
    glUniform1f(u[11], (float)fmin(fmax(alpha, 0), 1));
    glUniform1f(u[12], (float)rec->corner_radius);
    glUniform1f(u[13], lgl_corner_code(rec));
    glUniform2fv(u[14], 1, map);
    glUniform1i(u[15], 2);
    glUniform1i(u[16], mask_mode);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, mask_tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, dst->tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, fx->tex);
    glDisable(GL_BLEND);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glEnable(GL_BLEND);
    r->stats.draw_calls++;
}

/* The program of blend mode `mode` (1-15): fblend.frag with the mode compiled in, linked on
 * first use; 0 when it does not link (the message is set). */
static GLuint blend_program(lamina_gles_renderer_t *r, int mode) {
    if (r->fblend_prog[mode]) return r->fblend_prog[mode];
    static const char *const names[15] = {"u_r1", "u_r2", "u_r4", "u_quad", "u_vp", "u_scale", "u_tex",
                                          "u_dst", "u_ext", "u_clip", "u_dst_org", "u_alpha", "u_blend",
                                          "u_mask", "u_mask_mode"};
    size_t n = strlen(lgl_shader_fblend_frag);
    char *src = malloc(n + 32);
    if (!src) return 0;
    snprintf(src, n + 32, "#define BLEND_MODE %d\n%s", mode, lgl_shader_fblend_frag);
    GLuint p = lgl_link_program(r, lgl_shader_plane_vert, src);
    free(src);
    if (!p) return 0;
    for (int i = 0; i < 15; i++) r->fblend_u[mode][i] = glGetUniformLocation(p, names[i]);
    r->fblend_prog[mode] = p;
    return p;
}

/* Draws texture `tex` (covering `ext` of the layer's space through m, row 0 at ext's maxY) with
 * `alpha`, the record's clip box, its mask (render_mask's texture and mode; 0: none) and blend
 * mode `blend` (0: source-over). */
static void composite(lgl_frame_t *f, const lamina_draw_record_t *rec, const lamina_transform3d_t *m,
                      lamina_rect_t ext, GLuint tex, double alpha, int blend, GLuint mask_tex,
                      int mask_mode, int level, int which) {
    lamina_gles_renderer_t *r = f->r;
    float org[4] = {0, 0, 0, 0};
    lgl_target_t *dst = NULL;
    if (!m) m = &identity;
    if (blend != 0) {
        int box[4];
        if (!device_box(f, rec, m, ext, 1, box)) return;
        dst = copy_backdrop(f, level, which, box, org);
        if (!dst) return;
    }
    lgl_bind_level(f, level, which);
    GLuint prog = blend ? blend_program(r, blend) : r->fcomp_prog;
    if (!prog) {
        f->status = lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "the blend mode %d's program did not link", blend);
        return;
    }
    const GLint *u = blend ? r->fblend_u[blend] : r->fcomp_u;
    glUseProgram(prog);
    glBindVertexArray(r->vao);
    lgl_set_quad_uniforms(f, u, m, ext);
    lgl_set_device_vp(f, u[4]);
    glUniform1i(u[6], 0);
    glUniform1i(u[7], 1);
    glUniform4f(u[8], (float)ext.origin.x, (float)ext.origin.y, (float)ext.size.width, (float)ext.size.height);
    lgl_set_clip_uniform(f, u[9], rec);
    glUniform4fv(u[10], 1, org);
    glUniform1f(u[11], (float)alpha);
    glUniform1i(u[13], 2);
    glUniform1i(u[14], mask_mode);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, mask_mode ? mask_tex : tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, dst ? dst->tex : tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    if (blend != 0) glDisable(GL_BLEND);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    if (blend != 0) glEnable(GL_BLEND);
    r->stats.draw_calls++;
}

/* The blend mode of the record's filters: 0 (normal) for unknown values. */
static int blend_mode(const lamina_draw_filters_t *fl) {
    int b = fl->blend_mode;
    return b >= 0 && b < 16 ? b : 0;
}

/* A filtered subtree the raster cache cannot hold: drawn into a viewport-sized target at full
 * strength, filtered there (radii in device pixels at the layer's scale), composited. */
static void draw_uncached(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                          const lamina_draw_filters_t *fl, double divisor, int level, int which) {
    const lamina_draw_record_t *rec = &recs[0];
    /* A mask applies after the filters (docs/draw-records.md section 18): the group renders
     * without it (a copy of the records), the mask gates the filtered result. */
    int masked = rec->struct_size >= offsetof(lamina_draw_record_t, group_opacity) &&
                 (rec->flags2 & LAMINA_DRAW2_HAS_MASK);
    lamina_draw_record_t *copy = NULL;
    if (masked) {
        copy = malloc(count * sizeof *copy);
        if (!copy) {
            f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a filtered mask");
            return;
        }
        memcpy(copy, recs, count * sizeof *copy);
        copy[0].flags2 &= ~(uint32_t)LAMINA_DRAW2_HAS_MASK;
    }
    lamina_layer_t saved = f->unfiltered;
    f->unfiltered = rec->layer;
    lgl_target_t *t = lgl_render_offscreen(f, copy ? copy : recs, count, rec->opacity, rec->opacity, level, 0);
    f->unfiltered = saved;
    free(copy);
    if (!t) return;
    fx_chain_t *c = malloc(sizeof *c);
    if (!c) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a filter chain");
        return;
    }
    build_chain(fl->filters, fl->filter_count, 1.0 / lgl_local_per_pixel(&rec->transform, f->scale), c);
    GLuint tex = t->tex;
    if (c->n > 0) {
        static const float whole[4] = {0, 0, 1, 1};
        lgl_target_t *out = fx_target(f, FX_OUT, f->vp_w, f->vp_h);
        if (out && run_chain(f, c, t->tex, whole, f->vp_w, f->vp_h, f->vp_w, f->vp_h, 0, out, NULL, NULL)) tex = out->tex;
        f->r->stats.filters_applied++;
    }
    free(c);
    if (f->status != LAMINA_STATUS_OK) return;
    int mask_mode = 0, hide = 0;
    GLuint mask_tex = masked ? render_mask(f, rec, level, &mask_mode, &hide) : 0;
    if (hide || f->status != LAMINA_STATUS_OK) return;
    lamina_rect_t all = {{0, 0}, {f->vp_w / f->scale, f->vp_h / f->scale}};
    composite(f, rec, NULL, all, tex, rec->opacity / divisor, blend_mode(fl), mask_tex, mask_mode, level, which);
}

void lgl_draw_filtered(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                       double divisor, double parent_opacity, int level, int which) {
    const lamina_draw_record_t *rec = &recs[0];
    const lamina_draw_filters_t *fl = lgl_rec_filters(rec);
    double alpha = rec->opacity / divisor;
    if (fl->background_filter_count > 0 && fl->background_filters)
        draw_backdrop(f, rec, fl, alpha, level, which);
    if (f->status != LAMINA_STATUS_OK) return;
    int blend = blend_mode(fl);
    /* The group in the layer's own space at the device pixels per unit, so a layer that only
     * moves keeps its texture; scales are kept to 1/256 steps so float noise never redraws. */
    double ppu = 1.0 / lgl_local_per_pixel(&rec->transform, f->scale);
    double rs = fmax(round(ppu * 256) / 256, 1.0 / 256);
    fx_chain_t *c = malloc(sizeof *c);
    if (!c) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a filter chain");
        return;
    }
    build_chain(fl->filters, fl->filter_count, rs, c);
    if (c->n == 0 && blend == 0) {
        /* Nothing to filter (background filters only, or blurs of radius 0): the layer draws
         * as it would without filters, in place. */
        free(c);
        lamina_layer_t saved = f->unfiltered;
        f->unfiltered = rec->layer;
        lgl_draw_range(f, recs, count, divisor, parent_opacity, level, which);
        f->unfiltered = saved;
        return;
    }
    lgl_flush(f);
    int drawn = 0;
    /* A masked layer is filtered uncached: its mask applies after the filters. */
    int masked = rec->struct_size >= offsetof(lamina_draw_record_t, group_opacity) &&
                 (rec->flags2 & LAMINA_DRAW2_HAS_MASK);
    lgl_raster_t *e = masked ? NULL : lgl_raster_update(f, recs, count, level, rs, (3 * c->sigma_sum + 1) / rs, &drawn);
    if (!e) {
        free(c);
        if (f->status == LAMINA_STATUS_OK) draw_uncached(f, recs, count, fl, divisor, level, which);
        return;
    }
    GLuint tex = e->tex;
    if (c->n > 0) {
        uint64_t key = fnv(c->hash, &rs, sizeof rs);
        if (drawn || !e->ftex || e->fkey != key || e->fw != e->px_w || e->fh != e->px_h) {
            if (!e->ftex) {
                glGenTextures(1, &e->ftex);
                glGenFramebuffers(1, &e->ffbo);
            }
            if (e->fw != e->px_w || e->fh != e->px_h) {
                glBindTexture(GL_TEXTURE_2D, e->ftex);
                glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, e->px_w, e->px_h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
                glBindFramebuffer(GL_FRAMEBUFFER, e->ffbo);
                glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, e->ftex, 0);
                e->fw = e->px_w;
                e->fh = e->px_h;
            }
            lgl_target_t out = {e->ffbo, e->ftex, e->fw, e->fh};
            static const float whole[4] = {0, 0, 1, 1};
            e->fkey = 0;
            if (run_chain(f, c, e->tex, whole, e->px_w, e->px_h, e->px_w, e->px_h, 0, &out, NULL, NULL)) e->fkey = key;
            f->r->stats.filters_applied++;
        } else {
            f->r->stats.filters_reused++;
        }
        tex = e->ftex;
    }
    lamina_rect_t ext = e->ext;
    free(c);
    if (f->status != LAMINA_STATUS_OK) return;
    composite(f, rec, &rec->transform, ext, tex, alpha, blend, 0, 0, level, which);
}
