// SPDX-License-Identifier: Apache-2.0
// The layer store's size and sibling links (docs/architecture.md#layer-storage, issue 12).

import Testing
@testable import Lamina

@Suite("Layer storage: slot size and sibling links (issue 12)")
struct LayerStorageTests {
    /// An idle layer's slot stays within its share of the 300-byte budget, with room for the
    /// array's spare capacity (it grows by half).
    @Test func slotFitsTheIdleLayerBudget() {
        #expect(MemoryLayout<LayerSlot>.stride + MemoryLayout<SlotHead>.stride <= 184)
        // The heads a read checks first stream 8 bytes a layer (issue 12, 1M layers).
        #expect(MemoryLayout<SlotHead>.stride == 8)
    }

    /// A slot head's packed generation and flags are independent, and `names` holds exactly
    /// for a live slot of that generation.
    @Test func slotHeadPacksGenerationAndFlags() {
        var h = SlotHead()
        #expect(h.generation == 1 && !h.alive && !h.everCommitted && h.animIndex == -1)
        #expect(!h.names(1))
        h.alive = true
        #expect(h.names(1) && !h.names(2))
        h.generation = LayerID.generationMask
        #expect(h.alive && !h.everCommitted && h.generation == LayerID.generationMask)
        #expect(h.names(LayerID.generationMask) && !h.names(1))
        h.everCommitted = true
        #expect(h.names(LayerID.generationMask) && h.generation == LayerID.generationMask)
        // A generation past 24 bits is masked, never spilling into the flags.
        h.generation = LayerID.generationMask + 3
        #expect(h.generation == 2 && h.alive && h.everCommitted)
        h.alive = false
        #expect(!h.names(2) && h.everCommitted && h.generation == 2)
        h.everCommitted = false
        #expect(!h.everCommitted && h.generation == 2 && !h.alive)
        h.animIndex = 7
        #expect(h.generation == 2 && h.animIndex == 7)
    }

    /// Moving a layer to the front, the middle and the back of a parent's sublayers, and
    /// between parents, keeps both lists exact in both directions.
    @Test func siblingLinksStayConsistent() throws {
        let engine = Engine()
        let a = try engine.createLayer()
        let b = try engine.createLayer()
        var kids: [LayerID] = []
        for _ in 0..<6 {
            let k = try engine.createLayer()
            try engine.insertSublayer(k, into: a, at: .end)
            kids.append(k)
        }
        try engine.insertSublayer(kids[5], into: a, at: .index(0))
        try engine.insertSublayer(kids[0], into: a, at: .above(kids[3]))
        try engine.insertSublayer(kids[2], into: b, at: .end)
        try engine.removeFromSuperlayer(kids[4])
        #expect(try engine.sublayers(of: a) == [kids[5], kids[1], kids[3], kids[0]])
        #expect(try engine.sublayers(of: b) == [kids[2]])
        try engine.replaceSublayer(kids[1], with: kids[2], in: a)
        #expect(try engine.sublayers(of: a) == [kids[5], kids[2], kids[3], kids[0]])
        #expect(try engine.sublayers(of: b).isEmpty)
        #expect(try engine.superlayer(of: kids[1]) == nil)
    }
}
