// SPDX-License-Identifier: Apache-2.0
// Issue 28: the shortcuts that make the tick's sampling of explicit animations cheap give what
// the general steps give. MediaTiming.state's first-cycle, before and after paths against the
// rule as first written (kept below as the reference, CA-5.10); a layer's local time read in
// place, through at most eight or more timed ancestors and through the tick's memo of parents'
// times, against a walk over the committed timings (CA-5.11, R16.8); keyframe vectors and
// path blending against Value.interpolated (R9, RS-8.5); the tick's keyframe plan against an
// evaluation (issue 29). Times and progress are compared exactly: both sides do the same
// floating-point steps.

import Dispatch
import Synchronization
import Testing

@testable import Lamina

// MARK: - The reference: MediaTiming.state as first written

extension MediaTiming {
    /// `state(atParentTime:)` as it was before the fast paths: every helper recomputes the
    /// period and active duration, and every position is wrapped with a remainder and a
    /// rounding.
    fileprivate func referenceState(atParentTime t: Double) -> TimingState {
        let ad = activeDuration
        let frozen = speed == 0 || speed.isNaN
        let backwardsPlay = !frozen && speed < 0
        let phase: TimingPhase
        if frozen {
            phase = ad > 0 ? .active : .after
        } else if t.isNaN || t < beginTime {
            phase = .before
        } else if t >= endTime {
            phase = .after
        } else {
            phase = .active
        }
        let elapsed = frozen ? 0 : (t - beginTime) * abs(speed)
        let sample: (iteration: Int, progress: Double)
        let contributing: Bool
        switch phase {
        case .active:
            contributing = true
            if !backwardsPlay {
                sample = elapsed < ad ? refSampleAt(elapsed, endOfCycle: false) : refEndSample()
            } else if ad.isFinite {
                let position = ad - elapsed
                if elapsed == 0 {
                    sample = refEndSample()
                } else if position <= 0 {
                    sample = refStartSample()
                } else {
                    sample = refSampleAt(position, endOfCycle: true)
                }
            } else {
                sample = refSampleAt(-elapsed, endOfCycle: true)
            }
        case .before:
            if backwardsPlay {
                contributing = fillMode.holdsEnd
                sample = ad.isFinite ? refEndSample() : refSampleAt(0, endOfCycle: true)
            } else {
                contributing = fillMode.holdsStart
                sample = refStartSample()
            }
        case .after:
            if backwardsPlay {
                contributing = fillMode.holdsStart
                sample = refStartSample()
            } else {
                contributing = fillMode.holdsEnd
                sample = refEndSample()
            }
        }
        return TimingState(
            phase: phase, isContributing: contributing, currentIteration: sample.iteration,
            iterationProgress: sample.progress, activeDuration: ad, isFinished: phase == .after)
    }

    private func refStartSample() -> (iteration: Int, progress: Double) {
        guard period > 0 else { return (0, 0) }
        return refSampleAt(0, endOfCycle: false)
    }

    private func refEndSample() -> (iteration: Int, progress: Double) {
        let p = period
        guard p > 0 else { return (0, autoreverses ? 0 : 1) }
        if repeatDuration > 0 || repeatsForever { return refSampleAt(activeDuration, endOfCycle: true) }
        let count = playedCycles
        let whole = (count.rounded(.up) - 1)
        let lastPart = (count - whole) * p
        let wrapped = refWrap(lastPart + timeOffset, endOfCycle: true)
        return refFinish(cycles: whole + wrapped.cycles, u: wrapped.u)
    }

    private func refSampleAt(_ tau: Double, endOfCycle: Bool) -> (iteration: Int, progress: Double) {
        guard period > 0 else { return (0, endOfCycle && !autoreverses ? 1 : 0) }
        let wrapped = refWrap(tau + timeOffset, endOfCycle: endOfCycle)
        return refFinish(cycles: wrapped.cycles, u: wrapped.u)
    }

    private func refWrap(_ s: Double, endOfCycle: Bool) -> (cycles: Double, u: Double) {
        let p = period
        guard p.isFinite else { return (0, s) }
        guard s.isFinite else { return (s, 0) }
        var u = s.truncatingRemainder(dividingBy: p)
        if u < 0 { u += p }
        if u >= p { u = 0 }
        var cycles = ((s - u) / p).rounded()
        if endOfCycle && u == 0 {
            u = p
            cycles -= 1
        }
        return (cycles, u)
    }

