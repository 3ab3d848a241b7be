// SPDX-License-Identifier: Apache-2.0
// Lottie layers → layer descriptions (R16, docs/lottie.md), the way lottie-ios's Core Animation
// engine maps them onto CALayers:
//
//   root (canvas; the host's media timing: play, seek, speed, loop)
//   └ frame space (beginTime −ip/fr: local time t is frame t·fr)
//     └ per Lottie layer, bottom to top: slot (in/out points as an animation of "hidden";
//       track matte as its mask; blend mode as its compositingFilter)
//         └ parents' transforms, outermost first (transform only: parenting does not pass on
//           opacity or visibility)
//           └ position + rotation layer → [skew layer] → anchor + scale + opacity layer
//             └ [blurred layer (Gaussian blur)] → masked layer (masks) → content (shapes,
//               solid, precomposition …; without masks the blur is on the content)
//
// A Lottie transform is T(position)·R·Sk·S·T(−anchor). A layer with anchorPoint (0, 0) maps a
// point x to position + transform·(x − bounds.origin), so each factor lives on its own layer,
// animated on its own key: "position", "transform" with the rotateZ value function,
// "bounds.origin" for the anchor and "transform" with the scale value function. Nothing is
// decomposed, so a scale of 0 or a flip animates exactly.

import FoundationEssentials
import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A time remap that is not one straight line (R16.11): outer frames `from`…`to` (the
/// remapped precomposition layer's frames, where its keyframes lie) map to inner frames through
/// `frame`; outside them the remap holds its ends.
struct LottieRemap {
    let from: Double
    let to: Double
    let frame: (Double) -> Double
}

/// Import state: the frame rate, the warnings, the budgets.
final class LottieContext {
    let frameRate: Double
    var warnings: [String] = []
    private var warned: Set<String> = []
    private var keyframeCount = 0
    private var layerCount = 0
    /// The keyframe budget (LottieLimits.maximumKeyframes; tests lower it).
    let maximumKeyframes: Int
    var assets: [String: JNode] = [:]
    /// Decoded image assets by id (an asset used by several layers is decoded once).
    var images: [String: Result<Image, LottieImageFailure>] = [:]
    /// Precomposition ids being built, to refuse cycles.
    var precompStack: [String] = []
    /// The time remap of the precompositions being built, when one is not a straight line: their
    /// layers' animations are sampled in the time of the remapped precomposition's layer
    /// (R16.11). Nil elsewhere.
    var remap: LottieRemap?
    /// Samples left for the animations inside curved time remaps (LottieLimits.maximumRemapSamples).
    private var remapSamples = LottieLimits.maximumRemapSamples
    /// The frames of the composition being built that the animation can ever show, a frame
    /// wider on each side: a layer visible at none of them gets no layers at all
    /// (docs/lottie.md#unseen). Unbounded under a time remap.
    var shownFrames: (lo: Double, hi: Double) = (-.infinity, .infinity)

    /// `shownFrames` without its margin: a closed range holding every frame, fractional ones
    /// included, that progress 0…1 can show of the composition being built (its ip…op at the
    /// top; inside a precomposition, at least the frames its layer maps there). A property that
    /// shows one value over it is a constant (docs/lottie.md#still).
    var stillFrames: (lo: Double, hi: Double) { (shownFrames.lo + 1, shownFrames.hi - 1) }
    /// Whether what is still over `stillFrames` becomes a constant (tests turn it off).
    var still = true

    /// The properties of the transform being mapped, by JSON node: `staticTransform` parses
    /// them to see whether they are still, and the chain that maps them when they are not
    /// reads them from here instead of parsing (and counting) them again.
    var transformProps: [Int: LottieProp] = [:]

    /// A transform property (numbers), parsed once per transform (`transformProps`).
    func transformProp(_ n: JNode) throws(LottieError) -> LottieProp {
        if let p = transformProps[n.index] { return p }
        let p = try LottieProp.parse(n, self, read: LottieValues.numbers)
        transformProps[n.index] = p
        return p
    }

    init(frameRate: Double, maximumKeyframes: Int = LottieLimits.maximumKeyframes) {
        self.frameRate = frameRate
        self.maximumKeyframes = maximumKeyframes
    }

    /// Records a warning once.
    func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }

    /// How many samples (plus one) an animation inside a curved time remap gets: `wanted`
    /// while the file's budget lasts, then its remap's ends only, with a warning, so a file
    /// with many remapped layers takes bounded memory.
    func remapSampleCount(_ wanted: Int) -> Int {
        if wanted + 1 <= remapSamples {
            remapSamples -= wanted + 1
            return wanted
        }
        warn("time remaps need more than \(LottieLimits.maximumRemapSamples) samples: the rest are drawn between their ends")
        remapSamples = 0
        return 1
    }

    func countKeyframes(_ n: Int, at path: @autoclosure () -> String) throws(LottieError) {
        keyframeCount += n
        if keyframeCount > maximumKeyframes {
            throw LottieError(path(), "more than \(maximumKeyframes) keyframes in the file")
        }
    }

    /// A new node, counted against the layer budget.
    func node(_ kind: LayerKind = .plain, at path: @autoclosure () -> String) throws(LottieError) -> LottieNode {
        layerCount += 1
        if layerCount > LottieLimits.maximumLayers {
            throw LottieError(path(), "the file needs more than \(LottieLimits.maximumLayers) layers")
        }
        return LottieNode(kind)
    }
}

/// Value readers and converters.
enum LottieValues {
    static func numbers(_ n: JNode) throws(LottieError) -> [Double] { try n.numbers() }

    /// A Bezier shape `{i, o, v, c}` (or `[shape]`) flattened: [closed, count, v…, i…, o…].
    static func shape(_ n: JNode) throws(LottieError) -> [Double] {
        var node = n
        if n.isArray {
            guard let f = n.first else { throw LottieError(n.path, "empty shape") }
            node = f
        }
        guard node.isObject else { throw LottieError(node.path, "expected a shape object with i, o, v") }
        let v = try node.required("v")
        guard v.isArray else { throw LottieError(v.path, "expected an array, found \(v.kindName)") }
        let count = v.count
        guard count * 6 <= LottieLimits.maximumValueCount else {
            throw LottieError("\(node.path).v", "\(count) vertices in one shape")
        }
        let closed: Double = (try node["c"]?.number() ?? 0) != 0 ? 1 : 0
        var out: [Double] = [closed, Double(count)]
        out.reserveCapacity(2 + count * 6)
        // Read in place, two numbers at a time (no array per point).
        for key in ["v", "i", "o"] {
            if let list = key == "v" ? v : node[key] {
                try list.appendPoints(count, to: &out)
            } else {
                out.append(contentsOf: repeatElement(0, count: 2 * count))
            }
        }
        return out
    }

