/* SPDX-License-Identifier: Apache-2.0 */
/*
 * liblamina-gles: the draw list drawn with OpenGL ES 3.0 (R14; docs/semantics.md, Part II).
 *
 * Every primitive (a shadow, a background with or without its border, a border drawn after the
 * sublayers) is one instance of a unit quad: the record's local-to-root matrix maps the quad,
 * the fragment shader computes coverage from a rounded-rectangle distance in the layer's own
 * plane (so antialiasing and corners are exact under any 2D or 3D transform) and blends
 * premultiplied colour over what is there. Primitives go into one instance buffer in painter's
 * order and are drawn with one instanced call per pass; order inside one call is kept by GL's
 * primitive-order guarantee, so batching never changes pixels.
 *
 * One function per record feature: shadow (bounds-shaped, shadowPath, alpha-derived),
 * background, gradient (RS-9), contents, shape (RS-8), border, clip, group opacity, mask,
 * transition. Contents, gradients, shapes, shadowPaths, masks and transitions use programs of
 * their own (a draw call each, ending the batch); every colour a record draws is multiplied by
 * its instance colour (RS-13). docs/renderer.md lists what each costs and what is not drawn yet.
 */
#include "compositor.h"

#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* Errors                                                                                      */
/* ------------------------------------------------------------------------------------------ */

static _Thread_local char lgl_message[512];

lamina_status_t lgl_fail(lamina_status_t status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lgl_message, sizeof lgl_message, fmt, ap);
    va_end(ap);
    return status;
}

const char *lamina_gles_last_error_message(void) { return lgl_message; }

const char *lamina_gles_status_string(lamina_status_t status) {
    switch (status) {
    case LAMINA_GLES_STATUS_NO_CONTEXT: return "LAMINA_GLES_STATUS_NO_CONTEXT";
    case LAMINA_GLES_STATUS_GL_ERROR: return "LAMINA_GLES_STATUS_GL_ERROR";
    case LAMINA_GLES_STATUS_UNAVAILABLE: return "LAMINA_GLES_STATUS_UNAVAILABLE";
    default: return lamina_status_string(status);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The renderer                                                                                */
/* ------------------------------------------------------------------------------------------ */

lamina_status_t lamina_gles_renderer_create(lamina_gles_renderer_t **out_renderer) {
    if (!out_renderer) return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_renderer is NULL");
    const char *version = (const char *)glGetString(GL_VERSION);
    if (!version)
        return lgl_fail(LAMINA_GLES_STATUS_NO_CONTEXT,
                        "no GL context is current on this thread (glGetString(GL_VERSION) is NULL)");
    lamina_gles_renderer_t *r = calloc(1, sizeof *r);
    if (!r) return lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
    r->context = eglGetCurrentContext();
    r->is_es = strncmp(version, "OpenGL ES", 9) == 0;
    if (r->is_es) {
        int major = 0;
        if (sscanf(version, "OpenGL ES %d", &major) != 1 || major < 3) {
            free(r);
            return lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "OpenGL ES 3.0 is needed, got \"%s\"", version);
        }
    }
    while (glGetError() != GL_NO_ERROR) {
    }
    if (!lgl_create_programs(r)) {
        lgl_delete_gl(r);
        free(r);
        return LAMINA_GLES_STATUS_GL_ERROR; /* message set by lgl_create_programs */
    }
    glGenVertexArrays(1, &r->vao);
    glGenBuffers(1, &r->vbo);
    glBindVertexArray(r->vao);
    glBindBuffer(GL_ARRAY_BUFFER, r->vbo);
    for (GLuint i = 0; i < INST_FLOATS / 4; i++) {
        glEnableVertexAttribArray(i);
        glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, INST_FLOATS * sizeof(float),
                              (const void *)(uintptr_t)(i * 4 * sizeof(float)));
        glVertexAttribDivisor(i, 1);
    }
    glBindVertexArray(0);
    GLenum err = glGetError();
    if (err != GL_NO_ERROR) {
        lgl_delete_gl(r);
        free(r);
        return lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "GL error 0x%04x while creating the renderer", err);
    }
    *out_renderer = r;
    return LAMINA_STATUS_OK;
}

