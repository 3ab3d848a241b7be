/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shape, gradient and replicator layers from C (issue 15): creation by kind, the kinds' keys
 * (RS-8, RS-9, RS-13), the array value types, and the records' kind, instance, shape and
 * gradient fields. RS-x.y items are cited per test.
 */
#include "lamina_test_support.h"

/* lamina_layer_create_kind / lamina_layer_get_kind: every kind; bad input gives a status. */
static void create_and_get_kind(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_kind_t kinds[4] = {LAMINA_LAYER_KIND_PLAIN, LAMINA_LAYER_KIND_SHAPE,
                                    LAMINA_LAYER_KIND_GRADIENT, LAMINA_LAYER_KIND_REPLICATOR};
    for (int i = 0; i < 4; i++) {
        lamina_layer_t l = LAMINA_LAYER_NONE;
        lamina_layer_kind_t k = -1;
        ASSERT_OK(lamina_layer_create_kind(f->engine, kinds[i], &l));
        ASSERT_OK(lamina_layer_get_kind(f->engine, l, &k));
        assert_int_equal(k, kinds[i]);
        ASSERT_OK(lamina_layer_release(f->engine, l));
    }
    lamina_layer_kind_t k = -1;
    ASSERT_OK(lamina_layer_get_kind(f->engine, f->layer, &k));
    assert_int_equal(k, LAMINA_LAYER_KIND_PLAIN);
    lamina_layer_t out = LAMINA_LAYER_NONE;
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_create_kind(f->engine, 4, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_create_kind(f->engine, -1, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_create_kind(f->engine, LAMINA_LAYER_KIND_SHAPE, NULL));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_create_kind(lt_stale_engine(), LAMINA_LAYER_KIND_SHAPE, &out));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_kind(f->engine, f->layer, NULL));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_get_kind(f->engine, lt_released_layer(f->engine), &k));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(create_and_get_kind),
    };
    return cmocka_run_group_tests_name("layer kinds (issue 15)", tests, NULL, NULL);
}
