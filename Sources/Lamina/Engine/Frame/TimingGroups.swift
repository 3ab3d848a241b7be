// SPDX-License-Identifier: Apache-2.0
// Timing groups: the per-frame hot path for numeric implicit animations (docs/architecture.md).
//
// Animations committed together share their begin time, duration and curve (R6: the
// transaction's). Each such set is one timing group: the group holds the timing once and its
// members' components as struct-of-arrays lanes (`from`, `to`, `out`), so a frame solves the
// curve once per group and then runs one multiply-add per lane. A group whose time is up
// retires all its members in that frame. Animations with other endpoints (transforms,
// booleans, nil colours) and explicit animations stay on the general path (Engine.swift).
//
// A transaction's spring (R17.6) makes spring groups: the same lanes plus each member's
// initial velocity (`vel`), the spring solved once per group, and each member's value
// to + (from − to)·X(τ) + V·G(τ), where X is the spring's displacement for no initial velocity
// and G = X − U, U its displacement for a unit one: a frame evaluates X and G once per group,
// then runs two multiply-adds per lane. Issue 27: a retargeted spring then costs what a
// retargeted curve does, with no explicit state per layer.

/// One numeric animation in a timing group: where its components live in the group's lanes.
struct GroupMember {
    /// The layer slot that owns the animation.
    var owner: Int32
    /// Its first lane in the group's `from`/`to`/`out` arrays.
    var lane: Int32
    /// Lanes used: 1 for numbers, 2 for points and sizes, 4 for rects and colours.
    var width: UInt8
    /// False once removed, replaced or finished (its lanes are dead until the group compacts).
    var alive = true
    /// Whether `out` holds its value for the last tick, when the group was sampled member by
    /// member (some layer has its own timing, so members' times differ).
    var hasOutput = false
}

/// Animations that share a begin time, duration and curve, in struct-of-arrays form.
struct TimingGroup {
    /// The begin time in the members' layer time (equal for every member by construction).
    var begin: Double = 0
    var duration: Double = 0
    /// Index into `Engine.curves`.
    var curve: Int32 = 0
    /// The transaction stack (`TransactionStack.mark`) whose changes fill the group while open.
    var mark: UInt32 = 0
    /// False for a free slot.
    var inUse = false
    /// The group's begin time is set (its first member committed); it takes no new members.
    var stamped = false
    /// Stamped by a hand-driven commit outside a tick: the next tick restamps it (R2).
    var deferred = false
    /// Whether `out` holds every member's value for the last tick (when not `perMember`).
    var hasOutput = false
    /// The last tick sampled members one by one (their layers' times differ, CA-5.11): read
    /// `GroupMember.hasOutput` instead of `hasOutput`.
    var perMember = false
    /// Queued for compaction (see `Engine.compactSparseGroups`).
    var compactQueued = false
    /// Members still alive.
    var live: Int32 = 0
    /// Index into `Engine.activeGroups` while stamped, or -1.
    var activeIndex: Int32 = -1
    var from: [Double] = []
    var to: [Double] = []
    /// The values sampled by the last tick; empty until the group is stamped, which fills it
    /// with `from` (nothing reads it before: `hasOutput` is false until then).
    var out: [Double] = []
    var members: [GroupMember] = []
    /// A spring group's motion (R17.6), or nil for a curve group (then `curve` indexes
    /// `Engine.curves`; a spring group's `curve` is `TimingGroup.springCurve`).
    var spring: SpringMemo? = nil
    /// Spring groups only: the transaction spring's own initial velocity, in distances per
    /// second (a member's velocity lanes add it times its distance, R17.6).
    var springOwnVelocity: Double = 0
    /// Spring groups only: each lane's initial velocity, per second of its layer's time.
    var vel: [Double] = []
    /// Spring groups only: (X, G, X′, G′) at `springTau`, the τ the last tick sampled (when not
    /// `perMember`): a velocity read at the current frame reuses them.
    var springSample: SIMD4<Double> = .zero
    var springTau: Double = .nan

