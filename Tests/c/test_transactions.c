/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Transactions (CA-2.x, R2, R12): begin/commit/flush, nesting, the per-transaction settings
 * (duration, timing function, disableActions), arbitrary keys, and completion callbacks with
 * their userdata and free functions.
 */
#include "lamina_test_support.h"

#include <pthread.h>

/* Commits the fixture layer and sets actions aside so that value changes publish directly. */
static void commit_layer(lt_fixture_t *f) {
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
}

/* The presentation opacity of the fixture layer at the engine's time. */
static double shown_opacity(lt_fixture_t *f) {
    return lt_presented_number(f->engine, f->layer, "opacity");
}

/* ------------------------------------------------------------------------------------------ */
/* begin / commit / flush                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* CA-2.2 / header: commit with no explicit transaction open is MISUSE, reported, and nothing
 * changes: the implicit transaction stays open (its change unpublished, its settings in
 * effect) and the next tick publishes it. */
static void unbalanced_commit_is_misuse_and_changes_nothing(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 3.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));

    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(1.0, shown_opacity(f));
    double d = 0;
    lamina_bool_t b = 0;
    ASSERT_OK(lamina_transaction_get_duration(f->engine, &d));
    ASSERT_DOUBLE_EQ(3.0, d);
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_TRUE);
    ASSERT_OK(lamina_layer_get_opacity(f->engine, f->layer, &d));
    ASSERT_DOUBLE_EQ(0.5, d);

    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_DOUBLE_EQ(0.5, shown_opacity(f));

    /* One commit too many after a balanced pair. */
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.25));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(f->engine));
}

/* CA-2.3 / CA-14.7: with nested explicit transactions, nothing publishes at an inner commit;
 * everything publishes at the outermost commit (no tick needed). */
static void nested_transactions_publish_at_the_outermost_commit(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.75));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){5, 6}));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "zPosition", 9));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(1.0, shown_opacity(f));
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "position.x"));
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "zPosition"));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(0.75, shown_opacity(f));
    ASSERT_DOUBLE_EQ(5.0, lt_presented_number(f->engine, f->layer, "position.x"));
    ASSERT_DOUBLE_EQ(9.0, lt_presented_number(f->engine, f->layer, "zPosition"));
}

/* A tick while the thread has an explicit transaction open publishes none of its changes. */
static void tick_does_not_publish_an_open_explicit_transaction(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    ASSERT_DOUBLE_EQ(1.0, shown_opacity(f));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(0.5, shown_opacity(f));
}

/* Begin nests up to 1024 explicit transactions; the next is OUT_OF_MEMORY and changes nothing
 * (1024 commits then balance the stack exactly). */
static void nesting_deeper_than_1024_is_out_of_memory(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    for (int i = 0; i < 1024; i++) ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY, lamina_transaction_begin(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY, lamina_transaction_begin(f->engine));
    for (int i = 0; i < 1024; i++) ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(f->engine));
}

/* CA-2.4 / CA-2.5: flush commits the implicit transaction now (no tick); with nothing to commit
 * it does nothing; inside explicit transactions it defers the implicit commit to the outermost
 * commit. */
static void flush_commits_the_implicit_transaction(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_transaction_flush(f->engine)); /* commits the layer's creation */
    lamina_bool_t has = LAMINA_FALSE;
    ASSERT_OK(lamina_layer_has_presentation(f->engine, f->layer, &has));
    assert_int_equal(has, LAMINA_TRUE);
    ASSERT_OK(lamina_transaction_flush(f->engine)); /* nothing to commit */
    ASSERT_OK(lamina_transaction_flush(f->engine));

    ASSERT_OK(lamina_layer_set_action_none(f->engine, f->layer, "opacity"));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_DOUBLE_EQ(1.0, shown_opacity(f));
    ASSERT_OK(lamina_transaction_flush(f->engine));
    ASSERT_DOUBLE_EQ(0.5, shown_opacity(f));
    double t = -1;
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    ASSERT_DOUBLE_EQ(0.0, t); /* flush is not a tick */

    /* Inside an explicit transaction: deferred until the outermost commit. */
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.25)); /* implicit transaction */
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_flush(f->engine));
    ASSERT_DOUBLE_EQ(0.5, shown_opacity(f));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(0.5, shown_opacity(f));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(0.25, shown_opacity(f));
}

