// SPDX-License-Identifier: Apache-2.0
// A card flung upward and caught (R17): released at y = 500 with -2400 points per second, it
// decelerates as UIScrollView's content does, toward the projection where it would stop; at
// t = 0.4 a spring catches it into the slot at y = 0, starting from where it is at the speed it
// has. The trace prints the projection, then the card's y and its velocity every 0.1 s: the
// velocity runs on without a jump through the catch.

import Lamina
import Trace

run {
    print("fling: released at y=500 with -2400 pt/s, caught at t=0.4 by a spring into y=0")
    let engine = Engine()
    let card = engine.makeLayer()
    card.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
    card.position = Point(x: 50, y: 500)
    engine.tick(0)

    let rest = try Decay(velocity: -2400, decelerationRate: Decay.normal).projection(from: 500)
    print("projection: y=\(num(rest))")
    // The model holds where the fling ends; the decay plays the way there. Under the
    // property's name, so that the spring which catches it replaces it.
    let fling = try Animation.decay(keyPath: "position.y", velocity: .number(-2400))
    try engine.withTransaction(disableActions: true) {
        try card.setValue(.number(rest), forKeyPath: "position.y")
        try card.add(fling, forKey: "position")
    }

    for k in 0...10 {
        let t = Double(k) / 10
        if k == 4 {
            try engine.animate(spring: .perceptual(duration: 0.4, bounce: 0.2)) {
                card.position = Point(x: 50, y: 0)
            }
            print("caught: spring to y=0")
        }
        engine.tick(t)
        let p = try card.presentation()
        let y = p?.position.y ?? .nan
        var v = Double.nan
        if case .number(let n)? = try p?.velocity(for: "position.y") { v = n }
        print("t=\(num(t)): y=\(num(y)) velocity=\(num(v))")
    }
}
