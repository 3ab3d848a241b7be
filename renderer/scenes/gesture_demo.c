/* SPDX-License-Identifier: Apache-2.0 */
/* The gesture demo: see gesture_demo.h. Everything goes through Lamina's public C API. */
#include "gesture_demo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TRY(call)                                                                              \
    do {                                                                                       \
        lamina_status_t s_ = (call);                                                           \
        if (s_) return s_;                                                                     \
    } while (0)

/* The board: slots 3 x 2 on the left 400 x 400 points. */
#define BOARD 400.0
#define CARD 80.0
#define SLOT 92.0
/* The list's viewport: its frame in root space; content rows inside. */
#define LIST_X 430.0
#define LIST_Y 20.0
#define LIST_W 190.0
#define LIST_H GESTURE_DEMO_LIST_VIEW_HEIGHT
#define CONTENT_H (GESTURE_DEMO_LIST_ROWS * GESTURE_DEMO_LIST_ROW)
#define MAX_OFFSET GESTURE_DEMO_LIST_MAX_OFFSET
/* Velocity samples kept per gesture (about 2 s at 120 Hz; older ones fall out of the window). */
#define SAMPLES 256
#define HANDOFFS 16

/* The card decelerates quickly (it is small), the list as UIScrollView's content does. */
static const double CARD_RATE = LAMINA_DECELERATION_RATE_FAST;
static const double LIST_RATE = LAMINA_DECELERATION_RATE_NORMAL;

typedef struct sample {
    double t, x, y;
} sample_t;

struct gesture_demo {
    lamina_engine_t *engine;
    lamina_layer_t card, viewport, content, touch;
    /* The pointer. */
    int down;          /* 0 up; 1 on the card; 2 on the list; 3 elsewhere */
    lamina_point_t pointer;
    sample_t samples[SAMPLES];
    int n_samples;
    /* The card. */
    gesture_card_phase_t card_phase;
    lamina_point_t grab;       /* card position minus pointer, while dragged */
    double motion_begin;       /* when the running decay or spring begins */
    double settle_end;         /* when the spring has settled */
    int target;                /* slot index */
    /* The list. */
    gesture_list_phase_t list_phase;
    double raw0, pointer_y0;   /* raw (not rubber-banded) offset and pointer y at the press */
    double list_begin, list_end;
    /* The script. */
    int stroke, step;
    lamina_point_t stroke_origin;
    /* Hand-offs of the last call. */
    gesture_handoff_t handoffs[HANDOFFS];
    int n_handoffs;
};

/* --------------------------------------------------------------------------------------------
 * Building
 * ------------------------------------------------------------------------------------------ */

static lamina_status_t make_layer(lamina_engine_t *e, lamina_layer_t parent, lamina_rect_t frame,
                                  lamina_color_t bg, double radius, lamina_layer_t *out) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    TRY(lamina_layer_create(e, &l));
    TRY(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, frame.size}));
    TRY(lamina_layer_set_position(e, l, (lamina_point_t){frame.origin.x + frame.size.width / 2,
                                                         frame.origin.y + frame.size.height / 2}));
    if (bg.a > 0) TRY(lamina_layer_set_color(e, l, "backgroundColor", bg));
    if (radius > 0) TRY(lamina_layer_set_number(e, l, "cornerRadius", radius));
    TRY(lamina_layer_add_sublayer(e, parent, l));
    TRY(lamina_layer_release(e, l)); /* the tree keeps it */
    if (out) *out = l;
    return LAMINA_STATUS_OK;
}

lamina_point_t gesture_demo_slot(int i) {
    if (i < 0) i = 0;
    if (i >= GESTURE_DEMO_SLOTS) i = GESTURE_DEMO_SLOTS - 1;
    return (lamina_point_t){80.0 + 120.0 * (i % 3), 110.0 + 180.0 * (i / 3)};
}

lamina_rect_t gesture_demo_list_viewport(void) {
    return (lamina_rect_t){{LIST_X, LIST_Y}, {LIST_W, LIST_H}};
}

