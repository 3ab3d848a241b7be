// SPDX-License-Identifier: Apache-2.0
// The per-frame draw list (R14) and nextFrameTime: painter's order, accumulated opacity
// and transforms, clipping, culling, the presentation at time t, and reuse.

import Testing

@testable import Lamina

/// A committed tree: a root (0,0,100,100) at (50,50) — so root space is the root's space.
private func committedRoot(_ engine: Engine) throws -> Layer {
    let r = geoLayer(engine, geoRect(0, 0, 100, 100), geoPoint(50, 50))
    engine.tick(0)
    return r
}

private func add(_ engine: Engine, to parent: Layer, _ bounds: Rect = geoRect(0, 0, 10, 10),
                 at position: Point = geoPoint(50, 50), z: Double = 0, name: String? = nil) throws -> Layer {
    let l = geoLayer(engine, bounds, position)
    l.zPosition = z
    if let name { l.name = name }
    parent.addSublayer(l)
    return l
}

@Suite("Draw list: order and structure (R14)")
struct DrawListOrderTests {
    @Test("Painter's order: parents before children, siblings by zPosition then sublayer order (stable)")
    func painterOrder() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        let a = try add(engine, to: r, z: 1)
        let b = try add(engine, to: r)
        let c = try add(engine, to: r, z: -1)
        let d = try add(engine, to: r)
        let a1 = try add(engine, to: a)
        let b1 = try add(engine, to: b, z: 3)
        let b2 = try add(engine, to: b)
        engine.tick(1)
        let list = try engine.drawList(root: r.id)
        #expect(list.map(\.layer) == [r, c, b, b2, b1, d, a, a1].map(\.id))
        #expect(list.map(\.depth) == [0, 1, 1, 2, 2, 1, 1, 2])
        #expect(list.map(\.descendantCount) == [7, 0, 2, 0, 0, 0, 1, 0])
    }

    @Test("Each subtree is contiguous and descendantCount spans it exactly")
    func subtreesContiguous() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        var all = [r]
        for i in 0..<6 {
            let parent = all[i / 2]
            all.append(try add(engine, to: parent, z: Double(i % 3)))
        }
        engine.tick(1)
        let list = try engine.drawList(root: r.id)
        #expect(list.count == all.count)
        for (i, rec) in list.enumerated() {
            let subtree = list[(i + 1)..<(i + 1 + rec.descendantCount)]
            #expect(subtree.allSatisfy { $0.depth > rec.depth })
            if i + 1 + rec.descendantCount < list.count {
                #expect(list[i + 1 + rec.descendantCount].depth <= rec.depth)
            }
        }
    }

    @Test("Hidden subtrees, layers never committed and zero accumulated opacity are left out (culling)")
    func culling() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        let hidden = try add(engine, to: r)
        _ = try add(engine, to: hidden)
        let clear = try add(engine, to: r)
        _ = try add(engine, to: clear)
        let shown = try add(engine, to: r)
        hidden.isHidden = true
        clear.opacity = 0
        engine.tick(1)
        let fresh = try add(engine, to: shown)  // not committed yet
        _ = try add(engine, to: fresh)
        #expect(try engine.drawList(root: r.id).map(\.layer) == [r.id, shown.id])
        engine.tick(2)
        #expect(try engine.drawList(root: r.id).map(\.layer) == [r.id, shown.id, fresh.id, fresh.sublayers[0].id])
        r.opacity = 0
        engine.tick(3)
        engine.tick(4)
        #expect(try engine.drawList(root: r.id).isEmpty)
    }

    @Test("A root never committed is noPresentation; stale handles and bad times are errors; the list is untouched on failure")
    func errors() throws {
        let engine = Engine()
        let r = engine.makeLayer()
        #expect(geoError { _ = try engine.drawList(root: r.id) } == .noPresentation)
        engine.tick(0)
        let list = DrawList()
        try engine.drawList(root: r.id, into: list)
        #expect(list.count == 1)
        #expect(geoError { try engine.drawList(root: r.id, at: .nan, into: list) } == .invalidArgument)
        #expect(geoError { try engine.drawList(root: r.id, at: .infinity, into: list) } == .invalidArgument)
        #expect(geoError { try engine.drawList(root: LayerID(rawValue: 0), into: list) } == .staleHandle)
        #expect(list.count == 1)
        try r.releaseHostReference()
        #expect(geoError { try engine.drawList(root: r.id, into: list) } == .staleHandle)
        #expect(list.count == 1)
    }

    @Test("Sublayers in sublayer order come one after another: skipped ones too; the stack stays shallow")
    func siblingsFollow() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        var expected = [r.id]
        var late: [Layer] = []
        for i in 0..<2_000 {
            let c = try add(engine, to: r)
            let g1 = try add(engine, to: c), g2 = try add(engine, to: c)
            switch i % 7 {
            case 1: c.isHidden = true  // the subtree goes; the next sibling still follows
            case 2: c.opacity = 0
            case 3: g1.isHidden = true; expected += [c.id, g2.id]
            default: expected += [c.id, g1.id, g2.id]
            }
            if i % 97 == 5 { late.append(c) }
        }
        engine.tick(1)
        // Added after the commit: never committed, skipped with their subtrees (R3), in the
        // middle of the sibling list.
        for c in late { r.insertSublayer(geoLayer(engine, geoRect(0, 0, 1, 1), geoPoint(0, 0)), above: c) }
        let list = DrawList()
        try engine.drawList(root: r.id, into: list)
        #expect(list.records.map(\.layer) == expected)
        // Uniform zPosition: one sibling on the stack at a time, not 2,000.
        #expect(list.work.capacity <= 64)
    }

    @Test("A reused DrawList keeps its buffers: the same records, no new capacity")
    func reuse() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        for i in 0..<50 { _ = try add(engine, to: r, z: Double(i % 4)) }
        engine.tick(1)
        let list = DrawList()
        try engine.drawList(root: r.id, into: list)
        let first = list.records.map(\.layer)  // no copy of the buffer is kept
        let capacity = list.records.capacity
        try engine.drawList(root: r.id, into: list)
        #expect(list.records.map(\.layer) == first)
        #expect(list.records.capacity == capacity)
        let count = list.withUnsafeRecords { $0.count }
        #expect(count == 51)
    }
}

