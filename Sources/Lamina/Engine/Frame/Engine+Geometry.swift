// SPDX-License-Identifier: Apache-2.0
// Geometry (CA-12.1–12.5): the frame, the local ↔ superlayer mapping and conversions between
// layers, on the model or on the presentation at any time t.
//
// The mapping of a layer L with superlayer P (CA-12.4), in row vectors (p' = p · M):
//
//   own(L)   = T(−anchor) · L.transform · T(position.x, position.y, zPosition)
//   sub(P)   = T(−anchor(P)) · P.sublayerTransform · T(anchor(P))
//   level(L) = own(L) · sub(P)                       L's plane → P's plane
//
// where anchor = (bounds.minX + anchorPoint.x · width, bounds.minY + anchorPoint.y · height,
// anchorPointZ) of the standardized bounds. The sublayerTransform applies about the
// superlayer's anchor point (measured on Apple: CA-16 "Geometry", gnustep conversion.m: a parent
// scaled ×2 by its sublayerTransform throws a child's origin to (60, −38)); Lamina includes
// anchorPointZ in that anchor, a choice where Apple is silent (tested). Each superlayer flattens
// its sublayers into its plane, as a plain CALayer does, so a point goes from plane to plane
// through the 3×3 `PlaneMap`s of these matrices (see Rect+Transform.swift).
//
// Root space — the space of a nil layer — is the space a tree's root layer is positioned in
// (its would-be superlayer's space; the window's on iOS, where it equals the root layer's own
// space). Layers of different trees convert through it, as Apple does (CA-16: "two layers in
// different trees convert through the root of each").

/// Which layer tree a geometry query or hit test reads.
///
/// ```swift
/// let hit = try root.hitTest(point, in: .presentation(at: 2.0))   // where things are on screen
/// let modelHit = try root.hitTest(point)                            // where they will end up
/// ```
public enum LayerTree: Hashable, Sendable {
    /// The model: the values last set, committed or not. Core Animation's own `hitTest:`,
    /// `frame` and `convert…` read the model (CA-12.11).
    case model
    /// The presentation at `time` (the engine's current time when nil): committed values plus
    /// the animations evaluated at that time (R3, CA-1.x). A layer never committed has none.
    case presentation(at: Double? = nil)
}

/// A resolved ``LayerTree``: the presentation carries a finite time.
enum GeometrySource {
    case model
    case presentation(Double)
}

// MARK: - One layer's geometry

extension LayerProperties {
    /// ``anchor(_:)`` of the values at `p`, read in place.
    @inline(__always)
    static func anchor(_ p: UnsafePointer<LayerProperties>, _ rare: RareBox) -> (x: Double, y: Double, z: Double) {
        let b = p.pointee.bounds.standardized
        return (b.origin.x + p.pointee.anchorPoint.x * b.size.width,
                b.origin.y + p.pointee.anchorPoint.y * b.size.height,
                rare.value.anchorPointZ)
    }

    /// The anchor point in the layer's own coordinates (CA-12.4): the point of the standardized
    /// bounds at `anchorPoint`, and `anchorPointZ` (read from `rare`, this layer's rare values,
    /// so that callers copy them once).
    @inline(__always)
    func anchor(_ rare: RareBox) -> (x: Double, y: Double, z: Double) {
        let b = bounds.standardized
        return (b.origin.x + anchorPoint.x * b.size.width,
                b.origin.y + anchorPoint.y * b.size.height,
                rare.value.anchorPointZ)
    }

    /// own(L) = T(−anchor) · transform · T(position, zPosition): the layer's plane into its
    /// superlayer's sublayer space (the transform applies about the anchor point, CA-12.1).
    @inline(__always)
    func ownTransform(_ rare: RareBox) -> Transform3D {
        let a = anchor(rare)
        if rare.value.transform.isIdentity {
            return Transform3D(translationX: position.x - a.x, y: position.y - a.y, z: zPosition - a.z)
        }
        return rare.value.transform.pretranslated(-a.x, -a.y, -a.z).posttranslated(position.x, position.y, zPosition)
    }

    /// See ``ownTransform(_:)``.
    var ownTransform: Transform3D { ownTransform(rareStorage) }

