// SPDX-License-Identifier: Apache-2.0
// The action search, custom actions, events, and view-backed layers (R5, R11, CA-3.x, CA-4.x,
// CA-16 "Action search", listings 7.4–7.6).

import Testing
@testable import Lamina

private final class Log: @unchecked Sendable {
    var lines: [String] = []
}

private func layerOnTick(_ engine: Engine) throws -> Layer {
    let layer = engine.makeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    engine.tick(0)
    return layer
}

private func marker(_ name: String, _ log: Log) -> Action {
    .custom { _, event in log.lines.append("\(name) \(event)") }
}

@Suite("Action search (R5, CA-3.4, CA-3.5, CA-16)")
struct ActionSearchTests {
    @Test("The search order is delegate, actions, style, nested style, default registry, built-in (CA-3.4)")
    func order() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        let log = Log()
        try engine.setDefaultAction(.action(marker("registry", log)), forKey: "opacity")
        try layer.setStyle(LayerStyle(style: LayerStyle(actions: ["opacity": .action(marker("nested", log))])))
        layer.opacity = 0.9
        try layer.setStyle(LayerStyle(actions: ["opacity": .action(marker("style", log))],
                                      style: LayerStyle(actions: ["opacity": .action(marker("nested", log))])))
        layer.opacity = 0.8
        try layer.setAction(.action(marker("actions", log)), forKey: "opacity")
        layer.opacity = 0.7
        try layer.setDelegate(LayerDelegate { _, _ in .action(marker("delegate", log)) })
        layer.opacity = 0.6
        #expect(log.lines == ["nested opacity", "style opacity", "actions opacity", "delegate opacity"])
        try layer.setDelegate(nil)
        try layer.setAction(nil, forKey: "opacity")
        try layer.setStyle(nil)
        layer.opacity = 0.5
        #expect(log.lines.last == "registry opacity")
        try engine.setDefaultAction(nil, forKey: "opacity")
        #expect(layer.animationKeys.isEmpty)
        layer.opacity = 0.4
        #expect(layer.animationKeys == ["opacity"])  // the built-in implicit animation (R6)
    }

    @Test("'No action' at any step ends the search; 'continue' goes on (CA-3.5)",
          arguments: ["delegate", "actions", "style"])
    func noActionStops(_ step: String) throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        let log = Log()
        try engine.setDefaultAction(.action(marker("registry", log)), forKey: "opacity")
        switch step {
        case "delegate": try layer.setDelegate(LayerDelegate { _, _ in .noAction })
        case "actions": try layer.setAction(.noAction, forKey: "opacity")
        default: try layer.setStyle(LayerStyle(actions: ["opacity": .noAction]))
        }
        layer.opacity = 0.5
        #expect(log.lines.isEmpty)
        #expect(layer.animationKeys.isEmpty)
        #expect(try layer.action(forKey: "opacity") == nil)
    }

    @Test("A delegate answering 'continue' lets the search reach the built-in animation (CA-3.5)")
    func delegateContinues() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        try layer.setDelegate(LayerDelegate { _, _ in .continueSearch })
        layer.opacity = 0.5
        #expect(layer.animationKeys == ["opacity"])
    }

    @Test("The delegate is asked before the value is stored: it sees the old value (CA-2.6)")
    func delegateSeesOldValue() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        let log = Log()
        try layer.setDelegate(LayerDelegate { l, event in
            log.lines.append("\(event)=\(l.opacity)")
            return .continueSearch
        })
        layer.opacity = 0.25
        #expect(log.lines == ["opacity=1.0"])
        #expect(layer.opacity == 0.25)
    }

    @Test("disableActions skips the search entirely, but action(forKey:) still answers (CA-2.7, CA-16, CA-17)")
    func disableActions() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        let log = Log()
        try layer.setAction(.action(marker("actions", log)), forKey: "opacity")
        var answered = false
        try engine.withTransaction(disableActions: true) {
            layer.opacity = 0.5
            answered = try layer.action(forKey: "opacity") != nil
        }
        #expect(answered)
        #expect(log.lines.isEmpty)
    }

    @Test("action(forKey:) reports the built-in implicit animation as a basic animation (CA-3.6, CA-3.7)")
    func builtInAnswer() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        guard case .animation(let a)? = try layer.action(forKey: "position") else {
            Issue.record("expected an animation")
            return
        }
        #expect(a.keyPath == "position" && a.timing.duration == 0.25 && a.timingFunction == .default)
        #expect(try layer.action(forKey: "name") == nil)  // not animatable
        #expect(try layer.action(forKey: LayerEvent.orderIn) == nil)  // events default to none (R5)
    }

    @Test("An animation action is added under the event key; one without a key path animates the property (CA-3.10)")
    func animationAction() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        try layer.setAction(.action(.animation(.basic(keyPath: "opacity", duration: 2))), forKey: "opacity")
        layer.opacity = 0
        engine.tick(0)
        #expect(layer.animationKeys == ["opacity"])
        #expect(layer.animation(forKey: "opacity")?.timing.duration == 2)
        // No from/to/by: previous presentation value → current value (CA-7.1).
        if case .number(let v)? = try layer.presentationValue(forKeyPath: "opacity", at: 1) {
            #expect(approx(v, 0.5, tolerance: 1e-12))
        } else {
            Issue.record("no presentation")
        }
    }

    @Test("A custom action runs after the change with the layer and event key (CA-3.10)")
    func customAction() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        let log = Log()
        try layer.setAction(.action(.custom { l, event in log.lines.append("\(event) \(l.opacity)") }), forKey: "opacity")
        layer.opacity = 0.3
        #expect(log.lines == ["opacity 0.3"])
    }

    @Test("Listing 7.6: a custom action in the layer's actions makes the colour change push from the left")
    func listing76() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        try layer.setAction(.action(.animation(.transition(.push, subtype: .fromLeft))), forKey: "backgroundColor")
        layer.backgroundColor = Color(red: 0, green: 1, blue: 0)
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.1)
        let (state, before) = try #require(try layer.transition())
        #expect(state.type == .push && state.subtype == .fromLeft)
        #expect(approx(state.progress, 0.4, tolerance: 1e-12))
        #expect(before.backgroundColor == nil)
        #expect(layer.animationKeys == ["backgroundColor"])
    }
}

