/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Layers and the layer tree: lifetime (create/retain/release), handles (stale, forged, reused
 * slots), and the tree operations with their NOT_FOUND and MISUSE (cycle) cases.
 */
#include "lamina_test_support.h"

/* Reads the sublayers of `parent` into `out` (capacity 16) and returns the count. */
static size_t sublayers_of(lamina_engine_t *e, lamina_layer_t parent, lamina_layer_t *out) {
    size_t count = 999;
    ASSERT_OK(lamina_layer_get_sublayers(e, parent, out, 16, &count));
    assert_true(count <= 16);
    return count;
}

static lamina_layer_t superlayer_of(lamina_engine_t *e, lamina_layer_t layer) {
    lamina_layer_t s = 12345;
    ASSERT_OK(lamina_layer_get_superlayer(e, layer, &s));
    return s;
}

static void assert_alive(lamina_engine_t *e, lamina_layer_t layer) {
    lamina_bool_t has = 7;
    ASSERT_OK(lamina_layer_has_presentation(e, layer, &has));
}

static void assert_stale(lamina_engine_t *e, lamina_layer_t layer) {
    lamina_bool_t has;
    LT_FILL(has);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_has_presentation(e, layer, &has));
    ASSERT_UNTOUCHED(has);
}

#define ASSERT_SUBLAYERS(e, parent, ...)                                                         \
    do {                                                                                        \
        const lamina_layer_t lt_want_[] = {__VA_ARGS__};                                        \
        lamina_layer_t lt_got_[16];                                                             \
        const size_t lt_n_ = sublayers_of((e), (parent), lt_got_);                              \
        assert_int_equal(lt_n_, sizeof lt_want_ / sizeof lt_want_[0]);                          \
        for (size_t lt_i_ = 0; lt_i_ < lt_n_; lt_i_++) assert_true(lt_got_[lt_i_] == lt_want_[lt_i_]); \
    } while (0)

#define ASSERT_NO_SUBLAYERS(e, parent)                                                          \
    do {                                                                                        \
        lamina_layer_t lt_got_[16];                                                             \
        assert_int_equal(sublayers_of((e), (parent), lt_got_), 0);                              \
    } while (0)

static void make_layers(lamina_engine_t *e, lamina_layer_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) ASSERT_OK(lamina_layer_create(e, &out[i]));
}

/* ------------------------------------------------------------------------------------------ */
/* Lifetime                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* lamina_layer_create: distinct non-NONE handles with CA-13 defaults, no superlayer and no
 * sublayers; NULL out is INVALID_ARGUMENT. */
static void layer_create_gives_distinct_live_handles(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t layers[32];
    make_layers(f->engine, layers, 32);
    for (size_t i = 0; i < 32; i++) {
        assert_true(layers[i] != LAMINA_LAYER_NONE);
        assert_true(layers[i] != f->layer);
        for (size_t k = 0; k < i; k++) assert_true(layers[i] != layers[k]);
        assert_true(superlayer_of(f->engine, layers[i]) == LAMINA_LAYER_NONE);
        ASSERT_NO_SUBLAYERS(f->engine, layers[i]);
    }
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_create(f->engine, NULL));
}

/* Releasing the only host reference destroys the layer: its handle is stale everywhere, and a
 * new layer reusing the slot gets a different handle (generation), so the old one stays
 * stale. */
static void released_layer_handle_is_stale_even_after_slot_reuse(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t a = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &a));
    ASSERT_OK(lamina_layer_release(f->engine, a));
    assert_stale(f->engine, a);
    for (int round = 0; round < 5; round++) {
        lamina_layer_t b = LAMINA_LAYER_NONE;
        ASSERT_OK(lamina_layer_create(f->engine, &b));
        assert_true(b != a);
        assert_stale(f->engine, a);
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_release(f->engine, a));
        ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_set_opacity(f->engine, a, 0.5));
        /* The stale handle did not touch the new layer. */
        double o = -1.0;
        ASSERT_OK(lamina_layer_get_opacity(f->engine, b, &o));
        ASSERT_DOUBLE_EQ(1.0, o);
        ASSERT_OK(lamina_layer_release(f->engine, b));
        a = b;
    }
}

