// SPDX-License-Identifier: Apache-2.0
// Issue 29 items 3 and 4: the shortcuts that put the draw list and tree edits at the tick's
// scale must not change what is observable. Explicit animations sampled once per tick show the
// same values as an evaluation; a zPosition read skips only animations that cannot change it;
// the draw list's scan for transitions and contents fades runs while one exists; a tree edit
// skips posting its events only when nothing could react (delegate, actions, style, default
// actions, disableActions).

import Testing
@testable import Lamina

private final class EventLog: @unchecked Sendable {
    var lines: [String] = []
}

private func mark(_ name: String, _ log: EventLog) -> Action {
    .custom { _, event in log.lines.append("\(name) \(event)") }
}

/// A committed 10 × 10 layer.
private func committed(_ engine: Engine) -> Layer {
    let layer = engine.makeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    engine.tick(0)
    return layer
}

/// The attached explicit animation under `key` (test access to the tick's sample).
private func explicitState(_ engine: Engine, _ layer: Layer, _ key: String) throws -> ExplicitState? {
    try engine.lock.withLock { () throws(LaminaError) -> ExplicitState? in
        engine.attachment(key, try engine.resolve(layer.id))?.explicit
    }
}

/// The animations the sampling shortcut covers (and one it must leave alone), each with the key
/// path it animates.
private func sampledAnimations() -> [(Animation, String)] {
    var basic = Animation.basic(keyPath: "position", from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 100, y: 50)), duration: 2)
    basic.timingFunction = .easeInEaseOut
    var cumulative = Animation.basic(keyPath: "opacity", from: .number(0.1), to: .number(0.3), duration: 0.4)
    cumulative.isCumulative = true
    cumulative.timing.repeatCount = 5
    var reversing = Animation.basic(keyPath: "bounds", from: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                    to: .rect(Rect(x: 0, y: 0, width: 40, height: 20)), duration: 0.7)
    reversing.timing.autoreverses = true
    reversing.timing.repeatCount = .infinity
    var rotation = Animation.basic(keyPath: "transform", from: .number(0), to: .number(3), duration: 1.5)
    rotation.valueFunction = .rotateZ
    let component = Animation.basic(keyPath: "position.x", from: .number(5), to: .number(25), duration: 1)
    let keyframes = Animation.keyframe(
        keyPath: "backgroundColor",
        values: [.color(.black), .color(Color(red: 1, green: 0, blue: 0, alpha: 1)), .color(.white)], duration: 1.2)
    let spring = Animation.spring(keyPath: "zPosition", from: .number(0), to: .number(10))
    // Additive: reads the value beneath, so it is evaluated every time (never sampled).
    var additive = Animation.basic(keyPath: "position", from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 5, y: 5)), duration: 1)
    additive.isAdditive = true
    return [(basic, "position"), (cumulative, "opacity"), (reversing, "bounds"), (rotation, "transform"),
            (component, "position"), (keyframes, "backgroundColor"), (spring, "zPosition"), (additive, "position")]
}

@Suite("Issue 29 item 3: explicit animations sampled once per frame")
struct ExplicitSampleTests {
    @Test("At the tick's time the sampled value is exactly the evaluated one, for every kind the tick samples")
    func sampleEqualsEvaluation() throws {
        for (k, (animation, key)) in sampledAnimations().enumerated() {
            // Two engines with the same layer and animation: one reads at the time it ticked
            // (the sample), the other at a time it did not tick (an evaluation).
            var values: [Value?] = []
            for ticked in [0.9, 0.5] {
                let engine = Engine()
                let layer = committed(engine)
                layer.position = Point(x: 3, y: 4)
                engine.tick(0)
                try layer.add(animation, forKey: "a")
                engine.tick(0.1)
                engine.tick(ticked)
                values.append(try layer.presentationValue(forKeyPath: key, at: 0.9))
                let state = try #require(try explicitState(engine, layer, "a"))
                if ticked == 0.9 {
                    // The shortcut ran: the read above came from the sample (or, additive, not).
                    #expect(state.sampleLocal.isNaN == animation.isAdditive, "animation \(k)")
                } else {
                    #expect(state.sampleLocal != 0.9, "animation \(k)")
                }
            }
            #expect(values[0] != nil, "animation \(k)")
            #expect(values[0] == values[1], "animation \(k) (\(key)): sampled \(String(describing: values[0])), evaluated \(String(describing: values[1]))")
        }
    }

