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
import Synchronization

/// What an engine handle names: one per table slot, made once and never freed (so a reader
/// holding only a handle can always look at it), reused by the slot's next engine.
final class EngineBox: @unchecked Sendable {
    /// nil while the slot has no engine (and for the shared `deadBox`).
    var engine: Engine?
    /// The same engine, for calls that hold a reference (`state`) and so need no retain.
    var unmanaged: Unmanaged<Engine>?
    /// The C draw list's reused buffers (Exports+Geometry.swift); nil while no engine.
    var drawList: CDrawList?
    /// The lock of every engine this slot holds (`Engine.init(clock:lock:)`). It lives as long
    /// as the box, so `EngineTable.withLocked` can take it before it knows whether the handle
    /// still names a live engine, and under it the engine cannot be dropped (`retire` takes it).
    let lock = Lock()
    /// Whether the engine is serialised by its own lock, not the slot's: a Swift `Engine` the
    /// host made and handed to C code through `makeEngineView` (the Swift compositor,
    /// `LaminaGLES`). Calls on such a handle skip `withLocked` (the slot's lock would not
    /// serialise them with the host's Swift calls) and take the engine's own lock.
    var ownLock = false
    /// The slot's generation (high 32 bits) and its references (low 32): one held by the table
    /// while the engine is alive, plus one per call in flight. No references: no engine.
    let state = Atomic<UInt64>(1 << 32)
    let index: Int
    init(index: Int) { self.index = index }
}

