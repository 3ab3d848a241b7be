/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target over the C ABI (issue 9): each input is a call sequence over up to two
 * engines, their layers, animations and timing functions, with NaN/infinite/huge numbers,
 * stale and foreign handles, unbalanced transactions, and callbacks that re-enter the API
 * (destroy, tick, commit, remove the layer) from a layer delegate, a custom action and a
 * completion. Layers of every kind (shape, gradient, replicator) take their own keys with
 * number and colour arrays and paths of any shape, and the batch functions take arrays of
 * mixed, stale and foreign handles. Op 30 calls every other public function
 * (fuzz_surface.inc, generated) and op 31 renders headless when liblamina-gles is built
 * (LAMINA_FUZZ_GLES). Built with ASan + UBSan (Scripts/sanitize.sh fuzz); docs/fuzzing.md
 * tells how to run it.
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
#ifdef LAMINA_FUZZ_GLES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <unistd.h>
#include <lamina/lamina_gles.h>
#endif
#ifdef LAMINA_FUZZ_TEXT
#include <lamina/lamina_text.h>
#endif

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
                                  "fillRule", "lineCap", "opacity", "position", "focalOffset"};
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

/* ---- The whole surface (issue 31 item 11): helpers for fuzz_surface.inc, which calls every
 * public function this file does not call by hand, each parameter made from the input by its
 * C type. Objects a call hands out go to pools released at the end of the input. */
enum { POOL = 4, SCRATCH = 4096 };
static lamina_action_t *actions[POOL];
static lamina_style_t *styles[POOL];
static lamina_image_t images[POOL];
static lamina_animator_t *animators[POOL];
static _Alignas(16) unsigned char scratch[8][SCRATCH];
static unsigned scratch_next;
static uint8_t pixels[64 * 64 * 4];
static int free_calls;

static lamina_engine_t *eng_or_null(struct reader *r, int ei) { return byte(r) == 255 ? NULL : engines[ei]; }

static const char *strs[] = {"opacity", "position", "bounds", "contents", "path", "transform",
                             "backgroundColor", "linear", "easeIn", "fade", "push", "fromLeft",
                             "kCAOnOrderIn", "onOrderOut", "custom.prop", "", "k", "transition"};
/* A string made of the input's next bytes (up to 47, any UTF-8 or not), NUL-terminated; four
 * rotating buffers, so one call can take several. */
static char fuzz_strings[4][48];
static unsigned fuzz_string_next;
static const char *fuzz_string(struct reader *r) {
    char *s = fuzz_strings[fuzz_string_next++ % 4];
    size_t n = byte(r) % 48;
    for (size_t i = 0; i < n; i++) s[i] = (char)byte(r);
    s[n] = '\0';
    return s;
}
static const char *str(struct reader *r) {
    uint8_t b = byte(r);
    if (b >= 240 && b < 255) return fuzz_string(r);
    return b == 255 ? NULL : strs[b % (sizeof strs / sizeof strs[0])];
}
static lamina_animation_t *anim(struct reader *r) { return anims[byte(r) % ANIMS]; }
static lamina_action_t *act(struct reader *r) { return actions[byte(r) % POOL]; }
static lamina_style_t *sty(struct reader *r) { return styles[byte(r) % POOL]; }
static lamina_image_t img(struct reader *r) {
    uint8_t b = byte(r);
    return b < 200 ? images[b % POOL] : b < 250 ? (lamina_image_t)b << 20 : 0;
}
/* A count or index: 0...17, within every scratch buffer's room (SCRATCH / 17 bytes an item). */
static size_t count(struct reader *r) { return byte(r) % 18; }
static uint32_t u32(struct reader *r) {
    uint8_t b = byte(r);
    return b < 240 ? b % 9 : b < 250 ? 0xFFFFFFFFu : 65536u;
}
static uint64_t u64(struct reader *r) { return (uint64_t)byte(r) << (byte(r) % 40); }
static int32_t sint(struct reader *r) { return (int32_t)(byte(r) % 14) - 1; }
static lamina_point_t pt(struct reader *r) { return (lamina_point_t){number(r), number(r)}; }
static lamina_size_t sz(struct reader *r) { return (lamina_size_t){number(r), number(r)}; }
static lamina_rect_t rc(struct reader *r) { return (lamina_rect_t){pt(r), sz(r)}; }
static lamina_color_t col(struct reader *r) { return (lamina_color_t){number(r), number(r), number(r), number(r)}; }
static lamina_transform3d_t xf(struct reader *r) {
    lamina_transform3d_t t;
    double *m = &t.m11;
    for (int i = 0; i < 16; i++) m[i] = (i % 5 == 0) ? 1.0 : 0.0;
    for (int k = byte(r) % 4; k > 0; k--) m[byte(r) % 16] = number(r);
    return t;
}
/* Scratch memory for an out-parameter of `size` bytes (zeroed, a struct_size first), or NULL. */
static void *out(struct reader *r, size_t size) {
    if (byte(r) == 254) return NULL;
    unsigned char *p = scratch[scratch_next++ % 8];
    memset(p, 0, SCRATCH);
    uint32_t ss = (uint32_t)(size < SCRATCH ? size : SCRATCH);
    if (byte(r) == 253) ss = 4; /* too small */
    memcpy(p, &ss, sizeof ss);
    return p;
}
static void *maybe(struct reader *r, void *p) { return byte(r) == 254 ? NULL : p; }
static const lamina_transform3d_t *pxf(struct reader *r) {
    lamina_transform3d_t *t = out(r, sizeof *t);
    if (t) *t = xf(r);
    return t;
}
static const lamina_timing_function_t *ptf(struct reader *r) {
    lamina_timing_function_t *t = out(r, sizeof *t);
    if (t) *t = (lamina_timing_function_t){number(r), number(r), number(r), number(r)};
    return t;
}
static const lamina_spring_t *psp(struct reader *r) {
    lamina_spring_t *t = out(r, sizeof *t);
    if (t) {
        double *d = (double *)t;
        for (size_t i = 0; i < sizeof *t / sizeof(double); i++) d[i] = number(r);
    }
    return t;
}
static const lamina_media_timing_t *pmt(struct reader *r) {
    lamina_media_timing_t *t = out(r, sizeof *t);
    if (t) {
        double *d = (double *)((char *)t + 8); /* after struct_size and reserved */
        for (size_t i = 0; i < (sizeof *t - 8) / sizeof(double); i++) d[i] = number(r);
        if (byte(r) & 1) t->reserved = 0;
    }
    return t;
}
/* A value, or an array of them (a function may take up to count() values): the first from
 * kind_value(), the rest numbers, colours or copies of it. */
