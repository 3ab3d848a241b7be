/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The frame planner: checks the draw list, sets the frame up and walks the records in painter's
 * order. For each record plan_record() picks a route from the record alone: a transition, a
 * mask, an opacity group or a shaped clip takes the whole subtree offscreen (transition.c,
 * offscreen.c); otherwise the record draws in place (its shadow, background, gradient,
 * contents and shape, in that order) and its border once its sublayers are drawn (RS-1.1).
 */
#include "compositor.h"

#include <stdlib.h>
#include <string.h>

/* RS-6.7: whether a single-sided layer shows its back (the projected quad winds the other way
 * on a y-down screen). Points behind the eye make the test unreliable: those layers are kept. */
static int faces_away(const lamina_draw_record_t *rec) {
    if (rec->flags & LAMINA_DRAW_DOUBLE_SIDED) return 0;
    const lamina_transform3d_t *m = &rec->transform;
    const lamina_rect_t b = rec->bounds;
    double xs[3] = {b.origin.x, b.origin.x + b.size.width, b.origin.x};
    double ys[3] = {b.origin.y, b.origin.y, b.origin.y + b.size.height};
    double px[3], py[3];
    for (int i = 0; i < 3; i++) {
        double X = xs[i] * m->m11 + ys[i] * m->m21 + m->m41;
        double Y = xs[i] * m->m12 + ys[i] * m->m22 + m->m42;
        double W = xs[i] * m->m14 + ys[i] * m->m24 + m->m44;
        if (!(W > 1e-9)) return 0;
        px[i] = X / W;
        py[i] = Y / W;
    }
    double cross = (px[1] - px[0]) * (py[2] - py[0]) - (py[1] - py[0]) * (px[2] - px[0]);
    if (b.size.width < 0 || b.size.height < 0) cross = -cross;
    return cross < 0;
}

/* How one record (with its subtree) draws: the planner's decision, made from the record alone,
 * its superlayer's opacity and the nesting level (offscreen passes nest MAX_PASS_DEPTH deep;
 * deeper, a record draws in place without the pass). */
typedef enum lgl_route {
    ROUTE_SKIP,       /* mask content outside its host's mask pass (RS-5.1): not drawn here */
    ROUTE_CULLED,     /* a single-sided layer showing its back (RS-6.7) */
    ROUTE_FILTERED,   /* filters, background filters or a blend mode (issue 32; filter.c) */
    ROUTE_TRANSITION, /* offscreen before and after, composited (RS-7; transition.c) */
    ROUTE_MASKED,     /* offscreen, gated by its mask (RS-5.1-5.3; offscreen.c) */
    ROUTE_RASTER,     /* shouldRasterize: its cached texture, redrawn on change (RS-11.3; raster.c) */
    ROUTE_GROUP,      /* offscreen at full opacity, blended once (RS-2.2; offscreen.c) */
    ROUTE_SHAPE_CLIP, /* sublayers offscreen through its rounded bounds (RS-5.6; offscreen.c) */
    ROUTE_IN_PLACE,   /* its features drawn here, its sublayers after them */
} lgl_route_t;

static lgl_route_t plan_record(const lgl_frame_t *f, const lamina_draw_record_t *rec,
                               double parent_opacity, int level) {
    int v2 = rec->struct_size >= offsetof(lamina_draw_record_t, group_opacity);
    /* Mask content draws only into its host's mask (RS-5.1). */
    if (v2 && (rec->flags2 & LAMINA_DRAW2_MASK_CONTENT) && rec->mask_host_index != f->mask_host)
        return ROUTE_SKIP;
    if (faces_away(rec)) return ROUTE_CULLED;
    int can_nest = level < MAX_PASS_DEPTH;
    if (can_nest && lgl_rec_filters(rec) && rec->layer != f->unfiltered) return ROUTE_FILTERED;
    if ((rec->flags & LAMINA_DRAW_HAS_TRANSITION) && can_nest) return ROUTE_TRANSITION;
    if (v2 && (rec->flags2 & LAMINA_DRAW2_HAS_MASK) && can_nest) return ROUTE_MASKED;
    /* RS-11.3: a rasterized layer (the record says so since 0.2; its scale is in the record). */
    if (v2 && (rec->flags2 & LAMINA_DRAW2_RASTERIZE) && can_nest &&
        rec->struct_size >= offsetof(lamina_draw_record_t, rasterization_scale) + sizeof(double))
        return ROUTE_RASTER;
    /* RS-2.2: the record says where a group is (allowsGroupOpacity per layer); a 0.1 record
     * gets the old rule. The frame's NO_GROUP_OPACITY still turns opacity groups off. */
    int group = v2 ? (rec->flags2 & LAMINA_DRAW2_GROUP) != 0
                   : rec->descendant_count > 0 && rec->opacity < parent_opacity * 0.9999;
    if (f->group_opacity && group && rec->descendant_count > 0 &&
        rec->opacity < parent_opacity * 0.9999 && can_nest)
        return ROUTE_GROUP;
    if (lgl_needs_shape_clip(rec) && can_nest) return ROUTE_SHAPE_CLIP;
    return ROUTE_IN_PLACE;
}

