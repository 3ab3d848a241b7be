/* SPDX-License-Identifier: Apache-2.0 */
/*
 * shouldRasterize (RS-11.3): the layer, its shadow and its subtree rendered once into a texture
 * in the layer's own space at rasterizationScale pixels per point, before its opacity, then
 * drawn through the layer's transform like an image (linear filtering, its opacity). The
 * texture is kept per layer and reused while the subtree's appearance in that space does not
 * change: moving, rotating or fading the layer itself reuses it; any change inside it (a
 * colour, a sublayer's move, an image) redraws it. A cache entry not drawn for TEX_KEEP_FRAMES
 * frames is deleted, as contents textures are.
 *
 * Appearance is compared record by record: the subtree's records with their transforms taken
 * relative to the layer (W_i . W_0^-1), opacities relative to the layer's, clips and indices
 * recomputed for the raster, and the data behind the pointers (paths, dashes, gradient stops)
 * hashed. A subtree with a running transition or a host (external) texture is drawn without the
 * cache, as an opacity group, since its pixels can change with no record changing.
 */
#include "compositor.h"

#include <stdlib.h>
#include <string.h>

enum { RASTER_MAX_SIDE = 4096 };

/* FNV-1a over `n` bytes, continuing from `h`. */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static uint64_t hash_path(const lamina_path_element_t *el, size_t n) {
    uint64_t h = fnv(1469598103934665603ull, &n, sizeof n);
    return el ? fnv(h, el, n * sizeof *el) : h;
}

/* The record's pointer fields replaced by hashes of what they point at, its transform, clip box
 * and opacity left out (compared with a tolerance): the key of one record. */
static void record_key(const lamina_draw_record_t *rec, lamina_draw_record_t *out) {
    *out = *rec;
    memset(&out->transform, 0, sizeof out->transform);
    memset(&out->clip_rect, 0, sizeof out->clip_rect);
    out->opacity = 0;
    uint64_t hp = rec->shadow_path ? hash_path(rec->shadow_path, rec->shadow_path_count) : 0;
    memcpy(&out->shadow_path, &hp, sizeof hp < sizeof out->shadow_path ? sizeof hp : sizeof out->shadow_path);
    out->transition_before = NULL;
    const lamina_draw_shape_t *s = lgl_rec_shape(rec);
    if (s) {
        lamina_draw_shape_t c = *s;
        c.path = NULL;
        c.line_dash_pattern = NULL;
        uint64_t h = fnv(hash_path(s->path, s->path_count), &c, sizeof c);
        if (s->line_dash_pattern) h = fnv(h, s->line_dash_pattern, s->line_dash_count * sizeof(double));
        memcpy(&out->shape, &h, sizeof h < sizeof out->shape ? sizeof h : sizeof out->shape);
    }
    const lamina_draw_gradient_t *g = lgl_rec_gradient(rec);
    if (g) {
        lamina_draw_gradient_t c = *g;
        c.colors = NULL;
        c.locations = NULL;
        uint64_t h = fnv(1469598103934665603ull, &c, sizeof c);
        if (g->colors) h = fnv(h, g->colors, g->count * sizeof *g->colors);
        if (g->locations) h = fnv(h, g->locations, g->count * sizeof *g->locations);
        memcpy(&out->gradient, &h, sizeof h < sizeof out->gradient ? sizeof h : sizeof out->gradient);
    }
    const lamina_draw_filters_t *fl = lgl_rec_filters(rec);
    if (fl) {
        /* Issue 32: a filtered layer inside the subtree looks the same while its filters do. */
        lamina_draw_filters_t c = *fl;
        c.filters = c.background_filters = NULL;
        uint64_t h = fnv(1469598103934665603ull, &c, sizeof c);
        if (fl->filters) h = fnv(h, fl->filters, fl->filter_count * sizeof *fl->filters);
        if (fl->background_filters)
            h = fnv(h, fl->background_filters, fl->background_filter_count * sizeof *fl->background_filters);
        memcpy(&out->filters, &h, sizeof h < sizeof out->filters ? sizeof h : sizeof out->filters);
    }
}

static int near(double a, double b) { return fabs(a - b) <= 1e-7 * (1 + fabs(a) + fabs(b)); }

