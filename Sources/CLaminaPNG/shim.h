/* SPDX-License-Identifier: Apache-2.0 */
/* libpng's simplified API (png_image_*), which reads a PNG from memory into RGBA8. */
#include <png.h>
