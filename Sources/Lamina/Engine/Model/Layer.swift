// SPDX-License-Identifier: Apache-2.0
// The Swift face of a layer: a handle bound to its engine, with CALayer-like properties.

/// A layer of an ``Engine`` (CALayer's role): a reference-counted object bound to one layer
/// the engine stores.
///
/// ```swift
/// let engine = Engine()
/// let layer = engine.makeLayer()
/// layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
/// layer.position = Point(x: 50, y: 50)
/// engine.tick(0)          // first commit: from now on changes animate implicitly
/// layer.opacity = 0           // fades over 0.25 s
/// ```
///
/// ## Lifetime
///
/// A `Layer` object holds one reference on its engine layer for as long as the object lives
/// (ARC): there is no `retain`/`release` to call. The engine layer lives while any `Layer`
/// object for it exists, while it has a superlayer, or while it is another layer's mask, and
/// is destroyed (with the sublayers nothing else keeps) when all of these are gone — so a
/// layer you add to a tree and stop referring to stays on screen, like a `CALayer`.
/// A `Layer` keeps its ``engine`` alive; an engine does not keep `Layer` objects alive. Avoid
/// capturing a layer strongly in a closure the engine stores (a delegate, an action, an
/// animation delegate): that closure, stored by the engine, keeps the layer — and through it
/// the engine — alive until it is replaced or removed; capture `[weak layer]` instead.
///
/// ## Identity
///
/// One engine layer has at most one live `Layer` object: ``superlayer``, ``sublayers``,
/// ``mask`` and ``hitTest(_:in:)`` return the very object you created (`===`) while it lives,
/// and create a new one (which then stays the one) when none does. `==` and hashing compare the
/// engine and the engine layer, so they agree with `===` for live layers.
///
/// ## Threading
///
/// `Layer` is `Sendable`: use it from any thread, as the engine is thread-safe; changes join
/// the calling thread's transaction (``Transaction``). The last reference may go away on any
/// thread, including inside an engine callback; when it goes away while the engine itself
/// holds its lock on that thread (a closure the engine drops while working), the reference is
/// dropped later instead of re-entering the engine: at the next ``Engine/makeLayer()``, tree
/// lookup (``superlayer``, ``sublayers``, ``mask``, ``hitTest(_:in:)``, a callback's layer) or
/// `Layer` deinit on any thread.
///
/// ## Preconditions
///
/// The typed properties (``bounds``, ``opacity``, …) follow `CALayer`'s contract: a value the
/// engine rejects (a NaN or infinite number, a negative size where one is not allowed) is a
/// programming error and traps with a message, as `CALayer` raises an exception for a NaN
/// position. The throwing methods (``setValue(_:forKeyPath:)``, ``add(_:forKey:)``, …) report
/// the same problems as ``LaminaError`` instead, for values that come from outside the program.
/// A layer object handed to a callback after its engine layer was destroyed (an animation's
/// `didStop` for a layer that went away) reports ``isAlive`` as false; its typed properties
/// trap and its throwing methods throw `staleHandle`.
///
/// ## Kinds
///
/// A layer's kind is chosen at creation (``LayerKind``): ``Engine/makeLayer()`` makes a plain
/// layer, ``Engine/makeShapeLayer()``, ``Engine/makeGradientLayer()`` and
/// ``Engine/makeReplicatorLayer()`` make a ``ShapeLayer``, ``GradientLayer`` or
/// ``ReplicatorLayer``, the subclasses with the kind's own properties. Layers the engine hands
/// back (``superlayer``, ``sublayers``, ``mask``, ``hitTest(_:in:)``, callbacks) are of their
/// kind's subclass, so `layer as? ShapeLayer` works on them.
public class Layer: Hashable, @unchecked Sendable, LayerLookup {
    /// The engine that owns the layer. A layer keeps its engine alive.
    public let engine: Engine
    /// The engine layer's handle (the C ABI's `lamina_layer_t`): what a ``DrawRecord`` names
    /// its layer by, so a renderer can match records to layers.
    public let id: LayerID
    /// Whether this object holds a host reference on its engine layer (guarded by the
    /// registry's lock): false for a dead layer handed to a callback, and after
    /// ``releaseHostReference()``.
    var ownsReference: Bool

