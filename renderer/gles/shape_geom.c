/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shape layers' geometry (RS-8) on the CPU, for the reference compositor's coverage shader.
 *
 * A shape's fill or stroke becomes a list of directed line edges in device pixels (after the
 * record's transform, y down): the fill is the flattened path itself (its subpaths closed); the
 * stroke is the union of small polygons (a quad per segment, a wedge per join, a cap per open
 * end), all oriented the same way so that their non-zero union is the stroked area. Curves and
 * round joins and caps are flattened adaptively in device space (0.1 px). The edges are then
 * binned into cells (one pixel row by a tile of 16 or more pixels, over the part of the
 * viewport the shape covers): a cell lists the edges that partly cover its pixels and carries
 * the summed signed height of the edges wholly left of it. The fragment shader, which
 * integrates each pixel's exact signed area to the right of the edges, starts from its cell's
 * carry and looks only at the cell's edges.
 *
 * Everything is kept in buffers of the lgl_geom_t that grow and are then reused: no allocation
 * per frame in steady state. Absurd input (non-finite points, a dash pattern of tiny lengths,
 * more edges than the limits) gives LGL_GEOM_EMPTY or LGL_GEOM_LIMIT: the part draws nothing.
 */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_ELEMENTS = 1 << 20,     /* path elements looked at */
    MAX_POINTS = 1 << 18,       /* flattened points of one path */
    MAX_EDGES = 1 << 18,        /* device edges of one fill or stroke */
    MAX_TEXELS = 1 << 20,       /* binned texels (16 MiB of RGBA32F) */
    MAX_DASHES = 1 << 14,       /* dash segments of one stroke (RS-8.6) */
    MAX_DASH_COUNT = 65536,     /* entries of a dash pattern (the key-value API's array limit) */
    MAX_CURVE_STEPS = 512,      /* segments of one curve */
    MAX_ARC_STEPS = 128,        /* segments of one round join or cap */
    MAX_CELLS = 1 << 18,        /* row x tile cells of one fill or stroke */
    MIN_TILE_W = 16,            /* pixels per tile (doubled while there are too many cells) */
};
static const double FLAT_TOL = 0.1; /* device pixels */
static const double PI = 3.14159265358979323846;

static int grow(void **p, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return 1;
    size_t c = *cap ? *cap : 64;
    while (c < need) c *= 2;
    void *q = realloc(*p, c * elem);
    if (!q) return 0;
    *p = q;
    *cap = c;
    return 1;
}

void lgl_geom_free(lgl_geom_t *g) {
    free(g->pts);
    free(g->cum);
    free(g->subs);
    free(g->edges);
    free(g->poly);
    free(g->piece);
    free(g->texels);
    free(g->cell_counts);
    free(g->carry);
    memset(g, 0, sizeof *g);
}

/* Layer point -> device pixel (y down); 0 behind the eye, not finite, or farther than
 * MAX_DEVICE pixels from the origin (the shader's floats would lose the pixel grid). */
static const double MAX_DEVICE = 1e7;
static int to_dev(const lgl_geom_t *g, double x, double y, double *X, double *Y) {
    const lamina_transform3d_t *m = g->m;
    double W = x * m->m14 + y * m->m24 + m->m44;
    if (!(W > 1e-9)) return 0;
    *X = (x * m->m11 + y * m->m21 + m->m41) / W * g->scale;
    *Y = (x * m->m12 + y * m->m22 + m->m42) / W * g->scale;
    return fabs(*X) <= MAX_DEVICE && fabs(*Y) <= MAX_DEVICE; /* false for NaN too */
}

/* ---------------------------------------------------------------------------------------- */
/* Flattening                                                                                */
/* ---------------------------------------------------------------------------------------- */

static int add_point(lgl_geom_t *g, double x, double y) {
    if (!isfinite(x) || !isfinite(y)) return LGL_GEOM_EMPTY;
    lgl_sub_t *s = &g->subs[g->nsubs - 1];
    if (s->count > 0) {
        const double *last = g->pts + 2 * (g->npts - 1);
        if (last[0] == x && last[1] == y) return LGL_GEOM_OK; /* no zero-length segments */
    }
    if (g->npts >= MAX_POINTS) return LGL_GEOM_LIMIT;
    if (!grow((void **)&g->pts, &g->pts_cap, 2 * (g->npts + 1), sizeof(double)) ||
        !grow((void **)&g->cum, &g->cum_cap, g->npts + 1, sizeof(double)))
        return LGL_GEOM_LIMIT;
    double len = 0;
    if (s->count > 0) {
        const double *last = g->pts + 2 * (g->npts - 1);
        len = g->cum[g->npts - 1] + hypot(x - last[0], y - last[1]);
    }
    g->pts[2 * g->npts] = x;
    g->pts[2 * g->npts + 1] = y;
    g->cum[g->npts] = len;
    g->npts++;
    s->count++;
    return LGL_GEOM_OK;
}

