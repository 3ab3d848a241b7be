// SPDX-License-Identifier: Apache-2.0
// Reusing an unchanged draw list (issue 28; Engine+ListReuse.swift, docs/decisions.md "Reusing
// an unchanged draw list"): a list asked again with nothing changed is handed back without a
// walk, and every kind of change builds it again. Each case builds a list, changes something,
// asks again on the reusing path, and compares with a list built afresh (the package
// `drawList(root: LayerID, …)`, which never reuses); the build counter says whether the
// reusing path walked.

import Testing

@testable import Lamina

/// One layer of each kind under a committed root, ticked at 0: plain, shape, gradient,
/// replicator (with a sublayer to copy) and text (with a layout provider).
private struct Scene {
    let engine: Engine
    let root: Layer
    let byKind: [LayerKind: Layer]
    let list = DrawList()

    init() {
        engine = Engine()
        engine.textLayoutProvider = MonoProvider()
        root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        root.position = Point(x: 100, y: 100)
        let plain = engine.makeLayer()
        plain.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        plain.position = Point(x: 30, y: 30)
        plain.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let shape = engine.makeShapeLayer()
        shape.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        shape.position = Point(x: 90, y: 30)
        shape.path = .rect(Rect(x: 2, y: 2, width: 30, height: 20))
        shape.strokeColor = Color(red: 0, green: 0, blue: 1)
        let gradient = engine.makeGradientLayer()
        gradient.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        gradient.position = Point(x: 150, y: 30)
        gradient.colors = [Color(red: 1, green: 1, blue: 0), Color(red: 0, green: 1, blue: 1)]
        let replicator = engine.makeReplicatorLayer()
        replicator.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
        replicator.position = Point(x: 40, y: 120)
        replicator.instanceCount = 2
        let copied = engine.makeLayer()
        copied.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        copied.backgroundColor = Color(red: 0, green: 1, blue: 0)
        replicator.addSublayer(copied)
        let text = engine.makeTextLayer()
        text.bounds = Rect(x: 0, y: 0, width: 80, height: 20)
        text.position = Point(x: 140, y: 140)
        text.string = "Hi"
        text.fontSize = 10
        for l in [plain, shape, gradient, replicator, text] as [Layer] { root.addSublayer(l) }
        engine.tick(0)
        byKind = [.plain: plain, .shape: shape, .gradient: gradient, .replicator: replicator, .text: text]
    }

    var builds: UInt64 { engine.testingDrawListBuilds }

    /// The list on the reusing path (into the scene's `list`), and whether it walked.
    func reusing(at t: Double) throws -> (records: [DrawRecord], walked: Bool) {
        let before = builds
        try engine.drawList(root: root, at: t, into: list)
        return (list.records, builds != before)
    }

    /// A list built afresh.
    func fresh(at t: Double) throws -> [DrawRecord] { try engine.drawList(root: root.id, at: t) }

    /// Asks on the reusing path, then afresh: they must agree. Returns whether it walked.
    @discardableResult
    func check(at t: Double, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let got = try reusing(at: t)
        let want = try fresh(at: t)
        // (Compared first: a failure then prints no ~700 lines of records.)
        let same = got.records == want
        #expect(same, comment, sourceLocation: sourceLocation)
        return got.walked
    }

    /// Builds once and checks the next ask is handed back (the state the cases start from).
    func settle(at t: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try reusing(at: t)
        #expect(try !reusing(at: t).walked, "a second ask with nothing changed walks again", sourceLocation: sourceLocation)
    }
}

/// Values of `type` to try, in order, for a property whose value is `current`.
private func candidates(_ type: ValueType, _ current: Value) -> [Value] {
    switch type {
    case .number: return [0.5, 2, 3, 0.25, 7, 1, 0].map { .number($0) }
    case .point: return [.point(Point(x: 0.25, y: 0.75)), .point(Point(x: 3, y: 4))]
    case .size: return [.size(Size(width: 3, height: 4))]
    case .rect: return [.rect(Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.6)), .rect(Rect(x: 1, y: 2, width: 30, height: 40))]
    case .color: return [.color(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)), .null]
    case .transform: return [.transform(Transform3D(translationX: 5, y: 3, z: 0)), .transform(Transform3D(scaleX: 2, y: 2, z: 1))]
    case .bool:
        if case .bool(let b) = current { return [.bool(!b)] }
        return [.bool(true)]
    case .string:
        return ["resize", "top", "nearest", "trilinear", "evenOdd", "even-odd", "round", "bevel", "radial",
                "continuous", "luminance", "alphaInverted", "multiplyBlendMode", "backwards", "both", "Mono",
                "right", "end", "middle", "center", "hello", "square"].map { .string($0) }
    case .image:
        return [.image(try! Image(width: 2, height: 2, rgba: [UInt8](repeating: 200, count: 16), premultiplied: true))]
    case .path: return [.path(.ellipse(in: Rect(x: 0, y: 0, width: 20, height: 10)))]
    case .numberArray: return [.numberArray([0, 1]), .numberArray([2, 3]), .numberArray([0.2, 0.8])]
    case .colorArray: return [.colorArray([Color(red: 1, green: 0, blue: 1), Color(red: 0, green: 0, blue: 0)])]
    case .filterArray: return [.filterArray([.gaussianBlur(radius: 2)]), .filterArray([.colorInvert()])]
    default: return []
    }
}

