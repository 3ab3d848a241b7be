// Engine handles, status plumbing and callback boxes for the C ABI.
//
// An engine pointer handed to C is an EngineBox that lives for the rest of the process (a few
// bytes per engine ever created), so a destroyed engine's pointer stays safe to read and is
// answered with LAMINA_STATUS_STALE_HANDLE. Layer handles are validated by the engine itself.

import CLamina
import Lamina

/// What a `lamina_engine_t *` points at.
final class EngineBox: @unchecked Sendable {
    /// nil once destroyed.
    var engine: Engine?
    /// The C draw list's reused buffers (Exports+Geometry.swift); nil once destroyed.
    var drawList: CDrawList?
    init(_ engine: Engine) {
        self.engine = engine
        drawList = CDrawList()
    }
}

/// Keeps every box reachable, so leak checkers report them as still reachable, not lost.
final class LockedBoxes: @unchecked Sendable {
    private var boxes: [EngineBox] = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(mutex, nil) }
    func append(_ box: EngineBox) {
        pthread_mutex_lock(mutex)
        boxes.append(box)
        pthread_mutex_unlock(mutex)
    }
}

private let allBoxes = LockedBoxes()

func makeEngineHandle() -> OpaquePointer {
    let box = EngineBox(Engine())
    allBoxes.append(box)
    return OpaquePointer(Unmanaged.passUnretained(box).toOpaque())
}

@inline(__always)
func box(_ p: OpaquePointer) -> EngineBox {
    Unmanaged<EngineBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// Runs `body` with the engine behind `p`, turning every failure into a status with a message
/// (the one place where Swift errors become C statuses).
@inline(__always)
func withEngine(
    _ p: OpaquePointer?, _ body: (Engine) throws(LaminaError) -> Void
) -> lamina_status_t {
    guard let p else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "engine is NULL") }
    guard let engine = box(p).engine else {
        return fail(LAMINA_STATUS_STALE_HANDLE, "engine was destroyed")
    }
    do {
        try body(engine)
        return LAMINA_STATUS_OK
    } catch {
        return fail(error.code.rawValue, error.message)
    }
}

/// An out-parameter that must not be NULL.
@inline(__always)
func required<T>(_ p: UnsafeMutablePointer<T>?, _ name: StaticString) throws(LaminaError) -> UnsafeMutablePointer<T> {
    guard let p else { throw LaminaError(.invalidArgument, "\(name) is NULL") }
    return p
}

/// A C string argument that must not be NULL.
@inline(__always)
func string(_ p: UnsafePointer<CChar>?, _ name: StaticString) throws(LaminaError) -> String {
    guard let p else { throw LaminaError(.invalidArgument, "\(name) is NULL") }
    return String(cString: p)
}

/// A C string key as UTF-8 bytes, without copying it into a Swift string.
@inline(__always)
func keyBytes(_ p: UnsafePointer<CChar>?) throws(LaminaError) -> UnsafeBufferPointer<UInt8> {
    guard let p else { throw LaminaError(.invalidArgument, "key is NULL") }
    return UnsafeBufferPointer(
        start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p))
}

@inline(__always)
func finite(_ v: Double, _ name: StaticString) throws(LaminaError) -> Double {
    guard v.isFinite else { throw LaminaError(.invalidArgument, "\(name) must be finite, got \(v)") }
    return v
}

/// A C callback with its userdata; the free function runs exactly once, when the last Swift
/// reference goes (after the callback ran, or when its registration is dropped).
final class CallbackBox: @unchecked Sendable {
    let fn: lamina_callback_fn
    let userdata: UnsafeMutableRawPointer?
    let free: lamina_free_fn?

    init(fn: lamina_callback_fn, userdata: UnsafeMutableRawPointer?, free: lamina_free_fn?) {
        self.fn = fn
        self.userdata = userdata
        self.free = free
    }

    func call() { fn(userdata) }

    deinit { free?(userdata) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
