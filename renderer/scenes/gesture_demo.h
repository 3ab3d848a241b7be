/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The gesture demo (issue 27 item 6, R17): a card that follows the pointer while dragged, is
 * flung on release (a decay, then a spring into the nearest slot) and can be caught and thrown
 * back mid-flight without a jump; and a scrolling list that flings, bounces off its ends and
 * rubber-bands when pulled past them. Built only on Lamina's public C API: presentation
 * velocity (R17.1), transaction springs that inherit it (R17.6), decay animations and the
 * rubber band (R17.7).
 *
 * One module for every driver: lamina-viewer --gesture feeds it the window's pointer, the
 * headless test (Tests/gles/test_gesture_demo.c) and the viewer's screenshots and filmstrip feed
 * it the scripted pointer events of gesture_demo_play(). Time is engine time in seconds; the
 * host calls gesture_demo_pointer() for its events, then gesture_demo_frame() once per frame,
 * which makes the hand-offs due at that time and ticks the engine. Not installed.
 */
#ifndef LAMINA_GESTURE_DEMO_H
#define LAMINA_GESTURE_DEMO_H

#include <lamina/lamina.h>

/* The demo's size in points: the card's board on the left, the list on the right. */
#define GESTURE_DEMO_WIDTH 640
#define GESTURE_DEMO_HEIGHT 400
/* The board's slots: 3 columns x 2 rows. */
#define GESTURE_DEMO_SLOTS 6
/* The list: a viewport of LIST_VIEW_HEIGHT points over LIST_ROWS rows of LIST_ROW points. */
#define GESTURE_DEMO_LIST_VIEW_HEIGHT 360.0
#define GESTURE_DEMO_LIST_ROWS 20
#define GESTURE_DEMO_LIST_ROW 48.0
/* The largest scroll offset: the content's height less the viewport's. */
#define GESTURE_DEMO_LIST_MAX_OFFSET                                                           \
    (GESTURE_DEMO_LIST_ROWS * GESTURE_DEMO_LIST_ROW - GESTURE_DEMO_LIST_VIEW_HEIGHT)
/* Below this speed (points per second) a flung card is handed to the spring into its slot. */
#define GESTURE_DEMO_CARD_HANDOFF_SPEED 250.0
/* How far back the pointer's velocity is measured at release (seconds): a least-squares line
 * through the samples of that window, the release included. */
#define GESTURE_DEMO_VELOCITY_WINDOW 0.1

typedef enum gesture_pointer_phase {
    GESTURE_POINTER_DOWN = 0,
    GESTURE_POINTER_MOVE = 1,
    GESTURE_POINTER_UP = 2
} gesture_pointer_phase_t;

/* What the card is doing. */
typedef enum gesture_card_phase {
    GESTURE_CARD_IDLE = 0,     /* at rest in a slot (or where it was let go slowly) */
    GESTURE_CARD_DRAGGING = 1, /* under the pointer */
    GESTURE_CARD_FLINGING = 2, /* a decay at the release velocity */
    GESTURE_CARD_SETTLING = 3  /* a spring into the slot nearest the fling's projection */
} gesture_card_phase_t;

/* What the list is doing. */
typedef enum gesture_list_phase {
    GESTURE_LIST_IDLE = 0,
    GESTURE_LIST_DRAGGING = 1,     /* follows the pointer, rubber-banded past its ends */
    GESTURE_LIST_DECELERATING = 2, /* a decay at the release velocity */
    GESTURE_LIST_BOUNCING = 3      /* a spring back to the end it passed */
} gesture_list_phase_t;

/* A hand-off, as the demo made it (the test checks each one's continuity). */
typedef enum gesture_handoff_kind {
    GESTURE_HANDOFF_NONE = 0,
    GESTURE_HANDOFF_CATCH = 1,   /* pointer down on a moving card or list: it stops where seen */
    GESTURE_HANDOFF_RELEASE = 2, /* pointer up: a decay (or a spring, released past an end) at
                                    the pointer's velocity */
    GESTURE_HANDOFF_SPRING = 3   /* a running decay caught by a spring: into the card's slot,
                                    or back to the list's end */
} gesture_handoff_kind_t;

