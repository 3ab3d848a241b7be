/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reliability, round 3 (issue 31): API sequences that hung, leaked, aliased, raced or crashed.
 * Each test replays one finding's sequence and fails without its fix (R12, R13, R18).
 */
#include "lamina_test_support.h"

#include <pthread.h>

static lamina_engine_t *new_engine(void) {
    lamina_engine_t *e = NULL;
    assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
    return e;
}

static lamina_layer_t new_layer(lamina_engine_t *e) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(e, &l));
    return l;
}

/* Whether a handle still names a live layer (retain answers STALE_HANDLE once it is gone). */
static int layer_alive(lamina_engine_t *e, lamina_layer_t l) {
    lamina_status_t s = lamina_layer_retain(e, l);
    if (s == LAMINA_STATUS_OK) {
        ASSERT_OK(lamina_layer_release(e, l));
        return 1;
    }
    assert_int_equal(s, LAMINA_STATUS_STALE_HANDLE);
    return 0;
}

/* Item 1: adding the masked layer under its own mask made a cycle (the draw list never
 * returned) and both layers kept each other alive. Now every edit that would close a cycle
 * through a mask is MISUSE, the draw list returns, and releasing frees both. */
static void test_mask_cycle_is_refused(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t a = new_layer(e), m = new_layer(e), inner = new_layer(e), x = new_layer(e);
    ASSERT_OK(lamina_layer_set_mask(e, a, m));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_add_sublayer(e, m, a));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_insert_sublayer_at(e, m, a, 0));
    /* Through a sublayer of the mask. */
    ASSERT_OK(lamina_layer_add_sublayer(e, m, inner));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_add_sublayer(e, inner, a));
    /* Replacing a sublayer of the mask's subtree with the host. */
    ASSERT_OK(lamina_layer_add_sublayer(e, inner, x));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_replace_sublayer(e, inner, x, a));
    /* An ancestor of the host under the mask. */
    lamina_layer_t top = new_layer(e);
    ASSERT_OK(lamina_layer_add_sublayer(e, top, a));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_add_sublayer(e, x, top));
    /* Masking a layer by an ancestor of the layer whose mask holds it. */
    lamina_layer_t b = new_layer(e), d = new_layer(e), dm = new_layer(e), c = new_layer(e);
    ASSERT_OK(lamina_layer_add_sublayer(e, b, d));
    ASSERT_OK(lamina_layer_set_mask(e, d, dm));
    ASSERT_OK(lamina_layer_add_sublayer(e, dm, c));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_set_mask(e, c, b));

    /* The draw list of the host returns (it hung, allocating without bound). */
    ASSERT_OK(lamina_transaction_flush(e));
    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    ASSERT_OK(lamina_engine_draw_list(e, top, 0.0, &records, &count));
    assert_true(count >= 4); /* top, a, and the mask m with inner and x */

    /* Releasing every host reference frees the whole graph, masks included. */
    lamina_layer_t all[] = {a, m, inner, x, top, b, d, dm, c};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) ASSERT_OK(lamina_layer_release(e, all[i]));
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) assert_false(layer_alive(e, all[i]));
    lamina_engine_destroy(e);
}

/* Item 1: a mask that is inserted into a tree leaves the layer it masked (RS-5.3: the host is
 * its superlayer), so one layer never has two owners and no cycle can form later. */
static void test_inserting_a_mask_takes_it_off_its_host(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t a = new_layer(e), m = new_layer(e), p = new_layer(e);
    ASSERT_OK(lamina_layer_set_mask(e, a, m));
    ASSERT_OK(lamina_layer_add_sublayer(e, p, m));
    lamina_layer_t got = 1;
    ASSERT_OK(lamina_layer_get_mask(e, a, &got));
    assert_true(got == LAMINA_LAYER_NONE);
    ASSERT_OK(lamina_layer_get_superlayer(e, m, &got));
    assert_true(got == p);
    /* Now the old host can go under m's tree: no cycle any more. */
    ASSERT_OK(lamina_layer_add_sublayer(e, m, a));
    ASSERT_OK(lamina_layer_release(e, a));
    ASSERT_OK(lamina_layer_release(e, m));
    ASSERT_OK(lamina_layer_release(e, p));
    assert_false(layer_alive(e, a));
    assert_false(layer_alive(e, m));
    lamina_engine_destroy(e);
}

