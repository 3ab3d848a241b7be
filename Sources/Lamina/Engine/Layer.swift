// SPDX-License-Identifier: Apache-2.0
// The Swift face of a layer: a handle bound to its engine, with CALayer-like properties.

/// A layer of an ``Engine`` (CALayer's role): a handle that names a layer the engine stores.
///
/// ```swift
/// let engine = Engine()
/// let layer = engine.makeLayer()
/// layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
/// layer.position = Point(x: 50, y: 50)
/// try engine.tick(0)          // first commit: from now on changes animate implicitly
/// layer.opacity = 0           // fades over 0.25 s
/// ```
///
/// Layers live while the host holds a reference (``makeLayer()`` gives one; ``retain()`` and
/// ``release()`` manage more) or a superlayer holds them. The typed properties trap when the
/// layer is no longer alive, like an out-of-range array index; the throwing methods
/// (``value(forKeyPath:)``, ``setValue(_:forKeyPath:)``) report it as ``LaminaError``.
public struct Layer: Hashable, Sendable {
    /// The engine that owns the layer.
    public let engine: Engine
    /// The handle (the C ABI's `lamina_layer_t`).
    public let id: LayerID

    /// Wraps a handle of `engine`.
    public init(engine: Engine, id: LayerID) {
        self.engine = engine
        self.id = id
    }

    /// Two layers are equal when they name the same layer of the same engine.
    public static func == (a: Layer, b: Layer) -> Bool { a.engine === b.engine && a.id == b.id }

