// SPDX-License-Identifier: Apache-2.0
// Interaction (R17 in docs/semantics.md): presentation velocity checked against a central finite
// difference of the presentation itself, springs that retarget with continuous position and
// velocity, and scroll physics against their closed forms.

import Testing

@testable import Lamina

/// The central difference (p(t + h) − p(t − h)) / 2h of a presentation value, as components.
/// With h = 1e-6 s its truncation error is ~h²·|p‴| and its rounding ~1e-16·|p|/h: both far
/// below the tolerance used with it.
private func finiteDifference(_ layer: Layer, _ key: String, at t: Double, h: Double = 1e-6) throws -> SIMD4<Double> {
    let a = try #require(try layer.presentationValue(forKeyPath: key, at: t + h)?.vector)
    let b = try #require(try layer.presentationValue(forKeyPath: key, at: t - h)?.vector)
    return (a - b) / (2 * h)
}

/// The analytic velocity as components.
private func velocity(_ layer: Layer, _ key: String, at t: Double) throws -> SIMD4<Double> {
    try #require(try layer.presentationVelocity(forKeyPath: key, at: t)?.vector)
}

/// The stated tolerance of R17.1's tests: 1e-5 relative, 1e-5 absolute near zero.
private func close(_ a: SIMD4<Double>, _ b: SIMD4<Double>, tolerance: Double = 1e-5) -> Bool {
    for c in 0..<4 where abs(a[c] - b[c]) > tolerance * max(1, abs(b[c])) { return false }
    return true
}

/// Expects the analytic velocity to match the finite difference at each time.
private func expectMatchesDifference(_ layer: Layer, _ key: String, at times: [Double]) throws {
    for t in times {
        let v = try velocity(layer, key, at: t)
        let d = try finiteDifference(layer, key, at: t)
        #expect(close(v, d), "\(key) at \(t): analytic \(v), difference \(d)")
    }
}

/// The LaminaError `body` throws, or nil.
private func thrownError(_ body: () throws(LaminaError) -> Void) -> LaminaError? {
    do throws(LaminaError) {
        try body()
        return nil
    } catch {
        return error
    }
}

private let interior = [0.013, 0.1, 0.257, 0.4, 0.61, 0.77, 0.93]

