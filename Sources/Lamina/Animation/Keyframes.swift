// SPDX-License-Identifier: Apache-2.0
// CAKeyframeAnimation's value computation (CA-8.x): eased progress → keyframe segment → value.
// Pure: no engine, no clock. The animation-level timing function has already been applied by the
// caller (CA-8.5); this file applies the per-segment ones.
//
// The work is split the Skottie way: first find the segment and the weight inside it
// (`KeyframeTiming`), then blend the two values (`Value.interpolated(to:progress:)`) or evaluate
// the spline (`KeyframeSpline`).

/// How a keyframe animation computes the values between its keyframes (CA-8.6).
///
/// The raw values are Core Animation's `kCAAnimation…` names.
public enum CalculationMode: String, Sendable, CaseIterable {
    /// Piecewise linear between keyframes (the default).
    case linear
    /// No interpolation: each keyframe's value holds until the next keyframe time.
    case discrete
    /// Linear, with the keyframe times recomputed so that the value moves at constant velocity;
    /// `keyTimes` and `timingFunctions` are ignored.
    case paced
    /// A Kochanek–Bartels (TCB) spline through the keyframes; Catmull–Rom with the default
    /// tension, continuity and bias of 0.
    case cubic
    /// The cubic spline traversed at constant velocity; `keyTimes` and `timingFunctions` are
    /// ignored. (Apple's page for this mode wrongly says "linearly interpolated", CA-14.11.)
    case cubicPaced
}

