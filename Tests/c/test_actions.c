/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Actions, delegates, styles, view-backed layers and animation blocks (issue 3; CA-3, CA-4,
 * R5, R11, R4): action objects and their free functions, the search order and "no
 * action" at each step, delegate answers and ownership, disableActions, custom and animation
 * actions, non-property events, the action query, styles as snapshots, and the UIView-style
 * block API (listings 7.4 to 7.6), each function with its failure paths.
 */
#include "lamina_test_support.h"

#include <pthread.h>

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/* Commits the fixture layer with 10x10 bounds (changes before this never animate, R4). */
static void commit_layer(lt_fixture_t *f) {
    ASSERT_OK(lamina_layer_set_bounds(f->engine, f->layer, (lamina_rect_t){{0, 0}, {10, 10}}));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
}

/* A log of calls: "name event" lines, the layers they came with, and a free counter. */
#define LOG_LINES 32
typedef struct call_log {
    char lines[LOG_LINES][64];
    lamina_layer_t layers[LOG_LINES];
    int count;
    int frees;
} call_log_t;

static void log_line(call_log_t *log, const char *name, lamina_layer_t layer, const char *event) {
    assert_true(log->count < LOG_LINES);
    snprintf(log->lines[log->count], sizeof log->lines[0], "%s %s", name, event ? event : "(null)");
    log->layers[log->count] = layer;
    log->count++;
}

static void assert_log(const call_log_t *log, int n, const char *const *expected) {
    if (log->count != n) {
        print_error("log has %d lines, expected %d\n", log->count, n);
        for (int i = 0; i < log->count; i++) print_error("  %s\n", log->lines[i]);
        fail();
    }
    for (int i = 0; i < n; i++) assert_string_equal(expected[i], log->lines[i]);
}

/* A custom action that logs "<name> <event>". Each marker has its own userdata. */
typedef struct marker {
    call_log_t *log;
    const char *name;
    int frees;
} marker_t;

static void marker_run(void *userdata, lamina_layer_t layer, const char *event) {
    marker_t *m = (marker_t *)userdata;
    log_line(m->log, m->name, layer, event);
}

static void marker_free(void *userdata) { ((marker_t *)userdata)->frees++; }

static lamina_action_t *make_marker(marker_t *m, call_log_t *log, const char *name) {
    m->log = log;
    m->name = name;
    m->frees = 0;
    lamina_action_t *a = NULL;
    ASSERT_OK(lamina_action_create_custom(marker_run, m, marker_free, &a));
    assert_non_null(a);
    return a;
}

static void count_free(void *userdata) { (*(int *)userdata)++; }

/* Releases what the engine dropped since its last tick (replaced or removed registrations,
 * destroyed layers' entries): the header promises that happens at the next tick, outside the
 * engine lock, never inside the call that dropped them. */
static void settle(lt_fixture_t *f) {
    double t = 0;
    ASSERT_OK(lamina_engine_get_time(f->engine, &t));
    ASSERT_OK(lamina_engine_tick(f->engine, t));
}

static void ignore_run(void *userdata, lamina_layer_t layer, const char *event) {
    (void)userdata;
    (void)layer;
    (void)event;
}

/* The layer's animation keys as one comma-separated string. */
static void animation_keys(lt_fixture_t *f, lamina_layer_t layer, char *out, size_t cap) {
    size_t n = 0;
    out[0] = '\0';
    ASSERT_OK(lamina_layer_get_animation_count(f->engine, layer, &n));
    for (size_t i = 0; i < n; i++) {
        char key[64];
        size_t len = 0;
        ASSERT_OK(lamina_layer_get_animation_key(f->engine, layer, i, key, sizeof key, &len));
        if (i > 0) strncat(out, ",", cap - strlen(out) - 1);
        strncat(out, key, cap - strlen(out) - 1);
    }
}

#define ASSERT_KEYS(f, layer, expected)                          \
    do {                                                         \
        char lt_keys_[256];                                      \
        animation_keys((f), (layer), lt_keys_, sizeof lt_keys_); \
        assert_string_equal((expected), lt_keys_);               \
    } while (0)

static lamina_animation_timing_t timing_of(lt_fixture_t *f, const char *key) {
    lamina_animation_timing_t t;
    ASSERT_OK(lamina_layer_get_animation_timing(f->engine, f->layer, key, &t));
    return t;
}

/* The media timing of the explicit animation attached under `key`. */
static lamina_media_timing_t attached_timing(lt_fixture_t *f, const char *key) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, key, &a));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &mt));
    ASSERT_OK(lamina_animation_release(a));
    return mt;
}

/* Whether a timing function equals a named one. */
static int is_named_curve(const lamina_timing_function_t *tf, lamina_timing_name_t name) {
    lamina_timing_function_t n;
    ASSERT_OK(lamina_timing_function_named(name, &n));
    return tf->c1x == n.c1x && tf->c1y == n.c1y && tf->c2x == n.c2x && tf->c2y == n.c2y;
}

static lamina_timing_function_t attached_curve(lt_fixture_t *f, const char *key) {
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_layer_copy_animation(f->engine, f->layer, key, &a));
    lamina_timing_function_t tf;
    lamina_bool_t set = 0;
    ASSERT_OK(lamina_animation_get_timing_function(a, &tf, &set));
    assert_int_equal(set, LAMINA_TRUE);
    ASSERT_OK(lamina_animation_release(a));
    return tf;
}

/* ------------------------------------------------------------------------------------------ */
/* Action objects                                                                              */
/* ------------------------------------------------------------------------------------------ */

/* An animation action holds a copy (later changes to the animation do not reach it); its kind
 * and animation read back; retain/release count references. */
static void animation_actions_copy_their_animation(void **state) {
    (void)state;
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("opacity", &anim));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 2.0;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &mt));
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_animation(anim, &action));
    mt.duration = 7.0;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &mt));
    ASSERT_OK(lamina_animation_release(anim));

    lamina_action_kind_t kind = -1;
    ASSERT_OK(lamina_action_get_kind(action, &kind));
    assert_int_equal(kind, LAMINA_ACTION_ANIMATION);
    ASSERT_OK(lamina_action_retain(action));
    ASSERT_OK(lamina_action_release(action));

    lamina_animation_t *copy = NULL;
    ASSERT_OK(lamina_action_copy_animation(action, &copy));
    lamina_media_timing_t got = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(copy, &got));
    ASSERT_DOUBLE_EQ(2.0, got.duration);
    char key_path[32];
    size_t len = 0;
    ASSERT_OK(lamina_animation_get_key_path(copy, key_path, sizeof key_path, &len));
    assert_string_equal("opacity", key_path);
    /* The copy is independent of the action. */
    got.duration = 9.0;
    ASSERT_OK(lamina_animation_set_media_timing(copy, &got));
    ASSERT_OK(lamina_animation_release(copy));
    ASSERT_OK(lamina_action_copy_animation(action, &copy));
    ASSERT_OK(lamina_animation_get_media_timing(copy, &got));
    ASSERT_DOUBLE_EQ(2.0, got.duration);
    ASSERT_OK(lamina_animation_release(copy));
    ASSERT_OK(lamina_action_release(action));
}

/* A custom action's free function runs once, with its last reference; it has no animation. */
static void custom_actions_free_their_userdata_once(void **state) {
    (void)state;
    int frees = 0;
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_custom(ignore_run, &frees, count_free, &action));
    lamina_action_kind_t kind = -1;
    ASSERT_OK(lamina_action_get_kind(action, &kind));
    assert_int_equal(kind, LAMINA_ACTION_CUSTOM);
    lamina_animation_t *anim;
    LT_FILL(anim);
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_action_copy_animation(action, &anim));
    ASSERT_UNTOUCHED(anim);
    ASSERT_OK(lamina_action_retain(action));
    ASSERT_OK(lamina_action_release(action));
    assert_int_equal(frees, 0);
    ASSERT_OK(lamina_action_release(action));
    assert_int_equal(frees, 1);

    /* A NULL free function is allowed. */
    ASSERT_OK(lamina_action_create_custom(ignore_run, NULL, NULL, &action));
    ASSERT_OK(lamina_action_release(action));
}

