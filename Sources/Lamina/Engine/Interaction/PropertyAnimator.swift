// SPDX-License-Identifier: Apache-2.0
// The property animator (R17.9–R17.21 in docs/semantics.md): UIViewPropertyAnimator's states
// and rules over the engine's explicit animations. The changes an animator's blocks make become
// explicit animations it owns; it drives them by rewriting their media timing (begin time,
// speed, time offset) only when the host calls it — start, pause, scrub, reverse, continue — so
// a running animator costs per frame exactly what its animations cost, plus one comparison per
// tick to notice its end.

/// An animator's state (UIViewAnimatingState, R17.9).
public enum AnimatingState: Int32, Sendable, CaseIterable {
    /// Created, finished or stopped without finishing: its animations are gone.
    case inactive = 0
    /// Started or paused: its animations are on their layers.
    case active = 1
    /// Stopped without finishing: its animations hold where they stopped until
    /// ``PropertyAnimator/finish(at:)``.
    case stopped = 2

    /// "inactive", "active" or "stopped".
    public var name: String {
        switch self {
        case .inactive: return "inactive"
        case .active: return "active"
        case .stopped: return "stopped"
        }
    }
}

/// Where an animator's animations ended (UIViewAnimatingPosition), as its completions hear.
public enum AnimatingPosition: Int32, Sendable, CaseIterable {
    /// At the end values (the model values the blocks set).
    case end = 0
    /// At the start values (a reversed animator, or `finish(at: .start)`).
    case start = 1
    /// Where they were (`finish(at: .current)`).
    case current = 2

    /// "end", "start" or "current".
    public var name: String {
        switch self {
        case .end: return "end"
        case .start: return "start"
        case .current: return "current"
        }
    }
}

/// How an animator's progress eases: a timing curve, or a spring (R17.9).
public enum AnimatorTiming: Sendable, Equatable {
    /// Progress follows a cubic Bézier curve.
    case curve(TimingFunction)
    /// Progress follows a spring's motion from 0 to 1 (its own initial velocity included).
    case spring(SpringParameters)

    /// The eased progress at time fraction `x` of `duration`.
    func progress(at x: Double, duration: Double) -> Double {
        switch self {
        case .curve(let c): return c.progress(at: min(max(x, 0), 1))
        case .spring(let s): return x >= 1 ? 1 : s.solution.progress(at: max(x, 0) * duration)
        }
    }

    /// The first time fraction whose eased progress reaches `y` (R17.15): what a linear scrub
    /// to `y` resumes from, so the layers do not jump. Bisection after a coarse scan, since a
    /// spring or a curve with control points outside [0, 1] may overshoot.
    func timeFraction(reaching y: Double, duration: Double) -> Double {
        if y <= 0 { return 0 }
        if y >= 1 { return 1 }
        let steps = 256
        var lo = 0.0, hi = 1.0
        for k in 1...steps {
            let x = Double(k) / Double(steps)
            if progress(at: x, duration: duration) >= y {
                hi = x
                lo = Double(k - 1) / Double(steps)
                break
            }
        }
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if progress(at: mid, duration: duration) >= y { hi = mid } else { lo = mid }
        }
        return hi
    }
}

/// A record's place: its layer and the key its animation is stored under.
struct AnimatorRecordKey: Hashable {
    let layer: LayerID
    let key: String
}

/// One change an animator's block made: the explicit animation it became. Lock held for all.
struct AnimatorRecord {
    let layer: LayerID
    let key: String
    let property: PropertyID
    /// The presentation value when the change was made, and the new model value.
    let from: Value
    let to: Value
    /// The attached animation; the record is stale once that is no longer the one on the layer
    /// under `key` (replaced, removed, or its layer destroyed: R17.20).
    let state: ExplicitState
    /// The animator's fraction when the block ran (a block added while active runs over the
    /// remaining portion, R17.10).
    let startFraction: Double
}

