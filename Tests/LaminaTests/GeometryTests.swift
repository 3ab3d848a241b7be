// SPDX-License-Identifier: Apache-2.0
// Geometry (CA-12.1–12.5, CA-12.12, CA-16 "Geometry"): the frame derived and set, the local ↔
// superlayer mapping, and conversions between layers on the model and on the presentation.
// Expected values marked CA-16 were measured on Apple's QuartzCore (gnustep geometry.m and
// conversion.m); CA-12.4's vector is Apple's documentation example.

import Testing

@testable import Lamina

// MARK: - Frame

/// One frame case: a layer's geometry and the frame Apple reports.
struct FrameCase: Sendable, CustomTestStringConvertible {
    var name: String
    var bounds: Rect
    var position: Point
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var transform = Transform3D.identity
    var zPosition = 0.0
    var anchorPointZ = 0.0
    var frame: Rect
    var testDescription: String { name }
}

private let frameCases: [FrameCase] = [
    FrameCase(name: "a centred layer straddles its position (CA-16)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(200, 300), frame: geoRect(150, 275, 100, 50)),
    FrameCase(name: "an anchor at the corner puts the frame at the position (CA-12.3)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(200, 300), anchorPoint: geoPoint(0, 0),
              frame: geoRect(200, 300, 100, 50)),
    FrameCase(name: "an anchor at the far corner puts the frame before the position (CA-16)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(200, 300), anchorPoint: geoPoint(1, 1),
              frame: geoRect(100, 250, 100, 50)),
    FrameCase(name: "the bounds origin does not move the frame (CA-16)",
              bounds: geoRect(11, 22, 100, 50), position: geoPoint(200, 300), frame: geoRect(150, 275, 100, 50)),
    FrameCase(name: "an anchor outside the unit square still places the frame (CA-12.1, CA-16)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(0, 0), anchorPoint: geoPoint(2, -1),
              frame: geoRect(-200, 50, 100, 50)),
    FrameCase(name: "a layer with no size has an empty frame at its position (CA-16)",
              bounds: .zero, position: geoPoint(10, 20), frame: geoRect(10, 20, 0, 0)),
    FrameCase(name: "zPosition and anchorPointZ do not move the frame (CA-16)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(200, 300), zPosition: 17, anchorPointZ: 25,
              frame: geoRect(150, 275, 100, 50)),
    FrameCase(name: "negative bounds sizes are standardized (CA-16)",
              bounds: geoRect(0, 0, -100, -50), position: geoPoint(0, 0), frame: geoRect(-50, -25, 100, 50)),
    FrameCase(name: "a scale grows the frame about the anchor point (CA-12.2, CA-16)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(200, 300),
              transform: Transform3D(scaleX: 2, y: 4, z: 1), frame: geoRect(100, 200, 200, 200)),
    FrameCase(name: "a translation shifts the frame (CA-16)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(200, 300),
              transform: Transform3D(translationX: 10, y: 20, z: 0), frame: geoRect(160, 295, 100, 50)),
    FrameCase(name: "a 45° rotation gives the bounding box of the turned bounds (CA-12.2, CA-16)",
              bounds: geoRect(0, 0, 100, 100), position: geoPoint(0, 0),
              transform: Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1),
              frame: geoRect(-50 * geoSqrt2, -50 * geoSqrt2, 100 * geoSqrt2, 100 * geoSqrt2)),
    FrameCase(name: "a 90° rotation swaps the frame's sides (CA-12.2)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(200, 300),
              transform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1), frame: geoRect(175, 250, 50, 100)),
    FrameCase(name: "a rotation about the anchor point at a corner turns the frame about that corner (CA-12.1)",
              bounds: geoRect(0, 0, 100, 50), position: geoPoint(0, 0), anchorPoint: geoPoint(0, 0),
              transform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1), frame: geoRect(-50, 0, 50, 100)),
]