@Suite("Draw list: values (R14)")
struct DrawListValueTests {
    @Test("Opacity accumulates down the tree, each factor clamped to [0, 1]")
    func opacity() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        let a = try add(engine, to: r)
        let b = try add(engine, to: a)
        let c = try add(engine, to: b)
        r.opacity = 0.5
        a.opacity = 0.5
        b.opacity = 2  // outside [0, 1]: counts as 1
        c.opacity = 0.25
        engine.tick(1)
        engine.tick(2)
        #expect(try engine.drawList(root: r.id).map(\.opacity) == [0.5, 0.25, 0.25, 0.0625])
    }

    @Test("World transforms: positions, anchor points, transforms and sublayerTransforms down the tree")
    func worldTransforms() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        let c = try add(engine, to: r, geoRect(0, 0, 10, 10), at: geoPoint(20, 30))
        engine.tick(1)
        var list = try engine.drawList(root: r.id)
        #expect(list[0].transform == .identity)
        #expect(list[1].transform == Transform3D(translationX: 15, y: 25, z: 0))

        c.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        r.sublayerTransform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        c.zPosition = 5
        engine.tick(2)
        engine.tick(3)
        list = try engine.drawList(root: r.id)
        // Flattened into the root's plane: no z survives from the child.
        #expect(list[1].transform.m43 == 0)
        for p in [geoPoint(0, 0), geoPoint(10, 0), geoPoint(3, 7)] {
            let viaList = list[1].transform.apply(to: p)
            let viaConvert = try c.convert(p, to: nil, in: .presentation())
            #expect(geoNear(viaList, viaConvert, 1e-9), "\(viaList) ≠ \(viaConvert)")
        }
        // The child's centre (5,5) sits at (20,30) in the root's sublayer space, rotated 90°
        // about the root's centre (50,50): (70, 20).
        #expect(geoNear(list[1].transform.apply(to: geoPoint(5, 5)), geoPoint(70, 20)))
    }

    @Test("World transforms agree with conversions to root space under perspective and deep nesting")
    func worldMatchesConversion() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        r.sublayerTransform = geoPerspective(400)
        let a = try add(engine, to: r, geoRect(5, 5, 60, 40), at: geoPoint(40, 60))
        a.transform = Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0)
        a.anchorPoint = geoPoint(0.2, 0.7)
        a.anchorPointZ = 6
        a.sublayerTransform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1).scaledBy(x: 1.5, y: 0.8, z: 1)
        let b = try add(engine, to: a, geoRect(0, 0, 20, 20), at: geoPoint(10, 10), z: 30)
        b.transform = Transform3D(rotationAngle: -0.4, x: 1, y: 0, z: 0)
        r.position = geoPoint(60, 45)  // root space ≠ root's space
        engine.tick(1)
        engine.tick(2)
        let list = try engine.drawList(root: r.id)
        let layers = [r, a, b]
        #expect(list.map(\.layer) == layers.map(\.id))
        for (rec, layer) in zip(list, layers) {
            for p in [geoPoint(0, 0), geoPoint(12, 3), geoPoint(20, 20)] {
                let expected = try layer.convert(p, to: nil, in: .presentation())
                #expect(geoNear(rec.transform.apply(to: p), expected, 1e-9))
            }
        }
    }

    @Test("The subtree is drawn as if the draw-list root had no superlayer")
    func subtreeRoot() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        r.opacity = 0.5
        r.sublayerTransform = Transform3D(translationX: 100, y: 0, z: 0)
        let c = try add(engine, to: r, geoRect(0, 0, 10, 10), at: geoPoint(20, 30))
        engine.tick(1)
        engine.tick(2)
        let list = try engine.drawList(root: c.id)
        #expect(list.count == 1)
        #expect(list[0].opacity == 1)
        #expect(list[0].transform == Transform3D(translationX: 15, y: 25, z: 0))
    }

    @Test("Colours, border, corner radius, shadow and flags are copied; nil colours stay nil (CA-13)")
    func appearance() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        let c = try add(engine, to: r)
        engine.tick(1)
        var rec = try engine.drawList(root: r.id)[1]
        #expect(rec.backgroundColor == nil)
        #expect(rec.borderColor == .black)
        #expect(rec.shadowColor == .black)
        #expect(rec.shadowOpacity == 0)
        #expect(rec.shadowOffset == Size(width: 0, height: -3))
        #expect(rec.shadowRadius == 3)
        #expect(rec.cornerRadius == 0)
        #expect(rec.borderWidth == 0)
        #expect(rec.isDoubleSided)
        #expect(!rec.masksToBounds)
        #expect(rec.bounds == geoRect(0, 0, 10, 10))

        try engine.transaction.begin()
        engine.transaction.disableActions = true
        c.backgroundColor = Color(red: 1, green: 0, blue: 0)
        c.borderColor = nil
        c.borderWidth = 2
        c.cornerRadius = 4
        c.shadowColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        c.shadowOpacity = 0.8
        c.shadowOffset = Size(width: 1, height: 2)
        c.shadowRadius = 6
        c.isDoubleSided = false
        c.masksToBounds = true
        c.bounds = geoRect(0, 0, -10, 10)
        try engine.transaction.commit()
        engine.tick(2)
        rec = try engine.drawList(root: r.id)[1]
        #expect(rec.backgroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(rec.borderColor == nil)
        #expect(rec.borderWidth == 2)
        #expect(rec.cornerRadius == 4)
        #expect(rec.shadowColor == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(rec.shadowOpacity == 0.8)
        #expect(rec.shadowOffset == Size(width: 1, height: 2))
        #expect(rec.shadowRadius == 6)
        #expect(!rec.isDoubleSided)
        #expect(rec.masksToBounds)
        #expect(rec.bounds == geoRect(-10, 0, 10, 10))  // standardized
    }

    @Test("masksToBounds: descendants carry the nearest masking ancestor and the intersected root-space clip")
    func clipping() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        let outer = try add(engine, to: r, geoRect(0, 0, 60, 60), at: geoPoint(50, 50))  // (20..80)
        let inner = try add(engine, to: outer, geoRect(0, 0, 40, 40), at: geoPoint(50, 50))  // outer (30..70) → r (50..90)
        let leaf = try add(engine, to: inner)
        let sibling = try add(engine, to: r)
        outer.masksToBounds = true
        inner.masksToBounds = true
        engine.tick(1)
        engine.tick(2)
        let list = try engine.drawList(root: r.id)
        #expect(list.map(\.layer) == [r, outer, inner, leaf, sibling].map(\.id))
        #expect(list[0].clipIndex == nil && list[0].clipRect == nil)
        #expect(list[1].clipIndex == nil && list[1].clipRect == nil)  // its own mask clips its sublayers only
        #expect(list[2].clipIndex == 1)
        #expect(list[2].clipRect == geoRect(20, 20, 60, 60))
        #expect(list[3].clipIndex == 2)
        #expect(list[3].clipRect == geoRect(50, 50, 30, 30))
        #expect(list[4].clipIndex == nil && list[4].clipRect == nil)
    }

    @Test("Values are the presentation at the time asked for, also between ticks")
    func presentationAtTime() throws {
        let engine = Engine()
        let r = try committedRoot(engine)
        let c = try add(engine, to: r)
        engine.tick(1)
        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(2)
        engine.transaction.timingFunction = .linear
        c.opacity = 0
        c.position = geoPoint(70, 50)
        try engine.transaction.commit()
        let mid = try engine.drawList(root: r.id, at: 2)
        #expect(geoNear(mid[1].opacity, 0.5))
        #expect(geoNear(mid[1].transform.m41, 55))
        #expect(try engine.drawList(root: r.id, at: 1)[1].opacity == 1)
        engine.tick(1)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(2)
        #expect(geoNear(try engine.drawList(root: r.id)[1].opacity, 0.5))
        engine.tick(3)
        #expect(try engine.drawList(root: r.id).count == 1)  // faded out: culled
    }
}

