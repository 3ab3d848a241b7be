/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Text layers (R15.5; issue 26): the record's glyph runs drawn from a glyph atlas. FreeType
 * opens each face the run names (font_path, face_index), renders each glyph once per device
 * pixel size and quarter-pixel phase (unhinted, grey-scale antialiasing) into an R8 atlas
 * texture, uploading only glyphs not seen before. Glyph quads are in layer space, each
 * instance carrying its record's matrix and clip (text.vert, text.frag: the program is this
 * file's own), so the glyphs of consecutive text records are one instanced draw: they wait in
 * `inst` until the next pass draws (lgl_flush calls lgl_text_flush first), which keeps
 * painter's order. Transforms, opacity, masks, clips and group opacity apply as to any content.
 *
 * Text tiles (R15.8): like CATextLayer's backing store, a text record whose transform only
 * translates and scales is drawn once into a tile of an RGBA tile atlas, then composited as one
 * quad per frame. A rasteriser pays per triangle (llvmpipe far more than per pixel), so 10,000
 * glyph quads cost several times 250 label quads. lgl_text_prepare() renders the frame's new
 * tiles up front, all in one draw into the tile atlas (one framebuffer switch, before any pass
 * draws); lgl_emit_text() then queues a tile quad where its tile exists and the glyph quads
 * otherwise (rotated, skewed or perspective text, offscreen passes at another scale, tiles too
 * big, a full atlas). A tile is keyed by a 64-bit hash of everything it shows (faces, sizes,
 * colours, glyph ids and positions, the device scale), so a tile is never stale: changed text
 * gets a new tile and the old one ages out.
 */
#include "compositor.h"
#include "lgl_shaders.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdlib.h>
#include <string.h>

/* INST: the floats of an instance: 7 vec4 attributes (text.vert), then its kind (KIND_*). */
enum { ATLAS_SIZE = 1024, PHASES = 4, INST = 32, ATTRIBS = 7 };
/* What an instance draws: a glyph from the glyph atlas, or a text tile sampled with linear
 * filtering (at a fractional device position) or nearest (texel for pixel: cheaper, and exact). */
enum { KIND_GLYPH = 0, KIND_TILE_LINEAR = 1, KIND_TILE_NEAREST = 2 };
/* The tile atlas (RGBA8, 16 MB), the largest tile side, and how many frames a tile unused is
 * kept before its space may be taken back (by emptying the atlas when it is full). */
enum { TILE_ATLAS = 2048, TILE_MAX = 1024, TILE_KEEP_FRAMES = 2 };

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

