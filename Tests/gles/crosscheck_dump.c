/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Lamina side of the Chromium cross-check (issue 25 item 7; Tests/gles/chromium/README.md):
 * for every scene of renderer/scenes (and every record scene, Tests/gles/record_scenes.c), ticked
 * and rendered exactly as the golden test does, it
 * writes the scene's draw list as JSON (OUT/<scene>.json: the records, with the transition's
 * old subtree, shapes, gradients, shadow paths and the images they show as PNG files beside
 * it) and Lamina's frame (OUT/<scene>.lamina.png). Tests/gles/chromium/crosscheck.py turns the
 * records into HTML/CSS/SVG, renders them with headless Chromium and compares the frames.
 *
 *   lamina-crosscheck-dump OUT_DIR [SCENE...]
 *   lamina-crosscheck-dump --raw IN.png OUT.raw      (RGBA8 as "W H\n" + bytes, for Python)
 *   lamina-crosscheck-dump --png IN.raw OUT.png      (and back, to look at Chromium's frame)
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "record_scenes.h"
#include "scenes.h"

/* Straight-alpha RGBA8 of a premultiplied image, written as OUT/img-<id>.png once. */
static void write_image(const char *out, lamina_image_t id) {
    char path[1024];
    snprintf(path, sizeof path, "%s/img-%llu.png", out, (unsigned long long)id);
    struct stat st;
    if (stat(path, &st) == 0) return;
    lamina_image_info_t info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (lamina_image_get_info(id, &info) || !info.pixels) return;
    size_t n = (size_t)info.width * info.height;
    uint8_t *px = malloc(n * 4);
    if (!px) return;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *s = info.pixels + 4 * i;
        uint8_t *d = px + 4 * i;
        for (int c = 0; c < 3; c++) d[c] = s[3] ? (uint8_t)((s[c] * 255 + s[3] / 2) / s[3]) : 0;
        d[3] = s[3];
    }
    lamina_gles_write_png(path, px, info.width, info.height);
    free(px);
}

static void color(FILE *f, const char *k, lamina_color_t c) {
    fprintf(f, "\"%s\":[%.9g,%.9g,%.9g,%.9g],", k, c.r, c.g, c.b, c.a);
}

static void rect(FILE *f, const char *k, lamina_rect_t r) {
    fprintf(f, "\"%s\":[%.9g,%.9g,%.9g,%.9g],", k, r.origin.x, r.origin.y, r.size.width, r.size.height);
}

static void path(FILE *f, const char *k, const lamina_path_element_t *el, size_t n) {
    fprintf(f, "\"%s\":[", k);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%s[%d", i ? "," : "", el[i].type);
        for (int p = 0; p < 3; p++) fprintf(f, ",%.9g,%.9g", el[i].points[p].x, el[i].points[p].y);
        fprintf(f, "]");
    }
    fprintf(f, "],");
}

