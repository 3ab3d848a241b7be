// SPDX-License-Identifier: Apache-2.0
// Masks (RS-5.1–5.3) and damage tracking (RS-10) for the renderer-facing layer model
// (issue 10, R14).

extension Engine {
    // MARK: - Masks

    /// Sets `layer`'s mask (RS-5.1): a layer whose alpha gates `layer`'s whole rendering, laid
    /// out in `layer`'s coordinate space (RS-5.2), or nil for none. The engine holds a reference
    /// on the mask while it is assigned, as CALayer retains its mask; it is not one of the
    /// host's references (`releaseLayer` cannot release it). A mask that sits in a
    /// tree is first removed from it (RS-5.3); a mask assigned to another layer moves. The
    /// change is structural, like sublayers: it shows at once, with no animation.
    ///
    /// - Throws: `staleHandle`; `misuse` when the mask is `layer` itself or one of its
    ///   ancestors, or a layer whose mask `layer` is inside (a cycle through a mask), when
    ///   `layer` is itself a mask, or when the mask has a mask of its own (RS-5.1: nested
    ///   masks are not supported, so Lamina refuses them).
    package func setMask(_ mask: LayerID?, of layer: LayerID) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let host = try resolve(layer)
            let m = try mask.map { id throws(LaminaError) in try resolve(id) }
            if let m {
                if slots[Int(host)].extras?.mask.flatMap({ try? resolve($0) }) == m { return }
                // Every owner counts, masks' hosts too, so no cycle forms through a mask.
                var a = host
                while a >= 0 {
                    if a == m { throw LaminaError(.misuse, "a layer cannot be masked by itself or an ancestor") }
                    a = owner(of: a)
                }
                if slots[Int(host)].extras?.maskHost != nil {
                    throw LaminaError(.misuse, "a mask layer cannot have a mask of its own (RS-5.1)")
                }
                if slots[Int(m)].extras?.mask != nil {
                    throw LaminaError(.misuse, "a layer with a mask cannot be used as a mask (RS-5.1)")
                }
            }
            let s = stack()
            markDirty(host, in: s)
            // Release the old mask.
            if let old = slots[Int(host)].extras?.mask {
                slots[Int(host)].extras?.mask = nil
                if let o = try? resolve(old) {
                    slots[Int(o)].extras?.maskHost = nil
                    if o != m { destroyIfUnreferenced(o) }
                }
            }
            guard let m, let mask else { return }
            // Take the new one out of its tree or off its old host (RS-5.3).
            let p = slots[Int(m)].parent
            if p >= 0 {
                unlink(m)
                markDirty(p, in: s)
            }
            if let oldHost = slots[Int(m)].extras?.maskHost, let oh = try? resolve(oldHost) {
                slots[Int(oh)].extras?.mask = nil
                markDirty(oh, in: s)
            }
            // The engine's reference is the mask's `maskHost`, kept apart from the host's count
            // (issue 31 item 2): releasing the host's own references never frees an assigned
            // mask, and no count can go below zero.
            extras(m).maskHost = layer
            extras(host).mask = mask
            markDirty(m, in: s)
        }
    }

    /// `layer`'s mask, or nil (RS-5.1).
    package func mask(of layer: LayerID) throws(LaminaError) -> LayerID? {
        try lock.withLock { () throws(LaminaError) -> LayerID? in
            let host = try resolve(layer)
            guard let m = slots[Int(host)].extras?.mask, (try? resolve(m)) != nil else { return nil }
            return m
        }
    }

    // MARK: - Damage (RS-10)

    /// The region of `root`'s draw list that changed between the last two draw lists built
    /// for it (RS-10.1, RS-10.3): rectangles in root space (the space of the records'
    /// transforms), rounded out to whole units plus one for antialiasing. Each changed,
    /// added or removed record damages its visual extent before and after (bounds, contents
    /// destination, border, shadow offset and blur reach, and an ancestor's alpha-derived
    /// shadow), clipped to the scissor of its clipping ancestors.
    ///
    /// - Empty when the two lists are equal.
    /// - The whole root (the union of every record's extent) when unknown: the first call for
    ///   a root starts tracking it. The list last built for the root becomes the baseline when
    ///   it is still what the engine would draw (``seedDamageBaseline(_:root:)``), so the next
    ///   frame's answer is exact; otherwise, until two draw lists have been built since, the
    ///   answer is the whole root.
    /// - A running transition also damages where its composite draws, and a stroke its real
    ///   joins' reach (docs/draw-records.md section 15).
    ///
    /// Tracking a root costs each draw list one comparison per record and a copy of each
    /// record that changed; a damage call, in the usual frame (the same layers in the same
    /// order, no filters or shadows), work in proportion to the changed records, and otherwise
    /// one pass over both lists (no allocation in steady state). Roots never asked about cost
    /// nothing.
    ///
    /// - Throws: `staleHandle`.
    package func damage(root: LayerID) throws(LaminaError) -> [Rect] {
        // For reading: damage changes nothing a draw list shows (Engine+ListReuse.swift).
        try lock.withLockForReading { () throws(LaminaError) -> [Rect] in
            _ = try resolve(root)
            // Forget roots that are gone (few roots: a cheap sweep).
            for (id, _) in damageTrackers where (try? resolve(id)) == nil { damageTrackers[id] = nil }
            guard let tracker = damageTrackers[root] else {
                let t = DamageTracker()
                damageTrackers[root] = t
                // The list the host just drew is the baseline when it is still what the engine
                // would draw: then the next frame's damage is exact (issue 25).
                seedDamageBaseline(t, root: root)
                return t.wholeRootUnknown()
            }
            return tracker.damage()
        }
    }
}

