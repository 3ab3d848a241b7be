// SPDX-License-Identifier: Apache-2.0
// Surprising behaviours (CA-14) and bugs other re-implementations made (CA-17) that the other
// suites do not already pin under their own names.

import Testing
@testable import Lamina

@Suite("Regressions (CA-14, CA-17)")
struct RegressionTests {
    @Test("CA-14.5: an additive rect animation may carry negative size deltas; each component adds")
    func additiveRect() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        engine.tick(0)
        var shrink = Animation.basic(
            keyPath: "bounds", from: .rect(Rect(x: 0, y: 0, width: -50, height: -50)),
            to: .rect(.zero), duration: 1)
        shrink.isAdditive = true
        try layer.add(shrink, forKey: "shrink")
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        #expect(try layer.presentationValue(forKeyPath: "bounds") == .rect(Rect(x: 0, y: 0, width: 75, height: 75)))
    }

    @Test("CA-14.8: adding or removing a sublayer runs the parent's 'sublayers' action")
    func sublayersAction() throws {
        let engine = Engine()
        let parent = engine.makeLayer()
        let child = engine.makeLayer()
        engine.tick(0)
        try parent.setAction(.action(.animation(.transition(.fade))), forKey: LayerEvent.sublayers)
        parent.addSublayer(child)
        #expect(parent.animationKeys == ["sublayers"])
        engine.tick(1)
        child.removeFromSuperlayer()
        #expect(parent.animationKeys == ["sublayers"])
        #expect(child.animationKeys.isEmpty)
    }

    @Test("CA-17: setting the timing function leaves the duration alone, and the other way round")
    func timingFunctionKey() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        t.timingFunction = .easeIn
        #expect(t.animationDuration == 0.25)
        try t.setAnimationDuration(2)
        #expect(t.timingFunction == .easeIn)
        #expect(t.value(forKey: "animationDuration") == .number(2))
        try t.commit()
    }

    @Test("CA-17: an interrupted animation continues from the current value, not from its end value")
    func interruptionFromCurrent() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        try engine.withTransaction(duration: 1, timingFunction: .linear) { layer.opacity = 0 }
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        try engine.withTransaction(duration: 1, timingFunction: .linear) { layer.opacity = 1 }
        engine.tick(0.5)
        #expect(try layer.presentationValue(forKeyPath: "opacity") == .number(0.5))
        #expect(try layer.presentationValue(forKeyPath: "opacity", at: 1.0) == .number(0.75))
    }

    @Test("CA-17: the clock is monotonic, not the wall clock")
    func monotonicClock() {
        var last = MonotonicClock.now()
        for _ in 0..<1000 {
            let t = MonotonicClock.now()
            #expect(t >= last)
            last = t
        }
    }
}
