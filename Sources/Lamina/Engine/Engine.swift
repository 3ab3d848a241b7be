// The engine: owns layers, transactions, animations and time (DESIGN §1, §3).
//
//  host ──set──▶ model ──commit──▶ committed ──tick(t)──▶ presentation(t)
//
// Every mutable field is guarded by `lock`. Callbacks are collected under the lock and run
// after it is released (build notes), so they may call back into the engine.

/// An action entry in a layer's `actions` (CA-3.4 step 2).
enum ActionEntry: Equatable {
    /// An explicit "no action" (NSNull's role): ends the search (CA-3.5).
    case none
}

/// One layer's storage slot.
struct LayerSlot {
    var generation: UInt32 = 1
    var alive = false
    var hostRefs: UInt32 = 0
    var parent: Int32 = -1
    var children: [Int32] = []
    var model = LayerProperties()
    /// Whether a transaction containing the layer has committed (CA-1.2, R4).
    var everCommitted = false
    /// The TransactionStack.mark that last recorded this slot as dirty.
    var dirtyMark: UInt32 = 0
    /// Index into `Engine.animated`, or -1.
    var animIndex: Int32 = -1
    var actions: [String: ActionEntry]? = nil
}

/// A layer with attached animations, and its presentation as evaluated by the last tick.
struct AnimatedLayer {
    var slot: Int32
    var animations: [AttachedAnimation] = []
    /// Whether every evaluated animation's `current` holds its value at `Engine.time` (reset
    /// when the layer commits, since committed animations then have new begin times).
    var currentValid = false
}

/// An engine: the owner of a layer tree, its transactions, animations and clock.
///
/// ```swift
/// let engine = Engine()
/// let layer = engine.makeLayer()
/// try engine.tick(0)                       // commits: the layer now has a presentation
/// layer.backgroundColor = Color(red: 0, green: 0, blue: 1)   // animates over 0.25 s
/// try engine.tick(0.125)
/// let mid = try layer.presentationValue(forKeyPath: "backgroundColor")
/// ```
///
/// Any thread may use an engine (R12): each thread has its own transaction stack, changes are
/// serialized by an internal lock, and one thread ticks at a time. Callbacks run on the ticking
/// thread with no lock held.
public final class Engine: @unchecked Sendable {
    let lock = Lock()

    // MARK: Layer store
    var slots: [LayerSlot] = []
    var freeSlots: [Int32] = []
    /// Committed values of layers whose model has uncommitted changes; other committed layers'
    /// committed values are their model values.
    var snapshots: [Int32: LayerProperties] = [:]
    var animated: [AnimatedLayer] = []

    // MARK: Custom properties
    var customProperties: [PropertyInfo] = []
    var customByName: [String: PropertyID] = [:]

    // MARK: Transactions
    var stacks: [UInt: TransactionStack] = [:]
    private var lastThread: UInt = 0
    private var lastStack: TransactionStack? = nil
    private var nextMark: UInt32 = 1

    // MARK: Time and callbacks
    /// The time of the last tick.
    var now: Double = 0
    var tickCount: UInt64 = 0
    /// Completions whose conditions are met, in the order they became ready.
    var readyCompletions: [CompletionRecord] = []
    /// The thread currently inside tick() (including its callbacks), or 0.
    var tickingThread: UInt = 0

    /// Creates an engine at time 0 with no layers.
    public init() {}

    /// Whether the calling thread is inside this engine's tick (running its callbacks), where
    /// destroying the engine or ticking it again is a misuse.
    package var isTickingOnCurrentThread: Bool {
        lock.withLock { tickingThread == currentThreadID() }
    }

    // MARK: - Transaction stacks

    /// The calling thread's stack (created on first use). Lock held.
    func stack() -> TransactionStack {
        let tid = currentThreadID()
        if tid == lastThread, let s = lastStack { return s }
        let s: TransactionStack
        if let existing = stacks[tid] {
            s = existing
        } else {
            s = TransactionStack(mark: nextMark)
            nextMark &+= 1
            if nextMark == 0 { nextMark = 1 }
            stacks[tid] = s
        }
        lastThread = tid
        lastStack = s
        return s
    }

    // MARK: - Handles

    /// Resolves a layer handle to its slot index, or throws `staleHandle`. Lock held.
    func resolve(_ id: LayerID) throws(LaminaError) -> Int32 {
        let index = Int(id.slot)
        guard id.rawValue != 0, index < slots.count, slots[index].alive,
              slots[index].generation == id.generation
        else {
            throw LaminaError(.staleHandle, "layer handle \(id.rawValue) is not alive in this engine")
        }
        return Int32(index)
    }

    func handle(_ slot: Int32) -> LayerID {
        LayerID(slot: UInt32(slot), generation: slots[Int(slot)].generation)
    }

    // MARK: - Dirty tracking and commit

