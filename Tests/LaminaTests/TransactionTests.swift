// SPDX-License-Identifier: Apache-2.0
// Transactions (CATransaction's role): settings and their nesting (CA-2.7, CA-2.8, CA-16),
// the implicit transaction (CA-2.4), publication at the outermost commit (CA-1.3, CA-2.3,
// CA-14.7), flush (CA-2.5), misuse (R12), and completions (CA-2.9–2.11, CA-14.2, CA-16, R2).
//
// Every test builds its own engine and runs synchronously on one thread, so it sees exactly one
// transaction stack (R12: stacks are per thread).

import Testing

@testable import Lamina

@Suite("Transactions: settings, nesting and publication (CA-2, CA-16, R2)")
struct TransactionSettingsTests {
    @Test("Defaults: 0.25 s, no timing function, actions enabled, no completion (CA-2.7, CA-16)")
    func defaults() {
        let engine = Engine()
        let t = engine.transaction
        #expect(t.animationDuration == 0.25)
        #expect(t.timingFunction == nil)
        #expect(t.disableActions == false)
        #expect(t.hasCompletion == false)
        #expect(t.depth == 0)
        #expect(t.value(forKey: "animationDuration") == .number(0.25))
        #expect(t.value(forKey: "disableActions") == .bool(false))
        #expect(t.value(forKey: "someUnsetKey") == nil)
    }

