/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina.h — the whole C contract of Lamina. Anything not declared here is not API.
 *
 * Lamina brings Core Animation's layer model to programs outside Apple's platforms: a tree of
 * layers whose property changes animate implicitly inside transactions, and a presentation
 * tree that tells the host, at any moment, what is on screen. The host draws; Lamina decides
 * how things move.
 *
 * Versions: each declaration says since which version it exists ("Since: 0.1"). This header
 * is 0.2.0-dev (lamina_version.h): what it marks since 0.2 is unreleased, part of the coming
 * 0.2.0, and may still change until then; `#if LAMINA_VERSION_NUMBER >= 2000` selects it.
 *
 * Conventions (see docs/c-api/ for the long form):
 *
 *  - Units: time in seconds (double), angles in radians, lengths in points, colours as
 *    non-premultiplied RGBA doubles. Matrices are Core Animation's: row vectors, p' = p * M,
 *    translation in m41, m42, m43.
 *  - Errors: every function that can fail returns a lamina_status_t; results come back through
 *    out-parameters, which are left untouched on failure. The calling thread's last error
 *    (status and message) is kept until its next failing call: lamina_last_error_message().
 *    No function aborts the process on bad input: NULL, a stale handle, NaN or infinity where a
 *    finite number is needed, an unknown key, a value of the wrong type and an unbalanced
 *    transaction each return a status and leave the engine as it was. Numbers inside property,
 *    animation and transaction values must also be at most 1e15 in magnitude (larger ones
 *    overflowed in interpolation and geometry): INVALID_ARGUMENT otherwise.
 *  - Handles (R13): an engine is an opaque handle owned by the caller (create/destroy);
 *    it is never dereferenced by the caller and names a slot of a process-wide engine table
 *    with a generation, so a destroyed or forged engine handle is answered with
 *    LAMINA_STATUS_STALE_HANDLE and memory stays bounded by the engines alive at once. Layers
 *    are named by lamina_layer_t values carrying their engine's identity, an index and a
 *    generation: a stale or forged layer handle, or one of another engine, is answered with
 *    LAMINA_STATUS_STALE_HANDLE, never taken for another layer.
 *  - Ownership: "owned" results are the caller's to release; "borrowed" pointers stay valid
 *    for the stated span only. Strings passed in are copied.
 *  - Threads (R12): any thread may call any function on an engine. Each thread has its
 *    own transaction stack per engine. Changes are serialized inside the engine; a commit
 *    publishes atomically. One thread ticks an engine at a time. Callbacks run on the thread
 *    that called lamina_engine_tick(), outside any engine lock, and may call any function except
 *    lamina_engine_destroy() and lamina_engine_tick() on the same engine (MISUSE); layer
 *    delegates and custom actions run synchronously inside the call that triggered them and
 *    may not destroy the engine either (MISUSE). When a thread exits, its implicit transaction
 *    commits (as Core Animation's does) and so does every explicit one it left open: nothing
 *    passes to another thread, and their completions run at a later tick.
 *  - Booleans are lamina_bool_t (uint32_t, 0 or 1) and enums are fixed-width integers.
 *
 * Typical use (listing 7.1: a colour change animates implicitly):
 *
 *     lamina_engine_t *engine;
 *     lamina_layer_t layer;
 *     lamina_color_t red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};
 *     lamina_engine_create(&engine);
 *     lamina_layer_create(engine, &layer);
 *     lamina_layer_set_color(engine, layer, "backgroundColor", red);   // not committed: no animation
 *     lamina_engine_tick(engine, 0.0);          // commits: the layer now has a presentation
 *     lamina_layer_set_color(engine, layer, "backgroundColor", blue);  // animates over 0.25 s
 *     lamina_engine_tick(engine, 0.1);          // commits: the animation begins at 0.1 (R2)
 *     lamina_engine_tick(engine, 0.2);          // presentation is part-way to blue
 *     lamina_engine_destroy(engine);
 */
#ifndef LAMINA_H
#define LAMINA_H

#include <stddef.h>
#include <stdint.h>

#include "lamina_version.h"

#if defined(_WIN32) && defined(LAMINA_BUILDING)
#define LAMINA_API __declspec(dllexport)
#elif defined(_WIN32) && defined(LAMINA_SHARED)
#define LAMINA_API __declspec(dllimport)
#elif defined(__GNUC__) || defined(__clang__)
#define LAMINA_API __attribute__((visibility("default")))
#else
#define LAMINA_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Basic types                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** A boolean with a fixed ABI width: 0 is false, 1 is true (any non-zero input is true). */
typedef uint32_t lamina_bool_t;
#define LAMINA_FALSE 0u
#define LAMINA_TRUE 1u

/** A status code. LAMINA_STATUS_OK is 0; every other value is a failure. */
typedef int32_t lamina_status_t;
#define LAMINA_STATUS_OK 0               /* Success. */
#define LAMINA_STATUS_INVALID_ARGUMENT 1 /* NULL out-pointer, NaN/infinite number, bad range. */
#define LAMINA_STATUS_MISUSE 2           /* Call breaks a rule: unbalanced commit, cycle, ... */
#define LAMINA_STATUS_STALE_HANDLE 3     /* Engine destroyed or layer handle not alive. */
#define LAMINA_STATUS_UNKNOWN_KEY 4      /* Key or key path names no property. */
#define LAMINA_STATUS_TYPE_MISMATCH 5    /* Value of the wrong type for the key. */
#define LAMINA_STATUS_NOT_FOUND 6        /* No such entry (transaction value, sibling, ...). */
#define LAMINA_STATUS_NO_PRESENTATION 7  /* The layer has never been committed (R3, CA-1.2). */
#define LAMINA_STATUS_OUT_OF_MEMORY 8    /* An allocation failed or a limit was reached. */

/** An engine: owns layers, transactions, animations and time. Opaque. */
typedef struct lamina_engine lamina_engine_t;

/** A layer handle: an index and a generation. 0 (LAMINA_LAYER_NONE) names no layer. */
typedef uint64_t lamina_layer_t;
#define LAMINA_LAYER_NONE ((lamina_layer_t)0)

/** A point. */
typedef struct lamina_point {
    double x;
    double y;
} lamina_point_t;

/** A size. Negative sizes are allowed and standardized where geometry needs it. */
typedef struct lamina_size {
    double width;
    double height;
} lamina_size_t;

/** A rectangle. */
typedef struct lamina_rect {
    lamina_point_t origin;
    lamina_size_t size;
} lamina_rect_t;

/** A colour: non-premultiplied RGBA, nominally each in [0, 1]. Extended range (R9): any finite
 *  component is kept as given, outside [0, 1] too, and interpolates as a number; renderers
 *  clamp when they draw. A non-finite one is INVALID_ARGUMENT where a colour is set. */
typedef struct lamina_color {
    double r;
    double g;
    double b;
    double a;
} lamina_color_t;

/** A 4x4 transform in Core Animation's layout (row vectors, translation in m41..m43). */
typedef struct lamina_transform3d {
    double m11, m12, m13, m14;
    double m21, m22, m23, m24;
    double m31, m32, m33, m34;
    double m41, m42, m43, m44;
} lamina_transform3d_t;

/** A cubic Bezier timing function from (0,0) to (1,1) with control points c1 and c2 (CA-6.1).
 *  c1x and c2x must lie in [0, 1]; the y values may overshoot. */
typedef struct lamina_timing_function {
    double c1x;
    double c1y;
    double c2x;
    double c2y;
} lamina_timing_function_t;

/** The named timing functions of CA-6.2. */
typedef int32_t lamina_timing_name_t;
#define LAMINA_TIMING_LINEAR 0
#define LAMINA_TIMING_EASE_IN 1
#define LAMINA_TIMING_EASE_OUT 2
#define LAMINA_TIMING_EASE_IN_EASE_OUT 3
#define LAMINA_TIMING_DEFAULT 4 /* (0.25, 0.1, 0.25, 1): the curve of implicit animations. */

/** The type tag of a lamina_value_t. */
typedef int32_t lamina_value_type_t;
#define LAMINA_VALUE_NULL 0      /* No value: a nil colour (backgroundColor's default) or name. */
#define LAMINA_VALUE_NUMBER 1    /* u.number */
#define LAMINA_VALUE_POINT 2     /* u.point */
#define LAMINA_VALUE_SIZE 3      /* u.size */
#define LAMINA_VALUE_RECT 4      /* u.rect */
#define LAMINA_VALUE_COLOR 5     /* u.color */
#define LAMINA_VALUE_TRANSFORM 6 /* u.transform */
#define LAMINA_VALUE_BOOL 7      /* u.boolean */
#define LAMINA_VALUE_STRING 8    /* u.string: NUL-terminated UTF-8 */
#define LAMINA_VALUE_IMAGE 9     /* u.image: a lamina_image_t (contents); since 0.2 */
#define LAMINA_VALUE_PATH 10     /* u.path: elements + count (shadowPath); since 0.2 */

/** An image handle (contents, RS-4.1): unique in the process, never reused, 0 for none.
 *  Reference-counted: see lamina_image_retain() / lamina_image_release(). Since: 0.2 */
typedef uint64_t lamina_image_t;
#define LAMINA_IMAGE_NONE 0u
#define LAMINA_VALUE_VECTOR3 11  /* u.vector3: three numbers, the input of the scale and
                                    translate value functions (CA-7.5); no property holds one;
                                    since 0.2 */
#define LAMINA_VALUE_NUMBER_ARRAY 12 /* u.numbers: items + count (lineDashPattern, locations);
                                        since 0.2 */
#define LAMINA_VALUE_COLOR_ARRAY 13  /* u.colors: items + count (a gradient's colors); since 0.2 */
/* Arrays (NUMBER_ARRAY, COLOR_ARRAY) hold at most 65536 items (more: INVALID_ARGUMENT); items
 * may be NULL only when count is 0; every number must be finite (else INVALID_ARGUMENT). Items
 * are copied on set and borrowed on get, like paths: valid until the next call on the same
 * thread that returns an array of that type. Arrays of equal length interpolate item by item;
 * arrays of different lengths switch at progress 0.5 (R9). */

/** Three numbers (x, y, z), for LAMINA_VALUE_VECTOR3. */
typedef struct lamina_vector3 {
    double x, y, z;
} lamina_vector3_t;

/** Numbers for LAMINA_VALUE_NUMBER_ARRAY (lineDashPattern, locations): copied on set,
 *  borrowed on get (like paths). Since: 0.2 */
typedef struct lamina_number_array {
    const double *items;
    size_t count;
} lamina_number_array_t;

/** Colours for LAMINA_VALUE_COLOR_ARRAY (a gradient's colors), straight RGBA: copied on set,
 *  borrowed on get (like paths). Since: 0.2 */
typedef struct lamina_color_array {
    const lamina_color_t *items;
    size_t count;
} lamina_color_array_t;

/* ---- Layer filters (issue 32; R19; since 0.2) ------------------------------------------- */
#define LAMINA_VALUE_FILTER_ARRAY 14 /* u.filters: items + count (filters, backgroundFilters);
                                        since 0.2 */

/** The type of a layer filter (R19.1): Core Image's filters by their short names, which the
 *  key-value API and Python take ("gaussianBlur" or "CIGaussianBlur", ...). Not to be
 *  confused with the contents' sampling filters (LAMINA_FILTER_LINEAR ...). Since: 0.2 */
typedef int32_t lamina_filter_type_t;
#define LAMINA_FILTER_TYPE_GAUSSIAN_BLUR 1    /* "gaussianBlur": params[0] inputRadius (10). */
#define LAMINA_FILTER_TYPE_COLOR_MATRIX 2     /* "colorMatrix": params[0..19] the 4x5 matrix,
                                                 row-major: rows R, G, B, A (inputRVector ...
                                                 inputAVector), columns r, g, b, a and the
                                                 bias (inputBiasVector); identity by default. */
#define LAMINA_FILTER_TYPE_COLOR_CONTROLS 3   /* "colorControls": params[0] inputSaturation (1),
                                                 [1] inputBrightness (0), [2] inputContrast (1). */
#define LAMINA_FILTER_TYPE_COLOR_INVERT 4     /* "colorInvert": no parameters. */
#define LAMINA_FILTER_TYPE_COLOR_MONOCHROME 5 /* "colorMonochrome": params[0..3] inputColor RGBA
                                                 (0.6, 0.45, 0.3, 1), [4] inputIntensity (1). */
#define LAMINA_FILTER_TYPE_ALPHA 6            /* "alpha": params[0] inputAmount (1), which
                                                 multiplies alpha (CSS opacity()). */

/** The most filters one `filters` or `backgroundFilters` array holds (more: INVALID_ARGUMENT). */
#define LAMINA_FILTER_MAX_COUNT 64
/** The largest Gaussian sigma, in root-space points, a draw record carries (R19.6): larger
 *  radii are clamped there, so an offscreen target never grows without bound. */
#define LAMINA_FILTER_MAX_SIGMA 256.0

/** One filter as a host gives it (R19.1): a type, a name that key paths reach it by
 *  ("filters.<name>.inputRadius"), and its parameters, laid out per type as the
 *  LAMINA_FILTER_TYPE_* comments say (unused entries are ignored). Start from
 *  lamina_filter_init(), which sets Core Image's defaults. Copied on set; on get the name is
 *  borrowed like a string value. Since: 0.2 */
typedef struct lamina_filter {
    lamina_filter_type_t type;   /* LAMINA_FILTER_TYPE_* */
    uint32_t reserved;           /* Zero. */
    const char *name;            /* UTF-8; NULL or "" for none (then no key path reaches it). */
    double params[20];           /* The inputs, per type. */
} lamina_filter_t;

/** Filters for LAMINA_VALUE_FILTER_ARRAY: at most LAMINA_FILTER_MAX_COUNT, applied in order.
 *  Copied on set, borrowed on get (like paths). Since: 0.2 */
typedef struct lamina_filter_array {
    const lamina_filter_t *items;
    size_t count;
} lamina_filter_array_t;

/** A tagged value, for the key-based property and transaction functions.
 *
 *  Strings written into a lamina_value_t by Lamina are borrowed: they stay valid until the
 *  next call on the same thread that returns a string value. Strings passed in are copied. */
typedef struct lamina_value {
    lamina_value_type_t type;
    uint32_t reserved; /* Set to 0. */
    union {
        double number;
        lamina_point_t point;
        lamina_size_t size;
        lamina_rect_t rect;
        lamina_color_t color;
        lamina_transform3d_t transform;
        lamina_bool_t boolean;
        const char *string;
        lamina_image_t image; /* Since 0.2. */
        struct {
            const struct lamina_path_element *elements; /* Copied on set; borrowed on get
                                                          (like strings). */
            size_t count;
        } path; /* Since 0.2. */
        lamina_vector3_t vector3; /* Since 0.2. */
        lamina_number_array_t numbers; /* LAMINA_VALUE_NUMBER_ARRAY. Since 0.2. */
        lamina_color_array_t colors;   /* LAMINA_VALUE_COLOR_ARRAY. Since 0.2. */
        lamina_filter_array_t filters; /* LAMINA_VALUE_FILTER_ARRAY. Since 0.2. */
    } u;
} lamina_value_t;

/** A callback with the userdata it was registered with. */
typedef void (*lamina_callback_fn)(void *userdata);

/** Frees a userdata pointer once Lamina no longer needs it (after the callback ran, or when
 *  the registration is dropped without running, e.g. when the engine is destroyed). */
typedef void (*lamina_free_fn)(void *userdata);

/* ------------------------------------------------------------------------------------------ */
/* Library                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** The run-time version, MAJOR * 1000000 + MINOR * 1000 + PATCH (LAMINA_VERSION_NUMBER).
 *  Since: 0.1 */
LAMINA_API int32_t lamina_version_number(void);

/** The run-time version as a static string, e.g. "0.1.0". Since: 0.1 */
LAMINA_API const char *lamina_version_string(void);

/** A static, human-readable name for a status ("LAMINA_STATUS_MISUSE"); never NULL, also for
 *  unknown codes. Since: 0.1 */
LAMINA_API const char *lamina_status_string(lamina_status_t status);

/** The status of the calling thread's last failing call, or LAMINA_STATUS_OK if none.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_last_error_status(void);

/** The message of the calling thread's last failing call ("" if none). Borrowed: valid until
 *  the calling thread's next failing Lamina call. A failure of a call about a layer names the
 *  layer first, by its name and kind, or by its handle and kind when it has no name:
 *  `layer "card" (shape layer): 'opacity' takes a number value, not a point`,
 *  `layer 1099528404994 (plain layer): ...`. An unknown key adds the closest key valid for that
 *  layer (its kind's built-in keys and the engine's custom properties) when one is close:
 *  `...: unknown property key 'cornerRadious'; did you mean 'cornerRadius'?`. A stale layer
 *  handle cannot be named: `layer handle 1099528404994 is not alive in this engine`. The text
 *  is for people; test the status, not the words. Since: 0.1 (layer names: 0.2) */
LAMINA_API const char *lamina_last_error_message(void);

/** Seconds of a monotonic clock (CLOCK_MONOTONIC, never the wall clock; R1, CA-17): a
 *  convenient time source for lamina_engine_tick(). Since: 0.1 */
LAMINA_API double lamina_clock_now(void);

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** Creates an engine at time 0.
 *  @param out_engine receives the engine. Owned: destroy with lamina_engine_destroy().
 *  Errors: INVALID_ARGUMENT if out_engine is NULL; OUT_OF_MEMORY past 2^32-2 live engines.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_create(lamina_engine_t **out_engine);

