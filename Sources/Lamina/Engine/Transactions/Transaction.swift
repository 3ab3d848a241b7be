// SPDX-License-Identifier: Apache-2.0
// CATransaction's role, per engine and per thread (CA-2.x, R2, R12).

extension Engine {
    /// The calling thread's transactions on this engine (CATransaction's role).
    public var transaction: Transaction { Transaction(engine: self) }

    /// Runs `body` inside an explicit transaction with the given settings and commits it, also
    /// when `body` throws.
    ///
    /// ```swift
    /// try engine.withTransaction(duration: 1.0) {
    ///     layer.position = Point(x: 100, y: 0)   // animates over 1 s
    /// }
    /// ```
    public func withTransaction<R>(
        duration: Double? = nil, timingFunction: TimingFunction? = nil,
        disableActions: Bool? = nil, completion: (() -> Void)? = nil,
        _ body: () throws -> R
    ) throws -> R {
        let t = transaction
        try t.begin()
        do {
            if let duration { try t.setAnimationDuration(duration) }
            if let timingFunction { t.timingFunction = timingFunction }
            if let disableActions { t.disableActions = disableActions }
            if let completion { t.setCompletion(completion) }
        } catch {
            try? t.commit()
            throw error
        }
        defer { try? t.commit() }
        return try body()
    }
}

/// The calling thread's transaction stack on one engine (CATransaction's class methods).
///
/// Reads search outward for the innermost transaction that set a value (CA-2.8); writes go to
/// the innermost one, creating the implicit transaction if none is open (CA-2.4).
public struct Transaction: Sendable {
    /// The engine.
    public let engine: Engine

    /// The deepest explicit nesting allowed; deeper `begin()` calls throw `outOfMemory`.
    public static let maximumDepth = 1024

    /// Begins an explicit transaction nested in the current one.
    public func begin() throws(LaminaError) {
        try engine.lock.withLock { () throws(LaminaError) in
            let s = engine.stack()
            guard s.explicitDepth < Self.maximumDepth else {
                throw LaminaError(.outOfMemory, "transactions nested deeper than \(Self.maximumDepth)")
            }
            s.frames.append(TransactionFrame(isImplicit: false))
        }
    }

    /// Commits the innermost explicit transaction. Changes publish when the outermost
    /// transaction commits (CA-2.3); if the thread's implicit transaction encloses it, that is
    /// at the next tick or flush. Completions never run here (R2).
    ///
    /// - Throws: `misuse` when no explicit transaction is open; nothing changes then.
    public func commit() throws(LaminaError) {
        let clockTime = engine.readClock()  // R1: a clock is read at every commit, unlocked
        try engine.lock.withLock { () throws(LaminaError) in
            let s = engine.stack()
            guard s.explicitDepth > 0 else {
                throw LaminaError(.misuse, "commit() without a matching begin() on this thread")
            }
            if s.frames[s.frames.count - 1].values[Engine.viewAnimationMarker] != nil {
                throw LaminaError(.misuse, "the innermost transaction is an animation block's: close it with its own commit")
            }
            let frame = s.frames.removeLast()
            engine.commitCompletions(of: frame)
            if s.frames.isEmpty {
                s.flushRequested = false
                engine.publish(s, clockTime: clockTime)
            } else if s.explicitDepth == 0, s.flushRequested {
                engine.flushLocked(s, clockTime: clockTime)
            }
        }
    }

    /// Commits the implicit transaction now, or when the outermost explicit one commits if any
    /// is open (CA-2.5).
    public func flush() {
        let clockTime = engine.readClock()
        engine.lock.withLock { engine.flushLocked(engine.stack(), clockTime: clockTime) }
    }

    /// The explicit nesting depth on the calling thread (the implicit transaction not counted).
    public var depth: Int {
        engine.lock.withLock { engine.stack().explicitDepth }
    }

    /// The animation duration in effect (default 0.25 s, CA-2.7).
    public var animationDuration: Double {
        engine.lock.withLock { engine.stack().duration }
    }

    /// Sets the innermost transaction's animation duration.
    ///
    /// - Throws: `invalidArgument` for a negative or non-finite duration.
    public func setAnimationDuration(_ duration: Double) throws(LaminaError) {
        guard duration.isFinite, duration >= 0 else {
            throw LaminaError(.invalidArgument, "animation duration must be finite and >= 0, got \(duration)")
        }
        innermost { $0.duration = duration }
    }

    /// The timing function in effect; nil (the default, CA-16) means implicit animations use
    /// ``TimingFunction/default``. Setting nil in a nested transaction hides an outer one.
    public var timingFunction: TimingFunction? {
        get { engine.lock.withLock { engine.stack().timingFunction } }
        nonmutating set {
            innermost { $0.timingFunction = .some(newValue) }
        }
    }

