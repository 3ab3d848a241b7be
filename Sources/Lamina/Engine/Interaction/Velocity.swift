// SPDX-License-Identifier: Apache-2.0
// Presentation velocity (R17.1–R17.4 in docs/semantics.md): the time derivative of a
// presentation value, computed analytically by the chain rule through the same steps that make
// the value — layer time, media timing, timing curve or spring, keyframes, the additive stack —
// so it is exact wherever the value is differentiable. Nothing here runs on the per-frame path:
// a velocity is computed only when asked for.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TimingFunction {
    /// dy/dx of the curve at `x` (R17.2): By′(s)/Bx′(s) at the curve parameter `s` solved for
    /// `x`. At an end where Bx′ vanishes (a control point on the end's x) the one-sided limit,
    /// the ratio of the second derivatives. Outside (0, 1) the slope at the nearest end.
    package func slope(at x: Double) -> Double {
        if isLinear { return 1 }
        let s: Double
        if !(x > 0) {
            s = 0
        } else if x >= 1 {
            s = 1
        } else {
            s = solveParameter(forX: x)
        }
        let dx = slopeX(s)
        let dy = slopeY(s)
        if abs(dx) > 1e-9 { return dy / dx }
        // Both first derivatives vanish at an end: l'Hôpital with the second derivatives.
        let ddx = 6 * ax * s + 2 * bx
        let ddy = 6 * ay * s + 2 * by
        if abs(ddx) > 1e-12 { return ddy / ddx }
        return dx == 0 && dy == 0 ? 0 : dy / max(dx, 1e-9)
    }
}

extension MediaTiming {
    /// d(iteration progress)/d(parent time) at parent time `t` (R17.3): ±|speed|/duration while
    /// active — negative while playing backwards (negative speed or the back half of an
    /// autoreversing cycle) — and 0 while held by a fill, frozen (speed 0) or not contributing.
    package func progressRate(atParentTime t: Double, _ st: TimingState) -> Double {
        guard st.phase == .active, duration > 0, speed != 0, !speed.isNaN else { return 0 }
        let ad = st.activeDuration
        let elapsed = (t - beginTime) * abs(speed)
        var direction: Double
        var position: Double
        var endOfCycle: Bool
        if speed > 0 {
            guard elapsed < ad else { return 0 }  // rounding holds the end sample
            (direction, position, endOfCycle) = (1, elapsed, false)
        } else if ad.isFinite {
            (direction, position, endOfCycle) = (-1, ad - elapsed, true)
            guard elapsed > 0, position > 0 else { return 0 }
        } else {
            (direction, position, endOfCycle) = (-1, -elapsed, true)
        }
        if autoreverses {
            let wrapped = wrap(position + timeOffset, endOfCycle: endOfCycle)
            if wrapped.u > duration { direction = -direction }  // the mirrored half
        }
        return direction * abs(speed) / duration
    }
}

extension KeyframeEvaluator {
    /// d(value)/d(progress) at progress `p`, as a value's components (`Value.vector`), or nil
    /// when the keyframes are not numeric (R17.2): the segment's chord (linear, paced) or the
    /// Hermite spline's tangent (cubic) over the segment's length in progress, times the
    /// segment's timing-function slope; for cubicPaced the tangent divided by the spline's
    /// speed and scaled by its whole arc length. Discrete and single keyframes: zero.
    package func derivative(atProgress p: Double) -> SIMD4<Double>? {
        let p = KeyframeTiming.clampedProgress(p)
        switch plan {
        case .empty:
            return nil
        case .constant(let v):
            return v.vector == nil && v != .null ? nil : .zero
        case .discrete:
            return .zero
        case .linear(let values, let functions):
            let (i, local) = KeyframeTiming.segment(at: p, times: keyTimes)
            let h = keyTimes[i + 1] - keyTimes[i]
            guard h > 0 else { return .zero }
            guard let a = values[i].vector, let b = values[i + 1].vector else {
                return values[i] == .null || values[i + 1] == .null ? .zero : nil
            }
            let slope = functions.map { $0[i].slope(at: local) } ?? 1
            return (b - a) * (slope / h)
        case .cubic(let spline, let functions):
            let (i, local) = KeyframeTiming.segment(at: p, times: keyTimes)
            let h = keyTimes[i + 1] - keyTimes[i]
            guard h > 0 else { return .zero }
            let eased = functions.map { $0[i].progress(at: local) } ?? local
            let slope = functions.map { $0[i].slope(at: local) } ?? 1
            return spline.tangent(segment: i, parameter: eased) * (slope / h)
        case .cubicPaced(let spline, let cumulative):
            let total = cumulative[cumulative.count - 1]
            let found = KeyframeTiming.locateArcLength(
                p * total, cumulative: cumulative, samplesPerSegment: KeyframeEvaluator.arcLengthSamplesPerSegment)
            let s = KeyframeArcLength.solve(
                a: found.a, b: found.b, remaining: found.remaining, intervalLength: found.intervalLength
            ) { spline.speed(segment: found.segment, parameter: $0) }
            let speed = spline.speed(segment: found.segment, parameter: s)
            guard speed > 0, speed.isFinite else { return .zero }
            // ds/dp = total / |dC/ds|: the arc length runs linearly with progress.
            return spline.tangent(segment: found.segment, parameter: s) * (total / speed)
        }
    }
}

