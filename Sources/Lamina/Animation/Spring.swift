// SPDX-License-Identifier: Apache-2.0
// CASpringAnimation's motion in closed form (CA-9.x): a damped harmonic oscillator
// m·x″ + c·x′ + k·x = 0 for the displacement x from the target, solved exactly for the under-,
// critically and over-damped regimes (the shape of Flutter's SpringSolution).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The physical parameters of a spring animation (CASpringAnimation's, CA-9.1–9.5), with
/// Core Animation's defaults: mass 1, stiffness 100, damping 10, initial velocity 0 (damping
/// ratio 0.5, natural frequency 10 rad/s, CA-9.3).
///
/// Progress runs from 0 (the from value) to 1 (the target) and may overshoot:
/// `progress(t) = 1 − x(t)` with `x(0) = 1` and `x′(0) = −initialVelocity`.
///
/// Rules where Core Animation is silent (each has a test in SpringTests):
/// - `initialVelocity` is in units of the whole distance per second, positive toward the target
///   (CA-9.2): 1 covers the distance in one second at the start.
/// - Valid input is mass > 0, stiffness > 0 (both finite) and damping ≥ 0 (CA-9.1). Damping
///   below 0 (or NaN) counts as 0. A non-positive or non-finite mass or stiffness makes the
///   spring an *instant*: progress 0 at t ≤ 0 and 1 after, velocity 0, settling duration 0.
/// - Times t ≤ 0 evaluate at t = 0: progress 0, velocity `initialVelocity`.
/// - A damping ratio within 1e-9 of 1 is solved as exactly critical (the perceptual initializer
///   with bounce 0 lands there up to rounding).
public struct SpringParameters: Hashable, Sendable {
    /// The mass at the end of the spring, > 0 (default 1).
    public var mass: Double
    /// The spring constant k, > 0 (default 100).
    public var stiffness: Double
    /// The damping coefficient c, ≥ 0 (default 10).
    public var damping: Double
    /// The velocity at t = 0 in distances per second, positive toward the target (default 0).
    public var initialVelocity: Double
    /// Whether an overdamped spring is solved as overdamped; when false (the default) it is
    /// solved as critically damped, i.e. with damping lowered to 2·√(k·m) (CA-9.1).
    public var allowsOverdamping: Bool

    /// Creates spring parameters; each defaults to CASpringAnimation's value.
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
        initialVelocity: Double = 0, allowsOverdamping: Bool = false
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// The spring for a perceptual duration and a bounce
    /// (`initWithPerceptualDuration:bounce:`, CA-9.5): mass 1, stiffness (2π/duration)²,
    /// damping 4π(1 − bounce)/duration for bounce ≥ 0 and 4π/(duration·(1 + bounce)) for
    /// bounce < 0, allowsOverdamping true, initial velocity 0.
    ///
    /// The damping ratio is `1 − bounce` for bounce ≥ 0 and `1/(1 + bounce)` below 0, so
    /// bounce 0 is critically damped, positive bounce oscillates and negative bounce is
    /// overdamped. Meaningful bounces lie in (−1, 1); bounce 1 is undamped. A duration that is
    /// not positive gives an infinite stiffness: an instant spring.
    public init(perceptualDuration duration: Double, bounce: Double) {
        let omega = duration > 0 ? 2 * Double.pi / duration : .infinity
        let damping = bounce >= 0
            ? 4 * Double.pi * (1 - bounce) / duration
            : 4 * Double.pi / (duration * (1 + bounce))
        self.init(
            mass: 1, stiffness: omega * omega, damping: damping, initialVelocity: 0,
            allowsOverdamping: true)
    }

    /// The damping ratio ζ = c / (2·√(k·m)) of the parameters as given (before
    /// `allowsOverdamping` is applied; see the solver's damping ratio).
    public var dampingRatio: Double {
        max(damping, 0) / (2 * (stiffness * mass).squareRoot())
    }

    /// The undamped natural frequency ω₀ = √(k/m) in radians per second.
    public var naturalFrequency: Double {
        (stiffness / mass).squareRoot()
    }

    /// The closed-form solution for these parameters (cache it to evaluate many times).
    package var solution: SpringSolution { SpringSolution(self) }

    /// The progress at time `t` seconds after the start: 0 at t ≤ 0, tending to 1, possibly
    /// overshooting.
    public func progress(at t: Double) -> Double { solution.progress(at: t) }

    /// The rate of change of progress at time `t`, in distances per second.
    public func velocity(at t: Double) -> Double { solution.velocity(at: t) }

    /// The threshold of ``settlingDuration``: 8.3e-4 of the distance, the value at which the
    /// envelope rule reproduces both of Apple's published examples (CA-9.4).
    public static let settlingThreshold = 8.3e-4

