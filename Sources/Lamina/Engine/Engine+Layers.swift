// SPDX-License-Identifier: Apache-2.0
// Layer lifetime and the layer tree. Handles are index + generation (R13).

extension Engine {
    // MARK: - Lifetime

    /// Creates a layer with Core Animation's defaults (CA-13) and one host reference. It has
    /// no presentation until a transaction containing it commits (CA-1.2).
    ///
    /// - Throws: `outOfMemory` when the engine's 2²⁴−2 (16,777,214) layer slots are exhausted
    ///   (a handle packs the slot in 24 bits beside the engine's identity, R13).
    package func createLayer() throws(LaminaError) -> LayerID {
        try lock.withLock { () throws(LaminaError) -> LayerID in
            let slot: Int32
            if let reused = freeSlots.popLast() {
                slot = reused
            } else {
                guard slots.count < LayerID.maximumSlots else {
                    throw LaminaError(.outOfMemory, "too many layers")
                }
                slot = Int32(truncatingIfNeeded: slots.count)
                slots.append(LayerSlot())
            }
            var fresh = LayerSlot()
            fresh.generation = slots[Int(slot)].generation
            fresh.alive = true
            fresh.hostRefs = 1
            slots[Int(slot)] = fresh
            // Creating a layer is a change: it commits with the calling thread's transaction.
            markDirty(slot, in: stack())
            return handle(slot)
        }
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

    /// Drops a host reference; a layer with none left and no superlayer is destroyed.
    package func releaseLayer(_ layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(layer)
            guard slots[Int(slot)].hostRefs > 0 else {
                throw LaminaError(
                    .misuse, "layer \(layer.rawValue) has no host reference left to release (it is kept alive by its superlayer)")
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
    func destroyIfUnreferenced(_ root: Int32) {
        var work: [Int32] = [root]
        while let slot = work.popLast() {
            let i = Int(slot)
            guard slots[i].alive, slots[i].hostRefs == 0, slots[i].parent < 0 else { continue }
            for child in slots[i].children {
                slots[Int(child)].parent = -1
                work.append(child)
            }
            let a = slots[i].animIndex
            if a >= 0 {
                let ended = animated[Int(a)].animations
                removeAnimatedEntry(at: Int(a))
                for anim in ended { animationEnded(anim, finished: false) }
            }
            releaseSnapshot(slot)
            if slots[i].everTimed { timedLayers -= 1 }
            // Generations wrap within the handle's 24 bits, skipping 0.
            var generation = (slots[i].generation &+ 1) & LayerID.generationMask
            if generation == 0 { generation = 1 }
            if let extras = slots[i].extras {
                graveyard.append(extras)
                // The engine's reference on a mask goes with its host (RS-5.3).
                if let m = extras.mask, let ms = try? resolve(m) {
                    slots[Int(ms)].extras?.maskHost = nil
                    if slots[Int(ms)].hostRefs > 0 { slots[Int(ms)].hostRefs -= 1 }
                    work.append(ms)
                }
            }
            slots[i] = LayerSlot()
            slots[i].generation = generation
            freeSlots.append(slot)
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
            return slots[Int(slot)].children.map(handle)
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

    /// Inserts `child` into `parent`'s sublayers, removing it from its old superlayer first.
    ///
    /// - Throws: `misuse` for a cycle (child is parent or one of its ancestors), `notFound` if
    ///   the sibling is not a sublayer of parent, `staleHandle`.
    package func insertSublayer(
        _ child: LayerID, into parent: LayerID, at position: SublayerPosition
    ) throws(LaminaError) {
        var events: [(LayerID, String)] = []
        defer { for (layer, event) in events { post(event, to: layer) } }
        try lock.withLock { () throws(LaminaError) in
            let p = try resolve(parent)
            let c = try resolve(child)
            try checkNoCycle(child: c, parent: p)
            var sibling: Int32 = -1
            switch position {
            case .above(let s), .below(let s):
                sibling = try resolve(s)
                guard slots[Int(sibling)].parent == p else {
                    throw LaminaError(.notFound, "sibling \(s.rawValue) is not a sublayer of \(parent.rawValue)")
                }
                if sibling == c { return }  // above or below itself: where it already is
            default: break
            }
            let s = stack()
            detach(c, in: s)
            var children = slots[Int(p)].children
            let index: Int
            switch position {
            case .end: index = children.count
            case .index(let n): index = min(max(n, 0), children.count)
            case .above: index = children.firstIndex(of: sibling)! + 1
            case .below: index = children.firstIndex(of: sibling)!
            }
            children.insert(c, at: index)
            slots[Int(p)].children = children
            slots[Int(c)].parent = p
            markDirty(p, in: s)
            markDirty(c, in: s)
            if slots[Int(p)].everCommitted {
                // The parent posts "sublayers" (CA-3.3); the child joins a visible tree (CA-3.2).
                events = [(parent, LayerEvent.sublayers), (child, LayerEvent.orderIn)]
            }
        }
    }

    /// Removes a layer from its superlayer; it is destroyed if no host reference is left.
    package func removeFromSuperlayer(_ layer: LayerID) throws(LaminaError) {
        var events: [(LayerID, String)] = []
        defer { for (layer, event) in events { post(event, to: layer) } }
        try lock.withLock { () throws(LaminaError) in
            let c = try resolve(layer)
            let p = slots[Int(c)].parent
            guard p >= 0 else { return }
            if slots[Int(p)].everCommitted {
                // A destroyed layer's onOrderOut finds no layer and is dropped.
                events = [(handle(p), LayerEvent.sublayers), (layer, LayerEvent.orderOut)]
            }
            detach(c, in: stack())
            destroyIfUnreferenced(c)
        }
    }

    /// Replaces `old`, a sublayer of `parent`, with `new` at the same index.
    package func replaceSublayer(_ old: LayerID, with new: LayerID, in parent: LayerID) throws(LaminaError) {
        var events: [(LayerID, String)] = []
        defer { for (layer, event) in events { post(event, to: layer) } }
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
            let index = slots[Int(p)].children.firstIndex(of: o)!
            slots[Int(p)].children[index] = n
            slots[Int(n)].parent = p
            slots[Int(o)].parent = -1
            markDirty(p, in: s)
            markDirty(n, in: s)
            markDirty(o, in: s)
            if slots[Int(p)].everCommitted {
                // The replacement takes part in a transition (CA-3.2).
                events = [(parent, LayerEvent.sublayers), (old, LayerEvent.orderOut), (new, LayerEvent.transition)]
            }
            destroyIfUnreferenced(o)
        }
    }

    private func checkNoCycle(child: Int32, parent: Int32) throws(LaminaError) {
        var a = parent
        while a >= 0 {
            if a == child {
                throw LaminaError(.misuse, "adding a layer under itself or its own sublayer would make a cycle")
            }
            a = slots[Int(a)].parent
        }
    }

    /// Unlinks `c` from its superlayer without destroying it. Lock held.
    private func detach(_ c: Int32, in s: TransactionStack) {
        let old = slots[Int(c)].parent
        guard old >= 0 else { return }
        slots[Int(old)].children.removeAll { $0 == c }
        slots[Int(c)].parent = -1
        markDirty(old, in: s)
        markDirty(c, in: s)
    }
}
