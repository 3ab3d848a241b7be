// SPDX-License-Identifier: Apache-2.0
// Property names, their types and defaults (CA-3.12, CA-13), and key paths into structs
// (CA-7.6). Parsing happens once per API call; the engine works with PropertyID values.

/// Identifies a layer property: a built-in one or a custom one registered with the engine.
package struct PropertyID: Hashable, Sendable, RawRepresentable {
    /// Built-ins are 0..<builtinCount; custom properties start at ``customBase``.
    public let rawValue: UInt16
    /// Creates an identifier from its raw value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    static let customBase: UInt16 = 256

    public static let bounds = PropertyID(rawValue: 0)
    public static let position = PropertyID(rawValue: 1)
    public static let zPosition = PropertyID(rawValue: 2)
    public static let anchorPoint = PropertyID(rawValue: 3)
    public static let anchorPointZ = PropertyID(rawValue: 4)
    public static let transform = PropertyID(rawValue: 5)
    public static let sublayerTransform = PropertyID(rawValue: 6)
    public static let hidden = PropertyID(rawValue: 7)
    public static let doubleSided = PropertyID(rawValue: 8)
    public static let masksToBounds = PropertyID(rawValue: 9)
    public static let contentsRect = PropertyID(rawValue: 10)
    public static let contentsCenter = PropertyID(rawValue: 11)
    public static let contentsScale = PropertyID(rawValue: 12)
    public static let backgroundColor = PropertyID(rawValue: 13)
    public static let cornerRadius = PropertyID(rawValue: 14)
    public static let borderWidth = PropertyID(rawValue: 15)
    public static let borderColor = PropertyID(rawValue: 16)
    public static let opacity = PropertyID(rawValue: 17)
    public static let shadowColor = PropertyID(rawValue: 18)
    public static let shadowOpacity = PropertyID(rawValue: 19)
    public static let shadowOffset = PropertyID(rawValue: 20)
    public static let shadowRadius = PropertyID(rawValue: 21)
    public static let shouldRasterize = PropertyID(rawValue: 22)
    public static let rasterizationScale = PropertyID(rawValue: 23)
    public static let name = PropertyID(rawValue: 24)
    /// A layer's media timing (CA-5.11): where its local time starts, in its superlayer's time.
    public static let beginTime = PropertyID(rawValue: 25)
    /// A layer's media timing: how fast its local time runs (0 pauses it, CA-5.12).
    public static let speed = PropertyID(rawValue: 26)
    /// A layer's media timing: an offset added to its local time.
    public static let timeOffset = PropertyID(rawValue: 27)
    // The rest of CAMediaTiming on layers (CA-5.11, CA-13.6; issue 8 item 7).
    /// A layer's media timing: the length of one cycle of its time space; 0 (the default) for
    /// a time space that never ends or repeats.
    public static let duration = PropertyID(rawValue: 28)
    /// A layer's media timing: how many cycles its time space plays (with a duration).
    public static let repeatCount = PropertyID(rawValue: 29)
    /// A layer's media timing: how long its time space repeats (with a duration).
    public static let repeatDuration = PropertyID(rawValue: 30)
    /// A layer's media timing: whether each cycle plays forwards then backwards.
    public static let autoreverses = PropertyID(rawValue: 31)
    /// A layer's media timing: "removed", "forwards", "backwards" or "both" (CA-5.9).
    public static let fillMode = PropertyID(rawValue: 32)

    /// The layer's image (RS-4.1): an ``Image`` or nil. Changes cross-fade (RS-4.8).
    public static let contents = PropertyID(rawValue: 33)
    /// Where the contents go in the bounds (RS-4.3): one of ``ContentsGravity``'s names.
    public static let contentsGravity = PropertyID(rawValue: 34)
    /// The sampling filter when the contents shrink (RS-4.7): "linear", "nearest", "trilinear".
    public static let minificationFilter = PropertyID(rawValue: 35)
    /// The sampling filter when the contents grow (RS-4.7).
    public static let magnificationFilter = PropertyID(rawValue: 36)
    /// The level-of-detail bias for minification (RS-4.7).
    public static let minificationFilterBias = PropertyID(rawValue: 37)
    /// Which corners cornerRadius rounds (RS-1.5): a bit mask, 0…15, default 15.
    public static let maskedCorners = PropertyID(rawValue: 38)
    /// The corner shape (RS-1.6): "circular" or "continuous".
    public static let cornerCurve = PropertyID(rawValue: 39)
    /// The shadow's shape (RS-3.4): a ``Path`` or nil (the layer's alpha).
    public static let shadowPath = PropertyID(rawValue: 40)
    /// Whether opacity < 1 composites the subtree as a group (RS-2.2); default true.
    public static let allowsGroupOpacity = PropertyID(rawValue: 41)
    /// Whether the sublayers' geometry is flipped vertically (RS-4.5).
    public static let geometryFlipped = PropertyID(rawValue: 42)
    /// Whether the quad edges named by edgeAntialiasingMask are antialiased (RS-11.2).
    public static let allowsEdgeAntialiasing = PropertyID(rawValue: 43)
    /// Which edges get antialiased (RS-11.1): a bit mask, 0…15, default 15.
    public static let edgeAntialiasingMask = PropertyID(rawValue: 44)
    /// Whether the layer promises opaque contents (isOpaque, a renderer hint).
    public static let opaque = PropertyID(rawValue: 45)


    // Shape layers (RS-8): only on layers of kind `.shape`.
    /// A shape layer's path (RS-8.1): a ``Path`` or nil; animates explicitly only (RS-8.4).
    public static let path = PropertyID(rawValue: 46)
    /// A shape layer's fill colour (default opaque black; nil fills nothing).
    public static let fillColor = PropertyID(rawValue: 47)
    /// A shape layer's fill rule: "non-zero" or "even-odd".
    public static let fillRule = PropertyID(rawValue: 48)
    /// A shape layer's stroke colour (default nil: no stroke).
    public static let strokeColor = PropertyID(rawValue: 49)
    /// A shape layer's line width (default 1).
    public static let lineWidth = PropertyID(rawValue: 50)
    /// A shape layer's line cap: "butt", "round" or "square".
    public static let lineCap = PropertyID(rawValue: 51)
    /// A shape layer's line join: "miter", "round" or "bevel".
    public static let lineJoin = PropertyID(rawValue: 52)
    /// A shape layer's miter limit (default 10).
    public static let miterLimit = PropertyID(rawValue: 53)
    /// A shape layer's dash pattern (numbers, nil for solid).
    public static let lineDashPattern = PropertyID(rawValue: 54)
    /// A shape layer's dash phase (default 0).
    public static let lineDashPhase = PropertyID(rawValue: 55)
    /// Where a shape layer's stroke starts, a fraction of the path's length (default 0).
    public static let strokeStart = PropertyID(rawValue: 56)
    /// Where a shape layer's stroke ends (default 1).
    public static let strokeEnd = PropertyID(rawValue: 57)
    // Gradient layers (RS-9).
    /// A gradient layer's colours (nil: nothing drawn, RS-9.3).
    public static let colors = PropertyID(rawValue: 58)
    /// A gradient layer's stop locations (nil: evenly spaced, RS-9.4).
    public static let locations = PropertyID(rawValue: 59)
    /// A gradient layer's start point, unit space (default (0.5, 0)).
    public static let startPoint = PropertyID(rawValue: 60)
    /// A gradient layer's end point, unit space (default (0.5, 1)).
    public static let endPoint = PropertyID(rawValue: 61)
    /// A gradient layer's type: "axial", "radial" or "conic".
    public static let gradientType = PropertyID(rawValue: 62)
    // Replicator layers (RS-13).
    /// How many times a replicator draws its sublayers (default 1).
    public static let instanceCount = PropertyID(rawValue: 63)
    /// The time shift between instances, in seconds (default 0).
    public static let instanceDelay = PropertyID(rawValue: 64)
    /// The transform between one instance and the next (default identity).
    public static let instanceTransform = PropertyID(rawValue: 65)
    /// The first instance's colour (default opaque white).
    public static let instanceColor = PropertyID(rawValue: 66)
    /// Added to the red component per instance (default 0).
    public static let instanceRedOffset = PropertyID(rawValue: 67)
    /// Added to the green component per instance (default 0).
    public static let instanceGreenOffset = PropertyID(rawValue: 68)
    /// Added to the blue component per instance (default 0).
    public static let instanceBlueOffset = PropertyID(rawValue: 69)
    /// Added to the alpha component per instance (default 0).
    public static let instanceAlphaOffset = PropertyID(rawValue: 70)
    /// Whether a replicator keeps its instances in 3D (stored; Lamina flattens, RS-13.6).
    public static let preservesDepth = PropertyID(rawValue: 71)
    // Text layers (R15, issue 26).
    /// A text layer's text (plain UTF-8; nil or "" draws nothing).
    public static let string = PropertyID(rawValue: 72)
    /// A text layer's font: a fontconfig family name or a font file's path (default "Helvetica").
    public static let font = PropertyID(rawValue: 73)
    /// A text layer's font size in points (default 36).
    public static let fontSize = PropertyID(rawValue: 74)
    /// A text layer's text colour (default opaque white).
    public static let foregroundColor = PropertyID(rawValue: 75)
    /// A text layer's alignment: "natural", "left", "right", "center" or "justified".
    public static let alignmentMode = PropertyID(rawValue: 76)
    /// Whether a text layer's lines wrap at its bounds' width (default false).
    public static let wrapped = PropertyID(rawValue: 77)
    /// A text layer's truncation: "none", "start", "middle" or "end".
    public static let truncationMode = PropertyID(rawValue: 78)
    // Every layer's again (issue 28): after the kinds' block, so their numbers stay.
    /// How the layer's mask gates it (R16.9): "alpha" (Core Animation's, the default),
    /// "alphaInverted", "luminance" or "luminanceInverted".
    public static let maskMode = PropertyID(rawValue: 79)
    // Filters (issue 32, R19): every layer's.
    /// The filters applied to the layer and its sublayers as a group (R19.2): ``Filter``s.
    public static let filters = PropertyID(rawValue: 80)
    /// The filters applied to what lies behind the layer, inside its shape (R19.5).
    public static let backgroundFilters = PropertyID(rawValue: 81)
    /// The blend mode by Core Image's name (R19.3); nil for source-over.
    public static let compositingFilter = PropertyID(rawValue: 82)
    // Gradient layers again (issue 28, RS-9.10): after the filters, so their numbers stay.
    /// A radial gradient's focal point, an offset from its start point in unit space of the
    /// bounds (default (0, 0): the centre; a Lamina extension, RS-9.10).
    public static let focalOffset = PropertyID(rawValue: 83)

    static let builtinCount: UInt16 = 84

    /// One past the last kind-specific built-in (later built-ins are every layer's again).
    static let kindSpecificEnd: UInt16 = 79

    /// The first built-in property that belongs to one kind of layer (shape, gradient,
    /// replicator); every later built-in does too.
    static let firstKindSpecific: UInt16 = 46

    /// Whether only one kind of layer has this property (``PropertyInfo/kind``).
    @inline(__always)
    var isKindSpecific: Bool {
        (rawValue >= Self.firstKindSpecific && rawValue < Self.kindSpecificEnd) || rawValue == Self.focalOffset.rawValue
    }

    /// Whether this is one of the layer timing properties.
    var isLayerTiming: Bool {
        self == .beginTime || self == .speed || self == .timeOffset
            || (rawValue >= Self.duration.rawValue && rawValue <= Self.fillMode.rawValue)
    }

    /// Whether this is a registered custom property.
    public var isCustom: Bool { rawValue >= Self.customBase }
}