/** Destroys an engine and everything it owns. Pending completion callbacks are not run; their
 *  free functions are. After this the pointer is stale: calls with it return STALE_HANDLE.
 *  Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE, MISUSE when called from one of this engine's
 *  callbacks (tick callbacks, layer delegates, custom actions). Thread safety: no other thread
 *  may be using the engine. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_destroy(lamina_engine_t *engine);

/** One run-loop turn (R2): sets the engine time to `time`, then commits the calling thread's
 *  implicit transaction (its animations begin at `time`, as do those of transactions committed
 *  since the last tick of an engine driven by hand), starts, finishes and removes animations,
 *  then runs the callbacks that became due (transaction completions) on this thread, outside
 *  the engine lock. See "engine clocks" for engines that read a clock instead.
 *  @param time seconds; finite. It may go backwards (the presentation follows it).
 *  Errors: INVALID_ARGUMENT (NaN/infinite), STALE_HANDLE, MISUSE when called from a callback
 *  of this engine or while another thread is ticking it. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_tick(lamina_engine_t *engine, double time);

/** The engine's current time: the time of the last tick (0 before the first); with a clock,
 *  commits also move it forward to the clock's reading (R1).
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_get_time(lamina_engine_t *engine, double *out_time);

/** Registers a custom animatable property (CA-3.16, CA-7.7) for every layer of the engine.
 *  @param key a name that is not a built-in key and contains no '.'; copied.
 *  @param default_value its default: a NUMBER, POINT, SIZE, RECT, COLOR or TRANSFORM.
 *  Errors: INVALID_ARGUMENT (NULL, empty or dotted key, non-finite numbers), MISUSE (key
 *  already registered or built in), TYPE_MISMATCH (other value types). Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_register_property(
    lamina_engine_t *engine, const char *key, const lamina_value_t *default_value);

/* ------------------------------------------------------------------------------------------ */
/* Layers and the layer tree                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** Creates a layer with Core Animation's defaults (CA-13). It has no presentation until a
 *  transaction that contains it commits (CA-1.2).
 *  @param out_layer receives the handle, holding one host reference: release it with
 *  lamina_layer_release(). A superlayer holds its own reference to each sublayer.
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE, OUT_OF_MEMORY. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_create(lamina_engine_t *engine, lamina_layer_t *out_layer);

/** Adds a host reference to a layer. Errors: STALE_HANDLE, OUT_OF_MEMORY (count overflow).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_retain(lamina_engine_t *engine, lamina_layer_t layer);

/** Drops a host reference. A layer with no host references and no superlayer is destroyed,
 *  with its animations; its sublayers lose their superlayer's reference in turn. A destroyed
 *  layer's handle is stale. Errors: STALE_HANDLE, MISUSE (no host reference left).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_release(lamina_engine_t *engine, lamina_layer_t layer);

/** Appends `child` to `parent`'s sublayers, removing it from its old superlayer first.
 *  Errors: STALE_HANDLE, MISUSE (child is parent or one of its ancestors: a cycle).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_add_sublayer(
    lamina_engine_t *engine, lamina_layer_t parent, lamina_layer_t child);

/** Inserts `child` at `index` of `parent`'s sublayers (clamped to the count, like CALayer).
 *  Errors: as lamina_layer_add_sublayer(). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_insert_sublayer_at(
    lamina_engine_t *engine, lamina_layer_t parent, lamina_layer_t child, uint32_t index);

/** Inserts `child` just above `sibling` (later in the sublayers: drawn over it).
 *  Errors: as lamina_layer_add_sublayer(); NOT_FOUND if sibling is not a sublayer of parent.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_insert_sublayer_above(
    lamina_engine_t *engine, lamina_layer_t parent, lamina_layer_t child, lamina_layer_t sibling);

/** Inserts `child` just below `sibling`. Errors: as lamina_layer_insert_sublayer_above().
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_insert_sublayer_below(
    lamina_engine_t *engine, lamina_layer_t parent, lamina_layer_t child, lamina_layer_t sibling);

/** Removes a layer from its superlayer (no effect if it has none). If no host reference is
 *  left the layer is destroyed. Errors: STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_remove_from_superlayer(
    lamina_engine_t *engine, lamina_layer_t layer);

/** Replaces `old_layer`, a sublayer of `parent`, with `new_layer` at the same index.
 *  Errors: STALE_HANDLE, NOT_FOUND (old_layer not a sublayer of parent), MISUSE (cycle).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_replace_sublayer(
    lamina_engine_t *engine, lamina_layer_t parent, lamina_layer_t old_layer,
    lamina_layer_t new_layer);

/** The superlayer, or LAMINA_LAYER_NONE. Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_superlayer(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_layer_t *out_superlayer);

/** Copies up to `capacity` sublayer handles, back to front, into `buffer` (which may be NULL
 *  when capacity is 0) and writes the total count to `out_count`.
 *  Errors: INVALID_ARGUMENT (out_count NULL, or buffer NULL with capacity > 0), STALE_HANDLE.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_sublayers(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_layer_t *buffer, size_t capacity,
    size_t *out_count);

/* ------------------------------------------------------------------------------------------ */
/* Properties                                                                                  */
/*                                                                                             */
/* Keys are Core Animation's names: bounds, position, zPosition, anchorPoint, anchorPointZ,    */
/* transform, sublayerTransform, hidden, doubleSided, masksToBounds, contentsRect,             */
/* contentsCenter, contentsScale, backgroundColor, cornerRadius, borderWidth, borderColor,     */
/* opacity, shadowColor, shadowOpacity, shadowOffset, shadowRadius, shouldRasterize,           */
/* rasterizationScale, name, and registered custom properties. Key paths into structs work    */
/* for reading and writing (CA-7.6): position.x, bounds.origin.y, bounds.size.width,          */
/* anchorPoint.x, transform.rotation.z (radians), transform.scale.x, transform.translation,   */
/* ... Setting a key path posts the change of the whole property (its event key is the first */
/* component), so the implicit animation is keyed "position" for "position.x".                */
/*                                                                                             */
/* The layer's own media timing (CA-5.11) uses number keys too: beginTime, speed, timeOffset  */
/* (defaults 0, 1, 0). They map the superlayer's time to the layer's, for its animations and  */
/* its sublayers; speed 0 pauses them (CA-5.12); see lamina_layer_convert_time().             */
/* So do the rest of CAMediaTiming (CA-13.6): duration, repeatCount, repeatDuration (numbers,  */
/* default 0), autoreverses (bool) and fillMode (a string: "removed", the default, "forwards", */
/* "backwards", "both"). With a duration > 0 the layer's time is the time within its current  */
/* cycle (repeats, autoreverse), held by the fill outside its active period and -infinity     */
/* there without a fill (its animations have not begun). Negative repeat values and unknown   */
/* fill modes are INVALID_ARGUMENT.                                                           */
/*                                                                                             */
/* Layer kinds (since 0.2, lamina_layer_create_kind()) add their own keys, UNKNOWN_KEY on any  */
/* other kind of layer. Shape layers (RS-8): path (PATH, NULL by default; animates explicitly */
/* only, never implicitly, RS-8.4), fillColor (COLOR, opaque black, NULL for none), fillRule  */
/* ("non-zero", "even-odd"), strokeColor (COLOR, NULL), lineWidth (1), lineCap ("butt",       */
/* "round", "square"), lineJoin ("miter", "round", "bevel"), miterLimit (10), lineDashPattern */
/* (NUMBER_ARRAY of lengths >= 0, NULL), lineDashPhase (0), strokeStart (0), strokeEnd (1).   */
/* Gradient layers (RS-9): colors (COLOR_ARRAY, NULL), locations (NUMBER_ARRAY, NULL),        */
/* startPoint (0.5, 0), endPoint (0.5, 1), type ("axial", "radial", "conic"). Replicator      */
/* layers (RS-13): instanceCount (a whole number 0..10000, default 1; animates in whole      */
/* steps, the floor of the animated value clamped to 0..10000, and an animation with a value  */
/* outside that is INVALID_ARGUMENT), instanceDelay (seconds, 0), instanceTransform          */
/* (identity), instanceColor (opaque white), instanceRedOffset, instanceGreenOffset,          */
/* instanceBlueOffset, instanceAlphaOffset (0), preservesDepth (BOOL, false; stored, Lamina   */
/* always flattens, RS-13.6). Not animatable: fillRule, lineCap, lineJoin, lineDashPattern,   */
/* type, preservesDepth. Unknown names and out-of-range counts are INVALID_ARGUMENT.          */
/*                                                                                             */
/* Every layer also has maskMode (since 0.2; R16.9, a Lamina extension for imported track    */
/* mattes, not animatable): how its mask gates it, "alpha" (the default, Core Animation's),   */
/* "alphaInverted", "luminance" or "luminanceInverted"; unknown names are INVALID_ARGUMENT.   */
/*                                                                                             */
/* Gradient layers also have focalOffset (since 0.2; RS-9.10, a Lamina extension for SVG's    */
/* fx/fy and Lottie's radial highlight; POINT, default (0, 0), animatable): a radial          */
/* gradient's focal point as an offset from startPoint in unit space of the bounds.           */
/*                                                                                             */
/* A setter stores the model value at once (readable back immediately). Unless actions are    */
/* disabled, the value is unchanged, or the layer has never been committed (R4), it runs the  */
/* action search and, for animatable properties, attaches the implicit animation (R6).        */
/* Errors for every setter: INVALID_ARGUMENT (NULL key, non-finite numbers), STALE_HANDLE,    */
/* UNKNOWN_KEY, TYPE_MISMATCH. Getters add INVALID_ARGUMENT for a NULL out-pointer.           */
/* ------------------------------------------------------------------------------------------ */

/** Sets a property or key path from a tagged value. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_value(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, const lamina_value_t *value);

/** Reads a model property or key path into a tagged value (strings are borrowed, see
 *  lamina_value_t). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_value(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_value_t *out_value);

/** Sets a number-valued property or key path (opacity, position.x, transform.rotation.z, ...).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_number(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, double value);
/** Reads a number-valued model property or key path. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_number(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, double *out_value);

/** Sets a point-valued property (position, anchorPoint, shadowOffset is a size). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_point(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_point_t value);
/** Reads a point-valued model property. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_point(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_point_t *out_value);

/** Sets a size-valued property (shadowOffset, bounds.size). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_size(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_size_t value);
/** Reads a size-valued model property. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_size(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_size_t *out_value);

/** Sets a rect-valued property (bounds, contentsRect, contentsCenter). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_rect(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_rect_t value);
/** Reads a rect-valued model property. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_rect(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_rect_t *out_value);

/** Sets a colour-valued property (backgroundColor, borderColor, shadowColor). To set a nil
 *  colour use lamina_layer_set_value() with LAMINA_VALUE_NULL. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_color(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_color_t value);
/** Reads a colour-valued model property. A nil colour (backgroundColor's default) reads as
 *  NOT_FOUND, with out_value untouched. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_color(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_color_t *out_value);

/** Sets a transform-valued property (transform, sublayerTransform). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_transform(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_transform3d_t value);
/** Reads a transform-valued model property. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_transform(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key,
    lamina_transform3d_t *out_value);

/** Sets a boolean property (hidden, doubleSided, masksToBounds, shouldRasterize). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_bool(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_bool_t value);
/** Reads a boolean model property. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_bool(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_bool_t *out_value);

/** Sets the layer's name (copied; NULL sets nil). Names post a "name" event but never animate.
 *  Errors: STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_name(
    lamina_engine_t *engine, lamina_layer_t layer, const char *name);

/** Copies the name, NUL-terminated and truncated to `capacity` bytes, into `buffer` (NULL
 *  allowed when capacity is 0) and writes its full length in bytes, without the NUL, to
 *  `out_length`. A nil name reads as the empty string.
 *  Errors: INVALID_ARGUMENT (out_length NULL, or buffer NULL with capacity > 0),
 *  STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_name(
    lamina_engine_t *engine, lamina_layer_t layer, char *buffer, size_t capacity,
    size_t *out_length);

/** Shortcut for "position" without a key lookup (the hot path of hosts). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_position(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_point_t position);
/** Shortcut for reading the model "position". Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_position(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_point_t *out_position);
/** Shortcut for "bounds". Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_bounds(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_rect_t bounds);
/** Shortcut for reading the model "bounds". Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_bounds(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_rect_t *out_bounds);
/** Shortcut for "opacity". Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_opacity(
    lamina_engine_t *engine, lamina_layer_t layer, double opacity);
/** Shortcut for reading the model "opacity". Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_opacity(
    lamina_engine_t *engine, lamina_layer_t layer, double *out_opacity);

/* ------------------------------------------------------------------------------------------ */
/* Actions (the rest of the action model comes with explicit animations)                      */
/* ------------------------------------------------------------------------------------------ */

/** Puts an explicit "no action" (NSNull's role, CA-3.5) in the layer's actions for `key`: a
 *  change of that property then ends the action search with no animation.
 *  Errors: INVALID_ARGUMENT (NULL/empty key), STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_action_none(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key);

/** Removes the layer's action entry for `key`, so the search continues past it again.
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE, NOT_FOUND (no entry). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_remove_action(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key);

/* ------------------------------------------------------------------------------------------ */
/* Presentation (R3, CA-1.x)                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** Whether the layer has a presentation, i.e. was ever committed (CA-1.2).
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_has_presentation(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_bool_t *out_has_presentation);

/** The presentation value of a key or key path at the engine's current time: committed value
 *  plus the animations in order (CA-1.9). Uncommitted changes are invisible (CA-1.3).
 *  Errors: as lamina_layer_get_value(), plus NO_PRESENTATION. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_presentation_value(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_value_t *out_value);

/** The presentation value at any time `time` (finite), not only the current frame; animations
 *  are evaluated at that time, but which animations are attached is decided by the current
 *  state. Errors: as lamina_layer_get_presentation_value(). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_presentation_value_at(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, double time,
    lamina_value_t *out_value);

/* ------------------------------------------------------------------------------------------ */
/* Transactions (CA-2.x, R2)                                                                   */
/*                                                                                             */
/* Each thread has its own stack of transactions per engine. A change made with no            */
/* transaction open creates the thread's implicit transaction, committed by the thread's next  */
/* lamina_engine_tick() or lamina_transaction_flush(). Changes publish only when the outermost  */
/* transaction commits (CA-2.3). Reads search outward for the innermost transaction that set   */
/* a value (CA-2.8); writes go to the innermost, creating the implicit one if needed.          */
/* ------------------------------------------------------------------------------------------ */

/** Begins an explicit transaction on the calling thread, nested in the current one.
 *  Errors: STALE_HANDLE, OUT_OF_MEMORY (nesting deeper than 1024). Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_begin(lamina_engine_t *engine);

/** Commits the calling thread's innermost explicit transaction. When it is the outermost
 *  transaction (no implicit transaction was open when it began), its changes publish now and
 *  their animations get their begin time (the engine time). When the thread's implicit
 *  transaction encloses it, the changes publish with the implicit transaction, at the next
 *  lamina_engine_tick() or lamina_transaction_flush() (CA-2.3, CA-2.4). Completion callbacks
 *  never run here; they run during a later tick.
 *  Errors: STALE_HANDLE, MISUSE (no explicit transaction open, or the innermost one is an
 *  animation block's, which lamina_view_animation_commit() closes: reported, nothing changes).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_commit(lamina_engine_t *engine);

/** Commits the calling thread's implicit transaction now, or, if explicit transactions are
 *  open, marks it to commit when the outermost of them commits (CA-2.5). No effect when
 *  there is nothing to commit. Errors: STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_flush(lamina_engine_t *engine);

/** Sets the innermost transaction's animation duration (seconds, finite, >= 0).
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_set_duration(lamina_engine_t *engine, double duration);
/** The animation duration in effect (default 0.25). Errors: INVALID_ARGUMENT, STALE_HANDLE.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_get_duration(lamina_engine_t *engine, double *out_duration);

/** Sets the innermost transaction's timing function; NULL unsets it (implicit animations then
 *  use LAMINA_TIMING_DEFAULT). Errors: INVALID_ARGUMENT (non-finite, x outside [0, 1]),
 *  STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_set_timing_function(
    lamina_engine_t *engine, const lamina_timing_function_t *timing_function);
/** The timing function in effect. `out_is_set` receives whether one is set (default: not set,
 *  CA-16); `out_timing_function` is written only when set.
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_get_timing_function(
    lamina_engine_t *engine, lamina_timing_function_t *out_timing_function,
    lamina_bool_t *out_is_set);

/** Sets disableActions on the innermost transaction: while true, property changes consult no
 *  action at all (CA-2.7). Errors: STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_set_disable_actions(
    lamina_engine_t *engine, lamina_bool_t disable_actions);
/** disableActions in effect (default false). Errors: INVALID_ARGUMENT, STALE_HANDLE.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_get_disable_actions(
    lamina_engine_t *engine, lamina_bool_t *out_disable_actions);

/** Sets a completion callback on the innermost transaction (CA-2.9, CA-16). It runs during a
 *  later lamina_engine_tick() once every animation added after it was set, in its transaction
 *  group, has finished or been removed; with none, at the first tick after the transaction it
 *  was set on commits. It runs after its transaction was popped, so changes it makes use the
 *  enclosing settings (CA-2.11). Setting a second callback adds to the first (both run);
 *  setting NULL clears lamina_transaction_has_completion() but a callback already set still
 *  runs. `free_userdata` (may be NULL) is called once, after the callback ran or when the
 *  engine is destroyed first. Errors: STALE_HANDLE (free_userdata is then called at once).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_set_completion(
    lamina_engine_t *engine, lamina_callback_fn callback, void *userdata,
    lamina_free_fn free_userdata);
/** Whether a completion is visible from the innermost transaction (set there or in an
 *  enclosing one, and not cleared with NULL). Errors: INVALID_ARGUMENT, STALE_HANDLE.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_has_completion(
    lamina_engine_t *engine, lamina_bool_t *out_has_completion);

/** Stores an arbitrary value under `key` in the innermost transaction (CA-2.8); a NULL value
 *  removes it from that transaction. The keys "animationDuration" (a NUMBER) and
 *  "disableActions" (a BOOL) are the built-in settings above.
 *  Errors: INVALID_ARGUMENT (NULL/empty key, non-finite numbers), TYPE_MISMATCH (wrong type for
 *  a built-in key), STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_set_value(
    lamina_engine_t *engine, const char *key, const lamina_value_t *value);
/** Reads the innermost value stored under `key`, searching outward (strings are borrowed, see
 *  lamina_value_t). Errors: INVALID_ARGUMENT, STALE_HANDLE, NOT_FOUND. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transaction_get_value(
    lamina_engine_t *engine, const char *key, lamina_value_t *out_value);

/* ------------------------------------------------------------------------------------------ */
/* Timing functions                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** The control points of a named timing function (CA-6.2).
 *  Errors: INVALID_ARGUMENT (NULL out, unknown name). Since: 0.1 */
LAMINA_API lamina_status_t lamina_timing_function_named(
    lamina_timing_name_t name, lamina_timing_function_t *out_timing_function);

/** Evaluates a timing function: eased progress for input time fraction `x` (clamped to
 *  [0, 1]), accurate to 1e-6 (CA-6.3). Errors: INVALID_ARGUMENT (NULL, invalid control points,
 *  NaN x). Since: 0.1 */
LAMINA_API lamina_status_t lamina_timing_function_evaluate(
    const lamina_timing_function_t *timing_function, double x, double *out_progress);

/* ========================================================================================== */
/* BEGIN geometry, hit testing and the draw list (issue 4: CA-12, R10, R14)                  */
/* ========================================================================================== */

/* ------------------------------------------------------------------------------------------ */
/* Matrix helpers (CA-12.12)                                                                   */
/*                                                                                             */
/* Core Animation's conventions exactly: row vectors (p' = p * M, translation in m41..m43);    */
/* concat(a, b) = a * b applies a, then b; translate/scale/rotate(t, ...) = op * t apply the   */
/* new operation BEFORE t. These functions touch no engine and are safe from any thread.      */
/* `out` may point at an input. Errors: INVALID_ARGUMENT for a NULL pointer or a non-finite   */
/* number (out is then untouched).                                                            */
/* ------------------------------------------------------------------------------------------ */

/** A translation by (tx, ty, tz) (CATransform3DMakeTranslation). Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_make_translation(
    double tx, double ty, double tz, lamina_transform3d_t *out);

/** A scale by (sx, sy, sz) about the origin (CATransform3DMakeScale). Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_make_scale(
    double sx, double sy, double sz, lamina_transform3d_t *out);

/** A rotation by `angle` radians about the axis (x, y, z) (CATransform3DMakeRotation); a
 *  positive angle about z turns the x axis towards the y axis. A zero-length axis gives the
 *  identity, as in Core Animation. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_make_rotation(
    double angle, double x, double y, double z, lamina_transform3d_t *out);

/** a * b: a point is transformed by a, then by b (CATransform3DConcat). Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_concat(
    const lamina_transform3d_t *a, const lamina_transform3d_t *b, lamina_transform3d_t *out);

/** translation * t (CATransform3DTranslate): the translation applies before t. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_translate(
    const lamina_transform3d_t *t, double tx, double ty, double tz, lamina_transform3d_t *out);

/** scale * t (CATransform3DScale): the scale applies before t. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_scale(
    const lamina_transform3d_t *t, double sx, double sy, double sz, lamina_transform3d_t *out);

/** rotation * t (CATransform3DRotate): the rotation applies before t. Core Animation leaves a
 *  zero-length axis undefined; Lamina returns t unchanged. Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_rotate(
    const lamina_transform3d_t *t, double angle, double x, double y, double z,
    lamina_transform3d_t *out);

/** The inverse (CATransform3DInvert). A singular matrix comes back unchanged, as in Core
 *  Animation; `out_invertible` (may be NULL) tells which happened. Singular means a zero or
 *  non-finite determinant, or one below 1e-12 times the product of the row lengths.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_invert(
    const lamina_transform3d_t *t, lamina_transform3d_t *out, lamina_bool_t *out_invertible);

/** Whether t is exactly the identity (CATransform3DIsIdentity). Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_is_identity(
    const lamina_transform3d_t *t, lamina_bool_t *out_is_identity);

/** Transforms the point (x, y, 0) as the row vector (x, y, 0, 1) * t and divides by w.
 *  Errors: also INVALID_ARGUMENT when the point maps to w = 0 (it has no image). Since: 0.1 */
LAMINA_API lamina_status_t lamina_transform3d_apply_to_point(
    const lamina_transform3d_t *t, lamina_point_t point, lamina_point_t *out_point);

/* ------------------------------------------------------------------------------------------ */
/* Geometry and hit testing (CA-12.1-12.11, R10)                                               */
/*                                                                                             */
/* A layer L with superlayer P maps its plane into P's (CA-12.4):                              */
/*     own(L) = T(-anchor) * L.transform * T(position.x, position.y, zPosition)                */
/*     sub(P) = T(-anchor(P)) * P.sublayerTransform * T(anchor(P))                             */
/*     p_P    = p_L * own(L) * sub(P)                                                          */
/* anchor = (bounds.minX + anchorPoint.x * width, bounds.minY + anchorPoint.y * height,        */
/* anchorPointZ) of the standardized bounds: the transform applies about the anchor point and  */
/* the superlayer's sublayerTransform about the superlayer's anchor point (measured on Apple;  */
/* including anchorPointZ there is Lamina's choice). Each layer flattens its sublayers into    */
/* its plane, like a plain CALayer, so points go from plane to plane, exactly also under       */
/* perspective.                                                                                */
/*                                                                                             */
/* Root space (LAMINA_LAYER_NONE as a layer) is the space a tree's root layer is positioned   */
/* in. Layers of different trees of one engine convert through it, as Apple's do.             */
/*                                                                                             */
/* Every query reads one tree: LAMINA_TREE_MODEL (the values last set, committed or not: what */
/* CALayer's own methods read) or LAMINA_TREE_PRESENTATION at `time` (committed values plus   */
/* animations at that time, R3; pass the engine's time for "now"). `time` must be finite for */
/* the presentation and is ignored for the model.                                            */
/*                                                                                             */
/* Errors of every function below: INVALID_ARGUMENT (NULL engine or out-pointer, non-finite   */
/* numbers, an unknown tree), STALE_HANDLE (engine destroyed, layer not alive), and on the    */
/* presentation NO_PRESENTATION when a layer it needs was never committed. Out-parameters are */
/* untouched on failure.                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** Which tree a geometry query reads. */
typedef int32_t lamina_tree_t;
#define LAMINA_TREE_MODEL 0        /* The model: values as last set. */
#define LAMINA_TREE_PRESENTATION 1 /* The presentation at the given time. */

