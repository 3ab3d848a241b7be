// SPDX-License-Identifier: Apache-2.0
// A transaction's springs in timing groups (R17.6, issue 27's retarget cost): the springs of one
// transaction share a spring group, and every hand-off in and out of one — spring to spring,
// curve to spring, spring to curve, per-member sampling under a layer's own timing, removal,
// compaction — keeps the position and (into a spring) the velocity continuous.

import Testing

@testable import Lamina

/// The presentation value of `key` at `t` as components.
private func presented(_ layer: Layer, _ key: String = "position", at t: Double? = nil) throws -> SIMD4<Double> {
    try #require(try layer.presentationValue(forKeyPath: key, at: t)?.vector)
}

/// The analytic presentation velocity of `key` at `t` as components.
private func velocity(_ layer: Layer, _ key: String = "position", at t: Double? = nil) throws -> SIMD4<Double> {
    try #require(try layer.presentationVelocity(forKeyPath: key, at: t)?.vector)
}

/// The central difference of the presentation at `t` (h = 1e-6 s: truncation and rounding far
/// below the 1e-5 relative tolerance it is compared with).
private func difference(_ layer: Layer, _ key: String = "position", at t: Double, h: Double = 1e-6) throws -> SIMD4<Double> {
    (try presented(layer, key, at: t + h) - presented(layer, key, at: t - h)) / (2 * h)
}

private func length(_ v: SIMD4<Double>) -> Double { (v * v).sum().squareRoot() }

/// 1e-5 relative (1e-5 absolute near zero), per component.
private func close(_ a: SIMD4<Double>, _ b: SIMD4<Double>, tolerance: Double = 1e-5) -> Bool {
    for c in 0..<4 where abs(a[c] - b[c]) > tolerance * max(1, abs(b[c])) { return false }
    return true
}

/// The spring groups in use and their live members.
private func springGroups(_ engine: Engine) -> [Int32] {
    engine.groups.filter { $0.inUse && $0.spring != nil }.map(\.live)
}

private let spring = try! SpringParameters.perceptual(duration: 0.5, bounce: 0.2)

@Suite("Springs in timing groups (R17.6)")
struct SpringGroupTests {
    @Test("A transaction's springs share one spring group and no explicit state (R17.6)")
    func oneGroupPerTransaction() throws {
        let engine = Engine()
        let layers = (0..<100).map { _ in engine.makeLayer() }
        engine.tick(0)
        try engine.animate(spring: spring) {
            for (i, l) in layers.enumerated() { l.position = Point(x: Double(i), y: 10) }
        }
        #expect(springGroups(engine) == [100])
        for l in layers {
            let a = try #require(engine.animated[Int(engine.slots[head: Int(l.id.slot)].animIndex)].animations.first)
            #expect(a.explicit == nil && a.track >= 0)
        }
        // The layer still reports a spring animation under the property's name (CA-11.5).
        let a = try #require(layers[3].animation(forKey: "position"))
        guard case .spring(let p) = a.kind else {
            Issue.record("not a spring: \(a.kind)")
            return
        }
        #expect(p.stiffness == spring.stiffness && p.damping == spring.damping)
        #expect(a.inheritsVelocity && a.toValue == .point(Point(x: 3, y: 10)))
        // The spring's closed form from rest: to + (from − to)·X(τ), begun by the tick at 0.1 (R2).
        engine.tick(0.1)
        engine.tick(0.25)
        let x = spring.solution.displacement(at: 0.15)
        #expect(close(try presented(layers[3]), SIMD4(3 + (0 - 3) * x, 10 + (0 - 10) * x, 0, 0), tolerance: 1e-12))
    }