@Suite("Geometry: frame (CA-12.2, CA-16)")
struct GeometryFrameTests {
    @Test("The frame is derived from bounds, position, anchorPoint and transform", arguments: frameCases)
    func derived(_ c: FrameCase) throws {
        let engine = Engine()
        let layer = geoLayer(engine, c.bounds, c.position)
        layer.anchorPoint = c.anchorPoint
        layer.transform = c.transform
        layer.zPosition = c.zPosition
        layer.anchorPointZ = c.anchorPointZ
        #expect(geoNear(layer.frame, c.frame, 1e-9), "\(layer.frame) ≠ \(c.frame)")
        #expect(geoNear(try layer.frame(in: .model), c.frame, 1e-9))
    }

    @Test("Changing anchorPoint alone moves the frame, not the position (CA-12.3)")
    func anchorMovesFrame() {
        let engine = Engine()
        let layer = geoLayer(engine, geoRect(0, 0, 100, 50), geoPoint(200, 300))
        layer.anchorPoint = geoPoint(0, 0)
        #expect(layer.position == geoPoint(200, 300))
        #expect(layer.frame == geoRect(200, 300, 100, 50))
    }

    @Test("The presentation frame follows animated position and bounds; the model frame is the final one (CA-3.13)")
    func presentationFrame() throws {
        let engine = Engine()
        let layer = geoLayer(engine, geoRect(0, 0, 100, 100), geoPoint(50, 50))
        engine.tick(0)
        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(1)
        engine.transaction.timingFunction = .linear
        layer.position = geoPoint(150, 50)
        try engine.transaction.commit()
        #expect(layer.frame == geoRect(100, 0, 100, 100))
        #expect(geoNear(try layer.frame(in: .presentation(at: 0.5)), geoRect(50, 0, 100, 100)))
        #expect(try layer.frame(in: .presentation(at: 0)) == geoRect(0, 0, 100, 100))
        #expect(try layer.frame(in: .presentation(at: 1)) == geoRect(100, 0, 100, 100))
    }

    @Test("The presentation frame of a layer never committed is noPresentation (R3)")
    func presentationFrameNeedsCommit() {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(geoError { _ = try layer.frame(in: .presentation()) } == .noPresentation)
        #expect(geoError { _ = try layer.frame(in: .presentation(at: .nan)) } == .invalidArgument)
    }
}

// MARK: - Setting the frame

struct SetFrameCase: Sendable, CustomTestStringConvertible {
    var name: String
    var initialBounds = Rect.zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var transform = Transform3D.identity
    var frame: Rect
    var bounds: Rect
    var position: Point
    /// What the frame reads back (nil: the frame set, standardized).
    var readBack: Rect? = nil
    var testDescription: String { name }
}

private let setFrameCases: [SetFrameCase] = [
    SetFrameCase(name: "sizes the bounds and puts the anchor point on the position (CA-16)",
                 frame: geoRect(10, 20, 100, 50), bounds: geoRect(0, 0, 100, 50), position: geoPoint(60, 45)),
    SetFrameCase(name: "an anchor at the corner makes the position the frame origin (CA-16)",
                 anchorPoint: geoPoint(0, 0), frame: geoRect(10, 20, 100, 50),
                 bounds: geoRect(0, 0, 100, 50), position: geoPoint(10, 20)),
    SetFrameCase(name: "an anchor at the far corner makes the position the far edge (CA-16)",
                 anchorPoint: geoPoint(1, 1), frame: geoRect(10, 20, 100, 50),
                 bounds: geoRect(0, 0, 100, 50), position: geoPoint(110, 70)),
    SetFrameCase(name: "the bounds origin is kept (CA-16)",
                 initialBounds: geoRect(11, 22, 5, 5), frame: geoRect(10, 20, 100, 50),
                 bounds: geoRect(11, 22, 100, 50), position: geoPoint(60, 45)),
    SetFrameCase(name: "a negative size is standardized into the bounds (CA-16)",
                 frame: geoRect(0, 0, -100, -50), bounds: geoRect(0, 0, 100, 50), position: geoPoint(-50, -25),
                 readBack: geoRect(-100, -50, 100, 50)),
    SetFrameCase(name: "an empty frame gives empty bounds at its origin (CA-16)",
                 frame: geoRect(10, 20, 0, 0), bounds: .zero, position: geoPoint(10, 20)),
    SetFrameCase(name: "under a scale the bounds shrink to match (CA-16)",
                 transform: Transform3D(scaleX: 2, y: 4, z: 1), frame: geoRect(10, 20, 100, 50),
                 bounds: geoRect(0, 0, 50, 12.5), position: geoPoint(60, 45)),
    SetFrameCase(name: "under a translation the shift is taken back out of the position (CA-16)",
                 transform: Transform3D(translationX: 10, y: 20, z: 0), frame: geoRect(10, 20, 100, 50),
                 bounds: geoRect(0, 0, 100, 50), position: geoPoint(50, 25)),
    SetFrameCase(name: "under a 90° rotation the bounds take the frame's sides swapped (CA-12.2)",
                 transform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1), frame: geoRect(10, 20, 100, 50),
                 bounds: geoRect(0, 0, 50, 100), position: geoPoint(60, 45)),
]

