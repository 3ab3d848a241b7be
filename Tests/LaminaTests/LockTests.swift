// SPDX-License-Identifier: Apache-2.0
// The engine lock (Lock.swift): one owner word, no wake-ups (a waiter spins, yields, then
// sleeps between tries). These tests hold it across threads: every critical section runs
// alone, and a thread that waits through a long hold gets the lock once it is released.

import Foundation
import Testing

@testable import Lamina

/// A counter that only the engine lock guards (no other synchronisation).
final class LockedCounter: @unchecked Sendable {
    let lock = Lock()
    var value = 0
    /// Set while a thread is inside the lock; a second one inside would see it set.
    var inside = false
    var overlaps = 0
}

@Suite("The engine lock: mutual exclusion without wake-ups (R12, issue 12)")
struct LockTests {
    @Test("four threads incrementing under the lock lose no increment and never overlap")
    func exclusion() {
        let c = LockedCounter()
        let threads = 4, rounds = 20_000
        let done = (0..<threads).map { _ in
            runOnNewThread {
                for _ in 0..<rounds {
                    c.lock.withLock {
                        if c.inside { c.overlaps += 1 }
                        c.inside = true
                        c.value += 1
                        c.inside = false
                    }
                }
            }
        }
        for d in done { _ = waitOrFail(d, "a locking thread") }
        c.lock.withLock {
            #expect(c.value == threads * rounds)
            #expect(c.overlaps == 0)
        }
    }

    @Test("a thread waiting through a long hold (into the sleeping steps) gets the lock after it")
    func longHold() {
        let c = LockedCounter()
        let held = DispatchSemaphore(value: 0)
        c.lock.lock()
        let waiter = runOnNewThread {
            held.signal()
            c.lock.lock()
            // The holder wrote 1 before unlocking: the release store publishes it.
            c.value += 10
            c.lock.unlock()
        }
        _ = waitOrFail(held, "the waiter to start")
        usleep(20_000)  // long enough for the waiter to reach its sleeping steps
        c.value = 1
        c.lock.unlock()
        _ = waitOrFail(waiter, "the waiter")
        c.lock.withLock { #expect(c.value == 11) }
    }

    @Test("lockUnlessHeldByCurrentThread answers false to its holder and locks for another thread")
    func heldByCurrentThread() {
        let c = LockedCounter()
        c.lock.lock()
        #expect(!c.lock.lockUnlessHeldByCurrentThread())
        let other = SharedBox(false)
        let t = runOnNewThread {
            let took = c.lock.lockUnlessHeldByCurrentThread()
            other.update { $0 = took }
            if took { c.lock.unlock() }
        }
        c.lock.unlock()
        _ = waitOrFail(t, "the other thread")
        #expect(other.value)
    }
}
