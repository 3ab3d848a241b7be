// SPDX-License-Identifier: Apache-2.0
// Shape layers (RS-8) and gradient layers (RS-9), and the replicator's properties (RS-13):
// defaults, the kind check, validation, array values, implicit and explicit animation.

import Testing

@testable import Lamina

/// A committed layer of `kind` at t = 0 (changes from now on animate implicitly).
private func committed(_ engine: Engine, _ kind: LayerKind) throws -> Layer {
    let l = engine.makeLayer(kind: kind)
    l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    l.position = Point(x: 50, y: 50)
    engine.tick(0)
    return l
}

private func number(_ v: Value?) -> Double? {
    if case .number(let n) = v { return n }
    return nil
}

@Suite("Layer kinds: properties and values (RS-8, RS-9, RS-13)")
struct KindPropertyTests {
    @Test("Every kind-specific key has Core Animation's default (RS-8.1, RS-9.1, RS-13)")
    func defaults() throws {
        let engine = Engine()
        let shape = engine.makeShapeLayer()
        let expectedShape: [(String, Value)] = [
            ("path", .null), ("fillColor", .color(.black)), ("fillRule", .string("non-zero")),
            ("strokeColor", .null), ("lineWidth", .number(1)), ("lineCap", .string("butt")),
            ("lineJoin", .string("miter")), ("miterLimit", .number(10)), ("lineDashPattern", .null),
            ("lineDashPhase", .number(0)), ("strokeStart", .number(0)), ("strokeEnd", .number(1)),
        ]
        for (key, v) in expectedShape { #expect(try shape.value(forKeyPath: key) == v, "\(key)") }
        let gradient = engine.makeGradientLayer()
        let expectedGradient: [(String, Value)] = [
            ("colors", .null), ("locations", .null), ("startPoint", .point(Point(x: 0.5, y: 0))),
            ("endPoint", .point(Point(x: 0.5, y: 1))), ("type", .string("axial")),
            ("focalOffset", .point(Point(x: 0, y: 0))),  // RS-9.10
        ]
        for (key, v) in expectedGradient { #expect(try gradient.value(forKeyPath: key) == v, "\(key)") }
        let replicator = engine.makeReplicatorLayer()
        let expectedReplicator: [(String, Value)] = [
            ("instanceCount", .number(1)), ("instanceDelay", .number(0)),
            ("instanceTransform", .transform(.identity)), ("instanceColor", .color(.white)),
            ("instanceRedOffset", .number(0)), ("instanceGreenOffset", .number(0)),
            ("instanceBlueOffset", .number(0)), ("instanceAlphaOffset", .number(0)),
            ("preservesDepth", .bool(false)),
        ]
        for (key, v) in expectedReplicator { #expect(try replicator.value(forKeyPath: key) == v, "\(key)") }
        // The typed properties agree.
        #expect(shape.path == nil && shape.fillColor == .black && shape.fillRule == .nonZero)
        #expect(shape.strokeColor == nil && shape.lineWidth == 1 && shape.lineCap == .butt)
        #expect(shape.lineJoin == .miter && shape.miterLimit == 10 && shape.lineDashPattern == nil)
        #expect(shape.lineDashPhase == 0 && shape.strokeStart == 0 && shape.strokeEnd == 1)
        #expect(gradient.colors == nil && gradient.locations == nil && gradient.type == .axial)
        #expect(gradient.startPoint == Point(x: 0.5, y: 0) && gradient.endPoint == Point(x: 0.5, y: 1))
        #expect(replicator.instanceCount == 1 && replicator.instanceDelay == 0)
        #expect(replicator.instanceTransform == .identity && replicator.instanceColor == .white)
        #expect(replicator.instanceRedOffset == 0 && replicator.instanceAlphaOffset == 0)
        #expect(!replicator.preservesDepth)
    }

    @Test("Typed properties round-trip")
    func typedRoundTrip() {
        let engine = Engine()
        let shape = engine.makeShapeLayer()
        let p = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        shape.path = p
        shape.fillRule = .evenOdd
        shape.lineCap = .round
        shape.lineJoin = .bevel
        shape.lineDashPattern = [4, 2]
        shape.strokeColor = .white
        #expect(shape.path == p && shape.fillRule == .evenOdd && shape.lineCap == .round)
        #expect(shape.lineJoin == .bevel && shape.lineDashPattern == [4, 2] && shape.strokeColor == .white)
        let gradient = engine.makeGradientLayer()
        gradient.colors = [.black, .white]
        gradient.locations = [0, 1]
        gradient.type = .conic
        #expect(gradient.colors == [.black, .white] && gradient.locations == [0, 1] && gradient.type == .conic)
        let replicator = engine.makeReplicatorLayer()
        replicator.instanceCount = 5
        replicator.instanceDelay = 0.1
        replicator.preservesDepth = true
        #expect(replicator.instanceCount == 5 && replicator.instanceDelay == 0.1 && replicator.preservesDepth)
    }

    @Test("A kind-specific key on another kind of layer is unknownKey (set, get, presentation, animation)",
          arguments: ["path", "strokeEnd", "colors", "type", "instanceCount", "instanceColor"])
    func wrongKind(key: String) throws {
        let engine = Engine()
        let plain = try committed(engine, .plain)
        let others: [Layer] = [plain, try committed(engine, .shape), try committed(engine, .gradient),
                               try committed(engine, .replicator)]
        for layer in others {
            let own = Builtins.table[Int(Builtins.byName[key]!.rawValue)].kind == layer.kind
            if own { continue }
            #expect(laminaErrorCode { _ = try layer.value(forKeyPath: key) } == .unknownKey)
            #expect(laminaErrorCode { try layer.setValue(.number(1), forKeyPath: key) } == .unknownKey)
            #expect(laminaErrorCode { _ = try layer.presentationValue(forKeyPath: key) } == .unknownKey)
            let anim = Animation.basic(keyPath: key, from: .number(0), to: .number(1), duration: 1)
            #expect(laminaErrorCode { try layer.add(anim, forKey: "a") } == .unknownKey)
        }
        // The message names the key and both kinds.
        do {
            _ = try plain.value(forKeyPath: key)
        } catch {
            #expect(error.message.contains(key))
            #expect(error.message.contains("plain"))
        }
    }

    @Test("Key paths into a kind's struct properties work, and are unknownKey on other kinds (CA-7.6)")
    func keyPaths() throws {
        let engine = Engine()
        let g = engine.makeGradientLayer()
        let r = engine.makeReplicatorLayer()
        try g.setValue(.number(0.25), forKeyPath: "startPoint.x")
        #expect(g.startPoint == Point(x: 0.25, y: 0))
        try r.setValue(.number(2), forKeyPath: "instanceTransform.translation.x")
        #expect(r.instanceTransform.m41 == 2)
        #expect(try r.value(forKeyPath: "instanceColor") == .color(.white))
        #expect(laminaErrorCode { try r.setValue(.number(1), forKeyPath: "startPoint.x") } == .unknownKey)
        #expect(laminaErrorCode { _ = try g.value(forKeyPath: "instanceTransform.translation.x") } == .unknownKey)
    }

    @Test("Bad values are invalidArgument or typeMismatch with a message")
    func badValues() throws {
        let engine = Engine()
        let shape = engine.makeShapeLayer()
        let gradient = engine.makeGradientLayer()
        let replicator = engine.makeReplicatorLayer()
        let cases: [(Layer, String, Value, LaminaError.Code)] = [
            (shape, "lineDashPattern", .numberArray([1, .nan]), .invalidArgument),
            (shape, "lineDashPattern", .numberArray([1, .infinity]), .invalidArgument),
            (shape, "lineDashPattern", .numberArray([1, -2]), .invalidArgument),
            (shape, "lineDashPattern", .numberArray([Double](repeating: 1, count: 65_537)), .invalidArgument),
            (shape, "fillRule", .string("winding"), .invalidArgument),
            (shape, "lineCap", .string("flat"), .invalidArgument),
            (shape, "lineJoin", .string("sharp"), .invalidArgument),
            (shape, "strokeEnd", .number(.nan), .invalidArgument),
            (shape, "path", .number(1), .typeMismatch),
            (gradient, "colors", .colorArray([.black, Color(red: .nan, green: 0, blue: 0, alpha: 1)]), .invalidArgument),
            (gradient, "colors", .colorArray([Color](repeating: .black, count: 65_537)), .invalidArgument),
            (gradient, "locations", .numberArray([0, .nan]), .invalidArgument),
            (gradient, "colors", .numberArray([0, 1]), .typeMismatch),
            (gradient, "type", .string("linear"), .invalidArgument),
            (replicator, "instanceCount", .number(-1), .invalidArgument),
            (replicator, "instanceCount", .number(2.5), .invalidArgument),
            (replicator, "instanceCount", .number(10_001), .invalidArgument),
            (replicator, "instanceDelay", .number(.infinity), .invalidArgument),
        ]
        for (layer, key, value, code) in cases {
            do {
                try layer.setValue(value, forKeyPath: key)
                Issue.record("\(key) accepted \(value)")
            } catch {
                #expect(error.code == code, "\(key)")
                #expect(!error.message.isEmpty)
            }
        }
        // Nothing was stored by the failures.
        #expect(shape.lineDashPattern == nil)
        #expect(replicator.instanceCount == 1)
        // The limits themselves are fine.
        try replicator.setValue(.number(10_000), forKeyPath: "instanceCount")
        try replicator.setValue(.number(0), forKeyPath: "instanceCount")
        try shape.setValue(.numberArray([Double](repeating: 1, count: 65_536)), forKeyPath: "lineDashPattern")
    }

    @Test("strokeEnd, fillColor and colors animate implicitly (RS-8.4, RS-9.1)")
    func implicitAnimations() throws {
        let engine = Engine()
        let shape = try committed(engine, .shape) as! ShapeLayer
        let gradient = try committed(engine, .gradient) as! GradientLayer
        gradient.colors = [.black, .white]  // nil → array: a switch, done 0.25 s after the commit
        engine.tick(0.5)
        engine.tick(1)
        #expect(try gradient.presentationValue(forKeyPath: "colors") == .colorArray([.black, .white]))
        shape.strokeEnd = 0.5
        shape.fillColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        gradient.colors = [.white, .black]
        engine.tick(1)  // commits: the animations begin at this tick (R2)
        engine.tick(1.125)  // halfway through the default 0.25 s
        let end = try #require(number(try shape.presentationValue(forKeyPath: "strokeEnd")))
        #expect(end > 0.5 + 1e-6 && end < 1 - 1e-6)
        guard case .color(let fill) = try shape.presentationValue(forKeyPath: "fillColor") else {
            Issue.record("fillColor is not a colour")
            return
        }
        #expect(fill.red > 1e-6 && fill.red < 1 - 1e-6)
        guard case .colorArray(let colors) = try gradient.presentationValue(forKeyPath: "colors") else {
            Issue.record("colors is not a colour array")
            return
        }
        #expect(colors.count == 2)
        // Element by element: the first goes white → ..., the second black → ... symmetrically.
        #expect(colors[0].red < 1 - 1e-6 && colors[0].red > 1e-6)
        #expect(approx(colors[0].red + colors[1].red, 1, tolerance: 1e-9))
        engine.tick(1.5)
        #expect(number(try shape.presentationValue(forKeyPath: "strokeEnd")) == 0.5)
        #expect(try gradient.presentationValue(forKeyPath: "colors") == .colorArray([.white, .black]))
    }

    @Test("path never animates implicitly, but an explicit animation interpolates it (RS-8.4, RS-8.5)")
    func pathAnimation() throws {
        let engine = Engine()
        let shape = try committed(engine, .shape) as! ShapeLayer
        let a = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let b = Path.rect(Rect(x: 0, y: 0, width: 30, height: 50))
        shape.path = a
        engine.tick(1)
        shape.path = b
        #expect(shape.animationKeys.isEmpty)
        engine.tick(1.1)
        #expect(try shape.presentationValue(forKeyPath: "path") == .path(b))  // at once
        var anim = Animation.basic(keyPath: "path", from: .path(a), to: .path(b), duration: 1)
        anim.timingFunction = .linear
        try shape.add(anim, forKey: "morph")
        engine.tick(2)
        engine.tick(2.25)
        guard case .path(let mid) = try shape.presentationValue(forKeyPath: "path") else {
            Issue.record("path is not a path")
            return
        }
        // Point by point: the far corner (maxX, maxY) is the third element, a quarter of the way.
        #expect(mid.elements.count == 5)
        guard case .line(let corner) = mid.elements[2] else {
            Issue.record("element 2 is not a line")
            return
        }
        #expect(approx(corner, Point(x: 15, y: 20), tolerance: 1e-9))
        // Different structures switch at 0.5.
        let c = Path.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10))
        var swap = Animation.basic(keyPath: "path", from: .path(a), to: .path(c), duration: 1)
        swap.timingFunction = .linear
        try shape.add(swap, forKey: "swap")
        engine.tick(3)
        engine.tick(3.4)
        #expect(try shape.presentationValue(forKeyPath: "path") == .path(a))
        engine.tick(3.6)
        #expect(try shape.presentationValue(forKeyPath: "path") == .path(c))
    }

    @Test("Arrays interpolate element-wise at equal counts and switch at 0.5 otherwise (R9)")
    func arrayInterpolation() {
        let a = Value.numberArray([0, 10])
        let b = Value.numberArray([10, 30])
        #expect(a.interpolated(to: b, progress: 0.25) == .numberArray([2.5, 15]))
        let c = Value.numberArray([1, 2, 3])
        #expect(a.interpolated(to: c, progress: 0.49) == a)
        #expect(a.interpolated(to: c, progress: 0.5) == c)
        let x = Value.colorArray([.black, .white])
        let y = Value.colorArray([.white, .black])
        guard case .colorArray(let m) = x.interpolated(to: y, progress: 0.25) else {
            Issue.record("not a colour array")
            return
        }
        #expect(approx(m[0], Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 1), tolerance: 1e-12))
        #expect(approx(m[1], Color(red: 0.75, green: 0.75, blue: 0.75, alpha: 1), tolerance: 1e-12))
        let z = Value.colorArray([.black])
        #expect(x.interpolated(to: z, progress: 0.4) == x)
        #expect(x.interpolated(to: z, progress: 0.6) == z)
        #expect(Value.null.interpolated(to: x, progress: 0.6) == x)
        #expect(a.added(b) == .numberArray([10, 40]))
    }
}

@Suite("Layer kinds: draw records (RS-8, RS-9, docs/draw-records.md)")
struct KindDrawRecordTests {
    @Test("A shape layer's record carries its path and paint; strokeStart/End are clamped (RS-8.1, RS-8.3)")
    func shapeRecord() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        let shape = engine.makeShapeLayer()
        root.addSublayer(shape)
        shape.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        let path = Path.ellipse(in: Rect(x: -5, y: -5, width: 20, height: 20))
        shape.path = path
        shape.fillRule = .evenOdd
        shape.strokeColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        shape.lineWidth = 3
        shape.lineCap = .square
        shape.lineJoin = .round
        shape.miterLimit = 4
        shape.lineDashPattern = [5, 2]
        shape.lineDashPhase = 1
        shape.strokeStart = -0.5
        shape.strokeEnd = 2
        engine.tick(0)
        let records = try engine.drawList(root: root)
        #expect(records.count == 2)
        #expect(records[0].kind == .plain && records[0].shape == nil && records[0].gradient == nil)
        let r = records[1]
        #expect(r.kind == .shape)
        #expect(r.instanceIndex == 0 && r.instanceColor == .white)
        let s = try #require(r.shape)
        #expect(s.path == path)
        #expect(s.fillColor == .black && s.fillRule == .evenOdd)
        #expect(s.strokeColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(s.lineWidth == 3 && s.miterLimit == 4 && s.lineCap == .square && s.lineJoin == .round)
        #expect(s.lineDashPattern == [5, 2] && s.lineDashPhase == 1)
        #expect(s.strokeStart == 0 && s.strokeEnd == 1)
        #expect(r.gradient == nil)
    }

