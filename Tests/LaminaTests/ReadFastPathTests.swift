// SPDX-License-Identifier: Apache-2.0
// The typed fast paths of issue 12 (Engine+FastPaths.swift, Engine+Batch.swift) give exactly
// what the general paths give: model reads, presentation reads (CA-1.3 committed values,
// CA-1.9 animation order, R3 no presentation before the first commit) and the batch
// functions, for every kind of key they cover (whole number and point properties) and every
// kind they hand back (key paths, other properties, custom properties), on uncommitted,
// idle, implicitly and explicitly animated layers, layers with their own timing, layers with
// uncommitted changes and pending animations, and for errors. Values are compared exactly:
// both paths read the same stored doubles.

import Synchronization
import Testing

@testable import Lamina

@Suite("Read and batch fast paths: the general paths' results (issue 12, CA-1.3, CA-1.9, R3, R4)")
struct ReadFastPathTests {
    /// Keys the fast paths cover, then keys they hand to the general path.
    static let keys = [
        "opacity", "zPosition", "position", "anchorPoint",
        "bounds", "position.x", "anchorPoint.y", "glow", "spot", "cornerRadius", "backgroundColor", "name",
    ]
    static let fastKeys: Set<String> = ["opacity", "zPosition", "position", "anchorPoint"]

