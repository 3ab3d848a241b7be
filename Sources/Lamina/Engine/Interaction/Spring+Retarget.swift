// SPDX-License-Identifier: Apache-2.0
// Springs that retarget (R17.5, R17.6 in docs/semantics.md): a transaction that asks for a
// spring makes each implicit change of a numeric property a spring from the presentation value
// to the new value that also starts with the presentation velocity, both read when the spring
// begins — by the same hand-off machinery that reads the start value (Engine+Handoff.swift, R6).

extension SpringParameters {
    /// Checks that the spring is usable for an animation (R17.8): finite mass and stiffness
    /// above 0, finite damping ≥ 0, a finite initial velocity, and a finite, positive settling
    /// duration (an undamped spring, bounce 1, never settles).
    package func validated() throws(LaminaError) -> SpringParameters {
        guard mass.isFinite, mass > 0 else { throw LaminaError(.invalidArgument, "spring mass must be finite and > 0, got \(mass)") }
        guard stiffness.isFinite, stiffness > 0 else {
            throw LaminaError(.invalidArgument, "spring stiffness must be finite and > 0, got \(stiffness)")
        }
        guard damping.isFinite, damping >= 0 else {
            throw LaminaError(.invalidArgument, "spring damping must be finite and >= 0, got \(damping)")
        }
        guard initialVelocity.isFinite else {
            throw LaminaError(.invalidArgument, "spring initial velocity must be finite, got \(initialVelocity)")
        }
        let settling = settlingDuration
        guard settling.isFinite, settling > 0 else {
            throw LaminaError(.invalidArgument, "an undamped spring never settles (damping 0, or bounce >= 1)")
        }
        return self
    }

    /// The spring for a perceptual duration and bounce (R17.5), checked: duration finite and
    /// > 0, bounce finite and in (−1, 1). Lamina's spelling of SwiftUI's `spring(duration:bounce:)`.
    ///
    /// - Throws: `invalidArgument` for a duration or bounce outside those ranges.
    public static func perceptual(duration: Double, bounce: Double = 0) throws(LaminaError) -> SpringParameters {
        guard duration.isFinite, duration > 0 else {
            throw LaminaError(.invalidArgument, "spring duration must be finite and > 0, got \(duration)")
        }
        guard bounce.isFinite, bounce > -1, bounce < 1 else {
            throw LaminaError(.invalidArgument, "spring bounce must be in (-1, 1), got \(bounce)")
        }
        return SpringParameters(perceptualDuration: duration, bounce: bounce)
    }
}

extension Transaction {
    /// The spring in effect for implicit animations (R17.6), or nil (the default): then they
    /// follow the duration and timing function. Setting nil in a nested transaction hides an
    /// outer one. Changes of numeric properties (numbers, points, sizes, rects, colours) become
    /// springs that start from the presentation value and velocity; others keep the curve.
    public var spring: SpringParameters? {
        engine.lock.withLock { engine.stack().spring }
    }

    /// Sets the innermost transaction's spring (nil: none; R17.6).
    ///
    /// - Throws: `invalidArgument` for a spring that cannot animate a change (R17.5): mass or
    ///   stiffness not finite and positive, damping negative or not finite, a non-finite
    ///   initial velocity, or a spring that never settles.
    public func setSpring(_ spring: SpringParameters?) throws(LaminaError) {
        let checked = try spring?.validated()
        engine.lock.withLock {
            let s = engine.stack()
            s.ensureOpen()
            s.frames[s.frames.count - 1].spring = .some(checked)
        }
    }
}

extension Engine {
    /// Runs `changes` in a transaction whose implicit animations are `spring`s that start from
    /// the presentation value and velocity (R17.6), and commits it, also when `changes` throws.
    ///
    /// ```swift
    /// try engine.animate(spring: .perceptual(duration: 0.5, bounce: 0.2)) {
    ///     card.position = Point(x: 300, y: 200)   // retargets a running spring smoothly
    /// }
    /// ```
    public func animate<R>(spring: SpringParameters, _ changes: () throws -> R) throws -> R {
        try transaction.begin()
        do {
            try transaction.setSpring(spring)
            let r = try changes()
            try transaction.commit()
            return r
        } catch {
            try? transaction.commit()
            throw error
        }
    }