/* lamina_layer_retain adds host references: the layer lives until the last is released; one
 * release too many is STALE_HANDLE (the layer is gone). */
static void retain_and_release_count_host_references(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_layer_retain(f->engine, f->layer));
    ASSERT_OK(lamina_layer_retain(f->engine, f->layer));
    ASSERT_OK(lamina_layer_release(f->engine, f->layer));
    assert_alive(f->engine, f->layer);
    ASSERT_OK(lamina_layer_release(f->engine, f->layer));
    assert_alive(f->engine, f->layer);
    ASSERT_OK(lamina_layer_release(f->engine, f->layer));
    assert_stale(f->engine, f->layer);
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_release(f->engine, f->layer));
    ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, lamina_layer_retain(f->engine, f->layer));
}

/* lamina_layer_release: MISUSE when no host reference is left (a layer kept alive only by its
 * superlayer); nothing changes. */
static void release_without_host_reference_is_misuse(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t child = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, child));
    ASSERT_OK(lamina_layer_release(f->engine, child)); /* the superlayer keeps it */
    assert_alive(f->engine, child);
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_release(f->engine, child));
    assert_alive(f->engine, child);
    assert_true(superlayer_of(f->engine, child) == f->layer);
    ASSERT_SUBLAYERS(f->engine, f->layer, child);
    /* Retaining it again gives the host a reference to release. */
    ASSERT_OK(lamina_layer_retain(f->engine, child));
    ASSERT_OK(lamina_layer_release(f->engine, child));
    assert_alive(f->engine, child);
}

/* A destroyed layer's sublayers lose its reference: those without host references are
 * destroyed in turn (the whole subtree), those with one survive without a superlayer. */
static void releasing_a_parent_cascades_to_unreferenced_sublayers(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t kept, dropped, grandchild;
    ASSERT_OK(lamina_layer_create(f->engine, &kept));
    ASSERT_OK(lamina_layer_create(f->engine, &dropped));
    ASSERT_OK(lamina_layer_create(f->engine, &grandchild));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, kept));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, dropped));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, dropped, grandchild));
    ASSERT_OK(lamina_layer_release(f->engine, dropped));
    ASSERT_OK(lamina_layer_release(f->engine, grandchild));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    ASSERT_OK(lamina_layer_set_opacity(f->engine, grandchild, 0.0)); /* an animation dies too */

    ASSERT_OK(lamina_layer_release(f->engine, f->layer));
    assert_stale(f->engine, f->layer);
    assert_stale(f->engine, dropped);
    assert_stale(f->engine, grandchild);
    assert_alive(f->engine, kept);
    assert_true(superlayer_of(f->engine, kept) == LAMINA_LAYER_NONE);
    ASSERT_OK(lamina_engine_tick(f->engine, 0.1));
}

/* ------------------------------------------------------------------------------------------ */
/* Stale and forged handles, everywhere                                                        */
/* ------------------------------------------------------------------------------------------ */

/* Every function taking a layer handle answers a stale or forged handle (a released layer, 0,
 * forged and pseudo-random 64-bit values) with STALE_HANDLE, leaves out-parameters untouched,
 * and never crashes; in tree functions a bad handle in any position is caught. */
