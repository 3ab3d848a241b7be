/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lamina_version.h — compile-time version of the Lamina C ABI.
 *
 * ABI rule: releases with the same major version are ABI compatible; a minor release may only
 * add functions, constants and struct fields guarded by struct_size. Compare the compile-time
 * number with the run-time one at start-up:
 *
 *     assert(lamina_version_number() == LAMINA_VERSION_NUMBER);
 */
#ifndef LAMINA_VERSION_H
#define LAMINA_VERSION_H

#define LAMINA_VERSION_MAJOR 0
#define LAMINA_VERSION_MINOR 2
#define LAMINA_VERSION_PATCH 0

/** MAJOR * 1000000 + MINOR * 1000 + PATCH, as SQLITE_VERSION_NUMBER. */
#define LAMINA_VERSION_NUMBER \
    (LAMINA_VERSION_MAJOR * 1000000 + LAMINA_VERSION_MINOR * 1000 + LAMINA_VERSION_PATCH)

/** The version as a string literal. A "-dev" suffix marks a development state between
 *  releases: its numbers are those of the release it leads to, so everything documented
 *  "Since: 0.2" (unreleased) is there when LAMINA_VERSION_NUMBER >= 2000 (docs/versioning.md). */
#define LAMINA_VERSION_STRING "0.2.0-dev"

#endif /* LAMINA_VERSION_H */
