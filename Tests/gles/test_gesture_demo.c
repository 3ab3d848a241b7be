/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The gesture demo (issue 27 item 6, renderer/scenes/gesture_demo.c), driven headless by
 * synthetic pointer events at 60 Hz, as lamina-viewer --gesture plays them. Every hand-off is
 * checked for continuity (R17.6, R17.7):
 *
 *   catch    (press on a moving card or list)  position unchanged to 1e-9 pt, velocity 0
 *   release  (drag -> decay, or -> spring past an end)  position where the pointer left it,
 *            to 1e-9 pt; velocity the pointer's, to 1e-9 relative (the pointer's estimate is
 *            its scripted velocity to 1e-6 relative where it moved steadily)
 *   spring   (decay -> spring into the slot, or back to the list's end)  position to 1e-9 pt,
 *            velocity to 1e-6 of the speed (R17.6's tolerance)
 *
 * and where each motion comes to rest: the slot nearest the fling's projection, the list's ends.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "gesture_demo.h"

#define HZ 60.0
#define CHECK(call) assert_int_equal((call), LAMINA_STATUS_OK)

typedef struct fixture {
    lamina_engine_t *engine;
    lamina_layer_t root;
    gesture_demo_t *demo;
} fixture_t;

static void setup_demo(fixture_t *f) {
    CHECK(lamina_engine_create(&f->engine));
    CHECK(lamina_layer_create(f->engine, &f->root));
    CHECK(lamina_layer_set_bounds(f->engine, f->root,
                                  (lamina_rect_t){{0, 0}, {GESTURE_DEMO_WIDTH, GESTURE_DEMO_HEIGHT}}));
    CHECK(gesture_demo_create(f->engine, f->root, 0.0, &f->demo));
}

static void teardown_demo(fixture_t *f) {
    gesture_demo_destroy(f->demo);
    CHECK(lamina_layer_release(f->engine, f->root));
    CHECK(lamina_engine_destroy(f->engine));
}

/* The card's position and velocity, and the list content's position.y and its velocity, on
 * the presentation at `t`. */
typedef struct motion {
    lamina_point_t card, card_v;
    double list, list_v;
} motion_t;

static motion_t read_motion(fixture_t *f, double t) {
    motion_t m;
    lamina_value_t v;
    CHECK(lamina_layer_get_presentation_value_at(f->engine, gesture_demo_card(f->demo), "position", t, &v));
    m.card = v.u.point;
    CHECK(lamina_layer_get_presentation_velocity(f->engine, gesture_demo_card(f->demo), "position", t, &v));
    m.card_v = v.u.point;
    CHECK(lamina_layer_get_presentation_value_at(f->engine, gesture_demo_list_content(f->demo), "position.y", t, &v));
    m.list = v.u.number;
    CHECK(lamina_layer_get_presentation_velocity(f->engine, gesture_demo_list_content(f->demo), "position.y", t, &v));
    m.list_v = v.u.number;
    return m;
}

static void assert_close(double a, double b, double tol, const char *what, double t) {
    if (!(fabs(a - b) <= tol)) {
        fail_msg("%s at t = %.4f: %.12g against %.12g (|diff| %.3g > %.3g)", what, t, a, b,
                 fabs(a - b), tol);
    }
}

/* The script's strokes (gesture_demo.c): the release velocity each should hand over, and
 * whether the pointer moved steadily through the estimate's window (then it is exact). */
typedef struct expected_release {
    int list;
    double vx, vy;
    int steady;
} expected_release_t;

static const expected_release_t releases[] = {
    {0, 900, 450, 1},     /* the card flung into slot 5 */
    {0, -1500, -450, 1},  /* flung back ... */
    {0, 1100, 500, 1},    /* ... caught and thrown the other way */
    {1, 0, -1800, 1},     /* the list flung past its end (content moves up) */
    {1, 0, 0, 0},         /* pulled past its top: rubber-banded, so not steady; checked below */
    {1, 0, -1500, 1},     /* flung again ... */
    {1, 0, 0, 1},         /* ... and caught: let go without moving */
};

/* The whole script: every hand-off continuous, in the expected order. */
static void test_script_handoffs_are_continuous(void **state) {
    (void)state;
    fixture_t f;
    setup_demo(&f);
    static const struct {
        gesture_handoff_kind_t kind;
        int list;
    } order[] = {
        {GESTURE_HANDOFF_RELEASE, 0}, {GESTURE_HANDOFF_SPRING, 0},  /* fling, slot */
        {GESTURE_HANDOFF_RELEASE, 0}, {GESTURE_HANDOFF_CATCH, 0},   /* fling back, caught */
        {GESTURE_HANDOFF_RELEASE, 0}, {GESTURE_HANDOFF_SPRING, 0},  /* thrown, slot */
        {GESTURE_HANDOFF_RELEASE, 1}, {GESTURE_HANDOFF_SPRING, 1},  /* list flung, bounce */
        {GESTURE_HANDOFF_RELEASE, 1},                               /* let go past the top */
        {GESTURE_HANDOFF_RELEASE, 1}, {GESTURE_HANDOFF_CATCH, 1},   /* flung, caught */
        {GESTURE_HANDOFF_RELEASE, 1},                               /* let go at rest */
    };
    const int n_order = (int)(sizeof order / sizeof order[0]);
    int seen = 0, n_release = 0;
    lamina_point_t grab = {0, 0};
    int was_down = 0;
    const int frames = (int)(gesture_demo_script_length() * HZ);
    for (int k = 1; k <= frames; k++) {
        double t = k / HZ;
        motion_t before = read_motion(&f, t);
        CHECK(gesture_demo_play(f.demo, t));
        CHECK(gesture_demo_frame(f.demo, t));
        motion_t after = read_motion(&f, t);
        lamina_point_t pointer;
        int down = gesture_demo_pointer_down(f.demo, &pointer);
        gesture_handoff_t h[16];
        int n = gesture_demo_take_handoffs(f.demo, h, 16);
        for (int i = 0; i < n; i++) {
            assert_true(seen < n_order);
            assert_int_equal(h[i].kind, order[seen].kind);
            assert_int_equal(h[i].list, order[seen].list);
            assert_close(h[i].time, t, 1e-12, "hand-off time", t);
            seen++;
            if (h[i].kind == GESTURE_HANDOFF_CATCH) {
                /* Stops where it is seen. */
                if (h[i].list) {
                    assert_close(after.list, before.list, 1e-9, "list caught: position", t);
                    assert_close(after.list_v, 0, 0, "list caught: velocity", t);
                } else {
                    assert_close(after.card.x, before.card.x, 1e-9, "card caught: x", t);
                    assert_close(after.card.y, before.card.y, 1e-9, "card caught: y", t);
                    assert_close(hypot(after.card_v.x, after.card_v.y), 0, 0, "card caught: speed", t);
                    assert_true(hypot(before.card_v.x, before.card_v.y) > 500); /* mid-flight */
                }
            } else if (h[i].kind == GESTURE_HANDOFF_RELEASE) {
                const expected_release_t *e = &releases[n_release++];
                assert_int_equal(h[i].list, e->list);
                if (h[i].list) {
                    /* Where the drag left it; the velocity handed over is the pointer's. */
                    assert_close(after.list_v, h[i].velocity.y, 1e-9 * fabs(h[i].velocity.y), "list released: velocity", t);
                    if (e->steady)
                        assert_close(h[i].velocity.y, e->vy, 1e-6 * fabs(e->vy) + 1e-9, "list: pointer velocity", t);
                } else {
                    assert_close(after.card.x, pointer.x + grab.x, 1e-9, "card released: x", t);
                    assert_close(after.card.y, pointer.y + grab.y, 1e-9, "card released: y", t);
                    double speed = hypot(h[i].velocity.x, h[i].velocity.y);
                    assert_close(after.card_v.x, h[i].velocity.x, 1e-9 * speed, "card released: vx", t);
                    assert_close(after.card_v.y, h[i].velocity.y, 1e-9 * speed, "card released: vy", t);
                    assert_close(h[i].velocity.x, e->vx, 1e-6 * speed, "card: pointer vx", t);
                    assert_close(h[i].velocity.y, e->vy, 1e-6 * speed, "card: pointer vy", t);
                }
            } else if (h[i].kind == GESTURE_HANDOFF_SPRING) {
                /* The decay caught by a spring: R17.6's continuity. */
                if (h[i].list) {
                    assert_close(after.list, before.list, 1e-9, "list bounce: position", t);
                    assert_close(after.list_v, before.list_v, 1e-6 * fabs(before.list_v), "list bounce: velocity", t);
                    assert_close(h[i].velocity.y, before.list_v, 1e-12 * fabs(before.list_v), "list bounce: handed", t);
                    assert_true(fabs(before.list_v) > 100); /* it was moving fast */
                } else {
                    double speed = hypot(before.card_v.x, before.card_v.y);
                    assert_close(after.card.x, before.card.x, 1e-9, "card spring: x", t);
                    assert_close(after.card.y, before.card.y, 1e-9, "card spring: y", t);
                    assert_close(after.card_v.x, before.card_v.x, 1e-6 * speed, "card spring: vx", t);
                    assert_close(after.card_v.y, before.card_v.y, 1e-6 * speed, "card spring: vy", t);
                    assert_true(speed > 50);
                }
            }
        }
        /* The grab offset, taken at each press on the card (checked at its release). */
        if (down && !was_down && gesture_demo_card_phase(f.demo) == GESTURE_CARD_DRAGGING)
            grab = (lamina_point_t){after.card.x - pointer.x, after.card.y - pointer.y};
        was_down = down;
        /* Milestones of the script. */
        if (k == (int)(1.5 * HZ)) {
            /* The first fling, projected past slot 5's centre, rests in slot 5. */
            assert_int_equal(gesture_demo_target_slot(f.demo), 5);
            assert_int_equal(gesture_demo_card_phase(f.demo), GESTURE_CARD_IDLE);
            lamina_point_t s5 = gesture_demo_slot(5);
            assert_close(after.card.x, s5.x, 1e-9, "card in slot 5: x", t);
            assert_close(after.card.y, s5.y, 1e-9, "card in slot 5: y", t);
        }
        if (k == (int)(3.0 * HZ) - 1) {
            /* Thrown the other way after the catch: back in slot 5. */
            assert_int_equal(gesture_demo_target_slot(f.demo), 5);
            assert_int_equal(gesture_demo_card_phase(f.demo), GESTURE_CARD_IDLE);
        }
        if (k == (int)(4.25 * HZ)) {
            /* The list bounced off its end and rests there. */
            double off = 0;
            CHECK(gesture_demo_list_offset(f.demo, t, &off));
            assert_int_equal(gesture_demo_list_phase(f.demo), GESTURE_LIST_IDLE);
            assert_close(off, GESTURE_DEMO_LIST_MAX_OFFSET, 1e-9, "list at its end", t);
        }
        if (k == (int)(4.75 * HZ)) {
            /* The release of the pull past the top: 800 points of finger travel from the end
             * (600 past the top... 200 beyond it) show as UIScrollView's rubber band of 200. */
            double off = 0, band = 0;
            CHECK(gesture_demo_list_offset(f.demo, t, &off));
            CHECK(lamina_rubber_band(-200, GESTURE_DEMO_LIST_VIEW_HEIGHT, LAMINA_RUBBER_BAND_COEFFICIENT, &band));
            assert_close(off, band, 1e-9, "rubber band at the release", t);
            assert_int_equal(gesture_demo_list_phase(f.demo), GESTURE_LIST_BOUNCING);
        }
        if (k == (int)(5.55 * HZ)) {
            double off = 0;
            CHECK(gesture_demo_list_offset(f.demo, t, &off));
            assert_int_equal(gesture_demo_list_phase(f.demo), GESTURE_LIST_IDLE);
            assert_close(off, 0, 1e-9, "list back at its top", t);
        }
    }
    assert_int_equal(seen, n_order);
    assert_int_equal(n_release, (int)(sizeof releases / sizeof releases[0]));
    /* Caught and let go without moving: the list rests where it was caught, inside its range. */
    double off = 0;
    CHECK(gesture_demo_list_offset(f.demo, gesture_demo_script_length(), &off));
    assert_int_equal(gesture_demo_list_phase(f.demo), GESTURE_LIST_IDLE);
    assert_true(off > 150 && off < GESTURE_DEMO_LIST_MAX_OFFSET);
    teardown_demo(&f);
}

/* The pull past the top: the velocity handed to the spring is the estimate of the content's
 * rubber-banded motion, not the finger's 2000 pt/s: in its 0.1 s window the finger went from
 * the top to 200 points past it, so the estimate lies between the band's slopes there,
 * c / (1 + x c / d)^2 at x = 200 and c at x = 0, times 2000. */
static void test_rubber_band_release_velocity(void **state) {
    (void)state;
    fixture_t f;
    setup_demo(&f);
    double v = 0;
    int found = 0;
    for (int k = 1; k <= (int)(5.0 * HZ); k++) {
        CHECK(gesture_demo_play(f.demo, k / HZ));
        CHECK(gesture_demo_frame(f.demo, k / HZ));
        gesture_handoff_t h[16];
        int n = gesture_demo_take_handoffs(f.demo, h, 16);
        for (int i = 0; i < n; i++)
            if (h[i].kind == GESTURE_HANDOFF_RELEASE && h[i].list && k > (int)(4.3 * HZ)) {
                v = h[i].velocity.y;
                found = 1;
            }
    }
    assert_true(found);
    const double c = LAMINA_RUBBER_BAND_COEFFICIENT, d = GESTURE_DEMO_LIST_VIEW_HEIGHT;
    double slowest = 2000 * c / ((1 + 200 * c / d) * (1 + 200 * c / d)), fastest = 2000 * c;
    /* the content moves down (+y) as the finger does */
    if (!(v > slowest && v < fastest))
        fail_msg("rubber-banded release velocity %g outside (%g, %g)", v, slowest, fastest);
    teardown_demo(&f);
}

/* A card pressed, held still and let go: no velocity, so the spring into the nearest slot
 * starts from rest; a press on a settling card catches it where it is. */
static void test_still_release_and_catch_during_spring(void **state) {
    (void)state;
    fixture_t f;
    setup_demo(&f);
    lamina_point_t s0 = gesture_demo_slot(0);
    double t = 0;
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_DOWN, s0, t));
    for (int k = 1; k <= 12; k++) {
        t = k / HZ;
        /* Drag it slowly to just right of the middle between slots 0 and 1 ... */
        lamina_point_t p = {s0.x + 65.0 * k / 12, s0.y + 10.0 * k / 12};
        CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_MOVE, p, t));
        CHECK(gesture_demo_frame(f.demo, t));
    }
    /* ... hold it still past the velocity window, and let go. */
    lamina_point_t at = {s0.x + 65, s0.y + 10};
    for (int k = 13; k <= 24; k++) {
        t = k / HZ;
        CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_MOVE, at, t));
        CHECK(gesture_demo_frame(f.demo, t));
    }
    t = 25 / HZ;
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_UP, at, t));
    gesture_handoff_t h[16];
    assert_int_equal(gesture_demo_take_handoffs(f.demo, h, 16), 1);
    assert_close(h[0].velocity.x, 0, 1e-9, "still release: vx", t);
    assert_close(h[0].velocity.y, 0, 1e-9, "still release: vy", t);
    assert_int_equal(gesture_demo_target_slot(f.demo), 1); /* (145, 120) is nearer (200, 110) */
    CHECK(gesture_demo_frame(f.demo, t));
    t = 26 / HZ;
    CHECK(gesture_demo_frame(f.demo, t)); /* slow: the spring takes over at once */
    assert_int_equal(gesture_demo_take_handoffs(f.demo, h, 16), 1);
    assert_int_equal(h[0].kind, GESTURE_HANDOFF_SPRING);
    assert_int_equal(gesture_demo_card_phase(f.demo), GESTURE_CARD_SETTLING);
    /* Caught 0.1 s into the spring: it stops where it is seen. */
    for (int k = 27; k <= 32; k++) CHECK(gesture_demo_frame(f.demo, t = k / HZ));
    t = 33 / HZ;
    motion_t before = read_motion(&f, t);
    assert_true(hypot(before.card_v.x, before.card_v.y) > 10);
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_DOWN, before.card, t));
    CHECK(gesture_demo_frame(f.demo, t));
    motion_t after = read_motion(&f, t);
    assert_int_equal(gesture_demo_take_handoffs(f.demo, h, 16), 1);
    assert_int_equal(h[0].kind, GESTURE_HANDOFF_CATCH);
    assert_close(after.card.x, before.card.x, 1e-9, "caught spring: x", t);
    assert_close(after.card.y, before.card.y, 1e-9, "caught spring: y", t);
    assert_int_equal(gesture_demo_card_phase(f.demo), GESTURE_CARD_DRAGGING);
    teardown_demo(&f);
}

