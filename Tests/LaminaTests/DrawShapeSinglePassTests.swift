// SPDX-License-Identifier: Apache-2.0
// The draw list's fast paths for shape and gradient layers (issue 28), each against the general
// path it replaces: the kind-specific values in a sorted array (PropertyValues) against a
// dictionary; a shape or gradient record made in one pass over them (DrawShape.make,
// DrawGradient.make) against one lookup per property (drawShapeByLookup, drawGradientByLookup);
// and the skipped replicator expansion walk against the walk. Randomised with a fixed seed.

import Testing

@testable import Lamina

/// A value for a shape or gradient property: mostly of the property's own type (names right
/// and wrong, edge numbers), sometimes null or another type, which the draw list reads as the
/// property's fallback.
private func randomValue(_ rng: inout SplitMix64, for id: PropertyID) -> Value {
    let numbers: [Double] = [-1, 0, 0.25, 0.5, 1, 2, 10, .nan]
    let names = ["non-zero", "even-odd", "butt", "round", "square", "miter", "bevel", "axial", "radial", "conic", "", "Round"]
    func color() -> Value {
        .color(Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: [0, 0.5, 1][rng.int(3)]))
    }
    switch rng.int(10) {
    case 0: return .null
    case 1: return .number(numbers[rng.int(numbers.count)])
    case 2: return .string(names[rng.int(names.count)])
    case 3: return color()
    default: break
    }
    switch id {
    case .path:
        var p = Path()
        for _ in 0..<rng.int(4) { p.addLine(to: Point(x: rng.unit(), y: rng.unit())) }
        return .path(p)
    case .fillColor, .strokeColor: return color()
    case .fillRule, .lineCap, .lineJoin, .gradientType: return .string(names[rng.int(names.count)])
    case .lineDashPattern, .locations: return .numberArray((0..<rng.int(4)).map { _ in rng.unit() })
    case .colors: return .colorArray((0..<rng.int(4)).map { _ in Color(red: rng.unit(), green: 0, blue: 1) })
    case .startPoint, .endPoint, .focalOffset: return .point(Point(x: rng.unit(), y: rng.unit()))
    default: return .number(numbers[rng.int(numbers.count)])
    }
}

/// Equal, with NaN equal to NaN (a random NaN line width must read the same both ways).
private func same(_ a: DrawShape?, _ b: DrawShape?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    func eq(_ x: Double, _ y: Double) -> Bool { x == y || (x.isNaN && y.isNaN) }
    return a.path == b.path && a.fillColor == b.fillColor && a.fillRule == b.fillRule && a.strokeColor == b.strokeColor
        && eq(a.lineWidth, b.lineWidth) && eq(a.miterLimit, b.miterLimit) && a.lineCap == b.lineCap
        && a.lineJoin == b.lineJoin && a.lineDashPattern == b.lineDashPattern && eq(a.lineDashPhase, b.lineDashPhase)
        && eq(a.strokeStart, b.strokeStart) && eq(a.strokeEnd, b.strokeEnd)
}

