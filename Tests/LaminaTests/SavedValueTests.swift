// SPDX-License-Identifier: Apache-2.0
// Saved values (issue 12): a typed implicit change of opacity, position, zPosition or anchorPoint
// saves that property's committed value instead of snapshotting the whole layer. Everything that
// reads committed values must see the saved one until the commit (CA-1.3), and any other change
// of the layer must first turn the saved values into a whole snapshot.

import Testing

@testable import Lamina

@Suite("Saved values: a typed implicit change saves one committed value, not the layer (issue 12, CA-1.3)")
struct SavedValueTests {
    /// (snapshots in use, saved values, layers with saved values).
    static func state(_ e: Engine) -> (snapshots: Int, saved: Int, chains: Int) {
        e.lock.withLock { (e.snapshotPool.count - e.freeSnapshots.count, e.savedValues.count, e.savedChains) }
    }

    /// The batch setter (`lamina_layers_set_number`) on one layer.
    static func batchSet(_ e: Engine, _ key: String, _ layer: Layer, _ value: Double) throws {
        let ids = [layer.id.rawValue]
        let values = [value]
        try values.withUnsafeBufferPointer { v in
            try ids.withUnsafeBufferPointer { p in
                try e.withKey(key) { b throws(LaminaError) in
                    do throws(BatchFailure) {
                        try e.setValues(forKeyBytes: b, count: 1, layers: p.baseAddress!, values: .numbers(v.baseAddress!))
                    } catch { throw error.error }
                }
            }
        }
    }

    /// `count` committed layers under a committed root, at rest at time 0.
    static func tree(_ e: Engine, _ count: Int) throws -> (root: Layer, layers: [Layer]) {
        let root = e.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        var layers: [Layer] = []
        for i in 0..<count {
            let l = e.makeLayer()
            l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            l.position = Point(x: Double(i), y: 0)
            root.addSublayer(l)
            layers.append(l)
        }
        e.tick(0)
        return (root, layers)
    }

    @Test("implicit changes take no snapshot; their animations start from the saved values and the commit drops them")
    func noSnapshot() throws {
        let e = Engine()
        let (_, layers) = try Self.tree(e, 100)
        try e.transaction.begin()
        try e.transaction.setAnimationDuration(1)
        for l in layers {
            l.opacity = 0.5
            l.position = Point(x: 50, y: 50)
            l.opacity = 0.25  // the same property again: the value saved first stays
        }
        #expect(Self.state(e) == (0, 200, 100))
        #expect(try layers[7].presentedNumber("opacity") == 1)
        #expect(try layers[7].presentationValue(forKeyPath: "position") == .point(Point(x: 7, y: 0)))
        try e.transaction.commit()
        #expect(Self.state(e) == (0, 0, 0))
        e.tick(0.5)
        e.tick(1)  // the commit began at 0.5 (R2): half way now
        let o = try #require(try layers[7].presentedNumber("opacity"))
        #expect(approx(o, expectedImplicit(from: 1, to: 0.25, begin: 0.5, duration: 1, at: 1), tolerance: 1e-12))
    }

