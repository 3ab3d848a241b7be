// SPDX-License-Identifier: Apache-2.0
// TimingFunction: named curves (CA-6.2), evaluation (CA-6.3), Apple's measured values (CA-16)
// and the x-as-parameter regression (CA-17).

import Testing

@testable import Lamina

// MARK: - Helpers (file-private)

fileprivate func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool {
    abs(a - b) <= tol
}

/// The reference: 60 steps of bisection on the parameter, then By at the midpoint.
fileprivate func referenceProgress(_ f: TimingFunction, _ x: Double) -> Double {
    func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    let x = min(max(x, 0), 1)
    var lo = 0.0, hi = 1.0
    for _ in 0..<60 {
        let mid = (lo + hi) / 2
        if bezier(f.c1x, f.c2x, mid) < x { lo = mid } else { hi = mid }
    }
    return bezier(f.c1y, f.c2y, (lo + hi) / 2)
}

// MARK: - Tests

@Suite("TimingFunction (CA-6, CA-16, CA-17)")
struct TimingFunctionTests {
    @Test("CA-6.2 named curves have Core Animation's control points")
    func namedControlPoints() {
        func points(_ f: TimingFunction) -> [Double] { [f.c1x, f.c1y, f.c2x, f.c2y] }
        #expect(points(.linear) == [0, 0, 1, 1])
        #expect(points(.easeIn) == [0.42, 0, 1, 1])
        #expect(points(.easeOut) == [0, 0, 0.58, 1])
        #expect(points(.easeInEaseOut) == [0.42, 0, 0.58, 1])
        #expect(points(.default) == [0.25, 0.1, 0.25, 1])
    }

    @Test("names round-trip, with Core Animation's raw values", arguments: TimingFunction.Name.allCases)
    func names(_ name: TimingFunction.Name) {
        #expect(TimingFunction(name).name == name)
        #expect(TimingFunction.Name(rawValue: name.rawValue) == name)
    }

    @Test("raw values are kCAMediaTimingFunction* strings")
    func rawValues() {
        #expect(TimingFunction.Name.allCases.map(\.rawValue)
            == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
        #expect(TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4).name == nil)
    }

    @Test("equality and hashing use the control points")
    func equality() {
        let a = TimingFunction(controlPoints: 0.42, 0, 1, 1)
        #expect(a == .easeIn)
        #expect(a.hashValue == TimingFunction.easeIn.hashValue)
        #expect(a != .easeOut)
        #expect(Set([a, .easeIn, .easeOut]).count == 2)
    }

    /// CA-16: values measured on Apple's QuartzCore (`_solveForInput:`, which works in `float`),
    /// beside the exact value of the curve (a 200-step bisection in double precision).
    /// (name, curve, x, Apple's value, exact value)
    static let measured: [(String, TimingFunction, Double, Double, Double)] = [
        ("easeIn", .easeIn, 0.25, 0.093465, 0.093464651),
        ("easeIn", .easeIn, 0.5, 0.315357, 0.315356813),
        ("easeIn", .easeIn, 0.75, 0.621861, 0.621861869),
        ("easeOut", .easeOut, 0.25, 0.378140, 0.378138131),
        ("easeOut", .easeOut, 0.5, 0.684643, 0.684643187),
        ("easeOut", .easeOut, 0.75, 0.906535, 0.906535349),
        ("easeInEaseOut", .easeInEaseOut, 0.25, 0.129162, 0.129161931),
        ("easeInEaseOut", .easeInEaseOut, 0.5, 0.5, 0.5),
        ("easeInEaseOut", .easeInEaseOut, 0.75, 0.870838, 0.870838069),
        ("custom (0.5,0,0.5,1)", TimingFunction(controlPoints: 0.5, 0, 0.5, 1), 0.25, 0.105889, 0.105892543),
        ("custom (0.5,0,0.5,1)", TimingFunction(controlPoints: 0.5, 0, 0.5, 1), 0.75, 0.894111, 0.894107457),
    ]

