// SPDX-License-Identifier: Apache-2.0
// Explicit animations (CAAnimation and its subclasses' roles), as one value type with a kind.
// Adding an animation to a layer copies it (CA-11.1): a value type gives that for free.

/// Callbacks an animation makes while attached (CAAnimationDelegate's role). They run on the
/// thread that ticks the engine, with no engine lock held, so they may call back into Lamina.
/// The delegate lives as long as the animation does (CA-11.8).
public struct AnimationDelegate: Sendable {
    /// Called when the animation's active period begins (CA-11.8): at its begin time, which
    /// may be later than when it was added.
    public var didStart: (@Sendable (_ layer: Layer, _ key: String) -> Void)?
    /// Called once when the animation leaves its layer: `finished` is true when it reached the
    /// end of its active duration, false when it was removed or replaced first (CA-11.4).
    public var didStop: (@Sendable (_ layer: Layer, _ key: String, _ finished: Bool) -> Void)?

    /// Creates a delegate from its callbacks.
    public init(
        didStart: (@Sendable (_ layer: Layer, _ key: String) -> Void)? = nil,
        didStop: (@Sendable (_ layer: Layer, _ key: String, _ finished: Bool) -> Void)? = nil
    ) {
        self.didStart = didStart
        self.didStop = didStop
    }
}

/// An explicit animation: what it animates (its kind and values) and when (its media timing).
///
/// ```swift
/// var fade = Animation.basic(keyPath: "opacity", from: .number(1), to: .number(0))
/// fade.timing.duration = 2
/// fade.timing.repeatCount = 2
/// fade.timing.autoreverses = true
/// try layer.add(fade, forKey: "fade")
/// ```
public struct Animation: Sendable {
    /// What kind of animation this is, with the values only that kind has.
    public enum Kind: Sendable {
        /// CABasicAnimation: from/to/by (CA-7.1).
        case basic
        /// CASpringAnimation: a basic animation whose progress follows a damped spring (CA-9).
        case spring(SpringParameters)
        /// CAKeyframeAnimation: values (or a path of points) with key times and a calculation
        /// mode (CA-8).
        case keyframe(KeyframeSpec, path: KeyframePath? = nil, rotationMode: RotationMode? = nil)
        /// CATransition: a transition between the layer's state before and after the changes of
        /// the transaction it was added in (CA-10.1–10.4).
        case transition(TransitionSpec)
        /// CAAnimationGroup: children run in the group's time space, clipped to it (CA-10.5).
        case group([Animation])
    }

    /// The kind.
    public var kind: Kind
    /// The animated property or key path (nil for transitions and groups).
    public var keyPath: String?
    /// Basic and spring animations: the start value (CA-7.1).
    public var fromValue: Value?
    /// Basic and spring animations: the end value.
    public var toValue: Value?
    /// Basic and spring animations: the change.
    public var byValue: Value?
    /// Whether the value is added to the value beneath it (CA-7.3).
    public var isAdditive = false
    /// Whether each repeat starts where the previous one ended (CA-7.4).
    public var isCumulative = false
    /// Turns a number or vector into a transform before it is applied (CA-7.5).
    public var valueFunction: ValueFunction?
    /// When the animation runs (CA-5). A duration ≤ 0 takes the transaction's when added
    /// (CA-2.12, CA-11.2); beginTime 0 means "when the adding transaction commits" (CA-5.3).
    public var timing = MediaTiming()
    /// The pacing of each iteration; nil is linear (CA-6.4).
    public var timingFunction: TimingFunction?
    /// Whether the animation leaves its layer once its active duration has passed (CA-1.10).
    public var isRemovedOnCompletion = true
    /// Start and stop callbacks.
    public var delegate: AnimationDelegate?
    /// Basic animations: a decay instead of from → to (R17.7); see
    /// ``decay(keyPath:velocity:decelerationRate:from:)``.
    public var decay: DecayParameters?
    /// Spring animations: start from the presentation value and the presentation velocity when
    /// the animation begins, as a transaction's spring does (R17.6), instead of from
    /// ``fromValue`` at rest; its own initial velocity adds to the inherited one. Needs a
    /// ``toValue`` of a number, point, size, rect or colour (or a component of one). Default
    /// false: Core Animation's behaviour.
    public var inheritsVelocity = false

    /// Creates an animation of a kind.
    public init(kind: Kind, keyPath: String? = nil) {
        self.kind = kind
        self.keyPath = keyPath
    }

