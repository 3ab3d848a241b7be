// SPDX-License-Identifier: Apache-2.0
// Layer kinds (issue 15): plain, shape (RS-8), gradient (RS-9) and replicator (RS-13) layers,
// chosen at creation, and their Swift classes.

/// The kind of a layer, chosen at creation (Core Animation's `CAShapeLayer`,
/// `CAGradientLayer`, `CAReplicatorLayer`). The raw values are the C ABI's
/// `LAMINA_LAYER_KIND_*`. A kind's own properties (a shape layer's `path`, …) exist only on
/// layers of that kind: reaching them on another layer is `unknownKey`.
public enum LayerKind: Int32, Sendable, CaseIterable {
    /// A plain layer (`CALayer`).
    case plain = 0
    /// A shape layer (`CAShapeLayer`, RS-8): fills and strokes a path.
    case shape = 1
    /// A gradient layer (`CAGradientLayer`, RS-9): fills its bounds with a gradient.
    case gradient = 2
    /// A replicator layer (`CAReplicatorLayer`, RS-13): draws its sublayers several times.
    case replicator = 3
    /// A text layer (`CATextLayer`, R15): draws its string, laid out by the engine's text
    /// layout provider.
    case text = 4
}

/// A shape layer (`CAShapeLayer`, RS-8): draws a path, filled then stroked, above its
/// background and contents and below its sublayers. Made by ``Engine/makeShapeLayer()``.
///
/// ```swift
/// let ring = engine.makeShapeLayer()
/// ring.path = Path.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
/// ring.fillColor = nil
/// ring.strokeColor = Color(red: 0, green: 0.5, blue: 1)
/// ring.lineWidth = 8
/// ring.strokeEnd = 0.25      // a quarter of the ring; animates implicitly once committed
/// ```
public final class ShapeLayer: Layer, @unchecked Sendable {
    /// `.shape`.
    public override var kind: LayerKind { .shape }

    /// The path to draw, in layer space (default nil: nothing drawn, RS-8.1). Changes do not
    /// animate implicitly; an explicit animation of "path" interpolates point by point when
    /// both paths have the same structure, else switches at 0.5 (RS-8.4, RS-8.5).
    public var path: Path? {
        get { if case .path(let v) = get(.path) { return v }; return nil }
        set { set(.path, newValue.map(Value.path) ?? .null) }
    }

    /// The fill colour (default opaque black; nil fills nothing). Animatable.
    public var fillColor: Color? {
        get { if case .color(let v) = get(.fillColor) { return v }; return nil }
        set { set(.fillColor, newValue.map(Value.color) ?? .null) }
    }

    /// The fill rule (default ``FillRule/nonZero``). Not animatable.
    public var fillRule: FillRule {
        get { if case .string(let v) = get(.fillRule) { return FillRule(rawValue: v) ?? .nonZero }; return .nonZero }
        set { set(.fillRule, .string(newValue.rawValue)) }
    }

    /// The stroke colour (default nil: no stroke). Animatable.
    public var strokeColor: Color? {
        get { if case .color(let v) = get(.strokeColor) { return v }; return nil }
        set { set(.strokeColor, newValue.map(Value.color) ?? .null) }
    }

    /// The stroke's width in points (default 1). Animatable.
    public var lineWidth: Double {
        get { if case .number(let v) = get(.lineWidth) { return v }; return 1 }
        set { set(.lineWidth, .number(newValue)) }
    }

    /// The line cap (default ``LineCap/butt``). Not animatable.
    public var lineCap: LineCap {
        get { if case .string(let v) = get(.lineCap) { return LineCap(rawValue: v) ?? .butt }; return .butt }
        set { set(.lineCap, .string(newValue.rawValue)) }
    }

    /// The line join (default ``LineJoin/miter``). Not animatable.
    public var lineJoin: LineJoin {
        get { if case .string(let v) = get(.lineJoin) { return LineJoin(rawValue: v) ?? .miter }; return .miter }
        set { set(.lineJoin, .string(newValue.rawValue)) }
    }