static void every_layer_function_rejects_bad_handles(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t good2 = LAMINA_LAYER_NONE;
    ASSERT_OK(lamina_layer_create(f->engine, &good2));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, good2));
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    const lamina_layer_t good = f->layer;

    lamina_layer_t bad[64];
    const size_t count = lt_bad_handles(f->engine, bad, 64, 40);
    const lamina_value_t number = lt_number(0.5);
    const lamina_point_t pt = {1, 2};
    const lamina_size_t sz = {1, 2};
    const lamina_rect_t rc = {{1, 2}, {3, 4}};
    const lamina_color_t col = {1, 0, 0, 1};
    const lamina_transform3d_t id = lt_identity();

    for (size_t i = 0; i < count; i++) {
        const lamina_layer_t x = bad[i];
        assert_true(x != good && x != good2);
        double d;
        lamina_layer_t l;
        size_t n;
        lamina_value_t v;
        lamina_point_t p;
        lamina_size_t s;
        lamina_rect_t r;
        lamina_color_t c;
        lamina_transform3d_t m;
        lamina_bool_t b;
        char name[8];
        lamina_layer_t buffer[4];
#define STALE(call) ASSERT_FAILS(LAMINA_STATUS_STALE_HANDLE, call)
#define STALE_UNTOUCHED(out, call) \
    do {                           \
        LT_FILL(out);              \
        STALE(call);               \
        ASSERT_UNTOUCHED(out);     \
    } while (0)
        STALE(lamina_layer_retain(f->engine, x));
        STALE(lamina_layer_release(f->engine, x));
        STALE(lamina_layer_add_sublayer(f->engine, x, good));
        STALE(lamina_layer_add_sublayer(f->engine, good, x));
        STALE(lamina_layer_insert_sublayer_at(f->engine, x, good, 0));
        STALE(lamina_layer_insert_sublayer_at(f->engine, good, x, 0));
        STALE(lamina_layer_insert_sublayer_above(f->engine, x, good, good2));
        STALE(lamina_layer_insert_sublayer_above(f->engine, good, x, good2));
        STALE(lamina_layer_insert_sublayer_above(f->engine, good, good2, x));
        STALE(lamina_layer_insert_sublayer_below(f->engine, x, good, good2));
        STALE(lamina_layer_insert_sublayer_below(f->engine, good, x, good2));
        STALE(lamina_layer_insert_sublayer_below(f->engine, good, good2, x));
        STALE(lamina_layer_remove_from_superlayer(f->engine, x));
        STALE(lamina_layer_replace_sublayer(f->engine, x, good2, good));
        STALE(lamina_layer_replace_sublayer(f->engine, good, x, good2));
        STALE(lamina_layer_replace_sublayer(f->engine, good, good2, x));
        STALE_UNTOUCHED(l, lamina_layer_get_superlayer(f->engine, x, &l));
        LT_FILL(buffer);
        STALE_UNTOUCHED(n, lamina_layer_get_sublayers(f->engine, x, buffer, 4, &n));
        ASSERT_UNTOUCHED(buffer);
        STALE(lamina_layer_set_value(f->engine, x, "opacity", &number));
        STALE_UNTOUCHED(v, lamina_layer_get_value(f->engine, x, "opacity", &v));
        STALE(lamina_layer_set_number(f->engine, x, "opacity", 0.5));
        STALE_UNTOUCHED(d, lamina_layer_get_number(f->engine, x, "opacity", &d));
        STALE(lamina_layer_set_point(f->engine, x, "position", pt));
        STALE_UNTOUCHED(p, lamina_layer_get_point(f->engine, x, "position", &p));
        STALE(lamina_layer_set_size(f->engine, x, "shadowOffset", sz));
        STALE_UNTOUCHED(s, lamina_layer_get_size(f->engine, x, "shadowOffset", &s));
        STALE(lamina_layer_set_rect(f->engine, x, "bounds", rc));
        STALE_UNTOUCHED(r, lamina_layer_get_rect(f->engine, x, "bounds", &r));
        STALE(lamina_layer_set_color(f->engine, x, "backgroundColor", col));
        STALE_UNTOUCHED(c, lamina_layer_get_color(f->engine, x, "borderColor", &c));
        STALE(lamina_layer_set_transform(f->engine, x, "transform", id));
        STALE_UNTOUCHED(m, lamina_layer_get_transform(f->engine, x, "transform", &m));
        STALE(lamina_layer_set_bool(f->engine, x, "hidden", LAMINA_TRUE));
        STALE_UNTOUCHED(b, lamina_layer_get_bool(f->engine, x, "hidden", &b));
        STALE(lamina_layer_set_name(f->engine, x, "n"));
        STALE(lamina_layer_set_name(f->engine, x, NULL));
        LT_FILL(name);
        STALE_UNTOUCHED(n, lamina_layer_get_name(f->engine, x, name, sizeof name, &n));
        ASSERT_UNTOUCHED(name);
        STALE(lamina_layer_set_position(f->engine, x, pt));
        STALE_UNTOUCHED(p, lamina_layer_get_position(f->engine, x, &p));
        STALE(lamina_layer_set_bounds(f->engine, x, rc));
        STALE_UNTOUCHED(r, lamina_layer_get_bounds(f->engine, x, &r));
        STALE(lamina_layer_set_opacity(f->engine, x, 0.5));
        STALE_UNTOUCHED(d, lamina_layer_get_opacity(f->engine, x, &d));
        STALE(lamina_layer_set_action_none(f->engine, x, "opacity"));
        STALE(lamina_layer_remove_action(f->engine, x, "opacity"));
        STALE_UNTOUCHED(b, lamina_layer_has_presentation(f->engine, x, &b));
        STALE_UNTOUCHED(v, lamina_layer_get_presentation_value(f->engine, x, "opacity", &v));
        STALE_UNTOUCHED(v, lamina_layer_get_presentation_value_at(f->engine, x, "opacity", 0.1, &v));
#undef STALE
#undef STALE_UNTOUCHED
    }

    /* Nothing happened to the live layers. */
    ASSERT_SUBLAYERS(f->engine, good, good2);
    assert_true(superlayer_of(f->engine, good) == LAMINA_LAYER_NONE);
    double o = -1.0;
    ASSERT_OK(lamina_layer_get_opacity(f->engine, good, &o));
    ASSERT_DOUBLE_EQ(1.0, o);
    ASSERT_OK(lamina_layer_get_opacity(f->engine, good2, &o));
    ASSERT_DOUBLE_EQ(1.0, o);
}

