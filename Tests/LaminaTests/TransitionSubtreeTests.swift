// SPDX-License-Identifier: Apache-2.0
// Issue 25 item 5: a transition's before side is the whole subtree (CA-10.2): the draw list
// carries the sublayers' records as they were when the transition was added, placed under the
// layer as it is drawn now, and lets them go when the transition ends.

import Testing

@testable import Lamina

private let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
private let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)

/// A committed root with a container at (20, 30) holding a visible red and a hidden blue
/// sublayer, each 40 × 40 at (5, 5) in the container.
private func swapScene(_ engine: Engine) throws -> (root: Layer, container: Layer, red: Layer, blue: Layer) {
    let root = geoLayer(engine, geoRect(0, 0, 200, 200), geoPoint(100, 100))
    let container = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(45, 55))
    let r = geoLayer(engine, geoRect(0, 0, 40, 40), geoPoint(25, 25))
    let b = geoLayer(engine, geoRect(0, 0, 40, 40), geoPoint(25, 25))
    r.backgroundColor = red
    b.backgroundColor = blue
    b.isHidden = true
    root.addSublayer(container)
    container.addSublayer(r)
    container.addSublayer(b)
    engine.tick(0)
    return (root, container, r, b)
}

@Suite("Transitions carry their subtree's before state (CA-10.2, issue 25)")
struct TransitionSubtreeTests {
    @Test("CA-10.2: a swap of sublayers under a fade: the old side has the red sublayer, the new the blue one",
          arguments: [true, false])
    func swapUnderFade(transitionFirst: Bool) throws {
        let engine = Engine()
        let s = try swapScene(engine)
        try engine.withTransaction(disableActions: true) {
            if transitionFirst { try s.container.add(Animation.transition(.fade, duration: 1), forKey: nil) }
            s.red.isHidden = true
            s.blue.isHidden = false
            if !transitionFirst { try s.container.add(Animation.transition(.fade, duration: 1), forKey: nil) }
        }
        engine.tick(0)
        let list = try engine.drawList(root: s.root.id, at: 0.5)
        let i = try #require(list.firstIndex { $0.layer == s.container.id })
        let rec = list[i]
        #expect(rec.transition?.type == .fade)
        // The new side: the blue sublayer only.
        #expect(rec.descendantCount == 1 && list[i + 1].backgroundColor == blue)
        // The old side: the red sublayer, where it was drawn, in the list's root space.
        let box = try #require(rec.transitionBefore)
        #expect(box.record.descendantCount == 1 && box.sublayers.count == 1)
        let old = box.sublayers[0]
        #expect(old.layer == s.red.id && old.backgroundColor == red)
        #expect(old.transform == list[i + 1].transform)
        #expect(old.depth == rec.depth + 1 && old.transition == nil)
        #expect(old.opacity == 1 && old.groupIndex == nil)
    }

    @Test("CA-10.2: the old side moves with the layer as it is now, and picks up the opacity and clip above it")
    func placedUnderTheLayerNow() throws {
        let engine = Engine()
        let s = try swapScene(engine)
        s.root.masksToBounds = true
        try engine.withTransaction(disableActions: true) {
            try s.container.add(Animation.transition(.push, subtype: .fromRight, duration: 1), forKey: nil)
            s.red.isHidden = true
            s.blue.isHidden = false
        }
        engine.tick(0)
        // Moved and faded after the transition was added: the old side goes along.
        try engine.withTransaction(disableActions: true) {
            s.container.position = geoPoint(105, 75)
            s.root.opacity = 0.5
        }
        engine.tick(0.25)
        let list = try engine.drawList(root: s.root.id, at: 0.5)
        let i = try #require(list.firstIndex { $0.layer == s.container.id })
        let old = try #require(list[i].transitionBefore?.sublayers.first)
        // The container's top-left is now (80, 50); the red sublayer's at (5, 5) in it.
        #expect(old.transform.m41 == 85 && old.transform.m42 == 55)
        #expect(old.opacity == 0.5)
        #expect(old.clipIndex == 0 && old.clipRect == geoRect(0, 0, 200, 200))
    }

