// SPDX-License-Identifier: Apache-2.0
// The per-frame draw list (R14): the walk that builds one contiguous array of plain records, in
// painter's order, that a renderer walks once per frame. The record types are in
// DrawRecord.swift; the next time anything on screen changes in Engine+NextFrame.swift.

extension Engine {
    /// Builds the draw list of `root`'s subtree at `time` (the engine's current time when nil)
    /// into `list`, replacing its records (R14; docs/draw-records.md).
    ///
    /// - Painter's order: a layer before its sublayers; sublayers sorted by zPosition, ties in
    ///   sublayer order (a stable sort), each subtree contiguous; a masked layer's mask subtree
    ///   right after its own subtree.
    /// - Left out, with their subtrees: hidden layers; layers never committed (they are not on
    ///   screen, R3); layers whose accumulated opacity is 0 (nothing of them can show).
    /// - Values are the presentation at `time` (committed values plus animations).
    /// - The subtree is drawn as if `root` had no superlayer: world transforms map into the
    ///   space `root` is positioned in, and ancestors' opacity and clips do not apply.
    /// - The list is remembered for ``damage(root:)``.
    ///
    /// Work and memory are linear in the number of layers drawn; with a reused `list` nothing is
    /// allocated once its buffers have grown, except a sort buffer for sublayers whose
    /// zPositions differ. On failure `list` is left as it was.
    ///
    /// - Throws: `staleHandle`; `invalidArgument` for a non-finite time; `noPresentation` when
    ///   `root` was never committed; `outOfMemory` when replicators would add more than
    ///   ``Engine/maximumExpandedRecords`` records (RS-13.1).
    package func drawList(root: LayerID, at time: Double? = nil, into list: DrawList) throws(LaminaError) {
        var fill = DrawListFill(list: list)
        try visitDrawList(
            root: root, at: time, scratch: list, emit: { record, _ in fill.emit(record) }, patch: { fill.patch($0, $1) })
        if !fill.cleared { list.records.removeAll(keepingCapacity: true) }
    }

    /// The draw-list traversal with the records handed to `emit` one by one, in painter's
    /// order, so a caller can store them in its own format (the C ABI writes its records
    /// directly); each record is lent by pointer, valid only during the call, so that a
    /// record (~600 bytes with references) is never copied on the way. `patch(index, what)`
    /// then completes the record emitted `index`-th: its descendant count once its subtree is
    /// done (a leaf keeps the 0 it was emitted with and gets no patch), its mask range once
    /// its mask is. `emit`'s second argument says the record is *plain*: its layer has no box of
    /// rare properties (every boxed field holds its default), is a plain layer and has no
    /// transition, so it has no side data (contents, shadow path, before record, shape,
    /// gradient) and differs from another plain record only in its other fields; a consumer
    /// may start such a record from a template. `scratch` holds the traversal's reusable state. Nothing is emitted when it
    /// throws. Both closures run with the engine lock held and must not call the engine. See
    /// ``drawList(root:at:into:)`` for the rules.
    package func visitDrawList(
        root: LayerID, at time: Double?, scratch: DrawList,
        emit: (UnsafePointer<DrawRecord>, _ plain: Bool) -> Void, patch: (_ index: Int, _ patch: DrawRecordPatch) -> Void
    ) throws(LaminaError) {
        try lock.withLockForReading { () throws(LaminaError) in
            try visitDrawListFresh(root: root, at: time, scratch: scratch, emit: emit, patch: patch)
        }
    }

    /// ``visitDrawList(root:at:scratch:emit:patch:)`` with the lock held (the reuse of an
    /// unchanged list, Engine+ListReuse.swift, calls it when it has to build).
    func visitDrawListLocked(
        root: LayerID, at time: Double?, scratch: DrawList,
        emit: (UnsafePointer<DrawRecord>, _ plain: Bool) -> Void, patch: (_ index: Int, _ patch: DrawRecordPatch) -> Void
    ) throws(LaminaError) {
        do {
            let slot = try resolve(root)
            let source = try geometrySource(.presentation(at: time))
            guard case .presentation(let t) = source else { return }
            guard slots[head: Int(slot)].everCommitted else {
                throw LaminaError(
                    .noPresentation,
                    "layer \(root.rawValue) has never been committed, so it has no presentation (R3)")
            }
            // Replicators multiply records (RS-13.1): bound the whole list before emitting any.
            if replicatorLayers > 0, !expansionIsBounded { try checkExpansion(slot, at: t) }
            guard let tracker = damageTrackers[root] else {
                // No damage to track: the caller's closures directly, one call per record less.
                // What a first damage query needs to rebuild this list as its baseline.
                lastUntrackedList = (root, t, screenSerial, stacks.values.allSatisfy { $0.dirty.isEmpty })
                buildDrawList(slot, at: t, scratch: scratch, emit: emit, patch: patch)
                return
            }
            tracker.begin()
            buildDrawList(slot, at: t, scratch: scratch, emit: { record, plain in
                tracker.add(record)
                emit(record, plain)
            }, patch: { index, p in
                tracker.patch(index, p)
                patch(index, p)
            })
            tracker.end()
        }
    }

    /// Gives a new damage tracker of `root` the draw list last built for it as its first list,
    /// when nothing can have changed since (no commit or tick, no uncommitted change then or
    /// now), so that the next list's damage is exact (RS-10.1) instead of unknown. Lock held.
    func seedDamageBaseline(_ tracker: DamageTracker, root: LayerID) {
        guard let last = lastUntrackedList, last.root == root, last.serial == screenSerial, last.clean,
              stacks.values.allSatisfy({ $0.dirty.isEmpty }), let slot = try? resolve(root),
              slots[head: Int(slot)].everCommitted else { return }
        if replicatorLayers > 0, (try? checkExpansion(slot, at: last.time)) == nil { return }
        tracker.begin()
        buildDrawList(slot, at: last.time, scratch: DrawList(), emit: { r, _ in tracker.add(r) },
                      patch: { i, p in tracker.patch(i, p) })
        tracker.end()
    }

    /// The draw list of `root`'s subtree at `time` (the engine's current time when nil) as a new
    /// array; see ``drawList(root:at:into:)`` for the rules and a variant that reuses its
    /// buffers.
    package func drawList(root: LayerID, at time: Double? = nil) throws(LaminaError) -> [DrawRecord] {
        let list = DrawList()
        try drawList(root: root, at: time, into: list)
        return list.records
    }

