/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Explicit animations on layers from C (issue 3; CA-1.10, CA-5, CA-7 to CA-11, CA-16): adding
 * (copies, keys, replacement, durations from the transaction), value-type checks, removal,
 * delegates (start at the begin time, stop with finished), evaluation of every kind over the
 * presentation, fill modes, repeats, timing introspection, transitions' state and "before"
 * values, groups, layer time conversions, and the failure paths of every layer function.
 */
#include "lamina_test_support.h"

static const double kPi = 3.14159265358979323846;

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/* Gives the fixture layer bounds and commits it at time 0 (CA-1.2: it then has a presentation). */
static void commit_layer(lt_fixture_t *f) {
    ASSERT_OK(lamina_layer_set_bounds(f->engine, f->layer, (lamina_rect_t){{0, 0}, {100, 100}}));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
}

/* A basic animation of `key_path` from `from` to `to` over `duration` seconds. */
static lamina_animation_t *basic_numbers(const char *key_path, double from, double to, double duration) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic(key_path, &a));
    lamina_value_t vf = lt_number(from), vt = lt_number(to);
    ASSERT_OK(lamina_animation_set_from_value(a, &vf));
    ASSERT_OK(lamina_animation_set_to_value(a, &vt));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = duration;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    return a;
}

/* Changes one media-timing field through get/set. */
static lamina_media_timing_t timing_of(const lamina_animation_t *a) {
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &t));
    return t;
}

/* Adds and releases: the layer keeps its own copy (CA-11.1). */
static void add_and_release(lt_fixture_t *f, lamina_layer_t layer, lamina_animation_t *a, const char *key) {
    ASSERT_OK(lamina_layer_add_animation(f->engine, layer, a, key));
    ASSERT_OK(lamina_animation_release(a));
}

static size_t animation_count(lt_fixture_t *f, lamina_layer_t layer) {
    size_t n = 999;
    ASSERT_OK(lamina_layer_get_animation_count(f->engine, layer, &n));
    return n;
}

/* The animation keys joined with ',' into buf. */
static const char *animation_keys(lt_fixture_t *f, lamina_layer_t layer, char *buf, size_t cap) {
    size_t n = animation_count(f, layer);
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char key[64];
        size_t len = 0;
        ASSERT_OK(lamina_layer_get_animation_key(f->engine, layer, i, key, sizeof key, &len));
        assert_true(len < sizeof key);
        if (i > 0) strncat(buf, ",", cap - strlen(buf) - 1);
        strncat(buf, key, cap - strlen(buf) - 1);
    }
    return buf;
}

static lamina_point_t presented_point_at(lt_fixture_t *f, const char *key, double t) {
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value_at(f->engine, f->layer, key, t, &v));
    assert_int_equal(v.type, LAMINA_VALUE_POINT);
    return v.u.point;
}

static void set_without_actions(lt_fixture_t *f, void (*body)(lt_fixture_t *)) {
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    body(f);
    ASSERT_OK(lamina_transaction_commit(f->engine));
}

/* Delegate events, in order, as "start KEY;stop KEY FINISHED;" (NULL keys as "(null)"). */
typedef struct event_log {
    char text[1024];
    int starts;
    int stops;
    int frees;
    lamina_layer_t last_layer;
    /* For the re-entrancy test. */
    lamina_engine_t *engine;
    lamina_status_t tick_status;
    lamina_status_t destroy_status;
    lamina_status_t add_status;
    double presented;
} event_log_t;

static void log_start(void *userdata, lamina_layer_t layer, const char *key) {
    event_log_t *log = (event_log_t *)userdata;
    char line[96];
    snprintf(line, sizeof line, "start %s;", key ? key : "(null)");
    strncat(log->text, line, sizeof log->text - strlen(log->text) - 1);
    log->starts++;
    log->last_layer = layer;
}

static void log_stop(void *userdata, lamina_layer_t layer, const char *key, lamina_bool_t finished) {
    event_log_t *log = (event_log_t *)userdata;
    char line[96];
    snprintf(line, sizeof line, "stop %s %u;", key ? key : "(null)", (unsigned)finished);
    strncat(log->text, line, sizeof log->text - strlen(log->text) - 1);
    log->stops++;
    log->last_layer = layer;
}

static void log_free(void *userdata) { ((event_log_t *)userdata)->frees++; }

static const lamina_animation_delegate_t kLogging = {log_start, log_stop};

/* ------------------------------------------------------------------------------------------ */
/* Adding: failures                                                                            */
/* ------------------------------------------------------------------------------------------ */

static void layer_functions_refuse_bad_engines_layers_and_pointers(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 1);
    lamina_engine_t *stale = lt_stale_engine();
    lamina_animation_t *out = NULL;
    lamina_animation_timing_t timing;
    lamina_transition_state_t ts;
    lamina_bool_t active = 0;
    lamina_value_t v;
    size_t n = 0;
    char buf[16];
    double d = 0;

    lamina_engine_t *engines[2] = {NULL, stale};
    lamina_status_t expected[2] = {LAMINA_STATUS_INVALID_ARGUMENT, LAMINA_STATUS_STALE_HANDLE};
    for (int i = 0; i < 2; i++) {
        lamina_engine_t *e = engines[i];
        lamina_status_t s = expected[i];
        ASSERT_FAILS(s, lamina_layer_add_animation(e, f->layer, a, "k"));
        ASSERT_FAILS(s, lamina_layer_copy_animation(e, f->layer, "k", &out));
        ASSERT_FAILS(s, lamina_layer_get_animation_count(e, f->layer, &n));
        ASSERT_FAILS(s, lamina_layer_get_animation_key(e, f->layer, 0, buf, sizeof buf, &n));
        ASSERT_FAILS(s, lamina_layer_remove_animation(e, f->layer, "k"));
        ASSERT_FAILS(s, lamina_layer_remove_all_animations(e, f->layer));
        ASSERT_FAILS(s, lamina_layer_get_animation_timing(e, f->layer, "k", &timing));
        ASSERT_FAILS(s, lamina_layer_get_animation_timing_at(e, f->layer, "k", 0, &timing));
        ASSERT_FAILS(s, lamina_layer_get_transition(e, f->layer, 0, &ts, &active));
        ASSERT_FAILS(s, lamina_layer_get_transition_before_value(e, f->layer, "opacity", 0, &v));
        ASSERT_FAILS(s, lamina_layer_convert_time(e, f->layer, LAMINA_LAYER_NONE, 0, &d));
    }

    lamina_layer_t bad[32];
    size_t nbad = lt_bad_handles(f->engine, bad, 32, 8);
    for (size_t i = 0; i < nbad; i++) {
        const lamina_layer_t l = bad[i];
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_add_animation(f->engine, l, a, "k"));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_copy_animation(f->engine, l, "k", &out));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_animation_count(f->engine, l, &n));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_animation_key(f->engine, l, 0, buf, sizeof buf, &n));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_remove_animation(f->engine, l, "k"));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_remove_all_animations(f->engine, l));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_animation_timing(f->engine, l, "k", &timing));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_animation_timing_at(f->engine, l, "k", 0, &timing));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_transition(f->engine, l, 0, &ts, &active));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                     lamina_layer_get_transition_before_value(f->engine, l, "opacity", 0, &v));
        if (l != LAMINA_LAYER_NONE) { /* NONE is engine time for convert_time */
            ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_convert_time(f->engine, l, f->layer, 0, &d));
            ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_convert_time(f->engine, f->layer, l, 0, &d));
        }
    }

    /* NULL animation, key or out-pointer; non-finite times. */
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_add_animation(f->engine, f->layer, NULL, "k"));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_copy_animation(f->engine, f->layer, NULL, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_copy_animation(f->engine, f->layer, "k", NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_animation_count(f->engine, f->layer, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_animation_key(f->engine, f->layer, 0, buf, 4, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_remove_animation(f->engine, f->layer, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_animation_timing(f->engine, f->layer, NULL, &timing));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_animation_timing(f->engine, f->layer, "k", NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_get_animation_timing_at(f->engine, f->layer, "k", NAN, &timing));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_get_animation_timing_at(f->engine, f->layer, "k", INFINITY, &timing));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_transition(f->engine, f->layer, NAN, &ts, &active));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_transition(f->engine, f->layer, 0, NULL, &active));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_transition(f->engine, f->layer, 0, &ts, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_get_transition_before_value(f->engine, f->layer, NULL, 0, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_get_transition_before_value(f->engine, f->layer, "opacity", 0, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_get_transition_before_value(f->engine, f->layer, "opacity", NAN, &v));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_time(f->engine, f->layer, LAMINA_LAYER_NONE, NAN, &d));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_time(f->engine, f->layer, LAMINA_LAYER_NONE, -INFINITY, &d));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layer_convert_time(f->engine, f->layer, LAMINA_LAYER_NONE, 0, NULL));
    assert_null(out);
    assert_int_equal(animation_count(f, f->layer), 0);
    ASSERT_OK(lamina_animation_release(a));
}