extension KeyframeSpline {
    /// dC/ds of segment `i` at parameter `s`: the derivative of ``components(segment:parameter:)``.
    func tangent(segment i: Int, parameter s: Double) -> SIMD4<Double> {
        let s2 = s * s
        let d00 = 6 * s2 - 6 * s
        let d10 = 3 * s2 - 4 * s + 1
        let d01 = -d00
        let d11 = 3 * s2 - 2 * s
        return d00 * points[i] + d10 * outgoing[i] + d01 * points[i + 1] + d11 * incoming[i + 1]
    }
}

extension KeyComponent {
    /// The lanes (first, count) this component occupies in its whole value's components
    /// (`Value.vector`), or nil for a component of a transform, which has no lanes.
    var velocityLanes: (first: Int, count: Int)? {
        switch self {
        case .whole: return (0, 4)
        case .x, .width, .originX: return (0, 1)
        case .y, .height, .originY: return (1, 1)
        case .origin: return (0, 2)
        case .size: return (2, 2)
        case .sizeWidth: return (2, 1)
        case .sizeHeight: return (3, 1)
        default: return nil
        }
    }
}

extension FilterInputKey {
    /// This input's components in two whole filter arrays an animation interpolates, or nils
    /// when they switch discretely instead (different types or names, R19.4; R9) or either
    /// lacks the input: then the value holds still between switches.
    func velocityEnds(_ from: Value, _ to: Value) -> (SIMD4<Double>?, SIMD4<Double>?) {
        guard case .filterArray(let a) = from, case .filterArray(let b) = to, a.interpolates(to: b),
              let i = index(in: a), let x = a[i].value(of: input)?.vector, let y = b[i].value(of: input)?.vector
        else { return (nil, nil) }
        return (x, y)
    }
}

extension KeyComponent {
    /// Whether two different transform components share a part: `scale` and its axes,
    /// `translation` and its x and y.
    func overlaps(_ other: KeyComponent) -> Bool {
        func family(_ c: KeyComponent) -> Int {
            switch c {
            case .scale, .scaleX, .scaleY, .scaleZ: return 1
            case .translation, .translationX, .translationY: return 2
            default: return 0
            }
        }
        let f = family(self)
        return f != 0 && f == family(other) && (self == .scale || self == .translation || other == .scale || other == .translation)
    }
}

/// Why a velocity cannot be computed (R17.1): the message of the error the caller throws.
struct VelocityUnsupported: Error {
    let message: String
}

/// The velocity being folded through a layer's animations for one queried key (R17.1): the
/// whole property's components for a number, point, size, rect or colour; for a transform, the
/// queried component's (a transform has a velocity only by its decomposed parts, R17.4).
struct VelocityFold {
    let property: PropertyID
    /// For a transform: the queried component (whole transforms have no velocity).
    let transformComponent: KeyComponent?
    /// For a filter array: the queried filter input, a number or a colour (R19.4); `v` holds
    /// the input's components.
    var filterInput: FilterInputKey? = nil
    var v = SIMD4<Double>.zero

