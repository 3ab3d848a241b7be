// SPDX-License-Identifier: Apache-2.0
// Lottie shape items → shape, gradient and replicator layers (R16, docs/lottie.md#shapes).
//
// A fill or stroke paints every path above it in its group, and in the groups above it; the
// first item is on top. Each fill and stroke becomes one shape layer whose path is the union of
// those paths (so compound paths keep their holes); a group becomes a layer with the group's
// transform; the order of the items is the order of the sublayers, reversed. A fill or stroke
// that applies to the paths of a nested group is drawn at the bottom of that group.

import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A fill, stroke or gradient that paints paths, with the trim in force where it stands.
struct LottieStyle {
    var item: JNode
    var type: String
    var trim: LottieTrim?
}

/// A trim paths item.
struct LottieTrim {
    var start: LottieProp
    var end: LottieProp
    var offset: LottieProp
    var individually: Bool
}

/// Something that makes a path: its animatable inputs and how they make it.
struct LottiePathSource {
    var props: [LottieProp]
    var make: ([[Double]], inout Path) -> Void
    /// Whether the path's points are not linear in its animated inputs (an animated rounding
    /// radius changes the path's structure at 0 and where it stops at half an edge): sampled at
    /// every frame, not interpolated between the inputs' keyframes.
    var sampled = false
}

