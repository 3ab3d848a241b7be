/* SPDX-License-Identifier: Apache-2.0 */
/* Shared between the files of liblamina-gles; not installed. */
#ifndef LAMINA_GLES_INTERNAL_H
#define LAMINA_GLES_INTERNAL_H

#include <lamina/lamina_gles.h>

/* Records the calling thread's last error and returns `status` (printf-style message). */
lamina_status_t lgl_fail(lamina_status_t status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Draws into the framebuffer that is bound, like lamina_gles_renderer_draw(), but without the
 * context identity check (the headless path owns its context). `known_age` > 0: a partial
 * frame's buffer age as the caller knows it (the headless image), 0: the frame's or EGL's. */
lamina_status_t lgl_draw(lamina_gles_renderer_t *r, lamina_engine_t *engine,
                         const lamina_draw_record_t *records, size_t count, double time,
                         const lamina_gles_frame_t *frame, int known_age);

/* Shape layers' geometry (shape_geom.c, RS-8): a fill or stroke as device-pixel edges binned in
 * cells (a pixel row by a tile) for the coverage shader. Buffers grow, then are reused frame after frame. */
enum { LGL_GEOM_OK = 1, LGL_GEOM_EMPTY = 0, LGL_GEOM_LIMIT = -1 };
enum { LGL_TEX_W = 1024 }; /* texels per row of the cell texture */

typedef struct lgl_sub {
    size_t start, count; /* points of the flattened subpath */
    int closed, drawn;   /* closed: the last point repeats the first; drawn: has a segment */
} lgl_sub_t;

typedef struct lgl_geom {
    const lamina_transform3d_t *m; /* layer -> root */
    double scale, lpp;             /* device pixels per root point; layer units per pixel */
    double *pts, *cum;             /* flattened points (x, y; layer space), arc length at each */
    size_t npts, pts_cap, cum_cap;
    lgl_sub_t *subs;
    size_t nsubs, subs_cap;
    float *edges;                  /* x0, y0, x1, y1 in device pixels (y down) */
    size_t nedges, edges_cap;
    double *poly, *piece;          /* scratch: one stroke polygon, one stroked polyline */
    size_t npoly, poly_cap, npiece, piece_cap;
    double box[4], lbox[4];        /* device and layer bounding boxes: x0, y0, x1, y1 */
    float *texels;                 /* RGBA32F: cell headers (start, count, carry), then edges */
    size_t ntexels, texels_cap, rows;
    uint32_t *cell_counts;
    double *carry;
    size_t cell_cap, carry_cap;
    int cell_x, cell_y, cell_w;    /* first cell's device pixel, tile width (pixels) */
    int tiles, cell_rows;          /* cells per row, rows of cells (one pixel row each) */
} lgl_geom_t;

/* Flattens a path (curves adaptively, 0.1 device px) under m and scale. */
int lgl_geom_flatten(lgl_geom_t *g, const lamina_path_element_t *el, size_t n,
                     const lamina_transform3d_t *m, double scale, double lpp);
/* The fill's edges (every subpath closed). */
int lgl_geom_fill(lgl_geom_t *g);
/* The stroke's edges: width, caps, joins, miter limit, dashes, stroke start/end. */
int lgl_geom_stroke(lgl_geom_t *g, const lamina_draw_shape_t *s);
/* Bins the edges into cells over the viewport's vp_w x vp_h pixels (g->texels). */
int lgl_geom_bin(lgl_geom_t *g, int vp_w, int vp_h);
void lgl_geom_free(lgl_geom_t *g);

#endif