    @Test("No stroke when start >= end, no stroke colour or no width; no fill for nil or clear; no shape without a path (RS-8.1, RS-8.3)")
    func shapeFlags() throws {
        let engine = Engine()
        let shape = engine.makeShapeLayer()
        engine.tick(0)
        #expect(try engine.drawList(root: shape)[0].shape == nil)  // no path
        shape.path = Path()  // empty: nothing to draw either
        engine.tick(0)
        #expect(try engine.drawList(root: shape)[0].shape == nil)
        shape.path = Path.rect(Rect(x: 0, y: 0, width: 4, height: 4))
        engine.tick(0)
        var s = try #require(try engine.drawList(root: shape)[0].shape)
        #expect(s.fillColor == .black && s.strokeColor == nil)  // the defaults: fill, no stroke
        try engine.withTransaction(disableActions: true) {
        shape.strokeColor = .white
        shape.strokeStart = 0.6
        shape.strokeEnd = 0.6
        shape.fillColor = Color(red: 1, green: 1, blue: 1, alpha: 0)
        }
        engine.tick(0)
        s = try #require(try engine.drawList(root: shape)[0].shape)
        #expect(s.strokeColor == nil && s.fillColor == nil)
        try engine.withTransaction(disableActions: true) {
        shape.strokeStart = 0.2
        shape.lineWidth = 0
        }
        engine.tick(0)
        #expect(try engine.drawList(root: shape)[0].shape?.strokeColor == nil)
        try engine.withTransaction(disableActions: true) {
        shape.lineWidth = 2
        }
        engine.tick(0)
        #expect(try engine.drawList(root: shape)[0].shape?.strokeColor == .white)
    }

