// SPDX-License-Identifier: Apache-2.0
import Lamina
import Synchronization
import Testing

@Suite("The transaction's timing function fills in animations without one (CA-2.7, CA-2.8, R7)")
struct TransactionCurveTests {
    @Test("R7: an explicit animation added in the transaction takes its curve; one with a curve keeps it")
    func explicitTakesCurve() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(timingFunction: .easeIn) {
            try layer.add(.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1), forKey: "a")
            var own = Animation.basic(keyPath: "cornerRadius", from: .number(0), to: .number(10), duration: 1)
            own.timingFunction = .linear
            try layer.add(own, forKey: "b")
        }
        #expect(layer.animation(forKey: "a")?.timingFunction == .easeIn)
        #expect(layer.animation(forKey: "b")?.timingFunction == .linear)
        engine.tick(0)
        #expect(approx(try layer.presentedNumber("opacity", at: 0.5), TimingFunction.easeIn.progress(at: 0.5), tolerance: 1e-9))
    }

    @Test("R7: an action's animation without a curve takes the transaction's")
    func actionTakesCurve() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try layer.setAction(.action(.animation(.basic(keyPath: "opacity", duration: 1))), forKey: "opacity")
        try engine.withTransaction(timingFunction: .easeOut) { layer.opacity = 0 }
        #expect(layer.animation(forKey: "opacity")?.timingFunction == .easeOut)
    }

    @Test("CA-2.8: animationTimingFunction reads and writes through the key-value API")
    func keyValue() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        #expect(t.value(forKey: "animationTimingFunction") == nil)
        try t.setValue(.string("easeIn"), forKey: "animationTimingFunction")
        #expect(t.timingFunction == .easeIn)
        #expect(t.value(forKey: "animationTimingFunction") == .string("easeIn"))
        t.timingFunction = TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        #expect(t.value(forKey: "animationTimingFunction") == .rect(Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)))
        try t.setValue(.rect(Rect(x: 0, y: 0, width: 1, height: 1)), forKey: "animationTimingFunction")
        #expect(t.timingFunction == .linear)
        #expect(laminaErrorCode { try t.setValue(.string("bouncy"), forKey: "animationTimingFunction") } == .invalidArgument)
        #expect(laminaErrorCode { try t.setValue(.number(1), forKeyPath: "animationTimingFunction") } == .typeMismatch)
        try t.setValue(nil, forKey: "animationTimingFunction")
        #expect(t.timingFunction == nil)
        try t.commit()
    }
}

@Suite("Keyframe animations honour cumulative (CA-7.4)")
struct KeyframeCumulativeTests {
    @Test("CA-7.4: cornerRadius keyframes [0, 10], cumulative, two 1 s cycles: 15 half-way through the second")
    func cumulativeKeyframes() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        var k = Animation.keyframe(keyPath: "cornerRadius", values: [.number(0), .number(10)])
        k.timing.duration = 1
        k.timing.repeatCount = 2
        k.isCumulative = true
        try layer.add(k, forKey: "k")
        engine.tick(0)
        #expect(approx(try layer.presentedNumber("cornerRadius", at: 0.5), 5, tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("cornerRadius", at: 1.5), 15, tolerance: 1e-9))
    }
}

@Suite("Implicit animations are readable (CA-11.5)")
struct ImplicitReadableTests {
    @Test("CA-11.5: animation(forKey: \"opacity\") returns the attached basic animation for an implicit change")
    func implicitIsReadable() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(duration: 2, timingFunction: .easeOut) { layer.opacity = 0.25 }
        let pending = try #require(layer.animation(forKey: "opacity"))
        #expect(pending.keyPath == "opacity")
        #expect(pending.fromValue == .number(1) && pending.toValue == .number(0.25))
        #expect(pending.timing.duration == 2 && pending.timingFunction == .easeOut)
        engine.tick(1)
        #expect(layer.animation(forKey: "opacity")?.timing.beginTime == 1)
        // A general-path value (a transform) reads the same way.
        layer.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(layer.animation(forKey: "transform")?.toValue == .transform(Transform3D(scaleX: 2, y: 2, z: 1)))
        #expect(layer.animation(forKey: "transform")?.timingFunction == .default)
    }
}

@Suite("2D reflections stay flat (issue 8 item 11, CA-17.10, R9)")
struct Transform2DInterpolationTests {
    @Test("scaling(−1, 1) → identity flips one axis: scale(−0.5, 1) at a quarter, m11 = 0 half-way")
    func reflectionStaysFlat() {
        let flip = Transform3D(scaleX: -1, y: 1, z: 1)
        let quarter = flip.interpolated(to: .identity, progress: 0.25)
        #expect(approx(quarter, Transform3D(scaleX: -0.5, y: 1, z: 1), tolerance: 1e-12))
        let half = flip.interpolated(to: .identity, progress: 0.5)
        #expect(abs(half.m11) < 1e-12 && approx(half.m22, 1, tolerance: 1e-12))
        #expect(half.m33 == 1 && half.m23 == 0 && half.m32 == 0)  // no turn about x
        // Through the engine too (an implicit transform animation).
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.transform = flip
        engine.tick(0)
        try? engine.withTransaction(timingFunction: .linear) { layer.transform = .identity }
        engine.tick(0)
        let m = try? layer.presentationValue(forKeyPath: "transform", at: 0.0625)?.transformPayload
        #expect(m.map { approx($0, Transform3D(scaleX: -0.5, y: 1, z: 1), tolerance: 1e-12) } == true)
    }