/* A list caught past its end (while bouncing back) keeps what it shows: the drag continues
 * from the rubber band's inverse, so the first move shows no jump either. */
static void test_list_caught_past_its_end(void **state) {
    (void)state;
    fixture_t f;
    setup_demo(&f);
    lamina_rect_t vp = gesture_demo_list_viewport();
    lamina_point_t p = {vp.origin.x + 50, vp.origin.y + 50};
    double t = 0;
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_DOWN, p, t));
    for (int k = 1; k <= 18; k++) { /* pulled 300 points down past the top */
        t = k / HZ;
        CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_MOVE, (lamina_point_t){p.x, p.y + 300.0 * k / 18}, t));
        CHECK(gesture_demo_frame(f.demo, t));
    }
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_UP, (lamina_point_t){p.x, p.y + 300}, t));
    CHECK(gesture_demo_frame(f.demo, t));
    assert_int_equal(gesture_demo_list_phase(f.demo), GESTURE_LIST_BOUNCING);
    for (int k = 19; k <= 21; k++) CHECK(gesture_demo_frame(f.demo, t = k / HZ));
    t = 22 / HZ;
    double shown = 0, again = 0;
    CHECK(gesture_demo_list_offset(f.demo, t, &shown));
    assert_true(shown < -5); /* still past the top */
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_DOWN, p, t));
    CHECK(gesture_demo_frame(f.demo, t));
    CHECK(gesture_demo_list_offset(f.demo, t, &again));
    assert_close(again, shown, 1e-9, "caught past the top", t);
    /* A move by 0 keeps it there (the raw offset is the rubber band's inverse) ... */
    t = 23 / HZ;
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_MOVE, p, t));
    CHECK(gesture_demo_frame(f.demo, t));
    CHECK(gesture_demo_list_offset(f.demo, t, &again));
    assert_close(again, shown, 1e-9, "first move after the catch", t);
    /* ... and a move down by 10 points moves it by less (the band's slope below c = 0.55). */
    t = 24 / HZ;
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_MOVE, (lamina_point_t){p.x, p.y + 10}, t));
    CHECK(gesture_demo_frame(f.demo, t));
    CHECK(gesture_demo_list_offset(f.demo, t, &again));
    assert_true(shown - again > 0 && shown - again < 10 * LAMINA_RUBBER_BAND_COEFFICIENT);
    teardown_demo(&f);
}