/* A text tile: a record's glyphs drawn once into the tile atlas (R15.8). */
typedef struct {
    uint64_t key;          /* hash of what it shows (tile_key); 0: an empty slot */
    uint16_t x, y, w, h;   /* atlas texels; y counts down from the atlas's top row */
    int32_t ox, oy;        /* the tile's top-left in device pixels from the layer's origin */
    uint64_t last_frame;   /* the last frame that drew it */
    uint8_t direct;        /* it cannot be a tile (too big, no room): draw its glyphs */
} tile_slot;

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
    float *scratch;          /* the new tiles' glyph instances (lgl_text_prepare) */
    size_t scratch_cap;
    size_t vbo_cap;
    uint64_t uploads;        /* glyphs uploaded so far (benchmarks and tests read it) */
    int broken;              /* the program or FreeType failed: text is not drawn */
    GLuint tile_prog, samplers[2]; /* text_tile.frag; linear and nearest filtering */
    GLint tu_vp, tu_scale, tu_tiles, tu_dvp;
    GLuint tiles_tex, tiles_fbo; /* the tile atlas (R15.8), made by the first tile */
    tile_slot *tiles;            /* open addressing, keyed by tile_slot.key */
    size_t tile_cap, tile_count;
    int tpen_x, tpen_y, trow_h;  /* the tile atlas's shelf packer (y down from the top) */
    uint64_t tile_area;          /* texels the tiles hold */
    int tiles_broken;            /* the tile atlas could not be made: glyphs only */
    /* lgl_text_prepare's tile keys per record of the frame's list, so lgl_emit_text does not
     * hash each record's glyphs a second time: key_of[i] (0: none) was computed for
     * key_base[i] at key_ppl[i] pixels per unit. */
    const lamina_draw_record_t *key_base;
    uint64_t *key_of;
    double *key_ppl;
    size_t key_count, key_cap;
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
    for (GLuint a = 0; a < ATTRIBS; a++) {
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
    /* Row 0 and column 0 stay empty: glyphs with no pixels point at texel (0, 0), and every
     * glyph has an empty texel on each side, which linear filtering at a fractional position
     * reads (the atlas's edge would clamp to the glyph's own pixels instead). */
    t->pen_x = 2;
    t->pen_y = 1;
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
    t->pen_y = 1;
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
        t->pen_x = 1;
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

/* Device pixels per layer unit: the glyphs are rendered at that scale (crisp under
 * contentsScale 2, zoom and the frame's scale), in the layer's plane. 0 when degenerate. */
static double pixels_per_unit(const lamina_draw_record_t *rec, double scale) {
    const lamina_transform3d_t *m = &rec->transform;
    double det = fabs(m->m11 * m->m22 - m->m12 * m->m21);
    double w = fabs(m->m44) > 1e-9 ? fabs(m->m44) : 1.0;
    double ppl = sqrt(det) / w * scale;
    return ppl > 1e-6 && isfinite(ppl) ? ppl : 0;
}

/* Whether the transform only translates and scales, the same on both axes (no rotation, skew,
 * flip or perspective): a tile then lands texel for device pixel, as its glyphs would. */
static int axis_aligned(const lamina_transform3d_t *m) {
    return m->m12 == 0 && m->m21 == 0 && m->m14 == 0 && m->m24 == 0 && m->m44 == 1 && m->m11 > 0 &&
           fabs(m->m11 - m->m22) <= 1e-9 * m->m11;
}

/* The run's device pixel size in 26.6; 0 when the run draws nothing (bad fields, too small or
 * too large to rasterise). */
static uint32_t run_px64(const lamina_text_glyph_run_t *run, double ppl) {
    if (!run->glyph_ids || !run->positions || !run->font_path || !(run->size > 0)) return 0;
    double px = run->size * ppl;
    if (!(px >= 0.5) || px > 2048) return 0;
    return (uint32_t)lround(px * 64);
}

/* The run's colour, premultiplied, times the record's tint and `alpha` (at most 1). */
static void run_color(const lamina_text_glyph_run_t *run, lamina_color_t tint, double alpha, float col[4]) {
    lamina_color_t c = {run->color.r * tint.r, run->color.g * tint.g, run->color.b * tint.b,
                        run->color.a * tint.a};
    lgl_premultiplied(c, alpha > 1 ? 1 : alpha, col);
}

/* Glyph g of the run placed at `ppl`: its bitmap's top-left in device pixels from the layer's
 * origin, rendering it into the glyph atlas first if it is new. The pen's device x gives the
 * phase; the glyph is rendered at that phase and placed at the pen's whole pixel. Returns 1
 * placed, 0 nothing to draw, -1 the glyph atlas is full. */
static int place_glyph(lamina_gles_renderer_t *r, lgl_text_t *t, FT_Face face,
                       const lamina_text_glyph_run_t *run, size_t g, double ppl, uint32_t px64,
                       double *x, double *y, glyph_slot **out) {
    lamina_point_t p = run->positions[g];
    double dx = p.x * ppl;
    double whole = floor(dx);
    uint8_t phase = (uint8_t)((int)floor((dx - whole) * PHASES) % PHASES);
    glyph_slot *s = lookup(t, run->font_id, run->glyph_ids[g], px64, phase);
    if (!s) return 0;
    if (s->used == 2 && !render_glyph(t, face, s, &r->stats)) return -1;
    if (s->w == 0 || s->h == 0) return 0;
    *x = whole + s->left;
    *y = p.y * ppl - s->top;
    *out = s;
    return 1;
}

/* Makes room for `more` instances in `buf` (INST floats each); 0 when out of memory. */
static int reserve(float **buf, size_t *cap, size_t used, size_t more) {
    if ((used + more) * INST <= *cap) return 1;
    size_t c = 2 * (used + more) * INST;
    float *p = realloc(*buf, c * sizeof(float));
    if (!p) return 0;
    *buf = p;
    *cap = c;
    return 1;
}

/* One instance: a quad (x, y, w, h) through matrix rows `rows`, atlas texels `uv`, colour `col`
 * (a tile's: its opacity in col[3]), clip box `clip`, and its KIND_*. */
static void put(float *q, double x, double y, double w, double h, const float uv[4], const float col[4],
                const float rows[12], const float clip[4], int kind) {
    q[0] = (float)x;
    q[1] = (float)y;
    q[2] = (float)w;
    q[3] = (float)h;
    memcpy(q + 4, uv, 4 * sizeof(float));
    memcpy(q + 8, col, 4 * sizeof(float));
    memcpy(q + 12, rows, 12 * sizeof(float));
    memcpy(q + 24, clip, 4 * sizeof(float));
    q[28] = (float)kind;
    q[29] = q[30] = q[31] = 0;
}

static void glyph_uv(const glyph_slot *s, float uv[4]) {
    uv[0] = (float)s->x / ATLAS_SIZE;
    uv[1] = (float)s->y / ATLAS_SIZE;
    uv[2] = (float)(s->x + s->w) / ATLAS_SIZE;
    uv[3] = (float)(s->y + s->h) / ATLAS_SIZE;
}

/* ------------------------------------------------------------------------------------------ */
/* Text tiles (R15.8)                                                                         */
/* ------------------------------------------------------------------------------------------ */

static uint64_t mix(uint64_t h, uint64_t v) {
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 31);
}

