// SPDX-License-Identifier: Apache-2.0
// Explicit animations attached to layers: preparation when added, evaluation over the
// presentation (CA-1.9), and the engine's add/remove/query entry points (CA-11).

/// An explicit animation as attached: the copy that was added (duration filled in, begin time
/// resolved at commit), its parsed target and prepared evaluators. Touched under the engine
/// lock only.
final class ExplicitState {
    /// The animation; any change to it drops the tick's sample (``sampleLocal``).
    var animation: Animation { didSet { dropSample() } }
    let target: ResolvedKey?
    let targetInfo: PropertyInfo?
    let keyframes: KeyframeEvaluator?
    /// ``keyframes``, or an empty evaluator: the tick's sampling reads this one, which (not
    /// optional) it borrows in place, where unwrapping ``keyframes`` copied the evaluator (a
    /// retain and release of each of its arrays per frame).
    private let sampledKeyframes: KeyframeEvaluator
    /// The target's property when the animation targets it whole (not a component): the
    /// inline sample's switch reads it instead of copying the target (whose component may
    /// hold strings).
    private let wholeProperty: PropertyID?
    /// How a value of the target's type is stored into a presentation (issue 28): a plain
    /// store for the common key paths, `.general` for the rest (``apply(_:to:)``).
    private let writer: PropertyWriter
    /// Whether applying it may write the layer's rare properties (the transform, a shape's
    /// path, a component of either…): the presentation then takes a reused box first
    /// (`Engine.spareRare`). False for the inline properties and for groups and transitions,
    /// which copy on write as before.
    let writesRare: Bool
    let path: KeyframePathEvaluator?
    /// A spring's motion; a property animator swaps it (linear while scrubbed, R17.15).
    var spring: SpringSolution? { didSet { dropSample() } }
    let children: [ExplicitState]
    /// The layer it is attached to (for delegate callbacks).
    let owner: LayerID
    /// didStart was sent.
    var started = false
    /// CA-7.1's all-nil case: the presentation value when it begins.
    var capturedFrom: Value? = nil
    /// Its start value (`capturedFrom`, or a view block's `fromValue` with
    /// beginFromCurrentState) is the presentation when it begins: resolved by its commit (R6).
    var fromAtBegin = false
    /// A transition's view of the layer before the changes it transitions (CA-10.2).
    var transitionBefore: LayerProperties? = nil
    /// A transition's view of the layer's sublayers before the changes (CA-10.2): their draw
    /// records when it was added, in the layer's own plane (``Engine/transitionSnapshot(_:at:)``);
    /// nil for a layer without sublayers. Released with the animation when the transition ends.
    var transitionBeforeSublayers: [DrawRecord]? = nil
    /// Added with beginTime 0 and a delay (a delayed view-animation block): its beginTime is
    /// the commit's time plus this (CA-4.6, R2).
    var commitDelay: Double = 0
    /// A spring that takes over a running animation (R17.6): its velocity at its begin, in the
    /// value's components per second of layer time (`V` in `to + (from − to)·X(τ) + V·G(τ)`),
    /// resolved with its start value (Engine+Handoff.swift). Nil for every other animation.
    var springVelocity: SIMD4<Double>? = nil { didSet { dropSample() } }
    /// With ``springVelocity``: the spring's motion for a unit initial velocity, whose
    /// difference from ``spring``'s is the response G(τ) to a unit push from rest.
    var springUnit: SpringSolution? = nil
    /// Takes the presentation velocity at its begin (a transaction's or a view block's spring,
    /// R17.6); its own initial velocity (distances per second, CA-9.2) is added to it.
    var inheritsVelocity = false
    /// With ``inheritsVelocity``: the spring's own initial velocity, kept out of ``spring``.
    var ownInitialVelocity: Double = 0
    /// A property animator sets its timing (R17.11): a begin time of 0 is its own, not the
    /// commit's.
    var drivenByAnimator = false
    /// A transition, or an animation of `contents` (or a group with one): the draw list shows
    /// it beyond the presentation's values (`Engine.runningLook`), so the engine counts such
    /// animations (`Engine.lookAnimations`). Fixed when made: kind, target and children never
    /// change.
    private(set) var changesLook = false
    /// For ``touches(_:)``: the target's property (nil for a group or transition), and whether
    /// a keyframe path's rotation writes the transform too. Fixed when made.
    private var touchedProperty: PropertyID? = nil
    private var touchesTransform = false
    /// The layer time at which the last tick sampled this animation (issue 29: explicit
    /// animations sampled once per frame, like implicit ones), or NaN when it holds no sample:
    /// never sampled, not ``isSelfContained``, or changed since (`animation`, `spring` and
    /// `springVelocity` drop it when set). A self-contained animation's value is a function of
    /// its own state and the layer time alone, so at that time ``sample`` is its value.
    var sampleLocal: Double = .nan
    /// The value sampled at ``sampleLocal``: nil when the animation contributes nothing then
    /// (not contributing, or a value its key path does not take, which `apply` would drop).
    var sample: Value? = nil
    /// ``sample`` once more, for a whole inline property of plain numbers (position, bounds,
    /// opacity, zPosition, anchorPoint, a colour of backgroundColor), stored by a plain
    /// assignment instead of the generic `LayerProperties.set`; `.none` otherwise.
    private(set) var inlineSample: InlineSample = .none

    /// How ``sample(_:at:)`` samples the animation, worked out at its first sample after a
    /// change (`SamplePlan`).
    private var plan = SamplePlan.unknown

    /// See ``plan``.
    private enum SamplePlan {
        /// Not worked out since the last change.
        case unknown
        /// Not self-contained: evaluated at every read.
        case none
        /// A basic animation or spring between two values of a whole inline property
        /// (``InlineSample``: `kind` is its case, 0 position … 5 backgroundColor), not
        /// cumulative, without a value function: `lerp` of the endpoints' components, which is
        /// what `Value.interpolated` computes for them, without building a `Value`.
        case inline(kind: UInt8, from: SIMD4<Double>, to: SIMD4<Double>)
        /// Keyframes without a path (a Lottie scene's every animation): the evaluator's value,
        /// accumulated when `cumulative`, through `valueFunction`, kept when of the `expected`
        /// type (or nil while `nullable`), as the general steps do, with what they read from
        /// the animation worked out once: no switch over its kind, no copy of its keyframes.
        case keyframes(expected: ValueType, nullable: Bool, valueFunction: ValueFunction?, cumulative: Bool)
        /// Numeric keyframes (`KeyframeEvaluator.linearVectors`) of numbers, points or colours
        /// whose key path's ``writer`` stores that type straight (`transform.rotation.z`,
        /// `position.x`, a shape's `strokeEnd` or `fillColor`, issue 28), neither cumulative
        /// nor through a value function: the `keyframes` plan's value kept as its components
        /// (`type` is the keyframes' type), with no `Value` built, stored or destroyed.
        case vectorKeyframes(type: ValueType)
        /// Linear keyframes of whole paths (a Lottie shape's `path`), neither cumulative nor
        /// through a value function: the `keyframes` plan's value, with a blend written over
        /// last frame's path (`Path.blend`) in place of a new one per frame. The paths are
        /// ``pathFrames``, the segments' timing functions ``pathFunctions``.
        case pathKeyframes
        /// A basic animation between two equal Booleans, neither cumulative nor through a value
        /// function (the Lottie importer's in and out points: "shown" over a layer's frames):
        /// the value while it contributes, which the general steps' blend of a value with
        /// itself gives.
        case constant(Value)
        /// Any other self-contained animation: the general steps.
        case general
    }