    /// Records that `slot` changes in the calling thread's transaction group, snapshotting its
    /// committed values first so the presentation keeps showing them (CA-1.3). Lock held.
    func markDirty(_ slot: Int32, in s: TransactionStack) {
        s.ensureOpen()
        let i = Int(slot)
        if slots[i].everCommitted, snapshots[slot] == nil {
            snapshots[slot] = slots[i].model
        }
        if slots[i].dirtyMark != s.mark {
            slots[i].dirtyMark = s.mark
            s.dirty.append((slot, slots[i].generation))
        }
    }

    /// Publishes the calling thread's transaction group (CA-2.3): the dirty layers' model values
    /// become committed, pending animations get the begin time `now`, pending removals go, and
    /// completions set on the committed frames are marked committed. Lock held.
    func publish(_ s: TransactionStack) {
        let dirty = s.dirty
        s.dirty.removeAll(keepingCapacity: true)
        for (slot, generation) in dirty {
            let i = Int(slot)
            guard slots[i].alive, slots[i].generation == generation else { continue }
            if slots[i].dirtyMark == s.mark { slots[i].dirtyMark = 0 }
            slots[i].everCommitted = true
            snapshots[slot] = nil
            let a = slots[i].animIndex
            if a >= 0 { commitAnimations(at: Int(a)) }
        }
    }

    private func commitAnimations(at a: Int) {
        var removed: [AttachedAnimation] = []
        animated[a].currentValid = false
        var list = animated[a].animations
        var k = 0
        while k < list.count {
            switch list[k].state {
            case .pending:
                list[k].state = .committed
                list[k].beginTime = now
                k += 1
            case .pendingRemoval:
                removed.append(list.remove(at: k))
            case .committed:
                k += 1
            }
        }
        animated[a].animations = list
        for anim in removed { animationEnded(anim) }
        if list.isEmpty { removeAnimatedEntry(at: a) }
    }

    /// Commits the calling thread's outermost transaction frame state: marks completions of
    /// `frame` committed. Lock held.
    func commitCompletions(of frame: TransactionFrame) {
        for record in frame.completions {
            record.committedAtTick = tickCount
            enqueueIfReady(record)
        }
    }

    func enqueueIfReady(_ record: CompletionRecord) {
        if record.isReady, !record.queued {
            record.queued = true
            readyCompletions.append(record)
        }
    }

    /// An animation left its layer (finished, removed or replaced): release its completions.
    func animationEnded(_ anim: AttachedAnimation) {
        for record in anim.completions {
            record.pendingAnimations -= 1
            enqueueIfReady(record)
        }
    }

    func removeAnimatedEntry(at a: Int) {
        let slot = animated[a].slot
        let last = animated.count - 1
        if a != last {
            animated.swapAt(a, last)
            slots[Int(animated[a].slot)].animIndex = Int32(a)
        }
        animated.removeLast()
        slots[Int(slot)].animIndex = -1
    }

    /// Commits the implicit transaction if no explicit one is open; otherwise remembers to
    /// commit it with the outermost explicit transaction (CA-2.5). Lock held.
    func flushLocked(_ s: TransactionStack) {
        guard !s.frames.isEmpty else { return }
        if s.explicitDepth > 0 {
            s.flushRequested = true
            return
        }
        let frame = s.frames.removeLast()
        s.hasImplicit = false
        s.flushRequested = false
        publish(s)
        commitCompletions(of: frame)
    }

    // MARK: - Tick

    /// One run-loop turn (R2): commits the calling thread's implicit transaction, moves the
    /// engine time to `time`, finishes and removes animations, and then runs the callbacks that
    /// became due, on this thread, with no lock held.
    ///
    /// - Throws: `invalidArgument` for a non-finite time; `misuse` when called from one of this
    ///   engine's callbacks or while another thread is ticking.
    public func tick(_ time: Double) throws(LaminaError) {
        guard time.isFinite else {
            throw LaminaError(.invalidArgument, "tick time must be finite, got \(time)")
        }
        let due: [CompletionRecord]
        lock.lock()
        if tickingThread != 0 {
            let reentrant = tickingThread == currentThreadID()
            lock.unlock()
            throw LaminaError(
                .misuse,
                reentrant
                    ? "tick() called from inside one of this engine's callbacks"
                    : "tick() called while another thread is ticking this engine")
        }
        tickingThread = currentThreadID()
        tickCount &+= 1
        flushLocked(stack())
        now = time
        advanceAnimations()
        due = takeDueCompletions()
        lock.unlock()

        for record in due { record.callback() }

        lock.withLock { tickingThread = 0 }
    }