    /// The `curve` of a spring group and of its members' records: no index into the curves.
    static let springCurve: Int32 = -1
}

extension SpringMemo {
    /// (X, G, X′, G′) at τ (R17.6): the displacement for no initial velocity, G = X − U for the
    /// displacement U for a unit one, and their rates.
    @inline(__always)
    func sample(at tau: Double) -> SIMD4<Double> {
        let x = solution.displacement(at: tau)
        let dx = solution.displacementVelocity(at: tau)
        return SIMD4(x, x - unit.displacement(at: tau), dx, dx - unit.displacementVelocity(at: tau))
    }
}

extension ValueType {
    /// Lanes a numeric value of this type takes in a timing group (see `Value.vector`).
    var laneCount: Int {
        switch self {
        case .number: 1
        case .point, .size: 2
        case .rect, .color: 4
        case .null, .transform, .bool, .string, .image, .path, .vector3, .numberArray, .colorArray, .filterArray: 0
        }
    }
}

extension Engine {
    // MARK: - Membership

    /// Adds a pending numeric animation to the open group of transaction stack `mark` with
    /// this duration and curve (opening one if needed); returns (group, member). Lock held.
    func addMember(
        from: SIMD4<Double>, to: SIMD4<Double>, width: Int, duration: Double, curve: Int32,
        owner: Int32, mark: UInt32
    ) -> (group: Int32, member: Int32) {
        let g = openGroup(duration: duration, curve: curve, mark: mark)
        let m = appendMember(g, from: from, to: to, width: width, owner: owner)
        return (g, m)
    }

    /// Adds a pending numeric spring (R17.6) to the open spring group of transaction stack
    /// `mark` for this spring and own initial velocity (opening one if needed), with initial
    /// velocity `velocity` per second of its layer's time; returns (group, member). Lock held.
    func addSpringMember(
        from: SIMD4<Double>, to: SIMD4<Double>, velocity: SIMD4<Double>, width: Int, spring: SpringMemo,
        ownVelocity: Double, owner: Int32, mark: UInt32
    ) -> (group: Int32, member: Int32) {
        let g = openSpringGroup(spring, ownVelocity: ownVelocity, mark: mark)
        let m = appendMember(g, from: from, to: to, width: width, owner: owner, velocity: velocity)
        return (g, m)
    }

    private func appendMember(
        _ g: Int32, from: SIMD4<Double>, to: SIMD4<Double>, width: Int, owner: Int32, velocity: SIMD4<Double>? = nil
    ) -> Int32 {
        let gi = Int(g)
        // One access to `groups` for the whole member, not one per lane appended.
        return groups.withUnsafeMutableBufferPointer { gs in
            let lane = Int32(truncatingIfNeeded: gs[gi].from.count)
            for c in 0..<width {
                gs[gi].from.append(from[c])
                gs[gi].to.append(to[c])
            }
            if let velocity { for c in 0..<width { gs[gi].vel.append(velocity[c]) } }
            let m = Int32(truncatingIfNeeded: gs[gi].members.count)
            gs[gi].members.append(GroupMember(owner: owner, lane: lane, width: UInt8(truncatingIfNeeded: width)))
            gs[gi].live += 1
            return m
        }
    }

    /// The open (unstamped) group for `mark`, `duration` and `curve`, or a new one.
    private func openGroup(duration: Double, curve: Int32, mark: UInt32) -> Int32 {
        // Every change of a transaction asks for the same group: try the last one first.
        let last = lastOpenGroup
        if last >= 0 {
            let g = Int(last)
            if groups[g].inUse, !groups[g].stamped, groups[g].mark == mark,
               groups[g].curve == curve, groups[g].duration == duration {
                return last
            }
        }
        lastOpenGroup = findOrOpenGroup(duration: duration, curve: curve, mark: mark)
        return lastOpenGroup
    }