/* ------------------------------------------------------------------------------------------ */
/* Settings: duration, timing function, disableActions                                         */
/* ------------------------------------------------------------------------------------------ */

static double duration_now(lt_fixture_t *f) {
    double d = -1;
    ASSERT_OK(lamina_transaction_get_duration(f->engine, &d));
    return d;
}

/* CA-2.7 / CA-2.8 / CA-16: duration defaults to 0.25; a nested transaction reads the outer
 * value until it sets its own, which disappears at its commit; the implicit transaction's
 * setting disappears at the tick that commits it. */
static void duration_defaults_nests_and_restores(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_DOUBLE_EQ(0.25, duration_now(f));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 2.0)); /* implicit transaction */
    ASSERT_DOUBLE_EQ(2.0, duration_now(f));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_DOUBLE_EQ(2.0, duration_now(f));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 0.5));
    ASSERT_DOUBLE_EQ(0.5, duration_now(f));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_DOUBLE_EQ(0.5, duration_now(f));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 0.0)); /* zero is allowed */
    ASSERT_DOUBLE_EQ(0.0, duration_now(f));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(0.5, duration_now(f));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(2.0, duration_now(f));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_DOUBLE_EQ(0.25, duration_now(f));
}

/* set_duration: negative, NaN and infinite durations are INVALID_ARGUMENT and change nothing;
 * get_duration with NULL out is INVALID_ARGUMENT. */
static void duration_rejects_bad_values(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.5));
    const double bad[] = {-0.001, -1.0, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_duration(f->engine, bad[i]));
        ASSERT_DOUBLE_EQ(1.5, duration_now(f));
    }
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_get_duration(f->engine, NULL));
}

/* CA-2.7 / CA-16: no timing function is set by default (out_timing_function is then not
 * written); a set one reads back and is inherited by nested transactions; NULL unsets it. */
static void timing_function_set_get_unset(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_timing_function_t tf;
    lamina_bool_t is_set = 7;
    LT_FILL(tf);
    ASSERT_OK(lamina_transaction_get_timing_function(f->engine, &tf, &is_set));
    assert_int_equal(is_set, LAMINA_FALSE);
    ASSERT_UNTOUCHED(tf);

    const lamina_timing_function_t custom = {0.1, -0.5, 0.9, 1.5}; /* y may overshoot */
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &custom));
    ASSERT_OK(lamina_transaction_get_timing_function(f->engine, &tf, &is_set));
    assert_int_equal(is_set, LAMINA_TRUE);
    assert_memory_equal(&tf, &custom, sizeof tf);

    ASSERT_OK(lamina_transaction_begin(f->engine));
    LT_FILL(tf);
    ASSERT_OK(lamina_transaction_get_timing_function(f->engine, &tf, &is_set));
    assert_int_equal(is_set, LAMINA_TRUE);
    assert_memory_equal(&tf, &custom, sizeof tf);
    lamina_timing_function_t ease_in;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_EASE_IN, &ease_in));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &ease_in));
    ASSERT_OK(lamina_transaction_get_timing_function(f->engine, &tf, &is_set));
    assert_memory_equal(&tf, &ease_in, sizeof tf);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_get_timing_function(f->engine, &tf, &is_set));
    assert_memory_equal(&tf, &custom, sizeof tf);

    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, NULL));
    LT_FILL(tf);
    ASSERT_OK(lamina_transaction_get_timing_function(f->engine, &tf, &is_set));
    assert_int_equal(is_set, LAMINA_FALSE);
    ASSERT_UNTOUCHED(tf);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_get_timing_function(f->engine, &tf, &is_set));
    assert_int_equal(is_set, LAMINA_FALSE);
}

/* set_timing_function: non-finite values and x outside [0, 1] are INVALID_ARGUMENT and change
 * nothing; get_timing_function with a NULL out-pointer is INVALID_ARGUMENT. */