static void action_object_errors(void **state) {
    (void)state;
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("opacity", &anim));
    lamina_action_t *out;
    LT_FILL(out);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_create_animation(NULL, &out));
    ASSERT_UNTOUCHED(out);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_create_animation(anim, NULL));

    /* A failing custom constructor calls the free function at once, exactly once. */
    int frees = 0;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_create_custom(NULL, &frees, count_free, &out));
    assert_int_equal(frees, 1);
    ASSERT_UNTOUCHED(out);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_create_custom(ignore_run, &frees, count_free, NULL));
    assert_int_equal(frees, 2);

    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_retain(NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_release(NULL));
    lamina_action_kind_t kind;
    LT_FILL(kind);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_get_kind(NULL, &kind));
    ASSERT_UNTOUCHED(kind);
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_animation(anim, &action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_get_kind(action, NULL));
    lamina_animation_t *copy;
    LT_FILL(copy);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_copy_animation(NULL, &copy));
    ASSERT_UNTOUCHED(copy);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_action_copy_animation(action, NULL));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_animation_release(anim));
}

/* ------------------------------------------------------------------------------------------ */
/* The search (CA-3.4, CA-3.5, R5)                                                             */
/* ------------------------------------------------------------------------------------------ */

/* A delegate that answers with a retained shared action, "no action" or "continue", and counts
 * its calls and what it saw. */
typedef struct delegate_state {
    lamina_engine_t *engine;
    lamina_delegate_answer_t answer;
    lamina_action_t *action; /* stored (retained) in *out_action when answer is ACTION */
    int store_anyway;        /* store a fresh custom action whatever the answer */
    int calls;
    double seen_opacity;
    char seen_event[64];
    lamina_layer_t seen_layer;
    int frees;
    int fresh_frees; /* frees of the fresh custom actions */
} delegate_state_t;

static lamina_delegate_answer_t delegate_answer(void *userdata, lamina_layer_t layer, const char *event,
                                                lamina_action_t **out_action) {
    delegate_state_t *d = (delegate_state_t *)userdata;
    d->calls++;
    d->seen_layer = layer;
    snprintf(d->seen_event, sizeof d->seen_event, "%s", event);
    assert_null(*out_action);
    if (d->engine != NULL) (void)lamina_layer_get_opacity(d->engine, layer, &d->seen_opacity);
    if (d->answer == LAMINA_DELEGATE_ACTION && d->action != NULL) {
        assert_int_equal(lamina_action_retain(d->action), LAMINA_STATUS_OK);
        *out_action = d->action;
    } else if (d->store_anyway) {
        assert_int_equal(lamina_action_create_custom(ignore_run, &d->fresh_frees, count_free, out_action),
                         LAMINA_STATUS_OK);
    }
    return d->answer;
}

static void delegate_free(void *userdata) { ((delegate_state_t *)userdata)->frees++; }

static const lamina_layer_delegate_t kDelegate = {delegate_answer};

/* CA-3.4, R5: delegate, then the layer's actions, its style, the nested style, the engine's
 * default actions, then the built-in implicit animation. */
static void search_order_is_delegate_actions_style_nested_registry_builtin(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    call_log_t log = {0};
    marker_t m_registry, m_nested, m_style, m_actions, m_delegate;
    lamina_action_t *registry = make_marker(&m_registry, &log, "registry");
    lamina_action_t *nested = make_marker(&m_nested, &log, "nested");
    lamina_action_t *style_action = make_marker(&m_style, &log, "style");
    lamina_action_t *actions = make_marker(&m_actions, &log, "actions");
    lamina_action_t *delegate_action = make_marker(&m_delegate, &log, "delegate");

    ASSERT_OK(lamina_engine_set_default_action(f->engine, "opacity", registry));
    lamina_style_t *inner = NULL, *outer = NULL, *empty = NULL;
    ASSERT_OK(lamina_style_create(NULL, &inner));
    ASSERT_OK(lamina_style_set_action(inner, "opacity", nested));
    ASSERT_OK(lamina_style_create(inner, &empty)); /* a style without the key: the nested one answers */
    ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, empty));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.9));
    ASSERT_OK(lamina_style_create(inner, &outer));
    ASSERT_OK(lamina_style_set_action(outer, "opacity", style_action));
    ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, outer));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.8));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", actions));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.7));
    delegate_state_t d = {0};
    d.answer = LAMINA_DELEGATE_ACTION;
    d.action = delegate_action;
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &d, delegate_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.6));
    const char *expected[] = {"nested opacity", "style opacity", "actions opacity", "delegate opacity"};
    assert_log(&log, 4, expected);
    for (int i = 0; i < 4; i++) assert_true(log.layers[i] == f->layer);
    ASSERT_KEYS(f, f->layer, "");

    /* Take the steps away: the registry answers, then the built-in animation (R6). */
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, NULL, NULL, NULL));
    assert_int_equal(d.frees, 0); /* dropped by the engine: released at its next tick */
    settle(f);
    assert_int_equal(d.frees, 1);
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", NULL));
    ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    assert_int_equal(log.count, 5);
    assert_string_equal("registry opacity", log.lines[4]);
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "opacity", NULL));
    ASSERT_KEYS(f, f->layer, "");
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.4));
    ASSERT_KEYS(f, f->layer, "opacity");
    assert_int_equal(log.count, 5);

    lamina_action_t *all[] = {registry, nested, style_action, actions, delegate_action};
    for (int i = 0; i < 5; i++) ASSERT_OK(lamina_action_release(all[i]));
    ASSERT_OK(lamina_style_release(outer));
    ASSERT_OK(lamina_style_release(empty));
    ASSERT_OK(lamina_style_release(inner));
    settle(f);
    /* Everything was dropped, so every free function has run, once. */
    marker_t *ms[] = {&m_registry, &m_nested, &m_style, &m_actions, &m_delegate};
    for (int i = 0; i < 5; i++) assert_int_equal(ms[i]->frees, 1);
}

/* CA-3.5: an explicit "no action" at any step ends the search: neither the registry's action
 * nor the built-in animation runs, and the query answers NULL. */
static void no_action_at_each_step_stops_the_search(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    call_log_t log = {0};
    marker_t m;
    lamina_action_t *registry = make_marker(&m, &log, "registry");
    delegate_state_t d = {0};
    d.answer = LAMINA_DELEGATE_NO_ACTION;
    double opacity = 1.0;
    for (int step = 0; step < 5; step++) {
        lamina_style_t *style = NULL, *nested = NULL;
        ASSERT_OK(lamina_engine_set_default_action(f->engine, "opacity", registry));
        switch (step) {
        case 0: ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &d, NULL)); break;
        case 1: ASSERT_OK(lamina_layer_set_action_none(f->engine, f->layer, "opacity")); break;
        case 2:
            ASSERT_OK(lamina_style_create(NULL, &style));
            ASSERT_OK(lamina_style_set_no_action(style, "opacity"));
            ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, style));
            break;
        case 3:
            ASSERT_OK(lamina_style_create(NULL, &nested));
            ASSERT_OK(lamina_style_set_no_action(nested, "opacity"));
            ASSERT_OK(lamina_style_create(nested, &style));
            ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, style));
            break;
        default: ASSERT_OK(lamina_engine_set_default_no_action(f->engine, "opacity")); break;
        }
        opacity -= 0.1;
        ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, opacity));
        assert_int_equal(log.count, 0);
        ASSERT_KEYS(f, f->layer, "");
        lamina_action_t *found = (lamina_action_t *)&found; /* not NULL */
        ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "opacity", &found));
        assert_null(found);
        /* Clean up the step. */
        ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, NULL, NULL, NULL));
        ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", NULL));
        ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, NULL));
        if (style) ASSERT_OK(lamina_style_release(style));
        if (nested) ASSERT_OK(lamina_style_release(nested));
    }
    assert_int_equal(d.calls, 2); /* the change and the query */
    /* Removing the default "no action" restores the built-in animation. */
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "opacity", NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.1));
    ASSERT_KEYS(f, f->layer, "opacity");
    ASSERT_OK(lamina_action_release(registry));
    settle(f);
    assert_int_equal(m.frees, 1);
}

/* CA-3.5: a delegate answering "continue" (or with no callback, or ACTION without an action)
 * lets the search reach the built-in implicit animation. */