    @Test("A gradient record needs two colours and matching locations; without locations stops are i/(n-1) (RS-9.3, RS-9.4)")
    func gradientRecord() throws {
        let engine = Engine()
        let g = engine.makeGradientLayer()
        g.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        engine.tick(0)
        #expect(try engine.drawList(root: g)[0].gradient == nil)  // no colours
        try engine.withTransaction(disableActions: true) {
        g.colors = [.black]
        }
        engine.tick(0)
        #expect(try engine.drawList(root: g)[0].gradient == nil)  // one colour
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
        try engine.withTransaction(disableActions: true) {
        g.colors = [.black, red, .white]
        g.type = .radial
        g.startPoint = Point(x: 0.5, y: 0.5)
        g.endPoint = Point(x: 1, y: 1)
        }
        engine.tick(0)
        let d = try #require(try engine.drawList(root: g)[0].gradient)
        #expect(d.type == .radial && d.colors == [.black, red, .white])
        #expect(d.locations == [0, 0.5, 1])
        #expect(d.startPoint == Point(x: 0.5, y: 0.5) && d.endPoint == Point(x: 1, y: 1))
        try engine.withTransaction(disableActions: true) {
        g.locations = [0, 0.9]  // count differs: nothing drawn
        }
        engine.tick(0)
        #expect(try engine.drawList(root: g)[0].gradient == nil)
        try engine.withTransaction(disableActions: true) {
        g.locations = [0, 0.1, 0.9]
        }
        engine.tick(0)
        #expect(try engine.drawList(root: g)[0].gradient?.locations == [0, 0.1, 0.9])
        #expect(try engine.drawList(root: g)[0].kind == .gradient)
    }