/* ------------------------------------------------------------------------------------------ */
/* Tree operations                                                                             */
/* ------------------------------------------------------------------------------------------ */

/* add_sublayer appends (back to front order); the superlayer is reported; re-adding an existing
 * sublayer moves it to the end. */
static void add_sublayer_appends_in_back_to_front_order(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t c[3];
    make_layers(f->engine, c, 3);
    for (int i = 0; i < 3; i++) ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, c[i]));
    ASSERT_SUBLAYERS(f->engine, f->layer, c[0], c[1], c[2]);
    for (int i = 0; i < 3; i++) assert_true(superlayer_of(f->engine, c[i]) == f->layer);
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, c[0]));
    ASSERT_SUBLAYERS(f->engine, f->layer, c[1], c[2], c[0]);
}

/* Re-parenting (CA-16 geometry: "re-parenting removes a layer from its old parent"): every
 * insertion function first removes the child from its old superlayer. */
static void reparenting_removes_from_the_old_superlayer(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t a, b, child, sib;
    ASSERT_OK(lamina_layer_create(f->engine, &a));
    ASSERT_OK(lamina_layer_create(f->engine, &b));
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_create(f->engine, &sib));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, b, sib));

    ASSERT_OK(lamina_layer_add_sublayer(f->engine, a, child));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, b, child));
    ASSERT_NO_SUBLAYERS(f->engine, a);
    ASSERT_SUBLAYERS(f->engine, b, sib, child);
    assert_true(superlayer_of(f->engine, child) == b);

    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, a, child, 0));
    ASSERT_SUBLAYERS(f->engine, b, sib);
    ASSERT_SUBLAYERS(f->engine, a, child);

    ASSERT_OK(lamina_layer_insert_sublayer_below(f->engine, b, child, sib));
    ASSERT_NO_SUBLAYERS(f->engine, a);
    ASSERT_SUBLAYERS(f->engine, b, child, sib);

    ASSERT_OK(lamina_layer_add_sublayer(f->engine, a, sib));
    ASSERT_OK(lamina_layer_insert_sublayer_above(f->engine, a, child, sib));
    ASSERT_NO_SUBLAYERS(f->engine, b);
    ASSERT_SUBLAYERS(f->engine, a, sib, child);

    /* A whole subtree moves with its root. */
    lamina_layer_t grandchild;
    ASSERT_OK(lamina_layer_create(f->engine, &grandchild));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, child, grandchild));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, child));
    ASSERT_SUBLAYERS(f->engine, a, sib);
    ASSERT_SUBLAYERS(f->engine, child, grandchild);
    assert_true(superlayer_of(f->engine, grandchild) == child);
    assert_true(superlayer_of(f->engine, child) == f->layer);

    /* Re-parenting keeps a layer whose host reference was released alive. */
    ASSERT_OK(lamina_layer_release(f->engine, child));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, b, child));
    assert_alive(f->engine, child);
    assert_alive(f->engine, grandchild);
    ASSERT_SUBLAYERS(f->engine, b, child);
}

