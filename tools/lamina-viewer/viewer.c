/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina-viewer: Lamina's scenes in a window (SDL2 + OpenGL ES 3 through liblamina-gles).
 *
 *   lamina-viewer [--scene NAME] [--scale S]            interactive (default scene: gallery)
 *   lamina-viewer --scene NAME --at T --screenshot PATH  one frame through the window, then exit
 *   lamina-viewer --frames DIR [--scene NAME]            no window: frames 0...4 s as PNGs
 *   lamina-viewer --scene NAME [--at T] --png PATH       no window: one frame, headless
 *   lamina-viewer --list                                 the scenes
 *   lamina-viewer --lottie FILE [--progress P --screenshot PATH]  a Lottie file (lottie.c)
 *   lamina-viewer --gesture [--at T --screenshot PATH | --png PATH | --frames DIR | --filmstrip PATH
 *                            | --trace FILE [--shots DIR]]
 *                                                        the gesture demo (gesture.c)
 *
 * The default scene is the gallery (what the compositor draws, at a glance); Right (or N) from
 * it is listing 7.7 as a real demo: click the red box to recolour it, click anywhere else to
 * send it there over 4 s; clicks are hit tested on the presentation (CA-12.11), so the box is
 * caught where it is seen mid-flight. Keys: Right/Left or N/P switch
 * scenes, R restarts, Space pauses, Escape quits. The window title shows the scene and the
 * frame time (tick + draw list + render). Without a display, the viewer renders the scene's
 * first 4 seconds headless and prints where the frames went.
 */
#include <SDL.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <GLES3/gl3.h>

#include "gesture.h"
#include "scenes.h"
#ifdef LAMINA_VIEWER_LOTTIE
#include "lottie.h"
#endif

static int failf(const char *what, lamina_status_t s) {
    fprintf(stderr, "lamina-viewer: %s: %s: %s\n", what, lamina_gles_status_string(s),
            lamina_gles_last_error_message());
    return 1;
}

static void tick_to(scene_ctx_t *ctx, double from, double to) {
    /* Advance like a 60 Hz host so completions and callbacks run on the way. */
    for (double t = from + 1.0 / 60; t < to; t += 1.0 / 60) lamina_engine_tick(ctx->engine, t);
    lamina_engine_tick(ctx->engine, to);
}

/* No display: the scene's frames 0...seconds at `fps`, headless, as PNG files in `dir`. */
static int headless_frames(const scene_t *sc, const char *dir, double seconds, double fps,
                           double scale) {
    scene_ctx_t ctx;
    lamina_status_t s = scene_build(sc, &ctx);
    if (s) return failf("building the scene", s);
    mkdir(dir, 0777);
    uint32_t w = (uint32_t)(sc->width * scale), h = (uint32_t)(sc->height * scale);
    uint8_t *px = malloc((size_t)w * h * 4);
    int frames = (int)(seconds * fps + 0.5);
    double prev = 0;
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= sc->frame_flags;
    for (int i = 0; i <= frames && px; i++) {
        double t = i / fps;
        tick_to(&ctx, prev, t);
        prev = t;
        /* The demo: the scene sent the box right at 0; a tap on it at 1 s recolours it. */
        if (sc->tap && i == (int)(1.0 * fps)) {
            lamina_value_t v;
            if (lamina_layer_get_presentation_value(ctx.engine, ctx.focus, "position", &v) == 0)
                sc->tap(&ctx, v.u.point, t);
        }
        s = lamina_gles_render_rgba(ctx.engine, ctx.root, t, w, h, scale, &frame, px,
                                    (size_t)w * h * 4, NULL);
        if (s) {
            free(px);
            scene_destroy(&ctx);
            return failf("rendering", s);
        }
        char path[1024];
        snprintf(path, sizeof path, "%s/%s-%03d.png", dir, sc->name, i);
        s = lamina_gles_write_png(path, px, w, h);
        if (s) {
            free(px);
            scene_destroy(&ctx);
            return failf("writing a frame", s);
        }
    }
    printf("lamina-viewer: no display; rendered %d frames of \"%s\" (%s) headless, t = 0...%g s "
           "at %g fps, to %s/%s-000.png ... %s-%03d.png\n",
           frames + 1, sc->name, sc->description, seconds, fps, dir, sc->name, sc->name, frames);
    free(px);
    scene_destroy(&ctx);
    return 0;
}

