/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Lamina's side of the side-by-side benchmark against Qt Quick (issue 29; the driver is
 * benchmarks/peer_bench.py, the peer benchmarks/qt_peer/qt_peer.cpp). One scene, one round:
 *
 *   lamina-peer-bench --scene NAME [--frames F] [--warmup W] [--floor] [--partial] [--png PATH]
 *
 * draws W + F frames of the scene at 800 x 600 into an offscreen framebuffer through EGL's
 * surfaceless platform (OpenGL ES 3; llvmpipe on a machine without a GPU) and prints the median,
 * min and max of the last F frames' process CPU time (every thread: llvmpipe rasterises on its
 * own threads). A frame is lamina_engine_tick(t) + lamina_engine_draw_list + 
 * lamina_gles_renderer_draw + glFinish, t advancing by 1/60 s a frame, as the peer's
 * animation driver does. --floor draws the same rectangles with the simplest GLES program
 * there is (one instanced draw of flat quads, no blending), positions moved on the CPU: what
 * any compositor must at least pay for the scene's pixels (issue 29 item 5). --png saves the
 * last frame (to compare it with lamina-qt-peer's by eye).
 *
 * Scenes (the same in qt_peer.cpp): background; squares-100, -1000, -10000 (16 x 16, each
 * moving by (20, 15) and back over 1 + (i % 10) / 10 s, every fourth fading 1 -> 0.3);
 * images-distinct, images-shared (1,000 such squares showing a 16 x 16 image each: a
 * distinct one, or one shared); cards (1,000 moving 48 x 32 cards, cornerRadius 6, a 1 px
 * grey border, shadow offset (0, 2), radius 3, opacity 0.3); idle-100k (100,000 2 x 2 squares
 * on a grid, every 100th moving). Lamina only (the peer has no such scenes; issue 29 item 2):
 * button (1,000 still squares and one moving 120 x 40 rounded button), idle (1,000 still
 * squares). --partial draws with LAMINA_GLES_FRAME_PARTIAL (the engine's damage, buffer age
 * 1: the offscreen framebuffer keeps the last frame) and also prints the median share of the
 * viewport redrawn.
 */
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lamina/lamina_gles.h>

#include "../renderer/scenes/headless_gl.h"

enum { W = 800, H = 600 };

static double cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
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

/* One moving rectangle of the scene (also what --floor draws). */
typedef struct item {
    double x, y, w, h, dx, dy, dur;
    float color[4];
    int fades, moves;
} item_t;

typedef struct scene {
    item_t *items;
    int n;
    int images;  /* 0: squares; 1: distinct images; 2: one shared image */
    int cards;
} scene_t;

static int make_scene(const char *name, scene_t *s) {
    memset(s, 0, sizeof *s);
    int n = 0, grid = 0;
    if (!strcmp(name, "background")) n = 0;
    else if (!strcmp(name, "squares-100")) n = 100;
    else if (!strcmp(name, "squares-1000")) n = 1000;
    else if (!strcmp(name, "squares-10000")) n = 10000;
    else if (!strcmp(name, "images-distinct")) n = 1000, s->images = 1;
    else if (!strcmp(name, "images-shared")) n = 1000, s->images = 2;
    else if (!strcmp(name, "cards")) n = 1000, s->cards = 1;
    else if (!strcmp(name, "idle-100k")) n = 100000, grid = 1;
    else if (!strcmp(name, "button")) n = 1001, grid = 2;
    else if (!strcmp(name, "idle")) n = 1000, grid = 3;
    else return 0;
    s->n = n;
    s->items = calloc((size_t)n + 1, sizeof(item_t));
    for (int i = 0; i < n; i++) {
        item_t *it = &s->items[i];
        it->color[0] = (float)((i % 7) / 7.0);
        it->color[1] = (float)((i % 5) / 5.0);
        it->color[2] = (float)((i % 3) / 3.0);
        it->color[3] = 1;
        it->dur = 1.0 + (i % 10) * 0.1;
        if (grid >= 2) { /* still squares; the button's last item moves */
            it->x = 10 + (i * 37) % (W - 40), it->y = 10 + (i * 53 / 7) % (H - 40), it->w = it->h = 16;
            it->dx = 20, it->dy = 15, it->moves = 0, it->fades = 0;
            if (grid == 2 && i == n - 1) it->x = 400, it->y = 300, it->w = 120, it->h = 40, it->moves = 1;
        } else if (grid) {
            it->x = 1 + 2 * (i % 400), it->y = 51 + 2 * (i / 400), it->w = it->h = 2;
            it->dx = 20, it->dy = 0, it->moves = i % 100 == 0, it->fades = 0;
        } else {
            it->x = 10 + (i * 37) % (W - 40), it->y = 10 + (i * 53 / 7) % (H - 40);
            it->w = s->cards ? 48 : 16, it->h = s->cards ? 32 : 16;
            it->dx = 20, it->dy = 15, it->moves = 1, it->fades = !s->cards && i % 4 == 0;
        }
    }
    return 1;
}

/* Image i: the 16 x 16 pixels qt_peer.cpp's GenProvider makes. */
static void make_image(int i, uint8_t px[16 * 16 * 4]) {
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            uint8_t *p = px + 4 * (16 * y + x);
            p[0] = (uint8_t)((i * 37 + x * 16) & 255);
            p[1] = (uint8_t)((i * 11 + y * 16) & 255);
            p[2] = (uint8_t)((i * 5 + (x ^ y) * 16) & 255);
            p[3] = 255;
        }
}

