// SPDX-License-Identifier: Apache-2.0
// 2D decomposition and interpolation (issue 8 item 11): a matrix with no z or perspective terms
// interpolates as CSS Transforms Level 1 "Interpolation of 2D matrices" and WebKit/Chromium's
// blend2 do — translation, a signed scale (one axis flipped for a reflection), one angle and a
// residual 2×2 skew — so a reflection stays flat instead of turning about x through 3D.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A 2D affine matrix split as `L = S · K · R(angle)` (row vectors: scale first, then the
/// residual K whose first row is (1, 0), then the rotation), plus a translation.
struct Decomposed2D {
    var tx: Double, ty: Double
    var sx: Double, sy: Double
    var angle: Double
    var k11: Double, k12: Double, k21: Double, k22: Double

    /// Decomposes the 2D part of `m` (which ``Transform3D/isAffine2D``).
    init(_ m: Transform3D) {
        tx = m.m41
        ty = m.m42
        var r0 = (m.m11, m.m12), r1 = (m.m21, m.m22)
        sx = (r0.0 * r0.0 + r0.1 * r0.1).squareRoot()
        sy = (r1.0 * r1.0 + r1.1 * r1.1).squareRoot()
        // A negative determinant is a reflection: flip one axis (CSS: the one whose unit vector
        // has the smaller diagonal entry).
        if r0.0 * r1.1 - r0.1 * r1.0 < 0 {
            if r0.0 < r1.1 { sx = -sx } else { sy = -sy }
        }
        if sx != 0 { r0 = (r0.0 / sx, r0.1 / sx) }
        if sy != 0 { r1 = (r1.0 / sy, r1.1 / sy) }
        angle = atan2(r0.1, r0.0)
        // K = N · R(−angle): undo the rotation of the normalised rows.
        let c = cos(angle), s = sin(angle)
        k11 = r0.0 * c + r0.1 * s
        k12 = -r0.0 * s + r0.1 * c
        k21 = r1.0 * c + r1.1 * s
        k22 = -r1.0 * s + r1.1 * c
    }

    /// The affine matrix `S · K · R(angle)` with the translation.
    var matrix: Transform3D {
        let c = cos(angle), s = sin(angle)
        // S · K
        let a11 = sx * k11, a12 = sx * k12, a21 = sy * k21, a22 = sy * k22
        // (S · K) · R, with R = [[c, s], [−s, c]] in row-vector form.
        var m = Transform3D.identity
        m.m11 = a11 * c - a12 * s
        m.m12 = a11 * s + a12 * c
        m.m21 = a21 * c - a22 * s
        m.m22 = a21 * s + a22 * c
        m.m41 = tx
        m.m42 = ty
        return m
    }

    /// CSS's blend: a reflection in x at one end and in y at the other is an unflipped half
    /// turn; angles take the short way round; then every field is interpolated linearly.
    static func interpolate(_ a0: Decomposed2D, _ b0: Decomposed2D, _ t: Double) -> Decomposed2D {
        var a = a0, b = b0
        if (a.sx < 0 && b.sy < 0) || (a.sy < 0 && b.sx < 0) {
            a.sx = -a.sx
            a.sy = -a.sy
            a.angle += a.angle < 0 ? Double.pi : -Double.pi
        }
        a.angle = fmod(a.angle, 2 * Double.pi)
        b.angle = fmod(b.angle, 2 * Double.pi)
        if abs(a.angle - b.angle) > Double.pi {
            if a.angle > b.angle { a.angle -= 2 * Double.pi } else { b.angle -= 2 * Double.pi }
        }
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Decomposed2D(
            tx: lerp(a.tx, b.tx), ty: lerp(a.ty, b.ty), sx: lerp(a.sx, b.sx), sy: lerp(a.sy, b.sy),
            angle: lerp(a.angle, b.angle), k11: lerp(a.k11, b.k11), k12: lerp(a.k12, b.k12),
            k21: lerp(a.k21, b.k21), k22: lerp(a.k22, b.k22))
    }

    init(tx: Double, ty: Double, sx: Double, sy: Double, angle: Double,
         k11: Double, k12: Double, k21: Double, k22: Double) {
        self.tx = tx; self.ty = ty; self.sx = sx; self.sy = sy; self.angle = angle
        self.k11 = k11; self.k12 = k12; self.k21 = k21; self.k22 = k22
    }
}

extension Transform3D {
    /// Whether this is a 2D affine matrix: no z terms and no perspective (m13, m14, m23, m24,
    /// m31, m32, m34, m43 all 0, m33 and m44 1) — the matrices CSS interpolates in 2D.
    public var isAffine2D: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m34 == 0
            && m43 == 0 && m33 == 1 && m44 == 1
    }
}
