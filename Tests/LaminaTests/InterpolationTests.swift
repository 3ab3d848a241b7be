// SPDX-License-Identifier: Apache-2.0
// Value blending (R9, CA-3.15, CA-7.3): Value.interpolated(to:progress:) and Value.added(_:) per
// value type, exact endpoints, extrapolation, discrete types and mismatches.

import Testing

@testable import Lamina

@Suite("Value interpolation (R9, CA-3.15)")
struct ValueInterpolationTests {
    @Test("Numbers interpolate linearly (CA-3.15)", arguments: [0.0, 0.25, 0.5, 0.75, 1.0])
    func numbers(_ p: Double) throws {
        let v = try #require(Value.number(-2).interpolated(to: .number(6), progress: p)?.numberPayload)
        #expect(approx(v, -2 + 8 * p, tolerance: 1e-12))
    }

    @Test("Points interpolate per component (CA-3.15)")
    func points() throws {
        let v = try #require(Value.point(Point(x: 0, y: 10)).interpolated(to: .point(Point(x: 4, y: -10)), progress: 0.25)?.pointPayload)
        #expect(approx(v, Point(x: 1, y: 5), tolerance: 1e-12))
    }

    @Test("Sizes interpolate each axis from its own endpoints (CA-3.15, CA-17)")
    func sizes() throws {
        let v = try #require(Value.size(Size(width: 10, height: 100)).interpolated(to: .size(Size(width: 20, height: 0)), progress: 0.5)?.sizePayload)
        #expect(approx(v, Size(width: 15, height: 50), tolerance: 1e-12))
    }

    @Test("Rects interpolate origin and size per component (CA-3.15)")
    func rects() throws {
        let a = Rect(x: 0, y: 10, width: 100, height: 40)
        let b = Rect(x: 20, y: -10, width: 0, height: 80)
        let v = try #require(Value.rect(a).interpolated(to: .rect(b), progress: 0.75)?.rectPayload)
        #expect(approx(v, Rect(x: 15, y: -5, width: 25, height: 70), tolerance: 1e-12))
    }

    @Test("Colours interpolate per RGBA component, non-premultiplied (R9, CA-3.15)")
    func colours() throws {
        let a = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let b = Color(red: 0, green: 0, blue: 1, alpha: 0)
        let v = try #require(Value.color(a).interpolated(to: .color(b), progress: 0.5)?.colorPayload)
        // Non-premultiplied: the colour channels ignore alpha (premultiplied blending would give
        // red 0.5/0.5 = 1 and blue 0 here).
        #expect(approx(v, Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5), tolerance: 1e-12))
    }

    @Test("Transforms interpolate by decomposition, not entrywise (R9, CA-3.15)")
    func transforms() throws {
        let a = Transform3D.identity
        let b = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
            .concatenating(Transform3D(translationX: 10, y: 20, z: 0))
        let v = try #require(Value.transform(a).interpolated(to: .transform(b), progress: 0.5)?.transformPayload)
        let expected = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
            .concatenating(Transform3D(translationX: 5, y: 10, z: 0))
        #expect(approx(v, expected, tolerance: 1e-12))
        #expect(approx(v.value(of: .rotationZ), .pi / 4, tolerance: 1e-12))
        // An entrywise lerp would give m11 = 0.5; decomposition keeps the rotation rigid.
        #expect(approx(v.m11, (0.5).squareRoot(), tolerance: 1e-12))
    }

