/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The reference compositor's benchmark (issue 11): ms per frame and draw calls per frame for N
 * animated layers at 800 x 600, headless (EGL surfaceless; llvmpipe on a machine without a GPU),
 * beside the engine's own per-frame cost (tick + draw list) for the same frames.
 *
 *   lamina-gles-bench [--quick] [--frames F] [N...]     (default N = 100 1000 10000, 60 frames)
 *
 * Every layer is a 16 x 16 coloured square with an explicit position animation (its own phase)
 * and, on every fourth layer, an opacity animation: all N layers move every frame. A frame is
 * tick(t) + draw list + lamina_gles_renderer_draw() + glFinish() (so llvmpipe's rasterising is
 * counted, not only the command submission). The median of the frames is reported; timing
 * never fails the run, only the sanity checks (every frame draws, pixels change) do.
 * Target (issue 11): 1k animated layers under 16 ms per frame on the 2-core CI machine.
 *
 *   lamina-gles-bench --frosted [--frames F] [N...]   (issue 32; default N = 100)
 *
 * The same N animated squares under a frosted-glass panel: a 300 x 200 layer at (250, 200) with
 * corner radius 16, a white background at alpha 0.2 and background filters blurring what lies
 * beneath by inputRadius 20 (set through the engine's "backgroundFilters"). Target (issue 32):
 * under 8 ms per frame on llvmpipe.
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

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
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

static int frosted; /* --frosted: a backdrop-blurred panel over the squares (issue 32) */

static void run(int n, int frames, lamina_gles_renderer_t *r) {
    lamina_engine_t *e;
    lamina_layer_t root;
    CK(lamina_engine_create(&e));
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
    for (int i = 0; i < n; i++) {
        lamina_layer_t l;
        double x = 10 + (i * 37) % (W - 40), y = 10 + (i * 53 / 7) % (H - 40);
        CK(lamina_layer_create(e, &l));
        CK(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {16, 16}}));
        CK(lamina_layer_set_position(e, l, (lamina_point_t){x, y}));
        CK(lamina_layer_set_color(e, l, "backgroundColor",
                                  (lamina_color_t){(i % 7) / 7.0, (i % 5) / 5.0, (i % 3) / 3.0, 1}));
        CK(lamina_layer_add_sublayer(e, root, l));
        lamina_value_t a = {.type = LAMINA_VALUE_POINT}, b = a;
        a.u.point = (lamina_point_t){x, y};
        b.u.point = (lamina_point_t){x + 20, y + 15};
        CK(lamina_animation_set_from_value(move, &a));
        CK(lamina_animation_set_to_value(move, &b));
        lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
        mt.duration = 1.0 + (i % 10) * 0.1;
        mt.repeat_count = LAMINA_REPEAT_FOREVER;
        mt.autoreverses = 1;
        CK(lamina_animation_set_media_timing(move, &mt));
        CK(lamina_animation_set_media_timing(fade, &mt));
        CK(lamina_layer_add_animation(e, l, move, "move"));
        if (i % 4 == 0) CK(lamina_layer_add_animation(e, l, fade, "fade"));
        CK(lamina_layer_release(e, l));
    }
    lamina_animation_release(move);
    lamina_animation_release(fade);
    if (frosted) {
        lamina_layer_t panel;
        CK(lamina_layer_create(e, &panel));
        CK(lamina_layer_set_bounds(e, panel, (lamina_rect_t){{0, 0}, {300, 200}}));
        CK(lamina_layer_set_position(e, panel, (lamina_point_t){400, 300}));
        CK(lamina_layer_set_color(e, panel, "backgroundColor", (lamina_color_t){1, 1, 1, 0.2}));
        CK(lamina_layer_set_number(e, panel, "cornerRadius", 16));
        lamina_filter_t blur;
        CK(lamina_filter_init(LAMINA_FILTER_TYPE_GAUSSIAN_BLUR, "frost", &blur));
        blur.params[0] = 20;
        lamina_value_t v = {.type = LAMINA_VALUE_FILTER_ARRAY};
        v.u.filters.items = &blur;
        v.u.filters.count = 1;
        CK(lamina_layer_set_value(e, panel, "backgroundFilters", &v));
        CK(lamina_layer_add_sublayer(e, root, panel));
        CK(lamina_layer_release(e, panel));
    }
    CK(lamina_engine_tick(e, 0));

    double *engine_ms = malloc(sizeof(double) * (size_t)frames);
    double *render_ms = malloc(sizeof(double) * (size_t)frames);
    double *total_ms = malloc(sizeof(double) * (size_t)frames);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    unsigned char first[4] = {0}, last[4] = {0};
    uint32_t calls = 0, prims = 0;
    for (int f = 0; f < frames; f++) {
        double t = (f + 1) / 60.0;
        const lamina_draw_record_t *recs;
        size_t count;
        double t0 = now_ms();
        CK(lamina_engine_tick(e, t));
        CK(lamina_engine_draw_list(e, root, t, &recs, &count));
        double t1 = now_ms();
        CK(lamina_gles_renderer_draw(r, e, recs, count, t, &frame));
        glFinish();
        double t2 = now_ms();
        engine_ms[f] = t1 - t0;
        render_ms[f] = t2 - t1;
        total_ms[f] = t2 - t0;
        CK(lamina_gles_renderer_get_stats(r, &st));
        calls = st.draw_calls;
        prims = st.primitives;
        if (count != (size_t)n + 1 + (frosted ? 1 : 0)) {
            fprintf(stderr, "sanity: draw list has %zu records, expected %d\n", count, n + 1 + frosted);
            exit(1);
        }
        if (frosted && st.backdrops_filtered != 1) {
            fprintf(stderr, "sanity: the panel's backdrop was not filtered\n");
            exit(1);
        }
        if (f == 0) glReadPixels(10, H - 12, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, first);
        if (f == frames - 1) glReadPixels(10, H - 12, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, last);
    }
    (void)first;
    (void)last;
    double me = median(engine_ms, frames), mr = median(render_ms, frames),
           mt = median(total_ms, frames);
    printf("%8d %10.3f %12.3f %11.3f %11u %11u %s\n", n, me, mr, mt, calls, prims,
           mt < (frosted ? 8.0 : 16.0) ? "yes" : "no");
    printf("BENCH-GLES%s n=%d frames=%d engine_ms=%.3f render_ms=%.3f frame_ms=%.3f draw_calls=%u "
           "primitives=%u size=%dx%d\n", frosted ? "-FROSTED" : "", n, frames, me, mr, mt, calls, prims, W, H);
    free(engine_ms);
    free(render_ms);
    free(total_ms);
    CK(lamina_layer_release(e, root));
    CK(lamina_engine_destroy(e));
}

