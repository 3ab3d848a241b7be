// SPDX-License-Identifier: Apache-2.0
// Rectangles under transforms, half-open containment (CA-12.6), and the 3×3 plane maps that
// geometry, hit testing and conversions use (CA-12.4, CA-12.12).
//
// A plain CALayer renders its sublayers into its own plane (only CATransformLayer keeps them in
// 3D). Between two layers a point therefore travels from plane to plane: a point (x, y, 0) of
// a layer's plane goes through the 4×4 transform and loses its z in the superlayer's plane. For
// such points only the entries m11 m12 m14 / m21 m22 m24 / m41 m42 m44 matter, so each step is a
// 3×3 projective map of the plane (`PlaneMap`), and flattening then composing 4×4 matrices is
// the same as composing these 3×3 maps. That makes inverse mapping (hit testing, conversion
// into a layer) exact under perspective, where the inverse of a flattened 4×4 does not exist.

extension Rect {
    /// Whether the standardized rectangle contains `point`, half-open like
    /// CGRectContainsPoint: the minimum edges are inside, the maximum edges are not (CA-12.6,
    /// CA-16 "containsPoint: is half-open"). An empty rectangle contains nothing.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        let r = standardized
        return point.x >= r.origin.x && point.x < r.origin.x + r.size.width
            && point.y >= r.origin.y && point.y < r.origin.y + r.size.height
    }

    /// Whether the standardized rectangle has no area (a zero width or height).
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The bounding box of the rectangle's four corners under `transform` (each corner is the
    /// point `(x, y, 0)`, transformed and projected with the homogeneous divide, as
    /// ``Point/applying(_:)`` does). This is how a layer's frame is the bounding box of its
    /// transformed bounds (CA-12.2). A corner that maps to `w ≤ 0` (behind the viewer of a
    /// perspective) has no image; the result then has non-finite components.
    public func applying(_ transform: Transform3D) -> Rect {
        PlaneMap(transform).boundingBox(of: self) ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)
    }

    /// The overlap of two standardized rectangles, or nil when they do not overlap.
    func intersection(_ other: Rect) -> Rect? {
        let a = standardized, b = other.standardized
        let x0 = max(a.origin.x, b.origin.x), y0 = max(a.origin.y, b.origin.y)
        let x1 = min(a.origin.x + a.size.width, b.origin.x + b.size.width)
        let y1 = min(a.origin.y + a.size.height, b.origin.y + b.size.height)
        guard x1 >= x0, y1 >= y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle from the smallest to the largest coordinates given.
    static func spanning(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Rect {
        Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Transform3D {
    /// The product `T(tx, ty, tz) · self`, computed without a full matrix product.
    @inline(__always)
    func pretranslated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        if tx == 0, ty == 0, tz == 0 { return self }
        var m = self
        m.m41 += tx * m11 + ty * m21 + tz * m31
        m.m42 += tx * m12 + ty * m22 + tz * m32
        m.m43 += tx * m13 + ty * m23 + tz * m33
        m.m44 += tx * m14 + ty * m24 + tz * m34
        return m
    }

    /// The product `self · T(tx, ty, tz)`, computed without a full matrix product.
    @inline(__always)
    func posttranslated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        if tx == 0, ty == 0, tz == 0 { return self }
        var m = self
        m.m11 += m.m14 * tx; m.m12 += m.m14 * ty; m.m13 += m.m14 * tz
        m.m21 += m.m24 * tx; m.m22 += m.m24 * ty; m.m23 += m.m24 * tz
        m.m31 += m.m34 * tx; m.m32 += m.m34 * ty; m.m33 += m.m34 * tz
        m.m41 += m.m44 * tx; m.m42 += m.m44 * ty; m.m43 += m.m44 * tz
        return m
    }
}

/// A projective map of the plane, in row-vector form: `(x, y, 1) · M = (X, Y, W)` and the image
/// is `(X / W, Y / W)`. It is the part of a 4×4 ``Transform3D`` that acts on the points
/// `(x, y, 0)` of a layer's plane once the result is flattened (rows and columns 1, 2 and 4).
struct PlaneMap: Equatable {
    var m11: Double, m12: Double, m13: Double
    var m21: Double, m22: Double, m23: Double
    var m31: Double, m32: Double, m33: Double

    static let identity = PlaneMap(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    init(m11: Double, m12: Double, m13: Double,
         m21: Double, m22: Double, m23: Double,
         m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The plane part of a 4×4 transform.
    @inline(__always)
    init(_ t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14,
                  m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// `self · b`: apply `self`, then `b`.
    @inline(__always)
    func concatenating(_ b: PlaneMap) -> PlaneMap {
        if self == .identity { return b }
        if b == .identity { return self }
        let a = self
        return PlaneMap(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The inverse map, or nil when the map is singular: a layer seen edge-on (rotated 90°
    /// about x or y), scaled to zero, or with non-finite entries. Singular means a zero or
    /// non-finite determinant, `|det| ≤ 1e-12 · ‖row1‖·‖row2‖·‖row3‖` (Hadamard's bound, so
    /// the test does not depend on the overall scale, as for ``Transform3D/inverted()``), or
    /// `|det| ≤ 1e-12 · s² · |m33|` with `s` the largest entry of the linear part at the image
    /// of the origin: a plane squeezed more than 10¹² times in one direction than in the other,
    /// which is what a rotation by a floating-point π/2 leaves.
    func inverted() -> PlaneMap? {
        if self == .identity { return self }
        let c11 = m22 * m33 - m23 * m32
        let c12 = -(m21 * m33 - m23 * m31)
        let c13 = m21 * m32 - m22 * m31
        let det = m11 * c11 + m12 * c12 + m13 * c13
        guard det.isFinite, det != 0 else { return nil }
        func length(_ a: Double, _ b: Double, _ c: Double) -> Double { (a * a + b * b + c * c).squareRoot() }
        let bound = length(m11, m12, m13) * length(m21, m22, m23) * length(m31, m32, m33)
        if bound.isFinite, abs(det) <= Transform3D.singularityThreshold * bound { return nil }
        // A plane turned edge-on in floating point (cos(π/2) ≈ 6e-17) is regular by the test
        // above, since each row on its own is fine: compare the determinant with the largest
        // entry of the linear part, taken where the origin lands (so translations do not count).
        if m33 != 0 {
            let tx = m31 / m33, ty = m32 / m33
            let s = max(max(abs(m11 - m13 * tx), abs(m12 - m13 * ty)),
                        max(abs(m21 - m23 * tx), abs(m22 - m23 * ty)))
            if s.isFinite, abs(det) <= Transform3D.singularityThreshold * s * s * abs(m33) { return nil }
        }
        let inverse = PlaneMap(
            m11: c11 / det,
            m12: -(m12 * m33 - m13 * m32) / det,
            m13: (m12 * m23 - m13 * m22) / det,
            m21: c12 / det,
            m22: (m11 * m33 - m13 * m31) / det,
            m23: -(m11 * m23 - m13 * m21) / det,
            m31: c13 / det,
            m32: -(m11 * m32 - m12 * m31) / det,
            m33: (m11 * m22 - m12 * m21) / det)
        return inverse.isFinite ? inverse : nil
    }

    var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite
            && m23.isFinite && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// The image of `p`, or nil when it has none: `W ≤ 0` (the point lies on or behind the
    /// viewer's plane of a perspective) or a non-finite result.
    @inline(__always)
    func apply(_ p: Point) -> Point? {
        let x = p.x * m11 + p.y * m21 + m31
        let y = p.x * m12 + p.y * m22 + m32
        let w = p.x * m13 + p.y * m23 + m33
        let r = w == 1 ? Point(x: x, y: y) : Point(x: x / w, y: y / w)
        guard w > 0, r.x.isFinite, r.y.isFinite else { return nil }
        return r
    }

    /// The bounding box of the images of a rectangle's four corners, or nil when a corner has
    /// no image (see ``apply(_:)``).
    func boundingBox(of rect: Rect) -> Rect? {
        let r = rect.standardized
        let x0 = r.origin.x, y0 = r.origin.y
        let x1 = x0 + r.size.width, y1 = y0 + r.size.height
        guard let a = apply(Point(x: x0, y: y0)), let b = apply(Point(x: x1, y: y0)),
              let c = apply(Point(x: x0, y: y1)), let d = apply(Point(x: x1, y: y1))
        else { return nil }
        return Rect.spanning(
            minX: min(min(a.x, b.x), min(c.x, d.x)), minY: min(min(a.y, b.y), min(c.y, d.y)),
            maxX: max(max(a.x, b.x), max(c.x, d.x)), maxY: max(max(a.y, b.y), max(c.y, d.y)))
    }
}