@Suite("Geometry: setting the frame (CA-12.2, CA-16)")
struct GeometrySetFrameTests {
    @Test("Setting the frame sets position and bounds.size", arguments: setFrameCases)
    func setFrame(_ c: SetFrameCase) throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.bounds = c.initialBounds
        layer.anchorPoint = c.anchorPoint
        layer.transform = c.transform
        layer.frame = c.frame
        #expect(geoNear(layer.bounds, c.bounds, 1e-9), "bounds \(layer.bounds)")
        #expect(geoNear(layer.position, c.position, 1e-9), "position \(layer.position)")
        #expect(layer.anchorPoint == c.anchorPoint)
        #expect(geoNear(layer.frame, c.readBack ?? c.frame, 1e-9), "frame \(layer.frame)")
    }

    @Test("Under a 45° rotation (which Apple warns against) the origin is kept and the frame grows to the box (CA-12.2)")
    func rotatedFortyFive() {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        layer.frame = geoRect(0, 0, 100, 100)
        #expect(geoNear(layer.frame.origin, geoPoint(0, 0), 1e-9))
        #expect(layer.frame.size.width > 100)
    }

    @Test("Under a zero scale the frame's size becomes the bounds size (Lamina's rule: the inverse does not exist)")
    func singular() {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.transform = Transform3D(scaleX: 0, y: 0, z: 1)
        layer.frame = geoRect(10, 20, 100, 50)
        #expect(layer.bounds == geoRect(0, 0, 100, 50))
        #expect(layer.position == geoPoint(60, 45))
    }

    @Test("Frame is not animatable, but the position and bounds it sets animate implicitly (CA-3.13, R6)")
    func animatesThroughPositionAndBounds() throws {
        let engine = Engine()
        let layer = geoLayer(engine, geoRect(0, 0, 100, 100), geoPoint(50, 50))
        engine.tick(0)
        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(1)
        engine.transaction.timingFunction = .linear
        layer.frame = geoRect(100, 100, 200, 200)
        try engine.transaction.commit()
        #expect(layer.position == geoPoint(200, 200))
        #expect(layer.bounds == geoRect(0, 0, 200, 200))
        #expect(try layer.presentationValue(forKeyPath: "position", at: 0.5) == .point(geoPoint(125, 125)))
        #expect(try layer.presentationValue(forKeyPath: "bounds", at: 0.5) == .rect(geoRect(0, 0, 150, 150)))
        #expect(geoNear(try layer.frame(in: .presentation(at: 0.5)), geoRect(50, 50, 150, 150)))
    }

    @Test("Setting a frame with NaN or infinity is invalidArgument and changes nothing; a stale layer is staleHandle")
    func invalid() throws {
        let engine = Engine()
        let layer = geoLayer(engine, geoRect(0, 0, 10, 10), geoPoint(5, 5))
        for bad in [geoRect(.nan, 0, 1, 1), geoRect(0, .infinity, 1, 1), geoRect(0, 0, -.infinity, 1), geoRect(0, 0, 1, .nan)] {
            #expect(geoError { try engine.setFrame(bad, of: layer.id) } == .invalidArgument)
        }
        #expect(layer.bounds == geoRect(0, 0, 10, 10))
        #expect(layer.position == geoPoint(5, 5))
        try layer.releaseHostReference()
        #expect(geoError { try engine.setFrame(geoRect(0, 0, 1, 1), of: layer.id) } == .staleHandle)
        #expect(geoError { _ = try engine.frame(of: layer.id) } == .staleHandle)
    }
}

