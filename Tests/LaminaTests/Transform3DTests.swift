// SPDX-License-Identifier: Apache-2.0
// Transform3D: construction, composition order, inversion, application (CA-12.12),
// decomposition and interpolation (R9, CA-3.15, CA-14.4), key-path components (CA-7.6).

import Testing

@testable import Lamina

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Helpers (file-private)

fileprivate func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool {
    abs(a - b) <= tol
}

fileprivate func entries(_ m: Transform3D) -> [Double] {
    [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
     m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
}

/// The largest entrywise difference.
fileprivate func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
    zip(entries(a), entries(b)).map { abs($0 - $1) }.max()!
}

fileprivate func closeMatrix(_ a: Transform3D, _ b: Transform3D, _ tol: Double) -> Bool {
    maxDifference(a, b) <= tol
}

/// The matrix divided by m44 (the projectively equal matrix with m44 = 1).
fileprivate func normalizedByM44(_ m: Transform3D) -> Transform3D {
    let e = entries(m).map { $0 / m.m44 }
    return Transform3D(
        m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
        m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14],
        m44: e[15])
}

fileprivate func matrix(_ rows: [[Double]]) -> Transform3D {
    Transform3D(
        m11: rows[0][0], m12: rows[0][1], m13: rows[0][2], m14: rows[0][3],
        m21: rows[1][0], m22: rows[1][1], m23: rows[1][2], m24: rows[1][3],
        m31: rows[2][0], m32: rows[2][1], m33: rows[2][2], m34: rows[2][3],
        m41: rows[3][0], m42: rows[3][1], m43: rows[3][2], m44: rows[3][3])
}

fileprivate let perspective500: Transform3D = {
    var p = Transform3D.identity
    p.m34 = -1.0 / 500
    return p
}()

fileprivate func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(translationX: x, y: y, z: z)
}
fileprivate func scale(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(scaleX: x, y: y, z: z)
}
fileprivate func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}
/// A skew: row 2 gains k·row 1 (x += k·y for a row vector), and so on.
fileprivate func skew(xy: Double = 0, xz: Double = 0, yz: Double = 0) -> Transform3D {
    var m = Transform3D.identity
    m.m21 = xy
    m.m31 = xz
    m.m32 = yz
    return m
}

/// A named matrix, so parameterized tests print something readable (internal: parameterized
/// tests need it; the name is specific to this file).
struct Transform3DCase: CustomTestStringConvertible, Sendable {
    let name: String
    let m: Transform3D
    var testDescription: String { name }
    init(_ name: String, _ m: Transform3D) {
        self.name = name
        self.m = m
    }
}

// MARK: - Construction (CA-12.12)

@Suite("Transform3D construction and composition (CA-12.12)")
struct Transform3DConstructionTests {
    @Test("CA-12.12 translation lives in m41, m42, m43 (row-vector form)")
    func translationLayout() {
        let t = translation(3, -4, 5)
        #expect(t == matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [3, -4, 5, 1]]))
    }

    @Test("CA-12.12 scale lives on the diagonal")
    func scaleLayout() {
        #expect(scale(2, 3, 4) == matrix([[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0], [0, 0, 0, 1]]))
    }

