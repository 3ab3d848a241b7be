// SPDX-License-Identifier: Apache-2.0
// Reuse of an unchanged draw list (issue 28): when nothing the list depends on changed since a
// consumer's last list of the same root, the draw list hands that list back at O(1) instead of
// walking the tree again (docs/decisions.md, "Reusing an unchanged draw list"). A one-frame
// icon redrawn at 60 fps then costs a comparison per frame, as a compositor makes no new frame
// without damage.
//
// What "nothing changed" means is decided at one choke point, the engine's lock: every call
// that takes it through `lock()`/`withLock` counts as a change (`Lock.changes`), so a property
// set, a tree edit, an animation added or removed, a commit, a flush, a contents, text or
// filter change, a layer released — any call, present or future — invalidates the list without
// a bump of its own. Only calls known to change nothing a list shows take the lock "for reading"
// (the draw list itself, damage, nextFrameTime), and the tick, which changes what is shown only
// when something depends on time: it keeps the list valid (`keepDrawListThroughTick`) only when
// the state was found time-invariant at the last build and the tick has nothing to stamp,
// commit, finish or call back. Forgetting to mark a read costs a rebuild, never a wrong picture.

/// A consumer's record of the list it holds: the engine state's serial when it was built, its
/// root and its time. Handed back by ``Engine/visitDrawList(root:at:scratch:reusing:emit:patch:)``.
package struct DrawListStamp: Equatable, Sendable {
    /// ``ListReuse/serial`` when the list was built.
    package let serial: UInt64
    package let root: LayerID
    /// The time the list was built at (resolved: never nil).
    package let time: Double
}

/// The engine's side of draw-list reuse (one per engine, `Engine.listReuse`). Lock held.
struct ListReuse {
    /// The state's serial: moves when the lock's change count moved since it was last
    /// confirmed, i.e. when a call that may have changed something ran since.
    var serial: UInt64 = 0
    /// `Lock.changes` when `serial` was last confirmed current.
    var confirmedAt: UInt64 = 0
    /// The serial whose state was found to show the same list at every time in
    /// `invariantFrom ..< invariantUntil` (−∞ ..< +∞: no animation at all), or nil.
    var invariantSerial: UInt64? = nil
    var invariantFrom = -Double.infinity
    var invariantUntil = Double.infinity
    /// The last list built by any consumer (the damage tracker's last list is it).
    var lastBuild: DrawListStamp? = nil
    /// Off: every list is built afresh (the tests' reference path, `testingSetDrawListReuse`).
    var enabled = true
    /// Lists built (walked), not those handed back: what the tests count.
    var builds: UInt64 = 0
    /// Back-off of the animated time-invariance probe (`nextChangeTime`, O(animations) until
    /// its first live animation): skipped `probeWait` more builds, then `probeGap` after a miss,
    /// so an animating scene pays it once in up to 64 frames, and a scene that pauses is found
    /// within that many.
    var probeGap = 1
    var probeWait = 1  // (not at the first build: a one-frame host pays nothing for it)
    /// The Swift consumers: the last ``DrawList`` filled (weakly) and the last array returned.
    weak var list: DrawList? = nil
    var listStamp: DrawListStamp? = nil
    var array: [DrawRecord] = []
    var arrayStamp: DrawListStamp? = nil

    /// Whether `t` is in the time-invariance window (of `invariantSerial`).
    func isInvariant(at t: Double) -> Bool { t >= invariantFrom && t < invariantUntil }
}

extension Engine {
    /// The serial of the engine's current state (``ListReuse/serial``), moved first if a call
    /// that may have changed something ran since it was last confirmed. Lock held.
    @inline(__always)
    private func currentListSerial() -> UInt64 {
        let changes = lock.changes
        if changes != listReuse.confirmedAt {
            listReuse.serial &+= 1
            listReuse.confirmedAt = changes
        }
        return listReuse.serial
    }

    /// Whether the list `stamp` names is the list of `root` at `t` now: the state is the one it
    /// was built from, at the same time or with nothing depending on time between them, and it
    /// is the last list built (so the damage tracker holds it). Lock held.
    private func stampStillValid(_ stamp: DrawListStamp?, root: LayerID, at t: Double) -> Bool {
        guard listReuse.enabled, let stamp, stamp.root == root, stamp.serial == currentListSerial() else { return false }
        // A tracked root's damage compares with the tracker's last list: it must be this one.
        if let tracker = damageTrackers[root], !tracker.hasList || listReuse.lastBuild != stamp { return false }
        if t == stamp.time { return true }
        // Every time in from ..< until shows the same list: both times must be there.
        guard listReuse.invariantSerial == stamp.serial else { return false }
        return listReuse.isInvariant(at: t) && listReuse.isInvariant(at: stamp.time)
    }

