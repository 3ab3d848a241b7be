/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Golden-image tests of the reference compositor (issue 11, R14): every scene of
 * renderer/scenes is rendered headless (EGL surfaceless, llvmpipe) and compared with
 * Tests/gles/golden/<scene>.png.
 *
 * Tolerance: a pixel matches when each of its four channels is within 2/255 of the golden's
 * (llvmpipe is deterministic; the slack absorbs float rounding between Mesa builds). A scene
 * passes when every pixel matches. On a mismatch the actual image and a diff image (mismatching
 * pixels red over a faded golden) are written to the output directory and their paths printed.
 *
 *   lamina-golden --goldens DIR --out DIR [--update] [SCENE...]
 *   lamina-golden --compare ACTUAL.png GOLDEN.png
 *
 * --update rewrites the goldens from the current renderer (Scripts/update-goldens.sh): look at
 * every changed PNG before committing it.
 *
 * After the scenes come the record scenes (record_scenes.c: shape layers, gradient layers and
 * instance colours set on copied draw records, RS-8, RS-9, RS-13), under the same tolerance and
 * in the same golden directory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "record_scenes.h"
#include "scenes.h"

enum { TOLERANCE = 2 };

/* Ticks like a 60 Hz host from 0 to `at` (callbacks run), then renders at `at`. */
static lamina_status_t render_scene(const scene_t *sc, uint8_t **out, uint32_t *w, uint32_t *h) {
    scene_ctx_t ctx;
    lamina_status_t s = scene_build(sc, &ctx);
    if (s) return s;
    int steps = (int)(sc->at * 60.0);
    for (int i = 1; i <= steps && !s; i++) s = lamina_engine_tick(ctx.engine, i / 60.0);
    if (!s) s = lamina_engine_tick(ctx.engine, sc->at);
    *w = (uint32_t)(sc->width * sc->scale + 0.5);
    *h = (uint32_t)(sc->height * sc->scale + 0.5);
    size_t size = (size_t)*w * *h * 4;
    *out = malloc(size);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= sc->frame_flags;
    if (!s && *out)
        s = lamina_gles_render_rgba(ctx.engine, ctx.root, sc->at, *w, *h, sc->scale, &frame, *out,
                                    size, NULL);
    if (s) fprintf(stderr, "%s: %s: %s\n", sc->name, lamina_gles_status_string(s),
                   lamina_gles_last_error_message());
    scene_destroy(&ctx);
    return s;
}

static int compare(const char *name, const uint8_t *a, const uint8_t *g, uint32_t w, uint32_t h,
                   const char *outdir) {
    size_t bad = 0, first = (size_t)-1;
    int worst = 0;
    uint8_t *diff = malloc((size_t)w * h * 4);
    for (size_t i = 0; i < (size_t)w * h; i++) {
        int m = 0;
        for (int c = 0; c < 4; c++) {
            int d = abs((int)a[4 * i + c] - (int)g[4 * i + c]);
            if (d > m) m = d;
        }
        if (m > worst) worst = m;
        if (m > TOLERANCE) {
            if (first == (size_t)-1) first = i;
            bad++;
        }
        if (diff) {
            uint8_t *p = diff + 4 * i;
            if (m > TOLERANCE) {
                p[0] = 255, p[1] = 0, p[2] = 0, p[3] = 255;
            } else {
                int grey = (g[4 * i] + g[4 * i + 1] + g[4 * i + 2]) / 3;
                p[0] = p[1] = p[2] = (uint8_t)(192 + grey / 4);
                p[3] = 255;
            }
        }
    }
    if (bad) {
        char pa[1024], pd[1024];
        snprintf(pa, sizeof pa, "%s/%s.actual.png", outdir, name);
        snprintf(pd, sizeof pd, "%s/%s.diff.png", outdir, name);
        lamina_gles_write_png(pa, a, w, h);
        if (diff) lamina_gles_write_png(pd, diff, w, h);
        printf("FAIL %s: %zu of %u pixels differ by more than %d/255 (worst %d, first at %zu, %zu)\n"
               "     actual: %s\n     diff:   %s\n",
               name, bad, w * h, TOLERANCE, worst, first % w, first / w, pa, pd);
    }
    free(diff);
    return bad == 0;
}

