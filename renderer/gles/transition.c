/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Transitions (RS-7): the layer's subtree rendered twice offscreen (after and before), then
 * composited by type (fade, moveIn, push, reveal) and subtype (RS-7.3, RS-7.4).
 */
#include "compositor.h"

#include <stdlib.h>
#include <string.h>

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
    if (before) {
        /* CA-10.2: the record of the layer's whole appearance before the transition (colours,
         * corners, contents, shadow, ...); its place in the list stays the record's. */
        uint32_t descendants = copy[0].descendant_count, depth = copy[0].depth;
        copy[0] = *before;
        copy[0].descendant_count = descendants;
        copy[0].depth = depth;
        copy[0].flags &= ~(uint32_t)LAMINA_DRAW_HAS_TRANSITION;
    }
    lgl_target_t *to = tn ? lgl_render_offscreen(f, copy, count, divisor, parent_opacity, level, 1) : NULL;
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
