/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Partial redraw (issue 29; lamina_gles.h "Partial redraw", docs/renderer.md): a frame redraws
 * only the device-pixel box of its damage, united with the damage of the frames its buffer
 * missed (buffer age) and with every backdrop the box meets; a scissor keeps the host
 * framebuffer's other pixels. Offscreen targets (groups, masks, filters, blurred shadows) are
 * still drawn whole, so everything composited into the box is what a full frame draws.
 */
#include "compositor.h"

#include <EGL/eglext.h>
#include <string.h>

#ifndef EGL_BUFFER_AGE_EXT
#define EGL_BUFFER_AGE_EXT 0x313D
#endif

typedef EGLBoolean (*lgl_set_damage_fn)(EGLDisplay, EGLSurface, EGLint *, EGLint);
typedef EGLBoolean (*lgl_swap_damage_fn)(EGLDisplay, EGLSurface, const EGLint *, EGLint);

/* Whether the display's extension string names `name` (a whole word). */
static int has_extension(EGLDisplay dpy, const char *name) {
    const char *all = eglQueryString(dpy, EGL_EXTENSIONS);
    size_t n = strlen(name);
    for (const char *p = all; p && (p = strstr(p, name)) != NULL; p += n)
        if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
    return 0;
}

/* Unions box `b` into `a` (x0, y0, x1, y1; an empty `a` has x1 <= x0). */
static void unite(int a[4], const int b[4]) {
    if (!(b[2] > b[0] && b[3] > b[1])) return;
    if (!(a[2] > a[0] && a[3] > a[1])) {
        memcpy(a, b, 4 * sizeof *a);
        return;
    }
    if (b[0] < a[0]) a[0] = b[0];
    if (b[1] < a[1]) a[1] = b[1];
    if (b[2] > a[2]) a[2] = b[2];
    if (b[3] > a[3]) a[3] = b[3];
}

static int meets(const int a[4], const int b[4]) {
    return a[2] > a[0] && a[3] > a[1] && b[2] > b[0] && b[3] > b[1] && a[0] < b[2] && b[0] < a[2] &&
           a[1] < b[3] && b[1] < a[3];
}

/* A root-space rectangle as viewport pixels rounded out and clamped (y down). */
static void device_rect(const lgl_frame_t *f, lamina_rect_t r, int out[4]) {
    double x0 = fmin(r.origin.x, r.origin.x + r.size.width) * f->scale;
    double x1 = fmax(r.origin.x, r.origin.x + r.size.width) * f->scale;
    double y0 = fmin(r.origin.y, r.origin.y + r.size.height) * f->scale;
    double y1 = fmax(r.origin.y, r.origin.y + r.size.height) * f->scale;
    out[0] = (int)floor(fmin(fmax(x0, 0), f->vp_w));
    out[1] = (int)floor(fmin(fmax(y0, 0), f->vp_h));
    out[2] = (int)ceil(fmin(fmax(x1, 0), f->vp_w));
    out[3] = (int)ceil(fmin(fmax(y1, 0), f->vp_h));
}

/* The viewport pixels a backdrop record reads and draws: its bounds' box through its transform
 * (the whole viewport when a corner is behind the eye), a pixel more for antialiasing. */
static void backdrop_box(const lgl_frame_t *f, const lamina_draw_record_t *rec, int out[4]) {
    const lamina_transform3d_t *m = &rec->transform;
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (int k = 0; k < 4; k++) {
        double x = rec->bounds.origin.x + ((k & 1) ? rec->bounds.size.width : 0);
        double y = rec->bounds.origin.y + ((k & 2) ? rec->bounds.size.height : 0);
        double w = x * m->m14 + y * m->m24 + m->m44;
        if (!(w > 1e-9)) {
            out[0] = out[1] = 0, out[2] = f->vp_w, out[3] = f->vp_h;
            return;
        }
        double X = (x * m->m11 + y * m->m21 + m->m41) / w, Y = (x * m->m12 + y * m->m22 + m->m42) / w;
        x0 = fmin(x0, X), y0 = fmin(y0, Y), x1 = fmax(x1, X), y1 = fmax(y1, Y);
    }
    device_rect(f, (lamina_rect_t){{x0 - 1 / f->scale, y0 - 1 / f->scale},
                                   {x1 - x0 + 2 / f->scale, y1 - y0 + 2 / f->scale}}, out);
}

