// SPDX-License-Identifier: Apache-2.0
// Layer lifetime and the layer tree. Handles are index + generation (R13).

extension Engine {
    // MARK: - Lifetime

    /// Creates a layer with Core Animation's defaults (CA-13) and one host reference. It has
    /// no presentation until a transaction containing it commits (CA-1.2).
    ///
    /// - Throws: `outOfMemory` when the engine's 2²⁴−2 (16,777,214) layer slots are exhausted
    ///   (a handle packs the slot in 24 bits beside the engine's identity, R13; a slot that
    ///   held 2²⁴−1 layers in turn is retired, R18).
    package func createLayer(kind: LayerKind = .plain) throws(LaminaError) -> LayerID {
        try lock.withLock { () throws(LaminaError) -> LayerID in
            let slot: Int32
            if let reused = freeSlots.popLast() {
                slot = reused
            } else {
                guard slots.count < LayerID.maximumSlots else {
                    throw LaminaError(.outOfMemory, "too many layers")
                }
                slot = Int32(truncatingIfNeeded: slots.count)
                // Grow by half, not double: an idle layer's share of the spare capacity stays
                // within its memory budget (docs/architecture.md#layer-storage).
                if slots.count == slots.capacity { slots.reserveCapacity(max(16, slots.count + slots.count / 2)) }
                slots.appendEmpty()
                if slotStartGeneration != 1 { slots[head: Int(slot)].generation = slotStartGeneration }
            }
            // A fresh head (not committed, no animations) keeps the slot's generation.
            var head = SlotHead()
            head.generation = slots[head: Int(slot)].generation
            head.alive = true
            slots[head: Int(slot)] = head
            var fresh = LayerSlot()
            fresh.hostRefs = 1
            fresh.kind = kind
            if kind == .replicator { replicatorLayers += 1 }
            slots[Int(slot)] = fresh
            // Creating a layer is a change: it commits with the calling thread's transaction.
            markDirty(slot, in: stack())
            return handle(slot)
        }
    }

    /// The kind a layer was created with.
    ///
    /// - Throws: `staleHandle`.
    package func kind(of layer: LayerID) throws(LaminaError) -> LayerKind {
        try lock.withLock { () throws(LaminaError) -> LayerKind in
            slots[Int(try resolve(layer))].kind
        }
    }

    /// Throws `unknownKey` when `property` belongs to another kind of layer than `slot`'s
    /// (a shape layer's `path` on a plain layer, say). Lock held.
    @inline(__always)
    func checkKind(_ slot: Int32, _ property: PropertyID) throws(LaminaError) {
        guard property.isKindSpecific else { return }
        try checkKindSlow(slot, property)
    }

    private func checkKindSlow(_ slot: Int32, _ property: PropertyID) throws(LaminaError) {
        let needed = Builtins.table[Int(property.rawValue)].kind
        let have = slots[Int(slot)].kind
        guard needed != have else { return }
        throw LaminaError(
            .unknownKey,
            "'\(Builtins.table[Int(property.rawValue)].name)' is a property of \(needed) layers; this layer is a \(have) layer")
    }

    /// ``checkKind(_:_:)``, and for a filter input's key path (R19.4, R19.6) that the layer's
    /// model array has a filter of that name whose type has that input: `unknownKey` else.
    /// Lock held.
    @inline(__always)
    func checkKey(_ slot: Int32, _ key: ResolvedKey) throws(LaminaError) {
        try checkKind(slot, key.property)
        if case .filterInput(let k) = key.component { try checkFilterKey(slot, key.property, k) }
    }

    private func checkFilterKey(_ slot: Int32, _ property: PropertyID, _ k: FilterInputKey) throws(LaminaError) {
        let whole = slots[Int(slot)].model.get(property)
        let name = Builtins.table[Int(property.rawValue)].name
        guard case .filterArray(let a) = whole, let i = k.index(in: a) else {
            throw LaminaError(.unknownKey, "'\(name).\(k.name).\(k.input.name)': the layer has no filter named '\(k.name)' in '\(name)' (R19.6)")
        }
        guard a[i].value(of: k.input) != nil else {
            throw LaminaError(.unknownKey, "'\(name).\(k.name).\(k.input.name)': a \(a[i].type.name) filter has no \(k.input.name); its inputs: \(a[i].type.inputs.map(\.name).joined(separator: ", ")) (R19.6)")
        }
    }