static void timing_function_rejects_bad_input(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &linear));
    const lamina_timing_function_t bad[] = {
        {-0.1, 0, 1, 1}, {0, 0, 1.1, 1}, {NAN, 0, 1, 1}, {0, NAN, 1, 1},
        {0, 0, NAN, 1},  {0, 0, 1, NAN}, {0, INFINITY, 1, 1}, {0, 0, 1, -INFINITY},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_timing_function(f->engine, &bad[i]));
        lamina_timing_function_t tf;
        lamina_bool_t is_set = 0;
        ASSERT_OK(lamina_transaction_get_timing_function(f->engine, &tf, &is_set));
        assert_int_equal(is_set, LAMINA_TRUE);
        assert_memory_equal(&tf, &linear, sizeof tf);
    }
    lamina_timing_function_t tf;
    lamina_bool_t is_set;
    LT_FILL(tf);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_get_timing_function(f->engine, &tf, NULL));
    ASSERT_UNTOUCHED(tf);
    LT_FILL(is_set);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_get_timing_function(f->engine, NULL, &is_set));
    ASSERT_UNTOUCHED(is_set);
}

/* CA-2.7 / CA-16: disableActions defaults to false, nests like the other settings, and any
 * non-zero input is true; NULL out is INVALID_ARGUMENT. */
static void disable_actions_set_get_nested(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_bool_t b = 7;
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_FALSE);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, 5u));
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_TRUE);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_TRUE);
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_FALSE));
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_FALSE);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_TRUE);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_FALSE);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_get_disable_actions(f->engine, NULL));
}

/* ------------------------------------------------------------------------------------------ */
/* Transaction values (CA-2.8)                                                                 */
/* ------------------------------------------------------------------------------------------ */

/* Arbitrary keys round-trip values of every type (CA-16); reads search outward, writes go to
 * the innermost transaction, and what a transaction set disappears at its commit; a NULL value
 * removes the key from the innermost transaction only. */
static void transaction_values_scope_like_ca(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_value_t v;
    const lamina_value_t values[] = {
        lt_number(42), lt_point(1, 2), lt_size(3, 4), lt_rect(1, 2, 3, 4), lt_color(0.1, 0.2, 0.3, 0.4),
        lt_transform(lt_identity()), lt_bool(LAMINA_TRUE), lt_null(),
    };
    ASSERT_OK(lamina_transaction_begin(f->engine));
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        char key[16];
        snprintf(key, sizeof key, "k%zu", i);
        ASSERT_OK(lamina_transaction_set_value(f->engine, key, &values[i]));
        LT_FILL(v);
        ASSERT_OK(lamina_transaction_get_value(f->engine, key, &v));
        assert_int_equal(v.type, values[i].type);
        if (values[i].type != LAMINA_VALUE_NULL) assert_memory_equal(&v.u, &values[i].u, sizeof v.u.transform);
    }

    const lamina_value_t outer = lt_number(1), inner = lt_number(2);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "level", &outer));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_get_value(f->engine, "level", &v));
    ASSERT_DOUBLE_EQ(1, v.u.number);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "level", &inner));
    ASSERT_OK(lamina_transaction_set_value(f->engine, "innerOnly", &inner));
    ASSERT_OK(lamina_transaction_get_value(f->engine, "level", &v));
    ASSERT_DOUBLE_EQ(2, v.u.number);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "level", NULL)); /* removes the inner one */
    ASSERT_OK(lamina_transaction_get_value(f->engine, "level", &v));
    ASSERT_DOUBLE_EQ(1, v.u.number);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "level", &inner));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_get_value(f->engine, "level", &v));
    ASSERT_DOUBLE_EQ(1, v.u.number);
    LT_FILL(v);
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_transaction_get_value(f->engine, "innerOnly", &v));
    ASSERT_UNTOUCHED(v);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "level", NULL));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_transaction_get_value(f->engine, "level", &v));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_transaction_get_value(f->engine, "k0", &v));
    ASSERT_UNTOUCHED(v);

    /* Removing a key that is not there is fine. */
    ASSERT_OK(lamina_transaction_set_value(f->engine, "never", NULL));
    /* A value set with no transaction open lives in the implicit one, until the tick. */
    ASSERT_OK(lamina_transaction_set_value(f->engine, "implicit", &outer));
    ASSERT_OK(lamina_transaction_get_value(f->engine, "implicit", &v));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_transaction_get_value(f->engine, "implicit", &v));
}