static lamina_layer_t build(lamina_engine_t *e, const scene_t *s) {
    lamina_layer_t root;
    CK(lamina_layer_create(e, &root));
    CK(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {W, H}}));
    CK(lamina_layer_set_position(e, root, (lamina_point_t){W / 2.0, H / 2.0}));
    CK(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}));
    lamina_animation_t *move, *fade;
    CK(lamina_animation_create_basic("position", &move));
    CK(lamina_animation_create_basic("opacity", &fade));
    lamina_value_t from = {.type = LAMINA_VALUE_NUMBER}, to = from;
    from.u.number = 1;
    to.u.number = 0.3;
    CK(lamina_animation_set_from_value(fade, &from));
    CK(lamina_animation_set_to_value(fade, &to));
    lamina_image_t shared = LAMINA_IMAGE_NONE;
    uint8_t px[16 * 16 * 4];
    if (s->images == 2) {
        make_image(0, px);
        CK(lamina_image_create_rgba8(e, 16, 16, px, sizeof px, 1, &shared));
    }
    for (int i = 0; i < s->n; i++) {
        const item_t *it = &s->items[i];
        lamina_layer_t l;
        CK(lamina_layer_create(e, &l));
        CK(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {it->w, it->h}}));
        CK(lamina_layer_set_position(e, l, (lamina_point_t){it->x, it->y}));
        if (s->images) {
            lamina_image_t img = shared;
            if (s->images == 1) {
                make_image(i, px);
                CK(lamina_image_create_rgba8(e, 16, 16, px, sizeof px, 1, &img));
            }
            CK(lamina_layer_set_contents(e, l, img));
            if (s->images == 1) CK(lamina_image_release(img));
        } else {
            CK(lamina_layer_set_color(e, l, "backgroundColor",
                                      (lamina_color_t){it->color[0], it->color[1], it->color[2], 1}));
        }
        if (it->w == 120) CK(lamina_layer_set_number(e, l, "cornerRadius", 8)); /* the button */
        if (s->cards) {
            CK(lamina_layer_set_number(e, l, "cornerRadius", 6));
            CK(lamina_layer_set_number(e, l, "borderWidth", 1));
            CK(lamina_layer_set_color(e, l, "borderColor", (lamina_color_t){0.5, 0.5, 0.5, 1}));
            CK(lamina_layer_set_number(e, l, "shadowOpacity", 0.3));
            CK(lamina_layer_set_number(e, l, "shadowRadius", 3));
            CK(lamina_layer_set_size(e, l, "shadowOffset", (lamina_size_t){0, 2}));
        }
        CK(lamina_layer_add_sublayer(e, root, l));
        lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
        mt.duration = it->dur;
        mt.repeat_count = LAMINA_REPEAT_FOREVER;
        mt.autoreverses = 1;
        if (it->moves) {
            lamina_value_t a = {.type = LAMINA_VALUE_POINT}, b = a;
            a.u.point = (lamina_point_t){it->x, it->y};
            b.u.point = (lamina_point_t){it->x + it->dx, it->y + it->dy};
            CK(lamina_animation_set_from_value(move, &a));
            CK(lamina_animation_set_to_value(move, &b));
            CK(lamina_animation_set_media_timing(move, &mt));
            CK(lamina_layer_add_animation(e, l, move, "move"));
        }
        if (it->fades) {
            CK(lamina_animation_set_media_timing(fade, &mt));
            CK(lamina_layer_add_animation(e, l, fade, "fade"));
        }
        CK(lamina_layer_release(e, l));
    }
    if (shared != LAMINA_IMAGE_NONE) CK(lamina_image_release(shared));
    lamina_animation_release(move);
    lamina_animation_release(fade);
    return root;
}