    /// (axis, angle, expected matrix) for CATransform3DMakeRotation's direction.
    static let rotations: [(String, [Double], Double, [[Double]])] = [
        ("z 90°", [0, 0, 1], Double.pi / 2, [[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]),
        ("z 30°", [0, 0, 2], Double.pi / 6,
         [[cos(.pi / 6), sin(.pi / 6), 0, 0], [-sin(.pi / 6), cos(.pi / 6), 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]),
        ("x 90°", [1, 0, 0], Double.pi / 2, [[1, 0, 0, 0], [0, 0, 1, 0], [0, -1, 0, 0], [0, 0, 0, 1]]),
        ("y 90°", [0, 1, 0], Double.pi / 2, [[0, 0, -1, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1]]),
        ("z −90° (negative axis)", [0, 0, -5], Double.pi / 2,
         [[0, -1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]),
        ("zero axis → identity", [0, 0, 0], 1.0, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]),
    ]

    @Test("CA-12.12 rotation direction matches CATransform3DMakeRotation", arguments: rotations)
    func rotationDirection(_ c: (String, [Double], Double, [[Double]])) {
        let r = rotation(c.2, c.1[0], c.1[1], c.1[2])
        #expect(closeMatrix(r, matrix(c.3), 1e-15), "\(c.0): \(r)")
    }

    @Test("rotation about an arbitrary axis keeps the axis fixed and is orthonormal")
    func arbitraryAxis() {
        let r = rotation(1.1, 1, 2, 3)
        let n = (14.0).squareRoot()
        let p = r.apply(x: 1 / n, y: 2 / n, z: 3 / n)
        #expect(close(p.x, 1 / n, 1e-15) && close(p.y, 2 / n, 1e-15) && close(p.z, 3 / n, 1e-15))
        // R · Rᵀ = I, det = 1.
        let rt = matrix([[r.m11, r.m21, r.m31, 0], [r.m12, r.m22, r.m32, 0], [r.m13, r.m23, r.m33, 0], [0, 0, 0, 1]])
        #expect(closeMatrix(r.concatenating(rt), .identity, 1e-15))
        #expect(close(r.determinant, 1, 1e-14))
    }

    /// CA-12.12: Translate/Scale/Rotate(t, …) = op·t; Concat(a, b) = a·b (a first).
    static let orderCases: [(String, Transform3D, Transform3D)] = [
        ("translatedBy = T·t", scale(2, 3, 1).translatedBy(x: 10, y: 20, z: 0),
         translation(10, 20, 0).concatenating(scale(2, 3, 1))),
        ("scaledBy = S·t", translation(10, 20, 0).scaledBy(x: 2, y: 3, z: 4),
         scale(2, 3, 4).concatenating(translation(10, 20, 0))),
        ("rotatedBy = R·t", translation(10, 20, 0).rotatedBy(angle: 0.7, x: 0, y: 0, z: 1),
         rotation(0.7, 0, 0, 1).concatenating(translation(10, 20, 0))),
        ("rotatedBy zero axis = t", translation(10, 20, 0).rotatedBy(angle: 0.7, x: 0, y: 0, z: 0),
         translation(10, 20, 0)),
    ]

    @Test("CA-12.12 the new operation is applied before t", arguments: orderCases)
    func operationOrder(_ c: (String, Transform3D, Transform3D)) {
        #expect(closeMatrix(c.1, c.2, 1e-12), "\(c.0)")
    }

    @Test("CA-12.12 Concat(a, b) applies a, then b")
    func concatOrder() {
        // scale then translate: (1, 1) → (2, 2) → (12, 2).
        let m = scale(2, 2, 1).concatenating(translation(10, 0, 0))
        #expect(m.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
        // translate then scale: (1, 1) → (11, 1) → (22, 2).
        let n = translation(10, 0, 0).concatenating(scale(2, 2, 1))
        #expect(n.apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 2))
        // scaledBy puts the scale first: same as m.
        #expect(translation(10, 0, 0).scaledBy(x: 2, y: 2, z: 1) == m)
    }

    @Test("identity is neutral for concatenation")
    func identityNeutral() {
        let m = rotation(0.3, 1, 1, 0).concatenating(perspective500).translatedBy(x: 1, y: 2, z: 3)
        #expect(m.concatenating(.identity) == m)
        #expect(Transform3D.identity.concatenating(m) == m)
    }
}

// MARK: - Inversion and application

@Suite("Transform3D inverse and application")
struct Transform3DInverseTests {
    static let invertible: [Transform3DCase] = [
        Transform3DCase("identity", .identity),
        Transform3DCase("translation", translation(3, -4, 5)),
        Transform3DCase("scale", scale(2, -0.5, 4)),
        Transform3DCase("tiny scale 1e-6", scale(1e-6, 1e-6, 1e-6)),
        Transform3DCase("rotation", rotation(0.9, 1, -2, 0.5)),
        Transform3DCase("perspective", perspective500),
        Transform3DCase("compound", rotation(0.4, 0, 1, 0).concatenating(translation(5, 6, -300))
            .concatenating(perspective500).scaledBy(x: 2, y: 3, z: 1)),
    ]

    @Test("M · M⁻¹ = I", arguments: invertible)
    func inverse(_ c: Transform3DCase) {
        #expect(c.m.isInvertible)
        let inv = c.m.inverted()
        #expect(closeMatrix(c.m.concatenating(inv), .identity, 1e-9), "\(c.name)")
        #expect(closeMatrix(inv.concatenating(c.m), .identity, 1e-9), "\(c.name)")
    }

    static let singular: [Transform3DCase] = [
        Transform3DCase("zero scale", scale(0, 1, 1)),
        Transform3DCase("all zero", matrix([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])),
        Transform3DCase("dependent rows", matrix([[1, 2, 3, 4], [2, 4, 6, 8], [0, 0, 1, 0], [0, 0, 0, 1]])),
        Transform3DCase("flattened rotation", rotation(0.7, 1, 1, 0).concatenating(scale(1, 1, 0))),
        Transform3DCase("NaN entry", matrix([[.nan, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])),
    ]

    @Test("CA-12.12 inverting a singular matrix returns it unchanged", arguments: singular)
    func singularUnchanged(_ c: Transform3DCase) {
        #expect(!c.m.isInvertible)
        let inv = c.m.inverted()
        // Compare bit patterns so the NaN case counts as unchanged.
        #expect(entries(inv).map(\.bitPattern) == entries(c.m).map(\.bitPattern), "\(c.name)")
    }

    @Test("determinant of simple matrices")
    func determinant() {
        #expect(scale(2, 3, 4).determinant == 24)
        #expect(translation(7, 8, 9).determinant == 1)
        #expect(close(rotation(1, 1, 2, 3).determinant, 1, 1e-14))
        #expect(close(scale(2, 3, 4).concatenating(rotation(0.5, 0, 1, 1)).determinant, 24, 1e-12))
        #expect(matrix([[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]).determinant == -1)
    }

    @Test("isAffine follows CATransform3DIsAffine")
    func isAffine() {
        #expect(Transform3D.identity.isAffine)
        #expect(rotation(0.3, 0, 0, 1).concatenating(translation(4, 5, 0)).isAffine)
        #expect(scale(2, 3, 1).isAffine)
        #expect(!scale(2, 3, 4).isAffine)  // m33 ≠ 1
        #expect(!translation(0, 0, 1).isAffine)  // m43 ≠ 0
        #expect(!rotation(0.3, 1, 0, 0).isAffine)
        #expect(!perspective500.isAffine)
    }

    static let pointCases: [(String, Transform3D, Point, Point)] = [
        ("identity", .identity, Point(x: 3, y: 4), Point(x: 3, y: 4)),
        ("translation", translation(10, -5, 7), Point(x: 1, y: 2), Point(x: 11, y: -3)),
        ("scale", scale(2, 3, 4), Point(x: 1, y: 2), Point(x: 2, y: 6)),
        ("rotation z 90°", rotation(.pi / 2, 0, 0, 1), Point(x: 1, y: 0), Point(x: 0, y: 1)),
        // w = x·m14 + y·m24 + m44 = 1 + 0.5·x
        ("homogeneous divide", matrix([[1, 0, 0, 0.5], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]),
         Point(x: 2, y: 4), Point(x: 1, y: 2)),
    ]

    @Test("apply(to:) maps (x, y, 0) and divides by w", arguments: pointCases)
    func applyPoint(_ c: (String, Transform3D, Point, Point)) {
        let p = c.1.apply(to: c.2)
        #expect(close(p.x, c.3.x, 1e-15) && close(p.y, c.3.y, 1e-15), "\(c.0): \(p)")
    }

    @Test("apply(x:y:z:) with perspective: a point pushed back shrinks towards the origin")
    func applyPerspective() {
        // Translate to z = −500, then perspective: w = 1 + 500/500 = 2.
        let m = translation(0, 0, -500).concatenating(perspective500)
        let p = m.apply(x: 100, y: 50, z: 0)
        #expect(close(p.x, 50, 1e-12) && close(p.y, 25, 1e-12) && close(p.z, -250, 1e-12))
        // The inverse maps it back.
        let q = m.inverted().apply(x: p.x, y: p.y, z: p.z)
        #expect(close(q.x, 100, 1e-9) && close(q.y, 50, 1e-9) && close(q.z, 0, 1e-9))
    }
}

// MARK: - Decomposition

@Suite("Transform3D decomposition (R9)")
struct Transform3DDecompositionTests {
    static let roundTrips: [Transform3DCase] = [
        Transform3DCase("identity", .identity),
        Transform3DCase("translation", translation(12, -7, 33)),
        Transform3DCase("scale", scale(2, 0.5, 3)),
        Transform3DCase("negative scale x", scale(-1, 1, 1)),
        Transform3DCase("negative scale xy", scale(-2, -3, 1)),
        Transform3DCase("negative scale xyz", scale(-2, -3, -4)),
        Transform3DCase("rotation x", rotation(0.8, 1, 0, 0)),
        Transform3DCase("rotation y", rotation(-1.3, 0, 1, 0)),
        Transform3DCase("rotation z", rotation(2.5, 0, 0, 1)),
        Transform3DCase("rotation π about z", rotation(.pi, 0, 0, 1)),
        Transform3DCase("rotation π about x", rotation(.pi, 1, 0, 0)),
        Transform3DCase("rotation π about (1, 1, 0)", rotation(.pi, 1, 1, 0)),
        Transform3DCase("rotation arbitrary axis", rotation(1.7, 1, -2, 0.5)),
        Transform3DCase("rotation arbitrary axis 2", rotation(-3.0, -0.3, 0.2, 0.9)),
        Transform3DCase("skew xy", skew(xy: 0.5)),
        Transform3DCase("skew xz yz", skew(xz: -0.3, yz: 0.8)),
        Transform3DCase("skew all", skew(xy: 0.2, xz: 0.4, yz: -0.6)),
        Transform3DCase("perspective −1/500", perspective500),
        Transform3DCase("perspective then translation", perspective500.concatenating(translation(10, 20, 30))),
        Transform3DCase("translate back, then perspective", translation(10, 20, -300).concatenating(perspective500)),
        Transform3DCase("scale·rotation·translation",
             scale(2, 3, 0.5).concatenating(rotation(0.6, 1, 1, 1)).concatenating(translation(5, 6, 7))),
        Transform3DCase("skew·negative scale·rotation",
             skew(xy: 0.3).concatenating(scale(-1.5, 2, 1)).concatenating(rotation(1.2, 0, 1, 0))),
        Transform3DCase("card flip with perspective",
             rotation(0.9, 0, 1, 0).concatenating(translation(100, 50, 0)).concatenating(perspective500)),
        Transform3DCase("everything",
             scale(1.5, -0.75, 2).concatenating(skew(xy: 0.1, xz: -0.2, yz: 0.3))
                .concatenating(rotation(2.2, -1, 0.5, 2)).concatenating(translation(-40, 25, 8))
                .concatenating(perspective500)),
        Transform3DCase("m44 = 2", matrix([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [6, 8, 0, 2]])),
    ]

    @Test("recompose(decompose(m)) ≈ m / m44 within 1e-9", arguments: roundTrips)
    func roundTrip(_ c: Transform3DCase) throws {
        let d = try #require(c.m.decomposed(), "\(c.name) should decompose")
        let back = Transform3D(d)
        #expect(closeMatrix(back, normalizedByM44(c.m), 1e-9), "\(c.name): \(back)")
        // The quaternion is a unit quaternion.
        let q = d.quaternion
        #expect(close(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w, 1, 1e-12))
    }

    @Test("the parts are the ones that were put in")
    func parts() throws {
        let m = scale(2, 3, 4).concatenating(rotation(.pi / 3, 0, 0, 1))
            .concatenating(translation(5, 6, 7))
        let d = try #require(m.decomposed())
        #expect(close(d.translation.x, 5, 1e-12) && close(d.translation.y, 6, 1e-12)
            && close(d.translation.z, 7, 1e-12))
        #expect(close(d.scale.x, 2, 1e-12) && close(d.scale.y, 3, 1e-12) && close(d.scale.z, 4, 1e-12))
        #expect(d.skew == DecomposedTransform.Skew(xy: 0, xz: 0, yz: 0))
        #expect(d.perspective == DecomposedTransform.identity.perspective)
        // 60° about z: (0, 0, sin 30°, cos 30°).
        #expect(close(d.quaternion.z, 0.5, 1e-12) && close(d.quaternion.w, (0.75).squareRoot(), 1e-12))

        let s = try #require(skew(xy: 0.5).decomposed())
        #expect(close(s.skew.xy, 0.5, 1e-12) && s.scale == .init(x: 1, y: 1, z: 1))

        let p = try #require(perspective500.decomposed())
        #expect(p.perspective == .init(x: 0, y: 0, z: -1.0 / 500, w: 1))
    }

    @Test("identity decomposes to DecomposedTransform.identity and back exactly")
    func identity() throws {
        #expect(Transform3D.identity.decomposed() == DecomposedTransform.identity)
        #expect(Transform3D(DecomposedTransform.identity) == .identity)
    }

    static let nonDecomposableCases: [Transform3DCase] = [
        Transform3DCase("m44 = 0", matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 1], [0, 0, 0, 0]])),
        Transform3DCase("scale to zero", scale(0, 0, 1)),
        Transform3DCase("flattened z", scale(1, 1, 0)),
        Transform3DCase("infinite entry", translation(.infinity, 0, 0)),
        Transform3DCase("NaN entry", scale(.nan, 1, 1)),
    ]

    @Test("not decomposable → nil", arguments: nonDecomposableCases)
    func notDecomposable(_ c: Transform3DCase) {
        #expect(c.m.decomposed() == nil, "\(c.name)")
    }
}

