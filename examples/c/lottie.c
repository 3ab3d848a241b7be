/* SPDX-License-Identifier: Apache-2.0 */
/* Plays a Lottie file through liblamina-lottie (docs/lottie.md): load it, put its root in a
 * host tree, seek and play with media timing, and read what a renderer would draw.
 *
 *   cc -std=c11 lottie.c -llamina-lottie -llamina -o lottie && ./lottie FILE.json
 */
#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>
#include <lamina/lamina_lottie.h>

static size_t records_at(lamina_engine_t *engine, lamina_layer_t root, double t) {
    const lamina_draw_record_t *records = NULL;
    size_t n = 0;
    lamina_engine_tick(engine, t);
    lamina_engine_draw_list(engine, root, t, &records, &n);
    return n;
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "Tests/LaminaLottieTests/Samples/TwitterHeartButton.json";
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "lottie: cannot open %s\n", path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *json = malloc((size_t)size);
    if (!json || fread(json, 1, (size_t)size, f) != (size_t)size) return 1;
    fclose(f);

    lamina_engine_t *engine = NULL;
    lamina_engine_create(&engine);
    lamina_layer_t host;
    lamina_layer_create(engine, &host);
    lamina_lottie_t *anim = NULL;
    if (lamina_lottie_load(engine, json, (size_t)size, &anim) != LAMINA_STATUS_OK) {
        fprintf(stderr, "lottie: %s\n", lamina_lottie_last_error_message());
        return 1;
    }
    free(json);
    lamina_layer_t root;
    lamina_lottie_get_root(anim, &root);
    lamina_layer_add_sublayer(engine, host, root);
    lamina_lottie_info_t info = {.struct_size = sizeof info};
    lamina_lottie_get_info(anim, &info);
    printf("%s: %gx%g, %g fps, frames %g-%g (%.3f s)\n", path, info.width, info.height,
           info.frame_rate, info.in_frame, info.out_frame, info.duration);
    size_t warnings = 0;
    lamina_lottie_get_warning_count(anim, &warnings);
    for (size_t i = 0; i < warnings; i++) {
        const char *w;
        lamina_lottie_get_warning(anim, i, &w);
        printf("  warning: %s\n", w);
    }
    /* Scrub: speed 0 + timeOffset on the root. */
    for (int k = 0; k <= 4; k++) {
        lamina_lottie_seek(anim, k / 4.0);
        printf("progress %.2f: %zu records\n", k / 4.0, records_at(engine, host, k));
    }
    /* Play, looping, from t = 10: the host's ticks drive it like any other animation. */
    lamina_engine_tick(engine, 10);
    lamina_lottie_play(anim);
    for (int k = 0; k <= 4; k++) {
        double t = 10 + k * info.duration / 4;
        printf("t = %.3f: %zu records\n", t, records_at(engine, host, t));
    }
    lamina_lottie_destroy(anim);
    lamina_layer_release(engine, host);
    lamina_engine_destroy(engine);
    return 0;
}