/// Static facts about one built-in property.
///
/// A class, not a struct: the setter passes it down several calls, and copying the struct (a
/// string and a `Value`) cost ~100 instructions per set where a reference costs a retain
/// (issue 12). Immutable, so shared instances may cross threads.
final class PropertyInfo: Sendable {
    let name: String
    let type: ValueType
    let defaultValue: Value
    /// Whether nil (``Value/null``) is an allowed value (colours and the name).
    let nullable: Bool
    /// Whether a change gets the built-in implicit animation (CA-3.12).
    let animatable: Bool
    /// The kind of layer that has the property; `.plain` for every layer's properties.
    let kind: LayerKind

    init(name: String, type: ValueType, defaultValue: Value, nullable: Bool, animatable: Bool, kind: LayerKind = .plain) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.nullable = nullable
        self.animatable = animatable
        self.kind = kind
    }
}

enum Builtins {
    /// Indexed by PropertyID.rawValue. Defaults are Core Animation's (CA-13).
    static let table: [PropertyInfo] = [
        PropertyInfo(name: "bounds", type: .rect, defaultValue: .rect(.zero), nullable: false, animatable: true),
        PropertyInfo(name: "position", type: .point, defaultValue: .point(.zero), nullable: false, animatable: true),
        PropertyInfo(name: "zPosition", type: .number, defaultValue: .number(0), nullable: false, animatable: true),
        PropertyInfo(name: "anchorPoint", type: .point, defaultValue: .point(Point(x: 0.5, y: 0.5)), nullable: false, animatable: true),
        PropertyInfo(name: "anchorPointZ", type: .number, defaultValue: .number(0), nullable: false, animatable: true),
        PropertyInfo(name: "transform", type: .transform, defaultValue: .transform(.identity), nullable: false, animatable: true),
        PropertyInfo(name: "sublayerTransform", type: .transform, defaultValue: .transform(.identity), nullable: false, animatable: true),
        PropertyInfo(name: "hidden", type: .bool, defaultValue: .bool(false), nullable: false, animatable: true),
        // CA-3.14: the header marks doubleSided animatable, the guide's table says no implied
        // animation. Lamina follows the header (a discrete switch at 0.5).
        PropertyInfo(name: "doubleSided", type: .bool, defaultValue: .bool(true), nullable: false, animatable: true),
        PropertyInfo(name: "masksToBounds", type: .bool, defaultValue: .bool(false), nullable: false, animatable: true),
        PropertyInfo(name: "contentsRect", type: .rect, defaultValue: .rect(Rect(x: 0, y: 0, width: 1, height: 1)), nullable: false, animatable: true),
        PropertyInfo(name: "contentsCenter", type: .rect, defaultValue: .rect(Rect(x: 0, y: 0, width: 1, height: 1)), nullable: false, animatable: true),
        PropertyInfo(name: "contentsScale", type: .number, defaultValue: .number(1), nullable: false, animatable: true),
        PropertyInfo(name: "backgroundColor", type: .color, defaultValue: .null, nullable: true, animatable: true),
        PropertyInfo(name: "cornerRadius", type: .number, defaultValue: .number(0), nullable: false, animatable: true),
        PropertyInfo(name: "borderWidth", type: .number, defaultValue: .number(0), nullable: false, animatable: true),
        PropertyInfo(name: "borderColor", type: .color, defaultValue: .color(.black), nullable: true, animatable: true),
        PropertyInfo(name: "opacity", type: .number, defaultValue: .number(1), nullable: false, animatable: true),
        PropertyInfo(name: "shadowColor", type: .color, defaultValue: .color(.black), nullable: true, animatable: true),
        PropertyInfo(name: "shadowOpacity", type: .number, defaultValue: .number(0), nullable: false, animatable: true),
        PropertyInfo(name: "shadowOffset", type: .size, defaultValue: .size(Size(width: 0, height: -3)), nullable: false, animatable: true),
        PropertyInfo(name: "shadowRadius", type: .number, defaultValue: .number(3), nullable: false, animatable: true),
        PropertyInfo(name: "shouldRasterize", type: .bool, defaultValue: .bool(false), nullable: false, animatable: true),
        PropertyInfo(name: "rasterizationScale", type: .number, defaultValue: .number(1), nullable: false, animatable: true),
        PropertyInfo(name: "name", type: .string, defaultValue: .null, nullable: true, animatable: false),
        // CA-5.11/CA-13.6: layers are timed too. Not animatable (their changes apply at once).
        PropertyInfo(name: "beginTime", type: .number, defaultValue: .number(0), nullable: false, animatable: false),
        PropertyInfo(name: "speed", type: .number, defaultValue: .number(1), nullable: false, animatable: false),
        PropertyInfo(name: "timeOffset", type: .number, defaultValue: .number(0), nullable: false, animatable: false),
        PropertyInfo(name: "duration", type: .number, defaultValue: .number(0), nullable: false, animatable: false),
        PropertyInfo(name: "repeatCount", type: .number, defaultValue: .number(0), nullable: false, animatable: false),
        PropertyInfo(name: "repeatDuration", type: .number, defaultValue: .number(0), nullable: false, animatable: false),
        PropertyInfo(name: "autoreverses", type: .bool, defaultValue: .bool(false), nullable: false, animatable: false),
        PropertyInfo(name: "fillMode", type: .string, defaultValue: .string("removed"), nullable: false, animatable: false),
        // Layer content and the renderer-facing look (issue 10, R14, RS-1 to RS-5, RS-11).
        // contents is animatable: its built-in action is a fade transition (RS-4.8). shadowPath
        // has no implicit animation but animates explicitly (RS-3.4).
        PropertyInfo(name: "contents", type: .image, defaultValue: .null, nullable: true, animatable: true),
        PropertyInfo(name: "contentsGravity", type: .string, defaultValue: .string("resize"), nullable: false, animatable: false),
        PropertyInfo(name: "minificationFilter", type: .string, defaultValue: .string("linear"), nullable: false, animatable: false),
        PropertyInfo(name: "magnificationFilter", type: .string, defaultValue: .string("linear"), nullable: false, animatable: false),
        PropertyInfo(name: "minificationFilterBias", type: .number, defaultValue: .number(0), nullable: false, animatable: false),
        PropertyInfo(name: "maskedCorners", type: .number, defaultValue: .number(15), nullable: false, animatable: false),
        PropertyInfo(name: "cornerCurve", type: .string, defaultValue: .string("circular"), nullable: false, animatable: false),
        PropertyInfo(name: "shadowPath", type: .path, defaultValue: .null, nullable: true, animatable: false),
        PropertyInfo(name: "allowsGroupOpacity", type: .bool, defaultValue: .bool(true), nullable: false, animatable: false),
        PropertyInfo(name: "geometryFlipped", type: .bool, defaultValue: .bool(false), nullable: false, animatable: false),
        PropertyInfo(name: "allowsEdgeAntialiasing", type: .bool, defaultValue: .bool(true), nullable: false, animatable: false),
        PropertyInfo(name: "edgeAntialiasingMask", type: .number, defaultValue: .number(15), nullable: false, animatable: false),
        PropertyInfo(name: "opaque", type: .bool, defaultValue: .bool(false), nullable: false, animatable: false),
        // Shape layers (RS-8.1 defaults, RS-8.4 animatability). The path animates explicitly
        // only: no implicit action (RS-8.4), like shadowPath.
        PropertyInfo(name: "path", type: .path, defaultValue: .null, nullable: true, animatable: false, kind: .shape),
        PropertyInfo(name: "fillColor", type: .color, defaultValue: .color(.black), nullable: true, animatable: true, kind: .shape),
        PropertyInfo(name: "fillRule", type: .string, defaultValue: .string("non-zero"), nullable: false, animatable: false, kind: .shape),
        PropertyInfo(name: "strokeColor", type: .color, defaultValue: .null, nullable: true, animatable: true, kind: .shape),
        PropertyInfo(name: "lineWidth", type: .number, defaultValue: .number(1), nullable: false, animatable: true, kind: .shape),
        PropertyInfo(name: "lineCap", type: .string, defaultValue: .string("butt"), nullable: false, animatable: false, kind: .shape),
        PropertyInfo(name: "lineJoin", type: .string, defaultValue: .string("miter"), nullable: false, animatable: false, kind: .shape),
        PropertyInfo(name: "miterLimit", type: .number, defaultValue: .number(10), nullable: false, animatable: true, kind: .shape),
        PropertyInfo(name: "lineDashPattern", type: .numberArray, defaultValue: .null, nullable: true, animatable: false, kind: .shape),
        PropertyInfo(name: "lineDashPhase", type: .number, defaultValue: .number(0), nullable: false, animatable: true, kind: .shape),
        PropertyInfo(name: "strokeStart", type: .number, defaultValue: .number(0), nullable: false, animatable: true, kind: .shape),
        PropertyInfo(name: "strokeEnd", type: .number, defaultValue: .number(1), nullable: false, animatable: true, kind: .shape),
        // Gradient layers (RS-9.1).
        PropertyInfo(name: "colors", type: .colorArray, defaultValue: .null, nullable: true, animatable: true, kind: .gradient),
        PropertyInfo(name: "locations", type: .numberArray, defaultValue: .null, nullable: true, animatable: true, kind: .gradient),
        PropertyInfo(name: "startPoint", type: .point, defaultValue: .point(Point(x: 0.5, y: 0)), nullable: false, animatable: true, kind: .gradient),
        PropertyInfo(name: "endPoint", type: .point, defaultValue: .point(Point(x: 0.5, y: 1)), nullable: false, animatable: true, kind: .gradient),
        PropertyInfo(name: "type", type: .string, defaultValue: .string("axial"), nullable: false, animatable: false, kind: .gradient),
        // Replicator layers (RS-13).
        PropertyInfo(name: "instanceCount", type: .number, defaultValue: .number(1), nullable: false, animatable: true, kind: .replicator),
        PropertyInfo(name: "instanceDelay", type: .number, defaultValue: .number(0), nullable: false, animatable: true, kind: .replicator),
        PropertyInfo(name: "instanceTransform", type: .transform, defaultValue: .transform(.identity), nullable: false, animatable: true, kind: .replicator),
        PropertyInfo(name: "instanceColor", type: .color, defaultValue: .color(.white), nullable: false, animatable: true, kind: .replicator),
        PropertyInfo(name: "instanceRedOffset", type: .number, defaultValue: .number(0), nullable: false, animatable: true, kind: .replicator),
        PropertyInfo(name: "instanceGreenOffset", type: .number, defaultValue: .number(0), nullable: false, animatable: true, kind: .replicator),
        PropertyInfo(name: "instanceBlueOffset", type: .number, defaultValue: .number(0), nullable: false, animatable: true, kind: .replicator),
        PropertyInfo(name: "instanceAlphaOffset", type: .number, defaultValue: .number(0), nullable: false, animatable: true, kind: .replicator),
        PropertyInfo(name: "preservesDepth", type: .bool, defaultValue: .bool(false), nullable: false, animatable: false, kind: .replicator),
        // Text layers (R15.2: CATextLayer's defaults; fontSize and foregroundColor animate).
        PropertyInfo(name: "string", type: .string, defaultValue: .null, nullable: true, animatable: false, kind: .text),
        PropertyInfo(name: "font", type: .string, defaultValue: .string("Helvetica"), nullable: false, animatable: false, kind: .text),
        PropertyInfo(name: "fontSize", type: .number, defaultValue: .number(36), nullable: false, animatable: true, kind: .text),
        PropertyInfo(name: "foregroundColor", type: .color, defaultValue: .color(.white), nullable: true, animatable: true, kind: .text),
        PropertyInfo(name: "alignmentMode", type: .string, defaultValue: .string("natural"), nullable: false, animatable: false, kind: .text),
        PropertyInfo(name: "wrapped", type: .bool, defaultValue: .bool(false), nullable: false, animatable: false, kind: .text),
        PropertyInfo(name: "truncationMode", type: .string, defaultValue: .string("none"), nullable: false, animatable: false, kind: .text),
        // R16.9 (issue 28): every layer's, not animatable (a switch of how the mask reads).
        PropertyInfo(name: "maskMode", type: .string, defaultValue: .string("alpha"), nullable: false, animatable: false),
        // R19 (issue 32): filters and background filters animate (whole arrays and their inputs
        // by key path, R19.4); the compositing filter switches at once.
        PropertyInfo(name: "filters", type: .filterArray, defaultValue: .null, nullable: true, animatable: true),
        PropertyInfo(name: "backgroundFilters", type: .filterArray, defaultValue: .null, nullable: true, animatable: true),
        PropertyInfo(name: "compositingFilter", type: .string, defaultValue: .null, nullable: true, animatable: false),
        // RS-9.10 (issue 28): a gradient layer's, animatable like its other points.
        PropertyInfo(name: "focalOffset", type: .point, defaultValue: .point(Point(x: 0, y: 0)), nullable: false, animatable: true, kind: .gradient),
    ]