    /// ``checkKind(_:_:)`` for a handle (resolves it). Lock held.
    func checkKind(_ layer: LayerID, _ property: PropertyID) throws(LaminaError) {
        guard property.isKindSpecific else { return }
        try checkKindSlow(try resolve(layer), property)
    }

    /// Adds a host reference to a layer.
    package func retainLayer(_ layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            guard slots[Int(slot)].hostRefs < UInt32.max else {
                throw LaminaError(.outOfMemory, "layer reference count overflow")
            }
            slots[Int(slot)].hostRefs += 1
        }
    }

    /// ``retainLayer(_:)``, returning the layer's kind (for the Swift object's class).
    package func retainLayerReadingKind(_ layer: LayerID) throws(LaminaError) -> LayerKind {
        try lock.withLock { () throws(LaminaError) -> LayerKind in
            let slot = try resolve(layer)
            guard slots[Int(slot)].hostRefs < UInt32.max else {
                throw LaminaError(.outOfMemory, "layer reference count overflow")
            }
            slots[Int(slot)].hostRefs += 1
            return slots[Int(slot)].kind
        }
    }

    /// Drops a host reference; a layer with none left and no superlayer is destroyed.
    package func releaseLayer(_ layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            guard slots[Int(slot)].hostRefs > 0 else {
                throw LaminaError(
                    .misuse, "no host reference left to release (it is kept alive by its superlayer)")
            }
            slots[Int(slot)].hostRefs -= 1
            destroyIfUnreferenced(slot)
        }
    }

    /// Whether a handle names a live layer of this engine.
    package func isAlive(_ layer: LayerID) -> Bool {
        lock.withLock { (try? resolve(layer)) != nil }
    }

    /// Destroys `slot` and, in turn, sublayers that nothing else keeps. Lock held.
    @inline(__always)
    func destroyIfUnreferenced(_ root: Int32) {
        // The common case first, with nothing allocated: the layer is still referenced (a
        // removed sublayer the host holds, a released handle of a layer in the tree).
        let r = Int(root)
        guard slots[head: r].alive, slots[r].hostRefs == 0, slots[r].parent < 0,
              slots[r].extras?.maskHost == nil else { return }
        destroyTree(root)
    }

    /// `destroyIfUnreferenced` of a layer nothing references: it and its sublayers, in turn.
    @inline(never)
    private func destroyTree(_ root: Int32) {
        var work: [Int32] = [root]
        while let slot = work.popLast() {
            let i = Int(slot)
            // A mask is kept by its host (the engine's reference, apart from the host's count).
            guard slots[head: i].alive, slots[i].hostRefs == 0, slots[i].parent < 0,
                  slots[i].extras?.maskHost == nil else { continue }
            var child = slots[i].firstChild
            while child >= 0 {
                let next = slots[Int(child)].nextSibling
                slots[Int(child)].parent = -1
                slots[Int(child)].prevSibling = -1
                slots[Int(child)].nextSibling = -1
                work.append(child)
                child = next
            }
            let a = slots[head: i].animIndex
            if a >= 0 {
                let ended = animated[Int(a)].animations
                removeAnimatedEntry(at: Int(a))
                for anim in ended { animationEnded(anim, finished: false) }
            }
            releaseSnapshot(slot)
            if slots[i].everTimed { timedLayers -= 1 }
            if slots[i].kind == .replicator { replicatorLayers -= 1 }
            if slots[i].kind == .text { textStates[slot] = nil }
            // A slot whose generation would wrap within the handle's 24 bits is retired, never
            // reused: a stale handle of its first layers would name the newest (R18).
            let generation = (slots[head: i].generation &+ 1) & LayerID.generationMask
            if let extras = slots[i].extras {
                graveyard.append(extras)
                // The engine's reference on a mask goes with its host (RS-5.3).
                if let m = extras.mask, let ms = try? resolve(m) {
                    slots[Int(ms)].extras?.maskHost = nil
                    work.append(ms)
                }
            }
            slots[i] = LayerSlot()
            var head = SlotHead()  // not alive, no animations
            head.generation = generation == 0 ? LayerID.generationMask : generation
            slots[head: i] = head
            if generation != 0 { freeSlots.append(slot) }
        }
    }

    // MARK: - Tree

    /// The superlayer, or nil.
    package func superlayer(of layer: LayerID) throws(LaminaError) -> LayerID? {
        try lock.withLock { () throws(LaminaError) -> LayerID? in
            let slot = try resolve(layer)
            let p = slots[Int(slot)].parent
            return p < 0 ? nil : handle(p)
        }
    }

    /// The sublayers, back to front.
    package func sublayers(of layer: LayerID) throws(LaminaError) -> [LayerID] {
        try lock.withLock { () throws(LaminaError) -> [LayerID] in
            let slot = try resolve(layer)
            return childSlots(slot).map(handle)
        }
    }

    /// Where to put a sublayer.
    package enum SublayerPosition: Sendable {
        /// At the end (on top).
        case end
        /// At an index, clamped to the count.
        case index(Int)
        /// Just above a sibling.
        case above(LayerID)
        /// Just below a sibling.
        case below(LayerID)
    }

    /// Inserts `child` into `parent`'s sublayers, removing it from its old superlayer first; a
    /// mask is taken off the layer it masks first (RS-5.3: that layer is its superlayer).
    ///
    /// - Throws: `misuse` for a cycle (child is parent or one of its ancestors, or a layer
    ///   whose mask holds parent: the graph stays acyclic through masks too), `notFound` if
    ///   the sibling is not a sublayer of parent, `staleHandle`.
    package func insertSublayer(
        _ child: LayerID, into parent: LayerID, at position: SublayerPosition
    ) throws(LaminaError) {
        var events = TreeEvents()
        try lock.withLock { () throws(LaminaError) in
            _ = try insertSublayerLocked(child, into: parent, at: position, events: &events, quietOnly: false)
        }
        events.post(on: self)
    }

    /// ``insertSublayer(_:into:at:)`` for a caller that holds the engine's lock and so cannot
    /// post the edit's events (the C ABI's one-atomic calls, issue 29 item 4): makes the edit
    /// and answers true when none of its events could run anything
    /// (``eventMayReact(_:_:in:)``), the common case; answers false, having changed nothing,
    /// when one could, and the caller then makes the edit through `insertSublayer`, which
    /// posts them without the lock. Throws what `insertSublayer` throws. Lock held.
    package func insertSublayerIfQuiet(
        _ child: LayerID, into parent: LayerID, at position: SublayerPosition
    ) throws(LaminaError) -> Bool {
        var events = TreeEvents()
        return try insertSublayerLocked(child, into: parent, at: position, events: &events, quietOnly: true)
    }

    /// The work of both: with `quietOnly`, false before any change when an event could react.
    /// Lock held.
    @inline(__always)
    private func insertSublayerLocked(
        _ child: LayerID, into parent: LayerID, at position: SublayerPosition, events: inout TreeEvents,
        quietOnly: Bool
    ) throws(LaminaError) -> Bool {
        let p = try resolveForEdit(parent)
        let c = try resolveForEdit(child)
        // A root that masks nothing has no owner: only the child itself would be a cycle.
        if c == p || slots[Int(p)].parent >= 0 || slots[Int(p)].extras != nil {
            try checkNoCycle(child: c, parent: p)
        }
        var sibling: Int32 = -1
        switch position {
        case .above(let s), .below(let s):
            sibling = try resolve(s)
            guard slots[Int(sibling)].parent == p else {
                throw LaminaError(.notFound, "sibling \(s.rawValue) is not a sublayer of \(parent.rawValue)")
            }
            if sibling == c { return true }  // above or below itself: where it already is
        default: break
        }
        // The thread's transaction borrowed, not retained (nothing below throws).
        return borrowedStack()._withUnsafeGuaranteedRef { s -> Bool in
            // The parent posts "sublayers" (CA-3.3); the child joins a visible tree (CA-3.2).
            let posts = slots[head: Int(p)].everCommitted
            let childExtras = slots[Int(c)].extras != nil  // read once: the mask test below needs it too
            if quietOnly && posts && (childExtras || mayReact(p))
                && (eventMayReact(p, LayerEvent.sublayers, in: s) || eventMayReact(c, LayerEvent.orderIn, in: s)) {
                return false
            }
            if slots[Int(c)].parent >= 0 { detach(c, in: s) }
            if childExtras { detachMask(c, in: s) }
            // The sibling `c` goes in front of (-1: at the end), found after `c` left.
            let next: Int32
            switch position {
            case .end: next = -1
            case .index(let n): next = childSlot(of: p, at: n)
            case .above: next = slots[Int(sibling)].nextSibling
            case .below: next = sibling
            }
            link(c, into: p, before: next)
            s.ensureOpen()
            listForEdit(p, in: s)
            listForEdit(c, in: s)
            // (Quiet: none of them could react, so there is nothing to add.)
            if posts && !quietOnly {
                events.addSublayers(on: p, parent, engine: self, in: s)
                events.addOrderIn(on: c, child, engine: self, in: s)
            }
            return true
        }
    }

    /// Removes a layer from its superlayer; it is destroyed if no host reference is left.
    package func removeFromSuperlayer(_ layer: LayerID) throws(LaminaError) {
        var events = TreeEvents()
        try lock.withLock { () throws(LaminaError) in
            _ = try removeFromSuperlayerLocked(layer, events: &events, quietOnly: false)
        }
        events.post(on: self)
    }

    /// ``removeFromSuperlayer(_:)`` for a caller that holds the engine's lock, as
    /// ``insertSublayerIfQuiet(_:into:at:)``: true when it made the edit, which posts no event;
    /// false, with nothing changed, when the superlayer's "sublayers" or the layer's
    /// onOrderOut could run something. Lock held.
    package func removeFromSuperlayerIfQuiet(_ layer: LayerID) throws(LaminaError) -> Bool {
        var events = TreeEvents()
        return try removeFromSuperlayerLocked(layer, events: &events, quietOnly: true)
    }

    /// The work of both: with `quietOnly`, false before any change when an event could react.
    /// Lock held.
    @inline(__always)
    private func removeFromSuperlayerLocked(
        _ layer: LayerID, events: inout TreeEvents, quietOnly: Bool
    ) throws(LaminaError) -> Bool {
        let c = try resolveForEdit(layer)
        let p = slots[Int(c)].parent
        guard p >= 0 else { return true }
        let done = borrowedStack()._withUnsafeGuaranteedRef { s -> Bool in
            let posts = slots[head: Int(p)].everCommitted
            if quietOnly && posts && (slots[Int(c)].extras != nil || mayReact(p))
                && (eventMayReact(p, LayerEvent.sublayers, in: s) || eventMayReact(c, LayerEvent.orderOut, in: s)) {
                return false
            }
            if posts && !quietOnly {
                // A destroyed layer's onOrderOut finds no layer and is dropped.
                events.addSublayers(on: p, handle(p), engine: self, in: s)
                events.addOrderOut(on: c, layer, engine: self, in: s)
            }
            detach(c, in: s)
            return true
        }
        guard done else { return false }
        destroyIfUnreferenced(c)
        return true
    }

    /// Whether an event of the layer could react at all: it has a delegate, actions or a style
    /// (all in its extras), or the engine has default actions. Most edits answer no here for
    /// both layers, with no transaction read (the quiet edits' first test). Lock held.
    @inline(__always)
    private func mayReact(_ slot: Int32) -> Bool {
        slots[Int(slot)].extras != nil || !defaultActions.isEmpty
    }

    /// The calling thread's transaction stack, unretained (``withStack(_:)``'s lookup, which
    /// calls its closure from two places and so kept it out of line in the tree edits). The
    /// stack stays alive: the engine holds it (`stacks`, `lastStack`). Lock held.
    @inline(__always)
    private func borrowedStack() -> Unmanaged<TransactionStack> {
        if let p = pthread_getspecific(threadKey), let u = lastStackRef,
           Unmanaged<ThreadState>.fromOpaque(p)._withUnsafeGuaranteedRef({ $0.token }) == lastToken {
            return u
        }
        return Unmanaged.passUnretained(stack())
    }

    /// Lists a layer a tree edit touched in the transaction (once), with no snapshot: an edit
    /// changes the tree, not the layer's properties, so its committed values stay its model
    /// values (issue 29 item 4: a snapshot copied the whole model on every edit). A property
    /// change later in the transaction still snapshots or saves first (`markDirty`'s tests
    /// are on the snapshot, not the listing). Lock held.
    /// (The caller opens the transaction first: `s.ensureOpen()`, once for both layers.)
    @inline(__always)
    private func listForEdit(_ slot: Int32, in s: TransactionStack) {
        let ls = slots.pointer(Int(slot))
        if ls.pointee.dirtyMark != s.mark {
            ls.pointee.dirtyMark = s.mark
            s.dirty.push((slot, slots[head: Int(slot)].generation))
        }
    }

    /// ``resolve(_:)`` inlined into the tree edits (issue 29 item 4: an edit resolves two
    /// handles), its error made out of line. Lock held.
    @inline(__always)
    private func resolveForEdit(_ id: LayerID) throws(LaminaError) -> Int32 {
        let index = Int(id.slot)
        guard id.rawValue != 0, id.engineTag == tag, index < slots.count, slots[head: index].names(id.generation) else {
            return try resolve(id)  // throws staleHandle
        }
        return Int32(index)
    }

    /// Replaces `old`, a sublayer of `parent`, with `new` at the same index (`new` leaves its
    /// superlayer, or the layer it masks, first).
    ///
    /// - Throws: `notFound` if `old` is not a sublayer of `parent`, `misuse` for a cycle (as
    ///   ``insertSublayer(_:into:at:)``), `staleHandle`.
    package func replaceSublayer(_ old: LayerID, with new: LayerID, in parent: LayerID) throws(LaminaError) {
        var events = TreeEvents()
        defer { events.post(on: self) }
        try lock.withLock { () throws(LaminaError) in
            let p = try resolve(parent)
            let o = try resolve(old)
            let n = try resolve(new)
            guard slots[Int(o)].parent == p else {
                throw LaminaError(.notFound, "layer \(old.rawValue) is not a sublayer of \(parent.rawValue)")
            }
            if o == n { return }
            try checkNoCycle(child: n, parent: p)
            let s = stack()
            detach(n, in: s)
            detachMask(n, in: s)
            let next = slots[Int(o)].nextSibling
            unlink(o)
            link(n, into: p, before: next)
            markDirty(p, in: s)
            markDirty(n, in: s)
            markDirty(o, in: s)
            if slots[head: Int(p)].everCommitted {
                // The replacement takes part in a transition (CA-3.2).
                events.addSublayers(on: p, parent, engine: self, in: s)
                events.addOrderOut(on: o, old, engine: self, in: s)
                events.addTransition(on: n, new, engine: self, in: s)
            }
            destroyIfUnreferenced(o)
        }
    }

    /// Throws `misuse` when `child` is `parent` or one of its owners: the layer graph, masks
    /// included, stays acyclic (issue 31 item 1), so every walk through it ends and releasing
    /// a subtree frees it. Lock held.
    private func checkNoCycle(child: Int32, parent: Int32) throws(LaminaError) {
        var a = parent
        var throughMask = false
        while a >= 0 {
            if a == child {
                throw LaminaError(
                    .misuse,
                    throughMask
                        ? "adding a layer under its own mask (or a sublayer of it) would make a cycle"
                        : "adding a layer under itself or its own sublayer would make a cycle")
            }
            if slots[Int(a)].parent < 0 { throughMask = true }  // the next owner is a masked layer
            a = owner(of: a)
        }
    }

    /// What keeps `slot` in the layer graph: its superlayer, or the layer it masks, or -1. A
    /// layer has at most one of them (a mask has no superlayer: assigning one takes it out of
    /// its tree, and inserting one takes it off its host, RS-5.3), so owners form a forest and
    /// a walk up them ends. Lock held.
    func owner(of slot: Int32) -> Int32 {
        let p = slots[Int(slot)].parent
        if p >= 0 { return p }
        guard let h = slots[Int(slot)].extras?.maskHost, let hs = try? resolve(h) else { return -1 }
        return hs
    }

    /// Takes a mask off the layer it masks, without destroying it (it is moving into a tree,
    /// which is its superlayer in Core Animation's terms: RS-5.3). Lock held.
    private func detachMask(_ c: Int32, in s: TransactionStack) {
        guard let h = slots[Int(c)].extras?.maskHost else { return }
        slots[Int(c)].extras?.maskHost = nil
        if let hs = try? resolve(h) {
            slots[Int(hs)].extras?.mask = nil
            markDirty(hs, in: s)
        }
        markDirty(c, in: s)
    }

    /// Unlinks `c` from its superlayer without destroying it. Lock held.
    @inline(__always)
    private func detach(_ c: Int32, in s: TransactionStack) {
        let old = slots[Int(c)].parent
        guard old >= 0 else { return }
        unlink(c)
        s.ensureOpen()
        listForEdit(old, in: s)
        listForEdit(c, in: s)
    }

    // MARK: - Sibling list

    /// Links `c` (which has no superlayer) into `p`'s sublayers in front of `next`, a sublayer
    /// of `p`, or at the end when `next` is -1. O(1). Inlined into the edits (issue 29 item 4).
    /// Lock held.
    @inline(__always)
    func link(_ c: Int32, into p: Int32, before next: Int32) {
        // Each slot's address computed once (a chunk lookup each).
        let cs = slots.pointer(Int(c)), ps = slots.pointer(Int(p))
        let prev = next >= 0 ? slots.pointer(Int(next)).pointee.prevSibling : ps.pointee.lastChild
        cs.pointee.parent = p
        cs.pointee.prevSibling = prev
        cs.pointee.nextSibling = next
        if prev >= 0 { slots.pointer(Int(prev)).pointee.nextSibling = c } else { ps.pointee.firstChild = c }
        if next >= 0 { slots.pointer(Int(next)).pointee.prevSibling = c } else { ps.pointee.lastChild = c }
        ps.pointee.childCount += 1
    }

    /// Unlinks `c` from its superlayer's sublayers (no dirty marking). O(1). Lock held.
    func unlink(_ c: Int32) {
        let cs = slots.pointer(Int(c))
        let p = cs.pointee.parent
        guard p >= 0 else { return }
        let ps = slots.pointer(Int(p))
        let prev = cs.pointee.prevSibling
        let next = cs.pointee.nextSibling
        if prev >= 0 { slots.pointer(Int(prev)).pointee.nextSibling = next } else { ps.pointee.firstChild = next }
        if next >= 0 { slots.pointer(Int(next)).pointee.prevSibling = prev } else { ps.pointee.lastChild = prev }
        ps.pointee.childCount -= 1
        cs.pointee.parent = -1
        cs.pointee.prevSibling = -1
        cs.pointee.nextSibling = -1
    }

    /// The sublayer at `index` (clamped to 0...count; -1 for count, i.e. the end), walking
    /// from the nearer end. Lock held.
    func childSlot(of p: Int32, at index: Int) -> Int32 {
        let count = Int(slots[Int(p)].childCount)
        let n = min(max(index, 0), count)
        if n == count { return -1 }
        if n <= count / 2 {
            var c = slots[Int(p)].firstChild
            for _ in 0..<n { c = slots[Int(c)].nextSibling }
            return c
        }
        var c = slots[Int(p)].lastChild
        for _ in 0..<(count - 1 - n) { c = slots[Int(c)].prevSibling }
        return c
    }

    /// The sublayers of `p`, back to front. Lock held.
    func childSlots(_ p: Int32) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(Int(slots[Int(p)].childCount))
        var c = slots[Int(p)].firstChild
        while c >= 0 {
            result.append(c)
            c = slots[Int(c)].nextSibling
        }
        return result
    }
}

