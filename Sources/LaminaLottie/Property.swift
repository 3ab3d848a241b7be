// SPDX-License-Identifier: Apache-2.0
// Lottie's animatable properties ({"a": 1, "k": [keyframes]}) and their mapping onto Core
// Animation keyframe animations (R16, docs/lottie.md#keyframes): one keyframe per Lottie
// keyframe, one cubic Bézier timing function per segment from its `o`/`i` easing, a hold
// keyframe as a repeated value with a jump (equal key times), and the spatial tangents of a
// position as a keyframe path. What one CA keyframe animation cannot say exactly (easing that
// differs per dimension, several animated inputs of one value) is sampled once per frame.

import Lamina

/// One Lottie keyframe, values flattened to numbers.
struct LottieKeyframe {
    /// Frame.
    var t: Double
    /// The value from this keyframe on.
    var s: [Double]
    /// The old format's end value of the segment that starts here.
    var e: [Double]?
    /// Out easing of this keyframe (x and y per dimension), in easing of the next.
    var ox: [Double] = [0], oy: [Double] = [0], ix: [Double] = [1], iy: [Double] = [1]
    /// A hold keyframe: the value jumps at the next keyframe.
    var hold = false
    /// Spatial tangents (position): out of this keyframe and into the next, relative.
    var to: [Double]?
    var ti: [Double]?
}

/// Limits that keep absurd files from taking unbounded time or memory (R16).
enum LottieLimits {
    /// The largest file accepted, in bytes.
    static let maximumBytes = 64 << 20
    /// The most keyframes in one file.
    static let maximumKeyframes = 200_000
    /// The most values in one keyframe (a path's vertices × 6, a gradient's stops × 4).
    static let maximumValueCount = 60_000
    /// The most layers the importer makes for one file.
    static let maximumLayers = 50_000
    /// The deepest nesting of precompositions and shape groups.
    static let maximumDepth = 48
    /// The longest animation and the furthest frame number, in frames.
    static let maximumFrames = 1_000_000.0
    /// The most samples when a property is sampled per frame.
    static let maximumSamples = 1_200
    /// The most samples, over the whole file, of the animations inside curved time remaps
    /// (R16.11), whose every animation and visibility is sampled: a bound on their memory.
    static let maximumRemapSamples = 1_000_000
}

/// An animatable property: one keyframe (static) or several.
struct LottieProp {
    var keys: [LottieKeyframe]

    var isAnimated: Bool { keys.count > 1 }
    var first: [Double] { keys[0].s }

    init(constant v: [Double]) { keys = [LottieKeyframe(t: 0, s: v)] }
    init(keys: [LottieKeyframe]) { self.keys = keys }

    /// Reads `{"a":…, "k":…}` at `node`; `read` turns one value (a keyframe's `s`, or the
    /// static `k`) into numbers.
    static func parse(
        _ node: JNode, _ ctx: LottieContext, read: (JNode) throws(LottieError) -> [Double]
    ) throws(LottieError) -> LottieProp {
        if !node.isObject { return LottieProp(constant: try read(node)) }
        guard let k = node["k"] else {
            // Some exporters write a bare value object (a path with i/o/v).
            return LottieProp(constant: try read(node))
        }
        let animated: Bool
        if k.first?.member("t") != nil {
            animated = true
        } else {
            animated = false
        }
        if !animated { return LottieProp(constant: try read(k)) }
        let items = try k.array()
        try ctx.countKeyframes(items.count, at: k.path)
        var keys: [LottieKeyframe] = []
        keys.reserveCapacity(items.count)
        var last = -Double.infinity
        for item in items {
            let t = try item.required("t").number()
            guard abs(t) <= LottieLimits.maximumFrames else {
                throw LottieError("\(item.path).t", "frame \(t) is beyond ±\(Int(LottieLimits.maximumFrames))")
            }
            guard t >= last else { throw LottieError("\(item.path).t", "keyframe times go backwards (\(t) after \(last))") }
            last = t
            var kf = LottieKeyframe(t: t, s: [])
            if let s = item["s"] { kf.s = try read(s) } else if let prev = keys.last { kf.s = prev.e ?? prev.s }
            else { throw LottieError("\(item.path).s", "missing") }
            if let e = item["e"] { kf.e = try read(e) }
            kf.hold = (try item["h"]?.number() ?? 0) == 1
            if let o = item["o"] {
                kf.ox = try o.required("x").numbers(); kf.oy = try o.required("y").numbers()
            }
            if let i = item["i"] {
                kf.ix = try i.required("x").numbers(); kf.iy = try i.required("y").numbers()
            }
            if let to = item["to"] { kf.to = try to.numbers() }
            if let ti = item["ti"] { kf.ti = try ti.numbers() }
            guard kf.s.count <= LottieLimits.maximumValueCount else {
                throw LottieError("\(item.path).s", "\(kf.s.count) numbers in one value")
            }
            keys.append(kf)
        }
        // An old-format last keyframe with no value ends the previous segment.
        if keys.count == 1 { return LottieProp(keys: keys) }
        // One value at every frame the animation can show: a constant, not an animation
        // (docs/lottie.md#still).
        let frames = ctx.stillFrames
        if ctx.still, let v = LottieProp(keys: keys).stillValue(from: frames.lo, to: frames.hi) {
            return LottieProp(constant: v)
        }
        return LottieProp(keys: keys)
    }