/* Whether two keyed records (record_key, with their own transforms and opacities) look alike. */
static int same_look(const lamina_draw_record_t *a, const lamina_draw_record_t *ka,
                     const lamina_draw_record_t *b, const lamina_draw_record_t *kb) {
    if (memcmp(ka, kb, sizeof *ka) != 0 || !near(a->opacity, b->opacity)) return 0;
    const double *x = &a->transform.m11, *y = &b->transform.m11;
    for (int i = 0; i < 16; i++)
        if (!near(x[i], y[i])) return 0;
    return 1;
}

/* a . b for CA's row-vector matrices. */
static lamina_transform3d_t mul(const lamina_transform3d_t *a, const lamina_transform3d_t *b) {
    const double *p = &a->m11, *q = &b->m11;
    double o[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            double s = 0;
            for (int k = 0; k < 4; k++) s += p[4 * i + k] * q[4 * k + j];
            o[4 * i + j] = s;
        }
    lamina_transform3d_t t;
    memcpy(&t.m11, o, sizeof o);
    return t;
}

/* The inverse of m (Gauss-Jordan with partial pivoting); 0 when it is singular. */
static int invert(const lamina_transform3d_t *m, lamina_transform3d_t *out) {
    double a[4][8];
    const double *p = &m->m11;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++) a[i][j] = j < 4 ? p[4 * i + j] : (j - 4 == i);
    for (int c = 0; c < 4; c++) {
        int piv = c;
        for (int i = c + 1; i < 4; i++)
            if (fabs(a[i][c]) > fabs(a[piv][c])) piv = i;
        if (!(fabs(a[piv][c]) > 1e-12)) return 0;
        if (piv != c)
            for (int j = 0; j < 8; j++) {
                double t = a[c][j];
                a[c][j] = a[piv][j];
                a[piv][j] = t;
            }
        double d = a[c][c];
        for (int j = 0; j < 8; j++) a[c][j] /= d;
        for (int i = 0; i < 4; i++)
            if (i != c && a[i][c] != 0) {
                double k = a[i][c];
                for (int j = 0; j < 8; j++) a[i][j] -= k * a[c][j];
            }
    }
    double *o = &out->m11;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) o[4 * i + j] = a[i][j + 4];
    return 1;
}

/* Grows the box (x0, y0, x1, y1) by layer-space rectangle r under the affine map m (0: a
 * perspective or non-finite map, which the raster cannot bound). */
static int grow(double box[4], const lamina_transform3d_t *m, lamina_rect_t r) {
    if (fabs(m->m14) > 1e-9 || fabs(m->m24) > 1e-9 || !(fabs(m->m44) > 1e-9)) return 0;
    for (int k = 0; k < 4; k++) {
        double x = r.origin.x + ((k & 1) ? r.size.width : 0), y = r.origin.y + ((k & 2) ? r.size.height : 0);
        double X = (x * m->m11 + y * m->m21 + m->m41) / m->m44, Y = (x * m->m12 + y * m->m22 + m->m42) / m->m44;
        if (!isfinite(X) || !isfinite(Y)) return 0;
        box[0] = fmin(box[0], X);
        box[1] = fmin(box[1], Y);
        box[2] = fmax(box[2], X);
        box[3] = fmax(box[3], Y);
    }
    return 1;
}

static lamina_rect_t grown(lamina_rect_t r, double dx, double dy, double reach) {
    return (lamina_rect_t){{r.origin.x + dx - reach, r.origin.y + dy - reach},
                           {r.size.width + 2 * reach, r.size.height + 2 * reach}};
}

static lgl_raster_t *find_entry(lamina_gles_renderer_t *r, lamina_layer_t layer) {
    for (size_t i = 0; i < r->raster_count; i++)
        if (r->rasters[i].layer == layer) return &r->rasters[i];
    if (r->raster_count == r->raster_cap) {
        size_t cap = r->raster_cap ? 2 * r->raster_cap : 4;
        lgl_raster_t *p = realloc(r->rasters, cap * sizeof *p);
        if (!p) return NULL;
        r->rasters = p;
        r->raster_cap = cap;
    }
    lgl_raster_t *e = &r->rasters[r->raster_count++];
    memset(e, 0, sizeof *e);
    e->layer = layer;
    return e;
}

