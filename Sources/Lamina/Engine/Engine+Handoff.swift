// SPDX-License-Identifier: Apache-2.0
// Hand-offs (R6, CA-3.9 in docs/semantics.md): an animation made from the presentation — an
// implicit change, a view block with beginFromCurrentState, an explicit animation without
// values (CA-7.1) — starts from what is on screen when it BEGINS, not when the change was made.
// A host that changes a property every frame (a drag, a live resize) makes each change one
// frame after the last began: read at the change, the start value would be the previous
// animation's own start, and the layer would never move.
//
// A commit knows its begin time in two of its three forms: a tick's own commit begins at the
// tick's time, a clock's at its reading. There the start values are read just before the
// commit publishes, with the layer's committed values and running animations still those on
// screen. A hand-driven engine's commit between two ticks begins at the next tick (R2): its
// layer's pre-commit committed values and the animations it replaced are kept beside it (a
// `Handoff`) until that tick reads them at its time, and then let go.

/// What the commit of a layer's changes between two hand-driven ticks replaced: the values on
/// screen it needs at the next tick, when its new animations begin (R2, R6).
struct Handoff {
    /// The layer's generation at the commit (the slot may be reused before the tick).
    var generation: UInt32
    /// The committed values, before the first such commit, of the properties whose new
    /// animations start from the screen.
    var bases: [(property: PropertyID, value: Value)] = []
    /// The animations those commits replaced, in evaluation order; still alive (their timing
    /// group lanes too) until the tick.
    var replaced: [AttachedAnimation] = []

    func base(of property: PropertyID) -> Value? {
        for b in bases where b.property == property { return b.value }
        return nil
    }
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
        return (.whole(anim.target), info(of: anim.target).defaultValue)
    }

    /// Before the commit of `animated[a]`'s layer publishes: each pending animation that starts
    /// from the screen gets the presentation at the commit's time, `now` (a tick's own commit,
    /// or a clock's), read fresh — the tick has not sampled it yet — with the layer's committed
    /// values and running animations still the ones on screen. When `deferring`, the begin time
    /// is the next tick's: the value now shows until then, and the committed values are kept in
    /// the layer's `Handoff` for that tick. Lock held; the layer was committed before.
    func resolveStartValues(at a: Int, deferring: Bool) {
        let slot = animated[a].slot
        let count = animated[a].animations.count
        // A deferred commit needs its hand-off only when something on screen can move before
        // the next tick: a layer at rest shows at that tick what it shows now.
        var handingOff: Bool? = deferring ? nil : false
        for k in 0..<count {
            let pick = animated[a].animations.withUnsafeMutableBufferPointer { buf -> (key: ResolvedKey, customDefault: Value)? in
                guard buf[k].state == .pending, Self.startsFromScreen(buf[k]) else { return nil }
                return startKey(buf[k])
            }
            guard let (key, customDefault) = pick,
                  let whole = presentationValue(slot, key.property, customDefault, at: now, fresh: true)
            else { continue }
            if handingOff == nil { handingOff = hasMovingAnimations(at: a) }
            if handingOff == true {
                openHandoff(slot)
                if handoffs[slot]!.base(of: key.property) == nil {
                    handoffs[slot]!.bases.append((key.property, committedValue(slot, key.property, customDefault)))
                }
            }
            setStartValue(ofRecord: k, at: a, key.component.extract(from: whole))
        }
    }

    /// Whether `animated[a]` has a committed animation whose value may change with time (one
    /// that waits to begin from the screen holds its start until its tick). Lock held.
    private func hasMovingAnimations(at a: Int) -> Bool {
        animated[a].animations.withUnsafeMutableBufferPointer { buf in
            buf.contains { $0.state != .pending && !($0.awaitingTick && Self.startsFromScreen($0)) }
        }
    }

    /// The layer's hand-off record, opened for this commit (one left by a dead layer in the
    /// same slot is let go first). Lock held.
    private func openHandoff(_ slot: Int32) {
        let generation = slots[head: Int(slot)].generation
        if let old = handoffs[slot] {
            if old.generation == generation { return }
            handoffs[slot] = nil
            for r in old.replaced { animationEnded(r, finished: false) }
        }
        handoffs[slot] = Handoff(generation: generation)
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
            let g = Int(track)
            let lane = Int(groups[g].members[Int(member)].lane)
            let width = Int(groups[g].members[Int(member)].width)
            let stamped = groups[g].stamped
            for c in 0..<width {
                groups[g].from[lane + c] = v[c]
                if stamped { groups[g].out[lane + c] = v[c] }
            }
        } else if let ends {
            ends.from = value
            if ends.current != nil { ends.current = value }
        }
    }

    /// A deferred commit's replaced animations move to the layer's hand-off instead of ending:
    /// the next tick reads them at its time (`resolveHandoff`). Lock held.
    func handOff(at a: Int) {
        let slot = animated[a].slot
        while let k = animated[a].animations.firstIndex(from: 0, state: .pendingRemoval) {
            handoffs[slot]!.replaced.append(animated[a].animations.remove(at: k))
        }
        if animated[a].animations.isEmpty { removeAnimatedEntry(at: a) }
    }

    /// At the tick where a deferred commit's animations begin: each that starts from the screen
    /// gets the presentation at `time` (the layer's time) as the commit left it — its committed
    /// values from before, then the animations it replaced, then those still running before it,
    /// each at `time` — and the replaced animations end (finished = false, CA-11.4). An
    /// animation that itself waits to begin from the screen adds nothing there: at its begin it
    /// shows what lies beneath it. Lock held; before the records are restamped.
    func resolveHandoff(_ handoff: Handoff, at a: Int, time: Double) {
        let slot = animated[a].slot
        if handoff.generation == slots[head: Int(slot)].generation {
            let count = animated[a].animations.count
            for k in 0..<count {
                let pick = animated[a].animations.withUnsafeMutableBufferPointer { buf -> (key: ResolvedKey, customDefault: Value)? in
                    guard buf[k].awaitingTick, Self.startsFromScreen(buf[k]) else { return nil }
                    return startKey(buf[k])
                }
                guard let (key, customDefault) = pick else { continue }
                // The model the replaced animations saw: an animation without a toValue ends
                // on the model value of its time (CA-7.1), the one from before the commit.
                var p = committedProperties(slot)
                if let base = handoff.base(of: key.property) { p.set(key.property, base) }
                let model = p
                for r in handoff.replaced { apply(r, only: key.property, at: time, to: &p, model: model) }
                for j in 0..<k {
                    let r = animated[a].animations[j]
                    if r.state != .pending { apply(r, only: key.property, at: time, to: &p, model: model) }
                }
                let whole = p.get(key.property, customDefault: customDefault)
                setStartValue(ofRecord: k, at: a, key.component.extract(from: whole))
            }
        }
        for r in handoff.replaced { animationEnded(r, finished: false) }
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
        let v: Value?
        if r.track >= 0 {
            v = memberValue(r.track, r.member, at: time, as: r.valueType)
        } else {
            var memo = TimingMemo()
            v = curves.withUnsafeBufferPointer { r.sample(at: time, $0, &memo) }
        }
        if let v { p.set(property, v) }
    }

    /// Lets go of the hand-offs no tick resolved: their layers went, or lost the animations
    /// that waited to begin. Lock held.
    func endUnresolvedHandoffs() {
        guard !handoffs.isEmpty else { return }
        let left = handoffs
        handoffs.removeAll()
        for (_, h) in left {
            for r in h.replaced { animationEnded(r, finished: false) }
        }
    }
}
