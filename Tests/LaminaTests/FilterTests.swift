// SPDX-License-Identifier: Apache-2.0
// Layer filters (issue 32, R19): filter values and names, the three layer properties, filter
// key paths set, read, presented and animated implicitly and explicitly, the draw list's
// filters (σ in root space, the colour matrices, groups), damage by the blur's reach, and bad
// input (R19.6).

import Testing

@testable import Lamina

/// A committed 100×100 layer at (50, 50) with a blur named "blur" of radius 4 (changes from
/// now on animate implicitly).
private func blurredLayer(_ engine: Engine, radius: Double = 4) throws -> Layer {
    let l = engine.makeLayer()
    l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    l.position = Point(x: 50, y: 50)
    l.backgroundColor = .white
    l.filters = [.gaussianBlur(name: "blur", radius: radius)]
    engine.tick(0)
    return l
}

@Suite("Filters: values (R19.1)")
struct FilterValueTests {
    @Test("Types have Core Image's names, with or without the CI prefix, and its defaults")
    func typesAndDefaults() {
        #expect(FilterType(name: "gaussianBlur") == .gaussianBlur)
        #expect(FilterType(name: "CIGaussianBlur") == .gaussianBlur)
        #expect(FilterType(name: "CIColorControls") == .colorControls)
        #expect(FilterType(name: "alpha") == .alpha)
        #expect(FilterType(name: "blur") == nil)
        #expect(FilterType(name: "CI") == nil)
        #expect(Filter(type: .gaussianBlur).value(of: .inputRadius) == .number(10))
        let controls = Filter(type: .colorControls)
        #expect(controls.value(of: .inputSaturation) == .number(1))
        #expect(controls.value(of: .inputBrightness) == .number(0))
        #expect(controls.value(of: .inputContrast) == .number(1))
        #expect(Filter(type: .colorMonochrome).value(of: .inputColor) == .color(Color(red: 0.6, green: 0.45, blue: 0.3)))
        #expect(Filter(type: .colorMatrix).value(of: .inputGVector) == .numberArray([0, 1, 0, 0]))
        #expect(Filter(type: .colorMatrix).value(of: .inputBiasVector) == .numberArray([0, 0, 0, 0]))
        #expect(Filter(type: .gaussianBlur).value(of: .inputSaturation) == nil)
        #expect(BlendMode(name: "multiplyBlendMode") == .multiply)
        #expect(BlendMode(name: "CILuminosityBlendMode") == .luminosity)
        #expect(BlendMode(name: "sourceOverCompositing") == .normal)
        #expect(BlendMode(name: "multiply") == nil)
        #expect(BlendMode.allCases.count == 16)
    }

    @Test("Inputs are written by name; a wrong type or vector size is refused")
    func inputs() {
        var m = Filter.colorMatrix(name: "m", matrix: Filter(type: .colorMatrix).parameters)
        let r = m.setValue(.numberArray([0.5, 0.25, 0, 0]), of: .inputRVector)
        let bias = m.setValue(.numberArray([0.1, 0.2, 0.3, 0.4]), of: .inputBiasVector)
        #expect(r && bias)
        #expect(Array(m.parameters[0..<5]) == [0.5, 0.25, 0, 0, 0.1])
        #expect(m.parameters[19] == 0.4)
        let short = m.setValue(.numberArray([1, 2, 3]), of: .inputRVector)
        let number = m.setValue(.number(1), of: .inputRVector)
        let absent = m.setValue(.number(1), of: .inputRadius)
        #expect(!short && !number && !absent)
    }

    @Test("The colour matrices follow docs/draw-records.md section 18")
    func matrices() {
        let tol = 1e-12
        // Saturation 0: every colour row is the luminance weights.
        let gray = Filter.colorControls(saturation: 0).colorMatrix
        for row in 0..<3 {
            #expect(approx(gray[row * 5], 0.213, tolerance: tol) && approx(gray[row * 5 + 1], 0.715, tolerance: tol))
            #expect(approx(gray[row * 5 + 2], 0.072, tolerance: tol) && gray[row * 5 + 4] == 0)
        }
        // Brightness adds; contrast 2 about 0.5: v' = 2·(v + 0.1) − 0.5.
        let bc = Filter.colorControls(brightness: 0.1, contrast: 2).colorMatrix
        #expect(approx(bc[0], 2, tolerance: tol) && approx(bc[4], 2 * 0.1 - 0.5, tolerance: tol))
        let inv = Filter.colorInvert().colorMatrix
        #expect(inv[0] == -1 && inv[4] == 1 && inv[18] == 1 && inv[19] == 0)
        #expect(Filter.alpha(amount: 0.25).colorMatrix[18] == 0.25)
        // Monochrome at intensity 1: rgb = lum · C.
        let mono = Filter.colorMonochrome(color: Color(red: 1, green: 0.5, blue: 0), intensity: 1).colorMatrix
        #expect(approx(mono[5], 0.5 * 0.213, tolerance: tol) && approx(mono[11], 0, tolerance: tol))
        #expect(mono[0] == 0.213 && mono[18] == 1)
        // A blur is the identity.
        #expect(Filter.gaussianBlur(radius: 3).colorMatrix == Filter(type: .colorMatrix).parameters)
    }