/* Item 2: the engine's reference on a mask was counted as a host reference, so the host could
 * release it twice and the next set_mask decremented a zero count (a Swift overflow trap). */
static void test_mask_reference_is_not_a_host_reference(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t a = new_layer(e), b = new_layer(e), m = new_layer(e);
    ASSERT_OK(lamina_layer_set_mask(e, a, m));
    ASSERT_OK(lamina_layer_add_sublayer(e, a, m)); /* m leaves a's mask, joins a's tree */
    ASSERT_OK(lamina_layer_release(e, m));          /* the host's one reference */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_release(e, m));
    ASSERT_OK(lamina_layer_set_mask(e, b, m)); /* was: process killed by an overflow trap */
    lamina_layer_t got = 0;
    ASSERT_OK(lamina_layer_get_mask(e, b, &got));
    assert_true(got == m);

    /* The plain case: a mask the host created once and released once stays alive while
     * assigned, and a second release is MISUSE (it destroyed the assigned mask). */
    lamina_layer_t h = new_layer(e), n = new_layer(e);
    ASSERT_OK(lamina_layer_set_mask(e, h, n));
    ASSERT_OK(lamina_layer_release(e, n));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_release(e, n));
    assert_true(layer_alive(e, n));
    ASSERT_OK(lamina_layer_get_mask(e, h, &got));
    assert_true(got == n);
    /* Unassigning it frees it (nothing else holds it); releasing the host frees its mask. */
    ASSERT_OK(lamina_layer_set_mask(e, h, LAMINA_LAYER_NONE));
    assert_false(layer_alive(e, n));
    ASSERT_OK(lamina_layer_release(e, b));
    assert_false(layer_alive(e, m));
    ASSERT_OK(lamina_layer_release(e, a));
    ASSERT_OK(lamina_layer_release(e, h));
    lamina_engine_destroy(e);
}

/* The engine tag a layer handle carries (bits 24-39: R13's packing, docs/decisions.md). */
static unsigned handle_tag(lamina_layer_t l) { return (unsigned)((l >> 24) & 0xFFFF); }

/* Item 4a: tags were handed out in turn, so after 65,535 more engines a new one had a live
 * engine's tag and identical first handles. The hook brings the counter to the live tag. */
static void test_engine_tags_never_alias_a_live_engine(void **state) {
    (void)state;
    lamina_engine_t *a = new_engine();
    lamina_layer_t la = new_layer(a);
    unsigned tag = handle_tag(la);
    ASSERT_OK(lamina_testing_set_next_engine_tag(tag)); /* as if 65,535 engines came since */
    lamina_engine_t *b = new_engine();
    lamina_layer_t lb = new_layer(b);
    assert_int_not_equal(handle_tag(lb), tag);
    assert_true(lb != la);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(a, lb));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(b, la));
    /* A destroyed engine's tag is free again (nothing alive holds it). */
    unsigned btag = handle_tag(lb);
    ASSERT_OK(lamina_engine_destroy(b));
    ASSERT_OK(lamina_testing_set_next_engine_tag(btag));
    lamina_engine_t *c = new_engine();
    assert_int_equal(handle_tag(new_layer(c)), btag);
    /* The top of the range wraps to 1, still skipping live tags. */
    ASSERT_OK(lamina_testing_set_next_engine_tag(65535));
    lamina_engine_t *d = new_engine(), *f = new_engine();
    assert_int_equal(handle_tag(new_layer(d)), 65535);
    unsigned ftag = handle_tag(new_layer(f));
    assert_true(ftag >= 1 && ftag != tag && ftag != btag);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_testing_set_next_engine_tag(0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_testing_set_next_engine_tag(65536));
    lamina_engine_destroy(f);
    lamina_engine_destroy(d);
    lamina_engine_destroy(c);
    lamina_engine_destroy(a);
}

/* Item 4, after the engine: a layer handle kept after its engine was destroyed named a layer
 * of the next engine that got the same tag (the same slot and generation, R18). A later engine
 * with the tag starts its slots above every generation the earlier one handed out. */
