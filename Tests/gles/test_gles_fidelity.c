/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Issue 25's renderer fidelity, measured in pixels on scenes written in Core Animation terms:
 * the shadow of a whole subtree (RS-3.3), antialiasing per edge under non-uniform scale and
 * skew, clip edges that keep their whole antialiasing ramp (RS-5.6), the edge flags (RS-11.1,
 * RS-11.2) and shouldRasterize's cached texture (RS-11.3). Headless (lamina_gles_render_rgba,
 * whose renderer lives for the process, so a raster cached in one frame is there in the next).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <lamina/lamina.h>
#include <lamina/lamina_gles.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { W = 240, H = 240 };

static lamina_engine_t *E;
static lamina_layer_t root;
static uint8_t px[W * H * 4];
static lamina_gles_stats_t st;
static double now;

#define OK(x) assert_int_equal((x), LAMINA_STATUS_OK)

static const lamina_color_t WHITE = {1, 1, 1, 1}, BLACK = {0, 0, 0, 1}, RED = {1, 0, 0, 1},
                            TEAL = {0, 0.5, 0.5, 1}, BLUE = {0, 0, 1, 1};

/* A layer of w x h centred on (cx, cy) in its superlayer, with a background (alpha 0: none). */
static lamina_layer_t layer(lamina_layer_t parent, double cx, double cy, double w, double h,
                            lamina_color_t bg) {
    lamina_layer_t l = LAMINA_LAYER_NONE;
    OK(lamina_layer_create(E, &l));
    OK(lamina_layer_set_bounds(E, l, (lamina_rect_t){{0, 0}, {w, h}}));
    OK(lamina_layer_set_position(E, l, (lamina_point_t){cx, cy}));
    if (bg.a > 0) OK(lamina_layer_set_color(E, l, "backgroundColor", bg));
    if (parent != LAMINA_LAYER_NONE) {
        OK(lamina_layer_add_sublayer(E, parent, l));
        OK(lamina_layer_release(E, l)); /* the tree keeps it */
    }
    return l;
}

/* A new engine with a white W x H root. */
static void begin(void) {
    OK(lamina_engine_create(&E));
    root = layer(LAMINA_LAYER_NONE, W / 2.0, H / 2.0, W, H, WHITE);
}

static void end(void) {
    OK(lamina_layer_release(E, root));
    lamina_engine_destroy(E);
    E = NULL;
}

/* Commits, then draws a frame 10 s later (the implicit animations the commit began are over). */
static void frame(void) {
    OK(lamina_engine_tick(E, now += 10));
    OK(lamina_engine_tick(E, now += 10));
    st = (lamina_gles_stats_t){.struct_size = sizeof st};
    OK(lamina_gles_render_rgba(E, root, now, W, H, 1.0, NULL, px, sizeof px, &st));
}

/* Writes the frame (and `other`, when not NULL) as PNGs into the working directory, to look at
 * a failure: fidelity-<name>.png and fidelity-<name>-ref.png. */
static void dump(const char *name, const uint8_t *other) {
    char path[256];
    snprintf(path, sizeof path, "fidelity-%s.png", name);
    lamina_gles_write_png(path, px, W, H);
    if (other) {
        snprintf(path, sizeof path, "fidelity-%s-ref.png", name);
        lamina_gles_write_png(path, other, W, H);
    }
}

static const uint8_t *at(int x, int y) { return px + 4 * (y * W + x); }

static void expect_grey(int x, int y, int want, int tol) {
    const uint8_t *p = at(x, y);
    for (int c = 0; c < 3; c++)
        if (abs(p[c] - want) > tol)
            fail_msg("pixel (%d, %d) is (%u, %u, %u), expected %d in each channel (within %d)", x, y,
                     p[0], p[1], p[2], want, tol);
}

/* ---- RS-3.3: the shadow of the layer and its sublayers ------------------------------------ */

/* The scene: a 90 x 70 teal layer at (85, 85) with shadowOpacity 0.8, offset (8, 8),
 * radius 4, and a 40 x 40 red sublayer at (95, 65) sticking out of its corner: the sublayer
 * casts shadow too. Pixel (155, 113) lies 0.5 px right of the sublayer, 7.5 px inside its
 * shadow's edge: 255 x (1 - 0.8 x Phi(7.5 / 4) x Phi(10.5 / 4)) = 58 (within 5 levels: the blur
 * is truncated at 3 sigma and sampled per pixel). */