/* insert_sublayer_at: the index is clamped to the count, like CALayer. */
static void insert_sublayer_at_clamps_the_index(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t c[5];
    make_layers(f->engine, c, 5);
    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, f->layer, c[0], 0));
    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, f->layer, c[1], 0));
    ASSERT_SUBLAYERS(f->engine, f->layer, c[1], c[0]);
    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, f->layer, c[2], 1));
    ASSERT_SUBLAYERS(f->engine, f->layer, c[1], c[2], c[0]);
    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, f->layer, c[3], 3));
    ASSERT_SUBLAYERS(f->engine, f->layer, c[1], c[2], c[0], c[3]);
    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, f->layer, c[4], UINT32_MAX));
    ASSERT_SUBLAYERS(f->engine, f->layer, c[1], c[2], c[0], c[3], c[4]);
    /* Moving within the same parent. */
    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, f->layer, c[4], 0));
    ASSERT_SUBLAYERS(f->engine, f->layer, c[4], c[1], c[2], c[0], c[3]);
    ASSERT_OK(lamina_layer_insert_sublayer_at(f->engine, f->layer, c[4], 100));
    ASSERT_SUBLAYERS(f->engine, f->layer, c[1], c[2], c[0], c[3], c[4]);
}

/* insert_sublayer_above/below put the child just after/before the sibling; NOT_FOUND when the
 * sibling is not a sublayer of parent (nothing changes). */
static void insert_above_and_below_a_sibling(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t a, b, x, y, stranger, elsewhere;
    ASSERT_OK(lamina_layer_create(f->engine, &a));
    ASSERT_OK(lamina_layer_create(f->engine, &b));
    ASSERT_OK(lamina_layer_create(f->engine, &x));
    ASSERT_OK(lamina_layer_create(f->engine, &y));
    ASSERT_OK(lamina_layer_create(f->engine, &stranger));
    ASSERT_OK(lamina_layer_create(f->engine, &elsewhere));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, a));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, b));
    ASSERT_OK(lamina_layer_insert_sublayer_above(f->engine, f->layer, x, a));
    ASSERT_SUBLAYERS(f->engine, f->layer, a, x, b);
    ASSERT_OK(lamina_layer_insert_sublayer_below(f->engine, f->layer, y, a));
    ASSERT_SUBLAYERS(f->engine, f->layer, y, a, x, b);
    ASSERT_OK(lamina_layer_insert_sublayer_above(f->engine, f->layer, y, b));
    ASSERT_SUBLAYERS(f->engine, f->layer, a, x, b, y);
    ASSERT_OK(lamina_layer_insert_sublayer_below(f->engine, f->layer, y, a));
    ASSERT_SUBLAYERS(f->engine, f->layer, y, a, x, b);

    /* Sibling not a sublayer of parent: a loose layer, a layer of another parent, the parent
     * itself. */
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, stranger, elsewhere));
    const lamina_layer_t not_siblings[] = {stranger, elsewhere, f->layer};
    for (size_t i = 0; i < 3; i++) {
        ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND,
                     lamina_layer_insert_sublayer_above(f->engine, f->layer, x, not_siblings[i]));
        ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND,
                     lamina_layer_insert_sublayer_below(f->engine, f->layer, x, not_siblings[i]));
    }
    /* The child was not detached by the failed calls, even from another parent. */
    ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_insert_sublayer_above(f->engine, f->layer, elsewhere, stranger));
    ASSERT_SUBLAYERS(f->engine, f->layer, y, a, x, b);
    ASSERT_SUBLAYERS(f->engine, stranger, elsewhere);
    assert_true(superlayer_of(f->engine, elsewhere) == stranger);
}

