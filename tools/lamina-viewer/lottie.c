/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina-viewer --lottie FILE: a Lottie file through liblamina-lottie (issue 28, R16).
 *
 *   lamina-viewer --lottie FILE [--scale S]                      plays it, looping, in a window
 *   lamina-viewer --lottie FILE --progress P --screenshot PATH   one frame, headless, as a PNG
 *
 * The frame at progress P is ip + P * (op - ip) (lamina_lottie_seek); the PNG is the canvas,
 * transparent where nothing is drawn. Keys in the window: Space pauses, R restarts, Esc quits.
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GLES3/gl3.h>

#include "lamina/lamina.h"
#include "lamina/lamina_gles.h"
#include "lamina/lamina_lottie.h"
#include "lottie.h"

static int lottie_fail(const char *what, const char *message) {
    fprintf(stderr, "lamina-viewer: %s: %s\n", what, message);
    return 1;
}

static char *read_file(const char *path, size_t *out_len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    *out_len = len;
    return buf;
}

int lottie_main(const char *file, double progress, const char *shot, double scale) {
    size_t len = 0;
    char *json = read_file(file, &len);
    if (!json) return lottie_fail(file, "cannot read the file");
    lamina_engine_t *engine = NULL;
    if (lamina_engine_create(&engine)) return lottie_fail("lamina_engine_create", lamina_last_error_message());
    lamina_lottie_t *anim = NULL;
    lamina_status_t s = lamina_lottie_load(engine, json, len, &anim);
    free(json);
    if (s) {
        lamina_engine_destroy(engine);
        return lottie_fail(file, lamina_lottie_last_error_message());
    }
    lamina_layer_t root = LAMINA_LAYER_NONE;
    lamina_lottie_get_root(anim, &root);
    lamina_lottie_info_t info = {.struct_size = sizeof info};
    lamina_lottie_get_info(anim, &info);
    size_t warnings = 0;
    lamina_lottie_get_warning_count(anim, &warnings);
    for (size_t i = 0; i < warnings; i++) {
        const char *w = NULL;
        if (!lamina_lottie_get_warning(anim, i, &w)) fprintf(stderr, "lamina-viewer: warning: %s\n", w);
    }
    uint32_t w = (uint32_t)(info.width * scale + 0.5), h = (uint32_t)(info.height * scale + 0.5);
    int rc = 0;
    if (shot) {
        lamina_lottie_seek(anim, progress);
        lamina_engine_tick(engine, 0);
        uint8_t *px = malloc((size_t)w * h * 4);
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        frame.clear_color = (lamina_color_t){0, 0, 0, 0};
        s = px ? lamina_gles_render_rgba(engine, root, 0, w, h, scale, &frame, px, (size_t)w * h * 4, NULL)
               : LAMINA_STATUS_OUT_OF_MEMORY;
        if (!s) s = lamina_gles_write_png(shot, px, w, h);
        free(px);
        if (s) rc = lottie_fail("rendering", lamina_gles_last_error_message());
        else
            printf("lamina-viewer: %s at progress %g (frame %g, %ux%u, headless) -> %s\n", file, progress,
                   info.in_frame + progress * (info.out_frame - info.in_frame), w, h, shot);
    } else if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        rc = lottie_fail("SDL_Init (use --progress P --screenshot PATH without a display)", SDL_GetError());
    } else {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
        SDL_Window *win = SDL_CreateWindow("lamina-viewer: Lottie", SDL_WINDOWPOS_CENTERED,
                                           SDL_WINDOWPOS_CENTERED, (int)w, (int)h, SDL_WINDOW_OPENGL);
        SDL_GLContext gl = win ? SDL_GL_CreateContext(win) : NULL;
        lamina_gles_renderer_t *r = NULL;
        if (!gl || lamina_gles_renderer_create(&r)) {
            rc = lottie_fail("no OpenGL ES 3 context", SDL_GetError());
        } else {
            SDL_GL_SetSwapInterval(1);
            lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
            frame.scale = scale;
            frame.clear_color = (lamina_color_t){1, 1, 1, 1};
            Uint64 freq = SDL_GetPerformanceFrequency(), start = SDL_GetPerformanceCounter();
            lamina_engine_tick(engine, 0);
            lamina_lottie_play(anim);
            int running = 1, paused = 0;
            while (running) {
                double now = (double)(SDL_GetPerformanceCounter() - start) / (double)freq;
                SDL_Event ev;
                while (SDL_PollEvent(&ev)) {
                    if (ev.type == SDL_QUIT) running = 0;
                    else if (ev.type == SDL_KEYDOWN) {
                        SDL_Keycode k = ev.key.keysym.sym;
                        if (k == SDLK_ESCAPE || k == SDLK_q) running = 0;
                        else if (k == SDLK_r) lamina_lottie_play(anim);
                        else if (k == SDLK_SPACE) {
                            paused = !paused;
                            lamina_lottie_set_speed(anim, paused ? 1e-9 : 1);
                        }
                    }
                }
                lamina_engine_tick(engine, now);
                int dw, dh;
                SDL_GL_GetDrawableSize(win, &dw, &dh);
                glViewport(0, 0, dw, dh);
                if (lamina_gles_renderer_render(r, engine, root, now, &frame)) {
                    rc = lottie_fail("rendering", lamina_gles_last_error_message());
                    break;
                }
                SDL_GL_SwapWindow(win);
            }
        }
        if (r) lamina_gles_renderer_destroy(r);
        if (gl) SDL_GL_DeleteContext(gl);
        if (win) SDL_DestroyWindow(win);
        SDL_Quit();
    }
    lamina_lottie_destroy(anim);
    lamina_engine_destroy(engine);
    return rc;
}
