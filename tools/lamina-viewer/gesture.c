/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina-viewer --gesture: the gesture demo (issue 27 item 6, renderer/scenes/gesture_demo.h).
 *
 *   lamina-viewer --gesture                          drag and fling the card, scroll the list
 *   lamina-viewer --gesture --at T --screenshot PATH the script played to T, through the window
 *   lamina-viewer --gesture --at T --png PATH        the same frame, headless
 *   lamina-viewer --gesture --frames DIR             the script's frames at 10 fps, headless
 *   lamina-viewer --gesture --filmstrip PATH         the docs' filmstrip (docs/images/interaction.png)
 *
 * In the window: drag the card and let go (it decelerates, then springs into the slot nearest
 * where the fling would stop); press it while it moves to catch it, and throw it back. Drag
 * the list, fling it past its ends, pull it past them. S plays the script, R resets, Escape
 * quits. The scripted modes drive the same module with synthetic pointer events at 60 Hz.
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <GLES3/gl3.h>

#include "gesture.h"
#include <lamina/lamina_gles.h>

#include "gesture_demo.h"

#define HZ 60.0

static int fail(const char *what, lamina_status_t s) {
    fprintf(stderr, "lamina-viewer: --gesture: %s: %s: %s\n", what, lamina_gles_status_string(s),
            lamina_gles_last_error_message());
    return 1;
}

typedef struct demo_run {
    lamina_engine_t *engine;
    lamina_layer_t root;
    gesture_demo_t *demo;
    double time; /* of the last frame */
    int scripted;
} demo_run_t;

static void run_destroy(demo_run_t *r) {
    gesture_demo_destroy(r->demo);
    if (r->engine) lamina_engine_destroy(r->engine);
    memset(r, 0, sizeof *r);
}

static lamina_status_t run_create(demo_run_t *r, int scripted) {
    memset(r, 0, sizeof *r);
    r->scripted = scripted;
    lamina_status_t s = lamina_engine_create(&r->engine);
    if (!s) s = lamina_layer_create(r->engine, &r->root);
    if (!s) s = lamina_layer_set_bounds(r->engine, r->root,
                                        (lamina_rect_t){{0, 0}, {GESTURE_DEMO_WIDTH, GESTURE_DEMO_HEIGHT}});
    if (!s) s = lamina_layer_set_position(r->engine, r->root,
                                          (lamina_point_t){GESTURE_DEMO_WIDTH / 2.0, GESTURE_DEMO_HEIGHT / 2.0});
    if (!s) s = lamina_layer_set_color(r->engine, r->root, "backgroundColor", (lamina_color_t){1, 1, 1, 1});
    if (!s) s = gesture_demo_create(r->engine, r->root, 0.0, &r->demo);
    if (s) run_destroy(r);
    return s;
}

/* Frames at 60 Hz up to `to` (and one at `to`), the script's events delivered on the way. */
static lamina_status_t run_to(demo_run_t *r, double to) {
    lamina_status_t s = LAMINA_STATUS_OK;
    for (int k = (int)(r->time * HZ + 1e-6) + 1; !s && k / HZ < to - 1e-9; k++) {
        if (r->scripted) s = gesture_demo_play(r->demo, k / HZ);
        if (!s) s = gesture_demo_frame(r->demo, k / HZ);
    }
    if (!s && r->scripted) s = gesture_demo_play(r->demo, to);
    if (!s) s = gesture_demo_frame(r->demo, to);
    if (!s) r->time = to;
    return s;
}

static lamina_status_t render(demo_run_t *r, double scale, uint8_t **out, uint32_t *w, uint32_t *h) {
    *w = (uint32_t)(GESTURE_DEMO_WIDTH * scale);
    *h = (uint32_t)(GESTURE_DEMO_HEIGHT * scale);
    size_t size = (size_t)*w * *h * 4;
    *out = malloc(size);
    if (!*out) return LAMINA_STATUS_OUT_OF_MEMORY;
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    return lamina_gles_render_rgba(r->engine, r->root, r->time, *w, *h, scale, &frame, *out, size, NULL);
}