/** The frame in the superlayer's space (CA-12.2): bounds placed by position and anchorPoint,
 *  and under a transform the bounding box of the transformed bounds. zPosition and
 *  anchorPointZ do not move it. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_frame(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_tree_t tree, double time,
    lamina_rect_t *out_frame);

/** Sets the frame: sets "position" and "bounds" (size only; the bounds origin stays), which
 *  animate implicitly as usual; frame itself is not animatable (CA-3.13). The frame is
 *  standardized first. Under a transform, bounds.size is the frame's size taken back through
 *  the transform's inverse (a scale shrinks the bounds, CA-16) and the position is chosen so
 *  the frame's origin comes out as given (a translation is taken back out). Core Animation
 *  warns against setting frame under a rotation that is not a multiple of 90 degrees; Lamina
 *  then keeps the origin and the frame grows to the bounding box. Errors: INVALID_ARGUMENT
 *  (non-finite), STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_frame(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_rect_t frame);

/** Converts a point from `from_layer`'s coordinates to `to_layer`'s (either may be
 *  LAMINA_LAYER_NONE: root space), as CALayer's convertPoint:fromLayer:/toLayer: (CA-12.5).
 *  Errors: also INVALID_ARGUMENT when the point has no image in `to_layer` (a layer on the
 *  way is seen edge-on or scaled to zero, or the point lies behind the viewer of a
 *  perspective). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_convert_point(
    lamina_engine_t *engine, lamina_layer_t from_layer, lamina_layer_t to_layer,
    lamina_point_t point, lamina_tree_t tree, double time, lamina_point_t *out_point);

/** Converts a rectangle: the bounding box of its converted corners (CA-12.4: the rect
 *  (50, 50, 200, 200) converted from a layer into a sibling scaled by 0.5 about its centre is
 *  (-220, -140, 400, 400)). Errors: as lamina_layer_convert_point(). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_convert_rect(
    lamina_engine_t *engine, lamina_layer_t from_layer, lamina_layer_t to_layer,
    lamina_rect_t rect, lamina_tree_t tree, double time, lamina_rect_t *out_rect);

/** Whether `point`, in the layer's own coordinates, lies in its standardized bounds, half-open
 *  (containsPoint:, CA-12.6): the far edges are outside. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_contains_point(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_point_t point, lamina_tree_t tree,
    double time, lamina_bool_t *out_contains);

/** The deepest layer of `layer`'s subtree (itself included) under `point`, given in the
 *  coordinates of `layer`'s superlayer (root space for a root), or LAMINA_LAYER_NONE
 *  (hitTest:, CA-12.7, R10). Front to back: higher zPosition first, then later sublayers
 *  first; hidden layers are skipped with their subtrees; masksToBounds clips the search to the
 *  bounds; sublayers outside a superlayer that does not mask are still hit. Opacity and
 *  doubleSided do not matter (Lamina's choice where Apple is silent). On the presentation,
 *  hit testing finds layers where they are on screen at `time` (CA-12.11); sublayers never
 *  committed are skipped. A replicator's sublayers are hit as instance 0 only (RS-13.5).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_hit_test(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_point_t point, lamina_tree_t tree,
    double time, lamina_layer_t *out_hit);

/* ------------------------------------------------------------------------------------------ */
/* The draw list (R14)                                                                         */
/* ------------------------------------------------------------------------------------------ */

/* lamina_draw_record_t.flags */
#define LAMINA_DRAW_HAS_BACKGROUND (1u << 0)   /* background_color is set (else none). */
#define LAMINA_DRAW_HAS_BORDER_COLOR (1u << 1) /* border_color is set (else none). */
#define LAMINA_DRAW_HAS_SHADOW_COLOR (1u << 2) /* shadow_color is set (else none). */
#define LAMINA_DRAW_MASKS_TO_BOUNDS (1u << 3)  /* The layer clips its sublayers. */
#define LAMINA_DRAW_DOUBLE_SIDED (1u << 4)     /* Its back face shows (else cull it). */
#define LAMINA_DRAW_HAS_CLIP (1u << 5)         /* clip_rect is set (an ancestor clips). */
#define LAMINA_DRAW_HAS_TRANSITION (1u << 6)   /* A transition runs: transition_* are set. */

/* Layer kinds and the drawing of shape and gradient layers (issue 15; since 0.2). */

/** The kind of a layer, chosen at creation: a plain layer (CALayer), a shape layer
 *  (CAShapeLayer, RS-8), a gradient layer (CAGradientLayer, RS-9) or a replicator layer
 *  (CAReplicatorLayer, RS-13). Since: 0.2 */
typedef int32_t lamina_layer_kind_t;
#define LAMINA_LAYER_KIND_PLAIN 0
#define LAMINA_LAYER_KIND_SHAPE 1
#define LAMINA_LAYER_KIND_GRADIENT 2
#define LAMINA_LAYER_KIND_REPLICATOR 3

/** Creates a layer of `kind` with Core Animation's defaults (CA-13, and the kind's own: RS-8
 *  for shape layers, RS-9 for gradient layers, RS-13 for replicator layers). Like
 *  lamina_layer_create() otherwise (which makes a LAMINA_LAYER_KIND_PLAIN layer): no
 *  presentation until a transaction containing it commits, and the handle holds one host
 *  reference. A kind's own property keys (a shape layer's "path", ...) are UNKNOWN_KEY on a
 *  layer of another kind, for set, get, presentation reads and animations.
 *  Thread-safe. Errors: INVALID_ARGUMENT (NULL out_layer, unknown kind), STALE_HANDLE,
 *  OUT_OF_MEMORY. Since: 0.2 */
LAMINA_API lamina_status_t lamina_layer_create_kind(lamina_engine_t *engine,
                                                    lamina_layer_kind_t kind,
                                                    lamina_layer_t *out_layer);

/** Reads the kind a layer was created with into *out_kind.
 *  Thread-safe. Errors: INVALID_ARGUMENT (NULL out_kind), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_layer_get_kind(lamina_engine_t *engine, lamina_layer_t layer,
                                                 lamina_layer_kind_t *out_kind);

/* The enumerations of shape and gradient records. The key-value API takes CA's names, as
 * contentsGravity does: fillRule "non-zero" / "even-odd", lineCap "butt" / "round" / "square",
 * lineJoin "miter" / "round" / "bevel", type "axial" / "radial" / "conic". */
#define LAMINA_FILL_RULE_NON_ZERO 0
#define LAMINA_FILL_RULE_EVEN_ODD 1
#define LAMINA_LINE_CAP_BUTT 0
#define LAMINA_LINE_CAP_ROUND 1
#define LAMINA_LINE_CAP_SQUARE 2
#define LAMINA_LINE_JOIN_MITER 0
#define LAMINA_LINE_JOIN_ROUND 1
#define LAMINA_LINE_JOIN_BEVEL 2
#define LAMINA_GRADIENT_AXIAL 0
#define LAMINA_GRADIENT_RADIAL 1
#define LAMINA_GRADIENT_CONIC 2

/* lamina_draw_shape_t.flags */
#define LAMINA_DRAW_SHAPE_FILL (1u << 0)   /* fill_color is set: fill the path (RS-8.1). */
#define LAMINA_DRAW_SHAPE_STROKE (1u << 1) /* stroke_color is set, line_width > 0 and
                                              stroke_start < stroke_end: stroke it (RS-8.3). */

/** A shape layer's drawing (RS-8) in layer space: fill first, then the stroke, both between
 *  the contents and the first sublayer (RS-8.2). Borrowed like the records. Since: 0.2 */
typedef struct lamina_draw_shape {
    const struct lamina_path_element *path; /* Never NULL in a record's shape. */
    size_t path_count;
    uint32_t flags;              /* LAMINA_DRAW_SHAPE_* */
    int32_t fill_rule;           /* LAMINA_FILL_RULE_* */
    lamina_color_t fill_color;   /* Straight RGBA (FILL). */
    lamina_color_t stroke_color; /* Straight RGBA (STROKE). */
    double line_width;
    double miter_limit;          /* A miter longer than miter_limit * line_width bevels (RS-8.6). */
    int32_t line_cap;            /* LAMINA_LINE_CAP_* */
    int32_t line_join;           /* LAMINA_LINE_JOIN_* */
    const double *line_dash_pattern; /* On, off, ... lengths in points; NULL when solid. */
    size_t line_dash_count;
    double line_dash_phase;
    double stroke_start;         /* In [0, 1] (the engine clamps), fraction of the whole path's
                                    length (RS-8.3). */
    double stroke_end;           /* In [0, 1], greater than stroke_start when STROKE is set: the
                                    engine clears STROKE when start >= end. */
} lamina_draw_shape_t;

/** A gradient layer's fill (RS-9) over its bounds, in the layer's rounded shape; present only
 *  when it draws something (RS-9.3). Borrowed like the records. Since: 0.2 */
typedef struct lamina_draw_gradient {
    int32_t type;                 /* LAMINA_GRADIENT_* */
    uint32_t reserved;            /* Zero. */
    const lamina_color_t *colors; /* count colours (count >= 2), straight RGBA (RS-9.9). */
    const double *locations;      /* count stops; i / (count - 1) when the layer has none. */
    size_t count;
    lamina_point_t start_point;   /* Unit space of the bounds (RS-9.5). */
    lamina_point_t end_point;
    lamina_point_t focal_point;   /* A radial gradient's focal point (t = 0), unit space of the
                                     bounds: start_point + the layer's "focalOffset" (RS-9.10),
                                     equal to start_point without one; a renderer draws a point
                                     on or past the ellipse 0.99 of the way to it. Appended in
                                     0.2 with the struct itself, so it is always present.
                                     Since: 0.2 */
} lamina_draw_gradient_t;

/* ---- Text layers (issue 26; R15; since 0.2; docs/draw-records.md section 17) ------------ */

/** A text layer (CATextLayer, R15): its string, laid out by the engine's text layout provider
 *  (lamina_engine_set_text_provider()). Keys (R15.2): "string" (UTF-8, NULL/"" draws nothing),
 *  "font" (fontconfig family or font file path; default "Helvetica"), "fontSize" (default 36,
 *  animatable), "foregroundColor" (default opaque white, animatable), "alignmentMode"
 *  ("natural", "left", "right", "center", "justified"), "wrapped" (bool, default false),
 *  "truncationMode" ("none", "start", "middle", "end"; the ellipsis is U+2026). Since: 0.2 */
#define LAMINA_LAYER_KIND_TEXT 4

/* lamina_text_request_t.alignment */
#define LAMINA_TEXT_ALIGN_NATURAL 0
#define LAMINA_TEXT_ALIGN_LEFT 1
#define LAMINA_TEXT_ALIGN_RIGHT 2
#define LAMINA_TEXT_ALIGN_CENTER 3
#define LAMINA_TEXT_ALIGN_JUSTIFIED 4
/* lamina_text_request_t.truncation */
#define LAMINA_TEXT_TRUNCATE_NONE 0
#define LAMINA_TEXT_TRUNCATE_START 1
#define LAMINA_TEXT_TRUNCATE_MIDDLE 2
#define LAMINA_TEXT_TRUNCATE_END 3

/* lamina_draw_text_t.status */
#define LAMINA_TEXT_STATUS_OK 0          /* Laid out. */
#define LAMINA_TEXT_STATUS_NO_PROVIDER 1 /* No provider is registered: no runs, no lines. */
#define LAMINA_TEXT_STATUS_FAILED 2      /* The provider failed (message says why): empty. */

/* lamina_text_glyph_run_t.flags */
#define LAMINA_TEXT_RUN_RTL (1u << 0)       /* The run reads right to left (odd bidi level). */
#define LAMINA_TEXT_RUN_HAS_COLOR (1u << 1) /* A provider's run: `color` is the run's own (an
                                               attributed run's); in draw records always set. */
/* lamina_text_line_t.flags */
#define LAMINA_TEXT_LINE_TRUNCATED (1u << 0) /* The line was cut and shows an ellipsis. */

/** Positioned glyphs of one face, size and colour (R15.5). In a provider's answer positions
 *  are in layout space (y down, the first line's top at 0); in a draw record they are in the
 *  layer's space. Since: 0.2 */
typedef struct lamina_text_glyph_run {
    uint64_t font_id;             /* The provider's number for (font_path, face_index). */
    const char *font_path;        /* The font file, NUL-terminated; open it with FreeType. */
    int32_t face_index;           /* The face in the file (0 except in collections). */
    uint32_t flags;               /* LAMINA_TEXT_RUN_* */
    double size;                  /* Points: pixels per em at contents scale 1. */
    const uint32_t *glyph_ids;    /* glyph_count glyph ids of the face. */
    const lamina_point_t *positions; /* glyph_count baseline origins, one per glyph. */
    size_t glyph_count;
    lamina_color_t color;         /* Straight RGBA (see LAMINA_TEXT_RUN_HAS_COLOR). */
    uint32_t line_index;          /* The line the run is on. */
    uint32_t reserved;            /* Zero. */
} lamina_text_glyph_run_t;

/** One laid-out line (R15.5): its box from the fonts' ascent, descent and line gap, its
 *  baseline, and the bytes of the string it shows. Same space as the runs. Since: 0.2 */
typedef struct lamina_text_line {
    lamina_rect_t box;            /* x, width: the line's advance; y, height: its line box. */
    double baseline;              /* The baseline's y. */
    size_t start;                 /* First UTF-8 byte of the string on the line. */
    size_t length;                /* Bytes of the string on the line (before truncation). */
    uint32_t flags;               /* LAMINA_TEXT_LINE_* */
    uint32_t reserved;            /* Zero. */
} lamina_text_line_t;

/** A text layer's drawing (R15.5): its laid-out runs and lines in layer space, each run's
 *  colour resolved (its own or the presented foregroundColor). Present on every text layer's
 *  record; an empty layout says why in `status`. Borrowed like the records. Since: 0.2 */
typedef struct lamina_draw_text {
    uint32_t struct_size;          /* sizeof(lamina_draw_text_t) as the library was built. */
    int32_t status;                /* LAMINA_TEXT_STATUS_* */
    const char *message;           /* Why the layout is empty (NUL-terminated, "" when OK). */
    lamina_size_t size;            /* The laid-out size (widest line, lines' height). */
    const lamina_text_glyph_run_t *runs;
    size_t run_count;
    const lamina_text_line_t *lines;
    size_t line_count;
} lamina_draw_text_t;

/* ---- Filters in the draw list (issue 32; R19; since 0.2; docs/draw-records.md section 18) - */

/** A layer's compositingFilter (R19.3): the blend mode its group composites with, by Core
 *  Image's names ("multiplyBlendMode" or "CIMultiplyBlendMode", ...), with the W3C
 *  Compositing and Blending formulas. Since: 0.2 */
typedef int32_t lamina_blend_mode_t;
#define LAMINA_BLEND_NORMAL 0        /* nil compositingFilter: source-over. */
#define LAMINA_BLEND_MULTIPLY 1      /* "multiplyBlendMode" */
#define LAMINA_BLEND_SCREEN 2        /* "screenBlendMode" */
#define LAMINA_BLEND_OVERLAY 3       /* "overlayBlendMode" */
#define LAMINA_BLEND_DARKEN 4        /* "darkenBlendMode" */
#define LAMINA_BLEND_LIGHTEN 5       /* "lightenBlendMode" */
#define LAMINA_BLEND_COLOR_DODGE 6   /* "colorDodgeBlendMode" */
#define LAMINA_BLEND_COLOR_BURN 7    /* "colorBurnBlendMode" */
#define LAMINA_BLEND_SOFT_LIGHT 8    /* "softLightBlendMode" */
#define LAMINA_BLEND_HARD_LIGHT 9    /* "hardLightBlendMode" */
#define LAMINA_BLEND_DIFFERENCE 10   /* "differenceBlendMode" */
#define LAMINA_BLEND_EXCLUSION 11    /* "exclusionBlendMode" */
#define LAMINA_BLEND_HUE 12          /* "hueBlendMode" */
#define LAMINA_BLEND_SATURATION 13   /* "saturationBlendMode" */
#define LAMINA_BLEND_COLOR 14        /* "colorBlendMode" */
#define LAMINA_BLEND_LUMINOSITY 15   /* "luminosityBlendMode" */

/** One filter of a record, evaluated at the list's time (presentation values, R19.4).
 *  Borrowed like the records. Since: 0.2 */
typedef struct lamina_draw_filter {
    lamina_filter_type_t type;   /* LAMINA_FILTER_TYPE_* */
    uint32_t reserved;           /* Zero. */
    double params[20];           /* The presented inputs, laid out as in lamina_filter_t. */
    double sigma;                /* GAUSSIAN_BLUR: the Gaussian's standard deviation in root
                                    space: inputRadius (sigma = radius, as shadows, RS-3.6) times
                                    the record's scale, clamped to [0, LAMINA_FILTER_MAX_SIGMA];
                                    kernel truncated at 3 sigma. 0 for the other types. */
    double matrix[20];           /* Colour types: the filter as one 4x5 matrix, row-major (rows
                                    R, G, B, A; columns r, g, b, a, 1) on straight sRGB RGBA in
                                    [0, 1], the result clamped to [0, 1]. Identity for a blur. */
} lamina_draw_filter_t;

/** A record's filters (R19): present (non-NULL `filters` in the record) only when the layer
 *  has filters, background filters or a blend mode other than normal. Borrowed like the
 *  records. Since: 0.2 */
typedef struct lamina_draw_filters {
    uint32_t struct_size;        /* sizeof(lamina_draw_filters_t) as the library was built. */
    lamina_blend_mode_t blend_mode; /* LAMINA_BLEND_*: how the GROUP composites (R19.3). */
    const lamina_draw_filter_t *filters; /* Applied in order to the GROUP's target: the
                                    record's own parts and its whole subtree (R19.2). */
    size_t filter_count;
    const lamina_draw_filter_t *background_filters; /* Applied in order to the backdrop under
                                    the record's bounds shape (LAMINA_DRAW2_BACKDROP, R19.5). */
    size_t background_filter_count;
    double reach;                /* Root-space points the filters spread the group's ink beyond
                                    its extent: 3 x the sum of the blurs' sigmas (0: none). */
    double background_reach;     /* Root-space points the background blurs reach: 3 x the sum
                                    of their sigmas. The backdrop read is the bounds shape's box
                                    only, mirrored at its edges; damage uses this reach. */
} lamina_draw_filters_t;

/** One layer as a renderer draws it. Plain data; colours not set by a flag read as zeros. */
typedef struct lamina_draw_record {
    lamina_layer_t layer;
    uint32_t flags;            /* LAMINA_DRAW_* */
    uint32_t depth;            /* Depth below the draw-list root (0 for the root). */
    uint32_t descendant_count; /* The records right after this one that are its subtree. */
    int32_t clip_index;        /* Record index of the nearest ancestor that masks, or -1. */
    /* Layer-local bounds coordinates -> root space, CA layout (p' = p * M, divide by w). It
     * includes every ancestor's transform, position, anchor and sublayerTransform; sublayers are
     * flattened into each superlayer's plane, so only the root's own transform adds depth.
     * Content lies at z = 0, so row 3 never matters; it is (0, 0, 1, 0), which makes the
     * matrices of a 2D tree plain affine ones. */
    lamina_transform3d_t transform;
    lamina_rect_t bounds;    /* Standardized; the rectangle to fill, in local coordinates. */
    lamina_rect_t clip_rect; /* Root-space bounding box of all masking ancestors' bounds
                                intersected (HAS_CLIP); exact when they are not rotated. */
    double opacity;          /* Product of the opacities down from the root, each clamped to
                                [0, 1] (not group opacity). */
    double corner_radius;
    double border_width;
    lamina_color_t background_color;
    lamina_color_t border_color;
    lamina_color_t shadow_color;
    double shadow_opacity; /* Not multiplied by opacity. */
    lamina_size_t shadow_offset;
    double shadow_radius;
    /* When LAMINA_DRAW_HAS_TRANSITION: the transition running on the layer (CA-10.1-10.4).
     * The record holds the new state; lamina_layer_get_transition_before_value() gives the old
     * one, so a renderer can composite both. Otherwise zero. */
    int32_t transition_type;    /* LAMINA_TRANSITION_FADE ... _REVEAL */
    int32_t transition_subtype; /* LAMINA_TRANSITION_FROM_* (SUBTYPE_NONE as the animation has it) */
    double transition_progress; /* In [start, end] of the transition's progress window. */
    double reserved[2];         /* Zero. */

    /* ---- Since 0.2 (issue 10; docs/draw-records.md is the contract). Fields are only ever
     * appended. A host that wants to run against older or newer libraries calls
     * lamina_engine_draw_list_sized() with its sizeof(lamina_draw_record_t) and reads
     * struct_size before any field below it. */
    uint32_t struct_size;          /* Bytes of this record the library filled (its sizeof). */
    uint32_t flags2;               /* LAMINA_DRAW2_* */
    lamina_image_t contents;       /* The image to draw (RS-4), or LAMINA_IMAGE_NONE. */
    lamina_image_t contents_previous; /* While contents cross-fade (RS-4.8): the old image. */
    double contents_fade;          /* Weight of `contents`; contents_previous gets 1 - it. 1 when
                                      no fade runs. */
    lamina_rect_t contents_dest;   /* D: where the (sub-)image goes, layer space (RS-4.3). */
    lamina_rect_t contents_previous_dest; /* D of contents_previous. */
    lamina_rect_t contents_rect;   /* Unit sub-rectangle of the image, y = 0 the top row (RS-4.2). */
    lamina_rect_t contents_center; /* Nine-slice centre, unit coords of the sub-image (RS-4.6). */
    double contents_scale;         /* Image pixels per point (RS-4.1). */
    double minification_filter_bias; /* LOD bias (RS-4.7). */
    int32_t contents_gravity;      /* LAMINA_GRAVITY_* (already applied in contents_dest). */
    int32_t minification_filter;   /* LAMINA_FILTER_* */
    int32_t magnification_filter;  /* LAMINA_FILTER_* */
    int32_t corner_curve;          /* LAMINA_CORNER_CURVE_* (RS-1.6, RS-1.7) */
    uint32_t masked_corners;       /* LAMINA_CORNER_* bits, rounded corners (RS-1.5). */
    uint32_t edge_antialiasing_mask; /* LAMINA_EDGE_* bits (RS-11.1). */
    int32_t mask_index;            /* First record of this layer's mask subtree, or -1. */
    uint32_t mask_count;           /* Records in the mask subtree (0: nothing shows). */
    int32_t mask_host_index;       /* MASK_CONTENT records: the masked record, else -1. */
    int32_t group_index;           /* The group whose target this record draws into, or -1
                                      (the screen, or for mask content the host's mask). */
    double target_opacity;         /* Alpha of this record's own parts in its target (1 for a
                                      GROUP record: it draws into its own target). */
    double group_opacity;          /* GROUP records: alpha of the finished target. */
    double rasterization_scale;    /* RS-11.3 (LAMINA_DRAW2_RASTERIZE). */
    const struct lamina_path_element *shadow_path; /* Layer space (RS-3.4), or NULL; borrowed like
                                                 the records. */
    size_t shadow_path_count;
    const struct lamina_draw_record *transition_before; /* HAS_TRANSITION: the layer's whole
                                      appearance before the transition (same spaces), or NULL.
                                      It is the first of 1 + transition_before->descendant_count
                                      records, transition_before->struct_size bytes apart: the
                                      layer's subtree as it was (CA-10.2), indices counted as if
                                      it stood in place of the layer's subtree in the list;
                                      engine-owned, borrowed like the records. */
    /* Layer kinds (issue 15; since 0.2; docs/draw-records.md section 16). A replicator's
     * sublayer subtree comes once per instance k = 0 .. instanceCount - 1, each record already
     * carrying instance k's transform and time shift (RS-13.1, RS-13.2, RS-13.4). */
    int32_t layer_kind;            /* LAMINA_LAYER_KIND_* */
    uint32_t instance_index;       /* Instance of the nearest replicator ancestor (RS-13.1), else 0. */
    lamina_color_t instance_color; /* Multiplies every colour the record draws (background,
                                      border, shadow, contents, shape, gradient), component by
                                      component: the product of the replicator ancestors'
                                      instance colours (RS-13.3); (1, 1, 1, 1) without one. */
    const lamina_draw_shape_t *shape;       /* Shape layers with a non-empty path, else NULL. */
    const lamina_draw_gradient_t *gradient; /* Gradient layers that draw (RS-9.3), else NULL. */
    /* Text layers (issue 26; since 0.2; docs/draw-records.md section 17). */
    const lamina_draw_text_t *text; /* Every text layer's record (R15.5), else NULL. */
    /* Filters (issue 32; since 0.2; docs/draw-records.md section 18). */
    const lamina_draw_filters_t *filters; /* NULL unless the layer has filters, background
                                      filters or a blend mode (the common case costs nothing). */
} lamina_draw_record_t;

