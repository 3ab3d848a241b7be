// SPDX-License-Identifier: Apache-2.0
// Storage for one layer's property values. The properties nearly every layer sets sit inline;
// the rest live in a copy-on-write box that idle layers share with nobody and most never
// allocate, which keeps an idle layer well under the per-layer memory target (docs/architecture.md).

/// Rarely set properties, boxed (copy-on-write) out of the inline storage.
struct RareProperties: Sendable {
    var anchorPointZ: Double = 0
    var transform: Transform3D = .identity
    var sublayerTransform: Transform3D = .identity
    var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: Double = 1
    var cornerRadius: Double = 0
    var borderWidth: Double = 0
    var borderColor: Color? = .black
    var shadowColor: Color? = .black
    var shadowOpacity: Double = 0
    var shadowOffset = Size(width: 0, height: -3)
    var shadowRadius: Double = 3
    var rasterizationScale: Double = 1
    var name: String? = nil
    /// The layer's media timing (CA-5.11).
    var beginTime: Double = 0
    var speed: Double = 1
    var timeOffset: Double = 0
    var duration: Double = 0
    var repeatCount: Double = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillMode: FillMode = .removed
    /// Custom properties that differ from their registered default, and the kind-specific
    /// properties (shape, gradient, replicator) that were set, by PropertyID: sorted by id
    /// (PropertyValues.swift), read without hashing.
    var custom = PropertyValues()
    /// Contents and the rest of the renderer-facing look (LayerProperties+Contents.swift).
    var look = LookProperties()
}

/// Copy-on-write: mutated only while uniquely referenced, so shared copies never change and
/// may cross threads.
final class RareBox: @unchecked Sendable {
    var value: RareProperties
    init(_ value: RareProperties) { self.value = value }
}

/// All property values of a layer (model, committed or presented).
struct LayerProperties: Sendable {
    var bounds: Rect = .zero
    var position: Point = .zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var zPosition: Double = 0
    var opacity: Double = 1
    var backgroundColor: Color? = nil
    var flags: UInt8 = Flags.doubleSided | Flags.allowsGroupOpacity | Flags.allowsEdgeAntialiasing
    private var rareBox: RareBox? = nil

    enum Flags {
        static let hidden: UInt8 = 1 << 0
        static let doubleSided: UInt8 = 1 << 1
        static let masksToBounds: UInt8 = 1 << 2
        static let shouldRasterize: UInt8 = 1 << 3
        static let allowsGroupOpacity: UInt8 = 1 << 4
        static let geometryFlipped: UInt8 = 1 << 5
        static let allowsEdgeAntialiasing: UInt8 = 1 << 6
        static let opaque: UInt8 = 1 << 7
    }

    private static let defaultRare = RareProperties()
    /// The defaults, boxed once and never written: what a layer without a box reads.
    private static let defaultBox = RareBox(RareProperties())

    /// The box to read the rare properties from without copying them: the layer's own, or the
    /// shared box of defaults. Never write through it (writes go through `rare`). A read of a
    /// field is a load; reading `rare` on a layer without a box used to copy the ~400-byte
    /// default into a heap-allocated coroutine frame (docs/architecture.md).
    @inline(__always)
    var rareStorage: RareBox { rareBox ?? Self.defaultBox }

    /// Whether the layer has its own box (without one, every rare value is its default).
    @inline(__always)
    var hasRare: Bool { rareBox != nil }

    /// ``rareStorage`` of the values at `p`, read in place (a method call on `p.pointee` would
    /// copy the whole struct first).
    @inline(__always)
    static func rareStorage(_ p: UnsafePointer<LayerProperties>) -> RareBox { p.pointee.rareBox ?? defaultBox }

    /// The shared box of defaults (``rareStorage`` of a layer without a box), for a loop to
    /// load once.
    static var sharedDefaultBox: RareBox { defaultBox }

    /// ``rareStorage`` of the values at `p`, unretained, with the box of defaults already
    /// loaded: for a reader that holds the lock across its use (the draw list), where a retain
    /// and release per layer are two atomic operations.
    @inline(__always)
    static func rareStorage(
        _ p: UnsafePointer<LayerProperties>, default box: Unmanaged<RareBox>
    ) -> Unmanaged<RareBox> {
        if let b = p.pointee.rareBox { return Unmanaged.passUnretained(b) }
        return box
    }

    /// ``hasRare`` of the values at `p`, read in place.
    @inline(__always)
    static func hasRare(_ p: UnsafePointer<LayerProperties>) -> Bool { p.pointee.rareBox != nil }