/* ---- The floor: flat quads, one instanced draw, no blending -------------------------------- */

static const char *floor_vs =
    "#version 300 es\n"
    "layout(location=0) in vec4 a_rect; layout(location=1) in vec4 a_color;\n"
    "flat out vec4 v_color;\n"
    "void main() {\n"
    "  vec2 c = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));\n"
    "  vec2 p = a_rect.xy + c * a_rect.zw;\n"
    "  gl_Position = vec4(p.x / 400.0 - 1.0, 1.0 - p.y / 300.0, 0.0, 1.0);\n"
    "  v_color = a_color;\n"
    "}\n";
static const char *floor_fs =
    "#version 300 es\nprecision mediump float;\nflat in vec4 v_color; out vec4 o;\n"
    "void main() { o = v_color; }\n";

static GLuint floor_program(void) {
    GLuint p = glCreateProgram();
    const char *src[2] = {floor_vs, floor_fs};
    GLenum type[2] = {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER};
    for (int i = 0; i < 2; i++) {
        GLuint sh = glCreateShader(type[i]);
        glShaderSource(sh, 1, &src[i], NULL);
        glCompileShader(sh);
        glAttachShader(p, sh);
        glDeleteShader(sh);
    }
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        fprintf(stderr, "lamina-peer-bench: the floor program does not link\n");
        exit(1);
    }
    return p;
}

/* The position of item `it` at time t: a triangle wave over 2 * dur, as autoreverses draws. */
static double phase(const item_t *it, double t) {
    double u = fmod(t / it->dur, 2.0);
    return u <= 1 ? u : 2 - u;
}

