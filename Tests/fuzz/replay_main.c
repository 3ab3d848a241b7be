/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A main() for the fuzz target without libFuzzer (issue 31 item 11): replays the files given
 * on the command line (the corpus), then runs LAMINA_FUZZ_RUNS (default 300) pseudo-random
 * inputs from a fixed seed, a third of their steps calling the whole surface (op 30) or
 * rendering (op 31, with liblamina-gles). The
 * regular CTest run (`fuzz-replay`) uses it, so every build executes the target; the
 * sanitizer and libFuzzer run is Scripts/sanitize.sh fuzz (docs/fuzzing.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* xorshift64*: the same inputs on every platform. */
static uint64_t state = 0x9E3779B97F4A7C15u;
static uint8_t next_byte(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (uint8_t)((state * 0x2545F4914F6CDD1Du) >> 56);
}

int main(int argc, char **argv) {
    static uint8_t buf[512];
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "fuzz-replay: cannot open %s\n", argv[i]);
            return 1;
        }
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
    }
    const char *s = getenv("LAMINA_FUZZ_RUNS");
    int runs = s ? atoi(s) : 300;
    for (int k = 0; k < runs; k++) {
        size_t n = next_byte() * 2u;
        for (size_t j = 0; j < n; j++) buf[j] = next_byte();
        for (size_t j = 0; j + 1 < n; j += 6)
            if (next_byte() % 3 == 0) buf[j] = next_byte() % 4 ? 30 : 31; /* op 30: the
                                        generated surface calls; op 31: a headless render */
        LLVMFuzzerTestOneInput(buf, n);
    }
    printf("fuzz-replay: %d corpus inputs and %d generated inputs ran clean\n", argc - 1, runs);
    return 0;
}
