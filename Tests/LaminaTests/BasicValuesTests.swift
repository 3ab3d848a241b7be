// SPDX-License-Identifier: Apache-2.0
// CABasicAnimation's value rules: the from/to/by table (CA-7.1) with the underlying value
// (CA-7.2), additive (CA-7.3), cumulative (CA-7.4), value functions (CA-7.5), and `by` being
// honoured for every vector type (CA-17).

import Testing

@testable import Lamina

// MARK: - Helpers (file-private, prefixed `bv`)

fileprivate let bvTolerance = 1e-12

fileprivate func bvRotationZ(_ angle: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
}

fileprivate func bvTranslation(_ x: Double, _ y: Double, _ z: Double = 0) -> Transform3D {
    Transform3D(translationX: x, y: y, z: z)
}

/// One row of the CA-7.1 table.
struct BasicEndpointsRow: Sendable, CustomTestStringConvertible {
    let label: String
    let from: Value?
    let to: Value?
    let by: Value?
    let underlying: Value
    let expected: (from: Value, to: Value)?
    var testDescription: String { label }
}

fileprivate func bvRow(
    _ label: String, from: Value? = nil, to: Value? = nil, by: Value? = nil,
    underlying: Value, _ expected: (Value, Value)?
) -> BasicEndpointsRow {
    BasicEndpointsRow(
        label: label, from: from, to: to, by: by, underlying: underlying,
        expected: expected.map { (from: $0.0, to: $0.1) })
}

fileprivate let bvU = Value.number(100)

fileprivate let endpointRows: [BasicEndpointsRow] = [
    bvRow("from + to: from → to", from: .number(10), to: .number(20), underlying: bvU, (.number(10), .number(20))),
    bvRow("from + by: from → from + by", from: .number(10), by: .number(5), underlying: bvU, (.number(10), .number(15))),
    bvRow("by + to: to − by → to", to: .number(20), by: .number(5), underlying: bvU, (.number(15), .number(20))),
    bvRow("from only: from → underlying", from: .number(10), underlying: bvU, (.number(10), .number(100))),
    bvRow("to only: underlying → to", to: .number(20), underlying: bvU, (.number(100), .number(20))),
    bvRow("by only: underlying → underlying + by", by: .number(5), underlying: bvU, (.number(100), .number(105))),
    bvRow("none: nil (the engine captures the presentation value)", underlying: bvU, nil),
    bvRow("all three (unsupported in CA): from → to, by ignored", from: .number(10), to: .number(20), by: .number(5), underlying: bvU, (.number(10), .number(20))),
    // Vector types honour `by` per component (CA-17: byValue ignored elsewhere).
    bvRow("points: from + by", from: .point(Point(x: 1, y: 2)), by: .point(Point(x: 10, y: 20)), underlying: .point(.zero), (.point(Point(x: 1, y: 2)), .point(Point(x: 11, y: 22)))),
    bvRow("sizes: by + to", to: .size(Size(width: 10, height: 20)), by: .size(Size(width: 1, height: 2)), underlying: .size(.zero), (.size(Size(width: 9, height: 18)), .size(Size(width: 10, height: 20)))),
    bvRow("rects: by only", by: .rect(Rect(x: 1, y: 1, width: 2, height: 2)), underlying: .rect(Rect(x: 5, y: 5, width: 10, height: 10)), (.rect(Rect(x: 5, y: 5, width: 10, height: 10)), .rect(Rect(x: 6, y: 6, width: 12, height: 12)))),
    bvRow("colours: from + by, no clamping", from: .color(Color(red: 0.5, green: 0, blue: 0, alpha: 1)), by: .color(Color(red: 0.75, green: 0, blue: 0, alpha: 0)), underlying: .color(.black), (.color(Color(red: 0.5, green: 0, blue: 0, alpha: 1)), .color(Color(red: 1.25, green: 0, blue: 0, alpha: 1)))),
    // Nil colours (.null) pair with any type and switch discretely.
    bvRow("to only over a nil colour", to: .color(.white), underlying: .null, (.null, .color(.white))),
    // Mismatches.
    bvRow("mismatched from and to: nil", from: .number(1), to: .point(.zero), underlying: bvU, nil),
    bvRow("from only over another type: nil", from: .color(.white), underlying: bvU, nil),
    bvRow("to only over another type: nil", to: .point(.zero), underlying: bvU, nil),
    bvRow("by of another type: nil", from: .number(1), by: .point(.zero), underlying: bvU, nil),
    bvRow("by on a boolean (discrete): nil", from: .bool(false), by: .bool(true), underlying: .bool(false), nil),
    bvRow("by on a string (discrete): nil", by: .string("x"), underlying: .string("y"), nil),
    bvRow("by only over a nil colour: nil", by: .color(.white), underlying: .null, nil),
    bvRow("from + to booleans (discrete, no by): fine", from: .bool(false), to: .bool(true), underlying: .bool(false), (.bool(false), .bool(true))),
]