    /// The miter limit (default 10, RS-8.6). Animatable.
    public var miterLimit: Double {
        get { if case .number(let v) = get(.miterLimit) { return v }; return 10 }
        set { set(.miterLimit, .number(newValue)) }
    }

    /// The dash pattern: lengths in points, drawn and skipped in turn (default nil: solid,
    /// RS-8.6). Lengths must be >= 0. Not animatable.
    public var lineDashPattern: [Double]? {
        get { if case .numberArray(let v) = get(.lineDashPattern) { return v }; return nil }
        set { set(.lineDashPattern, newValue.map(Value.numberArray) ?? .null) }
    }

    /// Where in the dash pattern the stroke starts (default 0). Animatable.
    public var lineDashPhase: Double {
        get { if case .number(let v) = get(.lineDashPhase) { return v }; return 0 }
        set { set(.lineDashPhase, .number(newValue)) }
    }

    /// Where the stroke starts, a fraction of the path's length (default 0, RS-8.3; the draw list clamps it to [0, 1]). Animatable.
    public var strokeStart: Double {
        get { if case .number(let v) = get(.strokeStart) { return v }; return 0 }
        set { set(.strokeStart, .number(newValue)) }
    }

    /// Where the stroke ends (default 1, RS-8.3; clamped to [0, 1]; at or before strokeStart nothing is stroked). Animatable.
    public var strokeEnd: Double {
        get { if case .number(let v) = get(.strokeEnd) { return v }; return 1 }
        set { set(.strokeEnd, .number(newValue)) }
    }
}

/// A gradient layer (`CAGradientLayer`, RS-9): fills its bounds (with its corner radius) with
/// a gradient of ``colors`` at ``locations`` from ``startPoint`` to ``endPoint``. Made by
/// ``Engine/makeGradientLayer()``.
public final class GradientLayer: Layer, @unchecked Sendable {
    /// `.gradient`.
    public override var kind: LayerKind { .gradient }

    /// The colours of the stops (default nil; fewer than two draw nothing, RS-9.3).
    /// Animatable: arrays of equal length interpolate colour by colour, others switch at 0.5.
    public var colors: [Color]? {
        get { if case .colorArray(let v) = get(.colors) { return v }; return nil }
        set { set(.colors, newValue.map(Value.colorArray) ?? .null) }
    }

    /// The stops' locations in [0, 1] (default nil: evenly spaced, RS-9.4); a count other
    /// than the colours' draws nothing (RS-9.3). Animatable like ``colors``.
    public var locations: [Double]? {
        get { if case .numberArray(let v) = get(.locations) { return v }; return nil }
        set { set(.locations, newValue.map(Value.numberArray) ?? .null) }
    }

    /// Where the gradient starts, in unit space of the bounds (default (0.5, 0), RS-9.5).
    /// Animatable.
    public var startPoint: Point {
        get { if case .point(let v) = get(.startPoint) { return v }; return Point(x: 0.5, y: 0) }
        set { set(.startPoint, .point(newValue)) }
    }

    /// Where the gradient ends, in unit space of the bounds (default (0.5, 1)). Animatable.
    public var endPoint: Point {
        get { if case .point(let v) = get(.endPoint) { return v }; return Point(x: 0.5, y: 1) }
        set { set(.endPoint, .point(newValue)) }
    }

    /// A radial gradient's focal point (where t = 0), as an offset from ``startPoint`` in unit
    /// space of the bounds (default (0, 0): the centre, Core Animation's radial gradient). A
    /// Lamina extension (RS-9.10) for SVG's fx/fy and Lottie's highlight; a point on or past
    /// the ellipse is drawn 0.99 of the way to it. Axial and conic gradients ignore it.
    /// Animatable.
    public var focalOffset: Point {
        get { if case .point(let v) = get(.focalOffset) { return v }; return Point(x: 0, y: 0) }
        set { set(.focalOffset, .point(newValue)) }
    }