// MARK: - Interpolation

@Suite("Transform3D interpolation (R9, CA-3.15, CA-14.4)")
struct Transform3DInterpolationTests {
    /// (from, to, progress, expected)
    static let midpoints: [(String, Transform3D, Transform3D, Double, Transform3D)] = [
        ("rotation z 0→90° at 0.5 is 45°", .identity, rotation(.pi / 2, 0, 0, 1), 0.5,
         rotation(.pi / 4, 0, 0, 1)),
        ("rotation z 0→90° at 0.25 is 22.5°", .identity, rotation(.pi / 2, 0, 0, 1), 0.25,
         rotation(.pi / 8, 0, 0, 1)),
        ("rotation x 30°→90° at 0.5 is 60°", rotation(.pi / 6, 1, 0, 0), rotation(.pi / 2, 1, 0, 0),
         0.5, rotation(.pi / 3, 1, 0, 0)),
        ("arbitrary axis 0→2 rad at 0.3", .identity, rotation(2, 1, 2, 3), 0.3, rotation(0.6, 1, 2, 3)),
        ("scale 1→3 at 0.5 is 2", .identity, scale(3, 3, 3), 0.5, scale(2, 2, 2)),
        ("scale (1,2,1)→(3,4,5) at 0.25", scale(1, 2, 1), scale(3, 4, 5), 0.25, scale(1.5, 2.5, 2)),
        ("translation at 0.5", translation(0, 0, 0), translation(100, -50, 20), 0.5, translation(50, -25, 10)),
        ("translation at 0.1", translation(10, 10, 10), translation(20, 30, 40), 0.1, translation(11, 12, 13)),
        // Skews interpolate their shear factor linearly, 2D ones too (CA-17.10; more in
        // Transform2DThrough3DTests).
        ("2D skew at 0.5", .identity, skew(xy: 1), 0.5, skew(xy: 0.5)),
        ("3D skew at 0.5", scale(1, 1, 2), skew(xy: 1).concatenating(scale(1, 1, 2)), 0.5,
         skew(xy: 0.5).concatenating(scale(1, 1, 2))),
        ("scale·rotation·translation at 0.5",
         scale(1, 1, 1).concatenating(rotation(0.2, 0, 0, 1)).concatenating(translation(10, 0, 0)),
         scale(3, 5, 1).concatenating(rotation(0.6, 0, 0, 1)).concatenating(translation(30, 20, 0)), 0.5,
         scale(2, 3, 1).concatenating(rotation(0.4, 0, 0, 1)).concatenating(translation(20, 10, 0))),
        ("overshoot: translation at 1.5", .identity, translation(10, 0, 0), 1.5, translation(15, 0, 0)),
        ("overshoot: rotation z 0→90° at 1.5 is 135°", .identity, rotation(.pi / 2, 0, 0, 1), 1.5,
         rotation(3 * .pi / 4, 0, 0, 1)),
        ("undershoot: rotation z 0→90° at −0.2 is −18°", .identity, rotation(.pi / 2, 0, 0, 1), -0.2,
         rotation(-.pi / 10, 0, 0, 1)),
        ("shortest path: 170° → −170° passes 180°", rotation(170 * .pi / 180, 0, 0, 1),
         rotation(-170 * .pi / 180, 0, 0, 1), 0.5, rotation(.pi, 0, 0, 1)),
        ("nearly parallel (lerp fallback): 0 → 0.001 rad at 0.5", .identity, rotation(0.001, 0, 0, 1), 0.5,
         rotation(0.0005, 0, 0, 1)),
        ("perspective on → off at 0.5", perspective500, .identity, 0.5,
         matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -1.0 / 1000], [0, 0, 0, 1]])),
    ]

    @Test("interpolated values (tolerance 1e-9)", arguments: midpoints)
    func midpoint(_ c: (String, Transform3D, Transform3D, Double, Transform3D)) {
        let m = c.1.interpolated(to: c.2, progress: c.3)
        #expect(closeMatrix(m, c.4, 1e-9), "\(c.0): \(m)")
    }

    static let pairs: [(Transform3D, Transform3D)] = [
        (.identity, rotation(1, 1, 1, 1)),
        (scale(2, 3, 1).concatenating(perspective500), rotation(2, 0, 1, 0).concatenating(translation(4, 5, 6))),
        (skew(xy: 0.3), scale(-1, 2, 1)),
    ]

    @Test("progress 0 and 1 give the endpoints (1e-12 per entry)", arguments: pairs)
    func endpoints(_ p: (Transform3D, Transform3D)) {
        #expect(closeMatrix(p.0.interpolated(to: p.1, progress: 0), p.0, 1e-12))
        #expect(closeMatrix(p.0.interpolated(to: p.1, progress: 1), p.1, 1e-12))
        // Just inside the ends the value is continuous with them (1e-6 of progress).
        #expect(closeMatrix(p.0.interpolated(to: p.1, progress: 1e-9), p.0, 1e-6))
        #expect(closeMatrix(p.0.interpolated(to: p.1, progress: 1 - 1e-9), normalizedByM44(p.1), 1e-6))
    }

    @Test("R9 a non-decomposable end switches discretely at 0.5")
    func discreteFallback() {
        let a = rotation(0.5, 0, 0, 1)
        let flat = scale(0, 0, 1)  // singular: cannot be decomposed
        for p in [-0.5, 0, 0.1, 0.49, 0.4999999] {
            #expect(a.interpolated(to: flat, progress: p) == a, "p = \(p)")
            #expect(flat.interpolated(to: a, progress: p) == flat, "p = \(p)")
        }
        for p in [0.5, 0.51, 0.9, 1, 1.5] {
            #expect(a.interpolated(to: flat, progress: p) == flat, "p = \(p)")
            #expect(flat.interpolated(to: a, progress: p) == a, "p = \(p)")
        }
    }

    @Test("CA-14.4 identity → rotation(2π) about z shows no motion (every frame ≈ identity, 1e-12)")
    func fullTurnDoesNotMove() {
        let turn = rotation(2 * .pi, 0, 0, 1)
        for i in 0...100 {
            let m = Transform3D.identity.interpolated(to: turn, progress: Double(i) / 100)
            #expect(closeMatrix(m, .identity, 1e-12), "frame \(i): \(m)")
        }
    }

    @Test("CA-3.15 a π rotation about z still rotates (in some direction)")
    func halfTurn() {
        let m = Transform3D.identity.interpolated(to: rotation(.pi, 0, 0, 1), progress: 0.5)
        // Either +90° or −90° about z.
        #expect(closeMatrix(m, rotation(.pi / 2, 0, 0, 1), 1e-9) || closeMatrix(m, rotation(-.pi / 2, 0, 0, 1), 1e-9))
    }

    @Test("decomposition interpolation agrees with the matrix interpolation")
    func decomposedInterpolation() throws {
        let a = scale(2, 1, 1).concatenating(translation(3, 4, 5))
        let b = rotation(1, 0, 1, 0)
        let da = try #require(a.decomposed()), db = try #require(b.decomposed())
        let viaParts = Transform3D(da.interpolated(to: db, progress: 0.3))
        #expect(closeMatrix(viaParts, a.interpolated(to: b, progress: 0.3), 1e-15))
    }

    @Test("non-finite progress returns self")
    func nonFiniteProgress() {
        let a = translation(1, 2, 3), b = translation(4, 5, 6)
        #expect(a.interpolated(to: b, progress: .nan) == a)
        #expect(a.interpolated(to: b, progress: .infinity) == a)
    }
}