/// The keyframe part of a keyframe animation (CAKeyframeAnimation's `values`, `keyTimes`,
/// `timingFunctions`, `calculationMode`, `tensionValues`, `continuityValues` and `biasValues`),
/// and the computation of its value at a given progress (CA-8.x).
///
/// ```swift
/// let spec = KeyframeSpec(
///     values: [.number(0), .number(10), .number(0)],
///     keyTimes: [0, 0.25, 1])
/// spec.value(atProgress: 0.125)   // .number(5)
/// ```
///
/// The properties are stored as given; invalid arrays are not rejected but ignored when the
/// value is computed, as Core Animation does (CA-8.2). The rules, including the choices made where
/// Core Animation's documentation is silent:
///
/// - **Progress.** The input is the animation's eased progress: the caller applies the
///   animation-level timing function first (CA-8.5). Progress is clamped to [0, 1] (NaN counts
///   as 0); keyframe animations do not extrapolate beyond their first and last values, even
///   when an overshooting animation-level curve produces progress outside [0, 1].
/// - **Values.** No values gives nil; one value gives that value at every progress. Between two
///   keyframes of different types (say a colour and a rect) the value is nil, as
///   value interpolation answers; the keyframes themselves are returned as
///   given.
/// - **keyTimes** (CA-8.2–8.4). Used only when valid for the mode: every entry finite, in [0, 1]
///   and no smaller than the previous one; for `linear` and `cubic` exactly one per value, the
///   first 0 and the last 1; for `discrete` one more than the values (Apple's form, CA-8.3)
///   **or** exactly one per value (each value then holds from its time to the next, the last
///   one until the end). Any other array is ignored and the keyframes are spaced evenly: at
///   i/(n−1) for `linear` and `cubic`, at i/n for `discrete`. `paced` and `cubicPaced` always
///   ignore keyTimes.
/// - **Equal key times** make a jump; at exactly that time the later keyframe is shown (every
///   segment is closed on the left and open on the right).
/// - **timingFunctions** (CA-8.5). Used only when there are exactly n−1 of them for n values,
///   one per segment, applied to the progress within the segment; any other count is ignored
///   (every segment is linear). `discrete`, `paced` and `cubicPaced` ignore them.
/// - **discrete** (CA-8.3). Value i holds from key time i until key time i + 1. Before the first
///   key time (when it is above 0) the first value holds; the last value holds until progress 1.
/// - **paced** (CA-8.6). The keyframe times are the cumulative distances between consecutive
///   values divided by the total: numbers by |Δ|, points and sizes by Euclidean distance, rects
///   (x, y, width, height) and colours (RGBA) by Euclidean distance over their four components.
///   Transforms, booleans, strings, nil values and mixed types have no distance, and neither do
///   values that do not move at all: the keyframes are then spaced evenly.
/// - **cubic** (CA-8.6). A Kochanek–Bartels spline through the keyframes, per component for
///   numbers, points, sizes, rects and colours; colour components are not clamped, so the curve
///   may overshoot as a spline does. `tensionValues`, `continuityValues` and `biasValues` give one
///   entry per keyframe, each clamped to [−1, 1] (NaN counts as 0); an array whose count is not
///   the number of values is ignored (all zeros, Catmull–Rom). The end tangents use the usual
///   Kochanek–Bartels end condition: the first and last keyframes are duplicated, so that with
///   the defaults each end tangent is half the chord of the end segment. When keyTimes are
///   uneven, each tangent is scaled by the lengths of the two segments beside it (Kochanek and
///   Bartels' "adjustment for parameter step size"), so that the velocity stays continuous
///   across the keyframe; with even spacing the spline is the textbook one. Transforms,
///   booleans, strings, nil values and mixed types are not splined: they fall back to `linear`
///   (transforms interpolate by decomposition, the others switch at the middle of each
///   segment, R9).
/// - **cubicPaced** (CA-8.6). The cubic spline of evenly spaced keyframes, reparameterised by arc
///   length (the Euclidean metric of `paced`, over the spline's components), measured
///   numerically: Gauss–Legendre quadrature on 64
///   slices per segment, inverted by Newton's method.
///   Values that `cubic` cannot spline fall back to `paced`.
public struct KeyframeSpec: Hashable, Sendable {
    /// One value per keyframe (CA-8.1).
    public var values: [Value]
    /// When each keyframe is reached, as fractions of the animation's progress; nil spaces the
    /// keyframes evenly (CA-8.2–8.4).
    public var keyTimes: [Double]?
    /// One timing function per segment (n−1 for n values), applied within the segment after the
    /// animation-level function (CA-8.5).
    public var timingFunctions: [TimingFunction]?
    /// How values between keyframes are computed (CA-8.6); `linear` by default.
    public var calculationMode: CalculationMode
    /// Kochanek–Bartels tension per keyframe for `cubic` and `cubicPaced`, in [−1, 1]: 1 gives
    /// zero tangents (straight, eased segments), −1 doubles them.
    public var tensionValues: [Double]?
    /// Kochanek–Bartels continuity per keyframe, in [−1, 1]: nonzero values make the incoming
    /// and outgoing tangents differ (a corner).
    public var continuityValues: [Double]?
    /// Kochanek–Bartels bias per keyframe, in [−1, 1]: 1 takes the tangent from the incoming
    /// segment, −1 from the outgoing one.
    public var biasValues: [Double]?

    /// Creates a keyframe description.
    ///
    /// - Parameters:
    ///   - values: One value per keyframe.
    ///   - keyTimes: The keyframe times in [0, 1], or nil for even spacing.
    ///   - timingFunctions: One timing function per segment, or nil for linear segments.
    ///   - calculationMode: How values between keyframes are computed.
    ///   - tensionValues: Kochanek–Bartels tension per keyframe (cubic modes).
    ///   - continuityValues: Kochanek–Bartels continuity per keyframe (cubic modes).
    ///   - biasValues: Kochanek–Bartels bias per keyframe (cubic modes).
    public init(
        values: [Value], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear, tensionValues: [Double]? = nil,
        continuityValues: [Double]? = nil, biasValues: [Double]? = nil
    ) {
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
    }

    /// The value at the animation's eased progress `p` (see the type's overview for the rules).
    ///
    /// This prepares a ``KeyframeEvaluator`` on every call; keep one when evaluating the same
    /// keyframes many times (cubicPaced measures its arc length when prepared).
    ///
    /// - Parameter p: The progress after the animation-level timing function, clamped to [0, 1].
    /// - Returns: The value, or nil when there are no values or the segment's two values have
    ///   different types.
    package func value(atProgress p: Double) -> Value? {
        KeyframeEvaluator(self).value(atProgress: p)
    }

