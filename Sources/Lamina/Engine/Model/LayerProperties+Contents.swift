// SPDX-License-Identifier: Apache-2.0
// The contents properties and the rest of the renderer-facing look (issue 10, R14): storage,
// the Core Animation names of their enumerations, and their validation.

/// Where a layer's contents go in its bounds (`contentsGravity`, RS-4.3). The raw values are
/// Core Animation's names. "top" means maxY and "bottom" minY of layer space: in Lamina's
/// y-down tree (R14) `top` lands at the visual bottom, as on iOS (RS-4.5).
public enum ContentsGravity: String, Sendable, CaseIterable {
    /// Fill the bounds (the default).
    case resize
    /// Fit inside the bounds keeping the aspect ratio, centred.
    case resizeAspect
    /// Cover the bounds keeping the aspect ratio, centred (overflows).
    case resizeAspectFill
    /// Unscaled, centred.
    case center
    /// Unscaled, centred horizontally at maxY.
    case top
    /// Unscaled, centred horizontally at minY.
    case bottom
    /// Unscaled, centred vertically at minX.
    case left
    /// Unscaled, centred vertically at maxX.
    case right
    /// Unscaled at (minX, maxY).
    case topLeft
    /// Unscaled at (maxX, maxY).
    case topRight
    /// Unscaled at (minX, minY).
    case bottomLeft
    /// Unscaled at (maxX, minY).
    case bottomRight

    /// The C ABI's LAMINA_GRAVITY_* number (the case order).
    package var code: Int32 {
        switch self {
        case .resize: return 0
        case .resizeAspect: return 1
        case .resizeAspectFill: return 2
        case .center: return 3
        case .top: return 4
        case .bottom: return 5
        case .left: return 6
        case .right: return 7
        case .topLeft: return 8
        case .topRight: return 9
        case .bottomLeft: return 10
        case .bottomRight: return 11
        }
    }

    /// The destination rectangle D of contents of size `size` (points) in `bounds` (RS-4.3).
    package func destination(contentSize size: Size, in bounds: Rect) -> Rect {
        let b = bounds.standardized
        let W = b.size.width, H = b.size.height, sw = size.width, sh = size.height
        switch self {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard sw > 0, sh > 0 else { return b }
            let k = self == .resizeAspect ? min(W / sw, H / sh) : max(W / sw, H / sh)
            let w = k * sw, h = k * sh
            return Rect(x: b.origin.x + (W - w) / 2, y: b.origin.y + (H - h) / 2, width: w, height: h)
        default:
            let x: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = b.origin.x
            case .right, .topRight, .bottomRight: x = b.origin.x + W - sw
            default: x = b.origin.x + (W - sw) / 2
            }
            let y: Double
            switch self {
            case .bottom, .bottomLeft, .bottomRight: y = b.origin.y
            case .top, .topLeft, .topRight: y = b.origin.y + H - sh
            default: y = b.origin.y + (H - sh) / 2
            }
            return Rect(x: x, y: y, width: sw, height: sh)
        }
    }
}

/// A sampling filter for contents (RS-4.7). The raw values are Core Animation's names.
public enum ContentsFilter: String, Sendable, CaseIterable {
    /// Bilinear (the default).
    case linear
    /// Nearest pixel.
    case nearest
    /// Mipmapped (minification; a magnification renderer treats it as linear).
    case trilinear

    /// The C ABI's LAMINA_FILTER_* number.
    package var code: Int32 {
        switch self {
        case .linear: return 0
        case .nearest: return 1
        case .trilinear: return 2
        }
    }
}

/// The shape of rounded corners (`cornerCurve`, RS-1.6). The raw values are Core Animation's
/// names.
public enum CornerCurve: String, Sendable, CaseIterable {
    /// Quarter circles (the default).
    case circular
    /// The curvature-continuous corner of RS-1.7 (it starts 1.528665·r from the corner).
    case continuous

    /// The C ABI's LAMINA_CORNER_CURVE_* number.
    package var code: Int32 { self == .circular ? 0 : 1 }

    /// How far along each edge the corner extends, in units of the radius
    /// (`cornerCurveExpansionFactor`, RS-1.6).
    package var expansionFactor: Double { self == .circular ? 1 : 1.528665 }
}

/// How a layer's mask gates the layer (R16.9): Core Animation's masks use the mask's alpha;
/// the other modes are Lamina's, for track mattes of imported animations (Lottie, After
/// Effects), which read the mask's luminance or invert it.
public enum MaskMode: String, Sendable, CaseIterable {
    /// The mask's alpha (Core Animation's masks; the default).
    case alpha
    /// One minus the mask's alpha: the layer shows where the mask draws nothing.
    case alphaInverted
    /// The luminance of the mask's premultiplied colour (Rec. 709 weights): white shows the
    /// layer, black and transparent hide it.
    case luminance
    /// One minus the luminance: black and transparent parts of the mask show the layer.
    case luminanceInverted
}

