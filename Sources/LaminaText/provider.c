/* SPDX-License-Identifier: Apache-2.0
 *
 * liblamina-text's entry point (include/lamina/lamina_text.h): a provider over its own
 * fontconfig configuration (the system's fonts plus the host's directories).
 */
#include "text_internal.h"
#include "include/lamina_text_entry.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The calling thread's last failure (lamina_text_last_error_message). */
static _Thread_local char lt_message[512];

static lamina_status_t lt_fail(lamina_status_t status, const char *format, ...) {
    va_list args;
    va_start(args, format);
    vsnprintf(lt_message, sizeof lt_message, format, args);
    va_end(args);
    return status;
}

LAMINA_TEXT_API const char *lamina_text_last_error_message(void) { return lt_message; }

static void lt_destroy(void *user_data) {
    lt_provider *p = user_data;
    if (!p) return;
    lt_fonts_free(p);
    if (p->config) FcConfigDestroy(p->config);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

LAMINA_TEXT_API lamina_status_t lamina_text_provider_create(const char *const *font_dirs, size_t font_dir_count,
                                                            lamina_text_provider_t *out_provider) {
    if (!out_provider) return lt_fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_provider is NULL");
    if (font_dir_count > 0 && !font_dirs)
        return lt_fail(LAMINA_STATUS_INVALID_ARGUMENT, "font_dirs is NULL with font_dir_count %zu", font_dir_count);
    lt_provider *p = calloc(1, sizeof *p);
    if (!p) return lt_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for the provider");
    pthread_mutex_init(&p->lock, NULL);
    /* A configuration of our own: the host's directories must not leak into other users of
     * fontconfig in the process, and theirs must not change ours. */
    p->config = FcInitLoadConfigAndFonts();
    if (!p->config) {
        lt_destroy(p);
        return lt_fail(LAMINA_STATUS_OUT_OF_MEMORY, "fontconfig could not load its configuration");
    }
    for (size_t i = 0; i < font_dir_count; i++) {
        /* fontconfig accepts a directory that does not exist: check it can be read first. */
        if (!font_dirs[i] || access(font_dirs[i], R_OK | X_OK) != 0 ||
            !FcConfigAppFontAddDir(p->config, (const FcChar8 *)font_dirs[i])) {
            lt_destroy(p);
            if (!font_dirs[i]) return lt_fail(LAMINA_STATUS_NOT_FOUND, "font_dirs[%zu] is NULL", i);
            return lt_fail(LAMINA_STATUS_NOT_FOUND, "font directory %zu cannot be read: %s", i, font_dirs[i]);
        }
    }
    out_provider->struct_size = sizeof *out_provider;
    out_provider->reserved = 0;
    out_provider->user_data = p;
    out_provider->layout = lt_layout;
    out_provider->release = lt_release;
    out_provider->destroy = lt_destroy;
    return LAMINA_STATUS_OK;
}

/* SwiftPM's entry (include/lamina_text_entry.h): the same provider as plain pointers. */
int32_t lamina_text_entry_create(const char *const *font_dirs, size_t font_dir_count, void **out_user_data,
                                 void **out_layout, void **out_release, void **out_destroy) {
    lamina_text_provider_t p;
    if (!out_user_data || !out_layout || !out_release || !out_destroy) return LAMINA_STATUS_INVALID_ARGUMENT;
    lamina_status_t status = lamina_text_provider_create(font_dirs, font_dir_count, &p);
    if (status != LAMINA_STATUS_OK) return status;
    *out_user_data = p.user_data;
    *out_layout = (void *)p.layout;
    *out_release = (void *)p.release;
    *out_destroy = (void *)p.destroy;
    return LAMINA_STATUS_OK;
}
