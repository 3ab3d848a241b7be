// SPDX-License-Identifier: Apache-2.0
// CAMediaTiming's model (CA-5.x, CA-13.6, CA-16 "Time spaces", CA-17): how a timed object — a
// layer or an animation — maps its parent's time to its own, and the one function that decides
// whether it is active, filling or finished (CA-5.10). Pure: no engine, no clock.

/// What a timed object shows outside its active period (CA-5.9, kCAFillMode*).
///
/// The flags speak of the object's *local* time, as Core Animation's header does: `backwards`
/// holds the local start, `forwards` holds the local end. With a negative speed the local end is
/// shown before the object begins and the local start after it ends (see ``MediaTiming``).
public enum FillMode: Int32, Sendable, CaseIterable {
    /// No effect outside the active period (the default).
    case removed = 0
    /// Holds the end state after the active period (needs removedOnCompletion = false to be seen).
    case forwards = 1
    /// Holds the start state before the active period.
    case backwards = 2
    /// Both `forwards` and `backwards`.
    case both = 3

    /// Whether the local end is held (`forwards` or `both`).
    @inlinable public var holdsEnd: Bool { self == .forwards || self == .both }
    /// Whether the local start is held (`backwards` or `both`).
    @inlinable public var holdsStart: Bool { self == .backwards || self == .both }

    /// Core Animation's name: "removed", "forwards", "backwards" or "both" (kCAFillMode*).
    public var name: String {
        switch self {
        case .removed: return "removed"
        case .forwards: return "forwards"
        case .backwards: return "backwards"
        case .both: return "both"
        }
    }

    /// The fill mode with Core Animation's name, or nil for another string.
    public init?(name: String) {
        guard let mode = FillMode.allCases.first(where: { $0.name == name }) else { return nil }
        self = mode
    }
}

/// Where a parent time falls relative to an object's active period, in the direction the
/// *parent's* time runs: `before` has not started yet, `after` will never be active again.
public enum TimingPhase: Sendable, CaseIterable {
    /// The active period has not begun.
    case before
    /// Inside the active period.
    case active
    /// The active period is over (the object is finished, CA-5.10).
    case after
}

/// The answer of ``MediaTiming/state(atParentTime:)``: everything evaluation and removal need
/// to know about one timed object at one parent time.
package struct TimingState: Hashable, Sendable {
    /// Before, inside or after the active period (in the parent's direction of time).
    public var phase: TimingPhase
    /// Whether the object has an effect: active, or filling per its ``FillMode``. When false
    /// the object contributes nothing (fill mode `removed` outside the active period).
    public var isContributing: Bool
    /// The iteration (repeat cycle) sampled; with `autoreverses` one iteration is a forward and
    /// a backward pass. It counts from the start of local time *including* `timeOffset` (so an
    /// offset larger than a cycle starts at iteration 1, and a negative offset at −1). When not
    /// contributing, the iteration a fill would show at the nearest end of the active period.
    public var currentIteration: Int
    /// The linear fraction within the current iteration, after autoreverse mirroring and before
    /// the timing function, in [0, 1]. When not contributing, the value a fill would show.
    public var iterationProgress: Double
    /// The active duration in local time (∞ for infinite repeats); see
    /// ``MediaTiming/activeDuration``.
    public var activeDuration: Double
    /// Whether the active period is over (`phase == .after`): the moment an animation with
    /// removedOnCompletion is removed, whatever its fill mode.
    public var isFinished: Bool

    /// Creates a state from its fields.
    public init(
        phase: TimingPhase, isContributing: Bool, currentIteration: Int, iterationProgress: Double,
        activeDuration: Double, isFinished: Bool
    ) {
        self.phase = phase
        self.isContributing = isContributing
        self.currentIteration = currentIteration
        self.iterationProgress = iterationProgress
        self.activeDuration = activeDuration
        self.isFinished = isFinished
    }
}

