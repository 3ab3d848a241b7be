/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Issue 24: the C ABI's set fast paths answer what the general setter answers
 * (docs/architecture.md#one-way-in-for-a-set). Two engines run the same seeded random script:
 * engine A makes each set through a typed setter (lamina_layer_set_opacity, _position, _bounds,
 * _number, _point, _rect) or a batch (lamina_layers_set_number, _point), engine B through
 * lamina_layer_set_value with a tagged value. After every step both engines must agree on the
 * status (and the last error's message, except for stale handles, whose message carries the
 * handle), the model and presentation values (now and later, within 1e-9), the animation keys,
 * each animation's from/to values and timing, and the next frame time. Steps: layers made and
 * released, ticks, nested transactions (duration, curve, disable actions), "no action" entries,
 * view-backed layers and layer timing (speed, timeOffset), and sets of inline keys and key
 * paths (single, or batches of up to three layers) with equal, non-finite, too large and
 * mismatched values. A failure prints the seed and the step.
 * SetPathDifferentialTests.swift covers the Swift entries, delegates and custom actions.
 */
#include "lamina_test_support.h"

/* 120 scenarios by default; the valgrind run (memcheck is 50-70x slower here) sets
 * LAMINA_DIFF_SCENARIOS lower. */
#define SCENARIOS 120
#define STEPS 40
#define MAX_LAYERS 4
#define TOLERANCE 1e-9

/* SplitMix64: seeded, so that a failing scenario replays. */
typedef struct { uint64_t state; } rng_t;

static uint64_t rng_next(rng_t *r) {
    r->state += 0x9E3779B97F4A7C15ull;
    uint64_t z = r->state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rng_below(rng_t *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }

static const double numbers[] = {0, 0.25, 0.5, 1, 2, -3, 7.5, 100, 1e15, -1e15};

static double rng_number(rng_t *r) {
    if (rng_below(r, 100) < 6) {
        const double bad[] = {NAN, INFINITY, -INFINITY, 2e15, -1.5e15};
        return bad[rng_below(r, 5)];
    }
    return numbers[rng_below(r, (int)(sizeof numbers / sizeof numbers[0]))];
}

/* One side of the run. */
typedef struct {
    lamina_engine_t *engine;
    lamina_layer_t layers[MAX_LAYERS];
    int alive[MAX_LAYERS];
    int made;
    double time;
    char log[16384]; /* what the side observed after the step, as text */
    size_t used;
} side_t;

static void logf_(side_t *s, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsnprintf(s->log + s->used, sizeof s->log - s->used, format, args);
    va_end(args);
    if (n > 0) s->used += (size_t)n < sizeof s->log - s->used ? (size_t)n : sizeof s->log - s->used - 1;
}

/* The last error's message with each of the side's layer handles written as L<index>: the
 * handles differ between the engines (they carry the engine's tag), the messages must not. */
static void last_message(const side_t *s, char *out, size_t capacity) {
    snprintf(out, capacity, "%s", lamina_last_error_message());
    for (int i = 0; i < s->made; i++) {
        char handle[32], name[16];
        snprintf(handle, sizeof handle, "%llu", (unsigned long long)s->layers[i]);
        snprintf(name, sizeof name, "L%d", i);
        char *at;
        while ((at = strstr(out, handle)) != NULL) {
            size_t hl = strlen(handle), nl = strlen(name);
            memmove(at + nl, at + hl, strlen(at + hl) + 1);
            memcpy(at, name, nl);
        }
    }
}

/* A status, and the last error's message for a failure other than a stale handle. */
static void log_status(side_t *s, const char *what, lamina_status_t status) {
    if (status == LAMINA_STATUS_OK) {
        logf_(s, "%s ok\n", what);
    } else if (status == LAMINA_STATUS_STALE_HANDLE) {
        logf_(s, "%s status %d\n", what, (int)status);
    } else {
        char message[512];
        last_message(s, message, sizeof message);
        logf_(s, "%s status %d: %s\n", what, (int)status, message);
    }
}

/* Numbers are printed with %.17g and compared by the checker with a tolerance. */
static void log_value(side_t *s, const char *label, lamina_status_t status, const lamina_value_t *v) {
    if (status != LAMINA_STATUS_OK) {
        log_status(s, label, status);
        return;
    }
    switch (v->type) {
    case LAMINA_VALUE_NUMBER: logf_(s, "%s n %.17g\n", label, v->u.number); break;
    case LAMINA_VALUE_POINT: logf_(s, "%s p %.17g %.17g\n", label, v->u.point.x, v->u.point.y); break;
    case LAMINA_VALUE_RECT:
        logf_(s, "%s r %.17g %.17g %.17g %.17g\n", label, v->u.rect.origin.x, v->u.rect.origin.y,
              v->u.rect.size.width, v->u.rect.size.height);
        break;
    default: logf_(s, "%s type %d\n", label, (int)v->type); break;
    }
}

static const char *read_keys[] = {"opacity", "zPosition", "position", "anchorPoint", "bounds", "position.x"};

static void observe(side_t *s) {
    s->used = 0;
    s->log[0] = 0;
    for (int i = 0; i < s->made; i++) {
        char label[192];
        for (size_t k = 0; k < sizeof read_keys / sizeof read_keys[0]; k++) {
            lamina_value_t v;
            snprintf(label, sizeof label, "L%d.%s model", i, read_keys[k]);
            log_value(s, label, lamina_layer_get_value(s->engine, s->layers[i], read_keys[k], &v), &v);
            snprintf(label, sizeof label, "L%d.%s presentation", i, read_keys[k]);
            log_value(s, label, lamina_layer_get_presentation_value(s->engine, s->layers[i], read_keys[k], &v), &v);
            const double later[] = {0.05, 0.3, 1.2, 10};
            for (int t = 0; t < 4; t++) {
                snprintf(label, sizeof label, "L%d.%s presentation +%g", i, read_keys[k], later[t]);
                log_value(s, label,
                          lamina_layer_get_presentation_value_at(s->engine, s->layers[i], read_keys[k], s->time + later[t], &v),
                          &v);
            }
        }
        size_t count = 0;
        lamina_status_t st = lamina_layer_get_animation_count(s->engine, s->layers[i], &count);
        snprintf(label, sizeof label, "L%d animations %zu", i, count);
        log_status(s, label, st);
        for (size_t a = 0; st == LAMINA_STATUS_OK && a < count; a++) {
            char key[128];
            size_t length = 0;
            if (lamina_layer_get_animation_key(s->engine, s->layers[i], a, key, sizeof key, &length) != LAMINA_STATUS_OK) {
                logf_(s, "L%d animation %zu: no key\n", i, a);
                continue;
            }
            lamina_animation_t *anim = NULL;
            if (lamina_layer_copy_animation(s->engine, s->layers[i], key, &anim) != LAMINA_STATUS_OK) {
                logf_(s, "L%d animation %s: no copy\n", i, key);
                continue;
            }
            lamina_value_t v;
            snprintf(label, sizeof label, "L%d animation %s from", i, key);
            log_value(s, label, lamina_animation_get_from_value(anim, &v), &v);
            snprintf(label, sizeof label, "L%d animation %s to", i, key);
            log_value(s, label, lamina_animation_get_to_value(anim, &v), &v);
            lamina_media_timing_t timing;
            memset(&timing, 0, sizeof timing);
            timing.struct_size = sizeof timing;
            if (lamina_animation_get_media_timing(anim, &timing) == LAMINA_STATUS_OK) {
                logf_(s, "L%d animation %s timing n %.17g\n", i, key, timing.begin_time);
                logf_(s, "L%d animation %s duration n %.17g\n", i, key, timing.duration);
            }
            lamina_animation_release(anim);
        }
    }
    double next = 0;
    lamina_status_t st = lamina_engine_next_frame_time(s->engine, &next);
    if (st == LAMINA_STATUS_OK && isinf(next)) {
        logf_(s, "next frame never\n");
    } else {
        logf_(s, "next frame n %.17g\n", next);
    }
}

/* Compares two observation logs line by line: text exactly, except the numbers after " n ",
 * " p " or " r ", which agree within TOLERANCE. Returns the first differing line of `a`, or NULL. */
static const char *differ(const char *a, const char *b, char *where, size_t capacity) {
    while (*a || *b) {
        const char *ea = strchr(a, '\n');
        const char *eb = strchr(b, '\n');
        size_t la = ea ? (size_t)(ea - a) : strlen(a);
        size_t lb = eb ? (size_t)(eb - b) : strlen(b);
        int same = la == lb && memcmp(a, b, la) == 0;
        if (!same) {
            /* The labels must match up to the value marker; then the numbers within tolerance. */
            const char *marks[] = {" n ", " p ", " r "};
            for (int m = 0; m < 3 && !same; m++) {
                const char *ma = strstr(a, marks[m]);
                const char *mb = strstr(b, marks[m]);
                if (!ma || !mb || ma > a + la || mb > b + lb || ma - a != mb - b || memcmp(a, b, (size_t)(ma - a)) != 0) continue;
                char *pa = (char *)ma + 3;
                char *pb = (char *)mb + 3;
                same = 1;
                while (pa < a + la && pb < b + lb) {
                    char *na = pa, *nb = pb;
                    double x = strtod(pa, &na);
                    double y = strtod(pb, &nb);
                    if (na == pa || nb == pb) { same = 0; break; }
                    pa = na;
                    pb = nb;
                    if (!(x == y || fabs(x - y) <= TOLERANCE)) same = 0;
                }
                if (pa < a + la || pb < b + lb) same = 0;
            }
        }
        if (!same) {
            snprintf(where, capacity, "fast: %.*s\n    general: %.*s", (int)la, a, (int)lb, b);
            return where;
        }
        a += la + (ea ? 1 : 0);
        b += lb + (eb ? 1 : 0);
    }
    return NULL;
}

/* A set: key, value type, values. Engine A takes `route`, engine B lamina_layer_set_value. */
typedef struct {
    int layer;
    const char *key;
    lamina_value_t value;
    int route; /* 0: keyed typed setter; 1: fixed setter (position/bounds/opacity); 2: batch */
    int batch[3]; /* route 2: the batch's layers (batch[0] == layer), the same value for each */
    int count;
} set_t;

static lamina_status_t set_fast(side_t *s, const set_t *op) {
    lamina_layer_t l = s->layers[op->layer];
    const lamina_value_t *v = &op->value;
    if (op->route == 1 && v->type == LAMINA_VALUE_POINT && strcmp(op->key, "position") == 0)
        return lamina_layer_set_position(s->engine, l, v->u.point);
    if (op->route == 1 && v->type == LAMINA_VALUE_RECT && strcmp(op->key, "bounds") == 0)
        return lamina_layer_set_bounds(s->engine, l, v->u.rect);
    if (op->route == 1 && v->type == LAMINA_VALUE_NUMBER && strcmp(op->key, "opacity") == 0)
        return lamina_layer_set_opacity(s->engine, l, v->u.number);
    if (op->route == 2 && (v->type == LAMINA_VALUE_NUMBER || v->type == LAMINA_VALUE_POINT)) {
        lamina_layer_t ls[3];
        double ns[3];
        lamina_point_t ps[3];
        for (int i = 0; i < op->count; i++) {
            ls[i] = s->layers[op->batch[i]];
            ns[i] = v->u.number;
            ps[i] = v->u.point;
        }
        return v->type == LAMINA_VALUE_NUMBER ? lamina_layers_set_number(s->engine, ls, (size_t)op->count, op->key, ns)
                                              : lamina_layers_set_point(s->engine, ls, (size_t)op->count, op->key, ps);
    }
    switch (v->type) {
    case LAMINA_VALUE_NUMBER: return lamina_layer_set_number(s->engine, l, op->key, v->u.number);
    case LAMINA_VALUE_POINT: return lamina_layer_set_point(s->engine, l, op->key, v->u.point);
    default: return lamina_layer_set_rect(s->engine, l, op->key, v->u.rect);
    }
}

/* The general side of a set: lamina_layer_set_value, once per layer of a batch, stopping at
 * the first failure as the batch does. */
static lamina_status_t set_general(side_t *s, const set_t *op) {
    int batch = op->route == 2 && (op->value.type == LAMINA_VALUE_NUMBER || op->value.type == LAMINA_VALUE_POINT);
    int count = batch ? op->count : 1;
    for (int i = 0; i < count; i++) {
        lamina_status_t st = lamina_layer_set_value(s->engine, s->layers[batch ? op->batch[i] : op->layer], op->key, &op->value);
        if (st != LAMINA_STATUS_OK) return st;
    }
    return LAMINA_STATUS_OK;
}

static const char *set_keys[] = {"opacity", "opacity", "zPosition", "position", "position", "anchorPoint",
                                 "bounds", "bounds", "position.x", "bounds.origin", "cornerRadius", "nope"};

static set_t random_set(rng_t *r, int made, const lamina_value_t *last) {
    set_t op;
    memset(&op, 0, sizeof op);
    op.layer = rng_below(r, made);
    op.key = set_keys[rng_below(r, (int)(sizeof set_keys / sizeof set_keys[0]))];
    op.route = rng_below(r, 3);
    op.count = 1 + rng_below(r, 3);
    op.batch[0] = op.layer;
    for (int i = 1; i < op.count; i++) op.batch[i] = rng_below(r, made);
    if (last->type != 0 && rng_below(r, 100) < 25) {
        op.value = *last; /* often the value set last: equal values (R4) */
        return op;
    }
    int kind; /* 0 number, 1 point, 2 rect */
    if (strcmp(op.key, "position") == 0 || strcmp(op.key, "anchorPoint") == 0 || strcmp(op.key, "bounds.origin") == 0) {
        kind = 1;
    } else if (strcmp(op.key, "bounds") == 0) {
        kind = 2;
    } else {
        kind = 0;
    }
    if (rng_below(r, 100) < 5) kind = rng_below(r, 3); /* sometimes the wrong type */
    if (kind == 0) {
        op.value.type = LAMINA_VALUE_NUMBER;
        op.value.u.number = rng_number(r);
    } else if (kind == 1) {
        op.value.type = LAMINA_VALUE_POINT;
        op.value.u.point.x = rng_number(r);
        op.value.u.point.y = rng_number(r);
    } else {
        op.value.type = LAMINA_VALUE_RECT;
        op.value.u.rect.origin.x = rng_number(r);
        op.value.u.rect.origin.y = rng_number(r);
        op.value.u.rect.size.width = rng_number(r);
        op.value.u.rect.size.height = rng_number(r);
    }
    return op;
}

/* Runs one scenario; 0 when both sides agreed at every step. */
static int run_scenario(uint64_t seed) {
    rng_t r = {seed};
    side_t *sides = calloc(2, sizeof(side_t));
    assert_non_null(sides);
    for (int k = 0; k < 2; k++) ASSERT_OK(lamina_engine_create(&sides[k].engine));
    int depth = 0;
    lamina_value_t last;
    memset(&last, 0, sizeof last);
    int failed = 0;
    char where[4096];
    for (int step = 0; step < STEPS + 1 && !failed; step++) {
        int choice = step == STEPS ? -1 : rng_below(&r, 100);
        /* The step's parameters are drawn once, before either side runs. */
        set_t op;
        memset(&op, 0, sizeof op);
        double dt = 0, duration = 0;
        int curve = 0, disable = 0, target = 0, flag = 0, begin = 0;
        int made = sides[0].made;
        if (choice < 0) {
            dt = 20;
        } else if (made == 0 || (choice < 6 && made < MAX_LAYERS)) {
            choice = 0;
        } else if (choice < 8) {
            /* A creation drawn with every layer made releases one instead: choice 0 means
             * "create" below, which would write past the arrays. */
            choice = 6;
            target = rng_below(&r, made);
        } else if (choice < 20) {
            const double dts[] = {0, 0.05, 0.1, 0.25, 0.5, 1, 3};
            dt = dts[rng_below(&r, 7)];
        } else if (choice < 26) {
            const double durations[] = {0, 0.1, 0.25, 1, 2.5};
            duration = durations[rng_below(&r, 5)];
            curve = rng_below(&r, 5) - 1;
            disable = rng_below(&r, 3) - 1;
            begin = depth < 3;
        } else if (choice < 36) {
            target = rng_below(&r, made);
            flag = rng_below(&r, 6);
        } else {
            op = random_set(&r, made, &last);
            last = op.value;
        }
        for (int k = 0; k < 2; k++) {
            side_t *s = &sides[k];
            lamina_status_t st = LAMINA_STATUS_OK;
            if (choice < 0) {
                for (int d = 0; d < depth; d++) (void)lamina_transaction_commit(s->engine);
                s->time += dt;
                st = lamina_engine_tick(s->engine, s->time);
            } else if (choice == 0) {
                st = lamina_layer_create(s->engine, &s->layers[s->made]);
                s->alive[s->made] = 1;
                s->made++;
            } else if (choice < 8) {
                /* Releasing a layer makes its handle stale (sets on it then fail). */
                if (s->alive[target]) {
                    st = lamina_layer_release(s->engine, s->layers[target]);
                    s->alive[target] = 0;
                }
            } else if (choice < 20) {
                s->time += dt;
                st = lamina_engine_tick(s->engine, s->time);
            } else if (choice < 26) {
                if (begin) {
                    st = lamina_transaction_begin(s->engine);
                    if (st == LAMINA_STATUS_OK) st = lamina_transaction_set_duration(s->engine, duration);
                    if (st == LAMINA_STATUS_OK && curve >= 0) {
                        lamina_timing_function_t tf;
                        ASSERT_OK(lamina_timing_function_named((lamina_timing_name_t)curve, &tf));
                        st = lamina_transaction_set_timing_function(s->engine, &tf);
                    }
                    if (st == LAMINA_STATUS_OK && disable >= 0) st = lamina_transaction_set_disable_actions(s->engine, disable);
                } else {
                    st = lamina_transaction_commit(s->engine);
                }
            } else if (choice < 30) {
                st = depth > 0 ? lamina_transaction_commit(s->engine) : lamina_transaction_flush(s->engine);
            } else if (choice < 36) {
                const char *keys[] = {"opacity", "position", "bounds", "zPosition"};
                if (flag >= 4) {
                    /* Layer timing (CA-5.7, CA-5.8): the same general set on both sides. */
                    const double speeds[] = {0, 0.5, 1, 2};
                    st = lamina_layer_set_number(s->engine, s->layers[target], flag == 4 ? "speed" : "timeOffset",
                                                 flag == 4 ? speeds[step % 4] : 0.3 * (step % 3));
                } else if (flag == 3) {
                    st = lamina_layer_set_view_backed(s->engine, s->layers[target], 1);
                } else if (flag == 2) {
                    st = lamina_layer_remove_action(s->engine, s->layers[target], keys[(step + flag) % 4]);
                } else {
                    st = lamina_layer_set_action_none(s->engine, s->layers[target], keys[(step + flag) % 4]);
                }
            } else {
                st = k == 0 ? set_fast(s, &op) : set_general(s, &op);
            }
            observe(s);
            /* A batch's message names its index: only its status is compared. */
            if (choice >= 36 && op.route == 2 && st != LAMINA_STATUS_OK) {
                logf_(s, "step status %d\n", (int)st);
            } else {
                log_status(s, "step", st);
            }
        }
        if (choice >= 20 && choice < 26) depth += begin ? 1 : -1;
        if (choice >= 26 && choice < 30 && depth > 0) depth--;
        if (choice < 0) depth = 0;
        const char *d = differ(sides[0].log, sides[1].log, where, sizeof where);
        if (d) {
            print_error("seed %llu, step %d (choice %d, set %s type %d route %d): the paths differ:\n    %s\n",
                        (unsigned long long)seed, step, choice, op.key ? op.key : "-", (int)op.value.type, op.route, d);
            failed = 1;
        }
    }
    for (int k = 0; k < 2; k++) ASSERT_OK(lamina_engine_destroy(sides[k].engine));
    free(sides);
    return failed;
}

static void fast_and_general_setters_agree_on_random_scripts(void **state) {
    (void)state;
    int failures = 0;
    uint64_t scenarios = SCENARIOS;
    const char *env = getenv("LAMINA_DIFF_SCENARIOS");
    if (env != NULL && atoi(env) > 0) scenarios = (uint64_t)atoi(env);
    for (uint64_t n = 0; n < scenarios && failures == 0; n++) failures += run_scenario(0x5EED0000ull + n * 7919);
    assert_int_equal(0, failures);
}

/* The checker can fail: a number off by more than the tolerance, or another label, differs. */
static void the_comparison_reports_differences(void **state) {
    (void)state;
    char where[256];
    assert_null(differ("a n 1\nb p 1 2\n", "a n 1.0000000000001\nb p 1 2\n", where, sizeof where));
    assert_non_null(differ("a n 1\n", "a n 1.001\n", where, sizeof where));
    assert_non_null(differ("a p 1 2\n", "a p 1 2.5\n", where, sizeof where));
    assert_non_null(differ("a n 1\n", "b n 1\n", where, sizeof where));
    assert_non_null(differ("a ok\n", "a status 1: x\n", where, sizeof where));
    assert_non_null(differ("a ok\n", "a ok\nb ok\n", where, sizeof where));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fast_and_general_setters_agree_on_random_scripts),
        cmocka_unit_test(the_comparison_reports_differences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
