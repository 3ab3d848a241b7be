// SPDX-License-Identifier: Apache-2.0
// The engine's animated-layer entries in fixed chunks that never move. An entry holds its
// layer's first two animation records inline (AnimationList): 152 bytes, so a doubling array
// copied every entry at each growth and faulted in twice the memory it kept: at 100k layers
// the first commit of animations touched 440 bytes of fresh memory per layer (issue 12). A
// chunk is allocated once and filled in place; only the small table of chunks grows.

/// The `Engine.animated` entries, indexed from 0 like an array (the engine keeps them dense:
/// removal swaps the last entry in). Touched only under the engine lock. Addresses stay valid
/// until the entry is removed.
struct AnimatedStore: ~Copyable {
    /// Entries per chunk: 256 × 152 bytes, about 38 KB, so a small engine allocates little.
    enum Shift: ChunkShift { static var shift: Int { 8 } }
    static let chunkSize = 1 << Shift.shift

    private var table = ChunkTable<AnimatedLayer, Shift>()
    /// Entries `0 ..< count` are initialised.
    private(set) var count = 0

    init() {}

    deinit {
        for i in 0..<count { address(i).deinitialize(count: 1) }
    }

    var indices: Range<Int> { 0..<count }
    var isEmpty: Bool { count == 0 }

    /// The address of entry `i` (unchecked: callers check `i < count`).
    @inline(__always)
    private func address(_ i: Int) -> UnsafeMutablePointer<AnimatedLayer> {
        table.address(i)
    }

    /// Entry `i`, read and written in place (addressors: no copy, no uniqueness check).
    @inline(__always)
    subscript(i: Int) -> AnimatedLayer {
        unsafeAddress {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "Lamina: animated index out of range")
            return UnsafePointer(address(i))
        }
        nonmutating unsafeMutableAddress {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "Lamina: animated index out of range")
            return address(i)
        }
    }

    /// Asks the CPU to start loading all of entry `i`, its inline records with it
    /// (`prefetchSpan`; a hint for batch loops). An index out of range is ignored.
    @inline(__always)
    func prefetch(_ i: Int) {
        guard UInt(bitPattern: i) < UInt(bitPattern: count) else { return }
        prefetchSpan(UnsafeRawPointer(address(i)), through: MemoryLayout<AnimatedLayer>.size - 1)
    }

    /// Adds `entry` at index `count`, in place.
    mutating func append(_ entry: consuming AnimatedLayer) {
        table.ensureRoom(for: count)
        address(count).initialize(to: entry)
        count += 1
    }

    /// Removes the last entry (its chunk is kept for the next append).
    mutating func removeLast() {
        precondition(count > 0, "Lamina: removeLast of no animated entries")
        count -= 1
        address(count).deinitialize(count: 1)
    }

    /// Exchanges entries `i` and `j`, in place.
    func swapAt(_ i: Int, _ j: Int) {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count) && UInt(bitPattern: j) < UInt(bitPattern: count),
                     "Lamina: animated index out of range")
        guard i != j else { return }
        let a = address(i), b = address(j)
        let t = a.move()
        a.moveInitialize(from: b, count: 1)
        b.initialize(to: t)
    }
}