    /// Only the registry makes layer objects, so one engine layer has one object.
    required init(bound engine: Engine, id: LayerID, ownsReference: Bool) {
        self.engine = engine
        self.id = id
        self.ownsReference = ownsReference
    }

    deinit { LayerRegistry.shared.objectWillDie(self) }

    /// Two layers are equal when they name the same layer of the same engine (for live layers,
    /// exactly when they are the same object).
    public static func == (a: Layer, b: Layer) -> Bool { a.engine === b.engine && a.id == b.id }

    /// Hashes the engine's identity and the engine layer.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(engine))
        hasher.combine(id)
    }

    /// The layer's kind, fixed at creation: `.plain` for a ``Layer``, else that of its
    /// subclass (``ShapeLayer``, ``GradientLayer``, ``ReplicatorLayer``).
    public var kind: LayerKind { .plain }

    // MARK: Lifetime

    /// Whether the engine layer is alive: always true for a layer you created or got from the
    /// tree; false only for a layer object a callback receives after its layer was destroyed.
    public var isAlive: Bool { engine.isAlive(id) }

    /// Drops this object's host reference now rather than at `deinit` (the C ABI's
    /// `lamina_layer_release` on the object's reference). For tests of the engine's reference
    /// counting; not public, since a released layer must not exist in the Swift API.
    ///
    /// - Throws: what ``Engine/releaseLayer(_:)`` throws (`staleHandle` for a destroyed layer,
    ///   `misuse` when no host reference is left).
    package func releaseHostReference() throws(LaminaError) {
        LayerRegistry.shared.disown(self)
        try engine.releaseLayer(id)
    }

    // MARK: Tree

    /// The superlayer, or nil.
    public var superlayer: Layer? {
        (try? engine.superlayer(of: id))?.flatMap { Layer(engine: engine, id: $0) }
    }

    /// The sublayers, back to front.
    public var sublayers: [Layer] {
        ((try? engine.sublayers(of: id)) ?? []).map { Layer(engine: engine, id: $0) }
    }

    // The edits below cannot fail for live layers of one engine used as CALayer's are, so they
    // do not throw (issue 30 item 9). What `CALayer` leaves undefined or raises on is a
    // programming error and traps with a `Lamina:` message naming the layer, as the typed
    // property setters do: a layer of another engine, a cycle (adding an ancestor, or the
    // layer itself), a sibling or old layer that is not a sublayer, a layer object whose layer
    // was destroyed (only a callback can hold one). The C ABI reports the same cases as statuses.

    /// Appends a sublayer (on top), removing it from its old superlayer.
    ///
    /// Traps (a programming error) when `layer` is of another engine, is this layer or one of
    /// its ancestors, or either layer was destroyed.
    public func addSublayer(_ layer: Layer) {
        trapping { () throws(LaminaError) in try engine.insertSublayer(layer.id, into: id, at: .end) }
    }

    /// Inserts a sublayer at an index (clamped to the count, as `CALayer` appends past the end).
    ///
    /// Traps as ``addSublayer(_:)`` does.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        trapping { () throws(LaminaError) in try engine.insertSublayer(layer.id, into: id, at: .index(index)) }
    }

    /// Inserts a sublayer just above a sibling.
    ///
    /// Traps as ``addSublayer(_:)`` does, and when `sibling` is not one of the sublayers.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) {
        trapping { () throws(LaminaError) in try engine.insertSublayer(layer.id, into: id, at: .above(sibling.id)) }
    }

    /// Inserts a sublayer just below a sibling.
    ///
    /// Traps as ``addSublayer(_:)`` does, and when `sibling` is not one of the sublayers.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) {
        trapping { () throws(LaminaError) in try engine.insertSublayer(layer.id, into: id, at: .below(sibling.id)) }
    }

    /// Removes the layer from its superlayer; does nothing when it has none (as `CALayer`),
    /// and for a layer object whose layer was destroyed (it is in no tree).
    public func removeFromSuperlayer() {
        guard isAlive else { return }
        trapping { () throws(LaminaError) in try engine.removeFromSuperlayer(id) }
    }

    /// Replaces one of the sublayers with another layer.
    ///
    /// Traps as ``addSublayer(_:)`` does for `new`, and when `old` is not one of the sublayers
    /// (`CALayer` leaves that undefined).
    public func replaceSublayer(_ old: Layer, with new: Layer) {
        trapping { () throws(LaminaError) in try engine.replaceSublayer(old.id, with: new.id, in: id) }
    }

    /// Runs an engine call that fails only on a programming error, trapping with the error
    /// (the layer named) if it does.
    final func trapping(_ body: () throws(LaminaError) -> Void) {
        do {
            try onLayer(body)
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }

    // MARK: Key-value access

    /// Reads a model property or key path (CA-7.6).
    public func value(forKeyPath keyPath: String) throws(LaminaError) -> Value {
        try onLayer(key: keyPath) { () throws(LaminaError) in try engine.value(of: id, forKeyPath: keyPath) }
    }

    /// Sets a property or key path; animates implicitly as described on ``Engine``.
    public func setValue(_ value: Value, forKeyPath keyPath: String) throws(LaminaError) {
        try onLayer(key: keyPath) { () throws(LaminaError) in try engine.setValue(value, forKeyPath: keyPath, of: id) }
    }

    /// Puts an explicit "no action" in the layer's actions for `key` (CA-3.5).
    public func setNoAction(forKey key: String) throws(LaminaError) {
        try onLayer { () throws(LaminaError) in try engine.setNoAction(forKey: key, of: id) }
    }

    /// Removes the layer's action entry for `key`.
    public func removeAction(forKey key: String) throws(LaminaError) {
        try onLayer { () throws(LaminaError) in try engine.removeAction(forKey: key, of: id) }
    }

    // MARK: Presentation

    /// Whether the layer has been committed, so it has a presentation (CA-1.2).
    public var hasPresentation: Bool { (try? engine.hasPresentation(id)) ?? false }

    /// The presentation value of a key path at `time` (the current engine time when nil), or
    /// nil before the layer's first commit (R3).
    public func presentationValue(forKeyPath keyPath: String, at time: Double? = nil) throws(LaminaError) -> Value? {
        try onLayer(key: keyPath) { () throws(LaminaError) in try engine.presentationValue(of: id, forKeyPath: keyPath, at: time) }
    }

    /// Runs an engine call about this layer and names the layer in its error (its name and
    /// kind, and for an unknown `key` the closest known one: ``Engine/naming(_:layer:key:)``).
    /// The message is built only when the call fails.
    @inline(__always)
    final func onLayer<R>(key: String? = nil, _ body: () throws(LaminaError) -> R) throws(LaminaError) -> R {
        do { return try body() } catch { throw engine.naming(error, layer: id, key: key) }
    }

    // MARK: Typed properties

    final func get(_ key: PropertyID) -> Value {
        do {
            return try engine.value(of: id, forKey: ResolvedKey(property: key, component: .whole))
        } catch {
            preconditionFailure("Lamina: \(engine.naming(error, layer: id, key: nil).message)")
        }
    }

    /// A whole inline property (opacity, position, zPosition, anchorPoint, bounds) through
    /// the engine's typed setter, as the C ABI sets it; the general path when that one
    /// declines (a value to check, a delegate to ask, a stale layer).
    final func setInline(_ key: PropertyID, _ value: InlineSetValue) {
        if engine.setInline(value, forKey: key, of: id) { return }
        set(key, value.value)
    }

    final func set(_ key: PropertyID, _ value: Value) {
        do {
            try engine.setValue(value, forKey: ResolvedKey(property: key, component: .whole), of: id)
        } catch {
            preconditionFailure("Lamina: \(engine.naming(error, layer: id, key: nil).message)")
        }
    }

    /// The layer's bounds (CA-12.1).
    public var bounds: Rect {
        get { if case .rect(let v) = get(.bounds) { return v }; return .zero }
        set { setInline(.bounds, .rect(newValue)) }
    }

    /// Where the anchor point sits in the superlayer's space.
    public var position: Point {
        get { if case .point(let v) = get(.position) { return v }; return .zero }
        set { setInline(.position, .point(newValue)) }
    }

    /// The z component of the position.
    public var zPosition: Double {
        get { if case .number(let v) = get(.zPosition) { return v }; return 0 }
        set { setInline(.zPosition, .number(newValue)) }
    }

    /// The anchor point in unit coordinates of the bounds (default (0.5, 0.5)).
    public var anchorPoint: Point {
        get { if case .point(let v) = get(.anchorPoint) { return v }; return .zero }
        set { setInline(.anchorPoint, .point(newValue)) }
    }

    /// The z component of the anchor point.
    public var anchorPointZ: Double {
        get { if case .number(let v) = get(.anchorPointZ) { return v }; return 0 }
        set { set(.anchorPointZ, .number(newValue)) }
    }

    /// The transform applied about the anchor point.
    public var transform: Transform3D {
        get { if case .transform(let v) = get(.transform) { return v }; return .identity }
        set { set(.transform, .transform(newValue)) }
    }

    /// The transform applied to the sublayers.
    public var sublayerTransform: Transform3D {
        get { if case .transform(let v) = get(.sublayerTransform) { return v }; return .identity }
        set { set(.sublayerTransform, .transform(newValue)) }
    }

    /// Whether the layer (and its subtree) is hidden.
    public var isHidden: Bool {
        get { if case .bool(let v) = get(.hidden) { return v }; return false }
        set { set(.hidden, .bool(newValue)) }
    }

    /// Whether the back side shows when rotated away (default true).
    public var isDoubleSided: Bool {
        get { if case .bool(let v) = get(.doubleSided) { return v }; return true }
        set { set(.doubleSided, .bool(newValue)) }
    }

    /// Whether sublayers are clipped to the bounds.
    public var masksToBounds: Bool {
        get { if case .bool(let v) = get(.masksToBounds) { return v }; return false }
        set { set(.masksToBounds, .bool(newValue)) }
    }

    /// The part of the contents shown, in unit coordinates.
    public var contentsRect: Rect {
        get { if case .rect(let v) = get(.contentsRect) { return v }; return .zero }
        set { set(.contentsRect, .rect(newValue)) }
    }

    /// The stretchable centre of the contents, in unit coordinates.
    public var contentsCenter: Rect {
        get { if case .rect(let v) = get(.contentsCenter) { return v }; return .zero }
        set { set(.contentsCenter, .rect(newValue)) }
    }

    /// The contents' scale factor.
    public var contentsScale: Double {
        get { if case .number(let v) = get(.contentsScale) { return v }; return 1 }
        set { set(.contentsScale, .number(newValue)) }
    }

    /// The background colour; nil (the default) draws nothing.
    public var backgroundColor: Color? {
        get { if case .color(let v) = get(.backgroundColor) { return v }; return nil }
        set { set(.backgroundColor, newValue.map(Value.color) ?? .null) }
    }

    /// The corner radius.
    public var cornerRadius: Double {
        get { if case .number(let v) = get(.cornerRadius) { return v }; return 0 }
        set { set(.cornerRadius, .number(newValue)) }
    }

    /// The border width.
    public var borderWidth: Double {
        get { if case .number(let v) = get(.borderWidth) { return v }; return 0 }
        set { set(.borderWidth, .number(newValue)) }
    }

    /// The border colour (default opaque black).
    public var borderColor: Color? {
        get { if case .color(let v) = get(.borderColor) { return v }; return nil }
        set { set(.borderColor, newValue.map(Value.color) ?? .null) }
    }

    /// The opacity (default 1).
    public var opacity: Double {
        get { if case .number(let v) = get(.opacity) { return v }; return 1 }
        set { setInline(.opacity, .number(newValue)) }
    }

    /// The shadow colour (default opaque black).
    public var shadowColor: Color? {
        get { if case .color(let v) = get(.shadowColor) { return v }; return nil }
        set { set(.shadowColor, newValue.map(Value.color) ?? .null) }
    }

    /// The shadow opacity (default 0).
    public var shadowOpacity: Double {
        get { if case .number(let v) = get(.shadowOpacity) { return v }; return 0 }
        set { set(.shadowOpacity, .number(newValue)) }
    }

    /// The shadow offset (default (0, −3)).
    public var shadowOffset: Size {
        get { if case .size(let v) = get(.shadowOffset) { return v }; return .zero }
        set { set(.shadowOffset, .size(newValue)) }
    }

    /// The shadow blur radius (default 3).
    public var shadowRadius: Double {
        get { if case .number(let v) = get(.shadowRadius) { return v }; return 3 }
        set { set(.shadowRadius, .number(newValue)) }
    }

    /// Whether the layer is rendered as a bitmap before compositing.
    public var shouldRasterize: Bool {
        get { if case .bool(let v) = get(.shouldRasterize) { return v }; return false }
        set { set(.shouldRasterize, .bool(newValue)) }
    }

    /// The rasterization scale (default 1).
    public var rasterizationScale: Double {
        get { if case .number(let v) = get(.rasterizationScale) { return v }; return 1 }
        set { set(.rasterizationScale, .number(newValue)) }
    }

    /// The layer's name (default nil).
    public var name: String? {
        get { if case .string(let v) = get(.name) { return v }; return nil }
        set { set(.name, newValue.map(Value.string) ?? .null) }
    }
}