/* Key paths resolve when added (UNKNOWN_KEY, also inside groups); values are checked against
 * the property (TYPE_MISMATCH); a property animation needs a key path. Nothing is attached. */
static void add_checks_key_paths_and_value_types(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_value_t red = lt_color(1, 0, 0, 1), nil = lt_null(), one = lt_number(1), pt = lt_point(1, 2);

    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_animation_create_basic("nonsense", &a));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_add_animation(f->engine, f->layer, a, "k"));
    ASSERT_OK(lamina_animation_set_key_path(a, "position.q"));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_add_animation(f->engine, f->layer, a, "k"));
    ASSERT_OK(lamina_animation_set_key_path(a, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_add_animation(f->engine, f->layer, a, "k"));

    /* opacity is a number: a colour does not fit, in from, to or by. */
    ASSERT_OK(lamina_animation_set_key_path(a, "opacity"));
    ASSERT_OK(lamina_animation_set_to_value(a, &red));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_add_animation(f->engine, f->layer, a, "k"));
    ASSERT_OK(lamina_animation_set_to_value(a, NULL));
    ASSERT_OK(lamina_animation_set_by_value(a, &pt));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_add_animation(f->engine, f->layer, a, "k"));
    /* position is a point; position.x a number. */
    ASSERT_OK(lamina_animation_set_by_value(a, NULL));
    ASSERT_OK(lamina_animation_set_key_path(a, "position"));
    ASSERT_OK(lamina_animation_set_from_value(a, &one));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_add_animation(f->engine, f->layer, a, "k"));
    ASSERT_OK(lamina_animation_set_key_path(a, "position.x"));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "x"));
    /* A nil colour is a colour property's value (CA-13.3). */
    ASSERT_OK(lamina_animation_set_key_path(a, "backgroundColor"));
    ASSERT_OK(lamina_animation_set_from_value(a, &nil));
    ASSERT_OK(lamina_animation_set_to_value(a, &red));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "bg"));
    /* A transform takes numbers through a value function only (CA-7.5). */
    ASSERT_OK(lamina_animation_set_key_path(a, "transform"));
    ASSERT_OK(lamina_animation_set_from_value(a, &one));
    ASSERT_OK(lamina_animation_set_to_value(a, &one));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_add_animation(f->engine, f->layer, a, "t"));
    ASSERT_OK(lamina_animation_set_value_function(a, LAMINA_VALUE_FUNCTION_ROTATE_Z));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "t"));
    ASSERT_OK(lamina_animation_release(a));

    /* Keyframe values; a path needs a point property. */
    lamina_animation_t *k = NULL;
    ASSERT_OK(lamina_animation_create_keyframe("opacity", &k));
    const lamina_value_t mixed[2] = {lt_number(0), lt_point(1, 1)};
    ASSERT_OK(lamina_animation_set_keyframe_values(k, mixed, 2));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_add_animation(f->engine, f->layer, k, "k"));
    lamina_path_element_t path[2];
    memset(path, 0, sizeof path);
    path[0].type = LAMINA_PATH_MOVE;
    path[1].type = LAMINA_PATH_LINE;
    path[1].points[0] = (lamina_point_t){10, 10};
    ASSERT_OK(lamina_animation_set_path(k, path, 2));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_add_animation(f->engine, f->layer, k, "k"));
    ASSERT_OK(lamina_animation_set_key_path(k, "position"));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, k, "path"));

    /* Groups check their children. */
    lamina_animation_t *g = NULL, *bad_child = NULL;
    ASSERT_OK(lamina_animation_create_group(&g));
    ASSERT_OK(lamina_animation_create_basic("nonsense", &bad_child));
    ASSERT_OK(lamina_animation_group_add(g, bad_child));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_add_animation(f->engine, f->layer, g, "g"));
    ASSERT_OK(lamina_animation_group_remove_all(g));
    ASSERT_OK(lamina_animation_set_key_path(bad_child, "opacity"));
    ASSERT_OK(lamina_animation_set_to_value(bad_child, &red));
    ASSERT_OK(lamina_animation_group_add(g, bad_child));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_add_animation(f->engine, f->layer, g, "g"));

    /* A registered custom property is known to its engine (CA-3.16). */
    lamina_value_t zero = lt_number(0);
    ASSERT_OK(lamina_engine_register_property(f->engine, "glow", &zero));
    lamina_animation_t *glow = basic_numbers("glow", 0, 1, 1);
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, glow, "glow"));

    char buf[128];
    assert_string_equal(animation_keys(f, f->layer, buf, sizeof buf), "x,bg,t,path,glow");
    ASSERT_OK(lamina_animation_release(glow));
    ASSERT_OK(lamina_animation_release(k));
    ASSERT_OK(lamina_animation_release(g));
    ASSERT_OK(lamina_animation_release(bad_child));
}

/* ------------------------------------------------------------------------------------------ */
/* Adding, keys, copies, removal (CA-11)                                                        */
/* ------------------------------------------------------------------------------------------ */

/* CA-6.4, CA-7.1: from -> to, linear by default, at several times. */
static void basic_from_to_is_linear_by_default(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    add_and_release(f, f->layer, basic_numbers("opacity", 1, 0, 1), "fade");
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    const double times[] = {0, 0.25, 0.5, 0.99};
    for (size_t i = 0; i < 4; i++)
        ASSERT_NEAR(1 - times[i], lt_presented_number_at(f->engine, f->layer, "opacity", times[i]), 1e-12);
    /* With a timing function, the curve's progress (CA-6.3). */
    lamina_animation_t *eased = basic_numbers("opacity", 0, 1, 1);
    lamina_timing_function_t ease_in;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_EASE_IN, &ease_in));
    ASSERT_OK(lamina_animation_set_timing_function(eased, &ease_in));
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    add_and_release(f, f->layer, eased, "fade"); /* begins at the engine time it commits in: 1 */
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    ASSERT_NEAR(lt_ease(LAMINA_TIMING_EASE_IN, 0.5), lt_presented_number_at(f->engine, f->layer, "opacity", 1.5), 1e-9);
}

