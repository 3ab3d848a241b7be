// SPDX-License-Identifier: Apache-2.0
// Key-value access (CA-7.6, CA-7.7, CA-13): key paths into structs, the defaults of every
// built-in property, argument validation (R12) and custom property registration (CA-3.16).

import Testing

@testable import Lamina

@Suite("Key paths into structs (CA-7.6)")
struct KeyPathComponentTests {
    @Test("position.x and position.y read and write one component (CA-7.6)")
    func positionComponents() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.position = Point(x: 3, y: 4)
        #expect(try layer.value(forKeyPath: "position.x") == .number(3))
        #expect(try layer.value(forKeyPath: "position.y") == .number(4))
        try layer.setValue(.number(30), forKeyPath: "position.x")
        #expect(layer.position == Point(x: 30, y: 4))
        try layer.setValue(.number(-40), forKeyPath: "position.y")
        #expect(layer.position == Point(x: 30, y: -40))
    }

    @Test("anchorPoint.x/.y and shadowOffset.width/.height (CA-7.6)")
    func anchorAndShadowOffset() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(try layer.value(forKeyPath: "anchorPoint.x") == .number(0.5))
        try layer.setValue(.number(0), forKeyPath: "anchorPoint.y")
        #expect(layer.anchorPoint == Point(x: 0.5, y: 0))
        #expect(try layer.value(forKeyPath: "shadowOffset.width") == .number(0))
        #expect(try layer.value(forKeyPath: "shadowOffset.height") == .number(-3))
        try layer.setValue(.number(7), forKeyPath: "shadowOffset.width")
        #expect(layer.shadowOffset == Size(width: 7, height: -3))
    }

    @Test("bounds.origin(.x/.y) and bounds.size(.width/.height) (CA-7.6)")
    func boundsComponents() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.bounds = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(try layer.value(forKeyPath: "bounds.origin") == .point(Point(x: 1, y: 2)))
        #expect(try layer.value(forKeyPath: "bounds.origin.x") == .number(1))
        #expect(try layer.value(forKeyPath: "bounds.origin.y") == .number(2))
        #expect(try layer.value(forKeyPath: "bounds.size") == .size(Size(width: 3, height: 4)))
        #expect(try layer.value(forKeyPath: "bounds.size.width") == .number(3))
        #expect(try layer.value(forKeyPath: "bounds.size.height") == .number(4))

        try layer.setValue(.point(Point(x: 10, y: 20)), forKeyPath: "bounds.origin")
        #expect(layer.bounds == Rect(x: 10, y: 20, width: 3, height: 4))
        try layer.setValue(.number(11), forKeyPath: "bounds.origin.x")
        try layer.setValue(.number(21), forKeyPath: "bounds.origin.y")
        #expect(layer.bounds == Rect(x: 11, y: 21, width: 3, height: 4))
        try layer.setValue(.size(Size(width: 30, height: 40)), forKeyPath: "bounds.size")
        #expect(layer.bounds == Rect(x: 11, y: 21, width: 30, height: 40))
        try layer.setValue(.number(31), forKeyPath: "bounds.size.width")
        try layer.setValue(.number(41), forKeyPath: "bounds.size.height")
        #expect(layer.bounds == Rect(x: 11, y: 21, width: 31, height: 41))
    }

    @Test("Rect components work on every rect property (contentsRect.size.width) (CA-7.6)")
    func otherRects() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(try layer.value(forKeyPath: "contentsRect.size.width") == .number(1))
        try layer.setValue(.number(0.5), forKeyPath: "contentsCenter.origin.x")
        #expect(layer.contentsCenter == Rect(x: 0.5, y: 0, width: 1, height: 1))
    }

    @Test("transform.rotation.z and transform.rotation write a z rotation and read it back (CA-7.6)",
          arguments: ["transform.rotation.z", "transform.rotation"])
    func rotationZ(_ keyPath: String) throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        try layer.setValue(.number(.pi / 3), forKeyPath: keyPath)
        #expect(approx(layer.transform, Transform3D(rotationAngle: .pi / 3, x: 0, y: 0, z: 1), tolerance: 1e-12))
        #expect(approx(try layer.modelNumber("transform.rotation.z"), .pi / 3, tolerance: 1e-12))
        #expect(approx(try layer.modelNumber("transform.rotation"), .pi / 3, tolerance: 1e-12))
        #expect(approx(try layer.modelNumber("transform.rotation.x"), 0, tolerance: 1e-12))
        #expect(approx(try layer.modelNumber("transform.rotation.y"), 0, tolerance: 1e-12))
    }

    @Test("transform.rotation.x and .y write rotations about x and y (CA-7.6)",
          arguments: [("transform.rotation.x", 1.0, 0.0, 0.0), ("transform.rotation.y", 0.0, 1.0, 0.0)])
    func rotationXY(_ keyPath: String, _ ax: Double, _ ay: Double, _ az: Double) throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        try layer.setValue(.number(0.4), forKeyPath: keyPath)
        #expect(approx(layer.transform, Transform3D(rotationAngle: 0.4, x: ax, y: ay, z: az), tolerance: 1e-12))
        #expect(approx(try layer.modelNumber(keyPath), 0.4, tolerance: 1e-12))
        #expect(approx(try layer.modelNumber("transform.rotation.z"), 0, tolerance: 1e-12))
    }

    @Test("transform.scale.x/.y/.z set one factor; transform.scale sets all three and reads their mean (CA-7.6)")
    func scale() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        try layer.setValue(.number(2), forKeyPath: "transform.scale.x")
        try layer.setValue(.number(3), forKeyPath: "transform.scale.y")
        try layer.setValue(.number(4), forKeyPath: "transform.scale.z")
        #expect(approx(layer.transform, Transform3D(scaleX: 2, y: 3, z: 4), tolerance: 1e-12))
        #expect(approx(try layer.modelNumber("transform.scale.y"), 3, tolerance: 1e-12))
        #expect(approx(try layer.modelNumber("transform.scale"), 3, tolerance: 1e-12))
        try layer.setValue(.number(5), forKeyPath: "transform.scale")
        #expect(approx(layer.transform, Transform3D(scaleX: 5, y: 5, z: 5), tolerance: 1e-12))
        #expect(approx(try layer.modelNumber("transform.scale"), 5, tolerance: 1e-12))
    }

    @Test("transform.translation.x/.y/.z and transform.translation (a size: x and y) (CA-7.6)")
    func translation() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        try layer.setValue(.number(5), forKeyPath: "transform.translation.x")
        try layer.setValue(.number(6), forKeyPath: "transform.translation.y")
        try layer.setValue(.number(7), forKeyPath: "transform.translation.z")
        let m = layer.transform
        #expect(m.m41 == 5 && m.m42 == 6 && m.m43 == 7)
        #expect(approx(try layer.modelNumber("transform.rotation.z"), 0.5, tolerance: 1e-12))  // kept
        #expect(try layer.value(forKeyPath: "transform.translation") == .size(Size(width: 5, height: 6)))
        try layer.setValue(.size(Size(width: -1, height: -2)), forKeyPath: "transform.translation")
        #expect(layer.transform.m41 == -1 && layer.transform.m42 == -2 && layer.transform.m43 == 7)
        #expect(try layer.modelNumber("transform.translation.z") == 7)
    }

    @Test("Key paths work on sublayerTransform too (CA-7.6)")
    func sublayerTransformKeyPath() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        try layer.setValue(.number(2), forKeyPath: "sublayerTransform.scale")
        #expect(approx(layer.sublayerTransform, Transform3D(scaleX: 2, y: 2, z: 2), tolerance: 1e-12))
        #expect(layer.transform == .identity)
    }
}

