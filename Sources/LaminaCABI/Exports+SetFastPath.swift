// SPDX-License-Identifier: Apache-2.0
// The setters' entry to the engine's typed fast path (Engine+SetFastPath.swift, issue 12): a
// whole inline property set where no action is searched for is stored without a `Value`; the
// engine answers false for anything else, and the general path runs (and reports any error).

import CLamina
import Lamina

/// Sets a key of a layer to a typed value (after checking the C arguments): the fast path for
/// a whole inline property under one lock taken once (`withLockedEngine`). When that path
/// declines (a change that searches for an action, whose host code runs unlocked), the
/// engine's `setInline` makes it, still typed, and any other key goes the general way.
@inline(__always)
func setInline(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?, _ value: InlineSetValue
) -> lamina_status_t {
    withLockedEngine(engine, layer: layer, key: key, { e throws(LaminaError) in
        guard let property = e.inlineSetKey(try keyBytes(key)) else { return false }
        return e.setInlineLocked(value, forKey: property, of: LayerID(rawValue: layer))
    }, else: { e throws(LaminaError) in
        let k = try keyBytes(key)
        let id = LayerID(rawValue: layer)
        if let property = e.inlineSetKey(k), e.setInline(value, forKey: property, of: id) { return }
        try e.setValue(value.value, forKeyBytes: k, of: id)
    })
}

/// Sets a fixed whole property of a layer (the typed setters: set_position, set_bounds,
/// set_opacity): the fast path under one lock taken once, else as the keyed `setInline`.
@inline(__always)
func setInline(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ property: PropertyID, _ value: InlineSetValue
) -> lamina_status_t {
    withLockedEngine(engine, layer: layer, { e in
        e.setInlineLocked(value, forKey: property, of: LayerID(rawValue: layer))
    }, else: { e throws(LaminaError) in
        let id = LayerID(rawValue: layer)
        if e.setInline(value, forKey: property, of: id) { return }
        try e.setValue(value.value, forKey: .whole(property), of: id)
    })
}