/* Starts the history again with this frame's damage box. */
static void push_history(lamina_gles_renderer_t *r, const lgl_frame_t *f, const lamina_draw_record_t *recs,
                         size_t count, int reset, const int damage[4]) {
    lamina_layer_t root = count > 0 ? recs[0].layer : LAMINA_LAYER_NONE;
    if (reset || r->hist_w != f->vp_w || r->hist_h != f->vp_h || r->hist_scale != f->scale ||
        r->hist_engine != f->engine || r->hist_root != root)
        r->hist_count = 0;
    memmove(r->hist[1], r->hist[0], (LGL_HIST_MAX - 1) * sizeof r->hist[0]);
    memcpy(r->hist[0], damage, sizeof r->hist[0]);
    if (r->hist_count < LGL_HIST_MAX) r->hist_count++;
    r->hist_w = f->vp_w, r->hist_h = f->vp_h, r->hist_scale = f->scale;
    r->hist_engine = f->engine, r->hist_root = root;
}

int lgl_partial_begin(lgl_frame_t *f, const lamina_gles_frame_t *frame, const lamina_draw_record_t *recs,
                      size_t count, int known_age) {
    lamina_gles_renderer_t *r = f->r;
    int whole[4] = {0, 0, f->vp_w, f->vp_h};
    int region[4] = {0, 0, 0, 0};
    f->partial = 0;
    int v2 = frame->struct_size >= offsetof(lamina_gles_frame_t, buffer_age) + sizeof frame->buffer_age;
    if (!(frame->flags & LAMINA_GLES_FRAME_PARTIAL)) {
        push_history(r, f, recs, count, 0, whole); /* its damage is not known: all of it */
        goto full;
    }
    if (!(frame->flags & LAMINA_GLES_FRAME_CLEAR)) {
        f->status = lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT,
                             "LAMINA_GLES_FRAME_PARTIAL needs LAMINA_GLES_FRAME_CLEAR (the region's "
                             "old pixels would show through)");
        return 0;
    }
    /* The frame's own damage. */
    const lamina_rect_t *rects = v2 ? frame->damage : NULL;
    size_t n = v2 && rects ? frame->damage_count : 0;
    int damage[4] = {0, 0, 0, 0};
    int same = r->hist_w == f->vp_w && r->hist_h == f->vp_h && r->hist_scale == f->scale &&
               r->hist_engine == f->engine && r->hist_root == (count > 0 ? recs[0].layer : LAMINA_LAYER_NONE);
    int from_engine = !rects && count > 0, unknown = 0;
    if (from_engine && same && r->busy_skip > 0) {
        /* After a frame whose damage covered half the viewport: whole frames, without the
         * engine's damage (it costs per record), for LGL_BUSY_SKIP frames. The next frame that
         * asks gets the change since the last list, which a whole frame drew. */
        r->busy_skip--;
        push_history(r, f, recs, count, 0, whole);
        goto full;
    }
    if (from_engine) {
        lamina_status_t s = lamina_engine_damage(f->engine, recs[0].layer, &rects, &n);
        if (s != LAMINA_STATUS_OK) {
            f->status = lgl_fail(s, "lamina_engine_damage: %s", lamina_last_error_message());
            return 0;
        }
        unknown = n == 1 && rects[0].size.width >= 1e9; /* tracking starts: not a busy frame */
    } else if (!rects) {
        memcpy(damage, whole, sizeof damage); /* no root: what it drew before must go */
    }
    for (size_t i = 0; i < n; i++) {
        const lamina_rect_t *q = &rects[i];
        if (!isfinite(q->origin.x) || !isfinite(q->origin.y) || !isfinite(q->size.width) ||
            !isfinite(q->size.height)) {
            f->status = lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "damage rectangle %zu is not finite", i);
            return 0;
        }
        int b[4];
        device_rect(f, *q, b);
        unite(damage, b);
    }
    /* The buffer's age: what it holds, so which frames' damage it misses. */
    EGLDisplay dpy = eglGetCurrentDisplay();
    EGLSurface surf = EGL_NO_SURFACE;
    int age = known_age, from_egl = 0;
    if (age <= 0) age = v2 ? frame->buffer_age : -1;
    if (age == 0) {
        age = -1;
        surf = dpy != EGL_NO_DISPLAY ? eglGetCurrentSurface(EGL_DRAW) : EGL_NO_SURFACE;
        EGLint a = 0;
        if (f->host_fbo == 0 && surf != EGL_NO_SURFACE &&
            (has_extension(dpy, "EGL_EXT_buffer_age") || has_extension(dpy, "EGL_KHR_partial_update")) &&
            eglQuerySurface(dpy, surf, EGL_BUFFER_AGE_EXT, &a)) {
            age = a > 0 ? a : -1;
            from_egl = 1;
        }
    }
    if (from_engine && !unknown &&
        2.0 * (damage[2] - damage[0]) * (damage[3] - damage[1]) >= (double)f->vp_w * f->vp_h)
        r->busy_skip = LGL_BUSY_SKIP;
    if (known_age > 0) {
        memcpy(region, damage, sizeof region); /* the caller's image: the last frame, by contract */
    } else if (age >= 1 && same && age <= r->hist_count) {
        memcpy(region, damage, sizeof region);
        for (int k = 0; k < age - 1; k++) unite(region, r->hist[k]);
    } else {
        memcpy(region, whole, sizeof region);
    }
    push_history(r, f, recs, count, 0, damage);
    /* A backdrop the region meets is read whole: widen until no other one is met. */
    for (int grew = 1; grew && region[2] > region[0];) {
        grew = 0;
        for (size_t i = 0; i < count; i++) {
            const lamina_draw_filters_t *fl = lgl_rec_filters(&recs[i]);
            if (!fl || fl->background_filter_count == 0 || !fl->background_filters) continue;
            int b[4];
            backdrop_box(f, &recs[i], b);
            if (meets(region, b) && (b[0] < region[0] || b[1] < region[1] || b[2] > region[2] || b[3] > region[3])) {
                unite(region, b);
                grew = 1;
            }
        }
    }
    if (from_egl && has_extension(dpy, "EGL_KHR_partial_update")) {
        /* Before anything draws: the surface keeps its pixels outside the region. */
        lgl_set_damage_fn set = (lgl_set_damage_fn)eglGetProcAddress("eglSetDamageRegionKHR");
        EGLint rect[4] = {region[0], f->vp_h - region[3], region[2] - region[0], region[3] - region[1]};
        if (region[2] <= region[0]) rect[2] = rect[3] = 0;
        if (set) set(dpy, surf, rect, 1);
    }
    if (!(region[2] > region[0] && region[3] > region[1])) {
        r->stats.redraw_x = f->host_vp[0];
        r->stats.redraw_y = f->host_vp[1];
        r->stats.redraw_width = r->stats.redraw_height = 0;
        return 0;
    }
    /* A region of half the viewport or more is drawn whole: llvmpipe clears a whole surface
     * far faster than a scissored part of it (100 moving squares: 0.55 ms whole, 2.1 ms through
     * a 92 % scissor), and the pixels it saves are few. */
    double share = (double)(region[2] - region[0]) * (region[3] - region[1]) / ((double)f->vp_w * f->vp_h);
    if (share < 0.5) {
        f->partial = 1;
        for (int k = 0; k < 4; k++) f->region[k] = region[k];
        f->redraw[0] = f->host_vp[0] + region[0];
        f->redraw[1] = f->host_vp[1] + (f->vp_h - region[3]);
        f->redraw[2] = region[2] - region[0];
        f->redraw[3] = region[3] - region[1];
        r->stats.redraw_x = f->redraw[0];
        r->stats.redraw_y = f->redraw[1];
        r->stats.redraw_width = (uint32_t)f->redraw[2];
        r->stats.redraw_height = (uint32_t)f->redraw[3];
        return 1;
    }
