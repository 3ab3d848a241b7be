/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Record scenes: golden-image scenes of the reference compositor built from draw records rather
 * than from an engine's layers alone. Each builds plain layers in an engine, takes its draw list,
 * copies the records and sets their shape (RS-8), gradient (RS-9) and instance colour (RS-13)
 * fields to static test data, then draws the copies with lamina_gles_renderer_draw() in a
 * headless EGL context of its own. They pin the renderer down independently of the engine.
 */
#ifndef LAMINA_RECORD_SCENES_H
#define LAMINA_RECORD_SCENES_H

#include <string.h>

#include <lamina/lamina.h>
#include <lamina/lamina_gles.h>

typedef struct record_scene {
    const char *name;
    const char *topic;
    const char *description;
    int width, height; /* points */
    double scale;      /* device pixels per point */
    /* Builds the root's sublayers (plain layers) in `engine`; returns the first failure. */
    lamina_status_t (*build)(lamina_engine_t *engine, lamina_layer_t root);
    /* Sets the copied records' kind fields (recs[0] is the root). */
    void (*patch)(lamina_draw_record_t *recs, size_t count);
} record_scene_t;

const record_scene_t *record_scenes_all(size_t *count);

/* Renders the scene headless: *out (malloc'd RGBA, rows top first, straight alpha), *w, *h. */
lamina_status_t record_scene_render(const record_scene_t *sc, uint8_t **out, uint32_t *w, uint32_t *h);

/* Sees the patched records the scene draws (the Chromium cross-check dumps them). */
typedef void (*record_scene_visitor_t)(void *context, const lamina_draw_record_t *recs, size_t count);

/* record_scene_render(), calling `visit` (when not NULL) with the records it draws. */
lamina_status_t record_scene_render_visit(const record_scene_t *sc, uint8_t **out, uint32_t *w,
                                          uint32_t *h, record_scene_visitor_t visit, void *context);

/* A gradient record of `type` over n colours and locations, from unit point (sx, sy) to
 * (ex, ey) (RS-9.5); the record scenes and the gles pixel tests both build theirs with it. */
static inline lamina_draw_gradient_t record_gradient(int type, const lamina_color_t *c,
                                                     const double *l, size_t n, double sx,
                                                     double sy, double ex, double ey) {
    lamina_draw_gradient_t g;
    memset(&g, 0, sizeof g);
    g.type = type;
    g.colors = c;
    g.locations = l;
    g.count = n;
    g.start_point = (lamina_point_t){sx, sy};
    g.end_point = (lamina_point_t){ex, ey};
    g.focal_point = g.start_point; /* no focal offset (RS-9.10) */
    return g;
}

/* A draw record's filter of `type` with inputs p[0..n), its sigma (a blur: inputRadius, the
 * records' scale being 1) and its colour matrix as the engine fills them (docs/draw-records.md
 * section 18; luminance weights 0.213, 0.715, 0.072): the filter scenes and the gles filter
 * tests build theirs with it. */
static inline lamina_draw_filter_t record_filter(int32_t type, const double *p, int n) {
    lamina_draw_filter_t f;
    memset(&f, 0, sizeof f);
    f.type = type;
    for (int i = 0; i < n && i < 20; i++) f.params[i] = p[i];
    double m[4][5] = {{1, 0, 0, 0, 0}, {0, 1, 0, 0, 0}, {0, 0, 1, 0, 0}, {0, 0, 0, 1, 0}};
    const double w[3] = {0.213, 0.715, 0.072};
    if (type == LAMINA_FILTER_TYPE_GAUSSIAN_BLUR) {
        f.sigma = f.params[0] > 0 ? f.params[0] : 0;
    } else if (type == LAMINA_FILTER_TYPE_COLOR_MATRIX) {
        for (int i = 0; i < 20; i++) m[i / 5][i % 5] = n > 0 ? f.params[i] : m[i / 5][i % 5];
    } else if (type == LAMINA_FILTER_TYPE_COLOR_CONTROLS) {
        double sat = f.params[0], b = f.params[1], c = f.params[2];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) m[i][j] = c * ((1 - sat) * w[j] + (i == j ? sat : 0));
            m[i][4] = c * b + 0.5 * (1 - c);
        }
    } else if (type == LAMINA_FILTER_TYPE_COLOR_INVERT) {
        for (int i = 0; i < 3; i++) {
            m[i][i] = -1;
            m[i][4] = 1;
        }
    } else if (type == LAMINA_FILTER_TYPE_COLOR_MONOCHROME) {
        double k = f.params[4];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) m[i][j] = (1 - k) * (i == j) + k * w[j] * f.params[i];
    } else if (type == LAMINA_FILTER_TYPE_ALPHA) {
        m[3][3] = f.params[0];
    }
    for (int i = 0; i < 20; i++) f.matrix[i] = m[i / 5][i % 5];
    return f;
}

#endif
