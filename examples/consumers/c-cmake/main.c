/* SPDX-License-Identifier: Apache-2.0 */
/* A C program linked with CMake's find_package(Lamina) and Lamina::lamina. */
#include <stdio.h>

#include <lamina/lamina.h>

int main(void) {
    if (lamina_version_number() != LAMINA_VERSION_NUMBER) {
        fprintf(stderr, "version mismatch: header %ld, library %ld\n",
                (long)LAMINA_VERSION_NUMBER, (long)lamina_version_number());
        return 1;
    }
    printf("lamina %s via find_package(Lamina); %s\n", lamina_version_string(),
           lamina_status_string(LAMINA_STATUS_STALE_HANDLE));
    return 0;
}
