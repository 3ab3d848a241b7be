/*
 * lamina.h — the whole C contract of Lamina. Anything not declared here is not API.
 *
 * Lamina brings Core Animation's layer model to programs outside Apple's platforms: a tree of
 * layers whose property changes animate implicitly inside transactions, and a presentation
 * tree that tells the host, at any moment, what is on screen. The host draws; Lamina decides
 * how things move.
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
 *    transaction each return a status and leave the engine as it was.
 *  - Handles: an engine is an opaque pointer owned by the caller (create/destroy). Layers are
 *    named by lamina_layer_t values (an index and a generation), so a stale or forged layer
 *    handle is detected and answered with LAMINA_STATUS_STALE_HANDLE, never a crash. A
 *    destroyed engine's pointer is also detected (its small header outlives it); a pointer that
 *    never came from lamina_engine_create() is undefined behaviour, as with any C library.
 *  - Ownership: "owned" results are the caller's to release; "borrowed" pointers stay valid
 *    for the stated span only. Strings passed in are copied.
 *  - Threads (DESIGN R12): any thread may call any function on an engine. Each thread has its
 *    own transaction stack per engine. Changes are serialized inside the engine; a commit
 *    publishes atomically. One thread ticks an engine at a time. Callbacks run on the thread
 *    that called lamina_engine_tick(), outside any engine lock, and may call any function except
 *    lamina_engine_destroy() and lamina_engine_tick() on the same engine.
 *  - Booleans are lamina_bool_t (uint32_t, 0 or 1) and enums are fixed-width integers.
 *
 * Typical use (listing 7.1 of the seeds: a colour change animates implicitly):
 *
 *     lamina_engine_t *engine;
 *     lamina_layer_t layer;
 *     lamina_color_t red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};
 *     lamina_engine_create(&engine);
 *     lamina_layer_create(engine, &layer);
 *     lamina_layer_set_color(engine, layer, "backgroundColor", red);   // not committed: no animation
 *     lamina_engine_tick(engine, 0.0);          // commits: the layer now has a presentation
 *     lamina_layer_set_color(engine, layer, "backgroundColor", blue);  // animates over 0.25 s
 *     lamina_engine_tick(engine, 0.1);          // presentation is part-way to blue
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

/** A colour: non-premultiplied RGBA, nominally each in [0, 1]. */
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
 *  the calling thread's next failing Lamina call. Since: 0.1 */
LAMINA_API const char *lamina_last_error_message(void);

/** Seconds of a monotonic clock (CLOCK_MONOTONIC, never the wall clock; R1, CA-17): a
 *  convenient time source for lamina_engine_tick(). Since: 0.1 */
LAMINA_API double lamina_clock_now(void);

/* ------------------------------------------------------------------------------------------ */
/* Engine                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** Creates an engine at time 0.
 *  @param out_engine receives the engine. Owned: destroy with lamina_engine_destroy().
 *  Errors: INVALID_ARGUMENT if out_engine is NULL. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_create(lamina_engine_t **out_engine);

/** Destroys an engine and everything it owns. Pending completion callbacks are not run; their
 *  free functions are. After this the pointer is stale: calls with it return STALE_HANDLE.
 *  Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE, MISUSE when called from one of this engine's
 *  callbacks. Thread safety: no other thread may be using the engine. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_destroy(lamina_engine_t *engine);

/** One run-loop turn (R2): commits the calling thread's implicit transaction, sets the engine
 *  time to `time`, starts, finishes and removes animations, then runs the callbacks that became
 *  due (transaction completions) on this thread, outside the engine lock.
 *  @param time seconds; finite. It may go backwards (the presentation follows it).
 *  Errors: INVALID_ARGUMENT (NaN/infinite), STALE_HANDLE, MISUSE when called from a callback
 *  of this engine or while another thread is ticking it. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_tick(lamina_engine_t *engine, double time);

/** The engine's current time: the time of the last tick (0 before the first).
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
 *  Errors: STALE_HANDLE, MISUSE (no explicit transaction open: reported, nothing changes).
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
/* BEGIN geometry, hit testing and the draw list (issue 4: CA-12, R10, DESIGN section 3)     */
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
 *  committed are skipped. Since: 0.1 */
LAMINA_API lamina_status_t lamina_layer_hit_test(
    lamina_engine_t *engine, lamina_layer_t layer, lamina_point_t point, lamina_tree_t tree,
    double time, lamina_layer_t *out_hit);

/* ------------------------------------------------------------------------------------------ */
/* The draw list (DESIGN section 3)                                                            */
/* ------------------------------------------------------------------------------------------ */

/* lamina_draw_record_t.flags */
#define LAMINA_DRAW_HAS_BACKGROUND (1u << 0)   /* background_color is set (else none). */
#define LAMINA_DRAW_HAS_BORDER_COLOR (1u << 1) /* border_color is set (else none). */
#define LAMINA_DRAW_HAS_SHADOW_COLOR (1u << 2) /* shadow_color is set (else none). */
#define LAMINA_DRAW_MASKS_TO_BOUNDS (1u << 3)  /* The layer clips its sublayers. */
#define LAMINA_DRAW_DOUBLE_SIDED (1u << 4)     /* Its back face shows (else cull it). */
#define LAMINA_DRAW_HAS_CLIP (1u << 5)         /* clip_rect is set (an ancestor clips). */

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
    double reserved[4]; /* Zero. Reserved for transition state (a later release) and growth. */
} lamina_draw_record_t;

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
 *  has grown. Errors: INVALID_ARGUMENT, STALE_HANDLE, NO_PRESENTATION (root never committed),
 *  OUT_OF_MEMORY. Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_draw_list(
    lamina_engine_t *engine, lamina_layer_t root, double time,
    const lamina_draw_record_t **out_records, size_t *out_count);

/** The next time at which anything on screen can change, so a host can sleep instead of
 *  drawing at a fixed rate: the engine's current time while something animates or waits for a
 *  tick (an animation in flight or not yet committed, uncommitted changes, a completion due),
 *  the begin time of the earliest animation that starts later, or +infinity (HUGE_VAL) when
 *  nothing changes until the host changes something. Errors: INVALID_ARGUMENT, STALE_HANDLE.
 *  Since: 0.1 */
LAMINA_API lamina_status_t lamina_engine_next_frame_time(
    lamina_engine_t *engine, double *out_time);

/* ========================================================================================== */
/* END geometry, hit testing and the draw list                                                */
/* ========================================================================================== */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* LAMINA_H */