// MARK: - 2D matrices through the 3D decomposition (CA-17.10)

/// An independent statement of what the 3D decomposition gives for a 2D matrix (Chromium's
/// `Decompose2DTransform` then `BlendDecomposedTransforms`), written with one angle and closed
/// forms instead of Gram–Schmidt rows and quaternions. The 2×2 part factors as (row-vector
/// form) m11 = sx·cos θ, m12 = sx·sin θ, m21 = sy·(k·cos θ − sin θ),
/// m22 = sy·(k·sin θ + cos θ): scale, then the shear k, then the turn θ about z. A negative determinant flips x when
/// m11 < m22 and y otherwise. Blending is linear in everything but θ, which takes the shorter
/// way round (what slerp does to two turns about z).
fileprivate struct Reference2D {
    var tx: Double, ty: Double, sx: Double, sy: Double, k: Double, theta: Double

    init(_ m: Transform3D) {
        let (a, b, c, d) = (m.m11, m.m12, m.m21, m.m22)
        let det = a * d - b * c
        var signX = 1.0, signY = 1.0
        if det < 0 { if a < d { signX = -1 } else { signY = -1 } }
        sx = signX * (a * a + b * b).squareRoot()
        let (ux, uy) = (a / sx, b / sx)  // the unit x axis after the turn
        theta = atan2(uy, ux)
        // The y row is sy·(k·u + u⊥) with u⊥ = (−sin θ, cos θ).
        let along = c * ux + d * uy, across = -c * uy + d * ux
        sy = signY * abs(across)
        k = along / sy
        tx = m.m41
        ty = m.m42
    }

    init(tx: Double, ty: Double, sx: Double, sy: Double, k: Double, theta: Double) {
        self.tx = tx; self.ty = ty; self.sx = sx; self.sy = sy; self.k = k; self.theta = theta
    }

    var matrix: Transform3D {
        var m = Transform3D.identity
        let (cs, sn) = (cos(theta), sin(theta))
        m.m11 = sx * cs
        m.m12 = sx * sn
        m.m21 = sy * (k * cs - sn)
        m.m22 = sy * (k * sn + cs)
        m.m41 = tx
        m.m42 = ty
        return m
    }

    static func blend(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        let p = Reference2D(a), q = Reference2D(b)
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        var turn = q.theta - p.theta
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        return Reference2D(
            tx: lerp(p.tx, q.tx), ty: lerp(p.ty, q.ty), sx: lerp(p.sx, q.sx), sy: lerp(p.sy, q.sy),
            k: lerp(p.k, q.k), theta: p.theta + turn * t
        ).matrix
    }
}