lamina_status_t gesture_demo_create(lamina_engine_t *engine, lamina_layer_t root, double now,
                                    gesture_demo_t **out) {
    if (!engine || !out || !isfinite(now)) return LAMINA_STATUS_INVALID_ARGUMENT;
    *out = NULL;
    gesture_demo_t *d = calloc(1, sizeof *d);
    if (!d) return LAMINA_STATUS_OUT_OF_MEMORY;
    d->engine = engine;
    d->target = -1;
    lamina_status_t s = LAMINA_STATUS_OK;
#define B(call)                                                                                \
    do {                                                                                       \
        if (!s) s = (call);                                                                    \
    } while (0)
    const lamina_color_t board_bg = {0.93, 0.94, 0.96, 1}, slot_bg = {0.86, 0.88, 0.92, 1},
                         slot_edge = {0.68, 0.72, 0.80, 1}, card_bg = {0.16, 0.38, 0.92, 1},
                         list_bg = {1, 1, 1, 1}, list_edge = {0.55, 0.58, 0.65, 1},
                         touch_bg = {0.1, 0.1, 0.12, 0.35};
    lamina_layer_t board = LAMINA_LAYER_NONE;
    B(make_layer(engine, root, (lamina_rect_t){{0, 0}, {BOARD, BOARD}}, board_bg, 0, &board));
    for (int i = 0; i < GESTURE_DEMO_SLOTS && !s; i++) {
        lamina_point_t c = gesture_demo_slot(i);
        lamina_layer_t slot = LAMINA_LAYER_NONE;
        B(make_layer(engine, board, (lamina_rect_t){{c.x - SLOT / 2, c.y - SLOT / 2}, {SLOT, SLOT}},
                     slot_bg, 14, &slot));
        B(lamina_layer_set_number(engine, slot, "borderWidth", 2));
        B(lamina_layer_set_color(engine, slot, "borderColor", slot_edge));
    }
    /* The list: a clipping viewport, the content inside it, rows in the content. */
    B(make_layer(engine, root, (lamina_rect_t){{LIST_X, LIST_Y}, {LIST_W, LIST_H}}, list_bg, 10,
                 &d->viewport));
    B(lamina_layer_set_bool(engine, d->viewport, "masksToBounds", LAMINA_TRUE));
    B(make_layer(engine, d->viewport, (lamina_rect_t){{0, 0}, {LIST_W, CONTENT_H}},
                 (lamina_color_t){0.97, 0.97, 0.98, 1}, 0, &d->content));
    for (int i = 0; i < GESTURE_DEMO_LIST_ROWS && !s; i++) {
        double y = i * GESTURE_DEMO_LIST_ROW;
        /* A hue that walks along the rows, so the content's motion reads at a glance. */
        double h = (double)i / GESTURE_DEMO_LIST_ROWS;
        lamina_color_t tint = {0.55 + 0.4 * cos(6.2832 * h), 0.55 + 0.4 * cos(6.2832 * (h - 0.33)),
                               0.55 + 0.4 * cos(6.2832 * (h - 0.67)), 1};
        lamina_layer_t row = LAMINA_LAYER_NONE;
        B(make_layer(engine, d->content, (lamina_rect_t){{8, y + 4}, {LIST_W - 16, GESTURE_DEMO_LIST_ROW - 8}},
                     (lamina_color_t){1, 1, 1, 1}, 8, &row));
        B(lamina_layer_set_number(engine, row, "borderWidth", 1));
        B(lamina_layer_set_color(engine, row, "borderColor", (lamina_color_t){0.85, 0.86, 0.9, 1}));
        B(make_layer(engine, row, (lamina_rect_t){{8, 8}, {24, GESTURE_DEMO_LIST_ROW - 24}}, tint, 6,
                     NULL));
        B(make_layer(engine, row, (lamina_rect_t){{42, 12}, {50 + 30 * (i % 3), 8}},
                     (lamina_color_t){0.8, 0.81, 0.85, 1}, 4, NULL));
    }
    lamina_layer_t frame = LAMINA_LAYER_NONE;
    B(make_layer(engine, root, (lamina_rect_t){{LIST_X, LIST_Y}, {LIST_W, LIST_H}},
                 (lamina_color_t){0, 0, 0, 0}, 10, &frame));
    B(lamina_layer_set_number(engine, frame, "borderWidth", 2));
    B(lamina_layer_set_color(engine, frame, "borderColor", list_edge));
    /* The card, in slot 0, with a soft shadow. */
    lamina_point_t c0 = gesture_demo_slot(0);
    B(make_layer(engine, root, (lamina_rect_t){{c0.x - CARD / 2, c0.y - CARD / 2}, {CARD, CARD}},
                 card_bg, 14, &d->card));
    B(lamina_layer_set_color(engine, d->card, "shadowColor", (lamina_color_t){0, 0, 0.2, 1}));
    B(lamina_layer_set_number(engine, d->card, "shadowOpacity", 0.3));
    B(lamina_layer_set_number(engine, d->card, "shadowRadius", 6));
    B(lamina_layer_set_size(engine, d->card, "shadowOffset", (lamina_size_t){0, 4}));
    /* The touch indicator: where the pointer presses, hidden while it is up. */
    B(make_layer(engine, root, (lamina_rect_t){{0, 0}, {30, 30}}, touch_bg, 15, &d->touch));
    B(lamina_layer_set_bool(engine, d->touch, "hidden", LAMINA_TRUE));
    B(lamina_engine_tick(engine, now));
#undef B
    if (s) {
        free(d);
        return s;
    }
    *out = d;
    return LAMINA_STATUS_OK;
}