/* CA-11.2, CA-2.12: a duration <= 0 takes the transaction's when added; 0.25 s by default. */
static void a_zero_duration_takes_the_transactions(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 2));
    add_and_release(f, f->layer, basic_numbers("opacity", 1, 0, 0), "in-transaction");
    add_and_release(f, f->layer, basic_numbers("opacity", 1, 0, -3), "negative");
    ASSERT_OK(lamina_transaction_commit(f->engine));
    add_and_release(f, f->layer, basic_numbers("opacity", 1, 0, 0), "default");

    const char *keys[] = {"in-transaction", "negative", "default"};
    const double expected[] = {2, 2, 0.25};
    for (int i = 0; i < 3; i++) {
        lamina_animation_t *copy = NULL;
        ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, keys[i], &copy));
        ASSERT_DOUBLE_EQ(expected[i], timing_of(copy).duration);
        ASSERT_OK(lamina_animation_release(copy));
    }
}

/* CA-11.1, CA-11.5: the layer holds a copy; lamina_layer_copy_animation returns a copy of the
 * attached one, with the duration filled in and, once committed, the begin time resolved. */
static void adding_copies_and_the_attached_copy_can_be_read(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_engine_tick(f->engine, 3));
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 1);
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "fade"));
    lamina_value_t half = lt_number(0.5);
    ASSERT_OK(lamina_animation_set_to_value(a, &half)); /* no effect on the attached copy */

    lamina_animation_t *copy = NULL;
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, "fade", &copy));
    assert_ptr_not_equal(copy, a);
    ASSERT_DOUBLE_EQ(0.0, timing_of(copy).begin_time); /* not committed yet: "now" (CA-5.3) */
    ASSERT_OK(lamina_engine_tick(f->engine, 3));
    ASSERT_NEAR(0.5, lt_presented_number_at(f->engine, f->layer, "opacity", 3.5), 1e-12);

    lamina_value_t to;
    ASSERT_OK(lamina_animation_get_to_value(copy, &to));
    ASSERT_DOUBLE_EQ(0.0, to.u.number);
    ASSERT_OK(lamina_animation_set_to_value(copy, &half)); /* changing the copy changes nothing */
    ASSERT_OK(lamina_animation_release(copy));
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, "fade", &copy));
    ASSERT_DOUBLE_EQ(3.0, timing_of(copy).begin_time); /* resolved at the commit */
    ASSERT_OK(lamina_animation_get_to_value(copy, &to));
    ASSERT_DOUBLE_EQ(0.0, to.u.number);
    ASSERT_OK(lamina_animation_release(copy));

    lamina_animation_t *none = NULL;
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_copy_animation(f->engine, f->layer, "missing", &none));
    /* CA-11.5: an implicit animation reads as the basic animation Core Animation attaches. */
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "cornerRadius", 4));
    char buf[64];
    assert_string_equal(animation_keys(f, f->layer, buf, sizeof buf), "fade,cornerRadius");
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, "cornerRadius", &none));
    ASSERT_OK(lamina_animation_get_to_value(none, &to));
    ASSERT_DOUBLE_EQ(4.0, to.u.number);
    ASSERT_DOUBLE_EQ(0.25, timing_of(none).duration);
    ASSERT_OK(lamina_animation_release(none));
    ASSERT_OK(lamina_animation_release(a));
}

/* CA-11.3, CA-11.6, R8: keys in order; a replaced key moves to the end; unnamed animations are
 * not listed; a transition added without a key is "transition". */
static void animation_keys_list_in_order(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    char buf[128];
    assert_string_equal(animation_keys(f, f->layer, buf, sizeof buf), "");
    add_and_release(f, f->layer, basic_numbers("opacity", 1, 0, 1), "a");
    add_and_release(f, f->layer, basic_numbers("position.x", 0, 5, 1), "b");
    add_and_release(f, f->layer, basic_numbers("cornerRadius", 0, 5, 1), NULL);
    add_and_release(f, f->layer, basic_numbers("cornerRadius", 0, 5, 1), "");
    lamina_animation_t *t = NULL;
    ASSERT_OK(lamina_animation_create_transition(LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_LEFT, &t));
    add_and_release(f, f->layer, t, NULL);
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    assert_string_equal(animation_keys(f, f->layer, buf, sizeof buf), "a,b,transition");
    add_and_release(f, f->layer, basic_numbers("opacity", 0, 1, 1), "a");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    assert_string_equal(animation_keys(f, f->layer, buf, sizeof buf), "b,transition,a");

    /* Truncation, lengths, bounds. */
    char small[4];
    size_t len = 0;
    ASSERT_OK(lamina_layer_get_animation_key(f->engine, f->layer, 1, small, sizeof small, &len));
    assert_string_equal(small, "tra");
    assert_int_equal(len, strlen("transition"));
    ASSERT_OK(lamina_layer_get_animation_key(f->engine, f->layer, 1, NULL, 0, &len));
    assert_int_equal(len, strlen("transition"));
    len = 77;
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_get_animation_key(f->engine, f->layer, 3, small, sizeof small, &len));
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND,
                 lamina_layer_get_animation_key(f->engine, f->layer, SIZE_MAX, small, sizeof small, &len));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_animation_key(f->engine, f->layer, 0, NULL, 4, &len));
    assert_int_equal(len, 77);
}

/* CA-11.7: removal is immediate and the presentation falls back; a missing key is no error. */
static void removal_is_immediate(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_remove_animation(f->engine, f->layer, "missing"));
    add_and_release(f, f->layer, basic_numbers("opacity", 1, 0, 1), "fade");
    add_and_release(f, f->layer, basic_numbers("position.x", 0, 100, 1), "slide");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_NEAR(0.5, lt_presented_number(f->engine, f->layer, "opacity"), 1e-12);
    ASSERT_OK(lamina_layer_remove_animation(f->engine, f->layer, "fade"));
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number(f->engine, f->layer, "opacity"));
    assert_int_equal(animation_count(f, f->layer), 1);
    ASSERT_OK(lamina_layer_remove_all_animations(f->engine, f->layer));
    assert_int_equal(animation_count(f, f->layer), 0);
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "position.x"));
    ASSERT_OK(lamina_layer_remove_all_animations(f->engine, f->layer)); /* none left: fine */
}

/* ------------------------------------------------------------------------------------------ */
/* Delegates (CA-11.4, CA-11.8)                                                                */
/* ------------------------------------------------------------------------------------------ */

/* did_start when the active period begins (not when added); did_stop(1) at the natural end. */
static void did_start_at_the_begin_time_and_did_stop_finished(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    event_log_t log;
    memset(&log, 0, sizeof log);
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 1);
    lamina_media_timing_t t = timing_of(a);
    t.begin_time = 2;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    ASSERT_OK(lamina_animation_set_delegate(a, &kLogging, &log, log_free));
    add_and_release(f, f->layer, a, "fade");
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    assert_string_equal(log.text, "");
    ASSERT_OK(lamina_engine_tick(f->engine, 2));
    assert_string_equal(log.text, "start fade;");
    assert_true(log.last_layer == f->layer);
    ASSERT_OK(lamina_engine_tick(f->engine, 3));
    assert_string_equal(log.text, "start fade;stop fade 1;");
    assert_int_equal(log.frees, 1); /* the last copy went with the animation */
    assert_int_equal(animation_count(f, f->layer), 0);
}

