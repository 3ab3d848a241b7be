/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A headless OpenGL ES 3 context for the compositor's tests and benchmarks: EGL's Mesa
 * surfaceless platform (llvmpipe on a machine without a GPU) and an RGBA8 renderbuffer bound as
 * the framebuffer. One copy for the gles tests, the golden and cross-check tools, and
 * lamina-gles-bench, -text-bench, -peer-bench and -lottie-bench.
 */
#ifndef LAMINA_HEADLESS_GL_H
#define LAMINA_HEADLESS_GL_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <stdio.h>

/* An OpenGL ES 3 context on the initialised surfaceless display (*out_dpy), not yet current;
 * EGL_NO_CONTEXT when there is none. Each call makes a new context on the same display. */
static inline EGLContext headless_gl_context(EGLDisplay *out_dpy) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC gd =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    *out_dpy = gd ? gd(0x31DD /* EGL_PLATFORM_SURFACELESS_MESA */, EGL_DEFAULT_DISPLAY, NULL) : EGL_NO_DISPLAY;
    EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE}, nc;
    EGLint cattrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLConfig cfg;
    if (*out_dpy == EGL_NO_DISPLAY || !eglInitialize(*out_dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API) ||
        !eglChooseConfig(*out_dpy, attrs, &cfg, 1, &nc) || nc != 1)
        return EGL_NO_CONTEXT;
    return eglCreateContext(*out_dpy, cfg, EGL_NO_CONTEXT, cattrs);
}

/* A w x h RGBA8 renderbuffer bound as the current context's framebuffer, with the viewport
 * set: the "current framebuffer and viewport" a host gives the renderer. */
static inline void headless_gl_target(int w, int h, GLuint *out_fbo, GLuint *out_rb) {
    glGenFramebuffers(1, out_fbo);
    glGenRenderbuffers(1, out_rb);
    glBindRenderbuffer(GL_RENDERBUFFER, *out_rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, *out_fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *out_rb);
    glViewport(0, 0, w, h);
}

/* The benchmarks' whole setup: a context made current with a w x h target. */
typedef struct {
    EGLDisplay dpy;
    EGLContext ctx;
} bench_gl_t;

/* Makes the context and framebuffer; 0 (with a message naming `tool`) when there is none. */
static inline int bench_gl_begin(const char *tool, int w, int h, bench_gl_t *gl) {
    gl->ctx = headless_gl_context(&gl->dpy);
    if (gl->ctx == EGL_NO_CONTEXT || !eglMakeCurrent(gl->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gl->ctx)) {
        fprintf(stderr, "%s: no headless OpenGL ES 3 context\n", tool);
        return 0;
    }
    GLuint fbo, rb;
    headless_gl_target(w, h, &fbo, &rb);
    return 1;
}

/* Releases the context and the display. */
static inline void bench_gl_end(bench_gl_t *gl) {
    eglMakeCurrent(gl->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(gl->dpy, gl->ctx);
    eglTerminate(gl->dpy);
}

#endif
