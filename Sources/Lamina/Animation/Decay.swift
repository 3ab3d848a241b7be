// SPDX-License-Identifier: Apache-2.0
// Deceleration and scroll physics (R17.7 in docs/semantics.md): UIScrollView's exponential
// decay, where a fling ends, and rubber-banding beyond the content's bounds. Pure functions of
// their inputs: a host builds a scroll view from them and the engine's springs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A decelerating motion (UIScrollView's deceleration, R17.7): the velocity falls by the rate
/// `r` every millisecond, `v(t) = v₀·r^(1000t)`, so the position is
/// `x(t) = x₀ + v₀·(r^(1000t) − 1)/(1000·ln r)` and the motion ends at
/// `x₀ − v₀/(1000·ln r)` (the projection).
public struct Decay: Hashable, Sendable {
    /// UIScrollView.DecelerationRate.normal: 0.998 per millisecond.
    public static let normal = 0.998
    /// UIScrollView.DecelerationRate.fast: 0.99 per millisecond.
    public static let fast = 0.99
    /// UIScrollView's rubber-band coefficient, c = 0.55.
    public static let rubberBandCoefficient = 0.55

    /// The velocity at the start, in units per second.
    public let velocity: Double
    /// The fraction of the velocity left after each millisecond, in (0, 1).
    public let decelerationRate: Double

    /// A decay from `velocity` at `decelerationRate` per millisecond.
    ///
    /// - Throws: `invalidArgument` for a non-finite velocity or a rate outside (0, 1).
    public init(velocity: Double, decelerationRate: Double = Decay.normal) throws(LaminaError) {
        guard velocity.isFinite else { throw LaminaError(.invalidArgument, "decay velocity must be finite, got \(velocity)") }
        guard decelerationRate > 0, decelerationRate < 1 else {
            throw LaminaError(.invalidArgument, "deceleration rate must lie in (0, 1), got \(decelerationRate)")
        }
        self.velocity = velocity
        self.decelerationRate = decelerationRate
    }

    /// 1000·ln r: the decay constant per second (negative).
    var k: Double { 1000 * log(decelerationRate) }

    /// The position `t` seconds after the start, from `start` (t ≤ 0: `start`).
    public func value(from start: Double, at t: Double) -> Double {
        guard t > 0 else { return start }
        return start + velocity * expm1(k * t) / k
    }

    /// The velocity `t` seconds after the start (t ≤ 0: the initial velocity).
    public func velocity(at t: Double) -> Double {
        guard t > 0 else { return velocity }
        return velocity * exp(k * t)
    }

    /// Where the motion comes to rest: `start − v₀/(1000·ln r)` (the projection of a fling).
    public func projection(from start: Double) -> Double {
        start - velocity / k
    }

    /// The time after which |velocity| stays below `threshold` (units per second, > 0):
    /// `ln(threshold/|v₀|)/(1000·ln r)`, 0 when it already is.
    ///
    /// - Throws: `invalidArgument` for a threshold that is not finite and positive.
    public func duration(threshold: Double) throws(LaminaError) -> Double {
        guard threshold.isFinite, threshold > 0 else {
            throw LaminaError(.invalidArgument, "decay threshold must be finite and > 0, got \(threshold)")
        }
        guard abs(velocity) > threshold else { return 0 }
        return log(threshold / abs(velocity)) / k
    }

    /// How far content pulled `offset` beyond its bounds shows (UIScrollView's rubber band):
    /// `(1 − 1/(|offset|·c/d + 1))·d` with the sign of `offset`, so it never reaches `d`
    /// (`dimension`, the visible length) and starts with slope `c`.
    ///
    /// - Throws: `invalidArgument` for a non-finite offset, a dimension that is not finite and
    ///   positive, or a coefficient that is not finite and positive.
    public static func rubberBand(offset: Double, dimension: Double, coefficient: Double = rubberBandCoefficient) throws(LaminaError) -> Double {
        guard offset.isFinite else { throw LaminaError(.invalidArgument, "rubber-band offset must be finite, got \(offset)") }
        guard dimension.isFinite, dimension > 0 else {
            throw LaminaError(.invalidArgument, "rubber-band dimension must be finite and > 0, got \(dimension)")
        }
        guard coefficient.isFinite, coefficient > 0 else {
            throw LaminaError(.invalidArgument, "rubber-band coefficient must be finite and > 0, got \(coefficient)")
        }
        let magnitude = (1 - 1 / (abs(offset) * coefficient / dimension + 1)) * dimension
        return offset < 0 ? -magnitude : magnitude
    }
}