/* R8, CA-11.4: replacing a key stops the old animation with finished 0. */
static void replacement_stops_the_old_animation_unfinished(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    event_log_t log;
    memset(&log, 0, sizeof log);
    lamina_animation_t *first = basic_numbers("opacity", 1, 0, 1);
    ASSERT_OK(lamina_animation_set_delegate(first, &kLogging, &log, log_free));
    add_and_release(f, f->layer, first, "fade");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    add_and_release(f, f->layer, basic_numbers("opacity", 0, 1, 1), "fade");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2));
    assert_string_equal(log.text, "start fade;stop fade 0;");
    assert_int_equal(log.frees, 1);
    ASSERT_NEAR(0.1, lt_presented_number(f->engine, f->layer, "opacity"), 1e-12); /* the new one */
}

/* CA-11.7: removal stops with finished 0 at the next tick; unnamed animations report a NULL
 * key, a transition added without one "transition" (CA-10.4). */
static void removal_stops_unfinished_and_unnamed_keys_are_null(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    event_log_t log;
    memset(&log, 0, sizeof log);
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 1);
    ASSERT_OK(lamina_animation_set_delegate(a, &kLogging, &log, log_free));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, NULL));
    lamina_animation_t *t = NULL;
    ASSERT_OK(lamina_animation_create_transition(LAMINA_TRANSITION_FADE, LAMINA_TRANSITION_SUBTYPE_NONE, &t));
    ASSERT_OK(lamina_animation_set_delegate(t, &kLogging, &log, NULL));
    lamina_media_timing_t one_second = LAMINA_MEDIA_TIMING_INIT;
    one_second.duration = 1;
    ASSERT_OK(lamina_animation_set_media_timing(t, &one_second));
    add_and_release(f, f->layer, t, NULL);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    assert_string_equal(log.text, "start (null);start transition;");
    ASSERT_OK(lamina_layer_remove_all_animations(f->engine, f->layer));
    assert_string_equal(log.text, "start (null);start transition;"); /* at the next tick */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.6));
    assert_string_equal(log.text, "start (null);start transition;stop (null) 0;stop transition 0;");
    assert_int_equal(log.frees, 0); /* `a` still holds the registration */
    ASSERT_OK(lamina_animation_release(a));
    assert_int_equal(log.frees, 1);
}

/* free_userdata exactly once: one registration shared by the host's animation and the copies
 * attached to two layers; and when the engine is destroyed first, without did_stop. */
static void free_userdata_runs_exactly_once(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_layer_t second = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &second));
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    event_log_t log;
    memset(&log, 0, sizeof log);
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 1);
    ASSERT_OK(lamina_animation_set_delegate(a, &kLogging, &log, log_free));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "fade"));
    ASSERT_OK(lamina_layer_add_animation(f->engine, second, a, "fade"));
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_engine_tick(f->engine, 0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    assert_int_equal(log.starts, 2);
    assert_int_equal(log.frees, 0);
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    assert_int_equal(log.stops, 2);
    assert_int_equal(log.frees, 1);
    ASSERT_OK(lamina_engine_tick(f->engine, 2));
    assert_int_equal(log.frees, 1);

    /* The engine goes first: no callback, one free. */
    event_log_t log2;
    memset(&log2, 0, sizeof log2);
    lamina_animation_t *b = basic_numbers("opacity", 1, 0, 10);
    ASSERT_OK(lamina_animation_set_delegate(b, &kLogging, &log2, log_free));
    add_and_release(f, f->layer, b, "long");
    ASSERT_OK(lamina_engine_tick(f->engine, 2)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 3));
    assert_int_equal(log2.starts, 1);
    ASSERT_OK(lamina_engine_destroy(f->engine));
    f->engine = NULL;
    assert_int_equal(log2.stops, 0);
    assert_int_equal(log2.frees, 1);
}

/* A layer destroyed with its animations: did_stop(0) at the next tick, then the free. */
static void a_destroyed_layer_stops_its_animations(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_layer_t doomed = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &doomed));
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    event_log_t log;
    memset(&log, 0, sizeof log);
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 5);
    ASSERT_OK(lamina_animation_set_delegate(a, &kLogging, &log, log_free));
    add_and_release(f, doomed, a, "fade");
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    ASSERT_OK(lamina_layer_release(f->engine, doomed));
    ASSERT_OK(lamina_engine_tick(f->engine, 2));
    assert_string_equal(log.text, "start fade;stop fade 0;");
    assert_true(log.last_layer == doomed); /* no longer alive */
    size_t n = 0;
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_animation_count(f->engine, doomed, &n));
    assert_int_equal(log.frees, 1);
}

static void reentrant_stop(void *userdata, lamina_layer_t layer, const char *key, lamina_bool_t finished) {
    event_log_t *log = (event_log_t *)userdata;
    log_stop(userdata, layer, key, finished);
    log->tick_status = lamina_engine_tick(log->engine, 99);
    log->destroy_status = lamina_engine_destroy(log->engine);
    lamina_animation_t *next = basic_numbers("opacity", 0.25, 0.25, 1);
    log->add_status = lamina_layer_add_animation(log->engine, layer, next, "next");
    (void)lamina_animation_release(next);
    lamina_value_t v;
    if (lamina_layer_get_presentation_value(log->engine, layer, "opacity", &v) == LAMINA_STATUS_OK)
        log->presented = v.u.number;
}

/* Callbacks run on the ticking thread outside the engine lock: they may call back in, except
 * lamina_engine_tick() and lamina_engine_destroy() on the same engine (MISUSE). */
static void delegate_callbacks_may_call_back_in(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    event_log_t log;
    memset(&log, 0, sizeof log);
    log.engine = f->engine;
    log.presented = -1;
    const lamina_animation_delegate_t d = {NULL, reentrant_stop};
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 1);
    ASSERT_OK(lamina_animation_set_delegate(a, &d, &log, log_free));
    add_and_release(f, f->layer, a, "fade");
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    assert_string_equal(log.text, "stop fade 1;");
    assert_int_equal(log.tick_status, LAMINA_STATUS_MISUSE);
    assert_int_equal(log.destroy_status, LAMINA_STATUS_MISUSE);
    assert_int_equal(log.add_status, LAMINA_STATUS_OK);
    ASSERT_DOUBLE_EQ(1.0, log.presented);
    assert_int_equal(log.frees, 1);
    ASSERT_OK(lamina_engine_tick(f->engine, 1.5));
    ASSERT_DOUBLE_EQ(0.25, lt_presented_number(f->engine, f->layer, "opacity"));
}

/* ------------------------------------------------------------------------------------------ */
/* Timing (CA-1.10, CA-5)                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* CA-1.10, CA-1.11: removed_on_completion 0 with fill forwards holds the end on screen while
 * the model disagrees; with fill removed the model shows after the end. */