void gesture_demo_destroy(gesture_demo_t *demo) { free(demo); }

/* --------------------------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------------------------ */

static void record(gesture_demo_t *d, gesture_handoff_kind_t kind, int list, double t,
                   lamina_point_t v) {
    if (d->n_handoffs < HANDOFFS)
        d->handoffs[d->n_handoffs++] = (gesture_handoff_t){kind, list, t, v};
}

/* The pointer's velocity at `t`: the slope of a least-squares line through the samples of the
 * last GESTURE_DEMO_VELOCITY_WINDOW seconds (exact for a pointer moving steadily; zero for one
 * that stood still through the window). */
static lamina_point_t pointer_velocity(const gesture_demo_t *d, double t) {
    double n = 0, st = 0, stt = 0, sx = 0, sy = 0, stx = 0, sty = 0;
    for (int i = 0; i < d->n_samples; i++) {
        const sample_t *p = &d->samples[i];
        if (p->t < t - GESTURE_DEMO_VELOCITY_WINDOW - 1e-9) continue;
        double u = p->t - t; /* centred near 0 for precision */
        n += 1;
        st += u;
        stt += u * u;
        sx += p->x;
        sy += p->y;
        stx += u * p->x;
        sty += u * p->y;
    }
    double den = n * stt - st * st;
    if (n < 2 || den <= 1e-12 * (n * n)) return (lamina_point_t){0, 0};
    return (lamina_point_t){(n * stx - st * sx) / den, (n * sty - st * sy) / den};
}

static void add_sample(gesture_demo_t *d, double t, double x, double y) {
    if (d->n_samples == SAMPLES) {
        memmove(d->samples, d->samples + SAMPLES / 2, sizeof(sample_t) * (SAMPLES / 2));
        d->n_samples = SAMPLES / 2;
    }
    d->samples[d->n_samples++] = (sample_t){t, x, y};
}

static lamina_status_t presentation(gesture_demo_t *d, lamina_layer_t l, const char *key,
                                    double t, lamina_value_t *value, lamina_value_t *velocity) {
    TRY(lamina_layer_get_presentation_value_at(d->engine, l, key, t, value));
    if (velocity) TRY(lamina_layer_get_presentation_velocity(d->engine, l, key, t, velocity));
    return LAMINA_STATUS_OK;
}

