// SPDX-License-Identifier: Apache-2.0
// The draw list's records (R14; docs/draw-records.md is the contract): one layer as a renderer
// draws it, the reusable list that holds them, and the fill of a list from a walk
// (Engine+DrawList.swift builds them).

/// One layer as a renderer draws it at a given time: everything needed to paint its shadow,
/// background, contents and border, the clip and mask it is drawn under, and the offscreen
/// group it draws into, placed in root space (docs/draw-records.md is the contract; R14).
///
/// Records come in painter's order (back to front): a layer before its sublayers, sublayers
/// by zPosition and then in sublayer order (a stable sort), each layer's subtree contiguous right
/// after it. A masked layer's mask subtree follows the masked layer's own subtree, its records
/// marked ``isMaskContent``.
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
    /// Whether the layer clips its contents, shadow and sublayers to its bounds shape (corner
    /// radius, masked corners, corner curve; RS-5.4, RS-3.7).
    public var masksToBounds: Bool
    /// Whether the back side shows when the layer faces away (default true); a renderer culls
    /// the back face of a layer with false.
    public var isDoubleSided: Bool
    /// Whether the record is drawn inside a replicator instance (RS-13.1): its side data (a
    /// shape's path, a gradient's stops) may be the same arrays as other records', which the C
    /// draw list writes once per list; a record outside replicators has its path to itself, and
    /// the C list keeps its copy from list to list while it does not change (issue 28).
    /// Declared here, in the padding before ``depth``: the record's size, which the damage
    /// tracker's byte comparison walks, stays as it was.
    package var isReplicated = false
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
    /// not rotated (``clipIsRect`` says when it is exact). The record's own masksToBounds is not
    /// in it: the renderer applies that to the record's own contents and shadow and to its
    /// subtree.
    public var clipRect: Rect?
    /// The transition running on the layer at the list's time (CA-10.1–10.4), or nil. The
    /// record's values are the new state; ``Layer/transition(at:)`` gives the old one, so
    /// a renderer can composite both.
    public var transition: TransitionState? = nil

    // MARK: Issue 10: contents, corners, clips, masks, groups (docs/draw-records.md)

    /// The image to draw (RS-4.1), or nil.
    public var contents: Image? = nil
    /// While `contents` cross-fades (RS-4.8): the image it fades from, or nil.
    public var contentsPrevious: Image? = nil
    /// The cross-fade progress: the weight of ``contents``; ``contentsPrevious`` gets
    /// 1 − this (RS-4.8 (a), a premultiplied lerp). 1 when no fade runs.
    public var contentsFade: Double = 1
    /// Where the contents go, in layer space (RS-4.3): D computed from the gravity, the
    /// contentsRect's share of the image and contentsScale.
    public var contentsDestination: Rect = .zero
    /// D for ``contentsPrevious`` (its size may differ).
    public var contentsPreviousDestination: Rect = .zero
    /// The gravity (RS-4.3).
    public var contentsGravity: ContentsGravity = .resize
    /// The part of the image to show, in unit coordinates, y = 0 the image's top row (RS-4.2).
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The nine-slice centre, in unit coordinates of the contentsRect sub-image (RS-4.6).
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point (RS-4.1).
    public var contentsScale: Double = 1
    /// The sampling filters and LOD bias (RS-4.7).
    public var minificationFilter: ContentsFilter = .linear
    /// See ``minificationFilter``.
    public var magnificationFilter: ContentsFilter = .linear
    /// See ``minificationFilter``.
    public var minificationFilterBias: Double = 0
    /// Whether an odd number of ancestors flip their geometry (RS-4.5): local +y then points up
    /// on screen, and the image (always upright) has its row 0 at D's maxY.
    public var contentsAreFlipped = false
    /// The rounded corners (RS-1.5): bit 1 MinXMinY, 2 MaxXMinY, 4 MinXMaxY, 8 MaxXMaxY.
    public var maskedCorners: UInt8 = 15
    /// The corner shape (RS-1.6, RS-1.7).
    public var cornerCurve: CornerCurve = .circular
    /// The shadow's shape in layer space (RS-3.4), or nil: the shadow of the composited alpha.
    public var shadowPath: Path? = nil
    /// Whether ``clipRect`` is the exact clip (every clipping ancestor is axis-aligned in root
    /// space with no visible rounding), so a scissor suffices (RS-5.5).
    public var clipIsRect = true
    /// How the mask gates the layer (R16.9); read only when ``maskIndex`` is set.
    public var maskMode: MaskMode = .alpha
    /// The first record of this layer's mask subtree (RS-5.1), or nil when it has no mask.
    public var maskIndex: Int? = nil
    /// How many records the mask subtree has (0: the mask draws nothing, so nothing shows).
    public var maskCount = 0
    /// Whether this record belongs to a mask subtree: draw it only into its host's mask.
    public var isMaskContent = false
    /// For mask content: the record index of the masked layer.
    public var maskHostIndex: Int? = nil
    /// Whether the layer and its subtree draw into an offscreen target composited once
    /// (group opacity RS-2.2, a mask RS-5.6, or shouldRasterize RS-11.3).
    public var isGroup = false
    /// The group whose target this record composites into: its own parts (and, for a group,
    /// its finished target) go there; nil is the screen (or, for mask content, the host's mask).
    public var groupIndex: Int? = nil
    /// The alpha for this record's own parts in its target (for a group: 1, inside its own
    /// target): the product of opacities below the enclosing group.
    public var targetOpacity: Double = 1
    /// For a group: the alpha its finished target composites with into ``groupIndex``'s target.
    public var groupOpacity: Double = 1
    /// geometryFlipped (RS-4.5): its sublayers' y axis is flipped (already in their transforms).
    public var isGeometryFlipped = false
    /// isOpaque: a hint that the contents cover the bounds (a renderer may skip blending).
    public var isOpaque = false
    /// allowsEdgeAntialiasing (RS-11.2; on by default, docs/decisions.md).
    public var allowsEdgeAntialiasing = true
    /// edgeAntialiasingMask (RS-11.1): 1 minX, 2 maxX, 4 minY, 8 maxY.
    public var edgeAntialiasingMask: UInt8 = 15
    /// shouldRasterize and rasterizationScale (RS-11.3).
    public var shouldRasterize = false
    /// See ``shouldRasterize``.
    public var rasterizationScale: Double = 1
    /// While a transition runs: the layer's whole appearance before it (every drawn field,
    /// contents included, same space), so a renderer can draw the old and new side by side;
    /// with its sublayers' subtrees as they were (``DrawRecordBox/sublayers``, CA-10.2).
    public var transitionBefore: DrawRecordBox? = nil

    // MARK: Issue 15: layer kinds (docs/draw-records.md)

    /// The layer's kind.
    public var kind: LayerKind = .plain
    /// Which instance of the nearest replicator ancestor this record belongs to (RS-13.1): 0
    /// without one.
    public var instanceIndex: Int = 0
    /// The colour every colour this record draws is multiplied by, component by component
    /// (background, border, shadow, contents samples, shape, gradient; RS-13.3): the product of
    /// the instance colours of its replicator ancestors, opaque white without one. Straight RGBA.
    public var instanceColor: Color = .white
    /// A shape layer's path and how to paint it (RS-8), or nil (not a shape layer, or no path).
    public var shape: DrawShape? = nil
    /// A gradient layer's gradient (RS-9), or nil (not a gradient layer, or it draws nothing,
    /// RS-9.3).
    public var gradient: DrawGradient? = nil
    /// A text layer's laid-out text (R15.5), or nil (not a text layer).
    public var text: DrawText? = nil
    /// The layer's filters, background filters and blend mode (R19; docs/draw-records.md
    /// section 18), or nil when it has none (nearly every record).
    public var filters: DrawFilters? = nil
    /// Whether ``filters`` is set: a flag to test instead of the optional, which copies.
    package var hasFilters = false
    /// Whether the filters make the record a group (filters or a blend mode, R19.2, R19.3).
    package var filtersMakeGroup = false
    /// Whether one of the fields the traversal sets on few records (``transition``,
    /// ``transitionBefore``, ``contentsPrevious`` with its fade and destination, ``maskIndex``
    /// and ``maskCount``) may differ from its default: the record fill resets them only then,
    /// one test for nearly every record instead of seven fields (issue 29).
    package var hasTransient = false

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

