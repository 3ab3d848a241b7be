/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The separable Gaussian blur (blur.frag) of shadowPath and alpha-derived shadows (RS-3.6), in
 * device pixels over the part of the viewport the shadow can reach.
 */
#include "compositor.h"

/* The part of the viewport (root space, points) a blur pass draws: `box` grown by `pad` points
 * and a pixel, within the viewport; the whole viewport when box is unknown (width < 0). */
lamina_rect_t lgl_blur_area(lgl_frame_t *f, lamina_rect_t box, double pad) {
    lamina_rect_t all = {{0, 0}, {f->vp_w / f->scale, f->vp_h / f->scale}};
    if (box.size.width < 0) return all;
    pad += 2 / f->scale;
    double x0 = fmax(box.origin.x - pad, 0), y0 = fmax(box.origin.y - pad, 0);
    double x1 = fmin(box.origin.x + box.size.width + pad, all.size.width);
    double y1 = fmin(box.origin.y + box.size.height + pad, all.size.height);
    if (!(x1 > x0) || !(y1 > y0)) return (lamina_rect_t){{0, 0}, {0, 0}};
    return (lamina_rect_t){{x0, y0}, {x1 - x0, y1 - y0}};
}

/* The separable Gaussian of a shadow (RS-3.6): pass 0 blurs `ta` horizontally into level + 1's
 * target `tb` (moved by (dx, dy) device pixels, y-down), pass 1 blurs it vertically onto the
 * current level, clipped to `rec`'s clip and tinted with `tint` (premultiplied; NULL: the
 * texture's own colour, for a mask already tinted). */
void lgl_blur_two_passes(lgl_frame_t *f, const lamina_draw_record_t *rec, int level, int which,
                         lgl_target_t *ta, lgl_target_t *tb, lamina_rect_t all, double sigma_px,
                         int taps, double dx, double dy, const float *tint) {
    lamina_gles_renderer_t *r = f->r;
    static const lamina_transform3d_t identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0) {
            lgl_bind_level(f, level + 1, 1);
            glClearColor(0, 0, 0, 0);
            glClear(GL_COLOR_BUFFER_BIT);
            r->stats.offscreen_passes++;
        } else {
            lgl_bind_level(f, level, which);
        }
        glUseProgram(r->blur);
        glBindVertexArray(r->vao);
        lgl_set_quad_uniforms(f, r->blur_u, &identity, all);
        if (pass == 1 && level == 0)
            glUniform4f(r->blur_u[4], (float)f->host_vp[0], (float)f->host_vp[1], (float)f->vp_w,
                        (float)f->vp_h);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, pass == 0 ? ta->tex : tb->tex);
        glUniform1i(r->blur_u[6], 0);
        glUniform2f(r->blur_u[7], pass == 0 ? 1.0f : 0.0f, pass == 0 ? 0.0f : 1.0f);
        glUniform1f(r->blur_u[8], (float)sigma_px);
        glUniform1i(r->blur_u[9], taps);
        if (pass == 1) lgl_set_clip_uniform(f, r->blur_u[10], rec);
        else glUniform4f(r->blur_u[10], -1e9f, -1e9f, 1e9f, 1e9f);
        /* The offset: root space is y-down, the target's pixels y-up. */
        if (pass == 0) glUniform2f(r->blur_u[11], (float)dx, (float)-dy);
        else glUniform2f(r->blur_u[11], 0.0f, 0.0f);
        if (pass == 1 && tint) glUniform4fv(r->blur_u[12], 1, tint);
        else glUniform4f(r->blur_u[12], 0.0f, 0.0f, 0.0f, -1.0f);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        r->stats.draw_calls++;
    }
}