extension LottieImporter {
    static func buildShapes(
        _ items: [JNode], size: Size, inherited: [LottieStyle], depth: Int, _ ctx: LottieContext,
        inheritedTrim: LottieTrim? = nil, inheritedRound: LottieProp? = nil
    ) throws(LottieError) -> [LottieNode] {
        guard depth <= LottieLimits.maximumDepth else {
            throw LottieError(items.first?.path ?? "$", "shape groups nest deeper than \(LottieLimits.maximumDepth)")
        }
        // A repeater repeats every item above it (lower index), painted by the styles below it
        // too: those items become one replicator layer above the rest.
        if let k = items.firstIndex(where: { $0.string("ty") == "rp" && (try? $0["hd"]?.number()) ?? 0 == 0 }) {
            let below = Array(items[(k + 1)...])
            var styles: [LottieStyle] = []
            for item in below where ["fl", "st", "gf", "gs"].contains(item.string("ty") ?? "") {
                styles.append(LottieStyle(item: item, type: item.string("ty") ?? "", trim: nil))
            }
            let repeated = try buildShapes(
                Array(items[..<k]), size: size, inherited: styles + inherited, depth: depth + 1, ctx,
                inheritedTrim: inheritedTrim, inheritedRound: inheritedRound)
            let replicator = try repeaterNode(items[k], content: repeated, size: size, ctx)
            let rest = try buildShapes(
                below, size: size, inherited: inherited, depth: depth + 1, ctx, inheritedTrim: inheritedTrim,
                inheritedRound: inheritedRound)
            return rest + [replicator]
        }
        var sources: [LottiePathSource] = []
        var topDown: [LottieNode] = []  // item order: the first is on top
        var trim: LottieTrim? = inheritedTrim
        // Groups wait for the styles below them, which paint their paths too.
        var pendingGroups: [(index: Int, item: JNode, styles: [LottieStyle], trim: LottieTrim?, round: LottieProp?)] = []
        var slots: [Int: LottieNode] = [:]
        var order: [Int] = []
        for (index, item) in items.enumerated() {
            guard item.isObject else { throw LottieError(item.path, "expected a shape item, found \(item.kindName)") }
            if (try item["hd"]?.number() ?? 0) != 0 { continue }
            // Shape items' own blend modes (on fills and strokes) are not mapped: only layers'.
            if let bm = try item["bm"]?.number(), bm != 0 {
                ctx.warn("shape item blend mode \(clampedInt(bm)) drawn as normal")
            }
            let ty = item.string("ty") ?? ""
            switch ty {
            case "gr":
                pendingGroups.append((index, item, [], inheritedTrim, inheritedRound))
                order.append(index)
            case "rc", "el", "sh", "sr":
                let source = try pathSource(item, type: ty, ctx)
                sources.append(inheritedRound.map { roundedSource(source, radius: $0) } ?? source)
            case "fl", "st", "gf", "gs":
                let style = LottieStyle(item: item, type: ty, trim: trim)
                if !sources.isEmpty {
                    slots[index] = try styleNode(style, sources: sources, size: size, ctx)
                    order.append(index)
                }
                for k in pendingGroups.indices { pendingGroups[k].styles.append(style) }
            case "tm":
                let start = try LottieProp.parse(try item.required("s"), ctx, read: LottieValues.numbers)
                let end = try LottieProp.parse(try item.required("e"), ctx, read: LottieValues.numbers)
                let offset = try item["o"].map { n throws(LottieError) in try LottieProp.parse(n, ctx, read: LottieValues.numbers) }
                    ?? LottieProp(constant: [0])
                trim = LottieTrim(start: start, end: end, offset: offset, individually: (try item["m"]?.number() ?? 1) == 2)
                // A trim also trims the paths of the groups above it.
                for k in pendingGroups.indices where pendingGroups[k].trim == nil { pendingGroups[k].trim = trim }
            case "tr":
                break  // the group's transform, applied by the caller
            case "rp":
                break  // handled above
            case "rd":
                // Rounds the paths above it in its group and in the groups above it.
                let radius = try item["r"].map { n throws(LottieError) in try LottieProp.parse(n, ctx, read: LottieValues.numbers) }
                    ?? LottieProp(constant: [0])
                sources = sources.map { roundedSource($0, radius: radius) }
                for k in pendingGroups.indices where pendingGroups[k].round == nil { pendingGroups[k].round = radius }
            case "mm":
                // The paths above are already one path under each style: "merge" and "add" are
                // their union (non-zero); the boolean modes are not.
                let mode = clampedInt(try item["mm"]?.number() ?? 1)
                if mode != 1 && mode != 2 {
                    let names = [3: "subtract", 4: "intersect", 5: "exclude intersections"]
                    ctx.warn("merge paths '\(names[mode] ?? "mode \(mode)")' drawn as their union")
                }
            case "op":
                ctx.warn("offset paths not supported")
            case "pb":
                ctx.warn("pucker and bloat not supported")
            case "tw":
                ctx.warn("twist not supported")
            case "zz":
                ctx.warn("zig zag not supported")
            default:
                ctx.warn("shape item '\(ty)' not supported")
            }
        }
        // Styles inherited from enclosing groups paint this group's paths, at its bottom.
        var bottom: [LottieNode] = []
        if !sources.isEmpty {
            for style in inherited {
                var s = style
                if s.trim == nil { s.trim = trim }
                bottom.append(try styleNode(s, sources: sources, size: size, ctx))
            }
        }
        for g in pendingGroups {
            slots[g.index] = try groupNode(
                g.item, size: size, inherited: g.styles + inherited, depth: depth, ctx, trim: g.trim, round: g.round)
        }
        for index in order { if let n = slots[index] { topDown.append(n) } }
        // Sublayers go bottom first: reverse the item order, with the inherited ones lowest.
        return bottom.reversed() + topDown.reversed()
    }