    /// A flattened shape as a path (vertices with their in and out tangents).
    static func path(_ f: [Double], into path: inout Path) {
        guard f.count >= 2 else { return }
        let n = clampedInt(f[1])
        guard n > 0, f.count >= 2 + n * 6 else { return }
        func v(_ k: Int) -> Point { Point(x: f[2 + 2 * k], y: f[3 + 2 * k]) }
        func i(_ k: Int) -> Point { Point(x: f[2 + 2 * n + 2 * k], y: f[3 + 2 * n + 2 * k]) }
        func o(_ k: Int) -> Point { Point(x: f[2 + 4 * n + 2 * k], y: f[3 + 4 * n + 2 * k]) }
        func add(_ a: Point, _ b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
        path.move(to: v(0))
        let closed = f[0] > 0.5
        let segments = closed ? n : n - 1
        for k in 0..<max(segments, 0) {
            let j = (k + 1) % n
            path.addCurve(to: v(j), control1: add(v(k), o(k)), control2: add(v(j), i(j)))
        }
        if closed { path.closeSubpath() }
    }

    static func color(_ c: [Double], alpha: Double = 1) -> Color {
        var r = c.count > 0 ? c[0] : 0, g = c.count > 1 ? c[1] : 0, b = c.count > 2 ? c[2] : 0
        var a = c.count > 3 ? c[3] : 1
        if r > 1 || g > 1 || b > 1 { r /= 255; g /= 255; b /= 255; if a > 1 { a /= 255 } }
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        return Color(red: clamp(r), green: clamp(g), blue: clamp(b), alpha: clamp(a * alpha))
    }

    static func point(_ v: [Double]) -> Point { Point(x: v.count > 0 ? v[0] : 0, y: v.count > 1 ? v[1] : 0) }

    /// "#rrggbb" as a colour.
    static func hexColor(_ s: String) -> Color? {
        var hex = Substring(s)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else { return nil }
        let shift = hex.count == 8 ? 8 : 0
        let r = Double((v >> (16 + shift)) & 0xff) / 255, g = Double((v >> (8 + shift)) & 0xff) / 255
        let b = Double((v >> shift) & 0xff) / 255
        return Color(red: r, green: g, blue: b, alpha: 1)
    }
}

enum LottieImporter {
    /// `simplify`: remove the wrapper layers that change nothing (LottieSimplify); `still`:
    /// properties and visibility that never change over the shown frames are constants
    /// (docs/lottie.md#still). Tests turn them off to compare the pictures with and without.
    static func importScene(
        _ bytes: [UInt8], maximumKeyframes: Int = LottieLimits.maximumKeyframes, simplify: Bool = true,
        still: Bool = true
    ) throws(LottieError) -> LottieScene {
        guard bytes.count <= LottieLimits.maximumBytes else {
            throw LottieError("$", "the file is \(bytes.count) bytes, more than the \(LottieLimits.maximumBytes) accepted")
        }
        let document = try JSONDocument.parse(bytes)
        let top = document.root
        guard top.isObject else { throw LottieError("$", "expected an object (a Lottie animation), found \(top.kindName)") }
        let w = try top.required("w").number(), h = try top.required("h").number()
        guard w > 0, h > 0, w <= 100_000, h <= 100_000 else {
            throw LottieError("$.w", "the canvas \(w) × \(h) must be positive and at most 100000 on a side")
        }
        let fr = try top.required("fr").number()
        guard fr > 0, fr <= 1000 else { throw LottieError("$.fr", "frame rate \(fr) must be in (0, 1000]") }
        let ip = try top.required("ip").number(), op = try top.required("op").number()
        guard abs(ip) <= LottieLimits.maximumFrames, abs(op) <= LottieLimits.maximumFrames else {
            throw LottieError("$.op", "frames \(ip)…\(op) are beyond ±\(Int(LottieLimits.maximumFrames))")
        }
        guard op > ip else { throw LottieError("$.op", "the out frame \(op) must be after the in frame \(ip)") }
        let ctx = LottieContext(frameRate: fr, maximumKeyframes: maximumKeyframes)
        ctx.still = still
        if let assets = top["assets"] {
            for a in try assets.array() {
                if let id = a.string("id") { ctx.assets[id] = a }
            }
        }
        let info = LottieInfo(
            size: Size(width: w, height: h), frameRate: fr, inFrame: ip, outFrame: op,
            name: top.string("nm") ?? "", version: top.string("v") ?? "")

        let root = try ctx.node(at: "$")
        root.set("bounds", .rect(Rect(x: 0, y: 0, width: w, height: h)))
        root.set("position", .point(Point(x: w / 2, y: h / 2)))
        // The canvas clips, as every Lottie player renders into a w × h picture.
        root.set("masksToBounds", .bool(true))
        // Paused at progress 0 until the host plays or seeks.
        root.set("speed", .number(0))
        root.set("fillMode", .string("both"))
        let frameSpace = try ctx.node(at: "$")
        frameSpace.set("bounds", .rect(Rect(x: 0, y: 0, width: w, height: h)))
        frameSpace.set("anchorPoint", .point(Point(x: 0, y: 0)))
        frameSpace.set("beginTime", .number(-ip / fr))
        root.sublayers.append(frameSpace)
        let layers = try top.required("layers")
        // Progress 0…1 shows frames ip…op and nothing else (R16.1).
        ctx.shownFrames = (ip - 1, op + 1)
        frameSpace.sublayers = try buildComposition(
            layers, size: Size(width: w, height: h), endFrame: op, depth: 0, ctx)
        if simplify { LottieSimplify.simplify(root) }
        return LottieScene(root: root, info: info, warnings: ctx.warnings)
    }

    // MARK: Compositions

    /// The layers of a composition, bottom first.
    static func buildComposition(
        _ layersNode: JNode, size: Size, endFrame: Double, depth: Int, _ ctx: LottieContext
    ) throws(LottieError) -> [LottieNode] {
        guard depth <= LottieLimits.maximumDepth else {
            throw LottieError(layersNode.path, "precompositions nest deeper than \(LottieLimits.maximumDepth)")
        }
        let layers = try layersNode.array()
        var byIndex: [Int: JNode] = [:]
        for l in layers {
            guard l.isObject else { throw LottieError(l.path, "expected a layer object, found \(l.kindName)") }
            if let ind = try l["ind"]?.number(), ind.magnitude < 1e9 { byIndex[Int(ind)] = l }
        }
        var out: [LottieNode] = []
        for (k, layer) in layers.enumerated().reversed() {
            if (try layer["td"]?.number() ?? 0) != 0 { continue }  // a matte source draws only as a matte
            guard let slot = try buildLayer(layer, byIndex: byIndex, size: size, endFrame: endFrame, depth: depth, ctx)
            else { continue }
            let tt = try layer["tt"]?.number() ?? 0
            if tt != 0 {
                var source: JNode?
                if let tp = try layer["tp"]?.number(), tp.magnitude < 1e9 { source = byIndex[Int(tp)] }
                else if k > 0 { source = layers[k - 1] }
                if let source {
                    // R16.9: alpha, alpha inverted, luma, luma inverted are the layer's mask modes.
                    let modes: [Int: MaskMode] = [1: .alpha, 2: .alphaInverted, 3: .luminance, 4: .luminanceInverted]
                    var mode = MaskMode.alpha
                    if let m = modes[clampedInt(tt)] { mode = m }
                    else { ctx.warn("track matte type \(clampedInt(tt)) drawn as an alpha matte") }
                    if let matte = try buildLayer(
                        source, byIndex: byIndex, size: size, endFrame: endFrame, depth: depth, ctx, asMatte: true)
                    {
                        slot.mask = matte
                        if mode != .alpha { slot.set("maskMode", .string(mode.rawValue)) }
                    }
                }
            }
            out.append(slot)
        }
        return out
    }