    @Test("A fresh explicit transaction still reads the defaults (CA-2.7)")
    func explicitDefaults() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        #expect(t.depth == 1)
        #expect(t.animationDuration == 0.25)
        #expect(t.timingFunction == nil)
        #expect(t.disableActions == false)
        try t.commit()
        #expect(t.depth == 0)
    }

    @Test("Duration and timing function are stored under their own keys (CA-17: Cocotron mixed them up)")
    func settingsAreIndependent() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        t.timingFunction = .easeIn
        #expect(t.animationDuration == 0.25)
        #expect(t.timingFunction == .easeIn)
        try t.setAnimationDuration(3)
        #expect(t.timingFunction == .easeIn)
        #expect(t.animationDuration == 3)
        t.disableActions = true
        #expect(t.animationDuration == 3)
        #expect(t.timingFunction == .easeIn)
        try t.commit()
    }

    @Test("A nested transaction reads the outer values and its commit restores them (CA-2.8, CA-16)")
    func nestedInheritAndRestore() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        try t.setAnimationDuration(1)
        t.timingFunction = .easeIn
        t.disableActions = true

        try t.begin()
        #expect(t.depth == 2)
        #expect(t.animationDuration == 1)
        #expect(t.timingFunction == .easeIn)
        #expect(t.disableActions == true)

        try t.setAnimationDuration(2)
        t.timingFunction = .easeOut
        t.disableActions = false
        #expect(t.animationDuration == 2)
        #expect(t.timingFunction == .easeOut)
        #expect(t.disableActions == false)
        try t.commit()

        #expect(t.animationDuration == 1)
        #expect(t.timingFunction == .easeIn)
        #expect(t.disableActions == true)
        try t.commit()

        #expect(t.animationDuration == 0.25)
        #expect(t.timingFunction == nil)
        #expect(t.disableActions == false)
    }

    @Test("Setting a nil timing function in a nested transaction hides the outer one until it commits (CA-2.8)")
    func nilTimingFunctionShadows() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        t.timingFunction = .easeInEaseOut
        try t.begin()
        t.timingFunction = nil
        #expect(t.timingFunction == nil)
        try t.commit()
        #expect(t.timingFunction == .easeInEaseOut)
        try t.commit()
    }

    @Test("Arbitrary keys round-trip, nest, shadow and disappear at commit (CA-2.8, CA-16)")
    func arbitraryKeys() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        try t.setValue(.string("outer"), forKey: "myKey")
        try t.setValue(.point(Point(x: 1, y: 2)), forKey: "other")
        #expect(t.value(forKey: "myKey") == .string("outer"))
        #expect(t.value(forKey: "other") == .point(Point(x: 1, y: 2)))

        try t.begin()
        #expect(t.value(forKey: "myKey") == .string("outer"))  // inherited
        try t.setValue(.number(7), forKey: "myKey")  // writes go to the innermost scope
        #expect(t.value(forKey: "myKey") == .number(7))
        try t.setValue(nil, forKey: "other")  // removes only from the innermost scope
        #expect(t.value(forKey: "other") == .point(Point(x: 1, y: 2)))
        try t.commit()

        #expect(t.value(forKey: "myKey") == .string("outer"))
        try t.commit()
        #expect(t.value(forKey: "myKey") == nil)
        #expect(t.value(forKey: "other") == nil)
    }

    @Test("The built-in keys through setValue(_:forKey:) are the typed settings (CA-2.7, CA-16)")
    func builtinKeysThroughKVC() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        try t.setValue(.number(1.5), forKey: "animationDuration")
        #expect(t.animationDuration == 1.5)
        try t.setValue(.bool(true), forKey: "disableActions")
        #expect(t.disableActions == true)
        #expect(t.value(forKey: "animationDuration") == .number(1.5))
        #expect(t.value(forKey: "disableActions") == .bool(true))
        try t.setValue(nil, forKey: "animationDuration")
        #expect(t.animationDuration == 0.25)
        try t.setValue(nil, forKey: "disableActions")
        #expect(t.disableActions == false)
        try t.commit()
    }

    @Test("Bad transaction values are refused and change nothing (R12)")
    func badValues() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        try t.setAnimationDuration(0.5)
        #expect(laminaErrorCode { try t.setAnimationDuration(-1) } == .invalidArgument)
        #expect(laminaErrorCode { try t.setAnimationDuration(.nan) } == .invalidArgument)
        #expect(laminaErrorCode { try t.setAnimationDuration(.infinity) } == .invalidArgument)
        #expect(laminaErrorCode { try t.setValue(.bool(true), forKey: "animationDuration") } == .typeMismatch)
        #expect(laminaErrorCode { try t.setValue(.number(1), forKey: "disableActions") } == .typeMismatch)
        #expect(laminaErrorCode { try t.setValue(.number(.nan), forKey: "k") } == .invalidArgument)
        #expect(laminaErrorCode { try t.setValue(.number(1), forKey: "") } == .invalidArgument)
        #expect(laminaErrorCode { try t.setValue(.number(-1), forKey: "animationDuration") } == .invalidArgument)
        #expect(t.animationDuration == 0.5)
        #expect(t.disableActions == false)
        #expect(t.value(forKey: "k") == nil)
        try t.commit()
    }

    @Test("A zero duration is accepted (CA-17: zero must not be refused or divide by zero)")
    func zeroDurationAccepted() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.begin()
        try t.setAnimationDuration(0)
        #expect(t.animationDuration == 0)
        try t.commit()
    }

    @Test("Writing a setting with no transaction open creates the implicit one, committed by tick (CA-2.4)")
    func implicitTransactionFromSettings() throws {
        let engine = Engine()
        let t = engine.transaction
        try t.setAnimationDuration(1)
        #expect(t.depth == 0)  // the implicit transaction is not an explicit level
        #expect(t.animationDuration == 1)
        try t.setValue(.string("v"), forKey: "k")
        #expect(t.value(forKey: "k") == .string("v"))
        engine.tick(0)
        #expect(t.animationDuration == 0.25)
        #expect(t.value(forKey: "k") == nil)
    }

    @Test("Writing a setting with no transaction open creates the implicit one, committed by flush (CA-2.4, CA-2.5)")
    func implicitTransactionFlushed() throws {
        let engine = Engine()
        let t = engine.transaction
        t.disableActions = true
        #expect(t.disableActions == true)
        t.flush()
        #expect(t.disableActions == false)
    }

    @Test("Explicit nesting is limited; the limit is reported, not a crash (R12)")
    func depthLimit() throws {
        let engine = Engine()
        let t = engine.transaction
        for _ in 0..<Transaction.maximumDepth { try t.begin() }
        #expect(t.depth == Transaction.maximumDepth)
        #expect(laminaErrorCode { try t.begin() } == .outOfMemory)
        #expect(t.depth == Transaction.maximumDepth)
        for _ in 0..<Transaction.maximumDepth { try t.commit() }
        #expect(t.depth == 0)
    }

    @Test("withTransaction applies its settings inside and commits even when the body throws")
    func withTransactionCommitsOnThrow() throws {
        struct Boom: Error {}
        let engine = Engine()
        let t = engine.transaction
        var seen: (Double, TimingFunction?, Bool)? = nil
        #expect(throws: Boom.self) {
            try engine.withTransaction(duration: 2, timingFunction: .linear, disableActions: true) {
                seen = (t.animationDuration, t.timingFunction, t.disableActions)
                throw Boom()
            }
        }
        #expect(seen?.0 == 2)
        #expect(seen?.1 == .linear)
        #expect(seen?.2 == true)
        #expect(t.depth == 0)
        #expect(t.animationDuration == 0.25)
    }

    @Test("withTransaction refuses a bad duration and leaves no transaction open (R12)")
    func withTransactionBadDuration() throws {
        let engine = Engine()
        var ran = false
        #expect(laminaErrorCode { try engine.withTransaction(duration: -1) { ran = true } } == .invalidArgument)
        #expect(!ran)
        #expect(engine.transaction.depth == 0)
    }
}

