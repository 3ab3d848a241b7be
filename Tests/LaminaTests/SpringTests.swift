// SPDX-License-Identifier: Apache-2.0
// Spring: CASpringAnimation's parameters and closed-form motion (CA-9.x), checked against a
// numerical integration (RK4) of m·x″ + c·x′ + k·x = 0 in every regime.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import Lamina

// MARK: - Helpers (file-private, prefixed `sp`)

/// Integrates m·x″ + c·x′ + k·x = 0 from x(0) = 1, x′(0) = −v₀ with classic RK4 and step `h`,
/// recording (progress, velocity) = (1 − x, −x′) at each time in `times` (ascending, multiples
/// of h).
fileprivate func spIntegrate(
    mass m: Double, stiffness k: Double, damping c: Double, initialVelocity v0: Double,
    times: [Double], step h: Double = 1e-4
) -> [(progress: Double, velocity: Double)] {
    func accel(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
    var x = 1.0, v = -v0, t = 0.0
    var out: [(Double, Double)] = []
    for target in times {
        let steps = Int(((target - t) / h).rounded())
        for _ in 0..<steps {
            let k1x = v, k1v = accel(x, v)
            let k2x = v + 0.5 * h * k1v, k2v = accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v)
            let k3x = v + 0.5 * h * k2v, k3v = accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v)
            let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        t = target
        out.append((1 - x, -v))
    }
    return out
}

/// One spring to compare with the integration; `integrated` gives the damping actually
/// integrated (different only when an overdamped spring is solved as critical).
struct SpringCase: Sendable, CustomTestStringConvertible {
    let label: String
    let spring: SpringParameters
    let regime: SpringSolution.Regime
    let integratedDamping: Double
    var testDescription: String { label }
}

fileprivate let spCases: [SpringCase] = [
    SpringCase(label: "CA-9.3 defaults: underdamped ζ 0.5", spring: SpringParameters(), regime: .underdamped, integratedDamping: 10),
    SpringCase(label: "underdamped, initial velocity toward the target", spring: SpringParameters(initialVelocity: 5), regime: .underdamped, integratedDamping: 10),
    SpringCase(label: "underdamped, initial velocity away from the target", spring: SpringParameters(initialVelocity: -3), regime: .underdamped, integratedDamping: 10),
    SpringCase(label: "underdamped, heavy and soft", spring: SpringParameters(mass: 3, stiffness: 50, damping: 4, initialVelocity: 2), regime: .underdamped, integratedDamping: 4),
    SpringCase(label: "undamped (damping 0)", spring: SpringParameters(damping: 0, initialVelocity: 1), regime: .underdamped, integratedDamping: 0),
    SpringCase(label: "critically damped", spring: SpringParameters(damping: 20), regime: .criticallyDamped, integratedDamping: 20),
    SpringCase(label: "critically damped, initial velocity", spring: SpringParameters(damping: 20, initialVelocity: 8), regime: .criticallyDamped, integratedDamping: 20),
    SpringCase(label: "critically damped, mass 2", spring: SpringParameters(mass: 2, stiffness: 50, damping: 20, initialVelocity: -2), regime: .criticallyDamped, integratedDamping: 20),
    SpringCase(label: "overdamped with allowsOverdamping", spring: SpringParameters(damping: 50, allowsOverdamping: true), regime: .overdamped, integratedDamping: 50),
    SpringCase(label: "overdamped, initial velocity away", spring: SpringParameters(damping: 50, initialVelocity: -4, allowsOverdamping: true), regime: .overdamped, integratedDamping: 50),
    SpringCase(label: "overdamped, fast initial velocity (overshoots once)", spring: SpringParameters(damping: 30, initialVelocity: 40, allowsOverdamping: true), regime: .overdamped, integratedDamping: 30),
    SpringCase(label: "CA-9.1 overdamped without allowsOverdamping is critical (c = 2√(km))", spring: SpringParameters(damping: 50, initialVelocity: 3), regime: .criticallyDamped, integratedDamping: 20),
]

fileprivate let spTimes: [Double] = [0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1, 1.5, 2, 3]

// MARK: - Suite