/* lamina_draw_record_t.flags2 (since 0.2) */
#define LAMINA_DRAW2_HAS_MASK (1u << 0)         /* mask_index / mask_count give the mask. */
#define LAMINA_DRAW2_MASK_CONTENT (1u << 1)     /* Draw only into mask_host_index's mask. */
#define LAMINA_DRAW2_GROUP (1u << 2)            /* Offscreen pass: this record and its
                                                   descendant_count records (RS-2.2, RS-5.6). */
#define LAMINA_DRAW2_CLIP_IS_RECT (1u << 3)     /* clip_rect is exact: a scissor suffices. */
#define LAMINA_DRAW2_CONTENTS_FLIPPED (1u << 4) /* Image row 0 goes at contents_dest's maxY. */
#define LAMINA_DRAW2_GEOMETRY_FLIPPED (1u << 5) /* geometryFlipped (in sublayers' transforms). */
#define LAMINA_DRAW2_OPAQUE (1u << 6)           /* isOpaque hint. */
#define LAMINA_DRAW2_EDGE_ANTIALIASING (1u << 7) /* allowsEdgeAntialiasing (RS-11.2). */
#define LAMINA_DRAW2_RASTERIZE (1u << 8)        /* shouldRasterize (RS-11.3). */
/* maskMode (R16.9; since 0.2), on a record with LAMINA_DRAW2_HAS_MASK: the mask gates the layer
 * by its luminance (Rec. 709 weights of its premultiplied colour) instead of its alpha, and/or
 * by one minus that value. Neither bit: the mask's alpha, Core Animation's. */
#define LAMINA_DRAW2_MASK_LUMINANCE (1u << 9)  /* The mask's luminance gates the layer. */
#define LAMINA_DRAW2_MASK_INVERTED (1u << 10)  /* One minus the mask's alpha or luminance. */
/* Filters (issue 32; since 0.2; docs/draw-records.md section 18). A record with filters or a
 * blend mode other than normal is a GROUP: its subtree renders to a target of its own, which is
 * filtered, then composited with group_opacity and the blend mode. */
#define LAMINA_DRAW2_FILTERS (1u << 11)   /* filters->filter_count > 0 (GROUP is set). */
#define LAMINA_DRAW2_BACKDROP (1u << 12)  /* Reads the backdrop: background_filter_count > 0. */
#define LAMINA_DRAW2_BLEND (1u << 13)     /* filters->blend_mode is not NORMAL (GROUP is set). */

/** The size of the 0.1 record (the fields before struct_size). */
#define LAMINA_DRAW_RECORD_SIZE_0_1 ((size_t)offsetof(lamina_draw_record_t, struct_size))

/** Builds the draw list of `root`'s subtree at `time` (finite; pass the engine's time for the
 *  current frame): one contiguous array of records in painter's order (back to front): a layer
 *  before its sublayers, sublayers by zPosition then sublayer order (stable), each subtree
 *  contiguous. Left out with their subtrees: hidden layers, layers never committed, layers
 *  whose accumulated opacity is 0. The subtree is drawn as if `root` had no superlayer.
 *  Values are the presentation at `time`.
 *  @param out_records receives the records. Borrowed, engine-owned: valid until the next call
 *  of lamina_engine_draw_list() on the same engine (from any thread) or the engine's
 *  destruction (a failing call leaves the previous list valid); NULL when the count is 0. Calls on one engine from two threads must not
 *  overlap with reading the previous result. Steady state allocates nothing once the buffer
 *  has grown. When nothing the list depends on has changed since the engine's last list of the
 *  same root (no call on the engine but ticks of a still scene, damage, next_frame_time and
 *  draw lists; the time may differ only where nothing on screen changes between the two),
 *  that list is handed back as it is, the same pointer, at O(1) cost and with no damage
 *  (issue 28).
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE, NO_PRESENTATION (root never committed),
 *  OUT_OF_MEMORY (also when replicators would add more than 2^22 records, RS-13.1, checked
 *  before anything is built). Since: 0.1
 *
 *  Versioning: the exported symbol returns records of the 0.1 layout
 *  (LAMINA_DRAW_RECORD_SIZE_0_1 bytes apart), so binaries built against the 0.1 header keep
 *  working. Source that calls lamina_engine_draw_list() is compiled, through the macro after
 *  lamina_engine_draw_list_sized(), into a call of lamina_engine_draw_list_sized() with its own
 *  sizeof(lamina_draw_record_t): every field its header knows. (Bindings that call the symbol
 *  directly, such as ctypes, call lamina_engine_draw_list_sized() themselves.) */
LAMINA_API lamina_status_t lamina_engine_draw_list(
    lamina_engine_t *engine, lamina_layer_t root, double time,
    const lamina_draw_record_t **out_records, size_t *out_count);

/** The next time at which anything on screen can change, so a host can sleep instead of
 *  drawing at a fixed rate: the engine's current time while something animates or waits for a
 *  tick (an animation in flight or not yet committed, uncommitted changes, a completion due),
 *  the begin time of the earliest animation that starts later, or +infinity (HUGE_VAL) when
 *  nothing changes until the host changes something. A discrete keyframe animation
 *  (LAMINA_CALCULATION_DISCRETE, CA-8.6) holds each value from one key time to the next, and a
 *  basic animation of a boolean or a string holds each end for half its progress (R9): while
 *  only such animations run, the answer is the next key time (or the end of the cycle or of
 *  the animation), not the current time. Under a replicator every instance counts (RS-13.4):
 *  an instance still playing an animation, or holding one it has not begun, keeps it at the
 *  current time. An animation holding its end value under a superlayer that repeats,
 *  autoreverses, runs backwards or has not begun yet (a playing Lottie root) plays again, so it
 *  keeps the answer at the current time too; under a superlayer that is paused (speed 0) or
 *  past its end nothing below it changes. Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_next_frame_time(
    lamina_engine_t *engine, double *out_time);

/* ------------------------------------------------------------------------------------------ */
/* Text layers: the text layout provider (issue 26, R15)                                       */
/* ------------------------------------------------------------------------------------------ */

/** A byte range of a text layer's string with its own look, as the engine hands it to a
 *  provider: every span names its font, size and colour in full (the layer's values fill what
 *  an attributed run leaves unset). Since: 0.2 */
typedef struct lamina_text_span {
    size_t start;                 /* First UTF-8 byte. */
    size_t length;                /* Bytes. */
    const char *font;             /* Family name or font file path (has a '/'), NUL-terminated. */
    double font_size;             /* Points, > 0. */
    uint32_t has_color;           /* 1: `color` is the span's own; 0: the layer's foregroundColor. */
    uint32_t reserved;            /* Zero. */
    lamina_color_t color;
} lamina_text_span_t;

/** What a text layout depends on (R15.6). Everything is borrowed for the call. Since: 0.2 */
typedef struct lamina_text_request {
    uint32_t struct_size;         /* sizeof(lamina_text_request_t) as the engine was built. */
    int32_t alignment;            /* LAMINA_TEXT_ALIGN_* */
    int32_t truncation;           /* LAMINA_TEXT_TRUNCATE_* */
    int32_t wrapped;              /* 1: wrap lines at `width` by UAX #14. */
    const char *string;           /* Valid UTF-8, `length` bytes, NUL after them. */
    size_t length;
    const lamina_text_span_t *spans; /* In order, covering the string without gaps. */
    size_t span_count;
    double width;                 /* Wrap/truncate/align width; INFINITY: none. */
    double height;                /* Lines kept within it when wrapped and truncating; INFINITY. */
    double contents_scale;        /* Device pixels per point (a hint). */
} lamina_text_request_t;

/** A provider's answer, which it fills and owns until the engine calls its release (right
 *  after copying it). Positions and boxes in layout space. Since: 0.2 */
typedef struct lamina_text_layout {
    uint32_t struct_size;         /* The engine sets sizeof(lamina_text_layout_t) before the call. */
    uint32_t reserved;
    lamina_size_t size;           /* Widest line's width, the lines' height. */
    const lamina_text_glyph_run_t *runs;
    size_t run_count;
    const lamina_text_line_t *lines;
    size_t line_count;
    const char *message;          /* On failure: why (NUL-terminated), or NULL. */
    void *provider_data;          /* The provider's own (for its release). */
} lamina_text_layout_t;

/** A text layout provider (R15.1): a host's own text stack, or liblamina-text's HarfBuzz one
 *  (lamina_text.h). `layout` fills `out_layout` (zeroed but for struct_size) and returns
 *  LAMINA_STATUS_OK, or another status with `out_layout->message` set; the engine copies the
 *  answer and then always calls `release` (may be NULL) with the same layout. `destroy` (may be
 *  NULL) runs once when the engine lets the provider go (replaced, removed, engine destroyed).
 *  Threading: the engine calls `layout` and `release` with its lock held, from whichever thread
 *  builds a draw list or asks for a preferred size, one call at a time per engine; they must
 *  not call into the engine (such a call returns LAMINA_STATUS_MISUSE). Since: 0.2 */
typedef struct lamina_text_provider {
    uint32_t struct_size;         /* sizeof(lamina_text_provider_t) as the host compiled it. */
    uint32_t reserved;
    void *user_data;
    lamina_status_t (*layout)(void *user_data, const lamina_text_request_t *request,
                              lamina_text_layout_t *out_layout);
    void (*release)(void *user_data, lamina_text_layout_t *layout);
    void (*destroy)(void *user_data);
} lamina_text_provider_t;

/** Registers `provider` (copied; NULL removes the current one) as the engine's text layout
 *  provider (R15.1). The engine owns it from then on: one provider (one user_data) per engine,
 *  since each engine calls destroy once. The previous provider's destroy runs. Every text layer lays out again at
 *  its next draw list. Without a provider a text layer's record has an empty layout with
 *  LAMINA_TEXT_STATUS_NO_PROVIDER. Thread-safe. Errors: INVALID_ARGUMENT (struct_size too
 *  small, NULL layout), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_engine_set_text_provider(lamina_engine_t *engine,
                                                           const lamina_text_provider_t *provider);

/** An attributed run as a host sets it (R15.2): a byte range of the layer's string with the
 *  attributes it overrides; NULL font, a NaN font_size and has_color 0 keep the layer's.
 *  Since: 0.2 */
typedef struct lamina_text_run {
    size_t start;                 /* First UTF-8 byte in the layer's string. */
    size_t length;                /* Bytes. */
    const char *font;             /* NULL: the layer's font. Copied. */
    double font_size;             /* NaN: the layer's fontSize; else finite, >= 0. */
    uint32_t has_color;           /* 1: `color` applies; 0: the layer's foregroundColor. */
    uint32_t reserved;            /* Zero. */
    lamina_color_t color;
} lamina_text_run_t;

/** Sets a text layer's attributed runs (copied; count 0 removes them). They apply at once,
 *  outside transactions, to the layer's current string; runs a later string no longer covers
 *  are clipped to it. Thread-safe. Errors: INVALID_ARGUMENT (NULL runs with count > 0, a run
 *  outside the string or starting or ending inside a character, overlapping runs, a size
 *  that is infinite or negative, an empty font name), UNKNOWN_KEY (not a text layer),
 *  STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_text_layer_set_runs(lamina_engine_t *engine, lamina_layer_t layer,
                                                      const lamina_text_run_t *runs, size_t count);

/** The size a text layer's model values lay out to (CATextLayer's preferredFrameSize, R15.7):
 *  the widest line and the lines' height at `width` (0: the bounds' width when the layer
 *  wraps, unlimited otherwise), with no truncation. Thread-safe. Errors: INVALID_ARGUMENT
 *  (NULL out_size, negative or NaN width), UNKNOWN_KEY (not a text layer), NOT_FOUND (no
 *  provider), the provider's failure (its message in lamina_last_error_message()),
 *  STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_text_layer_preferred_frame_size(
    lamina_engine_t *engine, lamina_layer_t layer, double width, lamina_size_t *out_size);

/** How many layouts the layer has asked its provider for: it grows only when an input of the
 *  layout changes (R15.6; for tests and benchmarks). Thread-safe. Errors: INVALID_ARGUMENT
 *  (NULL out_count), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_text_layer_layout_count(lamina_engine_t *engine, lamina_layer_t layer,
                                                          uint64_t *out_count);

/* ========================================================================================== */
/* END geometry, hit testing and the draw list                                                */
/* ========================================================================================== */

/* ========================================================================================== */
/* BEGIN explicit animations (issue 3: CA-5, CA-7 to CA-11)                                   */
/* ========================================================================================== */

/* ------------------------------------------------------------------------------------------ */
/* Animation objects                                                                           */
/*                                                                                             */
/* A lamina_animation_t is a description of an explicit animation (CAAnimation and its        */
/* subclasses' role), made without an engine and attached to layers with                     */
/* lamina_layer_add_animation(), which copies it (CA-11.1): changing the object afterwards    */
/* never changes what is attached, so one object can be reused for many layers.               */
/*                                                                                             */
/* Kinds: BASIC (CABasicAnimation), SPRING (CASpringAnimation: a basic animation whose        */
/* progress follows a damped spring), KEYFRAME (CAKeyframeAnimation), TRANSITION              */
/* (CATransition) and GROUP (CAAnimationGroup). A function that belongs to some kinds only    */
/* (from/to/by values, spring parameters, keyframes, transition and group settings, and the   */
/* property-animation settings key path, additive, cumulative and value function, which       */
/* transitions and groups lack) answers LAMINA_STATUS_MISUSE for the others.                  */
/*                                                                                             */
/* Ownership: the constructors and every function that hands out an animation return it      */
/* owned, holding one reference: release it with lamina_animation_release(). Animations are   */
/* reference-counted (lamina_animation_retain() adds a reference to the same object;          */
/* lamina_animation_copy() makes an independent one). A released animation pointer is like   */
/* any freed pointer: using it is undefined behaviour. NULL is always answered with           */
/* LAMINA_STATUS_INVALID_ARGUMENT.                                                             */
/*                                                                                             */
/* Threads: retain and release may be called from any thread. Every other call on one         */
/* animation is serialized by a lock of its own, so concurrent calls are safe and each is      */
/* atomic; a sequence of calls is not.                                                         */
/*                                                                                             */
/* Errors of the functions below, besides those listed: INVALID_ARGUMENT for a NULL animation */
/* or out-pointer, a NaN or infinite number, an unknown enum value or a value outside the     */
/* stated range; MISUSE for the wrong kind. A failing setter changes nothing; out-parameters  */
/* are untouched on failure. Values are checked against the animated property only when the  */
/* animation is added to a layer (an engine knows its custom properties), except that a      */
/* LAMINA_VALUE_STRING is refused at once with TYPE_MISMATCH: no animatable property holds a  */
/* string.                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** An animation description. Opaque and reference-counted. */
typedef struct lamina_animation lamina_animation_t;

/** The kind of an animation. */
typedef int32_t lamina_animation_kind_t;
#define LAMINA_ANIMATION_BASIC 0      /* CABasicAnimation: from/to/by (CA-7.1). */
#define LAMINA_ANIMATION_SPRING 1     /* CASpringAnimation (CA-9). */
#define LAMINA_ANIMATION_KEYFRAME 2   /* CAKeyframeAnimation: values or a path (CA-8). */
#define LAMINA_ANIMATION_TRANSITION 3 /* CATransition (CA-10.1 to 10.4). */
#define LAMINA_ANIMATION_GROUP 4      /* CAAnimationGroup (CA-10.5, CA-10.6). */

/** What a timed object shows outside its active period (kCAFillMode*, CA-5.9). */
typedef int32_t lamina_fill_mode_t;
#define LAMINA_FILL_MODE_REMOVED 0   /* No effect outside the active period (the default). */
#define LAMINA_FILL_MODE_FORWARDS 1  /* Holds the end (seen with removed_on_completion 0). */
#define LAMINA_FILL_MODE_BACKWARDS 2 /* Holds the start before a later begin time. */
#define LAMINA_FILL_MODE_BOTH 3      /* Both. */

/** A value function (CAValueFunction, CA-7.5): turns the interpolated number or vector into a
 *  transform. Rotations take a NUMBER in radians; SCALE takes a NUMBER (all three axes) or a
 *  POINT/SIZE (x, y; z = 1); TRANSLATE a NUMBER (x) or a POINT/SIZE (x, y; z = 0); the
 *  single-axis ones a NUMBER. A TRANSFORM passes through unchanged. */
typedef int32_t lamina_value_function_t;
#define LAMINA_VALUE_FUNCTION_NONE 0
#define LAMINA_VALUE_FUNCTION_ROTATE_X 1
#define LAMINA_VALUE_FUNCTION_ROTATE_Y 2
#define LAMINA_VALUE_FUNCTION_ROTATE_Z 3
#define LAMINA_VALUE_FUNCTION_SCALE 4
#define LAMINA_VALUE_FUNCTION_SCALE_X 5
#define LAMINA_VALUE_FUNCTION_SCALE_Y 6
#define LAMINA_VALUE_FUNCTION_SCALE_Z 7
#define LAMINA_VALUE_FUNCTION_TRANSLATE 8
#define LAMINA_VALUE_FUNCTION_TRANSLATE_X 9
#define LAMINA_VALUE_FUNCTION_TRANSLATE_Y 10
#define LAMINA_VALUE_FUNCTION_TRANSLATE_Z 11

/** How a keyframe animation computes values between keyframes (CA-8.6). */
typedef int32_t lamina_calculation_mode_t;
#define LAMINA_CALCULATION_LINEAR 0      /* Piecewise linear (the default). */
#define LAMINA_CALCULATION_DISCRETE 1    /* No interpolation: each value holds until the next. */
#define LAMINA_CALCULATION_PACED 2       /* Linear at constant velocity; ignores key times and
                                            timing functions. */
#define LAMINA_CALCULATION_CUBIC 3       /* Kochanek-Bartels spline (Catmull-Rom by default). */
#define LAMINA_CALCULATION_CUBIC_PACED 4 /* The cubic spline at constant velocity. */

/** How a layer animated along a path turns with it (CA-8.7). */
typedef int32_t lamina_rotation_mode_t;
#define LAMINA_ROTATION_NONE 0         /* No rotation (the default). */
#define LAMINA_ROTATION_AUTO 1         /* transform.rotation.z follows the path's tangent. */
#define LAMINA_ROTATION_AUTO_REVERSE 2 /* The tangent plus 180 degrees. */

/** The kind of a transition (CA-10.1, CA-10.3). */
typedef int32_t lamina_transition_type_t;
#define LAMINA_TRANSITION_FADE 0    /* The old content fades out as the new fades in. */
#define LAMINA_TRANSITION_MOVE_IN 1 /* The new content slides in over the old. */
#define LAMINA_TRANSITION_PUSH 2    /* The new content pushes the old out. */
#define LAMINA_TRANSITION_REVEAL 3  /* The old content slides away, uncovering the new. */

/** The edge a motion transition starts from (CA-10.1). NONE is nil: the motion types then
 *  use FROM_LEFT; fade ignores the subtype. Lamina's layer coordinates are y-down. */
