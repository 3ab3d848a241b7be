// SPDX-License-Identifier: Apache-2.0
// Typed accessors for the contents properties, masks and the rest of the renderer-facing look
// (issue 10, R14). The key-value API reaches the same properties by their CA names.

extension Layer {
    private func look(_ key: PropertyID) -> Value {
        do { return try engine.value(of: id, forKey: .whole(key)) } catch { preconditionFailure("Lamina: \(error.message)") }
    }

    private func setLook(_ key: PropertyID, _ value: Value) {
        do { try engine.setValue(value, forKey: .whole(key), of: id) } catch { preconditionFailure("Lamina: \(error.message)") }
    }

    /// The image the layer shows (RS-4.1), or nil. A change cross-fades (RS-4.8).
    public var contents: Image? {
        get { if case .image(let v) = look(.contents) { return v }; return nil }
        set { setLook(.contents, newValue.map(Value.image) ?? .null) }
    }

    /// Where the contents go in the bounds (RS-4.3; default `.resize`).
    public var contentsGravity: ContentsGravity {
        get { if case .string(let v) = look(.contentsGravity) { return ContentsGravity(rawValue: v) ?? .resize }; return .resize }
        set { setLook(.contentsGravity, .string(newValue.rawValue)) }
    }

    /// The filter when the contents shrink (RS-4.7; default `.linear`).
    public var minificationFilter: ContentsFilter {
        get { if case .string(let v) = look(.minificationFilter) { return ContentsFilter(rawValue: v) ?? .linear }; return .linear }
        set { setLook(.minificationFilter, .string(newValue.rawValue)) }
    }

    /// The filter when the contents grow (RS-4.7; default `.linear`).
    public var magnificationFilter: ContentsFilter {
        get { if case .string(let v) = look(.magnificationFilter) { return ContentsFilter(rawValue: v) ?? .linear }; return .linear }
        set { setLook(.magnificationFilter, .string(newValue.rawValue)) }
    }

    /// The minification LOD bias (RS-4.7; default 0).
    public var minificationFilterBias: Double {
        get { if case .number(let v) = look(.minificationFilterBias) { return v }; return 0 }
        set { setLook(.minificationFilterBias, .number(newValue)) }
    }

    /// Which corners ``cornerRadius`` rounds (RS-1.5; default all four).
    public var maskedCorners: CornerMask {
        get { if case .number(let v) = look(.maskedCorners) { return CornerMask(rawValue: UInt8(v)) }; return .all }
        set { setLook(.maskedCorners, .number(Double(newValue.rawValue))) }
    }

    /// The corner shape (RS-1.6; default `.circular`).
    public var cornerCurve: CornerCurve {
        get { if case .string(let v) = look(.cornerCurve) { return CornerCurve(rawValue: v) ?? .circular }; return .circular }
        set { setLook(.cornerCurve, .string(newValue.rawValue)) }
    }

    /// How the layer's mask gates it (R16.9; default `.alpha`, Core Animation's).
    public var maskMode: MaskMode {
        get { if case .string(let v) = look(.maskMode) { return MaskMode(rawValue: v) ?? .alpha }; return .alpha }
        set { setLook(.maskMode, .string(newValue.rawValue)) }
    }

    /// The shadow's shape (RS-3.4), or nil for the layer's alpha.
    public var shadowPath: Path? {
        get { if case .path(let v) = look(.shadowPath) { return v }; return nil }
        set { setLook(.shadowPath, newValue.map(Value.path) ?? .null) }
    }

    /// Whether opacity < 1 composites the subtree as a group (RS-2.2; default true).
    public var allowsGroupOpacity: Bool {
        get { if case .bool(let v) = look(.allowsGroupOpacity) { return v }; return true }
        set { setLook(.allowsGroupOpacity, .bool(newValue)) }
    }