    /// For how long from `t` nothing can change what a list shows: for ever, at every time, when
    /// there is no animation, animator, hand-off or due completion at all (the cheap answer);
    /// else until ``nextChangeTime(after:)`` (``nextFrameTime``'s notion: the next time anything
    /// on screen can change; +∞ when only frozen clocks and held fills are left, the next key
    /// time of discrete keyframes, the begin of a delayed animation), when that is later than
    /// `t`. Records the answer for the current serial. Lock held.
    private func noteTimeInvariance(at t: Double) {
        let serial = listReuse.serial
        if animated.isEmpty, runningAnimators.isEmpty, handoffBlocks.isEmpty, readyCompletions.isEmpty {
            listReuse.invariantSerial = serial
            listReuse.invariantFrom = -.infinity
            listReuse.invariantUntil = .infinity
            return
        }
        if listReuse.probeWait > 0 {
            listReuse.probeWait -= 1
            return
        }
        // The clocks first: a playing Lottie fails there at its first animation, where
        // nextChangeTime may walk every animation before it answers.
        let until = runningAnimators.isEmpty && handoffBlocks.isEmpty && animationClocksAreSimple()
            ? nextChangeTime(after: t) : t
        guard until > t else {
            listReuse.probeGap = min(listReuse.probeGap * 2, 64)
            listReuse.probeWait = listReuse.probeGap
            return
        }
        listReuse.probeGap = 1
        // Two windows of one state that overlap are one window (windows that only touch are
        // not: the list may change where one ends); otherwise the newer one is kept.
        if listReuse.invariantSerial == serial, t < listReuse.invariantUntil, until > listReuse.invariantFrom {
            listReuse.invariantFrom = min(listReuse.invariantFrom, t)
            listReuse.invariantUntil = max(listReuse.invariantUntil, until)
        } else {
            listReuse.invariantSerial = serial
            listReuse.invariantFrom = t
            listReuse.invariantUntil = until
        }
    }

    /// Whether every animated layer's clock is stopped (CA-5.12) or is the engine's own (no layer
    /// timing on it or above it): ``nextChangeTime(after:)`` reads each animation's phase at one
    /// local time, which under an ancestor's repeat, autoreverse or negative speed does not
    /// tell what a later time shows (a Lottie root loops: its held fills start again at the
    /// wrap). Anything else is taken as depending on time. Lock held.
    private func animationClocksAreSimple() -> Bool {
        guard timedLayers > 0 else { return true }
        let plain = MediaTiming()
        for a in animated.indices {
            // One walk up the layer's clock chain: stopped anywhere, or timed nowhere.
            var s = animated[a].slot
            var timed = false
            while s >= 0 {
                if slots[Int(s)].everTimed {
                    let snap = slots[Int(s)].snapshot
                    let timing = snap < 0 ? slots[Int(s)].model.layerTiming : snapshotPool[Int(snap)].layerTiming
                    if timing.speed == 0 {
                        timed = false
                        break
                    }
                    if timing != plain { timed = true }
                }
                s = timeParent(s)  // a mask's clock is its host's (R16.8)
            }
            if timed { return false }
        }
        return true
    }

    /// ``visitDrawList(root:at:scratch:emit:patch:)`` for a consumer that keeps its last list:
    /// when `stamp` (the consumer's record of it) is still valid, nothing is emitted and the
    /// answer is true — the consumer's list is the list now (its damage: none). Otherwise the
    /// list is built, `stamp` names it, and the answer is false. On a throw `stamp` is nil.
    /// Takes the lock for reading: building a list changes nothing another list shows.
    package func visitDrawList(
        root: LayerID, at time: Double?, scratch: DrawList, reusing stamp: inout DrawListStamp?,
        emit: (UnsafePointer<DrawRecord>, _ plain: Bool) -> Void, patch: (_ index: Int, _ patch: DrawRecordPatch) -> Void
    ) throws(LaminaError) -> Bool {
        try lock.withLockForReading { () throws(LaminaError) -> Bool in
            let t: Double
            switch try geometrySource(.presentation(at: time)) {
            case .presentation(let resolved): t = resolved
            case .model: t = now
            }
            if stampStillValid(stamp, root: root, at: t) {
                _ = try resolve(root)  // (cannot fail: a release would have moved the serial)
                if let tracker = damageTrackers[root] {
                    tracker.repeatLast()
                } else {
                    lastUntrackedList = (root, t, screenSerial, stacks.values.allSatisfy { $0.dirty.isEmpty })
                }
                return true
            }
            stamp = nil
            let serial = currentListSerial()
            try visitDrawListLocked(root: root, at: t, scratch: scratch, emit: emit, patch: patch)
            listReuse.builds &+= 1
            let built = DrawListStamp(serial: serial, root: root, time: t)
            listReuse.lastBuild = built
            if listReuse.enabled { noteTimeInvariance(at: t) }
            stamp = built
            return false
        }
    }