static void record(FILE *f, const char *out, const lamina_draw_record_t *r, int with_before) {
    const lamina_transform3d_t *m = &r->transform;
    fprintf(f, "{\"layer\":%llu,\"flags\":%u,\"flags2\":%u,\"depth\":%u,\"descendants\":%u,",
            (unsigned long long)r->layer, r->flags, r->flags2, r->depth, r->descendant_count);
    fprintf(f, "\"transform\":[%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g,"
               "%.12g,%.12g,%.12g,%.12g,%.12g],",
            m->m11, m->m12, m->m13, m->m14, m->m21, m->m22, m->m23, m->m24, m->m31, m->m32, m->m33,
            m->m34, m->m41, m->m42, m->m43, m->m44);
    rect(f, "bounds", r->bounds);
    rect(f, "clip_rect", r->clip_rect);
    fprintf(f, "\"opacity\":%.9g,\"target_opacity\":%.9g,\"group_opacity\":%.9g,", r->opacity,
            r->target_opacity, r->group_opacity);
    fprintf(f, "\"corner_radius\":%.9g,\"masked_corners\":%u,\"corner_curve\":%d,", r->corner_radius,
            r->masked_corners, r->corner_curve);
    fprintf(f, "\"border_width\":%.9g,", r->border_width);
    color(f, "background_color", r->background_color);
    color(f, "border_color", r->border_color);
    color(f, "shadow_color", r->shadow_color);
    color(f, "instance_color", r->instance_color);
    fprintf(f, "\"shadow_opacity\":%.9g,\"shadow_offset\":[%.9g,%.9g],\"shadow_radius\":%.9g,",
            r->shadow_opacity, r->shadow_offset.width, r->shadow_offset.height, r->shadow_radius);
    if (r->shadow_path) path(f, "shadow_path", r->shadow_path, r->shadow_path_count);
    fprintf(f, "\"contents\":%llu,\"contents_previous\":%llu,\"contents_fade\":%.9g,",
            (unsigned long long)r->contents, (unsigned long long)r->contents_previous, r->contents_fade);
    if (r->contents) write_image(out, r->contents);
    if (r->contents_previous) write_image(out, r->contents_previous);
    rect(f, "contents_dest", r->contents_dest);
    rect(f, "contents_previous_dest", r->contents_previous_dest);
    rect(f, "contents_rect", r->contents_rect);
    rect(f, "contents_center", r->contents_center);
    fprintf(f, "\"contents_scale\":%.9g,\"minification_filter\":%d,\"magnification_filter\":%d,",
            r->contents_scale, r->minification_filter, r->magnification_filter);
    fprintf(f, "\"mask_index\":%d,\"mask_count\":%u,\"mask_host_index\":%d,\"group_index\":%d,",
            r->mask_index, r->mask_count, r->mask_host_index, r->group_index);
    fprintf(f, "\"edge_antialiasing_mask\":%u,\"layer_kind\":%d,", r->edge_antialiasing_mask,
            r->layer_kind);
    fprintf(f, "\"transition\":[%d,%d,%.9g],", r->transition_type, r->transition_subtype,
            r->transition_progress);
    if (r->shape) {
        const lamina_draw_shape_t *s = r->shape;
        fprintf(f, "\"shape\":{");
        path(f, "path", s->path, s->path_count);
        color(f, "fill_color", s->fill_color);
        color(f, "stroke_color", s->stroke_color);
        fprintf(f, "\"flags\":%u,\"fill_rule\":%d,\"line_width\":%.9g,\"miter_limit\":%.9g,"
                   "\"line_cap\":%d,\"line_join\":%d,\"dash_phase\":%.9g,\"stroke_start\":%.9g,"
                   "\"stroke_end\":%.9g,\"dashes\":[",
                s->flags, s->fill_rule, s->line_width, s->miter_limit, s->line_cap, s->line_join,
                s->line_dash_phase, s->stroke_start, s->stroke_end);
        for (size_t i = 0; i < s->line_dash_count; i++)
            fprintf(f, "%s%.9g", i ? "," : "", s->line_dash_pattern[i]);
        fprintf(f, "]},");
    }
    if (r->gradient) {
        const lamina_draw_gradient_t *g = r->gradient;
        fprintf(f, "\"gradient\":{\"type\":%d,\"start\":[%.9g,%.9g],\"end\":[%.9g,%.9g],"
                   "\"focal\":[%.9g,%.9g],\"stops\":[",
                g->type, g->start_point.x, g->start_point.y, g->end_point.x, g->end_point.y,
                g->focal_point.x, g->focal_point.y);
        for (size_t i = 0; i < g->count; i++)
            fprintf(f, "%s[%.9g,%.9g,%.9g,%.9g,%.9g]", i ? "," : "", g->locations[i], g->colors[i].r,
                    g->colors[i].g, g->colors[i].b, g->colors[i].a);
        fprintf(f, "]},");
    }
    if (r->struct_size >= offsetof(lamina_draw_record_t, filters) + sizeof(r->filters) && r->filters) {
        /* Issue 32: each filter as [type, params[20], sigma, matrix[20]], the blend mode. */
        const lamina_draw_filters_t *fl = r->filters;
        fprintf(f, "\"filters\":{\"blend\":%d,", fl->blend_mode);
        for (int b = 0; b < 2; b++) {
            const lamina_draw_filter_t *list = b ? fl->background_filters : fl->filters;
            size_t n = b ? fl->background_filter_count : fl->filter_count;
            fprintf(f, "\"%s\":[", b ? "background" : "filters");
            for (size_t i = 0; list && i < n; i++) {
                fprintf(f, "%s[%d", i ? "," : "", list[i].type);
                for (int k = 0; k < 20; k++) fprintf(f, ",%.9g", list[i].params[k]);
                fprintf(f, ",%.9g", list[i].sigma);
                for (int k = 0; k < 20; k++) fprintf(f, ",%.9g", list[i].matrix[k]);
                fprintf(f, "]");
            }
            fprintf(f, "]%s", b ? "}," : ",");
        }
    }
    if (with_before && r->transition_before) {
        const lamina_draw_record_t *b = r->transition_before;
        fprintf(f, "\"before\":[");
        for (uint32_t k = 0; k <= b->descendant_count; k++) {
            if (k) fprintf(f, ",");
            record(f, out, (const lamina_draw_record_t *)((const char *)b + (size_t)k * b->struct_size), 0);
        }
        fprintf(f, "],");
    }
    fprintf(f, "\"struct_size\":%u}", r->struct_size);
}