    /// Whether the sublayers' geometry is flipped vertically (RS-4.5; default false).
    public var isGeometryFlipped: Bool {
        get { if case .bool(let v) = look(.geometryFlipped) { return v }; return false }
        set { setLook(.geometryFlipped, .bool(newValue)) }
    }

    /// Whether the edges in ``edgeAntialiasingMask`` are antialiased (RS-11.2; default true,
    /// macOS's: Lamina's choice, docs/decisions.md).
    public var allowsEdgeAntialiasing: Bool {
        get { if case .bool(let v) = look(.allowsEdgeAntialiasing) { return v }; return true }
        set { setLook(.allowsEdgeAntialiasing, .bool(newValue)) }
    }

    /// Which edges are antialiased when ``allowsEdgeAntialiasing`` is on (RS-11.1; default all
    /// four).
    public var edgeAntialiasingMask: EdgeMask {
        get { if case .number(let v) = look(.edgeAntialiasingMask) { return EdgeMask(rawValue: UInt8(v)) }; return .all }
        set { setLook(.edgeAntialiasingMask, .number(Double(newValue.rawValue))) }
    }

    /// Whether the layer promises opaque contents (default false).
    public var isOpaque: Bool {
        get { if case .bool(let v) = look(.opaque) { return v }; return false }
        set { setLook(.opaque, .bool(newValue)) }
    }

    /// The layer's mask (RS-5.1), or nil: its alpha clips this layer and its subtree. The layer
    /// keeps its mask alive. Setting a layer of another engine, a layer that has a superlayer or
    /// is another layer's mask, or one that would make a cycle is a precondition failure (it
    /// traps with a message); ``setValue(_:forKeyPath:)`` does not reach masks.
    public var mask: Layer? {
        get {
            do { return try engine.mask(of: id).map { Layer(engine: engine, id: $0) } } catch { preconditionFailure("Lamina: \(error.message)") }
        }
        set {
            do { try engine.setMask(newValue?.id, of: id) } catch { preconditionFailure("Lamina: \(error.message)") }
        }
    }
}

/// Which corners of a layer ``Layer/cornerRadius`` rounds (`CACornerMask`'s role). The raw
/// values are the C ABI's and the `maskedCorners` key's bits.
public struct CornerMask: OptionSet, Hashable, Sendable {
    /// The bits: 1 minX-minY, 2 maxX-minY, 4 minX-maxY, 8 maxX-maxY.
    public let rawValue: UInt8
    /// Wraps raw bits (bits above the four corners are kept but mean nothing).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The corner at the smallest x and y (`layerMinXMinYCorner`).
    public static let minXMinY = CornerMask(rawValue: 1)
    /// The corner at the largest x and smallest y (`layerMaxXMinYCorner`).
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// The corner at the smallest x and largest y (`layerMinXMaxYCorner`).
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// The corner at the largest x and y (`layerMaxXMaxYCorner`).
    public static let maxXMaxY = CornerMask(rawValue: 8)
    /// All four corners (the default).
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// Which edges of a layer are antialiased (`CAEdgeAntialiasingMask`'s role). The raw values are
/// the C ABI's and the `edgeAntialiasingMask` key's bits.
public struct EdgeMask: OptionSet, Hashable, Sendable {
    /// The bits: 1 left (minX), 2 right (maxX), 4 bottom (minY), 8 top (maxY).
    public let rawValue: UInt8
    /// Wraps raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The edge at the smallest x (`layerLeftEdge`).
    public static let minX = EdgeMask(rawValue: 1)
    /// The edge at the largest x (`layerRightEdge`).
    public static let maxX = EdgeMask(rawValue: 2)
    /// The edge at the smallest y (`layerBottomEdge`).
    public static let minY = EdgeMask(rawValue: 4)
    /// The edge at the largest y (`layerTopEdge`).
    public static let maxY = EdgeMask(rawValue: 8)
    /// All four edges (the default).
    public static let all: EdgeMask = [.minX, .maxX, .minY, .maxY]
}