/// A property animator: UIViewPropertyAnimator's states and rules over Lamina's layers
/// (R17.9–R17.21). Blocks added with ``addAnimations(_:)`` change layer properties; each change
/// becomes an animation this animator drives, from the value on screen to the new model value.
/// It can start, pause, scrub (``fractionComplete``), reverse, continue with other timing, stop
/// and finish.
///
/// ```swift
/// let animator = try engine.makeAnimator(duration: 0.5, timing: .curve(.easeInEaseOut))
/// try animator.addAnimations { card.position = Point(x: 300, y: 200) }
/// try animator.pause()
/// try animator.setFractionComplete(0.4)   // follows a finger
/// try animator.continueAnimation()
/// ```
///
/// Calls in the wrong state throw `misuse` with a message, where UIKit raises (R17.19).
/// Completions run at a later ``Engine/tick(_:)`` (never inside these calls, R2). The engine
/// keeps a running animator alive until it pauses or finishes. Thread-safe: every call takes the engine
/// lock; blocks and completions run without it.
public final class PropertyAnimator: @unchecked Sendable {
    /// The engine whose layers it animates.
    public let engine: Engine
    /// The total duration in seconds (R17.9).
    public let duration: Double

    // Guarded by the engine lock.
    var timing: AnimatorTiming
    var currentState = AnimatingState.inactive
    var isRunningNow = false
    var isReversedNow = false
    var scrubsLinearlyNow = true
    var pausesOnCompletionNow = false
    var isInterruptibleNow = true
    /// The fraction at `anchorTime` (engine time) and its rate per second while running; the
    /// fraction while paused. Unclamped while a start delay runs (negative then).
    var anchorTime = 0.0
    var anchorFraction = 0.0
    var rate = 0.0
    /// Paused after a linear scrub: the resume maps the fraction back onto the curve (R17.15).
    var scrubbedLinearly = false
    var blocks: [() throws -> Void] = []
    var completions: [@Sendable (AnimatingPosition) -> Void] = []
    var records: [AnimatorRecord] = []
    /// Where each (layer, key) is in `records`.
    var recordIndex: [AnimatorRecordKey: Int] = [:]

    init(engine: Engine, duration: Double, timing: AnimatorTiming) {
        self.engine = engine
        self.duration = duration
        self.timing = timing
    }

    // MARK: Reading

    /// The state (R17.9).
    public var state: AnimatingState { engine.lock.withLock { currentState } }

    /// Whether it is active and not paused (R17.9).
    public var isRunning: Bool { engine.lock.withLock { isRunningNow } }

    /// Whether it runs from the end back to the start (R17.14).
    public var isReversed: Bool { engine.lock.withLock { isReversedNow } }

    /// The timing curve or spring it runs with now (``continueAnimation(timing:durationFactor:)``
    /// can change it).
    public var timingParameters: AnimatorTiming { engine.lock.withLock { timing } }

    /// The fraction of its duration played, 0 at the start and 1 at the end (R17.12).
    public var fractionComplete: Double { engine.lock.withLock { fractionNow() } }

    /// While paused, scrubbing shows the changes linearly in ``fractionComplete`` (true, the
    /// default) or eased by the timing (false) (R17.15).
    public var scrubsLinearly: Bool { engine.lock.withLock { scrubsLinearlyNow } }

    /// Sets ``scrubsLinearly``; a paused animator shows the new choice at once.
    public func setScrubsLinearly(_ value: Bool) {
        engine.lock.withLock {
            scrubsLinearlyNow = value
            scrubbedLinearly = scrubbedLinearly && value
            if currentState == .active, !isRunningNow { applyTimings() }
        }
    }

    /// Whether it stays active and paused at its end instead of finishing (R17.17).
    public var pausesOnCompletion: Bool { engine.lock.withLock { pausesOnCompletionNow } }

    /// Sets ``pausesOnCompletion``.
    public func setPausesOnCompletion(_ value: Bool) {
        engine.lock.withLock { pausesOnCompletionNow = value }
    }

