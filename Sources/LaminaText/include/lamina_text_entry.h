/* SPDX-License-Identifier: Apache-2.0
 * liblamina-text's entry for SwiftPM (the LaminaText Swift target): the provider's state and
 * functions as plain pointers, so this module does not re-declare lamina.h's types (the Swift
 * side builds the lamina_text_provider_t from CLamina). C hosts use lamina/lamina_text.h. */
#ifndef LAMINA_TEXT_ENTRY_H
#define LAMINA_TEXT_ENTRY_H
#include <stddef.h>
#include <stdint.h>

/** lamina_text_provider_create()'s result as pointers: *out_user_data, and the layout,
 *  release and destroy functions (to cast to lamina_text_provider_t's). Returns the status. */
int32_t lamina_text_entry_create(const char *const *font_dirs, size_t font_dir_count, void **out_user_data,
                                 void **out_layout, void **out_release, void **out_destroy);
#endif