    /// The gradient's type (default ``GradientType/axial``). Not animatable.
    public var type: GradientType {
        get { if case .string(let v) = get(.gradientType) { return GradientType(rawValue: v) ?? .axial }; return .axial }
        set { set(.gradientType, .string(newValue.rawValue)) }
    }
}

/// A replicator layer (`CAReplicatorLayer`, RS-13): its sublayers are drawn
/// ``instanceCount`` times, instance k transformed by ``instanceTransform`` k times, tinted
/// by ``instanceColor`` and the offsets, and delayed by k · ``instanceDelay``. Made by
/// ``Engine/makeReplicatorLayer()``.
public final class ReplicatorLayer: Layer, @unchecked Sendable {
    /// `.replicator`.
    public override var kind: LayerKind { .replicator }

    /// How many times the sublayers are drawn (default 1; 0 draws none, RS-13.1): a whole
    /// number in 0…10000 (others trap; the key-value API throws `invalidArgument`).
    /// Animatable, in whole steps: a frame draws the floor of the animated value, clamped to
    /// 0…10000.
    public var instanceCount: Int {
        get { if case .number(let v) = get(.instanceCount) { return Int(v) }; return 1 }
        set { set(.instanceCount, .number(Double(newValue))) }
    }

    /// Instance k's sublayers are evaluated k · instanceDelay seconds earlier (default 0,
    /// RS-13.4); their animations stay until the last instance has played them. Animatable.
    public var instanceDelay: Double {
        get { if case .number(let v) = get(.instanceDelay) { return v }; return 0 }
        set { set(.instanceDelay, .number(newValue)) }
    }

    /// The transform from one instance to the next, about the anchor point like
    /// sublayerTransform (default identity, RS-13.2). Animatable.
    public var instanceTransform: Transform3D {
        get { if case .transform(let v) = get(.instanceTransform) { return v }; return .identity }
        set { set(.instanceTransform, .transform(newValue)) }
    }

    /// The colour instance 0's drawing is multiplied by (default opaque white, RS-13.3).
    /// Animatable.
    public var instanceColor: Color {
        get { if case .color(let v) = get(.instanceColor) { return v }; return .white }
        set { set(.instanceColor, .color(newValue)) }
    }

    /// Added to the instance colour's red per instance (default 0, RS-13.3). Animatable.
    public var instanceRedOffset: Double {
        get { if case .number(let v) = get(.instanceRedOffset) { return v }; return 0 }
        set { set(.instanceRedOffset, .number(newValue)) }
    }

    /// Added to the instance colour's green per instance (default 0). Animatable.
    public var instanceGreenOffset: Double {
        get { if case .number(let v) = get(.instanceGreenOffset) { return v }; return 0 }
        set { set(.instanceGreenOffset, .number(newValue)) }
    }

    /// Added to the instance colour's blue per instance (default 0). Animatable.
    public var instanceBlueOffset: Double {
        get { if case .number(let v) = get(.instanceBlueOffset) { return v }; return 0 }
        set { set(.instanceBlueOffset, .number(newValue)) }
    }

    /// Added to the instance colour's alpha per instance (default 0). Animatable.
    public var instanceAlphaOffset: Double {
        get { if case .number(let v) = get(.instanceAlphaOffset) { return v }; return 0 }
        set { set(.instanceAlphaOffset, .number(newValue)) }
    }

    /// Whether the instances keep their depth (default false). Stored only: Lamina flattens
    /// every replicator, its records in instance order (RS-13.6). Not animatable.
    public var preservesDepth: Bool {
        get { if case .bool(let v) = get(.preservesDepth) { return v }; return false }
        set { set(.preservesDepth, .bool(newValue)) }
    }
}

