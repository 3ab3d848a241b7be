/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Offscreen passes: a subtree drawn into a target the viewport's size (two per nesting level,
 * MAX_PASS_DEPTH levels), then composited back through a layer's plane (composite.frag): group
 * opacity (RS-2.2), masks (RS-5.1-5.3, RS-5.6) and clips by a rounded or transformed shape
 * (RS-5.4-5.6).
 */
#include "compositor.h"

#include <stdlib.h>
#include <string.h>

lgl_target_t *lgl_get_target(lgl_frame_t *f, int index) {
    lgl_target_t *t = &f->r->targets[index];
    if (t->fbo && t->w == f->vp_w && t->h == f->vp_h) return t;
    if (!t->fbo) {
        glGenFramebuffers(1, &t->fbo);
        glGenTextures(1, &t->tex);
    }
    glBindTexture(GL_TEXTURE_2D, t->tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, f->vp_w, f->vp_h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t->tex, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        f->status = lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "offscreen target %dx%d incomplete",
                             f->vp_w, f->vp_h);
        return NULL;
    }
    t->w = f->vp_w;
    t->h = f->vp_h;
    return t;
}

/* Binds the framebuffer a pass at `level` draws into (level 0: the host's). */
void lgl_bind_level(lgl_frame_t *f, int level, int which) {
    f->at_host = level == 0;
    if (level == 0) {
        glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)f->host_fbo);
        glViewport(f->host_vp[0], f->host_vp[1], f->host_vp[2], f->host_vp[3]);
    } else {
        glBindFramebuffer(GL_FRAMEBUFFER, f->r->targets[2 * (level - 1) + which].fbo);
        glViewport(0, 0, f->vp_w, f->vp_h);
    }
    lgl_scissor_host(f, level == 0);
}

void lgl_draw_composite(lgl_frame_t *f, const lgl_composite_t *c) {
    lamina_gles_renderer_t *r = f->r;
    static const lamina_transform3d_t identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    const lamina_transform3d_t *m = c->m ? c->m : &identity;
    glUseProgram(r->comp);
    glBindVertexArray(r->vao); /* attributes unused by this program: divisors do not matter */
    glUniform4f(r->comp_u_r1, (float)m->m11, (float)m->m12, (float)m->m13, (float)m->m14);
    glUniform4f(r->comp_u_r2, (float)m->m21, (float)m->m22, (float)m->m23, (float)m->m24);
    glUniform4f(r->comp_u_r4, (float)m->m41, (float)m->m42, (float)m->m43, (float)m->m44);
    glUniform4f(r->comp_u_quad, (float)c->quad.origin.x, (float)c->quad.origin.y,
                (float)c->quad.size.width, (float)c->quad.size.height);
    glUniform4f(r->comp_u_vp, 0.0f, 0.0f, (float)f->vp_w, (float)f->vp_h);
    glUniform1f(r->comp_u_scale, (float)f->scale);
    glUniform4f(r->comp_u_bounds, (float)c->bounds.origin.x, (float)c->bounds.origin.y,
                (float)c->bounds.size.width, (float)c->bounds.size.height);
    glUniform2f(r->comp_u_shift_old, c->shift_old[0], c->shift_old[1]);
    glUniform2f(r->comp_u_shift_new, c->shift_new[0], c->shift_new[1]);
    glUniform1i(r->comp_u_mode, c->mode);
    glUniform1i(r->comp_u_clip_bounds, c->clip_bounds);
    glUniform1f(r->comp_u_p, c->p);
    glUniform1f(r->comp_u_alpha, c->alpha);
    glUniform1f(r->comp_u_radius, c->radius);
    glUniform1f(r->comp_u_corner, c->corner);
    glUniform1i(r->comp_u_new, 0);
    glUniform1i(r->comp_u_old, 1);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, c->old_tex ? c->old_tex : c->new_tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, c->new_tex);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    f->r->stats.draw_calls++;
}