@Suite("Presentation velocity (R17.1–R17.4)")
struct PresentationVelocityTests {
    @Test("An implicit change's velocity: (to − from)·curve′(x)/duration, numbers, points and colours (R17.1, R17.2)")
    func implicitVelocity() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        engine.tick(0)
        try engine.withTransaction(duration: 1) {
            layer.position = Point(x: 100, y: -40)
            layer.opacity = 0.2
            layer.backgroundColor = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        }
        engine.tick(0)
        try expectMatchesDifference(layer, "position", at: interior)
        try expectMatchesDifference(layer, "opacity", at: interior)
        try expectMatchesDifference(layer, "backgroundColor", at: interior)
        try expectMatchesDifference(layer, "position.y", at: interior)
        // Not zero: the default curve moves (a test that cannot pass with a zero velocity).
        #expect(try velocity(layer, "position", at: 0.4)[0] > 10)
    }

    @Test("Bézier slopes: every named curve, including the ends where Bx′ vanishes (R17.2)")
    func bezierSlope() {
        for tf in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default, .linear,
                   TimingFunction(controlPoints: 0.3, 1.4, 0.6, -0.5)] {
            for x in stride(from: 0.01, through: 0.99, by: 0.07) {
                let h = 1e-6
                let d = (tf.progress(at: x + h) - tf.progress(at: x - h)) / (2 * h)
                #expect(abs(tf.slope(at: x) - d) <= 1e-5 * max(1, abs(d)), "\(tf) at \(x)")
            }
            // The one-sided slope at the start: the limit of the difference quotient.
            let h = 1e-7
            let d0 = tf.progress(at: h) / h
            #expect(abs(tf.slope(at: 0) - d0) <= 1e-3 * max(1, abs(d0)), "\(tf) at 0")
        }
    }

    @Test("Media timing: speed, autoreverse, repeats, time offset and negative speed (R17.3)")
    func mediaTiming() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        var a = Animation.basic(keyPath: "opacity", from: .number(0.1), to: .number(0.9), duration: 0.3)
        a.timingFunction = .easeIn
        a.timing.speed = 2
        a.timing.autoreverses = true
        a.timing.repeatCount = 2.5
        a.timing.timeOffset = 0.05
        try layer.add(a, forKey: "blink")
        var b = Animation.basic(keyPath: "position", from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 50, y: 10)), duration: 0.4)
        b.timing.speed = -1.5
        b.timingFunction = .easeInEaseOut
        try layer.add(b, forKey: "back")
        engine.tick(0)
        try expectMatchesDifference(layer, "opacity", at: interior)
        try expectMatchesDifference(layer, "position", at: [0.01, 0.1, 0.2])
        // The backward half of an autoreversing cycle runs the value down.
        #expect(try velocity(layer, "opacity", at: 0.2)[0] < 0)
    }

    @Test("Springs: the closed form's derivative, through a component key (R17.2)")
    func spring() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let a = Animation.spring(keyPath: "position.x", from: .number(0), to: .number(200),
                                 parameters: SpringParameters(damping: 5, initialVelocity: 3))
        try layer.add(a, forKey: "s")
        engine.tick(0)
        try expectMatchesDifference(layer, "position", at: interior + [1.3, 2.2])
        try expectMatchesDifference(layer, "position.x", at: interior)
        // At the start: the initial velocity times the distance (CA-9.2).
        #expect(abs(try velocity(layer, "position.x", at: 0)[0] - 600) < 1e-9)
    }

    @Test("Keyframes: linear with per-segment curves, discrete, paced, cubic and cubicPaced (R17.2)")
    func keyframes() throws {
        let values: [Value] = [.point(Point(x: 0, y: 0)), .point(Point(x: 100, y: 20)),
                               .point(Point(x: 120, y: 150)), .point(Point(x: -30, y: 60))]
        for mode in [CalculationMode.linear, .paced, .cubic, .cubicPaced, .discrete] {
            let engine = Engine()
            let layer = try makeCommittedLayer(engine)
            var a = Animation.keyframe(keyPath: "position", values: values, keyTimes: [0, 0.2, 0.7, 1],
                                       calculationMode: mode, duration: 1)
            if mode == .linear || mode == .cubic, case .keyframe(var spec, _, _) = a.kind {
                spec.timingFunctions = [.easeIn, .easeOut, .easeInEaseOut]
                a.kind = .keyframe(spec)
            }
            a.timingFunction = .easeInEaseOut
            try layer.add(a, forKey: "k")
            engine.tick(0)
            // Away from the knots, where the value is differentiable.
            try expectMatchesDifference(layer, "position", at: [0.05, 0.33, 0.5, 0.66, 0.88])
            if mode == .discrete { #expect(try velocity(layer, "position", at: 0.33) == .zero) }
        }
    }

    @Test("Additive stacks add velocities; a non-additive animation overwrites the one beneath (R17.2)")
    func additiveStack() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let base = Animation.basic(keyPath: "position", from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 300, y: 0)), duration: 1)
        var wobble = Animation.basic(keyPath: "position.y", from: .number(0), to: .number(40), duration: 0.5)
        wobble.isAdditive = true
        wobble.timingFunction = .easeOut
        var shake = Animation.spring(keyPath: "position", from: .point(Point(x: -20, y: 5)), to: .point(.zero),
                                     parameters: SpringParameters(damping: 4))
        shake.isAdditive = true
        try layer.add(base, forKey: "base")
        try layer.add(wobble, forKey: "wobble")
        try layer.add(shake, forKey: "shake")
        engine.tick(0)
        try expectMatchesDifference(layer, "position", at: interior)
        // Written out: the base's 300/s, plus the additive spring's (to − from)·progress′, plus
        // in y the additive wobble's 40·easeOut′(x)/0.5.
        let v = try velocity(layer, "position", at: 0.25)
        let springRate = SpringParameters(damping: 4).velocity(at: 0.25)
        #expect(abs(v[0] - (300 + 20 * springRate)) < 1e-9)
        #expect(abs(v[1] - (40 * TimingFunction.easeOut.slope(at: 0.5) / 0.5 - 5 * springRate)) < 1e-9)
        #expect(abs(springRate) > 0.1)  // the spring's share is there
    }

    @Test("Held by a fill, paused, or still: zero; a layer's speed scales the velocity (R17.3)")
    func heldPausedAndLayerSpeed() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        var a = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 0.5)
        a.timing.fillMode = .both
        a.isRemovedOnCompletion = false
        a.timing.beginTime = 0.2
        try layer.add(a, forKey: "fade")
        engine.tick(0)
        #expect(try velocity(layer, "opacity", at: 0.1) == .zero)   // held backwards
        #expect(try velocity(layer, "opacity", at: 0.9) == .zero)   // held forwards
        #expect(try velocity(layer, "opacity", at: 0.45)[0] == 2)   // linear: 1 per 0.5 s
        #expect(try velocity(layer, "position", at: 0.45) == .zero) // nothing animates it


        // A layer at speed 3: its local time runs 3× as fast, and so does the value.
        let fast = engine.makeLayer()
        fast.speed = 3
        engine.tick(1)
        try fast.add(.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 0.5), forKey: "fade")
        engine.tick(1)
        try expectMatchesDifference(fast, "opacity", at: [1.01, 1.05, 1.12])
        #expect(abs(try velocity(fast, "opacity", at: 1.1)[0] - 6) < 1e-9)
        // Paused (speed 0): local time stands still, and so does the value.
        // QA1673's pause: speed 0 and the time offset at the current local time (3.3), so
        // the value stays mid-animation (not held by a fill) and only the rate is 0.
        fast.speed = 0
        fast.timeOffset = 3.3
        engine.tick(1.1)
        let held = try #require(try fast.presentedNumber("opacity", at: 1.12))
        #expect(held > 0.1 && held < 0.9)
        #expect(try velocity(fast, "opacity", at: 1.12) == .zero)
    }

    @Test("A layer's own timing: an autoreversing layer cycle runs the velocity backwards (R17.3)")
    func layerCycle() throws {
        let engine = Engine()
        let parent = engine.makeLayer()
        let child = engine.makeLayer()
        parent.addSublayer(child)
        engine.tick(0)
        try engine.withTransaction(disableActions: true) {
            try parent.setValue(.number(1), forKeyPath: "duration")
            try parent.setValue(.bool(true), forKeyPath: "autoreverses")
            try parent.setValue(.number(2), forKeyPath: "speed")
        }
        var a = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1)
        a.timingFunction = .easeInEaseOut
        a.timing.beginTime = 0.0001
        a.timing.fillMode = .both
        a.isRemovedOnCompletion = false
        try child.add(a, forKey: "fade")
        engine.tick(0)
        // Parent time runs 0 → 1 over [0, 0.5) and back over [0.5, 1): the child's value too.
        try expectMatchesDifference(child, "opacity", at: [0.1, 0.3, 0.6, 0.8])
        #expect(try velocity(child, "opacity", at: 0.3)[0] > 0)
        #expect(try velocity(child, "opacity", at: 0.7)[0] < 0)
    }

    @Test("Transforms by decomposed parts: a component key's animation (R17.4)")
    func transformComponent() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        var a = Animation.basic(keyPath: "transform.rotation.z", from: .number(0), to: .number(3), duration: 1)
        a.timingFunction = .easeInEaseOut
        try layer.add(a, forKey: "spin")
        engine.tick(0)
        var grow = Animation.basic(keyPath: "transform.scale.x", from: .number(1), to: .number(2), duration: 1)
        grow.timingFunction = .easeIn
        try layer.add(grow, forKey: "grow")
        engine.tick(0)
        try expectMatchesDifference(layer, "transform.rotation.z", at: [0.1, 0.3, 0.5, 0.7])
        try expectMatchesDifference(layer, "transform.scale.x", at: [0.1, 0.3, 0.5, 0.7])
        #expect(try velocity(layer, "transform.rotation.z", at: 0.5)[0] > 1)
        // A whole-matrix animation has no velocity by parts.
        try layer.add(.basic(keyPath: "transform", to: .transform(Transform3D(translationX: 5, y: 0, z: 0)), duration: 1), forKey: "t")
        engine.tick(0.1)
        #expect(laminaErrorCode { _ = try layer.presentationVelocity(forKeyPath: "transform.rotation.z") } == .misuse)
    }

    @Test("Bad keys and animations without a velocity are errors with a message (R17.4, R17.8)")
    func errors() throws {
        let engine = Engine()
        let fresh = engine.makeLayer()
        #expect(try fresh.presentationVelocity(forKeyPath: "position") == nil)  // never committed
        let layer = try makeCommittedLayer(engine)
        #expect(laminaErrorCode { _ = try layer.presentationVelocity(forKeyPath: "hidden") } == .typeMismatch)
        #expect(laminaErrorCode { _ = try layer.presentationVelocity(forKeyPath: "transform") } == .typeMismatch)
        #expect(laminaErrorCode { _ = try layer.presentationVelocity(forKeyPath: "nonsense") } == .unknownKey)
        #expect(laminaErrorCode { _ = try layer.presentationVelocity(forKeyPath: "opacity", at: .nan) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try layer.presentationVelocity(forKeyPath: "opacity", at: .infinity) } == .invalidArgument)
        var path = KeyframePath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        try layer.add(.keyframe(keyPath: "position", path: path, duration: 1), forKey: "path")
        engine.tick(0.1)
        let error = thrownError { () throws(LaminaError) in _ = try layer.presentationVelocity(forKeyPath: "position") }
        #expect(error?.code == .misuse)
        #expect(error?.message.contains("keyframe path") == true)
        // The engine answers as before afterwards.
        #expect(try velocity(layer, "opacity", at: 0.2) == .zero)
    }

    @Test("Presentation.velocity(for:) reads at the snapshot's time (R17.1)")
    func presentationSnapshot() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(duration: 1) { layer.position = Point(x: 100, y: 0) }
        engine.tick(0)
        engine.tick(0.4)
        let p = try #require(try layer.presentation())
        let v = try #require(try p.velocity(for: "position")?.vector)
        #expect(v == (try velocity(layer, "position", at: 0.4)))
        #expect(v[0] > 0)
    }
}

