/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina_test_support.h — shared helpers of the cmocka suites in Tests/c (header only: the
 * build turns every Tests/c/test_*.c into one program, so nothing here may need its own .c).
 *
 *  - ASSERT_OK / ASSERT_STATUS: check a status; on a mismatch print the call, both status names
 *    and lamina_last_error_message().
 *  - ASSERT_FAILS: a failing call returns the expected status AND the calling thread's last
 *    error reports exactly that failure (status and a fresh, non-empty message). The last error
 *    is primed with a different failure first, so a stale last error cannot pass the check.
 *  - Fixture: setup creates an engine and one (uncommitted) layer; teardown destroys the engine
 *    unless the test did (it then sets f->engine to NULL).
 *  - Sentinels: fill out-parameters with a byte pattern and check they were left untouched.
 *  - Bad layer handles: 0, forged values and deterministic pseudo-random 64-bit values.
 */
#ifndef LAMINA_TEST_SUPPORT_H
#define LAMINA_TEST_SUPPORT_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include <lamina/lamina.h>

/* ------------------------------------------------------------------------------------------ */
/* Status assertions                                                                           */
/* ------------------------------------------------------------------------------------------ */

#define ASSERT_STATUS(expected, call)                                                           \
    do {                                                                                        \
        const lamina_status_t lt_expected_ = (expected);                                        \
        const lamina_status_t lt_got_ = (call);                                                 \
        if (lt_got_ != lt_expected_) {                                                          \
            print_error("%s:%d: %s\n    returned %s (%d), expected %s (%d)\n"                   \
                        "    last error: %s: \"%s\"\n",                                         \
                        __FILE__, __LINE__, #call, lamina_status_string(lt_got_), (int)lt_got_, \
                        lamina_status_string(lt_expected_), (int)lt_expected_,                  \
                        lamina_status_string(lamina_last_error_status()),                       \
                        lamina_last_error_message());                                           \
            fail();                                                                             \
        }                                                                                       \
    } while (0)

#define ASSERT_OK(call) ASSERT_STATUS(LAMINA_STATUS_OK, call)

/* A destroyed engine, used to prime the last error with STALE_HANDLE. One per program. */
static inline lamina_engine_t *lt_primer_engine(void) {
    static lamina_engine_t *stale = NULL;
    if (stale == NULL) {
        lamina_engine_t *e = NULL;
        if (lamina_engine_create(&e) != LAMINA_STATUS_OK || lamina_engine_destroy(e) != LAMINA_STATUS_OK) {
            print_error("could not make the primer engine\n");
            return NULL;
        }
        stale = e;
    }
    return stale;
}

/* Makes the calling thread's last error a failure whose status differs from `expected`, and
 * copies its message into `message` (so the next check can tell a fresh message from it). */
static inline void lt_prime_last_error(lamina_status_t expected, char *message, size_t capacity) {
    double t = 0.0;
    if (expected == LAMINA_STATUS_INVALID_ARGUMENT) {
        (void)lamina_engine_get_time(lt_primer_engine(), &t); /* STALE_HANDLE */
    } else {
        (void)lamina_timing_function_evaluate(NULL, 0.0, &t); /* INVALID_ARGUMENT */
    }
    snprintf(message, capacity, "%s", lamina_last_error_message());
}

/* The call fails with `expected`, and lamina_last_error_status()/lamina_last_error_message()
 * report that failure with a non-empty message that is not the primer's. */
#define ASSERT_FAILS(expected, call)                                                            \
    do {                                                                                        \
        char lt_primer_msg_[512];                                                               \
        lt_prime_last_error((expected), lt_primer_msg_, sizeof lt_primer_msg_);                 \
        ASSERT_STATUS((expected), call);                                                        \
        const lamina_status_t lt_last_ = lamina_last_error_status();                            \
        const char *lt_msg_ = lamina_last_error_message();                                      \
        if (lt_last_ != (expected) || lt_msg_ == NULL || lt_msg_[0] == '\0' ||                  \
            strcmp(lt_msg_, lt_primer_msg_) == 0) {                                             \
            print_error("%s:%d: %s failed as expected, but the last error is %s: \"%s\"\n",     \
                        __FILE__, __LINE__, #call, lamina_status_string(lt_last_),              \
                        lt_msg_ ? lt_msg_ : "(NULL)");                                          \
            fail();                                                                             \
        }                                                                                       \
    } while (0)

/* ------------------------------------------------------------------------------------------ */
/* Numbers                                                                                     */
/* ------------------------------------------------------------------------------------------ */

