// SPDX-License-Identifier: Apache-2.0
// Explicit animations attached to layers: adding, keys, removal, delegates, evaluation over
// the presentation, layer time (CA-1.7–1.10, CA-5, CA-7, CA-8, CA-9, CA-10, CA-11, CA-14).

import Testing
@testable import Lamina

/// Collects delegate calls; the engine calls it on the ticking thread (here, the test's).
private final class DelegateLog: @unchecked Sendable {
    var events: [String] = []
}

private func committedLayer(_ engine: Engine) throws -> Layer {
    let layer = engine.makeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    engine.tick(0)
    return layer
}

private func number(_ layer: Layer, _ key: String, at t: Double? = nil) throws -> Double? {
    if case .number(let v)? = try layer.presentationValue(forKeyPath: key, at: t) { return v }
    return nil
}

private func logging(_ log: DelegateLog) -> AnimationDelegate {
    AnimationDelegate(
        didStart: { _, key in log.events.append("start \(key)") },
        didStop: { _, key, finished in log.events.append("stop \(key) \(finished)") })
}

@Suite("Explicit animations: adding and keys (CA-11, R8)")
struct ExplicitAnimationKeyTests {
    @Test("Adding copies the animation: later changes to the original have no effect (CA-11.1)")
    func addingCopies() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        try layer.add(fade, forKey: "fade")
        fade.toValue = .number(0.5)
        engine.tick(0)
        #expect(layer.animation(forKey: "fade")?.toValue == .number(0))
        #expect(approx(try #require(try number(layer, "opacity", at: 0.5)), 0.5, tolerance: 1e-12))
    }

    @Test("A duration <= 0 takes the transaction's duration when added (CA-2.12, CA-11.2)")
    func durationFromTransaction() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try engine.withTransaction(duration: 2) {
            try layer.add(.basic(keyPath: "opacity", from: .number(1), to: .number(0)), forKey: "fade")
        }
        #expect(layer.animation(forKey: "fade")?.timing.duration == 2)
        let outside = engine.makeLayer()
        engine.tick(0)
        try outside.add(.basic(keyPath: "opacity", from: .number(1), to: .number(0)), forKey: "f")
        #expect(outside.animation(forKey: "f")?.timing.duration == 0.25)
    }

    @Test("Keys list in order; a replaced key moves to the end; unnamed ones are not listed; a transition without a key is 'transition' (CA-11.3, CA-11.6, R8)")
    func keys() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try layer.add(.basic(keyPath: "opacity", to: .number(0), duration: 1), forKey: "a")
        try layer.add(.basic(keyPath: "position.x", to: .number(5), duration: 1), forKey: "b")
        try layer.add(.basic(keyPath: "cornerRadius", to: .number(5), duration: 1), forKey: nil)
        try layer.add(.transition(.push, subtype: .fromLeft, duration: 1), forKey: nil)
        engine.tick(0)
        #expect(layer.animationKeys == ["a", "b", "transition"])
        try layer.add(.basic(keyPath: "opacity", to: .number(1), duration: 1), forKey: "a")
        engine.tick(0.1)
        #expect(layer.animationKeys == ["b", "transition", "a"])
    }

    @Test("Replacing a key stops the old animation with finished = false (CA-11.4, R8)")
    func replacementStops() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        let log = DelegateLog()
        var first = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        first.delegate = logging(log)
        try layer.add(first, forKey: "fade")
        engine.tick(0.1)
        try layer.add(.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1), forKey: "fade")
        engine.tick(0.2)
        #expect(log.events == ["start fade", "stop fade false"])
    }

    @Test("A commit that replaces many keys stops the old animations in order, keeps the others (CA-11.4, R8)")
    func manyReplacementsStopInOrder() throws {
        // Twelve replacements in one commit: past the eighth the commit removes the rest in one
        // pass (Engine.commitAnimations); the order of the stops and of the keys is the same.
        let engine = Engine()
        let layer = try committedLayer(engine)
        let log = DelegateLog()
        let keys = (0..<12).map { "k\($0)" }
        for key in ["keep"] + keys {
            var a = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 5)
            if key != "keep" { a.delegate = logging(log) }
            try layer.add(a, forKey: key)
        }
        engine.tick(0.1)
        log.events.removeAll()
        for key in keys.reversed() {
            try layer.add(.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 5), forKey: key)
        }
        engine.tick(0.2)
        #expect(log.events == keys.map { "stop \($0) false" })
        #expect(layer.animationKeys == ["keep"] + keys.reversed())
    }

    @Test("A property animation without a key path, or with an unknown one, is refused")
    func invalidAnimations() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        #expect(throws: LaminaError.self) { try layer.add(Animation(kind: .basic), forKey: "x") }
        #expect(throws: LaminaError.self) {
            try layer.add(.basic(keyPath: "nonsense", to: .number(1)), forKey: "x")
        }
        // The message names the layer first (issue 23 item 9, docs/c-api/Errors.md).
        #expect(throws: LaminaError(.typeMismatch, "layer \(layer.id.rawValue) (plain layer): 'opacity' takes a number value, not a point")) {
            try layer.add(.basic(keyPath: "opacity", to: .point(.zero), duration: 1), forKey: "x")
        }
        #expect(throws: LaminaError.self) {
            var f = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1))
            f.valueFunction = .rotateZ  // makes a transform: opacity is not one
            try layer.add(f, forKey: "x")
        }
        #expect(throws: LaminaError.self) {
            try layer.add(.keyframe(keyPath: "opacity", values: [.number(0), .color(.black)]), forKey: "x")
        }
        var bad = Animation.basic(keyPath: "opacity", to: .number(1), duration: 1)
        bad.timing.speed = .nan
        #expect(throws: LaminaError.self) { try layer.add(bad, forKey: "x") }
        #expect(layer.animationKeys.isEmpty)
    }
}