/* String values are copied on the way in and borrowed on the way out. */
static void transaction_string_values_are_copied_and_borrowed(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    char text[] = "hello";
    lamina_value_t in = lt_string(text);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "greeting", &in));
    text[0] = 'J';
    lamina_value_t out;
    LT_FILL(out);
    ASSERT_OK(lamina_transaction_get_value(f->engine, "greeting", &out));
    assert_int_equal(out.type, LAMINA_VALUE_STRING);
    assert_string_equal(out.u.string, "hello");
    /* A NULL string pointer is not a value. */
    in = lt_string(NULL);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_value(f->engine, "greeting", &in));
    ASSERT_OK(lamina_transaction_get_value(f->engine, "greeting", &out));
    assert_string_equal(out.u.string, "hello");
}

/* The built-in keys "animationDuration" (a NUMBER) and "disableActions" (a BOOL) are the
 * settings above: set through set_value they show in the typed getters and vice versa, they
 * read as 0.25 / false when unset, and the wrong types are TYPE_MISMATCH. */
static void builtin_transaction_keys_are_the_settings(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_value_t v;
    ASSERT_OK(lamina_transaction_get_value(f->engine, "animationDuration", &v));
    assert_int_equal(v.type, LAMINA_VALUE_NUMBER);
    ASSERT_DOUBLE_EQ(0.25, v.u.number);
    ASSERT_OK(lamina_transaction_get_value(f->engine, "disableActions", &v));
    assert_int_equal(v.type, LAMINA_VALUE_BOOL);
    assert_int_equal(v.u.boolean, LAMINA_FALSE);

    ASSERT_OK(lamina_transaction_begin(f->engine));
    const lamina_value_t two = lt_number(2), yes = lt_bool(LAMINA_TRUE);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "animationDuration", &two));
    ASSERT_OK(lamina_transaction_set_value(f->engine, "disableActions", &yes));
    ASSERT_DOUBLE_EQ(2.0, duration_now(f));
    lamina_bool_t b = 0;
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_TRUE);

    ASSERT_OK(lamina_transaction_set_duration(f->engine, 4.0));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_FALSE));
    ASSERT_OK(lamina_transaction_get_value(f->engine, "animationDuration", &v));
    ASSERT_DOUBLE_EQ(4.0, v.u.number);
    ASSERT_OK(lamina_transaction_get_value(f->engine, "disableActions", &v));
    assert_int_equal(v.u.boolean, LAMINA_FALSE);

    /* Wrong types, negative or non-finite durations: rejected, nothing changes. */
    const lamina_value_t wrong_for_duration[] = {lt_bool(LAMINA_TRUE), lt_string("1"), lt_point(1, 1), lt_null()};
    for (size_t i = 0; i < sizeof wrong_for_duration / sizeof wrong_for_duration[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH,
                     lamina_transaction_set_value(f->engine, "animationDuration", &wrong_for_duration[i]));
    }
    const lamina_value_t wrong_for_disable[] = {lt_number(1), lt_string("yes"), lt_null()};
    for (size_t i = 0; i < sizeof wrong_for_disable / sizeof wrong_for_disable[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH,
                     lamina_transaction_set_value(f->engine, "disableActions", &wrong_for_disable[i]));
    }
    const lamina_value_t negative = lt_number(-1), nan_v = lt_number(NAN), inf_v = lt_number(INFINITY);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_value(f->engine, "animationDuration", &negative));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_value(f->engine, "animationDuration", &nan_v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_value(f->engine, "animationDuration", &inf_v));
    ASSERT_DOUBLE_EQ(4.0, duration_now(f));
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_FALSE);

    /* NULL removes the innermost setting: back to the enclosing value. */
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_value(f->engine, "animationDuration", &two));
    ASSERT_OK(lamina_transaction_set_value(f->engine, "disableActions", &yes));
    ASSERT_OK(lamina_transaction_set_value(f->engine, "animationDuration", NULL));
    ASSERT_OK(lamina_transaction_set_value(f->engine, "disableActions", NULL));
    ASSERT_DOUBLE_EQ(4.0, duration_now(f));
    ASSERT_OK(lamina_transaction_get_disable_actions(f->engine, &b));
    assert_int_equal(b, LAMINA_FALSE);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(0.25, duration_now(f));
}

