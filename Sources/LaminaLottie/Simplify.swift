// SPDX-License-Identifier: Apache-2.0
// Fewer layers for the same picture (docs/lottie.md#wrappers): the importer builds a layer per
// step of a Lottie transform, per layer slot and per group, and many of them turn out to carry
// nothing, or only a translation. Each layer costs a draw record and a visit every frame, so
// before the tree is realised, a plain layer that is the identity is replaced by its sublayers,
// and one that only translates its one sublayer moves that sublayer instead. Both are exact:
// the world transform of everything below is the same product, up to the rounding of one
// addition.

import Lamina

enum LottieSimplify {
    /// What a wrapper layer says about its sublayers' space: a translation by `offset`.
    struct Wrapper {
        var offset: Point
        var name: Value?
    }

    /// `node` as a pure translation of its sublayers' space, or nil when it is anything more:
    /// a plain layer with no animation, no mask, and among its values only geometry that makes
    /// a translation (anchor point, bounds, position, an identity transform), opacity 1, not
    /// hidden, no time of its own, and a name.
    static func wrapper(_ node: LottieNode) -> Wrapper? {
        guard node.kind == .plain, node.animations.isEmpty, node.mask == nil else { return nil }
        var position = Point(x: 0, y: 0), anchor = Point(x: 0.5, y: 0.5), bounds = Rect(x: 0, y: 0, width: 0, height: 0)
        var name: Value?
        for (key, value) in node.values {
            switch (key, value) {
            case ("position", .point(let p)): position = p
            case ("anchorPoint", .point(let p)): anchor = p
            case ("bounds", .rect(let r)): bounds = r
            case ("name", .string): name = value
            case ("transform", .transform(let m)) where m == .identity: break
            case ("opacity", .number(let o)) where o == 1: break
            case ("hidden", .bool(false)), ("masksToBounds", .bool(false)): break
            case ("beginTime", .number(let t)) where t == 0: break
            case ("timeOffset", .number(let t)) where t == 0: break
            case ("speed", .number(let s)) where s == 1: break
            default: return nil
            }
        }
        // A point x of the bounds lands at position + (x − anchor in bounds coordinates).
        let offset = Point(
            x: position.x - (bounds.origin.x + anchor.x * bounds.size.width),
            y: position.y - (bounds.origin.y + anchor.y * bounds.size.height))
        guard offset.x.isFinite, offset.y.isFinite else { return nil }
        return Wrapper(offset: offset, name: name)
    }

    /// Removes the wrapper layers below `top` (never `top` itself, nor a mask layer, whose own
    /// content is the mask). A wrapper that is the identity gives its place to its sublayers when
    /// it has one, or when it is its superlayer's only sublayer (the order of everything drawn
    /// stays the same); one that translates gives its place to its one sublayer, whose position
    /// takes the translation, when that position does not animate. Under a replicator only a
    /// wrapper of one sublayer goes (each sublayer is replicated on its own). A wrapper's name
    /// moves to the sublayer that takes its place when that has none (a wrapper with a name
    /// and several sublayers stays).
    static func simplify(_ top: LottieNode) {
        var work: [LottieNode] = [top]
        while let parent = work.popLast() {
            var k = 0
            while k < parent.sublayers.count {
                let node = parent.sublayers[k]
                guard let w = wrapper(node) else { k += 1; continue }
                let only = node.sublayers.count == 1
                let identity = w.offset.x == 0 && w.offset.y == 0
                let child = only ? node.sublayers[0] : nil
                if identity && (only || (parent.sublayers.count == 1 && parent.kind != .replicator)) {
                    if let name = w.name {
                        guard let child, !child.values.contains(where: { $0.key == "name" }) else { k += 1; continue }
                        child.values.append(("name", name))
                    }
                    // Look at the sublayers that take its place again: they may be wrappers too.
                    parent.sublayers.replaceSubrange(k...k, with: node.sublayers)
                    continue
                }
                if !identity, let child,
                   !child.animations.contains(where: { ($0.animation.keyPath ?? $0.key).hasPrefix("position") }),
                   w.name == nil || !child.values.contains(where: { $0.key == "name" })
                {
                    var p = Point(x: 0, y: 0)
                    if case .point(let q)? = child.values.last(where: { $0.key == "position" })?.value { p = q }
                    child.values.append(("position", .point(Point(x: p.x + w.offset.x, y: p.y + w.offset.y))))
                    if let name = w.name { child.values.append(("name", name)) }
                    parent.sublayers[k] = child
                    continue
                }
                k += 1
            }
            work.append(contentsOf: parent.sublayers)
            if let m = parent.mask { work.append(m) }
        }
    }
}