full:
    r->stats.redraw_x = f->host_vp[0];
    r->stats.redraw_y = f->host_vp[1];
    r->stats.redraw_width = (uint32_t)f->vp_w;
    r->stats.redraw_height = (uint32_t)f->vp_h;
    return 1;
}

lamina_status_t lamina_gles_swap_buffers(lamina_gles_renderer_t *r) {
    if (!r) return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "renderer is NULL");
    EGLDisplay dpy = eglGetCurrentDisplay();
    EGLSurface surf = dpy != EGL_NO_DISPLAY ? eglGetCurrentSurface(EGL_DRAW) : EGL_NO_SURFACE;
    if (surf == EGL_NO_SURFACE)
        return lgl_fail(LAMINA_GLES_STATUS_NO_CONTEXT, "no EGL context with a draw surface is current");
    lgl_swap_damage_fn swap = NULL;
    if (has_extension(dpy, "EGL_KHR_swap_buffers_with_damage"))
        swap = (lgl_swap_damage_fn)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
    else if (has_extension(dpy, "EGL_EXT_swap_buffers_with_damage"))
        swap = (lgl_swap_damage_fn)eglGetProcAddress("eglSwapBuffersWithDamageEXT");
    const lamina_gles_stats_t *st = &r->stats;
    EGLBoolean ok;
    if (swap && st->redraw_width > 0 && st->redraw_height > 0) {
        EGLint rect[4] = {st->redraw_x, st->redraw_y, (EGLint)st->redraw_width, (EGLint)st->redraw_height};
        ok = swap(dpy, surf, rect, 1);
    } else {
        ok = eglSwapBuffers(dpy, surf); /* nothing redrawn, or no damage extension: the whole surface */
    }
    if (!ok) return lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "eglSwapBuffers failed (EGL error 0x%04x)", eglGetError());
    return LAMINA_STATUS_OK;
}
