/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina-viewer --gesture: the gesture demo (issue 27 item 6, renderer/scenes/gesture_demo.h).
 *
 *   lamina-viewer --gesture                          drag and fling the card, scroll the list
 *   lamina-viewer --gesture --at T --screenshot PATH the script played to T, through the window
 *   lamina-viewer --gesture --at T --png PATH        the same frame, headless
 *   lamina-viewer --gesture --frames DIR             the script's frames at 10 fps, headless
 *   lamina-viewer --gesture --filmstrip PATH         the docs' filmstrip (docs/images/interaction.png)
 *   lamina-viewer --gesture --trace FILE [--shots DIR]  the window, its pointer path logged
 *
 * --trace FILE logs the window's live pointer path for the viewer-gesture-live test
 * (Tests/gles/gesture_live.py, which drives the X server's pointer with xdotool): every pointer
 * event as the demo got it (engine time, point), the card's and the list's presentation
 * position and velocity after each event and each frame, and every hand-off with the motion
 * just before and just after it. --shots DIR saves the frame drawn after each hand-off as
 * DIR/live-NN-KIND-OF.png (at most 32). One record a line, flushed every frame:
 *
 *   window id=XID w= h= scale= driver=      the window (XID 0 off X11)
 *   event t= phase=down|move|up x= y= clock=x11|sdl   a pointer event in points, at engine time t
 *                                            (the X server's time of it, or SDL's)
 *   state t= down= card_phase= list_phase= target= motion=M   after that event
 *   frame t= ... motion=M                    after each frame's tick
 *   handoff kind=catch|release|spring of=card|list t= step_t= handed=VX,VY before=M after=M
 *   shot t= path=                            a --shots frame
 *   end frames= events= x11_times= status=
 *
 * where M is card x,y, card vx,vy, list content position.y, its velocity (presentation, %.17g).
 *
 * In the window: drag the card and let go (it decelerates, then springs into the slot nearest
 * where the fling would stop); press it while it moves to catch it, and throw it back. Drag
 * the list, fling it past its ends, pull it past them. S plays the script, R resets, Escape
 * quits. The scripted modes drive the same module with synthetic pointer events at 60 Hz.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, for the X server's event times */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#if defined(SDL_VIDEO_DRIVER_X11)
#include <SDL_syswm.h>
#endif

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

/* --------------------------------------------------------------------------------------------
 * The live path's trace (--trace FILE, --shots DIR)
 * ------------------------------------------------------------------------------------------ */

/* The card's position and velocity and the list content's position.y and its velocity, on the
 * presentation at `t` (what the scripted test reads, Tests/gles/test_gesture_demo.c). */
typedef struct motion {
    double card_x, card_y, card_vx, card_vy, list, list_v;
} motion_t;

static lamina_status_t read_motion(const demo_run_t *r, double t, motion_t *m) {
    lamina_value_t v;
    lamina_layer_t card = gesture_demo_card(r->demo), list = gesture_demo_list_content(r->demo);
    lamina_status_t s = lamina_layer_get_presentation_value_at(r->engine, card, "position", t, &v);
    if (!s) m->card_x = v.u.point.x, m->card_y = v.u.point.y;
    if (!s) s = lamina_layer_get_presentation_velocity(r->engine, card, "position", t, &v);
    if (!s) m->card_vx = v.u.point.x, m->card_vy = v.u.point.y;
    if (!s) s = lamina_layer_get_presentation_value_at(r->engine, list, "position.y", t, &v);
    if (!s) m->list = v.u.number;
    if (!s) s = lamina_layer_get_presentation_velocity(r->engine, list, "position.y", t, &v);
    if (!s) m->list_v = v.u.number;
    return s;
}

typedef struct live_trace {
    FILE *file;        /* NULL: no trace */
    const char *shots; /* NULL: no screenshots */
    int n_shots;
    int shot_due;      /* a hand-off happened since the last frame drawn */
    char shot_name[64];
} live_trace_t;

static void trace_motion(FILE *f, const char *tag, const motion_t *m) {
    fprintf(f, " %s=%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", tag, m->card_x, m->card_y, m->card_vx,
            m->card_vy, m->list, m->list_v);
}

static void trace_state(live_trace_t *tr, const demo_run_t *r, const char *what, double t,
                        const motion_t *m) {
    if (!tr->file) return;
    lamina_point_t p;
    int down = gesture_demo_pointer_down(r->demo, &p);
    fprintf(tr->file, "%s t=%.17g down=%d card_phase=%d list_phase=%d target=%d", what, t, down,
            (int)gesture_demo_card_phase(r->demo), (int)gesture_demo_list_phase(r->demo),
            gesture_demo_target_slot(r->demo));
    trace_motion(tr->file, "motion", m);
    fputc('\n', tr->file);
}

/* Logs the hand-offs the demo made in the step from `before` to `after` (both at `t`). */
static void trace_handoffs(live_trace_t *tr, demo_run_t *r, double t, const motion_t *before,
                           const motion_t *after) {
    gesture_handoff_t h[16];
    int n = gesture_demo_take_handoffs(r->demo, h, 16);
    static const char *const kinds[] = {"none", "catch", "release", "spring"};
    for (int i = 0; i < n && i < 16; i++) {
        const char *kind = kinds[h[i].kind <= GESTURE_HANDOFF_SPRING ? h[i].kind : 0];
        const char *of = h[i].list ? "list" : "card";
        if (tr->file) {
            fprintf(tr->file, "handoff kind=%s of=%s t=%.17g step_t=%.17g handed=%.17g,%.17g", kind,
                    of, h[i].time, t, h[i].velocity.x, h[i].velocity.y);
            trace_motion(tr->file, "before", before);
            trace_motion(tr->file, "after", after);
            fputc('\n', tr->file);
        }
        tr->shot_due = 1;
        snprintf(tr->shot_name, sizeof tr->shot_name, "%s-%s", kind, of);
    }
}

/* Where a live pointer event happened, in engine time. On X11 that is the X server's own
 * timestamp of the event (milliseconds of CLOCK_MONOTONIC, as Xorg and Xvfb keep it), taken
 * from the SYSWM event SDL queues just before the mouse event it makes of it: the pointer's
 * velocity needs the events' true spacing, and SDL's own timestamps are when it read them,
 * which bunches them up whenever a frame is slow. Elsewhere (or when the server's clock is
 * not this machine's) SDL's timestamp. The result lies between the last tick and `now`. */
typedef struct event_clock {
    int have_x;           /* an X server time is pending for the next mouse event */
    unsigned long x_time; /* it (X's Time: milliseconds, wrapping at 2^32) */
    unsigned long now_ms; /* CLOCK_MONOTONIC milliseconds, mod 2^32, read with `now` */
    int used_x;           /* the last event's time came from the X server */
    int seen_x;           /* X server times have come: an event without one is placed at the
                             last tick (SDL makes motions of warps this way, and the X-timed
                             events behind it in the queue may be older than SDL's stamp) */
} event_clock_t;

static unsigned long monotonic_ms32(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long)(((unsigned long long)ts.tv_sec * 1000ull + (unsigned long long)ts.tv_nsec / 1000000ull) &
                           0xffffffffull);
}

