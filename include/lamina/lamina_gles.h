/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina_gles.h - Lamina's reference compositor: draws a Lamina draw list with OpenGL ES 3.0.
 *
 * liblamina-gles is a separate, optional library beside liblamina (R14): the core stays
 * renderer-agnostic and this library renders its draw list (lamina_engine_draw_list()) the way
 * docs/semantics.md (Part II, RS-x.y) prescribes. It is the project's picture of record: the docs'
 * pictures and the golden images of its tests come from it.
 *
 * Two ways in:
 *   - into the host's GL context: lamina_gles_renderer_create() with an OpenGL ES 3.0 (or desktop
 *     GL 3.3 core) context current, then lamina_gles_renderer_render() or _draw() per frame; it
 *     draws into the currently bound framebuffer and the current viewport;
 *   - headless: lamina_gles_render_rgba() renders a root at a time into a caller's RGBA buffer
 *     through EGL on Mesa's surfaceless platform (no display, llvmpipe on a CPU).
 *
 * What it draws per record (RS-1 order): the shadow (RS-3, analytic Gaussian of the bounds'
 * rounded rectangle, sigma = shadowRadius), the background in the rounded bounds (RS-1.3/1.4,
 * circular corners), the sublayers, then the border above them (RS-1.1/1.2); opacity (RS-2.1)
 * per part, or as a group (RS-2.2, offscreen) where a layer's own opacity is below 1 and it has
 * sublayers; 3D transforms with perspective, clipped at the eye plane (RS-6.1/6.2/6.8); the
 * draw list's zPosition order (RS-6.4); doubleSided culling with its subtree (RS-6.7); the clip
 * of masking ancestors (RS-5.4/5.5: exact for the nearest one, any transform and radius;
 * further ones by their root-space box); the four transitions with subtypes (RS-7.3). Shape
 * layers (RS-8: fill with either rule, then the stroke with its caps, joins, dashes and trims,
 * above the contents and below the sublayers) and gradient layers (RS-9: axial, radial, conic,
 * above the background and below the contents) from the records' `shape` and `gradient` data;
 * every colour a record draws is multiplied by its `instance_color` (RS-13). Shape or gradient
 * data that is absurd (non-finite points, huge counts, tiny dash lengths) draws nothing for
 * that part and the frame's status stays OK. See docs/renderer.md.
 *
 * Cost: primitives are batched in painter's order into one instanced draw call per pass. A frame
 * of N simple layers (no group opacity, no transitions) costs 1 draw call whatever N is, plus a
 * clear when asked; each group or transition adds an offscreen pass (its contents' batches and
 * one composite call). lamina_gles_renderer_get_stats() reports the figures of the last frame.
 *
 * Errors: every function returns a lamina_status_t (lamina.h) or one of the LAMINA_GLES_STATUS_*
 * codes below, with a message for lamina_gles_last_error_message() (per thread). Bad input
 * (NULL, a size of 0, a draw list of another engine, a malformed list, no or a lost context)
 * gets a status, never a crash.
 *
 * Threads: a renderer belongs to the GL context it was created on; use it on the thread where
 * that context is current. lamina_gles_render_rgba() may be called from any thread; calls are
 * serialized on one process-wide EGL context.
 */
#ifndef LAMINA_GLES_H
#define LAMINA_GLES_H

#include <stddef.h>
#include <stdint.h>

#include "lamina.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The library's version (the same as liblamina's it was built with). */
#define LAMINA_GLES_VERSION_NUMBER LAMINA_VERSION_NUMBER

/* Status codes of this library, beyond lamina.h's. */
#define LAMINA_GLES_STATUS_NO_CONTEXT 100   /* No GL context current, or not the renderer's. */
#define LAMINA_GLES_STATUS_GL_ERROR 101     /* GL failed (a lost context, out of memory, a
                                               shader that did not compile). */
#define LAMINA_GLES_STATUS_UNAVAILABLE 102  /* Headless rendering is not available (no EGL
                                               display, no OpenGL ES 3 config). */

/** An opaque renderer: shaders, buffers and offscreen targets of one GL context. */
typedef struct lamina_gles_renderer lamina_gles_renderer_t;

/* lamina_gles_frame_t.flags */
#define LAMINA_GLES_FRAME_CLEAR (1u << 0)            /* Clear the viewport to clear_color first. */
#define LAMINA_GLES_FRAME_NO_GROUP_OPACITY (1u << 1) /* allowsGroupOpacity NO for every layer:
                                                        opacity multiplies into each part (RS-2.3). */
