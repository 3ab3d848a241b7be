// SPDX-License-Identifier: Apache-2.0
// Hand-offs (R6, CA-3.9 and CA-7.1 in docs/semantics.md): an animation made from the
// presentation — an implicit change, a view block with beginFromCurrentState, an explicit
// animation without values (CA-7.1) — starts from what is on screen when it BEGINS, not when the
// change was made. A host that changes a property every frame (a drag, a live resize) makes each
// change one frame after the last began: read at the change, the start value would be the
// previous animation's own start, and the layer would never move.
//
// A commit knows its begin time in two of its three forms: a tick's own commit begins at the
// tick's time, a clock's at its reading. There the start values are read again just before the
// commit publishes, with the layer's committed values and running animations still those on
// screen — unless nothing on screen can have changed since the change read them
// (`Engine.screenSerial`). A hand-driven engine's commit between two ticks begins at the next
// tick (R2): its layer's pre-commit values and the animations it replaced are kept (a hand-off
// block) until that tick reads the screen as it was at its time, and then let go. The blocks live
// in three flat arrays that each tick empties, keeping their room: no allocation per layer.

/// One layer's hand-off from one commit between two hand-driven ticks: what the next tick needs
/// to read the screen as it was, when the commit's animations begin (R2, R6).
struct HandoffBlock {
    var slot: Int32
    /// The layer's generation at the commit (the slot may be reused before the tick).
    var generation: UInt32
    /// The same layer's block from an earlier commit before the same tick, or -1.
    var previous: Int32
    /// The commit's `Engine.screenSerial`.
    var serial: UInt64
    /// The committed values from before the commit of the properties whose new animations start
    /// from the screen: `Engine.handoffBases[bases]`.
    var bases: Range<Int>
    /// The animations the commit replaced, in evaluation order, still alive (their timing-group
    /// lanes too): `Engine.handoffReplaced[replaced]`.
    var replaced: Range<Int>
    /// Read by its tick (or let go): its replaced animations have ended.
    var done = false
}

extension Engine {
    /// Whether `anim` takes its start value from the presentation at its begin time (R6).
    @inline(__always)
    static func startsFromScreen(_ anim: borrowing AttachedAnimation) -> Bool {
        guard let e = anim.explicit else { return true }  // every implicit animation does
        return e.fromAtBegin
    }

    /// The property (as a resolved key) that a record's start value is read from, and its
    /// default; nil for an animation of no single property.
    private func startKey(_ anim: borrowing AttachedAnimation) -> (key: ResolvedKey, customDefault: Value)? {
        if let e = anim.explicit {
            guard let target = e.target, let info = e.targetInfo else { return nil }
            return (target, info.defaultValue)
        }
        // A built-in property's default is never read (only custom ones have one to look up).
        return (.whole(anim.target), anim.target.isCustom ? info(of: anim.target).defaultValue : .null)
    }

    /// Before the commit of `animated[a]`'s layer publishes: each pending animation that starts
    /// from the screen gets the presentation at the commit's time, `now` (a tick's own commit,
    /// or a clock's), read fresh — the tick has not sampled it yet — with the layer's committed
    /// values and running animations still the ones on screen; it keeps the value it read at
    /// the change when nothing on screen can have changed since. When `deferring`, the begin time
    /// is the next tick's: the value now shows until then, and if the layer has animations that
    /// may move before that tick, its pre-commit values go into a hand-off block (the animations
    /// the commit replaces follow in `handOff`). Lock held; the layer was committed before.
    func resolveStartValues(at a: Int, deferring: Bool) {
        let slot = animated[a].slot
        let serial = Double(screenSerial)
        // One look at the records first (every commit of an animated layer comes here): most
        // changes were read in this very frame, and most deferred commits have nothing moving.
        let (wanted, stale, moving) = animated[a].animations.withUnsafeMutableBufferPointer { buf in
            var wanted = false, stale = false, moving = false
            for k in buf.indices {
                if buf[k].state == .pending {
                    guard Self.startsFromScreen(buf[k]) else { continue }
                    wanted = true
                    if buf[k].beginTime != serial { stale = true }
                } else if !(buf[k].awaitingTick && Self.startsFromScreen(buf[k])) {
                    moving = true
                }
            }
            return (wanted, stale, moving)
        }
        guard wanted, stale || (deferring && moving) else { return }
        if deferring, moving { saveBases(at: a) }
        guard stale else { return }
        for k in 0..<animated[a].animations.count {
            let (wanted, readNow) = animated[a].animations.withUnsafeMutableBufferPointer { buf in
                (buf[k].state == .pending && Self.startsFromScreen(buf[k]), buf[k].beginTime == serial)
            }
            guard wanted, !readNow,
                  let (key, customDefault) = animated[a].animations.withUnsafeMutableBufferPointer({ startKey($0[k]) }),
                  let whole = presentationValue(slot, key.property, customDefault, at: now, fresh: true)
            else { continue }
            setStartValue(ofRecord: k, at: a, key.component.extract(from: whole))
            resolveSpringVelocity(ofRecord: k, at: a)  // R17.6: the same moment, the same animations
        }
    }