// MARK: - Conversions

/// A parent (0,0,200,200) at (100,100) with a child (0,0,50,50) at (100,50): gnustep
/// conversion.m's fixture, measured on Apple (CA-16).
private func parentAndChild(_ engine: Engine, parentBounds: Rect = geoRect(0, 0, 200, 200)) throws -> (Layer, Layer) {
    let parent = geoLayer(engine, parentBounds, geoPoint(100, 100))
    let child = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(100, 50))
    parent.addSublayer(child)
    return (parent, child)
}

struct PointConversionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var parentSublayerTransform = Transform3D.identity
    var childTransform = Transform3D.identity
    var parentBounds = geoRect(0, 0, 200, 200)
    var childPoint: Point
    var parentPoint: Point
    var testDescription: String { name }
}

private let pointConversionCases: [PointConversionCase] = [
    PointConversionCase(name: "the child origin lands at its offset in the parent (CA-16)",
                        childPoint: geoPoint(0, 0), parentPoint: geoPoint(75, 25)),
    PointConversionCase(name: "the child's far corner lands past it (CA-16)",
                        childPoint: geoPoint(50, 50), parentPoint: geoPoint(125, 75)),
    PointConversionCase(name: "the superlayer's bounds origin does not move the child (CA-16)",
                        parentBounds: geoRect(10, 20, 200, 200), childPoint: geoPoint(0, 0), parentPoint: geoPoint(75, 25)),
    PointConversionCase(name: "a child scaled ×2 spreads its origin away from its anchor (CA-16)",
                        childTransform: Transform3D(scaleX: 2, y: 2, z: 1), childPoint: geoPoint(0, 0), parentPoint: geoPoint(50, 0)),
    PointConversionCase(name: "and its far corner the other way (CA-16)",
                        childTransform: Transform3D(scaleX: 2, y: 2, z: 1), childPoint: geoPoint(50, 50), parentPoint: geoPoint(150, 100)),
    PointConversionCase(name: "the superlayer's sublayerTransform moves the child (CA-16)",
                        parentSublayerTransform: Transform3D(translationX: 10, y: 20, z: 0),
                        childPoint: geoPoint(0, 0), parentPoint: geoPoint(85, 45)),
    PointConversionCase(name: "a sublayerTransform scale applies about the superlayer's anchor point (CA-12.4, CA-16)",
                        parentSublayerTransform: Transform3D(scaleX: 2, y: 2, z: 1),
                        childTransform: Transform3D(translationX: 5, y: 6, z: 0),
                        childPoint: geoPoint(0, 0), parentPoint: geoPoint(60, -38)),
    PointConversionCase(name: "a child rotated 90° about its centre turns its origin to the top right",
                        childTransform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1),
                        childPoint: geoPoint(0, 0), parentPoint: geoPoint(125, 25)),
    PointConversionCase(name: "a rotated child keeps its centre in place (CA-16)",
                        childTransform: Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1),
                        childPoint: geoPoint(25, 25), parentPoint: geoPoint(100, 50)),
]

