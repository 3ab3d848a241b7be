/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Headless rendering: one process-wide EGL context on Mesa's surfaceless platform (no display,
 * no window; llvmpipe on machines without a GPU), made current for each call only, rendering
 * into an RGBA8 renderbuffer that is read back (docs/renderer.md, "Using it").
 */
#include "internal.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

static pthread_mutex_t headless_lock = PTHREAD_MUTEX_INITIALIZER;
static EGLDisplay headless_display = EGL_NO_DISPLAY;
static EGLContext headless_context = EGL_NO_CONTEXT;
static lamina_gles_renderer_t *headless_renderer;
static GLuint headless_fbo, headless_rb;
static uint32_t headless_w, headless_h;
static int headless_failed;
static char headless_why[256];

/* Creates the display and context once; remembers a failure (it will not change). */
static lamina_status_t headless_init(void) {
    if (headless_context != EGL_NO_CONTEXT) return LAMINA_STATUS_OK;
    if (headless_failed) return lgl_fail(LAMINA_GLES_STATUS_UNAVAILABLE, "%s", headless_why);
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    const char *why = NULL;
    EGLint major = 0, minor = 0, n = 0;
    EGLConfig config;
    static const EGLint config_attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                                          EGL_SURFACE_TYPE, 0, EGL_NONE};
    static const EGLint context_attrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    if (!get_display) {
        why = "eglGetPlatformDisplayEXT is missing (no EGL_EXT_platform_base)";
    } else if ((headless_display = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY,
                                               NULL)) == EGL_NO_DISPLAY) {
        why = "no surfaceless EGL display (Mesa's libegl-mesa0 is needed)";
    } else if (!eglInitialize(headless_display, &major, &minor)) {
        why = "eglInitialize failed on the surfaceless display";
    } else if (!eglBindAPI(EGL_OPENGL_ES_API)) {
        why = "eglBindAPI(EGL_OPENGL_ES_API) failed";
    } else if (!eglChooseConfig(headless_display, config_attrs, &config, 1, &n) || n < 1) {
        why = "no EGL config with OpenGL ES 3";
    } else if ((headless_context = eglCreateContext(headless_display, config, EGL_NO_CONTEXT,
                                                    context_attrs)) == EGL_NO_CONTEXT) {
        why = "eglCreateContext failed for OpenGL ES 3";
    }
    if (why) {
        headless_failed = 1;
        snprintf(headless_why, sizeof headless_why, "headless rendering unavailable: %s", why);
        return lgl_fail(LAMINA_GLES_STATUS_UNAVAILABLE, "%s", headless_why);
    }
    return LAMINA_STATUS_OK;
}

/* A partial frame's redraw region (the renderer's stats) read back into `out` (rows top
 * first, straight colour); the other pixels of `out` stay as the caller's last image. */
static lamina_status_t read_region(uint8_t *out, uint32_t width, uint32_t height) {
    lamina_gles_stats_t stats = {.struct_size = sizeof stats};
    lamina_gles_renderer_get_stats(headless_renderer, &stats);
    const lamina_gles_stats_t *st = &stats;
    uint32_t w = st->redraw_width, h = st->redraw_height;
    if (w == 0 || h == 0) return LAMINA_STATUS_OK;
    uint8_t *tmp = malloc((size_t)w * h * 4);
    if (!tmp) return lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(st->redraw_x, st->redraw_y, (GLsizei)w, (GLsizei)h, GL_RGBA, GL_UNSIGNED_BYTE, tmp);
    if (glGetError() != GL_NO_ERROR) {
        free(tmp);
        return lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "glReadPixels failed");
    }
    for (uint32_t j = 0; j < h; j++) {
        const uint8_t *src = tmp + (size_t)j * w * 4;
        uint8_t *dst = out + ((size_t)(height - 1 - ((uint32_t)st->redraw_y + j)) * width + (uint32_t)st->redraw_x) * 4;
        for (uint32_t i = 0; i < w; i++, src += 4, dst += 4) {
            unsigned a = src[3];
            dst[3] = (uint8_t)a;
            for (int c = 0; c < 3; c++) {
                unsigned v = a == 0 ? 0 : (src[c] * 255u + a / 2) / a;
                dst[c] = (uint8_t)(v > 255 ? 255 : v);
            }
        }
    }
    free(tmp);
    return LAMINA_STATUS_OK;
}

