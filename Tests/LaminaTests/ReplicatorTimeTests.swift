// SPDX-License-Identifier: Apache-2.0
// Replicator time and animated counts (issue 23): animations under a replicator stay until the
// most delayed instance has played them, implicit changes stagger holding their start value,
// nextFrameTime covers every instance (RS-13.4); instanceCount and instanceDelay animate,
// the count in whole steps within its bound (RS-13.1).

import Testing

@testable import Lamina

/// A committed replicator of `count` instances `delay` apart with one 10 × 10 dot (opacity 1).
/// The caller keeps the replicator alive (it is the tree's root: dropping it destroys it).
private func staggered(_ engine: Engine, count: Int = 3, delay: Double = 0.25) throws -> (ReplicatorLayer, Layer) {
    let r = engine.makeReplicatorLayer()
    r.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    r.position = Point(x: 50, y: 50)
    r.instanceCount = count
    r.instanceDelay = delay
    let dot = engine.makeLayer()
    dot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    dot.position = Point(x: 50, y: 10)
    r.addSublayer(dot)
    engine.tick(0)
    return (r, dot)
}

/// A linear opacity fade 0 → 1 of `duration` seconds.
private func fade(duration: Double = 1) -> Animation {
    var a = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: duration)
    a.timingFunction = .linear
    return a
}

/// The opacities of the dot's records (instance order) in a draw list at the engine's time.
private func instanceOpacities(_ engine: Engine, _ r: Layer) throws -> [Double] {
    try engine.drawList(root: r).dropFirst().map(\.opacity)
}

private func approx(_ a: [Double], _ b: [Double], tolerance: Double) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite("Replicator time: retirement, held starts, next frame (RS-13.4)")
struct ReplicatorTimeTests {
    @Test("A finite animation stays until the last instance has played it, then every instance shows the end (model) value")
    func retirementWaitsForTheLastInstance() throws {
        let engine = Engine()
        let (r, dot) = try staggered(engine)
        try dot.add(fade(), forKey: "fade")
        engine.tick(1)  // commits: the fade runs from 1 to 2 in instance 0
        engine.tick(2.1)
        // Instance 0 is done (the model's 1); instances 1 and 2 see 1.85 and 1.6. 1e-12 of rounding.
        #expect(dot.animationKeys == ["fade"])
        #expect(approx(try instanceOpacities(engine, r), [1, 0.85, 0.6], tolerance: 1e-12))
        engine.tick(2.49)
        #expect(approx(try instanceOpacities(engine, r), [1, 1, 0.99], tolerance: 1e-12))
        engine.tick(2.5)  // instance 2 sees 2.0: done everywhere
        #expect(dot.animationKeys.isEmpty)
        #expect(try instanceOpacities(engine, r) == [1, 1, 1])
    }

    @Test("Nested delays add up: the animation stays until the most delayed instance of both replicators is done")
    func nestedRetirement() throws {
        let engine = Engine()
        let outer = engine.makeReplicatorLayer()
        outer.instanceCount = 2
        outer.instanceDelay = 0.5
        let (inner, dot) = try staggered(engine, count: 2, delay: 0.25)
        outer.addSublayer(inner)
        engine.tick(0)
        try dot.add(fade(), forKey: "fade")
        engine.tick(1)
        // The last instance (outer 1, inner 1) sees t − 0.75: at 2.7 it is still at 0.95.
        engine.tick(2.7)
        #expect(dot.animationKeys == ["fade"])
        let last = try engine.drawList(root: outer).last
        #expect(last?.instanceIndex == 1)
        #expect(approx(last?.opacity, 0.95, tolerance: 1e-12))
        engine.tick(2.75)
        #expect(dot.animationKeys.isEmpty)
    }

    @Test("The delegate's didStop and a transaction's completion come once the last instance is done")
    func completionAfterTheLastInstance() throws {
        let engine = Engine()
        let (r, dot) = try staggered(engine, count: 2, delay: 0.5)
        defer { withExtendedLifetime(r) {} }
        let log = CallLog()
        try engine.withTransaction(completion: { log.record("done") }) { try dot.add(fade(), forKey: "fade") }
        engine.tick(1)
        engine.tick(2.2)  // instance 1 sees 1.7
        engine.tick(2.3)
        #expect(log.count == 0)
        engine.tick(2.5)  // instance 1 sees 2.0: removed
        engine.tick(2.6)
        #expect(log.entries == ["done"])
    }