    /// Attaches an implicit change of `property` as a spring from `from` to `to` (R17.6) under
    /// the property's name, taking the presentation velocity now (re-read with the start value
    /// when it begins, `resolveSpringVelocity`). False when the values are not numeric: the
    /// caller then attaches the curve-timed animation. With a `component` (a filter input,
    /// R19.4) `from` and `to` are the component's values and the spring animates and is
    /// stored under the component's key path. A transaction's spring on a whole property
    /// (no delay, no delegate) joins the transaction's spring group (TimingGroups.swift, issue
    /// 27: no explicit state per layer); the others are explicit animations. Lock held.
    func attachImplicitSpring(
        _ slot: Int32, _ property: PropertyID, _ info: PropertyInfo, from: Value, to: Value,
        spring: SpringParameters, in s: TransactionStack, delay: Double = 0, delegate: AnimationDelegate? = nil,
        component: KeyComponent = .whole
    ) -> Bool {
        guard let f = from.vector, let t = to.vector, from.type == to.type else { return false }
        if component == .whole, delay == 0, delegate == nil {
            attachGroupSpring(slot, property, type: to.type, from: f, to: t, spring: spring, in: s)
            return true
        }
        let key = ResolvedKey(property: property, component: component)
        let keyPath = component == .whole ? info.name : "\(info.name).\(component.keyPathSuffix)"
        let inherited = springStartVelocity(slot, key, at: now)
        var params = spring
        let own = params.initialVelocity
        params.initialVelocity = 0
        let memo = springMemo(for: params)
        var anim = Animation.spring(
            keyPath: keyPath, from: from, to: to, parameters: params, duration: memo.settlingDuration)
        // A delayed spring block holds its start value through the delay (R17.22).
        anim.timing.fillMode = delay > 0 ? .backwards : .removed
        anim.delegate = delegate
        let e: ExplicitState
        do {
            e = try addAnimationLocked(
                anim, forKey: keyPath, slot: slot, in: s, commitDelay: delay > 0 ? delay : nil, fromAtBegin: true,
                resolvedKey: key, springSolution: memo.solution)
        } catch {
            return false
        }
        e.inheritsVelocity = true
        e.ownInitialVelocity = own
        e.springUnit = memo.unit
        setSpringVelocity(e, inherited: inherited)
        return true
    }

    /// A transaction spring's change of a whole numeric property as a member of the
    /// transaction's spring group (R17.6): from the presentation value `f` to `t`, with the
    /// presentation velocity now plus the spring's own initial velocity times the distance (both
    /// read again with the start value when it begins, `resolveSpringVelocity`). Out of line:
    /// the curve's change shares its caller (`setImplicit`) and must not pay for it. Lock held.
    @inline(never)
    func attachGroupSpring(
        _ slot: Int32, _ property: PropertyID, type: ValueType, from f: SIMD4<Double>, to t: SIMD4<Double>,
        spring: SpringParameters, in s: TransactionStack
    ) {
        let inherited = springStartVelocity(slot, .whole(property), at: now)
        var params = spring
        let own = params.initialVelocity
        params.initialVelocity = 0
        let memo = springMemo(for: params)
        attachImplicitSpringMember(
            key: info(of: property).name, target: property, type: type, from: f, to: t,
            velocity: inherited + (t - f) * own, spring: memo, ownVelocity: own, to: slot, in: s)
    }

    /// `params`' solved motion, its motion for a unit initial velocity and its settling
    /// duration, kept for the next layer of the same transaction (solving them was about 3 % of a
    /// retarget). Lock held.
    func springMemo(for params: SpringParameters) -> SpringMemo {
        if let m = springMemo, m.params == params { return m }
        var unit = params
        unit.initialVelocity = 1
        let m = SpringMemo(
            params: params, solution: params.solution, unit: unit.solution,
            settlingDuration: params.settlingDuration)
        springMemo = m
        return m
    }

    /// The presentation velocity of a whole property per layer time, or zero where it has none
    /// (an animation whose velocity is not defined drives it: R17.4). Lock held.
    func springStartVelocity(_ slot: Int32, _ key: ResolvedKey, at time: Double) -> SIMD4<Double> {
        if key.component == .whole, timedLayers == 0, let v = implicitStartVelocity(slot, key.property, at: time) {
            return v
        }
        let v = try? presentationVelocity(slot, key, at: time, perLocalTime: true)
        return v?.vector ?? .zero
    }