@Suite("Springs that retarget (R17.5, R17.6)")
struct SpringRetargetTests {
    /// Runs a spring to `first`, and at `t1` (one frame after `t0`) retargets it to `second`,
    /// committing the way `commit` says; returns the presentation velocity and position just
    /// before (the old animation at t1) and after (the new one at t1).
    private func handoff(
        commit: (Engine, Layer, () throws -> Void) throws -> Void
    ) throws -> (before: SIMD4<Double>, after: SIMD4<Double>, pBefore: SIMD4<Double>, pAfter: SIMD4<Double>, layer: Layer) {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.animate(spring: .perceptual(duration: 0.5, bounce: 0.2)) {
            layer.position = Point(x: 300, y: 0)
        }
        engine.tick(0)
        engine.tick(0.2)
        let t1 = 0.2 + 1.0 / 60
        let before = try velocity(layer, "position", at: t1)
        let pBefore = try #require(try layer.presentationValue(forKeyPath: "position", at: t1)?.vector)
        try commit(engine, layer) { layer.position = Point(x: -100, y: 80) }
        engine.tick(t1)
        let after = try velocity(layer, "position", at: t1)
        let pAfter = try #require(try layer.presentationValue(forKeyPath: "position", at: t1)?.vector)
        return (before, after, pBefore, pAfter, layer)
    }

