// SPDX-License-Identifier: Apache-2.0
// Hit testing (CA-12.6–12.11, R10, CA-16 "Hit testing" measured on Apple: gnustep hittest.m),
// on the model and on the presentation, including listing 7.7.

import Testing

@testable import Lamina

/// A root (0,0,100,100) at (50,50), so its space and its superlayer's coincide.
private func root(_ engine: Engine) -> Layer {
    geoLayer(engine, geoRect(0, 0, 100, 100), geoPoint(50, 50))
}

private func child(_ engine: Engine, of parent: Layer, _ bounds: Rect, at position: Point) throws -> Layer {
    let c = geoLayer(engine, bounds, position)
    parent.addSublayer(c)
    return c
}

@Suite("Hit testing: containsPoint (CA-12.6, CA-16)")
struct ContainsPointTests {
    @Test("containsPoint is half-open and measured against the bounds, not the position", arguments: [
        (geoRect(0, 0, 100, 100), geoPoint(0, 0), true),
        (geoRect(0, 0, 100, 100), geoPoint(99.9, 99.9), true),
        (geoRect(0, 0, 100, 100), geoPoint(100, 100), false),
        (geoRect(0, 0, 100, 100), geoPoint(-0.1, 50), false),
        (geoRect(0, 0, 100, 100), geoPoint(500, 500), false),
        (geoRect(10, 10, 100, 100), geoPoint(5, 5), false),
        (geoRect(10, 10, 100, 100), geoPoint(15, 15), true),
        (geoRect(10, 10, 100, 100), geoPoint(109, 109), true),
        (geoRect(10, 10, 100, 100), geoPoint(110, 50), false),
    ])
    func contains(_ bounds: Rect, _ p: Point, _ inside: Bool) throws {
        let engine = Engine()
        let l = geoLayer(engine, bounds, geoPoint(500, 500))
        #expect(try l.contains(p) == inside)
        engine.tick(0)
        #expect(try l.contains(p, in: .presentation()) == inside)
    }

    @Test("A hidden layer still contains points; only hit testing skips it")
    func hiddenStillContains() throws {
        let engine = Engine()
        let l = geoLayer(engine, geoRect(0, 0, 10, 10), .zero)
        l.isHidden = true
        #expect(try l.contains(geoPoint(5, 5)))
    }

    @Test("containsPoint on the presentation reads the animated bounds; errors for bad input")
    func presentationAndErrors() throws {
        let engine = Engine()
        let l = geoLayer(engine, geoRect(0, 0, 10, 10), .zero)
        #expect(geoError { _ = try l.contains(geoPoint(1, 1), in: .presentation()) } == .noPresentation)
        engine.tick(0)
        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(1)
        engine.transaction.timingFunction = .linear
        l.bounds = geoRect(0, 0, 30, 30)
        try engine.transaction.commit()
        #expect(try l.contains(geoPoint(15, 15)))
        #expect(try !l.contains(geoPoint(15, 15), in: .presentation(at: 0.1)))  // 12 × 12 then
        #expect(try l.contains(geoPoint(15, 15), in: .presentation(at: 0.5)))   // 20 × 20
        #expect(geoError { _ = try l.contains(geoPoint(.nan, 1)) } == .invalidArgument)
        #expect(geoError { _ = try l.contains(geoPoint(1, 1), in: .presentation(at: .infinity)) } == .invalidArgument)
        try l.releaseHostReference()
        #expect(geoError { _ = try l.contains(geoPoint(1, 1)) } == .staleHandle)
    }
}