/// The timing of a layer or an animation (CAMediaTiming's role, CA-5.x); defaults as in CA-13.6.
///
/// Parent time `t` becomes local time in two stages (CA-5.1). Stage 1 (CA-5.2) places and
/// scales the object: `local = (t − beginTime) × speed + timeOffset`. Stage 2 (CA-5.10) folds
/// local time into repeat cycles of period `P = duration × (autoreverses ? 2 : 1)` for an active
/// duration `AD`, and yields the iteration and the linear progress `x` that a timing function
/// then eases.
///
/// ```
///                   beginTime                        endTime = beginTime + AD/|speed|
///  parent time ──────────┬─────────────────────────────────┬──────────────────────▶
///  phase         before  │             active              │  after (finished)
///  τ = (t−b)·|speed|     │ 0 ─────────────────────────▶ AD │
///  fill: backwards/both ◀┘ holds τ = 0       forwards/both └▶ holds τ → AD
///
///  repeatCount 2.5       │ iteration 0 │ iteration 1 │ it. 2 │
///  x = u / duration      │ 0 ──────▶ 1 │ 0 ──────▶ 1 │ 0─▶.5 │ .5 held by forwards
///  autoreverses          │ 0 ──▶ 1 ──▶ 0 │   one iteration is P = 2 × duration
///  timeOffset 1, d 3     │ x·3: 1 ──▶ 3, then 0 ──▶ 1 │   the first second moves to the end
/// ```
///
/// Rules where Core Animation is silent (each has a test in MediaTimingTests):
/// - **Active period.** Activeness is decided by `τ = (t − beginTime) × |speed|` alone, on the
///   half-open interval `[0, AD)` — computed in parent time as `beginTime ≤ t < endTime` (see
///   ``endTime``); `timeOffset` only shifts the sampled position, wrapping modulo the period
///   (CA-5.8), so it never shortens the active period.
/// - **Ends of iterations.** Inside the active period a cycle boundary belongs to the *next*
///   iteration (progress 0). The forwards fill shows the *limit* of the active period at its end,
///   so a whole repeatCount ends at progress exactly 1 (0 with autoreverses), and a fractional
///   one mid-cycle (repeatCount 2.5 → iteration 2, progress 0.5).
/// - **Iteration counting.** `iteration = ⌊(τ + timeOffset) / P⌋`: the offset shifts the whole
///   repeating timeline, which keeps cumulative animations continuous across the wrap.
/// - **Negative speed** runs the object backwards *through its own active period*: it still
///   begins at `beginTime`, lasts `AD / |speed|` of parent time, and its local position is
///   `τ = AD − (t − beginTime) × |speed|` (measured from the end). Before it begins it shows the
///   local end if the fill holds the end (`forwards`); after it ends, the local start if the fill
///   holds the start (`backwards`). While playing backwards a cycle boundary belongs to the
///   iteration being played (progress 1, not 0). With an infinite active duration there is no
///   end to start from, so local time is `−(t − beginTime) × |speed|`. Layer time spaces
///   (the engine's local-time mapping) always use the plain CA formula.
/// - **Speed 0** freezes local time at `timeOffset` (CA-5.7): the object is active at every
///   parent time (if its active duration is positive), sampled at `τ = 0`, and never finishes.
///   A NaN speed counts as 0.
/// - **Zero duration** (or negative or NaN, CA-17): the object is an instant that never divides
///   by zero. Its active duration is 0, so it is `before` until `beginTime` and `after` from
///   then on; the start state is progress 0 and the end state progress 1 (0 with autoreverses),
///   iteration 0 for both.
/// - **Forever.** `repeatCount` of `.infinity` or at least `Float.greatestFiniteMagnitude`
///   (HUGE_VALF, so Double's greatest finite value too) repeats forever; a non-positive
///   repeatCount plays once; a positive `repeatDuration` wins over `repeatCount` (setting both is
///   undefined in CA, CA-5.5).
public struct MediaTiming: Hashable, Sendable {
    /// When the object begins, in its parent's time (default 0).
    public var beginTime: Double
    /// The length of one pass, in local time (default 0; ≤ 0 is an instant, see above).
    public var duration: Double
    /// The rate of local time relative to the parent's (default 1; 0 freezes; negative reverses).
    public var speed: Double
    /// Added to local time after `speed`, not scaled by it; wraps modulo the period (default 0).
    public var timeOffset: Double
    /// How many cycles to play, fractions allowed (default 0 = once; ∞ or ≥ HUGE_VALF forever).
    public var repeatCount: Double
    /// How long to repeat, in local time, when positive (default 0 = unused).
    public var repeatDuration: Double
    /// Whether each cycle plays forwards then backwards (default false).
    public var autoreverses: Bool
    /// What is shown outside the active period (default `.removed`).
    public var fillMode: FillMode