    /// Whether it can be paused, scrubbed, reversed or stopped (R17.18; default true).
    public var isInterruptible: Bool { engine.lock.withLock { isInterruptibleNow } }

    /// Sets ``isInterruptible``.
    ///
    /// - Throws: `misuse` unless inactive (R17.18).
    public func setInterruptible(_ value: Bool) throws(LaminaError) {
        try engine.lock.withLock { () throws(LaminaError) in
            guard currentState == .inactive else {
                throw LaminaError(.misuse, "interruptible can change only while the animator is inactive (it is \(currentState.name))")
            }
            isInterruptibleNow = value
        }
    }

    // MARK: Blocks

    /// Adds a block of property changes (R17.10). While inactive it is kept and runs when the
    /// animator starts, pauses or is scrubbed; while active it runs now, and its changes
    /// animate over the remaining portion of the run.
    ///
    /// - Throws: `misuse` while stopped; errors thrown by `animations` (the changes made
    ///   before the error still animate).
    public func addAnimations(_ animations: @escaping () throws -> Void) throws {
        let runNow: Bool = try engine.lock.withLock { () throws(LaminaError) -> Bool in
            guard currentState != .stopped else {
                throw LaminaError(.misuse, "addAnimations on a stopped animator (finish it first)")
            }
            if currentState == .inactive { blocks.append(animations) }
            return currentState == .active
        }
        if runNow { try run([animations], fromStart: false) }
    }

    /// Adds a completion, told where the animations ended (R17.16). It runs at a tick after the
    /// animator finishes (never after ``stop(withoutFinishing:)`` with true).
    public func addCompletion(_ completion: @escaping @Sendable (AnimatingPosition) -> Void) {
        engine.lock.withLock { completions.append(completion) }
    }

    // MARK: Control

    /// Starts (or, paused, resumes) the animations (R17.11). `delay` seconds pass first; a
    /// delay is only for an inactive animator.
    ///
    /// - Throws: `invalidArgument` for a negative or non-finite delay; `misuse` while stopped,
    ///   or for a delay while active.
    public func start(delay: Double = 0) throws {
        guard delay.isFinite, delay >= 0 else {
            throw LaminaError(.invalidArgument, "start delay must be finite and >= 0, got \(delay)")
        }
        let pending: [() throws -> Void] = try engine.lock.withLock { () throws(LaminaError) -> [() throws -> Void] in
            switch currentState {
            case .stopped:
                throw LaminaError(.misuse, "start on a stopped animator (finish it first)")
            case .active:
                guard delay == 0 else {
                    throw LaminaError(.misuse, "start(delay:) with a delay on an active animator")
                }
                if !isRunningNow { resumeLocked(remaining: nil) }
                return []
            case .inactive:
                activate(fraction: 0)
                anchorFraction = -delay / duration
                isRunningNow = true
                rate = 1 / duration
                if isReversedNow { anchorFraction = 1 + delay / duration; rate = -rate }
                engine.runningAnimators.append(self)
                let b = blocks
                blocks = []
                return b
            }
        }
        if !pending.isEmpty { try run(pending) }
    }

    /// Pauses the animations where they are (R17.11); an inactive animator becomes active and
    /// paused at its start, its blocks run.
    ///
    /// - Throws: `misuse` while stopped or when not interruptible.
    public func pause() throws {
        let pending: [() throws -> Void] = try engine.lock.withLock { () throws(LaminaError) -> [() throws -> Void] in
            guard currentState != .stopped else { throw LaminaError(.misuse, "pause on a stopped animator") }
            guard isInterruptibleNow else { throw LaminaError(.misuse, "pause on an animator that is not interruptible") }
            if currentState == .inactive {
                activate(fraction: isReversedNow ? 1 : 0)
                let b = blocks
                blocks = []
                return b
            }
            if isRunningNow { pauseLocked() }
            return []
        }
        if !pending.isEmpty { try run(pending) }
    }