    /// The time at which each keyframe is reached after the rules are applied: the given
    /// keyTimes when valid, even spacing otherwise, the constant-velocity times for the paced
    /// modes. For `discrete` there is one more entry than values (the end of the last value's
    /// interval, which then holds until 1). Empty for no values.
    public var effectiveKeyTimes: [Double] {
        KeyframeEvaluator(self).keyTimes
    }

    /// Whether `keyTimes` would be used for `valueCount` values in `mode`, rather than ignored
    /// (CA-8.2, CA-8.3).
    ///
    /// Always false for `paced` and `cubicPaced`, which ignore keyTimes.
    ///
    /// - Parameters:
    ///   - keyTimes: The candidate key times.
    ///   - valueCount: The number of values (or path keyframes).
    ///   - mode: The calculation mode.
    /// - Returns: True when every entry is finite, in [0, 1] and non-decreasing, and the count
    ///   (and, for linear and cubic, the first and last entries) fits the mode.
    package static func acceptsKeyTimes(
        _ keyTimes: [Double], valueCount: Int, calculationMode mode: CalculationMode
    ) -> Bool {
        KeyframeTiming.accepts(keyTimes, count: valueCount, mode: mode)
    }
}

// MARK: - Evaluation

/// Keyframes prepared for evaluation: key times resolved, spline tangents computed and, for
/// `cubicPaced`, the arc length measured, so that each ``value(atProgress:)`` call only finds a
/// segment and blends.
///
/// ```swift
/// let evaluator = KeyframeEvaluator(spec)
/// for frame in 0...60 { _ = evaluator.value(atProgress: Double(frame) / 60) }
/// ```
package struct KeyframeEvaluator: Sendable {
    /// How many slices per spline segment measure the arc length for `cubicPaced`. Each slice's
    /// length comes from five-point Gauss–Legendre quadrature of the speed, and a position
    /// inside a slice from Newton's method on that integral, so the speed is constant to about
    /// 1e-9 for ordinary curves while a prepared evaluator stays small (64 lengths per
    /// segment).
    public static let arcLengthSamplesPerSegment = 64

    /// The keyframe times after the rules are applied (see ``KeyframeSpec/effectiveKeyTimes``).
    public let keyTimes: [Double]

    let plan: Plan

    /// For a `linear` plan whose values are all numbers, or all points, sizes, rects or
    /// colours: their components (`Value.vector`), so that a value between two keyframes is
    /// one vector blend (what `Value.interpolated` computes lane by lane) instead of a switch
    /// over both values. Empty otherwise.
    let linearVectors: [SIMD4<Double>]
    /// The type of the values behind ``linearVectors``.
    let vectorType: ValueType
    /// The `linear` plan's per-segment timing functions, beside ``linearVectors`` (read without
    /// a switch over the plan, whose payload a switch copies).
    let vectorFunctions: [TimingFunction]?

    enum Plan: Sendable {
        case empty
        case constant(Value)
        case discrete([Value])
        /// Linear segments; per-segment timing functions when present.
        case linear([Value], [TimingFunction]?)
        /// A spline over keyframe times; per-segment timing functions when present.
        case cubic(KeyframeSpline, [TimingFunction]?)
        /// A spline over even times, reparameterised by arc length (`cumulative` has
        /// samplesPerSegment·(n−1) + 1 entries, from 0 to the total length).
        case cubicPaced(KeyframeSpline, cumulative: [Double])
    }

    /// Prepares `spec` for evaluation.
    ///
    /// - Parameter spec: The keyframes; copied, so later changes to `spec` do not affect this
    ///   evaluator.
    public init(_ spec: KeyframeSpec) {
        let values = spec.values
        let n = values.count
        guard n > 0 else {
            keyTimes = []
            plan = .empty
            (linearVectors, vectorType, vectorFunctions) = ([], .null, nil)
            return
        }
        guard n > 1 else {
            keyTimes = spec.calculationMode == .discrete ? [0, 1] : [0]
            plan = .constant(values[0])
            (linearVectors, vectorType, vectorFunctions) = ([], .null, nil)
            return
        }
        let functions = spec.timingFunctions.flatMap { $0.count == n - 1 ? $0 : nil }

        switch spec.calculationMode {
        case .discrete:
            keyTimes = KeyframeTiming.discreteTimes(spec.keyTimes, count: n)
            plan = .discrete(values)

        case .linear:
            keyTimes = KeyframeTiming.linearTimes(spec.keyTimes, count: n)
            plan = .linear(values, functions)

        case .paced:
            keyTimes = KeyframeTiming.pacedTimes(values)
            plan = .linear(values, nil)

        case .cubic:
            let times = KeyframeTiming.linearTimes(spec.keyTimes, count: n)
            keyTimes = times
            if let spline = KeyframeSpline(spec, times: times) {
                plan = .cubic(spline, functions)
            } else {
                plan = .linear(values, functions)
            }

        case .cubicPaced:
            let even = KeyframeTiming.evenTimes(count: n)
            if let spline = KeyframeSpline(spec, times: even) {
                let cumulative = spline.cumulativeArcLength(
                    samplesPerSegment: KeyframeEvaluator.arcLengthSamplesPerSegment)
                let total = cumulative[cumulative.count - 1]
                if total > 0, total.isFinite {
                    let step = KeyframeEvaluator.arcLengthSamplesPerSegment
                    keyTimes = (0..<n).map { i in i == n - 1 ? 1 : cumulative[i * step] / total }
                    plan = .cubicPaced(spline, cumulative: cumulative)
                } else {
                    // Nothing moves: every parameterisation is the same.
                    keyTimes = even
                    plan = .cubic(spline, nil)
                }
            } else {
                keyTimes = KeyframeTiming.pacedTimes(values)
                plan = .linear(values, nil)
            }
        }
        if case .linear(_, let functions) = plan, let vectors = KeyframeEvaluator.vectors(of: values) {
            (linearVectors, vectorType, vectorFunctions) = (vectors, values[0].type, functions)
        } else {
            (linearVectors, vectorType, vectorFunctions) = ([], .null, nil)
        }
    }

    /// The components of `values` when they are all of one type that `Value.vector` and
    /// `Value.fromVector` map both ways, exactly (numbers, points, sizes, rects, colours).
    private static func vectors(of values: [Value]) -> [SIMD4<Double>]? {
        let type = values[0].type
        switch type {
        case .number, .point, .size, .rect, .color: break
        default: return nil
        }
        var out: [SIMD4<Double>] = []
        out.reserveCapacity(values.count)
        for v in values {
            guard v.type == type, let c = v.vector else { return nil }
            out.append(c)
        }
        return out
    }

    /// The value at the animation's eased progress `p` (see ``KeyframeSpec`` for the rules).
    ///
    /// - Parameter p: The progress after the animation-level timing function, clamped to [0, 1]
    ///   (NaN counts as 0).
    /// - Returns: The value, or nil when there are no values or the segment's two values have
    ///   different types.
    public func value(atProgress p: Double) -> Value? {
        let p = KeyframeTiming.clampedProgress(p)
        if !linearVectors.isEmpty {
            var hint = -1
            return vectorValue(atClampedProgress: p, hint: &hint)
        }
        switch plan {
        case .empty:
            return nil

        case .constant(let value):
            return value

        case .discrete(let values):
            return values[KeyframeTiming.discreteIndex(at: p, times: keyTimes, count: values.count)]

        case .linear(let values, let functions):
            let (i, local) = KeyframeTiming.segment(at: p, times: keyTimes)
            let eased = functions.map { $0[i].progress(at: local) } ?? local
            if eased == 0 { return values[i] }
            if eased == 1 { return values[i + 1] }
            return values[i].interpolated(to: values[i + 1], progress: eased)

        case .cubic(let spline, let functions):
            let (i, local) = KeyframeTiming.segment(at: p, times: keyTimes)
            let eased = functions.map { $0[i].progress(at: local) } ?? local
            return spline.value(segment: i, parameter: eased)

        case .cubicPaced(let spline, let cumulative):
            let found = KeyframeTiming.locateArcLength(
                p * cumulative[cumulative.count - 1], cumulative: cumulative,
                samplesPerSegment: KeyframeEvaluator.arcLengthSamplesPerSegment)
            let s = KeyframeArcLength.solve(
                a: found.a, b: found.b, remaining: found.remaining,
                intervalLength: found.intervalLength
            ) { spline.speed(segment: found.segment, parameter: $0) }
            return spline.value(segment: found.segment, parameter: s)
        }
    }
}

