// SPDX-License-Identifier: Apache-2.0
// Readable descriptions of the value types (issue 30 item 9): `print(layer.position)` shows
// "Point(x: 10, y: 20.5)", not the reflection dump of every stored field, and a `Value` shows
// its payload the same way. Numbers drop a trailing ".0"; the forms match Python's reprs.

/// A number as a person writes it: "10" for 10.0, "0.25", "nan", "inf".
@usableFromInline
func describe(_ x: Double) -> String {
    if x.isFinite, x == x.rounded(), abs(x) < 1e15 {
        return String(Int64(x))
    }
    return String(describing: x)
}

extension Point: CustomStringConvertible {
    /// "Point(x: 10, y: 20.5)".
    public var description: String { "Point(x: \(describe(x)), y: \(describe(y)))" }
}

extension Size: CustomStringConvertible {
    /// "Size(width: 30, height: 40)".
    public var description: String { "Size(width: \(describe(width)), height: \(describe(height)))" }
}

extension Rect: CustomStringConvertible {
    /// "Rect(x: 0, y: 0, width: 100, height: 50)".
    public var description: String {
        "Rect(x: \(describe(origin.x)), y: \(describe(origin.y)), width: \(describe(size.width)), "
            + "height: \(describe(size.height)))"
    }
}

extension Color: CustomStringConvertible {
    /// "Color(red: 1, green: 0, blue: 0.5, alpha: 1)".
    public var description: String {
        "Color(red: \(describe(red)), green: \(describe(green)), blue: \(describe(blue)), "
            + "alpha: \(describe(alpha)))"
    }
}

extension Vector3: CustomStringConvertible {
    /// "Vector3(x: 0, y: 0, z: 1)".
    public var description: String { "Vector3(x: \(describe(x)), y: \(describe(y)), z: \(describe(z)))" }
}

extension Transform3D: CustomStringConvertible {
    /// "Transform3D.identity", or the rows: "Transform3D([1, 0, 0, 0], [0, 1, 0, 0], ...)".
    public var description: String {
        if self == .identity { return "Transform3D.identity" }
        let rows = [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
        return "Transform3D(" + rows.map { "[" + $0.map(describe).joined(separator: ", ") + "]" }
            .joined(separator: ", ") + ")"
    }
}

extension Value: CustomStringConvertible {
    /// The payload's own description ("Point(x: 1, y: 2)", "0.5", "true", "\"name\""), "nil"
    /// for `.null`, and "[...]" for arrays.
    public var description: String {
        switch self {
        case .null: return "nil"
        case .number(let v): return describe(v)
        case .point(let p): return p.description
        case .size(let s): return s.description
        case .rect(let r): return r.description
        case .color(let c): return c.description
        case .transform(let t): return t.description
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "\"" + s + "\""
        case .image(let i): return i.description
        case .path(let p): return "Path(\(p.elements.count) elements)"
        case .vector3(let v): return v.description
        case .numberArray(let a): return "[" + a.map(describe).joined(separator: ", ") + "]"
        case .colorArray(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .filterArray(let a): return "[" + a.map { "\($0.type.name)(\"\($0.name)\")" }.joined(separator: ", ") + "]"
        }
    }
}