int main(int argc, char **argv) {
    int frames = 60, ns[16], count = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) frames = 10;
        else if (!strcmp(argv[i], "--frosted")) frosted = 1;
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc) frames = atoi(argv[++i]);
        else if (count < 16 && atoi(argv[i]) > 0) ns[count++] = atoi(argv[i]);
        else {
            fprintf(stderr, "usage: lamina-gles-bench [--quick] [--frosted] [--frames F] [N...]\n");
            return 2;
        }
    }
    if (frames < 1) frames = 1;
    if (!count && frosted) {
        ns[0] = 100;
        count = 1;
    } else if (!count) {
        ns[0] = 100, ns[1] = 1000, ns[2] = 10000;
        count = 3;
    }
    bench_gl_t gl;
    if (!bench_gl_begin("lamina-gles-bench", W, H, &gl)) return 1;
    lamina_gles_renderer_t *r;
    CK(lamina_gles_renderer_create(&r));
    printf("lamina-gles-bench: %dx%d, %d frames per N, GL \"%s\", renderer \"%s\"\n", W, H, frames,
           (const char *)glGetString(GL_VERSION), (const char *)glGetString(GL_RENDERER));
    printf("%8s %10s %12s %11s %11s %11s %s\n", "layers", "engine ms", "renderer ms", "frame ms",
           "draw calls", "primitives", frosted ? "<8ms" : "<16ms");
    for (int i = 0; i < count; i++) run(ns[i], frames, r);
    lamina_gles_renderer_destroy(r);
    bench_gl_end(&gl);
    return 0;
}
