/* SPDX-License-Identifier: Apache-2.0
 *
 * liblamina-text's fonts: fontconfig resolves a family name (or takes a file path) to a face,
 * HarfBuzz opens it, and a character the face lacks is taken from the first face fontconfig
 * sorts for the family that has it (per-character fallback, issue 26 item 2). Faces and the
 * answers are cached for the provider's life.
 */
#include "text_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The face for (path, index), opened once. NULL when the file cannot be read as a font. */
static lt_face *face_for_file(lt_provider *p, const char *path, int index) {
    for (size_t i = 0; i < p->face_count; i++) {
        if (p->faces[i]->index == index && strcmp(p->faces[i]->path, path) == 0) return p->faces[i];
    }
    if (access(path, R_OK) != 0) return NULL;
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) return NULL;
    hb_face_t *hbface = hb_face_create(blob, (unsigned)index);
    hb_blob_destroy(blob);
    if (!hbface || hb_face_get_glyph_count(hbface) == 0) {
        hb_face_destroy(hbface);
        return NULL;
    }
    lt_face *f = calloc(1, sizeof *f);
    if (!f) { hb_face_destroy(hbface); return NULL; }
    f->path = strdup(path);
    f->index = index;
    f->id = (uint64_t)p->face_count + 1;
    f->face = hbface;
    f->font = hb_font_create(hbface);  /* OpenType functions, scale = upem: unhinted advances */
    f->upem = hb_face_get_upem(hbface);
    hb_font_extents_t e;
    hb_font_get_h_extents(f->font, &e);
    f->ascender = (double)e.ascender / f->upem;
    f->descender = (double)-e.descender / f->upem;
    f->line_gap = (double)e.line_gap / f->upem;
    if (p->face_count == p->face_capacity) {
        size_t cap = p->face_capacity ? p->face_capacity * 2 : 8;
        lt_face **grown = realloc(p->faces, cap * sizeof *grown);
        if (!grown) { hb_font_destroy(f->font); hb_face_destroy(hbface); free(f->path); free(f); return NULL; }
        p->faces = grown;
        p->face_capacity = cap;
    }
    p->faces[p->face_count++] = f;
    return f;
}

/* fontconfig's pattern for a family name, substituted like any match. */
static FcPattern *family_pattern(lt_provider *p, const char *family) {
    FcPattern *pat = FcPatternCreate();
    if (!pat) return NULL;
    FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
    FcConfigSubstitute(p->config, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    return pat;
}

lt_face *lt_resolve_font(lt_provider *p, const char *font, char *error, size_t error_size) {
    for (size_t i = 0; i < p->resolved_count; i++) {
        if (strcmp(p->resolved[i].name, font) == 0) return p->resolved[i].face;
    }
    lt_face *face = NULL;
    if (strchr(font, '/')) {
        face = face_for_file(p, font, 0);
        if (!face) {
            snprintf(error, error_size, "font file '%s' cannot be opened as a font", font);
            return NULL;
        }
    } else {
        FcPattern *pat = family_pattern(p, font);
        FcResult result;
        FcPattern *match = pat ? FcFontMatch(p->config, pat, &result) : NULL;
        FcChar8 *file = NULL;
        int index = 0;
        if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
            FcPatternGetInteger(match, FC_INDEX, 0, &index);
            face = face_for_file(p, (const char *)file, index);
        }
        if (match) FcPatternDestroy(match);
        if (pat) FcPatternDestroy(pat);
        if (!face) {
            snprintf(error, error_size, "no font found for the family '%s' (fontconfig has no usable font)", font);
            return NULL;
        }
    }
    if (p->resolved_count == p->resolved_capacity) {
        size_t cap = p->resolved_capacity ? p->resolved_capacity * 2 : 8;
        lt_resolved *grown = realloc(p->resolved, cap * sizeof *grown);
        if (!grown) return face;  /* uncached but usable */
        p->resolved = grown;
        p->resolved_capacity = cap;
    }
    p->resolved[p->resolved_count].name = strdup(font);
    p->resolved[p->resolved_count].face = face;
    p->resolved_count++;
    return face;
}

bool lt_face_has(const lt_face *f, uint32_t cp) {
    hb_codepoint_t g;
    return hb_font_get_nominal_glyph(f->font, cp, &g) != 0;
}

/* Characters no face needs a glyph for: controls and format characters (shaped as nothing
 * or as the primary face's .notdef, never a reason to switch fonts). */
static bool needs_no_glyph(uint32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0x200B || cp == 0x200C || cp == 0x200D
        || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)
        || cp == 0xFEFF || (cp >= 0xFE00 && cp <= 0xFE0F);
}

lt_face *lt_fallback(lt_provider *p, lt_face *primary, const char *family, uint32_t cp) {
    if (needs_no_glyph(cp) || lt_face_has(primary, cp)) return primary;
    uint64_t key = (primary->id << 32) | cp;
    size_t mask = LT_FALLBACK_SLOTS - 1;
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & mask;
    for (size_t probe = 0; probe < LT_FALLBACK_SLOTS; probe++) {
        lt_fallback_slot *s = &p->fallback[(h + probe) & mask];
        if (s->key == key) return s->face ? s->face : primary;
        if (s->key == 0) break;
    }
    lt_face *found = NULL;
    /* The faces fontconfig sorts for the family (similar style first), the first with cp. */
    FcPattern *pat = family_pattern(p, strchr(family, '/') ? "sans-serif" : family);
    FcCharSet *cs = FcCharSetCreate();
    if (pat && cs) {
        FcCharSetAddChar(cs, cp);
        FcPatternAddCharSet(pat, FC_CHARSET, cs);
        FcResult result;
        FcFontSet *set = FcFontSort(p->config, pat, FcFalse, NULL, &result);
        for (int i = 0; set && i < set->nfont && !found; i++) {
            FcCharSet *has = NULL;
            if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &has) != FcResultMatch || !FcCharSetHasChar(has, cp))
                continue;
            FcChar8 *file = NULL;
            int index = 0;
            if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) != FcResultMatch) continue;
            FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &index);
            lt_face *f = face_for_file(p, (const char *)file, index);
            if (f && lt_face_has(f, cp)) found = f;
        }
        if (set) FcFontSetDestroy(set);
    }
    if (cs) FcCharSetDestroy(cs);
    if (pat) FcPatternDestroy(pat);
    /* Remember the answer (a full table just stops remembering). */
    for (size_t probe = 0; probe < LT_FALLBACK_SLOTS / 2; probe++) {
        lt_fallback_slot *s = &p->fallback[(h + probe) & mask];
        if (s->key == 0) { s->key = key; s->face = found; break; }
    }
    return found ? found : primary;
}

void lt_fonts_free(lt_provider *p) {
    for (size_t i = 0; i < p->face_count; i++) {
        hb_font_destroy(p->faces[i]->font);
        hb_face_destroy(p->faces[i]->face);
        free(p->faces[i]->path);
        free(p->faces[i]);
    }
    free(p->faces);
    for (size_t i = 0; i < p->resolved_count; i++) free(p->resolved[i].name);
    free(p->resolved);
}