    /// A sublayer's zPosition on the presentation at `t` (0 when it has none: it is skipped
    /// anyway), read in place when no animation of it can change it (issue 29: an animated
    /// layer's sort key without evaluating its animations). Lock held.
    @inline(__always)
    private func presentedZPosition(_ slot: Int32, at t: Double) -> Double {
        let i = Int(slot)
        let a = slots[head: i].animIndex
        if a < 0 || (slots[head: i].everCommitted && !animationsMayChange(Int(a), .zPosition)) {
            // No snapshot and no saved values (nearly every sibling): the model's, read in place.
            let ls = slots.pointer(i)
            if ls.pointee.snapshot == -1 { return ls.pointee.model.zPosition }
            if case .number(let z) = committedScalar(i, .zPosition) { return z }
        }
        return geometryZPosition(slot, .presentation(t)) ?? 0
    }

    /// Whether one of the evaluated animations of `animated[a]` can change `property`: an
    /// implicit one of it, or an explicit one that touches it (``ExplicitState/touches(_:)``).
    /// Read in place. Lock held.
    private func animationsMayChange(_ a: Int, _ property: PropertyID) -> Bool {
        animated[a].animations.withUnsafeMutableBufferPointer { buf -> Bool in
            guard let first = buf.baseAddress else { return false }
            for k in 0..<buf.count {
                let r = first + k
                guard r.pointee.state != .pending else { continue }
                if let e = AttachedAnimation.explicit(r) {
                    if e.touches(property) { return true }
                } else if r.pointee.target == property {
                    return true
                }
            }
            return false
        }
    }

    /// One record from presented values `p` under the parent's inherited state. Lock held.
    private func makeRecord(
        _ slot: Int32, _ p: LayerProperties, _ rare: RareBox, world: Transform3D, opacity: Double,
        depth: Int, clipIndex: Int, clipRect: Rect?, clipIsRect: Bool, flipped: Bool,
        instance: Int, instanceColor: Color
    ) -> DrawRecord {
        var record = DrawRecord.blank
        var rareDefaults = false  // the blank record's fields are zeros, not the defaults
        let copy = p
        withUnsafePointer(to: copy) { fillRecord(
            &record, slot, $0, rare, world: world, opacity: opacity, depth: depth, clipIndex: clipIndex,
            clipRect: clipRect, clipIsRect: clipIsRect, flipped: flipped, rareDefaults: &rareDefaults) }
        record.instanceIndex = instance
        record.instanceColor = instanceColor
        return record
    }

    /// Overwrites every field of `record` with the record of presented values `p` under the
    /// parent's inherited state (the fields the traversal completes later get their defaults),
    /// except the group and mask-content fields, which the caller always writes after it.
    /// In place, so that the traversal reuses one record for the whole list instead of
    /// building, copying and destroying one per layer. Lock held.
    @inline(__always)
    private func fillRecord(
        _ record: inout DrawRecord, _ slot: Int32, _ p: UnsafePointer<LayerProperties>, _ rare: RareBox,
        world: Transform3D, opacity: Double, depth: Int, clipIndex: Int, clipRect: Rect?,
        clipIsRect: Bool, flipped: Bool, rareDefaults: inout Bool, lendsShape: Bool = false
    ) {
        // Layer content lies at z = 0, so the third row (the image of the local z axis)
        // never matters; (0, 0, 1, 0) keeps 2D trees' matrices plain affine ones.
        var shown = world
        shown.m31 = 0; shown.m32 = 0; shown.m33 = 1; shown.m34 = 0
        record.layer = LayerID(slot: UInt32(slot), generation: slots[head: Int(slot)].generation, engine: tag)  // handle(slot), inlined
        record.transform = shown
        record.bounds = p.pointee.bounds
        record.opacity = opacity
        record.backgroundColor = p.pointee.backgroundColor
        record.masksToBounds = (p.pointee.flags & LayerProperties.Flags.masksToBounds != 0)
        record.isDoubleSided = (p.pointee.flags & LayerProperties.Flags.doubleSided != 0)
        record.depth = depth
        record.descendantCount = 0
        record.clipIndex = clipIndex >= 0 ? clipIndex : nil
        record.clipRect = clipRect
        record.clipIsRect = clipIsRect
        record.contentsAreFlipped = flipped
        record.isGeometryFlipped = (p.pointee.flags & LayerProperties.Flags.geometryFlipped != 0)
        record.isOpaque = (p.pointee.flags & LayerProperties.Flags.opaque != 0)
        record.allowsEdgeAntialiasing = (p.pointee.flags & LayerProperties.Flags.allowsEdgeAntialiasing != 0)
        record.shouldRasterize = (p.pointee.flags & LayerProperties.Flags.shouldRasterize != 0)
        // The boxed (rare) values: a layer without a box has every one at its default, and a
        // record that already holds the defaults (the previous layer had no box either: nearly
        // every record of a typical frame) keeps them, with none of ~20 fields rewritten.
        if LayerProperties.hasRare(p) || !rareDefaults {
            record.cornerRadius = rare.value.cornerRadius
            record.borderWidth = rare.value.borderWidth
            record.borderColor = rare.value.borderColor
            record.shadowColor = rare.value.shadowColor
            record.shadowOpacity = rare.value.shadowOpacity
            record.shadowOffset = rare.value.shadowOffset
            record.shadowRadius = rare.value.shadowRadius
            record.rasterizationScale = rare.value.rasterizationScale
            record.edgeAntialiasingMask = rare.value.look.edgeAntialiasingMask
            record.maskedCorners = rare.value.look.maskedCorners
            record.cornerCurve = rare.value.look.cornerCurve
            record.maskMode = rare.value.look.maskMode
            if record.shadowPath != nil || rare.value.look.shadowPath != nil { record.shadowPath = rare.value.look.shadowPath }
            record.contentsGravity = rare.value.look.contentsGravity
            record.contentsRect = rare.value.contentsRect
            record.contentsCenter = rare.value.contentsCenter
            record.contentsScale = rare.value.contentsScale
            record.minificationFilter = rare.value.look.minificationFilter
            record.magnificationFilter = rare.value.look.magnificationFilter
            record.minificationFilterBias = rare.value.look.minificationFilterBias
            if let image = rare.value.look.contents {
                record.contents = image
                record.contentsDestination = contentsDestination(image, rare, rare.value.look.contentsGravity, p.pointee.bounds)
            } else {
                if record.contents != nil { record.contents = nil }
                record.contentsDestination = .zero
            }
            if record.hasFilters || rare.value.look.hasEffects { record.setFilters(rare.value.look.effects) }
            rareDefaults = !LayerProperties.hasRare(p)
        }
        // The fields set on few records, back to their defaults when the record before set one
        // (`hasTransient`). Reference fields are stored only when they change: storing nil over
        // nil still costs a release call.
        if record.hasTransient {
            if record.transition != nil { record.transition = nil }
            if record.contentsPrevious != nil { record.contentsPrevious = nil }
            record.contentsFade = 1
            record.contentsPreviousDestination = .zero
            record.maskIndex = nil
            record.maskCount = 0
            if record.transitionBefore != nil { record.transitionBefore = nil }
            record.hasTransient = false
        }
        // isMaskContent, maskHostIndex, isGroup, groupIndex, targetOpacity and groupOpacity are
        // the callers' (both write all six right after this).
        // Issue 15: the kind's drawing (the replicator instance fields are the caller's). Only a
        // shape or gradient record can hold a shape or gradient: the previous record's kind says
        // whether there is one to clear (no test of the optional, which copies it); plain after
        // plain, nearly every record, is two compares.
        let kind = slots[Int(slot)].kind
        let previous = record.kind
        guard kind != .plain || previous != .plain else { return }
        fillKindDrawing(&record, slot, p, rare, kind: kind, previous: previous, lendsShape: lendsShape)
    }

