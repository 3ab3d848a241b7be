/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Gradient layers (RS-9): the stops in a data texture, t computed per fragment
 * (gradient.frag), over the background and under the contents.
 */
#include "compositor.h"

#include <stdlib.h>

enum { MAX_STOPS = 65536 }; /* the key-value API's array limit */

static float finite01(double v) {
    if (!(v >= 0)) return 0; /* negative or NaN */
    return v > 1 ? 1.0f : (float)v;
}

/* RS-9: the gradient over the bounds, in the layer's rounded shape (RS-9.2), over the
 * background and under the contents; straight-RGBA interpolation, tinted by the instance colour,
 * premultiplied afterwards (RS-9.9). Drawn only with two or more stops (RS-9.3). */
void lgl_emit_gradient(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha) {
    const lamina_draw_gradient_t *gr = lgl_rec_gradient(rec);
    if (!gr || !gr->colors || !gr->locations || gr->count < 2 || gr->count > MAX_STOPS ||
        !(alpha > 0))
        return;
    lamina_rect_t b = rec->bounds;
    if (!(b.size.width > 0) || !(b.size.height > 0) || !isfinite(b.size.width) ||
        !isfinite(b.size.height))
        return;
    lamina_gles_renderer_t *r = f->r;
    size_t n = gr->count, texels = 2 * n, rows = (texels + LGL_TEX_W - 1) / LGL_TEX_W;
    size_t need = rows * LGL_TEX_W * 4;
    if (need > r->stops_cap) {
        float *p = realloc(r->stops, need * sizeof(float));
        if (!p) {
            f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for %zu gradient stops", n);
            return;
        }
        r->stops = p;
        r->stops_cap = need;
    }
    for (size_t i = 0; i < n; i++) {
        float *c = r->stops + 8 * i;
        lamina_color_t k = gr->colors[i];
        c[0] = finite01(k.r);
        c[1] = finite01(k.g);
        c[2] = finite01(k.b);
        c[3] = finite01(k.a);
        double l = gr->locations[i];
        c[4] = isfinite(l) ? (float)l : 0.0f;
        c[5] = c[6] = c[7] = 0;
    }
    lgl_flush(f);
    lgl_upload_rows(&r->stop_tex, &r->stop_tex_rows, r->stops, texels, rows);
    /* RS-9.5: unit points to layer space. */
    double w = b.size.width, h = b.size.height;
    double sx = b.origin.x + gr->start_point.x * w, sy = b.origin.y + gr->start_point.y * h;
    double ex = b.origin.x + gr->end_point.x * w, ey = b.origin.y + gr->end_point.y * h;
    if (!isfinite(sx) || !isfinite(sy) || !isfinite(ex) || !isfinite(ey)) return;
    /* RS-9.7: the ellipse's semi-axes; a zero one takes the other's length (a circle). */
    double ax = fabs(ex - sx), ay = fabs(ey - sy);
    if (ax == 0) ax = ay;
    if (ay == 0) ay = ax;
    /* RS-9.10: the focal point in the ellipse's unit-circle coordinates, moved to 0.99 of the way
     * to the edge when on or past it; (0, 0) is RS-9.7's gradient. */
    double fx = 0, fy = 0;
    if (gr->type == LAMINA_GRADIENT_RADIAL && ax > 0) {
        fx = (b.origin.x + gr->focal_point.x * w - sx) / ax;
        fy = (b.origin.y + gr->focal_point.y * h - sy) / ay;
        double fl = sqrt(fx * fx + fy * fy);
        if (!isfinite(fl)) fx = fy = 0;
        else if (fl > 0.99) {
            fx *= 0.99 / fl;
            fy *= 0.99 / fl;
        }
    }
    const GLint *u = r->grad_u;
    double margin = lgl_local_margin(&rec->transform, b, f->scale);
    lamina_rect_t quad = {{b.origin.x - margin, b.origin.y - margin},
                          {b.size.width + 2 * margin, b.size.height + 2 * margin}};
    glUseProgram(r->grad);
    glBindVertexArray(r->vao);
    lgl_set_quad_uniforms(f, u, &rec->transform, quad);
    lgl_set_device_vp(f, u[4]);
    glUniform1i(u[6], 0);
    glUniform1i(u[7], (GLint)n);
    glUniform1i(u[8], gr->type == LAMINA_GRADIENT_RADIAL ? 1 : gr->type == LAMINA_GRADIENT_CONIC ? 2 : 0);
    glUniform4f(u[9], (float)sx, (float)sy, (float)ex, (float)ey);
    glUniform2f(u[10], (float)ax, (float)ay);
    lamina_color_t ic = lgl_instance_color(rec);
    glUniform4f(u[11], (float)ic.r, (float)ic.g, (float)ic.b, (float)ic.a);
    glUniform1f(u[12], (float)(alpha > 1 ? 1 : alpha));
    lgl_set_clip_uniform(f, u[13], rec);
    glUniform4f(u[14], (float)b.origin.x, (float)b.origin.y, (float)b.size.width, (float)b.size.height);
    glUniform1f(u[15], (float)rec->corner_radius);
    glUniform1f(u[16], lgl_corner_code(rec) + lgl_edge_code(rec));
    glUniform2f(u[17], (float)fx, (float)fy);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    r->stats.draw_calls++;
    r->stats.primitives++;
}
