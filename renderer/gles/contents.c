/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Contents images (RS-4): one draw call per record (contents.frag, both images of a cross-fade
 * bound), nine-sliced, filtered as the record asks, through its clip box and rounded bounds.
 * Each image is uploaded once per renderer and reused, keyed by its id (a frame-count LRU).
 */
#include "compositor.h"

#include <stdlib.h>
#include <string.h>

/* `pixels` (w x h, premultiplied RGBA8) box-filtered down by the whole factor `k` into a new
 * (w + k - 1) / k x (h + k - 1) / k buffer, or NULL when out of memory. Averaging
 * premultiplied pixels is exact for coverage; edge blocks average the pixels they have. */
static uint8_t *box_downscale(const uint8_t *pixels, uint32_t w, uint32_t h, uint32_t k,
                              uint32_t *out_w, uint32_t *out_h) {
    uint32_t tw = (w + k - 1) / k, th = (h + k - 1) / k;
    uint8_t *out = malloc((size_t)tw * th * 4);
    if (!out) return NULL;
    for (uint32_t ty = 0; ty < th; ty++)
        for (uint32_t tx = 0; tx < tw; tx++) {
            uint64_t sum[4] = {0, 0, 0, 0}, n = 0;
            for (uint32_t y = ty * k; y < h && y < (ty + 1) * k; y++)
                for (uint32_t x = tx * k; x < w && x < (tx + 1) * k; x++) {
                    const uint8_t *p = pixels + 4 * ((size_t)y * w + x);
                    for (int c = 0; c < 4; c++) sum[c] += p[c];
                    n++;
                }
            uint8_t *o = out + 4 * ((size_t)ty * tw + tx);
            for (int c = 0; c < 4; c++) o[c] = (uint8_t)((sum[c] + n / 2) / n);
        }
    *out_w = tw;
    *out_h = th;
    return out;
}

/* The cache's slot for image `id`: its index probe sequence starts at a mix of the id (ids
 * count up, so the low bits alone would cluster). */
static size_t tex_hash(lamina_image_t id, size_t cap) {
    uint64_t h = (uint64_t)id * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 32) & (cap - 1);
}

/* Rebuilds the index (issue 29: one probe per lookup, not a scan of every cached image) with
 * room for twice the entries; 0 when out of memory. */
static int tex_reindex(lamina_gles_renderer_t *r, size_t want) {
    size_t cap = r->tex_slot_cap ? r->tex_slot_cap : 64;
    while (cap < 2 * want) cap *= 2;
    if (cap != r->tex_slot_cap) {
        size_t *p = realloc(r->tex_slots, cap * sizeof *p);
        if (!p) return 0;
        r->tex_slots = p;
        r->tex_slot_cap = cap;
    }
    memset(r->tex_slots, 0, cap * sizeof *r->tex_slots);
    for (size_t i = 0; i < r->tex_count; i++) {
        size_t k = tex_hash(r->texs[i].id, cap);
        while (r->tex_slots[k]) k = (k + 1) & (cap - 1);
        r->tex_slots[k] = i + 1;
    }
    return 1;
}

/* The cache entry of image `id`, or NULL. */
static lgl_tex_entry_t *tex_find(lamina_gles_renderer_t *r, lamina_image_t id) {
    if (!r->tex_slot_cap) return NULL;
    for (size_t k = tex_hash(id, r->tex_slot_cap); r->tex_slots[k]; k = (k + 1) & (r->tex_slot_cap - 1))
        if (r->texs[r->tex_slots[k] - 1].id == id) return &r->texs[r->tex_slots[k] - 1];
    return NULL;
}

/* Uploads the image as a texture of its own (downscaled to GL's maximum side when larger);
 * 0 with f->status set on failure. */