    /// A layer's visibility (ip ≤ frame < op) inside a curved time remap (R16.11): `hidden`
    /// as a discrete keyframe animation in the remapped layer's time, sampled at its frames (the
    /// remap may run backwards or stand still, so the layer may come and go more than once).
    static func remappedVisibility(from ip: Double, to op: Double, _ remap: LottieRemap, _ ctx: LottieContext) -> Animation {
        let span = remap.to - remap.from
        let count = ctx.remapSampleCount(min(max(Int(span.rounded(.up)), 1), LottieLimits.maximumSamples))
        let step = span / Double(count)
        var values: [Value] = []
        values.reserveCapacity(count + 1)
        for k in 0...count {
            let f = remap.frame(remap.from + step * Double(k))
            values.append(.bool(!(ip <= f && f < op)))
        }
        // Discrete, evenly spaced: value k holds from frame from + k·step for one step; the
        // last holds from the remap's end on (fill both).
        var a = Animation.keyframe(keyPath: "hidden", values: values, calculationMode: .discrete)
        a.timing.beginTime = ctx.beginTime(frame: remap.from)
        a.timing.duration = step * Double(count + 1) / ctx.frameRate
        a.timing.fillMode = .both
        a.isRemovedOnCompletion = false
        return a
    }

    /// A plain node whose space is its parent's: anchor (0, 0), bounds (0, 0, w, h).
    static func frameNode(_ size: Size, _ ctx: LottieContext, at path: @autoclosure () -> String, kind: LayerKind = .plain) throws(LottieError) -> LottieNode {
        let n = try ctx.node(kind, at: path())
        n.set("anchorPoint", .point(Point(x: 0, y: 0)))
        n.set("bounds", .rect(Rect(x: 0, y: 0, width: size.width, height: size.height)))
        return n
    }

    /// One Lottie layer as a slot node (nil for layers that draw nothing and are not parents).
    static func buildLayer(
        _ layer: JNode, byIndex: [Int: JNode], size: Size, endFrame: Double, depth: Int,
        _ ctx: LottieContext, asMatte: Bool = false
    ) throws(LottieError) -> LottieNode? {
        let ty = clampedInt(try layer["ty"]?.number() ?? -1)
        if (try layer["hd"]?.number() ?? 0) != 0 { return nil }
        // A null layer draws nothing: it matters only as a parent, which its children read from
        // the JSON, so it gets no layers of its own.
        if ty == 3 && !asMatte { return nil }
        let name = layer.string("nm") ?? ""
        let slot = try frameNode(size, ctx, at: layer.path)
        if !name.isEmpty { slot.set("name", .string(name)) }
        // In and out points: visible for ip ≤ frame < op; a layer that lasts to the
        // composition's end stays visible at the end frame (docs/lottie.md#end-frame).
        let ip = try layer.number("ip", default: -LottieLimits.maximumFrames)
        let op = try layer.number("op", default: LottieLimits.maximumFrames)
        if op <= ip { return nil }
        let visibleTo = op >= endFrame ? LottieLimits.maximumFrames * 2 : op
        // Never on screen: no layers (a matte source is built whenever its layer is, as before).
        let shown = (lo: max(ip, ctx.shownFrames.lo), hi: min(visibleTo, ctx.shownFrames.hi))
        if shown.lo >= shown.hi && !asMatte { return nil }
        if let remap = ctx.remap {
            slot.set("hidden", .bool(true))
            let visibility = remappedVisibility(from: ip, to: visibleTo, remap, ctx)
            slot.add("lottie.visibility", visibility)
            // The share of its samples (evenly spaced over the remap) where it shows.
            if case .keyframe(let spec, _, _) = visibility.kind, !spec.values.isEmpty {
                slot.visibleShare = Double(spec.values.filter { $0 == .bool(false) }.count) / Double(spec.values.count)
            }
        } else if (ip > -LottieLimits.maximumFrames || visibleTo < LottieLimits.maximumFrames)
                    && !(ctx.still && ip <= ctx.stillFrames.lo && visibleTo > ctx.stillFrames.hi + 1e-6)
        {
            // (Visible at every frame the composition can show: no animation, docs/lottie.md#still.)
            slot.set("hidden", .bool(true))
            let from = max(ip, -LottieLimits.maximumFrames)
            var a = Animation.basic(keyPath: "hidden", from: .bool(false), to: .bool(false))
            // A nanosecond early, so the in frame itself is inside (a begin time of exactly 0
            // would mean "at the commit", CA-5.3) and the out frame is outside.
            a.timing.beginTime = from / ctx.frameRate - 1e-9
            a.timing.duration = (visibleTo - from) / ctx.frameRate
            a.isRemovedOnCompletion = false
            slot.add("lottie.visibility", a)
            let frames = ctx.stillFrames, span = frames.hi - frames.lo
            let seen = min(visibleTo, frames.hi) - max(ip, frames.lo)
            slot.visibleShare = span > 0 && span.isFinite ? min(max(seen / span, 0), 1) : 0
        }
        // While it is built (its content, masks, effects, its own and its parents' transforms),
        // the frames that matter are those where it is visible: its properties are still when
        // they do not change there (docs/lottie.md#still). Not inside a curved remap, where
        // visibility is sampled through the remap.
        let compositionFrames = ctx.shownFrames
        defer { ctx.shownFrames = compositionFrames }
        if ctx.remap == nil {
            ctx.shownFrames = (max(ip - 1, compositionFrames.lo), min(visibleTo + 1, compositionFrames.hi))
        }
        // The blend mode (R19.3): the slot's compositingFilter, so the whole Lottie layer —
        // content, masks, transforms, opacity and track matte — blends as one group with what
        // lies below it in its composition.
        var blend: String?
        if let bm = try layer["bm"]?.number(), bm != 0 {
            if let name = blendModes[clampedInt(bm)] { blend = name }
            else { ctx.warn("blend mode \(clampedInt(bm)) drawn as normal") }
        }
        var shadow: JNode?
        var blur: JNode?
        if let ef = layer["ef"], ef.count > 0 {
            for en in try ef.array() {
                if (try en["en"]?.number() ?? 1) == 0 { continue }
                if (try en["ty"]?.number()) == 25 {
                    if shadow == nil { shadow = en; continue }
                    ctx.warn("only the first drop shadow of a layer is drawn")
                    continue
                }
                if (try en["ty"]?.number()) == 29 {
                    if blur == nil { blur = en; continue }
                    ctx.warn("only the first Gaussian blur of a layer is drawn")
                    continue
                }
                ctx.warn("effect '\(en.string("nm") ?? "type \(clampedInt((try? en["ty"]?.number()) ?? -1))")' not supported")
            }
        }
        let autoOrient = (try layer["ao"]?.number() ?? 0) != 0

        // The content, in the layer's own space.
        var content: LottieNode
        switch ty {
        case 0:
            // The precomposition's frames while this layer can show: frame (f − st)/sr.
            let outer = ctx.shownFrames
            defer { ctx.shownFrames = outer }
            let st = try layer.number("st", default: 0)
            var sr = try layer.number("sr", default: 1)
            if sr == 0 { sr = 1 }
            let a = (shown.lo - st) / sr, b = (shown.hi - st) / sr
            if layer["tm"] != nil || shown.lo >= shown.hi || !a.isFinite || !b.isFinite {
                ctx.shownFrames = (-.infinity, .infinity)
            } else {
                ctx.shownFrames = (min(a, b) - 1, max(a, b) + 1)
            }
            content = try buildPrecomp(layer, depth: depth, ctx)
        case 1:
            content = try frameNode(size, ctx, at: layer.path)
            let sw = try layer.number("sw", default: 0), sh = try layer.number("sh", default: 0)
            let solid = try frameNode(Size(width: max(sw, 0), height: max(sh, 0)), ctx, at: layer.path)
            solid.set("backgroundColor", .color(LottieValues.hexColor(layer.string("sc") ?? "") ?? .black))
            content.sublayers.append(solid)
        case 2:
            // An image layer: its asset's picture at (0, 0, w, h) in the layer's space.
            content = try frameNode(size, ctx, at: layer.path)
            guard let refId = layer.string("refId") else { throw LottieError("\(layer.path).refId", "missing") }
            guard let asset = ctx.assets[refId] else { throw LottieError("\(layer.path).refId", "no asset has id '\(refId)'") }
            let decoded = ctx.images[refId] ?? LottieImages.image(of: asset)
            ctx.images[refId] = decoded
            switch decoded {
            case .success(let image):
                let w = try asset.number("w", default: Double(image.width))
                let h = try asset.number("h", default: Double(image.height))
                let picture = try frameNode(Size(width: max(w, 0), height: max(h, 0)), ctx, at: layer.path)
                picture.set("contents", Value.image(image))
                content.sublayers.append(picture)
            case .failure(let why):
                ctx.warn(why.message)
            }
        case 3:
            content = try frameNode(size, ctx, at: layer.path)
        case 4:
            content = try frameNode(size, ctx, at: layer.path)
            if let shapes = layer["shapes"] {
                content.sublayers = try buildShapes(
                    try shapes.array(), size: size, inherited: [], depth: 0, ctx)
            }
        case 5:
            ctx.warn("text layers not supported")
            content = try frameNode(size, ctx, at: layer.path)
        case 13:
            // A camera draws nothing itself; its perspective is what is left out (R16.10).
            ctx.warn("camera layers not supported: 3D layers are drawn without perspective")
            return nil
        default:
            ctx.warn("layer type \(ty) not supported")
            return nil
        }
        if let masks = layer["masksProperties"], masks.count > 0 {
            let masked = try frameNode(size, ctx, at: masks.path)
            masked.sublayers = [content]
            masked.mask = try buildMasks(try masks.array(), size: size, ctx)
            content = masked
        }

        if let shadow { try applyDropShadow(shadow, to: content, ctx) }
        if let blur {
            // After Effects blurs after the masks (masks, then effects, then the transform): a
            // masked layer's blur goes on a layer around the masked one, since a layer's own
            // filters apply before its mask (R19.2).
            if layer["masksProperties"].map({ $0.count > 0 }) == true {
                let outer = try frameNode(size, ctx, at: layer.path)
                outer.sublayers = [content]
                content = outer
            }
            try applyGaussianBlur(blur, to: content, ctx)
        }

        // Its transform, then the parents' transforms around it.
        var inner = try transformChain(
            try layer.required("ks"), content: content, size: size, opacity: true, ctx, autoOrient: autoOrient)
        var seen: Set<Int> = []
        var parentRef = try layer["parent"]?.number()
        while let p = parentRef {
            guard p.magnitude < 1e9, let parent = byIndex[Int(p)] else {
                throw LottieError("\(layer.path).parent", "no layer has ind \(p)")
            }
            guard seen.insert(Int(p)).inserted, seen.count <= LottieLimits.maximumDepth else {
                throw LottieError("\(layer.path).parent", "the parent chain is cyclic or deeper than \(LottieLimits.maximumDepth)")
            }
            inner = try transformChain(try parent.required("ks"), content: inner, size: size, opacity: false, ctx)
            parentRef = try parent["parent"]?.number()
        }
        slot.sublayers = [inner]
        // A matte source draws only as a mask, whose compositing filter is ignored (R19.2).
        if let blend, !asMatte { slot.set("compositingFilter", .string(blend)) }
        return slot
    }