@Suite("Shape and gradient records in one pass (issue 28)")
struct DrawShapeSinglePassTests {
    @Test("PropertyValues reads, writes and removes as the dictionary it replaced")
    func propertyValuesAsDictionary() {
        var rng = SplitMix64(state: 1)
        var map = PropertyValues()
        var dict: [UInt16: Value] = [:]
        for step in 0..<4000 {
            // Kind-specific ids and custom ones (256 up), a few of each.
            let id = rng.int(2) == 0 ? UInt16(46 + rng.int(40)) : UInt16(256 + rng.int(30))
            if rng.int(4) == 0 {
                map[id] = nil
                dict[id] = nil
            } else {
                let v = Value.number(Double(step))
                map[id] = v
                dict[id] = v
            }
            let probe = UInt16(40 + rng.int(260))
            #expect(map[probe] == dict[probe])
        }
        // Sorted, each id once, the same contents.
        #expect(map.entries.map(\.id) == dict.keys.sorted())
        for e in map.entries { #expect(dict[e.id] == e.value) }
        #expect(map.isEmpty == dict.isEmpty)
    }

    @Test("a shape record in one pass equals the record from a lookup per property", arguments: 0..<4)
    func shapeAgainstLookups(seed: UInt64) {
        var rng = SplitMix64(state: 100 + seed)
        let ids = (PropertyID.path.rawValue...PropertyID.strokeEnd.rawValue).map { PropertyID(rawValue: $0) }
        var nonNil = 0
        for _ in 0..<1500 {
            var p = LayerProperties()
            // A path most of the time (else there is nothing to compare but nil).
            if rng.int(5) != 0 {
                var path = Path()
                path.move(to: Point(x: rng.unit(), y: rng.unit()))
                path.addLine(to: Point(x: rng.unit(), y: rng.unit()))
                p.set(.path, .path(path))
            }
            for id in ids where rng.int(3) == 0 { p.set(id, randomValue(&rng, for: id)) }
            // Other kinds' values and custom ones beside them do not change the shape.
            if rng.int(3) == 0 { p.set(.colors, randomValue(&rng, for: .colors)) }
            if rng.int(3) == 0 { p.set(PropertyID(rawValue: 300), .number(1)) }
            let fast = DrawShape.make(p.rareStorage.value.custom)
            let slow = p.drawShapeByLookup()
            #expect(same(fast, slow), "\(String(describing: fast)) vs \(String(describing: slow))")
            if fast != nil { nonNil += 1 }
        }
        #expect(nonNil > 500)  // the comparison covered real records
    }

    @Test("a gradient record in one pass equals the record from a lookup per property", arguments: 0..<4)
    func gradientAgainstLookups(seed: UInt64) {
        var rng = SplitMix64(state: 200 + seed)
        let ids: [PropertyID] = [.colors, .locations, .startPoint, .endPoint, .gradientType, .focalOffset]
        var nonNil = 0
        for _ in 0..<1500 {
            var p = LayerProperties()
            if rng.int(4) != 0 {
                let n = 2 + rng.int(3)
                p.set(.colors, .colorArray((0..<n).map { _ in Color(red: rng.unit(), green: rng.unit(), blue: 0) }))
                if rng.int(2) == 0 { p.set(.locations, .numberArray((0..<n).map { _ in rng.unit() })) }
            }
            for id in ids where rng.int(3) == 0 { p.set(id, randomValue(&rng, for: id)) }
            if rng.int(3) == 0 { p.set(.path, randomValue(&rng, for: .path)) }
            let fast = DrawGradient.make(p.rareStorage.value.custom)
            let slow = p.drawGradientByLookup()
            #expect(fast == slow, "\(String(describing: fast)) vs \(String(describing: slow))")
            if fast != nil { nonNil += 1 }
        }
        #expect(nonNil > 500)
    }

    @Test("a layer's default values give the default shape and no gradient")
    func defaults() {
        var p = LayerProperties()
        p.set(.path, .path(.rect(Rect(x: 0, y: 0, width: 1, height: 1))))
        let s = DrawShape.make(p.rareStorage.value.custom)
        #expect(s?.fillColor == .black && s?.strokeColor == nil && s?.lineWidth == 1 && s?.miterLimit == 10)
        #expect(s?.lineCap == .butt && s?.lineJoin == .miter && s?.fillRule == .nonZero && s?.strokeEnd == 1)
        #expect(DrawGradient.make(PropertyValues()) == nil)
        #expect(DrawShape.make(PropertyValues()) == nil)
    }

    @Test("the single pass starts from the property table's defaults")
    func startValues() {
        #expect(ShapeValues() == ShapeValues.defaults)
        #expect(GradientValues() == GradientValues.defaults)
        // Bit for bit, too (a focal offset of -0 would not add like 0).
        #expect(GradientValues().focalOffset.map { [$0.x.bitPattern, $0.y.bitPattern] }
            == GradientValues.defaults.focalOffset.map { [$0.x.bitPattern, $0.y.bitPattern] })
        #expect(ShapeValues().width.bitPattern == ShapeValues.defaults.width.bitPattern)
        #expect(ShapeValues().miterLimit.bitPattern == ShapeValues.defaults.miterLimit.bitPattern)
        #expect(ShapeValues().end.bitPattern == ShapeValues.defaults.end.bitPattern)
    }

