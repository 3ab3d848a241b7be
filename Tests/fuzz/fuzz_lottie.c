/* SPDX-License-Identifier: Apache-2.0 */
/* libFuzzer target over liblamina-lottie (issue 28): every input is a Lottie document (seeds:
 * Tests/LaminaLottieTests/Samples) loaded into an engine; a successful load is sought, played,
 * ticked and drawn. A failed load must leave a message naming a JSON path ("$..."). Nothing may
 * crash, hang or grow without bound (the importer's limits: docs/lottie.md#errors).
 *
 * Built by Tests/fuzz with LAMINA_SANITIZE=fuzzer; with LAMINA_FUZZ_REPLAY defined it is a plain
 * program that replays files given on the command line, each whole and truncated at many
 * points (Tests/c registers that as the test fuzz-lottie-replay in every build). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lamina/lamina.h>
#include <lamina/lamina_lottie.h>

static int exercise(const uint8_t *data, size_t size) {
    lamina_engine_t *engine = NULL;
    if (lamina_engine_create(&engine)) return 0;
    lamina_lottie_t *anim = NULL;
    lamina_status_t s = lamina_lottie_load(engine, (const char *)data, size, &anim);
    if (s != LAMINA_STATUS_OK) {
        const char *m = lamina_lottie_last_error_message();
        if (!m || !strstr(m, "$")) {
            fprintf(stderr, "fuzz_lottie: a failed load without a JSON path: \"%s\"\n", m ? m : "(null)");
            abort();
        }
        lamina_engine_destroy(engine);
        return 0;
    }
    lamina_layer_t root = LAMINA_LAYER_NONE;
    if (lamina_lottie_get_root(anim, &root)) abort();
    /* The file's figures, and a struct_size too small refused (issue 31 item 11). */
    lamina_lottie_info_t info = {.struct_size = sizeof info};
    if (lamina_lottie_get_info(anim, &info)) abort();
    lamina_lottie_info_t small = {.struct_size = 4};
    if (lamina_lottie_get_info(anim, &small) != LAMINA_STATUS_INVALID_ARGUMENT) abort();
    lamina_lottie_set_loop(anim, (lamina_bool_t)(size & 1));
    const double progress[] = {0, 0.37, 1, -1, 2};
    double t = 0;
    for (size_t i = 0; i < sizeof progress / sizeof progress[0]; i++) {
        lamina_lottie_seek(anim, progress[i]);
        lamina_engine_tick(engine, t += 0.5);
        const lamina_draw_record_t *records;
        size_t n;
        lamina_engine_draw_list(engine, root, t, &records, &n);
    }
    lamina_lottie_set_speed(anim, 3);
    lamina_lottie_play(anim);
    for (int i = 0; i < 4; i++) {
        lamina_engine_tick(engine, t += 0.7);
        const lamina_draw_record_t *records;
        size_t n;
        lamina_engine_draw_list(engine, root, t, &records, &n);
    }
    size_t warnings = 0;
    lamina_lottie_get_warning_count(anim, &warnings);
    for (size_t i = 0; i < warnings; i++) {
        const char *w = NULL;
        if (lamina_lottie_get_warning(anim, i, &w) || !w) abort();
    }
    lamina_lottie_destroy(anim);
    lamina_engine_destroy(engine);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return exercise(data, size); }

#ifdef LAMINA_FUZZ_REPLAY
int main(int argc, char **argv) {
    int files = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "fuzz_lottie: cannot open %s\n", argv[i]);
            return 1;
        }
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, 0, SEEK_SET);
        uint8_t *buf = malloc(size > 0 ? (size_t)size : 1);
        if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) return 1;
        fclose(f);
        exercise(buf, (size_t)size);
        /* Truncated at 23 points, and with one byte flipped at 23 points. */
        for (int k = 1; k < 24; k++) {
            size_t cut = (size_t)size * (size_t)k / 24;
            exercise(buf, cut);
            uint8_t saved = buf[cut];
            buf[cut] = (uint8_t)(saved ^ 0x5a);
            exercise(buf, (size_t)size);
            buf[cut] = saved;
        }
        free(buf);
        files++;
    }
    printf("fuzz_lottie: replayed %d files, whole, truncated and with flipped bytes\n", files);
    return 0;
}
#endif