extension KeyframeEvaluator {
    /// The `linear` plan's value at clamped progress `p` for keyframes with
    /// ``linearVectors``: the keyframe itself at a segment's ends (a value rebuilt from its
    /// components is the value, these types being their components), else `lerp` lane by lane
    /// (its `p == 1` case being an end), as `Value.interpolated` blends these types.
    private func vectorValue(atClampedProgress p: Double, hint: inout Int) -> Value {
        let (i, local) = KeyframeTiming.segment(at: p, times: keyTimes, hint: &hint)
        let eased = vectorFunctions.map { $0[i].progress(at: local) } ?? local
        if eased == 0 { return Value.fromVector(linearVectors[i], as: vectorType) }
        if eased == 1 { return Value.fromVector(linearVectors[i + 1], as: vectorType) }
        let a = linearVectors[i], b = linearVectors[i + 1]
        return Value.fromVector(a + (b - a) * eased, as: vectorType)
    }

    /// ``vectorValue(atClampedProgress:hint:)``'s components, without building the value: for
    /// keyframes with ``linearVectors`` (a caller checks), at progress `p` (clamped here).
    /// `Value.fromVector` of the answer is ``value(atProgress:segmentHint:)``'s value.
    package func vector(atProgress p: Double, segmentHint hint: inout Int) -> SIMD4<Double> {
        let (i, local) = KeyframeTiming.segment(at: KeyframeTiming.clampedProgress(p), times: keyTimes, hint: &hint)
        let eased = vectorFunctions.map { $0[i].progress(at: local) } ?? local
        if eased == 0 { return linearVectors[i] }
        if eased == 1 { return linearVectors[i + 1] }
        let a = linearVectors[i], b = linearVectors[i + 1]
        return a + (b - a) * eased
    }