@Suite("Explicit animations: evaluation (CA-1.7–1.10, CA-7, CA-14)")
struct ExplicitAnimationEvaluationTests {
    @Test("from → to at several times, linear by default (CA-6.4, CA-7.1)",
          arguments: [0.0, 0.25, 0.5, 0.99])
    func basicFromTo(_ t: Double) throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try layer.add(.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1), forKey: "fade")
        engine.tick(0)
        #expect(approx(try #require(try number(layer, "opacity", at: t)), 1 - t, tolerance: 1e-12))
    }

    @Test("Removal restores the model value: the layer 'jumps back' (CA-1.7, CA-11.9)")
    func jumpsBack() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try layer.add(.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1), forKey: "fade")
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        engine.tick(1.0)
        #expect(layer.animationKeys.isEmpty)
        #expect(try number(layer, "opacity") == 1)
    }

    @Test("removedOnCompletion = false with fill forwards holds the end value (CA-1.10)")
    func fillForwards() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        fade.isRemovedOnCompletion = false
        fade.timing.fillMode = .forwards
        try layer.add(fade, forKey: "fade")
        engine.tick(0)
        engine.tick(5)
        #expect(layer.animationKeys == ["fade"])
        #expect(try number(layer, "opacity") == 0)
        #expect(layer.opacity == 1)  // the model disagrees with the screen (CA-1.11)
    }

    @Test("removedOnCompletion = false with fill removed contributes nothing after the end (CA-1.10)")
    func noFillAfterEnd() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        fade.isRemovedOnCompletion = false
        try layer.add(fade, forKey: "fade")
        engine.tick(0)
        engine.tick(2)
        #expect(layer.animationKeys == ["fade"])
        #expect(try number(layer, "opacity") == 1)
    }

    @Test("Fill backwards shows the start value before a delayed begin (CA-5.9)")
    func fillBackwards() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var fade = Animation.basic(keyPath: "opacity", from: .number(0.2), to: .number(0), duration: 1)
        fade.timing.beginTime = 5
        fade.timing.fillMode = .backwards
        try layer.add(fade, forKey: "fade")
        engine.tick(1)
        #expect(try number(layer, "opacity") == 0.2)
        fade.timing.fillMode = .removed
        try layer.add(fade, forKey: "fade")
        engine.tick(2)
        #expect(try number(layer, "opacity") == 1)
    }

    @Test("A to-only animation follows later changes of the model value (CA-7.2, CA-14.6)")
    func toOnlyFollowsModel() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try layer.add(.basic(keyPath: "position.x", from: .number(0), duration: 1), forKey: "slide")
        engine.tick(0)
        try engine.withTransaction(disableActions: true) { layer.position = Point(x: 100, y: 0) }
        engine.tick(0.5)
        #expect(approx(try #require(try number(layer, "position.x")), 50, tolerance: 1e-9))
        try engine.withTransaction(disableActions: true) { layer.position = Point(x: 200, y: 0) }
        engine.tick(0.5)
        #expect(approx(try #require(try number(layer, "position.x")), 100, tolerance: 1e-9))
    }

    @Test("An additive animation adds to the value beneath it (CA-7.3)")
    func additive() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try engine.withTransaction(disableActions: true) { layer.position = Point(x: 10, y: 20) }
        var nudge = Animation.basic(keyPath: "position", from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 100, y: 0)), duration: 1)
        nudge.isAdditive = true
        try layer.add(nudge, forKey: "nudge")
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        #expect(try layer.presentationValue(forKeyPath: "position", at: 0.5) == .point(Point(x: 60, y: 20)))
    }

    @Test("Setting the model and adding an explicit animation under another key: two animations, the later one on top (CA-14.1)")
    func implicitAndExplicitStack() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        layer.opacity = 0.5  // implicit, key "opacity", 0.25 s
        try layer.add(.basic(keyPath: "opacity", from: .number(0), to: .number(0), duration: 1), forKey: "pin")
        engine.tick(0)
        #expect(layer.animationKeys == ["opacity", "pin"])
        #expect(try number(layer, "opacity", at: 0.1) == 0)  // the later one overwrites (CA-1.8)
    }

    @Test("Animating 'transform' from identity to a 2π rotation does not move (CA-14.4)")
    func fullTurnDoesNotMove() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        let turn = Transform3D(rotationAngle: 2 * .pi, x: 0, y: 0, z: 1)
        try layer.add(.basic(keyPath: "transform", from: .transform(.identity), to: .transform(turn), duration: 1), forKey: "spin")
        engine.tick(0)
        for t in [0.25, 0.5, 0.75] {
            #expect(approx(try #require(try number(layer, "transform.rotation.z", at: t)), 0, tolerance: 1e-9))
        }
    }

    @Test("Animating 'transform.rotation.z' with numbers turns through the angle (CA-7.6, CA-3.15)")
    func rotationKeyPath() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try layer.add(.basic(keyPath: "transform.rotation.z", from: .number(0), to: .number(.pi / 2), duration: 1), forKey: "turn")
        engine.tick(0)
        #expect(approx(try #require(try number(layer, "transform.rotation.z", at: 0.5)), .pi / 4, tolerance: 1e-9))
    }

    @Test("A value function turns numbers into a transform (CA-7.5)")
    func valueFunction() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var turn = Animation.basic(keyPath: "transform", from: .number(0), to: .number(.pi), duration: 1)
        turn.valueFunction = .rotateZ
        try layer.add(turn, forKey: "turn")
        engine.tick(0)
        #expect(approx(try #require(try number(layer, "transform.rotation.z", at: 0.25)), .pi / 4, tolerance: 1e-9))
    }

    @Test("Autoreverse with repeatCount plays forward then back (CA-5.6, CA-5.10)")
    func autoreverse() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        fade.timing.autoreverses = true
        fade.timing.repeatCount = 2
        try layer.add(fade, forKey: "fade")
        engine.tick(0)
        #expect(approx(try #require(try number(layer, "opacity", at: 0.5)), 0.5, tolerance: 1e-12))
        #expect(approx(try #require(try number(layer, "opacity", at: 1.25)), 0.25, tolerance: 1e-12))
        #expect(approx(try #require(try number(layer, "opacity", at: 2.5)), 0.5, tolerance: 1e-12))
        engine.tick(4)
        #expect(layer.animationKeys.isEmpty)
    }

    @Test("A cumulative animation starts each repeat where the last ended (CA-7.4)")
    func cumulative() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var step = Animation.basic(keyPath: "position.x", from: .number(0), to: .number(10), duration: 1)
        step.isCumulative = true
        step.timing.repeatCount = 3
        try layer.add(step, forKey: "step")
        engine.tick(0)
        #expect(approx(try #require(try number(layer, "position.x", at: 2.5)), 25, tolerance: 1e-9))
    }

    @Test("A group clips its children to its own duration and runs them in its time (CA-10.5)")
    func groupClips() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        let long = Animation.basic(keyPath: "position.x", from: .number(0), to: .number(100), duration: 10)
        var shifted = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        shifted.timing.beginTime = 2  // relative to the group (CA-5.3)
        try layer.add(.group([long, shifted], duration: 5), forKey: "g")
        engine.tick(0)
        #expect(approx(try #require(try number(layer, "position.x", at: 4)), 40, tolerance: 1e-9))
        #expect(approx(try #require(try number(layer, "opacity", at: 2.5)), 0.5, tolerance: 1e-9))
        #expect(try number(layer, "opacity", at: 1) == 1)
        engine.tick(5)
        #expect(try number(layer, "position.x") == 0)  // clipped: gone with the group
    }

    @Test("Keyframes: values at their key times, linear between (CA-8.1, CA-8.2)")
    func keyframes() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try layer.add(.keyframe(keyPath: "opacity", values: [.number(0), .number(1), .number(0.5)],
                                keyTimes: [0, 0.5, 1], duration: 2), forKey: "k")
        engine.tick(0)
        #expect(approx(try #require(try number(layer, "opacity", at: 0.5)), 0.5, tolerance: 1e-12))
        #expect(approx(try #require(try number(layer, "opacity", at: 1.5)), 0.75, tolerance: 1e-12))
    }

    @Test("A path animation moves along the path and can rotate to its tangent (CA-8.1, CA-8.7)")
    func pathAnimation() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var path = KeyframePath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 0, y: 100))
        try layer.add(.keyframe(keyPath: "position", path: path, rotationMode: .auto, duration: 1), forKey: "p")
        engine.tick(0)
        #expect(try layer.presentationValue(forKeyPath: "position", at: 0.5) == .point(Point(x: 0, y: 50)))
        #expect(approx(try #require(try number(layer, "transform.rotation.z", at: 0.5)), .pi / 2, tolerance: 1e-9))
    }

    @Test("A spring animation follows its closed-form solution (CA-9.3)")
    func spring() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        let params = SpringParameters()
        try layer.add(.spring(keyPath: "position.x", from: .number(0), to: .number(100), parameters: params), forKey: "s")
        engine.tick(0)
        let expected = 100 * params.progress(at: 0.3)
        #expect(approx(try #require(try number(layer, "position.x", at: 0.3)), expected, tolerance: 1e-9))
        #expect(layer.animation(forKey: "s")?.timing.duration == params.settlingDuration)
    }

    @Test("The draw list carries a running transition's state, and none once it ends (R14, CA-10.2)")
    func transitionInDrawList() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try engine.withTransaction(duration: 1) {
            layer.opacity = 0.5
            try layer.add(.transition(.moveIn, subtype: .fromTop), forKey: nil)
        }
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.25)
        let record = try #require(try engine.drawList(root: layer.id).first)
        #expect(record.transition?.type == .moveIn && record.transition?.subtype == .fromTop)
        #expect(approx(record.transition?.progress ?? -1, 0.25, tolerance: 1e-12))
        engine.tick(1)
        #expect(try engine.drawList(root: layer.id).first?.transition == nil)
    }

    @Test("A transition exposes its state and the layer's values from before the change (CA-10.1–10.4)")
    func transition() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try engine.withTransaction(duration: 1) {
            layer.backgroundColor = Color(red: 0, green: 0, blue: 1)
            try layer.add(.transition(.push, subtype: .fromLeft), forKey: nil)
        }
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        let (state, before) = try #require(try layer.transition())
        #expect(state.type == .push && state.subtype == .fromLeft)
        #expect(approx(state.progress, 0.5, tolerance: 1e-12))
        #expect(before.backgroundColor == nil)
        #expect(try layer.presentation()?.backgroundColor == Color(red: 0, green: 0, blue: 1))
        engine.tick(1)
        #expect(try layer.transition() == nil)
    }
}