    /// Scrubs (R17.12): sets the fraction played, clamped to [0, 1]. Only while paused; an
    /// inactive animator becomes active and paused first.
    ///
    /// - Throws: `invalidArgument` for NaN; `misuse` while running or stopped, or when not
    ///   interruptible.
    public func setFractionComplete(_ fraction: Double) throws {
        guard !fraction.isNaN else { throw LaminaError(.invalidArgument, "fractionComplete must be a number, got NaN") }
        let f = min(max(fraction, 0), 1)
        let pending: [() throws -> Void] = try engine.lock.withLock { () throws(LaminaError) -> [() throws -> Void] in
            guard isInterruptibleNow else { throw LaminaError(.misuse, "fractionComplete set on an animator that is not interruptible") }
            switch currentState {
            case .stopped: throw LaminaError(.misuse, "fractionComplete set on a stopped animator")
            case .active where isRunningNow:
                throw LaminaError(.misuse, "fractionComplete can be set only while the animator is paused")
            case .active:
                anchorFraction = f
                scrubbedLinearly = scrubsLinearlyNow
                applyTimings()
                return []
            case .inactive:
                activate(fraction: f)
                scrubbedLinearly = scrubsLinearlyNow
                let b = blocks
                blocks = []
                return b
            }
        }
        if !pending.isEmpty { try run(pending) }
        // The blocks' animations were made at the fraction: show it.
        engine.lock.withLock { if currentState == .active, !isRunningNow { applyTimings() } }
    }

    /// Reverses the direction (R17.14): while running it heads back from where it is; while
    /// paused it will. A reversed animator ends at its start.
    ///
    /// - Throws: `misuse` while stopped, or active and not interruptible.
    public func setReversed(_ reversed: Bool) throws(LaminaError) {
        try engine.lock.withLock { () throws(LaminaError) in
            guard currentState != .stopped else { throw LaminaError(.misuse, "reversed set on a stopped animator") }
            if currentState == .active, !isInterruptibleNow {
                throw LaminaError(.misuse, "reversed set on an active animator that is not interruptible")
            }
            guard reversed != isReversedNow else { return }
            isReversedNow = reversed
            if currentState == .active, isRunningNow {
                let f = fractionNow()
                anchorTime = engine.now
                anchorFraction = f
                rate = -rate
                applyTimings()
            }
        }
    }

    /// Resumes a paused or running animator (R17.13), optionally with other timing for the rest
    /// of the run; the rest lasts `durationFactor` × the duration (0: the time left at the
    /// original pace).
    ///
    /// - Throws: `invalidArgument` for a negative or non-finite factor; `misuse` unless active.
    public func continueAnimation(timing newTiming: AnimatorTiming? = nil, durationFactor: Double = 1) throws(LaminaError) {
        guard durationFactor.isFinite, durationFactor >= 0 else {
            throw LaminaError(.invalidArgument, "durationFactor must be finite and >= 0, got \(durationFactor)")
        }
        if case .spring(let s)? = newTiming { _ = try s.validated() }
        try engine.lock.withLock { () throws(LaminaError) in
            guard currentState == .active else {
                throw LaminaError(.misuse, "continueAnimation on an \(currentState.name) animator (it must be active)")
            }
            if isRunningNow { pauseLocked() }
            if let newTiming {
                timing = newTiming
                for r in records { setEasing(r.state, paused: false) }
            }
            resumeLocked(remaining: durationFactor > 0 ? durationFactor * duration : nil)
        }
    }

