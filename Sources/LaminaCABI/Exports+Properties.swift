// SPDX-License-Identifier: Apache-2.0
// Property, action and presentation exports.

import CLamina
import Lamina

// Resolved once: the shortcuts skip the key lookup entirely.
private let boundsKey = ResolvedKey.whole(.bounds)

/// Sets a key path of a layer from a Swift value (after checking the C arguments).
@inline(__always)
private func set(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ value: @autoclosure () throws(LaminaError) -> Value
) -> lamina_status_t {
    withEngine(engine, layer: layer, key: key) { e throws(LaminaError) in
        let k = try keyBytes(key)
        try e.setValue(try value(), forKeyBytes: k, of: LayerID(rawValue: layer))
    }
}

/// Reads a key path and hands the value to `write`, which checks its type. A whole inline
/// number or point property is read by the engine's typed fast path, and `fast` may store it
/// without a `Value` (returning true); any other key is read the general way in the same
/// locked call (`modelScalarLocked(of:forKeyBytes:orValueInto:)`, one atomic per call).
@inline(__always)
private func get<T>(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<T>?, fast: (ScalarRead, UnsafeMutablePointer<T>) -> Bool = { _, _ in false },
    _ write: (Value, UnsafeMutablePointer<T>, UnsafeBufferPointer<UInt8>) throws(LaminaError) -> Void
) -> lamina_status_t {
    withLockedEngine(engine, layer: layer, key: key) { e throws(LaminaError) in
        let k = try keyBytes(key)
        let o = try required(out, "out_value")
        // Another key's value comes back through `general` (stack storage, initialised only
        // then), read under the same lock as the fast path's look.
        try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer throws(LaminaError) in
            let general = buffer.baseAddress!
            let r = try e.modelScalarLocked(of: LayerID(rawValue: layer), forKeyBytes: k, orValueInto: general)
            if fast(r, o) { return }
            let v: Value
            if case .general = r { v = general.move() } else { v = r.value! }
            try write(v, o, k)
        }
    }
}

/// Stores a fast-path number or point as a tagged C value (as `Value.write(to:)` does);
/// false for `.general`.
@inline(__always)
private func writeScalar(_ r: ScalarRead, _ o: UnsafeMutablePointer<lamina_value_t>) -> Bool {
    var v = lamina_value_t()
    switch r {
    case .number(let n):
        v.type = LAMINA_VALUE_NUMBER
        v.u.number = n
    case .point(let p):
        v.type = LAMINA_VALUE_POINT
        v.u.point = p.c
    case .general:
        return false
    }
    o.pointee = v
    return true
}

/// Decoded only on the error path, so reads never build a Swift string.
private func mismatch(_ key: UnsafeBufferPointer<UInt8>, _ wanted: String, _ got: Value) -> LaminaError {
    LaminaError(.typeMismatch, "'\(String(decoding: key, as: UTF8.self))' holds a \(got.type), not a \(wanted)")
}

@_cdecl("lamina_layer_set_value")
public func lamina_layer_set_value(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ value: UnsafePointer<lamina_value_t>?
) -> lamina_status_t {
    set(engine, layer, key, try Value(try required(UnsafeMutablePointer(mutating: value), "value").pointee))
}

@_cdecl("lamina_layer_get_value")
public func lamina_layer_get_value(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_value_t>?
) -> lamina_status_t {
    get(engine, layer, key, outValue, fast: writeScalar) { v, o, _ in v.write(to: o) }
}

@_cdecl("lamina_layer_set_number")
public func lamina_layer_set_number(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?, _ value: Double
) -> lamina_status_t {
    setInline(engine, layer, key, .number(value))
}

@_cdecl("lamina_layer_get_number")
public func lamina_layer_get_number(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    get(engine, layer, key, outValue, fast: { r, o in
        guard case .number(let n) = r else { return false }
        o.pointee = n
        return true
    }) { v, o, k throws(LaminaError) in
        guard case .number(let n) = v else { throw mismatch(k, "number", v) }
        o.pointee = n
    }
}

@_cdecl("lamina_layer_set_point")
public func lamina_layer_set_point(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ value: lamina_point_t
) -> lamina_status_t {
    setInline(engine, layer, key, .point(Point(value)))
}

