/* SPDX-License-Identifier: Apache-2.0 */
/*
 * liblamina-gles and oversized images (issue 31 item 9, R18): an image with a side above
 * GL_MAX_TEXTURE_SIZE failed the first frame with a GL error and, its failed texture cached,
 * drew later frames without it while answering OK. It is now drawn downscaled, every frame.
 * Headless through EGL's surfaceless platform.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <lamina/lamina.h>
#include <lamina/lamina_gles.h>

static EGLDisplay dpy;

static EGLContext make_context(void) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC gd =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    assert_non_null(gd);
    dpy = gd(0x31DD /* EGL_PLATFORM_SURFACELESS_MESA */, EGL_DEFAULT_DISPLAY, NULL);
    assert_true(eglInitialize(dpy, NULL, NULL));
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE}, n;
    EGLConfig cfg;
    assert_true(eglChooseConfig(dpy, attrs, &cfg, 1, &n) && n == 1);
    EGLint cattrs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, cattrs);
    assert_true(c != EGL_NO_CONTEXT);
    return c;
}

/* One pixel of the bound framebuffer, in the image's y-down rows (GL's rows go up). */
static void pixel(GLsizei side, int x, int y, uint8_t out[4]) {
    glReadPixels(x, side - 1 - y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

/* An image twice as wide as the GL maximum (left half red, right half blue) on a 100 x 20
 * layer at (50, 90): both frames answer OK and show both halves (tolerance 2/255 where the
 * two halves meet, exact elsewhere); the texture is cached once. */
static void test_oversized_image_draws_downscaled_every_frame(void **state) {
    (void)state;
    EGLContext c = make_context();
    assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c));
    const GLsizei side = 200;
    GLuint fbo, rb;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, side, side);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glViewport(0, 0, side, side);
    GLint max_side = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);
    assert_true(max_side > 0 && max_side <= 16384); /* lamina_image_create_rgba8 takes 32768 */

    uint32_t w = 2 * (uint32_t)max_side, h = 3;
    size_t bytes = (size_t)w * h * 4;
    uint8_t *px = malloc(bytes);
    assert_non_null(px);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint8_t *p = px + 4 * ((size_t)y * w + x);
            p[0] = x < w / 2 ? 255 : 0;
            p[1] = 0;
            p[2] = x < w / 2 ? 0 : 255;
            p[3] = 255;
        }
    lamina_engine_t *e = NULL;
    assert_int_equal(lamina_engine_create(&e), LAMINA_STATUS_OK);
    lamina_image_t img = LAMINA_IMAGE_NONE;
    assert_int_equal(lamina_image_create_rgba8(e, w, h, px, bytes, LAMINA_TRUE, &img), LAMINA_STATUS_OK);
    free(px);
    lamina_layer_t l = LAMINA_LAYER_NONE;
    assert_int_equal(lamina_layer_create(e, &l), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_bounds(e, l, (lamina_rect_t){{0, 0}, {100, 20}}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_position(e, l, (lamina_point_t){100, 100}), LAMINA_STATUS_OK);
    assert_int_equal(lamina_layer_set_contents(e, l, img), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_tick(e, 0), LAMINA_STATUS_OK);

    lamina_gles_renderer_t *r = NULL;
    assert_int_equal(lamina_gles_renderer_create(&r), LAMINA_STATUS_OK);
    lamina_gles_frame_t frame = LAMINA_GLES_FRAME_INIT;
    frame.flags |= LAMINA_GLES_FRAME_CLEAR;
    lamina_gles_stats_t st = {.struct_size = sizeof st};
    for (int f = 0; f < 2; f++) {
        lamina_status_t s = lamina_gles_renderer_render(r, e, l, 0, &frame);
        if (s != LAMINA_STATUS_OK) fail_msg("frame %d: %s", f, lamina_gles_last_error_message());
        assert_int_equal(lamina_gles_renderer_get_stats(r, &st), LAMINA_STATUS_OK);
        assert_int_equal(st.textures_uploaded, f == 0 ? 1 : 0);
        assert_int_equal(st.textures_cached, 1);
        uint8_t p[4];
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        pixel(side, 60, 100, p); /* the left half of the layer: red */
        assert_int_equal(p[0], 255);
        assert_int_equal(p[2], 0);
        assert_int_equal(p[3], 255);
        pixel(side, 140, 100, p); /* the right half: blue */
        assert_int_equal(p[0], 0);
        assert_int_equal(p[2], 255);
        assert_int_equal(p[3], 255);
        pixel(side, 100, 60, p); /* outside: the clear */
        assert_int_equal(p[3], 0);
    }
    lamina_gles_renderer_destroy(r);
    assert_int_equal(lamina_layer_release(e, l), LAMINA_STATUS_OK);
    assert_int_equal(lamina_image_release(img), LAMINA_STATUS_OK);
    assert_int_equal(lamina_engine_destroy(e), LAMINA_STATUS_OK);
    glDeleteRenderbuffers(1, &rb);
    glDeleteFramebuffers(1, &fbo);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, c);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_oversized_image_draws_downscaled_every_frame),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