    /// The kind's drawing of ``fillRecord``'s record (a shape, gradient or text record, or the
    /// one before it at this index). Never inlined: the shape's and gradient's construction
    /// make a large stack frame, which a plain record (nearly every one) must not set up.
    @inline(never)
    private func fillKindDrawing(
        _ record: inout DrawRecord, _ slot: Int32, _ p: UnsafePointer<LayerProperties>, _ rare: RareBox,
        kind: LayerKind, previous: LayerKind, lendsShape: Bool
    ) {
        record.kind = kind
        if kind == .shape {
            // A layer drawn from its stored values gets the shape from the caller: the one its
            // record index had last list when the values are the same array, lent until the
            // record is emitted (`DrawList.lendShape(of:at:to:)`).
            if !lendsShape { record.shape = DrawShape.make(rare.value.custom) }
        } else if previous == .shape {
            record.shape = nil
        }
        if kind == .gradient {
            record.gradient = DrawGradient.make(rare.value.custom)
        } else if previous == .gradient {
            record.gradient = nil
        }
        if kind == .text {
            record.text = drawText(slot, p, contentsScale: record.contentsScale)
        } else if previous == .text {
            record.text = nil
        }
    }

    /// ``runningLook(_:at:)`` for the draw list: shows the cross-fade of contents in `record`
    /// (which makes it not plain) and returns the running transition. Lock held.
    @inline(__always)
    private func runningLook(
        _ slot: Int32, at t: Double, record: inout DrawRecord, plain: inout Bool, _ rare: RareBox, _ bounds: Rect
    ) -> (state: TransitionState, before: LayerProperties, sublayers: [DrawRecord]?)? {
        let look = runningLook(slot, at: t)
        if case .fade(let from, let to, let fraction)? = look.contents {
            plain = false
            crossFade(&record, from: from, to: to, fraction: fraction, rare, bounds)
        }
        return look.transition
    }

    /// Shows an explicit animation's cross-fade of `contents` in `record` (CA-3.15, RS-4.8):
    /// `to` as the contents with weight `fraction`, `from` as the previous contents, each at its
    /// own destination, the way the implicit fade shows. At either end, or between one image and
    /// itself, the record holds the one image shown, with no fade. Lock held.
    private func crossFade(
        _ record: inout DrawRecord, from: Image?, to: Image?, fraction: Double, _ rare: RareBox, _ bounds: Rect
    ) {
        let gravity = rare.value.look.contentsGravity
        func place(_ image: Image?) -> Rect { image.map { contentsDestination($0, rare, gravity, bounds) } ?? .zero }
        let f = fraction.isNaN ? 0 : fraction
        if f <= 0 || f >= 1 || from === to {
            let shown = f <= 0 ? from : to
            record.contents = shown
            record.contentsDestination = place(shown)
            return
        }
        record.contents = to
        record.contentsDestination = place(to)
        record.hasTransient = true
        record.contentsPrevious = from
        record.contentsPreviousDestination = place(from)
        record.contentsFade = f
    }

    /// D for `image` (RS-4.1–4.3): the size gravity uses is the contentsRect's share of the
    /// image in points.
    private func contentsDestination(_ image: Image, _ rare: RareBox, _ g: ContentsGravity, _ bounds: Rect) -> Rect {
        let scale = rare.value.contentsScale > 0 ? rare.value.contentsScale : 1
        let cr = rare.value.contentsRect
        let size = Size(width: abs(cr.size.width) * Double(image.width) / scale,
                        height: abs(cr.size.height) * Double(image.height) / scale)
        return g.destination(contentSize: size, in: bounds)
    }

    /// Whether a clip of `bounds` with `radius` under `world` is an axis-aligned rectangle in
    /// root space (so a scissor is exact).
    private func isAxisAlignedRect(_ world: Transform3D, _ radius: Double) -> Bool {
        radius <= 0 && world.m14 == 0 && world.m24 == 0 && world.m44 == 1
            && ((world.m12 == 0 && world.m21 == 0) || (world.m11 == 0 && world.m22 == 0))
    }