    /// Creates a timing; every parameter defaults to Core Animation's value (CA-13.6).
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The smallest `repeatCount` that means "forever": HUGE_VALF's role in CA (CA-5.5),
    /// `Float.greatestFiniteMagnitude` as a Double. Infinity counts too.
    public static let foreverRepeatCount = Double(Float.greatestFiniteMagnitude)

    // MARK: Derived durations

    /// Whether `repeatCount` asks for endless repetition (and `repeatDuration` does not bound it).
    @inlinable
    public var repeatsForever: Bool {
        // The constant itself, not `foreverRepeatCount`: a global's lazy-initialisation check
        // on every timing state was a tenth of its cost.
        repeatCount >= Double(Float.greatestFiniteMagnitude)
    }

    /// The cycle length `P = duration × (autoreverses ? 2 : 1)` in local time; 0 for an instant
    /// (duration ≤ 0 or NaN).
    @inlinable
    public var period: Double {
        guard duration > 0 else { return 0 }
        return autoreverses ? 2 * duration : duration
    }

    /// The active duration `AD` in local time (CA-5.10): `repeatDuration` when positive, else
    /// `P × repeatCount` (`P` when repeatCount ≤ 0), ∞ when repeating forever, 0 for an instant.
    @inlinable
    public var activeDuration: Double { activeDuration(period: period) }

    /// ``activeDuration`` for this timing's ``period`` `p`, already known.
    @inlinable
    func activeDuration(period p: Double) -> Double {
        guard p > 0 else { return 0 }
        if repeatDuration > 0 { return repeatDuration }
        if repeatsForever { return .infinity }
        return p * playedCycles
    }

    /// The number of cycles played when `repeatDuration` is unused: repeatCount, or 1 when it
    /// is not positive.
    @inlinable
    var playedCycles: Double { repeatCount > 0 ? repeatCount : 1 }

    /// The parent time at which the object finishes (enters the `after` phase):
    /// `beginTime + AD / |speed|`. The engine's timing state reports `after` exactly from this
    /// parent time on (it compares against this value), so scheduling and evaluation agree. ∞ when it never finishes (infinite active duration, or speed
    /// 0 with a positive active duration); −∞ when it is finished at every parent time (speed 0
    /// and a zero active duration).
    public var endTime: Double {
        let ad = activeDuration
        let rate = abs(speed)
        guard rate > 0 else { return ad > 0 ? .infinity : -.infinity }
        return beginTime + ad / rate
    }

    // MARK: Stage 1: time spaces (CA-5.2, CA-5.11, CA-16)

    /// Local ("active local") time for a parent time: `(t − beginTime) × speed + timeOffset`
    /// (CA-5.2). With speed 0 it is `timeOffset` at every parent time (also for infinite `t`).
    @inlinable
    package func localTime(forParentTime t: Double) -> Double {
        guard speed != 0 else { return timeOffset }
        return (t - beginTime) * speed + timeOffset
    }