static int begin_sub(lgl_geom_t *g, double x, double y) {
    if (!grow((void **)&g->subs, &g->subs_cap, g->nsubs + 1, sizeof(lgl_sub_t))) return LGL_GEOM_LIMIT;
    g->subs[g->nsubs++] = (lgl_sub_t){g->npts, 0, 0, 0};
    return add_point(g, x, y);
}

/* Closes the open subpath: its start point appended (an explicit closing segment). */
static int close_sub(lgl_geom_t *g) {
    lgl_sub_t *s = &g->subs[g->nsubs - 1];
    if (s->count == 0) return LGL_GEOM_OK;
    int r = add_point(g, g->pts[2 * s->start], g->pts[2 * s->start + 1]);
    s = &g->subs[g->nsubs - 1];
    s->closed = 1;
    s->drawn = 1;
    return r;
}

/* Segments for a curve whose device-space second differences are at most `dd` pixels. */
static int curve_steps(double dd, double k) {
    double n = ceil(sqrt(k * dd / FLAT_TOL));
    if (!(n >= 1)) n = 1;
    if (n > MAX_CURVE_STEPS) n = MAX_CURVE_STEPS;
    return (int)n;
}

int lgl_geom_flatten(lgl_geom_t *g, const lamina_path_element_t *el, size_t n,
                     const lamina_transform3d_t *m, double scale, double lpp) {
    g->m = m;
    g->scale = scale;
    g->lpp = lpp;
    g->npts = g->nsubs = 0;
    if (!el || n == 0) return LGL_GEOM_EMPTY;
    if (n > MAX_ELEMENTS) return LGL_GEOM_LIMIT;
    double cx = 0, cy = 0, sx = 0, sy = 0;
    int open = 0, r = LGL_GEOM_OK;
    for (size_t i = 0; i < n && r == LGL_GEOM_OK; i++) {
        const lamina_point_t *p = el[i].points;
        int type = el[i].type;
        if (type == LAMINA_PATH_MOVE) {
            r = begin_sub(g, p[0].x, p[0].y);
            sx = cx = p[0].x;
            sy = cy = p[0].y;
            open = 1;
            continue;
        }
        if (type == LAMINA_PATH_CLOSE) {
            if (open) r = close_sub(g);
            cx = sx;
            cy = sy;
            open = 0;
            continue;
        }
        if (type < LAMINA_PATH_LINE || type > LAMINA_PATH_CUBIC) continue; /* unknown: skipped */
        if (!open) { /* a drawing element after a close (or first): a new subpath at the point */
            r = begin_sub(g, cx, cy);
            sx = cx;
            sy = cy;
            open = 1;
            if (r != LGL_GEOM_OK) break;
        }
        g->subs[g->nsubs - 1].drawn = 1;
        if (type == LAMINA_PATH_LINE) {
            r = add_point(g, p[0].x, p[0].y);
            cx = p[0].x;
            cy = p[0].y;
            continue;
        }
        /* Curves: the step count from the control polygon in device pixels. */
        double D[4][2];
        const double L[4][2] = {{cx, cy}, {p[0].x, p[0].y}, {p[1].x, p[1].y}, {p[2].x, p[2].y}};
        int npt = type == LAMINA_PATH_QUAD ? 3 : 4;
        for (int k = 0; k < npt; k++)
            if (!to_dev(g, L[k][0], L[k][1], &D[k][0], &D[k][1])) return LGL_GEOM_EMPTY;
        int steps;
        if (type == LAMINA_PATH_QUAD) {
            steps = curve_steps(hypot(D[0][0] - 2 * D[1][0] + D[2][0], D[0][1] - 2 * D[1][1] + D[2][1]), 0.25);
        } else {
            double d1 = hypot(D[0][0] - 2 * D[1][0] + D[2][0], D[0][1] - 2 * D[1][1] + D[2][1]);
            double d2 = hypot(D[1][0] - 2 * D[2][0] + D[3][0], D[1][1] - 2 * D[2][1] + D[3][1]);
            steps = curve_steps(fmax(d1, d2), 0.75);
        }
        for (int k = 1; k <= steps && r == LGL_GEOM_OK; k++) {
            double t = (double)k / steps, u = 1 - t, x, y;
            if (type == LAMINA_PATH_QUAD) {
                x = u * u * L[0][0] + 2 * u * t * L[1][0] + t * t * L[2][0];
                y = u * u * L[0][1] + 2 * u * t * L[1][1] + t * t * L[2][1];
            } else {
                x = u * u * u * L[0][0] + 3 * u * u * t * L[1][0] + 3 * u * t * t * L[2][0] + t * t * t * L[3][0];
                y = u * u * u * L[0][1] + 3 * u * u * t * L[1][1] + 3 * u * t * t * L[2][1] + t * t * t * L[3][1];
            }
            if (k == steps) { /* exactly the end point */
                x = L[npt - 1][0];
                y = L[npt - 1][1];
            }
            r = add_point(g, x, y);
        }
        cx = L[npt - 1][0];
        cy = L[npt - 1][1];
    }
    if (r != LGL_GEOM_OK) return r;
    return g->npts > 0 ? LGL_GEOM_OK : LGL_GEOM_EMPTY;
}

