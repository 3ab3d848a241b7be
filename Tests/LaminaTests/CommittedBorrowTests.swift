// SPDX-License-Identifier: Apache-2.0
// Issue 28: an explicit animation the tick keeps no sample of reads the layer's committed
// values in place (`Engine.committedAddress`) instead of a copy; these pin that what it reads
// is still the committed model (CA-7.2), also while the layer has uncommitted changes.

import Testing
@testable import Lamina

@Suite("Committed values borrowed by unsampled animations (issue 28)")
struct CommittedBorrowTests {
    @Test("CA-7.2: a byValue animation adds to the committed model, not to an uncommitted change")
    func byValueReadsCommittedModel() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.position = Point(x: 10, y: 10)
        engine.tick(0)
        try layer.add(Animation.basic(keyPath: "position", by: .point(Point(x: 100, y: 0)), duration: 1), forKey: "by")
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        let expected = Value.point(Point(x: 60, y: 10))
        #expect(try layer.presentationValue(forKeyPath: "position") == expected)
        let inside = try engine.withTransaction(disableActions: true) { () -> Value? in
            // The layer now has a snapshot of its committed values; the model is uncommitted.
            layer.position = Point(x: 500, y: 500)
            return try? layer.presentationValue(forKeyPath: "position")
        }
        #expect(inside == expected)
        // Committed: the animation now adds to the new model (its from is the model, CA-7.1).
        engine.tick(0.75)
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(Point(x: 575, y: 500)))
    }

    @Test("An additive animation over a committed model and over a snapshot gives the same value")
    func additiveOverSnapshot() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.opacity = 0.5
        engine.tick(0)
        var add = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(0.4), duration: 1)
        add.isAdditive = true
        try layer.add(add, forKey: "add")
        engine.tick(0)
        for t in [0.125, 0.25, 0.5, 0.875] {
            engine.tick(t)
            let plain = try opacity(of: layer)
            let inside = try engine.withTransaction(disableActions: true) { () -> Double in
                layer.opacity = 0.9  // uncommitted, then put back
                defer { layer.opacity = 0.5 }
                return (try? opacity(of: layer)) ?? .nan
            }
            #expect(abs(plain - (0.5 + 0.4 * t)) < 1e-12)
            #expect(abs(inside - plain) < 1e-12)
        }
    }

    /// The presentation opacity, NaN (failing the comparisons) when it is not a number.
    private func opacity(of layer: Layer) throws -> Double {
        guard case .number(let x)? = try layer.presentationValue(forKeyPath: "opacity") else { return .nan }
        return x
    }
}
