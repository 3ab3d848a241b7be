// SPDX-License-Identifier: Apache-2.0
// The values a layer property, key path or transaction key can hold (CA-7.7's boxed values).

/// The type of a ``Value``.
public enum ValueType: Int32, Sendable, CaseIterable {
    /// No value: a nil colour (backgroundColor's default) or a nil name.
    case null = 0
    /// A `Double`.
    case number = 1
    /// A ``Point``.
    case point = 2
    /// A ``Size``.
    case size = 3
    /// A ``Rect``.
    case rect = 4
    /// A ``Color``.
    case color = 5
    /// A ``Transform3D``.
    case transform = 6
    /// A `Bool`.
    case bool = 7
    /// A `String`.
    case string = 8
    /// An ``Image`` (a layer's `contents`).
    case image = 9
    /// A ``Path`` (`shadowPath`).
    case path = 10
    /// A ``Vector3``: the three components value functions take (CA-7.5).
    case vector3 = 11
    /// An array of numbers (`lineDashPattern`, `locations`).
    case numberArray = 12
    /// An array of ``Color``s (a gradient's `colors`).
    case colorArray = 13
    /// An array of ``Filter``s (a layer's `filters`, `backgroundFilters`; R19).
    case filterArray = 14
}

/// Three numbers (x, y, z): the input of the `scale` and `translate` value functions (CA-7.5:
/// `scale` from [1, 1, 1] to [3, 3, 3]). Only animation values take it; no property holds one.
public struct Vector3: Hashable, Sendable {
    /// The x component.
    public var x: Double
    /// The y component.
    public var y: Double
    /// The z component.
    public var z: Double
    /// Creates a vector.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// A property value of any of the types Lamina animates or stores.
///
/// ```swift
/// try layer.setValue(.point(Point(x: 10, y: 20)), forKeyPath: "position")
/// let x = try layer.value(forKeyPath: "position.x")   // .number(10)
/// ```
public enum Value: Hashable, Sendable {
    /// No value (nil colour or name).
    case null
    /// A number.
    case number(Double)
    /// A point.
    case point(Point)
    /// A size.
    case size(Size)
    /// A rectangle.
    case rect(Rect)
    /// A colour.
    case color(Color)
    /// A 4×4 transform; boxed so that the common values stay small.
    indirect case transform(Transform3D)
    /// A boolean.
    case bool(Bool)
    /// A string.
    case string(String)
    /// An image (`contents`, RS-4.1); compared by identity.
    case image(Image)
    /// A path (`shadowPath`, RS-3.4).
    case path(Path)
    /// Three numbers, for the value functions (CA-7.5).
    case vector3(Vector3)
    /// Numbers (a shape layer's `lineDashPattern`, a gradient layer's `locations`). Arrays of
    /// equal length interpolate element by element; others switch at progress 0.5.
    case numberArray([Double])
    /// Colours (a gradient layer's `colors`). Arrays of equal length interpolate element by
    /// element; others switch at progress 0.5.
    case colorArray([Color])
    /// Filters (a layer's `filters` and `backgroundFilters`, R19). Arrays of the same types
    /// and names interpolate parameter by parameter; others switch at progress 0.5 (R19.4).
    case filterArray([Filter])

    /// The type tag of this value.
    public var type: ValueType {
        switch self {
        case .null: return .null
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .bool: return .bool
        case .string: return .string
        case .image: return .image
        case .path: return .path
        case .vector3: return .vector3
        case .numberArray: return .numberArray
        case .colorArray: return .colorArray
        case .filterArray: return .filterArray
        }
    }

    /// The most items an array value may hold where Lamina takes values in: 65,536.
    public static let maximumArrayCount = 65_536

    /// Whether every number inside the value is finite (NaN and ±∞ are rejected at the API).
    public var isFinite: Bool {
        switch self {
        case .null, .bool, .string, .image: return true
        case .numberArray(let a): return a.allSatisfy(\.isFinite)
        case .filterArray(let a): return a.allSatisfy { $0.parameters.allSatisfy(\.isFinite) }
        case .colorArray(let a):
            return a.allSatisfy { $0.red.isFinite && $0.green.isFinite && $0.blue.isFinite && $0.alpha.isFinite }
        case .path(let p): return p.isFinite
        case .number(let v): return v.isFinite
        case .vector3(let v): return v.x.isFinite && v.y.isFinite && v.z.isFinite
        case .point(let p): return p.x.isFinite && p.y.isFinite
        case .size(let s): return s.width.isFinite && s.height.isFinite
        case .rect(let r):
            return r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite
                && r.size.height.isFinite
        case .color(let c):
            return c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite
        case .transform(let m):
            return [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                    m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].allSatisfy(\.isFinite)
        }
    }
}

extension Value {
    /// The largest magnitude a number inside a value may have where Lamina takes values in
    /// (setters, animation and transaction values): 10¹⁵. Geometry, interpolation and the draw
    /// list multiply and add a few such numbers; near `Double.greatestFiniteMagnitude` that
    /// overflowed to ±∞ and NaN with a success status, so bigger numbers are refused with
    /// `invalidArgument` instead (they are beyond a double's integer precision anyway, 2⁵³).
    public static let maximumMagnitude = 1e15

    /// Whether every number inside the value is finite and at most ``maximumMagnitude`` in
    /// magnitude (and an array holds at most ``maximumArrayCount`` items): what the engine
    /// accepts.
    public var isFiniteAndBounded: Bool {
        @inline(__always) func ok(_ v: Double) -> Bool { v.magnitude <= Self.maximumMagnitude }
        switch self {
        case .null, .bool, .string, .image: return true
        case .number(let v): return ok(v)
        case .numberArray(let a): return a.count <= Self.maximumArrayCount && a.allSatisfy { ok($0) }
        case .filterArray(let a):
            return a.count <= Self.maximumArrayCount && a.allSatisfy { $0.parameters.allSatisfy { ok($0) } }
        case .colorArray(let a):
            return a.count <= Self.maximumArrayCount
                && a.allSatisfy { ok($0.red) && ok($0.green) && ok($0.blue) && ok($0.alpha) }
        case .path(let p): return p.elements.allSatisfy { $0.points.allSatisfy { ok($0.x) && ok($0.y) } }
        case .vector3(let v): return ok(v.x) && ok(v.y) && ok(v.z)
        case .point(let p): return ok(p.x) && ok(p.y)
        case .size(let s): return ok(s.width) && ok(s.height)
        case .rect(let r): return ok(r.origin.x) && ok(r.origin.y) && ok(r.size.width) && ok(r.size.height)
        case .color(let c): return ok(c.red) && ok(c.green) && ok(c.blue) && ok(c.alpha)
        case .transform(let m):
            return ok(m.m11) && ok(m.m12) && ok(m.m13) && ok(m.m14) && ok(m.m21) && ok(m.m22)
                && ok(m.m23) && ok(m.m24) && ok(m.m31) && ok(m.m32) && ok(m.m33) && ok(m.m34)
                && ok(m.m41) && ok(m.m42) && ok(m.m43) && ok(m.m44)
        }
    }
}
