// SPDX-License-Identifier: Apache-2.0
// Swift's tree edits do not throw (issue 30 item 9): for live layers of one engine they cannot
// fail, and what CALayer leaves undefined or raises on traps with a message naming the layer,
// as the typed property setters do. The engine-level refusals (R12: nothing changes) are in
// LayerTreeTests; these run each trap in a child process (exit tests).

import Lamina
import Testing

@Suite("Tree edits trap on programming errors and never throw (issue 30 item 9)")
struct TreeTrapTests {
    /// The standard error of a trap, as text.
    static func stderr(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("adding an ancestor traps, naming the layer and the cycle")
    func cycleTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let engine = Engine()
            let parent = engine.makeLayer(), child = engine.makeLayer()
            child.name = "child"
            parent.addSublayer(child)
            child.addSublayer(parent)
        }
        #expect(Self.stderr(result).contains("Lamina: layer \"child\" (plain layer): "))
    }

    @Test("adding a layer to itself traps")
    func selfTraps() async {
        await #expect(processExitsWith: .failure) {
            let layer = Engine().makeLayer()
            layer.addSublayer(layer)
        }
    }

    @Test("a layer of another engine traps")
    func otherEngineTraps() async {
        await #expect(processExitsWith: .failure) {
            let a = Engine().makeLayer(), b = Engine().makeLayer()
            a.addSublayer(b)
        }
    }

    @Test("inserting above or below a layer that is not a sublayer traps")
    func strangerSiblingTraps() async {
        await #expect(processExitsWith: .failure) {
            let engine = Engine()
            let parent = engine.makeLayer(), stranger = engine.makeLayer()
            parent.insertSublayer(engine.makeLayer(), above: stranger)
        }
        await #expect(processExitsWith: .failure) {
            let engine = Engine()
            let parent = engine.makeLayer(), stranger = engine.makeLayer()
            parent.insertSublayer(engine.makeLayer(), below: stranger)
        }
    }

    @Test("replacing a layer that is not a sublayer traps")
    func replaceStrangerTraps() async {
        await #expect(processExitsWith: .failure) {
            let engine = Engine()
            let parent = engine.makeLayer(), stranger = engine.makeLayer()
            parent.replaceSublayer(stranger, with: engine.makeLayer())
        }
    }

    @Test("removeFromSuperlayer without a superlayer, or of a destroyed layer, does nothing")
    func removeIsQuiet() throws {
        let engine = Engine()
        let parent = engine.makeLayer(), child = engine.makeLayer(), dead = engine.makeLayer()
        child.removeFromSuperlayer()          // never added: nothing (as CALayer)
        parent.addSublayer(child)
        child.removeFromSuperlayer()
        child.removeFromSuperlayer()          // twice: nothing
        #expect(child.superlayer == nil && parent.sublayers.isEmpty)
        try dead.releaseHostReference()
        #expect(!dead.isAlive)
        dead.removeFromSuperlayer()           // in no tree: nothing
        #expect(parent.sublayers.isEmpty)
    }

    @Test("valid edits need no try and do what CALayer's do")
    func validEdits() {
        let engine = Engine()
        let root = engine.makeLayer(), a = engine.makeLayer(), b = engine.makeLayer(), c = engine.makeLayer()
        root.addSublayer(a)
        root.insertSublayer(b, at: 99)        // clamped: appended
        root.insertSublayer(c, below: a)
        #expect(root.sublayers == [c, a, b])
        root.replaceSublayer(a, with: b)      // b leaves its place and takes a's
        #expect(root.sublayers == [c, b] && a.superlayer == nil)
        root.insertSublayer(a, above: c)
        #expect(root.sublayers == [c, a, b])
    }
}

@Suite("tick does not throw; its programming errors trap (issue 30 item 9)")
struct TickTrapTests {
    @Test("a non-finite time traps with the message tickChecked throws")
    func nonFiniteTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Engine().tick(.nan)
        }
        #expect(TreeTrapTests.stderr(result).contains("Lamina: tick time must be finite"))
    }

    @Test("tick() without a clock traps")
    func noClockTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Engine().tick()
        }
        #expect(TreeTrapTests.stderr(result).contains("Lamina: tick() without a time needs a clock"))
    }

    @Test("a tick from one of the engine's own callbacks traps (R2)")
    func reentrantTraps() async {
        await #expect(processExitsWith: .failure) {
            let engine = Engine()
            try? engine.withTransaction(completion: { engine.tick(99) }) {}
            engine.tick(1)
        }
    }

    @Test("ticks from the run loop need no try and move the time")
    func plainTicks() {
        let engine = Engine()
        engine.tick(1)
        engine.tick(2.5)
        #expect(engine.time == 2.5)
        let clocked = Engine(clock: { 7 })
        clocked.tick()
        #expect(clocked.time == 7)
    }
}
