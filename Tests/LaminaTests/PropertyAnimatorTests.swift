// SPDX-License-Identifier: Apache-2.0
// The property animator (R17.9–R17.21 in docs/semantics.md): UIViewPropertyAnimator's states,
// scrubbing, reversing, continuing, stopping and finishing, each rule against the value the
// layers show. Positions compare within 1e-6 points.

import Testing

@testable import Lamina

/// Collects the positions completions are told, in order.
private final class Positions: @unchecked Sendable {
    var list: [AnimatingPosition] = []
}

/// An engine at time 0 with a committed layer at x = 0, and an animator moving it to x = 100.
private func setup(
    duration: Double = 1, timing: AnimatorTiming = .curve(.linear)
) throws -> (Engine, Layer, PropertyAnimator, Positions) {
    let engine = Engine()
    let layer = engine.makeLayer()
    layer.position = Point(x: 0, y: 0)
    try engine.tick(0)
    let animator = try engine.makeAnimator(duration: duration, timing: timing)
    try animator.addAnimations { layer.position = Point(x: 100, y: 0) }
    let positions = Positions()
    animator.addCompletion { positions.list.append($0) }
    return (engine, layer, animator, positions)
}

private func shownX(_ layer: Layer) throws -> Double {
    guard case .point(let p)? = try layer.presentationValue(forKeyPath: "position") else { return .nan }
    return p.x
}

private func code(_ body: () throws -> Void) -> LaminaError.Code? {
    do {
        try body()
        return nil
    } catch let e as LaminaError {
        return e.code
    } catch {
        return nil
    }
}

@Suite("Property animator (R17.9–R17.21)")
struct PropertyAnimatorTests {
    @Test("Starts inactive; start runs the blocks and plays to the end; completions hear .end (R17.9–R17.11, R17.16)")
    func runsToEnd() throws {
        let (engine, layer, animator, positions) = try setup()
        #expect(animator.state == .inactive)
        #expect(!animator.isRunning)
        #expect(layer.position.x == 0)  // the block waits for start
        try animator.start()
        #expect(animator.state == .active)
        #expect(animator.isRunning)
        #expect(layer.position.x == 100)  // the model value is the end value
        try engine.tick(0.25)
        #expect(abs(try shownX(layer) - 25) < 1e-6)
        #expect(abs(animator.fractionComplete - 0.25) < 1e-12)
        try engine.tick(1.0)
        #expect(animator.state == .inactive)
        #expect(positions.list == [.end])
        #expect(layer.animationKeys.isEmpty)
        try engine.tick(1.1)
        #expect(try shownX(layer) == 100)
    }

    @Test("Pause holds; scrubbing sets the fraction, shown linearly or eased (R17.11, R17.12, R17.15)")
    func scrubbing() throws {
        let (engine, layer, animator, _) = try setup(timing: .curve(.easeIn))
        try animator.start()
        try engine.tick(0.5)
        try animator.pause()
        #expect(!animator.isRunning)
        #expect(animator.state == .active)
        let held = try shownX(layer)
        try engine.tick(0.9)
        #expect(abs(try shownX(layer) - held) < 1e-9)
        #expect(abs(animator.fractionComplete - 0.5) < 1e-12)
        try animator.setFractionComplete(0.25)
        #expect(abs(try shownX(layer) - 25) < 1e-6)  // linear while scrubbing
        let v = try #require(try layer.presentationVelocity(forKeyPath: "position", at: nil))
        #expect(v == .point(Point(x: 0, y: 0)))
        animator.setScrubsLinearly(false)
        #expect(abs(try shownX(layer) - 100 * TimingFunction.easeIn.progress(at: 0.25)) < 1e-6)
        try animator.setFractionComplete(2)  // clamped
        #expect(animator.fractionComplete == 1)
    }

    @Test("Continuing after a linear scrub starts where the timing shows the scrubbed value: no jump (R17.15)")
    func continueAfterLinearScrub() throws {
        let (engine, layer, animator, _) = try setup(timing: .curve(.easeInEaseOut))
        try animator.pause()
        try animator.setFractionComplete(0.3)
        let shown = try shownX(layer)
        #expect(abs(shown - 30) < 1e-6)
        try animator.continueAnimation()
        #expect(abs(try shownX(layer) - shown) < 1e-6)
        let f = animator.fractionComplete
        #expect(abs(TimingFunction.easeInEaseOut.progress(at: f) - 0.3) < 1e-9)
        try engine.tick(0.1)
        #expect(try shownX(layer) > shown)
    }

    @Test("Reversing while running heads back from where it is and completes at .start (R17.14, R17.17)")
    func reversing() throws {
        let (engine, layer, animator, positions) = try setup()
        try animator.start()
        try engine.tick(0.6)
        try animator.setReversed(true)
        #expect(abs(try shownX(layer) - 60) < 1e-6)
        try engine.tick(0.8)
        #expect(abs(try shownX(layer) - 40) < 1e-6)
        #expect(abs(animator.fractionComplete - 0.4) < 1e-9)
        try engine.tick(1.3)
        #expect(animator.state == .inactive)
        #expect(positions.list == [.start])
        #expect(layer.position.x == 0)
        #expect(try shownX(layer) == 0)
    }

