/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Engines: create, destroy, tick, time, custom properties; every engine-taking function with a
 * NULL engine (INVALID_ARGUMENT) and with a destroyed engine (STALE_HANDLE); the re-entrancy
 * rules of callbacks (R2, R12).
 */
#include "lamina_test_support.h"

#include <pthread.h>
#include <semaphore.h>

/* ------------------------------------------------------------------------------------------ */
/* create / destroy                                                                            */
/* ------------------------------------------------------------------------------------------ */

/* lamina_engine_create: a non-NULL engine at time 0, distinct per call; NULL out-pointer is
 * INVALID_ARGUMENT. */
static void engine_create_gives_distinct_engines_at_time_zero(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    assert_non_null(f->engine);
    lamina_engine_t *other = NULL;
    ASSERT_OK(lamina_engine_create(&other));
    assert_non_null(other);
    assert_ptr_not_equal(other, f->engine);
    double t = -1.0;
    ASSERT_OK(lamina_engine_get_time(other, &t));
    ASSERT_DOUBLE_EQ(0.0, t);
    ASSERT_OK(lamina_engine_destroy(other));

    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_create(NULL));
}

/* lamina_engine_destroy: NULL is INVALID_ARGUMENT; a second destroy is STALE_HANDLE. */
static void engine_destroy_rejects_null_and_double_destroy(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_destroy(NULL));
    ASSERT_OK(lamina_engine_destroy(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_destroy(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_destroy(f->engine));
    f->engine = NULL;
}

/* Destroying an engine that owns a tree, running animations, open transactions and pending
 * changes succeeds ("destroys everything it owns"). */
static void engine_destroy_releases_a_busy_engine(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t child = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, child));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, child, 0.0)); /* an implicit animation */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){3, 4}));
    ASSERT_OK(lamina_engine_destroy(f->engine));
    double t;
    LT_FILL(t);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_get_time(f->engine, &t));
    ASSERT_UNTOUCHED(t);
    f->engine = NULL;
}

/* ------------------------------------------------------------------------------------------ */
/* tick / get_time                                                                             */
/* ------------------------------------------------------------------------------------------ */

/* The engine time is 0 before the first tick, then the time of the last tick, which may go
 * backwards and be negative (R1). */
static void engine_time_follows_ticks_including_backwards(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    double t = -1.0;
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    ASSERT_DOUBLE_EQ(0.0, t);
    const double times[] = {0.5, 2.25, 1.0, -3.5, 0.0, 1e9};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        ASSERT_OK(lamina_engine_tick(f->engine, times[i]));
        ASSERT_OK(lamina_engine_get_time(f->engine, &t));
        ASSERT_DOUBLE_EQ(times[i], t);
    }
}

/* lamina_engine_tick: NaN and the infinities are INVALID_ARGUMENT and change nothing: the time
 * stays and the implicit transaction is not committed. */
static void engine_tick_rejects_non_finite_times(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    lamina_layer_t fresh = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &fresh)); /* pending in the implicit transaction */
    const double bad[] = {NAN, -NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_tick(f->engine, bad[i]));
        double t = -1.0;
        ASSERT_OK(lamina_engine_get_time(f->engine, &t));
        ASSERT_DOUBLE_EQ(2.0, t);
        lamina_bool_t has = 7;
        ASSERT_OK(lamina_layer_has_presentation(f->engine, fresh, &has));
        assert_int_equal(has, LAMINA_FALSE);
    }
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_tick(NULL, 1.0));
}

/* lamina_engine_get_time: NULL out is INVALID_ARGUMENT, NULL engine INVALID_ARGUMENT, both with
 * nothing written. */
static void engine_get_time_rejects_null(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_get_time(f->engine, NULL));
    double t;
    LT_FILL(t);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_get_time(NULL, &t));
    ASSERT_UNTOUCHED(t);
}

/* ------------------------------------------------------------------------------------------ */
/* register_property                                                                           */
/* ------------------------------------------------------------------------------------------ */

/* Custom properties of every allowed type (CA-3.16, CA-7.7): each layer of the engine, also
 * one created earlier, reads the default; the property can be set and read back. */
