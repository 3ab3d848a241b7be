/* SPDX-License-Identifier: Apache-2.0 */
/* A C program built against an installed Lamina with pkg-config only:
 *
 *     cc main.c $(pkg-config --cflags --libs lamina) -o lamina-pkgconfig && ./lamina-pkgconfig
 *
 * with the Debian packages or a /usr/local install; from another prefix:
 *
 *     export PKG_CONFIG_PATH=<prefix>/lib/pkgconfig
 *     cc main.c $(pkg-config --cflags --libs lamina) \
 *         -Wl,-rpath,$(pkg-config --variable=libdir lamina) -o lamina-pkgconfig
 */
#include <stdio.h>

#include <lamina/lamina.h>

int main(void) {
    int32_t runtime = lamina_version_number();
    printf("lamina %s (runtime %ld, header %ld)\n", lamina_version_string(), (long)runtime,
           (long)LAMINA_VERSION_NUMBER);
    if (runtime != LAMINA_VERSION_NUMBER) {
        fprintf(stderr, "version mismatch: header %ld, library %ld\n",
                (long)LAMINA_VERSION_NUMBER, (long)runtime);
        return 1;
    }
    printf("status 0 is %s; clock %s\n", lamina_status_string(LAMINA_STATUS_OK),
           lamina_clock_now() > 0.0 ? "ticks" : "is stuck");
    return 0;
}