    /// The open spring group for `mark`, this spring and own initial velocity, or a new one
    /// (`openGroup`'s counterpart: the same cache and list).
    private func openSpringGroup(_ spring: SpringMemo, ownVelocity: Double, mark: UInt32) -> Int32 {
        let last = lastOpenGroup
        if last >= 0, isOpenSpringGroup(Int(last), spring, ownVelocity, mark) { return last }
        var k = openGroups.count
        while k > 0 {
            k -= 1
            if isOpenSpringGroup(Int(openGroups[k]), spring, ownVelocity, mark) {
                lastOpenGroup = openGroups[k]
                return lastOpenGroup
            }
        }
        openGroups.removeAll { !groups[Int($0)].inUse || groups[Int($0)].stamped }
        let g = newGroup(duration: spring.settlingDuration, curve: TimingGroup.springCurve, mark: mark)
        groups[Int(g)].spring = spring
        groups[Int(g)].springOwnVelocity = ownVelocity
        openGroups.append(g)
        lastOpenGroup = g
        return g
    }

    @inline(__always)
    private func isOpenSpringGroup(_ g: Int, _ spring: SpringMemo, _ ownVelocity: Double, _ mark: UInt32) -> Bool {
        guard groups[g].inUse, !groups[g].stamped, groups[g].mark == mark, groups[g].curve == TimingGroup.springCurve,
              groups[g].springOwnVelocity == ownVelocity, let s = groups[g].spring else { return false }
        return s.params == spring.params
    }

    /// `openGroup` without its cache: the open groups scanned, else a new one.
    private func findOrOpenGroup(duration: Double, curve: Int32, mark: UInt32) -> Int32 {
        var k = openGroups.count
        while k > 0 {
            k -= 1
            let g = Int(openGroups[k])
            if groups[g].inUse, !groups[g].stamped, groups[g].mark == mark,
               groups[g].curve == curve, groups[g].duration == duration {
                return openGroups[k]
            }
        }
        // Forget groups that are no longer open before adding one.
        openGroups.removeAll { !groups[Int($0)].inUse || groups[Int($0)].stamped }
        let g = newGroup(duration: duration, curve: curve, mark: mark)
        openGroups.append(g)
        return g
    }

    private func newGroup(duration: Double, curve: Int32, mark: UInt32) -> Int32 {
        var group = TimingGroup()
        group.inUse = true
        group.duration = duration
        group.curve = curve
        group.mark = mark
        if let free = freeGroups.popLast() {
            groups[Int(free)] = group
            return free
        }
        groups.append(group)
        return Int32(truncatingIfNeeded: groups.count - 1)
    }

    /// A member left (removed, replaced or finished): its lanes go dead; the group goes with
    /// its last member. Lock held.
    func releaseMember(_ g: Int32, _ m: Int32) {
        let gi = Int(g)
        guard groups[gi].members[Int(m)].alive else { return }
        groups[gi].members[Int(m)].alive = false
        groups[gi].members[Int(m)].hasOutput = false
        groups[gi].live -= 1
        if groups[gi].live == 0 {
            freeGroup(g)
        } else if !groups[gi].compactQueued, groups[gi].members.count >= 64,
                  Int(groups[gi].live) * 2 < groups[gi].members.count {
            groups[gi].compactQueued = true
            sparseGroups.append(g)
        }
    }

    private func freeGroup(_ g: Int32) {
        let gi = Int(g)
        let k = Int(groups[gi].activeIndex)
        if k >= 0 {
            let last = activeGroups.count - 1
            if k != last {
                activeGroups.swapAt(k, last)
                groups[Int(activeGroups[k])].activeIndex = Int32(k)
            }
            activeGroups.removeLast()
        }
        groups[gi] = TimingGroup()  // releases the lanes
        freeGroups.append(g)
    }

    // MARK: - Commit

    /// Gives a committed numeric animation its begin time `time` (its layer's time). The first
    /// member of a group to commit stamps the group; a member committed at another time or
    /// in another way (rare: a layer with its own timing, or another thread's commit) moves to
    /// a group of its own, so a group's members always share their timing. `restamp` is the
    /// next tick's stamp of a deferred commit (R2). Lock held.
    func stampMember(_ anim: inout AttachedAnimation, at time: Double, deferred: Bool, restamp: Bool = false) {
        anim.beginTime = time
        let g = Int(anim.track)
        if !groups[g].stamped || (restamp && groups[g].deferred) {
            stampGroup(g, at: time, deferred: deferred)
            return
        }
        if groups[g].begin == time, groups[g].deferred == deferred { return }
        moveToOwnGroup(&anim, at: time, deferred: deferred)
    }