@_cdecl("lamina_layer_get_point")
public func lamina_layer_get_point(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_point_t>?
) -> lamina_status_t {
    get(engine, layer, key, outValue, fast: { r, o in
        guard case .point(let p) = r else { return false }
        o.pointee = p.c
        return true
    }) { v, o, k throws(LaminaError) in
        guard case .point(let p) = v else { throw mismatch(k, "point", v) }
        o.pointee = p.c
    }
}

@_cdecl("lamina_layer_set_size")
public func lamina_layer_set_size(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ value: lamina_size_t
) -> lamina_status_t {
    set(engine, layer, key, .size(Size(value)))
}

@_cdecl("lamina_layer_get_size")
public func lamina_layer_get_size(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_size_t>?
) -> lamina_status_t {
    get(engine, layer, key, outValue) { v, o, k throws(LaminaError) in
        guard case .size(let s) = v else { throw mismatch(k, "size", v) }
        o.pointee = s.c
    }
}

@_cdecl("lamina_layer_set_rect")
public func lamina_layer_set_rect(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ value: lamina_rect_t
) -> lamina_status_t {
    setInline(engine, layer, key, .rect(Rect(value)))
}

@_cdecl("lamina_layer_get_rect")
public func lamina_layer_get_rect(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_rect_t>?
) -> lamina_status_t {
    get(engine, layer, key, outValue) { v, o, k throws(LaminaError) in
        guard case .rect(let r) = v else { throw mismatch(k, "rect", v) }
        o.pointee = r.c
    }
}

@_cdecl("lamina_layer_set_color")
public func lamina_layer_set_color(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ value: lamina_color_t
) -> lamina_status_t {
    set(engine, layer, key, .color(Color(value)))
}

/// The colour properties that may be nil (CA-13.3); custom colour properties never are.
private let nullableColorKeys: Set<String> = ["backgroundColor", "borderColor", "shadowColor"]

@_cdecl("lamina_layer_get_color")
public func lamina_layer_get_color(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_color_t>?
) -> lamina_status_t {
    get(engine, layer, key, outValue) { v, o, k throws(LaminaError) in
        switch v {
        case .color(let c): o.pointee = c.c
        // Only a colour property's nil is a "nil colour"; a nil name is not a colour.
        case .null where nullableColorKeys.contains(String(decoding: k, as: UTF8.self)):
            throw LaminaError(.notFound, "'\(String(decoding: k, as: UTF8.self))' is nil")
        default: throw mismatch(k, "color", v)
        }
    }
}

@_cdecl("lamina_layer_set_transform")
public func lamina_layer_set_transform(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ value: lamina_transform3d_t
) -> lamina_status_t {
    set(engine, layer, key, .transform(Transform3D(value)))
}

@_cdecl("lamina_layer_get_transform")
public func lamina_layer_get_transform(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_transform3d_t>?
) -> lamina_status_t {
    get(engine, layer, key, outValue) { v, o, k throws(LaminaError) in
        guard case .transform(let m) = v else { throw mismatch(k, "transform", v) }
        o.pointee = m.c
    }
}

@_cdecl("lamina_layer_set_bool")
public func lamina_layer_set_bool(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ value: lamina_bool_t
) -> lamina_status_t {
    set(engine, layer, key, .bool(bool(value)))
}

@_cdecl("lamina_layer_get_bool")
public func lamina_layer_get_bool(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    get(engine, layer, key, outValue) { v, o, k throws(LaminaError) in
        guard case .bool(let b) = v else { throw mismatch(k, "bool", v) }
        o.pointee = cbool(b)
    }
}

@_cdecl("lamina_layer_set_name")
public func lamina_layer_set_name(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ name: UnsafePointer<CChar>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let v: Value = name.map { .string(String(cString: $0)) } ?? .null
        try e.setValue(v, forKey: .whole(.name), of: LayerID(rawValue: layer))
    }
}

@_cdecl("lamina_layer_get_name")
public func lamina_layer_get_name(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let length = try required(outLength, "out_length")
        if capacity > 0, buffer == nil {
            throw LaminaError(.invalidArgument, "buffer is NULL but capacity is \(capacity)")
        }
        var name = ""
        if case .string(let s) = try e.value(of: LayerID(rawValue: layer), forKey: .whole(.name)) { name = s }
        let bytes = Array(name.utf8)
        if let buffer, capacity > 0 {
            let n = min(bytes.count, capacity - 1)
            for i in 0..<n { buffer[i] = CChar(bitPattern: bytes[i]) }
            buffer[n] = 0
        }
        length.pointee = bytes.count
    }
}

