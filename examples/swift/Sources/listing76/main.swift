// SPDX-License-Identifier: Apache-2.0
// Listing 7.6: a custom action in the layer's actions dictionary. A push
// transition from the left is set as the action for backgroundColor, so changing the colour
// runs the transition instead of the implicit colour fade (CA-3.10, CA-10.2): the new colour
// pushes the old one out. The trace shows the transition's progress and the two colours a
// renderer composites, the old ("before") and the new (the presentation).

import Lamina
import Trace

run {
    print("listing 7.6: a push transition from the left as the layer's backgroundColor action")
    let engine = Engine()
    let layer = engine.makeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
    engine.tick(0)

    try layer.setAction(.action(.animation(.transition(.push, subtype: .fromLeft))), forKey: "backgroundColor")
    print("actions[backgroundColor] = push transition from the left")

    layer.backgroundColor = Color(red: 0, green: 1, blue: 0)
    print("set backgroundColor to rgba(0.000, 1.000, 0.000, 1.000)")

    for i in 0...6 {
        let t = Double(i) * 0.05
        engine.tick(t)
        var line = "t=\(num(t))"
        if let (state, before) = try layer.transition(at: t) {
            line += " transition \(state.type.rawValue) \(state.subtype?.rawValue ?? "none")"
            line += " progress \(num(state.progress))"
            line += " before \(colour(before.backgroundColor))"
            line += " after \(colour(try layer.presentationValue(forKeyPath: "backgroundColor")))"
        } else {
            line += " no transition, presentation \(colour(try layer.presentationValue(forKeyPath: "backgroundColor")))"
        }
        print(line + " animations \(keys(layer))")
    }
}