static int write_json(const char *out, const char *name, const char *topic, int width, int height,
                      double scale, double at, int no_group_opacity, const lamina_draw_record_t *recs,
                      size_t n) {
    char path_buf[1024];
    snprintf(path_buf, sizeof path_buf, "%s/%s.json", out, name);
    FILE *f = fopen(path_buf, "w");
    if (!f) {
        fprintf(stderr, "%s: %s\n", path_buf, strerror(errno));
        return 1;
    }
    fprintf(f, "{\"name\":\"%s\",\"topic\":\"%s\",\"width\":%d,\"height\":%d,\"scale\":%.9g,"
               "\"at\":%.9g,\"no_group_opacity\":%d,\"records\":[",
            name, topic, width, height, scale, at, no_group_opacity);
    for (size_t i = 0; i < n; i++) {
        if (i) fprintf(f, ",\n");
        record(f, out, &recs[i], 1);
    }
    fprintf(f, "]}\n");
    fclose(f);
    return 0;
}

static int dump_scene(const scene_t *sc, const char *out) {
    scene_ctx_t ctx;
    lamina_status_t s = scene_build(sc, &ctx);
    if (s) return 1;
    /* Ticked like a 60 Hz host up to the scene's time, as the golden test does. */
    int steps = (int)(sc->at * 60.0);
    for (int i = 1; i <= steps && !s; i++) s = lamina_engine_tick(ctx.engine, i / 60.0);
    if (!s) s = lamina_engine_tick(ctx.engine, sc->at);
    uint32_t w = (uint32_t)(sc->width * sc->scale + 0.5), h = (uint32_t)(sc->height * sc->scale + 0.5);
    uint8_t *px = malloc((size_t)w * h * 4);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= sc->frame_flags;
    if (!s && px)
        s = lamina_gles_render_rgba(ctx.engine, ctx.root, sc->at, w, h, sc->scale, &frame, px,
                                    (size_t)w * h * 4, NULL);
    char path_buf[1024];
    if (!s) {
        snprintf(path_buf, sizeof path_buf, "%s/%s.lamina.png", out, sc->name);
        s = lamina_gles_write_png(path_buf, px, w, h);
    }
    free(px);
    const lamina_draw_record_t *recs = NULL;
    size_t n = 0;
    if (!s) s = lamina_engine_draw_list(ctx.engine, ctx.root, sc->at, &recs, &n);
    if (s) {
        fprintf(stderr, "%s: %s: %s\n", sc->name, lamina_gles_status_string(s), lamina_gles_last_error_message());
        scene_destroy(&ctx);
        return 1;
    }
    int bad = write_json(out, sc->name, sc->topic, sc->width, sc->height, sc->scale, sc->at,
                         (sc->frame_flags & LAMINA_GLES_FRAME_NO_GROUP_OPACITY) != 0, recs, n);
    scene_destroy(&ctx);
    return bad;
}

