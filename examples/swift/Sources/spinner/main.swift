// SPDX-License-Identifier: Apache-2.0
// A replicator spinner: one dot, replicated eight times around the centre by a rotation of
// 45 degrees per instance, and one opacity animation that each instance plays 0.125 s after the
// one before it (RS-13). The trace prints, from the draw list at t = 0.5, each instance's index,
// the centre of its dot and its opacity.

import Lamina
import Trace

run {
    print("spinner: 8 instances, 0.125 s apart, one opacity animation")
    let engine = Engine()
    let spinner = engine.makeReplicatorLayer()
    spinner.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    spinner.position = Point(x: 50, y: 50)
    spinner.instanceCount = 8
    spinner.instanceDelay = 0.125
    spinner.instanceTransform = Transform3D(rotationAngle: 2 * Double.pi / 8, x: 0, y: 0, z: 1)

    let dot = engine.makeLayer()
    dot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    dot.position = Point(x: 50, y: 10)
    dot.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2)
    spinner.addSublayer(dot)
    engine.tick(0)

    // Fades from 1 to 0.25 each second, forever, linearly (no timing function); added at
    // t = 0, it begins at the commit.
    var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0.25), duration: 1)
    fade.timing.repeatCount = .infinity
    try dot.add(fade, forKey: "fade")
    engine.tick(0)

    engine.tick(0.5)
    let records = try engine.drawList(root: spinner, at: 0.5)
    print("draw list at t=0.500: \(records.count) records")
    for r in records.dropFirst() {
        let c = Point(x: 5, y: 5).applying(r.transform)
        print("  instance \(r.instanceIndex): dot at \(point(c)), opacity \(num(r.opacity))")
    }
}