/* A record's own features, in place (recs[0..count) is its subtree): its shadow, background,
 * gradient, contents and shape in that order. Returns whether its border is still to draw
 * (after its sublayers); a leaf without contents draws it with its background (one primitive). */
static int draw_in_place(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                         double alpha, int level, int which) {
    const lamina_draw_record_t *rec = &recs[0];
    int leaf_plain = rec->descendant_count == 0 && !lgl_has_contents(rec) && !lgl_rec_shape(rec) &&
                     !lgl_rec_gradient(rec);
    int card = 0; /* issue 29: its shadow and background (and a leaf's border) as one instance */
    if (lgl_casts_alpha_shadow(recs, count))
        lgl_emit_alpha_shadow(f, rec, count, alpha, level, which);
    else if (!(card = lgl_emit_card(f, rec, alpha, level, which, leaf_plain)))
        lgl_emit_shadow(f, rec, alpha, level, which);
    if (!card) lgl_emit_background(f, rec, alpha, leaf_plain);
    lgl_emit_gradient(f, rec, alpha); /* RS-9.2: over the background, under the contents */
    lgl_emit_contents(f, rec, alpha);
    lgl_emit_shape(f, rec, alpha);    /* RS-8.2: between the contents and the first sublayer */
    lgl_emit_text(f, rec, alpha);     /* R15.5: a text layer's glyphs, above its shape */
    return !leaf_plain;
}

/* Partial redraw (issue 29): whether a plain leaf drawn in place into the host's framebuffer
 * lies wholly outside the frame's redraw region, so that skipping it changes no pixel there: a
 * layer without sublayers, contents, shape, gradient, text or shadow, under a 2D affine map,
 * draws only inside its bounds (the border is inset) plus an antialiasing ramp of under 2
 * pixels. Everything else is drawn (and scissored). */
static int outside_region(const lgl_frame_t *f, const lamina_draw_record_t *rec) {
    const lamina_transform3d_t *m = &rec->transform;
    if (rec->descendant_count != 0 || rec->shadow_opacity > 0 || lgl_has_contents(rec) ||
        !lgl_has_kind_fields(rec) || rec->layer_kind != LAMINA_LAYER_KIND_PLAIN || lgl_rec_shape(rec) ||
        lgl_rec_gradient(rec) ||
        m->m14 != 0 || m->m24 != 0 || m->m44 != 1)
        return 0;
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (int k = 0; k < 4; k++) {
        double x = rec->bounds.origin.x + ((k & 1) ? rec->bounds.size.width : 0);
        double y = rec->bounds.origin.y + ((k & 2) ? rec->bounds.size.height : 0);
        double X = (x * m->m11 + y * m->m21 + m->m41) * f->scale, Y = (x * m->m12 + y * m->m22 + m->m42) * f->scale;
        x0 = fmin(x0, X), y0 = fmin(y0, Y), x1 = fmax(x1, X), y1 = fmax(y1, Y);
    }
    return x1 + 2 <= f->region[0] || x0 - 2 >= f->region[2] || y1 + 2 <= f->region[1] || y0 - 2 >= f->region[3];
}

/* Draws recs[0..count) (whole subtrees) in painter's order into the bound target. `divisor` is
 * the opacity already applied outside this pass (a group's own). */
