// SPDX-License-Identifier: Apache-2.0
// liblamina-lottie's C exports (include/lamina/lamina_lottie.h): load, root, info, playback,
// warnings, destroy. Playback is media timing on the root layer, set through liblamina's C ABI
// (R16, docs/lottie.md#playback).

import CLaminaLottie
import Lamina
import LaminaLottie
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a lamina_lottie_t points at.
final class LottieHandle {
    let engine: OpaquePointer
    let root: lamina_layer_t
    let info: LottieInfo
    /// The warnings as C strings, freed with the handle.
    let warnings: [UnsafeMutablePointer<CChar>]
    var speed = 1.0
    var loop = true
    var playing = false

    init(engine: OpaquePointer, root: lamina_layer_t, info: LottieInfo, warnings: [String]) {
        self.engine = engine
        self.root = root
        self.info = info
        self.warnings = warnings.map { strdup($0)! }
    }

    deinit { for w in warnings { free(w) } }

    func set(_ key: String, _ v: Double) throws(CallError) {
        try check(lamina_layer_set_number(engine, root, key, v), "setting the root's \(key)")
    }

    /// The root's superlayer's time now (the space of its beginTime).
    func parentNow() throws(CallError) -> Double {
        var now = 0.0
        try check(lamina_engine_get_time(engine, &now), "lamina_engine_get_time")
        var parent: lamina_layer_t = 0
        try check(lamina_layer_get_superlayer(engine, root, &parent), "lamina_layer_get_superlayer")
        if parent == 0 { return now }
        var t = now
        try check(lamina_layer_convert_time(engine, 0, parent, now, &t), "lamina_layer_convert_time")
        return t
    }

    func play() throws(CallError) {
        try set("speed", 0)
        try set("timeOffset", 0)
        try set("duration", info.duration)
        try set("repeatCount", loop ? LottieAnimation.loopRepeatCount : 1)
        var v = lamina_value_t()
        v.type = LAMINA_VALUE_STRING
        let status = "both".withCString { s in
            v.u.string = s
            return lamina_layer_set_value(engine, root, "fillMode", &v)
        }
        try check(status, "setting the root's fillMode")
        try set("beginTime", try parentNow())
        try set("speed", speed)
        playing = true
    }

    func seek(_ p: Double) throws(CallError) {
        let q = min(max(p, 0), 1)
        try set("speed", 0)
        try set("duration", 0)
        try set("repeatCount", 0)
        try set("beginTime", 0)
        try set("timeOffset", q * info.duration)
        playing = false
    }
}

// MARK: - Errors, per thread

private let errorKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { p in free(p) }
    return key
}()

private func fail(_ status: lamina_status_t, _ message: String) -> lamina_status_t {
    free(pthread_getspecific(errorKey))
    pthread_setspecific(errorKey, strdup(message))
    return status
}

/// The empty message, static storage for the life of the process.
private nonisolated(unsafe) let empty: UnsafePointer<CChar> = {
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    p.pointee = 0
    return UnsafePointer(p)
}()

@_cdecl("lamina_lottie_last_error_message")
public func lamina_lottie_last_error_message() -> UnsafePointer<CChar> {
    guard let p = pthread_getspecific(errorKey) else { return empty }
    return UnsafePointer(p.assumingMemoryBound(to: CChar.self))
}

private func handle(_ p: OpaquePointer?) -> LottieHandle? {
    guard let p else { return nil }
    return Unmanaged<LottieHandle>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

private func run(_ p: OpaquePointer?, _ name: String, _ body: (LottieHandle) throws(CallError) -> Void) -> lamina_status_t {
    guard let h = handle(p) else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "\(name): animation is NULL") }
    do {
        try body(h)
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.status, "\(name): \(error.message)")
    }
}

// MARK: - Exports

@_cdecl("lamina_lottie_load")
public func lamina_lottie_load(
    _ engine: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> lamina_status_t {
    guard let engine else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_load: engine is NULL") }
    guard let out else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_load: out is NULL") }
    guard let json, length >= 0 else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_load: json is NULL") }
    var time = 0.0
    let probe = lamina_engine_get_time(engine, &time)
    if probe != LAMINA_STATUS_OK { return fail(probe, "lamina_lottie_load: the engine is not alive") }
    let bytes = [UInt8](UnsafeRawBufferPointer(start: json, count: length))
    let scene: LottieScene
    do {
        scene = try LottieScene.load(bytes)
    } catch {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_load: \(error.description)")
    }
    do {
        let root = try realize(scene.root, engine: engine)
        let h = LottieHandle(engine: engine, root: root, info: scene.info, warnings: scene.warnings)
        out.pointee = OpaquePointer(Unmanaged.passRetained(h).toOpaque())
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.status, "lamina_lottie_load: \(error.message)")
    }
}