extension DrawRecord {
    /// A record of zeros, for the traversal to overwrite.
    static var blank: DrawRecord {
        DrawRecord(
            layer: LayerID(rawValue: 0), transform: .identity, bounds: .zero, opacity: 0,
            backgroundColor: nil, cornerRadius: 0, borderWidth: 0, borderColor: nil, shadowColor: nil,
            shadowOpacity: 0, shadowOffset: Size(width: 0, height: 0), shadowRadius: 0,
            masksToBounds: false, isDoubleSided: true, depth: 0, descendantCount: 0, clipIndex: nil,
            clipRect: nil)
    }
}

/// A transition's before-appearance, boxed so that ``DrawRecord`` stays a plain value: the
/// layer's record and its whole subtree's as it was drawn when the transition was added
/// (CA-10.2, docs/draw-records.md section 12).
public final class DrawRecordBox: Hashable, Sendable {
    /// The layer's record before the transition (its ``DrawRecord/descendantCount`` is
    /// `sublayers.count`).
    public let record: DrawRecord
    /// The records of the layer's sublayers' subtrees before the transition, in painter's
    /// order, in the list's root space, as if they replaced the layer's subtree in the list:
    /// `sublayers[k]` stands at the layer's index + 1 + k, and their indices (clip, group, mask)
    /// count that way. Empty for a layer that had no sublayers drawn. They carry no transitions.
    public let sublayers: [DrawRecord]
    /// Boxes a record and its sublayers' before records.
    public init(_ record: DrawRecord, sublayers: [DrawRecord] = []) {
        var r = record
        r.descendantCount = sublayers.count
        self.record = r
        self.sublayers = sublayers
    }
    /// Equal when the records are.
    public static func == (a: DrawRecordBox, b: DrawRecordBox) -> Bool {
        a.record == b.record && a.sublayers == b.sublayers
    }
    /// Hashes the records.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(record)
        hasher.combine(sublayers)
    }
}