    /// The traversal; `root` has a presentation. Lock held.
    private func buildDrawList(
        _ root: Int32, at t: Double, scratch list: DrawList, localRoot: Bool = false,
        emit: (UnsafePointer<DrawRecord>, Bool) -> Void, patch: (Int, DrawRecordPatch) -> Void
    ) {
        list.resetScratch()
        list.work.push(DrawList.Work(slot: root, index: -1))
        var count = 0
        // One record, overwritten for each layer and lent to `emit` (no per-layer copies).
        var record = DrawRecord.blank
        // Whether `record`'s boxed fields hold the defaults of a layer without a box.
        var rareDefaults = false
        // Whether `record` holds a replicator instance's index and colour.
        var tinted = false
        let modelOffset = MemoryLayout<LayerSlot>.offset(of: \LayerSlot.model)!
        let scratchP = list.presentationScratch
        // Borrowed for each layer without a retain: the layers' boxes and the shared box of
        // defaults outlive the traversal (the lock is held).
        let defaultBox = Unmanaged.passUnretained(LayerProperties.sharedDefaultBox)
        // The slots and snapshots are only read during the traversal (the lock is held and the
        // closures must not call the engine): their buffers stay put.
        slots.withUnsafeBuffers { slotBuf, headBuf in
        while let item = list.work.pop() {
            // The layer eight items down the stack is visited soon: ask for its slot now, so
            // that at 1M layers its DRAM miss overlaps this layer's work. Marker items (negative
            // slots) ask for nothing.
            if list.work.count >= 8 {
                slots.prefetchWhole(Int(list.work[list.work.count - 8].slot))
            }
            if item.slot == -1 {
                patch(item.index, .descendants(count - item.index - 1))
                continue
            }
            if item.slot == -2 {
                // Lay out the mask of record `index` (RS-5.2): after the host's subtree, with
                // the host's plane as its superlayer space, and a closing item after it.
                list.work.push(DrawList.Work(slot: -3, index: item.index, mask: Int32(count)))
                list.work.push(DrawList.Work(
                    slot: item.mask, index: item.index, mask: -4, maskBase: item.maskBase, inherit: item.inherit))
                continue
            }
            if item.slot == -3 {
                patch(item.index, .mask(index: Int(item.mask), count: count - Int(item.mask)))
                continue
            }
            let slot = item.slot
            if item.mask == DrawList.Work.siblingsFollow {
                // The next sibling after this subtree (pushed first, so it pops after). Siblings
                // are usually made one after another: ask for a slot a few ahead, as a guess.
                let next = slotBuf[Int(slot)].nextSibling
                if next >= 0 {
                    list.work.push(DrawList.Work(
                        slot: next, index: item.index, mask: DrawList.Work.siblingsFollow, inherit: item.inherit))
                    slots.prefetchWhole(Int(next) + 4)
                }
            }
            // What this layer inherits (for a replicator's sublayer: its instance's state).
            let pi = Int(item.inherit)
            // Inside a replicator instance the subtree runs k · instanceDelay behind (RS-13.4).
            // Copied out once (plain values): one bounds check and load of the array, not one
            // per field read below (issue 29). Read only where the layer has a superlayer (or,
            // for a mask root, a host); the root reads the placeholder's fields nowhere.
            let up = pi >= 0 ? list.inherited[pi] : DrawList.rootInherited
            let inst = up.instance
            let lt = inst < 0 ? t : t - list.instances[Int(inst)].timeShift
            // The presented values, read in place: a layer without animations (nearly every
            // one) shows its committed values, in `slots` or the snapshot pool; otherwise its
            // presentation goes to the list's scratch. No copy (and no retain) of the layer.
            let i = Int(slot)
            guard headBuf[i].everCommitted else { continue }  // never committed
            // The layer's local time (CA-5.2) once an animated layer has asked for it; `lt`
            // without timed layers.
            var local = lt
            var p: UnsafePointer<LayerProperties>
            if headBuf[i].animIndex < 0 {
                let snap = slotBuf[i].snapshot
                if snap < -1 {
                    // Saved values (a typed change whose animation went before the commit).
                    scratchP.pointee = committedProperties(slot)
                    p = UnsafePointer(scratchP)
                } else {
                    p = snap < 0
                        ? (UnsafeRawPointer(slotBuf.baseAddress! + i) + modelOffset).assumingMemoryBound(to: LayerProperties.self)
                        : snapshotPool.pointer(Int(snap))
                }
            } else {
                // A delayed instance holds implicit animations at their start (RS-13.4).
                if timedLayers > 0 { local = drawListLocalTime(slot, inherit: pi, at: lt, list) }
                presentation(slot, at: lt, holdingStarts: lt < t, into: scratchP, local: local)
                p = UnsafePointer(scratchP)
            }
            if (p.pointee.flags & LayerProperties.Flags.hidden != 0) { continue }
            // A mask root (mask == -4) starts afresh: its own opacity scales the mask (RS-5.2),
            // with no inherited clip; it is laid out in the host's plane.
            let isMaskRoot = item.mask == -4
            let parent = item.index
            // The parent's inherited state, read field by field (no copy of the whole struct);
            // a mask root inherits nothing but the depth and the host's plane.
            let inherits = parent >= 0 && !isMaskRoot
            let own = min(max(p.pointee.opacity, 0), 1)
            let opacity = (inherits ? up.opacity : 1) * own
            if !(opacity > 0) { continue }

            // world = own · childBase(parent); for a root, own alone.
            if p.pointee.bounds.size.width < 0 || p.pointee.bounds.size.height < 0 {
                if p != UnsafePointer(scratchP) { scratchP.pointee = p.pointee }
                scratchP.pointee.bounds = scratchP.pointee.bounds.standardized
                p = UnsafePointer(scratchP)
            }
            // Borrowed without a retain for the rest of this layer (the box outlives the
            // traversal): a retain and release per record were two atomic operations, and
            // each waited for the records written before it (issue 12: at 100k layers, most
            // of the draw list's time). `return` goes on to the next work item.
            LayerProperties.rareStorage(p, default: defaultBox)._withUnsafeGuaranteedRef { rare in
                let a = LayerProperties.anchor(p, rare)
                let world: Transform3D
                let base = isMaskRoot ? list.maskBases[Int(item.maskBase)]
                    : parent >= 0 ? up.childBase : Transform3D.identity
                // No box: the identity transform, without comparing 16 numbers. A local root
                // (a transition's snapshot) is its own plane.
                if localRoot && parent < 0 && !isMaskRoot {
                    world = .identity
                } else if !LayerProperties.hasRare(p) || rare.value.transform.isIdentity {
                    world = base.pretranslated(p.pointee.position.x - a.x, p.pointee.position.y - a.y, p.pointee.zPosition - a.z)
                } else {
                    world = rare.value.transform.pretranslated(-a.x, -a.y, -a.z)
                        .posttranslated(p.pointee.position.x, p.pointee.position.y, p.pointee.zPosition).concatenating(base)
                }

                let index = count
                // Shown from values stored in the layer (not a presentation): its shape record
                // may come from the list's memo.
                let stored = p != UnsafePointer(scratchP)
                let masks = (p.pointee.flags & LayerProperties.Flags.masksToBounds != 0)
                let clipIndex = inherits ? up.clipIndex : -1
                let clipRect = inherits ? up.clipRect : nil
                let clipIsRect = inherits ? up.clipIsRect : true
                let depth = parent >= 0 ? up.depth + 1 : 0
                let flipped = parent < 0 ? false
                    : isMaskRoot ? up.ownFlipped : up.flipped
                fillRecord(
                    &record, slot, p, rare, world: world, opacity: opacity, depth: depth, clipIndex: clipIndex,
                    clipRect: clipRect, clipIsRect: clipIsRect, flipped: flipped, rareDefaults: &rareDefaults,
                    lendsShape: stored)
                if stored && record.kind == .shape { list.lendShape(of: rare.value.custom, at: index, to: &record.shape) }
                // The replicator instance (RS-13), written only inside one and when leaving one.
                if inst >= 0 {
                    record.instanceIndex = list.instances[Int(inst)].index
                    record.instanceColor = list.instances[Int(inst)].color
                    record.isReplicated = true
                    tinted = true
                } else if tinted {
                    record.instanceIndex = 0
                    record.instanceColor = .white
                    record.isReplicated = false
                    tinted = false
                }

                // The mask (RS-5.1, RS-5.3): alive, still unparented, and not inside a mask.
                var maskSlot: Int32 = -1
                let inMask = isMaskRoot || (parent >= 0 && up.inMask)
                if !isMaskRoot, let m = slotBuf[i].extras?.mask, let ms = try? resolve(m),
                   slotBuf[Int(ms)].parent < 0 {
                    maskSlot = ms
                }
                // Groups (RS-2.2, RS-5.6, RS-11.3): an offscreen target composited once.
                var group = maskSlot >= 0 || record.shouldRasterize
                    || (own < 1 && (p.pointee.flags & LayerProperties.Flags.allowsGroupOpacity != 0)
                        && slotBuf[i].firstChild >= 0)
                // Filters and blend modes make one too (R19.2, R19.3); a mask's own are ignored.
                // One flag test for the layers without any (issue 29).
                if record.hasFilters { group = record.filtersGroup(inMask: inMask) || group }
                let chainAbove = inherits ? up.chain : 1
                let target = inherits ? up.target : -1
                record.isGroup = group
                record.groupIndex = target >= 0 ? target : nil
                record.targetOpacity = group ? 1 : chainAbove * own
                record.groupOpacity = group ? chainAbove * own : 1
                record.isMaskContent = inMask
                let maskHost = isMaskRoot ? parent : parent >= 0 ? up.maskHost : -1
                record.maskHostIndex = inMask && maskHost >= 0 ? maskHost : nil
                if maskSlot >= 0 { record.maskIndex = index; record.maskCount = 0; record.hasTransient = true }  // patched later

                var plain = rareDefaults && record.kind == .plain
                // One pass over an animated layer's animations: its transition, and the
                // cross-fade of an explicit animation of contents (CA-3.15, RS-4.8); none at all
                // while the engine has no such animation (issue 29).
                if lookAnimations > 0, headBuf[i].animIndex >= 0, let (state, before, snapshot) = runningLook(slot, at: lt, record: &record, plain: &plain, rare, p.pointee.bounds) {
                    plain = false
                    record.hasTransient = true
                    record.transition = state
                    var b = before
                    b.bounds = b.bounds.standardized
                    var beforeRecord = makeRecord(
                        slot, b, b.rareStorage, world: world, opacity: (inherits ? up.opacity : 1) * min(max(b.opacity, 0), 1),
                        depth: depth, clipIndex: clipIndex, clipRect: clipRect, clipIsRect: clipIsRect, flipped: flipped,
                        instance: record.instanceIndex, instanceColor: record.instanceColor)
                    beforeRecord.isGroup = record.isGroup
                    beforeRecord.groupIndex = record.groupIndex
                    beforeRecord.targetOpacity = group ? 1 : chainAbove * min(max(b.opacity, 0), 1)
                    beforeRecord.groupOpacity = group ? chainAbove * min(max(b.opacity, 0), 1) : 1
                    beforeRecord.isMaskContent = record.isMaskContent
                    beforeRecord.maskHostIndex = record.maskHostIndex
                    // RS-4.8: a fade between two images also shows as a cross-fade of contents.
                    if state.type == .fade, beforeRecord.contents != record.contents {
                        record.contentsPrevious = beforeRecord.contents
                        record.contentsPreviousDestination = beforeRecord.contentsDestination
                        record.contentsFade = state.progress
                    }
                    // CA-10.2: the sublayers as they were, placed under the layer as it is now.
                    let sublayers = snapshot.map {
                        placeSnapshot($0, host: record, index: index, world: world,
                                      opacityAbove: inherits ? up.opacity : 1, chainAbove: chainAbove)
                    } ?? []
                    record.transitionBefore = DrawRecordBox(beforeRecord, sublayers: sublayers)
                }
                // Lent in place: no copy of the record on its way out.
                withUnsafeMutablePointer(to: &record) { emit(UnsafePointer($0), plain) }
                count += 1
                // The memo's shape goes back (the record keeps the one it had before).
                if stored && record.kind == .shape { list.returnShape(from: &record.shape, at: index) }

                // A leaf without a mask has nothing to hand down: no inherited state, no closing
                // item (its descendant count stays the 0 it was emitted with, so no patch call).
                let firstChild = slotBuf[i].firstChild
                guard firstChild >= 0 || maskSlot >= 0 else { return }

                // What the sublayers inherit: flatten into this plane (zero row 3: F · world), then
                // the geometry flip (RS-4.5) and this layer's sublayerTransform about its anchor.
                var flat = world
                flat.m31 = 0; flat.m32 = 0; flat.m33 = 0; flat.m34 = 0
                var childBase = flat
                let flips = (p.pointee.flags & LayerProperties.Flags.geometryFlipped != 0)
                // The flip (RS-4.5) is part of sublayerTransformAboutAnchor, as for hit testing.
                if let sub = p.pointee.sublayerTransformAboutAnchor(rare) { childBase = sub.concatenating(childBase) }
                var childClip = clipRect
                var childClipIsRect = clipIsRect
                if masks, let box = PlaneMap(world).boundingBox(of: p.pointee.bounds) {
                    if let c = childClip {
                        childClip = c.intersection(box) ?? Rect(origin: box.origin, size: .zero)
                    } else {
                        childClip = box
                    }
                    childClipIsRect = childClipIsRect && isAxisAlignedRect(world, rare.value.cornerRadius)
                }
                let ownInherit = Int32(truncatingIfNeeded: list.inherited.count)
                list.inherited.append(DrawList.Inherited(
                    childBase: childBase, opacity: opacity,
                    chain: group ? 1 : chainAbove * own, target: group ? index : target,
                    clipIndex: masks ? index : clipIndex, clipRect: childClip, clipIsRect: childClipIsRect,
                    instance: inst, depth: depth, flipped: flipped != flips, ownFlipped: flipped, inMask: inMask,
                    maskHost: maskHost))
                if timedLayers > 0 {
                    list.times.push(headBuf[i].animIndex >= 0 ? local : drawListLocalTime(slot, inherit: pi, at: lt, list))
                }

                // After the subtree: the mask, then close this record; the sublayers first drawn
                // on top of the stack.
                if maskSlot >= 0 {
                    list.maskBases.push(flat)
                    list.work.push(DrawList.Work(
                        slot: -2, index: index, mask: maskSlot, maskBase: Int32(list.maskBases.count - 1),
                        inherit: ownInherit))
                }
                guard firstChild >= 0 else { return }
                list.work.push(DrawList.Work(slot: -1, index: index))
                if slotBuf[i].kind == .replicator {
                    // RS-13: the sublayers once per instance, instance 0 first (pushed last).
                    pushInstances(of: slot, p.pointee, rare, ownInherit, index: index, at: lt, list)
                } else {
                    pushSublayers(of: slot, index: index, inherit: ownInherit, at: lt, &list.work, &list.keys)
                }
            }
        }
        }
        scratchP.pointee = LayerProperties()  // keeps no layer's box alive
        list.trimShapeMemos(to: count)
    }

