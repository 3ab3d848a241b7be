/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Text layers (R15.5; issue 26): the record's glyph runs drawn from a glyph atlas. FreeType
 * opens each face the run names (font_path, face_index), renders each glyph once per device
 * pixel size and quarter-pixel phase (unhinted, grey-scale antialiasing) into an R8 atlas
 * texture, uploading only glyphs not seen before; a record's glyphs are one instanced draw
 * (text.vert, text.frag: the program is this file's own). Glyph quads are in layer space, each
 * instance carrying its record's matrix and clip, so the glyphs of consecutive text records are
 * one instanced draw: they wait in `inst` until the next pass draws (lgl_flush calls
 * lgl_text_flush first), which keeps painter's order. Transforms, opacity, masks, clips and
 * group opacity apply as to any content.
 */
#include "compositor.h"
#include "lgl_shaders.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdlib.h>
#include <string.h>

enum { ATLAS_SIZE = 1024, PHASES = 4, INST = 28 };

typedef struct {
    uint64_t font_id;
    uint32_t glyph;
    uint32_t px64;   /* pixel size, 26.6 */
    uint8_t phase;   /* quarter pixels of horizontal phase */
    uint8_t used;
    int16_t left, top;         /* bitmap offset from the pen, device pixels (top: up) */
    uint16_t x, y, w, h;       /* atlas texels */
} glyph_slot;

typedef struct {
    uint64_t font_id;
    char *path;
    int index;
    FT_Face face;
} face_slot;

/* The text pass's state, hung on the renderer by the first text record (lgl_text_state). */
typedef struct lgl_text {
    GLuint prog, vao, vbo, atlas;
    GLint u_vp, u_scale, u_atlas, u_dvp;
    FT_Library ft;
    face_slot *faces;
    size_t face_count, face_cap;
    glyph_slot *slots;   /* open addressing */
    size_t slot_cap, slot_count;
    int pen_x, pen_y, row_h; /* the atlas's shelf packer */
    float *inst;             /* pending glyph instances (INST floats each) */
    size_t inst_cap, inst_count;
    size_t vbo_cap;
    uint64_t uploads;        /* glyphs uploaded so far (benchmarks and tests read it) */
    int broken;              /* the program or FreeType failed: text is not drawn */
} lgl_text_t;

/* The renderer's text state, made by its first text record. */
static lgl_text_t *state_for(lamina_gles_renderer_t *r, int create) {
    if (!r->text && create) r->text = calloc(1, sizeof(lgl_text_t));
    return r->text;
}

static int setup(lamina_gles_renderer_t *r, lgl_text_t *t) {
    t->prog = lgl_link_program(r, lgl_shader_text_vert, lgl_shader_text_frag);
    if (!t->prog) return 0;
    t->u_vp = glGetUniformLocation(t->prog, "u_vp");
    t->u_scale = glGetUniformLocation(t->prog, "u_scale");
    t->u_atlas = glGetUniformLocation(t->prog, "u_atlas");
    t->u_dvp = glGetUniformLocation(t->prog, "u_dvp");
    glGenVertexArrays(1, &t->vao);
    glGenBuffers(1, &t->vbo);
    glBindVertexArray(t->vao);
    glBindBuffer(GL_ARRAY_BUFFER, t->vbo);
    for (GLuint a = 0; a < INST / 4; a++) {
        glEnableVertexAttribArray(a);
        glVertexAttribPointer(a, 4, GL_FLOAT, GL_FALSE, INST * sizeof(float), (void *)(a * 4 * sizeof(float)));
        glVertexAttribDivisor(a, 1);
    }
    glBindVertexArray(0);
    glGenTextures(1, &t->atlas);
    glBindTexture(GL_TEXTURE_2D, t->atlas);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, ATLAS_SIZE, ATLAS_SIZE, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    /* Texel (0, 0) stays empty: glyphs with no pixels point there. */
    t->pen_x = 2;
    t->pen_y = 0;
    t->row_h = 2;
    if (FT_Init_FreeType(&t->ft)) { lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "FreeType did not start"); return 0; }
    return 1;
}