static void free_entry(lgl_raster_t *e, int gl) {
    if (gl && e->fbo) glDeleteFramebuffers(1, &e->fbo);
    if (gl && e->tex) glDeleteTextures(1, &e->tex);
    if (gl && e->ffbo) glDeleteFramebuffers(1, &e->ffbo);
    if (gl && e->ftex) glDeleteTextures(1, &e->ftex);
    free(e->recs);
    free(e->keys);
}

void lgl_evict_rasters(lamina_gles_renderer_t *r, int all, int gl) {
    size_t n = 0;
    for (size_t i = 0; i < r->raster_count; i++) {
        lgl_raster_t *e = &r->rasters[i];
        if (all || r->frame_no - e->last_frame > TEX_KEEP_FRAMES) free_entry(e, gl);
        else r->rasters[n++] = *e;
    }
    r->raster_count = n;
    if (all) {
        free(r->rasters);
        r->rasters = NULL;
        r->raster_cap = 0;
        free(r->raster_recs);
        free(r->raster_keys);
        free(r->raster_stack);
        r->raster_recs = r->raster_keys = NULL;
        r->raster_stack = NULL;
        r->raster_scratch_cap = r->raster_stack_cap = 0;
    }
}

/* Room for `count` records in the renderer's scratch (grown, never shrunk); 0 when out of
 * memory. */
static int scratch(lamina_gles_renderer_t *r, size_t count) {
    if (count > r->raster_scratch_cap) {
        size_t cap = count > 2 * r->raster_scratch_cap ? count : 2 * r->raster_scratch_cap;
        lamina_draw_record_t *a = realloc(r->raster_recs, cap * sizeof *a);
        if (!a) return 0;
        r->raster_recs = a;
        lamina_draw_record_t *b = realloc(r->raster_keys, cap * sizeof *b);
        if (!b) return 0; /* raster_recs grew, the capacity did not: still consistent */
        r->raster_keys = b;
        r->raster_scratch_cap = cap;
    }
    if (count > r->raster_stack_cap) {
        size_t *c = realloc(r->raster_stack, count * sizeof *c);
        if (!c) return 0;
        r->raster_stack = c;
        r->raster_stack_cap = count;
    }
    return 1;
}

/* Builds the raster's records in the renderer's scratch (the subtree in raster space: the
 * layer's space, its extent's origin at 0, 0) and their keys; the extent (grown by `reach`
 * layer units: a filter's blur) and its size in pixels at `rs` per unit in *e. 0: not
 * cacheable. */