    /// A transition's before side of the sublayers (CA-10.2): the draw records of `slot`'s
    /// sublayers' subtrees at `t`, as the list would draw them, in the layer's own plane (its
    /// world the identity), its opacity and clips not applied above it, indices counting from
    /// the layer's record at 0; nil when the layer has no sublayers or was never committed.
    /// Taken when the transition is added, so changes made in its transaction (uncommitted)
    /// are not in it. Running transitions below are dropped: the snapshot is a still picture.
    /// Lock held.
    func transitionSnapshot(_ slot: Int32, at t: Double) -> [DrawRecord]? {
        guard slots[Int(slot)].firstChild >= 0, slots[head: Int(slot)].everCommitted else { return nil }
        if replicatorLayers > 0, (try? checkExpansion(slot, at: t)) == nil { return nil }
        var records: [DrawRecord] = []
        buildDrawList(slot, at: t, scratch: DrawList(), localRoot: true, emit: { r, _ in
            records.append(r.pointee)
        }, patch: { index, patch in
            switch patch {
            case .descendants(let n): records[index].descendantCount = n
            case .mask(let i, let n): records[index].maskIndex = i; records[index].maskCount = n
            }
        })
        guard let root = records.first else { return [] }
        // The layer's own record (made afresh each frame) and its own mask stay out.
        var sublayers = Array(records[1..<(1 + root.descendantCount)])
        for k in sublayers.indices where sublayers[k].transition != nil || sublayers[k].transitionBefore != nil {
            sublayers[k].transition = nil
            sublayers[k].transitionBefore = nil
            if sublayers[k].contentsFade < 1 { sublayers[k].contentsFade = 1; sublayers[k].contentsPrevious = nil }
        }
        return sublayers
    }

