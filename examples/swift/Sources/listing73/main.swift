// SPDX-License-Identifier: Apache-2.0
// Listing 7.3: a transaction's completion callback rotates the layer by 90
// degrees once the colour change has finished.
//
// The colour animates over the transaction's 1 s. The completion runs during the tick that
// finishes the animation, after its transaction was popped (CA-2.11), so the rotation it makes
// uses the settings in effect then: the default 0.25 s, not the popped transaction's 1 s. The
// rotation commits at the next tick, 1.05, and begins there (R2: time moves, then the commit).

import Lamina
import Trace

run {
    print("listing 7.3: a completion rotates the layer after the colour change")
    let engine = Engine()
    let layer = engine.makeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    layer.backgroundColor = Color(red: 1, green: 0, blue: 0)
    engine.tick(0)

    try engine.withTransaction(duration: 1, completion: {
        print("completion ran at t=\(num(engine.time)): duration in effect "
            + "\(num(engine.transaction.animationDuration)), set transform.rotation.z = pi/2")
        do {
            try layer.setValue(.number(Double.pi / 2), forKeyPath: "transform.rotation.z")
        } catch {
            fail("setting transform.rotation.z: \(error)")
        }
    }) {
        layer.backgroundColor = Color(red: 0, green: 0, blue: 1)
    }
    print("transaction (duration 1.000, with a completion) committed")

    for t in [0.0, 0.25, 0.5, 0.75, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3] {
        engine.tick(t)  // the completion runs inside a tick
        let shown = try layer.presentationValue(forKeyPath: "backgroundColor")
        guard case .number(let angle)? = try layer.presentationValue(forKeyPath: "transform.rotation.z") else {
            fail("transform.rotation.z is not a number")
        }
        print("t=\(num(t)) colour \(colour(shown)) rotation.z \(num(angle)) animations \(keys(layer))")
    }
}