    @Test("Outside a replicator an animation still goes when it ends")
    func plainLayersRetireAtTheirEnd() throws {
        let engine = Engine()
        let (r, _) = try staggered(engine)  // the engine has a replicator, not above this layer
        defer { withExtendedLifetime(r) {} }
        let other = engine.makeLayer()
        engine.tick(0)
        try other.add(fade(), forKey: "fade")
        engine.tick(1)
        engine.tick(2)
        #expect(other.animationKeys.isEmpty)
    }

    @Test("An implicit change staggers: a delayed instance holds the old value until its turn, then animates and is kept until it ends")
    func implicitChangeStaggers() throws {
        let engine = Engine()
        let (r, dot) = try staggered(engine)
        // 1 → 0.2 (not 0: a transparent record is left out of the list).
        try engine.withTransaction(duration: 1, timingFunction: .linear) { dot.opacity = 0.2 }
        engine.tick(1)  // begins at 1 in instance 0
        engine.tick(1.2)
        // Instance 0 at 1.2 (0.84); instances 1 and 2 at 0.95 and 0.7, before the change began:
        // they hold its start value 1, not the new model value 0.2. 1e-12 of rounding.
        #expect(approx(try instanceOpacities(engine, r), [0.84, 1, 1], tolerance: 1e-12))
        engine.tick(1.5)
        #expect(approx(try instanceOpacities(engine, r), [0.6, 0.8, 1], tolerance: 1e-12))
        engine.tick(2.1)
        #expect(approx(try instanceOpacities(engine, r), [0.2, 0.32, 0.52], tolerance: 1e-12))
        engine.tick(2.5)
        #expect(dot.animationKeys.isEmpty)
        #expect(approx(try instanceOpacities(engine, r), [0.2, 0.2, 0.2], tolerance: 1e-12))
    }

    @Test("A general-path implicit animation (a transform) shows the model in instance 0 once done, not its last sample")
    func generalPathAfterItsEnd() throws {
        let engine = Engine()
        let (r, dot) = try staggered(engine, count: 2, delay: 0.5)
        let moved = Transform3D(translationX: 10, y: 0, z: 0)
        try engine.withTransaction(duration: 1, timingFunction: .linear) { dot.transform = moved }
        engine.tick(1)
        engine.tick(1.9)  // instance 0 sampled at 0.9 of the way
        engine.tick(2.1)
        let records = try engine.drawList(root: r)
        // Instance 0: the model (x translation 10); instance 1 at 1.6: 6. 1e-9 of rounding.
        #expect(approx(records[1].transform.m41 - records[2].transform.m41, 4, tolerance: 1e-9))
        #expect(dot.animationKeys == ["transform"])
    }

    @Test("nextFrameTime is now while a delayed instance still plays an animation that instance 0 holds at its end")
    func nextFrameAcrossTheStagger() throws {
        let engine = Engine()
        let (r, dot) = try staggered(engine)
        defer { withExtendedLifetime(r) {} }
        var held = fade()
        held.isRemovedOnCompletion = false
        held.timing.fillMode = .forwards
        try dot.add(held, forKey: "fade")
        engine.tick(1)
        engine.tick(2.1)  // instance 0 holds 1; instances 1 and 2 still fade
        #expect(engine.nextFrameTime == 2.1)
        engine.tick(2.4)
        #expect(engine.nextFrameTime == 2.4)
        engine.tick(2.5)  // every instance holds the end for ever
        #expect(engine.nextFrameTime == .infinity)
    }

    @Test("nextFrameTime is the first instance's begin: earlier than the animation's for a negative delay")
    func nextFrameBeforeTheFirstInstance() throws {
        let engine = Engine()
        let (r, dot) = try staggered(engine, count: 3, delay: -0.25)
        defer { withExtendedLifetime(r) {} }
        var later = fade()
        later.timing.beginTime = 5
        try dot.add(later, forKey: "fade")
        engine.tick(1)
        // Instance 2 runs 0.5 s ahead: it begins at engine time 4.5.
        #expect(engine.nextFrameTime == 4.5)
    }
}

