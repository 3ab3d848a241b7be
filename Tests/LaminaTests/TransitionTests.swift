// SPDX-License-Identifier: Apache-2.0
// Transitions (CA-10.1–10.4): defaults and names, the progress window and its validation, the
// state at a progress, and the renderer's offsets and opacities for each type and direction.

import Testing

@testable import Lamina

fileprivate func trClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    abs(a - b) <= tolerance
}

@Suite("Transitions (CA-10.1–10.4)")
struct TransitionTests {
    @Test("Defaults are fade, no subtype, progress 0 to 1; the default key is \"transition\" (CA-10.1, CA-10.4)")
    func defaults() {
        let spec = TransitionSpec()
        #expect(spec.type == .fade && spec.subtype == nil)
        #expect(spec.startProgress == 0 && spec.endProgress == 1)
        #expect(spec.progressRange == 0...1 && spec.hasValidProgress)
        #expect(TransitionSpec.defaultKey == "transition")
    }

    @Test("Types and subtypes carry Core Animation's names (CA-10.1)")
    func names() {
        #expect(TransitionType.allCases.map(\.rawValue) == ["fade", "moveIn", "push", "reveal"])
        #expect(TransitionSubtype.allCases.map(\.rawValue)
            == ["fromLeft", "fromRight", "fromTop", "fromBottom"])
    }

    @Test(
        "The state maps eased progress into [startProgress, endProgress] (CA-10.1)",
        arguments: [(0.0, 0.2), (0.5, 0.4), (1.0, 0.6), (0.25, 0.3)])
    func stateMapping(p: Double, expected: Double) {
        let spec = TransitionSpec(type: .push, subtype: .fromTop, startProgress: 0.2, endProgress: 0.6)
        let state = spec.state(atProgress: p)
        #expect(state.type == .push && state.subtype == .fromTop)
        #expect(trClose(state.progress, expected))
    }

    @Test(
        "Eased progress outside [0, 1] is clamped to the window (decision)",
        arguments: [(-0.5, 0.2), (1.5, 0.6), (Double.nan, 0.2)])
    func stateClamped(p: Double, expected: Double) {
        let spec = TransitionSpec(startProgress: 0.2, endProgress: 0.6)
        #expect(spec.state(atProgress: p).progress == expected)
    }

    @Test(
        "Invalid progress windows are clamped to [0, 1] and end raised to start (decision)",
        arguments: [
            (-1.0, 2.0, 0.0, 1.0), (0.7, 0.3, 0.7, 0.7), (Double.nan, Double.nan, 0.0, 1.0),
            (1.5, 0.5, 1.0, 1.0), (0.25, 0.75, 0.25, 0.75), (0.4, 0.4, 0.4, 0.4),
            (-Double.infinity, Double.infinity, 0.0, 1.0),
        ])
    func validation(start: Double, end: Double, lower: Double, upper: Double) {
        let spec = TransitionSpec(startProgress: start, endProgress: end)
        #expect(spec.progressRange == lower...upper)
        #expect(spec.hasValidProgress == (start >= 0 && start <= 1 && end >= start && end <= 1))
        // Stored as given.
        #expect(spec.startProgress.isNaN || spec.startProgress == start)
        // A reversed window holds at its start.
        if end < start, !start.isNaN {
            #expect(spec.state(atProgress: 0.5).progress == lower)
        }
    }

    // MARK: - Offsets and opacities (CA-10.3)

    static let bounds = Size(width: 200, height: 100)

    @Test(
        "Each type moves and fades old and new content as CA-10.3 describes, at q = 0.25",
        arguments: [
            // type, subtype, old (dx, dy, opacity), new (dx, dy, opacity)
            (TransitionType.fade, TransitionSubtype.fromLeft, [0, 0, 0.75], [0, 0, 0.25]),
            (.fade, .fromBottom, [0, 0, 0.75], [0, 0, 0.25]),
            (.moveIn, .fromLeft, [0, 0, 1], [-150, 0, 1]),
            (.moveIn, .fromRight, [0, 0, 1], [150, 0, 1]),
            (.moveIn, .fromTop, [0, 0, 1], [0, -75, 1]),
            (.moveIn, .fromBottom, [0, 0, 1], [0, 75, 1]),
            (.push, .fromLeft, [50, 0, 1], [-150, 0, 1]),
            (.push, .fromRight, [-50, 0, 1], [150, 0, 1]),
            (.push, .fromTop, [0, 25, 1], [0, -75, 1]),
            (.push, .fromBottom, [0, -25, 1], [0, 75, 1]),
            (.reveal, .fromLeft, [50, 0, 1], [0, 0, 1]),
            (.reveal, .fromRight, [-50, 0, 1], [0, 0, 1]),
            (.reveal, .fromTop, [0, 25, 1], [0, 0, 1]),
            (.reveal, .fromBottom, [0, -25, 1], [0, 0, 1]),
        ] as [(TransitionType, TransitionSubtype, [Double], [Double])])
    func offsets(type: TransitionType, subtype: TransitionSubtype, old: [Double], new: [Double]) {
        let state = TransitionState(type: type, subtype: subtype, progress: 0.25)
        let o = state.layerOffsets(in: Self.bounds)
        #expect(trClose(o.old.dx, old[0]) && trClose(o.old.dy, old[1]) && trClose(o.old.opacity, old[2]))
        #expect(trClose(o.new.dx, new[0]) && trClose(o.new.dy, new[1]) && trClose(o.new.opacity, new[2]))
    }

    @Test(
        "At progress 0 only the old content shows; at 1 only the new, in place",
        arguments: TransitionType.allCases)
    func endpoints(type: TransitionType) {
        for subtype in TransitionSubtype.allCases {
            let start = TransitionState(type: type, subtype: subtype, progress: 0).layerOffsets(in: Self.bounds)
            let end = TransitionState(type: type, subtype: subtype, progress: 1).layerOffsets(in: Self.bounds)
            // Old content fully in place at 0; the new one hidden or fully outside the bounds.
            #expect(start.old == (0, 0, 1))
            let newHidden = start.new.opacity == 0 || abs(start.new.dx) == 200 || abs(start.new.dy) == 100
            #expect(newHidden || type == .reveal)  // reveal: the old covers the new
            // New content fully in place at 1 (exact zeros, no −0); the old hidden or gone.
            #expect(end.new == (0, 0, 1))
            #expect(end.new.dx.sign == .plus && end.new.dy.sign == .plus)
            let oldGone = end.old.opacity == 0 || abs(end.old.dx) == 200 || abs(end.old.dy) == 100
            #expect(oldGone || type == .moveIn)  // moveIn: the new covers the old
        }
    }

    @Test("Fade opacities are cross-dissolve weights summing to 1 (decision)", arguments: [0.0, 0.3, 0.5, 1])
    func fadeWeights(q: Double) {
        let o = TransitionState(type: .fade, subtype: nil, progress: q).layerOffsets(in: Self.bounds)
        #expect(trClose(o.old.opacity + o.new.opacity, 1))
        #expect(trClose(o.new.opacity, q))
    }

    @Test("A nil subtype moves like fromLeft (decision)", arguments: TransitionType.allCases)
    func nilSubtype(type: TransitionType) {
        let a = TransitionState(type: type, subtype: nil, progress: 0.4).layerOffsets(in: Self.bounds)
        let b = TransitionState(type: type, subtype: .fromLeft, progress: 0.4).layerOffsets(in: Self.bounds)
        #expect(a.old == b.old && a.new == b.new)
        #expect(TransitionState(type: type, subtype: nil, progress: 0).direction == .fromLeft)
    }

    @Test("The new content is drawn on top except for reveal (decision)", arguments: TransitionType.allCases)
    func stacking(type: TransitionType) {
        #expect(TransitionState(type: type, subtype: nil, progress: 0.5).isNewContentOnTop == (type != .reveal))
    }

    @Test("Offsets use the magnitude of the bounds (decision)")
    func negativeBounds() {
        let state = TransitionState(type: .push, subtype: .fromRight, progress: 0.5)
        let a = state.layerOffsets(in: Size(width: -200, height: -100))
        let b = state.layerOffsets(in: Self.bounds)
        #expect(a.old == b.old && a.new == b.new)
    }

    @Test("The state follows the eased progress through a full push from the bottom")
    func fullPush() {
        let spec = TransitionSpec(type: .push, subtype: .fromBottom)
        var previous = Double.infinity
        for k in 0...10 {
            let o = spec.state(atProgress: Double(k) / 10).layerOffsets(in: Self.bounds)
            // y down: from the bottom the new content rises from +100 to 0, the old goes to −100.
            #expect(o.new.dy <= previous)
            #expect(trClose(o.new.dy - o.old.dy, 100))
            previous = o.new.dy
        }
    }
}