@Suite("Draw list: nextFrameTime (R14)")
struct NextFrameTimeTests {
    @Test("Infinity when nothing animates; now while something does or waits; the later begin otherwise")
    func nextFrameTime() throws {
        let engine = Engine()
        #expect(engine.nextFrameTime == .infinity)
        let l = engine.makeLayer()
        #expect(engine.nextFrameTime == 0)  // an uncommitted change: the next tick shows it
        engine.tick(1)
        #expect(engine.nextFrameTime == .infinity)
        l.opacity = 0.5  // animates once committed
        #expect(engine.nextFrameTime == 1)
        engine.tick(1.1)
        #expect(engine.nextFrameTime == 1.1)
        engine.tick(1.2)
        #expect(engine.nextFrameTime == 1.2)
        engine.tick(1.4)  // the change committed at 1 (the time before that tick): done at 1.25
        #expect(engine.nextFrameTime == .infinity)
    }

    @Test("A completion waiting for its tick keeps the host awake")
    func completion() throws {
        let engine = Engine()
        engine.tick(0)
        try engine.transaction.begin()
        engine.transaction.setCompletion {}
        try engine.transaction.commit()
        #expect(engine.nextFrameTime == 0)
        engine.tick(1)
        #expect(engine.nextFrameTime == .infinity)
    }

