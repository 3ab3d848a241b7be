// SPDX-License-Identifier: Apache-2.0
// CATransition (CA-10.1–10.4) as a pure description: the type, the direction, the progress
// window, and what a renderer does with the old and new content at a given progress.

/// The kind of a transition (CATransition's `type`, CA-10.1). The raw values are Core
/// Animation's `kCATransition…` names.
public enum TransitionType: String, Sendable, CaseIterable {
    /// The old content fades out as the new content fades in (the default).
    case fade
    /// The new content slides in over the old, which stays in place.
    case moveIn
    /// The new content slides in and pushes the old content out ahead of it.
    case push
    /// The old content slides away and uncovers the new, which stays in place.
    case reveal
}

/// The direction of a motion transition (CATransition's `subtype`, CA-10.1): the edge the motion
/// starts from. The raw values are Core Animation's `kCATransitionFrom…` names.
public enum TransitionSubtype: String, Sendable, CaseIterable {
    /// The motion starts at the left edge and runs to the right.
    case fromLeft
    /// The motion starts at the right edge and runs to the left.
    case fromRight
    /// The motion starts at the top edge and runs down.
    case fromTop
    /// The motion starts at the bottom edge and runs up.
    case fromBottom

    /// The unit vector pointing from the layer toward the starting edge, in Lamina's y-down
    /// layer coordinates: fromLeft (−1, 0), fromRight (1, 0), fromTop (0, −1), fromBottom (0, 1).
    var edge: (x: Double, y: Double) {
        switch self {
        case .fromLeft: return (-1, 0)
        case .fromRight: return (1, 0)
        case .fromTop: return (0, -1)
        case .fromBottom: return (0, 1)
        }
    }
}

/// A transition between a layer's rendered state before and after the changes committed with it
/// (CATransition's role, CA-10.1–10.4).
///
/// ```swift
/// let spec = TransitionSpec(type: .push, subtype: .fromRight)
/// let state = spec.state(atProgress: 0.5)       // push, fromRight, progress 0.5
/// let offsets = state.layerOffsets(in: Size(width: 200, height: 100))
/// // offsets.new.dx == 100 (half way in from the right), offsets.old.dx == -100
/// ```
///
/// The properties are stored as given; ``progressRange`` is what the transition uses:
/// `startProgress` and `endProgress` clamped to [0, 1] (NaN counts as the default, 0 and 1),
/// and an `endProgress` below `startProgress` raised to it, so the transition then holds at
/// `startProgress` (Core Animation only says end ≥ start). Core Animation's `filter`, which
/// overrides the type with a Core Image filter, has no counterpart.
public struct TransitionSpec: Hashable, Sendable {
    /// The animation key a transition is stored under when added without one
    /// (kCATransition, CA-10.4).
    public static let defaultKey = "transition"

    /// The kind of transition; `fade` by default.
    public var type: TransitionType
    /// The direction for the motion types; nil by default, which they treat as `fromLeft`.
    /// `fade` ignores it.
    public var subtype: TransitionSubtype?
    /// Where in the transition the animation starts, in [0, 1]; 0 by default.
    public var startProgress: Double
    /// Where in the transition the animation ends, in [startProgress, 1]; 1 by default.
    public var endProgress: Double

    /// Creates a transition description.
    ///
    /// - Parameters:
    ///   - type: The kind of transition.
    ///   - subtype: The direction for the motion types, or nil.
    ///   - startProgress: Where the animation starts in the transition.
    ///   - endProgress: Where the animation ends in the transition.
    public init(
        type: TransitionType = .fade, subtype: TransitionSubtype? = nil,
        startProgress: Double = 0, endProgress: Double = 1
    ) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
    }

    /// Whether the progress window is valid as given: both in [0, 1] and end ≥ start (CA-10.1).
    public var hasValidProgress: Bool {
        (0...1).contains(startProgress) && (0...1).contains(endProgress)
            && endProgress >= startProgress
    }

    /// The progress window the transition uses: both ends clamped to [0, 1] (NaN counts as the
    /// default), the end raised to the start when it is below it.
    public var progressRange: ClosedRange<Double> {
        let start = startProgress.isNaN ? 0 : min(max(startProgress, 0), 1)
        let end = endProgress.isNaN ? 1 : min(max(endProgress, 0), 1)
        return start...max(end, start)
    }

    /// The transition's state at the animation's eased progress `p`.
    ///
    /// - Parameter p: The progress after the animation's timing function, clamped to [0, 1]
    ///   (NaN counts as 0), so that an overshooting curve never runs the transition beyond its
    ///   window.
    /// - Returns: The type, the subtype as given, and the transition progress
    ///   `start + p·(end − start)` of ``progressRange``.
    package func state(atProgress p: Double) -> TransitionState {
        let range = progressRange
        let p = p > 0 ? (p < 1 ? p : 1) : 0
        let progress = p == 1 ? range.upperBound
            : range.lowerBound + p * (range.upperBound - range.lowerBound)
        return TransitionState(type: type, subtype: subtype, progress: progress)
    }
}