    static let byName: [String: PropertyID] = {
        var d: [String: PropertyID] = [:]
        for (i, info) in table.enumerated() { d[info.name] = PropertyID(rawValue: UInt16(i)) }
        return d
    }()

    /// Built-in names of 4–16 bytes as two overlapping words (`PackedName`), grouped by length:
    /// the entries of length n are `packed[packedStart[n]..<packedStart[n + 1]]`.
    static let packed: [PackedName] = {
        var result: [PackedName] = []
        for n in 0...16 {
            for (i, info) in table.enumerated() where info.name.utf8.count == n && n >= 4 {
                var name = info.name
                let words = name.withUTF8 { PackedName.words($0) }
                result.append(PackedName(first: words.first, last: words.last, id: PropertyID(rawValue: UInt16(i))))
            }
        }
        return result
    }()
    static let packedStart: [Int32] = {
        var starts = [Int32](repeating: 0, count: 18)
        var k: Int32 = 0
        for n in 0...16 {
            starts[n] = k
            k += Int32(table.filter { $0.name.utf8.count == n && n >= 4 }.count)
        }
        starts[17] = k
        return starts
    }()

    /// The built-in property named exactly `bytes`, found without hashing: every built-in name
    /// of 4–16 bytes is two loads and a few compares away. nil for anything else (key paths
    /// with a component, custom properties, unknown keys), which the caller resolves the slow way.
    /// The tables are passed in (the engine keeps copies) so that a lookup pays no lazy-global
    /// check.
    @inline(__always)
    static func fastLookup(
        _ bytes: UnsafeBufferPointer<UInt8>, _ packed: [PackedName], _ packedStart: [Int32]
    ) -> PropertyID? {
        let n = bytes.count
        guard n >= 4, n <= 16 else { return nil }
        let w = PackedName.words(bytes)
        return packed.withUnsafeBufferPointer { entries -> PropertyID? in
            packedStart.withUnsafeBufferPointer { starts -> PropertyID? in
                var k = Int(starts[n])
                let end = Int(starts[n + 1])
                while k < end {
                    if entries[k].first == w.first, entries[k].last == w.last { return entries[k].id }
                    k += 1
                }
                return nil
            }
        }
    }
}