/// How a shape layer's path is filled (`fillRule`, RS-8.1). The raw values are Core
/// Animation's names.
public enum FillRule: String, Sendable, CaseIterable {
    /// The non-zero winding rule (the default).
    case nonZero = "non-zero"
    /// The even-odd rule.
    case evenOdd = "even-odd"

    /// The C ABI's LAMINA_FILL_RULE_* number.
    package var code: Int32 { self == .nonZero ? 0 : 1 }
}

/// The ends of a shape layer's stroked lines (`lineCap`, RS-8.1). The raw values are Core
/// Animation's names.
public enum LineCap: String, Sendable, CaseIterable {
    /// Square ends at the end points (the default).
    case butt
    /// Semicircles past the end points.
    case round
    /// Squares half a line width past the end points.
    case square

    /// The C ABI's LAMINA_LINE_CAP_* number.
    package var code: Int32 {
        switch self {
        case .butt: return 0
        case .round: return 1
        case .square: return 2
        }
    }
}

/// The corners of a shape layer's stroked lines (`lineJoin`, RS-8.1). The raw values are Core
/// Animation's names.
public enum LineJoin: String, Sendable, CaseIterable {
    /// Sharp corners, bevelled past the miter limit (the default, RS-8.6).
    case miter
    /// Rounded corners.
    case round
    /// Bevelled corners.
    case bevel

    /// The C ABI's LAMINA_LINE_JOIN_* number.
    package var code: Int32 {
        switch self {
        case .miter: return 0
        case .round: return 1
        case .bevel: return 2
        }
    }
}

/// The shape of a gradient layer's gradient (`type`, RS-9.1). The raw values are Core
/// Animation's names.
public enum GradientType: String, Sendable, CaseIterable {
    /// Along the line from the start point to the end point (the default, RS-9.6).
    case axial
    /// Ellipses around the start point (RS-9.7).
    case radial
    /// Angles around the start point (RS-9.8).
    case conic

    /// The C ABI's LAMINA_GRADIENT_* number.
    package var code: Int32 {
        switch self {
        case .axial: return 0
        case .radial: return 1
        case .conic: return 2
        }
    }
}

/// The largest `instanceCount` a replicator layer takes (RS-13.1).
let maximumInstanceCount = 10_000

