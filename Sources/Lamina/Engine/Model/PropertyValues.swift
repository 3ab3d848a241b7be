// SPDX-License-Identifier: Apache-2.0
// A layer's custom and kind-specific property values (issue 28): one array sorted by property
// id, in place of a hashed dictionary, so that the draw list reads a shape layer's dozen
// values in one pass instead of a dozen hashed lookups per frame, and a presentation that
// changes one of them copies an array, not a hash table.

/// The values a layer stores by property id: custom properties that differ from their
/// registered default, and the kind-specific properties (shape, gradient, replicator, text)
/// that were set. What a `[UInt16: Value]` held, with the same semantics (an absent id reads
/// nil; assigning nil removes it), kept sorted by id in one array: a layer holds a handful, so
/// a lookup is a short binary search with no hashing, and a copy is one buffer.
struct PropertyValues: Sendable {
    /// The entries, sorted by id, each id once.
    private(set) var entries: [Entry] = []

    /// One stored value.
    struct Entry: Sendable {
        var id: UInt16
        var value: Value
    }

    /// Whether nothing is stored.
    var isEmpty: Bool { entries.isEmpty }

    /// The index of the first entry whose id is not below `id` (`entries.count` if none).
    @inline(__always)
    private func lowerBound(_ id: UInt16) -> Int {
        entries.withUnsafeBufferPointer { buf -> Int in
            var lo = 0, hi = buf.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if buf[mid].id < id { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// The value stored for `id`, or nil; assigning nil removes it.
    subscript(id: UInt16) -> Value? {
        get {
            let k = lowerBound(id)
            return entries.withUnsafeBufferPointer { buf in k < buf.count && buf[k].id == id ? buf[k].value : nil }
        }
        set {
            let k = lowerBound(id)
            let present = k < entries.count && entries[k].id == id
            switch (newValue, present) {
            case (let v?, true): entries[k].value = v
            case (let v?, false): entries.insert(Entry(id: id, value: v), at: k)
            case (nil, true): entries.remove(at: k)
            case (nil, false): break
            }
        }
    }

    /// Makes this table equal to `other`. When both hold the same ids, `other`'s values are
    /// written over this table's entries in place (no new buffer while this one is not
    /// shared: a presentation's table reused frame after frame, issue 28); otherwise this
    /// table takes `other`'s buffer, as an assignment does.
    mutating func assignValues(from other: PropertyValues) {
        let same = entries.withUnsafeBufferPointer { a in
            other.entries.withUnsafeBufferPointer { b -> Bool in
                guard a.count == b.count, a.count > 0, a.baseAddress != b.baseAddress else { return false }
                for k in a.indices where a[k].id != b[k].id { return false }
                return true
            }
        }
        guard same else {
            self = other
            return
        }
        entries.withUnsafeMutableBufferPointer { a in
            other.entries.withUnsafeBufferPointer { b in
                for k in a.indices { a[k].value = b[k].value }
            }
        }
    }

    /// Calls `body` with the entries in id order, read in place (no copy of the array).
    /// Whether `other` is this very array (the same storage, not only equal contents): while
    /// one of the two is held, neither can change in place, so the values are the same.
    @inline(__always)
    func sharesStorage(with other: PropertyValues) -> Bool {
        let a = entries.withUnsafeBufferPointer { $0.baseAddress }
        let b = other.entries.withUnsafeBufferPointer { $0.baseAddress }
        return a == b && entries.count == other.entries.count
    }

    @inline(__always)
    func withEntries<R>(_ body: (UnsafeBufferPointer<Entry>) -> R) -> R {
        entries.withUnsafeBufferPointer(body)
    }
}
