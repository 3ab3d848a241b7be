// SPDX-License-Identifier: Apache-2.0
// The engine's clock (R1, R2): hand-driven time, the monotonic clock, or the host's own.

extension Engine {
    /// A time source in seconds: the monotonic clock (``Engine/monotonicClock``) or the host's
    /// own frame clock. It is called without any engine lock held, on the thread that commits
    /// or ticks, so it must be safe to call from any thread that uses the engine; it should be
    /// cheap. Calling back into the engine from it: destroying the engine (C ABI) and ticking
    /// are misuses; a commit made inside it begins at the engine's current time without
    /// reading the clock again; other calls work (R18).
    public typealias Clock = @Sendable () -> Double

    /// `CLOCK_MONOTONIC` in seconds (never the wall clock, R1).
    public static let monotonicClock: Clock = { MonotonicClock.now() }

    /// The engine's clock (R1), or nil when the host drives time by hand with ``tick(_:)``.
    ///
    /// With a clock, every commit reads it: engine time moves forward to its reading and the
    /// committed animations begin there (R2, CA-2.14), and ``tick()`` ticks at its reading.
    /// Without one, a commit made between two ticks begins at the next tick's time. Either way a
    /// host that sleeps while nothing moves sees the whole animation from the change.
    public var clock: Clock? {
        get { lock.withLock { clockSource } }
        set {
            // The old clock may hold host userdata whose release runs host code: never under
            // the lock.
            var old = newValue
            lock.withLock { swap(&old, &clockSource) }
            withExtendedLifetime(old) {}
        }
    }

    /// The clock's reading for a commit made now, or nil for a hand-driven engine. Called
    /// without the lock (the host's clock runs unlocked). A reading that is not finite is
    /// ignored.
    func readClock() -> Double? {
        guard let clock = lock.withLock({ clockSource }) else { return nil }
        guard let t = callingClock(clock) else { return nil }
        return t.isFinite ? t : nil
    }

    /// One run-loop turn at the clock's time: ``tick(_:)`` with the clock's reading (time never
    /// goes back: a reading earlier than the engine time ticks at the engine time).
    ///
    /// Like ``tick(_:)`` it does not throw; it traps with a `Lamina:` message on a programming
    /// error: an engine without a clock, a clock that returns a non-finite time or ticks its
    /// own engine, and the misuses ``tick(_:)`` traps on.
    public func tick() {
        do {
            try tickNowChecked()
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }

    /// ``tick()`` with its programming errors as `LaminaError` instead of traps (the C ABI's
    /// `lamina_engine_tick_now`, and the tests of those errors).
    ///
    /// - Throws: `misuse` when the engine has no clock, and as ``tickChecked(_:)``;
    ///   `invalidArgument` when the clock returns a non-finite time.
    package func tickNowChecked() throws(LaminaError) {
        guard let clock = lock.withLock({ clockSource }) else {
            throw LaminaError(.misuse, "tick() without a time needs a clock: set Engine.clock or pass a time")
        }
        guard let t = callingClock(clock) else {
            throw LaminaError(.misuse, "the engine's clock ticked its own engine (R18)")
        }
        guard t.isFinite else { throw LaminaError(.invalidArgument, "the engine's clock returned \(t)") }
        try tickChecked(max(t, time))
    }
}