static lamina_status_t render_locked(lamina_engine_t *engine, lamina_layer_t root, double time,
                                     uint32_t width, uint32_t height, double scale,
                                     const lamina_gles_frame_t *frame_in, uint8_t *out,
                                     lamina_gles_stats_t *out_stats) {
    lamina_status_t s = headless_init();
    if (s != LAMINA_STATUS_OK) return s;
    if (!eglMakeCurrent(headless_display, EGL_NO_SURFACE, EGL_NO_SURFACE, headless_context))
        return lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "eglMakeCurrent failed (0x%04x)", eglGetError());
    if (!headless_renderer) {
        s = lamina_gles_renderer_create(&headless_renderer);
        if (s != LAMINA_STATUS_OK) goto done;
    }
    if (!headless_fbo) {
        glGenFramebuffers(1, &headless_fbo);
        glGenRenderbuffers(1, &headless_rb);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, headless_fbo);
    if (headless_w != width || headless_h != height) {
        glBindRenderbuffer(GL_RENDERBUFFER, headless_rb);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, (GLsizei)width, (GLsizei)height);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, headless_rb);
        headless_w = width;
        headless_h = height;
    }
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        headless_w = headless_h = 0;
        s = lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "framebuffer %ux%u incomplete", width, height);
        goto done;
    }
    glViewport(0, 0, (GLsizei)width, (GLsizei)height);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    if (frame_in) {
        frame.flags = frame_in->flags;
        frame.clear_color = frame_in->clear_color;
        if (frame_in->struct_size >= offsetof(lamina_gles_frame_t, damage_count) + sizeof frame.damage_count) {
            frame.damage = frame_in->damage;
            frame.damage_count = frame_in->damage_count;
        }
    }
    frame.flags |= LAMINA_GLES_FRAME_CLEAR;
    frame.scale = scale;
    int partial = (frame.flags & LAMINA_GLES_FRAME_PARTIAL) != 0;
    {
        const lamina_draw_record_t *recs = NULL;
        size_t n = 0;
        s = lamina_engine_draw_list(engine, root, time, &recs, &n);
        if (s != LAMINA_STATUS_OK) {
            lgl_fail(s, "lamina_engine_draw_list: %s", lamina_last_error_message());
            goto done;
        }
        /* Partial: the caller's image is the last frame (age 1); only the region is read. */
        s = lgl_draw(headless_renderer, engine, recs, n, time, &frame, partial ? 1 : 0);
        if (s != LAMINA_STATUS_OK) goto done;
    }
    if (partial) {
        s = read_region(out, width, height);
        goto stats;
    }
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, (GLsizei)width, (GLsizei)height, GL_RGBA, GL_UNSIGNED_BYTE, out);
    if (glGetError() != GL_NO_ERROR) {
        s = lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "glReadPixels failed");
        goto done;
    }
    /* GL's rows run bottom first and hold premultiplied colour: flip and un-premultiply. */
    {
        size_t row = (size_t)width * 4;
        uint8_t *tmp = malloc(row);
        if (!tmp) {
            s = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
            goto done;
        }
        for (uint32_t y = 0; y < height / 2; y++) {
            uint8_t *a = out + row * y, *b = out + row * (height - 1 - y);
            memcpy(tmp, a, row);
            memcpy(a, b, row);
            memcpy(b, tmp, row);
        }
        free(tmp);
        size_t total = (size_t)width * height;
        for (size_t i = 0; i < total; i++) {
            uint8_t *px = out + 4 * i;
            unsigned a = px[3];
            if (a == 0 || a == 255) {
                if (a == 0) px[0] = px[1] = px[2] = 0;
                continue;
            }
            for (int c = 0; c < 3; c++) {
                unsigned v = (px[c] * 255u + a / 2) / a;
                px[c] = (uint8_t)(v > 255 ? 255 : v);
            }
        }
    }
stats:
    if (s != LAMINA_STATUS_OK) goto done;
    if (out_stats) {
        if (out_stats->struct_size < 2 * sizeof(uint32_t)) {
            s = lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_stats->struct_size is too small");
            goto done;
        }
        lamina_gles_renderer_get_stats(headless_renderer, out_stats);
    }
done:
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    eglMakeCurrent(headless_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    return s;
}

lamina_status_t lamina_gles_render_rgba(lamina_engine_t *engine, lamina_layer_t root, double time,
                                        uint32_t width, uint32_t height, double scale,
                                        const lamina_gles_frame_t *frame, uint8_t *out_rgba,
                                        size_t out_size, lamina_gles_stats_t *out_stats) {
    if (!engine || !out_rgba)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "NULL engine or out_rgba");
    if (width == 0 || height == 0 || width > 16384 || height > 16384)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT,
                        "size %ux%u: width and height must be in 1...16384", width, height);
    if (!(scale > 0) || !isfinite(scale))
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "scale must be finite and > 0");
    if (!isfinite(time)) return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "time must be finite");
    if (out_size / 4 / width < height)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT,
                        "out_size %zu is smaller than %ux%ux4 bytes", out_size, width, height);
    if (frame && frame->struct_size < sizeof(uint32_t) * 2 + sizeof(double))
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "frame->struct_size is too small");
    pthread_mutex_lock(&headless_lock);
    lamina_status_t s =
        render_locked(engine, root, time, width, height, scale, frame, out_rgba, out_stats);
    pthread_mutex_unlock(&headless_lock);
    return s;
}
