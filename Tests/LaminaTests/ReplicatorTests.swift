// SPDX-License-Identifier: Apache-2.0
// Replicator layers (RS-13): the draw list's expansion of the instances — count and order,
// transforms, colours, time shifts — and hit testing of instance 0.

import Testing

@testable import Lamina

/// A committed replicator (0, 0, 100, 100) at (50, 50), so its space and its superlayer's
/// coincide, with `count` sublayers of 10 × 10 at (50, 10), (50, 30), ...
private func spinner(_ engine: Engine, sublayers count: Int = 1) throws -> (ReplicatorLayer, [Layer]) {
    let r = engine.makeReplicatorLayer()
    r.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    r.position = Point(x: 50, y: 50)
    var subs: [Layer] = []
    for i in 0..<count {
        let dot = engine.makeLayer()
        dot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        dot.position = Point(x: 50, y: 10 + 20 * Double(i))
        dot.backgroundColor = .white
        r.addSublayer(dot)
        subs.append(dot)
    }
    return (r, subs)
}

/// Where a record's bounds centre lands in root space (2D: x and y after the divide by w).
private func centre(_ r: DrawRecord) -> Point {
    let m = r.transform
    let x = r.bounds.origin.x + r.bounds.size.width / 2, y = r.bounds.origin.y + r.bounds.size.height / 2
    let w = x * m.m14 + y * m.m24 + m.m44
    return Point(x: (x * m.m11 + y * m.m21 + m.m41) / w, y: (x * m.m12 + y * m.m22 + m.m42) / w)
}

@Suite("Replicator layers (RS-13)")
struct ReplicatorTests {
    @Test("The replicator's record once, then its sublayers once per instance in order (RS-13.1)")
    func expansionOrder() throws {
        let engine = Engine()
        let (r, subs) = try spinner(engine, sublayers: 2)
        r.instanceCount = 3
        engine.tick(0)
        let records = try engine.drawList(root: r)
        #expect(records.map(\.layer) == [r.id, subs[0].id, subs[1].id, subs[0].id, subs[1].id, subs[0].id, subs[1].id])
        #expect(records.map(\.instanceIndex) == [0, 0, 0, 1, 1, 2, 2])
        #expect(records[0].kind == .replicator)
        #expect(records[0].descendantCount == 6)
        #expect(records.dropFirst().allSatisfy { $0.depth == 1 && $0.descendantCount == 0 })
    }

    @Test("instanceCount 0 draws no sublayers; 1 (the default) draws them once (RS-13.1)")
    func countZero() throws {
        let engine = Engine()
        let (r, subs) = try spinner(engine)
        engine.tick(0)
        #expect(try engine.drawList(root: r).map(\.layer) == [r.id, subs[0].id])
        try engine.withTransaction(disableActions: true) { r.instanceCount = 0 }
        engine.tick(0)
        let records = try engine.drawList(root: r)
        #expect(records.map(\.layer) == [r.id])
        #expect(records[0].descendantCount == 0)
    }

    @Test("Instance k is transformed by instanceTransform^k about the anchor point: a spinner rings the centre (RS-13.2)")
    func transforms() throws {
        let engine = Engine()
        let (r, _) = try spinner(engine)
        r.instanceCount = 4
        r.instanceTransform = Transform3D(rotationAngle: Double.pi / 2, x: 0, y: 0, z: 1)
        engine.tick(0)
        let records = try engine.drawList(root: r)
        #expect(records.count == 5)
        // The dot at (50, 10) rotates about (50, 50) by 90° per instance; 1e-9 of rounding.
        let expected = [Point(x: 50, y: 10), Point(x: 90, y: 50), Point(x: 50, y: 90), Point(x: 10, y: 50)]
        for k in 0..<4 {
            #expect(approx(centre(records[k + 1]), expected[k], tolerance: 1e-9), "instance \(k)")
        }
        // A translation, applied k times, after the replicator's own sublayerTransform.
        r.instanceTransform = Transform3D(translationX: 10, y: 0, z: 0)
        r.sublayerTransform = Transform3D(translationX: 0, y: 5, z: 0)
        engine.tick(1)
        let moved = try engine.drawList(root: r, at: 2)
        for k in 0..<4 {
            #expect(approx(centre(moved[k + 1]), Point(x: 50 + 10 * Double(k), y: 15), tolerance: 1e-9), "instance \(k)")
        }
    }

    @Test("Instance k's colour is clamp(instanceColor + k·offset), multiplied through nested replicators (RS-13.3)")
    func colours() throws {
        let engine = Engine()
        let (r, _) = try spinner(engine)
        r.instanceCount = 4
        r.instanceColor = Color(red: 1, green: 0.5, blue: 1, alpha: 1)
        r.instanceRedOffset = -0.25
        r.instanceGreenOffset = 0.25
        r.instanceAlphaOffset = -0.5
        engine.tick(0)
        let records = try engine.drawList(root: r)
        #expect(records[0].instanceColor == .white)  // the replicator's own record is not tinted
        let expected = [
            Color(red: 1, green: 0.5, blue: 1, alpha: 1), Color(red: 0.75, green: 0.75, blue: 1, alpha: 0.5),
            Color(red: 0.5, green: 1, blue: 1, alpha: 0), Color(red: 0.25, green: 1, blue: 1, alpha: 0),
        ]
        for k in 0..<4 {
            #expect(approx(records[k + 1].instanceColor, expected[k], tolerance: 1e-12), "instance \(k)")
        }
        // Nested: an inner replicator's colours multiply into the outer instance's.
        let outer = engine.makeReplicatorLayer()
        outer.instanceCount = 2
        outer.instanceColor = Color(red: 0.5, green: 1, blue: 1, alpha: 1)
        outer.instanceBlueOffset = -0.5
        outer.addSublayer(r)
        r.instanceCount = 2
        engine.tick(1)
        let nested = try engine.drawList(root: outer, at: 2)
        #expect(nested.map(\.instanceIndex) == [0, 0, 0, 1, 1, 0, 1])
        // Records: outer, r (outer 0), dot (outer 0 · r 0), dot (outer 0 · r 1), r (outer 1), ...
        #expect(approx(nested[1].instanceColor, Color(red: 0.5, green: 1, blue: 1, alpha: 1), tolerance: 1e-12))
        #expect(approx(nested[3].instanceColor, Color(red: 0.375, green: 0.75, blue: 1, alpha: 0.5), tolerance: 1e-12))
        #expect(approx(nested[6].instanceColor, Color(red: 0.375, green: 0.75, blue: 0.5, alpha: 0.5), tolerance: 1e-12))
    }