static FT_Face face_for(lgl_text_t *t, const lamina_text_glyph_run_t *run) {
    for (size_t i = 0; i < t->face_count; i++) {
        if (t->faces[i].font_id == run->font_id && t->faces[i].index == run->face_index &&
            strcmp(t->faces[i].path, run->font_path) == 0)
            return t->faces[i].face;
    }
    FT_Face face = NULL;
    if (FT_New_Face(t->ft, run->font_path, run->face_index, &face)) face = NULL;
    if (t->face_count == t->face_cap) {
        size_t cap = t->face_cap ? 2 * t->face_cap : 8;
        face_slot *p = realloc(t->faces, cap * sizeof *p);
        if (!p) { if (face) FT_Done_Face(face); return NULL; }
        t->faces = p;
        t->face_cap = cap;
    }
    /* A face that cannot be opened is remembered as NULL: its glyphs are skipped. */
    t->faces[t->face_count++] = (face_slot){run->font_id, strdup(run->font_path), run->face_index, face};
    return face;
}

/* Empties the atlas (it filled up): every glyph is rendered again when next drawn. */
static void reset_atlas(lgl_text_t *t) {
    memset(t->slots, 0, t->slot_cap * sizeof *t->slots);
    t->slot_count = 0;
    t->pen_x = 2;
    t->pen_y = 0;
    t->row_h = 2;
}

static glyph_slot *lookup(lgl_text_t *t, uint64_t font_id, uint32_t glyph, uint32_t px64, uint8_t phase) {
    if (t->slot_count * 2 >= t->slot_cap) {
        size_t cap = t->slot_cap ? 2 * t->slot_cap : 1024;
        glyph_slot *old = t->slots;
        size_t old_cap = t->slot_cap;
        glyph_slot *fresh = calloc(cap, sizeof *fresh);
        if (!fresh) return NULL;
        t->slots = fresh;
        t->slot_cap = cap;
        t->slot_count = 0;
        for (size_t i = 0; i < old_cap; i++) {
            if (!old[i].used) continue;
            glyph_slot *s = lookup(t, old[i].font_id, old[i].glyph, old[i].px64, old[i].phase);
            *s = old[i];
        }
        free(old);
    }
    uint64_t h = font_id * 0x9E3779B97F4A7C15ull ^ ((uint64_t)glyph << 20) ^ ((uint64_t)px64 << 3) ^ phase;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    size_t mask = t->slot_cap - 1, i = (size_t)(h >> 17) & mask;
    while (t->slots[i].used) {
        glyph_slot *s = &t->slots[i];
        if (s->font_id == font_id && s->glyph == glyph && s->px64 == px64 && s->phase == phase) return s;
        i = (i + 1) & mask;
    }
    glyph_slot *s = &t->slots[i];
    memset(s, 0, sizeof *s);
    s->used = 2; /* new: not rendered yet */
    s->font_id = font_id;
    s->glyph = glyph;
    s->px64 = px64;
    s->phase = phase;
    t->slot_count++;
    return s;
}

/* Renders a new glyph into the atlas; 0 when the atlas is full (the caller resets it). */
static int render_glyph(lgl_text_t *t, FT_Face face, glyph_slot *s, lamina_gles_stats_t *stats) {
    s->used = 1;
    if (!face) return 1;
    if (FT_Set_Char_Size(face, 0, (FT_F26Dot6)s->px64, 72, 72)) return 1;
    FT_Vector delta = {(FT_Pos)s->phase * 64 / PHASES, 0};
    FT_Set_Transform(face, NULL, &delta);
    if (FT_Load_Glyph(face, s->glyph, FT_LOAD_NO_HINTING | FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL)) return 1;
    FT_Bitmap *bm = &face->glyph->bitmap;
    s->left = (int16_t)face->glyph->bitmap_left;
    s->top = (int16_t)face->glyph->bitmap_top;
    s->w = (uint16_t)bm->width;
    s->h = (uint16_t)bm->rows;
    if (bm->width == 0 || bm->rows == 0) return 1;
    if (bm->width + 2 > ATLAS_SIZE || bm->rows + 2 > ATLAS_SIZE) { s->w = s->h = 0; return 1; }
    if (t->pen_x + (int)bm->width + 1 > ATLAS_SIZE) {
        t->pen_x = 0;
        t->pen_y += t->row_h + 1;
        t->row_h = 0;
    }
    if (t->pen_y + (int)bm->rows + 1 > ATLAS_SIZE) return 0;
    s->x = (uint16_t)t->pen_x;
    s->y = (uint16_t)t->pen_y;
    glBindTexture(GL_TEXTURE_2D, t->atlas);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    if (bm->pitch == (int)bm->width) {
        glTexSubImage2D(GL_TEXTURE_2D, 0, s->x, s->y, (GLsizei)bm->width, (GLsizei)bm->rows, GL_RED,
                        GL_UNSIGNED_BYTE, bm->buffer);
    } else {
        for (unsigned row = 0; row < bm->rows; row++)
            glTexSubImage2D(GL_TEXTURE_2D, 0, s->x, s->y + (GLint)row, (GLsizei)bm->width, 1, GL_RED,
                            GL_UNSIGNED_BYTE, bm->buffer + (ptrdiff_t)row * bm->pitch);
    }
    t->pen_x += (int)bm->width + 1;
    if ((int)bm->rows > t->row_h) t->row_h = (int)bm->rows;
    t->uploads++;
    stats->glyphs_uploaded++;
    return 1;
}