    /// Stops the animations (R17.16). With `withoutFinishing` true the layers keep the values on
    /// screen as their model values and the animator becomes inactive with no completion; with
    /// false it is stopped, the animations hold, and ``finish(at:)`` must follow.
    ///
    /// - Throws: `misuse` unless active, or when not interruptible.
    public func stop(withoutFinishing: Bool) throws(LaminaError) {
        try engine.lock.withLock { () throws(LaminaError) in
            guard currentState == .active else {
                throw LaminaError(.misuse, "stop on an \(currentState.name) animator (it must be active)")
            }
            guard isInterruptibleNow else { throw LaminaError(.misuse, "stop on an animator that is not interruptible") }
            if isRunningNow { pauseLocked() }
            if withoutFinishing {
                end(at: .current, notify: false)
            } else {
                currentState = .stopped
                scrubbedLinearly = false
                applyTimings()
            }
        }
    }

    /// Finishes a stopped animator (R17.16): the layers take the end values, the start values
    /// or those on screen as their model values, the animations go, and the completions run at
    /// the next tick with `position`.
    ///
    /// - Throws: `misuse` unless stopped.
    public func finish(at position: AnimatingPosition) throws(LaminaError) {
        try engine.lock.withLock { () throws(LaminaError) in
            guard currentState == .stopped else {
                throw LaminaError(.misuse, "finish on an \(currentState.name) animator (stop it without finishing first)")
            }
            end(at: position, notify: true)
        }
    }

    /// Ends an active or stopped animator where its layers are, with no completion (R17.21):
    /// what a C host's `lamina_animator_destroy` does, so no animation outlives its animator.
    package func discard() {
        engine.lock.withLock {
            guard currentState != .inactive else { return }
            if isRunningNow { pauseLocked() }
            end(at: .current, notify: false)
        }
    }

    // MARK: Internals (lock held unless said)

    /// The fraction now, clamped.
    func fractionNow() -> Double {
        var f = anchorFraction
        if currentState == .active, isRunningNow { f += rate * (engine.now - anchorTime) }
        return min(max(f, 0), 1)
    }

    private func activate(fraction: Double) {
        currentState = .active
        isRunningNow = false
        anchorTime = engine.now
        anchorFraction = fraction
        rate = 0
        scrubbedLinearly = false
    }

    private func pauseLocked() {
        anchorFraction = fractionNow()
        anchorTime = engine.now
        isRunningNow = false
        rate = 0
        engine.runningAnimators.removeAll { $0 === self }
        applyTimings()
    }

    /// Runs from the fraction now; `remaining` seconds to the end (nil: the original pace).
    private func resumeLocked(remaining: Double?) {
        var f = anchorFraction
        if scrubbedLinearly {
            // R17.15: continue from the time whose eased progress is the scrubbed one.
            f = timing.timeFraction(reaching: f, duration: duration)
            scrubbedLinearly = false
        }
        let left = isReversedNow ? f : 1 - f
        var r = 1 / duration
        if let remaining, left > 0 { r = left / remaining }
        anchorFraction = f
        anchorTime = engine.now
        rate = isReversedNow ? -r : r
        isRunningNow = true
        if !engine.runningAnimators.contains(where: { $0 === self }) { engine.runningAnimators.append(self) }
        applyTimings()
    }

    /// Whether a running animator has reached its end (checked once per tick).
    func reachedEnd() -> Bool {
        let f = anchorFraction + rate * (engine.now - anchorTime)
        return rate > 0 ? f >= 1 : f <= 0
    }

    /// The engine's tick found it at its end (R17.17).
    func completeAtEnd() {
        if pausesOnCompletionNow {
            anchorFraction = rate > 0 ? 1 : 0
            anchorTime = engine.now
            isRunningNow = false
            rate = 0
            engine.runningAnimators.removeAll { $0 === self }
            applyTimings()
            return
        }
        end(at: isReversedNow ? .start : .end, notify: true)
    }

