// SPDX-License-Identifier: Apache-2.0
// When a held value next changes (CA-8.6, R9, R14): discrete keyframes show one value from a
// key time to the next, so while only such animations run the host may sleep until then.

extension ExplicitState {
    /// The layer time after `t` (a layer time in the animation's active period) at which this
    /// animation's value can next change, when it holds its value between key times (discrete
    /// keyframes of values, CA-8.6, or a basic animation of a boolean or a string, R9): the
    /// next key time reached, the turn or end of the current cycle, or the end of the active
    /// period, whichever comes first. Nil when the animation is of another kind, or
    /// when the answer cannot be had in closed form (negative or zero speed, a timing function
    /// whose progress can go back, an infinite period); the caller then answers `t`.
    ///
    /// Between two key times the value is the same at every instant, so nothing needs drawing
    /// there. The answer is always after `t` (by one ulp at least), so that a host that sets its
    /// clock to it never asks again at the same time. Lock held.
    func nextDiscreteChange(after t: Double) -> Double? {
        guard let times = holdTimes else { return nil }
        let timing = animation.timing
        let d = timing.duration
        guard timing.speed > 0, d > 0, timing.period.isFinite, t.isFinite else { return nil }
        let curve = animation.timingFunction
        if let curve, !curve.isLinear {
            // The key times are eased progress; the inverse below needs progress that never
            // goes back, which control points with y in [0, 1] guarantee.
            guard (0...1).contains(curve.c1y), (0...1).contains(curve.c2y) else { return nil }
        }
        let n = times.count - 1
        let u = timing.wrap((t - timing.beginTime) * timing.speed + timing.timeOffset, endOfCycle: false).u
        let du: Double  // local time until the change
        if !timing.autoreverses || u < d {
            // Forward: the first key time above the eased progress, else the cycle's end (the
            // next cycle starts over at the first value; an autoreversing one turns there).
            let y = curve?.progress(at: u / d) ?? u / d
            if let k = times[1..<n].first(where: { $0 > y }) {
                du = Self.timeFraction(reaching: k, curve) * d - u
            } else {
                du = d - u
            }
        } else {
            // The backward half of an autoreversing cycle: the value changes once the eased
            // progress drops below the start of the interval it is in (never for the first).
            let x = (2 * d - u) / d
            let y = curve?.progress(at: x) ?? x
            let i = KeyframeTiming.discreteIndex(at: y, times: times, count: n)
            du = i == 0 ? 2 * d - u : (x - Self.timeFraction(reaching: times[i], curve)) * d
        }
        var next = t + max(du, 0) / timing.speed
        if !(next > t) { next = t.nextUp }
        return min(next, max(timing.endTime, t.nextUp))
    }

    /// The eased progress values at which a held value starts, when the animation holds its
    /// value between them: n + 1 for n values, value i holding over [times[i], times[i+1]).
    /// Discrete keyframes of values (CA-8.6) hold between their key times; a basic animation
    /// of a boolean or a string holds its from value until 0.5 and its to value after (R9).
    /// Nil for anything that moves continuously.
    private var holdTimes: [Double]? {
        switch animation.kind {
        case .keyframe(let spec, nil, _) where spec.calculationMode == .discrete:
            guard let times = keyframes?.keyTimes, times.count >= 2 else { return nil }
            return times
        case .basic:
            guard let target, let info = targetInfo, !animation.isAdditive, animation.valueFunction == nil else { return nil }
            switch target.component.valueType(in: info.type) {
            case .bool, .string: return [0, 0.5, 1]
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The smallest time fraction at which `curve` reaches progress `k` (k itself for a linear
    /// or absent curve), by bisection on a curve whose progress never goes back. The answer's
    /// progress is ≥ k, so the value has changed there.
    private static func timeFraction(reaching k: Double, _ curve: TimingFunction?) -> Double {
        guard let curve, !curve.isLinear else { return k }
        var lo = 0.0, hi = 1.0
        for _ in 0..<64 {
            let mid = 0.5 * (lo + hi)
            if curve.progress(at: mid) >= k { hi = mid } else { lo = mid }
            if hi - lo <= 1e-15 { break }
        }
        return hi
    }
}
