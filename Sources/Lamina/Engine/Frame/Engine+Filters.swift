// SPDX-License-Identifier: Apache-2.0
// Filters in the draw list (issue 32, R19; docs/draw-records.md section 18): a record's
// filters evaluated for a renderer (the blur's root-space σ, each colour filter as a matrix),
// and the group they make. Only layers with filters pay anything here.

/// One filter of a record, as a renderer applies it (docs/draw-records.md section 18).
public struct DrawFilter: Hashable, Sendable {
    /// The filter's type.
    public var type: FilterType
    /// The presented inputs, laid out as ``Filter/parameters``.
    public var parameters: [Double]
    /// A blur's Gaussian σ in root space: `inputRadius` times the record's scale, clamped to
    /// [0, ``Filter/maximumSigma``] (R19.6); 0 for the other types.
    public var sigma: Double
    /// The filter as one 4×5 matrix on straight sRGB RGBA (``Filter/colorMatrix``).
    public var matrix: [Double]
}

/// A record's filters, background filters and blend mode (R19), boxed so that
/// ``DrawRecord`` stays small for the records without any.
public final class DrawFilters: Hashable, Sendable {
    /// How the record's group composites (R19.3).
    public let blendMode: BlendMode
    /// The filters of the record's group, in order (R19.2).
    public let filters: [DrawFilter]
    /// The filters of the backdrop under the record's bounds shape, in order (R19.5).
    public let backgroundFilters: [DrawFilter]
    /// Root-space points the filters spread ink beyond the group: 3 × Σσ.
    public let reach: Double
    /// Root-space points the background blurs reach: 3 × Σσ (the read is the bounds box only,
    /// mirrored at its edges; damage uses the reach).
    public let backgroundReach: Double

    /// Boxes a record's filters.
    public init(blendMode: BlendMode, filters: [DrawFilter], backgroundFilters: [DrawFilter]) {
        self.blendMode = blendMode
        self.filters = filters
        self.backgroundFilters = backgroundFilters
        reach = 3 * filters.reduce(0) { $0 + $1.sigma }
        backgroundReach = 3 * backgroundFilters.reduce(0) { $0 + $1.sigma }
    }

    /// Whether the record is an offscreen group because of them: filters or a blend mode.
    public var makesGroup: Bool { !filters.isEmpty || blendMode != .normal }

    /// Equal when every field is.
    public static func == (a: DrawFilters, b: DrawFilters) -> Bool {
        a === b || (a.blendMode == b.blendMode && a.filters == b.filters && a.backgroundFilters == b.backgroundFilters)
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(blendMode)
        hasher.combine(filters)
        hasher.combine(backgroundFilters)
    }

    /// The draw filters of a layer's presented filters under a world transform whose 2D part
    /// scales by `scale` (√|det|, docs/draw-records.md section 18).
    static func make(_ e: LayerFilters, scale: Double) -> DrawFilters {
        func draw(_ f: Filter) -> DrawFilter {
            var sigma = 0.0
            if f.type == .gaussianBlur, let r = f.parameters.first {
                let s = r * scale
                // R19.6: NaN (never stored, but an animation's arithmetic) and negative give 0.
                sigma = s > 0 ? min(s, Filter.maximumSigma) : 0
            }
            return DrawFilter(type: f.type, parameters: f.parameters, sigma: sigma, matrix: f.colorMatrix)
        }
        return DrawFilters(blendMode: e.blendMode, filters: e.filters.map(draw), backgroundFilters: e.backgroundFilters.map(draw))
    }
}

extension DrawRecord {
    /// Writes the record's filters from the layer's presented ones (nil: none). Called only
    /// for records whose layer has a box of rare values and filters, or that follow one that
    /// had filters. Out of line: inlined, its arrays' code made the draw list's traversal too
    /// big for the optimiser to inline the record fill into it, which cost every record ~80
    /// instructions (issue 29).
    @inline(never)
    mutating func setFilters(_ e: LayerFilters?) {
        guard let e else {
            clearFilters()
            return
        }
        let m = transform
        let scale = abs(m.m11 * m.m22 - m.m12 * m.m21).squareRoot()
        let d = DrawFilters.make(e, scale: scale.isFinite ? scale : 0)
        filters = d
        hasFilters = true
        filtersMakeGroup = d.makesGroup
    }

    /// Drops the filters.
    @inline(__always)
    mutating func clearFilters() {
        if hasFilters {
            filters = nil
            hasFilters = false
            filtersMakeGroup = false
        }
    }

    /// For a record with filters: whether they make it a group (R19.2, R19.3). Inside a mask
    /// they are dropped and make none (a mask's own filters are ignored, R19.2). Out of line:
    /// the traversal calls it only after testing ``hasFilters``.
    @inline(never)
    mutating func filtersGroup(inMask: Bool) -> Bool {
        if inMask {
            clearFilters()
            return false
        }
        return filtersMakeGroup
    }
}