    @Test("Matching arrays interpolate input by input; others switch at 0.5 (R19.4)")
    func interpolation() {
        let a = Value.filterArray([.gaussianBlur(name: "b", radius: 0), .alpha(name: "a", amount: 1)])
        let b = Value.filterArray([.gaussianBlur(name: "b", radius: 10), .alpha(name: "a", amount: 0)])
        guard case .filterArray(let mid)? = a.interpolated(to: b, progress: 0.25) else {
            Issue.record("not a filter array")
            return
        }
        #expect(mid[0].parameters[0] == 2.5 && mid[1].parameters[0] == 0.75)
        let renamed = Value.filterArray([.gaussianBlur(name: "c", radius: 10), .alpha(name: "a", amount: 0)])
        #expect(a.interpolated(to: renamed, progress: 0.49) == a)
        #expect(a.interpolated(to: renamed, progress: 0.5) == renamed)
    }
}

@Suite("Filters: layer properties and key paths (R19.2–R19.4, R19.6)")
struct FilterPropertyTests {
    @Test("Defaults are none, and the three properties round-trip")
    func roundTrip() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        #expect(try l.value(forKeyPath: "filters") == .null)
        #expect(try l.value(forKeyPath: "backgroundFilters") == .null)
        #expect(try l.value(forKeyPath: "compositingFilter") == .null)
        #expect(l.filters.isEmpty && l.backgroundFilters.isEmpty && l.compositingFilter == .normal)
        l.filters = [.gaussianBlur(name: "blur", radius: 3), .colorInvert()]
        l.backgroundFilters = [.colorControls(name: "frost", saturation: 1.8)]
        l.compositingFilter = .screen
        #expect(l.filters == [.gaussianBlur(name: "blur", radius: 3), .colorInvert()])
        #expect(l.backgroundFilters.first?.name == "frost")
        #expect(try l.value(forKeyPath: "compositingFilter") == .string("screenBlendMode"))
        try l.setValue(.string("CIMultiplyBlendMode"), forKeyPath: "compositingFilter")
        #expect(l.compositingFilter == .multiply)
        #expect(try l.value(forKeyPath: "filters.blur.inputRadius") == .number(3))
        #expect(try l.value(forKeyPath: "backgroundFilters.frost.inputSaturation") == .number(1.8))
        try l.setValue(.number(7), forKeyPath: "filters.blur.inputRadius")
        #expect(l.filters[0].parameters[0] == 7)
        l.filters = []
        #expect(try l.value(forKeyPath: "filters") == .null)
    }

    @Test("Bad input is refused with a clear error and the value kept (R19.6)")
    func badInput() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        l.filters = [.gaussianBlur(name: "blur", radius: 3), .colorMatrix(name: "m", matrix: Filter(type: .colorMatrix).parameters)]
        let kept = l.filters
        #expect(laminaErrorCode { try l.setValue(.string("multiply"), forKeyPath: "compositingFilter") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.filterArray([.gaussianBlur(radius: -1)]), forKeyPath: "filters") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.filterArray([.gaussianBlur(radius: .nan)]), forKeyPath: "filters") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.filterArray([.gaussianBlur(radius: .infinity)]), forKeyPath: "backgroundFilters") } == .invalidArgument)
        // A colour matrix of the wrong size is refused, never padded (R19.6).
        #expect(laminaErrorCode { try l.setValue(.filterArray([.colorMatrix(matrix: [1, 0, 0])]), forKeyPath: "filters") } == .invalidArgument)
        var short = Filter.gaussianBlur(radius: 1)
        short.parameters = [1]
        #expect(short.value(of: .inputRadius) == nil && short.colorMatrix.count == 20)
        #expect(laminaErrorCode { try l.setValue(.filterArray([short]), forKeyPath: "filters") } == .invalidArgument)
        let tooMany = [Filter](repeating: .colorInvert(), count: Filter.maximumCount + 1)
        #expect(laminaErrorCode { try l.setValue(.filterArray(tooMany), forKeyPath: "filters") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.number(-2), forKeyPath: "filters.blur.inputRadius") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.number(.nan), forKeyPath: "filters.blur.inputRadius") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.numberArray([1, 2, 3]), forKeyPath: "filters.m.inputRVector") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.number(1), forKeyPath: "filters.m.inputRVector") } == .typeMismatch)
        #expect(laminaErrorCode { try l.setValue(.number(1), forKeyPath: "filters.nosuch.inputRadius") } == .unknownKey)
        #expect(laminaErrorCode { _ = try l.value(forKeyPath: "filters.nosuch.inputRadius") } == .unknownKey)
        #expect(laminaErrorCode { try l.setValue(.number(1), forKeyPath: "filters.blur.inputSaturation") } == .unknownKey)
        #expect(laminaErrorCode { try l.setValue(.number(1), forKeyPath: "filters.blur.inputNothing") } == .unknownKey)
        #expect(laminaErrorCode { try l.setValue(.number(1), forKeyPath: "filters.blur") } == .unknownKey)
        // Key-path names are interned, so their length is bounded (R19.6).
        let long = String(repeating: "n", count: 257)
        #expect(laminaErrorCode { _ = try l.value(forKeyPath: "filters.\(long).inputRadius") } == .unknownKey)
        #expect(l.filters == kept)
        // An absurd radius is stored (no upper bound at the API) and clamped when drawn.
        try l.setValue(.number(1e6), forKeyPath: "filters.blur.inputRadius")
        #expect(try l.value(forKeyPath: "filters.blur.inputRadius") == .number(1e6))
    }

    @Test("A key-path change animates implicitly from the presentation (R19.4, R6)")
    func implicitKeyPath() throws {
        let engine = Engine()
        let l = try blurredLayer(engine)
        try engine.withTransaction(duration: 1, timingFunction: .linear) {
            try l.setValue(.number(14), forKeyPath: "filters.blur.inputRadius")
        }
        engine.tick(0)  // R2: the hand-driven commit begins the animation at the next tick
        engine.tick(0.5)
        #expect(approx(try l.presentedNumber("filters.blur.inputRadius"), 9, tolerance: 1e-9))
        // The model has the new value at once; the presented arrays show the animation.
        #expect(try l.modelNumber("filters.blur.inputRadius") == 14)
        guard case .filterArray(let shown)? = try l.presentationValue(forKeyPath: "filters") else {
            Issue.record("no presented filters")
            return
        }
        #expect(approx(shown[0].parameters[0], 9, tolerance: 1e-9))
        engine.tick(1.1)
        #expect(try l.presentedNumber("filters.blur.inputRadius") == 14)
        // Held at the model once the animation ended: zero velocity (R17.3).
        #expect(try l.presentationVelocity(forKeyPath: "filters.blur.inputRadius") == .number(0))
    }

    @Test("Interrupting a running radius animation continues from where it is (R19.4, CA-3.9)")
    func interrupt() throws {
        let engine = Engine()
        let l = try blurredLayer(engine, radius: 0)
        try engine.withTransaction(duration: 1, timingFunction: .linear) {
            try l.setValue(.number(20), forKeyPath: "filters.blur.inputRadius")
        }
        engine.tick(0)
        engine.tick(0.25)  // radius 5 on screen
        try engine.withTransaction(duration: 1, timingFunction: .linear) {
            try l.setValue(.number(0), forKeyPath: "filters.blur.inputRadius")
        }
        engine.tick(0.25)  // begins now, from the 5 on screen
        #expect(approx(try l.presentedNumber("filters.blur.inputRadius"), 5, tolerance: 1e-9))
        engine.tick(0.75)
        #expect(approx(try l.presentedNumber("filters.blur.inputRadius"), 2.5, tolerance: 1e-9))
        engine.tick(1.3)
        #expect(try l.presentedNumber("filters.blur.inputRadius") == 0)
    }

    @Test("The host's loop: set every frame, then tick; the draw list follows (R19.4)")
    func setEveryFrame() throws {
        let engine = Engine()
        let l = try blurredLayer(engine, radius: 0)
        var last = 0.0
        for frame in 1...30 {
            let t = Double(frame) / 60
            try l.setValue(.number(Double(frame)), forKeyPath: "filters.blur.inputRadius")
            engine.tick(t)
            let r = try engine.drawList(root: l)[0]
            let sigma = try #require(r.filters?.filters.first?.sigma)
            // Each change animates from what is on screen toward the new value: behind it,
            // never past it, and never moving back.
            #expect(sigma >= last && sigma <= Double(frame))
            last = sigma
        }
        #expect(last > 5)
        engine.tick(2)
        #expect(try engine.drawList(root: l)[0].filters?.filters.first?.sigma == 30)
    }

    @Test("Explicit basic, keyframe and spring animations take the key path (R19.4)")
    func explicit() throws {
        let engine = Engine()
        let l = try blurredLayer(engine)
        try l.add(.basic(keyPath: "filters.blur.inputRadius", from: .number(0), to: .number(40), duration: 2), forKey: "b")
        engine.tick(0)
        engine.tick(0.5)
        #expect(approx(try l.presentedNumber("filters.blur.inputRadius"), 10, tolerance: 1e-9))
        #expect(approx(try engine.drawList(root: l)[0].filters?.filters.first?.sigma, 10, tolerance: 1e-9))
        try l.removeAllAnimations()
        try l.add(.keyframe(keyPath: "filters.blur.inputRadius", values: [.number(0), .number(10), .number(0)],
                            duration: 2), forKey: "k")
        engine.tick(0.5)
        engine.tick(1.0)  // began at 0.5: a quarter of the way, the middle of segment 0
        #expect(approx(try l.presentedNumber("filters.blur.inputRadius"), 5, tolerance: 1e-9))
        try l.removeAllAnimations()
        try l.add(.spring(keyPath: "filters.blur.inputRadius", from: .number(0), to: .number(8)), forKey: "s")
        engine.tick(1.0)
        engine.tick(1.05)
        let early = try #require(try l.presentedNumber("filters.blur.inputRadius"))
        #expect(early > 0 && early < 8)
        engine.tick(30)
        #expect(try l.presentedNumber("filters.blur.inputRadius") == 4)  // removed: the model
        // A colour input and a matrix vector animate like colours and number arrays.
        l.filters = [.colorMonochrome(name: "tint", color: .black), .colorMatrix(name: "m", matrix: Filter(type: .colorMatrix).parameters)]
        engine.tick(30)
        try l.add(.basic(keyPath: "filters.tint.inputColor", from: .color(.black), to: .color(.white), duration: 1), forKey: "c")
        try l.add(.basic(keyPath: "filters.m.inputRVector", from: .numberArray([1, 0, 0, 0]), to: .numberArray([0, 1, 0, 0]), duration: 1), forKey: "v")
        engine.tick(30)
        engine.tick(30.5)
        #expect(approx(try l.presentationValue(forKeyPath: "filters.tint.inputColor"),
                       .color(Color(red: 0.5, green: 0.5, blue: 0.5)), tolerance: 1e-9))
        #expect(try l.presentationValue(forKeyPath: "filters.m.inputRVector") == .numberArray([0.5, 0.5, 0, 0]))
    }

    @Test("A whole filters array set in a transaction animates when the arrays match (R19.4)")
    func wholeArray() throws {
        let engine = Engine()
        let l = try blurredLayer(engine, radius: 0)
        try engine.withTransaction(duration: 1, timingFunction: .linear) {
            l.filters = [.gaussianBlur(name: "blur", radius: 10)]
        }
        engine.tick(0)
        engine.tick(0.5)
        #expect(approx(try l.presentedNumber("filters.blur.inputRadius"), 5, tolerance: 1e-9))
    }
}