/// A name of 4–16 bytes as two overlapping little-endian words: its first and last 8 bytes
/// (first and last 4 under 8 bytes). With the length, they cover every byte, so equal words
/// mean equal names.
struct PackedName {
    var first: UInt64
    var last: UInt64
    var id: PropertyID

    /// The two words of `bytes` (4–16 of them); reads only inside the buffer.
    @inline(__always)
    static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: UInt64, last: UInt64) {
        let p = UnsafeRawPointer(bytes.baseAddress!)
        let n = bytes.count
        if n >= 8 {
            return (p.loadUnaligned(as: UInt64.self), p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
        }
        return (UInt64(p.loadUnaligned(as: UInt32.self)), UInt64(p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)))
    }
}

/// One input of a named filter, as a key path names it (`filters.blur.inputRadius`, R19.4):
/// the name interned (``FilterNames``) so that a key path stays a plain value.
package struct FilterInputKey: Hashable, Sendable {
    /// The filter's name, interned.
    let nameID: UInt16
    /// The input.
    let input: FilterInput

    /// The filter's name.
    var name: String { FilterNames.name(nameID) }

    /// The index of the first filter of `filters` with this name, or nil.
    func index(in filters: [Filter]) -> Int? {
        let n = name
        return filters.firstIndex { $0.name == n }
    }
}

