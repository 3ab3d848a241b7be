// SPDX-License-Identifier: Apache-2.0
// Property animator exports (R17.9–R17.21): UIViewPropertyAnimator's states and rules.

import CLamina
import Lamina

/// What a `lamina_animator_t *` points at: the animator and its engine's handle, checked on
/// every call so that a destroyed engine answers STALE_HANDLE.
final class AnimatorBox {
    let animator: PropertyAnimator
    let engine: OpaquePointer

    init(_ animator: PropertyAnimator, engine: OpaquePointer) {
        self.animator = animator
        self.engine = engine
    }
}

/// Runs `body` with the animator behind `p`, its engine checked alive; a thrown error becomes
/// the status and message.
private func withAnimator(
    _ p: OpaquePointer?, _ body: (PropertyAnimator) throws -> Void
) -> lamina_status_t {
    guard let p else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "animator is NULL") }
    let box = Unmanaged<AnimatorBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
    var failure: (any Error)? = nil
    let status = withEngine(box.engine) { _ throws(LaminaError) in
        do { try body(box.animator) } catch { failure = error }
    }
    guard status == LAMINA_STATUS_OK else { return status }
    guard let failure else { return LAMINA_STATUS_OK }
    if let e = failure as? LaminaError { return fail(e.code.rawValue, e.message) }
    return fail(LAMINA_STATUS_MISUSE, "\(failure)")
}

/// The timing of `params` (a curve, or a spring when has_spring).
private func animatorTiming(
    curve: lamina_timing_function_t, spring: lamina_spring_t, hasSpring: lamina_bool_t
) throws(LaminaError) -> AnimatorTiming {
    if bool(hasSpring) { return .spring(try springParameters(spring)) }
    return .curve(try TimingFunction(checking: curve))
}

@_cdecl("lamina_animator_create")
public func lamina_animator_create(
    _ engine: OpaquePointer?, _ params: UnsafePointer<lamina_animator_params_t>?,
    _ outAnimator: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        guard let params else { throw LaminaError(.invalidArgument, "params is NULL") }
        let out = try required(outAnimator, "out_animator")
        let p = params.pointee
        let timing = try animatorTiming(curve: p.curve, spring: p.spring, hasSpring: p.has_spring)
        let a = try e.makeAnimator(duration: p.duration, timing: timing)
        out.pointee = OpaquePointer(Unmanaged.passRetained(AnimatorBox(a, engine: engine!)).toOpaque())
    }
}

@_cdecl("lamina_animator_destroy")
public func lamina_animator_destroy(_ animator: OpaquePointer?) -> lamina_status_t {
    guard let animator else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "animator is NULL") }
    let u = Unmanaged<AnimatorBox>.fromOpaque(UnsafeRawPointer(animator))
    let box = u.takeUnretainedValue()
    // R17.21: an active or stopped animator first ends where it is, with no completion.
    _ = withEngine(box.engine) { _ throws(LaminaError) in box.animator.discard() }
    u.release()
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_animator_add_animations")
public func lamina_animator_add_animations(
    _ animator: OpaquePointer?, _ fn: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?,
    _ userdata: UnsafeMutableRawPointer?
) -> lamina_status_t {
    withAnimator(animator) { a in
        guard let fn else { throw LaminaError(.invalidArgument, "animations callback is NULL") }
        let data = UnsafeSendableRaw(userdata)
        try a.addAnimations { fn(data.pointer) }
    }
}

@_cdecl("lamina_animator_add_completion")
public func lamina_animator_add_completion(
    _ animator: OpaquePointer?,
    _ fn: (@convention(c) (UnsafeMutableRawPointer?, lamina_animating_position_t) -> Void)?,
    _ userdata: UnsafeMutableRawPointer?
) -> lamina_status_t {
    withAnimator(animator) { a in
        guard let fn else { throw LaminaError(.invalidArgument, "completion callback is NULL") }
        let data = UnsafeSendableRaw(userdata)
        a.addCompletion { position in fn(data.pointer, position.rawValue) }
    }
}

@_cdecl("lamina_animator_start")
public func lamina_animator_start(_ animator: OpaquePointer?, _ delay: Double) -> lamina_status_t {
    withAnimator(animator) { a in try a.start(delay: delay) }
}

@_cdecl("lamina_animator_pause")
public func lamina_animator_pause(_ animator: OpaquePointer?) -> lamina_status_t {
    withAnimator(animator) { a in try a.pause() }
}

@_cdecl("lamina_animator_get_fraction_complete")
public func lamina_animator_get_fraction_complete(
    _ animator: OpaquePointer?, _ outFraction: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withAnimator(animator) { a in try required(outFraction, "out_fraction").pointee = a.fractionComplete }
}

@_cdecl("lamina_animator_set_fraction_complete")
public func lamina_animator_set_fraction_complete(_ animator: OpaquePointer?, _ fraction: Double) -> lamina_status_t {
    withAnimator(animator) { a in try a.setFractionComplete(fraction) }
}