    /// A basic animation (CABasicAnimation).
    public static func basic(
        keyPath: String, from: Value? = nil, to: Value? = nil, by: Value? = nil,
        duration: Double = 0
    ) -> Animation {
        var a = Animation(kind: .basic, keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.byValue = by
        a.timing.duration = duration
        return a
    }

    /// A spring animation (CASpringAnimation). Core Animation users usually set the duration
    /// to ``SpringParameters/settlingDuration`` (CA-9.4); this does when `duration` is nil.
    public static func spring(
        keyPath: String, from: Value? = nil, to: Value? = nil,
        parameters: SpringParameters = SpringParameters(), duration: Double? = nil
    ) -> Animation {
        var a = Animation(kind: .spring(parameters), keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.timing.duration = duration ?? parameters.settlingDuration
        return a
    }

    /// A keyframe animation of values (CAKeyframeAnimation).
    public static func keyframe(
        keyPath: String, values: [Value], keyTimes: [Double]? = nil,
        calculationMode: CalculationMode = .linear, duration: Double = 0
    ) -> Animation {
        var a = Animation(
            kind: .keyframe(KeyframeSpec(values: values, keyTimes: keyTimes, calculationMode: calculationMode)),
            keyPath: keyPath)
        a.timing.duration = duration
        return a
    }

    /// A keyframe animation along a path of points (CA-8.1, CA-8.7).
    public static func keyframe(
        keyPath: String, path: KeyframePath, rotationMode: RotationMode? = nil,
        calculationMode: CalculationMode = .paced, duration: Double = 0
    ) -> Animation {
        var a = Animation(
            kind: .keyframe(KeyframeSpec(values: [], calculationMode: calculationMode), path: path, rotationMode: rotationMode),
            keyPath: keyPath)
        a.timing.duration = duration
        return a
    }

    /// A transition (CATransition), stored under "transition" when added with no key (R8).
    public static func transition(
        _ type: TransitionType = .fade, subtype: TransitionSubtype? = nil, duration: Double = 0
    ) -> Animation {
        var a = Animation(kind: .transition(TransitionSpec(type: type, subtype: subtype)))
        a.timing.duration = duration
        return a
    }

    /// A group (CAAnimationGroup). Children's delegates and removedOnCompletion are ignored
    /// (CA-10.5); a child whose duration is ≤ 0 takes the group's.
    public static func group(_ animations: [Animation], duration: Double = 0) -> Animation {
        var a = Animation(kind: .group(animations))
        a.timing.duration = duration
        return a
    }

    /// Whether this is a transition.
    public var isTransition: Bool {
        if case .transition = kind { return true }
        return false
    }
}

extension Animation {
    /// The deepest nesting of groups an engine accepts (R13): a group inside a group inside …
    /// at most this many levels (a plain animation is level 0, a group of plain animations 1).
    /// Deeper shapes are refused with `outOfMemory` when added to a layer (and by the C ABI's
    /// `lamina_animation_group_add`), so evaluating, copying and releasing an animation never
    /// recurses deeper than this. Core Animation code nests two or three levels.
    public static let maximumGroupDepth = 64

    /// The most animations one animation may hold in all, itself and nested children counted
    /// (R13). A group added to itself again and again doubles each time, so depth alone does not
    /// bound the work of copying or evaluating it; beyond this an engine refuses the animation
    /// with `outOfMemory`.
    package static let maximumAnimationCount = 10_000

    /// The number of animations in this one (itself and every nested child), counted
    /// iteratively and only up to `limit + 1`, so measuring a huge shape stays cheap.
    package func animationCount(upTo limit: Int) -> Int {
        guard case .group(let top) = kind else { return 1 }
        var count = 1
        var work: [[Animation]] = [top]
        while let children = work.popLast() {
            count += children.count
            if count > limit { return limit + 1 }
            for child in children {
                if case .group(let inner) = child.kind { work.append(inner) }
            }
        }
        return count
    }

    /// How many groups deep the animation nests: 0 for an animation that is not a group.
    /// Measured iteratively, so any value, however deep, is safe to measure.
    public var groupDepth: Int {
        guard case .group(let top) = kind else { return 0 }
        var deepest = 1
        var work: [(children: [Animation], depth: Int)] = [(top, 1)]
        while let (children, depth) = work.popLast() {
            deepest = max(deepest, depth)
            for child in children {
                if case .group(let inner) = child.kind { work.append((inner, depth + 1)) }
            }
        }
        return deepest
    }
}