typedef int32_t lamina_transition_subtype_t;
#define LAMINA_TRANSITION_SUBTYPE_NONE 0
#define LAMINA_TRANSITION_FROM_LEFT 1
#define LAMINA_TRANSITION_FROM_RIGHT 2
#define LAMINA_TRANSITION_FROM_TOP 3
#define LAMINA_TRANSITION_FROM_BOTTOM 4

/** A repeat count that repeats forever: FLT_MAX, the role of HUGE_VALF in Core Animation
 *  (CA-5.5). Infinity (HUGE_VAL) also repeats forever. */
#define LAMINA_REPEAT_FOREVER 3.4028234663852886e+38

/** The media timing of an animation (CAMediaTiming, CA-5). Initialize it with
 *  LAMINA_MEDIA_TIMING_INIT, which also sets struct_size; later versions may append fields,
 *  and Lamina reads and writes only the fields that `struct_size` says the caller knows. */
typedef struct lamina_media_timing {
    uint32_t struct_size;        /* sizeof(lamina_media_timing_t) as the caller compiled it. */
    uint32_t reserved;           /* Set to 0; ignored. */
    double begin_time;           /* INIT 0. In the layer's time (the parent's time for a group
                                    child). 0: when the adding transaction commits (CA-5.3). */
    double duration;             /* INIT 0. One pass in local time; <= 0 takes the transaction's
                                    duration when added (CA-11.2), or the group's for a child. */
    double speed;                /* INIT 1. 0 freezes at time_offset; < 0 plays backwards. */
    double time_offset;          /* INIT 0. Added to local time; wraps (CA-5.8). */
    double repeat_count;         /* INIT 0 (play once). Fractions allowed; >= 0;
                                    LAMINA_REPEAT_FOREVER or infinity: forever (CA-5.5). */
    double repeat_duration;      /* INIT 0 (unused). When > 0, how long to repeat; wins over
                                    repeat_count. */
    lamina_bool_t autoreverses;  /* INIT 0. Each cycle plays forwards then backwards (CA-5.6). */
    lamina_fill_mode_t fill_mode; /* INIT LAMINA_FILL_MODE_REMOVED (CA-5.9). */
} lamina_media_timing_t;

/** Core Animation's defaults (CA-13.6), with struct_size set. */
#define LAMINA_MEDIA_TIMING_INIT                                                              \
    { (uint32_t)sizeof(lamina_media_timing_t), 0u, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, LAMINA_FALSE, \
      LAMINA_FILL_MODE_REMOVED }

/** The parameters of a spring animation (CASpringAnimation, CA-9.1 to 9.5). Valid values:
 *  mass > 0, stiffness > 0, damping >= 0, all finite; initial_velocity finite, in distances per
 *  second, positive toward the target (CA-9.2). */
typedef struct lamina_spring {
    double mass;                      /* INIT 1 */
    double stiffness;                 /* INIT 100 */
    double damping;                   /* INIT 10 */
    double initial_velocity;          /* INIT 0 */
    lamina_bool_t allows_overdamping; /* INIT 0: an overdamped spring is solved as critical. */
    uint32_t reserved;                /* Set to 0; ignored. */
} lamina_spring_t;

/** CASpringAnimation's defaults: damping ratio 0.5, natural frequency 10 rad/s (CA-9.3). */
#define LAMINA_SPRING_INIT { 1.0, 100.0, 10.0, 0.0, LAMINA_FALSE, 0u }

/** The elements of a keyframe path (CGPath's). */
typedef int32_t lamina_path_element_type_t;
#define LAMINA_PATH_MOVE 0  /* points[0]: starts a subpath; no keyframe, takes no time. */
#define LAMINA_PATH_LINE 1  /* points[0]: a line to it. */
#define LAMINA_PATH_QUAD 2  /* points[0] control, points[1] end: a quadratic Bezier curve. */
#define LAMINA_PATH_CUBIC 3 /* points[0], points[1] controls, points[2] end: a cubic curve. */
#define LAMINA_PATH_CLOSE 4 /* No points: a line back to the subpath's start. */

/** One path element; points that its type does not use are ignored (but must be finite). */
typedef struct lamina_path_element {
    lamina_path_element_type_t type;
    uint32_t reserved; /* Set to 0; ignored. */
    lamina_point_t points[3];
} lamina_path_element_t;

/** Delegate callbacks of an animation (CAAnimationDelegate's role); either may be NULL.
 *
 *  did_start runs when the animation's active period begins (at its begin time, which may be
 *  later than when it was added; CA-11.8). did_stop runs once when the animation leaves its
 *  layer: `finished` is 1 when it reached the end of its active duration, 0 when it was removed,
 *  replaced under its key, or its layer was destroyed first (CA-11.4, CA-11.7).
 *
 *  Both run on the thread that calls lamina_engine_tick(), during the first tick after the
 *  event, outside any engine lock (as transaction completions do), and may call any function
 *  except lamina_engine_tick() and lamina_engine_destroy() on the same engine. `layer` is the
 *  layer the animation was attached to (possibly no longer alive); `key` is its animation key,
 *  borrowed for the duration of the call, or NULL for an animation added without one (a
 *  transition added without one reports "transition"). Once the engine is destroyed no more
 *  callbacks are made. */
typedef struct lamina_animation_delegate {
    void (*did_start)(void *userdata, lamina_layer_t layer, const char *key);
    void (*did_stop)(void *userdata, lamina_layer_t layer, const char *key,
                     lamina_bool_t finished);
} lamina_animation_delegate_t;

/** Creates a basic animation of `key_path` (a property or key path, CA-7.6; copied) with no
 *  values, linear timing and Core Animation's defaults. With neither from, to nor by set it
 *  animates from the presentation value when added to the model value (CA-7.1).
 *  @param out_animation receives the animation. Owned: release it with
 *  lamina_animation_release(). Errors: INVALID_ARGUMENT (NULL key_path or out_animation).
 *  The key path is resolved when the animation is added (UNKNOWN_KEY then). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_create_basic(
    const char *key_path, lamina_animation_t **out_animation);

/** Creates a spring animation of `key_path` with LAMINA_SPRING_INIT's parameters. Its duration
 *  is 0 like every animation's (so it takes the transaction's when added); Core Animation users
 *  set it to the settling duration (CA-9.4): see lamina_spring_get_settling_duration().
 *  Owned, as lamina_animation_create_basic(). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_create_spring(
    const char *key_path, lamina_animation_t **out_animation);

/** Creates a keyframe animation of `key_path` with no values and linear calculation. Owned,
 *  as lamina_animation_create_basic(). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_create_keyframe(
    const char *key_path, lamina_animation_t **out_animation);

/** Creates a transition (CA-10.1), progress 0 to 1. Added without a key it is stored under
 *  "transition" (CA-10.4). Owned, as lamina_animation_create_basic().
 *  Errors: INVALID_ARGUMENT (unknown type or subtype, NULL out_animation). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_create_transition(
    lamina_transition_type_t type, lamina_transition_subtype_t subtype,
    lamina_animation_t **out_animation);

/** Creates an empty group (CA-10.5). Owned, as lamina_animation_create_basic().
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_create_group(lamina_animation_t **out_animation);

/** Adds a reference to an animation (the same object). Any thread. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_retain(lamina_animation_t *animation);

/** Drops a reference; the animation is freed with its last reference (its delegate's
 *  free_userdata runs when no copy of it remains, see lamina_animation_set_delegate()). Any
 *  thread. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_release(lamina_animation_t *animation);

/** An independent copy (sharing the delegate and its userdata). Owned, as
 *  lamina_animation_create_basic(). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_copy(
    const lamina_animation_t *animation, lamina_animation_t **out_copy);

/** The animation's kind. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_kind(
    const lamina_animation_t *animation, lamina_animation_kind_t *out_kind);

/** Sets the animated property or key path (copied; NULL or "" clears it, and adding then
 *  fails with INVALID_ARGUMENT). Basic, spring and keyframe animations. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_key_path(
    lamina_animation_t *animation, const char *key_path);

/** Copies the key path, NUL-terminated and truncated to `capacity` bytes, into `buffer` (NULL
 *  allowed when capacity is 0) and writes its full length without the NUL to `out_length`
 *  (as lamina_layer_get_name()). None reads as "". Basic, spring and keyframe animations.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_key_path(
    const lamina_animation_t *animation, char *buffer, size_t capacity, size_t *out_length);

/** Sets fromValue (CA-7.1); NULL clears it. LAMINA_VALUE_NULL is a nil colour, a value in its
 *  own right. Basic and spring animations. Errors: also TYPE_MISMATCH for a string.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_from_value(
    lamina_animation_t *animation, const lamina_value_t *value);
/** Sets toValue (CA-7.1); as lamina_animation_set_from_value(). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_to_value(
    lamina_animation_t *animation, const lamina_value_t *value);
/** Sets byValue (CA-7.1); as lamina_animation_set_from_value(). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_by_value(
    lamina_animation_t *animation, const lamina_value_t *value);

/** Reads fromValue. Errors: also NOT_FOUND when it is not set. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_from_value(
    const lamina_animation_t *animation, lamina_value_t *out_value);
/** Reads toValue. Errors: also NOT_FOUND when it is not set. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_to_value(
    const lamina_animation_t *animation, lamina_value_t *out_value);
/** Reads byValue. Errors: also NOT_FOUND when it is not set. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_by_value(
    const lamina_animation_t *animation, lamina_value_t *out_value);

/** Sets `additive` (default 0): the value is added to the value beneath it; transforms
 *  concatenate (CA-7.3). Basic, spring and keyframe animations. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_additive(
    lamina_animation_t *animation, lamina_bool_t additive);
/** Reads `additive`. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_additive(
    const lamina_animation_t *animation, lamina_bool_t *out_additive);

/** Sets `cumulative` (default 0): each repeat starts where the previous ended (CA-7.4). Basic,
 *  spring and keyframe animations (keyframes ignore it). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_cumulative(
    lamina_animation_t *animation, lamina_bool_t cumulative);
/** Reads `cumulative`. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_cumulative(
    const lamina_animation_t *animation, lamina_bool_t *out_cumulative);

/** Sets the value function (default NONE; CA-7.5). Basic, spring and keyframe animations.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_value_function(
    lamina_animation_t *animation, lamina_value_function_t value_function);
/** Reads the value function. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_value_function(
    const lamina_animation_t *animation, lamina_value_function_t *out_value_function);

/** Sets removedOnCompletion (default 1): whether the animation leaves its layer once its
 *  active duration has passed (CA-1.10). Any kind (a group's children ignore it). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_removed_on_completion(
    lamina_animation_t *animation, lamina_bool_t removed_on_completion);
/** Reads removedOnCompletion. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_removed_on_completion(
    const lamina_animation_t *animation, lamina_bool_t *out_removed_on_completion);

/** Sets the timing function that paces each iteration; NULL unsets it, which is linear (CA-6.4).
 *  Any kind; a spring's progress follows the spring and ignores it.
 *  Errors: also INVALID_ARGUMENT for control points that are not finite or x outside [0, 1].
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_timing_function(
    lamina_animation_t *animation, const lamina_timing_function_t *timing_function);
/** The timing function: `out_is_set` receives whether one is set; `out_timing_function` is
 *  written only when it is. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_timing_function(
    const lamina_animation_t *animation, lamina_timing_function_t *out_timing_function,
    lamina_bool_t *out_is_set);

/** Sets the media timing (CA-5). Any kind.
 *  Errors: INVALID_ARGUMENT for struct_size below this version's size, a non-finite begin
 *  time, duration, speed, time offset or repeat duration, a NaN or negative repeat count, an
 *  unknown fill mode. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_media_timing(
    lamina_animation_t *animation, const lamina_media_timing_t *timing);
/** Reads the media timing into `out_timing`, whose struct_size the caller sets (use
 *  LAMINA_MEDIA_TIMING_INIT); fields beyond this version's are left as they are.
 *  Errors: INVALID_ARGUMENT for a struct_size below this version's size. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_media_timing(
    const lamina_animation_t *animation, lamina_media_timing_t *out_timing);

/** Sets a spring's parameters (valid ranges at lamina_spring_t). Spring animations.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_spring(
    lamina_animation_t *animation, const lamina_spring_t *spring);
/** Reads a spring's parameters. Spring animations. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_spring(
    const lamina_animation_t *animation, lamina_spring_t *out_spring);

/** The spring for a perceptual duration and a bounce (initWithPerceptualDuration:bounce:,
 *  CA-9.5): mass 1, stiffness (2 pi / duration)^2, damping 4 pi (1 - bounce) / duration for
 *  bounce >= 0 and 4 pi / (duration (1 + bounce)) below, allows_overdamping 1. Bounce 0 is
 *  critically damped, positive bounces, negative is overdamped.
 *  Errors: INVALID_ARGUMENT (duration not finite and > 0, bounce not in (-1, 1], NULL).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_spring_init_perceptual(
    double duration, double bounce, lamina_spring_t *out_spring);

/** The time after which the spring stays at rest to within 8.3e-4 of the distance
 *  (settlingDuration, CA-9.4: the envelope of the motion falls below that threshold, the one
 *  value that reproduces both of Apple's examples); HUGE_VAL for an undamped spring. Mass 1,
 *  stiffness 100: damping 5 gives 2.85 s, damping 15 1.001 s (Apple: 2.85 and just over 1).
 *  Errors: INVALID_ARGUMENT (NULL, parameters outside the ranges at lamina_spring_t).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_spring_get_settling_duration(
    const lamina_spring_t *spring, double *out_duration);

/* Keyframe animations (CA-8). The arrays are copied and stored as given; an array that does
 * not fit the rules (CA-8.2 to 8.6: count, order, range) is ignored when the animation runs,
 * as in Core Animation. Each getter copies up to `capacity` entries into `buffer` (NULL allowed
 * when capacity is 0) and writes the full count to `out_count` (0 when unset). Setters: a NULL
 * array with count 0 clears (unset); a NULL array with a count > 0 is INVALID_ARGUMENT. */

/** Sets the keyframe values (CA-8.1): finite values, no strings (TYPE_MISMATCH). Ignored while a
 *  path is set. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_keyframe_values(
    lamina_animation_t *animation, const lamina_value_t *values, size_t count);
/** Copies the keyframe values. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_keyframe_values(
    const lamina_animation_t *animation, lamina_value_t *buffer, size_t capacity,
    size_t *out_count);

/** Sets the key times (CA-8.2 to 8.4): fractions in [0, 1], non-decreasing; one per keyframe
 *  (or one more for DISCRETE). Unset: evenly spaced. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_key_times(
    lamina_animation_t *animation, const double *key_times, size_t count);
/** Copies the key times. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_key_times(
    const lamina_animation_t *animation, double *buffer, size_t capacity, size_t *out_count);

/** Sets the per-segment timing functions (CA-8.5): n - 1 for n keyframes, applied after the
 *  animation's own. Errors: also INVALID_ARGUMENT for an invalid timing function. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_keyframe_timing_functions(
    lamina_animation_t *animation, const lamina_timing_function_t *timing_functions,
    size_t count);
/** Copies the per-segment timing functions. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_keyframe_timing_functions(
    const lamina_animation_t *animation, lamina_timing_function_t *buffer, size_t capacity,
    size_t *out_count);

/** Sets the calculation mode (default LINEAR; CA-8.6). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_calculation_mode(
    lamina_animation_t *animation, lamina_calculation_mode_t mode);
/** Reads the calculation mode. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_calculation_mode(
    const lamina_animation_t *animation, lamina_calculation_mode_t *out_mode);

/** Sets the Kochanek-Bartels tension per keyframe for CUBIC and CUBIC_PACED (CA-8.6): finite,
 *  used clamped to [-1, 1]; 1 gives zero tangents. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_tension_values(
    lamina_animation_t *animation, const double *values, size_t count);
/** Copies the tension values. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_tension_values(
    const lamina_animation_t *animation, double *buffer, size_t capacity, size_t *out_count);

/** Sets the continuity per keyframe (as the tension values); non-zero makes a corner.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_continuity_values(
    lamina_animation_t *animation, const double *values, size_t count);
/** Copies the continuity values. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_continuity_values(
    const lamina_animation_t *animation, double *buffer, size_t capacity, size_t *out_count);

/** Sets the bias per keyframe (as the tension values); 1 takes the tangent from the incoming
 *  segment, -1 from the outgoing one. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_bias_values(
    lamina_animation_t *animation, const double *values, size_t count);
/** Copies the bias values. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_bias_values(
    const lamina_animation_t *animation, double *buffer, size_t capacity, size_t *out_count);

/** Sets a path of points for a point property (CA-8.1); it overrides the values while set.
 *  Every element but a move defines one keyframe, at its end point; the path's start is
 *  keyframe 0. Within a segment the point moves at constant speed along the curve. The path
 *  is for a POINT property (TYPE_MISMATCH when added otherwise).
 *  Errors: also INVALID_ARGUMENT for an unknown element type, a non-finite point, or more
 *  than 2^20 elements (the limit of path values, R18). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_path(
    lamina_animation_t *animation, const lamina_path_element_t *elements, size_t count);
/** Copies the path's elements (unused points read as 0). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_path(
    const lamina_animation_t *animation, lamina_path_element_t *buffer, size_t capacity,
    size_t *out_count);

/** Sets the rotation mode (default NONE; CA-8.7): with a path, the layer's
 *  transform.rotation.z follows the tangent (radians, in the path's coordinates). Without a
 *  path it has no effect (undefined in Core Animation). Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_rotation_mode(
    lamina_animation_t *animation, lamina_rotation_mode_t mode);
/** Reads the rotation mode. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_rotation_mode(
    const lamina_animation_t *animation, lamina_rotation_mode_t *out_mode);

/** Sets a transition's type. Transitions. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_transition_type(
    lamina_animation_t *animation, lamina_transition_type_t type);
/** Reads a transition's type. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_transition_type(
    const lamina_animation_t *animation, lamina_transition_type_t *out_type);

/** Sets a transition's subtype (NONE allowed). Transitions. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_transition_subtype(
    lamina_animation_t *animation, lamina_transition_subtype_t subtype);
/** Reads a transition's subtype. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_transition_subtype(
    const lamina_animation_t *animation, lamina_transition_subtype_t *out_subtype);

/** Sets where in the transition the animation starts and ends (startProgress, endProgress;
 *  default 0 and 1; CA-10.1). Errors: INVALID_ARGUMENT unless 0 <= start <= end <= 1.
 *  Transitions. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_transition_progress(
    lamina_animation_t *animation, double start_progress, double end_progress);
/** Reads startProgress and endProgress (either out-pointer may be NULL, not both).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_get_transition_progress(
    const lamina_animation_t *animation, double *out_start_progress, double *out_end_progress);

/** Appends a copy of `child` to a group's animations (CA-10.5). Children run concurrently in the
 *  group's time: a child's begin time is relative to the group's start, a child whose duration
 *  is <= 0 takes the group's, and children are clipped to the group's duration, never scaled.
 *  Children's delegates and removed_on_completion are ignored (CA-10.5): the copy is made
 *  without the child's delegate. Groups nest up to 64 levels (R13: no walk over a group
 *  recurses deeper) and hold at most 10000 animations in all, nested ones counted (a group
 *  added to itself doubles each time). Errors: INVALID_ARGUMENT (NULL child), MISUSE (`group`
 *  is not a group), OUT_OF_MEMORY when the result would nest groups deeper than 64 levels or
 *  hold more than 10000 animations. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_group_add(
    lamina_animation_t *group, const lamina_animation_t *child);
/** The number of a group's children. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_group_get_count(
    const lamina_animation_t *group, size_t *out_count);
/** A copy of the group's child at `index`. Owned, as lamina_animation_create_basic().
 *  Errors: also INVALID_ARGUMENT for an index out of range. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_group_copy_child(
    const lamina_animation_t *group, size_t index, lamina_animation_t **out_child);
/** Removes all of a group's children. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_group_remove_all(lamina_animation_t *group);

/** Sets the delegate (its callbacks are copied from `delegate`; NULL clears the delegate). The
 *  delegate and `userdata` belong to this animation and to every copy made of it from now on,
 *  including the copies attached to layers (the delegate is retained, CA-11.8): they share
 *  one registration, and `free_userdata` (may be NULL) is called exactly once, when the last
 *  of them is gone or the delegate is replaced in all of them, on whichever thread drops it
 *  (the ticking thread after the last callback, or a thread releasing an animation); for the
 *  copies attached by lamina_layer_add_animation(), never under an engine lock. It is called
 *  at once when `delegate` is NULL or the call fails.
 *  Any kind. Since: 0.1 */
LAMINA_API lamina_status_t lamina_animation_set_delegate(
    lamina_animation_t *animation, const lamina_animation_delegate_t *delegate, void *userdata,
    lamina_free_fn free_userdata);

/* ------------------------------------------------------------------------------------------ */
/* Animations on layers (CA-11)                                                                */
/*                                                                                             */
/* Errors of every function below, besides those listed: INVALID_ARGUMENT (NULL engine,       */
/* animation, key or out-pointer; a non-finite time), STALE_HANDLE (engine destroyed, layer    */
/* not alive). Out-parameters are untouched on failure.                                        */
/* ------------------------------------------------------------------------------------------ */