@Suite("Hit testing: the rules (CA-12.7–12.10, R10, CA-16)")
struct HitTestRuleTests {
    @Test("The deepest layer under the point; the layer itself; nothing outside; the far edge is outside (CA-16)")
    func basic() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 20, 20), at: geoPoint(50, 50))
        #expect(try r.hitTest(geoPoint(50, 50)) == c)
        #expect(try r.hitTest(geoPoint(5, 5)) == r)
        #expect(try r.hitTest(geoPoint(500, 500)) == nil)
        #expect(try r.hitTest(geoPoint(100, 100)) == nil)
        #expect(try r.hitTest(geoPoint(0, 0)) == r)
    }

    @Test("The last sublayer is on top; a hidden one is passed over; a higher zPosition lifts a layer (CA-16, R10)")
    func order() throws {
        let engine = Engine()
        let r = root(engine)
        let lower = try child(engine, of: r, geoRect(0, 0, 40, 40), at: geoPoint(50, 50))
        let upper = try child(engine, of: r, geoRect(0, 0, 40, 40), at: geoPoint(50, 50))
        #expect(try r.hitTest(geoPoint(50, 50)) == upper)
        upper.isHidden = true
        #expect(try r.hitTest(geoPoint(50, 50)) == lower)
        upper.isHidden = false
        lower.zPosition = 10
        #expect(try r.hitTest(geoPoint(50, 50)) == lower)
        upper.zPosition = 10  // a tie: the later sibling again
        #expect(try r.hitTest(geoPoint(50, 50)) == upper)
        upper.zPosition = -1  // below every zPosition-0 sibling, even earlier ones
        lower.zPosition = 0
        #expect(try r.hitTest(geoPoint(50, 50)) == lower)
    }

    @Test("Among many siblings: zPosition descending, then later first (R10)", arguments: [
        ([0.0, 0, 0, 0], 3), ([5.0, 0, 0, 0], 0), ([1.0, 2, 2, -1], 2), ([-3.0, -3, -4, -3], 3), ([1.0, 1, 0.5, 0], 1),
    ])
    func manySiblings(_ zs: [Double], _ expected: Int) throws {
        let engine = Engine()
        let r = root(engine)
        var kids: [Layer] = []
        for z in zs {
            let k = try child(engine, of: r, geoRect(0, 0, 40, 40), at: geoPoint(50, 50))
            k.zPosition = z
            kids.append(k)
        }
        #expect(try r.hitTest(geoPoint(50, 50)) == kids[expected])
        engine.tick(0)
        #expect(try r.hitTest(geoPoint(50, 50), in: .presentation()) == kids[expected])
    }

    @Test("A hidden layer's whole subtree is skipped, and a hidden root hits nothing (R10)")
    func hiddenSubtree() throws {
        let engine = Engine()
        let r = root(engine)
        let mid = try child(engine, of: r, geoRect(0, 0, 60, 60), at: geoPoint(50, 50))
        let leaf = try child(engine, of: mid, geoRect(0, 0, 20, 20), at: geoPoint(30, 30))
        #expect(try r.hitTest(geoPoint(50, 50)) == leaf)
        mid.isHidden = true
        #expect(try r.hitTest(geoPoint(50, 50)) == r)
        r.isHidden = true
        #expect(try r.hitTest(geoPoint(50, 50)) == nil)
    }

    @Test("A sublayer outside its superlayer is hit unless the superlayer masks to bounds (CA-12.8, CA-16)")
    func outsideAndMasks() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 20, 20), at: geoPoint(150, 150))
        #expect(try r.hitTest(geoPoint(150, 150)) == c)
        r.masksToBounds = true
        #expect(try r.hitTest(geoPoint(150, 150)) == nil)
        // Inside the mask the sublayer is still found.
        c.position = geoPoint(90, 90)
        #expect(try r.hitTest(geoPoint(95, 95)) == c)
        #expect(try r.hitTest(geoPoint(99.5, 99.5)) == c)
        #expect(try r.hitTest(geoPoint(100.5, 95)) == nil)
    }

    @Test("masksToBounds on an intermediate layer clips its descendants, not its siblings (R10)")
    func intermediateMask() throws {
        let engine = Engine()
        let r = root(engine)
        let clip = try child(engine, of: r, geoRect(0, 0, 20, 20), at: geoPoint(20, 20))  // frame (10,10,20,20)
        let grandchild = try child(engine, of: clip, geoRect(0, 0, 10, 10), at: geoPoint(45, 45))  // in r: (45..55)
        #expect(try r.hitTest(geoPoint(50, 50)) == grandchild)
        clip.masksToBounds = true
        #expect(try r.hitTest(geoPoint(50, 50)) == r)
        let sibling = try child(engine, of: r, geoRect(0, 0, 10, 10), at: geoPoint(50, 50))
        #expect(try r.hitTest(geoPoint(50, 50)) == sibling)
    }

    @Test("Rotations: a point in the corner of the square misses the turned diamond (R10)")
    func rotation() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 40, 40), at: geoPoint(50, 50))
        #expect(try r.hitTest(geoPoint(32, 32)) == c)
        c.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        #expect(try r.hitTest(geoPoint(32, 32)) == r)  // the corner of the unrotated square
        #expect(try r.hitTest(geoPoint(50, 23)) == c)   // the diamond's top tip reaches y ≈ 21.7
        #expect(try r.hitTest(geoPoint(50, 50)) == c)
    }

    @Test("Scales: a child scaled ×2 is hit outside its untransformed frame (R10)")
    func scale() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 20, 20), at: geoPoint(50, 50))
        #expect(try r.hitTest(geoPoint(35, 35)) == r)
        c.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(try r.hitTest(geoPoint(35, 35)) == c)
        #expect(try r.hitTest(geoPoint(29, 50)) == r)  // the scaled frame is (30,30,40,40), half-open
        #expect(try r.hitTest(geoPoint(30, 50)) == c)
    }

    @Test("The superlayer's sublayerTransform moves what is hit, about its anchor point (R10, CA-12.4)")
    func sublayerTransform() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 10, 10), at: geoPoint(25, 25))  // (20..30)
        #expect(try r.hitTest(geoPoint(25, 25)) == c)
        r.sublayerTransform = Transform3D(translationX: 40, y: 0, z: 0)
        #expect(try r.hitTest(geoPoint(25, 25)) == r)
        #expect(try r.hitTest(geoPoint(65, 25)) == c)
        r.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)  // about (50,50): c now (-10..10)
        #expect(try r.hitTest(geoPoint(5, 5)) == c)
        #expect(try r.hitTest(geoPoint(25, 25)) == r)
    }

    @Test("A point is given in the superlayer's space: the superlayer's sublayerTransform applies to the start layer too")
    func startLayerUnderSublayerTransform() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 10, 10), at: geoPoint(25, 25))
        r.sublayerTransform = Transform3D(translationX: 40, y: 0, z: 0)
        #expect(try c.hitTest(geoPoint(65, 25)) == c)
        #expect(try c.hitTest(geoPoint(25, 25)) == nil)
    }

    @Test("A layer seen edge-on cannot be hit, nor its subtree; perspective maps the point plane to plane")
    func edgeOnAndPerspective() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 40, 40), at: geoPoint(50, 50))
        let leaf = try child(engine, of: c, geoRect(0, 0, 40, 40), at: geoPoint(20, 20))
        c.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(try r.hitTest(geoPoint(50, 50)) == r)
        // Rotated 60° about y under perspective: foreshortened in x, so x = 36 (inside the flat
        // square) misses while x = 45 hits.
        r.sublayerTransform = geoPerspective(500)
        c.transform = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
        #expect(try r.hitTest(geoPoint(36, 50)) == r)
        #expect(try r.hitTest(geoPoint(45, 50)) == leaf)
        let local = try leaf.convert(geoPoint(45, 50), from: r)
        #expect(try leaf.contains(local))
    }

    @Test("Opacity, even 0, and doubleSided do not affect hit testing (Lamina's choice where Apple is silent, CA-12.10)")
    func opacityAndDoubleSidedIgnored() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 20, 20), at: geoPoint(50, 50))
        c.opacity = 0
        #expect(try r.hitTest(geoPoint(50, 50)) == c)
        c.isDoubleSided = false
        c.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)  // facing away
        #expect(try r.hitTest(geoPoint(50, 50)) == c)
    }

    @Test("A deep tree does not overflow the stack (the walk keeps its own)")
    func deepTree() throws {
        let engine = Engine()
        let r = root(engine)
        var parent = r
        for _ in 0..<3_000 {
            parent = try child(engine, of: parent, geoRect(0, 0, 100, 100), at: geoPoint(50, 50))
        }
        #expect(try r.hitTest(geoPoint(50, 50)) == parent)
    }

    @Test("Bad arguments: NaN points, NaN times, stale handles")
    func invalid() throws {
        let engine = Engine()
        let r = root(engine)
        #expect(geoError { _ = try r.hitTest(geoPoint(.nan, 1)) } == .invalidArgument)
        #expect(geoError { _ = try r.hitTest(geoPoint(1, -.infinity)) } == .invalidArgument)
        #expect(geoError { _ = try r.hitTest(geoPoint(1, 1), in: .presentation(at: .nan)) } == .invalidArgument)
        #expect(geoError { _ = try r.hitTest(geoPoint(1, 1), in: .presentation()) } == .noPresentation)
        try r.releaseHostReference()
        #expect(geoError { _ = try r.hitTest(geoPoint(1, 1)) } == .staleHandle)
        #expect(geoError { _ = try engine.hitTest(geoPoint(1, 1), in: LayerID(rawValue: 0)) } == .staleHandle)
    }
}