/// The engine table: slots with generations, reused after destroy.
///
/// Looking a handle up takes no lock (it is on every call, and a global mutex serialised
/// unrelated engines' calls on different threads). It is still safe against a destroy on
/// another thread:
/// - the slot array never shrinks or moves (a fixed reservation, filled in order and
///   published with a release store), and a slot's box lives for ever, so a lookup with any
///   handle reads valid memory;
/// - a call takes a reference on the box's `state` with a compare-and-swap that only succeeds
///   while the generation matches and the table's own reference is there, so once destroy has
///   moved the generation on no new call gets in;
/// - the engine is dropped, and the slot made reusable, only by whoever takes the last
///   reference (destroy itself, or the last call still running on another thread, as the
///   retained box did before): a call never sees its engine go from under it.
/// The engine's own lock still serialises the work of calls on the same engine. The mutex
/// below is taken only by create, destroy and the final drop. Calls that run no host code skip
/// the reference and take only the engine's lock, which the slot keeps (`withLocked`).
final class EngineTable: @unchecked Sendable {
    /// Engines alive at once (creation beyond it fails with OUT_OF_MEMORY). Only the slots
    /// used are touched, so the reservation costs address space, not memory.
    static let capacity = 1 << 20
    private let boxes = UnsafeMutablePointer<Unmanaged<EngineBox>>.allocate(capacity: EngineTable.capacity)
    /// Slots `0..<published` hold boxes.
    private let published = Atomic<Int>(0)
    private var free: [Int] = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(mutex, nil) }

    private static func handle(_ generation: UInt32, _ index: Int) -> OpaquePointer? {
        OpaquePointer(bitPattern: UInt(generation) << 32 | UInt(index + 1))
    }

    /// Installs an engine in a free slot; returns its handle, or nil when `capacity` engines
    /// are alive at once.
    func insert(ownLock: Bool = false, _ make: (Lock) -> Engine) -> OpaquePointer? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let index: Int
        if let reused = free.popLast() {
            index = reused
        } else {
            let count = published.load(ordering: .relaxed)
            guard count < Self.capacity else { return nil }
            index = count
            (boxes + index).initialize(to: Unmanaged.passRetained(EngineBox(index: index)))
            published.store(count + 1, ordering: .releasing)
        }
        let b = boxes[index].takeUnretainedValue()
        let engine = make(b.lock)
        // A free slot has no references left (its last holder dropped the old engine).
        b.engine = engine
        b.ownLock = ownLock
        b.unmanaged = Unmanaged.passUnretained(engine)
        b.drawList = CDrawList()
        let generation = UInt32(truncatingIfNeeded: b.state.load(ordering: .relaxed) >> 32)
        b.state.store(UInt64(generation) << 32 | 1, ordering: .releasing)
        return Self.handle(generation, index)
    }

    /// The box a handle names, with a reference taken, or nil (destroyed, forged). Pair with
    /// `release`.
    @inline(__always)
    func acquire(_ p: OpaquePointer) -> Unmanaged<EngineBox>? {
        let raw = UInt(bitPattern: p)
        let index = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: raw)) - 1
        let generation = UInt64(UInt32(truncatingIfNeeded: raw >> 32))
        guard index >= 0, index < published.load(ordering: .acquiring) else { return nil }
        let u = boxes[index]
        return u._withUnsafeGuaranteedRef { b -> Unmanaged<EngineBox>? in
            var s = b.state.load(ordering: .acquiring)
            while true {
                guard s >> 32 == generation, s & 0xFFFF_FFFF != 0 else { return nil }
                let (done, now) = b.state.compareExchange(
                    expected: s, desired: s &+ 1, ordering: .acquiringAndReleasing)
                if done { return u }
                s = now
            }
        }
    }

    /// Drops a reference taken by `acquire`; the last one drops a destroyed engine.
    @inline(__always)
    func release(_ u: Unmanaged<EngineBox>) {
        let last = u._withUnsafeGuaranteedRef { b in
            b.state.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue & 0xFFFF_FFFF == 1
        }
        if last { retire(u.takeUnretainedValue()) }
    }

    /// Runs `body` with the engine a handle names under the engine's lock, taken through the
    /// slot's box: one atomic operation for the whole call, where `acquire`, the engine's own
    /// lock and `release` make three (full barriers on x86, which wait for the call's cache
    /// misses: issue 12). The lock is what keeps the engine alive here, since `retire` takes it
    /// before dropping an engine, and under it the handle is checked as `acquire` checks it.
    /// nil when the handle names no live engine (the caller reports that through
    /// `withEngine`); else what `body` answered (false when it threw, its error in `failure`).
    /// `body` runs locked, so it must not call host code or the engine's locking entry points.
    @inline(__always)
    func withLocked(
        _ p: OpaquePointer, _ failure: inout LaminaError?, _ body: (Engine) throws(LaminaError) -> Bool
    ) -> Bool? {
        let raw = UInt(bitPattern: p)
        let index = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: raw)) - 1
        let generation = UInt64(UInt32(truncatingIfNeeded: raw >> 32))
        guard index >= 0, index < published.load(ordering: .acquiring) else { return nil }
        // (`_withUnsafeGuaranteedRef` rethrows untyped errors: the error leaves through `failure`.)
        return boxes[index]._withUnsafeGuaranteedRef { b -> Bool? in
            guard b.lock.lockFromHost() else {
                failure = reentered
                return false
            }
            defer { b.lock.unlock() }
            // Acquiring: `insert` publishes the engine fields with its store of `state`.
            let s = b.state.load(ordering: .acquiring)
            // A view of a Swift engine (`ownLock`) answers nil too: the caller's general path
            // (`withEngine`) takes the engine's own lock.
            guard s >> 32 == generation, s & 0xFFFF_FFFF != 0, !b.ownLock else { return nil }
            return b.unmanaged.unsafelyUnwrapped._withUnsafeGuaranteedRef { engine -> Bool in
                do throws(LaminaError) {
                    return try body(engine)
                } catch {
                    failure = error
                    return false
                }
            }
        }
    }

    /// The box a handle names while it is alive, or nil; takes no reference (for a caller that
    /// already holds one through `withEngine`).
    func peek(_ p: OpaquePointer) -> EngineBox? {
        guard let u = acquire(p) else { return nil }
        defer { release(u) }
        return u.takeUnretainedValue()
    }

    /// Destroys the engine a handle names: its generation moves on (so no new call gets in)
    /// and the table's reference goes. false if it was not alive. The caller holds a reference
    /// (`acquire`), whose release drops the engine unless a call on another thread still runs.
    func destroy(_ u: Unmanaged<EngineBox>, _ p: OpaquePointer) -> Bool {
        let generation = UInt64(UInt32(truncatingIfNeeded: UInt(bitPattern: p) >> 32))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return u._withUnsafeGuaranteedRef { b -> Bool in
            var s = b.state.load(ordering: .acquiring)
            while true {
                // The caller's reference plus the table's: at least 2 while alive.
                guard s >> 32 == generation, s & 0xFFFF_FFFF >= 2 else { return false }
                var next = UInt32(truncatingIfNeeded: generation) &+ 1
                if next == 0 { next = 1 }
                let desired = UInt64(next) << 32 | (s & 0xFFFF_FFFF) - 1
                let (done, now) = b.state.compareExchange(
                    expected: s, desired: desired, ordering: .acquiringAndReleasing)
                if done { return true }
                s = now
            }
        }
    }

    /// The last reference to a destroyed engine went: drop it (outside the mutex: its
    /// callbacks' free functions may call Lamina) and free the slot.
    @inline(never)
    private func retire(_ b: EngineBox) {
        pthread_mutex_lock(mutex)
        // Under the engine's lock: a `withLocked` call still running has it.
        b.lock.lock()
        let engine = b.engine
        let drawList = b.drawList
        b.engine = nil
        b.unmanaged = nil
        b.drawList = nil
        b.lock.unlock()
        free.append(b.index)
        pthread_mutex_unlock(mutex)
        // A running property animator holds its engine: let go of them, or the engine would
        // outlive its handle (R17.21).
        engine?.releaseRunningAnimators()
        withExtendedLifetime((engine, drawList)) {}
    }
}