/// A 2D matrix from its rows (a, b), (c, d) and translation.
fileprivate func affine(_ a: Double, _ b: Double, _ c: Double, _ d: Double,
                        tx: Double = 0, ty: Double = 0) -> Transform3D {
    matrix([[a, b, 0, 0], [c, d, 0, 0], [0, 0, 1, 0], [tx, ty, 0, 1]])
}

@Suite("2D transforms interpolate through the 3D decomposition (CA-17.10, R9)")
struct Transform2DThrough3DTests {
    @Test("CA-17.10 skewX(0 → 45°) half-way is the shear tan = 0.5, no taller (1e-9)")
    func skewXHalfway() {
        let skewX45 = affine(1, 0, tan(Double.pi / 4), 1)
        let m = Transform3D.identity.interpolated(to: skewX45, progress: 0.5)
        #expect(closeMatrix(m, affine(1, 0, 0.5, 1), 1e-9), "\(m)")
        // CSS Transforms 1's 2D rule, used before, gave m21 = 0.4268, m22 = 1.0303 here.
        #expect(close(m.m22, 1, 1e-9) && close(m.m11, 1, 1e-9) && close(m.m21, 0.5, 1e-9))
        // Every frame keeps the height (m22 = 1) and the width; only the shear moves.
        for i in 0...20 {
            let f = Transform3D.identity.interpolated(to: skewX45, progress: Double(i) / 20)
            #expect(close(f.m22, 1, 1e-12) && close(f.m11, 1, 1e-12) && close(f.m12, 0, 1e-12))
            #expect(close(f.m21, Double(i) / 20, 1e-12), "frame \(i): \(f)")
        }
    }