    /// Writes an animation's own velocity `own` (in its target component's lanes) over the
    /// velocity beneath, or adds it to it when the animation is additive (CA-7.3).
    mutating func apply(_ own: SIMD4<Double>, component: KeyComponent, additive: Bool) throws(VelocityUnsupported) {
        if let fk = filterInput {
            switch component {
            case .filterInput(let k):
                // Another input's animation sets that input alone and keeps this one.
                guard k == fk else { return }
            case .whole:
                break  // a whole-array animation: the caller gave this input's velocity
            default:
                return
            }
            v = additive ? v + own : own
            return
        }
        if let tc = transformComponent {
            guard component != .whole else {
                throw VelocityUnsupported(message: "a whole-transform animation has no velocity by parts; animate components such as 'transform.rotation.z' to read one")
            }
            // Another component's animation sets that part alone and keeps this one (CA-7.6).
            guard component == tc else {
                guard !component.overlaps(tc) else {
                    throw VelocityUnsupported(message: "an animation of an overlapping transform component drives this transform")
                }
                return
            }
            v = additive ? v + own : own
            return
        }
        guard let (first, count) = component.velocityLanes else {
            throw VelocityUnsupported(message: "this component has no velocity")
        }
        for c in 0..<count {
            v[first + c] = additive ? v[first + c] + own[c] : own[c]
        }
    }
}

extension ExplicitState {
    /// Folds this animation's velocity at `parentTime` (its layer's local time) into `fold`;
    /// `rate` is d(parentTime)/d(engine time) (R17.3). Mirrors ``contribute(at:into:model:)``
    /// step by step. `model` is the layer's committed values (CA-7.2's underlying model value).
    func foldVelocity(
        at parentTime: Double, rate: Double, into fold: inout VelocityFold, model: () -> LayerProperties
    ) throws(VelocityUnsupported) {
        let st = animation.timing.state(atParentTime: parentTime)
        guard st.isContributing else { return }
        let dx = animation.timing.progressRate(atParentTime: parentTime, st) * rate
        let duration = animation.timing.duration
        let x = st.iterationProgress
        // y: eased progress; dy: dy/d(engine time). Computed where a branch needs them: a
        // retargeted spring and a decay do not (they differentiate their own motion).
        func eased() -> (y: Double, dy: Double) {
            if let spring {
                return (spring.progress(at: x * duration), spring.velocity(at: x * duration) * duration * dx)
            } else if let tf = animation.timingFunction {
                return (tf.progress(at: x), dx == 0 ? 0 : tf.slope(at: x) * dx)
            }
            return (x, dx)
        }
        switch animation.kind {
        case .group:
            let (y, dy) = eased()
            for child in children {
                try child.foldVelocity(at: y * duration, rate: dy * duration, into: &fold, model: model)
            }
        case .transition:
            return
        case .basic, .spring:
            guard let target, target.property == fold.property, let info = targetInfo else { return }
            if animation.valueFunction != nil {
                throw VelocityUnsupported(message: "an animation with a value function drives this property")
            }
            let own: SIMD4<Double>
            if let d = animation.decay {
                guard let v = d.velocity.vector else { return }
                let k = 1000 * log(d.decelerationRate)
                own = v * (exp(k * x * duration) * duration * dx)
            } else if let v0 = springVelocity, let spring, let unit = springUnit,
               let from = animation.fromValue?.vector, let to = animation.toValue?.vector {
                // A retargeted spring (R17.6): to + (from − to)·X(τ) + V·G(τ).
                let tau = x * duration
                let dTau = duration * dx
                let dX = spring.displacementVelocity(at: tau)
                let dG = dX - unit.displacementVelocity(at: tau)
                own = ((from - to) * dX + v0 * dG) * dTau
            } else {
                let modelValue = target.component.extract(from: model().get(target.property, customDefault: info.defaultValue))
                let ends: (from: Value, to: Value)?
                if animation.fromValue == nil, animation.toValue == nil, animation.byValue == nil {
                    ends = capturedFrom.map { ($0, modelValue) }
                } else {
                    ends = BasicEndpoints.resolve(
                        from: animation.fromValue, to: animation.toValue, by: animation.byValue,
                        underlying: modelValue)
                }
                guard let ends else { return }
                // A whole filter array's animation: the queried input's ends (R19.4).
                let whole = target.component == .whole ? fold.filterInput : nil
                let (a, b) = whole.map { $0.velocityEnds(ends.from, ends.to) } ?? (ends.from.vector, ends.to.vector)
                guard let a, let b else {
                    // Discrete values (nil colours) hold still between their switches (R9).
                    if ends.from.type == .transform || ends.to.type == .transform {
                        throw VelocityUnsupported(message: "a whole-transform animation has no velocity by parts")
                    }
                    try fold.apply(.zero, component: target.component, additive: false)
                    return
                }
                own = (b - a) * eased().dy
            }
            try fold.apply(own, component: target.component, additive: animation.isAdditive)
        case .keyframe:
            guard let target, target.property == fold.property else { return }
            // Another filter input's keyframes (a vector's, say) keep the queried input.
            if let fk = fold.filterInput, case .filterInput(let k) = target.component, k != fk { return }
            if animation.valueFunction != nil {
                throw VelocityUnsupported(message: "an animation with a value function drives this property")
            }
            if path != nil {
                throw VelocityUnsupported(message: "a keyframe path animation drives this property")
            }
            guard let keyframes else { return }
            let (y, dy) = eased()
            guard let d = keyframes.derivative(atProgress: y) else {
                if fold.filterInput != nil {
                    throw VelocityUnsupported(message: "keyframes of the whole filter array drive this input; animate the input's key path instead")
                }
                throw VelocityUnsupported(message: "non-numeric keyframes drive this property")
            }
            try fold.apply(d * dy, component: target.component, additive: animation.isAdditive)
        }
    }
}