extension Engine {
    /// Rejects values of the right type that a kind's property cannot take: unknown names
    /// (fill rule, cap, join, gradient type), a negative dash length, an instance count that
    /// is not a whole number in 0…10000. Lock held.
    func checkKindValue(_ id: PropertyID, _ value: Value) throws(LaminaError) {
        switch (id, value) {
        case let (.fillRule, .string(v)) where FillRule(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown fillRule '\(v)'; one of non-zero, even-odd")
        case let (.lineCap, .string(v)) where LineCap(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown lineCap '\(v)'; one of butt, round, square")
        case let (.lineJoin, .string(v)) where LineJoin(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown lineJoin '\(v)'; one of miter, round, bevel")
        case let (.gradientType, .string(v)) where GradientType(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown gradient type '\(v)'; one of axial, radial, conic")
        case let (.alignmentMode, .string(v)) where TextAlignment(rawValue: v) == nil:
            throw LaminaError(
                .invalidArgument, "unknown alignmentMode '\(v)'; one of natural, left, right, center, justified")
        case let (.truncationMode, .string(v)) where TextTruncation(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown truncationMode '\(v)'; one of none, start, middle, end")
        case let (.fontSize, .number(v)) where !(v >= 0):
            throw LaminaError(.invalidArgument, "'fontSize' must be >= 0, got \(v)")
        case let (.font, .string(v)) where v.isEmpty:
            throw LaminaError(.invalidArgument, "'font' must name a font family or a font file")
        case let (.lineDashPattern, .numberArray(a)) where a.contains(where: { $0 < 0 }):
            throw LaminaError(.invalidArgument, "'lineDashPattern' lengths must be >= 0")
        case let (.instanceCount, .number(v))
            where !(v >= 0 && v <= Double(maximumInstanceCount) && v == v.rounded()):
            throw LaminaError(
                .invalidArgument, "'instanceCount' takes a whole number in 0…\(maximumInstanceCount), got \(v)")
        default: break
        }
    }
}

/// A shape layer's drawing in a ``DrawRecord`` (RS-8), in layer space: fill the path, then
/// stroke it, between the contents and the first sublayer (RS-8.2).
public struct DrawShape: Hashable, Sendable {
    /// The path (never empty of meaning: the record has a shape only when the layer has a path).
    public var path: Path
    /// The fill colour, straight RGBA; nil when nothing is filled (no fill colour, or alpha 0).
    public var fillColor: Color?
    /// The fill rule.
    public var fillRule: FillRule
    /// The stroke colour, straight RGBA; nil when nothing is stroked (no stroke colour, a line
    /// width ≤ 0, or ``strokeStart`` ≥ ``strokeEnd``, RS-8.3).
    public var strokeColor: Color?
    /// The line width.
    public var lineWidth: Double
    /// The miter limit (RS-8.6).
    public var miterLimit: Double
    /// The line cap.
    public var lineCap: LineCap
    /// The line join.
    public var lineJoin: LineJoin
    /// The dash pattern; empty for a solid line (RS-8.6).
    public var lineDashPattern: [Double]
    /// The dash phase.
    public var lineDashPhase: Double
    /// Where the stroke starts, clamped to [0, 1] (RS-8.3).
    public var strokeStart: Double
    /// Where the stroke ends, clamped to [0, 1].
    public var strokeEnd: Double

    /// Creates a shape record.
    public init(
        path: Path, fillColor: Color?, fillRule: FillRule, strokeColor: Color?, lineWidth: Double,
        miterLimit: Double, lineCap: LineCap, lineJoin: LineJoin, lineDashPattern: [Double],
        lineDashPhase: Double, strokeStart: Double, strokeEnd: Double
    ) {
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.miterLimit = miterLimit
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.lineDashPattern = lineDashPattern
        self.lineDashPhase = lineDashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }
}

/// A gradient layer's fill in a ``DrawRecord`` (RS-9), present only when it draws something
/// (RS-9.3: at least two colours, and locations nil or of the colours' count).
public struct DrawGradient: Hashable, Sendable {
    /// The type.
    public var type: GradientType
    /// The colours, straight RGBA (at least two).
    public var colors: [Color]
    /// The stops, one per colour: the layer's locations, or i / (n − 1) without (RS-9.4).
    public var locations: [Double]
    /// The start point, unit space of the bounds (RS-9.5).
    public var startPoint: Point
    /// The end point, unit space of the bounds.
    public var endPoint: Point
    /// A radial gradient's focal point, unit space of the bounds: ``startPoint`` plus the
    /// layer's `focalOffset` (RS-9.10); equal to ``startPoint`` without one.
    public var focalPoint: Point

    /// Creates a gradient record; `focalPoint` nil means the start point (no offset).
    public init(type: GradientType, colors: [Color], locations: [Double], startPoint: Point, endPoint: Point, focalPoint: Point? = nil) {
        self.type = type
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.focalPoint = focalPoint ?? startPoint
    }
}

extension LayerProperties {
    /// A kind-specific property's value (the stored one or its default). For the draw list.
    @inline(__always)
    func kindValue(_ id: PropertyID) -> Value {
        rareStorage.value.custom[id.rawValue] ?? Builtins.table[Int(id.rawValue)].defaultValue
    }

    private func kindNumber(_ id: PropertyID, _ fallback: Double) -> Double {
        if case .number(let v) = kindValue(id) { return v }
        return fallback
    }

    private func kindString(_ id: PropertyID) -> String {
        if case .string(let v) = kindValue(id) { return v }
        return ""
    }

    private func kindColor(_ id: PropertyID) -> Color? {
        if case .color(let v) = kindValue(id) { return v }
        return nil
    }

    /// The shape record of a shape layer's presented values, or nil without a path or with an
    /// empty one (nothing to draw, RS-8.1), one lookup per property: the reference that
    /// ``DrawShape/make(_:)`` (the draw list's single pass) is tested against.
    func drawShapeByLookup() -> DrawShape? {
        guard hasRare, case .path(let path) = kindValue(.path), !path.elements.isEmpty else { return nil }
        let start = min(max(kindNumber(.strokeStart, 0), 0), 1)
        let end = min(max(kindNumber(.strokeEnd, 1), 0), 1)
        let width = kindNumber(.lineWidth, 1)
        var fill = kindColor(.fillColor)
        if let f = fill, !(f.alpha > 0) { fill = nil }
        var stroke = kindColor(.strokeColor)
        if !(width > 0) || !(start < end) { stroke = nil }
        var dashes: [Double] = []
        if case .numberArray(let d) = kindValue(.lineDashPattern) { dashes = d }
        return DrawShape(
            path: path, fillColor: fill, fillRule: FillRule(rawValue: kindString(.fillRule)) ?? .nonZero,
            strokeColor: stroke, lineWidth: width, miterLimit: kindNumber(.miterLimit, 10),
            lineCap: LineCap(rawValue: kindString(.lineCap)) ?? .butt,
            lineJoin: LineJoin(rawValue: kindString(.lineJoin)) ?? .miter,
            lineDashPattern: dashes, lineDashPhase: kindNumber(.lineDashPhase, 0),
            strokeStart: start, strokeEnd: end)
    }

    /// The gradient record of a gradient layer's presented values, or nil when it draws
    /// nothing (RS-9.3), one lookup per property: the reference that ``DrawGradient/make(_:)``
    /// (the draw list's single pass) is tested against.
    func drawGradientByLookup() -> DrawGradient? {
        guard hasRare, case .colorArray(let colors) = kindValue(.colors), colors.count >= 2 else { return nil }
        var locations: [Double]
        switch kindValue(.locations) {
        case .numberArray(let l):
            guard l.count == colors.count else { return nil }
            locations = l
        default:
            let n = Double(colors.count - 1)
            locations = (0..<colors.count).map { Double($0) / n }
        }
        var start = Point(x: 0.5, y: 0), end = Point(x: 0.5, y: 1)
        if case .point(let p) = kindValue(.startPoint) { start = p }
        if case .point(let p) = kindValue(.endPoint) { end = p }
        var focal = start
        if case .point(let o) = kindValue(.focalOffset) { focal = Point(x: start.x + o.x, y: start.y + o.y) }
        return DrawGradient(
            type: GradientType(rawValue: kindString(.gradientType)) ?? .axial, colors: colors,
            locations: locations, startPoint: start, endPoint: end, focalPoint: focal)
    }
}

// MARK: - The draw list's single pass (issue 28)

extension FillRule {
    /// `FillRule(rawValue: s) ?? .nonZero` by comparing with each name (a small string's
    /// comparison is two words), without the generic string switch.
    @inline(__always)
    static func parse(_ s: String) -> FillRule { s == "even-odd" ? .evenOdd : .nonZero }
}

extension LineCap {
    /// `LineCap(rawValue: s) ?? .butt` (see ``FillRule/parse(_:)``).
    @inline(__always)
    static func parse(_ s: String) -> LineCap { s == "round" ? .round : s == "square" ? .square : .butt }
}

extension LineJoin {
    /// `LineJoin(rawValue: s) ?? .miter` (see ``FillRule/parse(_:)``).
    @inline(__always)
    static func parse(_ s: String) -> LineJoin { s == "round" ? .round : s == "bevel" ? .bevel : .miter }
}

extension GradientType {
    /// `GradientType(rawValue: s) ?? .axial` (see ``FillRule/parse(_:)``).
    @inline(__always)
    static func parse(_ s: String) -> GradientType { s == "radial" ? .radial : s == "conic" ? .conic : .axial }
}

/// A shape layer's drawing values as the draw list reads them: each property's value
/// converted the way ``LayerProperties/drawShapeByLookup()`` converts it (a value of another
/// type reads as that property's fallback), before the clamps and the checks that make a
/// ``DrawShape``. Starts at every shape property's default (``defaults`` derives the same from
/// the property table; `DrawShapeSinglePassTests` checks they agree), written out so that a
/// record starts from constants, not from a copy of a shared value (issue 28).
struct ShapeValues: Equatable {
    var path: Path? = nil
    var fill: Color? = .black
    var fillRule = FillRule.nonZero
    var stroke: Color? = nil
    var width = 1.0
    var miterLimit = 10.0
    var cap = LineCap.butt
    var join = LineJoin.miter
    var dashes: [Double] = []
    var phase = 0.0
    var start = 0.0
    var end = 1.0

    /// The shape properties' ids: `path` … `strokeEnd`, consecutive.
    static let ids = PropertyID.path.rawValue...PropertyID.strokeEnd.rawValue

    /// Every shape property at its default (what a layer that set none of them draws), from
    /// the property table: the reference for `ShapeValues()`.
    static let defaults: ShapeValues = {
        var s = ShapeValues()
        for id in ids { s.take(id, Builtins.table[Int(id)].defaultValue) }
        return s
    }()

    /// Takes property `id`'s value.
    @inline(__always)
    mutating func take(_ id: UInt16, _ value: Value) {
        switch id {
        case PropertyID.path.rawValue:
            if case .path(let p) = value { path = p } else { path = nil }
        case PropertyID.fillColor.rawValue:
            if case .color(let c) = value { fill = c } else { fill = nil }
        case PropertyID.fillRule.rawValue:
            if case .string(let v) = value { fillRule = FillRule.parse(v) } else { fillRule = .nonZero }
        case PropertyID.strokeColor.rawValue:
            if case .color(let c) = value { stroke = c } else { stroke = nil }
        case PropertyID.lineWidth.rawValue:
            if case .number(let v) = value { width = v } else { width = 1 }
        case PropertyID.lineCap.rawValue:
            if case .string(let v) = value { cap = LineCap.parse(v) } else { cap = .butt }
        case PropertyID.lineJoin.rawValue:
            if case .string(let v) = value { join = LineJoin.parse(v) } else { join = .miter }
        case PropertyID.miterLimit.rawValue:
            if case .number(let v) = value { miterLimit = v } else { miterLimit = 10 }
        case PropertyID.lineDashPattern.rawValue:
            if case .numberArray(let d) = value { dashes = d } else { dashes = [] }
        case PropertyID.lineDashPhase.rawValue:
            if case .number(let v) = value { phase = v } else { phase = 0 }
        case PropertyID.strokeStart.rawValue:
            if case .number(let v) = value { start = v } else { start = 0 }
        case PropertyID.strokeEnd.rawValue:
            if case .number(let v) = value { end = v } else { end = 1 }
        default: break
        }
    }
}

extension DrawShape {
    /// The shape record of a shape layer whose kind-specific values are `values` (its presented
    /// ones), or nil without a path or with an empty one (nothing to draw, RS-8.1): one pass
    /// over the few values the layer stores, starting from the defaults, instead of a lookup
    /// per property (issue 28). Equal to ``LayerProperties/drawShapeByLookup()``. Not inlined:
    /// the draw list's record fill, which calls it for shape layers only, stays small enough
    /// to be inlined into the traversal.
    @inline(never)
    static func make(_ values: PropertyValues) -> DrawShape? {
        var s = ShapeValues()
        values.withEntries { buf in
            for k in buf.indices {
                let id = buf[k].id
                if id > ShapeValues.ids.upperBound { break }  // sorted: nothing further is a shape's
                if id >= ShapeValues.ids.lowerBound { s.take(id, buf[k].value) }
            }
        }
        guard let path = s.path, !path.elements.isEmpty else { return nil }
        let start = min(max(s.start, 0), 1)
        let end = min(max(s.end, 0), 1)
        var fill = s.fill
        if let f = fill, !(f.alpha > 0) { fill = nil }
        var stroke = s.stroke
        if !(s.width > 0) || !(start < end) { stroke = nil }
        return DrawShape(
            path: path, fillColor: fill, fillRule: s.fillRule, strokeColor: stroke, lineWidth: s.width,
            miterLimit: s.miterLimit, lineCap: s.cap, lineJoin: s.join, lineDashPattern: s.dashes,
            lineDashPhase: s.phase, strokeStart: start, strokeEnd: end)
    }
}

/// A gradient layer's values as the draw list reads them (see ``ShapeValues``), starting at
/// the defaults.
struct GradientValues: Equatable {
    var colors: [Color]? = nil
    /// The locations, or nil for evenly spaced ones (any value other than a number array).
    var locations: [Double]? = nil
    var start = Point(x: 0.5, y: 0)
    var end = Point(x: 0.5, y: 1)
    var focalOffset: Point? = Point(x: 0, y: 0)
    var type = GradientType.axial

    /// `colors` … `gradientType`, consecutive; `focalOffset` comes later.
    static let ids = PropertyID.colors.rawValue...PropertyID.gradientType.rawValue

    /// Every gradient property at its default, from the property table: the reference for
    /// `GradientValues()`.
    static let defaults: GradientValues = {
        var g = GradientValues()
        for id in ids { g.take(id, Builtins.table[Int(id)].defaultValue) }
        g.take(PropertyID.focalOffset.rawValue, Builtins.table[Int(PropertyID.focalOffset.rawValue)].defaultValue)
        return g
    }()

    @inline(__always)
    mutating func take(_ id: UInt16, _ value: Value) {
        switch id {
        case PropertyID.colors.rawValue:
            if case .colorArray(let c) = value { colors = c } else { colors = nil }
        case PropertyID.locations.rawValue:
            if case .numberArray(let l) = value { locations = l } else { locations = nil }
        case PropertyID.startPoint.rawValue:
            if case .point(let p) = value { start = p } else { start = Point(x: 0.5, y: 0) }
        case PropertyID.endPoint.rawValue:
            if case .point(let p) = value { end = p } else { end = Point(x: 0.5, y: 1) }
        case PropertyID.gradientType.rawValue:
            if case .string(let v) = value { type = GradientType.parse(v) } else { type = .axial }
        case PropertyID.focalOffset.rawValue:
            if case .point(let p) = value { focalOffset = p } else { focalOffset = nil }
        default: break
        }
    }
}

extension DrawGradient {
    /// The gradient record of a gradient layer whose kind-specific values are `values`, or nil
    /// when it draws nothing (RS-9.3): one pass over the stored values (issue 28). Equal to
    /// ``LayerProperties/drawGradientByLookup()``. Not inlined (see ``DrawShape/make(_:)``).
    @inline(never)
    static func make(_ values: PropertyValues) -> DrawGradient? {
        var g = GradientValues()
        values.withEntries { buf in
            for k in buf.indices {
                let id = buf[k].id
                if id > PropertyID.focalOffset.rawValue { break }
                if GradientValues.ids.contains(id) || id == PropertyID.focalOffset.rawValue { g.take(id, buf[k].value) }
            }
        }
        guard let colors = g.colors, colors.count >= 2 else { return nil }
        let locations: [Double]
        if let l = g.locations {
            guard l.count == colors.count else { return nil }
            locations = l
        } else {
            let n = Double(colors.count - 1)
            locations = (0..<colors.count).map { Double($0) / n }
        }
        let focal = g.focalOffset.map { Point(x: g.start.x + $0.x, y: g.start.y + $0.y) } ?? g.start
        return DrawGradient(
            type: g.type, colors: colors, locations: locations, startPoint: g.start, endPoint: g.end, focalPoint: focal)
    }
}
