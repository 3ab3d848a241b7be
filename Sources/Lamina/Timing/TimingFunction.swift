// SPDX-License-Identifier: Apache-2.0
// Cubic Bézier timing functions (CAMediaTimingFunction's role; CA-6.x, CA-16, CA-17).

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points `c1` and `c2`
/// (CAMediaTimingFunction's role, CA-6.1).
///
/// The input is the fraction of time elapsed and the output the fraction of progress. The
/// curve is evaluated the way Core Animation does (CA-6.3): find the Bézier parameter `s` with
/// `Bx(s) = x`, then return `By(s)`. Using `x` itself as the parameter is a classic bug
/// (CA-17).
///
/// Equality and hashing use the four control points only.
public struct TimingFunction: Hashable, Sendable {
    /// The x coordinate of the first control point; valid curves keep it in [0, 1].
    public let c1x: Double
    /// The y coordinate of the first control point; may lie outside [0, 1] (overshoot).
    public let c1y: Double
    /// The x coordinate of the second control point; valid curves keep it in [0, 1].
    public let c2x: Double
    /// The y coordinate of the second control point; may lie outside [0, 1] (overshoot).
    public let c2y: Double

    // Polynomial coefficients: B(s) = ((a·s + b)·s + c)·s for each axis.
    @usableFromInline let ax: Double
    @usableFromInline let bx: Double
    @usableFromInline let cx: Double
    @usableFromInline let ay: Double
    @usableFromInline let by: Double
    @usableFromInline let cy: Double
    /// An upper bound of |By′(s)| on [0, 1], which turns a tolerance on progress into a
    /// tolerance on the parameter for the bisection fallback.
    @usableFromInline let slopeBoundY: Double
    /// Whether both control points lie on the diagonal, so that the curve is the identity.
    @usableFromInline let isLinear: Bool

    /// The most Newton–Raphson steps tried before falling back to bisection.
    @inlinable static var newtonIterations: Int { 8 }
    /// The tolerance on the solved time, |Bx(s) − x|, for Newton–Raphson.
    @inlinable static var xEpsilon: Double { 1e-9 }
    /// The tolerance on the estimated error of the progress, |By′/Bx′|·|Bx(s) − x|. The
    /// accuracy promised is 1e-6 in progress; this leaves a wide margin.
    @inlinable static var yEpsilon: Double { 1e-9 }
    /// Derivatives below this make a Newton step unreliable; bisect instead.
    @inlinable static var minimumSlope: Double { 1e-12 }
    /// The most bisection steps (the parameter interval shrinks to 2⁻⁶⁴).
    @inlinable static var bisectionIterations: Int { 64 }

