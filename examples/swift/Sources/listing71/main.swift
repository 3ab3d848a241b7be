// SPDX-License-Identifier: Apache-2.0
// Listing 7.1: a standalone layer's colour change animates implicitly.
//
// The layer is committed first (a layer that was never committed has no presentation and does
// not animate, CA-1.2). Setting its backgroundColor afterwards makes the built-in implicit
// animation run over the default 0.25 s with the default curve (0.25, 0.1, 0.25, 1), CA-3.7.
// The trace shows the model (the new value at once) and the presentation frame by frame.

import Lamina
import Trace

run {
    print("listing 7.1: a standalone layer's colour change animates implicitly")
    let engine = Engine()
    let layer = engine.makeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
    engine.tick(0)  // commits the layer: it now has a presentation
    print("t=0.000 committed: presentation \(colour(try layer.presentationValue(forKeyPath: "backgroundColor")))")

    layer.backgroundColor = Color(red: 0, green: 0, blue: 1)
    print("set backgroundColor: model \(colour(layer.backgroundColor)) at once")

    for i in 0...6 {
        let t = Double(i) * 0.05
        engine.tick(t)  // the first tick commits the change
        let shown = try layer.presentationValue(forKeyPath: "backgroundColor")
        print("t=\(num(t)) presentation \(colour(shown)) animations \(keys(layer))")
    }
}
