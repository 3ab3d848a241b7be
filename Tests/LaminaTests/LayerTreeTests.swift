// SPDX-License-Identifier: Apache-2.0
// Layer lifetime and the layer tree (R13 handles, CA-16 re-parenting, R12 misuse).
//
// Ownership rule under test: a layer lives while the host holds a reference (makeLayer gives
// one; retain/release add and drop) or a superlayer holds it.

import Testing

@testable import Lamina

@Suite("Layer lifetime and handles (R13, R12)")
struct LayerLifetimeTests {
    @Test("makeLayer gives a live layer; release destroys it and the handle goes stale (R13)")
    func createAndRelease() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(layer.isAlive)
        #expect(engine.isAlive(layer.id))
        try layer.releaseHostReference()
        #expect(!layer.isAlive)
        #expect(laminaErrorCode { _ = try layer.value(forKeyPath: "opacity") } == .staleHandle)
        #expect(laminaErrorCode { try layer.setValue(.number(0), forKeyPath: "opacity") } == .staleHandle)
        #expect(laminaErrorCode { try layer.releaseHostReference() } == .staleHandle)
        #expect(laminaErrorCode { try engine.retainLayer(layer.id) } == .staleHandle)
        #expect(laminaErrorCode { try layer.setNoAction(forKey: "opacity") } == .staleHandle)
        #expect(laminaErrorCode { _ = try engine.superlayer(of: layer.id) } == .staleHandle)
        #expect(laminaErrorCode { _ = try engine.sublayers(of: layer.id) } == .staleHandle)
        #expect(layer.superlayer == nil)
        #expect(layer.sublayers.isEmpty)
    }

    @Test("A reused slot gets a new generation: the old handle stays stale (R13)")
    func reusedSlotStaysStale() throws {
        let engine = Engine()
        let old = engine.makeLayer()
        old.opacity = 0.25
        try old.releaseHostReference()
        let new = engine.makeLayer()
        #expect(new.id != old.id)
        #expect(new.id.slot == old.id.slot)  // the slot was reused…
        #expect(!old.isAlive)  // …but the old handle does not reach the new layer
        #expect(laminaErrorCode { _ = try old.value(forKeyPath: "opacity") } == .staleHandle)
        #expect(new.opacity == 1)  // a fresh layer with defaults
        #expect(!new.hasPresentation)
    }

    @Test("Forged and zero handles are detected, never a crash (R13, R12)")
    func forgedHandles() throws {
        let engine = Engine()
        _ = engine.makeLayer()
        for raw: UInt64 in [0, 0xFFFF_FFFF, 2, UInt64(7) << 32 | 1, .max] {
            let forged = Layer(engine: engine, id: LayerID(rawValue: raw))
            #expect(!forged.isAlive)
            #expect(laminaErrorCode { _ = try forged.value(forKeyPath: "opacity") } == .staleHandle)
        }
    }

    @Test("A handle of another engine is not valid here (R13)")
    func otherEngine() throws {
        let e1 = Engine(), e2 = Engine()
        let a = e1.makeLayer()
        let first = e2.makeLayer()
        try a.releaseHostReference()
        let b = e2.makeLayer()  // slot 1 of e2
        #expect(!e1.isAlive(b.id))
        withExtendedLifetime(first) {}
    }

    @Test("An extra host reference (the C ABI's retain) needs its own release (R13)")
    func retainRelease() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        try engine.retainLayer(layer.id)
        try layer.releaseHostReference()
        #expect(layer.isAlive)
        try layer.releaseHostReference()
        #expect(!layer.isAlive)
    }

    @Test("Releasing a layer with no host reference left is misuse (R12)")
    func releaseWithoutReference() throws {
        let engine = Engine()
        let parent = engine.makeLayer()
        let child = engine.makeLayer()
        parent.addSublayer(child)
        try child.releaseHostReference()  // now kept only by its superlayer
        #expect(child.isAlive)
        #expect(laminaErrorCode { try child.releaseHostReference() } == .misuse)
        #expect(child.isAlive)
        #expect(child.superlayer == parent)
    }
}