    @Test("the names parse as the enums' raw values do")
    func names() {
        for s in ["non-zero", "even-odd", "", "x", "Even-odd"] { #expect(FillRule.parse(s) == (FillRule(rawValue: s) ?? .nonZero)) }
        for s in ["butt", "round", "square", "", "bevel"] { #expect(LineCap.parse(s) == (LineCap(rawValue: s) ?? .butt)) }
        for s in ["miter", "round", "bevel", "", "square"] { #expect(LineJoin.parse(s) == (LineJoin(rawValue: s) ?? .miter)) }
        for s in ["axial", "radial", "conic", "", "linear"] {
            #expect(GradientType.parse(s) == (GradientType(rawValue: s) ?? .axial))
        }
    }
}

@Suite("The replicator expansion walk is skipped only where it cannot fail (issue 28)")
struct ExpansionBoundTests {
    @Test("one replicator over a small tree: bounded, and the walk agrees")
    func smallTreeBounded() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        let r = engine.makeReplicatorLayer()
        r.instanceCount = 10000
        root.addSublayer(r)
        for _ in 0..<40 { r.addSublayer(engine.makeLayer()) }
        engine.tick(0)
        let slot = try engine.lock.withLock { () throws(LaminaError) in try engine.resolve(root.id) }
        #expect(engine.lock.withLock { engine.expansionIsBounded })
        // The walk finds nothing either (40 · 10000 records is under the limit).
        #expect(throws: Never.self) { try engine.lock.withLock { () throws(LaminaError) in try engine.checkExpansion(slot, at: 0) } }
    }

    @Test("one replicator over more layers than the bound allows: the walk runs and refuses")
    func largeTreeChecked() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        let r = engine.makeReplicatorLayer()
        r.instanceCount = 10000
        root.addSublayer(r)
        for _ in 0..<500 { r.addSublayer(engine.makeLayer()) }  // 5M records > 2^22
        engine.tick(0)
        #expect(!engine.lock.withLock { engine.expansionIsBounded })
        #expect(laminaErrorCode { try engine.drawList(root: root.id, into: DrawList()) } == .outOfMemory)
    }

    @Test("two replicators: never bounded (10000² per layer)")
    func nestedNotBounded() {
        let engine = Engine()
        let a = engine.makeReplicatorLayer()
        a.addSublayer(engine.makeReplicatorLayer())
        engine.tick(0)
        #expect(!engine.lock.withLock { engine.expansionIsBounded })
    }
}

@Suite("The draw list carries local times down the tree (issue 28)")
struct InheritedLocalTimeTests {
    /// A random tree of `count` layers under `root`, some with their own beginTime, speed,
    /// timeOffset, duration and repeats (CA-5.11), some animated explicitly (opacity, position,
    /// a keyframed transform), a replicator with a delay and a mask among them.
    private func scene(_ engine: Engine, seed: UInt64) -> Layer {
        var rng = SplitMix64(state: seed)
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        root.speed = 1.5  // a Lottie root: played by its own timing
        root.beginTime = 0.1
        var layers = [root]
        for k in 0..<40 {
            let l = k == 5 ? engine.makeReplicatorLayer() : engine.makeLayer()
            if let r = l as? ReplicatorLayer {
                r.instanceCount = 3
                r.instanceDelay = 0.2
            }
            l.bounds = Rect(x: 0, y: 0, width: 10 + rng.unit() * 20, height: 10)
            l.position = Point(x: rng.unit() * 300, y: rng.unit() * 300)
            if rng.int(3) == 0 { l.beginTime = rng.unit() - 0.3 }
            if rng.int(3) == 0 { l.speed = [0.5, 2, -1, 0][rng.int(4)] }
            if rng.int(4) == 0 { l.timeOffset = rng.unit() }
            if rng.int(6) == 0 {
                l.duration = 0.4 + rng.unit()
                l.repeatCount = 2
                l.autoreverses = rng.int(2) == 0
            }
            if rng.int(2) == 0 {
                var a = Animation.basic(keyPath: "opacity", from: .number(0.2), to: .number(1), duration: 0.7)
                a.timing.repeatCount = .infinity
                a.timing.beginTime = rng.unit() * 0.3
                try? l.add(a, forKey: "o")
            }
            if rng.int(3) == 0 {
                var a = Animation.basic(keyPath: "position", from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 90, y: 40)), duration: 1.1)
                a.timing.autoreverses = true
                a.timing.repeatCount = 3
                try? l.add(a, forKey: "p")
            }
            layers[rng.int(layers.count)].addSublayer(l)
            layers.append(l)
        }
        let mask = engine.makeLayer()
        mask.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        mask.speed = 2
        try? mask.add(Animation.basic(keyPath: "opacity", from: .number(0.3), to: .number(1), duration: 1), forKey: "m")
        layers[3].mask = mask
        return root
    }

    @Test("every record equals the one from a walk to the root per layer", arguments: 0..<3)
    func againstTheWalk(seed: UInt64) throws {
        let engine = Engine()
        let root = scene(engine, seed: 500 + seed)
        engine.tick(0)
        var changed = 0
        for f in 1...40 {
            let t = Double(f) * 0.05
            engine.tick(t)
            engine.lock.withLock { engine.drawListInheritsLocalTime = true }
            let fast = try engine.drawList(root: root.id)
            engine.lock.withLock { engine.drawListInheritsLocalTime = false }
            let slow = try engine.drawList(root: root.id)
            engine.lock.withLock { engine.drawListInheritsLocalTime = true }
            #expect(fast == slow, "frame \(f)")
            // And off the current frame (the list's own time, evaluated afresh).
            #expect(try engine.drawList(root: root.id, at: t - 0.01) == {
                engine.lock.withLock { engine.drawListInheritsLocalTime = false }
                defer { engine.lock.withLock { engine.drawListInheritsLocalTime = true } }
                return try engine.drawList(root: root.id, at: t - 0.01)
            }())
            if f > 1 { changed += 1 }
        }
        #expect(changed > 0)
    }
}