static void register_property_accepts_every_animatable_type(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_transform3d_t m = lt_identity();
    m.m41 = 7.0;
    const struct {
        const char *key;
        lamina_value_t def;
    } props[] = {
        {"progress", lt_number(0.25)},
        {"focus", lt_point(1.0, 2.0)},
        {"extent", lt_size(3.0, 4.0)},
        {"frameOfInterest", lt_rect(1.0, 2.0, 3.0, 4.0)},
        {"tint", lt_color(0.1, 0.2, 0.3, 0.4)},
        {"warp", lt_transform(m)},
    };
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
        ASSERT_OK(lamina_engine_register_property(f->engine, props[i].key, &props[i].def));
    }
    lamina_layer_t later = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &later));
    const lamina_layer_t layers[] = {f->layer, later};
    for (size_t l = 0; l < 2; l++) {
        for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
            lamina_value_t v;
            LT_FILL(v);
            ASSERT_OK(lamina_layer_get_value(f->engine, layers[l], props[i].key, &v));
            assert_int_equal(v.type, props[i].def.type);
            assert_memory_equal(&v.u, &props[i].def.u, sizeof v.u.transform);
        }
    }
    double n = -1.0;
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "progress", 0.75));
    ASSERT_OK(lamina_layer_get_number(f->engine, f->layer, "progress", &n));
    ASSERT_DOUBLE_EQ(0.75, n);
    ASSERT_OK(lamina_layer_get_number(f->engine, later, "progress", &n));
    ASSERT_DOUBLE_EQ(0.25, n);

    /* Key paths into a custom struct-valued property work like built-in ones (CA-7.6). */
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "focus.y", 9.0));
    lamina_point_t p;
    ASSERT_OK(lamina_layer_get_point(f->engine, f->layer, "focus", &p));
    ASSERT_POINT_EQ(1.0, 9.0, p);
    ASSERT_OK(lamina_layer_get_number(f->engine, f->layer, "frameOfInterest.size.width", &n));
    ASSERT_DOUBLE_EQ(3.0, n);

    /* The property's type is fixed by its default. */
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_point(f->engine, f->layer, "progress", p));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(f->engine, f->layer, "progress.x", 1.0));
}

/* register_property errors (header): INVALID_ARGUMENT for NULL engine, NULL/empty/dotted key,
 * NULL default and non-finite numbers; MISUSE for a built-in or already registered key;
 * TYPE_MISMATCH for BOOL, STRING and NULL defaults; STALE_HANDLE for a destroyed engine. None
 * of the failures registers anything. */
static void register_property_rejects_bad_input(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    const lamina_value_t one = lt_number(1.0);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_register_property(NULL, "p", &one));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_register_property(f->engine, NULL, &one));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_register_property(f->engine, "", &one));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_register_property(f->engine, "a.b", &one));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_register_property(f->engine, ".", &one));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_register_property(f->engine, "p", NULL));

    lamina_transform3d_t nan_m = lt_identity();
    nan_m.m43 = NAN;
    const lamina_value_t non_finite[] = {
        lt_number(NAN), lt_number(INFINITY), lt_number(-INFINITY), lt_point(0.0, NAN),
        lt_size(INFINITY, 1.0), lt_rect(0, 0, 1, -INFINITY), lt_color(0, 0, NAN, 1), lt_transform(nan_m),
    };
    for (size_t i = 0; i < sizeof non_finite / sizeof non_finite[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                     lamina_engine_register_property(f->engine, "p", &non_finite[i]));
    }

    const lamina_value_t wrong_types[] = {lt_bool(LAMINA_TRUE), lt_string("text"), lt_null()};
    for (size_t i = 0; i < sizeof wrong_types / sizeof wrong_types[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH,
                     lamina_engine_register_property(f->engine, "p", &wrong_types[i]));
    }

    /* None of the above registered "p". */
    double n;
    LT_FILL(n);
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_number(f->engine, f->layer, "p", &n));
    ASSERT_UNTOUCHED(n);

    const char *builtins[] = {"opacity", "position", "bounds", "backgroundColor", "name", "transform",
                              "rasterizationScale"};
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_engine_register_property(f->engine, builtins[i], &one));
    }
    ASSERT_OK(lamina_engine_register_property(f->engine, "p", &one));
    const lamina_value_t two = lt_number(2.0);
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_engine_register_property(f->engine, "p", &two));
    /* The first registration stands, and built-ins keep their type. */
    ASSERT_OK(lamina_layer_get_number(f->engine, f->layer, "p", &n));
    ASSERT_DOUBLE_EQ(1.0, n);
    lamina_point_t pos;
    ASSERT_OK(lamina_layer_get_point(f->engine, f->layer, "position", &pos));

    /* The key is copied. */
    char key[] = "copied";
    ASSERT_OK(lamina_engine_register_property(f->engine, key, &two));
    key[0] = 'X';
    ASSERT_OK(lamina_layer_get_number(f->engine, f->layer, "copied", &n));
    ASSERT_DOUBLE_EQ(2.0, n);

    /* Registration is per engine. */
    lamina_engine_t *other = NULL;
    lamina_layer_t l2 = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_engine_create(&other));
    ASSERT_OK(lamina_layer_create(other, &l2));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_number(other, l2, "p", &n));
    ASSERT_OK(lamina_engine_destroy(other));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_register_property(other, "q", &one));
}