    /// Opens this deferred commit's hand-off block for `animated[a]`'s layer and saves the
    /// committed values (from before its first commit since the last tick) of the properties
    /// whose pending animations start from the screen. Lock held; before the commit publishes.
    private func saveBases(at a: Int) {
        let slot = animated[a].slot
        let block = Int(openHandoffBlock(at: a))
        let chain = Int32(block)
        // One pass over the records; it reads other engine state only (no `animated`).
        animated[a].animations.withUnsafeMutableBufferPointer { buf in
            for k in buf.indices where buf[k].state == .pending && Self.startsFromScreen(buf[k]) {
                guard let (key, customDefault) = startKey(buf[k]),
                      baseValue(of: key.property, from: chain) == nil else { continue }
                handoffBases.append((key.property, committedValue(slot, key.property, customDefault)))
            }
        }
        handoffBlocks[block].bases = handoffBlocks[block].bases.lowerBound..<handoffBases.count
    }

    /// A new hand-off block for this commit of `animated[a]`'s layer, chained to its earlier
    /// ones before the same tick. Lock held.
    private func openHandoffBlock(at a: Int) -> Int32 {
        let slot = animated[a].slot
        let h = Int32(truncatingIfNeeded: handoffBlocks.count)
        handoffBlocks.append(HandoffBlock(
            slot: slot, generation: slots[head: Int(slot)].generation, previous: animated[a].handoff,
            serial: screenSerial, bases: handoffBases.count..<handoffBases.count,
            replaced: handoffReplaced.count..<handoffReplaced.count))
        animated[a].handoff = h
        return h
    }

    /// The base value of `property` in block `h`'s chain: the oldest, from before the first of
    /// the layer's commits since the last tick. Lock held.
    private func baseValue(of property: PropertyID, from h: Int32) -> Value? {
        var found: Value? = nil
        var h = h
        while h >= 0 {
            for b in handoffBlocks[Int(h)].bases where handoffBases[b].property == property {
                found = handoffBases[b].value
            }
            h = handoffBlocks[Int(h)].previous
        }
        return found
    }

    /// Writes the start value of record `k` of `animated[a]`: its timing group's `from` lanes
    /// (and `out`, when the group is already stamped), its general-path endpoints, or its
    /// explicit animation's captured start. Lock held.
    private func setStartValue(ofRecord k: Int, at a: Int, _ value: Value) {
        let (track, member, explicit, ends) = animated[a].animations.withUnsafeMutableBufferPointer {
            ($0[k].track, $0[k].member, $0[k].explicit, $0[k].ends)
        }
        if let e = explicit {
            if e.animation.fromValue != nil { e.animation.fromValue = value } else { e.capturedFrom = value }
        } else if track >= 0 {
            guard let v = value.vector else { return }
            groups.withUnsafeMutableBufferPointer { gs in
                let g = Int(track)
                let lane = Int(gs[g].members[Int(member)].lane)
                let width = Int(gs[g].members[Int(member)].width)
                for c in 0..<width { gs[g].from[lane + c] = v[c] }
                if gs[g].stamped { for c in 0..<width { gs[g].out[lane + c] = v[c] } }
            }
        } else if let ends {
            ends.from = value
            if ends.current != nil { ends.current = value }
        }
    }

    /// Whether this commit of `animated[a]`'s layer opened a hand-off block. Lock held.
    func isHandingOff(at a: Int) -> Bool {
        let h = animated[a].handoff
        return h >= 0 && handoffBlocks[Int(h)].serial == screenSerial
    }

    /// A deferred commit's replaced animations move to its hand-off block instead of ending:
    /// the next tick reads them at its time (`resolveHandoff`). Lock held.
    func handOff(at a: Int) {
        let h = Int(animated[a].handoff)
        var start = 0  // the records after a removed one move down into its place
        while let k = animated[a].animations.firstIndex(from: start, state: .pendingRemoval) {
            start = k
            handoffReplaced.append(animated[a].animations.remove(at: k))
        }
        handoffBlocks[h].replaced = handoffBlocks[h].replaced.lowerBound..<handoffReplaced.count
        if animated[a].animations.isEmpty { removeAnimatedEntry(at: a) }
    }

