/* SPDX-License-Identifier: Apache-2.0 */
/*
 * liblamina-text through the engine's C ABI (issue 26, R15): a text layer without a provider
 * (R15.1), with the HarfBuzz provider on the fonts of Tests/fonts (runs, lines, font identity,
 * R15.5), its cache (R15.6), preferred size (R15.7), attributed runs and bad input.
 */
#include "../c/lamina_test_support.h"

#include <lamina/lamina_text.h>

#define LATIN LAMINA_TEST_FONTS "/NotoSans-Regular.ttf"

static lamina_layer_t text_layer(lamina_engine_t *e, const char *string, const char *font, double size) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_TEXT, &l));
    lamina_rect_t b = {{0, 0}, {300, 60}};
    ASSERT_OK(lamina_layer_set_bounds(e, l, b));
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = string;
    ASSERT_OK(lamina_layer_set_value(e, l, "string", &v));
    v.u.string = font;
    ASSERT_OK(lamina_layer_set_value(e, l, "font", &v));
    v.type = LAMINA_VALUE_NUMBER;
    v.u.number = size;
    ASSERT_OK(lamina_layer_set_value(e, l, "fontSize", &v));
    ASSERT_OK(lamina_transaction_flush(e));
    return l;
}

static const lamina_draw_text_t *draw_text(lamina_engine_t *e, lamina_layer_t l) {
    const lamina_draw_record_t *recs = NULL;
    size_t n = 0;
    ASSERT_OK(lamina_engine_draw_list(e, l, 0, &recs, &n));
    assert_int_equal(n, 1);
    assert_int_equal(recs[0].layer_kind, LAMINA_LAYER_KIND_TEXT);
    assert_non_null(recs[0].text);
    assert_int_equal(recs[0].text->struct_size, sizeof(lamina_draw_text_t));
    return recs[0].text;
}

static void use_provider(lamina_engine_t *e) {
    const char *dirs[] = {LAMINA_TEST_FONTS};
    lamina_text_provider_t p;
    ASSERT_OK(lamina_text_provider_create(dirs, 1, &p));
    ASSERT_OK(lamina_engine_set_text_provider(e, &p));
}

/* R15.1: without a provider the record's layout is empty with a status; preferred size is
 * NOT_FOUND. */
static void no_provider(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t l = text_layer(f->engine, "Hello", LATIN, 20);
    const lamina_draw_text_t *t = draw_text(f->engine, l);
    assert_int_equal(t->status, LAMINA_TEXT_STATUS_NO_PROVIDER);
    assert_int_equal(t->run_count, 0);
    assert_non_null(strstr(t->message, "provider"));
    lamina_size_t size;
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_text_layer_preferred_frame_size(f->engine, l, 0, &size));
}

/* R15.5: the runs name the face's file; one glyph per Latin letter, advancing left to right
 * on the baseline; the line box holds the font's ascent. */
static void lays_out_latin(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    use_provider(f->engine);
    lamina_layer_t l = text_layer(f->engine, "Hello", LATIN, 20);
    const lamina_draw_text_t *t = draw_text(f->engine, l);
    assert_int_equal(t->status, LAMINA_TEXT_STATUS_OK);
    assert_int_equal(t->run_count, 1);
    assert_int_equal(t->line_count, 1);
    const lamina_text_glyph_run_t *run = &t->runs[0];
    assert_string_equal(run->font_path, LATIN);
    assert_int_equal(run->face_index, 0);
    assert_true(run->font_id != 0);
    assert_int_equal(run->glyph_count, 5);
    assert_true(run->flags & LAMINA_TEXT_RUN_HAS_COLOR);
    assert_true(run->color.r == 1 && run->color.a == 1); /* the default foregroundColor */
    for (size_t i = 1; i < 5; i++) assert_true(run->positions[i].x > run->positions[i - 1].x);
    assert_true(run->positions[0].y == t->lines[0].baseline);
    /* Noto Sans: ascender 1069 / 1000 em. */
    assert_true(fabs(t->lines[0].baseline - 1.069 * 20) < 1e-9);
    assert_true(fabs(t->size.width - t->lines[0].box.size.width) < 1e-9);
    lamina_size_t size;
    ASSERT_OK(lamina_text_layer_preferred_frame_size(f->engine, l, 0, &size));
    assert_true(fabs(size.width - t->size.width) < 1e-9);
    assert_true(fabs(size.height - (1.069 + 0.293) * 20) < 1e-9);
}

/* R15.6: drawing again costs no layout; a new string does. */
static void caches_layouts(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    use_provider(f->engine);
    lamina_layer_t l = text_layer(f->engine, "Cache", LATIN, 20);
    uint64_t count = 0;
    for (int i = 0; i < 4; i++) (void)draw_text(f->engine, l);
    ASSERT_OK(lamina_text_layer_layout_count(f->engine, l, &count));
    assert_int_equal(count, 1);
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = "Changed";
    ASSERT_OK(lamina_layer_set_value(f->engine, l, "string", &v));
    ASSERT_OK(lamina_transaction_flush(f->engine));
    const lamina_draw_text_t *t = draw_text(f->engine, l);
    assert_int_equal(t->runs[0].glyph_count, 7);
    ASSERT_OK(lamina_text_layer_layout_count(f->engine, l, &count));
    assert_int_equal(count, 2);
}

