// SPDX-License-Identifier: Apache-2.0
// Keyframe paths (CA-8.1) and rotation modes (CA-8.7): lines, quadratic and cubic segments,
// keyTimes and timing functions on paths, paced and discrete modes, moves, tangent angles, and
// the decisions taken where Core Animation is silent.

import Testing

@testable import Lamina

#if canImport(Glibc)
import Glibc  // atan2
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Helpers (file-private)

fileprivate let halfPi = Double.pi / 2

fileprivate func pathNear(_ a: Point?, _ b: Point, _ tolerance: Double) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

fileprivate func pathDistance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// A 100 × 100 square, clockwise on screen (y down): 4 drawing elements, 5 keyframes.
fileprivate func square() -> KeyframePath {
    var path = KeyframePath()
    path.move(to: Point(x: 0, y: 0))
    path.addLine(to: Point(x: 100, y: 0))
    path.addLine(to: Point(x: 100, y: 100))
    path.addLine(to: Point(x: 0, y: 100))
    path.closeSubpath()
    return path
}

extension KeyframePath {
    fileprivate func sample(
        _ p: Double, keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        mode: CalculationMode = .linear
    ) -> (point: Point, tangentAngle: Double)? {
        point(atProgress: p, keyTimes: keyTimes, timingFunctions: timingFunctions, calculationMode: mode)
    }
}

@Suite("Keyframe paths and rotation modes (CA-8.1, CA-8.7)")
struct KeyframePathTests {
    // MARK: - Building