/** Attaches a copy of `animation` to `layer` under `key` (copied; NULL or "" adds an unnamed
 *  entry, which no later add replaces and lamina_layer_get_animation_key() does not list; a
 *  transition added so is stored under "transition", CA-10.4), replacing the animation under
 *  the same key, whose delegate then gets did_stop with finished 0 (R8, CA-11.3, CA-11.4).
 *  It belongs to the calling thread's transaction and starts when that commits: a begin time
 *  of 0 becomes the engine time of the commit (CA-5.3; lamina_engine_tick() commits before it
 *  moves the time, so an animation added between two ticks begins at the earlier one's time),
 *  and a duration <= 0 becomes the transaction's duration now (CA-11.2). A basic animation
 *  with no values animates from the presentation value to the model value (CA-7.1); a
 *  transition captures the layer's presentation now as its "before" state (CA-10.2).
 *  Errors: INVALID_ARGUMENT (a property animation without a key path, timing or values not
 *  finite), UNKNOWN_KEY (a key path, also of a group's child, names no property), TYPE_MISMATCH
 *  (a from/to/by or keyframe value of a type the property cannot take: the property's own
 *  type, LAMINA_VALUE_NULL for a colour, or with a value function on a transform a NUMBER,
 *  POINT or SIZE; a path on a property that is not a point). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_add_animation(
    lamina_engine_t *engine, lamina_layer_t layer, const lamina_animation_t *animation,
    const char *key);

/** A copy of the animation attached under `key` (CA-11.5), as attached: with the duration
 *  filled in and, once it has begun, the begin time resolved (a hand-driven engine's commit
 *  between two ticks begins at the next tick: until then begin_time reads 0, pending, R6). An implicit animation reads as the
 *  basic animation Core Animation attaches (as Apple's animationForKey: does): the property's
 *  key path, from = the presentation value when it begins, to = the new value, the
 *  transaction's duration and timing function. Owned, as lamina_animation_create_basic().
 *  Errors: also NOT_FOUND (no animation under `key`). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_copy_animation(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key,
    lamina_animation_t **out_animation);

/** The number of keys of the layer's animations (CA-11.6): explicit and implicit ones, not the
 *  unnamed ones. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_animation_count(
    lamina_engine_t *engine, lamina_layer_t layer, size_t *out_count);

/** Copies the key at `index` of the layer's animation keys, in evaluation order (CA-11.6; a
 *  replaced key moves to the end), NUL-terminated and truncated to `capacity` bytes, into
 *  `buffer` (NULL allowed when capacity is 0), and writes its full length without the NUL to
 *  `out_length`. Errors: also NOT_FOUND when `index` is not below the count (the list may have
 *  changed since it was read). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_animation_key(
    lamina_engine_t *engine, lamina_layer_t layer, size_t index, char *buffer, size_t capacity,
    size_t *out_length);

/** Removes the animation under `key` at once (CA-11.7): the presentation falls back to the
 *  values beneath it, and its delegate gets did_stop with finished 0 at the next tick. With no
 *  animation under `key` nothing happens and the call succeeds, as in Core Animation.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_remove_animation(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key);

/** Removes every animation of the layer at once, implicit ones included (CA-11.7).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_remove_all_animations(
    lamina_engine_t *engine, lamina_layer_t layer);

/** Where a time falls relative to an active period (CA-5.10), in the direction the layer's
 *  time runs. */
typedef int32_t lamina_timing_phase_t;
#define LAMINA_PHASE_BEFORE 0 /* The active period has not begun (or the animation is not
                                 committed yet). */
#define LAMINA_PHASE_ACTIVE 1 /* Inside the active period. */
#define LAMINA_PHASE_AFTER 2  /* The active period is over: finished. */

/** Timing introspection of one attached animation. */
typedef struct lamina_animation_timing {
    lamina_timing_phase_t phase;
    lamina_bool_t contributing;  /* Whether it changes the presentation (active, or filling). */
    int64_t iteration;           /* The current iteration, from 0 (what a fill shows outside). */
    double iteration_progress;   /* In [0, 1], after autoreverse, before the timing function. */
    double active_duration;      /* In local time; HUGE_VAL when repeating forever. */
    double end_time;             /* When the active period ends, in the layer's time; HUGE_VAL
                                    while not committed or never ending. */
    double begin_time;           /* The resolved begin time in the layer's time (valid when
                                    has_begin_time; 0 otherwise). */
    lamina_bool_t has_begin_time; /* 0 while the adding transaction has not committed, and
                                     for a hand-driven engine's commit between two ticks until
                                     the next tick, when it begins (R2, R6). */
    uint32_t reserved;           /* 0. */
} lamina_animation_timing_t;

/** Timing introspection for the animation under `key` (explicit or implicit) at the engine's
 *  current time: phase, iteration, progress, active duration, end time (CA-5.10).
 *  Errors: also NOT_FOUND (no animation under `key`). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_animation_timing(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key,
    lamina_animation_timing_t *out_timing);

/** As lamina_layer_get_animation_timing() at engine time `time` (finite), which the layer's
 *  time space maps to the layer's time. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_animation_timing_at(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, double time,
    lamina_animation_timing_t *out_timing);

/** A transition at one moment (CA-10.2, CA-10.3): what a renderer needs to composite the old
 *  content (the "before" values) and the new (the presentation). */
typedef struct lamina_transition_state {
    lamina_transition_type_t type;
    lamina_transition_subtype_t subtype; /* As given: NONE means FROM_LEFT for the motions. */
    double progress; /* In [0, 1]: 0 shows only the old content, 1 only the new; the eased
                        progress mapped into [start_progress, end_progress]. */
} lamina_transition_state_t;

/** The transition running on `layer` at engine time `time` (finite; pass the engine's time for
 *  now). `out_active` receives whether a transition contributes then; `out_state` is written
 *  only when one does (the last one added, if several). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_transition(
    lamina_engine_t *engine, lamina_layer_t layer, double time,
    lamina_transition_state_t *out_state, lamina_bool_t *out_active);

/** A property or key path of the layer as it was before the changes the transition running at
 *  `time` transitions (its presentation when the transition was added, CA-10.2), into a tagged
 *  value (strings are borrowed, see lamina_value_t).
 *  Errors: also UNKNOWN_KEY, NOT_FOUND (no transition contributes at `time`). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_transition_before_value(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, double time,
    lamina_value_t *out_value);

/** Converts a time from `from_layer`'s time space to `to_layer`'s (CALayer's
 *  convertTime:fromLayer:/toLayer:, CA-5.11); LAMINA_LAYER_NONE on either side is engine
 *  (absolute) time. Each layer maps its superlayer's time by its model beginTime, speed and
 *  timeOffset (the keys of lamina_layer_set_number()): local = (parent - beginTime) * speed
 *  + timeOffset (CA-5.2). A layer of speed 0 cannot be inverted: converting out of it gives
 *  its beginTime. CA-16: with mid (begin 2, speed 3, offset 0.25) under a root and leaf (begin
 *  1, speed 2, offset 0.5) under mid, 10 from mid to leaf is 18.5, from root 47; 10 from leaf
 *  to mid is 5.75, to root 23/6. Errors: also INVALID_ARGUMENT for a non-finite time.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_convert_time(
    lamina_engine_t *engine, lamina_layer_t from_layer, lamina_layer_t to_layer, double time,
    double *out_time);

/* ========================================================================================== */
/* END explicit animations                                                                    */
/* ========================================================================================== */

/* ========================================================================================== */
/* BEGIN actions, delegates and view-backed layers (issue 3: CA-3, CA-4, R5, R11)             */
/* ========================================================================================== */

/* ------------------------------------------------------------------------------------------ */
/* The action search (CA-3.4 to CA-3.11, R5)                                                  */
/*                                                                                            */
/* When a property of a committed layer changes to a different value with disableActions off  */
/* (R4, CA-2.7), or an event is posted on a committed layer, Lamina looks for the action to   */
/* run, in this order, and stops at the first step that answers (CA-3.4, R5):                 */
/*   1. the layer's delegate (lamina_layer_set_delegate()); for a view-backed layer the       */
/*      delegate, if any, then the built-in view policy (R11, lamina_layer_set_view_backed()), */
/*      which ends the search;                                                                */
/*   2. the layer's actions (lamina_layer_set_action(), lamina_layer_set_action_none());      */
/*   3. the layer's style, then its nested styles in turn (lamina_layer_set_style());         */
/*   4. the engine's default actions (lamina_engine_set_default_action());                    */
/*   5. for an animatable property the built-in implicit animation (R6); otherwise nothing.   */
/* An explicit "no action" at any step ends the search with no action (NSNull's role,         */
/* CA-3.5); a delegate answering LAMINA_DELEGATE_CONTINUE lets it go on.                      */
/*                                                                                            */
/* Event keys are the property names ("position", also for a change of "position.x") and the  */
/* events that are not properties (CA-3.2, CA-3.3), whose built-in default is no action:      */
/*   "onOrderIn"  the layer joins a committed tree, or is unhidden;                           */
/*   "onOrderOut" the layer leaves a committed tree, or is hidden;                            */
/*   "sublayers"  posted on a committed superlayer when a sublayer is added or removed;       */
/*   "transition" posted on the layer that replaces another                                   */
/*                (lamina_layer_replace_sublayer()).                                          */
/*                                                                                            */
/* Running what was found: an animation action adds a copy of its animation to the layer      */
/* under the event key (CA-3.10) in the changing thread's transaction, as                     */
/* lamina_layer_add_animation() does (a duration <= 0 takes the transaction's; with no        */
/* from/to/by values a basic animation runs from the presentation value to the new one,       */
/* CA-7.1). A basic, spring or keyframe animation whose key path was cleared                  */
/* (lamina_animation_set_key_path() with NULL) animates the property that changed. An         */
/* animation that cannot be added (its key path names no property, a value of the wrong type) */
/* is skipped: the change itself stands. A custom action's callback is called.                */
/*                                                                                            */
/* Ownership: every function below that hands out an action or a style returns it owned,      */
/* holding one reference (release it with lamina_action_release() or lamina_style_release()). */
/* Setting an action or a style somewhere keeps what Lamina needs, so the caller may release  */
/* its handle at once. Released pointers are like freed ones: using them is undefined         */
/* behaviour.                                                                                 */
/*                                                                                            */
/* Free functions: each `free_userdata` below (may be NULL) is called exactly once, never     */
/* while an engine lock is held: at once when the call that registers it fails or has no      */
/* callback to keep; otherwise when the registration's last reference goes, on the thread     */
/* that drops it: inside lamina_action_release() or lamina_style_release() of the last        */
/* handle, at the end of the call that ran a custom action or took a delegate's answer, at an */
/* engine's next lamina_engine_tick() (after its callbacks) for what that engine dropped      */
/* since (a registration replaced or removed, its layer destroyed), or inside                 */
/* lamina_engine_destroy(). A free function may call any function except lamina_engine_tick() */
/* and lamina_engine_destroy() of the engine releasing it.                                    */
/*                                                                                            */
/* Threads: actions are immutable, so one action can be set in many places, on many engines,  */
/* and used from any thread. Calls on one style are serialized by a lock of its own. Custom   */
/* actions and delegates are called on the thread whose call made the change (or posted the   */
/* event, or asked lamina_layer_get_action()), with no engine lock held.                      */
/*                                                                                            */
/* Errors of every function below, besides those listed: INVALID_ARGUMENT (a NULL engine or   */
/* out-pointer, a NULL action or style where one is required, a NULL or empty key),           */
/* STALE_HANDLE (engine destroyed, layer not alive). A failing call changes nothing;          */
/* out-parameters are untouched on failure.                                                   */
/* ------------------------------------------------------------------------------------------ */

/** An action (CAAction's role): an animation or a host callback. Opaque, reference-counted and
 *  immutable once made. */
typedef struct lamina_action lamina_action_t;

/** The kind of an action. */
typedef int32_t lamina_action_kind_t;
#define LAMINA_ACTION_ANIMATION 0 /* Adds a copy of its animation under the event key. */
#define LAMINA_ACTION_CUSTOM 1    /* Calls a host callback. */

/** A custom action's callback. It runs on the thread whose call made the change or posted the
 *  event, after the new value is stored, with no engine lock held, so it may read the layer (it
 *  sees the new value) and call any function except lamina_engine_destroy() on that engine.
 *  `layer` is the layer; `event` is the event key, borrowed for the duration of the call. */
typedef void (*lamina_action_fn)(void *userdata, lamina_layer_t layer, const char *event);

/** Creates an animation action holding a copy of `animation` (with its delegate, which copies
 *  share; changing the animation object afterwards does not change the action). Running it
 *  adds a copy under the event key (CA-3.10).
 *  @param out_action receives the action. Owned: release it with lamina_action_release().
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_action_create_animation(
    const lamina_animation_t *animation, lamina_action_t **out_action);

/** Creates a custom action: running it calls `run(userdata, layer, event)` (CA-3.10).
 *  `free_userdata` follows the section's rule for free functions: it runs when the action's
 *  last reference goes, including the references its copies hold where it is set and those of
 *  actions handed out by lamina_layer_get_action(). Owned, as
 *  lamina_action_create_animation(). Errors: also INVALID_ARGUMENT for a NULL `run`.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_action_create_custom(
    lamina_action_fn run, void *userdata, lamina_free_fn free_userdata,
    lamina_action_t **out_action);

/** Adds a reference to an action (the same object). Any thread. Since: 0.1 */
LAMINA_API lamina_status_t lamina_action_retain(lamina_action_t *action);

/** Drops a reference; the action is freed with its last reference. Any thread. Since: 0.1 */
LAMINA_API lamina_status_t lamina_action_release(lamina_action_t *action);

/** The kind of an action. Since: 0.1 */
LAMINA_API lamina_status_t lamina_action_get_kind(
    const lamina_action_t *action, lamina_action_kind_t *out_kind);

/** A copy of an animation action's animation. Owned, as lamina_animation_create_basic().
 *  Errors: also MISUSE for a custom action. Since: 0.1 */
LAMINA_API lamina_status_t lamina_action_copy_animation(
    const lamina_action_t *action, lamina_animation_t **out_animation);

/* ------------------------------------------------------------------------------------------ */
/* Layer actions, default actions and the action query                                        */
/* ------------------------------------------------------------------------------------------ */

/** Sets the layer's action for the event `key` (its `actions` entry, step 2 of the search;
 *  copied), replacing any entry, "no action" included; a NULL action removes the entry, which
 *  succeeds also when there is none (lamina_layer_remove_action() reports NOT_FOUND instead).
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_action(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, const lamina_action_t *action);

/** Sets the engine's default action for the event `key` (+defaultActionForKey:'s role, step 4;
 *  copied) for every layer of the engine; a NULL action removes the entry (also when there is
 *  none). Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_set_default_action(
    lamina_engine_t *engine, const char *key, const lamina_action_t *action);

/** Puts an explicit "no action" in the engine's default actions for `key`: the search ends
 *  there, before the built-in implicit animation (CA-3.5). Remove it with
 *  lamina_engine_set_default_action() and NULL. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_set_default_no_action(
    lamina_engine_t *engine, const char *key);

/** What the action search finds for the event `key` now, without running it (-actionForKey:'s
 *  role, CA-3.4): the layer's delegate is asked, on this thread, as for a change. The built-in
 *  implicit animation comes back as an animation action: a basic animation of the property
 *  with no values, the transaction's duration and its timing function (LAMINA_TIMING_DEFAULT
 *  when unset) (CA-3.6, CA-3.7); for "contents", the fade transition the change runs (RS-4.8).
 *  Inside an animation block, a view-backed layer answers the block's animation (none for
 *  "contents", CA-4.9); outside, no action (R11, CA-4.2). disableActions does not change the
 *  answer (CA-16). Keys that name no property are events: they find what is set for them.
 *  @param out_action receives an owned action (release it with lamina_action_release()), or
 *  NULL when the search finds no action. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_action(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, lamina_action_t **out_action);

/* ------------------------------------------------------------------------------------------ */
/* Layer delegates (CALayerDelegate's actionForLayer:forKey:, CA-3.4 step 1)                  */
/* ------------------------------------------------------------------------------------------ */

/** A delegate's answer for one event (CA-3.5). */
typedef int32_t lamina_delegate_answer_t;
#define LAMINA_DELEGATE_CONTINUE 0  /* No opinion (nil): the search goes on with the layer's
                                       actions, style, default actions and the built-in
                                       animation, on a view-backed layer too (CA-3.5). */
#define LAMINA_DELEGATE_NO_ACTION 1 /* Stop with no action (NSNull). */
#define LAMINA_DELEGATE_ACTION 2    /* Stop with the action stored in *out_action. */
#define LAMINA_DELEGATE_VIEW_POLICY 3 /* On a view-backed layer, the view policy's answer (a
                                         UIView subclass returning super's, CA-4.2): no action
                                         outside a block, the block's animation inside one.
                                         Elsewhere the same as LAMINA_DELEGATE_CONTINUE.
                                         Since: 0.2 */

/** A layer delegate's callbacks.
 *
 *  action_for_layer (may be NULL: then it always continues) answers for an event of `layer`.
 *  It runs on the thread whose call made the change or posted the event (or called
 *  lamina_layer_get_action()), before the new value is stored, with no engine lock held: it may
 *  read the layer, and sees the old value (CA-2.6); it may call any function except
 *  lamina_engine_destroy() on that engine. It is asked only when a search happens: a committed
 *  layer, a value that differs, disableActions off. `event` is borrowed for the call.
 *  *out_action is NULL on entry. To answer LAMINA_DELEGATE_ACTION, store an action handle
 *  there: Lamina takes over that reference (it releases it; use lamina_action_retain() first
 *  to keep using a shared action). Lamina takes over any handle stored there, whatever the
 *  answer; LAMINA_DELEGATE_ACTION with none, and an unknown answer, count as
 *  LAMINA_DELEGATE_CONTINUE. */
typedef struct lamina_layer_delegate {
    lamina_delegate_answer_t (*action_for_layer)(void *userdata, lamina_layer_t layer,
                                                 const char *event, lamina_action_t **out_action);
} lamina_layer_delegate_t;

/** Sets the layer's delegate (its callbacks are copied from `delegate`; NULL clears it). On a
 *  view-backed layer it answers before the view policy, as a UIView subclass overriding
 *  actionForLayer:forKey: does: LAMINA_DELEGATE_VIEW_POLICY is its call to super (see
 *  lamina_view_animation_is_open()), LAMINA_DELEGATE_CONTINUE its nil (the layer's own search).
 *  `free_userdata` follows the section's rule: it runs at once when `delegate` is NULL
 *  or the call fails; otherwise, once no call to the delegate is still running, at the
 *  engine's next tick after the delegate is replaced, cleared or its layer destroyed, or when
 *  the engine is destroyed. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_delegate(
    lamina_engine_t *engine, lamina_layer_t layer, const lamina_layer_delegate_t *delegate,
    void *userdata, lamina_free_fn free_userdata);

/* ------------------------------------------------------------------------------------------ */
/* Styles (CALayer.style's role, CA-3.4 step 3)                                               */
/* ------------------------------------------------------------------------------------------ */

/** A style: actions searched after the layer's own, then those of the nested style it was
 *  created with, and so on. Opaque and reference-counted; made without an engine. */
typedef struct lamina_style lamina_style_t;

/** Creates a style with no actions.
 *  @param next the nested style searched after this one (style["style"]), or NULL. The new
 *  style keeps a reference to it; a chain is read when it is set on a layer.
 *  @param out_style receives the style. Owned: release it with lamina_style_release().
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_style_create(
    const lamina_style_t *next, lamina_style_t **out_style);

/** Adds a reference to a style. Any thread. Since: 0.1 */
LAMINA_API lamina_status_t lamina_style_retain(lamina_style_t *style);

/** Drops a reference; the style is freed with its last reference (layers it was set on keep
 *  their own copy). Any thread. Since: 0.1 */
LAMINA_API lamina_status_t lamina_style_release(lamina_style_t *style);

/** Sets the style's action for the event `key` (copied), replacing any entry; a NULL action
 *  removes the entry (also when there is none). Since: 0.1 */
LAMINA_API lamina_status_t lamina_style_set_action(
    lamina_style_t *style, const char *key, const lamina_action_t *action);

/** Puts an explicit "no action" in the style for `key`: a search that reaches it ends with no
 *  action (CA-3.5). Since: 0.1 */
LAMINA_API lamina_status_t lamina_style_set_no_action(lamina_style_t *style, const char *key);

/** Sets the layer's style (NULL clears it). The layer keeps a snapshot of the chain as it is
 *  now: later changes to these style objects do not reach layers they were set on (set the
 *  style again to apply them). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_style(
    lamina_engine_t *engine, lamina_layer_t layer, const lamina_style_t *style);

/* ------------------------------------------------------------------------------------------ */
/* View-backed layers and animation blocks (UIView's role: R11, CA-4)                         */
/*                                                                                            */
/* A view-backed layer's action search ends with the built-in view policy (after a host       */
/* delegate, if any, CA-4.1): "no action" outside animation blocks, so its changes never animate*/
/* under a plain transaction (listing 7.4, CA-4.2), and inside a block an animation with the  */
/* block's duration, delay, curve and options (listing 7.5). Modern UIKit's rules apply       */
/* (CA-4.4): position, bounds, transform and cornerRadius animate additively (old - new to 0),*/
/* an interrupted animation keeps running under the new one, under a fresh key ("position-2") */
/* and the motion stays smooth; other properties animate from the old value (the presentation */
/* with BEGIN_FROM_CURRENT_STATE, CA-4.5) to the new one under the property's key, replacing  */
/* the one in flight. Non-animatable properties, shadowOffset, shadowOpacity, shadowRadius     */
/* (UIKit does not animate them, CA-4.9) and events get no action.                            */
/* ------------------------------------------------------------------------------------------ */