    /// `stampMember`'s rare case, out of line so that the common one stays small enough to
    /// inline into the commit: the member moves to a group of its own (its velocity lanes and
    /// spring with it), stamped at `time`. Lock held.
    @inline(never)
    private func moveToOwnGroup(_ anim: inout AttachedAnimation, at time: Double, deferred: Bool) {
        let g = Int(anim.track)
        let member = groups[g].members[Int(anim.member)]
        var from = SIMD4<Double>.zero, to = SIMD4<Double>.zero, vel = SIMD4<Double>.zero
        let spring = groups[g].spring
        for c in 0..<Int(member.width) {
            from[c] = groups[g].from[Int(member.lane) + c]
            to[c] = groups[g].to[Int(member.lane) + c]
            if spring != nil { vel[c] = groups[g].vel[Int(member.lane) + c] }
        }
        let fresh = newGroup(duration: groups[g].duration, curve: groups[g].curve, mark: 0)
        if let spring {
            groups[Int(fresh)].spring = spring
            groups[Int(fresh)].springOwnVelocity = groups[g].springOwnVelocity
        }
        let m = appendMember(
            fresh, from: from, to: to, width: Int(member.width), owner: member.owner,
            velocity: spring != nil ? vel : nil)
        releaseMember(Int32(g), anim.member)
        anim.track = fresh
        anim.member = m
        stampGroup(Int(fresh), at: time, deferred: deferred)
    }

    /// Stamps group `g`: begin time, and every member's output is its start value (the value
    /// at the commit, so the presentation is exact before the next tick).
    private func stampGroup(_ g: Int, at time: Double, deferred: Bool) {
        groups[g].stamped = true
        groups[g].begin = time
        groups[g].deferred = deferred
        // `out` is filled here in one go, not member by member as the group fills; appended
        // into its own buffer, not assigned (no copy-on-write at the next frame).
        let from = groups[g].from
        groups[g].out.removeAll(keepingCapacity: true)
        groups[g].out.append(contentsOf: from)
        groups[g].springTau = .nan
        let active = groups[g].duration > 0
        groups[g].hasOutput = active
        if groups[g].perMember {
            groups[g].members.withUnsafeMutableBufferPointer { ms in
                for k in ms.indices { ms[k].hasOutput = active && ms[k].alive }
            }
        }
        if groups[g].activeIndex < 0 {
            groups[g].activeIndex = Int32(truncatingIfNeeded: activeGroups.count)
            activeGroups.append(Int32(truncatingIfNeeded: g))
        }
    }

    // MARK: - Frame

    /// Samples every stamped group at `time`: when every layer runs on engine time (the usual
    /// case) one curve solve per group and a multiply-add per lane; a group whose time is up
    /// reports all its members' owners in `finishedOwners` at once. Otherwise members are
    /// sampled one by one in their layers' times (CA-5.11). Lock held.
    func sampleGroups(at time: Double, finishedOwners: inout [Int32]) {
        guard !activeGroups.isEmpty else { return }
        let timed = timedLayers > 0
        var memo = TimingMemo()
        curves.withUnsafeBufferPointer { curves in
            activeGroups.withUnsafeBufferPointer { active in
                groups.withUnsafeMutableBufferPointer { gs in
                    for g in active {
                        let gi = Int(g)
                        if timed {
                            sampleMembers(&gs[gi], at: time, curves, &memo, &finishedOwners)
                            continue
                        }
                        gs[gi].perMember = false
                        let begin = gs[gi].begin
                        let duration = gs[gi].duration
                        if time >= begin + duration {
                            // The same interval as AttachedAnimation.linearProgress and the
                            // retirement check: [begin, begin + duration).
                            gs[gi].hasOutput = false
                            for m in gs[gi].members where m.alive { finishedOwners.append(m.owner) }
                        } else if time < begin {
                            gs[gi].hasOutput = false  // fill mode "removed" (CA-5.9)
                        } else if let spring = gs[gi].spring {
                            Self.sampleSpring(&gs[gi], spring, tau: time - begin)
                        } else {
                            let x = min((time - begin) / duration, 1)
                            let y = memo.progress(gs[gi].curve, x: x, curves)
                            let from = gs[gi].from, to = gs[gi].to
                            from.withUnsafeBufferPointer { f in
                                to.withUnsafeBufferPointer { t in
                                    gs[gi].out.withUnsafeMutableBufferPointer { o in
                                        guard let f = f.baseAddress, let t = t.baseAddress, let o = o.baseAddress
                                        else { return }
                                        for j in 0..<from.count {
                                            o[j] = f[j] + (t[j] - f[j]) * y
                                        }
                                    }
                                }
                            }
                            gs[gi].hasOutput = true
                        }
                    }
                }
            }
        }
    }