    private func expectContinuous(_ r: (before: SIMD4<Double>, after: SIMD4<Double>, pBefore: SIMD4<Double>, pAfter: SIMD4<Double>, layer: Layer)) {
        let dv = r.after - r.before
        let speed = (r.before * r.before).sum().squareRoot()
        #expect(speed > 100, "the first spring is moving fast at the hand-off: \(r.before)")
        #expect((dv * dv).sum().squareRoot() <= 1e-6 * speed, "velocity \(r.before) → \(r.after)")
        let dp = r.pAfter - r.pBefore
        #expect((dp * dp).sum().squareRoot() <= 1e-9, "position \(r.pBefore) → \(r.pAfter)")
    }

    @Test("A block's spring (a commit between ticks, begun at the next tick) keeps the velocity (R17.6)")
    func blockHandoff() throws {
        let r = try handoff { engine, _, change in
            try engine.animate(spring: .perceptual(duration: 0.3, bounce: 0)) { try change() }
        }
        expectContinuous(r)
        // And then it heads for the new target, which it reaches.
        #expect(r.after[0] > 0)  // still moving right at first, against the new target's pull
    }

    @Test("A transaction's spring committed by the tick keeps the velocity (R17.6)")
    func tickCommitHandoff() throws {
        let r = try handoff { engine, _, change in
            try engine.transaction.setSpring(SpringParameters(mass: 1, stiffness: 300, damping: 20))
            try change()
        }
        expectContinuous(r)
    }

    @Test("The retargeted spring's motion matches its velocity and settles on the target (R17.6)")
    func retargetedMotion() throws {
        let r = try handoff { engine, _, change in
            try engine.animate(spring: .perceptual(duration: 0.4, bounce: 0.1)) { try change() }
        }
        let t1 = 0.2 + 1.0 / 60
        try expectMatchesDifference(r.layer, "position", at: [t1 + 0.01, t1 + 0.1, t1 + 0.3])
        r.layer.engine.tick(t1 + 5)
        let end = try #require(try r.layer.presentationValue(forKeyPath: "position")?.vector)
        #expect(close(end, SIMD4(-100, 80, 0, 0)))
    }