/** Makes the layer view-backed or not (default not). Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_set_view_backed(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_bool_t view_backed);

/** Whether the layer is view-backed. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_get_view_backed(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_bool_t *out_view_backed);

/* Options of lamina_view_animation_begin(): UIViewAnimationOptions' bit values (CA-4.8).
 * LAYOUT_SUBVIEWS and ALLOW_USER_INTERACTION are accepted and change nothing (Lamina lays
 * nothing out; hit testing is the host's). AUTOREVERSE plays forwards then backwards; UIKit
 * expects it with REPEAT, and alone it plays one cycle. OVERRIDE_INHERITED_OPTIONS makes a
 * nested block use its own repeat and autoreverse options (CA-4.7). One curve at most. */
#define LAMINA_VIEW_ANIMATION_LAYOUT_SUBVIEWS ((uint64_t)1 << 0)
#define LAMINA_VIEW_ANIMATION_ALLOW_USER_INTERACTION ((uint64_t)1 << 1)
#define LAMINA_VIEW_ANIMATION_BEGIN_FROM_CURRENT_STATE ((uint64_t)1 << 2) /* CA-4.5 */
#define LAMINA_VIEW_ANIMATION_REPEAT ((uint64_t)1 << 3)                   /* Forever (CA-4.6). */
#define LAMINA_VIEW_ANIMATION_AUTOREVERSE ((uint64_t)1 << 4)
#define LAMINA_VIEW_ANIMATION_OVERRIDE_INHERITED_DURATION ((uint64_t)1 << 5) /* CA-4.7 */
#define LAMINA_VIEW_ANIMATION_OVERRIDE_INHERITED_CURVE ((uint64_t)1 << 6)    /* CA-4.7 */
#define LAMINA_VIEW_ANIMATION_OVERRIDE_INHERITED_OPTIONS ((uint64_t)1 << 9)  /* CA-4.7 */
#define LAMINA_VIEW_ANIMATION_CURVE_EASE_IN_OUT ((uint64_t)0 << 16) /* The default curve. */
#define LAMINA_VIEW_ANIMATION_CURVE_EASE_IN ((uint64_t)1 << 16)
#define LAMINA_VIEW_ANIMATION_CURVE_EASE_OUT ((uint64_t)2 << 16)
#define LAMINA_VIEW_ANIMATION_CURVE_LINEAR ((uint64_t)3 << 16)

/** An animation block's completion: `finished` is 1 when every animation of the block ran to
 *  its end, 0 when one was removed or replaced first (CA-4.6). */
typedef void (*lamina_view_animation_completion_fn)(void *userdata, lamina_bool_t finished);

/** Opens an animation block on the calling thread: the first half of UIView's
 *  animateWithDuration:delay:options:animations:completion: (R11, CA-4.6), whose `animations`
 *  are the calls made until lamina_view_animation_commit(). It begins an explicit transaction
 *  (the block's changes publish as that transaction's do) and, unless the block's duration is
 *  <= 0, makes changes to view-backed layers inside it animate. A block nested in another
 *  inherits the outer block's duration, curve, and repeat and autoreverse options, unless
 *  this one's OVERRIDE_INHERITED_* options say otherwise (CA-4.7). A duration <= 0 (after
 *  inheritance) makes the changes without animating (CA-4.6).
 *  @param duration seconds, finite.
 *  @param delay seconds before the animations begin, finite and >= 0.
 *  @param options LAMINA_VIEW_ANIMATION_* flags and at most one curve. The other bits of
 *  UIKit's options (AllowAnimatedContent, ShowHideTransitionViews, the transition and frame
 *  rate fields) belong to APIs Lamina does not have: INVALID_ARGUMENT.
 *  @param completion (may be NULL) runs once, during a later lamina_engine_tick() on the
 *  ticking thread outside the engine lock (as transaction completions do, CA-2.9), after every
 *  animation of the block has stopped; with none, at the first tick after the block's
 *  transaction committed. `free_userdata` (may be NULL) is called once: after the completion
 *  ran, when the engine is destroyed first, or at once when `completion` is NULL or the call
 *  fails. Errors: INVALID_ARGUMENT (non-finite duration, non-finite or negative delay, unknown
 *  option bits), STALE_HANDLE, OUT_OF_MEMORY (transactions nested too deeply). Since: 0.1 */
LAMINA_API lamina_status_t lamina_view_animation_begin(
    lamina_engine_t *engine, double duration, double delay, uint64_t options,
    lamina_view_animation_completion_fn completion, void *userdata, lamina_free_fn free_userdata);

/** Closes the calling thread's innermost animation block and commits its transaction (as
 *  lamina_transaction_commit()). Every lamina_view_animation_begin() needs one;
 *  lamina_transaction_commit() refuses to close a block's transaction (MISUSE).
 *  Errors: STALE_HANDLE, MISUSE when the innermost open transaction is not an animation block's
 *  (none is open, or a transaction begun inside the block is still open); nothing changes
 *  then. Since: 0.1 */
LAMINA_API lamina_status_t lamina_view_animation_commit(lamina_engine_t *engine);

/* ========================================================================================== */
/* END actions, delegates and view-backed layers                                              */
/* ========================================================================================== */

/* ========================================================================================== */
/* BEGIN engine clocks and the view policy's question (issue 8: R1, R2, CA-2.14, CA-4.1)       */
/* ========================================================================================== */
/* An engine is driven by hand (explicit times passed to lamina_engine_tick(), exact and        */
/* repeatable) or given a clock. With a clock, every commit reads it: engine time moves forward */
/* to its reading and the committed animations begin there; lamina_engine_tick_now() ticks at   */
/* its reading. By hand, a commit made between two ticks begins at the next tick's time. Either */
/* way a host that sleeps while nothing moves sees the whole animation from the change.         */

/** A host clock: returns seconds (any origin; it should not go backwards). Called on the thread
 *  that commits or ticks, with no engine lock held; it must be cheap and safe to call from
 *  every thread that uses the engine. Calling back into the engine from it: destroying the
 *  engine and ticking it answer MISUSE; a commit made inside it begins at the engine's current
 *  time without reading the clock again; other calls work (R18). */
typedef double (*lamina_clock_fn)(void *userdata);

/** Gives the engine a host clock (the host's own frame clock), or with `clock` NULL returns it
 *  to hand-driven time. Replaces a clock set before (its free_userdata runs then).
 *  @param userdata passed to every call of `clock`. Borrowed by the engine until released:
 *  `free_userdata` (may be NULL) runs once — when the clock is replaced or cleared, when the
 *  engine is destroyed, or at once if `clock` is NULL or the call fails — never under an
 *  engine lock. A reading that is not finite is ignored by commits.
 *  Errors: INVALID_ARGUMENT (NULL engine), STALE_HANDLE. Thread safety: any thread. Since: 0.2 */
LAMINA_API lamina_status_t lamina_engine_set_clock(
    lamina_engine_t *engine, lamina_clock_fn clock, void *userdata, lamina_free_fn free_userdata);

/** Gives the engine the monotonic clock (CLOCK_MONOTONIC, the clock of lamina_clock_now(); never
 *  the wall clock, R1), replacing any clock set before.
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_engine_use_monotonic_clock(lamina_engine_t *engine);

/** lamina_engine_tick() at the engine clock's reading (or the engine's current time if the
 *  reading is earlier: time does not go back this way).
 *  Errors: INVALID_ARGUMENT (NULL engine, or the clock returned NaN/infinity), STALE_HANDLE,
 *  MISUSE when the engine has no clock, and as lamina_engine_tick(). Since: 0.2 */
LAMINA_API lamina_status_t lamina_engine_tick_now(lamina_engine_t *engine);

/* A host delegate (lamina_layer_set_delegate) on a view-backed layer answers before the view   */
/* policy, as a UIView subclass overriding actionForLayer:forKey: does; answering "continue"   */
/* falls back to the view policy (its call to super). Inside a block the policy animates every */
/* animatable property except shadowOffset, shadowOpacity and shadowRadius (CA-4.9), and       */
/* cornerRadius additively like position, bounds and transform (CA-4.4).                       */

/** Whether the calling thread is inside an animation block that animates (begun with
 *  lamina_view_animation_begin() and a duration > 0): what a delegate asks to decide, as
 *  UIKit's +[UIView inheritedAnimationDuration] > 0. Errors: INVALID_ARGUMENT (NULL),
 *  STALE_HANDLE. Thread safety: answers for the calling thread. Since: 0.2 */
LAMINA_API lamina_status_t lamina_view_animation_is_open(
    lamina_engine_t *engine, lamina_bool_t *out_open);

/* ========================================================================================== */
/* END engine clocks and the view policy's question                                           */
/* BEGIN layer content, masks, paths and damage (issue 10: R14, RS-1 to RS-5, RS-10, RS-11)    */
/* ========================================================================================== */

/* contentsGravity (RS-4.3); the key-value API takes CA's names ("resize", "topLeft", ...). */
#define LAMINA_GRAVITY_RESIZE 0
#define LAMINA_GRAVITY_RESIZE_ASPECT 1
#define LAMINA_GRAVITY_RESIZE_ASPECT_FILL 2
#define LAMINA_GRAVITY_CENTER 3
#define LAMINA_GRAVITY_TOP 4 /* maxY: the visual bottom in Lamina's y-down tree (RS-4.5). */
#define LAMINA_GRAVITY_BOTTOM 5
#define LAMINA_GRAVITY_LEFT 6
#define LAMINA_GRAVITY_RIGHT 7
#define LAMINA_GRAVITY_TOP_LEFT 8
#define LAMINA_GRAVITY_TOP_RIGHT 9
#define LAMINA_GRAVITY_BOTTOM_LEFT 10
#define LAMINA_GRAVITY_BOTTOM_RIGHT 11
/* minificationFilter / magnificationFilter (RS-4.7): "linear", "nearest", "trilinear". */
#define LAMINA_FILTER_LINEAR 0
#define LAMINA_FILTER_NEAREST 1
#define LAMINA_FILTER_TRILINEAR 2
/* cornerCurve (RS-1.6): "circular", "continuous". */
#define LAMINA_CORNER_CURVE_CIRCULAR 0
#define LAMINA_CORNER_CURVE_CONTINUOUS 1
/* maskedCorners bits (RS-1.5; MinXMinY is the visual top-left in a y-down tree). */
#define LAMINA_CORNER_MIN_X_MIN_Y 1u
#define LAMINA_CORNER_MAX_X_MIN_Y 2u
#define LAMINA_CORNER_MIN_X_MAX_Y 4u
#define LAMINA_CORNER_MAX_X_MAX_Y 8u
/* edgeAntialiasingMask bits (RS-11.1). */
#define LAMINA_EDGE_MIN_X 1u
#define LAMINA_EDGE_MAX_X 2u
#define LAMINA_EDGE_MIN_Y 4u
#define LAMINA_EDGE_MAX_Y 8u

/** What lamina_image_get_info() reports. Set struct_size to sizeof(lamina_image_info_t). */
typedef struct lamina_image_info {
    uint32_t struct_size;
    uint32_t width;            /* Pixels. */
    uint32_t height;           /* Pixels. */
    lamina_bool_t is_external; /* A host texture: no pixels, see external_handle. */
    uint64_t external_handle;
    const uint8_t *pixels;     /* Premultiplied RGBA8, sRGB, row 0 at the top, tightly packed
                                  (width * 4 bytes a row); NULL when external. Valid while the
                                  image lives. */
} lamina_image_info_t;

/** Creates an image from RGBA8 pixels (RS-4.1), copying them; `premultiplied` says whether the
 *  colour channels are already multiplied by alpha (if not, Lamina premultiplies them). The
 *  caller owns one reference: release it with lamina_image_release() (a layer showing the image
 *  holds its own). Any engine may show it. Thread-safe.
 *  @param byte_count must be width * height * 4. Errors: INVALID_ARGUMENT (NULL pixels or
 *  out_image, a side of 0 or above 32768, a wrong byte count), STALE_HANDLE (destroyed engine),
 *  OUT_OF_MEMORY (more than 1 GiB of pixels, checked before anything is read; R18).
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_image_create_rgba8(
    lamina_engine_t *engine, uint32_t width, uint32_t height, const uint8_t *pixels,
    size_t byte_count, lamina_bool_t premultiplied, lamina_image_t *out_image);

/** Creates an image that stands for a texture the host owns (its id and pixel size); Lamina
 *  never touches it. Ownership and errors as lamina_image_create_rgba8(). Since: 0.2 */
LAMINA_API lamina_status_t lamina_image_create_external(
    lamina_engine_t *engine, uint64_t external_handle, uint32_t width, uint32_t height,
    lamina_image_t *out_image);

/** Adds a host reference. Errors: STALE_HANDLE (unknown or freed image). Since: 0.2 */
LAMINA_API lamina_status_t lamina_image_retain(lamina_image_t image);

/** Drops a host reference; the image goes when no host reference and no layer (model,
 *  presentation or a draw list still valid) uses it. Errors: STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_image_release(lamina_image_t image);

/** Describes an image (ids from draw records too, while their list is valid). Errors:
 *  INVALID_ARGUMENT (NULL, struct_size too small), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_image_get_info(lamina_image_t image, lamina_image_info_t *out_info);

/** Writes the path of `rect` (move, 3 lines, close: 5 elements) into `buffer`.
 *  `*out_count` always receives the element count; a NULL buffer or a capacity below it only
 *  reports the count (INVALID_ARGUMENT when buffer is non-NULL and too small). Errors:
 *  INVALID_ARGUMENT (non-finite rect, a number beyond 1e15 in magnitude or a point of the
 *  path that would lie beyond it (R18), NULL out_count). Since: 0.2 */
LAMINA_API lamina_status_t lamina_path_rect(
    lamina_rect_t rect, lamina_path_element_t *buffer, size_t capacity, size_t *out_count);

/** The ellipse inscribed in `rect` (move, 4 cubics, close: 6 elements); as lamina_path_rect().
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_path_ellipse(
    lamina_rect_t rect, lamina_path_element_t *buffer, size_t capacity, size_t *out_count);

/** A rectangle with elliptical corners of `corner_width` x `corner_height`, clamped to half the
 *  sides (10 elements, always the same structure, so two of them animate point by point);
 *  as lamina_path_rect(), the corner sizes bounded as the rect. Since: 0.2 */
LAMINA_API lamina_status_t lamina_path_rounded_rect(
    lamina_rect_t rect, double corner_width, double corner_height, lamina_path_element_t *buffer,
    size_t capacity, size_t *out_count);

/** Sets `layer`'s contents (RS-4.1), or none with LAMINA_IMAGE_NONE: the typed form of
 *  lamina_layer_set_value(engine, layer, "contents", image value). The layer holds its own
 *  reference. A change on a committed layer cross-fades (RS-4.8). Errors: STALE_HANDLE (layer
 *  or image), as lamina_layer_set_value(). Since: 0.2 */
LAMINA_API lamina_status_t lamina_layer_set_contents(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_image_t image);

/** `layer`'s model contents, or LAMINA_IMAGE_NONE. The id is borrowed (no reference is added):
 *  valid while the layer or anything else keeps the image; retain it to keep it. Errors:
 *  INVALID_ARGUMENT, STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_layer_get_contents(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_image_t *out_image);

/** Sets `layer`'s mask (RS-5.1-5.3), or removes it with LAMINA_LAYER_NONE. The engine holds a
 *  reference on the mask while assigned; a mask in a tree is removed from it first; a mask of
 *  another layer moves. Structural: shows at once. Errors: STALE_HANDLE, MISUSE (the mask is
 *  the layer or an ancestor, the layer is itself a mask, or the mask has a mask). Since: 0.2 */
LAMINA_API lamina_status_t lamina_layer_set_mask(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_layer_t mask);

/** `layer`'s mask, or LAMINA_LAYER_NONE. Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_layer_get_mask(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_layer_t *out_mask);

/** As lamina_engine_draw_list(), with records `record_size` bytes apart: pass
 *  sizeof(lamina_draw_record_t) as your header defines it. A smaller size (at least
 *  LAMINA_DRAW_RECORD_SIZE_0_1) gets each record's first record_size bytes; a larger one gets
 *  zeros past the library's record (struct_size tells what was filled). The records share
 *  lamina_engine_draw_list()'s buffer and lifetime rules. Errors: as lamina_engine_draw_list(),
 *  and INVALID_ARGUMENT for record_size below LAMINA_DRAW_RECORD_SIZE_0_1, above 65536 or not
 *  a multiple of 8 (records would be misaligned; R18). Since: 0.2 */
LAMINA_API lamina_status_t lamina_engine_draw_list_sized(
    lamina_engine_t *engine, lamina_layer_t root, double time, size_t record_size,
    const void **out_records, size_t *out_count);

/* Source calls of lamina_engine_draw_list() get records of this header's size (see its
 * "Versioning" note); `(lamina_engine_draw_list)(...)` names the 0.1 symbol itself. The inline
 * function keeps the out_records type checked. */
static inline lamina_status_t lamina_engine_draw_list_current_(
    lamina_engine_t *engine, lamina_layer_t root, double time,
    const lamina_draw_record_t **out_records, size_t *out_count) {
    const void *records = NULL;
    lamina_status_t status = lamina_engine_draw_list_sized(
        engine, root, time, sizeof(lamina_draw_record_t), out_records ? &records : NULL, out_count);
    if (status == LAMINA_STATUS_OK) *out_records = (const lamina_draw_record_t *)records;
    return status;
}
#define lamina_engine_draw_list(engine, root, time, out_records, out_count) \
    lamina_engine_draw_list_current_((engine), (root), (time), (out_records), (out_count))

/** The damage of `root` (RS-10): the rectangles, in root space (the records' transform
 *  space), that changed between the last two draw lists built for it; see
 *  docs/draw-records.md. Empty when nothing changed; one rectangle covering everything
 *  (+-1e9) when unknown: the first call for a root starts tracking it.
 *  @param out_rects borrowed, engine-owned, valid until the next call on the engine; NULL when
 *  the count is 0. Errors: INVALID_ARGUMENT, STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_engine_damage(
    lamina_engine_t *engine, lamina_layer_t root, const lamina_rect_t **out_rects,
    size_t *out_count);

/* ========================================================================================== */
/* END layer content, masks, paths and damage                                                 */
/* ========================================================================================== */

/* ========================================================================================== */
/* BEGIN batch property access (issue 13)                                                     */
/* One call for many layers: a binding (Python's ctypes) pays its per-call cost once per      */
/* batch instead of once per layer. Each function does exactly what its single-layer          */
/* counterpart does for layers[0], layers[1], ... in order, on the calling thread's           */
/* transactions (R12: any thread; callbacks run on it). `count` 0 is a no-op and then the     */
/* arrays may be NULL; otherwise they must hold `count` elements (caller-owned, borrowed for   */
/* the call). On the first failing layer the call stops and returns that layer's status; the  */
/* layers before it keep their changes (as a loop of single calls would) and the last error   */
/* message names the index. Out-arrays are written only up to the failing index.             */
/* ========================================================================================== */

/** Sets the number `key` (e.g. "opacity", "position.x") of `count` layers: layers[i] gets
 *  values[i], as lamina_layer_set_number(). Errors: INVALID_ARGUMENT (NULL engine, key, or an
 *  array with count > 0; a NaN value), STALE_HANDLE, UNKNOWN_KEY, TYPE_MISMATCH. Since: 0.2 */
LAMINA_API lamina_status_t lamina_layers_set_number(
    lamina_engine_t *engine, const lamina_layer_t *layers, size_t count, const char *key,
    const double *values);

/** Sets the point `key` (e.g. "position") of `count` layers: layers[i] gets values[i], as
 *  lamina_layer_set_point(). Errors: as lamina_layers_set_number(). Since: 0.2 */
LAMINA_API lamina_status_t lamina_layers_set_point(
    lamina_engine_t *engine, const lamina_layer_t *layers, size_t count, const char *key,
    const lamina_point_t *values);

/** The model number `key` of `count` layers into out_values[i], as lamina_layer_get_number().
 *  Errors: INVALID_ARGUMENT, STALE_HANDLE, UNKNOWN_KEY, TYPE_MISMATCH. Since: 0.2 */
LAMINA_API lamina_status_t lamina_layers_get_number(
    lamina_engine_t *engine, const lamina_layer_t *layers, size_t count, const char *key,
    double *out_values);

/** The presentation number `key` of `count` layers at the engine's time into out_values[i],
 *  as lamina_layer_get_presentation_value() (the key must hold a number). Errors: as
 *  lamina_layers_get_number(), plus NO_PRESENTATION. Since: 0.2 */
LAMINA_API lamina_status_t lamina_layers_get_presentation_number(
    lamina_engine_t *engine, const lamina_layer_t *layers, size_t count, const char *key,
    double *out_values);

/** As lamina_layers_get_presentation_number(), at the finite time `time`
 *  (lamina_layer_get_presentation_value_at()). Since: 0.2 */
LAMINA_API lamina_status_t lamina_layers_get_presentation_number_at(
    lamina_engine_t *engine, const lamina_layer_t *layers, size_t count, const char *key,
    double time, double *out_values);

/** The presentation point `key` (e.g. "position") of `count` layers at the engine's time into
 *  out_values[i]. Errors: as lamina_layers_get_presentation_number(). Since: 0.2 */
LAMINA_API lamina_status_t lamina_layers_get_presentation_point(
    lamina_engine_t *engine, const lamina_layer_t *layers, size_t count, const char *key,
    lamina_point_t *out_values);

/* ========================================================================================== */
/* END batch property access                                                                  */
/* ========================================================================================== */

