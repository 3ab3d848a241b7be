// SPDX-License-Identifier: Apache-2.0
// Decomposition, recomposition and interpolation of transforms (R9, CA-3.15, CA-14.4), and the
// "transform.rotation.z"-style key-path components (CA-7.6).
//
// The algorithm is the classic "unmatrix" (Graphics Gems II) as restated by CSS Transforms
// Level 2, "Decomposing a 3D matrix", and WebKit's TransformationMatrix::decompose4/blend4,
// written out for Core Animation's row-vector convention (p' = p·M, translation in m41…m43).
// After dividing by m44, a decomposable matrix factors as
//
//     M = S · K · R · T · P
//
// applied left to right to a row vector: scale S, then skew K (lower triangular, with the skew
// factors xy at K21, xz at K31 and yz at K32), then rotation R (a unit quaternion), then
// translation T, then perspective P (the identity with its last column replaced by the
// perspective vector). Recomposition builds exactly this product, so recompose(decompose(m))
// reproduces m / m44. Every transform takes this path, 2D ones too, as in Chromium (CA-17.10);
// only a mirror that leaves z alone differs from CSS Transforms 2: it flips one axis, not three.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A transform split into the parts that Core Animation interpolates separately: translation,
/// scale, skew, perspective and a rotation quaternion (R9, CA-3.15).
///
/// ``Transform3D/decomposed()`` produces one and ``Transform3D/init(_:)`` rebuilds the matrix.
package struct DecomposedTransform: Hashable, Sendable {
    /// Three components, for the translation and the scale.
    public struct Vector3: Hashable, Sendable {
        /// The x component.
        public var x: Double
        /// The y component.
        public var y: Double
        /// The z component.
        public var z: Double

        /// Creates a vector from its components.
        public init(x: Double, y: Double, z: Double) {
            self.x = x
            self.y = y
            self.z = z
        }
    }

    /// Four components, for the perspective vector and the rotation quaternion.
    public struct Vector4: Hashable, Sendable {
        /// The x component (the quaternion's i part).
        public var x: Double
        /// The y component (the quaternion's j part).
        public var y: Double
        /// The z component (the quaternion's k part).
        public var z: Double
        /// The w component (the quaternion's real part).
        public var w: Double

        /// Creates a vector from its components.
        public init(x: Double, y: Double, z: Double, w: Double) {
            self.x = x
            self.y = y
            self.z = z
            self.w = w
        }
    }

    /// The three shear factors of a 3D matrix.
    public struct Skew: Hashable, Sendable {
        /// The shear of y along x (the y row gains `xy` times the x row).
        public var xy: Double
        /// The shear of z along x (the z row gains `xz` times the x row).
        public var xz: Double
        /// The shear of z along y (the z row gains `yz` times the y row).
        public var yz: Double

        /// Creates a skew from its factors.
        public init(xy: Double, xz: Double, yz: Double) {
            self.xy = xy
            self.xz = xz
            self.yz = yz
        }
    }

    /// The translation, `(m41, m42, m43) / m44`.
    public var translation: Vector3
    /// The scale factors along the (skewed, rotated) x, y and z axes. When the matrix mirrors
    /// space (negative determinant) some are negative: only one when the 3×3 block leaves z
    /// alone (x or y for a 2D matrix, as Chromium does), otherwise all three with the rotation
    /// absorbing the rest, as CSS Transforms 2 does (see ``Transform3D/decomposed()``).
    public var scale: Vector3
    /// The shear factors.
    public var skew: Skew
    /// The perspective vector, `(0, 0, 0, 1)` for a matrix without perspective.
    public var perspective: Vector4
    /// The rotation as a unit quaternion `(x, y, z, w)`; a rotation by θ about the unit axis `a`
    /// is `(a·sin(θ/2), cos(θ/2))`, matching ``Transform3D/init(rotationAngle:x:y:z:)``.
    public var quaternion: Vector4

    /// Creates a decomposed transform; every part defaults to its identity value.
    public init(
        translation: Vector3 = Vector3(x: 0, y: 0, z: 0),
        scale: Vector3 = Vector3(x: 1, y: 1, z: 1),
        skew: Skew = Skew(xy: 0, xz: 0, yz: 0),
        perspective: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 1),
        quaternion: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 1)
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// The decomposition of the identity transform.
    public static let identity = DecomposedTransform()

    /// The decomposition a fraction `progress` of the way from `self` to `other`: translation,
    /// scale, skew and perspective linearly, the quaternion by spherical linear interpolation
    /// along the shorter arc (normalised linear interpolation when the two are within about
    /// 0.16° of rotation). Progress outside [0, 1] extrapolates.
    ///
    /// ``Transform3D/interpolated(to:progress:)`` is this between the two decompositions;
    /// callers that animate one pair of transforms for many frames can decompose once and call
    /// this per frame.
    public func interpolated(to other: DecomposedTransform, progress: Double) -> DecomposedTransform {
        let f = progress
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        func lerp3(_ a: DecomposedTransform.Vector3, _ b: DecomposedTransform.Vector3)
            -> DecomposedTransform.Vector3
        {
            .init(x: lerp(a.x, b.x), y: lerp(a.y, b.y), z: lerp(a.z, b.z))
        }
        let result = DecomposedTransform(
            translation: lerp3(self.translation, other.translation),
            scale: lerp3(self.scale, other.scale),
            skew: .init(
                xy: lerp(self.skew.xy, other.skew.xy), xz: lerp(self.skew.xz, other.skew.xz),
                yz: lerp(self.skew.yz, other.skew.yz)),
            perspective: .init(
                x: lerp(self.perspective.x, other.perspective.x),
                y: lerp(self.perspective.y, other.perspective.y),
                z: lerp(self.perspective.z, other.perspective.z),
                w: lerp(self.perspective.w, other.perspective.w)),
            quaternion: _slerp(self.quaternion, other.quaternion, f))
        return result
    }
}

