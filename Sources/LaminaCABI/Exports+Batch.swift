// SPDX-License-Identifier: Apache-2.0
// Batch property access (issue 13): one call for many layers, so a binding pays its per-call
// cost once per batch. Each export does what its single-layer counterpart does for each layer
// in order; the first failure stops the loop and its message names the index, then the layer
// as a single call's message does (`layers[2]: layer "card" (plain layer): ...`).

import CLamina
import Lamina

/// Checks a batch's arguments under one engine check and runs `body`, which does the whole
/// batch through one of the engine's batch entries (Engine+Batch.swift: one lock and one key
/// lookup per run of layers); a failure at i is reported with its index (the layers before it
/// keep their changes, as a loop of single calls would).
@inline(__always)
private func batch(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, values: UnsafeRawPointer?? = .none, out: UnsafeMutableRawPointer?? = .none,
    _ body: (Engine, UnsafeBufferPointer<UInt8>, UnsafePointer<lamina_layer_t>) throws(BatchFailure) -> Void
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
        do throws(BatchFailure) {
            try body(e, k, layers)
        } catch {
            // The failing layer named as a single call names it (built only on failure).
            let named = e.naming(error.error, layer: LayerID(rawValue: layers[error.index]), keyBytes: k)
            throw LaminaError(named.code, "layers[\(error.index)]: \(named.message)")
        }
    }
}

private func mismatch(_ key: UnsafeBufferPointer<UInt8>, _ wanted: String, _ got: Value) -> LaminaError {
    LaminaError(.typeMismatch, "'\(String(decoding: key, as: UTF8.self))' holds a \(got.type), not a \(wanted)")
}

/// The error for a layer never committed (R3); `batch` puts the layer's name in front.
private func noPresentation() -> LaminaError {
    LaminaError(.noPresentation, "never committed, so it has no presentation")
}

@_cdecl("lamina_layers_set_number")
public func lamina_layers_set_number(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ values: UnsafePointer<Double>?
) -> lamina_status_t {
    batch(engine, layers, count, key, values: UnsafeRawPointer(values)) { e, k, layers throws(BatchFailure) in
        try e.setValues(forKeyBytes: k, count: count, layers: layers, values: .numbers(values!))
    }
}

@_cdecl("lamina_layers_set_point")
public func lamina_layers_set_point(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ values: UnsafePointer<lamina_point_t>?
) -> lamina_status_t {
    batch(engine, layers, count, key, values: UnsafeRawPointer(values)) { e, k, layers throws(BatchFailure) in
        try e.setValues(
            forKeyBytes: k, count: count, layers: layers,
            values: .points(UnsafeRawPointer(values!).assumingMemoryBound(to: Double.self)))
    }
}

@_cdecl("lamina_layers_get_number")
public func lamina_layers_get_number(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ outValues: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    batch(engine, layers, count, key, out: UnsafeMutableRawPointer(outValues)) { e, k, layers throws(BatchFailure) in
        try e.values(forKeyBytes: k, count: count, layers: layers, into: .numbers(outValues!)) { i, v throws(LaminaError) in
            guard case .number(let n) = v else { throw mismatch(k, "number", v) }
            outValues![i] = n
        }
    }
}

@_cdecl("lamina_layers_get_presentation_number")
public func lamina_layers_get_presentation_number(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ outValues: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    batch(engine, layers, count, key, out: UnsafeMutableRawPointer(outValues)) { e, k, layers throws(BatchFailure) in
        try e.presentationValues(
            forKeyBytes: k, count: count, at: nil, layers: layers, into: .numbers(outValues!)
        ) { i, v throws(LaminaError) in
            guard let v else { throw noPresentation() }
            guard case .number(let n) = v else { throw mismatch(k, "number", v) }
            outValues![i] = n
        }
    }
}

@_cdecl("lamina_layers_get_presentation_number_at")
public func lamina_layers_get_presentation_number_at(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ time: Double, _ outValues: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    guard time.isFinite else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "time must be finite") }
    return batch(engine, layers, count, key, out: UnsafeMutableRawPointer(outValues)) { e, k, layers throws(BatchFailure) in
        try e.presentationValues(
            forKeyBytes: k, count: count, at: time, layers: layers, into: .numbers(outValues!)
        ) { i, v throws(LaminaError) in
            guard let v else { throw noPresentation() }
            guard case .number(let n) = v else { throw mismatch(k, "number", v) }
            outValues![i] = n
        }
    }
}

@_cdecl("lamina_layers_get_presentation_point")
public func lamina_layers_get_presentation_point(
    _ engine: OpaquePointer?, _ layers: UnsafePointer<lamina_layer_t>?, _ count: Int,
    _ key: UnsafePointer<CChar>?, _ outValues: UnsafeMutablePointer<lamina_point_t>?
) -> lamina_status_t {
    batch(engine, layers, count, key, out: UnsafeMutableRawPointer(outValues)) { e, k, layers throws(BatchFailure) in
        try e.presentationValues(
            forKeyBytes: k, count: count, at: nil, layers: layers,
            into: .points(UnsafeMutableRawPointer(outValues!).assumingMemoryBound(to: Double.self))
        ) { i, v throws(LaminaError) in
            guard let v else { throw noPresentation() }
            guard case .point(let p) = v else { throw mismatch(k, "point", v) }
            outValues![i] = p.c
        }
    }
}