    @Test("A shape's stroke widens its damage beyond its bounds (RS-10.2, RS-10.6 (b))")
    func shapeDamageExtent() {
        var r = DrawRecord.blank
        r.transform = .identity
        r.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        r.shape = DrawShape(
            path: .rect(Rect(x: -20, y: 0, width: 10, height: 10)), fillColor: .black, fillRule: .nonZero,
            strokeColor: .white, lineWidth: 4, miterLimit: 1, lineCap: .butt, lineJoin: .bevel,
            lineDashPattern: [], lineDashPhase: 0, strokeStart: 0, strokeEnd: 1)
        let e = DamageTracker.extent(r)
        let reach = 2.0  // bevel joins and butt caps reach half the width, no further (RS-10.6 (b))
        #expect(approx(e?.origin.x ?? 0, -20 - reach, tolerance: 1e-9))
        #expect(approx(e?.size.width ?? 0, 30 + reach, tolerance: 1e-9))
    }
}

@Suite("Layer kinds: other animations of the new value types (R9, RS-8.5)")
struct KindAnimationEdgeTests {
    @Test("Keyframes of colour arrays interpolate between keyframes element by element")
    func keyframeColors() throws {
        let engine = Engine()
        let g = engine.makeGradientLayer()
        engine.tick(0)
        var anim = Animation.keyframe(
            keyPath: "colors",
            values: [.colorArray([.black, .black]), .colorArray([.white, .black]), .colorArray([.white, .white])],
            duration: 2)
        anim.timingFunction = .linear
        try g.add(anim, forKey: "k")
        engine.tick(1)
        engine.tick(1.5)  // a quarter through: halfway between the first two keyframes
        guard case .colorArray(let c) = try g.presentationValue(forKeyPath: "colors") else {
            Issue.record("colors is not a colour array")
            return
        }
        #expect(c.count == 2)
        #expect(approx(c[0].red, 0.5, tolerance: 1e-9))
        #expect(approx(c[1].red, 0, tolerance: 1e-9))
    }