static void delegate_continue_reaches_the_builtin_animation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    delegate_state_t d = {0};
    d.answer = LAMINA_DELEGATE_CONTINUE;
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &d, delegate_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    assert_int_equal(d.calls, 1);
    ASSERT_KEYS(f, f->layer, "opacity");

    ASSERT_OK(lamina_layer_remove_all_animations(f->engine, f->layer));
    d.answer = LAMINA_DELEGATE_ACTION; /* with no action stored: continue */
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.25));
    ASSERT_KEYS(f, f->layer, "opacity");

    ASSERT_OK(lamina_layer_remove_all_animations(f->engine, f->layer));
    d.answer = 77; /* unknown answers continue too */
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.75));
    ASSERT_KEYS(f, f->layer, "opacity");
    assert_int_equal(d.calls, 3);

    const lamina_layer_delegate_t no_callback = {NULL};
    ASSERT_OK(lamina_layer_remove_all_animations(f->engine, f->layer));
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &no_callback, &d, delegate_free));
    settle(f);
    assert_int_equal(d.frees, 1);
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_KEYS(f, f->layer, "opacity");
    assert_int_equal(d.calls, 3);
    ASSERT_OK(lamina_engine_destroy(f->engine));
    f->engine = NULL;
    assert_int_equal(d.frees, 2); /* the second registration went with the engine */
}

/* CA-2.6: the delegate is asked before the value is stored (it sees the old value), with the
 * layer and the event key; for a key path the event is the whole property. */
static void delegate_sees_the_old_value(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    delegate_state_t d = {0};
    d.engine = f->engine;
    d.answer = LAMINA_DELEGATE_CONTINUE;
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &d, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.25));
    assert_int_equal(d.calls, 1);
    ASSERT_DOUBLE_EQ(1.0, d.seen_opacity);
    assert_string_equal("opacity", d.seen_event);
    assert_true(d.seen_layer == f->layer);
    double now = 0;
    ASSERT_OK(lamina_layer_get_opacity(f->engine, f->layer, &now));
    ASSERT_DOUBLE_EQ(0.25, now);

    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "position.x", 4));
    assert_string_equal("position", d.seen_event);
    /* R4: an equal value looks up no action; nothing is asked. */
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "position.x", 4));
    assert_int_equal(d.calls, 2);
}

/* Ownership of a delegate's answer: Lamina takes the stored reference whatever the answer; an
 * action created in the callback is freed once, after it ran. */
static void delegate_answers_transfer_the_action_reference(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    call_log_t log = {0};
    marker_t m;
    lamina_action_t *shared = make_marker(&m, &log, "delegate");
    delegate_state_t d = {0};
    d.answer = LAMINA_DELEGATE_ACTION;
    d.action = shared;
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &d, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.4));
    assert_int_equal(log.count, 2);
    ASSERT_OK(lamina_action_release(shared)); /* the delegate's retains were all taken over */
    assert_int_equal(m.frees, 1);

    /* A fresh action stored with "no action" is released; nothing runs. */
    d.action = NULL;
    d.answer = LAMINA_DELEGATE_NO_ACTION;
    d.store_anyway = 1;
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.3));
    assert_int_equal(d.fresh_frees, 1);
    ASSERT_KEYS(f, f->layer, "");
    /* ... and with "continue" the search goes on to the built-in animation. */
    d.answer = LAMINA_DELEGATE_CONTINUE;
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.2));
    assert_int_equal(d.fresh_frees, 2);
    ASSERT_KEYS(f, f->layer, "opacity");
    /* The query asks the delegate too, and owns what it hands out. */
    lamina_action_t *found = NULL;
    d.store_anyway = 0;
    d.answer = LAMINA_DELEGATE_NO_ACTION;
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "opacity", &found));
    assert_null(found);
    assert_int_equal(d.calls, 5);
}

/* The delegate's free function runs once: when replaced, when cleared, at once for a NULL
 * delegate or a failing call, and with the engine. */
static void delegate_userdata_is_freed_once(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    delegate_state_t a = {0}, b = {0}, c = {0}, e = {0};
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &a, delegate_free));
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &b, delegate_free));
    assert_int_equal(a.frees, 0); /* replaced: released at the next tick */
    settle(f);
    assert_int_equal(a.frees, 1);
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, NULL, &c, delegate_free));
    assert_int_equal(c.frees, 1); /* NULL delegate: its userdata is not kept */
    settle(f);
    assert_int_equal(b.frees, 1);
    settle(f);
    assert_int_equal(a.frees + b.frees + c.frees, 3);

    /* Failing calls free at once. */
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_delegate(NULL, f->layer, &kDelegate, &e, delegate_free));
    assert_int_equal(e.frees, 1);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_delegate(lt_stale_engine(), f->layer, &kDelegate, &e, delegate_free));
    assert_int_equal(e.frees, 2);
    lamina_layer_t bad[24];
    size_t n = lt_bad_handles(f->engine, bad, 24, 8);
    for (size_t i = 0; i < n; i++) {
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_delegate(f->engine, bad[i], &kDelegate, &e, delegate_free));
    }
    assert_int_equal(e.frees, 2 + (int)n);

    /* A destroyed layer drops its delegate. */
    delegate_state_t g = {0};
    lamina_layer_t other = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &other));
    ASSERT_OK(lamina_layer_set_delegate(f->engine, other, &kDelegate, &g, delegate_free));
    ASSERT_OK(lamina_layer_release(f->engine, other));
    settle(f);
    assert_int_equal(g.frees, 1);

    /* The engine's destruction drops the rest. */
    delegate_state_t h = {0};
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &h, delegate_free));
    ASSERT_OK(lamina_engine_destroy(f->engine));
    f->engine = NULL;
    assert_int_equal(h.frees, 1);
    assert_int_equal(a.calls + b.calls + h.calls, 0);
}

/* Free functions run with no engine lock held, so they may call into the engine that dropped
 * them (here during its tick, and from a layer's destruction at the next tick). */
typedef struct reentrant {
    lamina_engine_t *engine;
    lamina_layer_t layer;
    int frees;
    lamina_status_t status;
} reentrant_t;

static void reentrant_free(void *userdata) {
    reentrant_t *r = (reentrant_t *)userdata;
    r->frees++;
    r->status = lamina_layer_set_opacity(r->engine, r->layer, 0.125);
}

static void free_functions_may_call_into_the_engine(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    reentrant_t r = {f->engine, f->layer, 0, -1};
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_custom(ignore_run, &r, reentrant_free, &action));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", action));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", NULL));
    assert_int_equal(r.frees, 0);
    settle(f);
    assert_int_equal(r.frees, 1);
    assert_int_equal(r.status, LAMINA_STATUS_OK);
    double o = 0;
    ASSERT_OK(lamina_layer_get_opacity(f->engine, f->layer, &o));
    ASSERT_DOUBLE_EQ(0.125, o);

    /* A delegate on a layer that is destroyed. */
    reentrant_t d = {f->engine, f->layer, 0, -1};
    lamina_layer_t doomed = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &doomed));
    const lamina_layer_delegate_t no_callback = {NULL};
    ASSERT_OK(lamina_layer_set_delegate(f->engine, doomed, &no_callback, &d, reentrant_free));
    ASSERT_OK(lamina_layer_release(f->engine, doomed));
    assert_int_equal(d.frees, 0);
    settle(f);
    assert_int_equal(d.frees, 1);
    assert_int_equal(d.status, LAMINA_STATUS_OK);
}

/* CA-2.7, CA-3.11, CA-16: disableActions skips the search (no delegate, no action), but the
 * query still answers. */
static void disable_actions_skips_the_search(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    call_log_t log = {0};
    marker_t m;
    lamina_action_t *action = make_marker(&m, &log, "actions");
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", action));
    delegate_state_t d = {0};
    d.answer = LAMINA_DELEGATE_CONTINUE;
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &d, NULL));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_disable_actions(f->engine, LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    assert_int_equal(d.calls, 0);
    lamina_action_t *found = NULL;
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "opacity", &found));
    assert_non_null(found);
    assert_int_equal(d.calls, 1);
    lamina_action_kind_t kind = -1;
    ASSERT_OK(lamina_action_get_kind(found, &kind));
    assert_int_equal(kind, LAMINA_ACTION_CUSTOM);
    ASSERT_OK(lamina_action_release(found));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    assert_int_equal(log.count, 0);
    ASSERT_KEYS(f, f->layer, "");
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", NULL));
    settle(f);
    assert_int_equal(m.frees, 1);
}

/* A custom action runs after the change (it reads the new value) with the layer and the event
 * key (CA-3.10). */
typedef struct reader {
    lamina_engine_t *engine;
    double value;
    char event[32];
    lamina_layer_t layer;
    int runs;
} reader_t;

static void read_opacity(void *userdata, lamina_layer_t layer, const char *event) {
    reader_t *r = (reader_t *)userdata;
    r->runs++;
    r->layer = layer;
    snprintf(r->event, sizeof r->event, "%s", event);
    assert_int_equal(lamina_layer_get_opacity(r->engine, layer, &r->value), LAMINA_STATUS_OK);
}