    @Test("An explicit spring that inherits the velocity replaces a running animation smoothly (R17.6)")
    func explicitInherits() throws {
        for inherits in [true, false] {
            let engine = Engine()
            let layer = try makeCommittedLayer(engine)
            try layer.add(.basic(keyPath: "position.x", from: .number(0), to: .number(300), duration: 1), forKey: "move")
            engine.tick(0)
            engine.tick(0.5)
            let t1 = 0.5 + 1.0 / 60
            let before = try velocity(layer, "position", at: t1)
            let pBefore = try #require(try layer.presentedNumber("position.x", at: t1))
            var spring = Animation.spring(keyPath: "position.x", to: .number(-100),
                                          parameters: SpringParameters(stiffness: 200, damping: 20))
            spring.inheritsVelocity = inherits
            try engine.withTransaction { try layer.add(spring, forKey: "move") }
            engine.tick(t1)
            let after = try velocity(layer, "position", at: t1)
            let pAfter = try #require(try layer.presentedNumber("position.x", at: t1))
            if inherits {
                #expect(abs(after[0] - before[0]) <= 1e-6 * abs(before[0]), "\(before) → \(after)")
                #expect(abs(pAfter - pBefore) <= 1e-9)
                try expectMatchesDifference(layer, "position.x", at: [t1 + 0.05, t1 + 0.3])
            } else {
                // Core Animation's spring starts at rest from its from value (here the model's).
                #expect(after[0] == 0)
            }
            #expect(abs(before[0] - 300) < 1e-9)
        }
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        var additive = Animation.spring(keyPath: "opacity", to: .number(0))
        additive.inheritsVelocity = true
        additive.isAdditive = true
        #expect(laminaErrorCode { try layer.add(additive, forKey: "a") } == .invalidArgument)
    }

    @Test("Spring parameters are checked: duration, bounce, NaN, never settling (R17.8)")
    func validation() throws {
        #expect(laminaErrorCode { _ = try SpringParameters.perceptual(duration: -1, bounce: 0) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try SpringParameters.perceptual(duration: .nan, bounce: 0) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try SpringParameters.perceptual(duration: 0.5, bounce: 1) } == .invalidArgument)
        let engine = Engine()
        #expect(laminaErrorCode { try engine.transaction.setSpring(SpringParameters(mass: .nan)) } == .invalidArgument)
        #expect(laminaErrorCode { try engine.transaction.setSpring(SpringParameters(damping: 0)) } == .invalidArgument)
        #expect(laminaErrorCode { try engine.transaction.setSpring(SpringParameters(initialVelocity: .infinity)) } == .invalidArgument)
        #expect(engine.transaction.spring == nil)
        try engine.transaction.setSpring(SpringParameters())
        #expect(engine.transaction.spring == SpringParameters())
    }

    @Test("A spring from rest with no running animation starts at its own initial velocity (R17.6)")
    func fromRest() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.animate(spring: SpringParameters(stiffness: 200, damping: 30, initialVelocity: 2)) {
            layer.opacity = 0
        }
        engine.tick(0.5)
        // 2 distances per second toward the target: (0 − 1)·2.
        #expect(abs(try velocity(layer, "opacity", at: 0.5)[0] + 2) < 1e-9)
        try expectMatchesDifference(layer, "opacity", at: [0.51, 0.6, 0.8])
    }
}