    /// Drops the sample and the plan (the animation changed).
    private func dropSample() {
        sampleLocal = .nan
        plan = .unknown
    }

    /// See ``inlineSample``: trivial payloads, so reading one costs no reference counting.
    enum InlineSample {
        case none
        case position(Point)
        case bounds(Rect)
        case opacity(Double)
        case zPosition(Double)
        case anchorPoint(Point)
        case backgroundColor(Color)
        /// A whole `transform` made by a keyframe animation's value function (issue 28): the
        /// matrix is ``sampledMatrix`` (kept apart, so that this enum stays small), not a
        /// boxed `.transform` value.
        case transform
        /// A number, point or colour of any other key path the animation's ``writer`` stores
        /// directly (`position.x`, `bounds.origin`, `transform.rotation.z`, a shape's
        /// `strokeEnd` or `fillColor`, issue 28): kept unboxed, as `apply` would store it.
        case number(Double)
        case point(Point)
        case color(Color)
        /// A boolean of a flag (`hidden`…), likewise.
        case bool(Bool)
    }

    /// The matrix of ``InlineSample/transform``.
    private var sampledMatrix = Transform3D.identity
    /// The keyframe segment the last sample found (`KeyframeEvaluator.value(atProgress:segmentHint:)`).
    private var segmentHint = -1
    /// The ``SamplePlan/pathKeyframes`` plan's keyframes (the evaluator's values, unwrapped
    /// once) and its per-segment timing functions.
    private var pathFrames: [Path] = []
    private var pathFunctions: [TimingFunction]? = nil

    /// `resolvedKey`: the key path already resolved by the caller (an implicit spring knows its
    /// property), so that it is not parsed again.
    init(
        _ animation: consuming Animation, owner: LayerID, engine: Engine, parentDuration: Double?,
        resolvedKey: ResolvedKey? = nil, springSolution: SpringSolution? = nil
    ) throws(LaminaError) {
        if !(animation.timing.duration > 0), let parentDuration { animation.timing.duration = parentDuration }
        try ExplicitState.validate(animation)
        self.owner = owner
        var target: ResolvedKey? = nil
        var info: PropertyInfo? = nil
        switch animation.kind {
        case .basic, .spring, .keyframe:
            guard let keyPath = animation.keyPath, !keyPath.isEmpty else {
                throw LaminaError(.invalidArgument, "a property animation needs a key path")
            }
            let key: ResolvedKey
            if let resolvedKey {
                key = resolvedKey
            } else {
                key = try engine.withKey(keyPath) { bytes throws(LaminaError) in try engine.resolveKey(bytes) }
            }
            try engine.checkKind(owner, key.property)
            // The count animates within the bound the draw list relies on (RS-13.1).
            if key.property == .instanceCount { try Engine.checkInstanceCountValues(animation) }
            target = key
            let keyInfo = engine.info(of: key.property)
            info = keyInfo
            try ExplicitState.checkTypes(animation, key, keyInfo)
        case .transition, .group:
            break
        }
        self.target = target
        targetInfo = info
        var keyframes: KeyframeEvaluator? = nil
        var path: KeyframePathEvaluator? = nil
        var spring: SpringSolution? = nil
        var children: [ExplicitState] = []
        switch animation.kind {
        case .spring(let p): spring = springSolution ?? p.solution
        case .keyframe(let spec, let p, _):
            if let p {
                path = KeyframePathEvaluator(
                    p, keyTimes: spec.keyTimes, timingFunctions: spec.timingFunctions,
                    calculationMode: spec.calculationMode)
            } else {
                keyframes = KeyframeEvaluator(spec)
            }
        case .group(let list):
            for child in list {
                // Children's delegates and removedOnCompletion are ignored (CA-10.5).
                children.append(try ExplicitState(
                    child, owner: owner, engine: engine, parentDuration: animation.timing.duration))
            }
        case .basic, .transition: break
        }
        self.keyframes = keyframes
        sampledKeyframes = keyframes ?? KeyframeEvaluator(KeyframeSpec(values: []))
        wholeProperty = target.flatMap { $0.component == .whole ? $0.property : nil }
        writer = target.map(PropertyWriter.make) ?? .general
        if let target {
            writesRare = !LayerProperties.isInline(target.property) || path != nil
        } else {
            writesRare = false
        }
        self.path = path
        self.spring = spring
        self.children = children
        self.animation = animation
        changesLook = animation.isTransition || touchesContents
        touchedProperty = target?.property
        touchesTransform = target != nil && path != nil
    }

    /// The values must fit the animated key path (a value function takes numbers or vectors and
    /// makes a transform, so it needs a transform key path instead).
    private static func checkTypes(_ a: Animation, _ key: ResolvedKey, _ info: PropertyInfo) throws(LaminaError) {
        let expected = key.component.valueType(in: info.type)
        let keyPath = a.keyPath ?? info.name
        if a.valueFunction != nil {
            guard expected == .transform else {
                throw LaminaError(.typeMismatch, "a value function makes a transform; '\(keyPath)' is not a transform")
            }
            return
        }
        func fits(_ v: Value) -> Bool {
            v.type == expected || (v == .null && info.nullable && key.component == .whole)
        }
        func check(_ v: Value?) throws(LaminaError) {
            guard let v, !fits(v) else { return }
            throw LaminaError(.typeMismatch, "'\(keyPath)' takes a \(expected) value, not a \(v.type)")
        }
        // One by one, with no array: every added animation comes here (a spring retarget too).
        try check(a.fromValue)
        try check(a.toValue)
        try check(a.byValue)
        try check(a.decay?.velocity)  // a velocity of the key's type (R17.7)
        if case .keyframe(let spec, let path, _) = a.kind {
            if path != nil, expected != .point {
                throw LaminaError(.typeMismatch, "a keyframe path animates points; '\(keyPath)' takes a \(expected)")
            }
            if path == nil { for v in spec.values { try check(v) } }
        }
    }