// MARK: - Suite

@Suite("BasicValues (CA-7.1–7.5, CA-17)")
struct BasicValuesTests {
    @Test("CA-7.1 from/to/by combinations with the underlying value (CA-7.2)", arguments: endpointRows)
    func endpoints(_ row: BasicEndpointsRow) {
        let r = BasicEndpoints.resolve(from: row.from, to: row.to, by: row.by, underlying: row.underlying)
        if let expected = row.expected {
            #expect(approx(r?.from, expected.from, tolerance: bvTolerance))
            #expect(approx(r?.to, expected.to, tolerance: bvTolerance))
        } else {
            #expect(r == nil)
        }
    }

    @Test("CA-7.1 transforms: from + by applies by first, in from's own space; by + to inverts it")
    func transformBy() throws {
        let from = bvRotationZ(.pi / 2)
        let by = bvTranslation(10, 0)
        let r = try #require(BasicEndpoints.resolve(from: .transform(from), to: nil, by: .transform(by), underlying: .transform(.identity)))
        let to = try #require(r.to.transformPayload)
        #expect(approx(to, by.concatenating(from), tolerance: bvTolerance))
        // The origin moves along from's rotated x axis: (10, 0) rotated by 90° = (0, 10).
        #expect(approx(to.apply(to: .zero), Point(x: 0, y: 10), tolerance: 1e-12))
        // to − by recovers from.
        let back = try #require(BasicEndpoints.resolve(from: nil, to: .transform(to), by: .transform(by), underlying: .transform(.identity)))
        #expect(approx(back.from.transformPayload!, from, tolerance: 1e-12))
        // A singular by cannot be subtracted.
        let flat = Transform3D(scaleX: 1, y: 0, z: 1)
        #expect(BasicEndpoints.resolve(from: nil, to: .transform(to), by: .transform(flat), underlying: .transform(.identity)) == nil)
    }

    @Test("interpolation at progress 0, ½, 1 and overshoot, plain", arguments: [
        (0.0, 10.0), (0.5, 15.0), (1.0, 20.0), (1.25, 22.5), (-0.5, 5.0),
    ])
    func plainValue(_ progress: Double, _ expected: Double) {
        let v = BasicEndpoints.value(
            from: .number(10), to: .number(20), progress: progress, isAdditive: false,
            isCumulative: false, iteration: 3, underlying: .number(1000))
        #expect(approx(v, .number(expected), tolerance: bvTolerance))
    }