static lamina_value_t value_in[32];
static const lamina_value_t *pval(struct reader *r) {
    value_in[0] = kind_value(r);
    for (int i = 1; i < 18; i++) {
        uint8_t b = byte(r) % 3;
        if (b == 0) value_in[i] = value_in[0];
        else if (b == 1) value_in[i] = (lamina_value_t){.type = LAMINA_VALUE_NUMBER, .u.number = number(r)};
        else value_in[i] = (lamina_value_t){.type = LAMINA_VALUE_POINT, .u.point = pt(r)};
    }
    return byte(r) == 254 ? NULL : value_in;
}
static double dbl_in[32];
static const double *dbls(struct reader *r) {
    for (int i = 0; i < 18; i++) dbl_in[i] = number(r);
    return byte(r) == 254 ? NULL : dbl_in;
}
static const uint8_t *pixels_in(struct reader *r) { return byte(r) == 254 ? NULL : pixels; }
static lamina_path_element_t pel_in[32];
static const lamina_path_element_t *pels(struct reader *r) {
    for (int i = 0; i < 18; i++) {
        memset(&pel_in[i], 0, sizeof pel_in[i]);
        pel_in[i].type = (lamina_path_element_type_t)(byte(r) % 6);
        for (int k = 0; k < 3; k++) pel_in[i].points[k] = pt(r);
    }
    return byte(r) == 254 ? NULL : pel_in;
}
static void keep_anim(lamina_animation_t *a) {
    if (!a) return;
    static unsigned next;
    unsigned i = next++ % ANIMS;
    if (anims[i]) check(lamina_animation_release(anims[i]));
    anims[i] = a;
}
static void keep_action(lamina_action_t *a) {
    if (!a) return;
    static unsigned next;
    unsigned i = next++ % POOL;
    if (actions[i]) check(lamina_action_release(actions[i]));
    actions[i] = a;
}
static void keep_style(lamina_style_t *s) {
    if (!s) return;
    static unsigned next;
    unsigned i = next++ % POOL;
    if (styles[i]) check(lamina_style_release(styles[i]));
    styles[i] = s;
}
static void keep_image(lamina_image_t im) {
    if (!im) return;
    static unsigned next;
    unsigned i = next++ % POOL;
    if (images[i]) (void)lamina_image_release(images[i]); /* STALE when the input released it */
    images[i] = im;
}
/* Property animators (R17.9-R17.21): made from the input, kept in a pool, destroyed at the end
 * (after their engines, which they must survive) or when the input replaces them. */
