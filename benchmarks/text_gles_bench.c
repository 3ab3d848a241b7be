/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The reference compositor's text benchmark (issue 26): a frame of 250 labels of 40 glyphs
 * (10,000 glyph quads) at 800 x 600, headless (EGL surfaceless; llvmpipe on a machine without a GPU).
 *
 *   lamina-text-bench [--frames F] FONT_DIR
 *
 * Two cases: the labels still, and every label moving (a position animation, so every glyph
 * lands on new pixels each frame); each drawn from text tiles (R15.8, the default) and glyph by
 * glyph (LAMINA_GLES_FRAME_NO_TEXT_TILES); and, first, the frame without the labels (the
 * 800 x 600 background the labels lie on), the floor the text's cost adds to. A frame is tick(t) + draw list + lamina_gles_renderer_draw()
 * + glFinish(), so llvmpipe's rasterising is counted. Reports the median frame in wall-clock ms
 * and in process CPU ms (all threads: llvmpipe rasterises on its own threads, and CPU time is
 * steadier than wall time on a shared machine), draw calls, glyph quads, and the glyphs the
 * atlas uploaded in the first frame and in all later frames (the target: none once seen).
 * Target (issue 26): under 8 ms per frame. Timing never fails the run; the sanity checks do
 * (10,000 glyphs drawn, as glyph quads or 250 tiles; no upload after the first frame while the
 * labels are still; text pixels on screen).
 */
#include <GLES3/gl3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lamina/lamina_gles.h>

#include "../renderer/scenes/headless_gl.h"
#include <lamina/lamina_text.h>

enum { W = 800, H = 600, LABELS = 250, COLS = 5 };