/* ---------------------------------------------------------------------------------------- */
/* Edges                                                                                     */
/* ---------------------------------------------------------------------------------------- */

static void reset_edges(lgl_geom_t *g) {
    g->nedges = 0;
    g->box[0] = g->box[1] = 1e300;
    g->box[2] = g->box[3] = -1e300;
    g->lbox[0] = g->lbox[1] = 1e300;
    g->lbox[2] = g->lbox[3] = -1e300;
}

static void grow_box(double *b, double x, double y) {
    b[0] = fmin(b[0], x);
    b[1] = fmin(b[1], y);
    b[2] = fmax(b[2], x);
    b[3] = fmax(b[3], y);
}

static int push_edge(lgl_geom_t *g, double x0, double y0, double x1, double y1) {
    grow_box(g->box, x0, y0);
    grow_box(g->box, x1, y1);
    if ((float)y0 == (float)y1) return LGL_GEOM_OK; /* horizontal: covers no area */
    if (g->nedges >= MAX_EDGES) return LGL_GEOM_LIMIT;
    if (!grow((void **)&g->edges, &g->edges_cap, 4 * (g->nedges + 1), sizeof(float)))
        return LGL_GEOM_LIMIT;
    float *e = g->edges + 4 * g->nedges++;
    e[0] = (float)x0;
    e[1] = (float)y0;
    e[2] = (float)x1;
    e[3] = (float)y1;
    return LGL_GEOM_OK;
}

/* The edges of the closed ring of n layer-space points (x, y pairs), in device space, walked
 * backwards when `reverse`; the closing edge only when the ring does not already end where it
 * began. LGL_GEOM_EMPTY when a point has no device image, LGL_GEOM_LIMIT past the edge limit. */
static int push_ring(lgl_geom_t *g, const double *pts, size_t n, int reverse) {
    double X0 = 0, Y0 = 0, Xp = 0, Yp = 0;
    for (size_t k = 0; k < n; k++) {
        const double *p = pts + 2 * (reverse ? n - 1 - k : k);
        double X, Y;
        if (!to_dev(g, p[0], p[1], &X, &Y)) return LGL_GEOM_EMPTY;
        grow_box(g->lbox, p[0], p[1]);
        if (k == 0) {
            X0 = X;
            Y0 = Y;
        } else if (push_edge(g, Xp, Yp, X, Y) != LGL_GEOM_OK) {
            return LGL_GEOM_LIMIT;
        }
        Xp = X;
        Yp = Y;
    }
    if ((Xp != X0 || Yp != Y0) && push_edge(g, Xp, Yp, X0, Y0) != LGL_GEOM_OK) return LGL_GEOM_LIMIT;
    return LGL_GEOM_OK;
}

int lgl_geom_fill(lgl_geom_t *g) {
    reset_edges(g);
    for (size_t s = 0; s < g->nsubs; s++) {
        const lgl_sub_t *sub = &g->subs[s];
        if (sub->count < 2) continue; /* a point has no area (a lone line adds zero) */
        int r = push_ring(g, g->pts + 2 * sub->start, sub->count, 0);
        if (r != LGL_GEOM_OK) return r;
    }
    return g->nedges > 0 ? LGL_GEOM_OK : LGL_GEOM_EMPTY;
}