/// Sets `name` on `layer` to the first candidate the layer takes that changes its value; false
/// when none does.
private func change(_ layer: Layer, _ info: PropertyInfo) -> Bool {
    guard let current = try? layer.value(forKeyPath: info.name) else { return false }
    for v in candidates(info.type, current) {
        if (try? layer.setValue(v, forKeyPath: info.name)) != nil, (try? layer.value(forKeyPath: info.name)) != current {
            return true
        }
    }
    return false
}

@Suite("Draw list reuse: every change builds again (issue 28)")
struct ListReuseChangeTests {
    /// Every built-in property, from the property table (a new property is covered at once).
    static let properties = Array(0..<Builtins.table.count)

    @Test("A property set, uncommitted then committed, builds the list again; it matches a fresh list",
          arguments: properties)
    func propertySet(index: Int) throws {
        let info = Builtins.table[index]
        let s = Scene()
        let layer = try #require(s.byKind[info.kind])
        try s.settle(at: 0)
        try s.engine.transaction.begin()
        s.engine.transaction.disableActions = true
        let changed = change(layer, info)
        #expect(changed, "no candidate value changes \(info.name): add one for its type")
        guard changed else { try s.engine.transaction.commit(); return }
        // Uncommitted: the list must still be walked (the lock saw a call), and show the
        // committed values, as the fresh one does.
        #expect(try s.check(at: 0, "\(info.name) uncommitted"))
        try s.engine.transaction.commit()
        #expect(try s.check(at: 0, "\(info.name) committed"))
        s.engine.tick(1)
        _ = try s.check(at: 1, "\(info.name) after a tick")
        // And with the built-in action: an implicit animation where the property has one.
        let s2 = Scene()
        let layer2 = try #require(s2.byKind[info.kind])
        try s2.settle(at: 0)
        #expect(change(layer2, info))
        s2.engine.tick(0.1)
        #expect(try s2.check(at: 0.1, "\(info.name) animated"))
        for t in [0.15, 0.2, 0.3, 1.0] {
            s2.engine.tick(t)
            _ = try s2.check(at: t, "\(info.name) at \(t)")
        }
    }

