/* SPDX-License-Identifier: Apache-2.0 */
/* The Lottie importer's JSON parser (issue 28): simdjson (Debian's libsimdjson-dev) parses the
 * file, and this shim lays its DOM out as one flat array of nodes in document order, which the
 * importer's Swift side (Sources/LaminaLottie/JSON.swift) reads without building a tree of Swift
 * values. Internal to liblamina-lottie: never installed, no stable ABI.
 *
 * Layout: a node's subtree is the nodes [index, end). An array is followed by its elements, an
 * object by its members, each a key node (kind LAMINA_JSON_STRING) followed by the value. */
#ifndef LAMINA_JSON_H
#define LAMINA_JSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a node is. */
enum {
    LAMINA_JSON_NULL = 0,
    LAMINA_JSON_FALSE = 1,
    LAMINA_JSON_TRUE = 2,
    LAMINA_JSON_NUMBER = 3,
    LAMINA_JSON_STRING = 4,
    LAMINA_JSON_ARRAY = 5,
    LAMINA_JSON_OBJECT = 6,
};

/** One value (or one object key) of the document. */
typedef struct lamina_json_node {
    /** LAMINA_JSON_*. */
    uint32_t kind;
    /** Elements of an array, members of an object, bytes of a string (UTF-8, validated). */
    uint32_t count;
    /** The index just past this node's subtree. */
    uint32_t end;
    uint32_t reserved;
    union {
        /** A number's value (integers converted to double). */
        double number;
        /** A string's bytes (not NUL-terminated; they live as long as the document). */
        const char *string;
    } u;
} lamina_json_node;

/** A parsed document: its nodes and the parser's storage they point into. */
typedef struct lamina_json_document lamina_json_document;

/**
 * Parses `length` bytes at `bytes`, nesting at most `max_depth` arrays and objects. On success
 * stores the document in `*out` and returns 0; on failure stores a static message (simdjson's
 * description of the error) in `*error` and returns -1.
 */
int lamina_json_parse(const char *bytes, size_t length, size_t max_depth,
                      lamina_json_document **out, const char **error);

/** The document's nodes, the root first. */
const lamina_json_node *lamina_json_nodes(const lamina_json_document *document);

/** How many nodes the document has (at least 1). */
size_t lamina_json_node_count(const lamina_json_document *document);

/** Frees a document; its nodes and strings go with it. */
void lamina_json_free(lamina_json_document *document);

#ifdef __cplusplus
}
#endif

#endif
