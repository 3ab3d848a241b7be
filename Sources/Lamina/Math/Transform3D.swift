// SPDX-License-Identifier: Apache-2.0
// A 4×4 transform in Core Animation's conventions (CA-12.12, R9).

/// A 4×4 homogeneous transform with Core Animation's layout and conventions (CATransform3D's
/// role).
///
/// Points are row vectors multiplied on the left: `p' = p · M`. A translation therefore lives
/// in `m41`, `m42`, `m43`, and `a.concatenating(b)` (= a·b) applies `a` first, then `b`.
public struct Transform3D: Hashable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a transform from its sixteen entries, row by row.
    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity transform.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether this is exactly the identity.
    @inlinable
    public var isIdentity: Bool {
        // `self == .identity`, element by element in place: no load of the shared constant and
        // no call of the synthesized comparison (the draw list asks once per layer, issue 28).
        m11 == 1 && m22 == 1 && m33 == 1 && m44 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0
            && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0
    }
}