static GLuint upload_standalone(lgl_frame_t *f, const lamina_image_info_t *pinfo) {
    const lamina_image_info_t info = *pinfo;
    GLint max_side = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);
    const uint8_t *pixels = info.pixels;
    uint32_t tw = info.width, th = info.height;
    uint8_t *scaled = NULL;
    if (max_side > 0 && (tw > (uint32_t)max_side || th > (uint32_t)max_side)) {
        uint32_t side = tw > th ? tw : th;
        uint32_t k = (side + (uint32_t)max_side - 1) / (uint32_t)max_side;
        scaled = box_downscale(info.pixels, info.width, info.height, k, &tw, &th);
        if (!scaled) {
            f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY,
                                 "out of memory downscaling a %ux%u image to the GL maximum %d",
                                 info.width, info.height, max_side);
            return 0;
        }
        pixels = scaled;
    }
    while (glGetError() != GL_NO_ERROR) {
    }
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    /* Premultiplied RGBA8, row 0 the top: GL's t = 0 is the image's top row (RS-4.2). */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, (GLsizei)tw, (GLsizei)th, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, pixels);
    free(scaled);
    GLenum err = glGetError();
    if (err != GL_NO_ERROR) {
        /* Not cached: the texture would stay empty, and later frames would draw without
         * the image while answering OK. */
        glDeleteTextures(1, &tex);
        f->status = lgl_fail(LAMINA_GLES_STATUS_GL_ERROR,
                             "GL error 0x%04x uploading a %ux%u image (as %ux%u)", err,
                             info.width, info.height, tw, th);
        return 0;
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return tex;
}

/* Copies the image (with a one-texel border repeating its edge) into the atlas; 0 when it is
 * too large, the atlas is full or out of memory (the caller uploads it on its own). */