#define LAMINA_GLES_FRAME_NO_TEXT_TILES (1u << 2)    /* Draw every text layer glyph by glyph, not
                                                        from its text tile (R15.8). Since: 0.2 */
#define LAMINA_GLES_FRAME_PARTIAL (1u << 3)          /* Partial redraw (issue 29): draw only the
                                                        damage region, keep the framebuffer's other
                                                        pixels; see "Partial redraw". Needs
                                                        LAMINA_GLES_FRAME_CLEAR. Since: 0.2 */

/** How to draw one frame. Initialise with LAMINA_GLES_FRAME_INIT. */
typedef struct lamina_gles_frame {
    uint32_t struct_size;      /* sizeof(lamina_gles_frame_t) as the caller compiled it. */
    uint32_t flags;            /* LAMINA_GLES_FRAME_* */
    double scale;              /* Device pixels per point (contentsScale of the screen), > 0. */
    lamina_color_t clear_color; /* Non-premultiplied; used with LAMINA_GLES_FRAME_CLEAR. */
    /* Since 0.2: partial redraw (LAMINA_GLES_FRAME_PARTIAL; read only with the flag). */
    const lamina_rect_t *damage; /* Root-space rectangles that changed since the last frame
                                    (borrowed for the call), or NULL: the engine's damage of the
                                    list's root (lamina_engine_damage()). */
    size_t damage_count;         /* Rectangles at `damage`; 0 with a non-NULL `damage`: none. */
    int32_t buffer_age;          /* What the framebuffer holds: n >= 1, the frame this renderer
                                    drew n frames ago (1: the last one, as an FBO of the host's
                                    own); 0, ask EGL (EGL_EXT_buffer_age of the current draw
                                    surface when framebuffer 0 is bound), else unknown; < 0,
                                    unknown. Unknown redraws everything. */
} lamina_gles_frame_t;

#define LAMINA_GLES_FRAME_INIT \
    { (uint32_t)sizeof(lamina_gles_frame_t), LAMINA_GLES_FRAME_CLEAR, 1.0, { 0.0, 0.0, 0.0, 0.0 }, \
      NULL, 0, 0 }

/** Figures of the last frame drawn by a renderer. */
typedef struct lamina_gles_stats {
    uint32_t struct_size;    /* Set by the caller: sizeof(lamina_gles_stats_t). */
    uint32_t draw_calls;     /* glDraw* calls (clears not counted). */
    uint32_t primitives;     /* Instanced quads drawn (shadows, fills, borders). */
    uint32_t offscreen_passes; /* Group opacity and transition passes. */
    uint32_t records;        /* Draw records read. */
    uint32_t culled;         /* Records skipped by doubleSided culling (with their subtrees). */
    /* Since 0.2: contents images (RS-4). */
    uint32_t textures_uploaded; /* Images uploaded to textures during the frame (first use). */
    uint32_t textures_cached;   /* Textures the renderer holds after the frame. */
    /* Since 0.2: shouldRasterize (RS-11.3). A rasterized subtree is rendered into its cached
     * texture when its appearance changed (or on first use), and reused as it is otherwise. */
    uint32_t rasters_drawn;     /* Rasterized subtrees rendered into their texture this frame. */
    uint32_t rasters_reused;    /* Rasterized subtrees drawn from their unchanged texture. */
    /* Since 0.2: text layers (issue 26). */
    uint32_t glyphs_uploaded;   /* Glyphs rendered into the glyph atlas during the frame (a glyph
                                   is uploaded once per face, size and phase, then reused). */
    uint32_t glyphs_drawn;      /* Glyph quads drawn (on screen or into text tiles). */
    /* Since 0.2: text tiles (R15.8). A text layer that is only translated and scaled is drawn
     * into a tile once per look (glyphs, colours, device scale) and composited as one quad. */
    uint32_t text_tiles_rendered; /* Tiles drawn into the tile atlas during the frame. */
    uint32_t text_tiles_drawn;    /* Text layers drawn from their tile. */
    /* Since 0.2: layer filters (issue 32). A layer with filters is drawn offscreen in its own
     * space and filtered; the filtered texture is reused while neither its subtree nor its
     * filters change. */
    uint32_t filters_applied;     /* Filtered layers whose filters ran this frame. */
    uint32_t filters_reused;      /* Filtered layers drawn from their unchanged filtered texture. */
    uint32_t backdrops_filtered;  /* Background filters run (a backdrop read and filtered). */
    /* Since 0.2: partial redraw (issue 29). The region the frame redrew, in framebuffer pixels
     * with y up (as glScissor and eglSwapBuffersWithDamageKHR take it): the viewport for a full
     * frame, width 0 when nothing was redrawn (an idle partial frame). */
    int32_t redraw_x, redraw_y;
    uint32_t redraw_width, redraw_height;
} lamina_gles_stats_t;