/// A scalar part of a transform, addressable like Core Animation's key paths
/// `transform.rotation.x`, `transform.scale.y`, `transform.translation.z`, … (CA-7.6).
package enum TransformComponent: Sendable {
    /// `transform.rotation.x`: the Euler angle about x, in radians.
    case rotationX
    /// `transform.rotation.y`: the Euler angle about y, in radians.
    case rotationY
    /// `transform.rotation.z` (and `transform.rotation`): the Euler angle about z, in radians.
    case rotationZ
    /// `transform.scale.x`.
    case scaleX
    /// `transform.scale.y`.
    case scaleY
    /// `transform.scale.z`.
    case scaleZ
    /// `transform.translation.x`: `m41`.
    case translationX
    /// `transform.translation.y`: `m42`.
    case translationY
    /// `transform.translation.z`: `m43`.
    case translationZ
}

extension Transform3D {
    // MARK: Decomposition

    /// Splits the transform into translation, scale, skew, perspective and rotation, or returns
    /// `nil` when that is impossible: when `m44` is zero, when an entry is not finite, or when
    /// the upper-left 3×3 block (CSS's "perspective matrix") is singular, e.g. a scale by zero.
    ///
    /// The matrix is normalised by `m44` first, so recomposing gives `self / m44` (the same
    /// mapping of points).
    ///
    /// A mirroring matrix flips a single axis when its 3×3 block leaves z alone (every 2D
    /// matrix, and those with only a z scale, z translation or perspective besides), so its
    /// rotation stays about z; any other mirror negates all three scales (R9, CA-17.10).
    package func decomposed() -> DecomposedTransform? {
        var d = DecomposedTransform.identity
        return _decompose(into: &d) ? d : nil
    }