/* Sets `key` of `l` with actions disabled, after removing its "position" animation if asked. */
static lamina_status_t set_now(gesture_demo_t *d, lamina_layer_t l, const char *key,
                               const lamina_value_t *v, int stop_motion) {
    TRY(lamina_transaction_begin(d->engine));
    lamina_status_t s = lamina_transaction_set_disable_actions(d->engine, LAMINA_TRUE);
    if (!s && stop_motion) s = lamina_layer_remove_animation(d->engine, l, "position");
    if (!s) s = lamina_layer_set_value(d->engine, l, key, v);
    lamina_status_t c = lamina_transaction_commit(d->engine);
    return s ? s : c;
}

static lamina_value_t point_value(lamina_point_t p) {
    lamina_value_t v = {.type = LAMINA_VALUE_POINT};
    v.u.point = p;
    return v;
}

static lamina_value_t number_value(double n) {
    lamina_value_t v = {.type = LAMINA_VALUE_NUMBER};
    v.u.number = n;
    return v;
}

/* A decay of `key` from `from` at `velocity` (of the key's type), the model set to `rest`,
 * under the property's name "position" so that the spring which catches it replaces it. */
static lamina_status_t start_decay(gesture_demo_t *d, lamina_layer_t l, const char *key,
                                   const lamina_value_t *from, const lamina_value_t *velocity,
                                   const lamina_value_t *rest, double rate) {
    lamina_animation_t *a = NULL;
    TRY(lamina_animation_create_basic(key, &a));
    lamina_status_t s = lamina_animation_set_decay(a, velocity, rate);
    if (!s) s = lamina_animation_set_from_value(a, from);
    if (!s) s = lamina_transaction_begin(d->engine);
    if (!s) {
        s = lamina_transaction_set_disable_actions(d->engine, LAMINA_TRUE);
        if (!s) s = lamina_layer_set_value(d->engine, l, key, rest);
        if (!s) s = lamina_layer_add_animation(d->engine, l, a, "position");
        lamina_status_t c = lamina_transaction_commit(d->engine);
        if (!s) s = c;
    }
    lamina_animation_release(a);
    return s;
}

/* A spring of "position" to `to`, inheriting the presentation velocity (R17.6) plus
 * `initial_velocity` (distances per second); `out_end` receives when it has settled. */
static lamina_status_t start_spring(gesture_demo_t *d, lamina_layer_t l, lamina_point_t to,
                                    double duration, double bounce, double initial_velocity,
                                    double t, double *out_end) {
    lamina_spring_t spring;
    TRY(lamina_spring_init_perceptual(duration, bounce, &spring));
    spring.initial_velocity = initial_velocity;
    double settle = 0;
    TRY(lamina_spring_get_settling_duration(&spring, &settle));
    TRY(lamina_transaction_begin(d->engine));
    lamina_status_t s = lamina_transaction_set_spring(d->engine, &spring);
    if (!s) s = lamina_layer_set_position(d->engine, l, to);
    lamina_status_t c = lamina_transaction_commit(d->engine);
    if (!s) s = c;
    if (!s) *out_end = t + settle;
    return s;
}

static int nearest_slot(lamina_point_t p) {
    int best = 0;
    double best_d = HUGE_VAL;
    for (int i = 0; i < GESTURE_DEMO_SLOTS; i++) {
        lamina_point_t c = gesture_demo_slot(i);
        double dd = (c.x - p.x) * (c.x - p.x) + (c.y - p.y) * (c.y - p.y);
        if (dd < best_d) {
            best_d = dd;
            best = i;
        }
    }
    return best;
}

