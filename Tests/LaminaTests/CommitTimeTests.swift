// SPDX-License-Identifier: Apache-2.0
import Lamina
import Synchronization
import Testing

/// A host frame clock for tests: the time is set by hand.
final class TestClock: Sendable {
    private let t = Mutex<Double>(0)
    var now: Double {
        get { t.withLock { $0 } }
        set { t.withLock { $0 = newValue } }
    }
    var clock: Engine.Clock { { [self] in now } }
}

@Suite("Animations begin at their commit (R1, R2, CA-2.14, CA-5.3)")
struct CommitTimeTests {
    /// The scenario: the host draws, sleeps (nothing moves), then changes a layer on
    /// input at 5.0. The animation must run over 5.0–5.25, not be over already.
    private func sleepingHost(_ engine: Engine) throws -> Layer {
        let layer = engine.makeLayer()
        engine.tick(0)
        engine.tick(0.1)
        #expect(engine.nextFrameTime == .infinity)  // the host may sleep
        return layer
    }

    private func expectAnimatesFrom5(_ layer: Layer) throws {
        #expect(try layer.presentedNumber("opacity") == 1)  // the start value at 5.0
        #expect(approx(try layer.presentedNumber("opacity", at: 5.125),
                       expectedImplicit(from: 1, to: 0, begin: 5, duration: 0.25, at: 5.125), tolerance: 1e-9))
        #expect(try layer.timingInfo(forKey: "opacity")?.beginTime == 5)
    }

    @Test("R2: tick(t) moves time to t, then commits: an implicit change made while asleep begins at t")
    func implicitChangeBeginsAtTheTick() throws {
        let engine = Engine()
        let layer = try sleepingHost(engine)
        layer.opacity = 0  // input at wall time 5.0
        engine.tick(5.0)
        try expectAnimatesFrom5(layer)
        engine.tick(5.25)
        #expect(try layer.presentedNumber("opacity") == 0)
    }

    @Test("R2: a hand-driven explicit commit between ticks begins at the next tick's time")
    func explicitCommitBeginsAtTheNextTick() throws {
        let engine = Engine()
        let layer = try sleepingHost(engine)
        try engine.transaction.begin()
        layer.opacity = 0
        try engine.transaction.commit()
        // Published at once (CA-2.3), holding its start value until the next tick.
        #expect(try layer.presentedNumber("opacity") == 1)
        #expect(engine.nextFrameTime == 0.1)
        engine.tick(5.0)
        try expectAnimatesFrom5(layer)
    }

    @Test("R2: an explicit animation and a delayed view block count from the next tick, too (CA-5.3, CA-4.6)")
    func explicitAnimationBeginsAtTheNextTick() throws {
        let engine = Engine()
        let layer = try sleepingHost(engine)
        try layer.add(.basic(keyPath: "cornerRadius", from: .number(0), to: .number(10), duration: 1), forKey: "r")
        layer.isViewBacked = true
        try engine.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: {
            layer.position = Point(x: 100, y: 0)
        })
        engine.tick(5.0)
        #expect(layer.animation(forKey: "r")?.timing.beginTime == 5)
        #expect(layer.animation(forKey: "position")?.timing.beginTime == 5.5)
        #expect(approx(try layer.presentedNumber("cornerRadius", at: 5.5), 5, tolerance: 1e-12))
        #expect(approx(try layer.presentedNumber("position.x", at: 6.0), 50, tolerance: 1e-9))
    }

    @Test("R1: with a clock, every commit reads it: the change made at 5.0 animates over 5.0–5.25")
    func clockStampsEachCommit() throws {
        let clock = TestClock()
        let engine = Engine(clock: clock.clock)
        let layer = engine.makeLayer()
        engine.tick()
        clock.now = 0.1
        engine.tick()
        #expect(engine.time == 0.1)
        clock.now = 5.0
        try engine.withTransaction { layer.opacity = 0 }
        #expect(engine.time == 5.0)  // the commit moved engine time to the clock's reading
        try expectAnimatesFrom5(layer)
        // The implicit form: the change commits at the next tick, which reads the clock.
        layer.cornerRadius = 4
        clock.now = 5.1
        engine.tick()
        #expect(try layer.timingInfo(forKey: "cornerRadius")?.beginTime == 5.1)
        layer.cornerRadius = 8
        clock.now = 5.2
        engine.transaction.flush()  // a flush is a commit: it reads the clock too
        #expect(engine.time == 5.2)
    }

    @Test("R1: the monotonic clock drives tick() and commits; tick() without a clock is misuse")
    func monotonicClock() throws {
        #expect(laminaErrorCode { try Engine().tickNowChecked() } == .misuse)
        let engine = Engine(clock: Engine.monotonicClock)
        let layer = engine.makeLayer()
        let before = MonotonicClock.now()
        engine.tick()
        #expect(engine.time >= before)
        layer.opacity = 0.5
        engine.tick()
        let begin = try #require(try layer.timingInfo(forKey: "opacity")?.beginTime)
        #expect(begin >= before && begin <= MonotonicClock.now())
        engine.clock = nil  // back to hand-driven
        #expect(laminaErrorCode { try engine.tickNowChecked() } == .misuse)
    }

    @Test("A non-finite clock reading is refused by tick() and ignored by commits")
    func badClock() throws {
        let engine = Engine(clock: { .nan })
        #expect(laminaErrorCode { try engine.tickNowChecked() } == .invalidArgument)
        let layer = engine.makeLayer()
        engine.tick(1)
        layer.opacity = 0
        engine.transaction.flush()
        #expect(engine.time == 1)
    }
}

