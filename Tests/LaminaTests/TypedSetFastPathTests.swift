// SPDX-License-Identifier: Apache-2.0
// The setter's typed fast path (issue 12, Engine+SetFastPath.swift) gives exactly what the
// general setter gives: two engines run the same sets, one through `setValue(_:forKeyBytes:of:)`
// and the other through the C ABI's route (`setInline`, then the general setter when it
// declines), and their model values, presentation values (CA-1.3: the committed values stay
// visible until the commit), implicit animations (R6: only the general path attaches them;
// R4: an equal value adds none) and errors must agree exactly.

import Testing

@testable import Lamina

@Suite("Typed setter fast path (C ABI): the general setter's results (issue 12, CA-1.3, R4, R6)")
struct TypedSetFastPathTests {
    /// The sets of the scenario: key, value.
    static let sets: [(String, InlineSetValue)] = [
        ("opacity", .number(0.25)), ("zPosition", .number(3)), ("position", .point(Point(x: 4, y: 5))),
        ("anchorPoint", .point(Point(x: 0, y: 1))), ("bounds", .rect(Rect(x: 1, y: 2, width: 30, height: 40))),
        // Equal values (R4), then values the check rejects, then mismatched types and other keys.
        ("opacity", .number(0.25)), ("position", .point(Point(x: 4, y: 5))),
        ("opacity", .number(.nan)), ("zPosition", .number(.infinity)), ("opacity", .number(2e15)),
        ("position", .point(Point(x: .nan, y: 0))), ("bounds", .rect(Rect(x: 0, y: 0, width: 1e16, height: 1))),
        ("position", .number(1)), ("opacity", .point(Point(x: 1, y: 1))), ("bounds", .number(1)),
        ("cornerRadius", .number(4)), ("position.x", .number(9)), ("nope", .number(1)),
    ]

    /// Runs a set the C ABI's way (fast path, else general) or the general way; the error, if any.
    static func set(_ e: Engine, _ layer: LayerID, _ key: String, _ v: InlineSetValue, fast: Bool) -> LaminaError? {
        var k = key
        return k.withUTF8 { bytes -> LaminaError? in
            do throws(LaminaError) {
                if fast, let p = e.inlineSetKey(bytes), e.setInline(v, forKey: p, of: layer) { return nil }
                try e.setValue(v.value, forKeyBytes: bytes, of: layer)
                return nil
            } catch {
                return error
            }
        }
    }

    static let readKeys = ["opacity", "zPosition", "position", "anchorPoint", "bounds", "cornerRadius"]

    /// Model and presentation values and animation keys of a layer.
    static func state(_ e: Engine, _ l: Layer) throws -> [String] {
        var out: [String] = []
        for k in readKeys {
            out.append("\(k)=\(try e.value(of: l.id, forKeyPath: k))")
            out.append("p.\(k)=\(String(describing: try e.presentationValue(of: l.id, forKeyPath: k)))")
        }
        out.append("anims=\(l.animationKeys)")
        return out
    }

    /// One engine: a never-committed layer, a committed one changed with actions disabled, a
    /// committed one changed with actions enabled (implicit animations), one with a host
    /// delegate (no action for position), a destroyed handle.
    static func run(fast: Bool) throws -> [String] {
        let e = Engine()
        let fresh = e.makeLayer()
        let quiet = e.makeLayer()
        let animated = e.makeLayer()
        let delegated = e.makeLayer()
        try delegated.setDelegate(LayerDelegate(action: { _, key in key == "position" ? .noAction : .continueSearch }))
        e.tick(0)  // quiet and animated committed; fresh made later
        let late = e.makeLayer()
        var log: [String] = []
        let t = e.transaction
        for (layer, disable) in [(late, false), (quiet, true), (animated, false), (delegated, false)] {
            try t.begin()
            try t.setAnimationDuration(1)
            t.disableActions = disable
            for (k, v) in sets {
                log.append("\(k): \(String(describing: set(e, layer.id, k, v, fast: fast)))")
            }
            // Before the commit: the presentation still shows the committed values (CA-1.3).
            log += try state(e, layer)
            try t.commit()
            e.tick(0.5)
            log += try state(e, layer)
        }
        _ = fresh
        // A stale handle: the general path's error.
        var gone: Layer? = e.makeLayer()
        let id = gone!.id
        gone = nil
        e.tick(1)
        // (Its code: the message names the handle, whose engine tag differs between engines.)
        log.append("stale: \(String(describing: set(e, id, "opacity", .number(0.5), fast: fast)?.code))")
        log.append("stale: \(String(describing: set(e, id, "position", .point(Point(x: 1, y: 1)), fast: fast)?.code))")
        return log
    }