static uint64_t bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

/* The tile's key: everything the tile's pixels depend on (the device scale, the tint, each
 * run's face, size and colour, each glyph's id and position). Never 0. */
static uint64_t tile_key(const lamina_draw_text_t *text, lamina_color_t tint, double ppl) {
    uint64_t h = mix(0x6C616D696E61ull, bits(ppl));
    h = mix(mix(mix(mix(h, bits(tint.r)), bits(tint.g)), bits(tint.b)), bits(tint.a));
    for (size_t i = 0; i < text->run_count; i++) {
        const lamina_text_glyph_run_t *run = &text->runs[i];
        if (!run->glyph_ids || !run->positions || !run->font_path) continue;
        h = mix(mix(mix(h, run->font_id), (uint64_t)(uint32_t)run->face_index), bits(run->size));
        h = mix(mix(mix(mix(h, bits(run->color.r)), bits(run->color.g)), bits(run->color.b)), bits(run->color.a));
        h = mix(h, run->glyph_count);
        for (size_t g = 0; g < run->glyph_count; g++)
            h = mix(mix(mix(h, run->glyph_ids[g]), bits(run->positions[g].x)), bits(run->positions[g].y));
    }
    return h ? h : 1;
}

/* Makes room for a key per record of `recs` (all 0) and ties the keys to that list; without
 * memory the keys are simply not remembered. */
static void remember_keys(lgl_text_t *t, const lamina_draw_record_t *recs, size_t count) {
    if (count > t->key_cap) {
        uint64_t *keys = realloc(t->key_of, count * sizeof *keys);
        if (keys) t->key_of = keys;
        double *ppl = keys ? realloc(t->key_ppl, count * sizeof *ppl) : NULL;
        if (ppl) t->key_ppl = ppl;
        if (!keys || !ppl) return;
        t->key_cap = count;
    }
    memset(t->key_of, 0, count * sizeof *t->key_of);
    t->key_base = recs;
    t->key_count = count;
}

/* `rec`'s tile key: the one lgl_text_prepare computed for it this frame when `rec` belongs to
 * that list and is drawn at the same scale, else computed now (transition snapshots, offscreen
 * passes at another scale). */
