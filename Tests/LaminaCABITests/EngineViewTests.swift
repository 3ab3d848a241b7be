// SPDX-License-Identifier: Apache-2.0
// A C view of a Swift engine (`makeEngineView`, issue 30 item 2): the handle the reference
// compositor reads a Swift host's `Engine` through. C calls on it work on the Swift engine
// itself, under the engine's own lock, and ending the view leaves the engine as it was.

import CLamina
import Lamina
@testable import LaminaCABI
import Synchronization
import Testing

private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

@Suite("A C view of a Swift engine (issue 30 item 2)")
struct EngineViewTests {
    @Test("C calls through the view read and write the Swift engine's layers")
    func callsReachTheSwiftEngine() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        layer.opacity = 0.25
        let view = try #require(makeEngineView(engine))
        defer { destroyEngineView(view) }
        let id = lamina_layer_t(layer.id.rawValue)
        var opacity = 0.0
        #expect(lamina_layer_get_opacity(view, id, &opacity) == LAMINA_STATUS_OK)
        #expect(opacity == 0.25)
        // A setter takes the locked fast path on a C engine; on a view it must take the Swift
        // engine's own lock, and its write is the Swift layer's.
        #expect(lamina_layer_set_opacity(view, id, 0.5) == LAMINA_STATUS_OK)
        #expect(layer.opacity == 0.5)
        var position = lamina_point_t()
        layer.position = Point(x: 3, y: 4)
        #expect(lamina_layer_get_position(view, id, &position) == LAMINA_STATUS_OK)
        #expect(position.x == 3 && position.y == 4)
        // The engine's time and ticks are the Swift engine's.
        engine.tick(2)
        var time = 0.0
        #expect(lamina_engine_get_time(view, &time) == LAMINA_STATUS_OK)
        #expect(time == 2)
    }

    @Test("a call through the view waits for the Swift engine's own lock")
    func callsTakeTheEnginesLock() async throws {
        // A C engine's calls take its slot's lock, which is the engine's; a Swift engine has a
        // lock of its own, so a view's calls must take that one or they would run beside the
        // host's Swift calls. Held here as a Swift call would hold it: the setter must wait.
        let engine = Engine()
        let layer = engine.makeLayer()
        let view = try #require(makeEngineView(engine))
        defer { destroyEngineView(view) }
        let handle = UInt(bitPattern: view), id = lamina_layer_t(layer.id.rawValue)
        let done = Flag()
        engine.lock.lock()
        let task = Task.detached {
            let status = lamina_layer_set_opacity(OpaquePointer(bitPattern: handle), id, 0.5)
            done.value.store(true, ordering: .releasing)
            return status
        }
        usleep(200_000)
        let early = done.value.load(ordering: .acquiring)
        engine.lock.unlock()
        #expect(!early, "the setter ran while the engine's lock was held")
        #expect(await task.value == LAMINA_STATUS_OK)
        #expect(layer.opacity == 0.5)
    }

    @Test("ending the view makes its handle stale and leaves the engine alive and usable")
    func endingTheView() throws {
        let engine = Engine()
        let layer = engine.makeLayer()
        let view = try #require(makeEngineView(engine))
        destroyEngineView(view)
        destroyEngineView(view)  // twice: nothing
        var opacity = 0.0
        #expect(lamina_layer_get_opacity(view, lamina_layer_t(layer.id.rawValue), &opacity) == LAMINA_STATUS_STALE_HANDLE)
        layer.opacity = 0.75
        engine.tick(1)
        #expect(layer.opacity == 0.75 && engine.time == 1)
        // lamina_engine_destroy on a view ends the view only (C code that treats the handle
        // as its own engine cannot take the Swift host's engine away).
        let second = try #require(makeEngineView(engine))
        #expect(lamina_engine_destroy(second) == LAMINA_STATUS_OK)
        #expect(lamina_engine_get_time(second, &opacity) == LAMINA_STATUS_STALE_HANDLE)
        engine.tick(3)
        #expect(engine.time == 3)
        destroyEngineView(second)  // already ended: nothing
    }

    @Test("a view keeps its engine alive until it ends, and then lets it go")
    func viewHoldsTheEngine() throws {
        weak var weakEngine: Engine?
        var view: OpaquePointer?
        do {
            let engine = Engine()
            weakEngine = engine
            view = makeEngineView(engine)
        }
        #expect(weakEngine != nil)
        var time = -1.0
        #expect(lamina_engine_get_time(view, &time) == LAMINA_STATUS_OK && time == 0)
        destroyEngineView(try #require(view))
        #expect(weakEngine == nil)
    }

    @Test("views of two engines, and a C engine beside them, keep their own layers")
    func viewsAndCEnginesApart() throws {
        let a = Engine(), b = Engine()
        let la = a.makeLayer(), lb = b.makeLayer()
        la.opacity = 0.1
        lb.opacity = 0.2
        let va = try #require(makeEngineView(a)), vb = try #require(makeEngineView(b))
        defer { destroyEngineView(va); destroyEngineView(vb) }
        var c: OpaquePointer?
        #expect(lamina_engine_create(&c) == LAMINA_STATUS_OK)
        defer { _ = lamina_engine_destroy(c) }
        var cl: lamina_layer_t = 0
        #expect(lamina_layer_create(c, &cl) == LAMINA_STATUS_OK)
        #expect(lamina_layer_set_opacity(c, cl, 0.3) == LAMINA_STATUS_OK)
        var o = 0.0
        #expect(lamina_layer_get_opacity(va, lamina_layer_t(la.id.rawValue), &o) == LAMINA_STATUS_OK && o == 0.1)
        #expect(lamina_layer_get_opacity(vb, lamina_layer_t(lb.id.rawValue), &o) == LAMINA_STATUS_OK && o == 0.2)
        #expect(lamina_layer_get_opacity(c, cl, &o) == LAMINA_STATUS_OK && o == 0.3)
        // A layer of another engine is refused, as between C engines.
        #expect(lamina_layer_get_opacity(va, lamina_layer_t(lb.id.rawValue), &o) != LAMINA_STATUS_OK)
        _ = lamina_layer_release(c, cl)
    }
}

#if canImport(Glibc)
import Glibc
#endif
