// SPDX-License-Identifier: Apache-2.0
// CAKeyframeAnimation's `path` (CA-8.1) and `rotationMode` (CA-8.7): a path of points whose
// drawing elements define the keyframes, evaluated by progress to a point and a tangent angle.

// The C maths library (atan2); no Foundation in Sources/.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One element of a ``KeyframePath``, as in CGPath.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at a point; defines no keyframe and takes no time.
    case move(Point)
    /// A straight line from the current point.
    case line(Point)
    /// A quadratic Bézier curve from the current point.
    case quadCurve(control: Point, to: Point)
    /// A cubic Bézier curve from the current point.
    case cubicCurve(control1: Point, control2: Point, to: Point)
    /// A straight line back to the start of the current subpath, which becomes the current
    /// point.
    case close
}

/// How a layer animated along a path turns with it (CAKeyframeAnimation's `rotationMode`,
/// CA-8.7). The raw values are Core Animation's `kCAAnimationRotate…` names.
public enum RotationMode: String, Sendable, CaseIterable {
    /// The layer's rotation follows the path's tangent.
    case auto
    /// The layer's rotation follows the path's tangent plus 180°.
    case autoReverse
}

/// A path of points for a keyframe animation of a point property (CAKeyframeAnimation's `path`,
/// CA-8.1), which overrides `values` when set.
///
/// ```swift
/// var path = KeyframePath()
/// path.move(to: Point(x: 0, y: 0))
/// path.addLine(to: Point(x: 100, y: 0))
/// path.addQuadCurve(to: Point(x: 100, y: 100), control: Point(x: 150, y: 50))
/// let sample = path.point(atProgress: 0.25, keyTimes: nil, timingFunctions: nil,
///                         calculationMode: .linear)   // ((50, 0), 0)
/// ```
///
/// **Keyframes.** Every element except a move defines one keyframe, at its end point (CA-8.1),
/// and one segment, from the current point to that end point; the path's starting point is
/// keyframe 0. A path with k drawing elements therefore has k + 1 keyframes and k segments, and
/// keyTimes for linear mode have k + 1 entries. A move between drawing elements is a jump that
/// takes no time: the segment after it starts at the moved-to point. Following CGPath, a drawing
/// element or close with no current point (before any move) is ignored. `close` is a line back to
/// the subpath's start (possibly of zero length), and counts as a keyframe like any element. A
/// path without drawing elements has no keyframes, and its points are nil.
///
/// **Modes.** `linear` spaces the keyframes by keyTimes (valid by the rules of ``KeyframeSpec``,
/// else evenly) and applies per-segment timing functions (exactly one per segment, else none).
/// Within a segment the point moves **by arc length**, at constant speed along the curve, rather
/// than by the Bézier parameter; the path traced is the same, only the speed along a curve
/// differs from a parameter-based traversal. An overshooting per-segment timing function is
/// clamped to the segment's ends. `cubic` follows the path's own curves and is the same as
/// `linear` (the path already gives the curve between keyframes). `paced` and `cubicPaced` move
/// at constant speed along the whole path by arc length, ignoring keyTimes and timing functions;
/// a path of zero total length falls back to evenly spaced keyframes. `discrete` jumps between
/// the keyframe points, by the discrete keyTimes rules.
///
/// **Tangents.** The tangent angle is `atan2(dy, dx)` of the curve's derivative, in radians, in
/// the path's own coordinates. Where the derivative vanishes (a control point on its end point)
/// the curve's limiting direction is used; on a zero-length segment, the direction of the
/// nearest segment that has a length (the previous one first); 0 when no segment has a length.
/// At a keyframe between two segments the outgoing segment's tangent is reported, except at the
/// end of the path. In discrete mode each keyframe reports the tangent of the element that
/// defines it, at its end point (the direction arriving at the keyframe); keyframe 0 reports the
/// tangent leaving it.
public struct KeyframePath: Hashable, Sendable {
    /// The elements, in order.
    public var elements: [PathElement]

