// SPDX-License-Identifier: Apache-2.0
// An animated gradient: a gradient layer's two colours change inside a 1 s transaction and
// interpolate element by element (RS-9.1, RS-9.9); the trace prints the presentation's colours
// and, half-way, the gradient a renderer receives, its stops spread evenly when locations is nil
// (RS-9.4).

import Lamina
import Trace

func colours(_ cs: [Color]) -> String {
    "[" + cs.map { colour($0) }.joined(separator: ", ") + "]"
}

/// The gradient's draw record at `t` (mid-animation): what a renderer fills.
func printDrawList(_ engine: Engine, _ layer: GradientLayer, at t: Double) throws {
    let records = try engine.drawList(root: layer, at: t)
    print("  draw list: \(records.count) record, kind \(records[0].kind.rawValue)")
    if let g = records[0].gradient {
        let stops = g.locations.map { num($0) }.joined(separator: ", ")
        print("  \(g.type == .axial ? "axial" : "other") gradient of \(g.colors.count) stops at [\(stops)] from \(point(g.startPoint)) to \(point(g.endPoint)): \(colours(g.colors))")
    }
}

run {
    print("gradient: two colours change over 1 s, left to right")
    let engine = Engine()
    let gradient = engine.makeGradientLayer()
    gradient.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    gradient.position = Point(x: 100, y: 50)
    gradient.startPoint = Point(x: 0, y: 0.5)
    gradient.endPoint = Point(x: 1, y: 0.5)
    gradient.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]
    engine.tick(0)

    try engine.withTransaction(duration: 1) {
        gradient.colors = [Color(red: 1, green: 1, blue: 0), Color(red: 0, green: 0.5, blue: 0)]
    }
    for i in 0...2 {
        let t = Double(i) * 0.5
        engine.tick(t)
        if case .colorArray(let cs)? = try gradient.presentationValue(forKeyPath: "colors") {
            print("t=\(num(t)) colors \(colours(cs))")
        } else {
            print("t=\(num(t)) colors nil")
        }
        if i == 1 { try printDrawList(engine, gradient, at: t) }
    }
}