int main(int argc, char **argv) {
    const char *goldens = NULL, *outdir = ".";
    int update = 0, n_only = 0;
    const char *only[64];
    if (argc == 4 && !strcmp(argv[1], "--compare")) {
        /* --compare ACTUAL GOLDEN: two PNG files under the same tolerance (the viewer's
         * window screenshot against the headless golden). */
        uint8_t *a = NULL, *g = NULL;
        uint32_t aw, ah, gw, gh;
        if (lamina_gles_read_png(argv[2], &a, &aw, &ah) || lamina_gles_read_png(argv[3], &g, &gw, &gh)) {
            printf("FAIL: %s\n", lamina_gles_last_error_message());
            return 1;
        }
        if (aw != gw || ah != gh) {
            printf("FAIL: %s is %ux%u, %s is %ux%u\n", argv[2], aw, ah, argv[3], gw, gh);
            return 1;
        }
        const char *slash = strrchr(argv[2], '/');
        char dir[1024];
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - argv[2]) : 1, slash ? argv[2] : ".");
        int ok = compare("compare", a, g, aw, ah, dir);
        if (ok) printf("ok   %s matches %s (tolerance %d/255 per channel)\n", argv[2], argv[3], TOLERANCE);
        free(a);
        free(g);
        return ok ? 0 : 1;
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--goldens") && i + 1 < argc) goldens = argv[++i];
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) outdir = argv[++i];
        else if (!strcmp(argv[i], "--update")) update = 1;
        else if (argv[i][0] != '-' && n_only < 64) only[n_only++] = argv[i];
        else {
            fprintf(stderr, "usage: %s --goldens DIR [--out DIR] [--update] [SCENE...]\n", argv[0]);
            return 2;
        }
    }
    if (!goldens) {
        fprintf(stderr, "--goldens DIR is required\n");
        return 2;
    }
    mkdir(outdir, 0777);
    size_t count = 0;
    const scene_t *all = scenes_all(&count);
    int failed = 0, passed = 0, written = 0;
    size_t rcount = 0;
    const record_scene_t *rall = record_scenes_all(&rcount);
    for (size_t k = 0; k < count + rcount; k++) {
        const char *name = k < count ? all[k].name : rall[k - count].name;
        const char *topic = k < count ? all[k].topic : rall[k - count].topic;
        const char *desc = k < count ? all[k].description : rall[k - count].description;
        if (n_only) {
            int want = 0;
            for (int j = 0; j < n_only; j++) want |= !strcmp(only[j], name);
            if (!want) continue;
        }
        uint8_t *img = NULL, *gold = NULL;
        uint32_t w = 0, h = 0, gw = 0, gh = 0;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.png", goldens, name);
        lamina_status_t rs = k < count ? render_scene(&all[k], &img, &w, &h)
                                       : record_scene_render(&rall[k - count], &img, &w, &h);
        if (rs) {
            if (k >= count)
                fprintf(stderr, "%s: %s: %s\n", name, lamina_gles_status_string(rs),
                        lamina_gles_last_error_message());
            printf("FAIL %s: could not render\n", name);
            failed++;
            free(img);
            continue;
        }
        if (update) {
            lamina_status_t s = lamina_gles_write_png(path, img, w, h);
            printf("%s %s\n", s ? "FAIL writing" : "wrote", path);
            failed += s != 0;
            written += s == 0;
            free(img);
            continue;
        }
        lamina_status_t s = lamina_gles_read_png(path, &gold, &gw, &gh);
        if (s) {
            char pa[1024];
            snprintf(pa, sizeof pa, "%s/%s.actual.png", outdir, name);
            lamina_gles_write_png(pa, img, w, h);
            printf("FAIL %s: no golden (%s); actual: %s\n", name,
                   lamina_gles_last_error_message(), pa);
            failed++;
        } else if (gw != w || gh != h) {
            printf("FAIL %s: golden is %ux%u, rendered %ux%u\n", name, gw, gh, w, h);
            failed++;
        } else if (compare(name, img, gold, w, h, outdir)) {
            printf("ok   %s (%s: %s)\n", name, topic, desc);
            passed++;
        } else {
            failed++;
        }
        free(img);
        free(gold);
    }
    if (update) printf("golden: wrote %d images, %d failures\n", written, failed);
    else printf("golden: %d scenes passed, %d failed (tolerance %d/255 per channel)\n", passed, failed, TOLERANCE);
    return failed ? 1 : 0;
}