@Suite("Explicit animations: delegates, completions and timing (CA-2.9, CA-5, CA-11.8)")
struct ExplicitAnimationCallbackTests {
    @Test("didStart fires when the active period begins, not when added; didStop(true) at the natural end (CA-11.8)")
    func startAndStop() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        let log = DelegateLog()
        var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        fade.timing.beginTime = 2
        fade.delegate = logging(log)
        try layer.add(fade, forKey: "fade")
        engine.tick(1)
        #expect(log.events.isEmpty)
        engine.tick(2)
        #expect(log.events == ["start fade"])
        engine.tick(3)
        #expect(log.events == ["start fade", "stop fade true"])
    }

    @Test("Removing an animation stops it with finished = false at the next tick (CA-11.4, CA-11.7)")
    func removal() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        let log = DelegateLog()
        var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
        fade.delegate = logging(log)
        try layer.add(fade, forKey: "fade")
        engine.tick(0.5)
        try layer.removeAnimation(forKey: "fade")
        #expect(try number(layer, "opacity") == 1)  // falls back at once (CA-11.7)
        #expect(log.events == ["start fade"])
        engine.tick(0.6)
        #expect(log.events == ["start fade", "stop fade false"])
    }

    @Test("A transaction completion waits for the explicit animations added in it (CA-2.9)")
    func completionWaits() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        let log = DelegateLog()
        try engine.withTransaction(completion: { log.events.append("done") }) {
            try layer.add(.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1), forKey: "fade")
        }
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        #expect(log.events.isEmpty)
        engine.tick(1)
        #expect(log.events == ["done"])
    }

    @Test("Timing introspection reports phase, iteration and progress (CA-5.10)")
    func introspection() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 2)
        fade.timing.repeatCount = 3
        try layer.add(fade, forKey: "fade")
        #expect(try layer.timingInfo(forKey: "fade")?.beginTime == nil)  // not committed yet
        engine.tick(0)
        let info = try #require(try layer.timingInfo(forKey: "fade", at: 3))
        #expect(info.phase == .active && info.currentIteration == 1)
        #expect(approx(info.iterationProgress, 0.5, tolerance: 1e-12))
        #expect(info.activeDuration == 6 && info.endTime == 6)
    }

    @Test("Layer time: the CA-16 worked example converts exactly (CA-5.11)")
    func convertTime() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        let mid = engine.makeLayer()
        let leaf = engine.makeLayer()
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        mid.beginTime = 2; mid.speed = 3; mid.timeOffset = 0.25
        leaf.beginTime = 1; leaf.speed = 2; leaf.timeOffset = 0.5
        engine.tick(0)
        #expect(try leaf.convertTime(10, from: mid) == 18.5)
        #expect(try leaf.convertTime(10, from: root) == 47)
        #expect(try leaf.convertTime(10, to: mid) == 5.75)
        #expect(approx(try leaf.convertTime(10, to: root), 23.0 / 6, tolerance: 1e-12))
    }

    @Test("Pausing a layer with speed 0 freezes its implicit animation; resuming continues (CA-5.12)")
    func pauseResume() throws {
        let engine = Engine()
        let layer = try committedLayer(engine)
        try engine.withTransaction(duration: 1, timingFunction: .linear) { layer.opacity = 0 }
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.4)
        let paused = try layer.convertTime(0.4, from: nil)
        try engine.withTransaction(disableActions: true) {
            layer.speed = 0
            layer.timeOffset = paused
        }
        engine.tick(0.4)
        engine.tick(3)
        #expect(approx(try #require(try number(layer, "opacity")), 0.6, tolerance: 1e-9))
        try engine.withTransaction(disableActions: true) {
            let p = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            layer.beginTime = try layer.convertTime(3, from: nil) - p
        }
        engine.tick(3)
        engine.tick(3.3)
        #expect(approx(try #require(try number(layer, "opacity")), 0.3, tolerance: 1e-9))
    }
}
