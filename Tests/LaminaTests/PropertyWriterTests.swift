// SPDX-License-Identifier: Apache-2.0
// Issue 28: an animation's sampled value is stored into the presentation by a plain store
// (`PropertyWriter`, `LayerProperties.write(_:with:)`) instead of the general get / insert /
// set (CA-7.6's key-path components). Over every key path of the property table, random
// values written both ways into random layers leave every property bit for bit the same, the
// common key paths do take the plain store, and a layer sharing the rare box keeps its values.

import Testing

@testable import Lamina

@Suite("Issue 28: the direct store of a sampled value equals the general write (CA-7.6)")
struct PropertyWriterTests {
    /// Every key path of the property table: each built-in property whole, and each
    /// component its type takes (KeyComponent.parse's suffixes).
    private static func keyPaths() -> [(info: PropertyInfo, key: ResolvedKey)] {
        let suffixes: [ValueType: [Substring]] = [
            .point: ["x", "y"], .size: ["width", "height"],
            .rect: ["origin", "origin.x", "origin.y", "size", "size.width", "size.height"],
            .transform: ["rotation.x", "rotation.y", "rotation.z", "rotation", "scale.x", "scale.y", "scale.z",
                         "scale", "translation.x", "translation.y", "translation.z", "translation"],
        ]
        var out: [(PropertyInfo, ResolvedKey)] = []
        for raw in 0..<Int(PropertyID.builtinCount) {
            // Every built-in, not only those with an implicit animation: an explicit one may
            // target any of them.
            let info = Builtins.table[raw]
            let id = PropertyID(rawValue: UInt16(raw))
            out.append((info, .whole(id)))
            for s in suffixes[info.type] ?? [] {
                if let c = KeyComponent.parse(s, for: info.type) { out.append((info, ResolvedKey(property: id, component: c))) }
            }
        }
        return out
    }

    private static func number(_ g: inout SplitMix64) -> Double { Double.random(in: -500...500, using: &g) }

    private static func transform(_ g: inout SplitMix64) -> Transform3D {
        // Decomposable (a rotation, a non-zero scale, a translation), so that a component write
        // has something to replace.
        Transform3D(scaleX: Double.random(in: 0.2...3, using: &g), y: Double.random(in: -3 ... -0.2, using: &g), z: 1.5)
            .concatenating(Transform3D(rotationAngle: Double.random(in: -3...3, using: &g), x: 0.3, y: -0.5, z: 1))
            .concatenating(Transform3D(translationX: number(&g), y: number(&g), z: number(&g)))
    }