void lgl_draw_range(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                    double divisor, double top_parent, int level, int which) {
    /* Pending borders: layers whose subtree is open, innermost last (RS-1.1: the border goes
     * over the sublayers). Bounded by the list's length, allocated once per range. */
    size_t *open = count > 1 ? malloc(count * sizeof *open) : NULL;
    size_t n_open = 0;
    if (count > 1 && !open) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
        return;
    }
    size_t i = 0;
    while (i < count && f->status == LAMINA_STATUS_OK) {
        while (n_open > 0 && open[n_open - 1] + recs[open[n_open - 1]].descendant_count < i) {
            const lamina_draw_record_t *o = &recs[open[--n_open]];
            lgl_emit_border(f, o, o->opacity / divisor);
        }
        const lamina_draw_record_t *rec = &recs[i];
        size_t end = i + 1 + rec->descendant_count;
        /* Own opacity: this record's over its superlayer's (the list carries the product). */
        double parent_opacity = n_open > 0 ? recs[open[n_open - 1]].opacity : top_parent;
        lgl_route_t route = plan_record(f, rec, parent_opacity, level);
        if (route != ROUTE_SKIP) f->r->stats.records++;
        switch (route) {
        case ROUTE_SKIP: break;
        case ROUTE_CULLED: f->r->stats.culled++; break;
        case ROUTE_FILTERED:
            lgl_draw_filtered(f, rec, end - i, divisor, parent_opacity, level, which);
            break;
        case ROUTE_TRANSITION:
            lgl_draw_transition(f, rec, end - i, divisor, parent_opacity, level, which);
            break;
        case ROUTE_MASKED: lgl_draw_masked(f, rec, end - i, divisor, level, which); break;
        case ROUTE_RASTER: lgl_draw_rasterized(f, rec, end - i, divisor, level, which); break;
        case ROUTE_GROUP: lgl_draw_group(f, rec, end - i, divisor, level, which); break;
        case ROUTE_SHAPE_CLIP: lgl_draw_shape_clipped(f, rec, end - i, divisor, level, which); break;
        case ROUTE_IN_PLACE: {
            if (f->partial && level == 0 && outside_region(f, rec)) {
                i++; /* a leaf: nothing of it reaches the region */
                continue;
            }
            double alpha = rec->opacity / divisor;
            int border_after = draw_in_place(f, rec, end - i, alpha, level, which);
            if (rec->descendant_count > 0) open[n_open++] = i;
            else if (border_after) lgl_emit_border(f, rec, alpha);
            i++; /* its sublayers next */
            continue;
        }
        }
        i = end; /* the subtree was drawn (or skipped) as a whole */
    }
    while (n_open > 0) {
        const lamina_draw_record_t *o = &recs[open[--n_open]];
        lgl_emit_border(f, o, o->opacity / divisor);
    }
    free(open);
}

/* Checks that the list nests: every subtree ends inside its parent's and the list. With `r`,
 * its stack is the renderer's, kept between frames (issue 29: at 100,000 records a fresh one
 * per frame cost more than the check), and *has_text says whether any record is a text layer
 * (this pass reads every record anyway; without one lgl_text_prepare's pass is skipped). */
