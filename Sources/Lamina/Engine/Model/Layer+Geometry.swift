// SPDX-License-Identifier: Apache-2.0
// The Swift face of geometry and hit testing on a layer (CA-12), delegating to the engine.

extension Layer {
    /// The frame in the superlayer's space (CA-12.2): derived from bounds, position,
    /// anchorPoint and transform (the bounding box of the transformed bounds). Setting it sets
    /// position and bounds.size, which animate implicitly as usual; frame itself is not
    /// animatable (CA-3.13). Under a transform (CA-16): negative sizes are standardized, a frame
    /// set under a scale shrinks the bounds, one set under a translation takes the shift out of
    /// the position. The two changes join the calling thread's transaction one after the other.
    ///
    /// Like the other typed properties it traps on a non-finite number (a precondition);
    /// ``frame(in:)`` reads it with errors thrown instead.
    public var frame: Rect {
        get {
            do { return try engine.frame(of: id, in: .model) } catch { preconditionFailure("Lamina: \(error.message)") }
        }
        set {
            do { try engine.setFrame(newValue, of: id) } catch { preconditionFailure("Lamina: \(error.message)") }
        }
    }

    /// The frame in the chosen tree; on the presentation it follows the animated geometry.
    ///
    /// - Throws: `staleHandle`, `invalidArgument` (non-finite time), `noPresentation`.
    public func frame(in tree: LayerTree) throws(LaminaError) -> Rect {
        try engine.frame(of: id, in: tree)
    }

    /// Converts a point from `layer`'s coordinates (root space when nil) to this layer's
    /// (`convert(_:from:)`, CA-12.5). Layers of different trees convert through root space, as
    /// on Apple (CA-16).
    ///
    /// - Throws: `invalidArgument` for a non-finite point or time, or when the point has no
    ///   image in this layer's space (a layer on the way is seen edge-on or scaled to zero, or
    ///   the point lies behind the viewer of a perspective); `noPresentation` when the
    ///   presentation is asked for and a layer on the way was never committed.
    ///
    /// - Throws: `misuse` for a layer of another engine, and the engine's errors.
    public func convert(_ point: Point, from layer: Layer?, in tree: LayerTree = .model) throws(LaminaError) -> Point {
        try engine.convert(point, from: try sameEngine(layer), to: id, in: tree)
    }

    /// Converts a point from this layer's coordinates to `layer`'s (root space when nil)
    /// (`convert(_:to:)`, CA-12.5).
    ///
    /// - Throws: `misuse` for a layer of another engine, and the engine's errors.
    public func convert(_ point: Point, to layer: Layer?, in tree: LayerTree = .model) throws(LaminaError) -> Point {
        try engine.convert(point, from: id, to: try sameEngine(layer), in: tree)
    }

    /// Converts a rectangle from `layer`'s coordinates (root space when nil) to this layer's:
    /// the bounding box of its converted corners (CA-12.4, CA-12.5).
    ///
    /// - Throws: `misuse` for a layer of another engine, and the engine's errors.
    public func convert(_ rect: Rect, from layer: Layer?, in tree: LayerTree = .model) throws(LaminaError) -> Rect {
        try engine.convert(rect, from: try sameEngine(layer), to: id, in: tree)
    }

    /// Converts a rectangle from this layer's coordinates to `layer`'s (root space when nil).
    ///
    /// - Throws: `misuse` for a layer of another engine, and the engine's errors.
    public func convert(_ rect: Rect, to layer: Layer?, in tree: LayerTree = .model) throws(LaminaError) -> Rect {
        try engine.convert(rect, from: id, to: try sameEngine(layer), in: tree)
    }

    /// Whether `point`, in this layer's own coordinates, lies in its bounds (half-open,
    /// `containsPoint:`, CA-12.6).
    ///
    /// - Throws: `staleHandle`, `invalidArgument`, `noPresentation` (presentation of a layer
    ///   never committed).
    public func contains(_ point: Point, in tree: LayerTree = .model) throws(LaminaError) -> Bool {
        try engine.contains(point, in: id, tree: tree)
    }

    /// The deepest layer of this layer's subtree under `point`, given in the superlayer's
    /// coordinates, or nil (`hitTest:`, CA-12.7, R10). Pass `.presentation(at:)` to hit what is
    /// on screen while layers move (CA-12.11). The result is the layer object you hold for that
    /// layer, if any (``Layer`` identity).
    ///
    /// The rules (R10, CA-16): depth first and front to back (a higher zPosition first, then
    /// the later sibling); hidden layers are skipped with their subtrees; masksToBounds limits
    /// the subtree to the bounds; a layer is hit when its bounds contain the mapped point
    /// (half-open, CA-12.6); a layer seen edge-on, and anything under it, cannot be hit.
    /// Opacity and doubleSided do not matter (CA-12.10). A ``ReplicatorLayer``'s sublayers are
    /// hit as instance 0 only (RS-13.5). The layer returned is of its kind's subclass.
    ///
    /// - Throws: `staleHandle`, `invalidArgument`, `noPresentation` (presentation of a layer
    ///   never committed).
    public func hitTest(_ point: Point, in tree: LayerTree = .model) throws(LaminaError) -> Layer? {
        try engine.hitTest(point, in: id, tree: tree).map { Layer(engine: engine, id: $0) }
    }

    private func sameEngine(_ layer: Layer?) throws(LaminaError) -> LayerID? {
        guard let layer else { return nil }
        guard layer.engine === engine else {
            throw LaminaError(.misuse, "the layers belong to different engines")
        }
        return layer.id
    }
}