    @Test("Explicit animations: a delayed one wakes the host at its begin; one holding its fill for ever lets it sleep (CA-5.9, CA-5.10)")
    func explicitAnimations() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        engine.tick(0)
        var delayed = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        delayed.timing.beginTime = 5
        try l.add(delayed, forKey: "later")
        engine.tick(1)
        #expect(engine.nextFrameTime == 5)
        engine.tick(5.5)
        #expect(engine.nextFrameTime == 5.5)
        engine.tick(7)
        #expect(engine.nextFrameTime == .infinity)

        var held = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0.5), duration: 1)
        held.timing.fillMode = .forwards
        held.isRemovedOnCompletion = false
        try l.add(held, forKey: "held")
        #expect(engine.nextFrameTime == 7)  // added, not yet committed
        engine.tick(7.5)
        #expect(engine.nextFrameTime == 7.5)
        engine.tick(9)
        #expect(l.animationKeys == ["held"])  // still attached, filling
        #expect(engine.nextFrameTime == .infinity)
    }

    @Test("A fill held under a looping superlayer keeps the host awake until the loop ends; paused, it sleeps (CA-5.10)")
    func heldFillUnderLoop() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        let child = engine.makeLayer()
        root.addSublayer(child)
        root.duration = 1
        root.repeatCount = 3
        root.fillMode = .both
        var held = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0.5), duration: 0.5)
        held.timing.fillMode = .forwards
        held.isRemovedOnCompletion = false
        try child.add(held, forKey: "held")
        engine.tick(0)
        engine.tick(0.7)  // root time 0.7: the animation is over and holds 0.5...
        #expect(approx(try child.presentedNumber("opacity", at: 0.7), 0.5, tolerance: 1e-12))
        #expect(engine.nextFrameTime == 0.7)  // ...but plays again at root time 0 (engine 1)
        #expect(approx(try child.presentedNumber("opacity", at: 1.25), 0.75, tolerance: 1e-12))
        engine.tick(3.5)  // the root's three cycles are over: its time holds at 1
        #expect(engine.nextFrameTime == .infinity)
        // A root playing once, then holding, lets the host sleep once the animation is over.
        root.repeatCount = 1
        root.beginTime = 4
        engine.tick(4.8)
        #expect(engine.nextFrameTime == .infinity)
        // A paused clock stands still (speed 0): nothing to wake for.
        root.repeatCount = 3
        root.speed = 0
        engine.tick(5)
        #expect(engine.nextFrameTime == .infinity)
    }

    @Test("Discrete keyframes: the next key time, not the next frame; then the end (CA-8.6)")
    func discreteKeyframes() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        engine.tick(0)
        let a = Animation.keyframe(
            keyPath: "opacity", values: [.number(0.2), .number(0.5), .number(0.9)],
            keyTimes: [0, 0.3, 0.7], calculationMode: .discrete, duration: 2)
        try l.add(a, forKey: "steps")
        engine.tick(0.1)
        let begin = try #require(l.animation(forKey: "steps")?.timing.beginTime)
        // Value 0 holds until 0.3·2 s, value 1 until 0.7·2 s, value 2 until the end at 2 s.
        #expect(approx(engine.nextFrameTime, begin + 0.6, tolerance: 1e-9))
        #expect(approx(try l.presentedNumber("opacity", at: begin + 0.6 - 1e-6), 0.2, tolerance: 0))
        #expect(approx(try l.presentedNumber("opacity", at: engine.nextFrameTime + 1e-9), 0.5, tolerance: 0))
        engine.tick(begin + 0.6 + 1e-9)
        #expect(approx(engine.nextFrameTime, begin + 1.4, tolerance: 1e-9))
        engine.tick(begin + 1.5)
        #expect(approx(engine.nextFrameTime, begin + 2, tolerance: 1e-9))  // the end: removed there
        // Another animation in flight keeps the answer at now.
        l.zPosition = 3
        engine.tick(begin + 1.6)
        #expect(engine.nextFrameTime == begin + 1.6)
    }

    @Test("Discrete keyframes under a curve, repeating and autoreversing: the key time through the curve (CA-8.5, CA-5.10)")
    func discreteKeyframesTimed() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        engine.tick(0)
        var a = Animation.keyframe(
            keyPath: "opacity", values: [.number(0.1), .number(0.6)], keyTimes: [0, 0.5],
            calculationMode: .discrete, duration: 1)
        a.timingFunction = .easeIn
        a.timing.autoreverses = true
        a.timing.repeatCount = 2
        try l.add(a, forKey: "blink")
        engine.tick(0.05)
        let begin = try #require(l.animation(forKey: "blink")?.timing.beginTime)
        // Forward: the time fraction at which the ease-in curve reaches 0.5.
        let t1 = engine.nextFrameTime - begin
        #expect(approx(TimingFunction.easeIn.progress(at: t1), 0.5, tolerance: 1e-9))
        #expect(t1 > 0.5 && t1 < 1)
        #expect(try l.presentedNumber("opacity", at: begin + t1 - 1e-6) == 0.1)
        #expect(try l.presentedNumber("opacity", at: begin + t1 + 1e-9) == 0.6)
        // Past it: the turn at 1 s (conservative), then back below the key time at 2 − t1.
        engine.tick(begin + t1 + 1e-6)
        #expect(approx(engine.nextFrameTime, begin + 1, tolerance: 1e-9))
        engine.tick(begin + 1.01)
        #expect(approx(engine.nextFrameTime, begin + 2 - t1, tolerance: 1e-9))
        #expect(try l.presentedNumber("opacity", at: begin + 2 - t1 - 1e-6) == 0.6)
        #expect(try l.presentedNumber("opacity", at: begin + 2 - t1 + 1e-6) == 0.1)
        // In the first value of the backward half nothing changes until the next cycle at 2 s.
        engine.tick(begin + 1.9)
        #expect(approx(engine.nextFrameTime, begin + 2, tolerance: 1e-9))
    }

    @Test("A basic animation of a boolean holds each end: the switch at the middle, then the end (R9)")
    func basicBoolean() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        engine.tick(0)
        try l.add(Animation.basic(keyPath: "doubleSided", from: .bool(false), to: .bool(true), duration: 2), forKey: "b")
        engine.tick(0.1)
        let begin = try #require(l.animation(forKey: "b")?.timing.beginTime)
        #expect(approx(engine.nextFrameTime, begin + 1, tolerance: 1e-9))
        #expect(try l.presentationValue(forKeyPath: "doubleSided", at: begin + 1 - 1e-6) == .bool(false))
        #expect(try l.presentationValue(forKeyPath: "doubleSided", at: begin + 1 + 1e-9) == .bool(true))
        engine.tick(begin + 1.2)
        #expect(approx(engine.nextFrameTime, begin + 2, tolerance: 1e-9))
    }

    @Test("Linear keyframes still answer now")
    func linearKeyframes() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        engine.tick(0)
        try l.add(Animation.keyframe(
            keyPath: "opacity", values: [.number(0.2), .number(0.5)], duration: 2), forKey: "k")
        engine.tick(0.1)
        #expect(engine.nextFrameTime == 0.1)
    }

    @Test("The begin time of an animation that starts later (a presentation asked for before it)")
    func futureBegin() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        engine.tick(5)
        l.opacity = 0
        engine.tick(5)  // commits at 5; animation [5, 5.25)
        engine.tick(4)  // the host's clock went back
        #expect(engine.nextFrameTime == 5)
    }
}