    private static func validate(_ a: Animation) throws(LaminaError) {
        let t = a.timing
        // Named one by one, with no array: every added animation comes here.
        func finite(_ v: Double, _ name: StaticString) throws(LaminaError) {
            guard v.isFinite else { throw LaminaError(.invalidArgument, "animation \(name) must be finite, got \(v)") }
        }
        try finite(t.beginTime, "beginTime")
        try finite(t.duration, "duration")
        try finite(t.speed, "speed")
        try finite(t.timeOffset, "timeOffset")
        try finite(t.repeatDuration, "repeatDuration")
        guard !t.repeatCount.isNaN, t.repeatCount >= 0 else {
            throw LaminaError(.invalidArgument, "repeatCount must be >= 0 (infinity repeats forever)")
        }
        if !(a.fromValue?.isFiniteAndBounded ?? true) || !(a.toValue?.isFiniteAndBounded ?? true)
            || !(a.byValue?.isFiniteAndBounded ?? true) {
            throw LaminaError(.invalidArgument, "animation values must be finite, of magnitude at most 1e15")
        }
        if case .keyframe(let spec, _, _) = a.kind {
            guard spec.values.allSatisfy(\.isFiniteAndBounded), (spec.keyTimes ?? []).allSatisfy(\.isFinite) else {
                throw LaminaError(.invalidArgument, "keyframe values and key times must be finite")
            }
        }
        if let d = a.decay {
            guard case .basic = a.kind else { throw LaminaError(.invalidArgument, "only a basic animation can decay") }
            _ = try d.checkedVector()
        }
        if case .transition(let spec) = a.kind, !spec.startProgress.isFinite || !spec.endProgress.isFinite {
            throw LaminaError(.invalidArgument, "transition progress must be finite")
        }
    }

    /// Applies this animation's value at `parentTime` (the layer's local time) to `p`, where
    /// `p` holds the values beneath it and `model` the layer's committed model values (CA-7.2).
    func contribute(at parentTime: Double, into p: inout LayerProperties, model: LayerProperties) {
        // The tick's sample at this very time (issue 29): the same value, evaluated once.
        if parentTime == sampleLocal {
            applySample(to: &p)
            return
        }
        let st = animation.timing.state(atParentTime: parentTime)
        guard st.isContributing else { return }
        switch animation.kind {
        case .group:
            // Children run in the group's time space, clipped to it (CA-10.5, CA-10.6).
            let childTime = easedProgress(st) * animation.timing.duration
            for child in children { child.contribute(at: childTime, into: &p, model: model) }
        case .transition:
            break  // a transition changes no property; see Engine.transition(of:at:)
        case .basic, .spring:
            guard let target, let info = targetInfo else { return }
            // A retargeted spring and a decay need neither the eased progress nor the
            // endpoints below (each frame of every retargeted spring passes here first).
            if let v0 = springVelocity, let spring, let unit = springUnit,
               let f = animation.fromValue, let a = f.vector, let t = animation.toValue, let b = t.vector,
               f.type == t.type {
                // A retargeted spring (R17.6): position and velocity continuous at its begin.
                let tau = st.iterationProgress * animation.timing.duration
                let x = spring.displacement(at: tau)
                let g = x - unit.displacement(at: tau)
                apply(Value.fromVector(b + (a - b) * x + v0 * g, as: t.type), to: &p)
                return
            }
            if let d = animation.decay {
                // A decay (R17.7): from + V·(r^(1000τ) − 1)/(1000·ln r), τ in the animation's time.
                let start = animation.fromValue ?? capturedFrom
                guard let start, let s = start.vector, let v = d.velocity.vector, start.type == d.velocity.type else { return }
                let k = 1000 * log(d.decelerationRate)
                var out = s + v * (expm1(k * st.iterationProgress * animation.timing.duration) / k)
                if animation.isAdditive {
                    let underlying = target.component.extract(from: p.get(target.property, customDefault: info.defaultValue))
                    if let u = underlying.vector, underlying.type == start.type { out += u }
                }
                apply(Value.fromVector(out, as: start.type), to: &p)
                return
            }
            let y = easedProgress(st)
            let underlying = target.component.extract(from: p.get(target.property, customDefault: info.defaultValue))
            let modelValue = target.component.extract(from: model.get(target.property, customDefault: info.defaultValue))
            let ends: (from: Value, to: Value)?
            if animation.fromValue == nil, animation.toValue == nil, animation.byValue == nil {
                ends = capturedFrom.map { ($0, modelValue) }  // CA-7.1: previous presentation → current
            } else {
                ends = BasicEndpoints.resolve(
                    from: animation.fromValue, to: animation.toValue, by: animation.byValue,
                    underlying: modelValue)
            }
            guard let ends, let v = BasicEndpoints.value(
                from: ends.from, to: ends.to, progress: y, isAdditive: animation.isAdditive,
                isCumulative: animation.isCumulative, iteration: st.currentIteration,
                underlying: underlying, valueFunction: animation.valueFunction)
            else { return }
            apply(v, to: &p)
        case .keyframe(_, _, let rotationMode):
            guard let target, let info = targetInfo else { return }
            let y = easedProgress(st)
            let v: Value
            if let path {
                guard let (point, angle) = path.point(atProgress: y) else { return }
                v = .point(point)
                if let rotation = KeyframePath.rotation(for: rotationMode, tangentAngle: angle),
                   case .transform(let m) = p.get(.transform) {
                    p.set(.transform, .transform(m.setting(.rotationZ, to: rotation)))
                }
            } else {
                guard let value = keyframes?.value(atProgress: y) else { return }
                v = cumulated(value, iteration: st.currentIteration)
            }
            let underlying = target.component.extract(from: p.get(target.property, customDefault: info.defaultValue))
            guard let out = BasicEndpoints.value(
                from: v, to: v, progress: 0, isAdditive: animation.isAdditive, isCumulative: false,
                iteration: 0, underlying: underlying, valueFunction: animation.valueFunction)
            else { return }
            apply(out, to: &p)
        }
    }

    /// A keyframe value in iteration `iteration` of a cumulative animation (CA-7.4): each cycle
    /// starts where the previous one ended, `v ⊕ iteration·(last ⊖ first)` — the rule of basic
    /// animations with the first and last keyframes as from and to. Unchanged otherwise.
    private func cumulated(_ v: Value, iteration: Int) -> Value {
        guard animation.isCumulative, iteration != 0,
              case .keyframe(let spec, _, _) = animation.kind,
              let first = spec.values.first, let last = spec.values.last,
              v.isAccumulable, first.isAccumulable, last.isAccumulable,
              let step = BasicEndpoints.minus(last, first),
              let total = step.scaled(by: Double(iteration)),
              let sum = BasicEndpoints.plus(v, total)
        else { return v }
        return sum
    }

    /// Whether the animation's value depends on nothing but its own state and the layer time:
    /// a basic animation or spring with both fromValue and toValue (no model value, CA-7.1), or
    /// keyframes without a path (a path's rotation reads the transform); not additive (no value
    /// beneath, CA-7.3), no decay, no retargeted spring's velocity, no group or transition.
    /// Such an animation is sampled once per tick (``sample(_:at:)``).
    var isSelfContained: Bool {
        guard target != nil, !animation.isAdditive, springVelocity == nil, animation.decay == nil else { return false }
        switch animation.kind {
        case .basic, .spring: return animation.fromValue != nil && animation.toValue != nil
        case .keyframe: return path == nil
        case .group, .transition: return false
        }
    }

