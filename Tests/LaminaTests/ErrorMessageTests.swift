// SPDX-License-Identifier: Apache-2.0
// Error messages name the layer they concern (its name and kind) and suggest the closest key
// for an unknown one (issue 23 item 9, docs/decisions.md "Error messages").

import Testing

@testable import Lamina

/// The error `body` throws, or nil (recorded as an issue) when it throws none.
private func failure(_ body: () throws(LaminaError) -> Void) -> LaminaError? {
    do throws(LaminaError) { try body() } catch { return error }
    Issue.record("expected an error")
    return nil
}

@Suite("Error messages name layers (issue 23 item 9)")
struct ErrorMessageTests {
    @Test("A named layer is named with its kind; an unknown key gets the closest known key")
    func namedLayer() throws {
        let engine = Engine()
        let card = engine.makeLayer()
        card.name = "card"
        let e = failure { () throws(LaminaError) in try card.setValue(.number(3), forKeyPath: "cornerRadious") }
        #expect(e?.code == .unknownKey)
        #expect(e?.message == "layer \"card\" (plain layer): unknown property key 'cornerRadious'; did you mean 'cornerRadius'?")
        // A wrong value type names the layer too, in front of the engine's own message.
        let t = failure { () throws(LaminaError) in try card.setValue(.point(.zero), forKeyPath: "opacity") }
        #expect(t?.code == .typeMismatch)
        #expect(t?.message == "layer \"card\" (plain layer): 'opacity' takes a number value, not a point")
    }

    @Test("An unnamed layer is named by its handle and kind; a component is kept in the suggestion")
    func unnamedLayer() throws {
        let engine = Engine()
        let ring = engine.makeShapeLayer()
        let e = failure { () throws(LaminaError) in _ = try ring.value(forKeyPath: "lineWidht") }
        #expect(e?.message == "layer \(ring.id.rawValue) (shape layer): unknown property key 'lineWidht'; did you mean 'lineWidth'?")
        let p = failure { () throws(LaminaError) in _ = try ring.value(forKeyPath: "positon.x") }
        #expect(p?.message.hasSuffix("; did you mean 'position.x'?") == true)
    }

    @Test("A key of another kind is not suggested; a key on the wrong kind of layer names both")
    func kinds() throws {
        let engine = Engine()
        let plain = engine.makeLayer()
        plain.name = "bg"
        // lineWidth is a shape layer's key: not offered for a plain layer.
        let e = failure { () throws(LaminaError) in try plain.setValue(.number(2), forKeyPath: "lineWidht") }
        #expect(e?.message == "layer \"bg\" (plain layer): unknown property key 'lineWidht'")
        let k = failure { () throws(LaminaError) in try plain.setValue(.number(2), forKeyPath: "lineWidth") }
        #expect(k?.code == .unknownKey)
        #expect(k?.message == "layer \"bg\" (plain layer): 'lineWidth' is a property of shape layers; this layer is a plain layer")
    }

    @Test("Custom properties are suggested; garbage gets no suggestion")
    func customAndGarbage() throws {
        let engine = Engine()
        try engine.registerProperty("glowRadius", defaultValue: .number(0))
        let layer = engine.makeLayer()
        layer.name = "glow"
        let c = failure { () throws(LaminaError) in try layer.setValue(.number(1), forKeyPath: "glowRadus") }
        #expect(c?.message.hasSuffix("did you mean 'glowRadius'?") == true)
        for garbage in ["xyzzy", "q", "notAPropertyAtAll", "opacityopacity"] {
            let g = failure { () throws(LaminaError) in try layer.setValue(.number(1), forKeyPath: garbage) }
            #expect(g?.message == "layer \"glow\" (plain layer): unknown property key '\(garbage)'", "\(garbage)")
        }
    }

    @Test("A misuse on a layer and an animation of an unknown key name the layer")
    func misuseAndAnimation() throws {
        let engine = Engine()
        let parent = engine.makeLayer()
        parent.name = "parent"
        let child = engine.makeLayer()
        parent.addSublayer(child)
        let cycle = failure { () throws(LaminaError) in
            // The engine-level edit under the Swift layer's naming (Layer.addSublayer traps with
            // this message: TreeTrapTests).
            try child.onLayer { () throws(LaminaError) in try engine.insertSublayer(parent.id, into: child.id, at: .end) }
        }
        #expect(cycle?.code == .misuse)
        #expect(cycle?.message.hasPrefix("layer \(child.id.rawValue) (plain layer): ") == true)
        let anim = Animation(kind: .basic, keyPath: "opacty")
        let a = failure { () throws(LaminaError) in try parent.add(anim, forKey: "fade") }
        #expect(a?.code == .unknownKey)
        #expect(a?.message.hasPrefix("layer \"parent\" (plain layer): ") == true)
        #expect(a?.message.hasSuffix("; did you mean 'opacity'?") == true)
    }

    @Test("A stale handle keeps its number: the layer is gone")
    func stale() throws {
        let engine = Engine()
        let id = try engine.createLayer()
        try engine.setValue(.string("gone"), forKeyPath: "name", of: id)
        try engine.releaseLayer(id)
        let e = failure { () throws(LaminaError) in
            throw engine.naming(LaminaError(.staleHandle, "layer handle \(id.rawValue) is not alive in this engine"), layer: id, key: nil)
        }
        #expect(e?.message == "layer handle \(id.rawValue) is not alive in this engine")
        let u = failure { () throws(LaminaError) in
            throw engine.naming(LaminaError(.unknownKey, "unknown property key 'opacty'"), layer: id, key: "opacty")
        }
        #expect(u?.message == "unknown property key 'opacty'")
    }

    @Test("The edit distance counts swaps as one edit and has a length-based limit")
    func distance() {
        func d(_ a: String, _ b: String) -> Int { Engine.editDistance(Array(a.utf8), Array(b.utf8), limit: 10) }
        #expect(d("opacity", "opacity") == 0)
        #expect(d("opcaity", "opacity") == 1)  // adjacent swap
        #expect(d("cornerRadious", "cornerRadius") == 1)
        #expect(d("kitten", "sitting") == 3)
        #expect(Engine.editDistance(Array("a".utf8), Array("abcdefgh".utf8), limit: 2) == 3)  // early out
        #expect(Engine.suggestionLimit(4) == 1 && Engine.suggestionLimit(8) == 2 && Engine.suggestionLimit(12) == 3)
    }
}