    /// A repeater (`rp`): a replicator layer (RS-13) whose instance k is drawn with the
    /// repeater's transform applied k times about its anchor, and opacity from `so` to `eo`.
    static func repeaterNode(
        _ item: JNode, content: [LottieNode], size: Size, _ ctx: LottieContext
    ) throws(LottieError) -> LottieNode {
        func prop(_ n: JNode?, _ key: String, _ d: [Double]) throws(LottieError) -> LottieProp {
            guard let v = n?[key] else { return LottieProp(constant: d) }
            return try LottieProp.parse(v, ctx, read: LottieValues.numbers)
        }
        let node = try frameNode(size, ctx, at: item.path, kind: .replicator)
        node.sublayers = content
        let copies = try prop(item, "c", [1])
        if copies.isAnimated { ctx.warn("animated repeater copies hold their first count") }
        let count = min(max(clampedInt((copies.first.first ?? 1).rounded()), 0), 1000)
        node.set("instanceCount", .number(Double(count)))
        let offset = try prop(item, "o", [0])
        if offset.isAnimated || (offset.first.first ?? 0) != 0 { ctx.warn("repeater offsets not supported") }
        if (try item["m"]?.number() ?? 1) == 2 { ctx.warn("repeater copies below the original drawn above") }
        let tr = item["tr"]
        let anchor = LottieValues.point(try prop(tr, "a", [0, 0]).first)
        if size.width > 0, size.height > 0 {
            node.set("anchorPoint", .point(Point(x: anchor.x / size.width, y: anchor.y / size.height)))
            node.set("position", .point(anchor))
        }
        let p = try prop(tr, "p", [0, 0]), r = try prop(tr, "r", [0]), sc = try prop(tr, "s", [100, 100])
        node.apply("instanceTransform", ctx.map("instanceTransform", [p, r, sc]) { v in
            let t = LottieValues.point(v[0]), angle = (v[1].first ?? 0) * .pi / 180
            let sx = (v[2].first ?? 100) / 100, sy = (v[2].count > 1 ? v[2][1] : v[2].first ?? 100) / 100
            // Row vectors: scale first, then rotate, then translate (Lottie's T·R·S).
            let m = Transform3D(scaleX: sx, y: sy, z: 1)
                .concatenating(Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1))
                .concatenating(Transform3D(translationX: t.x, y: t.y, z: 0))
            return .transform(m)
        })
        let so = try prop(tr, "so", [100]), eo = try prop(tr, "eo", [100])
        if so.isAnimated || eo.isAnimated { ctx.warn("animated repeater opacities hold their first values") }
        let start = min(max((so.first.first ?? 100) / 100, 0), 1), end = min(max((eo.first.first ?? 100) / 100, 0), 1)
        node.set("instanceColor", .color(Color(red: 1, green: 1, blue: 1, alpha: start)))
        if count > 1 { node.set("instanceAlphaOffset", .number((end - start) / Double(count - 1))) }
        return node
    }

    /// A group: a layer with the group's transform holding its items.
    static func groupNode(
        _ item: JNode, size: Size, inherited: [LottieStyle], depth: Int, _ ctx: LottieContext,
        trim: LottieTrim? = nil, round: LottieProp? = nil
    ) throws(LottieError) -> LottieNode {
        let children = try item["it"]?.array() ?? []
        let content = try frameNode(size, ctx, at: item.path)
        content.sublayers = try buildShapes(
            children, size: size, inherited: inherited, depth: depth + 1, ctx, inheritedTrim: trim,
            inheritedRound: round)
        if let tr = children.last(where: { $0.string("ty") == "tr" }) {
            return try transformChain(tr, content: content, size: size, opacity: true, ctx)
        }
        return content
    }

    /// `source` with its sharp corners rounded by `radius` (`ty:"rd"`; an animated radius is
    /// one more input of the path, sampled with it).
    static func roundedSource(_ source: LottiePathSource, radius: LottieProp) -> LottiePathSource {
        let n = source.props.count
        let make = source.make
        var rounded = LottiePathSource(props: source.props + [radius]) { v, path in
            var own = Path()
            make(Array(v[0..<n]), &own)
            path.elements.append(contentsOf: LottieRoundCorners.apply(own, radius: v[n].first ?? 0).elements)
        }
        rounded.sampled = source.sampled || radius.isAnimated
        return rounded
    }

    /// A path-making item's inputs.
    static func pathSource(_ item: JNode, type: String, _ ctx: LottieContext) throws(LottieError) -> LottiePathSource {
        func prop(_ key: String, _ d: [Double]) throws(LottieError) -> LottieProp {
            guard let n = item[key] else { return LottieProp(constant: d) }
            return try LottieProp.parse(n, ctx, read: LottieValues.numbers)
        }
        let reversed = (try item["d"]?.number() ?? 1) == 3
        switch type {
        case "sh":
            let ks = try LottieProp.parse(try item.required("ks"), ctx, read: LottieValues.shape)
            return LottiePathSource(props: [ks]) { v, path in LottieValues.path(v[0], into: &path) }
        case "rc":
            let p = try prop("p", [0, 0]), s = try prop("s", [0, 0]), r = try prop("r", [0])
            return LottiePathSource(props: [p, s, r]) { v, path in
                let c = LottieValues.point(v[0]), sz = LottieValues.point(v[1])
                let rect = Rect(x: c.x - sz.x / 2, y: c.y - sz.y / 2, width: sz.x, height: sz.y)
                // Roundness stops at half the shorter side: circular corners, as After Effects
                // draws them (R16.7).
                let radius = min(max(v[2].first ?? 0, 0), min(abs(sz.x), abs(sz.y)) / 2)
                let r = Path.roundedRect(rect, cornerRadius: radius)
                path.elements.append(contentsOf: reversed ? reverse(r).elements : r.elements)
            }
        case "el":
            let p = try prop("p", [0, 0]), s = try prop("s", [0, 0])
            return LottiePathSource(props: [p, s]) { v, path in
                let c = LottieValues.point(v[0]), sz = LottieValues.point(v[1])
                var e = Path.ellipse(in: Rect(x: c.x - sz.x / 2, y: c.y - sz.y / 2, width: sz.x, height: sz.y))
                // Lottie's ellipse starts at the top and turns clockwise (lottie-web, rlottie and
                // ThorVG alike), which is where a trim counts from; Core Graphics' starts at the
                // right: the same four arcs, begun one arc earlier.
                if e.elements.count == 6, case .cubicCurve(_, _, let top) = e.elements[3] {
                    e.elements = [.move(top), e.elements[4], e.elements[1], e.elements[2], e.elements[3], .close]
                }
                path.elements.append(contentsOf: reversed ? reverse(e).elements : e.elements)
            }
        default:  // "sr": star (sy 1) or polygon (sy 2)
            let star = (try item["sy"]?.number() ?? 1) == 1
            let p = try prop("p", [0, 0]), pt = try prop("pt", [5]), r = try prop("r", [0])
            let or = try prop("or", [0]), ir = try prop("ir", [0])
            for key in ["os", "is"] {
                if let n = item[key], let v = try? LottieProp.parse(n, ctx, read: LottieValues.numbers),
                   v.isAnimated || (v.first.first ?? 0) != 0 {
                    ctx.warn("star and polygon roundness not supported")
                }
            }
            return LottiePathSource(props: [p, pt, r, or, ir]) { v, path in
                let c = LottieValues.point(v[0])
                let points = min(max(clampedInt((v[1].first ?? 5).rounded(.down)), 2), 1000)
                let rotation = (v[2].first ?? 0) * .pi / 180
                let outer = v[3].first ?? 0, inner = v[4].first ?? 0
                let count = star ? points * 2 : points
                var shape = Path()
                for k in 0..<count {
                    let angle = rotation - .pi / 2 + Double(k) * 2 * .pi / Double(count)
                    let radius = (star && k % 2 == 1) ? inner : outer
                    let q = Point(x: c.x + radius * cos(angle), y: c.y + radius * sin(angle))
                    if k == 0 { shape.move(to: q) } else { shape.addLine(to: q) }
                }
                shape.closeSubpath()
                path.elements.append(contentsOf: reversed ? reverse(shape).elements : shape.elements)
            }
        }
    }

    /// A closed path drawn the other way round (Lottie's direction 3), for trims.
    static func reverse(_ p: Path) -> Path {
        var points: [(PathElement, Point)] = []
        var current = Point(x: 0, y: 0)
        var start = current
        for e in p.elements {
            switch e {
            case .move(let q): current = q; start = q
            case .line(let q), .quadCurve(_, let q), .cubicCurve(_, _, let q): points.append((e, current)); current = q
            case .close: current = start
            }
        }
        guard let last = points.last else { return p }
        var out = Path()
        switch last.0 {
        case .line(let q), .quadCurve(_, let q), .cubicCurve(_, _, let q): out.move(to: q)
        default: return p
        }
        for (e, from) in points.reversed() {
            switch e {
            case .line: out.addLine(to: from)
            case .quadCurve(let c, _): out.addQuadCurve(to: from, control: c)
            case .cubicCurve(let c1, let c2, _): out.addCurve(to: from, control1: c2, control2: c1)
            default: break
            }
        }
        out.closeSubpath()
        return out
    }

    /// The union of `sources` as one path property.
    static func pathMapping(_ sources: [LottiePathSource], _ ctx: LottieContext) -> LottieMapped {
        var props: [LottieProp] = []
        var ranges: [Range<Int>] = []
        for s in sources {
            ranges.append(props.count..<(props.count + s.props.count))
            props.append(contentsOf: s.props)
        }
        return ctx.map("path", props, sampled: sources.contains { $0.sampled }) { v in
            var path = Path()
            for (s, r) in zip(sources, ranges) { s.make(Array(v[r]), &path) }
            return .path(path)
        }
    }

    /// The union of `sources`, trimmed: for fills of trimmed paths (strokes use strokeStart and
    /// strokeEnd). Sampled per frame whenever the trim or a path animates.
    static func trimmedPathMapping(_ sources: [LottiePathSource], _ trim: LottieTrim, _ ctx: LottieContext) -> LottieMapped {
        var props: [LottieProp] = []
        var ranges: [Range<Int>] = []
        for s in sources {
            ranges.append(props.count..<(props.count + s.props.count))
            props.append(contentsOf: s.props)
        }
        let t = props.count
        props.append(contentsOf: [trim.start, trim.end, trim.offset])
        return ctx.map("path", props) { v in
            var path = Path()
            for (s, r) in zip(sources, ranges) { s.make(Array(v[r]), &path) }
            let a = (v[t].first ?? 0) / 100, b = (v[t + 1].first ?? 100) / 100
            var o = (v[t + 2].first ?? 0) / 360
            o -= o.rounded(.down)
            let lo = min(a, b), hi = max(a, b)
            if hi - lo >= 1 { return .path(path) }
            var start = lo + o, end = hi + o
            if start >= 1 { start -= 1; end -= 1 }
            return .path(LottieTrimGeometry.trimmed(path, start: start, end: end, individually: trim.individually))
        }
    }

    /// The layer of one fill, stroke or gradient over `sources`.
    static func styleNode(
        _ style: LottieStyle, sources: [LottiePathSource], size: Size, _ ctx: LottieContext
    ) throws(LottieError) -> LottieNode {
        let item = style.item
        func prop(_ key: String, _ d: [Double]) throws(LottieError) -> LottieProp {
            guard let n = item[key] else { return LottieProp(constant: d) }
            return try LottieProp.parse(n, ctx, read: LottieValues.numbers)
        }
        let isStroke = style.type == "st" || style.type == "gs"
        let shape = try frameNode(size, ctx, at: item.path, kind: .shape)
        let opacity = try prop("o", [100])
        if isStroke, let trim = style.trim, !trim.individually, sources.count > 1 {
            // Simultaneous trims trim each path alone: one layer per path.
            let container = try frameNode(size, ctx, at: item.path)
            for s in sources {
                var single = style
                single.trim?.individually = true
                container.sublayers.append(try styleNode(single, sources: [s], size: size, ctx))
            }
            return container
        }
        if !isStroke, let trim = style.trim {
            shape.apply("path", trimmedPathMapping(sources, trim, ctx))
        } else {
            shape.apply("path", pathMapping(sources, ctx))
        }
        switch style.type {
        case "fl", "st":
            let color = try prop("c", [0, 0, 0, 1])
            let mappedColor = ctx.map(isStroke ? "strokeColor" : "fillColor", [color]) { v in .color(LottieValues.color(v[0])) }
            if isStroke {
                shape.set("fillColor", .null)
                shape.apply("strokeColor", mappedColor)
            } else {
                shape.apply("fillColor", mappedColor)
                if (try item["r"]?.number() ?? 1) == 2 { shape.set("fillRule", .string("even-odd")) }
            }
            shape.apply("opacity", ctx.map("opacity", [opacity]) { v in .number(min(max((v[0].first ?? 100) / 100, 0), 1)) })
        default:
            // Gradients: a gradient layer masked by the shape.
            shape.set("fillColor", isStroke ? .null : .color(.black))
            if isStroke { shape.set("strokeColor", .color(.black)) }
            if !isStroke, (try item["r"]?.number() ?? 1) == 2 { shape.set("fillRule", .string("even-odd")) }
        }
        if isStroke {
            let width = try prop("w", [1])
            shape.apply("lineWidth", ctx.map("lineWidth", [width]) { v in .number(max(v[0].first ?? 1, 0)) })
            let caps = [1: "butt", 2: "round", 3: "square"], joins = [1: "miter", 2: "round", 3: "bevel"]
            shape.set("lineCap", .string(caps[clampedInt(try item["lc"]?.number() ?? 2)] ?? "round"))
            shape.set("lineJoin", .string(joins[clampedInt(try item["lj"]?.number() ?? 2)] ?? "round"))
            shape.set("miterLimit", .number(max(try item["ml"]?.number() ?? 4, 0)))
            if let d = item["d"] {
                var lengths: [LottieProp] = []
                var phase: LottieProp?
                for entry in try d.array() {
                    let v = try LottieProp.parse(try entry.required("v"), ctx, read: LottieValues.numbers)
                    if entry.string("n") == "o" { phase = v } else { lengths.append(v) }
                }
                func pattern(_ v: [[Double]]) -> [Double] {
                    var p = v.map { max($0.first ?? 0, 0) }
                    if p.count == 1 { p.append(p[0]) }
                    return p
                }
                if !lengths.isEmpty {
                    if lengths.contains(where: \.isAnimated) {
                        // Animated lengths: the pattern sampled at every frame (an explicit
                        // animation of lineDashPattern, whose arrays interpolate entry by entry).
                        shape.apply("lineDashPattern", ctx.map("lineDashPattern", lengths, sampled: true) { v in
                            .numberArray(pattern(v))
                        })
                    } else if pattern(lengths.map(\.first)).contains(where: { $0 > 0 }) {
                        shape.set("lineDashPattern", .numberArray(pattern(lengths.map(\.first))))
                    }
                }
                if let phase { shape.apply("lineDashPhase", ctx.map("lineDashPhase", [phase]) { v in .number(v[0].first ?? 0) }) }
            }
            if let trim = style.trim {
                let props = [trim.start, trim.end, trim.offset]
                if trim.offset.isAnimated || (trim.offset.first.first ?? 0).truncatingRemainder(dividingBy: 360) != 0 {
                    ctx.warn("trim offsets are shifted without wrapping round the path")
                }
                func ends(_ v: [[Double]]) -> (Double, Double) {
                    let s = (v[0].first ?? 0) / 100, e = (v[1].first ?? 100) / 100
                    var o = (v[2].first ?? 0) / 360
                    o -= o.rounded(.down)
                    var a = min(s, e) + o, b = max(s, e) + o
                    if a >= 1 { a -= 1; b -= 1 }
                    return (min(max(a, 0), 1), min(max(b, 0), 1))
                }
                if !trim.offset.isAnimated, (trim.offset.first.first ?? 0).truncatingRemainder(dividingBy: 360) == 0,
                   let s = trim.start.valueRange, let e = trim.end.valueRange, s.lo >= 0, e.hi <= 100,
                   trim.start.staysAtMost(trim.end)
                {
                    // Start never passes end and both stay in 0…100 (ExactForms.swift): each end
                    // is its own property's keyframes, not a sample of both at every frame.
                    shape.apply("strokeStart", ctx.map("strokeStart", [trim.start]) { v in .number((v[0].first ?? 0) / 100) })
                    shape.apply("strokeEnd", ctx.map("strokeEnd", [trim.end]) { v in .number((v[0].first ?? 100) / 100) })
                } else {
                    shape.apply("strokeStart", ctx.map("strokeStart", props) { v in .number(ends(v).0) })
                    shape.apply("strokeEnd", ctx.map("strokeEnd", props) { v in .number(ends(v).1) })
                }
            }
        }
        guard style.type == "gf" || style.type == "gs" else { return shape }
        return try gradientNode(item, mask: shape, opacity: opacity, size: size, ctx)
    }

    /// The area a gradient must cover for a shape whose path and line width do not animate: the
    /// path's control-point bounds, outset by the stroke's reach (a miter's included) and 2
    /// points. Nil when they animate.
    static func gradientArea(_ shape: LottieNode) -> Rect? {
        if shape.animations.contains(where: { $0.key == "path" || $0.key == "lineWidth" || $0.key == "miterLimit" }) {
            return nil
        }
        func number(_ key: String) -> Double? {
            if case .number(let n)? = shape.values.last(where: { $0.key == key })?.value { return n }
            return nil
        }
        guard case .path(let path)? = shape.values.last(where: { $0.key == "path" })?.value,
              let b = path.controlPointBounds
        else { return nil }
        let stroked = shape.values.contains { $0.key == "strokeColor" }
        let reach = stroked ? (number("lineWidth") ?? 1) * max(number("miterLimit") ?? 10, 1) : 0
        let pad = reach + 2
        let area = Rect(x: b.origin.x - pad, y: b.origin.y - pad, width: b.size.width + 2 * pad, height: b.size.height + 2 * pad)
        return area.origin.x.isFinite && area.size.width.isFinite && area.size.height.isFinite ? area : nil
    }

    /// A radial gradient's highlight as the gradient layer's `focalOffset` (RS-9.10), in unit
    /// space of `area`: lottie-web's focal point, at h·r from the start point (h the length in
    /// percent of the radius r = |end − start|, clamped to ±99 %) at the angle of start → end plus
    /// `angle` degrees. Non-finite inputs give no offset.
    static func highlightOffset(start: Point, end: Point, length: Double, angle: Double, area: Rect) -> Point {
        let dx = end.x - start.x, dy = end.y - start.y
        let r = (dx * dx + dy * dy).squareRoot()
        let h = min(max(length / 100, -0.99), 0.99)
        let theta = atan2(dy, dx) + angle * Double.pi / 180
        let o = Point(x: cos(theta) * h * r / area.size.width, y: sin(theta) * h * r / area.size.height)
        return o.x.isFinite && o.y.isFinite ? o : Point(x: 0, y: 0)
    }

    /// A gradient fill or stroke: a gradient layer over a generous area, masked by the shape.
    static func gradientNode(
        _ item: JNode, mask: LottieNode, opacity: LottieProp, size: Size, _ ctx: LottieContext
    ) throws(LottieError) -> LottieNode {
        // The gradient layer covers the canvas and one more canvas on every side (in the shape's
        // own space): shapes that move outside their canvas still fill with their gradient, and
        // the compositor's offscreen for the mask stays nine canvases, not forty-nine. A shape
        // whose outline never changes needs only its own bounds (with its stroke's reach): the
        // compositor draws the masked gradient through an offscreen of the layer's size, and
        // nine canvases of issue_2055's 1920 x 1920 precomposition cost llvmpipe seconds a frame.
        let area = gradientArea(mask) ?? Rect(x: -size.width, y: -size.height, width: 3 * size.width, height: 3 * size.height)
        let g = try ctx.node(.gradient, at: item.path)
        g.set("anchorPoint", .point(Point(x: 0, y: 0)))
        g.set("position", .point(area.origin))
        g.set("bounds", .rect(Rect(x: 0, y: 0, width: area.size.width, height: area.size.height)))
        mask.values.append(("position", .point(Point(x: -area.origin.x, y: -area.origin.y))))
        g.mask = mask
        let radial = (try item["t"]?.number() ?? 1) == 2
        g.set("type", .string(radial ? "radial" : "axial"))
        func unit(_ p: [Double]) -> Point {
            Point(x: ((p.count > 0 ? p[0] : 0) - area.origin.x) / area.size.width,
                  y: ((p.count > 1 ? p[1] : 0) - area.origin.y) / area.size.height)
        }
        let s = try LottieProp.parse(try item.required("s"), ctx, read: LottieValues.numbers)
        let e = try LottieProp.parse(try item.required("e"), ctx, read: LottieValues.numbers)
        if radial {
            // The highlight (RS-9.10): lottie-web puts the focal point h (a percentage of the
            // radius, clamped to ±99 %) of the way from s toward the edge, at the angle of s → e
            // plus a degrees; as an offset from startPoint in the gradient layer's unit space.
            let h = try item["h"].map { n throws(LottieError) in try LottieProp.parse(n, ctx, read: LottieValues.numbers) }
            let a = try item["a"].map { n throws(LottieError) in try LottieProp.parse(n, ctx, read: LottieValues.numbers) }
                ?? LottieProp(constant: [0])
            if let h, h.isAnimated || (h.first.first ?? 0) != 0 {
                g.apply("focalOffset", ctx.map("focalOffset", [s, e, h, a]) { v in
                    .point(highlightOffset(start: LottieValues.point(v[0]), end: LottieValues.point(v[1]),
                                           length: v[2].first ?? 0, angle: v[3].first ?? 0, area: area))
                })
            }
            g.apply("startPoint", ctx.map("startPoint", [s]) { v in .point(unit(v[0])) })
            // Core Animation's radial gradient reaches the ellipse through endPoint: a circle of
            // the distance from s to e.
            g.apply("endPoint", ctx.map("endPoint", [s, e]) { v in
                let a = LottieValues.point(v[0]), b = LottieValues.point(v[1])
                let r = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                return .point(unit([a.x + r, a.y + r]))
            })
        } else {
            g.apply("startPoint", ctx.map("startPoint", [s]) { v in .point(unit(v[0])) })
            g.apply("endPoint", ctx.map("endPoint", [e]) { v in .point(unit(v[0])) })
        }
        let gradient = try item.required("g")
        let count = clampedInt(try gradient.number("p", default: 0))
        guard count >= 1, count <= 1000 else { throw LottieError("\(gradient.path).p", "\(count) colour stops") }
        let stops = try LottieProp.parse(try gradient.required("k"), ctx, read: LottieValues.numbers)
        func decode(_ v: [Double]) -> (colors: [Color], locations: [Double]) {
            var colors: [Color] = [], locations: [Double] = []
            for k in 0..<count where v.count >= 4 * k + 4 {
                locations.append(min(max(v[4 * k], 0), 1))
                colors.append(LottieValues.color([v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]]))
            }
            // Opacity stops follow the colour stops: alpha at each colour stop, interpolated.
            let rest = Array(v.dropFirst(4 * count))
            if rest.count >= 4 {
                let n = rest.count / 2
                for c in colors.indices {
                    let x = locations[c]
                    var alpha = rest[1]
                    if x >= rest[2 * (n - 1)] { alpha = rest[2 * n - 1] }
                    for k in 0..<(n - 1) where rest[2 * k] <= x && x <= rest[2 * k + 2] {
                        let span = rest[2 * k + 2] - rest[2 * k]
                        let f = span > 0 ? (x - rest[2 * k]) / span : 0
                        alpha = rest[2 * k + 1] + (rest[2 * k + 3] - rest[2 * k + 1]) * f
                        break
                    }
                    colors[c].alpha = min(max(alpha, 0), 1)
                }
            }
            if colors.count == 1 { colors.append(colors[0]); locations.append(1) }
            return (colors, locations)
        }
        g.apply("colors", ctx.map("colors", [stops]) { v in .colorArray(decode(v[0]).colors) })
        g.apply("locations", ctx.map("locations", [stops]) { v in .numberArray(decode(v[0]).locations) })
        let container = try frameNode(size, ctx, at: item.path)
        container.apply("opacity", ctx.map("opacity", [opacity]) { v in .number(min(max((v[0].first ?? 100) / 100, 0), 1)) })
        container.sublayers = [g]
        return container
    }
}