/* Polygons of the stroke, in layer space, each emitted with positive area. */
static int poly_add(lgl_geom_t *g, double x, double y) {
    if (!grow((void **)&g->poly, &g->poly_cap, 2 * (g->npoly + 1), sizeof(double))) return LGL_GEOM_LIMIT;
    g->poly[2 * g->npoly] = x;
    g->poly[2 * g->npoly + 1] = y;
    g->npoly++;
    return LGL_GEOM_OK;
}

static int poly_emit(lgl_geom_t *g) {
    size_t n = g->npoly;
    g->npoly = 0;
    if (n < 3) return LGL_GEOM_OK;
    const double *p = g->poly;
    double area = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = (i + 1) % n;
        area += p[2 * i] * p[2 * j + 1] - p[2 * j] * p[2 * i + 1];
    }
    if (!(fabs(area) > 0)) return LGL_GEOM_OK;
    return push_ring(g, p, n, area < 0);
}

/* Arc steps for an angle `ang` of a circle of radius hw (layer units), 0.1 px flat. */
static int arc_steps(const lgl_geom_t *g, double hw, double ang) {
    double r = hw / g->lpp;
    double c = 1 - FLAT_TOL / fmax(r, 1e-9);
    double step = c > -1 ? 2 * acos(c) : PI;
    double n = ceil(fabs(ang) / step);
    double lo = ceil(fabs(ang) / (PI / 2));
    if (!(n >= lo)) n = lo;
    if (n > MAX_ARC_STEPS) n = MAX_ARC_STEPS;
    return n < 1 ? 1 : (int)n;
}

/* The arc points of centre (cx, cy), from vector (vx, vy) rotated by `ang`, both ends included. */
static int arc(lgl_geom_t *g, double cx, double cy, double vx, double vy, double ang, double hw) {
    int n = arc_steps(g, hw, ang);
    for (int k = 0; k <= n; k++) {
        double a = ang * k / n, c = cos(a), s = sin(a);
        if (poly_add(g, cx + vx * c - vy * s, cy + vx * s + vy * c) != LGL_GEOM_OK) return LGL_GEOM_LIMIT;
    }
    return LGL_GEOM_OK;
}

typedef struct stroke_style {
    double hw, miter_limit;
    int cap, join;
} stroke_style_t;

static int join(lgl_geom_t *g, const stroke_style_t *st, double px, double py, double d0x,
                double d0y, double d1x, double d1y) {
    double cross = d0x * d1y - d0y * d1x, dot = d0x * d1x + d0y * d1y;
    if (fabs(cross) < 1e-12 && dot > 0) return LGL_GEOM_OK; /* straight on */
    double hw = st->hw, s = cross > 0 ? -1 : 1;
    double n0x = -d0y * s, n0y = d0x * s, n1x = -d1y * s, n1y = d1x * s; /* outer normals */
    int r = LGL_GEOM_OK;
    if (st->join == LAMINA_LINE_JOIN_ROUND) {
        double ang = atan2(cross, dot);
        if (fabs(cross) < 1e-12) ang = -PI; /* a U-turn: the round end goes ahead (s = 1) */
        r = poly_add(g, px, py);
        if (r == LGL_GEOM_OK) r = arc(g, px, py, n0x * hw, n0y * hw, ang, hw);
        return r == LGL_GEOM_OK ? poly_emit(g) : r;
    }
    poly_add(g, px, py);
    poly_add(g, px + n0x * hw, py + n0y * hw);
    if (st->join == LAMINA_LINE_JOIN_MITER) {
        /* RS-8.6: miter length / line width = 1 / cos(turn / 2); past the limit, a bevel. */
        double ch = sqrt(fmax(0, (1 + dot) / 2));
        if (ch > 1e-9 && 1 / ch <= st->miter_limit) {
            double mx = n0x + n1x, my = n0y + n1y, ml = hypot(mx, my);
            if (ml > 1e-12) poly_add(g, px + mx / ml * hw / ch, py + my / ml * hw / ch);
        }
    }
    r = poly_add(g, px + n1x * hw, py + n1y * hw);
    return r == LGL_GEOM_OK ? poly_emit(g) : r;
}

