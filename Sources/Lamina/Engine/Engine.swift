// SPDX-License-Identifier: Apache-2.0
// The engine: owns layers, transactions, animations and time (R2, R3, docs/architecture.md).
//
//  host ──set──▶ model ──commit──▶ committed ──tick(t)──▶ presentation(t)
//
// Every mutable field is guarded by `lock`. Callbacks are collected under the lock and run
// after it is released (build notes), so they may call back into the engine.

/// What a read checks first in a layer's slot: its generation, whether it is alive or was
/// ever committed, and its animations. Kept apart from the rest of the slot, in a dense array
/// beside it (`SlotStore`, 8 bytes a layer), so a read that finds its value in the layer's
/// animations never loads the slot: at 1M layers a presentation read streamed the whole
/// 176-byte slot for these 10 bytes (issue 12).
struct SlotHead {
    /// The generation (the low 24 bits, `LayerID.generationMask`), `alive` (bit 24) and
    /// `everCommitted` (bit 25).
    private var bits: UInt32 = 1
    /// Index into `Engine.animated`, or -1.
    var animIndex: Int32 = -1

    private static let aliveBit: UInt32 = 1 << 24
    private static let committedBit: UInt32 = 1 << 25

    /// The slot's generation (24 bits, never 0): a handle names the slot's layer while its
    /// generation matches.
    var generation: UInt32 {
        @inline(__always) get { bits & LayerID.generationMask }
        @inline(__always) set { bits = bits & ~LayerID.generationMask | newValue & LayerID.generationMask }
    }

    /// Whether a layer lives in the slot.
    var alive: Bool {
        @inline(__always) get { bits & Self.aliveBit != 0 }
        @inline(__always) set { bits = newValue ? bits | Self.aliveBit : bits & ~Self.aliveBit }
    }

    /// Whether a transaction containing the layer has committed (CA-1.2, R4).
    var everCommitted: Bool {
        @inline(__always) get { bits & Self.committedBit != 0 }
        @inline(__always) set { bits = newValue ? bits | Self.committedBit : bits & ~Self.committedBit }
    }

    /// Whether the slot holds a live layer of generation `generation`: one compare.
    @inline(__always)
    func names(_ generation: UInt32) -> Bool {
        bits & (Self.aliveBit | LayerID.generationMask) == Self.aliveBit | generation
    }
}

/// One layer's storage slot, beside its `SlotHead`. The fields are ordered so that the 4-byte
/// ones and the flags pack ahead of the values (176 bytes; with the head, the per-idle-layer
/// budget, docs/architecture.md).
struct LayerSlot {
    var hostRefs: UInt32 = 0
    var parent: Int32 = -1
    /// The sublayers, back to front, as an intrusive doubly linked list through the children's
    /// `prevSibling`/`nextSibling` (Engine+Layers.swift): adding or removing one of N siblings is
    /// O(1), with no array copied or scanned (docs/architecture.md#layer-storage).
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var prevSibling: Int32 = -1
    var nextSibling: Int32 = -1
    var childCount: Int32 = 0
    /// The TransactionStack.mark that last recorded this slot as dirty.
    var dirtyMark: UInt32 = 0
    /// While the layer has uncommitted changes: an index into `Engine.snapshotPool` (≥ 0), or
    /// a chain of saved values from `Engine.savedValues[-2 - snapshot]` (≤ -2) when only typed
    /// implicit changes made them (`Engine.markDirty(_:saving:in:)`); else -1.
    var snapshot: Int32 = -1
    /// Whether the layer ever had a non-default media timing (counted in `Engine.timedLayers`).
    var everTimed = false
    /// The layer's kind, fixed at creation (one byte).
    var kind: LayerKind = .plain
    var model = LayerProperties()
    /// Actions, delegate, style and view backing; nil for most layers.
    var extras: LayerExtras? = nil
}

/// A committed value saved by a typed implicit change in place of a snapshot of the whole
/// layer (`Engine.markDirty(_:saving:in:)`): opacity, position, zPosition or anchorPoint.
struct SavedValue {
    var property: PropertyID
    /// The layer's next saved value (index into `Engine.savedValues`), or -1.
    var next: Int32
    /// A number in `x`, or a point (two doubles, not a SIMD2: 24 bytes an entry, not 32).
    var value: Point

    /// The value of `property` in `p`, as saved.
    static func saving(_ property: PropertyID, of p: UnsafePointer<LayerProperties>) -> Point {
        switch property {
        case .opacity: Point(x: p.pointee.opacity, y: 0)
        case .zPosition: Point(x: p.pointee.zPosition, y: 0)
        case .position: p.pointee.position
        default: p.pointee.anchorPoint
        }
    }

    /// A value saved for `property`, as the typed reads return it.
    static func scalar(_ v: Point, of property: PropertyID) -> ScalarRead {
        property == .opacity || property == .zPosition ? .number(v.x) : .point(v)
    }

    /// Puts this value back into `p`.
    func restore(into p: inout LayerProperties) {
        switch property {
        case .opacity: p.opacity = value.x
        case .zPosition: p.zPosition = value.x
        case .position: p.position = value
        default: p.anchorPoint = value
        }
    }
}

/// One entry of `Engine.keyCache`: the FNV-1a hash and bytes of a key path, and its parse.
struct KeyCacheEntry {
    var hash: UInt64 = 0
    var bytes: [UInt8] = []
    var key = ResolvedKey.whole(.bounds)
}

/// A layer with attached animations, in evaluation order (CA-1.8: `animationKeys` order).
struct AnimatedLayer {
    var slot: Int32
    /// The layer's newest hand-off block (`Engine.handoffBlocks`) until the next tick, or -1.
    /// In the padding after `slot`: the entry stays 152 bytes.
    var handoff: Int32 = -1
    var animations = AnimationList()
}

/// An engine: the owner of a layer tree, its transactions, animations and clock.
///
/// ```swift
/// let engine = Engine()
/// let layer = engine.makeLayer()
/// engine.tick(0)                       // commits: the layer now has a presentation
/// layer.backgroundColor = Color(red: 0, green: 0, blue: 1)   // animates over 0.25 s
/// engine.tick(0.125)
/// let mid = try layer.presentationValue(forKeyPath: "backgroundColor")
/// ```
///
/// Any thread may use an engine (R12): each thread has its own transaction stack, changes are
/// serialized by an internal lock, and one thread ticks at a time. Callbacks run on the ticking
/// thread with no lock held.
public final class Engine: @unchecked Sendable {
    /// Serialises the engine's state (R12). Its own, or one the C ABI's handle table keeps for
    /// the engine's slot (`init(clock:lock:)`), which takes it itself around the `…Locked`
    /// entry points.
    package let lock: Lock