@Suite("Layer tree (CA-16, R12)")
struct LayerTreeTests {
    /// A parent with three children a, b, c (back to front).
    func family(_ engine: Engine) throws -> (parent: Layer, a: Layer, b: Layer, c: Layer) {
        let parent = engine.makeLayer()
        let a = engine.makeLayer(), b = engine.makeLayer(), c = engine.makeLayer()
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.addSublayer(c)
        return (parent, a, b, c)
    }

    @Test("addSublayer appends on top; superlayer and sublayers agree")
    func addSublayer() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        #expect(parent.sublayers == [a, b, c])
        #expect(a.superlayer == parent && b.superlayer == parent && c.superlayer == parent)
        #expect(parent.superlayer == nil)
        #expect(a.sublayers.isEmpty)
    }

    @Test("insertSublayer(at:) inserts at the index, clamped to the count",
          arguments: [(-5, 0), (0, 0), (1, 1), (2, 2), (3, 3), (99, 3)])
    func insertAtIndex(_ index: Int, _ expected: Int) throws {
        let engine = Engine()
        let (parent, _, _, _) = try family(engine)
        let x = engine.makeLayer()
        parent.insertSublayer(x, at: index)
        #expect(parent.sublayers.count == 4)
        #expect(parent.sublayers.firstIndex(of: x) == expected)
        #expect(x.superlayer == parent)
    }

    @Test("insertSublayer(above:) and (below:) place next to the sibling")
    func insertAboveBelow() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        let x = engine.makeLayer(), y = engine.makeLayer(), z = engine.makeLayer()
        parent.insertSublayer(x, above: a)
        #expect(parent.sublayers == [a, x, b, c])
        parent.insertSublayer(y, below: a)
        #expect(parent.sublayers == [y, a, x, b, c])
        parent.insertSublayer(z, above: c)
        #expect(parent.sublayers == [y, a, x, b, c, z])
        // Moving an existing sublayer relative to a sibling.
        parent.insertSublayer(z, below: y)
        #expect(parent.sublayers == [z, y, a, x, b, c])
        parent.insertSublayer(a, above: c)
        #expect(parent.sublayers == [z, y, x, b, c, a])
        // Relative to itself: stays where it is.
        parent.insertSublayer(b, above: b)
        #expect(parent.sublayers == [z, y, x, b, c, a])
    }

    @Test("A sibling that is not a sublayer is notFound and changes nothing (R12)")
    func siblingNotFound() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        let stranger = engine.makeLayer()
        let x = engine.makeLayer()
        #expect(laminaErrorCode { try engine.insertSublayer(x.id, into: parent.id, at: .above(stranger.id)) } == .notFound)
        #expect(laminaErrorCode { try engine.insertSublayer(x.id, into: parent.id, at: .below(parent.id)) } == .notFound)
        #expect(parent.sublayers == [a, b, c])
        #expect(x.superlayer == nil)
        try stranger.releaseHostReference()
        #expect(laminaErrorCode { try engine.insertSublayer(x.id, into: parent.id, at: .below(stranger.id)) } == .staleHandle)
    }

    @Test("Re-adding a sublayer moves it to the top; it is never listed twice")
    func reAddMoves() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        parent.addSublayer(a)
        #expect(parent.sublayers == [b, c, a])
        parent.insertSublayer(a, at: 0)
        #expect(parent.sublayers == [a, b, c])
    }

    @Test("Re-parenting removes the layer from its old parent (CA-16)")
    func reparent() throws {
        let engine = Engine()
        let (p1, a, b, c) = try family(engine)
        let p2 = engine.makeLayer()
        p2.addSublayer(b)
        #expect(p1.sublayers == [a, c])
        #expect(p2.sublayers == [b])
        #expect(b.superlayer == p2)
        p2.insertSublayer(a, below: b)
        #expect(p1.sublayers == [c])
        #expect(p2.sublayers == [a, b])
    }

    @Test("removeFromSuperlayer unlinks; a layer with a host reference survives")
    func remove() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        b.removeFromSuperlayer()
        #expect(parent.sublayers == [a, c])
        #expect(b.superlayer == nil)
        #expect(b.isAlive)
        b.removeFromSuperlayer()  // not in a tree: nothing to do
        #expect(b.isAlive)
    }

    @Test("A sublayer with no host reference is destroyed when removed")
    func removedOrphanDestroyed() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        let grandchild = engine.makeLayer()
        b.addSublayer(grandchild)
        try grandchild.releaseHostReference()
        try b.releaseHostReference()  // b and its child live only through the tree
        #expect(b.isAlive && grandchild.isAlive)
        b.removeFromSuperlayer()
        #expect(!b.isAlive)
        #expect(!grandchild.isAlive)
        #expect(parent.sublayers == [a, c])
    }

    @Test("replaceSublayer puts the new layer at the old one's index and unlinks the old one")
    func replace() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        let x = engine.makeLayer()
        parent.replaceSublayer(b, with: x)
        #expect(parent.sublayers == [a, x, c])
        #expect(x.superlayer == parent)
        #expect(b.superlayer == nil)
        #expect(b.isAlive)  // the host still holds b
    }

    @Test("replaceSublayer destroys the old layer when nothing else holds it; the new one may come from another parent")
    func replaceDestroysOrphan() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        let other = engine.makeLayer()
        let x = engine.makeLayer()
        other.addSublayer(x)
        try b.releaseHostReference()
        parent.replaceSublayer(b, with: x)
        #expect(!b.isAlive)
        #expect(parent.sublayers == [a, x, c])
        #expect(other.sublayers.isEmpty)
        // Replacing with a layer already in the same parent moves it.
        parent.replaceSublayer(a, with: c)
        #expect(parent.sublayers == [c, x])
        #expect(a.superlayer == nil && a.isAlive)
        // Replacing a layer with itself changes nothing.
        parent.replaceSublayer(x, with: x)
        #expect(parent.sublayers == [c, x])
    }

    @Test("replaceSublayer of a layer that is not a sublayer is notFound (R12)")
    func replaceNotFound() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        let stranger = engine.makeLayer(), x = engine.makeLayer()
        #expect(laminaErrorCode { try engine.replaceSublayer(stranger.id, with: x.id, in: parent.id) } == .notFound)
        #expect(parent.sublayers == [a, b, c])
        #expect(x.superlayer == nil)
    }

    @Test("Cycles are refused with misuse and change nothing (R12)")
    func cycles() throws {
        let engine = Engine()
        let root = engine.makeLayer(), mid = engine.makeLayer(), leaf = engine.makeLayer()
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        #expect(laminaErrorCode { try engine.insertSublayer(root.id, into: root.id, at: .end) } == .misuse)
        #expect(laminaErrorCode { try engine.insertSublayer(root.id, into: leaf.id, at: .end) } == .misuse)
        #expect(laminaErrorCode { try engine.insertSublayer(mid.id, into: leaf.id, at: .end) } == .misuse)
        #expect(laminaErrorCode { try engine.insertSublayer(root.id, into: mid.id, at: .index(0)) } == .misuse)
        #expect(laminaErrorCode { try engine.insertSublayer(root.id, into: mid.id, at: .above(leaf.id)) } == .misuse)
        #expect(laminaErrorCode { try engine.replaceSublayer(leaf.id, with: root.id, in: mid.id) } == .misuse)
        #expect(root.superlayer == nil)
        #expect(root.sublayers == [mid])
        #expect(mid.sublayers == [leaf])
        #expect(leaf.sublayers.isEmpty)
    }

    @Test("Destroying a parent destroys the children nothing else holds; held ones are unlinked")
    func parentDestructionReleasesChildren() throws {
        let engine = Engine()
        let (parent, a, b, c) = try family(engine)
        let grandchild = engine.makeLayer()
        a.addSublayer(grandchild)
        try a.releaseHostReference()
        try grandchild.releaseHostReference()
        try c.releaseHostReference()
        // b keeps a host reference.
        try parent.releaseHostReference()
        #expect(!parent.isAlive)
        #expect(!a.isAlive)
        #expect(!grandchild.isAlive)
        #expect(!c.isAlive)
        #expect(b.isAlive)
        #expect(b.superlayer == nil)
    }

    @Test("A parent kept by its superlayer is not destroyed by releasing its host reference")
    func parentKeptBySuperlayer() throws {
        let engine = Engine()
        let root = engine.makeLayer(), mid = engine.makeLayer(), leaf = engine.makeLayer()
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        try mid.releaseHostReference()
        try leaf.releaseHostReference()
        #expect(mid.isAlive && leaf.isAlive)
        try root.releaseHostReference()
        #expect(!root.isAlive && !mid.isAlive && !leaf.isAlive)
    }

    @Test("Tree operations with stale handles throw staleHandle (R12)")
    func staleInTree() throws {
        let engine = Engine()
        let parent = engine.makeLayer(), dead = engine.makeLayer()
        try dead.releaseHostReference()
        #expect(laminaErrorCode { try engine.insertSublayer(dead.id, into: parent.id, at: .end) } == .staleHandle)
        #expect(laminaErrorCode { try engine.insertSublayer(parent.id, into: dead.id, at: .end) } == .staleHandle)
        #expect(laminaErrorCode { try engine.removeFromSuperlayer(dead.id) } == .staleHandle)
        #expect(laminaErrorCode { try engine.replaceSublayer(dead.id, with: parent.id, in: parent.id) } == .staleHandle)
        #expect(parent.sublayers.isEmpty)
    }

    @Test("Tree changes commit with the transaction; a removed layer keeps its presentation")
    func treeChangesAndPresentation() throws {
        let engine = Engine()
        let parent = engine.makeLayer(), child = engine.makeLayer()
        parent.addSublayer(child)
        engine.tick(0)
        #expect(child.hasPresentation)
        child.removeFromSuperlayer()  // still held by the host
        engine.tick(1)
        #expect(child.hasPresentation)
        #expect(try child.presentedNumber("opacity") == 1)
    }

    @Test("Many layers can be created and destroyed; slots are reused (R13)")
    func churn() throws {
        let engine = Engine()
        var live: [Layer] = []
        for round in 0..<5 {
            for _ in 0..<200 { live.append(engine.makeLayer()) }
            for layer in live.prefix(150) { try layer.releaseHostReference() }
            live.removeFirst(150)
            engine.tick(Double(round))
        }
        #expect(live.count == 250)
        let allAlive = live.allSatisfy { $0.isAlive }
        #expect(allAlive)
        #expect(Set(live.map(\.id)).count == 250)
        #expect(engine.slots.count <= 450)  // reuse keeps the store small
    }
}

@Suite("Typed accessors on dead layers (Layer's documented contract)")
struct DeadLayerTrapTests {
    @Test("A typed getter on a destroyed layer traps, like an out-of-range index")
    func typedGetterTraps() async {
        await #expect(processExitsWith: .failure) {
            let engine = Engine()
            let layer = engine.makeLayer()
            try? layer.releaseHostReference()
            _ = layer.opacity
        }
    }

    @Test("A typed setter on a destroyed layer traps")
    func typedSetterTraps() async {
        await #expect(processExitsWith: .failure) {
            let engine = Engine()
            let layer = engine.makeLayer()
            try? layer.releaseHostReference()
            layer.position = Point(x: 1, y: 1)
        }
    }
}