    /// Ends the run: model values at `position`, animations removed, inactive; completions
    /// queued for the next tick's callback phase when `notify`.
    func end(at position: AnimatingPosition, notify: Bool) {
        let s = engine.stack()
        for r in records {
            guard let slot = try? engine.resolve(r.layer), isAttached(r, slot) else { continue }
            let info = engine.info(of: r.property)
            let value: Value
            switch position {
            case .end: value = r.to
            case .start: value = r.from
            case .current:
                value = engine.presentationValue(slot, r.property, info.defaultValue, at: engine.now) ?? r.to
            }
            engine.markDirty(slot, in: s)
            engine.slots[Int(slot)].model.set(r.property, value)
            engine.detachAnimatorRecord(r, slot)
        }
        records = []
        recordIndex = [:]
        blocks = []
        currentState = .inactive
        isRunningNow = false
        rate = 0
        anchorFraction = 0
        scrubbedLinearly = false
        engine.runningAnimators.removeAll { $0 === self }
        if notify, !completions.isEmpty {
            let list = completions
            completions = []
            engine.pendingCallbacks.append { for c in list { c(position) } }
        } else if !notify {
            completions = []
        }
    }

    func isAttached(_ r: AnimatorRecord, _ slot: Int32) -> Bool {
        engine.attachment(r.key, slot)?.explicit === r.state
    }

    /// The eased progress shape of a record's animation: the animator's timing, or linear
    /// while paused after a linear scrub (R17.15).
    func setEasing(_ e: ExplicitState, paused: Bool) {
        if paused, scrubbedLinearly {
            e.spring = nil
            e.animation.timingFunction = nil
            return
        }
        switch timing {
        case .curve(let c):
            e.spring = nil
            e.animation.timingFunction = c.isLinear ? nil : c  // linear needs no curve solve
        case .spring(let p):
            e.spring = p.solution
            e.animation.timingFunction = nil
        }
    }

    /// Rewrites every live record's media timing for the animator's fraction and direction
    /// now (R17.11–R17.14). Work per call, never per frame.
    func applyTimings() {
        let paused = !(currentState == .active && isRunningNow)
        let fRaw = anchorFraction  // at anchorTime == now for every caller but the stopped one
        let f = paused ? fractionNow() : fRaw + rate * (engine.now - anchorTime)
        for r in records {
            guard let slot = try? engine.resolve(r.layer), isAttached(r, slot) else { continue }
            let e = r.state
            let local = engine.localTime(slot, at: engine.now)
            let d = duration * (1 - r.startFraction)
            var t = e.animation.timing
            setEasing(e, paused: paused)
            let u = (f - r.startFraction) * duration  // the record's local position
            if d <= 0 {
                t.speed = 1; t.timeOffset = 0; t.beginTime = local - 1
            } else if paused {
                if u >= d {
                    // Held at its end: after its active period, filling forwards.
                    t.speed = 1; t.timeOffset = 0; t.beginTime = local - 2 * d - 1
                } else {
                    t.speed = 0; t.timeOffset = max(u, 0); t.beginTime = local
                }
            } else {
                let s = abs(rate) * duration
                if rate > 0 {
                    t.speed = s; t.timeOffset = 0; t.beginTime = local - u / s
                } else {
                    t.speed = -s; t.timeOffset = 0; t.beginTime = local - (d - u) / s
                }
            }
            t.duration = d
            e.animation.timing = t
        }
        engine.screenSerial &+= 1  // what is on screen changed without a commit
    }

    /// Runs blocks in a transaction whose changes this animator captures (R17.10). Unlocked.
    private func run(_ list: [() throws -> Void], fromStart: Bool = true) throws {
        let t = engine.transaction
        try t.begin()
        engine.lock.withLock {
            engine.stack().animatorCapture = self
            // Blocks run at activation span the whole run; later ones the rest of it (R17.10).
            captureStart = fromStart || isReversedNow ? 0 : fractionNow()
        }
        var failure: (any Error)? = nil
        for b in list {
            do { try b() } catch { failure = error; break }
        }
        engine.lock.withLock { engine.stack().animatorCapture = nil }
        try? t.commit()
        engine.lock.withLock { applyTimings() }
        if let failure { throw failure }
    }

