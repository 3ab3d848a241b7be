// SPDX-License-Identifier: Apache-2.0
// Layer lifetime and tree exports.

import CLamina
import Lamina

@_cdecl("lamina_layer_create")
public func lamina_layer_create(
    _ engine: OpaquePointer?, _ outLayer: UnsafeMutablePointer<lamina_layer_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let out = try required(outLayer, "out_layer")
        out.pointee = try e.createLayer().rawValue
    }
}

@_cdecl("lamina_layer_create_kind")
public func lamina_layer_create_kind(
    _ engine: OpaquePointer?, _ kind: lamina_layer_kind_t, _ outLayer: UnsafeMutablePointer<lamina_layer_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let out = try required(outLayer, "out_layer")
        guard let k = LayerKind(rawValue: kind) else {
            throw LaminaError(.invalidArgument, "unknown layer kind \(kind); one of LAMINA_LAYER_KIND_PLAIN (0), _SHAPE (1), _GRADIENT (2), _REPLICATOR (3), _TEXT (4)")
        }
        out.pointee = try e.createLayer(kind: k).rawValue
    }
}

@_cdecl("lamina_layer_get_kind")
public func lamina_layer_get_kind(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ outKind: UnsafeMutablePointer<lamina_layer_kind_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let out = try required(outKind, "out_kind")
        out.pointee = try e.kind(of: LayerID(rawValue: layer)).rawValue
    }
}

@_cdecl("lamina_layer_retain")
public func lamina_layer_retain(_ engine: OpaquePointer?, _ layer: lamina_layer_t) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in try e.retainLayer(LayerID(rawValue: layer)) }
}

@_cdecl("lamina_layer_release")
public func lamina_layer_release(_ engine: OpaquePointer?, _ layer: lamina_layer_t) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in try e.releaseLayer(LayerID(rawValue: layer)) }
}

@_cdecl("lamina_layer_add_sublayer")
public func lamina_layer_add_sublayer(
    _ engine: OpaquePointer?, _ parent: lamina_layer_t, _ child: lamina_layer_t
) -> lamina_status_t {
    insert(engine, child, parent, .end)
}

@_cdecl("lamina_layer_insert_sublayer_at")
public func lamina_layer_insert_sublayer_at(
    _ engine: OpaquePointer?, _ parent: lamina_layer_t, _ child: lamina_layer_t, _ index: UInt32
) -> lamina_status_t {
    insert(engine, child, parent, .index(Int(index)))
}

@_cdecl("lamina_layer_insert_sublayer_above")
public func lamina_layer_insert_sublayer_above(
    _ engine: OpaquePointer?, _ parent: lamina_layer_t, _ child: lamina_layer_t,
    _ sibling: lamina_layer_t
) -> lamina_status_t {
    insert(engine, child, parent, .above(LayerID(rawValue: sibling)))
}

@_cdecl("lamina_layer_insert_sublayer_below")
public func lamina_layer_insert_sublayer_below(
    _ engine: OpaquePointer?, _ parent: lamina_layer_t, _ child: lamina_layer_t,
    _ sibling: lamina_layer_t
) -> lamina_status_t {
    insert(engine, child, parent, .below(LayerID(rawValue: sibling)))
}

@_cdecl("lamina_layer_remove_from_superlayer")
public func lamina_layer_remove_from_superlayer(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t
) -> lamina_status_t {
    // One atomic operation when no event of the edit could react (issue 29 item 4); else the
    // edit is made through the general path, which posts the events without the lock.
    withLockedEngine(engine, layer: layer, { e throws(LaminaError) in
        try e.removeFromSuperlayerIfQuiet(LayerID(rawValue: layer))
    }, else: { e throws(LaminaError) in
        try e.removeFromSuperlayer(LayerID(rawValue: layer))
    })
}

/// The four insertions: under the lock taken once through the handle table when no event of
/// the edit could react (issue 29 item 4: most edits), else through the general path, which
/// posts the events without the lock. A failure names the parent, as before.
@inline(__always)
private func insert(
    _ engine: OpaquePointer?, _ child: lamina_layer_t, _ parent: lamina_layer_t, _ position: Engine.SublayerPosition
) -> lamina_status_t {
    withLockedEngine(engine, layer: parent, { e throws(LaminaError) in
        try e.insertSublayerIfQuiet(LayerID(rawValue: child), into: LayerID(rawValue: parent), at: position)
    }, else: { e throws(LaminaError) in
        try e.insertSublayer(LayerID(rawValue: child), into: LayerID(rawValue: parent), at: position)
    })
}

@_cdecl("lamina_layer_replace_sublayer")
public func lamina_layer_replace_sublayer(
    _ engine: OpaquePointer?, _ parent: lamina_layer_t, _ oldLayer: lamina_layer_t,
    _ newLayer: lamina_layer_t
) -> lamina_status_t {
    withEngine(engine, layer: parent) { e throws(LaminaError) in
        try e.replaceSublayer(
            LayerID(rawValue: oldLayer), with: LayerID(rawValue: newLayer),
            in: LayerID(rawValue: parent))
    }
}

@_cdecl("lamina_layer_get_superlayer")
public func lamina_layer_get_superlayer(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t,
    _ outSuperlayer: UnsafeMutablePointer<lamina_layer_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let out = try required(outSuperlayer, "out_superlayer")
        out.pointee = try e.superlayer(of: LayerID(rawValue: layer))?.rawValue ?? LAMINA_LAYER_NONE_VALUE
    }
}

/// LAMINA_LAYER_NONE is a cast macro the importer does not bring over.
let LAMINA_LAYER_NONE_VALUE: lamina_layer_t = 0

@_cdecl("lamina_layer_get_sublayers")
public func lamina_layer_get_sublayers(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t,
    _ buffer: UnsafeMutablePointer<lamina_layer_t>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let count = try required(outCount, "out_count")
        if capacity > 0, buffer == nil {
            throw LaminaError(.invalidArgument, "buffer is NULL but capacity is \(capacity)")
        }
        let subs = try e.sublayers(of: LayerID(rawValue: layer))
        for (i, s) in subs.prefix(capacity).enumerated() { buffer![i] = s.rawValue }
        count.pointee = subs.count
    }
}