/// The last two draw lists of one root, for ``Engine/damage(root:)``: the last list in place,
/// and the one before it as the records the last list changed (issue 31: a still record costs
/// one comparison per list, no copy).
final class DamageTracker {
    /// The last list built. A list overwrites only the records that differ from the ones at
    /// their index.
    private var current: [DrawRecord] = []
    /// The list before it, as the last list's changes to `current`: the old record of each
    /// index it overwrote, patched or cut off (`oldIndex[s]`, `oldRecords[s]`).
    private var oldIndex: [Int] = []
    private var oldRecords: [DrawRecord] = []
    /// Per index, the list (`serial`) in which its old record was saved, and where (`s`).
    private var savedIn: [UInt32] = []
    private var savedAt: [Int] = []
    private var serial: UInt32 = 0
    private var previousCount = 0
    private var next = 0
    /// Records whose ink may spread over their subtree or which read their backdrop (filters,
    /// a shadow), in the last list and the one before: with none, each record's extent is its
    /// own and only changed records need one.
    private var spreading = 0
    private var previousSpreading = 0
    /// Indices of the last list's records with background filters.
    private var backdrops: [Int] = []
    /// The list before the last one as records, built only when a damage call needs it all
    /// (structure changed, or spreads).
    private var previous: [DrawRecord] = []
    private var lists = 0
    private var out: [Rect] = []
    // The damage's reusable state (no allocation in steady state): the changed pairs (previous
    // index, current index; -1 where the record is in one list only), the extents asked of
    // each list this call, and the structural match's scratch.
    private var pairs: [(Int, Int)] = []
    private var beforeWanted = ExtentCache()
    private var nowWanted = ExtentCache()
    private var generation: UInt32 = 0
    private var at: [LayerID: Int] = [:]
    private var seen: [Bool] = []
    private var order: [Int] = []

    func begin() {
        repeated = false
        serial &+= 1
        if serial == 0 {
            // Wrapped: forget every stamp so none is mistaken for this list's.
            for k in savedIn.indices { savedIn[k] = 0 }
            serial = 1
        }
        oldIndex.removeAll(keepingCapacity: true)
        oldRecords.removeAll(keepingCapacity: true)
        backdrops.removeAll(keepingCapacity: true)
        previousCount = current.count
        previousSpreading = spreading
        spreading = 0
        next = 0
    }

    /// Keeps the old record at `k` (once per list) before the list changes it.
    private func save(_ k: Int) {
        guard k < previousCount, savedIn[k] != serial else { return }
        savedIn[k] = serial
        savedAt[k] = oldRecords.count
        oldIndex.append(k)
        oldRecords.append(current[k])
    }

    func add(_ r: UnsafePointer<DrawRecord>) {
        let k = next
        next += 1
        if k < current.count {
            let same = current.withUnsafeBufferPointer { c in DamageTracker.identical(c.baseAddress! + k, r) }
            if !same {
                save(k)
                current[k] = r.pointee
            }
        } else {
            current.append(r.pointee)
            if savedIn.count < current.count {
                savedIn.append(0)
                savedAt.append(0)
            }
        }
        if r.pointee.hasFilters || (r.pointee.shadowPath == nil && r.pointee.shadowColor != nil && r.pointee.shadowOpacity > 0) {
            spreading += 1
            if r.pointee.hasFilters, let f = r.pointee.filters, !f.backgroundFilters.isEmpty { backdrops.append(k) }
        }
    }

    /// Whether a list has been built: ``repeatLast()`` has one to repeat.
    var hasList: Bool { lists > 0 }

    /// The last list again, unchanged (an unchanged draw list handed back without a walk,
    /// Engine+ListReuse.swift): the list before it is the last one, so its damage is none.
    func repeatLast() {
        precondition(lists > 0, "Lamina: no draw list to repeat (internal error)")
        var kept: [Int] = []
        swap(&kept, &backdrops)
        begin()
        swap(&kept, &backdrops)
        next = current.count
        spreading = previousSpreading
        end()
        repeated = true
    }

    /// Set by ``repeatLast()`` until the next list: the last two lists are one (no damage).
    private var repeated = false

    func end() {
        if next < current.count {
            for j in next..<current.count { save(j) }
            current.removeLast(current.count - next)
        }
        lists += 1
    }

    /// The record at `j` in the list before the last one (`j < previousCount`).
    private func previousRecord(_ j: Int) -> DrawRecord {
        savedIn[j] == serial ? oldRecords[savedAt[j]] : current[j]
    }

