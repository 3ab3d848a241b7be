/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Batch property access (issue 13): lamina_layers_set_number/_set_point, lamina_layers_get_number
 * and the presentation readers do what a loop of single-layer calls does, in order; count 0 is
 * a no-op; NULL arrays, stale handles, wrong types and never-committed layers fail with the
 * single call's status, stop at the failing index (earlier layers keep their changes) and name
 * that index in the message.
 */
#include "lamina_test_support.h"

#define N 5

static void make_layers(lamina_engine_t *e, lamina_layer_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) ASSERT_OK(lamina_layer_create(e, &out[i]));
}

static void batch_set_and_get_numbers_match_single_calls(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t layers[N];
    make_layers(f->engine, layers, N);
    const double values[N] = {0.1, 0.2, 0.3, 0.4, 0.5};
    ASSERT_OK(lamina_layers_set_number(f->engine, layers, N, "opacity", values));
    for (size_t i = 0; i < N; i++) {
        double o = -1;
        ASSERT_OK(lamina_layer_get_number(f->engine, layers[i], "opacity", &o));
        ASSERT_DOUBLE_EQ(values[i], o);
    }
    double out[N] = {0};
    ASSERT_OK(lamina_layers_get_number(f->engine, layers, N, "opacity", out));
    for (size_t i = 0; i < N; i++) ASSERT_DOUBLE_EQ(values[i], out[i]);
    /* a key path works as in the single call */
    ASSERT_OK(lamina_layers_set_number(f->engine, layers, N, "position.x", values));
    lamina_point_t p;
    ASSERT_OK(lamina_layer_get_point(f->engine, layers[3], "position", &p));
    ASSERT_POINT_EQ(0.4, 0.0, p);
}

static void batch_presentation_reads_animated_values(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t layers[N];
    make_layers(f->engine, layers, N);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* commit: presentations exist */
    const double zeros[N] = {0, 0, 0, 0, 0};
    lamina_point_t pts[N];
    for (size_t i = 0; i < N; i++) pts[i] = (lamina_point_t){(double)i * 10, 100};
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    ASSERT_OK(lamina_layers_set_number(f->engine, layers, N, "opacity", zeros));
    ASSERT_OK(lamina_layers_set_point(f->engine, layers, N, "position", pts));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    double out[N];
    lamina_point_t pout[N];
    ASSERT_OK(lamina_layers_get_presentation_number(f->engine, layers, N, "opacity", out));
    ASSERT_OK(lamina_layers_get_presentation_point(f->engine, layers, N, "position", pout));
    for (size_t i = 0; i < N; i++) {
        lamina_value_t v;
        ASSERT_OK(lamina_layer_get_presentation_value(f->engine, layers[i], "opacity", &v));
        ASSERT_DOUBLE_EQ(v.u.number, out[i]);
        assert_true(out[i] > 0.0 && out[i] < 1.0); /* mid-animation */
        ASSERT_OK(lamina_layer_get_presentation_value(f->engine, layers[i], "position", &v));
        ASSERT_POINT_EQ(v.u.point.x, v.u.point.y, pout[i]);
    }
    ASSERT_OK(lamina_layers_get_presentation_number_at(f->engine, layers, N, "opacity", 2.0, out));
    for (size_t i = 0; i < N; i++) ASSERT_DOUBLE_EQ(0.0, out[i]);
}

static void batch_count_zero_is_a_no_op(void **state) {
    lt_fixture_t *f = *state;
    ASSERT_OK(lamina_layers_set_number(f->engine, NULL, 0, "opacity", NULL));
    ASSERT_OK(lamina_layers_get_presentation_number(f->engine, NULL, 0, "opacity", NULL));
}

static void batch_bad_input_fails_with_the_index(void **state) {
    lt_fixture_t *f = *state;
    lamina_layer_t layers[3];
    make_layers(f->engine, layers, 3);
    double values[3] = {0.25, 0.5, 0.75};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layers_set_number(NULL, layers, 3, "opacity", values));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layers_set_number(f->engine, NULL, 3, "opacity", values));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layers_set_number(f->engine, layers, 3, "opacity", NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layers_set_number(f->engine, layers, 3, NULL, values));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layers_set_number(f->engine, layers, SIZE_MAX, "opacity", values));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layers_get_number(f->engine, layers, 3, "opacity", NULL));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layers_set_number(f->engine, layers, 3, "noSuchKey", values));
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layers_get_number(f->engine, layers, 3, "position", values));
    /* a stale handle at index 1: layer 0 keeps its change, layer 2 is untouched */
    ASSERT_OK(lamina_layer_release(f->engine, layers[1]));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layers_set_number(f->engine, layers, 3, "opacity", values));
    assert_non_null(strstr(lamina_last_error_message(), "layers[1]"));
    double o = -1;
    ASSERT_OK(lamina_layer_get_number(f->engine, layers[0], "opacity", &o));
    ASSERT_DOUBLE_EQ(0.25, o);
    ASSERT_OK(lamina_layer_get_number(f->engine, layers[2], "opacity", &o));
    ASSERT_DOUBLE_EQ(1.0, o);
    /* NaN is rejected as in the single call, with its index */
    layers[1] = layers[0];
    values[2] = NAN;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layers_set_number(f->engine, layers, 3, "opacity", values));
    assert_non_null(strstr(lamina_last_error_message(), "layers[2]"));
    /* never committed: no presentation */
    double out[3];
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layers_get_presentation_number(f->engine, layers, 1, "opacity", out));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_layers_get_presentation_number_at(f->engine, layers, 1, "opacity", NAN, out));
}