/* ========================================================================================== */
/* BEGIN reliability limits and test hooks (issue 31, R18)                                    */
/* Handles never alias while anything that could hold them is alive: an engine's tag (in its  */
/* layer handles) is not handed to another engine while it lives, so at most 65,535 engines   */
/* are alive at once (lamina_engine_create() answers OUT_OF_MEMORY beyond); a layer slot that  */
/* held 2^24-1 layers in turn is retired rather than wrapping its generation. The two hooks    */
/* below exist for tests only: they bring those counters near their wrap at once.             */
/* ========================================================================================== */

/** Sets the most side data one draw list of `engine` may hold: shape paths, dash patterns,
 *  gradient colours and locations, shadow paths, transitions' before records and the shape and
 *  gradient structs (the records themselves are bounded by the layers and RS-13.1's 2^22
 *  replicated records). Side data a replicated record shares with its instances counts once.
 *  Default 512 MiB. A list that would pass it is refused with OUT_OF_MEMORY before more is
 *  allocated; the previous list of the engine is then no longer valid. Errors:
 *  INVALID_ARGUMENT (NULL engine, 0 bytes), STALE_HANDLE. Thread-safe. Since: 0.2 */
LAMINA_API lamina_status_t lamina_engine_set_draw_list_budget(lamina_engine_t *engine, size_t bytes);

/** Test only: the next engine created takes the first tag from `tag` on (1...65535) that no
 *  live engine has. Process-wide. Errors: INVALID_ARGUMENT (0 or above 65535). Since: 0.2 */
LAMINA_API lamina_status_t lamina_testing_set_next_engine_tag(uint32_t tag);

/** Test only: every free layer slot of `engine` ages to at least `generation` (1...2^24-1),
 *  as if that many layers had been created and released in it, and slots added later start
 *  there. Live layers keep their handles. Errors: INVALID_ARGUMENT (NULL engine, generation 0
 *  or above 2^24-1), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_testing_age_layer_slots(lamina_engine_t *engine, uint32_t generation);

/** Test only: turns off (0) or on again (1, the default) the reuse of an unchanged draw list:
 *  while nothing the list of a root depends on has changed since the engine's last list of it
 *  (no call but the tick of a still scene, damage, the draw list and next_frame_time), draw
 *  lists hand back that list, the same buffer, without walking the tree. Off, every list is
 *  built afresh: the reference tests compare with. Errors: INVALID_ARGUMENT (NULL engine),
 *  STALE_HANDLE. Thread-safe. Since: 0.2 */
LAMINA_API lamina_status_t lamina_testing_set_draw_list_reuse(lamina_engine_t *engine, lamina_bool_t enabled);

/** Test only: how many draw lists `engine` has built by walking its tree (Swift and C);
 *  lists handed back unchanged are not counted. Errors: INVALID_ARGUMENT (NULL engine or
 *  out_builds), STALE_HANDLE. Thread-safe. Since: 0.2 */
LAMINA_API lamina_status_t lamina_testing_get_draw_list_builds(lamina_engine_t *engine, uint64_t *out_builds);

/* ========================================================================================== */
/* END reliability limits and test hooks                                                      */
/* Interaction: presentation velocity, springs that retarget, scroll physics (R17)           */
/*                                                                                            */
/* Velocities are time derivatives of presentation values, computed analytically (R17.1-17.4): */
/* units of the key per second of engine time. Scroll physics are pure functions; they touch  */
/* no engine and may be called from any thread.                                               */
/* ========================================================================================== */

/** The time derivative of the presentation value of `key` (a number, point, size, rect or
 *  colour property, one of their components, a transform component such as
 *  "transform.rotation.z", or a numeric or colour filter input such as
 *  "filters.blur.inputRadius", R19.4) at the finite engine time `time`, written as a value of
 *  the key's type: "position" gives a point in points per second (R17.1). Exact for timing
 *  curves, springs, keyframes (linear, paced, cubic, cubicPaced, per-segment timing functions)
 *  and additive stacks; zero while an animation is held by its fill mode or paused (speed 0),
 *  and when nothing animates (R17.3). Which animations are attached is decided by the current
 *  state, as for lamina_layer_get_presentation_value_at().
 *  Errors: INVALID_ARGUMENT (NULL key or out_value, non-finite time), UNKNOWN_KEY (a filter
 *  the layer does not have, too), TYPE_MISMATCH (a key without a velocity: strings, booleans,
 *  images, paths, a whole transform, a whole filter array, a colour matrix's vector), MISUSE
 *  (an animation without a defined velocity drives the key: a keyframe path, a value function,
 *  a whole-transform animation; R17.4), NO_PRESENTATION, STALE_HANDLE. Thread-safe.
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_layer_get_presentation_velocity(
    lamina_engine_t *engine, lamina_layer_t layer, const char *key, double time,
    lamina_value_t *out_value);

/** Sets the innermost transaction's spring (NULL clears it; a nested NULL hides an outer one).
 *  While a spring is in effect, each implicit change of a number, point, size, rect or colour
 *  property animates as that spring, from the presentation value to the new value and starting
 *  with the presentation velocity, both read when the spring begins (R17.6): a spring that
 *  replaces a running animation keeps position and velocity continuous. The animation is stored
 *  under the property's name (a filter input's under its key path, R19.4), lasts the
 *  spring's settling duration, and the spring's own
 *  initial_velocity (distances per second) adds to the inherited velocity. Other changes use
 *  the duration and timing function. Use lamina_spring_init_perceptual() for duration + bounce.
 *  Errors: INVALID_ARGUMENT (parameters outside lamina_spring_t's ranges, or a spring that
 *  never settles: damping 0), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_transaction_set_spring(
    lamina_engine_t *engine, const lamina_spring_t *spring);
/** Makes the calling thread's innermost animation block (lamina_view_animation_begin()) a
 *  spring block, UIKit's animateWithSpringDuration:bounce: (R17.22): inside it, numeric changes
 *  of view-backed layers spring from the presentation value with the presentation velocity
 *  (replacing the property's in-flight view animations, stacked ones included), and the
 *  block's transaction springs the implicit changes of other layers as
 *  lamina_transaction_set_spring() does. The block lasts the spring's settling duration; other
 *  changes follow its options with the default curve. Call it right after the begin.
 *  Errors: INVALID_ARGUMENT (NULL spring, one outside lamina_spring_t's ranges or one that
 *  never settles), MISUSE (the innermost open transaction is not an animation block's),
 *  STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_view_animation_set_spring(
    lamina_engine_t *engine, const lamina_spring_t *spring);
/** The spring in effect: `out_is_set` receives whether one is set (default not);
 *  `out_spring` is written only when set. Errors: INVALID_ARGUMENT (NULL out-pointer),
 *  STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_transaction_get_spring(
    lamina_engine_t *engine, lamina_spring_t *out_spring, lamina_bool_t *out_is_set);

/** UIScrollView's normal deceleration rate, per millisecond (R17.7). */
#define LAMINA_DECELERATION_RATE_NORMAL 0.998
/** UIScrollView's fast deceleration rate, per millisecond (R17.7). */
#define LAMINA_DECELERATION_RATE_FAST 0.99
/** UIScrollView's rubber-band coefficient (R17.7). */
#define LAMINA_RUBBER_BAND_COEFFICIENT 0.55

/** Where a decelerating motion from `value` at `velocity` (units per second) comes to rest:
 *  value - velocity / (1000 ln r) for the deceleration rate r per millisecond (R17.7).
 *  Errors: INVALID_ARGUMENT (NULL out_value, non-finite velocity, r outside (0, 1)).
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_decay_projection(
    double value, double velocity, double deceleration_rate, double *out_value);
/** The position and velocity `time` seconds into that motion: x0 + v0 (r^(1000t) - 1) /
 *  (1000 ln r) and v0 r^(1000t); time <= 0 gives the start (R17.7).
 *  Errors: as lamina_decay_projection(), plus a non-finite time or a NULL out_velocity.
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_decay_sample(
    double value, double velocity, double deceleration_rate, double time, double *out_value,
    double *out_velocity);
/** How long until |velocity| falls below `threshold` (> 0, units per second); 0 when it
 *  already is (R17.7). Errors: as lamina_decay_projection(), plus a threshold that is not
 *  finite and positive. Since: 0.2 */
LAMINA_API lamina_status_t lamina_decay_duration(
    double velocity, double deceleration_rate, double threshold, double *out_duration);
/** UIScrollView's rubber band: content pulled `offset` beyond its bounds shows
 *  (1 - 1 / (|offset| c / dimension + 1)) dimension, with the sign of offset (R17.7).
 *  Errors: INVALID_ARGUMENT (NULL out_offset, non-finite offset, dimension or coefficient not
 *  finite and positive). Since: 0.2 */
LAMINA_API lamina_status_t lamina_rubber_band(
    double offset, double dimension, double coefficient, double *out_offset);

/** Makes a basic animation a decay animation (R17.7): from its from value (none: the
 *  presentation value when it begins) with `velocity` per second — a number, point, size, rect
 *  or colour of the animated key's type — slowing by `deceleration_rate` each millisecond
 *  (LAMINA_DECELERATION_RATE_NORMAL or _FAST): x(t) = from + v (r^(1000t) - 1) / (1000 ln r).
 *  Its to and by values and timing function are ignored; its duration is set to the time its
 *  speed takes to fall below 0.01 units per second, after which the model value shows: set the
 *  model to the projection (lamina_decay_projection()) for the motion to end where it rests.
 *  Errors: INVALID_ARGUMENT (NULL velocity, a non-finite velocity, a rate outside (0, 1)),
 *  TYPE_MISMATCH (a velocity that is not numeric; when added, one not of the key's type),
 *  MISUSE (not a basic animation), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animation_set_decay(
    lamina_animation_t *animation, const lamina_value_t *velocity, double deceleration_rate);

/** Makes a spring animation start from the presentation value and the presentation velocity
 *  when it begins, as a transaction's spring does (R17.6): replacing a running animation of
 *  its key it keeps position and velocity continuous. Its from and by values are then ignored
 *  and its own initial_velocity adds to the inherited one; it needs a to value of a number,
 *  point, size, rect or colour (or a component of one) and cannot be additive (else adding it
 *  fails with INVALID_ARGUMENT). Default LAMINA_FALSE: Core Animation's behaviour.
 *  Errors: MISUSE (not a spring animation), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animation_set_inherits_velocity(
    lamina_animation_t *animation, lamina_bool_t inherits_velocity);
/** Whether a spring animation inherits the velocity (default LAMINA_FALSE).
 *  Errors: INVALID_ARGUMENT (NULL out-pointer), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animation_get_inherits_velocity(
    lamina_animation_t *animation, lamina_bool_t *out_inherits_velocity);

/* ========================================================================================== */
/* END interaction                                                                            */
/* ========================================================================================== */

/* ========================================================================================== */
/* Property animators (R17.9-R17.21)                                                          */
/*                                                                                            */
/* UIViewPropertyAnimator's states and rules. The changes an animator's animation callbacks   */
/* make become animations it owns, from the value on screen to the new model value; it drives */
/* them when it starts, pauses, scrubs, reverses, continues, stops or finishes. A call in the */
/* wrong state is MISUSE with a message (UIKit raises). Every call is thread-safe (the engine */
/* lock); callbacks run without it: animation callbacks inside the call that runs them        */
/* (add_animations while active, start, pause, set_fraction_complete), completions at a later */
/* lamina_engine_tick() on the ticking thread. An animator whose engine was destroyed answers */
/* STALE_HANDLE to everything but lamina_animator_destroy().                                   */
/* ========================================================================================== */

/** A property animator (opaque). Owned by whoever created it: destroy it once with
 *  lamina_animator_destroy(). */
typedef struct lamina_animator lamina_animator_t;

/** An animator's state (UIViewAnimatingState, R17.9). */
typedef int32_t lamina_animating_state_t;
/** Created, finished, or stopped without finishing: it owns no animation. */
#define LAMINA_ANIMATING_STATE_INACTIVE 0
/** Started or paused: its animations are on their layers. */
#define LAMINA_ANIMATING_STATE_ACTIVE 1
/** Stopped, not finished: its animations hold until lamina_animator_finish(). */
#define LAMINA_ANIMATING_STATE_STOPPED 2

/** Where an animator's animations ended (UIViewAnimatingPosition), as completions hear. */
typedef int32_t lamina_animating_position_t;
/** At the end values: the model values the animation callbacks set. */
#define LAMINA_ANIMATING_POSITION_END 0
/** At the start values (a reversed animator, or finish at START). */
#define LAMINA_ANIMATING_POSITION_START 1
/** Where they were on screen (finish at CURRENT). */
#define LAMINA_ANIMATING_POSITION_CURRENT 2

/** How an animator is made (R17.9): its duration in seconds (finite, > 0), and a timing curve
 *  (`curve`) or, when `has_spring`, a spring (`spring`, ranges at lamina_spring_t) whose
 *  motion from 0 to 1 is played over the duration. */
typedef struct lamina_animator_params {
    double duration;
    lamina_timing_function_t curve;
    lamina_bool_t has_spring;
    lamina_spring_t spring;
} lamina_animator_params_t;

/** Creates an inactive animator for `engine` (R17.9) with running-time defaults: not
 *  reversed, scrubs linearly, does not pause on completion, interruptible.
 *  @param out_animator receives it. Owned: destroy it with lamina_animator_destroy().
 *  Errors: INVALID_ARGUMENT (NULL params or out_animator, a duration that is not finite and
 *  positive, invalid control points, a spring outside lamina_spring_t's ranges or one that
 *  never settles), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_create(
    lamina_engine_t *engine, const lamina_animator_params_t *params,
    lamina_animator_t **out_animator);
/** Destroys an animator. An active or stopped one first ends where its layers are on screen,
 *  with no completion (R17.21): no animation outlives it. Destroy each animator once, after its
 *  engine's other calls on it have returned. Always OK for a non-NULL animator, also after its
 *  engine was destroyed. Errors: INVALID_ARGUMENT (NULL). Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_destroy(lamina_animator_t *animator);

/** Adds an animation callback (R17.10): `fn(userdata)` changes layer properties with the usual
 *  setters, and each change of an animatable property becomes an animation of this animator,
 *  from the presentation value to the new model value (replacing an animation of the same
 *  property on that layer). Inactive: kept, and called when the animator starts, pauses or is
 *  scrubbed. Active: called now, its changes animating over the remaining portion of the run.
 *  Changes to layers never committed, or made with actions disabled, do not animate.
 *  `userdata` must stay valid until the callback has run.
 *  Errors: INVALID_ARGUMENT (NULL fn), MISUSE (stopped), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_add_animations(
    lamina_animator_t *animator, void (*fn)(void *userdata), void *userdata);
/** Adds a completion (R17.16): `fn(userdata, position)` runs at a lamina_engine_tick() after
 *  the animator finishes, told END, START or CURRENT; never after
 *  lamina_animator_stop(without_finishing = true) or lamina_animator_destroy(), which drop it.
 *  `userdata` must stay valid until then. Errors: INVALID_ARGUMENT (NULL fn), STALE_HANDLE.
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_add_completion(
    lamina_animator_t *animator,
    void (*fn)(void *userdata, lamina_animating_position_t position), void *userdata);

/** Starts an inactive animator after `delay` seconds, or resumes a paused one (R17.11).
 *  Errors: INVALID_ARGUMENT (negative or non-finite delay), MISUSE (stopped; a delay while
 *  active), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_start(lamina_animator_t *animator, double delay);
/** Pauses the animations where they are (R17.11). An inactive animator becomes active and
 *  paused at its start. Errors: MISUSE (stopped, not interruptible), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_pause(lamina_animator_t *animator);
/** The fraction of the duration played, 0 to 1 (R17.12). Errors: INVALID_ARGUMENT (NULL
 *  out_fraction), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_get_fraction_complete(
    lamina_animator_t *animator, double *out_fraction);
/** Scrubs to `fraction` (clamped to [0, 1]) while paused (R17.12); an inactive animator becomes
 *  active and paused first. While scrubbing linearly the layers show the fraction linearly
 *  (R17.15). Errors: INVALID_ARGUMENT (NaN), MISUSE (running, stopped, not interruptible),
 *  STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_set_fraction_complete(
    lamina_animator_t *animator, double fraction);
/** Whether it runs from the end back to the start (R17.14). Errors: INVALID_ARGUMENT (NULL),
 *  STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_get_reversed(
    lamina_animator_t *animator, lamina_bool_t *out_reversed);
/** Reverses the direction (R17.14): running, it heads back from where it is at once; paused,
 *  it will when resumed. A reversed animator completes at START.
 *  Errors: MISUSE (stopped; active and not interruptible), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_set_reversed(
    lamina_animator_t *animator, lamina_bool_t reversed);
/** Resumes an active animator (R17.13), for the rest of the run with `curve` or `spring` if
 *  one is given (NULL both: its timing so far). The rest lasts `duration_factor` times the
 *  duration; 0 keeps the original pace. A scrubbed animator continues from where its timing
 *  shows the scrubbed position (R17.15).
 *  Errors: INVALID_ARGUMENT (both curve and spring, invalid ones, a negative or non-finite
 *  factor), MISUSE (not active), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_continue(
    lamina_animator_t *animator, const lamina_timing_function_t *curve,
    const lamina_spring_t *spring, double duration_factor);
/** Stops an active animator (R17.16). `without_finishing` true: the layers keep the values on
 *  screen as their model values, the animations go, the animator is inactive and its
 *  completions are dropped. False: it is STOPPED, the animations hold, and
 *  lamina_animator_finish() must follow. Errors: MISUSE (not active, not interruptible),
 *  STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_stop(
    lamina_animator_t *animator, lamina_bool_t without_finishing);
/** Finishes a stopped animator (R17.16): the layers take the END, START or CURRENT values as
 *  their model values (published with the thread's transaction), the animations go, the
 *  animator is inactive and its completions run at the next tick with `position`.
 *  Errors: INVALID_ARGUMENT (unknown position), MISUSE (not stopped), STALE_HANDLE.
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_finish(
    lamina_animator_t *animator, lamina_animating_position_t position);
/** The state (LAMINA_ANIMATING_STATE_*). Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE.
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_get_state(
    lamina_animator_t *animator, lamina_animating_state_t *out_state);
/** Whether it is active and not paused. Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE.
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_is_running(
    lamina_animator_t *animator, lamina_bool_t *out_running);
/** The duration it was made with. Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_get_duration(
    lamina_animator_t *animator, double *out_duration);
/** Whether scrubbing while paused shows the fraction linearly (default LAMINA_TRUE) or eased
 *  by the timing (R17.15); a paused animator shows the choice at once. Errors: STALE_HANDLE.
 *  Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_set_scrubs_linearly(
    lamina_animator_t *animator, lamina_bool_t scrubs_linearly);
/** Reads it. Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_get_scrubs_linearly(
    lamina_animator_t *animator, lamina_bool_t *out_value);
/** Whether at its end it stays active and paused instead of finishing (default LAMINA_FALSE,
 *  R17.17); its completions then wait. Errors: STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_set_pauses_on_completion(
    lamina_animator_t *animator, lamina_bool_t pauses_on_completion);
/** Reads it. Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_get_pauses_on_completion(
    lamina_animator_t *animator, lamina_bool_t *out_value);
/** Whether it can be paused, scrubbed, reversed while active, or stopped (default LAMINA_TRUE,
 *  R17.18). Errors: MISUSE (not inactive), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_set_interruptible(
    lamina_animator_t *animator, lamina_bool_t interruptible);
/** Reads it. Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE. Since: 0.2 */
LAMINA_API lamina_status_t lamina_animator_get_interruptible(
    lamina_animator_t *animator, lamina_bool_t *out_value);

/* ========================================================================================== */
/* END property animators                                                                     */
/* ========================================================================================== */

/* ========================================================================================== */
/* BEGIN layer filters (issue 32; R19; since 0.2)                                             */
/*                                                                                            */
/* Every layer has "filters" and "backgroundFilters" (LAMINA_VALUE_FILTER_ARRAY; NULL value or */
/* an empty array: none) and "compositingFilter" (LAMINA_VALUE_STRING, a blend mode's Core     */
/* Image name such as "multiplyBlendMode"; LAMINA_VALUE_NULL: normal). A named filter's        */
/* parameters are key paths: "filters.<name>.inputRadius" (numbers: inputRadius,              */
/* inputSaturation, inputBrightness, inputContrast, inputIntensity, inputAmount),             */
/* "filters.<name>.inputColor" (a colour), "filters.<name>.inputRVector" ... "inputBiasVector" */
/* (LAMINA_VALUE_NUMBER_ARRAY of 4), likewise under "backgroundFilters."; they are set, read,  */
/* presented and animated (implicitly and explicitly) like any numeric key path (R19.4).       */
/* Errors: INVALID_ARGUMENT for an unknown type or blend mode name, a NaN, infinite or         */
/* negative radius, a vector that is not 4 numbers, more than LAMINA_FILTER_MAX_COUNT filters; */
/* UNKNOWN_KEY for a name or parameter no filter of the layer has (R19.6).                    */
/* ========================================================================================== */

/** Fills `*out_filter` with a filter of `type` carrying Core Image's default parameters and
 *  `name` (borrowed: the pointer is stored as given, and copied only when the filter is set on
 *  a layer). Thread-safe, no engine needed. Errors: INVALID_ARGUMENT (NULL out_filter, unknown
 *  type). Since: 0.2 */
LAMINA_API lamina_status_t lamina_filter_init(lamina_filter_type_t type, const char *name,
                                              lamina_filter_t *out_filter);

/* ========================================================================================== */
/* END layer filters                                                                          */
/* ========================================================================================== */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* LAMINA_H */