    @Test("CA-10.2: a sublayer replaced after the transition is added is on the old side; a leaf has no sublayers")
    func replacedAndLeaf() throws {
        let engine = Engine()
        let s = try swapScene(engine)
        let green = geoLayer(engine, geoRect(0, 0, 10, 10), geoPoint(5, 5))
        green.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1)
        try engine.withTransaction(disableActions: true) {
            try s.container.add(Animation.transition(.fade, duration: 1), forKey: nil)
            try s.red.add(Animation.transition(.fade, duration: 1), forKey: nil)
            s.container.replaceSublayer(s.red, with: green)
        }
        engine.tick(0)
        let list = try engine.drawList(root: s.root.id, at: 0.5)
        let i = try #require(list.firstIndex { $0.layer == s.container.id })
        #expect(list[i + 1].layer == green.id)
        let sublayers = try #require(list[i].transitionBefore?.sublayers)
        #expect(sublayers.map(\.layer) == [s.red.id])
        // The red layer's own transition was added after the snapshot: no nested transition.
        #expect(sublayers[0].transition == nil && sublayers[0].transitionBefore == nil)
        // A leaf's before record has no subtree.
        let g = try #require(list.firstIndex { $0.layer == green.id })
        #expect(list[g].transitionBefore == nil)
    }

    @Test("CA-10.2: the before records (and the images they hold) are released when the transition ends")
    func releasedWhenItEnds() throws {
        let engine = Engine()
        let s = try swapScene(engine)
        weak var weakImage: Image?
        do {
            let image = try Image(width: 1, height: 1, rgba: [255, 0, 0, 255], premultiplied: true)
            weakImage = image
            try engine.withTransaction(disableActions: true) { s.red.contents = image }
            engine.tick(0)
            try engine.withTransaction(disableActions: true) {
                try s.container.add(Animation.transition(.fade, duration: 1), forKey: nil)
                s.red.contents = nil
            }
            engine.tick(0)
        }
        do {
            let during = try engine.drawList(root: s.root.id, at: 0.5)
            #expect(during.contains { $0.transitionBefore?.sublayers.first?.contents != nil })
        }
        #expect(weakImage != nil)  // the engine holds it for the transition's old side
        engine.tick(2)  // the transition ends and is removed
        let after = try engine.drawList(root: s.root.id, at: 2)
        #expect(after.allSatisfy { $0.transitionBefore == nil })
        #expect(weakImage == nil)
    }
}

