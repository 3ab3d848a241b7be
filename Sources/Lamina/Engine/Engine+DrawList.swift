// The per-frame draw list (DESIGN §3): one contiguous array of plain records, in painter's
// order, that a renderer walks once per frame; and the next time anything on screen changes.

/// One layer as a renderer draws it at a given time: everything needed to paint its background,
/// border and shadow, placed in root space.
///
/// Records come in painter's order (back to front): a layer before its sublayers, sublayers
/// by zPosition and then in sublayer order (a stable sort), each layer's subtree contiguous right
/// after it. Not yet included: contents, masks, filters, and transition state (a CATransition in
/// flight arrives with explicit animations; the C record reserves space for it).
public struct DrawRecord: Hashable, Sendable {
    /// The layer.
    public var layer: LayerID
    /// The world transform: maps a point `(x, y, 0)` of the layer's bounds coordinates to root
    /// space, in Core Animation's layout (row vectors, `p' = p · M`, divide by `w`). It includes
    /// every ancestor's transform, anchor point, position and sublayerTransform. Each
    /// superlayer flattens its sublayers into its plane, as a plain CALayer does, so only the
    /// draw-list root's own transform contributes depth (z); a 2D renderer uses x and y after
    /// the divide by w. Layer content lies at z = 0, so the third row (m31…m34, the image of
    /// the local z axis) never matters: Lamina sets it to (0, 0, 1, 0), which makes the matrix
    /// of a layer in a 2D tree a plain affine one.
    public var transform: Transform3D
    /// The bounds (standardized): the rectangle to fill, in the layer's own coordinates.
    public var bounds: Rect
    /// The opacity with every ancestor's multiplied in, each clamped to [0, 1] first (Core
    /// Animation leaves values outside undefined, CA-13.3). This is the per-layer product, not
    /// group opacity: a renderer that wants allowsGroupOpacity composites the subtree itself.
    public var opacity: Double
    /// The background colour; nil draws no background (CA-13.3's default).
    public var backgroundColor: Color?
    /// The corner radius of the background, border and (with masksToBounds) the clip.
    public var cornerRadius: Double
    /// The border width (drawn inside the bounds, over the sublayers).
    public var borderWidth: Double
    /// The border colour; nil draws no border.
    public var borderColor: Color?
    /// The shadow colour; nil draws no shadow.
    public var shadowColor: Color?
    /// The shadow opacity (0, the default, draws no shadow), not yet multiplied by ``opacity``.
    public var shadowOpacity: Double
    /// The shadow offset, in the layer's own coordinates.
    public var shadowOffset: Size
    /// The shadow blur radius.
    public var shadowRadius: Double
    /// Whether the layer clips its sublayers (and contents) to its bounds and corner radius.
    public var masksToBounds: Bool
    /// Whether the back side shows when the layer faces away (default true); a renderer culls
    /// the back face of a layer with false.
    public var isDoubleSided: Bool
    /// The depth below the draw-list root (0 for the root).
    public var depth: Int
    /// How many records after this one belong to its subtree. A renderer that keeps a clip
    /// stack pushes this layer's clip (when ``masksToBounds``) and pops it after that many.
    public var descendantCount: Int
    /// The index of the record of the nearest ancestor with masksToBounds, or nil: the exact
    /// clip is the chain of those layers' bounds (with their corner radius) under their
    /// transforms.
    public var clipIndex: Int?
    /// The intersection of the root-space bounding boxes of every ancestor with
    /// masksToBounds, or nil when none clips: a scissor rectangle, exact when those layers are
    /// not rotated. The record's own masksToBounds is not in it (it clips the sublayers only).
    public var clipRect: Rect?
    /// The transition running on the layer at the list's time (CA-10.1–10.4), or nil. The
    /// record's values are the new state; ``Engine/transition(of:at:)`` gives the old one, so
    /// a renderer can composite both.
    public var transition: TransitionState? = nil

    /// Creates a record.
    public init(
        layer: LayerID, transform: Transform3D, bounds: Rect, opacity: Double,
        backgroundColor: Color?, cornerRadius: Double, borderWidth: Double, borderColor: Color?,
        shadowColor: Color?, shadowOpacity: Double, shadowOffset: Size, shadowRadius: Double,
        masksToBounds: Bool, isDoubleSided: Bool, depth: Int, descendantCount: Int,
        clipIndex: Int?, clipRect: Rect?
    ) {
        self.layer = layer
        self.transform = transform
        self.bounds = bounds
        self.opacity = opacity
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.shadowColor = shadowColor
        self.shadowOpacity = shadowOpacity
        self.shadowOffset = shadowOffset
        self.shadowRadius = shadowRadius
        self.masksToBounds = masksToBounds
        self.isDoubleSided = isDoubleSided
        self.depth = depth
        self.descendantCount = descendantCount
        self.clipIndex = clipIndex
        self.clipRect = clipRect
    }
}