    /// The snapshot of ``transitionSnapshot(_:at:)`` placed under the layer as it is drawn now:
    /// `host` is its record at `index`, `world` its world transform, `opacityAbove` and
    /// `chainAbove` the opacity product and group chain above it. Transforms go through the
    /// layer's plane (a sublayer's world is its local one · flat(world)), opacities, group
    /// chains, clips and replicator tints pick up what is above the layer, and indices shift to
    /// stand after `index`. Lock held; runs per frame only for a running transition.
    private func placeSnapshot(
        _ snapshot: [DrawRecord], host: DrawRecord, index: Int, world: Transform3D, opacityAbove: Double,
        chainAbove: Double
    ) -> [DrawRecord] {
        var flat = world
        flat.m31 = 0; flat.m32 = 0; flat.m33 = 0; flat.m34 = 0
        // Per snapshot index (0 the layer): the clip its sublayers get, and whether it is a rect.
        var childClip = [Rect?](repeating: nil, count: snapshot.count + 1)
        var childClipIsRect = [Bool](repeating: true, count: snapshot.count + 1)
        childClip[0] = host.clipRect
        childClipIsRect[0] = host.clipIsRect
        if host.masksToBounds, let box = PlaneMap(world).boundingBox(of: host.bounds) {
            childClip[0] = host.clipRect.map { $0.intersection(box) ?? Rect(origin: box.origin, size: .zero) } ?? box
            childClipIsRect[0] = host.clipIsRect && isAxisAlignedRect(world, host.cornerRadius)
        }
        func shifted(_ i: Int?) -> Int? { i.map { index + $0 } }
        var out = snapshot
        for k in out.indices {
            var r = snapshot[k]
            var m = r.transform.concatenating(flat)
            m.m31 = 0; m.m32 = 0; m.m33 = 1; m.m34 = 0
            r.transform = m
            r.opacity *= opacityAbove
            r.depth += host.depth
            r.contentsAreFlipped = r.contentsAreFlipped != host.contentsAreFlipped
            // Clips: the nearest masking ancestor inside (snapshot index), else the layer's own.
            let clipAt = r.clipIndex ?? 0
            r.clipRect = childClip[clipAt]
            r.clipIsRect = childClipIsRect[clipAt]
            r.clipIndex = r.clipIndex.map { index + $0 } ?? (host.masksToBounds ? index : host.clipIndex)
            if r.masksToBounds, let box = PlaneMap(m).boundingBox(of: r.bounds) {
                childClip[k + 1] = r.clipRect.map { $0.intersection(box) ?? Rect(origin: box.origin, size: .zero) } ?? box
                childClipIsRect[k + 1] = r.clipIsRect && isAxisAlignedRect(m, r.cornerRadius)
            } else {
                childClip[k + 1] = r.clipRect
                childClipIsRect[k + 1] = r.clipIsRect
            }
            // Groups: a record with no enclosing group inside draws into the layer's target,
            // under the opacities between that group and the layer.
            if let g = r.groupIndex {
                r.groupIndex = index + g
            } else {
                r.groupIndex = host.groupIndex
                if r.isGroup { r.groupOpacity *= chainAbove } else { r.targetOpacity *= chainAbove }
            }
            r.maskIndex = shifted(r.maskIndex)
            r.maskHostIndex = shifted(r.maskHostIndex)
            // Replicator instances above the layer tint its old side too (RS-13.3).
            if host.instanceColor != .white || host.instanceIndex != 0 {
                let c = host.instanceColor
                r.instanceColor = Color(red: r.instanceColor.red * c.red, green: r.instanceColor.green * c.green,
                                        blue: r.instanceColor.blue * c.blue, alpha: r.instanceColor.alpha * c.alpha)
                if r.instanceIndex == 0 { r.instanceIndex = host.instanceIndex }
            }
            out[k] = r
        }
        return out
    }