let engineTable = EngineTable()
/// What a stale handle resolves to: no engine, no draw list.
private let deadBox = EngineBox(index: -1)

/// `engineTable` as a plain word once the first engine is made (0 before: no handle can be
/// valid then). A global with a constant initialiser is read without the lazy-initialisation
/// check (`swift_once`) that every read of `engineTable` costs, on every call (issue 12).
private let liveTable = Atomic<UInt>(0)

func makeEngineHandle() -> OpaquePointer? {
    let table = engineTable
    liveTable.store(UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()), ordering: .releasing)
    // The tag first: with 65,535 engines alive there is none, and creation fails (R18).
    guard let tag = Engine.reserveTag() else { return nil }
    guard let handle = table.insert({ Engine(lock: $0, tag: tag) }) else {
        Engine.unreserveTag(tag)
        return nil
    }
    return handle
}

/// A C handle (`lamina_engine_t *`) naming an engine the host made in Swift, so C code built on
/// lamina.h (the reference compositor, through the `LaminaGLES` module) can read it: a view,
/// not a second engine. Every C call on it works on `engine` under the engine's own lock, so
/// it mixes safely with the host's Swift calls. The view holds a strong reference to `engine`
/// until `destroyEngineView`; it is not the engine's owner (destroying it leaves the engine as
/// it was). nil when the table is full (R18's limit counts views as engines).
package func makeEngineView(_ engine: Engine) -> OpaquePointer? {
    let table = engineTable
    liveTable.store(UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()), ordering: .releasing)
    return table.insert(ownLock: true) { _ in engine }
}

/// Ends a view made by `makeEngineView`: the handle goes stale (later calls answer
/// STALE_HANDLE) and the table lets go of the engine. A handle already ended (also by
/// lamina_engine_destroy()) is ignored.
package func destroyEngineView(_ handle: OpaquePointer) {
    guard let u = engineTable.acquire(handle) else { return }
    defer { engineTable.release(u) }
    _ = engineTable.destroy(u, handle)
}

/// The box behind a handle; a destroyed or forged handle gives a box with no engine. For
/// code already inside `withEngine` (which holds the reference that keeps it alive).
@inline(__always)
func box(_ p: OpaquePointer) -> EngineBox {
    engineTable.peek(p) ?? deadBox
}

/// A call from host code that the engine runs with its lock held (a text layout provider's
/// `layout` or `release`, R15.1): refused, as the header says such code must not call in.
let reentered = LaminaError(
    .misuse, "called from inside a text layout provider's layout or release (the engine is locked there; " +
        "a provider must not call into the engine)")

/// Runs `body` with the engine behind `p`, turning every failure into a status with a message
/// (the one place where Swift errors become C statuses).
@inline(__always)
func withEngine(
    _ p: OpaquePointer?, _ body: (Engine) throws(LaminaError) -> Void
) -> lamina_status_t {
    guard let p else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "engine is NULL") }
    // The table lives for ever (a global), so it is used without a retain.
    guard let raw = UnsafeRawPointer(bitPattern: liveTable.load(ordering: .acquiring)),
          let u = Unmanaged<EngineTable>.fromOpaque(raw)._withUnsafeGuaranteedRef({ $0.acquire(p) })
    else {
        return fail(LAMINA_STATUS_STALE_HANDLE, "engine was destroyed")
    }
    defer { Unmanaged<EngineTable>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.release(u) } }
    // The reference keeps the engine alive: no retain of it per call.
    let failure: LaminaError? = u._withUnsafeGuaranteedRef { b in
        b.unmanaged.unsafelyUnwrapped._withUnsafeGuaranteedRef { engine -> LaminaError? in
            // Host code the engine runs locked (a text layout provider) calling back in: the
            // engine's own lock would trap on the re-entry.
            if engine.lock.isHeldByCurrentThread { return reentered }
            do throws(LaminaError) {
                try body(engine)
                return nil
            } catch {
                return error
            }
        }
    }
    guard let failure else { return LAMINA_STATUS_OK }
    return fail(failure.code.rawValue, failure.message)
}