@Suite("Key-value validation (R12)")
struct KeyPathValidationTests {
    @Test("Unknown keys and unknown components throw unknownKey and change nothing (R12)", arguments: [
        "", "nope", "Opacity", "frame", "position.z", "position.", ".x", "opacity.x", "bounds.x",
        "bounds.origin.z", "bounds.size.depth", "bounds.width", "transform.rotation.w", "transform.skew",
        "transform.scale.w", "transform.translation.w", "shadowOffset.x", "name.length", "hidden.x",
        "backgroundColor.red", "position.x.y",
    ])
    func unknownKeys(_ keyPath: String) throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(laminaErrorCode { _ = try layer.value(forKeyPath: keyPath) } == .unknownKey)
        #expect(laminaErrorCode { try layer.setValue(.number(1), forKeyPath: keyPath) } == .unknownKey)
        #expect(laminaErrorCode { _ = try layer.presentationValue(forKeyPath: keyPath) } == .unknownKey)
        #expect(laminaErrorCode { _ = try engine.resolve(keyPath: keyPath) } == .unknownKey)
    }

    @Test("Values of the wrong type throw typeMismatch and change nothing (R12)", arguments: [
        ("opacity", Value.point(.zero)),
        ("opacity", .null),
        ("opacity", .bool(true)),
        ("position", .number(1)),
        ("position", .size(.zero)),
        ("position", .null),
        ("position.x", .point(.zero)),
        ("position.x", .null),
        ("bounds", .point(.zero)),
        ("bounds.origin", .size(.zero)),
        ("bounds.size", .point(.zero)),
        ("bounds.size.width", .size(.zero)),
        ("transform", .rect(.zero)),
        ("transform.scale", .size(.zero)),
        ("transform.translation", .number(1)),
        ("transform.rotation.z", .transform(.identity)),
        ("backgroundColor", .number(1)),
        ("backgroundColor", .string("red")),
        ("hidden", .number(1)),
        ("name", .number(1)),
        ("shadowOffset", .point(.zero)),
    ])
    func typeMismatch(_ keyPath: String, _ value: Value) throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let head = String(keyPath.split(separator: ".").first!)
        let before = try layer.value(forKeyPath: head)
        #expect(laminaErrorCode { try layer.setValue(value, forKeyPath: keyPath) } == .typeMismatch)
        #expect(try layer.value(forKeyPath: head) == before)
    }

    @Test("NaN and infinities throw invalidArgument and change nothing (R12)", arguments: [
        ("opacity", Value.number(.nan)),
        ("opacity", .number(.infinity)),
        ("position", .point(Point(x: .nan, y: 0))),
        ("position.y", .number(-.infinity)),
        ("bounds", .rect(Rect(x: 0, y: 0, width: .infinity, height: 1))),
        ("bounds.size", .size(Size(width: 1, height: .nan))),
        ("transform.rotation.z", .number(.nan)),
        ("backgroundColor", .color(Color(red: .nan, green: 0, blue: 0))),
        ("shadowOffset", .size(Size(width: .infinity, height: 0))),
    ])
    func nonFinite(_ keyPath: String, _ value: Value) throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let head = String(keyPath.split(separator: ".").first!)
        let before = try layer.value(forKeyPath: head)
        #expect(laminaErrorCode { try layer.setValue(value, forKeyPath: keyPath) } == .invalidArgument)
        #expect(try layer.value(forKeyPath: head) == before)
    }

    @Test("A transform with a non-finite entry is refused (R12)")
    func nonFiniteTransform() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        var m = Transform3D.identity
        m.m34 = .nan
        #expect(laminaErrorCode { try layer.setValue(.transform(m), forKeyPath: "transform") } == .invalidArgument)
        m.m34 = 0
        m.m43 = .infinity
        #expect(laminaErrorCode { try layer.setValue(.transform(m), forKeyPath: "sublayerTransform") } == .invalidArgument)
        #expect(layer.transform == .identity)
        #expect(layer.sublayerTransform == .identity)
    }

    @Test("Nullable properties accept nil; component paths do not (CA-13.3, R12)")
    func nullable() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        try layer.setValue(.null, forKeyPath: "borderColor")
        #expect(layer.borderColor == nil)
        try layer.setValue(.null, forKeyPath: "shadowColor")
        #expect(layer.shadowColor == nil)
        try layer.setValue(.string("x"), forKeyPath: "name")
        try layer.setValue(.null, forKeyPath: "name")
        #expect(layer.name == nil)
        layer.backgroundColor = .white
        try layer.setValue(.null, forKeyPath: "backgroundColor")
        #expect(layer.backgroundColor == nil)
    }

    @Test("A failed set is not a change: it opens no transaction and adds no animation (R12)")
    func failedSetNoChange() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        try engine.withTransaction(duration: 1, completion: { log.record("done") }) {
            _ = laminaErrorCode { try layer.setValue(.number(.nan), forKeyPath: "opacity") }
            _ = laminaErrorCode { try layer.setValue(.point(.zero), forKeyPath: "opacity") }
        }
        engine.tick(0.01)
        #expect(log.entries == ["done"])
        #expect(try layer.presentedNumber("opacity") == 1)
    }
}