static void custom_action_runs_after_the_change(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    reader_t r = {0};
    r.engine = f->engine;
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_custom(read_opacity, &r, NULL, &action));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", action));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.3));
    assert_int_equal(r.runs, 1);
    ASSERT_DOUBLE_EQ(0.3, r.value);
    assert_string_equal("opacity", r.event);
    assert_true(r.layer == f->layer);
    ASSERT_KEYS(f, f->layer, "");
    /* R4: never-committed layers run no action. */
    lamina_layer_t fresh = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &fresh));
    ASSERT_OK(lamina_action_create_custom(read_opacity, &r, NULL, &action));
    ASSERT_OK(lamina_layer_set_action(f->engine, fresh, "opacity", action));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, fresh, 0.3));
    assert_int_equal(r.runs, 1);
    ASSERT_OK(lamina_layer_release(f->engine, fresh));
}

/* CA-3.10: an animation action adds a copy of its animation under the event key; with no
 * values it runs from the old presentation value to the new one (CA-7.1). One whose key path
 * was cleared animates the property that changed. */
static void animation_action_is_added_under_the_event_key(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("opacity", &anim));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    mt.duration = 2.0;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &mt));
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_animation(anim, &action));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", action));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_KEYS(f, f->layer, "opacity");
    ASSERT_DOUBLE_EQ(2.0, attached_timing(f, "opacity").duration);
    ASSERT_NEAR(0.5, lt_presented_number_at(f->engine, f->layer, "opacity", 1.0), 1e-12);

    /* Key path cleared: it animates the changed property, under its key. */
    ASSERT_OK(lamina_animation_set_key_path(anim, NULL));
    mt.duration = 1.0;
    ASSERT_OK(lamina_animation_set_media_timing(anim, &mt));
    ASSERT_OK(lamina_action_create_animation(anim, &action));
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "cornerRadius", action));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "cornerRadius", 10));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_KEYS(f, f->layer, "opacity,cornerRadius");
    ASSERT_NEAR(5.0, lt_presented_number_at(f->engine, f->layer, "cornerRadius", 0.5), 1e-12);

    /* An animation that cannot be added is skipped; the change stands. */
    ASSERT_OK(lamina_animation_set_key_path(anim, "noSuchProperty"));
    ASSERT_OK(lamina_action_create_animation(anim, &action));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "borderWidth", action));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "borderWidth", 3));
    double w = 0;
    ASSERT_OK(lamina_layer_get_number(f->engine, f->layer, "borderWidth", &w));
    ASSERT_DOUBLE_EQ(3.0, w);
    ASSERT_KEYS(f, f->layer, "opacity,cornerRadius");
    ASSERT_OK(lamina_animation_release(anim));
}

/* Listing 7.6: a transition in the layer's actions for backgroundColor makes the
 * colour change push in from the left (CA-3.10, CA-10.2). */
static void listing_7_6_colour_change_pushes_from_the_left(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_animation_t *push = NULL;
    ASSERT_OK(lamina_animation_create_transition(LAMINA_TRANSITION_PUSH, LAMINA_TRANSITION_FROM_LEFT, &push));
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_animation(push, &action));
    ASSERT_OK(lamina_animation_release(push));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "backgroundColor", action));
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", lt_rgba(0, 1, 0, 1)));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    lamina_transition_state_t ts;
    lamina_bool_t active = 0;
    ASSERT_OK(lamina_layer_get_transition(f->engine, f->layer, 0.1, &ts, &active));
    assert_int_equal(active, LAMINA_TRUE);
    assert_int_equal(ts.type, LAMINA_TRANSITION_PUSH);
    assert_int_equal(ts.subtype, LAMINA_TRANSITION_FROM_LEFT);
    ASSERT_NEAR(0.4, ts.progress, 1e-12);
    lamina_value_t before;
    ASSERT_OK(lamina_layer_get_transition_before_value(f->engine, f->layer, "backgroundColor", 0.1, &before));
    assert_int_equal(before.type, LAMINA_VALUE_NULL);
    ASSERT_KEYS(f, f->layer, "backgroundColor");
}

/* ------------------------------------------------------------------------------------------ */
/* Events that are not properties (CA-3.2, CA-3.3, R5)                                         */
/* ------------------------------------------------------------------------------------------ */

/* Issue 29 item 4: the tree edits' C entries make the edit under one lock when none of its events
 * could react; a layer's own actions (not only the defaults) still run through every entry, and an
 * edit whose events run nothing still edits. */
static void tree_edit_entries_post_layer_actions_and_still_edit_when_quiet(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_layer_t a = LAMINA_LAYER_NONE, b = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &a));
    ASSERT_OK(lamina_layer_create(f->engine, &b));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* commits a and b: events need that */
    call_log_t log = {0};
    marker_t m_in, m_out, m_subs;
    lamina_action_t *in = make_marker(&m_in, &log, "in");
    lamina_action_t *out = make_marker(&m_out, &log, "out");
    lamina_action_t *subs = make_marker(&m_subs, &log, "subs");

    /* Nothing could react: every entry edits, and nothing is posted. */
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, a));
    ASSERT_OK(lamina_layer_insert_sublayer_below(f->engine, f->layer, b, a));
    lamina_layer_t subl[2] = {0};
    size_t n = 0;
    ASSERT_OK(lamina_layer_get_sublayers(f->engine, f->layer, subl, 2, &n));
    assert_int_equal(n, 2);
    assert_true(subl[0] == b && subl[1] == a);
    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, f->layer, b, 2)); /* clamped: on top */
    ASSERT_OK(lamina_layer_get_sublayers(f->engine, f->layer, subl, 2, &n));
    assert_true(subl[0] == a && subl[1] == b);
    ASSERT_OK(lamina_layer_remove_from_superlayer(f->engine, b));
    assert_int_equal(log.count, 0);

    /* The layers' own actions run, on the layer they belong to. */
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "sublayers", subs));
    ASSERT_OK(lamina_layer_set_action(f->engine, b, "onOrderIn", in));
    ASSERT_OK(lamina_layer_set_action(f->engine, a, "onOrderOut", out));
    ASSERT_OK(lamina_layer_insert_sublayer_above(f->engine, f->layer, b, a));
    const char *e1[] = {"subs sublayers", "in onOrderIn"};
    assert_log(&log, 2, e1);
    assert_true(log.layers[0] == f->layer && log.layers[1] == b);
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "sublayers", NULL));
    ASSERT_OK(lamina_layer_remove_from_superlayer(f->engine, a));
    const char *e2[] = {"subs sublayers", "in onOrderIn", "out onOrderOut"};
    assert_log(&log, 3, e2);
    assert_true(log.layers[2] == a);
    ASSERT_OK(lamina_layer_get_sublayers(f->engine, f->layer, subl, 2, &n));
    assert_int_equal(n, 1);
    assert_true(subl[0] == b);

    /* Errors are as before: a cycle is MISUSE, naming the parent. */
    assert_int_equal(lamina_layer_add_sublayer(f->engine, b, f->layer), LAMINA_STATUS_MISUSE);

    lamina_action_t *all[] = {in, out, subs};
    for (int i = 0; i < 3; i++) ASSERT_OK(lamina_action_release(all[i]));
    ASSERT_OK(lamina_layer_release(f->engine, a));
    ASSERT_OK(lamina_layer_release(f->engine, b));
    ASSERT_OK(lamina_engine_destroy(f->engine));
    f->engine = NULL;
}

