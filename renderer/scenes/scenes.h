/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The scenes of Lamina's reference compositor: one or more per RS topic the draw list can
 * express, plus the gallery and listing 7.7. The golden-image tests (Tests/gles), the viewer's
 * gallery (tools/lamina-viewer) and the pictures (Scripts/make-pictures.sh) all build their
 * frames from these, so a picture in the docs is a tested picture. Not installed.
 */
#ifndef LAMINA_SCENES_H
#define LAMINA_SCENES_H

#include <lamina/lamina.h>
#include <lamina/lamina_gles.h>

typedef struct scene_ctx {
    lamina_engine_t *engine;
    lamina_layer_t root;      /* bounds (0, 0, width, height), opaque white unless a scene says */
    lamina_layer_t focus;     /* the layer a scene's tap handler works on (listing 7.7's box) */
    lamina_layer_t extra[8];  /* scene-specific layers */
    lamina_status_t status;   /* first failure while building */
    int counter;              /* scene-specific state */
} scene_ctx_t;

typedef struct scene {
    const char *name;
    const char *topic;        /* RS-x.y / CA-x.y cited */
    const char *description;
    int width, height;        /* points; pixels at scale 1 */
    double at;                /* the time its golden image is rendered at */
    double scale;             /* device pixels per point of its golden image */
    uint32_t frame_flags;     /* LAMINA_GLES_FRAME_* (besides CLEAR) */
    void (*build)(scene_ctx_t *ctx);
    /* Optional: a click at `p` (root space) at engine time `now` (the viewer's demo). */
    void (*tap)(scene_ctx_t *ctx, lamina_point_t p, double now);
} scene_t;

/* The scene table, `count` entries. */
const scene_t *scenes_all(size_t *count);

/* The scene called `name`, or NULL. */
const scene_t *scene_find(const char *name);

/* Creates an engine and builds the scene in it (engine time 0, everything committed). Returns
 * the first failing status; on failure the engine is destroyed and ctx->engine is NULL. */
lamina_status_t scene_build(const scene_t *scene, scene_ctx_t *ctx);

/* Destroys the scene's engine. */
void scene_destroy(scene_ctx_t *ctx);

#endif