    // MARK: Layer store
    var slots = SlotStore()
    var freeSlots: [Int32] = []
    /// The generation a newly appended slot starts at: above every generation an earlier
    /// engine with this engine's tag handed out (`EngineTags`, R18), or where a test moved it
    /// (`testingAgeSlots`).
    var slotStartGeneration: UInt32 = 1
    /// Committed values of layers whose model has uncommitted changes (indexed by
    /// `LayerSlot.snapshot`); other committed layers' committed values are their model values.
    var snapshotPool = SnapshotPool()
    /// Where a slot's `model` lies inside it (a stored property: always known), for
    /// `markDirty`'s copy into the pool (an instance constant: no lazy-global check per call).
    let modelOffset = MemoryLayout<LayerSlot>.offset(of: \LayerSlot.model)!
    var freeSnapshots = PlainStack<Int32>()
    /// Committed values saved by typed implicit changes instead of snapshots, chained per
    /// layer (see `LayerSlot.snapshot`); emptied when no layer has a chain.
    var savedValues = PlainStack<SavedValue>()
    /// Layers whose `snapshot` is a chain of saved values.
    var savedChains = 0
    /// Layers with attached animations, dense (AnimatedStore.swift); `SlotHead.animIndex`.
    var animated = AnimatedStore()
    /// Numeric implicit animations in timing groups, sampled once per group per frame
    /// (TimingGroups.swift). Slots are reused through `freeGroups`.
    var groups: [TimingGroup] = []
    var freeGroups: [Int32] = []
    /// The stamped groups: what a frame samples.
    var activeGroups: [Int32] = []
    /// Groups still taking members (not yet committed); a handful at most.
    var openGroups: [Int32] = []
    /// The group `openGroup` returned last, or -1; it may since have been stamped, freed or
    /// reused (`groups` never shrinks), so `openGroup` checks it before use.
    var lastOpenGroup: Int32 = -1
    /// Groups that lost more than half their members, re-packed after the next frame.
    var sparseGroups: [Int32] = []
    /// Attached animations on the general path (track -1); when 0 the frame skips that pass.
    var generalAnimations = 0
    /// Attached explicit animations that change a layer's look beyond its properties: a
    /// transition, or an animation of `contents` (a group's included), which the draw list
    /// shows as a cross-fade (`ExplicitState.changesLook`). When 0, the draw list skips the
    /// per-layer scan for them (`runningLook`, issue 29).
    var lookAnimations = 0
    /// Reused per tick: owners of animations that ended.
    private var finishedOwners: [Int32] = []
    /// A rare-property box no layer holds, kept from the draw list's presentation scratch
    /// when it moves on to the next animated layer, for that layer's explicit animations to
    /// write into (`LayerProperties.prepareRareWrite(reusing:)`, issue 28) instead of a new
    /// copy-on-write box per animated layer and frame. Holds at most one layer's old values,
    /// never its contents image. Lock held.
    private var spareRare: RareBox? = nil
    /// Animation delegate calls waiting for the next tick's callback phase, in order.
    var pendingCallbacks: [() -> Void] = []
    /// Property animators that are running (R17.11): each tick checks whether they reached
    /// their end. Empty unless a host runs one.
    var runningAnimators: [PropertyAnimator] = []
    /// Counter for the private keys of animations added without a key.
    var anonymousKeys: UInt64 = 0
    /// The last transaction spring's solved motions and settling duration (R17.6): one
    /// transaction retargets many layers with the same spring. Lock held.
    var springMemo: SpringMemo? = nil
    /// Values whose release may run host code (a C free function behind a delegate or a
    /// custom action): dropped by the next tick after the lock is released, never under it.
    var graveyard: [Any] = []
    /// The per-engine default actions (R5's registry).
    var defaultActions: [String: ActionEntry] = [:]
    /// Layers that ever had a non-default beginTime/speed/timeOffset; while 0, every layer's
    /// time is engine time and no chain is walked.
    var timedLayers = 0
    /// Reused by `localTime` for the timed layers on a path (kept to avoid a per-call allocation).
    var timePathScratch: [Int32] = []
    /// Live replicator layers (RS-13); while 0, a draw list skips the expansion bound.
    var replicatorLayers = 0
    /// Set by tests: the draw list asks ``localTime(_:at:)`` for every layer instead of carrying
    /// local times down the tree (``drawListInheritsLocalTime``). Lock held.
    var drawListWalksLocalTime = false
    /// Reused by `checkExpansion`: (slot, copies, whether evaluated at shifted times) of the
    /// subtree walk.
    var expansionScratch: [(slot: Int32, copies: Int, shifted: Bool)] = []

    // MARK: Animation side tables (kept out of the per-frame records)
    /// Timing curves by index; animations store the index, so a frame compares integers.
    var curves: [TimingFunction] = []
    var curveIndex: [TimingFunction: Int32] = [:]
    private var lastCurve: Int32 = -1
    /// Completion records waiting on an animation, by `AttachedAnimation.completionList`.
    var completionLists: [[CompletionRecord]] = []
    var freeCompletionLists: [Int32] = []

    // MARK: Keys
    /// A direct-mapped cache of parsed key paths (see `resolveKey`); a power-of-two size.
    var keyCache = [KeyCacheEntry](repeating: KeyCacheEntry(), count: 256)
    /// `Builtins.packed` and `.packedStart`, held here so a key lookup reads no lazy global.
    let packedNames = Builtins.packed
    let packedStarts = Builtins.packedStart
    /// The built-in name `resolveKeyInline` found last (its length and `PackedName` words), so
    /// a host reading one key over and over skips the lookup (issue 12). Lock held.
    var lastKeyName = (length: 0, first: UInt64(0), last: UInt64(0), id: PropertyID.bounds)

    // MARK: Custom properties
    var customProperties: [PropertyInfo] = []
    /// Damage tracking per draw-list root (Engine+Contents.swift), for roots asked about.
    var damageTrackers: [LayerID: DamageTracker] = [:]
    /// The last draw list built for a root nobody tracks yet (issue 25): its root, time, the
    /// `screenSerial` then and whether no transaction held uncommitted changes, so that the
    /// first damage query can take the same list as its baseline (Engine+Contents.swift).
    var lastUntrackedList: (root: LayerID, time: Double, serial: UInt64, clean: Bool)? = nil
    /// The reuse of unchanged draw lists (Frame/Engine+ListReuse.swift).
    var listReuse = ListReuse()
    var customByName: [String: PropertyID] = [:]

    // MARK: Text layers (R15, Engine+Text.swift)
    /// The text layout provider, or nil: text layers then lay out empty (R15.1).
    var textProvider: TextLayoutProvider? = nil
    /// Per text layer slot that has been laid out or has runs: its cached layouts and runs.
    var textStates: [Int32: TextState] = [:]

    // MARK: Transactions
    /// Per-thread stacks by thread token (ThreadState.swift): never reused, removed at thread exit.
    var stacks: [UInt64: TransactionStack] = [:]
    var lastToken: UInt64 = 0
    var lastStack: TransactionStack? = nil {
        didSet { lastStackRef = lastStack.map { Unmanaged.passUnretained($0) } }
    }
    /// `lastStack` unretained (it holds the reference), so the setter fast path borrows the
    /// stack without a retain and release per call (Engine+SetFastPath.swift).
    var lastStackRef: Unmanaged<TransactionStack>? = nil
    /// `threadStateKey.key`, held here so that `stack()` reads a field, not a lazy global.
    let threadKey = threadStateKey.key
    private var nextMark: UInt32 = 1

    // MARK: Time and callbacks
    /// The time of the last tick.
    var now: Double = 0
    var tickCount: UInt64 = 0
    /// Completions whose conditions are met, in the order they became ready.
    var readyCompletions: [CompletionRecord] = []
    /// The token of the thread currently inside tick() (including its callbacks), or 0.
    var tickingThread: UInt64 = 0

    /// This engine's identity in its layer handles (R13): no other live engine has it
    /// (`EngineTags`), so two live engines' handles never alias (R18).
    let tag: UInt16

