/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A frosted-glass card over a moving background (issue 32): coloured stripes slide back and
 * forth under a rounded card whose backgroundFilters blur (inputRadius 20) and saturate
 * (colorControls, inputSaturation 1.6) what lies beneath it, inside its rounded bounds only.
 * A click anywhere toggles the card's blur between 20 and 4; the change animates implicitly
 * through the key path "backgroundFilters.frost.inputRadius".
 *
 *   cc frosted.c $(pkg-config --cflags --libs lamina-gles sdl2) -o frosted && ./frosted
 *   ./frosted --png out.png [--at T]   (one frame at time T, headless, no window; prints stats)
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
    fprintf(stderr, "%s failed: %s %s\n", #call, lamina_last_error_message(), \
            lamina_gles_last_error_message()); exit(1); } } while (0)

static lamina_engine_t *engine;
static lamina_layer_t root, card;
static int soft;

static lamina_layer_t add(lamina_layer_t parent, double x, double y, double w, double h, lamina_color_t c) {
    lamina_layer_t l;
    CHECK(lamina_layer_create(engine, &l));
    CHECK(lamina_layer_set_bounds(engine, l, (lamina_rect_t){{0, 0}, {w, h}}));
    CHECK(lamina_layer_set_position(engine, l, (lamina_point_t){x + w / 2, y + h / 2}));
    if (c.a > 0) CHECK(lamina_layer_set_color(engine, l, "backgroundColor", c));
    CHECK(lamina_layer_add_sublayer(engine, parent, l));
    CHECK(lamina_layer_release(engine, l)); /* the tree keeps it */
    return l;
}

static void build_tree(void) {
    CHECK(lamina_layer_create(engine, &root));
    CHECK(lamina_layer_set_bounds(engine, root, (lamina_rect_t){{0, 0}, {W, H}}));
    CHECK(lamina_layer_set_position(engine, root, (lamina_point_t){W / 2.0, H / 2.0}));
    CHECK(lamina_layer_set_color(engine, root, "backgroundColor", (lamina_color_t){0.97, 0.97, 0.98, 1}));

    /* The background: diagonal-ish stripes on a strip wider than the window, sliding. */
    lamina_layer_t strip = add(root, -120, 0, W + 240, H, (lamina_color_t){0, 0, 0, 0});
    const lamina_color_t colours[5] = {{0.95, 0.30, 0.25, 1}, {0.98, 0.80, 0.20, 1}, {0.20, 0.70, 0.40, 1},
                                       {0.20, 0.45, 0.90, 1}, {0.55, 0.30, 0.80, 1}};
    for (int k = 0; k < 12; k++) add(strip, 20 + 60 * k, 0, 30, H, colours[k % 5]);
    add(strip, 0, 140, W + 240, 24, (lamina_color_t){0.1, 0.1, 0.1, 1});
    lamina_animation_t *slide;
    CHECK(lamina_animation_create_basic("position", &slide));
    lamina_value_t from = {.type = LAMINA_VALUE_POINT}, to = from;
    from.u.point = (lamina_point_t){W / 2.0 - 60, H / 2.0};
    to.u.point = (lamina_point_t){W / 2.0 + 60, H / 2.0};
    CHECK(lamina_animation_set_from_value(slide, &from));
    CHECK(lamina_animation_set_to_value(slide, &to));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 2;
    mt.repeat_count = LAMINA_REPEAT_FOREVER;
    mt.autoreverses = 1;
    CHECK(lamina_animation_set_media_timing(slide, &mt));
    CHECK(lamina_layer_add_animation(engine, strip, slide, "slide"));
    lamina_animation_release(slide);

    /* The card: translucent white, rounded, its backdrop blurred and saturated. */
    card = add(root, 90, 70, 300, 180, (lamina_color_t){1, 1, 1, 0.22});
    CHECK(lamina_layer_set_number(engine, card, "cornerRadius", 24));
    lamina_filter_t f[2];
    CHECK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "frost", &f[0]));
    f[0].params[0] = 20; /* inputRadius: the Gaussian's standard deviation, in points */
    CHECK(lamina_filter_init(LAMINA_FILTER_TYPE_COLOR_CONTROLS, "vivid", &f[1]));
    f[1].params[0] = 1.6; /* inputSaturation */
    lamina_value_t v = {.type = LAMINA_VALUE_FILTER_ARRAY};
    v.u.filters.items = f;
    v.u.filters.count = 2;
    CHECK(lamina_layer_set_value(engine, card, "backgroundFilters", &v));
    add(card, 24, 24, 140, 18, (lamina_color_t){1, 1, 1, 0.85});  /* a title bar */
    add(card, 24, 56, 220, 10, (lamina_color_t){1, 1, 1, 0.6});   /* two lines of text */
    add(card, 24, 74, 180, 10, (lamina_color_t){1, 1, 1, 0.6});
}

