/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A card of text layers (issue 26, R15) laid out by liblamina-text (HarfBuzz, FriBidi,
 * libunibreak, fontconfig) over the fonts in the directory given as the first argument (the
 * repository's Tests/fonts): a title sized by its preferred frame size (R15.7), as sizeToFit
 * would, a wrapped paragraph with Hebrew inside English, and a line truncated at its end. The
 * trace prints each layer's preferred frame size and, from its draw record, each laid-out line:
 * the bytes of the string on it and whether it was cut (R15.5).
 *
 *     cc -std=c11 text_card.c -llamina -llamina-text -o text_card && ./text_card Tests/fonts
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lamina/lamina.h>
#include <lamina/lamina_text.h>

#include "trace.h"

static const char *const names[] = {"title", "body", "line"};
/* The paragraph: Hebrew (shalom) inside English. */
static const char body[] = "Shaped by HarfBuzz and wrapped by the Unicode rules, with "
                           "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d inside English, in a paragraph of several lines.";
static const char *const strings[] = {
    "Text layers",
    body,
    "A line far too long to fit in the card, truncated at its end",
};

static void set_string(lamina_engine_t *engine, lamina_layer_t layer, const char *key, const char *s) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = s;
    CHECK(lamina_layer_set_value(engine, layer, key, &v));
}

/* A text layer in "Noto Sans" at `size` points, its bounds and position, added to `root`. */
static lamina_layer_t text_layer(lamina_engine_t *engine, lamina_layer_t root, const char *string,
                                 double size, lamina_rect_t bounds, lamina_point_t position) {
    lamina_layer_t layer = LAMINA_LAYER_NONE;
    CHECK(lamina_layer_create_kind(engine, LAMINA_LAYER_KIND_TEXT, &layer));
    set_string(engine, layer, "string", string);
    set_string(engine, layer, "font", "Noto Sans");
    CHECK(lamina_layer_set_number(engine, layer, "fontSize", size));
    CHECK(lamina_layer_set_color(engine, layer, "foregroundColor", (lamina_color_t){0.1, 0.1, 0.15, 1}));
    CHECK(lamina_layer_set_bounds(engine, layer, bounds));
    CHECK(lamina_layer_set_position(engine, layer, position));
    CHECK(lamina_layer_add_sublayer(engine, root, layer));
    return layer;
}

int main(int argc, char **argv) {
    lamina_engine_t *engine = NULL;
    lamina_text_provider_t provider;
    lamina_layer_t root = LAMINA_LAYER_NONE, layers[3];
    const char *font_dir = argc > 1 ? argv[1] : NULL;

    printf("text card: a title, a wrapped paragraph, a truncated line\n");
    CHECK(lamina_engine_create(&engine));
    /* The engine owns the provider once registered (it runs its destroy). */
    CHECK(lamina_text_provider_create(font_dir ? &font_dir : NULL, font_dir ? 1 : 0, &provider));
    CHECK(lamina_engine_set_text_provider(engine, &provider));

    CHECK(lamina_layer_create(engine, &root));
    CHECK(lamina_layer_set_bounds(engine, root, (lamina_rect_t){{0, 0}, {360, 220}}));
    CHECK(lamina_layer_set_position(engine, root, (lamina_point_t){180, 110}));
    CHECK(lamina_layer_set_color(engine, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}));

    /* The title takes the size its text needs, as sizeToFit would. */
    layers[0] = text_layer(engine, root, strings[0], 26, (lamina_rect_t){{0, 0}, {0, 0}},
                           (lamina_point_t){0, 0});
    lamina_size_t size;
    CHECK(lamina_text_layer_preferred_frame_size(engine, layers[0], 0, &size));
    CHECK(lamina_layer_set_bounds(engine, layers[0], (lamina_rect_t){{0, 0}, size}));
    CHECK(lamina_layer_set_position(engine, layers[0],
                                    (lamina_point_t){20 + size.width / 2, 16 + size.height / 2}));

    layers[1] = text_layer(engine, root, strings[1], 15, (lamina_rect_t){{0, 0}, {320, 80}},
                           (lamina_point_t){180, 100});
    CHECK(lamina_layer_set_bool(engine, layers[1], "wrapped", 1));
    layers[2] = text_layer(engine, root, strings[2], 15, (lamina_rect_t){{0, 0}, {320, 24}},
                           (lamina_point_t){180, 180});
    set_string(engine, layers[2], "truncationMode", "end");
    CHECK(lamina_engine_tick(engine, 0.0));

    for (int i = 0; i < 3; i++) {
        const lamina_draw_record_t *records = NULL;
        size_t count = 0;
        CHECK(lamina_text_layer_preferred_frame_size(engine, layers[i], 0, &size));
        printf("%s: preferred frame size ", names[i]);
        put_num(size.width);
        printf(" x ");
        put_num(size.height);
        printf("\n");
        CHECK(lamina_engine_draw_list(engine, layers[i], 0.0, &records, &count));
        const lamina_draw_text_t *text = records[0].text;
        if (text == NULL || text->status != LAMINA_TEXT_STATUS_OK) {
            fprintf(stderr, "%s: no layout (%s)\n", names[i], text ? text->message : "not a text layer");
            return 1;
        }
        for (size_t l = 0; l < text->line_count; l++) {
            const lamina_text_line_t *line = &text->lines[l];
            printf("  line %zu: \"%.*s\"%s\n", l, (int)line->length, strings[i] + line->start,
                   (line->flags & LAMINA_TEXT_LINE_TRUNCATED) ? " (truncated)" : "");
        }
    }

    for (int i = 0; i < 3; i++) CHECK(lamina_layer_release(engine, layers[i]));
    CHECK(lamina_layer_release(engine, root));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