void lamina_gles_renderer_destroy(lamina_gles_renderer_t *r) {
    if (!r) return;
    /* Delete GL objects only in the renderer's own context; otherwise they went with it. */
    if (glGetString(GL_VERSION) && (r->context == EGL_NO_CONTEXT || eglGetCurrentContext() == r->context))
        lgl_delete_gl(r);
    free(r->inst);
    free(r->texs);
    free(r->segs);
    free(r->stops);
    lgl_geom_free(&r->geom);
    free(r);
}

lamina_status_t lamina_gles_renderer_get_stats(const lamina_gles_renderer_t *r,
                                               lamina_gles_stats_t *out) {
    if (!r || !out) return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "NULL renderer or out_stats");
    if (out->struct_size < 2 * sizeof(uint32_t))
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_stats->struct_size is too small");
    size_t n = out->struct_size < sizeof *out ? out->struct_size : sizeof *out;
    uint32_t size = out->struct_size;
    memcpy(out, &r->stats, n);
    out->struct_size = size;
    return LAMINA_STATUS_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Instances                                                                                   */
/* ------------------------------------------------------------------------------------------ */

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

/* ------------------------------------------------------------------------------------------ */
/* Offscreen passes: group opacity (RS-2.2) and transitions (RS-7)                            */
/* ------------------------------------------------------------------------------------------ */

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

/* RS-7.3: the old and new renders of the layer's subtree, composited by type and subtype. */
void lgl_draw_transition(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                            double divisor, double parent_opacity, int level, int which) {
    lgl_flush(f);
    lamina_draw_record_t *copy = malloc(count * sizeof *copy);
    if (!copy) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a transition");
        return;
    }
    memcpy(copy, recs, count * sizeof *copy);
    copy[0].flags &= ~(uint32_t)LAMINA_DRAW_HAS_TRANSITION;
    /* The engine gives every transitioning record its before-record (docs/draw-records.md). */
    const lamina_draw_record_t *before = recs[0].transition_before;
    if (before) {
        /* The whole-layer composite does the fade: the new render shows only the new contents
         * (docs/draw-records.md section 10). */
        copy[0].contents_previous = LAMINA_IMAGE_NONE;
        copy[0].contents_fade = 1;
    }
    lgl_target_t *tn = lgl_render_offscreen(f, copy, count, divisor, parent_opacity, level, 0);
    if (before) {
        /* CA-10.2: the record of the layer's whole appearance before the transition (colours,
         * corners, contents, shadow, ...); its place in the list stays the record's. */
        uint32_t descendants = copy[0].descendant_count, depth = copy[0].depth;
        copy[0] = *before;
        copy[0].descendant_count = descendants;
        copy[0].depth = depth;
        copy[0].flags &= ~(uint32_t)LAMINA_DRAW_HAS_TRANSITION;
    }
    lgl_target_t *to = tn ? lgl_render_offscreen(f, copy, count, divisor, parent_opacity, level, 1) : NULL;
    free(copy);
    lgl_bind_level(f, level, which);
    if (!tn || !to) return;

    const lamina_draw_record_t *rec = &recs[0];
    double p = rec->transition_progress;
    if (!(p >= 0)) p = 0;
    if (p > 1) p = 1;
    double w = rec->bounds.size.width, h = rec->bounds.size.height;
    int type = rec->transition_type, sub = rec->transition_subtype;
    if (sub == LAMINA_TRANSITION_SUBTYPE_NONE) sub = LAMINA_TRANSITION_FROM_LEFT; /* RS-7.4(d) */
    /* Unit direction the new content enters from, in the layer's y-down plane. fromTop enters
     * from the visual top (minY in a flipped tree): Lamina's choice for RS-7.4(c). */
    double dx = 0, dy = 0;
    switch (sub) {
    case LAMINA_TRANSITION_FROM_RIGHT: dx = w; break;
    case LAMINA_TRANSITION_FROM_TOP: dy = -h; break;
    case LAMINA_TRANSITION_FROM_BOTTOM: dy = h; break;
    default: dx = -w; break;
    }
    lgl_composite_t c = {0};
    c.m = &rec->transform;
    c.bounds = rec->bounds;
    c.quad = rec->bounds;
    c.clip_bounds = (rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) != 0; /* RS-7.4(b) */
    c.alpha = 1.0f;
    c.p = (float)p;
    c.new_tex = tn->tex;
    c.old_tex = to->tex;
    switch (type) {
    case LAMINA_TRANSITION_MOVE_IN:
        c.mode = 2;
        c.shift_new[0] = (float)((1 - p) * dx);
        c.shift_new[1] = (float)((1 - p) * dy);
        break;
    case LAMINA_TRANSITION_PUSH:
        c.mode = 2;
        c.shift_new[0] = (float)((1 - p) * dx);
        c.shift_new[1] = (float)((1 - p) * dy);
        c.shift_old[0] = (float)(-p * dx);
        c.shift_old[1] = (float)(-p * dy);
        break;
    case LAMINA_TRANSITION_REVEAL:
        c.mode = 3;
        c.shift_old[0] = (float)(-p * dx);
        c.shift_old[1] = (float)(-p * dy);
        break;
    default:
        c.mode = 1; /* fade, RS-4.8 (a): premultiplied lerp */
        break;
    }
    if (!c.clip_bounds && type != LAMINA_TRANSITION_FADE) {
        /* The moving content may leave the bounds: cover where it can be. */
        c.quad.origin.x -= fabs(dx);
        c.quad.origin.y -= fabs(dy);
        c.quad.size.width += 2 * fabs(dx);
        c.quad.size.height += 2 * fabs(dy);
    }
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
    lgl_target_t *t = lgl_render_offscreen(f, recs + 1, count - 1, divisor, rec->opacity, level, 0);
    lgl_bind_level(f, level, which);
    if (t) {
        lgl_composite_t c = {0};
        c.m = &rec->transform;
        c.quad = rec->bounds;
        c.bounds = rec->bounds;
        c.mode = 4;
        c.alpha = 1.0f;
        c.radius = (float)rec->corner_radius;
        c.corner = lgl_corner_code(rec);
        c.new_tex = t->tex;
        lgl_draw_composite(f, &c);
    }
    lgl_emit_border(f, rec, alpha);
}