static void test_a_destroyed_engines_handles_stay_stale_in_later_engines(void **state) {
    (void)state;
    lamina_engine_t *a = new_engine();
    lamina_layer_t la = new_layer(a);
    lamina_layer_t gone = new_layer(a);
    ASSERT_OK(lamina_layer_release(a, gone));
    lamina_layer_t la2 = new_layer(a); /* slot 1 again, generation 2 */
    unsigned tag = handle_tag(la);
    ASSERT_OK(lamina_engine_destroy(a));
    ASSERT_OK(lamina_testing_set_next_engine_tag(tag)); /* as if 65,535 engines came since */
    lamina_engine_t *b = new_engine();
    lamina_layer_t lb = new_layer(b), lb2 = new_layer(b), lb3 = new_layer(b);
    assert_int_equal(handle_tag(lb), tag); /* the tag is reused ... */
    assert_true(lb != la && lb != la2 && lb2 != la && lb2 != la2 && lb3 != gone);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(b, la)); /* ... its handles are not */
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(b, la2));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_number(b, gone, "opacity", 0.5));
    /* A third engine with the tag: above both. */
    ASSERT_OK(lamina_engine_destroy(b));
    ASSERT_OK(lamina_testing_set_next_engine_tag(tag));
    lamina_engine_t *c = new_engine();
    lamina_layer_t lc = new_layer(c);
    assert_int_equal(handle_tag(lc), tag);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(c, la));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(c, lb));
    ASSERT_OK(lamina_engine_destroy(c));
    /* A tag whose generations went past half the 24-bit range is spent: never handed out again. */
    lamina_engine_t *d = new_engine();
    lamina_layer_t ld = new_layer(d);
    unsigned dtag = handle_tag(ld);
    ASSERT_OK(lamina_layer_release(d, ld));
    ASSERT_OK(lamina_testing_age_layer_slots(d, 1u << 23));
    ASSERT_OK(lamina_engine_destroy(d));
    ASSERT_OK(lamina_testing_set_next_engine_tag(dtag));
    lamina_engine_t *f = new_engine();
    assert_int_not_equal(handle_tag(new_layer(f)), dtag);
    ASSERT_OK(lamina_engine_destroy(f));
}

/* Item 4b: a slot's 24-bit generation wrapped after 2^24-1 create/release cycles and a stale
 * handle named the newest layer. The hook ages the slot to the last generation. */
static void test_layer_generation_never_wraps(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t old = new_layer(e); /* slot 0, generation 1 */
    ASSERT_OK(lamina_layer_release(e, old));
    ASSERT_OK(lamina_testing_age_layer_slots(e, 0xFFFFFF)); /* 2^24-2 more cycles, at once */
    lamina_layer_t last = new_layer(e);                      /* slot 0, the last generation */
    ASSERT_OK(lamina_layer_release(e, last));
    lamina_layer_t next = new_layer(e); /* was slot 0 again, generation 1: `old` itself */
    assert_true(next != old);
    assert_true(next != last);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(e, old));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(e, last));
    /* Slots keep being used after one is retired. */
    for (int i = 0; i < 100; i++) {
        lamina_layer_t l = new_layer(e);
        assert_true(l != old && l != last);
        ASSERT_OK(lamina_layer_release(e, l));
    }
    ASSERT_OK(lamina_layer_release(e, next));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_testing_age_layer_slots(e, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_testing_age_layer_slots(e, 1u << 24));
    lamina_engine_destroy(e);
}

/* Item 5: threads each dropping one of an image's references at once (the finding: two
 * threads, two references; four make the window wider on a loaded machine). */
enum { RACE_IMAGES = 20000, RACE_THREADS = 4 };
struct image_race {
    pthread_barrier_t barrier;
    lamina_image_t images[RACE_IMAGES];
    int failures;
};

/* The images raced: RACE_IMAGES, or LAMINA_STRESS_ITERATIONS (the valgrind run's fewer). */
static int race_images(void) {
    const char *s = getenv("LAMINA_STRESS_ITERATIONS");
    int n = s ? atoi(s) : RACE_IMAGES;
    return n > 0 && n < RACE_IMAGES ? n : RACE_IMAGES;
}

static void *image_race_thread(void *p) {
    struct image_race *r = p;
    int failures = 0;
    const int images = race_images();
    for (int i = 0; i < images; i++) {
        pthread_barrier_wait(&r->barrier);
        if (lamina_image_release(r->images[i]) != LAMINA_STATUS_OK) failures++;
    }
    __atomic_add_fetch(&r->failures, failures, __ATOMIC_SEQ_CST);
    return NULL;
}