    /// `springStartVelocity`'s common case without the general fold (issue 27: it was a fifth of
    /// a spring retarget): a whole property of a layer on engine time driven by implicit
    /// animations only. They are not additive, so the last one active decides (as in the fold);
    /// one that waits for its tick holds still (R2). Nil when the general path must answer:
    /// an explicit animation or a general-path one drives the property. Lock held.
    private func implicitStartVelocity(_ slot: Int32, _ property: PropertyID, at time: Double) -> SIMD4<Double>? {
        guard slots[head: Int(slot)].everCommitted else { return nil }
        let a = Int(slots[head: Int(slot)].animIndex)
        guard a >= 0 else { return .zero }
        return animated[a].animations.withUnsafeMutableBufferPointer { buf -> SIMD4<Double>? in
            guard let first = buf.baseAddress else { return .zero }
            var k = buf.count
            while k > 0 {
                k -= 1
                let r = first + k
                guard r.pointee.state != .pending else { continue }
                if let e = AttachedAnimation.explicit(r) {
                    if e.touches(property) { return nil }
                    continue
                }
                guard r.pointee.target == property else { continue }
                if r.pointee.awaitingTick { return .zero }
                guard r.pointee.track >= 0 else { return nil }
                if r.pointee.curve == TimingGroup.springCurve {
                    if let v = springMemberVelocity(r.pointee.track, r.pointee.member, at: time) { return v }
                    continue  // not active at `time`: the one beneath decides
                }
                // A curve's member: (to − from)·curve′(x)/duration while active.
                let v = groups.withUnsafeBufferPointer { gs -> SIMD4<Double>? in
                    let g = Int(r.pointee.track)
                    let begin = gs[g].begin, duration = gs[g].duration
                    guard gs[g].stamped, time >= begin, time < begin + duration else { return nil }
                    let slope = curves[Int(gs[g].curve)].slope(at: min((time - begin) / duration, 1)) / duration
                    let lane = Int(gs[g].members[Int(r.pointee.member)].lane)
                    var v = SIMD4<Double>.zero
                    for c in 0..<Int(gs[g].members[Int(r.pointee.member)].width) {
                        v[c] = (gs[g].to[lane + c] - gs[g].from[lane + c]) * slope
                    }
                    return v
                }
                if let v { return v }
            }
            return .zero
        }
    }

    /// V = the inherited velocity plus the spring's own initial velocity times its distance
    /// (R17.6), from the start value as resolved so far.
    func setSpringVelocity(_ e: ExplicitState, inherited: SIMD4<Double>) {
        guard let from = e.animation.fromValue?.vector, let to = e.animation.toValue?.vector else { return }
        e.springVelocity = inherited + (to - from) * e.ownInitialVelocity
    }

    /// With a start value just read for record `k` of `animated[a]` at engine time `now`
    /// (`resolveStartValues`): a spring that inherits the velocity reads it at the same moment
    /// from the same animations (R17.6). Lock held.
    func resolveSpringVelocity(ofRecord k: Int, at a: Int) {
        // Read in place: this runs for every start value re-read at a commit (R6); an implicit
        // record has no explicit state, and copying it would retain its key.
        let (track, member, target) = animated[a].animations.withUnsafeMutableBufferPointer {
            ($0[k].track, $0[k].member, $0[k].target)
        }
        if track >= 0 {
            guard isSpringGroup(track) else { return }  // a curve has no velocity to inherit
            setSpringMemberVelocity(
                track, member, inherited: springStartVelocity(animated[a].slot, .whole(target), at: now))
            return
        }
        guard let e = animated[a].animations.withUnsafeMutableBufferPointer({ $0[k].explicit }),
              e.inheritsVelocity, let target = e.target else { return }
        setSpringVelocity(e, inherited: springStartVelocity(animated[a].slot, target, at: now))
    }

    /// The hand-off's counterpart (`resolveHandoff`): the velocity at layer time `time` of the
    /// animations the start value was read from — the replaced ones of the hand-off blocks in
    /// `chain` (oldest first, read in place: no copy per layer), then the
    /// records before `k` that are not pending, skipping those that wait to begin from the
    /// screen — over a committed value that is constant in time. Lock held.
    func resolveHandoffSpringVelocity(
        ofRecord k: Int, at a: Int, time: Double, chain: [Int32]
    ) {
        let (track, member, property, e) = animated[a].animations.withUnsafeMutableBufferPointer {
            ($0[k].track, $0[k].member, $0[k].target, $0[k].explicit)
        }
        let target: ResolvedKey
        if let e {
            guard e.inheritsVelocity, let t = e.target else { return }
            target = t
        } else {
            guard track >= 0, isSpringGroup(track) else { return }
            target = .whole(property)
        }
        let slot = animated[a].slot
        guard var fold = try? velocityFold(for: target) else { return }
        do {
            for b in chain {
                for i in handoffBlocks[Int(b)].replaced {
                    let r = handoffReplaced[i]
                    guard !(r.awaitingTick && Self.startsFromScreen(r)) else { continue }
                    try foldVelocity(of: r, slot: slot, at: time, into: &fold)
                }
            }
            for j in 0..<k {
                let r = animated[a].animations[j]
                guard r.state != .pending, !(r.awaitingTick && Self.startsFromScreen(r)) else { continue }
                try foldVelocity(of: r, slot: slot, at: time, into: &fold)
            }
        } catch {
            fold.v = .zero  // no velocity defined: the spring starts from rest (R17.4)
        }
        let inherited = velocityValue(fold, key: target, scale: 1).vector ?? .zero
        if let e { setSpringVelocity(e, inherited: inherited) } else { setSpringMemberVelocity(track, member, inherited: inherited) }
    }
}

/// A transaction spring's solved motions (``Engine/springMemo(for:)``).
struct SpringMemo {
    let params: SpringParameters
    let solution: SpringSolution
    let unit: SpringSolution
    let settlingDuration: Double
}