    /// Creates a path from elements.
    ///
    /// - Parameter elements: The elements, in order; empty by default.
    public init(elements: [PathElement] = []) {
        self.elements = elements
    }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(point))
    }

    /// Adds a straight line from the current point to `point`.
    public mutating func addLine(to point: Point) {
        elements.append(.line(point))
    }

    /// Adds a quadratic Bézier curve from the current point to `point`.
    ///
    /// - Parameters:
    ///   - point: The end point (a keyframe).
    ///   - control: The control point.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(control: control, to: point))
    }

    /// Adds a cubic Bézier curve from the current point to `point`.
    ///
    /// - Parameters:
    ///   - point: The end point (a keyframe).
    ///   - control1: The first control point.
    ///   - control2: The second control point.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.cubicCurve(control1: control1, control2: control2, to: point))
    }

    /// Closes the current subpath with a straight line back to its start.
    public mutating func closeSubpath() {
        elements.append(.close)
    }

    /// The keyframe points: where the first segment starts, then the end point of each drawing
    /// element. Empty for a path without drawing elements.
    public var keyframePoints: [Point] {
        KeyframePathEvaluator.segments(of: self).keyframePoints
    }

    /// The total arc length of the drawing elements (moves add nothing).
    public var length: Double {
        KeyframePathEvaluator(self, keyTimes: nil, timingFunctions: nil, calculationMode: .paced)
            .length
    }

    /// The point and tangent angle at the animation's eased progress `p` (see the type's
    /// overview for the rules).
    ///
    /// This prepares an arc-length table on every call; keep one when evaluating the same
    /// path many times.
    ///
    /// - Parameters:
    ///   - p: The progress after the animation-level timing function, clamped to [0, 1] (NaN
    ///     counts as 0).
    ///   - keyTimes: One time per keyframe (k + 1 for k drawing elements; k + 2 also accepted in
    ///     discrete mode), or nil for even spacing.
    ///   - timingFunctions: One per segment, or nil.
    ///   - calculationMode: How the point moves between keyframes.
    /// - Returns: The point and the tangent angle in radians, or nil for a path without drawing
    ///   elements.
    package func point(
        atProgress p: Double, keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
        calculationMode: CalculationMode
    ) -> (point: Point, tangentAngle: Double)? {
        KeyframePathEvaluator(
            self, keyTimes: keyTimes, timingFunctions: timingFunctions,
            calculationMode: calculationMode
        ).point(atProgress: p)
    }

    /// The rotation, in radians, that a layer moving along the path takes for `mode` (CA-8.7).
    ///
    /// - Parameters:
    ///   - mode: The rotation mode; nil means the layer does not rotate.
    ///   - tangentAngle: The path's tangent angle, as returned by
    ///     ``point(atProgress:keyTimes:timingFunctions:calculationMode:)``.
    /// - Returns: Nil when `mode` is nil; the tangent angle for `auto`; the tangent angle plus π
    ///   for `autoReverse`. Results are normalised to (−π, π].
    package static func rotation(for mode: RotationMode?, tangentAngle: Double) -> Double? {
        guard let mode else { return nil }
        let angle = mode == .auto ? tangentAngle : tangentAngle + Double.pi
        let normalized = angle.remainder(dividingBy: 2 * Double.pi)
        return normalized == -Double.pi ? Double.pi : normalized
    }
}

// MARK: - Evaluation

