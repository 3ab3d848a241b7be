// SPDX-License-Identifier: Apache-2.0
// Implicit animations (R4, R6, R7, R9, CA-3.x): when they are made, what they animate from and
// to, over what duration and curve, how they are replaced, and the regression list of CA-17.
//
// Convention: a layer committed by tick(0) is at rest; a change made at engine time T and
// committed (by tick, flush or an outermost commit) gets begin time T, the engine time of the
// commit (CA-2.14, R2, R3).

import Testing

@testable import Lamina

@Suite("Implicit animations: preconditions (R4, CA-14.10, CA-2.7, CA-3.5)")
struct ImplicitAnimationPreconditionTests {
    @Test("A never-committed layer gets no animation: its values apply directly (R4, CA-14.10)")
    func neverCommittedLayerDoesNotAnimate() throws {
        let engine = Engine()
        engine.tick(1)
        let layer = engine.makeLayer()
        layer.opacity = 0.5
        layer.position = Point(x: 40, y: 50)
        layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
        #expect(try layer.presentationValue(forKeyPath: "opacity") == nil)
        engine.tick(1.01)
        #expect(try layer.presentedNumber("opacity") == 0.5)
        #expect(try layer.presentedNumber("opacity", at: 1.02) == 0.5)
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(Point(x: 40, y: 50)))
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor") == .color(Color(red: 1, green: 0, blue: 0)))
    }

    @Test("A layer changed in the explicit transaction that creates it does not animate (R4, CA-14.10)")
    func createdInExplicitTransaction() throws {
        let engine = Engine()
        let log = CallLog()
        var layer: Layer? = nil
        try engine.withTransaction(duration: 5, completion: { log.record("done") }) {
            let l = engine.makeLayer()
            l.opacity = 0.2
            l.opacity = 0.4
            layer = l
        }
        let l = try #require(layer)
        #expect(try l.presentedNumber("opacity") == 0.4)
        engine.tick(0.01)
        #expect(log.entries == ["done"])  // no animation to wait for
    }

    @Test("Setting an equal value adds no animation and leaves the presentation unchanged (R4)")
    func equalValueNoAnimation() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.opacity = 0.5
        engine.tick(0)
        engine.tick(1)  // at rest at 0.5
        layer.opacity = 0.5
        try layer.setValue(.number(0.5), forKeyPath: "opacity")
        layer.position = .zero
        try layer.setValue(.number(0), forKeyPath: "position.x")
        engine.tick(1)
        for t in [1.0, 1.05, 1.125, 1.2] {
            #expect(try layer.presentedNumber("opacity", at: t) == 0.5)
            #expect(try layer.presentationValue(forKeyPath: "position", at: t) == .point(.zero))
        }
    }

    @Test("disableActions suppresses the implicit animation (CA-2.7, CA-17: it must be consulted)")
    func disableActionsSuppresses() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(disableActions: true) {
            layer.opacity = 0
            layer.position = Point(x: 9, y: 9)
        }
        #expect(try layer.presentedNumber("opacity") == 0)
        #expect(try layer.presentedNumber("opacity", at: 0.1) == 0)
        #expect(try layer.presentationValue(forKeyPath: "position", at: 0.1) == .point(Point(x: 9, y: 9)))
    }

    @Test("disableActions set on the implicit transaction suppresses animations until the tick (CA-2.7)")
    func disableActionsOnImplicit() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        engine.transaction.disableActions = true
        layer.opacity = 0
        engine.tick(0)
        #expect(try layer.presentedNumber("opacity", at: 0.1) == 0)
        layer.opacity = 1  // a new implicit transaction: actions are enabled again
        engine.tick(0)
        #expect(approx(try layer.presentedNumber("opacity", at: 0.1),
                       expectedImplicit(from: 0, to: 1, begin: 0, duration: 0.25, at: 0.1), tolerance: 1e-9))
    }

    @Test("An explicit 'no action' for a key suppresses its animation; removeAction restores it (R5, CA-3.5)")
    func noActionEntry() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try layer.setNoAction(forKey: "opacity")
        layer.opacity = 0
        layer.position = Point(x: 100, y: 0)  // other keys still animate
        engine.tick(0)
        #expect(try layer.presentedNumber("opacity", at: 0.1) == 0)
        #expect(approx(try layer.presentedNumber("position.x", at: 0.1),
                       expectedImplicit(from: 0, to: 100, begin: 0, duration: 0.25, at: 0.1), tolerance: 1e-9))

        engine.tick(1)
        try layer.removeAction(forKey: "opacity")
        layer.opacity = 1
        engine.tick(1)
        #expect(approx(try layer.presentedNumber("opacity", at: 1.1),
                       expectedImplicit(from: 0, to: 1, begin: 1, duration: 0.25, at: 1.1), tolerance: 1e-9))
    }

    @Test("A 'no action' entry applies to key-path changes of its property (R5, CA-3.1)")
    func noActionForKeyPath() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try layer.setNoAction(forKey: "position")
        try layer.setValue(.number(30), forKeyPath: "position.x")
        engine.tick(0)
        #expect(try layer.presentedNumber("position.x", at: 0.1) == 30)
    }

    @Test("Action entry errors: empty key is invalid, removing a missing entry is notFound (R12)")
    func actionEntryErrors() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(laminaErrorCode { try layer.setNoAction(forKey: "") } == .invalidArgument)
        #expect(laminaErrorCode { try layer.removeAction(forKey: "opacity") } == .notFound)
        try layer.setNoAction(forKey: "opacity")
        try layer.removeAction(forKey: "opacity")
        #expect(laminaErrorCode { try layer.removeAction(forKey: "opacity") } == .notFound)
    }

    @Test("Name changes never animate (CA-3.12: not animatable)")
    func nameDoesNotAnimate() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        try engine.withTransaction(duration: 1, completion: { log.record("done") }) {
            layer.name = "hello"
        }
        #expect(try layer.presentationValue(forKeyPath: "name", at: 0) == .string("hello"))
        #expect(try layer.presentationValue(forKeyPath: "name", at: 0.1) == .string("hello"))
        engine.tick(0.01)
        #expect(log.entries == ["done"])
    }
}