@Suite("Geometry: converting between layers (CA-12.4, CA-12.5, CA-16)")
struct GeometryConversionTests {
    @Test("Points convert child → parent, and back exactly", arguments: pointConversionCases)
    func pointBetweenChildAndParent(_ c: PointConversionCase) throws {
        let engine = Engine()
        let (parent, child) = try parentAndChild(engine, parentBounds: c.parentBounds)
        parent.sublayerTransform = c.parentSublayerTransform
        child.transform = c.childTransform
        #expect(geoNear(try child.convert(c.childPoint, to: parent), c.parentPoint, 1e-9))
        #expect(geoNear(try parent.convert(c.childPoint, from: child), c.parentPoint, 1e-9))
        #expect(geoNear(try child.convert(c.parentPoint, from: parent), c.childPoint, 1e-9))
        #expect(geoNear(try parent.convert(c.parentPoint, to: child), c.childPoint, 1e-9))
    }

    @Test("Rectangles move and scale with the layer; a rotated one becomes its bounding box (CA-16)")
    func rectangles() throws {
        let engine = Engine()
        let (parent, child) = try parentAndChild(engine)
        #expect(try child.convert(geoRect(0, 0, 10, 20), to: parent) == geoRect(75, 25, 10, 20))
        #expect(try parent.convert(geoRect(0, 0, 10, 20), to: child) == geoRect(-75, -25, 10, 20))
        child.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(try child.convert(geoRect(0, 0, 10, 20), to: parent) == geoRect(50, 0, 20, 40))

        let rotated = geoLayer(engine, geoRect(0, 0, 100, 100), geoPoint(100, 100))
        rotated.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        parent.addSublayer(rotated)
        let box = try rotated.convert(geoRect(0, 0, 100, 100), to: parent)
        #expect(geoNear(box, geoRect(100 - 50 * geoSqrt2, 100 - 50 * geoSqrt2, 100 * geoSqrt2, 100 * geoSqrt2)))
        #expect(geoNear(try rotated.convert(geoPoint(50, 50), to: parent), geoPoint(100, 100)))
    }

    @Test("CA-12.4's test vector comes out exactly: (50,50,200,200) from a sibling scaled by 0.5 is (−220,−140,400,400)")
    func appleDocumentationVector() throws {
        // Apple's convert(_:from:) example: both layers get frame (0,0,640,480), then the yellow
        // one the transform scale(0.5, 0.5, 1); both are sublayers of the same layer.
        let engine = Engine()
        let container = geoLayer(engine, geoRect(0, 0, 640, 480), geoPoint(320, 240))
        let red = engine.makeLayer()
        let yellow = engine.makeLayer()
        container.addSublayer(red)
        container.addSublayer(yellow)
        red.frame = geoRect(0, 0, 640, 480)
        yellow.frame = geoRect(0, 0, 640, 480)
        yellow.transform = Transform3D(scaleX: 0.5, y: 0.5, z: 1)

        #expect(try yellow.convert(geoRect(50, 50, 200, 200), from: red) == geoRect(-220, -140, 400, 400))
        #expect(try red.convert(geoRect(50, 50, 200, 200), to: yellow) == geoRect(-220, -140, 400, 400))
        #expect(try yellow.convert(geoPoint(50, 50), from: red) == geoPoint(-220, -140))
        #expect(try red.convert(geoPoint(50, 50), to: yellow) == geoPoint(-220, -140))
        #expect(yellow.frame == geoRect(160, 120, 320, 240))
        // The same on the presentation once committed.
        engine.tick(0)
        #expect(try yellow.convert(geoRect(50, 50, 200, 200), from: red, in: .presentation()) == geoRect(-220, -140, 400, 400))
    }

