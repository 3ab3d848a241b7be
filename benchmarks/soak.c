/* SPDX-License-Identifier: Apache-2.0 */
/*
 * benchmarks/soak.c — the soak test (issue 31 item 11): animations, layer churn, image churn,
 * masks, replicated shapes, draw lists and damage for a given time, with the process's
 * resident memory sampled every second. Memory must stay flat: after a warm-up (the first
 * quarter of the run, while buffers reach their working size) the RSS may not grow by more
 * than LAMINA_SOAK_SLACK_MB (default 16 MiB) up to the end.
 *
 * Usage: lamina-soak [SECONDS]     (default 600: ten minutes; CTest's soak-short runs 20)
 * Prints "soak: t=... rss_mb=..." per sample and "soak: ... flat" or "soak: FAIL ..."; exits 1
 * when memory grew, 2 when a call failed.
 */
#define _GNU_SOURCE
#include <lamina/lamina.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHECK(call)                                                                              \
    do {                                                                                         \
        lamina_status_t st_ = (call);                                                            \
        if (st_ != LAMINA_STATUS_OK) {                                                           \
            fprintf(stderr, "soak: %s:%d: %s -> %s (%s)\n", __FILE__, __LINE__, #call,          \
                    lamina_status_string(st_), lamina_last_error_message());                     \
            exit(2);                                                                             \
        }                                                                                        \
    } while (0)

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Resident set size in MiB, from /proc/self/statm. */
static double rss_mb(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
        fclose(f);
    }
    return (double)resident * (double)sysconf(_SC_PAGESIZE) / (1024.0 * 1024.0);
}

enum { LAYERS = 400, IMAGES = 8 };

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 600;
    const char *slack_env = getenv("LAMINA_SOAK_SLACK_MB");
    double slack = slack_env ? atof(slack_env) : 16;
    lamina_engine_t *e = NULL;
    CHECK(lamina_engine_create(&e));
    lamina_layer_t root = LAMINA_LAYER_NONE;
    CHECK(lamina_layer_create(e, &root));
    CHECK(lamina_layer_set_bounds(e, root, (lamina_rect_t){{0, 0}, {800, 600}}));
    lamina_layer_t layers[LAYERS];
    for (int i = 0; i < LAYERS; i++) {
        CHECK(lamina_layer_create(e, &layers[i]));
        CHECK(lamina_layer_set_bounds(e, layers[i], (lamina_rect_t){{0, 0}, {10, 10}}));
        CHECK(lamina_layer_add_sublayer(e, root, layers[i]));
    }
    /* A replicator of a shape, so the side data is exercised every frame. */
    lamina_layer_t rep = LAMINA_LAYER_NONE, shape = LAMINA_LAYER_NONE;
    CHECK(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_REPLICATOR, &rep));
    CHECK(lamina_layer_create_kind(e, LAMINA_LAYER_KIND_SHAPE, &shape));
    CHECK(lamina_layer_add_sublayer(e, root, rep));
    CHECK(lamina_layer_add_sublayer(e, rep, shape));
    lamina_path_element_t path[16];
    size_t np = 0;
    CHECK(lamina_path_ellipse((lamina_rect_t){{0, 0}, {20, 20}}, path, 16, &np));
    lamina_value_t v;
    memset(&v, 0, sizeof v);
    v.type = LAMINA_VALUE_PATH;
    v.u.path.elements = path;
    v.u.path.count = np;
    CHECK(lamina_layer_set_value(e, shape, "path", &v));
    CHECK(lamina_layer_set_number(e, rep, "instanceCount", 50));
    CHECK(lamina_layer_set_number(e, rep, "instanceDelay", 0.01));
    lamina_image_t images[IMAGES] = {0};
    static uint8_t px[32 * 32 * 4];
    memset(px, 200, sizeof px);

    double start = now_s(), next_sample = 0, t = 0, warm_rss = 0, last_rss = 0;
    unsigned long frame = 0;
    const lamina_draw_record_t *records = NULL;
    const lamina_rect_t *rects = NULL;
    size_t count = 0;
    CHECK(lamina_engine_damage(e, root, &rects, &count));
    for (;;) {
        double elapsed = now_s() - start;
        if (elapsed >= seconds) break;
        t += 1.0 / 60;
        frame++;
        /* Animations: a few implicit changes per frame, retargeting running ones. */
        for (int k = 0; k < 8; k++) {
            lamina_layer_t l = layers[(frame * 8 + (unsigned long)k) % LAYERS];
            CHECK(lamina_layer_set_position(e, l, (lamina_point_t){(double)(frame % 700), (double)(k * 60)}));
            CHECK(lamina_layer_set_opacity(e, l, (double)(frame % 10) / 10));
        }
        /* Layer churn: one layer replaced per frame (created, masked, destroyed). */
        unsigned long i = frame % LAYERS;
        lamina_layer_t fresh = LAMINA_LAYER_NONE, mask = LAMINA_LAYER_NONE;
        CHECK(lamina_layer_create(e, &fresh));
        CHECK(lamina_layer_create(e, &mask));
        CHECK(lamina_layer_set_mask(e, fresh, mask));
        CHECK(lamina_layer_release(e, mask));
        CHECK(lamina_layer_replace_sublayer(e, root, layers[i], fresh));
        CHECK(lamina_layer_release(e, layers[i]));
        layers[i] = fresh;
        /* Image churn: one image replaced per frame, shown on a layer. */
        unsigned long m = frame % IMAGES;
        if (images[m]) CHECK(lamina_image_release(images[m]));
        CHECK(lamina_image_create_rgba8(e, 32, 32, px, sizeof px, LAMINA_TRUE, &images[m]));
        CHECK(lamina_layer_set_contents(e, layers[(frame * 7) % LAYERS], images[m]));
        CHECK(lamina_engine_tick(e, t));
        CHECK(lamina_engine_draw_list(e, root, t, &records, &count));
        CHECK(lamina_engine_damage(e, root, &rects, &count));
        if (elapsed >= next_sample) {
            double rss = rss_mb();
            printf("soak: t=%.0f rss_mb=%.1f frames=%lu\n", elapsed, rss, frame);
            fflush(stdout);
            if (warm_rss == 0 && elapsed >= seconds / 4) warm_rss = rss;
            last_rss = rss;
            next_sample += 1;
        }
    }
    for (int k = 0; k < IMAGES; k++)
        if (images[k]) CHECK(lamina_image_release(images[k]));
    CHECK(lamina_engine_destroy(e));
    if (warm_rss == 0) warm_rss = last_rss;
    if (last_rss - warm_rss > slack) {
        printf("soak: FAIL: rss grew from %.1f MiB (after the warm-up) to %.1f MiB over %lu frames\n",
               warm_rss, last_rss, frame);
        return 1;
    }
    printf("soak: %lu frames in %.0f s, rss %.1f MiB after the warm-up, %.1f MiB at the end: flat\n",
           frame, seconds, warm_rss, last_rss);
    return 0;
}
