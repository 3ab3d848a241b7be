// SPDX-License-Identifier: Apache-2.0
// Per-thread state (R12): a token that is never reused names the thread's transaction stacks,
// and a pthread key destructor ends what the thread left open when it exits.
//
// Why not pthread_self(): glibc hands a finished thread's id to the next thread at once, so a
// stack keyed by it passed an open transaction to a thread that never began it (a lost update),
// and the engines' stack dictionaries grew with every thread.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A weak reference to an engine the thread has a transaction stack in.
struct WeakEngine {
    weak var engine: Engine?
}

/// One thread's Lamina state; reached through a pthread key, touched only by its own thread.
final class ThreadState {
    /// Never reused for the life of the process (a 64-bit counter).
    let token: UInt64
    /// Engines holding a transaction stack for this thread, told when the thread exits.
    private var engines: [WeakEngine] = []
    /// Engines whose synchronous callbacks (layer delegate, custom action) are running on this
    /// thread, innermost last: destroying one of them from there is a misuse.
    var callbacks: [ObjectIdentifier] = []
    /// Engines whose clock is running on this thread (also in `callbacks`): a commit inside it
    /// reads no clock again, and a tick there is a misuse (issue 31 item 8).
    var clocks: [ObjectIdentifier] = []

    init(token: UInt64) { self.token = token }

    /// The calling thread's state, created on first use.
    static var current: ThreadState {
        @inline(__always) get {
            if let p = pthread_getspecific(threadStateKey.key) {
                return Unmanaged<ThreadState>.fromOpaque(p).takeUnretainedValue()
            }
            let state = ThreadState(token: threadTokens.next())
            pthread_setspecific(threadStateKey.key, Unmanaged.passRetained(state).toOpaque())
            return state
        }
    }

    /// Remembers that `engine` holds a stack for this thread. Dead entries are pruned when the
    /// list doubles, so a thread that uses many short-lived engines stays bounded.
    func register(_ engine: Engine) {
        if engines.count >= 8, engines.count.nonzeroBitCount == 1 {
            engines.removeAll { $0.engine == nil }
        }
        engines.append(WeakEngine(engine: engine))
    }

    /// The thread is exiting: each engine commits and forgets this thread's stack.
    func threadExited() {
        let list = engines
        engines = []
        for entry in list { entry.engine?.threadExited(token) }
    }
}

/// The source of thread tokens.
final class TokenCounter: @unchecked Sendable {
    private let lock = Lock()
    private var last: UInt64 = 0
    func next() -> UInt64 { lock.withLock { last += 1; return last } }
}

let threadTokens = TokenCounter()

/// The pthread key whose destructor runs `ThreadState.threadExited` at thread exit.
final class ThreadStateKey: @unchecked Sendable {
    var key = pthread_key_t()
    init() {
        let rc = pthread_key_create(&key) { p in
            // glibc has already cleared the slot; a call back into Lamina from here creates a
            // fresh state, which the next destructor round releases.
            guard let p else { return }
            let state = Unmanaged<ThreadState>.fromOpaque(p).takeRetainedValue()
            state.threadExited()
        }
        precondition(rc == 0, "Lamina: pthread_key_create failed (\(rc))")
    }
}

let threadStateKey = ThreadStateKey()

extension Engine {
    /// A thread that used this engine exited (R12): its implicit transaction commits, as Core
    /// Animation's does, and so does every explicit transaction it left open (outermost last),
    /// so its changes publish and its completions run at a later tick instead of leaking or
    /// passing to another thread. Its open animation blocks end with them.
    func threadExited(_ token: UInt64) {
        var dropped: [ViewBlock] = []
        lock.withLock {
            if lastToken == token {
                lastToken = 0
                lastStack = nil
            }
            guard let s = stacks.removeValue(forKey: token) else { return }
            while let frame = s.frames.popLast() { commitCompletions(of: frame) }
            s.hasImplicit = false
            s.flushRequested = false
            publish(s)
            swap(&dropped, &s.viewBlocks)
        }
        withExtendedLifetime(dropped) {}  // released without the lock
    }

    /// Whether the calling thread is inside one of this engine's callbacks: its tick's
    /// callbacks or a synchronous layer delegate or custom action.
    package var isInCallbackOnCurrentThread: Bool {
        let state = ThreadState.current
        if state.callbacks.contains(ObjectIdentifier(self)) { return true }
        return lock.withLock { tickingThread == state.token }
    }

    /// Runs the engine's clock as a host callback: destroying the engine from inside it is a
    /// misuse (as from a delegate, R12), and a commit inside it reads no clock again (nil:
    /// it begins at the engine's time) instead of recursing without end. Called without the
    /// lock.
    func callingClock(_ clock: Clock) -> Double? {
        let state = ThreadState.current
        let me = ObjectIdentifier(self)
        if state.clocks.contains(me) { return nil }
        state.callbacks.append(me)
        state.clocks.append(me)
        defer {
            state.clocks.removeLast()
            state.callbacks.removeLast()
        }
        return clock()
    }

    /// Whether this engine's clock is running on the calling thread.
    var isInClockOnCurrentThread: Bool {
        ThreadState.current.clocks.contains(ObjectIdentifier(self))
    }

    /// Runs a synchronous host callback (a layer delegate, a custom action), marking the thread
    /// as inside this engine's callbacks. Called without the lock.
    @inline(__always)
    func callingOut<R>(_ body: () -> R) -> R {
        let state = ThreadState.current
        state.callbacks.append(ObjectIdentifier(self))
        defer { state.callbacks.removeLast() }
        return body()
    }
}
