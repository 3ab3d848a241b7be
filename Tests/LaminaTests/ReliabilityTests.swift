// SPDX-License-Identifier: Apache-2.0
// Reliability (issue 9): input shapes and threads that once crashed the host or lost updates
// (R12, R13). Each test is a regression test for one finding.

#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import Lamina

@Suite("Reliability: deep shapes, foreign handles, threads (R12, R13)")
struct ReliabilityTests {
    @Test("A 100k-deep chain with timed layers ticks without recursion; time scales (R13, CA-5.7)")
    func deepTimedChain() throws {
        let engine = Engine()
        let leaf = engine.makeLayer()
        var root = leaf
        for _ in 0..<100_000 {
            let parent = engine.makeLayer()
            parent.addSublayer(root)
            if root != leaf { try root.releaseHostReference() }
            root = parent
        }
        root.speed = 2
        leaf.speed = 1  // a second timed layer on the path
        engine.tick(0)
        leaf.opacity = 0  // implicit, 0.25 s in the leaf's time
        engine.tick(0)
        engine.tick(0.0625)  // leaf time 0.125
        let mid = try #require(try leaf.presentationValue(forKeyPath: "opacity"))
        guard case .number(let m) = mid else { Issue.record("not a number"); return }
        #expect(m > 0 && m < 1)
        engine.tick(0.13)  // leaf time 0.26: finished at double speed
        #expect(try leaf.presentationValue(forKeyPath: "opacity") == .number(0))
        #expect(try engine.convertTime(1, from: nil, to: leaf.id) == 2)
    }

    @Test("Groups nest at most Animation.maximumGroupDepth levels; deeper answers outOfMemory (R13)")
    func deepGroups() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        var ok = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1)
        for _ in 0..<Animation.maximumGroupDepth { ok = .group([ok], duration: 1) }
        #expect(ok.groupDepth == 64)
        try layer.add(ok, forKey: "ok")
        engine.tick(0.5)
        let tooDeep = Animation.group([ok], duration: 1)
        #expect(laminaErrorCode { try layer.add(tooDeep, forKey: "deep") } == .outOfMemory)
        #expect(layer.animationKeys == ["ok"])
    }

    @Test("A group added to itself doubles; past maximumAnimationCount in all it answers outOfMemory (R13)")
    func hugeGroups() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        var g = Animation.group([.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1)], duration: 1)
        // Each round doubles the tree (shared storage keeps building it cheap): 2^14 leaves.
        for _ in 0..<14 { g = .group([g, g], duration: 1) }
        #expect(g.animationCount(upTo: Animation.maximumAnimationCount) == Animation.maximumAnimationCount + 1)
        #expect(laminaErrorCode { try layer.add(g, forKey: "huge") } == .outOfMemory)
        #expect(layer.animationKeys.isEmpty)
        var small = Animation.group([.basic(keyPath: "opacity", from: .number(0), to: .number(1), duration: 1)], duration: 1)
        for _ in 0..<5 { small = .group([small, small], duration: 1) }
        #expect(small.animationCount(upTo: Animation.maximumAnimationCount) == 95)  // 2, 5, 11, 23, 47, 95
        try layer.add(small, forKey: "small")
        #expect(layer.animationKeys == ["small"])
    }

    @Test("A layer of another engine is STALE_HANDLE here, never this engine's layer (R13)")
    func foreignHandles() throws {
        let a = Engine(), b = Engine()
        let a1 = a.makeLayer(), a2 = a.makeLayer()
        let b1 = b.makeLayer()  // kept: a dropped layer would free its slot for b2
        let b2 = b.makeLayer()
        #expect(a2.id.slot == b2.id.slot)  // the same slot in each engine…
        let forged = Layer(engine: a, id: b2.id)  // …but b's handle does not name a's layer
        #expect(!forged.isAlive)
        #expect(laminaErrorCode { try a.insertSublayer(forged.id, into: a1.id, at: .end) } == .staleHandle)
        #expect(a2.superlayer == nil)
        #expect(b1.isAlive)
    }

    @Test("Numbers beyond 1e15 are refused; 1e15 endpoints interpolate to finite values")
    func boundedMagnitudes() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        #expect(laminaErrorCode { try layer.setValue(.number(.greatestFiniteMagnitude), forKeyPath: "opacity") } == .invalidArgument)
        #expect(laminaErrorCode { try layer.setValue(.point(Point(x: -1e16, y: 0)), forKeyPath: "position") } == .invalidArgument)
        try layer.setValue(.point(Point(x: -1e15, y: 1e15)), forKeyPath: "position")
        engine.tick(0)
        try layer.setValue(.point(Point(x: 1e15, y: -1e15)), forKeyPath: "position")
        engine.tick(0.1)
        guard case .point(let p)? = try layer.presentationValue(forKeyPath: "position") else {
            Issue.record("no point"); return
        }
        #expect(p.x.isFinite && p.y.isFinite)
        let huge = Animation.basic(keyPath: "opacity", from: .number(0), to: .number(-.greatestFiniteMagnitude))
        #expect(laminaErrorCode { try layer.add(huge, forKey: "huge") } == .invalidArgument)
    }

    @Test("A 100k-long style chain is searched and released without recursion (R13)")
    func longStyleChain() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        var style: LayerStyle? = nil
        for _ in 0..<100_000 { style = LayerStyle(style: style) }
        try engine.setStyle(style, of: layer.id)
        style = nil
        layer.opacity = 0.5  // walks the chain
        try engine.setStyle(nil, of: layer.id)
        engine.tick(1)  // the chain is released here
        #expect(layer.opacity == 0.5)
    }

    @Test("A thread that exits with transactions open hands nothing to the next thread (R12)")
    func threadExit() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        engine.tick(0)
        let before = engine.lock.withLock { engine.stacks.count }
        for depth in 0...2 {
            let value = 0.1 * Double(depth + 1)
            runOnThread {
                for _ in 0..<depth { try? engine.transaction.begin() }
                engine.transaction.disableActions = true
                layer.opacity = value
            }
            nonisolated(unsafe) var status: LaminaError.Code? = nil
            runOnThread {
                status = laminaErrorCode { try engine.transaction.commit() }
                engine.transaction.disableActions = true
                layer.zPosition = 7
                engine.transaction.flush()
            }
            #expect(status == .misuse)  // it began nothing
            engine.tick(Double(depth + 1))
            #expect(try layer.presentationValue(forKeyPath: "opacity") == .number(value))
            #expect(try layer.presentationValue(forKeyPath: "zPosition") == .number(7))
        }
        // The exited threads' stacks are gone: the dictionary does not grow with threads.
        #expect(engine.lock.withLock { engine.stacks.count } == before)
    }
}

/// Runs `body` on a new pthread and joins it.
private func runOnThread(_ body: @escaping () -> Void) {
    final class Box { let body: () -> Void; init(_ b: @escaping () -> Void) { body = b } }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let rc = pthread_create(&thread, nil, { p in
        let b = Unmanaged<Box>.fromOpaque(p!).takeRetainedValue()
        b.body()
        return nil
    }, box)
    precondition(rc == 0)
    pthread_join(thread, nil)
}