static int headless_png(double at, double scale, const char *path) {
    demo_run_t r;
    lamina_status_t s = run_create(&r, 1);
    if (s) return fail("building the demo", s);
    s = run_to(&r, at);
    uint8_t *px = NULL;
    uint32_t w = 0, h = 0;
    if (!s) s = render(&r, scale, &px, &w, &h);
    if (!s) s = lamina_gles_write_png(path, px, w, h);
    free(px);
    run_destroy(&r);
    if (s) return fail("rendering", s);
    printf("lamina-viewer: gesture script at t = %g (%ux%u, headless) -> %s\n", at, w, h, path);
    return 0;
}

static int headless_frames(const char *dir, double scale) {
    demo_run_t r;
    lamina_status_t s = run_create(&r, 1);
    if (s) return fail("building the demo", s);
    mkdir(dir, 0777);
    int frames = (int)(gesture_demo_script_length() * 10 + 0.5);
    for (int i = 0; i <= frames && !s; i++) {
        s = run_to(&r, i / 10.0);
        uint8_t *px = NULL;
        uint32_t w = 0, h = 0;
        if (!s) s = render(&r, scale, &px, &w, &h);
        char path[1024];
        snprintf(path, sizeof path, "%s/gesture-%03d.png", dir, i);
        if (!s) s = lamina_gles_write_png(path, px, w, h);
        free(px);
    }
    run_destroy(&r);
    if (s) return fail("rendering the frames", s);
    printf("lamina-viewer: rendered %d frames of the gesture script headless, t = 0...%g s at 10 fps, "
           "to %s/gesture-000.png ... gesture-%03d.png\n", frames + 1, gesture_demo_script_length(),
           dir, frames);
    return 0;
}

/* The docs' filmstrip: the board (the left 400 x 400 points) at the script's moments of the
 * card's first fling, its catch and throw back, left to right with a grey rule between. */
static int filmstrip(const char *path) {
    static const double times[] = {0.30, 0.50, 0.62, 0.80, 1.20, 1.80, 1.95, 2.10, 2.40, 3.00};
    const int n = (int)(sizeof times / sizeof times[0]);
    const double scale = 0.5;
    const uint32_t cell = (uint32_t)(400 * scale), rule = 3;
    demo_run_t r;
    lamina_status_t s = run_create(&r, 1);
    if (s) return fail("building the demo", s);
    uint32_t W = n * cell + (n - 1) * rule, H = cell;
    uint8_t *strip = malloc((size_t)W * H * 4);
    if (!strip) s = LAMINA_STATUS_OUT_OF_MEMORY;
    for (size_t i = 0; strip && i < (size_t)W * H; i++) memcpy(strip + 4 * i, "\xc8\xc8\xcd\xff", 4);
    for (int i = 0; i < n && !s; i++) {
        s = run_to(&r, times[i]);
        uint8_t *px = NULL;
        uint32_t w = 0, h = 0;
        if (!s) s = render(&r, scale, &px, &w, &h);
        for (uint32_t y = 0; !s && y < cell; y++)
            memcpy(strip + ((size_t)y * W + (size_t)i * (cell + rule)) * 4, px + (size_t)y * w * 4,
                   (size_t)cell * 4);
        free(px);
    }
    if (!s) s = lamina_gles_write_png(path, strip, W, H);
    free(strip);
    run_destroy(&r);
    if (s) return fail("rendering the filmstrip", s);
    printf("lamina-viewer: gesture filmstrip, %d frames (%ux%u) -> %s\n", n, W, H, path);
    return 0;
}