/* set_value/get_value errors: NULL or empty key, non-finite numbers (INVALID_ARGUMENT); NULL
 * out (INVALID_ARGUMENT); a key never set (NOT_FOUND, out untouched). */
static void transaction_value_errors(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    const lamina_value_t one = lt_number(1);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_value(f->engine, NULL, &one));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_value(f->engine, "", &one));
    const lamina_value_t non_finite[] = {lt_number(NAN), lt_number(-INFINITY), lt_point(NAN, 0),
                                         lt_color(0, 0, 0, INFINITY), lt_rect(0, 0, NAN, 0)};
    for (size_t i = 0; i < sizeof non_finite / sizeof non_finite[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_value(f->engine, "k", &non_finite[i]));
    }
    lamina_value_t v;
    LT_FILL(v);
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_transaction_get_value(f->engine, "k", &v));
    ASSERT_UNTOUCHED(v);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_get_value(f->engine, NULL, &v));
    ASSERT_UNTOUCHED(v);
    ASSERT_OK(lamina_transaction_set_value(f->engine, "k", &one));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_get_value(f->engine, "k", NULL));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_transaction_get_value(f->engine, "K", &v));
}

/* ------------------------------------------------------------------------------------------ */
/* Completions (CA-2.9-2.11, CA-14.2, CA-16)                                                  */
/* ------------------------------------------------------------------------------------------ */

typedef struct probe {
    int ran;         /* times the callback ran */
    int freed;       /* times the free function ran */
    int ran_at_free; /* `ran` when the free function ran */
    int *order;      /* shared log of callback ids */
    int *order_len;
    int id;
    lamina_engine_t *engine;
    lamina_layer_t layer;
    double duration_inside; /* transaction duration seen inside the callback */
    lamina_status_t set_inside;
} probe_t;

static void probe_callback(void *userdata) {
    probe_t *p = (probe_t *)userdata;
    p->ran++;
    if (p->order) p->order[(*p->order_len)++] = p->id;
}

static void probe_free(void *userdata) {
    probe_t *p = (probe_t *)userdata;
    p->freed++;
    p->ran_at_free = p->ran;
}

/* CA-16 / R2: a completion never runs at commit; it runs once, during the next tick, with its
 * userdata; its free function runs exactly once, after the callback. */
static void completion_runs_at_the_next_tick_then_frees(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    probe_t p;
    memset(&p, 0, sizeof p);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &p, probe_free));
    lamina_bool_t has = 0;
    ASSERT_OK(lamina_transaction_has_completion(f->engine, &has));
    assert_int_equal(has, LAMINA_TRUE);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    assert_int_equal(p.ran, 0);
    assert_int_equal(p.freed, 0);
    ASSERT_OK(lamina_transaction_has_completion(f->engine, &has));
    assert_int_equal(has, LAMINA_FALSE);

    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    assert_int_equal(p.ran, 1);
    assert_int_equal(p.freed, 1);
    assert_int_equal(p.ran_at_free, 1);
    for (int i = 1; i <= 3; i++) ASSERT_OK(lamina_engine_tick(f->engine, i));
    assert_int_equal(p.ran, 1);
    assert_int_equal(p.freed, 1);
}

/* A completion set in the implicit transaction: that transaction commits at the next tick, and
 * the completion runs at the first tick after that (not at commit, CA-16). */
static void completion_in_the_implicit_transaction(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    probe_t p;
    memset(&p, 0, sizeof p);
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &p, probe_free));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    assert_int_equal(p.ran, 0);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.01));
    assert_int_equal(p.ran, 1);
    assert_int_equal(p.freed, 1);
}

/* CA-2.9: the completion waits for every animation added after it was set, in its group. */
static void completion_waits_for_its_animations(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t second;
    ASSERT_OK(lamina_layer_create(f->engine, &second));
    commit_layer(f);
    probe_t p;
    memset(&p, 0, sizeof p);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &p, probe_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine)); /* nested: same group, 2 s */
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 2.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, second, 0.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_commit(f->engine)); /* begin time 0 */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    assert_int_equal(p.ran, 0);
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    assert_int_equal(p.ran, 0); /* the 2 s animation is still running */
    ASSERT_OK(lamina_engine_tick(f->engine, 1.999));
    assert_int_equal(p.ran, 0);
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    assert_int_equal(p.ran, 1);
    assert_int_equal(p.freed, 1);
}

