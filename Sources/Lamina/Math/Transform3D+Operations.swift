// SPDX-License-Identifier: Apache-2.0
// Construction, composition, inversion and application of transforms, with CATransform3D's
// conventions exactly (CA-12.12): row vectors (p' = p·M), `Concat(a, b)` = a·b (apply a, then
// b), and `Translate`/`Scale`/`Rotate(t, …)` = op·t (the new operation is applied before t).

// The C maths library (cos, sin); no Foundation in Sources/.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Transform3D {
    // MARK: Making transforms

    /// A translation by `(tx, ty, tz)` (CATransform3DMakeTranslation): the row-vector form puts
    /// the offsets in `m41`, `m42`, `m43`.
    public init(translationX tx: Double, y ty: Double, z tz: Double) {
        self = .identity
        m41 = tx
        m42 = ty
        m43 = tz
    }

    /// A scale by `(sx, sy, sz)` about the origin (CATransform3DMakeScale).
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self = .identity
        m11 = sx
        m22 = sy
        m33 = sz
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` through the origin
    /// (CATransform3DMakeRotation).
    ///
    /// The axis is normalised first. A zero-length (or non-finite) axis gives the identity, as
    /// Core Animation does (CA-12.12). The direction matches Core Animation: about the z axis,
    /// `m11 = cos`, `m12 = sin`, `m21 = -sin`, `m22 = cos`, so a positive angle turns the x axis
    /// towards the y axis.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length.isFinite, length > 0 else {
            self = .identity
            return
        }
        let ux = x / length, uy = y / length, uz = z / length
        let c = cos(angle), s = sin(angle)
        let k = 1 - c
        self.init(
            m11: ux * ux * k + c, m12: ux * uy * k + uz * s, m13: ux * uz * k - uy * s, m14: 0,
            m21: ux * uy * k - uz * s, m22: uy * uy * k + c, m23: uy * uz * k + ux * s, m24: 0,
            m31: ux * uz * k + uy * s, m32: uy * uz * k - ux * s, m33: uz * uz * k + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    // MARK: Composition

    /// The product `self · b` (CATransform3DConcat): a point is transformed by `self` first,
    /// then by `b`.
    @inlinable
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// The translation by `(tx, ty, tz)` followed by this transform, `T · self`
    /// (CATransform3DTranslate): the new operation is applied *before* `self`.
    public func translatedBy(x tx: Double, y ty: Double, z tz: Double) -> Transform3D {
        Transform3D(translationX: tx, y: ty, z: tz).concatenating(self)
    }

    /// The scale by `(sx, sy, sz)` followed by this transform, `S · self`
    /// (CATransform3DScale): the new operation is applied *before* `self`.
    public func scaledBy(x sx: Double, y sy: Double, z sz: Double) -> Transform3D {
        Transform3D(scaleX: sx, y: sy, z: sz).concatenating(self)
    }

    /// The rotation by `angle` radians about `(x, y, z)` followed by this transform, `R · self`
    /// (CATransform3DRotate): the new operation is applied *before* `self`.
    ///
    /// Core Animation leaves a zero-length axis undefined here (CA-12.12); Lamina returns `self`
    /// unchanged for a zero-length or non-finite axis.
    public func rotatedBy(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length.isFinite, length > 0 else { return self }
        return Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    // MARK: Determinant and inverse

    /// The relative threshold below which a matrix counts as singular.
    ///
    /// A matrix is singular when its determinant is zero or not finite, or when
    /// `|det| ≤ 1e-12 · ‖row1‖·‖row2‖·‖row3‖·‖row4‖`. The product of the row lengths bounds
    /// `|det|` (Hadamard's inequality), so the test is independent of the matrix's overall scale:
    /// `scale(1e-6, 1e-6, 1e-6)` is invertible, while a matrix whose rows are dependent up to
    /// rounding is not.
    public static let singularityThreshold: Double = 1e-12

    /// The determinant of the 4×4 matrix.
    public var determinant: Double {
        let minors = _minors
        return minors.s0 * minors.c5 - minors.s1 * minors.c4 + minors.s2 * minors.c3
            + minors.s3 * minors.c2 - minors.s4 * minors.c1 + minors.s5 * minors.c0
    }

    /// Whether the matrix can be inverted: its determinant is finite and not negligible relative
    /// to the matrix's scale (see ``singularityThreshold``).
    public var isInvertible: Bool {
        _isInvertible(determinant: determinant)
    }

    /// The inverse matrix (CATransform3DInvert), or `self` unchanged when the matrix is singular
    /// (CA-12.12; see ``singularityThreshold`` for what counts as singular).
    public func inverted() -> Transform3D {
        let k = _minors
        let det = k.s0 * k.c5 - k.s1 * k.c4 + k.s2 * k.c3 + k.s3 * k.c2 - k.s4 * k.c1 + k.s5 * k.c0
        guard _isInvertible(determinant: det) else { return self }
        let r = 1 / det
        return Transform3D(
            m11: (m22 * k.c5 - m23 * k.c4 + m24 * k.c3) * r,
            m12: (-m12 * k.c5 + m13 * k.c4 - m14 * k.c3) * r,
            m13: (m42 * k.s5 - m43 * k.s4 + m44 * k.s3) * r,
            m14: (-m32 * k.s5 + m33 * k.s4 - m34 * k.s3) * r,
            m21: (-m21 * k.c5 + m23 * k.c2 - m24 * k.c1) * r,
            m22: (m11 * k.c5 - m13 * k.c2 + m14 * k.c1) * r,
            m23: (-m41 * k.s5 + m43 * k.s2 - m44 * k.s1) * r,
            m24: (m31 * k.s5 - m33 * k.s2 + m34 * k.s1) * r,
            m31: (m21 * k.c4 - m22 * k.c2 + m24 * k.c0) * r,
            m32: (-m11 * k.c4 + m12 * k.c2 - m14 * k.c0) * r,
            m33: (m41 * k.s4 - m42 * k.s2 + m44 * k.s0) * r,
            m34: (-m31 * k.s4 + m32 * k.s2 - m34 * k.s0) * r,
            m41: (-m21 * k.c3 + m22 * k.c1 - m23 * k.c0) * r,
            m42: (m11 * k.c3 - m12 * k.c1 + m13 * k.c0) * r,
            m43: (-m41 * k.s3 + m42 * k.s1 - m43 * k.s0) * r,
            m44: (m31 * k.s3 - m32 * k.s1 + m33 * k.s0) * r)
    }

    /// Whether this is a 2D affine transform (CATransform3DIsAffine): `m13`, `m14`, `m23`,
    /// `m24`, `m31`, `m32`, `m34`, `m43` are zero and `m33` and `m44` are one.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0
            && m43 == 0 && m33 == 1 && m44 == 1
    }

    // MARK: Applying to points

    /// Transforms the point `(x, y, 0)` and projects it back to the plane with the homogeneous
    /// divide. A point that maps to `w = 0` (on the perspective's vanishing plane) comes back
    /// with non-finite coordinates.
    @inlinable
    package func apply(to point: Point) -> Point {
        let x = point.x * m11 + point.y * m21 + m41
        let y = point.x * m12 + point.y * m22 + m42
        let w = point.x * m14 + point.y * m24 + m44
        if w == 1 { return Point(x: x, y: y) }
        return Point(x: x / w, y: y / w)
    }

    /// Transforms the point `(x, y, z)` as the row vector `(x, y, z, 1) · M`, then divides by
    /// the resulting `w`. A point that maps to `w = 0` comes back with non-finite coordinates.
    @inlinable
    package func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double) {
        let px = x * m11 + y * m21 + z * m31 + m41
        let py = x * m12 + y * m22 + z * m32 + m42
        let pz = x * m13 + y * m23 + z * m33 + m43
        let w = x * m14 + y * m24 + z * m34 + m44
        if w == 1 { return (px, py, pz) }
        return (px / w, py / w, pz / w)
    }

    // MARK: Internals

    /// The twelve 2×2 minors of rows 1–2 (`s*`) and rows 3–4 (`c*`) used by the Laplace
    /// expansion of the determinant and the adjugate.
    private var _minors:
        (s0: Double, s1: Double, s2: Double, s3: Double, s4: Double, s5: Double,
         c0: Double, c1: Double, c2: Double, c3: Double, c4: Double, c5: Double)
    {
        (s0: m11 * m22 - m21 * m12,
         s1: m11 * m23 - m21 * m13,
         s2: m11 * m24 - m21 * m14,
         s3: m12 * m23 - m22 * m13,
         s4: m12 * m24 - m22 * m14,
         s5: m13 * m24 - m23 * m14,
         c0: m31 * m42 - m41 * m32,
         c1: m31 * m43 - m41 * m33,
         c2: m31 * m44 - m41 * m34,
         c3: m32 * m43 - m42 * m33,
         c4: m32 * m44 - m42 * m34,
         c5: m33 * m44 - m43 * m34)
    }

    private func _isInvertible(determinant det: Double) -> Bool {
        guard det.isFinite, det != 0 else { return false }
        func length(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            (a * a + b * b + c * c + d * d).squareRoot()
        }
        let bound = length(m11, m12, m13, m14) * length(m21, m22, m23, m24)
            * length(m31, m32, m33, m34) * length(m41, m42, m43, m44)
        // If the bound overflows the matrix is enormous but may still be regular; trust det.
        guard bound.isFinite else { return true }
        return abs(det) > Transform3D.singularityThreshold * bound
    }
}
