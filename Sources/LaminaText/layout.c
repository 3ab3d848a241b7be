/* SPDX-License-Identifier: Apache-2.0
 *
 * liblamina-text's layout (issue 26, R15): UTF-8 to code points, paragraphs, FriBidi levels
 * (UAX #9), libunibreak's break opportunities (UAX #14), items of one span, face, script and
 * level shaped by HarfBuzz, greedy lines at the width, truncation with U+2026, visual order
 * (UAX #9 rule L2) and alignment. Nothing here shapes or breaks lines by hand: it only walks
 * what those libraries answer.
 */
#include "text_internal.h"

#include <fribidi/fribidi.h>
#include <linebreak.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growable array. */
#define VEC(T) struct { T *v; size_t n, cap; }
#define VEC_PUSH(vec, item) \
    ((((vec).n == (vec).cap ? vec_grow((void **)&(vec).v, &(vec).cap, sizeof *(vec).v) : 1) \
        ? ((vec).v[(vec).n++] = (item), 1) : 0))

static int vec_grow(void **v, size_t *cap, size_t size) {
    size_t fresh = *cap ? *cap * 2 : 16;
    void *grown = realloc(*v, fresh * size);
    if (!grown) return 0;
    *v = grown;
    *cap = fresh;
    return 1;
}

/** One shaped glyph, in the item's visual order. */
typedef struct { uint32_t gid; uint32_t cluster; double advance, x_offset, y_offset; } lt_glyph;

/** A run of code points of one span, face, script and level, shaped as a whole. */
typedef struct {
    size_t start, end;           /* code points */
    size_t span;
    lt_face *face;
    double size;
    int level;
    size_t glyph_start, glyph_end;
} lt_item;

/** A piece of a line: part of an item (its code points [start, end)), or the ellipsis. */
typedef struct { size_t item; size_t start, end; int level; bool ellipsis; } lt_piece;

typedef struct {
    size_t piece_start, piece_end;  /* into the pieces */
    size_t cp_start, cp_end;        /* logical code points shown (before truncation) */
    double width;                   /* visible advance (no trailing white space) */
    double ascent, descent, gap;
    int base_level;
    bool truncated, justify;
    size_t spaces;                  /* U+0020 inside the line, for justification */
} lt_line;

/** What a layout answer owns (provider_data): freed by lt_release. */
typedef struct {
    lamina_text_glyph_run_t *runs;
    lamina_text_line_t *lines;
    uint32_t *glyph_ids;
    lamina_point_t *positions;
    char message[512];
} lt_result;

/** The working state of one layout. */
typedef struct {
    lt_provider *p;
    const lamina_text_request_t *req;
    uint32_t *cps;
    size_t *byte_of;      /* n + 1 */
    size_t n;
    size_t *span_of;
    lt_face **face_of;
    hb_script_t *script_of;
    FriBidiLevel *levels;
    char *breaks;
    double *advance;      /* per code point (a cluster's first) */
    bool *cluster_first;  /* per code point: HarfBuzz starts a grapheme cluster there */
    lt_face **primary;    /* per span */
    VEC(lt_item) items;
    VEC(lt_glyph) glyphs;
    VEC(lt_piece) pieces;
    VEC(lt_line) lines;
    /* The ellipsis, shaped once per (face, size) it is asked for. */
    VEC(lt_glyph) ellipsis;
    lt_face *ellipsis_face;
    double ellipsis_size, ellipsis_width;
    hb_buffer_t *buffer;
} lt_state;

static uint32_t decode_utf8(const unsigned char *s, size_t len, size_t *i) {
    unsigned c = s[*i];
    size_t need = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : 9;
    if (need == 9 || *i + need >= len) {
        (*i)++;
        return 0xFFFD;
    }
    uint32_t cp = need == 0 ? c : need == 1 ? (c & 0x1F) : need == 2 ? (c & 0x0F) : (c & 0x07);
    for (size_t k = 1; k <= need; k++) {
        unsigned d = s[*i + k];
        if ((d & 0xC0) != 0x80) { (*i)++; return 0xFFFD; }
        cp = (cp << 6) | (d & 0x3F);
    }
    *i += need + 1;
    return cp;
}