    /// Hashes the engine's identity and the handle.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(engine))
        hasher.combine(id)
    }

    // MARK: Lifetime

    /// Whether the layer is still alive.
    public var isAlive: Bool { engine.isAlive(id) }
    /// Adds a host reference.
    public func retain() throws(LaminaError) { try engine.retainLayer(id) }
    /// Drops a host reference; without references and a superlayer the layer is destroyed.
    public func release() throws(LaminaError) { try engine.releaseLayer(id) }

    // MARK: Tree

    /// The superlayer, or nil.
    public var superlayer: Layer? {
        (try? engine.superlayer(of: id))?.flatMap { Layer(engine: engine, id: $0) }
    }

    /// The sublayers, back to front.
    public var sublayers: [Layer] {
        ((try? engine.sublayers(of: id)) ?? []).map { Layer(engine: engine, id: $0) }
    }

    /// Appends a sublayer (on top), removing it from its old superlayer.
    public func addSublayer(_ layer: Layer) throws(LaminaError) {
        try engine.insertSublayer(layer.id, into: id, at: .end)
    }

    /// Inserts a sublayer at an index (clamped to the count).
    public func insertSublayer(_ layer: Layer, at index: Int) throws(LaminaError) {
        try engine.insertSublayer(layer.id, into: id, at: .index(index))
    }

    /// Inserts a sublayer just above a sibling.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) throws(LaminaError) {
        try engine.insertSublayer(layer.id, into: id, at: .above(sibling.id))
    }

    /// Inserts a sublayer just below a sibling.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) throws(LaminaError) {
        try engine.insertSublayer(layer.id, into: id, at: .below(sibling.id))
    }

    /// Removes the layer from its superlayer.
    public func removeFromSuperlayer() throws(LaminaError) { try engine.removeFromSuperlayer(id) }

    /// Replaces one of the sublayers with another layer.
    public func replaceSublayer(_ old: Layer, with new: Layer) throws(LaminaError) {
        try engine.replaceSublayer(old.id, with: new.id, in: id)
    }

    // MARK: Key-value access

    /// Reads a model property or key path (CA-7.6).
    public func value(forKeyPath keyPath: String) throws(LaminaError) -> Value {
        try engine.value(of: id, forKeyPath: keyPath)
    }

    /// Sets a property or key path; animates implicitly as described on ``Engine``.
    public func setValue(_ value: Value, forKeyPath keyPath: String) throws(LaminaError) {
        try engine.setValue(value, forKeyPath: keyPath, of: id)
    }

    /// Puts an explicit "no action" in the layer's actions for `key` (CA-3.5).
    public func setNoAction(forKey key: String) throws(LaminaError) {
        try engine.setNoAction(forKey: key, of: id)
    }

    /// Removes the layer's action entry for `key`.
    public func removeAction(forKey key: String) throws(LaminaError) {
        try engine.removeAction(forKey: key, of: id)
    }

    // MARK: Presentation

    /// Whether the layer has been committed, so it has a presentation (CA-1.2).
    public var hasPresentation: Bool { (try? engine.hasPresentation(id)) ?? false }

    /// The presentation value of a key path at `time` (the current engine time when nil), or
    /// nil before the layer's first commit (R3).
    public func presentationValue(forKeyPath keyPath: String, at time: Double? = nil) throws(LaminaError) -> Value? {
        try engine.presentationValue(of: id, forKeyPath: keyPath, at: time)
    }

    // MARK: Typed properties

    private func get(_ key: PropertyID) -> Value {
        do {
            return try engine.value(of: id, forKey: ResolvedKey(property: key, component: .whole))
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }

    private func set(_ key: PropertyID, _ value: Value) {
        do {
            try engine.setValue(value, forKey: ResolvedKey(property: key, component: .whole), of: id)
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }

    /// The layer's bounds (CA-12.1).
    public var bounds: Rect {
        get { if case .rect(let v) = get(.bounds) { return v }; return .zero }
        nonmutating set { set(.bounds, .rect(newValue)) }
    }

    /// Where the anchor point sits in the superlayer's space.
    public var position: Point {
        get { if case .point(let v) = get(.position) { return v }; return .zero }
        nonmutating set { set(.position, .point(newValue)) }
    }

    /// The z component of the position.
    public var zPosition: Double {
        get { if case .number(let v) = get(.zPosition) { return v }; return 0 }
        nonmutating set { set(.zPosition, .number(newValue)) }
    }

    /// The anchor point in unit coordinates of the bounds (default (0.5, 0.5)).
    public var anchorPoint: Point {
        get { if case .point(let v) = get(.anchorPoint) { return v }; return .zero }
        nonmutating set { set(.anchorPoint, .point(newValue)) }
    }

    /// The z component of the anchor point.
    public var anchorPointZ: Double {
        get { if case .number(let v) = get(.anchorPointZ) { return v }; return 0 }
        nonmutating set { set(.anchorPointZ, .number(newValue)) }
    }

    /// The transform applied about the anchor point.
    public var transform: Transform3D {
        get { if case .transform(let v) = get(.transform) { return v }; return .identity }
        nonmutating set { set(.transform, .transform(newValue)) }
    }

    /// The transform applied to the sublayers.
    public var sublayerTransform: Transform3D {
        get { if case .transform(let v) = get(.sublayerTransform) { return v }; return .identity }
        nonmutating set { set(.sublayerTransform, .transform(newValue)) }
    }

    /// Whether the layer (and its subtree) is hidden.
    public var isHidden: Bool {
        get { if case .bool(let v) = get(.hidden) { return v }; return false }
        nonmutating set { set(.hidden, .bool(newValue)) }
    }

    /// Whether the back side shows when rotated away (default true).
    public var isDoubleSided: Bool {
        get { if case .bool(let v) = get(.doubleSided) { return v }; return true }
        nonmutating set { set(.doubleSided, .bool(newValue)) }
    }

    /// Whether sublayers are clipped to the bounds.
    public var masksToBounds: Bool {
        get { if case .bool(let v) = get(.masksToBounds) { return v }; return false }
        nonmutating set { set(.masksToBounds, .bool(newValue)) }
    }

    /// The part of the contents shown, in unit coordinates.
    public var contentsRect: Rect {
        get { if case .rect(let v) = get(.contentsRect) { return v }; return .zero }
        nonmutating set { set(.contentsRect, .rect(newValue)) }
    }

    /// The stretchable centre of the contents, in unit coordinates.
    public var contentsCenter: Rect {
        get { if case .rect(let v) = get(.contentsCenter) { return v }; return .zero }
        nonmutating set { set(.contentsCenter, .rect(newValue)) }
    }

    /// The contents' scale factor.
    public var contentsScale: Double {
        get { if case .number(let v) = get(.contentsScale) { return v }; return 1 }
        nonmutating set { set(.contentsScale, .number(newValue)) }
    }

    /// The background colour; nil (the default) draws nothing.
    public var backgroundColor: Color? {
        get { if case .color(let v) = get(.backgroundColor) { return v }; return nil }
        nonmutating set { set(.backgroundColor, newValue.map(Value.color) ?? .null) }
    }

    /// The corner radius.
    public var cornerRadius: Double {
        get { if case .number(let v) = get(.cornerRadius) { return v }; return 0 }
        nonmutating set { set(.cornerRadius, .number(newValue)) }
    }

    /// The border width.
    public var borderWidth: Double {
        get { if case .number(let v) = get(.borderWidth) { return v }; return 0 }
        nonmutating set { set(.borderWidth, .number(newValue)) }
    }

    /// The border colour (default opaque black).
    public var borderColor: Color? {
        get { if case .color(let v) = get(.borderColor) { return v }; return nil }
        nonmutating set { set(.borderColor, newValue.map(Value.color) ?? .null) }
    }

    /// The opacity (default 1).
    public var opacity: Double {
        get { if case .number(let v) = get(.opacity) { return v }; return 1 }
        nonmutating set { set(.opacity, .number(newValue)) }
    }

    /// The shadow colour (default opaque black).
    public var shadowColor: Color? {
        get { if case .color(let v) = get(.shadowColor) { return v }; return nil }
        nonmutating set { set(.shadowColor, newValue.map(Value.color) ?? .null) }
    }

    /// The shadow opacity (default 0).
    public var shadowOpacity: Double {
        get { if case .number(let v) = get(.shadowOpacity) { return v }; return 0 }
        nonmutating set { set(.shadowOpacity, .number(newValue)) }
    }

    /// The shadow offset (default (0, −3)).
    public var shadowOffset: Size {
        get { if case .size(let v) = get(.shadowOffset) { return v }; return .zero }
        nonmutating set { set(.shadowOffset, .size(newValue)) }
    }

    /// The shadow blur radius (default 3).
    public var shadowRadius: Double {
        get { if case .number(let v) = get(.shadowRadius) { return v }; return 3 }
        nonmutating set { set(.shadowRadius, .number(newValue)) }
    }

    /// Whether the layer is rendered as a bitmap before compositing.
    public var shouldRasterize: Bool {
        get { if case .bool(let v) = get(.shouldRasterize) { return v }; return false }
        nonmutating set { set(.shouldRasterize, .bool(newValue)) }
    }

    /// The rasterization scale (default 1).
    public var rasterizationScale: Double {
        get { if case .number(let v) = get(.rasterizationScale) { return v }; return 1 }
        nonmutating set { set(.rasterizationScale, .number(newValue)) }
    }

    /// The layer's name (default nil).
    public var name: String? {
        get { if case .string(let v) = get(.name) { return v }; return nil }
        nonmutating set { set(.name, newValue.map(Value.string) ?? .null) }
    }
}

extension Engine {
    /// Creates a layer with one host reference (see ``Layer``).
    ///
    /// Traps only when the engine's 2³²−2 layer slots are exhausted; ``createLayer()`` throws
    /// instead.
    public func makeLayer() -> Layer {
        do {
            return Layer(engine: self, id: try createLayer())
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }

    /// The engine's current time: that of the last tick (0 before the first); with a
    /// ``clock``, commits also move it forward to the clock's reading (R1).
    public var time: Double { lock.withLock { now } }
}