    /// sub(P) = T(−anchor) · sublayerTransform · T(anchor), or nil for the identity (CA-12.4:
    /// the sublayerTransform applies about the superlayer's anchor point).
    @inline(__always)
    func sublayerTransformAboutAnchor(_ rare: RareBox) -> Transform3D? {
        let flipped = flag(Flags.geometryFlipped)
        // No box: the identity sublayerTransform, without comparing 16 numbers.
        if !hasRare && !flipped { return nil }
        let s = rare.value.sublayerTransform
        if s.isIdentity && !flipped { return nil }
        var m: Transform3D? = nil
        if !s.isIdentity {
            let a = anchor(rare)
            m = s.pretranslated(-a.x, -a.y, -a.z).posttranslated(a.x, a.y, a.z)
        }
        guard flipped else { return m }
        // geometryFlipped (RS-4.5): the sublayers' y runs the other way, y' = minY + maxY − y
        // in this layer's bounds space, after the sublayerTransform.
        let b = bounds.standardized
        var f = Transform3D.identity
        f.m22 = -1
        f.m42 = 2 * b.origin.y + b.size.height
        return m.map { $0.concatenating(f) } ?? f
    }

    /// level(L) = own(L) · sub(P): the layer's plane into its superlayer's.
    func levelTransform(under parent: LayerProperties?) -> Transform3D {
        let own = ownTransform
        guard let parent, let sub = parent.sublayerTransformAboutAnchor(parent.rareStorage) else { return own }
        return own.concatenating(sub)
    }

    /// The frame (CA-12.2): with the identity transform, the standardized bounds' size placed so
    /// that the anchor point lands on the position; otherwise the bounding box of the bounds
    /// under own(L). zPosition and anchorPointZ do not move it (CA-16).
    var frame: Rect {
        let b = bounds.standardized
        let rare = rareStorage
        if rare.value.transform.isIdentity {
            return Rect(x: position.x - anchorPoint.x * b.size.width,
                        y: position.y - anchorPoint.y * b.size.height,
                        width: b.size.width, height: b.size.height)
        }
        return PlaneMap(ownTransform(rare)).boundingBox(of: b)
            ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)
    }

    /// The position and bounds that give the layer `frame` (CA-12.2, CA-16 measured): the
    /// frame is standardized; with the identity transform bounds.size = frame.size and the
    /// anchor point lands at its place in the frame. Under a transform, bounds.size is the size
    /// of the frame taken back through the transform's inverse (so a scale shrinks or grows the
    /// bounds), and the position is chosen so that the frame's origin comes out where asked; a
    /// translation is taken back out of the position. For transforms that keep axes aligned
    /// (scales, translations, multiples of 90°) the frame then reads back exactly as set;
    /// Core Animation warns against setting frame under other rotations, and Lamina then keeps
    /// the origin and lets the size grow to the bounding box. The bounds origin is kept.
    /// Under a singular transform (a zero scale) the frame's size is used as the bounds size.
    func placement(forFrame frame: Rect) -> (position: Point, bounds: Rect) {
        let f = frame.standardized
        let origin = bounds.standardized.origin
        let t = rare.transform
        func untransformed() -> (Point, Rect) {
            (Point(x: f.origin.x + anchorPoint.x * f.size.width,
                   y: f.origin.y + anchorPoint.y * f.size.height),
             Rect(origin: origin, size: f.size))
        }
        if t.isIdentity { return untransformed() }
        guard let inverse = PlaneMap(t).inverted(), let back = inverse.boundingBox(of: f) else {
            return untransformed()
        }
        var placed = self
        placed.bounds = Rect(origin: origin, size: back.size)
        placed.position = .zero
        guard let box = PlaneMap(placed.ownTransform(placed.rareStorage)).boundingBox(of: placed.bounds) else {
            return untransformed()
        }
        return (Point(x: f.origin.x - box.origin.x, y: f.origin.y - box.origin.y), placed.bounds)
    }
}

// MARK: - Engine: reading either tree

extension Engine {
    /// Resolves a tree choice; a presentation time must be finite. Lock held.
    func geometrySource(_ tree: LayerTree) throws(LaminaError) -> GeometrySource {
        switch tree {
        case .model: return .model
        case .presentation(let time):
            guard let time else { return .presentation(now) }
            guard time.isFinite else {
                throw LaminaError(.invalidArgument, "presentation time must be finite, got \(time)")
            }
            return .presentation(time)
        }
    }

