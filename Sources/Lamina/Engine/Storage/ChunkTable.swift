// SPDX-License-Identifier: Apache-2.0
// The chunk table under the engine's stores whose elements never move (SnapshotPool,
// AnimatedStore): fixed-size chunks allocated as the store grows, addressed through a small
// table of their base pointers that alone grows by doubling. Appending never copies an
// element, and memory is touched once, where a doubling array copied every element and
// faulted in twice what it kept (issue 12).

/// A chunk size, as a type: the shift is then a constant in the specialised code (a stored
/// shift cost the commit about 60 instructions per change).
protocol ChunkShift {
    /// Elements per chunk: `1 << shift`.
    static var shift: Int { get }
}

/// Chunks of `1 << Shift.shift` elements, by index. It allocates and frees memory only: the
/// store that owns it initialises and deinitialises the elements. Touched under the engine lock.
struct ChunkTable<Element, Shift: ChunkShift>: ~Copyable {
    @inline(__always) var chunkShift: Int { Shift.shift }
    private var chunks: UnsafeMutablePointer<UnsafeMutablePointer<Element>>
    private var tableCapacity = 1
    /// Chunks allocated: indices `0 ..< chunkCount << chunkShift` have memory.
    private(set) var chunkCount = 0

    init() {
        chunks = .allocate(capacity: 1)
    }

    deinit {
        for c in 0..<chunkCount { chunks[c].deallocate() }
        chunks.deallocate()
    }

    @inline(__always) var chunkSize: Int { 1 << chunkShift }

    /// The address of element `i` (unchecked: `i` must lie in an allocated chunk).
    @inline(__always)
    func address(_ i: Int) -> UnsafeMutablePointer<Element> {
        chunks[i &>> chunkShift] + (i & (chunkSize - 1))
    }

    /// Makes sure element `i` has memory, allocating the next chunk when `i` is the first
    /// index past the allocated ones.
    @inline(__always)
    mutating func ensureRoom(for i: Int) {
        if i >= chunkCount << chunkShift { addChunk() }
    }

    /// Frees the chunks from `keep` on; their elements must be deinitialised already, or need
    /// no deinitialisation.
    mutating func freeChunks(keeping keep: Int) {
        guard keep < chunkCount else { return }
        for c in keep..<chunkCount { chunks[c].deallocate() }
        chunkCount = keep
    }

    @inline(never)
    private mutating func addChunk() {
        if chunkCount == tableCapacity {
            let bigger = UnsafeMutablePointer<UnsafeMutablePointer<Element>>.allocate(capacity: tableCapacity * 2)
            bigger.moveInitialize(from: chunks, count: chunkCount)
            chunks.deallocate()
            chunks = bigger
            tableCapacity *= 2
        }
        (chunks + chunkCount).initialize(to: .allocate(capacity: chunkSize))
        chunkCount += 1
    }
}