    @Test("A layer converts to itself unchanged (CA-16)")
    func toItself() throws {
        let engine = Engine()
        let l = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(100, 50))
        l.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        #expect(geoNear(try l.convert(geoPoint(3, 4), to: l), geoPoint(3, 4)))
        #expect(geoNear(try l.convert(geoRect(3, 4, 5, 6), to: l), geoRect(3, 4, 5, 6)))
    }

    @Test("Across the tree: through both parents, down again, between siblings (CA-16)")
    func acrossTheTree() throws {
        let engine = Engine()
        let g0 = geoLayer(engine, geoRect(0, 0, 400, 400), geoPoint(200, 200))
        let g1 = geoLayer(engine, geoRect(0, 0, 200, 200), geoPoint(100, 100))
        let g2 = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(25, 25))
        g0.addSublayer(g1)
        g1.addSublayer(g2)
        #expect(try g2.convert(geoPoint(0, 0), to: g0) == geoPoint(0, 0))
        #expect(try g0.convert(geoPoint(0, 0), to: g2) == geoPoint(0, 0))
        let parent = geoLayer(engine, geoRect(0, 0, 200, 200), geoPoint(100, 100))
        let s1 = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(25, 25))
        let s2 = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(125, 25))
        parent.addSublayer(s1)
        parent.addSublayer(s2)
        #expect(try s1.convert(geoPoint(0, 0), to: s2) == geoPoint(-100, 0))
    }

    @Test("Layers of different trees convert through root space, as on Apple; a detached layer is a root of its own (CA-16)")
    func differentTrees() throws {
        let engine = Engine()
        let u1 = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(25, 25))
        let u2 = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(500, 500))
        #expect(try u1.convert(geoPoint(0, 0), to: u2) == geoPoint(-475, -475))
        let (parent, d) = try parentAndChild(engine)
        #expect(try d.convert(geoPoint(0, 0), to: parent) == geoPoint(75, 25))
        d.removeFromSuperlayer()
        #expect(try d.convert(geoPoint(0, 0), to: parent) == geoPoint(75, 25))
    }

    @Test("A nil layer is root space: from nil subtracts the frame origin of a layer under a window-like root (CA-12.5)")
    func nilIsRootSpace() throws {
        let engine = Engine()
        let window = geoLayer(engine, geoRect(0, 0, 320, 480), geoPoint(160, 240))
        let child = geoLayer(engine, geoRect(0, 0, 100, 100), geoPoint(100, 150))  // frame (50, 100, …)
        window.addSublayer(child)
        #expect(try child.convert(geoPoint(70, 130), from: nil) == geoPoint(20, 30))
        #expect(try child.convert(geoPoint(20, 30), to: nil) == geoPoint(70, 130))
        #expect(try child.convert(geoRect(70, 130, 10, 10), from: nil) == geoRect(20, 30, 10, 10))
        #expect(try engine.convert(geoPoint(1, 2), from: nil, to: nil) == geoPoint(1, 2))
        // Root space is where the root is positioned: a root moved by 10 moves everything.
        window.position = geoPoint(170, 240)
        #expect(try child.convert(geoPoint(20, 30), to: nil) == geoPoint(80, 130))
        #expect(try window.convert(geoPoint(0, 0), to: nil) == geoPoint(10, 0))
    }

    @Test("The sublayerTransform applies about the superlayer's anchor point including anchorPointZ (Lamina's choice)")
    func sublayerTransformAnchorZ() throws {
        let engine = Engine()
        let (parent, child) = try parentAndChild(engine)
        // Under a perspective with eye distance 100, a plane 10 behind the pivot shrinks by
        // 1/1.1 about the pivot: anchorPointZ 10 puts the parent's pivot 10 in front of the
        // sublayers' plane.
        parent.sublayerTransform = geoPerspective(100)
        #expect(geoNear(try child.convert(geoPoint(0, 0), to: parent), geoPoint(75, 25)))
        parent.anchorPointZ = 10
        let p = try child.convert(geoPoint(0, 0), to: parent)
        #expect(geoNear(p, geoPoint(100 + (75 - 100) / 1.1, 100 + (25 - 100) / 1.1), 1e-9))
    }

    @Test("Under perspective and 3D rotations a point converts there and back (plane to plane)")
    func perspectiveRoundTrip() throws {
        let engine = Engine()
        let (parent, child) = try parentAndChild(engine)
        parent.sublayerTransform = geoPerspective(500)
        child.transform = Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0)
        child.zPosition = 40
        for p in [geoPoint(0, 0), geoPoint(10, 40), geoPoint(50, 50), geoPoint(-20, 7)] {
            let up = try child.convert(p, to: parent)
            #expect(geoNear(try child.convert(up, from: parent), p, 1e-9))
        }
        // A rotation about y foreshortens x: the far edge is nearer the centre than 25 away.
        let right = try child.convert(geoPoint(50, 25), to: parent)
        #expect(right.x - 100 < 25 && right.x - 100 > 0)
    }

    @Test("Converting into a layer seen edge-on is invalidArgument; out of it works")
    func edgeOn() throws {
        let engine = Engine()
        let (parent, child) = try parentAndChild(engine)
        child.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(geoError { _ = try child.convert(geoPoint(80, 30), from: parent) } == .invalidArgument)
        #expect(geoError { _ = try child.convert(geoRect(80, 30, 1, 1), from: parent) } == .invalidArgument)
        let p = try child.convert(geoPoint(10, 10), to: parent)
        #expect(geoNear(p.x, 100, 1e-9))
    }

    @Test("Conversions on the presentation follow animations; the model reads the final values (CA-12.11)")
    func presentation() throws {
        let engine = Engine()
        let (parent, child) = try parentAndChild(engine)
        engine.tick(0)
        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(2)
        engine.transaction.timingFunction = .linear
        child.position = geoPoint(100, 150)
        try engine.transaction.commit()
        #expect(try child.convert(geoPoint(0, 0), to: parent) == geoPoint(75, 125))
        #expect(geoNear(try child.convert(geoPoint(0, 0), to: parent, in: .presentation(at: 1)), geoPoint(75, 75)))
        #expect(try child.convert(geoPoint(0, 0), to: parent, in: .presentation()) == geoPoint(75, 25))
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(1)
        #expect(geoNear(try child.convert(geoPoint(0, 0), to: parent, in: .presentation()), geoPoint(75, 75)))
    }

    @Test("On the presentation a layer never committed on the way is noPresentation (R3)")
    func presentationNeedsCommit() throws {
        let engine = Engine()
        let (parent, child) = try parentAndChild(engine)
        #expect(geoError { _ = try child.convert(geoPoint(0, 0), to: parent, in: .presentation()) } == .noPresentation)
        engine.tick(0)
        let fresh = engine.makeLayer()
        parent.addSublayer(fresh)
        #expect(geoError { _ = try fresh.convert(geoPoint(0, 0), to: child, in: .presentation()) } == .noPresentation)
        #expect(geoError { _ = try fresh.convert(geoPoint(0, 0), to: nil, in: .presentation()) } == .noPresentation)
        #expect(try fresh.convert(geoPoint(0, 0), to: child) == geoPoint(-75, -25))  // the model has it
    }

    @Test("Bad arguments: NaN points and times, stale handles, layers of other engines")
    func invalid() throws {
        let engine = Engine()
        let (parent, child) = try parentAndChild(engine)
        #expect(geoError { _ = try child.convert(geoPoint(.nan, 0), to: parent) } == .invalidArgument)
        #expect(geoError { _ = try child.convert(geoRect(0, 0, .infinity, 1), to: parent) } == .invalidArgument)
        #expect(geoError { _ = try child.convert(geoPoint(0, 0), to: parent, in: .presentation(at: .nan)) } == .invalidArgument)
        let other = Engine().makeLayer()
        #expect(geoError { _ = try child.convert(geoPoint(0, 0), to: other) } == .misuse)
        #expect(geoError { _ = try child.convert(geoRect(0, 0, 1, 1), from: other) } == .misuse)
        let stale = engine.makeLayer()
        try stale.releaseHostReference()
        #expect(geoError { _ = try child.convert(geoPoint(0, 0), to: stale) } == .staleHandle)
        #expect(geoError { _ = try engine.convert(geoPoint(0, 0), from: stale.id, to: nil) } == .staleHandle)
        #expect(geoError { _ = try engine.convert(geoPoint(0, 0), from: LayerID(rawValue: 0), to: nil) } == .staleHandle)
    }
}