    /// Removes finished animations and samples the rest at `now`, in place, into each
    /// animation's `current` value. Work is proportional to the number of animations, never to
    /// the number of layers, and copies no layer state (DESIGN §3). Lock held.
    private func advanceAnimations() {
        let time = now
        var memo = TimingMemo()
        var a = 0
        while a < animated.count {
            var finished = false
            animated[a].animations.withUnsafeMutableBufferPointer { buf in
                for k in buf.indices where buf[k].state != .pending {
                    // removedOnCompletion (the default): gone once its active duration passed.
                    if time >= buf[k].endTime {
                        finished = true
                    } else {
                        buf[k].current = buf[k].sample(at: time, memo: &memo)
                    }
                }
            }
            animated[a].currentValid = true
            if finished {
                var ended: [AttachedAnimation] = []
                animated[a].animations.removeAll { anim in
                    guard anim.state != .pending, time >= anim.endTime else { return false }
                    ended.append(anim)
                    return true
                }
                for anim in ended { animationEnded(anim) }
                if animated[a].animations.isEmpty {
                    removeAnimatedEntry(at: a)
                    continue  // the entry swapped into `a` is visited next
                }
            }
            a += 1
        }
    }

    private func takeDueCompletions() -> [CompletionRecord] {
        guard !readyCompletions.isEmpty else { return [] }
        var due: [CompletionRecord] = []
        var later: [CompletionRecord] = []
        for record in readyCompletions {
            // "Not run at commit ... on a later run-loop turn" (CA-16): a tick after the one in
            // which (or before which) its transaction committed.
            if let c = record.committedAtTick, c < tickCount { due.append(record) } else { later.append(record) }
        }
        readyCompletions = later
        return due
    }

    // MARK: - Presentation

    /// The committed values of a layer (its model values unless it has uncommitted changes).
    /// Lock held; the layer must have been committed.
    @inline(__always)
    func committedProperties(_ slot: Int32) -> LayerProperties {
        if snapshots.isEmpty { return slots[Int(slot)].model }
        return snapshots[slot] ?? slots[Int(slot)].model
    }

    /// The presentation of a layer at `time`, or nil if it was never committed (R3): its
    /// committed values with its evaluated animations applied in order (CA-1.9: a later
    /// non-additive animation of a property overwrites an earlier one). At the current frame the
    /// values sampled by the last tick are reused. Lock held.
    func presentation(_ slot: Int32, at time: Double) -> LayerProperties? {
        let i = Int(slot)
        guard slots[i].everCommitted else { return nil }
        var p = committedProperties(slot)
        let a = Int(slots[i].animIndex)
        guard a >= 0 else { return p }
        let reuse = time == now && animated[a].currentValid
        var memo = TimingMemo()
        animated[a].animations.withUnsafeBufferPointer { buf in
            for k in buf.indices where buf[k].isEvaluated {
                let v = reuse ? buf[k].current : buf[k].sample(at: time, memo: &memo)
                if let v { p.set(buf[k].target, v) }
            }
        }
        return p
    }

    // MARK: - Attaching animations

    /// Attaches `anim` under its key, replacing an animation with the same key (R8, CA-3.8);
    /// the new one goes to the end of the evaluation order. Pending until the commit. Lock held.
    func attach(_ anim: AttachedAnimation, to slot: Int32, in s: TransactionStack) {
        var anim = anim
        let completions = s.openCompletions
        for record in completions { record.pendingAnimations += 1 }
        anim.completions = completions
        var a = Int(slots[Int(slot)].animIndex)
        if a < 0 {
            a = animated.count
            animated.append(AnimatedLayer(slot: slot))
            slots[Int(slot)].animIndex = Int32(a)
        }
        var list = animated[a].animations
        var ended: [AttachedAnimation] = []
        var k = 0
        while k < list.count {
            if list[k].key == anim.key {
                switch list[k].state {
                case .pending: ended.append(list.remove(at: k)); continue
                case .committed: list[k].state = .pendingRemoval
                case .pendingRemoval: break
                }
            }
            k += 1
        }
        list.append(anim)
        animated[a].animations = list
        for e in ended { animationEnded(e) }
    }
}

/// Solves the timing curve once for animations that share timing — animations committed
/// together share begin time, duration and curve (DESIGN §5), so a frame solves it about once.
struct TimingMemo {
    private var timing: TimingFunction? = nil
    private var x: Double = .nan
    private var y: Double = 0

    @inline(__always)
    mutating func progress(_ t: TimingFunction, x: Double) -> Double {
        if x == self.x, let last = timing, last == t { return y }
        timing = t
        self.x = x
        y = t.progress(at: x)
        return y
    }
}

/// A layer handle: a slot index and a generation, packed as the C ABI's `lamina_layer_t`.
public struct LayerID: Hashable, Sendable, RawRepresentable {
    /// The packed value: generation in the high 32 bits, slot + 1 in the low 32. 0 is "none".
    public let rawValue: UInt64
    /// Wraps a packed value (it is validated when used).
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    init(slot: UInt32, generation: UInt32) {
        rawValue = UInt64(generation) << 32 | UInt64(slot &+ 1)
    }

    var slot: UInt32 { UInt32(truncatingIfNeeded: rawValue) &- 1 }
    var generation: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 32) }
}