static void fill_forwards_without_removal_holds_the_end(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 1);
    ASSERT_OK(lamina_animation_set_removed_on_completion(a, LAMINA_FALSE));
    lamina_animation_t *b = basic_numbers("position.x", 0, 50, 1);
    ASSERT_OK(lamina_animation_set_removed_on_completion(b, LAMINA_FALSE));
    lamina_media_timing_t t = timing_of(a);
    t.fill_mode = LAMINA_FILL_MODE_FORWARDS;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    add_and_release(f, f->layer, a, "fade");
    add_and_release(f, f->layer, b, "slide");
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    ASSERT_OK(lamina_engine_tick(f->engine, 5));
    char buf[64];
    assert_string_equal(animation_keys(f, f->layer, buf, sizeof buf), "fade,slide");
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "opacity"));
    double model = -1;
    ASSERT_OK(lamina_layer_get_opacity(f->engine, f->layer, &model));
    ASSERT_DOUBLE_EQ(1.0, model);
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "position.x")); /* fill removed */
    lamina_animation_timing_t info;
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, "fade", &info));
    assert_int_equal(info.phase, LAMINA_PHASE_AFTER);
    assert_int_equal(info.contributing, LAMINA_TRUE);
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, "slide", &info));
    assert_int_equal(info.phase, LAMINA_PHASE_AFTER);
    assert_int_equal(info.contributing, LAMINA_FALSE);
}

/* CA-5.9: fill backwards shows the start value before a delayed begin. */
static void fill_backwards_before_a_delayed_begin(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *a = basic_numbers("opacity", 0.2, 0, 1);
    lamina_media_timing_t t = timing_of(a);
    t.begin_time = 5;
    t.fill_mode = LAMINA_FILL_MODE_BACKWARDS;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "fade"));
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    ASSERT_DOUBLE_EQ(0.2, lt_presented_number(f->engine, f->layer, "opacity"));
    t.fill_mode = LAMINA_FILL_MODE_REMOVED;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, a, "fade"));
    ASSERT_OK(lamina_engine_tick(f->engine, 2));
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number(f->engine, f->layer, "opacity"));
    ASSERT_OK(lamina_animation_release(a));
}

/* CA-5.6, CA-5.10: autoreverse with a repeat count; repeating forever (CA-5.5). */
static void autoreverse_repeat_and_forever(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 1);
    lamina_media_timing_t t = timing_of(a);
    t.autoreverses = LAMINA_TRUE;
    t.repeat_count = 2;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    add_and_release(f, f->layer, a, "fade");
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    ASSERT_NEAR(0.5, lt_presented_number_at(f->engine, f->layer, "opacity", 0.5), 1e-12);
    ASSERT_NEAR(0.25, lt_presented_number_at(f->engine, f->layer, "opacity", 1.25), 1e-12);
    ASSERT_NEAR(0.5, lt_presented_number_at(f->engine, f->layer, "opacity", 2.5), 1e-12);
    lamina_animation_timing_t info;
    ASSERT_OK(lamina_layer_get_animation_timing_at(f->engine, f->layer, "fade", 2.5, &info));
    assert_int_equal(info.iteration, 1);
    ASSERT_DOUBLE_EQ(4.0, info.active_duration);
    ASSERT_OK(lamina_engine_tick(f->engine, 4));
    assert_int_equal(animation_count(f, f->layer), 0);

    lamina_animation_t *forever = basic_numbers("position.x", 0, 10, 1);
    t = timing_of(forever);
    t.repeat_count = LAMINA_REPEAT_FOREVER;
    ASSERT_OK(lamina_animation_set_media_timing(forever, &t));
    ASSERT_OK(lamina_engine_tick(f->engine, 5));
    add_and_release(f, f->layer, forever, "spin");
    ASSERT_OK(lamina_engine_tick(f->engine, 5));
    ASSERT_OK(lamina_engine_tick(f->engine, 1000.5));
    assert_int_equal(animation_count(f, f->layer), 1);
    ASSERT_NEAR(5.0, lt_presented_number(f->engine, f->layer, "position.x"), 1e-9);
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, "spin", &info));
    assert_true(isinf(info.active_duration) && isinf(info.end_time));
    assert_int_equal(info.iteration, 995);
}

/* CA-5.10: phase, iteration, progress, active duration and end time; the begin time once
 * committed; implicit animations too. */
static void timing_introspection(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *a = basic_numbers("opacity", 1, 0, 2);
    lamina_media_timing_t t = timing_of(a);
    t.repeat_count = 3;
    ASSERT_OK(lamina_animation_set_media_timing(a, &t));
    add_and_release(f, f->layer, a, "fade");

    lamina_animation_timing_t info;
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, "fade", &info));
    assert_int_equal(info.has_begin_time, LAMINA_FALSE); /* not committed yet */
    assert_int_equal(info.phase, LAMINA_PHASE_BEFORE);
    assert_int_equal(info.contributing, LAMINA_FALSE);

    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    ASSERT_OK(lamina_layer_get_animation_timing_at(f->engine, f->layer, "fade", 3, &info));
    assert_int_equal(info.phase, LAMINA_PHASE_ACTIVE);
    assert_int_equal(info.contributing, LAMINA_TRUE);
    assert_int_equal(info.iteration, 1);
    ASSERT_NEAR(0.5, info.iteration_progress, 1e-12);
    ASSERT_DOUBLE_EQ(6.0, info.active_duration);
    ASSERT_DOUBLE_EQ(6.0, info.end_time);
    assert_int_equal(info.has_begin_time, LAMINA_TRUE);
    ASSERT_DOUBLE_EQ(0.0, info.begin_time);
    ASSERT_OK(lamina_layer_get_animation_timing_at(f->engine, f->layer, "fade", 6, &info));
    assert_int_equal(info.phase, LAMINA_PHASE_AFTER);
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, "fade", &info)); /* now: 0 */
    assert_int_equal(info.iteration, 0);
    ASSERT_DOUBLE_EQ(0.0, info.iteration_progress);

    /* An implicit animation is introspectable by its key (R6). */
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "cornerRadius", 8));
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    ASSERT_OK(lamina_layer_get_animation_timing_at(f->engine, f->layer, "cornerRadius", 1.125, &info));
    assert_int_equal(info.phase, LAMINA_PHASE_ACTIVE);
    ASSERT_DOUBLE_EQ(0.25, info.active_duration);
    ASSERT_NEAR(0.5, info.iteration_progress, 1e-12);

    lamina_animation_timing_t untouched;
    LT_FILL(untouched);
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_get_animation_timing(f->engine, f->layer, "missing", &untouched));
    ASSERT_UNTOUCHED(untouched);
}