static void keep_animator(lamina_animator_t *a) {
    if (!a) return;
    static unsigned next;
    unsigned i = next++ % POOL;
    if (animators[i]) check(lamina_animator_destroy(animators[i]));
    animators[i] = a;
}
static lamina_animator_t *animr(struct reader *r) { return byte(r) == 254 ? NULL : animators[byte(r) % POOL]; }
static lamina_animator_params_t params_in;
static const lamina_animator_params_t *pap(struct reader *r) {
    params_in.duration = number(r);
    params_in.curve = (lamina_timing_function_t){number(r), number(r), number(r), number(r)};
    params_in.has_spring = (lamina_bool_t)(byte(r) % 3);
    params_in.spring = (lamina_spring_t){number(r), number(r), number(r), number(r), byte(r) & 1, 0};
    return byte(r) == 254 ? NULL : &params_in;
}
static void animator_block_cb(void *userdata) {
    (void)userdata;
    lamina_engine_t *e = engines[reenter_engine];
    check(lamina_layer_set_position(e, layers[reenter_engine][3], (lamina_point_t){now[reenter_engine], 7}));
    reenter(layers[reenter_engine][3]);
}
static void animator_completion_cb(void *userdata, lamina_animating_position_t position) {
    (void)userdata, (void)position;
    reenter(layers[reenter_engine][4]);
}
static void free_cb(void *userdata) {
    (void)userdata;
    free_calls++;
}
/* A host clock that re-enters its engine (destroy and tick are MISUSE there, R18). */
static double clock_cb(void *userdata) {
    (void)userdata;
    reenter(layers[reenter_engine][1]);
    return now[reenter_engine];
}
static void view_completion_cb(void *userdata, lamina_bool_t finished) {
    (void)userdata, (void)finished;
    reenter(layers[reenter_engine][2]);
}
static void did_start_cb(void *userdata, lamina_layer_t layer, const char *key) {
    (void)userdata, (void)key;
    reenter(layer);
}
static void did_stop_cb(void *userdata, lamina_layer_t layer, const char *key, lamina_bool_t finished) {
    (void)userdata, (void)key, (void)finished;
    reenter(layer);
}
static const lamina_animation_delegate_t anim_delegate = {did_start_cb, did_stop_cb};

#include "fuzz_surface.inc"

/* ---- lamina_text.h (issue 31 item 11): the HarfBuzz provider laying out fuzzed strings, runs,
 * fonts and sizes. One real provider serves both engines of an input behind a wrapper each
 * (fontconfig's start-up costs tens of milliseconds: once per input that lays text out); the
 * wrapper sometimes fails a layout with a status from the input, which the engine must pass
 * on. It is freed at the end of the input, after the engines: a configuration kept for the
 * process reads as a leak to LeakSanitizer (fontconfig stores some pointers as offsets). A few
 * real providers per input are also made and registered, or refused (bad arguments). */
#ifdef LAMINA_FUZZ_TEXT
#ifndef LAMINA_FUZZ_FONTS
#define LAMINA_FUZZ_FONTS "Tests/fonts"
#endif
static lamina_text_provider_t shared_text;
static int shared_text_ready;
static lamina_status_t text_fail; /* the wrapper's next answer instead of a layout (0: none) */
static int text_creates;          /* real providers made during this input */

static lamina_status_t wrap_layout(void *userdata, const lamina_text_request_t *req, lamina_text_layout_t *out) {
    (void)userdata;
    if (text_fail != LAMINA_STATUS_OK) {
        lamina_status_t s = text_fail;
        text_fail = LAMINA_STATUS_OK;
        return s;
    }
    return shared_text.layout(shared_text.user_data, req, out);
}
static void wrap_release(void *userdata, lamina_text_layout_t *layout) {
    (void)userdata;
    shared_text.release(shared_text.user_data, layout);
}
static void wrap_destroy(void *userdata) { (void)userdata; } /* the input's end frees it */

/* A failing lamina_text_provider_create answers a known status with its own message. */
static void check_text(lamina_status_t s) {
    if (s == LAMINA_STATUS_OK) return;
    const char *m = lamina_text_last_error_message();
    if (s < 0 || s > LAMINA_STATUS_OUT_OF_MEMORY || m == NULL || m[0] == '\0') {
        fprintf(stderr, "text: status %d without its message\n", (int)s);
        __builtin_trap();
    }
}

static void end_text(void) {
    if (shared_text_ready) shared_text.destroy(shared_text.user_data);
    shared_text_ready = 0;
    text_creates = 0;
}

static const char *font_names[] = {"Noto Sans", "Noto Sans Arabic", "NotoSansHebrew", "sans-serif",
                                   LAMINA_FUZZ_FONTS "/NotoSans-Regular.ttf",
                                   LAMINA_FUZZ_FONTS "/missing.ttf", "/", "", "Bogus Family 42"};
static const char *text_font(struct reader *r) {
    uint8_t b = byte(r);
    if (b >= 240) return fuzz_string(r);
    return font_names[b % (sizeof font_names / sizeof font_names[0])];
}
static const char *text_strings[] = {"Hello, world", "مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया",
                                     "a\nb\r\nc\td", "e\xcc\x81\xcc\x81\xcc\x81", "\xf0\x9f\x98\x80\xe2\x80\x8d",
                                     "\xff\xfe\xc3", "", "word word word word word word word word"};