/* No window: one frame at `t`, headless, as a PNG file (the docs' still). */
static int headless_png(const scene_t *sc, double t, double scale, const char *path) {
    scene_ctx_t ctx;
    lamina_status_t s = scene_build(sc, &ctx);
    if (s) return failf("building the scene", s);
    tick_to(&ctx, 0, t);
    uint32_t w = (uint32_t)(sc->width * scale), h = (uint32_t)(sc->height * scale);
    uint8_t *px = malloc((size_t)w * h * 4);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= sc->frame_flags;
    s = px ? lamina_gles_render_rgba(ctx.engine, ctx.root, t, w, h, scale, &frame, px,
                                     (size_t)w * h * 4, NULL)
           : LAMINA_STATUS_OUT_OF_MEMORY;
    if (!s) s = lamina_gles_write_png(path, px, w, h);
    free(px);
    scene_destroy(&ctx);
    if (s) return failf("rendering the still", s);
    printf("lamina-viewer: %s at t = %g (%ux%u, headless) -> %s\n", sc->name, t, w, h, path);
    return 0;
}

/* An SDL window of w x h pixels (hidden when `hidden`, for screenshots) with an OpenGL ES 3
 * context current, or desktop GL 3.3 core where ES is not offered (the renderer's shaders then
 * switch to #version 330 core). NULL, with a message and SDL shut down, when neither is. */
SDL_GLContext viewer_open_window(const char *title, int w, int h, int hidden, SDL_Window **out_win) {
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_Window *win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                       SDL_WINDOW_OPENGL | (hidden ? SDL_WINDOW_HIDDEN : 0));
    SDL_GLContext gl = win ? SDL_GL_CreateContext(win) : NULL;
    if (!gl && win) {
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
        gl = SDL_GL_CreateContext(win);
    }
    if (!gl) {
        fprintf(stderr, "lamina-viewer: no OpenGL ES 3 context (%s)\n", SDL_GetError());
        if (win) SDL_DestroyWindow(win);
        SDL_Quit();
        return NULL;
    }
    *out_win = win;
    return gl;
}

int viewer_screenshot(int w, int h, const char *path) {
    uint8_t *px = malloc((size_t)w * h * 4);
    if (!px) return 1;
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
    size_t row = (size_t)w * 4;
    uint8_t *tmp = malloc(row);
    for (int y = 0; tmp && y < h / 2; y++) {
        memcpy(tmp, px + row * y, row);
        memcpy(px + row * y, px + row * (h - 1 - y), row);
        memcpy(px + row * (h - 1 - y), tmp, row);
    }
    free(tmp);
    for (size_t i = 0; i < (size_t)w * h; i++) {
        uint8_t *p = px + 4 * i;
        if (p[3] && p[3] < 255)
            for (int c = 0; c < 3; c++) p[c] = (uint8_t)((p[c] * 255u + p[3] / 2) / p[3]);
    }
    lamina_status_t s = lamina_gles_write_png(path, px, (uint32_t)w, (uint32_t)h);
    free(px);
    if (s) return failf("writing the screenshot", s);
    return 0;
}