/* CA-14.2: a completion set after the animations were added does not wait for them. */
static void completion_set_after_the_animations_does_not_wait(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    probe_t p;
    memset(&p, 0, sizeof p);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &p, probe_free));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.01));
    assert_int_equal(p.ran, 1);
    /* The animation itself is still running. */
    assert_true(shown_opacity(f) > 0.5);
}

/* "Finished or been removed": an animation removed with its layer releases the completion. */
static void completion_runs_when_its_animation_is_removed(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    probe_t p;
    memset(&p, 0, sizeof p);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 10.0));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &p, probe_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    assert_int_equal(p.ran, 0);
    ASSERT_OK(lamina_layer_release(f->engine, f->layer)); /* destroyed, with its animations */
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    assert_int_equal(p.ran, 1);
    assert_int_equal(p.freed, 1);
}

/* CA-16: setting a second completion adds to the first; both run, in the order they were set,
 * each freed once. */
static void completions_stack_and_run_in_order(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    int order[8];
    int order_len = 0;
    probe_t a, b, c;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    a.order = b.order = c.order = order;
    a.order_len = b.order_len = c.order_len = &order_len;
    a.id = 1;
    b.id = 2;
    c.id = 3;
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &a, probe_free));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &b, probe_free));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &c, NULL)); /* no free */
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    assert_int_equal(order_len, 3);
    assert_int_equal(order[0], 1);
    assert_int_equal(order[1], 2);
    assert_int_equal(order[2], 3);
    assert_int_equal(a.freed, 1);
    assert_int_equal(b.freed, 1);
    assert_int_equal(c.freed, 0);
}

/* CA-16: setting NULL clears has_completion but a completion already set still runs; the
 * userdata given with a NULL callback is freed at once. */
static void null_completion_clears_the_getter_but_not_the_callback(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    probe_t p, q;
    memset(&p, 0, sizeof p);
    memset(&q, 0, sizeof q);
    lamina_bool_t has = 7;
    ASSERT_OK(lamina_transaction_has_completion(f->engine, &has));
    assert_int_equal(has, LAMINA_FALSE);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &p, probe_free));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, NULL, &q, probe_free));
    assert_int_equal(q.freed, 1); /* at once */
    ASSERT_OK(lamina_transaction_set_completion(f->engine, NULL, NULL, NULL));
    ASSERT_OK(lamina_transaction_has_completion(f->engine, &has));
    assert_int_equal(has, LAMINA_FALSE);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    assert_int_equal(p.ran, 1);
    assert_int_equal(p.freed, 1);
    assert_int_equal(q.ran, 0);
    assert_int_equal(q.freed, 1);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_has_completion(f->engine, NULL));
}

/* CA-16: a nested transaction sees the outer completion; committing the nested one does not
 * run it (not even across ticks); committing the one it was set on does (at the next tick). */
static void nested_transaction_sees_the_outer_completion(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    probe_t p;
    memset(&p, 0, sizeof p);
    lamina_bool_t has = 0;
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &p, probe_free));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_has_completion(f->engine, &has));
    assert_int_equal(has, LAMINA_TRUE);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    assert_int_equal(p.ran, 0);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    assert_int_equal(p.ran, 0);
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    assert_int_equal(p.ran, 1);
    assert_int_equal(p.freed, 1);
}

/* Header: a completion set on a nested transaction with no animations runs at the first tick
 * after that transaction commits. */
static void completion_set_on_a_nested_transaction(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    probe_t p;
    memset(&p, 0, sizeof p);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &p, probe_free));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    lamina_bool_t has = 7;
    ASSERT_OK(lamina_transaction_has_completion(f->engine, &has));
    assert_int_equal(has, LAMINA_FALSE);
    assert_int_equal(p.ran, 0);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    assert_int_equal(p.ran, 1);
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    assert_int_equal(p.ran, 1);
    assert_int_equal(p.freed, 1);
}