// MARK: - Math pieces

@Suite("Geometry: rectangles and plane maps (CA-12.6, CA-12.12)")
struct GeometryMathTests {
    @Test("Rect.contains is half-open on the standardized rectangle (CA-12.6, CA-16)", arguments: [
        (geoPoint(0, 0), true), (geoPoint(99.9, 99.9), true), (geoPoint(100, 100), false),
        (geoPoint(-0.1, 50), false), (geoPoint(100, 50), false), (geoPoint(50, 100), false),
        (geoPoint(99.999, 0), true),
    ])
    func halfOpen(_ p: Point, _ inside: Bool) {
        #expect(geoRect(0, 0, 100, 100).contains(p) == inside)
        #expect(geoRect(100, 100, -100, -100).contains(p) == inside)
    }

    @Test("An empty rectangle contains nothing, not even its origin")
    func emptyContainsNothing() {
        #expect(!Rect.zero.contains(.zero))
        #expect(!geoRect(0, 0, 10, 0).contains(geoPoint(5, 0)))
    }

    @Test("Rect.applying gives the bounding box of the transformed corners (CA-12.2)")
    func applying() {
        let r = geoRect(0, 0, 100, 50)
        #expect(r.applying(Transform3D(scaleX: 2, y: -1, z: 1)) == geoRect(0, -50, 200, 50))
        #expect(r.applying(Transform3D(translationX: 3, y: 4, z: 9)) == geoRect(3, 4, 100, 50))
        #expect(geoNear(r.applying(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)), geoRect(-50, 0, 50, 100)))
    }