#define ASSERT_NEAR(expected, actual, tolerance)                                                \
    do {                                                                                        \
        const double lt_e_ = (expected);                                                        \
        const double lt_a_ = (actual);                                                          \
        const double lt_d_ = lt_e_ > lt_a_ ? lt_e_ - lt_a_ : lt_a_ - lt_e_;                     \
        if (!(lt_d_ <= (tolerance))) {                                                          \
            print_error("%s:%d: %s = %.17g, expected %.17g (tolerance %g)\n", __FILE__,         \
                        __LINE__, #actual, lt_a_, lt_e_, (double)(tolerance));                  \
            fail();                                                                             \
        }                                                                                       \
    } while (0)

/* Exact equality of doubles (values that are stored and read back, not computed). */
#define ASSERT_DOUBLE_EQ(expected, actual) ASSERT_NEAR((expected), (actual), 0.0)

#define ASSERT_POINT_EQ(ex, ey, p)   \
    do {                             \
        ASSERT_DOUBLE_EQ((ex), (p).x); \
        ASSERT_DOUBLE_EQ((ey), (p).y); \
    } while (0)

#define ASSERT_RECT_EQ(ex, ey, ew, eh, r)      \
    do {                                       \
        ASSERT_DOUBLE_EQ((ex), (r).origin.x);  \
        ASSERT_DOUBLE_EQ((ey), (r).origin.y);  \
        ASSERT_DOUBLE_EQ((ew), (r).size.width); \
        ASSERT_DOUBLE_EQ((eh), (r).size.height); \
    } while (0)

#define ASSERT_COLOR_NEAR(er, eg, eb, ea, c, tol) \
    do {                                          \
        ASSERT_NEAR((er), (c).r, (tol));          \
        ASSERT_NEAR((eg), (c).g, (tol));          \
        ASSERT_NEAR((eb), (c).b, (tol));          \
        ASSERT_NEAR((ea), (c).a, (tol));          \
    } while (0)

static inline lamina_transform3d_t lt_identity(void) {
    lamina_transform3d_t m;
    memset(&m, 0, sizeof m);
    m.m11 = m.m22 = m.m33 = m.m44 = 1.0;
    return m;
}

static inline void lt_assert_transform_near(const lamina_transform3d_t *expected,
                                            const lamina_transform3d_t *actual, double tol) {
    const double *e = &expected->m11;
    const double *a = &actual->m11;
    for (int i = 0; i < 16; i++) ASSERT_NEAR(e[i], a[i], tol);
}

/* ------------------------------------------------------------------------------------------ */
/* Sentinels: out-parameters left untouched on failure                                         */
/* ------------------------------------------------------------------------------------------ */

#define LT_SENTINEL_BYTE 0xA5

#define LT_FILL(obj) memset(&(obj), LT_SENTINEL_BYTE, sizeof(obj))

static inline int lt_is_sentinel(const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != LT_SENTINEL_BYTE) return 0;
    return 1;
}

#define ASSERT_UNTOUCHED(obj)                                                                   \
    do {                                                                                        \
        if (!lt_is_sentinel(&(obj), sizeof(obj))) {                                             \
            print_error("%s:%d: out-parameter %s was written by a failing call\n", __FILE__,    \
                        __LINE__, #obj);                                                        \
            fail();                                                                             \
        }                                                                                       \
    } while (0)

/* ------------------------------------------------------------------------------------------ */
/* Values                                                                                      */
/* ------------------------------------------------------------------------------------------ */

static inline lamina_value_t lt_number(double n) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_NUMBER;
    v.u.number = n;
    return v;
}

static inline lamina_value_t lt_bool(lamina_bool_t b) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_BOOL;
    v.u.boolean = b;
    return v;
}

static inline lamina_value_t lt_point(double x, double y) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_POINT;
    v.u.point.x = x;
    v.u.point.y = y;
    return v;
}

static inline lamina_value_t lt_size(double w, double h) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_SIZE;
    v.u.size.width = w;
    v.u.size.height = h;
    return v;
}

static inline lamina_value_t lt_rect(double x, double y, double w, double h) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_RECT;
    v.u.rect.origin.x = x;
    v.u.rect.origin.y = y;
    v.u.rect.size.width = w;
    v.u.rect.size.height = h;
    return v;
}

static inline lamina_value_t lt_color(double r, double g, double b, double a) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_COLOR;
    v.u.color.r = r;
    v.u.color.g = g;
    v.u.color.b = b;
    v.u.color.a = a;
    return v;
}

static inline lamina_value_t lt_transform(lamina_transform3d_t m) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_TRANSFORM;
    v.u.transform = m;
    return v;
}

static inline lamina_value_t lt_string(const char *s) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = s;
    return v;
}

static inline lamina_value_t lt_null(void) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_NULL;
    return v;
}

static inline lamina_color_t lt_rgba(double r, double g, double b, double a) {
    lamina_color_t c = {r, g, b, a};
    return c;
}