static uint64_t remembered_key(const lgl_text_t *t, const lamina_draw_record_t *rec,
                               const lamina_draw_text_t *text, lamina_color_t tint, double ppl) {
    uintptr_t p = (uintptr_t)rec, base = (uintptr_t)t->key_base;
    if (t->key_base && p >= base && (p - base) % sizeof *rec == 0) {
        size_t i = (p - base) / sizeof *rec;
        if (i < t->key_count && t->key_of[i] && t->key_ppl[i] == ppl) return t->key_of[i];
    }
    return tile_key(text, tint, ppl);
}

/* The tile with `key`, or a new empty slot for it when `create` (NULL when absent or out of
 * memory). */
static tile_slot *tile_find(lgl_text_t *t, uint64_t key, int create) {
    if (create && t->tile_count * 2 >= t->tile_cap) {
        size_t cap = t->tile_cap ? 2 * t->tile_cap : 256;
        tile_slot *old = t->tiles;
        size_t old_cap = t->tile_cap;
        tile_slot *fresh = calloc(cap, sizeof *fresh);
        if (!fresh) return NULL;
        t->tiles = fresh;
        t->tile_cap = cap;
        t->tile_count = 0;
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].key) *tile_find(t, old[i].key, 1) = old[i];
        free(old);
    }
    if (!t->tile_cap) return NULL;
    size_t mask = t->tile_cap - 1, i = (size_t)(key >> 7) & mask;
    while (t->tiles[i].key) {
        if (t->tiles[i].key == key) return &t->tiles[i];
        i = (i + 1) & mask;
    }
    if (!create) return NULL;
    memset(&t->tiles[i], 0, sizeof t->tiles[i]);
    t->tiles[i].key = key;
    t->tile_count++;
    return &t->tiles[i];
}

