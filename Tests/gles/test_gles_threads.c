/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The renderer from several threads (issue 31 item 11: the renderer in every sanitizer build,
 * TSan's job included): three threads render one engine headless (lamina_gles_render_rgba,
 * documented safe from any thread) while the main thread changes the layer's colour under
 * disableActions and ticks. Every render answers OK and shows one of the two colours whole
 * (within 1/255 per channel), never a mix or garbage; under TSan any data race fails the run.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <lamina/lamina.h>
#include <lamina/lamina_gles.h>

enum { SIDE = 16, THREADS = 3, RENDERS = 30, CHANGES = 120 };

static lamina_engine_t *engine;
static lamina_layer_t root;

struct result {
    int failures; /* renders that answered an error */
    int mixed;    /* renders whose pixels were neither colour */
    int unavailable;
};

static int near(int a, int b) { return a - b <= 1 && b - a <= 1; }

static void *render_loop(void *arg) {
    struct result *res = arg;
    static _Thread_local uint8_t px[SIDE * SIDE * 4];
    for (int i = 0; i < RENDERS; i++) {
        double now = 0;
        lamina_engine_get_time(engine, &now);
        lamina_status_t s = lamina_gles_render_rgba(engine, root, now, SIDE, SIDE, 1.0, NULL, px, sizeof px, NULL);
        if (s == LAMINA_GLES_STATUS_UNAVAILABLE) {
            res->unavailable++;
            return NULL;
        }
        if (s != LAMINA_STATUS_OK) {
            res->failures++;
            continue;
        }
        /* Every pixel opaque red or opaque blue, and all the same. */
        int red = near(px[0], 255) && near(px[1], 0) && near(px[2], 0);
        int blue = near(px[0], 0) && near(px[1], 0) && near(px[2], 255);
        int ok = (red || blue) && near(px[3], 255);
        for (size_t p = 4; ok && p < sizeof px; p += 4) ok = memcmp(px, px + p, 4) == 0;
        if (!ok) res->mixed++;
    }
    return NULL;
}

static void set_colour(double r, double b) {
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_COLOR;
    v.u.color = (lamina_color_t){r, 0, b, 1};
    assert_int_equal(lamina_transaction_begin(engine), LAMINA_STATUS_OK);
    assert_int_equal(lamina_transaction_set_disable_actions(engine, 1), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_value(engine, root, "backgroundColor", &v), LAMINA_STATUS_OK);
    assert_int_equal(lamina_transaction_commit(engine), LAMINA_STATUS_OK);
}

static void test_renders_from_threads_while_the_model_changes(void **state) {
    (void)state;
    assert_int_equal(lamina_engine_create(&engine), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_create(engine, &root), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_bounds(engine, root, (lamina_rect_t){{0, 0}, {SIDE, SIDE}}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_position(engine, root, (lamina_point_t){SIDE / 2.0, SIDE / 2.0}), LAMINA_STATUS_OK);
    set_colour(1, 0);
    assert_int_equal(lamina_engine_tick(engine, 0), LAMINA_STATUS_OK);

    pthread_t threads[THREADS];
    struct result results[THREADS];
    memset(results, 0, sizeof results);
    for (int i = 0; i < THREADS; i++) assert_int_equal(pthread_create(&threads[i], NULL, render_loop, &results[i]), 0);
    for (int k = 0; k < CHANGES; k++) {
        set_colour(k & 1 ? 1 : 0, k & 1 ? 0 : 1);
        assert_int_equal(lamina_engine_tick(engine, (k + 1) / 60.0), LAMINA_STATUS_OK);
    }
    for (int i = 0; i < THREADS; i++) assert_int_equal(pthread_join(threads[i], NULL), 0);
    for (int i = 0; i < THREADS; i++) {
        if (results[i].unavailable) skip(); /* no EGL/GLES 3 on this machine */
        assert_int_equal(results[i].failures, 0);
        assert_int_equal(results[i].mixed, 0);
    }
    assert_int_equal(lamina_engine_destroy(engine), LAMINA_STATUS_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_renders_from_threads_while_the_model_changes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
