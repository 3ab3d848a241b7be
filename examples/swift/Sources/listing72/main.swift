// SPDX-License-Identifier: Apache-2.0
// Listing 7.2: the same colour change inside a transaction whose animation
// duration is 1 s (CA-2.7). The explicit commit publishes the change at once, with the
// engine's time (0) as the animation's begin time; the presentation takes 1 s to reach blue.

import Lamina
import Trace

run {
    print("listing 7.2: the colour change inside a 1 s transaction")
    let engine = Engine()
    let layer = engine.makeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
    engine.tick(0)
    print("t=0.000 committed: presentation \(colour(try layer.presentationValue(forKeyPath: "backgroundColor")))")

    try engine.withTransaction(duration: 1) {
        layer.backgroundColor = Color(red: 0, green: 0, blue: 1)
    }
    print("transaction (duration 1.000) committed: model \(colour(layer.backgroundColor))")

    for i in 0...12 {
        let t = Double(i) * 0.1
        engine.tick(t)
        let shown = try layer.presentationValue(forKeyPath: "backgroundColor")
        print("t=\(num(t)) presentation \(colour(shown)) animations \(keys(layer))")
    }
}