/* Bad input: invalid UTF-8, a missing font file, runs outside the string, a NULL provider
 * function, an unknown kind. */
static void bad_input(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    use_provider(f->engine);
    lamina_layer_t l = text_layer(f->engine, "abc", LATIN, 20);
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = "caf\xc3";
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_value(f->engine, l, "string", &v));
    lamina_text_run_t run;
    memset(&run, 0, sizeof run);
    run.start = 2;
    run.length = 5;
    run.font_size = NAN;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_text_layer_set_runs(f->engine, l, &run, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_text_layer_set_runs(f->engine, l, NULL, 1));
    run.start = 0;
    run.length = 1;
    run.font_size = -2;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_text_layer_set_runs(f->engine, l, &run, 1));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_text_layer_set_runs(f->engine, f->layer, NULL, 0));
    v.u.string = LAMINA_TEST_FONTS "/Missing.ttf";
    ASSERT_OK(lamina_layer_set_value(f->engine, l, "font", &v));
    ASSERT_OK(lamina_transaction_flush(f->engine));
    const lamina_draw_text_t *t = draw_text(f->engine, l);
    assert_int_equal(t->status, LAMINA_TEXT_STATUS_FAILED);
    assert_non_null(strstr(t->message, "Missing.ttf"));
    lamina_text_provider_t p;
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_text_provider(f->engine, &p));
    p.struct_size = 4;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_text_provider(f->engine, &p));
    assert_int_equal(lamina_text_provider_create(NULL, 1, &p), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_non_null(strstr(lamina_text_last_error_message(), "font_dirs is NULL"));
    const char *dirs[] = {LAMINA_TEST_FONTS};
    assert_int_equal(lamina_text_provider_create(dirs, 1, NULL), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_non_null(strstr(lamina_text_last_error_message(), "out_provider"));
    /* Each failure names its cause (issue 31: the fuzz target found them silent). */
    const char *missing[] = {LAMINA_TEST_FONTS, "/no/such/dir/for/fonts"};
    assert_int_equal(lamina_text_provider_create(missing, 2, &p), LAMINA_STATUS_NOT_FOUND);
    assert_non_null(strstr(lamina_text_last_error_message(), "font directory 1 cannot be read: /no/such/dir/for/fonts"));
}

/* R15.1: a host provider that calls into the engine from its layout (where the engine holds
 * its lock) is refused with MISUSE on every path (a table-locked setter, a general call, a
 * flush, destroying the engine), never a trap; the draw list still finishes. */
typedef struct {
    lamina_engine_t *engine;
    lamina_layer_t layer;
    lamina_status_t seen[4];
    int calls;
} reentry_t;

static lamina_status_t reentrant_layout(void *user_data, const lamina_text_request_t *req,
                                        lamina_text_layout_t *out) {
    (void)req;
    reentry_t *r = user_data;
    r->calls++;
    r->seen[0] = lamina_layer_set_opacity(r->engine, r->layer, 0.5);
    r->seen[1] = lamina_transaction_flush(r->engine);
    lamina_layer_t extra = LAMINA_LAYER_NONE;
    r->seen[2] = lamina_layer_create(r->engine, &extra);
    r->seen[3] = lamina_engine_destroy(r->engine);
    out->size = (lamina_size_t){0, 0};
    return LAMINA_STATUS_OK;
}

static void reentry_is_refused(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    reentry_t r = {.engine = f->engine};
    lamina_text_provider_t p = {.struct_size = sizeof p, .user_data = &r, .layout = reentrant_layout};
    ASSERT_OK(lamina_engine_set_text_provider(f->engine, &p));
    r.layer = text_layer(f->engine, "Hello", LATIN, 20);
    const lamina_draw_text_t *t = draw_text(f->engine, r.layer);
    assert_int_equal(t->status, LAMINA_TEXT_STATUS_OK);
    assert_int_equal(r.calls, 1);
    for (int i = 0; i < 4; i++) assert_int_equal(r.seen[i], LAMINA_STATUS_MISUSE);
    assert_non_null(strstr(lamina_last_error_message(), "text layout provider"));
    /* The engine is whole: its calls work again outside the provider. */
    ASSERT_OK(lamina_layer_set_opacity(f->engine, r.layer, 0.5));
    ASSERT_OK(lamina_transaction_flush(f->engine));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(no_provider, lt_setup, lt_teardown),
        cmocka_unit_test_setup_teardown(lays_out_latin, lt_setup, lt_teardown),
        cmocka_unit_test_setup_teardown(caches_layouts, lt_setup, lt_teardown),
        cmocka_unit_test_setup_teardown(bad_input, lt_setup, lt_teardown),
        cmocka_unit_test_setup_teardown(reentry_is_refused, lt_setup, lt_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