int gesture_main(double at, double scale, const char *shot, const char *png, const char *frames_dir,
                 const char *strip) {
    if (strip) return filmstrip(strip);
    if (frames_dir) return headless_frames(frames_dir, scale);
    if (at < 0) at = 2.0;
    if (png) return headless_png(at, scale, png);
    int no_display = !getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY") && !getenv("SDL_VIDEODRIVER");
    if (no_display || SDL_Init(SDL_INIT_VIDEO) != 0) {
        if (shot) {
            fprintf(stderr, "lamina-viewer: no display for --gesture --screenshot; run it under "
                            "xvfb-run, or use --png PATH for a headless frame\n");
            return 1;
        }
        return headless_frames("lamina-viewer-frames", scale);
    }
    int w = (int)(GESTURE_DEMO_WIDTH * scale), h = (int)(GESTURE_DEMO_HEIGHT * scale);
    SDL_Window *win = NULL;
    SDL_GLContext gl = viewer_open_window("lamina-viewer: gestures", w, h, shot != NULL, &win);
    if (!gl) return 1;
    SDL_GL_SetSwapInterval(1);
    lamina_gles_renderer_t *renderer = NULL;
    lamina_status_t s = lamina_gles_renderer_create(&renderer);
    if (s) return fail("creating the renderer", s);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.scale = scale;
    frame.clear_color = (lamina_color_t){1, 1, 1, 1};
    demo_run_t r;
    s = run_create(&r, shot != NULL);
    if (s) return fail("building the demo", s);
    int rc = 0;
    if (shot) {
        s = run_to(&r, at);
        int dw, dh;
        SDL_GL_GetDrawableSize(win, &dw, &dh);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glViewport(0, 0, dw, dh);
        if (!s) s = lamina_gles_renderer_render(renderer, r.engine, r.root, r.time, &frame);
        rc = s ? fail("rendering", s) : viewer_screenshot(dw, dh, shot);
        if (!rc)
            printf("lamina-viewer: gesture script at t = %g: %dx%d, card %d, list %d, GL \"%s\" -> %s\n",
                   at, dw, dh, (int)gesture_demo_card_phase(r.demo), (int)gesture_demo_list_phase(r.demo),
                   (const char *)glGetString(GL_VERSION), shot);
    } else {
        printf("lamina-viewer: gestures: drag and fling the card (press it mid-flight to catch it), "
               "drag and fling the list. S plays the script, R resets, Esc quits.\n");
        Uint64 freq = SDL_GetPerformanceFrequency(), start = SDL_GetPerformanceCounter();
        int running = 1;
        while (running && !s) {
            double now = (double)(SDL_GetPerformanceCounter() - start) / (double)freq;
            if (now < r.time) now = r.time;
            SDL_Event ev;
            int reset = -1;
            while (SDL_PollEvent(&ev) && !s) {
                if (ev.type == SDL_QUIT) running = 0;
                else if (ev.type == SDL_KEYDOWN) {
                    SDL_Keycode k = ev.key.keysym.sym;
                    if (k == SDLK_ESCAPE || k == SDLK_q) running = 0;
                    else if (k == SDLK_r) reset = 0;
                    else if (k == SDLK_s) reset = 1;
                } else if (!r.scripted && (ev.type == SDL_MOUSEBUTTONDOWN || ev.type == SDL_MOUSEBUTTONUP ||
                                           ev.type == SDL_MOUSEMOTION)) {
                    if (ev.type != SDL_MOUSEMOTION && ev.button.button != SDL_BUTTON_LEFT) continue;
                    int x = ev.type == SDL_MOUSEMOTION ? ev.motion.x : ev.button.x;
                    int y = ev.type == SDL_MOUSEMOTION ? ev.motion.y : ev.button.y;
                    gesture_pointer_phase_t ph = ev.type == SDL_MOUSEBUTTONDOWN ? GESTURE_POINTER_DOWN
                                                 : ev.type == SDL_MOUSEBUTTONUP ? GESTURE_POINTER_UP
                                                                                : GESTURE_POINTER_MOVE;
                    /* Moves at the time SDL stamped them (velocity needs their spacing). */
                    double te = now;
                    if (ph == GESTURE_POINTER_MOVE) {
                        te = now - (double)(SDL_GetTicks() - ev.common.timestamp) / 1000.0;
                        if (te < r.time) te = r.time;
                    }
                    s = gesture_demo_pointer(r.demo, ph, (lamina_point_t){x / scale, y / scale}, te);
                }
            }
            if (reset >= 0) {
                run_destroy(&r);
                s = run_create(&r, reset);
                start = SDL_GetPerformanceCounter();
                continue;
            }
            if (s) break;
            s = r.scripted ? run_to(&r, now) : gesture_demo_frame(r.demo, now);
            r.time = now;
            int dw, dh;
            SDL_GL_GetDrawableSize(win, &dw, &dh);
            glViewport(0, 0, dw, dh);
            if (!s) s = lamina_gles_renderer_render(renderer, r.engine, r.root, now, &frame);
            SDL_GL_SwapWindow(win);
        }
        if (s) rc = fail("running the demo", s);
    }
    run_destroy(&r);
    lamina_gles_renderer_destroy(renderer);
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return rc;
}
