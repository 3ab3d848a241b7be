// SPDX-License-Identifier: Apache-2.0
// The next time anything on screen can change (R14): what a host may sleep until instead of
// drawing at a fixed rate, and how a layer's clock runs on (a loop, a pause, an end).

extension Engine {
    /// The next time at which anything on screen can change, so a host can sleep instead of
    /// drawing at a fixed rate: the engine's current time while something animates or waits
    /// for a tick (an animation in flight, one added but not yet committed, one finished but
    /// not yet removed, uncommitted changes, a callback due), the engine time at which the
    /// earliest delayed animation begins, and +infinity when nothing will change until the host
    /// changes something — also when the only animations left hold their end value for ever
    /// (fillMode forwards with removedOnCompletion false). A discrete keyframe animation
    /// (calculationMode discrete, CA-8.6) shows one value from a key time to the next, and a
    /// basic animation of a boolean or a string one value until its middle (R9): while only
    /// such animations run, the answer is the next key time (or the end of the cycle or of the
    /// animation), not the current time.
    ///
    /// Conservative under layer time: when a layer's clock is not the engine's (beginTime,
    /// speed or timeOffset set, CA-5.2), a delayed animation on it answers the current time, and
    /// so does a discrete keyframe animation seen by a replicator's delayed instances. An
    /// animation holding its fill under a superlayer whose clock comes back (it repeats,
    /// autoreverses, runs backwards or has not begun: a playing Lottie root) plays again, so it
    /// answers the current time too; under one that is paused or past its end, nothing moves.
    /// Under a replicator it covers every instance (RS-13.4): the current time while any
    /// instance still plays an animation (conservatively also while a delay longer than the
    /// animation leaves the instances on both sides of it), and the time at which the first
    /// instance begins one otherwise; the replicators above are looked up only for animations
    /// that instance 0 does not play at the current time.
    public var nextFrameTime: Double {
        lock.withLockForReading { nextChangeTime(after: now) }
    }

    /// How a layer's clock runs on (``clockCourse(_:at:)``).
    enum ClockCourse { case forward, still, revisits }

    /// See ``nextFrameTime``. Deliberately small: it reads only the ready completions, the
    /// transaction stacks' dirty lists and each attached animation's state and timing, so that
    /// the engine owner can adapt it when the animation storage changes. Lock held.
    func nextChangeTime(after t: Double) -> Double {
        if !readyCompletions.isEmpty { return t }
        for s in stacks.values where !s.dirty.isEmpty { return t }
        var next = Double.infinity
        for a in animated.indices {
            // A layer whose clock stands still (its or an ancestor's speed 0, QA1673's pause,
            // or an ancestor past its end) shows the same frame for ever: only a commit can
            // change it.
            let owner = animated[a].slot
            let clock = timedLayers > 0 ? clockCourse(owner, at: t) : .forward
            let frozen = clock == .still
            let local = localTime(owner, at: t)
            // Under replicators the instances see the layer at engine times t − hi … t − lo
            // (RS-13.4). Looked up only for an animation that instance 0 does not play now.
            var span: (lo: Double, hi: Double)? = replicatorLayers > 0 ? nil : (0, 0)
            for anim in animated[a].animations {
                if anim.state == .pending || anim.awaitingTick { return t }  // starts at the next commit/tick
                if frozen { continue }
                let begin: Double  // in the layer's time
                if let e = anim.explicit {
                    let timing = e.animation.timing
                    switch timing.state(atParentTime: local).phase {
                    case .active:
                        // Discrete keyframes (and switches, R9) hold their value between key
                        // times (CA-8.6): the next key time, not the next frame. Exact only on
                        // the engine's clock, and for a layer no replicator repeats later.
                        let shift = instanceShift(owner, cached: &span)
                        guard local == t, shift.lo == 0, shift.hi == 0,
                              let change = e.nextDiscreteChange(after: t) else { return t }
                        next = min(next, change)
                        continue
                    case .after:
                        // Removed at the next tick (the screen may change then; under a
                        // replicator it stays while an instance plays it); otherwise instance 0
                        // holds its fill for ever, and moves no more once the most delayed
                        // instance is done too.
                        if e.animation.isRemovedOnCompletion { return t }
                        // ...unless the layer's clock comes back to times it has passed (a
                        // looping superlayer: a playing Lottie root), when it plays again.
                        if clock == .revisits { return t }
                        let hi = instanceShift(owner, cached: &span).hi
                        if hi > 0, timing.state(atParentTime: localTime(owner, at: t - hi)).phase != .after {
                            return t
                        }
                        continue
                    case .before:
                        // An instance running ahead (a negative delay) may have begun.
                        let lo = instanceShift(owner, cached: &span).lo
                        if lo < 0, timing.state(atParentTime: localTime(owner, at: t - lo)).phase != .before {
                            return t
                        }
                        begin = timing.beginTime
                    }
                } else {
                    if local >= anim.beginTime { return t }  // in flight, or ended and due for removal
                    let lo = instanceShift(owner, cached: &span).lo
                    if lo < 0, localTime(owner, at: t - lo) >= anim.beginTime { return t }
                    begin = anim.beginTime
                }
                // The engine time at which the first instance begins (`begin + lo`, lo ≤ 0).
                next = min(next, local == t ? begin + instanceShift(owner, cached: &span).lo : t)
            }
        }
        return next
    }

    /// How a layer's clock runs from engine time `t` on, decided by the first layer of its
    /// clock chain (R16.8: a mask's is its host's), root first, whose timing settles it:
    /// `.still` when that layer's speed is 0 or it is past its end (its time then holds, and so
    /// does every time below it); `.revisits` when it has not begun yet, or is active and
    /// repeats, autoreverses or runs backwards: the clock comes back to times it has shown, so
    /// an animation finished on it may play again (a playing Lottie root, CA-5.10); `.forward`
    /// otherwise. Walks the chain iteratively. Lock held.
    func clockCourse(_ slot: Int32, at t: Double) -> ClockCourse {
        var chain: [Int32] = []
        var s = slot
        while s >= 0 {
            if slots[Int(s)].everTimed { chain.append(s) }
            s = timeParent(s)
        }
        var time = t
        for k in stride(from: chain.count - 1, through: 0, by: -1) {
            let timing = LayerProperties.layerTiming(timingValues(chain[k]))
            if timing.speed == 0 { return .still }
            if timing.duration <= 0 {
                // No active period (stage 1 only, as layerLocalTime): time maps linearly.
                if timing.speed < 0 { return .revisits }
            } else {
                switch timing.state(atParentTime: time).phase {
                case .after: return .still
                case .before: return .revisits
                case .active:
                    if timing.speed < 0 || timing.autoreverses || timing.repeatCount > 1 || timing.repeatDuration > 0 {
                        return .revisits
                    }
                }
            }
            time = timing.layerLocalTime(forParentTime: time)
        }
        return .forward
    }
}