/// What the traversal tells its consumer about a record already emitted.
package enum DrawRecordPatch {
    /// The subtree is done: this many records after it are its descendants.
    case descendants(Int)
    /// The layer's mask subtree starts at `index` and has `count` records.
    case mask(index: Int, count: Int)
}

/// A reusable draw list: pass the same one to ``Engine/drawList(root:at:into:)`` every frame
/// and, once its buffers have grown, building it allocates nothing (docs/architecture.md).
///
/// Not thread-safe: use one per renderer thread. Reading ``records`` returns the array itself
/// (copy-on-write); a copy kept across the next update makes that update allocate a new buffer,
/// so keep ``withUnsafeRecords(_:)`` or indices instead when it matters.
public final class DrawList {
    /// The records of the last update, in painter's order.
    public internal(set) var records: [DrawRecord] = []

    /// Per record: what its sublayers inherit.
    struct Inherited {
        /// sub(P) · flip(P) · F · world(P): a sublayer's world transform is own(sublayer) · this.
        var childBase: Transform3D
        var opacity: Double
        /// The opacity product below the target group (what a sublayer multiplies into).
        var chain: Double
        var target: Int
        var clipIndex: Int
        var clipRect: Rect?
        var clipIsRect: Bool
        /// The replicator instance the sublayers belong to (an index in `instances`), or -1
        /// outside every replicator: plain trees pay four bytes (in padding), not the state.
        var instance: Int32 = -1
        var depth: Int
        /// Whether the sublayers' y runs up on screen (odd flips above them and in P).
        var flipped: Bool
        /// The same for P's own plane (where a mask of P is laid out).
        var ownFlipped: Bool
        var inMask: Bool
        var maskHost: Int
    }

