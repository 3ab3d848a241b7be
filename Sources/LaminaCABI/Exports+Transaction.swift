// SPDX-License-Identifier: Apache-2.0
// Transaction and timing-function exports.

import CLamina
import Lamina

@_cdecl("lamina_transaction_begin")
public func lamina_transaction_begin(_ engine: OpaquePointer?) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in try e.transaction.begin() }
}

@_cdecl("lamina_transaction_commit")
public func lamina_transaction_commit(_ engine: OpaquePointer?) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in try e.transaction.commit() }
}

@_cdecl("lamina_transaction_flush")
public func lamina_transaction_flush(_ engine: OpaquePointer?) -> lamina_status_t {
    withEngine(engine) { e in e.transaction.flush() }
}

@_cdecl("lamina_transaction_set_duration")
public func lamina_transaction_set_duration(_ engine: OpaquePointer?, _ duration: Double) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in try e.transaction.setAnimationDuration(duration) }
}

@_cdecl("lamina_transaction_get_duration")
public func lamina_transaction_get_duration(
    _ engine: OpaquePointer?, _ outDuration: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try required(outDuration, "out_duration").pointee = e.transaction.animationDuration
    }
}

@_cdecl("lamina_transaction_set_timing_function")
public func lamina_transaction_set_timing_function(
    _ engine: OpaquePointer?, _ timingFunction: UnsafePointer<lamina_timing_function_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        e.transaction.timingFunction = try TimingFunction.optional(timingFunction)
    }
}

@_cdecl("lamina_transaction_get_timing_function")
public func lamina_transaction_get_timing_function(
    _ engine: OpaquePointer?, _ outTimingFunction: UnsafeMutablePointer<lamina_timing_function_t>?,
    _ outIsSet: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try write(e.transaction.timingFunction, outTimingFunction, outIsSet)
    }
}

@_cdecl("lamina_transaction_set_disable_actions")
public func lamina_transaction_set_disable_actions(
    _ engine: OpaquePointer?, _ disableActions: lamina_bool_t
) -> lamina_status_t {
    withEngine(engine) { e in e.transaction.disableActions = bool(disableActions) }
}

@_cdecl("lamina_transaction_get_disable_actions")
public func lamina_transaction_get_disable_actions(
    _ engine: OpaquePointer?, _ outDisableActions: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try required(outDisableActions, "out_disable_actions").pointee = cbool(e.transaction.disableActions)
    }
}

@_cdecl("lamina_transaction_set_completion")
public func lamina_transaction_set_completion(
    _ engine: OpaquePointer?, _ callback: lamina_callback_fn?, _ userdata: UnsafeMutableRawPointer?,
    _ freeUserdata: lamina_free_fn?
) -> lamina_status_t {
    // Boxed first: whatever happens next, the free function runs exactly once.
    let boxed = callback.map { CallbackBox(fn: $0, userdata: userdata, free: freeUserdata) }
    if callback == nil { freeUserdata?(userdata) }
    return withEngine(engine) { e in
        e.transaction.setCompletion(boxed.map { b in { b.call() } })
    }
}

@_cdecl("lamina_transaction_has_completion")
public func lamina_transaction_has_completion(
    _ engine: OpaquePointer?, _ outHasCompletion: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try required(outHasCompletion, "out_has_completion").pointee = cbool(e.transaction.hasCompletion)
    }
}

@_cdecl("lamina_transaction_set_value")
public func lamina_transaction_set_value(
    _ engine: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<lamina_value_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let k = try string(key, "key")
        let v = try value.map { p throws(LaminaError) in try Value(p.pointee) }
        try e.transaction.setValue(v, forKey: k)
    }
}

@_cdecl("lamina_transaction_get_value")
public func lamina_transaction_get_value(
    _ engine: OpaquePointer?, _ key: UnsafePointer<CChar>?,
    _ outValue: UnsafeMutablePointer<lamina_value_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let k = try string(key, "key")
        let o = try required(outValue, "out_value")
        guard let v = e.transaction.value(forKey: k) else {
            throw LaminaError(.notFound, "no transaction value for '\(k)'")
        }
        v.write(to: o)
    }
}

// MARK: - Timing functions

@_cdecl("lamina_timing_function_named")
public func lamina_timing_function_named(
    _ name: lamina_timing_name_t, _ out: UnsafeMutablePointer<lamina_timing_function_t>?
) -> lamina_status_t {
    guard let out else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_timing_function is NULL") }
    let tf: TimingFunction
    switch name {
    case LAMINA_TIMING_LINEAR: tf = .linear
    case LAMINA_TIMING_EASE_IN: tf = .easeIn
    case LAMINA_TIMING_EASE_OUT: tf = .easeOut
    case LAMINA_TIMING_EASE_IN_EASE_OUT: tf = .easeInEaseOut
    case LAMINA_TIMING_DEFAULT: tf = .default
    default: return fail(LAMINA_STATUS_INVALID_ARGUMENT, "unknown timing function name \(name)")
    }
    out.pointee = tf.c
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_timing_function_evaluate")
public func lamina_timing_function_evaluate(
    _ timingFunction: UnsafePointer<lamina_timing_function_t>?, _ x: Double,
    _ outProgress: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    guard let timingFunction else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "timing_function is NULL") }
    guard let outProgress else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_progress is NULL") }
    guard !x.isNaN else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "x is NaN") }
    do {
        outProgress.pointee = try TimingFunction(checking: timingFunction.pointee).progress(at: x)
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}