    @Test("A 2D skew interpolates its shear factor (CA-17.10); rotations take the short way round")
    func skewAndRotation() {
        // Row-vector skew: rows (1, 0), (1, 1), shear factor 1. Half-way the shear is 0.5 and
        // the height stays 1 (CSS Level 1's 2D rule gave m21 ≈ 0.4268, m22 ≈ 1.0303).
        let skewed = Transform3D.identity.interpolated(to: Transform3D(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 1, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1), progress: 0.5)
        #expect(approx(skewed.m21, 0.5, tolerance: 1e-12))
        #expect(approx(skewed.m22, 1, tolerance: 1e-12))
        #expect(approx(skewed.m11, 1, tolerance: 1e-12) && abs(skewed.m12) < 1e-12)
        let a = Transform3D(rotationAngle: 3, x: 0, y: 0, z: 1)
        let b = Transform3D(rotationAngle: -3, x: 0, y: 0, z: 1)
        let mid = a.interpolated(to: b, progress: 0.5)
        #expect(approx(mid, Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1), tolerance: 1e-9))
        // A true 3D matrix is not 2D.
        let tilt = Transform3D(rotationAngle: 1, x: 1, y: 0, z: 0)
        #expect(!tilt.isAffine2D)
    }
}

@Suite("The view policy matches UIKit (CA-4.9, CA-4.4, CA-16)")
struct ViewPolicyTests {
    private func viewLayer(_ engine: Engine) throws -> Layer {
        let layer = engine.makeLayer()
        layer.isViewBacked = true
        engine.tick(0)
        return layer
    }

    @Test("CA-4.9: inside a block, shadowOffset, shadowOpacity and shadowRadius do not animate")
    func shadowsDoNotAnimate() throws {
        let engine = Engine()
        let layer = try viewLayer(engine)
        try engine.animate(withDuration: 1, animations: {
            try layer.setValue(.size(Size(width: 4, height: 4)), forKeyPath: "shadowOffset")
            try layer.setValue(.number(0.5), forKeyPath: "shadowOpacity")
            try layer.setValue(.number(9), forKeyPath: "shadowRadius")
            layer.opacity = 0.5
        })
        #expect(layer.animationKeys == ["opacity"])
    }

    @Test("CA-4.4: cornerRadius animates additively inside a block, so interrupted blocks stack")
    func cornerRadiusIsAdditive() throws {
        let engine = Engine()
        let layer = try viewLayer(engine)
        try engine.animate(withDuration: 1, options: .curveLinear, animations: { layer.cornerRadius = 10 })
        let a = try #require(layer.animation(forKey: "cornerRadius"))
        #expect(a.isAdditive && a.fromValue == .number(-10) && a.toValue == .number(0))
        engine.tick(0)
        engine.tick(0.5)
        try engine.animate(withDuration: 1, options: .curveLinear, animations: { layer.cornerRadius = 0 })
        #expect(layer.animationKeys == ["cornerRadius", "cornerRadius-2"])
        engine.tick(0.5)
        #expect(approx(try layer.presentedNumber("cornerRadius"), 5, tolerance: 1e-9))  // no jump
    }

    @Test("CA-4.1: a host delegate on a view-backed layer answers first; .viewPolicy is its call to super")
    func delegateFallsBack() throws {
        let engine = Engine()
        let layer = try viewLayer(engine)
        let log = Mutex<[String]>([])
        try engine.setDelegate(LayerDelegate(action: { _, event in
            log.withLock { $0.append("\(event) \(engine.isViewAnimationBlockOpen)") }
            if event == "cornerRadius" { return .action(.animation(.basic(keyPath: "cornerRadius", duration: 2))) }
            return .viewPolicy  // super: the view policy
        }), of: layer.id)
        layer.opacity = 0.5  // outside a block: the view policy says no action
        #expect(layer.animationKeys.isEmpty)
        layer.cornerRadius = 3  // the delegate's own action, even outside a block
        #expect(layer.animation(forKey: "cornerRadius")?.timing.duration == 2)
        try engine.animate(withDuration: 1, animations: { layer.opacity = 1 })
        #expect(layer.animationKeys.contains("opacity"))
        #expect(log.withLock { $0 } == ["opacity false", "cornerRadius false", "opacity true"])
        #expect(!engine.isViewAnimationBlockOpen)
    }
}

@Suite("A host delegate's nil on a view-backed layer continues the layer's search (CA-3.5, CA-4.1, R11)")
struct ViewBackedContinueTests {
    private func viewLayer(_ engine: Engine, answer: DelegateAnswer) throws -> Layer {
        let layer = engine.makeLayer()
        layer.isViewBacked = true
        try layer.setDelegate(LayerDelegate { _, _ in answer })
        engine.tick(0)
        return layer
    }

