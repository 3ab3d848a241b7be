// SPDX-License-Identifier: Apache-2.0
// One blend operation per value type (R9, CA-3.15), on the Stylo model: interpolate, add and
// accumulate are one verb with a procedure. The engine never does arithmetic on values itself.

/// How two values combine.
package enum BlendProcedure: Sendable {
    /// `from + (to − from) · progress`; progress may leave [0, 1] (overshooting curves).
    case interpolate(Double)
    /// `from + to` (additive animations, CA-7.3): vectors add per component, transforms concat.
    case add
}

extension Value {
    /// Blends `self` with `other` by `procedure`, or returns nil when the two values have
    /// different types (for example a colour and a rect).
    ///
    /// Rules (R9): numbers, points, sizes, rects and colours blend per component (colours are
    /// non-premultiplied RGBA); transforms by decomposition with quaternion slerp, falling back
    /// to a discrete switch when either side cannot be decomposed; booleans, strings and nil
    /// endpoints switch discretely at progress 0.5.
    package func blended(with other: Value, _ procedure: BlendProcedure) -> Value? {
        switch procedure {
        case .interpolate(let p): return interpolated(to: other, progress: p)
        case .add: return added(other)
        }
    }

    /// Interpolates toward `other` (see ``blended(with:_:)``).
    @inlinable
    package func interpolated(to other: Value, progress p: Double) -> Value? {
        switch (self, other) {
        case let (.number(a), .number(b)):
            return .number(lerp(a, b, p))
        case let (.point(a), .point(b)):
            return .point(Point(x: lerp(a.x, b.x, p), y: lerp(a.y, b.y, p)))
        case let (.size(a), .size(b)):
            // Each axis from its own endpoints (CA-17: gnustep used the width twice).
            return .size(Size(width: lerp(a.width, b.width, p), height: lerp(a.height, b.height, p)))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(
                x: lerp(a.origin.x, b.origin.x, p), y: lerp(a.origin.y, b.origin.y, p),
                width: lerp(a.size.width, b.size.width, p),
                height: lerp(a.size.height, b.size.height, p)))
        case let (.color(a), .color(b)):
            return .color(Color(
                red: lerp(a.red, b.red, p), green: lerp(a.green, b.green, p),
                blue: lerp(a.blue, b.blue, p), alpha: lerp(a.alpha, b.alpha, p)))
        case let (.transform(a), .transform(b)):
            return .transform(a.interpolated(to: b, progress: p))
        case let (.path(a), .path(b)):
            // RS-8.5: point by point when the structures match, else a switch at 0.5.
            return .path(a.interpolated(to: b, progress: p))
        case let (.vector3(a), .vector3(b)):
            return .vector3(Vector3(x: lerp(a.x, b.x, p), y: lerp(a.y, b.y, p), z: lerp(a.z, b.z, p)))
        case let (.numberArray(a), .numberArray(b)):
            // Equal lengths element by element; otherwise a switch at 0.5 (R9, RS-9.1).
            guard a.count == b.count else { return p < 0.5 ? self : other }
            return .numberArray((0..<a.count).map { lerp(a[$0], b[$0], p) })
        case let (.colorArray(a), .colorArray(b)):
            guard a.count == b.count else { return p < 0.5 ? self : other }
            return .colorArray((0..<a.count).map { i in
                Color(red: lerp(a[i].red, b[i].red, p), green: lerp(a[i].green, b[i].green, p),
                      blue: lerp(a[i].blue, b[i].blue, p), alpha: lerp(a[i].alpha, b[i].alpha, p))
            })
        case let (.filterArray(a), .filterArray(b)):
            // R19.4: matching arrays blend input by input, others switch at 0.5.
            return .filterArray(a.interpolated(to: b, progress: p))
        case (.bool, .bool), (.string, .string), (.image, .image), (.null, _), (_, .null):
            // Discrete (R9): nil colours do not interpolate (CA-3.15), they switch at 0.5.
            return p < 0.5 ? self : other
        default:
            return nil
        }
    }

    /// Adds `other` to `self` (CA-7.3): per component for vectors and colours, concatenation
    /// for transforms (`other` applied after `self`), logical or for booleans. Returns nil for
    /// mismatched types; strings and nil do not add, and yield `other`.
    package func added(_ other: Value) -> Value? {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a + b)
        case let (.point(a), .point(b)): return .point(Point(x: a.x + b.x, y: a.y + b.y))
        case let (.size(a), .size(b)):
            return .size(Size(width: a.width + b.width, height: a.height + b.height))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(
                x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case let (.color(a), .color(b)):
            return .color(Color(
                red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue,
                alpha: a.alpha + b.alpha))
        case let (.transform(a), .transform(b)): return .transform(a.concatenating(b))
        case let (.vector3(a), .vector3(b)): return .vector3(Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z))
        case let (.bool(a), .bool(b)): return .bool(a || b)
        case let (.numberArray(a), .numberArray(b)) where a.count == b.count:
            return .numberArray((0..<a.count).map { a[$0] + b[$0] })
        case let (.colorArray(a), .colorArray(b)) where a.count == b.count:
            return .colorArray((0..<a.count).map { i in
                Color(red: a[i].red + b[i].red, green: a[i].green + b[i].green,
                      blue: a[i].blue + b[i].blue, alpha: a[i].alpha + b[i].alpha)
            })
        case (.numberArray, .numberArray), (.colorArray, .colorArray): return other
        case let (.filterArray(a), .filterArray(b)): return .filterArray(a.added(b))
        case (.string, .string), (.image, .image), (.path, .path), (.null, _), (_, .null): return other
        default: return nil
        }
    }
}

/// Linear interpolation with exact endpoints: `p == 0` gives `a` and `p == 1` gives `b`
/// bit for bit, which `a + (b − a)·p` does not guarantee.
@inlinable
package func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double {
    p == 1 ? b : a + (b - a) * p
}
