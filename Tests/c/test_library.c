/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Library-level functions: version, status names, the per-thread last error, the clock.
 */
#include "lamina_test_support.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* lamina_version_number / lamina_version_string: the run-time version equals the header's, and
 * the string is static (the same pointer every time). */
static void version_number_and_string_match_the_header(void **state) {
    (void)state;
    assert_int_equal(lamina_version_number(), LAMINA_VERSION_NUMBER);
    assert_int_equal(lamina_version_number(),
                     LAMINA_VERSION_MAJOR * 1000000 + LAMINA_VERSION_MINOR * 1000 + LAMINA_VERSION_PATCH);
    const char *s = lamina_version_string();
    assert_non_null(s);
    assert_string_equal(s, LAMINA_VERSION_STRING);
    assert_ptr_equal(s, lamina_version_string());
    /* "MAJOR.MINOR.PATCH", with "-dev" between releases (docs/versioning.md). */
    char expected[64], expected_dev[sizeof expected + 4]; /* room for "-dev" */
    snprintf(expected, sizeof expected, "%d.%d.%d", LAMINA_VERSION_MAJOR, LAMINA_VERSION_MINOR,
             LAMINA_VERSION_PATCH);
    snprintf(expected_dev, sizeof expected_dev, "%s-dev", expected);
    assert_true(strcmp(s, expected) == 0 || strcmp(s, expected_dev) == 0);
}

static const struct {
    lamina_status_t status;
    const char *name;
} known_statuses[] = {
    {LAMINA_STATUS_OK, "LAMINA_STATUS_OK"},
    {LAMINA_STATUS_INVALID_ARGUMENT, "LAMINA_STATUS_INVALID_ARGUMENT"},
    {LAMINA_STATUS_MISUSE, "LAMINA_STATUS_MISUSE"},
    {LAMINA_STATUS_STALE_HANDLE, "LAMINA_STATUS_STALE_HANDLE"},
    {LAMINA_STATUS_UNKNOWN_KEY, "LAMINA_STATUS_UNKNOWN_KEY"},
    {LAMINA_STATUS_TYPE_MISMATCH, "LAMINA_STATUS_TYPE_MISMATCH"},
    {LAMINA_STATUS_NOT_FOUND, "LAMINA_STATUS_NOT_FOUND"},
    {LAMINA_STATUS_NO_PRESENTATION, "LAMINA_STATUS_NO_PRESENTATION"},
    {LAMINA_STATUS_OUT_OF_MEMORY, "LAMINA_STATUS_OUT_OF_MEMORY"},
};
#define KNOWN_STATUS_COUNT (sizeof known_statuses / sizeof known_statuses[0])

/* lamina_status_string names every code of the header with its macro name, statically. */
static void status_string_names_every_code(void **state) {
    (void)state;
    for (size_t i = 0; i < KNOWN_STATUS_COUNT; i++) {
        const char *s = lamina_status_string(known_statuses[i].status);
        assert_non_null(s);
        assert_string_equal(s, known_statuses[i].name);
        assert_ptr_equal(s, lamina_status_string(known_statuses[i].status));
    }
}

/* Unknown codes get a non-NULL, non-empty name that is none of the known ones. */
static void status_string_answers_unknown_codes(void **state) {
    (void)state;
    const lamina_status_t unknown[] = {9, 10, 100, -1, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *s = lamina_status_string(unknown[i]);
        assert_non_null(s);
        assert_true(s[0] != '\0');
        for (size_t k = 0; k < KNOWN_STATUS_COUNT; k++) assert_string_not_equal(s, known_statuses[k].name);
    }
}

/* A failing call records its status and a message; successful calls leave them alone ("kept
 * until its next failing call"); the next failure replaces them. */
