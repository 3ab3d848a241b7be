// SPDX-License-Identifier: Apache-2.0
// Batch property access (issue 13): one call for many layers, so a binding pays its per-call
// cost once per batch. Each export does what its single-layer counterpart does for each layer
// in order; the first failure stops the loop and its message names the index.

import CLamina
import Lamina

/// Runs `body` for i in 0..<count under one engine check; a failure at i is reported with
/// its index (the layers before it keep their changes, as a loop of single calls would).
@inline(__always)
private func batch(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, values: UnsafeRawPointer?? = .none, out: UnsafeMutableRawPointer?? = .none,
    _ body: (Engine, LayerID, UnsafeBufferPointer<UInt8>, Int) throws(LaminaError) -> Void
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let k = try keyBytes(key)
        // size_t arrives as Int: a "negative" count is an absurd size (above Int.max).
        guard count >= 0 && count <= Int.max / 64 else {
            throw LaminaError(.invalidArgument, "count \(UInt(bitPattern: count)) is absurd")
        }
        guard count > 0 else { return }
        guard let layers else { throw LaminaError(.invalidArgument, "layers is NULL with count \(count)") }
        if case .some(.none) = values { throw LaminaError(.invalidArgument, "values is NULL with count \(count)") }
        if case .some(.none) = out { throw LaminaError(.invalidArgument, "out_values is NULL with count \(count)") }
        for i in 0..<count {
            do throws(LaminaError) {
                try body(e, LayerID(rawValue: layers[i]), k, i)
            } catch {
                throw LaminaError(error.code, "layers[\(i)]: \(error.message)")
            }
        }
    }
}

private func mismatch(_ key: UnsafeBufferPointer<UInt8>, _ wanted: String, _ got: Value) -> LaminaError {
    LaminaError(.typeMismatch, "'\(String(decoding: key, as: UTF8.self))' holds a \(got.type), not a \(wanted)")
}

private func presentation(
    _ e: Engine, _ layer: LayerID, _ k: UnsafeBufferPointer<UInt8>, _ time: Double?
) throws(LaminaError) -> Value {
    guard let v = try e.presentationValue(of: layer, forKeyBytes: k, at: time) else {
        throw LaminaError(.noPresentation, "layer \(layer.rawValue) has never been committed, so it has no presentation")
    }
    return v
}

@_cdecl("lamina_layers_set_number")
public func lamina_layers_set_number(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ values: UnsafePointer<Double>?
) -> lamina_status_t {
    batch(engine, layers, count, key, values: UnsafeRawPointer(values)) { e, layer, k, i throws(LaminaError) in
        try e.setValue(.number(values![i]), forKeyBytes: k, of: layer)
    }
}

@_cdecl("lamina_layers_set_point")
public func lamina_layers_set_point(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ values: UnsafePointer<lamina_point_t>?
) -> lamina_status_t {
    batch(engine, layers, count, key, values: UnsafeRawPointer(values)) { e, layer, k, i throws(LaminaError) in
        try e.setValue(.point(Point(values![i])), forKeyBytes: k, of: layer)
    }
}

@_cdecl("lamina_layers_get_number")
public func lamina_layers_get_number(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ outValues: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    batch(engine, layers, count, key, out: UnsafeMutableRawPointer(outValues)) { e, layer, k, i throws(LaminaError) in
        let v = try e.value(of: layer, forKeyBytes: k)
        guard case .number(let n) = v else { throw mismatch(k, "number", v) }
        outValues![i] = n
    }
}

@_cdecl("lamina_layers_get_presentation_number")
public func lamina_layers_get_presentation_number(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ outValues: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    batch(engine, layers, count, key, out: UnsafeMutableRawPointer(outValues)) { e, layer, k, i throws(LaminaError) in
        let v = try presentation(e, layer, k, nil)
        guard case .number(let n) = v else { throw mismatch(k, "number", v) }
        outValues![i] = n
    }
}

@_cdecl("lamina_layers_get_presentation_number_at")
public func lamina_layers_get_presentation_number_at(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ time: Double, _ outValues: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    guard time.isFinite else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "time must be finite") }
    return batch(engine, layers, count, key, out: UnsafeMutableRawPointer(outValues)) { e, layer, k, i throws(LaminaError) in
        let v = try presentation(e, layer, k, time)
        guard case .number(let n) = v else { throw mismatch(k, "number", v) }
        outValues![i] = n
    }
}

@_cdecl("lamina_layers_get_presentation_point")
public func lamina_layers_get_presentation_point(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ outValues: UnsafeMutablePointer<lamina_point_t>?
) -> lamina_status_t {
    batch(engine, layers, count, key, out: UnsafeMutableRawPointer(outValues)) { e, layer, k, i throws(LaminaError) in
        let v = try presentation(e, layer, k, nil)
        guard case .point(let p) = v else { throw mismatch(k, "point", v) }
        outValues![i] = p.c
    }
}