@Suite("Implicit animations: the built-in basic animation (R6, R7, CA-3.7, CA-3.8)")
struct ImplicitAnimationCurveTests {
    @Test("After the first commit, opacity animates old → new over 0.25 s on the default curve (R6, CA-3.7)",
          arguments: [0.0, 0.01, 0.0625, 0.1, 0.125, 0.1875, 0.2, 0.24, 0.2499])
    func defaultCurve(_ time: Double) throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.opacity = 0.2
        #expect(layer.opacity == 0.2)  // the model holds the new value at once (CA-2.6)
        engine.tick(0)
        let expected = 1 + (0.2 - 1) * TimingFunction.default.progress(at: time / 0.25)
        // Queried at an arbitrary time without ticking…
        #expect(approx(try layer.presentedNumber("opacity", at: time), expected, tolerance: 1e-9))
        // …and after ticking to that time.
        engine.tick(time)
        #expect(approx(try layer.presentedNumber("opacity"), expected, tolerance: 1e-9))
        #expect(layer.opacity == 0.2)  // animations never change the model (CA-1.7)
    }

    @Test("The animation ends after 0.25 s and is removed: the presentation equals the model (R6, CA-1.10)")
    func removedAfterEnd() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.opacity = 0.2
        engine.tick(0)
        engine.tick(0.25)
        #expect(try layer.presentedNumber("opacity") == 0.2)
        #expect(try layer.presentedNumber("opacity", at: 0.1) == 0.2)  // removed: no animation left at any time
        #expect(try layer.presentedNumber("opacity", at: 10) == 0.2)
    }

    @Test("The transaction's duration and timing function are used (R6, R7, CA-2.7)")
    func transactionDurationAndCurve() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(duration: 2, timingFunction: .easeIn) {
            try layer.setValue(.number(50), forKeyPath: "cornerRadius")
        }
        for t in [0.0, 0.3, 1.0, 1.7, 1.99] {
            let expected = 50 * TimingFunction.easeIn.progress(at: t / 2)
            #expect(approx(try layer.presentedNumber("cornerRadius", at: t), expected, tolerance: 1e-9))
        }
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(1.5)
        #expect(approx(try layer.presentedNumber("cornerRadius"), 50 * TimingFunction.easeIn.progress(at: 0.75),
                       tolerance: 1e-9))
        engine.tick(2)
        #expect(try layer.presentedNumber("cornerRadius") == 50)
    }

    @Test("A nested transaction's own duration applies to its changes, the outer one's to the rest (CA-2.8)")
    func nestedDurations() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(duration: 1) {
            layer.opacity = 0
            try engine.withTransaction(duration: 0.5) {
                layer.zPosition = 10
            }
            layer.cornerRadius = 8
        }
        #expect(approx(try layer.presentedNumber("opacity", at: 0.4),
                       expectedImplicit(from: 1, to: 0, begin: 0, duration: 1, at: 0.4), tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("zPosition", at: 0.4),
                       expectedImplicit(from: 0, to: 10, begin: 0, duration: 0.5, at: 0.4), tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("cornerRadius", at: 0.4),
                       expectedImplicit(from: 0, to: 8, begin: 0, duration: 1, at: 0.4), tolerance: 1e-9))
    }

    @Test("Presentation before the begin time shows the committed (model) value: fill mode removed (CA-1.10, CA-5.9)")
    func beforeBeginTime() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        engine.tick(1)
        layer.opacity = 0
        engine.tick(1)  // commits at engine time 1: begin time 1
        #expect(try layer.presentedNumber("opacity", at: 0.5) == 0)
        #expect(try layer.presentedNumber("opacity", at: 0.999) == 0)
        #expect(try layer.presentedNumber("opacity", at: 1) == 1)  // progress 0: the from value
        #expect(approx(try layer.presentedNumber("opacity", at: 1.125),
                       expectedImplicit(from: 1, to: 0, begin: 1, duration: 0.25, at: 1.125), tolerance: 1e-9))
        #expect(try layer.presentedNumber("opacity", at: 1.25) == 0)
        #expect(try layer.presentedNumber("opacity", at: 3) == 0)
    }

    @Test("A change with actions disabled leaves a running animation alone; after its end the new model shows (CA-1.7, CA-1.9, CA-1.10)")
    func disabledChangeDuringAnimation() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.opacity = 0  // animates 1 → 0 from time 0
        engine.tick(0)
        engine.tick(0.1)
        try engine.withTransaction(disableActions: true) { layer.opacity = 0.5 }
        // The running (non-additive) animation still decides the presentation…
        #expect(approx(try layer.presentedNumber("opacity", at: 0.2),
                       1 - TimingFunction.default.progress(at: 0.8), tolerance: 1e-9))
        // …and once its active duration has passed, fill mode "removed" shows the model value,
        // not the animation's end value (queried without ticking, then after the tick removed it).
        #expect(try layer.presentedNumber("opacity", at: 0.25) == 0.5)
        #expect(try layer.presentedNumber("opacity", at: 0.3) == 0.5)
        engine.tick(0.3)
        #expect(try layer.presentedNumber("opacity") == 0.5)
        #expect(try layer.presentedNumber("opacity", at: 0.2) == 0.5)  // removed: gone at every time
    }

    @Test("A zero transaction duration does not divide by zero: the new value shows at once (CA-17)")
    func zeroDuration() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        try engine.withTransaction(duration: 0, completion: { log.record("done") }) {
            layer.opacity = 0.5
            layer.position = Point(x: 3, y: 4)
        }
        for t in [-1.0, 0, 1e-9, 0.1] {
            let v = try #require(try layer.presentedNumber("opacity", at: t))
            #expect(!v.isNaN)
            #expect(v == 0.5)
            #expect(try layer.presentationValue(forKeyPath: "position", at: t) == .point(Point(x: 3, y: 4)))
        }
        engine.tick(0)
        #expect(try layer.presentedNumber("opacity") == 0.5)
        engine.tick(0.01)
        #expect(log.entries == ["done"])
    }
}

