// SPDX-License-Identifier: Apache-2.0
// Numeric values as SIMD vectors, shared by the per-frame tracks and keyframe splines.

extension Value {
    /// The value as up to four numeric components — (x) for numbers, (x, y) for points,
    /// (width, height) for sizes, (x, y, width, height) for rects, (r, g, b, a) for colours,
    /// unused lanes 0 — or nil for transforms, booleans, strings and nil. Numeric tracks,
    /// cubic keyframe splines and paced distances all work on these.
    var vector: SIMD4<Double>? {
        switch self {
        case .number(let v): return SIMD4(v, 0, 0, 0)
        case .point(let p): return SIMD4(p.x, p.y, 0, 0)
        case .size(let s): return SIMD4(s.width, s.height, 0, 0)
        case .rect(let r): return SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .color(let c): return SIMD4(c.red, c.green, c.blue, c.alpha)
        default: return nil
        }
    }

    /// Rebuilds a value of `type` from its components (see ``vector``).
    static func fromVector(_ v: SIMD4<Double>, as type: ValueType) -> Value {
        switch type {
        case .number: return .number(v[0])
        case .point: return .point(Point(x: v[0], y: v[1]))
        case .size: return .size(Size(width: v[0], height: v[1]))
        case .rect: return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color: return .color(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
        case .null, .transform, .bool, .string, .image, .path, .vector3, .numberArray, .colorArray, .filterArray: return .null
        }
    }
}