/* ------------------------------------------------------------------------------------------ */
/* Every engine-taking function with a NULL or a destroyed engine                             */
/* ------------------------------------------------------------------------------------------ */

static int g_freed;
static void count_free(void *userdata) {
    (void)userdata;
    g_freed++;
}
static void never_called(void *userdata) {
    (void)userdata;
    fail_msg("a completion registered on a NULL or destroyed engine ran");
}

/* Calls every function of the header that takes an engine (except create/destroy, tested
 * above) and expects `expected` from each, with every out-parameter left untouched. `layer` is
 * a handle that was valid in the engine (or any value for NULL). */
static void expect_every_engine_function(lamina_engine_t *e, lamina_layer_t layer,
                                         lamina_status_t expected) {
    const lamina_layer_t other = layer + 1;
    double d;
    lamina_layer_t l;
    size_t n;
    lamina_value_t v;
    lamina_point_t p;
    lamina_size_t sz;
    lamina_rect_t r;
    lamina_color_t c;
    lamina_transform3d_t m;
    lamina_bool_t b;
    lamina_timing_function_t tf;
    lamina_layer_t buffer[4];
    char name[16];
    const lamina_value_t number = lt_number(1.0);
    const lamina_point_t pt = {1.0, 2.0};
    const lamina_size_t size = {1.0, 2.0};
    const lamina_rect_t rect = {{1.0, 2.0}, {3.0, 4.0}};
    const lamina_color_t color = {1.0, 0.0, 0.0, 1.0};
    const lamina_transform3d_t identity = lt_identity();
    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));