/* A record scene (Tests/gles/record_scenes.c): the records it draws and its frame. */
typedef struct {
    const char *out;
    const record_scene_t *sc;
    int bad;
} visit_t;

static void visit_records(void *context, const lamina_draw_record_t *recs, size_t n) {
    visit_t *v = context;
    v->bad = write_json(v->out, v->sc->name, v->sc->topic, v->sc->width, v->sc->height, v->sc->scale, 0, 0,
                        recs, n);
}

static int dump_record_scene(const record_scene_t *sc, const char *out) {
    visit_t v = {out, sc, 1};
    uint8_t *px = NULL;
    uint32_t w = 0, h = 0;
    lamina_status_t s = record_scene_render_visit(sc, &px, &w, &h, visit_records, &v);
    char path_buf[1024];
    if (!s) {
        snprintf(path_buf, sizeof path_buf, "%s/%s.lamina.png", out, sc->name);
        s = lamina_gles_write_png(path_buf, px, w, h);
    }
    free(px);
    if (s) fprintf(stderr, "%s: %s: %s\n", sc->name, lamina_gles_status_string(s), lamina_gles_last_error_message());
    return s || v.bad;
}

int main(int argc, char **argv) {
    if (argc == 4 && !strcmp(argv[1], "--raw")) {
        uint8_t *px = NULL;
        uint32_t w, h;
        if (lamina_gles_read_png(argv[2], &px, &w, &h)) {
            fprintf(stderr, "%s: %s\n", argv[2], lamina_gles_last_error_message());
            return 1;
        }
        FILE *f = fopen(argv[3], "wb");
        if (!f) return 1;
        fprintf(f, "%u %u\n", w, h);
        fwrite(px, 4, (size_t)w * h, f);
        fclose(f);
        free(px);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "--png")) {
        FILE *f = fopen(argv[2], "rb");
        unsigned w = 0, h = 0;
        if (!f || fscanf(f, "%u %u", &w, &h) != 2 || fgetc(f) != '\n' || !w || !h) {
            fprintf(stderr, "%s: not a raw RGBA file\n", argv[2]);
            if (f) fclose(f);
            return 1;
        }
        uint8_t *px = malloc((size_t)w * h * 4);
        size_t got = px ? fread(px, 4, (size_t)w * h, f) : 0;
        fclose(f);
        int bad = got != (size_t)w * h || lamina_gles_write_png(argv[3], px, w, h);
        free(px);
        return bad;
    }
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s OUT_DIR [SCENE...] | --raw IN.png OUT.raw\n", argv[0]);
        return 2;
    }
    const char *out = argv[1];
    mkdir(out, 0777);
    size_t count = 0;
    const scene_t *all = scenes_all(&count);
    int failed = 0;
    for (size_t k = 0; k < count; k++) {
        int want = argc == 2;
        for (int j = 2; j < argc; j++) want |= !strcmp(argv[j], all[k].name);
        if (want) failed += dump_scene(&all[k], out);
    }
    size_t rcount = 0;
    const record_scene_t *rall = record_scenes_all(&rcount);
    for (size_t k = 0; k < rcount; k++) {
        int want = argc == 2;
        for (int j = 2; j < argc; j++) want |= !strcmp(argv[j], rall[k].name);
        if (want) failed += dump_record_scene(&rall[k], out);
    }
    return failed ? 1 : 0;
}
