// SPDX-License-Identifier: Apache-2.0
// The engine's lock: an atomic owner word on the fast path, a pthread mutex and condition
// variable only when a thread must wait. (Build notes: Synchronization.Mutex gives TSan false
// positives; atomics and pthread primitives are instrumented.) Like the error-checking mutex it
// replaces, it turns accidental re-entry into a loud failure instead of a hang, but an
// uncontended lock and unlock cost two atomic instructions instead of two library calls that
// were ~12% of a property read (docs/architecture.md#layer-storage).

import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class Lock: @unchecked Sendable {
    /// 0 when free, else the owner's pthread id.
    private let owner = Atomic<UInt>(0)
    /// Threads inside `lockSlow` (they sleep on `cond` under `mutex`).
    private let waiters = Atomic<Int>(0)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let cond: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        cond = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    @inline(__always)
    func lock() {
        let me = currentThreadID()
        if owner.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged { return }
        lockSlow(me)
    }

    /// Waits for the lock. A waiter registers in `waiters` before its last try, under `mutex`,
    /// and `unlock` frees the lock before it reads `waiters` (both sequentially consistent), so
    /// either the waiter's try sees the lock free or `unlock` sees the waiter and wakes it under
    /// the mutex, after the waiter sleeps: no wake-up is lost.
    @inline(never)
    private func lockSlow(_ me: UInt) {
        precondition(owner.load(ordering: .relaxed) != me, "Lamina: engine lock re-entered (internal error)")
        pthread_mutex_lock(mutex)
        waiters.wrappingAdd(1, ordering: .sequentiallyConsistent)
        while !owner.compareExchange(expected: 0, desired: me, ordering: .sequentiallyConsistent).exchanged {
            pthread_cond_wait(cond, mutex)
        }
        waiters.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        pthread_mutex_unlock(mutex)
    }

    @inline(__always)
    func unlock() {
        owner.store(0, ordering: .sequentiallyConsistent)
        if waiters.load(ordering: .sequentiallyConsistent) != 0 { wake() }
    }

    @inline(never)
    private func wake() {
        pthread_mutex_lock(mutex)
        pthread_cond_signal(cond)
        pthread_mutex_unlock(mutex)
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

    @inline(__always)
    func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        lock()
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