static bool is_paragraph_break(uint32_t cp) {
    return cp == '\n' || cp == '\r' || cp == 0x2029 || cp == 0x2028 || cp == 0x85 || cp == 0x0B || cp == 0x0C;
}

static bool is_space(uint32_t cp) {
    return cp == ' ' || cp == '\t' || cp == 0xA0 || cp == 0x3000 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x205F;
}

static double span_size(const lamina_text_span_t *s) {
    return (s->font_size > 0 && isfinite(s->font_size)) ? s->font_size : 0;
}

/* Shapes cps[start, end) with `face` at `size` in the direction of `level`, appending the
 * glyphs to `out` in visual order. */
static bool shape(lt_state *st, size_t start, size_t end, lt_face *face, double size, hb_script_t script,
                  int level, const uint32_t *text, size_t text_len, void *out_vec) {
    VEC(lt_glyph) *out = out_vec;
    hb_buffer_t *b = st->buffer;
    hb_buffer_clear_contents(b);
    hb_buffer_add_utf32(b, text, (int)text_len, (unsigned)start, (int)(end - start));
    hb_buffer_set_direction(b, (level & 1) ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_set_script(b, script);
    hb_buffer_set_language(b, hb_language_get_default());
    hb_buffer_set_cluster_level(b, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES);
    hb_shape(face->font, b, NULL, 0);
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(b, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(b, &count);
    double scale = size / face->upem;
    for (unsigned k = 0; k < count; k++) {
        lt_glyph g = {info[k].codepoint, info[k].cluster, pos[k].x_advance * scale, pos[k].x_offset * scale,
                      pos[k].y_offset * scale};
        if (!VEC_PUSH(*out, g)) return false;
    }
    return true;
}

/* The ellipsis (U+2026, or "..." when no face has it) for the span at code point `at`. */
static bool shape_ellipsis(lt_state *st, size_t at) {
    size_t span = st->span_of[at < st->n ? at : st->n - 1];
    const lamina_text_span_t *s = &st->req->spans[span];
    lt_face *face = lt_fallback(st->p, st->primary[span], s->font, 0x2026);
    double size = span_size(s);
    if (face == st->ellipsis_face && size == st->ellipsis_size && st->ellipsis.n) return true;
    st->ellipsis.n = 0;
    static const uint32_t one[] = {0x2026}, three[] = {'.', '.', '.'};
    bool has = lt_face_has(face, 0x2026);
    const uint32_t *text = has ? one : three;
    size_t len = has ? 1 : 3;
    if (!shape(st, 0, len, face, size, HB_SCRIPT_COMMON, 0, text, len, &st->ellipsis)) return false;
    st->ellipsis_face = face;
    st->ellipsis_size = size;
    st->ellipsis_width = 0;
    for (size_t k = 0; k < st->ellipsis.n; k++) {
        st->ellipsis.v[k].cluster = (uint32_t)-1;
        st->ellipsis_width += st->ellipsis.v[k].advance;
    }
    return true;
}

static double range_width(const lt_state *st, size_t a, size_t b) {
    double w = 0;
    for (size_t i = a; i < b; i++) w += st->advance[i];
    return w;
}

/* Whether code point i starts a cluster (a place a line may be cut or truncated). The clusters
 * are HarfBuzz's at HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES: grapheme clusters, merged where
 * a ligature or reordering joins them, so a cut never splits a base from its marks, a
 * ligature, an emoji sequence or a Devanagari conjunct (a zero-width cluster counts too). */
static bool cluster_start(const lt_state *st, size_t i, size_t lo) {
    if (i <= lo || i >= st->n) return true;
    return st->cluster_first[i];
}

/* Appends the pieces of cps[a, b) (in logical order) to the line. */
static bool add_pieces(lt_state *st, size_t a, size_t b) {
    /* Items are in string order: the first one ending after `a` by binary search. */
    size_t lo = 0, hi = st->items.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (st->items.v[mid].end <= a) lo = mid + 1; else hi = mid;
    }
    for (size_t k = lo; k < st->items.n && a < b; k++) {
        lt_item *it = &st->items.v[k];
        if (it->start >= b) break;
        if (it->end <= a) continue;
        lt_piece pc = {k, it->start > a ? it->start : a, it->end < b ? it->end : b, it->level, false};
        if (!VEC_PUSH(st->pieces, pc)) return false;
    }
    return true;
}

static bool add_ellipsis(lt_state *st, int level) {
    lt_piece pc = {0, 0, 0, level, true};
    return VEC_PUSH(st->pieces, pc);
}

/* The line of cps[a, b) of a paragraph of base level `base`, cut to `width` by `mode`. */
static bool make_line(lt_state *st, size_t a, size_t b, int base, int mode, double width, bool force_cut,
                      bool last_of_paragraph) {
    lt_line line = {0};
    line.piece_start = st->pieces.n;
    line.cp_start = a;
    line.cp_end = b;
    line.base_level = base;
    size_t vis_end = b;
    while (vis_end > a && (is_space(st->cps[vis_end - 1]) || is_paragraph_break(st->cps[vis_end - 1]))) vis_end--;
    double full = range_width(st, a, vis_end);
    bool cut = mode != LAMINA_TEXT_TRUNCATE_NONE && isfinite(width) && (full > width + 1e-9 || force_cut) && a < b;
    if (!cut) {
        if (!add_pieces(st, a, vis_end)) return false;
        line.width = full;
        line.justify = !last_of_paragraph;
        for (size_t i = a; i < vis_end; i++) line.spaces += st->cps[i] == ' ';
    } else {
        size_t at = mode == LAMINA_TEXT_TRUNCATE_START ? vis_end - 1 : a;
        if (!shape_ellipsis(st, at)) return false;
        double budget = width - st->ellipsis_width;
        line.truncated = true;
        if (mode == LAMINA_TEXT_TRUNCATE_END) {
            size_t k = a;
            double w = 0;
            while (k < vis_end) {
                size_t next = k + 1;
                while (next < vis_end && !cluster_start(st, next, a)) next++;
                double cw = range_width(st, k, next);
                if (w + cw > budget + 1e-9) break;
                w += cw;
                k = next;
            }
            while (k > a && is_space(st->cps[k - 1])) { k--; w -= st->advance[k]; }
            if (!add_pieces(st, a, k) || !add_ellipsis(st, base)) return false;
            line.width = w + st->ellipsis_width;
        } else if (mode == LAMINA_TEXT_TRUNCATE_START) {
            size_t k = vis_end;
            double w = 0;
            while (k > a) {
                size_t prev = k - 1;
                while (prev > a && !cluster_start(st, prev, a)) prev--;
                double cw = range_width(st, prev, k);
                if (w + cw > budget + 1e-9) break;
                w += cw;
                k = prev;
            }
            while (k < vis_end && is_space(st->cps[k])) { w -= st->advance[k]; k++; }
            if (!add_ellipsis(st, base) || !add_pieces(st, k, vis_end)) return false;
            line.width = w + st->ellipsis_width;
        } else {
            /* Middle: the start gets half the room, the end the rest. */
            size_t left = a;
            double lw = 0;
            while (left < vis_end) {
                size_t next = left + 1;
                while (next < vis_end && !cluster_start(st, next, a)) next++;
                double cw = range_width(st, left, next);
                if (lw + cw > budget / 2 + 1e-9) break;
                lw += cw;
                left = next;
            }
            size_t right = vis_end;
            double rw = 0;
            while (right > left) {
                size_t prev = right - 1;
                while (prev > left && !cluster_start(st, prev, a)) prev--;
                double cw = range_width(st, prev, right);
                if (lw + rw + cw > budget + 1e-9) break;
                rw += cw;
                right = prev;
            }
            if (!add_pieces(st, a, left) || !add_ellipsis(st, base) || !add_pieces(st, right, vis_end)) return false;
            line.width = lw + rw + st->ellipsis_width;
        }
    }
    line.piece_end = st->pieces.n;
    /* Metrics: the tallest face on the line; an empty line takes its span's primary face. */
    for (size_t k = line.piece_start; k < line.piece_end; k++) {
        lt_piece *pc = &st->pieces.v[k];
        lt_face *f = pc->ellipsis ? st->ellipsis_face : st->items.v[pc->item].face;
        double size = pc->ellipsis ? st->ellipsis_size : st->items.v[pc->item].size;
        if (f->ascender * size > line.ascent) line.ascent = f->ascender * size;
        if (f->descender * size > line.descent) line.descent = f->descender * size;
        if (f->line_gap * size > line.gap) line.gap = f->line_gap * size;
    }
    if (line.piece_start == line.piece_end) {
        size_t at = a < st->n ? a : (st->n ? st->n - 1 : 0);
        size_t span = st->n ? st->span_of[at] : 0;
        lt_face *f = st->primary[span];
        double size = span_size(&st->req->spans[span]);
        line.ascent = f->ascender * size;
        line.descent = f->descender * size;
        line.gap = f->line_gap * size;
    }
    /* UAX #9 L2: reverse every run of pieces at each level from the highest to the lowest odd. */
    int hi = 0, lo_odd = 127;
    for (size_t k = line.piece_start; k < line.piece_end; k++) {
        int l = st->pieces.v[k].level;
        if (l > hi) hi = l;
        if ((l & 1) && l < lo_odd) lo_odd = l;
    }
    for (int lvl = hi; lvl >= lo_odd && lvl > 0; lvl--) {
        size_t k = line.piece_start;
        while (k < line.piece_end) {
            if (st->pieces.v[k].level < lvl) { k++; continue; }
            size_t e = k;
            while (e < line.piece_end && st->pieces.v[e].level >= lvl) e++;
            for (size_t x = k, y = e - 1; x < y; x++, y--) {
                lt_piece t = st->pieces.v[x];
                st->pieces.v[x] = st->pieces.v[y];
                st->pieces.v[y] = t;
            }
            k = e;
        }
    }
    return VEC_PUSH(st->lines, line);
}

static void free_state(lt_state *st) {
    free(st->cps);
    free(st->byte_of);
    free(st->span_of);
    free(st->face_of);
    free(st->script_of);
    free(st->levels);
    free(st->breaks);
    free(st->advance);
    free(st->cluster_first);
    free(st->primary);
    free(st->items.v);
    free(st->glyphs.v);
    free(st->pieces.v);
    free(st->lines.v);
    free(st->ellipsis.v);
    if (st->buffer) hb_buffer_destroy(st->buffer);
}

static lamina_status_t fail(lamina_text_layout_t *out, lt_result *res, lamina_status_t status, const char *why) {
    snprintf(res->message, sizeof res->message, "%s", why);
    out->message = res->message;
    return status;
}

/* The glyphs [*g0, *g1) of a piece: its item's glyphs whose cluster lies in the piece's
 * code points. Clusters are monotonic within an item (increasing left to right, decreasing
 * for right-to-left), so two binary searches find them: no walk over a long item per line. */
static void piece_glyphs(const lt_state *st, const lt_piece *pc, size_t *g0, size_t *g1) {
    const lt_item *it = &st->items.v[pc->item];
    const lt_glyph *g = st->glyphs.v;
    bool rtl = it->level & 1;
    /* First index whose cluster is "past" a bound in visual order. */
    size_t lo = it->glyph_start, hi = it->glyph_end;
    /* LTR: first glyph with cluster >= start; RTL: first glyph with cluster < end. */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        bool before = rtl ? g[mid].cluster >= pc->end : g[mid].cluster < pc->start;
        if (before) lo = mid + 1; else hi = mid;
    }
    *g0 = lo;
    hi = it->glyph_end;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        bool inside = rtl ? g[mid].cluster >= pc->start : g[mid].cluster < pc->end;
        if (inside) lo = mid + 1; else hi = mid;
    }
    *g1 = lo;
}