    /// Pushes the sublayers of `slot` (record `index`, inheriting `list.inherited[inherit]`)
    /// onto the work stack so that they pop back to front: by zPosition at `t` (their
    /// superlayer's time), ties in sublayer order. When all have the same zPosition, that is
    /// sublayer order, and only the first is pushed (`Work.siblingsFollow`). Lock held.
    @inline(__always)
    private func pushSublayers(
        of slot: Int32, index: Int, inherit: Int32, at t: Double, _ work: inout PlainStack<DrawList.Work>,
        _ keys: inout [SiblingKey]
    ) {
        let firstChild = slots[Int(slot)].firstChild
        var uniform = true
        let z0 = presentedZPosition(firstChild, at: t)
        // The walk below chases sibling links, one dependent load per sibling: at 1M layers,
        // one DRAM latency each. Siblings are usually made one after another, so their slots
        // are usually neighbours: ask for the slot 32 further on (its links, and its
        // zPosition's line). A wrong guess costs a useless line, nothing else.
        let zOffset = MemoryLayout<LayerSlot>.offset(of: \LayerSlot.model.zPosition)!
        var c = slots[Int(firstChild)].nextSibling
        while c >= 0 {
            slots.prefetch(Int(c) + 32)
            slots.prefetch(Int(c) + 32, byteOffset: zOffset)
            if presentedZPosition(c, at: t) != z0 {
                uniform = false
                break
            }
            c = slots[Int(c)].nextSibling
        }
        if uniform {
            // Sublayer order: the first one, which brings the next when it is entered.
            work.push(DrawList.Work(slot: firstChild, index: index, mask: DrawList.Work.siblingsFollow, inherit: inherit))
        } else {
            keys.removeAll(keepingCapacity: true)
            c = firstChild
            var i = 0
            while c >= 0 {
                keys.append(SiblingKey(z: presentedZPosition(c, at: t), index: i, slot: c))
                c = slots[Int(c)].nextSibling
                i += 1
            }
            // Back to front is zPosition ascending, ties in sublayer order; pushed reversed.
            keys.sort { $0.z != $1.z ? $0.z > $1.z : $0.index > $1.index }
            for k in keys { work.push(DrawList.Work(slot: k.slot, index: index, inherit: inherit)) }
        }
    }

    /// The most records replicators may add to a draw list, beyond one per layer (RS-13.1):
    /// 2²² (a few GB of records beyond it). Trees without replicators are not limited.
    static let maximumExpandedRecords = 1 << 22

    /// Whether the draw list carries each layer's local time down the tree (on by default); off,
    /// it asks ``localTime(_:at:)`` for every layer, the general path the tests compare with.
    /// Lock held.
    package var drawListInheritsLocalTime: Bool {
        get { !drawListWalksLocalTime }
        set { drawListWalksLocalTime = !newValue }
    }

    /// The local time (CA-5.2) at engine time `lt` of a layer the draw list enters inheriting
    /// `list.inherited[inherit]`: one step from the time its superlayer (or, for a mask root,
    /// its host, R16.8) hands down in `list.times`, not a walk up to the root per layer (issue
    /// 28); the walk for the list's root, and for every layer with the fast path off. Only
    /// while the engine has timed layers (`list.times` is empty otherwise). Lock held.
    private func drawListLocalTime(_ slot: Int32, inherit: Int, at lt: Double, _ list: DrawList) -> Double {
        guard inherit >= 0, drawListInheritsLocalTime else { return localTime(slot, at: lt) }
        let parentTime = list.times[inherit]
        return slots[Int(slot)].everTimed ? layerLocalTime(slot, parentTime: parentTime) : parentTime
    }

    /// Whether no draw list of this engine can pass ``maximumExpandedRecords``, whatever the
    /// instance counts: a walk visits each slot at most once (a mask has one host, the tree no
    /// cycle), and a layer is drawn at most 10000^R times under R replicators (a count is at
    /// most ``maximumInstanceCount``, animated ones clamped), so slots × 10000^R records bound
    /// the list. Then ``checkExpansion(_:at:)`` has nothing to find and is not run: a small
    /// tree with one replicator (a Lottie repeater) skips a walk of the whole tree per frame
    /// (issue 28). Lock held.
    var expansionIsBounded: Bool {
        var bound = slots.count
        for _ in 0..<replicatorLayers {
            let (product, overflow) = bound.multipliedReportingOverflow(by: maximumInstanceCount)
            guard !overflow, product <= Self.maximumExpandedRecords else { return false }
            bound = product
        }
        return bound <= Self.maximumExpandedRecords
    }