    /// ``decomposed()`` without the optional: writes `d` and returns true, or returns false.
    /// The per-frame interpolation calls this, which spares copying two optionals per frame.
    private func _decompose(into d: inout DecomposedTransform) -> Bool {
        guard m44 != 0 else { return false }
        let r = 1 / m44
        // Normalised entries: the 3×3 block L (rows a, b, c), the perspective column and the
        // translation row.
        var a = (m11 * r, m12 * r, m13 * r)
        var b = (m21 * r, m22 * r, m23 * r)
        var c = (m31 * r, m32 * r, m33 * r)
        let column = (m14 * r, m24 * r, m34 * r)
        let t = (m41 * r, m42 * r, m43 * r)
        // x * 0 is 0 for a finite x and NaN otherwise, so this sum is 0 iff all are finite.
        let probe = (a.0 * 0 + a.1 * 0 + a.2 * 0) + (b.0 * 0 + b.1 * 0 + b.2 * 0)
            + (c.0 * 0 + c.1 * 0 + c.2 * 0) + (column.0 * 0 + column.1 * 0 + column.2 * 0)
            + (t.0 * 0 + t.1 * 0 + t.2 * 0)
        guard probe == 0 else { return false }

        let det = _dot(a, _cross(b, c))
        guard det != 0, det.isFinite else { return false }
        // What the mirror rule below needs from the normalised block before Gram–Schmidt.
        let inPlane = a.2 == 0 && b.2 == 0 && c.0 == 0 && c.1 == 0
        let m11n = a.0, m22n = b.1, c33 = c.2

        // Perspective: M = L4 · P, so P's column (px, py, pz) solves L · p = column, and
        // pw = 1 − t · p (Cramer's rule on the 3×3 block).
        var perspective = DecomposedTransform.Vector4(x: 0, y: 0, z: 0, w: 1)
        if column.0 != 0 || column.1 != 0 || column.2 != 0 {
            // L · p = column with L's rows a, b, c: p = adj(L) · column / det, where the columns
            // of L⁻¹ are b×c, c×a, a×b divided by det.
            let bc = _cross(b, c), ca = _cross(c, a), ab = _cross(a, b)
            let px = (bc.0 * column.0 + ca.0 * column.1 + ab.0 * column.2) / det
            let py = (bc.1 * column.0 + ca.1 * column.1 + ab.1 * column.2) / det
            let pz = (bc.2 * column.0 + ca.2 * column.1 + ab.2 * column.2) / det
            perspective = DecomposedTransform.Vector4(
                x: px, y: py, z: pz, w: 1 - (t.0 * px + t.1 * py + t.2 * pz))
        }

        // Scale and skew: Gram–Schmidt on the rows of L (L = S · K · R).
        var sx = _length(a)
        guard sx > 0, sx.isFinite else { return false }
        a = _scaled(a, 1 / sx)
        var xy = _dot(a, b)
        b = _sub(b, _scaled(a, xy))
        var sy = _length(b)
        guard sy > 0, sy.isFinite else { return false }
        b = _scaled(b, 1 / sy)
        xy /= sy
        var xz = _dot(a, c)
        c = _sub(c, _scaled(a, xz))
        var yz = _dot(b, c)
        c = _sub(c, _scaled(b, yz))
        var sz = _length(c)
        guard sz > 0, sz.isFinite else { return false }
        c = _scaled(c, 1 / sz)
        xz /= sz
        yz /= sz

        // A mirroring matrix (negative determinant): some scales change sign so that R is a
        // proper rotation. When the 3×3 block leaves z alone (m13, m23, m31, m32 all 0), one
        // flipped axis is enough and R stays a turn about z, as in Chromium's 2D decomposition
        // of a 2D matrix: z when m33 < 0, otherwise x when m11 < m22 and y when not. So
        // scaling(−1, 1) → identity passes flat through a zero-width layer instead of turning
        // about x (CA-17.10). Every other mirror negates all three scales and rows, as CSS
        // Transforms 2 does: (−S)·K·(−R) = S·K·R. Flipping one axis negates its scale, its row
        // of R and each skew that pairs it with an unflipped axis, which keeps S·K·R too.
        if det < 0 {
            if inPlane {
                if c33 < 0 {
                    sz = -sz; c = _scaled(c, -1); xz = -xz; yz = -yz
                } else if m11n < m22n {
                    sx = -sx; a = _scaled(a, -1); xy = -xy; xz = -xz
                } else {
                    sy = -sy; b = _scaled(b, -1); xy = -xy; yz = -yz
                }
            } else {
                sx = -sx; sy = -sy; sz = -sz
                a = _scaled(a, -1); b = _scaled(b, -1); c = _scaled(c, -1)
            }
        }

        d.translation = .init(x: t.0, y: t.1, z: t.2)
        d.scale = .init(x: sx, y: sy, z: sz)
        d.skew = .init(xy: xy, xz: xz, yz: yz)
        d.perspective = perspective
        d.quaternion = _quaternion(rows: a, b, c)
        return true
    }