/// The boxed storage of the look properties (in RareProperties: layers that set none share
/// the default box and pay nothing).
struct LookProperties: Sendable {
    var contents: Image? = nil
    var contentsGravity: ContentsGravity = .resize
    var minificationFilter: ContentsFilter = .linear
    var magnificationFilter: ContentsFilter = .linear
    var minificationFilterBias: Double = 0
    var maskedCorners: UInt8 = 15
    var cornerCurve: CornerCurve = .circular
    var shadowPath: Path? = nil
    var edgeAntialiasingMask: UInt8 = 15
    var maskMode: MaskMode = .alpha
    /// Filters and blend mode (R19): nil for the layers without any (nearly all).
    var effects: LayerFilters? = nil {
        didSet { hasEffects = effects != nil }
    }
    /// Whether ``effects`` is set: a plain flag the draw list tests per record, where reading
    /// the reference would cost a retain and release.
    var hasEffects = false
}

/// A layer's filters, background filters and blend mode (R19), boxed: one reference in the
/// look, nil for layers without any, so they pay one pointer and the draw list one nil test.
/// Immutable: a change stores a new box.
final class LayerFilters: Sendable {
    let filters: [Filter]
    let backgroundFilters: [Filter]
    let blendMode: BlendMode

    init(filters: [Filter], backgroundFilters: [Filter], blendMode: BlendMode) {
        self.filters = filters
        self.backgroundFilters = backgroundFilters
        self.blendMode = blendMode
    }

    /// The box of these values, or nil when they are all empty (normal blending).
    static func make(filters: [Filter], backgroundFilters: [Filter], blendMode: BlendMode) -> LayerFilters? {
        filters.isEmpty && backgroundFilters.isEmpty && blendMode == .normal
            ? nil : LayerFilters(filters: filters, backgroundFilters: backgroundFilters, blendMode: blendMode)
    }
}

extension LayerProperties {
    /// Reads a look property, or nil for another property.
    func getLook(_ id: PropertyID) -> Value? {
        switch id {
        case .contents: return rare.look.contents.map(Value.image) ?? .null
        case .contentsGravity: return .string(rare.look.contentsGravity.rawValue)
        case .minificationFilter: return .string(rare.look.minificationFilter.rawValue)
        case .magnificationFilter: return .string(rare.look.magnificationFilter.rawValue)
        case .minificationFilterBias: return .number(rare.look.minificationFilterBias)
        case .maskedCorners: return .number(Double(rare.look.maskedCorners))
        case .cornerCurve: return .string(rare.look.cornerCurve.rawValue)
        case .shadowPath: return rare.look.shadowPath.map(Value.path) ?? .null
        case .allowsGroupOpacity: return .bool(flag(Flags.allowsGroupOpacity))
        case .geometryFlipped: return .bool(flag(Flags.geometryFlipped))
        case .allowsEdgeAntialiasing: return .bool(flag(Flags.allowsEdgeAntialiasing))
        case .edgeAntialiasingMask: return .number(Double(rare.look.edgeAntialiasingMask))
        case .opaque: return .bool(flag(Flags.opaque))
        case .maskMode: return .string(rare.look.maskMode.rawValue)
        case .filters:
            guard let f = rare.look.effects?.filters, !f.isEmpty else { return .null }
            return .filterArray(f)
        case .backgroundFilters:
            guard let f = rare.look.effects?.backgroundFilters, !f.isEmpty else { return .null }
            return .filterArray(f)
        case .compositingFilter:
            guard let m = rare.look.effects?.blendMode, m != .normal else { return .null }
            return .string(m.name)
        default: return nil
        }
    }

