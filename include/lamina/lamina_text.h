/* SPDX-License-Identifier: Apache-2.0
 *
 * liblamina-text: Lamina's optional text layout provider (issue 26, R15 in docs/semantics.md).
 *
 * It implements the engine's text layout provider interface (lamina_text_provider_t in
 * lamina.h) with well-kept libraries made for the job: fontconfig finds fonts and falls back
 * per character to a font that has it, FriBidi orders bidirectional text (UAX #9), libunibreak
 * finds line break opportunities (UAX #14), and HarfBuzz shapes (kerning, ligatures, Arabic
 * joining, Indic reordering). The engine itself never depends on any of them.
 *
 *     lamina_text_provider_t provider;
 *     if (lamina_text_provider_create(NULL, 0, &provider) == LAMINA_STATUS_OK)
 *         lamina_engine_set_text_provider(engine, &provider);   // the engine owns it now
 *
 * Link with -llamina-text (pkg-config lamina-text).
 */
#ifndef LAMINA_TEXT_H
#define LAMINA_TEXT_H

#include "lamina.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef LAMINA_TEXT_API
#define LAMINA_TEXT_API __attribute__((visibility("default")))
#endif

/** Creates a HarfBuzz text layout provider into *out_provider, ready for
 *  lamina_engine_set_text_provider() (which takes ownership: the engine calls its destroy).
 *  `font_dirs` (may be NULL when `font_dir_count` is 0) are directories whose fonts are added
 *  to fontconfig's for this provider only, ahead of the system's, so tests and applications
 *  can ship their fonts; family names resolve through fontconfig (an unknown family gets
 *  fontconfig's best substitute, as on any Linux desktop), a "font" containing '/' is a font
 *  file's path (a missing file is an error of the layout: NOT_FOUND with its path).
 *  A provider that is never registered is freed with out_provider->destroy(user_data).
 *  Thread-safe: a provider serialises its own calls. Errors: INVALID_ARGUMENT (NULL
 *  out_provider, NULL font_dirs with a count), NOT_FOUND (a font directory that cannot be
 *  read), OUT_OF_MEMORY (also when fontconfig cannot be initialised). Since: 0.2 */
LAMINA_TEXT_API lamina_status_t lamina_text_provider_create(const char *const *font_dirs,
                                                            size_t font_dir_count,
                                                            lamina_text_provider_t *out_provider);

/** Why the calling thread's last failing lamina_text_provider_create() failed (the argument,
 *  or the font directory that cannot be read), or "" if none failed. Thread-local, valid until
 *  the thread's next failing call of this library; never NULL. Found by the fuzz target
 *  (issue 31): a failure came without a message, which every other Lamina library gives.
 *  Since: 0.2 */
LAMINA_TEXT_API const char *lamina_text_last_error_message(void);

#ifdef __cplusplus
}
#endif

#endif /* LAMINA_TEXT_H */