@Suite("Built-in defaults (CA-13, CA-16)")
struct DefaultValueTests {
    @Test("Every built-in property starts at Core Animation's default (CA-13.1–13.5, CA-16)", arguments: [
        ("bounds", Value.rect(.zero)),
        ("position", .point(.zero)),
        ("zPosition", .number(0)),
        ("anchorPoint", .point(Point(x: 0.5, y: 0.5))),
        ("anchorPointZ", .number(0)),
        ("transform", .transform(.identity)),
        ("sublayerTransform", .transform(.identity)),
        ("hidden", .bool(false)),
        ("doubleSided", .bool(true)),
        ("masksToBounds", .bool(false)),
        ("contentsRect", .rect(Rect(x: 0, y: 0, width: 1, height: 1))),
        ("contentsCenter", .rect(Rect(x: 0, y: 0, width: 1, height: 1))),
        ("contentsScale", .number(1)),
        ("backgroundColor", .null),
        ("cornerRadius", .number(0)),
        ("borderWidth", .number(0)),
        ("borderColor", .color(Color(red: 0, green: 0, blue: 0, alpha: 1))),
        ("opacity", .number(1)),
        ("shadowColor", .color(Color(red: 0, green: 0, blue: 0, alpha: 1))),
        ("shadowOpacity", .number(0)),
        ("shadowOffset", .size(Size(width: 0, height: -3))),
        ("shadowRadius", .number(3)),
        ("shouldRasterize", .bool(false)),
        ("rasterizationScale", .number(1)),
        ("name", .null),
        ("beginTime", .number(0)),   // CA-13.6: a layer's media timing
        ("speed", .number(1)),
        ("timeOffset", .number(0)),
        ("duration", .number(0)), ("repeatCount", .number(0)), ("repeatDuration", .number(0)),
        ("autoreverses", .bool(false)), ("fillMode", .string("removed")),  // CA-13.6
        // Issue 10 (R14; RS-1.5, RS-1.6, RS-2.2, RS-3.4, RS-4, RS-11).
        ("contents", .null),
        ("contentsGravity", .string("resize")),
        ("minificationFilter", .string("linear")),
        ("magnificationFilter", .string("linear")),
        ("minificationFilterBias", .number(0)),
        ("maskedCorners", .number(15)),
        ("cornerCurve", .string("circular")),
        ("shadowPath", .null),
        ("allowsGroupOpacity", .bool(true)),
        ("geometryFlipped", .bool(false)),
        ("allowsEdgeAntialiasing", .bool(true)),
        ("edgeAntialiasingMask", .number(15)),
        ("opaque", .bool(false)),
        ("maskMode", .string("alpha")),  // R16.9 (issue 28)
        ("filters", .null), ("backgroundFilters", .null), ("compositingFilter", .null),  // CA-13.4, R19 (issue 32)
    ])
    func builtinDefault(_ key: String, _ expected: Value) throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(try layer.value(forKeyPath: key) == expected)
        engine.tick(0)
        #expect(try layer.presentationValue(forKeyPath: key) == expected)
    }

    @Test("The table above covers every built-in property (CA-13)")
    func tableIsComplete() {
        #expect(Builtins.table.count == Int(PropertyID.builtinCount))
        #expect(Builtins.table.count == 84)  // 72, the text layer's 7 (issue 26, R15.2), maskMode (R16.9), the 3 filter properties (R19), focalOffset (RS-9.10)
    }

    @Test("The typed accessors agree with the key-value defaults (CA-13)")
    func typedDefaults() {
        let engine = Engine()
        let l = engine.makeLayer()
        #expect(l.bounds == .zero)
        #expect(l.position == .zero)
        #expect(l.zPosition == 0)
        #expect(l.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(l.anchorPointZ == 0)
        #expect(l.transform == .identity)
        #expect(l.sublayerTransform == .identity)
        #expect(l.isHidden == false)
        #expect(l.isDoubleSided == true)
        #expect(l.masksToBounds == false)
        #expect(l.contentsRect == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsCenter == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsScale == 1)
        #expect(l.backgroundColor == nil)
        #expect(l.cornerRadius == 0)
        #expect(l.borderWidth == 0)
        #expect(l.borderColor == .black)
        #expect(l.opacity == 1)
        #expect(l.shadowColor == .black)
        #expect(l.shadowOpacity == 0)
        #expect(l.shadowOffset == Size(width: 0, height: -3))
        #expect(l.shadowRadius == 3)
        #expect(l.shouldRasterize == false)
        #expect(l.rasterizationScale == 1)
        #expect(l.name == nil)
    }

    @Test("Typed setters round-trip through the key-value API (CA-7.7)")
    func typedSettersRoundTrip() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        l.zPosition = 2
        l.anchorPointZ = 3
        l.isHidden = true
        l.isDoubleSided = false
        l.masksToBounds = true
        l.contentsScale = 2
        l.cornerRadius = 4
        l.borderWidth = 5
        l.borderColor = .white
        l.shadowColor = .clear
        l.shadowOpacity = 0.5
        l.shadowRadius = 6
        l.shouldRasterize = true
        l.rasterizationScale = 3
        l.name = "n"
        #expect(try l.value(forKeyPath: "zPosition") == .number(2))
        #expect(try l.value(forKeyPath: "anchorPointZ") == .number(3))
        #expect(try l.value(forKeyPath: "hidden") == .bool(true))
        #expect(try l.value(forKeyPath: "doubleSided") == .bool(false))
        #expect(try l.value(forKeyPath: "masksToBounds") == .bool(true))
        #expect(try l.value(forKeyPath: "contentsScale") == .number(2))
        #expect(try l.value(forKeyPath: "cornerRadius") == .number(4))
        #expect(try l.value(forKeyPath: "borderWidth") == .number(5))
        #expect(try l.value(forKeyPath: "borderColor") == .color(.white))
        #expect(try l.value(forKeyPath: "shadowColor") == .color(.clear))
        #expect(try l.value(forKeyPath: "shadowOpacity") == .number(0.5))
        #expect(try l.value(forKeyPath: "shadowRadius") == .number(6))
        #expect(try l.value(forKeyPath: "shouldRasterize") == .bool(true))
        #expect(try l.value(forKeyPath: "rasterizationScale") == .number(3))
        #expect(try l.value(forKeyPath: "name") == .string("n"))
    }
}