    /// Builds `previous`: every record of the list before the last one.
    private func materializePrevious() {
        previous.removeAll(keepingCapacity: true)
        previous.reserveCapacity(previousCount)
        for j in 0..<previousCount { previous.append(previousRecord(j)) }
    }

    /// No list known yet: an empty answer would be wrong, so a huge rectangle stands for
    /// "everything" until the next list.
    func wholeRootUnknown() -> [Rect] {
        [Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)]
    }

    func patch(_ index: Int, _ p: DrawRecordPatch) {
        switch p {
        case .descendants(let n):
            if current[index].descendantCount != n {
                save(index)
                current[index].descendantCount = n
            }
        case .mask(let i, let n):
            if current[index].maskIndex != i || current[index].maskCount != n {
                save(index)
                current[index].maskIndex = i
                current[index].maskCount = n
            }
        }
    }

    /// Whether two records are equal, in place: equal bytes (no field-by-field comparison),
    /// else `==` (no copy).
    static func identical(_ a: UnsafePointer<DrawRecord>, _ b: UnsafePointer<DrawRecord>) -> Bool {
        sameBytes(a, b) || a.pointee == b.pointee
    }

    /// Whether two records have equal bytes in every stored property (then they are equal,
    /// but for a NaN field). Padding between the properties is left out: it holds whatever
    /// the builder's memory held, and differs between two equal records.
    static func sameBytes(_ a: UnsafePointer<DrawRecord>, _ b: UnsafePointer<DrawRecord>) -> Bool {
        guard let masks = fieldMasks else { return false }
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        let size = MemoryLayout<DrawRecord>.size, words = size / 8
        // Whole words under a mask of their property bytes, without a branch per word; the
        // bytes past the last whole word one by one (a record may end there).
        var diff: UInt64 = 0
        masks.withUnsafeBufferPointer { m in
            // Eight words at a time (vector registers), then the rest one by one.
            let mp = UnsafeRawPointer(m.baseAddress!)
            var wide = SIMD8<UInt64>()
            var w = 0
            while w &+ 8 <= words {
                let o = w &* 8
                wide |= (x.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt64>.self)
                    ^ y.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt64>.self))
                    & mp.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt64>.self)
                w &+= 8
            }
            if any(wide .!= SIMD8<UInt64>()) { diff = 1 }
            while w < words {
                diff |= (x.load(fromByteOffset: w &* 8, as: UInt64.self) ^ y.load(fromByteOffset: w &* 8, as: UInt64.self)) & m[w]
                w &+= 1
            }
            for k in (words &* 8)..<size where m[words] & (0xFF << UInt64((k &- words &* 8) &* 8)) != 0 {
                diff |= UInt64(x.load(fromByteOffset: k, as: UInt8.self) ^ y.load(fromByteOffset: k, as: UInt8.self))
            }
        }
        return diff == 0
    }

    /// ``fieldRanges`` as one mask per 8-byte word of a record (0xFF in each byte that belongs
    /// to a stored property), the bytes past the last whole word in a last mask; nil with it.
    static let fieldMasks: [UInt64]? = fieldRanges.map { ranges in
        var masks = [UInt64](repeating: 0, count: MemoryLayout<DrawRecord>.size / 8 + 1)
        for (offset, count) in ranges {
            for k in offset..<(offset + count) { masks[k / 8] |= 0xFF << UInt64((k % 8) * 8) }
        }
        return masks
    }

    /// The byte ranges of ``DrawRecord``'s stored properties, adjacent ones merged: laid out
    /// from its reflection in declaration order (each at its alignment), as the compiler lays
    /// out a struct. Nil, and `==` decides every comparison, when that does not match the real
    /// layout (the offsets of fields spread over the record, and the size).
    static let fieldRanges: [(Int, Int)]? = {
        func layout<T>(_ value: T) -> (size: Int, alignment: Int) {
            (MemoryLayout<T>.size, MemoryLayout<T>.alignment)
        }
        var ranges: [(Int, Int)] = []
        var offsets: [String: Int] = [:]
        var end = 0
        for child in Mirror(reflecting: DrawRecord.blank).children {
            let (size, alignment) = layout(child.value)
            let offset = (end + alignment - 1) / alignment * alignment
            if let label = child.label { offsets[label] = offset }
            if let last = ranges.last, last.0 + last.1 == offset {
                ranges[ranges.count - 1].1 += size
            } else if size > 0 {
                ranges.append((offset, size))
            }
            end = offset + size
        }
        let checks: [(String, Int?)] = [
            ("layer", MemoryLayout<DrawRecord>.offset(of: \.layer)),
            ("backgroundColor", MemoryLayout<DrawRecord>.offset(of: \.backgroundColor)),
            ("clipIndex", MemoryLayout<DrawRecord>.offset(of: \.clipIndex)),
            ("transition", MemoryLayout<DrawRecord>.offset(of: \.transition)),
            ("maskIndex", MemoryLayout<DrawRecord>.offset(of: \.maskIndex)),
            ("groupIndex", MemoryLayout<DrawRecord>.offset(of: \.groupIndex)),
            ("filters", MemoryLayout<DrawRecord>.offset(of: \.filters)),
            ("hasTransient", MemoryLayout<DrawRecord>.offset(of: \.hasTransient)),
        ]
        for (label, real) in checks where real == nil || offsets[label] != real { return nil }
        return end == MemoryLayout<DrawRecord>.size ? ranges : nil
    }()

    /// Whether two records of one layer look the same: every field but the indices that only
    /// say where things sit in the list (their effect shows in other records' fields).
    static func sameLook(_ a: DrawRecord, _ b: DrawRecord) -> Bool {
        var c = b
        c.depth = a.depth
        c.descendantCount = a.descendantCount
        c.clipIndex = a.clipIndex
        c.groupIndex = a.groupIndex
        c.maskHostIndex = a.maskHostIndex
        c.maskCount = a.maskCount
        if (a.maskIndex == nil) == (b.maskIndex == nil) { c.maskIndex = a.maskIndex }
        return a == c
    }

    /// ``sameLook(_:_:)`` of two records in place: equal records (the usual case for a still
    /// layer) are the same look without a copy; otherwise the look comparison decides.
    static func sameLook(_ a: UnsafePointer<DrawRecord>, _ b: UnsafePointer<DrawRecord>) -> Bool {
        identical(a, b) || sameLook(a.pointee, b.pointee)
    }

    /// The damage of the last two lists; see ``Engine/damage(root:)``.
    func damage() -> [Rect] {
        out.removeAll(keepingCapacity: true)
        if lists == 0 { return wholeRootUnknown() }
        if repeated { return out }  // the same list twice (Engine+ListReuse.swift)
        generation &+= 1
        if generation == 0 {
            // Wrapped: forget every stamp so none is mistaken for this call's.
            beforeWanted.reset()
            nowWanted.reset()
            generation = 1
        }
        if lists < 2 {
            if let last = current.indices.last { nowWanted.mark(0...last, generation) }
            nowWanted.fill(current, generation, backdrops: false)
            for i in current.indices { if let r = nowWanted.rect(i, generation) { add(r) } }
            return merged()
        }
        if previousCount == current.count, spreading == 0, previousSpreading == 0,
           oldIndex.indices.allSatisfy({ oldRecords[$0].layer == current[oldIndex[$0]].layer }) {
            return changedOnly()
        }
        materializePrevious()
        // First the comparison, which says which extents are needed; then only those extents
        // (and the backdrop readers'), in one walk of each list: the work beyond the
        // comparison scales with what changed, not with the records (issue 31).
        pairs.removeAll(keepingCapacity: true)
        // A changed record damages its old and new extents; one whose mask came or went, its
        // whole subtree (what the mask hid or showed).
        func changed(_ j: Int, _ i: Int) {
            pairs.append((j, i))
            beforeWanted.mark(j...j, generation)
            nowWanted.mark(i...i, generation)
            if (previous[j].maskIndex == nil) != (current[i].maskIndex == nil) {
                beforeWanted.mark(j...(min(previous.count, j + 1 + previous[j].descendantCount) - 1), generation)
                nowWanted.mark(i...(min(current.count, i + 1 + current[i].descendantCount) - 1), generation)
            }
        }
        let sameStructure = previous.count == current.count && previous.withUnsafeBufferPointer { p in
            current.withUnsafeBufferPointer { c in
                for i in c.indices where p[i].layer != c[i].layer { return false }
                return true
            }
        }
        if sameStructure {
            previous.withUnsafeBufferPointer { p in
                current.withUnsafeBufferPointer { c in
                    for i in c.indices where !DamageTracker.sameLook(p.baseAddress! + i, c.baseAddress! + i) { changed(i, i) }
                }
            }
        } else {
            // Structure changed: match by layer. Records only in one list damage their extent;
            // a record drawn out of its old order relative to the others damages its extents
            // (every inverted pair has one such record, and their overlap lies in its extent).
            at.removeAll(keepingCapacity: true)
            for (i, r) in previous.enumerated() { at[r.layer] = i }
            seen.removeAll(keepingCapacity: true)
            seen.append(contentsOf: repeatElement(false, count: previous.count))
            var highest = -1
            for i in current.indices {
                guard let j = at[current[i].layer], !seen[j] else {
                    pairs.append((-1, i))
                    nowWanted.mark(i...i, generation)
                    continue
                }
                seen[j] = true
                let same = previous.withUnsafeBufferPointer { p in
                    current.withUnsafeBufferPointer { c in DamageTracker.sameLook(p.baseAddress! + j, c.baseAddress! + i) }
                }
                if j < highest || !same { changed(j, i) }
                highest = max(highest, j)
            }
            for j in previous.indices where !seen[j] {
                pairs.append((j, -1))
                beforeWanted.mark(j...j, generation)
            }
        }
        beforeWanted.fill(previous, generation, backdrops: false)
        nowWanted.fill(current, generation, backdrops: true)
        // The damage in the order the comparison found it (the merge keeps first-seen order).
        for (j, i) in pairs {
            if j >= 0, i >= 0 {
                if let e = beforeWanted.rect(j, generation) { add(e) }
                if let e = nowWanted.rect(i, generation) { add(e) }
                if (previous[j].maskIndex == nil) != (current[i].maskIndex == nil) {
                    for k in j..<min(previous.count, j + 1 + previous[j].descendantCount) {
                        if let e = beforeWanted.rect(k, generation) { add(e) }
                    }
                    for k in i..<min(current.count, i + 1 + current[i].descendantCount) {
                        if let e = nowWanted.rect(k, generation) { add(e) }
                    }
                }
            } else if i >= 0 {
                if let e = nowWanted.rect(i, generation) { add(e) }
            } else if let e = beforeWanted.rect(j, generation) {
                add(e)
            }
        }
        widenForBackdrops()
        return merged()
    }

    /// The damage as computed before issue 31's lazy extents: every extent of both lists, the
    /// whole-list comparison. Kept as the reference the tests hold ``damage()`` to (equal
    /// answers on random scenes and edits); not used by the engine.
    func referenceDamage() -> [Rect] {
        materializePrevious()
        out.removeAll(keepingCapacity: true)
        if lists == 0 { return wholeRootUnknown() }
        let now = extents(current)
        if lists < 2 {
            for r in now { if let r { add(r) } }
            return merged()
        }
        let before = extents(previous)
        // A changed record damages its old and new extents; one whose mask came or went, its
        // whole subtree (what the mask hid or showed).
        func changed(_ j: Int, _ i: Int) {
            if let e = before[j] { add(e) }
            if let e = now[i] { add(e) }
            if (previous[j].maskIndex == nil) != (current[i].maskIndex == nil) {
                for k in j..<min(previous.count, j + 1 + previous[j].descendantCount) { if let e = before[k] { add(e) } }
                for k in i..<min(current.count, i + 1 + current[i].descendantCount) { if let e = now[k] { add(e) } }
            }
        }
        if previous.count == current.count,
           zip(previous, current).allSatisfy({ $0.layer == $1.layer }) {
            for i in current.indices where !DamageTracker.sameLook(previous[i], current[i]) { changed(i, i) }
        } else {
            // Structure changed: match by layer. Records only in one list damage their extent;
            // a record drawn out of its old order relative to the others damages its extents
            // (every inverted pair has one such record, and their overlap lies in its extent).
            var at: [LayerID: Int] = [:]
            for (i, r) in previous.enumerated() { at[r.layer] = i }
            var seen = [Bool](repeating: false, count: previous.count)
            var highest = -1
            for (i, r) in current.enumerated() {
                guard let j = at[r.layer], !seen[j] else {
                    if let e = now[i] { add(e) }
                    continue
                }
                seen[j] = true
                if j < highest || !DamageTracker.sameLook(previous[j], r) { changed(j, i) }
                highest = max(highest, j)
            }
            for j in previous.indices where !seen[j] { if let e = before[j] { add(e) } }
        }
        for (i, r) in current.enumerated() where r.hasFilters {
            guard let f = r.filters, !f.backgroundFilters.isEmpty, let e = now[i] else { continue }
            let g = f.backgroundReach
            let read = Rect(x: e.origin.x - g, y: e.origin.y - g, width: e.size.width + 2 * g, height: e.size.height + 2 * g)
            if out.contains(where: { $0.intersection(read) != nil }) { add(e) }
        }
        return merged()
    }

    /// The usual frame: the same layers in the same order and no spreads. Only the records the
    /// last list overwrote can differ, and each one's extent is its own: the work is in
    /// proportion to the changed records. The same answer as the general path of ``damage()``
    /// (the same rectangles in the same order).
    private func changedOnly() -> [Rect] {
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: oldIndex.indices)
        order.sort { oldIndex[$0] < oldIndex[$1] }
        for s in order {
            let i = oldIndex[s]
            let same = oldRecords.withUnsafeBufferPointer { o in
                current.withUnsafeBufferPointer { c in DamageTracker.sameLook(o.baseAddress! + s, c.baseAddress! + i) }
            }
            if same { continue }
            if let e = DamageTracker.spreadExtent(oldRecords[s], []) { add(e) }
            if let e = DamageTracker.spreadExtent(current[i], []) { add(e) }
            // A mask that came or went: the whole subtree, before and after.
            if (oldRecords[s].maskIndex == nil) != (current[i].maskIndex == nil) {
                for k in i..<min(previousCount, i + 1 + oldRecords[s].descendantCount) {
                    if let e = DamageTracker.spreadExtent(previousRecord(k), []) { add(e) }
                }
                for k in i..<min(current.count, i + 1 + current[i].descendantCount) {
                    if let e = DamageTracker.spreadExtent(current[k], []) { add(e) }
                }
            }
        }
        return merged()
    }

    /// R19.5, RS-10.5: a record that reads its backdrop shows what changed under it, so
    /// damage that meets the region it reads (its extent grown by the background blur's
    /// reach) damages its whole extent too. One pass in painter's order.
    private func widenForBackdrops() {
        guard nowWanted.backdropCount > 0 else { return }
        for i in backdrops {
            guard let f = current[i].filters, !f.backgroundFilters.isEmpty,
                  let e = nowWanted.rect(i, generation) else { continue }
            let g = f.backgroundReach
            let read = Rect(x: e.origin.x - g, y: e.origin.y - g, width: e.size.width + 2 * g, height: e.size.height + 2 * g)
            if out.contains(where: { $0.intersection(read) != nil }) { add(e) }
        }
    }

    private func add(_ r: Rect) {
        // Round out to whole units, plus one for antialiasing (RS-10.2).
        let x0 = (r.origin.x - 1).rounded(.down), y0 = (r.origin.y - 1).rounded(.down)
        let x1 = (r.origin.x + r.size.width + 1).rounded(.up), y1 = (r.origin.y + r.size.height + 1).rounded(.up)
        out.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Overlapping rectangles merged; more than 16 left become their union.
    private func merged() -> [Rect] { DamageTracker.merge(out) }

    /// The most disjoint boxes `merge` keeps while merging before it answers the union of
    /// everything instead (R18).
    static let mergeCap = 64

    /// `rects` with every two that overlap or touch merged into their union, until none do;
    /// more than 16 left become their union (one rectangle). In the order of each merged
    /// box's first rectangle.
    ///
    /// Each rectangle in turn joins the disjoint boxes so far, absorbing every box it meets
    /// (and then those the grown box meets), which reaches the same fixed point as merging
    /// pairs until none overlap (merging only grows boxes). While more than `mergeCap`
    /// disjoint boxes are in play the answer is the union of everything, at once: conservative
    /// (it covers the exact answer) and O(N · mergeCap) in all, where the pairwise fixed point
    /// was O(N²) with a removal in its inner loop (409 s for 1M changed records, issue 31
    /// item 3).
    static func merge(_ rects: [Rect]) -> [Rect] {
        guard let first = rects.first else { return [] }
        var all = first
        // The boxes as edges (x0, y0, x1, y1), with the index of their first rectangle.
        var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double, first: Int)] = []
        boxes.reserveCapacity(mergeCap + 1)
        var collapsed = false
        for (i, r) in rects.enumerated() {
            let s = r.standardized
            all = union(all, s)
            if collapsed { continue }
            var b = (x0: s.origin.x, y0: s.origin.y, x1: s.origin.x + s.size.width,
                     y1: s.origin.y + s.size.height, first: i)
            var grew = true
            while grew {
                grew = false
                var k = 0
                while k < boxes.count {
                    let o = boxes[k]
                    // Overlapping or touching: `Rect.intersection` is not nil.
                    if max(b.x0, o.x0) <= min(b.x1, o.x1), max(b.y0, o.y0) <= min(b.y1, o.y1) {
                        b = (min(b.x0, o.x0), min(b.y0, o.y0), max(b.x1, o.x1), max(b.y1, o.y1), min(b.first, o.first))
                        boxes.swapAt(k, boxes.count - 1)
                        boxes.removeLast()
                        grew = true
                    } else {
                        k += 1
                    }
                }
            }
            boxes.append(b)
            if boxes.count > mergeCap { collapsed = true }
        }
        if collapsed || boxes.count > 16 { return [all] }
        boxes.sort { $0.first < $1.first }
        return boxes.map { Rect(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0, height: $0.y1 - $0.y0) }
    }

    /// An ancestor's spread of its subtree's ink: an alpha-derived shadow (root-space offset and
    /// reach) or a group's filters (reach only), up to the record index `end`.
    typealias Spread = (end: Int, dx: Double, dy: Double, reach: Double)

    /// Every record's visual extent in root space (RS-10.2), or nil when it draws nothing
    /// measurable (a degenerate transform). The whole-list form of ``ExtentCache/fill``; the
    /// tests compare ``damage()`` with an answer built from it.
    func extents(_ records: [DrawRecord]) -> [Rect?] {
        var result = [Rect?](repeating: nil, count: records.count)
        var spreads: [Spread] = []
        records.withUnsafeBufferPointer { p in
            for i in p.indices { result[i] = DamageTracker.step(p, i, &spreads, wanted: true) }
        }
        return result
    }

    /// One step of the painter's-order walk that tracks the ancestors' spreads: pops those
    /// that ended before record `i`, pushes the record's own (its filters spread itself and its
    /// subtree, its alpha-derived shadow only its subtree), and when `wanted` answers its
    /// extent. The spreads cost a few field tests per record; the extent is the dear part.
    static func step(_ p: UnsafeBufferPointer<DrawRecord>, _ i: Int, _ shadows: inout [Spread],
                     wanted: Bool) -> Rect? {
        while let last = shadows.last, last.end <= i { shadows.removeLast() }
        let r = p.baseAddress! + i
        // R19: a group's filters spread its own and its subtree's ink by their reach.
        if r.pointee.hasFilters, let f = r.pointee.filters, f.reach > 0 {
            shadows.append((i + 1 + r.pointee.descendantCount, 0, 0, f.reach))
        }
        var result: Rect? = nil
        if wanted { result = spreadExtent(r.pointee, shadows) }
        if r.pointee.shadowPath == nil, r.pointee.shadowColor != nil, r.pointee.shadowOpacity > 0,
           r.pointee.descendantCount > 0 {
            let m = r.pointee.transform, o = r.pointee.shadowOffset
            let dx = o.width * m.m11 + o.height * m.m21
            let dy = o.width * m.m12 + o.height * m.m22
            let s = max((m.m11 * m.m11 + m.m12 * m.m12).squareRoot(), (m.m21 * m.m21 + m.m22 * m.m22).squareRoot())
            shadows.append((i + 1 + r.pointee.descendantCount, dx, dy, 3 * max(r.pointee.shadowRadius, 0) * s))
        }
        return result
    }

    /// A record's extent with a transition's old side and composite, grown by its ancestors'
    /// `spreads` and clipped to its scissor.
    static func spreadExtent(_ r: DrawRecord, _ spreads: [Spread]) -> Rect? {
        var e = DamageTracker.extent(r)
        if let b = r.transitionBefore {
            // The old side: the layer's before record and its old subtree (CA-10.2).
            for old in CollectionOfOne(b.record) + b.sublayers {
                guard var eb = DamageTracker.extent(old) else { continue }
                if let c = old.clipRect, old.layer != r.layer { eb = eb.intersection(c) ?? Rect(origin: eb.origin, size: .zero) }
                e = e.map { union($0, eb) } ?? eb
            }
        }
        if let t = r.transition, let q = DamageTracker.transitionExtent(r, t) { e = e.map { union($0, q) } ?? q }
        guard var x = e else { return nil }
        for s in spreads {
            let moved = Rect(x: x.origin.x + s.dx - s.reach, y: x.origin.y + s.dy - s.reach,
                             width: x.size.width + 2 * s.reach, height: x.size.height + 2 * s.reach)
            x = union(x, moved)
        }
        if let c = r.clipRect { x = x.intersection(c) ?? Rect(origin: x.origin, size: .zero) }
        return x
    }

    /// Where a transition's composite draws (RS-7.3, RS-7.4 (b)), in root space: the bounds for
    /// a fade or a layer that masks to bounds; for moveIn, push and reveal without
    /// masksToBounds, the bounds grown by the width (height) along the motion on both sides,
    /// where the moving old and new content can be (the compositor's quad).
    static func transitionExtent(_ r: DrawRecord, _ t: TransitionState) -> Rect? {
        var q = r.bounds
        if t.type != .fade, !r.masksToBounds {
            let e = t.direction.edge
            let dx = abs(e.x * r.bounds.size.width), dy = abs(e.y * r.bounds.size.height)
            q = Rect(x: q.origin.x - dx, y: q.origin.y - dy, width: q.size.width + 2 * dx, height: q.size.height + 2 * dy)
        }
        return PlaneMap(r.transform).boundingBox(of: q)
    }

    /// How far a stroke reaches beyond its path, in half line widths (RS-10.2, with the joins
    /// it really has, issue 25): 1 for round and bevel joins and butt or round caps; √2 where
    /// square caps end an open subpath, a dash or a partial stroke; and at each real corner of
    /// miter joins the miter ratio 1 / sin(θ/2), θ the angle between the two segments, when it
    /// is within the miter limit (beyond it the join bevels, reaching 1). A smooth vertex
    /// (tangents in line) has ratio 1, so a circle's stroke reaches half its width.
    static func strokeReach(_ s: DrawShape) -> Double {
        var factor = 1.0
        let ends = s.lineDashPattern.contains { $0 > 0 } || s.strokeStart > 0 || s.strokeEnd < 1
        var open = false
        var start = Point(x: 0, y: 0), current = start
        var firstOut: (Double, Double)? = nil, lastIn: (Double, Double)? = nil
        let miter = s.lineJoin == .miter
        func nonzero(_ cands: [(Double, Double)]) -> (Double, Double)? {
            cands.first { $0.0 * $0.0 + $0.1 * $0.1 > 1e-18 }
        }
        func join(_ a: (Double, Double)?, _ b: (Double, Double)?) {
            guard miter, let a, let b else { return }
            let la = (a.0 * a.0 + a.1 * a.1).squareRoot(), lb = (b.0 * b.0 + b.1 * b.1).squareRoot()
            let cosine = max(-1, min(1, (a.0 * b.0 + a.1 * b.1) / (la * lb)))
            let half = ((1 + cosine) / 2).squareRoot()  // sin of half the angle between the segments
            let ratio = half > 0 ? 1 / half : .infinity
            if ratio <= max(s.miterLimit, 1) { factor = max(factor, ratio) }
        }
        func segment(_ out: (Double, Double)?, _ incoming: (Double, Double)?, to p: Point) {
            guard let out, let incoming else { current = p; return }
            join(lastIn, out)
            if firstOut == nil { firstOut = out }
            lastIn = incoming
            current = p
        }
        func endSubpath() {
            if firstOut != nil { open = true }
            firstOut = nil
            lastIn = nil
        }
        for el in s.path.elements {
            switch el {
            case .move(let p):
                endSubpath()
                start = p
                current = p
            case .line(let p):
                let d = nonzero([(p.x - current.x, p.y - current.y)])
                segment(d, d, to: p)
            case .quadCurve(let c, let p):
                segment(nonzero([(c.x - current.x, c.y - current.y), (p.x - current.x, p.y - current.y)]),
                        nonzero([(p.x - c.x, p.y - c.y), (p.x - current.x, p.y - current.y)]), to: p)
            case .cubicCurve(let c1, let c2, let p):
                segment(nonzero([(c1.x - current.x, c1.y - current.y), (c2.x - current.x, c2.y - current.y),
                                 (p.x - current.x, p.y - current.y)]),
                        nonzero([(p.x - c2.x, p.y - c2.y), (p.x - c1.x, p.y - c1.y), (p.x - current.x, p.y - current.y)]),
                        to: p)
            case .close:
                let d = nonzero([(start.x - current.x, start.y - current.y)])
                segment(d, d, to: start)
                join(lastIn, firstOut)  // the closing vertex joins the last segment to the first
                firstOut = nil
                lastIn = nil
            }
        }
        endSubpath()
        if s.lineCap == .square, open || ends { factor = max(factor, 2.0.squareRoot()) }
        return factor
    }

    /// One record's own extent in root space: bounds, contents, a shape's path and stroke,
    /// shadow (RS-10.2).
    static func extent(_ r: DrawRecord) -> Rect? {
        var local = r.bounds
        if r.contents != nil { local = union(local, r.contentsDestination) }
        if r.contentsPrevious != nil { local = union(local, r.contentsPreviousDestination) }
        if let shape = r.shape, var box = shape.path.controlPointBounds {
            // A shape may draw outside its bounds (RS-8.2): its path's control points, plus the
            // stroke's reach (half the width, times the miter limit for long miters or √2 for
            // square caps).
            if shape.strokeColor != nil {
                let reach = shape.lineWidth / 2 * strokeReach(shape)
                box = Rect(x: box.origin.x - reach, y: box.origin.y - reach,
                           width: box.size.width + 2 * reach, height: box.size.height + 2 * reach)
            }
            local = union(local, box)
        }
        if r.shadowColor != nil, r.shadowOpacity > 0 {
            let silhouette = r.shadowPath?.controlPointBounds ?? local
            let reach = 3 * max(r.shadowRadius, 0)
            let s = Rect(x: silhouette.origin.x + r.shadowOffset.width - reach,
                         y: silhouette.origin.y + r.shadowOffset.height - reach,
                         width: silhouette.size.width + 2 * reach, height: silhouette.size.height + 2 * reach)
            local = union(local, s)
        }
        return PlaneMap(r.transform).boundingBox(of: local)
    }
}

