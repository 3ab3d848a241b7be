// SPDX-License-Identifier: Apache-2.0
// Explicit animations on layers (CA-11): the layer functions that attach, query and remove
// animations, their timing introspection, transitions and layer time conversion.

import CLamina
import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// MARK: - Animations on layers

@_cdecl("lamina_layer_add_animation")
public func lamina_layer_add_animation(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ animation: OpaquePointer?, _ key: UnsafePointer<CChar>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        guard let animation else { throw LaminaError(.invalidArgument, "animation is NULL") }
        // Held until after the engine call, so that the last reference to a delegate never
        // goes inside the engine's lock.
        let a = animationBox(animation).snapshot
        let id = LayerID(rawValue: layer)
        do throws(LaminaError) {
            try checkValueTypes(a, e, id)
            try e.addAnimation(a, forKey: key.map { String(cString: $0) }, to: id)
        } catch {
            // `key` names the animation; the key path it animates is what may be misspelt.
            throw e.naming(error, layer: id, key: a.keyPath)
        }
        withExtendedLifetime(a) {}
    }
}

@_cdecl("lamina_layer_copy_animation")
public func lamina_layer_copy_animation(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outAnimation: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let k = try string(key, "key")
        let o = try required(outAnimation, "out_animation")
        guard let a = try e.animation(forKey: k, of: LayerID(rawValue: layer)) else {
            throw LaminaError(.notFound, "no animation under '\(k)'")
        }
        o.pointee = makeAnimationHandle(a)
    }
}

@_cdecl("lamina_layer_get_animation_count")
public func lamina_layer_get_animation_count(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ outCount: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outCount, "out_count")
        o.pointee = try e.animationKeys(of: LayerID(rawValue: layer)).count
    }
}

@_cdecl("lamina_layer_get_animation_key")
public func lamina_layer_get_animation_key(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ index: Int, _ buffer: UnsafeMutablePointer<CChar>?,
    _ capacity: Int, _ outLength: UnsafeMutablePointer<Int>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        _ = try required(outLength, "out_length")
        let keys = try e.animationKeys(of: LayerID(rawValue: layer))
        guard index >= 0, index < keys.count else {
            throw LaminaError(.notFound, "no animation key at index \(UInt(bitPattern: index)) (the layer has \(keys.count))")
        }
        try copyString(keys[index], buffer, capacity, outLength)
    }
}

@_cdecl("lamina_layer_remove_animation")
public func lamina_layer_remove_animation(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        try e.removeAnimation(forKey: try string(key, "key"), from: LayerID(rawValue: layer))
    }
}

@_cdecl("lamina_layer_remove_all_animations")
public func lamina_layer_remove_all_animations(_ engine: OpaquePointer?, _ layer: lamina_layer_t) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        try e.removeAllAnimations(from: LayerID(rawValue: layer))
    }
}

private func animationTiming(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?, _ time: Double?,
    _ out: UnsafeMutablePointer<lamina_animation_timing_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let k = try string(key, "key")
        let o = try required(out, "out_timing")
        if let time { _ = try finite(time, "time") }
        guard let info = try e.timingInfo(forKey: k, of: LayerID(rawValue: layer), at: time) else {
            throw LaminaError(.notFound, "no animation under '\(k)'")
        }
        var t = lamina_animation_timing_t()
        switch info.phase {
        case .before: t.phase = LAMINA_PHASE_BEFORE
        case .active: t.phase = LAMINA_PHASE_ACTIVE
        case .after: t.phase = LAMINA_PHASE_AFTER
        }
        t.contributing = cbool(info.isContributing)
        t.iteration = Int64(info.currentIteration)
        t.iteration_progress = info.iterationProgress
        t.active_duration = info.activeDuration
        t.end_time = info.endTime
        t.begin_time = info.beginTime ?? 0
        t.has_begin_time = cbool(info.beginTime != nil)
        t.reserved = 0
        o.pointee = t
    }
}

@_cdecl("lamina_layer_get_animation_timing")
public func lamina_layer_get_animation_timing(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ outTiming: UnsafeMutablePointer<lamina_animation_timing_t>?
) -> lamina_status_t {
    animationTiming(engine, layer, key, nil, outTiming)
}

@_cdecl("lamina_layer_get_animation_timing_at")
public func lamina_layer_get_animation_timing_at(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?, _ time: Double,
    _ outTiming: UnsafeMutablePointer<lamina_animation_timing_t>?
) -> lamina_status_t {
    animationTiming(engine, layer, key, time, outTiming)
}

@_cdecl("lamina_layer_get_transition")
public func lamina_layer_get_transition(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ time: Double,
    _ outState: UnsafeMutablePointer<lamina_transition_state_t>?, _ outActive: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let o = try required(outState, "out_state")
        let active = try required(outActive, "out_active")
        let t = try finite(time, "time")
        if let (state, _) = try e.transition(of: LayerID(rawValue: layer), at: t) {
            o.pointee = lamina_transition_state_t(
                type: cTransitionType(state.type), subtype: cTransitionSubtype(state.subtype),
                progress: state.progress)
            active.pointee = LAMINA_TRUE
        } else {
            active.pointee = LAMINA_FALSE
        }
    }
}

@_cdecl("lamina_layer_get_transition_before_value")
public func lamina_layer_get_transition_before_value(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?, _ time: Double,
    _ outValue: UnsafeMutablePointer<lamina_value_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer, key: key) { e throws(LaminaError) in
        let k = try string(key, "key")
        let o = try required(outValue, "out_value")
        let t = try finite(time, "time")
        _ = try e.resolve(keyPath: k)  // UNKNOWN_KEY even when no transition runs
        guard let (_, before) = try e.transition(of: LayerID(rawValue: layer), at: t) else {
            throw LaminaError(.notFound, "no transition contributes to layer \(layer) at time \(time)")
        }
        guard let v = before.value(forKeyPath: k) else {
            throw LaminaError(.unknownKey, "'\(k)' names no property")
        }
        v.write(to: o)
    }
}

@_cdecl("lamina_layer_convert_time")
public func lamina_layer_convert_time(
    _ engine: OpaquePointer?, _ fromLayer: lamina_layer_t, _ toLayer: lamina_layer_t, _ time: Double,
    _ outTime: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let o = try required(outTime, "out_time")
        let from = fromLayer == 0 ? nil : LayerID(rawValue: fromLayer)
        let to = toLayer == 0 ? nil : LayerID(rawValue: toLayer)
        o.pointee = try e.convertTime(try finite(time, "time"), from: from, to: to)
    }
}