/* The typed fast paths of issue 12 (whole number and point keys read from their fields and
 * animation lanes) give what the tagged reads give, and the general path keeps the rest:
 * key paths, other properties, custom properties, type mismatches (with the single read's
 * message), never-committed layers (R3). A tagged value's unused union bytes stay zero. */
static void typed_reads_match_tagged_reads(void **state) {
    lt_fixture_t *f = *state;
    lamina_value_t glow = {.type = LAMINA_VALUE_NUMBER, .u.number = 2.0};
    ASSERT_OK(lamina_engine_register_property(f->engine, "glow", &glow));
    lamina_layer_t layers[3];
    make_layers(f->engine, layers, 2);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_transaction_set_duration(f->engine, 1.0));
    ASSERT_OK(lamina_layer_set_number(f->engine, layers[1], "opacity", 0.0));
    ASSERT_OK(lamina_layer_set_position(f->engine, layers[1], (lamina_point_t){40, 80}));
    ASSERT_OK(lamina_layer_set_number(f->engine, layers[1], "zPosition", 2.0));
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.5));
    ASSERT_OK(lamina_layer_create(f->engine, &layers[2])); /* never committed */
    const char *keys[] = {"opacity", "zPosition", "position", "anchorPoint", "bounds", "position.x", "glow"};
    for (size_t i = 0; i < 3; i++) {
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            for (int presentation = 0; presentation < 2; presentation++) {
                lamina_value_t v;
                memset(&v, 0xAB, sizeof v);
                lamina_status_t st = presentation
                    ? lamina_layer_get_presentation_value(f->engine, layers[i], keys[k], &v)
                    : lamina_layer_get_value(f->engine, layers[i], keys[k], &v);
                if (presentation && i == 2) {
                    assert_int_equal(LAMINA_STATUS_NO_PRESENTATION, st);
                    continue;
                }
                assert_int_equal(LAMINA_STATUS_OK, st);
                /* the bytes of the union past the value are zero, as before the fast path */
                const unsigned char *bytes = (const unsigned char *)&v.u;
                size_t used = v.type == LAMINA_VALUE_NUMBER ? sizeof(double) : sizeof(lamina_point_t);
                for (size_t b = used; b < sizeof v.u && v.type != LAMINA_VALUE_RECT; b++) assert_int_equal(0, bytes[b]);
                assert_int_equal(0, v.reserved);
                if (presentation) continue;
                double n = -1;
                lamina_point_t p = {-1, -1};
                if (v.type == LAMINA_VALUE_NUMBER) {
                    ASSERT_OK(lamina_layer_get_number(f->engine, layers[i], keys[k], &n));
                    ASSERT_DOUBLE_EQ(v.u.number, n);
                    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_get_point(f->engine, layers[i], keys[k], &p));
                    assert_non_null(strstr(lamina_last_error_message(), "holds a number, not a point"));
                } else if (v.type == LAMINA_VALUE_POINT) {
                    ASSERT_OK(lamina_layer_get_point(f->engine, layers[i], keys[k], &p));
                    ASSERT_POINT_EQ(v.u.point.x, v.u.point.y, p);
                    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_get_number(f->engine, layers[i], keys[k], &n));
                    assert_non_null(strstr(lamina_last_error_message(), "holds a point, not a number"));
                }
            }
        }
    }
    /* the animated layer's presentation is mid-flight and agrees with the batch read */
    lamina_value_t v;
    ASSERT_OK(lamina_layer_get_presentation_value(f->engine, layers[1], "opacity", &v));
    assert_int_equal(LAMINA_VALUE_NUMBER, v.type);
    assert_true(v.u.number > 0.0 && v.u.number < 1.0);
    double out[2];
    ASSERT_OK(lamina_layers_get_presentation_number(f->engine, layers, 2, "opacity", out));
    ASSERT_DOUBLE_EQ(1.0, out[0]);
    ASSERT_DOUBLE_EQ(v.u.number, out[1]);
    lamina_point_t pos;
    ASSERT_OK(lamina_layer_get_position(f->engine, layers[1], &pos));
    ASSERT_POINT_EQ(40.0, 80.0, pos);
    double opacity = -1;
    ASSERT_OK(lamina_layer_get_opacity(f->engine, layers[1], &opacity));
    ASSERT_DOUBLE_EQ(0.0, opacity);
    /* stale handles and unknown keys fail as before */
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_number(f->engine, layers[0], "opacityy", &opacity));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_presentation_value(f->engine, layers[0], "nope", &v));
    ASSERT_OK(lamina_layer_release(f->engine, layers[0]));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_number(f->engine, layers[0], "opacity", &opacity));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_presentation_value(f->engine, layers[0], "opacity", &v));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_position(f->engine, layers[0], &pos));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(batch_set_and_get_numbers_match_single_calls),
        LT_TEST(batch_presentation_reads_animated_values),
        LT_TEST(batch_count_zero_is_a_no_op),
        LT_TEST(batch_bad_input_fails_with_the_index),
        LT_TEST(typed_reads_match_tagged_reads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