static void last_error_is_kept_until_the_next_failure(void **state) {
    lamina_engine_t *engine = ((lt_fixture_t *)*state)->engine;

    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_tick(engine, NAN));
    char first[512];
    snprintf(first, sizeof first, "%s", lamina_last_error_message());

    /* Successful calls of every kind do not clear or change it. */
    double t = -1.0;
    lamina_layer_t layer = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_engine_tick(engine, 1.0));
    ASSERT_OK(lamina_engine_get_time(engine, &t));
    ASSERT_OK(lamina_layer_create(engine, &layer));
    (void)lamina_version_number();
    (void)lamina_status_string(LAMINA_STATUS_MISUSE);
    assert_int_equal(lamina_last_error_status(), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_string_equal(lamina_last_error_message(), first);

    /* The next failure replaces both. */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(engine));
    assert_int_equal(lamina_last_error_status(), LAMINA_STATUS_MISUSE);
    assert_string_not_equal(lamina_last_error_message(), first);
}

/* The message names what went wrong (useful to a C programmer): an unknown key is quoted. */
static void last_error_message_mentions_the_key(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(f->engine, f->layer, "opacityy", 0.5));
    assert_non_null(strstr(lamina_last_error_message(), "opacityy"));
}

typedef struct thread_report {
    lamina_status_t initial_status;
    char initial_message[256];
    lamina_status_t status_after_failure;
    lamina_status_t call_status;
} thread_report_t;

static void *fresh_thread_main(void *arg) {
    thread_report_t *r = (thread_report_t *)arg;
    r->initial_status = lamina_last_error_status();
    const char *m = lamina_last_error_message();
    snprintf(r->initial_message, sizeof r->initial_message, "%s", m ? m : "(NULL)");
    lamina_timing_function_t tf;
    r->call_status = lamina_timing_function_named(12345, &tf);
    r->status_after_failure = lamina_last_error_status();
    return NULL;
}

/* The last error is per thread: a new thread starts with OK and "", and its failures do not
 * touch the main thread's last error. */
static void last_error_is_per_thread(void **state) {
    lamina_engine_t *engine = ((lt_fixture_t *)*state)->engine;
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_transaction_commit(engine));
    char mine[512];
    snprintf(mine, sizeof mine, "%s", lamina_last_error_message());

    thread_report_t report;
    memset(&report, 0, sizeof report);
    pthread_t thread;
    assert_int_equal(pthread_create(&thread, NULL, fresh_thread_main, &report), 0);
    assert_int_equal(pthread_join(thread, NULL), 0);

    assert_int_equal(report.initial_status, LAMINA_STATUS_OK);
    assert_string_equal(report.initial_message, "");
    assert_int_equal(report.call_status, LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(report.status_after_failure, LAMINA_STATUS_INVALID_ARGUMENT);

    assert_int_equal(lamina_last_error_status(), LAMINA_STATUS_MISUSE);
    assert_string_equal(lamina_last_error_message(), mine);
}

static double monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* lamina_clock_now: CLOCK_MONOTONIC seconds (R1, CA-17: never the wall clock), never going
 * backwards, and advancing with real time. */
static void clock_now_is_the_monotonic_clock(void **state) {
    const double before = monotonic_seconds();
    const double a = lamina_clock_now();
    const double after = monotonic_seconds();
    assert_true(a >= before - 1e-6 && a <= after + 1e-6);

    double last = a;
    for (int i = 0; i < 1000; i++) {
        const double now = lamina_clock_now();
        assert_true(now >= last);
        last = now;
    }

    struct timespec nap = {0, 20 * 1000 * 1000}; /* 20 ms */
    nanosleep(&nap, NULL);
    const double b = lamina_clock_now();
    assert_true(b - a >= 0.019);
    assert_true(b - a < 10.0);

    /* A usable tick time. */
    lamina_engine_t *engine = ((lt_fixture_t *)*state)->engine;
    double t = -1.0;
    ASSERT_OK(lamina_engine_tick(engine, b));
    ASSERT_OK(lamina_engine_get_time(engine, &t));
    ASSERT_DOUBLE_EQ(b, t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version_number_and_string_match_the_header),
        cmocka_unit_test(status_string_names_every_code),
        cmocka_unit_test(status_string_answers_unknown_codes),
        LT_TEST(last_error_is_kept_until_the_next_failure),
        LT_TEST(last_error_message_mentions_the_key),
        LT_TEST(last_error_is_per_thread),
        LT_TEST(clock_now_is_the_monotonic_clock),
    };
    return cmocka_run_group_tests_name("library", tests, NULL, NULL);
}
