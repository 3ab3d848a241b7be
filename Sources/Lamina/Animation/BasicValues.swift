// SPDX-License-Identifier: Apache-2.0
// CABasicAnimation's value rules as pure functions (CA-7.1–7.5): which endpoints from/to/by
// select, how additive and cumulative animations combine with the underlying value and with
// earlier cycles, and the value functions that build transforms from numbers.

/// CAValueFunction's role (CA-7.5): turns an interpolated number (or vector) into a transform,
/// so that `transform` can be animated by angle or factor instead of by matrix (a rotation from
/// 0 to 2π then turns, CA-14.4).
///
/// Inputs, in radians for the rotations:
/// - `rotateX`/`rotateY`/`rotateZ`, `scaleX`/`scaleY`/`scaleZ`, `translateX`/`translateY`/
///   `translateZ` take a `.number`.
/// - `scale` and `translate` take three values, a `.vector3` (x, y, z), as in Core Animation
///   (scale from [1, 1, 1] to [3, 3, 3]). They also accept a `.point` or `.size` for (x, y)
///   with z = 1 for `scale` and z = 0 for `translate`, or a `.number`, which `scale` applies
///   to all three axes (uniform scale) and `translate` applies to x only.
/// - Every function passes a `.transform` through unchanged (the value is already a matrix).
///
/// Any other input answers nil. The output is always a `.transform`.
public enum ValueFunction: String, Sendable, CaseIterable {
    /// A rotation about the x axis by a number of radians (kCAValueFunctionRotateX).
    case rotateX
    /// A rotation about the y axis by a number of radians (kCAValueFunctionRotateY).
    case rotateY
    /// A rotation about the z axis by a number of radians (kCAValueFunctionRotateZ).
    case rotateZ
    /// A scale: a number for all three axes, or a point/size for x and y with z = 1.
    case scale
    /// A scale of x by a number.
    case scaleX
    /// A scale of y by a number.
    case scaleY
    /// A scale of z by a number.
    case scaleZ
    /// A translation: a number for x, or a point/size for x and y with z = 0.
    case translate
    /// A translation along x by a number.
    case translateX
    /// A translation along y by a number.
    case translateY
    /// A translation along z by a number.
    case translateZ

    /// The transform for `v`, or nil when `v` is not an input this function takes (see the
    /// type's documentation).
    package func apply(_ v: Value) -> Value? {
        if case .transform = v { return v }
        return matrix(for: v).map { .transform($0) }
    }

    /// ``apply(_:)``'s matrix, unboxed: the tick's sampling keeps it as it is (a `.transform`
    /// value is a heap box, one allocation per animation per frame).
    package func matrix(for v: Value) -> Transform3D? {
        if case .transform(let m) = v { return m }
        if case .vector3(let t) = v {  // CA-7.5: scale and translate take three values
            switch self {
            case .scale: return Transform3D(scaleX: t.x, y: t.y, z: t.z)
            case .translate: return Transform3D(translationX: t.x, y: t.y, z: t.z)
            default: return nil
            }
        }
        let pair: (x: Double, y: Double)?
        switch v {
        case .point(let p): pair = (p.x, p.y)
        case .size(let s): pair = (s.width, s.height)
        default: pair = nil
        }
        var n: Double? = nil
        if case .number(let x) = v { n = x }

        switch self {
        case .scale:
            if let n { return Transform3D(scaleX: n, y: n, z: n) }
            if let pair { return Transform3D(scaleX: pair.x, y: pair.y, z: 1) }
            return nil
        case .translate:
            if let n { return Transform3D(translationX: n, y: 0, z: 0) }
            if let pair { return Transform3D(translationX: pair.x, y: pair.y, z: 0) }
            return nil
        default:
            break
        }
        guard let n else { return nil }
        let m: Transform3D
        switch self {
        case .rotateX: m = Transform3D(rotationAngle: n, x: 1, y: 0, z: 0)
        case .rotateY: m = Transform3D(rotationAngle: n, x: 0, y: 1, z: 0)
        case .rotateZ: m = Transform3D(rotationAngle: n, x: 0, y: 0, z: 1)
        case .scaleX: m = Transform3D(scaleX: n, y: 1, z: 1)
        case .scaleY: m = Transform3D(scaleX: 1, y: n, z: 1)
        case .scaleZ: m = Transform3D(scaleX: 1, y: 1, z: n)
        case .translateX: m = Transform3D(translationX: n, y: 0, z: 0)
        case .translateY: m = Transform3D(translationX: 0, y: n, z: 0)
        case .translateZ: m = Transform3D(translationX: 0, y: 0, z: n)
        case .scale, .translate: return nil  // handled above
        }
        return m
    }
}

