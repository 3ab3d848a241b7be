/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A first windowed Lamina program: SDL2 opens a window with an OpenGL ES 3 context, Lamina's
 * reference compositor draws the layer tree into it, and a click on the card (found by hit
 * testing the presentation tree, where the card is on screen) flips its colour and sends it to
 * the other side; a click elsewhere moves it there. Every change animates implicitly.
 *
 *   cc window.c $(pkg-config --cflags --libs lamina-gles sdl2) -o window && ./window
 *   ./window --screenshot out.png [--click X,Y]   (draw a few frames, save one, quit)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GLES3/gl3.h>
#include <SDL2/SDL.h>
#include <lamina/lamina.h>
#include <lamina/lamina_gles.h>

#define W 480
#define H 320
#define CHECK(call) do { lamina_status_t s_ = (call); if (s_ != LAMINA_STATUS_OK) { \
    fprintf(stderr, "%s failed: %s\n", #call, lamina_last_error_message()); exit(1); } } while (0)

static lamina_engine_t *engine;
static lamina_layer_t root, card;
static int flipped;

static double now(void) {
    double t = 0;
    CHECK(lamina_engine_get_time(engine, &t)); /* the time of the last tick */
    return t;
}

static void build_tree(void) {
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_engine_use_monotonic_clock(engine)); /* commits read the time themselves */
    CHECK(lamina_layer_create(engine, &root));
    CHECK(lamina_layer_set_bounds(engine, root, (lamina_rect_t){{0, 0}, {W, H}}));
    CHECK(lamina_layer_set_position(engine, root, (lamina_point_t){W / 2.0, H / 2.0}));
    CHECK(lamina_layer_set_color(engine, root, "backgroundColor", (lamina_color_t){0.95, 0.95, 0.97, 1}));

    CHECK(lamina_layer_create(engine, &card));
    CHECK(lamina_layer_set_bounds(engine, card, (lamina_rect_t){{0, 0}, {160, 100}}));
    CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){140, 160}));
    CHECK(lamina_layer_set_color(engine, card, "backgroundColor", (lamina_color_t){0.20, 0.45, 0.90, 1}));
    CHECK(lamina_layer_set_number(engine, card, "cornerRadius", 16));
    CHECK(lamina_layer_set_number(engine, card, "shadowOpacity", 0.3));
    CHECK(lamina_layer_set_number(engine, card, "shadowRadius", 8));
    CHECK(lamina_layer_set_size(engine, card, "shadowOffset", (lamina_size_t){0, 4}));
    CHECK(lamina_layer_add_sublayer(engine, root, card));
    CHECK(lamina_engine_tick_now(engine)); /* commit: the tree now has a presentation */
}

/* A click at window point (x, y): hit test where things are on screen now. */
static void click(double x, double y) {
    lamina_layer_t hit = LAMINA_LAYER_NONE;
    CHECK(lamina_layer_hit_test(engine, root, (lamina_point_t){x, y}, LAMINA_TREE_PRESENTATION,
                                now(), &hit));
    if (hit == card) {
        flipped = !flipped;
        const lamina_color_t c = flipped ? (lamina_color_t){0.95, 0.45, 0.20, 1}
                                         : (lamina_color_t){0.20, 0.45, 0.90, 1};
        CHECK(lamina_layer_set_color(engine, card, "backgroundColor", c));
        CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){flipped ? 340 : 140, 160}));
    } else {
        CHECK(lamina_layer_set_position(engine, card, (lamina_point_t){x, y}));
    }
}

int main(int argc, char **argv) {
    const char *shot = NULL;
    double cx = -1, cy = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--screenshot") && i + 1 < argc) shot = argv[++i];
        else if (!strcmp(argv[i], "--click") && i + 1 < argc) sscanf(argv[++i], "%lf,%lf", &cx, &cy);
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_Window *win = SDL_CreateWindow("Lamina", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                       W, H, SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_GLContext gl = win ? SDL_GL_CreateContext(win) : NULL;
    if (!gl) { fprintf(stderr, "no OpenGL ES 3 context: %s\n", SDL_GetError()); return 1; }
    SDL_GL_SetSwapInterval(1);

    lamina_gles_renderer_t *renderer = NULL;
    if (lamina_gles_renderer_create(&renderer) != LAMINA_STATUS_OK) {
        fprintf(stderr, "renderer: %s\n", lamina_gles_last_error_message());
        return 1;
    }
    build_tree();
    if (cx >= 0) click(cx, cy);

    for (int frame = 0, running = 1; running; frame++) {
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            if (ev.type == SDL_QUIT) running = 0;
            else if (ev.type == SDL_MOUSEBUTTONDOWN) click(ev.button.x, ev.button.y);
        }
        CHECK(lamina_engine_tick_now(engine));
        int dw, dh;
        SDL_GL_GetDrawableSize(win, &dw, &dh);
        lamina_gles_frame_t f = LAMINA_GLES_FRAME_INIT;
        f.scale = (double)dw / W; /* device pixels per point on high-DPI screens */
        if (lamina_gles_renderer_render(renderer, engine, root, now(), &f)
                != LAMINA_STATUS_OK) {
            fprintf(stderr, "render: %s\n", lamina_gles_last_error_message());
            return 1;
        }
        if (shot && frame == 40) { /* 40 frames: the click's 0.25 s animation has finished */
            unsigned char *rgba = malloc((size_t)dw * dh * 4), *row = malloc((size_t)dw * 4);
            glReadPixels(0, 0, dw, dh, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
            for (int y = 0; y < dh / 2; y++) { /* GL's rows are bottom first */
                memcpy(row, rgba + (size_t)y * dw * 4, (size_t)dw * 4);
                memcpy(rgba + (size_t)y * dw * 4, rgba + (size_t)(dh - 1 - y) * dw * 4, (size_t)dw * 4);
                memcpy(rgba + (size_t)(dh - 1 - y) * dw * 4, row, (size_t)dw * 4);
            }
            const lamina_status_t s = lamina_gles_write_png(shot, rgba, (uint32_t)dw, (uint32_t)dh);
            free(rgba);
            free(row);
            if (s != LAMINA_STATUS_OK) { fprintf(stderr, "cannot write %s\n", shot); return 1; }
            running = 0;
        }
        SDL_GL_SwapWindow(win);
        if (shot) SDL_Delay(10); /* vsync may be off under Xvfb: let the clock move */
    }
    lamina_gles_renderer_destroy(renderer);
    lamina_engine_destroy(engine);
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}