static int build(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count, double rs,
                 double reach, lgl_raster_t *e) {
    const lamina_draw_record_t *top = &recs[0];
    lamina_transform3d_t inv;
    if (!invert(&top->transform, &inv) || !(top->opacity > 0) || !scratch(f->r, count)) return 0;
    lamina_draw_record_t *nr = f->r->raster_recs, *nk = f->r->raster_keys;
    size_t *stack = f->r->raster_stack;
    double box[4] = {1e300, 1e300, -1e300, -1e300};
    int ok = 1;
    /* Mask indices count from the list's start (f->base); in the raster they count from the
     * subtree's. A subtree drawn from a copy (inside a mask's pass) cannot be rebased: its
     * masks make it uncacheable. */
    uintptr_t at = (uintptr_t)recs, lo = (uintptr_t)f->base, hi = lo + f->base_count * sizeof *recs;
    int in_base = at >= lo && at < hi;
    size_t base = in_base ? (size_t)(recs - f->base) : 0;
    for (size_t i = 0; i < count && ok; i++) {
        const lamina_draw_record_t *q = &recs[i];
        if ((q->flags & LAMINA_DRAW_HAS_TRANSITION)) ok = 0;
        lamina_image_info_t info;
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        if (lgl_has_contents(q))
            for (int k = 0; k < 2; k++) {
                lamina_image_t id = k ? q->contents_previous : q->contents;
                if (id != LAMINA_IMAGE_NONE && lamina_image_get_info(id, &info) == LAMINA_STATUS_OK &&
                    info.is_external)
                    ok = 0;
            }
        nr[i] = *q;
        nr[i].transform = mul(&q->transform, &inv);
        nr[i].opacity = q->opacity / top->opacity;
        nr[i].depth = q->depth - top->depth;
        if (nr[i].flags2 & LAMINA_DRAW2_HAS_MASK) {
            nr[i].mask_index -= (int32_t)base;
            if (!in_base || nr[i].mask_index < 0 ||
                (size_t)nr[i].mask_index + nr[i].mask_count > count)
                ok = 0;
        }
        if (nr[i].flags2 & LAMINA_DRAW2_MASK_CONTENT) {
            nr[i].mask_host_index -= (int32_t)base;
            if (!in_base || nr[i].mask_host_index < 0) ok = 0;
        }
        nr[i].clip_index = -1;
        nr[i].group_index = -1;
    }
    if (ok && count > 0) {
        nr[0].flags2 &= ~(uint32_t)(LAMINA_DRAW2_RASTERIZE | LAMINA_DRAW2_GROUP);
        nr[0].flags &= ~(uint32_t)LAMINA_DRAW_HAS_CLIP;
        nr[0].group_opacity = 1; /* the raster is before the layer's opacity (RS-11.3) */
        nr[0].target_opacity = 1;
        lgl_strip_filters(&nr[0]); /* issue 32: they apply to the raster, after it is drawn */
    }
    /* The extent: what the layer, its shadow and its subtree draw, in its own space. */
    if (ok && (top->flags & LAMINA_DRAW_MASKS_TO_BOUNDS)) {
        ok = grow(box, &nr[0].transform, top->bounds);
    } else {
        for (size_t i = 0; i < count && ok; i++) {
            const lamina_draw_record_t *q = &nr[i];
            if (q->struct_size >= offsetof(lamina_draw_record_t, mask_host_index) &&
                (q->flags2 & LAMINA_DRAW2_MASK_CONTENT))
                continue;
            ok = grow(box, &q->transform, q->bounds);
            if (ok && lgl_has_contents(q) && q->contents != LAMINA_IMAGE_NONE)
                ok = grow(box, &q->transform, q->contents_dest);
            if (ok && lgl_has_contents(q) && q->contents_previous != LAMINA_IMAGE_NONE)
                ok = grow(box, &q->transform, q->contents_previous_dest);
            const lamina_draw_shape_t *sh = lgl_rec_shape(q);
            if (ok && sh && sh->path) {
                double reach = 0.5 * fmax(sh->line_width, 0) * fmax(sh->miter_limit, 1) + 1;
                for (size_t k = 0; k < sh->path_count && ok; k++)
                    for (int j = 0; j < 3 && ok; j++) {
                        lamina_point_t pt = sh->path[k].points[j];
                        if (sh->path[k].type == LAMINA_PATH_CLOSE) break;
                        if ((sh->path[k].type == LAMINA_PATH_MOVE || sh->path[k].type == LAMINA_PATH_LINE) && j > 0) break;
                        if (sh->path[k].type == LAMINA_PATH_QUAD && j > 1) break;
                        ok = grow(box, &q->transform, (lamina_rect_t){{pt.x - reach, pt.y - reach}, {2 * reach, 2 * reach}});
                    }
            }
        }
    }
    /* Shadows: a shadowPath's box, else (the alpha-derived shadow of everything below the layer,
     * RS-3.3) the content's box moved by the offset, each grown by the blur's reach (3 sigma). */
    if (ok && !(top->flags & LAMINA_DRAW_MASKS_TO_BOUNDS)) {
        double content[4] = {box[0], box[1], box[2], box[3]};
        for (size_t i = 0; i < count && ok; i++) {
            const lamina_draw_record_t *q = &nr[i];
            if (!(q->flags & LAMINA_DRAW_HAS_SHADOW_COLOR) || !(q->shadow_opacity > 0)) continue;
            const lamina_transform3d_t *m = &q->transform;
            double reach = 3 * fmax(q->shadow_radius, 0) + 1;
            if (q->shadow_path && q->shadow_path_count > 0) {
                double b[4] = {1e300, 1e300, -1e300, -1e300};
                for (size_t k = 0; k < q->shadow_path_count; k++) {
                    int n = q->shadow_path[k].type == LAMINA_PATH_CUBIC ? 3 : q->shadow_path[k].type == LAMINA_PATH_QUAD ? 2
                          : q->shadow_path[k].type == LAMINA_PATH_CLOSE ? 0 : 1;
                    for (int j = 0; j < n; j++) {
                        lamina_point_t pt = q->shadow_path[k].points[j];
                        if (!isfinite(pt.x) || !isfinite(pt.y)) continue;
                        b[0] = fmin(b[0], pt.x); b[1] = fmin(b[1], pt.y);
                        b[2] = fmax(b[2], pt.x); b[3] = fmax(b[3], pt.y);
                    }
                }
                if (b[2] >= b[0]) {
                    lamina_rect_t pr = {{b[0], b[1]}, {b[2] - b[0], b[3] - b[1]}};
                    ok = grow(box, m, grown(pr, q->shadow_offset.width, q->shadow_offset.height, reach));
                }
                continue;
            }
            /* The offset and the reach in raster space (the reach bounded by the map's norm). */
            double ox = (q->shadow_offset.width * m->m11 + q->shadow_offset.height * m->m21) / m->m44;
            double oy = (q->shadow_offset.width * m->m12 + q->shadow_offset.height * m->m22) / m->m44;
            double rr = reach * (fabs(m->m11) + fabs(m->m12) + fabs(m->m21) + fabs(m->m22)) / fabs(m->m44);
            if (!isfinite(ox) || !isfinite(oy) || !isfinite(rr)) ok = 0;
            box[0] = fmin(box[0], content[0] + ox - rr);
            box[1] = fmin(box[1], content[1] + oy - rr);
            box[2] = fmax(box[2], content[2] + ox + rr);
            box[3] = fmax(box[3], content[3] + oy + rr);
        }
    }
    if (ok && !(rs > 0 && isfinite(rs))) ok = 0;
    if (ok && !(reach >= 0 && isfinite(reach))) ok = 0;
    if (ok) {
        box[0] -= reach;
        box[1] -= reach;
        box[2] += reach;
        box[3] += reach;
        double pad = 2 / rs; /* the outer half of every antialiasing ramp, and a pixel more */
        /* Whole raster pixels; a hair of slack so that rounding noise in W_i . W_0^-1 never
         * moves the extent by a pixel (which would redraw a layer that only moved). */
        box[0] = floor((box[0] - pad) * rs + 1e-6) / rs;
        box[1] = floor((box[1] - pad) * rs + 1e-6) / rs;
        box[2] = ceil((box[2] + pad) * rs - 1e-6) / rs;
        box[3] = ceil((box[3] + pad) * rs - 1e-6) / rs;
        double w = (box[2] - box[0]) * rs, h = (box[3] - box[1]) * rs;
        if (!(w >= 1 && h >= 1 && w <= RASTER_MAX_SIDE && h <= RASTER_MAX_SIDE)) ok = 0;
        else {
            e->ext = (lamina_rect_t){{box[0], box[1]}, {box[2] - box[0], box[3] - box[1]}};
            e->px_w = (int)lround(w);
            e->px_h = (int)lround(h);
        }
    }
    if (ok) {
        /* Into raster space; clips recomputed from the masking layers inside the subtree. */
        lamina_transform3d_t shift = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -e->ext.origin.x, -e->ext.origin.y, 0, 1};
        size_t n = 0;
        for (size_t i = 0; i < count; i++) {
            nr[i].transform = mul(&nr[i].transform, &shift);
            while (n > 0 && stack[n - 1] + nr[stack[n - 1]].descendant_count < i) n--;
            if (i > 0) {
                double cb[4] = {-1e300, -1e300, 1e300, 1e300};
                int any = 0, rect = 1;
                for (size_t k = 0; k < n; k++) {
                    const lamina_draw_record_t *c = &nr[stack[k]];
                    if (!(c->flags & LAMINA_DRAW_MASKS_TO_BOUNDS)) continue;
                    double b[4] = {1e300, 1e300, -1e300, -1e300};
                    grow(b, &c->transform, c->bounds);
                    cb[0] = fmax(cb[0], b[0]);
                    cb[1] = fmax(cb[1], b[1]);
                    cb[2] = fmin(cb[2], b[2]);
                    cb[3] = fmin(cb[3], b[3]);
                    const lamina_transform3d_t *m = &c->transform;
                    if (c->corner_radius > 0 || !((m->m12 == 0 && m->m21 == 0) || (m->m11 == 0 && m->m22 == 0)))
                        rect = 0;
                    any = 1;
                }
                nr[i].flags &= ~(uint32_t)LAMINA_DRAW_HAS_CLIP;
                nr[i].flags2 &= ~(uint32_t)LAMINA_DRAW2_CLIP_IS_RECT;
                if (any) {
                    nr[i].flags |= LAMINA_DRAW_HAS_CLIP;
                    if (rect) nr[i].flags2 |= LAMINA_DRAW2_CLIP_IS_RECT;
                    nr[i].clip_rect = (lamina_rect_t){{cb[0], cb[1]}, {fmax(cb[2] - cb[0], 0), fmax(cb[3] - cb[1], 0)}};
                }
            }
            if (nr[i].descendant_count > 0) stack[n++] = i;
            record_key(&nr[i], &nk[i]);
        }
    }
    return ok;
}