@Suite("Custom properties (CA-3.16, CA-7.7)")
struct CustomPropertyTests {
    @Test("A registered property reads its default on every layer, old and new, and can be set (CA-7.7)")
    func registerAndUse() throws {
        let engine = Engine()
        let early = engine.makeLayer()
        try engine.registerProperty("progress", defaultValue: .number(0.25))
        try engine.registerProperty("tint", defaultValue: .color(.white))
        let late = engine.makeLayer()
        #expect(try early.value(forKeyPath: "progress") == .number(0.25))
        #expect(try late.value(forKeyPath: "tint") == .color(.white))
        try late.setValue(.number(0.75), forKeyPath: "progress")
        #expect(try late.value(forKeyPath: "progress") == .number(0.75))
        #expect(try early.value(forKeyPath: "progress") == .number(0.25))
        #expect(laminaErrorCode { try late.setValue(.point(.zero), forKeyPath: "progress") } == .typeMismatch)
        #expect(laminaErrorCode { try late.setValue(.null, forKeyPath: "tint") } == .typeMismatch)
        #expect(laminaErrorCode { try late.setValue(.number(.nan), forKeyPath: "progress") } == .invalidArgument)
    }

    @Test("Custom struct-typed properties support component key paths (CA-7.6)")
    func customComponents() throws {
        let engine = Engine()
        try engine.registerProperty("frameBox", defaultValue: .rect(Rect(x: 1, y: 2, width: 3, height: 4)))
        try engine.registerProperty("spin", defaultValue: .transform(.identity))
        let layer = engine.makeLayer()
        #expect(try layer.value(forKeyPath: "frameBox.size.height") == .number(4))
        try layer.setValue(.number(9), forKeyPath: "frameBox.origin.x")
        #expect(try layer.value(forKeyPath: "frameBox") == .rect(Rect(x: 9, y: 2, width: 3, height: 4)))
        try layer.setValue(.number(0.3), forKeyPath: "spin.rotation.z")
        #expect(approx(try layer.modelNumber("spin.rotation.z"), 0.3, tolerance: 1e-12))
        #expect(laminaErrorCode { _ = try layer.value(forKeyPath: "frameBox.x") } == .unknownKey)
    }