/* remove_from_superlayer: no effect without a superlayer; removes otherwise; destroys a layer
 * with no host reference left (and its unreferenced subtree). */
static void remove_from_superlayer_detaches_and_destroys_unreferenced(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_layer_remove_from_superlayer(f->engine, f->layer));
    assert_alive(f->engine, f->layer);

    lamina_layer_t kept, dropped, grandchild;
    ASSERT_OK(lamina_layer_create(f->engine, &kept));
    ASSERT_OK(lamina_layer_create(f->engine, &dropped));
    ASSERT_OK(lamina_layer_create(f->engine, &grandchild));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, kept));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, dropped));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, dropped, grandchild));
    ASSERT_OK(lamina_layer_release(f->engine, dropped));
    ASSERT_OK(lamina_layer_release(f->engine, grandchild));

    ASSERT_OK(lamina_layer_remove_from_superlayer(f->engine, kept));
    assert_alive(f->engine, kept);
    assert_true(superlayer_of(f->engine, kept) == LAMINA_LAYER_NONE);
    ASSERT_SUBLAYERS(f->engine, f->layer, dropped);

    ASSERT_OK(lamina_layer_remove_from_superlayer(f->engine, dropped));
    assert_stale(f->engine, dropped);
    assert_stale(f->engine, grandchild);
    ASSERT_NO_SUBLAYERS(f->engine, f->layer);
}

/* replace_sublayer: the new layer takes the old one's index (leaving its own superlayer); the
 * old one is detached, or destroyed without a host reference; NOT_FOUND if old is not a
 * sublayer of parent; replacing a layer with itself changes nothing. */
