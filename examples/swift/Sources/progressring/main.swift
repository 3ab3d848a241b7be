// SPDX-License-Identifier: Apache-2.0
// A progress ring: a shape layer strokes a circle, and its strokeEnd animates implicitly from
// 0 to 0.75 inside a 1 s transaction (RS-8.3, RS-8.4). The trace prints the presentation's
// strokeEnd as the ring fills and, half-way, the shape a renderer receives in the draw list.

import Lamina
import Trace

/// A circle of radius r about (cx, cy) from its top, clockwise on a y-down screen: four cubic
/// quarter arcs (k = 0.5523 r puts the midpoints on the circle).
func circle(cx: Double, cy: Double, r: Double) -> Path {
    let k = 0.5522847498307936 * r
    var p = Path()
    p.move(to: Point(x: cx, y: cy - r))
    p.addCurve(to: Point(x: cx + r, y: cy), control1: Point(x: cx + k, y: cy - r), control2: Point(x: cx + r, y: cy - k))
    p.addCurve(to: Point(x: cx, y: cy + r), control1: Point(x: cx + r, y: cy + k), control2: Point(x: cx + k, y: cy + r))
    p.addCurve(to: Point(x: cx - r, y: cy), control1: Point(x: cx - k, y: cy + r), control2: Point(x: cx - r, y: cy + k))
    p.addCurve(to: Point(x: cx, y: cy - r), control1: Point(x: cx - r, y: cy - k), control2: Point(x: cx - k, y: cy - r))
    p.closeSubpath()
    return p
}

/// The ring's draw record at `t` (mid-animation): what a renderer strokes.
func printDrawList(_ engine: Engine, _ ring: ShapeLayer, at t: Double) throws {
    let records = try engine.drawList(root: ring, at: t)
    let shape = records[0].shape
    print("  draw list: \(records.count) record, kind \(records[0].kind.rawValue), path of \(shape?.path.elements.count ?? 0) elements")
    if let s = shape {
        let fills = s.fillColor != nil, strokes = s.strokeColor != nil && s.lineWidth > 0 && s.strokeStart < s.strokeEnd
        print("  fill \(fills ? "yes" : "no"), stroke \(strokes ? "yes" : "no"), line width \(num(s.lineWidth)), cap \(s.lineCap == .round ? "round" : "other"), stroke \(num(s.strokeStart)) to \(num(s.strokeEnd))")
    }
}

run {
    print("progress ring: strokeEnd animates implicitly from 0 to 0.75")
    let engine = Engine()
    let ring = engine.makeShapeLayer()
    ring.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    ring.position = Point(x: 50, y: 50)
    ring.path = circle(cx: 50, cy: 50, r: 40)
    ring.fillColor = nil  // no fill: only the ring's stroke shows
    ring.strokeColor = Color(red: 0.2, green: 0.5, blue: 1)
    ring.lineWidth = 8
    ring.lineCap = .round
    ring.strokeEnd = 0
    engine.tick(0)

    try engine.withTransaction(duration: 1) {
        ring.strokeEnd = 0.75
    }
    for i in 0...4 {
        let t = Double(i) * 0.25
        engine.tick(t)
        guard case .number(let shown)? = try ring.presentationValue(forKeyPath: "strokeEnd") else {
            fail("strokeEnd has no presentation")
        }
        print("t=\(num(t)) strokeEnd \(num(shown)) animations \(keys(ring))")
        if i == 2 { try printDrawList(engine, ring, at: t) }
    }
}