/* Renders recs[0..count) into the target of pass `level`+1 (cleared first). */
lgl_target_t *lgl_render_offscreen(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                                   double divisor, double top_parent, int level, int which) {
    lgl_target_t *t = lgl_get_target(f, 2 * level + which);
    if (!t) return NULL;
    lgl_bind_level(f, level + 1, which);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    f->r->stats.offscreen_passes++;
    lgl_draw_range(f, recs, count, divisor, top_parent, level + 1, which);
    lgl_flush(f);
    return t;
}

/* RS-2.2: the subtree drawn at full opacity offscreen, then blended once with its opacity. */
void lgl_draw_group(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                    double divisor, int level, int which) {
    lgl_flush(f);
    lgl_target_t *t = lgl_render_offscreen(f, recs, count, recs[0].opacity, recs[0].opacity, level, 0);
    lgl_bind_level(f, level, which);
    if (!t) return;
    lgl_composite_t c = {0};
    c.quad = (lamina_rect_t){{0, 0}, {f->vp_w / f->scale, f->vp_h / f->scale}};
    c.mode = 0;
    c.alpha = (float)(recs[0].opacity / divisor);
    c.new_tex = t->tex;
    lgl_draw_composite(f, &c);
}

/* RS-5.4/5.5: whether a masking layer's clip needs its exact shape (rounded, rotated or under
 * perspective); an axis-aligned square clip is the record's clip box, drawn in the batch. */
int lgl_needs_shape_clip(const lamina_draw_record_t *rec) {
    if (!(rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) || rec->descendant_count == 0) return 0;
    if (rec->corner_radius > 0) return 1;
    const lamina_transform3d_t *m = &rec->transform;
    if (m->m14 != 0 || m->m24 != 0) return 1;
    return !((m->m12 == 0 && m->m21 == 0) || (m->m11 == 0 && m->m22 == 0));
}

/* RS-5.6: the masking layer's sublayers rendered offscreen, then drawn through its rounded
 * bounds in its own plane (exact under any transform); its shadow and background go below, its
 * border above. Further masking ancestors still clip by their boxes inside the pass. */
void lgl_draw_shape_clipped(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                            double divisor, int level, int which) {
    const lamina_draw_record_t *rec = &recs[0];
    double alpha = rec->opacity / divisor;
    lgl_emit_shadow(f, rec, alpha, level, which);
    lgl_emit_background(f, rec, alpha, 0);
    lgl_emit_gradient(f, rec, alpha);
    lgl_emit_contents(f, rec, alpha);
    lgl_emit_shape(f, rec, alpha);
    lgl_flush(f);
    /* The sublayers' clip boxes include this layer's bounding box: the composite below clips
     * exactly, so that box must not cut the ramp first (lgl_clip_box). */
    int pushed = 0;
    if (f->n_relax < MAX_PASS_DEPTH) {
        double box[4] = {1e300, 1e300, -1e300, -1e300};
        const lamina_transform3d_t *m = &rec->transform;
        int ok = 1;
        for (int k = 0; k < 4 && ok; k++) {
            double x = rec->bounds.origin.x + ((k & 1) ? rec->bounds.size.width : 0);
            double y = rec->bounds.origin.y + ((k & 2) ? rec->bounds.size.height : 0);
            double W = x * m->m14 + y * m->m24 + m->m44;
            if (!(W > 1e-9)) ok = 0;
            double X = (x * m->m11 + y * m->m21 + m->m41) / W, Y = (x * m->m12 + y * m->m22 + m->m42) / W;
            box[0] = fmin(box[0], X);
            box[1] = fmin(box[1], Y);
            box[2] = fmax(box[2], X);
            box[3] = fmax(box[3], Y);
        }
        if (ok) {
            memcpy(f->relax[f->n_relax], box, sizeof box);
            double *keep = f->keep[f->n_relax];
            if (rec->flags & LAMINA_DRAW_HAS_CLIP) {
                keep[0] = rec->clip_rect.origin.x;
                keep[1] = rec->clip_rect.origin.y;
                keep[2] = rec->clip_rect.origin.x + rec->clip_rect.size.width;
                keep[3] = rec->clip_rect.origin.y + rec->clip_rect.size.height;
            } else {
                keep[0] = keep[1] = keep[2] = keep[3] = NAN;
            }
            f->n_relax++;
            pushed = 1;
        }
    }
    lgl_target_t *t = lgl_render_offscreen(f, recs + 1, count - 1, divisor, rec->opacity, level, 0);
    if (pushed) f->n_relax--;
    lgl_bind_level(f, level, which);
    if (t) {
        lgl_composite_t c = {0};
        c.m = &rec->transform;
        /* The quad holds the clip edge's whole ramp: its outer half lies outside the bounds
         * (cut there, the parent would show through as a fringe). */
        double margin = lgl_local_margin(&rec->transform, rec->bounds, f->scale);
        c.quad = (lamina_rect_t){{rec->bounds.origin.x - margin, rec->bounds.origin.y - margin},
                                 {rec->bounds.size.width + 2 * margin, rec->bounds.size.height + 2 * margin}};
        c.bounds = rec->bounds;
        c.mode = 4;
        c.alpha = 1.0f;
        c.radius = (float)rec->corner_radius;
        c.corner = lgl_corner_code(rec) + lgl_edge_code(rec);
        c.new_tex = t->tex;
        lgl_draw_composite(f, &c);
    }
    lgl_emit_border(f, rec, alpha);
}