static void order_events_sublayers_and_transition_reach_default_actions(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_layer_t child = LAMINA_LAYER_NONE, other = LAMINA_LAYER_NONE, fresh = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_create(f->engine, &other));
    call_log_t log = {0};
    marker_t m_in, m_out, m_subs, m_trans;
    lamina_action_t *in = make_marker(&m_in, &log, "in");
    lamina_action_t *out = make_marker(&m_out, &log, "out");
    lamina_action_t *subs = make_marker(&m_subs, &log, "subs");
    lamina_action_t *trans = make_marker(&m_trans, &log, "trans");
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "onOrderIn", in));
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "onOrderOut", out));
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "sublayers", subs));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* commits child and other: events need that */

    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, child));
    const char *e1[] = {"subs sublayers", "in onOrderIn"};
    assert_log(&log, 2, e1);
    assert_true(log.layers[0] == f->layer); /* posted on the parent */
    assert_true(log.layers[1] == child);
    ASSERT_OK(lamina_layer_remove_from_superlayer(f->engine, child));
    const char *e2[] = {"subs sublayers", "in onOrderIn", "subs sublayers", "out onOrderOut"};
    assert_log(&log, 4, e2);
    assert_true(log.layers[3] == child);

    /* Hiding orders out, unhiding orders in (CA-3.2). */
    log.count = 0;
    ASSERT_OK(lamina_layer_set_bool(f->engine, f->layer, "hidden", LAMINA_TRUE));
    ASSERT_OK(lamina_layer_set_bool(f->engine, f->layer, "hidden", LAMINA_FALSE));
    const char *e3[] = {"out onOrderOut", "in onOrderIn"};
    assert_log(&log, 2, e3);

    /* Replacing a sublayer posts "transition" on the new layer (the layer's own action). */
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, child));
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "onOrderIn", NULL));
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "onOrderOut", NULL));
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "sublayers", NULL));
    ASSERT_OK(lamina_layer_set_action(f->engine, other, "transition", trans));
    log.count = 0;
    ASSERT_OK(lamina_layer_replace_sublayer(f->engine, f->layer, child, other));
    const char *e4[] = {"trans transition"};
    assert_log(&log, 1, e4);
    assert_true(log.layers[0] == other);

    /* R4: layers never committed post nothing. */
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "sublayers", subs));
    ASSERT_OK(lamina_layer_create(f->engine, &fresh));
    lamina_layer_t fresh_child = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &fresh_child));
    log.count = 0;
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, fresh, fresh_child));
    assert_int_equal(log.count, 0);

    lamina_action_t *all[] = {in, out, subs, trans};
    for (int i = 0; i < 4; i++) ASSERT_OK(lamina_action_release(all[i]));
    ASSERT_OK(lamina_layer_release(f->engine, child));
    ASSERT_OK(lamina_layer_release(f->engine, other));
    ASSERT_OK(lamina_layer_release(f->engine, fresh_child));
    ASSERT_OK(lamina_layer_release(f->engine, fresh));
    ASSERT_OK(lamina_engine_destroy(f->engine));
    f->engine = NULL;
    marker_t *ms[] = {&m_in, &m_out, &m_subs, &m_trans};
    for (int i = 0; i < 4; i++) assert_int_equal(ms[i]->frees, 1);
}

/* ------------------------------------------------------------------------------------------ */
/* The action query and the setters' failure paths                                             */
/* ------------------------------------------------------------------------------------------ */

/* CA-3.6, CA-3.7: the built-in implicit animation comes back as a basic animation of the
 * property with no values, the transaction's duration and the default curve; non-animatable
 * properties and events find nothing (R5). */
static void get_action_reports_the_builtin_animation(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    lamina_action_t *found = NULL;
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "position", &found));
    assert_non_null(found);
    lamina_action_kind_t kind = -1;
    ASSERT_OK(lamina_action_get_kind(found, &kind));
    assert_int_equal(kind, LAMINA_ACTION_ANIMATION);
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_action_copy_animation(found, &a));
    ASSERT_OK(lamina_action_release(found));
    lamina_animation_kind_t akind = -1;
    ASSERT_OK(lamina_animation_get_kind(a, &akind));
    assert_int_equal(akind, LAMINA_ANIMATION_BASIC);
    char key_path[32];
    size_t len = 0;
    ASSERT_OK(lamina_animation_get_key_path(a, key_path, sizeof key_path, &len));
    assert_string_equal("position", key_path);
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &mt));
    ASSERT_DOUBLE_EQ(0.25, mt.duration);
    lamina_timing_function_t tf;
    lamina_bool_t set = 0;
    ASSERT_OK(lamina_animation_get_timing_function(a, &tf, &set));
    assert_int_equal(set, LAMINA_TRUE);
    assert_true(is_named_curve(&tf, LAMINA_TIMING_DEFAULT));
    lamina_value_t v;
    ASSERT_STATUS(LAMINA_STATUS_NOT_FOUND, lamina_animation_get_from_value(a, &v));
    ASSERT_STATUS(LAMINA_STATUS_NOT_FOUND, lamina_animation_get_to_value(a, &v));
    ASSERT_OK(lamina_animation_release(a));

    /* The transaction's settings. */
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 2.0));
    lamina_timing_function_t linear;
    ASSERT_OK(lamina_timing_function_named(LAMINA_TIMING_LINEAR, &linear));
    ASSERT_OK(lamina_transaction_set_timing_function(f->engine, &linear));
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "opacity", &found));
    ASSERT_OK(lamina_action_copy_animation(found, &a));
    ASSERT_OK(lamina_animation_get_media_timing(a, &mt));
    ASSERT_DOUBLE_EQ(2.0, mt.duration);
    ASSERT_OK(lamina_animation_get_timing_function(a, &tf, &set));
    assert_true(is_named_curve(&tf, LAMINA_TIMING_LINEAR));
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_action_release(found));
    ASSERT_OK(lamina_transaction_commit(f->engine));

    const char *nothing[] = {"name", "onOrderIn", "onOrderOut", "sublayers", "transition", "someEvent"};
    for (size_t i = 0; i < sizeof nothing / sizeof nothing[0]; i++) {
        found = (lamina_action_t *)&found;
        ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, nothing[i], &found));
        assert_null(found);
    }
    /* An event finds what is set for it. */
    lamina_action_t *custom = NULL;
    ASSERT_OK(lamina_action_create_custom(ignore_run, NULL, NULL, &custom));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "someEvent", custom));
    ASSERT_OK(lamina_action_release(custom));
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "someEvent", &found));
    ASSERT_OK(lamina_action_get_kind(found, &kind));
    assert_int_equal(kind, LAMINA_ACTION_CUSTOM);
    ASSERT_OK(lamina_action_release(found));
}

static void get_action_errors(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_action_t *out;
    LT_FILL(out);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_action(NULL, f->layer, "opacity", &out));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_action(lt_stale_engine(), f->layer, "opacity", &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_action(f->engine, f->layer, NULL, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_action(f->engine, f->layer, "", &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_action(f->engine, f->layer, "opacity", NULL));
    lamina_layer_t bad[24];
    size_t n = lt_bad_handles(f->engine, bad, 24, 8);
    for (size_t i = 0; i < n; i++) {
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_action(f->engine, bad[i], "opacity", &out));
    }
    ASSERT_UNTOUCHED(out);
}

/* lamina_layer_set_action: NULL removes (also when nothing is set); failures change nothing. */
static void layer_set_action_removes_and_fails_cleanly(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    int frees = 0;
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_custom(ignore_run, &frees, count_free, &action));
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", NULL)); /* nothing set: fine */
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_action(NULL, f->layer, "opacity", action));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_action(lt_stale_engine(), f->layer, "opacity", action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_action(f->engine, f->layer, NULL, action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_action(f->engine, f->layer, "", action));
    lamina_layer_t bad[24];
    size_t n = lt_bad_handles(f->engine, bad, 24, 8);
    for (size_t i = 0; i < n; i++) {
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_action(f->engine, bad[i], "opacity", action));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_action(f->engine, bad[i], "opacity", NULL));
    }
    /* The entry is still the custom action. */
    lamina_action_t *found = NULL;
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "opacity", &found));
    lamina_action_kind_t kind = -1;
    ASSERT_OK(lamina_action_get_kind(found, &kind));
    assert_int_equal(kind, LAMINA_ACTION_CUSTOM);
    ASSERT_OK(lamina_action_release(found));
    ASSERT_OK(lamina_action_release(action));
    assert_int_equal(frees, 0); /* the layer keeps it */
    /* The existing remove_action sees it; set_action(NULL) removes it. */
    ASSERT_OK(lamina_layer_set_action(f->engine, f->layer, "opacity", NULL));
    settle(f);
    assert_int_equal(frees, 1);
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_remove_action(f->engine, f->layer, "opacity"));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_KEYS(f, f->layer, "opacity");
}