extension Engine {
    /// Creates a layer with Core Animation's defaults (CA-13); the object holds its reference
    /// (see ``Layer``). It has no presentation until a transaction containing it commits.
    ///
    /// Traps only when the engine's 2²⁴−2 layer slots are exhausted (a precondition, like
    /// running out of memory).
    public func makeLayer() -> Layer {
        do {
            return try makeLayerOrThrow()
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }

    /// Creates a layer like ``makeLayer()``, throwing `outOfMemory` when the engine's layer
    /// slots are exhausted (tests of that limit).
    package func makeLayerOrThrow() throws(LaminaError) -> Layer {
        LayerRegistry.shared.drainPending()
        return LayerRegistry.shared.adopt(self, try createLayer(), kind: .plain)
    }

    /// Creates a layer of `kind` (a ``ShapeLayer``, ``GradientLayer`` or ``ReplicatorLayer``
    /// object for those kinds) with Core Animation's defaults; see ``makeLayer()``.
    package func makeLayer(kind: LayerKind) -> Layer {
        LayerRegistry.shared.drainPending()
        do {
            return LayerRegistry.shared.adopt(self, try createLayer(kind: kind), kind: kind)
        } catch {
            preconditionFailure("Lamina: \(error.message)")
        }
    }

    /// Creates a shape layer (CAShapeLayer, RS-8) with Core Animation's defaults: no path,
    /// an opaque black fill, no stroke. See ``makeLayer()`` for lifetime and traps.
    public func makeShapeLayer() -> ShapeLayer {
        makeLayer(kind: .shape) as! ShapeLayer
    }

    /// Creates a gradient layer (CAGradientLayer, RS-9) with Core Animation's defaults: no
    /// colours (it draws no gradient until it has two), axial from (0.5, 0) to (0.5, 1).
    /// See ``makeLayer()`` for lifetime and traps.
    public func makeGradientLayer() -> GradientLayer {
        makeLayer(kind: .gradient) as! GradientLayer
    }

    /// Creates a replicator layer (CAReplicatorLayer, RS-13) with Core Animation's defaults:
    /// one instance, no delay, identity instance transform, opaque white instance colour.
    /// See ``makeLayer()`` for lifetime and traps.
    public func makeReplicatorLayer() -> ReplicatorLayer {
        makeLayer(kind: .replicator) as! ReplicatorLayer
    }

    /// Creates a text layer (CATextLayer, R15) with Core Animation's defaults: no string,
    /// Helvetica at 36 points in opaque white, natural alignment, not wrapped, not truncated.
    /// Its text is laid out by the ``textLayoutProvider``. See ``makeLayer()`` for lifetime
    /// and traps.
    public func makeTextLayer() -> TextLayer {
        makeLayer(kind: .text) as! TextLayer
    }

    /// The engine's current time: that of the last tick (0 before the first); with a
    /// ``clock``, commits also move it forward to the clock's reading (R1).
    public var time: Double { lock.withLockForReading { now } }  // a read (Engine+ListReuse.swift)
}

/// How engine code (callbacks) and the tree accessors turn a handle into *the* `Layer` object
/// for it: `Layer(engine:id:)` returns the live object when there is one (a class's own
/// initializer cannot, hence a protocol extension initializer, which may assign `self`).
package protocol LayerLookup {}  // Only `Layer` conforms.

extension LayerLookup {
    /// The live `Layer` object for `id`, or a new one holding a fresh host reference; for a
    /// destroyed layer, an object that holds none (``Layer/isAlive`` is false).
    package init(engine: Engine, id: LayerID) {
        // Only `Layer` conforms; the cast cannot fail.
        self = LayerRegistry.shared.object(for: id, of: engine) as! Self
    }
}

/// The process's table from engine layer to its live `Layer` object (weak), and the releases
/// deferred because their object died while its engine's lock was held on that thread.
///
/// Lock order: the registry's lock is never held while calling into an engine, so engine code
/// (which may drop layer objects while locked) can take it without a deadlock.
final class LayerRegistry: @unchecked Sendable {
    static let shared = LayerRegistry()

