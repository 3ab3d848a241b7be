/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Transitions (RS-7): the layer's subtree rendered twice offscreen (after and before), then
 * composited by type (fade, moveIn, push, reveal) and subtype (RS-7.3, RS-7.4).
 */
#include "compositor.h"

#include <stdlib.h>
#include <string.h>

/* The list index the old subtree's first record stands for (mask_index counts in the list):
 * a mask subtree follows its host's subtree, so a host at j says it is mask_index - (j + 1 +
 * descendant_count). 0 when no record of it has a mask (then no index is looked up). */
static size_t list_index(const lamina_draw_record_t *old, size_t n) {
    for (size_t j = 0; j < n; j++) {
        if (!(old[j].flags2 & LAMINA_DRAW2_HAS_MASK) || old[j].mask_index < 0) continue;
        size_t after = j + 1 + (size_t)old[j].descendant_count;
        if ((size_t)old[j].mask_index >= after) return (size_t)old[j].mask_index - after;
    }
    return 0;
}

/* The records of the transition's old side (CA-10.2), copied (malloc'd, *out_count of them)
 * with no transition left on any: the before subtree, transition_before and the
 * descendant_count records after it (docs/draw-records.md section 12); from a library of
 * another record layout, the before record over the new subtree. NULL when out of memory or
 * when the old records do not nest as a list does (f->status is set). */
static lamina_draw_record_t *old_side(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                                      size_t *out_count) {
    const lamina_draw_record_t *before = recs[0].transition_before;
    int subtree = before->struct_size == sizeof(lamina_draw_record_t);
    size_t n = subtree ? 1 + (size_t)before->descendant_count : count;
    lamina_draw_record_t *old = malloc(n * sizeof *old);
    if (!old) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a transition");
        return NULL;
    }
    if (subtree) {
        memcpy(old, before, n * sizeof *old);
    } else {
        /* The record of the layer's whole appearance before the transition (colours, corners,
         * contents, shadow, ...); its place in the list stays the record's. */
        memcpy(old, recs, n * sizeof *old);
        old[0] = *before;
        old[0].descendant_count = recs[0].descendant_count;
    }
    old[0].depth = recs[0].depth;
    /* Mask indices count in the list, from the layer's place in it: make them count in `old`,
     * which the old render looks masks up in (f->base). */
    size_t first = list_index(old, n);
    for (size_t i = 0; i < n; i++) {
        old[i].flags &= ~(uint32_t)LAMINA_DRAW_HAS_TRANSITION;
        if (old[i].mask_index >= 0) old[i].mask_index -= (int32_t)first;
        if (old[i].mask_host_index >= 0) old[i].mask_host_index -= (int32_t)first;
    }
    lamina_status_t s = lgl_check_subtree(old, n);
    if (s != LAMINA_STATUS_OK) {
        f->status = s;
        free(old);
        return NULL;
    }
    *out_count = n;
    return old;
}

/* RS-7.3: the old and new renders of the layer's subtree, composited by type and subtype. */
void lgl_draw_transition(lgl_frame_t *f, const lamina_draw_record_t *recs, size_t count,
                         double divisor, double parent_opacity, int level, int which) {
    lgl_flush(f);
    lamina_draw_record_t *copy = malloc(count * sizeof *copy);
    if (!copy) {
        f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for a transition");
        return;
    }
    memcpy(copy, recs, count * sizeof *copy);
    copy[0].flags &= ~(uint32_t)LAMINA_DRAW_HAS_TRANSITION;
    /* The engine gives every transitioning record its before-record (docs/draw-records.md). */
    const lamina_draw_record_t *before = recs[0].transition_before;
    if (before) {
        /* The whole-layer composite does the fade: the new render shows only the new contents
         * (docs/draw-records.md section 10). */
        copy[0].contents_previous = LAMINA_IMAGE_NONE;
        copy[0].contents_fade = 1;
    }
    lgl_target_t *tn = lgl_render_offscreen(f, copy, count, divisor, parent_opacity, level, 0);
    lgl_target_t *to = NULL;
    if (tn && !before) {
        to = lgl_render_offscreen(f, copy, count, divisor, parent_opacity, level, 1);
    } else if (tn) {
        size_t n = 0;
        lamina_draw_record_t *old = old_side(f, recs, count, &n);
        if (old) {
            /* Masks inside the old subtree are looked up in it (old_side made them count so). */
            const lamina_draw_record_t *base = f->base;
            size_t base_count = f->base_count;
            f->base = old;
            f->base_count = n;
            to = lgl_render_offscreen(f, old, n, divisor, parent_opacity, level, 1);
            f->base = base;
            f->base_count = base_count;
            free(old);
        }
    }
    free(copy);
    lgl_bind_level(f, level, which);
    if (!tn || !to) return;

    const lamina_draw_record_t *rec = &recs[0];
    double p = rec->transition_progress;
    if (!(p >= 0)) p = 0;
    if (p > 1) p = 1;
    double w = rec->bounds.size.width, h = rec->bounds.size.height;
    int type = rec->transition_type, sub = rec->transition_subtype;
    if (sub == LAMINA_TRANSITION_SUBTYPE_NONE) sub = LAMINA_TRANSITION_FROM_LEFT; /* RS-7.4(d) */
    /* Unit direction the new content enters from, in the layer's y-down plane. fromTop enters
     * from the visual top (minY in a flipped tree): Lamina's choice for RS-7.4(c). */
    double dx = 0, dy = 0;
    switch (sub) {
    case LAMINA_TRANSITION_FROM_RIGHT: dx = w; break;
    case LAMINA_TRANSITION_FROM_TOP: dy = -h; break;
    case LAMINA_TRANSITION_FROM_BOTTOM: dy = h; break;
    default: dx = -w; break;
    }
    lgl_composite_t c = {0};
    c.m = &rec->transform;
    c.bounds = rec->bounds;
    c.quad = rec->bounds;
    c.clip_bounds = (rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) != 0; /* RS-7.4(b) */
    c.alpha = 1.0f;
    c.p = (float)p;
    c.new_tex = tn->tex;
    c.old_tex = to->tex;
    switch (type) {
    case LAMINA_TRANSITION_MOVE_IN:
        c.mode = 2;
        c.shift_new[0] = (float)((1 - p) * dx);
        c.shift_new[1] = (float)((1 - p) * dy);
        break;
    case LAMINA_TRANSITION_PUSH:
        c.mode = 2;
        c.shift_new[0] = (float)((1 - p) * dx);
        c.shift_new[1] = (float)((1 - p) * dy);
        c.shift_old[0] = (float)(-p * dx);
        c.shift_old[1] = (float)(-p * dy);
        break;
    case LAMINA_TRANSITION_REVEAL:
        c.mode = 3;
        c.shift_old[0] = (float)(-p * dx);
        c.shift_old[1] = (float)(-p * dy);
        break;
    default:
        c.mode = 1; /* fade, RS-4.8 (a): premultiplied lerp */
        break;
    }
    if (!c.clip_bounds && type != LAMINA_TRANSITION_FADE) {
        /* The moving content may leave the bounds: cover where it can be. */
        c.quad.origin.x -= fabs(dx);
        c.quad.origin.y -= fabs(dy);
        c.quad.size.width += 2 * fabs(dx);
        c.quad.size.height += 2 * fabs(dy);
    }
    lgl_draw_composite(f, &c);
}