static const lamina_draw_text_t *rec_text(const lamina_draw_record_t *rec) {
    if (rec->struct_size < offsetof(lamina_draw_record_t, text) + sizeof(rec->text)) return NULL;
    return rec->layer_kind == LAMINA_LAYER_KIND_TEXT ? rec->text : NULL;
}

void lgl_emit_text(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha) {
    const lamina_draw_text_t *text = rec_text(rec);
    if (!text || text->run_count == 0 || !text->runs || !(alpha > 0)) return;
    lamina_gles_renderer_t *r = f->r;
    lgl_text_t *t = state_for(r, 1);
    if (!t || t->broken) return;
    if (!t->prog && !setup(r, t)) { t->broken = 1; return; }
    const lamina_transform3d_t *m = &rec->transform;
    /* Device pixels per layer unit: the glyphs are rendered at that scale (crisp under
     * contentsScale 2, zoom and the frame's scale), in the layer's plane. */
    double det = fabs(m->m11 * m->m22 - m->m12 * m->m21);
    double w = fabs(m->m44) > 1e-9 ? fabs(m->m44) : 1.0;
    double ppl = sqrt(det) / w * f->scale;
    if (!(ppl > 1e-6) || !isfinite(ppl)) return;
    size_t total = 0;
    for (size_t i = 0; i < text->run_count; i++) total += text->runs[i].glyph_count;
    if (total == 0) return;
    if ((t->inst_count + total) * INST > t->inst_cap) {
        size_t cap = 2 * (t->inst_count + total) * INST;
        float *p = realloc(t->inst, cap * sizeof(float));
        if (!p) { f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for %zu glyphs", total); return; }
        t->inst = p;
        t->inst_cap = cap;
    }
    lamina_color_t tint = lgl_instance_color(rec);
    /* The record's matrix rows and clip box (device pixels), the same for all its glyphs. */
    float rows[12] = {(float)m->m11, (float)m->m12, (float)m->m13, (float)m->m14,
                      (float)m->m21, (float)m->m22, (float)m->m23, (float)m->m24,
                      (float)m->m41, (float)m->m42, (float)m->m43, (float)m->m44};
    float clip[4] = {-1e9f, -1e9f, 1e9f, 1e9f};
    if (rec->flags & LAMINA_DRAW_HAS_CLIP) {
        clip[0] = (float)(rec->clip_rect.origin.x * f->scale);
        clip[1] = (float)(rec->clip_rect.origin.y * f->scale);
        clip[2] = (float)((rec->clip_rect.origin.x + rec->clip_rect.size.width) * f->scale);
        clip[3] = (float)((rec->clip_rect.origin.y + rec->clip_rect.size.height) * f->scale);
    }
    /* Other passes' pending quads (this record's background, ...) draw first (with the text
     * queued before them); with none pending, this record's glyphs join the queued ones. */
    if (r->inst_count > 0) lgl_flush(f);
    size_t base = t->inst_count, n = 0;
    for (int attempt = 0; attempt < 2; attempt++) {
        n = 0;
        int full = 0;
        for (size_t i = 0; i < text->run_count && !full; i++) {
            const lamina_text_glyph_run_t *run = &text->runs[i];
            if (!run->glyph_ids || !run->positions || !run->font_path || !(run->size > 0)) continue;
            FT_Face face = face_for(t, run);
            double px = run->size * ppl;
            if (!(px >= 0.5) || px > 2048) continue;
            uint32_t px64 = (uint32_t)lround(px * 64);
            lamina_color_t c = {run->color.r * tint.r, run->color.g * tint.g, run->color.b * tint.b,
                                run->color.a * tint.a};
            float col[4];
            lgl_premultiplied(c, alpha > 1 ? 1 : alpha, col);
            if (!(col[3] > 0)) continue;
            for (size_t g = 0; g < run->glyph_count; g++) {
                lamina_point_t p = run->positions[g];
                /* The pen's device x, for the phase; the glyph is rendered at the phase and placed
                 * at the pen's whole pixel (in layer units along the layer's x axis). */
                double dx = p.x * ppl;
                double whole = floor(dx);
                uint8_t phase = (uint8_t)((int)floor((dx - whole) * PHASES) % PHASES);
                glyph_slot *s = lookup(t, run->font_id, run->glyph_ids[g], px64, phase);
                if (!s) continue;
                if (s->used == 2 && !render_glyph(t, face, s, &r->stats)) { full = 1; break; }
                if (s->w == 0 || s->h == 0) continue;
                float *q = t->inst + INST * (base + n++);
                double x0 = whole + s->left, y0 = p.y * ppl - s->top;
                q[0] = (float)(x0 / ppl);
                q[1] = (float)(y0 / ppl);
                q[2] = (float)(s->w / ppl);
                q[3] = (float)(s->h / ppl);
                q[4] = (float)s->x / ATLAS_SIZE;
                q[5] = (float)s->y / ATLAS_SIZE;
                q[6] = (float)(s->x + s->w) / ATLAS_SIZE;
                q[7] = (float)(s->y + s->h) / ATLAS_SIZE;
                memcpy(q + 8, col, sizeof col);
                memcpy(q + 12, rows, sizeof rows);
                memcpy(q + 24, clip, sizeof clip);
            }
        }
        if (!full) break;
        /* Full: draw what is pending (it samples the atlas as it is), then start again with an
         * empty atlas, this record's glyphs first. */
        t->inst_count = base;
        lgl_text_flush(f);
        base = 0;
        reset_atlas(t);
    }
    t->inst_count = base + n;
}

void lgl_text_flush(lgl_frame_t *f) {
    lamina_gles_renderer_t *r = f->r;
    lgl_text_t *t = r->text;
    if (!t || t->inst_count == 0) return;
    size_t n = t->inst_count;
    t->inst_count = 0;
    glUseProgram(t->prog);
    glBindVertexArray(t->vao);
    glBindBuffer(GL_ARRAY_BUFFER, t->vbo);
    size_t bytes = n * INST * sizeof(float);
    if (bytes > t->vbo_cap) {
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, t->inst, GL_STREAM_DRAW);
        t->vbo_cap = bytes;
    } else {
        glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)bytes, t->inst);
    }
    glUniform4f(t->u_vp, 0.0f, 0.0f, (float)f->vp_w, (float)f->vp_h);
    glUniform1f(t->u_scale, (float)f->scale);
    lgl_set_device_vp(f, t->u_dvp);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, t->atlas);
    glUniform1i(t->u_atlas, 0);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, (GLsizei)n);
    glBindVertexArray(0);
    r->stats.draw_calls++;
    r->stats.primitives += n;
    r->stats.glyphs_drawn += (uint32_t)n;
}

uint64_t lgl_text_uploads(lamina_gles_renderer_t *r) {
    lgl_text_t *t = state_for(r, 0);
    return t ? t->uploads : 0;
}

void lgl_text_free(lamina_gles_renderer_t *r, int delete_gl) {
    lgl_text_t *t = r->text;
    if (!t) return;
    if (delete_gl) {
        if (t->prog) glDeleteProgram(t->prog);
        if (t->vao) glDeleteVertexArrays(1, &t->vao);
        if (t->vbo) glDeleteBuffers(1, &t->vbo);
        if (t->atlas) glDeleteTextures(1, &t->atlas);
    }
    for (size_t k = 0; k < t->face_count; k++) {
        if (t->faces[k].face) FT_Done_Face(t->faces[k].face);
        free(t->faces[k].path);
    }
    free(t->faces);
    if (t->ft) FT_Done_FreeType(t->ft);
    free(t->slots);
    free(t->inst);
    free(t);
    r->text = NULL;
}