/// A ``KeyframePath`` prepared for evaluation with its keyTimes, timing functions and mode:
/// segments measured and key times resolved.
package struct KeyframePathEvaluator: Sendable {
    /// How many slices per curve segment measure its arc length, as for
    /// ``KeyframeEvaluator/arcLengthSamplesPerSegment`` (quadrature per slice, Newton's method
    /// inside it); lines are measured exactly.
    public static let arcLengthSamplesPerSegment = 64

    /// The keyframe points (see ``KeyframePath/keyframePoints``).
    public let keyframePoints: [Point]
    /// When each keyframe is reached after the rules are applied; for discrete mode, one more
    /// entry than keyframes.
    public let keyTimes: [Double]
    /// The total arc length of the path.
    public let length: Double

    private let segments: [KeyframePathSegment]
    /// Cumulative segment lengths, segments.count + 1 entries from 0 to `length`.
    private let cumulative: [Double]
    /// A direction for each segment, for zero-length segments and vanishing derivatives.
    private let fallbackAngles: [Double]
    private let mode: CalculationMode
    private let timingFunctions: [TimingFunction]?

    /// Prepares `path` for evaluation.
    ///
    /// - Parameters:
    ///   - path: The path (copied).
    ///   - keyTimes: One time per keyframe, or nil for even spacing.
    ///   - timingFunctions: One per segment, or nil.
    ///   - calculationMode: How the point moves between keyframes.
    public init(
        _ path: KeyframePath, keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
        calculationMode: CalculationMode
    ) {
        let (segments, points) = KeyframePathEvaluator.segments(of: path)
        self.segments = segments
        keyframePoints = points
        var cumulative = [0.0]
        cumulative.reserveCapacity(segments.count + 1)
        for segment in segments { cumulative.append(cumulative[cumulative.count - 1] + segment.length) }
        self.cumulative = cumulative
        let total = cumulative[cumulative.count - 1]
        length = total

        // Fallback directions: the segment's own chord direction when it has a length, else
        // the nearest segment with a length (the previous one first), else 0.
        let measured = segments.indices.filter { segments[$0].length > 0 }
        var fallback = [Double](repeating: 0, count: segments.count)
        for i in segments.indices {
            if segments[i].length > 0 {
                fallback[i] = segments[i].chordAngle
            } else if let j = measured.last(where: { $0 < i }) {
                fallback[i] = segments[j].tangentAngle(at: 1, fallback: segments[j].chordAngle)
            } else if let j = measured.first(where: { $0 > i }) {
                fallback[i] = segments[j].tangentAngle(at: 0, fallback: segments[j].chordAngle)
            }
        }
        fallbackAngles = fallback

        let n = points.count
        var mode = calculationMode
        if (mode == .paced || mode == .cubicPaced) && !(total > 0 && total.isFinite) {
            mode = .linear  // nothing to pace: evenly spaced keyframes
        }
        self.mode = mode
        switch mode {
        case .discrete:
            self.keyTimes = n > 0 ? KeyframeTiming.discreteTimes(keyTimes, count: n) : []
            self.timingFunctions = nil
        case .linear, .cubic:
            self.keyTimes = KeyframeTiming.linearTimes(keyTimes, count: n)
            self.timingFunctions = timingFunctions.flatMap { $0.count == n - 1 ? $0 : nil }
        case .paced, .cubicPaced:
            self.keyTimes = (0..<n).map { $0 == n - 1 ? 1 : cumulative[$0] / total }
            self.timingFunctions = nil
        }
    }

    /// The point and tangent angle at the animation's eased progress `p` (see
    /// ``KeyframePath`` for the rules).
    ///
    /// - Parameter p: The progress after the animation-level timing function, clamped to [0, 1]
    ///   (NaN counts as 0).
    /// - Returns: The point and the tangent angle in radians, or nil for a path without drawing
    ///   elements.
    public func point(atProgress p: Double) -> (point: Point, tangentAngle: Double)? {
        guard !segments.isEmpty else { return nil }
        let p = KeyframeTiming.clampedProgress(p)
        switch mode {
        case .discrete:
            // Keyframe k is the end of element k − 1 (CA-8.1); keyframe 0 starts element 0.
            let k = KeyframeTiming.discreteIndex(at: p, times: keyTimes, count: keyframePoints.count)
            return k == 0 ? sample(segment: 0, parameter: 0) : sample(segment: k - 1, parameter: 1)

        case .linear, .cubic:
            let (i, local) = KeyframeTiming.segment(at: p, times: keyTimes)
            let eased = timingFunctions.map { $0[i].progress(at: local) } ?? local
            let s = segments[i].parameter(atLengthFraction: min(max(eased, 0), 1))
            return sample(segment: i, parameter: s)

        case .paced, .cubicPaced:
            let target = p * length
            // The first segment that extends beyond the target (skips zero-length segments).
            var lo = 0, hi = segments.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if cumulative[mid + 1] > target { hi = mid } else { lo = mid + 1 }
            }
            let segmentLength = segments[lo].length
            let fraction = segmentLength > 0
                ? min(max((target - cumulative[lo]) / segmentLength, 0), 1) : 1
            return sample(segment: lo, parameter: segments[lo].parameter(atLengthFraction: fraction))
        }
    }

    private func sample(segment i: Int, parameter s: Double) -> (point: Point, tangentAngle: Double) {
        let segment = segments[i]
        return (segment.point(at: s), segment.tangentAngle(at: s, fallback: fallbackAngles[i]))
    }

    /// The segments of `path` and its keyframe points (CGPath's current-point rules).
    static func segments(of path: KeyframePath) -> (segments: [KeyframePathSegment], keyframePoints: [Point]) {
        var segments: [KeyframePathSegment] = []
        var points: [Point] = []
        var current: Point?
        var subpathStart: Point?
        func add(_ segment: KeyframePathSegment) {
            if points.isEmpty { points.append(segment.p0) }
            points.append(segment.p3)
            segments.append(segment)
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
            case .line(let p):
                guard let start = current else { continue }
                add(KeyframePathSegment(line: start, p))
                current = p
            case .quadCurve(let c, let p):
                guard let start = current else { continue }
                add(KeyframePathSegment(quad: start, c, p))
                current = p
            case .cubicCurve(let c1, let c2, let p):
                guard let start = current else { continue }
                add(KeyframePathSegment(start, c1, c2, p))
                current = p
            case .close:
                guard let start = current, let end = subpathStart else { continue }
                add(KeyframePathSegment(line: start, end))
                current = end
            }
        }
        return (segments, points)
    }
}

