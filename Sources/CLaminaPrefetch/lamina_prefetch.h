/* SPDX-License-Identifier: Apache-2.0 */
/* Software prefetch, for the Swift engine: Swift has no spelling for it, and a plain load of
 * the next element stalls where a prefetch does not. A hint only: any address is allowed,
 * including one past an array's end or an unmapped one, and no state changes. Internal to
 * the Lamina module (Sources/CLaminaPrefetch); never installed. */
#ifndef LAMINA_PREFETCH_H
#define LAMINA_PREFETCH_H

/* Asks the CPU to bring the cache line holding `p` into every cache level, for reading. */
static inline void lamina_prefetch(const void *p) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p, 0, 3);
#else
    (void)p;
#endif
}

#endif