@_cdecl("lamina_layer_set_position")
public func lamina_layer_set_position(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ position: lamina_point_t
) -> lamina_status_t {
    setInline(engine, layer, .position, .point(Point(position)))
}

@_cdecl("lamina_layer_get_position")
public func lamina_layer_get_position(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t,
    _ outPosition: UnsafeMutablePointer<lamina_point_t>?
) -> lamina_status_t {
    withLockedEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outPosition, "out_position")
        o.pointee = try e.modelPositionLocked(of: LayerID(rawValue: layer)).c
    }
}

@_cdecl("lamina_layer_set_bounds")
public func lamina_layer_set_bounds(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ bounds: lamina_rect_t
) -> lamina_status_t {
    setInline(engine, layer, .bounds, .rect(Rect(bounds)))
}

@_cdecl("lamina_layer_get_bounds")
public func lamina_layer_get_bounds(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t,
    _ outBounds: UnsafeMutablePointer<lamina_rect_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outBounds, "out_bounds")
        if case .rect(let r) = try e.value(of: LayerID(rawValue: layer), forKey: boundsKey) { o.pointee = r.c }
    }
}

@_cdecl("lamina_layer_set_opacity")
public func lamina_layer_set_opacity(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ opacity: Double
) -> lamina_status_t {
    setInline(engine, layer, .opacity, .number(opacity))
}

@_cdecl("lamina_layer_get_opacity")
public func lamina_layer_get_opacity(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ outOpacity: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withLockedEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outOpacity, "out_opacity")
        o.pointee = try e.modelOpacityLocked(of: LayerID(rawValue: layer))
    }
}

// MARK: - Actions

@_cdecl("lamina_layer_set_action_none")
public func lamina_layer_set_action_none(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?
) -> lamina_status_t {
    withEngine(engine, layer: layer, key: key) { e throws(LaminaError) in
        try e.setNoAction(forKey: try string(key, "key"), of: LayerID(rawValue: layer))
    }
}

@_cdecl("lamina_layer_remove_action")
public func lamina_layer_remove_action(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?
) -> lamina_status_t {
    withEngine(engine, layer: layer, key: key) { e throws(LaminaError) in
        let k = try string(key, "key")
        guard !k.isEmpty else { throw LaminaError(.invalidArgument, "an action key must not be empty") }
        try e.removeAction(forKey: k, of: LayerID(rawValue: layer))
    }
}

// MARK: - Presentation

@_cdecl("lamina_layer_has_presentation")
public func lamina_layer_has_presentation(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t,
    _ outHasPresentation: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outHasPresentation, "out_has_presentation")
        o.pointee = cbool(try e.hasPresentation(LayerID(rawValue: layer)))
    }
}

@inline(__always)
private func presentationValue(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ time: Double?, _ outValue: UnsafeMutablePointer<lamina_value_t>?
) -> lamina_status_t {
    // All under one lock taken once (`withLockedEngine`): a read calls no host code.
    withLockedEngine(engine, layer: layer, key: key) { e throws(LaminaError) in
        let k = try keyBytes(key)
        let o = try required(outValue, "out_value")
        let id = LayerID(rawValue: layer)
        // The typed fast path first (a whole number or point property); else the general read.
        var v: Value? = nil
        switch try e.presentationScalarLocked(of: id, forKeyBytes: k, at: time) {
        case .some(.general(let resolved)): v = try e.presentationValueLocked(of: id, forKey: resolved, at: time)
        case .some(let r): if writeScalar(r, o) { return }
        case .none: break
        }
        guard let v else {
            throw LaminaError(.noPresentation, "layer \(layer) has never been committed, so it has no presentation")
        }
        v.write(to: o)
    }
}

@_cdecl("lamina_layer_get_presentation_value")
public func lamina_layer_get_presentation_value(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_value_t>?
) -> lamina_status_t {
    presentationValue(engine, layer, key, nil, outValue)
}

@_cdecl("lamina_layer_get_presentation_value_at")
public func lamina_layer_get_presentation_value_at(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ time: Double, _ outValue: UnsafeMutablePointer<lamina_value_t>?
) -> lamina_status_t {
    presentationValue(engine, layer, key, time, outValue)
}