// MARK: - Segments

/// One drawing element as a cubic Bézier (lines and quadratics are raised exactly), with its
/// arc length measured.
struct KeyframePathSegment: Sendable {
    let p0: Point, p1: Point, p2: Point, p3: Point
    /// The arc length.
    let length: Double
    /// Cumulative arc lengths at even parameter steps; empty for lines, whose parameter is
    /// already proportional to arc length.
    private let table: [Double]

    /// A line; control points at thirds make the parameter proportional to arc length.
    init(line a: Point, _ b: Point) {
        p0 = a
        p1 = Point(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3)
        p2 = Point(x: b.x + (a.x - b.x) / 3, y: b.y + (a.y - b.y) / 3)
        p3 = b
        length = KeyframePathSegment.distance(a, b)
        table = []
    }

    /// A quadratic, raised to a cubic.
    init(quad a: Point, _ c: Point, _ b: Point) {
        self.init(
            a, Point(x: a.x + 2 * (c.x - a.x) / 3, y: a.y + 2 * (c.y - a.y) / 3),
            Point(x: b.x + 2 * (c.x - b.x) / 3, y: b.y + 2 * (c.y - b.y) / 3), b)
    }

    /// A cubic.
    init(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point) {
        p0 = a
        p1 = c1
        p2 = c2
        p3 = b
        var cumulative = [0.0]
        let m = KeyframePathEvaluator.arcLengthSamplesPerSegment
        cumulative.reserveCapacity(m + 1)
        KeyframeArcLength.appendCumulative(to: &cumulative, offset: 0, samples: m) {
            KeyframePathSegment.speed(a, c1, c2, b, $0)
        }
        length = cumulative[m]
        table = cumulative
    }

    /// The Bézier parameter at which the arc length from the start is `fraction` of the
    /// segment's length.
    func parameter(atLengthFraction fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        guard !table.isEmpty, length > 0 else { return fraction }
        let found = KeyframeTiming.locateArcLength(
            fraction * length, cumulative: table, samplesPerSegment: table.count - 1)
        return KeyframeArcLength.solve(
            a: found.a, b: found.b, remaining: found.remaining, intervalLength: found.intervalLength
        ) { KeyframePathSegment.speed(p0, p1, p2, p3, $0) }
    }

    func point(at s: Double) -> Point {
        if s == 0 { return p0 }
        if s == 1 { return p3 }
        return KeyframePathSegment.bezier(p0, p1, p2, p3, s)
    }

    /// The derivative dB/ds.
    func derivative(at s: Double) -> (dx: Double, dy: Double) {
        let u = 1 - s
        let a = 3 * u * u, b = 6 * u * s, c = 3 * s * s
        return (a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }

    /// The tangent angle at `s`: the derivative's direction, else the limiting direction of the
    /// curve there, else `fallback` (zero-length segments).
    func tangentAngle(at s: Double, fallback: Double) -> Double {
        guard length > 0 else { return fallback }
        let d = derivative(at: s)
        let scale = max(length, 1)
        if abs(d.dx) + abs(d.dy) > 1e-12 * scale { return atan2(d.dy, d.dx) }
        // The derivative vanishes (a control point on its end point, or a cusp): use the
        // direction of the chord toward a nearby point on the curve.
        let h = 1e-6
        let a = point(at: max(s - h, 0)), b = point(at: min(s + h, 1))
        let dx = b.x - a.x, dy = b.y - a.y
        if abs(dx) + abs(dy) > 0 { return atan2(dy, dx) }
        return fallback
    }

    /// The direction from start to end.
    var chordAngle: Double {
        let dx = p3.x - p0.x, dy = p3.y - p0.y
        return dx == 0 && dy == 0 ? tangentAngle(at: 0.5, fallback: 0) : atan2(dy, dx)
    }

    static func bezier(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ s: Double) -> Point {
        let u = 1 - s
        let w0 = u * u * u, w1 = 3 * u * u * s, w2 = 3 * u * s * s, w3 = s * s * s
        return Point(
            x: w0 * a.x + w1 * b.x + w2 * c.x + w3 * d.x,
            y: w0 * a.y + w1 * b.y + w2 * c.y + w3 * d.y)
    }

    /// |dB/ds| of the cubic (a, b, c, d) at s.
    static func speed(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ s: Double) -> Double {
        let u = 1 - s
        let w0 = 3 * u * u, w1 = 6 * u * s, w2 = 3 * s * s
        let dx = w0 * (b.x - a.x) + w1 * (c.x - b.x) + w2 * (d.x - c.x)
        let dy = w0 * (b.y - a.y) + w1 * (c.y - b.y) + w2 * (d.y - c.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