/* RS-5.1-5.3, RS-5.6: the layer and its subtree offscreen (a group, at full strength), its mask
 * records into a second target in the same root space, then the group x the mask's alpha,
 * composited once with the layer's opacity. A mask that draws nothing hides the layer. */
void lgl_draw_masked(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                        double divisor, int level, int which) {
    const lamina_draw_record_t *rec = &recs[0];
    if (rec->mask_count == 0 || rec->mask_index < 0 ||
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
    const lamina_draw_record_t *mrecs = f->base + rec->mask_index;
    int32_t saved = f->mask_host;
    f->mask_host = mrecs[0].mask_host_index;
    lgl_target_t *tm = tc ? lgl_render_offscreen(f, mrecs, rec->mask_count, 1.0, 1.0, level, 1) : NULL;
    f->mask_host = saved;
    lgl_bind_level(f, level, which);
    if (!tc || !tm) return;
    lgl_composite_t c = {0};
    c.quad = (lamina_rect_t){{0, 0}, {f->vp_w / f->scale, f->vp_h / f->scale}};
    c.mode = 5;
    c.alpha = (float)(rec->opacity / divisor);
    c.new_tex = tc->tex;
    c.old_tex = tm->tex;
    lgl_draw_composite(f, &c);
}

/* ------------------------------------------------------------------------------------------ */
/* The painter                                                                                 */
/* ------------------------------------------------------------------------------------------ */

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
        int v2 = rec->struct_size >= offsetof(lamina_draw_record_t, group_opacity);
        /* Mask content draws only into its host's mask (RS-5.1). */
        if (v2 && (rec->flags2 & LAMINA_DRAW2_MASK_CONTENT) && rec->mask_host_index != f->mask_host) {
            i = end;
            continue;
        }
        f->r->stats.records++;
        if (faces_away(rec)) {
            f->r->stats.culled++;
            i = end;
            continue;
        }
        /* Own opacity: this record's over its superlayer's (the list carries the product). */
        double parent_opacity = n_open > 0 ? recs[open[n_open - 1]].opacity : top_parent;
        if ((rec->flags & LAMINA_DRAW_HAS_TRANSITION) && level < MAX_PASS_DEPTH) {
            lgl_draw_transition(f, rec, end - i, divisor, parent_opacity, level, which);
            i = end;
            continue;
        }
        if (v2 && (rec->flags2 & LAMINA_DRAW2_HAS_MASK) && level < MAX_PASS_DEPTH) {
            lgl_draw_masked(f, rec, end - i, divisor, level, which);
            i = end;
            continue;
        }
        /* RS-2.2: the record says where a group is (allowsGroupOpacity per layer); a 0.1 record
         * gets the old rule. The frame's NO_GROUP_OPACITY still turns opacity groups off. */
        int group = v2 ? (rec->flags2 & LAMINA_DRAW2_GROUP) != 0
                       : rec->descendant_count > 0 && rec->opacity < parent_opacity * 0.9999;
        if (f->group_opacity && group && rec->descendant_count > 0 &&
            rec->opacity < parent_opacity * 0.9999 && level < MAX_PASS_DEPTH) {
            lgl_draw_group(f, rec, end - i, divisor, level, which);
            i = end;
            continue;
        }
        if (lgl_needs_shape_clip(rec) && level < MAX_PASS_DEPTH) {
            lgl_draw_shape_clipped(f, rec, end - i, divisor, level, which);
            i = end;
            continue;
        }
        double alpha = rec->opacity / divisor;
        /* A leaf without contents draws its border with its background (one primitive). */
        int leaf_plain = rec->descendant_count == 0 && !lgl_has_contents(rec) && !lgl_rec_shape(rec) &&
                         !lgl_rec_gradient(rec);
        if (lgl_casts_alpha_shadow(rec))
            lgl_emit_alpha_shadow(f, rec, end - i, alpha, level, which);
        else
            lgl_emit_shadow(f, rec, alpha, level, which);
        lgl_emit_background(f, rec, alpha, leaf_plain);
        lgl_emit_gradient(f, rec, alpha); /* RS-9.2: over the background, under the contents */
        lgl_emit_contents(f, rec, alpha);
        lgl_emit_shape(f, rec, alpha);    /* RS-8.2: between the contents and the first sublayer */
        if (rec->descendant_count > 0) open[n_open++] = i;
        else if (!leaf_plain) lgl_emit_border(f, rec, alpha);
        i++;
    }
    while (n_open > 0) {
        const lamina_draw_record_t *o = &recs[open[--n_open]];
        lgl_emit_border(f, o, o->opacity / divisor);
    }
    free(open);
}

