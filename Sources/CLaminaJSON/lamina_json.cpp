// SPDX-License-Identifier: Apache-2.0
// simdjson's DOM as the flat node array of lamina_json.h (issue 28): simdjson validates the
// whole document (syntax, UTF-8, numbers, depth) before any node is written.

#include "lamina_json.h"

#include <simdjson.h>

#include <memory>
#include <new>
#include <vector>

struct lamina_json_document {
    simdjson::dom::parser parser;
    std::vector<lamina_json_node> nodes;
};

namespace {

// Recursion is bounded by the parser's max_depth: simdjson refuses deeper documents first.
void emit(simdjson::dom::element e, std::vector<lamina_json_node> &out) {
    const size_t at = out.size();
    out.push_back(lamina_json_node{});
    lamina_json_node n{};
    switch (e.type()) {
    case simdjson::dom::element_type::ARRAY: {
        n.kind = LAMINA_JSON_ARRAY;
        uint32_t count = 0;
        for (simdjson::dom::element child : simdjson::dom::array(e)) {
            emit(child, out);
            count++;
        }
        n.count = count;
        break;
    }
    case simdjson::dom::element_type::OBJECT: {
        n.kind = LAMINA_JSON_OBJECT;
        uint32_t count = 0;
        for (simdjson::dom::key_value_pair field : simdjson::dom::object(e)) {
            lamina_json_node key{};
            key.kind = LAMINA_JSON_STRING;
            key.count = static_cast<uint32_t>(field.key.size());
            key.end = static_cast<uint32_t>(out.size() + 1);
            key.u.string = field.key.data();
            out.push_back(key);
            emit(field.value, out);
            count++;
        }
        n.count = count;
        break;
    }
    case simdjson::dom::element_type::INT64:
        n.kind = LAMINA_JSON_NUMBER;
        n.u.number = static_cast<double>(int64_t(e));
        break;
    case simdjson::dom::element_type::UINT64:
        n.kind = LAMINA_JSON_NUMBER;
        n.u.number = static_cast<double>(uint64_t(e));
        break;
    case simdjson::dom::element_type::DOUBLE:
        n.kind = LAMINA_JSON_NUMBER;
        n.u.number = double(e);
        break;
    case simdjson::dom::element_type::STRING: {
        std::string_view s(e);
        n.kind = LAMINA_JSON_STRING;
        n.count = static_cast<uint32_t>(s.size());
        n.u.string = s.data();
        break;
    }
    case simdjson::dom::element_type::BOOL:
        n.kind = bool(e) ? LAMINA_JSON_TRUE : LAMINA_JSON_FALSE;
        break;
    case simdjson::dom::element_type::NULL_VALUE:
        n.kind = LAMINA_JSON_NULL;
        break;
    }
    n.end = static_cast<uint32_t>(out.size());
    out[at] = n;
}

} // namespace

extern "C" int lamina_json_parse(const char *bytes, size_t length, size_t max_depth,
                                 lamina_json_document **out, const char **error) {
    *out = nullptr;
    // Node indices are 32-bit; a document has at most one node per byte.
    if (length >= UINT32_MAX) {
        *error = "the document is larger than 4 GiB";
        return -1;
    }
    try {
        auto doc = std::make_unique<lamina_json_document>();
        simdjson::dom::element root;
        simdjson::error_code code = doc->parser.allocate(length, max_depth);
        if (!code) code = doc->parser.parse(bytes, length).get(root);
        if (code) {
            *error = simdjson::error_message(code);
            return -1;
        }
        doc->nodes.reserve(length / 6 + 1);
        emit(root, doc->nodes);
        *out = doc.release();
        return 0;
    } catch (const std::bad_alloc &) {
        *error = "out of memory";
        return -1;
    }
}

extern "C" const lamina_json_node *lamina_json_nodes(const lamina_json_document *document) {
    return document->nodes.data();
}

extern "C" size_t lamina_json_node_count(const lamina_json_document *document) {
    return document->nodes.size();
}

extern "C" void lamina_json_free(lamina_json_document *document) { delete document; }
