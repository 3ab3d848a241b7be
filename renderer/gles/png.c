/* SPDX-License-Identifier: Apache-2.0 */
/* PNG files through libpng (Debian's libpng-dev): the goldens, screenshots and pictures. */
#include "internal.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>

lamina_status_t lamina_gles_write_png(const char *path, const uint8_t *rgba, uint32_t width,
                                      uint32_t height) {
    if (!path || !rgba || width == 0 || height == 0)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "NULL path or pixels, or a size of 0");
    png_image img = {0};
    img.version = PNG_IMAGE_VERSION;
    img.width = width;
    img.height = height;
    img.format = PNG_FORMAT_RGBA;
    FILE *fp = fopen(path, "wb");
    if (!fp) return lgl_fail(LAMINA_STATUS_NOT_FOUND, "cannot open %s for writing", path);
    int ok = png_image_write_to_stdio(&img, fp, 0, rgba, 0, NULL);
    int closed = fclose(fp);
    if (!ok || closed != 0)
        return lgl_fail(LAMINA_STATUS_NOT_FOUND, "writing %s failed: %s", path, img.message);
    return LAMINA_STATUS_OK;
}

lamina_status_t lamina_gles_read_png(const char *path, uint8_t **out_rgba, uint32_t *out_width,
                                     uint32_t *out_height) {
    if (!path || !out_rgba || !out_width || !out_height)
        return lgl_fail(LAMINA_STATUS_INVALID_ARGUMENT, "NULL argument");
    png_image img = {0};
    img.version = PNG_IMAGE_VERSION;
    FILE *fp = fopen(path, "rb");
    if (!fp) return lgl_fail(LAMINA_STATUS_NOT_FOUND, "cannot open %s", path);
    if (!png_image_begin_read_from_stdio(&img, fp)) {
        fclose(fp);
        return lgl_fail(LAMINA_STATUS_TYPE_MISMATCH, "%s is not a PNG: %s", path, img.message);
    }
    img.format = PNG_FORMAT_RGBA;
    uint8_t *buf = malloc(PNG_IMAGE_SIZE(img));
    if (!buf) {
        png_image_free(&img);
        fclose(fp);
        return lgl_fail(LAMINA_STATUS_OUT_OF_MEMORY, "out of memory");
    }
    if (!png_image_finish_read(&img, NULL, buf, 0, NULL)) {
        free(buf);
        fclose(fp);
        return lgl_fail(LAMINA_STATUS_TYPE_MISMATCH, "reading %s failed: %s", path, img.message);
    }
    fclose(fp);
    *out_rgba = buf;
    *out_width = img.width;
    *out_height = img.height;
    return LAMINA_STATUS_OK;
}
