// SPDX-License-Identifier: Apache-2.0
// Damage that costs what changed (RS-10, issue 31): the tracker compares the two lists first and
// computes only the extents it needs; its answers must equal the whole-list computation's.

import Testing

@testable import Lamina

@Suite("Damage cost (RS-10)")
struct DamageCostTests {
    /// A small xorshift generator: the scenes are the same on every run.
    private struct Rng: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    /// One random edit of the kinds damage must see: an ancestor moves, a layer is removed or
    /// added back, a sibling is reordered, zPosition changes, opacity goes to 0 and back, a
    /// blur (3σ growth) or a backdrop panel comes or goes, an ancestor's shadow, a mask, hidden.
    /// With `plain`, no filters or shadows: the tracker's changed-records path (no spreads).
    private func edit(_ layers: [Layer], _ root: Layer, plain: Bool, _ rng: inout Rng) {
        let l = layers[Int.random(in: 0..<layers.count, using: &rng)]
        var kind = Int.random(in: 0..<12, using: &rng)
        if plain, (6...8).contains(kind) { kind = 0 }
        switch kind {
        case 0: l.position = Point(x: Double.random(in: 0...400, using: &rng), y: Double.random(in: 0...400, using: &rng))
        case 1: l.removeFromSuperlayer()
        case 2:
            let parent = Bool.random(using: &rng) ? root : layers[Int.random(in: 0..<layers.count, using: &rng)]
            if parent !== l, !isAncestor(l, of: parent) { parent.addSublayer(l) }
        case 3:
            if let s = l.superlayer { s.insertSublayer(l, at: 0) }
        case 4: l.zPosition = Double(Int.random(in: -2...2, using: &rng))
        case 5: l.opacity = l.opacity == 0 ? 1 : 0
        case 6: l.filters = l.filters.isEmpty ? [.gaussianBlur(radius: Double.random(in: 1...8, using: &rng))] : []
        case 7: l.backgroundFilters = l.backgroundFilters.isEmpty ? [.gaussianBlur(radius: 6)] : []
        case 8:
            l.shadowOpacity = l.shadowOpacity > 0 ? 0 : 1
            l.shadowOffset = Size(width: 3, height: 5)
            l.shadowRadius = 4
        case 9:
            if l.mask == nil {
                let m = l.engine.makeLayer()
                m.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
                m.backgroundColor = .white
                l.mask = m
            } else {
                l.mask = nil
            }
        case 10: l.isHidden.toggle()
        default: l.backgroundColor = Color(red: Double.random(in: 0...1, using: &rng), green: 0.5, blue: 0.5, alpha: 1)
        }
    }

    private func isAncestor(_ a: Layer, of b: Layer) -> Bool {
        var s = b.superlayer
        while let x = s {
            if x === a { return true }
            s = x.superlayer
        }
        return false
    }

    @Test("Damage from the changed records only equals the whole-list damage on random edits")
    func matchesWholeList() throws {
        var rng = Rng(state: 0x9E37_79B9_7F4A_7C15)
        for scene in 0..<12 {
            let engine = Engine()
            let root = engine.makeLayer()
            root.bounds = Rect(x: 0, y: 0, width: 500, height: 500)
            root.anchorPoint = .zero
            var layers: [Layer] = []
            for i in 0..<40 {
                let l = engine.makeLayer()
                l.bounds = Rect(x: 0, y: 0, width: 20 + Double(i % 5) * 10, height: 20)
                l.position = Point(x: Double((i * 37) % 400), y: Double((i * 53) % 400))
                l.backgroundColor = .white
                l.masksToBounds = i % 7 == 0
                (i < 8 || Bool.random(using: &rng) ? root : layers[Int.random(in: 0..<layers.count, using: &rng)]).addSublayer(l)
                layers.append(l)
            }
            engine.tick(0)
            _ = try engine.damage(root: root)
            _ = try engine.drawList(root: root)
            let tracker = try #require(engine.damageTrackers[root.id])
            var nonEmpty = 0
            for frame in 1...30 {
                try engine.withTransaction(disableActions: true) {
                    for _ in 0..<Int.random(in: 0...3, using: &rng) { edit(layers, root, plain: scene % 2 == 0, &rng) }
                }
                engine.tick(Double(frame))
                _ = try engine.drawList(root: root)
                let reference = tracker.referenceDamage()
                let lazy = tracker.damage()
                #expect(lazy == reference, "scene \(scene), frame \(frame)")
                if !lazy.isEmpty { nonEmpty += 1 }
            }
            // The edits did change things (the comparison is not between empty answers).
            #expect(nonEmpty > 5, "scene \(scene)")
        }
    }

    @Test("An unchanged frame damages nothing; a child of a moved ancestor damages its old and new place")
    func ancestorMoves() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 500, height: 500)
        root.anchorPoint = .zero
        let parent = engine.makeLayer()
        parent.anchorPoint = .zero
        parent.bounds = Rect(x: 0, y: 0, width: 0, height: 0)
        let child = engine.makeLayer()
        child.anchorPoint = .zero
        child.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = .white
        root.addSublayer(parent)
        parent.addSublayer(child)
        engine.tick(0)
        _ = try engine.damage(root: root)
        _ = try engine.drawList(root: root)
        engine.tick(1)
        _ = try engine.drawList(root: root)
        #expect(try engine.damage(root: root) == [])
        try engine.withTransaction(disableActions: true) { parent.position = Point(x: 100, y: 0) }
        engine.tick(2)
        _ = try engine.drawList(root: root)
        // The empty parent's own extent is a point; the child's old (0…10) and new (100…110)
        // squares, rounded out plus one.
        let d = try engine.damage(root: root)
        #expect(d.contains { $0.contains(Point(x: 5, y: 5)) } && d.contains { $0.contains(Point(x: 105, y: 5)) })
        #expect(!d.contains { $0.contains(Point(x: 50, y: 5)) })
    }

    @Test("Equal records of two lists have equal field bytes (padding left out), a changed field does not")
    func fieldBytes() throws {
        #expect(DamageTracker.fieldRanges != nil)
        let engine = Engine()
        let root = engine.makeLayer()
        for i in 0..<5 {
            let l = engine.makeLayer()
            l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            l.position = Point(x: Double(i) * 20, y: 0)
            l.backgroundColor = .white
            root.addSublayer(l)
        }
        engine.tick(0)
        let a = try engine.drawList(root: root)
        engine.tick(1)
        let b = try engine.drawList(root: root)
        for i in a.indices {
            var x = a[i], y = b[i]
            #expect(DamageTracker.sameBytes(&x, &y), "record \(i)")
            y.opacity = 0.5
            #expect(!DamageTracker.sameBytes(&x, &y), "record \(i)")
        }
    }
}