    @Test("Scale inside a transform interpolates linearly (R9)")
    func transformScale() throws {
        let v = try #require(Value.transform(.identity).interpolated(
            to: .transform(Transform3D(scaleX: 3, y: 5, z: 1)), progress: 0.5)?.transformPayload)
        #expect(approx(v, Transform3D(scaleX: 2, y: 3, z: 1), tolerance: 1e-12))
    }

    @Test("A transform that cannot be decomposed switches at 0.5 (R9)")
    func singularTransformIsDiscrete() throws {
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)
        let a = Value.transform(.identity), b = Value.transform(flat)
        #expect(a.interpolated(to: b, progress: 0.49) == a)
        #expect(a.interpolated(to: b, progress: 0.5) == b)
        #expect(b.interpolated(to: a, progress: 0.2) == b)
    }

    @Test("Booleans switch at progress 0.5 (R9, Q1)", arguments: [
        (0.0, false), (0.25, false), (0.4999, false), (0.5, true), (0.75, true), (1.0, true),
    ])
    func booleans(_ p: Double, _ expectNew: Bool) {
        let v = Value.bool(false).interpolated(to: .bool(true), progress: p)
        #expect(v == .bool(expectNew))
        let w = Value.bool(true).interpolated(to: .bool(false), progress: p)
        #expect(w == .bool(!expectNew))
    }

    @Test("Strings switch at progress 0.5 (R9)")
    func strings() {
        #expect(Value.string("a").interpolated(to: .string("b"), progress: 0.3) == .string("a"))
        #expect(Value.string("a").interpolated(to: .string("b"), progress: 0.5) == .string("b"))
    }

    @Test("A nil endpoint does not interpolate: it switches at 0.5 (R9, CA-3.15)")
    func nilEndpoints() {
        let red = Value.color(Color(red: 1, green: 0, blue: 0))
        #expect(Value.null.interpolated(to: red, progress: 0.49) == .null)
        #expect(Value.null.interpolated(to: red, progress: 0.5) == red)
        #expect(red.interpolated(to: .null, progress: 0.49) == red)
        #expect(red.interpolated(to: .null, progress: 0.5) == .null)
        #expect(Value.null.interpolated(to: .null, progress: 0.7) == .null)
        #expect(Value.null.interpolated(to: .number(3), progress: 0.9) == .number(3))
    }

    @Test("Mismatched types do not interpolate: the result is nil (R9)", arguments: [
        (Value.number(1), Value.point(.zero)),
        (.color(.black), .rect(.zero)),
        (.size(.zero), .point(.zero)),
        (.bool(true), .number(1)),
        (.string("a"), .bool(true)),
        (.transform(.identity), .number(0)),
        (.rect(.zero), .size(.zero)),
    ])
    func mismatched(_ a: Value, _ b: Value) {
        #expect(a.interpolated(to: b, progress: 0.5) == nil)
        #expect(b.interpolated(to: a, progress: 0.5) == nil)
        #expect(a.blended(with: b, .interpolate(0.5)) == nil)
    }

    @Test("Progress 0 and 1 give the endpoints exactly (R9)", arguments: [
        (Value.number(0.1), Value.number(0.7)),
        (.point(Point(x: 0.1, y: 1e-300)), .point(Point(x: 0.3, y: 1e300))),
        (.size(Size(width: 0.1, height: 0.2)), .size(Size(width: 1 / 3, height: 2 / 3))),
        (.rect(Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)), .rect(Rect(x: 1e-17, y: 3, width: 1 / 7, height: 9))),
        (.color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)), .color(Color(red: 0.7, green: 1 / 3, blue: 0.9, alpha: 0.11))),
        (.transform(Transform3D(rotationAngle: 0.3, x: 1, y: 2, z: 3)), .transform(Transform3D(scaleX: 0.1, y: 7, z: 1 / 3))),
        (.bool(false), .bool(true)),
        (.string("from"), .string("to")),
    ])
    func exactEndpoints(_ a: Value, _ b: Value) {
        #expect(a.interpolated(to: b, progress: 0) == a)
        #expect(a.interpolated(to: b, progress: 1) == b)
        #expect(b.interpolated(to: a, progress: 0) == b)
        #expect(b.interpolated(to: a, progress: 1) == a)
    }

    @Test("Progress outside [0, 1] extrapolates (overshooting curves, R9)")
    func overshoot() throws {
        #expect(approx(try #require(Value.number(0).interpolated(to: .number(10), progress: 1.2)?.numberPayload), 12, tolerance: 1e-12))
        #expect(approx(try #require(Value.number(0).interpolated(to: .number(10), progress: -0.2)?.numberPayload), -2, tolerance: 1e-12))
        let p = try #require(Value.point(Point(x: 0, y: 5)).interpolated(to: .point(Point(x: 10, y: 0)), progress: 1.2)?.pointPayload)
        #expect(approx(p, Point(x: 12, y: -1), tolerance: 1e-12))
        let s = try #require(Value.size(Size(width: 0, height: 10)).interpolated(to: .size(Size(width: 10, height: 20)), progress: 1.2)?.sizePayload)
        #expect(approx(s, Size(width: 12, height: 22), tolerance: 1e-12))
        let r = try #require(Value.rect(.zero).interpolated(to: .rect(Rect(x: 10, y: 10, width: 10, height: 10)), progress: 1.2)?.rectPayload)
        #expect(approx(r, Rect(x: 12, y: 12, width: 12, height: 12), tolerance: 1e-12))
        let c = try #require(Value.color(.black).interpolated(to: .color(.white), progress: 1.2)?.colorPayload)
        #expect(approx(c, Color(red: 1.2, green: 1.2, blue: 1.2, alpha: 1), tolerance: 1e-12))  // not clamped
        let t = try #require(Value.transform(.identity).interpolated(
            to: .transform(Transform3D(translationX: 10, y: 0, z: 0)), progress: 1.2)?.transformPayload)
        #expect(approx(t, Transform3D(translationX: 12, y: 0, z: 0), tolerance: 1e-12))
        #expect(Value.bool(false).interpolated(to: .bool(true), progress: 1.2) == .bool(true))
        #expect(Value.bool(false).interpolated(to: .bool(true), progress: -0.2) == .bool(false))
    }

    @Test("blended(with: .interpolate) is interpolated(to:progress:) (R9)")
    func blendedInterpolate() {
        let a = Value.rect(Rect(x: 0, y: 0, width: 1, height: 2)), b = Value.rect(Rect(x: 4, y: 4, width: 5, height: 6))
        #expect(a.blended(with: b, .interpolate(0.3)) == a.interpolated(to: b, progress: 0.3))
    }
}

