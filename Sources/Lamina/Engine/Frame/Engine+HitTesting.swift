// SPDX-License-Identifier: Apache-2.0
// Hit testing (CA-12.6–12.11, R10), on the model or on the presentation at any time t.

/// A sibling's sort key: zPosition, then its index among the sublayers (a struct, not a tuple,
/// so sorting needs no run-time tuple metadata).
struct SiblingKey {
    var z: Double
    var index: Int
    /// The sibling's slot.
    var slot: Int32 = -1
}

extension Engine {
    /// Whether `point`, in the layer's own coordinates, lies inside its bounds
    /// (`containsPoint:`, CA-12.6): the standardized bounds, half-open, so the far edges are
    /// outside (CA-16). Hidden layers still contain points; only ``hitTest(_:in:tree:)`` skips
    /// them.
    ///
    /// - Throws: `staleHandle`; `invalidArgument` for a non-finite point or time;
    ///   `noPresentation` when the presentation is asked for and the layer was never committed.
    package func contains(_ point: Point, in layer: LayerID, tree: LayerTree = .model) throws(LaminaError) -> Bool {
        guard point.x.isFinite, point.y.isFinite else {
            throw LaminaError(.invalidArgument, "point needs finite numbers")
        }
        return try lock.withLock { () throws(LaminaError) -> Bool in
            let slot = try resolve(layer)
            return try requireProperties(slot, try geometrySource(tree)).bounds.contains(point)
        }
    }

    /// The deepest layer of `layer`'s subtree (the layer included) under `point`, or nil
    /// (`hitTest:`, CA-12.7, R10). `point` is in the coordinates of `layer`'s superlayer (root
    /// space for a root layer).
    ///
    /// The rules (R10, measured on Apple in CA-16):
    /// - the search is depth first and front to back: among siblings, a higher zPosition
    ///   first, then the later sibling first (the sublayers are drawn back to front);
    /// - a hidden layer is skipped with its whole subtree;
    /// - a layer with masksToBounds tests nothing of its subtree outside its bounds;
    /// - without masksToBounds, a sublayer outside its superlayer's bounds is still hit;
    /// - a layer is hit when its bounds contain the point (half-open, CA-12.6), after mapping
    ///   the point through every transform, anchor point and sublayerTransform on the way;
    /// - a layer seen edge-on (its transform maps its plane to a line) cannot be hit, nor can
    ///   anything under it; a point behind the viewer of a perspective hits nothing.
    ///
    /// Where Apple is silent (CA-12.10, Q3), Lamina decides: opacity, even 0, and doubleSided
    /// do not affect hit testing — Core Animation's `hitTest:` reads neither (UIView's alpha
    /// rule is UIKit's). On the presentation tree, a sublayer that was never committed is not
    /// on screen and is skipped with its subtree.
    ///
    /// - Throws: `staleHandle`; `invalidArgument` for a non-finite point or time;
    ///   `noPresentation` when the presentation is asked for and `layer` was never committed.
    package func hitTest(_ point: Point, in layer: LayerID, tree: LayerTree = .model) throws(LaminaError) -> LayerID? {
        guard point.x.isFinite, point.y.isFinite else {
            throw LaminaError(.invalidArgument, "point needs finite numbers")
        }
        return try lock.withLock { () throws(LaminaError) -> LayerID? in
            let slot = try resolve(layer)
            let source = try geometrySource(tree)
            return try hitTestLocked(point, slot, source).map(handle)
        }
    }

    private struct HitFrame {
        var slot: Int32
        var props: LayerProperties
        /// The point in this layer's own coordinates.
        var local: Point
        var inside: Bool
        /// This layer's sublayers, front to back, are `order[start..<end]`; `next` is the next
        /// one to try.
        var start: Int
        var next: Int
        var end: Int
    }

    /// The hit-test walk, with an explicit stack so that a deep tree cannot overflow the
    /// thread's stack. Lock held.
    func hitTestLocked(_ point: Point, _ start: Int32, _ source: GeometrySource) throws(LaminaError) -> Int32? {
        let startProps = try requireProperties(start, source)
        var parentProps: LayerProperties? = nil
        let parent = slots[Int(start)].parent
        if parent >= 0 {
            // The point is in the superlayer's space; its sublayerTransform is needed to map it.
            guard let p = geometryProperties(parent, source) else { return nil }
            parentProps = p
        }

        var order: [Int32] = []
        var keys: [SiblingKey] = []
        var stack: [HitFrame] = []

        /// Maps the point into `slot` and pushes its frame; false when nothing in its subtree
        /// can be hit.
        func enter(_ slot: Int32, _ props: LayerProperties, _ parentProps: LayerProperties?, _ p: Point) -> Bool {
            if props.flag(LayerProperties.Flags.hidden) { return false }
            guard let inverse = PlaneMap(props.levelTransform(under: parentProps)).inverted(),
                  let local = inverse.apply(p)
            else { return false }
            let inside = props.bounds.contains(local)
            if props.flag(LayerProperties.Flags.masksToBounds), !inside { return false }
            let first = order.count
            let firstChild = slots[Int(slot)].firstChild
            if firstChild >= 0 {
                keys.removeAll(keepingCapacity: true)
                var uniform = true
                let z0 = geometryZPosition(firstChild, source) ?? 0
                var c = firstChild
                var i = 0
                while c >= 0 {
                    let z = geometryZPosition(c, source) ?? 0
                    if z != z0 { uniform = false }
                    keys.append(SiblingKey(z: z, index: i, slot: c))
                    c = slots[Int(c)].nextSibling
                    i += 1
                }
                if uniform {
                    for k in keys.reversed() { order.append(k.slot) }
                } else {
                    // Front to back: higher zPosition first, then later siblings first.
                    keys.sort { $0.z != $1.z ? $0.z > $1.z : $0.index > $1.index }
                    for k in keys { order.append(k.slot) }
                }
            }
            stack.append(HitFrame(
                slot: slot, props: props, local: local, inside: inside,
                start: first, next: first, end: order.count))
            return true
        }

        guard enter(start, startProps, parentProps, point) else { return nil }
        while !stack.isEmpty {
            let t = stack.count - 1
            if stack[t].next < stack[t].end {
                let child = order[stack[t].next]
                stack[t].next += 1
                guard let childProps = geometryProperties(child, source) else { continue }
                _ = enter(child, childProps, stack[t].props, stack[t].local)
                continue
            }
            let done = stack.removeLast()
            order.removeSubrange(done.start...)
            // Every sublayer (in front of it) missed: the layer itself is the deepest hit.
            if done.inside { return done.slot }
        }
        return nil
    }
}