    /// A placeholder for the draw-list root, which inherits nothing (its fields are not read).
    static let rootInherited = Inherited(
        childBase: .identity, opacity: 1, chain: 1, target: -1, clipIndex: -1, clipRect: nil, clipIsRect: true,
        instance: -1, depth: -1, flipped: false, ownFlipped: false, inMask: false, maskHost: -1)

    /// A replicator instance's state (RS-13), shared by the records inside it.
    struct InstanceState {
        /// How much earlier than the list's time the instance's sublayers are evaluated: the
        /// sum of k · instanceDelay over the replicator instances above them (RS-13.4).
        var timeShift: Double
        /// The instance of the nearest replicator ancestor (RS-13.1).
        var index: Int
        /// The product of the replicator instance colours above (RS-13.3).
        var color: Color
    }

    struct Work {
        /// The layer to enter; -1 closes the record `index`; -2 enters the mask of the record
        /// `index` (its slot in `mask`); -3 closes that mask.
        var slot: Int32
        /// The index in `inherited` of what this layer inherits (its superlayer's state, or for
        /// a replicator's sublayer that of its instance, RS-13), or -1 for the root. For a
        /// mask item: the host's own entry. Next to `slot`, in what was padding (24 bytes).
        var inherit: Int32
        /// The parent's record index (-1 for the root), or the record to close.
        var index: Int
        /// For a mask item: the mask's slot, or its first record. For a layer: -1; -4 for a mask
        /// root; `siblingsFollow` when the layer's later siblings come after its subtree.
        var mask: Int32
        /// For a mask: its index in `maskBases` (F · world of the host, RS-5.2).
        var maskBase: Int32

        /// `mask` of a layer item whose next sibling is pushed when the item is entered, so that
        /// it follows the layer's subtree: sublayers in sublayer order need no walk to push them
        /// all, and the stack stays as deep as the tree, not as wide (`pushSublayers`).
        static let siblingsFollow: Int32 = -5

        init(slot: Int32, index: Int, mask: Int32 = -1, maskBase: Int32 = -1, inherit: Int32 = -1) {
            self.slot = slot
            self.inherit = inherit
            self.index = index
            self.mask = mask
            self.maskBase = maskBase
        }
    }

    /// Plain buffers, like `work`: an array in a class cost a uniqueness check per append and
    /// a generic `removeAll` per list (issue 28: ~300 instructions a list for a small tree).
    /// An array, not a plain buffer: the walk reads an entry per record, and a read of a
    /// noncopyable buffer held by a class borrows it through an accessor (issue 28: ~45
    /// instructions a record more in a 2,000-layer list).
    var inherited: [Inherited] = []
    /// Beside `inherited` (the same index), while the engine has timed layers: P's local time
    /// (CA-5.2), the parent time of its sublayers and its mask (for a replicator instance, P's
    /// local time at the instance's engine time, RS-13.4), so that a layer's local time is one
    /// step from it (``Engine/layerLocalTime(_:parentTime:)``), not a walk up to the root per
    /// animated layer (issue 28). Apart from `inherited`, so that trees without timed layers
    /// copy nothing more per record.
    var times = PlainStack<Double>()
    /// The traversal's stack: a plain buffer (no uniqueness check per push and pop, which a
    /// Swift array in a class costs).
    var work = PlainStack<Work>()
    var maskBases = PlainStack<Transform3D>()
    var keys: [SiblingKey] = []
    var instances = PlainStack<InstanceState>()
    /// Per record index, the shape record last made there from a layer's stored values and the
    /// values it was made from (issue 28): a record whose layer shows the same values array
    /// gets the same shape without ``DrawShape/make(_:)``. Holding the array keeps it
    /// unchanged (a write to a shared array copies it first) and its address unused by any
    /// other array, so the same address means the same values. Only values stored in a layer
    /// (or its snapshot) are memoised, never an animated layer's presentation: holding that
    /// would make the tick copy the sample it blends over (a morphing path) every frame. The
    /// shape is lent to the record (swapped in, then back once the record is emitted), not
    /// copied: a copy and the destruction of the record's last one cost ~150 instructions. An
    /// index whose record is no longer a stored shape keeps its entry (and holds its values)
    /// until it draws one again or the list ends before it (`trimShapeMemos(to:)`).
    private var shapeMemos: [ShapeMemo] = []