    // MARK: Clock (R1, R2)
    /// The engine's clock, or nil when the host drives time by hand.
    var clockSource: Clock? = nil
    /// True while tick() commits its own implicit transaction: that commit begins at the tick's
    /// time. Any other commit of a hand-driven engine begins at the next tick's time (R2).
    private var committingInTick = false
    /// Layers with animations committed between two hand-driven ticks, whose begin time is the
    /// next tick's (R2). Stamped at the start of that tick.
    private var deferredBegins: [(slot: Int32, generation: UInt32)] = []
    /// What the changes committed between two hand-driven ticks replaced, until the next tick
    /// resolves their start values (R6; Engine+Handoff.swift): one block per layer and commit,
    /// the blocks' base values and replaced animations. Emptied by each tick, keeping their room.
    var handoffBlocks: [HandoffBlock] = []
    var handoffBases: [(property: PropertyID, value: Value)] = []
    var handoffReplaced: [AttachedAnimation] = []
    /// Moves whenever what is on screen may have changed without a layer's own uncommitted
    /// change: each tick, each commit (a clock's moving time too) and each immediate removal of
    /// animations. A pending animation records it when it reads its start value (R6), and its
    /// commit reads again only if it moved.
    var screenSerial: UInt64 = 0

    /// Creates an engine at time 0 with no layers, driven by hand (explicit times passed to
    /// ``tick(_:)``) unless given a `clock` (R1): then every commit begins its animations at the
    /// clock's time and ``tick()`` reads it.
    ///
    /// At most 65,535 engines are alive at once (their tags, R18); creating one more is a
    /// precondition failure here (the C ABI answers `OUT_OF_MEMORY` instead).
    public init(clock: Clock? = nil) {
        guard let t = engineTags.reserve() else {
            preconditionFailure("Lamina: no engine tag left: 65,535 engines alive at once, or tags spent by layer churn (R18)")
        }
        tag = t
        clockSource = clock
        lock = Lock()
        slotStartGeneration = engineTags.startGeneration(of: t)
    }

    /// An engine serialised by a lock that outlives it: the C ABI's handle table keeps one per
    /// slot, so a call can take the lock before it knows whether the engine is still alive
    /// (one atomic per call instead of three, issue 12). `lock` must be free and used by no
    /// other live engine.
    /// `tag` comes from `Engine.reserveTag()`, and the engine frees it when it goes.
    package init(clock: Clock? = nil, lock: Lock, tag: UInt16) {
        self.tag = tag
        clockSource = clock
        self.lock = lock
        slotStartGeneration = engineTags.startGeneration(of: tag)
    }

    /// A tag no live engine has, for ``init(clock:lock:tag:)``; nil when 65,535 engines are
    /// alive at once (R18).
    package static func reserveTag() -> UInt16? { engineTags.reserve() }

    /// A tag from ``reserveTag()`` that no engine was made with after all.
    package static func unreserveTag(_ tag: UInt16) { engineTags.retire(tag) }

    // The tag is free again only once nothing can reach the engine (R18), and the next engine
    // to get it starts its slots above every generation this one handed out, so a handle kept
    // after this engine is gone never names that engine's layers. A slot's generation only
    // grows, so the highest now is the highest ever.
    deinit {
        var highest: UInt32 = 0
        for i in 0..<slots.count { highest = max(highest, slots[head: i].generation) }
        engineTags.retire(tag, highestGeneration: max(highest, slotStartGeneration))
    }

    /// Test-only hook (issue 31): the next tag handed out is the first free one after
    /// `tag` - 1, so a test can bring the counter to the wrap without making 65,535 engines.
    package static func testingSetNextTag(_ tag: UInt16) { engineTags.testingSetNext(tag) }

    /// Test-only hook (issue 31): every free slot of this engine ages to at least
    /// `generation` (as if its layers had been created and released that many times), and
    /// slots appended later start there, so a test can reach a generation's wrap at once.
    package func testingAgeSlots(to generation: UInt32) {
        lock.withLock {
            let g = min(max(generation, slotStartGeneration), LayerID.generationMask)
            slotStartGeneration = g
            for f in freeSlots where slots[head: Int(f)].generation < g { slots[head: Int(f)].generation = g }
        }
    }

    /// Whether the calling thread is inside this engine's tick (running its callbacks), where
    /// destroying the engine or ticking it again is a misuse.
    package var isTickingOnCurrentThread: Bool {
        let token = ThreadState.current.token
        return lock.withLock { tickingThread == token }
    }

    // MARK: - Transaction stacks

    /// The calling thread's stack (created on first use). Lock held.
    func stack() -> TransactionStack {
        // The common case (the thread that called last) reads the token through the pthread
        // key without retaining the thread's state: a per-set cost (issue 12).
        if let p = pthread_getspecific(threadKey), let s = lastStack,
           Unmanaged<ThreadState>.fromOpaque(p)._withUnsafeGuaranteedRef({ $0.token }) == lastToken {
            return s
        }
        let state = ThreadState.current
        let tid = state.token
        if tid == lastToken, let s = lastStack { return s }
        let s: TransactionStack
        if let existing = stacks[tid] {
            s = existing
        } else {
            s = TransactionStack(mark: nextMark)
            nextMark &+= 1
            if nextMark == 0 { nextMark = 1 }
            stacks[tid] = s
            state.register(self)
        }
        lastToken = tid
        lastStack = s
        return s
    }

    // MARK: - Handles

    /// Resolves a layer handle to its slot index, or throws `staleHandle`. Lock held.
    func resolve(_ id: LayerID) throws(LaminaError) -> Int32 {
        let index = Int(id.slot)
        guard id.rawValue != 0, id.engineTag == tag, index < slots.count,
              slots[head: index].names(id.generation)
        else {
            throw LaminaError(.staleHandle, "layer handle \(id.rawValue) is not alive in this engine")
        }
        return Int32(index)
    }

    func handle(_ slot: Int32) -> LayerID {
        LayerID(slot: UInt32(slot), generation: slots[head: Int(slot)].generation, engine: tag)
    }

    // MARK: - Dirty tracking and commit

    /// Records that `slot` changes in the calling thread's transaction group, snapshotting its
    /// committed values first so the presentation keeps showing them (CA-1.3). A layer with
    /// saved values (`markDirty(_:saving:in:)`) gets its snapshot now: its model with the saved
    /// values put back. Lock held.
    func markDirty(_ slot: Int32, in s: TransactionStack) {
        s.ensureOpen()
        let ls = slots.pointer(Int(slot))
        let head = slots.headPointer(Int(slot))
        if head.pointee.everCommitted, ls.pointee.snapshot < 0 {
            let chain = ls.pointee.snapshot
            // Copied from the slot straight into the pool: one copy, no temporary.
            let model = (UnsafeRawPointer(ls) + modelOffset).assumingMemoryBound(to: LayerProperties.self)
            let index: Int32
            if let free = freeSnapshots.pop() {
                snapshotPool.assign(Int(free), from: model)
                index = free
            } else {
                index = Int32(truncatingIfNeeded: snapshotPool.append(copying: model))
            }
            ls.pointee.snapshot = index
            if chain < -1 {
                putSaved(chain, into: &snapshotPool[Int(index)])
                dropChain()
            }
        }
        markListed(ls, head, slot, in: s)
    }

    /// `markDirty` for a typed implicit change of `property`, an inline scalar (opacity,
    /// position, zPosition or anchorPoint), before the model changes: instead of a snapshot of
    /// the whole layer (128 bytes and a copy), the property's committed value is saved, unless
    /// the layer has a snapshot or that value is saved already. The layer's other values are
    /// still their committed ones (issue 12: a big transaction's memory). Lock held.
    @inline(__always)
    func markDirty(_ slot: Int32, saving property: PropertyID, in s: TransactionStack) {
        s.ensureOpen()
        let ls = slots.pointer(Int(slot))
        let head = slots.headPointer(Int(slot))
        let snap = ls.pointee.snapshot
        if head.pointee.everCommitted, snap < 0, savedValue(snap, property) == nil {
            let model = (UnsafeRawPointer(ls) + modelOffset).assumingMemoryBound(to: LayerProperties.self)
            let value = SavedValue.saving(property, of: model)
            if snap == -1 { savedChains += 1 }
            savedValues.push(SavedValue(property: property, next: -2 - snap, value: value))
            ls.pointee.snapshot = -1 - Int32(truncatingIfNeeded: savedValues.count)
        }
        markListed(ls, head, slot, in: s)
    }

