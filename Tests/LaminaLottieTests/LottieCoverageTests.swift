// SPDX-License-Identifier: Apache-2.0
// 3D rotation (R16.10) and curved time remaps (R16.11), issue 28 item 2 (docs/lottie.md#support).
// The expected values come from the players' own formulas, written out here independently of
// Lamina's matrices: lottie-web's transform matrix (row vectors, its rotateX/Y/Z) and ThorVG's
// projected 2 × 2 rotation; a remap's frame from the keyframe's cubic Bézier, solved here by
// bisection.

import Lamina
@testable import LaminaLottie
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// lottie-web's 4 × 4 matrices (row vectors, `props` order) and its transform for one layer:
/// translate(−a), rotateZ(−rz), rotateY(ry), rotateX(rx), rotateZ(−or.z), rotateY(or.y),
/// rotateX(or.x), translate(p). Angles in degrees.
enum LottieWeb {
    typealias M = [Double]
    static func mul(_ a: M, _ b: M) -> M {
        var r = M(repeating: 0, count: 16)
        for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i * 4 + j] += a[i * 4 + k] * b[k * 4 + j] } } }
        return r
    }
    static func translate(_ x: Double, _ y: Double) -> M { [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, 0, 1] }
    static func rotateX(_ a: Double) -> M { let c = cos(a), s = sin(a); return [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1] }
    static func rotateY(_ a: Double) -> M { let c = cos(a), s = sin(a); return [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1] }
    static func rotateZ(_ a: Double) -> M { let c = cos(a), s = sin(a); return [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }
    static func layer(a: Point, p: Point, rx: Double, ry: Double, rz: Double, or o: [Double]) -> M {
        let d = Double.pi / 180
        return [translate(-a.x, -a.y), rotateZ(-rz * d), rotateY(ry * d), rotateX(rx * d),
                rotateZ(-o[2] * d), rotateY(o[1] * d), rotateX(o[0] * d), translate(p.x, p.y)]
            .reduce(translate(0, 0), mul)
    }
    static func apply(_ m: M, _ q: Point) -> Point {
        Point(x: q.x * m[0] + q.y * m[4] + m[12], y: q.x * m[1] + q.y * m[5] + m[13])
    }
}

/// ThorVG's projected rotation (its `_rotationXYZ`, column vectors): the 2 × 2 that maps
/// (x, y) for rotations rx, ry, rz in degrees.
func thorvgRotation(rx: Double, ry: Double, rz: Double, _ v: Point) -> Point {
    let d = Double.pi / 180
    let cx = cos(rx * d), sx = sin(rx * d), cy = cos(ry * d), sy = sin(ry * d), cz = cos(rz * d), sz = sin(rz * d)
    let e11 = cy * cz, e12 = -cy * sz, e21 = sx * sy * cz + cx * sz, e22 = -sx * sy * sz + cx * cz
    return Point(x: e11 * v.x + e12 * v.y, y: e21 * v.x + e22 * v.y)
}