    @Test("continueAnimation's duration factor: the rest lasts factor × duration (R17.13)")
    func durationFactor() throws {
        let (engine, layer, animator, _) = try setup(duration: 2)
        try animator.pause()
        try animator.setFractionComplete(0.5)
        try animator.continueAnimation(timing: nil, durationFactor: 0.25)  // 0.5 s left
        try engine.tick(0.25)
        #expect(abs(animator.fractionComplete - 0.75) < 1e-9)
        #expect(abs(try shownX(layer) - 75) < 1e-6)
    }

    @Test("stop(withoutFinishing: true) keeps the values on screen, no completion; false then finish(at:) (R17.16)")
    func stopping() throws {
        let (engine, layer, animator, positions) = try setup()
        try animator.start()
        try engine.tick(0.4)
        try animator.stop(withoutFinishing: true)
        #expect(animator.state == .inactive)
        try engine.tick(0.5)
        #expect(abs(layer.position.x - 40) < 1e-6)
        #expect(abs(try shownX(layer) - 40) < 1e-6)
        #expect(positions.list.isEmpty)

        let (engine2, layer2, animator2, positions2) = try setup()
        try animator2.start()
        try engine2.tick(0.3)
        try animator2.stop(withoutFinishing: false)
        #expect(animator2.state == .stopped)
        try engine2.tick(0.9)
        #expect(abs(try shownX(layer2) - 30) < 1e-6)  // held where it stopped
        try animator2.finish(at: .start)
        try engine2.tick(1.0)
        #expect(animator2.state == .inactive)
        #expect(layer2.position.x == 0)
        #expect(try shownX(layer2) == 0)
        #expect(positions2.list == [.start])
    }

    @Test("pausesOnCompletion: at the end it stays active and paused, no completion (R17.17)")
    func pausesOnCompletion() throws {
        let (engine, layer, animator, positions) = try setup()
        animator.setPausesOnCompletion(true)
        try animator.start()
        try engine.tick(1.5)
        #expect(animator.state == .active)
        #expect(!animator.isRunning)
        #expect(animator.fractionComplete == 1)
        #expect(try shownX(layer) == 100)
        #expect(positions.list.isEmpty)
        try animator.setReversed(true)
        try animator.start()
        try engine.tick(2.0)
        #expect(abs(try shownX(layer) - 50) < 1e-6)
    }

    @Test("A start delay holds the start values (R17.11); blocks added while active run over the rest (R17.10)")
    func delayAndLateBlocks() throws {
        let (engine, layer, animator, _) = try setup()
        try animator.start(delay: 0.5)
        try engine.tick(0.4)
        #expect(abs(try shownX(layer)) < 1e-9)
        try engine.tick(1.0)
        #expect(abs(try shownX(layer) - 50) < 1e-6)
        try animator.addAnimations { layer.opacity = 0 }  // over the remaining 0.5 s
        try engine.tick(1.25)
        guard case .number(let o)? = try layer.presentationValue(forKeyPath: "opacity") else {
            Issue.record("no opacity")
            return
        }
        #expect(abs(o - 0.5) < 1e-6)
    }

    @Test("A spring animator plays the spring's motion and ends on the model values (R17.9)")
    func springAnimator() throws {
        let spring = try SpringParameters.perceptual(duration: 0.5, bounce: 0.2)
        let (engine, layer, animator, positions) = try setup(duration: spring.settlingDuration, timing: .spring(spring))
        try animator.start()
        try engine.tick(0.1)
        #expect(abs(try shownX(layer) - 100 * spring.progress(at: 0.1)) < 1e-6)
        try engine.tick(spring.settlingDuration + 0.01)
        #expect(positions.list == [.end])
        #expect(try shownX(layer) == 100)
    }