@Suite("Hit testing on the presentation (CA-12.11, R10, listing 7.7)")
struct PresentationHitTestTests {
    /// Listing 7.7: a layer moving across the screen over 4 s is hit where it is
    /// on screen, not at its destination, when hit testing the presentation; the model answers
    /// the opposite.
    @Test("Listing 7.7: a layer moving over 4 s is hit at its on-screen position mid-flight, not at its destination")
    func listing7_7() throws {
        let engine = Engine()
        let screen = geoLayer(engine, geoRect(0, 0, 400, 400), geoPoint(200, 200))
        let box = try child(engine, of: screen, geoRect(0, 0, 50, 50), at: geoPoint(25, 200))
        engine.tick(0)

        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(4)
        box.position = geoPoint(375, 200)
        try engine.transaction.commit()
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick

        engine.tick(2)
        let onScreen = try #require(try box.presentationValue(forKeyPath: "position")?.pointPayloadForGeo)
        let expectedX = 25 + 350 * TimingFunction.default.progress(at: 0.5)
        #expect(geoNear(onScreen.x, expectedX, 1e-9))
        #expect(abs(onScreen.x - 375) > 50)  // mid-flight, far from the destination

        // The presentation: hit where it is now, not where it is going.
        #expect(try screen.hitTest(onScreen, in: .presentation()) == box)
        #expect(try screen.hitTest(geoPoint(375, 200), in: .presentation()) == screen)
        #expect(try screen.hitTest(onScreen, in: .presentation(at: 2)) == box)
        // The model: the opposite.
        #expect(try screen.hitTest(onScreen) == screen)
        #expect(try screen.hitTest(geoPoint(375, 200)) == box)

        // At the start it is still at the origin; after 4 s it has arrived.
        #expect(try screen.hitTest(geoPoint(25, 200), in: .presentation(at: 0)) == box)
        engine.tick(4)
        #expect(try screen.hitTest(geoPoint(375, 200), in: .presentation()) == box)
        #expect(try screen.hitTest(onScreen, in: .presentation()) == screen)
    }