static lamina_status_t check_list_into(lamina_gles_renderer_t *r, const lamina_draw_record_t *recs,
                                       size_t count, int *has_text) {
    size_t *ends;
    if (r) {
        if (r->check_cap < (count ? count : 1)) {
            size_t *p = realloc(r->check_scratch, (count ? count : 1) * sizeof *p);
            if (!p) return lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
            r->check_scratch = p;
            r->check_cap = count ? count : 1;
        }
        ends = r->check_scratch;
    } else {
        ends = malloc((count ? count : 1) * sizeof *ends);
        if (!ends) return lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
    }
    size_t n = 0;
    int text = 0;
    for (size_t i = 0; i < count; i++) {
        text |= lgl_has_kind_fields(&recs[i]) && recs[i].layer_kind == LAMINA_LAYER_KIND_TEXT;
        while (n > 0 && ends[n - 1] <= i) n--;
        size_t end = i + 1 + (size_t)recs[i].descendant_count;
        if (end > count || (n > 0 && end > ends[n - 1])) {
            if (!r) free(ends);
            return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT,
                            "malformed draw list: record %zu's subtree runs past its parent's", i);
        }
        int is_mask = recs[i].struct_size >= offsetof(lamina_draw_record_t, mask_host_index) &&
                      (recs[i].flags2 & LAMINA_DRAW2_MASK_CONTENT);
        if (recs[i].struct_size >= offsetof(lamina_draw_record_t, mask_host_index) &&
            (recs[i].flags2 & LAMINA_DRAW2_HAS_MASK) &&
            (recs[i].mask_index < 0 ? recs[i].mask_count != 0
                                    : (size_t)recs[i].mask_index + recs[i].mask_count > count ||
                                          (size_t)recs[i].mask_index <= i)) {
            if (!r) free(ends);
            return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT,
                            "malformed draw list: record %zu's mask range is outside the list", i);
        }
        /* A mask subtree sits one level below its host, after the host's own subtree. */
        if (i > 0 && !is_mask && recs[i].depth != recs[0].depth + (uint32_t)n) {
            if (!r) free(ends);
            return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT,
                            "malformed draw list: record %zu has depth %u, expected %zu", i,
                            recs[i].depth, (size_t)recs[0].depth + n);
        }
        ends[n++] = end;
    }
    if (!r) free(ends);
    if (has_text) *has_text = text;
    return LAMINA_STATUS_OK;
}

static lamina_status_t check_list(const lamina_draw_record_t *recs, size_t count) {
    return check_list_into(NULL, recs, count, NULL);
}

/* Whether the list's first record is an opaque background that covers the whole viewport and
 * nothing else of the record is drawn beneath it (issue 29): drawn in place at full opacity, no
 * shadow, no border, no corner radius, no clip, under a map that only scales and translates its
 * bounds over every pixel. Its pixels are then the background colour whatever was there, so
 * glClear with that colour draws them (llvmpipe clears far faster than it shades and blends). */
static int opaque_root(const lgl_frame_t *f, const lamina_draw_record_t *rec, float out[4]) {
    const lamina_transform3d_t *m = &rec->transform;
    int v2 = rec->struct_size >= offsetof(lamina_draw_record_t, group_opacity);
    if (!(rec->flags & LAMINA_DRAW_HAS_BACKGROUND) || rec->opacity != 1 ||
        (rec->flags & (LAMINA_DRAW_HAS_TRANSITION | LAMINA_DRAW_HAS_CLIP)) ||
        (v2 && (rec->flags2 & (LAMINA_DRAW2_HAS_MASK | LAMINA_DRAW2_RASTERIZE | LAMINA_DRAW2_MASK_CONTENT))) ||
        rec->shadow_opacity > 0 || rec->corner_radius > 0 ||
        ((rec->flags & LAMINA_DRAW_HAS_BORDER_COLOR) && rec->border_width > 0 && rec->border_color.a > 0))
        return 0;
    if (m->m12 != 0 || m->m21 != 0 || m->m14 != 0 || m->m24 != 0 || m->m44 != 1) return 0;
    lamina_color_t c = lgl_tinted(rec->background_color, rec);
    if (!(c.a >= 1)) return 0;
    double x0 = rec->bounds.origin.x * m->m11 + m->m41, x1 = x0 + rec->bounds.size.width * m->m11;
    double y0 = rec->bounds.origin.y * m->m22 + m->m42, y1 = y0 + rec->bounds.size.height * m->m22;
    if (fmin(x0, x1) * f->scale > 0 || fmax(x0, x1) * f->scale < f->vp_w ||
        fmin(y0, y1) * f->scale > 0 || fmax(y0, y1) * f->scale < f->vp_h)
        return 0;
    lgl_premultiplied(c, 1.0, out);
    return 1;
}

