// SPDX-License-Identifier: Apache-2.0
// The setter's fast path for whole inline values (issue 12: opacity, position, bounds,
// zPosition, anchorPoint set with no action search) keeps the general path's semantics: the
// committed values stay visible until the commit (CA-1.3), an equal value is no change (R4),
// and with actions enabled the implicit animation still comes (R6).

import Testing

@testable import Lamina

@Suite("Setter fast path: same semantics as the general path (issue 12, CA-1.3, R4, R6)")
struct SetFastPathTests {
    /// One value per fast-path key: (key path, old, new).
    static let cases: [(String, Value, Value)] = [
        ("opacity", .number(1), .number(0.25)),
        ("zPosition", .number(0), .number(3)),
        ("position", .point(Point(x: 0, y: 0)), .point(Point(x: 4, y: 5))),
        ("anchorPoint", .point(Point(x: 0.5, y: 0.5)), .point(Point(x: 0, y: 1))),
        ("bounds", .rect(.zero), .rect(Rect(x: 0, y: 0, width: 8, height: 6))),
    ]

    @Test("With actions disabled the model changes at once, the presentation at the commit (CA-1.3)")
    func disabledActionsKeepCommittedValues() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        let t = engine.transaction
        try t.begin()
        t.disableActions = true
        for (key, old, new) in Self.cases {
            try layer.setValue(new, forKeyPath: key)
            #expect(try layer.value(forKeyPath: key) == new, "\(key)")
            #expect(try layer.presentationValue(forKeyPath: key) == old, "\(key)")
        }
        try t.commit()
        for (key, _, new) in Self.cases {
            #expect(try layer.presentationValue(forKeyPath: key) == new, "\(key)")
        }
        #expect(layer.animationKeys.isEmpty)
    }

    @Test("An equal value is no change: the layer is not dirtied (R4)")
    func equalValueIsNoChange() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        let t = engine.transaction
        try t.begin()
        t.disableActions = true
        for (key, old, _) in Self.cases { try layer.setValue(old, forKeyPath: key) }
        #expect(engine.lock.withLock { engine.stack().dirty.isEmpty })
        try t.commit()
    }

    @Test("With actions enabled a committed layer still gets its implicit animation (R6)")
    func actionsStillAnimate() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        for (key, _, new) in Self.cases { try layer.setValue(new, forKeyPath: key) }
        #expect(Set(layer.animationKeys) == Set(Self.cases.map(\.0)))
    }

    @Test("A never-committed layer takes the value with no animation (R4, CA-1.2)")
    func uncommittedLayerTakesValues() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        for (key, _, new) in Self.cases {
            try layer.setValue(new, forKeyPath: key)
            #expect(try layer.value(forKeyPath: key) == new, "\(key)")
        }
        #expect(layer.animationKeys.isEmpty)
        engine.tick(0)
        for (key, _, new) in Self.cases {
            #expect(try layer.presentationValue(forKeyPath: key) == new, "\(key)")
        }
    }
}
