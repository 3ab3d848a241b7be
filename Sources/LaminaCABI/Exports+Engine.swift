// SPDX-License-Identifier: Apache-2.0
// Engine exports: create, destroy, tick, time, custom properties.

import CLamina
import Lamina

@_cdecl("lamina_engine_create")
public func lamina_engine_create(_ outEngine: UnsafeMutablePointer<OpaquePointer?>?) -> lamina_status_t {
    guard let outEngine else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_engine is NULL") }
    guard let handle = makeEngineHandle() else {
        return fail(LAMINA_STATUS_OUT_OF_MEMORY, "too many engines alive at once")
    }
    outEngine.pointee = handle
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_engine_destroy")
public func lamina_engine_destroy(_ engine: OpaquePointer?) -> lamina_status_t {
    guard let engine else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "engine is NULL") }
    guard let u = engineTable.acquire(engine) else {
        return fail(LAMINA_STATUS_STALE_HANDLE, "engine was already destroyed")
    }
    // The engine and its pending callbacks (and their free functions) go when the last
    // reference does: this one, released here with no table lock held (a free function may
    // call Lamina), unless a call on another thread still runs.
    defer { engineTable.release(u) }
    // A synchronous callback (layer delegate, custom action) or a tick callback runs inside a
    // call on this engine: destroying it there would pull it from under that call.
    if u.takeUnretainedValue().engine!.lock.isHeldByCurrentThread {
        return fail(reentered.code.rawValue, reentered.message)
    }
    if u.takeUnretainedValue().engine!.isInCallbackOnCurrentThread {
        return fail(LAMINA_STATUS_MISUSE, "lamina_engine_destroy() called from one of the engine's own callbacks")
    }
    guard engineTable.destroy(u, engine) else {
        return fail(LAMINA_STATUS_STALE_HANDLE, "engine was already destroyed")
    }
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_engine_tick")
public func lamina_engine_tick(_ engine: OpaquePointer?, _ time: Double) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in try e.tickChecked(time) }
}

@_cdecl("lamina_engine_get_time")
public func lamina_engine_get_time(
    _ engine: OpaquePointer?, _ outTime: UnsafeMutablePointer<Double>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try required(outTime, "out_time").pointee = e.time
    }
}

@_cdecl("lamina_engine_register_property")
public func lamina_engine_register_property(
    _ engine: OpaquePointer?, _ key: UnsafePointer<CChar>?,
    _ defaultValue: UnsafePointer<lamina_value_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        let name = try string(key, "key")
        guard let defaultValue else { throw LaminaError(.invalidArgument, "default_value is NULL") }
        try e.registerProperty(name, defaultValue: try Value(defaultValue.pointee))
    }
}