lamina_status_t lgl_draw(lamina_gles_renderer_t *r, lamina_engine_t *engine,
                         const lamina_draw_record_t *records, size_t count, double time,
                         const lamina_gles_frame_t *frame, int known_age) {
    if (!r || !engine || !frame)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "NULL renderer, engine or frame");
    if (frame->struct_size < sizeof(uint32_t) * 2 + sizeof(double))
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "frame->struct_size is too small");
    if (!(frame->scale > 0) || !isfinite(frame->scale) || !isfinite(time))
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "scale must be finite and > 0, time finite");
    if (count > 0 && !records)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "records is NULL with count %zu", count);
    int has_text = 0;
    if (count > 0) {
        lamina_bool_t has = 0;
        lamina_status_t s = lamina_layer_has_presentation(engine, records[0].layer, &has);
        if (s != LAMINA_STATUS_OK)
            return lgl_fail(s, "the draw list's root is not a layer of this engine (%s)",
                            lamina_status_string(s));
        s = check_list_into(r, records, count, &has_text);
        if (s != LAMINA_STATUS_OK) return s;
    }
    while (glGetError() != GL_NO_ERROR) {
    }
    lgl_frame_t f = {0};
    f.r = r;
    f.engine = engine;
    f.time = time;
    f.scale = frame->scale;
    f.group_opacity = !(frame->flags & LAMINA_GLES_FRAME_NO_GROUP_OPACITY);
    f.text_tiles = !(frame->flags & LAMINA_GLES_FRAME_NO_TEXT_TILES);
    glGetIntegerv(GL_VIEWPORT, f.host_vp);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &f.host_fbo);
    f.vp_w = f.host_vp[2];
    f.base = records;
    f.base_count = count;
    f.mask_host = -1;
    f.unfiltered = LAMINA_LAYER_NONE;
    f.vp_h = f.host_vp[3];
    f.at_host = 1;
    memset(&r->stats, 0, sizeof r->stats);
    r->stats.struct_size = sizeof r->stats;
    r->frame_no++;
    r->inst_count = 0;
    if (f.vp_w <= 0 || f.vp_h <= 0)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "the viewport is empty (%dx%d)", f.vp_w, f.vp_h);
    /* Partial redraw (issue 29): an empty region draws nothing, and the frame ends here. */
    if (!lgl_partial_begin(&f, frame, records, count, known_age)) {
        r->frame_no--; /* an idle frame ages no cache */
        return f.status;
    }

    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    /* R15.8: new text tiles, before any pass draws (none without a text layer: an empty list
     * only forgets last frame's keys). */
    lgl_text_prepare(&f, records, has_text ? count : 0);
    lgl_scissor_host(&f, 1); /* a partial frame clears its region only */
    if (frame->flags & LAMINA_GLES_FRAME_CLEAR) {
        lamina_color_t c = frame->clear_color;
        glClearColor((float)(c.r * c.a), (float)(c.g * c.a), (float)(c.b * c.a), (float)c.a);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    float root_color[4];
    if (count > 0 && opaque_root(&f, &records[0], root_color)) {
        /* The viewport only: the host may draw elsewhere in its framebuffer. */
        glEnable(GL_SCISSOR_TEST);
        if (f.partial) /* a partial frame's region, inside the viewport */
            glScissor(f.redraw[0], f.redraw[1], f.redraw[2], f.redraw[3]);
        else
            glScissor(f.host_vp[0], f.host_vp[1], f.host_vp[2], f.host_vp[3]);
        glClearColor(root_color[0], root_color[1], root_color[2], root_color[3]);
        glClear(GL_COLOR_BUFFER_BIT);
        f.cleared = &records[0];
    }
    lgl_scissor_host(&f, 1);
    if (count > 0) {
        lgl_draw_range(&f, records, count, 1.0, 1.0, 0, 0);
        lgl_flush(&f);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)f.host_fbo);
    glViewport(f.host_vp[0], f.host_vp[1], f.host_vp[2], f.host_vp[3]);
    glDisable(GL_SCISSOR_TEST);
    glBindVertexArray(0);
    r->inst_count = 0;
    lgl_evict_textures(r);
    lgl_evict_shadow_texs(r, 0);
    lgl_evict_rasters(r, 0, 1);
    r->stats.textures_cached = (uint32_t)r->tex_count;
    glActiveTexture(GL_TEXTURE0);
    if (f.status != LAMINA_STATUS_OK) return f.status;
    GLenum err = glGetError();
    if (err != GL_NO_ERROR)
        return lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "GL error 0x%04x while drawing%s", err,
                        err == 0x0507 ? " (context lost)" : "");
    return LAMINA_STATUS_OK;
}

/* A transition's old subtree (transition.c) is checked like the list it stands in for. */
lamina_status_t lgl_check_subtree(const lamina_draw_record_t *recs, size_t count) {
    return check_list(recs, count);
}