#define EXPECT(call) ASSERT_FAILS(expected, call)
#define EXPECT_UNTOUCHED(out, call) \
    do {                            \
        LT_FILL(out);               \
        EXPECT(call);               \
        ASSERT_UNTOUCHED(out);      \
    } while (0)

    /* Engine */
    EXPECT(lamina_engine_tick(e, 1.0));
    EXPECT_UNTOUCHED(d, lamina_engine_get_time(e, &d));
    EXPECT(lamina_engine_register_property(e, "custom", &number));
    /* Layers and the tree */
    EXPECT_UNTOUCHED(l, lamina_layer_create(e, &l));
    EXPECT(lamina_layer_retain(e, layer));
    EXPECT(lamina_layer_release(e, layer));
    EXPECT(lamina_layer_add_sublayer(e, layer, other));
    EXPECT(lamina_layer_insert_sublayer_at(e, layer, other, 0));
    EXPECT(lamina_layer_insert_sublayer_above(e, layer, other, other + 1));
    EXPECT(lamina_layer_insert_sublayer_below(e, layer, other, other + 1));
    EXPECT(lamina_layer_remove_from_superlayer(e, layer));
    EXPECT(lamina_layer_replace_sublayer(e, layer, other, other + 1));
    EXPECT_UNTOUCHED(l, lamina_layer_get_superlayer(e, layer, &l));
    LT_FILL(buffer);
    EXPECT_UNTOUCHED(n, lamina_layer_get_sublayers(e, layer, buffer, 4, &n));
    ASSERT_UNTOUCHED(buffer);
    /* Properties */
    EXPECT(lamina_layer_set_value(e, layer, "opacity", &number));
    EXPECT_UNTOUCHED(v, lamina_layer_get_value(e, layer, "opacity", &v));
    EXPECT(lamina_layer_set_number(e, layer, "opacity", 0.5));
    EXPECT_UNTOUCHED(d, lamina_layer_get_number(e, layer, "opacity", &d));
    EXPECT(lamina_layer_set_point(e, layer, "position", pt));
    EXPECT_UNTOUCHED(p, lamina_layer_get_point(e, layer, "position", &p));
    EXPECT(lamina_layer_set_size(e, layer, "shadowOffset", size));
    EXPECT_UNTOUCHED(sz, lamina_layer_get_size(e, layer, "shadowOffset", &sz));
    EXPECT(lamina_layer_set_rect(e, layer, "bounds", rect));
    EXPECT_UNTOUCHED(r, lamina_layer_get_rect(e, layer, "bounds", &r));
    EXPECT(lamina_layer_set_color(e, layer, "borderColor", color));
    EXPECT_UNTOUCHED(c, lamina_layer_get_color(e, layer, "borderColor", &c));
    EXPECT(lamina_layer_set_transform(e, layer, "transform", identity));
    EXPECT_UNTOUCHED(m, lamina_layer_get_transform(e, layer, "transform", &m));
    EXPECT(lamina_layer_set_bool(e, layer, "hidden", LAMINA_TRUE));
    EXPECT_UNTOUCHED(b, lamina_layer_get_bool(e, layer, "hidden", &b));
    EXPECT(lamina_layer_set_name(e, layer, "name"));
    EXPECT(lamina_layer_set_name(e, layer, NULL));
    LT_FILL(name);
    EXPECT_UNTOUCHED(n, lamina_layer_get_name(e, layer, name, sizeof name, &n));
    ASSERT_UNTOUCHED(name);
    EXPECT(lamina_layer_set_position(e, layer, pt));
    EXPECT_UNTOUCHED(p, lamina_layer_get_position(e, layer, &p));
    EXPECT(lamina_layer_set_bounds(e, layer, rect));
    EXPECT_UNTOUCHED(r, lamina_layer_get_bounds(e, layer, &r));
    EXPECT(lamina_layer_set_opacity(e, layer, 0.5));
    EXPECT_UNTOUCHED(d, lamina_layer_get_opacity(e, layer, &d));
    /* Actions */
    EXPECT(lamina_layer_set_action_none(e, layer, "opacity"));
    EXPECT(lamina_layer_remove_action(e, layer, "opacity"));
    /* Presentation */
    EXPECT_UNTOUCHED(b, lamina_layer_has_presentation(e, layer, &b));
    EXPECT_UNTOUCHED(v, lamina_layer_get_presentation_value(e, layer, "opacity", &v));
    EXPECT_UNTOUCHED(v, lamina_layer_get_presentation_value_at(e, layer, "opacity", 0.5, &v));
    /* Transactions */
    EXPECT(lamina_transaction_begin(e));
    EXPECT(lamina_transaction_commit(e));
    EXPECT(lamina_transaction_flush(e));
    EXPECT(lamina_transaction_set_duration(e, 1.0));
    EXPECT_UNTOUCHED(d, lamina_transaction_get_duration(e, &d));
    EXPECT(lamina_transaction_set_timing_function(e, &linear));
    EXPECT(lamina_transaction_set_timing_function(e, NULL));
    LT_FILL(tf);
    EXPECT_UNTOUCHED(b, lamina_transaction_get_timing_function(e, &tf, &b));
    ASSERT_UNTOUCHED(tf);
    EXPECT(lamina_transaction_set_disable_actions(e, LAMINA_TRUE));
    EXPECT_UNTOUCHED(b, lamina_transaction_get_disable_actions(e, &b));
    /* The free function runs at once, exactly once; the callback never runs. */
    g_freed = 0;
    EXPECT(lamina_transaction_set_completion(e, never_called, &g_freed, count_free));
    assert_int_equal(g_freed, 1);
    EXPECT(lamina_transaction_set_completion(e, never_called, NULL, NULL));
    EXPECT_UNTOUCHED(b, lamina_transaction_has_completion(e, &b));
    EXPECT(lamina_transaction_set_value(e, "key", &number));
    EXPECT(lamina_transaction_set_value(e, "key", NULL));
    EXPECT_UNTOUCHED(v, lamina_transaction_get_value(e, "key", &v));