    @Test("Tree edits build the list again: add, insert, remove, replace, a mask, a released layer")
    func treeEdits() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        let extra = s.engine.makeLayer()
        extra.bounds = Rect(x: 0, y: 0, width: 5, height: 5)
        extra.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5)
        s.engine.tick(0)
        let edits: [(String, () -> Void)] = [
            ("add", { s.root.addSublayer(extra) }),
            ("insert at 0", { s.root.insertSublayer(extra, at: 0) }),
            ("remove", { extra.removeFromSuperlayer() }),
            ("insert below", { s.root.insertSublayer(extra, below: plain) }),
            ("replace", { s.root.replaceSublayer(plain, with: extra) }),
            ("replace back", { s.root.replaceSublayer(extra, with: plain) }),
            ("mask", { plain.mask = extra }),
            ("unmask", { plain.mask = nil }),
        ]
        var t = 0.0
        for (name, edit) in edits {
            try s.settle(at: t)
            edit()
            #expect(try s.check(at: t, "\(name), uncommitted"), "\(name) did not walk")
            t += 1
            s.engine.tick(t)
            #expect(try s.check(at: t, "\(name), committed"), "\(name) did not walk after its commit")
        }
        // A layer that goes away with its last reference.
        do {
            let gone = s.engine.makeLayer()
            gone.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
            gone.backgroundColor = Color(red: 1, green: 1, blue: 1)
            plain.addSublayer(gone)
            t += 1
            s.engine.tick(t)
            try s.settle(at: t)
            gone.removeFromSuperlayer()
        }
        #expect(try s.check(at: t, "released"))
    }

    @Test("Explicit animations added, removed and finished build the list again at the right times")
    func animations() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        try s.settle(at: 0)
        try plain.add(Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1), forKey: "fade")
        #expect(try s.check(at: 0, "added, uncommitted"))
        s.engine.tick(0.5)
        #expect(try s.check(at: 0.5, "running"))
        // While it runs, every tick walks again.
        for t in [0.6, 0.7, 0.8] {
            s.engine.tick(t)
            #expect(try s.check(at: t), "a running animation's tick at \(t) did not walk")
        }
        try plain.removeAnimation(forKey: "fade")
        #expect(try s.check(at: 0.8, "removed"))
        // One that finishes: the tick past its end retires it.
        try plain.add(Animation.basic(keyPath: "opacity", from: .number(0), to: .number(0.5), duration: 0.5), forKey: "fade")
        s.engine.tick(1)
        _ = try s.check(at: 1)
        s.engine.tick(1.4)
        _ = try s.check(at: 1.4)
        s.engine.tick(2)
        #expect(try s.check(at: 2, "finished"))
        #expect(s.engine.nextFrameTime == .infinity)
        // Then the scene is still again.
        s.engine.tick(3)
        #expect(try !s.check(at: 3), "a still scene walked again")
        // A tick that retires an animation changes the list even at the time it was built at.
        try plain.add(Animation.basic(keyPath: "opacity", from: .number(0), to: .number(0.5), duration: 0.5), forKey: "short")
        s.engine.tick(10)
        _ = try s.check(at: 10)
        s.engine.tick(10.25)
        _ = try s.check(at: 10.25)
        s.engine.tick(11)
        #expect(try s.check(at: 10.25, "the list of a time before a retirement"))
    }

    @Test("A delayed animation: the tick that begins it builds the list again")
    func delayedBegin() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        try s.settle(at: 0)
        var anim = Animation.basic(keyPath: "position.x", from: .number(0), to: .number(100), duration: 1)
        anim.timing.beginTime = 2  // in the layer's time: engine time 2
        try plain.add(anim, forKey: "later")
        s.engine.tick(1)
        _ = try s.check(at: 1)
        // (The still window is looked for from the second list of an animated state on.)
        s.engine.tick(1.25)
        _ = try s.check(at: 1.25)
        // Before it begins nothing moves: the list is handed back until its begin
        // (nextFrameTime's window), at the begin it is built again.
        s.engine.tick(1.5)
        #expect(try !s.check(at: 1.5), "the list was built again before the delayed begin")
        s.engine.tick(2)
        #expect(try s.check(at: 2, "begun"), "the tick that began the animation did not walk")
        s.engine.tick(2.5)
        #expect(try s.check(at: 2.5, "running"))
    }

    @Test("A commit between hand-driven ticks begins at the next tick, which builds the list again")
    func deferredBegin() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        try s.settle(at: 0)
        try plain.add(Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1), forKey: "fade")
        s.engine.transaction.flush()
        _ = try s.check(at: 0)
        s.engine.tick(0.5)
        #expect(try s.check(at: 0.5, "stamped at the tick"))
    }

    @Test("A change left to the tick's implicit commit: the list built before the tick is not the list after it")
    func implicitCommitAtTick() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        try s.settle(at: 0)
        s.engine.transaction.disableActions = true  // (the implicit transaction's)
        plain.backgroundColor = Color(red: 0, green: 0, blue: 1)
        #expect(try s.check(at: 0, "uncommitted"))
        s.engine.tick(0)
        #expect(try s.check(at: 0, "committed by the tick"), "the tick's commit did not walk")
        #expect(s.list.records[1].backgroundColor == Color(red: 0, green: 0, blue: 1))
    }

    @Test("A paused animation (speed 0) and a held fill are still: handed back across ticks, not at an earlier time")
    func stillAnimations() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        var held = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(0.5), duration: 1)
        held.isRemovedOnCompletion = false
        held.timing.fillMode = .forwards
        try plain.add(held, forKey: "held")
        s.engine.tick(0)
        s.engine.tick(2)
        _ = try s.check(at: 2)
        s.engine.tick(2.5)
        _ = try s.check(at: 2.5)  // (the still window is looked for from the second list on)
        s.engine.tick(3)
        #expect(try !s.check(at: 3), "a held fill walked again")
        s.engine.tick(4)
        #expect(try !s.check(at: 4))
        // Earlier than the list's time the animation still ran: a fresh walk, and the right picture.
        #expect(try s.check(at: 0.5, "earlier than the still list"))
        // A paused layer: its animation is frozen for ever.
        let s2 = Scene()
        let p2 = try #require(s2.byKind[.plain])
        try p2.add(Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 10), forKey: "f")
        s2.engine.tick(1)
        p2.speed = 0
        s2.engine.tick(2)
        _ = try s2.check(at: 2)
        s2.engine.tick(2.5)
        _ = try s2.check(at: 2.5)
        s2.engine.tick(3)
        #expect(try !s2.check(at: 3), "a paused animation walked again")
        #expect(s2.engine.nextFrameTime == .infinity)
    }

    @Test("A held fill under a looping superlayer starts again at the wrap: not a still window")
    func loopingAncestor() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        // The root's time loops every 2 s (as a playing Lottie root's does); the fill is held
        // from 0.5 s of each cycle to its end.
        s.root.duration = 2
        s.root.repeatCount = 100
        var held = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(0.5), duration: 0.5)
        held.isRemovedOnCompletion = false
        held.timing.fillMode = .forwards
        held.timing.beginTime = 0.001  // (not 0: begins at a fixed time of the cycle, not the commit)
        try plain.add(held, forKey: "held")
        var t = 0.0
        s.engine.tick(t)
        while t < 6 {
            t += 0.25
            s.engine.tick(t)
            _ = try s.check(at: t, "at \(t)")
        }
    }

    @Test("A text layout provider change, and a still scene at any time")
    func providerAndTime() throws {
        let s = Scene()
        try s.settle(at: 0)
        // No animation at all: any time, earlier too, is the same list.
        for t in [5.0, 1.0, -3.0] {
            s.engine.tick(t)
            #expect(try !s.check(at: t), "a still scene walked again at \(t)")
        }
        final class Wide: TextLayoutProvider, @unchecked Sendable {
            func layout(_ request: TextLayoutRequest) throws(LaminaError) -> TextLayout {
                let r = try MonoProvider().layout(request)
                return TextLayout(size: Size(width: r.size.width * 2, height: r.size.height), runs: r.runs, lines: r.lines)
            }
        }
        s.engine.textLayoutProvider = Wide()
        #expect(try s.check(at: -3, "provider"))
    }

    @Test("Another root, another DrawList object and the array form each walk; the array is handed back shared")
    func consumers() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        try s.settle(at: 0)
        let before = s.builds
        try s.engine.drawList(root: plain, at: 0, into: s.list)
        #expect(s.builds == before + 1)
        try s.engine.drawList(root: s.root, at: 0, into: DrawList())
        #expect(s.builds == before + 2)
        let a = try s.engine.drawList(root: s.root, at: 0)
        let b = try s.engine.drawList(root: s.root, at: 0)
        #expect(s.builds == before + 3)
        let f = try s.fresh(at: 0)
        #expect(a == b && a == f)
        let same = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        #expect(same, "the array was not handed back")
        // The testing switch turns it off.
        s.engine.testingSetDrawListReuse(false)
        _ = try s.engine.drawList(root: s.root, at: 0)
        _ = try s.engine.drawList(root: s.root, at: 0)
        #expect(s.builds == before + 5)
    }
}