static void default_action_errors(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    int frees = 0;
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_custom(ignore_run, &frees, count_free, &action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_default_action(NULL, "opacity", action));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_set_default_action(lt_stale_engine(), "opacity", action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_default_action(f->engine, NULL, action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_default_action(f->engine, "", action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_default_no_action(NULL, "opacity"));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_engine_set_default_no_action(lt_stale_engine(), "opacity"));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_default_no_action(f->engine, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_default_no_action(f->engine, ""));
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "opacity", NULL)); /* nothing set: fine */
    ASSERT_OK(lamina_engine_set_default_action(f->engine, "opacity", action));
    ASSERT_OK(lamina_action_release(action));
    assert_int_equal(frees, 0);
    ASSERT_OK(lamina_engine_set_default_no_action(f->engine, "opacity")); /* replaces it */
    settle(f);
    assert_int_equal(frees, 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Styles                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* The layer keeps a snapshot: changing the style object afterwards does not reach it until the
 * style is set again; the snapshot keeps its actions alive after every handle is released. */
static void styles_are_snapshots(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    call_log_t log = {0};
    marker_t ma, mb;
    lamina_action_t *a = make_marker(&ma, &log, "a");
    lamina_action_t *b = make_marker(&mb, &log, "b");
    lamina_style_t *nested = NULL, *style = NULL;
    ASSERT_OK(lamina_style_create(NULL, &nested));
    ASSERT_OK(lamina_style_create(nested, &style));
    ASSERT_OK(lamina_style_retain(style));
    ASSERT_OK(lamina_style_release(style));
    ASSERT_OK(lamina_style_set_action(nested, "opacity", a));
    ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, style));
    ASSERT_OK(lamina_style_set_action(nested, "opacity", b));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    const char *e1[] = {"a opacity"};
    assert_log(&log, 1, e1);
    ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, style));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.4));
    const char *e2[] = {"a opacity", "b opacity"};
    assert_log(&log, 2, e2);
    assert_int_equal(ma.frees, 0);
    ASSERT_OK(lamina_action_release(a));
    assert_int_equal(ma.frees, 0); /* the layer's replaced snapshot goes at the next tick */
    settle(f);
    assert_int_equal(ma.frees, 1);

    /* Removing from the style object; the layer keeps b until its style is replaced. */
    ASSERT_OK(lamina_style_set_action(nested, "opacity", NULL));
    ASSERT_OK(lamina_style_set_action(nested, "opacity", NULL)); /* nothing set: fine */
    ASSERT_OK(lamina_action_release(b));
    ASSERT_OK(lamina_style_release(style));
    ASSERT_OK(lamina_style_release(nested));
    assert_int_equal(mb.frees, 0);
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.3));
    assert_int_equal(log.count, 3);
    ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, NULL));
    settle(f);
    assert_int_equal(mb.frees, 1);
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.2));
    assert_int_equal(log.count, 3);
    ASSERT_KEYS(f, f->layer, "opacity");
}

static void style_errors(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_style_t *out;
    LT_FILL(out);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_create(NULL, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_retain(NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_release(NULL));
    lamina_style_t *style = NULL;
    ASSERT_OK(lamina_style_create(NULL, &style));
    lamina_action_t *action = NULL;
    ASSERT_OK(lamina_action_create_custom(ignore_run, NULL, NULL, &action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_set_action(NULL, "opacity", action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_set_action(style, NULL, action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_set_action(style, "", action));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_set_no_action(NULL, "opacity"));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_set_no_action(style, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_style_set_no_action(style, ""));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_style(NULL, f->layer, style));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_style(lt_stale_engine(), f->layer, style));
    lamina_layer_t bad[24];
    size_t n = lt_bad_handles(f->engine, bad, 24, 8);
    for (size_t i = 0; i < n; i++) {
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_style(f->engine, bad[i], style));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_style(f->engine, bad[i], NULL));
    }
    ASSERT_UNTOUCHED(out);
    ASSERT_OK(lamina_action_release(action));
    ASSERT_OK(lamina_style_release(style));
}

/* A long chain of nested styles is searched to its end (and built without recursion). */
static void long_style_chains_are_searched_to_the_end(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    call_log_t log = {0};
    marker_t m;
    lamina_action_t *deep = make_marker(&m, &log, "deep");
    lamina_style_t *style = NULL;
    ASSERT_OK(lamina_style_create(NULL, &style));
    ASSERT_OK(lamina_style_set_action(style, "opacity", deep));
    ASSERT_OK(lamina_action_release(deep));
    for (int i = 0; i < 1000; i++) {
        lamina_style_t *outer = NULL;
        ASSERT_OK(lamina_style_create(style, &outer));
        ASSERT_OK(lamina_style_release(style));
        style = outer;
    }
    ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, style));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    const char *e[] = {"deep opacity"};
    assert_log(&log, 1, e);
    ASSERT_OK(lamina_style_release(style));
    ASSERT_OK(lamina_layer_set_style(f->engine, f->layer, NULL));
    settle(f);
    assert_int_equal(m.frees, 1);
}

/* ------------------------------------------------------------------------------------------ */
/* View-backed layers (R11, CA-4.1, CA-4.2)                                                    */
/* ------------------------------------------------------------------------------------------ */

static void view_backed_flag_reads_back(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_bool_t vb = 7;
    ASSERT_OK(lamina_layer_get_view_backed(f->engine, f->layer, &vb));
    assert_int_equal(vb, LAMINA_FALSE);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, 5)); /* any non-zero is true */
    ASSERT_OK(lamina_layer_get_view_backed(f->engine, f->layer, &vb));
    assert_int_equal(vb, LAMINA_TRUE);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_FALSE));
    ASSERT_OK(lamina_layer_get_view_backed(f->engine, f->layer, &vb));
    assert_int_equal(vb, LAMINA_FALSE);

    LT_FILL(vb);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_set_view_backed(NULL, f->layer, 1));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_view_backed(lt_stale_engine(), f->layer, 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_view_backed(NULL, f->layer, &vb));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_view_backed(lt_stale_engine(), f->layer, &vb));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_view_backed(f->engine, f->layer, NULL));
    lamina_layer_t bad[24];
    size_t n = lt_bad_handles(f->engine, bad, 24, 8);
    for (size_t i = 0; i < n; i++) {
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_view_backed(f->engine, bad[i], 1));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_view_backed(f->engine, bad[i], &vb));
    }
    ASSERT_UNTOUCHED(vb);
}

/* Listing 7.4: a view-backed layer does not animate under a plain transaction; the colour
 * jumps (CA-4.2). Its own delegate answers first; LAMINA_DELEGATE_VIEW_POLICY is its call to
 * super, the view policy (CA-4.1, issue 8 item 5, issue 23 item 5). */
static void listing_7_4_view_backed_layer_does_not_animate_in_a_transaction(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    delegate_state_t d = {0};
    d.answer = LAMINA_DELEGATE_VIEW_POLICY;
    ASSERT_OK(lamina_layer_set_delegate(f->engine, f->layer, &kDelegate, &d, NULL));
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    ASSERT_OK(lamina_layer_set_color(f->engine, f->layer, "backgroundColor", lt_rgba(0, 0, 1, 1)));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_KEYS(f, f->layer, "");
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value(f->engine, f->layer, "backgroundColor", &v));
    assert_int_equal(v.type, LAMINA_VALUE_COLOR);
    ASSERT_COLOR_NEAR(0, 0, 1, 1, v.u.color, 0.0);
    assert_int_equal(d.calls, 1);
}

/* Listing 7.5: the view's lookup answers "no action" outside a block and an animation inside,
 * with the block's duration and curve (CA-4.2, CA-4.3). */
static void listing_7_5_no_action_outside_a_block_an_animation_inside(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    lamina_action_t *found = (lamina_action_t *)&found;
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "backgroundColor", &found));
    assert_null(found);
    ASSERT_OK(lamina_view_animation_begin(f->engine, 0.5, 0.0, 0, NULL, NULL, NULL));
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "backgroundColor", &found));
    assert_non_null(found);
    lamina_animation_t *a = NULL;
    ASSERT_OK(lamina_action_copy_animation(found, &a));
    lamina_media_timing_t mt = LAMINA_MEDIA_TIMING_INIT;
    ASSERT_OK(lamina_animation_get_media_timing(a, &mt));
    ASSERT_DOUBLE_EQ(0.5, mt.duration);
    lamina_timing_function_t tf;
    lamina_bool_t set = 0;
    ASSERT_OK(lamina_animation_get_timing_function(a, &tf, &set));
    assert_int_equal(set, LAMINA_TRUE);
    assert_true(is_named_curve(&tf, LAMINA_TIMING_EASE_IN_EASE_OUT));
    ASSERT_OK(lamina_animation_release(a));
    ASSERT_OK(lamina_action_release(found));
    /* Non-property events get no action inside a block either. */
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "onOrderIn", &found));
    assert_null(found);
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_layer_get_action(f->engine, f->layer, "backgroundColor", &found));
    assert_null(found);
}