/// The events a tree edit posts after it (at most three), held inline: an array of them was a
/// heap allocation per edit. Plain values (a handle and an event code each), so that carrying
/// them costs no reference counting or value witnesses.
struct TreeEvents {
    private var layers: (LayerID, LayerID, LayerID) = (LayerID(rawValue: 0), LayerID(rawValue: 0), LayerID(rawValue: 0))
    /// Event codes (`Code`), in posting order; `count` of them are set.
    private var codes: (UInt8, UInt8, UInt8) = (0, 0, 0)
    private var count = 0

    /// The tree events, by code.
    private enum Code {
        static let sublayers: UInt8 = 0
        static let orderIn: UInt8 = 1
        static let orderOut: UInt8 = 2
        static let transition: UInt8 = 3

        static func event(_ code: UInt8) -> String {
            switch code {
            case sublayers: return LayerEvent.sublayers
            case orderIn: return LayerEvent.orderIn
            case orderOut: return LayerEvent.orderOut
            default: return LayerEvent.transition
            }
        }
    }

    init() {}

    /// "sublayers" on a superlayer (CA-3.3). See ``add(_:on:_:engine:in:)``.
    @inline(__always)
    mutating func addSublayers(on slot: Int32, _ layer: @autoclosure () -> LayerID, engine: Engine, in s: TransactionStack) {
        add(Code.sublayers, on: slot, layer, engine: engine, in: s)
    }