/// The filter names key paths have used, interned process-wide (at most 65,535; R19.6).
enum FilterNames {
    /// The longest filter name a key path may use, in UTF-8 bytes.
    static let maximumNameBytes = 256
    private static let lock = Lock()
    nonisolated(unsafe) private static var names: [String] = []
    nonisolated(unsafe) private static var ids: [String: UInt16] = [:]

    /// The id of `name`, interning it; nil when the table is full.
    static func id(_ name: String) -> UInt16? {
        lock.withLock { () -> UInt16? in
            if let i = ids[name] { return i }
            guard names.count < Int(UInt16.max) else { return nil }
            let i = UInt16(names.count)
            names.append(name)
            ids[name] = i
            return i
        }
    }

    /// The name of an id `id(_:)` gave.
    static func name(_ id: UInt16) -> String {
        lock.withLock { names[Int(id)] }
    }
}

/// The part of a property a key path names (CA-7.6).
package enum KeyComponent: Hashable, Sendable {
    /// One input of a named filter of a filter array (R19.4).
    case filterInput(FilterInputKey)
    case whole
    case x, y
    case width, height
    case origin, originX, originY, size, sizeWidth, sizeHeight
    case rotationX, rotationY, rotationZ
    case scaleX, scaleY, scaleZ, scale
    case translationX, translationY, translationZ, translation

    /// The type of the value this component reads and writes, within a whole of `type`.
    func valueType(in type: ValueType) -> ValueType {
        switch self {
        case .whole: return type
        case .origin: return .point
        case .size, .translation: return .size
        case .filterInput(let k): return k.input.valueType
        default: return .number
        }
    }

    static func parse(_ suffix: Substring, for type: ValueType) -> KeyComponent? {
        switch type {
        case .point:
            switch suffix { case "x": return .x; case "y": return .y; default: return nil }
        case .size:
            switch suffix { case "width": return .width; case "height": return .height; default: return nil }
        case .rect:
            switch suffix {
            case "origin": return .origin
            case "origin.x": return .originX
            case "origin.y": return .originY
            case "size": return .size
            case "size.width": return .sizeWidth
            case "size.height": return .sizeHeight
            default: return nil
            }
        case .filterArray:
            // `<name>.<input>`: the name may hold dots, the input never does.
            // Names are interned for good: at most 256 bytes each, 65,535 in all (16 MiB, R19.6).
            guard let dot = suffix.lastIndex(of: "."), let input = FilterInput(name: String(suffix[suffix.index(after: dot)...])),
                  dot > suffix.startIndex, suffix[..<dot].utf8.count <= FilterNames.maximumNameBytes,
                  let id = FilterNames.id(String(suffix[..<dot])) else { return nil }
            return .filterInput(FilterInputKey(nameID: id, input: input))
        case .transform:
            switch suffix {
            case "rotation.x": return .rotationX
            case "rotation.y": return .rotationY
            case "rotation.z", "rotation": return .rotationZ
            case "scale.x": return .scaleX
            case "scale.y": return .scaleY
            case "scale.z": return .scaleZ
            case "scale": return .scale
            case "translation.x": return .translationX
            case "translation.y": return .translationY
            case "translation.z": return .translationZ
            case "translation": return .translation
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Reads this component out of a whole value of the right type.
    func extract(from whole: Value) -> Value {
        switch (self, whole) {
        case (.whole, _): return whole
        case let (.x, .point(p)): return .number(p.x)
        case let (.y, .point(p)): return .number(p.y)
        case let (.width, .size(s)): return .number(s.width)
        case let (.height, .size(s)): return .number(s.height)
        case let (.origin, .rect(r)): return .point(r.origin)
        case let (.originX, .rect(r)): return .number(r.origin.x)
        case let (.originY, .rect(r)): return .number(r.origin.y)
        case let (.size, .rect(r)): return .size(r.size)
        case let (.sizeWidth, .rect(r)): return .number(r.size.width)
        case let (.sizeHeight, .rect(r)): return .number(r.size.height)
        case let (.translation, .transform(m)): return .size(Size(width: m.m41, height: m.m42))
        case let (.filterInput(k), .filterArray(a)):
            // R19.4: the first filter of that name; .null when none has it (the callers that
            // answer a host check first and report UNKNOWN_KEY).
            guard let i = k.index(in: a) else { return .null }
            return a[i].value(of: k.input) ?? .null
        case (.filterInput, _):
            return .null
        case let (.scale, .transform(m)):
            // CA-7.6: "transform.scale" reads the average of the three scale factors.
            let sum = m.value(of: .scaleX) + m.value(of: .scaleY) + m.value(of: .scaleZ)
            return .number(sum / 3)
        case let (_, .transform(m)):
            return .number(m.value(of: transformComponent!))
        default:
            return whole  // unreachable: parse() only pairs components with their types
        }
    }

    /// Writes `part` (already type-checked) into `whole`.
    func insert(_ part: Value, into whole: Value) -> Value {
        switch (self, whole, part) {
        case (.whole, _, _): return part
        case let (.x, .point(p), .number(v)): return .point(Point(x: v, y: p.y))
        case let (.y, .point(p), .number(v)): return .point(Point(x: p.x, y: v))
        case let (.width, .size(s), .number(v)): return .size(Size(width: v, height: s.height))
        case let (.height, .size(s), .number(v)): return .size(Size(width: s.width, height: v))
        case let (.origin, .rect(r), .point(v)): return .rect(Rect(origin: v, size: r.size))
        case let (.originX, .rect(r), .number(v)):
            return .rect(Rect(x: v, y: r.origin.y, width: r.size.width, height: r.size.height))
        case let (.originY, .rect(r), .number(v)):
            return .rect(Rect(x: r.origin.x, y: v, width: r.size.width, height: r.size.height))
        case let (.size, .rect(r), .size(v)): return .rect(Rect(origin: r.origin, size: v))
        case let (.sizeWidth, .rect(r), .number(v)):
            return .rect(Rect(x: r.origin.x, y: r.origin.y, width: v, height: r.size.height))
        case let (.sizeHeight, .rect(r), .number(v)):
            return .rect(Rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: v))
        case let (.translation, .transform(m), .size(v)):
            var t = m
            t.m41 = v.width
            t.m42 = v.height
            return .transform(t)
        case let (.filterInput(k), .filterArray(a), _):
            // A filter the array lacks, or an input its type lacks, leaves the value unchanged.
            guard let i = k.index(in: a) else { return whole }
            var filters = a
            guard filters[i].setValue(part, of: k.input) else { return whole }
            return .filterArray(filters)
        case let (.scale, .transform(m), .number(v)):
            return .transform(m.setting(.scaleX, to: v).setting(.scaleY, to: v).setting(.scaleZ, to: v))
        case let (_, .transform(m), .number(v)):
            return .transform(m.setting(transformComponent!, to: v))
        default:
            return whole
        }
    }

    /// The component as a key path writes it after the property's name and a dot.
    var keyPathSuffix: String {
        if case .filterInput(let k) = self { return "\(k.name).\(k.input.name)" }
        return "\(self)"
    }

    /// The transform component a `transform.…` key path names (nil for the others).
    var transformComponent: TransformComponent? {
        switch self {
        case .rotationX: return .rotationX
        case .rotationY: return .rotationY
        case .rotationZ: return .rotationZ
        case .scaleX: return .scaleX
        case .scaleY: return .scaleY
        case .scaleZ: return .scaleZ
        case .translationX: return .translationX
        case .translationY: return .translationY
        case .translationZ: return .translationZ
        default: return nil
        }
    }
}

/// A parsed key path: a property and the component of it that is read or written.
package struct ResolvedKey: Hashable, Sendable {
    /// The property; its name is the event key of a change (setting "position.x" posts
    /// "position").
    public let property: PropertyID
    /// The component within the property's value.
    public let component: KeyComponent
}

extension ResolvedKey {
    /// The whole value of a property.
    public static func whole(_ property: PropertyID) -> ResolvedKey {
        ResolvedKey(property: property, component: .whole)
    }
}