/** Creates a renderer for the GL context current on the calling thread (OpenGL ES 3.0 or
 *  desktop GL 3.3 core): compiles its shaders and makes its buffers. The context's state is
 *  left as found, except the bindings listed under lamina_gles_renderer_draw().
 *  Errors: INVALID_ARGUMENT (NULL out), LAMINA_GLES_STATUS_NO_CONTEXT, LAMINA_GLES_STATUS_GL_ERROR,
 *  OUT_OF_MEMORY. @param out_renderer receives an owned renderer (lamina_gles_renderer_destroy). */
lamina_status_t lamina_gles_renderer_create(lamina_gles_renderer_t **out_renderer);

/** Frees a renderer and its GL objects. Call it with the renderer's context current (GL objects
 *  are then deleted) or after the context is gone (only memory is freed). NULL is ignored. */
void lamina_gles_renderer_destroy(lamina_gles_renderer_t *renderer);

/** Draws `count` records of a draw list that `engine` built at `time` (lamina_engine_draw_list())
 *  into the bound framebuffer's current viewport, root-space point (x, y) at device pixel
 *  (x, y) * scale from the viewport's top-left. The engine is read only to check the list's
 *  engine and for transition before-values (lamina_layer_get_transition_before_value() at
 *  `time`). Changes the bound program, vertex array,
 *  array buffer, texture unit 0's 2D texture, blend state (enabled, premultiplied over), and
 *  disables depth test, stencil test, scissor and face culling; restores the framebuffer binding
 *  and viewport. Errors: INVALID_ARGUMENT (NULL renderer, engine or frame, records NULL with
 *  count > 0, scale not finite and > 0, a malformed list: a descendant count running past the
 *  end, depths that do not nest), STALE_HANDLE (the first record's layer is not a layer of
 *  `engine`: a list of another engine or a destroyed layer), LAMINA_GLES_STATUS_NO_CONTEXT (not
 *  the renderer's context), LAMINA_GLES_STATUS_GL_ERROR (GL reported an error, e.g. a lost
 *  context). With LAMINA_GLES_FRAME_PARTIAL (Since: 0.2; see "Partial redraw" below) also
 *  INVALID_ARGUMENT without LAMINA_GLES_FRAME_CLEAR (the region's old pixels would show through)
 *  or for a damage rectangle that is not finite, and the errors of lamina_engine_damage(). Nothing is drawn when a check fails. */
lamina_status_t lamina_gles_renderer_draw(
    lamina_gles_renderer_t *renderer, lamina_engine_t *engine,
    const lamina_draw_record_t *records, size_t count, double time,
    const lamina_gles_frame_t *frame);

/** Builds `root`'s draw list at `time` and draws it (lamina_gles_renderer_draw()). Errors: those
 *  of lamina_engine_draw_list() and lamina_gles_renderer_draw(). */
lamina_status_t lamina_gles_renderer_render(
    lamina_gles_renderer_t *renderer, lamina_engine_t *engine, lamina_layer_t root, double time,
    const lamina_gles_frame_t *frame);

/* ------------------------------------------------------------------------------------------
 * Partial redraw (issue 29; docs/renderer.md, "Partial redraw")
 *
 * With LAMINA_GLES_FRAME_PARTIAL a frame redraws only its damage region: the bounding box, in
 * device pixels, of the frame's damage (frame->damage, or the engine's damage of the root,
 * lamina_engine_damage()) and, for a buffer of age n > 1, of the damage of the n - 1 frames
 * before it as this renderer drew them. Inside the region the frame is what a full redraw
 * draws (cleared to clear_color, then every record, clipped by a scissor); outside it the
 * framebuffer keeps its pixels. A backdrop (backgroundFilters) that the region meets widens it
 * to the whole backdrop, so a background blur never reads stale pixels. An empty region draws
 * nothing (0 draw calls): an idle frame costs the draw list's walk only. A region of half the
 * viewport or more is drawn whole (a whole clear is far cheaper than a scissored one); after
 * a frame whose engine damage covered that much, the next 7 frames are drawn whole without
 * asking the engine (its damage costs per record, for nothing while everything moves).
 * Everything is redrawn when the buffer's age is unknown or older than the renderer remembers
 * (8 frames), on the renderer's first frame, and when the viewport's size, the scale, the
 * engine or the root differ from the last frame's. With frame->damage NULL every draw list
 * built for the root must be drawn by this renderer (the engine's damage compares the last
 * two). With EGL (framebuffer 0 bound, buffer_age 0) the renderer queries the surface's buffer
 * age and, where the display has EGL_KHR_partial_update, sets the surface's damage region
 * before drawing; lamina_gles_swap_buffers() then presents with the frame's damage.
 * ------------------------------------------------------------------------------------------ */