    /// A layer's values in the chosen tree, or nil when the presentation is asked for and the
    /// layer was never committed (R3). Lock held.
    @inline(__always)
    func geometryProperties(_ slot: Int32, _ source: GeometrySource) -> LayerProperties? {
        switch source {
        case .model: return slots[Int(slot)].model
        case .presentation(let t): return presentation(slot, at: t)
        }
    }

    /// As ``geometryProperties(_:_:)``, throwing `noPresentation` instead of nil. Lock held.
    func requireProperties(_ slot: Int32, _ source: GeometrySource) throws(LaminaError) -> LayerProperties {
        guard let p = geometryProperties(slot, source) else {
            throw LaminaError(
                .noPresentation,
                "layer \(handle(slot).rawValue) has never been committed, so it has no presentation (R3)")
        }
        return p
    }

    /// A layer's zPosition in the chosen tree, without copying its other values; nil when it
    /// has no presentation. Lock held.
    @inline(__always)
    func geometryZPosition(_ slot: Int32, _ source: GeometrySource) -> Double? {
        switch source {
        case .model: return slots[Int(slot)].model.zPosition
        case .presentation(let t):
            guard case .number(let z)? = presentationValue(slot, .zPosition, .null, at: t) else { return nil }
            return z
        }
    }

    /// The map from `slot`'s plane into the plane of `stop`, one of its ancestors, or into
    /// root space when `stop` is -1. Lock held.
    func planeMap(from slot: Int32, toAncestor stop: Int32, _ source: GeometrySource) throws(LaminaError) -> PlaneMap {
        var map = PlaneMap.identity
        var s = slot
        var props = try requireProperties(s, source)
        while s != stop {
            let p = slots[Int(s)].parent
            guard p >= 0 else {
                map = map.concatenating(PlaneMap(props.ownTransform))
                break
            }
            let parentProps = try requireProperties(p, source)
            map = map.concatenating(PlaneMap(props.levelTransform(under: parentProps)))
            s = p
            props = parentProps
        }
        return map
    }

    /// The nearest layer that is an ancestor of (or equal to) both, or -1 for different trees.
    /// Lock held.
    func lowestCommonAncestor(_ a: Int32, _ b: Int32) -> Int32 {
        func depth(_ s: Int32) -> Int {
            var d = 0
            var x = slots[Int(s)].parent
            while x >= 0 { d += 1; x = slots[Int(x)].parent }
            return d
        }
        var x = a, y = b
        var dx = depth(a), dy = depth(b)
        while dx > dy { x = slots[Int(x)].parent; dx -= 1 }
        while dy > dx { y = slots[Int(y)].parent; dy -= 1 }
        while x != y, x >= 0, y >= 0 {
            x = slots[Int(x)].parent
            y = slots[Int(y)].parent
        }
        return x == y ? x : -1
    }

    /// The map from `from`'s plane to `to`'s (nil: root space), through their lowest common
    /// ancestor, or through root space for layers of different trees (CA-12.5, CA-16).
    /// Lock held.
    func conversionMap(from: Int32?, to: Int32?, _ source: GeometrySource) throws(LaminaError) -> PlaneMap {
        let up: PlaneMap
        let down: PlaneMap
        switch (from, to) {
        case (nil, nil): return .identity
        case (let a?, nil):
            up = try planeMap(from: a, toAncestor: -1, source)
            down = .identity
        case (nil, let b?):
            up = .identity
            down = try planeMap(from: b, toAncestor: -1, source)
        case (let a?, let b?):
            let common = lowestCommonAncestor(a, b)
            up = try planeMap(from: a, toAncestor: common, source)
            down = try planeMap(from: b, toAncestor: common, source)
        }
        guard let inverse = down.inverted() else {
            throw LaminaError(
                .invalidArgument,
                "layer \(handle(to!).rawValue), or a superlayer of it below the common ancestor, is seen edge-on or scaled to zero: points have no image in it")
        }
        return up.concatenating(inverse)
    }

    /// Resolves an optional handle. Lock held.
    private func resolveOptional(_ id: LayerID?) throws(LaminaError) -> Int32? {
        guard let id else { return nil }
        return try resolve(id)
    }

    // MARK: - Public geometry