    /// A random value of `type` for `id`, or nil for a type this test leaves at its default.
    /// The two corner / edge masks take whole numbers 0…15 (the engine checks that before
    /// storing).
    private static func value(_ type: ValueType, for id: PropertyID, _ g: inout SplitMix64) -> Value? {
        if type == .number, id == .maskedCorners || id == .edgeAntialiasingMask {
            return .number(Double(Int.random(in: 0...15, using: &g)))
        }
        switch type {
        case .number: return .number(number(&g))
        case .point: return .point(Point(x: number(&g), y: number(&g)))
        case .size: return .size(Size(width: number(&g), height: number(&g)))
        case .rect: return .rect(Rect(x: number(&g), y: number(&g), width: number(&g), height: number(&g)))
        case .color:
            return .color(Color(red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g),
                                blue: .random(in: 0...1, using: &g), alpha: .random(in: 0...1, using: &g)))
        case .transform: return .transform(transform(&g))
        case .bool: return .bool(Bool.random(using: &g))
        case .path:
            return .path(Path(elements: [.move(Point(x: number(&g), y: number(&g))), .line(Point(x: number(&g), y: number(&g))),
                                         .close]))
        case .numberArray: return .numberArray([number(&g), number(&g)])
        case .colorArray: return .colorArray([.black, Color(red: 0.5, green: 0.25, blue: 1, alpha: 0.75)])
        default: return nil
        }
    }

    /// A layer with every property of a plain type set at random (the kind-specific ones in
    /// its table), so that a component write has other parts to keep and a wrong property
    /// shows.
    private static func layer(_ g: inout SplitMix64) -> LayerProperties {
        var p = LayerProperties()
        for raw in 0..<Int(PropertyID.builtinCount) {
            let info = Builtins.table[raw]
            let id = PropertyID(rawValue: UInt16(raw))
            guard info.type != .string, let v = value(info.type, for: id, &g) else { continue }
            p.set(id, v)
        }
        return p
    }

    /// The bit patterns of every number a value holds, in order (Mirror's walk), so that two
    /// values compare bit for bit (a sign of zero included), not only by `==`.
    private static func bits(_ x: Any) -> [UInt64] {
        if let d = x as? Double { return [d.bitPattern] }
        return Mirror(reflecting: x).children.flatMap { bits($0.value) }
    }

    /// Whether `a` and `b` hold the same value in every built-in property, bit for bit.
    private static func same(_ a: LayerProperties, _ b: LayerProperties) -> PropertyID? {
        for raw in 0..<Int(PropertyID.builtinCount) {
            let id = PropertyID(rawValue: UInt16(raw))
            let x = a.get(id), y = b.get(id)
            if x != y || bits(x) != bits(y) { return id }
        }
        if a.flags != b.flags { return PropertyID(rawValue: UInt16.max) }
        return nil
    }

    /// The general write (what `ExplicitState.apply` did before the direct store).
    private static func general(_ v: Value, _ key: ResolvedKey, _ info: PropertyInfo, into p: inout LayerProperties) {
        let whole = p.get(key.property, customDefault: info.defaultValue)
        p.set(key.property, key.component.insert(v, into: whole))
    }

    @Test("Every key path of the table: random values into random layers, direct store == get/insert/set, bit for bit")
    func directEqualsGeneral() {
        var g = SplitMix64(state: 0x28)
        var direct = 0
        for (info, key) in Self.keyPaths() {
            let writer = PropertyWriter.make(key)
            let expected = key.component.valueType(in: info.type)
            for round in 0..<24 {
                var base = Self.layer(&g)
                // Every other round the layer's rare box is a default one (no box of its own).
                if round % 4 == 3 { base = LayerProperties() }
                // A value of the key path's type, or nil where the property takes it.
                let nullable = info.nullable && key.component == .whole
                guard let v = nullable && round % 5 == 4 ? .null : Self.value(expected, for: key.property, &g) else { continue }
                var slow = base, fast = base
                let shared = base  // holds the same rare box as `fast` until the write
                let before = shared
                Self.general(v, key, info, into: &slow)
                if fast.write(v, with: writer) {
                    direct += 1
                } else {
                    #expect(writer == .general || !(v.type == expected || v == .null),
                            "\(info.name) \(key.component): the writer \(writer) declined a \(v.type)")
                    Self.general(v, key, info, into: &fast)
                }
                if let id = Self.same(slow, fast) {
                    Issue.record("\(info.name).\(key.component) = \(v): property \(id.rawValue) differs")
                }
                #expect(Self.same(shared, before) == nil, "\(info.name) \(key.component): the write changed a shared box")
            }
        }
        #expect(direct > 1000)
    }

    @Test("The common key paths take the direct store (no general write), each onto its own property")
    func commonKeyPathsAreDirect() {
        let cases: [(String, KeyComponent)] = [
            ("position", .whole), ("bounds", .whole), ("opacity", .whole), ("zPosition", .whole),
            ("anchorPoint", .whole), ("backgroundColor", .whole), ("transform", .whole),
            ("path", .whole), ("fillColor", .whole), ("strokeColor", .whole), ("strokeEnd", .whole),
            ("lineWidth", .whole), ("position", .x), ("position", .y), ("bounds", .origin),
            ("transform", .rotationZ), ("transform", .scaleX), ("transform", .scale), ("transform", .translation),
            ("hidden", .whole),
        ]
        for (name, component) in cases {
            guard let raw = Builtins.table.firstIndex(where: { $0.name == name }) else {
                Issue.record("no property \(name)")
                continue
            }
            let key = ResolvedKey(property: PropertyID(rawValue: UInt16(raw)), component: component)
            #expect(PropertyWriter.make(key) != .general, "\(name) \(component) takes the general write")
        }
        // A look property (whose storage `setLook` owns) and a string keep the general write.
        #expect(PropertyWriter.make(.whole(.shadowPath)) == .general)
        #expect(PropertyWriter.make(.whole(.name)) == .general)
    }

    @Test("storesNumber / storesPoint / storesColor / storesBool say exactly which typed stores a writer takes")
    func typedStoresMatchWrites() {
        var g = SplitMix64(state: 0x29)
        for (_, key) in Self.keyPaths() {
            let writer = PropertyWriter.make(key)
            var p = Self.layer(&g)
            let number = p.write(number: 1.5, with: writer)
            let point = p.write(point: Point(x: 1, y: 2), with: writer)
            let color = p.write(color: .black, with: writer)
            let bool = p.write(bool: true, with: writer)
            #expect(bool == writer.storesBool, "\(key): boolean")
            #expect(number == writer.storesNumber, "\(key): number")
            #expect(point == writer.storesPoint, "\(key): point")
            #expect(color == writer.storesColor, "\(key): colour")
        }
    }

    @Test("A presentation's rare box reused from a spare holds the shared box's values; the shared box and the spare's old holder keep theirs")
    func spareBoxReuse() {
        var g = SplitMix64(state: 0x30)
        for round in 0..<40 {
            let committed = Self.layer(&g)
            // The spare: another layer's own box, with the same table ids (reused in place) or,
            // every third round, a layer without a table entry in common.
            var other = round % 3 == 2 ? LayerProperties() : Self.layer(&g)
            other.rare.cornerRadius = Self.number(&g)  // a box of its own
            var spare = other.takeUniqueRareBox()
            #expect(spare != nil)
            #expect(!other.hasRare)
            let spareBox = spare.map(ObjectIdentifier.init)
            let spareTable = spare?.value.custom.entries.withUnsafeBufferPointer { $0.baseAddress }
            let snapshot = committed
            var p = committed  // shares committed's box, as the draw list's scratch does
            p.prepareRareWrite(reusing: &spare)
            #expect(spare == nil)
            // The spare box itself, and for the same ids its table's storage, now hold the values.
            #expect(ObjectIdentifier(p.rareStorage) == spareBox)
            if round % 3 != 2 {
                #expect(p.rareStorage.value.custom.entries.withUnsafeBufferPointer { $0.baseAddress } == spareTable)
            }
            #expect(Self.same(p, snapshot) == nil, "round \(round): the reused box's values differ")
            // Writes now land in the presentation's box alone.
            let wroteEnd = p.write(.number(Self.number(&g)), with: .table(PropertyID.strokeEnd.rawValue))
            let wroteAngle = p.write(number: Self.number(&g), with: .transformPart(.rotationZ))
            #expect(wroteEnd && wroteAngle)
            #expect(Self.same(committed, snapshot) == nil, "round \(round): the write changed the committed values")
            // Without a spare, or with a box of its own, nothing happens.
            var none: RareBox? = nil
            var q = committed
            q.prepareRareWrite(reusing: &none)
            #expect(Self.same(q, snapshot) == nil)
        }
    }

    @Test("Draw lists of animated shape layers (whose presentations reuse one rare box) equal the draw lists of their presented values set still")
    func drawListWithSpareBox() throws {
        let animated = Engine(), still = Engine()
        let rootA = animated.makeLayer(), rootS = still.makeLayer()
        var pairs: [(Layer, Layer)] = []
        for i in 0..<6 {
            let a = animated.makeLayer(kind: .shape), b = still.makeLayer(kind: .shape)
            for (l, root) in [(a, rootA), (b, rootS)] {
                root.addSublayer(l)
                l.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
                l.position = Point(x: 10 + 25 * Double(i), y: 30)
                try l.setValue(.path(.rect(Rect(x: 0, y: 0, width: 10 + Double(i), height: 8))), forKeyPath: "path")
                try l.setValue(.color(.black), forKeyPath: "strokeColor")
                // Tables of other ids on every other layer: the reused box's table is then
                // replaced, not written in place.
                if i % 2 == 0 { try l.setValue(.numberArray([2, 1]), forKeyPath: "lineDashPattern") }
            }
            let turn = Animation.keyframe(keyPath: "transform.rotation.z", values: [.number(0), .number(1 + Double(i))], duration: 1)
            let trim = Animation.keyframe(keyPath: "strokeEnd", values: [.number(0.1), .number(0.9)], duration: 0.8)
            let morph = Animation.keyframe(
                keyPath: "path", values: [.path(.rect(Rect(x: 0, y: 0, width: 4, height: 4))), .path(.rect(Rect(x: 2, y: 1, width: 9, height: 12)))],
                duration: 1.2)
            let tint = Animation.keyframe(keyPath: "fillColor", values: [.color(.black), .color(Color(red: 1, green: 0.2, blue: 0, alpha: 0.5))], duration: 0.9)
            for k in [0, 1, 2, 3] where (i + k) % 3 != 0 {
                var anim = [turn, trim, morph, tint][k]
                anim.timing.repeatCount = .infinity
                try a.add(anim, forKey: "k\(k)")
            }
            pairs.append((a, b))
        }
        animated.tick(0)
        for t in [0.15, 0.5, 0.95, 1.6] {
            animated.tick(t)
            // The still scene holds what the animated one presents, read layer by layer (no draw list).
            try still.withTransaction(disableActions: true) {
                for (a, b) in pairs {
                    for key in ["transform", "strokeEnd", "path", "fillColor"] {
                        try b.setValue(try #require(try a.presentationValue(forKeyPath: key, at: t)), forKeyPath: key)
                    }
                }
            }
            still.tick(t)
            let listA = try animated.drawList(root: rootA.id, at: t), listS = try still.drawList(root: rootS.id, at: t)
            #expect(listA.count == listS.count)
            for (x, y) in zip(listA, listS) {
                #expect(Self.bits(x.transform) == Self.bits(y.transform), "at \(t)")
                #expect(x.shape?.strokeEnd.bitPattern == y.shape?.strokeEnd.bitPattern, "at \(t)")
                #expect(x.shape?.path == y.shape?.path, "at \(t)")
                #expect(x.shape?.fillColor == y.shape?.fillColor, "at \(t)")
            }
        }
    }

    @Test("The reused rare box keeps no drawn layer's contents image alive once the layer is gone")
    func spareBoxDropsContents() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        weak var weakImage: Image? = nil
        do {
            let image = try Image(width: 1, height: 1, rgba: [1, 2, 3, 255], premultiplied: true)
            weakImage = image
            // Drawn first: its presentation writes the transform, so the draw list's scratch
            // ends up with a box of its own holding the image.
            let pictured = engine.makeLayer()
            pictured.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            try pictured.setValue(.image(image), forKeyPath: "contents")
            var turn = Animation.keyframe(keyPath: "transform.rotation.z", values: [.number(0), .number(2)], duration: 1)
            turn.timing.repeatCount = .infinity
            try pictured.add(turn, forKey: "turn")
            // Drawn next: an inline write only, so the box becomes the spare and stays one.
            let sliding = engine.makeLayer()
            sliding.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            var slide = Animation.keyframe(keyPath: "position.x", values: [.number(0), .number(20)], duration: 1)
            slide.timing.repeatCount = .infinity
            try sliding.add(slide, forKey: "slide")
            root.addSublayer(pictured)
            root.addSublayer(sliding)
            engine.tick(0)
            engine.tick(0.1)
            _ = try engine.drawList(root: root.id, at: 0.1)
            pictured.removeFromSuperlayer()
        }
        engine.tick(0.2)
        _ = try engine.drawList(root: root.id, at: 0.2)
        engine.tick(0.3)
        #expect(weakImage == nil)
    }
}