@Suite("Delayed view-animation blocks hold the old value (CA-4.3, CA-4.6)")
struct DelayedViewBlockTests {
    @Test("CA-4.6: position, bounds and transform stay at their old values during a block's delay")
    func additiveHoldDuringDelay() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        layer.isViewBacked = true
        engine.tick(0)
        try engine.animate(withDuration: 1, delay: 1, options: .curveLinear, animations: {
            layer.position = Point(x: 100, y: 0)
            layer.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
            layer.transform = Transform3D(scaleX: 2, y: 2, z: 1)
            layer.opacity = 0
        })
        engine.tick(0)
        engine.tick(0.5)  // in the delay
        let p = try #require(try layer.presentation())
        #expect(p.position == Point(x: 0, y: 0))
        #expect(p.bounds == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(approx(p.transform, .identity, tolerance: 1e-12))
        #expect(p.opacity == 1)
        engine.tick(1.5)  // half-way
        #expect(approx(try layer.presentedNumber("position.x"), 50, tolerance: 1e-9))
        engine.tick(2)
        #expect(try layer.presentation()?.position == Point(x: 100, y: 0))
    }
}

@Suite("A paused subtree lets the host sleep (CA-5.12, QA1673)")
struct PausedSubtreeTests {
    @Test("nextFrameTime is +inf while every running animation is frozen by an ancestor's speed 0")
    func pausedParentSleeps() throws {
        let engine = Engine()
        let parent = engine.makeLayer()
        let child = engine.makeLayer()
        parent.addSublayer(child)
        engine.tick(0)
        try engine.withTransaction(duration: 1) { child.opacity = 0 }
        engine.tick(0)
        engine.tick(0.4)
        #expect(engine.nextFrameTime == 0.4)
        try engine.withTransaction(disableActions: true) {  // QA1673's pause
            parent.timeOffset = try parent.convertTime(0.4, from: nil)
            parent.speed = 0
        }
        engine.tick(0.5)
        #expect(engine.nextFrameTime == .infinity)
        let frozen = try child.presentedNumber("opacity")
        engine.tick(3)
        #expect(try child.presentedNumber("opacity") == frozen)
        // Resuming wakes it.
        try engine.withTransaction(disableActions: true) { parent.speed = 1 }
        #expect(engine.nextFrameTime == 3)
    }
}

@Suite("Layers adopt all of CAMediaTiming (CA-5.11, CA-13.6)")
struct LayerMediaTimingTests {
    /// Returns the parent too: with ARC, a root layer nothing refers to is destroyed with its
    /// subtree's timing (the tests keep it with `withExtendedLifetime`).
    private func fadeUnder(_ configure: (Layer) -> Void) throws -> (Engine, Layer, parent: Layer) {
        let engine = Engine()
        let parent = engine.makeLayer()
        let child = engine.makeLayer()
        parent.addSublayer(child)
        configure(parent)
        engine.tick(0)
        var fade = Animation.basic(keyPath: "cornerRadius", from: .number(0), to: .number(10), duration: 1)
        fade.timing.repeatCount = .infinity
        try child.add(fade, forKey: "r")
        engine.tick(0)
        return (engine, child, parent)
    }

    @Test("CA-13.6: a layer's duration and repeatCount wrap its sublayers' time")
    func durationRepeats() throws {
        let (_, child, parent) = try fadeUnder { $0.duration = 0.5; $0.repeatCount = 2 }
        // Layer time wraps every 0.5 s: the child's animation restarts with it.
        #expect(approx(try child.presentedNumber("cornerRadius", at: 0.25), 2.5, tolerance: 1e-9))
        #expect(approx(try child.presentedNumber("cornerRadius", at: 0.75), 2.5, tolerance: 1e-9))
        // After two cycles, no fill: the layer's time has ended, the animation shows nothing.
        #expect(try child.presentedNumber("cornerRadius", at: 1.25) == 0)
        withExtendedLifetime(parent) {}
    }

    @Test("CA-5.6: autoreverses runs the layer's time backwards in the second half")
    func autoreverses() throws {
        let (_, child, parent) = try fadeUnder { $0.duration = 1; $0.autoreverses = true }
        #expect(approx(try child.presentedNumber("cornerRadius", at: 0.25), 2.5, tolerance: 1e-9))
        #expect(approx(try child.presentedNumber("cornerRadius", at: 1.25), 7.5, tolerance: 1e-9))
        withExtendedLifetime(parent) {}
    }

    @Test("CA-5.5, CA-5.9: repeatDuration bounds the layer's time; fillMode forwards holds its end")
    func repeatDurationAndFill() throws {
        let (_, child, parent) = try fadeUnder { $0.duration = 0.5; $0.repeatDuration = 0.8; $0.fillMode = .forwards }
        #expect(approx(try child.presentedNumber("cornerRadius", at: 0.7), 2, tolerance: 1e-9))
        // Held at the end of the active period (0.8 → 0.3 into the second cycle).
        #expect(approx(try child.presentedNumber("cornerRadius", at: 5), 3, tolerance: 1e-9))
        withExtendedLifetime(parent) {}
    }

    @Test("Layer timing keys read back and reject bad values")
    func keys() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.fillMode = .both
        #expect(try layer.value(forKeyPath: "fillMode") == .string("both"))
        #expect(layer.fillMode == .both)
        #expect(laminaErrorCode { try layer.setValue(.string("sideways"), forKeyPath: "fillMode") } == .invalidArgument)
        #expect(laminaErrorCode { try layer.setValue(.number(-1), forKeyPath: "repeatCount") } == .invalidArgument)
        #expect(laminaErrorCode { try layer.setValue(.number(1), forKeyPath: "autoreverses") } == .typeMismatch)
    }
}