/// A reusable draw list: pass the same one to ``Engine/drawList(root:at:into:)`` every frame
/// and, once its buffers have grown, building it allocates nothing (DESIGN §3, §5).
///
/// Not thread-safe: use one per renderer thread. Reading ``records`` returns the array itself
/// (copy-on-write); a copy kept across the next update makes that update allocate a new buffer,
/// so keep ``withUnsafeRecords(_:)`` or indices instead when it matters.
public final class DrawList {
    /// The records of the last update, in painter's order.
    public internal(set) var records: [DrawRecord] = []

    /// Per record: what its sublayers inherit.
    struct Inherited {
        /// sub(P) · F · world(P): a sublayer's world transform is own(sublayer) · this.
        var childBase: Transform3D
        var opacity: Double
        var clipIndex: Int
        var clipRect: Rect?
        var depth: Int
    }

    struct Work {
        /// The layer to enter, or -1 to close the record `index`.
        var slot: Int32
        /// The parent's record index (-1 for the root), or the record to close.
        var index: Int
    }

    var inherited: [Inherited] = []
    var work: [Work] = []
    var keys: [SiblingKey] = []

    /// An empty draw list.
    public init() {}

    /// The number of records.
    public var count: Int { records.count }

    /// Calls `body` with the records of the last update, without copying them.
    public func withUnsafeRecords<R, E: Error>(_ body: (UnsafeBufferPointer<DrawRecord>) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = records.withUnsafeBufferPointer { buffer in
            Result { () throws(E) -> R in try body(buffer) }
        }
        return try result.get()
    }

    /// Clears the traversal's scratch state (the records are the caller's business).
    func resetScratch() {
        inherited.removeAll(keepingCapacity: true)
        work.removeAll(keepingCapacity: true)
    }
}

extension Engine {
    /// Builds the draw list of `root`'s subtree at `time` (the engine's current time when nil)
    /// into `list`, replacing its records (DESIGN §3).
    ///
    /// - Painter's order: a layer before its sublayers; sublayers sorted by zPosition, ties in
    ///   sublayer order (a stable sort), each subtree contiguous.
    /// - Left out, with their subtrees: hidden layers; layers never committed (they are not on
    ///   screen, R3); layers whose accumulated opacity is 0 (nothing of them can show).
    /// - Values are the presentation at `time` (committed values plus animations).
    /// - The subtree is drawn as if `root` had no superlayer: world transforms map into the
    ///   space `root` is positioned in, and ancestors' opacity and clips do not apply.
    ///
    /// Work and memory are linear in the number of layers drawn; with a reused `list` nothing is
    /// allocated once its buffers have grown, except a sort buffer for sublayers whose
    /// zPositions differ. On failure `list` is left as it was.
    ///
    /// - Throws: `staleHandle`; `invalidArgument` for a non-finite time; `noPresentation` when
    ///   `root` was never committed.
    public func drawList(root: LayerID, at time: Double? = nil, into list: DrawList) throws(LaminaError) {
        var cleared = false
        try visitDrawList(
            root: root, at: time, scratch: list,
            emit: { record in
                if !cleared {
                    list.records.removeAll(keepingCapacity: true)
                    cleared = true
                }
                list.records.append(record)
            },
            close: { index, descendants in list.records[index].descendantCount = descendants })
        if !cleared { list.records.removeAll(keepingCapacity: true) }
    }

    /// The draw-list traversal with the records handed to `emit` one by one, in painter's
    /// order, so a caller can store them in its own format (the C ABI writes its records
    /// directly); `close(index, count)` then sets the descendant count of the record emitted
    /// `index`-th, once its subtree is done. `scratch` holds the traversal's reusable state.
    /// Nothing is emitted when it throws. Both closures run with the engine lock held and must
    /// not call the engine. See ``drawList(root:at:into:)`` for the rules.
    package func visitDrawList(
        root: LayerID, at time: Double?, scratch: DrawList,
        emit: (DrawRecord) -> Void, close: (_ index: Int, _ descendantCount: Int) -> Void
    ) throws(LaminaError) {
        try lock.withLock { () throws(LaminaError) in
            let slot = try resolve(root)
            let source = try geometrySource(.presentation(at: time))
            guard case .presentation(let t) = source else { return }
            guard slots[Int(slot)].everCommitted else {
                throw LaminaError(
                    .noPresentation,
                    "layer \(root.rawValue) has never been committed, so it has no presentation (R3)")
            }
            buildDrawList(slot, at: t, scratch: scratch, emit: emit, close: close)
        }
    }