/// The smallest rectangle holding both.
func union(_ a: Rect, _ b: Rect) -> Rect {
    let x0 = min(a.origin.x, b.origin.x), y0 = min(a.origin.y, b.origin.y)
    let x1 = max(a.origin.x + a.size.width, b.origin.x + b.size.width)
    let y1 = max(a.origin.y + a.size.height, b.origin.y + b.size.height)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

/// The extents one damage call asks of one draw list (``DamageTracker/damage()``): indices
/// are marked with the call's generation, then one walk computes only the marked extents (and,
/// when asked, those of records that read their backdrop). Reused from call to call: marking
/// is a store, and nothing needs clearing.
struct ExtentCache {
    private var stamps: [UInt32] = []
    private var rects: [Rect?] = []
    private var spreads: [DamageTracker.Spread] = []
    /// The records with background filters the last ``fill`` found.
    private(set) var backdropCount = 0

    private mutating func grow(_ count: Int) {
        if stamps.count < count {
            stamps.append(contentsOf: repeatElement(0, count: count - stamps.count))
            rects.append(contentsOf: repeatElement(nil, count: count - rects.count))
        }
    }

    /// Forgets every mark (the generation wrapped).
    mutating func reset() {
        for k in stamps.indices { stamps[k] = 0 }
    }

    /// Asks for the extents of the records in `range` in call `g`.
    mutating func mark(_ range: ClosedRange<Int>, _ g: UInt32) {
        grow(range.upperBound + 1)
        for k in range { stamps[k] = g }
    }

    /// Computes the marked extents of `records` (and, with `backdrops`, of every record with
    /// background filters, counted in ``backdropCount``) for call `g`.
    mutating func fill(_ records: [DrawRecord], _ g: UInt32, backdrops: Bool) {
        grow(records.count)
        backdropCount = 0
        spreads.removeAll(keepingCapacity: true)
        records.withUnsafeBufferPointer { p in
            for i in p.indices {
                var wanted = stamps[i] == g
                if backdrops, p[i].hasFilters, let f = p[i].filters, !f.backgroundFilters.isEmpty {
                    wanted = true
                    stamps[i] = g
                    backdropCount += 1
                }
                let e = DamageTracker.step(p, i, &spreads, wanted: wanted)
                if wanted { rects[i] = e }
            }
        }
    }

    /// The extent of record `i` computed in call `g`; nil when it draws nothing measurable or
    /// was not asked for.
    func rect(_ i: Int, _ g: UInt32) -> Rect? {
        i < stamps.count && stamps[i] == g ? rects[i] : nil
    }
}