typedef struct gesture_handoff {
    gesture_handoff_kind_t kind;
    int list;                 /* 0: the card (key "position"), 1: the list's content
                                 ("position.y" of gesture_demo_list_content()) */
    double time;              /* engine time it takes effect (the next frame's) */
    lamina_point_t velocity;  /* the velocity handed over: the pointer's at a release, zero at
                                 a catch, the decay's presentation velocity at a spring */
} gesture_handoff_t;

typedef struct gesture_demo gesture_demo_t;

/* Builds the demo's layers under `root` (which should be GESTURE_DEMO_WIDTH x HEIGHT points,
 * committed or not) and commits them with a tick at `now`. `out` receives the demo; destroy it
 * before the engine. Errors: the first failing Lamina status; INVALID_ARGUMENT for NULLs;
 * OUT_OF_MEMORY. */
lamina_status_t gesture_demo_create(lamina_engine_t *engine, lamina_layer_t root, double now,
                                    gesture_demo_t **out);

/* Frees the demo (its layers stay in the tree). NULL is ignored. */
void gesture_demo_destroy(gesture_demo_t *demo);

/* A pointer event at root-space point `p` and engine time `t` (not before the previous event's
 * or frame's time). A press on the card (where it is on screen) or inside the list's viewport
 * grabs it, catching it if it moves; moves drag it; a release flings it. Presses elsewhere are
 * ignored. Errors: INVALID_ARGUMENT (non-finite point or time, an unknown phase), else the
 * first failing Lamina status. */
lamina_status_t gesture_demo_pointer(gesture_demo_t *demo, gesture_pointer_phase_t phase,
                                     lamina_point_t p, double t);

/* One frame at engine time `t`: hands a slow enough fling to its spring, a list decay that
 * passed an end to the bounce, retires finished motions, then ticks the engine at `t`. */
lamina_status_t gesture_demo_frame(gesture_demo_t *demo, double t);

/* The built-in script's pointer events due at or before `t` that were not delivered yet (the
 * viewer's --gesture screenshots, frames and filmstrip, and the headless test): the card
 * dragged and flung into a slot, flung back and caught mid-flight and thrown the other way,
 * then the list flung past its end (a bounce) and pulled past its top (rubber band, spring
 * back). Presses on the card land where it is on screen at their time. */
lamina_status_t gesture_demo_play(gesture_demo_t *demo, double t);

/* The time the script's last motion has settled by (its events end earlier). */
double gesture_demo_script_length(void);

/* The hand-offs made since the last call (the count; at most `capacity` of them written to
 * `out`, oldest first; at most 16 are kept), which it forgets. */
int gesture_demo_take_handoffs(gesture_demo_t *demo, gesture_handoff_t *out, int capacity);

/* Where the pointer is (for a touch indicator) and whether it is down. */
int gesture_demo_pointer_down(const gesture_demo_t *demo, lamina_point_t *out_point);

gesture_card_phase_t gesture_demo_card_phase(const gesture_demo_t *demo);
gesture_list_phase_t gesture_demo_list_phase(const gesture_demo_t *demo);
lamina_layer_t gesture_demo_card(const gesture_demo_t *demo);
lamina_layer_t gesture_demo_list_content(const gesture_demo_t *demo);
/* The centre of slot `i` (0...GESTURE_DEMO_SLOTS - 1), root space. */
lamina_point_t gesture_demo_slot(int i);
/* The slot the card was last sent to (-1 before its first fling). */
int gesture_demo_target_slot(const gesture_demo_t *demo);
/* The list's scroll offset shown at `t` (0 at the top, GESTURE_DEMO_LIST_MAX_OFFSET at the
 * bottom; outside while rubber-banded or bouncing). */
lamina_status_t gesture_demo_list_offset(const gesture_demo_t *demo, double t, double *out);
/* The list's viewport in root space. */
lamina_rect_t gesture_demo_list_viewport(void);

#endif
