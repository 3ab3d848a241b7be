// SPDX-License-Identifier: Apache-2.0
// A growable stack of plain values owned by one engine structure (a transaction stack's dirty
// list, the snapshot pool's free list). A Swift array there cost a uniqueness check on every
// push and pop, a per-set cost (issue 12); the owner is the buffer's only user, so a plain
// buffer does the same work without it. A noncopyable struct, not a class: a class reference
// read from its owner is retained and released around each use (atomic operations).

/// A stack of values of a type without references (`T` must be plain data: it is neither
/// retained nor released), touched only under the engine lock.
struct PlainStack<T>: ~Copyable {
    private var base: UnsafeMutablePointer<T>
    /// Values `0 ..< count` are live.
    private(set) var count = 0
    private(set) var capacity: Int

    /// An empty stack with room for `capacity` values.
    init(capacity: Int = 16) {
        precondition(_isPOD(T.self), "PlainStack holds plain data only")
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Whether the stack is empty.
    var isEmpty: Bool { count == 0 }

    /// Pushes `value`, doubling the room when full.
    @inline(__always)
    mutating func push(_ value: T) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Pops the last value, or nil when empty.
    @inline(__always)
    mutating func pop() -> T? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    /// Value `i` (`0 ..< count`).
    @inline(__always)
    subscript(i: Int) -> T {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "Lamina: stack index out of range")
        return base[i]
    }

    /// Calls `body` with the live values; it must not push.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<T>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The values transformed by `transform`, bottom first.
    func map<U>(_ transform: (T) throws -> U) rethrows -> [U] {
        try withUnsafeBufferPointer { try $0.map(transform) }
    }

    /// Keeps only the values `keep` accepts, in order; when few remain, gives most of the
    /// room back.
    mutating func retain(where keep: (T) -> Bool) {
        var n = 0
        for k in 0..<count where keep(base[k]) {
            base[n] = base[k]
            n += 1
        }
        count = n
        if capacity > 4 * count + 64 { resize(Swift.max(16, 2 * count)) }
    }

    /// Exchanges the values (and room) of two stacks.
    mutating func swapContents(with other: inout PlainStack<T>) {
        swap(&base, &other.base)
        swap(&count, &other.count)
        swap(&capacity, &other.capacity)
    }

    /// Empties the stack, keeping its room unless it is large (over 1024 values): a big
    /// transaction's lists do not stay allocated while its animations run (issue 12: memory
    /// per running animation), and regrowing them costs a few copies per transaction.
    mutating func removeAll() {
        count = 0
        if capacity > 1024 { resize(16) }
    }

    /// Empties the stack and keeps all its room: for scratch reused every frame (the draw
    /// list's work stack), where giving room back would allocate again next frame.
    mutating func removeAllKeepingCapacity() {
        count = 0
    }

    @inline(never)
    private mutating func grow() { resize(capacity * 2) }

    private mutating func resize(_ n: Int) {
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: n)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = n
    }
}