extension Engine {
    /// A layer's local time for engine time `t` and its rate d(local)/dt (R17.3): the product
    /// of each timed ancestor's rate — its speed, negated in the back half of an autoreversing
    /// layer cycle, 0 while its fill holds or it is paused. Lock held.
    func localTimeAndRate(_ slot: Int32, at t: Double) -> (local: Double, rate: Double) {
        guard timedLayers > 0 else { return (t, 1) }
        var path: [Int32] = []
        var s = slot
        while s >= 0 {
            if slots[Int(s)].everTimed { path.append(s) }
            s = slots[Int(s)].parent
        }
        var time = t
        var rate = 1.0
        for k in stride(from: path.count - 1, through: 0, by: -1) {
            let snap = slots[Int(path[k])].snapshot
            let timing = snap < 0 ? slots[Int(path[k])].model.layerTiming : snapshotPool[Int(snap)].layerTiming
            if timing.duration > 0 {
                let st = timing.state(atParentTime: time)
                rate *= st.isContributing ? timing.progressRate(atParentTime: time, st) * timing.duration : 0
            } else {
                rate *= timing.speed.isNaN ? 0 : timing.speed
            }
            time = timing.layerLocalTime(forParentTime: time)
        }
        return (time, rate)
    }

    /// The presentation velocity of `key` of `slot` at engine time `time` (R17.1), or nil if the
    /// layer was never committed. `perLocalTime` answers d/d(layer time) instead of d/d(engine
    /// time): what a spring that inherits the velocity needs (its time is the layer's). Every
    /// evaluated animation counts, as in the presentation. Lock held.
    func presentationVelocity(
        _ slot: Int32, _ key: ResolvedKey, at time: Double, perLocalTime: Bool = false
    ) throws(LaminaError) -> Value? {
        guard slots[head: Int(slot)].everCommitted else { return nil }
        var fold = try velocityFold(for: key)
        let (local, rate) = localTimeAndRate(slot, at: time)
        let a = Int(slots[head: Int(slot)].animIndex)
        if a >= 0 {
            // In place (AnimationList's subscript returns copies, which retain).
            var failure: VelocityUnsupported? = nil
            animated[a].animations.withUnsafeMutableBufferPointer { buf in
                for k in buf.indices where buf[k].isEvaluated {
                    do throws(VelocityUnsupported) {
                        try foldVelocity(of: buf[k], slot: slot, at: local, into: &fold)
                    } catch {
                        failure = error
                        return
                    }
                }
            }
            if let failure {
                throw LaminaError(.misuse, "no velocity for '\(info(of: key.property).name)': \(failure.message)")
            }
        }
        return velocityValue(fold, key: key, scale: perLocalTime ? 1 : rate)
    }