    /// The fraction at which the blocks being run started.
    var captureStart = 0.0

    /// One change made inside a block (R17.10): the model value is stored and an animation
    /// from the value on screen to it is attached under the property's name. Lock held.
    func capture(_ slot: Int32, _ info: PropertyInfo, property: PropertyID, old: Value, new: Value, in s: TransactionStack) {
        let from = engine.presentationValue(slot, property, info.defaultValue, at: engine.now) ?? old
        var a: Animation
        switch timing {
        case .spring(let p) where from.vector != nil && from.type == new.type:
            a = .spring(keyPath: info.name, from: from, to: new, parameters: p)
        default:
            a = .basic(keyPath: info.name, from: from, to: new)
        }
        a.timing.fillMode = .both
        a.timing.duration = max(duration * (1 - captureStart), 1e-9)
        a.timing.beginTime = 0
        a.isRemovedOnCompletion = false
        let e: ExplicitState
        do {
            e = try engine.addAnimationLocked(a, forKey: info.name, slot: slot, in: s, resolvedKey: .whole(property))
        } catch {
            return  // not animatable this way: the change stands without animating
        }
        e.drivenByAnimator = true
        let layer = engine.handle(slot)
        let record = AnimatorRecord(
            layer: layer, key: info.name, property: property, from: from, to: new, state: e,
            startFraction: min(captureStart, 1))
        // A second change of the same property in the blocks replaces its record: looked up,
        // not searched for (a block may change thousands of layers).
        let index = AnimatorRecordKey(layer: layer, key: info.name)
        if let i = recordIndex[index] {
            records[i] = record
        } else {
            recordIndex[index] = records.count
            records.append(record)
        }
    }
}

extension Engine {
    /// Makes a property animator (R17.9), inactive, with a timing curve or a spring.
    ///
    /// - Throws: `invalidArgument` for a duration that is not finite and > 0, or a spring that
    ///   cannot animate (R17.8).
    public func makeAnimator(duration: Double, timing: AnimatorTiming = .curve(.easeInEaseOut)) throws(LaminaError) -> PropertyAnimator {
        guard duration.isFinite, duration > 0 else {
            throw LaminaError(.invalidArgument, "animator duration must be finite and > 0, got \(duration)")
        }
        if case .spring(let s) = timing { _ = try s.validated() }
        return PropertyAnimator(engine: self, duration: duration, timing: timing)
    }

    /// Lets go of the running animators (R17.21): a C host destroyed the engine, which must not
    /// stay alive through them (each holds its engine). They answer STALE_HANDLE from then on.
    package func releaseRunningAnimators() {
        let dropped: [PropertyAnimator] = lock.withLock {
            let list = runningAnimators
            runningAnimators = []
            return list
        }
        withExtendedLifetime(dropped) {}  // released here, outside the lock
    }

    /// Ends the animators whose run reached its end (R17.17), before the tick's commit so that
    /// the model values they set publish with it. Lock held.
    func finishAnimators() {
        guard !runningAnimators.isEmpty else { return }
        var k = 0
        while k < runningAnimators.count {
            let a = runningAnimators[k]
            if a.reachedEnd() {
                a.completeAtEnd()  // removes it from the list
                if k < runningAnimators.count, runningAnimators[k] === a { k += 1 }
            } else {
                k += 1
            }
        }
    }

    /// Removes an animator record's animation from its layer with the commit that publishes
    /// the model value it leaves (R17.16), as a replaced animation goes. Lock held; the layer
    /// is marked dirty in the calling thread's transaction.
    func detachAnimatorRecord(_ r: AnimatorRecord, _ slot: Int32) {
        let a = Int(slots[head: Int(slot)].animIndex)
        guard a >= 0 else { return }
        guard let k = animated[a].animations.lastIndex(where: { $0.key == r.key && $0.explicit === r.state }) else { return }
        animated[a].animations[k].state = .pendingRemoval
    }
}