    /// Pairs of 2D matrices, each checked against ``Reference2D`` (the 2D view of the 3D
    /// decomposition). Determinants are noted where a flip is involved.
    static let pairs: [(String, Transform3D, Transform3D)] = [
        ("skewX 45°", .identity, affine(1, 0, 1, 1)),
        ("skewY 30°", .identity, affine(1, tan(Double.pi / 6), 0, 1)),
        ("two-axis skew (20°, 35°)", .identity, affine(1, tan(0.35), tan(0.6), 1)),
        ("two-axis skew → another", affine(1, 0.4, -0.2, 1), affine(1, -0.3, 0.7, 1)),
        ("general → general", affine(1.2, 0.4, -0.3, 0.8, tx: 10, ty: -5),
         affine(0.5, -1.1, 0.9, 0.7, tx: 3, ty: 4)),
        ("rotation·scale·skew → rotation", affine(2, 0.5, 1.5, 3).concatenating(rotation(2.5, 0, 0, 1)),
         rotation(-2.8, 0, 0, 1)),
        ("mirror, x flipped (det < 0, m11 < m22) → general", affine(-1.5, 0.2, 0.3, 0.9, tx: 7),
         affine(0.8, 0.6, -0.4, 1.3)),
        ("mirror, y flipped (det < 0, m11 ≥ m22) → general", affine(1, 0.3, 0.2, -2),
         affine(1.1, 0.2, 0.5, 0.9, ty: -12)),
        ("scaling(−1, 1) → identity", scale(-1, 1, 1), .identity),
        ("rotation then mirror → rotation", rotation(0.5, 0, 0, 1).concatenating(scale(-1, 1, 1)),
         rotation(1.5, 0, 0, 1)),
        ("mirror → mirror", scale(1, -2, 1).concatenating(rotation(0.3, 0, 0, 1)),
         scale(-1, 1, 1).concatenating(rotation(-0.4, 0, 0, 1))),
        ("short way round: 3 → −3 rad", rotation(3, 0, 0, 1), rotation(-3, 0, 0, 1)),
    ]

    @Test("CA-17.10 2D pairs match the 2D statement of the 3D decomposition (1e-9)", arguments: pairs)
    func matchesReference(_ c: (String, Transform3D, Transform3D)) {
        for t in [0.1, 0.25, 0.5, 0.75, 0.9, -0.2, 1.3] {
            let m = c.1.interpolated(to: c.2, progress: t)
            let r = Reference2D.blend(c.1, c.2, t)
            #expect(closeMatrix(m, r, 1e-9), "\(c.0) at \(t): \(m) vs \(r)")
        }
    }

    @Test("CA-17.10 a 2D interpolation stays 2D: no z or perspective terms, m33 = m44 = 1", arguments: pairs)
    func staysFlat(_ c: (String, Transform3D, Transform3D)) {
        for i in -5...25 {
            let m = c.1.interpolated(to: c.2, progress: Double(i) / 20)
            for z in [m.m13, m.m14, m.m23, m.m24, m.m31, m.m32, m.m34, m.m43] {
                #expect(abs(z) <= 1e-12, "\(c.0) frame \(i): \(m)")
            }
            #expect(close(m.m33, 1, 1e-12) && close(m.m44, 1, 1e-12), "\(c.0) frame \(i): \(m)")
        }
    }

    @Test("CA-17.10 scaling(−1, 1) → identity: scaling(−0.5, 1) at a quarter, zero width half-way")
    func reflectionFlat() {
        let flip = scale(-1, 1, 1)
        #expect(closeMatrix(flip.interpolated(to: .identity, progress: 0.25), scale(-0.5, 1, 1), 1e-12))
        #expect(closeMatrix(flip.interpolated(to: .identity, progress: 0.5), scale(0, 1, 1), 1e-12))
        // y flipped (m11 ≥ m22): the y scale goes through zero instead.
        #expect(closeMatrix(scale(1, -1, 1).interpolated(to: .identity, progress: 0.75), scale(1, 0.5, 1), 1e-12))
    }

    @Test("CA-17.10 a mirror that leaves z alone flips one axis in 3D too (z scale, perspective, z mirror)")
    func inPlaneMirrorsIn3D() {
        // x mirrored with a z scale: not 2D, but the x scale still goes through zero, flat.
        let a = scale(-1, 1, 2)
        #expect(closeMatrix(a.interpolated(to: scale(1, 1, 2), progress: 0.25), scale(-0.5, 1, 2), 1e-12))
        // … and with perspective beside it.
        let b = scale(-1, 1, 1).concatenating(perspective500)
        let mid = b.interpolated(to: perspective500, progress: 0.25)
        #expect(closeMatrix(mid, scale(-0.5, 1, 1).concatenating(perspective500), 1e-12), "\(mid)")
        // A z mirror of a flat layer animates only its z scale: no half turn about z.
        let z = scale(1, 1, -1).interpolated(to: .identity, progress: 0.25)
        #expect(closeMatrix(z, scale(1, 1, -0.5), 1e-12), "\(z)")
    }