@Suite("Transactions: publication at the outermost commit (CA-1.3, CA-2.3, CA-2.5, CA-14.7)")
struct TransactionPublicationTests {
    @Test("Changes in an open explicit transaction are invisible to the presentation until it commits (CA-1.3)")
    func uncommittedInvisible() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let t = engine.transaction
        try t.begin()
        t.disableActions = true
        layer.position = Point(x: 10, y: 20)
        #expect(layer.position == Point(x: 10, y: 20))  // the model shows it at once
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(.zero))
        try t.commit()
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(Point(x: 10, y: 20)))
    }

    @Test("Nested transactions publish only at the outermost commit (CA-2.3, CA-14.7)")
    func nestedPublishAtOutermost() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let t = engine.transaction
        try t.begin()
        t.disableActions = true
        try t.begin()
        layer.opacity = 0.5
        try t.begin()
        layer.cornerRadius = 4
        try t.commit()
        #expect(try layer.presentedNumber("opacity") == 1)
        #expect(try layer.presentedNumber("cornerRadius") == 0)
        try t.commit()
        #expect(try layer.presentedNumber("opacity") == 1)
        #expect(try layer.presentedNumber("cornerRadius") == 0)
        try t.commit()
        #expect(try layer.presentedNumber("opacity") == 0.5)
        #expect(try layer.presentedNumber("cornerRadius") == 4)
    }

    @Test("An explicit transaction nested in the implicit one publishes only at the next tick (CA-2.3, CA-2.4, R2)")
    func explicitInsideImplicitPublishesAtTick() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let t = engine.transaction
        t.disableActions = true  // opens the implicit transaction
        layer.opacity = 0.25
        try t.begin()
        layer.zPosition = 3
        try t.commit()
        #expect(try layer.presentedNumber("opacity") == 1)
        #expect(try layer.presentedNumber("zPosition") == 0)
        engine.tick(0.5)
        #expect(try layer.presentedNumber("opacity") == 0.25)
        #expect(try layer.presentedNumber("zPosition") == 3)
    }

    @Test("An explicit transaction nested in the implicit one publishes at flush (CA-2.5)")
    func explicitInsideImplicitPublishesAtFlush() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let t = engine.transaction
        t.disableActions = true
        try t.begin()
        layer.zPosition = 3
        try t.commit()
        #expect(try layer.presentedNumber("zPosition") == 0)
        t.flush()
        #expect(try layer.presentedNumber("zPosition") == 3)
    }

    @Test("flush commits the implicit transaction at once (CA-2.5)")
    func flushCommitsImplicit() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        #expect(!layer.hasPresentation)
        engine.transaction.flush()
        #expect(layer.hasPresentation)
        engine.transaction.disableActions = true
        layer.bounds = Rect(x: 0, y: 0, width: 5, height: 6)
        #expect(try layer.presentationValue(forKeyPath: "bounds") == .rect(.zero))
        engine.transaction.flush()
        #expect(try layer.presentationValue(forKeyPath: "bounds") == .rect(Rect(x: 0, y: 0, width: 5, height: 6)))
    }

    @Test("flush with nothing open does nothing and does not throw (CA-2.5, CA-16)")
    func flushWithNothingOpen() throws {
        let engine = Engine()
        engine.transaction.flush()
        engine.transaction.flush()
        #expect(engine.transaction.depth == 0)
        #expect(engine.transaction.animationDuration == 0.25)
    }

    @Test("flush inside an explicit transaction defers to the outermost commit (CA-2.5)")
    func flushInsideExplicitDefers() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let t = engine.transaction
        t.disableActions = true  // implicit transaction, carrying disableActions
        layer.opacity = 0.5  // implicit change
        try t.begin()
        try t.begin()
        layer.zPosition = 2  // explicit change
        t.flush()
        #expect(try layer.presentedNumber("opacity") == 1)
        #expect(try layer.presentedNumber("zPosition") == 0)
        try t.commit()
        #expect(try layer.presentedNumber("opacity") == 1)
        #expect(try layer.presentedNumber("zPosition") == 0)
        try t.commit()  // outermost explicit: the requested flush happens now
        #expect(try layer.presentedNumber("opacity") == 0.5)
        #expect(try layer.presentedNumber("zPosition") == 2)
        #expect(t.disableActions == false)  // the implicit transaction was committed too
    }

    @Test("flush inside an explicit transaction with no implicit one publishes at that commit (CA-2.5)")
    func flushInsideExplicitOnly() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let t = engine.transaction
        try t.begin()
        t.disableActions = true
        layer.zPosition = 2
        t.flush()
        #expect(try layer.presentedNumber("zPosition") == 0)
        try t.commit()
        #expect(try layer.presentedNumber("zPosition") == 2)
    }

    @Test("An unbalanced commit throws misuse and changes nothing (R12, CA-2.2)")
    func unbalancedCommit() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let t = engine.transaction
        #expect(laminaErrorCode { try t.commit() } == .misuse)  // nothing open at all

        try t.setAnimationDuration(0.75)  // the implicit transaction
        t.disableActions = true
        layer.opacity = 0.3
        #expect(laminaErrorCode { try t.commit() } == .misuse)  // the implicit one is not committed by commit()
        #expect(t.animationDuration == 0.75)
        #expect(t.disableActions == true)
        #expect(t.depth == 0)
        #expect(try layer.presentedNumber("opacity") == 1)
        #expect(layer.opacity == 0.3)

        engine.tick(0.1)
        #expect(try layer.presentedNumber("opacity") == 0.3)
        #expect(t.animationDuration == 0.25)
    }

    @Test("Balanced begin/commit after a failed commit still works (R12)")
    func recoversAfterMisuse() throws {
        let engine = Engine()
        let t = engine.transaction
        #expect(laminaErrorCode { try t.commit() } == .misuse)
        try t.begin()
        try t.setAnimationDuration(2)
        try t.commit()
        #expect(laminaErrorCode { try t.commit() } == .misuse)
        #expect(t.animationDuration == 0.25)
    }

    @Test("A layer change with no transaction open creates the implicit transaction (CA-2.4)")
    func layerChangeCreatesImplicit() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        layer.opacity = 0.5
        #expect(engine.transaction.depth == 0)
        #expect(try layer.presentedNumber("opacity") == 1)  // pending in the implicit transaction
        engine.tick(0)  // commits it; the animation begins at time 0
        #expect(approx(try layer.presentedNumber("opacity", at: 0.125),
                       expectedImplicit(from: 1, to: 0.5, begin: 0, duration: 0.25, at: 0.125),
                       tolerance: 1e-9))
    }
}