/// Calls into the engine when released, as a C free function may.
private final class CallsBackOnRelease: @unchecked Sendable {
    let engine: Engine
    let log: Log
    init(_ engine: Engine, _ log: Log) { self.engine = engine; self.log = log }
    deinit { log.lines.append("released at \(engine.time)") }
}

@Suite("Releasing host values (R2, R12)")
struct ReleaseOutsideLockTests {
    @Test("A replaced action, delegate or a destroyed layer's actions are released outside the engine lock, at the next tick")
    func releasedOutsideLock() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        let log = Log()
        do {
            let guardObject = CallsBackOnRelease(engine, log)
            try layer.setAction(.action(.custom { _, _ in _ = guardObject }), forKey: "opacity")
            try layer.setDelegate(LayerDelegate { _, _ in _ = guardObject; return .continueSearch })
        }
        try layer.setAction(nil, forKey: "opacity")
        try layer.setDelegate(nil)  // the last reference goes to the graveyard, not away under the lock
        #expect(log.lines.isEmpty)
        engine.tick(1)
        #expect(log.lines == ["released at 1.0"])
        do {
            let guardObject = CallsBackOnRelease(engine, log)
            try layer.setAction(.action(.custom { _, _ in _ = guardObject }), forKey: "opacity")
        }
        try layer.releaseHostReference()  // destroyed: no host reference, no superlayer
        engine.tick(2)
        #expect(log.lines == ["released at 1.0", "released at 2.0"])
    }
}