    @Test("R9 a mirror that mixes z in still negates all three scales (CSS Transforms 2)")
    func otherMirrors() throws {
        let m = scale(-1, 1, 1).concatenating(rotation(0.7, 0, 1, 0))
        let d = try #require(m.decomposed())
        #expect(d.scale.x < 0 && d.scale.y < 0 && d.scale.z < 0)
        #expect(closeMatrix(Transform3D(d), m, 1e-12))
    }

    @Test("R9 a 2D mirror decomposes with one negative scale and a turn about z")
    func oneAxisDecomposition() throws {
        let m = rotation(0.5, 0, 0, 1).concatenating(scale(-1, 2, 1))
        let d = try #require(m.decomposed())
        #expect(d.quaternion.x == 0 && d.quaternion.y == 0)
        #expect((d.scale.x < 0) != (d.scale.y < 0) && d.scale.z == 1)
        #expect(closeMatrix(Transform3D(d), m, 1e-12))
    }
}

// MARK: - Key-path components (CA-7.6)

@Suite("Transform3D key-path components (CA-7.6)")
struct Transform3DComponentTests {
    static let values: [(String, Transform3D, TransformComponent, Double)] = [
        ("rotation.z of a z rotation", rotation(0.7, 0, 0, 1), .rotationZ, 0.7),
        ("rotation.z of −2.5 rad", rotation(-2.5, 0, 0, 1), .rotationZ, -2.5),
        ("rotation.x of a z rotation", rotation(0.7, 0, 0, 1), .rotationX, 0),
        ("rotation.x of an x rotation", rotation(0.4, 1, 0, 0), .rotationX, 0.4),
        ("rotation.y of a y rotation", rotation(-0.9, 0, 1, 0), .rotationY, -0.9),
        ("rotation.z of scale·z rotation", scale(2, 2, 1).concatenating(rotation(1.2, 0, 0, 1)), .rotationZ, 1.2),
        ("rotation.x of x rotation·translation",
         rotation(2.0, 1, 0, 0).concatenating(translation(3, 4, 5)), .rotationX, 2.0),
        ("scale.x", scale(2, 3, 4), .scaleX, 2),
        ("scale.y", scale(2, 3, 4), .scaleY, 3),
        ("scale.z", scale(2, 3, 4), .scaleZ, 4),
        ("scale.y of rotated scale", scale(2, 3, 4).concatenating(rotation(0.5, 1, 1, 0)), .scaleY, 3),
        ("translation.x", translation(5, 6, 7), .translationX, 5),
        ("translation.y", translation(5, 6, 7).concatenating(rotation(1, 0, 0, 1)), .translationY,
         rotation(1, 0, 0, 1).apply(x: 5, y: 6, z: 7).y),
        ("translation.z", translation(5, 6, 7), .translationZ, 7),
        ("scale.x of a non-decomposable matrix is its row length", scale(0, 2, 1), .scaleY, 2),
        // A 2D mirror flips one axis (CA-17.10): x here, with no turn about x.
        ("scale.x of scaling(−1, 1)", scale(-1, 1, 1), .scaleX, -1),
        ("scale.y of scaling(−1, 1)", scale(-1, 1, 1), .scaleY, 1),
        ("rotation.x of scaling(−1, 1)", scale(-1, 1, 1), .rotationX, 0),
        ("rotation.z of a non-decomposable matrix is 0", scale(0, 0, 1), .rotationZ, 0),
    ]

    @Test("value(of:) (tolerance 1e-12)", arguments: values)
    func value(_ c: (String, Transform3D, TransformComponent, Double)) {
        let v = c.1.value(of: c.2)
        #expect(close(v, c.3, 1e-12), "\(c.0): \(v)")
    }

    @Test("rotation.z of a pure z rotation is exactly atan2(m12, m11)")
    func rotationZExact() {
        for i in -20...20 {
            let m = rotation(Double(i) * 0.157, 0, 0, 1)
            #expect(m.value(of: .rotationZ) == atan2(m.m12, m.m11))
        }
    }

    @Test("Euler angles of a compound rotation rebuild it (Rx · Ry · Rz, x first)")
    func eulerOrder() {
        let m = rotation(0.3, 1, 0, 0).concatenating(rotation(-0.5, 0, 1, 0)).concatenating(rotation(1.1, 0, 0, 1))
        #expect(close(m.value(of: .rotationX), 0.3, 1e-12))
        #expect(close(m.value(of: .rotationY), -0.5, 1e-12))
        #expect(close(m.value(of: .rotationZ), 1.1, 1e-12))
    }

    static let eulerCases: [Transform3DCase] = [
        Transform3DCase("x·y·z", rotation(0.3, 1, 0, 0).concatenating(rotation(-0.5, 0, 1, 0))
            .concatenating(rotation(1.1, 0, 0, 1))),
        Transform3DCase("gimbal lock y = +π/2", rotation(0.3, 1, 0, 0).concatenating(rotation(.pi / 2, 0, 1, 0))
            .concatenating(rotation(0.2, 0, 0, 1))),
        Transform3DCase("gimbal lock y = −π/2", rotation(-0.7, 1, 0, 0).concatenating(rotation(-.pi / 2, 0, 1, 0))),
        Transform3DCase("arbitrary axis", rotation(2.4, -1, 3, 0.5)),
        Transform3DCase("π about (1, 1, 1)", rotation(.pi, 1, 1, 1)),
        Transform3DCase("with scale and translation",
                        scale(2, 3, 4).concatenating(rotation(1.9, 0, 1, 1)).concatenating(translation(1, 2, 3))),
    ]