    /// Agreement with Apple is 1e-6 wherever Apple's float solver is itself that close to the
    /// curve. At three points it is not: easeOut at 0.25 (Apple 0.378140, curve 0.3781381) and
    /// the custom curve at 0.25 and 0.75 (Apple ±0.105889/0.894111, curve 0.1058925/0.8941075)
    /// differ from the true curve by 1.9e-6 and 3.5e-6. Lamina follows the curve to 1e-6 (the
    /// property test below), so those three are held to 5e-6; the exact values to 1e-8.
    @Test("CA-16 Apple's measured values (1e-6; 5e-6 where Apple's float solver is off the curve)",
          arguments: measured)
    func measuredValues(_ c: (String, TimingFunction, Double, Double, Double)) {
        let y = c.1.progress(at: c.2)
        let appleTolerance = abs(c.3 - c.4) > 1e-6 ? 5e-6 : 1e-6
        #expect(close(y, c.3, appleTolerance), "\(c.0) at \(c.2): \(y) vs Apple \(c.3)")
        #expect(close(y, c.4, 1e-8), "\(c.0) at \(c.2): \(y) vs exact \(c.4)")
    }

    static let all: [TimingFunction] = [
        .linear, .easeIn, .easeOut, .easeInEaseOut, .default,
        TimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5),
        TimingFunction(controlPoints: 0, 1, 1, 0),
    ]

    @Test("endpoints are exact", arguments: all)
    func endpoints(_ f: TimingFunction) {
        #expect(f.progress(at: 0) == 0)
        #expect(f.progress(at: 1) == 1)
    }

    @Test("CA-16 inputs outside [0, 1] are clamped; NaN counts as 0", arguments: all)
    func clamping(_ f: TimingFunction) {
        #expect(f.progress(at: -0.5) == 0)
        #expect(f.progress(at: -.infinity) == 0)
        #expect(f.progress(at: 1.5) == 1)
        #expect(f.progress(at: .infinity) == 1)
        #expect(f.progress(at: .nan) == 0)
    }

    @Test("a linear curve returns its input exactly")
    func linear() {
        for f in [TimingFunction.linear, TimingFunction(controlPoints: 0.3, 0.3, 0.6, 0.6)] {
            for i in 0...1000 {
                let x = Double(i) / 1000
                #expect(f.progress(at: x) == x)
            }
        }
    }

    @Test("CA-6.3 property: matches a 60-step bisection reference to 1e-6 for random valid curves")
    func propertyAgainstReference() {
        var rng = SplitMix64(state: 0x1A31_2A00)
        var curves: [TimingFunction] = [
            // Degenerate slopes at the ends (vertical tangents in progress).
            TimingFunction(controlPoints: 0, 1, 1, 0),
            TimingFunction(controlPoints: 0, 0, 0, 1),
            TimingFunction(controlPoints: 1, 0, 1, 1),
            TimingFunction(controlPoints: 0, 3, 1, -2),
            TimingFunction(controlPoints: 1, -2, 0, 3),
            TimingFunction(controlPoints: 0, 0, 1, 1e-9),
        ]
        for _ in 0..<200 {
            let pick = rng.next() % 4
            // Mostly ordinary curves; some with x control points pinned to 0 or 1; y overshoot
            // up to ±2 outside [0, 1].
            func xPoint() -> Double {
                switch pick {
                case 0: return rng.next() % 2 == 0 ? 0 : 1
                default: return rng.unit()
                }
            }
            let c1x = xPoint(), c2x = xPoint()
            let c1y = rng.unit() * 5 - 2, c2y = rng.unit() * 5 - 2
            curves.append(TimingFunction(controlPoints: c1x, c1y, c2x, c2y))
        }
        var worst = 0.0
        var failures = 0
        for f in curves {
            #expect(TimingFunction.isValid(c1x: f.c1x, c1y: f.c1y, c2x: f.c2x, c2y: f.c2y))
            for i in 0..<1000 {
                // A regular grid plus jitter, including points very close to 0 and 1.
                let x = i == 0 ? 1e-12 : (i == 999 ? 1 - 1e-12 : (Double(i) + rng.unit()) / 1000)
                let got = f.progress(at: x)
                let want = referenceProgress(f, x)
                let error = abs(got - want)
                worst = max(worst, error)
                if !(error <= 1e-6) {
                    failures += 1
                    if failures <= 5 {
                        Issue.record("\(f) at x = \(x): \(got) vs reference \(want)")
                    }
                }
            }
        }
        #expect(failures == 0, "worst error \(worst)")
    }

    @Test("overshooting y control points (0.5, −0.5, 0.5, 1.5)")
    func overshoot() {
        let f = TimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        // Symmetric about (0.5, 0.5); dips below 0 early and rises above 1 late.
        #expect(close(f.progress(at: 0.5), 0.5, 1e-12))
        var minimum = 1.0, maximum = 0.0
        for i in 0...1000 {
            let x = Double(i) / 1000
            let y = f.progress(at: x)
            #expect(close(y, referenceProgress(f, x), 1e-6))
            #expect(close(y + f.progress(at: 1 - x), 1, 1e-9), "symmetry at \(x)")
            minimum = min(minimum, y)
            maximum = max(maximum, y)
        }
        #expect(minimum < -0.05 && maximum > 1.05)
    }

    @Test("CA-17 regression: the input is time, not the Bézier parameter")
    func solvesForTime() {
        // Using the input as the Bézier parameter gives By(0.5) = 3·(1 − 0.5)·0.5²·c2y + 0.5³
        // = 0.5 for easeIn; solving Bx(s) = 0.5 first gives Apple's 0.315357.
        let f = TimingFunction.easeIn
        let naive = 3 * 0.5 * 0.5 * 0.5 * f.c2y + 0.5 * 0.5 * 0.5  // By(0.5) with c1y = 0
        #expect(close(naive, 0.5, 1e-15))
        let y = f.progress(at: 0.5)
        #expect(close(y, 0.315357, 1e-6))
        #expect(abs(y - naive) > 0.1)
    }

    @Test("isValid: finite, x control points in [0, 1]")
    func validity() {
        #expect(TimingFunction.isValid(c1x: 0, c1y: -3, c2x: 1, c2y: 4))
        #expect(TimingFunction.isValid(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1))
        #expect(!TimingFunction.isValid(c1x: -0.01, c1y: 0, c2x: 1, c2y: 1))
        #expect(!TimingFunction.isValid(c1x: 0, c1y: 0, c2x: 1.01, c2y: 1))
        #expect(!TimingFunction.isValid(c1x: .nan, c1y: 0, c2x: 1, c2y: 1))
        #expect(!TimingFunction.isValid(c1x: 0, c1y: .infinity, c2x: 1, c2y: 1))
    }

    @Test("invalid x control points are clamped for evaluation and never trap")
    func invalidPointsDoNotTrap() {
        let f = TimingFunction(controlPoints: -1, 0, 2, 1)  // evaluates as (0, 0, 1, 1)
        #expect(f.c1x == -1 && f.c2x == 2)
        let g = TimingFunction(controlPoints: 0, 0, 1, 1)
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(close(f.progress(at: x), g.progress(at: x), 1e-12))
        }
        #expect(TimingFunction(controlPoints: .nan, 0, 1, 1).progress(at: 0.3).isFinite)
    }

    @Test("progress is monotonic for monotonic y control points", arguments: [
        TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default,
    ])
    func monotonic(_ f: TimingFunction) {
        var previous = 0.0
        for i in 0...2000 {
            let y = f.progress(at: Double(i) / 2000)
            #expect(y >= previous - 1e-12)
            previous = y
        }
    }
}