    /// The one value the property shows at every frame f with `lo` ≤ f ≤ `hi` (fractional frames
    /// included), or nil when it shows more than one there. A segment that overlaps the range
    /// (its ends included, so a jump at either end counts) is still when it holds, or when it
    /// ends where it starts and has no spatial tangents (easing only reparameterises a segment
    /// between equal values; a curved motion path between them is a loop). Before the first
    /// keyframe and after the last the ends hold, as in `value(at:)`.
    func stillValue(from lo: Double, to hi: Double) -> [Double]? {
        let n = keys.count
        guard n > 1 else { return keys[0].s }
        guard lo <= hi else { return nil }
        var found: [Double]?
        func take(_ v: [Double]) -> Bool {
            if let found { return found == v }
            found = v
            return true
        }
        if lo <= keys[0].t, !take(keys[0].s) { return nil }
        for i in 0..<(n - 1) where keys[i + 1].t >= lo && keys[i].t <= hi {
            let a = keys[i]
            if a.hold || (a.s == endValue(i) && !isSpatial(i)) {
                if !take(a.s) { return nil }
            } else {
                return nil
            }
        }
        if hi >= keys[n - 1].t, !take(keys[n - 1].s.isEmpty ? endValue(n - 2) : keys[n - 1].s) { return nil }
        return found
    }

    /// The end value of segment `i` (from keyframe i to i + 1).
    func endValue(_ i: Int) -> [Double] { keys[i].e ?? keys[i + 1].s }

    /// Whether segment `i` has spatial tangents (a curved motion path).
    func isSpatial(_ i: Int) -> Bool {
        let k = keys[i]
        return (k.to?.contains { $0 != 0 } ?? false) || (keys[i + 1].ti?.contains { $0 != 0 } ?? false)
            || (k.ti != nil && false)
    }

    /// Whether every segment eases all of its first `dims` dimensions alike.
    func easesUniformly() -> Bool {
        for k in keys {
            for a in [k.ox, k.oy, k.ix, k.iy] where a.count > 1 {
                if a.contains(where: { $0 != a[0] }) { return false }
            }
        }
        return true
    }

    /// The timing function of segment `i` in dimension `d`.
    func timingFunction(_ i: Int, dim d: Int) -> TimingFunction {
        let a = keys[i], b = keys[i + 1]
        func pick(_ v: [Double]) -> Double { v.isEmpty ? 0 : v[min(d, v.count - 1)] }
        _ = b
        let x1 = min(max(pick(a.ox), 0), 1), x2 = min(max(pick(a.ix), 0), 1)
        var y1 = pick(a.oy), y2 = pick(a.iy)
        // Easing y values are unbounded in Lottie; keep them finite and sane.
        y1 = min(max(y1, -100), 100); y2 = min(max(y2, -100), 100)
        if x1 == 0 && y1 == 0 && x2 == 1 && y2 == 1 { return .linear }
        return TimingFunction(controlPoints: x1, y1, x2, y2)
    }