    @Test("Outside a block: the layer's actions, then its style, then the default actions, then the built-in animation")
    func continueOutsideABlock() throws {
        let engine = Engine()
        let layer = try viewLayer(engine, answer: .continueSearch)
        // The built-in implicit animation: what a standalone layer does (the view's "no action"
        // is not consulted).
        layer.opacity = 0.5
        #expect(layer.animationKeys == ["opacity"])
        #expect(layer.animation(forKey: "opacity")?.timing.duration == 0.25)
        if case .animation(let a)? = try layer.action(forKey: "zPosition") {
            #expect(a.keyPath == "zPosition")
        } else {
            Issue.record("the built-in animation was expected")
        }
        // The engine's default actions come before it, the style before them, the layer's own
        // actions before the style.
        try engine.setDefaultAction(.action(.animation(.basic(keyPath: "zPosition", duration: 3))), forKey: "zPosition")
        layer.zPosition = 1
        #expect(layer.animation(forKey: "zPosition")?.timing.duration == 3)
        try layer.setStyle(LayerStyle(actions: ["zPosition": .action(.animation(.basic(keyPath: "zPosition", duration: 4)))]))
        layer.zPosition = 2
        #expect(layer.animation(forKey: "zPosition")?.timing.duration == 4)
        try layer.setAction(.noAction, forKey: "zPosition")  // the explicit null still stops it
        engine.tick(0.1)
        layer.zPosition = 3
        #expect(layer.animation(forKey: "zPosition")?.timing.duration == 4)  // the old one, not replaced
        #expect(try layer.action(forKey: "zPosition") == nil)
    }

    @Test("Inside a block: still the layer's own search, not the block's animation")
    func continueInsideABlock() throws {
        let engine = Engine()
        let layer = try viewLayer(engine, answer: .continueSearch)
        try engine.animate(withDuration: 2, options: .curveLinear, animations: { layer.position = Point(x: 10, y: 0) })
        // The built-in animation (0.25 s, under the key "position"), not UIKit's additive one.
        let a = try #require(layer.animation(forKey: "position"))
        #expect(a.timing.duration == 0.25 && !a.isAdditive)
    }

    @Test("No delegate and .viewPolicy: the view answers (no action outside a block, the block's animation inside)")
    func viewPolicy() throws {
        let engine = Engine()
        for answer in [nil, DelegateAnswer.viewPolicy] {
            let layer = engine.makeLayer()
            layer.isViewBacked = true
            if let answer { try layer.setDelegate(LayerDelegate { _, _ in answer }) }
            engine.tick(0)
            layer.opacity = 0.5
            #expect(layer.animationKeys.isEmpty)
            #expect(try layer.action(forKey: "opacity") == nil)
            try engine.animate(withDuration: 2, animations: { layer.opacity = 1 })
            #expect(layer.animation(forKey: "opacity")?.timing.duration == 2)
        }
        // On a standalone layer .viewPolicy is nil: the built-in animation.
        let plain = engine.makeLayer()
        try plain.setDelegate(LayerDelegate { _, _ in .viewPolicy })
        engine.tick(0)
        plain.opacity = 0.5
        #expect(plain.animationKeys == ["opacity"])
    }

    @Test("CA-4.9: a block does not animate a view-backed layer's contents")
    func blocksDoNotAnimateContents() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.isViewBacked = true
        engine.tick(0)
        let img = try Image(width: 1, height: 1, rgba: [0, 0, 0, 255], premultiplied: true)
        try engine.animate(withDuration: 1, animations: {
            layer.contents = img
            layer.opacity = 0.5
        })
        #expect(layer.animationKeys == ["opacity"])
        var inBlock: Action?? = .none
        var opacityInBlock: Action?? = .none
        try engine.animate(withDuration: 1, animations: {
            inBlock = try layer.action(forKey: "contents")
            opacityInBlock = try layer.action(forKey: "opacity")
        })
        #expect(inBlock != nil && inBlock! == nil)  // asked, and no action
        #expect(opacityInBlock != nil && opacityInBlock! != nil)
    }
}

@Suite("Value functions take three components (CA-7.5)")
struct ValueFunction3Tests {
    @Test("CA-7.5: scale from [1, 1, 1] to [3, 3, 3]; translate with z")
    func threeComponents() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        var s = Animation.basic(
            keyPath: "transform", from: .vector3(Vector3(x: 1, y: 1, z: 1)),
            to: .vector3(Vector3(x: 3, y: 3, z: 3)), duration: 1)
        s.valueFunction = .scale
        try layer.add(s, forKey: "s")
        engine.tick(0)
        let mid = try #require(try layer.presentationValue(forKeyPath: "transform", at: 0.5)?.transformPayload)
        #expect(approx(mid, Transform3D(scaleX: 2, y: 2, z: 2), tolerance: 1e-12))
        #expect(ValueFunction.translate.apply(.vector3(Vector3(x: 1, y: 2, z: 3)))
                == .transform(Transform3D(translationX: 1, y: 2, z: 3)))
        #expect(ValueFunction.rotateZ.apply(.vector3(Vector3(x: 1, y: 2, z: 3))) == nil)
    }
}