    @Test("Instance k's sublayers run k·instanceDelay behind: one animation staggers (RS-13.4)")
    func staggeredTime() throws {
        let engine = Engine()
        let (r, subs) = try spinner(engine)
        r.instanceCount = 3
        r.instanceDelay = 0.25
        engine.tick(0)
        var fade = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1)
        fade.timingFunction = .linear
        try subs[0].add(fade, forKey: "fade")
        engine.tick(1)  // commits: the fade runs from 1 to 2
        let records = try engine.drawList(root: r, at: 1.75)
        #expect(records.count == 4)
        // Instance k sees time 1.75 − 0.25·k: opacity 0.75, 0.5, 0.25 (records multiply the
        // replicator's 1); 1e-12 of rounding.
        for k in 0..<3 {
            #expect(approx(records[k + 1].opacity, 0.75 - 0.25 * Double(k), tolerance: 1e-12), "instance \(k)")
        }
        // The replicator itself is not shifted, and the model is untouched.
        #expect(records[0].opacity == 1)
        #expect(subs[0].opacity == 1)
    }

    @Test("Hit testing sees instance 0 only (RS-13.5)")
    func hitTestingInstanceZero() throws {
        let engine = Engine()
        let (r, subs) = try spinner(engine)
        r.instanceCount = 3
        r.instanceTransform = Transform3D(translationX: 20, y: 0, z: 0)
        engine.tick(0)
        // Instance 0's dot covers (45...55, 5...15); instance 1's is drawn at (65...75, 5...15).
        #expect(try r.hitTest(Point(x: 50, y: 10))?.id == subs[0].id)
        #expect(try r.hitTest(Point(x: 70, y: 10))?.id == r.id)
        #expect(try r.hitTest(Point(x: 70, y: 10), in: .presentation(at: nil))?.id == r.id)
    }

    @Test("instanceCount, instanceDelay and instanceColor animate implicitly; preservesDepth does not (RS-13.1, RS-13.3, RS-13.4)")
    func animatability() throws {
        let engine = Engine()
        let (r, _) = try spinner(engine)
        engine.tick(0)
        r.preservesDepth = true
        #expect(r.animationKeys.isEmpty)
        r.instanceCount = 5
        r.instanceDelay = 1
        r.instanceColor = Color(red: 0, green: 0, blue: 0, alpha: 1)
        #expect(r.animationKeys == ["instanceCount", "instanceDelay", "instanceColor"])
    }

    @Test("Damage covers a new instance and an instance whose colour changed (RS-13.5, RS-10.1)")
    func damage() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 100)
        root.position = Point(x: 200, y: 50)
        let (r, _) = try spinner(engine)
        root.addSublayer(r)
        r.instanceCount = 2
        r.instanceTransform = Transform3D(translationX: 100, y: 0, z: 0)
        engine.tick(0)
        _ = try engine.damage(root: root)  // starts tracking
        _ = try engine.drawList(root: root)
        _ = try engine.drawList(root: root)
        #expect(try engine.damage(root: root).isEmpty)
        // A third instance appears at x 245…255 (the dot at 45…55, moved by 2 × 100).
        try engine.withTransaction(disableActions: true) { r.instanceCount = 3 }
        engine.tick(1)
        _ = try engine.drawList(root: root)
        let grown = try engine.damage(root: root)
        #expect(grown.contains { $0.origin.x <= 245 && $0.origin.x + $0.size.width >= 255 && $0.origin.y <= 5 })
        // Tinting changes every instance's record: the damage covers instance 1 (145…155).
        try engine.withTransaction(disableActions: true) { r.instanceAlphaOffset = -0.25 }
        engine.tick(2)
        _ = try engine.drawList(root: root)
        let tinted = try engine.damage(root: root)
        #expect(tinted.contains { $0.origin.x <= 145 && $0.origin.x + $0.size.width >= 155 })
    }
}

@Suite("Replicator layers: bounds (RS-13.1)")
struct ReplicatorBoundsTests {
    @Test("Nested replicators that would add more than 2^22 records fail with outOfMemory before building; within the bound they draw")
    func expansionBound() throws {
        let engine = Engine()
        let outer = engine.makeReplicatorLayer()
        let inner = engine.makeReplicatorLayer()
        let dot = engine.makeLayer()
        outer.addSublayer(inner)
        inner.addSublayer(dot)
        outer.instanceCount = 10_000
        inner.instanceCount = 10_000
        engine.tick(0)
        let list = DrawList()
        #expect(laminaErrorCode { try engine.drawList(root: outer, into: list) } == .outOfMemory)
        #expect(list.count == 0)  // nothing built
        try engine.withTransaction(disableActions: true) {
            outer.instanceCount = 30
            inner.instanceCount = 30
        }
        engine.tick(1)
        try engine.drawList(root: outer, at: 1, into: list)
        #expect(list.count == 1 + 30 * (1 + 30))
    }
}
