/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Backgrounds and borders (RS-1): instances for the batcher (batch.c). A leaf without contents
 * draws its border with its background (one primitive); otherwise the border goes above the
 * sublayers (the planner keeps it pending until the subtree ends).
 */
#include "compositor.h"

#include <string.h>

/* The program a background or border needs: the cheap one for four circular corners. */
static int shape_kind(const lamina_draw_record_t *rec) {
    return lgl_corner_code(rec) == 15.0f ? KIND_SHAPE : KIND_SHAPE_EXT;
}

/* Whether the record's background is a plain rectangle rect.frag draws (issue 29): a fill
 * without corner radius or border, every edge antialiased, under a map that only scales and
 * translates (no rotation, skew or perspective). Its coverage is box.frag's for that case. */
static int plain_rect(const lamina_draw_record_t *rec, int has_border) {
    const lamina_transform3d_t *m = &rec->transform;
    return !has_border && !(rec->corner_radius > 0) && lgl_edge_code(rec) == 0.0f &&
           m->m12 == 0 && m->m21 == 0 && m->m14 == 0 && m->m24 == 0 && m->m44 == 1 &&
           m->m11 != 0 && m->m22 != 0;
}

/* RS-1.1-1.4: the background in the rounded bounds; with `with_border`, the border over it
 * (a leaf: nothing is drawn between the two). */
void lgl_emit_background(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha,
                         int with_border) {
    int has_bg = (rec->flags & LAMINA_DRAW_HAS_BACKGROUND) && rec->background_color.a > 0;
    int has_border = with_border && (rec->flags & LAMINA_DRAW_HAS_BORDER_COLOR) &&
                     rec->border_width > 0 && rec->border_color.a > 0;
    if (!has_bg && !has_border) return;
    if (has_bg && f->cleared == rec && !has_border) return; /* the frame's clear drew it */
    if (plain_rect(rec, has_border)) {
        const lamina_transform3d_t *m = &rec->transform;
        /* The quad's margin: half a device pixel along each axis. rect.frag's coverage is 0
         * at half a pixel past an edge, so the quad holds every pixel centre with coverage
         * (those exactly on its edge have none: whether the rasteriser takes them changes no
         * pixel). A whole pixel drew 16 fragments for a 2 x 2 square, half of one 9 at most
         * (issue 29: 100,000 small squares). */
        double mx = 0.5 / (fabs(m->m11) * f->scale), my = 0.5 / (fabs(m->m22) * f->scale);
        double fallback = 1.0 / (sqrt(fabs(m->m11 * m->m22)) * f->scale);
        double cap = fmax(fallback, fmax(fabs(rec->bounds.size.width), fabs(rec->bounds.size.height)));
        double margin = fmin(fmax(mx, my), cap);
        float *p = lgl_instance_for(f, rec, rec->bounds, margin, KIND_RECT);
        if (!p) return;
        lgl_premultiplied(lgl_tinted(rec->background_color, rec), alpha, p + 20);
        p[24] = (float)(fabs(m->m11) * f->scale);
        p[25] = (float)(fabs(m->m22) * f->scale);
        p[26] = p[27] = 0;
        p[28] = p[29] = p[30] = p[31] = 0;
        return;
    }
    float *p = lgl_instance_for(f, rec, rec->bounds, lgl_local_margin(&rec->transform, rec->bounds, f->scale),
                                shape_kind(rec));
    if (!p) return;
    lgl_box_paint(rec, alpha, has_bg, has_border, p);
    p[30] = lgl_corner_code(rec) + lgl_edge_code(rec);
    p[31] = 0;
}

/* RS-1.1: the border, composited above the sublayers. */
void lgl_emit_border(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha) {
    if (!(rec->flags & LAMINA_DRAW_HAS_BORDER_COLOR) || !(rec->border_width > 0) ||
        !(rec->border_color.a > 0))
        return;
    float *p = lgl_instance_for(f, rec, rec->bounds, lgl_local_margin(&rec->transform, rec->bounds, f->scale),
                                shape_kind(rec));
    if (!p) return;
    memset(p + 20, 0, 4 * sizeof(float));
    lgl_premultiplied(lgl_tinted(rec->border_color, rec), alpha, p + 24);
    p[28] = (float)rec->corner_radius;
    p[29] = (float)rec->border_width;
    p[30] = lgl_corner_code(rec) + lgl_edge_code(rec);
    p[31] = 0;
}