    @Test("the fast path's sets leave the same model, presentation, animations and errors")
    func sameAsGeneral() throws {
        let general = try Self.run(fast: false)
        let fast = try Self.run(fast: true)
        #expect(general.count == fast.count)
        for (g, f) in zip(general, fast) { #expect(g == f) }
    }

    /// Implicit changes the typed implicit path (`setImplicit`) makes or declines: a change
    /// that interrupts a running implicit animation (R6: it starts from the presentation value),
    /// a layer with an explicit animation of the property (declined: the general path reads
    /// it), a layer with its own action for the key, and, when `defaultAction`, an engine
    /// default action for opacity (both end the search elsewhere, CA-2.6, R5).
    static func runImplicit(fast: Bool, defaultAction: Bool) throws -> [String] {
        let e = Engine()
        if defaultAction {
            try e.setDefaultAction(.action(.animation(.basic(keyPath: "opacity", from: .number(0), duration: 2))), forKey: "opacity")
        }
        let plain = e.makeLayer()
        let explicit = e.makeLayer()
        let acting = e.makeLayer()
        try acting.setAction(.noAction, forKey: "position")
        e.tick(0)
        try explicit.add(.basic(keyPath: "opacity", from: .number(0.5), to: .number(0.9), duration: 4), forKey: "fade")
        var log: [String] = []
        let t = e.transaction
        for step in 0..<3 {
            try t.begin()
            try t.setAnimationDuration(1 + Double(step))
            for layer in [plain, explicit, acting] {
                let v = Double(step + 1)
                log.append("\(String(describing: set(e, layer.id, "opacity", .number(0.1 * v), fast: fast)))")
                log.append("\(String(describing: set(e, layer.id, "position", .point(Point(x: 10 * v, y: v)), fast: fast)))")
                log.append("\(String(describing: set(e, layer.id, "anchorPoint", .point(Point(x: 0.1 * v, y: 0)), fast: fast)))")
                log.append("\(String(describing: set(e, layer.id, "zPosition", .number(v), fast: fast)))")
                log += try state(e, layer)
            }
            try t.commit()
            // Mid-flight: the next step's changes interrupt these animations.
            e.tick(0.4 * Double(step + 1))
            for layer in [plain, explicit, acting] { log += try state(e, layer) }
        }
        e.tick(10)
        for layer in [plain, explicit, acting] { log += try state(e, layer) }
        return log
    }

    @Test("implicit changes made typed give the general path's animations, also when interrupted",
          arguments: [false, true])
    func implicitSameAsGeneral(defaultAction: Bool) throws {
        let general = try Self.runImplicit(fast: false, defaultAction: defaultAction)
        let fast = try Self.runImplicit(fast: true, defaultAction: defaultAction)
        #expect(general.count == fast.count)
        for (g, f) in zip(general, fast) { #expect(g == f) }
        // The scenario does animate: the interrupted position is between its two targets.
        #expect(general.contains { $0.hasPrefix("anims=[") && $0.contains("position") })
    }

    @Test("the fast path takes the sets it covers and declines the rest, changing nothing")
    func coverage() throws {
        let e = Engine()
        let l = e.makeLayer()
        #expect(e.setInline(.number(0.5), forKey: .opacity, of: l.id))
        #expect(e.setInline(.rect(Rect(x: 0, y: 0, width: 2, height: 2)), forKey: .bounds, of: l.id))
        #expect(!e.setInline(.number(.nan), forKey: .opacity, of: l.id))
        #expect(!e.setInline(.number(1), forKey: .position, of: l.id))
        #expect(!e.setInline(.number(1), forKey: .cornerRadius, of: l.id))
        #expect(l.opacity == 0.5)
        e.tick(0)
        // Committed, actions enabled: the action search runs (R5, R6) and attaches the
        // implicit animation, as on the general path.
        #expect(e.setInline(.number(0.25), forKey: .opacity, of: l.id))
        #expect(l.opacity == 0.25)
        #expect(l.animationKeys == ["opacity"])
        // A host delegate is asked without the lock: the general path's.
        try l.setDelegate(LayerDelegate(action: { _, _ in .continueSearch }))
        #expect(!e.setInline(.number(0.75), forKey: .opacity, of: l.id))
        #expect(l.opacity == 0.25)
        // An equal value is no change (R4): done, whatever the layer.
        #expect(e.setInline(.number(0.25), forKey: .opacity, of: l.id))
    }
}