@Suite("Spring (CA-9)")
struct SpringTests {
    @Test("CA-9.1 defaults: mass 1, stiffness 100, damping 10, velocity 0, no overdamping")
    func defaults() {
        let s = SpringParameters()
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0)
        #expect(!s.allowsOverdamping)
    }

    @Test("CA-9.3 defaults give ζ = 0.5 and ω₀ = 10 rad/s")
    func ratioAndFrequency() {
        let s = SpringParameters()
        #expect(s.dampingRatio == 0.5)
        #expect(s.naturalFrequency == 10)
        #expect(s.solution.regime == .underdamped)
        #expect(SpringParameters(mass: 4, stiffness: 16, damping: 2).dampingRatio == 0.125)
        #expect(SpringParameters(mass: 4, stiffness: 16, damping: 2).naturalFrequency == 2)
    }

    @Test("CA-9.3 the closed form agrees with RK4 integration to 1e-6 in every regime", arguments: spCases)
    func agreesWithIntegration(_ c: SpringCase) {
        let s = c.spring
        #expect(s.solution.regime == c.regime)
        let reference = spIntegrate(
            mass: s.mass, stiffness: s.stiffness, damping: c.integratedDamping,
            initialVelocity: s.initialVelocity, times: spTimes)
        for (t, r) in zip(spTimes, reference) {
            #expect(approx(s.progress(at: t), r.progress, tolerance: 1e-6), "progress at \(t)")
            #expect(approx(s.velocity(at: t), r.velocity, tolerance: 1e-6), "velocity at \(t)")
        }
    }

    @Test("CA-9.2 initial velocity is in distances per second toward the target; t ≤ 0 is the start", arguments: [0.0, 5, -3])
    func startState(_ v0: Double) {
        for s in [SpringParameters(initialVelocity: v0), SpringParameters(damping: 20, initialVelocity: v0),
                  SpringParameters(damping: 50, initialVelocity: v0, allowsOverdamping: true)] {
            #expect(s.progress(at: 0) == 0)
            #expect(approx(s.velocity(at: 0), v0, tolerance: 1e-12))
            #expect(s.progress(at: -1) == 0)
            #expect(approx(s.velocity(at: -1), v0, tolerance: 1e-12))
            // Positive velocity moves toward the target at first, negative away.
            let early = s.progress(at: 1e-4)
            if v0 > 0 { #expect(early > 0) }
            if v0 < 0 { #expect(early < 0) }
        }
    }

    @Test("CA-9.3 the default spring overshoots the target and comes back")
    func overshoot() {
        let s = SpringParameters()
        // First peak at t = π/ω_d with ω_d = 10·√0.75; overshoot e^{−ζπ/√(1−ζ²)}.
        let wd = 10 * 0.75.squareRoot()
        let peak = Double.pi / wd
        #expect(approx(s.progress(at: peak), 1 + exp(-0.5 * Double.pi / 0.75.squareRoot()), tolerance: 1e-12))
        #expect(approx(s.velocity(at: peak), 0, tolerance: 1e-12))
        #expect(approx(s.progress(at: 30), 1, tolerance: 1e-12))
    }

    @Test("CA-9.1 allowsOverdamping false solves an overdamped spring as critically damped")
    func overdampingClamp() {
        let clamped = SpringParameters(damping: 50)
        let critical = SpringParameters(damping: 20)
        #expect(clamped.solution.regime == .criticallyDamped)
        #expect(clamped.solution.dampingRatio == 1)
        #expect(clamped.dampingRatio == 2.5)  // the parameters' own ratio is unchanged
        for t in spTimes {
            #expect(clamped.progress(at: t) == critical.progress(at: t))
        }
        // Allowed, it is slower to arrive than critical.
        let over = SpringParameters(damping: 50, allowsOverdamping: true)
        #expect(over.progress(at: 0.5) < critical.progress(at: 0.5))
    }

    @Test("CA-9.5 perceptual duration and bounce", arguments: [
        (0.5, 0.0, SpringSolution.Regime.criticallyDamped, 1.0),
        (0.5, 0.3, .underdamped, 0.7),
        (1.0, 0.5, .underdamped, 0.5),
        (0.5, -0.5, .overdamped, 2.0),
        (2.0, -0.2, .overdamped, 1.25),
    ])
    func perceptual(_ duration: Double, _ bounce: Double, _ regime: SpringSolution.Regime, _ ratio: Double) {
        let s = SpringParameters(perceptualDuration: duration, bounce: bounce)
        #expect(s.mass == 1)
        #expect(s.allowsOverdamping)
        #expect(s.initialVelocity == 0)
        let omega = 2 * Double.pi / duration
        #expect(approx(s.stiffness, omega * omega, tolerance: 1e-9))
        let damping = bounce >= 0 ? 4 * Double.pi * (1 - bounce) / duration : 4 * Double.pi / (duration * (1 + bounce))
        #expect(approx(s.damping, damping, tolerance: 1e-12))
        #expect(approx(s.dampingRatio, ratio, tolerance: 1e-12))
        #expect(s.solution.regime == regime)
    }

    @Test("CA-9.4 settlingDuration near Apple's examples: damping 5 ≈ 2.85 s, damping 15 just over 1 s")
    func settlingApple() {
        // The envelope rule with 8.3e-4 (see the doc comment) matches both examples.
        let five = SpringParameters(damping: 5).settlingDuration
        let fifteen = SpringParameters(damping: 15).settlingDuration
        #expect(approx(five, 2.85, tolerance: 0.005))
        #expect(fifteen > 1 && fifteen < 1.01)  // "just over 1 s"
        // Closed form for zero initial velocity: ln(1 / (ε·√(1−ζ²))) / (ζ·ω₀).
        let eps = SpringParameters.settlingThreshold
        #expect(approx(five, log(1 / (eps * (1 - 0.0625).squareRoot())) / 2.5, tolerance: 1e-12))
        #expect(approx(fifteen, log(1 / (eps * (1 - 0.5625).squareRoot())) / 7.5, tolerance: 1e-12))
        // Independent of duration (CA-9.4): a pure function of the parameters; more damping (up
        // to critical) settles sooner.
        #expect(SpringParameters().settlingDuration > fifteen)
    }

    @Test("CA-9.4 after settlingDuration the spring stays within the threshold of the target", arguments: spCases)
    func settlingHolds(_ c: SpringCase) {
        let s = c.spring
        let settle = s.settlingDuration
        guard settle.isFinite else {
            #expect(s.damping == 0)  // only the undamped spring never settles
            return
        }
        let w0 = s.naturalFrequency
        let solution = s.solution
        var t = settle
        while t < settle + 5 {
            let eps = SpringParameters.settlingThreshold
            #expect(abs(1 - solution.progress(at: t)) <= eps + 1e-12, "displacement at \(t)")
            #expect(abs(solution.velocity(at: t)) <= eps * w0 + 1e-12, "velocity at \(t)")
            t += 0.001
        }
    }

    @Test("settlingDuration: critical is the exact crossing of (1 + ω₀t)e^{−ω₀t} = threshold; undamped never settles")
    func settlingEdges() {
        let critical = SpringParameters(damping: 20).settlingDuration
        // From rest the bounds are the motion itself: x = (1 + ω₀t)e^{−ω₀t} and
        // |v|/ω₀ = ω₀t·e^{−ω₀t}; the later of the two crossings is the displacement's.
        let x = (1 + 10 * critical) * exp(-10 * critical)
        let v = 100 * critical * exp(-10 * critical)
        #expect(max(x, v / 10) <= SpringParameters.settlingThreshold + 1e-12)
        #expect(approx(max(x, v / 10), SpringParameters.settlingThreshold, tolerance: 1e-9))
        #expect(SpringParameters(damping: 0).settlingDuration == .infinity)
        #expect(SpringParameters().settlingDuration(threshold: 2) == 0)
        #expect(SpringParameters().settlingDuration(threshold: 0) == .infinity)
    }

    @Test("invalid mass or stiffness is an instant; negative damping counts as 0", arguments: [
        SpringParameters(mass: 0), SpringParameters(stiffness: -1), SpringParameters(mass: .nan),
        SpringParameters(stiffness: .infinity), SpringParameters(perceptualDuration: 0, bounce: 0),
    ])
    func invalid(_ s: SpringParameters) {
        #expect(s.solution.regime == .instant)
        #expect(s.progress(at: 0) == 0)
        #expect(s.progress(at: 0.001) == 1)
        #expect(s.velocity(at: 0.5) == 0)
        #expect(s.settlingDuration == 0)
    }

    @Test("negative damping counts as 0 (undamped)")
    func negativeDamping() {
        let s = SpringParameters(damping: -5)
        #expect(s.dampingRatio == 0)
        #expect(s.progress(at: 0.3) == SpringParameters(damping: 0).progress(at: 0.3))
    }

    @Test("a damping ratio within 1e-9 of 1 is solved as critical, continuously with its neighbours")
    func nearCritical() {
        let exact = SpringParameters(damping: 20)
        let below = SpringParameters(damping: 20 * (1 - 1e-7))
        let above = SpringParameters(damping: 20 * (1 + 1e-7), allowsOverdamping: true)
        #expect(SpringParameters(damping: 20 * (1 + 1e-10), allowsOverdamping: true).solution.regime == .criticallyDamped)
        #expect(below.solution.regime == .underdamped && above.solution.regime == .overdamped)
        for t in spTimes {
            #expect(approx(below.progress(at: t), exact.progress(at: t), tolerance: 1e-6))
            #expect(approx(above.progress(at: t), exact.progress(at: t), tolerance: 1e-6))
        }
    }
}
