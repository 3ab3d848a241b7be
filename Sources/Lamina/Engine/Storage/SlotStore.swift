// SPDX-License-Identifier: Apache-2.0
// The engine's layer slots, and their heads (`SlotHead`) in a second buffer beside them, which
// the engine reads and writes in place.
// A Swift array held in the engine's `var` checked its buffer's uniqueness (a runtime call)
// on every write and retained it for every `withUnsafeBufferPointer`: about a tenth of a
// property set (issue 12). The engine is the buffers' only owner, so neither is needed. It is
// a noncopyable struct, not a class: reading a class reference from the engine retained and
// released it around each access, two atomic operations per layer touched.

/// The layer slots, indexed by `LayerID.slot`. Touched only under the engine lock; an index
/// out of range traps, as an array's does. Addresses stay valid until the next `appendEmpty`
/// or `reserveCapacity` (the only operations that may move the buffers).
struct SlotStore: ~Copyable {
    private var base: UnsafeMutablePointer<LayerSlot>
    /// The slots' heads, `heads[i]` beside `base[i]` (`SlotHead`: what a read checks first).
    private var heads: UnsafeMutablePointer<SlotHead>
    /// Slots `0 ..< count` are initialised.
    private(set) var count = 0
    /// How many slots fit before `appendEmpty` moves the buffers.
    private(set) var capacity = 16

    init() {
        base = .allocate(capacity: 16)
        heads = .allocate(capacity: 16)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
        heads.deallocate()  // (a trivial type: nothing to deinitialise)
    }

    /// Slot `i`, read and written in place (addressors: no copy, no uniqueness check).
    @inline(__always)
    subscript(i: Int) -> LayerSlot {
        unsafeAddress { UnsafePointer(pointer(i)) }
        nonmutating unsafeMutableAddress { pointer(i) }
    }

    /// Slot `i`'s head, read and written in place.
    @inline(__always)
    subscript(head i: Int) -> SlotHead {
        unsafeAddress { UnsafePointer(headPointer(i)) }
        nonmutating unsafeMutableAddress { headPointer(i) }
    }

    /// The address of slot `i`, for a function that touches one slot many times (each
    /// subscript reloads the buffer and checks the index). Valid until the buffers move. An
    /// index out of range traps, as an array's subscript does.
    @inline(__always)
    func pointer(_ i: Int) -> UnsafeMutablePointer<LayerSlot> {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "Lamina: slot index out of range")
        return base + i
    }

    /// The address of slot `i`'s head (see `pointer`).
    @inline(__always)
    func headPointer(_ i: Int) -> UnsafeMutablePointer<SlotHead> {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "Lamina: slot index out of range")
        return heads + i
    }

    /// Asks the CPU to start loading the cache line at `byteOffset` into slot `i`, for a loop
    /// that will reach that slot a few steps later (`prefetchSpan`). An index out of range is
    /// ignored.
    @inline(__always)
    func prefetch(_ i: Int, byteOffset: Int = 0) {
        if UInt(bitPattern: i) < UInt(bitPattern: count) { prefetchSpan(UnsafeRawPointer(base + i) + byteOffset, through: 0) }
    }

    /// `prefetch` of the lines holding bytes `0 ... last` of slot `i`.
    @inline(__always)
    func prefetch(_ i: Int, through last: Int) {
        if UInt(bitPattern: i) < UInt(bitPattern: count) { prefetchSpan(UnsafeRawPointer(base + i), through: last) }
    }

    /// `prefetch` of slot `i`'s first 128 bytes: the links, the snapshot index and the inline
    /// scalars (bounds, position, anchorPoint, zPosition, opacity), all of the slot a typed read
    /// or set touches (the rest it needs is in the slot's head).
    @inline(__always)
    func prefetchHead(_ i: Int) { prefetch(i, through: 127) }

    /// `prefetch` of all of slot `i`, for a loop that reads the whole model.
    @inline(__always)
    func prefetchWhole(_ i: Int) { prefetch(i, through: MemoryLayout<LayerSlot>.size - 1) }

    /// Calls `body` with the initialised slots; it must not append.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<LayerSlot>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the initialised slots and their heads; it must not append.
    @inline(__always)
    func withUnsafeBuffers<R>(
        _ body: (UnsafeBufferPointer<LayerSlot>, UnsafeBufferPointer<SlotHead>) throws -> R
    ) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count), UnsafeBufferPointer(start: heads, count: count))
    }

    /// Makes room for at least `n` slots without moving the buffers again.
    mutating func reserveCapacity(_ n: Int) {
        guard n > capacity else { return }
        let bigger = UnsafeMutablePointer<LayerSlot>.allocate(capacity: n)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        let biggerHeads = UnsafeMutablePointer<SlotHead>.allocate(capacity: n)
        biggerHeads.moveInitialize(from: heads, count: count)
        heads.deallocate()
        heads = biggerHeads
        capacity = n
    }

    /// Adds an empty slot (no layer: `LayerSlot()`, `SlotHead()`) at index `count`, doubling
    /// the capacity when full.
    mutating func appendEmpty() {
        if count == capacity { reserveCapacity(Swift.max(16, capacity * 2)) }
        (base + count).initialize(to: LayerSlot())
        (heads + count).initialize(to: SlotHead())
        count += 1
    }
}