    @Test("A change of the layer's time after the tick is shown at once: the sample of another time is not used")
    func layerTimeChangeAfterTick() throws {
        let engine = Engine()
        let parent = engine.makeLayer()
        let layer = engine.makeLayer()
        for l in [parent, layer] { l.bounds = Rect(x: 0, y: 0, width: 10, height: 10) }
        engine.tick(0)
        try layer.add(.basic(keyPath: "position.x", from: .number(0), to: .number(100), duration: 10), forKey: "move")
        engine.tick(0)  // begins at 0
        engine.tick(2)
        func x() -> Double { ((try? layer.presentation()) ?? nil)?.position.x ?? .nan }
        #expect(abs(x() - 20) < 1e-9)
        #expect(try explicitState(engine, layer, "move")?.sampleLocal == 2)
        // timeOffset moves the layer's time to 5 without a tick (the commit publishes it).
        layer.timeOffset = 3
        engine.transaction.flush()
        #expect(abs(x() - 50) < 1e-9)
        // Reparenting under a paused, offset superlayer changes the layer's time through the
        // tree alone, before any commit: parent time 1, the layer's 1 + 3.
        parent.speed = 0
        parent.timeOffset = 1
        engine.transaction.flush()
        engine.tick(2)
        #expect(abs(x() - 50) < 1e-9)
        #expect(try explicitState(engine, layer, "move")?.sampleLocal == 5)
        parent.addSublayer(layer)
        #expect(abs(x() - 40) < 1e-9)
    }

    @Test("Changing an animation in place (a property animator's scrub) drops its sample")
    func animatorScrubDropsSample() throws {
        let engine = Engine()
        let layer = committed(engine)
        try layer.add(.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1), forKey: "f")
        engine.tick(0)
        engine.tick(0.5)
        let state = try #require(try explicitState(engine, layer, "f"))
        #expect(state.sampleLocal == 0.5)
        let before = try layer.presentationValue(forKeyPath: "opacity")
        engine.lock.withLock { state.animation.timing.timeOffset = 0.25 }
        #expect(state.sampleLocal.isNaN)
        let after = try layer.presentationValue(forKeyPath: "opacity")
        #expect(before != after)
        if case .number(let v)? = after { #expect(abs(v - 0.75) < 1e-12) } else { Issue.record("no opacity") }
    }
}

