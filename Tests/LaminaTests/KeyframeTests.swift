// SPDX-License-Identifier: Apache-2.0
// Keyframe values (CA-8.x): keyTimes rules, calculation modes, per-segment timing functions,
// paced velocity, the Kochanek–Bartels spline and cubicPaced, plus the documentation error of
// CA-14.11 (cubicPaced is not linear) and the decisions taken where Core Animation is silent.

import Testing

@testable import Lamina

// MARK: - Helpers (file-private)

fileprivate func kfNumber(_ spec: KeyframeSpec, _ p: Double) -> Double? {
    if case .number(let v)? = spec.value(atProgress: p) { return v }
    return nil
}

fileprivate func kfPoint(_ spec: KeyframeSpec, _ p: Double) -> Point? {
    if case .point(let v)? = spec.value(atProgress: p) { return v }
    return nil
}

fileprivate func kfClose(_ a: Double?, _ b: Double, _ tolerance: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

fileprivate func kfDistance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

fileprivate func numbers(_ values: [Double]) -> [Value] { values.map { .number($0) } }

/// The textbook uniform Catmull–Rom segment from p1 to p2 at s.
fileprivate func catmullRom(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ s: Double)
    -> Double
{
    0.5 * (2 * p1 + (-p0 + p2) * s + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s * s
        + (-p0 + 3 * p1 - 3 * p2 + p3) * s * s * s)
}

/// One-sided derivatives d value / d progress at `p` by finite differences.
fileprivate func kfSlopes(_ spec: KeyframeSpec, at p: Double, h: Double = 1e-6)
    -> (left: Double, right: Double)
{
    let evaluator = KeyframeEvaluator(spec)
    func v(_ x: Double) -> Double { evaluator.value(atProgress: x)?.numberPayloadForKeyframes ?? .nan }
    return ((v(p) - v(p - h)) / h, (v(p + h) - v(p)) / h)
}

extension Value {
    fileprivate var numberPayloadForKeyframes: Double? {
        if case .number(let v) = self { return v }
        return nil
    }
}

// MARK: - Empty and single values

@Suite("Keyframe values (CA-8)")
struct KeyframeTests {
    @Test("No values give nil in every mode", arguments: CalculationMode.allCases)
    func emptyValues(mode: CalculationMode) {
        let spec = KeyframeSpec(values: [], calculationMode: mode)
        #expect(spec.value(atProgress: 0.5) == nil)
        #expect(spec.effectiveKeyTimes.isEmpty)
    }

    @Test("One value holds at every progress in every mode", arguments: CalculationMode.allCases)
    func singleValue(mode: CalculationMode) {
        let spec = KeyframeSpec(values: [.number(7)], keyTimes: [0.3], calculationMode: mode)
        for p in [-1, 0, 0.4, 1, 2] {
            #expect(spec.value(atProgress: p) == .number(7))
        }
    }

    @Test("Calculation modes carry Core Animation's names (CA-8.6)")
    func modeNames() {
        #expect(CalculationMode.allCases.map(\.rawValue)
            == ["linear", "discrete", "paced", "cubic", "cubicPaced"])
        #expect(KeyframeSpec(values: []).calculationMode == .linear)
    }

    // MARK: - Linear and keyTimes (CA-8.2, CA-8.4)

    @Test(
        "Linear mode without keyTimes spaces keyframes at i/(n−1) (CA-8.4)",
        arguments: [(0.0, 0.0), (0.25, 5), (0.5, 10), (0.75, 20), (1, 30)])
    func linearEvenSpacing(p: Double, expected: Double) {
        let spec = KeyframeSpec(values: numbers([0, 10, 30]))
        #expect(kfClose(kfNumber(spec, p), expected, 1e-12))
    }

    @Test(
        "Linear mode follows valid keyTimes (CA-8.2)",
        arguments: [(0.0, 0.0), (0.1, 5), (0.2, 10), (0.6, 20), (1, 30)])
    func linearKeyTimes(p: Double, expected: Double) {
        let spec = KeyframeSpec(values: numbers([0, 10, 30]), keyTimes: [0, 0.2, 1])
        #expect(kfClose(kfNumber(spec, p), expected, 1e-12))
        #expect(spec.effectiveKeyTimes == [0, 0.2, 1])
    }

    @Test(
        "Invalid keyTimes are ignored and the keyframes spaced evenly (CA-8.2)",
        arguments: [
            [0, 1],  // too few
            [0, 0.2, 0.5, 1],  // too many
            [0.1, 0.2, 1],  // first not 0
            [0, 0.2, 0.9],  // last not 1
            [0, 0.7, 0.3, 1],  // decreasing
            [0, 1.5, 1],  // out of range
            [0, -0.2, 1],  // negative
            [0, .nan, 1],  // not a number
            [0, .infinity, 1],
        ] as [[Double]])
    func invalidKeyTimes(keyTimes: [Double]) {
        for mode in [CalculationMode.linear, .cubic] {
            #expect(!KeyframeSpec.acceptsKeyTimes(keyTimes, valueCount: 3, calculationMode: mode))
        }
        let spec = KeyframeSpec(values: numbers([0, 10, 30]), keyTimes: keyTimes)
        #expect(spec.effectiveKeyTimes == [0, 0.5, 1])
        #expect(kfClose(kfNumber(spec, 0.25), 5, 1e-12))
        #expect(kfClose(kfNumber(spec, 0.75), 20, 1e-12))
    }

    @Test("Equal keyTimes jump, showing the later keyframe at that time (decision)")
    func equalKeyTimesJump() {
        let spec = KeyframeSpec(values: numbers([0, 10, 20, 30]), keyTimes: [0, 0.5, 0.5, 1])
        #expect(KeyframeSpec.acceptsKeyTimes([0, 0.5, 0.5, 1], valueCount: 4, calculationMode: .linear))
        #expect(kfClose(kfNumber(spec, 0.25), 5, 1e-12))
        #expect(kfClose(kfNumber(spec, 0.4999999), 10, 1e-5))
        #expect(kfNumber(spec, 0.5) == 20)
        #expect(kfClose(kfNumber(spec, 0.75), 25, 1e-12))
        // A zero-length last segment ends on the last value.
        let end = KeyframeSpec(values: numbers([0, 10, 20]), keyTimes: [0, 1, 1])
        #expect(kfNumber(end, 1) == 20)
        #expect(kfClose(kfNumber(end, 0.5), 5, 1e-12))
    }

    @Test(
        "Progress outside [0, 1] is clamped: no extrapolation beyond the ends (decision)",
        arguments: [(-0.5, 0.0), (1.5, 30.0), (Double.nan, 0.0), (-Double.infinity, 0.0),
                    (Double.infinity, 30.0)])
    func progressClamped(p: Double, expected: Double) {
        for mode in CalculationMode.allCases {
            let spec = KeyframeSpec(values: numbers([0, 10, 30]), calculationMode: mode)
            #expect(kfNumber(spec, p) == expected, "mode \(mode)")
        }
    }

    @Test("Keyframes are exact at their key times, also for transforms")
    func exactKeyframes() {
        let a = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        let b = Transform3D(scaleX: 2, y: 3, z: 1)
        let spec = KeyframeSpec(values: [.transform(a), .transform(b), .transform(a)])
        #expect(spec.value(atProgress: 0) == .transform(a))
        #expect(spec.value(atProgress: 0.5) == .transform(b))
        #expect(spec.value(atProgress: 1) == .transform(a))
    }

    @Test("Between keyframes of different types the value is nil; the keyframes show (decision)")
    func mismatchedTypes() {
        let spec = KeyframeSpec(values: [.number(1), .point(Point(x: 1, y: 2)), .number(3)])
        #expect(spec.value(atProgress: 0.25) == nil)
        #expect(spec.value(atProgress: 0) == .number(1))
        #expect(spec.value(atProgress: 0.5) == .point(Point(x: 1, y: 2)))
    }

    @Test("Every numeric type interpolates per component, each from its own endpoints (CA-17)")
    func componentsFromOwnEndpoints() {
        let spec = KeyframeSpec(values: [
            .size(Size(width: 0, height: 100)), .size(Size(width: 10, height: 300)),
        ])
        #expect(spec.value(atProgress: 0.5) == .size(Size(width: 5, height: 200)))
        let rects = KeyframeSpec(values: [
            .rect(Rect(x: 0, y: 10, width: 20, height: 30)),
            .rect(Rect(x: 4, y: 14, width: 24, height: 34)),
        ])
        #expect(rects.value(atProgress: 0.25) == .rect(Rect(x: 1, y: 11, width: 21, height: 31)))
    }

    // MARK: - Discrete (CA-8.3, CA-8.4)

    @Test(
        "Discrete mode pairs n+1 keyTimes with n values and holds the last until 1 (CA-8.3)",
        arguments: [(0.0, 0), (0.24, 0), (0.25, 1), (0.5, 2), (0.74, 2), (0.75, 3), (0.99, 3),
                    (1.0, 3)])
    func discreteApple(p: Double, index: Int) {
        let values = numbers([10, 20, 30, 40])
        let spec = KeyframeSpec(
            values: values, keyTimes: [0, 0.25, 0.5, 0.75, 1], calculationMode: .discrete)
        #expect(spec.value(atProgress: p) == values[index])
    }

    @Test(
        "Discrete mode also accepts one keyTime per value, the last value holding to 1 (decision)",
        arguments: [(0.0, 0), (0.49, 0), (0.5, 1), (0.89, 1), (0.9, 2), (1.0, 2)])
    func discreteSameCount(p: Double, index: Int) {
        let values = numbers([1, 2, 3])
        let spec = KeyframeSpec(values: values, keyTimes: [0, 0.5, 0.9], calculationMode: .discrete)
        #expect(KeyframeSpec.acceptsKeyTimes([0, 0.5, 0.9], valueCount: 3, calculationMode: .discrete))
        #expect(spec.value(atProgress: p) == values[index])
        #expect(spec.effectiveKeyTimes == [0, 0.5, 0.9, 1])
    }

    @Test(
        "Discrete mode without keyTimes spaces values at i/n (CA-8.4)",
        arguments: [(0.0, 0), (0.2499, 0), (0.25, 1), (0.5, 2), (0.7499, 2), (0.75, 3), (1.0, 3)])
    func discreteEven(p: Double, index: Int) {
        let values = numbers([1, 2, 3, 4])
        let spec = KeyframeSpec(values: values, calculationMode: .discrete)
        #expect(spec.value(atProgress: p) == values[index])
        #expect(spec.effectiveKeyTimes == [0, 0.25, 0.5, 0.75, 1])
    }

    @Test("Discrete keyTimes need not start at 0; before the first, the first value holds (decision)")
    func discreteLateStart() {
        let values = numbers([1, 2])
        let spec = KeyframeSpec(values: values, keyTimes: [0.5, 0.75, 1], calculationMode: .discrete)
        #expect(spec.value(atProgress: 0.2) == .number(1))
        #expect(spec.value(atProgress: 0.75) == .number(2))
    }

    @Test(
        "Invalid discrete keyTimes are ignored (CA-8.2)",
        arguments: [[0, 0.5], [0, 0.2, 0.4, 0.6, 0.8], [0, 0.6, 0.3, 1], [0, 0.5, 2]] as [[Double]])
    func discreteInvalid(keyTimes: [Double]) {
        let spec = KeyframeSpec(values: numbers([1, 2, 3]), keyTimes: keyTimes, calculationMode: .discrete)
        #expect(spec.effectiveKeyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(spec.value(atProgress: 0.34) == .number(2))
    }

    @Test("Discrete mode never interpolates, whatever the timing functions (CA-8.6)")
    func discreteNoInterpolation() {
        let values: [Value] = [.color(.black), .color(.white), .color(Color(red: 1, green: 0, blue: 0))]
        let spec = KeyframeSpec(
            values: values, timingFunctions: [.easeIn, .easeOut], calculationMode: .discrete)
        for k in 0...100 {
            let v = spec.value(atProgress: Double(k) / 100)
            #expect(v.map(values.contains) == true)
        }
    }

    // MARK: - Per-segment timing functions (CA-8.5)

    @Test("Each segment applies its own timing function to the progress within it (CA-8.5)")
    func perSegmentTimingFunctions() {
        let spec = KeyframeSpec(values: numbers([0, 10, 20]), timingFunctions: [.easeIn, .linear])
        let expected = 10 * TimingFunction.easeIn.progress(at: 0.5)
        #expect(kfClose(kfNumber(spec, 0.25), expected, 1e-12))
        #expect(kfClose(kfNumber(spec, 0.75), 15, 1e-12))
        #expect(kfNumber(spec, 0.5) == 10)
    }

    @Test(
        "Timing functions whose count is not n−1 are ignored (decision)",
        arguments: [[TimingFunction.easeIn], [.easeIn, .easeIn, .easeIn], []])
    func timingFunctionsWrongCount(functions: [TimingFunction]) {
        let spec = KeyframeSpec(values: numbers([0, 10, 20]), timingFunctions: functions)
        #expect(kfClose(kfNumber(spec, 0.25), 5, 1e-12))
    }

    @Test("Per-segment timing functions may overshoot within a linear segment")
    func overshootingSegment() {
        let back = TimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        let spec = KeyframeSpec(values: numbers([0, 10]), timingFunctions: [back])
        #expect(kfClose(kfNumber(spec, 0.1), 10 * back.progress(at: 0.1), 1e-12))
        #expect((kfNumber(spec, 0.1) ?? 0) < 0)
    }

    // MARK: - Paced (CA-8.6)

    @Test("Paced mode recomputes the times by distance, ignoring keyTimes and timing functions")
    func pacedIgnoresKeyTimes() {
        let plain = KeyframeSpec(values: numbers([0, 10, 40]), calculationMode: .paced)
        let decorated = KeyframeSpec(
            values: numbers([0, 10, 40]), keyTimes: [0, 0.9, 1], timingFunctions: [.easeIn, .easeOut],
            calculationMode: .paced)
        #expect(plain.effectiveKeyTimes == [0, 0.25, 1])
        for k in 0...20 {
            let p = Double(k) / 20
            #expect(kfClose(kfNumber(plain, p), 40 * p, 1e-12))
            #expect(kfNumber(decorated, p) == kfNumber(plain, p))
        }
    }

    @Test("Paced points move at one speed across segments of different lengths (CA-8.6)")
    func pacedEqualVelocity() {
        let points = [Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 14), Point(x: 3, y: 15)]
        let spec = KeyframeSpec(values: points.map { .point($0) }, calculationMode: .paced)
        let evaluator = KeyframeEvaluator(spec)
        let steps = 160
        var previous = points[0]
        for k in 1...steps {
            guard case .point(let q)? = evaluator.value(atProgress: Double(k) / Double(steps)) else {
                Issue.record("no point")
                return
            }
            // Total length 16; each step covers 0.1 (the corners, at 5 and 15, fall on steps).
            #expect(abs(kfDistance(previous, q) - 0.1) <= 1e-9)
            previous = q
        }
        #expect(evaluator.keyTimes == [0, 5.0 / 16, 15.0 / 16, 1])
        // Arc-length position grows linearly with progress.
        for (p, expected) in [(5.0 / 16, points[1]), (10.0 / 16, Point(x: 3, y: 9)),
                              (15.0 / 16, points[2])] {
            #expect(kfPoint(spec, p).map { kfDistance($0, expected) <= 1e-12 } == true)
        }
    }

    @Test(
        "The paced distance is |Δ| for numbers and Euclidean for points, sizes, rects and colours",
        arguments: [
            ([Value.number(0), .number(-3), .number(1)], 3.0 / 7),
            ([.point(.zero), .point(Point(x: 3, y: 4)), .point(Point(x: 3, y: 19))], 0.25),
            ([.size(.zero), .size(Size(width: 6, height: 8)), .size(Size(width: 6, height: 38))], 0.25),
            ([.rect(.zero), .rect(Rect(x: 1, y: 1, width: 1, height: 1)),
              .rect(Rect(x: 1, y: 1, width: 1, height: 7))], 0.25),
            ([.color(.clear), .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)),
              .color(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 3.5))], 0.25),
        ])
    func pacedMetric(values: [Value], middleTime: Double) {
        let spec = KeyframeSpec(values: values, calculationMode: .paced)
        let times = spec.effectiveKeyTimes
        #expect(times.count == 3)
        #expect(kfClose(times[1], middleTime, 1e-12))
        #expect(times.first == 0 && times.last == 1)
    }

    @Test(
        "Paced values without a distance, or that do not move, fall back to even spacing (decision)",
        arguments: [
            [Value.transform(.identity), .transform(Transform3D(scaleX: 5, y: 5, z: 1)),
             .transform(Transform3D(scaleX: 6, y: 6, z: 1))],
            [.bool(false), .bool(true), .bool(false)],
            [.number(2), .number(2), .number(2)],
            [.number(0), .point(.zero), .number(3)],
        ])
    func pacedFallback(values: [Value]) {
        let spec = KeyframeSpec(values: values, calculationMode: .paced)
        #expect(spec.effectiveKeyTimes == [0, 0.5, 1])
    }

    // MARK: - Cubic (CA-8.6): Kochanek–Bartels

    @Test("Cubic mode passes through every keyframe at its key time", arguments: [
        nil, [0, 0.1, 0.7, 1],
    ] as [[Double]?])
    func cubicPassesThroughKeyframes(keyTimes: [Double]?) {
        let values = numbers([0, 5, -2, 8])
        let spec = KeyframeSpec(values: values, keyTimes: keyTimes, calculationMode: .cubic)
        let times = keyTimes ?? [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(spec.effectiveKeyTimes == times)
        for (t, v) in zip(times, values) {
            #expect(spec.value(atProgress: t) == v)
        }
        let points = [Point(x: 0, y: 0), Point(x: 10, y: 5), Point(x: 20, y: -5), Point(x: 30, y: 0)]
        let spec2 = KeyframeSpec(values: points.map { .point($0) }, keyTimes: keyTimes, calculationMode: .cubic)
        for (t, v) in zip(times, points) {
            #expect(kfPoint(spec2, t) == v)
        }
    }

    @Test(
        "With default parameters the cubic is the textbook Catmull–Rom spline (CA-8.6)",
        arguments: [0.1, 0.25, 0.5, 0.8])
    func catmullRomInterior(s: Double) {
        let v = [0.0, 1, 3, 2]
        let spec = KeyframeSpec(values: numbers(v), calculationMode: .cubic)
        // The middle segment (keyframes 1 → 2) spans progress 1/3 … 2/3.
        let p = (1 + s) / 3
        #expect(kfClose(kfNumber(spec, p), catmullRom(v[0], v[1], v[2], v[3], s), 1e-12))
    }

    @Test("End tangents duplicate the end keyframes: half the end chord (decision)")
    func cubicEndCondition() {
        // Two keyframes 0 → 1 with both tangents 1/2: value −s³ + 1.5s² + 0.5s.
        let spec = KeyframeSpec(values: numbers([0, 1]), calculationMode: .cubic)
        for s in [0.1, 0.25, 0.5, 0.9] {
            #expect(kfClose(kfNumber(spec, s), -s * s * s + 1.5 * s * s + 0.5 * s, 1e-12))
        }
        // The first segment of a longer spline, as a Catmull–Rom with p(−1) = p(0).
        let v = [0.0, 1, 3]
        let long = KeyframeSpec(values: numbers(v), calculationMode: .cubic)
        #expect(kfClose(kfNumber(long, 0.25), catmullRom(v[0], v[0], v[1], v[2], 0.5), 1e-12))
    }

    @Test(
        "Catmull–Rom cubic is C1-smooth at the keyframes, also with uneven keyTimes (decision)",
        arguments: [nil, [0, 0.2, 0.3, 1]] as [[Double]?])
    func cubicSmooth(keyTimes: [Double]?) {
        let spec = KeyframeSpec(values: numbers([0, 4, -1, 6]), keyTimes: keyTimes, calculationMode: .cubic)
        let times = spec.effectiveKeyTimes
        for t in times.dropFirst().dropLast() {
            let (left, right) = kfSlopes(spec, at: t)
            #expect(abs(left - right) <= 1e-3 * max(1, abs(left)), "at \(t): \(left) vs \(right)")
        }
    }

    @Test(
        "Tension shapes the spline: 1 gives linear midpoints, −1 doubles the tangents (CA-8.6)",
        arguments: [(1.0, 0.5), (0.0, 0.375), (-1.0, 0.25), (0.5, 0.4375), (5.0, 0.5), (-7.0, 0.25)])
    func tension(t: Double, expected: Double) {
        // Values 0, 1, 3: the first segment's tangents are 0.5(1−t) and 1.5(1−t), so its midpoint
        // is 0.5 − 0.125(1 − t). Out-of-range tensions are clamped to [−1, 1].
        let spec = KeyframeSpec(values: numbers([0, 1, 3]), calculationMode: .cubic, tensionValues: [t, t, t])
        #expect(kfClose(kfNumber(spec, 0.25), expected, 1e-12))
    }

    @Test("Tension 1 runs straight between point keyframes, stopping at each (CA-8.6)")
    func tensionOneIsLinearish() {
        let points = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]
        let spec = KeyframeSpec(
            values: points.map { .point($0) }, calculationMode: .cubic, tensionValues: [1, 1, 1])
        for k in 0...50 {
            let p = Double(k) / 100  // first segment: on the x axis
            #expect(kfPoint(spec, p).map { abs($0.y) <= 1e-12 && $0.x >= 0 && $0.x <= 10 } == true)
        }
        for k in 50...100 {
            let p = Double(k) / 100  // second segment: on x = 10
            #expect(kfPoint(spec, p).map { abs($0.x - 10) <= 1e-12 } == true)
        }
        // Zero velocity at the middle keyframe: 1e-5 of progress moves it 1.2e-8, not 2e-4.
        let before = kfPoint(spec, 0.5 - 1e-5)!, after = kfPoint(spec, 0.5 + 1e-5)!
        #expect(kfDistance(before, points[1]) <= 1e-6 && kfDistance(after, points[1]) <= 1e-6)
    }

    @Test(
        "Bias tilts the tangent toward the incoming (1) or outgoing (−1) chord (CA-8.6)",
        arguments: [(1.0, 2.0), (0.0, 3.0), (-1.0, 4.0)])
    func bias(b: Double, slope: Double) {
        // Values 0, 1, 3 at times 0, ½, 1: the tangent at keyframe 1 is (1+b)/2·1 + (1−b)/2·2 per
        // segment, so d value / d progress = tangent / ½.
        let spec = KeyframeSpec(values: numbers([0, 1, 3]), calculationMode: .cubic, biasValues: [0, b, 0])
        let (left, right) = kfSlopes(spec, at: 0.5)
        #expect(kfClose(left, slope, 1e-4))
        #expect(kfClose(right, slope, 1e-4))
    }

    @Test("Nonzero continuity makes a corner: the velocity jumps at the keyframe (CA-8.6)")
    func continuity() {
        // Values 0, 1, 3: incoming tangent (1−c)/2·1 + (1+c)/2·2, outgoing (1+c)/2·1 + (1−c)/2·2.
        let spec = KeyframeSpec(
            values: numbers([0, 1, 3]), calculationMode: .cubic, continuityValues: [0, 0.5, 0])
        let (left, right) = kfSlopes(spec, at: 0.5)
        #expect(kfClose(left, 2 * (0.25 + 1.5), 1e-4))
        #expect(kfClose(right, 2 * (0.75 + 0.5), 1e-4))
    }

    @Test(
        "TCB arrays whose count is not the number of values are ignored (decision)",
        arguments: [[1.0], [1, 1], [1, 1, 1, 1]])
    func tcbWrongCount(array: [Double]) {
        let plain = KeyframeSpec(values: numbers([0, 1, 3]), calculationMode: .cubic)
        let spec = KeyframeSpec(
            values: numbers([0, 1, 3]), calculationMode: .cubic, tensionValues: array,
            continuityValues: array, biasValues: array)
        for p in [0.1, 0.3, 0.6, 0.9] {
            #expect(kfNumber(spec, p) == kfNumber(plain, p))
        }
    }

    @Test("Cubic splines colours and rects per component, without clamping (decision)")
    func cubicComponents() {
        let colours: [Value] = [.color(.black), .color(.white), .color(.white)]
        let spec = KeyframeSpec(values: colours, calculationMode: .cubic)
        guard case .color(let c)? = spec.value(atProgress: 0.75) else {
            Issue.record("no colour")
            return
        }
        // Middle keyframe's Catmull–Rom tangent overshoots white on the second segment.
        let expected = catmullRom(0, 1, 1, 1, 0.5)
        #expect(kfClose(c.red, expected, 1e-12) && kfClose(c.alpha, 1, 1e-12))
        #expect(c.red > 1)
        let rects: [Value] = [
            .rect(Rect(x: 0, y: 0, width: 0, height: 0)), .rect(Rect(x: 1, y: 2, width: 3, height: 4)),
            .rect(Rect(x: 3, y: 6, width: 9, height: 12)),
        ]
        guard case .rect(let r)? = KeyframeSpec(values: rects, calculationMode: .cubic)
            .value(atProgress: 0.25)
        else {
            Issue.record("no rect")
            return
        }
        #expect(kfClose(r.origin.x, catmullRom(0, 0, 1, 3, 0.5), 1e-12))
        #expect(kfClose(r.size.height, catmullRom(0, 0, 4, 12, 0.5), 1e-12))
    }

    @Test("Cubic mode applies per-segment timing functions to the spline parameter (CA-8.5)")
    func cubicTimingFunctions() {
        let v = [0.0, 1, 3, 2]
        let spec = KeyframeSpec(
            values: numbers(v), timingFunctions: [.linear, .easeIn, .linear], calculationMode: .cubic)
        let s = TimingFunction.easeIn.progress(at: 0.5)
        #expect(kfClose(kfNumber(spec, 0.5), catmullRom(v[0], v[1], v[2], v[3], s), 1e-12))
    }

    @Test(
        "Cubic falls back to linear for transforms, booleans and mixed types (decision)",
        arguments: [
            [Value.transform(.identity), .transform(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1)),
             .transform(Transform3D(translationX: 10, y: 0, z: 0))],
            [.bool(false), .bool(true), .bool(false)],
            [.number(0), .number(1), .point(.zero)],
        ])
    func cubicFallback(values: [Value]) {
        let cubic = KeyframeSpec(values: values, calculationMode: .cubic)
        let linear = KeyframeSpec(values: values, calculationMode: .linear)
        for k in 0...20 {
            let p = Double(k) / 20
            #expect(cubic.value(atProgress: p) == linear.value(atProgress: p))
        }
        // Booleans switch at the middle of their segment (R9).
        if values.first == .bool(false) {
            #expect(cubic.value(atProgress: 0.24) == .bool(false))
            #expect(cubic.value(atProgress: 0.25) == .bool(true))
        }
    }

    // MARK: - cubicPaced (CA-8.6, CA-14.11)

    static let curvy: [Point] = [
        Point(x: 0, y: 0), Point(x: 10, y: 30), Point(x: 12, y: 31), Point(x: 40, y: 0),
        Point(x: 41, y: 10),
    ]

    /// A bending spline without tight loops, so that short chords measure its arc length.
    static let gentle: [Point] = [
        Point(x: 0, y: 0), Point(x: 10, y: 30), Point(x: 25, y: 35), Point(x: 40, y: 0),
        Point(x: 50, y: 10),
    ]

    @Test("cubicPaced moves at constant speed along the spline (CA-8.6)")
    func cubicPacedConstantSpeed() {
        let spec = KeyframeSpec(values: Self.gentle.map { .point($0) }, calculationMode: .cubicPaced)
        let evaluator = KeyframeEvaluator(spec)
        // 4000 fine samples in 400 groups: each group's polyline length (≈ its arc length,
        // chords this short on this curve bend by < 1e-5 relative) is the same.
        let groups = 400, perGroup = 10
        var samples: [Point] = []
        for k in 0...(groups * perGroup) {
            guard case .point(let q)? = evaluator.value(atProgress: Double(k) / Double(groups * perGroup)) else {
                Issue.record("no point")
                return
            }
            samples.append(q)
        }
        let chords = zip(samples, samples.dropFirst()).map { kfDistance($0, $1) }
        let lengths = (0..<groups).map { g in chords[(g * perGroup)..<((g + 1) * perGroup)].reduce(0, +) }
        let mean = lengths.reduce(0, +) / Double(groups)
        for d in lengths {
            #expect(abs(d - mean) <= 1e-4 * mean)
        }
        // The same spline under plain cubic has uneven speed.
        let cubic = KeyframeEvaluator(
            KeyframeSpec(values: Self.gentle.map { .point($0) }, calculationMode: .cubic))
        let plain = (0...100).map { cubic.value(atProgress: Double($0) / 100)!.pointPayloadForKeyframes! }
        let steps = zip(plain, plain.dropFirst()).map { kfDistance($0, $1) }
        #expect(steps.max()! > 1.5 * steps.min()!)
    }

    @Test("cubicPaced reaches each keyframe at the arc-length fraction it reports")
    func cubicPacedKeyframes() {
        let spec = KeyframeSpec(values: Self.curvy.map { .point($0) }, calculationMode: .cubicPaced)
        let evaluator = KeyframeEvaluator(spec)
        #expect(evaluator.keyTimes.count == Self.curvy.count)
        #expect(evaluator.keyTimes.first == 0 && evaluator.keyTimes.last == 1)
        for (t, point) in zip(evaluator.keyTimes, Self.curvy) {
            let q = evaluator.value(atProgress: t)!.pointPayloadForKeyframes!
            #expect(kfDistance(q, point) <= 1e-9)
        }
    }

    @Test("cubicPaced ignores keyTimes and timing functions (CA-8.6)")
    func cubicPacedIgnores() {
        let values = Self.curvy.map { Value.point($0) }
        let plain = KeyframeSpec(values: values, calculationMode: .cubicPaced)
        let decorated = KeyframeSpec(
            values: values, keyTimes: [0, 0.1, 0.2, 0.3, 1],
            timingFunctions: [.easeIn, .easeIn, .easeIn, .easeIn], calculationMode: .cubicPaced)
        for k in 0...10 {
            #expect(plain.value(atProgress: Double(k) / 10) == decorated.value(atProgress: Double(k) / 10))
        }
    }

    @Test("cubicPaced is a curve, not linear interpolation (CA-14.11: Apple's page is wrong)")
    func cubicPacedIsNotLinear() {
        let points = [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 20, y: 0)]
        let cubicPaced = KeyframeSpec(values: points.map { .point($0) }, calculationMode: .cubicPaced)
        let paced = KeyframeSpec(values: points.map { .point($0) }, calculationMode: .paced)
        // Paced runs along the chords (y = x on the first half); the spline bows outwards.
        let q = kfPoint(cubicPaced, 0.25)!, r = kfPoint(paced, 0.25)!
        #expect(abs(r.y - r.x) <= 1e-12)
        #expect(q.y - q.x > 0.5)
    }

    @Test("cubicPaced of values cubic cannot spline falls back to paced (decision)")
    func cubicPacedFallback() {
        let values: [Value] = [.transform(.identity), .transform(Transform3D(scaleX: 2, y: 2, z: 1)),
                               .transform(Transform3D(scaleX: 9, y: 9, z: 1))]
        let a = KeyframeSpec(values: values, calculationMode: .cubicPaced)
        let b = KeyframeSpec(values: values, calculationMode: .paced)
        #expect(a.effectiveKeyTimes == [0, 0.5, 1])
        for k in 0...10 {
            #expect(a.value(atProgress: Double(k) / 10) == b.value(atProgress: Double(k) / 10))
        }
        // Values that never move: the spline is constant.
        let still = KeyframeSpec(values: numbers([3, 3, 3]), calculationMode: .cubicPaced)
        #expect(still.value(atProgress: 0.4) == .number(3))
    }

    @Test("A prepared evaluator gives the same values as the description", arguments: CalculationMode.allCases)
    func evaluatorAgrees(mode: CalculationMode) {
        let spec = KeyframeSpec(
            values: Self.curvy.map { .point($0) }, keyTimes: [0, 0.1, 0.5, 0.6, 1],
            timingFunctions: [.easeIn, .easeOut, .linear, .default], calculationMode: mode)
        let evaluator = KeyframeEvaluator(spec)
        for k in 0...16 {
            let p = Double(k) / 16
            #expect(evaluator.value(atProgress: p) == spec.value(atProgress: p))
        }
        #expect(evaluator.keyTimes == spec.effectiveKeyTimes)
    }
}

extension Value {
    fileprivate var pointPayloadForKeyframes: Point? {
        if case .point(let v) = self { return v }
        return nil
    }
}