/* ------------------------------------------------------------------------------------------ */
/* Animation blocks (R11, CA-4.3 to CA-4.8)                                                    */
/* ------------------------------------------------------------------------------------------ */

typedef struct completion_log {
    char lines[8][32];
    int count;
    int frees;
} completion_log_t;

typedef struct completion_tag {
    completion_log_t *log;
    const char *name;
} completion_tag_t;

static void completion_logged(void *userdata, lamina_bool_t finished) {
    completion_tag_t *t = (completion_tag_t *)userdata;
    assert_true(t->log->count < 8);
    snprintf(t->log->lines[t->log->count++], 32, "%s %u", t->name, (unsigned)finished);
}

static void completion_tag_free(void *userdata) { ((completion_tag_t *)userdata)->log->frees++; }

/* CA-4.6: the block animates with its duration and curve; the completion reports finished = 1
 * at a later tick, once; its userdata is freed once after it ran. */
static void block_animates_with_its_duration_and_curve(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    completion_log_t log = {0};
    completion_tag_t tag = {&log, "done"};
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, LAMINA_VIEW_ANIMATION_CURVE_LINEAR,
                                          completion_logged, &tag, completion_tag_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_KEYS(f, f->layer, "opacity");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_NEAR(0.5, lt_presented_number(f->engine, f->layer, "opacity"), 1e-12);
    assert_int_equal(log.count, 0);
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.1));
    assert_int_equal(log.count, 1);
    assert_string_equal("done 1", log.lines[0]);
    assert_int_equal(log.frees, 1);
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0));
    assert_int_equal(log.count, 1);
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "opacity"));

    /* The other curves (CA-4.8), and the default ease-in-ease-out. */
    const struct { uint64_t option; lamina_timing_name_t name; } curves[] = {
        {LAMINA_VIEW_ANIMATION_CURVE_EASE_IN_OUT, LAMINA_TIMING_EASE_IN_EASE_OUT},
        {LAMINA_VIEW_ANIMATION_CURVE_EASE_IN, LAMINA_TIMING_EASE_IN},
        {LAMINA_VIEW_ANIMATION_CURVE_EASE_OUT, LAMINA_TIMING_EASE_OUT},
        {LAMINA_VIEW_ANIMATION_CURVE_LINEAR, LAMINA_TIMING_LINEAR},
    };
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, curves[i].option, NULL, NULL, NULL));
        /* zPosition: not additive in a block (cornerRadius is, CA-4.4, and would stack keys). */
        ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "zPosition", (double)(i + 1)));
        ASSERT_OK(lamina_view_animation_commit(f->engine));
        lamina_timing_function_t tf = attached_curve(f, "zPosition");
        assert_true(is_named_curve(&tf, curves[i].name));
    }
    /* Runs the replaced animations' queued callbacks before the engine goes (an engine destroyed
     * with callbacks still queued is kept alive by them). */
    ASSERT_OK(lamina_engine_tick(f->engine, 2.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 3.0));
}

/* CA-4.4, CA-14.3: position animates additively: the second block stacks on the first under a
 * fresh key, the presentation does not jump, and both completions report finished = 1. */
static void additive_position_blocks_stack_and_both_finish(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    completion_log_t log = {0};
    completion_tag_t first = {&log, "first"}, second = {&log, "second"};
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, LAMINA_VIEW_ANIMATION_CURVE_LINEAR,
                                          completion_logged, &first, completion_tag_free));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){100, 0}));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* R2: commits here (a hand-driven commit begins at the next tick) */
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    double before = lt_presented_number(f->engine, f->layer, "position.x");
    ASSERT_NEAR(50.0, before, 1e-9);
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, LAMINA_VIEW_ANIMATION_CURVE_LINEAR,
                                          completion_logged, &second, completion_tag_free));
    ASSERT_OK(lamina_layer_set_position(f->engine, f->layer, (lamina_point_t){0, 0}));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_KEYS(f, f->layer, "position,position-2");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_NEAR(before, lt_presented_number(f->engine, f->layer, "position.x"), 1e-9); /* no jump */
    ASSERT_OK(lamina_engine_tick(f->engine, 1.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.5));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.6));
    assert_int_equal(log.count, 2);
    assert_string_equal("first 1", log.lines[0]);
    assert_string_equal("second 1", log.lines[1]);
    assert_int_equal(log.frees, 2);
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value(f->engine, f->layer, "position", &v));
    ASSERT_POINT_EQ(0.0, 0.0, v.u.point);
}

/* CA-4.4, CA-4.6: opacity is not additive: a new block replaces the animation in flight, whose
 * completion reports finished = 0; the new one's reports 1. */
static void replaced_block_reports_unfinished(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    completion_log_t log = {0};
    completion_tag_t first = {&log, "first"}, second = {&log, "second"};
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, completion_logged, &first, completion_tag_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, completion_logged, &second, completion_tag_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 1.0));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_KEYS(f, f->layer, "opacity");
    ASSERT_OK(lamina_engine_tick(f->engine, 0.6));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.6));
    ASSERT_OK(lamina_engine_tick(f->engine, 1.7));
    assert_int_equal(log.count, 2);
    assert_string_equal("first 0", log.lines[0]);
    assert_string_equal("second 1", log.lines[1]);
    assert_int_equal(log.frees, 2);
}

/* CA-4.7: nested blocks inherit the outer duration, curve and repeat options unless told to
 * override them. */
static void nested_blocks_inherit_unless_overridden(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 2.0, 0.0,
                                          LAMINA_VIEW_ANIMATION_CURVE_LINEAR | LAMINA_VIEW_ANIMATION_REPEAT,
                                          NULL, NULL, NULL));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 0.5, 0.0, LAMINA_VIEW_ANIMATION_CURVE_EASE_IN, NULL, NULL, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 0.5, 0.0,
                                          LAMINA_VIEW_ANIMATION_OVERRIDE_INHERITED_DURATION |
                                              LAMINA_VIEW_ANIMATION_OVERRIDE_INHERITED_CURVE |
                                              LAMINA_VIEW_ANIMATION_OVERRIDE_INHERITED_OPTIONS |
                                              LAMINA_VIEW_ANIMATION_CURVE_EASE_IN,
                                          NULL, NULL, NULL));
    ASSERT_OK(lamina_layer_set_number(f->engine, f->layer, "cornerRadius", 4));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_view_animation_commit(f->engine));

    lamina_media_timing_t inherited = attached_timing(f, "opacity");
    ASSERT_DOUBLE_EQ(2.0, inherited.duration);
    assert_true(isinf(inherited.repeat_count) || inherited.repeat_count >= LAMINA_REPEAT_FOREVER);
    lamina_timing_function_t tf = attached_curve(f, "opacity");
    assert_true(is_named_curve(&tf, LAMINA_TIMING_LINEAR));

    lamina_media_timing_t overridden = attached_timing(f, "cornerRadius");
    ASSERT_DOUBLE_EQ(0.5, overridden.duration);
    ASSERT_DOUBLE_EQ(0.0, overridden.repeat_count);
    tf = attached_curve(f, "cornerRadius");
    assert_true(is_named_curve(&tf, LAMINA_TIMING_EASE_IN));
}

/* CA-4.6: delay, repeat and autoreverse become the animation's timing; the accepted no-op
 * options change nothing. */
static void block_options_become_the_animation_timing(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    ASSERT_OK(lamina_view_animation_begin(
        f->engine, 1.0, 0.5,
        LAMINA_VIEW_ANIMATION_REPEAT | LAMINA_VIEW_ANIMATION_AUTOREVERSE | LAMINA_VIEW_ANIMATION_LAYOUT_SUBVIEWS |
            LAMINA_VIEW_ANIMATION_ALLOW_USER_INTERACTION | LAMINA_VIEW_ANIMATION_BEGIN_FROM_CURRENT_STATE,
        NULL, NULL, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    /* The block commits between two hand-driven ticks: it begins at the next tick (R2), and
     * until then its begin time reads as pending (0), as before a commit (R6). */
    lamina_media_timing_t mt = attached_timing(f, "opacity");
    ASSERT_DOUBLE_EQ(0.0, mt.begin_time);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.25));
    mt = attached_timing(f, "opacity");
    ASSERT_DOUBLE_EQ(0.75, mt.begin_time);
    assert_true(isinf(mt.repeat_count));
    assert_int_equal(mt.autoreverses, LAMINA_TRUE);
    lamina_animation_timing_t t = timing_of(f, "opacity");
    assert_true(isinf(t.active_duration));
}

