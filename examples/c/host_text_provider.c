/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A host's own text layout provider (issue 26, R15.1): the engine never shapes text itself, it
 * asks the provider registered with lamina_engine_set_text_provider(). A host with its own
 * text stack plugs it in like this; liblamina-text (lamina/lamina_text.h) is the HarfBuzz one.
 *
 * This toy provider is monospaced: one glyph per code point (its id is the code point), each
 * 0.6 em wide, on one line per request. The program makes a text layer, draws its record and
 * prints the glyph runs the draw list hands to a renderer.
 *
 *   cc -std=c11 -Iinclude examples/c/host_text_provider.c -Lbuild -llamina -Wl,-rpath,build
 */
#include <lamina/lamina.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What one layout owns until the engine releases it. */
typedef struct {
    lamina_text_glyph_run_t run;
    lamina_text_line_t line;
    uint32_t *glyphs;
    lamina_point_t *positions;
} mono_layout;

static lamina_status_t mono_layout_fn(void *user_data, const lamina_text_request_t *req,
                                      lamina_text_layout_t *out) {
    (void)user_data;
    mono_layout *m = calloc(1, sizeof *m);
    if (!m) return LAMINA_STATUS_OUT_OF_MEMORY;
    out->provider_data = m;
    double size = req->span_count ? req->spans[0].font_size : 0;
    m->glyphs = malloc((req->length + 1) * sizeof *m->glyphs);
    m->positions = malloc((req->length + 1) * sizeof *m->positions);
    if (!m->glyphs || !m->positions) return LAMINA_STATUS_OUT_OF_MEMORY;
    size_t n = 0;
    for (size_t i = 0; i < req->length; i++) {
        unsigned char c = (unsigned char)req->string[i];
        if ((c & 0xC0) == 0x80) continue; /* a UTF-8 continuation byte: same code point */
        m->glyphs[n] = c;                 /* (a real provider decodes and shapes) */
        m->positions[n] = (lamina_point_t){0.6 * size * (double)n, 0.8 * size};
        n++;
    }
    m->run.font_id = 1;
    m->run.font_path = "/fonts/mono.ttf";
    m->run.size = size;
    m->run.glyph_ids = m->glyphs;
    m->run.positions = m->positions;
    m->run.glyph_count = n;
    m->line.box = (lamina_rect_t){{0, 0}, {0.6 * size * (double)n, size}};
    m->line.baseline = 0.8 * size;
    m->line.length = req->length;
    out->runs = &m->run;
    out->run_count = 1;
    out->lines = &m->line;
    out->line_count = 1;
    out->size = m->line.box.size;
    return LAMINA_STATUS_OK;
}

static void mono_release(void *user_data, lamina_text_layout_t *layout) {
    (void)user_data;
    mono_layout *m = layout->provider_data;
    if (!m) return;
    free(m->glyphs);
    free(m->positions);
    free(m);
}

static void mono_destroy(void *user_data) { printf("provider destroyed (%s)\n", (const char *)user_data); }

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t text = LAMINA_LAYER_NONE;
    if (lamina_engine_create(&engine) != LAMINA_STATUS_OK) return 1;
    lamina_text_provider_t provider = {sizeof provider, 0, "mono", mono_layout_fn, mono_release, mono_destroy};
    lamina_engine_set_text_provider(engine, &provider);

    lamina_layer_create_kind(engine, LAMINA_LAYER_KIND_TEXT, &text);
    lamina_layer_set_bounds(engine, text, (lamina_rect_t){{10, 20}, {200, 30}});
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = "Hello";
    lamina_layer_set_value(engine, text, "string", &v);
    v.type = LAMINA_VALUE_NUMBER;
    v.u.number = 20;
    lamina_layer_set_value(engine, text, "fontSize", &v);
    lamina_engine_tick(engine, 0);

    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    lamina_engine_draw_list(engine, text, 0, &records, &count);
    const lamina_draw_text_t *t = records[0].text;
    printf("status %d, %zu run(s), %zu line(s), size %.1f x %.1f\n", t->status, t->run_count,
           t->line_count, t->size.width, t->size.height);
    for (size_t i = 0; i < t->runs[0].glyph_count; i++) {
        /* Layer space: the bounds' origin (10, 20) is already added. */
        printf("  glyph %u at (%.1f, %.1f)\n", t->runs[0].glyph_ids[i], t->runs[0].positions[i].x,
               t->runs[0].positions[i].y);
    }
    lamina_size_t preferred;
    lamina_text_layer_preferred_frame_size(engine, text, 0, &preferred);
    printf("preferred frame size %.1f x %.1f\n", preferred.width, preferred.height);
    lamina_layer_release(engine, text);
    lamina_engine_destroy(engine); /* lets the provider go: its destroy runs */
    return 0;
}