/// `withEngine` for calls that run no host code: `body` runs under the engine's lock, taken
/// once through the handle table (`EngineTable.withLocked`), and answers true when it did the
/// work. When it answers false (the work would call host code, which runs unlocked), or the
/// handle names no live engine, `general` runs through `withEngine`, which reports a bad
/// handle. A throw from either becomes the status.
@inline(__always)
func withLockedEngine(
    _ p: OpaquePointer?, _ body: (Engine) throws(LaminaError) -> Bool,
    else general: (Engine) throws(LaminaError) -> Void
) -> lamina_status_t {
    if let p, let raw = UnsafeRawPointer(bitPattern: liveTable.load(ordering: .acquiring)) {
        var failure: LaminaError? = nil
        // The table lives for ever (a global), so it is used without a retain.
        let done = Unmanaged<EngineTable>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.withLocked(p, &failure, body) }
        if let failure { return fail(failure.code.rawValue, failure.message) }
        if done == true { return LAMINA_STATUS_OK }
    }
    return withEngine(p, general)
}

/// `withLockedEngine` for work that never calls host code: all of it runs locked (on the
/// general path too, which only runs for a handle that was not live a moment before).
@inline(__always)
func withLockedEngine(_ p: OpaquePointer?, _ body: (Engine) throws(LaminaError) -> Void) -> lamina_status_t {
    withLockedEngine(p, { e throws(LaminaError) in
        try body(e)
        return true
    }, else: { e throws(LaminaError) in
        try e.lock.withLock { () throws(LaminaError) in try body(e) }
    })
}

/// `body`'s error with the layer it concerns named in its message (its name and kind, and
/// for an unknown `key` the closest known key: `Engine.naming`). Built only on failure; works
/// with the engine's lock held by this thread or free.
@inline(__always)
func namingLayer<R>(
    _ e: Engine, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?, _ body: () throws(LaminaError) -> R
) throws(LaminaError) -> R {
    do {
        return try body()
    } catch {
        throw e.naming(error, layer: LayerID(rawValue: layer), keyBytes: keyBytesOrNil(key))
    }
}

/// A C string's UTF-8 bytes (nil for NULL), for error messages.
func keyBytesOrNil(_ key: UnsafePointer<CChar>?) -> UnsafeBufferPointer<UInt8>? {
    key.map { UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)) }
}

/// `withEngine` for a call about one layer: a failure names the layer (`namingLayer`).
@inline(__always)
func withEngine(
    _ p: OpaquePointer?, layer: lamina_layer_t, key: UnsafePointer<CChar>? = nil,
    _ body: (Engine) throws(LaminaError) -> Void
) -> lamina_status_t {
    withEngine(p) { e throws(LaminaError) in try namingLayer(e, layer, key) { () throws(LaminaError) in try body(e) } }
}

/// `withLockedEngine(_:_:else:)` for a call about one layer: a failure names the layer. The
/// locked body is not wrapped (the cost gate saw the wrapper on the reads' success path): its
/// failure is named afterwards by `failNaming`, which finds the engine again.
@inline(__always)
func withLockedEngine(
    _ p: OpaquePointer?, layer: lamina_layer_t, key: UnsafePointer<CChar>? = nil,
    _ body: (Engine) throws(LaminaError) -> Bool, else general: (Engine) throws(LaminaError) -> Void
) -> lamina_status_t {
    if let p, let raw = UnsafeRawPointer(bitPattern: liveTable.load(ordering: .acquiring)) {
        var failure: LaminaError? = nil
        let done = Unmanaged<EngineTable>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.withLocked(p, &failure, body) }
        if let failure { return failNaming(p, failure, layer, key) }
        if done == true { return LAMINA_STATUS_OK }
    }
    return withEngine(p, layer: layer, key: key, general)
}

/// `withLockedEngine(_:_:)` for a call about one layer: a failure names the layer.
@inline(__always)
func withLockedEngine(
    _ p: OpaquePointer?, layer: lamina_layer_t, key: UnsafePointer<CChar>? = nil,
    _ body: (Engine) throws(LaminaError) -> Void
) -> lamina_status_t {
    withLockedEngine(p, layer: layer, key: key, { e throws(LaminaError) in
        try body(e)
        return true
    }, else: { e throws(LaminaError) in
        try e.lock.withLock { () throws(LaminaError) in try body(e) }
    })
}

/// Records a failure of a locked call about `layer` with the layer named (the cold path of
/// `withLockedEngine(_:layer:key:_:else:)`): the engine is taken again from the handle, since
/// the locked call has let it go; a handle no longer live leaves the message as it was.
@inline(never)
func failNaming(
    _ p: OpaquePointer, _ failure: LaminaError, _ layer: lamina_layer_t, _ key: UnsafePointer<CChar>?
) -> lamina_status_t {
    var error = failure
    if failure.code != .staleHandle, let u = engineTable.acquire(p) {
        error = u._withUnsafeGuaranteedRef { b -> LaminaError in
            guard let engine = b.engine else { return failure }
            return engine.naming(failure, layer: LayerID(rawValue: layer), keyBytes: keyBytesOrNil(key))
        }
        engineTable.release(u)
    }
    return fail(error.code.rawValue, error.message)
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