static const char *text_string(struct reader *r) {
    uint8_t b = byte(r);
    if (b >= 128) return fuzz_string(r);
    return text_strings[b % (sizeof text_strings / sizeof text_strings[0])];
}
static lamina_value_t string_value(const char *s) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_STRING;
    v.u.string = s;
    return v;
}

static void text_op(struct reader *r, int ei) {
    lamina_engine_t *e = engines[ei];
    switch (byte(r) % 6) {
    case 0: { /* the wrapped shared provider on the engine, or none */
        if (!shared_text_ready) {
            const char *dirs[] = {LAMINA_FUZZ_FONTS};
            if (lamina_text_provider_create(dirs, 1, &shared_text) != LAMINA_STATUS_OK) {
                fprintf(stderr, "text: no provider: %s\n", lamina_text_last_error_message());
                __builtin_trap();
            }
            shared_text_ready = 1;
        }
        lamina_text_provider_t p = {sizeof p, 0, NULL, wrap_layout, wrap_release, wrap_destroy};
        check(lamina_engine_set_text_provider(eng_or_null(r, ei), byte(r) & 1 ? &p : NULL));
        break;
    }
    case 1: { /* a real provider: made and registered, or bad arguments refused */
        const char *dirs[] = {LAMINA_FUZZ_FONTS, "/nonexistent-lamina-fonts", NULL};
        size_t first = byte(r) % 3, n = byte(r) % 2 + (first < 2);
        lamina_text_provider_t p;
        memset(&p, 0, sizeof p);
        uint8_t how = byte(r) % 4;
        if (how == 0) check_text(lamina_text_provider_create(NULL, 1, &p)); /* INVALID_ARGUMENT */
        else if (how == 1) check_text(lamina_text_provider_create(dirs, 1, NULL));
        else if (text_creates < 2) {
            text_creates++;
            lamina_status_t s = lamina_text_provider_create(dirs + first, first == 2 ? 1 : n, &p);
            check_text(s);
            if (s == LAMINA_STATUS_OK) {
                /* A refused registration leaves the provider with the host (the engine may be
                 * gone: a callback outside a tick can destroy it). */
                lamina_status_t set = LAMINA_STATUS_MISUSE;
                if (byte(r) & 1) check(set = lamina_engine_set_text_provider(e, &p));
                if (set != LAMINA_STATUS_OK) p.destroy(p.user_data);
            }
        }
        break;
    }
    case 2: { /* a text layer in place of layer k: fuzzed string, font, size, modes, bounds */
        int k = byte(r) % LAYERS;
        lamina_layer_t l;
        if (lamina_layer_create_kind(e, LAMINA_LAYER_KIND_TEXT, &l) != LAMINA_STATUS_OK) break;
        check(lamina_layer_release(e, layers[ei][k]));
        layers[ei][k] = l;
        lamina_value_t v = string_value(text_string(r));
        check(lamina_layer_set_value(e, l, "string", &v));
        v = string_value(text_font(r));
        check(lamina_layer_set_value(e, l, "font", &v));
        check(lamina_layer_set_number(e, l, "fontSize", number(r)));
        static const char *aligns[] = {"natural", "left", "right", "center", "justified", "middle"};
        static const char *truncs[] = {"none", "start", "end", "middle", "bogus"};
        v = string_value(aligns[byte(r) % 6]);
        check(lamina_layer_set_value(e, l, "alignmentMode", &v));
        v = string_value(truncs[byte(r) % 5]);
        check(lamina_layer_set_value(e, l, "truncationMode", &v));
        memset(&v, 0, sizeof v);
        v.type = LAMINA_VALUE_BOOL;
        v.u.boolean = byte(r) & 1;
        check(lamina_layer_set_value(e, l, "wrapped", &v));
        check(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {number(r), number(r)}}));
        break;
    }
    case 3: { /* attributed runs: any ranges, fonts, sizes, colours */
        static lamina_text_run_t runs[8];
        size_t n = byte(r) % 9;
        for (size_t i = 0; i < n; i++) {
            runs[i].start = byte(r) < 240 ? byte(r) % 64 : SIZE_MAX - byte(r);
            runs[i].length = byte(r) < 240 ? byte(r) % 64 : SIZE_MAX;
            runs[i].font = byte(r) & 1 ? text_font(r) : NULL;
            runs[i].font_size = byte(r) & 1 ? NAN : number(r);
            runs[i].has_color = byte(r) % 3;
            runs[i].reserved = byte(r) == 255;
            runs[i].color = col(r);
        }
        check(lamina_text_layer_set_runs(e, layer_of(r, ei), n || byte(r) & 1 ? runs : NULL, n));
        break;
    }
    case 4: { /* layout now: preferred size, layout count, a draw list (the provider fails
               * the next layout with a status from the input, or not) */
        static const lamina_status_t fails[] = {LAMINA_STATUS_OK, LAMINA_STATUS_OK, LAMINA_STATUS_NOT_FOUND,
                                                LAMINA_STATUS_OUT_OF_MEMORY, LAMINA_STATUS_INVALID_ARGUMENT};
        text_fail = fails[byte(r) % 5];
        lamina_layer_t l = layer_of(r, ei);
        lamina_size_t size;
        check(lamina_text_layer_preferred_frame_size(e, l, number(r), &size));
        uint64_t layouts;
        check(lamina_text_layer_layout_count(e, l, &layouts));
        const lamina_draw_record_t *records;
        size_t count;
        check(lamina_engine_draw_list(e, l, number(r), &records, &count));
        text_fail = LAMINA_STATUS_OK;
        break;
    }
    default: { /* an animated fontSize and colour on a text layer, then a tick */
        lamina_layer_t l = layer_of(r, ei);
        check(lamina_layer_set_number(e, l, "fontSize", number(r)));
        lamina_value_t v;
        memset(&v, 0, sizeof v);
        v.type = LAMINA_VALUE_COLOR;
        v.u.color = col(r);
        check(lamina_layer_set_value(e, l, "foregroundColor", &v));
        check(lamina_engine_tick(e, now[ei] + 0.05));
        break;
    }
    }
}
#endif