@_cdecl("lamina_animator_get_reversed")
public func lamina_animator_get_reversed(
    _ animator: OpaquePointer?, _ outReversed: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withAnimator(animator) { a in try required(outReversed, "out_reversed").pointee = cbool(a.isReversed) }
}

@_cdecl("lamina_animator_set_reversed")
public func lamina_animator_set_reversed(_ animator: OpaquePointer?, _ reversed: lamina_bool_t) -> lamina_status_t {
    withAnimator(animator) { a in try a.setReversed(bool(reversed)) }
}

@_cdecl("lamina_animator_continue")
public func lamina_animator_continue(
    _ animator: OpaquePointer?, _ curve: UnsafePointer<lamina_timing_function_t>?,
    _ spring: UnsafePointer<lamina_spring_t>?, _ durationFactor: Double
) -> lamina_status_t {
    withAnimator(animator) { a in
        if curve != nil, spring != nil {
            throw LaminaError(.invalidArgument, "continue takes a timing curve or a spring, not both")
        }
        var timing: AnimatorTiming? = nil
        if let curve { timing = .curve(try TimingFunction(checking: curve.pointee)) }
        if let spring { timing = .spring(try springParameters(spring.pointee)) }
        try a.continueAnimation(timing: timing, durationFactor: durationFactor)
    }
}

@_cdecl("lamina_animator_stop")
public func lamina_animator_stop(_ animator: OpaquePointer?, _ withoutFinishing: lamina_bool_t) -> lamina_status_t {
    withAnimator(animator) { a in try a.stop(withoutFinishing: bool(withoutFinishing)) }
}

@_cdecl("lamina_animator_finish")
public func lamina_animator_finish(
    _ animator: OpaquePointer?, _ position: lamina_animating_position_t
) -> lamina_status_t {
    withAnimator(animator) { a in
        guard let p = AnimatingPosition(rawValue: position) else {
            throw LaminaError(.invalidArgument, "unknown animating position \(position) (END 0, START 1, CURRENT 2)")
        }
        try a.finish(at: p)
    }
}

@_cdecl("lamina_animator_get_state")
public func lamina_animator_get_state(
    _ animator: OpaquePointer?, _ outState: UnsafeMutablePointer<lamina_animating_state_t>?
) -> lamina_status_t {
    withAnimator(animator) { a in try required(outState, "out_state").pointee = a.state.rawValue }
}

@_cdecl("lamina_animator_is_running")
public func lamina_animator_is_running(
    _ animator: OpaquePointer?, _ outRunning: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withAnimator(animator) { a in try required(outRunning, "out_running").pointee = cbool(a.isRunning) }
}

@_cdecl("lamina_animator_get_duration")
public func lamina_animator_get_duration(
    _ animator: OpaquePointer?, _ outDuration: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withAnimator(animator) { a in try required(outDuration, "out_duration").pointee = a.duration }
}

@_cdecl("lamina_animator_set_scrubs_linearly")
public func lamina_animator_set_scrubs_linearly(_ animator: OpaquePointer?, _ value: lamina_bool_t) -> lamina_status_t {
    withAnimator(animator) { a in a.setScrubsLinearly(bool(value)) }
}

@_cdecl("lamina_animator_get_scrubs_linearly")
public func lamina_animator_get_scrubs_linearly(
    _ animator: OpaquePointer?, _ outValue: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withAnimator(animator) { a in try required(outValue, "out_value").pointee = cbool(a.scrubsLinearly) }
}

@_cdecl("lamina_animator_set_pauses_on_completion")
public func lamina_animator_set_pauses_on_completion(_ animator: OpaquePointer?, _ value: lamina_bool_t) -> lamina_status_t {
    withAnimator(animator) { a in a.setPausesOnCompletion(bool(value)) }
}

@_cdecl("lamina_animator_get_pauses_on_completion")
public func lamina_animator_get_pauses_on_completion(
    _ animator: OpaquePointer?, _ outValue: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withAnimator(animator) { a in try required(outValue, "out_value").pointee = cbool(a.pausesOnCompletion) }
}

@_cdecl("lamina_animator_set_interruptible")
public func lamina_animator_set_interruptible(_ animator: OpaquePointer?, _ value: lamina_bool_t) -> lamina_status_t {
    withAnimator(animator) { a in try a.setInterruptible(bool(value)) }
}

@_cdecl("lamina_animator_get_interruptible")
public func lamina_animator_get_interruptible(
    _ animator: OpaquePointer?, _ outValue: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withAnimator(animator) { a in try required(outValue, "out_value").pointee = cbool(a.isInterruptible) }
}

/// A host's userdata pointer, carried into callbacks that may run on the ticking thread (the
/// host promised it is usable there: the header's threading rules).
private struct UnsafeSendableRaw: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
    init(_ p: UnsafeMutableRawPointer?) { pointer = p }
}
