// SPDX-License-Identifier: Apache-2.0
// The snapshot copy (`LayerProperties.copy(_:intoUninitialized:)`, issue 12) copies a layer's
// values bytewise and retains the rare box: correct only while the box is the struct's one
// reference. These tests pin that layout, and that a copy shares the box as a Swift copy does.

import Testing

@testable import Lamina

@Suite("Snapshot copies: bytes plus one retain of the rare box (issue 12, CA-1.3)")
struct SnapshotCopyTests {
    /// The types a stored property of LayerProperties may have besides the rare box: each is
    /// checked to hold no references below, so a new field of another type fails `layout`.
    static let plainTypes: [(Any.Type, Bool)] = [
        (Rect.self, _isPOD(Rect.self)), (Point.self, _isPOD(Point.self)), (Double.self, _isPOD(Double.self)),
        (Color?.self, _isPOD(Color?.self)), (UInt8.self, _isPOD(UInt8.self)),
    ]

    @Test("every stored property of LayerProperties but the rare box is plain data")
    func layout() {
        var p = LayerProperties()
        p.backgroundColor = Color(red: 1, green: 0, blue: 0)
        p.rare.cornerRadius = 3
        var boxes = 0
        for child in Mirror(reflecting: p).children {
            if child.value is RareBox? {
                boxes += 1
            } else {
                let t = type(of: child.value)
                let known = Self.plainTypes.first { $0.0 == t }
                #expect(known?.1 == true, "\(child.label ?? "?"): \(t) may hold a reference")
            }
        }
        #expect(boxes == 1)
    }

    @Test("a copy keeps its values when the original's rare values change, and frees its box")
    func copySharesBox() {
        var original = LayerProperties()
        original.opacity = 0.5
        original.rare.cornerRadius = 3
        weak var box: RareBox?
        do {
            let dst = UnsafeMutablePointer<LayerProperties>.allocate(capacity: 1)
            withUnsafePointer(to: original) { LayerProperties.copy($0, intoUninitialized: dst) }
            box = dst.pointee.rareStorage
            // Shared, so the original's change copies the box (copy on write) and the copy
            // keeps the old value; without the retain the original would write in place.
            original.rare.cornerRadius = 7
            #expect(dst.pointee.rare.cornerRadius == 3)
            #expect(dst.pointee.opacity == 0.5)
            #expect(original.rare.cornerRadius == 7)
            dst.deinitialize(count: 1)
            dst.deallocate()
        }
        // The copy's reference was its own: released with it, the old box is gone.
        #expect(box == nil)
    }
}

@Suite("The snapshot pool gives a big transaction's room back (issue 12, CA-1.3)")
struct SnapshotPoolTrimTests {
    /// The pool's size and its free list's, read under the lock.
    static func pool(_ e: Engine) -> (count: Int, free: Int) {
        e.lock.withLock { (e.snapshotPool.count, e.freeSnapshots.count) }
    }

    @Test("after the commit of 300 changed layers only the first chunk stays, and it is reused")
    func trimAndReuse() throws {
        let e = Engine()
        let layers = (0..<300).map { _ in e.makeLayer() }
        e.tick(0)
        for round in 1...2 {
            let t = e.transaction
            try t.begin()
            t.disableActions = true
            for l in layers { l.opacity = 0.1 * Double(round) }
            // Uncommitted: every layer has its snapshot, and the presentation shows it (CA-1.3).
            #expect(Self.pool(e).count >= 300)
            #expect(try layers[299].presentationValue(forKeyPath: "opacity") == .number(round == 1 ? 1 : 0.1))
            try t.commit()
            // All committed: the chunks past the first are gone; its entries are all free.
            #expect(Self.pool(e) == (count: 64, free: 64))
            e.tick(Double(round))
            #expect(try layers[299].presentationValue(forKeyPath: "opacity") == .number(0.1 * Double(round)))
        }
    }
}

@Suite("Attached animation records stay one 64-byte block (issue 12: memory per animation)")
struct AttachedAnimationLayoutTests {
    @Test("a record is 64 bytes, and its endpoints and explicit state share one word")
    func layout() {
        #expect(MemoryLayout<AttachedPayload>.size == 8)
        #expect(MemoryLayout<AttachedAnimation>.stride == 64)
        var a = AttachedAnimation(key: "opacity", target: .opacity, from: .number(0), to: .number(1), duration: 1, curve: 0)
        #expect(a.ends?.to == .number(1))
        #expect(a.explicit == nil)
        a.ends = nil
        #expect(a.ends == nil && a.explicit == nil)
    }
}
