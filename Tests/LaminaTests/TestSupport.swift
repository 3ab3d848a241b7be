// SPDX-License-Identifier: Apache-2.0
// Shared helpers for the engine suites: approximate equality with an explicit tolerance, reading
// presentation numbers, catching LaminaError codes, and a few fixtures. Names are distinct
// (`approx…`, `laminaErrorCode`) so they never clash with the file-private helpers of
// Transform3DTests.swift and TimingFunctionTests.swift.

import Testing

@testable import Lamina

// MARK: - Approximate equality (the tolerance is always given at the call site)

/// |a − b| ≤ tolerance.
func approx(_ a: Double, _ b: Double, tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

/// Both optional numbers present and within tolerance.
func approx(_ a: Double?, _ b: Double, tolerance: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

/// Componentwise.
func approx(_ a: Point, _ b: Point, tolerance: Double) -> Bool {
    approx(a.x, b.x, tolerance: tolerance) && approx(a.y, b.y, tolerance: tolerance)
}

/// Componentwise.
func approx(_ a: Size, _ b: Size, tolerance: Double) -> Bool {
    approx(a.width, b.width, tolerance: tolerance) && approx(a.height, b.height, tolerance: tolerance)
}

/// Componentwise (origin and size).
func approx(_ a: Rect, _ b: Rect, tolerance: Double) -> Bool {
    approx(a.origin, b.origin, tolerance: tolerance) && approx(a.size, b.size, tolerance: tolerance)
}

/// Per RGBA component.
func approx(_ a: Color, _ b: Color, tolerance: Double) -> Bool {
    approx(a.red, b.red, tolerance: tolerance) && approx(a.green, b.green, tolerance: tolerance)
        && approx(a.blue, b.blue, tolerance: tolerance) && approx(a.alpha, b.alpha, tolerance: tolerance)
}

/// The sixteen entries of a transform, row by row.
func approxEntries(_ m: Transform3D) -> [Double] {
    [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
     m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
}

/// Entrywise.
func approx(_ a: Transform3D, _ b: Transform3D, tolerance: Double) -> Bool {
    zip(approxEntries(a), approxEntries(b)).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Same type and, for numeric payloads, within tolerance; booleans, strings and null compare
/// exactly. Two nils are equal; one nil is not.
func approx(_ a: Value?, _ b: Value?, tolerance: Double) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (.number(x)?, .number(y)?): return approx(x, y, tolerance: tolerance)
    case let (.point(x)?, .point(y)?): return approx(x, y, tolerance: tolerance)
    case let (.size(x)?, .size(y)?): return approx(x, y, tolerance: tolerance)
    case let (.rect(x)?, .rect(y)?): return approx(x, y, tolerance: tolerance)
    case let (.color(x)?, .color(y)?): return approx(x, y, tolerance: tolerance)
    case let (.transform(x)?, .transform(y)?): return approx(x, y, tolerance: tolerance)
    case let (x?, y?): return x == y
    default: return false
    }
}

// MARK: - Unwrapping values

extension Value {
    /// The payload of a `.number`, else nil.
    var numberPayload: Double? { if case .number(let v) = self { return v }; return nil }
    /// The payload of a `.point`, else nil.
    var pointPayload: Point? { if case .point(let v) = self { return v }; return nil }
    /// The payload of a `.size`, else nil.
    var sizePayload: Size? { if case .size(let v) = self { return v }; return nil }
    /// The payload of a `.rect`, else nil.
    var rectPayload: Rect? { if case .rect(let v) = self { return v }; return nil }
    /// The payload of a `.color`, else nil.
    var colorPayload: Color? { if case .color(let v) = self { return v }; return nil }
    /// The payload of a `.transform`, else nil.
    var transformPayload: Transform3D? { if case .transform(let v) = self { return v }; return nil }
    /// The payload of a `.bool`, else nil.
    var boolPayload: Bool? { if case .bool(let v) = self { return v }; return nil }
}

extension Layer {
    /// The presentation value of a numeric key path at `time` (engine time when nil); nil when
    /// the layer has no presentation yet or the value is not a number.
    func presentedNumber(_ keyPath: String, at time: Double? = nil) throws -> Double? {
        try presentationValue(forKeyPath: keyPath, at: time)?.numberPayload
    }

    /// The model value of a numeric key path; nil when it is not a number.
    func modelNumber(_ keyPath: String) throws -> Double? {
        try value(forKeyPath: keyPath).numberPayload
    }
}

// MARK: - Errors

/// The LaminaError code thrown by `body`, or nil if it returned normally (or threw something
/// that is not a LaminaError).
func laminaErrorCode(_ body: () throws -> Void) -> LaminaError.Code? {
    do {
        try body()
        return nil
    } catch let error as LaminaError {
        return error.code
    } catch {
        return nil
    }
}

// MARK: - Fixtures

/// A layer created and committed by `tick(time)`, so later changes animate implicitly (R4).
func makeCommittedLayer(_ engine: Engine, at time: Double = 0) throws -> Layer {
    let layer = engine.makeLayer()
    engine.tick(time)
    return layer
}

/// The value of a numeric implicit animation from `from` to `to` that began at `begin`, lasts
/// `duration` and uses `curve`, evaluated at `time` (the expected presentation, R6).
func expectedImplicit(
    from: Double, to: Double, begin: Double, duration: Double, curve: TimingFunction = .default,
    at time: Double
) -> Double {
    let x = (time - begin) / duration
    if x < 0 || x >= 1 { return to }  // fill mode removed: the model (= committed) value
    let y = curve.progress(at: x)
    return from + (to - from) * y
}

/// Records calls in order (completions run on the ticking thread; single-threaded use only).
final class CallLog {
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
    var count: Int { entries.count }
}

extension Transaction {
    /// `setValue(_:forKey:)` under the name the tests read best with.
    func setValue(_ value: Value?, forKeyPath key: String) throws { try setValue(value, forKey: key) }
}