/* Makes the tile atlas and its framebuffer; 0 when GL cannot (text is then drawn as glyphs). */
static int tiles_setup(lamina_gles_renderer_t *r, lgl_text_t *t) {
    t->tile_prog = lgl_link_program(r, lgl_shader_text_vert, lgl_shader_text_tile_frag);
    if (!t->tile_prog) return 0;
    t->tu_vp = glGetUniformLocation(t->tile_prog, "u_vp");
    t->tu_scale = glGetUniformLocation(t->tile_prog, "u_scale");
    t->tu_tiles = glGetUniformLocation(t->tile_prog, "u_tiles");
    t->tu_dvp = glGetUniformLocation(t->tile_prog, "u_dvp");
    glGenSamplers(2, t->samplers);
    for (int k = 0; k < 2; k++) {
        GLint filter = k ? GL_NEAREST : GL_LINEAR;
        glSamplerParameteri(t->samplers[k], GL_TEXTURE_MIN_FILTER, filter);
        glSamplerParameteri(t->samplers[k], GL_TEXTURE_MAG_FILTER, filter);
        glSamplerParameteri(t->samplers[k], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glSamplerParameteri(t->samplers[k], GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glGenTextures(1, &t->tiles_tex);
    glBindTexture(GL_TEXTURE_2D, t->tiles_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TILE_ATLAS, TILE_ATLAS, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glGenFramebuffers(1, &t->tiles_fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, t->tiles_fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t->tiles_tex, 0);
    int ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (ok) {
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    return ok;
}

/* Empties the tile atlas: every tile is drawn again when next needed. The caller restores the
 * framebuffer binding. */
static void tiles_reset(lgl_text_t *t) {
    if (t->tiles) memset(t->tiles, 0, t->tile_cap * sizeof *t->tiles);
    t->tile_count = 0;
    t->tpen_x = t->tpen_y = t->trow_h = 0;
    t->tile_area = 0;
    glBindFramebuffer(GL_FRAMEBUFFER, t->tiles_fbo);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
}

/* A w x h place in the tile atlas (shelves, top down); 0 when it is full. */
static int tile_alloc(lgl_text_t *t, int w, int h, uint16_t *x, uint16_t *y) {
    if (t->tpen_x + w > TILE_ATLAS) {
        t->tpen_x = 0;
        t->tpen_y += t->trow_h;
        t->trow_h = 0;
    }
    if (t->tpen_y + h > TILE_ATLAS) return 0;
    *x = (uint16_t)t->tpen_x;
    *y = (uint16_t)t->tpen_y;
    t->tpen_x += w;
    if (h > t->trow_h) t->trow_h = h;
    t->tile_area += (uint64_t)w * (uint64_t)h;
    return 1;
}

/* Whether emptying the full atlas pays: at least half of what it holds was not drawn in the last
 * TILE_KEEP_FRAMES frames (otherwise the overflow is drawn as glyphs, and nothing thrashes). */
static int tiles_reclaimable(const lgl_text_t *t, uint64_t frame) {
    uint64_t stale = 0;
    for (size_t i = 0; i < t->tile_cap; i++) {
        const tile_slot *ts = &t->tiles[i];
        if (ts->key && !ts->direct && ts->last_frame + TILE_KEEP_FRAMES < frame)
            stale += (uint64_t)ts->w * ts->h;
    }
    return stale * 2 >= t->tile_area;
}

/* Gathers the record's glyphs into `scratch` from index `*n` as quads in device pixels from the
 * layer's origin, and their bounding box. Returns 1, 0 when there is nothing to draw, -1 when
 * the glyph atlas filled up (the record is then drawn as glyphs, which empties it). */
static int gather(lamina_gles_renderer_t *r, lgl_text_t *t, const lamina_draw_text_t *text,
                  lamina_color_t tint, double ppl, size_t *n, double box[4]) {
    static const float ident[12] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1};
    static const float none[4] = {-1e9f, -1e9f, 1e9f, 1e9f};
    box[0] = box[1] = INFINITY;
    box[2] = box[3] = -INFINITY;
    size_t start = *n;
    for (size_t i = 0; i < text->run_count; i++) {
        const lamina_text_glyph_run_t *run = &text->runs[i];
        uint32_t px64 = run_px64(run, ppl);
        if (!px64) continue;
        float col[4];
        run_color(run, tint, 1.0, col);
        if (!(col[3] > 0)) continue;
        if (!reserve(&t->scratch, &t->scratch_cap, *n, run->glyph_count)) return -1;
        FT_Face face = face_for(t, run);
        for (size_t g = 0; g < run->glyph_count; g++) {
            double x, y;
            glyph_slot *s;
            int k = place_glyph(r, t, face, run, g, ppl, px64, &x, &y, &s);
            if (k < 0) {
                *n = start;
                return -1;
            }
            if (k == 0) continue;
            float uv[4];
            glyph_uv(s, uv);
            put(t->scratch + INST * (*n)++, x, y, s->w, s->h, uv, col, ident, none, KIND_GLYPH);
            if (x < box[0]) box[0] = x;
            if (y < box[1]) box[1] = y;
            if (x + s->w > box[2]) box[2] = x + s->w;
            if (y + s->h > box[3]) box[3] = y + s->h;
        }
    }
    return *n > start;
}

/* Uploads `n` instances for the draws that follow (draw_run). */
static void upload(lgl_text_t *t, const float *inst, size_t n) {
    glBindVertexArray(t->vao);
    glBindBuffer(GL_ARRAY_BUFFER, t->vbo);
    size_t bytes = n * INST * sizeof(float);
    if (bytes > t->vbo_cap) {
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, inst, GL_STREAM_DRAW);
        t->vbo_cap = bytes;
    } else {
        /* Orphan, then fill: the driver need not wait for the previous draw. */
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)t->vbo_cap, NULL, GL_STREAM_DRAW);
        glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)bytes, inst);
    }
}

/* Draws the uploaded instances [first, first + n), all of one kind, with the program and
 * texture of that kind (the program's uniforms are the caller's). */