    @Test("A spring or a cubic keyframe animation of an array or a path fails cleanly or runs, never traps")
    func noTraps() throws {
        let engine = Engine()
        let shape = engine.makeShapeLayer()
        let g = engine.makeGradientLayer()
        engine.tick(0)
        let spring = Animation.spring(keyPath: "colors", from: .colorArray([.black]), to: .colorArray([.white]))
        _ = laminaErrorCode { try g.add(spring, forKey: "s") }
        let cubic = Animation.keyframe(
            keyPath: "path",
            values: [.path(.rect(Rect(x: 0, y: 0, width: 1, height: 1))), .path(.rect(Rect(x: 0, y: 0, width: 2, height: 2))),
                     .path(.rect(Rect(x: 0, y: 0, width: 3, height: 3)))],
            calculationMode: .cubic, duration: 1)
        _ = laminaErrorCode { try shape.add(cubic, forKey: "c") }
        var additive = Animation.basic(keyPath: "locations", from: .numberArray([0, 0.1]), to: .numberArray([0, 0.2]), duration: 1)
        additive.isAdditive = true
        _ = laminaErrorCode { try g.add(additive, forKey: "a") }
        var cumulative = Animation.basic(keyPath: "lineDashPhase", from: .number(0), to: .number(4), duration: 1)
        cumulative.isCumulative = true
        try shape.add(cumulative, forKey: "d")
        for t in stride(from: 1.0, through: 3.0, by: 0.25) {
            engine.tick(t)
            _ = try g.presentationValue(forKeyPath: "colors")
            _ = try g.presentationValue(forKeyPath: "locations")
            _ = try shape.presentationValue(forKeyPath: "path")
            _ = try engine.drawList(root: g)
            _ = try engine.drawList(root: shape)
        }
    }
}