    @Test("A plane map inverts exactly what it maps, and a singular one has no inverse")
    func planeMaps() throws {
        var t = Transform3D(rotationAngle: 0.7, x: 0.2, y: 1, z: 0.1)
        t.m34 = -1 / 300
        let m = PlaneMap(t.translatedBy(x: 5, y: -3, z: 2))
        let inverse = try #require(m.inverted())
        for p in [geoPoint(0, 0), geoPoint(12, -7), geoPoint(100, 40)] {
            let q = try #require(m.apply(p))
            #expect(geoNear(try #require(inverse.apply(q)), p, 1e-9))
        }
        #expect(PlaneMap(Transform3D(scaleX: 0, y: 1, z: 1)).inverted() == nil)
        #expect(PlaneMap(Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)).inverted() == nil)
        #expect(PlaneMap.identity.inverted() == .identity)
        // w ≤ 0: behind the viewer, no image.
        #expect(PlaneMap(geoPerspective(100)).apply(geoPoint(0, 0)) == geoPoint(0, 0))
        var behind = Transform3D.identity
        behind.m14 = -0.01
        #expect(PlaneMap(behind).apply(geoPoint(200, 0)) == nil)
    }

    @Test("Composing plane maps equals flattening the 4×4 product between planes")
    func flatteningEqualsComposition() {
        var a = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0).translatedBy(x: 1, y: 2, z: 3)
        a.m34 = -0.002
        let b = Transform3D(rotationAngle: -0.3, x: 1, y: 0, z: 0).scaledBy(x: 2, y: 1, z: 3)
        var flat = a
        flat.m13 = 0; flat.m23 = 0; flat.m33 = 0; flat.m43 = 0
        let composed = PlaneMap(a).concatenating(PlaneMap(b))
        let product = PlaneMap(flat.concatenating(b))
        for (x, y) in zip([composed.m11, composed.m12, composed.m13, composed.m21, composed.m22, composed.m23, composed.m31, composed.m32, composed.m33],
                          [product.m11, product.m12, product.m13, product.m21, product.m22, product.m23, product.m31, product.m32, product.m33]) {
            #expect(geoNear(x, y, 1e-12))
        }
    }
}