    /// An empty fold for `key`, or typeMismatch for a key without a velocity. Lock held.
    func velocityFold(for key: ResolvedKey) throws(LaminaError) -> VelocityFold {
        let info = info(of: key.property)
        switch info.type {
        case .number, .point, .size, .rect, .color:
            return VelocityFold(property: key.property, transformComponent: nil)
        case .filterArray:
            // R19.4: a filter array has a velocity only by its numeric and colour inputs.
            guard case .filterInput(let k) = key.component else {
                throw LaminaError(.typeMismatch, "'\(info.name)' is a filter array, which has no velocity as a whole: ask for one filter input's, '\(info.name).<name>.<input>' such as '\(info.name).blur.inputRadius'")
            }
            guard k.input.valueType == .number || k.input.valueType == .color else {
                throw LaminaError(.typeMismatch, "'\(info.name).\(k.name).\(k.input.name)' is a four-number vector, which has no velocity (numeric and colour filter inputs do)")
            }
            return VelocityFold(property: key.property, transformComponent: nil, filterInput: k)
        case .transform:
            guard key.component != .whole else {
                throw LaminaError(.typeMismatch, "'transform' has a velocity only by its decomposed parts: ask for 'transform.rotation.z', 'transform.scale.x', 'transform.translation.x' and the like")
            }
            return VelocityFold(property: key.property, transformComponent: key.component)
        default:
            throw LaminaError(.typeMismatch, "'\(info.name)' is a \(info.type) property, which has no velocity (numbers, points, sizes, rects, colours and transform components do)")
        }
    }

    /// The fold's velocity as a value of the queried key's type, times `scale`. Lock held.
    func velocityValue(_ fold: VelocityFold, key: ResolvedKey, scale: Double) -> Value {
        let v = fold.v * scale
        let info = info(of: key.property)
        if fold.transformComponent != nil { return Value.fromVector(v, as: key.component.valueType(in: .transform)) }
        if let fk = fold.filterInput { return Value.fromVector(v, as: fk.input.valueType) }
        let whole = Value.fromVector(v, as: info.type)
        return key.component == .whole ? whole : key.component.extract(from: whole)
    }

    /// Folds one attached animation's velocity at `local` (its layer's time) into `fold`, with
    /// rate 1 (per layer time). Lock held.
    func foldVelocity(
        of r: AttachedAnimation, slot: Int32, at local: Double, into fold: inout VelocityFold
    ) throws(VelocityUnsupported) {
        if let e = r.explicit {
            // Waiting for the next tick to begin from the screen: it holds its start value.
            if r.awaitingTick, Self.startsFromScreen(r) {
                if let target = e.target, target.property == fold.property {
                    try fold.apply(.zero, component: target.component, additive: e.animation.isAdditive)
                }
                return
            }
            try e.foldVelocity(at: local, rate: 1, into: &fold, model: { committedProperties(slot) })
            return
        }
        guard r.target == fold.property else { return }
        if fold.transformComponent != nil {
            // An implicit transform animation interpolates whole matrices.
            if r.linearProgress(at: local) != nil || r.track >= 0 {
                throw VelocityUnsupported(message: "an implicit whole-transform animation drives this transform")
            }
            return
        }
        if r.awaitingTick {
            fold.v = .zero  // holds its start value until its tick begins it (R2)
            return
        }
        if r.track >= 0, r.curve == TimingGroup.springCurve {
            // A spring group's member (R17.6): (from − to)·X′(τ) + V·G′(τ).
            if let own = springMemberVelocity(r.track, r.member, at: local) { fold.v = own }
            return
        }
        if r.track >= 0 {
            // The group's fields read in place (a copy of the group would retain its lanes).
            let own: SIMD4<Double>? = groups.withUnsafeBufferPointer { gs -> SIMD4<Double>? in
                let g = Int(r.track)
                let begin = gs[g].begin, duration = gs[g].duration
                guard gs[g].stamped, local >= begin, local < begin + duration else { return nil }
                let x = min((local - begin) / duration, 1)
                let slope = curves[Int(gs[g].curve)].slope(at: x) / duration
                let lane0 = Int(gs[g].members[Int(r.member)].lane)
                let width = Int(gs[g].members[Int(r.member)].width)
                var v = SIMD4<Double>.zero
                for c in 0..<width {
                    v[c] = (gs[g].to[lane0 + c] - gs[g].from[lane0 + c]) * slope
                }
                return v
            }
            if let own { fold.v = own }
            return
        }
        guard let x = r.linearProgress(at: local) else { return }
        // A filter input's implicit animation interpolates whole filter arrays (R19.4).
        let (a, b) = fold.filterInput.map { $0.velocityEnds(r.from, r.to) } ?? (r.from.vector, r.to.vector)
        guard let a, let b else {
            fold.v = .zero  // discrete (a nil colour switches at half way, R9)
            return
        }
        fold.v = (b - a) * (curves[Int(r.curve)].slope(at: x) / r.duration)
    }
}

