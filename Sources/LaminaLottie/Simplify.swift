// SPDX-License-Identifier: Apache-2.0
// Fewer layers for the same picture (docs/lottie.md#wrappers): the importer builds a layer per
// step of a Lottie transform, per layer slot and per group, and many of them turn out to carry
// nothing, a translation, a still matrix, a visibility or an opacity that the one layer below
// could carry as well. Each layer costs a draw record and a visit every frame, so before the tree
// is realised such a wrapper gives its place to its sublayers, which take over what it carried;
// and a fill with the stroke of the same path right above it becomes one shape layer. The world
// transform of everything drawn is the same product, up to the rounding of a multiply-add.

import Lamina

enum LottieSimplify {
    /// What a wrapper layer does to its sublayers: maps their space by a still 2D linear
    /// `matrix` about `anchor` (in its bounds coordinates) to `position`, and maybe hides them
    /// or fades them (`carried`: its `hidden` and `opacity` values and animations, such as a
    /// Lottie layer's in and out points, which a single sublayer can carry instead).
    struct Wrapper {
        var position = Point(x: 0, y: 0)
        var anchor = Point(x: 0, y: 0)
        var matrix = Transform3D.identity
        var name: Value?
        /// The wrapper's `LottieNode.visibleShare`.
        var visibleShare = 1.0
        var carried: [(key: String, value: Value)] = []
        var animations: [(key: String, animation: Animation)] = []

        /// Whether it hides or fades its sublayers.
        var carries: Bool { !carried.isEmpty || !animations.isEmpty }

        /// Whether it moves its sublayers by a translation only (the identity when it is zero).
        var translates: Bool { matrix == .identity }
        var offset: Point { Point(x: position.x - anchor.x, y: position.y - anchor.y) }
    }

    /// A still matrix that maps the plane to itself without translating: m11, m12, m21, m22.
    static func planar(_ m: Transform3D) -> Bool {
        m.m13 == 0 && m.m14 == 0 && m.m23 == 0 && m.m24 == 0 && m.m31 == 0 && m.m32 == 0 && m.m33 == 1
            && m.m34 == 0 && m.m41 == 0 && m.m42 == 0 && m.m43 == 0 && m.m44 == 1
            && m.m11.isFinite && m.m12.isFinite && m.m21.isFinite && m.m22.isFinite
    }

    /// The keys a wrapper's single sublayer can carry for it: hiding or fading a layer that
    /// draws nothing itself hides or fades its one sublayer's subtree, the same pixels.
    static let carriedKeys: Set<String> = ["hidden", "opacity"]

    /// `node` as a wrapper, or nil when it is anything more: a plain layer with no mask, whose
    /// animations are of `hidden` and `opacity` only and whose values are geometry that makes
    /// a still planar map (anchor point, bounds, position, transform), `hidden`, `opacity`, no
    /// time of its own, and a name.
    static func wrapper(_ node: LottieNode) -> Wrapper? {
        guard node.kind == .plain, node.mask == nil else { return nil }
        var w = Wrapper()
        w.visibleShare = node.visibleShare
        for a in node.animations {
            guard let path = a.animation.keyPath, carriedKeys.contains(path) else { return nil }
            w.animations.append(a)
        }
        var anchor = Point(x: 0.5, y: 0.5), bounds = Rect(x: 0, y: 0, width: 0, height: 0)
        for (key, value) in node.values {
            switch (key, value) {
            case ("position", .point(let p)): w.position = p
            case ("anchorPoint", .point(let p)): anchor = p
            case ("bounds", .rect(let r)): bounds = r
            case ("name", .string): w.name = value
            case ("hidden", .bool), ("opacity", .number): w.carried.append((key, value))
            case ("transform", .transform(let m)) where planar(m): w.matrix = m
            case ("masksToBounds", .bool(false)): break
            case ("beginTime", .number(let t)) where t == 0: break
            case ("timeOffset", .number(let t)) where t == 0: break
            case ("speed", .number(let s)) where s == 1: break
            default: return nil
            }
        }
        // A point x of the bounds lands at position + (x − anchor)·matrix.
        w.anchor = Point(x: bounds.origin.x + anchor.x * bounds.size.width, y: bounds.origin.y + anchor.y * bounds.size.height)
        guard w.offset.x.isFinite, w.offset.y.isFinite else { return nil }
        // An opacity of 1 and a hidden of false that nothing animates are the defaults.
        w.carried.removeAll { c in
            !w.animations.contains { $0.animation.keyPath == c.key } && (c.value == .number(1) || c.value == .bool(false))
        }
        return w
    }

    /// Keys a layer's own time is made of: a sublayer with any of them runs in another time
    /// than its wrapper, so the wrapper's animations cannot move onto it.
    static let timingKeys: Set<String> = [
        "beginTime", "timeOffset", "speed", "duration", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]

