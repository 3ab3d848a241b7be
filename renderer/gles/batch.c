/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The batcher. Every primitive (a shadow, a background with or without its border, a border
 * drawn after the sublayers) is one instance of a unit quad: the record's local-to-root matrix
 * maps the quad, the fragment shader (box.frag, box_ext.frag, shadow.frag) computes coverage
 * from a rounded-rectangle distance in the layer's own plane (so antialiasing and corners are
 * exact under any 2D or 3D transform) and blends premultiplied colour over what is there.
 * Primitives go into one instance buffer in painter's order and are drawn with one instanced
 * call per run of the same program; order inside one call is kept by GL's primitive-order
 * guarantee, so batching never changes pixels. A pass with a program of its own calls
 * lgl_flush() first.
 */
#include "compositor.h"

#include <stdlib.h>
#include <string.h>

static float *push_instance(lgl_frame_t *f) {
    lamina_gles_renderer_t *r = f->r;
    if (r->inst_count == r->inst_cap) {
        size_t cap = r->inst_cap ? r->inst_cap * 2 : 256;
        float *p = realloc(r->inst, cap * INST_FLOATS * sizeof(float));
        if (!p) {
            f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for %zu primitives", cap);
            return NULL;
        }
        r->inst = p;
        r->inst_cap = cap;
    }
    return r->inst + INST_FLOATS * r->inst_count++;
}