    /// The tick's sampling (issue 29): for a self-contained animation, its value at the layer
    /// time `parentTime`, whose timing state is `st`, kept for the reads at that time (the
    /// draw list, presentation reads) in place of an evaluation each. Exactly what
    /// ``contribute(at:into:model:)`` computes there: the same steps with the values beneath
    /// and the model unused, as they are for such an animation.
    func sample(_ st: TimingState, at parentTime: Double) {
        if case .unknown = plan { plan = makePlan() }
        switch plan {
        case .unknown, .none:
            sampleLocal = .nan
            return
        case .inline(let kind, let from, let to):
            var inline = InlineSample.none
            if st.isContributing {
                let y = easedProgress(st)
                let v = SIMD4(lerp(from[0], to[0], y), lerp(from[1], to[1], y), lerp(from[2], to[2], y),
                              lerp(from[3], to[3], y))
                switch kind {
                case 0: inline = .position(Point(x: v[0], y: v[1]))
                case 1: inline = .bounds(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
                case 2: inline = .opacity(v[0])
                case 3: inline = .zPosition(v[0])
                case 4: inline = .anchorPoint(Point(x: v[0], y: v[1]))
                default: inline = .backgroundColor(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
                }
            }
            dropBoxedSample()
            inlineSample = inline
            sampleLocal = parentTime
            return
        case .keyframes(let expected, let nullable, let valueFunction, let cumulative):
            var v: Value? = nil
            if st.isContributing,
               var value = sampledKeyframes.value(atProgress: easedProgress(st), segmentHint: &segmentHint) {
                // The general steps' `BasicEndpoints.value(from: c, to: c, progress: 0, …)` is
                // `c` (blending a value with itself at 0 gives it back, up to the sign of a
                // zero), then the value function.
                if cumulative { value = cumulated(value, iteration: st.currentIteration) }
                if let valueFunction {
                    if wholeProperty == .transform {
                        // A whole transform (a Lottie rotation or scale): kept unboxed, as
                        // `apply` would store `.transform(m)`; no value when the function
                        // takes no such input, as `apply` answers nil.
                        dropBoxedSample()
                        if let m = valueFunction.matrix(for: value) {
                            sampledMatrix = m
                            inlineSample = .transform
                        } else {
                            inlineSample = .none
                        }
                        sampleLocal = parentTime
                        return
                    }
                    v = valueFunction.apply(value)
                } else {
                    v = value
                }
            }
            // `.null` is the one value of its type.
            if let type = v?.type, !(type == expected || (nullable && type == .null)) { v = nil }
            store(v)
            sampleLocal = parentTime
            return
        case .vectorKeyframes(let type):
            // `Value.fromVector` of these components is the `keyframes` plan's value, of the
            // expected type, which `store` would keep unboxed as this case.
            var inline = InlineSample.none
            if st.isContributing {
                let v = sampledKeyframes.vector(atProgress: easedProgress(st), segmentHint: &segmentHint)
                switch type {
                case .number: inline = .number(v[0])
                case .point: inline = .point(Point(x: v[0], y: v[1]))
                default: inline = .color(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
                }
            }
            dropBoxedSample()
            inlineSample = inline
            sampleLocal = parentTime
            return
        case .pathKeyframes:
            // What `KeyframeEvaluator.value(atProgress:)` answers for linear keyframes (the
            // keyframe itself at a segment's ends, else the blend), every value being a path
            // of the expected type.
            var v: Value? = nil
            if st.isContributing {
                let (i, local) = KeyframeTiming.segment(
                    at: KeyframeTiming.clampedProgress(easedProgress(st)), times: sampledKeyframes.keyTimes,
                    hint: &segmentHint)
                let eased = pathFunctions.map { $0[i].progress(at: local) } ?? local
                if eased == 0 {
                    v = .path(pathFrames[i])
                } else if eased == 1 {
                    v = .path(pathFrames[i + 1])
                } else {
                    // Last frame's path, held by nothing else once the sample lets it go
                    // (unless a reader kept it, which the blend's write then copies).
                    var buffer = Path()
                    if case .path(let last)? = sample { buffer = last }
                    sample = nil
                    Path.blend(pathFrames[i], pathFrames[i + 1], progress: eased, into: &buffer)
                    v = .path(buffer)
                }
            }
            sample = v
            inlineSample = .none
            sampleLocal = parentTime
            return
        case .constant(let value):
            store(st.isContributing ? value : nil)
            sampleLocal = parentTime
            return
        case .general:
            break
        }
        var v: Value? = nil
        if st.isContributing {
            let y = easedProgress(st)
            switch animation.kind {
            case .basic, .spring:
                if let ends = BasicEndpoints.resolve(
                    from: animation.fromValue, to: animation.toValue, by: animation.byValue, underlying: .null) {
                    v = BasicEndpoints.value(
                        from: ends.from, to: ends.to, progress: y, isAdditive: false,
                        isCumulative: animation.isCumulative, iteration: st.currentIteration, underlying: .null,
                        valueFunction: animation.valueFunction)
                }
            case .keyframe:
                if let value = keyframes?.value(atProgress: y) {
                    let c = cumulated(value, iteration: st.currentIteration)
                    v = BasicEndpoints.value(
                        from: c, to: c, progress: 0, isAdditive: false, isCumulative: false, iteration: 0,
                        underlying: .null, valueFunction: animation.valueFunction)
                }
            case .group, .transition:
                break
            }
        }
        // What `apply` would store: a value of another type is dropped there, so here.
        if let value = v, let target, let info = targetInfo {
            let expected = target.component.valueType(in: info.type)
            if !(value.type == expected || (value == .null && info.nullable && target.component == .whole)) { v = nil }
        }
        store(v)
        sampleLocal = parentTime
    }

    /// Keeps `v` as the sample: unboxed in ``inlineSample`` where the key path's store takes
    /// it straight (a whole inline property, or a number, point, colour or flag the ``writer``
    /// stores), with ``sample`` left nil; in ``sample`` otherwise. Storing a `Value?` goes
    /// through the generic optional's assignment (~60 instructions, issue 28), so it is done
    /// only for what needs a box (a path, a transform) or when one is held.
    private func store(_ v: consuming Value?) {
        // Matched in place, property first (a switch over a (property, value) pair copied the
        // value into the pair through its generic witness).
        var inline = InlineSample.none
        if let property = wholeProperty {
            switch property {
            case .position: if case .point(let x)? = v { inline = .position(x) }
            case .bounds: if case .rect(let x)? = v { inline = .bounds(x) }
            case .opacity: if case .number(let x)? = v { inline = .opacity(x) }
            case .zPosition: if case .number(let x)? = v { inline = .zPosition(x) }
            case .anchorPoint: if case .point(let x)? = v { inline = .anchorPoint(x) }
            case .backgroundColor: if case .color(let x)? = v { inline = .backgroundColor(x) }
            default: break
            }
        }
        if case .none = inline, writer != .general {
            switch v {
            case .number(let x)?: if writer.storesNumber { inline = .number(x) }
            case .point(let x)?: if writer.storesPoint { inline = .point(x) }
            case .color(let x)?: if writer.storesColor { inline = .color(x) }
            case .bool(let x)?: if writer.storesBool { inline = .bool(x) }
            default: break
            }
        }
        if case .none = inline, v != nil {
            sample = v
        } else {
            // Unboxed, or no value: nothing to keep in `sample`.
            dropBoxedSample()
        }
        inlineSample = inline
    }

    /// Empties ``sample`` when it holds a value (a nil one is left alone: assigning nil still
    /// takes the generic optional's path).
    @inline(__always)
    private func dropBoxedSample() {
        if sample != nil { sample = nil }
    }

    /// Applies the value sampled at ``sampleLocal`` to `p`: what ``contribute(at:into:model:)``
    /// does at that time.
    @inline(__always)
    func applySample(to p: inout LayerProperties) {
        switch inlineSample {
        case .position(let v): p.position = v
        case .bounds(let v): p.bounds = v
        case .opacity(let v): p.opacity = v
        case .zPosition(let v): p.zPosition = v
        case .anchorPoint(let v): p.anchorPoint = v
        case .backgroundColor(let v): p.backgroundColor = v
        case .transform: p.rare.transform = sampledMatrix  // what `apply` sets for `.transform(m)`
        // ``store(_:)`` keeps these only for a writer that takes them, so each store happens.
        case .number(let v): _ = p.write(number: v, with: writer)
        case .point(let v): _ = p.write(point: v, with: writer)
        case .color(let v): _ = p.write(color: v, with: writer)
        case .bool(let v): _ = p.write(bool: v, with: writer)
        case .none:
            // The sample has the key path's type (``sample(_:at:)`` drops any other).
            if let v = sample, !p.write(v, with: writer) { apply(v, to: &p) }
        }
    }

    /// The plan for ``sample(_:at:)`` (see `SamplePlan`).
    private func makePlan() -> SamplePlan {
        guard isSelfContained else { return .none }
        if case .keyframe = animation.kind, let target, let info = targetInfo {
            if target.component == .whole, info.type == .path, animation.valueFunction == nil,
               !animation.isCumulative, case .linear(let values, let functions) = sampledKeyframes.plan {
                var paths: [Path] = []
                paths.reserveCapacity(values.count)
                for value in values {
                    guard case .path(let p) = value else { break }
                    paths.append(p)
                }
                if paths.count == values.count {
                    pathFrames = paths
                    pathFunctions = functions
                    return .pathKeyframes
                }
            }
            let expected = target.component.valueType(in: info.type)
            if animation.valueFunction == nil, !animation.isCumulative, !sampledKeyframes.linearVectors.isEmpty,
               sampledKeyframes.vectorType == expected {
                switch expected {
                case .number where writer.storesNumber: return .vectorKeyframes(type: .number)
                case .point where writer.storesPoint: return .vectorKeyframes(type: .point)
                case .color where writer.storesColor: return .vectorKeyframes(type: .color)
                default: break
                }
            }
            return .keyframes(
                expected: expected,
                nullable: info.nullable && target.component == .whole,
                valueFunction: animation.valueFunction, cumulative: animation.isCumulative)
        }
        if case .basic = animation.kind, let target, target.component == .whole, targetInfo?.type == .bool,
           !animation.isCumulative, animation.valueFunction == nil,
           case .bool(let a)? = animation.fromValue, case .bool(let b)? = animation.toValue, a == b {
            return .constant(.bool(a))
        }
        guard let target, target.component == .whole, !animation.isCumulative, animation.valueFunction == nil,
              let f = animation.fromValue, let t = animation.toValue, f.type == t.type,
              let fv = f.vector, let tv = t.vector else { return .general }
        switch animation.kind {
        case .basic, .spring: break
        default: return .general
        }
        let kind: UInt8
        switch (target.property, f.type) {
        case (.position, .point): kind = 0
        case (.bounds, .rect): kind = 1
        case (.opacity, .number): kind = 2
        case (.zPosition, .number): kind = 3
        case (.anchorPoint, .point): kind = 4
        case (.backgroundColor, .color): kind = 5
        default: return .general
        }
        return .inline(kind: kind, from: fv, to: tv)
    }

    /// Whether this animation can change `property` of the presentation: its target, the
    /// transform for a keyframe path (its rotation mode, CA-8.5), or what a child of a group
    /// changes. A transition changes none. One compare for a basic animation.
    @inline(__always)
    func touches(_ property: PropertyID) -> Bool {
        if touchedProperty == property || (touchesTransform && property == .transform) { return true }
        return !children.isEmpty && childrenTouch(property)
    }

    private func childrenTouch(_ property: PropertyID) -> Bool {
        for child in children where child.touches(property) { return true }
        return false
    }

    /// Iteration progress after the timing function, or the spring's progress (CA-9.3).
    func easedProgress(_ st: TimingState) -> Double {
        if let spring { return spring.progress(at: st.iterationProgress * animation.timing.duration) }
        guard let tf = animation.timingFunction else { return st.iterationProgress }
        return tf.progress(at: st.iterationProgress)
    }

    private func apply(_ v: Value, to p: inout LayerProperties) {
        guard let target, let info = targetInfo else { return }
        let expected = target.component.valueType(in: info.type)
        guard v.type == expected || (v == .null && info.nullable && target.component == .whole) else { return }
        // A plain store for the common key paths; the same bits as the general write below.
        if p.write(v, with: writer) { return }
        let whole = p.get(target.property, customDefault: info.defaultValue)
        p.set(target.property, target.component.insert(v, into: whole))
    }

    /// Whether the animation is done and leaves its layer at `parentTime` (CA-1.10, CA-5.10).
    func isFinished(at parentTime: Double) -> Bool {
        animation.isRemovedOnCompletion && animation.timing.state(atParentTime: parentTime).isFinished
    }

    /// ``isFinished(at:)`` with the timing state at that time already known.
    func isFinished(_ st: TimingState) -> Bool {
        animation.isRemovedOnCompletion && st.isFinished
    }
}

/// See ``Engine/localTime(_:at:memo:)``: 32 layers and their local times at the loop's engine
/// time, direct-mapped by slot, in stack memory the loop provides (``with(_:)``): no heap
/// allocation, and no SIMD vectors (indexing one by a variable copies it through memory).
struct ParentTimeMemo {
    /// The layers, -1 for an empty entry.
    let layers: UnsafeMutablePointer<Int32>
    /// Their local times.
    let times: UnsafeMutablePointer<Double>

    /// The number of entries.
    static let size = 32

    /// Calls `body` with an empty memo on the stack.
    @inline(__always)
    static func with<R>(_ body: (ParentTimeMemo) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: size) { layers in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { times in
                layers.initialize(repeating: -1)
                times.initialize(repeating: 0)
                return body(ParentTimeMemo(layers: layers.baseAddress!, times: times.baseAddress!))
            }
        }
    }
}

/// Timing introspection for one attached animation (the issue's "phase, current iteration,
/// iteration progress, active duration, end time").
public struct AnimationTimingInfo: Hashable, Sendable {
    /// Before, during or after the active period.
    public var phase: TimingPhase
    /// Whether the animation changes the presentation now (active, or filling).
    public var isContributing: Bool
    /// The current iteration (0-based).
    public var currentIteration: Int
    /// Progress within the iteration, after autoreverse and before the timing function.
    public var iterationProgress: Double
    /// The active duration (∞ when repeating forever).
    public var activeDuration: Double
    /// The end of the active period, in the layer's time.
    public var endTime: Double
    /// The resolved begin time, in the layer's time (nil while the adding transaction is open).
    public var beginTime: Double?
}

extension Engine {
    /// The key an animation is stored under: the given one; "transition" for a transition added
    /// with none (R8); otherwise a private key not listed in ``animationKeys(of:)`` (CA-11.3: a
    /// nil key always adds a new entry).
    private func storageKey(_ key: String?, isTransition: Bool) -> String {
        if let key, !key.isEmpty { return key }
        if isTransition { return TransitionSpec.defaultKey }
        anonymousKeys &+= 1
        return Engine.anonymousPrefix + String(anonymousKeys)
    }

    static let anonymousPrefix = "\u{1}anonymous-"

    /// Adds a copy of `animation` to a layer under `key` (CA-11.1), replacing an animation with
    /// the same key (R8). It belongs to the calling thread's transaction: it starts when that
    /// commits (beginTime 0 → the commit time, CA-5.3), and a duration ≤ 0 takes the
    /// transaction's (CA-11.2).
    ///
    /// - Throws: `invalidArgument` (missing key path, non-finite timing or values), `unknownKey`,
    ///   `staleHandle`.
    package func addAnimation(_ animation: Animation, forKey key: String?, to layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            _ = try addAnimationLocked(animation, forKey: key, slot: try resolve(layer), in: stack())
        }
    }

    /// ``addAnimation(_:forKey:to:)`` with the lock held.
    @discardableResult
    func addAnimationLocked(
        _ animation: consuming Animation, forKey key: String?, slot: Int32, in s: TransactionStack, commitDelay: Double? = nil,
        fromAtBegin: Bool = false, resolvedKey: ResolvedKey? = nil, springSolution: SpringSolution? = nil
    ) throws(LaminaError) -> ExplicitState {
        guard animation.groupDepth <= Animation.maximumGroupDepth else {
            throw LaminaError(.outOfMemory, "animation groups nest deeper than \(Animation.maximumGroupDepth) levels")
        }
        guard animation.animationCount(upTo: Animation.maximumAnimationCount) <= Animation.maximumAnimationCount else {
            throw LaminaError(.outOfMemory, "an animation holds more than \(Animation.maximumAnimationCount) animations in all")
        }
        let layer = handle(slot)
        var copy = animation
        if !(copy.timing.duration > 0) { copy.timing.duration = s.duration }
        // R7, CA-2.7: the transaction's timing function fills in an animation without a curve
        // (explicit ones and actions' alike; springs follow their own motion).
        if copy.timingFunction == nil, let curve = s.timingFunction {
            switch copy.kind {
            case .spring: break
            default: copy.timingFunction = curve
            }
        }
        // A delay counted from the commit, whose time is not known yet (R2).
        if commitDelay != nil { copy.timing.beginTime = 0 }
        // R17.6: a spring that inherits the velocity keeps its own initial velocity apart.
        var ownInitialVelocity = 0.0
        if copy.inheritsVelocity, case .spring(var p) = copy.kind {
            guard copy.toValue?.vector != nil, !copy.isAdditive else {
                throw LaminaError(.invalidArgument, "a spring that inherits the velocity needs a numeric toValue and cannot be additive")
            }
            ownInitialVelocity = p.initialVelocity
            p.initialVelocity = 0
            copy.kind = .spring(p)
            copy.byValue = nil
        }
        // What the rest needs of the copy, read before the state takes it (moved, not copied
        // again; the state keeps it as it is: no parent duration to fill in).
        let inherits = copy.inheritsVelocity, noValues = copy.fromValue == nil && copy.toValue == nil && copy.byValue == nil
        let hasFrom = copy.fromValue != nil, isAdditive = copy.isAdditive, isTransition = copy.isTransition
        let duration = copy.timing.duration
        // `springSolution`: the caller's solved motion of the spring's parameters as given (an
        // implicit spring's, which inherits no velocity through `inheritsVelocity`).
        let state = try ExplicitState(
            copy, owner: layer, engine: self, parentDuration: nil, resolvedKey: resolvedKey,
            springSolution: inherits ? nil : springSolution)
        if inherits, case .spring(let p) = state.animation.kind, let target = state.target {
            // From the screen, with its velocity, both read again when it begins (R17.6).
            let shown = (presentation(slot, at: now) ?? slots[Int(slot)].model)
                .get(target.property, customDefault: state.targetInfo?.defaultValue ?? .null)
            state.animation.fromValue = target.component.extract(from: shown)
            state.fromAtBegin = true
            state.inheritsVelocity = true
            state.ownInitialVelocity = ownInitialVelocity
            var unit = p
            unit.initialVelocity = 1
            state.springUnit = unit.solution
            setSpringVelocity(state, inherited: springStartVelocity(slot, target, at: now))
        }
        if let commitDelay { state.commitDelay = commitDelay }
        let storage = storageKey(key, isTransition: isTransition)
        markDirty(slot, in: s)
        if let target = state.target, let info = state.targetInfo, noValues {
            let p = presentation(slot, at: now) ?? slots[Int(slot)].model
            state.capturedFrom = target.component.extract(from: p.get(target.property, customDefault: info.defaultValue))
            state.fromAtBegin = true
        }
        // A view block's start value from the screen (beginFromCurrentState).
        if fromAtBegin, hasFrom, !isAdditive { state.fromAtBegin = true }
        if isTransition {
            state.transitionBefore = presentation(slot, at: now) ?? slots[Int(slot)].model
            state.transitionBeforeSublayers = transitionSnapshot(slot, at: now)
        }
        var attached = AttachedAnimation(
            key: storage, target: state.target?.property ?? .bounds, from: .null, to: .null,
            duration: duration, curve: curveID(.linear))
        attached.explicit = state
        attach(attached, to: slot, in: s)
        return state
    }

    /// The attached copy under `key` (CA-11.5), or nil. An implicit animation reads as the
    /// basic animation Core Animation would have attached: the property's key path, from the
    /// presentation value at the change to the new value, the transaction's duration and curve,
    /// and its begin time once committed.
    package func animation(forKey key: String, of layer: LayerID) throws(LaminaError) -> Animation? {
        try lock.withLock { () throws(LaminaError) -> Animation? in
            let slot = try resolve(layer)
            guard let anim = attachment(key, slot) else { return nil }
            if let e = anim.explicit {
                // Committed between hand-driven ticks: it begins at the next tick (R2), and
                // until then its begin time reads as pending, as before its commit.
                guard anim.awaitingTick, anim.beginFromCommit else { return e.animation }
                var a = e.animation
                a.timing.beginTime = 0
                return a
            }
            return implicitAnimation(anim)
        }
    }

    /// An implicit animation as a basic animation (CA-11.5). Lock held.
    func implicitAnimation(_ anim: AttachedAnimation) -> Animation {
        var from = anim.from, to = anim.to
        if anim.track >= 0 { (from, to) = memberEnds(anim.track, anim.member, as: anim.valueType) }
        var a: Animation
        if anim.track >= 0, let (memo, own, _) = springMemberInfo(anim.track, anim.member) {
            // A transaction's spring (R17.6): the spring it runs, which inherits the velocity.
            var params = memo.params
            params.initialVelocity = own
            a = Animation.spring(
                keyPath: info(of: anim.target).name, from: from, to: to, parameters: params, duration: anim.duration)
            a.inheritsVelocity = true
        } else {
            a = Animation.basic(keyPath: info(of: anim.target).name, from: from, to: to, duration: anim.duration)
            a.timingFunction = curves[Int(anim.curve)]
        }
        // Pending until the commit, and for a hand-driven engine's commit between two ticks until
        // the next tick, which sets it (R2).
        if anim.state != .pending, !anim.awaitingTick { a.timing.beginTime = anim.beginTime }
        return a
    }

    /// The keys of the layer's animations in evaluation order (CA-11.6), implicit ones included;
    /// animations added without a key are not listed.
    package func animationKeys(of layer: LayerID) throws(LaminaError) -> [String] {
        try lock.withLock { () throws(LaminaError) -> [String] in
            let slot = try resolve(layer)
            let a = slots[head: Int(slot)].animIndex
            guard a >= 0 else { return [] }
            return animated[Int(a)].animations
                .filter { $0.state != .pendingRemoval && !$0.key.hasPrefix(Engine.anonymousPrefix) }
                .map(\.key)
        }
    }

    /// Removes the animation under `key` at once (CA-11.7); its delegate gets didStop with
    /// finished = false at the next tick (CA-11.4). No effect when there is none.
    package func removeAnimation(forKey key: String, from layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            removeAnimations(slot) { $0.key == key }
        }
    }