@Suite("Transactions: completions (CA-2.9–2.11, CA-14.2, CA-16, R2)")
struct TransactionCompletionTests {
    @Test("A completion is not run at commit; it runs once at a later tick, even with no animations (CA-16, R2)")
    func runsOnceAtLaterTick() throws {
        let engine = Engine()
        let log = CallLog()
        let t = engine.transaction
        try t.begin()
        t.setCompletion { log.record("done") }
        #expect(t.hasCompletion)
        try t.commit()
        #expect(log.count == 0)
        #expect(t.hasCompletion == false)
        engine.tick(0.1)
        #expect(log.entries == ["done"])
        engine.tick(0.2)
        engine.tick(5)
        #expect(log.entries == ["done"])
    }

    @Test("A completion on the implicit transaction runs at the tick after the one that committed it (R2)")
    func implicitTransactionCompletion() throws {
        let engine = Engine()
        let log = CallLog()
        engine.transaction.setCompletion { log.record("done") }
        engine.tick(0)  // commits the implicit transaction: never run inside the commit
        #expect(log.count == 0)
        engine.tick(0.016)
        #expect(log.entries == ["done"])
    }

    @Test("A completion on a flushed implicit transaction runs at the next tick (CA-2.5, R2)")
    func flushedImplicitCompletion() throws {
        let engine = Engine()
        let log = CallLog()
        engine.transaction.setCompletion { log.record("done") }
        engine.transaction.flush()
        #expect(log.count == 0)
        engine.tick(0)
        #expect(log.entries == ["done"])
    }