/// A transition at one moment: what the presentation exposes so that a renderer can composite
/// the old and the new content (CA-10.2, CA-10.3).
public struct TransitionState: Hashable, Sendable {
    /// The kind of transition.
    public var type: TransitionType
    /// The direction as given (nil means `fromLeft` for the motion types).
    public var subtype: TransitionSubtype?
    /// How far the transition has gone, in [0, 1]: 0 shows only the old content, 1 only the
    /// new.
    public var progress: Double

    /// Creates a transition state.
    ///
    /// - Parameters:
    ///   - type: The kind of transition.
    ///   - subtype: The direction, or nil.
    ///   - progress: The transition progress in [0, 1].
    public init(type: TransitionType, subtype: TransitionSubtype?, progress: Double) {
        self.type = type
        self.subtype = subtype
        self.progress = progress
    }

    /// The direction the motion types use: the subtype, or `fromLeft` when it is nil.
    public var direction: TransitionSubtype { subtype ?? .fromLeft }

    /// Whether the new content is drawn above the old: true for every type except `reveal`,
    /// where the old content slides away on top of the new.
    public var isNewContentOnTop: Bool { type != .reveal }

    /// Where a renderer draws the old and the new content at this state, relative to the
    /// layer's bounds, and with what opacity (CA-10.3).
    ///
    /// Offsets are in the layer's own coordinates, which in Lamina are y-down as on iOS: `fromTop`
    /// brings content down from above (dy < 0 → 0) and `fromBottom` up from below. The subtype
    /// names the edge the motion starts from, for every motion type: with `fromLeft` the new
    /// content enters from the left (dx from −width to 0) and the old content, when it moves,
    /// leaves to the right (dx from 0 to +width). With q = ``progress``, W = |width|,
    /// H = |height| and the edge vector e (fromLeft (−1, 0), fromRight (1, 0), fromTop (0, −1),
    /// fromBottom (0, 1)):
    ///
    /// | type     | old (dx, dy)   | old opacity | new (dx, dy)           | new opacity |
    /// |----------|----------------|-------------|------------------------|-------------|
    /// | fade     | (0, 0)         | 1 − q       | (0, 0)                 | q           |
    /// | moveIn   | (0, 0)         | 1           | e·(W, H)·(1 − q)       | 1           |
    /// | push     | −e·(W, H)·q    | 1           | e·(W, H)·(1 − q)       | 1           |
    /// | reveal   | −e·(W, H)·q    | 1           | (0, 0)                 | 1           |
    ///
    /// For `fade` the two opacities are the weights of a cross-dissolve and sum to 1: composite
    /// as `old·(1 − q) + new·q` (for opaque old content, the same as drawing the old content
    /// opaque and the new over it at opacity q). The motion types add no dimming. Clipping the
    /// moving content to the bounds is left to the renderer (and `masksToBounds`).
    ///
    /// - Parameter bounds: The size of the layer's bounds.
    /// - Returns: The offset and opacity of the old content and of the new content.
    package func layerOffsets(
        in bounds: Size
    ) -> (old: (dx: Double, dy: Double, opacity: Double), new: (dx: Double, dy: Double, opacity: Double)) {
        let q = progress
        let w = abs(bounds.width), h = abs(bounds.height)
        let e = direction.edge
        // `+ 0` turns −0 into 0, so that a finished or unstarted offset compares equal to zero.
        let incoming = (dx: e.x * w * (1 - q) + 0, dy: e.y * h * (1 - q) + 0)
        let outgoing = (dx: -e.x * w * q + 0, dy: -e.y * h * q + 0)
        switch type {
        case .fade:
            return ((0, 0, 1 - q), (0, 0, q))
        case .moveIn:
            return ((0, 0, 1), (incoming.dx, incoming.dy, 1))
        case .push:
            return ((outgoing.dx, outgoing.dy, 1), (incoming.dx, incoming.dy, 1))
        case .reveal:
            return ((outgoing.dx, outgoing.dy, 1), (0, 0, 1))
        }
    }
}