    private func refFinish(cycles: Double, u: Double) -> (iteration: Int, progress: Double) {
        var u = u
        if autoreverses && u > duration { u = 2 * duration - u }
        var x = u / duration
        if x.isNaN { x = 0 }
        x = min(max(x, 0), 1)
        return (MediaTiming.clampedInt(cycles), x)
    }
}

/// A small deterministic generator (xorshift64*), so a failure replays.
private struct TickRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
    /// Uniform in [a, b).
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * Double(next() >> 11) / Double(1 << 53)
    }
    mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
}

/// Whether two states are the same, bit for bit in their progress.
private func sameState(_ a: TimingState, _ b: TimingState) -> Bool {
    a.phase == b.phase && a.isContributing == b.isContributing && a.currentIteration == b.currentIteration
        && a.iterationProgress.bitPattern == b.iterationProgress.bitPattern
        && a.activeDuration.bitPattern == b.activeDuration.bitPattern && a.isFinished == b.isFinished
}

@Suite("Issue 28: the tick's sampling shortcuts give the general steps' answers (CA-5.10, CA-5.11, R9, RS-8.5)")
struct TickSamplingFastPathTests {
    // MARK: MediaTiming.state

    @Test("MediaTiming.state equals the rule as first written, on random timings and times around their edges")
    func timingStateMatchesReference() {
        var rng = TickRandom(state: 0x9E37_79B9_7F4A_7C15)
        var fast = 0
        for _ in 0..<40_000 {
            let timing = MediaTiming(
                beginTime: rng.pick([0, 0.25, -1.5, rng.uniform(-3, 3)]),
                duration: rng.pick([0, 1, 0.4, 2.5, rng.uniform(0, 3), -1]),
                speed: rng.pick([1, 1, 2, 0.5, 0, -1, -0.75, rng.uniform(-3, 3)]),
                timeOffset: rng.pick([0, 0, 0.3, -0.7, 1.2, rng.uniform(-2, 2)]),
                repeatCount: rng.pick([0, 0, 1, 2, 2.5, .infinity, Double(Float.greatestFiniteMagnitude), 0.5]),
                repeatDuration: rng.pick([0, 0, 0, 1.7, -1]),
                autoreverses: rng.pick([false, false, true]),
                fillMode: rng.pick(FillMode.allCases))
            // Times at and beside the begin, the end and cycle boundaries, and anywhere.
            let end = timing.endTime.isFinite ? timing.endTime : timing.beginTime + 10
            let t = rng.pick([
                timing.beginTime, end, timing.beginTime + timing.duration, rng.uniform(-4, 8),
                timing.beginTime.nextDown, end.nextDown, end.nextUp, timing.beginTime - 1,
            ])
            let expected = timing.referenceState(atParentTime: t)
            let got = timing.state(atParentTime: t)
            #expect(sameState(got, expected), "\(timing) at \(t): \(got) ≠ \(expected)")
            #expect(sameState(timing.generalState(atParentTime: t), expected), "\(timing) at \(t) (general)")
            if timing.speed > 0, timing.duration > 0 { fast += 1 }
        }
        // The fast paths' own cases were drawn often (forward play of a positive duration).
        #expect(fast > 10_000)
    }

    @Test("The fast paths' edge cases: the first cycle's ends, the end of one played cycle, an offset, an autoreverse")
    func timingStateEdges() {
        let cases: [(MediaTiming, [Double])] = [
            (MediaTiming(beginTime: 1, duration: 2, fillMode: .both), [0, 1, 2, 3.nextDown, 3, 4]),
            (MediaTiming(beginTime: 1, duration: 2, repeatCount: 1, autoreverses: true, fillMode: .forwards), [1, 3, 5.nextDown, 5, 9]),
            (MediaTiming(duration: 1, timeOffset: 0.5, fillMode: .both), [-1, 0, 0.5, 0.75, 1, 2]),
            (MediaTiming(duration: 1, speed: 3, repeatCount: 2.5, fillMode: .both), [0, 0.2, 1.0 / 3, 0.8, 5]),
            (MediaTiming(duration: .greatestFiniteMagnitude, fillMode: .both), [0, 1, 1e300]),
        ]
        for (timing, times) in cases {
            for t in times {
                let expected = timing.referenceState(atParentTime: t)
                #expect(sameState(timing.state(atParentTime: t), expected), "\(timing) at \(t)")
            }
        }
        // A forwards fill after one cycle holds progress 1 (0 with autoreverse): the fast path's
        // end sample, not a wrap to the next cycle's start.
        #expect(MediaTiming(duration: 2, fillMode: .forwards).state(atParentTime: 5).iterationProgress == 1)
        #expect(MediaTiming(duration: 2, autoreverses: true, fillMode: .forwards).state(atParentTime: 5).iterationProgress == 0)
    }

