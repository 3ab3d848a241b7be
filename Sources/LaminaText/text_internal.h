/* SPDX-License-Identifier: Apache-2.0
 * liblamina-text's internals: the provider's state (fonts.c) and the layout (layout.c). */
#ifndef LAMINA_TEXT_INTERNAL_H
#define LAMINA_TEXT_INTERNAL_H

/* Relative, so that SwiftPM (which cannot add ../../include) and CMake both find it. */
#include "../../include/lamina/lamina_text.h"

#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** An open face: its file, HarfBuzz face and font (at upem scale) and metrics per em. */
typedef struct lt_face {
    char *path;
    int index;
    uint64_t id;          /* 1, 2, ...: stable for the provider's life */
    hb_face_t *face;
    hb_font_t *font;
    unsigned upem;
    double ascender;      /* per em, > 0 above the baseline */
    double descender;     /* per em, > 0 below the baseline */
    double line_gap;      /* per em */
} lt_face;

typedef struct { char *name; lt_face *face; } lt_resolved;
typedef struct { uint64_t key; lt_face *face; } lt_fallback_slot;

#define LT_FALLBACK_SLOTS 4096

/** The provider's state (user_data). One layout at a time (`lock`). */
typedef struct lt_provider {
    pthread_mutex_t lock;
    FcConfig *config;
    lt_face **faces;
    size_t face_count, face_capacity;
    lt_resolved *resolved;      /* font name or path -> face */
    size_t resolved_count, resolved_capacity;
    lt_fallback_slot fallback[LT_FALLBACK_SLOTS]; /* (face id, code point) -> face */
} lt_provider;

/** The face for a family name or a file path; NULL with `error` set when there is none. */
lt_face *lt_resolve_font(lt_provider *p, const char *font, char *error, size_t error_size);
/** `primary` when it has `cp` (or cp needs no glyph), else a face fontconfig finds with it,
 *  else `primary` (its .notdef shows). */
lt_face *lt_fallback(lt_provider *p, lt_face *primary, const char *family, uint32_t cp);
bool lt_face_has(const lt_face *f, uint32_t cp);
void lt_fonts_free(lt_provider *p);

lamina_status_t lt_layout(void *user_data, const lamina_text_request_t *request, lamina_text_layout_t *out);
void lt_release(void *user_data, lamina_text_layout_t *layout);

#endif