    @Test("Presentation hit tests skip sublayers never committed and ignore uncommitted changes (CA-1.3, R3)")
    func uncommitted() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 20, 20), at: geoPoint(50, 50))
        engine.tick(0)
        let fresh = try child(engine, of: r, geoRect(0, 0, 100, 100), at: geoPoint(50, 50))
        #expect(try r.hitTest(geoPoint(50, 50)) == fresh)
        #expect(try r.hitTest(geoPoint(50, 50), in: .presentation()) == c)
        try engine.transaction.begin()
        c.isHidden = true
        fresh.isHidden = true
        #expect(try r.hitTest(geoPoint(50, 50)) == r)
        #expect(try r.hitTest(geoPoint(50, 50), in: .presentation()) == c)
        try engine.transaction.commit()
    }

    @Test("Presentation hit tests follow an animated transform and sublayerTransform (R10)")
    func animatedTransforms() throws {
        let engine = Engine()
        let r = root(engine)
        let c = try child(engine, of: r, geoRect(0, 0, 10, 10), at: geoPoint(20, 50))
        engine.tick(0)
        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(1)
        engine.transaction.timingFunction = .linear
        r.sublayerTransform = Transform3D(translationX: 60, y: 0, z: 0)
        try engine.transaction.commit()
        #expect(try r.hitTest(geoPoint(20, 50), in: .presentation(at: 0)) == c)
        #expect(try r.hitTest(geoPoint(50, 50), in: .presentation(at: 0.5)) == c)
        #expect(try r.hitTest(geoPoint(20, 50), in: .presentation(at: 0.5)) == r)
        #expect(try r.hitTest(geoPoint(80, 50)) == c)
    }
}

extension Value {
    /// The payload of a `.point`, else nil (geometry suites).
    fileprivate var pointPayloadForGeo: Point? { if case .point(let p) = self { return p }; return nil }
}
