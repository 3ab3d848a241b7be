// SPDX-License-Identifier: Apache-2.0
// Interaction exports (R17): presentation velocity, transaction springs, scroll physics.

import CLamina
import Lamina

@_cdecl("lamina_layer_get_presentation_velocity")
public func lamina_layer_get_presentation_velocity(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?,
    _ time: Double, _ outValue: UnsafeMutablePointer<lamina_value_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer, key: key) { e throws(LaminaError) in
        let k = try keyBytes(key)
        let o = try required(outValue, "out_value")
        guard let v = try e.presentationVelocity(of: LayerID(rawValue: layer), forKeyBytes: k, at: time) else {
            throw LaminaError(.noPresentation, "layer \(layer) has never been committed, so it has no presentation")
        }
        v.write(to: o)
    }
}

@_cdecl("lamina_transaction_set_spring")
public func lamina_transaction_set_spring(
    _ engine: OpaquePointer?, _ spring: UnsafePointer<lamina_spring_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try e.transaction.setSpring(try spring.map { p throws(LaminaError) in try springParameters(p.pointee) })
    }
}

@_cdecl("lamina_view_animation_set_spring")
public func lamina_view_animation_set_spring(
    _ engine: OpaquePointer?, _ spring: UnsafePointer<lamina_spring_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        guard let spring else { throw LaminaError(.invalidArgument, "spring is NULL") }
        try e.setViewAnimationSpring(try springParameters(spring.pointee))
    }
}

@_cdecl("lamina_transaction_get_spring")
public func lamina_transaction_get_spring(
    _ engine: OpaquePointer?, _ outSpring: UnsafeMutablePointer<lamina_spring_t>?,
    _ outIsSet: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let isSet = try required(outIsSet, "out_is_set")
        let out = try required(outSpring, "out_spring")
        let spring = e.transaction.spring
        isSet.pointee = cbool(spring != nil)
        if let spring { out.pointee = cSpring(spring) }
    }
}

@_cdecl("lamina_decay_projection")
public func lamina_decay_projection(
    _ value: Double, _ velocity: Double, _ decelerationRate: Double, _ outValue: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withStatus { () throws(LaminaError) in
        let o = try required(outValue, "out_value")
        o.pointee = try Decay(velocity: velocity, decelerationRate: decelerationRate).projection(from: value)
    }
}

@_cdecl("lamina_decay_sample")
public func lamina_decay_sample(
    _ value: Double, _ velocity: Double, _ decelerationRate: Double, _ time: Double,
    _ outValue: UnsafeMutablePointer<Double>?, _ outVelocity: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withStatus { () throws(LaminaError) in
        let t = try finite(time, "time")
        let decay = try Decay(velocity: velocity, decelerationRate: decelerationRate)
        let o = try required(outValue, "out_value")
        let ov = try required(outVelocity, "out_velocity")
        o.pointee = decay.value(from: value, at: t)
        ov.pointee = decay.velocity(at: t)
    }
}

@_cdecl("lamina_decay_duration")
public func lamina_decay_duration(
    _ velocity: Double, _ decelerationRate: Double, _ threshold: Double, _ outDuration: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withStatus { () throws(LaminaError) in
        let o = try required(outDuration, "out_duration")
        o.pointee = try Decay(velocity: velocity, decelerationRate: decelerationRate).duration(threshold: threshold)
    }
}

@_cdecl("lamina_rubber_band")
public func lamina_rubber_band(
    _ offset: Double, _ dimension: Double, _ coefficient: Double, _ outOffset: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withStatus { () throws(LaminaError) in
        let o = try required(outOffset, "out_offset")
        o.pointee = try Decay.rubberBand(offset: offset, dimension: dimension, coefficient: coefficient)
    }
}

/// Runs an engine-free call: OK, or the thrown error as the status and message.
private func withStatus(_ body: () throws(LaminaError) -> Void) -> lamina_status_t {
    do throws(LaminaError) {
        try body()
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}

@_cdecl("lamina_animation_set_decay")
public func lamina_animation_set_decay(
    _ animation: OpaquePointer?, _ velocity: UnsafePointer<lamina_value_t>?, _ decelerationRate: Double
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        guard let velocity else { throw LaminaError(.invalidArgument, "velocity is NULL") }
        let d = DecayParameters(velocity: try Value(velocity.pointee), decelerationRate: decelerationRate)
        let keyPath = box.snapshot.keyPath ?? ""
        let made = try Animation.decay(keyPath: keyPath, velocity: d.velocity, decelerationRate: decelerationRate)
        try box.mutate { a throws(LaminaError) in
            guard case .basic = a.kind else {
                throw LaminaError(.misuse, "only a basic animation can decay (this is not one)")
            }
            a.decay = d
            a.timing.duration = made.timing.duration
        }
    }
}

@_cdecl("lamina_animation_set_inherits_velocity")
public func lamina_animation_set_inherits_velocity(
    _ animation: OpaquePointer?, _ inheritsVelocity: lamina_bool_t
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        try box.mutate { a throws(LaminaError) in
            guard case .spring = a.kind else {
                throw LaminaError(.misuse, "only a spring animation inherits the velocity (this is not one)")
            }
            a.inheritsVelocity = bool(inheritsVelocity)
        }
    }
}

@_cdecl("lamina_animation_get_inherits_velocity")
public func lamina_animation_get_inherits_velocity(
    _ animation: OpaquePointer?, _ outInheritsVelocity: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withAnimation(animation) { box throws(LaminaError) in
        try required(outInheritsVelocity, "out_inherits_velocity").pointee = cbool(box.snapshot.inheritsVelocity)
    }
}
