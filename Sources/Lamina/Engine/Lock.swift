// SPDX-License-Identifier: Apache-2.0
// A mutex around a heap-allocated pthread_mutex_t of type ERRORCHECK (build notes:
// Synchronization.Mutex gives TSan false positives; an error-checking mutex turns accidental
// re-entry into a loud failure instead of a hang).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attr = pthread_mutexattr_t()
        pthread_mutexattr_init(&attr)
        pthread_mutexattr_settype(&attr, Int32(PTHREAD_MUTEX_ERRORCHECK))
        pthread_mutex_init(mutex, &attr)
        pthread_mutexattr_destroy(&attr)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() {
        let rc = pthread_mutex_lock(mutex)
        precondition(rc == 0, "Lamina: engine lock re-entered (internal error)")
    }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Locks unless the calling thread already holds the lock (then returns false at once
    /// instead of trapping): the error-checking mutex reports re-entry as `EDEADLK`. A Swift
    /// `Layer` released inside engine code (a closure the engine drops while locked) uses it to
    /// defer its release rather than re-enter.
    func lockUnlessHeldByCurrentThread() -> Bool {
        let rc = pthread_mutex_lock(mutex)
        if rc == 0 { return true }
        precondition(rc == EDEADLK, "Lamina: engine lock failed (\(rc))")
        return false
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