/* ---- lamina_gles.h (issue 31 item 11): every function of the renderer. A renderer lives in the
 * harness's own surfaceless EGL context (made once per process, with a 32 x 32 framebuffer) from
 * the first renderer op of an input to its end, so engines destroyed and made again under it
 * (op 19) test its caches; it draws the engines' trees, their draw lists with fields overwritten
 * from the input (pointers and their counts, the host's to keep consistent, are left alone),
 * and bad arguments; PNGs are written, read back and read from bytes of the input. */
#ifdef LAMINA_FUZZ_GLES
static EGLDisplay gl_display = EGL_NO_DISPLAY;
static EGLContext gl_context = EGL_NO_CONTEXT;
static int gl_failed;
static lamina_gles_renderer_t *renderer;

/* A known status with the renderer's message, or a trap. */
static void check_gles(lamina_status_t s) {
    if (s == LAMINA_STATUS_OK) return;
    const char *m = lamina_gles_last_error_message();
    int known = (s > 0 && s <= LAMINA_STATUS_OUT_OF_MEMORY) ||
                (s >= LAMINA_GLES_STATUS_NO_CONTEXT && s <= LAMINA_GLES_STATUS_UNAVAILABLE);
    if (!known || m == NULL || m[0] == '\0') {
        fprintf(stderr, "gles: status %d (%s)\n", (int)s, m ? m : "no message");
        __builtin_trap();
    }
}

/* Makes the harness's context current (creating it and the renderer on first use); 0 when EGL
 * has no surfaceless GLES 3 here (then only the context-free functions are fuzzed). */
static int gl_current(void) {
    if (gl_failed) return 0;
    if (gl_context == EGL_NO_CONTEXT) {
        PFNEGLGETPLATFORMDISPLAYEXTPROC gd =
            (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
        EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE}, n = 0;
        EGLint cattrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
        EGLConfig cfg;
        gl_failed = 1;
        if (!gd) return 0;
        gl_display = gd(0x31DD /* EGL_PLATFORM_SURFACELESS_MESA */, EGL_DEFAULT_DISPLAY, NULL);
        if (gl_display == EGL_NO_DISPLAY || !eglInitialize(gl_display, NULL, NULL)) return 0;
        eglBindAPI(EGL_OPENGL_ES_API);
        if (!eglChooseConfig(gl_display, attrs, &cfg, 1, &n) || n != 1) return 0;
        gl_context = eglCreateContext(gl_display, cfg, EGL_NO_CONTEXT, cattrs);
        if (gl_context == EGL_NO_CONTEXT) return 0;
        if (!eglMakeCurrent(gl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, gl_context)) return 0;
        GLuint fbo, rb;
        glGenFramebuffers(1, &fbo);
        glGenRenderbuffers(1, &rb);
        glBindRenderbuffer(GL_RENDERBUFFER, rb);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        glViewport(0, 0, 32, 32);
        gl_failed = 0;
    }
    /* lamina_gles_render_rgba makes its own context current for its call only */
    if (!eglMakeCurrent(gl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, gl_context)) return 0;
    if (!renderer) {
        lamina_status_t s = lamina_gles_renderer_create(&renderer);
        check_gles(s);
        if (s != LAMINA_STATUS_OK) return 0;
    }
    return 1;
}

