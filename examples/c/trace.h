/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the seven listings share: a checked call, and the trace formatting. Numbers print with 3
 * decimals, rounded half away from zero, exactly as the Swift (Trace target) and Python versions
 * print them, so the three traces of a listing are the same text.
 */
#ifndef LAMINA_EXAMPLES_TRACE_H
#define LAMINA_EXAMPLES_TRACE_H

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

/* Every call is checked: on failure the program says which and exits 1. */
#define CHECK(call) check((call), #call, __LINE__)
static inline void check(lamina_status_t status, const char *what, int line) {
    if (status != LAMINA_STATUS_OK) {
        fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, line, what, lamina_status_string(status),
                lamina_last_error_message());
        exit(1);
    }
}

/* Numbers are printed with 3 decimals, rounded half away from zero, exactly as the Swift and
 * Python versions print them, so the three traces are the same text. */
static inline void put_num(double x) {
    double y = x * 1000.0;
    long long n = (long long)(y + (y >= 0 ? 0.5 : -0.5));
    if (n < 0) {
        printf("-");
        n = -n;
    }
    printf("%lld.%03lld", n / 1000, n % 1000);
}

static inline void put_color_value(const lamina_value_t *v) {
    if (v->type != LAMINA_VALUE_COLOR) {
        printf("nil");
        return;
    }
    printf("rgba(");
    put_num(v->u.color.r);
    printf(", ");
    put_num(v->u.color.g);
    printf(", ");
    put_num(v->u.color.b);
    printf(", ");
    put_num(v->u.color.a);
    printf(")");
}

/* The layer's animation keys, as "[a, b]". */
static inline void put_keys(lamina_engine_t *engine, lamina_layer_t layer) {
    size_t count = 0;
    CHECK(lamina_layer_get_animation_count(engine, layer, &count));
    printf("[");
    for (size_t i = 0; i < count; i++) {
        char key[64];
        size_t length = 0;
        CHECK(lamina_layer_get_animation_key(engine, layer, i, key, sizeof key, &length));
        printf(i ? ", %s" : "%s", key);
    }
    printf("]");
}

#endif /* LAMINA_EXAMPLES_TRACE_H */
