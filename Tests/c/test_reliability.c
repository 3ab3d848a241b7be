/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reliability (issue 9): input shapes and threads that once crashed the host or lost updates.
 * Each test is a regression test for one finding; each shape answers a status or succeeds,
 * never a crash (R12, R13).
 */
#include "lamina_test_support.h"

#include <float.h>
#include <pthread.h>

/* 100k levels; the valgrind run (10-50x slower) sets LAMINA_TEST_DEEP lower: memcheck looks
 * for memory errors, which a shorter chain exercises the same way. */
static int deep_levels(void) {
    const char *s = getenv("LAMINA_TEST_DEEP");
    return s ? atoi(s) : 100000;
}

static lamina_engine_t *new_engine(void) {
    lamina_engine_t *e = NULL;
    assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
    return e;
}

static lamina_layer_t new_layer(lamina_engine_t *e) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(e, &l));
    return l;
}

/* Finding 1: localTime walked ancestors recursively once any layer was timed. A 100k-deep
 * chain, speed 2 on the root, an implicit change on the deepest layer, ticks: no crash, and
 * the deepest layer's animation runs at the root's speed (twice as fast). */
static void test_deep_chain_with_timed_root(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    /* Built bottom-up: each new parent has no ancestors, so the cycle check is O(1). */
    lamina_layer_t leaf = new_layer(e), root = leaf;
    const int DEEP = deep_levels();
    for (int i = 0; i < DEEP; i++) {
        lamina_layer_t parent = new_layer(e);
        ASSERT_OK(lamina_layer_add_sublayer(e, parent, root));
        if (root != leaf) ASSERT_OK(lamina_layer_release(e, root)); /* the tree keeps it */
        root = parent;
    }
    ASSERT_OK(lamina_layer_set_number(e, root, "speed", 2.0));
    ASSERT_OK(lamina_layer_set_number(e, leaf, "speed", 1.0)); /* a second timed layer */
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    ASSERT_OK(lamina_layer_set_number(e, leaf, "opacity", 0.0)); /* implicit, 0.25 s */
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    ASSERT_OK(lamina_engine_tick(e, 0.0625)); /* local time 0.125: half-way (linear-ish) */
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value(e, leaf, "opacity", &v));
    assert_true(v.u.number > 0.0 && v.u.number < 1.0);
    ASSERT_OK(lamina_engine_tick(e, 0.13)); /* local 0.26 > 0.25: done at double speed */
    ASSERT_OK(lamina_layer_get_presentation_value(e, leaf, "opacity", &v));
    ASSERT_DOUBLE_EQ(0.0, v.u.number);
    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    ASSERT_OK(lamina_engine_draw_list(e, root, 0.13, &records, &count));
    assert_true(count >= (size_t)DEEP); /* every layer but the fully transparent leaf */
    ASSERT_OK(lamina_layer_release(e, root));
    ASSERT_OK(lamina_engine_destroy(e));
}

/* Finding 2: groups nested a few thousand deep crashed group_add. Nesting is bounded: 64
 * levels work, the 65th answers OUT_OF_MEMORY, and releasing the deepest group is shallow. */
static void test_deep_groups(void **state) {
    (void)state;
    lamina_animation_t *inner = NULL;
    ASSERT_OK(lamina_animation_create_basic("opacity", &inner));
    int levels = 0;
    for (int i = 0; i < 10000; i++) {
        lamina_animation_t *group = NULL;
        ASSERT_OK(lamina_animation_create_group(&group));
        lamina_status_t s = lamina_animation_group_add(group, inner);
        if (s != LAMINA_STATUS_OK) {
            assert_int_equal(s, LAMINA_STATUS_OUT_OF_MEMORY);
            assert_true(strlen(lamina_last_error_message()) > 0);
            ASSERT_OK(lamina_animation_release(group));
            break;
        }
        ASSERT_OK(lamina_animation_release(inner));
        inner = group;
        levels++;
    }
    assert_int_equal(levels, 64);
    /* The deepest accepted group is added to a layer and evaluated. */
    lamina_engine_t *e = new_engine();
    lamina_layer_t l = new_layer(e);
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    ASSERT_OK(lamina_layer_add_animation(e, l, inner, "deep"));
    ASSERT_OK(lamina_engine_tick(e, 0.1));
    ASSERT_OK(lamina_animation_release(inner));
    ASSERT_OK(lamina_engine_destroy(e));
}