@Suite("Implicit animations: interruption and keys (R6, R8, CA-3.8, CA-3.9, CA-17)")
struct ImplicitAnimationInterruptionTests {
    @Test("A change mid-flight starts from the current presentation value: no jump (R6, CA-17)",
          arguments: [0.03, 0.1, 0.125, 0.2])
    func smoothInterruption(_ when: Double) throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.opacity = 0
        engine.tick(0)
        engine.tick(when)
        let before = try #require(try layer.presentedNumber("opacity"))
        #expect(approx(before, expectedImplicit(from: 1, to: 0, begin: 0, duration: 0.25, at: when), tolerance: 1e-9))

        layer.opacity = 1  // back towards 1, from wherever it is now
        #expect(try layer.presentedNumber("opacity") == before)  // uncommitted: nothing moves
        engine.tick(when)  // commits: begin time `when`
        let after = try #require(try layer.presentedNumber("opacity"))
        #expect(approx(after, before, tolerance: 1e-12))
        let justAfter = try #require(try layer.presentedNumber("opacity", at: when + 1e-6))
        #expect(approx(justAfter, before, tolerance: 1e-4))

        // The new animation replaced the old one (same key): it runs its own 0.25 s from `before`.
        for dt in [0.05, 0.125, 0.2] {
            #expect(approx(try layer.presentedNumber("opacity", at: when + dt),
                           expectedImplicit(from: before, to: 1, begin: when, duration: 0.25, at: when + dt),
                           tolerance: 1e-9))
        }
        engine.tick(when + 0.25)
        #expect(try layer.presentedNumber("opacity") == 1)
    }

    @Test("The replaced animation no longer contributes, not even at its old end time (R8, CA-3.8)")
    func replacedAnimationGone() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        // Each explicit transaction commits between two hand-driven ticks: it begins at the next
        // tick (R2), from what is on screen then (R6).
        try engine.withTransaction(duration: 1) { layer.position = Point(x: 100, y: 0) }
        engine.tick(0)
        engine.tick(0.5)
        let mid = try #require(try layer.presentationValue(forKeyPath: "position")?.pointPayload)
        #expect(mid.x > 0)
        try engine.withTransaction(duration: 0.25) { layer.position = Point(x: 0, y: 0) }
        engine.tick(0.5)
        // Only the new 0.25 s animation: done at 0.75, long before the old one's end at 1.
        #expect(approx(try layer.presentedNumber("position.x", at: 0.6),
                       expectedImplicit(from: mid.x, to: 0, begin: 0.5, duration: 0.25, at: 0.6), tolerance: 1e-9))
        engine.tick(0.75)
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(.zero))
        engine.tick(0.9)
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(.zero))
    }

    @Test("Two changes in one transaction animate once, from the committed presentation, not the uncommitted model value (R6, R8, Q2)")
    func twiceInOneTransaction() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.opacity = 0.5
        layer.opacity = 0
        engine.tick(0)
        #expect(approx(try layer.presentedNumber("opacity", at: 0.1),
                       expectedImplicit(from: 1, to: 0, begin: 0, duration: 0.25, at: 0.1), tolerance: 1e-9))
    }

    @Test("Setting position.x animates the whole 'position' (CA-3.1, CA-7.6)")
    func keyPathAnimatesWholeProperty() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.position = Point(x: 10, y: 20)
        engine.tick(0)
        try layer.setValue(.number(110), forKeyPath: "position.x")
        #expect(layer.position == Point(x: 110, y: 20))
        engine.tick(0)
        let p = try #require(try layer.presentationValue(forKeyPath: "position", at: 0.1)?.pointPayload)
        #expect(approx(p.x, expectedImplicit(from: 10, to: 110, begin: 0, duration: 0.25, at: 0.1), tolerance: 1e-9))
        #expect(p.y == 20)

        // A later change of position.y replaces the "position" animation and carries x on
        // smoothly from where it is.
        engine.tick(0.1)
        try layer.setValue(.number(70), forKeyPath: "position.y")
        engine.tick(0.1)
        let q = try #require(try layer.presentationValue(forKeyPath: "position", at: 0.2)?.pointPayload)
        #expect(approx(q.x, expectedImplicit(from: p.x, to: 110, begin: 0.1, duration: 0.25, at: 0.2), tolerance: 1e-9))
        #expect(approx(q.y, expectedImplicit(from: 20, to: 70, begin: 0.1, duration: 0.25, at: 0.2), tolerance: 1e-9))
    }

    @Test("Animations of different properties run independently (CA-3.8: keyed by property)")
    func independentKeys() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(duration: 1) { layer.opacity = 0 }
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        layer.cornerRadius = 10  // 0.25 s, begins at 0.5
        engine.tick(0.5)
        #expect(approx(try layer.presentedNumber("opacity", at: 0.6),
                       expectedImplicit(from: 1, to: 0, begin: 0, duration: 1, at: 0.6), tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("cornerRadius", at: 0.6),
                       expectedImplicit(from: 0, to: 10, begin: 0.5, duration: 0.25, at: 0.6), tolerance: 1e-9))
    }
}