static void end_renderer(void) {
    if (!renderer) return;
    if (gl_context != EGL_NO_CONTEXT) eglMakeCurrent(gl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, gl_context);
    lamina_gles_renderer_destroy(renderer);
    renderer = NULL;
}

static lamina_gles_frame_t fuzz_frame(struct reader *r) {
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags = byte(r) & 3;
    if (byte(r) & 1) frame.scale = number(r);
    if (byte(r) == 255) frame.struct_size = 4; /* too small */
    frame.clear_color = col(r);
    if (byte(r) & 1) { /* partial redraw (issue 29): damage given or the engine's, any age */
        static lamina_rect_t damage[2];
        frame.flags |= (uint32_t)(byte(r) & 1) * LAMINA_GLES_FRAME_PARTIAL;
        for (int i = 0; i < 2; i++)
            damage[i] = (lamina_rect_t){{number(r), number(r)}, {number(r), number(r)}};
        frame.damage = byte(r) & 1 ? damage : NULL;
        frame.damage_count = byte(r) % 3;
        frame.buffer_age = (int32_t)(byte(r) % 12) - 2;
    }
    return frame;
}

/* The record fields a host could get wrong, by offset and kind (as in gles-reliability). */
#define F(field, kind) {offsetof(lamina_draw_record_t, field), sizeof(((lamina_draw_record_t *)0)->field), kind}
enum { K_DOUBLES, K_INT, K_U64 };
static const struct {
    size_t offset, size;
    int kind;
} record_fields[] = {
    F(flags, K_INT), F(depth, K_INT), F(descendant_count, K_INT), F(clip_index, K_INT),
    F(transform, K_DOUBLES), F(bounds, K_DOUBLES), F(clip_rect, K_DOUBLES), F(opacity, K_DOUBLES),
    F(corner_radius, K_DOUBLES), F(border_width, K_DOUBLES), F(background_color, K_DOUBLES),
    F(border_color, K_DOUBLES), F(shadow_color, K_DOUBLES), F(shadow_opacity, K_DOUBLES),
    F(shadow_offset, K_DOUBLES), F(shadow_radius, K_DOUBLES), F(transition_type, K_INT),
    F(transition_subtype, K_INT), F(transition_progress, K_DOUBLES), F(flags2, K_INT),
    F(contents, K_U64), F(contents_previous, K_U64), F(contents_fade, K_DOUBLES),
    F(contents_dest, K_DOUBLES), F(contents_previous_dest, K_DOUBLES), F(contents_rect, K_DOUBLES),
    F(contents_center, K_DOUBLES), F(contents_scale, K_DOUBLES), F(minification_filter_bias, K_DOUBLES),
    F(contents_gravity, K_INT), F(minification_filter, K_INT), F(magnification_filter, K_INT),
    F(corner_curve, K_INT), F(masked_corners, K_INT), F(edge_antialiasing_mask, K_INT),
    F(mask_index, K_INT), F(mask_count, K_INT), F(mask_host_index, K_INT), F(group_index, K_INT),
    F(target_opacity, K_DOUBLES), F(group_opacity, K_DOUBLES), F(rasterization_scale, K_DOUBLES),
    F(layer_kind, K_INT), F(instance_index, K_INT), F(instance_color, K_DOUBLES),
};
#undef F
enum { RECORD_FIELDS = sizeof record_fields / sizeof record_fields[0], FUZZ_RECORDS = 64 };
static lamina_draw_record_t fuzz_records[FUZZ_RECORDS];

static void mutate_record(struct reader *r, lamina_draw_record_t *rec) {
    size_t f = byte(r) % RECORD_FIELDS;
    unsigned char *p = (unsigned char *)rec + record_fields[f].offset;
    if (record_fields[f].kind == K_DOUBLES) {
        double d = number(r);
        memcpy(p + (byte(r) % (record_fields[f].size / sizeof(double))) * sizeof(double), &d, sizeof d);
    } else if (record_fields[f].kind == K_INT) {
        static const int32_t v[] = {-1, 0, 1, 2, 3, 5, 7, 64, 1000, INT32_MAX, INT32_MIN, -2};
        int32_t x = v[byte(r) % (sizeof v / sizeof v[0])];
        memcpy(p, &x, sizeof x);
    } else {
        uint64_t x = byte(r) & 1 ? 0 : u64(r);
        memcpy(p, &x, sizeof x);
    }
}