/* A group added to itself doubles each time; the add that would pass 10000 animations in all
 * fails with OUT_OF_MEMORY (the fuzzer found this shape exhausting memory) and leaves the group
 * as it was. */
static void test_self_doubling_group(void **state) {
    (void)state;
    lamina_animation_t *g = NULL, *leaf = NULL;
    ASSERT_OK(lamina_animation_create_group(&g));
    ASSERT_OK(lamina_animation_create_basic("opacity", &leaf));
    ASSERT_OK(lamina_animation_group_add(g, leaf));
    ASSERT_OK(lamina_animation_release(leaf));
    int adds = 0;
    for (int i = 0; i < 64; i++) {
        lamina_status_t s = lamina_animation_group_add(g, g);
        if (s != LAMINA_STATUS_OK) {
            assert_int_equal(s, LAMINA_STATUS_OUT_OF_MEMORY);
            assert_non_null(strstr(lamina_last_error_message(), "10000"));
            break;
        }
        adds++;
    }
    /* Each add doubles the count: 2 (the group and its leaf), 4, 8, ... 8192, then 16384. */
    assert_int_equal(adds, 12);
    size_t count = 0;
    ASSERT_OK(lamina_animation_group_get_count(g, &count));
    assert_int_equal(count, 13); /* the leaf and 12 copies of the group */
    lamina_engine_t *e = new_engine();
    lamina_layer_t l = new_layer(e);
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    ASSERT_OK(lamina_layer_add_animation(e, l, g, "big"));
    ASSERT_OK(lamina_engine_tick(e, 0.1));
    ASSERT_OK(lamina_animation_release(g));
    ASSERT_OK(lamina_engine_destroy(e));
}

/* A 100k-long style chain is set, searched and released without recursion. */
static void test_long_style_chain(void **state) {
    (void)state;
    lamina_style_t *style = NULL;
    const int DEEP = deep_levels();
    for (int i = 0; i < DEEP; i++) {
        lamina_style_t *next = NULL;
        ASSERT_OK(lamina_style_create(style, &next));
        if (style) ASSERT_OK(lamina_style_release(style));
        style = next;
    }
    lamina_engine_t *e = new_engine();
    lamina_layer_t l = new_layer(e);
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    ASSERT_OK(lamina_layer_set_style(e, l, style));
    ASSERT_OK(lamina_layer_set_number(e, l, "opacity", 0.5)); /* walks the whole chain */
    ASSERT_OK(lamina_style_release(style));
    ASSERT_OK(lamina_layer_set_style(e, l, NULL));
    ASSERT_OK(lamina_engine_tick(e, 1.0)); /* the snapshot is released here */
    ASSERT_OK(lamina_engine_destroy(e));
}

/* 1,024 nested transactions work; the 1,025th answers OUT_OF_MEMORY; all commit. */
static void test_deep_transactions(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t l = new_layer(e);
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    for (int i = 0; i < 1024; i++) ASSERT_OK(lamina_transaction_begin(e));
    ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY, lamina_transaction_begin(e));
    ASSERT_OK(lamina_layer_set_number(e, l, "opacity", 0.25));
    for (int i = 0; i < 1024; i++) ASSERT_OK(lamina_transaction_commit(e));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(e));
    ASSERT_OK(lamina_engine_tick(e, 10.0)); /* the change animates from here (R2) */
    ASSERT_OK(lamina_engine_tick(e, 11.0));
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value(e, l, "opacity", &v));
    ASSERT_DOUBLE_EQ(0.25, v.u.number);
    ASSERT_OK(lamina_engine_destroy(e));
}

/* Finding 4: engine B's layer in slot k named engine A's layer k. */
static void test_foreign_layer_handles(void **state) {
    (void)state;
    lamina_engine_t *a = new_engine(), *b = new_engine();
    lamina_layer_t a1 = new_layer(a), a2 = new_layer(a);
    lamina_layer_t b1 = new_layer(b), b2 = new_layer(b);
    (void)b1;
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_add_sublayer(a, a1, b2));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_number(a, b2, "opacity", 0.5));
    double opacity = 0;
    ASSERT_OK(lamina_layer_get_number(a, a2, "opacity", &opacity));
    ASSERT_DOUBLE_EQ(1.0, opacity);
    lamina_layer_t parent = 42;
    ASSERT_OK(lamina_layer_get_superlayer(a, a2, &parent));
    assert_true(parent == LAMINA_LAYER_NONE);
    ASSERT_OK(lamina_engine_destroy(a));
    ASSERT_OK(lamina_engine_destroy(b));
}