/* Checks that the list nests: every subtree ends inside its parent's and the list. */
static lamina_status_t check_list(const lamina_draw_record_t *recs, size_t count) {
    size_t *ends = malloc((count ? count : 1) * sizeof *ends);
    size_t n = 0;
    if (!ends) return lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < count; i++) {
        while (n > 0 && ends[n - 1] <= i) n--;
        size_t end = i + 1 + (size_t)recs[i].descendant_count;
        if (end > count || (n > 0 && end > ends[n - 1])) {
            free(ends);
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
            free(ends);
            return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT,
                            "malformed draw list: record %zu's mask range is outside the list", i);
        }
        /* A mask subtree sits one level below its host, after the host's own subtree. */
        if (i > 0 && !is_mask && recs[i].depth != recs[0].depth + (uint32_t)n) {
            free(ends);
            return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT,
                            "malformed draw list: record %zu has depth %u, expected %zu", i,
                            recs[i].depth, (size_t)recs[0].depth + n);
        }
        ends[n++] = end;
    }
    free(ends);
    return LAMINA_STATUS_OK;
}

lamina_status_t lgl_draw(lamina_gles_renderer_t *r, lamina_engine_t *engine,
                         const lamina_draw_record_t *records, size_t count, double time,
                         const lamina_gles_frame_t *frame) {
    if (!r || !engine || !frame)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "NULL renderer, engine or frame");
    if (frame->struct_size < sizeof(uint32_t) * 2 + sizeof(double))
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "frame->struct_size is too small");
    if (!(frame->scale > 0) || !isfinite(frame->scale) || !isfinite(time))
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "scale must be finite and > 0, time finite");
    if (count > 0 && !records)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "records is NULL with count %zu", count);
    if (count > 0) {
        lamina_bool_t has = 0;
        lamina_status_t s = lamina_layer_has_presentation(engine, records[0].layer, &has);
        if (s != LAMINA_STATUS_OK)
            return lgl_fail(s, "the draw list's root is not a layer of this engine (%s)",
                            lamina_status_string(s));
        s = check_list(records, count);
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
    glGetIntegerv(GL_VIEWPORT, f.host_vp);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &f.host_fbo);
    f.vp_w = f.host_vp[2];
    f.base = records;
    f.base_count = count;
    f.mask_host = -1;
    f.vp_h = f.host_vp[3];
    f.at_host = 1;
    memset(&r->stats, 0, sizeof r->stats);
    r->stats.struct_size = sizeof r->stats;
    r->frame_no++;
    r->inst_count = 0;
    if (f.vp_w <= 0 || f.vp_h <= 0)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "the viewport is empty (%dx%d)", f.vp_w, f.vp_h);

    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    if (frame->flags & LAMINA_GLES_FRAME_CLEAR) {
        lamina_color_t c = frame->clear_color;
        glClearColor((float)(c.r * c.a), (float)(c.g * c.a), (float)(c.b * c.a), (float)c.a);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    if (count > 0) {
        lgl_draw_range(&f, records, count, 1.0, 1.0, 0, 0);
        lgl_flush(&f);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)f.host_fbo);
    glViewport(f.host_vp[0], f.host_vp[1], f.host_vp[2], f.host_vp[3]);
    glBindVertexArray(0);
    r->inst_count = 0;
    lgl_evict_textures(r);
    r->stats.textures_cached = (uint32_t)r->tex_count;
    glActiveTexture(GL_TEXTURE0);
    if (f.status != LAMINA_STATUS_OK) return f.status;
    GLenum err = glGetError();
    if (err != GL_NO_ERROR)
        return lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "GL error 0x%04x while drawing%s", err,
                        err == 0x0507 ? " (context lost)" : "");
    return LAMINA_STATUS_OK;
}