    private struct Key: Hashable {
        let engine: ObjectIdentifier
        let id: LayerID
    }

    /// A class, not a struct: copying a weak reference to an object whose `deinit` is running
    /// crashes the Swift runtime (`swift_weakCopyInit`), and `deinit` reads its entry.
    private final class Entry {
        weak var layer: Layer?
        /// Which object the entry is for: `deinit` runs after the weak reference is cleared,
        /// and must not remove a newer object's entry.
        let object: ObjectIdentifier

        init(_ layer: Layer) {
            self.layer = layer
            object = ObjectIdentifier(layer)
        }
    }

    private let lock = Lock()
    private var table: [Key: Entry] = [:]
    private var pending: [(engine: Engine, id: LayerID)] = []

    /// The class of a kind's layer objects.
    static func objectClass(_ kind: LayerKind) -> Layer.Type {
        switch kind {
        case .plain: return Layer.self
        case .shape: return ShapeLayer.self
        case .gradient: return GradientLayer.self
        case .replicator: return ReplicatorLayer.self
        case .text: return TextLayer.self
        }
    }

    /// Wraps a layer just created with one host reference (nothing else can know its handle).
    func adopt(_ engine: Engine, _ id: LayerID, kind: LayerKind) -> Layer {
        let layer = Self.objectClass(kind).init(bound: engine, id: id, ownsReference: true)
        lock.withLock {
            table[Key(engine: ObjectIdentifier(engine), id: id)] = Entry(layer)
        }
        return layer
    }