@Suite("Filters: the draw list and damage (R19, docs/draw-records.md section 18)")
struct FilterDrawListTests {
    @Test("A layer without filters has no filters in its record and no group")
    func noFilters() throws {
        let engine = Engine()
        let l = try makeCommittedLayer(engine)
        l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        l.cornerRadius = 2  // a box of rare values, but no filters
        engine.tick(1)
        let r = try engine.drawList(root: l)[0]
        #expect(r.filters == nil && !r.isGroup)
    }

    @Test("σ is the radius times the record's scale, clamped to 256 (R19.6)")
    func sigma() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        root.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        let child = engine.makeLayer()
        child.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        child.filters = [.gaussianBlur(name: "blur", radius: 3), .gaussianBlur(name: "big", radius: 1e6)]
        root.addSublayer(child)
        engine.tick(0)
        let r = try engine.drawList(root: root)[1]
        let f = try #require(r.filters)
        #expect(approx(f.filters[0].sigma, 6, tolerance: 1e-9))
        #expect(f.filters[1].sigma == Filter.maximumSigma)
        #expect(approx(f.reach, 3 * (6 + 256), tolerance: 1e-9))
        #expect(r.isGroup && r.groupOpacity == 1 && r.targetOpacity == 1)
    }

    @Test("Filters and blend modes make groups; background filters alone do not (R19.2, R19.3, R19.5)")
    func groups() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        let blend = engine.makeLayer()
        blend.compositingFilter = .multiply
        blend.opacity = 0.5
        let frost = engine.makeLayer()
        frost.backgroundFilters = [.gaussianBlur(name: "frost", radius: 20)]
        let plain = engine.makeLayer()
        for l in [blend, frost, plain] {
            l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            root.addSublayer(l)
        }
        engine.tick(0)
        let list = try engine.drawList(root: root)
        #expect(list[1].isGroup && list[1].filters?.blendMode == .multiply && list[1].groupOpacity == 0.5)
        #expect(!list[2].isGroup && list[2].filters?.backgroundFilters.count == 1)
        #expect(approx(list[2].filters?.backgroundReach, 60, tolerance: 1e-9))
        #expect(list[3].filters == nil && !list[3].isGroup)
    }

    @Test("A mask's own filters are ignored (R19.2)")
    func maskIgnoresFilters() throws {
        let engine = Engine()
        let host = engine.makeLayer()
        host.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        let mask = engine.makeLayer()
        mask.bounds = host.bounds
        mask.backgroundColor = .white
        mask.filters = [.gaussianBlur(radius: 5)]
        mask.compositingFilter = .screen
        host.mask = mask
        engine.tick(0)
        let list = try engine.drawList(root: host)
        #expect(list.count == 2 && list[1].isMaskContent && list[1].filters == nil)
    }

    @Test("Damage grows by the blur's reach, and reaches a backdrop reader over it (R19.5, RS-10.5)")
    func damage() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 1000, height: 1000)
        root.anchorPoint = .zero
        let blurred = engine.makeLayer()
        blurred.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        blurred.anchorPoint = .zero
        blurred.position = Point(x: 100, y: 100)
        blurred.filters = [.gaussianBlur(name: "blur", radius: 5)]
        let dot = engine.makeLayer()
        dot.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        dot.anchorPoint = .zero
        dot.position = Point(x: 600, y: 600)
        let panel = engine.makeLayer()
        panel.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        panel.anchorPoint = .zero
        panel.position = Point(x: 630, y: 600)
        panel.backgroundFilters = [.gaussianBlur(name: "frost", radius: 10)]
        root.addSublayer(blurred)
        root.addSublayer(dot)
        root.addSublayer(panel)
        engine.tick(0)
        _ = try engine.damage(root: root)
        _ = try engine.drawList(root: root)
        try engine.withTransaction(disableActions: true) { blurred.backgroundColor = .white }
        engine.tick(1)
        _ = try engine.drawList(root: root)
        let grown = try engine.damage(root: root)
        // The bounds (100…200) grown by 3σ = 15, rounded out plus one.
        #expect(grown == [Rect(x: 84, y: 84, width: 132, height: 132)])
        // The dot moves within the panel's read region (panel 630…730 grown by 30): the
        // panel's extent is damaged too, since it shows the dot blurred.
        try engine.withTransaction(disableActions: true) { dot.position = Point(x: 605, y: 600) }
        engine.tick(2)
        _ = try engine.drawList(root: root)
        let d = try engine.damage(root: root)
        #expect(d.contains { $0.contains(Point(x: 700, y: 650)) })
        // Without background filters the panel would not be damaged.
        try engine.withTransaction(disableActions: true) { panel.backgroundFilters = [] }
        engine.tick(3)
        _ = try engine.drawList(root: root)
        _ = try engine.damage(root: root)
        try engine.withTransaction(disableActions: true) { dot.position = Point(x: 600, y: 600) }
        engine.tick(4)
        _ = try engine.drawList(root: root)
        #expect(!(try engine.damage(root: root)).contains { $0.contains(Point(x: 700, y: 650)) })
    }
}