    /// One entry of `shapeMemos`.
    private struct ShapeMemo {
        var values = PropertyValues()
        var shape: DrawShape? = nil
        /// Whether `shape` was made from `values` (a fresh entry has made nothing).
        var made = false
    }

    /// How many shapes ``lendShape(of:at:to:)`` took from the memo (tests check that the
    /// memoised path ran).
    package private(set) var shapeMemoHits = 0

    /// Puts `DrawShape.make(values)` in `shape`, record `index`'s: the memo's shape for that
    /// index when it was made from the same stored values array, else one made now and kept
    /// there. Swapped in: `shape`'s old value waits in the memo until ``returnShape(from:at:)``
    /// swaps it back, which must come before anything else of the memo is used. Equal to
    /// `DrawShape.make(values)` (`ShapeMemoTests`).
    @inline(__always)
    func lendShape(of values: PropertyValues, at index: Int, to shape: inout DrawShape?) {
        if index >= shapeMemos.count {
            shapeMemos.append(contentsOf: repeatElement(ShapeMemo(), count: index + 1 - shapeMemos.count))
        }
        shapeMemos.withUnsafeMutableBufferPointer { buf in
            let m = buf.baseAddress! + index
            if m.pointee.made, m.pointee.values.sharesStorage(with: values) {
                shapeMemoHits &+= 1
            } else {
                Self.remember(values, in: m)
            }
            swap(&shape, &m.pointee.shape)
        }
    }

    /// The memo's miss (see ``lendShape(of:at:to:)``): makes the shape and keeps it with its
    /// values for the next list.
    @inline(never)
    private static func remember(_ values: PropertyValues, in m: UnsafeMutablePointer<ShapeMemo>) {
        m.pointee = ShapeMemo(values: values, shape: DrawShape.make(values), made: true)
    }

    /// Swaps the shape ``lendShape(of:at:to:)`` lent to record `index` back into the memo.
    @inline(__always)
    func returnShape(from shape: inout DrawShape?, at index: Int) {
        shapeMemos.withUnsafeMutableBufferPointer { buf in swap(&shape, &buf[index].shape) }
    }

    /// Lets go of the memo entries from record `count` on (records this list did not reach):
    /// no layer's values are held past the list that last drew them there.
    func trimShapeMemos(to count: Int) {
        if shapeMemos.count > count { shapeMemos.removeLast(shapeMemos.count - count) }
    }

    /// Where the traversal puts the presentation of an animated layer (one at a time).
    let presentationScratch: UnsafeMutablePointer<LayerProperties> = {
        let p = UnsafeMutablePointer<LayerProperties>.allocate(capacity: 1)
        p.initialize(to: LayerProperties())
        return p
    }()

    /// An empty draw list.
    public init() {}

    deinit {
        presentationScratch.deinitialize(count: 1)
        presentationScratch.deallocate()
    }

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
        times.removeAllKeepingCapacity()
        work.removeAllKeepingCapacity()
        maskBases.removeAllKeepingCapacity()
        instances.removeAllKeepingCapacity()
    }
}

/// A walk's `emit` and `patch` filling a ``DrawList``'s records: the first record emitted
/// replaces the old ones (a walk that throws emits nothing and leaves them as they were), each
/// is appended, and a patch completes one already emitted.
struct DrawListFill {
    let list: DrawList
    /// Whether a record came (the old records are gone).
    private(set) var cleared = false

    init(list: DrawList) { self.list = list }

    @inline(__always)
    mutating func emit(_ record: UnsafePointer<DrawRecord>) {
        if !cleared {
            list.records.removeAll(keepingCapacity: true)
            cleared = true
        }
        list.records.append(record.pointee)
    }

    @inline(__always)
    func patch(_ index: Int, _ patch: DrawRecordPatch) {
        switch patch {
        case .descendants(let n): list.records[index].descendantCount = n
        case .mask(let i, let n): list.records[index].maskIndex = i; list.records[index].maskCount = n
        }
    }
}