/* Draws the raster texture through the layer's transform: its extent as an image quad (the
 * contents program: linear filtering, the ancestors' clip box, the layer's opacity). */
static void composite(lgl_frame_t *f, const lamina_draw_record_t *rec, const lgl_raster_t *e,
                      double alpha) {
    lamina_gles_renderer_t *r = f->r;
    const GLint *u = r->img_u;
    const lamina_transform3d_t *m = &rec->transform;
    lamina_rect_t d = e->ext;
    glUseProgram(r->img);
    glBindVertexArray(r->vao);
    glUniform4f(u[IU_R1], (float)m->m11, (float)m->m12, (float)m->m13, (float)m->m14);
    glUniform4f(u[IU_R2], (float)m->m21, (float)m->m22, (float)m->m23, (float)m->m24);
    glUniform4f(u[IU_R4], (float)m->m41, (float)m->m42, (float)m->m43, (float)m->m44);
    glUniform4f(u[IU_QUAD], (float)d.origin.x, (float)d.origin.y, (float)d.size.width, (float)d.size.height);
    lgl_set_device_vp(f, u[IU_VP]);
    glUniform1f(u[IU_SCALE], (float)f->scale);
    glUniform4f(u[IU_DEST0], (float)d.origin.x, (float)d.origin.y, (float)d.size.width, (float)d.size.height);
    glUniform4f(u[IU_DEST1], 0, 0, 0, 0);
    glUniform4f(u[IU_SRC0], 0, 0, 1, 1);
    glUniform4f(u[IU_SRC1], 0, 0, 1, 1);
    glUniform4f(u[IU_SLICE0], -1, -1, -1, -1);
    glUniform4f(u[IU_SLICE1], -1, -1, -1, -1);
    glUniform4f(u[IU_CENTER], 0, 0, 1, 1);
    glUniform1f(u[IU_W0], (float)alpha);
    glUniform1f(u[IU_W1], 0.0f);
    glUniform1f(u[IU_BIAS], 0.0f);
    glUniform1i(u[IU_FLIP], 1); /* the target's row 0 is the extent's maxY */
    lgl_set_clip_uniform(f, u[IU_CLIP], rec);
    glUniform4f(u[IU_BOUNDS], (float)d.origin.x, (float)d.origin.y, (float)d.size.width, (float)d.size.height);
    glUniform1f(u[IU_RADIUS], 0.0f);
    glUniform1f(u[IU_CORNER], 15.0f);
    glUniform1i(u[IU_CLIP_BOUNDS], 0);
    glUniform1i(u[IU_TEX0], 0);
    glUniform1i(u[IU_TEX1], 1);
    glUniform4f(u[IU_TINT], 1, 1, 1, 1);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, e->tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, e->tex);
    /* RS-11.3: composited with the layer's filters (the raster has no mipmaps: trilinear is
     * linear). */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER,
                    rec->minification_filter == LAMINA_FILTER_NEAREST ? GL_NEAREST : GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER,
                    rec->magnification_filter == LAMINA_FILTER_NEAREST ? GL_NEAREST : GL_LINEAR);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    r->stats.draw_calls++;
    r->stats.primitives++;
}