    /// At the tick where a deferred commit's animations begin: each that starts from the screen
    /// gets the presentation at `time` (the layer's time) as the commits left it — the committed
    /// values from before the first, then the animations they replaced (oldest first), then
    /// those still running before it, each at `time` — and the replaced animations end
    /// (finished = false, CA-11.4). An animation that itself waits to begin from the screen adds
    /// nothing there: at its begin it shows what lies beneath it. Lock held; before the records
    /// are restamped.
    func resolveHandoff(at a: Int, time: Double) {
        let slot = animated[a].slot
        let newest = animated[a].handoff
        animated[a].handoff = -1
        // The chain, oldest block first (a layer rarely commits twice between two ticks).
        var chain: [Int32] = []
        var h = newest
        while h >= 0 {
            if handoffBlocks[Int(h)].generation == slots[head: Int(slot)].generation { chain.append(h) }
            h = handoffBlocks[Int(h)].previous
        }
        chain.reverse()
        for k in 0..<animated[a].animations.count {
            let pick = animated[a].animations.withUnsafeMutableBufferPointer { buf -> (key: ResolvedKey, customDefault: Value)? in
                guard buf[k].awaitingTick, Self.startsFromScreen(buf[k]) else { return nil }
                return startKey(buf[k])
            }
            guard let (key, customDefault) = pick else { continue }
            // The model the replaced animations saw: an animation without a toValue ends on the
            // model value of its time (CA-7.1), the one from before the commit.
            var p = committedProperties(slot)
            if let base = baseValue(of: key.property, from: newest) { p.set(key.property, base) }
            let model = p
            for b in chain {
                for r in handoffBlocks[Int(b)].replaced {
                    apply(handoffReplaced[r], only: key.property, at: time, to: &p, model: model)
                }
            }
            for j in 0..<k {
                let r = animated[a].animations[j]
                if r.state != .pending { apply(r, only: key.property, at: time, to: &p, model: model) }
            }
            let whole = p.get(key.property, customDefault: customDefault)
            setStartValue(ofRecord: k, at: a, key.component.extract(from: whole))
            let inherits = animated[a].animations.withUnsafeMutableBufferPointer {
                $0[k].explicit?.inheritsVelocity == true || ($0[k].explicit == nil && $0[k].track >= 0 && isSpringGroup($0[k].track))
            }
            if inherits {
                // R17.6: the velocity of the same animations at the same time.
                resolveHandoffSpringVelocity(ofRecord: k, at: a, time: time, chain: chain)
            }
        }
        h = newest
        while h >= 0 {
            endHandoffBlock(Int(h))
            h = handoffBlocks[Int(h)].previous
        }
    }

    /// Applies one animation's value at `time` (its layer's time) to `p`: an implicit one only
    /// if it animates `property`; one that waits to begin from the screen not at all. Lock held.
    private func apply(
        _ r: AttachedAnimation, only property: PropertyID, at time: Double, to p: inout LayerProperties,
        model: LayerProperties
    ) {
        if r.awaitingTick, Self.startsFromScreen(r) { return }
        if let e = r.explicit {
            e.contribute(at: time, into: &p, model: model)
            return
        }
        guard r.target == property else { return }
        var memo = TimingMemo()
        if let v = sampled(r, at: time, &memo) { p.set(property, v) }
    }

    /// Ends block `h`'s replaced animations once. Lock held.
    private func endHandoffBlock(_ h: Int) {
        guard !handoffBlocks[h].done else { return }
        handoffBlocks[h].done = true
        for r in handoffBlocks[h].replaced { animationEnded(handoffReplaced[r], finished: false) }
    }

    /// At the end of a tick's deferred stamps: lets go of the blocks no layer read (their layers
    /// went, or lost the animations that waited to begin), unhooks every block from its layer,
    /// and empties the arrays, keeping their room. Lock held.
    func endHandoffs() {
        guard !handoffBlocks.isEmpty else { return }
        for h in handoffBlocks.indices {
            endHandoffBlock(h)
            let slot = Int(handoffBlocks[h].slot)
            guard slot < slots.count else { continue }
            let a = Int(slots[head: slot].animIndex)
            if a >= 0, animated[a].handoff >= 0 { animated[a].handoff = -1 }
        }
        handoffBlocks.removeAll(keepingCapacity: true)
        handoffBases.removeAll(keepingCapacity: true)
        handoffReplaced.removeAll(keepingCapacity: true)
    }
}