    /// Rebuilds the matrix `S · K · R · T · P` from a decomposition (the inverse of
    /// ``decomposed()``, up to the normalisation by `m44`). The quaternion should have unit
    /// length; it is used as given.
    package init(_ d: DecomposedTransform) {
        let q = d.quaternion
        let r = _rotationRows(q)
        // K · R, then S.
        let row0 = r.0
        let row1 = _add(r.1, _scaled(r.0, d.skew.xy))
        let row2 = _add(_add(r.2, _scaled(r.0, d.skew.xz)), _scaled(r.1, d.skew.yz))
        let a = _scaled(row0, d.scale.x)
        let b = _scaled(row1, d.scale.y)
        let c = _scaled(row2, d.scale.z)
        let t = (d.translation.x, d.translation.y, d.translation.z)
        let p = (d.perspective.x, d.perspective.y, d.perspective.z)
        self.init(
            m11: a.0, m12: a.1, m13: a.2, m14: _dot(a, p),
            m21: b.0, m22: b.1, m23: b.2, m24: _dot(b, p),
            m31: c.0, m32: c.1, m33: c.2, m34: _dot(c, p),
            m41: t.0, m42: t.1, m43: t.2, m44: _dot(t, p) + d.perspective.w)
    }

    // MARK: Interpolation

    /// The transform a fraction `progress` of the way from `self` to `other`, the way Core
    /// Animation interpolates `transform` (R9, CA-3.15): both ends are decomposed; translation,
    /// scale, skew and perspective are interpolated linearly and the rotation by spherical
    /// linear interpolation of the quaternions along the shorter arc; the result is recomposed.
    ///
    /// - Progress 0 returns `self` and 1 returns `other` exactly. Values outside [0, 1]
    ///   (overshooting timing curves) extrapolate with the same formulas. A non-finite progress
    ///   returns `self`.
    /// - If either end cannot be decomposed, the value switches
    ///   discretely: `self` below 0.5, `other` from 0.5 on (R9).
    /// - A whole turn looks like no turn: identity → rotation(2π) does not move (CA-14.4).
    /// - 2D matrices take the same path, as in Chromium (CA-17.10): a 2D matrix decomposes
    ///   with its rotation about z and no z terms, so the result stays 2D (``isAffine2D``),
    ///   skews interpolate as shear factors (`skewX` 0 → 45° is `skewX(atan 0.5)` half-way,
    ///   never taller or shorter) and a reflection flips one axis and stays flat
    ///   (scaling(−1, 1) → identity is scaling(−0.5, 1) at a quarter) instead of turning
    ///   about x.
    public func interpolated(to other: Transform3D, progress: Double) -> Transform3D {
        guard progress.isFinite else { return self }
        if progress == 0 { return self }
        if progress == 1 { return other }
        var from = DecomposedTransform.identity, to = DecomposedTransform.identity
        guard _decompose(into: &from), other._decompose(into: &to) else {
            return progress < 0.5 ? self : other
        }
        return Transform3D(from.interpolated(to: to, progress: progress))
    }