@Suite("Replicator layers: animated instanceCount and instanceDelay (RS-13.1, RS-13.4)")
struct ReplicatorAnimatedCountTests {
    @Test("An explicit animation of instanceCount draws the floor of its value in whole instances")
    func countInWholeSteps() throws {
        let engine = Engine()
        let (r, _) = try staggered(engine, count: 1, delay: 0)
        var grow = Animation.basic(keyPath: "instanceCount", from: .number(0), to: .number(10), duration: 1)
        grow.timingFunction = .linear
        try r.add(grow, forKey: "n")
        engine.tick(1)
        // The replicator's record plus floor(10 · progress) dots.
        for (t, n) in [(1.0, 0), (1.05, 0), (1.55, 5), (1.99, 9), (2.0, 1)] {
            let records = try engine.drawList(root: r, at: t)
            #expect(records.count == 1 + n, "at \(t)")
            #expect(records.dropFirst().map(\.instanceIndex) == Array(0..<n), "at \(t)")
        }
    }

    @Test("Implicit changes of instanceCount and instanceDelay animate")
    func implicitChangesAnimate() throws {
        let engine = Engine()
        let (r, _) = try staggered(engine, count: 1, delay: 0)
        try engine.withTransaction(duration: 1, timingFunction: .linear) {
            r.instanceCount = 5
            r.instanceDelay = 1
        }
        #expect(Set(r.animationKeys) == ["instanceCount", "instanceDelay"])
        engine.tick(1)
        engine.tick(1.5)
        // floor(1 + 4 · 0.5) = 3 instances, 0.5 s apart.
        #expect(try engine.drawList(root: r).count == 4)
        #expect(approx(try r.presentationValue(forKeyPath: "instanceDelay"), .number(0.5), tolerance: 1e-12))
    }

    @Test("An instanceCount animation whose values pass 0…10000 is refused; a frame's count is clamped to 10000")
    func countBound() throws {
        let engine = Engine()
        let (r, _) = try staggered(engine, count: 10_000, delay: 0)
        for bad in [
            Animation.basic(keyPath: "instanceCount", to: .number(10_001), duration: 1),
            Animation.basic(keyPath: "instanceCount", from: .number(-1), to: .number(3), duration: 1),
            Animation.basic(keyPath: "instanceCount", by: .number(20_000), duration: 1),
            Animation.keyframe(keyPath: "instanceCount", values: [.number(0), .number(1e6)], duration: 1),
            Animation.group([Animation.basic(keyPath: "instanceCount", to: .number(10_001))], duration: 1),
        ] {
            #expect(laminaErrorCode { try r.add(bad, forKey: "n") } == .invalidArgument)
        }
        #expect(r.animationKeys.isEmpty)
        // Additive on the committed 10000: up to 15000 computed, 10000 drawn.
        var more = Animation.basic(keyPath: "instanceCount", from: .number(0), to: .number(10_000), duration: 1)
        more.isAdditive = true
        more.timingFunction = .linear
        try r.add(more, forKey: "n")
        engine.tick(1)
        #expect(try engine.drawList(root: r, at: 1.5).count == 1 + 10_000)
    }

    @Test("The draw list's record bound sees an animated count's frame value, not the committed one")
    func expansionBoundFollowsTheAnimation() throws {
        let engine = Engine()
        let outer = engine.makeReplicatorLayer()
        let inner = engine.makeReplicatorLayer()
        let dot = engine.makeLayer()
        outer.addSublayer(inner)
        inner.addSublayer(dot)
        outer.instanceCount = 10_000
        inner.instanceCount = 0
        engine.tick(0)
        var grow = Animation.basic(keyPath: "instanceCount", from: .number(0), to: .number(1000), duration: 1)
        grow.timingFunction = .linear
        try inner.add(grow, forKey: "n")
        engine.tick(1)
        let list = DrawList()
        try engine.drawList(root: outer, at: 1, into: list)
        #expect(list.count == 1 + 10_000)  // inner's record per outer instance, no dots yet
        // At 1.5 inner draws 500 dots per outer instance: 5M records, past the 2^22 bound.
        #expect(laminaErrorCode { try engine.drawList(root: outer, at: 1.5, into: list) } == .outOfMemory)
    }
}