@Suite("Issue 29 item 3: the zPosition sort key and the draw list's scans")
struct DrawListShortcutTests {
    @Test("An explicit animation of zPosition, alone or in a group, still orders the draw list")
    func explicitZPositionSorts() throws {
        for grouped in [false, true] {
            let engine = Engine()
            let root = committed(engine)
            let a = engine.makeLayer(), b = engine.makeLayer()
            for l in [a, b] {
                l.bounds = Rect(x: 0, y: 0, width: 5, height: 5)
                root.addSublayer(l)
            }
            engine.tick(0)
            // a moves (never over b), and its zPosition goes to 10: it draws last.
            try a.add(.basic(keyPath: "position", from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 1, y: 1)), duration: 5), forKey: "move")
            let z = Animation.basic(keyPath: "zPosition", from: .number(10), to: .number(10), duration: 5)
            try a.add(grouped ? .group([z], duration: 5) : z, forKey: "z")
            engine.tick(0.5)
            let order = try engine.drawList(root: root).map(\.layer)
            #expect(order == [root.id, b.id, a.id], "grouped \(grouped)")
            if case .number(let v)? = try a.presentationValue(forKeyPath: "zPosition") {
                #expect(v == 10)
            } else {
                Issue.record("no zPosition")
            }
        }
    }

    @Test("A keyframe path's rotation still shows in a read of the transform alone")
    func pathRotationTouchesTransform() throws {
        let engine = Engine()
        let layer = committed(engine)
        var path = KeyframePath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 0, y: 100))
        try layer.add(.keyframe(keyPath: "position", path: path, rotationMode: .auto, duration: 1), forKey: "p")
        engine.tick(0)
        engine.tick(0.5)
        let whole = try #require(try layer.presentation()).transform
        #expect(!whole.isIdentity)
        #expect(try layer.presentationValue(forKeyPath: "transform") == .transform(whole))
    }

    @Test("Transitions and contents fades are counted while attached, and still drawn")
    func lookAnimationsCounted() throws {
        let engine = Engine()
        let root = committed(engine)
        let layer = engine.makeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(layer)
        engine.tick(0)
        #expect(engine.lock.withLock { engine.lookAnimations } == 0)
        try layer.add(.transition(.fade, duration: 1), forKey: nil)
        try layer.add(.basic(keyPath: "opacity", from: .number(1), to: .number(0.5), duration: 1), forKey: "o")
        #expect(engine.lock.withLock { engine.lookAnimations } == 1)
        engine.tick(0.25)
        let record = try #require(try engine.drawList(root: root).last)
        #expect(record.layer == layer.id)
        #expect(record.transition != nil)
        engine.tick(2)  // the transition ends and is removed
        #expect(engine.lock.withLock { engine.lookAnimations } == 0)
        #expect(try engine.drawList(root: root).last?.transition == nil)
        // A group with an animation of contents counts; removing it, or its layer, uncounts.
        let image = try Image(width: 1, height: 1, rgba: [UInt8(255), 0, 0, 255], premultiplied: false)
        try layer.add(.group([.basic(keyPath: "contents", from: .null, to: .image(image))], duration: 1), forKey: "c")
        #expect(engine.lock.withLock { engine.lookAnimations } == 1)
        try layer.removeAnimation(forKey: "c")
        #expect(engine.lock.withLock { engine.lookAnimations } == 0)
        try layer.add(.transition(.push, duration: 1), forKey: nil)
        #expect(engine.lock.withLock { engine.lookAnimations } == 1)
        try layer.removeAllAnimations()
        #expect(engine.lock.withLock { engine.lookAnimations } == 0)
    }
}

@Suite("Issue 29 item 3: the draw list resets what few records set only after one that set it")
struct TransientFieldTests {
    @Test("A record after one with a mask, a transition or a contents cross-fade has none of them")
    func nothingLeaks() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        var plain: [Layer] = []
        func sibling() -> Layer {
            let l = engine.makeLayer()
            l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            root.addSublayer(l)
            return l
        }
        let masked = sibling()
        let mask = engine.makeLayer()
        mask.bounds = Rect(x: 0, y: 0, width: 5, height: 5)
        masked.mask = mask
        plain.append(sibling())
        let transitioned = sibling()
        plain.append(sibling())
        let fading = sibling()
        plain.append(sibling())
        engine.tick(0)
        try transitioned.add(.transition(.push, duration: 1), forKey: nil)
        let a = try Image(width: 1, height: 1, rgba: [1, 1, 1, 255], premultiplied: true)
        let b = try Image(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16), premultiplied: true)
        try fading.add(Animation.basic(keyPath: "contents", from: .image(a), to: .image(b), duration: 1), forKey: "swap")
        engine.tick(0.1)
        engine.tick(0.3)
        let records = try engine.drawList(root: root)
        func record(_ l: Layer) throws -> DrawRecord { try #require(records.first { $0.layer == l.id }) }
        // The three set what they should ...
        #expect(try record(masked).maskIndex != nil)
        #expect(try record(transitioned).transition != nil && record(transitioned).transitionBefore != nil)
        #expect(try record(fading).contentsPrevious == a && record(fading).contentsFade < 1)
        // ... and the records after them have the defaults: the mask's own, which follows its
        // host's, and the plain sibling after each.
        #expect(try #require(records.first { $0.layer == mask.id }).maskIndex == nil)
        for l in plain {
            let r = try record(l)
            #expect(r.maskIndex == nil && r.maskCount == 0)
            #expect(r.transition == nil && r.transitionBefore == nil)
            #expect(r.contentsPrevious == nil && r.contentsFade == 1 && r.contentsPreviousDestination == .zero)
        }
    }
}