static void replace_sublayer_swaps_in_place(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t a, b, c, n1, n2, other;
    ASSERT_OK(lamina_layer_create(f->engine, &a));
    ASSERT_OK(lamina_layer_create(f->engine, &b));
    ASSERT_OK(lamina_layer_create(f->engine, &c));
    ASSERT_OK(lamina_layer_create(f->engine, &n1));
    ASSERT_OK(lamina_layer_create(f->engine, &n2));
    ASSERT_OK(lamina_layer_create(f->engine, &other));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, a));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, b));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, c));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, other, n2));

    ASSERT_OK(lamina_layer_replace_sublayer(f->engine, f->layer, b, n1));
    ASSERT_SUBLAYERS(f->engine, f->layer, a, n1, c);
    assert_alive(f->engine, b); /* still has its host reference */
    assert_true(superlayer_of(f->engine, b) == LAMINA_LAYER_NONE);
    assert_true(superlayer_of(f->engine, n1) == f->layer);

    /* The new layer comes from another parent; the old one has no host reference left. */
    ASSERT_OK(lamina_layer_release(f->engine, a));
    ASSERT_OK(lamina_layer_replace_sublayer(f->engine, f->layer, a, n2));
    ASSERT_SUBLAYERS(f->engine, f->layer, n2, n1, c);
    ASSERT_NO_SUBLAYERS(f->engine, other);
    assert_stale(f->engine, a);

    /* The new layer is already a sibling: it moves to old's index. */
    ASSERT_OK(lamina_layer_replace_sublayer(f->engine, f->layer, c, n2));
    ASSERT_SUBLAYERS(f->engine, f->layer, n1, n2);

    /* Itself: nothing changes. */
    ASSERT_OK(lamina_layer_replace_sublayer(f->engine, f->layer, n1, n1));
    ASSERT_SUBLAYERS(f->engine, f->layer, n1, n2);

    /* NOT_FOUND: old is loose, belongs to another parent, or is the parent. */
    lamina_layer_t loose;
    ASSERT_OK(lamina_layer_create(f->engine, &loose));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, other, b));
    const lamina_layer_t not_children[] = {loose, b, f->layer};
    for (size_t i = 0; i < 3; i++) {
        ASSERT_FAILS(LAMINA_STATUS_NOT_FOUND, lamina_layer_replace_sublayer(f->engine, f->layer, not_children[i], c));
    }
    ASSERT_SUBLAYERS(f->engine, f->layer, n1, n2);
    ASSERT_SUBLAYERS(f->engine, other, b);
    assert_true(superlayer_of(f->engine, c) == LAMINA_LAYER_NONE);
}

/* Cycles are MISUSE for every insertion function (a layer under itself, under its child or a
 * deeper descendant) and leave the tree unchanged. */
static void cycles_are_misuse_and_change_nothing(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t child, grandchild, sibling;
    const lamina_layer_t root = f->layer;
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_create(f->engine, &grandchild));
    ASSERT_OK(lamina_layer_create(f->engine, &sibling));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, root, child));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, child, grandchild));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, grandchild, sibling));

    /* (parent, child-that-would-cycle) pairs */
    const lamina_layer_t pairs[][2] = {
        {root, root}, {child, child}, {child, root}, {grandchild, root}, {grandchild, child},
        {sibling, root}, {sibling, sibling},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const lamina_layer_t p = pairs[i][0], c = pairs[i][1];
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_add_sublayer(f->engine, p, c));
        ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_insert_sublayer_at(f->engine, p, c, 0));
    }
    /* above/below with a real sibling in the would-be parent. */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_insert_sublayer_above(f->engine, grandchild, root, sibling));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_insert_sublayer_below(f->engine, grandchild, child, sibling));
    /* replace: putting an ancestor in place of a descendant's sublayer. */
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_replace_sublayer(f->engine, grandchild, sibling, root));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_replace_sublayer(f->engine, grandchild, sibling, grandchild));
    ASSERT_FAILS(LAMINA_STATUS_MISUSE, lamina_layer_replace_sublayer(f->engine, child, grandchild, child));

    ASSERT_SUBLAYERS(f->engine, root, child);
    ASSERT_SUBLAYERS(f->engine, child, grandchild);
    ASSERT_SUBLAYERS(f->engine, grandchild, sibling);
    ASSERT_NO_SUBLAYERS(f->engine, sibling);
    assert_true(superlayer_of(f->engine, root) == LAMINA_LAYER_NONE);
    assert_true(superlayer_of(f->engine, child) == root);
    assert_true(superlayer_of(f->engine, grandchild) == child);
    assert_true(superlayer_of(f->engine, sibling) == grandchild);
}

/* get_superlayer: NONE for a root; NULL out is INVALID_ARGUMENT. */
static void get_superlayer_reports_none_and_rejects_null(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    assert_true(superlayer_of(f->engine, f->layer) == LAMINA_LAYER_NONE);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_superlayer(f->engine, f->layer, NULL));
}

/* get_sublayers with small buffers: the total count is always reported, at most `capacity`
 * handles are written (the first ones, back to front), nothing past capacity is touched;
 * buffer may be NULL with capacity 0; INVALID_ARGUMENT for NULL out_count or NULL buffer with
 * capacity > 0 (out_count untouched). */