/* CA-5.11, CA-16 (measured on Apple): the worked example exactly; CA-5.2's test vector. */
static void convert_time_matches_the_ca16_example(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t root = f->layer, mid, leaf;
    ASSERT_OK(lamina_layer_create(f->engine, &mid));
    ASSERT_OK(lamina_layer_create(f->engine, &leaf));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, root, mid));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, mid, leaf));
    ASSERT_OK(lamina_layer_set_number(f->engine, mid, "beginTime", 2));
    ASSERT_OK(lamina_layer_set_number(f->engine, mid, "speed", 3));
    ASSERT_OK(lamina_layer_set_number(f->engine, mid, "timeOffset", 0.25));
    ASSERT_OK(lamina_layer_set_number(f->engine, leaf, "beginTime", 1));
    ASSERT_OK(lamina_layer_set_number(f->engine, leaf, "speed", 2));
    ASSERT_OK(lamina_layer_set_number(f->engine, leaf, "timeOffset", 0.5));
    ASSERT_OK(lamina_engine_tick(f->engine, 0));

    double t = 0;
    ASSERT_OK(lamina_layer_convert_time(f->engine, mid, leaf, 10, &t));
    ASSERT_DOUBLE_EQ(18.5, t);
    ASSERT_OK(lamina_layer_convert_time(f->engine, root, leaf, 10, &t));
    ASSERT_DOUBLE_EQ(47.0, t);
    ASSERT_OK(lamina_layer_convert_time(f->engine, leaf, mid, 10, &t));
    ASSERT_DOUBLE_EQ(5.75, t);
    ASSERT_OK(lamina_layer_convert_time(f->engine, leaf, root, 10, &t));
    ASSERT_NEAR(23.0 / 6.0, t, 1e-12);
    ASSERT_OK(lamina_layer_convert_time(f->engine, LAMINA_LAYER_NONE, leaf, 10, &t)); /* untimed root */
    ASSERT_DOUBLE_EQ(47.0, t);
    ASSERT_OK(lamina_layer_convert_time(f->engine, leaf, LAMINA_LAYER_NONE, 47, &t));
    ASSERT_DOUBLE_EQ(10.0, t);
    ASSERT_OK(lamina_layer_convert_time(f->engine, LAMINA_LAYER_NONE, LAMINA_LAYER_NONE, 4, &t));
    ASSERT_DOUBLE_EQ(4.0, t);

    /* CA-5.2: timeOffset 1 and speed 0.5, converting 0.5 from a default layer, gives 1.25. */
    lamina_layer_t timed, plain;
    ASSERT_OK(lamina_layer_create(f->engine, &timed));
    ASSERT_OK(lamina_layer_create(f->engine, &plain));
    ASSERT_OK(lamina_layer_set_number(f->engine, timed, "timeOffset", 1));
    ASSERT_OK(lamina_layer_set_number(f->engine, timed, "speed", 0.5));
    ASSERT_OK(lamina_layer_convert_time(f->engine, plain, timed, 0.5, &t));
    ASSERT_DOUBLE_EQ(1.25, t);
    double read_back = 0;
    ASSERT_OK(lamina_layer_get_number(f->engine, timed, "speed", &read_back));
    ASSERT_DOUBLE_EQ(0.5, read_back);
}

/* CA-5.3, CA-5.11: an animation's times are in its layer's time; a layer with speed 2 plays
 * its animations twice as fast. The pause/resume recipe of CA-5.12 freezes and continues it. */
static void layer_time_drives_animations_and_pauses_them(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "speed", 2));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    add_and_release(f, f->layer, basic_numbers("position.x", 0, 100, 4), "slide");
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    ASSERT_NEAR(50.0, lt_presented_number_at(f->engine, f->layer, "position.x", 1), 1e-9);

    /* Pause at engine time 1 (QA1673): speed 0, timeOffset = the layer time then. */
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    double paused = 0;
    ASSERT_OK(lamina_layer_convert_time(f->engine, LAMINA_LAYER_NONE, f->layer, 1, &paused));
    ASSERT_DOUBLE_EQ(2.0, paused);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "speed", 0));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "timeOffset", paused));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 5));
    ASSERT_NEAR(50.0, lt_presented_number(f->engine, f->layer, "position.x"), 1e-9);

    /* Resume at engine time 5: the layer continues from where it paused. */
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "speed", 1));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "timeOffset", 0));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "beginTime", 0));
    double now = 0;
    ASSERT_OK(lamina_layer_convert_time(f->engine, LAMINA_LAYER_NONE, f->layer, 5, &now));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "beginTime", now - paused));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 6));
    ASSERT_NEAR(75.0, lt_presented_number(f->engine, f->layer, "position.x"), 1e-9);
}

/* ------------------------------------------------------------------------------------------ */
/* Value rules (CA-7)                                                                          */
/* ------------------------------------------------------------------------------------------ */

static void move_to_10_20(lt_fixture_t *f) {
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){10, 20}));
}

/* CA-7.1 by-only, CA-7.3 additive, CA-7.4 cumulative, CA-7.5 value functions. */
static void by_additive_cumulative_and_value_functions(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    set_without_actions(f, move_to_10_20);

    /* by only: underlying -> underlying + by (the model value 1, CA-7.2). */
    lamina_animation_t *by = NULL;
    ASSERT_OK(lamina_animation_create_basic("opacity", &by));
    lamina_value_t minus_half = lt_number(-0.5);
    ASSERT_OK(lamina_animation_set_by_value(by, &minus_half));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = 1;
    ASSERT_OK(lamina_animation_set_media_timing(by, &t));
    add_and_release(f, f->layer, by, "by");

    /* additive: adds to the value beneath (CA-7.3). */
    lamina_animation_t *nudge = NULL;
    ASSERT_OK(lamina_animation_create_basic("position", &nudge));
    lamina_value_t p0 = lt_point(0, 0), p1 = lt_point(100, 0);
    ASSERT_OK(lamina_animation_set_from_value(nudge, &p0));
    ASSERT_OK(lamina_animation_set_to_value(nudge, &p1));
    ASSERT_OK(lamina_animation_set_additive(nudge, LAMINA_TRUE));
    ASSERT_OK(lamina_animation_set_media_timing(nudge, &t));
    add_and_release(f, f->layer, nudge, "nudge");

    /* cumulative: each repeat starts where the last ended (CA-7.4). */
    lamina_animation_t *step = basic_numbers("zPosition", 0, 10, 1);
    ASSERT_OK(lamina_animation_set_cumulative(step, LAMINA_TRUE));
    t.repeat_count = 3;
    ASSERT_OK(lamina_animation_set_media_timing(step, &t));
    add_and_release(f, f->layer, step, "step");

    /* rotateZ turns numbers into a transform (CA-7.5). */
    lamina_animation_t *turn = basic_numbers("transform", 0, kPi, 1);
    ASSERT_OK(lamina_animation_set_value_function(turn, LAMINA_VALUE_FUNCTION_ROTATE_Z));
    add_and_release(f, f->layer, turn, "turn");

    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    ASSERT_NEAR(0.75, lt_presented_number_at(f->engine, f->layer, "opacity", 0.5), 1e-12);
    lamina_point_t p = presented_point_at(f, "position", 0.5);
    ASSERT_NEAR(60, p.x, 1e-9);
    ASSERT_NEAR(20, p.y, 1e-9);
    ASSERT_NEAR(25, lt_presented_number_at(f->engine, f->layer, "zPosition", 2.5), 1e-9);
    ASSERT_NEAR(kPi / 4, lt_presented_number_at(f->engine, f->layer, "transform.rotation.z", 0.25), 1e-9);
}

/* ------------------------------------------------------------------------------------------ */
/* Keyframes, paths, springs (CA-8, CA-9)                                                      */
/* ------------------------------------------------------------------------------------------ */