    /// Lottie's blend modes (`bm`, the order of After Effects' menu, as lottie-web's
    /// blendModes.js numbers them) by Core Image's names (R19.3). 16 (add) and 17 (hard mix)
    /// have no Core Image blend mode: they are drawn as normal, with a warning.
    static let blendModes: [Int: String] = [
        1: "multiplyBlendMode", 2: "screenBlendMode", 3: "overlayBlendMode", 4: "darkenBlendMode",
        5: "lightenBlendMode", 6: "colorDodgeBlendMode", 7: "colorBurnBlendMode",
        8: "hardLightBlendMode", 9: "softLightBlendMode", 10: "differenceBlendMode",
        11: "exclusionBlendMode", 12: "hueBlendMode", 13: "saturationBlendMode", 14: "colorBlendMode",
        15: "luminosityBlendMode",
    ]

    /// The Gaussian's σ per unit of After Effects' blurriness: 0.3, the factor lottie-web
    /// (`kBlurrinessToSigma`), Skottie (`kBlurSizeToSigma`) and ThorVG (`BLUR_TO_SIGMA`) use.
    static let blurrinessToSigma = 0.3

    /// After Effects' Gaussian Blur effect (`ty` 29) as a `gaussianBlur` filter named "blur" on
    /// `node` (R19.1): blurriness (parameter 0, in the layer's pixels) × 0.3 is `inputRadius`
    /// (σ in the layer's space), animated blurriness a keyframe animation of
    /// `filters.blur.inputRadius`. Blur dimensions (parameter 1: 1 both, 2 horizontal,
    /// 3 vertical) other than both, and repeat edge pixels (parameter 2), cannot be said with
    /// the filter: the blur is drawn in both directions, fading at the edges, with a warning.
    static func applyGaussianBlur(_ effect: JNode, to node: LottieNode, _ ctx: LottieContext) throws(LottieError) {
        let params = try effect["ef"]?.array() ?? []
        func prop(_ i: Int) throws(LottieError) -> LottieProp? {
            guard i < params.count, let v = params[i]["v"] else { return nil }
            return try LottieProp.parse(v, ctx, read: LottieValues.numbers)
        }
        func sigma(_ blurriness: Double) -> Double { max(blurriness, 0) * blurrinessToSigma }
        if let dims = try prop(1), (dims.first.first ?? 1) != 1 || dims.isAnimated {
            ctx.warn("Gaussian blur in one dimension drawn in both")
        }
        if let edges = try prop(2), (edges.first.first ?? 0) != 0 || edges.isAnimated {
            ctx.warn("Gaussian blur's repeat edge pixels not supported")
        }
        guard let blurriness = try prop(0) else {
            node.set("filters", .filterArray([.gaussianBlur(name: "blur", radius: 0)]))
            return
        }
        let key = "filters.blur.inputRadius"
        let mapped = ctx.map(key, [blurriness]) { v in .number(sigma(v[0].first ?? 0)) }
        switch mapped {
        case .constant(let v):
            if case .number(let r) = v { node.set("filters", .filterArray([.gaussianBlur(name: "blur", radius: r)])) }
        case .animated(let v, let a):
            if case .number(let r) = v { node.set("filters", .filterArray([.gaussianBlur(name: "blur", radius: r)])) }
            node.add(key, a)
        }
    }