/// CABasicAnimation's value rules (CA-7.1–7.4) as pure functions.
///
/// **Adding a delta.** `base ⊕ delta` is per component for numbers, points, sizes, rects and
/// colours (no clamping). For transforms it is `delta · base` in Core Animation's row-vector
/// order: the delta is applied *first*, in the base's own space — so an additive translation on
/// a rotated layer moves it along its rotated axes, as `CATransform3DTranslate(base, …)` does.
/// `from + by`, `to − by`, `underlying + by`, additive and cumulative all use this one
/// operation, so `from ⊕ by` is reached exactly by interpolating to it. Booleans, strings and
/// nil (discrete values) have no deltas: the `by` combinations answer nil for them, and
/// additive/cumulative leave the animation's own value unchanged.
package struct BasicEndpoints: Sendable {
    /// The interpolation endpoints for a basic animation's from/to/by (CA-7.1), or nil.
    ///
    /// | set            | from → to                          |
    /// |----------------|------------------------------------|
    /// | from, to       | from → to                          |
    /// | from, by       | from → from ⊕ by                   |
    /// | by, to         | to ⊖ by → to                       |
    /// | from           | from → underlying                  |
    /// | to             | underlying → to                    |
    /// | by             | underlying → underlying ⊕ by       |
    /// | none           | nil: the engine captures the previous presentation value instead |
    /// | from, to, by   | from → to (CA calls it unsupported; Lamina ignores `by`) |
    ///
    /// `underlying` is the value beneath this animation (the model value, re-read every frame,
    /// CA-7.2). Nil also when the values used have different types (a `.null` — a nil colour —
    /// matches any type and switches discretely), when `by` is used with a discrete type, or when
    /// `to ⊖ by` needs the inverse of a singular transform.
    public static func resolve(
        from: Value?, to: Value?, by: Value?, underlying: Value
    ) -> (from: Value, to: Value)? {
        switch (from, to, by) {
        case let (f?, t?, _):
            return compatible(f, t) ? (f, t) : nil
        case let (f?, nil, b?):
            guard let end = plus(f, b) else { return nil }
            return (f, end)
        case let (nil, t?, b?):
            guard let start = minus(t, b) else { return nil }
            return (start, t)
        case let (f?, nil, nil):
            return compatible(f, underlying) ? (f, underlying) : nil
        case let (nil, t?, nil):
            return compatible(underlying, t) ? (underlying, t) : nil
        case let (nil, nil, b?):
            guard let end = plus(underlying, b) else { return nil }
            return (underlying, end)
        case (nil, nil, nil):
            return nil
        }
    }

    /// The animated value at `progress` (already eased by the timing function) of a basic
    /// animation between resolved endpoints, or nil for mismatched types.
    ///
    /// The steps, in order:
    /// 1. interpolate `from → to` at `progress` (``Value/interpolated(to:progress:)``);
    /// 2. cumulative (CA-7.4): each repeat starts where the previous one ended, so the value is
    ///    `v ⊕ iteration·(to ⊖ from)` (for transforms the delta matrix raised to the
    ///    `iteration`-th power; a negative iteration, possible with a negative timeOffset, uses
    ///    the inverse);
    /// 3. the value function, when given (CA-7.5), turns the number or vector into a transform;
    /// 4. additive (CA-7.3): `underlying ⊕ v` — vectors add, transforms concatenate with the
    ///    animated transform applied first (`v · underlying`).
    public static func value(
        from: Value, to: Value, progress: Double, isAdditive: Bool, isCumulative: Bool,
        iteration: Int, underlying: Value, valueFunction: ValueFunction? = nil
    ) -> Value? {
        guard compatible(from, to), var v = from.interpolated(to: to, progress: progress) else {
            return nil
        }
        if isCumulative && iteration != 0 && v.isAccumulable && from.isAccumulable
            && to.isAccumulable
        {
            guard let step = minus(to, from), let total = step.scaled(by: Double(iteration)),
                let sum = plus(v, total)
            else { return nil }
            v = sum
        }
        if let valueFunction {
            guard let transformed = valueFunction.apply(v) else { return nil }
            v = transformed
        }
        if isAdditive {
            guard compatible(underlying, v) else { return nil }
            if v.isAccumulable && underlying.isAccumulable {
                guard let sum = plus(underlying, v) else { return nil }
                v = sum
            }
        }
        return v
    }

    // MARK: Delta arithmetic

    /// Same type, or either is `.null` (a nil colour, which switches discretely).
    static func compatible(_ a: Value, _ b: Value) -> Bool {
        a.type == b.type || a.type == .null || b.type == .null
    }

    /// `base ⊕ delta`: per component, or `delta · base` for transforms; nil for discrete or
    /// mismatched types.
    static func plus(_ base: Value, _ delta: Value) -> Value? {
        guard base.type == delta.type, base.isAccumulable else { return nil }
        if case .transform(let b) = base, case .transform(let d) = delta {
            return .transform(d.concatenating(b))
        }
        return base.added(delta)
    }

    /// `value ⊖ delta`, the `x` with `x ⊕ delta = value`: `value − delta` per component, or
    /// `delta⁻¹ · value` for transforms (nil when `delta` is singular).
    static func minus(_ value: Value, _ delta: Value) -> Value? {
        guard value.type == delta.type, value.isAccumulable else { return nil }
        if case .transform(let v) = value, case .transform(let d) = delta {
            guard d.isInvertible else { return nil }
            return .transform(d.inverted().concatenating(v))
        }
        guard let negated = delta.scaled(by: -1) else { return nil }
        return value.added(negated)
    }
}