    @Test("CA-7.3 additive adds the animated value to the underlying value, per type", arguments: [
        (Value.number(10), Value.number(20), Value.number(100), Value.number(115)),
        (.point(Point(x: 0, y: 0)), .point(Point(x: 10, y: 20)), .point(Point(x: 1, y: 1)), .point(Point(x: 6, y: 11))),
        (.size(Size(width: 0, height: 2)), .size(Size(width: 4, height: 2)), .size(Size(width: 10, height: 10)), .size(Size(width: 12, height: 12))),
        (.color(.clear), .color(Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.2)), .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)), .color(Color(red: 0.6, green: 0.6, blue: 0.6, alpha: 1.1))),
        // Discrete values are not added: the animation's own value.
        (.bool(false), .bool(true), .bool(true), .bool(true)),
        (.string("a"), .string("b"), .string("u"), .string("b")),
    ])
    func additive(_ from: Value, _ to: Value, _ underlying: Value, _ expected: Value) {
        let v = BasicEndpoints.value(
            from: from, to: to, progress: 0.5, isAdditive: true, isCumulative: false,
            iteration: 0, underlying: underlying)
        #expect(approx(v, expected, tolerance: bvTolerance))
    }

    @Test("CA-7.3 additive transforms concatenate animated · underlying: a translation moves along the rotated axes")
    func additiveTransformOrder() throws {
        let underlying = bvRotationZ(.pi / 2)
        let v = try #require(BasicEndpoints.value(
            from: .transform(.identity), to: .transform(bvTranslation(20, 0)), progress: 0.5,
            isAdditive: true, isCumulative: false, iteration: 0, underlying: .transform(underlying)))
        let m = try #require(v.transformPayload)
        #expect(approx(m, bvTranslation(10, 0).concatenating(underlying), tolerance: 1e-12))
        // The layer's origin moves 10 along its own (rotated) x axis, which points down +y.
        #expect(approx(m.apply(to: .zero), Point(x: 0, y: 10), tolerance: 1e-12))
        // Mismatched underlying type: nil.
        #expect(BasicEndpoints.value(
            from: .transform(.identity), to: .transform(.identity), progress: 0.5, isAdditive: true,
            isCumulative: false, iteration: 0, underlying: .number(1)) == nil)
    }

    @Test("CA-7.4 cumulative: each repeat starts where the previous one ended", arguments: [
        (0, 0.0, 0.0), (0, 0.5, 5.0), (0, 1.0, 10.0),
        (1, 0.0, 10.0), (1, 0.5, 15.0),
        (2, 0.5, 25.0), (3, 1.0, 40.0),
        (-1, 0.5, -5.0),  // a negative timeOffset can give iteration −1
    ])
    func cumulative(_ iteration: Int, _ progress: Double, _ expected: Double) {
        let v = BasicEndpoints.value(
            from: .number(0), to: .number(10), progress: progress, isAdditive: false,
            isCumulative: true, iteration: iteration, underlying: .number(0))
        #expect(approx(v, .number(expected), tolerance: bvTolerance))
    }

    @Test("CA-7.4 cumulative is continuous across cycles for points, and is ignored for discrete values")
    func cumulativeVectorsAndDiscrete() {
        let from = Value.point(Point(x: 1, y: 1)), to = Value.point(Point(x: 3, y: 5))
        let endOfFirst = BasicEndpoints.value(from: from, to: to, progress: 1, isAdditive: false, isCumulative: true, iteration: 0, underlying: .point(.zero))
        let startOfSecond = BasicEndpoints.value(from: from, to: to, progress: 0, isAdditive: false, isCumulative: true, iteration: 1, underlying: .point(.zero))
        #expect(approx(endOfFirst, startOfSecond, tolerance: bvTolerance))
        #expect(approx(BasicEndpoints.value(from: from, to: to, progress: 1, isAdditive: false, isCumulative: true, iteration: 2, underlying: .point(.zero)), .point(Point(x: 7, y: 13)), tolerance: bvTolerance))
        #expect(BasicEndpoints.value(from: .bool(false), to: .bool(true), progress: 0.75, isAdditive: false, isCumulative: true, iteration: 5, underlying: .bool(false)) == .bool(true))
    }

    @Test("CA-7.4 cumulative transforms compose the per-cycle change; additive applies after")
    func cumulativeTransform() throws {
        let step = bvTranslation(10, 0)
        let v = try #require(BasicEndpoints.value(
            from: .transform(.identity), to: .transform(step), progress: 0, isAdditive: false,
            isCumulative: true, iteration: 2, underlying: .transform(.identity)))
        #expect(approx(v.transformPayload!, bvTranslation(20, 0), tolerance: 1e-12))
        // Value function + cumulative + additive: rotateZ 0 → π/2 in cycle 1 at progress 1 is π,
        // added to an underlying translation.
        let w = try #require(BasicEndpoints.value(
            from: .number(0), to: .number(.pi / 2), progress: 1, isAdditive: true,
            isCumulative: true, iteration: 1, underlying: .transform(bvTranslation(5, 0)),
            valueFunction: .rotateZ))
        #expect(approx(w.transformPayload!, bvRotationZ(.pi).concatenating(bvTranslation(5, 0)), tolerance: 1e-12))
    }

    @Test("CA-7.5 and CA-14.4 a rotateZ value function interpolates the angle: 0 → 2π turns")
    func rotationThroughValueFunction() throws {
        let half = try #require(BasicEndpoints.value(
            from: .number(0), to: .number(2 * .pi), progress: 0.5, isAdditive: false,
            isCumulative: false, iteration: 0, underlying: .transform(.identity),
            valueFunction: .rotateZ))
        #expect(approx(half.transformPayload!, bvRotationZ(.pi), tolerance: 1e-12))
        let quarter = BasicEndpoints.value(
            from: .number(0), to: .number(2 * .pi), progress: 0.25, isAdditive: false,
            isCumulative: false, iteration: 0, underlying: .transform(.identity),
            valueFunction: .rotateZ)
        #expect(approx(quarter?.transformPayload ?? .identity, bvRotationZ(.pi / 2), tolerance: 1e-12))
        // An input the function does not take: nil.
        #expect(BasicEndpoints.value(
            from: .color(.black), to: .color(.white), progress: 0.5, isAdditive: false,
            isCumulative: false, iteration: 0, underlying: .transform(.identity),
            valueFunction: .rotateZ) == nil)
    }

    @Test("CA-7.5 value functions build transforms from numbers", arguments: [
        (ValueFunction.rotateX, 0.5, Transform3D(rotationAngle: 0.5, x: 1, y: 0, z: 0)),
        (.rotateY, 0.5, Transform3D(rotationAngle: 0.5, x: 0, y: 1, z: 0)),
        (.rotateZ, 0.5, Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)),
        (.scale, 3, Transform3D(scaleX: 3, y: 3, z: 3)),
        (.scaleX, 3, Transform3D(scaleX: 3, y: 1, z: 1)),
        (.scaleY, 3, Transform3D(scaleX: 1, y: 3, z: 1)),
        (.scaleZ, 3, Transform3D(scaleX: 1, y: 1, z: 3)),
        (.translate, 7, Transform3D(translationX: 7, y: 0, z: 0)),
        (.translateX, 7, Transform3D(translationX: 7, y: 0, z: 0)),
        (.translateY, 7, Transform3D(translationX: 0, y: 7, z: 0)),
        (.translateZ, 7, Transform3D(translationX: 0, y: 0, z: 7)),
    ])
    func valueFunctionNumbers(_ function: ValueFunction, _ input: Double, _ expected: Transform3D) {
        #expect(function.apply(.number(input)) == .transform(expected))
    }

    @Test("CA-7.5 scale and translate take (x, y) as a point or size, with z = 1 / z = 0")
    func valueFunctionVectors() {
        #expect(ValueFunction.scale.apply(.point(Point(x: 2, y: 3))) == .transform(Transform3D(scaleX: 2, y: 3, z: 1)))
        #expect(ValueFunction.scale.apply(.size(Size(width: 2, height: 3))) == .transform(Transform3D(scaleX: 2, y: 3, z: 1)))
        #expect(ValueFunction.translate.apply(.point(Point(x: 2, y: 3))) == .transform(bvTranslation(2, 3, 0)))
        #expect(ValueFunction.translate.apply(.size(Size(width: 2, height: 3))) == .transform(bvTranslation(2, 3, 0)))
        // CA-7.5's example: scale from [1,1,1] to [3,3,3], halfway is 2 (uniform numbers).
        let mid = BasicEndpoints.value(from: .number(1), to: .number(3), progress: 0.5, isAdditive: false, isCumulative: false, iteration: 0, underlying: .transform(.identity), valueFunction: .scale)
        #expect(mid == .transform(Transform3D(scaleX: 2, y: 2, z: 2)))
    }

    @Test("CA-7.5 value functions pass transforms through and reject other inputs", arguments: ValueFunction.allCases)
    func valueFunctionInputs(_ function: ValueFunction) {
        let m = bvRotationZ(0.3).concatenating(bvTranslation(1, 2))
        #expect(function.apply(.transform(m)) == .transform(m))
        #expect(function.apply(.color(.black)) == nil)
        #expect(function.apply(.bool(true)) == nil)
        #expect(function.apply(.null) == nil)
        #expect(function.apply(.rect(.zero)) == nil)
        let takesVector = function == .scale || function == .translate
        #expect((function.apply(.point(Point(x: 1, y: 1))) != nil) == takesVector)
        #expect(function.apply(.number(1))?.type == .transform)
        #expect(ValueFunction(rawValue: function.rawValue) == function)
    }

    @Test("scaled(by:) multiplies components, raises transforms to whole powers")
    func scaled() {
        #expect(Value.number(2).scaled(by: -3) == .number(-6))
        #expect(Value.point(Point(x: 1, y: -2)).scaled(by: 2) == .point(Point(x: 2, y: -4)))
        #expect(Value.rect(Rect(x: 1, y: 2, width: 3, height: 4)).scaled(by: 0.5) == .rect(Rect(x: 0.5, y: 1, width: 1.5, height: 2)))
        #expect(Value.transform(bvTranslation(1, 2)).scaled(by: 5) == .transform(bvTranslation(5, 10)))
        #expect(Value.transform(bvTranslation(1, 2)).scaled(by: 0) == .transform(.identity))
        #expect(approx(Value.transform(bvTranslation(1, 2)).scaled(by: -2), .transform(bvTranslation(-2, -4)), tolerance: 1e-12))
        #expect(approx(Value.transform(bvRotationZ(0.1)).scaled(by: 7), .transform(bvRotationZ(0.7)), tolerance: 1e-12))
        #expect(Value.transform(.identity).scaled(by: 0.5) == nil)
        #expect(Value.transform(Transform3D(scaleX: 0, y: 1, z: 1)).scaled(by: -1) == nil)
        #expect(Value.bool(true).scaled(by: 2) == nil)
        #expect(Value.string("s").scaled(by: 2) == nil)
        #expect(Value.null.scaled(by: 2) == nil)
    }
}