    /// ``value(atProgress:)`` for a caller that samples the same keyframes frame after frame:
    /// `segmentHint` keeps the segment found last (start it at -1), so that numeric keyframes
    /// (``linearVectors``) usually skip the search among their keys. The same value.
    package func value(atProgress p: Double, segmentHint: inout Int) -> Value? {
        guard !linearVectors.isEmpty else { return value(atProgress: p) }
        return vectorValue(atClampedProgress: KeyframeTiming.clampedProgress(p), hint: &segmentHint)
    }

    /// The two keyframes around eased progress `p` and the weight of the second (after the
    /// segment's timing function), for keyframes that interpolate piecewise linearly: `linear`
    /// and `paced`, and the spline modes when they fall back to those (values that cannot be
    /// splined, such as images). Nil for `discrete`, splined, single and empty keyframes. Used
    /// to cross-fade values that cannot be mixed into one (images, RS-4.8).
    package func linearSegment(atProgress p: Double) -> (from: Value, to: Value, weight: Double)? {
        guard case .linear(let values, let functions) = plan else { return nil }
        let (i, local) = KeyframeTiming.segment(at: KeyframeTiming.clampedProgress(p), times: keyTimes)
        let eased = functions.map { $0[i].progress(at: local) } ?? local
        return (values[i], values[i + 1], eased)
    }
}

// MARK: - Key times (shared with KeyframePath)

/// The key-time rules of CA-8.2–8.4 and the segment search, shared by values and paths.
enum KeyframeTiming {
    /// Clamps progress to [0, 1]; NaN counts as 0.
    static func clampedProgress(_ p: Double) -> Double {
        p > 0 ? (p < 1 ? p : 1) : 0
    }

    /// See ``KeyframeSpec/acceptsKeyTimes(_:valueCount:calculationMode:)``.
    static func accepts(_ times: [Double], count n: Int, mode: CalculationMode) -> Bool {
        var previous = 0.0
        for t in times {
            guard t.isFinite, t >= 0, t <= 1, t >= previous else { return false }
            previous = t
        }
        switch mode {
        case .linear, .cubic:
            return times.count == n && times.first == 0 && times.last == 1
        case .discrete:
            return n > 0 && (times.count == n || times.count == n + 1)
        case .paced, .cubicPaced:
            return false
        }
    }