    /// Writes a look property (already validated by ``Engine/checkLook(_:_:)``); false for
    /// another property.
    mutating func setLook(_ id: PropertyID, _ value: Value) -> Bool {
        switch (id, value) {
        case let (.contents, .image(v)): rare.look.contents = v
        case (.contents, .null): rare.look.contents = nil
        case let (.contentsGravity, .string(v)): rare.look.contentsGravity = ContentsGravity(rawValue: v) ?? .resize
        case let (.minificationFilter, .string(v)): rare.look.minificationFilter = ContentsFilter(rawValue: v) ?? .linear
        case let (.magnificationFilter, .string(v)): rare.look.magnificationFilter = ContentsFilter(rawValue: v) ?? .linear
        case let (.minificationFilterBias, .number(v)): rare.look.minificationFilterBias = v
        case let (.maskedCorners, .number(v)): rare.look.maskedCorners = UInt8(v)
        case let (.cornerCurve, .string(v)): rare.look.cornerCurve = CornerCurve(rawValue: v) ?? .circular
        case let (.shadowPath, .path(v)): rare.look.shadowPath = v
        case (.shadowPath, .null): rare.look.shadowPath = nil
        case let (.allowsGroupOpacity, .bool(v)): setFlag(Flags.allowsGroupOpacity, v)
        case let (.geometryFlipped, .bool(v)): setFlag(Flags.geometryFlipped, v)
        case let (.allowsEdgeAntialiasing, .bool(v)): setFlag(Flags.allowsEdgeAntialiasing, v)
        case let (.edgeAntialiasingMask, .number(v)): rare.look.edgeAntialiasingMask = UInt8(v)
        case let (.opaque, .bool(v)): setFlag(Flags.opaque, v)
        case let (.maskMode, .string(v)): rare.look.maskMode = MaskMode(rawValue: v) ?? .alpha
        case (.filters, _), (.backgroundFilters, _), (.compositingFilter, _):
            // R19: one box for the three; an empty array or normal blending is none.
            let e = rare.look.effects
            var filters = e?.filters ?? [], background = e?.backgroundFilters ?? [], mode = e?.blendMode ?? .normal
            switch (id, value) {
            case let (.filters, .filterArray(a)): filters = a
            case (.filters, _): filters = []
            case let (.backgroundFilters, .filterArray(a)): background = a
            case (.backgroundFilters, _): background = []
            case let (.compositingFilter, .string(v)): mode = BlendMode(name: v) ?? .normal
            default: mode = .normal
            }
            if e == nil && filters.isEmpty && background.isEmpty && mode == .normal { return true }
            rare.look.effects = LayerFilters.make(filters: filters, backgroundFilters: background, blendMode: mode)
        default: return false
        }
        return true
    }
}

extension Engine {
    /// Rejects values of the right type that the property cannot take: an unknown gravity,
    /// filter or corner curve name, a mask that is not a whole number in 0…15 (Lamina's choice:
    /// a clear error rather than CA's silent fallback to `center`).
    func checkLook(_ id: PropertyID, _ value: Value) throws(LaminaError) {
        if id.isKindSpecific { return try checkKindValue(id, value) }
        // Only these keys have rules: others skip the (value-copying) match.
        guard id == .contentsGravity || id == .minificationFilter || id == .magnificationFilter
            || id == .cornerCurve || id == .maskedCorners || id == .edgeAntialiasingMask
            || id == .maskMode || id == .filters || id == .backgroundFilters || id == .compositingFilter
        else { return }
        switch (id, value) {
        case let (.contentsGravity, .string(v)) where ContentsGravity(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown contentsGravity '\(v)'; one of \(ContentsGravity.allCases.map(\.rawValue).joined(separator: ", "))")
        case let (.minificationFilter, .string(v)) where ContentsFilter(rawValue: v) == nil,
             let (.magnificationFilter, .string(v)) where ContentsFilter(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown filter '\(v)'; one of linear, nearest, trilinear")
        case let (.cornerCurve, .string(v)) where CornerCurve(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown cornerCurve '\(v)'; one of circular, continuous")
        case let (.maskMode, .string(v)) where MaskMode(rawValue: v) == nil:
            throw LaminaError(.invalidArgument, "unknown maskMode '\(v)'; one of \(MaskMode.allCases.map(\.rawValue).joined(separator: ", "))")
        case let (.compositingFilter, .string(v)) where BlendMode(name: v) == nil:
            throw LaminaError(.invalidArgument, "unknown compositingFilter '\(v)'; one of \(BlendMode.allCases.map(\.name).joined(separator: ", ")) (R19.3)")
        case let (.filters, .filterArray(a)), let (.backgroundFilters, .filterArray(a)):
            try checkFilters(a, info(of: id).name)
        case let (.maskedCorners, .number(v)) where !(v >= 0 && v <= 15 && v == v.rounded()),
             let (.edgeAntialiasingMask, .number(v)) where !(v >= 0 && v <= 15 && v == v.rounded()):
            throw LaminaError(.invalidArgument, "'\(info(of: id).name)' takes a whole number in 0…15, got \(v)")
        default: break
        }
    }
}

extension Engine {
    /// Rejects a filter array a layer cannot hold (R19.6): more than ``Filter/maximumCount``
    /// filters, or a filter with a problem (``Filter/problem``).
    func checkFilters(_ filters: [Filter], _ key: String) throws(LaminaError) {
        guard filters.count <= Filter.maximumCount else {
            throw LaminaError(.invalidArgument, "'\(key)' holds at most \(Filter.maximumCount) filters, got \(filters.count) (R19.6)")
        }
        for f in filters {
            if let problem = f.problem { throw LaminaError(.invalidArgument, "'\(key)': \(problem) (R19.6)") }
        }
    }
}
