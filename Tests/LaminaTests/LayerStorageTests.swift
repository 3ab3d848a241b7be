// SPDX-License-Identifier: Apache-2.0
// The layer store's size and sibling links (docs/architecture.md#layer-storage, issue 12).

import Testing
@testable import Lamina

@Suite("Layer storage: slot size and sibling links (issue 12)")
struct LayerStorageTests {
    /// An idle layer's slot stays within its share of the 300-byte budget, with room for the
    /// array's spare capacity (it grows by half).
    @Test func slotFitsTheIdleLayerBudget() {
        #expect(MemoryLayout<LayerSlot>.stride <= 184)
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