lamina_status_t lamina_gles_renderer_draw(lamina_gles_renderer_t *r, lamina_engine_t *engine,
                                          const lamina_draw_record_t *records, size_t count,
                                          double time, const lamina_gles_frame_t *frame) {
    if (!r) return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "renderer is NULL");
    if (!glGetString(GL_VERSION))
        return lgl_fail(LAMINA_GLES_STATUS_NO_CONTEXT, "no GL context is current on this thread");
    if (r->context != EGL_NO_CONTEXT && eglGetCurrentContext() != r->context)
        return lgl_fail(LAMINA_GLES_STATUS_NO_CONTEXT,
                        "the current GL context is not the one the renderer was created on");
    return lgl_draw(r, engine, records, count, time, frame);
}

lamina_status_t lamina_gles_renderer_render(lamina_gles_renderer_t *r, lamina_engine_t *engine,
                                            lamina_layer_t root, double time,
                                            const lamina_gles_frame_t *frame) {
    const lamina_draw_record_t *recs = NULL;
    size_t n = 0;
    if (!r || !engine || !frame)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "NULL renderer, engine or frame");
    lamina_status_t s = lamina_engine_draw_list(engine, root, time, &recs, &n);
    if (s != LAMINA_STATUS_OK)
        return lgl_fail(s, "lamina_engine_draw_list: %s", lamina_last_error_message());
    return lamina_gles_renderer_draw(r, engine, recs, n, time, frame);
}