static double event_time(event_clock_t *c, const SDL_Event *ev, double now, double last_tick) {
    double te = now - (double)(SDL_GetTicks() - ev->common.timestamp) / 1000.0;
    c->used_x = 0;
    if (c->have_x) {
        /* How long before `now` it happened (negative: read after `now` was taken). */
        unsigned long d = (c->now_ms - c->x_time) & 0xffffffffUL;
        long age = d >= 0x80000000UL ? -(long)(0x100000000UL - d) : (long)d;
        if (age >= -2000 && age <= 2000) { /* the same clock: a plausible age */
            te = now - (double)age / 1000.0;
            c->used_x = 1;
            c->seen_x = 1;
        }
        c->have_x = 0;
    } else if (c->seen_x) {
        te = last_tick;
    }
    if (te > now) te = now;
    if (te < last_tick) te = last_tick;
    return te;
}

int gesture_main(double at, double scale, const char *shot, const char *png, const char *frames_dir,
                 const char *strip, const char *trace, const char *shots) {
    if ((trace || shots) && (shot || png || frames_dir || strip)) {
        fprintf(stderr, "lamina-viewer: --trace and --shots log the interactive window; they do not "
                        "go with --screenshot, --png, --frames or --filmstrip\n");
        return 2;
    }
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
        if (trace || shots) {
            fprintf(stderr, "lamina-viewer: no display for --gesture --trace: it logs a window's "
                            "pointer; run it under a display (xvfb-run in CI)\n");
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
        live_trace_t tr = {.shots = shots};
        if (trace && !(tr.file = fopen(trace, "w"))) {
            fprintf(stderr, "lamina-viewer: --trace: cannot write %s\n", trace);
            rc = 1;
        }
        if (shots) mkdir(shots, 0777);
        event_clock_t clock = {0};
#if defined(SDL_VIDEO_DRIVER_X11)
        /* The X server's event times (event_time()). */
        SDL_EventState(SDL_SYSWMEVENT, SDL_ENABLE);
#endif
        if (tr.file) {
            unsigned long xid = 0;
#if defined(SDL_VIDEO_DRIVER_X11)
            SDL_SysWMinfo info;
            SDL_VERSION(&info.version);
            if (SDL_GetWindowWMInfo(win, &info) && info.subsystem == SDL_SYSWM_X11)
                xid = (unsigned long)info.info.x11.window;
#endif
            fprintf(tr.file, "# lamina-viewer --gesture --trace: the live pointer path (gesture.c)\n");
            fprintf(tr.file, "window id=%lu w=%d h=%d scale=%.17g driver=%s\n", xid, w, h, scale,
                    SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "?");
            fflush(tr.file);
        }
        Uint64 freq = SDL_GetPerformanceFrequency(), start = SDL_GetPerformanceCounter();
        int running = rc == 0;
        long frames = 0, events = 0, x_times = 0;
        while (running && !s) {
            SDL_PumpEvents(); /* first, so that `now` is after the events it reads */
            double now = (double)(SDL_GetPerformanceCounter() - start) / (double)freq;
            clock.now_ms = monotonic_ms32();
            if (now < r.time) now = r.time;
            SDL_Event ev;
            int reset = -1;
            motion_t before, after;
            while (SDL_PollEvent(&ev) && !s) {
                if (ev.type == SDL_QUIT) running = 0;
#if defined(SDL_VIDEO_DRIVER_X11)
                else if (ev.type == SDL_SYSWMEVENT && ev.syswm.msg &&
                         ev.syswm.msg->subsystem == SDL_SYSWM_X11) {
                    const XEvent *xe = &ev.syswm.msg->msg.x11.event;
                    /* The pointer's events, and the crossings SDL also makes a motion of. */
                    if (xe->type == MotionNotify || xe->type == ButtonPress || xe->type == ButtonRelease ||
                        xe->type == EnterNotify || xe->type == LeaveNotify) {
                        clock.have_x = 1;
                        clock.x_time = (unsigned long)(xe->type == MotionNotify ? xe->xmotion.time
                                                       : xe->type == EnterNotify || xe->type == LeaveNotify
                                                           ? xe->xcrossing.time
                                                           : xe->xbutton.time);
                    }
                }
#endif
                else if (ev.type == SDL_KEYDOWN) {
                    SDL_Keycode k = ev.key.keysym.sym;
                    if (k == SDLK_ESCAPE || k == SDLK_q) running = 0;
                    else if (k == SDLK_r) reset = 0;
                    else if (k == SDLK_s) reset = 1;
                } else if (!r.scripted && (ev.type == SDL_MOUSEBUTTONDOWN || ev.type == SDL_MOUSEBUTTONUP ||
                                           ev.type == SDL_MOUSEMOTION)) {
                    if (ev.type != SDL_MOUSEMOTION && ev.button.button != SDL_BUTTON_LEFT) {
                        clock.have_x = 0;
                        continue;
                    }
                    int x = ev.type == SDL_MOUSEMOTION ? ev.motion.x : ev.button.x;
                    int y = ev.type == SDL_MOUSEMOTION ? ev.motion.y : ev.button.y;
                    gesture_pointer_phase_t ph = ev.type == SDL_MOUSEBUTTONDOWN ? GESTURE_POINTER_DOWN
                                                 : ev.type == SDL_MOUSEBUTTONUP ? GESTURE_POINTER_UP
                                                                                : GESTURE_POINTER_MOVE;
                    /* At the time the event happened (velocity needs their spacing), then a tick
                     * there: a hand-off takes effect at its event, as in the scripted path. */
                    double te = event_time(&clock, &ev, now, r.time);
                    lamina_point_t p = {x / scale, y / scale};
                    if (tr.file) s = read_motion(&r, te, &before);
                    if (!s) s = gesture_demo_pointer(r.demo, ph, p, te);
                    if (!s) s = gesture_demo_frame(r.demo, te);
                    if (!s) r.time = te;
                    events++;
                    x_times += clock.used_x;
                    if (!s && tr.file) {
                        static const char *const phases[] = {"down", "move", "up"};
                        fprintf(tr.file, "event t=%.17g phase=%s x=%.17g y=%.17g clock=%s\n", te,
                                phases[ph], p.x, p.y, clock.used_x ? "x11" : "sdl");
                        s = read_motion(&r, te, &after);
                        if (!s) trace_state(&tr, &r, "state", te, &after);
                    }
                    if (!s) trace_handoffs(&tr, &r, te, &before, &after);
                }
            }
            if (reset >= 0) {
                run_destroy(&r);
                s = run_create(&r, reset);
                start = SDL_GetPerformanceCounter();
                if (tr.file) fprintf(tr.file, "reset scripted=%d\n", reset);
                continue;
            }
            if (s) break;
            if (r.scripted) {
                s = run_to(&r, now);
            } else {
                if (tr.file) s = read_motion(&r, now, &before);
                if (!s) s = gesture_demo_frame(r.demo, now);
                if (!s && tr.file) s = read_motion(&r, now, &after);
                if (!s && tr.file) trace_state(&tr, &r, "frame", now, &after);
                if (!s) trace_handoffs(&tr, &r, now, &before, &after);
            }
            r.time = now;
            int dw, dh;
            SDL_GL_GetDrawableSize(win, &dw, &dh);
            glViewport(0, 0, dw, dh);
            if (!s) s = lamina_gles_renderer_render(renderer, r.engine, r.root, now, &frame);
            if (!s && tr.shot_due && tr.shots && tr.n_shots < 32) {
                char path[1024];
                snprintf(path, sizeof path, "%s/live-%02d-%s.png", tr.shots, tr.n_shots, tr.shot_name);
                if (viewer_screenshot(dw, dh, path) == 0) {
                    tr.n_shots++;
                    if (tr.file) fprintf(tr.file, "shot t=%.17g path=%s\n", now, path);
                }
            }
            tr.shot_due = 0;
            SDL_GL_SwapWindow(win);
            frames++;
            if (tr.file) fflush(tr.file);
        }
        if (tr.file) {
            fprintf(tr.file, "end frames=%ld events=%ld x11_times=%ld status=%d\n", frames, events,
                    x_times, (int)s);
            fclose(tr.file);
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