static void get_sublayers_respects_capacity(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    lamina_layer_t c[5];
    make_layers(f->engine, c, 5);
    for (int i = 0; i < 5; i++) ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, c[i]));

    for (size_t capacity = 0; capacity <= 7; capacity++) {
        lamina_layer_t buffer[8];
        LT_FILL(buffer);
        size_t count = 999;
        ASSERT_OK(lamina_layer_get_sublayers(f->engine, f->layer, buffer, capacity, &count));
        assert_int_equal(count, 5);
        const size_t written = capacity < 5 ? capacity : 5;
        for (size_t i = 0; i < written; i++) assert_true(buffer[i] == c[i]);
        assert_true(lt_is_sentinel(&buffer[written], (8 - written) * sizeof buffer[0]));
    }
    size_t count = 999;
    ASSERT_OK(lamina_layer_get_sublayers(f->engine, f->layer, NULL, 0, &count));
    assert_int_equal(count, 5);
    ASSERT_OK(lamina_layer_get_sublayers(f->engine, c[0], NULL, 0, &count));
    assert_int_equal(count, 0);

    lamina_layer_t buffer[2];
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_sublayers(f->engine, f->layer, buffer, 2, NULL));
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_sublayers(f->engine, f->layer, NULL, 0, NULL));
    LT_FILL(count);
    ASSERT_FAILS(LAMINA_STATUS_INVALID_ARGUMENT, lamina_layer_get_sublayers(f->engine, f->layer, NULL, 1, &count));
    ASSERT_UNTOUCHED(count);
}

/* Tree changes are model changes: a layer added under a committed parent has no presentation
 * until the change commits (CA-1.2), and then it has one. */
static void tree_changes_commit_with_the_transaction(void **state) {
    lt_fixture_t *f = (lt_fixture_t *)*state;
    ASSERT_OK(lamina_engine_tick(f->engine, 0.0));
    lamina_layer_t child;
    ASSERT_OK(lamina_transaction_begin(f->engine));
    ASSERT_OK(lamina_layer_create(f->engine, &child));
    ASSERT_OK(lamina_layer_add_sublayer(f->engine, f->layer, child));
    lamina_bool_t has = 7;
    ASSERT_OK(lamina_layer_has_presentation(f->engine, child, &has));
    assert_int_equal(has, LAMINA_FALSE);
    ASSERT_SUBLAYERS(f->engine, f->layer, child); /* the model shows it at once */
    ASSERT_OK(lamina_transaction_commit(f->engine));
    ASSERT_OK(lamina_layer_has_presentation(f->engine, child, &has));
    assert_int_equal(has, LAMINA_TRUE);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        LT_TEST(layer_create_gives_distinct_live_handles),
        LT_TEST(released_layer_handle_is_stale_even_after_slot_reuse),
        LT_TEST(retain_and_release_count_host_references),
        LT_TEST(release_without_host_reference_is_misuse),
        LT_TEST(releasing_a_parent_cascades_to_unreferenced_sublayers),
        LT_TEST(every_layer_function_rejects_bad_handles),
        LT_TEST(add_sublayer_appends_in_back_to_front_order),
        LT_TEST(reparenting_removes_from_the_old_superlayer),
        LT_TEST(insert_sublayer_at_clamps_the_index),
        LT_TEST(insert_above_and_below_a_sibling),
        LT_TEST(remove_from_superlayer_detaches_and_destroys_unreferenced),
        LT_TEST(replace_sublayer_swaps_in_place),
        LT_TEST(cycles_are_misuse_and_change_nothing),
        LT_TEST(get_superlayer_reports_none_and_rejects_null),
        LT_TEST(get_sublayers_respects_capacity),
        LT_TEST(tree_changes_commit_with_the_transaction),
    };
    return cmocka_run_group_tests_name("layers", tests, NULL, NULL);
}