static void test_image_release_race(void **state) {
    (void)state;
    struct image_race *r = calloc(1, sizeof *r);
    assert_non_null(r);
    lamina_engine_t *e = new_engine();
    const uint8_t px[4] = {255, 0, 0, 255};
    const int images = race_images();
    for (int i = 0; i < images; i++) {
        ASSERT_OK(lamina_image_create_rgba8(e, 1, 1, px, 4, LAMINA_TRUE, &r->images[i]));
        for (int k = 1; k < RACE_THREADS; k++) ASSERT_OK(lamina_image_retain(r->images[i]));
    }
    pthread_barrier_init(&r->barrier, NULL, RACE_THREADS);
    pthread_t t[RACE_THREADS];
    for (int k = 0; k < RACE_THREADS; k++) assert_int_equal(pthread_create(&t[k], NULL, image_race_thread, r), 0);
    for (int k = 0; k < RACE_THREADS; k++) pthread_join(t[k], NULL);
    pthread_barrier_destroy(&r->barrier);
    assert_int_equal(r->failures, 0); /* each release released its reference: OK */
    for (int i = 0; i < images; i++) {
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_image_release(r->images[i]));
    }
    free(r);
    lamina_engine_destroy(e);
}

/* Item 8: a host clock that calls back into its own engine from inside a commit. */
struct reentrant_clock {
    lamina_engine_t *engine;
    int mode; /* 0: nothing, 1: destroy, 2: tick, 3: flush and set */
    int calls;
    lamina_status_t destroy, tick, tick_now, flush, set;
    lamina_layer_t layer;
};

static double reentrant_clock_fn(void *userdata) {
    struct reentrant_clock *c = userdata;
    c->calls++;
    switch (c->mode) {
    case 1: c->destroy = lamina_engine_destroy(c->engine); break;
    case 2:
        c->tick = lamina_engine_tick(c->engine, 5.0);
        c->tick_now = lamina_engine_tick_now(c->engine);
        break;
    case 3:
        c->flush = lamina_transaction_flush(c->engine);
        c->set = lamina_layer_set_number(c->engine, c->layer, "zPosition", 3.0);
        break;
    }
    return 1.0 + c->calls;
}

static void test_clock_reentry(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    struct reentrant_clock c = {.engine = e, .mode = 0};
    c.layer = new_layer(e);
    ASSERT_OK(lamina_engine_set_clock(e, reentrant_clock_fn, &c, NULL));
    ASSERT_OK(lamina_transaction_flush(e));

    /* Destroy from inside the clock: MISUSE, and the engine goes on working. */
    c.mode = 1;
    ASSERT_OK(lamina_layer_set_number(e, c.layer, "opacity", 0.5));
    ASSERT_OK(lamina_transaction_flush(e));
    assert_int_equal(c.destroy, LAMINA_STATUS_MISUSE);
    double v = 0;
    ASSERT_OK(lamina_layer_get_number(e, c.layer, "opacity", &v));
    ASSERT_DOUBLE_EQ(0.5, v);

    /* Ticking from inside the clock (during a flush and during tick_now): MISUSE. */
    c.mode = 2;
    ASSERT_OK(lamina_layer_set_number(e, c.layer, "opacity", 0.25));
    ASSERT_OK(lamina_transaction_flush(e));
    assert_int_equal(c.tick, LAMINA_STATUS_MISUSE);
    assert_int_equal(c.tick_now, LAMINA_STATUS_MISUSE);
    c.tick = c.tick_now = LAMINA_STATUS_OK;
    ASSERT_OK(lamina_engine_tick_now(e));
    assert_int_equal(c.tick, LAMINA_STATUS_MISUSE);
    assert_int_equal(c.tick_now, LAMINA_STATUS_MISUSE);

    /* A commit and a change from inside the clock work (no recursion into the clock). */
    c.mode = 3;
    int before = c.calls;
    ASSERT_OK(lamina_layer_set_number(e, c.layer, "opacity", 1.0));
    ASSERT_OK(lamina_transaction_flush(e));
    assert_int_equal(c.flush, LAMINA_STATUS_OK);
    assert_int_equal(c.set, LAMINA_STATUS_OK);
    assert_int_equal(c.calls, before + 1);
    ASSERT_OK(lamina_layer_get_number(e, c.layer, "zPosition", &v));
    ASSERT_DOUBLE_EQ(3.0, v);

    c.mode = 0;
    ASSERT_OK(lamina_engine_set_clock(e, NULL, NULL, NULL));
    ASSERT_OK(lamina_engine_destroy(e));
}

