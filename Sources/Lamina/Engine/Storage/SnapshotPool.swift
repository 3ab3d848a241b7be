// SPDX-License-Identifier: Apache-2.0
// The engine's pool of layer snapshots (the committed values of layers with uncommitted
// changes, CA-1.3), in fixed chunks that never move: taking the first snapshot of many layers
// in a transaction appends without ever copying the pool, where a growing array copied every
// snapshot taken so far at each doubling (issue 12: ~125 instructions per first change).

/// Snapshots by index, in chunks of `chunkSize` that are allocated as the pool grows and never
/// move; those after the first are freed when no snapshot is in use (`trimIfIdle`). Touched
/// only under the engine lock. A noncopyable struct, not a class: a class reference read from
/// the engine is retained and released around each use (atomic operations).
struct SnapshotPool: ~Copyable {
    /// 64 snapshots per chunk.
    enum Shift: ChunkShift { static var shift: Int { 6 } }
    private static let chunkSize = 1 << Shift.shift
    private var table = ChunkTable<LayerProperties, Shift>()
    /// Snapshots `0..<count` are initialised.
    private(set) var count = 0

    init() {}

    deinit {
        for i in 0..<count { address(i).deinitialize(count: 1) }
    }

    @inline(__always)
    private func address(_ i: Int) -> UnsafeMutablePointer<LayerProperties> {
        table.address(i)
    }

    /// `address(i)` as a call: the readers' snapshot branch is the rare one (a layer with
    /// uncommitted changes), and inlined it grew their hot loops (the draw list's).
    @inline(never)
    private func outOfLineAddress(_ i: Int) -> UnsafeMutablePointer<LayerProperties> { address(i) }

    /// Snapshot `i` (`0 ..< count`, which the engine's bookkeeping guarantees: a layer's
    /// `snapshot` index is always one handed out by `append` or the free list), read and
    /// written in place (addressors: no copy, no coroutine).
    subscript(i: Int) -> LayerProperties {
        unsafeAddress { UnsafePointer(outOfLineAddress(i)) }
        nonmutating unsafeMutableAddress { outOfLineAddress(i) }
    }

    /// The address of snapshot `i` (`0 ..< count`), for readers that hold it while the
    /// lock is held and nothing is appended (the draw list's traversal): chunks never move.
    func pointer(_ i: Int) -> UnsafePointer<LayerProperties> { UnsafePointer(outOfLineAddress(i)) }

    /// Adds a copy of `*value` at index `count`, which it returns.
    @inline(__always)
    mutating func append(copying value: UnsafePointer<LayerProperties>) -> Int {
        table.ensureRoom(for: count)
        LayerProperties.copy(value, intoUninitialized: address(count))
        count += 1
        return count - 1
    }

    /// Overwrites snapshot `i`, a free one, with a copy of `*value`. A free snapshot holds no
    /// rare box (`Engine.releaseSnapshot` resets those that did), so there is nothing to
    /// release and the copy overwrites it as if it were uninitialised.
    @inline(__always)
    func assign(_ i: Int, from value: UnsafePointer<LayerProperties>) {
        LayerProperties.copy(value, intoUninitialized: address(i))
    }

    /// Frees the chunks after the first when no snapshot is in use (every layer's changes
    /// committed; the caller checks): a transaction that changed many layers does not keep a
    /// snapshot's worth of memory per layer it touched (issue 12: memory per running
    /// animation). The first chunk stays, so small transactions allocate nothing. Returns
    /// whether it trimmed (the caller then forgets free indices at or past `count`).
    mutating func trimIfIdle() -> Bool {
        guard count > Self.chunkSize else { return false }
        // Free snapshots hold no rare box (see `assign`): nothing to release, so the chunks
        // go without deinitialising their entries one by one.
        table.freeChunks(keeping: 1)
        count = Self.chunkSize
        return true
    }
}
