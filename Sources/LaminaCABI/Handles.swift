// SPDX-License-Identifier: Apache-2.0
// Engine handles, status plumbing and callback boxes for the C ABI.
//
// A `lamina_engine_t *` is not a pointer: it packs a slot of a process-wide engine table and
// the slot's generation (like layer handles, R13). A destroyed engine's handle stays safe to
// pass and is answered with LAMINA_STATUS_STALE_HANDLE, and the table's memory is bounded by
// the most engines alive at once (a box per engine ever created grew RSS by 56 MiB per million
// create/destroy pairs). Layer handles are validated by the engine itself.

import CLamina
import Lamina

/// What an engine handle names.
final class EngineBox: @unchecked Sendable {
    /// nil once destroyed (only the shared `deadBox`).
    var engine: Engine?
    /// The C draw list's reused buffers (Exports+Geometry.swift); nil once destroyed.
    var drawList: CDrawList?
    init(_ engine: Engine?) {
        self.engine = engine
        drawList = engine == nil ? nil : CDrawList()
    }
}

/// The engine table: slots with generations, reused after destroy. Every access holds
/// `mutex`, so a destroy racing a call on another thread is answered, not torn.
final class EngineTable: @unchecked Sendable {
    private var generations: [UInt32] = []
    private var boxes: [EngineBox?] = []
    private var free: [Int] = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(mutex, nil) }

    /// Adds a box; returns its handle, or nil when 2³²−1 engines are alive at once.
    func insert(_ box: EngineBox) -> OpaquePointer? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let index: Int
        if let reused = free.popLast() {
            index = reused
        } else {
            guard boxes.count < Int(UInt32.max - 1) else { return nil }
            index = boxes.count
            boxes.append(nil)
            generations.append(1)
        }
        boxes[index] = box
        return OpaquePointer(bitPattern: UInt(generations[index]) << 32 | UInt(index + 1))
    }

    /// The live box a handle names, or nil (destroyed, forged).
    @inline(__always)
    func lookup(_ p: OpaquePointer) -> EngineBox? {
        let raw = UInt(bitPattern: p)
        let index = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: raw)) - 1
        let generation = UInt32(truncatingIfNeeded: raw >> 32)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard index >= 0, index < boxes.count, generations[index] == generation else { return nil }
        return boxes[index]
    }

    /// Removes the box a handle names (its slot's generation moves on); nil if not live.
    func remove(_ p: OpaquePointer) -> EngineBox? {
        let raw = UInt(bitPattern: p)
        let index = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: raw)) - 1
        let generation = UInt32(truncatingIfNeeded: raw >> 32)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard index >= 0, index < boxes.count, generations[index] == generation,
              let box = boxes[index] else { return nil }
        boxes[index] = nil
        let next = generation &+ 1
        generations[index] = next == 0 ? 1 : next
        free.append(index)
        return box
    }
}

let engineTable = EngineTable()
/// What a stale handle resolves to: no engine, no draw list.
private let deadBox = EngineBox(nil)

func makeEngineHandle() -> OpaquePointer? {
    engineTable.insert(EngineBox(Engine()))
}

/// The box behind a handle; a destroyed or forged handle gives a box with no engine.
@inline(__always)
func box(_ p: OpaquePointer) -> EngineBox {
    engineTable.lookup(p) ?? deadBox
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