    /// Samples spring group `group` at τ after its begin: X and G once, then
    /// to + (from − to)·X + V·G per lane (R17.6). Lock held.
    @inline(never)
    private static func sampleSpring(_ group: inout TimingGroup, _ spring: SpringMemo, tau: Double) {
        let s = spring.sample(at: tau)
        group.springSample = s
        group.springTau = tau
        let x = s[0], gv = s[1]
        let n = group.from.count
        group.from.withUnsafeBufferPointer { f in
            group.to.withUnsafeBufferPointer { t in
                group.vel.withUnsafeBufferPointer { v in
                    group.out.withUnsafeMutableBufferPointer { o in
                        guard let f = f.baseAddress, let t = t.baseAddress, let v = v.baseAddress,
                              let o = o.baseAddress else { return }
                        for j in 0..<n { o[j] = t[j] + (f[j] - t[j]) * x + v[j] * gv }
                    }
                }
            }
        }
        group.hasOutput = true
    }

    /// A spring group member's value at τ after the group's begin, in vector form (R17.6).
    @inline(__always)
    private static func springValue(_ group: borrowing TimingGroup, _ spring: SpringMemo, lane: Int, width: Int, tau: Double) -> SIMD4<Double> {
        let x = spring.solution.displacement(at: tau)
        let gv = x - spring.unit.displacement(at: tau)
        var v = SIMD4<Double>.zero
        for c in 0..<width {
            let t = group.to[lane + c]
            v[c] = t + (group.from[lane + c] - t) * x + group.vel[lane + c] * gv
        }
        return v
    }

    /// The velocity (per second of its layer's time) of member `m` of spring group `g` at its
    /// layer's time `local`, or nil outside its active interval (R17.1, R17.6). Lock held.
    func springMemberVelocity(_ g: Int32, _ m: Int32, at local: Double) -> SIMD4<Double>? {
        groups.withUnsafeBufferPointer { gs -> SIMD4<Double>? in
            let gi = Int(g)
            guard let spring = gs[gi].spring, gs[gi].stamped else { return nil }
            let begin = gs[gi].begin
            guard local >= begin, local < begin + gs[gi].duration else { return nil }
            let tau = local - begin
            // The last tick's rates when it sampled this very τ (a read at the current frame).
            let s = !gs[gi].perMember && gs[gi].springTau == tau ? gs[gi].springSample : spring.sample(at: tau)
            let lane = Int(gs[gi].members[Int(m)].lane)
            var v = SIMD4<Double>.zero
            for c in 0..<Int(gs[gi].members[Int(m)].width) {
                v[c] = (gs[gi].from[lane + c] - gs[gi].to[lane + c]) * s[2] + gs[gi].vel[lane + c] * s[3]
            }
            return v
        }
    }

