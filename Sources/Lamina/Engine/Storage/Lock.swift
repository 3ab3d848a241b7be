// SPDX-License-Identifier: Apache-2.0
// The engine's lock: one atomic owner word. Locking is a compare-and-swap; unlocking is a
// plain release store. A thread that finds the lock taken spins briefly, then yields, then
// sleeps in growing steps (1 µs to 50 µs) and tries again, so no unlock has to wake anyone:
// a wake-up protocol (a mutex and condition variable behind a waiter count) made unlocking a
// full-barrier exchange, and each locked operation costs about as much as the rest of a
// property read (issue 12: a C set, get or presentation read made four; now one, this lock
// taken through the C ABI's handle table). A waiter sees the lock free at most one sleep step
// late. (Build notes: Synchronization.Mutex gives TSan false positives; atomics are
// instrumented.) Like the error-checking mutex it replaced,
// it turns accidental re-entry into a loud failure instead of a hang
// (docs/architecture.md#layer-storage).

import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The engine's lock (see the file comment). Package-visible so the C ABI can give an engine
/// the lock of the handle table's slot, which outlives the engine (Handles.swift).
package final class Lock: @unchecked Sendable {
    /// 0 when free, else the owner's pthread id.
    private let owner = Atomic<UInt>(0)
    /// Moves each time the lock is taken through `lock()`, `lockFromHost()` or `withLock`, and
    /// not through the `…ForReading` forms: every call that may change what the lock guards
    /// moves it, so "unchanged since" is a comparison (the draw list's reuse,
    /// Engine+ListReuse.swift). Read and written only with the lock held.
    package private(set) var changes: UInt64 = 0

    /// A free lock.
    package init() {}

    /// Takes the lock, waiting while another thread holds it; traps if this thread holds it.
    @inline(__always)
    package func lock() {
        lockForReading()
        changes &+= 1
    }

    /// ``lock()`` for a call that changes nothing the lock guards (a read): ``changes`` stays.
    /// A change made under it anyway must call ``noteChange()``.
    @inline(__always)
    package func lockForReading() {
        let me = currentThreadID()
        if owner.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged { return }
        lockSlow(me)
    }

    /// Counts a change made under ``lockForReading()``. Lock held.
    @inline(__always)
    package func noteChange() { changes &+= 1 }

    /// Takes the lock for a call that comes from host code (the C ABI's entry points): false,
    /// without taking it, when the calling thread already holds it. That is host code the
    /// engine runs locked (a text layout provider, R15.1) calling back in: its caller answers
    /// MISUSE instead of trapping. The fast path is `lock()`'s.
    @inline(__always)
    package func lockFromHost() -> Bool {
        let me = currentThreadID()
        if owner.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            changes &+= 1
            return true
        }
        if owner.load(ordering: .relaxed) == me { return false }
        lockSlow(me)
        changes &+= 1
        return true
    }

    /// Whether the calling thread holds the lock (only it can have stored its own id, so a
    /// relaxed read answers exactly).
    package var isHeldByCurrentThread: Bool { owner.load(ordering: .relaxed) == currentThreadID() }

    /// Waits for the lock: spins, then yields, then sleeps 1, 2, 4 … 50 µs between tries.
    @inline(never)
    private func lockSlow(_ me: UInt) {
        precondition(owner.load(ordering: .relaxed) != me, "Lamina: engine lock re-entered (internal error)")
        var attempt = 0
        var sleepNs = 1_000
        while true {
            if owner.load(ordering: .relaxed) == 0,
               owner.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
                return
            }
            attempt += 1
            if attempt < 64 {
                continue
            } else if attempt < 80 {
                sched_yield()
            } else {
                var ts = timespec(tv_sec: 0, tv_nsec: sleepNs)
                nanosleep(&ts, nil)
                sleepNs = Swift.min(sleepNs * 2, 50_000)
            }
        }
    }

    /// Releases the lock, which the calling thread holds.
    @inline(__always)
    package func unlock() {
        owner.store(0, ordering: .releasing)
    }

    /// Locks unless the calling thread already holds the lock (then returns false at once
    /// instead of trapping). A Swift `Layer` released inside engine code (a closure the engine
    /// drops while locked) uses it to defer its release rather than re-enter. Only this thread
    /// can have stored its own id in `owner`, so a relaxed read answers "do I hold it?" exactly.
    func lockUnlessHeldByCurrentThread() -> Bool {
        if owner.load(ordering: .relaxed) == currentThreadID() { return false }
        lock()
        return true
    }

    /// Runs `body` with the lock held.
    @inline(__always)
    package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        lock()
        defer { unlock() }
        return try body()
    }

    /// ``withLock(_:)`` for a read: ``changes`` stays (see ``lockForReading()``).
    @inline(__always)
    package func withLockForReading<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        lockForReading()
        defer { unlock() }
        return try body()
    }
}

/// The calling thread's pthread id (tests compare threads with it). Not a key for per-thread
/// state: glibc reuses ids at once; transaction stacks use `ThreadState`'s tokens (R12).
@inline(__always)
func currentThreadID() -> UInt {
    UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
}