    /// The parent time for a local time: the inverse of ``localTime(forParentTime:)``,
    /// `(local − timeOffset + beginTime × speed) / speed`. Speed 0 has no inverse (every parent
    /// time maps to `timeOffset`); it answers `beginTime`.
    @inlinable
    package func parentTime(forLocalTime local: Double) -> Double {
        guard speed != 0 else { return beginTime }
        // One division last: exact whenever beginTime × speed and the sum are (CA-16's example).
        return (local - timeOffset + beginTime * speed) / speed
    }

    /// Converts a time between two time spaces under a common ancestor (CALayer's
    /// `convertTime:fromLayer:` / `toLayer:`, CA-5.11).
    ///
    /// Each chain lists the timings from just *below* the common ancestor down to the layer
    /// itself, in that order; the ancestor's own time space (absolute time when the ancestor is
    /// the root of an untimed tree) is the shared reference, and an empty chain means that
    /// space. The time goes up through `from` (inverting each level, leaf first) and then down
    /// through `to`. Including shared ancestors in both chains gives the same answer up to
    /// rounding, except through a level with speed 0, which cannot be inverted (see
    /// ``parentTime(forLocalTime:)``).
    ///
    /// ```swift
    /// // CA-16: leaf (begin 1, speed 2, offset 0.5) under mid (begin 2, speed 3, offset 0.25)
    /// MediaTiming.convert(10, from: [mid], to: [mid, leaf])   // 18.5
    /// MediaTiming.convert(10, from: [mid, leaf], to: [])      // 23/6
    /// ```
    package static func convert(_ t: Double, from: [MediaTiming], to: [MediaTiming]) -> Double {
        var time = t
        for level in from.reversed() { time = level.parentTime(forLocalTime: time) }
        for level in to { time = level.localTime(forParentTime: time) }
        return time
    }

    /// A layer's time for its sublayers and animations (CA-5.11, CA-13.6): stage 1 alone while
    /// its `duration` is 0 (the default: a layer's time space neither ends nor repeats);
    /// otherwise the time within the current cycle after repeats and autoreverse, held by the
    /// fill mode outside the active period, and −∞ ("not started") outside it without a fill.
    package func layerLocalTime(forParentTime t: Double) -> Double {
        guard duration > 0 else { return localTime(forParentTime: t) }
        let st = state(atParentTime: t)
        guard st.isContributing else { return -.infinity }
        return st.iterationProgress * duration
    }

    // MARK: Stage 2: active, filling, finished (CA-5.10)

    /// The state of this object at parent time `t`: the one decision of active / filling /
    /// finished used for evaluation and removal alike (CA-5.10). See the type's documentation
    /// for the rules.
    ///
    /// Per frame for every explicit animation and timed layer, so the period and active
    /// duration are worked out once and passed down, and a position inside the first cycle
    /// (every non-repeating animation while it plays) skips the remainder and rounding
    /// (``wrap(_:endOfCycle:period:)``); the arithmetic is otherwise the general rule's, bit for
    /// bit (MediaTimingTests compares it with the rule as first written).
    @inline(__always)
    package func state(atParentTime t: Double) -> TimingState {
        // The common case first: playing forwards inside the first cycle (a non-repeating
        // animation while it plays, a Lottie scene's root while it plays through once). It is
        // the general rule's answer there, step for step: active from beginTime to
        // beginTime + AD / speed, iteration 0, the position `elapsed + timeOffset` itself.
        // Before and after such a timing without a timeOffset, played once (a Lottie
        // animation outside its keyframes' span), the start and end samples are position 0 and
        // P of iteration 0, which is what the general rule's wrap gives there.
        if speed > 0, duration > 0, !t.isNaN {
            let p = autoreverses ? 2 * duration : duration
            let ad = activeDuration(period: p)
            if t < beginTime {
                if timeOffset == 0 {
                    return TimingState(
                        phase: .before, isContributing: fillMode.holdsStart, currentIteration: 0,
                        iterationProgress: finish(cycles: 0, u: 0).progress, activeDuration: ad,
                        isFinished: false)
                }
            } else if t >= beginTime + ad / speed {
                if timeOffset == 0, !(repeatDuration > 0), repeatCount <= 0 || repeatCount == 1 {
                    return TimingState(
                        phase: .after, isContributing: fillMode.holdsEnd, currentIteration: 0,
                        iterationProgress: finish(cycles: 0, u: p).progress, activeDuration: ad,
                        isFinished: true)
                }
            } else {
                let elapsed = (t - beginTime) * speed
                let u = elapsed + timeOffset
                if elapsed < ad, u >= 0, u < p {
                    return TimingState(
                        phase: .active, isContributing: true, currentIteration: 0,
                        iterationProgress: finish(cycles: 0, u: u).progress, activeDuration: ad,
                        isFinished: false)
                }
            }
        }
        return generalState(atParentTime: t)
    }