    /// Removes every animation of the layer at once (CA-11.7).
    package func removeAllAnimations(from layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            removeAnimations(try resolve(layer)) { _ in true }
        }
    }

    private func removeAnimations(_ slot: Int32, where match: (AttachedAnimation) -> Bool) {
        let a = Int(slots[head: Int(slot)].animIndex)
        guard a >= 0 else { return }
        var removed: [AttachedAnimation] = []
        animated[a].animations.removeAll { anim in
            guard match(anim) else { return false }
            removed.append(anim)
            return true
        }
        for anim in removed { animationEnded(anim, finished: false) }
        if animated[a].animations.isEmpty { removeAnimatedEntry(at: a) }
        // Removal takes effect at once: start values read before it are stale (R6).
        if !removed.isEmpty { screenSerial &+= 1 }
    }

    func attachment(_ key: String, _ slot: Int32) -> AttachedAnimation? {
        let a = slots[head: Int(slot)].animIndex
        guard a >= 0 else { return nil }
        return animated[Int(a)].animations.last { $0.key == key && $0.state != .pendingRemoval }
    }

    /// Timing introspection for the animation under `key` at `time` (engine time; the current
    /// time when nil), or nil when there is none.
    package func timingInfo(forKey key: String, of layer: LayerID, at time: Double? = nil) throws(LaminaError) -> AnimationTimingInfo? {
        if let time, !time.isFinite { throw LaminaError(.invalidArgument, "time must be finite") }
        return try lock.withLock { () throws(LaminaError) -> AnimationTimingInfo? in
            let slot = try resolve(layer)
            guard let anim = attachment(key, slot) else { return nil }
            var timing: MediaTiming
            if let e = anim.explicit {
                timing = e.animation.timing
            } else {
                timing = MediaTiming(beginTime: anim.beginTime, duration: anim.duration)
            }
            // Not begun until its commit, nor, for a hand-driven engine's commit between two
            // ticks, until the next tick gives it that tick's time (R2): a projection made before
            // then would change under the host.
            let committed = anim.state != .pending && !anim.awaitingTick
            if !committed { timing.beginTime = .infinity }
            let st = timing.state(atParentTime: localTime(slot, at: time ?? now))
            return AnimationTimingInfo(
                phase: st.phase, isContributing: committed && st.isContributing,
                currentIteration: st.currentIteration, iterationProgress: st.iterationProgress,
                activeDuration: st.activeDuration, endTime: timing.endTime,
                beginTime: committed ? timing.beginTime : nil)
        }
    }

    /// The transition running on a layer at `time`: its type, subtype and progress, and the
    /// layer's presentation from before the changes it transitions (CA-10.1–10.4), so that a
    /// renderer can composite old and new. Nil when no transition contributes.
    package func transition(of layer: LayerID, at time: Double? = nil) throws(LaminaError) -> (state: TransitionState, before: Presentation)? {
        if let time, !time.isFinite { throw LaminaError(.invalidArgument, "time must be finite") }
        return try lock.withLock { () throws(LaminaError) -> (state: TransitionState, before: Presentation)? in
            let slot = try resolve(layer)
            guard let (state, before) = runningTransition(slot, at: time ?? now) else { return nil }
            return (state, Presentation(properties: before, engine: self, kind: slots[Int(slot)].kind))
        }
    }

    /// The last-added transition contributing at engine time `time`, with the layer's values
    /// from before it. Lock held.
    func runningTransition(_ slot: Int32, at time: Double) -> (state: TransitionState, before: LayerProperties)? {
        let a = slots[head: Int(slot)].animIndex
        guard a >= 0 else { return nil }
        var local: Double? = nil
        for anim in animated[Int(a)].animations.reversed() where anim.state != .pending {
            guard let e = anim.explicit, case .transition(let spec) = e.animation.kind else { continue }
            if local == nil { local = localTime(slot, at: time) }
            let st = e.animation.timing.state(atParentTime: local!)
            guard st.isContributing else { continue }
            return (spec.state(atProgress: e.easedProgress(st)), e.transitionBefore ?? committedProperties(slot))
        }
        return nil
    }

    // MARK: - Layer time (CA-5.2, CA-5.11)

    /// The layer whose time `slot`'s time derives from: its superlayer, or for a mask (which has
    /// none) the layer it masks (R16.8: pausing a layer pauses its mask's animations too).
    /// -1 for a root. Lock held.
    @inline(__always)
    func timeParent(_ slot: Int32) -> Int32 {
        let p = slots[Int(slot)].parent
        if p >= 0 { return p }
        guard let host = slots[Int(slot)].extras?.maskHost, let h = try? resolve(host) else { return -1 }
        return h
    }

    /// A layer's local time for engine time `t`: each layer from the root down maps its
    /// superlayer's time with its committed beginTime, speed and timeOffset. Lock held.
    func localTime(_ slot: Int32, at t: Double) -> Double {
        guard timedLayers > 0 else { return t }
        // Iterative (R13): a chain may be 100k+ layers deep. Find the timed layers on the path
        // to the root (untimed ones map parent time to itself), then apply them root first.
        // Up to eight are kept on the stack on the way up (a Lottie scene has two or three:
        // its root, its frame space, a precomposition), so the common case walks once and
        // touches no array; more are collected again into the scratch buffer.
        let time: Double? = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 8) { found in
            var timed = 0
            var s = slot
            while s >= 0 {
                if slots[Int(s)].everTimed {
                    guard timed < 8 else { return nil }
                    found[timed] = s
                    timed += 1
                }
                s = timeParent(s)
            }
            var time = t
            var k = timed - 1
            while k >= 0 {
                time = layerLocalTime(found[k], parentTime: time)
                k -= 1
            }
            return time
        }
        if let time { return time }
        var path: [Int32] = []
        swap(&path, &timePathScratch)  // reuse the buffer: this runs per track per frame
        path.removeAll(keepingCapacity: true)
        var s = slot
        while s >= 0 {
            if slots[Int(s)].everTimed { path.append(s) }
            s = timeParent(s)
        }
        var deep = t
        for k in stride(from: path.count - 1, through: 0, by: -1) {
            deep = layerLocalTime(path[k], parentTime: deep)
        }
        swap(&path, &timePathScratch)
        return deep
    }

    /// ``localTime(_:at:)`` for a loop that asks for many layers' times at one engine time
    /// `t` (the tick's sampling): `memo` keeps recent layers' local times at `t`, so that the
    /// walk toward the root stops at the first layer it holds. Each call leaves the times of
    /// the layer and its nearest three ancestors there, so a sibling or cousin of a layer
    /// asked about (a Lottie scene's animated layers share groups and precompositions) costs
    /// a step or two, not a walk to the root. The same steps in the same order as the walk,
    /// so the same time, bit for bit. Lock held; the layers' timings and links must not
    /// change while `memo` is in use.
    func localTime(_ slot: Int32, at t: Double, memo: ParentTimeMemo) -> Double {
        guard timedLayers > 0 else { return t }
        // Scratch on the stack: the timed layers below the first remembered layer (or the
        // root), bottom first (8); the first four layers passed (4) with how many timed
        // layers lie below each (4); then the times below 0...8 of those timed layers (9).
        let result: Double? = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 16) { scratch in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 9) { times in
                let found = scratch.baseAddress!, near = found + 8, nearBelow = found + 12
                var timed: Int32 = 0
                var passed = 0
                var start = t
                var s = slot
                while s >= 0 {
                    let k = Int(s & 31)
                    if memo.layers[k] == s {
                        start = memo.times[k]
                        break
                    }
                    if passed < 4 {
                        near[passed] = s
                        nearBelow[passed] = timed
                        passed += 1
                    }
                    if slots[Int(s)].everTimed {
                        guard timed < 8 else { return nil }  // a deep chain: no memo
                        found[Int(timed)] = s
                        timed += 1
                    }
                    s = timeParent(s)
                }
                // times[c]: the time below the c lowest timed layers; times[timed], the start.
                times[Int(timed)] = start
                var c = Int(timed) - 1
                while c >= 0 {
                    times[c] = layerLocalTime(found[c], parentTime: times[c + 1])
                    c -= 1
                }
                for j in 0..<passed {
                    let k = Int(near[j] & 31)
                    memo.layers[k] = near[j]
                    memo.times[k] = times[Int(nearBelow[j])]
                }
                return times[0]
            }
        }
        return result ?? localTime(slot, at: t)
    }

    /// The committed values a layer's timing is read from: its snapshot while it has
    /// uncommitted changes, else its model (what ``layerLocalTime(_:parentTime:)`` has always
    /// read), by address. Lock held; valid until the slots or the pool grow.
    @inline(__always)
    func timingValues(_ slot: Int32) -> UnsafePointer<LayerProperties> {
        let snap = slots[Int(slot)].snapshot
        if snap >= 0 { return snapshotPool.pointer(Int(snap)) }
        return (UnsafeRawPointer(slots.pointer(Int(slot))) + modelOffset).assumingMemoryBound(to: LayerProperties.self)
    }

    /// One layer's step of the walk above: its parent's time to its own local time (CA-5.x).
    /// The single place a layer's own timing applies, so extending layer timing (duration,
    /// repeats, autoreverse) changes only this function. Lock held.
    @inline(__always)
    func layerLocalTime(_ slot: Int32, parentTime: Double) -> Double {
        // Read in place (`LayerProperties.layerTiming(_:)`): this runs per animated layer and
        // per timed ancestor on the per-frame path.
        let timing = LayerProperties.layerTiming(timingValues(slot))
        // Issue 8 item 7: the whole of CAMediaTiming (duration, repeats, autoreverse, fill),
        // not only stage 1; identical to stage 1 while the layer's duration is 0.
        return timing.layerLocalTime(forParentTime: parentTime)
    }

    /// Converts a time from one layer's time space to another's (CALayer.convertTime(_:from:));
    /// nil stands for engine (absolute) time.
    package func convertTime(_ t: Double, from: LayerID?, to: LayerID?) throws(LaminaError) -> Double {
        guard t.isFinite else { throw LaminaError(.invalidArgument, "time must be finite") }
        return try lock.withLock { () throws(LaminaError) -> Double in
            let fromChain = try timingChain(from)
            let toChain = try timingChain(to)
            return MediaTiming.convert(t, from: fromChain, to: toChain)
        }
    }

    /// The model timings from the root down to `layer` (empty for nil). Model values, as
    /// CALayer's convertTime reads them: QA1673's resume step converts right after setting
    /// speed, timeOffset and beginTime in the same transaction (CA-5.12).
    private func timingChain(_ layer: LayerID?) throws(LaminaError) -> [MediaTiming] {
        guard let layer else { return [] }
        var slot = try resolve(layer)
        var chain: [MediaTiming] = []
        while slot >= 0 {
            chain.append(slots[Int(slot)].model.layerTiming)
            slot = timeParent(slot)
        }
        return chain.reversed()
    }
}