    @Test("Velocity reads of a grouped spring match the presentation's derivative, at and off the frame (R17.1)")
    func velocityReads() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.animate(spring: SpringParameters(stiffness: 200, damping: 12, initialVelocity: 1.5)) {
            layer.position = Point(x: 200, y: -50)
            layer.opacity = 0.25
        }
        engine.tick(0.05)
        engine.tick(0.2)
        // At the frame (the group's cached rates) and at other times (solved again).
        for t in [0.2, 0.013, 0.31, 0.6, 1.1] {
            #expect(close(try velocity(layer, at: t), try difference(layer, at: t)), "position at \(t)")
            #expect(close(try velocity(layer, "opacity", at: t), try difference(layer, "opacity", at: t)), "opacity at \(t)")
        }
        // Its own initial velocity, (to − from)·1.5, at the start.
        #expect(close(try velocity(layer, at: 0.05 + 1e-12), SIMD4(300, -75, 0, 0), tolerance: 1e-6))
        // Settled: the model value, and no velocity.
        engine.tick(10)
        #expect(try presented(layer) == SIMD4(200, -50, 0, 0))
        #expect(try velocity(layer) == .zero)
        #expect(springGroups(engine).isEmpty)
    }

    /// A layer moving under `first` from 0.0 (committed by a tick at 0), interrupted at
    /// t1 = mid + 1/60 by `second` (committed between the ticks at mid and t1); returns the
    /// position and velocity just before and just after the hand-off.
    private func handoff(
        speed: Double = 1, mid: Double = 0.2, first: (Engine, Layer) throws -> Void, second: (Engine, Layer) throws -> Void
    ) throws -> (p0: SIMD4<Double>, p1: SIMD4<Double>, v0: SIMD4<Double>, v1: SIMD4<Double>, layer: Layer) {
        let engine = Engine()
        let layer = engine.makeLayer()
        if speed != 1 { layer.speed = speed }
        engine.tick(0)
        try first(engine, layer)
        engine.tick(0)
        engine.tick(mid)
        let t1 = mid + 1.0 / 60
        let p0 = try presented(layer, at: t1), v0 = try velocity(layer, at: t1)
        try second(engine, layer)
        engine.tick(t1)
        return (p0, try presented(layer), v0, try velocity(layer), layer)
    }

    private func springTo(_ x: Double, _ y: Double) -> (Engine, Layer) throws -> Void {
        { engine, layer in try engine.animate(spring: spring) { layer.position = Point(x: x, y: y) } }
    }

    private func curveTo(_ x: Double, _ y: Double) -> (Engine, Layer) throws -> Void {
        { engine, layer in try engine.withTransaction(duration: 0.6) { layer.position = Point(x: x, y: y) } }
    }

    @Test("A grouped spring retargets a grouped spring: position and velocity continuous (R17.6)")
    func springToSpring() throws {
        let r = try handoff(first: springTo(300, 0), second: springTo(-100, 80))
        #expect(length(r.v0) > 100)
        #expect(length(r.v1 - r.v0) <= 1e-6 * length(r.v0), "\(r.v0) → \(r.v1)")
        #expect(length(r.p1 - r.p0) <= 1e-9)
        try expectSettles(r.layer, at: SIMD4(-100, 80, 0, 0))
    }

    @Test("A grouped spring catches a curve with its velocity (R17.6)")
    func curveToSpring() throws {
        let r = try handoff(first: curveTo(300, 0), second: springTo(-100, 80))
        #expect(length(r.v0) > 100)
        #expect(length(r.v1 - r.v0) <= 1e-6 * length(r.v0), "\(r.v0) → \(r.v1)")
        #expect(length(r.p1 - r.p0) <= 1e-9)
        try expectSettles(r.layer, at: SIMD4(-100, 80, 0, 0))
    }

    @Test("A curve interrupts a grouped spring from where it is (R6)")
    func springToCurve() throws {
        let r = try handoff(first: springTo(300, 0), second: curveTo(-100, 80))
        // A curve starts from the presentation (its velocity is its own, R6).
        #expect(length(r.p1 - r.p0) <= 1e-9)
        let a = try #require(r.layer.animation(forKey: "position"))
        guard case .basic = a.kind else {
            Issue.record("not a basic animation: \(a.kind)")
            return
        }
        #expect(springGroups(r.layer.engine).isEmpty)
        try expectSettles(r.layer, at: SIMD4(-100, 80, 0, 0))
    }

    @Test("Under a layer's own speed the group samples member by member, still continuous (CA-5.11, R17.6)")
    func layerSpeed() throws {
        let r = try handoff(speed: 2, mid: 0.05, first: springTo(300, 0), second: springTo(-100, 80))
        #expect(length(r.v0) > 100)
        #expect(length(r.v1 - r.v0) <= 1e-6 * length(r.v0), "\(r.v0) → \(r.v1)")
        #expect(length(r.p1 - r.p0) <= 1e-9)
        // Velocity is per engine second: twice the layer time's, matching the difference.
        let t = 0.05 + 1.0 / 60 + 0.05
        #expect(close(try velocity(r.layer, at: t), try difference(r.layer, at: t)))
    }

    @Test("Members begun at different layer times split into groups of their own, velocity lanes and all (CA-5.11, R17.6)")
    func splitGroup() throws {
        let engine = Engine()
        let a = engine.makeLayer(), b = engine.makeLayer()
        b.speed = 2
        engine.tick(0)
        try engine.withTransaction(duration: 1) {
            a.position = Point(x: 300, y: 0)
            b.position = Point(x: 300, y: 0)
        }
        engine.tick(0)
        engine.tick(0.1)
        let t1 = 0.1 + 1.0 / 60
        let before = try [a, b].map { (try presented($0, at: t1), try velocity($0, at: t1)) }
        try engine.animate(spring: spring) {
            a.position = Point(x: -100, y: 80)
            b.position = Point(x: -100, y: 80)
        }
        engine.tick(t1)
        for (l, (p0, v0)) in zip([a, b], before) {
            let v1 = try velocity(l)
            #expect(length(v0) > 100)
            #expect(length(v1 - v0) <= 1e-6 * length(v0), "\(v0) → \(v1)")
            #expect(length(try presented(l) - p0) <= 1e-9)
        }
        #expect(springGroups(engine) == [1, 1])
        for l in [a, b] {
            let t = t1 + 0.07
            #expect(close(try velocity(l, at: t), try difference(l, at: t)))
        }
    }

    @Test("A paused layer's grouped spring holds still: value frozen, velocity zero (CA-5.12, R17.4)")
    func paused() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.animate(spring: spring) { layer.position = Point(x: 300, y: 0) }
        engine.tick(0.1)
        engine.tick(0.2)
        let held = try presented(layer)
        try engine.withTransaction(disableActions: true) {
            layer.timeOffset = 0.2  // the layer time it shows: 0.1 s into the spring begun at 0.1
            layer.speed = 0
        }
        engine.tick(0.3)
        engine.tick(0.5)
        let frozen = try presented(layer)
        #expect(frozen[0] > 0 && frozen[0] < 300)
        #expect(try presented(layer, at: 0.9) == frozen)
        #expect(try velocity(layer) == .zero)
        #expect(held[0] != 0)
    }

    @Test("Removing a grouped spring leaves the model value; the group's others run on (CA-11.7)")
    func removal() throws {
        let engine = Engine()
        let a = engine.makeLayer(), b = engine.makeLayer()
        engine.tick(0)
        try engine.animate(spring: spring) {
            a.position = Point(x: 100, y: 0)
            b.position = Point(x: 200, y: 0)
        }
        engine.tick(0)
        engine.tick(0.1)
        try a.removeAnimation(forKey: "position")
        engine.tick(0.2)
        #expect(try presented(a) == SIMD4(100, 0, 0, 0))
        #expect(try velocity(a) == .zero)
        let x = spring.solution.displacement(at: 0.2)
        #expect(close(try presented(b), SIMD4(200 - 200 * x, 0, 0, 0), tolerance: 1e-12))
        #expect(springGroups(engine) == [1])
    }

    @Test("A sparse spring group compacts and keeps each member's velocity lanes (R17.6)")
    func compaction() throws {
        let engine = Engine()
        let layers = (0..<100).map { _ in engine.makeLayer() }
        engine.tick(0)
        try engine.animate(spring: SpringParameters(stiffness: 150, damping: 15, initialVelocity: 2)) {
            for (i, l) in layers.enumerated() { l.position = Point(x: Double(i + 1), y: 0) }
        }
        engine.tick(0)
        engine.tick(0.1)
        // The first 70 are caught by curves: the group keeps 30 of 100 and compacts.
        try engine.withTransaction(duration: 0.5) {
            for (i, l) in layers.prefix(70).enumerated() { l.position = Point(x: -Double(i), y: 0) }
        }
        engine.tick(0.15)
        engine.tick(0.2)
        #expect(springGroups(engine) == [30])
        #expect(engine.groups.first { $0.inUse && $0.spring != nil }?.members.count == 30)
        // Each survivor: to + (from − to)·X + V·G with V = (to − from)·2, from 0.
        let params = SpringParameters(stiffness: 150, damping: 15)
        var unitParams = params
        unitParams.initialVelocity = 1
        let x = params.solution.displacement(at: 0.2), g = x - unitParams.solution.displacement(at: 0.2)
        for (i, l) in layers.enumerated().dropFirst(70) {
            let to = Double(i + 1)
            let expected = to - to * x + to * 2 * g
            #expect(abs(try presented(l)[0] - expected) <= 1e-9 * max(1, abs(expected)), "layer \(i)")
            #expect(close(try velocity(l), try difference(l, at: 0.2)))
        }
    }

    @Test("A transaction's completion waits for its grouped springs to settle (CA-2.9)")
    func completion() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        try engine.withTransaction(completion: { log.record("done") }) {
            try engine.transaction.setSpring(spring)
            layer.position = Point(x: 50, y: 50)
        }
        engine.tick(0.1)
        engine.tick(0.2)
        #expect(log.count == 0)
        engine.tick(spring.settlingDuration + 0.1)
        engine.tick(spring.settlingDuration + 0.2)
        #expect(log.entries == ["done"])
    }

    private func expectSettles(_ layer: Layer, at target: SIMD4<Double>) throws {
        layer.engine.tick(10)
        #expect(try presented(layer) == target)
    }
}