#undef EXPECT
#undef EXPECT_UNTOUCHED
}

/* A NULL engine is INVALID_ARGUMENT for every function that takes one. */
static void every_function_rejects_a_null_engine(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    expect_every_engine_function(NULL, f->layer, LAMINA_STATUS_INVALID_ARGUMENT);
}

/* A destroyed engine is STALE_HANDLE for every function that takes one, with a layer handle that
 * was valid in it (the header: "a destroyed engine's pointer is also detected"). */
static void every_function_rejects_a_destroyed_engine(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_engine_t *dead = NULL;
    lamina_layer_t layer = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_engine_create(&dead));
    ASSERT_OK(lamina_layer_create(dead, &layer));
    ASSERT_OK(lamina_engine_tick(dead, 0.0));
    ASSERT_OK(lamina_engine_destroy(dead));
    expect_every_engine_function(dead, layer, LAMINA_STATUS_STALE_HANDLE);
    /* The other engine is not affected. */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_bool_t has = LAMINA_FALSE;
    ASSERT_OK(lamina_layer_has_presentation(f->engine, f->layer, &has));
    assert_int_equal(has, LAMINA_TRUE);
}

/* Many engines created and destroyed: every stale pointer stays detected. */
static void many_destroyed_engines_stay_detected(void **state) {
    (void)state;
    lamina_engine_t *dead[64];
    for (int i = 0; i < 64; i++) dead[i] = lt_stale_engine();
    for (int i = 0; i < 64; i++) ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_tick(dead[i], 1.0));
}

/* ------------------------------------------------------------------------------------------ */
/* Re-entrancy: callbacks may call anything except tick/destroy on their own engine             */
/* ------------------------------------------------------------------------------------------ */

typedef struct reentry_probe {
    lamina_engine_t *engine;
    lamina_engine_t *other;
    int ran;
    lamina_status_t tick_status;
    lamina_status_t tick_last_status;
    char tick_message[256];
    lamina_status_t destroy_status;
    lamina_status_t destroy_last_status;
    char destroy_message[256];
    lamina_status_t other_tick_status;
    lamina_status_t set_status;
    lamina_status_t get_time_status;
} reentry_probe_t;

static void reentrant_completion(void *userdata) {
    reentry_probe_t *p = (reentry_probe_t *)userdata;
    p->ran++;
    p->tick_status = lamina_engine_tick(p->engine, 5.0);
    p->tick_last_status = lamina_last_error_status();
    snprintf(p->tick_message, sizeof p->tick_message, "%s", lamina_last_error_message());
    p->destroy_status = lamina_engine_destroy(p->engine);
    p->destroy_last_status = lamina_last_error_status();
    snprintf(p->destroy_message, sizeof p->destroy_message, "%s", lamina_last_error_message());
    /* Allowed: another engine's tick, and other functions on this engine. */
    p->other_tick_status = lamina_engine_tick(p->other, 3.0);
    double t = 0.0;
    p->get_time_status = lamina_engine_get_time(p->engine, &t);
    lamina_layer_t l = LAMINA_LAYER_NONE;
    p->set_status = lamina_layer_create(p->engine, &l);
}

/* R2/R12 and the header: a completion calling lamina_engine_tick or lamina_engine_destroy on its
 * own engine gets MISUSE (reported in the last error), and the engine survives; it may tick
 * another engine and call other functions on its own. */