    /// Creates a timing function from the two inner control points of the Bézier curve
    /// ((0, 0), c1, c2, (1, 1)).
    ///
    /// The points are stored as given (use ``isValid(c1x:c1y:c2x:c2y:)`` to check input). For
    /// evaluation the x coordinates are clamped to [0, 1] (NaN to 0), which keeps the curve
    /// monotonic in time so that every input has exactly one answer; non-finite y coordinates
    /// give non-finite progress.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x
        self.c1y = c1y
        self.c2x = c2x
        self.c2y = c2y
        func clamp01(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }
        let x1 = clamp01(c1x), x2 = clamp01(c2x)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by
        // By′ is a quadratic Bézier with control values 3·c1y, 3·(c2y − c1y), 3·(1 − c2y);
        // by the convex hull property its magnitude is at most the largest of those.
        slopeBoundY = 3 * max(abs(c1y), abs(c2y - c1y), abs(1 - c2y))
        isLinear = x1 == c1y && x2 == c2y
    }

    /// The linear curve (0, 0, 1, 1): progress equals time.
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// The ease-in curve (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// The ease-out curve (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// The ease-in-ease-out curve (0.42, 0, 0.58, 1), UIKit's default curve.
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// The curve (0.25, 0.1, 0.25, 1) that Core Animation uses for implicit animations (R6).
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The named curves, with Core Animation's names as raw values (kCAMediaTimingFunction*).
    public enum Name: String, CaseIterable, Sendable {
        /// `linear`: (0, 0, 1, 1).
        case linear
        /// `easeIn`: (0.42, 0, 1, 1).
        case easeIn
        /// `easeOut`: (0, 0, 0.58, 1).
        case easeOut
        /// `easeInEaseOut`: (0.42, 0, 0.58, 1).
        case easeInEaseOut
        /// `default`: (0.25, 0.1, 0.25, 1).
        case `default`
    }

    /// The named curve (CAMediaTimingFunction's `functionWithName:`).
    public init(_ name: Name) {
        switch name {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInEaseOut: self = .easeInEaseOut
        case .default: self = .default
        }
    }

    /// The name of the curve if its control points are exactly those of a named curve.
    public var name: Name? {
        Name.allCases.first { TimingFunction($0) == self }
    }

    /// Whether the control points make a valid timing curve: all four are finite and both x
    /// coordinates lie in [0, 1] (y coordinates may overshoot).
    public static func isValid(c1x: Double, c1y: Double, c2x: Double, c2y: Double) -> Bool {
        c1x.isFinite && c1y.isFinite && c2x.isFinite && c2y.isFinite
            && (0...1).contains(c1x) && (0...1).contains(c2x)
    }

    /// Two timing functions are equal when their four control points are equal.
    public static func == (lhs: TimingFunction, rhs: TimingFunction) -> Bool {
        lhs.c1x == rhs.c1x && lhs.c1y == rhs.c1y && lhs.c2x == rhs.c2x && lhs.c2y == rhs.c2y
    }

    /// Hashes the four control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }

    // MARK: Evaluation (the per-frame hot path)

    /// The progress at time fraction `x` (CAMediaTimingFunction's `_solveForInput:`).
    ///
    /// `x` is clamped to [0, 1] (NaN counts as 0). The result is exactly 0 at 0 and 1 at 1,
    /// exactly `x` for a linear curve, and otherwise within 1e-6 of the true curve for any valid
    /// control points: `Bx(s) = x` is solved by Newton–Raphson from `s = x` (at most 8 steps,
    /// accepted when both |Bx(s) − x| ≤ 1e-9 and the estimated progress error is ≤ 1e-9) with a
    /// bisection fallback where the slope of `Bx` vanishes, and `By(s)` is returned.
    ///
    /// Apple's own solver works in `float` and is up to about 4e-6 off the exact curve at some
    /// points (CA-16); Lamina follows the exact curve.
    @inlinable
    public func progress(at x: Double) -> Double {
        guard x > 0 else { return 0 }  // also NaN
        guard x < 1 else { return 1 }
        if isLinear { return x }
        return sampleY(solveParameter(forX: x))
    }

    @inlinable
    func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    @inlinable
    func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }

    @inlinable
    func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    @inlinable
    func slopeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The parameter `s` in [0, 1] with `Bx(s) = x`, for `x` in (0, 1).
    @inlinable
    func solveParameter(forX x: Double) -> Double {
        // Newton–Raphson from s = x: quadratic convergence wherever Bx′ is not small.
        var s = x
        for _ in 0..<TimingFunction.newtonIterations {
            let error = sampleX(s) - x
            let dx = slopeX(s)
            let e = abs(error)
            // Converged when the time is right to xEpsilon and the progress to yEpsilon
            // (|ΔBy| ≈ |By′/Bx′|·|ΔBx|; written without dividing).
            if e <= TimingFunction.xEpsilon && e * abs(slopeY(s)) <= TimingFunction.yEpsilon * dx {
                return s
            }
            guard dx > TimingFunction.minimumSlope else { break }
            s -= error / dx
            guard s >= 0 && s <= 1 else { break }
        }
        return bisectParameter(forX: x)
    }

    /// Bisection on [0, 1] (Bx is non-decreasing there) until the parameter interval is small
    /// enough that the progress is within yEpsilon.
    @usableFromInline
    func bisectParameter(forX x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        let width = TimingFunction.yEpsilon / slopeBoundY
        for _ in 0..<TimingFunction.bisectionIterations {
            let mid = 0.5 * (lo + hi)
            let v = sampleX(mid)
            if v == x { return mid }
            if v < x { lo = mid } else { hi = mid }
            if hi - lo <= width { break }
        }
        return 0.5 * (lo + hi)
    }
}