/* CA-4.6: a duration <= 0 makes the change without animating; the completion still runs (with
 * finished = 1, nothing was interrupted). Non-view-backed layers in a block animate as usual
 * with the block's transaction. */
static void zero_duration_block_does_not_animate(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    completion_log_t log = {0};
    completion_tag_t tag = {&log, "zero"};
    ASSERT_OK(lamina_view_animation_begin(f->engine, 0.0, 0.0, 0, completion_logged, &tag, completion_tag_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.0));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_KEYS(f, f->layer, "");
    ASSERT_DOUBLE_EQ(0.0, lt_presented_number(f->engine, f->layer, "opacity"));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
    assert_int_equal(log.count, 1);
    assert_string_equal("zero 1", log.lines[0]);
    assert_int_equal(log.frees, 1);

    /* A negative duration too. */
    ASSERT_OK(lamina_view_animation_begin(f->engine, -1.0, 0.0, 0, NULL, NULL, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 1.0));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_KEYS(f, f->layer, "");

    /* A standalone layer animates implicitly inside a block, with its own rules (CA-4.1). */
    lamina_layer_t plain = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &plain));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.2));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 3.0, 0.0, 0, NULL, NULL, NULL));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, plain, 0.5));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_KEYS(f, plain, "opacity");
    ASSERT_OK(lamina_layer_release(f->engine, plain));
}

/* The block's failures: bad engines, numbers and option bits (free at once), unbalanced
 * commits (MISUSE, nothing changes), and a pending completion freed with its engine. */
static void view_animation_errors(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    int frees = 0;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_view_animation_begin(NULL, 1.0, 0.0, 0, completion_logged,
                                             &frees, count_free));
    assert_int_equal(frees, 1);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE,
                 lamina_view_animation_begin(lt_stale_engine(), 1.0, 0.0, 0, completion_logged, &frees, count_free));
    assert_int_equal(frees, 2);
    const double bad_durations[] = {NAN, INFINITY, -INFINITY};
    for (int i = 0; i < 3; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                     lamina_view_animation_begin(f->engine, bad_durations[i], 0.0, 0, completion_logged, &frees, count_free));
    }
    assert_int_equal(frees, 5);
    const double bad_delays[] = {NAN, INFINITY, -INFINITY, -0.5};
    for (int i = 0; i < 4; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                     lamina_view_animation_begin(f->engine, 1.0, bad_delays[i], 0, completion_logged, &frees, count_free));
    }
    assert_int_equal(frees, 9);
    const uint64_t bad_options[] = {(uint64_t)1 << 7, (uint64_t)1 << 8, (uint64_t)4 << 16, (uint64_t)8 << 16,
                                    (uint64_t)1 << 20, (uint64_t)5 << 20, (uint64_t)3 << 24, (uint64_t)1 << 63,
                                    (uint64_t)1 << 10};
    for (size_t i = 0; i < sizeof bad_options / sizeof bad_options[0]; i++) {
        ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                     lamina_view_animation_begin(f->engine, 1.0, 0.0, bad_options[i], completion_logged, &frees, count_free));
    }
    assert_int_equal(frees, 9 + (int)(sizeof bad_options / sizeof bad_options[0]));
    /* A NULL completion frees its userdata at once. */
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, NULL, &frees, count_free));
    assert_int_equal(frees, 10 + (int)(sizeof bad_options / sizeof bad_options[0]));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    frees = 0;

    /* Failed begins opened nothing: a commit now is unbalanced. */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_view_animation_commit(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_view_animation_commit(NULL));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_view_animation_commit(lt_stale_engine()));

    /* A plain transaction is not a block. */
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_transaction_commit(f->engine));

    /* A transaction begun inside a block must be committed first; the failed commit changed
     * nothing (the block is still open and animates). */
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, NULL, NULL, NULL));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.5));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_KEYS(f, f->layer, "opacity");
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_view_animation_commit(f->engine));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(f->engine));

    /* A plain commit cannot close a block's transaction; its own commit still can. */
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, NULL, NULL, NULL));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    /* After the block, changes jump again (listing 7.4). */
    ASSERT_OK(lamina_layer_remove_all_animations(f->engine, f->layer));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 0.25));
    ASSERT_KEYS(f, f->layer, "");

    /* A completion still pending when the engine goes is freed, never called — also with
     * delegate calls still queued from above (they do not keep the engine alive). */
    completion_log_t log = {0};
    completion_tag_t tag = {&log, "never"};
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, completion_logged, &tag, completion_tag_free));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, f->layer, 1.0));
    ASSERT_OK(lamina_view_animation_commit(f->engine));
    ASSERT_OK(lamina_engine_destroy(f->engine));
    f->engine = NULL;
    assert_int_equal(log.count, 0);
    assert_int_equal(log.frees, 1);
}

/* Blocks are per thread like transactions: a block another thread opened does not make this
 * thread's changes animate, and cannot be committed from here. */

typedef struct thread_args {
    lt_fixture_t *f;
    lamina_status_t commit_status;
    size_t keys;
} thread_args_t;

static void *other_thread(void *p) {
    thread_args_t *a = (thread_args_t *)p;
    a->commit_status = lamina_view_animation_commit(a->f->engine);
    if (lamina_layer_set_opacity(a->f->engine, a->f->layer, 0.5) != LAMINA_STATUS_OK) a->keys = 99;
    if (lamina_transaction_flush(a->f->engine) != LAMINA_STATUS_OK) a->keys = 99;
    if (a->keys == 0 && lamina_layer_get_animation_count(a->f->engine, a->f->layer, &a->keys) != LAMINA_STATUS_OK)
        a->keys = 99;
    return NULL;
}

static void blocks_belong_to_their_thread(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    commit_layer(f);
    ASSERT_OK(lamina_layer_set_view_backed(f->engine, f->layer, LAMINA_TRUE));
    ASSERT_OK(lamina_view_animation_begin(f->engine, 1.0, 0.0, 0, NULL, NULL, NULL));
    thread_args_t args = {f, -1, 0};
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, other_thread, &args), 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_int_equal(args.commit_status, LAMINA_STATUS_MISUSE);
    assert_int_equal((int)args.keys, 0);
    ASSERT_OK(lamina_view_animation_commit(f->engine));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(animation_actions_copy_their_animation),
        LT_TEST(custom_actions_free_their_userdata_once),
        LT_TEST(action_object_errors),
        LT_TEST(search_order_is_delegate_actions_style_nested_registry_builtin),
        LT_TEST(no_action_at_each_step_stops_the_search),
        LT_TEST(delegate_continue_reaches_the_builtin_animation),
        LT_TEST(delegate_sees_the_old_value),
        LT_TEST(delegate_answers_transfer_the_action_reference),
        LT_TEST(delegate_userdata_is_freed_once),
        LT_TEST(free_functions_may_call_into_the_engine),
        LT_TEST(disable_actions_skips_the_search),
        LT_TEST(custom_action_runs_after_the_change),
        LT_TEST(animation_action_is_added_under_the_event_key),
        LT_TEST(listing_7_6_colour_change_pushes_from_the_left),
        LT_TEST(order_events_sublayers_and_transition_reach_default_actions),
        LT_TEST(tree_edit_entries_post_layer_actions_and_still_edit_when_quiet),
        LT_TEST(get_action_reports_the_builtin_animation),
        LT_TEST(get_action_errors),
        LT_TEST(layer_set_action_removes_and_fails_cleanly),
        LT_TEST(default_action_errors),
        LT_TEST(styles_are_snapshots),
        LT_TEST(style_errors),
        LT_TEST(long_style_chains_are_searched_to_the_end),
        LT_TEST(view_backed_flag_reads_back),
        LT_TEST(listing_7_4_view_backed_layer_does_not_animate_in_a_transaction),
        LT_TEST(listing_7_5_no_action_outside_a_block_an_animation_inside),
        LT_TEST(block_animates_with_its_duration_and_curve),
        LT_TEST(additive_position_blocks_stack_and_both_finish),
        LT_TEST(replaced_block_reports_unfinished),
        LT_TEST(nested_blocks_inherit_unless_overridden),
        LT_TEST(block_options_become_the_animation_timing),
        LT_TEST(zero_duration_block_does_not_animate),
        LT_TEST(view_animation_errors),
        LT_TEST(blocks_belong_to_their_thread),
    };
    return cmocka_run_group_tests_name("actions", tests, NULL, NULL);
}