static double clock_ms(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#define CK(call)                                                                               \
    do {                                                                                       \
        lamina_status_t s_ = (call);                                                           \
        if (s_) {                                                                              \
            fprintf(stderr, "%s failed: %s %s %s\n", #call, lamina_gles_status_string(s_),     \
                    lamina_last_error_message(), lamina_gles_last_error_message());            \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

static void run(const char *fonts, int labels, int moving, int tiles_on, int frames, lamina_gles_renderer_t *r) {
    lamina_engine_t *e;
    lamina_layer_t root;
    lamina_text_provider_t provider;
    const char *dirs[] = {fonts};
    CK(lamina_engine_create(&e));
    CK(lamina_text_provider_create(dirs, 1, &provider));
    CK(lamina_engine_set_text_provider(e, &provider));
    CK(lamina_layer_create(e, &root));
    CK(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {W, H}}));
    CK(lamina_layer_set_position(e, root, (lamina_point_t){W / 2.0, H / 2.0}));
    CK(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}));
    lamina_animation_t *move;
    CK(lamina_animation_create_basic("position", &move));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.repeat_count = LAMINA_REPEAT_FOREVER;
    mt.autoreverses = 1;
    for (int i = 0; i < labels; i++) {
        lamina_layer_t l;
        char text[64];
        /* 40 inked glyphs (and 9 spaces), each label its own (digits differ). */
        snprintf(text, sizeof text, "Label %03d: the quick brown fox jumped over a dog.", i);
        double x = 80 + (i % COLS) * 160.0, y = 8 + (i / COLS) * 12.0;
        CK(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_TEXT, &l));
        CK(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {160, 12}}));
        CK(lamina_layer_set_position(e, l, (lamina_point_t){x, y}));
        lamina_value_t v = {.type = LAMINA_VALUE_STRING};
        v.u.string = text;
        CK(lamina_layer_set_value(e, l, "string", &v));
        v.u.string = "Noto Sans";
        CK(lamina_layer_set_value(e, l, "font", &v));
        v.type = LAMINA_VALUE_NUMBER;
        v.u.number = 7;
        CK(lamina_layer_set_value(e, l, "fontSize", &v));
        CK(lamina_layer_set_color(e, l, "foregroundColor", (lamina_color_t){0.1, 0.1, 0.2, 1}));
        if (moving) {
            lamina_value_t a = {.type = LAMINA_VALUE_POINT}, b = a;
            a.u.point = (lamina_point_t){x, y};
            b.u.point = (lamina_point_t){x + 23.7, y + 3.3};
            CK(lamina_animation_set_from_value(move, &a));
            CK(lamina_animation_set_to_value(move, &b));
            mt.duration = 1.0 + (i % 10) * 0.1;
            CK(lamina_animation_set_media_timing(move, &mt));
            CK(lamina_layer_add_animation(e, l, move, "move"));
        }
        CK(lamina_layer_add_sublayer(e, root, l));
        CK(lamina_layer_release(e, l));
    }
    lamina_animation_release(move);
    CK(lamina_engine_tick(e, 0));

    double *wall = malloc(sizeof(double) * (size_t)frames);
    double *cpu = malloc(sizeof(double) * (size_t)frames);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    if (!tiles_on) frame.flags |= LAMINA_GLES_FRAME_NO_TEXT_TILES;
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    uint32_t calls = 0, glyphs = 0, tiles = 0, first_uploads = 0, later_uploads = 0;
    for (int f = 0; f <= frames; f++) {
        double t = f / 60.0;
        const lamina_draw_record_t *recs;
        size_t count;
        double w0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
        CK(lamina_engine_tick(e, t));
        CK(lamina_engine_draw_list(e, root, t, &recs, &count));
        CK(lamina_gles_renderer_draw(r, e, recs, count, t, &frame));
        glFinish();
        double w1 = clock_ms(CLOCK_MONOTONIC), c1 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
        CK(lamina_gles_renderer_get_stats(r, &st));
        if (f == 0) {
            first_uploads = st.glyphs_uploaded; /* frame 0 lays out and uploads: not timed */
            continue;
        }
        wall[f - 1] = w1 - w0;
        cpu[f - 1] = c1 - c0;
        calls = st.draw_calls;
        glyphs = st.glyphs_drawn;
        tiles = st.text_tiles_drawn;
        later_uploads += st.glyphs_uploaded;
    }
    unsigned char px[4 * 160];
    glReadPixels(0, H - 10, 160, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int inked = 0;
    for (int i = 0; i < 160; i++) inked += px[4 * i] < 200;
    if (glyphs + 40 * tiles != 40u * (unsigned)labels || (tiles_on && tiles != (unsigned)labels) ||
        (!moving && later_uploads != 0) || (labels > 0 && inked == 0)) {
        fprintf(stderr, "sanity: %u glyph quads and %u tiles drawn, %u uploads after the first frame, "
                "%d inked pixels\n", glyphs, tiles, later_uploads, inked);
        exit(1);
    }
    double mw = median(wall, frames), mc = median(cpu, frames);
    const char *name = !labels ? "no-text" : moving ? (tiles_on ? "moving" : "moving-glyphs")
                                                    : (tiles_on ? "still" : "still-glyphs");
    printf("%-13s %9.2f %9.2f %10u %11u %6u %14u %13u %s\n", name, mw, mc, calls, glyphs, tiles,
           first_uploads, later_uploads, mw < 8.0 ? "yes" : "no");
    printf("BENCH-TEXT case=%s frames=%d wall_ms=%.3f cpu_ms=%.3f draw_calls=%u glyph_quads=%u tiles=%u "
           "uploads_first=%u uploads_later=%u size=%dx%d\n", name, frames, mw, mc, calls, glyphs, tiles,
           first_uploads, later_uploads, W, H);
    free(wall);
    free(cpu);
    CK(lamina_layer_release(e, root));
    CK(lamina_engine_destroy(e));
}

int main(int argc, char **argv) {
    int frames = 60;
    const char *fonts = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
        else if (!fonts && argv[i][0] != '-') fonts = argv[i];
        else fonts = NULL, i = argc;
    }
    if (!fonts) {
        fprintf(stderr, "usage: lamina-text-bench [--frames F] FONT_DIR\n");
        return 2;
    }
    if (frames < 1) frames = 1;
    bench_gl_t gl;
    if (!bench_gl_begin("lamina-text-bench", W, H, &gl)) return 1;
    lamina_gles_renderer_t *r;
    CK(lamina_gles_renderer_create(&r));
    printf("lamina-text-bench: %dx%d, %d labels of 40 glyphs, %d frames, GL \"%s\", renderer \"%s\"\n",
           W, H, LABELS, frames, (const char *)glGetString(GL_VERSION),
           (const char *)glGetString(GL_RENDERER));
    printf("%-13s %9s %9s %10s %11s %6s %14s %13s %s\n", "labels", "wall ms", "cpu ms", "draw calls",
           "glyph quads", "tiles", "uploads first", "uploads later", "<8ms");
    run(fonts, 0, 0, 1, frames, r); /* the floor: the white background alone */
    for (int tiles_on = 1; tiles_on >= 0; tiles_on--) {
        run(fonts, LABELS, 0, tiles_on, frames, r);
        run(fonts, LABELS, 1, tiles_on, frames, r);
    }
    lamina_gles_renderer_destroy(r);
    bench_gl_end(&gl);
    return 0;
}
