/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The benchmarks' headless OpenGL ES 3 context: EGL's Mesa surfaceless platform (llvmpipe on a
 * machine without a GPU), made current, with a w x h RGBA8 renderbuffer bound as the
 * framebuffer and the viewport set. One copy for lamina-gles-bench, lamina-text-bench and
 * lamina-peer-bench.
 */
#ifndef LAMINA_BENCH_HEADLESS_GL_H
#define LAMINA_BENCH_HEADLESS_GL_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <stdio.h>

typedef struct {
    EGLDisplay dpy;
    EGLContext ctx;
} bench_gl_t;

/* Makes the context and framebuffer; 0 (with a message naming `tool`) when there is none. */
static inline int bench_gl_begin(const char *tool, int w, int h, bench_gl_t *gl) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC gd =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    gl->dpy = gd ? gd(0x31DD /* EGL_PLATFORM_SURFACELESS_MESA */, EGL_DEFAULT_DISPLAY, NULL) : EGL_NO_DISPLAY;
    gl->ctx = EGL_NO_CONTEXT;
    EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE}, nc;
    EGLint cattrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLConfig cfg;
    if (gl->dpy != EGL_NO_DISPLAY && eglInitialize(gl->dpy, NULL, NULL) && eglBindAPI(EGL_OPENGL_ES_API) &&
        eglChooseConfig(gl->dpy, attrs, &cfg, 1, &nc) && nc == 1)
        gl->ctx = eglCreateContext(gl->dpy, cfg, EGL_NO_CONTEXT, cattrs);
    if (gl->ctx == EGL_NO_CONTEXT || !eglMakeCurrent(gl->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, gl->ctx)) {
        fprintf(stderr, "%s: no headless OpenGL ES 3 context\n", tool);
        return 0;
    }
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glViewport(0, 0, w, h);
    return 1;
}

/* Releases the context and the display. */
static inline void bench_gl_end(bench_gl_t *gl) {
    eglMakeCurrent(gl->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(gl->dpy, gl->ctx);
    eglTerminate(gl->dpy);
}

#endif