    /// disableActions in effect (default false): while true, changes consult no action (CA-2.7).
    public var disableActions: Bool {
        get { engine.lock.withLock { engine.stack().disableActions } }
        nonmutating set {
            innermost { $0.disableActions = newValue }
        }
    }

    /// Adds a completion to the innermost transaction (CA-2.9, CA-16); nil clears
    /// ``hasCompletion`` but a completion already set still runs. It runs during a later
    /// ``Engine/tick(_:)`` once every animation added after it was set in its transaction group
    /// has finished or been removed, or at the first tick after its transaction committed if
    /// there were none.
    public func setCompletion(_ completion: (() -> Void)?) {
        innermost { frame in
            if let completion { frame.completions.append(CompletionRecord(callback: completion)) }
            frame.completionVisible = completion != nil
        }
    }

    /// Whether a completion is visible from the innermost transaction.
    public var hasCompletion: Bool {
        engine.lock.withLock { engine.stack().hasCompletion }
    }

    /// The innermost value stored under `key` (CA-2.8). "animationDuration",
    /// "disableActions" and "animationTimingFunction" read the settings above; the timing
    /// function reads as its Core Animation name (`.string("easeIn")`) when it is a named curve,
    /// otherwise as its control points in a `.rect` (origin = first, size = second control
    /// point), and nil when unset.
    public func value(forKey key: String) -> Value? {
        engine.lock.withLock {
            let s = engine.stack()
            switch key {
            case "animationDuration": return .number(s.duration)
            case "disableActions": return .bool(s.disableActions)
            case "animationTimingFunction": return s.timingFunction.map(Self.timingValue)
            default: return s.value(forKey: key)
            }
        }
    }

    /// Stores `value` under `key` in the innermost transaction; nil removes it from that
    /// transaction. "animationDuration" takes a number, "disableActions" a boolean and
    /// "animationTimingFunction" a curve's name (`.string("easeInEaseOut")`, CA-2.8) or its four
    /// control points as a `.rect` (origin = first, size = second control point).
    ///
    /// - Throws: `invalidArgument` (empty key, non-finite numbers), `typeMismatch` (wrong type
    ///   for a built-in key).
    public func setValue(_ value: Value?, forKey key: String) throws(LaminaError) {
        guard !key.isEmpty else { throw LaminaError(.invalidArgument, "transaction keys must not be empty") }
        if let value, !value.isFiniteAndBounded {
            throw LaminaError(.invalidArgument, "transaction value for '\(key)' must be finite, of magnitude at most 1e15")
        }
        switch (key, value) {
        case ("animationDuration", .number(let d)?):
            try setAnimationDuration(d)
        case ("animationDuration", nil):
            innermost { $0.duration = nil }
        case ("disableActions", .bool(let b)?):
            disableActions = b
        case ("disableActions", nil):
            innermost { $0.disableActions = nil }
        case ("animationDuration", _):
            throw LaminaError(.typeMismatch, "'animationDuration' takes a number")
        case ("disableActions", _):
            throw LaminaError(.typeMismatch, "'disableActions' takes a boolean")
        case ("animationTimingFunction", nil):
            innermost { $0.timingFunction = nil }
        case ("animationTimingFunction", let v?):
            timingFunction = try Self.timingFunction(from: v)
        default:
            innermost { $0.values[key] = value }
        }
    }

    /// The key-value form of a timing function (see ``value(forKey:)``).
    static func timingValue(_ t: TimingFunction) -> Value {
        if let name = t.name { return .string(name.rawValue) }
        return .rect(Rect(x: t.c1x, y: t.c1y, width: t.c2x, height: t.c2y))
    }

    /// A timing function from its key-value form (see ``setValue(_:forKey:)``).
    static func timingFunction(from v: Value) throws(LaminaError) -> TimingFunction {
        switch v {
        case .string(let s):
            guard let name = TimingFunction.Name(rawValue: s) else {
                throw LaminaError(.invalidArgument, "'animationTimingFunction': unknown curve name '\(s)' (linear, easeIn, easeOut, easeInEaseOut, default)")
            }
            return TimingFunction(name)
        case .rect(let r):
            guard TimingFunction.isValid(c1x: r.origin.x, c1y: r.origin.y, c2x: r.size.width, c2y: r.size.height) else {
                throw LaminaError(.invalidArgument, "'animationTimingFunction': control point x values must lie in [0, 1]")
            }
            return TimingFunction(controlPoints: r.origin.x, r.origin.y, r.size.width, r.size.height)
        default:
            throw LaminaError(.typeMismatch, "'animationTimingFunction' takes a curve name (string) or four control points (rect), not a \(v.type)")
        }
    }

    /// Changes the calling thread's innermost transaction, creating the implicit one if none
    /// is open (writes go to the innermost scope, CA-2.8).
    private func innermost(_ change: (inout TransactionFrame) -> Void) {
        engine.lock.withLock {
            let s = engine.stack()
            s.ensureOpen()
            change(&s.frames[s.frames.count - 1])
        }
    }
}