/* Finding 5: lamina_engine_destroy() from a layer delegate or a custom action is MISUSE. */
struct destroy_probe {
    lamina_engine_t *engine;
    lamina_status_t status;
    int calls;
};

static lamina_delegate_answer_t destroying_delegate(void *userdata, lamina_layer_t layer, const char *event,
                                                    lamina_action_t **out_action) {
    (void)layer, (void)event, (void)out_action;
    struct destroy_probe *p = userdata;
    p->status = lamina_engine_destroy(p->engine);
    p->calls++;
    return LAMINA_DELEGATE_CONTINUE;
}

static void destroying_action(void *userdata, lamina_layer_t layer, const char *event) {
    (void)layer, (void)event;
    struct destroy_probe *p = userdata;
    p->status = lamina_engine_destroy(p->engine);
    p->calls++;
}

static void test_destroy_from_synchronous_callbacks(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t l = new_layer(e);
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    struct destroy_probe probe = {e, LAMINA_STATUS_OK, 0};
    lamina_layer_delegate_t d = {destroying_delegate};
    ASSERT_OK(lamina_layer_set_delegate(e, l, &d, &probe, NULL));
    ASSERT_OK(lamina_layer_set_number(e, l, "opacity", 0.5));
    assert_int_equal(probe.calls, 1);
    assert_int_equal(probe.status, LAMINA_STATUS_MISUSE);
    ASSERT_OK(lamina_layer_set_delegate(e, l, NULL, NULL, NULL));

    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_custom(destroying_action, &probe, NULL, &action));
    ASSERT_OK(lamina_layer_set_action(e, l, "opacity", action));
    ASSERT_OK(lamina_action_release(action));
    probe.status = LAMINA_STATUS_OK;
    ASSERT_OK(lamina_layer_set_number(e, l, "opacity", 0.25));
    assert_int_equal(probe.calls, 2);
    assert_int_equal(probe.status, LAMINA_STATUS_MISUSE);
    /* The engine is intact: the change landed. */
    double opacity = 0;
    ASSERT_OK(lamina_layer_get_number(e, l, "opacity", &opacity));
    ASSERT_DOUBLE_EQ(0.25, opacity);
    ASSERT_OK(lamina_engine_destroy(e));
}

/* Finding 6: endpoints near DBL_MAX made inf/NaN presentation values with status OK. Numbers
 * beyond 1e15 are refused; 1e15 endpoints interpolate to finite values. */
static void test_huge_magnitudes(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t l = new_layer(e);
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_number(e, l, "opacity", DBL_MAX));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_set_point(e, l, "position", (lamina_point_t){-DBL_MAX, 0}));
    ASSERT_OK(lamina_layer_set_point(e, l, "position", (lamina_point_t){-1e15, 1e15}));
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    ASSERT_OK(lamina_layer_set_point(e, l, "position", (lamina_point_t){1e15, -1e15}));
    ASSERT_OK(lamina_engine_tick(e, 0.1));
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value(e, l, "position", &v));
    assert_true(isfinite(v.u.point.x) && isfinite(v.u.point.y));
    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    ASSERT_OK(lamina_engine_draw_list(e, l, 0.1, &records, &count));
    assert_int_equal(count, 1);
    const double *m = &records[0].transform.m11;
    for (int i = 0; i < 16; i++) assert_true(isfinite(m[i]));
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic("opacity", &a));
    lamina_value_t huge = {.type = LAMINA_VALUE_NUMBER, .u.number = -DBL_MAX};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_to_value(a, &huge));
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_engine_destroy(e));
}

/* Finding 7: a free function that fails a call must not overwrite the failing call's error. */
static void failing_free(void *userdata) {
    (void)userdata;
    double t;
    (void)lamina_engine_get_time(lt_primer_engine(), &t); /* STALE_HANDLE */
}