/* A cap at (px, py) for an end whose outward direction is (dx, dy). */
static int cap(lgl_geom_t *g, const stroke_style_t *st, double px, double py, double dx, double dy) {
    double hw = st->hw, nx = -dy * hw, ny = dx * hw;
    int r = LGL_GEOM_OK;
    if (st->cap == LAMINA_LINE_CAP_SQUARE) {
        poly_add(g, px + nx, py + ny);
        poly_add(g, px + nx + dx * hw, py + ny + dy * hw);
        poly_add(g, px - nx + dx * hw, py - ny + dy * hw);
        r = poly_add(g, px - nx, py - ny);
    } else if (st->cap == LAMINA_LINE_CAP_ROUND) {
        r = arc(g, px, py, nx, ny, -PI, hw); /* from n through the outward direction to -n */
    } else {
        return LGL_GEOM_OK;
    }
    return r == LGL_GEOM_OK ? poly_emit(g) : r;
}

/* A zero-length piece (a dot): round caps draw a disc, square caps a square along the
 * tangent, butt caps nothing. */
static int dot(lgl_geom_t *g, const stroke_style_t *st, double px, double py, double tx, double ty) {
    double hw = st->hw;
    int r = LGL_GEOM_OK;
    if (st->cap == LAMINA_LINE_CAP_ROUND) {
        r = arc(g, px, py, hw, 0, 2 * PI, hw);
    } else if (st->cap == LAMINA_LINE_CAP_SQUARE) {
        double ax = tx * hw, ay = ty * hw, bx = -ty * hw, by = tx * hw;
        poly_add(g, px - ax - bx, py - ay - by);
        poly_add(g, px + ax - bx, py + ay - by);
        poly_add(g, px + ax + bx, py + ay + by);
        r = poly_add(g, px - ax + bx, py - ay + by);
    } else {
        return LGL_GEOM_OK;
    }
    return r == LGL_GEOM_OK ? poly_emit(g) : r;
}

/* Strokes the polyline g->piece (npiece points, no two consecutive equal). */
static int stroke_piece(lgl_geom_t *g, const stroke_style_t *st, int closed) {
    size_t n = g->npiece;
    const double *P = g->piece;
    int r = LGL_GEOM_OK;
    if (n < 2) return LGL_GEOM_OK;
    double hw = st->hw;
    for (size_t i = 0; i + 1 < n && r == LGL_GEOM_OK; i++) {
        double dx = P[2 * i + 2] - P[2 * i], dy = P[2 * i + 3] - P[2 * i + 1], l = hypot(dx, dy);
        if (!(l > 0)) continue;
        double nx = -dy / l * hw, ny = dx / l * hw;
        poly_add(g, P[2 * i] + nx, P[2 * i + 1] + ny);
        poly_add(g, P[2 * i + 2] + nx, P[2 * i + 3] + ny);
        poly_add(g, P[2 * i + 2] - nx, P[2 * i + 3] - ny);
        poly_add(g, P[2 * i] - nx, P[2 * i + 1] - ny);
        r = poly_emit(g);
        /* The join at the segment's end point. */
        size_t j = i + 1;
        if (j + 1 < n || closed) {
            size_t k = j + 1 < n ? j + 1 : 1; /* closed: P[n-1] == P[0], the next segment is 0->1 */
            double ex = P[2 * k] - P[2 * j], ey = P[2 * k + 1] - P[2 * j + 1], el = hypot(ex, ey);
            if (el > 0 && r == LGL_GEOM_OK)
                r = join(g, st, P[2 * j], P[2 * j + 1], dx / l, dy / l, ex / el, ey / el);
        }
    }
    if (!closed && r == LGL_GEOM_OK) {
        double dx = P[0] - P[2], dy = P[1] - P[3], l = hypot(dx, dy);
        if (l > 0) r = cap(g, st, P[0], P[1], dx / l, dy / l);
        dx = P[2 * n - 2] - P[2 * n - 4];
        dy = P[2 * n - 1] - P[2 * n - 3];
        l = hypot(dx, dy);
        if (l > 0 && r == LGL_GEOM_OK) r = cap(g, st, P[2 * n - 2], P[2 * n - 1], dx / l, dy / l);
    }
    return r;
}

static int piece_add(lgl_geom_t *g, double x, double y) {
    if (g->npiece > 0 && g->piece[2 * g->npiece - 2] == x && g->piece[2 * g->npiece - 1] == y)
        return LGL_GEOM_OK;
    if (!grow((void **)&g->piece, &g->piece_cap, 2 * (g->npiece + 1), sizeof(double))) return LGL_GEOM_LIMIT;
    g->piece[2 * g->npiece] = x;
    g->piece[2 * g->npiece + 1] = y;
    g->npiece++;
    return LGL_GEOM_OK;
}