static int atlas_insert(lgl_frame_t *f, const lamina_image_info_t *info, float uv[4]) {
    lamina_gles_renderer_t *r = f->r;
    int w = (int)info->width, h = (int)info->height, pw = w + 2, ph = h + 2;
    if (w > ATLAS_MAX_SIDE || h > ATLAS_MAX_SIDE) return 0;
    if (r->atlas_x + pw > ATLAS_SIDE) {
        r->atlas_y += r->atlas_row_h;
        r->atlas_x = r->atlas_row_h = 0;
    }
    if (r->atlas_y + ph > ATLAS_SIDE) {
        if (r->atlas_live > 0) return 0;
        r->atlas_x = r->atlas_y = r->atlas_row_h = 0; /* nothing left in it: start over */
    }
    uint8_t *pad = malloc((size_t)pw * ph * 4);
    if (!pad) return 0;
    for (int y = 0; y < ph; y++) {
        int sy = y == 0 ? 0 : y > h ? h - 1 : y - 1;
        for (int x = 0; x < pw; x++) {
            int sx = x == 0 ? 0 : x > w ? w - 1 : x - 1;
            memcpy(pad + 4 * ((size_t)y * pw + x), info->pixels + 4 * ((size_t)sy * w + sx), 4);
        }
    }
    while (glGetError() != GL_NO_ERROR) {
    }
    if (!r->atlas_tex) {
        glGenTextures(1, &r->atlas_tex);
        glBindTexture(GL_TEXTURE_2D, r->atlas_tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, ATLAS_SIDE, ATLAS_SIDE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glBindTexture(GL_TEXTURE_2D, r->atlas_tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, r->atlas_x, r->atlas_y, pw, ph, GL_RGBA, GL_UNSIGNED_BYTE, pad);
    free(pad);
    if (glGetError() != GL_NO_ERROR) return 0;
    uv[0] = (float)(r->atlas_x + 1) / ATLAS_SIDE;
    uv[1] = (float)(r->atlas_y + 1) / ATLAS_SIDE;
    uv[2] = (float)w / ATLAS_SIDE;
    uv[3] = (float)h / ATLAS_SIDE;
    r->atlas_x += pw;
    if (ph > r->atlas_row_h) r->atlas_row_h = ph;
    r->atlas_live++;
    return 1;
}

/* The texture of image `id` in this renderer's context, uploaded on first use and reused after
 * (keyed by the id); an external image is the host's texture name itself (never uploaded nor
 * deleted). An image with a side above GL_MAX_TEXTURE_SIZE is uploaded downscaled by the
 * smallest whole factor that fits (texture coordinates are normalised, so it draws in the same
 * place, less sharp). A failed upload is never cached: the frame answers the failure and the
 * next frame tries again (issue 31 item 9). 0 when the image is gone or cannot be uploaded.
 * Sets *w, *h (the image's own pixel size). With `uv` (a caller that can sample a part of a
 * texture), a small image without mipmaps comes from the atlas: its region in uv (u0, v0, du,
 * dv); uv[0] < 0 when the texture is the image's own. */
static GLuint image_texture(lgl_frame_t *f, lamina_image_t id, int want_mips, double *w, double *h,
                            int *external, float *uv) {
    lamina_gles_renderer_t *r = f->r;
    lamina_image_info_t info;
    if (uv) uv[0] = -1;
    int atlas_ok = uv && !want_mips;
    lgl_tex_entry_t *e = tex_find(r, id);
    /* A cached id needs no look-up (ids are never reused; external images are never cached). */
    if (e && ((atlas_ok && e->in_atlas) || (e->tex && (!want_mips || e->mipmapped)))) {
        *w = e->w;
        *h = e->h;
        *external = 0;
        e->last_frame = r->frame_no;
        if (atlas_ok && e->in_atlas) {
            memcpy(uv, e->uv, sizeof e->uv);
            return r->atlas_tex;
        }
        return e->tex;
    }
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (lamina_image_get_info(id, &info) != LAMINA_STATUS_OK || info.width == 0 || info.height == 0)
        return 0;
    *w = info.width;
    *h = info.height;
    *external = info.is_external != 0;
    if (info.is_external) return (GLuint)info.external_handle;
    if (!e) {
        if (!info.pixels) return 0;
        if (2 * (r->tex_count + 1) > r->tex_slot_cap && !tex_reindex(r, r->tex_count + 1)) {
            f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for textures");
            return 0;
        }
        if (r->tex_count == r->tex_cap) {
            size_t cap = r->tex_cap ? 2 * r->tex_cap : 16;
            lgl_tex_entry_t *p = realloc(r->texs, cap * sizeof *p);
            if (!p) {
                f->status = lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory for textures");
                return 0;
            }
            r->texs = p;
            r->tex_cap = cap;
        }
        lgl_tex_entry_t fresh;
        memset(&fresh, 0, sizeof fresh);
        fresh.id = id;
        fresh.w = info.width;
        fresh.h = info.height;
        if (atlas_ok && atlas_insert(f, &info, fresh.uv)) fresh.in_atlas = 1;
        else if (!(fresh.tex = upload_standalone(f, &info))) return 0;
        e = &r->texs[r->tex_count++];
        *e = fresh;
        size_t k = tex_hash(id, r->tex_slot_cap);
        while (r->tex_slots[k]) k = (k + 1) & (r->tex_slot_cap - 1);
        r->tex_slots[k] = r->tex_count; /* its index + 1 */
        r->stats.textures_uploaded++;
    }
    e->last_frame = r->frame_no;
    if (atlas_ok && e->in_atlas) {
        memcpy(uv, e->uv, sizeof e->uv);
        return r->atlas_tex;
    }
    if (!e->tex) { /* in the atlas only, and this caller needs a texture of its own */
        if (!info.pixels || !(e->tex = upload_standalone(f, &info))) return 0;
        r->stats.textures_uploaded++;
    }
    if (want_mips && !e->mipmapped) {
        glBindTexture(GL_TEXTURE_2D, e->tex);
        glGenerateMipmap(GL_TEXTURE_2D);
        e->mipmapped = 1;
    }
    return e->tex;
}

/* Deletes the textures of images not drawn for TEX_KEEP_FRAMES frames (ids are never reused, so
 * a gone image's entry would otherwise stay forever). Order is not kept (swap-remove). */
void lgl_evict_textures(lamina_gles_renderer_t *r) {
    size_t before = r->tex_count;
    for (size_t i = 0; i < r->tex_count;) {
        if (r->texs[i].last_frame + TEX_KEEP_FRAMES < r->frame_no) {
            if (r->texs[i].tex) glDeleteTextures(1, &r->texs[i].tex);
            if (r->texs[i].in_atlas) r->atlas_live--;
            r->texs[i] = r->texs[--r->tex_count];
        } else {
            i++;
        }
    }
    /* Entries moved: the index is rebuilt in place (same capacity, so it cannot fail). */
    if (r->tex_count != before && r->tex_slot_cap) tex_reindex(r, r->tex_count);
}

static GLint gl_filter(int32_t f, int minifying) {
    if (f == LAMINA_FILTER_NEAREST) return GL_NEAREST;
    if (f == LAMINA_FILTER_TRILINEAR && minifying) return GL_LINEAR_MIPMAP_LINEAR;
    return GL_LINEAR;
}

/* The nine-slice's fixed sides in points (left, right, top, bottom; RS-4.6), scaled down
 * together when they do not fit (RS-4.6 (b)); x = -1 when the image is one quad. */
static void slice_sides(const lamina_draw_record_t *rec, lamina_rect_t dest, double iw, double ih,
                        float out[4]) {
    lamina_rect_t c = rec->contents_center;
    out[0] = -1;
    out[1] = out[2] = out[3] = 0;
    if (rec->contents_gravity > LAMINA_GRAVITY_RESIZE_ASPECT_FILL) return; /* never slices */
    if (c.origin.x == 0 && c.origin.y == 0 && c.size.width == 1 && c.size.height == 1) return;
    double cs = rec->contents_scale > 0 ? rec->contents_scale : 1;
    double sw = rec->contents_rect.size.width * iw / cs, sh = rec->contents_rect.size.height * ih / cs;
    double l = c.origin.x * sw, rt = (1 - c.origin.x - c.size.width) * sw;
    double t = c.origin.y * sh, b = (1 - c.origin.y - c.size.height) * sh;
    if (l < 0) l = 0;
    if (rt < 0) rt = 0;
    if (t < 0) t = 0;
    if (b < 0) b = 0;
    double dw = fabs(dest.size.width), dh = fabs(dest.size.height);
    if (l + rt > dw && l + rt > 0) {
        double k = dw / (l + rt);
        l *= k;
        rt *= k;
    }
    if (t + b > dh && t + b > 0) {
        double k = dh / (t + b);
        t *= k;
        b *= k;
    }
    out[0] = (float)l;
    out[1] = (float)rt;
    out[2] = (float)t;
    out[3] = (float)b;
}

static lamina_rect_t rect_union(lamina_rect_t a, lamina_rect_t b) {
    double x0 = fmin(a.origin.x, b.origin.x), y0 = fmin(a.origin.y, b.origin.y);
    double x1 = fmax(a.origin.x + a.size.width, b.origin.x + b.size.width);
    double y1 = fmax(a.origin.y + a.size.height, b.origin.y + b.size.height);
    return (lamina_rect_t){{x0, y0}, {x1 - x0, y1 - y0}};
}

/* RS-4: the record's contents (and the image it cross-fades from), between its background and
 * its sublayers. One draw call: the image program with both images bound. */
void lgl_emit_contents(lgl_frame_t *f, const lamina_draw_record_t *rec, double alpha) {
    if (rec->struct_size < offsetof(lamina_draw_record_t, contents_fade) + sizeof(double)) return;
    double fade = rec->contents_fade;
    if (!(fade >= 0)) fade = 0;
    if (fade > 1) fade = 1;
    int has_new = rec->contents != LAMINA_IMAGE_NONE && fade > 0;
    int has_old = rec->contents_previous != LAMINA_IMAGE_NONE && fade < 1;
    if ((!has_new && !has_old) || !(alpha > 0)) return;
    lamina_gles_renderer_t *r = f->r;
    int mips = rec->minification_filter == LAMINA_FILTER_TRILINEAR;
    double w0 = 0, h0 = 0, w1 = 0, h1 = 0;
    int ext[2] = {0, 0};
    /* The batched path below samples a part of a texture: the atlas may serve it (issue 29). */
    lamina_rect_t sr = rec->contents_rect;
    lamina_rect_t cc = rec->contents_center;
    int may_slice = rec->contents_gravity <= LAMINA_GRAVITY_RESIZE_ASPECT_FILL &&
                    !(cc.origin.x == 0 && cc.origin.y == 0 && cc.size.width == 1 && cc.size.height == 1);
    int batchable = has_new && !has_old && !may_slice && !(rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS);
    int unit_src = sr.origin.x >= 0 && sr.origin.y >= 0 && sr.size.width > 0 && sr.size.height > 0 &&
                   sr.origin.x + sr.size.width <= 1 && sr.origin.y + sr.size.height <= 1;
    float uv[4] = {-1, 0, 0, 0};
    GLuint t0 = has_new ? image_texture(f, rec->contents, mips, &w0, &h0, &ext[0],
                                        batchable && unit_src ? uv : NULL) : 0;
    GLuint t1 = has_old ? image_texture(f, rec->contents_previous, mips, &w1, &h1, &ext[1], NULL) : 0;
    if (!t0 && !t1) return;
    float s0[4], s1[4];
    slice_sides(rec, rec->contents_dest, w0, h0, s0);
    slice_sides(rec, rec->contents_previous_dest, w1, h1, s1);
    /* Issue 29: one image, not sliced, not clipped by its rounded bounds: an instance of the
     * batch, so records sharing a texture (and filters) draw in one call. */
    if (t0 && !t1 && s0[0] < 0 && !(rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS)) {
        GLint min = gl_filter(rec->minification_filter, 1), mag = gl_filter(rec->magnification_filter, 0);
        if (ext[0] && min == GL_LINEAR_MIPMAP_LINEAR) min = GL_LINEAR;
        double bias = isfinite(rec->minification_filter_bias) ? rec->minification_filter_bias : 0;
        const lamina_transform3d_t *m = &rec->transform;
        /* A scale-and-translate map, all edges antialiased, one filter, no mipmaps: image_rect. */
        int plain = m->m12 == 0 && m->m21 == 0 && m->m14 == 0 && m->m24 == 0 && m->m44 == 1 &&
                    m->m11 != 0 && m->m22 != 0 && lgl_edge_code(rec) == 0.0f && min == mag;
        int kind = plain ? KIND_IMAGE_RECT : KIND_IMAGE;
        if (r->batch_kind == kind && r->inst_count > 0 &&
            (r->batch_tex != t0 || r->batch_min != min || r->batch_mag != mag || r->batch_bias != (float)bias))
            lgl_flush(f);
        lamina_rect_t d = rec->contents_dest;
        /* image_rect's coverage ends half a pixel past an edge: a one-pixel margin holds it. */
        double margin;
        if (plain) { /* background.c's rule for rect.frag */
            double mx = 1.0 / (fabs(m->m11) * f->scale), my = 1.0 / (fabs(m->m22) * f->scale);
            double fallback = 1.0 / (sqrt(fabs(m->m11 * m->m22)) * f->scale);
            margin = fmin(fmax(mx, my), fmax(fallback, fmax(fabs(d.size.width), fabs(d.size.height))));
        } else {
            margin = lgl_local_margin(&rec->transform, d, f->scale);
        }
        float *p = lgl_instance_for(f, rec, d, margin, kind);
        if (!p) return;
        r->batch_tex = t0;
        r->batch_min = min;
        r->batch_mag = mag;
        r->batch_bias = (float)bias;
        lamina_rect_t src = rec->contents_rect;
        if (uv[0] >= 0) { /* the image's region of the atlas */
            src.origin.x = uv[0] + src.origin.x * uv[2], src.origin.y = uv[1] + src.origin.y * uv[3];
            src.size.width *= uv[2], src.size.height *= uv[3];
        }
        p[20] = (float)src.origin.x, p[21] = (float)src.origin.y;
        p[22] = (float)src.size.width, p[23] = (float)src.size.height;
        lamina_color_t ic = lgl_instance_color(rec);
        p[24] = (float)(ic.r * ic.a), p[25] = (float)(ic.g * ic.a), p[26] = (float)(ic.b * ic.a);
        p[27] = (float)ic.a;
        p[28] = (float)alpha;
        p[29] = (rec->flags2 & LAMINA_DRAW2_CONTENTS_FLIPPED) ? 1.0f : 0.0f;
        p[30] = lgl_corner_code(rec) + lgl_edge_code(rec);
        p[31] = 0;
        if (plain) {
            p[30] = (float)(fabs(m->m11) * f->scale);
            p[31] = (float)(fabs(m->m22) * f->scale);
        }
        return;
    }
    lgl_flush(f);
    lamina_rect_t d0 = rec->contents_dest, d1 = rec->contents_previous_dest;
    lamina_rect_t quad = t0 && t1 ? rect_union(d0, d1) : t0 ? d0 : d1;
    if (rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) quad = rec->bounds; /* RS-4.4 */
    double margin = lgl_local_margin(&rec->transform, quad, f->scale);
    quad.origin.x -= margin;
    quad.origin.y -= margin;
    quad.size.width += 2 * margin;
    quad.size.height += 2 * margin;
    const GLint *u = r->img_u;
    const lamina_transform3d_t *m = &rec->transform;
    glUseProgram(r->img);
    glBindVertexArray(r->vao);
    glUniform4f(u[IU_R1], (float)m->m11, (float)m->m12, (float)m->m13, (float)m->m14);
    glUniform4f(u[IU_R2], (float)m->m21, (float)m->m22, (float)m->m23, (float)m->m24);
    glUniform4f(u[IU_R4], (float)m->m41, (float)m->m42, (float)m->m43, (float)m->m44);
    glUniform4f(u[IU_QUAD], (float)quad.origin.x, (float)quad.origin.y, (float)quad.size.width,
                (float)quad.size.height);
    lgl_set_device_vp(f, u[IU_VP]);
    glUniform1f(u[IU_SCALE], (float)f->scale);
    glUniform4f(u[IU_DEST0], (float)d0.origin.x, (float)d0.origin.y, (float)d0.size.width, (float)d0.size.height);
    glUniform4f(u[IU_DEST1], (float)d1.origin.x, (float)d1.origin.y, (float)d1.size.width, (float)d1.size.height);
    lamina_rect_t src = rec->contents_rect;
    glUniform4f(u[IU_SRC0], (float)src.origin.x, (float)src.origin.y, (float)src.size.width, (float)src.size.height);
    glUniform4f(u[IU_SRC1], (float)src.origin.x, (float)src.origin.y, (float)src.size.width, (float)src.size.height);
    glUniform4fv(u[IU_SLICE0], 1, s0);
    glUniform4fv(u[IU_SLICE1], 1, s1);
    lamina_rect_t c = rec->contents_center;
    glUniform4f(u[IU_CENTER], (float)c.origin.x, (float)c.origin.y, (float)c.size.width, (float)c.size.height);
    /* RS-4.8 (a): old x (1 - fade) + new x fade, premultiplied, then the opacity. */
    glUniform1f(u[IU_W0], t0 ? (float)(alpha * (t1 ? fade : 1)) : 0.0f);
    glUniform1f(u[IU_W1], t1 ? (float)(alpha * (t0 ? 1 - fade : 1)) : 0.0f);
    double bias = isfinite(rec->minification_filter_bias) ? rec->minification_filter_bias : 0;
    glUniform1f(u[IU_BIAS], (float)bias);
    glUniform1i(u[IU_FLIP], (rec->flags2 & LAMINA_DRAW2_CONTENTS_FLIPPED) != 0);
    lgl_set_clip_uniform(f, u[IU_CLIP], rec);
    glUniform4f(u[IU_BOUNDS], (float)rec->bounds.origin.x, (float)rec->bounds.origin.y,
                (float)rec->bounds.size.width, (float)rec->bounds.size.height);
    glUniform1f(u[IU_RADIUS], (float)rec->corner_radius);
    glUniform1f(u[IU_CORNER], lgl_corner_code(rec) + lgl_edge_code(rec));
    glUniform1i(u[IU_CLIP_BOUNDS], (rec->flags & LAMINA_DRAW_MASKS_TO_BOUNDS) != 0);
    glUniform1i(u[IU_TEX0], 0);
    glUniform1i(u[IU_TEX1], 1);
    lamina_color_t ic = lgl_instance_color(rec);
    glUniform4f(u[IU_TINT], (float)(ic.r * ic.a), (float)(ic.g * ic.a), (float)(ic.b * ic.a), (float)ic.a);
    /* RS-4.7: the filters, set on each texture as this record wants them. */
    GLuint texs[2] = {t0 ? t0 : t1, t1 ? t1 : t0};
    int is_ext[2] = {t0 ? ext[0] : ext[1], t1 ? ext[1] : ext[0]};
    for (int k = 1; k >= 0; k--) {
        glActiveTexture(GL_TEXTURE0 + (GLenum)k);
        glBindTexture(GL_TEXTURE_2D, texs[k]);
        /* A host texture may have no mipmaps (it would sample black): trilinear is linear. */
        GLint min = gl_filter(rec->minification_filter, 1);
        if (is_ext[k] && min == GL_LINEAR_MIPMAP_LINEAR) min = GL_LINEAR;
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, gl_filter(rec->magnification_filter, 0));
    }
    if (!t0) {
        /* Only the old image is there: it goes in unit 0 with its own destination. */
        glUniform4f(u[IU_DEST0], (float)d1.origin.x, (float)d1.origin.y, (float)d1.size.width, (float)d1.size.height);
        glUniform4fv(u[IU_SLICE0], 1, s1);
        glUniform1f(u[IU_W0], (float)(alpha * (1 - fade)));
        glUniform1f(u[IU_W1], 0.0f);
    }
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    r->stats.draw_calls++;
    r->stats.primitives++;
}