    /// ``state(atParentTime:)`` by the general rule, for every timing and time.
    @inline(never)
    package func generalState(atParentTime t: Double) -> TimingState {
        let p = period
        let ad = activeDuration(period: p)
        let frozen = speed == 0 || speed.isNaN
        let backwardsPlay = !frozen && speed < 0

        // The phase compares parent times with beginTime and endTime, so that `endTime` and
        // this function agree exactly (the engine schedules removal by one, evaluates by the
        // other). Not frozen: |speed| > 0, so endTime is `beginTime + AD / |speed|`.
        let phase: TimingPhase
        if frozen {
            phase = ad > 0 ? .active : .after
        } else if t.isNaN || t < beginTime {
            phase = .before
        } else if t >= beginTime + ad / abs(speed) {
            phase = .after
        } else {
            phase = .active
        }
        // Elapsed active time in the parent's direction of time (0 when frozen).
        let elapsed = frozen ? 0 : (t - beginTime) * abs(speed)

        let sample: (iteration: Int, progress: Double)
        let contributing: Bool
        switch phase {
        case .active:
            contributing = true
            if !backwardsPlay {
                // Rounding can put the last instant before endTime at τ = AD: hold the end.
                sample = elapsed < ad
                    ? sampleAt(localTime: elapsed, endOfCycle: false, period: p)
                    : endSample(period: p, activeDuration: ad)
            } else if ad.isFinite {
                // Measured from the end; the entry instant is the exact end sample, and rounding
                // at the exit holds the start.
                let position = ad - elapsed
                if elapsed == 0 {
                    sample = endSample(period: p, activeDuration: ad)
                } else if position <= 0 {
                    sample = startSample(period: p)
                } else {
                    sample = sampleAt(localTime: position, endOfCycle: true, period: p)
                }
            } else {
                sample = sampleAt(localTime: -elapsed, endOfCycle: true, period: p)
            }
        case .before:
            // Forward play enters at the local start; backward play at the local end.
            if backwardsPlay {
                contributing = fillMode.holdsEnd
                sample = ad.isFinite
                    ? endSample(period: p, activeDuration: ad) : sampleAt(localTime: 0, endOfCycle: true, period: p)
            } else {
                contributing = fillMode.holdsStart
                sample = startSample(period: p)
            }
        case .after:
            // Forward play leaves at the local end; backward play at the local start.
            if backwardsPlay {
                contributing = fillMode.holdsStart
                sample = startSample(period: p)
            } else {
                contributing = fillMode.holdsEnd
                sample = endSample(period: p, activeDuration: ad)
            }
        }
        return TimingState(
            phase: phase, isContributing: contributing, currentIteration: sample.iteration,
            iterationProgress: sample.progress, activeDuration: ad, isFinished: phase == .after)
    }

    // MARK: Sampling
    //
    // Each takes the timing's ``period`` `p` (and ``activeDuration`` where it needs it) from
    // the caller, which has worked it out already.