@Suite("Value addition (CA-7.3)")
struct ValueAdditionTests {
    @Test("Numbers, points, sizes and rects add per component (CA-7.3)")
    func vectors() {
        #expect(Value.number(2).added(.number(3.5)) == .number(5.5))
        #expect(Value.point(Point(x: 1, y: 2)).added(.point(Point(x: 10, y: -20))) == .point(Point(x: 11, y: -18)))
        #expect(Value.size(Size(width: 1, height: 2)).added(.size(Size(width: 3, height: 4))) == .size(Size(width: 4, height: 6)))
        #expect(Value.rect(Rect(x: 1, y: 2, width: 3, height: 4)).added(.rect(Rect(x: 10, y: 20, width: 30, height: 40)))
            == .rect(Rect(x: 11, y: 22, width: 33, height: 44)))
    }

    @Test("Colours add per component, unclamped (CA-7.3)")
    func colours() {
        let v = Value.color(Color(red: 0.5, green: 0.25, blue: 0, alpha: 1)).added(.color(Color(red: 0.75, green: 0.25, blue: 0.5, alpha: 0.5)))
        #expect(v == .color(Color(red: 1.25, green: 0.5, blue: 0.5, alpha: 1.5)))
    }

    @Test("Transforms add by concatenation, self first (CA-7.3, CA-12.12)")
    func transforms() throws {
        let rotate = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let move = Transform3D(translationX: 10, y: 0, z: 0)
        let v = try #require(Value.transform(rotate).added(.transform(move))?.transformPayload)
        #expect(v == rotate.concatenating(move))
        // Rotate first, then translate: the point (1, 0) goes to (0, 1), then to (10, 1).
        let p = v.apply(to: Point(x: 1, y: 0))
        #expect(approx(p, Point(x: 10, y: 1), tolerance: 1e-12))
        let t = try #require(Value.transform(Transform3D(translationX: 1, y: 2, z: 3)).added(
            .transform(Transform3D(translationX: 10, y: 20, z: 30)))?.transformPayload)
        #expect(t == Transform3D(translationX: 11, y: 22, z: 33))
    }

    @Test("Booleans add as logical or (CA-7.3)", arguments: [(false, false, false), (false, true, true), (true, false, true), (true, true, true)])
    func booleans(_ a: Bool, _ b: Bool, _ expected: Bool) {
        #expect(Value.bool(a).added(.bool(b)) == .bool(expected))
    }

    @Test("Strings and nil do not add: the result is the added value (CA-7.3)")
    func discrete() {
        #expect(Value.string("a").added(.string("b")) == .string("b"))
        #expect(Value.null.added(.number(2)) == .number(2))
        #expect(Value.color(.black).added(.null) == .null)
    }

    @Test("Mismatched types do not add: the result is nil (CA-7.3)")
    func mismatched() {
        #expect(Value.number(1).added(.point(.zero)) == nil)
        #expect(Value.size(.zero).added(.rect(.zero)) == nil)
        #expect(Value.bool(true).added(.number(1)) == nil)
        #expect(Value.transform(.identity).added(.number(1)) == nil)
        #expect(Value.number(1).blended(with: .point(.zero), .add) == nil)
    }

    @Test("blended(with: .add) is added(_:) (CA-7.3)")
    func blendedAdd() {
        #expect(Value.number(1).blended(with: .number(2), .add) == .number(3))
    }
}