/// The central difference of a presented filter input, per second (R17.2's check).
private func filterDifference(_ l: Layer, _ key: String, at t: Double, h: Double = 1e-6) throws -> SIMD4<Double> {
    let a = try #require(try l.presentationValue(forKeyPath: key, at: t + h)?.vector)
    let b = try #require(try l.presentationValue(forKeyPath: key, at: t - h)?.vector)
    return (a - b) / (2 * h)
}

private func filterVelocity(_ l: Layer, _ key: String, at t: Double) throws -> SIMD4<Double> {
    try #require(try l.presentationVelocity(forKeyPath: key, at: t)?.vector)
}

/// The error a velocity read of `key` throws, or nil.
private func velocityError(_ l: Layer, _ key: String) -> LaminaError? {
    do {
        _ = try l.presentationVelocity(forKeyPath: key)
        return nil
    } catch {
        return error
    }
}

/// R17.2's tolerance: 1e-5, relative above 1, absolute below.
private func matches(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool {
    for c in 0..<4 where abs(a[c] - b[c]) > 1e-5 * max(1, abs(b[c])) { return false }
    return true
}

@Suite("Filters: velocity of filter inputs (R19.4, R17.1–R17.4)")
struct FilterVelocityTests {
    @Test("An explicit basic radius animation: the analytic velocity matches a finite difference")
    func explicitBasic() throws {
        let engine = Engine()
        let l = try blurredLayer(engine)
        var a = Animation.basic(keyPath: "filters.blur.inputRadius", from: .number(0), to: .number(40), duration: 2)
        a.timingFunction = .easeInEaseOut
        try l.add(a, forKey: "b")
        engine.tick(0)
        for t in [0.1, 0.5, 1.0, 1.7] {
            let v = try filterVelocity(l, "filters.blur.inputRadius", at: t)
            #expect(matches(v, try filterDifference(l, "filters.blur.inputRadius", at: t)), "t = \(t): \(v)")
            #expect(v[0] > 1)
        }
        // After the end (removed): zero; paused by the layer's speed 0 mid-flight: zero (R17.3).
        #expect(try l.presentationVelocity(forKeyPath: "filters.blur.inputRadius", at: 5) == .number(0))
        l.speed = 0
        engine.tick(1)
        #expect(try l.presentationVelocity(forKeyPath: "filters.blur.inputRadius", at: 1) == .number(0))
    }

    @Test("Keyframe, spring and additive animations of an input; a colour input by components")
    func keyframeSpringAdditive() throws {
        let engine = Engine()
        let l = try blurredLayer(engine)
        l.filters = [.gaussianBlur(name: "blur", radius: 4), .colorMonochrome(name: "tint", color: .black)]
        engine.tick(0)
        try l.add(.keyframe(keyPath: "filters.blur.inputRadius", values: [.number(0), .number(10), .number(2)],
                            duration: 2), forKey: "k")
        var add = Animation.spring(keyPath: "filters.blur.inputRadius", from: .number(-3), to: .number(0),
                                   parameters: SpringParameters(damping: 4))
        add.isAdditive = true
        try l.add(add, forKey: "s")
        try l.add(.basic(keyPath: "filters.tint.inputColor", from: .color(.black), to: .color(.white), duration: 1), forKey: "c")
        engine.tick(0)
        for t in [0.2, 0.6, 1.3] {
            let v = try filterVelocity(l, "filters.blur.inputRadius", at: t)
            #expect(matches(v, try filterDifference(l, "filters.blur.inputRadius", at: t)), "t = \(t): \(v)")
        }
        let c = try filterVelocity(l, "filters.tint.inputColor", at: 0.5)
        #expect(matches(c, SIMD4(1, 1, 1, 0)), "\(c)")
        #expect(try l.presentationVelocity(forKeyPath: "filters.tint.inputColor", at: 0.5) == .color(Color(red: 1, green: 1, blue: 1, alpha: 0)))
    }

    @Test("An implicit change, and a whole matching array set in a transaction, have the basic animation's velocity")
    func implicit() throws {
        let engine = Engine()
        let l = try blurredLayer(engine, radius: 0)
        try engine.withTransaction(duration: 1, timingFunction: .linear) {
            try l.setValue(.number(20), forKeyPath: "filters.blur.inputRadius")
        }
        engine.tick(0)
        #expect(matches(try filterVelocity(l, "filters.blur.inputRadius", at: 0.5), SIMD4(20, 0, 0, 0)))
        engine.tick(2)
        try engine.withTransaction(duration: 2, timingFunction: .linear) {
            l.filters = [.gaussianBlur(name: "blur", radius: 30)]
        }
        engine.tick(2)
        let v = try filterVelocity(l, "filters.blur.inputRadius", at: 2.5)
        #expect(matches(v, SIMD4(5, 0, 0, 0)), "\(v)")
        #expect(matches(v, try filterDifference(l, "filters.blur.inputRadius", at: 2.5)))
    }

    @Test("A transaction's spring on the radius, interrupted by another, keeps the velocity continuous (R17.6)")
    func springHandoff() throws {
        let engine = Engine()
        let l = try blurredLayer(engine, radius: 0)
        try engine.animate(spring: .perceptual(duration: 0.5, bounce: 0.2)) {
            try l.setValue(.number(40), forKeyPath: "filters.blur.inputRadius")
        }
        engine.tick(0)
        engine.tick(0.1)
        let t1 = 0.1 + 1.0 / 60
        let before = try filterVelocity(l, "filters.blur.inputRadius", at: t1)
        let pBefore = try #require(try l.presentedNumber("filters.blur.inputRadius", at: t1))
        #expect(matches(before, try filterDifference(l, "filters.blur.inputRadius", at: t1)))
        #expect(before[0] > 10, "the first spring is moving at the hand-off: \(before)")
        try engine.animate(spring: .perceptual(duration: 0.3, bounce: 0)) {
            try l.setValue(.number(0), forKeyPath: "filters.blur.inputRadius")
        }
        engine.tick(t1)
        let after = try filterVelocity(l, "filters.blur.inputRadius", at: t1)
        let pAfter = try #require(try l.presentedNumber("filters.blur.inputRadius", at: t1))
        #expect(abs(after[0] - before[0]) <= 1e-6 * abs(before[0]), "velocity \(before[0]) → \(after[0])")
        #expect(abs(pAfter - pBefore) <= 1e-9)
        // The new spring's motion matches its velocity, and it settles on the new target.
        #expect(matches(try filterVelocity(l, "filters.blur.inputRadius", at: t1 + 0.05),
                        try filterDifference(l, "filters.blur.inputRadius", at: t1 + 0.05)))
        engine.tick(10)
        #expect(try l.presentedNumber("filters.blur.inputRadius") == 0)
        #expect(try l.presentationVelocity(forKeyPath: "filters.blur.inputRadius") == .number(0))
    }

    @Test("Zero when nothing animates; errors for an unknown filter, a vector and a whole array")
    func zeroAndErrors() throws {
        let engine = Engine()
        let l = try blurredLayer(engine)
        #expect(try l.presentationVelocity(forKeyPath: "filters.blur.inputRadius") == .number(0))
        #expect(try l.presentation()?.velocity(for: "filters.blur.inputRadius") == .number(0))
        #expect(laminaErrorCode { _ = try l.presentationVelocity(forKeyPath: "filters.nope.inputRadius") } == .unknownKey)
        #expect(laminaErrorCode { _ = try l.presentationVelocity(forKeyPath: "filters.blur.inputSaturation") } == .unknownKey)
        #expect(laminaErrorCode { _ = try l.presentationVelocity(forKeyPath: "filters") } == .typeMismatch)
        let message = velocityError(l, "filters")?.message ?? ""
        #expect(message.contains("'filters.<name>.<input>'"), "\(message)")
        l.filters = [.gaussianBlur(name: "blur", radius: 4), .colorMatrix(name: "m", matrix: Filter(type: .colorMatrix).parameters)]
        engine.tick(1)
        #expect(laminaErrorCode { _ = try l.presentationVelocity(forKeyPath: "filters.m.inputRVector") } == .typeMismatch)
        // Keyframes of another input (a vector) keep the radius: still zero, not an error.
        try l.add(.keyframe(keyPath: "filters.m.inputRVector", values: [.numberArray([1, 0, 0, 0]), .numberArray([0, 1, 0, 0])],
                            duration: 2), forKey: "v")
        engine.tick(1)
        #expect(try l.presentationVelocity(forKeyPath: "filters.blur.inputRadius", at: 1.5) == .number(0))
    }
}