/* The offset shown for a raw (finger) offset: rubber-banded past either end (R17.7). */
static double banded(double raw) {
    double out = raw;
    if (raw < 0) lamina_rubber_band(raw, LIST_H, LAMINA_RUBBER_BAND_COEFFICIENT, &out);
    else if (raw > MAX_OFFSET) {
        lamina_rubber_band(raw - MAX_OFFSET, LIST_H, LAMINA_RUBBER_BAND_COEFFICIENT, &out);
        out += MAX_OFFSET;
    }
    return out;
}

/* The raw offset that shows `shown` (the rubber band's inverse), for a list caught past an end. */
static double unbanded(double shown) {
    const double c = LAMINA_RUBBER_BAND_COEFFICIENT, dim = LIST_H;
    double over = shown < 0 ? -shown : shown > MAX_OFFSET ? shown - MAX_OFFSET : 0;
    if (over <= 0) return shown;
    if (over > 0.999 * dim) over = 0.999 * dim;
    double raw = dim / c * (1.0 / (1.0 - over / dim) - 1.0);
    return shown < 0 ? -raw : MAX_OFFSET + raw;
}

/* The content's position.y for an offset, and back. */
static double content_y(double offset) { return CONTENT_H / 2 - offset; }

lamina_status_t gesture_demo_list_offset(const gesture_demo_t *d, double t, double *out) {
    if (!d || !out) return LAMINA_STATUS_INVALID_ARGUMENT;
    lamina_value_t y;
    TRY(lamina_layer_get_presentation_value_at(d->engine, d->content, "position.y", t, &y));
    *out = CONTENT_H / 2 - y.u.number;
    return LAMINA_STATUS_OK;
}

/* --------------------------------------------------------------------------------------------
 * Pointer events
 * ------------------------------------------------------------------------------------------ */

static lamina_status_t press(gesture_demo_t *d, lamina_point_t p, double t) {
    lamina_value_t pos;
    TRY(presentation(d, d->card, "position", t, &pos, NULL));
    lamina_point_t c = pos.u.point;
    if (fabs(p.x - c.x) <= CARD / 2 && fabs(p.y - c.y) <= CARD / 2) {
        /* The card, where it is seen: it stops there (a catch, when it moves). */
        int moving = d->card_phase == GESTURE_CARD_FLINGING || d->card_phase == GESTURE_CARD_SETTLING;
        lamina_value_t at = point_value(c);
        TRY(set_now(d, d->card, "position", &at, 1));
        if (moving) record(d, GESTURE_HANDOFF_CATCH, 0, t, (lamina_point_t){0, 0});
        d->card_phase = GESTURE_CARD_DRAGGING;
        d->grab = (lamina_point_t){c.x - p.x, c.y - p.y};
        d->down = 1;
        add_sample(d, t, c.x, c.y);
        return LAMINA_STATUS_OK;
    }
    lamina_rect_t vp = gesture_demo_list_viewport();
    if (p.x >= vp.origin.x && p.x < vp.origin.x + vp.size.width && p.y >= vp.origin.y &&
        p.y < vp.origin.y + vp.size.height) {
        double shown = 0;
        TRY(gesture_demo_list_offset(d, t, &shown));
        int moving = d->list_phase == GESTURE_LIST_DECELERATING || d->list_phase == GESTURE_LIST_BOUNCING;
        lamina_value_t at = point_value((lamina_point_t){LIST_W / 2, content_y(shown)});
        TRY(set_now(d, d->content, "position", &at, 1));
        if (moving) record(d, GESTURE_HANDOFF_CATCH, 1, t, (lamina_point_t){0, 0});
        d->list_phase = GESTURE_LIST_DRAGGING;
        d->raw0 = unbanded(shown);
        d->pointer_y0 = p.y;
        d->down = 2;
        add_sample(d, t, 0, content_y(shown));
        return LAMINA_STATUS_OK;
    }
    d->down = 3;
    return LAMINA_STATUS_OK;
}