static void settings_probe_callback(void *userdata) {
    probe_t *p = (probe_t *)userdata;
    p->ran++;
    double d = -1;
    if (lamina_transaction_get_duration(p->engine, &d) == LAMINA_STATUS_OK) p->duration_inside = d;
    p->set_inside = lamina_layer_set_opacity(p->engine, p->layer, 1.0);
}

/* CA-2.11: the completion runs after its transaction was popped, so it sees the enclosing
 * (default) settings and the changes it makes animate over 0.25 s, not its transaction's 1 s;
 * they open a new implicit transaction, committed by the next tick (R2). */
static void completion_changes_use_the_enclosing_settings(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    probe_t p;
    memset(&p, 0, sizeof p);
    p.engine = f->engine;
    p.layer = f->layer;
    const lamina_layer_t layer = f->layer;
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, layer, 0.0)); /* no animation */
    ASSERT_OK(lamina_transaction_set_completion(f->engine, settings_probe_callback, &p, NULL));
    ASSERT_OK(lamina_transaction_commit(f->engine));

    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0)); /* the completion runs here */
    assert_int_equal(p.ran, 1);
    ASSERT_DOUBLE_EQ(0.25, p.duration_inside);
    assert_int_equal(p.set_inside, LAMINA_STATUS_OK);
    ASSERT_DOUBLE_EQ(0.0, shown_opacity(f)); /* not committed yet */
    ASSERT_OK(lamina_engine_tick(f->engine, 1.1)); /* commits: begin time 1.0, 0.25 s */
    ASSERT_NEAR(lt_ease(LAMINA_TIMING_DEFAULT, 0.4), shown_opacity(f), 1e-9);
    ASSERT_OK(lamina_engine_tick(f->engine, 1.25));
    ASSERT_DOUBLE_EQ(1.0, shown_opacity(f));
}

/* The free function runs when the engine is destroyed with the completion still pending (set
 * but never committed, and committed but waiting for an animation); the callbacks never run. */
static void pending_completions_are_freed_on_destroy(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    probe_t waiting, uncommitted, implicit;
    memset(&waiting, 0, sizeof waiting);
    memset(&uncommitted, 0, sizeof uncommitted);
    memset(&implicit, 0, sizeof implicit);
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &implicit, probe_free));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 5.0));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &waiting, probe_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, probe_callback, &uncommitted, probe_free));
    assert_int_equal(waiting.freed + uncommitted.freed + implicit.freed, 0);

    ASSERT_OK(lamina_engine_destroy(f->engine));
    f->engine = NULL;
    assert_int_equal(waiting.ran, 0);
    assert_int_equal(uncommitted.ran, 0);
    assert_int_equal(implicit.ran, 0);
    assert_int_equal(waiting.freed, 1);
    assert_int_equal(uncommitted.freed, 1);
    assert_int_equal(implicit.freed, 1);
}

/* The free function runs at once when the engine is stale (STALE_HANDLE), and a NULL free
 * function is allowed everywhere. */
static void completion_on_a_stale_engine_frees_at_once(void **state) {
    (void)state;
    lamina_engine_t *dead = lt_stale_engine();
    probe_t p;
    memset(&p, 0, sizeof p);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_transaction_set_completion(dead, probe_callback, &p, probe_free));
    assert_int_equal(p.freed, 1);
    assert_int_equal(p.ran, 0);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_transaction_set_completion(dead, probe_callback, &p, NULL));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_transaction_set_completion(dead, NULL, &p, probe_free));
    assert_int_equal(p.freed, 2);
    /* NULL engine: never registered, freed once too. */
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_transaction_set_completion(NULL, probe_callback, &p, probe_free));
    assert_int_equal(p.freed, 3);
    assert_int_equal(p.ran, 0);
}

/* ------------------------------------------------------------------------------------------ */
/* Threads (R12)                                                                               */
/* ------------------------------------------------------------------------------------------ */

typedef struct other_thread {
    lamina_engine_t *engine;
    lamina_layer_t layer;
    lamina_status_t unbalanced_commit;
    lamina_status_t begin, set, commit;
    double duration_seen;
    double presented_after_commit;
} other_thread_t;