extension Value {
    /// Whether the value has deltas (numbers, points, sizes, rects, colours, transforms), as
    /// opposed to the discrete booleans, strings and nil.
    package var isAccumulable: Bool {
        switch self {
        case .number, .point, .size, .rect, .color, .transform, .vector3: return true
        case .null, .bool, .string, .image, .path, .numberArray, .colorArray, .filterArray: return false
        }
    }

    /// The value repeated `k` times as a delta (the `k·δ` of cumulative animations, CA-7.4):
    /// numbers, points, sizes, rects and colours multiply each component by `k`; a transform is
    /// raised to the power `k`, which must be a whole number (a negative power inverts first;
    /// nil for a singular matrix or |k| ≥ 2⁵³). Booleans, strings and nil answer nil.
    package func scaled(by k: Double) -> Value? {
        switch self {
        case .number(let a): return .number(a * k)
        case .point(let p): return .point(Point(x: p.x * k, y: p.y * k))
        case .size(let s): return .size(Size(width: s.width * k, height: s.height * k))
        case .rect(let r):
            return .rect(Rect(
                x: r.origin.x * k, y: r.origin.y * k, width: r.size.width * k,
                height: r.size.height * k))
        case .color(let c):
            return .color(Color(
                red: c.red * k, green: c.green * k, blue: c.blue * k, alpha: c.alpha * k))
        case .transform(let m):
            guard k.isFinite, k == k.rounded(), abs(k) < 0x1p53 else { return nil }
            var base = m
            if k < 0 {
                guard m.isInvertible else { return nil }
                base = m.inverted()
            }
            var n = UInt64(abs(k))
            var result = Transform3D.identity
            while n > 0 {  // square and multiply; powers of one matrix commute
                if n & 1 == 1 { result = result.concatenating(base) }
                n >>= 1
                if n > 0 { base = base.concatenating(base) }
            }
            return .transform(result)
        case .vector3(let v):
            return .vector3(Vector3(x: v.x * k, y: v.y * k, z: v.z * k))
        case .null, .bool, .string, .image, .path, .numberArray, .colorArray, .filterArray:
            return nil
        }
    }
}