static lamina_status_t drag(gesture_demo_t *d, lamina_point_t p, double t) {
    if (d->down == 1) {
        lamina_point_t c = {p.x + d->grab.x, p.y + d->grab.y};
        lamina_value_t v = point_value(c);
        TRY(set_now(d, d->card, "position", &v, 0));
        add_sample(d, t, c.x, c.y);
    } else if (d->down == 2) {
        double y = content_y(banded(d->raw0 + (d->pointer_y0 - p.y)));
        lamina_value_t v = number_value(y);
        TRY(set_now(d, d->content, "position.y", &v, 0));
        add_sample(d, t, 0, y);
    }
    return LAMINA_STATUS_OK;
}

static lamina_status_t release(gesture_demo_t *d, lamina_point_t p, double t) {
    TRY(drag(d, p, t));
    lamina_point_t v = pointer_velocity(d, t);
    if (d->down == 1) {
        /* The fling: a decay from where the card is, at the pointer's velocity. */
        lamina_point_t c;
        TRY(lamina_layer_get_point(d->engine, d->card, "position", &c));
        lamina_point_t rest;
        TRY(lamina_decay_projection(c.x, v.x, CARD_RATE, &rest.x));
        TRY(lamina_decay_projection(c.y, v.y, CARD_RATE, &rest.y));
        d->target = nearest_slot(rest);
        lamina_value_t from = point_value(c), vel = point_value(v), to = point_value(rest);
        TRY(start_decay(d, d->card, "position", &from, &vel, &to, CARD_RATE));
        d->card_phase = GESTURE_CARD_FLINGING;
        d->motion_begin = t;
        record(d, GESTURE_HANDOFF_RELEASE, 0, t, v);
    } else if (d->down == 2) {
        double y = 0, shown = 0;
        TRY(lamina_layer_get_number(d->engine, d->content, "position.y", &y));
        shown = CONTENT_H / 2 - y;
        if (shown < 0 || shown > MAX_OFFSET) {
            /* Let go past an end: a spring back to it, at the pointer's velocity (the spring's
             * own initial velocity, in distances per second: nothing runs to inherit from). */
            double end = shown < 0 ? 0 : MAX_OFFSET;
            double to = content_y(end);
            TRY(start_spring(d, d->content, (lamina_point_t){LIST_W / 2, to}, 0.5, 0.0,
                             v.y / (to - y), t, &d->list_end));
            d->list_phase = GESTURE_LIST_BOUNCING;
        } else {
            double rest = 0, duration = 0;
            TRY(lamina_decay_projection(y, v.y, LIST_RATE, &rest));
            TRY(lamina_decay_duration(v.y, LIST_RATE, 0.01, &duration));
            lamina_value_t from = number_value(y), vel = number_value(v.y), to = number_value(rest);
            TRY(start_decay(d, d->content, "position.y", &from, &vel, &to, LIST_RATE));
            d->list_phase = GESTURE_LIST_DECELERATING;
            d->list_end = t + duration;
        }
        d->list_begin = t;
        record(d, GESTURE_HANDOFF_RELEASE, 1, t, (lamina_point_t){0, v.y});
    }
    d->down = 0;
    d->n_samples = 0;
    return LAMINA_STATUS_OK;
}

lamina_status_t gesture_demo_pointer(gesture_demo_t *d, gesture_pointer_phase_t phase,
                                     lamina_point_t p, double t) {
    if (!d || !isfinite(p.x) || !isfinite(p.y) || !isfinite(t))
        return LAMINA_STATUS_INVALID_ARGUMENT;
    d->pointer = p;
    lamina_status_t s;
    switch (phase) {
    case GESTURE_POINTER_DOWN:
        if (d->down) return LAMINA_STATUS_OK; /* a second button: ignored */
        d->n_samples = 0;
        s = press(d, p, t);
        break;
    case GESTURE_POINTER_MOVE: s = d->down ? drag(d, p, t) : LAMINA_STATUS_OK; break;
    case GESTURE_POINTER_UP: s = d->down ? release(d, p, t) : LAMINA_STATUS_OK; break;
    default: return LAMINA_STATUS_INVALID_ARGUMENT;
    }
    if (s) return s;
    /* The touch indicator follows the pointer while it is down. */
    TRY(lamina_transaction_begin(d->engine));
    s = lamina_transaction_set_disable_actions(d->engine, LAMINA_TRUE);
    if (!s) s = lamina_layer_set_bool(d->engine, d->touch, "hidden", d->down ? LAMINA_FALSE : LAMINA_TRUE);
    if (!s && d->down) s = lamina_layer_set_position(d->engine, d->touch, p);
    lamina_status_t c = lamina_transaction_commit(d->engine);
    return s ? s : c;
}