int main(int argc, char **argv) {
    const char *name = NULL, *png = NULL;
    int frames = 60, warmup = 5, floor_mode = 0, partial = 0;
    double *share = NULL; /* --partial: the viewport's share redrawn per frame */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--scene") && i + 1 < argc) name = argv[++i];
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--warmup") && i + 1 < argc) warmup = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--floor")) floor_mode = 1;
        else if (!strcmp(argv[i], "--partial")) partial = 1;
        else if (!strcmp(argv[i], "--png") && i + 1 < argc) png = argv[++i];
        else name = NULL, i = argc;
    }
    scene_t sc;
    if (!name || frames < 1 || warmup < 0 || !make_scene(name, &sc)) {
        fprintf(stderr, "usage: lamina-peer-bench --scene NAME [--frames F] [--warmup W] [--floor] [--partial] [--png PATH]\n"
                        "scenes: background squares-100 squares-1000 squares-10000 images-distinct "
                        "images-shared cards idle-100k button idle\n");
        return 2;
    }
    bench_gl_t gl;
    if (!bench_gl_begin("lamina-peer-bench", W, H, &gl)) return 1;

    double *ms = malloc(sizeof(double) * (size_t)frames);
    uint32_t calls = 0;
    if (floor_mode) {
        GLuint prog = floor_program(), vao, vbo;
        int quads = sc.n + 1;
        float *inst = malloc(sizeof(float) * 8 * (size_t)quads);
        glGenVertexArrays(1, &vao);
        glGenBuffers(1, &vbo);
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        for (GLuint a = 0; a < 2; a++) {
            glEnableVertexAttribArray(a);
            glVertexAttribPointer(a, 4, GL_FLOAT, GL_FALSE, 8 * sizeof(float),
                                  (const void *)(uintptr_t)(a * 4 * sizeof(float)));
            glVertexAttribDivisor(a, 1);
        }
        glUseProgram(prog);
        glDisable(GL_BLEND);
        for (int f = 0; f < warmup + frames; f++) {
            double t = (f + 1) / 60.0, t0 = cpu_ms();
            float *p = inst;
            *p++ = 0, *p++ = 0, *p++ = W, *p++ = H, *p++ = 1, *p++ = 1, *p++ = 1, *p++ = 1;
            for (int i = 0; i < sc.n; i++) {
                const item_t *it = &sc.items[i];
                double u = it->moves ? phase(it, t) : 0;
                *p++ = (float)(it->x + u * it->dx - it->w / 2);
                *p++ = (float)(it->y + u * it->dy - it->h / 2);
                *p++ = (float)it->w, *p++ = (float)it->h;
                memcpy(p, it->color, sizeof it->color);
                p += 4;
            }
            glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(float) * 8 * (size_t)quads), inst,
                         GL_STREAM_DRAW);
            glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, quads);
            glFinish();
            if (f >= warmup) ms[f - warmup] = cpu_ms() - t0;
        }
        calls = 1;
        free(inst);
    } else {
        lamina_engine_t *e;
        CK(lamina_engine_create(&e));
        lamina_layer_t root = build(e, &sc);
        CK(lamina_engine_tick(e, 0));
        lamina_gles_renderer_t *r;
        CK(lamina_gles_renderer_create(&r));
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        if (partial) frame.flags |= LAMINA_GLES_FRAME_PARTIAL, frame.buffer_age = 1;
        share = calloc((size_t)frames, sizeof *share);
        lamina_gles_stats_t st = {.struct_size = sizeof st};
        for (int f = 0; f < warmup + frames; f++) {
            double t = (f + 1) / 60.0;
            const lamina_draw_record_t *recs;
            size_t count;
            double t0 = cpu_ms();
            CK(lamina_engine_tick(e, t));
            CK(lamina_engine_draw_list(e, root, t, &recs, &count));
            CK(lamina_gles_renderer_draw(r, e, recs, count, t, &frame));
            glFinish();
            if (f >= warmup) ms[f - warmup] = cpu_ms() - t0;
            CK(lamina_gles_renderer_get_stats(r, &st));
            if (f >= warmup) share[f - warmup] = (double)st.redraw_width * st.redraw_height / ((double)W * H);
            if (count != (size_t)sc.n + 1) {
                fprintf(stderr, "sanity: %zu records, expected %d\n", count, sc.n + 1);
                return 3;
            }
        }
        CK(lamina_gles_renderer_get_stats(r, &st));
        calls = st.draw_calls;
        lamina_gles_renderer_destroy(r);
        CK(lamina_layer_release(e, root));
        CK(lamina_engine_destroy(e));
    }
    unsigned char px[4] = {0};
    glReadPixels(W - 1, H - 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    if (px[3] != 255) { /* the white root (or a card) covers it: the frame was drawn */
        fprintf(stderr, "sanity: corner pixel alpha %d, expected opaque\n", px[3]);
        return 3;
    }
    if (png) {
        uint8_t *rgba = malloc((size_t)W * H * 4), *row = malloc((size_t)W * 4);
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
        for (int y = 0; y < H / 2; y++) { /* GL rows run bottom-up; the PNG's top-down */
            memcpy(row, rgba + (size_t)y * W * 4, (size_t)W * 4);
            memcpy(rgba + (size_t)y * W * 4, rgba + (size_t)(H - 1 - y) * W * 4, (size_t)W * 4);
            memcpy(rgba + (size_t)(H - 1 - y) * W * 4, row, (size_t)W * 4);
        }
        CK(lamina_gles_write_png(png, rgba, W, H)); /* opaque frame: premultiplied = straight */
        free(rgba);
        free(row);
    }
    qsort(ms, (size_t)frames, sizeof *ms, cmp);
    double med = frames % 2 ? ms[frames / 2] : 0.5 * (ms[frames / 2 - 1] + ms[frames / 2]);
    double redrawn = 1;
    if (share) {
        qsort(share, (size_t)frames, sizeof *share, cmp);
        redrawn = share[frames / 2];
        free(share);
    }
    printf("PEER %s scene=%s frames=%d cpu_ms=%.3f min_ms=%.3f max_ms=%.3f draw_calls=%u redrawn=%.4f gl=\"%s\"\n",
           floor_mode ? "floor" : partial ? "partial" : "lamina", name, frames, med, ms[0], ms[frames - 1], calls,
           redrawn, (const char *)glGetString(GL_RENDERER));
    free(ms);
    free(sc.items);
    bench_gl_end(&gl);
    return 0;
}
