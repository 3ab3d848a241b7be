// SPDX-License-Identifier: Apache-2.0
// A layer's attached animations, the first two held inline. Nearly every animated layer has
// one or two (an implicit change of position and opacity); as a Swift array they were a
// separate 176-byte heap block per layer, allocated by the first change and read through one
// more dependent load by every presentation read, tick and draw list (issue 12: at 1M layers
// that block was a DRAM miss and a page fault of its own). A third animation moves all of
// them to an array, where they stay until the list empties.

/// The animations attached to one layer, in the order they were added (CA-1.9: later ones
/// apply over earlier ones). An array-like value: a `RandomAccessCollection` and
/// `MutableCollection` indexed from 0, with the array operations the engine uses.
struct AnimationList: RandomAccessCollection, MutableCollection {
    /// Elements 0 and 1 while not `spilled`, when `count` reaches them; otherwise `blank` (no
    /// references). Two fields, not a tuple: a tuple's copy went through the runtime's generic
    /// tuple witnesses. Declared together, so they lie next to each other (a test checks it),
    /// as `withUnsafeMutableBufferPointer` needs.
    private var first = AttachedAnimation.blank
    private var second = AttachedAnimation.blank
    /// All elements once a third was added (`spilled`), until the list empties.
    private var spill: [AttachedAnimation] = []
    private var stored: Int32 = 0
    private var spilled = false

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { Int(stored) }
    @inline(__always) var count: Int { Int(stored) }
    @inline(__always) var isEmpty: Bool { stored == 0 }

    @inline(__always)
    subscript(i: Int) -> AttachedAnimation {
        // A getter, not a `_read` coroutine: yielding one of several stored places from a
        // `_read` leaked a retain of the element in this toolchain (AnimationListTests).
        get {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: Int(stored)), "Lamina: animation index out of range")
            if spilled { return spill[i] }
            return i == 0 ? first : second
        }
        _modify {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: Int(stored)), "Lamina: animation index out of range")
            if spilled {
                yield &spill[i]
            } else if i == 0 {
                yield &first
            } else {
                yield &second
            }
        }
    }

    /// Whether the elements are inline (no array allocated).
    var isInline: Bool { !spilled }

    /// Adds `element` at the end.
    @inline(__always)
    mutating func append(_ element: consuming AttachedAnimation) {
        if spilled {
            spill.append(element)
        } else if stored == 0 {
            first = element
        } else if stored == 1 {
            second = element
        } else {
            // The third: all move to the array (the inline pair is left blank).
            spill.reserveCapacity(4)
            spill.append(Self.take(&first))
            spill.append(Self.take(&second))
            spill.append(element)
            spilled = true
        }
        stored += 1
    }

    /// Removes and returns element `i`; later ones move down one place.
    @discardableResult
    mutating func remove(at i: Int) -> AttachedAnimation {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: Int(stored)), "Lamina: animation index out of range")
        stored -= 1
        if spilled {
            let removed = spill.remove(at: i)
            if stored == 0 { spill = []; spilled = false }
            return removed
        }
        if i == 0 {
            let removed = Self.take(&first)
            if stored == 1 { first = Self.take(&second) }
            return removed
        }
        return Self.take(&second)
    }

    /// Removes the elements `shouldRemove` accepts, asking once per element in order; the
    /// others keep their order.
    mutating func removeAll(where shouldRemove: (AttachedAnimation) throws -> Bool) rethrows {
        if spilled {
            try spill.removeAll(where: shouldRemove)
            stored = Int32(truncatingIfNeeded: spill.count)
            if stored == 0 { spill = []; spilled = false }
            return
        }
        var k = 0
        while k < count {
            if try shouldRemove(self[k]) { remove(at: k) } else { k += 1 }
        }
    }

    /// The first index at or after `start` whose element is in `state`, read in place (the
    /// subscript's getter would copy each record it looks at).
    @inline(__always)
    mutating func firstIndex(from start: Int, state: AttachmentState) -> Int? {
        withUnsafeMutableBufferPointer { buf in
            var k = start
            while k < buf.count {
                if buf[k].state == state { return k }
                k += 1
            }
            return nil
        }
    }

    /// Calls `body` with the elements in contiguous memory, in place: the array's, or the
    /// inline pair's. The engine's hot reads go through here rather than the subscript, whose
    /// getter returns a copy (a retain of the key and the payload per record read).
    @inline(__always)
    mutating func withUnsafeMutableBufferPointer<R>(
        _ body: (inout UnsafeMutableBufferPointer<AttachedAnimation>) throws -> R
    ) rethrows -> R {
        if spilled { return try spill.withUnsafeMutableBufferPointer(body) }
        let n = count
        return try withUnsafeMutablePointer(to: &self) { list in
            let raw = UnsafeMutableRawPointer(list) + Self.firstOffset
            var buffer = UnsafeMutableBufferPointer(start: raw.assumingMemoryBound(to: AttachedAnimation.self), count: n)
            return try body(&buffer)
        }
    }

    /// Where `first` lies in the list: it is declared first, and Swift lays stored properties
    /// out in order (`inlinePairIsContiguous` checks this, and that `second` follows at one
    /// stride; a key path's offset is not folded to a constant here).
    static let firstOffset = 0

    /// Whether the layout `withUnsafeMutableBufferPointer` relies on holds (the tests check).
    static var inlinePairIsContiguous: Bool {
        MemoryLayout<AnimationList>.offset(of: \AnimationList.first)! == firstOffset
            && MemoryLayout<AnimationList>.offset(of: \AnimationList.second)! - firstOffset
                == MemoryLayout<AttachedAnimation>.stride
    }

    /// Moves the element out of `slot`, leaving `blank` (so the list holds no reference to it).
    @inline(__always)
    private static func take(_ slot: inout AttachedAnimation) -> AttachedAnimation {
        var out = AttachedAnimation.blank
        swap(&out, &slot)
        return out
    }
}

extension AttachedAnimation {
    /// What an unused inline place of an `AnimationList` holds: no references, never read.
    static var blank: AttachedAnimation {
        @inline(__always) get { AttachedAnimation(key: "", target: .opacity, duration: 0, curve: -1) }
    }
}
