/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Error messages (issue 23 item 9, lamina.h "Error messages"): a failure about a layer names
 * it by its name and kind (or its handle and kind when it has no name), an unknown key gets
 * the closest known key as a suggestion (none for garbage), and a stale handle keeps its
 * number. The whole text of lamina_last_error_message() is checked.
 */
#include "lamina_test_support.h"

#include <inttypes.h>

/* The last error message equals `expected`. */
#define ASSERT_MESSAGE(expected)                                                               \
    do {                                                                                       \
        const char *lt_m_ = lamina_last_error_message();                                       \
        if (strcmp(lt_m_, (expected)) != 0) {                                                  \
            print_error("%s:%d: last error \"%s\"\n    expected   \"%s\"\n", __FILE__, __LINE__, \
                        lt_m_, (expected));                                                    \
            fail();                                                                            \
        }                                                                                      \
    } while (0)

static void named_layer_is_named_with_its_kind_and_a_suggestion(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_layer_set_name(f->engine, f->layer, "card"));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(f->engine, f->layer, "cornerRadious", 4.0));
    ASSERT_MESSAGE("layer \"card\" (plain layer): unknown property key 'cornerRadious'; did you mean 'cornerRadius'?");
    double out = 0;
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_number(f->engine, f->layer, "opcaity", &out));
    ASSERT_MESSAGE("layer \"card\" (plain layer): unknown property key 'opcaity'; did you mean 'opacity'?");
    /* A wrong value type names the layer in front of the engine's message. */
    ASSERT_FAILS(LAMINA_STATUS_TYPE_MISMATCH, lamina_layer_set_point(f->engine, f->layer, "opacity", (lamina_point_t){1, 2}));
    ASSERT_MESSAGE("layer \"card\" (plain layer): 'opacity' takes a number value, not a point");
}

static void unnamed_layer_is_named_by_handle_and_kind(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t ring = 0;
    ASSERT_OK(lamina_layer_create_kind(f->engine, LAMINA_LAYER_KIND_SHAPE, &ring));
    char expected[256];
    snprintf(expected, sizeof expected,
             "layer %" PRIu64 " (shape layer): unknown property key 'lineWidht'; did you mean 'lineWidth'?", ring);
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(f->engine, ring, "lineWidht", 2.0));
    ASSERT_MESSAGE(expected);
    /* A key of another kind of layer: named, and no suggestion of a shape key for a plain layer. */
    snprintf(expected, sizeof expected,
             "layer %" PRIu64 " (plain layer): 'lineWidth' is a property of shape layers; this layer is a plain layer",
             f->layer);
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(f->engine, f->layer, "lineWidth", 2.0));
    ASSERT_MESSAGE(expected);
    snprintf(expected, sizeof expected, "layer %" PRIu64 " (plain layer): unknown property key 'lineWidht'", f->layer);
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(f->engine, f->layer, "lineWidht", 2.0));
    ASSERT_MESSAGE(expected);
    ASSERT_OK(lamina_layer_release(f->engine, ring));
}

static void garbage_gets_no_suggestion_and_custom_keys_do(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_value_t zero = lt_number(0);
    ASSERT_OK(lamina_engine_register_property(f->engine, "glowRadius", &zero));
    ASSERT_OK(lamina_layer_set_name(f->engine, f->layer, "glow"));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(f->engine, f->layer, "glowRadus", 1.0));
    ASSERT_MESSAGE("layer \"glow\" (plain layer): unknown property key 'glowRadus'; did you mean 'glowRadius'?");
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_set_number(f->engine, f->layer, "xyzzy", 1.0));
    ASSERT_MESSAGE("layer \"glow\" (plain layer): unknown property key 'xyzzy'");
    /* A misspelt key path keeps its component in the suggestion. */
    lamina_value_t v;
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_get_value(f->engine, f->layer, "positon.x", &v));
    ASSERT_MESSAGE("layer \"glow\" (plain layer): unknown property key 'positon.x'; did you mean 'position.x'?");
}

static void misuse_and_animations_name_the_layer(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t child = 0;
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_set_name(f->engine, child, "child"));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, child));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_add_sublayer(f->engine, child, f->layer));
    ASSERT_MESSAGE("layer \"child\" (plain layer): adding a layer under itself or its own sublayer would make a cycle");
    /* The animation's key path is suggested for, not the animation's own key ("fade"). */
    lamina_animation_t *anim = NULL;
    ASSERT_OK(lamina_animation_create_basic("opacty", &anim));
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layer_add_animation(f->engine, child, anim, "fade"));
    ASSERT_MESSAGE("layer \"child\" (plain layer): unknown property key 'opacty'; did you mean 'opacity'?");
    lamina_animation_release(anim);
    ASSERT_OK(lamina_layer_release(f->engine, child));
}

static void stale_handle_keeps_its_number(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t gone = 0;
    ASSERT_OK(lamina_layer_create(f->engine, &gone));
    ASSERT_OK(lamina_layer_set_name(f->engine, gone, "gone"));
    ASSERT_OK(lamina_layer_release(f->engine, gone));
    char expected[256];
    snprintf(expected, sizeof expected, "layer handle %" PRIu64 " is not alive in this engine", gone);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_number(f->engine, gone, "opacty", 1.0));
    ASSERT_MESSAGE(expected);
}

static void batch_failures_name_the_failing_layer(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t fresh = 0;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0)); /* f->layer is committed, `fresh` is not */
    ASSERT_OK(lamina_layer_create(f->engine, &fresh));
    ASSERT_OK(lamina_layer_set_name(f->engine, f->layer, "card"));
    ASSERT_OK(lamina_layer_set_name(f->engine, fresh, "new"));
    lamina_layer_t layers[2] = {f->layer, fresh};
    double values[2] = {0.5, 0.5};
    ASSERT_FAILS(LAMINA_STATUS_UNKNOWN_KEY, lamina_layers_set_number(f->engine, layers, 2, "opacty", values));
    ASSERT_MESSAGE("layers[0]: layer \"card\" (plain layer): unknown property key 'opacty'; did you mean 'opacity'?");
    ASSERT_FAILS(LAMINA_STATUS_NO_PRESENTATION,
                 lamina_layers_get_presentation_number(f->engine, layers, 2, "opacity", values));
    ASSERT_MESSAGE("layers[1]: layer \"new\" (plain layer): never committed, so it has no presentation");
    ASSERT_OK(lamina_layer_release(f->engine, fresh));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(named_layer_is_named_with_its_kind_and_a_suggestion),
        LT_TEST(unnamed_layer_is_named_by_handle_and_kind),
        LT_TEST(garbage_gets_no_suggestion_and_custom_keys_do),
        LT_TEST(misuse_and_animations_name_the_layer),
        LT_TEST(stale_handle_keeps_its_number),
        LT_TEST(batch_failures_name_the_failing_layer),
    };
    return cmocka_run_group_tests_name("error_messages", tests, NULL, NULL);
}