    /// Sets the velocity lanes of member `m` of spring group `g` from the velocity it inherits
    /// (per second of its layer's time): V = inherited + (to − from)·own, the transaction
    /// spring's own initial velocity times the distance (R17.6), from its start value as
    /// resolved so far. Lock held.
    func setSpringMemberVelocity(_ g: Int32, _ m: Int32, inherited: SIMD4<Double>) {
        groups.withUnsafeMutableBufferPointer { gs in
            let gi = Int(g)
            guard gs[gi].spring != nil else { return }
            let own = gs[gi].springOwnVelocity
            let lane = Int(gs[gi].members[Int(m)].lane)
            for c in 0..<Int(gs[gi].members[Int(m)].width) {
                gs[gi].vel[lane + c] = inherited[c] + (gs[gi].to[lane + c] - gs[gi].from[lane + c]) * own
            }
        }
    }

    /// Whether group `g` is a spring group. Lock held.
    @inline(__always)
    func isSpringGroup(_ g: Int32) -> Bool {
        groups.withUnsafeBufferPointer { $0[Int(g)].curve == TimingGroup.springCurve }
    }

    /// A spring group member's spring, own initial velocity and velocity lanes (introspection).
    /// Lock held.
    func springMemberInfo(_ g: Int32, _ m: Int32) -> (spring: SpringMemo, own: Double, velocity: SIMD4<Double>)? {
        let gi = Int(g)
        guard let spring = groups[gi].spring else { return nil }
        let lane = Int(groups[gi].members[Int(m)].lane)
        var v = SIMD4<Double>.zero
        for c in 0..<Int(groups[gi].members[Int(m)].width) { v[c] = groups[gi].vel[lane + c] }
        return (spring, groups[gi].springOwnVelocity, v)
    }

    /// Samples a group member by member, each in its layer's time. Lock held.
    private func sampleMembers(
        _ group: inout TimingGroup, at time: Double, _ curves: UnsafeBufferPointer<TimingFunction>,
        _ memo: inout TimingMemo, _ finishedOwners: inout [Int32]
    ) {
        group.perMember = true
        group.hasOutput = false
        let begin = group.begin, duration = group.duration, curve = group.curve
        for k in group.members.indices where group.members[k].alive {
            let owner = group.members[k].owner
            let local = localTime(owner, at: time)
            if local >= begin + duration {
                group.members[k].hasOutput = false
                finishedOwners.append(owner)
            } else if local < begin {
                group.members[k].hasOutput = false
            } else if let spring = group.spring {
                let lane = Int(group.members[k].lane), width = Int(group.members[k].width)
                let v = Self.springValue(group, spring, lane: lane, width: width, tau: local - begin)
                for c in 0..<width { group.out[lane + c] = v[c] }
                group.members[k].hasOutput = true
            } else {
                let x = min((local - begin) / duration, 1)
                let y = memo.progress(curve, x: x, curves)
                let lane = Int(group.members[k].lane)
                for c in lane..<lane + Int(group.members[k].width) {
                    group.out[c] = group.from[c] + (group.to[c] - group.from[c]) * y
                }
                group.members[k].hasOutput = true
            }
        }
    }

    // MARK: - Reading

    /// A member's value as sampled by the last tick, or nil when it had none. Lock held.
    @inline(__always)
    func memberOutput(_ g: Int32, _ m: Int32, as type: ValueType) -> Value? {
        groups.withUnsafeBufferPointer { gs -> Value? in
            let member = gs[Int(g)].members[Int(m)]
            guard gs[Int(g)].perMember ? member.hasOutput : gs[Int(g)].hasOutput else { return nil }
            return gs[Int(g)].out.withUnsafeBufferPointer { Engine.value($0, at: Int(member.lane), as: type) }
        }
    }

    /// A member's value at any `time` (its layer's time), or nil outside its active interval.
    /// Lock held.
    func memberValue(_ g: Int32, _ m: Int32, at time: Double, as type: ValueType) -> Value? {
        let group = groups[Int(g)]
        guard group.stamped, time >= group.begin, time < group.begin + group.duration else { return nil }
        if let spring = group.spring {
            let member = group.members[Int(m)]
            let v = Self.springValue(group, spring, lane: Int(member.lane), width: Int(member.width), tau: time - group.begin)
            return Value.fromVector(v, as: type)
        }
        var memo = TimingMemo()
        let x = min((time - group.begin) / group.duration, 1)
        let y = curves.withUnsafeBufferPointer { memo.progress(group.curve, x: x, $0) }
        let member = group.members[Int(m)]
        var v = SIMD4<Double>.zero
        for c in 0..<Int(member.width) {
            let f = group.from[Int(member.lane) + c]
            v[c] = y == 0 ? f : f + (group.to[Int(member.lane) + c] - f) * y
        }
        return Value.fromVector(v, as: type)
    }