    /// Whether `child` can take over what `w` does to it: it animates nothing that the change
    /// touches (its position, when `w` moves it, unless its keyframes map; with a matrix, its
    /// transform, and it has no shadow or filter, and a transform of its own only when that is
    /// planar too), and, for what `w` hides or fades, it has no
    /// value or animation of the same key, no time of its own and no blend mode.
    static func canTakeOver(_ w: Wrapper, _ child: LottieNode) -> Bool {
        let moves = !(w.translates && w.offset.x == 0 && w.offset.y == 0)
        var carried = w.carried.map(\.key)
        for a in w.animations { carried.append(a.animation.keyPath ?? a.key) }
        // A layer that is hidden most of the time keeps its visibility above an animated one:
        // while hidden, the draw list skips its subtree without applying their animations.
        if w.animations.contains(where: { $0.animation.keyPath == "hidden" }), !child.animations.isEmpty,
           w.visibleShare < 0.5
        {
            return false
        }
        for a in child.animations {
            let path = a.animation.keyPath ?? a.key
            if moves && path.hasPrefix("position") && !mapsPoints(a.animation) { return false }
            if !w.translates && path.hasPrefix("transform") { return false }
            if carried.contains(path) || w.animations.contains(where: { $0.key == a.key }) { return false }
        }
        for (key, value) in child.values {
            if !w.translates {
                // Its own still transform composes with the wrapper's matrix when both are
                // planar: the product is still a planar matrix about its anchor.
                if key == "transform" {
                    guard case .transform(let t) = value, planar(t) else { return false }
                }
                if key.hasPrefix("shadow") || key == "filters" || key == "compositingFilter" { return false }
            }
            // Its own opacity of 1 or hidden of false is the default: the wrapper's replaces it.
            if carried.contains(key) && value != .number(1) && value != .bool(false) { return false }
            // (A blend mode inside a faded group blends with the group, not with what is below.)
            if w.carries && (timingKeys.contains(key) || key == "compositingFilter") { return false }
        }
        return true
    }

    /// Whether `a` is a position animation whose values can be mapped through a wrapper's
    /// still affine map exactly: keyframes of points, interpolated linearly or held (an affine
    /// map of the ends maps every point between them the same way, whatever the timing), with
    /// no path (motion along a path goes by arc length, which a non-uniform scale changes),
    /// nothing additive or cumulative.
    static func mapsPoints(_ a: Animation) -> Bool {
        guard a.keyPath == "position", !a.isAdditive, !a.isCumulative, a.valueFunction == nil,
              a.fromValue == nil, a.toValue == nil, a.byValue == nil,
              case .keyframe(let spec, let path, let rotation) = a.kind, path == nil, rotation == nil,
              spec.calculationMode == .linear || spec.calculationMode == .discrete
        else { return false }
        return spec.values.allSatisfy { if case .point = $0 { return true } else { return false } }
    }

    /// Moves what `w` did onto `child`, which takes its place: the position maps through the
    /// wrapper (position + (p − anchor)·matrix), its transform is its own then the matrix, the
    /// visibility and the name move with it.
    static func takeOver(_ w: Wrapper, _ child: LottieNode) {
        let m = w.matrix
        func map(_ p: Point) -> Point {
            if w.translates { return Point(x: p.x + w.offset.x, y: p.y + w.offset.y) }
            let v = Point(x: p.x - w.anchor.x, y: p.y - w.anchor.y)
            return Point(x: w.position.x + v.x * m.m11 + v.y * m.m21, y: w.position.y + v.x * m.m12 + v.y * m.m22)
        }
        var p = Point(x: 0, y: 0)
        if case .point(let q)? = child.values.last(where: { $0.key == "position" })?.value { p = q }
        child.values.append(("position", .point(map(p))))
        // Its position keyframes (mapsPoints) map the same way.
        for k in child.animations.indices where child.animations[k].animation.keyPath == "position" {
            guard case .keyframe(var spec, let path, let rotation) = child.animations[k].animation.kind else { continue }
            spec.values = spec.values.map { v in if case .point(let q) = v { return .point(map(q)) } else { return v } }
            child.animations[k].animation.kind = .keyframe(spec, path: path, rotationMode: rotation)
        }
        if !w.translates {
            // Row vectors: its own transform first, then the wrapper's.
            var own = Transform3D.identity
            if case .transform(let t)? = child.values.last(where: { $0.key == "transform" })?.value { own = t }
            child.values.append(("transform", .transform(own.concatenating(m))))
        }
        child.values.append(contentsOf: w.carried)
        child.animations.append(contentsOf: w.animations)
        child.visibleShare = min(child.visibleShare, w.visibleShare)
        if let name = w.name { child.values.append(("name", name)) }
    }

