// SPDX-License-Identifier: Apache-2.0
// Timing groups (docs/architecture.md, issue 12): numeric implicit animations committed together
// share begin, duration and curve and are sampled once per group per frame. These tests pin the
// behaviour the group path must keep: members removed, replaced or retimed mid-flight, groups
// that finish while others run, retire-at-once, and a million animated properties (R6, CA-1.9).

import Testing

import Lamina

private func opacity(_ i: Int) -> Double { Double(i % 97) / 97 }
private func point(_ i: Int) -> Point { Point(x: Double(i % 1000), y: Double(i / 1000)) }
private func moved(_ i: Int) -> Point { Point(x: Double(i % 1000) + 100, y: Double(i / 1000) - 50) }

private func expectedPoint(_ from: Point, _ to: Point, begin: Double, duration: Double, at t: Double) -> Point {
    Point(x: expectedImplicit(from: from.x, to: to.x, begin: begin, duration: duration, at: t),
          y: expectedImplicit(from: from.y, to: to.y, begin: begin, duration: duration, at: t))
}

/// `count` committed layers with position `point(i)` and opacity 1, at rest at time 0.
private func makeLayers(_ engine: Engine, _ count: Int) throws -> [Layer] {
    var layers: [Layer] = []
    layers.reserveCapacity(count)
    try engine.withTransaction(disableActions: true) {
        for i in 0..<count {
            let l = engine.makeLayer()
            l.position = point(i)
            layers.append(l)
        }
    }
    engine.tick(0)
    return layers
}

@Suite("Timing groups: numeric implicit animations sampled once per group (issue 12, R6)")
struct TimingGroupTests {
    @Test("Members removed mid-flight (most of a large group) read their model value; the rest keep animating exactly")
    func removedMembers() throws {
        let engine = Engine()
        let layers = try makeLayers(engine, 300)
        // Two transactions, so opacity has a group of its own (300 members).
        try engine.withTransaction(duration: 1) {
            for (i, l) in layers.enumerated() { l.opacity = opacity(i) }
        }
        try engine.withTransaction(duration: 1) {
            for (i, l) in layers.enumerated() { l.position = moved(i) }
        }
        engine.tick(0)  // the commits begin here (R2)
        engine.tick(0.25)
        // Remove the opacity animation of 4 in 5 layers: the group goes sparse and is
        // re-packed after the next frame (a renumbering bug would show up as wrong values).
        for (i, l) in layers.enumerated() where i % 5 != 0 { try l.removeAnimation(forKey: "opacity") }
        for t in [0.25, 0.5, 0.75] {
            engine.tick(t)
            for (i, l) in layers.enumerated() {
                let o = try #require(try l.presentedNumber("opacity"))
                let want = i % 5 == 0 ? expectedImplicit(from: 1, to: opacity(i), begin: 0, duration: 1, at: t) : opacity(i)
                #expect(approx(o, want, tolerance: 1e-12), "layer \(i) opacity at \(t)")
                let p = try #require(try l.presentationValue(forKeyPath: "position")?.pointPayload)
                #expect(approx(p, expectedPoint(point(i), moved(i), begin: 0, duration: 1, at: t), tolerance: 1e-9))
            }
        }
        #expect(layers[1].animationKeys == ["position"])
        #expect(layers[5].animationKeys == ["opacity", "position"])
    }

    @Test("A group re-packed before its transaction commits gets its output at the commit, from its packed lanes")
    func compactedOpenGroup() throws {
        let engine = Engine()
        let layers = try makeLayers(engine, 200)
        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(1)
        for (i, l) in layers.enumerated() { l.opacity = opacity(i) }
        // Three in four members go before the commit: the open group goes sparse, and the tick
        // (which leaves the explicit transaction open) re-packs it. An open group has no
        // output lane yet, so the re-pack must not copy one.
        for (i, l) in layers.enumerated() where i % 4 != 0 { try l.removeAnimation(forKey: "opacity") }
        engine.tick(0)
        #expect(layers[0].animationKeys == ["opacity"])
        try engine.transaction.commit()
        engine.tick(0.25)  // R2: the commit begins here
        for t in [0.25, 0.75] {
            engine.tick(t)
            for (i, l) in layers.enumerated() {
                let o = try #require(try l.presentedNumber("opacity"))
                let want = i % 4 == 0 ? expectedImplicit(from: 1, to: opacity(i), begin: 0.25, duration: 1, at: t) : opacity(i)
                #expect(approx(o, want, tolerance: 1e-12), "layer \(i) opacity at \(t)")
            }
        }
    }

    @Test("A member replaced by a newer commit follows the new animation from where it was; its old group mates are unaffected")
    func replacedByNewerCommit() throws {
        let engine = Engine()
        let layers = try makeLayers(engine, 10)
        try engine.withTransaction(duration: 1) {
            for l in layers { l.opacity = 0 }
        }
        engine.tick(0)
        engine.tick(0.5)
        let atChange = expectedImplicit(from: 1, to: 0, begin: 0, duration: 1, at: 0.5)
        try engine.withTransaction(duration: 0.25) { layers[3].opacity = 0.5 }
        engine.tick(0.5)  // the deferred commit begins here (R2)
        for t in [0.5, 0.6, 0.7, 0.8, 0.9] {
            engine.tick(t)
            for (i, l) in layers.enumerated() {
                let o = try #require(try l.presentedNumber("opacity"))
                let want = i == 3
                    ? expectedImplicit(from: atChange, to: 0.5, begin: 0.5, duration: 0.25, at: t)
                    : expectedImplicit(from: 1, to: 0, begin: 0, duration: 1, at: t)
                #expect(approx(o, want, tolerance: 1e-12), "layer \(i) at \(t)")
            }
        }
        // The newer (shorter) group finished and retired while the older one runs on.
        #expect(layers[3].animationKeys.isEmpty)
        #expect(layers[2].animationKeys == ["opacity"])
    }