    /// Whether this is a 2D affine matrix: no z terms and no perspective (m13, m14, m23, m24,
    /// m31, m32, m34, m43 all 0, m33 and m44 1). Interpolating two of them gives another
    /// (``interpolated(to:progress:)``).
    public var isAffine2D: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0
            && m43 == 0 && m33 == 1 && m44 == 1
    }

    // MARK: Key-path components

    /// The value of one component (CA-7.6, `transform.rotation.z` and friends).
    ///
    /// - Translations are `m41`, `m42`, `m43`.
    /// - Scales come from ``decomposed()``.
    /// - Rotations are Euler angles in radians of the decomposed rotation, in the order x, then
    ///   y, then z (the rotation is `Rx · Ry · Rz` in row-vector form, so x is applied first);
    ///   `rotationZ` is `atan2(m12, m11)` for a rotation about z alone, and the y angle lies in
    ///   [−π/2, π/2]. At gimbal lock (y = ±π/2) the z angle is reported as 0.
    /// - When the matrix cannot be decomposed, rotations read 0 and scales read the length of
    ///   the corresponding row of the 3×3 block divided by |m44| (0 when m44 is 0).
    package func value(of component: TransformComponent) -> Double {
        switch component {
        case .translationX: return m41
        case .translationY: return m42
        case .translationZ: return m43
        default: break
        }
        guard let d = decomposed() else {
            let w = abs(m44)
            func rowLength(_ x: Double, _ y: Double, _ z: Double) -> Double {
                w == 0 ? 0 : (x * x + y * y + z * z).squareRoot() / w
            }
            switch component {
            case .scaleX: return rowLength(m11, m12, m13)
            case .scaleY: return rowLength(m21, m22, m23)
            case .scaleZ: return rowLength(m31, m32, m33)
            default: return 0
            }
        }
        switch component {
        case .scaleX: return d.scale.x
        case .scaleY: return d.scale.y
        case .scaleZ: return d.scale.z
        case .rotationX: return _eulerAngles(d).x
        case .rotationY: return _eulerAngles(d).y
        case .rotationZ: return _eulerAngles(d).z
        case .translationX, .translationY, .translationZ: return 0  // handled above
        }
    }

    /// This transform with one component replaced (CA-7.6, like
    /// `setValue(_:forKeyPath: "transform.rotation.z")`): the matrix is decomposed, the
    /// component replaced, and the matrix recomposed.
    ///
    /// Translations are written straight into `m41`…`m43`, which is the same as replacing the
    /// decomposition's translation while keeping `m44`, exact, and works for every matrix. For
    /// the other components a matrix that cannot be decomposed is returned unchanged.
    package func setting(_ component: TransformComponent, to value: Double) -> Transform3D {
        var result = self
        switch component {
        case .translationX: result.m41 = value; return result
        case .translationY: result.m42 = value; return result
        case .translationZ: result.m43 = value; return result
        default: break
        }
        guard var d = decomposed() else { return self }
        switch component {
        case .translationX, .translationY, .translationZ: break  // handled above
        case .scaleX: d.scale.x = value
        case .scaleY: d.scale.y = value
        case .scaleZ: d.scale.z = value
        case .rotationX, .rotationY, .rotationZ:
            var e = _eulerAngles(d)
            switch component {
            case .rotationX: e.x = value
            case .rotationY: e.y = value
            default: e.z = value
            }
            d.quaternion = _quaternion(euler: e)
        }
        return Transform3D(d)
    }

    // MARK: Internals

    /// Euler angles (x first, then y, then z) of the decomposed rotation, with the exact
    /// `atan2(m12, m11)` for a rotation about z alone.
    private func _eulerAngles(_ d: DecomposedTransform) -> (x: Double, y: Double, z: Double) {
        // A rotation about z alone: the 3×3 block is [[a, b, 0], [c, e, 0], [0, 0, f]] with a
        // positive determinant and f > 0 (after normalising by m44), so the decomposition's
        // first row is (m11, m12, 0) / scale.x and the angle is exactly atan2(m12, m11).
        let sign: Double = m44 < 0 ? -1 : 1
        if m13 == 0, m23 == 0, m31 == 0, m32 == 0, m33 * sign > 0,
            (m11 * m22 - m12 * m21) > 0
        {
            return (0, 0, atan2(m12 * sign, m11 * sign))
        }
        let r = _rotationRows(_normalized(d.quaternion))
        let cosY = (r.0.0 * r.0.0 + r.0.1 * r.0.1).squareRoot()
        if cosY > 1e-12 {
            return (atan2(r.1.2, r.2.2), atan2(-r.0.2, cosY), atan2(r.0.1, r.0.0))
        }
        // Gimbal lock: only x − z (or x + z) is determined; report z = 0.
        return (atan2(-r.2.1, r.1.1), r.0.2 < 0 ? Double.pi / 2 : -Double.pi / 2, 0)
    }
}

// MARK: - Small vector helpers (file-private, tuple based)

private typealias Triple = (Double, Double, Double)