    // MARK: Layer time

    /// A chain of `depth` layers below `root`, each timed when `timed(i)`; returns the layers.
    private static func chain(_ engine: Engine, depth: Int, seed: UInt64, timed: (Int) -> Bool) -> [Layer] {
        var rng = TickRandom(state: seed)
        var layers: [Layer] = []
        var parent: Layer? = nil
        for i in 0..<depth {
            let l = engine.makeLayer()
            l.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
            if timed(i) {
                l.beginTime = rng.pick([0, 0.5, -2, rng.uniform(-1, 1)])
                l.speed = rng.pick([1, 2, 0.5, -1, 0, rng.uniform(0.1, 2)])
                l.timeOffset = rng.pick([0, 0.25, rng.uniform(-1, 1)])
                if rng.next() % 3 == 0 {
                    l.duration = rng.pick([1, 2.5])
                    l.repeatCount = rng.pick([0, 2, 1e6])  // a layer takes finite values only
                    l.autoreverses = rng.next() % 2 == 0
                    l.fillMode = rng.pick(FillMode.allCases)
                }
            }
            parent?.addSublayer(l)
            parent = l
            layers.append(l)
        }
        return layers
    }

    /// The local time by the walk as first written: every committed timing from the root down.
    private static func referenceLocalTime(_ engine: Engine, _ slot: Int32, at t: Double) -> Double {
        var path: [Int32] = []
        var s = slot
        while s >= 0 {
            path.append(s)
            s = engine.timeParent(s)
        }
        var time = t
        for k in path.reversed() where engine.slots[Int(k)].everTimed {
            time = engine.committedProperties(k).layerTiming.layerLocalTime(forParentTime: time)
        }
        return time
    }

    @Test("A layer's local time (through 0, 3 and 12 timed ancestors, a mask, uncommitted timing) equals the walk over committed timings")
    func localTimeMatchesWalk() throws {
        for (n, pattern) in [(6, { (_: Int) in false }), (9, { (i: Int) in i % 3 == 0 }), (14, { (i: Int) in i != 5 })].enumerated() {
            let engine = Engine()
            let layers = Self.chain(engine, depth: pattern.0, seed: 7 &+ UInt64(n), timed: pattern.1)
            // A mask's time is its host's (R16.8).
            let mask = engine.makeLayer()
            layers[pattern.0 / 2].mask = mask
            mask.speed = 3
            engine.tick(1)
            // Uncommitted timing changes: the committed (snapshot) values still apply.
            let t = engine.transaction
            try t.begin()
            layers[1].speed = 7
            layers[pattern.0 - 1].timeOffset = 100
            let all = layers + [mask]
            for time in [0.0, 1.3, -2.75, 17.125] {
                try engine.lock.withLock { () throws(LaminaError) in
                    var slots: [Int32] = []
                    for l in all + all.reversed() { slots.append(try engine.resolve(l.id)) }
                    ParentTimeMemo.with { memo in
                        // Twice through the memo: a miss and then hits, in two orders.
                        for slot in slots {
                            let expected = Self.referenceLocalTime(engine, slot, at: time)
                            let direct = engine.localTime(slot, at: time)
                            let memoised = engine.localTime(slot, at: time, memo: memo)
                            #expect(direct.bitPattern == expected.bitPattern, "chain \(n) at \(time): \(direct) ≠ \(expected)")
                            #expect(memoised.bitPattern == expected.bitPattern, "chain \(n) at \(time), memo: \(memoised) ≠ \(expected)")
                        }
                    }
                }
            }
            try t.commit()
        }
    }