/* CA-8.1, CA-8.2: values at their key times, linear between; CA-8.3/8.4 discrete, even. */
static void keyframes_follow_values_and_key_times(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *k = NULL;
    ASSERT_OK(lamina_animation_create_keyframe("opacity", &k));
    const lamina_value_t values[3] = {lt_number(0), lt_number(1), lt_number(0.5)};
    const double times[3] = {0, 0.5, 1};
    ASSERT_OK(lamina_animation_set_keyframe_values(k, values, 3));
    ASSERT_OK(lamina_animation_set_key_times(k, times, 3));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = 2;
    ASSERT_OK(lamina_animation_set_media_timing(k, &t));
    add_and_release(f, f->layer, k, "k");

    lamina_animation_t *d = NULL;
    ASSERT_OK(lamina_animation_create_keyframe("zPosition", &d));
    const lamina_value_t steps[3] = {lt_number(0), lt_number(1), lt_number(2)};
    ASSERT_OK(lamina_animation_set_keyframe_values(d, steps, 3));
    ASSERT_OK(lamina_animation_set_calculation_mode(d, LAMINA_CALCULATION_DISCRETE));
    t.duration = 3;
    ASSERT_OK(lamina_animation_set_media_timing(d, &t));
    add_and_release(f, f->layer, d, "d");

    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    ASSERT_NEAR(0.5, lt_presented_number_at(f->engine, f->layer, "opacity", 0.5), 1e-12);
    ASSERT_NEAR(0.75, lt_presented_number_at(f->engine, f->layer, "opacity", 1.5), 1e-12);
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number_at(f->engine, f->layer, "zPosition", 0.9));
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number_at(f->engine, f->layer, "zPosition", 1.5));
    ASSERT_DOUBLE_EQ(2.0, lt_presented_number_at(f->engine, f->layer, "zPosition", 2.9));
}

static double next_frame(lt_fixture_t *f) {
    double t = -1;
    ASSERT_OK(lamina_engine_next_frame_time(f->engine, &t));
    return t;
}

/* CA-8.6, R14: while only a discrete keyframe animation runs, the next frame time is the next
 * key time (the value cannot change before it), then the end of the animation. */
static void discrete_keyframes_wake_the_host_at_key_times(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *d = NULL;
    ASSERT_OK(lamina_animation_create_keyframe("opacity", &d));
    const lamina_value_t values[3] = {lt_number(0.2), lt_number(0.5), lt_number(0.9)};
    const double times[3] = {0, 0.3, 0.7};
    ASSERT_OK(lamina_animation_set_keyframe_values(d, values, 3));
    ASSERT_OK(lamina_animation_set_key_times(d, times, 3));
    ASSERT_OK(lamina_animation_set_calculation_mode(d, LAMINA_CALCULATION_DISCRETE));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = 2;
    ASSERT_OK(lamina_animation_set_media_timing(d, &t));
    add_and_release(f, f->layer, d, "steps");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    lamina_animation_t *copy = NULL;
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, "steps", &copy));
    lamina_media_timing_t got = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(copy, &got));
    ASSERT_OK(lamina_animation_release(copy));
    const double begin = got.begin_time;
    ASSERT_NEAR(begin + 0.6, next_frame(f), 1e-9);
    ASSERT_DOUBLE_EQ(0.2, lt_presented_number_at(f->engine, f->layer, "opacity", begin + 0.6 - 1e-6));
    ASSERT_DOUBLE_EQ(0.5, lt_presented_number_at(f->engine, f->layer, "opacity", next_frame(f) + 1e-9));
    ASSERT_OK(lamina_engine_tick(f->engine, begin + 0.7));
    ASSERT_NEAR(begin + 1.4, next_frame(f), 1e-9);
    ASSERT_OK(lamina_engine_tick(f->engine, begin + 1.5));
    ASSERT_NEAR(begin + 2.0, next_frame(f), 1e-9);
    ASSERT_OK(lamina_engine_tick(f->engine, begin + 2.5));
    assert_true(next_frame(f) == INFINITY);
}

/* CA-8.1, CA-8.7: along a path; rotation auto follows the tangent, autoReverse adds 180. */
static void a_path_moves_and_rotates_the_layer(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_path_element_t path[2];
    memset(path, 0, sizeof path);
    path[0].type = LAMINA_PATH_MOVE;
    path[1].type = LAMINA_PATH_LINE;
    path[1].points[0] = (lamina_point_t){0, 100};
    lamina_animation_t *k = NULL;
    ASSERT_OK(lamina_animation_create_keyframe("position", &k));
    ASSERT_OK(lamina_animation_set_path(k, path, 2));
    ASSERT_OK(lamina_animation_set_rotation_mode(k, LAMINA_ROTATION_AUTO));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    t.duration = 1;
    ASSERT_OK(lamina_animation_set_media_timing(k, &t));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, k, "p"));
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    lamina_point_t p = presented_point_at(f, "position", 0.5);
    ASSERT_NEAR(0, p.x, 1e-9);
    ASSERT_NEAR(50, p.y, 1e-9);
    ASSERT_NEAR(kPi / 2, lt_presented_number_at(f->engine, f->layer, "transform.rotation.z", 0.5), 1e-9);

    ASSERT_OK(lamina_animation_set_rotation_mode(k, LAMINA_ROTATION_AUTO_REVERSE));
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    ASSERT_OK(lamina_layer_add_animation(f->engine, f->layer, k, "p"));
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    ASSERT_NEAR(-kPi / 2, lt_presented_number_at(f->engine, f->layer, "transform.rotation.z", 1.5), 1e-9);
    ASSERT_OK(lamina_animation_release(k));
}

/* CA-9.3: the default spring (zeta 0.5, omega 10) in closed form; duration = settling (CA-9.4). */
static void a_spring_follows_its_closed_form(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *s = NULL;
    ASSERT_OK(lamina_animation_create_spring("position.x", &s));
    lamina_value_t from = lt_number(0), to = lt_number(100);
    ASSERT_OK(lamina_animation_set_from_value(s, &from));
    ASSERT_OK(lamina_animation_set_to_value(s, &to));
    lamina_spring_t params;
    ASSERT_OK(lamina_animation_get_spring(s, &params));
    lamina_media_timing_t t = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_spring_get_settling_duration(&params, &t.duration));
    ASSERT_OK(lamina_animation_set_media_timing(s, &t));
    add_and_release(f, f->layer, s, "s");
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    /* 100 (1 - e^(-5t) (cos(wd t) + (5/wd) sin(wd t))), wd = 10 sqrt(0.75): it overshoots. */
    ASSERT_NEAR(34.029984660829825, lt_presented_number_at(f->engine, f->layer, "position.x", 0.1), 1e-9);
    ASSERT_NEAR(112.43547674084115, lt_presented_number_at(f->engine, f->layer, "position.x", 0.3), 1e-9);
    lamina_animation_t *copy = NULL;
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, "s", &copy));
    ASSERT_DOUBLE_EQ(t.duration, timing_of(copy).duration);
    ASSERT_OK(lamina_animation_release(copy));
}

/* ------------------------------------------------------------------------------------------ */
/* Transitions and groups (CA-10)                                                              */
/* ------------------------------------------------------------------------------------------ */

static lamina_color_t g_blue = {0, 0, 1, 1};

static void paint_blue(lt_fixture_t *f) {
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", g_blue));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "cornerRadius", 12));
}