/* The eased progress of a named curve (the value implicit animations must match). */
static inline double lt_ease(lamina_timing_name_t name, double x) {
    lamina_timing_function_t tf;
    double y = NAN;
    ASSERT_OK(lamina_timing_function_named(name, &tf));
    ASSERT_OK(lamina_timing_function_evaluate(&tf, x, &y));
    return y;
}

/* Reads a presentation number (at the engine's current time). */
static inline double lt_presented_number(lamina_engine_t *e, lamina_layer_t l, const char *key) {
    lamina_value_t v;
    LT_FILL(v);
    ASSERT_OK(lamina_layer_get_presentation_value(e, l, key, &v));
    assert_int_equal(v.type, LAMINA_VALUE_NUMBER);
    return v.u.number;
}

static inline double lt_presented_number_at(lamina_engine_t *e, lamina_layer_t l, const char *key,
                                            double t) {
    lamina_value_t v;
    LT_FILL(v);
    ASSERT_OK(lamina_layer_get_presentation_value_at(e, l, key, t, &v));
    assert_int_equal(v.type, LAMINA_VALUE_NUMBER);
    return v.u.number;
}

/* ------------------------------------------------------------------------------------------ */
/* Fixture                                                                                     */
/* ------------------------------------------------------------------------------------------ */

typedef struct lt_fixture {
    lamina_engine_t *engine; /* NULL once a test destroyed it itself */
    lamina_layer_t layer;    /* created by setup, never committed */
} lt_fixture_t;

static inline int lt_setup(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)calloc(1, sizeof *f);
    if (f == NULL) return -1;
    if (lamina_engine_create(&f->engine) != LAMINA_STATUS_OK) return -1;
    if (lamina_layer_create(f->engine, &f->layer) != LAMINA_STATUS_OK) return -1;
    *state = f;
    return 0;
}

static inline int lt_teardown(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    int rc = 0;
    if (f != NULL && f->engine != NULL && lamina_engine_destroy(f->engine) != LAMINA_STATUS_OK) rc = -1;
    free(f);
    return rc;
}

#define LT_TEST(fn) cmocka_unit_test_setup_teardown(fn, lt_setup, lt_teardown)

/* A new engine that has been destroyed: its pointer is stale (the header promises detection). */
static inline lamina_engine_t *lt_stale_engine(void) {
    lamina_engine_t *e = NULL;
    ASSERT_OK(lamina_engine_create(&e));
    ASSERT_OK(lamina_engine_destroy(e));
    return e;
}

/* ------------------------------------------------------------------------------------------ */
/* Bad layer handles                                                                           */
/* ------------------------------------------------------------------------------------------ */

/* Handles that name no live layer in an engine with few layers: NONE, a wrong generation of
 * slot 0, a slot far beyond the store, and assorted bit patterns. */
static inline const lamina_layer_t *lt_forged_handles(size_t *count) {
    static const lamina_layer_t handles[] = {
        LAMINA_LAYER_NONE,
        0x0000000200000001ull, /* slot 0, generation 2: slot 0 is alive with generation 1 */
        0x0000000000000001ull, /* slot 0, generation 0: never issued */
        0x000000010000FFFFull, /* slot 65534: far beyond the store */
        0x00000001FFFFFFFFull, /* slot 0xFFFFFFFE */
        0x0000000100000000ull, /* slot "-1" */
        0xDEADBEEFCAFEBABEull,
        0x8000000000000001ull,
        UINT64_MAX,
    };
    *count = sizeof handles / sizeof handles[0];
    return handles;
}

/* Deterministic pseudo-random 64-bit values (xorshift64*), for forged handles. */
static inline uint64_t lt_random64(uint64_t *s) {
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* A handle that was valid and is now stale: a layer created and released in `engine`. */
static inline lamina_layer_t lt_released_layer(lamina_engine_t *engine) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(engine, &l));
    ASSERT_OK(lamina_layer_release(engine, l));
    return l;
}

/* Every bad handle a test should try: the forged ones, `n_random` pseudo-random 64-bit values
 * (fixed seed) and a released layer of `engine`. Returns the count written (at most cap). */
static inline size_t lt_bad_handles(lamina_engine_t *engine, lamina_layer_t *out, size_t cap,
                                    size_t n_random) {
    size_t n = 0, forged_count = 0;
    const lamina_layer_t *forged = lt_forged_handles(&forged_count);
    for (size_t i = 0; i < forged_count && n < cap; i++) out[n++] = forged[i];
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < n_random && n < cap; i++) out[n++] = lt_random64(&seed);
    if (n < cap) out[n++] = lt_released_layer(engine);
    return n;
}

#endif /* LAMINA_TEST_SUPPORT_H */