static void completion_cannot_tick_or_destroy_its_own_engine(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    reentry_probe_t probe;
    memset(&probe, 0, sizeof probe);
    probe.engine = f->engine;
    ASSERT_OK(lamina_engine_create(&probe.other));

    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, reentrant_completion, &probe, NULL));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    assert_int_equal(probe.ran, 1);

    assert_int_equal(probe.tick_status, LAMINA_STATUS_MISUSE);
    assert_int_equal(probe.tick_last_status, LAMINA_STATUS_MISUSE);
    assert_true(probe.tick_message[0] != '\0');
    assert_int_equal(probe.destroy_status, LAMINA_STATUS_MISUSE);
    assert_int_equal(probe.destroy_last_status, LAMINA_STATUS_MISUSE);
    assert_true(probe.destroy_message[0] != '\0');
    assert_int_equal(probe.other_tick_status, LAMINA_STATUS_OK);
    assert_int_equal(probe.get_time_status, LAMINA_STATUS_OK);
    assert_int_equal(probe.set_status, LAMINA_STATUS_OK);

    /* The engine is alive and its time is the outer tick's (the nested tick did nothing). */
    double t = -1.0;
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    ASSERT_DOUBLE_EQ(1.0, t);
    ASSERT_OK(lamina_engine_get_time(probe.other, &t));
    ASSERT_DOUBLE_EQ(3.0, t);
    /* After the callbacks, ticking and destroying work again. */
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    assert_int_equal(probe.ran, 1);
    ASSERT_OK(lamina_engine_destroy(probe.other));
}

typedef struct cross_thread {
    lamina_engine_t *engine;
    sem_t in_callback;
    sem_t release_callback;
    lamina_status_t thread_tick_status;
    pthread_t callback_thread;
} cross_thread_t;

static void blocking_completion(void *userdata) {
    cross_thread_t *c = (cross_thread_t *)userdata;
    c->callback_thread = pthread_self();
    sem_post(&c->in_callback);
    while (sem_wait(&c->release_callback) != 0) {
    }
}

static void *ticking_thread(void *arg) {
    cross_thread_t *c = (cross_thread_t *)arg;
    c->thread_tick_status = lamina_engine_tick(c->engine, 1.0);
    return NULL;
}

/* R12: one thread ticks an engine at a time: a tick from another thread while one is ticking
 * (here: running its callbacks) is MISUSE; other calls are fine meanwhile. Callbacks run on the
 * thread that called lamina_engine_tick (here not the one that set and committed them). */
static void tick_while_another_thread_ticks_is_misuse(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    cross_thread_t c;
    memset(&c, 0, sizeof c);
    c.engine = f->engine;
    assert_int_equal(sem_init(&c.in_callback, 0, 0), 0);
    assert_int_equal(sem_init(&c.release_callback, 0, 0), 0);

    /* The completion is set on the main thread's stack; the main thread commits it. */
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_completion(f->engine, blocking_completion, &c, NULL));
    ASSERT_OK(lamina_transaction_commit(f->engine));

    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, ticking_thread, &c), 0);
    while (sem_wait(&c.in_callback) != 0) {
    }
    assert_true(pthread_equal(c.callback_thread, thread));
    assert_false(pthread_equal(c.callback_thread, pthread_self()));
    /* The other thread is inside tick (in the callback). */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_engine_tick(f->engine, 2.0));
    double t = -1.0;
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    ASSERT_DOUBLE_EQ(1.0, t);
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    sem_post(&c.release_callback);
    assert_int_equal(pthread_join(thread, NULL), 0);
    assert_int_equal(c.thread_tick_status, LAMINA_STATUS_OK);

    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    sem_destroy(&c.in_callback);
    sem_destroy(&c.release_callback);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(engine_create_gives_distinct_engines_at_time_zero),
        LT_TEST(engine_destroy_rejects_null_and_double_destroy),
        LT_TEST(engine_destroy_releases_a_busy_engine),
        LT_TEST(engine_time_follows_ticks_including_backwards),
        LT_TEST(engine_tick_rejects_non_finite_times),
        LT_TEST(engine_get_time_rejects_null),
        LT_TEST(register_property_accepts_every_animatable_type),
        LT_TEST(register_property_rejects_bad_input),
        LT_TEST(every_function_rejects_a_null_engine),
        LT_TEST(every_function_rejects_a_destroyed_engine),
        LT_TEST(many_destroyed_engines_stay_detected),
        LT_TEST(completion_cannot_tick_or_destroy_its_own_engine),
        LT_TEST(tick_while_another_thread_ticks_is_misuse),
    };
    return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