    /// Copies `*src` into uninitialised (or box-free, trivially overwritable) memory at `dst`:
    /// the bytes, then one retain of the rare box when there is one. The rare box is the
    /// struct's only reference, so this is exactly a Swift copy, without the generic
    /// value-witness copy (issue 12: it was ~250 instructions of a layer's first change in a
    /// transaction). `SnapshotCopyTests` pins the single-reference layout this relies on.
    @inline(__always)
    static func copy(
        _ src: UnsafePointer<LayerProperties>, intoUninitialized dst: UnsafeMutablePointer<LayerProperties>
    ) {
        UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: MemoryLayout<LayerProperties>.size)
        if let box = src.pointee.rareBox { _ = Unmanaged.passUnretained(box).retain() }
    }

    /// The boxed properties. Borrowed, not copied: a read of one field (`rare.cornerRadius`)
    /// or a write (`rare.cornerRadius = 4`) touches the box in place, copying it only when it
    /// is shared (copy-on-write) or allocating it on the first write.
    var rare: RareProperties {
        _read { yield rareStorage.value }
        _modify {
            if rareBox == nil {
                rareBox = RareBox(Self.defaultRare)
            } else if !isKnownUniquelyReferenced(&rareBox) {
                rareBox = RareBox(rareBox!.value)
            }
            yield &rareBox!.value
        }
    }

    /// The layer's rare box when nothing else holds it, taken out (the layer is left without
    /// one): for ``prepareRareWrite(reusing:)`` to reuse once the layer is overwritten.
    @inline(__always)
    mutating func takeUniqueRareBox() -> RareBox? {
        guard rareBox != nil, isKnownUniquelyReferenced(&rareBox) else { return nil }
        let box = rareBox
        rareBox = nil
        return box
    }

    /// Before writes to the rare properties of a layer whose box is shared (a presentation
    /// assigned from the committed values): gives it a box of its own by writing the shared
    /// box's values into `spare` (taken; left nil), its table's entries in place when they
    /// hold the same ids, instead of the copy-on-write's new box and new table, and the free
    /// of last layer's (issue 28: an allocation and a free of each per animated layer and
    /// frame). The values are unchanged; nothing happens without a spare, without a box, or
    /// with a box of the layer's own.
    mutating func prepareRareWrite(reusing spare: inout RareBox?) {
        guard spare != nil, rareBox != nil, !isKnownUniquelyReferenced(&rareBox) else { return }
        let box = spare.unsafelyUnwrapped
        spare = nil
        // The spare's table, moved out so that it stays unshared while the values are copied.
        var table = PropertyValues()
        swap(&table, &box.value.custom)
        // Assigned field by field in place: no temporary copy of the whole struct on the way.
        let source = rareBox.unsafelyUnwrapped
        withUnsafeMutablePointer(to: &box.value) { dst in
            withUnsafeMutablePointer(to: &source.value) { src in dst.update(from: src, count: 1) }
        }
        table.assignValues(from: box.value.custom)
        box.value.custom = table
        rareBox = box
    }

    /// A copy of the boxed properties through a plain return, not the `rare` coroutine (whose
    /// frame for a struct this size is heap-allocated): for the draw list, which reads many
    /// fields of every layer.
    @inline(__always)
    func rareCopy() -> RareProperties {
        if let box = rareBox { return box.value }
        return Self.defaultRare
    }

    @inline(__always)
    func flag(_ bit: UInt8) -> Bool { flags & bit != 0 }

    /// The layer's media timing, mapping its superlayer's time to its own (CA-5.2, CA-5.11).
    var layerTiming: MediaTiming {
        let r = rare
        return MediaTiming(
            beginTime: r.beginTime, duration: r.duration, speed: r.speed, timeOffset: r.timeOffset,
            repeatCount: r.repeatCount, repeatDuration: r.repeatDuration, autoreverses: r.autoreverses,
            fillMode: r.fillMode)
    }

    /// ``layerTiming`` of the values at `p`, read in place: eight loads from the layer's box
    /// (or the defaults without one), no copy of the layer's values or of the box's. Every
    /// explicit animation's tick and draw-list read maps its layer's time through this
    /// (`Engine.layerLocalTime`), where the getter's copy of the whole box cost ~100
    /// instructions per timed ancestor.
    @inline(__always)
    static func layerTiming(_ p: UnsafePointer<LayerProperties>) -> MediaTiming {
        guard let box = p.pointee.rareBox else { return MediaTiming() }
        return Unmanaged.passUnretained(box)._withUnsafeGuaranteedRef { b in
            MediaTiming(
                beginTime: b.value.beginTime, duration: b.value.duration, speed: b.value.speed,
                timeOffset: b.value.timeOffset, repeatCount: b.value.repeatCount,
                repeatDuration: b.value.repeatDuration, autoreverses: b.value.autoreverses,
                fillMode: b.value.fillMode)
        }
    }

    /// Whether the layer's time differs from its superlayer's.
    var isTimed: Bool {
        guard let r = rareBox?.value else { return false }
        return r.beginTime != 0 || r.speed != 1 || r.timeOffset != 0 || r.duration != 0
            || r.repeatCount != 0 || r.repeatDuration != 0 || r.autoreverses || r.fillMode != .removed
    }

    @inline(__always)
    mutating func setFlag(_ bit: UInt8, _ on: Bool) {
        flags = on ? flags | bit : flags & ~bit
    }

    /// Reads a property as a ``Value``; custom properties fall back to `customDefault`.
    func get(_ id: PropertyID, customDefault: Value = .null) -> Value {
        switch id {
        case .bounds: return .rect(bounds)
        case .position: return .point(position)
        case .zPosition: return .number(zPosition)
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointZ: return .number(rare.anchorPointZ)
        case .transform: return .transform(rare.transform)
        case .sublayerTransform: return .transform(rare.sublayerTransform)
        case .hidden: return .bool(flag(Flags.hidden))
        case .doubleSided: return .bool(flag(Flags.doubleSided))
        case .masksToBounds: return .bool(flag(Flags.masksToBounds))
        case .contentsRect: return .rect(rare.contentsRect)
        case .contentsCenter: return .rect(rare.contentsCenter)
        case .contentsScale: return .number(rare.contentsScale)
        case .backgroundColor: return backgroundColor.map(Value.color) ?? .null
        case .cornerRadius: return .number(rare.cornerRadius)
        case .borderWidth: return .number(rare.borderWidth)
        case .borderColor: return rare.borderColor.map(Value.color) ?? .null
        case .opacity: return .number(opacity)
        case .shadowColor: return rare.shadowColor.map(Value.color) ?? .null
        case .shadowOpacity: return .number(rare.shadowOpacity)
        case .shadowOffset: return .size(rare.shadowOffset)
        case .shadowRadius: return .number(rare.shadowRadius)
        case .shouldRasterize: return .bool(flag(Flags.shouldRasterize))
        case .rasterizationScale: return .number(rare.rasterizationScale)
        case .name: return rare.name.map(Value.string) ?? .null
        case .beginTime: return .number(rare.beginTime)
        case .speed: return .number(rare.speed)
        case .timeOffset: return .number(rare.timeOffset)
        case .duration: return .number(rare.duration)
        case .repeatCount: return .number(rare.repeatCount)
        case .repeatDuration: return .number(rare.repeatDuration)
        case .autoreverses: return .bool(rare.autoreverses)
        case .fillMode: return .string(rare.fillMode.name)
        default:
            if let v = getLook(id) { return v }
            if id.isKindSpecific {
                // A kind's properties (issue 15) live in the same table as custom ones, by id.
                return rareBox?.value.custom[id.rawValue] ?? Builtins.table[Int(id.rawValue)].defaultValue
            }
            return rareBox?.value.custom[id.rawValue] ?? customDefault
        }
    }

    /// Writes a property. The caller has checked the value's type against the property's.
    mutating func set(_ id: PropertyID, _ value: Value) {
        switch (id, value) {
        case let (.bounds, .rect(v)): bounds = v
        case let (.position, .point(v)): position = v
        case let (.zPosition, .number(v)): zPosition = v
        case let (.anchorPoint, .point(v)): anchorPoint = v
        case let (.anchorPointZ, .number(v)): rare.anchorPointZ = v
        case let (.transform, .transform(v)): rare.transform = v
        case let (.sublayerTransform, .transform(v)): rare.sublayerTransform = v
        case let (.hidden, .bool(v)): setFlag(Flags.hidden, v)
        case let (.doubleSided, .bool(v)): setFlag(Flags.doubleSided, v)
        case let (.masksToBounds, .bool(v)): setFlag(Flags.masksToBounds, v)
        case let (.contentsRect, .rect(v)): rare.contentsRect = v
        case let (.contentsCenter, .rect(v)): rare.contentsCenter = v
        case let (.contentsScale, .number(v)): rare.contentsScale = v
        case let (.backgroundColor, .color(v)): backgroundColor = v
        case (.backgroundColor, .null): backgroundColor = nil
        case let (.cornerRadius, .number(v)): rare.cornerRadius = v
        case let (.borderWidth, .number(v)): rare.borderWidth = v
        case let (.borderColor, .color(v)): rare.borderColor = v
        case (.borderColor, .null): rare.borderColor = nil
        case let (.opacity, .number(v)): opacity = v
        case let (.shadowColor, .color(v)): rare.shadowColor = v
        case (.shadowColor, .null): rare.shadowColor = nil
        case let (.shadowOpacity, .number(v)): rare.shadowOpacity = v
        case let (.shadowOffset, .size(v)): rare.shadowOffset = v
        case let (.shadowRadius, .number(v)): rare.shadowRadius = v
        case let (.shouldRasterize, .bool(v)): setFlag(Flags.shouldRasterize, v)
        case let (.rasterizationScale, .number(v)): rare.rasterizationScale = v
        case let (.name, .string(v)): rare.name = v
        case (.name, .null): rare.name = nil
        case let (.beginTime, .number(v)): rare.beginTime = v
        case let (.speed, .number(v)): rare.speed = v
        case let (.timeOffset, .number(v)): rare.timeOffset = v
        case let (.duration, .number(v)): rare.duration = v
        case let (.repeatCount, .number(v)): rare.repeatCount = v
        case let (.repeatDuration, .number(v)): rare.repeatDuration = v
        case let (.autoreverses, .bool(v)): rare.autoreverses = v
        case let (.fillMode, .string(v)): rare.fillMode = FillMode(name: v) ?? .removed
        default:
            if setLook(id, value) { return }
            if id.isCustom || id.isKindSpecific { rare.custom[id.rawValue] = value }
        }
    }
}
