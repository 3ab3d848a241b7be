/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Partial redraw in a window (issue 29 item 2): an SDL2 window whose OpenGL ES 3 context SDL
 * makes through EGL (SDL_HINT_VIDEO_X11_FORCE_EGL, under Xvfb), framebuffer 0 bound, frames
 * drawn with LAMINA_GLES_FRAME_PARTIAL and buffer_age 0 (the renderer asks EGL), presented by
 * lamina_gles_swap_buffers(). Each frame's back buffer must equal the headless full render
 * within 1/255, whatever the driver reports: where the display has no EGL_EXT_buffer_age
 * (Mesa's X11 platform under Xvfb) every frame is drawn whole; where it has it, only the region
 * with the damage the buffer missed. Prints which. Exit 0 on success, 1 on a failure, 77
 * (skipped) without a window.
 */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lamina/lamina_gles.h>

enum { W = 160, H = 120 };

#define CK(call)                                                                                   \
    do {                                                                                           \
        lamina_status_t s_ = (call);                                                               \
        if (s_) {                                                                                  \
            fprintf(stderr, "%s: %s %s %s\n", #call, lamina_gles_status_string(s_),                \
                    lamina_last_error_message(), lamina_gles_last_error_message());                \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

int main(void) {
    SDL_SetHint(SDL_HINT_VIDEO_X11_FORCE_EGL, "1");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "skipped: SDL: %s\n", SDL_GetError());
        return 77;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_Window *win = SDL_CreateWindow("partial", 0, 0, W, H, SDL_WINDOW_OPENGL);
    SDL_GLContext gl = win ? SDL_GL_CreateContext(win) : NULL;
    if (!gl || eglGetCurrentSurface(EGL_DRAW) == EGL_NO_SURFACE) {
        fprintf(stderr, "skipped: no EGL window surface: %s\n", SDL_GetError());
        return 77;
    }
    EGLDisplay dpy = eglGetCurrentDisplay();
    EGLSurface surf = eglGetCurrentSurface(EGL_DRAW);
    EGLContext ctx = eglGetCurrentContext();
    int dw = 0, dh = 0;
    SDL_GL_GetDrawableSize(win, &dw, &dh);
    if (dw != W || dh != H) {
        fprintf(stderr, "skipped: drawable %dx%d\n", dw, dh);
        return 77;
    }
    lamina_engine_t *e;
    lamina_layer_t root, card;
    CK(lamina_engine_create(&e));
    CK(lamina_layer_create(e, &root));
    CK(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {W, H}}));
    CK(lamina_layer_set_position(e, root, (lamina_point_t){W / 2.0, H / 2.0}));
    CK(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}));
    CK(lamina_layer_create(e, &card));
    CK(lamina_layer_set_bounds(e, card, (lamina_rect_t){{0, 0}, {40, 24}}));
    CK(lamina_layer_set_number(e, card, "cornerRadius", 6));
    CK(lamina_layer_set_color(e, card, "backgroundColor", (lamina_color_t){0.9, 0.2, 0.1, 1}));
    CK(lamina_layer_add_sublayer(e, root, card));
    lamina_gles_renderer_t *r;
    CK(lamina_gles_renderer_create(&r));
    static uint8_t got[W * H * 4], flipped[W * H * 4], want[W * H * 4];
    int failed = 0, partial_frames = 0;
    for (int k = 0; k < 8; k++) {
        double t = k / 60.0;
        CK(lamina_transaction_begin(e));
        CK(lamina_transaction_set_disable_actions(e, 1));
        CK(lamina_layer_set_position(e, card, (lamina_point_t){30 + 8 * k, 30 + 5 * k}));
        CK(lamina_transaction_commit(e));
        CK(lamina_engine_tick(e, t));
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glViewport(0, 0, W, H);
        lamina_gles_frame_t f = LAMINA_GLES_FRAME_INIT;
        f.flags |= LAMINA_GLES_FRAME_PARTIAL;
        f.buffer_age = 0; /* ask EGL */
        CK(lamina_gles_renderer_render(r, e, root, t, &f));
        lamina_gles_stats_t st = {.struct_size = sizeof st};
        CK(lamina_gles_renderer_get_stats(r, &st));
        if (st.redraw_width * st.redraw_height < (uint32_t)(W * H)) partial_frames++;
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, got);
        for (int y = 0; y < H; y++) memcpy(flipped + y * W * 4, got + (H - 1 - y) * W * 4, W * 4);
        CK(lamina_gles_swap_buffers(r));
        /* The headless full frame (its own context; the window's is made current again after,
         * with EGL itself: SDL believes it still is). */
        CK(lamina_gles_render_rgba(e, root, t, W, H, 1, NULL, want, sizeof want, NULL));
        eglMakeCurrent(dpy, surf, surf, ctx);
        int worst = 0;
        for (size_t i = 0; i < sizeof want; i++) {
            int d = abs((int)flipped[i] - (int)want[i]);
            if (d > worst) worst = d;
        }
        if (worst > 1) {
            fprintf(stderr, "frame %d: the window's pixels differ from a full render by %d/255\n", k, worst);
            failed = 1;
        }
    }
    int has_age = strstr(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_EXT_buffer_age") != NULL;
    printf("window partial redraw: %d of 8 frames partial (EGL_EXT_buffer_age %s)\n", partial_frames,
           has_age ? "present" : "absent: whole frames");
    if (!has_age && partial_frames > 0) { /* an unknown age must redraw everything */
        fprintf(stderr, "partial frames without a buffer age\n");
        failed = 1;
    }
    lamina_gles_renderer_destroy(r);
    CK(lamina_layer_release(e, card));
    CK(lamina_layer_release(e, root));
    lamina_engine_destroy(e);
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return failed;
}
