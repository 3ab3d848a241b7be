/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Text tiles (R15.8, renderer/gles/text.c): a frame whose text layers do not all fit in the
 * tile atlas draws the overflow glyph by glyph, in painter's order with the tiles, and matches
 * the frame drawn glyph by glyph; a working set larger than the atlas does not thrash (no tile is
 * drawn again while its look is unchanged); and once the old looks are unused for a few frames
 * their space is taken back for the new ones. Headless through lamina_gles_render_rgba().
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include <lamina/lamina_gles.h>
#include <lamina/lamina_text.h>

enum { W = 1000, H = 640, LABELS = 120 };

static unsigned char *render(lamina_engine_t *e, lamina_layer_t root, uint32_t flags, lamina_gles_stats_t *st) {
    static unsigned char bufs[2][W * H * 4];
    static int which;
    unsigned char *buf = bufs[which ^= 1];
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags = flags;
    st->struct_size = sizeof *st;
    assert_int_equal(lamina_gles_render_rgba(e, root, 0, W, H, 1.0, &frame, buf, sizeof bufs[0], st), 0);
    return buf;
}

/* The largest difference of any channel of any pixel. */
static int max_diff(const unsigned char *a, const unsigned char *b) {
    int m = 0;
    for (size_t i = 0; i < (size_t)W * H * 4; i++) {
        int d = abs((int)a[i] - (int)b[i]);
        if (d > m) m = d;
    }
    return m;
}

static void set_strings(lamina_engine_t *e, lamina_layer_t *labels, const char *word) {
    for (int i = 0; i < LABELS; i++) {
        char s[96];
        snprintf(s, sizeof s, "%03d %s MMMMMMMMMMMMMMMMMM", i, word); /* under 1024 px */
        lamina_value_t v = {.type = LAMINA_VALUE_STRING};
        v.u.string = s;
        assert_int_equal(lamina_layer_set_value(e, labels[i], "string", &v), 0);
    }
    assert_int_equal(lamina_transaction_flush(e), 0);
}

static void test_overflow_draws_glyphs_in_order_and_reclaims(void **state) {
    (void)state;
    lamina_engine_t *e;
    lamina_layer_t root, labels[LABELS];
    lamina_text_provider_t provider;
    const char *dirs[] = {LAMINA_TEST_FONTS};
    assert_int_equal(lamina_engine_create(&e), 0);
    assert_int_equal(lamina_text_provider_create(dirs, 1, &provider), 0);
    assert_int_equal(lamina_engine_set_text_provider(e, &provider), 0);
    assert_int_equal(lamina_layer_create(e, &root), 0);
    assert_int_equal(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {W, H}}), 0);
    assert_int_equal(lamina_layer_set_position(e, root, (lamina_point_t){W / 2.0, H / 2.0}), 0);
    assert_int_equal(lamina_layer_set_color(e, root, "backgroundColor", (lamina_color_t){1, 1, 1, 1}), 0);
    for (int i = 0; i < LABELS; i++) {
        /* About 1000 x 60 device pixels each: some 66 fit in the 2048 x 2048 atlas. The labels
         * overlap (5 px apart), so painter's order between tiles and glyphs shows. */
        assert_int_equal(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_TEXT, &labels[i]), 0);
        assert_int_equal(lamina_layer_set_bounds(e, labels[i], (lamina_rect_t){{0, 0}, {W, 60}}), 0);
        assert_int_equal(lamina_layer_set_position(e, labels[i], (lamina_point_t){W / 2.0, 30 + 5 * i}), 0);
        lamina_value_t v = {.type = LAMINA_VALUE_STRING};
        v.u.string = "Noto Sans";
        assert_int_equal(lamina_layer_set_value(e, labels[i], "font", &v), 0);
        v.type = LAMINA_VALUE_NUMBER;
        v.u.number = 44;
        assert_int_equal(lamina_layer_set_value(e, labels[i], "fontSize", &v), 0);
        lamina_color_t c = {(i % 3) / 2.0, (i % 5) / 4.0, (i % 7) / 6.0, 1};
        assert_int_equal(lamina_layer_set_color(e, labels[i], "foregroundColor", c), 0);
        assert_int_equal(lamina_layer_add_sublayer(e, root, labels[i]), 0);
    }
    set_strings(e, labels, "first");

    lamina_gles_stats_t st, gst;
    unsigned char *tiles = render(e, root, LAMINA_GLES_FRAME_CLEAR, &st);
    unsigned char *glyphs = render(e, root, LAMINA_GLES_FRAME_CLEAR | LAMINA_GLES_FRAME_NO_TEXT_TILES, &gst);
    assert_int_equal(gst.text_tiles_drawn, 0);
    /* Some fit, the rest overflow to glyphs; the frame is the glyph-by-glyph frame. */
    assert_true(st.text_tiles_drawn >= 50 && st.text_tiles_drawn < LABELS);
    assert_int_equal(st.text_tiles_rendered, st.text_tiles_drawn);
    assert_true(st.glyphs_drawn > 0);
    assert_true(max_diff(tiles, glyphs) <= 3);
    uint32_t fitted = st.text_tiles_drawn;

    /* No thrash: the same frame again draws no tile anew. */
    render(e, root, LAMINA_GLES_FRAME_CLEAR, &st);
    assert_int_equal(st.text_tiles_rendered, 0);
    assert_int_equal(st.text_tiles_drawn, fitted);

    /* New looks everywhere. The old tiles were drawn in the last frame, so their space is not
     * taken back at once (the new text is drawn as glyphs); a few frames later it is. */
    set_strings(e, labels, "second");
    glyphs = render(e, root, LAMINA_GLES_FRAME_CLEAR | LAMINA_GLES_FRAME_NO_TEXT_TILES, &gst);
    int reclaimed = 0;
    for (int frame = 0; frame < 4 && !reclaimed; frame++) {
        tiles = render(e, root, LAMINA_GLES_FRAME_CLEAR, &st);
        assert_true(max_diff(tiles, glyphs) <= 3);
        reclaimed = st.text_tiles_rendered >= 50;
    }
    assert_true(reclaimed);
    render(e, root, LAMINA_GLES_FRAME_CLEAR, &st);
    assert_int_equal(st.text_tiles_rendered, 0);
    assert_true(st.text_tiles_drawn >= 50);

    for (int i = 0; i < LABELS; i++) assert_int_equal(lamina_layer_release(e, labels[i]), 0);
    assert_int_equal(lamina_layer_release(e, root), 0);
    assert_int_equal(lamina_engine_destroy(e), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_overflow_draws_glyphs_in_order_and_reclaims),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