    /// i/(n−1) for i in 0..<n, with the last exactly 1.
    static func evenTimes(count n: Int) -> [Double] {
        guard n > 1 else { return n == 1 ? [0] : [] }
        return (0..<n).map { $0 == n - 1 ? 1 : Double($0) / Double(n - 1) }
    }

    /// The given times when valid for linear or cubic, else even spacing.
    static func linearTimes(_ times: [Double]?, count n: Int) -> [Double] {
        if let times, accepts(times, count: n, mode: .linear) { return times }
        return evenTimes(count: n)
    }

    /// n + 1 times for discrete: the given n + 1, the given n with 1 appended, or i/n.
    static func discreteTimes(_ times: [Double]?, count n: Int) -> [Double] {
        if let times, accepts(times, count: n, mode: .discrete) {
            return times.count == n + 1 ? times : times + [1]
        }
        return (0...n).map { $0 == n ? 1 : Double($0) / Double(n) }
    }

    /// Constant-velocity times by the per-type distance, or even spacing when some segment has
    /// no distance or nothing moves.
    static func pacedTimes(_ values: [Value]) -> [Double] {
        let n = values.count
        guard n > 1 else { return evenTimes(count: n) }
        var cumulative = [0.0]
        cumulative.reserveCapacity(n)
        for i in 1..<n {
            guard let d = pacedDistance(values[i - 1], values[i]) else {
                return evenTimes(count: n)
            }
            cumulative.append(cumulative[i - 1] + d)
        }
        let total = cumulative[n - 1]
        guard total > 0, total.isFinite else { return evenTimes(count: n) }
        return (0..<n).map { $0 == n - 1 ? 1 : cumulative[$0] / total }
    }

    /// The paced metric: |Δ| for numbers, Euclidean for points and sizes, Euclidean over four
    /// components for rects and colours; nil for other or mismatched types.
    static func pacedDistance(_ a: Value, _ b: Value) -> Double? {
        guard let x = a.vector, let y = b.vector, a.type == b.type else {
            return nil
        }
        let d = y - x
        return (d * d).sum().squareRoot()
    }

    /// The segment containing `p` and the progress within it, for n ≥ 2 times (n − 1
    /// segments): the last segment whose start is ≤ p, so that equal times jump to the later
    /// keyframe. A zero-length segment gives progress 1.
    static func segment(at p: Double, times: [Double]) -> (index: Int, local: Double) {
        let last = times.count - 2
        var lo = 0, hi = last
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= p { lo = mid } else { hi = mid - 1 }
        }
        return progress(at: p, inSegment: lo, times: times)
    }

    /// ``segment(at:times:)`` trying segment `hint` first (the one the last call found, for an
    /// animation sampled frame after frame): it is the answer when its start is ≤ p and the
    /// next start (if any) > p, since the times never decrease; otherwise the search runs and
    /// `hint` becomes its answer.
    static func segment(at p: Double, times: [Double], hint: inout Int) -> (index: Int, local: Double) {
        let h = hint, last = times.count - 2
        if h >= 0, h <= last, times[h] <= p, h == last || times[h + 1] > p {
            return progress(at: p, inSegment: h, times: times)
        }
        let found = segment(at: p, times: times)
        hint = found.index
        return found
    }

    /// The progress within segment `lo` at `p` (see ``segment(at:times:)``).
    @inline(__always)
    private static func progress(at p: Double, inSegment lo: Int, times: [Double]) -> (index: Int, local: Double) {
        let start = times[lo], end = times[lo + 1]
        guard end > start else { return (lo, 1) }
        if p >= end { return (lo, 1) }
        if p <= start { return (lo, 0) }
        return (lo, (p - start) / (end - start))
    }

    /// The value shown by discrete mode at `p`: the last index whose time is ≤ p (0 before the
    /// first time), never beyond the last value.
    static func discreteIndex(at p: Double, times: [Double], count n: Int) -> Int {
        var index = 0
        var lo = 0, hi = n - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if times[mid] <= p {
                index = mid
                lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        return index
    }

    /// Locates `target` in a cumulative arc-length table sampled at `samplesPerSegment` even
    /// parameter steps per segment: the segment, the parameter interval [a, b] within it that
    /// holds the target, the length still to go from a, and the interval's length. The first
    /// interval that extends beyond the target is chosen, so zero-length stretches are skipped.
    static func locateArcLength(
        _ target: Double, cumulative: [Double], samplesPerSegment m: Int
    ) -> (segment: Int, a: Double, b: Double, remaining: Double, intervalLength: Double) {
        let last = cumulative.count - 1
        var lo = 0, hi = last - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumulative[mid + 1] > target { hi = mid } else { lo = mid + 1 }
        }
        let segment = min(lo / m, last / m - 1)
        let k = lo - segment * m
        let length = cumulative[lo + 1] - cumulative[lo]
        let remaining = min(max(target - cumulative[lo], 0), length)
        return (segment, Double(k) / Double(m), Double(k + 1) / Double(m), remaining, length)
    }
}