    /// After Effects' Drop Shadow effect (`ty` 25) as the content layer's shadow (RS-3): colour,
    /// opacity (0–255), direction (degrees clockwise from up), distance, softness (the blur; Core
    /// Animation's radius is taken as half of it). Animated values hold their first value.
    static func applyDropShadow(_ effect: JNode, to node: LottieNode, _ ctx: LottieContext) throws(LottieError) {
        let params = try effect["ef"]?.array() ?? []
        func value(_ i: Int, _ d: [Double]) throws(LottieError) -> [Double] {
            guard i < params.count, let v = params[i]["v"] else { return d }
            let prop = try LottieProp.parse(v, ctx, read: LottieValues.numbers)
            if prop.isAnimated { ctx.warn("animated drop shadows hold their first values") }
            return prop.first
        }
        let color = LottieValues.color(try value(0, [0, 0, 0, 1]))
        let opacity = (try value(1, [128]).first ?? 128) / 255
        let direction = (try value(2, [135]).first ?? 135) * .pi / 180
        let distance = try value(3, [5]).first ?? 5
        let softness = try value(4, [0]).first ?? 0
        node.set("shadowColor", .color(Color(red: color.red, green: color.green, blue: color.blue, alpha: 1)))
        node.set("shadowOpacity", .number(min(max(opacity, 0), 1)))
        node.set("shadowOffset", .size(Size(width: distance * sin(direction), height: -distance * cos(direction))))
        node.set("shadowRadius", .number(max(softness, 0) / 2))
    }

    /// A precomposition layer's content: its composition in its own time (start time and
    /// stretch as the layer's beginTime and speed), clipped to its size.
    static func buildPrecomp(_ layer: JNode, depth: Int, _ ctx: LottieContext) throws(LottieError) -> LottieNode {
        guard let refId = layer.string("refId") else { throw LottieError("\(layer.path).refId", "missing") }
        guard let asset = ctx.assets[refId] else { throw LottieError("\(layer.path).refId", "no asset has id '\(refId)'") }
        guard !ctx.precompStack.contains(refId) else {
            throw LottieError("\(layer.path).refId", "precomposition '\(refId)' contains itself")
        }
        guard let layers = asset["layers"] else {
            throw LottieError("\(layer.path).refId", "asset '\(refId)' is not a precomposition")
        }
        let w = try layer.number("w", default: 0), h = try layer.number("h", default: 0)
        let size = Size(width: max(w, 0), height: max(h, 0))
        let node = try frameNode(size, ctx, at: layer.path)
        node.set("masksToBounds", .bool(w > 0 && h > 0))
        let st = try layer.number("st", default: 0)
        var sr = try layer.number("sr", default: 1)
        if sr == 0 { sr = 1 }
        var begin = st / ctx.frameRate
        var speed = 1 / sr
        // The composition's frame at the layer's frame f, for a remap (R16.11).
        var own: (Double) -> Double = { f in (f - st) / sr }
        var curved: LottieProp?
        if let tm = layer["tm"] {
            // Time remapping: the composition's time is a function of the layer's. The engine's
            // layer time is linear in its parent's: a remap on one straight line is the layer's
            // begin time and speed, exactly; any other is sampled (R16.11).
            let prop = try LottieProp.parse(tm, ctx, read: LottieValues.numbers)
            let fr = ctx.frameRate
            own = { f in (prop.value(at: f).first ?? 0) * fr }
            if prop.isAnimated {
                let a = prop.keys[0], b = prop.keys[prop.keys.count - 1]
                let va = a.s.first ?? 0, vb = b.s.first ?? 0
                if b.t > a.t {
                    // child time = va + (parentTime − a.t/fr)·rate
                    let rate = (vb - va) / ((b.t - a.t) / ctx.frameRate)
                    if rate != 0 {
                        speed = rate
                        begin = a.t / ctx.frameRate - va / rate
                    } else {
                        speed = 0; begin = 0
                        node.set("timeOffset", .number(va))
                    }
                    if !remapIsLinear(prop, rate: rate, frameRate: ctx.frameRate) { curved = prop }
                }
            } else {
                speed = 0; begin = 0
                node.set("timeOffset", .number(prop.first.first ?? 0))
            }
        }
        // Inside a sampled remap, or with one of its own: the precomposition runs in its
        // layer's time (no time of its own), and its layers' animations are sampled at that
        // time's frames through the remap, composed with any around it.
        let outerRemap = ctx.remap
        defer { ctx.remap = outerRemap }
        if let outer = outerRemap {
            let inner = own
            ctx.remap = LottieRemap(from: outer.from, to: outer.to, frame: { f in inner(outer.frame(f)) })
        } else if let curved {
            ctx.remap = LottieRemap(from: curved.keys[0].t, to: curved.keys[curved.keys.count - 1].t, frame: own)
        }
        if ctx.remap != nil {
            begin = 0; speed = 1
            node.values.removeAll { $0.key == "timeOffset" }
        }
        node.set("beginTime", .number(begin))
        node.set("speed", .number(speed))
        ctx.precompStack.append(refId)
        defer { ctx.precompStack.removeLast() }
        let end = LottieLimits.maximumFrames * 4  // a precomposition's layers end by their op
        node.sublayers = try buildComposition(layers, size: size, endFrame: end, depth: depth + 1, ctx)
        // After Effects renders a precomposition by itself, so the blend modes of its layers
        // blend only with its own layers below them. A group is such a backdrop root (R19.5):
        // an alpha filter of 1, which changes no pixel, makes the precomposition one.
        if node.sublayers.contains(where: { n in n.values.contains { $0.key == "compositingFilter" } }) {
            node.set("filters", .filterArray([Filter(type: .alpha, name: "isolation", parameters: [1])]))
        }
        return node
    }

    /// Whether a time remap is the straight line from its first keyframe to its last: every
    /// keyframe on that line (slope `rate`, seconds per second), every segment's easing on the
    /// diagonal (a Bézier whose control points have x = y is the identity), none held, no old
    /// end values off the line. Then the linear layer time the engine has is exact.
    static func remapIsLinear(_ prop: LottieProp, rate: Double, frameRate: Double) -> Bool {
        guard let a = prop.keys.first else { return true }
        let va = a.s.first ?? 0, fr = max(frameRate, 1e-9)
        func onLine(_ t: Double, _ v: Double) -> Bool {
            abs(va + (t - a.t) / fr * rate - v) <= 1e-6 * max(1, abs(v))
        }
        for (i, k) in prop.keys.enumerated() {
            guard onLine(k.t, k.s.first ?? 0) else { return false }
            guard i + 1 < prop.keys.count else { break }
            if k.hold { return false }
            if let e = k.e?.first, !onLine(prop.keys[i + 1].t, e) { return false }
            func diagonal(_ x: [Double], _ y: [Double]) -> Bool { abs((x.first ?? 0) - (y.first ?? 0)) <= 1e-9 }
            if !diagonal(k.ox, k.oy) || !diagonal(k.ix, k.iy) { return false }
        }
        return true
    }