@Suite("Engine lifetime with queued callbacks (R2)")
struct QueuedCallbackLifetimeTests {
    @Test("An engine dropped with delegate calls still queued is freed, and so is what they hold")
    func noRetainCycle() throws {
        let log = Log()
        weak var weakEngine: Engine?
        do {
            let engine = Engine()
            weakEngine = engine
            let layer = try layerOnTick(engine)
            final class Token: @unchecked Sendable {
                let log: Log
                init(_ log: Log) { self.log = log }
                deinit { log.lines.append("token freed") }
            }
            let token = Token(log)
            var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0), duration: 1)
            fade.delegate = AnimationDelegate(didStop: { _, _, _ in _ = token })
            try layer.add(fade, forKey: "fade")
            try layer.removeAnimation(forKey: "fade")  // queues didStop for the next tick
        }
        #expect(weakEngine == nil)
        #expect(log.lines == ["token freed"])
    }

    @Test("A plain commit cannot close an animation block's transaction (R11)")
    func blockNeedsItsOwnCommit() throws {
        let engine = Engine()
        try engine.beginViewAnimation(withDuration: 1, delay: 0, options: [], completion: nil)
        #expect(throws: LaminaError.self) { try engine.transaction.commit() }
        try engine.commitViewAnimation()
        #expect(engine.transaction.depth == 0)
        #expect(throws: LaminaError.self) { try engine.commitViewAnimation() }
    }
}

@Suite("Events that are not properties (CA-3.2, CA-3.3, R5)")
struct LayerEventTests {
    @Test("Adding to a committed tree posts onOrderIn on the layer and sublayers on the parent; removing posts onOrderOut")
    func orderInOut() throws {
        let engine = Engine()
        let parent = try layerOnTick(engine)
        let child = engine.makeLayer()
        let log = Log()
        try engine.setDefaultAction(.action(marker("in", log)), forKey: LayerEvent.orderIn)
        try engine.setDefaultAction(.action(marker("out", log)), forKey: LayerEvent.orderOut)
        try engine.setDefaultAction(.action(marker("subs", log)), forKey: LayerEvent.sublayers)
        engine.tick(0)  // the child is committed too: events run only for committed layers
        parent.addSublayer(child)
        #expect(log.lines == ["subs sublayers", "in onOrderIn"])
        child.removeFromSuperlayer()
        #expect(log.lines == ["subs sublayers", "in onOrderIn", "subs sublayers", "out onOrderOut"])
    }

    @Test("Hiding posts onOrderOut and unhiding onOrderIn (CA-3.2)")
    func hidden() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        let log = Log()
        try engine.setDefaultAction(.action(marker("in", log)), forKey: LayerEvent.orderIn)
        try engine.setDefaultAction(.action(marker("out", log)), forKey: LayerEvent.orderOut)
        layer.isHidden = true
        layer.isHidden = false
        #expect(log.lines == ["out onOrderOut", "in onOrderIn"])
    }

    @Test("Replacing a sublayer posts transition on the new layer (CA-3.2)")
    func transitionEvent() throws {
        let engine = Engine()
        let parent = try layerOnTick(engine)
        let a = engine.makeLayer()
        let b = engine.makeLayer()
        parent.addSublayer(a)
        engine.tick(0)
        let log = Log()
        try b.setAction(.action(marker("b", log)), forKey: LayerEvent.transition)
        parent.replaceSublayer(a, with: b)
        #expect(log.lines == ["b transition"])
    }

    @Test("Events never run for layers that were never committed (R4)")
    func uncommitted() throws {
        let engine = Engine()
        let parent = engine.makeLayer()
        let child = engine.makeLayer()
        let log = Log()
        try engine.setDefaultAction(.action(marker("subs", log)), forKey: LayerEvent.sublayers)
        parent.addSublayer(child)
        #expect(log.lines.isEmpty)
    }
}