    /// The time after which the spring is at rest (CASpringAnimation's `settlingDuration`,
    /// CA-9.4), with ``settlingThreshold`` (see ``settlingDuration(threshold:)``).
    ///
    /// The rule: the envelope of the closed-form motion falls below 8.3e-4 of the distance.
    /// Apple's examples (mass 1, stiffness 100): damping 5 gives ≈ 2.85 s and damping 15 "just
    /// over 1 s"; this rule gives 2.8505 s and 1.0010 s. Apple's threshold is not published;
    /// one envelope threshold fits both examples (a round 0.001 gives 2.776 s and 0.976 s, and
    /// the last actual crossing of a threshold would give 0.80 s for damping 15).
    public var settlingDuration: Double { solution.settlingDuration(threshold: Self.settlingThreshold) }

    /// The time after which the spring provably stays at rest to within `threshold`: from then
    /// on, |1 − progress| ≤ threshold and |velocity| ≤ threshold·ω₀ (the velocity bound in the
    /// same units: ω₀ times a displacement is the speed of an oscillation of that amplitude).
    ///
    /// It uses the decaying *envelope* of the closed form rather than the last crossing of the
    /// threshold: for an underdamped spring `ln(R / threshold) / (ζ·ω₀)`, where `R` is the
    /// amplitude of the solution (`1/√(1−ζ²)` at zero initial velocity); for critical and
    /// overdamped springs the smallest time after which the bound `Σ|cᵢ|·tᵏ·e^{rᵢt}` stays below
    /// the threshold. ∞ for an undamped spring; 0 for an instant (invalid mass or stiffness) or
    /// a threshold that is already met at t = 0.
    public func settlingDuration(threshold: Double) -> Double {
        solution.settlingDuration(threshold: threshold)
    }
}