    /// The draw list of `root`'s subtree at `time` (the engine's current time when nil) as a new
    /// array; see ``drawList(root:at:into:)`` for the rules and a variant that reuses its
    /// buffers.
    public func drawList(root: LayerID, at time: Double? = nil) throws(LaminaError) -> [DrawRecord] {
        let list = DrawList()
        try drawList(root: root, at: time, into: list)
        return list.records
    }

    /// The next time at which anything on screen can change, so a host can sleep instead of
    /// drawing at a fixed rate: the engine's current time while something animates or waits
    /// for a tick (an animation in flight, one added but not yet committed, one finished but
    /// not yet removed, uncommitted changes, a callback due), the engine time at which the
    /// earliest delayed animation begins, and +infinity when nothing will change until the host
    /// changes something — also when the only animations left hold their end value for ever
    /// (fillMode forwards with removedOnCompletion false).
    ///
    /// Conservative under layer time: when a layer's clock is not the engine's (beginTime,
    /// speed or timeOffset set, CA-5.2), a delayed animation on it answers the current time.
    public var nextFrameTime: Double {
        lock.withLock { nextChangeTime(after: now) }
    }

    /// See ``nextFrameTime``. Deliberately small: it reads only the ready completions, the
    /// transaction stacks' dirty lists and each attached animation's state and timing, so that
    /// the engine owner can adapt it when the animation storage changes. Lock held.
    func nextChangeTime(after t: Double) -> Double {
        if !readyCompletions.isEmpty { return t }
        for s in stacks.values where !s.dirty.isEmpty { return t }
        var next = Double.infinity
        for entry in animated {
            // A layer whose clock is stopped (its or an ancestor's speed 0, QA1673's pause)
            // shows the same frame for ever: only a commit can change it.
            let frozen = timedLayers > 0 && isClockStopped(entry.slot)
            let local = localTime(entry.slot, at: t)
            for anim in entry.animations {
                if anim.state == .pending || anim.awaitingTick { return t }  // starts at the next commit/tick
                if frozen { continue }
                let begin: Double  // in the layer's time
                if let e = anim.explicit {
                    switch e.animation.timing.state(atParentTime: local).phase {
                    case .active: return t
                    case .after:
                        // Removed at the next tick (the screen may change then); otherwise it
                        // holds its fill for ever and nothing moves.
                        if e.animation.isRemovedOnCompletion { return t }
                        continue
                    case .before: begin = e.animation.timing.beginTime
                    }
                } else {
                    if local >= anim.beginTime { return t }  // in flight, or ended and due for removal
                    begin = anim.beginTime
                }
                next = min(next, local == t ? begin : t)
            }
        }
        return next
    }

    /// Whether the layer's time stands still: its committed speed or an ancestor's is 0
    /// (CA-5.12). Walks the chain iteratively. Lock held.
    func isClockStopped(_ slot: Int32) -> Bool {
        var s = slot
        while s >= 0 {
            if slots[Int(s)].everTimed {
                let snap = slots[Int(s)].snapshot
                let timing = snap < 0 ? slots[Int(s)].model.layerTiming : snapshotPool[Int(snap)].layerTiming
                if timing.speed == 0 { return true }
            }
            s = slots[Int(s)].parent
        }
        return false
    }

    /// A sublayer's zPosition on the presentation at `t` (0 when it has none: it is skipped
    /// anyway), read in place when it has no animation. Lock held.
    @inline(__always)
    private func presentedZPosition(_ slot: Int32, at t: Double) -> Double {
        let i = Int(slot)
        if slots[i].animIndex < 0 {
            let snap = slots[i].snapshot
            return snap < 0 ? slots[i].model.zPosition : snapshotPool[Int(snap)].zPosition
        }
        return geometryZPosition(slot, .presentation(t)) ?? 0
    }