    @Test("A second completion adds to the first; both run, in order (CA-16)")
    func secondCompletionAdds() throws {
        let engine = Engine()
        let log = CallLog()
        let t = engine.transaction
        try t.begin()
        t.setCompletion { log.record("first") }
        t.setCompletion { log.record("second") }
        try t.commit()
        engine.tick(0.1)
        #expect(log.entries == ["first", "second"])
    }

    @Test("Setting nil clears hasCompletion but the registered completion still runs (CA-16)")
    func nilClearsGetterOnly() throws {
        let engine = Engine()
        let log = CallLog()
        let t = engine.transaction
        try t.begin()
        t.setCompletion { log.record("kept") }
        #expect(t.hasCompletion)
        t.setCompletion(nil)
        #expect(t.hasCompletion == false)
        try t.commit()
        engine.tick(0.1)
        #expect(log.entries == ["kept"])
    }

    @Test("A nested transaction reads the outer completion; committing it does not run that completion (CA-16)")
    func nestedDoesNotRunOuterCompletion() throws {
        let engine = Engine()
        let log = CallLog()
        let t = engine.transaction
        try t.begin()
        t.setCompletion { log.record("outer") }
        try t.begin()
        #expect(t.hasCompletion)
        try t.commit()
        engine.tick(0.1)  // the outer transaction is still open
        #expect(log.count == 0)
        try t.commit()
        #expect(log.count == 0)
        engine.tick(0.2)
        #expect(log.entries == ["outer"])
    }

    @Test("A completion set on a nested transaction runs once that nested transaction committed (CA-16)")
    func nestedCompletionRunsAfterItsCommit() throws {
        let engine = Engine()
        let log = CallLog()
        let t = engine.transaction
        try t.begin()
        try t.begin()
        t.setCompletion { log.record("inner") }
        try t.commit()
        try t.commit()
        #expect(log.count == 0)
        engine.tick(0.1)
        #expect(log.entries == ["inner"])
    }