@Suite("Issue 29 item 4: tree edits post their events only when something could react")
struct TreeEventSkipTests {
    /// A committed parent and a committed child not in the tree.
    private func pair(_ engine: Engine) -> (Layer, Layer) {
        let parent = committed(engine)
        let child = engine.makeLayer()
        engine.tick(0)
        return (parent, child)
    }

    @Test("A delegate is asked for every tree event of its layer (its calls are observable)")
    func delegateAsked() throws {
        let engine = Engine()
        let (parent, child) = pair(engine)
        let other = engine.makeLayer()
        engine.tick(0)
        let log = EventLog()
        let asking = LayerDelegate { layer, event in
            log.lines.append("\(layer.id == parent.id ? "parent" : "child") \(event)")
            return .continueSearch
        }
        try parent.setDelegate(asking)
        try child.setDelegate(asking)
        parent.addSublayer(child)
        child.removeFromSuperlayer()
        parent.addSublayer(other)
        parent.replaceSublayer(other, with: child)
        #expect(log.lines == [
            "parent sublayers", "child onOrderIn", "parent sublayers", "child onOrderOut", "parent sublayers",
            "parent sublayers", "child transition",
        ])
    }

    @Test("The layer's actions, its style chain and the default actions each still run")
    func actionsStyleDefaults() throws {
        let engine = Engine()
        let (parent, child) = pair(engine)
        let log = EventLog()
        try child.setAction(.action(mark("child", log)), forKey: LayerEvent.orderIn)
        try parent.setStyle(LayerStyle(style: LayerStyle(actions: [LayerEvent.sublayers: .action(mark("style", log))])))
        parent.addSublayer(child)
        #expect(log.lines == ["style sublayers", "child onOrderIn"])
        try engine.setDefaultAction(.action(mark("default", log)), forKey: LayerEvent.orderOut)
        child.removeFromSuperlayer()
        #expect(log.lines == ["style sublayers", "child onOrderIn", "style sublayers", "default onOrderOut"])
    }

    @Test("An animation action for the order-in key is added under that key")
    func animationAction() throws {
        let engine = Engine()
        let (parent, child) = pair(engine)
        try child.setAction(
            .action(.animation(.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1))),
            forKey: LayerEvent.orderIn)
        parent.addSublayer(child)
        #expect(child.animationKeys.contains(LayerEvent.orderIn))
    }

    @Test("Under disableActions, and for a layer never committed, nothing is asked or run")
    func disabledAndUncommitted() throws {
        let engine = Engine()
        let (parent, child) = pair(engine)
        let log = EventLog()
        try child.setDelegate(LayerDelegate { _, event in
            log.lines.append("asked \(event)")
            return .action(mark("delegate", log))
        })
        try engine.withTransaction(disableActions: true) { parent.addSublayer(child) }
        #expect(log.lines.isEmpty)
        child.removeFromSuperlayer()
        #expect(log.lines == ["asked onOrderOut", "delegate onOrderOut"])
        let fresh = engine.makeLayer()
        try fresh.setAction(.action(mark("fresh", log)), forKey: LayerEvent.orderIn)
        parent.addSublayer(fresh)
        #expect(log.lines == ["asked onOrderOut", "delegate onOrderOut"])
    }

    @Test("Entries for other keys, or an explicit 'no action', run nothing and keep the edit working")
    func otherKeysAndNoAction() throws {
        let engine = Engine()
        let (parent, child) = pair(engine)
        let log = EventLog()
        try child.setAction(.action(mark("wrong", log)), forKey: "opacity")
        try parent.setAction(.noAction, forKey: LayerEvent.sublayers)
        parent.addSublayer(child)
        #expect(log.lines.isEmpty)
        #expect(parent.sublayers.map(\.id) == [child.id])
    }

    /// The C ABI's locked edits (`lamina_layer_add_sublayer` and the others).
    private func quietInsert(_ engine: Engine, _ child: Layer, _ parent: Layer, _ at: Engine.SublayerPosition = .end) throws -> Bool {
        try engine.lock.withLock { () throws(LaminaError) -> Bool in
            try engine.insertSublayerIfQuiet(child.id, into: parent.id, at: at)
        }
    }

    private func quietRemove(_ engine: Engine, _ layer: Layer) throws -> Bool {
        try engine.lock.withLock { () throws(LaminaError) -> Bool in try engine.removeFromSuperlayerIfQuiet(layer.id) }
    }

    @Test("The locked edit is made when no event could react; when one could it changes nothing and is refused")
    func quietEdits() throws {
        let engine = Engine()
        let (parent, child) = pair(engine)
        let other = engine.makeLayer()
        engine.tick(0)
        // Nothing could react: made under the lock, at every position.
        #expect(try quietInsert(engine, child, parent))
        #expect(try quietInsert(engine, other, parent, .below(child.id)))
        #expect(parent.sublayers.map(\.id) == [other.id, child.id])
        #expect(try quietInsert(engine, other, parent, .index(2)))
        #expect(parent.sublayers.map(\.id) == [child.id, other.id])
        #expect(try quietRemove(engine, other))
        #expect(parent.sublayers.map(\.id) == [child.id])
        // Errors are the general path's.
        #expect(throws: LaminaError.self) { try quietInsert(engine, parent, child) }  // a cycle
        // Each of these could react: refused before any change, and nothing asked or run.
        let log = EventLog()
        try child.setAction(.action(mark("child", log)), forKey: LayerEvent.orderOut)
        #expect(try !quietRemove(engine, child))
        #expect(parent.sublayers.map(\.id) == [child.id])
        try child.setAction(nil, forKey: LayerEvent.orderOut)
        try parent.setDelegate(LayerDelegate { _, event in
            log.lines.append("asked \(event)")
            return .continueSearch
        })
        #expect(try !quietRemove(engine, child))
        #expect(try !quietInsert(engine, other, parent))
        #expect(parent.sublayers.map(\.id) == [child.id])
        try parent.setDelegate(nil)
        try engine.setDefaultAction(.action(mark("default", log)), forKey: LayerEvent.orderIn)
        #expect(try !quietInsert(engine, other, parent))
        #expect(parent.sublayers.map(\.id) == [child.id])
        #expect(log.lines.isEmpty)
        // The general path, which the C entry falls back to, posts them.
        parent.addSublayer(other)
        #expect(log.lines == ["default onOrderIn"])
        // Under disableActions nothing could react: made under the lock.
        let (removed, added) = try engine.withTransaction(disableActions: true) { () throws -> (Bool, Bool) in
            (try quietRemove(engine, other), try quietInsert(engine, other, parent))
        }
        #expect(removed && added)
        #expect(log.lines == ["default onOrderIn"])
    }

    @Test("A tree edit takes no snapshot; a property change after it in the transaction still starts from the committed value")
    func editTakesNoSnapshot() throws {
        let engine = Engine()
        let (parent, child) = pair(engine)
        try engine.withTransaction(disableActions: true) { child.bounds = Rect(x: 0, y: 0, width: 10, height: 10) }
        engine.tick(0)
        try engine.transaction.begin()
        try engine.transaction.setAnimationDuration(1)
        parent.addSublayer(child)
        #expect(SavedValueTests.state(engine).snapshots == 0)
        child.bounds = Rect(x: 0, y: 0, width: 30, height: 30)
        #expect(SavedValueTests.state(engine).snapshots == 1)
        // The committed value is still the one presented until the commit (CA-1.3).
        #expect(try child.presentationValue(forKeyPath: "bounds") == .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        try engine.transaction.commit()
        #expect(SavedValueTests.state(engine).snapshots == 0)
        engine.tick(0.5)
        engine.tick(1)  // the commit began at 0.5 (R2): half way now, from 10 to 30
        guard case .rect(let r)? = try child.presentationValue(forKeyPath: "bounds") else {
            Issue.record("no presented bounds")
            return
        }
        #expect(r.size.width > 10 && r.size.width < 30)
        // Removing and adding back, committed: the layer is drawn where it was, no snapshot taken.
        try engine.transaction.begin()
        child.removeFromSuperlayer()
        parent.addSublayer(child)
        #expect(SavedValueTests.state(engine).snapshots == 0)
        try engine.transaction.commit()
        engine.tick(3)
        #expect(try engine.drawList(root: parent).map(\.layer) == [parent.id, child.id])
    }
}