@Suite("Draw list reuse: damage (issue 28)")
struct ListReuseDamageTests {
    @Test("A list handed back has no damage; the next change's damage is the one a fresh engine computes")
    func damage() throws {
        // Two identical scenes, one with reuse off: their damage must agree step by step.
        let on = Scene(), off = Scene()
        off.engine.testingSetDrawListReuse(false)
        let steps: [(Scene) -> Void] = [
            { _ in },
            { s in s.byKind[.plain]!.position = Point(x: 60, y: 60) },
            { _ in },
            { _ in },
            { s in s.byKind[.shape]!.isHidden = true },
            { s in s.byKind[.plain]!.filters = [.gaussianBlur(radius: 3)] },
            { _ in },
            { s in s.byKind[.gradient]!.opacity = 0.5 },
            { _ in },
        ]
        var walkedOn = 0
        for (k, step) in steps.enumerated() {
            let t = Double(k)
            for s in [on, off] {
                step(s)
                s.engine.tick(t)
            }
            let a = try on.reusing(at: t)
            let b = try off.reusing(at: t)
            // (The engines' layer handles differ: compare the records without them.)
            let strip = { (records: [DrawRecord]) in records.map { r -> DrawRecord in var r = r; r.layer = LayerID(rawValue: 0); return r } }
            let same = strip(a.records) == strip(b.records)
            #expect(same, "step \(k)")
            #expect(b.walked)
            if a.walked { walkedOn += 1 }
            #expect(try on.engine.damage(root: on.root) == off.engine.damage(root: off.root), "step \(k)")
        }
        #expect(walkedOn < steps.count, "reuse never happened")
    }
}

@Suite("Draw list reuse: the list object (issue 28)")
struct ListReuseObjectTests {
    @Test("A DrawList filled by the walk that never reuses is not handed back as the reused list")
    func filledElsewhere() throws {
        let s = Scene()
        let plain = try #require(s.byKind[.plain])
        try s.settle(at: 0)
        // The package walk fills the same object with another root's list.
        try s.engine.drawList(root: plain.id, at: 0, into: s.list)
        let got = try s.reusing(at: 0)
        #expect(got.walked)
        let want = try s.fresh(at: 0)
        let same = got.records == want
        #expect(same)
    }
}
