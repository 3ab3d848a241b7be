// Engine exports: create, destroy, tick, time, custom properties.

import CLamina
import Lamina

@_cdecl("lamina_engine_create")
public func lamina_engine_create(_ outEngine: UnsafeMutablePointer<OpaquePointer?>?) -> lamina_status_t {
    guard let outEngine else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "out_engine is NULL") }
    outEngine.pointee = makeEngineHandle()
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_engine_destroy")
public func lamina_engine_destroy(_ engine: OpaquePointer?) -> lamina_status_t {
    guard let engine else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "engine is NULL") }
    let b = box(engine)
    guard let e = b.engine else { return fail(LAMINA_STATUS_STALE_HANDLE, "engine was already destroyed") }
    if e.isTickingOnCurrentThread {
        return fail(LAMINA_STATUS_MISUSE, "lamina_engine_destroy() called from one of the engine's own callbacks")
    }
    b.engine = nil  // the engine and its pending callbacks (and their free functions) go now
    b.drawList = nil
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_engine_tick")
public func lamina_engine_tick(_ engine: OpaquePointer?, _ time: Double) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in try e.tick(time) }
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
