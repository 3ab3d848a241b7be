/* SPDX-License-Identifier: Apache-2.0 */
/* Shared between the files of liblamina-gles; not installed. */
#ifndef LAMINA_GLES_INTERNAL_H
#define LAMINA_GLES_INTERNAL_H

#include <lamina/lamina_gles.h>

/* Records the calling thread's last error and returns `status` (printf-style message). */
lamina_status_t lgl_fail(lamina_status_t status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Draws into the framebuffer that is bound, like lamina_gles_renderer_draw(), but without the
 * context identity check (the headless path owns its context). */
lamina_status_t lgl_draw(lamina_gles_renderer_t *r, lamina_engine_t *engine,
                         const lamina_draw_record_t *records, size_t count, double time,
                         const lamina_gles_frame_t *frame);

#endif