    /// The value at frame `f`, as a Lottie player computes it.
    func value(at f: Double) -> [Double] {
        let n = keys.count
        if n == 1 || f <= keys[0].t { return keys[0].s }
        if f >= keys[n - 1].t {
            return keys[n - 1].s.isEmpty ? endValue(n - 2) : keys[n - 1].s
        }
        // Binary search for the segment.
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keys[mid].t <= f { lo = mid } else { hi = mid }
        }
        let a = keys[lo]
        if a.hold { return a.s }
        let b = endValue(lo)
        let span = keys[lo + 1].t - a.t
        let x = span > 0 ? (f - a.t) / span : 1
        let count = min(a.s.count, b.count)
        if isSpatial(lo), count >= 2 {
            let y = timingFunction(lo, dim: 0).progress(at: x)
            let to = a.to ?? [0, 0], ti = keys[lo + 1].ti ?? [0, 0]
            let p0 = (a.s[0], a.s[1]), p3 = (b[0], b[1])
            let p1 = (p0.0 + (to.count > 0 ? to[0] : 0), p0.1 + (to.count > 1 ? to[1] : 0))
            let p2 = (p3.0 + (ti.count > 0 ? ti[0] : 0), p3.1 + (ti.count > 1 ? ti[1] : 0))
            let u = bezierParameter(forLengthFraction: y, p0, p1, p2, p3)
            let m = 1 - u
            let px = m * m * m * p0.0 + 3 * m * m * u * p1.0 + 3 * m * u * u * p2.0 + u * u * u * p3.0
            let py = m * m * m * p0.1 + 3 * m * m * u * p1.1 + 3 * m * u * u * p2.1 + u * u * u * p3.1
            var out = a.s
            out[0] = px; out[1] = py
            for d in 2..<count { out[d] = a.s[d] + (b[d] - a.s[d]) * y }
            return out
        }
        var out = [Double](repeating: 0, count: count)
        // Dimensions that share easing share one progress (no table: this runs once per frame
        // per sampled property while loading).
        let shared = max(a.ox.count, a.oy.count, a.ix.count, a.iy.count) <= 1
        let y0 = shared ? timingFunction(lo, dim: 0).progress(at: x) : 0
        for d in 0..<count {
            let y = shared ? y0 : timingFunction(lo, dim: d).progress(at: x)
            out[d] = a.s[d] + (b[d] - a.s[d]) * y
        }
        return out
    }
}

/// The Bézier parameter at a fraction of the curve's arc length (motion along a spatial path
/// moves by distance, as in After Effects), measured on 32 chords.
func bezierParameter(
    forLengthFraction y: Double, _ p0: (Double, Double), _ p1: (Double, Double),
    _ p2: (Double, Double), _ p3: (Double, Double)
) -> Double {
    if y <= 0 || y >= 1 { return y }
    let n = 32
    var lengths = [Double](repeating: 0, count: n + 1)
    var prev = p0
    for k in 1...n {
        let u = Double(k) / Double(n), m = 1 - u
        let p = (m * m * m * p0.0 + 3 * m * m * u * p1.0 + 3 * m * u * u * p2.0 + u * u * u * p3.0,
                 m * m * m * p0.1 + 3 * m * m * u * p1.1 + 3 * m * u * u * p2.1 + u * u * u * p3.1)
        lengths[k] = lengths[k - 1] + ((p.0 - prev.0) * (p.0 - prev.0) + (p.1 - prev.1) * (p.1 - prev.1)).squareRoot()
        prev = p
    }
    let total = lengths[n]
    guard total > 0 else { return y }
    let target = y * total
    var k = 1
    while k < n && lengths[k] < target { k += 1 }
    let seg = lengths[k] - lengths[k - 1]
    let frac = seg > 0 ? (target - lengths[k - 1]) / seg : 0
    return (Double(k - 1) + frac) / Double(n)
}

/// A property mapped onto a layer: a constant, or a keyframe animation in the layer's time
/// (seconds = frames / frame rate).
enum LottieMapped {
    case constant(Value)
    case animated(initial: Value, Animation)
}

extension LottieContext {
    /// The begin time of an animation that starts at frame `f`: Core Animation reads a begin
    /// time of exactly 0 as "when the transaction commits" (CA-5.3), so frame 0 is written as
    /// the smallest positive time, as lottie-ios writes AVCoreAnimationBeginTimeAtZero.
    func beginTime(frame f: Double) -> Double {
        let t = f / frameRate
        return t == 0 ? 1e-100 : t
    }

