/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target over the C ABI (issue 9): each input is a call sequence over up to two
 * engines, their layers, animations and timing functions, with NaN/infinite/huge numbers,
 * stale and foreign handles, unbalanced transactions, and callbacks that re-enter the API
 * (destroy, tick, commit, remove the layer) from a layer delegate, a custom action and a
 * completion. Layers of every kind (shape, gradient, replicator) take their own keys with
 * number and colour arrays and paths of any shape, and the batch functions take arrays of
 * mixed, stale and foreign handles. Built with ASan + UBSan (Scripts/sanitize.sh fuzz);
 * docs/fuzzing.md tells how to run it.
 *
 * Invariants checked (a violation traps, which libFuzzer reports as a crash):
 *  - a failing call returns a known status and leaves a non-empty last-error message;
 *  - after a change under disableActions and a tick, the presentation equals the model.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lamina/lamina.h>

enum { ENGINES = 2, LAYERS = 12, ANIMS = 4 };

static lamina_engine_t *engines[ENGINES];
static lamina_layer_t layers[ENGINES][LAYERS];
static lamina_animation_t *anims[ANIMS];
static double now[ENGINES];

struct reader {
    const uint8_t *p;
    size_t n;
};

static uint8_t byte(struct reader *r) {
    if (r->n == 0) return 0;
    r->n--;
    return *r->p++;
}

static double number(struct reader *r) {
    static const double specials[] = {0.0, 1.0, -1.0, 0.5, NAN, INFINITY, -INFINITY, DBL_MAX,
                                      -DBL_MAX, 1e15, -1e15, 1e300, 5e-324, 100.0, 0.25, 2.0};
    uint8_t b = byte(r);
    if (b < 16) return specials[b];
    return ((double)b - 128.0) * 0.5;
}

static void check(lamina_status_t s) {
    if (s == LAMINA_STATUS_OK) return;
    if (s < 0 || s > LAMINA_STATUS_OUT_OF_MEMORY) __builtin_trap();
    const char *m = lamina_last_error_message();
    if (m == NULL || m[0] == '\0' || lamina_last_error_status() != s) {
        fprintf(stderr, "status %d without its message\n", (int)s);
        __builtin_trap();
    }
}

static lamina_engine_t *eng(struct reader *r) { return engines[byte(r) % ENGINES]; }

/* A layer handle: usually one of the engine's, sometimes another engine's, forged or 0. */
static lamina_layer_t layer_of(struct reader *r, int e) {
    uint8_t b = byte(r);
    if (b < 200) return layers[e][b % LAYERS];
    if (b < 230) return layers[(e + 1) % ENGINES][b % LAYERS]; /* foreign */
    if (b < 250) return ((uint64_t)b << 40) | ((uint64_t)b << 24) | (b % 7); /* forged */
    return 0;
}

static const char *keys[] = {"opacity", "position", "position.x", "bounds", "zPosition", "speed",
                             "timeOffset", "beginTime", "transform", "transform.rotation.z",
                             "backgroundColor", "hidden", "bogus", "", "bounds.size.width"};
enum { KEYS = sizeof keys / sizeof keys[0] };

/* The layer kinds' own keys (RS-8, RS-9, RS-13), and a few of the others. */
static const char *kind_keys[] = {"path", "fillColor", "strokeColor", "lineWidth", "lineDashPattern",
                                  "lineDashPhase", "strokeStart", "strokeEnd", "miterLimit",
                                  "colors", "locations", "startPoint", "endPoint", "type",
                                  "instanceCount", "instanceDelay", "instanceTransform",
                                  "instanceColor", "instanceRedOffset", "instanceAlphaOffset",
                                  "fillRule", "lineCap", "opacity", "position"};
enum { KIND_KEYS = sizeof kind_keys / sizeof kind_keys[0] };

/* Arrays for values: up to one item over the 65536 limit, so both sides of it are tried. */
enum { ARRAY_MAX = 65537 };
static double array_numbers[ARRAY_MAX];
static lamina_color_t array_colors[ARRAY_MAX];
static lamina_path_element_t path_elements[16];
static lamina_layer_t batch_layers[LAYERS];
static double batch_numbers[LAYERS];
static lamina_point_t batch_points[LAYERS];

/* An array length: mostly small, sometimes 0, the limit or one over it. */
static size_t array_count(struct reader *r) {
    uint8_t b = byte(r);
    if (b < 200) return b % 9;
    if (b < 230) return 65536;
    return ARRAY_MAX;
}

