/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shape layers (RS-8): shape_geom.c flattens, strokes and bins the path on the CPU; the
 * coverage program (coverage.frag) draws the fill, then the stroke, between the contents and
 * the first sublayer.
 */
#include "compositor.h"

/* Draws the coverage of the geometry's binned edges (coverage.frag) in `color` (premultiplied). */
static void draw_coverage(lgl_frame_t *f, const lamina_draw_record_t *rec, const float color[4],
                          int even_odd) {
    lamina_gles_renderer_t *r = f->r;
    lgl_geom_t *g = &r->geom;
    lgl_upload_rows(&r->edge_tex, &r->edge_tex_rows, g->texels, g->ntexels, g->rows);
    double margin = 2 * g->lpp;
    lamina_rect_t quad = {{g->lbox[0] - margin, g->lbox[1] - margin},
                          {g->lbox[2] - g->lbox[0] + 2 * margin, g->lbox[3] - g->lbox[1] + 2 * margin}};
    const GLint *u = r->shp_u;
    glUseProgram(r->shp);
    glBindVertexArray(r->vao);
    lgl_set_quad_uniforms(f, u, &rec->transform, quad);
    lgl_set_device_vp(f, u[4]);
    glUniform1i(u[6], 0);
    glUniform4f(u[7], (float)g->cell_x, (float)g->cell_y, (float)g->cell_w, (float)g->tiles);
    glUniform1f(u[15], (float)g->cell_rows);
    glUniform4fv(u[8], 1, color);
    glUniform1i(u[9], even_odd);
    lgl_set_clip_uniform(f, u[10], rec);
    lamina_rect_t b = rec->bounds;
    glUniform4f(u[11], (float)b.origin.x, (float)b.origin.y, (float)b.size.width, (float)b.size.height);
    glUniform1f(u[12], (float)rec->corner_radius);
    /* RS-8.2: clipped by the bounds only when the layer masks to them. */
    glUniform1i(u[13], (rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) != 0);
    glUniform1f(u[14], lgl_corner_code(rec) + lgl_edge_code(rec));
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    r->stats.draw_calls++;
    r->stats.primitives++;
}

/* RS-8: the shape's fill (non-zero or even-odd), then its stroke on top (RS-8.2), both tinted
 * by the instance colour. A part whose geometry is empty, not finite or past the limits of
 * shape_geom.c (edges, dash segments) draws nothing. */
void lgl_emit_shape(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha) {
    const lamina_draw_shape_t *sh = lgl_rec_shape(rec);
    if (!sh || !sh->path || sh->path_count == 0 || !(alpha > 0)) return;
    int fill = (sh->flags & LAMINA_DRAW_SHAPE_FILL) && sh->fill_color.a > 0;
    int stroke = (sh->flags & LAMINA_DRAW_SHAPE_STROKE) && sh->stroke_color.a > 0 && sh->line_width > 0;
    if (!fill && !stroke) return;
    lgl_geom_t *g = &f->r->geom;
    double lpp = lgl_local_per_pixel(&rec->transform, f->scale);
    if (lgl_geom_flatten(g, sh->path, sh->path_count, &rec->transform, f->scale, lpp) != LGL_GEOM_OK)
        return;
    lgl_flush(f);
    float col[4];
    if (fill && lgl_geom_fill(g) == LGL_GEOM_OK && lgl_geom_bin(g, f->vp_w, f->vp_h) == LGL_GEOM_OK) {
        lgl_premultiplied(lgl_tinted(sh->fill_color, rec), alpha, col);
        draw_coverage(f, rec, col, sh->fill_rule == LAMINA_FILL_RULE_EVEN_ODD);
    }
    if (stroke && lgl_geom_stroke(g, sh) == LGL_GEOM_OK && lgl_geom_bin(g, f->vp_w, f->vp_h) == LGL_GEOM_OK) {
        lgl_premultiplied(lgl_tinted(sh->stroke_color, rec), alpha, col);
        draw_coverage(f, rec, col, 0); /* the stroke's polygons: their non-zero union */
    }
}