    @Test("Euler angles rebuild the rotation: Rx(x) · Ry(y) · Rz(z) (1e-12)", arguments: eulerCases)
    func eulerRoundTrip(_ c: Transform3DCase) throws {
        let x = c.m.value(of: .rotationX), y = c.m.value(of: .rotationY), z = c.m.value(of: .rotationZ)
        #expect(abs(y) <= .pi / 2 + 1e-12)
        let d = try #require(c.m.decomposed())
        let pure = Transform3D(DecomposedTransform(quaternion: d.quaternion))
        let rebuilt = rotation(x, 1, 0, 0).concatenating(rotation(y, 0, 1, 0)).concatenating(rotation(z, 0, 0, 1))
        #expect(closeMatrix(rebuilt, pure, 1e-12), "\(c.name): \(x), \(y), \(z)")
        // Setting a rotation angle to its own value changes nothing.
        for component in [TransformComponent.rotationX, .rotationY, .rotationZ] {
            let same = c.m.setting(component, to: c.m.value(of: component))
            #expect(closeMatrix(same, c.m, 1e-12), "\(c.name) \(component)")
        }
    }

    static let settings: [(String, Transform3D, TransformComponent, Double, Transform3D)] = [
        ("rotation.z on identity", .identity, .rotationZ, 0.5, rotation(0.5, 0, 0, 1)),
        ("rotation.z replaces a z rotation", rotation(1, 0, 0, 1), .rotationZ, -0.25, rotation(-0.25, 0, 0, 1)),
        ("rotation.z keeps scale and translation",
         scale(2, 3, 1).concatenating(rotation(1, 0, 0, 1)).concatenating(translation(7, 8, 0)), .rotationZ, 0.2,
         scale(2, 3, 1).concatenating(rotation(0.2, 0, 0, 1)).concatenating(translation(7, 8, 0))),
        ("rotation.x on a z rotation composes x first", rotation(0.6, 0, 0, 1), .rotationX, 0.4,
         rotation(0.4, 1, 0, 0).concatenating(rotation(0.6, 0, 0, 1))),
        ("rotation.y on identity", .identity, .rotationY, 1.0, rotation(1.0, 0, 1, 0)),
        ("scale.x", scale(2, 3, 4), .scaleX, 5, scale(5, 3, 4)),
        ("scale.z keeps rotation", rotation(0.3, 0, 0, 1), .scaleZ, 2, scale(1, 1, 2).concatenating(rotation(0.3, 0, 0, 1))),
        ("translation.x", translation(1, 2, 3), .translationX, 9, translation(9, 2, 3)),
        ("translation.z keeps rotation", rotation(0.3, 1, 0, 0), .translationZ, -4,
         rotation(0.3, 1, 0, 0).concatenating(translation(0, 0, -4))),
        ("translation.y with perspective writes m42 only", perspective500.concatenating(translation(1, 2, 3)),
         .translationY, 20, {
             var m = perspective500.concatenating(translation(1, 2, 3))
             m.m42 = 20
             return m
         }()),
        ("translation.x on a non-decomposable matrix sets m41", scale(0, 0, 1), .translationX, 6,
         scale(0, 0, 1).concatenating(translation(6, 0, 0))),
        ("scale.y on scaling(−1, 1) keeps the x mirror (CA-17.10)", scale(-1, 1, 1), .scaleY, 2,
         scale(-1, 2, 1)),
        ("scale.x on a non-decomposable matrix: unchanged", scale(0, 0, 1), .scaleX, 6, scale(0, 0, 1)),
        ("rotation.z on a non-decomposable matrix: unchanged", scale(0, 0, 1), .rotationZ, 1, scale(0, 0, 1)),
    ]

    @Test("setting(_:to:) (tolerance 1e-12)", arguments: settings)
    func setting(_ c: (String, Transform3D, TransformComponent, Double, Transform3D)) {
        let m = c.1.setting(c.2, to: c.3)
        #expect(closeMatrix(m, c.4, 1e-12), "\(c.0): \(m)")
    }

    static let allComponents: [TransformComponent] = [
        .rotationX, .rotationY, .rotationZ, .scaleX, .scaleY, .scaleZ, .translationX, .translationY, .translationZ,
    ]

    @Test("get after set returns the value set", arguments: allComponents)
    func getAfterSet(_ c: TransformComponent) {
        let base = scale(1.5, 2, 0.5).concatenating(rotation(0.2, 0, 0, 1)).concatenating(translation(1, 2, 3))
        let v = 0.375
        #expect(close(base.setting(c, to: v).value(of: c), v, 1e-12), "\(c)")
    }
}

@Suite("isIdentity without the shared constant (issue 28)")
struct Transform3DIsIdentityTests {
    @Test("isIdentity answers as == .identity for entries of 1, 0, -0, 2 and NaN")
    func againstEquality() {
        var state: UInt64 = 28
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        let entries: [Double] = [1, 0, -0.0, 2, .nan]
        var identities = 0
        for _ in 0..<20000 {
            var t = Transform3D.identity
            // Mostly the identity with one or two entries changed, so both answers occur.
            for _ in 0..<(next() % 3) {
                let v = entries[next() % entries.count]
                withUnsafeMutableBytes(of: &t) { $0.storeBytes(of: v, toByteOffset: (next() % 16) * 8, as: Double.self) }
            }
            #expect(t.isIdentity == (t == .identity))
            if t.isIdentity { identities += 1 }
        }
        #expect(identities > 1000 && identities < 19000)
    }
}