/* RS-5.1-5.3, RS-5.6: the layer and its subtree offscreen (a group, at full strength), its mask
 * records into a second target in the same root space, then the group x the mask's alpha,
 * composited once with the layer's opacity. A mask that draws nothing hides the layer.
 * R16.9: the record's mask mode reads the mask's luminance instead, and/or one minus the value
 * (an inverted mask that draws nothing shows the whole layer). */
void lgl_draw_masked(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                     double divisor, int level, int which) {
    const lamina_draw_record_t *rec = &recs[0];
    int luma = (rec->flags2 & LAMINA_DRAW2_MASK_LUMINANCE) != 0;
    int inverted = (rec->flags2 & LAMINA_DRAW2_MASK_INVERTED) != 0;
    int empty = rec->mask_count == 0;
    if ((empty && !inverted) || rec->mask_index < 0 ||
        (size_t)rec->mask_index + rec->mask_count > f->base_count)
        return; /* RS-5.3: nothing shows */
    lgl_flush(f);
    lamina_draw_record_t *copy = malloc(count * sizeof *copy);
    if (!copy) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a mask");
        return;
    }
    memcpy(copy, recs, count * sizeof *copy);
    copy[0].flags2 &= ~(uint32_t)(LAMINA_DRAW2_HAS_MASK | LAMINA_DRAW2_GROUP);
    lgl_target_t *tc = lgl_render_offscreen(f, copy, count, rec->opacity, rec->opacity, level, 0);
    free(copy);
    lgl_target_t *tm = NULL;
    if (!empty) {
        const lamina_draw_record_t *mrecs = f->base + rec->mask_index;
        int32_t saved = f->mask_host;
        f->mask_host = mrecs[0].mask_host_index;
        tm = tc ? lgl_render_offscreen(f, mrecs, rec->mask_count, 1.0, 1.0, level, 1) : NULL;
        f->mask_host = saved;
    }
    lgl_bind_level(f, level, which);
    if (!tc || (!tm && !empty)) return;
    lgl_composite_t c = {0};
    c.quad = (lamina_rect_t){{0, 0}, {f->vp_w / f->scale, f->vp_h / f->scale}};
    /* composite.frag: 5 alpha, 6 alpha inverted, 7 luminance, 8 luminance inverted; an empty
     * inverted mask gates nothing (mode 0). */
    c.mode = empty ? 0 : 5 + (luma ? 2 : 0) + (inverted ? 1 : 0);
    c.alpha = (float)(rec->opacity / divisor);
    c.new_tex = tc->tex;
    c.old_tex = tm ? tm->tex : tc->tex;
    lgl_draw_composite(f, &c);
}
