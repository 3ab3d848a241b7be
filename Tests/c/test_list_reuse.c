/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reusing an unchanged draw list (issue 28): with nothing changed, lamina_engine_draw_list()
 * and lamina_engine_draw_list_sized() hand back the last list (same pointer, no walk: the
 * engine's build counter stays); every change, a tick while something animates and a new
 * side-data budget build it again, matching a list built with reuse turned off.
 */
#include "lamina_test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint64_t builds(lamina_engine_t *e) {
    uint64_t n = 0;
    ASSERT_OK(lamina_testing_get_draw_list_builds(e, &n));
    return n;
}

typedef struct {
    lamina_engine_t *e;
    lamina_layer_t root, a, shape;
} scene_t;

static scene_t make_scene(void) {
    scene_t s;
    ASSERT_OK(lamina_engine_create(&s.e));
    ASSERT_OK(lamina_layer_create(s.e, &s.root));
    ASSERT_OK(lamina_layer_create(s.e, &s.a));
    ASSERT_OK(lamina_layer_create_kind(s.e, LAMINA_LAYER_KIND_SHAPE, &s.shape));
    ASSERT_OK(lamina_layer_set_bounds(s.e, s.root, (lamina_rect_t){{0, 0}, {100, 59}}));
    ASSERT_OK(lamina_layer_set_position(s.e, s.root, (lamina_point_t){50, 29.5}));
    ASSERT_OK(lamina_layer_set_bounds(s.e, s.a, (lamina_rect_t){{0, 0}, {20, 20}}));
    ASSERT_OK(lamina_layer_set_color(s.e, s.a, "backgroundColor", (lamina_color_t){1, 0, 0, 1}));
    ASSERT_OK(lamina_layer_set_bounds(s.e, s.shape, (lamina_rect_t){{0, 0}, {30, 30}}));
    ASSERT_OK(lamina_layer_set_color(s.e, s.shape, "fillColor", (lamina_color_t){0, 0, 1, 1}));
    static const lamina_path_element_t tri[] = {
        {LAMINA_PATH_MOVE, 0, {{0, 0}}}, {LAMINA_PATH_LINE, 0, {{30, 0}}}, {LAMINA_PATH_LINE, 0, {{0, 30}}},
        {LAMINA_PATH_CLOSE, 0, {{0, 0}}}};
    lamina_value_t path = {.type = LAMINA_VALUE_PATH, .u.path = {tri, 4}};
    ASSERT_OK(lamina_layer_set_value(s.e, s.shape, "path", &path));
    ASSERT_OK(lamina_layer_add_sublayer(s.e, s.root, s.a));
    ASSERT_OK(lamina_layer_add_sublayer(s.e, s.root, s.shape));
    ASSERT_OK(lamina_engine_tick(s.e, 0));
    return s;
}

/* The list of the scene at `t` with reuse off, compared field by field that matters here. */
static void expect_fresh(scene_t *s, double t, const lamina_draw_record_t *got, size_t n) {
    lamina_engine_t *twin = s->e;
    ASSERT_OK(lamina_testing_set_draw_list_reuse(twin, LAMINA_FALSE));
    /* A copy first: the fresh list reuses the buffer. */
    lamina_draw_record_t *copy = malloc(n * sizeof *copy + 1);
    memcpy(copy, got, n * sizeof *copy);
    const lamina_draw_record_t *want = NULL;
    size_t m = 0;
    ASSERT_OK(lamina_engine_draw_list(twin, s->root, t, &want, &m));
    assert_int_equal(m, n);
    for (size_t i = 0; i < n; i++) {
        assert_true(copy[i].layer == want[i].layer);
        assert_memory_equal(&copy[i].transform, &want[i].transform, sizeof want[i].transform);
        assert_memory_equal(&copy[i].bounds, &want[i].bounds, sizeof want[i].bounds);
        assert_true(copy[i].opacity == want[i].opacity);
        assert_memory_equal(&copy[i].background_color, &want[i].background_color, sizeof want[i].background_color);
    }
    free(copy);
    ASSERT_OK(lamina_testing_set_draw_list_reuse(twin, LAMINA_TRUE));
}