// MARK: - Arc length (shared with KeyframePath)

/// Arc length of a parametric curve from its speed |dP/ds|: Gauss–Legendre quadrature on short
/// parameter intervals, and Newton's method to invert it.
enum KeyframeArcLength {
    /// Five-point Gauss–Legendre nodes and weights on [−1, 1]: exact for polynomials of degree
    /// 9, so on a 1/64 slice of a cubic the speed (the root of a quartic) is integrated to
    /// near machine precision wherever it does not vanish.
    static let nodes: [(x: Double, w: Double)] = [
        (0, 0.568_888_888_888_888_9),
        (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
        (0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
        (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
        (0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
    ]

    /// The most Newton steps when inverting; each one roughly squares the relative error of
    /// the initial linear guess (about 1e-2 on a 1/64 slice).
    static let newtonIterations = 6

    /// ∫ₐᵇ speed(s) ds.
    static func integrate(from a: Double, to b: Double, _ speed: (Double) -> Double) -> Double {
        guard b > a else { return 0 }
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for node in nodes { sum += node.w * speed(mid + half * node.x) }
        return sum * half
    }

    /// Cumulative lengths at k/m for k in 0...m over s in [0, 1], starting at `offset`; the
    /// first entry (`offset`) is not included.
    static func appendCumulative(
        to table: inout [Double], offset: Double, samples m: Int, _ speed: (Double) -> Double
    ) {
        var total = offset
        for k in 0..<m {
            total += integrate(from: Double(k) / Double(m), to: Double(k + 1) / Double(m), speed)
            table.append(total)
        }
    }

    /// The parameter s in [a, b] where the length from a reaches `remaining`, for an interval
    /// of length `intervalLength`.
    static func solve(
        a: Double, b: Double, remaining: Double, intervalLength: Double,
        _ speed: (Double) -> Double
    ) -> Double {
        guard intervalLength > 0 else { return b }
        if remaining <= 0 { return a }
        if remaining >= intervalLength { return b }
        var s = a + (b - a) * (remaining / intervalLength)
        for _ in 0..<newtonIterations {
            let error = integrate(from: a, to: s, speed) - remaining
            if abs(error) <= 1e-13 * intervalLength { break }
            let v = speed(s)
            guard v > 0, v.isFinite else { break }
            s = min(max(s - error / v, a), b)
        }
        return s
    }
}

// MARK: - The Kochanek–Bartels spline

/// A Kochanek–Bartels spline over the components of numeric values, as cubic Hermite segments.
struct KeyframeSpline: Sendable {
    /// The type every keyframe has.
    let type: ValueType
    /// The keyframes' components.
    let points: [SIMD4<Double>]
    /// The tangent leaving keyframe i (toward i + 1), per unit of segment parameter.
    let outgoing: [SIMD4<Double>]
    /// The tangent arriving at keyframe i (from i − 1), per unit of segment parameter.
    let incoming: [SIMD4<Double>]
    /// The keyframes as given, returned exactly at segment ends.
    let values: [Value]

    /// The spline of `spec`'s values at `times`, or nil when the values are not all of one
    /// numeric type (or fewer than two).
    init?(_ spec: KeyframeSpec, times: [Double]) {
        let values = spec.values
        let n = values.count
        guard n > 1, let type = values.first?.type else { return nil }
        var points: [SIMD4<Double>] = []
        points.reserveCapacity(n)
        for value in values {
            guard value.type == type, let c = value.vector else { return nil }
            points.append(c)
        }
        func parameters(_ array: [Double]?) -> [Double] {
            guard let array, array.count == n else { return Array(repeating: 0, count: n) }
            return array.map { $0 > -1 ? ($0 < 1 ? $0 : 1) : ($0.isNaN ? 0 : -1) }
        }
        let tension = parameters(spec.tensionValues)
        let continuity = parameters(spec.continuityValues)
        let bias = parameters(spec.biasValues)

        var outgoing: [SIMD4<Double>] = []
        var incoming: [SIMD4<Double>] = []
        outgoing.reserveCapacity(n)
        incoming.reserveCapacity(n)
        for i in 0..<n {
            // End condition: the end keyframes are duplicated (zero chord beyond them).
            let previous = i > 0 ? points[i - 1] : points[i]
            let next = i < n - 1 ? points[i + 1] : points[i]
            let before = points[i] - previous, after = next - points[i]
            let t = tension[i], c = continuity[i], b = bias[i]
            let outRaw = ((1 - t) * (1 + b) * (1 + c) / 2) * before
                + ((1 - t) * (1 - b) * (1 - c) / 2) * after
            let inRaw = ((1 - t) * (1 + b) * (1 - c) / 2) * before
                + ((1 - t) * (1 - b) * (1 + c) / 2) * after
            // Step-size adjustment for uneven key times; the duplicated ends borrow the length
            // of their one real neighbour, so the factor there is 1.
            let hBefore = i > 0 ? times[i] - times[i - 1] : times[1] - times[0]
            let hAfter = i < n - 1 ? times[i + 1] - times[i] : hBefore
            let sum = hBefore + hAfter
            if sum > 0 {
                outgoing.append((2 * hAfter / sum) * outRaw)
                incoming.append((2 * hBefore / sum) * inRaw)
            } else {
                outgoing.append(outRaw)
                incoming.append(inRaw)
            }
        }
        self.type = type
        self.points = points
        self.outgoing = outgoing
        self.incoming = incoming
        self.values = values
    }

    /// The components on segment `i` (keyframes i → i + 1) at parameter `s`; `s` outside [0, 1]
    /// extrapolates the cubic (overshooting per-segment timing functions).
    func components(segment i: Int, parameter s: Double) -> SIMD4<Double> {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        return h00 * points[i] + h10 * outgoing[i] + h01 * points[i + 1] + h11 * incoming[i + 1]
    }

    /// The value on segment `i` at parameter `s`, exactly the keyframe at s = 0 and s = 1.
    func value(segment i: Int, parameter s: Double) -> Value {
        if s == 0 { return values[i] }
        if s == 1 { return values[i + 1] }
        return Value.fromVector(components(segment: i, parameter: s), as: type)
    }

    /// The speed |dC/ds| on segment `i` at parameter `s`, over all four lanes.
    func speed(segment i: Int, parameter s: Double) -> Double {
        let s2 = s * s
        let d00 = 6 * s2 - 6 * s
        let d10 = 3 * s2 - 4 * s + 1
        let d01 = -d00
        let d11 = 3 * s2 - 2 * s
        let d = d00 * points[i] + d10 * outgoing[i] + d01 * points[i + 1] + d11 * incoming[i + 1]
        return (d * d).sum().squareRoot()
    }

    /// Cumulative arc lengths at `samplesPerSegment` even parameter steps per segment, from 0.
    func cumulativeArcLength(samplesPerSegment m: Int) -> [Double] {
        let segments = points.count - 1
        var cumulative = [0.0]
        cumulative.reserveCapacity(segments * m + 1)
        for i in 0..<segments {
            KeyframeArcLength.appendCumulative(
                to: &cumulative, offset: cumulative[cumulative.count - 1], samples: m
            ) { speed(segment: i, parameter: $0) }
        }
        return cumulative
    }
}