    // MARK: Transforms

    /// Wraps `content` in the layers of a Lottie transform (`ks` or a group's `tr`).
    static func transformChain(
        _ ks: JNode, content: LottieNode, size: Size, opacity: Bool, _ ctx: LottieContext,
        autoOrient: Bool = false
    ) throws(LottieError) -> LottieNode {
        ctx.transformProps = [:]
        defer { ctx.transformProps = [:] }
        if let single = try staticTransform(ks, content: content, size: size, opacity: opacity, ctx) {
            return single
        }
        let top = try frameNode(size, ctx, at: ks.path)
        // Auto-orient: the position layer turns with the motion path's tangent (Core Animation's
        // rotationMode = auto), so the layer's own rotation moves to a layer inside it.
        var outer = top
        var oriented = false
        // Position: one property, or separate x and y.
        if let p = ks["p"], p["s"].map({ (try? $0.number()) == 1 }) == true || (p["x"] != nil && p["k"] == nil) {
            let x = try LottieProp.parse(try p.required("x"), ctx, read: LottieValues.numbers)
            let y = try LottieProp.parse(try p.required("y"), ctx, read: LottieValues.numbers)
            if x.isAnimated && y.isAnimated {
                // Both move: each is its own component's keyframes ("position.x", "position.y",
                // CA-16.5), not the point sampled at every frame.
                outer.set("position", .point(Point(x: x.first.first ?? 0, y: y.first.first ?? 0)))
                for (key, prop) in [("position.x", x), ("position.y", y)] {
                    if case .animated(_, let a) = ctx.map(key, [prop], { v in .number(v[0].first ?? 0) }) {
                        outer.add(key, a)
                    }
                }
            } else {
                outer.apply("position", ctx.map("position", [x, y]) { v in
                    .point(Point(x: v[0].first ?? 0, y: v[1].first ?? 0))
                })
            }
        } else if let p = ks["p"] {
            let prop = try ctx.transformProp(p)
            let mapped = positionAnimation(prop, ctx, autoOrient: autoOrient)
            outer.apply("position", mapped)
            if autoOrient, prop.isAnimated {
                if case .animated(_, let a) = mapped, case .keyframe(_, .some, .some) = a.kind {
                    oriented = true
                } else {
                    ctx.warn("auto-orient needs a motion path without hold keyframes or per-dimension easing")
                }
            }
        }
        if oriented {
            let turn = try frameNode(size, ctx, at: ks.path)
            top.sublayers = [turn]
            outer = turn
        }
        var rotation = ks["r"] ?? ks["rz"]
        if ks["r"] == nil, let rz = ks["rz"] { rotation = rz }
        // 3D rotation (R16.10): the tilt (ry, rx, orientation) on this layer, the 2D rotation
        // on one inside it, which After Effects applies first. A rotation about z keeps the
        // plane, so flattening between the two layers (RS-6.3) loses nothing.
        if let tilt = try tiltMapping(ks, ctx) {
            outer.apply("transform", tilt.mapped)
            if let first = tilt.model, let idx = outer.values.lastIndex(where: { $0.key == "transform" }) {
                outer.values[idx].value = .transform(first)
            }
            if let r = rotation, (try? r["k"]?.number()) != 0 {
                let spin = try frameNode(size, ctx, at: ks.path)
                outer.sublayers = [spin]
                outer = spin
            }
        }
        if let r = rotation {
            let prop = try ctx.transformProp(r)
            if prop.isAnimated {
                outer.apply("transform", ctx.map("transform", [prop], valueFunction: .rotateZ) { v in
                    .number((v[0].first ?? 0) * .pi / 180)
                })
                // The model value is the first rotation as a matrix (the animation's inputs are
                // angles for the value function).
                if let idx = outer.values.lastIndex(where: { $0.key == "transform" }) {
                    outer.values[idx].value = .transform(Transform3D(rotationAngle: (prop.first.first ?? 0) * .pi / 180, x: 0, y: 0, z: 1))
                }
            } else if let deg = prop.first.first, deg != 0 {
                outer.set("transform", .transform(Transform3D(rotationAngle: deg * .pi / 180, x: 0, y: 0, z: 1)))
            }
        }
        var middle = outer
        if let sk = ks["sk"] {
            let skew = try ctx.transformProp(sk)
            let axis = try ks["sa"].map { n throws(LottieError) in try ctx.transformProp(n) }
                ?? LottieProp(constant: [0])
            // A skew that stays 0 is no skew whatever its axis does: no layer, and no sampled
            // animation of identity matrices.
            if !skew.isAnimated, axis.isAnimated, let k = skew.first.first, k != 0 {
                // A fixed skew along a turning axis is R(a)·Sh·R(−a) (skewMatrix): the two turns
                // are exact rotateZ keyframes around a constant shear, three layers instead of
                // a matrix sampled at every frame (docs/lottie.md#keyframes).
                let back = try frameNode(size, ctx, at: sk.path)
                let shear = try frameNode(size, ctx, at: sk.path)
                let turn = try frameNode(size, ctx, at: sk.path)
                for (node, sign) in [(back, -1.0), (turn, 1.0)] {
                    node.apply("transform", ctx.map("transform", [axis], valueFunction: .rotateZ) { v in
                        .number(sign * (v[0].first ?? 0) * .pi / 180)
                    })
                    if let idx = node.values.lastIndex(where: { $0.key == "transform" }) {
                        node.values[idx].value = .transform(Transform3D(
                            rotationAngle: sign * (axis.first.first ?? 0) * .pi / 180, x: 0, y: 0, z: 1))
                    }
                }
                var m = Transform3D.identity
                m.m21 = tan(-k * .pi / 180)
                shear.set("transform", .transform(m))
                outer.sublayers = [back]
                back.sublayers = [shear]
                shear.sublayers = [turn]
                middle = turn
            } else if skew.isAnimated || (skew.first.first ?? 0) != 0 {
                // An animated skew is its matrix sampled at every frame (R16.3).
                let skewNode = try frameNode(size, ctx, at: sk.path)
                skewNode.apply("transform", ctx.map("transform", [skew, axis], sampled: true) { v in
                    .transform(skewMatrix(v[0].first ?? 0, axis: v[1].first ?? 0))
                })
                outer.sublayers = [skewNode]
                middle = skewNode
            }
        }
        let inner = try frameNode(size, ctx, at: ks.path)
        if let a = ks["a"] {
            let prop = try ctx.transformProp(a)
            inner.apply("bounds.origin", ctx.map("bounds.origin", [prop]) { v in .point(LottieValues.point(v[0])) })
            if let idx = inner.values.lastIndex(where: { $0.key == "bounds.origin" }), case .point(let o) = inner.values[idx].value {
                inner.values[idx] = ("bounds", .rect(Rect(x: o.x, y: o.y, width: size.width, height: size.height)))
            }
        }
        var scaleY: LottieNode?  // the y scale's layer, between `middle` and `inner`
        if let s = ks["s"] {
            let prop = try ctx.transformProp(s)
            func scale(_ v: [Double]) -> Point {
                Point(x: (v.count > 0 ? v[0] : 100) / 100, y: (v.count > 1 ? v[1] : (v.count > 0 ? v[0] : 100)) / 100)
            }
            let first = scale(prop.first)
            if prop.isAnimated, !prop.easesUniformly() {
                // Easing that differs per dimension: x and y scale on two layers (diagonal scales
                // commute), each its own exact keyframes, instead of the pair sampled every frame.
                let y = try frameNode(size, ctx, at: s.path)
                for (node, d, function) in [(inner, 0, ValueFunction.scaleX), (y, 1, .scaleY)] {
                    node.apply("transform", ctx.map("transform", [prop.dimension(d)], valueFunction: function) { v in
                        .number((v[0].first ?? 100) / 100)
                    })
                    if let idx = node.values.lastIndex(where: { $0.key == "transform" }) {
                        node.values[idx].value = .transform(Transform3D(scaleX: d == 0 ? first.x : 1, y: d == 1 ? first.y : 1, z: 1))
                    }
                }
                scaleY = y
            } else if prop.isAnimated {
                inner.apply("transform", ctx.map("transform", [prop], valueFunction: .scale) { v in .point(scale(v[0])) })
                if let idx = inner.values.lastIndex(where: { $0.key == "transform" }) {
                    inner.values[idx].value = .transform(Transform3D(scaleX: first.x, y: first.y, z: 1))
                }
            } else if first.x != 1 || first.y != 1 {
                inner.set("transform", .transform(Transform3D(scaleX: first.x, y: first.y, z: 1)))
            }
        }
        if opacity, let o = ks["o"] {
            let prop = try ctx.transformProp(o)
            inner.apply("opacity", ctx.map("opacity", [prop]) { v in .number(min(max((v[0].first ?? 100) / 100, 0), 1)) })
        }
        if let scaleY {
            middle.sublayers = [scaleY]
            scaleY.sublayers = [inner]
        } else {
            middle.sublayers = [inner]
        }
        inner.sublayers = [content]
        return top
    }