static void draw_run(lgl_text_t *t, size_t first, size_t n, int kind) {
    for (GLuint a = 0; a < ATTRIBS; a++)
        glVertexAttribPointer(a, 4, GL_FLOAT, GL_FALSE, INST * sizeof(float),
                              (void *)((first * INST + a * 4) * sizeof(float)));
    glActiveTexture(GL_TEXTURE0);
    if (kind == KIND_GLYPH) {
        glBindTexture(GL_TEXTURE_2D, t->atlas);
    } else {
        glBindTexture(GL_TEXTURE_2D, t->tiles_tex);
        glBindSampler(0, t->samplers[kind == KIND_TILE_NEAREST]);
    }
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, (GLsizei)n);
    if (kind != KIND_GLYPH) glBindSampler(0, 0);
}

struct gl_saved {
    int saved;
    GLint fbo, vp[4];
    GLfloat clear[4];
};

static void save_gl(struct gl_saved *g) {
    if (g->saved) return;
    g->saved = 1;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &g->fbo);
    glGetIntegerv(GL_VIEWPORT, g->vp);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, g->clear);
}

static void restore_gl(const struct gl_saved *g) {
    if (!g->saved) return;
    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)g->fbo);
    glViewport(g->vp[0], g->vp[1], g->vp[2], g->vp[3]);
    glClearColor(g->clear[0], g->clear[1], g->clear[2], g->clear[3]);
}

void lgl_text_prepare(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count) {
    lamina_gles_renderer_t *r = f->r;
    lgl_text_t *t = r->text;
    size_t n = 0;
    int reset_once = 0;
    if (!f->text_tiles) return;
    /* The framebuffer, viewport and clear colour, saved before this function first changes them
     * (making, emptying or drawing into the tile atlas) and restored at the end. */
    struct gl_saved saved = {0};
    if (t) t->key_base = NULL; /* last frame's keys are stale */
    for (size_t i = 0; i < count; i++) {
        const lamina_draw_record_t *rec = &recs[i];
        const lamina_draw_text_t *text = rec_text(rec);
        if (!text || text->run_count == 0 || !text->runs || !axis_aligned(&rec->transform)) continue;
        double ppl = pixels_per_unit(rec, f->scale);
        if (!ppl) continue;
        if (!t) {
            t = state_for(r, 1);
            if (!t) return;
        }
        if (t->key_base != recs) remember_keys(t, recs, count);
        if (t->broken || t->tiles_broken) return;
        if (!t->prog && !setup(r, t)) { t->broken = 1; return; }
        if (!t->tiles_tex) {
            save_gl(&saved);
            if (!tiles_setup(r, t)) { t->tiles_broken = 1; break; }
        }
        lamina_color_t tint = lgl_instance_color(rec);
        uint64_t key = tile_key(text, tint, ppl);
        if (t->key_base == recs) t->key_of[i] = key, t->key_ppl[i] = ppl;
        tile_slot *ts = tile_find(t, key, 0);
        if (ts) {
            ts->last_frame = r->frame_no;
            continue;
        }
        double box[4];
        size_t start = n;
        int k = gather(r, t, text, tint, ppl, &n, box);
        if (k < 0) break; /* the glyph atlas is full: this and the rest draw as glyphs */
        if (k == 0) continue;
        /* A transparent texel around the glyphs, so the tile resamples cleanly at a fractional
         * device position (linear filtering reads one texel out). */
        int ox = (int)floor(box[0]) - 1, oy = (int)floor(box[1]) - 1;
        int w = (int)ceil(box[2]) - ox + 1, h = (int)ceil(box[3]) - oy + 1;
        uint16_t x = 0, y = 0;
        int placed = w <= TILE_MAX && h <= TILE_MAX;
        if (placed && !tile_alloc(t, w, h, &x, &y)) {
            placed = 0;
            if (!reset_once && tiles_reclaimable(t, r->frame_no)) {
                /* Empty the atlas and start the frame's tiles again (at most once a frame). */
                reset_once = 1;
                save_gl(&saved);
                tiles_reset(t);
                n = 0;
                i = (size_t)-1;
                continue;
            }
            n = start;
            continue; /* no room this frame: drawn as glyphs, tried again next frame */
        }
        ts = tile_find(t, key, 1);
        if (!ts) { n = start; continue; }
        ts->last_frame = r->frame_no;
        if (!placed) {
            ts->direct = 1; /* too big to be a tile */
            n = start;
            continue;
        }
        ts->x = x, ts->y = y, ts->w = (uint16_t)w, ts->h = (uint16_t)h, ts->ox = ox, ts->oy = oy;
        for (size_t g = start; g < n; g++) {
            t->scratch[INST * g] += (float)(x - ox);
            t->scratch[INST * g + 1] += (float)(y - oy);
        }
        r->stats.text_tiles_rendered++;
    }
    if (t && n > 0) {
        /* The new tiles in one draw: atlas texel (x, y) counts y down from the top row, which
         * the program's y-down viewport mapping puts at the framebuffer's last row. */
        save_gl(&saved);
        glBindFramebuffer(GL_FRAMEBUFFER, t->tiles_fbo);
        glViewport(0, 0, TILE_ATLAS, TILE_ATLAS);
        glUseProgram(t->prog);
        glUniform4f(t->u_vp, 0.0f, 0.0f, (float)TILE_ATLAS, (float)TILE_ATLAS);
        glUniform1f(t->u_scale, 1.0f);
        glUniform4f(t->u_dvp, 0.0f, 0.0f, (float)TILE_ATLAS, (float)TILE_ATLAS);
        glUniform1i(t->u_atlas, 0);
        upload(t, t->scratch, n);
        draw_run(t, 0, n, KIND_GLYPH);
        glBindVertexArray(0);
        r->stats.draw_calls++;
        r->stats.glyphs_drawn += (uint32_t)n;
    }
    restore_gl(&saved);
}