    @Test("The memo of layers' times keeps layers apart: slots that share one of its 32 entries replace each other, cousins reuse ancestors")
    func memoCollisions() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        root.speed = 2
        root.beginTime = 1
        var children: [Layer] = []
        // 80 parents in 8 groups, every other one timed, each with a child and a grandchild,
        // every third of those timed: entries collide, and cousins meet at groups and parents.
        var group = root
        for i in 0..<80 {
            if i % 10 == 0 {
                group = engine.makeLayer()
                group.beginTime = Double(i) / 7
                root.addSublayer(group)
            }
            let p = engine.makeLayer()
            if i % 2 == 0 {
                p.timeOffset = Double(i)
                p.speed = 1 + Double(i % 3)
            }
            group.addSublayer(p)
            let c = engine.makeLayer()
            c.speed = 0.5
            p.addSublayer(c)
            let g = engine.makeLayer()
            if i % 3 == 0 { g.timeOffset = 0.125 }
            c.addSublayer(g)
            children += [c, g, p]
        }
        engine.tick(3)
        try engine.lock.withLock { () throws(LaminaError) in
            var slots: [Int32] = []
            for c in children + children.reversed() + children { slots.append(try engine.resolve(c.id)) }
            ParentTimeMemo.with { memo in
                for slot in slots {
                    #expect(engine.localTime(slot, at: 3, memo: memo) == Self.referenceLocalTime(engine, slot, at: 3))
                }
            }
        }
    }

    // MARK: Keyframes and paths

    @Test("Numeric keyframes blended as vectors equal Value.interpolated, for every vector type, with and without segment curves")
    func keyframeVectorsMatchInterpolation() throws {
        var rng = TickRandom(state: 42)
        func random(_ type: ValueType) -> Value {
            let a = rng.uniform(-50, 50), b = rng.uniform(-50, 50), c = rng.uniform(0, 9), d = rng.uniform(0, 9)
            switch type {
            case .number: return .number(a)
            case .point: return .point(Point(x: a, y: b))
            case .size: return .size(Size(width: c, height: d))
            case .rect: return .rect(Rect(x: a, y: b, width: c, height: d))
            default: return .color(Color(red: c / 9, green: d / 9, blue: 0.5, alpha: 1))
            }
        }
        for type in [ValueType.number, .point, .size, .rect, .color] {
            for curves in [false, true] {
                let values = (0..<5).map { _ in random(type) }
                let times = [0, 0.1, 0.5, 0.5, 1.0]
                let functions: [TimingFunction]? = curves ? [.easeIn, .easeOut, .linear, .easeInEaseOut] : nil
                let spec = KeyframeSpec(values: values, keyTimes: times, timingFunctions: functions)
                let evaluator = KeyframeEvaluator(spec)
                #expect(evaluator.linearVectors.count == 5, "\(type): the vector path is taken")
                for k in 0...400 {
                    let p = Double(k) / 400
                    let (i, local) = KeyframeTiming.segment(at: p, times: evaluator.keyTimes)
                    let eased = functions.map { $0[i].progress(at: local) } ?? local
                    let expected = eased == 0 ? values[i] : eased == 1 ? values[i + 1]
                        : values[i].interpolated(to: values[i + 1], progress: eased)
                    #expect(evaluator.value(atProgress: p) == expected, "\(type) at \(p)")
                }
            }
        }
        // Mixed types and non-vector types keep the general blend (and its nil for a mismatch).
        let mixed = KeyframeEvaluator(KeyframeSpec(values: [.number(1), .point(Point(x: 1, y: 1))]))
        #expect(mixed.linearVectors.isEmpty)
        #expect(mixed.value(atProgress: 0.5) == nil)
        let flags = KeyframeEvaluator(KeyframeSpec(values: [.bool(false), .bool(true)]))
        #expect(flags.linearVectors.isEmpty)
        #expect(flags.value(atProgress: 0.75) == .bool(true))
    }

    @Test("A segment hint (the last frame's segment) gives the search's value: forward, backward, jumps, equal key times, stale hints")
    func segmentHintMatchesSearch() {
        var rng = TickRandom(state: 1853)
        // 60 keys with repeated times (jumps), as a sampled Lottie property has.
        var times = (0..<58).map { _ in rng.uniform(0, 1) }.sorted()
        times[10] = times[9]
        times[30] = times[29]
        times = [0] + times + [1]
        let values = times.indices.map { _ in Value.point(Point(x: rng.uniform(-9, 9), y: rng.uniform(-9, 9))) }
        let evaluator = KeyframeEvaluator(KeyframeSpec(values: values, keyTimes: times))
        #expect(evaluator.keyTimes == times)
        var progress = (0...300).map { Double($0) / 300 }
        progress += progress.reversed()
        progress += (0..<300).map { _ in rng.uniform(-0.2, 1.2) }
        progress += [times[9], times[10], times[29].nextDown, times[30], 1, 0, .nan]
        // Each key time from just below it: the hint is the segment before, and the key time
        // itself (with the repeated ones) belongs to the next, the later of equal starts.
        for t in times { progress += [t.nextDown, t, t.nextUp] }
        var hint = -1
        for p in progress {
            #expect(evaluator.value(atProgress: p, segmentHint: &hint) == evaluator.value(atProgress: p), "at \(p)")
            #expect((-1...58).contains(hint))
        }
        for stale in [-7, 58, 59, 500] {
            var h = stale
            #expect(evaluator.value(atProgress: 0.5, segmentHint: &h) == evaluator.value(atProgress: 0.5))
        }
    }

    @Test("Path.interpolated writes every element as the element blend does, and switches at 0.5 between structures (RS-8.5)")
    func pathBlendMatchesElementBlend() {
        let a = Path.roundedRect(Rect(x: 0, y: 0, width: 10, height: 6), cornerRadius: 2)
        let b = Path.roundedRect(Rect(x: -4, y: 3, width: 22, height: 9), cornerRadius: 5)
        for p in [0, 0.125, 0.5, 0.9, 1, 1.5, -0.25] {
            let got = a.interpolated(to: b, progress: p)
            #expect(got.elements.count == a.elements.count)
            for i in a.elements.indices {
                #expect(got.elements[i] == a.elements[i].interpolated(to: b.elements[i], p), "element \(i) at \(p)")
            }
        }
        let other = Path.ellipse(in: Rect(x: 0, y: 0, width: 3, height: 3))
        #expect(a.interpolated(to: other, progress: 0.49) == a)
        #expect(a.interpolated(to: other, progress: 0.5) == other)
        #expect(Path().interpolated(to: Path(), progress: 0.3) == Path())
    }

    // MARK: The tick's keyframe plan

    @Test("Keyframe animations a Lottie scene makes (paths, value functions, curves, cumulative, fills) sample what an evaluation gives, under timed ancestors")
    func keyframePlanMatchesEvaluation() throws {
        let square = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let wide = Path.rect(Rect(x: -5, y: 2, width: 30, height: 8))
        var shape = Animation.keyframe(keyPath: "path", values: [.path(square), .path(wide), .path(square)], duration: 1.5)
        if case .keyframe(var spec, _, _) = shape.kind {
            spec.timingFunctions = [.easeIn, .easeOut]
            shape.kind = .keyframe(spec)
        }
        var spin = Animation.keyframe(keyPath: "transform", values: [.number(0), .number(2), .number(-1)], keyTimes: [0, 0.3, 1], duration: 2)
        spin.valueFunction = .rotateZ
        var grow = Animation.keyframe(
            keyPath: "transform", values: [.point(Point(x: 1, y: 1)), .point(Point(x: 2, y: 0.5))], duration: 0.8)
        grow.valueFunction = .scale
        var stepping = Animation.keyframe(keyPath: "opacity", values: [.number(0.1), .number(0.2), .number(0.4)], duration: 0.5)
        stepping.isCumulative = true
        stepping.timing.repeatCount = 4
        // Lottie's form: begins later, holds both ends (fill both), stays attached.
        var later = Animation.keyframe(keyPath: "position", values: [.point(Point(x: 0, y: 0)), .point(Point(x: 9, y: 3))], duration: 0.4)
        later.timing.beginTime = 0.6
        later.timing.fillMode = .both
        later.isRemovedOnCompletion = false
        var fades = Animation.keyframe(
            keyPath: "fillColor", values: [.color(.black), .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1))], duration: 1)
        fades.timing.fillMode = .both
        fades.isRemovedOnCompletion = false
        // A value function given inputs it does not take (rotateZ of points): no value, the
        // model's transform shows, sampled or evaluated.
        var odd = Animation.keyframe(
            keyPath: "transform", values: [.point(Point(x: 1, y: 2)), .point(Point(x: 3, y: 4))], duration: 1)
        odd.valueFunction = .rotateZ
        // A whole transform's keyframes through a value function that passes matrices on.
        var matrices = Animation.keyframe(
            keyPath: "transform",
            values: [.transform(Transform3D(translationX: 4, y: 0, z: 0)), .transform(Transform3D(scaleX: 2, y: 3, z: 1))],
            duration: 1)
        matrices.valueFunction = .scale
        // Issue 28's typed samples: numbers, points and colours of key-path components and
        // shape properties, kept unboxed and stored straight into the presentation.
        var slide = Animation.keyframe(keyPath: "position.x", values: [.number(1), .number(7), .number(-2)], keyTimes: [0, 0.4, 1], duration: 1.2)
        if case .keyframe(var spec, _, _) = slide.kind {
            spec.timingFunctions = [.easeInEaseOut, TimingFunction(controlPoints: 0.17, 0.89, 0.32, 1.27)]
            slide.kind = .keyframe(spec)
        }
        let turn = Animation.keyframe(keyPath: "transform.rotation.z", values: [.number(0), .number(1.5), .number(0.25)], duration: 0.9)
        let trim = Animation.keyframe(keyPath: "strokeEnd", values: [.number(0), .number(1)], duration: 0.7)
        let anchor = Animation.keyframe(
            keyPath: "bounds.origin", values: [.point(Point(x: 0, y: 0)), .point(Point(x: -4, y: 6))], duration: 1)
        var stretch = Animation.keyframe(keyPath: "transform.scale", values: [.number(1), .number(2.5)], duration: 1.1)
        stretch.isCumulative = true
        stretch.timing.repeatCount = 3
        let blink = Animation.keyframe(
            keyPath: "hidden", values: [.bool(false), .bool(true), .bool(false)], calculationMode: .discrete, duration: 1.3)
        let animations: [(Animation, String)] = [
            (shape, "path"), (spin, "transform"), (grow, "transform"), (stepping, "opacity"), (later, "position"),
            (fades, "fillColor"), (odd, "transform"), (matrices, "transform"), (slide, "position.x"),
            (turn, "transform.rotation.z"), (trim, "strokeEnd"), (anchor, "bounds.origin"), (stretch, "transform.scale"),
            (blink, "hidden"),
        ]
        for (k, (original, key)) in animations.enumerated() {
            // Attached throughout (as Lottie's are), so that every read has its animation.
            var animation = original
            animation.isRemovedOnCompletion = false
            if animation.timing.fillMode == .removed { animation.timing.fillMode = .forwards }
            for readAt in [0.35, 0.9, 1.45, 3.2] {
                var values: [Value?] = []
                for ticked in [readAt, readAt + 0.01] {
                    let engine = Engine()
                    // A paused root with an offset and a begun frame space, as a Lottie scene.
                    let root = engine.makeLayer()
                    let frames = engine.makeLayer()
                    let layer = engine.makeLayer(kind: .shape)
                    root.addSublayer(frames)
                    frames.addSublayer(layer)
                    for l in [root, frames, layer] { l.bounds = Rect(x: 0, y: 0, width: 10, height: 10) }
                    engine.tick(0)
                    try layer.add(animation, forKey: "a")
                    engine.tick(0)
                    root.speed = 1.25
                    root.timeOffset = 0.1
                    frames.beginTime = -0.2
                    engine.tick(ticked)
                    values.append(try layer.presentationValue(forKeyPath: key, at: readAt))
                    let state = try #require(try explicitState(engine, layer, "a"))
                    // The sample ran at the tick (and is used when the read is at that time).
                    #expect(!state.sampleLocal.isNaN, "animation \(k)")
                }
                #expect(values[0] != nil, "animation \(k) at \(readAt)")
                #expect(values[0] == values[1], "animation \(k) (\(key)) at \(readAt): sampled \(String(describing: values[0])), evaluated \(String(describing: values[1]))")
            }
        }
    }
}