    /// Lottie's 3D orientation and rotations about y and x (`or`, `ry`, `rx`, degrees) as one
    /// matrix, in the order After Effects applies them (row vectors: ry, then rx, then the
    /// orientation's z, y, x). lottie-web's matrix is already in Core Animation's axes (y down,
    /// z towards the viewer: it negates the z of positions and anchors), where a positive x or
    /// y angle is Core Animation's rotation by the opposite angle: a positive `rx` brings the
    /// top edge towards the viewer, as lottie-web and ThorVG draw it.
    static func tiltMatrix(ry: Double, rx: Double, orientation o: [Double]) -> Transform3D {
        func rad(_ d: Double) -> Double { d * .pi / 180 }
        func at(_ i: Int) -> Double { i < o.count ? o[i] : 0 }
        var m = Transform3D.identity
        if ry != 0 { m = m.concatenating(Transform3D(rotationAngle: -rad(ry), x: 0, y: 1, z: 0)) }
        if rx != 0 { m = m.concatenating(Transform3D(rotationAngle: -rad(rx), x: 1, y: 0, z: 0)) }
        if at(2) != 0 { m = m.concatenating(Transform3D(rotationAngle: rad(at(2)), x: 0, y: 0, z: 1)) }
        if at(1) != 0 { m = m.concatenating(Transform3D(rotationAngle: -rad(at(1)), x: 0, y: 1, z: 0)) }
        if at(0) != 0 { m = m.concatenating(Transform3D(rotationAngle: -rad(at(0)), x: 1, y: 0, z: 0)) }
        return m
    }

    /// The tilt of a 3D layer's transform (`ry`, `rx`, `or`) as the transform of one layer, or
    /// nil when it has none (absent, or 0 and still). One animated angle alone is a keyframe
    /// animation of that angle (negated, see tiltMatrix) through the rotateX/rotateY value
    /// function, exact between keys; anything else animated is the matrix sampled at every
    /// frame (R16.3). `model` is the first matrix when the animation's values are angles.
    static func tiltMapping(_ ks: JNode, _ ctx: LottieContext) throws(LottieError) -> (mapped: LottieMapped, model: Transform3D?)? {
        func prop(_ key: String, _ d: [Double]) throws(LottieError) -> LottieProp {
            guard let n = ks[key] else { return LottieProp(constant: d) }
            return try ctx.transformProp(n)
        }
        let ry = try prop("ry", [0]), rx = try prop("rx", [0]), or = try prop("or", [0, 0, 0])
        func still(_ p: LottieProp) -> Bool { !p.isAnimated && !p.first.contains { $0 != 0 } }
        if still(ry) && still(rx) && still(or) { return nil }
        let first = tiltMatrix(ry: ry.first.first ?? 0, rx: rx.first.first ?? 0, orientation: or.first)
        if still(or) && (still(rx) || still(ry)) && (rx.isAnimated || ry.isAnimated) {
            let (angle, function) = still(rx) ? (ry, ValueFunction.rotateY) : (rx, .rotateX)
            let mapped = ctx.map("transform", [angle], valueFunction: function) { v in
                .number(-(v[0].first ?? 0) * .pi / 180)
            }
            return (mapped, first)
        }
        let mapped = ctx.map("transform", [ry, rx, or], sampled: true) { v in
            .transform(tiltMatrix(ry: v[0].first ?? 0, rx: v[1].first ?? 0, orientation: v[2]))
        }
        return (mapped, nil)
    }

    /// A transform with nothing animated as one layer: position, bounds origin at the anchor,
    /// and the matrix S·Sk·R (row vectors: scale, then skew, then rotate), so a static group or
    /// layer costs one layer instead of two or three; a still 3D rotation joins the matrix
    /// after the 2D one. Nil when anything animates (or auto-orient is asked for): the caller
    /// builds the chain.
    static func staticTransform(
        _ ks: JNode, content: LottieNode, size: Size, opacity: Bool, _ ctx: LottieContext
    ) throws(LottieError) -> LottieNode? {
        func prop(_ key: String, _ d: [Double]) throws(LottieError) -> LottieProp? {
            guard let n = ks[key] else { return LottieProp(constant: d) }
            // Keyframes that show one value at every frame are a constant (docs/lottie.md#still);
            // the chain reads an animated one from the context's cache, parsed once.
            let p = try ctx.transformProp(n)
            return p.isAnimated ? nil : p
        }
        if let p = ks["p"], p["s"].map({ (try? $0.number()) == 1 }) == true || (p["x"] != nil && p["k"] == nil) {
            return nil  // separate x and y: the chain handles them
        }
        guard let p = try prop("p", [0, 0]), let a = try prop("a", [0, 0]), let sc = try prop("s", [100, 100]),
              let r = try prop(ks["r"] != nil ? "r" : "rz", [0]), let sk = try prop("sk", [0]),
              let o = try prop("o", [100]), let rx = try prop("rx", [0]), let ry = try prop("ry", [0]),
              let or = try prop("or", [0, 0, 0])
        else { return nil }
        // The axis matters only to a skew: with none, an animated axis keeps the layer static.
        let skewed = (sk.first.first ?? 0) != 0
        let sa = skewed ? try prop("sa", [0]) : LottieProp(constant: [0])
        guard let sa else { return nil }
        let node = try frameNode(size, ctx, at: ks.path)
        let anchor = LottieValues.point(a.first)
        node.set("bounds", .rect(Rect(x: anchor.x, y: anchor.y, width: size.width, height: size.height)))
        node.set("position", .point(LottieValues.point(p.first)))
        let sx = (sc.first.first ?? 100) / 100, sy = (sc.first.count > 1 ? sc.first[1] : sc.first.first ?? 100) / 100
        var m = Transform3D(scaleX: sx, y: sy, z: 1)
        if let k = sk.first.first, k != 0 { m = m.concatenating(skewMatrix(k, axis: sa.first.first ?? 0)) }
        if let deg = r.first.first, deg != 0 {
            m = m.concatenating(Transform3D(rotationAngle: deg * .pi / 180, x: 0, y: 0, z: 1))
        }
        // 3D rotation after the 2D one (R16.10), in the same matrix.
        m = m.concatenating(tiltMatrix(ry: ry.first.first ?? 0, rx: rx.first.first ?? 0, orientation: or.first))
        if m != .identity { node.set("transform", .transform(m)) }
        if opacity {
            let value = min(max((o.first.first ?? 100) / 100, 0), 1)
            if value != 1 { node.set("opacity", .number(value)) }
        }
        node.sublayers = [content]
        return node
    }

