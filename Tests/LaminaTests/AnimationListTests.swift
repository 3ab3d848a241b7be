// SPDX-License-Identifier: Apache-2.0
// AnimationList (issue 12): a layer's animations with the first two inline. Every operation
// the engine uses is checked against a Swift array doing the same, across the inline, spilled
// and emptied states, and the layout that makes the first two records cost no heap block.

import Testing

@testable import Lamina

@Suite("AnimationList: an array's behaviour, the first two records inline (issue 12)")
struct AnimationListTests {
    static func record(_ n: Int) -> AttachedAnimation {
        var r = AttachedAnimation(key: "k\(n)", target: .opacity, duration: Double(n), curve: 0)
        if n % 3 == 0 { r.ends = GeneralEnds(from: .number(Double(n)), to: .null) }  // a reference
        return r
    }

    static func keys(_ l: AnimationList) -> [String] { l.map(\.key) }

    @Test("append, remove(at:), removeAll(where:), firstIndex, subscripts and buffers match an array's")
    func matchesArray() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var list = AnimationList()
            var model: [AttachedAnimation] = []
            var next = 0
            for _ in 0..<40 {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<5:
                    list.append(Self.record(next)); model.append(Self.record(next)); next += 1
                case 5..<7 where !model.isEmpty:
                    let i = Int.random(in: 0..<model.count, using: &rng)
                    #expect(list.remove(at: i).key == model.remove(at: i).key)
                case 7 where !model.isEmpty:
                    let m = Int.random(in: 2...4, using: &rng)
                    var asked: [String] = []
                    list.removeAll { asked.append($0.key); return Int($0.duration) % m == 0 }
                    var askedModel: [String] = []
                    model.removeAll { askedModel.append($0.key); return Int($0.duration) % m == 0 }
                    #expect(asked == askedModel)  // once per element, in order
                case 8 where !model.isEmpty:
                    let i = Int.random(in: 0..<model.count, using: &rng)
                    list[i].state = .committed; model[i].state = .committed
                    list.withUnsafeMutableBufferPointer { $0[$0.count - 1].beginTime = 7 }
                    model[model.count - 1].beginTime = 7
                default:
                    break
                }
                #expect(list.count == model.count && list.isEmpty == model.isEmpty)
                #expect(Self.keys(list) == model.map(\.key))
                #expect(list.map(\.state) == model.map(\.state))
                #expect(list.map(\.beginTime) == model.map(\.beginTime))
                #expect(list.reversed().map(\.key) == model.reversed().map(\.key))
                #expect(list.map { $0.ends?.from } == model.map { $0.ends?.from })
                for state in [AttachmentState.pending, .committed] {
                    for start in 0...model.count {
                        let want = model.indices.first { $0 >= start && model[$0].state == state }
                        #expect(list.firstIndex(from: start, state: state) == want)
                    }
                }
            }
        }
    }

    @Test("removed and spilled records are released: the list keeps no reference to them")
    func releasesReferences() {
        weak var gone: GeneralEnds?
        var list = AnimationList()
        do {
            var r = Self.record(1)
            let box = GeneralEnds(from: .number(1), to: .number(2))
            gone = box
            r.ends = box
            list.append(r)
        }
        // Reads through the subscript and iteration hold no reference afterwards (a `_read`
        // accessor leaked one here).
        #expect(list[0].ends != nil)
        for r in list { #expect(r.ends != nil) }
        list.append(Self.record(2))
        list.append(Self.record(4))  // spills all three
        #expect(gone != nil)
        list.remove(at: 0)
        #expect(gone == nil)
        list.removeAll { _ in true }
        #expect(list.isEmpty)
        list.append(Self.record(5))  // inline again after emptying
        #expect(Self.keys(list) == ["k5"])
    }

    @Test("the first two records live inside the entry: no heap block for the common layer")
    func layout() {
        #expect(AnimationList.inlinePairIsContiguous)
        #expect(MemoryLayout<AnimationList>.size <= 2 * MemoryLayout<AttachedAnimation>.stride + 16)
        #expect(MemoryLayout<AnimatedLayer>.stride <= 160)
        // An engine's layer with a position and an opacity animation keeps both inline: the
        // spill array stays the shared empty one.
        let e = Engine()
        let l = e.makeLayer()
        e.tick(0)
        l.position = Point(x: 5, y: 5)
        l.opacity = 0.5
        let inline = e.lock.withLock { () -> Bool in
            let a = Int(e.slots[head: Int(l.id.slot)].animIndex)
            return e.animated[a].animations.count == 2 && e.animated[a].animations.isInline
        }
        #expect(inline)
    }
}

@Suite("AnimatedStore: dense entries in chunks that never move (issue 12)")
struct AnimatedStoreTests {
    @Test("append across chunks, swapAt and removeLast keep every entry; addresses stay put")
    func chunks() {
        var store = AnimatedStore()
        let n = 3 * AnimatedStore.chunkSize + 5
        var model: [Int32] = []
        for i in 0..<n {
            store.append(AnimatedLayer(slot: Int32(i)))
            model.append(Int32(i))
        }
        let before = withUnsafePointer(to: &store[7]) { UnsafeRawPointer($0) }
        for i in stride(from: 0, to: n, by: 3) {
            let j = (i * 7) % n
            store.swapAt(i, j)
            model.swapAt(i, j)
        }
        for _ in 0..<(AnimatedStore.chunkSize + 3) {
            store.removeLast()
            model.removeLast()
        }
        store.append(AnimatedLayer(slot: -7))  // reuses the kept chunk
        model.append(-7)
        #expect(store.count == model.count)
        #expect(store.indices.map { store[$0].slot } == model)
        #expect(withUnsafePointer(to: &store[7]) { UnsafeRawPointer($0) } == before)
    }

    @Test("entries' records are released with the store and on removal")
    func releases() {
        weak var gone: GeneralEnds?
        do {
            var store = AnimatedStore()
            var r = AttachedAnimation(key: "k", target: .opacity, duration: 1, curve: 0)
            let box = GeneralEnds(from: .number(0), to: .number(1))
            gone = box
            r.ends = box
            store.append(AnimatedLayer(slot: 0))
            store[0].animations.append(r)
            store.append(AnimatedLayer(slot: 1))
            store.swapAt(0, 1)
            #expect(store[1].animations.count == 1 && gone != nil)
        }
        #expect(gone == nil)
    }
}