    /// An engine whose layers cover every case, the same in every call (so two engines can be
    /// compared layer by layer):
    /// 0 idle; 1 implicitly animating opacity, position and zPosition; 2 an explicit opacity
    /// animation after an implicit one (then CA-1.9 needs every animation); 3 its own timing
    /// (speed 2: members sampled one by one); 4 an additive explicit position animation;
    /// 5 a finished implicit animation; 6 changed inside an open transaction with actions
    /// disabled (a snapshot holds the committed values); 7 a pending implicit animation;
    /// 8 never committed. With `open`, the transaction of layer 6 stays open.
    static func scenario(open: Bool = true) throws -> (Engine, [Layer]) {
        let e = Engine()
        try e.registerProperty("glow", defaultValue: .number(2))
        try e.registerProperty("spot", defaultValue: .point(Point(x: 1, y: 2)))
        let layers = (0..<8).map { _ in e.makeLayer() }
        for (i, l) in layers.enumerated() {
            l.position = Point(x: Double(i), y: 1)
            l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        }
        try layers[3].setValue(.number(2), forKeyPath: "speed")
        e.tick(0)
        layers[5].opacity = 0.5  // 0.25 s from 0.1: over by 0.4
        e.tick(0.1)
        layers[1].opacity = 0.2
        layers[1].position = Point(x: 10, y: 20)
        layers[1].zPosition = 4
        layers[2].opacity = 0.4
        try layers[2].add(.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1), forKey: "fade")
        layers[3].opacity = 0.1
        layers[3].anchorPoint = Point(x: 0, y: 0)
        var slide = Animation.basic(keyPath: "position", by: .point(Point(x: 5, y: 5)), duration: 1)
        slide.isAdditive = true
        try layers[4].add(slide, forKey: "slide")
        try layers[1].setValue(.number(7), forKeyPath: "glow")
        try layers[1].setValue(.point(Point(x: 3, y: 4)), forKeyPath: "spot")
        e.tick(0.4)
        e.tick(0.5)
        layers[7].opacity = 0.6  // pending until the next commit
        let t = e.transaction
        try t.begin()
        t.disableActions = true
        layers[6].opacity = 0.9
        layers[6].anchorPoint = Point(x: 1, y: 1)
        try layers[6].setValue(.number(3), forKeyPath: "zPosition")
        if !open { try t.commit() }
        let fresh = e.makeLayer()
        fresh.opacity = 0.3
        return (e, layers + [fresh])
    }

    /// The fast read's answer checked against the general one; returns whether it was fast.
    @discardableResult
    static func expectSame(_ fast: ScalarRead?, _ general: Value?, _ what: String) -> Bool {
        switch fast {
        case nil:
            #expect(general == nil, "\(what): the fast path says no presentation")
            return true
        case .general?:
            return false
        case let r?:
            #expect(r.value == general, "\(what)")
            return true
        }
    }

    @Test("Model reads: the stored value for whole number and point keys, the general path for the rest")
    func modelReads() throws {
        let (e, layers) = try Self.scenario()
        for (i, l) in layers.enumerated() {
            for key in Self.keys {
                let fast = try e.withKey(key) { b throws(LaminaError) in try e.modelScalar(of: l.id, forKeyBytes: b) }
                let general = try e.value(of: l.id, forKeyPath: key)
                let wasFast = Self.expectSame(fast, general, "layer \(i) \(key)")
                #expect(wasFast == Self.fastKeys.contains(key), "layer \(i) \(key)")
                if case .general(let k) = fast { #expect(k == (try e.resolve(keyPath: key))) }
                // The variant that reads any other key under the same lock.
                let slot = UnsafeMutablePointer<Value>.allocate(capacity: 1)
                defer { slot.deallocate() }
                let both = try e.withKey(key) { b throws(LaminaError) in
                    try e.modelScalar(of: l.id, forKeyBytes: b, orValueInto: slot)
                }
                #expect(both == fast, "layer \(i) \(key)")
                if case .general = both { #expect(slot.move() == general, "layer \(i) \(key)") }
            }
            #expect(try e.modelScalar(of: l.id, forKey: .whole(.position)) == .point(l.position))
        }
    }

    @Test("Presentation reads: committed values, snapshots and implicit samples match the general path (CA-1.3, CA-1.9, R3)")
    func presentationReads() throws {
        let (e, layers) = try Self.scenario()
        var fastCount = 0
        for time in [nil, e.now, 0.45, 2.0] as [Double?] {
            for (i, l) in layers.enumerated() {
                for key in Self.keys {
                    let fast = try e.withKey(key) { b throws(LaminaError) in
                        try e.presentationScalar(of: l.id, forKeyBytes: b, at: time)
                    }
                    let general = try e.presentationValue(of: l.id, forKeyPath: key, at: time)
                    if Self.expectSame(fast, general, "layer \(i) \(key) at \(String(describing: time))") {
                        fastCount += 1
                        #expect(Self.fastKeys.contains(key) || fast == nil)
                    }
                    if case .general(let k)? = fast {
                        #expect(try e.presentationValue(of: l.id, forKey: k, at: time) == general)
                    }
                }
            }
        }
        #expect(fastCount > 0)
        // The cases the fast path must take itself, not hand back.
        func fast(_ l: Layer, _ key: String) throws -> ScalarRead? {
            try e.withKey(key) { b throws(LaminaError) in try e.presentationScalar(of: l.id, forKeyBytes: b, at: nil) }
        }
        #expect(try fast(layers[0], "opacity") == .number(1))
        guard case .number(let mid)? = try fast(layers[1], "opacity") else { Issue.record("not fast"); return }
        #expect(mid > 0.2 && mid < 1)  // mid-flight
        guard case .point(let p)? = try fast(layers[1], "position") else { Issue.record("not fast"); return }
        #expect(p.x > 1 && p.x < 10)
        #expect(try fast(layers[3], "opacity") != nil)
        #expect(try fast(layers[5], "opacity") == .number(0.5))
        #expect(try fast(layers[6], "opacity") == .number(1))  // the snapshot: committed value
        #expect(try fast(layers[6], "zPosition") == .number(0))
        #expect(try fast(layers[7], "opacity") == .number(1))  // pending: not evaluated
        #expect(try fast(layers[8], "opacity") == nil)  // never committed (R3)
        if case .general? = try fast(layers[2], "opacity") {} else { Issue.record("explicit: general path expected") }
    }

    @Test("Errors: the same codes and messages as the general reads")
    func errors() throws {
        let (e, layers) = try Self.scenario()
        let deadID = try e.createLayer()
        try e.releaseLayer(deadID)
        func pair(_ fast: () throws(LaminaError) -> Void, _ general: () throws(LaminaError) -> Void) {
            var a: LaminaError? = nil
            var b: LaminaError? = nil
            do throws(LaminaError) { try fast() } catch { a = error }
            do throws(LaminaError) { try general() } catch { b = error }
            #expect(a != nil)
            #expect(a?.code == b?.code)
            #expect(a?.message == b?.message)
        }
        let l = layers[1]
        for (id, key) in [(deadID, "opacity"), (l.id, "nope"), (l.id, "opacity.x"), (deadID, "nope")] {
            pair({ () throws(LaminaError) in
                _ = try e.withKey(key) { b throws(LaminaError) in try e.modelScalar(of: id, forKeyBytes: b) }
            }, { () throws(LaminaError) in _ = try e.value(of: id, forKeyPath: key) })
            pair({ () throws(LaminaError) in
                let slot = UnsafeMutablePointer<Value>.allocate(capacity: 1)
                defer { slot.deallocate() }  // never initialised: every case here throws
                _ = try e.withKey(key) { b throws(LaminaError) in try e.modelScalar(of: id, forKeyBytes: b, orValueInto: slot) }
            }, { () throws(LaminaError) in _ = try e.value(of: id, forKeyPath: key) })
            pair({ () throws(LaminaError) in
                _ = try e.withKey(key) { b throws(LaminaError) in try e.presentationScalar(of: id, forKeyBytes: b, at: nil) }
            }, { () throws(LaminaError) in _ = try e.presentationValue(of: id, forKeyPath: key) })
        }
        pair({ () throws(LaminaError) in
            _ = try e.withKey("opacity") { b throws(LaminaError) in try e.presentationScalar(of: l.id, forKeyBytes: b, at: .nan) }
        }, { () throws(LaminaError) in _ = try e.presentationValue(of: l.id, forKeyPath: "opacity", at: .nan) })
    }

    // MARK: - Batch

    /// Runs a batch set on one scenario and the single calls on a twin; compares everything a
    /// host can observe.
    func compareSet(_ key: String, _ values: BatchInput, open: Bool, log: Bool = false) throws {
        let (a, la) = try Self.scenario(open: open)
        let (b, lb) = try Self.scenario(open: open)
        // A delegate that sees every event (it must be asked in the same order both ways).
        let logA = Mutex<[String]>([])
        let logB = Mutex<[String]>([])
        if log {
            try a.setDelegate(LayerDelegate(action: { _, ev in logA.withLock { $0.append(ev) }; return .continueSearch }), of: la[4].id)
            try b.setDelegate(LayerDelegate(action: { _, ev in logB.withLock { $0.append(ev) }; return .continueSearch }), of: lb[4].id)
        }
        let ids = la.map(\.id.rawValue)
        var batchError: BatchFailure? = nil
        try ids.withUnsafeBufferPointer { p in
            try a.withKey(key) { bytes throws(LaminaError) in
                do throws(BatchFailure) {
                    try a.setValues(forKeyBytes: bytes, count: ids.count, layers: p.baseAddress!, values: values)
                } catch { batchError = error }
            }
        }
        var singleError: (Int, LaminaError)? = nil
        for i in lb.indices {
            do throws(LaminaError) { try b.setValue(values.value(i), forKeyPath: key, of: lb[i].id) } catch {
                singleError = (i, error)
                break
            }
        }
        #expect(batchError?.index == singleError?.0, "\(key)")
        #expect(batchError?.error.code == singleError?.1.code, "\(key)")
        #expect(batchError?.error.message == singleError?.1.message, "\(key)")
        try expectSameState(a, la, b, lb, key)
        #expect(logA.withLock { $0 } == logB.withLock { $0 })
        if open {
            try a.transaction.commit()
            try b.transaction.commit()
        }
        a.tick(0.6)
        b.tick(0.6)
        try expectSameState(a, la, b, lb, key)
    }

    func expectSameState(_ a: Engine, _ la: [Layer], _ b: Engine, _ lb: [Layer], _ what: String) throws {
        for i in la.indices {
            for key in Self.keys {
                #expect(try a.value(of: la[i].id, forKeyPath: key) == b.value(of: lb[i].id, forKeyPath: key), "\(what): layer \(i) \(key)")
                #expect(try a.presentationValue(of: la[i].id, forKeyPath: key) == b.presentationValue(of: lb[i].id, forKeyPath: key),
                        "\(what): layer \(i) \(key) presented")
            }
            #expect(la[i].animationKeys == lb[i].animationKeys, "\(what): layer \(i)")
        }
        let da = a.lock.withLock { a.stack().dirty.map(\.slot) }
        let db = b.lock.withLock { b.stack().dirty.map(\.slot) }
        #expect(da == db, "\(what): dirty layers")
    }

    @Test("Batch sets do what the single calls do: fast keys, general keys, actions on and off, delegates (R4, R6)")
    func batchSets() throws {
        let n = 9
        var numbers = (0..<n).map { 0.05 * Double($0 + 1) }
        var points = (0..<2 * n).map { Double($0) * 1.5 }
        numbers[0] = 1  // layer 0's opacity is already 1: no change (R4)
        try numbers.withUnsafeBufferPointer { nums in
            try points.withUnsafeBufferPointer { pts in
                for open in [true, false] {
                    for key in ["opacity", "zPosition", "position.x", "cornerRadius", "glow"] {
                        try compareSet(key, .numbers(nums.baseAddress!), open: open)
                    }
                    for key in ["position", "anchorPoint", "spot", "bounds.origin"] {
                        try compareSet(key, .points(pts.baseAddress!), open: open)
                    }
                }
                try compareSet("opacity", .numbers(nums.baseAddress!), open: false, log: true)
                try compareSet("position", .points(pts.baseAddress!), open: false, log: true)
                try compareSet("opacity", .numbers(nums.baseAddress!), open: true, log: true)
            }
        }
        // Bad values: the same failure at the same index, the layers before it changed.
        numbers[3] = .nan
        points[9] = .infinity
        try numbers.withUnsafeBufferPointer { nums in
            try points.withUnsafeBufferPointer { pts in
                for open in [true, false] {
                    try compareSet("opacity", .numbers(nums.baseAddress!), open: open)
                    try compareSet("position", .points(pts.baseAddress!), open: open)
                    try compareSet("nope", .numbers(nums.baseAddress!), open: open)
                    try compareSet("opacity", .points(pts.baseAddress!), open: open)  // type mismatch
                }
            }
        }
    }

    @Test("Equal values through the batch are no change: nothing is recorded (R4)")
    func batchEqualValues() throws {
        let (e, layers) = try Self.scenario(open: false)
        let ids = Array(layers.map(\.id.rawValue)[0..<8])
        let t = e.transaction
        try t.begin()
        t.disableActions = true
        let before = e.lock.withLock { e.stack().dirty.map(\.slot) }
        let current = try layers[0..<8].map { l throws(LaminaError) -> Double in
            guard case .number(let n) = try l.value(forKeyPath: "zPosition") else { return .nan }
            return n
        }
        try current.withUnsafeBufferPointer { v in
            try ids.withUnsafeBufferPointer { p in
                try e.withKey("zPosition") { b throws(LaminaError) in
                    do throws(BatchFailure) {
                        try e.setValues(forKeyBytes: b, count: ids.count, layers: p.baseAddress!, values: .numbers(v.baseAddress!))
                    } catch { throw error.error }
                }
            }
        }
        #expect(e.lock.withLock { e.stack().dirty.map(\.slot) } == before)
        try t.commit()
    }

    @Test("Batch reads give the single reads' values; others, mismatches and no-presentation go to `write`")
    func batchReads() throws {
        let (e, layers) = try Self.scenario()
        // Five rounds of the layers: longer than the loops' look-ahead (`prefetchAhead`), so
        // the elements read are also ones asked for ahead.
        let ids = (0..<5).flatMap { _ in layers.map(\.id.rawValue) }
        let n = ids.count
        for key in Self.keys {
            for asPoints in [false, true] {
                var out = [Double](repeating: .nan, count: 2 * n)
                var written: [Int: Value?] = [:]
                var presented = [Double](repeating: .nan, count: 2 * n)
                var presentedWritten: [Int: Value?] = [:]
                try ids.withUnsafeBufferPointer { p in
                    try e.withKey(key) { b throws(LaminaError) in
                        do throws(BatchFailure) {
                            try out.withUnsafeMutableBufferPointer { o throws(BatchFailure) in
                                let dest: BatchOutput = asPoints ? .points(o.baseAddress!) : .numbers(o.baseAddress!)
                                try e.values(forKeyBytes: b, count: n, layers: p.baseAddress!, into: dest) { i, v in written[i] = v }
                            }
                            try presented.withUnsafeMutableBufferPointer { o throws(BatchFailure) in
                                let dest: BatchOutput = asPoints ? .points(o.baseAddress!) : .numbers(o.baseAddress!)
                                try e.presentationValues(forKeyBytes: b, count: n, at: nil, layers: p.baseAddress!, into: dest) { i, v in
                                    presentedWritten[i] = v
                                }
                            }
                        } catch { throw error.error }
                    }
                }
                for i in 0..<n {
                    let model = try e.value(of: layers[i % layers.count].id, forKeyPath: key)
                    let pres = try e.presentationValue(of: layers[i % layers.count].id, forKeyPath: key)
                    let stored: Value = asPoints ? .point(Point(x: out[2 * i], y: out[2 * i + 1])) : .number(out[i])
                    let storedP: Value = asPoints
                        ? .point(Point(x: presented[2 * i], y: presented[2 * i + 1])) : .number(presented[i])
                    if let w = written[i] { #expect(w == model, "\(key) \(i)") } else { #expect(stored == model, "\(key) \(i)") }
                    if let w = presentedWritten[i] { #expect(w == pres, "\(key) \(i) presented") } else {
                        #expect(storedP == pres, "\(key) \(i) presented")
                    }
                    // Only a value of the output's type from a fast key skips `write`.
                    let fits = Self.fastKeys.contains(key) && (model.type == .point) == asPoints
                    #expect((written[i] == nil) == fits, "\(key) \(i)")
                }
                #expect(presentedWritten[8] != nil)  // never committed: nil goes to `write`
            }
        }
    }

    @Test("A batch looks ahead past bad handles harmlessly: the elements before the first stop")
    func batchLookAheadPastBadHandles() throws {
        let (e, layers) = try Self.scenario(open: false)
        let dead = try e.createLayer()
        try e.releaseLayer(dead)
        let good = (0..<24).map { layers[$0 % 8].id.rawValue }  // committed layers: no write needed
        // After the dead layer, handles whose slots are out of range or foreign: the loop's
        // look-ahead decodes them before it reaches the dead one.
        let bad: [UInt64] = [dead.rawValue, 0, .max, LayerID(slot: 0xFF_FFFE, generation: 1, engine: 0).rawValue]
        let ids = good + bad + good
        for presentation in [false, true] {
            var out = [Double](repeating: .nan, count: ids.count)
            var written: [Int: Value] = [:]  // elements the general path reads
            var failure: BatchFailure? = nil
            ids.withUnsafeBufferPointer { p in
                out.withUnsafeMutableBufferPointer { o in
                    _ = try? e.withKey("opacity") { b throws(LaminaError) in
                        do throws(BatchFailure) {
                            if presentation {
                                try e.presentationValues(forKeyBytes: b, count: ids.count, at: nil, layers: p.baseAddress!, into: .numbers(o.baseAddress!)) { i, v in written[i] = v }
                            } else {
                                try e.values(forKeyBytes: b, count: ids.count, layers: p.baseAddress!, into: .numbers(o.baseAddress!)) { i, v in written[i] = v }
                            }
                        } catch { failure = error }
                    }
                }
            }
            #expect(failure?.index == good.count)
            #expect(failure?.error.code == .staleHandle)
            for i in 0..<good.count {
                let id = LayerID(rawValue: good[i])
                let want = try presentation ? e.presentationValue(of: id, forKeyPath: "opacity") : e.value(of: id, forKeyPath: "opacity")
                #expect(want == written[i] ?? .number(out[i]), "element \(i)")
            }
            #expect(out[good.count].isNaN && written[good.count] == nil)
        }
    }

    @Test("Slot prefetch hints ignore indexes out of range")
    func slotPrefetchOutOfRange() {
        let e = Engine()
        _ = e.makeLayer()
        e.lock.withLock {
            for i in [-1, Int.min, Int.max, e.slots.count, e.slots.count + 32, 0] {
                e.slots.prefetch(i)
                e.slots.prefetch(i, byteOffset: 112)
                e.slots.prefetchHead(i)
                e.slots.prefetchWhole(i)
                e.animated.prefetch(i)
            }
            // A batch's look-ahead at handles whose slots are out of range, 0 included.
            let handles: [UInt64] = (0..<40).map { $0 % 2 == 0 ? 0 : UInt64.max - UInt64($0) }
            handles.withUnsafeBufferPointer { h in
                for i in 0..<h.count {
                    e.prefetchAhead(h.baseAddress!, i, h.count, animations: true)
                    e.prefetchAhead(h.baseAddress!, i, h.count, animations: false)
                }
            }
        }
        #expect(e.slots.count >= 1)
    }

    @Test("Batch read errors stop at the failing index with the single read's error")
    func batchReadErrors() throws {
        let (e, layers) = try Self.scenario()
        let dead = try e.createLayer()
        try e.releaseLayer(dead)
        let ids = [layers[0].id.rawValue, layers[1].id.rawValue, dead.rawValue, layers[2].id.rawValue]
        var out = [Double](repeating: 0, count: 4)
        for key in ["opacity", "nope"] {
            var single: LaminaError? = nil
            do throws(LaminaError) { _ = try e.value(of: dead, forKeyPath: key) } catch { single = error }
            for presentation in [false, true] {
                var failure: BatchFailure? = nil
                ids.withUnsafeBufferPointer { p in
                    out.withUnsafeMutableBufferPointer { o in
                        _ = try? e.withKey(key) { b throws(LaminaError) in
                            do throws(BatchFailure) {
                                if presentation {
                                    try e.presentationValues(forKeyBytes: b, count: 4, at: nil, layers: p.baseAddress!, into: .numbers(o.baseAddress!)) { _, _ in }
                                } else {
                                    try e.values(forKeyBytes: b, count: 4, layers: p.baseAddress!, into: .numbers(o.baseAddress!)) { _, _ in }
                                }
                            } catch { failure = error }
                        }
                    }
                }
                // An unknown key fails at the first layer (the key resolves after it).
                #expect(failure?.index == (key == "nope" ? 0 : 2))
                if key == "opacity" {
                    #expect(failure?.error.code == single?.code)
                    #expect(failure?.error.message == single?.message)
                    #expect(out[0] == 1 && out[1] != 0)
                } else {
                    #expect(failure?.error.code == .unknownKey)
                }
            }
        }
    }
}
