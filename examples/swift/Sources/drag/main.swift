// SPDX-License-Identifier: Apache-2.0
// A card driven by a pointer (R17), as lamina-viewer --gesture does it, with synthetic pointer
// samples at 60 Hz: pressed at x = 0, dragged right at 1200 points per second (the card follows
// with actions disabled), let go at t = 0.2: a decay at the pointer's velocity (its last three
// samples' slope), toward the projection; below 300 pt/s a spring takes it, with its velocity,
// into the slot nearest the projection (slots every 200 points). At t = 0.5 the pointer catches
// it mid-flight, where it is seen, drags it back at 1500 pt/s and throws it the other way. The
// trace prints the hand-offs and the card's x and velocity every 0.1 s: nothing jumps. (While
// dragged the card has no animation, so its presentation velocity reads 0; the pointer's
// velocity is what the release hands over.)

import Lamina
import Trace

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

run {
    print("drag: pressed at x=0, dragged at 1200 pt/s, flung at t=0.2, caught at t=0.5 and "
        + "thrown back; slots every 200 pt")
    let engine = Engine()
    let card = engine.makeLayer()
    card.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
    card.position = Point(x: 0, y: 100)
    engine.tick(0)

    // The card's presentation x and x velocity at t.
    func seen(_ t: Double) throws -> (Double, Double) {
        var x = Double.nan, v = Double.nan
        if case .number(let n)? = try card.presentationValue(forKeyPath: "position.x", at: t) { x = n }
        if case .number(let n)? = try card.presentationVelocity(forKeyPath: "position.x", at: t) { v = n }
        return (x, v)
    }
    // The card under the pointer: at x, no animation, actions disabled.
    func hold(at x: Double) throws {
        try engine.withTransaction(disableActions: true) {
            try card.removeAnimation(forKey: "position")
            card.position = Point(x: x, y: 100)
        }
    }
    // Let go at x with velocity v: a fast decay toward the projection; returns the slot.
    func fling(_ t: Double, _ x: Double, _ v: Double) throws -> Double {
        let rest = try Decay(velocity: v, decelerationRate: Decay.fast).projection(from: x)
        let slot = 200.0 * floor(rest / 200.0 + 0.5)
        print("release at t=\(num(t)): x=\(num(x)) velocity=\(num(v)) projection=\(num(rest)) slot=\(num(slot))")
        let decay = try Animation.decay(
            keyPath: "position.x", velocity: .number(v), decelerationRate: Decay.fast, from: .number(x))
        try engine.withTransaction(disableActions: true) {
            card.position = Point(x: rest, y: 100)
            try card.add(decay, forKey: "position")
        }
        return slot
    }

    let spring = try SpringParameters.perceptual(duration: 0.4, bounce: 0.2)
    var samples = [Double](repeating: 0, count: 91)  // the pointer's x at each frame while it is down
    var flinging = false, releaseK = -1
    let catchK = 30
    var slot = 0.0, caughtX = 0.0
    for k in 1...90 {
        let t = Double(k) / 60.0
        // Pointer events at t.
        if k <= 12 {  // the drag right
            samples[k] = 1200.0 * t
            try hold(at: samples[k])
        }
        if k == catchK {  // pressed mid-flight: it stops where it is seen
            let (x, v) = try seen(t)
            print("caught at t=\(num(t)): x=\(num(x)) (moving at \(num(v)))")
            caughtX = x
            samples[k] = x
            try hold(at: x)
            flinging = false
        }
        if k > catchK && k <= catchK + 6 {  // dragged back
            samples[k] = caughtX - 1500.0 * (t - Double(catchK) / 60.0)
            try hold(at: samples[k])
        }
        if k == 12 || k == 36 {  // let go: the velocity of the last three samples
            let v = (samples[k] - samples[k - 3]) / (t - Double(k - 3) / 60.0)
            slot = try fling(t, samples[k], v)
            flinging = true
            releaseK = k
        }
        // The hand-off: a slow fling is taken by the spring, keeping its velocity.
        var before = (0.0, 0.0)
        var sprung = false
        if flinging && k > releaseK {
            before = try seen(t)
            if abs(before.1) < 300 {
                try engine.animate(spring: spring) {
                    card.position = Point(x: slot, y: 100)
                }
                flinging = false
                sprung = true
            }
        }
        engine.tick(t)
        if sprung {  // the spring began at t: where the decay was, as fast
            let (x, v) = try seen(t)
            print("spring at t=\(num(t)): x=\(num(before.0)) -> \(num(x)) velocity=\(num(before.1)) -> \(num(v))")
        }
        if k % 6 == 0 {
            let (x, v) = try seen(t)
            print("t=\(num(t)): x=\(num(x)) velocity=\(num(v))")
        }
    }
}
