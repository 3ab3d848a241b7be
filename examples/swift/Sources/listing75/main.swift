// SPDX-License-Identifier: Apache-2.0
// Listing 7.5: asking a view-backed layer for its backgroundColor action, the way
// the book asks the view's actionForLayer:forKey:. Outside an animation block the answer is
// "no action" (so changes jump, listing 7.4); inside a block it is an animation with the block's
// duration and curve (ease in, ease out by default), CA-4.2, CA-4.3.

import Lamina
import Trace

func describeAction(_ layer: Layer, _ whereAsked: String) throws {
    switch try layer.action(forKey: "backgroundColor") {
    case nil:
        print("\(whereAsked): no action")
    case .custom?:
        print("\(whereAsked): a custom action")
    case .animation(let a)?:
        var line = "\(whereAsked): an animation, duration \(num(a.timing.duration))"
        if let f = a.timingFunction {
            line += ", curve (\(num(f.c1x)), \(num(f.c1y)), \(num(f.c2x)), \(num(f.c2y)))"
        }
        print(line)
    }
}

run {
    print("listing 7.5: the view's action for backgroundColor, outside and inside a block")
    let engine = Engine()
    let layer = engine.makeLayer()
    layer.isViewBacked = true
    layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    engine.tick(0)

    try describeAction(layer, "outside an animation block")
    try engine.animate(withDuration: 0.5, animations: {
        try describeAction(layer, "inside an animation block (duration 0.500)")
    })
    try describeAction(layer, "after the block")
}