/* --------------------------------------------------------------------------------------------
 * Frames
 * ------------------------------------------------------------------------------------------ */

lamina_status_t gesture_demo_frame(gesture_demo_t *d, double t) {
    if (!d || !isfinite(t)) return LAMINA_STATUS_INVALID_ARGUMENT;
    if (d->card_phase == GESTURE_CARD_FLINGING && t > d->motion_begin) {
        /* Slow enough, or off the board: the spring takes the fling into the slot nearest its
         * projection, starting with the decay's velocity (R17.6). */
        lamina_value_t pos, vel;
        TRY(presentation(d, d->card, "position", t, &pos, &vel));
        double speed = hypot(vel.u.point.x, vel.u.point.y);
        lamina_point_t c = pos.u.point;
        if (speed < GESTURE_DEMO_CARD_HANDOFF_SPEED || c.x < 0 || c.x > BOARD || c.y < 0 || c.y > BOARD) {
            TRY(start_spring(d, d->card, gesture_demo_slot(d->target), 0.45, 0.2, 0, t,
                             &d->settle_end));
            d->card_phase = GESTURE_CARD_SETTLING;
            d->motion_begin = t;
            record(d, GESTURE_HANDOFF_SPRING, 0, t, vel.u.point);
        }
    } else if (d->card_phase == GESTURE_CARD_SETTLING && t >= d->settle_end) {
        d->card_phase = GESTURE_CARD_IDLE;
    }
    if (d->list_phase == GESTURE_LIST_DECELERATING && t > d->list_begin) {
        double shown = 0;
        TRY(gesture_demo_list_offset(d, t, &shown));
        if (shown < 0 || shown > MAX_OFFSET) {
            /* Past an end: a spring back to it, keeping the decay's velocity (UIScrollView's
             * bounce; Flutter's BouncingScrollSimulation hands over the same way). */
            lamina_value_t pos, vel;
            TRY(presentation(d, d->content, "position.y", t, &pos, &vel));
            double end = shown < 0 ? 0 : MAX_OFFSET;
            TRY(start_spring(d, d->content, (lamina_point_t){LIST_W / 2, content_y(end)}, 0.5, 0.0,
                             0, t, &d->list_end));
            d->list_phase = GESTURE_LIST_BOUNCING;
            d->list_begin = t;
            record(d, GESTURE_HANDOFF_SPRING, 1, t, (lamina_point_t){0, vel.u.number});
        } else if (t >= d->list_end) {
            d->list_phase = GESTURE_LIST_IDLE;
        }
    } else if (d->list_phase == GESTURE_LIST_BOUNCING && t >= d->list_end) {
        d->list_phase = GESTURE_LIST_IDLE;
    }
    return lamina_engine_tick(d->engine, t);
}

/* --------------------------------------------------------------------------------------------
 * The script
 * ------------------------------------------------------------------------------------------ */

typedef struct stroke {
    double t_down;
    int on_card;           /* press where the card is seen at t_down (else at `at`) */
    lamina_point_t at;
    double hold;           /* still for this long after the press */
    lamina_point_t v;      /* then moving at v (points per second) ... */
    double duration;       /* ... for this long, then released */
} stroke_t;

