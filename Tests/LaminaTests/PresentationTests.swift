// SPDX-License-Identifier: Apache-2.0
// The presentation (R3, CA-1.x): nil before the first commit, committed values plus active
// animations, uncommitted changes invisible, and queries at any time t.

import Testing

@testable import Lamina

@Suite("Presentation (R3, CA-1)")
struct PresentationTests {
    @Test("A layer has no presentation before its first commit (CA-1.2, R3)")
    func nilBeforeFirstCommit() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(!layer.hasPresentation)
        #expect(try engine.hasPresentation(layer.id) == false)
        #expect(try layer.presentationValue(forKeyPath: "opacity") == nil)
        #expect(try layer.presentationValue(forKeyPath: "position.x", at: 3) == nil)
        #expect(try layer.presentationValue(forKeyPath: "transform.rotation.z") == nil)
        engine.tick(0)
        #expect(layer.hasPresentation)
        #expect(try layer.presentationValue(forKeyPath: "opacity") == .number(1))
    }

    @Test("An open explicit transaction keeps a new layer without presentation until it commits (CA-1.2)")
    func newLayerInOpenTransaction() throws {
        let engine = Engine()
        try engine.transaction.begin()
        let layer = engine.makeLayer()
        engine.tick(0)  // the explicit transaction is still open
        #expect(!layer.hasPresentation)
        #expect(try layer.presentationValue(forKeyPath: "opacity") == nil)
        try engine.transaction.commit()
        #expect(layer.hasPresentation)
    }

    @Test("Presentation queries still validate their arguments before the first commit (R12)")
    func validationBeforeCommit() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(laminaErrorCode { _ = try layer.presentationValue(forKeyPath: "nope") } == .unknownKey)
        #expect(laminaErrorCode { _ = try layer.presentationValue(forKeyPath: "opacity", at: .nan) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try layer.presentationValue(forKeyPath: "opacity", at: -.infinity) } == .invalidArgument)
    }

    @Test("hasPresentation stays true once committed, also while changes are pending (CA-1.2)")
    func hasPresentationStays() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.transaction.begin()
        layer.opacity = 0
        #expect(layer.hasPresentation)
        try engine.transaction.commit()
        #expect(layer.hasPresentation)
    }

    @Test("Uncommitted changes are invisible: the presentation shows the committed values (CA-1.3)")
    func uncommittedInvisible() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        engine.tick(0)
        engine.transaction.disableActions = true
        layer.bounds = Rect(x: 0, y: 0, width: 50, height: 60)
        layer.opacity = 0.1
        layer.name = "pending"
        #expect(layer.bounds.size == Size(width: 50, height: 60))  // model: at once
        #expect(try layer.presentationValue(forKeyPath: "bounds") == .rect(Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(try layer.presentationValue(forKeyPath: "bounds.size.width", at: 5) == .number(10))
        #expect(try layer.presentedNumber("opacity") == 1)
        #expect(try layer.presentationValue(forKeyPath: "name") == .null)
        engine.tick(0.1)
        #expect(try layer.presentationValue(forKeyPath: "bounds") == .rect(Rect(x: 0, y: 0, width: 50, height: 60)))
        #expect(try layer.presentedNumber("opacity") == 0.1)
        #expect(try layer.presentationValue(forKeyPath: "name") == .string("pending"))
    }

    @Test("An uncommitted change does not disturb a running animation of another property (CA-1.3, CA-1.9)")
    func uncommittedBesideRunningAnimation() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.opacity = 0
        engine.tick(0)
        engine.tick(0.1)
        try engine.transaction.begin()
        engine.transaction.disableActions = true
        layer.zPosition = 5
        let expected = expectedImplicit(from: 1, to: 0, begin: 0, duration: 0.25, at: 0.15)
        #expect(approx(try layer.presentedNumber("opacity", at: 0.15), expected, tolerance: 1e-9))
        #expect(try layer.presentedNumber("zPosition", at: 0.15) == 0)
        try engine.transaction.commit()
        #expect(approx(try layer.presentedNumber("opacity", at: 0.15), expected, tolerance: 1e-9))
        #expect(try layer.presentedNumber("zPosition", at: 0.15) == 5)
    }

    @Test("Presentation = committed values + animations, at any time t, without ticking (CA-1.9, R3)",
          arguments: [0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.5])
    func anyTime(_ t: Double) throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.position = Point(x: 200, y: -40)
        engine.tick(0)
        let p = try #require(try layer.presentationValue(forKeyPath: "position", at: t)?.pointPayload)
        #expect(approx(p.x, expectedImplicit(from: 0, to: 200, begin: 0, duration: 0.25, at: t), tolerance: 1e-9))
        #expect(approx(p.y, expectedImplicit(from: 0, to: -40, begin: 0, duration: 0.25, at: t), tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("position.y", at: t), p.y, tolerance: 0))
    }

    @Test("The presentation at the engine time equals the presentation queried at that time (R3)")
    func cachedAndUncachedAgree() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(duration: 1) {
            layer.opacity = 0
            layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        }
        var seen: [(Double, Value?, Value?)] = []
        for t in [0.1, 0.35, 0.6, 0.9] {
            engine.tick(t)
            let now = try layer.presentationValue(forKeyPath: "opacity")
            let at = try layer.presentationValue(forKeyPath: "opacity", at: t)
            #expect(now == at)
            #expect(try layer.presentationValue(forKeyPath: "bounds") == (try layer.presentationValue(forKeyPath: "bounds", at: t)))
            seen.append((t, now, try layer.presentationValue(forKeyPath: "bounds")))
        }
        // Looking back in time later gives the same answers as at the time.
        for (t, opacity, bounds) in seen {
            #expect(try layer.presentationValue(forKeyPath: "opacity", at: t) == opacity)
            #expect(try layer.presentationValue(forKeyPath: "bounds", at: t) == bounds)
        }
    }

    @Test("Animations never change the model; once removed the model value shows (CA-1.7)")
    func modelUntouched() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.position = Point(x: 10, y: 10)
        engine.tick(0)
        engine.tick(0.1)
        #expect(layer.position == Point(x: 10, y: 10))
        #expect(try layer.value(forKeyPath: "position") == .point(Point(x: 10, y: 10)))
        #expect(try layer.presentationValue(forKeyPath: "position") != .point(Point(x: 10, y: 10)))
        engine.tick(0.3)
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(Point(x: 10, y: 10)))
    }

    @Test("Key paths read the presentation's components (CA-7.6, CA-1.9)")
    func keyPathsIntoPresentation() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try engine.withTransaction(timingFunction: .linear) {
            layer.bounds = Rect(x: 0, y: 0, width: 100, height: 40)
            layer.transform = Transform3D(translationX: 20, y: 0, z: 0)
        }
        #expect(approx(try layer.presentedNumber("bounds.size.width", at: 0.125), 50, tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("bounds.size.height", at: 0.125), 20, tolerance: 1e-9))
        #expect(approx(try layer.presentedNumber("transform.translation.x", at: 0.125), 10, tolerance: 1e-9))
        #expect(try layer.presentationValue(forKeyPath: "bounds.origin", at: 0.125) == .point(.zero))
    }

    @Test("Presentation of a destroyed layer is a stale-handle error (R12)")
    func staleLayer() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        try layer.releaseHostReference()
        #expect(!layer.hasPresentation)
        #expect(laminaErrorCode { _ = try layer.presentationValue(forKeyPath: "opacity") } == .staleHandle)
        #expect(laminaErrorCode { _ = try engine.hasPresentation(layer.id) } == .staleHandle)
    }

    @Test("Each engine has its own clock and presentation")
    func enginesAreIndependent() throws {
        let e1 = Engine(), e2 = Engine()
        let a = try makeCommittedLayer(e1)
        let b = try makeCommittedLayer(e2)
        a.opacity = 0
        e1.tick(0)
        e1.tick(0.125)
        #expect(e2.time == 0)
        #expect(try b.presentedNumber("opacity") == 1)
        #expect(approx(try a.presentedNumber("opacity"),
                       expectedImplicit(from: 1, to: 0, begin: 0, duration: 0.25, at: 0.125), tolerance: 1e-9))
        #expect(laminaErrorCode { try e1.tickChecked(.nan) } == .invalidArgument)
        #expect(laminaErrorCode { try e1.tickChecked(.infinity) } == .invalidArgument)
        #expect(e1.time == 0.125)
    }
}