/// What makes a basic animation a decay animation (R17.7): the velocity at its start, a value
/// of the animated key's type in its units per second (a number, point, size, rect or colour),
/// and the deceleration rate per millisecond. See ``Animation/decay(keyPath:velocity:decelerationRate:from:)``.
public struct DecayParameters: Hashable, Sendable {
    /// The velocity at the start, per second, of the animated key's type.
    public var velocity: Value
    /// The fraction of the velocity left after each millisecond, in (0, 1).
    public var decelerationRate: Double

    /// Decay parameters; checked when the animation is made or added.
    public init(velocity: Value, decelerationRate: Double = Decay.normal) {
        self.velocity = velocity
        self.decelerationRate = decelerationRate
    }

    /// The speed below which a decay animation ends (units per second): then at most
    /// `restSpeed / |1000·ln r|` remains to travel (5e-3 units at the normal rate), and the
    /// model value — the projection, for a host that sets it — shows.
    public static let restSpeed = 0.01

    /// The components of the velocity (`Value.vector`), checked: finite, of a numeric type, and
    /// the rate in (0, 1).
    func checkedVector() throws(LaminaError) -> SIMD4<Double> {
        guard decelerationRate > 0, decelerationRate < 1 else {
            throw LaminaError(.invalidArgument, "deceleration rate must lie in (0, 1), got \(decelerationRate)")
        }
        guard let v = velocity.vector else {
            throw LaminaError(.typeMismatch, "a decay velocity is a number, point, size, rect or colour, not a \(velocity.type)")
        }
        guard v[0].isFinite, v[1].isFinite, v[2].isFinite, v[3].isFinite else {
            throw LaminaError(.invalidArgument, "decay velocity must be finite")
        }
        return v
    }

    /// 1000·ln r.
    var k: Double { 1000 * log(decelerationRate) }

    /// How long the animation lasts: until its fastest component is below ``restSpeed``.
    func duration() throws(LaminaError) -> Double {
        let v = try checkedVector()
        let speed = max(abs(v[0]), abs(v[1]), abs(v[2]), abs(v[3]))
        guard speed > Self.restSpeed else { return 1e-3 }  // at rest already: a moment
        return log(Self.restSpeed / speed) / k
    }

    /// Where a motion from `start` comes to rest: `start − V/(1000·ln r)` per component, or nil
    /// when `start` is not of the velocity's type.
    public func projection(from start: Value) -> Value? {
        guard let s = start.vector, let v = velocity.vector, start.type == velocity.type else { return nil }
        return Value.fromVector(s - v / k, as: start.type)
    }
}

extension Animation {
    /// A decay animation of `keyPath` (R17.7): from `from` (nil: the presentation value when it
    /// begins) with `velocity` per second, decelerating by `decelerationRate` each millisecond
    /// as UIScrollView does, `x(τ) = from + V·(r^(1000τ) − 1)/(1000·ln r)`. It lasts until its
    /// speed is below ``DecayParameters/restSpeed``; set the model value to the projection
    /// (``DecayParameters/projection(from:)``) for the motion to end where it comes to rest.
    ///
    /// ```swift
    /// let fling = try Animation.decay(keyPath: "position", velocity: .point(Point(x: 0, y: -2400)))
    /// try list.add(fling, forKey: "scroll")
    /// ```
    ///
    /// - Throws: `invalidArgument` for a non-finite velocity or a rate outside (0, 1);
    ///   `typeMismatch` for a velocity that is not numeric.
    public static func decay(
        keyPath: String, velocity: Value, decelerationRate: Double = Decay.normal, from: Value? = nil
    ) throws(LaminaError) -> Animation {
        let d = DecayParameters(velocity: velocity, decelerationRate: decelerationRate)
        var a = Animation.basic(keyPath: keyPath, from: from, duration: try d.duration())
        a.decay = d
        return a
    }
}