    /// Adds the layer to the transaction group's dirty list once.
    @inline(__always)
    private func markListed(
        _ ls: UnsafeMutablePointer<LayerSlot>, _ head: UnsafeMutablePointer<SlotHead>, _ slot: Int32, in s: TransactionStack
    ) {
        if ls.pointee.dirtyMark != s.mark {
            ls.pointee.dirtyMark = s.mark
            s.dirty.push((slot, head.pointee.generation))
        }
    }

    /// The committed value of `property` saved in chain `snap` (a `LayerSlot.snapshot` below
    /// 0), or nil. Lock held.
    @inline(__always)
    func savedValue(_ snap: Int32, _ property: PropertyID) -> Point? {
        var k = -2 - snap  // -1 for no chain
        while k >= 0 {
            let entry = savedValues[Int(k)]
            if entry.property == property { return entry.value }
            k = entry.next
        }
        return nil
    }

    /// Writes the values saved in chain `snap` into `p` (a copy of the layer's model), which
    /// then holds its committed values. Lock held.
    func putSaved(_ snap: Int32, into p: inout LayerProperties) {
        var k = -2 - snap
        while k >= 0 {
            let entry = savedValues[Int(k)]
            entry.restore(into: &p)
            k = entry.next
        }
    }

    /// A layer's chain of saved values is gone; the entries go with the last chain.
    private func dropChain() {
        savedChains -= 1
        if savedChains == 0 { savedValues.removeAll() }
    }

    /// Publishes the calling thread's transaction group (CA-2.3): the dirty layers' model values
    /// become committed, pending animations get the begin time `now`, pending removals go, and
    /// completions set on the committed frames are marked committed. Lock held.
    ///
    /// With a clock, `clockTime` is its reading for this commit (taken without the lock): engine
    /// time moves there first, so the animations begin at the commit (R1, R2, CA-2.14).
    func publish(_ s: TransactionStack, clockTime: Double? = nil) {
        if let t = clockTime, t.isFinite, t > now {
            now = t
            screenSerial &+= 1
            // What a hand-driven commit left for the next tick begins here, before the frame
            // moves on (its hand-off still holds the animations it replaced, R6).
            stampDeferredBegins()
            advanceAnimations()
        }
        let deferring = isDeferringCommit
        // Changes made while publishing (none today) would go to the next commit's list.
        s.publishing.swapContents(with: &s.dirty)
        for k in 0..<s.publishing.count {
            let (slot, generation) = s.publishing.withUnsafeBufferPointer { $0[k] }
            let i = Int(slot)
            guard slots[head: i].names(generation) else { continue }
            if slots[i].dirtyMark == s.mark { slots[i].dirtyMark = 0 }
            let a = slots[head: i].animIndex
            // Start values first, while the committed values are still the ones on screen (R6).
            if a >= 0, slots[head: i].everCommitted { resolveStartValues(at: Int(a), deferring: deferring) }
            slots[head: i].everCommitted = true
            releaseSnapshot(slot)
            if a >= 0 { commitAnimations(at: Int(a)) }
        }
        s.publishing.removeAll()
        screenSerial &+= 1
        // Every snapshot is free once no layer has uncommitted changes (one thread's commit
        // may leave another's open): give a big transaction's snapshots back.
        if freeSnapshots.count == snapshotPool.count, snapshotPool.trimIfIdle() {
            let kept = Int32(truncatingIfNeeded: snapshotPool.count)
            freeSnapshots.retain { $0 < kept }
        }
    }

    /// Drops a layer's snapshot or saved values: its committed values are its model values
    /// again.
    func releaseSnapshot(_ slot: Int32) {
        let snap = slots[Int(slot)].snapshot
        if snap < -1 {
            slots[Int(slot)].snapshot = -1
            dropChain()
            return
        }
        guard snap >= 0 else { return }
        slots[Int(slot)].snapshot = -1
        // Drop references held by the copy: its box is the only one (a layer without a box
        // holds plain values, left for the next snapshot to overwrite).
        if snapshotPool[Int(snap)].hasRare { snapshotPool[Int(snap)] = LayerProperties() }
        freeSnapshots.push(snap)
    }

    /// Pending animations start at `now`; pending removals go. Edits the list in place. A
    /// started animation's value at `now` is its start value, so its output is set here and
    /// the presentation at the current frame stays exact without waiting for a tick.
    ///
    /// A hand-driven engine committing outside its tick's own commit cannot know the commit's
    /// time: the animations are stamped `now` (so they hold their start value) and restamped
    /// with the next tick's time (R2).
    private func commitAnimations(at a: Int) {
        var removedAny = false
        var deferred = false
        let deferring = isDeferringCommit
        let time = localTime(animated[a].slot, at: now)
        animated[a].animations.withUnsafeMutableBufferPointer { buf in
            for k in buf.indices {
                switch buf[k].state {
                case .pending:
                    buf[k].state = .committed
                    // beginTime 0 means "when the adding transaction commits" (CA-5.3).
                    if let e = buf[k].explicit, e.animation.timing.beginTime == 0, !e.drivenByAnimator {
                        buf[k].beginFromCommit = true
                    }
                    if deferring {
                        buf[k].awaitingTick = true
                        deferred = true
                    }
                    stamp(&buf[k], at: time)
                case .pendingRemoval: removedAny = true
                case .committed: break
                }
            }
        }
        if deferred {
            let slot = animated[a].slot
            deferredBegins.append((slot, slots[head: Int(slot)].generation))
        }
        guard removedAny else { return }
        // A change that begins at the next tick starts from the screen then: what it replaced
        // waits beside the layer until that tick reads it (R6).
        if deferring, isHandingOff(at: a) { return handOff(at: a) }
        // The replaced animations go, in order. They usually come first and the new ones after
        // them: `removeAll(where:)` would swap each new record forward (three copies of a
        // record with its key and references, most of an interrupting change's commit), where
        // `remove(at:)` moves the rest down bitwise. Many removals take the linear pass.
        var start = 0
        var removals = 0
        while let k = animated[a].animations.firstIndex(from: start, state: .pendingRemoval) {
            start = k
            removals += 1
            if removals > 8 {
                animated[a].animations.removeAll { anim in
                    guard anim.state == .pendingRemoval else { return false }
                    animationEnded(anim, finished: false)
                    return true
                }
                break
            }
            animationEnded(animated[a].animations.remove(at: k), finished: false)
        }
        if animated[a].animations.isEmpty { removeAnimatedEntry(at: a) }
    }

    /// Whether a commit now is one of a hand-driven engine outside its tick's own commit, whose
    /// animations begin at the next tick (R2).
    var isDeferringCommit: Bool { clockSource == nil && !committingInTick }

    /// Sets a committed animation's begin time (in its layer's time) and its output there.
    private func stamp(_ anim: inout AttachedAnimation, at time: Double, restamp: Bool = false) {
        anim.beginTime = time
        let active = anim.duration > 0
        if let e = anim.explicit {
            if anim.beginFromCommit { stampBegin(e, at: time) }
        } else if anim.track >= 0 {
            stampMember(&anim, at: time, deferred: anim.awaitingTick, restamp: restamp)
        } else {
            anim.current = active ? anim.from.interpolated(to: anim.to, progress: 0) : nil
        }
    }