/* A click: the blur goes soft (4) or back to frosted (20), animated by the implicit action. */
static void click(void) {
    soft = !soft;
    lamina_value_t r = {.type = LAMINA_VALUE_NUMBER};
    r.u.number = soft ? 4 : 20;
    CHECK(lamina_layer_set_value(engine, card, "backgroundFilters.frost.inputRadius", &r));
}

/* Headless: one frame at time `at` into `path`, and what the compositor did for it. */
static int render_png(const char *path, double at) {
    CHECK(lamina_engine_tick(engine, 0));
    CHECK(lamina_engine_tick(engine, at));
    uint8_t *rgba = malloc((size_t)W * H * 4);
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    CHECK(lamina_gles_render_rgba(engine, root, at, W, H, 1.0, NULL, rgba, (size_t)W * H * 4, &st));
    CHECK(lamina_gles_write_png(path, rgba, W, H));
    const uint8_t *c = rgba + 4 * (160 * W + 240);
    printf("frosted: %dx%d at t=%.3f, backdrops filtered %u, card centre rgb(%u, %u, %u)\n", W, H, at,
           st.backdrops_filtered, c[0], c[1], c[2]);
    free(rgba);
    return 0;
}

int main(int argc, char **argv) {
    const char *png = NULL;
    double at = 0.5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--png") && i + 1 < argc) png = argv[++i];
        else if (!strcmp(argv[i], "--at") && i + 1 < argc) at = atof(argv[++i]);
    }
    CHECK(lamina_engine_create(&engine));
    if (png) {
        build_tree();
        int rc = render_png(png, at);
        lamina_engine_destroy(engine);
        return rc;
    }
    CHECK(lamina_engine_use_monotonic_clock(engine)); /* commits read the time themselves */
    build_tree();
    CHECK(lamina_engine_tick_now(engine));
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "SDL: %s\n", SDL_GetError()); return 1; }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_Window *win = SDL_CreateWindow("Lamina: frosted glass", SDL_WINDOWPOS_CENTERED,
                                       SDL_WINDOWPOS_CENTERED, W, H, SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_GLContext gl = win ? SDL_GL_CreateContext(win) : NULL;
    if (!gl) { fprintf(stderr, "no OpenGL ES 3 context: %s\n", SDL_GetError()); return 1; }
    SDL_GL_SetSwapInterval(1);
    lamina_gles_renderer_t *renderer = NULL;
    if (lamina_gles_renderer_create(&renderer) != LAMINA_STATUS_OK) {
        fprintf(stderr, "renderer: %s\n", lamina_gles_last_error_message());
        return 1;
    }
    for (int running = 1; running;) {
        SDL_Event ev;
        while (SDL_PollEvent(&ev)) {
            if (ev.type == SDL_QUIT) running = 0;
            else if (ev.type == SDL_MOUSEBUTTONDOWN) click();
        }
        CHECK(lamina_engine_tick_now(engine));
        double t = 0;
        CHECK(lamina_engine_get_time(engine, &t));
        int dw, dh;
        SDL_GL_GetDrawableSize(win, &dw, &dh);
        lamina_gles_frame_t f = LAMINA_GLES_FRAME_INIT;
        f.scale = (double)dw / W; /* device pixels per point on high-DPI screens */
        CHECK(lamina_gles_renderer_render(renderer, engine, root, t, &f));
        SDL_GL_SwapWindow(win);
    }
    lamina_gles_renderer_destroy(renderer);
    lamina_engine_destroy(engine);
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}