/* Item 10: sizes and numbers a host passes are bounded as every other value is. */
static void test_limits_where_a_host_passes_a_size(void **state) {
    (void)state;
    lamina_path_element_t buf[16];
    size_t n = 0;
    /* Path builders: finite but beyond 1e15 made infinite points; now INVALID_ARGUMENT. */
    lamina_rect_t huge = {{-1e300, 0}, {1e308, 1e308}};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_path_rect(huge, buf, 16, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_path_ellipse(huge, buf, 16, &n));
    lamina_rect_t ok = {{0, 0}, {10, 10}};
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_path_rounded_rect(ok, 1e300, 1, buf, 16, &n));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_path_rounded_rect(ok, 1, -1e16, buf, 16, &n));
    lamina_rect_t far = {{9e14, 0}, {9e14, 1}}; /* each within 1e15; the far edge is not */
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_path_rect(far, buf, 16, &n));
    ASSERT_OK(lamina_path_rounded_rect(ok, 2, 2, buf, 16, &n));
    assert_int_equal(n, 10);
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) assert_true(isfinite(buf[i].points[k].x) && isfinite(buf[i].points[k].y));

    /* Keyframe paths: the path values' limit of 2^20 elements (10,000,000 were taken). */
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_keyframe("position", &anim));
    size_t big = (1u << 20) + 1;
    lamina_path_element_t *elements = calloc(big, sizeof *elements);
    assert_non_null(elements);
    for (size_t i = 0; i < big; i++) elements[i].type = i ? LAMINA_PATH_LINE : LAMINA_PATH_MOVE;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_animation_set_path(anim, elements, big));
    ASSERT_OK(lamina_animation_set_path(anim, elements, 1000));
    free(elements);
    lamina_animation_release(anim);

    /* Images: at most 1 GiB of pixels, refused before a byte is read (the copy of a 4 GiB
     * image could abort the process). `tiny` is far smaller than the count claimed. */
    {
        lamina_engine_t *ie = new_engine();
        static const uint8_t tiny[16];
        lamina_image_t im = LAMINA_IMAGE_NONE;
        ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY,
                     lamina_image_create_rgba8(ie, 32768, 8193, tiny, (size_t)32768 * 8193 * 4, LAMINA_TRUE, &im));
        ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY,
                     lamina_image_create_rgba8(ie, 32768, 32768, tiny, (size_t)32768 * 32768 * 4, LAMINA_TRUE, &im));
        lamina_engine_destroy(ie);
    }

    /* Draw record sizes must be a multiple of 8 (records came back misaligned). */
    lamina_engine_t *e = new_engine();
    lamina_layer_t root = new_layer(e);
    ASSERT_OK(lamina_engine_tick(e, 0));
    const void *records = NULL;
    size_t count = 0;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_engine_draw_list_sized(e, root, 0, sizeof(lamina_draw_record_t) + 4, &records, &count));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT,
                 lamina_engine_draw_list_sized(e, root, 0, LAMINA_DRAW_RECORD_SIZE_0_1 + 1, &records, &count));
    ASSERT_OK(lamina_engine_draw_list_sized(e, root, 0, sizeof(lamina_draw_record_t) + 8, &records, &count));
    assert_int_equal(count, 1);
    assert_int_equal((uintptr_t)records % 8, 0);
    lamina_engine_destroy(e);
}

/* A path value of `count` elements: a move, then lines along a zigzag. Caller frees. */
static lamina_path_element_t *zigzag(size_t count) {
    lamina_path_element_t *p = calloc(count, sizeof *p);
    assert_non_null(p);
    for (size_t i = 0; i < count; i++) {
        p[i].type = i ? LAMINA_PATH_LINE : LAMINA_PATH_MOVE;
        p[i].points[0].x = (double)(i % 100);
        p[i].points[0].y = (double)(i % 7);
    }
    return p;
}