static void test_unchanged_is_handed_back(void **state) {
    (void)state;
    scene_t s = make_scene();
    const lamina_draw_record_t *r1 = NULL, *r2 = NULL;
    size_t n1 = 0, n2 = 0;
    ASSERT_OK(lamina_engine_draw_list(s.e, s.root, 0, &r1, &n1));
    assert_int_equal(n1, 3);
    uint64_t b = builds(s.e);
    /* Nothing changed: the same list, no walk; ticks of the still scene, damage and
     * next_frame_time change nothing either, at any time. */
    ASSERT_OK(lamina_engine_draw_list(s.e, s.root, 0, &r2, &n2));
    assert_ptr_equal(r1, r2);
    assert_int_equal(n2, n1);
    assert_int_equal(builds(s.e), b);
    const lamina_rect_t *rects;
    size_t nr = 0;
    double next = 0;
    ASSERT_OK(lamina_engine_damage(s.e, s.root, &rects, &nr));
    for (int f = 1; f <= 5; f++) {
        ASSERT_OK(lamina_engine_tick(s.e, f / 60.0));
        ASSERT_OK(lamina_engine_next_frame_time(s.e, &next));
        ASSERT_OK(lamina_engine_draw_list(s.e, s.root, f / 60.0, &r2, &n2));
        assert_ptr_equal(r1, r2);
        assert_int_equal(builds(s.e), b);
        /* Its damage: none. */
        ASSERT_OK(lamina_engine_damage(s.e, s.root, &rects, &nr));
        if (f > 1) assert_int_equal(nr, 0);
    }
    assert_true(isinf(next));
    /* The shape's side data (its path struct) is still in place. */
    assert_non_null(r2[2].shape);
    assert_true(r2[2].shape->fill_color.b == 1);
    ASSERT_OK(lamina_engine_destroy(s.e));
}

static void test_changes_build_again(void **state) {
    (void)state;
    scene_t s = make_scene();
    const lamina_draw_record_t *r = NULL;
    size_t n = 0;
    ASSERT_OK(lamina_engine_draw_list(s.e, s.root, 0, &r, &n));
    ASSERT_OK(lamina_transaction_set_disable_actions(s.e, LAMINA_TRUE));
    /* A set, uncommitted: walked again (the committed value shows, as in a fresh list). */
    uint64_t b = builds(s.e);
    ASSERT_OK(lamina_layer_set_position(s.e, s.a, (lamina_point_t){40, 30}));
    ASSERT_OK(lamina_engine_draw_list(s.e, s.root, 0, &r, &n));
    assert_int_equal(builds(s.e), b + 1);
    expect_fresh(&s, 0, r, n);
    /* The tick that commits it. */
    ASSERT_OK(lamina_engine_tick(s.e, 1));
    b = builds(s.e);
    ASSERT_OK(lamina_engine_draw_list(s.e, s.root, 1, &r, &n));
    assert_int_equal(builds(s.e), b + 1);
    assert_true(r[1].transform.m41 == 30);
    expect_fresh(&s, 1, r, n);
    /* A tree edit. */
    ASSERT_OK(lamina_layer_remove_from_superlayer(s.e, s.shape));
    b = builds(s.e);
    ASSERT_OK(lamina_engine_draw_list(s.e, s.root, 1, &r, &n));
    assert_int_equal(builds(s.e), b + 1);
    assert_int_equal(n, 2);
    expect_fresh(&s, 1, r, n);
    /* An animation: every tick while it runs walks again. */
    lamina_animation_t *fade = NULL;
    lamina_value_t from = {.type = LAMINA_VALUE_NUMBER, .u.number = 0}, to = {.type = LAMINA_VALUE_NUMBER, .u.number = 1};
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 1;
    ASSERT_OK(lamina_animation_create_basic("opacity", &fade));
    ASSERT_OK(lamina_animation_set_from_value(fade, &from));
    ASSERT_OK(lamina_animation_set_to_value(fade, &to));
    ASSERT_OK(lamina_animation_set_media_timing(fade, &mt));
    ASSERT_OK(lamina_layer_add_animation(s.e, s.a, fade, "fade"));
    lamina_animation_release(fade);
    ASSERT_OK(lamina_engine_tick(s.e, 2));
    for (int f = 1; f <= 3; f++) {
        b = builds(s.e);
        ASSERT_OK(lamina_engine_tick(s.e, 2 + f * 0.1));
        ASSERT_OK(lamina_engine_draw_list(s.e, s.root, 2 + f * 0.1, &r, &n));
        assert_int_equal(builds(s.e), b + 1);
        assert_true(fabs(r[1].opacity - f * 0.1) < 1e-9);
    }
    ASSERT_OK(lamina_engine_destroy(s.e));
}