/* A subtree that cannot be cached: an opacity group (RS-11.3: a rasterized layer is one),
 * its first record without the raster flag so the group's pass draws it in place. */
static void draw_uncached(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                          double divisor, int level, int which) {
    lamina_draw_record_t *copy = malloc(count * sizeof *copy);
    if (!copy) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a rasterized layer");
        return;
    }
    memcpy(copy, recs, count * sizeof *copy);
    copy[0].flags2 &= ~(uint32_t)LAMINA_DRAW2_RASTERIZE;
    lgl_draw_group(f, copy, count, divisor, level, which);
    free(copy);
}

lgl_raster_t *lgl_raster_update(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                                int level, double rs, double reach, int *drawn) {
    lamina_gles_renderer_t *r = f->r;
    lgl_raster_t probe = {0};
    lgl_raster_t *e = NULL;
    *drawn = 0;
    if (!build(f, recs, count, rs, reach, &probe) || !(e = find_entry(r, recs[0].layer))) return NULL;
    const lamina_draw_record_t *nr = r->raster_recs, *nk = r->raster_keys;
    int same = e->tex && e->count == count && e->px_w == probe.px_w && e->px_h == probe.px_h &&
               e->scale == rs && near(e->ext.origin.x, probe.ext.origin.x) &&
               near(e->ext.origin.y, probe.ext.origin.y);
    for (size_t i = 0; same && i < count; i++) same = same_look(&nr[i], &nk[i], &e->recs[i], &e->keys[i]);
    e->last_frame = r->frame_no;
    lgl_flush(f);
    if (same) {
        r->stats.rasters_reused++;
    } else {
        /* The new records become the entry's; its old buffers become the scratch. */
        lamina_draw_record_t *old_recs = e->recs, *old_keys = e->keys;
        size_t old_cap = e->cap;
        e->recs = r->raster_recs;
        e->keys = r->raster_keys;
        e->cap = r->raster_scratch_cap;
        r->raster_recs = old_recs;
        r->raster_keys = old_keys;
        r->raster_scratch_cap = old_cap;
        e->count = count;
        e->ext = probe.ext;
        e->scale = rs;
        if (!e->tex || e->px_w != probe.px_w || e->px_h != probe.px_h) {
            if (!e->tex) {
                glGenTextures(1, &e->tex);
                glGenFramebuffers(1, &e->fbo);
            }
            glBindTexture(GL_TEXTURE_2D, e->tex);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, probe.px_w, probe.px_h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
            glBindFramebuffer(GL_FRAMEBUFFER, e->fbo);
            glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, e->tex, 0);
            e->px_w = probe.px_w;
            e->px_h = probe.px_h;
        }
        /* The pass: the raster's target stands in for this level's first target, the frame's
         * scale and viewport become the raster's, and the list base the raster's records. */
        lgl_target_t saved_t = r->targets[2 * level];
        lgl_frame_t saved_f = *f;
        r->targets[2 * level] = (lgl_target_t){e->fbo, e->tex, e->px_w, e->px_h};
        f->scale = e->scale;
        f->vp_w = e->px_w;
        f->vp_h = e->px_h;
        f->base = e->recs;
        f->base_count = count;
        f->mask_host = -1;
        f->n_relax = 0; /* outer shaped clips' boxes are in another space (and apply outside) */
        lgl_bind_level(f, level + 1, 0);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        r->stats.offscreen_passes++;
        r->stats.rasters_drawn++;
        lamina_layer_t layer = e->layer;
        lgl_draw_range(f, e->recs, count, 1.0, 1.0, level + 1, 0);
        lgl_flush(f);
        e = find_entry(r, layer); /* a raster inside may have moved the entries */
        lamina_status_t st = f->status;
        *f = saved_f;
        f->status = st;
        r->targets[2 * level] = saved_t;
        *drawn = 1;
    }
    return e;
}

void lgl_draw_rasterized(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                         double divisor, int level, int which) {
    int drawn;
    lgl_raster_t *e = lgl_raster_update(f, recs, count, level, recs[0].rasterization_scale, 0, &drawn);
    if (!e) {
        draw_uncached(f, recs, count, divisor, level, which);
        return;
    }
    lgl_bind_level(f, level, which);
    composite(f, &recs[0], e, recs[0].opacity / divisor);
}