/* A value for a kind's key, its type chosen by the input (a wrong type is TYPE_MISMATCH). */
static lamina_value_t kind_value(struct reader *r) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    switch (byte(r) % 6) {
    case 0: v.type = LAMINA_VALUE_NUMBER; v.u.number = number(r); break;
    case 1: {
        size_t n = array_count(r);
        double x = number(r);
        for (size_t i = 0; i < n; i++) array_numbers[i] = i + 1 < n ? (double)(i % 7) : x;
        v.type = LAMINA_VALUE_NUMBER_ARRAY;
        v.u.numbers = (lamina_number_array_t){n ? array_numbers : NULL, n};
        break;
    }
    case 2: {
        size_t n = array_count(r);
        double x = number(r);
        for (size_t i = 0; i < n; i++) array_colors[i] = (lamina_color_t){0.5, 0.25, i + 1 < n ? 1.0 : x, 1.0};
        v.type = LAMINA_VALUE_COLOR_ARRAY;
        v.u.colors = (lamina_color_array_t){n ? array_colors : NULL, n};
        break;
    }
    case 3: {
        size_t n = byte(r) % 17;
        for (size_t i = 0; i < n; i++) {
            path_elements[i].type = (lamina_path_element_type_t)(byte(r) % 6) - (i == 3); /* -1 once */
            path_elements[i].reserved = 0;
            for (int k = 0; k < 3; k++) path_elements[i].points[k] = (lamina_point_t){number(r), number(r)};
        }
        v.type = LAMINA_VALUE_PATH;
        v.u.path.elements = n ? path_elements : NULL;
        v.u.path.count = n;
        break;
    }
    case 4: v.type = LAMINA_VALUE_COLOR; v.u.color = (lamina_color_t){number(r), 0.5, 0.5, number(r)}; break;
    default: v.type = LAMINA_VALUE_STRING; v.u.string = byte(r) & 1 ? "evenOdd" : "radial"; break;
    }
    return v;
}

/* Nested replicators multiply their instance counts: a product just under the engine's bound
 * (2^22 records) is a legal draw list of gigabytes, over the fuzzer's memory limit. So counts
 * stay small (under 4) or absurd (1e7 and over, which the bound refuses before allocating). */
static double tame_count(const char *key, double v) {
    if (strcmp(key, "instanceCount") == 0 && isfinite(v) && fabs(v) >= 4 && fabs(v) < 1e7) return fmod(v, 4);
    return v;
}

/* Up to LAYERS handles of engine `e` (some stale, foreign or forged) into batch_layers. */
static size_t batch_of(struct reader *r, int e) {
    size_t n = byte(r) % (LAYERS + 1);
    for (size_t i = 0; i < n; i++) {
        batch_layers[i] = layer_of(r, e);
        batch_numbers[i] = number(r);
        batch_points[i] = (lamina_point_t){number(r), number(r)};
    }
    return n;
}

/* Re-entrant callbacks: what they do is chosen by the input (a global, read at call time). */
static int reenter_op;
static int reenter_engine;
static int reenter_depth;

static void reenter(lamina_layer_t layer) {
    if (reenter_depth > 2) return;
    reenter_depth++;
    lamina_engine_t *e = engines[reenter_engine];
    switch (reenter_op % 6) {
    case 0: check(lamina_engine_destroy(e)); break; /* MISUSE */
    case 1: check(lamina_engine_tick(e, now[reenter_engine] + 0.1)); break;
    case 2: check(lamina_transaction_commit(e)); break;
    case 3: check(lamina_layer_remove_from_superlayer(e, layer)); break;
    case 4: check(lamina_layer_set_number(e, layer, "opacity", 0.25)); break;
    case 5: check(lamina_transaction_begin(e)); break;
    }
    reenter_depth--;
}

static lamina_delegate_answer_t delegate_cb(void *userdata, lamina_layer_t layer, const char *event,
                                            lamina_action_t **out) {
    (void)userdata, (void)event, (void)out;
    reenter(layer);
    return LAMINA_DELEGATE_CONTINUE;
}

static void action_cb(void *userdata, lamina_layer_t layer, const char *event) {
    (void)userdata, (void)event;
    reenter(layer);
}

static void completion_cb(void *userdata) {
    (void)userdata;
    reenter(layers[reenter_engine][0]);
}

static void make_engine(int i) {
    check(lamina_engine_create(&engines[i]));
    now[i] = 0;
    for (int k = 0; k < LAYERS; k++) check(lamina_layer_create(engines[i], &layers[i][k]));
}