    /// onOrderIn on a layer joining a committed tree (CA-3.2).
    @inline(__always)
    mutating func addOrderIn(on slot: Int32, _ layer: @autoclosure () -> LayerID, engine: Engine, in s: TransactionStack) {
        add(Code.orderIn, on: slot, layer, engine: engine, in: s)
    }

    /// onOrderOut on a layer leaving a committed tree (CA-3.2).
    @inline(__always)
    mutating func addOrderOut(on slot: Int32, _ layer: @autoclosure () -> LayerID, engine: Engine, in s: TransactionStack) {
        add(Code.orderOut, on: slot, layer, engine: engine, in: s)
    }

    /// "transition" on a layer replacing another (CA-3.2).
    @inline(__always)
    mutating func addTransition(on slot: Int32, _ layer: @autoclosure () -> LayerID, engine: Engine, in s: TransactionStack) {
        add(Code.transition, on: slot, layer, engine: engine, in: s)
    }

    /// Adds the event `code` for the layer `slot` (handle `layer`) after those added before,
    /// unless posting it could run nothing (issue 29 item 4; ``Engine/eventMayReact(_:_:in:)``):
    /// then the edit skips the post's two trips through the lock and the action search. Lock
    /// held.
    @inline(__always)
    private mutating func add(_ code: UInt8, on slot: Int32, _ layer: () -> LayerID, engine: Engine, in s: TransactionStack) {
        guard engine.eventMayReact(slot, Code.event(code), in: s) else { return }
        switch count {
        case 0: layers.0 = layer(); codes.0 = code
        case 1: layers.1 = layer(); codes.1 = code
        default: layers.2 = layer(); codes.2 = code
        }
        count += 1
    }

    /// Posts them in order (no lock held).
    @inline(__always)
    func post(on engine: Engine) {
        guard count > 0 else { return }
        postAll(on: engine)
    }

    private func postAll(on engine: Engine) {
        engine.post(Code.event(codes.0), to: layers.0)
        if count > 1 { engine.post(Code.event(codes.1), to: layers.1) }
        if count > 2 { engine.post(Code.event(codes.2), to: layers.2) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