    /// Maps `props` onto `keyPath`: `value` turns the props' values (one array each) into the
    /// layer value. Exact keyframes when at most one prop is animated, its easing is the same in
    /// every dimension (or `perDimension` is false) and it has no spatial tangents; otherwise
    /// sampled once per frame with linear segments (exact at whole frames). Inside a curved time
    /// remap (`remap`), always sampled, at the remapped layer's frames.
    func map(
        _ keyPath: String, _ props: [LottieProp], valueFunction: ValueFunction? = nil,
        sampled: Bool = false, _ value: ([[Double]]) -> Value
    ) -> LottieMapped {
        let firsts = props.map(\.first)
        let initial = value(firsts)
        let animatedIndices = props.indices.filter { props[$0].isAnimated }
        if animatedIndices.isEmpty { return .constant(initial) }
        // `sampled`: the value is not linear in its inputs (a skew's matrix), so keyframes at the
        // inputs' keys would interpolate the wrong values in between: every frame is a key.
        // Inside a remap that is not a straight line (R16.11) every animation is sampled in the
        // remapped layer's time.
        if animatedIndices.count == 1 && !sampled && remap == nil {
            let p = props[animatedIndices[0]]
            let spatial = (0..<(p.keys.count - 1)).contains { p.isSpatial($0) }
            if p.easesUniformly() && !spatial {
                var inputs = firsts
                var values: [Value] = [], times: [Double] = [], functions: [TimingFunction] = []
                let t0 = p.keys[0].t, tn = p.keys[p.keys.count - 1].t
                let span = tn - t0
                if span <= 0 {
                    inputs[animatedIndices[0]] = p.value(at: tn)
                    return .constant(value(inputs))
                }
                for i in 0..<(p.keys.count - 1) {
                    let a = p.keys[i]
                    inputs[animatedIndices[0]] = a.s
                    values.append(value(inputs)); times.append((a.t - t0) / span)
                    if a.hold {
                        values.append(value(inputs)); times.append((p.keys[i + 1].t - t0) / span)
                        functions.append(.linear); functions.append(.linear)
                    } else {
                        functions.append(p.timingFunction(i, dim: 0))
                        if a.e != nil, let e = a.e, e != p.keys[i + 1].s {
                            // Old format: the segment ends at `e`, then jumps to the next `s`.
                            inputs[animatedIndices[0]] = e
                            values.append(value(inputs)); times.append((p.keys[i + 1].t - t0) / span)
                            functions.append(.linear)
                        }
                    }
                }
                inputs[animatedIndices[0]] = p.value(at: tn)
                values.append(value(inputs)); times.append(1)
                return .animated(initial: initial, keyframeAnimation(
                    keyPath, values: values, times: times, functions: functions, from: t0, to: tn,
                    valueFunction: valueFunction))
            }
        }
        // Sampled: once per frame over the span of every animated prop.
        var t0 = Double.infinity, tn = -Double.infinity
        for i in animatedIndices {
            t0 = min(t0, props[i].keys[0].t); tn = max(tn, props[i].keys[props[i].keys.count - 1].t)
        }
        let inner = remap?.frame
        if let remap { t0 = remap.from; tn = remap.to }
        let span = tn - t0
        if span <= 0 { return .constant(value(props.map { $0.value(at: inner?(tn) ?? tn) })) }
        var count = Int(span.rounded(.up))
        count = min(max(count, 1), LottieLimits.maximumSamples)
        // Bound the memory of a sampled path: at most about two million points in all.
        if case .path(let p) = initial, p.elements.count > 0 {
            count = max(2, min(count, 2_000_000 / (3 * p.elements.count)))
        }
        if remap != nil { count = remapSampleCount(count) }
        var values: [Value] = [], times: [Double] = []
        values.reserveCapacity(count + 1)
        for k in 0...count {
            let f = t0 + span * Double(k) / Double(count)
            let g = inner?(f) ?? f
            values.append(value(props.map { $0.value(at: g) }))
            times.append(Double(k) / Double(count))
        }
        return .animated(initial: initial, keyframeAnimation(
            keyPath, values: values, times: times, functions: nil, from: t0, to: tn,
            valueFunction: valueFunction))
    }

    /// A keyframe animation from frame `t0` to `tn` that holds its ends outside (fill both) and
    /// stays attached, so a looping or seeking root replays it.
    func keyframeAnimation(
        _ keyPath: String, values: [Value], times: [Double], functions: [TimingFunction]?,
        from t0: Double, to tn: Double, valueFunction: ValueFunction?
    ) -> Animation {
        var a = Animation.keyframe(keyPath: keyPath, values: values, keyTimes: times)
        if case .keyframe(var spec, _, _) = a.kind {
            spec.timingFunctions = functions
            a.kind = .keyframe(spec)
        }
        a.valueFunction = valueFunction
        a.timing.beginTime = beginTime(frame: t0)
        a.timing.duration = (tn - t0) / frameRate
        a.timing.fillMode = .both
        a.isRemovedOnCompletion = false
        return a
    }
}