    /// The keys of a shape layer's stroke, of its fill, and those a fill and a stroke must share
    /// to be one layer.
    static let strokeKeys: Set<String> = [
        "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "lineDashPattern", "lineDashPhase",
        "strokeStart", "strokeEnd",
    ]
    static let fillKeys: Set<String> = ["fillColor", "fillRule"]
    static let sharedKeys: Set<String> = ["anchorPoint", "bounds", "position", "transform", "path"]

    /// Whether `fill` (a shape layer that only fills) and `stroke` (one that only strokes, drawn
    /// right above it) can be one shape layer, which fills and then strokes (RS-8): the same
    /// still path and geometry, opacity 1 on both (a layer's opacity would fade the two
    /// together, not each on its own), nothing else set, and animations only of their own
    /// style (no path animation: a still path is compared, an animated one is not).
    static func mergeable(fill: LottieNode, stroke: LottieNode) -> Bool {
        guard fill.kind == .shape, stroke.kind == .shape, fill.mask == nil, stroke.mask == nil,
              fill.sublayers.isEmpty, stroke.sublayers.isEmpty,
              // (Cheap looks first: most neighbours are not a fill and a stroke.)
              stroke.values.contains(where: { $0.key == "strokeColor" }),
              !fill.values.contains(where: { $0.key == "strokeColor" }),
              fill.animations.allSatisfy({ fillKeys.contains($0.animation.keyPath ?? "") }),
              stroke.animations.allSatisfy({ strokeKeys.contains($0.animation.keyPath ?? "") })
        else { return false }
        var f: [String: Value] = [:], s: [String: Value] = [:]
        for (k, v) in fill.values { f[k] = v }
        for (k, v) in stroke.values { s[k] = v }
        for (k, v) in f where !sharedKeys.contains(k) && !fillKeys.contains(k) && !(k == "opacity" && v == .number(1)) {
            return false
        }
        for (k, v) in s where !sharedKeys.contains(k) && !strokeKeys.contains(k)
            && !(k == "opacity" && v == .number(1)) && !(k == "fillColor" && v == .null)
        {
            return false
        }
        guard let color = f["fillColor"], color != .null, s["strokeColor"] != nil, f["path"] != nil else { return false }
        for k in sharedKeys where f[k] != s[k] { return false }
        return true
    }

    /// Removes the wrapper layers below `top` (never `top` itself, nor a mask layer, whose own
    /// content is the mask). A wrapper gives its place to its sublayers, in order, when each
    /// can take over what it does to it (`canTakeOver`); one that hides or fades, or has a name, only to
    /// its one sublayer (which has no name of its own); under a replicator, only to one
    /// sublayer (each sublayer is replicated on its own).
    static func simplify(_ top: LottieNode) {
        var work: [LottieNode] = [top]
        while let parent = work.popLast() {
            // The sublayers that take a wrapper's place are looked at again (they may be
            // wrappers too): a stack in order, so the pass is linear in the sublayers.
            var kept: [LottieNode] = []
            kept.reserveCapacity(parent.sublayers.count)
            var pending = Array(parent.sublayers.reversed())
            while let node = pending.popLast() {
                guard let w = wrapper(node) else { kept.append(node); continue }
                let children = node.sublayers
                let single = children.count == 1
                let identity = w.translates && w.offset.x == 0 && w.offset.y == 0
                var fits = single || (parent.kind != .replicator && w.name == nil && !w.carries)
                if fits, w.name != nil, children[0].values.contains(where: { $0.key == "name" }) { fits = false }
                let nothing = identity && !w.carries && w.name == nil
                if fits, !nothing { fits = children.allSatisfy { canTakeOver(w, $0) } }
                guard fits else { kept.append(node); continue }
                if !nothing {
                    for c in children { takeOver(w, c) }
                }
                pending.append(contentsOf: children.reversed())
            }
            parent.sublayers = kept
            // A fill with the stroke of the same path right above it: one shape layer, which
            // fills, then strokes (not under a replicator, which repeats each sublayer apart).
            var j = 0
            while parent.kind != .replicator && j + 1 < parent.sublayers.count {
                if mergeable(fill: parent.sublayers[j], stroke: parent.sublayers[j + 1]) {
                    let stroke = parent.sublayers.remove(at: j + 1)
                    parent.sublayers[j].values.append(contentsOf: stroke.values.filter { strokeKeys.contains($0.key) })
                    parent.sublayers[j].animations.append(contentsOf: stroke.animations)
                }
                j += 1
            }
            work.append(contentsOf: parent.sublayers)
            if let m = parent.mask { work.append(m) }
        }
    }
}
