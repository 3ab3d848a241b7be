/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina_lottie.h — the Lottie importer's C API (liblamina-lottie, issue 28, R16 in
 * docs/semantics.md; the long form is docs/lottie.md).
 *
 * A Lottie (Bodymovin JSON) file becomes ordinary Lamina layers with explicit keyframe
 * animations on an engine: after the load the host adds the root to its tree, ticks, hit-tests
 * and draws it like its own layers. Playback is Core Animation's media timing on the root:
 * play is a begin time, looping is repeatCount = infinity, seek is speed = 0 + timeOffset, and
 * progress p shows frame ip + p * (op - ip) (p = 1: the out frame itself).
 *
 * liblamina-lottie is a separate library that uses only liblamina's C ABI (it links against
 * liblamina.so.0), so liblamina itself stays free of the JSON parser and Foundation.
 *
 * Conventions are liblamina's (lamina.h): functions return a lamina_status_t and write results
 * through out-parameters, untouched on failure. Failures of this library are described by
 * lamina_lottie_last_error_message(), per thread. Threading: an animation object may be used
 * from any thread, one call at a time (it is not locked); its layers follow the engine's rules.
 */
#ifndef LAMINA_LOTTIE_H
#define LAMINA_LOTTIE_H

#include "lamina.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A loaded Lottie animation: its root layer and playback state. Opaque; owned by the caller
 *  (lamina_lottie_destroy). */
typedef struct lamina_lottie lamina_lottie_t;

/** What a Lottie file says about itself. */
typedef struct lamina_lottie_info {
    uint32_t struct_size; /* sizeof(lamina_lottie_info_t) as the caller compiled it. */
    uint32_t reserved;    /* Set to 0; ignored. */
    double width;         /* The canvas (w), in points. */
    double height;        /* The canvas (h). */
    double frame_rate;    /* Frames per second (fr). */
    double in_frame;      /* The first frame (ip). */
    double out_frame;     /* The out frame (op). */
    double duration;      /* (op - ip) / fr seconds. */
} lamina_lottie_info_t;

/** Parses `length` bytes of Lottie JSON and builds its layers and animations on `engine`,
 *  paused at progress 0. The root layer's bounds are (0, 0, w, h) and its position
 *  (w/2, h/2); it has no superlayer.
 *  @param json the file's bytes (need not be NUL-terminated); copied as needed.
 *  @param out receives the animation, owned by the caller.
 *  Errors: INVALID_ARGUMENT (NULL pointers; malformed JSON, wrong types, missing fields, absurd
 *  sizes, cyclic precompositions: the message names the JSON path of the problem, e.g.
 *  "$.layers[2].ks.p.k[1].t: keyframe times go backwards"), STALE_HANDLE (engine), and any
 *  status liblamina returned while building (the message says which). Never aborts; work and
 *  memory are bounded (64 MiB of JSON, 200000 keyframes, 50000 layers, 48 levels of nesting).
 *  Thread-safe (it takes the engine's lock per call, as liblamina does). */
LAMINA_API lamina_status_t lamina_lottie_load(lamina_engine_t *engine, const char *json,
                                              size_t length, lamina_lottie_t **out);

/** The calling thread's last error message of this library, or "" when none. Borrowed: valid
 *  until the thread's next failing lamina_lottie_* call. Never NULL. */
LAMINA_API const char *lamina_lottie_last_error_message(void);

/** The root layer (borrowed: the animation holds one host reference until destroyed; retain it
 *  with lamina_layer_retain() to keep it longer). Errors: INVALID_ARGUMENT (NULL). */
LAMINA_API lamina_status_t lamina_lottie_get_root(const lamina_lottie_t *animation,
                                                  lamina_layer_t *out_root);

/** The file's size, frame rate, frames and duration. `out->struct_size` must be set by the
 *  caller to sizeof(lamina_lottie_info_t). Errors: INVALID_ARGUMENT (NULL, struct_size too
 *  small). */
LAMINA_API lamina_status_t lamina_lottie_get_info(const lamina_lottie_t *animation,
                                                  lamina_lottie_info_t *out);

/** Plays from the start at the engine's current time: the root's beginTime becomes now (in its
 *  superlayer's time: add the root to its superlayer first), its duration the animation's, its
 *  repeatCount infinity when looping (lamina_lottie_set_loop, default on) or 1 (then the out
 *  frame holds), its speed the playback speed. Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE
 *  (the engine or root is gone). */
LAMINA_API lamina_status_t lamina_lottie_play(lamina_lottie_t *animation);

/** Shows progress `progress` (clamped to [0, 1]) paused: speed 0 and timeOffset
 *  progress * duration on the root, so frame ip + progress * (op - ip) is presented from the
 *  next commit on. Errors: INVALID_ARGUMENT (NULL, NaN), STALE_HANDLE. */
LAMINA_API lamina_status_t lamina_lottie_seek(lamina_lottie_t *animation, double progress);

/** Sets the playback speed (1 = the file's frame rate; finite, > 0). It takes effect at once
 *  when playing (the current frame is kept), else at the next play. Errors: INVALID_ARGUMENT. */
LAMINA_API lamina_status_t lamina_lottie_set_speed(lamina_lottie_t *animation, double speed);

/** Sets whether play loops (default LAMINA_TRUE); when playing, playback restarts with it.
 *  Errors: INVALID_ARGUMENT (NULL), STALE_HANDLE. */
LAMINA_API lamina_status_t lamina_lottie_set_loop(lamina_lottie_t *animation, lamina_bool_t loop);

/** How many warnings the load produced: features of the file that the importer left out or
 *  approximated (an effect, a blend mode, a text layer, ...). Errors: INVALID_ARGUMENT. */
LAMINA_API lamina_status_t lamina_lottie_get_warning_count(const lamina_lottie_t *animation,
                                                           size_t *out_count);

/** Warning `index` as a NUL-terminated UTF-8 string, borrowed until the animation is
 *  destroyed. Errors: INVALID_ARGUMENT (NULL, index out of range). */
LAMINA_API lamina_status_t lamina_lottie_get_warning(const lamina_lottie_t *animation,
                                                     size_t index, const char **out_warning);

/** Frees the animation object and drops its reference to the root layer. The layers stay
 *  while the host's tree (or its own references) hold them. NULL is a no-op. */
LAMINA_API void lamina_lottie_destroy(lamina_lottie_t *animation);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_LOTTIE_H */