/** Presents the current EGL draw surface after a frame of `renderer`: with
 *  eglSwapBuffersWithDamageKHR (or _EXT) and the last frame's redraw region where the display
 *  has EGL_KHR_swap_buffers_with_damage (or EGL_EXT_), else eglSwapBuffers. Call it on the
 *  renderer's thread, its context current with a window surface. Errors: INVALID_ARGUMENT
 *  (NULL), LAMINA_GLES_STATUS_NO_CONTEXT (no EGL context or draw surface current),
 *  LAMINA_GLES_STATUS_GL_ERROR (the swap failed; the message has EGL's error).
 *  Since: 0.2 */
lamina_status_t lamina_gles_swap_buffers(lamina_gles_renderer_t *renderer);

/** The figures of the renderer's last frame. Errors: INVALID_ARGUMENT (NULL, or struct_size
 *  smaller than the first two fields). */
lamina_status_t lamina_gles_renderer_get_stats(
    const lamina_gles_renderer_t *renderer, lamina_gles_stats_t *out_stats);

/** Headless: renders `root`'s subtree at `time` into `out_rgba`: width x height pixels, 4 bytes
 *  each (R, G, B, A), rows top first, colours non-premultiplied (sRGB values as given), over a
 *  transparent background. `scale` is device pixels per point (root-space points are scaled by
 *  it). Uses a process-wide EGL context on Mesa's surfaceless platform, made current for the
 *  call only; safe from any thread (calls are serialized). `frame` may be NULL (defaults:
 *  group opacity on); its scale is ignored in favour of `scale`. With LAMINA_GLES_FRAME_PARTIAL
 *  (Since: 0.2) `out_rgba` must hold the image the last call returned for `root` at this size
 *  and scale: only the damage region (frame->damage, or the engine's damage of `root`) is
 *  rendered and written, the other pixels are left as they are (buffer_age is not read). Errors: INVALID_ARGUMENT (NULL,
 *  width or height 0 or above 16384, scale not finite and > 0, out_size < width*height*4),
 *  those of lamina_engine_draw_list(), LAMINA_GLES_STATUS_UNAVAILABLE (no EGL/GLES 3 here),
 *  LAMINA_GLES_STATUS_GL_ERROR. */
lamina_status_t lamina_gles_render_rgba(
    lamina_engine_t *engine, lamina_layer_t root, double time, uint32_t width, uint32_t height,
    double scale, const lamina_gles_frame_t *frame, uint8_t *out_rgba, size_t out_size,
    lamina_gles_stats_t *out_stats);

/** Writes an RGBA8 image (rows top first, non-premultiplied) as a PNG file. Errors:
 *  INVALID_ARGUMENT (NULL, a size of 0), LAMINA_GLES_STATUS_GL_ERROR is never returned;
 *  NOT_FOUND when the file cannot be opened for writing. */
lamina_status_t lamina_gles_write_png(
    const char *path, const uint8_t *rgba, uint32_t width, uint32_t height);

/** Reads a PNG file into a newly allocated RGBA8 buffer (free() it). Errors: INVALID_ARGUMENT,
 *  NOT_FOUND (cannot open), TYPE_MISMATCH (not a PNG), OUT_OF_MEMORY. */
lamina_status_t lamina_gles_read_png(
    const char *path, uint8_t **out_rgba, uint32_t *out_width, uint32_t *out_height);

/** A static name for a status, including the LAMINA_GLES_STATUS_* codes; never NULL. */
const char *lamina_gles_status_string(lamina_status_t status);

/** The message of the calling thread's last failing call of this library ("" if none). The
 *  string is thread-local and valid until the thread's next failing call. */
const char *lamina_gles_last_error_message(void);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_GLES_H */
