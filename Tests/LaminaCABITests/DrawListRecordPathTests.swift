// SPDX-License-Identifier: Apache-2.0
// The C draw list keeps a shape record's path copy from one list to the next while the path is
// the same array (Exports+Contents.swift `recordPaths`, issue 28), and converts it afresh when
// it is not. These tests change paths, counts, record order and replication between lists and
// check every C record's path, dashes and gradient stops against the Swift draw list (the
// general path), so a copy kept when it should not be fails them.

import CLamina
import Lamina
@testable import LaminaCABI
import Testing

/// The C draw list of `root` at `t` through `view` (the full records of this header, as a C
/// caller's `lamina_engine_draw_list` macro asks for them).
private func cDrawList(
    _ view: OpaquePointer, _ root: Layer, at t: Double, _ records: inout UnsafePointer<lamina_draw_record_t>?,
    _ count: inout Int
) -> lamina_status_t {
    var raw: UnsafeRawPointer? = nil
    let status = lamina_engine_draw_list_sized(
        view, lamina_layer_t(root.id.rawValue), t, MemoryLayout<lamina_draw_record_t>.size, &raw, &count)
    records = raw?.assumingMemoryBound(to: lamina_draw_record_t.self)
    return status
}

/// The C draw list of `root` at `t` through `view`, checked record by record against the Swift
/// draw list of the same engine: shape paths, dash patterns and gradient stops.
private func checkAgainstSwift(_ engine: Engine, _ view: OpaquePointer, _ root: Layer, at t: Double) throws {
    let swift = try engine.drawList(root: root.id, at: t)
    var records: UnsafePointer<lamina_draw_record_t>? = nil
    var count = 0
    #expect(cDrawList(view, root, at: t, &records, &count) == LAMINA_STATUS_OK)
    try #require(count == swift.count)
    for (i, r) in swift.enumerated() {
        let c = records![i]
        #expect(c.layer == r.layer.rawValue)
        if let s = r.shape {
            let cs = try #require(c.shape, "record \(i) lost its shape")
            try #require(cs.pointee.path_count == s.path.elements.count, "record \(i)")
            for (k, e) in s.path.elements.enumerated() {
                let ce = cs.pointee.path[k]
                let want = cPathElement(e)
                #expect(ce.type == want.type, "record \(i) element \(k)")
                #expect(ce.points.0.x == want.points.0.x && ce.points.0.y == want.points.0.y, "record \(i) element \(k)")
                #expect(ce.points.1.x == want.points.1.x && ce.points.1.y == want.points.1.y, "record \(i) element \(k)")
                #expect(ce.points.2.x == want.points.2.x && ce.points.2.y == want.points.2.y, "record \(i) element \(k)")
            }
            // Every field of the shape struct, not only its pointers (a record's own struct is
            // rewritten in place from list to list).
            let want = DrawShapeFields(s)
            #expect(DrawShapeFields(cs.pointee) == want, "record \(i)")
            #expect(cs.pointee.line_dash_count == s.lineDashPattern.count)
            for (k, d) in s.lineDashPattern.enumerated() { #expect(cs.pointee.line_dash_pattern[k] == d) }
            if s.lineDashPattern.isEmpty { #expect(cs.pointee.line_dash_pattern == nil) }
        } else {
            #expect(c.shape == nil, "record \(i) has a shape the Swift list does not")
        }
        if let g = r.gradient {
            let cg = try #require(c.gradient)
            try #require(cg.pointee.count == g.colors.count)
            for k in g.colors.indices {
                #expect(cg.pointee.colors[k].r == g.colors[k].red && cg.pointee.colors[k].a == g.colors[k].alpha)
                #expect(cg.pointee.locations[k] == g.locations[k])
            }
        } else {
            #expect(c.gradient == nil)
        }
    }
}

/// A shape struct's fields other than its pointers, from the C struct or from what the Swift
/// record says it must hold (docs/draw-records.md), compared bit for bit.
private struct DrawShapeFields: Equatable {
    var flags: UInt32, fill: [UInt64], stroke: [UInt64], rule: Int32, width: UInt64, miter: UInt64
    var cap: Int32, join: Int32, dashCount: Int, phase: UInt64, start: UInt64, end: UInt64, pathCount: Int

    init(_ c: lamina_draw_shape_t) {
        flags = c.flags
        fill = (c.flags & LAMINA_DRAW_SHAPE_FILL) != 0
            ? [c.fill_color.r, c.fill_color.g, c.fill_color.b, c.fill_color.a].map(\.bitPattern) : []
        stroke = (c.flags & LAMINA_DRAW_SHAPE_STROKE) != 0
            ? [c.stroke_color.r, c.stroke_color.g, c.stroke_color.b, c.stroke_color.a].map(\.bitPattern) : []
        rule = c.fill_rule
        width = c.line_width.bitPattern
        miter = c.miter_limit.bitPattern
        cap = c.line_cap
        join = c.line_join
        dashCount = c.line_dash_count
        phase = c.line_dash_phase.bitPattern
        start = c.stroke_start.bitPattern
        end = c.stroke_end.bitPattern
        pathCount = c.path_count
    }

    init(_ s: DrawShape) {
        flags = (s.fillColor != nil ? LAMINA_DRAW_SHAPE_FILL : 0) | (s.strokeColor != nil ? LAMINA_DRAW_SHAPE_STROKE : 0)
        fill = s.fillColor.map { [$0.red, $0.green, $0.blue, $0.alpha].map(\.bitPattern) } ?? []
        stroke = s.strokeColor.map { [$0.red, $0.green, $0.blue, $0.alpha].map(\.bitPattern) } ?? []
        rule = s.fillRule.code
        width = s.lineWidth.bitPattern
        miter = s.miterLimit.bitPattern
        cap = s.lineCap.code
        join = s.lineJoin.code
        dashCount = s.lineDashPattern.count
        phase = s.lineDashPhase.bitPattern
        start = s.strokeStart.bitPattern
        end = s.strokeEnd.bitPattern
        pathCount = s.path.elements.count
    }
}

/// A deterministic generator (SplitMix64), so a failure reproduces.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

private func randomPath(_ rng: inout SplitMix) -> Path {
    var p = Path()
    p.move(to: Point(x: rng.unit() * 50, y: rng.unit() * 50))
    for _ in 0..<(1 + rng.int(6)) {
        if rng.int(2) == 0 {
            p.addLine(to: Point(x: rng.unit() * 50, y: rng.unit() * 50))
        } else {
            p.elements.append(.cubicCurve(
                control1: Point(x: rng.unit() * 50, y: rng.unit()), control2: Point(x: rng.unit(), y: rng.unit() * 50),
                to: Point(x: rng.unit() * 50, y: rng.unit() * 50)))
        }
    }
    if rng.int(2) == 0 { p.elements.append(.close) }
    return p
}

@Suite("The C draw list keeps an unchanged shape path's copy, and only then (issue 28)")
struct DrawListRecordPathTests {
    @Test("an unchanged path keeps its copy; a changed one (same count) is converted again")
    func keptWhileUnchanged() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let shape = engine.makeShapeLayer()
        shape.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        shape.path = .rect(Rect(x: 0, y: 0, width: 10, height: 10))
        root.addSublayer(shape)
        engine.tick(0)
        let view = try #require(makeEngineView(engine))
        defer { destroyEngineView(view) }
        var records: UnsafePointer<lamina_draw_record_t>? = nil
        var count = 0
        #expect(cDrawList(view, root, at: 0, &records, &count) == LAMINA_STATUS_OK)
        let first = try #require(records![1].shape).pointee.path
        let firstShape = records![1].shape
        #expect(cDrawList(view, root, at: 0, &records, &count) == LAMINA_STATUS_OK)
        // The same copy: nothing converted (the fast path is taken), and the record's own
        // shape struct, rewritten where it was.
        #expect(try #require(records![1].shape).pointee.path == first)
        #expect(records![1].shape == firstShape)
        try checkAgainstSwift(engine, view, root, at: 0)
        // The same number of elements, other points: a new conversion, the new points.
        shape.path = .rect(Rect(x: 5, y: 6, width: 7, height: 8))
        engine.tick(1)
        try checkAgainstSwift(engine, view, root, at: 1)
        #expect(try #require(records![1].shape).pointee.path[0].points.0.x == 5)
    }

    @Test("random edits between lists: paths, counts, order, replication, removal, animation")
    func randomEdits() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        let replicator = engine.makeReplicatorLayer()
        replicator.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = 3
        root.addSublayer(replicator)
        var rng = SplitMix(state: 28)
        var shapes: [ShapeLayer] = []
        var gradients: [GradientLayer] = []
        for _ in 0..<6 {
            let s = engine.makeShapeLayer()
            s.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
            s.path = randomPath(&rng)
            root.addSublayer(s)
            shapes.append(s)
        }
        for _ in 0..<2 {
            let g = engine.makeGradientLayer()
            g.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
            g.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]
            root.addSublayer(g)
            gradients.append(g)
        }
        engine.tick(0)
        let view = try #require(makeEngineView(engine))
        defer { destroyEngineView(view) }
        var t = 0.0
        for frame in 0..<120 {
            switch rng.int(11) {
            case 0:  // a new path
                shapes[rng.int(shapes.count)].path = randomPath(&rng)
            case 1:  // no path (the record has no shape), or an empty one
                shapes[rng.int(shapes.count)].path = rng.int(2) == 0 ? nil : Path()
            case 2:  // order changes: records move to other indices
                let s = shapes[rng.int(shapes.count)]
                s.removeFromSuperlayer()
                root.insertSublayer(s, at: rng.int(root.sublayers.count + 1))
            case 3:  // into or out of the replicator (shared side data there)
                let s = shapes[rng.int(shapes.count)]
                s.removeFromSuperlayer()
                if rng.int(2) == 0 { replicator.addSublayer(s) } else { root.addSublayer(s) }
            case 4:  // dashes
                shapes[rng.int(shapes.count)].lineDashPattern = rng.int(2) == 0 ? nil : [rng.unit() * 4, 1 + rng.unit()]
            case 5:  // an explicit path animation: a new path every frame
                let s = shapes[rng.int(shapes.count)]
                let a = Animation.basic(
                    keyPath: "path", from: .path(.rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                    to: .path(.rect(Rect(x: 0, y: 0, width: 40, height: 30))), duration: 0.5)
                try s.add(a, forKey: "p")
            case 6:  // gradient stops
                let g = gradients[rng.int(gradients.count)]
                let n = 2 + rng.int(3)
                g.colors = (0..<n).map { _ in Color(red: rng.unit(), green: rng.unit(), blue: rng.unit()) }
                g.locations = rng.int(2) == 0 ? nil : (0..<n).map { Double($0) / Double(n) }
            case 7:  // the replicator's count
                replicator.instanceCount = 1 + rng.int(4)
            case 8:  // how the shape is painted: the struct's other fields
                let s = shapes[rng.int(shapes.count)]
                s.fillColor = rng.int(3) == 0 ? nil : Color(red: rng.unit(), green: rng.unit(), blue: 0, alpha: rng.unit())
                s.strokeColor = rng.int(2) == 0 ? nil : Color(red: 0, green: rng.unit(), blue: 1)
                s.lineWidth = [0, 0.5, 2][rng.int(3)]
                s.strokeEnd = rng.unit()
                s.lineCap = [.butt, .round, .square][rng.int(3)]
            case 9:  // the same dash pattern, a new array
                let s = shapes[rng.int(shapes.count)]
                if let d = s.lineDashPattern { s.lineDashPattern = d.map { $0 } }
            default:  // nothing: every copy kept
                break
            }
            t += 1.0 / 30
            engine.tick(t)
            try checkAgainstSwift(engine, view, root, at: t)
            if frame % 10 == 0 { try checkAgainstSwift(engine, view, root, at: t) }  // twice, unchanged
        }
    }
}