    @Test("Registration errors: bad names, taken names, unsupported or non-finite defaults (R12)")
    func registrationErrors() throws {
        let engine = Engine()
        #expect(laminaErrorCode { try engine.registerProperty("", defaultValue: .number(0)) } == .invalidArgument)
        #expect(laminaErrorCode { try engine.registerProperty("a.b", defaultValue: .number(0)) } == .invalidArgument)
        #expect(laminaErrorCode { try engine.registerProperty("opacity", defaultValue: .number(0)) } == .misuse)
        #expect(laminaErrorCode { try engine.registerProperty("name", defaultValue: .number(0)) } == .misuse)
        try engine.registerProperty("glow", defaultValue: .number(0))
        #expect(laminaErrorCode { try engine.registerProperty("glow", defaultValue: .number(1)) } == .misuse)
        #expect(laminaErrorCode { try engine.registerProperty("flag", defaultValue: .bool(true)) } == .typeMismatch)
        #expect(laminaErrorCode { try engine.registerProperty("label", defaultValue: .string("x")) } == .typeMismatch)
        #expect(laminaErrorCode { try engine.registerProperty("nothing", defaultValue: .null) } == .typeMismatch)
        #expect(laminaErrorCode { try engine.registerProperty("bad", defaultValue: .number(.nan)) } == .invalidArgument)
        #expect(laminaErrorCode { try engine.registerProperty("bad", defaultValue: .point(Point(x: .infinity, y: 0))) } == .invalidArgument)
        // The failed registrations left nothing behind.
        let layer = engine.makeLayer()
        for key in ["flag", "label", "nothing", "bad", "a"] {
            #expect(laminaErrorCode { _ = try layer.value(forKeyPath: key) } == .unknownKey)
        }
        #expect(try layer.value(forKeyPath: "glow") == .number(0))
        #expect(try layer.value(forKeyPath: "opacity") == .number(1))
    }

    @Test("Registrations are per engine")
    func perEngine() throws {
        let e1 = Engine(), e2 = Engine()
        try e1.registerProperty("glow", defaultValue: .number(2))
        try e2.registerProperty("glow", defaultValue: .number(3))
        #expect(try e1.makeLayer().value(forKeyPath: "glow") == .number(2))
        #expect(try e2.makeLayer().value(forKeyPath: "glow") == .number(3))
        let e3 = Engine()
        #expect(laminaErrorCode { _ = try e3.makeLayer().value(forKeyPath: "glow") } == .unknownKey)
    }
}