    /// An explicit animation's begin time from its commit at `time` (CA-5.3), out of line so
    /// that `stamp` stays small enough to inline for the implicit animations it mostly stamps.
    @inline(never)
    private func stampBegin(_ e: ExplicitState, at time: Double) {
        e.animation.timing.beginTime = time + e.commitDelay
    }

    /// Gives the animations committed since the last tick of a hand-driven engine this tick's
    /// time as their begin time (R2). Lock held, `now` already moved.
    private func stampDeferredBegins() {
        guard !deferredBegins.isEmpty || !handoffBlocks.isEmpty else { return }
        for (slot, generation) in deferredBegins {
            let i = Int(slot)
            guard slots[head: i].names(generation), slots[head: i].animIndex >= 0 else { continue }
            let a = Int(slots[head: i].animIndex)
            let time = localTime(slot, at: now)
            if animated[a].handoff >= 0 { resolveHandoff(at: a, time: time) }
            animated[a].animations.withUnsafeMutableBufferPointer { buf in
                for k in buf.indices where buf[k].awaitingTick {
                    buf[k].awaitingTick = false
                    stamp(&buf[k], at: time, restamp: true)
                }
            }
        }
        // A big commit's list goes (issue 12: memory per running animation); small ones keep
        // their room for the next.
        deferredBegins.removeAll(keepingCapacity: deferredBegins.capacity <= 1024)
        // Layers that went, or lost their new animations, before this tick.
        endHandoffs()
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

    /// An animation left its layer (finished, removed or replaced): its delegate hears of it
    /// at the next tick (CA-11.4) and its completions are released. Lock held.
    func animationEnded(_ anim: AttachedAnimation, finished: Bool) {
        if anim.track >= 0 { releaseMember(anim.track, anim.member) } else { generalAnimations -= 1 }
        if let e = anim.explicit {
            graveyard.append(e)
            if e.changesLook { lookAnimations -= 1 }
        }
        if let e = anim.explicit, let didStop = e.animation.delegate?.didStop {
            let owner = e.owner
            let key = anim.key
            // Weak: a queued call must not keep a dropped engine alive (its pending callbacks,
            // and their free functions, go with it).
            pendingCallbacks.append { [weak self] in
                if let self { didStop(Layer(engine: self, id: owner), key, finished) }
            }
        }
        let list = anim.completionList
        guard list >= 0 else { return }
        for record in completionLists[Int(list)] {
            record.pendingAnimations -= 1
            enqueueIfReady(record)
        }
        completionLists[Int(list)] = []
        freeCompletionLists.append(list)
    }

    /// The curve index of a transaction's implicit animations (`timingFunction ?? .default`),
    /// looked up once per edit of its frames. Lock held.
    @inline(__always)
    func curveID(for s: TransactionStack) -> Int32 {
        if s.curve >= 0 { return s.curve }
        let c = curveID(s.timingFunction ?? .default)
        s.curve = c
        return c
    }

    /// The index of a timing curve in `curves`, adding it on first use.
    func curveID(_ t: TimingFunction) -> Int32 {
        // A transaction's changes share one curve: skip the hash for a repeat.
        if lastCurve >= 0, curves[Int(lastCurve)] == t { return lastCurve }
        if let id = curveIndex[t] {
            lastCurve = id
            return id
        }
        let id = Int32(truncatingIfNeeded: curves.count)
        curves.append(t)
        curveIndex[t] = id
        lastCurve = id
        return id
    }

    func removeAnimatedEntry(at a: Int) {
        let slot = animated[a].slot
        let last = animated.count - 1
        if a != last {
            animated.swapAt(a, last)
            slots[head: Int(animated[a].slot)].animIndex = Int32(a)
        }
        animated.removeLast()
        slots[head: Int(slot)].animIndex = -1
    }

    /// Commits the implicit transaction if no explicit one is open; otherwise remembers to
    /// commit it with the outermost explicit transaction (CA-2.5). Lock held.
    func flushLocked(_ s: TransactionStack, clockTime: Double? = nil) {
        guard !s.frames.isEmpty else { return }
        if s.explicitDepth > 0 {
            s.flushRequested = true
            return
        }
        let frame = s.frames.removeLast()
        s.hasImplicit = false
        s.flushRequested = false
        publish(s, clockTime: clockTime)
        commitCompletions(of: frame)
    }

    // MARK: - Tick

    /// One run-loop turn (R2): moves the engine time to `time`, then commits the calling
    /// thread's implicit transaction (its animations begin at `time`, as do those committed
    /// since the last tick of an engine driven by hand), starts, finishes and removes
    /// animations, and then runs the callbacks that became due, on this thread, with no lock
    /// held.
    ///
    /// It cannot fail for a finite time from the host's run loop, so it does not throw (issue
    /// 30 item 9). A programming error traps with a `Lamina:` message: a non-finite time, a
    /// tick from one of this engine's callbacks or its clock, or a tick while another thread is
    /// ticking it (R2, R18). The C ABI reports the same cases as statuses.
    public func tick(_ time: Double) {
        do {
            try tickChecked(time)
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }

    /// ``tick(_:)`` with its programming errors as `LaminaError` instead of traps, for the C ABI
    /// (whose statuses report them) and the tests of those errors.
    ///
    /// - Throws: `invalidArgument` for a non-finite time; `misuse` when called from one of this
    ///   engine's callbacks or while another thread is ticking.
    package func tickChecked(_ time: Double) throws(LaminaError) {
        guard time.isFinite else {
            throw LaminaError(.invalidArgument, "tick time must be finite, got \(time)")
        }
        let due: [CompletionRecord]
        let calls: [() -> Void]
        var released: [Any] = []
        let thread = ThreadState.current
        let token = thread.token
        if !thread.clocks.isEmpty, thread.clocks.contains(ObjectIdentifier(self)) {
            throw LaminaError(.misuse, "tick() called from inside this engine's own clock (R18)")
        }
        lock.lock()
        if tickingThread != 0 {
            let reentrant = tickingThread == token
            lock.unlock()
            throw LaminaError(
                .misuse,
                reentrant
                    ? "tick() called from inside one of this engine's callbacks"
                    : "tick() called while another thread is ticking this engine")
        }
        tickingThread = token
        keepDrawListThroughTick(to: time, quiet: deferredBegins.isEmpty)  // Frame/Engine+ListReuse.swift
        tickCount &+= 1
        // Time first, then the commit (R2): a change made while the host slept begins now.
        now = time
        screenSerial &+= 1
        stampDeferredBegins()
        if !runningAnimators.isEmpty { finishAnimators() }  // R17.17: their values commit below
        committingInTick = true
        flushLocked(stack())
        committingInTick = false
        advanceAnimations()
        calls = pendingCallbacks
        pendingCallbacks.removeAll()
        swap(&released, &graveyard)
        due = takeDueCompletions()
        lock.unlock()

        // Animation delegates first: a completion runs once its animations have stopped.
        for call in calls { call() }
        for record in due { record.callback() }
        // Host free functions run here, outside the lock. Swift may end a value's lifetime at
        // its last read, and `released` is never read: without this it could be released at the
        // swap above, under the lock (an optimised build did exactly that).
        withExtendedLifetime(released) {}

        lock.withLockForReading { tickingThread = 0 }  // changes nothing a draw list shows
    }

    /// Samples every committed animation at `now` and retires those that ended: one pass over
    /// the numeric tracks, then (only when there are any) the general-path animations. Work is
    /// proportional to the number of animations, never to the number of layers (docs/architecture.md).
    /// Lock held.
    private func advanceAnimations() {
        let time = now
        var finished = finishedOwners
        finished.removeAll(keepingCapacity: true)
        sampleGroups(at: time, finishedOwners: &finished)
        if generalAnimations > 0 { sampleGeneral(at: time, finishedOwners: &finished) }
        for owner in finished {
            let a = slots[head: Int(owner)].animIndex
            if a >= 0 { _ = retireFinished(at: Int(a), time) }
        }
        finishedOwners = finished
        compactSparseGroups()
    }

    /// Samples the general-path implicit animations (transforms, booleans, nil colours) in
    /// place, and moves explicit animations through their phases: didStart when the active
    /// period begins (CA-11.8), retirement when done and removedOnCompletion (CA-5.10); a
    /// self-contained explicit one is sampled for the frame's reads (issue 29,
    /// `ExplicitState.sample(_:at:)`).
    private func sampleGeneral(at time: Double, finishedOwners: inout [Int32]) {
        var memo = TimingMemo()
        // The layers' times at `time`, remembered across the loop (siblings and cousins).
        ParentTimeMemo.with { layerTimes in
            curves.withUnsafeBufferPointer { curves in
                for a in animated.indices {
                    let owner = animated[a].slot
                    let local = localTime(owner, at: time, memo: layerTimes)
                    animated[a].animations.withUnsafeMutableBufferPointer { buf in
                        for k in buf.indices where buf[k].track < 0 && buf[k].state != .pending {
                            // Unretained: the record holds it throughout the loop, which
                            // removes none.
                            if let u = AttachedAnimation.explicitUnretained(buf.baseAddress! + k) {
                                u._withUnsafeGuaranteedRef { e in
                                    // One timing state for the start, the sample and the end.
                                    let st = e.animation.timing.state(atParentTime: local)
                                    if !e.started, st.phase != .before {
                                        e.started = true
                                        if let didStart = e.animation.delegate?.didStart {
                                            let owner = e.owner
                                            let key = buf[k].key
                                            pendingCallbacks.append { [weak self] in
                                                if let self { didStart(Layer(engine: self, id: owner), key) }
                                            }
                                        }
                                    }
                                    // Sampled once per frame, like the implicit ones (issue 29).
                                    e.sample(st, at: local)
                                    if e.isFinished(st) { finishedOwners.append(owner) }
                                }
                            } else if local >= buf[k].endTime {
                                // removedOnCompletion (the default): gone once its active duration
                                // passed, and no value meanwhile (kept for a replicator's delayed
                                // instances, RS-13.4, it must not show its last sample).
                                buf[k].current = nil
                                finishedOwners.append(owner)
                            } else {
                                buf[k].current = buf[k].sample(at: local, curves, &memo)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Removes the finished animations of `animated[a]`; returns true when the entry itself
    /// went (another entry was swapped into `a`).
    private func retireFinished(at a: Int, _ time: Double) -> Bool {
        // Under a replicator, once its most delayed instance is done too (RS-13.4).
        let local = retirementTime(animated[a].slot, at: time)
        // animationEnded touches no animation list, so it runs inside the removal, in order
        // (no per-layer allocation when a whole group retires).
        animated[a].animations.removeAll { anim in
            guard anim.state != .pending else { return false }
            let done = anim.explicit.map { $0.isFinished(at: local) } ?? (local >= anim.endTime)
            if done { animationEnded(anim, finished: true) }
            return done
        }
        guard animated[a].animations.isEmpty else { return false }
        removeAnimatedEntry(at: a)
        return true
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
        let snap = slots[Int(slot)].snapshot
        if snap >= 0 { return snapshotPool[Int(snap)] }
        guard snap < -1 else { return slots[Int(slot)].model }
        var p = slots[Int(slot)].model
        putSaved(snap, into: &p)
        return p
    }

    /// The address of a layer's committed values when they are stored whole (its model, or
    /// its snapshot while it has uncommitted changes); nil when they are its model with saved
    /// values put back (``committedProperties(_:)`` builds those). Lock held; valid until the
    /// slots or the snapshot pool grow.
    @inline(__always)
    func committedAddress(_ slot: Int32) -> UnsafePointer<LayerProperties>? {
        let snap = slots[Int(slot)].snapshot
        if snap >= 0 { return snapshotPool.pointer(Int(snap)) }
        guard snap == -1 else { return nil }
        return (UnsafeRawPointer(slots.pointer(Int(slot))) + modelOffset).assumingMemoryBound(to: LayerProperties.self)
    }

    /// One committed property value, without copying the layer's other values.
    @inline(__always)
    func committedValue(_ slot: Int32, _ property: PropertyID, _ customDefault: Value) -> Value {
        let snap = slots[Int(slot)].snapshot
        if snap < -1, let v = savedValue(snap, property), let value = SavedValue.scalar(v, of: property).value {
            return value
        }
        // Through the buffers: the values are borrowed, not copied, for the call.
        return snap < 0
            ? slots.withUnsafeBufferPointer { $0[Int(slot)].model.get(property, customDefault: customDefault) }
            : snapshotPool[Int(snap)].get(property, customDefault: customDefault)
    }

    /// The presentation of a layer at `time`, or nil if it was never committed (R3): its
    /// committed values with its evaluated animations applied in order (CA-1.9: a later
    /// non-additive animation of a property overwrites an earlier one; additive ones add to
    /// the value beneath them). Lock held.
    ///
    /// `fresh` evaluates every animation at `time` even when it is the current frame: a commit
    /// inside a tick reads the screen at the tick's time before the tick has sampled it (R6).
    /// `holdingStarts` (a replicator instance running behind, RS-13.4): an implicit animation
    /// not yet begun at `time` shows its start value, not the committed one.
    func presentation(
        _ slot: Int32, at time: Double, fresh: Bool = false, holdingStarts: Bool = false
    ) -> LayerProperties? {
        guard slots[head: Int(slot)].everCommitted else { return nil }
        var p = committedProperties(slot)
        applyAnimations(slot, at: time, to: &p, fresh: fresh, holdingStarts: holdingStarts)
        return p
    }

    /// ``presentation(_:at:fresh:holdingStarts:)`` of a committed layer written into `out`
    /// (initialised), for the draw list: no copy of the result on its way. `local`, when given,
    /// is the layer's local time at `time` (``localTime(_:at:)``), which the draw list carries
    /// down the tree instead of walking up to the root for every animated layer. Lock held.
    @inline(__always)
    func presentation(
        _ slot: Int32, at time: Double, holdingStarts: Bool, into out: UnsafeMutablePointer<LayerProperties>,
        local: Double? = nil
    ) {
        // Assigned from where they are stored: no temporary copy on the way.
        if let committed = committedAddress(slot) {
            // The last layer's own box, kept for this one's rare writes (``spareRare``).
            if spareRare == nil, let box = out.pointee.takeUniqueRareBox() {
                // Without the layer's image: a host that let go of it sees it released
                // (the rest is overwritten when the box is reused).
                if box.value.look.contents != nil { box.value.look.contents = nil }
                spareRare = box
            }
            out.pointee = committed.pointee
        } else {
            out.pointee = committedProperties(slot)
        }
        applyAnimations(slot, at: time, to: &out.pointee, holdingStarts: holdingStarts, knownLocal: local)
    }

    /// One property's presentation value at `time`, or nil if the layer was never committed
    /// (`fresh`: see `presentation(_:at:fresh:holdingStarts:)`). Lock held.
    func presentationValue(
        _ slot: Int32, _ property: PropertyID, _ customDefault: Value, at time: Double, fresh: Bool = false
    ) -> Value? {
        guard slots[head: Int(slot)].everCommitted else { return nil }
        let a = Int(slots[head: Int(slot)].animIndex)
        if a < 0 { return committedValue(slot, property, customDefault) }  // no copy of the layer
        switch implicitValue(at: a, slot, property, at: time, fresh: fresh) {
        case .value(let v): return v
        case .committed: return committedValue(slot, property, customDefault)
        case .needsAll:
            // Explicit animations may read other values (underlying, model, groups): apply all.
            return presentation(slot, at: time, fresh: fresh)?.get(property, customDefault: customDefault)
        }
    }

    /// What the layer's implicit animations make of one property, read in place.
    private enum ImplicitRead {
        case value(Value)
        /// No animation contributes: the committed value shows.
        case committed
        /// An explicit animation comes later in the order: evaluate the whole layer.
        case needsAll
    }

    /// One property's value from the layer's animations without copying them or the layer:
    /// implicit animations are non-additive and each sets its property outright (CA-1.9), so
    /// the last one in the order with a value at `time` decides, and nothing before it matters.
    /// A numeric one's value at the current frame is its group's `out` lanes. Lock held.
    private func implicitValue(
        at a: Int, _ slot: Int32, _ property: PropertyID, at time: Double, fresh: Bool
    ) -> ImplicitRead {
        let current = time == now && !fresh
        var memo = TimingMemo()
        var local: Double? = nil
        // In place (AnimationList: the records may be inline in the entry, and its subscript
        // returns copies).
        return animated[a].animations.withUnsafeMutableBufferPointer { buf -> ImplicitRead in
            var k = buf.count
            while k > 0 {
                k -= 1
                if let e = AttachedAnimation.explicit(buf.baseAddress! + k) {
                    // Only an explicit animation that can change this property needs the whole
                    // layer evaluated (issue 29: a layer's zPosition is read for the draw list's
                    // sort, and its explicit position animation must not cost a second
                    // evaluation); one that cannot is skipped, as it leaves the value alone.
                    guard buf[k].isEvaluated, e.touches(property) else { continue }
                    return .needsAll
                }
                guard buf[k].target == property, buf[k].isEvaluated else { continue }
                let v: Value?
                if current {
                    v = buf[k].track >= 0 ? memberOutput(buf[k].track, buf[k].member, as: buf[k].valueType) : buf[k].current
                } else {
                    if local == nil { local = localTime(slot, at: time) }
                    v = sampled(buf[k], at: local!, &memo)
                }
                if let v { return .value(v) }
            }
            return .committed
        }
    }

    /// Applies the layer's evaluated animations at engine time `time` to `p`, which holds its
    /// committed values, in order. At the current frame implicit animations reuse the last
    /// tick's samples; an explicit one reuses its own at the time the tick sampled it (issue 29,
    /// `ExplicitState.sample(_:at:)`). The records are read in place. Lock held.
    private func applyAnimations(
        _ slot: Int32, at time: Double, to p: inout LayerProperties, fresh: Bool = false, holdingStarts: Bool = false,
        knownLocal: Double? = nil
    ) {
        let a = Int(slots[head: Int(slot)].animIndex)
        guard a >= 0 else { return }
        let current = time == now && !fresh
        let local = knownLocal ?? localTime(slot, at: time)
        // The committed values, which an explicit animation's evaluation reads (CA-7.2), are
        // read in place (``committedAddress(_:)``), copied only when saved values must be put
        // back: per such animation (rare), with no optional copy set up for every layer.
        var memo = TimingMemo()
        // Whether the layer has a box of its own for rare writes yet (``spareRare``).
        var prepared = false
        animated[a].animations.withUnsafeMutableBufferPointer { buf in
            guard let first = buf.baseAddress else { return }
            for k in 0..<buf.count {
                let r = first + k
                guard r.pointee.state != .pending else { continue }
                // Unretained: the record holds it throughout, and nothing here removes one.
                if let u = AttachedAnimation.explicitUnretained(r) {
                    u._withUnsafeGuaranteedRef { e in
                        if e.writesRare && !prepared {
                            prepared = true
                            if spareRare != nil { p.prepareRareWrite(reusing: &spareRare) }
                        }
                        if local == e.sampleLocal {
                            e.applySample(to: &p)
                        } else if let committed = committedAddress(slot) {
                            // Borrowed in place (issue 28): a keyframe path or additive animation
                            // the tick keeps no sample of cost a copy of the layer per frame.
                            e.contribute(at: local, into: &p, model: committed.pointee)
                        } else {
                            e.contribute(at: local, into: &p, model: committedProperties(slot))
                        }
                    }
                    continue
                }
                // Held at its start before it begins (RS-13.4); its begin time otherwise.
                let at = holdingStarts ? max(local, r.pointee.beginTime) : local
                let v: Value?
                if current {
                    v = r.pointee.track >= 0
                        ? memberOutput(r.pointee.track, r.pointee.member, as: r.pointee.valueType) : r.pointee.current
                } else {
                    v = sampled(r.pointee, at: at, &memo)
                }
                if let v { p.set(r.pointee.target, v) }
            }
        }
    }

    /// An implicit animation's value at `local` (its layer's time), computed from its timing
    /// group's lanes or its general-path endpoints rather than read from the last tick's
    /// sample; nil outside its active interval. Lock held.
    @inline(__always)
    func sampled(_ r: borrowing AttachedAnimation, at local: Double, _ memo: inout TimingMemo) -> Value? {
        if r.track >= 0 { return memberValue(r.track, r.member, at: local, as: r.valueType) }
        return curves.withUnsafeBufferPointer { r.sample(at: local, $0, &memo) }
    }

    // MARK: - Attaching animations

    /// Attaches `anim` under its key, replacing an animation with the same key (R8, CA-3.8);
    /// the new one goes to the end of the evaluation order. Pending until the commit. Lock held.
    func attach(_ anim: consuming AttachedAnimation, to slot: Int32, in s: TransactionStack) {
        if anim.explicit == nil, let ends = anim.ends, let from = ends.from.vector, let to = ends.to.vector {
            anim.valueType = ends.to.type
            (anim.track, anim.member) = addMember(
                from: from, to: to, width: anim.valueType.laneCount, duration: anim.duration,
                curve: anim.curve, owner: slot, mark: s.mark)
            anim.ends = nil
        } else {
            generalAnimations += 1
            if let e = anim.explicit, e.changesLook { lookAnimations += 1 }
        }
        attachRecord(consume anim, to: slot, in: s)
    }

    /// Attaches an implicit basic animation `from → to` of `target` (R6). Numeric endpoints join
    /// the transaction's timing group for this duration and curve; others take the general
    /// path. Lock held.
    func attachImplicit(
        key: String, target: PropertyID, from: Value, to: Value, duration: Double, curve: Int32,
        to slot: Int32, in s: TransactionStack
    ) {
        guard let f = from.vector, let t = to.vector else {
            attach(AttachedAnimation(key: key, target: target, from: from, to: to, duration: duration, curve: curve),
                   to: slot, in: s)
            return
        }
        attachImplicit(
            key: key, target: target, type: to.type, from: f, to: t, duration: duration, curve: curve,
            to: slot, in: s)
    }

    /// ``attachImplicit(key:target:from:to:duration:curve:to:in:)`` for numeric endpoints
    /// already in vector form (`Value.vector`) of a value of `type`: the animation joins the
    /// transaction's timing group for this duration and curve. Lock held.
    func attachImplicit(
        key: String, target: PropertyID, type: ValueType, from f: SIMD4<Double>, to t: SIMD4<Double>,
        duration: Double, curve: Int32, to slot: Int32, in s: TransactionStack
    ) {
        var anim = AttachedAnimation(key: key, target: target, duration: duration, curve: curve)
        anim.valueType = type
        (anim.track, anim.member) = addMember(
            from: f, to: t, width: type.laneCount, duration: duration, curve: curve, owner: slot, mark: s.mark)
        attachRecord(consume anim, to: slot, in: s)
    }

    /// Attaches an implicit spring of a whole numeric property (R17.6) in vector form, with
    /// initial velocity `velocity` per second of its layer's time: it joins the transaction's
    /// spring group for `spring` and `ownVelocity` (TimingGroups.swift). Lock held.
    func attachImplicitSpringMember(
        key: String, target: PropertyID, type: ValueType, from f: SIMD4<Double>, to t: SIMD4<Double>,
        velocity: SIMD4<Double>, spring: SpringMemo, ownVelocity: Double, to slot: Int32, in s: TransactionStack
    ) {
        var anim = AttachedAnimation(
            key: key, target: target, duration: spring.settlingDuration, curve: TimingGroup.springCurve)
        anim.valueType = type
        (anim.track, anim.member) = addSpringMember(
            from: f, to: t, velocity: velocity, width: type.laneCount, spring: spring, ownVelocity: ownVelocity,
            owner: slot, mark: s.mark)
        attachRecord(consume anim, to: slot, in: s)
    }

    /// Stores an attached animation under its key (see ``attach(_:to:in:)``). Lock held.
    private func attachRecord(_ anim: consuming AttachedAnimation, to slot: Int32, in s: TransactionStack) {
        // Until its commit a record's begin time is unused: it holds the screen's serial at
        // which its start value was read (R6, `resolveStartValues`).
        anim.beginTime = Double(screenSerial)
        // Most transactions have no completion block: check before building the list.
        if s.hasOpenCompletions {
            let completions = s.openCompletions
            for record in completions { record.pendingAnimations += 1 }
            if let free = freeCompletionLists.popLast() {
                completionLists[Int(free)] = completions
                anim.completionList = free
            } else {
                anim.completionList = Int32(truncatingIfNeeded: completionLists.count)
                completionLists.append(completions)
            }
        }
        var a = Int(slots[head: Int(slot)].animIndex)
        if a < 0 {
            a = animated.count
            // Built in place: an entry copied in would copy its inline records (retains).
            animated.append(AnimatedLayer(slot: slot))
            animated[a].animations.append(consume anim)
            slots[head: Int(slot)].animIndex = Int32(a)
            return  // a new entry has no animation to replace
        }
        // An uncommitted animation under the same key simply goes; a committed one keeps
        // running until this change commits (CA-1.3).
        var replacedPending = false
        animated[a].animations.withUnsafeMutableBufferPointer { buf in
            for k in buf.indices where buf[k].key == anim.key {
                switch buf[k].state {
                case .pending: replacedPending = true
                case .committed: buf[k].state = .pendingRemoval
                case .pendingRemoval: break
                }
            }
        }
        if replacedPending {
            let key = anim.key
            animated[a].animations.removeAll { old in
                guard old.state == .pending, old.key == key else { return false }
                animationEnded(old, finished: false)
                return true
            }
        }
        animated[a].animations.append(consume anim)
    }
}

/// Solves the timing curve once for animations that share timing — animations committed
/// together share begin time, duration and curve (docs/architecture.md), so a frame solves it about once.
struct TimingMemo {
    private var curve: Int32 = -1
    private var x: Double = .nan
    private var y: Double = 0

    @inline(__always)
    mutating func progress(_ curve: Int32, x: Double, _ curves: UnsafeBufferPointer<TimingFunction>) -> Double {
        if x == self.x, curve == self.curve { return y }
        self.curve = curve
        self.x = x
        y = curves[Int(curve)].progress(at: x)
        return y
    }
}

/// A layer handle: its engine's tag, a slot index and a generation, packed as the C ABI's
/// `lamina_layer_t` (R13: a handle names one engine's layer, never another engine's).
public struct LayerID: Hashable, Sendable, RawRepresentable {
    /// The packed value: generation in the high 24 bits, the engine's tag in the next 16 and
    /// slot + 1 in the low 24. 0 is "none".
    public let rawValue: UInt64
    /// Wraps a packed value (it is validated when used).
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Slots per engine: slot + 1 fits in 24 bits.
    static let maximumSlots = (1 << 24) - 2
    /// Generations wrap within 24 bits (skipping 0).
    static let generationMask: UInt32 = (1 << 24) - 1

    init(slot: UInt32, generation: UInt32, engine tag: UInt16) {
        rawValue = UInt64(generation & Self.generationMask) << 40 | UInt64(tag) << 24
            | UInt64((slot &+ 1) & 0xFF_FFFF)
    }

    var slot: UInt32 { UInt32(truncatingIfNeeded: rawValue & 0xFF_FFFF) &- 1 }
    var engineTag: UInt16 { UInt16(truncatingIfNeeded: rawValue >> 24) }
    var generation: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 40) }
}

/// Engine tags: 1...65535, handed out in turn, skipping the tags of engines still alive (R18):
/// a tag is reused only once its engine is gone, so no live engine accepts another live
/// engine's handles (it aliased after 65,535 more engines, issue 31 item 4). A tag also
/// remembers the highest layer generation its engines handed out, and the next engine with it
/// starts its slots above that (`startGeneration(of:)`): a handle kept after its engine was
/// destroyed is stale in every later engine too. A tag whose generations pass half the 24-bit
/// range is spent for the process (its next engine would have little room before its slots
/// retire), so fewer engines can be alive at once after such churn.
final class EngineTags: @unchecked Sendable {
    private let lock = Lock()
    private var last: UInt16 = 0
    /// One bit per tag: set while an engine (or a reservation) has it, and for a spent tag.
    private var used = [UInt64](repeating: 0, count: 1024)
    private var live = 0
    private var spent = 0
    /// Per tag, the highest layer generation its engines handed out (0: none yet); 256 KiB,
    /// made with the first engine.
    private var floors: [UInt32] = []
    /// A tag whose floor reaches this is spent.
    static let spentFloor: UInt32 = LayerID.generationMask / 2

    /// A free tag, now in use; nil when all 65,535 are (alive or spent).
    func reserve() -> UInt16? {
        lock.withLock { () -> UInt16? in
            guard live + spent < Int(UInt16.max) else { return nil }
            var t = last
            repeat {
                t = t == UInt16.max ? 1 : t + 1
            } while used[Int(t) >> 6] & (1 << UInt64(t & 63)) != 0
            used[Int(t) >> 6] |= 1 << UInt64(t & 63)
            live += 1
            last = t
            return t
        }
    }

    /// The generation the slots of an engine given tag `t` start at: one above the highest
    /// an earlier engine with it handed out.
    func startGeneration(of t: UInt16) -> UInt32 {
        lock.withLock { floors.isEmpty ? 1 : floors[Int(t)] + 1 }
    }

    /// Frees a tag (its engine is gone; its layers' generations went up to
    /// `highestGeneration`), or spends it when they went past `spentFloor`.
    func retire(_ t: UInt16, highestGeneration: UInt32 = 0) {
        lock.withLock {
            let bit: UInt64 = 1 << UInt64(t & 63)
            guard used[Int(t) >> 6] & bit != 0 else { return }
            live -= 1
            if floors.isEmpty { floors = [UInt32](repeating: 0, count: Int(UInt16.max) + 1) }
            floors[Int(t)] = max(floors[Int(t)], min(highestGeneration, LayerID.generationMask))
            if floors[Int(t)] >= Self.spentFloor {
                spent += 1  // stays marked used: never handed out again
            } else {
                used[Int(t) >> 6] &= ~bit
            }
        }
    }

    /// The next `reserve` starts looking at `t` (test-only).
    func testingSetNext(_ t: UInt16) {
        lock.withLock { last = t == 0 ? UInt16.max : t - 1 }
    }
}

let engineTags = EngineTags()

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