int main(int argc, char **argv) {
    const char *scene_name = "gallery", *shot = NULL, *frames_dir = NULL, *png = NULL;
    double at = -1, scale = 1;
    const char *lottie = NULL, *strip = NULL, *trace = NULL, *shots = NULL;
    double progress = 0;
    int gesture = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lottie") && i + 1 < argc) lottie = argv[++i];
        else if (!strcmp(argv[i], "--progress") && i + 1 < argc) progress = atof(argv[++i]);
        else if (!strcmp(argv[i], "--scene") && i + 1 < argc) scene_name = argv[++i];
        else if (!strcmp(argv[i], "--at") && i + 1 < argc) at = atof(argv[++i]);
        else if (!strcmp(argv[i], "--scale") && i + 1 < argc) scale = atof(argv[++i]);
        else if (!strcmp(argv[i], "--screenshot") && i + 1 < argc) shot = argv[++i];
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames_dir = argv[++i];
        else if (!strcmp(argv[i], "--png") && i + 1 < argc) png = argv[++i];
        else if (!strcmp(argv[i], "--gesture")) gesture = 1;
        else if (!strcmp(argv[i], "--filmstrip") && i + 1 < argc) strip = argv[++i];
        else if (!strcmp(argv[i], "--trace") && i + 1 < argc) trace = argv[++i];
        else if (!strcmp(argv[i], "--shots") && i + 1 < argc) shots = argv[++i];
        else if (!strcmp(argv[i], "--list")) {
            size_t n;
            const scene_t *all = scenes_all(&n);
            for (size_t k = 0; k < n; k++)
                printf("%-28s %-9s %s\n", all[k].name, all[k].topic, all[k].description);
            return 0;
        } else {
            fprintf(stderr,
                    "usage: lamina-viewer [--scene NAME] [--scale S] [--at T --screenshot PATH]\n"
                    "                     [--frames DIR] [--list]\n"
                    "                     [--lottie FILE [--progress P --screenshot PATH]]\n"
                    "                     [--gesture [--at T --screenshot PATH | --png PATH |\n"
                    "                                 --frames DIR | --filmstrip PATH |\n"
                    "                                 --trace FILE [--shots DIR]]]\n");
            return 2;
        }
    }
    if (!(scale > 0 && scale <= 8)) {
        fprintf(stderr, "lamina-viewer: --scale must be in (0, 8]\n");
        return 2;
    }
    if (gesture) return gesture_main(at, scale, shot, png, frames_dir, strip, trace, shots);
    if (strip || trace || shots) {
        fprintf(stderr, "lamina-viewer: --filmstrip, --trace and --shots are --gesture options\n");
        return 2;
    }
    if (lottie) {
#ifdef LAMINA_VIEWER_LOTTIE
        return lottie_main(lottie, progress, shot ? shot : png, scale);
#else
        fprintf(stderr, "lamina-viewer: built without liblamina-lottie (--lottie)\n");
        return 2;
#endif
    }
    size_t n_scenes;
    const scene_t *all = scenes_all(&n_scenes);
    const scene_t *sc = scene_find(scene_name);
    if (!sc) {
        fprintf(stderr, "lamina-viewer: no scene \"%s\" (--list shows them)\n", scene_name);
        return 2;
    }
    if (frames_dir) return headless_frames(sc, frames_dir, 4.0, 10.0, scale);
    if (png) return headless_png(sc, at >= 0 ? at : sc->at, scale, png);

    /* No display to open (and no SDL driver asked for): frames instead of a window. */
    int no_display = !getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY") && !getenv("SDL_VIDEODRIVER");
    if (no_display && !shot) return headless_frames(sc, "lamina-viewer-frames", 4.0, 10.0, scale);
    if (no_display || SDL_Init(SDL_INIT_VIDEO) != 0) {
        if (shot) {
            fprintf(stderr, "lamina-viewer: no display for --screenshot (%s); run it under "
                            "xvfb-run, or use --frames DIR for headless frames\n",
                    no_display ? "DISPLAY is not set" : SDL_GetError());
            return 1;
        }
        return headless_frames(sc, "lamina-viewer-frames", 4.0, 10.0, scale);
    }
    int w = (int)(sc->width * scale), h = (int)(sc->height * scale);
    SDL_Window *win = NULL;
    SDL_GLContext gl = viewer_open_window("lamina-viewer", w, h, shot != NULL, &win);
    if (!gl) return shot ? 1 : headless_frames(sc, "lamina-viewer-frames", 4.0, 10.0, scale);
    SDL_GL_SetSwapInterval(1);
    lamina_gles_renderer_t *r = NULL;
    lamina_status_t s = lamina_gles_renderer_create(&r);
    if (s) return failf("creating the renderer", s);

    scene_ctx_t ctx;
    s = scene_build(sc, &ctx);
    if (s) return failf("building the scene", s);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.scale = scale;
    frame.flags |= sc->frame_flags;
    frame.clear_color = (lamina_color_t){0.2, 0.2, 0.22, 1};

    if (shot) {
        double t = at >= 0 ? at : sc->at;
        tick_to(&ctx, 0, t);
        int dw, dh;
        SDL_GL_GetDrawableSize(win, &dw, &dh);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glViewport(0, 0, dw, dh);
        s = lamina_gles_renderer_render(r, ctx.engine, ctx.root, t, &frame);
        int rc = s ? failf("rendering", s) : viewer_screenshot(dw, dh, shot);
        if (!rc) {
            lamina_gles_stats_t st = {.struct_size = sizeof st};
            lamina_gles_renderer_get_stats(r, &st);
            printf("lamina-viewer: %s at t = %g: %dx%d, %u draw calls, %u primitives, GL \"%s\" -> %s\n",
                   sc->name, t, dw, dh, st.draw_calls, st.primitives,
                   (const char *)glGetString(GL_VERSION), shot);
        }
        scene_destroy(&ctx);
        lamina_gles_renderer_destroy(r);
        SDL_GL_DeleteContext(gl);
        SDL_DestroyWindow(win);
        SDL_Quit();
        return rc;
    }

    printf("lamina-viewer: %s. Keys: Right/Left or N/P scenes, R restart, Space pause, Esc quit.\n",
           sc->tap ? "click the box to recolour it, elsewhere to send it there" : "");
    Uint64 freq = SDL_GetPerformanceFrequency(), start = SDL_GetPerformanceCounter();
    double paused_at = -1, offset = 0, frame_ms = 0, last_title = -1;
    size_t index = (size_t)(sc - all);
    int running = 1;
    while (running) {
        double now = (double)(SDL_GetPerformanceCounter() - start) / (double)freq - offset;
        if (paused_at >= 0) now = paused_at;
        SDL_Event ev;
        int switch_to = -1;
        while (SDL_PollEvent(&ev)) {
            if (ev.type == SDL_QUIT) running = 0;
            else if (ev.type == SDL_KEYDOWN) {
                SDL_Keycode k = ev.key.keysym.sym;
                if (k == SDLK_ESCAPE || k == SDLK_q) running = 0;
                else if (k == SDLK_RIGHT || k == SDLK_n) switch_to = (int)((index + 1) % n_scenes);
                else if (k == SDLK_LEFT || k == SDLK_p) switch_to = (int)((index + n_scenes - 1) % n_scenes);
                else if (k == SDLK_r) switch_to = (int)index;
                else if (k == SDLK_SPACE) {
                    if (paused_at >= 0) {
                        offset += (double)(SDL_GetPerformanceCounter() - start) / (double)freq -
                                  offset - paused_at;
                        paused_at = -1;
                    } else {
                        paused_at = now;
                    }
                }
            } else if (ev.type == SDL_MOUSEBUTTONDOWN && all[index].tap) {
                lamina_point_t p = {ev.button.x / scale, ev.button.y / scale};
                all[index].tap(&ctx, p, now);
            }
        }
        if (switch_to >= 0) {
            scene_destroy(&ctx);
            index = (size_t)switch_to;
            sc = &all[index];
            s = scene_build(sc, &ctx);
            if (s) return failf("building the scene", s);
            w = (int)(sc->width * scale);
            h = (int)(sc->height * scale);
            SDL_SetWindowSize(win, w, h);
            frame.flags = LAMINA_GLES_FRAME_CLEAR | sc->frame_flags;
            start = SDL_GetPerformanceCounter();
            offset = 0;
            paused_at = -1;
            continue;
        }
        Uint64 f0 = SDL_GetPerformanceCounter();
        lamina_engine_tick(ctx.engine, now);
        int dw, dh;
        SDL_GL_GetDrawableSize(win, &dw, &dh);
        glViewport(0, 0, dw, dh);
        s = lamina_gles_renderer_render(r, ctx.engine, ctx.root, now, &frame);
        if (s) {
            failf("rendering", s);
            break;
        }
        glFinish();
        frame_ms = 0.9 * frame_ms + 0.1 * 1000.0 * (double)(SDL_GetPerformanceCounter() - f0) / (double)freq;
        if (now - last_title > 0.25 || now < last_title) {
            char title[256];
            snprintf(title, sizeof title, "lamina-viewer: %s (%zu/%zu) - %.2f ms/frame%s",
                     sc->name, index + 1, n_scenes, frame_ms, paused_at >= 0 ? " - paused" : "");
            SDL_SetWindowTitle(win, title);
            last_title = now;
        }
        SDL_GL_SwapWindow(win);
    }
    scene_destroy(&ctx);
    lamina_gles_renderer_destroy(r);
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}