    @Test("The builders append CGPath-style elements")
    func builders() {
        var path = KeyframePath()
        path.move(to: Point(x: 1, y: 2))
        path.addLine(to: Point(x: 3, y: 4))
        path.addQuadCurve(to: Point(x: 5, y: 6), control: Point(x: 7, y: 8))
        path.addCurve(to: Point(x: 9, y: 10), control1: Point(x: 11, y: 12), control2: Point(x: 13, y: 14))
        path.closeSubpath()
        #expect(path.elements == [
            .move(Point(x: 1, y: 2)), .line(Point(x: 3, y: 4)),
            .quadCurve(control: Point(x: 7, y: 8), to: Point(x: 5, y: 6)),
            .cubicCurve(control1: Point(x: 11, y: 12), control2: Point(x: 13, y: 14), to: Point(x: 9, y: 10)),
            .close,
        ])
        #expect(KeyframePath(elements: path.elements) == path)
    }

    @Test("Each element except a move defines one keyframe at its end point (CA-8.1)")
    func keyframePoints() {
        #expect(square().keyframePoints == [
            Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100),
            Point(x: 0, y: 0),
        ])
        #expect(square().length == 400)
    }

    // MARK: - Lines

    @Test(
        "Linear mode walks the square with evenly spaced keyframes and tangents (CA-8.1)",
        arguments: [
            (0.0, Point(x: 0, y: 0), 0.0), (0.125, Point(x: 50, y: 0), 0.0),
            (0.25, Point(x: 100, y: 0), halfPi),  // a corner reports the outgoing tangent
            (0.375, Point(x: 100, y: 50), halfPi), (0.625, Point(x: 50, y: 100), Double.pi),
            (0.875, Point(x: 0, y: 50), -halfPi), (1.0, Point(x: 0, y: 0), -halfPi),
        ])
    func squareLinear(p: Double, expected: Point, angle: Double) {
        let sample = square().sample(p)
        #expect(pathNear(sample?.point, expected, 1e-9))
        #expect(sample.map { abs($0.tangentAngle - angle) <= 1e-12 } == true)
    }

    @Test(
        "Linear mode follows keyTimes, one per keyframe (CA-8.2)",
        arguments: [(0.05, Point(x: 50, y: 0)), (0.3, Point(x: 100, y: 50)),
                    (0.7, Point(x: 50, y: 100)), (0.95, Point(x: 0, y: 50))])
    func squareKeyTimes(p: Double, expected: Point) {
        let sample = square().sample(p, keyTimes: [0, 0.1, 0.5, 0.9, 1])
        #expect(pathNear(sample?.point, expected, 1e-9))
    }

    @Test("Invalid path keyTimes are ignored (CA-8.2)")
    func squareInvalidKeyTimes() {
        let sample = square().sample(0.125, keyTimes: [0, 0.1, 0.5, 1])  // 4 for 5 keyframes
        #expect(pathNear(sample?.point, Point(x: 50, y: 0), 1e-9))
    }

    @Test("Per-segment timing functions apply within each path segment (CA-8.5)")
    func pathTimingFunctions() {
        let functions: [TimingFunction] = [.easeIn, .linear, .linear, .linear]
        let sample = square().sample(0.125, timingFunctions: functions)
        #expect(pathNear(sample?.point, Point(x: 100 * TimingFunction.easeIn.progress(at: 0.5), y: 0), 1e-9))
        // A count other than one per segment is ignored.
        let ignored = square().sample(0.125, timingFunctions: [.easeIn])
        #expect(pathNear(ignored?.point, Point(x: 50, y: 0), 1e-9))
    }

    @Test("An overshooting segment timing function is clamped to the segment's ends (decision)")
    func pathOvershootClamped() {
        let back = TimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        let sample = square().sample(0.02, timingFunctions: [back, back, back, back])
        #expect(back.progress(at: 0.08) < 0)
        #expect(sample?.point == Point(x: 0, y: 0))
    }

    @Test(
        "Progress outside [0, 1] is clamped on paths (decision)",
        arguments: [(-1.0, Point(x: 0, y: 0)), (Double.nan, Point(x: 0, y: 0)), (2.0, Point(x: 0, y: 0))])
    func pathProgressClamped(p: Double, expected: Point) {
        for mode in CalculationMode.allCases {
            #expect(square().sample(p, mode: mode)?.point == expected)
        }
        #expect(square().sample(2)?.tangentAngle == -halfPi)
    }

    // MARK: - Curves

    @Test("A quadratic segment is traversed by arc length, at constant speed (decision)")
    func quadArcLength() {
        var path = KeyframePath()
        path.move(to: .zero)
        path.addQuadCurve(to: Point(x: 100, y: 0), control: Point(x: 90, y: 100))
        let evaluator = KeyframePathEvaluator(path, keyTimes: nil, timingFunctions: nil, calculationMode: .linear)
        let points = (0...100).map { evaluator.point(atProgress: Double($0) / 100)!.point }
        let distances = zip(points, points.dropFirst()).map { pathDistance($0, $1) }
        let mean = distances.reduce(0, +) / Double(distances.count)
        for d in distances { #expect(abs(d - mean) <= 2e-3 * mean) }
        #expect(abs(evaluator.length - mean * 100) <= 1e-3 * evaluator.length)
    }

    @Test("Quadratic tangents point at the control point and away from it at the end")
    func quadTangents() {
        var path = KeyframePath()
        path.move(to: .zero)
        path.addQuadCurve(to: Point(x: 100, y: 0), control: Point(x: 50, y: 100))
        let start = path.sample(0)!, middle = path.sample(0.5)!, end = path.sample(1)!
        #expect(abs(start.tangentAngle - atan2(100, 50)) <= 1e-12)
        #expect(abs(end.tangentAngle - atan2(-100, 50)) <= 1e-12)
        // Symmetric curve: the arc-length midpoint is the apex, B(½) = (50, 50), moving along x.
        #expect(pathNear(middle.point, Point(x: 50, y: 50), 1e-6))
        #expect(abs(middle.tangentAngle) <= 1e-5)
    }

    @Test("Cubic tangents follow the control points; the midpoint of a symmetric curve is B(½)")
    func cubicTangents() {
        var path = KeyframePath()
        path.move(to: .zero)
        path.addCurve(to: Point(x: 100, y: 0), control1: Point(x: 0, y: 50), control2: Point(x: 100, y: 50))
        let start = path.sample(0)!, middle = path.sample(0.5)!, end = path.sample(1)!
        #expect(abs(start.tangentAngle - halfPi) <= 1e-12)  // down toward control1 (y down)
        #expect(abs(end.tangentAngle + halfPi) <= 1e-12)  // up from control2
        #expect(pathNear(middle.point, Point(x: 50, y: 37.5), 1e-6))
        #expect(abs(middle.tangentAngle) <= 1e-5)
    }

    @Test("Where the derivative vanishes the tangent is the curve's limiting direction (decision)")
    func degenerateControlPoint() {
        var path = KeyframePath()
        path.move(to: .zero)
        path.addCurve(to: Point(x: 100, y: 0), control1: .zero, control2: Point(x: 100, y: 100))
        let start = path.sample(0)!
        #expect(abs(start.tangentAngle - Double.pi / 4) <= 1e-3)
    }

    @Test("Cubic mode on a path follows the path's own curves, as linear (decision)")
    func cubicModeIsLinear() {
        var path = square()
        path.addQuadCurve(to: Point(x: 50, y: 50), control: Point(x: -20, y: 80))
        for k in 0...20 {
            let p = Double(k) / 20
            let a = path.sample(p, keyTimes: [0, 0.1, 0.2, 0.3, 0.4, 1], mode: .cubic)!
            let b = path.sample(p, keyTimes: [0, 0.1, 0.2, 0.3, 0.4, 1], mode: .linear)!
            #expect(a.point == b.point && a.tangentAngle == b.tangentAngle)
        }
    }

    // MARK: - Paced and discrete

    @Test(
        "Paced modes move at one speed along the whole path, ignoring keyTimes (CA-8.2, CA-8.6)",
        arguments: [CalculationMode.paced, .cubicPaced])
    func pacedPath(mode: CalculationMode) {
        var path = KeyframePath()
        path.move(to: .zero)
        path.addLine(to: Point(x: 30, y: 0))
        path.addQuadCurve(to: Point(x: 60, y: 40), control: Point(x: 80, y: 0))
        path.addLine(to: Point(x: 60, y: 45))
        let evaluator = KeyframePathEvaluator(
            path, keyTimes: [0, 0.9, 0.95, 1], timingFunctions: [.easeIn, .easeIn, .easeIn],
            calculationMode: mode)
        let steps = 200
        let points = (0...steps).map { evaluator.point(atProgress: Double($0) / Double(steps))!.point }
        let step = evaluator.length / Double(steps)
        for (a, b) in zip(points, points.dropFirst()) {
            // Chords across a corner are shorter than the arc; elsewhere they match it.
            let d = pathDistance(a, b)
            #expect(d <= step * (1 + 2e-3))
            #expect(d >= step * 0.7)
        }
        #expect(abs(evaluator.keyTimes[1] - 30 / evaluator.length) <= 1e-12)
        #expect(pathNear(evaluator.point(atProgress: evaluator.keyTimes[2])?.point, Point(x: 60, y: 40), 1e-9))
    }

    @Test(
        "Discrete mode jumps between keyframe points, with each element's end tangent (CA-8.6)",
        arguments: [
            (0.0, Point(x: 0, y: 0), 0.0), (0.19, Point(x: 0, y: 0), 0.0),
            (0.2, Point(x: 100, y: 0), 0.0), (0.4, Point(x: 100, y: 100), halfPi),
            (0.6, Point(x: 0, y: 100), Double.pi), (0.8, Point(x: 0, y: 0), -halfPi),
            (1.0, Point(x: 0, y: 0), -halfPi),
        ])
    func discretePath(p: Double, expected: Point, angle: Double) {
        let sample = square().sample(p, mode: .discrete)
        #expect(sample?.point == expected)
        #expect(sample.map { abs($0.tangentAngle - angle) <= 1e-12 } == true)
    }

    @Test("Discrete paths take n+1 keyTimes as values do (CA-8.3)")
    func discretePathKeyTimes() {
        let sample = square().sample(0.55, keyTimes: [0, 0.1, 0.2, 0.5, 0.6, 1], mode: .discrete)
        #expect(sample?.point == Point(x: 0, y: 100))
    }

    // MARK: - Moves, closes and degenerate paths

    @Test("A move between elements is a jump that takes no time (decision)")
    func moveJumps() {
        var path = KeyframePath()
        path.move(to: .zero)
        path.addLine(to: Point(x: 10, y: 0))
        path.move(to: Point(x: 50, y: 50))
        path.addLine(to: Point(x: 50, y: 60))
        #expect(path.keyframePoints == [.zero, Point(x: 10, y: 0), Point(x: 50, y: 60)])
        for mode in [CalculationMode.linear, .paced] {
            #expect(pathNear(path.sample(0.25, mode: mode)?.point, Point(x: 5, y: 0), 1e-12))
            #expect(pathNear(path.sample(0.5, mode: mode)?.point, Point(x: 50, y: 50), 1e-12))
            #expect(pathNear(path.sample(0.75, mode: mode)?.point, Point(x: 50, y: 55), 1e-12))
        }
        #expect(path.length == 20)
    }

    @Test("Elements before any move are ignored, as CGPath does (decision)")
    func noCurrentPoint() {
        let path = KeyframePath(elements: [
            .line(Point(x: 5, y: 5)), .close, .move(.zero), .line(Point(x: 10, y: 0)),
        ])
        #expect(path.keyframePoints == [.zero, Point(x: 10, y: 0)])
        #expect(path.sample(0.5)?.point == Point(x: 5, y: 0))
    }

    @Test("Close returns to the subpath's start, where the next element begins")
    func closeSubpath() {
        var path = KeyframePath()
        path.move(to: .zero)
        path.addLine(to: Point(x: 10, y: 0))
        path.closeSubpath()
        path.addLine(to: Point(x: 0, y: 10))
        #expect(path.keyframePoints == [.zero, Point(x: 10, y: 0), .zero, Point(x: 0, y: 10)])
        #expect(abs(path.sample(0.5)!.tangentAngle - Double.pi) <= 1e-12)
    }

    @Test(
        "A path without drawing elements has no keyframes and no point (decision)",
        arguments: [[], [PathElement.move(Point(x: 1, y: 1))], [.move(.zero), .move(Point(x: 2, y: 2))]])
    func emptyPath(elements: [PathElement]) {
        let path = KeyframePath(elements: elements)
        #expect(path.keyframePoints.isEmpty)
        for mode in CalculationMode.allCases {
            #expect(path.sample(0.5, mode: mode) == nil)
        }
    }

    @Test("A zero-length segment takes the tangent of its nearest measured neighbour (decision)")
    func zeroLengthTangent() {
        // Previous neighbour first.
        var a = KeyframePath()
        a.move(to: .zero)
        a.addLine(to: Point(x: 10, y: 0))
        a.addLine(to: Point(x: 10, y: 0))
        a.addLine(to: Point(x: 10, y: 10))
        let middle = a.sample(0.5)!
        #expect(middle.point == Point(x: 10, y: 0) && middle.tangentAngle == 0)
        // The next one when nothing precedes it.
        var b = KeyframePath()
        b.move(to: .zero)
        b.addLine(to: .zero)
        b.addLine(to: Point(x: 0, y: 10))
        #expect(abs(b.sample(0.25)!.tangentAngle - halfPi) <= 1e-12)
        // No length anywhere: angle 0; paced falls back to even spacing.
        var c = KeyframePath()
        c.move(to: Point(x: 3, y: 3))
        c.addLine(to: Point(x: 3, y: 3))
        for mode in CalculationMode.allCases {
            let s = c.sample(0.5, mode: mode)
            #expect(s?.point == Point(x: 3, y: 3) && s?.tangentAngle == 0)
        }
    }

    // MARK: - Rotation modes (CA-8.7)

    @Test(
        "Rotation: nil none, auto the tangent, autoReverse the tangent + π in (−π, π] (CA-8.7)",
        arguments: [
            (nil, 1.0, nil), (RotationMode.auto, 1.0, 1.0), (.auto, -halfPi, -halfPi),
            (.autoReverse, 0.0, Double.pi), (.autoReverse, halfPi, -halfPi),
            (.autoReverse, -halfPi, halfPi), (.autoReverse, Double.pi, 0.0),
            (.auto, 3 * Double.pi, Double.pi),
        ] as [(RotationMode?, Double, Double?)])
    func rotation(mode: RotationMode?, tangent: Double, expected: Double?) {
        let r = KeyframePath.rotation(for: mode, tangentAngle: tangent)
        if let expected {
            #expect(r.map { abs($0 - expected) <= 1e-12 } == true)
        } else {
            #expect(r == nil)
        }
    }

    @Test("A layer on the square turns with the path under auto and autoReverse (CA-8.7)")
    func rotationOnPath() {
        let sample = square().sample(0.375)!
        #expect(KeyframePath.rotation(for: .auto, tangentAngle: sample.tangentAngle) == halfPi)
        #expect(KeyframePath.rotation(for: .autoReverse, tangentAngle: sample.tangentAngle) == -halfPi)
        #expect(RotationMode.allCases.map(\.rawValue) == ["auto", "autoReverse"])
    }
}