/// The closed-form motion of a ``SpringParameters`` spring, precomputed for evaluation.
///
/// With α = ζ·ω₀ and x(0) = 1, x′(0) = −v₀:
/// - underdamped (ζ < 1): x = e^{−αt}·(cos ω_d t + B·sin ω_d t), ω_d = ω₀√(1−ζ²),
///   B = (α − v₀)/ω_d;
/// - critically damped (ζ = 1): x = (1 + B·t)·e^{−ω₀t}, B = ω₀ − v₀;
/// - overdamped (ζ > 1): x = C₁e^{r₁t} + C₂e^{r₂t}, r₁ = −ω₀/(ζ + √(ζ²−1)) (the slow root,
///   written without cancellation), r₂ = −ω₀(ζ + √(ζ²−1)), C₂ = (−v₀ − r₁)/(r₂ − r₁),
///   C₁ = 1 − C₂.
package struct SpringSolution: Hashable, Sendable {
    /// The regime of the motion actually solved.
    public enum Regime: Hashable, Sendable {
        /// ζ < 1: oscillates about the target with decaying amplitude (ζ = 0: forever).
        case underdamped
        /// ζ = 1 (or overdamped with allowsOverdamping false): the fastest approach without
        /// oscillation.
        case criticallyDamped
        /// ζ > 1 with allowsOverdamping: a slower approach without oscillation.
        case overdamped
        /// Invalid mass or stiffness: jumps to the target at t > 0.
        case instant
    }

    /// The regime solved.
    public let regime: Regime
    /// The damping ratio solved (1 when an overdamped spring is treated as critical).
    public let dampingRatio: Double
    /// ω₀ = √(k/m).
    public let naturalFrequency: Double
    /// v₀, in distances per second toward the target.
    public let initialVelocity: Double
    // Coefficients: underdamped (α, ω_d, B); critical (B); overdamped (r₁, r₂, C₁, C₂).
    let a: Double
    let b: Double
    let c: Double
    let d: Double

    /// Solves the motion for `p` (see ``SpringParameters`` for the rules on invalid input).
    public init(_ p: SpringParameters) {
        let v0 = p.initialVelocity
        initialVelocity = v0
        guard p.mass > 0, p.stiffness > 0, p.mass.isFinite, p.stiffness.isFinite,
            v0.isFinite
        else {
            regime = .instant
            dampingRatio = 0
            naturalFrequency = 0
            a = 0; b = 0; c = 0; d = 0
            return
        }
        let w0 = (p.stiffness / p.mass).squareRoot()
        var zeta = p.dampingRatio
        if zeta.isNaN { zeta = 0 }
        if zeta > 1 && !p.allowsOverdamping { zeta = 1 }
        if abs(zeta - 1) <= 1e-9 { zeta = 1 }
        naturalFrequency = w0
        dampingRatio = zeta
        if zeta < 1 {
            regime = .underdamped
            let alpha = zeta * w0
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            a = alpha
            b = wd
            c = (alpha - v0) / wd
            d = 0
        } else if zeta == 1 {
            regime = .criticallyDamped
            a = w0 - v0
            b = 0; c = 0; d = 0
        } else {
            regime = .overdamped
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = zeta.isFinite ? -w0 / (zeta + s) : 0  // ζ = ∞: the mass never moves
            let r2 = -w0 * (zeta + s)
            let c2 = r2.isFinite ? (-v0 - r1) / (r2 - r1) : 0
            a = r1
            b = r2
            c = 1 - c2
            d = c2
        }
    }

    /// The displacement from the target, x(t) (1 at the start).
    public func displacement(at t: Double) -> Double {
        let t = t > 0 ? t : 0
        switch regime {
        case .underdamped:
            let (alpha, wd, bb) = (a, b, c)
            return exp(-alpha * t) * (cos(wd * t) + bb * sin(wd * t))
        case .criticallyDamped:
            return (1 + a * t) * exp(-naturalFrequency * t)
        case .overdamped:
            return c * exp(a * t) + (d == 0 ? 0 : d * exp(b * t))
        case .instant:
            return t > 0 ? 0 : 1
        }
    }

    /// x′(t), the displacement's rate of change.
    public func displacementVelocity(at t: Double) -> Double {
        let t = t > 0 ? t : 0
        switch regime {
        case .underdamped:
            let (alpha, wd, bb) = (a, b, c)
            return exp(-alpha * t)
                * ((bb * wd - alpha) * cos(wd * t) - (wd + alpha * bb) * sin(wd * t))
        case .criticallyDamped:
            let w0 = naturalFrequency
            return (a - w0 * (1 + a * t)) * exp(-w0 * t)
        case .overdamped:
            return a * c * exp(a * t) + (d == 0 ? 0 : b * d * exp(b * t))
        case .instant:
            return t > 0 ? 0 : -initialVelocity
        }
    }

    /// Progress 1 − x(t): 0 at t ≤ 0, tending to 1.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// −x′(t): progress per second (`initialVelocity` at t ≤ 0).
    public func velocity(at t: Double) -> Double { -displacementVelocity(at: t) }

    /// See ``SpringParameters/settlingDuration(threshold:)``.
    public func settlingDuration(threshold eps: Double) -> Double {
        guard eps > 0 else { return .infinity }
        let w0 = naturalFrequency
        switch regime {
        case .instant:
            return 0
        case .underdamped:
            let (alpha, wd, bb) = (a, b, c)
            guard alpha > 0 else { return .infinity }
            let rx = (1 + bb * bb).squareRoot()
            let rv = ((bb * wd - alpha) * (bb * wd - alpha) + (wd + alpha * bb) * (wd + alpha * bb))
                .squareRoot()
            let tx = log(rx / eps) / alpha
            let tv = log(rv / (eps * w0)) / alpha
            return max(0, tx, tv)
        case .criticallyDamped:
            // |x| ≤ (1 + |B|t)e^{−ω₀t};  |x′| ≤ (|B − ω₀| + ω₀|B|t)e^{−ω₀t}.
            let bx = abs(a)
            let tx = Self.lastTime(a0: 1, a1: bx, rate: w0, below: eps)
            let tv = Self.lastTime(a0: abs(a - w0), a1: w0 * bx, rate: w0, below: eps * w0)
            return max(tx, tv)
        case .overdamped:
            let (r1, r2, c1, c2) = (a, b, c, d)
            guard r1 < 0 else { return .infinity }
            let fx: (Double) -> Double = { t in abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t) }
            let fv: (Double) -> Double = { t in
                abs(r1 * c1) * exp(r1 * t) + (c2 == 0 ? 0 : abs(r2 * c2) * exp(r2 * t))
            }
            return max(
                Self.crossing(of: fx, from: 0, below: eps),
                Self.crossing(of: fv, from: 0, below: eps * w0))
        }
    }

    /// The smallest T with (a0 + a1·t)·e^{−rate·t} ≤ bound for every t ≥ T (a0, a1 ≥ 0).
    static func lastTime(a0: Double, a1: Double, rate: Double, below bound: Double) -> Double {
        // The bound rises until t* = (a1 − rate·a0)/(rate·a1), then falls.
        let peak = a1 > 0 ? max(0, (a1 - rate * a0) / (rate * a1)) : 0
        let f: (Double) -> Double = { t in (a0 + a1 * t) * exp(-rate * t) }
        if f(peak) <= bound { return 0 }
        return crossing(of: f, from: peak, below: bound)
    }

    /// For `f` non-increasing on [start, ∞): the time in [start, ∞) where it falls to `bound`
    /// (`start` if already there), to about 1e-12 s.
    static func crossing(of f: (Double) -> Double, from start: Double, below bound: Double)
        -> Double
    {
        if f(start) <= bound { return start }
        var lo = start
        var hi = start + 1e-3
        var guardCount = 0
        while f(hi) > bound {
            lo = hi
            hi = start + 2 * (hi - start)
            guardCount += 1
            if guardCount > 200 { return .infinity }
        }
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if f(mid) > bound { lo = mid } else { hi = mid }
            if hi - lo <= 1e-12 * max(1, hi) { break }
        }
        return hi
    }
}
