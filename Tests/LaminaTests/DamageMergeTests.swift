// SPDX-License-Identifier: Apache-2.0
// Damage merging (RS-10, R18; issue 31 item 3): the merge reaches the pairwise fixed point in
// O(N · cap), and many changed records answer at once.

import Testing

@testable import Lamina

@Suite("Damage merging (RS-10, R18)")
struct DamageMergeTests {
    /// The pairwise fixed point the engine used to compute (quadratic): the reference.
    private func pairwise(_ input: [Rect]) -> [Rect] {
        var rects = input
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < rects.count {
                var j = i + 1
                while j < rects.count {
                    if rects[i].intersection(rects[j]) != nil {
                        rects[i] = union(rects[i], rects[j])
                        rects.remove(at: j)
                        changed = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        if rects.count > 16 { rects = [rects.dropFirst().reduce(rects[0], union)] }
        return rects
    }

    /// Deterministic pseudo-random numbers (SplitMix64), so a failure replays.
    private struct Mix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("The same rectangles, in the same order, as the pairwise fixed point (exact: 0 tolerance)")
    func matchesPairwise() {
        var rng = Mix(state: 31)
        for round in 0..<400 {
            // Whole units, as the tracker's rectangles are; sizes from slivers to half the area.
            let n = Int.random(in: 0...DamageTracker.mergeCap, using: &rng)
            let span = Double([50, 200, 1000][round % 3])
            let far = Int(span), half = Int(span / 2)
            var rects: [Rect] = []
            for _ in 0..<n {
                let x = Int.random(in: -20...far, using: &rng), y = Int.random(in: -20...far, using: &rng)
                let w = Int.random(in: 0...half, using: &rng), h = Int.random(in: 0...half, using: &rng)
                rects.append(Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)))
            }
            #expect(DamageTracker.merge(rects) == pairwise(rects), "round \(round), \(n) rectangles")
        }
    }

    @Test("Beyond the cap of disjoint boxes the answer is the union of everything, which covers the exact answer")
    func collapsesConservatively() {
        // A row of disjoint squares, then one rectangle over all of them: exact is that one.
        var rects: [Rect] = []
        for i in 0..<200 { rects.append(Rect(x: Double(i * 10), y: 0, width: 5, height: 5)) }
        rects.append(Rect(x: -1, y: -1, width: 2002, height: 7))
        #expect(DamageTracker.merge(rects) == [Rect(x: -1, y: -1, width: 2002, height: 7)])
        #expect(DamageTracker.merge(rects) == pairwise(rects))
        // Disjoint boxes beyond 16 (exact answer: their union, as before).
        var many: [Rect] = []
        for i in 0..<100_000 {
            let x = Double(i % 1000 * 3), y = Double(i / 1000 * 3)
            many.append(Rect(x: x, y: y, width: 1, height: 1))
        }
        #expect(DamageTracker.merge(many) == [Rect(x: 0, y: 0, width: 2998, height: 298)])
        #expect(DamageTracker.merge([]) == [])
    }

    /// How long it takes is the cost gate's `damage_all_changed_per_record` (instructions per
    /// record, the same worst case), not a clock here: a timed test fails on a loaded machine.
    @Test("Thousands of disjoint changed records answer their union (the merge's worst case)")
    func manyChangedRecords() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 4000, height: 4000)
        var layers: [Layer] = []
        for i in 0..<5_000 {
            // Disjoint squares 2 apart: after rounding out (+1 each side) they still do not
            // touch, the merge's worst case.
            let l = engine.makeLayer()
            let x = Double(i % 1000 * 5), y = Double(i / 1000 * 5)
            l.bounds = Rect(x: 0, y: 0, width: 1, height: 1)
            l.position = Point(x: x, y: y)
            root.addSublayer(l)
            layers.append(l)
        }
        engine.tick(0)
        _ = try engine.damage(root: root.id)  // start tracking
        _ = try engine.drawList(root: root.id)
        try engine.withTransaction(disableActions: true) {
            for l in layers { l.opacity = 0.5 }
        }
        engine.tick(1)
        _ = try engine.drawList(root: root.id)
        let rects = try engine.damage(root: root.id)
        // Their union (conservative, RS-10.1), from the first square's rounded-out extent.
        #expect(rects.count == 1)
        #expect(rects.first.map { $0.origin.x <= -1 && $0.size.width >= 4996 } == true)
    }
}