    /// A member's endpoints (for the introspection of an implicit animation). Lock held.
    func memberEnds(_ g: Int32, _ m: Int32, as type: ValueType) -> (from: Value, to: Value) {
        let group = groups[Int(g)]
        let member = group.members[Int(m)]
        let lane = Int(member.lane)
        let from = group.from.withUnsafeBufferPointer { Engine.value($0, at: lane, as: type) }
        let to = group.to.withUnsafeBufferPointer { Engine.value($0, at: lane, as: type) }
        return (from, to)
    }

    /// Rebuilds a value of `type` from the lanes starting at `lane` (see `Value.vector`).
    @inline(__always)
    static func value(_ lanes: UnsafeBufferPointer<Double>, at lane: Int, as type: ValueType) -> Value {
        switch type {
        case .number: return .number(lanes[lane])
        case .point: return .point(Point(x: lanes[lane], y: lanes[lane + 1]))
        case .size: return .size(Size(width: lanes[lane], height: lanes[lane + 1]))
        case .rect:
            return .rect(Rect(x: lanes[lane], y: lanes[lane + 1], width: lanes[lane + 2], height: lanes[lane + 3]))
        case .color:
            return .color(Color(red: lanes[lane], green: lanes[lane + 1], blue: lanes[lane + 2], alpha: lanes[lane + 3]))
        case .null, .transform, .bool, .string, .image, .path, .vector3, .numberArray, .colorArray, .filterArray: return .null
        }
    }

    // MARK: - Compaction

    /// Re-packs groups in which more than half of the members went (removed or replaced
    /// mid-flight), so a frame's work stays proportional to the live animations. Lock held.
    func compactSparseGroups() {
        guard !sparseGroups.isEmpty else { return }
        let queued = sparseGroups
        sparseGroups.removeAll(keepingCapacity: true)
        for g in queued {
            let gi = Int(g)
            guard groups[gi].inUse, groups[gi].compactQueued else { continue }
            groups[gi].compactQueued = false
            let old = groups[gi]
            var from: [Double] = [], to: [Double] = [], out: [Double] = [], vel: [Double] = []
            let spring = old.spring != nil
            var members: [GroupMember] = []
            members.reserveCapacity(Int(old.live))
            for (oldIndex, member) in old.members.enumerated() where member.alive {
                var moved = member
                moved.lane = Int32(truncatingIfNeeded: from.count)
                let lane = Int(member.lane)
                for c in lane..<lane + Int(member.width) {
                    from.append(old.from[c])
                    to.append(old.to[c])
                    if spring { vel.append(old.vel[c]) }
                    if old.stamped { out.append(old.out[c]) }  // an open group has no `out` yet
                }
                let newIndex = Int32(truncatingIfNeeded: members.count)
                members.append(moved)
                renumberMember(owner: member.owner, group: g, from: Int32(truncatingIfNeeded: oldIndex), to: newIndex)
            }
            groups[gi].from = from
            groups[gi].to = to
            groups[gi].out = out
            groups[gi].vel = vel
            groups[gi].members = members
        }
    }

    /// Points the owner's attached animation at its member's new index.
    private func renumberMember(owner: Int32, group g: Int32, from old: Int32, to new: Int32) {
        let a = Int(slots[head: Int(owner)].animIndex)
        guard a >= 0 else { return }
        animated[a].animations.withUnsafeMutableBufferPointer { buf in
            for k in buf.indices where buf[k].track == g && buf[k].member == old {
                buf[k].member = new
                return
            }
        }
    }
}
