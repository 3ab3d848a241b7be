/* SPDX-License-Identifier: Apache-2.0 */
/* liblamina-lottie's C API (include/lamina/lamina_lottie.h; issue 28, R16): load, root, info,
 * seek/play/speed/loop as media timing on the root, warnings, errors with JSON paths, and the
 * ownership of the root. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <lamina/lamina.h>
#include <lamina/lamina_lottie.h>

/* 100 x 80 at 10 fps, frames 20...120; one shape layer whose opacity ramps 0 -> 1 over frames
 * 0...100 (linear), a blue 20 x 20 rectangle at (40, 30), and a text layer (unsupported). */
static const char *DOC =
    "{\"v\":\"5.7.0\",\"fr\":10,\"ip\":20,\"op\":120,\"w\":100,\"h\":80,\"assets\":[],\"layers\":["
    "{\"ty\":4,\"ind\":1,\"ip\":0,\"op\":1000,\"st\":0,\"ks\":{\"o\":{\"a\":1,\"k\":["
    "{\"t\":0,\"s\":[0],\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}},{\"t\":100,\"s\":[100]}]}},"
    "\"shapes\":[{\"ty\":\"rc\",\"p\":{\"a\":0,\"k\":[50,40]},\"s\":{\"a\":0,\"k\":[20,20]},\"r\":{\"a\":0,\"k\":0}},"
    "{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[0,0,1,1]},\"o\":{\"a\":0,\"k\":100}}]},"
    "{\"ty\":5,\"ind\":2,\"ip\":0,\"op\":100,\"st\":0,\"ks\":{}}]}";

typedef struct {
    lamina_engine_t *engine;
    lamina_lottie_t *anim;
    lamina_layer_t root;
} fixture_t;

static int setup(void **state) {
    static fixture_t f;
    memset(&f, 0, sizeof f);
    if (lamina_engine_create(&f.engine)) return -1;
    if (lamina_lottie_load(f.engine, DOC, strlen(DOC), &f.anim)) return -1;
    if (lamina_lottie_get_root(f.anim, &f.root)) return -1;
    *state = &f;
    return 0;
}

static int teardown(void **state) {
    fixture_t *f = *state;
    lamina_lottie_destroy(f->anim);
    lamina_engine_destroy(f->engine);
    return 0;
}

/* The shape record's opacity at the engine's time `t` (the only shape in the file). */
static double shape_opacity(fixture_t *f, double t) {
    assert_int_equal(lamina_engine_tick(f->engine, t), LAMINA_STATUS_OK);
    const lamina_draw_record_t *records = NULL;
    size_t n = 0;
    assert_int_equal(lamina_engine_draw_list(f->engine, f->root, t, &records, &n), LAMINA_STATUS_OK);
    double opacity = -1;
    for (size_t i = 0; i < n; i++)
        if (records[i].layer_kind == LAMINA_LAYER_KIND_SHAPE) opacity = records[i].opacity;
    return opacity;
}

static void info_and_root_geometry(void **state) {
    fixture_t *f = *state;
    lamina_lottie_info_t info = {.struct_size = sizeof info};
    assert_int_equal(lamina_lottie_get_info(f->anim, &info), LAMINA_STATUS_OK);
    assert_true(info.width == 100 && info.height == 80 && info.frame_rate == 10);
    assert_true(info.in_frame == 20 && info.out_frame == 120 && fabs(info.duration - 10) < 1e-12);
    lamina_rect_t bounds;
    lamina_point_t position;
    assert_int_equal(lamina_layer_get_rect(f->engine, f->root, "bounds", &bounds), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_get_point(f->engine, f->root, "position", &position), LAMINA_STATUS_OK);
    assert_true(bounds.origin.x == 0 && bounds.origin.y == 0 && bounds.size.width == 100 && bounds.size.height == 80);
    assert_true(position.x == 50 && position.y == 40);
    info.struct_size = 4;
    assert_int_equal(lamina_lottie_get_info(f->anim, &info), LAMINA_STATUS_INVALID_ARGUMENT);
}