@Suite("Implicit animations: value types (R9, CA-3.15, CA-17)")
struct ImplicitAnimationValueTypeTests {
    @Test("Colours interpolate per component, non-premultiplied (R9, CA-3.15)")
    func colours() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        let from = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        let to = Color(red: 0, green: 0.5, blue: 1, alpha: 0.2)
        layer.backgroundColor = from
        engine.tick(0)
        layer.backgroundColor = to
        engine.tick(0)
        for t in [0.05, 0.125, 0.2] {
            let y = TimingFunction.default.progress(at: t / 0.25)
            let expected = Color(
                red: 1 - y, green: 0.5, blue: y, alpha: 1 + (0.2 - 1) * y)
            let c = try #require(try layer.presentationValue(forKeyPath: "backgroundColor", at: t)?.colorPayload)
            #expect(approx(c, expected, tolerance: 1e-9))
        }
    }

    @Test("A nil backgroundColor switches discretely at progress 0.5 (R9, CA-3.15)")
    func nilColourIsDiscrete() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let red = Color(red: 1, green: 0, blue: 0)
        try engine.withTransaction(timingFunction: .linear) { layer.backgroundColor = red }
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor", at: 0.01) == .null)
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor", at: 0.124) == .null)
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor", at: 0.126) == .color(red))
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor", at: 0.24) == .color(red))

        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(1)
        try engine.withTransaction(timingFunction: .linear) { layer.backgroundColor = nil }
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor", at: 1.124) == .color(red))
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor", at: 1.126) == .null)
    }

    @Test("The nil-colour switch follows the timing curve's progress, not the clock (R9)")
    func nilColourSwitchUsesCurve() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let blue = Color(red: 0, green: 0, blue: 1)
        layer.backgroundColor = blue  // default curve: progress reaches 0.5 before half the time
        engine.tick(0)
        // Find the time fraction where the default curve crosses 0.5.
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if TimingFunction.default.progress(at: mid) < 0.5 { lo = mid } else { hi = mid }
        }
        #expect(lo < 0.45)  // well before half the duration
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor", at: (lo - 0.01) * 0.25) == .null)
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor", at: (hi + 0.01) * 0.25) == .color(blue))
    }

    @Test("Booleans (hidden) switch at progress 0.5 (R9, Q1)")
    func hiddenSwitchesAtHalf() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(timingFunction: .linear) { layer.isHidden = true }
        #expect(try layer.presentationValue(forKeyPath: "hidden", at: 0.1) == .bool(false))
        #expect(try layer.presentationValue(forKeyPath: "hidden", at: 0.124) == .bool(false))
        #expect(try layer.presentationValue(forKeyPath: "hidden", at: 0.126) == .bool(true))
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.25)
        #expect(try layer.presentationValue(forKeyPath: "hidden") == .bool(true))
    }

    @Test("Transforms interpolate by decomposition: rotation z 0 → π/2 is π/4 halfway (R9, CA-3.15)")
    func transformRotation() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        try engine.withTransaction(timingFunction: .linear) { layer.transform = quarter }
        let half = try #require(try layer.presentedNumber("transform.rotation.z", at: 0.125))
        #expect(approx(half, .pi / 4, tolerance: 1e-9))
        // A matrix lerp would shrink the layer halfway (scale cos 45° + …); decomposition keeps
        // the scale at 1.
        #expect(approx(try layer.presentedNumber("transform.scale.x", at: 0.125), 1, tolerance: 1e-9))
        let m = try #require(try layer.presentationValue(forKeyPath: "transform", at: 0.125)?.transformPayload)
        #expect(approx(m, Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1), tolerance: 1e-9))
        // With the default curve, the angle follows the curve's progress.
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(1)
        layer.transform = .identity
        engine.tick(1)
        let y = TimingFunction.default.progress(at: 0.3)
        #expect(approx(try layer.presentedNumber("transform.rotation.z", at: 1.075), .pi / 2 * (1 - y), tolerance: 1e-9))
    }

    @Test("Identity → a whole turn does not move (CA-14.4)")
    func wholeTurnDoesNotMove() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(timingFunction: .linear) {
            layer.transform = Transform3D(rotationAngle: 2 * .pi, x: 0, y: 0, z: 1)
        }
        for t in [0.05, 0.125, 0.2] {
            let m = try #require(try layer.presentationValue(forKeyPath: "transform", at: t)?.transformPayload)
            #expect(approx(m, .identity, tolerance: 1e-9))
        }
    }

    @Test("Translation and scale inside a transform interpolate linearly (R9)")
    func transformTranslationScale() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let target = Transform3D(scaleX: 3, y: 5, z: 1).concatenating(Transform3D(translationX: 40, y: -20, z: 8))
        try engine.withTransaction(timingFunction: .linear) { layer.transform = target }
        #expect(approx(try layer.presentedNumber("transform.translation.x", at: 0.0625), 10, tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("transform.translation.y", at: 0.0625), -5, tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("transform.translation.z", at: 0.0625), 2, tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("transform.scale.x", at: 0.0625), 1.5, tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("transform.scale.y", at: 0.0625), 2, tolerance: 1e-9))
    }

    @Test("Sizes interpolate each axis from its own endpoints (CA-17: gnustep used the width twice)")
    func sizeUsesEachAxis() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 200)
        engine.tick(0)
        layer.bounds = Rect(x: 4, y: 8, width: 30, height: 100)
        layer.shadowOffset = Size(width: 10, height: 40)
        engine.tick(0)
        let y = TimingFunction.default.progress(at: 0.5)
        let b = try #require(try layer.presentationValue(forKeyPath: "bounds", at: 0.125)?.rectPayload)
        #expect(approx(b, Rect(x: 4 * y, y: 8 * y, width: 10 + 20 * y, height: 200 - 100 * y), tolerance: 1e-9))
        let s = try #require(try layer.presentationValue(forKeyPath: "shadowOffset", at: 0.125)?.sizePayload)
        #expect(approx(s, Size(width: 10 * y, height: -3 + 43 * y), tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("bounds.size.height", at: 0.125), 200 - 100 * y, tolerance: 1e-9))
    }

    @Test("Custom registered properties animate implicitly (CA-3.1, CA-3.16)")
    func customPropertyAnimates() throws {
        let engine = Engine()
        try engine.registerProperty("glow", defaultValue: .number(0))
        try engine.registerProperty("focus", defaultValue: .point(Point(x: 1, y: 1)))
        let layer = try makeCommittedLayer(engine)
        try layer.setValue(.number(8), forKeyPath: "glow")
        try layer.setValue(.number(5), forKeyPath: "focus.y")
        engine.tick(0)
        #expect(approx(try layer.presentedNumber("glow", at: 0.1),
                       expectedImplicit(from: 0, to: 8, begin: 0, duration: 0.25, at: 0.1), tolerance: 1e-9))
        let f = try #require(try layer.presentationValue(forKeyPath: "focus", at: 0.1)?.pointPayload)
        #expect(f.x == 1)
        #expect(approx(f.y, expectedImplicit(from: 1, to: 5, begin: 0, duration: 0.25, at: 0.1), tolerance: 1e-9))
        engine.tick(0.25)
        #expect(try layer.presentedNumber("glow") == 8)
    }

    @Test("Every animatable built-in gets an implicit animation (CA-3.12)", arguments: [
        ("bounds", Value.rect(Rect(x: 0, y: 0, width: 8, height: 8))),
        ("position", .point(Point(x: 8, y: 8))),
        ("zPosition", .number(8)),
        ("anchorPoint", .point(Point(x: 0, y: 0))),
        ("anchorPointZ", .number(8)),
        ("transform", .transform(Transform3D(translationX: 8, y: 0, z: 0))),
        ("sublayerTransform", .transform(Transform3D(translationX: 8, y: 0, z: 0))),
        ("contentsRect", .rect(Rect(x: 0, y: 0, width: 0.5, height: 0.5))),
        ("contentsCenter", .rect(Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))),
        ("contentsScale", .number(2)),
        ("cornerRadius", .number(8)),
        ("borderWidth", .number(8)),
        ("borderColor", .color(Color(red: 1, green: 1, blue: 1))),
        ("opacity", .number(0)),
        ("shadowColor", .color(Color(red: 1, green: 1, blue: 1))),
        ("shadowOpacity", .number(1)),
        ("shadowOffset", .size(Size(width: 8, height: 8))),
        ("shadowRadius", .number(8)),
        ("rasterizationScale", .number(2)),
    ])
    func builtinAnimates(_ key: String, _ target: Value) throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let initial = try layer.value(forKeyPath: key)
        try layer.setValue(target, forKeyPath: key)
        engine.tick(0)
        let mid = try #require(try layer.presentationValue(forKeyPath: key, at: 0.1))
        let expected = try #require(initial.interpolated(to: target, progress: TimingFunction.default.progress(at: 0.4)))
        #expect(approx(mid, expected, tolerance: 1e-9))
        #expect(mid != target)
        engine.tick(0.25)
        #expect(try layer.presentationValue(forKeyPath: key) == target)
    }
}