/// The y of the cubic Bézier easing (0,0)–(x1,y1)–(x2,y2)–(1,1) at x, by bisection on the
/// curve parameter.
func bezierEase(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func b(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let m = 1 - u
        return 3 * m * m * u * p1 + 3 * m * u * u * p2 + u * u * u
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
}

/// A transform with anchor (20, 20), position (50, 50) and the 3D members `extra`.
func ks3D(_ extra: String) -> String {
    #""a":{"a":0,"k":[20,20,0]},"p":{"a":0,"k":[50,50,0]},"s":{"a":0,"k":[100,100,100]},"o":{"a":0,"k":100},\#(extra)"#
}

/// A linear ramp of a one-number property from `v0` at frame 0 to `v1` at frame 100.
func ramp(_ v0: Double, _ v1: Double) -> String {
    #"{"a":1,"k":[{"t":0,"s":[\#(v0)],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[\#(v1)]}]}"#
}

@Suite struct Lottie3DRotationTests {
    /// The rect's corners (10, 10) and (30, 10) through the record's transform.
    func corners(_ ks: String, progress: Double) throws -> (LottieAnimation, [Point]) {
        let (anim, r) = try shapes(doc(layers: shapeLayer(ks: ks, extra: #""ddd":1"#)), progress: progress)
        #expect(r.count == 1)
        return (anim, [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30)].map { $0.applying(r[0].transform) })
    }

    func expectClose(_ a: [Point], _ b: [Point], _ note: String = "") {
        for (p, q) in zip(a, b) {
            #expect(abs(p.x - q.x) < 1e-6 && abs(p.y - q.y) < 1e-6, "\(p) vs \(q) \(note)")
        }
    }

    let points = [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30)]

    @Test func stillRotationsMatchThorVGsFormula() throws {
        let (anim, got) = try corners(ks3D(#""rx":{"a":0,"k":30},"ry":{"a":0,"k":50},"rz":{"a":0,"k":20},"or":{"a":0,"k":[0,0,0]}"#), progress: 0)
        let want = points.map { q in
            let v = thorvgRotation(rx: 30, ry: 50, rz: 20, Point(x: q.x - 20, y: q.y - 20))
            return Point(x: v.x + 50, y: v.y + 50)
        }
        expectClose(got, want)
        #expect(!anim.warnings.contains { $0.contains("3D") }, "\(anim.warnings)")
    }

    @Test func aPositiveTiltBringsTheTopAndRightEdgesTowardsTheViewer() throws {
        // The picture cannot tell the sign (no perspective), the layer's matrix can: z points
        // towards the viewer in Core Animation, so a positive rx lifts the top edge (y < 0) to
        // z > 0 and a positive ry the right edge (x > 0), as lottie-web's matrix does.
        func matrix(_ extra: String) throws -> Transform3D? {
            let scene = try LottieScene.load(doc(layers: shapeLayer(ks: ks3D(extra), extra: #""ddd":1"#)))
            for n in scene.root.allNodes {
                for (k, v) in n.values where k == "transform" { if case .transform(let m) = v { return m } }
            }
            return nil
        }
        let rx = try #require(try matrix(#""rx":{"a":0,"k":30}"#))
        #expect(Vector3(x: 0, y: -10, z: 0).applying(rx).z > 1)
        let ry = try #require(try matrix(#""ry":{"a":0,"k":30}"#))
        #expect(Vector3(x: 10, y: 0, z: 0).applying(ry).z > 1)
        let web = LottieWeb.rotateX(30 * Double.pi / 180)
        #expect(abs(rx.m23 - web[6]) < 1e-12 && abs(rx.m32 - web[9]) < 1e-12)
    }

    @Test func orientationFollowsTheRotationsAsLottieWebOrdersThem() throws {
        let o = [25.0, -40.0, 15.0]
        let (_, got) = try corners(ks3D(#""rx":{"a":0,"k":30},"ry":{"a":0,"k":50},"rz":{"a":0,"k":20},"or":{"a":0,"k":[25,-40,15]}"#), progress: 0)
        let m = LottieWeb.layer(a: Point(x: 20, y: 20), p: Point(x: 50, y: 50), rx: 30, ry: 50, rz: 20, or: o)
        expectClose(got, points.map { LottieWeb.apply(m, $0) })
        // Not the order reversed: rotations about different axes do not commute.
        let reversed = LottieWeb.layer(a: Point(x: 20, y: 20), p: Point(x: 50, y: 50), rx: 0, ry: 0, rz: 0, or: o)
        let r2 = LottieWeb.mul(reversed, LottieWeb.layer(a: .zero, p: .zero, rx: 30, ry: 50, rz: 20, or: [0, 0, 0]))
        #expect(abs(LottieWeb.apply(r2, points[1]).x - got[1].x) > 1e-3)
    }

    @Test func oneAnimatedAngleAnimatesThroughTheValueFunction() throws {
        // ry −120° → 0° over frames 0…100 (issue_1932's layers turn so): at frame 25, −90°
        // shows the layer edge-on; at 50, −60° halves its width about the anchor.
        let ks = ks3D(#""rx":{"a":0,"k":0},"ry":\#(ramp(-120, 0)),"rz":{"a":0,"k":0},"or":{"a":0,"k":[0,0,0]}"#)
        for (p, angle) in [(0.25, -90.0), (0.5, -60.0), (0.75, -30.0)] {
            let (anim, got) = try corners(ks, progress: p)
            let m = LottieWeb.layer(a: Point(x: 20, y: 20), p: Point(x: 50, y: 50), rx: 0, ry: angle, rz: 0, or: [0, 0, 0])
            expectClose(got, points.map { LottieWeb.apply(m, $0) }, "at \(p)")
            #expect(anim.warnings.isEmpty, "\(anim.warnings)")
        }
        // One keyframe animation of the angle, not a sampled matrix.
        let scene = try LottieScene.load(doc(layers: shapeLayer(ks: ks, extra: #""ddd":1"#)))
        let turns = scene.root.allNodes.flatMap { $0.animations }.filter { $0.key == "transform" }
        #expect(turns.count == 1)
        #expect(turns.first?.animation.valueFunction == .rotateY)
    }

    @Test func severalAnimatedAnglesAreSampledAtEveryFrame() throws {
        // rx 0 → 80 and rz 0 → 90 while ry stays 40: the tilt's matrix is sampled, the spin
        // is a layer of its own inside it.
        let ks = ks3D(#""rx":\#(ramp(0, 80)),"ry":{"a":0,"k":40},"rz":\#(ramp(0, 90)),"or":{"a":0,"k":[10,0,0]}"#)
        for p in [0.0, 0.3, 0.5, 1.0] {
            let (_, got) = try corners(ks, progress: p)
            let f = p * 100
            let m = LottieWeb.layer(
                a: Point(x: 20, y: 20), p: Point(x: 50, y: 50), rx: 0.8 * f, ry: 40, rz: 0.9 * f, or: [10, 0, 0])
            expectClose(got, points.map { LottieWeb.apply(m, $0) }, "at \(p)")
        }
    }

    @Test func aCameraLayerIsNamedAndTheLayersDrawWithoutPerspective() throws {
        let camera = #"{"ty":13,"ind":9,"ip":0,"op":1000,"st":0,"pe":{"a":0,"k":800},"ks":{}}"#
        let ks = ks3D(#""ry":{"a":0,"k":60}"#)
        let (anim, r) = try shapes(doc(layers: camera + "," + shapeLayer(ks: ks, extra: #""ddd":1"#)), progress: 0)
        #expect(anim.warnings == ["camera layers not supported: 3D layers are drawn without perspective"])
        #expect(r.count == 1)
        #expect(r[0].transform.m14 == 0 && r[0].transform.m24 == 0 && r[0].transform.m34 == 0)
    }

    @Test func aStillTiltIsOneLayer() throws {
        func count(_ extra: String) throws -> Int {
            // Before wrappers are left out (a planar matrix joins the shape layer's own transform,
            // a tilted one stays on its layer: docs/lottie.md#wrappers).
            try LottieImporter.importScene(doc(layers: shapeLayer(ks: ks3D(extra), extra: #""ddd":1"#)), simplify: false)
                .root.allNodes.count
        }
        let flat = try count(#""rz":{"a":0,"k":20}"#)
        #expect(try count(#""rx":{"a":0,"k":30},"ry":{"a":0,"k":50},"rz":{"a":0,"k":20},"or":{"a":0,"k":[1,2,3]}"#) == flat)
    }
}

@Suite struct LottieTimeRemapTests {
    /// The precomposition holds one layer whose opacity ramps over its frames 0…100, visible for
    /// its frames `ip`…`op`; the precomp layer remaps time with `tm`.
    func remapped(_ tm: String, ip: Double = 0, op: Double = 1000, st: Double = 0) -> [UInt8] {
        let inner = shapeLayer(ks: opacityRamp(0, 100), ip: ip, op: op)
        let assets = #"[{"id":"comp","layers":[\#(inner)]}]"#
        let pre = #"{"ty":0,"ind":5,"refId":"comp","w":100,"h":100,"ip":0,"op":1000,"st":\#(st),"tm":\#(tm),"ks":{}}"#
        return doc(layers: pre, assets: assets)
    }

    /// An eased remap from 0 s at frame 0 to 10 s (inner frame 100) at frame 100.
    let eased = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.7],"y":[0]},"i":{"x":[0.3],"y":[1]}},{"t":100,"s":[10]}]}"#

    @Test func anEasedRemapIsExactAtEveryFrame() throws {
        for frame in [10.0, 25, 50, 63, 80, 100] {
            let (anim, r) = try shapes(remapped(eased), progress: frame / 100)
            #expect(r.count == 1)
            let inner = 100 * bezierEase(frame / 100, 0.7, 0, 0.3, 1)
            #expect(abs(r[0].opacity - inner / 100) < 1e-6, "frame \(frame): \(r[0].opacity) vs \(inner / 100)")
            #expect(!anim.warnings.contains { $0.contains("time remapping") }, "\(anim.warnings)")
        }
    }

    @Test func heldAndBackwardsRemaps() throws {
        // 8 s at frame 0, held until frame 40, then back to 2 s at frame 100 along an ease.
        let tm = #"{"a":1,"k":[{"t":0,"s":[8],"h":1},{"t":40,"s":[8],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":100,"s":[2]}]}"#
        for frame in [0.0, 20, 39, 40, 55, 70, 100] {
            let (_, r) = try shapes(remapped(tm), progress: frame / 100)
            let seconds = frame <= 40 ? 8 : 8 - 6 * bezierEase((frame - 40) / 60, 0.4, 0, 0.6, 1)
            #expect(abs(r[0].opacity - seconds / 10) < 1e-6, "frame \(frame): \(r[0].opacity) vs \(seconds / 10)")
        }
    }

    @Test func visibilityFollowsTheRemap() throws {
        // The inner layer shows for its frames 30…60. Under the eased remap it shows while
        // 30 ≤ 100·ease(F/100) < 60.
        for frame in stride(from: 0.0, through: 100, by: 5) {
            let (_, r) = try shapes(remapped(eased, ip: 30, op: 60), progress: frame / 100)
            let inner = 100 * bezierEase(frame / 100, 0.7, 0, 0.3, 1)
            #expect(r.count == (30 <= inner && inner < 60 ? 1 : 0), "frame \(frame), inner \(inner)")
        }
    }

    @Test func aPrecompositionInsideARemapRunsInTheRemappedTime() throws {
        // The remapped composition holds a precomposition that starts at its frame 20 and runs
        // at half speed (st 20, sr 2): the leaf's frame is (ease − 20) / 2, and before its
        // frame 0 (its in point) the leaf is hidden.
        let leaf = shapeLayer(ks: opacityRamp(0, 100))
        let middle = #"{"ty":0,"ind":7,"refId":"leaf","w":100,"h":100,"ip":0,"op":1000,"st":20,"sr":2,"ks":{}}"#
        let assets = #"[{"id":"leaf","layers":[\#(leaf)]},{"id":"comp","layers":[\#(middle)]}]"#
        let pre = #"{"ty":0,"ind":5,"refId":"comp","w":100,"h":100,"ip":0,"op":1000,"st":0,"tm":\#(eased),"ks":{}}"#
        for frame in [30.0, 50, 60, 90] {
            let (_, r) = try shapes(doc(layers: pre, assets: assets), progress: frame / 100)
            let inner = 100 * bezierEase(frame / 100, 0.7, 0, 0.3, 1)
            let leaf = (inner - 20) / 2
            #expect(r.count == (leaf >= 0 ? 1 : 0), "frame \(frame), leaf frame \(leaf)")
            guard let record = r.first else { continue }
            #expect(abs(record.opacity - leaf / 100) < 1e-6, "frame \(frame): \(record.opacity) vs \(leaf / 100)")
        }
    }

    @Test func remapSamplesAreBoundedOverTheFile() throws {
        // 1,100 layers in a remap over 1,000 frames want 1,001 visibility samples each, more
        // than the file's million: the rest are drawn between the remap's ends, with a warning.
        let inner = (1...1_100).map { shapeLayer(ind: $0) }.joined(separator: ",")
        let tm = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.7],"y":[0]},"i":{"x":[0.3],"y":[1]}},{"t":1000,"s":[100]}]}"#
        let pre = #"{"ty":0,"ind":5,"refId":"comp","w":100,"h":100,"ip":0,"op":1000,"st":0,"tm":\#(tm),"ks":{}}"#
        let scene = try LottieScene.load(doc(op: 1000, layers: pre, assets: #"[{"id":"comp","layers":[\#(inner)]}]"#))
        #expect(scene.warnings.contains { $0.contains("time remaps need more than") }, "\(scene.warnings)")
        var total = 0
        for n in scene.root.allNodes {
            for (_, a) in n.animations { if case .keyframe(let spec, _, _) = a.kind { total += spec.values.count } }
        }
        #expect(total <= LottieLimits.maximumRemapSamples + 2 * 1_100)
    }

    @Test func aStraightRemapStaysMediaTiming() throws {
        // A linear remap needs no sampling: the inner layer keeps its one two-key animation.
        let tm = #"{"a":1,"k":[{"t":0,"s":[10],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[0]}]}"#
        let scene = try LottieScene.load(remapped(tm))
        let opacity = scene.root.allNodes.flatMap { $0.animations }.filter { $0.key == "opacity" }
        #expect(opacity.count == 1)
        if case .keyframe(let spec, _, _)? = opacity.first?.animation.kind { #expect(spec.values.count == 2) }
        let curved = try LottieScene.load(remapped(eased))
        let sampled = curved.root.allNodes.flatMap { $0.animations }.filter { $0.key == "opacity" }
        if case .keyframe(let spec, _, _)? = sampled.first?.animation.kind { #expect(spec.values.count == 101) }
    }
}