    /// The live object for a handle, or a new one (see ``LayerLookup``).
    func object(for id: LayerID, of engine: Engine) -> Layer {
        drainPending()
        let key = Key(engine: ObjectIdentifier(engine), id: id)
        if let live = lock.withLock({ table[key]?.layer }) { return live }
        // Take the reference outside our lock (lock order), then publish unless another
        // thread published an object for the same layer meanwhile. A destroyed layer's object
        // is a plain `Layer` (its kind is gone with it).
        let kind: LayerKind
        do {
            kind = try engine.retainLayerReadingKind(id)
        } catch {
            return Layer(bound: engine, id: id, ownsReference: false)
        }
        let fresh = Self.objectClass(kind).init(bound: engine, id: id, ownsReference: true)
        let winner: Layer? = lock.withLock {
            if let live = table[key]?.layer {
                fresh.ownsReference = false
                return live
            }
            table[key] = Entry(fresh)
            return nil
        }
        if let winner {
            try? engine.releaseLayer(id)
            return winner
        }
        return fresh
    }

    /// Unpublishes `layer` and takes its reference from it (the caller releases it).
    func disown(_ layer: Layer) {
        let key = Key(engine: ObjectIdentifier(layer.engine), id: layer.id)
        lock.withLock {
            if table[key]?.object == ObjectIdentifier(layer) { table[key] = nil }
            layer.ownsReference = false
        }
    }

    /// `deinit`: unpublish and drop the object's host reference.
    func objectWillDie(_ layer: Layer) {
        let key = Key(engine: ObjectIdentifier(layer.engine), id: layer.id)
        let owned = lock.withLock { () -> Bool in
            if table[key]?.object == ObjectIdentifier(layer) { table[key] = nil }
            return layer.ownsReference
        }
        guard owned else { return }
        release(layer.id, of: layer.engine)
        drainPending()
    }

    /// Releases a host reference, or defers it when this thread is inside the engine's lock
    /// (the object died in engine code): re-entering would trap.
    private func release(_ id: LayerID, of engine: Engine) {
        if engine.lock.lockUnlessHeldByCurrentThread() {
            engine.lock.unlock()
            try? engine.releaseLayer(id)
        } else {
            lock.withLock { pending.append((engine, id)) }
        }
    }

    /// Performs the deferred releases this thread can perform now.
    func drainPending() {
        let due: [(engine: Engine, id: LayerID)] = lock.withLock {
            if pending.isEmpty { return [] }
            defer { pending.removeAll() }
            return pending
        }
        for item in due { release(item.id, of: item.engine) }
    }

    /// How many releases wait (tests).
    var pendingCount: Int { lock.withLock { pending.count } }
}