/// A snapshot of a layer's presentation values.
public struct Presentation: Sendable {
    let properties: LayerProperties
    let customDefaults: [PropertyInfo]
    let customByName: [String: PropertyID]

    /// The layer's kind: another kind's properties read as nil.
    let kind: LayerKind

    /// Where the snapshot was taken (its engine, layer and engine time), for
    /// ``velocity(for:)``; nil for a snapshot of no single layer and time (R17.1).
    var source: (engine: Engine, layer: LayerID, time: Double)? = nil

    init(properties: LayerProperties, engine: Engine, kind: LayerKind) {
        self.properties = properties
        customDefaults = engine.customProperties
        customByName = engine.customByName
        self.kind = kind
    }

    /// A property's value in this snapshot (key paths into structs included), or nil for an
    /// unknown key or another kind's property (a shape layer's `path` on a plain layer).
    public func value(forKeyPath keyPath: String) -> Value? {
        let dot = keyPath.utf8.firstIndex(of: UInt8(ascii: "."))
        let head = String(keyPath[..<(dot ?? keyPath.endIndex)])
        let id: PropertyID
        let info: PropertyInfo
        if let b = Builtins.byName[head] {
            id = b
            info = Builtins.table[Int(b.rawValue)]
            if id.isKindSpecific, info.kind != kind { return nil }  // another kind's property
        } else if let c = customByName[head] {
            id = c
            info = customDefaults[Int(c.rawValue - PropertyID.customBase)]
        } else {
            return nil
        }
        let whole = properties.get(id, customDefault: info.defaultValue)
        guard let dot else { return whole }
        guard let component = KeyComponent.parse(keyPath[keyPath.index(after: dot)...], for: info.type) else { return nil }
        return component.extract(from: whole)
    }

    /// The bounds.
    public var bounds: Rect { properties.bounds }
    /// The position.
    public var position: Point { properties.position }
    /// The opacity.
    public var opacity: Double { properties.opacity }
    /// The background colour.
    public var backgroundColor: Color? { properties.backgroundColor }
    /// The transform.
    public var transform: Transform3D { properties.rare.transform }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