/* Bad input: an error, and the demo works afterwards. */
static void test_bad_input(void **state) {
    (void)state;
    fixture_t f;
    setup_demo(&f);
    gesture_demo_t *none = NULL;
    assert_int_equal(gesture_demo_create(NULL, f.root, 0, &none), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(gesture_demo_create(f.engine, f.root, NAN, &none), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_null(none);
    lamina_point_t s0 = gesture_demo_slot(0);
    assert_int_equal(gesture_demo_pointer(f.demo, GESTURE_POINTER_DOWN, (lamina_point_t){NAN, 0}, 0.1),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(gesture_demo_pointer(f.demo, GESTURE_POINTER_DOWN, s0, INFINITY),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(gesture_demo_pointer(f.demo, (gesture_pointer_phase_t)7, s0, 0.1),
                     LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(gesture_demo_frame(f.demo, NAN), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(gesture_demo_play(NULL, 0.1), LAMINA_STATUS_INVALID_ARGUMENT);
    assert_int_equal(gesture_demo_card_phase(f.demo), GESTURE_CARD_IDLE);
    assert_false(gesture_demo_pointer_down(f.demo, NULL));
    /* Still works: a press elsewhere is ignored, one on the card grabs it. */
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_DOWN, (lamina_point_t){5, 395}, 0.1));
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_UP, (lamina_point_t){5, 395}, 0.1));
    assert_int_equal(gesture_demo_card_phase(f.demo), GESTURE_CARD_IDLE);
    CHECK(gesture_demo_pointer(f.demo, GESTURE_POINTER_DOWN, s0, 0.2));
    assert_int_equal(gesture_demo_card_phase(f.demo), GESTURE_CARD_DRAGGING);
    CHECK(gesture_demo_frame(f.demo, 0.2));
    gesture_demo_destroy(NULL);
    teardown_demo(&f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_script_handoffs_are_continuous),
        cmocka_unit_test(test_rubber_band_release_velocity),
        cmocka_unit_test(test_still_release_and_catch_during_spring),
        cmocka_unit_test(test_list_caught_past_its_end),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