static void *other_thread_main(void *arg) {
    other_thread_t *o = (other_thread_t *)arg;
    o->unbalanced_commit = lamina_transaction_commit(o->engine);
    lamina_transaction_get_duration(o->engine, &o->duration_seen);
    o->begin = lamina_transaction_begin(o->engine);
    lamina_transaction_set_disable_actions(o->engine, LAMINA_TRUE);
    o->set = lamina_layer_set_number(o->engine, o->layer, "zPosition", 3.0);
    o->commit = lamina_transaction_commit(o->engine);
    lamina_value_t v;
    if (lamina_layer_get_presentation_value(o->engine, o->layer, "zPosition", &v) == LAMINA_STATUS_OK)
        o->presented_after_commit = v.u.number;
    return NULL;
}

/* R12: each thread has its own transaction stack: another thread's commit with none open is
 * MISUSE even while this thread has one open; it does not see this thread's settings; its
 * commit publishes its own changes (to another layer: a commit publishes a changed layer's whole
 * model, as Core Animation's does) while this thread's transaction stays open. */
static void each_thread_has_its_own_transaction_stack(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t theirs;
    ASSERT_OK(lamina_layer_create(f->engine, &theirs));
    commit_layer(f);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 2.0));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));

    other_thread_t o;
    memset(&o, 0, sizeof o);
    o.engine = f->engine;
    o.layer = theirs;
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, other_thread_main, &o), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);

    assert_int_equal(o.unbalanced_commit, LAMINA_STATUS_MISUSE);
    ASSERT_DOUBLE_EQ(0.25, o.duration_seen);
    assert_int_equal(o.begin, LAMINA_STATUS_OK);
    assert_int_equal(o.set, LAMINA_STATUS_OK);
    assert_int_equal(o.commit, LAMINA_STATUS_OK);
    ASSERT_DOUBLE_EQ(3.0, o.presented_after_commit);
    ASSERT_DOUBLE_EQ(3.0, lt_presented_number(f->engine, theirs, "zPosition"));

    /* This thread's change is still unpublished, its settings intact. */
    ASSERT_DOUBLE_EQ(1.0, shown_opacity(f));
    ASSERT_DOUBLE_EQ(2.0, duration_now(f));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_DOUBLE_EQ(0.5, shown_opacity(f));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(unbalanced_commit_is_misuse_and_changes_nothing),
        LT_TEST(nested_transactions_publish_at_the_outermost_commit),
        LT_TEST(tick_does_not_publish_an_open_explicit_transaction),
        LT_TEST(nesting_deeper_than_1024_is_out_of_memory),
        LT_TEST(flush_commits_the_implicit_transaction),
        LT_TEST(duration_defaults_nests_and_restores),
        LT_TEST(duration_rejects_bad_values),
        LT_TEST(timing_function_set_get_unset),
        LT_TEST(timing_function_rejects_bad_input),
        LT_TEST(disable_actions_set_get_nested),
        LT_TEST(transaction_values_scope_like_ca),
        LT_TEST(transaction_string_values_are_copied_and_borrowed),
        LT_TEST(builtin_transaction_keys_are_the_settings),
        LT_TEST(transaction_value_errors),
        LT_TEST(completion_runs_at_the_next_tick_then_frees),
        LT_TEST(completion_in_the_implicit_transaction),
        LT_TEST(completion_waits_for_its_animations),
        LT_TEST(completion_set_after_the_animations_does_not_wait),
        LT_TEST(completion_runs_when_its_animation_is_removed),
        LT_TEST(completions_stack_and_run_in_order),
        LT_TEST(null_completion_clears_the_getter_but_not_the_callback),
        LT_TEST(nested_transaction_sees_the_outer_completion),
        LT_TEST(completion_set_on_a_nested_transaction),
        LT_TEST(completion_changes_use_the_enclosing_settings),
        LT_TEST(pending_completions_are_freed_on_destroy),
        LT_TEST(completion_on_a_stale_engine_frees_at_once),
        LT_TEST(each_thread_has_its_own_transaction_stack),
    };
    return cmocka_run_group_tests_name("transactions", tests, NULL, NULL);
}