static void test_subtree_shadow(void **state) {
    (void)state;
    begin();
    lamina_layer_t teal = layer(root, 85, 85, 90, 70, TEAL);
    OK(lamina_layer_set_number(E, teal, "shadowOpacity", 0.8));
    OK(lamina_layer_set_size(E, teal, "shadowOffset", (lamina_size_t){8, 8}));
    OK(lamina_layer_set_number(E, teal, "shadowRadius", 4));
    lamina_layer_t red = layer(teal, 95, 65, 40, 40, RED);
    frame();
    expect_grey(155, 113, 58, 5);
    /* The teal layer's own shadow is still there: 4.5 px inside its shadow's bottom edge. */
    expect_grey(90, 123, (int)lround(255 * (1 - 0.8 * 0.5 * (1 + erf(4.5 / (4 * sqrt(2)))))), 5);
    /* A sublayer inside the opaque bounds adds nothing: the analytic bounds shadow, no pass. */
    OK(lamina_layer_set_position(E, red, (lamina_point_t){45, 35}));
    frame();
    assert_int_equal(st.offscreen_passes, 0);
    expect_grey(155, 113, 255, 0);
    end();
}

/* RS-3.3 for leaves: a translucent background casts a shadow weakened by its alpha, and a
 * border without background casts the ring's shadow, not the filled bounds'. */
static void test_leaf_shadow_alpha(void **state) {
    (void)state;
    begin();
    lamina_layer_t half = layer(root, 60, 60, 60, 60, (lamina_color_t){0, 0, 0, 0.5});
    lamina_layer_t ring = layer(root, 170, 60, 60, 60, (lamina_color_t){0, 0, 0, 0});
    OK(lamina_layer_set_number(E, ring, "borderWidth", 4));
    OK(lamina_layer_set_color(E, ring, "borderColor", BLACK));
    lamina_layer_t both[2] = {half, ring};
    for (int i = 0; i < 2; i++) {
        OK(lamina_layer_set_number(E, both[i], "shadowOpacity", 1));
        OK(lamina_layer_set_number(E, both[i], "shadowRadius", 0));
        OK(lamina_layer_set_size(E, both[i], "shadowOffset", (lamina_size_t){20, 20}));
    }
    frame();
    expect_grey(100, 100, 128, 2); /* the half-transparent layer's shadow: half strength */
    expect_grey(205, 100, 255, 2); /* inside the ring's shadow, in its hole: nothing */
    expect_grey(218, 100, 0, 2);   /* on the ring's shadow */
    end();
}

/* ---- Antialiasing per edge ------------------------------------------------------------------ */

/* A 40 x 40 black layer scaled (1.5, 0.5) covers exactly x 20...80, y 90...110: the pixels
 * outside are white and those inside black (within 2 levels), as unscaled ones are; so under
 * scaling(2, 1) and under a skew whose horizontal edges lie on whole pixels. */