private func _dot(_ a: Triple, _ b: Triple) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
private func _cross(_ a: Triple, _ b: Triple) -> Triple {
    (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
}
private func _length(_ a: Triple) -> Double { _dot(a, a).squareRoot() }
private func _scaled(_ a: Triple, _ k: Double) -> Triple { (a.0 * k, a.1 * k, a.2 * k) }
private func _add(_ a: Triple, _ b: Triple) -> Triple { (a.0 + b.0, a.1 + b.1, a.2 + b.2) }
private func _sub(_ a: Triple, _ b: Triple) -> Triple { (a.0 - b.0, a.1 - b.1, a.2 - b.2) }

/// The rows of the row-vector rotation matrix of the quaternion q (the transpose of the usual
/// column-vector matrix), matching CATransform3DMakeRotation's direction.
private func _rotationRows(_ q: DecomposedTransform.Vector4) -> (Triple, Triple, Triple) {
    let x = q.x, y = q.y, z = q.z, w = q.w
    return (
        (1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
        (2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
        (2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
    )
}

/// The unit quaternion of a rotation matrix given by its rows (row-vector form), by Shepperd's
/// method (the branch on the largest diagonal term keeps it accurate for every angle).
private func _quaternion(rows a: Triple, _ b: Triple, _ c: Triple) -> DecomposedTransform.Vector4 {
    // R[i][j] in row-vector form; the column-vector matrix is its transpose.
    let r00 = a.0, r01 = a.1, r02 = a.2
    let r10 = b.0, r11 = b.1, r12 = b.2
    let r20 = c.0, r21 = c.1, r22 = c.2
    let trace = r00 + r11 + r22
    var q: DecomposedTransform.Vector4
    if trace > 0 {
        let s = 2 * (trace + 1).squareRoot()  // 4w
        q = .init(x: (r12 - r21) / s, y: (r20 - r02) / s, z: (r01 - r10) / s, w: 0.25 * s)
    } else if r00 > r11 && r00 > r22 {
        let s = 2 * (1 + r00 - r11 - r22).squareRoot()  // 4x
        q = .init(x: 0.25 * s, y: (r01 + r10) / s, z: (r02 + r20) / s, w: (r12 - r21) / s)
    } else if r11 > r22 {
        let s = 2 * (1 + r11 - r00 - r22).squareRoot()  // 4y
        q = .init(x: (r01 + r10) / s, y: 0.25 * s, z: (r12 + r21) / s, w: (r20 - r02) / s)
    } else {
        let s = 2 * (1 + r22 - r00 - r11).squareRoot()  // 4z
        q = .init(x: (r02 + r20) / s, y: (r12 + r21) / s, z: 0.25 * s, w: (r01 - r10) / s)
    }
    // One canonical sign (w ≥ 0) so equal rotations give equal quaternions.
    if q.w < 0 { q = .init(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
    return _normalized(q)
}

/// The quaternion of the Euler rotation Rx(x) · Ry(y) · Rz(z) (row-vector form: x first).
private func _quaternion(euler e: (x: Double, y: Double, z: Double)) -> DecomposedTransform.Vector4 {
    let sx = sin(e.x / 2), cx = cos(e.x / 2)
    let sy = sin(e.y / 2), cy = cos(e.y / 2)
    let sz = sin(e.z / 2), cz = cos(e.z / 2)
    return .init(
        x: sx * cy * cz - cx * sy * sz,
        y: cx * sy * cz + sx * cy * sz,
        z: cx * cy * sz - sx * sy * cz,
        w: cx * cy * cz + sx * sy * sz)
}

private func _normalized(_ q: DecomposedTransform.Vector4) -> DecomposedTransform.Vector4 {
    let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
    guard n > 0, n.isFinite else { return .init(x: 0, y: 0, z: 0, w: 1) }
    return .init(x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n)
}

/// Below this angle between the quaternions (dot > 1 − 1e-6, about 0.16° of rotation) slerp's
/// `sin θ` denominator loses precision, so a normalised linear interpolation is used instead.
private let _slerpLinearThreshold = 1 - 1e-6

/// Spherical linear interpolation along the shorter arc; extrapolates for t outside [0, 1].
private func _slerp(
    _ a: DecomposedTransform.Vector4, _ b0: DecomposedTransform.Vector4, _ t: Double
) -> DecomposedTransform.Vector4 {
    var b = b0
    var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
    if dot < 0 {
        b = .init(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
        dot = -dot
    }
    let wa: Double, wb: Double
    if dot > _slerpLinearThreshold {
        wa = 1 - t
        wb = t
    } else {
        let theta = acos(min(dot, 1))
        let s = sin(theta)
        wa = sin((1 - t) * theta) / s
        wb = sin(t * theta) / s
    }
    return _normalized(.init(
        x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z,
        w: wa * a.w + wb * b.w))
}