/// The union of `rects`, or nil when there are none.
private func hull(_ rects: [Rect]) -> Rect? {
    guard var u = rects.first else { return nil }
    for r in rects.dropFirst() {
        let x0 = min(u.origin.x, r.origin.x), y0 = min(u.origin.y, r.origin.y)
        let x1 = max(u.origin.x + u.size.width, r.origin.x + r.size.width)
        let y1 = max(u.origin.y + u.size.height, r.origin.y + r.size.height)
        u = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    return u
}

@Suite("Damage: transitions' reach, quiet frames, real joins (RS-10, issue 25)")
struct DamageReachTests {
    @Test("RS-10.6 (c): the frame after the first reports no damage when nothing changed")
    func quietSecondFrame() throws {
        let engine = Engine()
        let s = try swapScene(engine)
        _ = try engine.drawList(root: s.root.id, at: 0)
        #expect(try engine.damage(root: s.root.id).first?.size.width ?? 0 >= 1e9)  // unknown: tracking starts
        _ = try engine.drawList(root: s.root.id, at: 0)
        #expect(try engine.damage(root: s.root.id).isEmpty)
        // A change between the list and the first query is not taken as the baseline.
        let other = Engine()
        let t = try swapScene(other)
        _ = try other.drawList(root: t.root.id, at: 0)
        try other.withTransaction(disableActions: true) { t.red.position = geoPoint(100, 100) }
        other.tick(0)
        _ = try other.damage(root: t.root.id)
        _ = try other.drawList(root: t.root.id, at: 0)
        #expect(!(try other.damage(root: t.root.id)).isEmpty)
    }

    @Test("RS-10.6 (a): push, moveIn and reveal without masksToBounds damage the width beside the bounds; with it, the bounds",
          arguments: [(TransitionType.push, false), (.moveIn, false), (.reveal, false), (.push, true)])
    func transitionsOutsideTheBounds(type: TransitionType, clips: Bool) throws {
        let engine = Engine()
        let s = try swapScene(engine)
        s.container.masksToBounds = clips
        engine.tick(0)
        _ = try engine.drawList(root: s.root.id, at: 0)
        _ = try engine.damage(root: s.root.id)
        try engine.withTransaction(disableActions: true) {
            try s.container.add(Animation.transition(type, subtype: .fromLeft, duration: 1), forKey: nil)
            s.red.isHidden = true
            s.blue.isHidden = false
        }
        engine.tick(0.5)
        _ = try engine.drawList(root: s.root.id, at: 0.5)
        let u = try #require(hull(try engine.damage(root: s.root.id)))
        // The container covers x 20…70: the moving content can be anywhere in −30…120.
        if clips {
            #expect(u.origin.x >= 18 && u.origin.x + u.size.width <= 72)
        } else {
            #expect(u.origin.x <= -30 && u.origin.x + u.size.width >= 120)
        }
        #expect(u.origin.y <= 30 && u.origin.y + u.size.height >= 80)
    }

    @Test("RS-10.6 (b): a stroke reaches its miter only at real corners: a circle half its width, a square √2 of it")
    func strokeReach() throws {
        func reach(_ path: Path, join: LineJoin = .miter, cap: LineCap = .butt, limit: Double = 10) throws -> Double {
            let engine = Engine()
            let root = geoLayer(engine, geoRect(0, 0, 400, 400), geoPoint(200, 200))
            let shape = engine.makeShapeLayer()
            shape.bounds = geoRect(0, 0, 100, 100)
            shape.position = geoPoint(150, 150)
            shape.path = path
            shape.lineWidth = 10
            shape.lineJoin = join
            shape.lineCap = cap
            shape.miterLimit = limit
            shape.strokeColor = .black
            root.addSublayer(shape)
            engine.tick(0)
            _ = try engine.drawList(root: root.id, at: 0)
            _ = try engine.damage(root: root.id)
            try engine.withTransaction(disableActions: true) { shape.strokeColor = Color(red: 1, green: 0, blue: 0, alpha: 1) }
            engine.tick(0)
            _ = try engine.drawList(root: root.id, at: 0)
            let u = try #require(hull(try engine.damage(root: root.id)))
            // The path's box is the bounds (100…200); damage adds the reach, then 1 and rounding.
            return 100 - u.origin.x - 1
        }
        let box = geoRect(0, 0, 100, 100)
        #expect(try reach(.ellipse(in: box)) == 5)  // smooth: half the width, not 5 × 10
        #expect(try reach(.rect(box)) == (5 * 2.0.squareRoot()).rounded(.up))  // 90° miters
        #expect(try reach(.rect(box), join: .round) == 5)
        // A 10° spike's miter (ratio 11.5) is beyond the limit 10: it bevels.
        var spike = Path()
        spike.move(to: Point(x: 0, y: 50 - 8.748866352592401))  // 100 · tan 5°
        spike.addLine(to: Point(x: 100, y: 50))
        spike.addLine(to: Point(x: 0, y: 50 + 8.748866352592401))
        #expect(try reach(spike) == 5)
        #expect(try reach(spike, limit: 12) == (5 * 11.473713245669).rounded(.up))
        // Square caps on an open path: √2.
        #expect(try reach(spike, join: .round, cap: .square) == (5 * 2.0.squareRoot()).rounded(.up))
    }
}