/* Draws the primitives collected so far into the bound target: one instanced call. */
void lgl_flush(lgl_frame_t *f) {
    lamina_gles_renderer_t *r = f->r;
    lgl_text_flush(f); /* text layers' pending glyphs (text.c) draw first: painter's order */
    if (r->inst_count == 0) return;
    size_t bytes = r->inst_count * INST_FLOATS * sizeof(float);
    if (r->batch_kind == KIND_SHADOW) {
        glUseProgram(r->shadow);
        lgl_set_device_vp(f, r->shadow_u_vp);
        glUniform1f(r->shadow_u_scale, (float)f->scale);
    } else if (r->batch_kind == KIND_IMAGE) {
        glUseProgram(r->img_inst);
        lgl_set_device_vp(f, r->img_inst_u_vp);
        glUniform1f(r->img_inst_u_scale, (float)f->scale);
        glUniform1i(r->img_inst_u_tex, 0);
        glUniform1f(r->img_inst_u_bias, r->batch_bias);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, r->batch_tex);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, r->batch_min);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, r->batch_mag);
    } else if (r->batch_kind == KIND_IMAGE_RECT) {
        glUseProgram(r->img_rect);
        lgl_set_device_vp(f, r->img_rect_u_vp);
        glUniform1f(r->img_rect_u_scale, (float)f->scale);
        glUniform1i(r->img_rect_u_tex, 0);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, r->batch_tex);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, r->batch_min);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, r->batch_mag);
    } else if (r->batch_kind == KIND_SHADOW_TEX) {
        glUseProgram(r->shadow_tex_prog);
        lgl_set_device_vp(f, r->shadow_tex_u_vp);
        glUniform1f(r->shadow_tex_u_scale, (float)f->scale);
        glUniform1i(r->shadow_tex_u_tex, 0);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, r->batch_tex);
    } else if (r->batch_kind == KIND_CARD) {
        glUseProgram(r->card_prog);
        lgl_set_device_vp(f, r->card_u_vp);
        glUniform1f(r->card_u_scale, (float)f->scale);
        glUniform1i(r->card_u_tex, 0);
        glUniform2f(r->card_u_shadow_size, r->batch_shadow_size[0], r->batch_shadow_size[1]);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, r->batch_tex);
    } else if (r->batch_kind == KIND_CARD_ROUND) {
        glUseProgram(r->card_round_prog);
        lgl_set_device_vp(f, r->card_round_u_vp);
        glUniform1f(r->card_round_u_scale, (float)f->scale);
        glUniform1i(r->card_round_u_tex, 0);
        glUniform2f(r->card_round_u_shadow_size, r->batch_shadow_size[0], r->batch_shadow_size[1]);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, r->batch_tex);
    } else if (r->batch_kind == KIND_RECT) {
        glUseProgram(r->rect);
        lgl_set_device_vp(f, r->rect_u_vp);
        glUniform1f(r->rect_u_scale, (float)f->scale);
    } else if (r->batch_kind == KIND_SHAPE_EXT) {
        glUseProgram(r->prim_ext);
        lgl_set_device_vp(f, r->prim_ext_u_vp);
        glUniform1f(r->prim_ext_u_scale, (float)f->scale);
    } else {
        glUseProgram(r->prim);
        lgl_set_device_vp(f, r->prim_u_vp);
        glUniform1f(r->prim_u_scale, (float)f->scale);
    }
    if (r->batch_kind == KIND_RECT) {
        /* rect.vert's layout: m11, m22, m41, m42, the shape rect, the quad, the fill, the
         * antialiasing scales, the clip. In place, front to back (instance i's compact floats
         * end at or before its full ones start, but for i = 1: hence the copy). */
        for (size_t i = 0; i < r->inst_count; i++) {
            float in[INST_FLOATS], *out = r->inst + RECT_FLOATS * i;
            memcpy(in, r->inst + INST_FLOATS * i, sizeof in);
            out[0] = in[0], out[1] = in[5], out[2] = in[8], out[3] = in[9];
            memcpy(out + 4, in + 12, 12 * sizeof(float)); /* rect, quad, fill */
            memcpy(out + 16, in + 24, 4 * sizeof(float));  /* aa scales */
            memcpy(out + 20, in + 32, 4 * sizeof(float));  /* clip */
        }
        bytes = r->inst_count * RECT_FLOATS * sizeof(float);
        glBindVertexArray(r->rect_vao);
    } else {
        glBindVertexArray(r->vao);
    }
    glBindBuffer(GL_ARRAY_BUFFER, r->vbo);
    /* The buffer's storage is kept and refilled in place; it is made anew only to grow.
     * (New storage per flush, of the batch's size or orphaned at the largest, cost a fresh
     * allocation per flush: at 100,000 records llvmpipe's 9.6 MB, faulted in page by page,
     * every frame; issue 29. llvmpipe runs the vertex stage when the draw is issued, so a
     * refill never waits for an earlier pass; other drivers order it after the draws before.) */
    if (bytes > r->vbo_cap) {
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, r->inst, GL_STREAM_DRAW);
        r->vbo_cap = bytes;
    } else {
        glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)bytes, r->inst);
    }
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, (GLsizei)r->inst_count);
    r->stats.draw_calls++;
    r->stats.primitives += (uint32_t)r->inst_count;
    r->inst_count = 0;
}

/* Fills one instance with the record's matrix, the shape rect, the clip and a margin. */
float *lgl_instance_for(lgl_frame_t *f, const lamina_draw_record_t *rec, lamina_rect_t shape,
                        double margin, int kind) {
    if (f->r->batch_kind != kind) {
        lgl_flush(f); /* another program: a new batch, order kept */
        f->r->batch_kind = kind;
    }
    float *p = push_instance(f);
    if (!p) return NULL;
    const lamina_transform3d_t *m = &rec->transform;
    float v[INST_FLOATS] = {
        (float)m->m11, (float)m->m12, (float)m->m13, (float)m->m14,
        (float)m->m21, (float)m->m22, (float)m->m23, (float)m->m24,
        (float)m->m41, (float)m->m42, (float)m->m43, (float)m->m44,
        (float)shape.origin.x, (float)shape.origin.y, (float)shape.size.width, (float)shape.size.height,
        (float)(shape.origin.x - margin), (float)(shape.origin.y - margin),
        (float)(shape.size.width + 2 * margin), (float)(shape.size.height + 2 * margin),
    };
    memcpy(p, v, sizeof v);
    /* Clip (RS-5.4/5.5): the root-space box of the masking ancestors, in device pixels. */
    lgl_clip_box(f, rec, p + 32);
    return p;
}
