// SPDX-License-Identifier: Apache-2.0
// The draw list's memo of shape records (issue 28, `DrawList.lendShape(of:at:to:)`): a reused list
// hands a record the shape its index had last list when the layer shows the same stored values
// array. Checked against a fresh list (no memo: every shape made afresh) over random frames
// that change values with and without animations, add, remove, hide and reorder layers.

import Testing

@testable import Lamina

private func randomPath(_ rng: inout SplitMix64) -> Path {
    var p = Path()
    p.move(to: Point(x: rng.unit() * 50, y: rng.unit() * 50))
    for _ in 0..<(1 + rng.int(4)) { p.addLine(to: Point(x: rng.unit() * 50, y: rng.unit() * 50)) }
    if rng.int(2) == 0 { p.closeSubpath() }
    return p
}

@Suite("Shape records from the memo of a reused list (issue 28)")
struct ShapeMemoTests {
    @Test("a reused list's records equal a fresh list's, frame after frame", arguments: 0..<3)
    func reusedAgainstFresh(seed: UInt64) throws {
        var rng = SplitMix64(state: 900 + seed)
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        var shapes: [ShapeLayer] = []
        func addShape() {
            let s = engine.makeShapeLayer()
            s.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
            s.position = Point(x: rng.unit() * 150, y: rng.unit() * 150)
            if rng.int(5) != 0 { s.path = randomPath(&rng) }
            if rng.int(2) == 0 { s.strokeColor = Color(red: rng.unit(), green: 0, blue: 1) }
            if rng.int(3) == 0 { s.lineDashPattern = [2, 1] }
            if rng.int(4) == 0 {
                // A morph: shown from the presentation, never memoised.
                var a = Animation.basic(keyPath: "path", from: .path(randomPath(&rng)), to: .path(randomPath(&rng)), duration: 0.7)
                a.timing.repeatCount = .infinity
                try? s.add(a, forKey: "morph")
            } else if rng.int(4) == 0 {
                // Animated, but not its shape: its presentation shares the stored values.
                var a = Animation.basic(keyPath: "opacity", from: .number(0.3), to: .number(1), duration: 0.5)
                a.timing.repeatCount = .infinity
                try? s.add(a, forKey: "fade")
            }
            let host = rng.int(3) == 0 && !shapes.isEmpty ? shapes[rng.int(shapes.count)] : root
            host.insertSublayer(s, at: rng.int(3))
            shapes.append(s)
        }
        for _ in 0..<12 { addShape() }
        engine.tick(0)
        let reused = DrawList()
        var shapeRecords = 0
        for f in 1...60 {
            // Changes between the frames, with and without implicit animations.
            try engine.withTransaction(disableActions: rng.int(2) == 0) {
                for _ in 0..<rng.int(3) {
                    let s = shapes[rng.int(shapes.count)]
                    switch rng.int(8) {
                    case 0: s.path = rng.int(4) == 0 ? nil : randomPath(&rng)
                    case 1: s.fillColor = rng.int(3) == 0 ? nil : Color(red: rng.unit(), green: rng.unit(), blue: 0)
                    case 2: s.lineWidth = [0, 1, 3][rng.int(3)]
                    case 3: s.strokeEnd = rng.unit()
                    case 4: s.isHidden.toggle()
                    case 5: s.removeFromSuperlayer()
                    case 6: root.insertSublayer(s, at: rng.int(4))
                    default: addShape()
                    }
                }
            }
            engine.tick(Double(f) / 30)
            try engine.drawList(root: root.id, into: reused)
            let fresh = try engine.drawList(root: root.id)
            #expect(reused.records == fresh, "frame \(f)")
            shapeRecords += fresh.filter { $0.shape != nil }.count
        }
        // The memo ran, and the comparison covered real shapes.
        #expect(reused.shapeMemoHits > 100)
        #expect(shapeRecords > 200)
    }

    @Test("a changed value is a different array: the memo makes the shape afresh")
    func changedValuesMiss() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        let s = engine.makeShapeLayer()
        s.path = .rect(Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSublayer(s)
        engine.tick(0)
        let list = DrawList()
        try engine.drawList(root: root.id, into: list)
        try engine.drawList(root: root.id, into: list)
        #expect(list.shapeMemoHits == 1)
        try engine.withTransaction(disableActions: true) { s.fillColor = Color(red: 1, green: 0, blue: 0) }
        engine.tick(0.1)
        try engine.drawList(root: root.id, into: list)
        #expect(list.shapeMemoHits == 1)
        #expect(list.records[1].shape?.fillColor == Color(red: 1, green: 0, blue: 0))
        try engine.drawList(root: root.id, into: list)
        #expect(list.shapeMemoHits == 2)
        #expect(list.records[1].shape?.fillColor == Color(red: 1, green: 0, blue: 0))
    }

    @Test("PropertyValues shares storage only with its own copies")
    func sharesStorage() {
        var a = PropertyValues()
        a[PropertyID.path.rawValue] = .number(1)
        let b = a
        #expect(a.sharesStorage(with: b))
        var c = a
        c[PropertyID.path.rawValue] = .number(1)  // the same value, written: a copy
        #expect(!a.sharesStorage(with: c))
        #expect(a.sharesStorage(with: b))
    }
}