static void run(struct reader *r) {
    uint8_t op = byte(r);
    int ei = byte(r) % ENGINES;
    lamina_engine_t *e = engines[ei];
    switch (op % 30) {
    case 0: check(lamina_layer_add_sublayer(e, layer_of(r, ei), layer_of(r, ei))); break;
    case 1: check(lamina_layer_remove_from_superlayer(e, layer_of(r, ei))); break;
    case 2: check(lamina_layer_set_number(e, layer_of(r, ei), keys[byte(r) % KEYS], number(r))); break;
    case 3: {
        lamina_point_t p = {number(r), number(r)};
        check(lamina_layer_set_point(e, layer_of(r, ei), keys[byte(r) % KEYS], p));
        break;
    }
    case 4: check(lamina_transaction_begin(e)); break;
    case 5: check(lamina_transaction_commit(e)); break;
    case 6: check(lamina_transaction_flush(e)); break;
    case 7: {
        double t = number(r);
        if (isfinite(t) && t > now[ei]) now[ei] = t;
        check(lamina_engine_tick(e, t));
        break;
    }
    case 8: {
        lamina_value_t v;
        check(lamina_layer_get_presentation_value(e, layer_of(r, ei), keys[byte(r) % KEYS], &v));
        break;
    }
    case 9: {
        const lamina_draw_record_t *records;
        size_t count;
        check(lamina_engine_draw_list(e, layer_of(r, ei), number(r), &records, &count));
        break;
    }
    case 10: { /* a layer created and released at once: its handle goes stale */
        lamina_layer_t l;
        if (lamina_layer_create(e, &l) == LAMINA_STATUS_OK) {
            check(lamina_layer_release(e, l));
            check(lamina_layer_set_number(e, l, "opacity", 0.5)); /* STALE_HANDLE */
        }
        break;
    }
    case 11: {
        lamina_layer_delegate_t d = {delegate_cb};
        reenter_op = byte(r);
        reenter_engine = ei;
        check(lamina_layer_set_delegate(e, layer_of(r, ei), byte(r) & 1 ? &d : NULL, NULL, NULL));
        break;
    }
    case 12: {
        lamina_action_t *a = NULL;
        reenter_op = byte(r);
        reenter_engine = ei;
        check(lamina_action_create_custom(action_cb, NULL, NULL, &a));
        if (a) {
            check(lamina_layer_set_action(e, layer_of(r, ei), keys[byte(r) % KEYS], a));
            check(lamina_action_release(a));
        }
        break;
    }
    case 13:
        reenter_op = byte(r);
        reenter_engine = ei;
        check(lamina_transaction_set_completion(e, completion_cb, NULL, NULL));
        break;
    case 14: {
        int i = byte(r) % ANIMS;
        if (anims[i]) check(lamina_animation_release(anims[i]));
        anims[i] = NULL;
        uint8_t kind = byte(r) % 3;
        if (kind == 0) check(lamina_animation_create_basic(keys[byte(r) % KEYS], &anims[i]));
        else if (kind == 1) check(lamina_animation_create_group(&anims[i]));
        else check(lamina_animation_create_basic("position", &anims[i]));
        break;
    }
    case 15: {
        lamina_animation_t *g = anims[byte(r) % ANIMS], *c = anims[byte(r) % ANIMS];
        if (g && c) check(lamina_animation_group_add(g, c));
        break;
    }
    case 16: {
        lamina_animation_t *a = anims[byte(r) % ANIMS];
        lamina_value_t v = {.type = LAMINA_VALUE_NUMBER, .u.number = number(r)};
        if (a) check(lamina_animation_set_to_value(a, &v));
        break;
    }
    case 17: {
        lamina_animation_t *a = anims[byte(r) % ANIMS];
        if (a) check(lamina_layer_add_animation(e, layer_of(r, ei), a, byte(r) & 1 ? "k" : NULL));
        break;
    }
    case 18: {
        lamina_timing_function_t tf = {number(r), number(r), number(r), number(r)};
        double out;
        check(lamina_timing_function_evaluate(&tf, number(r), &out));
        break;
    }
    case 19: { /* destroy and re-create an engine: old handles go stale */
        lamina_engine_t *old = engines[ei];
        check(lamina_engine_destroy(old));
        double t;
        check(lamina_engine_get_time(old, &t)); /* STALE_HANDLE */
        make_engine(ei);
        break;
    }
    case 20: { /* invariant: a change under disableActions shows at once after a tick */
        lamina_layer_t l = layers[ei][byte(r) % LAYERS];
        double v = (double)(byte(r) % 100) / 100.0;
        if (lamina_transaction_begin(e) != LAMINA_STATUS_OK) break;
        check(lamina_transaction_set_disable_actions(e, 1));
        lamina_status_t s = lamina_layer_set_number(e, l, "zPosition", v);
        check(lamina_transaction_commit(e));
        check(s);
        /* Only when no outer explicit transaction holds it back and nothing animates it. */
        if (s == LAMINA_STATUS_OK && lamina_transaction_commit(e) == LAMINA_STATUS_MISUSE) {
            check(lamina_layer_remove_all_animations(e, l));
            check(lamina_engine_tick(e, now[ei]));
            lamina_value_t pv;
            if (lamina_layer_get_presentation_value(e, l, "zPosition", &pv) == LAMINA_STATUS_OK &&
                pv.u.number != v) {
                fprintf(stderr, "presentation %g != model %g after disableActions + tick\n", pv.u.number, v);
                __builtin_trap();
            }
        }
        break;
    }
    case 21: {
        lamina_layer_t l = layer_of(r, ei);
        check(lamina_layer_retain(e, l));
        check(lamina_layer_release(e, l));
        break;
    }
    case 22: {
        lamina_layer_t hit;
        check(lamina_layer_hit_test(e, layer_of(r, ei), (lamina_point_t){number(r), number(r)},
                                    byte(r) & 1, number(r), &hit));
        break;
    }
    case 23: check(lamina_layer_set_number(e, layer_of(r, ei), "speed", number(r))); break;
    case 24: { /* a layer of some kind (or an unknown one) takes the place of layer k */
        int k = byte(r) % LAYERS;
        lamina_layer_t l;
        if (lamina_layer_create_kind(e, (lamina_layer_kind_t)(byte(r) % 5), &l) == LAMINA_STATUS_OK) {
            check(lamina_layer_release(e, layers[ei][k])); /* its handle may go stale */
            layers[ei][k] = l;
            lamina_layer_kind_t kind;
            check(lamina_layer_get_kind(e, l, &kind));
        }
        break;
    }
    case 25: {
        lamina_value_t v = kind_value(r);
        const char *key = kind_keys[byte(r) % KIND_KEYS];
        if (v.type == LAMINA_VALUE_NUMBER) v.u.number = tame_count(key, v.u.number);
        check(lamina_layer_set_value(e, layer_of(r, ei), key, &v));
        break;
    }
    case 26: {
        lamina_value_t v;
        check(lamina_layer_get_presentation_value(e, layer_of(r, ei), kind_keys[byte(r) % KIND_KEYS], &v));
        check(lamina_layer_get_value(e, layer_of(r, ei), kind_keys[byte(r) % KIND_KEYS], &v));
        break;
    }
    case 27: {
        size_t n = batch_of(r, ei);
        const char *key = byte(r) & 1 ? keys[byte(r) % KEYS] : kind_keys[byte(r) % KIND_KEYS];
        for (size_t i = 0; i < n; i++) batch_numbers[i] = tame_count(key, batch_numbers[i]);
        if (byte(r) & 1) check(lamina_layers_set_number(e, n ? batch_layers : NULL, n, key, n ? batch_numbers : NULL));
        else check(lamina_layers_set_point(e, batch_layers, n, key, batch_points));
        break;
    }
    case 28: {
        size_t n = batch_of(r, ei);
        const char *key = byte(r) & 1 ? keys[byte(r) % KEYS] : kind_keys[byte(r) % KIND_KEYS];
        switch (byte(r) % 4) {
        case 0: check(lamina_layers_get_number(e, batch_layers, n, key, batch_numbers)); break;
        case 1: check(lamina_layers_get_presentation_number(e, batch_layers, n, key, batch_numbers)); break;
        case 2: check(lamina_layers_get_presentation_number_at(e, batch_layers, n, key, number(r), batch_numbers)); break;
        default: check(lamina_layers_get_presentation_point(e, batch_layers, n, key, batch_points)); break;
        }
        break;
    }
    case 29: { /* a NULL array with a count, and a NULL key: INVALID_ARGUMENT */
        check(lamina_layers_set_number(e, NULL, 1 + byte(r) % 3, "opacity", batch_numbers));
        check(lamina_layers_get_number(e, batch_layers, 1, NULL, batch_numbers));
        break;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (int i = 0; i < ENGINES; i++) make_engine(i);
    struct reader r = {data, size};
    for (int steps = 0; r.n > 0 && steps < 256; steps++) run(&r);
    /* Close what the input left open on this thread, then free everything. */
    for (int i = 0; i < ENGINES; i++) {
        while (lamina_transaction_commit(engines[i]) == LAMINA_STATUS_OK) {}
        check(lamina_engine_destroy(engines[i]));
    }
    for (int i = 0; i < ANIMS; i++) {
        if (anims[i]) check(lamina_animation_release(anims[i]));
        anims[i] = NULL;
    }
    return 0;
}