static void renderer_op(struct reader *r, int ei) {
    lamina_engine_t *e = engines[ei];
    switch (byte(r) % 6) {
    case 0: { /* headless, on whatever the input made */
        static uint8_t rgba[32 * 32 * 4];
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        frame.flags = byte(r) & 3;
        uint32_t w = 1 + byte(r) % 32, h = 1 + byte(r) % 32;
        lamina_gles_stats_t stats = {.struct_size = sizeof stats};
        check_gles(lamina_gles_render_rgba(e, layer_of(r, ei), number(r), w, h, byte(r) & 1 ? number(r) : 1.0,
                                           byte(r) & 1 ? &frame : NULL, rgba, (size_t)w * h * 4,
                                           byte(r) & 1 ? &stats : NULL));
        break;
    }
    case 1: { /* a renderer draws a tree, then its figures are read */
        if (!gl_current()) break;
        lamina_gles_frame_t frame = fuzz_frame(r);
        check_gles(lamina_gles_renderer_render(renderer, eng_or_null(r, ei), layer_of(r, ei), number(r), &frame));
        lamina_gles_stats_t stats = {.struct_size = byte(r) & 1 ? sizeof stats : byte(r) % 12};
        check_gles(lamina_gles_renderer_get_stats(byte(r) == 255 ? NULL : renderer, &stats));
        break;
    }
    case 2: { /* a real draw list with one to eight fields overwritten */
        if (!gl_current()) break;
        const lamina_draw_record_t *list = NULL;
        size_t n = 0;
        double t = number(r);
        if (lamina_engine_draw_list(e, layer_of(r, ei), t, &list, &n) != LAMINA_STATUS_OK || n == 0) break;
        if (n > FUZZ_RECORDS) n = FUZZ_RECORDS; /* a prefix: descendant counts may run past it */
        memcpy(fuzz_records, list, n * sizeof *list);
        for (int k = 1 + byte(r) % 8; k > 0; k--) mutate_record(r, &fuzz_records[byte(r) % n]);
        lamina_gles_frame_t frame = fuzz_frame(r);
        /* the other engine sometimes: STALE_HANDLE */
        check_gles(lamina_gles_renderer_draw(renderer, byte(r) & 1 ? e : engines[(ei + 1) % ENGINES],
                                             fuzz_records, n, byte(r) & 1 ? t : number(r), &frame));
        break;
    }
    case 3: { /* bad arguments, and no context current: refused with a status */
        lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
        switch (byte(r) % 6) {
        case 0: check_gles(lamina_gles_renderer_draw(NULL, e, fuzz_records, 0, 0, &frame)); break;
        case 4: check_gles(lamina_gles_swap_buffers(byte(r) & 1 ? renderer : NULL)); break; /* no surface */
        case 1: if (gl_current()) check_gles(lamina_gles_renderer_draw(renderer, e, NULL, 1 + byte(r) % 3, 0, &frame)); break;
        case 2: if (gl_current()) check_gles(lamina_gles_renderer_draw(renderer, e, fuzz_records, 0, 0, NULL)); break;
        case 3: check_gles(lamina_gles_renderer_create(NULL)); break;
        default:
            if (gl_current()) {
                eglMakeCurrent(gl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
                check_gles(lamina_gles_renderer_render(renderer, e, layer_of(r, ei), 0, &frame)); /* NO_CONTEXT */
                lamina_gles_renderer_t *other = NULL;
                check_gles(lamina_gles_renderer_create(&other));
                lamina_gles_renderer_destroy(other);
            }
            break;
        }
        break;
    }
    case 4: { /* PNG files: pixels written and read back; the input's bytes read as a PNG */
        static char path[64];
        if (!path[0]) snprintf(path, sizeof path, "/tmp/lamina-fuzz-%ld.png", (long)getpid());
        uint32_t w = byte(r) % 9, h = byte(r) % 9;
        uint8_t *rgba = NULL;
        uint32_t rw = 0, rh = 0;
        if (byte(r) & 1) {
            check_gles(lamina_gles_write_png(byte(r) == 255 ? NULL : path, pixels, w, h));
        } else {
            static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
            FILE *f = fopen(path, "wb");
            if (!f) break;
            if (byte(r) & 1) fwrite(sig, 1, sizeof sig, f);
            size_t n = byte(r) % 64;
            for (size_t i = 0; i < n; i++) fputc(byte(r), f);
            fclose(f);
        }
        lamina_status_t s = lamina_gles_read_png(byte(r) == 255 ? "/nonexistent/x.png" : path, &rgba, &rw, &rh);
        check_gles(s);
        if (s == LAMINA_STATUS_OK) free(rgba);
        break;
    }
    default: { /* names and messages, and the renderer freed early (made again on next use) */
        const char *name = lamina_gles_status_string((lamina_status_t)(sint(r) + (byte(r) & 1 ? 100 : 0)));
        const char *m = lamina_gles_last_error_message();
        if (!name || !m) __builtin_trap();
        if (byte(r) & 1) end_renderer();
        lamina_gles_renderer_destroy(NULL);
        break;
    }
    }
}
#endif

/* The calls whose ownership a generic rule would get wrong, then the generated ones. */
static void surface(struct reader *r, int ei) {
    uint8_t which = byte(r);
    reenter_op = byte(r);
    reenter_engine = ei;
#ifdef LAMINA_FUZZ_TEXT
    if (which >= 240) { /* lamina_text.h */
        text_op(r, ei);
        return;
    }
#endif
    switch (which % 8) {
    case 0: { /* retain, then release: no reference leaks */
        lamina_animation_t *a = anim(r);
        lamina_action_t *ac = act(r);
        lamina_style_t *st = sty(r);
        lamina_image_t im = img(r);
        if (a && lamina_animation_retain(a) == LAMINA_STATUS_OK) check(lamina_animation_release(a));
        if (ac && lamina_action_retain(ac) == LAMINA_STATUS_OK) check(lamina_action_release(ac));
        if (st && lamina_style_retain(st) == LAMINA_STATUS_OK) check(lamina_style_release(st));
        lamina_status_t s = lamina_image_retain(im);
        check(s);
        if (s == LAMINA_STATUS_OK) check(lamina_image_release(im));
        break;
    }
    case 1: { /* an image: its sizes and byte count from the input (within `pixels`) */
        uint32_t w = byte(r) % 65, h = byte(r) % 65;
        size_t n = byte(r) & 1 ? (size_t)w * h * 4 : count(r);
        lamina_image_t im = LAMINA_IMAGE_NONE;
        check(lamina_image_create_rgba8(eng_or_null(r, ei), w, h, pixels_in(r), n, byte(r) & 1,
                                        maybe(r, &im)));
        keep_image(im);
        break;
    }
    case 2: {
        lamina_image_t im = LAMINA_IMAGE_NONE;
        check(lamina_image_create_external(eng_or_null(r, ei), u64(r), u32(r), u32(r), maybe(r, &im)));
        keep_image(im);
        break;
    }
    case 3: { /* a pool's own reference dropped: its slot is emptied (the pointer would dangle) */
        unsigned i = byte(r) % POOL;
        if (byte(r) & 1) {
            if (styles[i]) check(lamina_style_release(styles[i]));
            styles[i] = NULL;
        } else {
            if (images[i]) check(lamina_image_release(images[i]));
            /* the handle stays: a released image's id is STALE_HANDLE from now on */
        }
        break;
    }
    case 4: { /* an animator's callbacks, which re-enter the engine */
        lamina_animator_t *a = animr(r);
        if (byte(r) & 1) check(lamina_animator_add_animations(a, byte(r) & 7 ? animator_block_cb : NULL, NULL));
        else check(lamina_animator_add_completion(a, byte(r) & 7 ? animator_completion_cb : NULL, NULL));
        break;
    }
    case 5: { /* an animator destroyed by the input: its pool slot is emptied */
        unsigned i = byte(r) % POOL;
        if (animators[i]) check(lamina_animator_destroy(animators[i]));
        animators[i] = NULL;
        break;
    }
    default: surface_call(r, ei, (unsigned)byte(r) | (unsigned)byte(r) << 8); break;
    }
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
    switch (op % 32) {
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
    case 30: surface(r, ei); break; /* every other public function (fuzz_surface.inc) */
    case 31: /* the renderer (issue 31 item 11): lamina_gles.h, whole */
#ifdef LAMINA_FUZZ_GLES
        renderer_op(r, ei);
#endif
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (int i = 0; i < ENGINES; i++) make_engine(i);
    struct reader r = {data, size};
    for (int steps = 0; r.n > 0 && steps < 256; steps++) run(&r);
    /* Close what the input left open on this thread, then free everything. The host callbacks
     * stop re-entering first: a clock that begins a transaction at every read would reopen one
     * at each commit, and the loop is bounded by the nesting limit besides. */
    reenter_depth = 1000;
    for (int i = 0; i < ENGINES; i++) {
        for (int n = 0; n < 4096 && lamina_transaction_commit(engines[i]) == LAMINA_STATUS_OK; n++) {}
        check(lamina_engine_destroy(engines[i]));
    }
    reenter_depth = 0;
#ifdef LAMINA_FUZZ_GLES
    end_renderer();
#endif
#ifdef LAMINA_FUZZ_TEXT
    end_text();
#endif
    for (int i = 0; i < ANIMS; i++) {
        if (anims[i]) check(lamina_animation_release(anims[i]));
        anims[i] = NULL;
    }
    for (int i = 0; i < POOL; i++) {
        if (actions[i]) check(lamina_action_release(actions[i]));
        if (styles[i]) check(lamina_style_release(styles[i]));
        if (images[i]) (void)lamina_image_release(images[i]);
        if (animators[i]) check(lamina_animator_destroy(animators[i]));
        actions[i] = NULL;
        styles[i] = NULL;
        images[i] = LAMINA_IMAGE_NONE;
        animators[i] = NULL;
    }
    return 0;
}
