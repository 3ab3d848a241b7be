/* SPDX-License-Identifier: Apache-2.0 */
/*
 * liblamina-gles: the draw list drawn with OpenGL ES 3.0 (R14; docs/semantics.md, Part II).
 *
 * This file: the renderer's lifetime, its statistics, the thread's last error and the public
 * entry points. The frame planner (planner.c) walks the draw list in painter's order and hands
 * each record to its passes, one file per feature: background.c (backgrounds and borders, as
 * batched instances, batch.c), shadow.c and blur.c, contents.c, gradient.c, shape.c,
 * offscreen.c (group opacity, masks, shaped clips) and transition.c; programs.c holds the
 * shader programs (renderer/gles/shaders, embedded at build time). Every colour a record draws
 * is multiplied by its instance colour (RS-13). docs/renderer.md maps the files and lists what
 * each feature costs and what is not drawn yet.
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
    /* The batcher's vertex array: primitive.vert's 9 vec4 attributes, one set per instance. */
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
    /* Plain rectangles' (rect.vert): 6 vec4 attributes over the same buffer. */
    glGenVertexArrays(1, &r->rect_vao);
    glBindVertexArray(r->rect_vao);
    for (GLuint i = 0; i < RECT_FLOATS / 4; i++) {
        glEnableVertexAttribArray(i);
        glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, RECT_FLOATS * sizeof(float),
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
    int own_context = glGetString(GL_VERSION) && (r->context == EGL_NO_CONTEXT || eglGetCurrentContext() == r->context);
    if (own_context)
        lgl_delete_gl(r);
    lgl_text_free(r, own_context);
    free(r->inst);
    free(r->check_scratch);
    free(r->texs);
    free(r->tex_slots);
    free(r->segs);
    free(r->stops);
    lgl_evict_rasters(r, 1, 0); /* memory only: the GL objects went above or with the context */
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
/* Drawing: the public entry points (planner.c draws)                                         */
/* ------------------------------------------------------------------------------------------ */

lamina_status_t lamina_gles_renderer_draw(lamina_gles_renderer_t *r, lamina_engine_t *engine,
                                          const lamina_draw_record_t *records, size_t count,
                                          double time, const lamina_gles_frame_t *frame) {
    if (!r) return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "renderer is NULL");
    if (!glGetString(GL_VERSION))
        return lgl_fail(LAMINA_GLES_STATUS_NO_CONTEXT, "no GL context is current on this thread");
    if (r->context != EGL_NO_CONTEXT && eglGetCurrentContext() != r->context)
        return lgl_fail(LAMINA_GLES_STATUS_NO_CONTEXT,
                        "the current GL context is not the one the renderer was created on");
    return lgl_draw(r, engine, records, count, time, frame, 0);
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
