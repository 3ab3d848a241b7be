// SPDX-License-Identifier: Apache-2.0
// Listing 7.4: a view-backed layer (a UIView's backing layer) does not animate
// under a plain transaction, even one with a 1 s duration: the view's action search answers
// "no action" outside an animation block (CA-4.2, R11), so the colour jumps. The presentation
// equals the model as soon as the transaction commits, and no animation is attached.

import Lamina
import Trace

func state(_ layer: Layer, _ when: String) throws {
    let model = layer.backgroundColor
    let shown = try layer.presentationValue(forKeyPath: "backgroundColor")
    let same: Bool
    switch shown {
    case .color(let c)?: same = model == c
    case .null?: same = model == nil
    default: same = false
    }
    print("\(when): model \(colour(model)) presentation \(colour(shown)) "
        + "\(same ? "(same)" : "(different)") animations \(keys(layer))")
}

run {
    print("listing 7.4: a view-backed layer's colour jumps in a plain transaction")
    let engine = Engine()
    let layer = engine.makeLayer()
    layer.isViewBacked = true
    layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
    engine.tick(0)
    try state(layer, "t=0.000 committed")

    try engine.withTransaction(duration: 1) {
        layer.backgroundColor = Color(red: 0, green: 0, blue: 1)
    }
    try state(layer, "t=0.000 transaction (duration 1.000) committed")

    engine.tick(0.5)
    try state(layer, "t=0.500")
}