    @Test("A finished group retires all its members in one frame and the values are the model's")
    func retireAtOnce() throws {
        let engine = Engine()
        let layers = try makeLayers(engine, 200)
        try engine.withTransaction(duration: 0.5) {
            for (i, l) in layers.enumerated() { l.opacity = opacity(i) }
        }
        try engine.withTransaction(duration: 2) { layers[0].position = moved(0) }
        engine.tick(0)
        engine.tick(0.49)
        #expect(layers.allSatisfy { $0.animationKeys == ["opacity"] || $0.animationKeys == ["opacity", "position"] })
        engine.tick(0.5)
        #expect(layers.allSatisfy { !$0.animationKeys.contains("opacity") })
        #expect(layers[0].animationKeys == ["position"])
        for (i, l) in layers.enumerated() { #expect(try l.presentedNumber("opacity") == opacity(i)) }
        #expect(engine.nextFrameTime == 0.5)  // the position animation still runs
    }

    @Test("Layers with their own time in one transaction each keep their own clock (CA-5.11)")
    func timedMembers() throws {
        let engine = Engine()
        let layers = try makeLayers(engine, 3)
        try engine.withTransaction(disableActions: true) { layers[1].speed = 2 }
        engine.tick(0)
        // Committed at 0.5: the speed-2 layer's time is then 1.0, the others' 0.5, so it
        // cannot share its group mates' begin time.
        engine.tick(0.5)
        try engine.withTransaction(duration: 1) {
            for l in layers { l.opacity = 0 }
        }
        for t in [0.5, 0.75, 0.9, 1.0, 1.25] {
            engine.tick(t)
            #expect(approx(try layers[0].presentedNumber("opacity"), expectedImplicit(from: 1, to: 0, begin: 0.5, duration: 1, at: t), tolerance: 1e-12))
            #expect(approx(try layers[2].presentedNumber("opacity"), expectedImplicit(from: 1, to: 0, begin: 0.5, duration: 1, at: t), tolerance: 1e-12))
            // Speed 2: the layer's time runs twice as fast, so its animation lasts 0.5 s.
            #expect(approx(try layers[1].presentedNumber("opacity"), expectedImplicit(from: 1, to: 0, begin: 0.5, duration: 0.5, at: t), tolerance: 1e-12))
        }
        #expect(layers[1].animationKeys.isEmpty)
        #expect(layers[0].animationKeys == ["opacity"])
    }

    @Test("Reads at another time, rects and colours come from the group's lanes exactly")
    func otherTimesAndWideValues() throws {
        let engine = Engine()
        let layers = try makeLayers(engine, 4)
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        try engine.withTransaction(disableActions: true) { for l in layers { l.backgroundColor = red } }
        engine.tick(0)
        try engine.withTransaction(duration: 1, timingFunction: .easeInEaseOut) {
            for l in layers {
                l.backgroundColor = blue
                l.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
            }
        }
        engine.tick(0)
        engine.tick(0.1)
        for t in [0.1, 0.3, 0.9] {
            func e(_ a: Double, _ b: Double) -> Double {
                expectedImplicit(from: a, to: b, begin: 0, duration: 1, curve: .easeInEaseOut, at: t)
            }
            let c = try #require(try layers[2].presentationValue(forKeyPath: "backgroundColor", at: t)?.colorPayload)
            #expect(approx(c, Color(red: e(1, 0), green: 0, blue: e(0, 1), alpha: e(1, 0.5)), tolerance: 1e-12))
            let r = try #require(try layers[3].presentationValue(forKeyPath: "bounds", at: t)?.rectPayload)
            #expect(approx(r, Rect(x: 0, y: 0, width: e(0, 40), height: e(0, 20)), tolerance: 1e-12))
        }
        let a = try #require(layers[1].animation(forKey: "backgroundColor"))
        #expect(a.fromValue == .color(red))
        #expect(a.toValue == .color(blue))
    }

    @Test("A million animated properties (250k layers × 4) are correct on a sampled subset, and retire together")
    func millionProperties() throws {
        let engine = Engine()
        let count = 250_000
        let layers = try makeLayers(engine, count)
        let color = Color(red: 0.5, green: 0.25, blue: 1, alpha: 1)
        try engine.withTransaction(duration: 1) {
            for (i, l) in layers.enumerated() {
                l.position = moved(i)
                l.opacity = opacity(i)
                l.bounds = Rect(x: 0, y: 0, width: 10, height: Double(i % 7))
                l.backgroundColor = color
            }
        }
        let sample = stride(from: 0, to: count, by: 997).map { $0 } + [count - 1]
        for t in [0.0, 0.3, 0.7] {
            engine.tick(t)
            for i in sample {
                let l = layers[i]
                #expect(approx(try l.presentedNumber("opacity"), expectedImplicit(from: 1, to: opacity(i), begin: 0, duration: 1, at: t), tolerance: 1e-12))
                let p = try #require(try l.presentationValue(forKeyPath: "position")?.pointPayload)
                #expect(approx(p, expectedPoint(point(i), moved(i), begin: 0, duration: 1, at: t), tolerance: 1e-9))
                let b = try #require(try l.presentationValue(forKeyPath: "bounds")?.rectPayload)
                #expect(approx(b.size.height, expectedImplicit(from: 0, to: Double(i % 7), begin: 0, duration: 1, at: t), tolerance: 1e-12))
            }
        }
        engine.tick(1)
        #expect(sample.allSatisfy { layers[$0].animationKeys.isEmpty })
        #expect(engine.nextFrameTime == .infinity)
    }
}