/* The answer: runs and lines positioned, into `res` (owned by the layout). */
static lamina_status_t emit(lt_state *st, lamina_text_layout_t *out, lt_result *res) {
    const lamina_text_request_t *req = st->req;
    double widest = 0;
    for (size_t l = 0; l < st->lines.n; l++) if (st->lines.v[l].width > widest) widest = st->lines.v[l].width;
    double box = isfinite(req->width) ? req->width : widest;
    size_t run_count = 0, glyph_count = 0;
    for (size_t k = 0; k < st->pieces.n; k++) {
        lt_piece *pc = &st->pieces.v[k];
        run_count++;
        if (pc->ellipsis) { glyph_count += st->ellipsis.n; continue; }
        size_t g0, g1;
        piece_glyphs(st, pc, &g0, &g1);
        glyph_count += g1 - g0;
    }
    res->runs = calloc(run_count ? run_count : 1, sizeof *res->runs);
    res->lines = calloc(st->lines.n ? st->lines.n : 1, sizeof *res->lines);
    res->glyph_ids = malloc((glyph_count ? glyph_count : 1) * sizeof *res->glyph_ids);
    res->positions = malloc((glyph_count ? glyph_count : 1) * sizeof *res->positions);
    if (!res->runs || !res->lines || !res->glyph_ids || !res->positions)
        return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory laying text out");
    size_t r = 0, gl = 0;
    double top = 0;
    for (size_t l = 0; l < st->lines.n; l++) {
        lt_line *line = &st->lines.v[l];
        int align = req->alignment;
        if (align == LAMINA_TEXT_ALIGN_NATURAL) align = (line->base_level & 1) ? LAMINA_TEXT_ALIGN_RIGHT : LAMINA_TEXT_ALIGN_LEFT;
        double extra = box - line->width, x0 = 0, per_space = 0;
        if (align == LAMINA_TEXT_ALIGN_RIGHT) x0 = extra;
        else if (align == LAMINA_TEXT_ALIGN_CENTER) x0 = extra / 2;
        else if (align == LAMINA_TEXT_ALIGN_JUSTIFIED) {
            if (line->justify && !line->truncated && line->spaces > 0 && extra > 0 && isfinite(req->width))
                per_space = extra / (double)line->spaces;
            else if (line->base_level & 1) x0 = extra;
        }
        double baseline = top + line->ascent;
        double pen = x0;
        for (size_t k = line->piece_start; k < line->piece_end; k++) {
            lt_piece *pc = &st->pieces.v[k];
            lamina_text_glyph_run_t *run = &res->runs[r++];
            const lt_glyph *gs;
            size_t gn;
            lt_face *face;
            double size;
            size_t span;
            if (pc->ellipsis) {
                gs = st->ellipsis.v; gn = st->ellipsis.n; face = st->ellipsis_face; size = st->ellipsis_size;
                span = st->span_of[line->cp_end > line->cp_start ? line->cp_end - 1 : line->cp_start];
            } else {
                lt_item *it = &st->items.v[pc->item];
                size_t g0, g1;
                piece_glyphs(st, pc, &g0, &g1);
                gs = st->glyphs.v + g0; gn = g1 - g0;
                face = it->face; size = it->size; span = it->span;
            }
            run->font_id = face->id;
            run->font_path = face->path;
            run->face_index = face->index;
            run->size = size;
            run->flags = (pc->level & 1) ? LAMINA_TEXT_RUN_RTL : 0;
            if (req->spans[span].has_color) { run->flags |= LAMINA_TEXT_RUN_HAS_COLOR; run->color = req->spans[span].color; }
            run->line_index = (uint32_t)l;
            run->glyph_ids = res->glyph_ids + gl;
            run->positions = res->positions + gl;
            for (size_t g = 0; g < gn; g++) {
                uint32_t c = gs[g].cluster;
                res->glyph_ids[gl] = gs[g].gid;
                res->positions[gl].x = pen + gs[g].x_offset;
                res->positions[gl].y = baseline - gs[g].y_offset;
                gl++;
                run->glyph_count++;
                pen += gs[g].advance;
                if (per_space > 0 && !pc->ellipsis && st->cps[c] == ' ') pen += per_space;
            }
        }
        lamina_text_line_t *ol = &res->lines[l];
        ol->box.origin.x = x0;
        ol->box.origin.y = top;
        ol->box.size.width = per_space > 0 ? box : line->width;
        ol->box.size.height = line->ascent + line->descent + line->gap;
        ol->baseline = baseline;
        ol->start = st->byte_of[line->cp_start];
        ol->length = st->byte_of[line->cp_end] - st->byte_of[line->cp_start];
        ol->flags = line->truncated ? LAMINA_TEXT_LINE_TRUNCATED : 0;
        top += ol->box.size.height;
    }
    out->runs = res->runs;
    out->run_count = r;
    out->lines = res->lines;
    out->line_count = st->lines.n;
    out->size.width = widest;
    out->size.height = top;
    return LAMINA_STATUS_OK;
}