    /// Lottie's skew: a shear of `angle` degrees along the axis at `axis` degrees, as
    /// lottie-web's skewFromAxis(−sk, sa) builds it (row vectors: rotate to the axis, shear x by
    /// y·tan(−sk), rotate back).
    static func skewMatrix(_ angle: Double, axis: Double) -> Transform3D {
        let a = axis * .pi / 180
        let k = tan(-angle * .pi / 180)
        let r = Transform3D(rotationAngle: a, x: 0, y: 0, z: 1)
        var shear = Transform3D.identity
        shear.m21 = k
        let back = Transform3D(rotationAngle: -a, x: 0, y: 0, z: 1)
        return r.concatenating(shear).concatenating(back)
    }

    /// A position: a keyframe path along the spatial tangents when it has any, else values.
    static func positionAnimation(_ prop: LottieProp, _ ctx: LottieContext, autoOrient: Bool = false) -> LottieMapped {
        let n = prop.keys.count
        // Auto-orient needs the path form (rotationMode), straight segments included.
        let spatial = n > 1 && (autoOrient || (0..<(n - 1)).contains { prop.isSpatial($0) })
        let hasHold = prop.keys.dropLast().contains { $0.hold }
        let oldFormat = prop.keys.contains { $0.e != nil }
        guard spatial, !hasHold, !oldFormat, prop.easesUniformly(), ctx.remap == nil else {
            return ctx.map("position", [prop]) { v in .point(LottieValues.point(v[0])) }
        }
        let t0 = prop.keys[0].t, tn = prop.keys[n - 1].t
        guard tn > t0 else { return .constant(.point(LottieValues.point(prop.value(at: tn)))) }
        var path = KeyframePath()
        path.move(to: LottieValues.point(prop.keys[0].s))
        var times: [Double] = [0], functions: [TimingFunction] = []
        for i in 0..<(n - 1) {
            let a = LottieValues.point(prop.keys[i].s), b = LottieValues.point(prop.endValue(i))
            let to = LottieValues.point(prop.keys[i].to ?? [0, 0]), ti = LottieValues.point(prop.keys[i + 1].ti ?? [0, 0])
            path.addCurve(
                to: b, control1: Point(x: a.x + to.x, y: a.y + to.y), control2: Point(x: b.x + ti.x, y: b.y + ti.y))
            times.append((prop.keys[i + 1].t - t0) / (tn - t0))
            functions.append(prop.timingFunction(i, dim: 0))
        }
        var anim = Animation.keyframe(
            keyPath: "position", path: path, rotationMode: autoOrient ? .auto : nil, calculationMode: .linear)
        if case .keyframe(var spec, let p, let r) = anim.kind {
            spec.keyTimes = times
            spec.timingFunctions = functions
            anim.kind = .keyframe(spec, path: p, rotationMode: r)
        }
        anim.timing.beginTime = ctx.beginTime(frame: t0)
        anim.timing.duration = (tn - t0) / ctx.frameRate
        anim.timing.fillMode = .both
        anim.isRemovedOnCompletion = false
        return .animated(initial: .point(LottieValues.point(prop.keys[0].s)), anim)
    }

    // MARK: Masks

    /// A layer's masks as one mask layer (the engine's mask is one alpha mask, RS-5.1): the
    /// additive masks' paths filled non-zero (their union). Subtracted and inverted masks join
    /// the path under the even-odd rule, an inverted one with a rectangle far around the canvas,
    /// so a subtracted shape inside an added one, or an inverted mask alone, cuts its hole
    /// exactly; overlaps between them are approximations, named in the warnings, as are
    /// intersections (drawn as adds) and expansion.
    static func buildMasks(_ masks: [JNode], size: Size, _ ctx: LottieContext) throws(LottieError) -> LottieNode? {
        var paths: [LottieProp] = []
        var opacity: LottieProp?
        var evenOdd = false, inverted = false, adds = 0
        for m in masks {
            let mode = m.string("mode") ?? "a"
            if mode == "n" { continue }
            let inv = (try m["inv"]?.number() ?? 0) != 0
            switch mode {
            case "a": adds += 1
            case "s": evenOdd = true
            default: ctx.warn("mask mode '\(mode)' drawn as 'add'"); adds += 1
            }
            if inv {
                evenOdd = true
                inverted = true
            }
            if let x = m["x"] {
                let e = try LottieProp.parse(x, ctx, read: LottieValues.numbers)
                if e.isAnimated || (e.first.first ?? 0) != 0 { ctx.warn("mask expansion not supported") }
            }
            paths.append(try LottieProp.parse(try m.required("pt"), ctx, read: LottieValues.shape))
            if let o = m["o"] { opacity = try LottieProp.parse(o, ctx, read: LottieValues.numbers) }
        }
        if paths.isEmpty { return nil }
        if evenOdd && paths.count > 1 {
            ctx.warn("subtracted and inverted masks combine under the even-odd rule (exact when they do not overlap each other)")
        }
        // With no additive mask the subtraction starts from everything, as an inverted mask does.
        let around = inverted || adds == 0
        let node = try frameNode(size, ctx, at: masks[0].path, kind: .shape)
        node.apply("path", ctx.map("path", paths) { v in
            var p = Path()
            if around {
                let w = max(size.width, 1), h = max(size.height, 1)
                p = Path.rect(Rect(x: -100 * w, y: -100 * h, width: 201 * w, height: 201 * h))
            }
            for f in v { LottieValues.path(f, into: &p) }
            return .path(p)
        })
        node.set("fillColor", .color(.black))
        if evenOdd { node.set("fillRule", .string("even-odd")) }
        if paths.count == 1, let opacity {
            node.apply("opacity", ctx.map("opacity", [opacity]) { v in .number(min(max((v[0].first ?? 100) / 100, 0), 1)) })
        }
        return node
    }
}