/* CA-10.1 to 10.4: the state (type, subtype, progress) and the values from before the change. */
static void a_transition_exposes_its_state_and_the_before_values(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1));
    set_without_actions(f, paint_blue);
    lamina_animation_t *push = NULL;
    ASSERT_OK(lamina_animation_create_transition(LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_LEFT, &push));
    add_and_release(f, f->layer, push, NULL);
    ASSERT_OK(lamina_transaction_commit(f->engine));

    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    lamina_transition_state_t ts;
    lamina_bool_t active = 0;
    ASSERT_OK(lamina_layer_get_transition(f->engine, f->layer, 0.5, &ts, &active));
    assert_int_equal(active, LAMINA_TRUE);
    assert_int_equal(ts.type, LAMINA_TRANSITION_PUSH);
    assert_int_equal(ts.subtype, LAMINA_TRANSITION_FROM_LEFT);
    ASSERT_NEAR(0.5, ts.progress, 1e-12);
    ASSERT_OK(lamina_layer_get_transition(f->engine, f->layer, 0.25, &ts, &active));
    ASSERT_NEAR(0.25, ts.progress, 1e-12);

    /* Before: a nil background and no corner radius; now: blue and 12. */
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_transition_before_value(f->engine, f->layer, "backgroundColor", 0.5, &v));
    assert_int_equal(v.type, LAMINA_VALUE_NULL);
    ASSERT_OK(lamina_layer_get_transition_before_value(f->engine, f->layer, "cornerRadius", 0.5, &v));
    assert_int_equal(v.type, LAMINA_VALUE_NUMBER);
    ASSERT_DOUBLE_EQ(0.0, v.u.number);
    ASSERT_OK(lamina_layer_get_transition_before_value(f->engine, f->layer, "bounds.size.width", 0.5, &v));
    ASSERT_DOUBLE_EQ(100.0, v.u.number);
    ASSERT_OK(lamina_layer_get_presentation_value(f->engine, f->layer, "backgroundColor", &v));
    assert_int_equal(v.type, LAMINA_VALUE_COLOR);
    ASSERT_COLOR_NEAR(0, 0, 1, 1, v.u.color, 0);
    ASSERT_DOUBLE_EQ(12.0, lt_presented_number(f->engine, f->layer, "cornerRadius"));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY,
                 lamina_layer_get_transition_before_value(f->engine, f->layer, "nonsense", 0.5, &v));

    /* Over: inactive, no before values. */
    ASSERT_OK(lamina_engine_tick(f->engine, 1));
    LT_FILL(ts);
    ASSERT_OK(lamina_layer_get_transition(f->engine, f->layer, 1, &ts, &active));
    assert_int_equal(active, LAMINA_FALSE);
    ASSERT_UNTOUCHED(ts);
    LT_FILL(v);
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND,
                 lamina_layer_get_transition_before_value(f->engine, f->layer, "cornerRadius", 1, &v));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY,
                 lamina_layer_get_transition_before_value(f->engine, f->layer, "nonsense", 1, &v));
    ASSERT_UNTOUCHED(v);
}

/* CA-10.1: start and end progress map the animation's progress into a window. */
static void transition_progress_window(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *t = NULL;
    ASSERT_OK(lamina_animation_create_transition(LAMINA_TRANSITION_REVEAL, LAMINA_TRANSITION_SUBTYPE_NONE, &t));
    ASSERT_OK(lamina_animation_set_transition_progress(t, 0.2, 0.6));
    lamina_media_timing_t m = LAMINA_MEDIA_TIMING_INIT;
    m.duration = 1;
    ASSERT_OK(lamina_animation_set_media_timing(t, &m));
    add_and_release(f, f->layer, t, "swap");
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    lamina_transition_state_t ts;
    lamina_bool_t active = 0;
    ASSERT_OK(lamina_layer_get_transition(f->engine, f->layer, 0.5, &ts, &active));
    assert_int_equal(active, LAMINA_TRUE);
    assert_int_equal(ts.type, LAMINA_TRANSITION_REVEAL);
    assert_int_equal(ts.subtype, LAMINA_TRANSITION_SUBTYPE_NONE);
    ASSERT_NEAR(0.4, ts.progress, 1e-12);
}

/* CA-10.5: children run in the group's time, a child's begin time relative to the group, and
 * are clipped (not scaled) to the group's duration. */
static void a_group_clips_its_children(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *g = NULL;
    ASSERT_OK(lamina_animation_create_group(&g));
    lamina_animation_t *longer = basic_numbers("position.x", 0, 100, 10);
    lamina_animation_t *shifted = basic_numbers("opacity", 1, 0, 1);
    lamina_media_timing_t t = timing_of(shifted);
    t.begin_time = 2;
    ASSERT_OK(lamina_animation_set_media_timing(shifted, &t));
    ASSERT_OK(lamina_animation_group_add(g, longer));
    ASSERT_OK(lamina_animation_group_add(g, shifted));
    t = timing_of(g);
    t.duration = 5;
    ASSERT_OK(lamina_animation_set_media_timing(g, &t));
    add_and_release(f, f->layer, g, "g");
    ASSERT_OK(lamina_engine_tick(f->engine, 0));
    ASSERT_NEAR(40, lt_presented_number_at(f->engine, f->layer, "position.x", 4), 1e-9);
    ASSERT_NEAR(0.5, lt_presented_number_at(f->engine, f->layer, "opacity", 2.5), 1e-9);
    ASSERT_DOUBLE_EQ(1.0, lt_presented_number_at(f->engine, f->layer, "opacity", 1));
    ASSERT_OK(lamina_engine_tick(f->engine, 5));
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "position.x")); /* gone with the group */
    assert_int_equal(animation_count(f, f->layer), 0);
    ASSERT_OK(lamina_animation_release(longer));
    ASSERT_OK(lamina_animation_release(shifted));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(layer_functions_refuse_bad_engines_layers_and_pointers),
        LT_TEST(add_checks_key_paths_and_value_types),
        LT_TEST(basic_from_to_is_linear_by_default),
        LT_TEST(a_zero_duration_takes_the_transactions),
        LT_TEST(adding_copies_and_the_attached_copy_can_be_read),
        LT_TEST(animation_keys_list_in_order),
        LT_TEST(removal_is_immediate),
        LT_TEST(did_start_at_the_begin_time_and_did_stop_finished),
        LT_TEST(replacement_stops_the_old_animation_unfinished),
        LT_TEST(removal_stops_unfinished_and_unnamed_keys_are_null),
        LT_TEST(free_userdata_runs_exactly_once),
        LT_TEST(a_destroyed_layer_stops_its_animations),
        LT_TEST(delegate_callbacks_may_call_back_in),
        LT_TEST(fill_forwards_without_removal_holds_the_end),
        LT_TEST(fill_backwards_before_a_delayed_begin),
        LT_TEST(autoreverse_repeat_and_forever),
        LT_TEST(timing_introspection),
        LT_TEST(convert_time_matches_the_ca16_example),
        LT_TEST(layer_time_drives_animations_and_pauses_them),
        LT_TEST(by_additive_cumulative_and_value_functions),
        LT_TEST(keyframes_follow_values_and_key_times),
        LT_TEST(discrete_keyframes_wake_the_host_at_key_times),
        LT_TEST(a_path_moves_and_rotates_the_layer),
        LT_TEST(a_spring_follows_its_closed_form),
        LT_TEST(a_transition_exposes_its_state_and_the_before_values),
        LT_TEST(transition_progress_window),
        LT_TEST(a_group_clips_its_children),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