// MARK: - Constant Booleans

@Suite("Issue 28: a basic animation between two equal Booleans (a Lottie layer's in and out points) samples what an evaluation gives")
struct ConstantBooleanPlanTests {
    @Test("Random timings (begin, duration, fills, repeats, autoreverse, speed), read at the tick's time and at another")
    func constantBooleanPlan() throws {
        var rng = TickRandom(state: 0x51_7C_C1_B7_27_22_0A_95)
        for round in 0..<200 {
            let on = round % 2 == 0
            var a = Animation.basic(keyPath: "hidden", from: .bool(on), to: .bool(on))
            a.timing.beginTime = Double(rng.next() % 20) * 0.1 - 0.5
            a.timing.duration = Double(1 + rng.next() % 10) * 0.1
            a.timing.fillMode = rng.pick([FillMode.removed, .forwards, .backwards, .both])
            a.timing.repeatCount = Double(rng.next() % 3)
            a.timing.autoreverses = rng.next() % 2 == 0
            a.timing.speed = rng.pick([1, 2, -1, 0.5])
            a.isRemovedOnCompletion = false
            let readAt = Double(rng.next() % 40) * 0.1
            var values: [Value?] = []
            for ticked in [readAt, readAt + 0.01] {
                let engine = Engine()
                let root = engine.makeLayer()
                let l = engine.makeLayer()
                root.addSublayer(l)
                l.isHidden = round % 3 == 0
                engine.tick(0)
                try l.add(a, forKey: "a")
                engine.tick(0)
                engine.tick(ticked)
                // Sampled (read at the tick's time) and evaluated (read at another).
                values.append(try l.presentationValue(forKeyPath: "hidden", at: readAt))
                let state = try #require(try explicitState(engine, l, "a"))
                #expect(!state.sampleLocal.isNaN, "round \(round): sampled at the tick")
            }
            #expect(values[0] == values[1], "round \(round) at \(readAt)")
        }
    }
}