@Suite("Scroll physics (R17.7)")
struct ScrollPhysicsTests {
    @Test("Decay: UIScrollView's closed form, its projection and duration")
    func decay() throws {
        let d = try Decay(velocity: 2000, decelerationRate: Decay.normal)
        // x(t) = x0 + v0·(r^(1000t) − 1)/(1000·ln r), written out independently.
        for t in [0.0, 0.1, 0.5, 2.0] {
            let expected = 50 + 2000 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998))
            #expect(abs(d.value(from: 50, at: t) - expected) < 1e-9)
            let h = 1e-6
            let fd = (d.value(from: 50, at: t + h) - d.value(from: 50, at: t - h + (t == 0 ? h : 0))) / (t == 0 ? h : 2 * h)
            #expect(abs(d.velocity(at: t) - fd) <= 1e-3 * abs(fd))
        }
        #expect(abs(d.projection(from: 50) - (50 - 2000 / (1000 * log(0.998)))) < 1e-9)
        #expect(abs(d.value(from: 50, at: 60) - d.projection(from: 50)) < 1e-6)
        let stop = try d.duration(threshold: 0.5)
        #expect(abs(d.velocity(at: stop) - 0.5) < 1e-9)
        #expect(try Decay(velocity: 2000, decelerationRate: Decay.fast).projection(from: 0) < d.projection(from: 0))
    }

    @Test("Rubber-banding: slope c at zero, never reaching the dimension, odd")
    func rubberBand() throws {
        let small = try Decay.rubberBand(offset: 1e-6, dimension: 500)
        #expect(abs(small / 1e-6 - 0.55) < 1e-6)
        #expect(try Decay.rubberBand(offset: 1e9, dimension: 500) < 500)
        #expect(try Decay.rubberBand(offset: -100, dimension: 500) == -(try Decay.rubberBand(offset: 100, dimension: 500)))
        #expect(abs(try Decay.rubberBand(offset: 100, dimension: 500) - (1 - 1 / (100 * 0.55 / 500 + 1)) * 500) < 1e-12)
    }

    @Test("A decay animation follows UIScrollView's curve from the presentation, and a spring catches it with its velocity")
    func decayAnimation() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.position = Point(x: 10, y: 500)
        engine.tick(0)
        let fling = try Animation.decay(keyPath: "position", velocity: .point(Point(x: 0, y: -2400)))
        let rest = try #require(fling.decay?.projection(from: .point(Point(x: 10, y: 500))))
        try engine.withTransaction(disableActions: true) {
            try layer.setValue(rest, forKeyPath: "position")
            try layer.add(fling, forKey: "position")  // the spring that catches it replaces it (R8)
        }
        engine.tick(0.25)
        let k = 1000 * log(0.998)
        for t in [0.3, 0.5, 1.0, 2.0] {
            let y = try #require(try layer.presentationValue(forKeyPath: "position.y", at: t)?.numberPayload)
            #expect(abs(y - (500 - 2400 * (pow(0.998, 1000 * (t - 0.25)) - 1) / k)) < 1e-9)
        }
        try expectMatchesDifference(layer, "position", at: [0.3, 0.7, 1.5])
        #expect(abs(try velocity(layer, "position", at: 0.25)[1] + 2400) < 1e-9)
        // Caught mid-flight by a spring: the velocity carries over (R17.6).
        engine.tick(0.5)
        let t1 = 0.5 + 1.0 / 60
        let before = try velocity(layer, "position", at: t1)
        try engine.animate(spring: .perceptual(duration: 0.4, bounce: 0)) {
            layer.position = Point(x: 10, y: 0)
        }
        engine.tick(t1)
        let after = try velocity(layer, "position", at: t1)
        #expect(abs(after[1] - before[1]) <= 1e-6 * abs(before[1]))
        #expect(abs(before[1]) > 100)
        // Settled on the spring's target while the fling, replaced, would still run (≈ 6 s).
        engine.tick(3)
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(Point(x: 10, y: 0)))
        #expect(layer.animationKeys.isEmpty)
    }

    @Test("A decay's velocity must be finite and of the key's type (R17.8)")
    func decayValidation() throws {
        #expect(laminaErrorCode { _ = try Animation.decay(keyPath: "opacity", velocity: .number(.nan)) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try Animation.decay(keyPath: "opacity", velocity: .number(1), decelerationRate: 1) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try Animation.decay(keyPath: "opacity", velocity: .bool(true)) } == .typeMismatch)
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let wrong = try Animation.decay(keyPath: "position", velocity: .number(3))
        #expect(laminaErrorCode { try layer.add(wrong, forKey: "d") } == .typeMismatch)
    }

    @Test("Bad input: NaN or infinite velocities, rates outside (0, 1), bad dimensions (R17.8)")
    func badInput() {
        #expect(laminaErrorCode { _ = try Decay(velocity: .nan) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try Decay(velocity: .infinity) } == .invalidArgument)
        for r in [0.0, 1.0, -0.5, 1.5, Double.nan] {
            #expect(laminaErrorCode { _ = try Decay(velocity: 1, decelerationRate: r) } == .invalidArgument)
        }
        #expect(laminaErrorCode { _ = try Decay(velocity: 1).duration(threshold: 0) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try Decay.rubberBand(offset: 1, dimension: 0) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try Decay.rubberBand(offset: .nan, dimension: 1) } == .invalidArgument)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
