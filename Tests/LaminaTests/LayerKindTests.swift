// SPDX-License-Identifier: Apache-2.0
// Layer kinds (issue 15): creation, the kind of a layer, and the Swift subclass of the layer
// objects the engine hands back (tree, hit testing, callbacks).

import Testing

@testable import Lamina

@Suite("Layer kinds (issue 15)")
struct LayerKindTests {
    @Test("makeShapeLayer, makeGradientLayer, makeReplicatorLayer make layers of their kind")
    func creation() throws {
        let engine = Engine()
        let plain = engine.makeLayer()
        let shape = engine.makeShapeLayer()
        let gradient = engine.makeGradientLayer()
        let replicator = engine.makeReplicatorLayer()
        #expect(plain.kind == .plain)
        #expect(shape.kind == .shape)
        #expect(gradient.kind == .gradient)
        #expect(replicator.kind == .replicator)
        #expect(try engine.kind(of: plain.id) == .plain)
        #expect(try engine.kind(of: shape.id) == .shape)
        #expect(try engine.kind(of: gradient.id) == .gradient)
        #expect(try engine.kind(of: replicator.id) == .replicator)
        #expect(type(of: plain) == Layer.self)
    }

    @Test("The raw values are the C ABI's LAMINA_LAYER_KIND_*")
    func rawValues() {
        #expect(LayerKind.plain.rawValue == 0)
        #expect(LayerKind.shape.rawValue == 1)
        #expect(LayerKind.gradient.rawValue == 2)
        #expect(LayerKind.replicator.rawValue == 3)
    }

    @Test("superlayer, sublayers and hitTest hand back objects of the kind's subclass")
    func subclassesFromTheTree() throws {
        let engine = Engine()
        var ids: [LayerID] = []
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.position = Point(x: 50, y: 50)
        do {
            // Objects dropped: the engine makes new ones from the kind it stored.
            let replicator = engine.makeReplicatorLayer()
            replicator.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
            replicator.position = Point(x: 50, y: 50)
            let shape = engine.makeShapeLayer()
            shape.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            shape.position = Point(x: 5, y: 5)
            let gradient = engine.makeGradientLayer()
            root.addSublayer(replicator)
            replicator.addSublayer(shape)
            root.addSublayer(gradient)
            ids = [replicator.id, shape.id, gradient.id]
        }
        let subs = root.sublayers
        #expect(subs.count == 2)
        #expect(subs[0] is ReplicatorLayer)
        #expect(subs[0].id == ids[0])
        #expect(subs[1] is GradientLayer)
        let shape = subs[0].sublayers.first
        #expect(shape is ShapeLayer)
        #expect(shape?.superlayer is ReplicatorLayer)
        let hit = try root.hitTest(Point(x: 5, y: 5))
        #expect(hit is ShapeLayer)
        #expect(hit?.id == ids[1])
    }

    @Test("A callback receives the caller's own subclass object")
    func callbackSubclass() throws {
        let engine = Engine()
        let layer = engine.makeShapeLayer()
        engine.tick(0)
        let seen = SharedBox<Bool?>(nil)
        try layer.setDelegate(LayerDelegate { l, _ in
            seen.update { $0 = l === layer && l is ShapeLayer }
            return .continueSearch
        })
        layer.opacity = 0.5
        #expect(seen.value == true)
    }
}

@Suite("Layer kinds: presentation snapshots")
struct KindPresentationSnapshotTests {
    @Test("A presentation snapshot reads its kind's properties and nil for another kind's")
    func snapshot() throws {
        let engine = Engine()
        let shape = engine.makeShapeLayer()
        let plain = engine.makeLayer()
        shape.strokeEnd = 0.25
        engine.tick(0)
        let s = try #require(try shape.presentation())
        #expect(s.value(forKeyPath: "strokeEnd") == .number(0.25))
        #expect(s.value(forKeyPath: "colors") == nil)
        let p = try #require(try plain.presentation())
        #expect(p.value(forKeyPath: "strokeEnd") == nil)
        #expect(p.value(forKeyPath: "opacity") == .number(1))
    }
}

@Suite("Presentation: typed accessors")
struct PresentationAccessorTests {
    @Test("The kinds' properties read typed on screen, mid-animation, and nil on another kind")
    func typed() throws {
        let engine = Engine()
        let shape = engine.makeShapeLayer()
        let gradient = engine.makeGradientLayer()
        let replicator = engine.makeReplicatorLayer()
        let plain = engine.makeLayer()
        shape.strokeEnd = 0
        shape.lineWidth = 4
        gradient.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]
        replicator.instanceCount = 6
        plain.cornerRadius = 8
        engine.tick(0)
        try engine.withTransaction(duration: 1, timingFunction: .linear) { shape.strokeEnd = 1 }
        engine.tick(1)
        let s = try #require(try shape.presentation(at: 1.5))
        #expect(abs(try #require(s.strokeEnd) - 0.5) < 1e-9)  // half-way along a linear 1 s animation
        #expect(s.lineWidth == 4 && s.strokeStart == 0 && s.colors == nil && s.instanceCount == nil)
        #expect(s.fillColor == Color(red: 0, green: 0, blue: 0))
        let g = try #require(try gradient.presentation())
        #expect(g.colors?.count == 2 && g.startPoint == Point(x: 0.5, y: 0) && g.strokeEnd == nil)
        let r = try #require(try replicator.presentation())
        #expect(r.instanceCount == 6 && r.instanceDelay == 0 && r.lineWidth == nil)
        let p = try #require(try plain.presentation())
        #expect(p.cornerRadius == 8 && p.shadowOffset == Size(width: 0, height: -3))
        #expect(p.anchorPoint == Point(x: 0.5, y: 0.5) && p.strokeEnd == nil && p.fillColor == nil)
    }
}