static void set_path(lamina_engine_t *e, lamina_layer_t shape, const lamina_path_element_t *p, size_t n) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_PATH;
    v.u.path.elements = p;
    v.u.path.count = n;
    ASSERT_OK(lamina_layer_set_value(e, shape, "path", &v));
}

/* Item 6: a replicated shape's path was copied per instance: 10,000 instances of a 2^20-element
 * path wanted 587 GB and the process died. The instances now share one copy. */
static void test_replicated_side_data_is_shared(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t rep = LAMINA_LAYER_NONE, shape = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_REPLICATOR, &rep));
    ASSERT_OK(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_SHAPE, &shape));
    ASSERT_OK(lamina_layer_add_sublayer(e, rep, shape));
    /* The path limit; the valgrind run (LAMINA_TEST_DEEP set) takes 2^16, which checks the
     * same sharing in a fraction of the time. */
    const size_t n = getenv("LAMINA_TEST_DEEP") ? 1u << 16 : 1u << 20;
    lamina_path_element_t *p = zigzag(n);
    set_path(e, shape, p, n);
    free(p);
    ASSERT_OK(lamina_layer_set_number(e, rep, "instanceCount", 10000)); /* the instance limit */
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    ASSERT_OK(lamina_engine_draw_list(e, rep, 0, &records, &count));
    assert_int_equal(count, 10001);
    const lamina_path_element_t *first = NULL;
    for (size_t i = 1; i < count; i++) {
        assert_non_null(records[i].shape);
        assert_int_equal(records[i].shape->path_count, n);
        if (!first) first = records[i].shape->path;
        assert_ptr_equal(records[i].shape->path, first); /* one copy for every instance */
    }
    assert_true(first[n - 1].points[0].x == (double)((n - 1) % 100));
    lamina_engine_destroy(e);
}

/* Item 6: the side data one draw list may hold is bounded (a documented budget): past it the
 * call answers OUT_OF_MEMORY instead of allocating until the process dies. */
static void test_draw_list_side_data_budget(void **state) {
    (void)state;
    lamina_engine_t *e = new_engine();
    lamina_layer_t root = new_layer(e);
    const size_t n = 1u << 14; /* 16,384 elements: about 0.9 MiB of C path each */
    lamina_path_element_t *p = zigzag(n);
    for (int k = 0; k < 4; k++) { /* four distinct paths: nothing to share */
        lamina_layer_t shape = LAMINA_LAYER_NONE;
        ASSERT_OK(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_SHAPE, &shape));
        p[0].points[0].x = k;
        set_path(e, shape, p, n);
        ASSERT_OK(lamina_layer_add_sublayer(e, root, shape));
        ASSERT_OK(lamina_layer_release(e, shape));
    }
    free(p);
    ASSERT_OK(lamina_engine_tick(e, 0));
    const lamina_draw_record_t *records = NULL;
    size_t count = 0;
    ASSERT_OK(lamina_engine_set_draw_list_budget(e, 2u << 20)); /* 2 MiB: two paths fit */
    ASSERT_FAILS(LAMINA_STATUS_OUT_OF_MEMORY, lamina_engine_draw_list(e, root, 0, &records, &count));
    ASSERT_OK(lamina_engine_set_draw_list_budget(e, 8u << 20));
    ASSERT_OK(lamina_engine_draw_list(e, root, 0, &records, &count));
    assert_int_equal(count, 5);
    for (size_t i = 1; i < count; i++) assert_true(records[i].shape->path[0].points[0].x == (double)(i - 1));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_draw_list_budget(e, 0));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_engine_set_draw_list_budget(NULL, 1));
    lamina_engine_destroy(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mask_cycle_is_refused),
        cmocka_unit_test(test_inserting_a_mask_takes_it_off_its_host),
        cmocka_unit_test(test_mask_reference_is_not_a_host_reference),
        cmocka_unit_test(test_engine_tags_never_alias_a_live_engine),
        cmocka_unit_test(test_layer_generation_never_wraps),
        cmocka_unit_test(test_a_destroyed_engines_handles_stay_stale_in_later_engines),
        cmocka_unit_test(test_image_release_race),
        cmocka_unit_test(test_clock_reentry),
        cmocka_unit_test(test_limits_where_a_host_passes_a_size),
        cmocka_unit_test(test_replicated_side_data_is_shared),
        cmocka_unit_test(test_draw_list_side_data_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