    /// Throws `outOfMemory` when the replicators under `root` would add more than
    /// ``maximumExpandedRecords`` records to its draw list at `t` — nested replicators multiply
    /// their counts — so that an absurd count fails with a status before anything is built. An
    /// upper bound: every committed layer and mask, hidden ones included; a count as drawn at
    /// `t` (an animated one too, RS-13.1), except that an animated count inside a delayed
    /// instance of another replicator, drawn at several times, counts as the most a count can
    /// be (10000). Runs only while the engine has a replicator layer. Lock held.
    func checkExpansion(_ root: Int32, at t: Double) throws(LaminaError) {
        // `total` records in all, of `layers` layers: the difference is what replication adds.
        var total = 0
        var layers = 0
        expansionScratch.removeAll(keepingCapacity: true)
        expansionScratch.append((root, 1, false))
        while let (slot, copies, shifted) = expansionScratch.popLast() {
            let i = Int(slot)
            guard slots[head: i].everCommitted else { continue }
            total += copies
            layers += 1
            if total - layers > Self.maximumExpandedRecords {
                expansionScratch.removeAll(keepingCapacity: true)
                throw LaminaError(
                    .outOfMemory,
                    "the replicators under layer \(handle(root).rawValue) expand to more than \(Self.maximumExpandedRecords) draw records (RS-13.1)")
            }
            var childCopies = copies
            var childShifted = shifted
            if slots[i].kind == .replicator {
                let animated = slots[head: i].animIndex >= 0
                func value(_ id: PropertyID) -> Value {
                    animated ? presentationValue(slot, id, .null, at: t) ?? .null : committedValue(slot, id, .null)
                }
                let count = animated && shifted ? maximumInstanceCount : Engine.instanceCount(value(.instanceCount))
                if count == 0 { continue }
                // Its sublayers are drawn at other times than `t` from here down (RS-13.4).
                if count > 1, case .number(let d) = value(.instanceDelay), d != 0 { childShifted = true }
                let (product, overflow) = copies.multipliedReportingOverflow(by: count)
                childCopies = overflow ? Int.max / 2 : product
            }
            if let m = slots[i].extras?.mask, let ms = try? resolve(m), slots[Int(ms)].parent < 0 {
                expansionScratch.append((ms, copies, shifted))  // laid out once per copy of its host
            }
            var c = slots[i].firstChild
            while c >= 0 {
                expansionScratch.append((c, childCopies, childShifted))
                c = slots[Int(c)].nextSibling
            }
        }
    }

    /// A replicator's instances (RS-13.1–13.4): for k = 0 ..< instanceCount, an inherited state
    /// whose sublayer transform is instanceTransform^k about the anchor point after the
    /// replicator's own (RS-13.2), whose time runs k · instanceDelay behind (RS-13.4), and whose
    /// colour is clamp(instanceColor + k · offsets) times the one above (RS-13.3); the sublayers
    /// are pushed once per instance so that instance 0 pops first. `p` is the replicator's
    /// presentation at `t`, its entry `list.inherited[own]`. Lock held.
    private func pushInstances(
        of slot: Int32, _ p: LayerProperties, _ rare: RareBox, _ own: Int32, index: Int, at t: Double,
        _ list: DrawList
    ) {
        // Whole instances: the floor of an animated count, within the bound (RS-13.1).
        let count = Engine.instanceCount(p.kindValue(.instanceCount))
        guard count > 0 else { return }
        var delay = 0.0
        if case .number(let v) = p.kindValue(.instanceDelay) { delay = v }
        var step = Transform3D.identity
        if case .transform(let m) = p.kindValue(.instanceTransform) { step = m }
        var color = Color.white
        if case .color(let c) = p.kindValue(.instanceColor) { color = c }
        func number(_ id: PropertyID) -> Double {
            if case .number(let v) = p.kindValue(id) { return v }
            return 0
        }
        let offsets = (number(.instanceRedOffset), number(.instanceGreenOffset), number(.instanceBlueOffset),
                       number(.instanceAlphaOffset))
        // About the anchor point, like sublayerTransform (RS-13.2).
        let a = p.anchor(rare)
        let aboutAnchor = step.isIdentity ? step : step.pretranslated(-a.x, -a.y, -a.z).posttranslated(a.x, a.y, a.z)
        let base = list.inherited[Int(own)]
        let outer = base.instance < 0
            ? DrawList.InstanceState(timeShift: 0, index: 0, color: .white) : list.instances[Int(base.instance)]
        // Each instance's state, in order; then pushed in reverse so instance 0 pops first.
        let firstEntry = list.inherited.count
        var power = Transform3D.identity
        for k in 0..<count {
            var entry = base
            let kd = Double(k)
            if k > 0 {
                power = power.concatenating(aboutAnchor)
                entry.childBase = power.concatenating(base.childBase)
            }
            // The replicator's local time at the instance's engine time (RS-13.4).
            if timedLayers > 0 {
                list.times.push(k > 0 && delay != 0 ? localTime(slot, at: t - kd * delay) : list.times[Int(own)])
            }
            @inline(__always) func channel(_ c: Double, _ o: Double) -> Double { min(max(c + kd * o, 0), 1) }
            let ck = Color(
                red: channel(color.red, offsets.0), green: channel(color.green, offsets.1),
                blue: channel(color.blue, offsets.2), alpha: channel(color.alpha, offsets.3))
            entry.instance = Int32(truncatingIfNeeded: list.instances.count)
            list.instances.push(DrawList.InstanceState(
                timeShift: outer.timeShift + kd * delay, index: k,
                color: Color(
                    red: outer.color.red * ck.red, green: outer.color.green * ck.green,
                    blue: outer.color.blue * ck.blue, alpha: outer.color.alpha * ck.alpha)))
            list.inherited.append(entry)
        }
        for k in stride(from: count - 1, through: 0, by: -1) {
            let e = Int32(truncatingIfNeeded: firstEntry + k)
            pushSublayers(of: slot, index: index, inherit: e, at: t - Double(k) * delay, &list.work, &list.keys)
        }
    }
}