/* The segment of `sub` holding arc length a (local): the largest j with cum[j] <= a. */
static size_t seg_at(const lgl_geom_t *g, const lgl_sub_t *sub, double a) {
    size_t lo = sub->start, hi = sub->start + sub->count - 2;
    while (lo < hi) {
        size_t mid = (lo + hi + 1) / 2;
        if (g->cum[mid] <= a) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

static void point_at(const lgl_geom_t *g, size_t j, double a, double *x, double *y, double *tx,
                     double *ty) {
    const double *p = g->pts + 2 * j;
    double l = g->cum[j + 1] - g->cum[j], t = l > 0 ? (a - g->cum[j]) / l : 0;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    *x = p[0] + (p[2] - p[0]) * t;
    *y = p[1] + (p[3] - p[1]) * t;
    double dx = p[2] - p[0], dy = p[3] - p[1], dl = hypot(dx, dy);
    *tx = dl > 0 ? dx / dl : 1;
    *ty = dl > 0 ? dy / dl : 0;
}

/* Strokes the part [a, b] (local arc lengths, a <= b) of a subpath; a == b: a dot. */
static int stroke_range(lgl_geom_t *g, const stroke_style_t *st, const lgl_sub_t *sub, double a,
                        double b) {
    double x, y, tx, ty;
    if (sub->count < 2) return dot(g, st, g->pts[2 * sub->start], g->pts[2 * sub->start + 1], 1, 0);
    size_t j = seg_at(g, sub, a);
    point_at(g, j, a, &x, &y, &tx, &ty);
    if (b <= a) return dot(g, st, x, y, tx, ty);
    g->npiece = 0;
    int r = piece_add(g, x, y);
    size_t last = sub->start + sub->count - 1;
    size_t k = j + 1;
    for (; k < last && g->cum[k] < b && r == LGL_GEOM_OK; k++)
        r = piece_add(g, g->pts[2 * k], g->pts[2 * k + 1]);
    point_at(g, k - 1, b, &x, &y, &tx, &ty);
    if (r == LGL_GEOM_OK) r = piece_add(g, x, y);
    if (r != LGL_GEOM_OK) return r;
    if (g->npiece < 2) return dot(g, st, x, y, tx, ty);
    return stroke_piece(g, st, 0);
}

int lgl_geom_stroke(lgl_geom_t *g, const lamina_draw_shape_t *s) {
    reset_edges(g);
    stroke_style_t st;
    if (!(s->line_width > 0) || !isfinite(s->line_width)) return LGL_GEOM_EMPTY;
    st.hw = s->line_width / 2;
    st.miter_limit = isfinite(s->miter_limit) ? s->miter_limit : 10;
    st.cap = s->line_cap;
    st.join = s->line_join;
    /* RS-8.3: the trim by fraction of the whole path's arc length (clamped; start >= end: none). */
    double t0 = isfinite(s->stroke_start) ? s->stroke_start : 0;
    double t1 = isfinite(s->stroke_end) ? s->stroke_end : 1;
    t0 = fmin(fmax(t0, 0), 1);
    t1 = fmin(fmax(t1, 0), 1);
    if (!(t0 < t1)) return LGL_GEOM_EMPTY;
    double total = 0;
    for (size_t i = 0; i < g->nsubs; i++)
        if (g->subs[i].drawn && g->subs[i].count > 0)
            total += g->cum[g->subs[i].start + g->subs[i].count - 1];
    double s0 = t0 * total, s1 = t1 * total;
    /* RS-8.6: the dash pattern; an odd count repeats twice; all zero (or anything negative or
     * not finite) is solid. */
    const double *pat = s->line_dash_pattern;
    size_t m = pat ? s->line_dash_count : 0;
    if (m > MAX_DASH_COUNT) return LGL_GEOM_LIMIT; /* past the key-value API's limit: not read */
    double period = 0;
    for (size_t i = 0; i < m; i++) {
        if (!(pat[i] >= 0) || !isfinite(pat[i])) {
            m = 0;
            break;
        }
        period += pat[i];
    }
    if (!(period > 0)) m = 0;
    size_t mm = m % 2 ? 2 * m : m; /* entries of the effective pattern */
    if (m % 2) period *= 2;
    double phase = 0;
    if (m) {
        phase = isfinite(s->line_dash_phase) ? fmod(s->line_dash_phase, period) : 0;
        if (phase < 0) phase += period;
        /* Cap the dash segments (absurd patterns of tiny lengths): the stroke draws nothing. */
        double est = 0;
        for (size_t i = 0; i < g->nsubs; i++)
            if (g->subs[i].count > 0)
                est += (g->cum[g->subs[i].start + g->subs[i].count - 1] + period) / period * mm;
        if (!(est <= MAX_DASHES)) return LGL_GEOM_LIMIT;
    }
    double g0 = 0;
    int r = LGL_GEOM_OK;
    for (size_t i = 0; i < g->nsubs && r == LGL_GEOM_OK; i++) {
        const lgl_sub_t *sub = &g->subs[i];
        if (!sub->drawn || sub->count == 0) continue;
        double len = g->cum[sub->start + sub->count - 1];
        double lo = fmax(s0 - g0, 0), hi = fmin(s1 - g0, len);
        double here = g0;
        g0 += len;
        if (len <= 0) { /* a zero-length subpath: a dot when inside the trim */
            if (here >= s0 && here <= s1) r = stroke_range(g, &st, sub, 0, 0);
            continue;
        }
        if (hi <= lo) continue;
        if (!m) {
            if (sub->closed && lo <= 0 && hi >= len) {
                g->npiece = 0;
                for (size_t k = 0; k < sub->count && r == LGL_GEOM_OK; k++)
                    r = piece_add(g, g->pts[2 * (sub->start + k)], g->pts[2 * (sub->start + k) + 1]);
                if (r == LGL_GEOM_OK) r = stroke_piece(g, &st, 1);
            } else {
                r = stroke_range(g, &st, sub, lo, hi);
            }
            continue;
        }
        /* Dashes restart at each subpath, shifted by the phase (RS-8.3: counted from the
         * untrimmed start). */
        double pos = -phase;
        for (size_t k = 0; pos <= hi && r == LGL_GEOM_OK; k++) {
            double dl = pat[k % m], a = pos, b = pos + dl;
            pos = b;
            if (k % 2) continue; /* off */
            if (dl == 0) {
                if (a >= lo && a <= hi) r = stroke_range(g, &st, sub, a, a);
                continue;
            }
            a = fmax(a, lo);
            b = fmin(b, hi);
            if (b > a) r = stroke_range(g, &st, sub, a, b);
        }
    }
    if (r != LGL_GEOM_OK) return r;
    return g->nedges > 0 ? LGL_GEOM_OK : LGL_GEOM_EMPTY;
}

/* ---------------------------------------------------------------------------------------- */
/* Cells                                                                                     */
/* ---------------------------------------------------------------------------------------- */

/* The part of edge e in pixel row r (y in [r, r + 1]): its x extent and signed height. 0 when
 * it does not cross the row's interior. */
static int edge_in_row(const float *e, int r, double *xmin, double *xmax, double *dy) {
    double x0 = e[0], y0 = e[1], x1 = e[2], y1 = e[3];
    double ya = fmax(fmin(y0, y1), r), yb = fmin(fmax(y0, y1), r + 1.0);
    if (!(yb > ya)) return 0;
    double k = (x1 - x0) / (y1 - y0);
    double xa = x0 + (ya - y0) * k, xb = x0 + (yb - y0) * k;
    *xmin = fmin(xa, xb);
    *xmax = fmax(xa, xb);
    *dy = y1 > y0 ? yb - ya : ya - yb;
    return 1;
}

int lgl_geom_bin(lgl_geom_t *g, int vp_w, int vp_h) {
    if (g->nedges == 0) return LGL_GEOM_EMPTY;
    /* Only the pixels of the viewport are shaded: the cells cover the box's part of it. */
    double fx0 = fmax(floor(g->box[0]), 0), fx1 = fmin(ceil(g->box[2]), vp_w);
    double fy0 = fmax(floor(g->box[1]), 0), fy1 = fmin(ceil(g->box[3]), vp_h);
    if (!(fx1 > fx0) || !(fy1 > fy0)) return LGL_GEOM_EMPTY;
    int X0 = (int)fx0, Y0 = (int)fy0, rows = (int)(fy1 - fy0), width = (int)(fx1 - fx0);
    if (rows > MAX_CELLS) return LGL_GEOM_LIMIT; /* not even one tile a row fits */
    int tw = MIN_TILE_W, tiles = (width + tw - 1) / tw;
    while ((size_t)rows * (size_t)tiles > MAX_CELLS && tiles > 1) {
        tw *= 2;
        tiles = (width + tw - 1) / tw;
    }
    size_t cells = (size_t)rows * (size_t)tiles;
    if (cells > MAX_TEXELS) return LGL_GEOM_LIMIT;
    g->cell_x = X0;
    g->cell_y = Y0;
    g->cell_w = tw;
    g->tiles = tiles;
    g->cell_rows = rows;
    if (!grow((void **)&g->cell_counts, &g->cell_cap, cells, sizeof(uint32_t)) ||
        !grow((void **)&g->carry, &g->carry_cap, cells, sizeof(double)))
        return LGL_GEOM_LIMIT;
    memset(g->cell_counts, 0, cells * sizeof(uint32_t));
    memset(g->carry, 0, cells * sizeof(double));
    /* Pass 1: for each edge and row it crosses, the tiles whose pixels it partly covers get it
     * in their list; the tiles right of those get its height as a carry (the pixels there lie
     * wholly right of it: it adds its full signed height to their area sum). */
    size_t entries = 0;
    for (size_t i = 0; i < g->nedges; i++) {
        const float *e = g->edges + 4 * i;
        int r0 = (int)fmax(floor(fmin(e[1], e[3])), Y0), r1 = (int)fmin(ceil(fmax(e[1], e[3])), Y0 + rows) - 1;
        for (int r = r0; r <= r1; r++) {
            double xmin, xmax, dy;
            if (!edge_in_row(e, r, &xmin, &xmax, &dy)) continue;
            double ta = floor((floor(xmin) - X0) / tw), tb = floor((floor(xmax) - X0) / tw);
            size_t row = (size_t)(r - Y0) * (size_t)tiles;
            if (tb + 1 < tiles) g->carry[row + (size_t)fmax(tb + 1, 0)] += dy;
            if (tb < 0 || ta > tiles - 1) continue;
            int a = (int)fmax(ta, 0), b = (int)fmin(tb, tiles - 1);
            for (int t = a; t <= b; t++) g->cell_counts[row + (size_t)t]++;
            entries += (size_t)(b - a + 1);
            if (cells + entries > MAX_TEXELS) return LGL_GEOM_LIMIT;
        }
    }
    size_t texels = cells + entries;
    size_t trows = (texels + LGL_TEX_W - 1) / LGL_TEX_W;
    if (!grow((void **)&g->texels, &g->texels_cap, trows * LGL_TEX_W * 4, sizeof(float))) return LGL_GEOM_LIMIT;
    /* Headers: (start, count, carry) of each cell, the carries summed left to right. */
    size_t at = cells;
    for (int r = 0; r < rows; r++) {
        double c = 0;
        for (int t = 0; t < tiles; t++) {
            size_t k = (size_t)r * (size_t)tiles + (size_t)t;
            float *h = g->texels + 4 * k;
            c += g->carry[k];
            h[0] = (float)at;
            h[1] = 0;
            h[2] = (float)c;
            h[3] = 0;
            at += g->cell_counts[k];
        }
    }
    /* Pass 2: the lists. */
    for (size_t i = 0; i < g->nedges; i++) {
        const float *e = g->edges + 4 * i;
        int r0 = (int)fmax(floor(fmin(e[1], e[3])), Y0), r1 = (int)fmin(ceil(fmax(e[1], e[3])), Y0 + rows) - 1;
        for (int r = r0; r <= r1; r++) {
            double xmin, xmax, dy;
            if (!edge_in_row(e, r, &xmin, &xmax, &dy)) continue;
            double ta = floor((floor(xmin) - X0) / tw), tb = floor((floor(xmax) - X0) / tw);
            if (tb < 0 || ta > tiles - 1) continue;
            int a = (int)fmax(ta, 0), b = (int)fmin(tb, tiles - 1);
            size_t row = (size_t)(r - Y0) * (size_t)tiles;
            for (int t = a; t <= b; t++) {
                float *h = g->texels + 4 * (row + (size_t)t);
                size_t k = (size_t)h[0] + (size_t)h[1];
                h[1] += 1;
                memcpy(g->texels + 4 * k, e, 4 * sizeof(float));
            }
        }
    }
    memset(g->texels + 4 * texels, 0, (trows * LGL_TEX_W - texels) * 4 * sizeof(float));
    g->ntexels = texels;
    g->rows = trows;
    return LGL_GEOM_OK;
}