@Suite("Gradient layers: the radial focal point (RS-9.10)")
struct GradientFocalTests {
    @Test("focalOffset defaults to (0, 0), round-trips, is gradient-only and reaches the record as start + offset (RS-9.10)")
    func focalOffsetRecord() throws {
        let engine = Engine()
        let g = engine.makeGradientLayer()
        #expect(try g.value(forKeyPath: "focalOffset") == .point(Point(x: 0, y: 0)))
        #expect(g.focalOffset == Point(x: 0, y: 0))
        g.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        try engine.withTransaction(disableActions: true) {
        g.colors = [.black, .white]
        g.type = .radial
        g.startPoint = Point(x: 0.5, y: 0.5)
        g.endPoint = Point(x: 1, y: 1)
        }
        engine.tick(0)
        // Without an offset the focal point is the start point (RS-9.7 exactly).
        #expect(try engine.drawList(root: g)[0].gradient?.focalPoint == Point(x: 0.5, y: 0.5))
        try engine.withTransaction(disableActions: true) {
        g.focalOffset = Point(x: 0.25, y: -0.125)
        }
        #expect(try g.value(forKeyPath: "focalOffset") == .point(Point(x: 0.25, y: -0.125)))
        #expect(try g.value(forKeyPath: "focalOffset.x") == .number(0.25))
        engine.tick(0)
        #expect(try engine.drawList(root: g)[0].gradient?.focalPoint == Point(x: 0.75, y: 0.375))
        // Another kind of layer has no focal point.
        let plain = engine.makeLayer()
        #expect(throws: LaminaError.self) { try plain.setValue(.point(Point(x: 0, y: 0)), forKeyPath: "focalOffset") }
        #expect(throws: LaminaError.self) { try g.setValue(.number(1), forKeyPath: "focalOffset") }
    }

    @Test("focalOffset animates implicitly like the other points (RS-9.1, RS-9.10)")
    func focalOffsetAnimates() throws {
        let engine = Engine()
        let g = engine.makeGradientLayer()
        g.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        g.colors = [.black, .white]
        g.type = .radial
        engine.tick(0)  // committed without animations (never committed before, R4)
        engine.tick(1)
        try engine.withTransaction(duration: 1, timingFunction: .linear) { g.focalOffset = Point(x: 0.4, y: -0.2) }
        engine.tick(1)
        engine.tick(1.5)  // half-way
        let p = try #require(try g.presentation()?.focalOffset)
        #expect(abs(p.x - 0.2) < 1e-6 && abs(p.y + 0.1) < 1e-6, "\(p)")
        let d = try #require(try engine.drawList(root: g)[0].gradient)
        #expect(abs(d.focalPoint.x - (0.5 + 0.2)) < 1e-6 && abs(d.focalPoint.y - (0 - 0.1)) < 1e-6, "\(d.focalPoint)")
        engine.tick(2.5)
        #expect(try g.presentation()?.focalOffset == Point(x: 0.4, y: -0.2))
    }
}