static const stroke_t script[] = {
    /* The card, dragged from slot 0 and flung down-right: decay, then the spring into slot 5. */
    {0.30, 1, {0, 0}, 0.10, {900, 450}, 0.20},
    /* Flung back up-left from slot 5 ... */
    {1.60, 1, {0, 0}, 0.10, {-1500, -450}, 0.15},
    /* ... caught 0.05 s into that fling, held, and thrown the other way. */
    {1.90, 1, {0, 0}, 0.05, {1100, 500}, 0.15},
    /* The list flung up hard: it decelerates, passes its end and bounces back. */
    {3.00, 0, {525, 300}, 0.05, {0, -1800}, 0.15},
    /* Pulled down past its top (rubber band) and let go: a spring back to the top. */
    {4.30, 0, {525, 100}, 0.05, {0, 2000}, 0.40},
    /* Flung up again, and caught 0.1 s later: it stays where it was caught. */
    {5.60, 0, {525, 300}, 0.05, {0, -1500}, 0.10},
    {5.85, 0, {525, 200}, 0.20, {0, 0}, 0.00},
};
#define STROKES (int)(sizeof script / sizeof script[0])
#define SCRIPT_HZ 60.0

double gesture_demo_script_length(void) { return 7.0; }

lamina_status_t gesture_demo_play(gesture_demo_t *d, double t) {
    if (!d || !isfinite(t)) return LAMINA_STATUS_INVALID_ARGUMENT;
    while (d->stroke < STROKES) {
        const stroke_t *k = &script[d->stroke];
        int last = (int)lround((k->hold + k->duration) * SCRIPT_HZ);
        double te = k->t_down + d->step / SCRIPT_HZ;
        if (te > t + 1e-9) return LAMINA_STATUS_OK;
        if (d->step == 0) {
            lamina_point_t at = k->at;
            if (k->on_card) {
                lamina_value_t pos;
                TRY(lamina_layer_get_presentation_value_at(d->engine, d->card, "position", te, &pos));
                at = pos.u.point;
            }
            d->stroke_origin = at;
            TRY(gesture_demo_pointer(d, GESTURE_POINTER_DOWN, at, te));
        } else {
            double moving = te - k->t_down - k->hold;
            if (moving < 0) moving = 0;
            lamina_point_t p = {d->stroke_origin.x + k->v.x * moving,
                                d->stroke_origin.y + k->v.y * moving};
            TRY(gesture_demo_pointer(d, d->step == last ? GESTURE_POINTER_UP : GESTURE_POINTER_MOVE,
                                     p, te));
        }
        if (d->step == last) {
            d->stroke++;
            d->step = 0;
        } else {
            d->step++;
        }
    }
    return LAMINA_STATUS_OK;
}

/* --------------------------------------------------------------------------------------------
 * Reading
 * ------------------------------------------------------------------------------------------ */

int gesture_demo_take_handoffs(gesture_demo_t *d, gesture_handoff_t *out, int capacity) {
    if (!d) return 0;
    int n = d->n_handoffs;
    for (int i = 0; i < n && i < capacity && out; i++) out[i] = d->handoffs[i];
    d->n_handoffs = 0;
    return n;
}

int gesture_demo_pointer_down(const gesture_demo_t *d, lamina_point_t *out_point) {
    if (!d) return 0;
    if (out_point) *out_point = d->pointer;
    return d->down != 0;
}

gesture_card_phase_t gesture_demo_card_phase(const gesture_demo_t *d) {
    return d ? d->card_phase : GESTURE_CARD_IDLE;
}
gesture_list_phase_t gesture_demo_list_phase(const gesture_demo_t *d) {
    return d ? d->list_phase : GESTURE_LIST_IDLE;
}
lamina_layer_t gesture_demo_card(const gesture_demo_t *d) { return d ? d->card : LAMINA_LAYER_NONE; }
lamina_layer_t gesture_demo_list_content(const gesture_demo_t *d) {
    return d ? d->content : LAMINA_LAYER_NONE;
}
int gesture_demo_target_slot(const gesture_demo_t *d) { return d ? d->target : -1; }