@_cdecl("lamina_lottie_get_root")
public func lamina_lottie_get_root(_ p: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_layer_t>?) -> lamina_status_t {
    guard let out else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_get_root: out_root is NULL") }
    return run(p, "lamina_lottie_get_root") { h in out.pointee = h.root }
}

@_cdecl("lamina_lottie_get_info")
public func lamina_lottie_get_info(_ p: OpaquePointer?, _ out: UnsafeMutablePointer<lamina_lottie_info_t>?) -> lamina_status_t {
    guard let out else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_get_info: out is NULL") }
    guard out.pointee.struct_size >= UInt32(MemoryLayout<lamina_lottie_info_t>.size) else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_get_info: out->struct_size is \(out.pointee.struct_size), need \(MemoryLayout<lamina_lottie_info_t>.size)")
    }
    return run(p, "lamina_lottie_get_info") { h in
        let i = h.info
        out.pointee.width = i.size.width
        out.pointee.height = i.size.height
        out.pointee.frame_rate = i.frameRate
        out.pointee.in_frame = i.inFrame
        out.pointee.out_frame = i.outFrame
        out.pointee.duration = i.duration
    }
}

@_cdecl("lamina_lottie_play")
public func lamina_lottie_play(_ p: OpaquePointer?) -> lamina_status_t {
    run(p, "lamina_lottie_play") { h throws(CallError) in try h.play() }
}

@_cdecl("lamina_lottie_seek")
public func lamina_lottie_seek(_ p: OpaquePointer?, _ progress: Double) -> lamina_status_t {
    guard !progress.isNaN else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_seek: progress is NaN") }
    return run(p, "lamina_lottie_seek") { h throws(CallError) in try h.seek(progress) }
}

@_cdecl("lamina_lottie_set_speed")
public func lamina_lottie_set_speed(_ p: OpaquePointer?, _ speed: Double) -> lamina_status_t {
    guard speed.isFinite, speed > 0, speed <= 1e6 else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_set_speed: speed must be finite and in (0, 1e6], got \(speed)")
    }
    return run(p, "lamina_lottie_set_speed") { h throws(CallError) in
        if h.playing {
            // Keep the current frame: restart the clock from where it is, CA's pause/resume idiom.
            var local = 0.0
            var now = 0.0
            try check(lamina_engine_get_time(h.engine, &now), "lamina_engine_get_time")
            try check(lamina_layer_convert_time(h.engine, 0, h.root, now, &local), "lamina_layer_convert_time")
            h.speed = speed
            try h.set("speed", 0)
            try h.set("timeOffset", local)
            try h.set("beginTime", try h.parentNow())
            try h.set("speed", speed)
        } else {
            h.speed = speed
        }
    }
}

@_cdecl("lamina_lottie_set_loop")
public func lamina_lottie_set_loop(_ p: OpaquePointer?, _ loop: lamina_bool_t) -> lamina_status_t {
    run(p, "lamina_lottie_set_loop") { h throws(CallError) in
        h.loop = loop != 0
        if h.playing { try h.play() }
    }
}

@_cdecl("lamina_lottie_get_warning_count")
public func lamina_lottie_get_warning_count(_ p: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> lamina_status_t {
    guard let out else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_get_warning_count: out_count is NULL") }
    return run(p, "lamina_lottie_get_warning_count") { h in out.pointee = h.warnings.count }
}

@_cdecl("lamina_lottie_get_warning")
public func lamina_lottie_get_warning(
    _ p: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> lamina_status_t {
    guard let out else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_lottie_get_warning: out_warning is NULL") }
    return run(p, "lamina_lottie_get_warning") { h throws(CallError) in
        guard index >= 0, index < h.warnings.count else {
            throw CallError(status: LAMINA_STATUS_INVALID_ARGUMENT, message: "index \(index) is not below the warning count \(h.warnings.count)")
        }
        out.pointee = UnsafePointer(h.warnings[index])
    }
}

@_cdecl("lamina_lottie_destroy")
public func lamina_lottie_destroy(_ p: OpaquePointer?) {
    guard let p else { return }
    let h = Unmanaged<LottieHandle>.fromOpaque(UnsafeRawPointer(p)).takeRetainedValue()
    _ = lamina_layer_release(h.engine, h.root)
}