/* ------------------------------------------------------------------------------------------ */
/* Emitting a record                                                                          */
/* ------------------------------------------------------------------------------------------ */

void lgl_emit_text(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha) {
    const lamina_draw_text_t *text = rec_text(rec);
    if (!text || text->run_count == 0 || !text->runs || !(alpha > 0)) return;
    lamina_gles_renderer_t *r = f->r;
    lgl_text_t *t = state_for(r, 1);
    if (!t || t->broken) return;
    if (!t->prog && !setup(r, t)) { t->broken = 1; return; }
    const lamina_transform3d_t *m = &rec->transform;
    double ppl = pixels_per_unit(rec, f->scale);
    if (!ppl) return;
    lamina_color_t tint = lgl_instance_color(rec);
    /* The record's matrix rows and clip box (device pixels), the same for all its quads. */
    float rows[12] = {(float)m->m11, (float)m->m12, (float)m->m13, (float)m->m14,
                      (float)m->m21, (float)m->m22, (float)m->m23, (float)m->m24,
                      (float)m->m41, (float)m->m42, (float)m->m43, (float)m->m44};
    float clip[4];
    lgl_clip_box(f, rec, clip);
    /* Other passes' pending quads (this record's background, ...) draw first (with the text
     * queued before them); with none pending, this record's quads join the queued ones. */
    if (r->inst_count > 0) lgl_flush(f);
    if (f->text_tiles && t->tiles_tex && axis_aligned(m)) {
        tile_slot *ts = tile_find(t, remembered_key(t, rec, text, tint, ppl), 0);
        if (ts && !ts->direct) {
            if (!reserve(&t->inst, &t->inst_cap, t->inst_count, 1)) {
                f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a text tile");
                return;
            }
            float a = (float)(alpha > 1 ? 1 : alpha);
            float col[4] = {a, a, a, a};
            float uv[4] = {(float)ts->x / TILE_ATLAS, 1.0f - (float)ts->y / TILE_ATLAS,
                           (float)(ts->x + ts->w) / TILE_ATLAS, 1.0f - (float)(ts->y + ts->h) / TILE_ATLAS};
            /* Texel for pixel where the tile's corner lands on a whole device pixel. */
            double dx = m->m41 * f->scale + ts->ox, dy = m->m42 * f->scale + ts->oy;
            int whole = fabs(dx - nearbyint(dx)) < 1e-3 && fabs(dy - nearbyint(dy)) < 1e-3;
            put(t->inst + INST * t->inst_count++, ts->ox / ppl, ts->oy / ppl, ts->w / ppl, ts->h / ppl, uv,
                col, rows, clip, whole ? KIND_TILE_NEAREST : KIND_TILE_LINEAR);
            ts->last_frame = r->frame_no;
            r->stats.text_tiles_drawn++;
            return;
        }
    }
    size_t total = 0;
    for (size_t i = 0; i < text->run_count; i++) total += text->runs[i].glyph_count;
    if (total == 0) return;
    if (!reserve(&t->inst, &t->inst_cap, t->inst_count, total)) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for %zu glyphs", total);
        return;
    }
    size_t base = t->inst_count, n = 0;
    for (int attempt = 0; attempt < 2; attempt++) {
        n = 0;
        int full = 0;
        for (size_t i = 0; i < text->run_count && !full; i++) {
            const lamina_text_glyph_run_t *run = &text->runs[i];
            uint32_t px64 = run_px64(run, ppl);
            if (!px64) continue;
            float col[4];
            run_color(run, tint, alpha, col);
            if (!(col[3] > 0)) continue;
            FT_Face face = face_for(t, run);
            for (size_t g = 0; g < run->glyph_count; g++) {
                double x, y;
                glyph_slot *s;
                int k = place_glyph(r, t, face, run, g, ppl, px64, &x, &y, &s);
                if (k < 0) { full = 1; break; }
                if (k == 0) continue;
                float uv[4];
                glyph_uv(s, uv);
                put(t->inst + INST * (base + n++), x / ppl, y / ppl, s->w / ppl, s->h / ppl, uv, col,
                    rows, clip, KIND_GLYPH);
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
    upload(t, t->inst, n);
    /* Runs of one kind, in order (painter's order across records): one draw each. */
    for (size_t i = 0; i < n;) {
        int kind = (int)t->inst[INST * i + 28];
        size_t j = i + 1;
        while (j < n && (int)t->inst[INST * j + 28] == kind) j++;
        if (kind == KIND_GLYPH) {
            glUseProgram(t->prog);
            glUniform4f(t->u_vp, 0.0f, 0.0f, (float)f->vp_w, (float)f->vp_h);
            glUniform1f(t->u_scale, (float)f->scale);
            lgl_set_device_vp(f, t->u_dvp);
            glUniform1i(t->u_atlas, 0);
            r->stats.glyphs_drawn += (uint32_t)(j - i);
        } else {
            glUseProgram(t->tile_prog);
            glUniform4f(t->tu_vp, 0.0f, 0.0f, (float)f->vp_w, (float)f->vp_h);
            glUniform1f(t->tu_scale, (float)f->scale);
            lgl_set_device_vp(f, t->tu_dvp);
            glUniform1i(t->tu_tiles, 0);
        }
        draw_run(t, i, j - i, kind);
        r->stats.draw_calls++;
        i = j;
    }
    glBindVertexArray(0);
    r->stats.primitives += n;
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
        if (t->tiles_tex) glDeleteTextures(1, &t->tiles_tex);
        if (t->tiles_fbo) glDeleteFramebuffers(1, &t->tiles_fbo);
        if (t->tile_prog) glDeleteProgram(t->tile_prog);
        if (t->samplers[0]) glDeleteSamplers(2, t->samplers);
    }
    for (size_t k = 0; k < t->face_count; k++) {
        if (t->faces[k].face) FT_Done_Face(t->faces[k].face);
        free(t->faces[k].path);
    }
    free(t->faces);
    if (t->ft) FT_Done_FreeType(t->ft);
    free(t->slots);
    free(t->inst);
    free(t->scratch);
    free(t->key_of);
    free(t->key_ppl);
    free(t->tiles);
    free(t);
    r->text = NULL;
}