// MARK: - The public doors (R17.1)

extension Engine {
    /// The presentation velocity of `key` of `layer` at engine time `time` (the current time when
    /// nil), per second of engine time, or nil before the layer's first commit (R17.1).
    ///
    /// - Throws: `invalidArgument` for a non-finite time; `typeMismatch` for a key without a
    ///   velocity (not a number, point, size, rect, colour, transform component or numeric or
    ///   colour filter input); `unknownKey` for a filter the layer does not have; `misuse`
    ///   when an animation whose velocity is not defined drives it (a keyframe path, a value
    ///   function, a whole-transform animation); `unknownKey`, `staleHandle`.
    package func presentationVelocity(of layer: LayerID, forKey key: ResolvedKey, at time: Double?) throws(LaminaError) -> Value? {
        if let time, !time.isFinite {
            throw LaminaError(.invalidArgument, "velocity time must be finite, got \(time)")
        }
        lock.lock()
        defer { lock.unlock() }
        let slot = try resolve(layer)
        try checkKey(slot, key)  // a filter input's key path names a filter of the layer (R19.6)
        return try presentationVelocity(slot, key, at: time ?? now)
    }

    /// ``presentationVelocity(of:forKey:at:)`` for a key path as UTF-8 bytes (the C ABI's),
    /// resolved and read under one lock.
    package func presentationVelocity(
        of layer: LayerID, forKeyBytes bytes: UnsafeBufferPointer<UInt8>, at time: Double?
    ) throws(LaminaError) -> Value? {
        if let time, !time.isFinite {
            throw LaminaError(.invalidArgument, "velocity time must be finite, got \(time)")
        }
        lock.lock()
        defer { lock.unlock() }
        let key = try resolveKey(bytes)
        let slot = try resolve(layer)
        try checkKey(slot, key)  // a filter input's key path names a filter of the layer (R19.6)
        return try presentationVelocity(slot, key, at: time ?? now)
    }

    /// ``presentationVelocity(of:forKey:at:)`` for a key path given as text.
    package func presentationVelocity(of layer: LayerID, forKeyPath keyPath: String, at time: Double?) throws(LaminaError) -> Value? {
        let key = try lock.withLock { () throws(LaminaError) -> ResolvedKey in
            try withKey(keyPath) { bytes throws(LaminaError) in try resolveKey(bytes) }
        }
        return try presentationVelocity(of: layer, forKey: key, at: time)
    }
}

extension Layer {
    /// The time derivative of the presentation value of `keyPath` at `time` (the engine's
    /// current time when nil), in the key's units per second (R17.1): a number for a number or
    /// a transform component or a numeric filter input (`filters.blur.inputRadius`, R19.4), a
    /// point, size, rect or colour for those (and a filter's `inputColor`). Zero while held by a
    /// fill, paused, or not animating; nil before the layer's first commit.
    ///
    /// ```swift
    /// let v = try card.presentationVelocity(forKeyPath: "position")   // .point(…) in pt/s
    /// ```
    ///
    /// - Throws: see ``Engine``'s rules in R17.1–R17.4: `typeMismatch` for a key with no
    ///   velocity, `misuse` when an animation without a defined velocity drives it.
    public func presentationVelocity(forKeyPath keyPath: String, at time: Double? = nil) throws(LaminaError) -> Value? {
        try onLayer(key: keyPath) { () throws(LaminaError) in
            try engine.presentationVelocity(of: id, forKeyPath: keyPath, at: time)
        }
    }
}

extension Presentation {
    /// The velocity of `keyPath` at the snapshot's layer and time (R17.1): see
    /// ``Layer/presentationVelocity(forKeyPath:at:)``. It is computed from the engine's animations
    /// as they are when asked, like a presentation read at another time.
    ///
    /// - Throws: `misuse` for a snapshot that names no layer; otherwise as the layer's.
    public func velocity(for keyPath: String) throws(LaminaError) -> Value? {
        guard let source else { throw LaminaError(.misuse, "this presentation snapshot names no layer, so it has no velocity") }
        return try source.engine.presentationVelocity(of: source.layer, forKeyPath: keyPath, at: source.time)
    }
}
