/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Thread stress (issue 9, R12): 8 mutator threads change their own and shared layers in
 * every transaction shape (nested, implicit + flush, completions, explicit animations, view
 * blocks, tree moves) and spawn short-lived threads that exit with transactions open; 1 thread
 * ticks; 1 reads presentation values, hit tests and draw lists. Bounded iteration counts, not
 * timed. Checks: no lost update (each thread's own layer ends at its last write, and so do the
 * exited threads' layers), every completion runs at most once and is freed exactly once, and no
 * deadlock (ctest's timeout). CI also runs it under ThreadSanitizer.
 */
#include "lamina_test_support.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

enum { MUTATORS = 8, EXITERS_PER_MUTATOR = 20, MAX_COMPLETIONS = 32768 };
/* 1200 by default; the valgrind run sets LAMINA_STRESS_ITERATIONS lower (it serializes threads). */
static int ITERATIONS = 1200;
/* The ticker's and the reader's rounds while mutators run; the valgrind run lowers it too
 * (LAMINA_STRESS_POLLS): valgrind runs one thread at a time, so every round is paid in full. */
static int POLLS = 200000;

static lamina_engine_t *engine;
static lamina_layer_t root, shared[4], own[MUTATORS], exited[MUTATORS][EXITERS_PER_MUTATOR];
static atomic_int done_mutators;
static atomic_int runs[MAX_COMPLETIONS], frees[MAX_COMPLETIONS];
static atomic_int next_completion;
static atomic_int failures;

#define CHECK(call)                                                                              \
    do {                                                                                         \
        lamina_status_t s_ = (call);                                                             \
        if (s_ != LAMINA_STATUS_OK) {                                                            \
            fprintf(stderr, "%s:%d: %s -> %s: %s\n", __FILE__, __LINE__, #call,                  \
                    lamina_status_string(s_), lamina_last_error_message());                      \
            atomic_fetch_add(&failures, 1);                                                      \
        }                                                                                        \
    } while (0)

static intptr_t new_completion(void) {
    int id = atomic_fetch_add(&next_completion, 1);
    return id < MAX_COMPLETIONS ? id : -1;
}
static void on_completion(void *userdata) { atomic_fetch_add(&runs[(intptr_t)userdata], 1); }
static void on_view_completion(void *userdata, lamina_bool_t finished) {
    (void)finished;
    atomic_fetch_add(&runs[(intptr_t)userdata], 1);
}
static void on_free(void *userdata) { atomic_fetch_add(&frees[(intptr_t)userdata], 1); }

struct exiter {
    lamina_layer_t layer;
    int shape;
};

/* Sets its layer's opacity to 0.5 and exits with the transaction open. */
static void *exit_open(void *arg) {
    struct exiter *x = arg;
    if (x->shape >= 1) (void)lamina_transaction_begin(engine);
    if (x->shape >= 2) (void)lamina_transaction_begin(engine);
    intptr_t c = new_completion();
    if (c >= 0) (void)lamina_transaction_set_completion(engine, on_completion, (void *)c, on_free);
    CHECK(lamina_layer_set_number(engine, x->layer, "opacity", 0.5));
    return NULL;
}

static void *mutator(void *arg) {
    int me = (int)(intptr_t)arg;
    lamina_layer_t mine = own[me];
    for (int i = 0; i < ITERATIONS; i++) {
        lamina_layer_t s = shared[(me + i) % 4];
        double v = (double)(i + 1);
        intptr_t c;
        switch (i % 6) {
        case 0: /* nested explicit transactions with a completion */
            CHECK(lamina_transaction_begin(engine));
            c = new_completion();
            if (c >= 0) CHECK(lamina_transaction_set_completion(engine, on_completion, (void *)c, on_free));
            CHECK(lamina_transaction_begin(engine));
            CHECK(lamina_layer_set_number(engine, s, "opacity", 1.0 / v));
            CHECK(lamina_transaction_commit(engine));
            CHECK(lamina_layer_set_number(engine, mine, "zPosition", v));
            CHECK(lamina_transaction_commit(engine));
            break;
        case 1: /* implicit transaction + flush */
            CHECK(lamina_layer_set_number(engine, mine, "zPosition", v));
            CHECK(lamina_layer_set_point(engine, s, "position", (lamina_point_t){v, v}));
            CHECK(lamina_transaction_flush(engine));
            break;
        case 2: { /* an explicit animation */
            lamina_animation_t *a = NULL;
            CHECK(lamina_animation_create_basic("position.x", &a));
            lamina_value_t to = {.type = LAMINA_VALUE_NUMBER, .u.number = v};
            CHECK(lamina_animation_set_to_value(a, &to));
            CHECK(lamina_layer_add_animation(engine, s, a, "move"));
            CHECK(lamina_animation_release(a));
            CHECK(lamina_layer_set_number(engine, mine, "zPosition", v));
            CHECK(lamina_transaction_flush(engine));
            break;
        }
        case 3: /* a view block */
            c = new_completion();
            CHECK(lamina_view_animation_begin(engine, 0.05, 0, 0, c >= 0 ? on_view_completion : NULL,
                                              (void *)c, c >= 0 ? on_free : NULL));
            CHECK(lamina_layer_set_number(engine, s, "opacity", 0.5));
            CHECK(lamina_layer_set_number(engine, mine, "zPosition", v));
            CHECK(lamina_view_animation_commit(engine));
            break;
        case 4: /* tree moves: the own layer goes under a shared one and back */
            CHECK(lamina_transaction_begin(engine));
            CHECK(lamina_layer_add_sublayer(engine, s, mine));
            CHECK(lamina_layer_add_sublayer(engine, root, mine));
            CHECK(lamina_layer_set_number(engine, mine, "zPosition", v));
            CHECK(lamina_transaction_commit(engine));
            break;
        case 5: { /* a short-lived thread that exits with transactions open */
            int k = i / 6;
            if (k < EXITERS_PER_MUTATOR) {
                struct exiter x = {exited[me][k], k % 3};
                pthread_t t;
                if (pthread_create(&t, NULL, exit_open, &x) == 0) pthread_join(t, NULL);
            }
            CHECK(lamina_layer_set_number(engine, mine, "zPosition", v));
            CHECK(lamina_transaction_flush(engine));
            break;
        }
        }
    }
    atomic_fetch_add(&done_mutators, 1);
    return NULL;
}

static void *ticker(void *arg) {
    (void)arg;
    double t = 0;
    /* Bounded: at most 200000 ticks, stopping once the mutators are done. */
    for (int n = 0; n < POLLS && atomic_load(&done_mutators) < MUTATORS; n++) {
        sched_yield(); /* let the mutators run where threads take turns (valgrind) */
        t += 0.01;
        CHECK(lamina_engine_tick(engine, t));
    }
    for (int n = 0; n < 10; n++) CHECK(lamina_engine_tick(engine, t + 1.0 + n));
    return NULL;
}

static void *reader(void *arg) {
    (void)arg;
    for (int n = 0; n < POLLS && atomic_load(&done_mutators) < MUTATORS; n++) {
        sched_yield();
        lamina_value_t v;
        lamina_status_t s = lamina_layer_get_presentation_value(engine, shared[n % 4], "opacity", &v);
        if (s != LAMINA_STATUS_OK && s != LAMINA_STATUS_NO_PRESENTATION) atomic_fetch_add(&failures, 1);
        lamina_layer_t hit = 0;
        s = lamina_layer_hit_test(engine, root, (lamina_point_t){5, 5}, LAMINA_TREE_PRESENTATION, 0, &hit);
        if (s != LAMINA_STATUS_OK && s != LAMINA_STATUS_NO_PRESENTATION) atomic_fetch_add(&failures, 1);
        const lamina_draw_record_t *records;
        size_t count;
        s = lamina_engine_draw_list(engine, root, (double)n * 0.001, &records, &count);
        if (s != LAMINA_STATUS_OK && s != LAMINA_STATUS_NO_PRESENTATION) atomic_fetch_add(&failures, 1);
    }
    return NULL;
}

static void test_stress(void **state) {
    (void)state;
    const char *n = getenv("LAMINA_STRESS_ITERATIONS");
    if (n && atoi(n) >= 120) ITERATIONS = atoi(n);
    const char *polls = getenv("LAMINA_STRESS_POLLS");
    if (polls && atoi(polls) >= 100) POLLS = atoi(polls);
    ASSERT_OK(lamina_engine_create(&engine));
    ASSERT_OK(lamina_layer_create(engine, &root));
    ASSERT_OK(lamina_layer_set_rect(engine, root, "bounds", (lamina_rect_t){{0, 0}, {100, 100}}));
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(lamina_layer_create(engine, &shared[i]));
        ASSERT_OK(lamina_layer_add_sublayer(engine, root, shared[i]));
        ASSERT_OK(lamina_layer_set_view_backed(engine, shared[i], i % 2));
    }
    for (int m = 0; m < MUTATORS; m++) {
        ASSERT_OK(lamina_layer_create(engine, &own[m]));
        ASSERT_OK(lamina_layer_add_sublayer(engine, root, own[m]));
        for (int k = 0; k < EXITERS_PER_MUTATOR; k++) {
            ASSERT_OK(lamina_layer_create(engine, &exited[m][k]));
            ASSERT_OK(lamina_layer_add_sublayer(engine, root, exited[m][k]));
        }
    }
    ASSERT_OK(lamina_engine_tick(engine, 0));

    pthread_t threads[MUTATORS + 2];
    for (int m = 0; m < MUTATORS; m++) assert_int_equal(pthread_create(&threads[m], NULL, mutator, (void *)(intptr_t)m), 0);
    assert_int_equal(pthread_create(&threads[MUTATORS], NULL, ticker, NULL), 0);
    assert_int_equal(pthread_create(&threads[MUTATORS + 1], NULL, reader, NULL), 0);
    for (int i = 0; i < MUTATORS + 2; i++) assert_int_equal(pthread_join(threads[i], NULL), 0);

    assert_int_equal(atomic_load(&failures), 0);
    /* No lost update: every thread's last write is the model and, after a tick, the
     * presentation (the exited threads' writes too). */
    ASSERT_OK(lamina_engine_tick(engine, 1e6)); /* commits: the last changes animate from 1e6 (R2) */
    ASSERT_OK(lamina_engine_tick(engine, 2e6));
    for (int m = 0; m < MUTATORS; m++) {
        lamina_value_t v;
        ASSERT_OK(lamina_layer_get_presentation_value(engine, own[m], "zPosition", &v));
        ASSERT_DOUBLE_EQ((double)ITERATIONS, v.u.number);
        for (int k = 0; k < EXITERS_PER_MUTATOR; k++) {
            ASSERT_OK(lamina_layer_get_presentation_value(engine, exited[m][k], "opacity", &v));
            ASSERT_DOUBLE_EQ(0.5, v.u.number);
        }
    }
    ASSERT_OK(lamina_engine_tick(engine, 2e6));
    int made = atomic_load(&next_completion);
    if (made > MAX_COMPLETIONS) made = MAX_COMPLETIONS;
    int ran = 0;
    for (int c = 0; c < made; c++) {
        assert_true(atomic_load(&runs[c]) <= 1);
        ran += atomic_load(&runs[c]);
    }
    assert_int_equal(ran, made); /* every completion ran once: nothing was lost at thread exit */
    ASSERT_OK(lamina_engine_destroy(engine));
    for (int c = 0; c < made; c++) assert_int_equal(atomic_load(&frees[c]), 1);
}

/* Destroy racing calls (R13, issue 12): reader threads call the one-lock entry points (sets,
 * model and presentation reads) on an engine while the main thread destroys it and makes a new
 * engine, which reuses the handle table's slot and its lock. Every call answers OK until the
 * destroy and STALE_HANDLE after it (never anything else, never the new engine's layers), and the
 * sanitizers see no use of a dropped engine: the lock is what keeps it alive during such a call.
 * Without `retire` taking the slot's lock, ASan and valgrind report the freed engine. */
enum { RACERS = 3, RACE_ROUNDS = 40 };
static _Atomic(lamina_engine_t *) race_engine;
static _Atomic lamina_layer_t race_layer;
static atomic_int race_calls[RACERS], race_stale[RACERS], race_stop, race_bad;

static void *racer(void *arg) {
    int me = (int)(intptr_t)arg;
    lamina_engine_t *e = atomic_load(&race_engine);
    lamina_layer_t l = atomic_load(&race_layer);
    int stale = 0;
    while (!atomic_load(&race_stop)) {
        lamina_value_t v;
        double n;
        lamina_point_t pt;
        lamina_status_t s[6] = {
            lamina_layer_get_presentation_value(e, l, "opacity", &v),
            lamina_layer_get_number(e, l, "opacity", &n),
            lamina_layer_get_position(e, l, &pt),
            lamina_layer_set_number(e, l, "zPosition", (double)(me + 1)),
            lamina_layer_set_position(e, l, (lamina_point_t){me, me}),
            lamina_layer_get_presentation_value_at(e, l, "position", 0.5, &v),
        };
        for (int k = 0; k < 6; k++) {
            if (s[k] == LAMINA_STATUS_STALE_HANDLE) stale = 1;
            /* After one stale answer every answer is stale: the engine is gone for good. */
            else if (s[k] != LAMINA_STATUS_OK || stale) atomic_fetch_add(&race_bad, 1);
        }
        atomic_fetch_add(&race_calls[me], 1);
    }
    atomic_store(&race_stale[me], stale);
    return NULL;
}

/* Waits until every racer made `more` more rounds of calls (or gave up: the valgrind run). */
static void race_wait(int more) {
    int start[RACERS];
    for (int r = 0; r < RACERS; r++) start[r] = atomic_load(&race_calls[r]);
    for (int r = 0; r < RACERS; r++)
        while (atomic_load(&race_calls[r]) - start[r] < more) sched_yield();
}

static void test_destroy_races_calls(void **state) {
    (void)state;
    for (int round = 0; round < RACE_ROUNDS; round++) {
        lamina_engine_t *e;
        lamina_layer_t l;
        ASSERT_OK(lamina_engine_create(&e));
        ASSERT_OK(lamina_layer_create(e, &l));
        ASSERT_OK(lamina_engine_tick(e, 0));
        ASSERT_OK(lamina_transaction_begin(e));
        ASSERT_OK(lamina_layer_set_opacity(e, l, 0.5)); /* animated: the presentation read's lanes */
        ASSERT_OK(lamina_transaction_commit(e));
        ASSERT_OK(lamina_engine_tick(e, 0.1));
        atomic_store(&race_engine, e);
        atomic_store(&race_layer, l);
        atomic_store(&race_stop, 0);
        pthread_t threads[RACERS];
        for (int r = 0; r < RACERS; r++) {
            atomic_store(&race_calls[r], 0);
            assert_int_equal(pthread_create(&threads[r], NULL, racer, (void *)(intptr_t)r), 0);
        }
        race_wait(1 + round % 4);
        ASSERT_OK(lamina_engine_destroy(e));
        /* The next engine takes the same slot (and lock) while the racers still call the old one. */
        lamina_engine_t *next;
        lamina_layer_t other;
        ASSERT_OK(lamina_engine_create(&next));
        ASSERT_OK(lamina_layer_create(next, &other));
        race_wait(2);
        atomic_store(&race_stop, 1);
        for (int r = 0; r < RACERS; r++) {
            assert_int_equal(pthread_join(threads[r], NULL), 0);
            /* Its last rounds began after the destroy returned: they were answered STALE_HANDLE. */
            assert_int_equal(atomic_load(&race_stale[r]), 1);
        }
        double z;
        ASSERT_OK(lamina_layer_get_number(next, other, "zPosition", &z));
        ASSERT_DOUBLE_EQ(0.0, z); /* the old handles never reached the new engine */
        ASSERT_OK(lamina_engine_destroy(next));
    }
    assert_int_equal(atomic_load(&race_bad), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_stress), cmocka_unit_test(test_destroy_races_calls)};
    return cmocka_run_group_tests_name("thread-stress", tests, NULL, NULL);
}