    /// The layer's frame in its superlayer's space (CA-12.2): the bounding box of its bounds
    /// placed by position, anchorPoint and transform. Not stored and not animatable (CA-3.13);
    /// on the presentation it follows the animated bounds, position and transform.
    ///
    /// - Throws: `staleHandle`; `invalidArgument` for a non-finite presentation time;
    ///   `noPresentation` when the presentation is asked for and the layer was never committed.
    package func frame(of layer: LayerID, in tree: LayerTree = .model) throws(LaminaError) -> Rect {
        try lock.withLock { () throws(LaminaError) -> Rect in
            let slot = try resolve(layer)
            return try requireProperties(slot, try geometrySource(tree)).frame
        }
    }

    /// Sets the frame (CA-12.2): sets the position and bounds.size that give it (see
    /// `placement(forFrame:)`; CA-16: negative sizes are standardized, a frame set under a scale
    /// shrinks the bounds, one set under a translation takes the shift out of the position).
    /// Frame itself is not animatable (CA-3.13), but position and bounds are: each goes through
    /// the ordinary setter and animates implicitly under the usual rules (R4–R6).
    ///
    /// The two changes are made one after the other in the calling thread's transaction; a
    /// concurrent change of the same layer's transform by another thread can land between them.
    ///
    /// - Throws: `staleHandle`; `invalidArgument` for non-finite numbers.
    package func setFrame(_ frame: Rect, of layer: LayerID) throws(LaminaError) {
        guard Value.rect(frame).isFiniteAndBounded else {
            throw LaminaError(.invalidArgument, "frame needs finite numbers of magnitude at most 1e15")
        }
        let (position, bounds) = try lock.withLock { () throws(LaminaError) -> (Point, Rect) in
            slots[Int(try resolve(layer))].model.placement(forFrame: frame)
        }
        try setValue(.point(position), forKey: .whole(.position), of: layer)
        try setValue(.rect(bounds), forKey: .whole(.bounds), of: layer)
    }

    /// Converts a point from the coordinate space of `source` to that of `destination`
    /// (CALayer's `convert(_:from:)`/`convert(_:to:)`, CA-12.4, CA-12.5). A nil layer stands for
    /// root space: the space the tree's root layer is positioned in. Layers of different trees
    /// convert through root space, as on Apple (CA-16).
    ///
    /// - Throws: `staleHandle`; `invalidArgument` for a non-finite point or time, or when the
    ///   point has no image in `destination` (a layer on the way is seen edge-on or scaled to
    ///   zero, or the point lies behind the viewer of a perspective); `noPresentation` when the
    ///   presentation is asked for and a layer on the way was never committed.
    package func convert(
        _ point: Point, from source: LayerID?, to destination: LayerID?, in tree: LayerTree = .model
    ) throws(LaminaError) -> Point {
        guard point.x.isFinite, point.y.isFinite else {
            throw LaminaError(.invalidArgument, "point needs finite numbers")
        }
        return try lock.withLock { () throws(LaminaError) -> Point in
            let a = try resolveOptional(source), b = try resolveOptional(destination)
            let map = try conversionMap(from: a, to: b, try geometrySource(tree))
            guard let p = map.apply(point) else {
                throw LaminaError(.invalidArgument, "the point has no image in the destination space (it lies behind the viewer of a perspective)")
            }
            return p
        }
    }

    /// Converts a rectangle from the coordinate space of `source` to that of `destination`:
    /// the bounding box of its converted corners (CA-12.4's test vector: (50, 50, 200, 200) from
    /// a sibling scaled by 0.5 is (−220, −140, 400, 400)). The result is standardized.
    ///
    /// - Throws: as the point conversion.
    package func convert(
        _ rect: Rect, from source: LayerID?, to destination: LayerID?, in tree: LayerTree = .model
    ) throws(LaminaError) -> Rect {
        guard Value.rect(rect).isFiniteAndBounded else {
            throw LaminaError(.invalidArgument, "rect needs finite numbers")
        }
        return try lock.withLock { () throws(LaminaError) -> Rect in
            let a = try resolveOptional(source), b = try resolveOptional(destination)
            let map = try conversionMap(from: a, to: b, try geometrySource(tree))
            guard let r = map.boundingBox(of: rect) else {
                throw LaminaError(.invalidArgument, "the rectangle has no image in the destination space (it reaches behind the viewer of a perspective)")
            }
            return r
        }
    }
}