    @Test("A completion waits for animations added after it was set, until the tick where the last one finishes (CA-2.9)")
    func waitsForAnimations() throws {
        let engine = Engine()
        let a = try makeCommittedLayer(engine)
        let b = engine.makeLayer()
        engine.tick(0)
        let log = CallLog()
        let t = engine.transaction
        try t.begin()
        t.setCompletion { log.record("done") }
        a.opacity = 0  // 0.25 s
        try t.begin()
        try t.setAnimationDuration(0.5)
        b.opacity = 0  // 0.5 s, in a nested transaction of the same group (CA-2.10)
        try t.commit()
        try t.commit()
        engine.tick(0)  // begin time 0 (R2: a hand-driven commit begins at the next tick)
        engine.tick(0.1)
        #expect(log.count == 0)
        engine.tick(0.3)  // a finished, b still running
        #expect(log.count == 0)
        engine.tick(0.49)
        #expect(log.count == 0)
        engine.tick(0.5)  // b ends exactly here
        #expect(log.entries == ["done"])
        engine.tick(1)
        #expect(log.count == 1)
    }

    @Test("Apple's nested example: the outer completion waits for everything, the inner one for its own (CA-2.10)")
    func appleNestedExample() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        let t = engine.transaction
        try t.begin()
        try t.setAnimationDuration(2)
        t.setCompletion { log.record("outer") }
        layer.opacity = 0  // 2 s fade
        try t.begin()
        try t.setAnimationDuration(1)
        t.setCompletion { log.record("inner") }
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)  // 1 s
        try t.commit()
        try t.commit()
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        #expect(log.count == 0)
        engine.tick(1)
        #expect(log.entries == ["inner"])
        engine.tick(1.5)
        #expect(log.entries == ["inner"])
        engine.tick(2)
        #expect(log.entries == ["inner", "outer"])
    }

    @Test("A completion set after the animations were added does not wait for them (CA-14.2, CA-2.9)")
    func completionSetAfterAnimations() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        let t = engine.transaction
        try t.begin()
        layer.opacity = 0
        t.setCompletion { log.record("done") }
        try t.commit()
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.05)
        #expect(log.entries == ["done"])
        // The animation is still running.
        #expect(approx(try layer.presentedNumber("opacity"),
                       expectedImplicit(from: 1, to: 0, begin: 0, duration: 0.25, at: 0.05),
                       tolerance: 1e-9))
    }

    @Test("A completion waiting for a replaced animation runs once the replacement commits (CA-2.9 'or been removed', R8)")
    func replacedAnimationReleasesCompletion() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        try engine.withTransaction(duration: 1, completion: { log.record("first") }) {
            layer.opacity = 0
        }
        engine.tick(0.2)
        #expect(log.count == 0)
        try engine.withTransaction(duration: 5) {
            layer.opacity = 1  // replaces the "opacity" animation
        }
        #expect(log.count == 0)  // never inside a commit
        engine.tick(0.3)  // long before either animation would end
        #expect(log.entries == ["first"])
    }

    @Test("A completion waiting for an animation runs when the layer is destroyed (CA-2.9 'or been removed')")
    func destroyedLayerReleasesCompletion() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        try engine.withTransaction(duration: 10, completion: { log.record("done") }) {
            layer.position = Point(x: 100, y: 0)
        }
        engine.tick(1)
        #expect(log.count == 0)
        try layer.releaseHostReference()
        #expect(!layer.isAlive)
        engine.tick(2)
        #expect(log.entries == ["done"])
    }

    @Test("An equal value adds no animation, so the completion is not delayed (R4, CA-14.9)")
    func equalValueDoesNotDelayCompletion() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        try engine.withTransaction(duration: 1, completion: { log.record("done") }) {
            layer.opacity = 1  // the current value
            layer.position = .zero
        }
        engine.tick(0.01)
        #expect(log.entries == ["done"])
    }

    @Test("disableActions adds no animation, so the completion is not delayed (CA-2.7)")
    func disabledActionsDoNotDelayCompletion() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        let log = CallLog()
        try engine.withTransaction(duration: 1, disableActions: true, completion: { log.record("done") }) {
            layer.opacity = 0
        }
        engine.tick(0.01)
        #expect(log.entries == ["done"])
    }

    @Test("Completions run after their transaction is popped: changes inside use the default 0.25 s (CA-2.11)")
    func completionUsesDefaultSettings() throws {
        let engine = Engine()
        let layer = try makeCommittedLayer(engine)
        var durationInside: Double? = nil
        var depthInside: Int? = nil
        try engine.withTransaction(
            duration: 1,
            completion: {
                durationInside = engine.transaction.animationDuration
                depthInside = engine.transaction.depth
                layer.position = Point(x: 100, y: 0)  // a new implicit transaction
            }
        ) {
            layer.opacity = 0  // 1 s
        }
        engine.tick(0)  // R2: a hand-driven commit between ticks begins at the next tick
        engine.tick(0.5)
        #expect(durationInside == nil)
        engine.tick(1)  // the fade ends; the completion runs at engine time 1
        #expect(durationInside == 0.25)
        #expect(depthInside == 0)
        #expect(layer.position == Point(x: 100, y: 0))
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(.zero))  // not yet committed

        engine.tick(1.1)  // commits the completion's implicit transaction: it begins now (R2)
        let mid = try #require(try layer.presentedNumber("position.x", at: 1.225))
        #expect(approx(mid, expectedImplicit(from: 0, to: 100, begin: 1.1, duration: 0.25, at: 1.225), tolerance: 1e-9))
        #expect(!approx(mid, expectedImplicit(from: 0, to: 100, begin: 1.1, duration: 1, at: 1.225), tolerance: 1e-3))
        engine.tick(1.35)
        #expect(try layer.presentationValue(forKeyPath: "position") == .point(Point(x: 100, y: 0)))
    }

    @Test("A completion that calls tick gets misuse (re-entrant tick, R2, R12)")
    func reentrantTickIsMisuse() throws {
        let engine = Engine()
        var code: LaminaError.Code? = nil
        var ran = false
        try engine.withTransaction(completion: {
            ran = true
            code = laminaErrorCode { try engine.tickChecked(99) }
        }) {}
        engine.tick(1)
        #expect(ran)
        #expect(code == .misuse)
        #expect(engine.time == 1)  // the refused tick changed nothing
        engine.tick(2)  // and ticking works again afterwards
        #expect(engine.time == 2)
    }

    @Test("A completion may change layers and the tree; the changes commit at the next tick (R2)")
    func completionMayChangeLayers() throws {
        let engine = Engine()
        let parent = try makeCommittedLayer(engine)
        let child = engine.makeLayer()
        engine.tick(0)
        let log = CallLog()
        try engine.withTransaction(completion: {
            do {
                // Nothing is open on the ticking thread yet, so this explicit transaction is
                // outermost and publishes at its commit (CA-2.3).
                try engine.withTransaction(disableActions: true) { parent.opacity = 0.5 }
                parent.addSublayer(child)  // opens a new implicit transaction (R2)
                child.zPosition = 7
                engine.transaction.setCompletion { log.record("nested completion") }
                log.record("completion")
            } catch {
                log.record("error \(error)")
            }
        }) {}
        engine.tick(0.1)
        #expect(log.entries == ["completion"])
        #expect(child.superlayer == parent)
        #expect(try parent.presentedNumber("opacity") == 0.5)  // committed by its explicit transaction
        #expect(try child.presentedNumber("zPosition") == 0)  // implicit: waits for the next tick
        engine.tick(0.2)
        // The implicit animation began at the tick that committed it, 0.2 (R2), and lasts 0.25 s.
        #expect(approx(try child.presentedNumber("zPosition", at: 0.325),
                       expectedImplicit(from: 0, to: 7, begin: 0.2, duration: 0.25, at: 0.325),
                       tolerance: 1e-9))
        engine.tick(0.3)
        #expect(log.entries == ["completion", "nested completion"])
    }
}