    /// The sample at local position τ = 0 (the local start, +timeOffset).
    func startSample(period p: Double) -> (iteration: Int, progress: Double) {
        guard p > 0 else { return (0, 0) }
        return sampleAt(localTime: 0, endOfCycle: false, period: p)
    }

    /// The sample at local position τ = AD, taken as the limit from inside the active period:
    /// a whole number of cycles ends at the end of the last one, not the start of the next.
    func endSample(period p: Double, activeDuration ad: Double) -> (iteration: Int, progress: Double) {
        guard p > 0 else { return (0, autoreverses ? 0 : 1) }
        if repeatDuration > 0 || repeatsForever {
            return sampleAt(localTime: ad, endOfCycle: true, period: p)
        }
        // Count whole cycles exactly instead of wrapping P × count (which may round). One cycle
        // (the default) needs no rounding: ⌈1⌉ − 1 is 0.
        let count = playedCycles
        let whole = count == 1 ? 0 : (count.rounded(.up) - 1)  // cycles completed before the last one
        let lastPart = (count - whole) * p             // (0, P]: how far into the last cycle
        let wrapped = wrap(lastPart + timeOffset, endOfCycle: true, period: p)
        return finish(cycles: whole + wrapped.cycles, u: wrapped.u)
    }

    /// The sample at local position τ (before timeOffset). `endOfCycle` picks the convention at
    /// a cycle boundary: false → start of the next cycle (u = 0), true → end of the previous one
    /// (u = P).
    func sampleAt(localTime tau: Double, endOfCycle: Bool, period p: Double) -> (iteration: Int, progress: Double) {
        guard p > 0 else { return (0, endOfCycle && !autoreverses ? 1 : 0) }
        let wrapped = wrap(tau + timeOffset, endOfCycle: endOfCycle, period: p)
        return finish(cycles: wrapped.cycles, u: wrapped.u)
    }

    /// ``wrap(_:endOfCycle:period:)`` with this timing's ``period``.
    func wrap(_ s: Double, endOfCycle: Bool) -> (cycles: Double, u: Double) {
        wrap(s, endOfCycle: endOfCycle, period: period)
    }

    /// Splits a local time into whole cycles and the position `u` within the cycle, in [0, P)
    /// (or (0, P] for `endOfCycle`), `p` being this timing's ``period``. An infinite period
    /// never wraps.
    func wrap(_ s: Double, endOfCycle: Bool, period p: Double) -> (cycles: Double, u: Double) {
        guard p.isFinite else { return (0, s) }
        // Inside the first cycle, or at its end: what the remainder and rounding below give
        // there (s mod P is s itself, exactly), without them.
        if s >= 0 && s < p { return endOfCycle && s == 0 ? (-1, p) : (0, s) }
        if endOfCycle && s == p { return (0, p) }
        guard s.isFinite else { return (s, 0) }
        var u = s.truncatingRemainder(dividingBy: p)  // exact
        if u < 0 { u += p }
        if u >= p { u = 0 }  // rounding of the addition above
        var cycles = ((s - u) / p).rounded()
        if endOfCycle && u == 0 {
            u = p
            cycles -= 1
        }
        return (cycles, u)
    }

    /// Mirrors the backward half of an autoreversing cycle and normalises to progress.
    @inline(__always)
    func finish(cycles: Double, u: Double) -> (iteration: Int, progress: Double) {
        var u = u
        if autoreverses && u > duration { u = 2 * duration - u }
        var x = u / duration
        if x.isNaN { x = 0 }
        x = min(max(x, 0), 1)
        return (MediaTiming.clampedInt(cycles), x)
    }

    /// An iteration count as an Int without trapping on huge or non-finite values.
    static func clampedInt(_ d: Double) -> Int {
        if d.isNaN { return 0 }
        if d >= 9.0e18 { return Int.max }
        if d <= -9.0e18 { return Int.min }
        return Int(d)
    }
}