static void test_sized_and_budget(void **state) {
    (void)state;
    scene_t s = make_scene();
    const void *p1 = NULL, *p2 = NULL;
    size_t n = 0;
    /* Another record size: the repacked copy is handed back too. */
    ASSERT_OK(lamina_engine_draw_list_sized(s.e, s.root, 0, LAMINA_DRAW_RECORD_SIZE_0_1, &p1, &n));
    uint64_t b = builds(s.e);
    ASSERT_OK(lamina_engine_draw_list_sized(s.e, s.root, 0, LAMINA_DRAW_RECORD_SIZE_0_1, &p2, &n));
    assert_ptr_equal(p1, p2);
    assert_int_equal(builds(s.e), b);
    /* The full size after the 0.1 size: no walk, the full records. */
    ASSERT_OK(lamina_engine_draw_list_sized(s.e, s.root, 0, sizeof(lamina_draw_record_t), &p2, &n));
    assert_int_equal(builds(s.e), b);
    assert_true(((const lamina_draw_record_t *)p2)[2].shape != NULL);
    /* A new budget builds again (a list over it must fail). */
    ASSERT_OK(lamina_engine_set_draw_list_budget(s.e, 8));
    ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY, lamina_engine_draw_list_sized(s.e, s.root, 0, sizeof(lamina_draw_record_t), &p2, &n));
    ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY, lamina_engine_draw_list_sized(s.e, s.root, 0, sizeof(lamina_draw_record_t), &p2, &n));
    ASSERT_OK(lamina_engine_set_draw_list_budget(s.e, 1 << 20));
    b = builds(s.e);
    ASSERT_OK(lamina_engine_draw_list_sized(s.e, s.root, 0, sizeof(lamina_draw_record_t), &p2, &n));
    assert_int_equal(builds(s.e), b + 1);
    assert_true(((const lamina_draw_record_t *)p2)[2].shape != NULL);
    /* Reuse off: every call walks. */
    ASSERT_OK(lamina_testing_set_draw_list_reuse(s.e, LAMINA_FALSE));
    b = builds(s.e);
    ASSERT_OK(lamina_engine_draw_list_sized(s.e, s.root, 0, sizeof(lamina_draw_record_t), &p2, &n));
    ASSERT_OK(lamina_engine_draw_list_sized(s.e, s.root, 0, sizeof(lamina_draw_record_t), &p2, &n));
    assert_int_equal(builds(s.e), b + 2);
    /* Bad input. */
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_testing_get_draw_list_builds(s.e, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_testing_set_draw_list_reuse(NULL, LAMINA_TRUE));
    ASSERT_OK(lamina_engine_destroy(s.e));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unchanged_is_handed_back),
        cmocka_unit_test(test_changes_build_again),
        cmocka_unit_test(test_sized_and_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
