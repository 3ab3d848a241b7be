// SPDX-License-Identifier: Apache-2.0
// Threads (R12, CA-2.1): every thread has its own transaction stack per engine, commits publish
// atomically, concurrent changes are serialized without loss, and one thread ticks at a time.
//
// Foundation is allowed in tests (not in Sources/): Thread for real OS threads, DispatchSemaphore
// to order their steps, NSLock for the shared result box.

import Foundation
import Testing

@testable import Lamina

/// A value shared between threads, guarded by a lock.
final class SharedBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    func update(_ body: (inout T) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&stored)
    }
}

/// Runs `body` on a new OS thread; the returned semaphore is signalled when it returns.
func runOnNewThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    return done
}

/// Waits for a semaphore with a generous deadline, so a bug fails the test instead of hanging it.
func waitOrFail(_ s: DispatchSemaphore, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let ok = s.wait(timeout: .now() + 60) == .success
    if !ok { Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation) }
    return ok
}

@Suite("Threads (R12, CA-2.1)")
struct ThreadingTests {
    @Test("Each thread has its own transaction stack; another thread's uncommitted changes are invisible (R12, CA-2.1, CA-1.3)")
    func perThreadStacks() throws {
        let engine = Engine()
        let la = engine.makeLayer(), lb = engine.makeLayer()
        engine.tick(0)  // this thread commits both layers

        let aOpened = DispatchSemaphore(value: 0), aMayChange = DispatchSemaphore(value: 0)
        let aChanged = DispatchSemaphore(value: 0), aMayCommit = DispatchSemaphore(value: 0)
        let seen = SharedBox<[String: Double]>([:])
        let errors = SharedBox<[String]>([])

        let aDone = runOnNewThread {
            do {
                let t = engine.transaction
                try t.begin()
                try t.setAnimationDuration(2)
                seen.update { $0["A.duration"] = t.animationDuration; $0["A.depth"] = Double(t.depth) }
                aOpened.signal()
                aMayChange.wait()
                la.opacity = 0
                seen.update { $0["A.durationAfterB"] = t.animationDuration }
                aChanged.signal()
                aMayCommit.wait()
                try t.commit()
                seen.update { $0["A.depthAfterCommit"] = Double(t.depth) }
            } catch {
                errors.update { $0.append("thread A: \(error)") }
                aOpened.signal()
                aChanged.signal()
            }
        }

        guard waitOrFail(aOpened, "thread A to open its transaction") else { return }
        // This thread (B) sees none of A's transaction.
        #expect(seen.value["A.duration"] == 2)
        #expect(seen.value["A.depth"] == 1)
        #expect(engine.transaction.animationDuration == 0.25)
        #expect(engine.transaction.depth == 0)
        try engine.withTransaction(duration: 0.5) {
            #expect(engine.transaction.animationDuration == 0.5)
        }
        lb.opacity = 0  // B's implicit transaction: 0.25 s

        aMayChange.signal()
        guard waitOrFail(aChanged, "thread A to change its layer") else { return }
        #expect(seen.value["A.durationAfterB"] == 2)  // B's transactions did not touch A's stack
        #expect(la.opacity == 0)  // the model is shared and live
        #expect(try la.presentedNumber("opacity") == 1)  // A has not committed (CA-1.3)

        engine.tick(0)  // commits B's implicit transaction only
        #expect(try la.presentedNumber("opacity") == 1)
        #expect(approx(try lb.presentedNumber("opacity", at: 0.125),
                       expectedImplicit(from: 1, to: 0, begin: 0, duration: 0.25, at: 0.125), tolerance: 1e-9))

        aMayCommit.signal()
        guard waitOrFail(aDone, "thread A to commit") else { return }
        #expect(errors.value.isEmpty)
        #expect(seen.value["A.depthAfterCommit"] == 0)
        // A's commit published its change with A's 2 s duration.
        #expect(approx(try la.presentedNumber("opacity", at: 1),
                       expectedImplicit(from: 1, to: 0, begin: 0, duration: 2, at: 1), tolerance: 1e-9))
        #expect(engine.transaction.animationDuration == 0.25)
    }

    @Test("A commit on another thread publishes atomically: all of its changes at once (R12)")
    func atomicPublication() throws {
        let engine = Engine()
        let layers = (0..<50).map { _ in engine.makeLayer() }
        engine.tick(0)
        let changed = DispatchSemaphore(value: 0), mayCommit = DispatchSemaphore(value: 0)
        let done = runOnNewThread {
            do {
                try engine.withTransaction(disableActions: true) {
                    for (i, l) in layers.enumerated() { l.zPosition = Double(i + 1) }
                    changed.signal()
                    mayCommit.wait()
                }
            } catch {
                changed.signal()
            }
        }
        guard waitOrFail(changed, "the other thread's changes") else { return }
        for l in layers { #expect(try l.presentedNumber("zPosition") == 0) }
        mayCommit.signal()
        guard waitOrFail(done, "the other thread's commit") else { return }
        for (i, l) in layers.enumerated() { #expect(try l.presentedNumber("zPosition") == Double(i + 1)) }
    }

    @Test("Concurrent setters on different layers from two threads don't crash and every value lands (R12)")
    func concurrentSetters() throws {
        let engine = Engine()
        let a = engine.makeLayer(), b = engine.makeLayer()
        let parentA = engine.makeLayer(), parentB = engine.makeLayer()
        engine.tick(0)
        let iterations = 3000
        let errors = SharedBox<[String]>([])

        let doneA = runOnNewThread {
            do {
                for i in 0..<iterations {
                    a.position = Point(x: Double(i), y: Double(-i))
                    try a.setValue(.number(Double(i) / Double(iterations)), forKeyPath: "opacity")
                    if i % 10 == 0 {
                        let child = engine.makeLayer()
                        parentA.addSublayer(child)
                        try child.releaseHostReference()
                    }
                    if i % 100 == 0 { engine.transaction.flush() }
                }
                engine.transaction.flush()
            } catch {
                errors.update { $0.append("A: \(error)") }
            }
        }
        let doneB = runOnNewThread {
            do {
                for i in 0..<iterations {
                    try engine.withTransaction(duration: 0.5) {
                        b.zPosition = Double(i)
                        b.bounds = Rect(x: 0, y: 0, width: Double(i), height: 1)
                        if i % 10 == 0 {
                            let child = engine.makeLayer()
                            parentB.addSublayer(child)
                            try child.releaseHostReference()
                        }
                    }
                }
            } catch {
                errors.update { $0.append("B: \(error)") }
            }
        }

        // Meanwhile this thread ticks and reads presentations.
        var t = 0.0
        var finishedA = false, finishedB = false
        while !(finishedA && finishedB) {
            t += 0.001
            engine.tick(t)
            _ = try a.presentationValue(forKeyPath: "position")
            _ = try b.presentationValue(forKeyPath: "bounds")
            if !finishedA { finishedA = doneA.wait(timeout: .now()) == .success }
            if !finishedB { finishedB = doneB.wait(timeout: .now()) == .success }
        }

        #expect(errors.value.isEmpty)
        let last = Double(iterations - 1)
        #expect(a.position == Point(x: last, y: -last))
        #expect(a.opacity == last / Double(iterations))
        #expect(b.zPosition == last)
        #expect(b.bounds == Rect(x: 0, y: 0, width: last, height: 1))
        #expect(parentA.sublayers.count == iterations / 10)
        #expect(parentB.sublayers.count == iterations / 10)

        engine.tick(t + 1000)  // the last commits of the other threads begin here (R2)
        engine.tick(t + 2000)
        #expect(try a.presentationValue(forKeyPath: "position") == .point(Point(x: last, y: -last)))
        #expect(try a.presentedNumber("opacity") == last / Double(iterations))
        #expect(try b.presentedNumber("zPosition") == last)
        #expect(try b.presentationValue(forKeyPath: "bounds") == .rect(Rect(x: 0, y: 0, width: last, height: 1)))
        for child in parentA.sublayers + parentB.sublayers { #expect(child.hasPresentation) }
    }

    @Test("One thread ticks at a time: ticking while another thread's tick runs callbacks is misuse (R12, R2)")
    func oneTickerAtATime() throws {
        let engine = Engine()
        let code = SharedBox<LaminaError.Code?>(nil)
        try engine.withTransaction(completion: {
            let done = runOnNewThread {
                let c = laminaErrorCode { try engine.tickChecked(5) }
                code.update { $0 = c }
            }
            _ = waitOrFail(done, "the other thread's tick")
        }) {}
        engine.tick(1)
        #expect(code.value == .misuse)
        #expect(engine.time == 1)

        // Once the tick is over, another thread may tick.
        let done = runOnNewThread {
            let c = laminaErrorCode { try engine.tickChecked(2) }
            code.update { $0 = c }
        }
        guard waitOrFail(done, "the second thread's tick") else { return }
        #expect(code.value == nil)
        #expect(engine.time == 2)
    }

    @Test("Completions run on the ticking thread (R2)")
    func completionsOnTickingThread() throws {
        let engine = Engine()
        let ticker = SharedBox<UInt?>(nil)
        let ranOn = SharedBox<UInt?>(nil)
        // The transaction is committed on this thread…
        try engine.withTransaction(completion: { ranOn.update { $0 = currentThreadID() } }) {}
        // …and ticked on another.
        let done = runOnNewThread {
            ticker.update { $0 = currentThreadID() }
            engine.tick(1)
        }
        guard waitOrFail(done, "the ticking thread") else { return }
        let t = try #require(ticker.value)
        #expect(ranOn.value == t)
        #expect(t != currentThreadID())
    }
}