    /// The walk of ``visitDrawList(root:at:scratch:emit:patch:)``, which never hands a list
    /// back: recorded as the last list built (the damage tracker's), leaving the consumers'
    /// records valid (a walk changes nothing a list shows). Lock held.
    func visitDrawListFresh(
        root: LayerID, at time: Double?, scratch: DrawList,
        emit: (UnsafePointer<DrawRecord>, _ plain: Bool) -> Void, patch: (_ index: Int, _ patch: DrawRecordPatch) -> Void
    ) throws(LaminaError) {
        let serial = currentListSerial()
        // A `DrawList` filled here is not the list its reuse record names any more.
        if listReuse.list === scratch { listReuse.listStamp = nil }
        try visitDrawListLocked(root: root, at: time, scratch: scratch, emit: emit, patch: patch)
        listReuse.lastBuild = DrawListStamp(serial: serial, root: root, time: time ?? now)
    }

    /// ``drawList(root:at:into:)`` handing back `list` untouched when it holds the list of
    /// `root` now (the engine remembers the last list it filled, weakly).
    package func drawListReusing(root: LayerID, at time: Double? = nil, into list: DrawList) throws(LaminaError) {
        // (Nothing is emitted when the walk throws: `list` and its record stay as they were.)
        var stamp = lock.withLockForReading { listReuse.list === list ? listReuse.listStamp : nil }
        var fill = DrawListFill(list: list)
        let reused = try visitDrawList(
            root: root, at: time, scratch: list, reusing: &stamp,
            emit: { record, _ in fill.emit(record) }, patch: { fill.patch($0, $1) })
        if !reused, !fill.cleared { list.records.removeAll(keepingCapacity: true) }
        lock.withLockForReading {
            listReuse.list = list
            listReuse.listStamp = stamp
        }
    }

    /// ``drawList(root:at:)`` handing back the last array (shared, copy on write) when it is
    /// the list of `root` now.
    package func drawListReusing(root: LayerID, at time: Double? = nil) throws(LaminaError) -> [DrawRecord] {
        let (last, previous) = lock.withLockForReading { (listReuse.arrayStamp, listReuse.array) }
        var stamp = last
        var records: [DrawRecord] = []
        var reused = false
        do {
            reused = try visitDrawList(
                root: root, at: time, scratch: DrawList(), reusing: &stamp,
                emit: { record, _ in records.append(record.pointee) },
                patch: { index, patch in
                    switch patch {
                    case .descendants(let n): records[index].descendantCount = n
                    case .mask(let i, let n): records[index].maskIndex = i; records[index].maskCount = n
                    }
                })
        } catch {
            lock.withLockForReading { listReuse.arrayStamp = nil; listReuse.array = [] }
            throw error
        }
        if reused { return previous }
        lock.withLockForReading {
            listReuse.arrayStamp = stamp
            listReuse.array = records
        }
        return records
    }

    /// Called by the tick (Engine.swift, `tickChecked`) with the lock just taken, before it
    /// changes anything: when nothing but this tick ran since the last list was confirmed, the
    /// state was found to show the same list at `time` as when it was built, and the tick has nothing to stamp (`quiet`:
    /// no deferred begin), finish, commit or call back, the tick changes nothing a list shows,
    /// so the lists built before it stay valid. Lock held.
    func keepDrawListThroughTick(to time: Double, quiet: Bool) {
        guard quiet, listReuse.enabled, lock.changes == listReuse.confirmedAt &+ 1,
              listReuse.invariantSerial == listReuse.serial, listReuse.isInvariant(at: time),
              runningAnimators.isEmpty, handoffBlocks.isEmpty, readyCompletions.isEmpty, pendingCallbacks.isEmpty,
              stack().frames.isEmpty
        else { return }
        listReuse.confirmedAt = lock.changes
    }

    /// Test-only: turns the reuse of unchanged draw lists off (every list is built afresh, the
    /// reference the tests compare with) or on again.
    package func testingSetDrawListReuse(_ enabled: Bool) {
        lock.withLock {
            listReuse.enabled = enabled
            listReuse.listStamp = nil
            listReuse.arrayStamp = nil
        }
    }

    /// Test-only: how many draw lists this engine has built (walked); lists handed back
    /// unchanged are not counted.
    package var testingDrawListBuilds: UInt64 { lock.withLockForReading { listReuse.builds } }
}