static void seek_shows_ip_plus_p_span(void **state) {
    fixture_t *f = *state;
    assert_int_equal(lamina_lottie_seek(f->anim, 0.5), LAMINA_STATUS_OK);
    assert_true(fabs(shape_opacity(f, 1) - 0.7) < 1e-9); /* frame 20 + 0.5 * 100 = 70 */
    assert_int_equal(lamina_lottie_seek(f->anim, 0), LAMINA_STATUS_OK);
    assert_true(fabs(shape_opacity(f, 2) - 0.2) < 1e-9);
    assert_int_equal(lamina_lottie_seek(f->anim, NAN), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_non_null(strstr(lamina_lottie_last_error_message(), "NaN"));
}

static void play_loop_speed(void **state) {
    fixture_t *f = *state;
    assert_int_equal(lamina_engine_tick(f->engine, 10), LAMINA_STATUS_OK);
    assert_int_equal(lamina_lottie_play(f->anim), LAMINA_STATUS_OK);
    assert_true(fabs(shape_opacity(f, 12.5) - 0.45) < 1e-9);      /* frame 20 + 25 */
    assert_true(fabs(shape_opacity(f, 10 + 10 + 2.5) - 0.45) < 1e-9); /* looped */
    assert_int_equal(lamina_lottie_set_speed(f->anim, 2), LAMINA_STATUS_OK);
    assert_true(fabs(shape_opacity(f, 23.5) - 0.65) < 1e-9); /* 45 + 2 * 10 frames */
    assert_int_equal(lamina_lottie_set_loop(f->anim, LAMINA_FALSE), LAMINA_STATUS_OK);
    assert_true(fabs(shape_opacity(f, 100) - 1.0) < 1e-9); /* once, the out frame holds */
    assert_int_equal(lamina_lottie_set_speed(f->anim, 0), LAMINA_STATUS_INVALID_ARGUMENT);
}

static void warnings_are_listed(void **state) {
    fixture_t *f = *state;
    size_t n = 0;
    assert_int_equal(lamina_lottie_get_warning_count(f->anim, &n), LAMINA_STATUS_OK);
    assert_int_equal(n, 1);
    const char *w = NULL;
    assert_int_equal(lamina_lottie_get_warning(f->anim, 0, &w), LAMINA_STATUS_OK);
    assert_string_equal(w, "text layers not supported");
    assert_int_equal(lamina_lottie_get_warning(f->anim, 1, &w), LAMINA_STATUS_INVALID_ARGUMENT);
}

static void errors_name_the_json_path(void **state) {
    (void)state;
    lamina_engine_t *engine = NULL;
    assert_int_equal(lamina_engine_create(&engine), LAMINA_STATUS_OK);
    lamina_lottie_t *anim = (lamina_lottie_t *)0x1;
    const char *missing = "{\"w\":1,\"fr\":1,\"ip\":0,\"op\":1,\"layers\":[]}";
    assert_int_equal(lamina_lottie_load(engine, missing, strlen(missing), &anim), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_ptr_equal(anim, (lamina_lottie_t *)0x1); /* untouched on failure */
    assert_string_equal(lamina_lottie_last_error_message(), "lamina_lottie_load: $.h: missing");
    const char *bad = "{\"w\":";
    assert_int_equal(lamina_lottie_load(engine, bad, strlen(bad), &anim), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_non_null(strstr(lamina_lottie_last_error_message(), "malformed JSON"));
    assert_int_equal(lamina_lottie_load(NULL, DOC, strlen(DOC), &anim), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_lottie_load(engine, NULL, 0, &anim), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_lottie_get_root(NULL, NULL), LAMINA_STATUS_INVALID_ARGUMENT);
    lamina_lottie_destroy(NULL);
    lamina_engine_destroy(engine);
}

static void root_outlives_the_animation_in_a_tree(void **state) {
    (void)state;
    lamina_engine_t *engine = NULL;
    assert_int_equal(lamina_engine_create(&engine), LAMINA_STATUS_OK);
    lamina_layer_t host;
    assert_int_equal(lamina_layer_create(engine, &host), LAMINA_STATUS_OK);
    lamina_lottie_t *anim = NULL;
    assert_int_equal(lamina_lottie_load(engine, DOC, strlen(DOC), &anim), LAMINA_STATUS_OK);
    lamina_layer_t root;
    assert_int_equal(lamina_lottie_get_root(anim, &root), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_add_sublayer(engine, host, root), LAMINA_STATUS_OK);
    lamina_lottie_destroy(anim);
    size_t count = 0;
    assert_int_equal(lamina_layer_get_sublayers(engine, host, NULL, 0, &count), LAMINA_STATUS_OK);
    assert_int_equal(count, 1); /* the host's tree keeps the root */
    lamina_engine_destroy(engine);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(info_and_root_geometry, setup, teardown),
        cmocka_unit_test_setup_teardown(seek_shows_ip_plus_p_span, setup, teardown),
        cmocka_unit_test_setup_teardown(play_loop_speed, setup, teardown),
        cmocka_unit_test_setup_teardown(warnings_are_listed, setup, teardown),
        cmocka_unit_test(errors_name_the_json_path),
        cmocka_unit_test(root_outlives_the_animation_in_a_tree),
    };
    return cmocka_run_group_tests_name("lottie", tests, NULL, NULL);
}