    @Test("Calls in the wrong state are misuse; bad numbers are invalidArgument (R17.19, R17.8)")
    func misuse() throws {
        let engine = Engine()
        #expect(code { _ = try engine.makeAnimator(duration: -1) } == .invalidArgument)
        #expect(code { _ = try engine.makeAnimator(duration: .nan) } == .invalidArgument)
        let (_, _, animator, _) = try setup()
        #expect(code { try animator.finish(at: .end) } == .misuse)  // inactive
        #expect(code { try animator.stop(withoutFinishing: true) } == .misuse)  // inactive
        #expect(code { try animator.continueAnimation() } == .misuse)  // inactive
        #expect(code { try animator.start(delay: -1) } == .invalidArgument)
        #expect(code { try animator.setFractionComplete(.nan) } == .invalidArgument)
        try animator.start()
        #expect(code { try animator.setFractionComplete(0.5) } == .misuse)  // running
        #expect(code { try animator.setInterruptible(false) } == .misuse)  // active
        #expect(code { try animator.start(delay: 1) } == .misuse)  // delay while active
        #expect(code { try animator.continueAnimation(durationFactor: -1) } == .invalidArgument)
        try animator.stop(withoutFinishing: false)
        #expect(code { try animator.start() } == .misuse)
        #expect(code { try animator.pause() } == .misuse)
        #expect(code { try animator.setReversed(true) } == .misuse)
        #expect(code { try animator.addAnimations {} } == .misuse)
        #expect(code { try animator.stop(withoutFinishing: true) } == .misuse)
        try animator.finish(at: .current)
        #expect(animator.state == .inactive)

        let (_, _, fixed, _) = try setup()
        try fixed.setInterruptible(false)
        try fixed.start()
        #expect(code { try fixed.pause() } == .misuse)
        #expect(code { try fixed.stop(withoutFinishing: true) } == .misuse)
        #expect(code { try fixed.setReversed(true) } == .misuse)
    }
}

@Suite("Springs in view blocks (R17.22)")
struct ViewSpringBlockTests {
    /// The x component of a point value.
    private func xOf(_ v: Value?) -> Double {
        if case .point(let p)? = v { return p.x }
        return .nan
    }

    @Test("A spring block catches a running view animation with position and velocity continuous")
    func catchesWithVelocity() throws {
        let engine = Engine()
        let card = engine.makeLayer()
        card.isViewBacked = true
        try engine.tick(0)
        try engine.animate(withDuration: 1, options: .curveLinear, animations: { card.position = Point(x: 100, y: 0) })
        try engine.tick(0)
        try engine.tick(0.4)
        let t1 = 0.4 + 1.0 / 60
        let p0 = xOf(try card.presentationValue(forKeyPath: "position", at: t1))
        let v0 = xOf(try card.presentationVelocity(forKeyPath: "position", at: t1))
        #expect(abs(v0 - 100) < 1e-6)
        let finished = Positions()
        try engine.animate(with: .perceptual(duration: 0.5, bounce: 0.2), animations: {
            card.position = Point(x: 300, y: 0)
        }, completion: { ok in finished.list.append(ok ? .end : .current) })
        try engine.tick(t1)
        #expect(abs(xOf(try card.presentationValue(forKeyPath: "position", at: t1)) - p0) <= 1e-9)
        #expect(abs(xOf(try card.presentationVelocity(forKeyPath: "position", at: t1)) - v0) <= 1e-6 * abs(v0))
        #expect(card.animationKeys == ["position"])
        try engine.tick(t1 + 3)
        #expect(finished.list == [.end])
        #expect(xOf(try card.presentationValue(forKeyPath: "position")) == 300)
    }

    @Test("Outside view-backed layers a spring block springs implicit changes, as a transaction's spring")
    func plainLayersSpring() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        try engine.tick(0)
        let spring = try SpringParameters.perceptual(duration: 0.4)
        try engine.animate(with: spring, animations: { layer.opacity = 0 })
        try engine.tick(0)  // a hand-driven engine begins the block's animations at its next tick (R2)
        try engine.tick(0.1)
        guard case .number(let o)? = try layer.presentationValue(forKeyPath: "opacity") else {
            Issue.record("no opacity")
            return
        }
        #expect(abs(o - (1 - spring.progress(at: 0.1))) < 1e-9)
    }

    @Test("A spring that never settles is invalidArgument and the block is closed")
    func badSpring() throws {
        let engine = Engine()
        let bad = SpringParameters(mass: 1, stiffness: 100, damping: 0)
        #expect(code { try engine.animate(with: bad, animations: {}) } == .invalidArgument)
        #expect(!engine.isViewAnimationBlockOpen)
        #expect(engine.transaction.depth == 0)
    }
}

@Suite("Property animator: layers destroyed mid-flight (R17.20)")
struct PropertyAnimatorDestroyedLayerTests {
    @Test("A layer destroyed mid-flight is skipped; the animator scrubs, reverses and finishes with no crash")
    func layerDestroyedMidFlight() throws {
        let engine = Engine()
        var layer: Layer? = engine.makeLayer()
        try engine.tick(0)
        let animator = try engine.makeAnimator(duration: 1, timing: .curve(.linear))
        let positions = Positions()
        animator.addCompletion { positions.list.append($0) }
        do {
            let l = try #require(layer)
            try animator.addAnimations { l.opacity = 0 }
        }
        try animator.start()
        try engine.tick(0.5)
        let id = try #require(layer).id
        layer = nil
        LayerRegistry.shared.drainPending()
        #expect(!engine.isAlive(id))
        try engine.tick(0.6)
        try animator.pause()
        try animator.setFractionComplete(0.9)
        try animator.setReversed(true)
        try animator.continueAnimation()
        try engine.tick(3)
        #expect(animator.state == .inactive)
        #expect(positions.list == [.start])
    }
}