    @Test("with its animation removed before the commit, a saved value is what reads, hit tests and the draw list show")
    func animationRemoved() throws {
        let e = Engine()
        let (root, layers) = try Self.tree(e, 3)
        try e.transaction.begin()
        layers[0].opacity = 0.5
        layers[0].zPosition = 5  // would draw layer 0 last
        layers[0].position = Point(x: 80, y: 80)
        for key in ["opacity", "zPosition", "position"] { try layers[0].removeAnimation(forKey: key) }
        #expect(layers[0].animationKeys.isEmpty)
        #expect(Self.state(e).chains == 1)
        // The model has the new values; everything presented has the committed ones.
        #expect(layers[0].opacity == 0.5)
        #expect(try layers[0].presentedNumber("opacity") == 1)
        #expect(try layers[0].presentationValue(forKeyPath: "zPosition") == .number(0))
        let p = try #require(try layers[0].presentation())
        #expect(p.value(forKeyPath: "opacity") == .number(1))
        #expect(p.value(forKeyPath: "position") == .point(Point(x: 0, y: 0)))
        let records = try e.drawList(root: root)
        #expect(records.map(\.layer) == [root.id, layers[0].id, layers[1].id, layers[2].id])
        #expect(records[1].opacity == 1)
        // Layer 0 drawn where its committed position (0, 0) is: 1 left of layer 1 at (1, 0).
        #expect(records[1].transform.m41 == records[2].transform.m41 - 1)
        #expect(records[1].transform.m42 == records[2].transform.m42)
        // Layer 0 alone covers x = -5 ... -4 of the root's bounds (centred on 0), which the
        // root's position (0, 0) and anchor (0.5, 0.5) put at x = -55 ... -54 outside it.
        #expect(try root.hitTest(Point(x: -54.5, y: -50), in: .presentation())?.id == layers[0].id)
        try e.transaction.commit()
        #expect(Self.state(e) == (0, 0, 0))
        e.tick(1)
        #expect(try layers[0].presentedNumber("opacity") == 0.5)
        #expect(try e.drawList(root: root).last?.layer == layers[0].id)
    }

    @Test("any other change of the layer turns its saved values into a snapshot first")
    func otherChanges() throws {
        let e = Engine()
        let (_, layers) = try Self.tree(e, 4)
        try e.transaction.begin()
        for l in layers { l.opacity = 0.5 }
        #expect(Self.state(e) == (0, 4, 4))
        // A general-path change (a colour), an inline change with actions disabled, a batch
        // set and a general change of a key an explicit animation drives: each snapshots.
        layers[0].backgroundColor = Color(red: 1, green: 0, blue: 0)
        try e.withTransaction(disableActions: true) { layers[1].position = Point(x: 90, y: 0) }
        try e.withTransaction(disableActions: true) { try Self.batchSet(e, "zPosition", layers[2], 3) }
        layers[3].cornerRadius = 4  // a boxed property: the general path
        #expect(Self.state(e) == (4, 0, 0))  // the last chain gone, the entries went too
        for (i, l) in layers.enumerated() {
            #expect(try l.presentedNumber("opacity") == 1, "layer \(i)")
            #expect(try l.presentationValue(forKeyPath: "position") == .point(Point(x: Double(i), y: 0)), "layer \(i)")
            #expect(try l.presentationValue(forKeyPath: "zPosition") == .number(0), "layer \(i)")
        }
        #expect(try layers[0].presentationValue(forKeyPath: "backgroundColor") == .null)
        try e.transaction.commit()
        #expect(Self.state(e) == (0, 0, 0))
        e.tick(10)  // the commit begins here (R2)
        e.tick(20)
        #expect(try layers[1].presentationValue(forKeyPath: "position") == .point(Point(x: 90, y: 0)))
        #expect(try layers[2].presentationValue(forKeyPath: "zPosition") == .number(3))
        #expect(try layers[3].presentedNumber("opacity") == 0.5)
    }

    @Test("a saved value takes 24 bytes")
    func entrySize() {
        #expect(MemoryLayout<SavedValue>.stride == 24)
    }

    @Test("a layer that goes with saved values gives them back")
    func destroyed() throws {
        let e = Engine()
        var lone: Layer? = e.makeLayer()
        let kept = e.makeLayer()
        e.tick(0)
        try e.transaction.begin()
        lone?.opacity = 0.5
        kept.opacity = 0.5
        #expect(Self.state(e) == (0, 2, 2))
        lone = nil  // its last reference: the layer goes
        #expect(Self.state(e) == (0, 2, 1))
        try e.transaction.commit()
        #expect(Self.state(e) == (0, 0, 0))
        #expect(try kept.presentedNumber("opacity") == 1)
    }
}