@Suite("View-backed layers and animation blocks (R11, CA-4.x, listings 7.4, 7.5)")
struct ViewBackedTests {
    @Test("Listing 7.4: a view-backed layer does not animate under a plain transaction; the colour jumps")
    func listing74() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        layer.isViewBacked = true
        try engine.withTransaction(duration: 1) { layer.backgroundColor = Color(red: 0, green: 0, blue: 1) }
        engine.tick(0.5)
        #expect(layer.animationKeys.isEmpty)
        #expect(try layer.presentationValue(forKeyPath: "backgroundColor") == .color(Color(red: 0, green: 0, blue: 1)))
    }

    @Test("Listing 7.5: the view's lookup answers no action outside a block and an animation inside")
    func listing75() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        layer.isViewBacked = true
        #expect(try layer.action(forKey: "backgroundColor") == nil)
        try engine.animate(withDuration: 0.5, animations: {
            guard case .animation(let a)? = try layer.action(forKey: "backgroundColor") else {
                Issue.record("expected an animation inside the block")
                return
            }
            #expect(a.timing.duration == 0.5 && a.timingFunction == .easeInEaseOut)
        })
    }

    @Test("A block animates with its duration and curve; the completion reports finished (CA-4.6)")
    func block() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        layer.isViewBacked = true
        let log = Log()
        try engine.animate(withDuration: 1, options: .curveLinear, animations: {
            layer.opacity = 0
        }, completion: { finished in log.lines.append("done \(finished)") })
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        if case .number(let v)? = try layer.presentationValue(forKeyPath: "opacity") {
            #expect(approx(v, 0.5, tolerance: 1e-12))
        }
        engine.tick(1)
        engine.tick(1.1)
        #expect(log.lines == ["done true"])
    }

    @Test("Position animates additively: an interruption stacks, stays smooth, and both completions run (CA-4.4, CA-14.3)")
    func additiveStacking() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        layer.isViewBacked = true
        let log = Log()
        try engine.animate(withDuration: 1, options: .curveLinear, animations: {
            layer.position = Point(x: 100, y: 0)
        }, completion: { f in log.lines.append("first \(f)") })
        engine.tick(0.5)
        let before = try layer.presentationValue(forKeyPath: "position.x")
        try engine.animate(withDuration: 1, options: .curveLinear, animations: {
            layer.position = Point(x: 0, y: 0)
        }, completion: { f in log.lines.append("second \(f)") })
        #expect(layer.animationKeys == ["position", "position-2"])
        engine.tick(0.5)
        #expect(try layer.presentationValue(forKeyPath: "position.x") == before)  // no jump
        engine.tick(1.0)
        engine.tick(1.5)
        engine.tick(1.6)
        #expect(log.lines == ["first true", "second true"])
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(.zero))
    }

    @Test("Opacity is not additive: a new block replaces the in-flight animation, whose completion reports false (CA-4.4)")
    func replacementReportsUnfinished() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        layer.isViewBacked = true
        let log = Log()
        try engine.animate(withDuration: 1, animations: { layer.opacity = 0 },
                           completion: { f in log.lines.append("first \(f)") })
        engine.tick(0.5)
        try engine.animate(withDuration: 1, animations: { layer.opacity = 1 },
                           completion: { f in log.lines.append("second \(f)") })
        engine.tick(0.6)
        engine.tick(1.6)
        engine.tick(1.7)
        #expect(log.lines == ["first false", "second true"])
    }

    @Test("Nested blocks inherit the outer duration unless overridden (CA-4.7)")
    func nested() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        layer.isViewBacked = true
        try engine.animate(withDuration: 2, animations: {
            try engine.animate(withDuration: 0.5, animations: { layer.opacity = 0 })
            try engine.animate(withDuration: 0.5, options: .overrideInheritedDuration, animations: { layer.cornerRadius = 4 })
        })
        #expect(layer.animation(forKey: "opacity")?.timing.duration == 2)
        #expect(layer.animation(forKey: "cornerRadius")?.timing.duration == 0.5)
    }

    @Test("Delay, repeat and autoreverse become the animation's timing (CA-4.6)")
    func options() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        layer.isViewBacked = true
        try engine.animate(withDuration: 1, delay: 0.5, options: [.repeat, .autoreverse], animations: { layer.opacity = 0 })
        // The block commits between two hand-driven ticks: it begins at the next one (R2), and
        // until then its begin time reads as pending (0), as before a commit.
        let pending = try #require(layer.animation(forKey: "opacity"))
        #expect(pending.timing.beginTime == 0 && pending.timing.repeatCount == .infinity && pending.timing.autoreverses)
        engine.tick(0.25)
        let a = try #require(layer.animation(forKey: "opacity"))
        #expect(a.timing.beginTime == 0.75 && a.timing.repeatCount == .infinity && a.timing.autoreverses)
    }

    @Test("A zero duration makes the change without animating (CA-4.6)")
    func zeroDuration() throws {
        let engine = Engine()
        let layer = try layerOnTick(engine)
        layer.isViewBacked = true
        try engine.animate(withDuration: 0, animations: { layer.opacity = 0 })
        #expect(layer.animationKeys.isEmpty)
    }
}