static void test_set_delegate_error_survives_free(void **state) {
    (void)state;
    lamina_animation_delegate_t d = {NULL, NULL};
    assert_int_equal(lamina_animation_set_delegate(NULL, &d, NULL, failing_free), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(lamina_last_error_status(), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_non_null(strstr(lamina_last_error_message(), "animation"));
}

/* Finding 8: engines live in a table of slots with generations: a destroyed engine's handle
 * stays stale when its slot is reused, and many create/destroy pairs reuse slots. */
static void test_engine_slots_are_reused_and_stale(void **state) {
    (void)state;
    lamina_engine_t *first = new_engine();
    ASSERT_OK(lamina_engine_destroy(first));
    lamina_engine_t *second = new_engine();
    double t = 1;
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_get_time(first, &t));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_destroy(first));
    ASSERT_OK(lamina_engine_get_time(second, &t));
    lamina_engine_t *handles[3];
    for (int i = 0; i < deep_levels(); i++) {
        lamina_engine_t *e = new_engine();
        if (i < 3) handles[i] = e;
        ASSERT_OK(lamina_engine_destroy(e));
    }
    for (int i = 0; i < 3; i++) ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_get_time(handles[i], &t));
    ASSERT_OK(lamina_engine_get_time(second, &t));
    ASSERT_OK(lamina_engine_destroy(second));
}

/* Finding 3: a thread that exits with transactions open hands nothing to the next thread: its
 * changes publish (the implicit transaction and the open explicit ones commit at exit), and
 * the next thread's commit without a begin is MISUSE. */
struct exit_job {
    lamina_engine_t *engine;
    lamina_layer_t layer;
    double value;
    int explicit_depth;
    lamina_status_t status;
};

static int completions_run;
static void count_completion(void *userdata) {
    (void)userdata;
    completions_run++;
}

static void *exit_with_open_transaction(void *arg) {
    struct exit_job *job = arg;
    for (int i = 0; i < job->explicit_depth; i++) (void)lamina_transaction_begin(job->engine);
    (void)lamina_transaction_set_completion(job->engine, count_completion, NULL, NULL);
    (void)lamina_transaction_set_disable_actions(job->engine, 1);
    (void)lamina_layer_set_number(job->engine, job->layer, "opacity", job->value);
    return NULL;
}

static void *commit_without_begin(void *arg) {
    struct exit_job *job = arg;
    job->status = lamina_transaction_commit(job->engine);
    (void)lamina_transaction_set_disable_actions(job->engine, 1);
    (void)lamina_layer_set_number(job->engine, job->layer, "zPosition", job->value);
    (void)lamina_transaction_flush(job->engine);
    return NULL;
}

static void test_thread_exit_with_open_transactions(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t l = new_layer(e);
    ASSERT_OK(lamina_engine_tick(e, 0.0));
    completions_run = 0;
    for (int depth = 0; depth <= 2; depth++) {
        struct exit_job job = {e, l, 0.1 * (depth + 1), depth, LAMINA_STATUS_OK};
        pthread_t t;
        assert_int_equal(pthread_create(&t, NULL, exit_with_open_transaction, &job), 0);
        assert_int_equal(pthread_join(t, NULL), 0);
        struct exit_job next = {e, l, 7.0 + depth, 0, LAMINA_STATUS_OK};
        assert_int_equal(pthread_create(&t, NULL, commit_without_begin, &next), 0);
        assert_int_equal(pthread_join(t, NULL), 0);
        assert_int_equal(next.status, LAMINA_STATUS_MISUSE); /* it began nothing */
        ASSERT_OK(lamina_engine_tick(e, 1.0 + depth));
        lamina_value_t v;
        ASSERT_OK(lamina_layer_get_presentation_value(e, l, "opacity", &v));
        ASSERT_DOUBLE_EQ(0.1 * (depth + 1), v.u.number); /* the exited thread's change published */
        ASSERT_OK(lamina_layer_get_presentation_value(e, l, "zPosition", &v));
        ASSERT_DOUBLE_EQ(7.0 + depth, v.u.number); /* the next thread's change published */
    }
    ASSERT_OK(lamina_engine_tick(e, 10.0));
    assert_int_equal(completions_run, 3); /* each exited thread's completion ran once */
    ASSERT_OK(lamina_engine_destroy(e));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deep_chain_with_timed_root),
        cmocka_unit_test(test_deep_groups),
        cmocka_unit_test(test_self_doubling_group),
        cmocka_unit_test(test_long_style_chain),
        cmocka_unit_test(test_deep_transactions),
        cmocka_unit_test(test_foreign_layer_handles),
        cmocka_unit_test(test_destroy_from_synchronous_callbacks),
        cmocka_unit_test(test_huge_magnitudes),
        cmocka_unit_test(test_set_delegate_error_survives_free),
        cmocka_unit_test(test_engine_slots_are_reused_and_stale),
        cmocka_unit_test(test_thread_exit_with_open_transactions),
    };
    return cmocka_run_group_tests_name("reliability", tests, NULL, NULL);
}