    /// The traversal; `root` has a presentation. Lock held.
    private func buildDrawList(
        _ root: Int32, at t: Double, scratch list: DrawList,
        emit: (DrawRecord) -> Void, close: (Int, Int) -> Void
    ) {
        list.resetScratch()
        list.work.append(DrawList.Work(slot: root, index: -1))
        var count = 0
        while let item = list.work.popLast() {
            if item.slot < 0 {
                close(item.index, count - item.index - 1)
                continue
            }
            let slot = item.slot
            guard var p = presentation(slot, at: t) else { continue }  // never committed
            if p.flag(LayerProperties.Flags.hidden) { continue }
            let parent = item.index
            let parentOpacity = parent >= 0 ? list.inherited[parent].opacity : 1
            let opacity = parentOpacity * min(max(p.opacity, 0), 1)
            if !(opacity > 0) { continue }

            // world = own · childBase(parent); for a root, own alone. One copy of the rare
            // values serves every use below.
            p.bounds = p.bounds.standardized
            let rare = p.rare
            let a = p.anchor(rare)
            let world: Transform3D
            let base = parent >= 0 ? list.inherited[parent].childBase : Transform3D.identity
            if rare.transform.isIdentity {
                world = base.pretranslated(p.position.x - a.x, p.position.y - a.y, p.zPosition - a.z)
            } else {
                world = rare.transform.pretranslated(-a.x, -a.y, -a.z)
                    .posttranslated(p.position.x, p.position.y, p.zPosition).concatenating(base)
            }

            let index = count
            let masks = p.flag(LayerProperties.Flags.masksToBounds)
            let clipIndex = parent >= 0 ? list.inherited[parent].clipIndex : -1
            let clipRect = parent >= 0 ? list.inherited[parent].clipRect : nil
            // Layer content lies at z = 0, so the third row (the image of the local z axis)
            // never matters; (0, 0, 1, 0) keeps 2D trees' matrices plain affine ones.
            var shown = world
            shown.m31 = 0; shown.m32 = 0; shown.m33 = 1; shown.m34 = 0
            let depth = parent >= 0 ? list.inherited[parent].depth + 1 : 0
            var record = DrawRecord(
                layer: handle(slot), transform: shown, bounds: p.bounds, opacity: opacity,
                backgroundColor: p.backgroundColor, cornerRadius: rare.cornerRadius,
                borderWidth: rare.borderWidth, borderColor: rare.borderColor,
                shadowColor: rare.shadowColor, shadowOpacity: rare.shadowOpacity,
                shadowOffset: rare.shadowOffset, shadowRadius: rare.shadowRadius,
                masksToBounds: masks, isDoubleSided: p.flag(LayerProperties.Flags.doubleSided),
                depth: depth, descendantCount: 0,
                clipIndex: clipIndex >= 0 ? clipIndex : nil, clipRect: clipRect)
            if slots[Int(slot)].animIndex >= 0 { record.transition = runningTransition(slot, at: t)?.state }
            emit(record)
            count += 1

            // What the sublayers inherit: flatten into this plane (zero row 3: F · world), then
            // this layer's sublayerTransform about its anchor point.
            var childBase = world
            childBase.m31 = 0; childBase.m32 = 0; childBase.m33 = 0; childBase.m34 = 0
            if let sub = p.sublayerTransformAboutAnchor(rare) { childBase = sub.concatenating(childBase) }
            var childClip = clipRect
            if masks, let box = PlaneMap(world).boundingBox(of: p.bounds) {
                if let c = childClip {
                    childClip = c.intersection(box) ?? Rect(origin: box.origin, size: .zero)
                } else {
                    childClip = box
                }
            }
            list.inherited.append(DrawList.Inherited(
                childBase: childBase, opacity: opacity, clipIndex: masks ? index : clipIndex,
                clipRect: childClip, depth: depth))

            // Close this record after its subtree, then the sublayers, first drawn on top of
            // the stack.
            list.work.append(DrawList.Work(slot: -1, index: index))
            let children = slots[Int(slot)].children
            guard !children.isEmpty else { continue }
            var uniform = true
            let z0 = presentedZPosition(children[0], at: t)
            for c in children.dropFirst() where presentedZPosition(c, at: t) != z0 {
                uniform = false
                break
            }
            if uniform {
                for c in children.reversed() { list.work.append(DrawList.Work(slot: c, index: index)) }
            } else {
                list.keys.removeAll(keepingCapacity: true)
                for i in children.indices {
                    list.keys.append(SiblingKey(z: presentedZPosition(children[i], at: t), index: i))
                }
                // Back to front is zPosition ascending, ties in sublayer order; pushed reversed.
                list.keys.sort { $0.z != $1.z ? $0.z > $1.z : $0.index > $1.index }
                for k in list.keys { list.work.append(DrawList.Work(slot: children[k.index], index: index)) }
            }
        }
    }
}
