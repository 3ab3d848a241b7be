// SPDX-License-Identifier: Apache-2.0
// Lamina's demo: implicit animation inside a 1 s transaction (listing 7.2).
// A committed layer's colour and position change; the model takes the new values at once,
// while the presentation moves there frame by frame.

import Lamina

func format(_ v: Double) -> String {
    let scaled = (v * 1000).rounded() / 1000
    var s = String(scaled)
    if !s.contains(".") { s += ".0" }
    while s.count < 7 { s = " " + s }
    return s
}

func describe(_ value: Value?) -> String {
    switch value {
    case .point(let p)?: return "(\(format(p.x)), \(format(p.y)))"
    case .color(let c)?: return "rgba(\(format(c.red)), \(format(c.green)), \(format(c.blue)), \(format(c.alpha)))"
    case nil: return "none"
    case let v?: return "\(v)"
    }
}

let engine = Engine()
let layer = engine.makeLayer()
layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
layer.position = Point(x: 50, y: 50)
layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
engine.tick(0)  // the first commit: from now on the layer animates implicitly (R4)

print("Lamina \(laminaVersion) demo: colour red → blue and position (50, 50) → (250, 150)")
print("inside a 1 s transaction; the default timing curve (0.25, 0.1, 0.25, 1).\n")

// Committed between two ticks of an engine driven by hand, so the animations begin at the
// next tick's time, the first frame below (R2).
try engine.withTransaction(duration: 1.0) {
    layer.backgroundColor = Color(red: 0, green: 0, blue: 1)
    layer.position = Point(x: 250, y: 150)
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }

print(pad("      t", 9) + "| " + pad("presentation position", 20) + " | " + pad("presentation colour", 40) + " | model position")
for frame in 0...12 {
    let t = Double(frame) * 0.1
    engine.tick(t)
    let position = try layer.presentationValue(forKeyPath: "position")
    let color = try layer.presentationValue(forKeyPath: "backgroundColor")
    print(pad(" " + format(t), 9) + "| " + pad(describe(position), 20) + " | " + pad(describe(color), 40) + " | " + describe(.point(layer.position)))
}
print("\nThe model held the new values from the start; the presentation caught up at t = 1.")