static void test_aa_per_axis(void **state) {
    (void)state;
    begin();
    lamina_transform3d_t t;
    lamina_layer_t a = layer(root, 50, 100, 40, 40, BLACK);
    OK(lamina_transform3d_make_scale(1.5, 0.5, 1, &t));
    OK(lamina_layer_set_transform(E, a, "transform", t));
    lamina_layer_t b = layer(root, 150, 50, 40, 40, BLACK);
    OK(lamina_transform3d_make_scale(2, 1, 1, &t));
    OK(lamina_layer_set_transform(E, b, "transform", t));
    lamina_layer_t c = layer(root, 150, 170, 40, 40, BLACK);
    t = (lamina_transform3d_t){1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; /* x += y / 2 */
    OK(lamina_layer_set_transform(E, c, "transform", t));
    frame();
    for (int y = 92; y < 108; y++) {
        expect_grey(19, y, 255, 2);
        expect_grey(20, y, 0, 2);
        expect_grey(79, y, 0, 2);
        expect_grey(80, y, 255, 2);
    }
    for (int x = 22; x < 78; x++) {
        expect_grey(x, 89, 255, 2);
        expect_grey(x, 90, 0, 2);
        expect_grey(x, 109, 0, 2);
        expect_grey(x, 110, 255, 2);
    }
    for (int y = 32; y < 68; y++) {
        expect_grey(109, y, 255, 2);
        expect_grey(110, y, 0, 2);
        expect_grey(189, y, 0, 2);
        expect_grey(190, y, 255, 2);
    }
    for (int x = 140; x < 160; x++) {
        expect_grey(x, 149, 255, 2);
        expect_grey(x, 150, 0, 2);
        expect_grey(x, 189, 0, 2);
        expect_grey(x, 190, 255, 2);
    }
    end();
}

/* ---- RS-5.6: clip edges keep their whole ramp ------------------------------------------------- */

/* The darkness of black over red summed over the image: the area the black covers, in px. */
static double black_over_red_area(void) {
    double sum = 0;
    for (int i = 0; i < W * H; i++) sum += (255 - px[4 * i]) / 255.0;
    return sum;
}

/* A 60 x 60 masksToBounds layer rotated 30 degrees over red, its 200 x 200 black sublayer
 * clipped: the black covers 3,600 px, as the same square drawn unclipped does (within 1.5 px:
 * the corners' coverage is a product of two ramps); rounded (radius 10): 3,600 - (4 - pi) 100. */
static void test_clip_keeps_ramp(void **state) {
    (void)state;
    lamina_transform3d_t rot;
    OK(lamina_transform3d_make_rotation(M_PI / 6, 0, 0, 1, &rot));
    const double radius[2] = {0, 10};
    for (int k = 0; k < 2; k++) {
        double want = 3600 - (4 - M_PI) * radius[k] * radius[k];
        begin();
        layer(root, 120, 120, 240, 240, RED);
        lamina_layer_t clip = layer(root, 120, 120, 60, 60, (lamina_color_t){0, 0, 0, 0});
        OK(lamina_layer_set_transform(E, clip, "transform", rot));
        OK(lamina_layer_set_bool(E, clip, "masksToBounds", LAMINA_TRUE));
        OK(lamina_layer_set_number(E, clip, "cornerRadius", radius[k]));
        layer(clip, 30, 30, 200, 200, BLACK);
        frame();
        double clipped = black_over_red_area();
        end();
        begin();
        layer(root, 120, 120, 240, 240, RED);
        lamina_layer_t sq = layer(root, 120, 120, 60, 60, BLACK);
        OK(lamina_layer_set_transform(E, sq, "transform", rot));
        OK(lamina_layer_set_number(E, sq, "cornerRadius", radius[k]));
        frame();
        double plain = black_over_red_area();
        end();
        if (fabs(clipped - want) > 1.5 || fabs(plain - want) > 1.5)
            fail_msg("radius %g: clipped black covers %.2f px, unclipped %.2f, want %.2f (within 1.5)",
                     radius[k], clipped, plain, want);
    }
    /* Unrotated but rounded, at half-pixel positions: the clip box (the clipping layer's bounding
     * box) must not cut the straight edges' ramps a second time. */
    double want = 3600 - (4 - M_PI) * 100;
    begin();
    layer(root, 120, 120, 240, 240, RED);
    lamina_layer_t clip = layer(root, 120.5, 120.5, 60, 60, (lamina_color_t){0, 0, 0, 0});
    OK(lamina_layer_set_bool(E, clip, "masksToBounds", LAMINA_TRUE));
    OK(lamina_layer_set_number(E, clip, "cornerRadius", 10));
    layer(clip, 30, 30, 200, 200, BLACK);
    frame();
    double clipped = black_over_red_area();
    end();
    if (fabs(clipped - want) > 1.5)
        fail_msg("half-pixel rounded clip: black covers %.2f px, want %.2f (within 1.5)", clipped, want);
}

/* ---- RS-11.1, RS-11.2: the edge flags ---------------------------------------------------------- */

/* Whether any pixel has a channel strictly between 0 and 255. */
static int count_partial(void) {
    int n = 0;
    for (int i = 0; i < W * H; i++)
        for (int c = 0; c < 3; c++)
            if (px[4 * i + c] != 0 && px[4 * i + c] != 255) {
                n++;
                break;
            }
    return n;
}

/* A black 60 x 60 layer at x 20.25...80.25, y 30.25...90.25 over white: pixel 20 of a row is
 * 3/4 covered, pixel 80 1/4. Edges are antialiased by default (Lamina's default, macOS's:
 * docs/decisions.md); with allowsEdgeAntialiasing NO every pixel is whole (its centre's side);
 * edgeAntialiasingMask leaves the cleared edges aliased; rounded corners stay antialiased. */
static void test_edge_flags(void **state) {
    (void)state;
    begin();
    lamina_layer_t a = layer(root, 50.25, 60.25, 60, 60, BLACK);
    lamina_bool_t on = LAMINA_FALSE;
    frame();
    OK(lamina_layer_get_bool(E, a, "allowsEdgeAntialiasing", &on));
    assert_true(on);
    expect_grey(20, 60, 64, 3);
    expect_grey(80, 60, 191, 3);
    expect_grey(50, 30, 64, 3);
    expect_grey(50, 90, 191, 3);
    OK(lamina_layer_set_bool(E, a, "allowsEdgeAntialiasing", LAMINA_FALSE));
    frame();
    expect_grey(20, 60, 0, 0);
    expect_grey(80, 60, 255, 0);
    expect_grey(50, 30, 0, 0);
    expect_grey(50, 90, 255, 0);
    assert_int_equal(count_partial(), 0);
    /* Only minX and maxY aliased (the mask keeps maxX and minY). */
    OK(lamina_layer_set_bool(E, a, "allowsEdgeAntialiasing", LAMINA_TRUE));
    OK(lamina_layer_set_number(E, a, "edgeAntialiasingMask", LAMINA_EDGE_MAX_X | LAMINA_EDGE_MIN_Y));
    frame();
    expect_grey(20, 60, 0, 0);
    expect_grey(80, 60, 191, 3);
    expect_grey(50, 30, 64, 3);
    expect_grey(50, 90, 255, 0);
    /* Rounded corners stay antialiased with the flag off; the straight edges do not. */
    OK(lamina_layer_set_bool(E, a, "allowsEdgeAntialiasing", LAMINA_FALSE));
    OK(lamina_layer_set_number(E, a, "cornerRadius", 15));
    frame();
    expect_grey(20, 60, 0, 0);
    expect_grey(80, 60, 255, 0);
    assert_true(count_partial() > 8);
    end();
    /* A rotated clip without antialiasing: its edges are aliased too (red or black only). */
    begin();
    layer(root, 120, 120, 240, 240, RED);
    lamina_layer_t clip = layer(root, 120, 120, 60, 60, (lamina_color_t){0, 0, 0, 0});
    lamina_transform3d_t rot;
    OK(lamina_transform3d_make_rotation(M_PI / 6, 0, 0, 1, &rot));
    OK(lamina_layer_set_transform(E, clip, "transform", rot));
    OK(lamina_layer_set_bool(E, clip, "masksToBounds", LAMINA_TRUE));
    layer(clip, 30, 30, 200, 200, BLACK);
    frame();
    int partial_on = count_partial();
    OK(lamina_layer_set_bool(E, clip, "allowsEdgeAntialiasing", LAMINA_FALSE));
    frame();
    assert_true(partial_on > 100);
    if (count_partial() != 0) dump("aliased-clip", NULL); /* to look at the failure */
    assert_int_equal(count_partial(), 0);
    end();
}

/* ---- RS-11.3: shouldRasterize ------------------------------------------------------------------ */

static uint8_t ref[W * H * 4];

/* The largest difference of any channel between the frame and ref. */
static int max_diff(void) {
    int worst = 0;
    for (int i = 0; i < W * H * 4; i++) {
        int d = abs(px[i] - ref[i]);
        if (d > worst) worst = d;
    }
    return worst;
}

/* A blue container with a red sublayer sticking out and a shadow, rasterized: the first frame
 * renders its texture, unchanged frames reuse it, and so do moving and fading the layer itself;
 * a change inside (a sublayer's colour) or of rasterizationScale redraws it. Each frame looks
 * like the same scene drawn without rasterizing (within 2 levels at scale 1); at
 * rasterizationScale 0.25 the texture is magnified, so its edges blur. */
static void test_should_rasterize(void **state) {
    (void)state;
    begin();
    lamina_layer_t box = layer(root, 100, 100, 80, 80, BLUE);
    OK(lamina_layer_set_number(E, box, "shadowOpacity", 0.5));
    OK(lamina_layer_set_number(E, box, "shadowRadius", 3));
    OK(lamina_layer_set_size(E, box, "shadowOffset", (lamina_size_t){4, 4}));
    lamina_layer_t sub = layer(box, 80, 10, 30, 30, RED);
    /* Each step: the reference without rasterizing, then the rasterized frame. */
    struct {
        int drawn, reused;
    } want[5] = {{1, 0}, {0, 1}, {0, 1}, {0, 1}, {1, 0}};
    for (int step = 0; step < 5; step++) {
        if (step == 2) OK(lamina_layer_set_position(E, box, (lamina_point_t){130, 120}));
        if (step == 3) OK(lamina_layer_set_number(E, box, "opacity", 0.5));
        if (step == 4) OK(lamina_layer_set_color(E, sub, "backgroundColor", TEAL));
        OK(lamina_layer_set_bool(E, box, "shouldRasterize", LAMINA_FALSE));
        frame();
        assert_int_equal(st.rasters_drawn + st.rasters_reused, 0);
        memcpy(ref, px, sizeof px);
        OK(lamina_layer_set_bool(E, box, "shouldRasterize", LAMINA_TRUE));
        frame();
        if ((int)st.rasters_drawn != want[step].drawn || (int)st.rasters_reused != want[step].reused)
            fail_msg("step %d: %u rasters drawn and %u reused, expected %d and %d", step,
                     st.rasters_drawn, st.rasters_reused, want[step].drawn, want[step].reused);
        int d = max_diff();
        if (d > 2) dump("rasterize", ref);
        if (d > 2) fail_msg("step %d: the rasterized frame differs from the direct one by %d", step, d);
    }
    /* A scale of 0.25: redrawn from a texture of a quarter the resolution, magnified: every
     * edge spreads over several pixels (hundreds of pixels move by more than 10 levels). */
    memcpy(ref, px, sizeof px);
    OK(lamina_layer_set_number(E, box, "rasterizationScale", 0.25));
    frame();
    assert_int_equal(st.rasters_drawn, 1);
    int blurred = 0;
    for (int i = 0; i < W * H * 4; i++)
        if (abs(px[i] - ref[i]) > 10) blurred++;
    assert_true(blurred > 300);
    end();
}

/* A rasterized subtree with the passes a raster must hold: a rotated clip, a mask, a nested
 * rasterized layer and an alpha-derived shadow. It looks like the direct drawing (within 2
 * levels), caches both rasters, and reuses them while the outer layer moves. */
static void test_should_rasterize_nested_passes(void **state) {
    (void)state;
    begin();
    lamina_layer_t outer = layer(root, 110, 110, 160, 160, (lamina_color_t){0.9, 0.9, 0.6, 1});
    OK(lamina_layer_set_number(E, outer, "shadowOpacity", 0.6));
    OK(lamina_layer_set_number(E, outer, "shadowRadius", 2));
    lamina_layer_t clip = layer(outer, 50, 50, 60, 60, BLUE);
    lamina_transform3d_t rot;
    OK(lamina_transform3d_make_rotation(M_PI / 5, 0, 0, 1, &rot));
    OK(lamina_layer_set_transform(E, clip, "transform", rot));
    OK(lamina_layer_set_bool(E, clip, "masksToBounds", LAMINA_TRUE));
    layer(clip, 60, 60, 60, 60, RED);
    lamina_layer_t masked = layer(outer, 120, 50, 50, 50, TEAL);
    lamina_layer_t mask = layer(LAMINA_LAYER_NONE, 25, 25, 30, 30, BLACK);
    OK(lamina_layer_set_number(E, mask, "cornerRadius", 15));
    OK(lamina_layer_set_mask(E, masked, mask));
    OK(lamina_layer_release(E, mask));
    lamina_layer_t inner = layer(outer, 80, 130, 70, 30, RED);
    OK(lamina_layer_set_bool(E, inner, "shouldRasterize", LAMINA_TRUE));
    layer(inner, 60, 15, 30, 20, BLACK); /* sticks out of inner */
    for (int step = 0; step < 3; step++) {
        if (step == 2) OK(lamina_layer_set_position(E, outer, (lamina_point_t){120, 115}));
        OK(lamina_layer_set_bool(E, outer, "shouldRasterize", LAMINA_FALSE));
        OK(lamina_layer_set_bool(E, inner, "shouldRasterize", LAMINA_FALSE));
        frame();
        memcpy(ref, px, sizeof px);
        OK(lamina_layer_set_bool(E, outer, "shouldRasterize", LAMINA_TRUE));
        OK(lamina_layer_set_bool(E, inner, "shouldRasterize", LAMINA_TRUE));
        frame();
        /* Step 0 draws both rasters; later steps reuse the outer one (the inner one is inside
         * it and not drawn again). */
        unsigned want_drawn = step == 0 ? 2 : 0, want_reused = step == 0 ? 0 : 1;
        if (st.rasters_drawn != want_drawn || st.rasters_reused != want_reused)
            fail_msg("step %d: %u rasters drawn, %u reused; expected %u and %u", step,
                     st.rasters_drawn, st.rasters_reused, want_drawn, want_reused);
        int d = max_diff();
        if (d > 2) dump("rasterize-nested", ref);
        if (d > 2) fail_msg("step %d: the rasterized frame differs from the direct one by %d", step, d);
    }
    end();
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_subtree_shadow),
        cmocka_unit_test(test_leaf_shadow_alpha),
        cmocka_unit_test(test_aa_per_axis),
        cmocka_unit_test(test_clip_keeps_ramp),
        cmocka_unit_test(test_edge_flags),
        cmocka_unit_test(test_should_rasterize),
        cmocka_unit_test(test_should_rasterize_nested_passes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