static lamina_status_t layout_locked(lt_provider *p, const lamina_text_request_t *req, lamina_text_layout_t *out,
                                     lt_result *res, lt_state *st) {
    st->p = p;
    st->req = req;
    const unsigned char *s = (const unsigned char *)req->string;
    size_t len = req->length;
    if (len > 0 && (!s || !req->spans || req->span_count == 0))
        return fail(out, res, LAMINA_STATUS_INVALID_ARGUMENT, "a text request needs its string and spans");
    st->cps = malloc((len + 1) * sizeof *st->cps);
    st->byte_of = malloc((len + 2) * sizeof *st->byte_of);
    st->primary = calloc(req->span_count + 1, sizeof *st->primary);
    st->buffer = hb_buffer_create();
    if (!st->cps || !st->byte_of || !st->primary || !hb_buffer_allocation_successful(st->buffer))
        return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory laying text out");
    size_t i = 0;
    while (i < len) {
        st->byte_of[st->n] = i;
        st->cps[st->n++] = decode_utf8(s, len, &i);
    }
    st->byte_of[st->n] = len;
    size_t n = st->n;
    for (size_t k = 0; k < req->span_count; k++) {
        const lamina_text_span_t *sp = &req->spans[k];
        if (!sp->font || !sp->font[0])
            return fail(out, res, LAMINA_STATUS_INVALID_ARGUMENT, "a text span has no font");
        if (sp->start > len || sp->length > len - sp->start)
            return fail(out, res, LAMINA_STATUS_INVALID_ARGUMENT, "a text span lies outside the string");
        char why[400];
        st->primary[k] = lt_resolve_font(p, sp->font, why, sizeof why);
        if (!st->primary[k]) return fail(out, res, LAMINA_STATUS_NOT_FOUND, why);
    }
    if (n == 0) return emit(st, out, res);
    st->span_of = malloc(n * sizeof *st->span_of);
    st->face_of = malloc(n * sizeof *st->face_of);
    st->script_of = malloc(n * sizeof *st->script_of);
    st->levels = malloc(n * sizeof *st->levels);
    st->breaks = malloc(n);
    st->advance = calloc(n, sizeof *st->advance);
    st->cluster_first = calloc(n, sizeof *st->cluster_first);
    if (!st->span_of || !st->face_of || !st->script_of || !st->levels || !st->breaks || !st->advance ||
        !st->cluster_first)
        return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory laying text out");
    /* Spans, faces (with fallback), scripts. */
    size_t span = 0;
    hb_unicode_funcs_t *uf = hb_unicode_funcs_get_default();
    for (size_t k = 0; k < n; k++) {
        while (span + 1 < req->span_count && st->byte_of[k] >= req->spans[span].start + req->spans[span].length) span++;
        st->span_of[k] = span;
        uint32_t cp = st->cps[k];
        hb_unicode_general_category_t gc = hb_unicode_general_category(uf, cp);
        bool mark = gc == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK || gc == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            || gc == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK;
        if (mark && k > 0 && st->span_of[k - 1] == span && lt_face_has(st->face_of[k - 1], cp)) {
            st->face_of[k] = st->face_of[k - 1];  /* a mark stays with its base when it can */
        } else {
            st->face_of[k] = lt_fallback(p, st->primary[span], req->spans[span].font, cp);
        }
        st->script_of[k] = hb_unicode_script(uf, cp);
    }
    /* Common and inherited characters take the script before them (or the first after). */
    hb_script_t last = HB_SCRIPT_INVALID;
    for (size_t k = 0; k < n; k++) {
        hb_script_t sc = st->script_of[k];
        if (sc == HB_SCRIPT_COMMON || sc == HB_SCRIPT_INHERITED || sc == HB_SCRIPT_UNKNOWN) {
            if (last != HB_SCRIPT_INVALID) st->script_of[k] = last;
        } else {
            if (last == HB_SCRIPT_INVALID) for (size_t j = 0; j < k; j++) st->script_of[j] = sc;
            last = sc;
        }
    }
    if (last == HB_SCRIPT_INVALID) for (size_t k = 0; k < n; k++) st->script_of[k] = HB_SCRIPT_LATIN;
    /* UAX #14 break opportunities for the whole string (after code point k). */
    set_linebreaks_utf32(st->cps, n, NULL, st->breaks);
    /* Paragraph by paragraph: bidi levels, items, shaping, lines. */
    double width = req->width;
    bool wrap = req->wrapped && isfinite(width) && width > 0;
    double height_left = (wrap && req->truncation != LAMINA_TEXT_TRUNCATE_NONE && isfinite(req->height))
        ? req->height : INFINITY;
    double used = 0;
    size_t ps = 0;
    bool stop = false;
    while (ps <= n && !stop) {
        size_t pe = ps;
        while (pe < n && !is_paragraph_break(st->cps[pe])) pe++;
        size_t next = pe;
        if (pe < n) {
            next = pe + 1;
            if (st->cps[pe] == '\r' && next < n && st->cps[next] == '\n') next++;
        }
        int base = 0;
        if (pe > ps) {
            FriBidiCharType *types = malloc((pe - ps) * sizeof *types);
            FriBidiBracketType *brackets = malloc((pe - ps) * sizeof *brackets);
            if (!types || !brackets) { free(types); free(brackets); return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory"); }
            fribidi_get_bidi_types(st->cps + ps, (FriBidiStrIndex)(pe - ps), types);
            fribidi_get_bracket_types(st->cps + ps, (FriBidiStrIndex)(pe - ps), types, brackets);
            FriBidiParType dir = FRIBIDI_PAR_ON;
            FriBidiLevel max = fribidi_get_par_embedding_levels_ex(types, brackets, (FriBidiStrIndex)(pe - ps), &dir,
                                                                   st->levels + ps);
            free(types);
            free(brackets);
            if (max == 0) for (size_t k = ps; k < pe; k++) st->levels[k] = 0;
            base = FRIBIDI_IS_RTL(dir) ? 1 : 0;
            /* Items of one span, face, script and level, each shaped whole. */
            size_t a = ps;
            while (a < pe) {
                size_t b = a + 1;
                while (b < pe && st->span_of[b] == st->span_of[a] && st->face_of[b] == st->face_of[a]
                       && st->script_of[b] == st->script_of[a] && st->levels[b] == st->levels[a]) b++;
                lt_item it = {a, b, st->span_of[a], st->face_of[a], span_size(&req->spans[st->span_of[a]]),
                              st->levels[a], st->glyphs.n, 0};
                if (!shape(st, a, b, it.face, it.size, st->script_of[a], it.level, st->cps, n, &st->glyphs))
                    return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory shaping text");
                it.glyph_end = st->glyphs.n;
                for (size_t g = it.glyph_start; g < it.glyph_end; g++) {
                    st->advance[st->glyphs.v[g].cluster] += st->glyphs.v[g].advance;
                    st->cluster_first[st->glyphs.v[g].cluster] = true;
                }
                if (!VEC_PUSH(st->items, it)) return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
                a = b;
            }
        }
        /* Greedy lines: break at the last opportunity before the width is passed (white
         * space may hang past it), or inside the word when it alone is too wide. */
        size_t ls = ps;
        do {
            size_t le = pe;
            if (wrap) {
                double w = 0;
                size_t last_break = (size_t)-1;
                for (size_t k = ls; k < pe; k++) {
                    w += st->advance[k];
                    if (w > width + 1e-9 && !is_space(st->cps[k]) && k > ls) {
                        if (last_break != (size_t)-1) {
                            le = last_break + 1;
                        } else {
                            le = k;
                            while (le > ls + 1 && !cluster_start(st, le, ls)) le--;
                        }
                        break;
                    }
                    if (st->breaks[k] == LINEBREAK_ALLOWBREAK && k + 1 < pe) last_break = k;
                }
            }
            bool last_line = le >= pe;
            /* Height: when the next line would not fit, this one is the last and is cut. */
            double line_h = 0;
            {
                size_t before = st->pieces.n, lines_before = st->lines.n;
                if (!make_line(st, ls, le, base, LAMINA_TEXT_TRUNCATE_NONE, width, false, last_line))
                    return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
                lt_line *probe = &st->lines.v[st->lines.n - 1];
                line_h = probe->ascent + probe->descent + probe->gap;
                st->pieces.n = before;
                st->lines.n = lines_before;
            }
            if (isfinite(height_left) && st->lines.n > 0 && used + line_h > height_left + 1e-9) {
                /* This line does not fit: the previous one becomes the cut last line. */
                lt_line prev = st->lines.v[--st->lines.n];
                st->pieces.n = prev.piece_start;
                if (!make_line(st, prev.cp_start, pe, prev.base_level, req->truncation, width, true, true))
                    return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
                stop = true;
                break;
            }
            if (!make_line(st, ls, le, base, req->truncation, width, false, last_line))
                return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
            used += line_h;
            ls = le;
        } while (ls < pe);
        if (pe >= n) break;
        ps = next;
        if (ps == n) {
            /* A string ending with a line break ends with an empty line. */
            if (!make_line(st, n, n, 0, LAMINA_TEXT_TRUNCATE_NONE, width, false, true))
                return fail(out, res, LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
            break;
        }
    }
    return emit(st, out, res);
}

lamina_status_t lt_layout(void *user_data, const lamina_text_request_t *req, lamina_text_layout_t *out) {
    lt_provider *p = user_data;
    lt_result *res = calloc(1, sizeof *res);
    if (!res) return LAMINA_STATUS_OUT_OF_MEMORY;
    out->provider_data = res;
    if (!req || req->struct_size < sizeof(lamina_text_request_t))
        return fail(out, res, LAMINA_STATUS_INVALID_ARGUMENT, "the text request's struct_size is too small");
    lt_state st;
    memset(&st, 0, sizeof st);
    pthread_mutex_lock(&p->lock);
    lamina_status_t status = layout_locked(p, req, out, res, &st);
    pthread_mutex_unlock(&p->lock);
    free_state(&st);
    return status;
}

void lt_release(void *user_data, lamina_text_layout_t *layout) {
    (void)user_data;
    lt_result *res = layout ? layout->provider_data : NULL;
    if (!res) return;
    free(res->runs);
    free(res->lines);
    free(res->glyph_ids);
    free(res->positions);
    free(res);
    layout->provider_data = NULL;
}