// MARK: - Path keyframes blended over last frame's path

/// Whether two paths are the same elements with the same coordinates bit for bit.
private func samePathBits(_ a: Path, _ b: Path) -> Bool {
    guard a.elements.count == b.elements.count else { return false }
    for (x, y) in zip(a.elements, b.elements) {
        guard x.kind == y.kind else { return false }
        let px = x.points, py = y.points
        for (p, q) in zip(px, py) where p.x.bitPattern != q.x.bitPattern || p.y.bitPattern != q.y.bitPattern {
            return false
        }
    }
    return true
}

/// A random path of `count` elements of random kinds (`seed` picks them, so equal seeds give
/// equal structures).
private func randomPath(_ rng: inout TickRandom, kinds: [Int]) -> Path {
    var path = Path()
    func point() -> Point { Point(x: rng.uniform(-50, 50), y: rng.uniform(-50, 50)) }
    for kind in kinds {
        switch kind {
        case 0: path.move(to: point())
        case 1: path.addLine(to: point())
        case 2: path.addQuadCurve(to: point(), control: point())
        case 3: path.addCurve(to: point(), control1: point(), control2: point())
        default: path.closeSubpath()
        }
    }
    return path
}

@Suite("Issue 28: a keyframed path is blended over last frame's path, with the general steps' answer (RS-8.5)")
struct PathBlendReuseTests {
    @Test("Path.blend gives Path.interpolated bit for bit into buffers of every size, and a shared buffer's other holder keeps its path")
    func blendMatchesInterpolated() {
        var rng = TickRandom(state: 0x9E37_79B9_7F4A_7C15)
        for round in 0..<200 {
            let n = Int(rng.next() % 9)
            let kinds = (0..<n).map { _ in Int(rng.next() % 5) }
            let a = randomPath(&rng, kinds: kinds)
            // Mostly the same structure; sometimes another (the switch at 0.5).
            let otherKinds = rng.next() % 4 == 0 ? (0..<Int(rng.next() % 9)).map { _ in Int(rng.next() % 5) } : kinds
            let b = randomPath(&rng, kinds: otherKinds)
            let p = rng.pick([0, 1, 0.5, -0.3, 1.7, rng.uniform(0, 1), rng.uniform(0, 1)])
            let expected = a.interpolated(to: b, progress: p)
            // Last frame's path: as many elements (reused), or another count (replaced).
            var buffer = randomPath(&rng, kinds: rng.next() % 2 == 0 ? kinds : [1, 1, 4])
            // Sometimes another value holds the buffer's storage too: the blend must not
            // write over its path.
            let kept: Path? = rng.next() % 3 == 0 ? buffer : nil
            let snapshot = Path(elements: kept?.elements.map { $0 } ?? [])
            Path.blend(a, b, progress: p, into: &buffer)
            #expect(samePathBits(buffer, expected), "round \(round) at \(p)")
            if let kept { #expect(samePathBits(kept, snapshot), "round \(round)") }
        }
    }

    /// Engines on several threads each blend their own paths; empty ones share the standard
    /// library's empty-array singleton, so blending one must not write to it (under the CI's
    /// ThreadSanitizer run a write there is reported as a race with the other threads' reads).
    @Test("Empty paths blend to the empty path on several threads at once, with no write to shared storage")
    func emptyPathsBlendOnManyThreads() {
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for k in 0..<2_000 {
                var buffer = Path()
                Path.blend(Path(), Path(), progress: Double(k) / 2_000, into: &buffer)
                let direct = Path().interpolated(to: Path(), progress: 0.25)
                let empty: [PathElement] = []
                let read = empty.withUnsafeBufferPointer { $0.count }
                if !buffer.elements.isEmpty || !direct.elements.isEmpty || read != 0 {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }

    @Test("Linear path keyframes sampled tick after tick (curves, a structure switch, a mismatched count) equal an evaluation at every time, and reuse last frame's storage")
    func sampledPathsMatchEvaluation() throws {
        var rng = TickRandom(state: 0xD1B5_4A32_D192_ED03)
        let kinds = [0, 3, 1, 2, 3, 4, 0, 1, 1, 4]
        let frames: [Value] = [
            .path(randomPath(&rng, kinds: kinds)), .path(randomPath(&rng, kinds: kinds)),
            .path(randomPath(&rng, kinds: kinds)),
            .path(randomPath(&rng, kinds: [0, 1, 1, 4])),  // another structure: a switch at 0.5
            .path(randomPath(&rng, kinds: kinds)),
        ]
        for functions in [nil, [TimingFunction.easeIn, .easeOut, .linear, .easeInEaseOut]] {
            var animation = Animation.keyframe(keyPath: "path", values: frames, keyTimes: [0, 0.2, 0.5, 0.7, 1], duration: 2)
            if case .keyframe(var spec, _, _) = animation.kind {
                spec.timingFunctions = functions
                animation.kind = .keyframe(spec)
            }
            animation.timing.fillMode = .both
            animation.isRemovedOnCompletion = false
            let sampled = Engine(), evaluated = Engine()
            var layers: [Layer] = []
            for engine in [sampled, evaluated] {
                let root = engine.makeLayer()
                let layer = engine.makeLayer(kind: .shape)
                root.addSublayer(layer)
                engine.tick(0)
                try layer.add(animation, forKey: "a")
                engine.tick(0)
                layers.append(layer)
            }
            // Forward frame by frame (the buffer reused), then jumps back and across segments.
            var times = (1...90).map { Double($0) / 40 }
            times += (0..<40).map { _ in rng.uniform(0.001, 2.2) }
            var lastAddress: UnsafeRawPointer? = nil
            var reused = 0
            for t in times {
                sampled.tick(t)
                let state = try #require(try explicitState(sampled, layers[0], "a"))
                #expect(state.sampleLocal == t)
                let got = try layers[0].presentationValue(forKeyPath: "path", at: t)
                // The evaluated engine's tick was at 0: a read at t evaluates.
                let want = try layers[1].presentationValue(forKeyPath: "path", at: t)
                guard case .path(let g)? = got, case .path(let w)? = want else {
                    Issue.record("no path at \(t): \(String(describing: got)) / \(String(describing: want))")
                    continue
                }
                #expect(samePathBits(g, w), "at \(t)")
                if case .path(let held)? = state.sample {
                    let address = held.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
                    if address == lastAddress { reused += 1 }
                    lastAddress = address
                }
            }
            // Most forward frames blend inside a segment whose structures match.
            #expect(reused > 30, "reused \(reused) times")
        }
    }
}

/// The attached explicit animation under `key` (test access to the tick's sample).
private func explicitState(_ engine: Engine, _ layer: Layer, _ key: String) throws -> ExplicitState? {
    try engine.lock.withLock { () throws(LaminaError) -> ExplicitState? in
        engine.attachment(key, try engine.resolve(layer.id))?.explicit
    }
}
