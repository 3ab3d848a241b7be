// SPDX-License-Identifier: Apache-2.0
// The importer's mapping (R16, docs/lottie.md): transforms, keyframes, visibility, precomps,
// parenting, shapes, playback, and the errors of malformed files. Each test builds a small
// Lottie document, loads it and reads the draw list, the way a host sees the result.

import Lamina
@testable import LaminaLottie
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A Lottie document: a 100 × 100 canvas at 10 fps, frames ip…op, with `layers` (JSON text).
func doc(ip: Double = 0, op: Double = 100, layers: String, assets: String = "[]") -> [UInt8] {
    Array("""
    {"v":"5.7.0","fr":10,"ip":\(ip),"op":\(op),"w":100,"h":100,"assets":\(assets),"layers":[\(layers)]}
    """.utf8)
}

/// A shape layer: a 20 × 20 red rectangle at (10, 10)…(30, 30) with transform `ks` members.
func shapeLayer(ind: Int = 1, ks: String = "", extra: String = "", ip: Double = 0, op: Double = 1000) -> String {
    let base = #""a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#
    return """
    {"ty":4,"ind":\(ind),"nm":"L\(ind)","ip":\(ip),"op":\(op),"st":0,"ks":{\(ks.isEmpty ? base : ks)},\(extra.isEmpty ? "" : extra + ",")
     "shapes":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
               {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}
    """
}

/// An opacity animated linearly from 0 at frame `t0` to 100 at frame `t1`, with easing `o`/`i`.
func opacityRamp(_ t0: Double = 0, _ t1: Double = 100, o: String = #"{"x":[0],"y":[0]}"#, i: String = #"{"x":[1],"y":[1]}"#, hold: Bool = false) -> String {
    #""a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":1,"k":[{"t":\#(t0),"s":[0],"o":\#(o),"i":\#(i)\#(hold ? #","h":1"# : "")},{"t":\#(t1),"s":[100]}]}"#
}

/// Loads `bytes`, shows progress `p` and returns the shape records of the draw list.
func shapes(_ bytes: [UInt8], progress p: Double) throws -> (LottieAnimation, [DrawRecord]) {
    let engine = Engine()
    let anim = try engine.loadLottie(data: bytes)
    anim.seek(progress: p)
    engine.tick(0)
    let records = try engine.drawList(root: anim.root).filter { $0.shape != nil }
    return (anim, records)
}

@Suite struct LottieMappingTests {
    @Test func rootFrameIsTheCanvas() throws {
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: shapeLayer()))
        #expect(anim.root.bounds == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(anim.root.position == Point(x: 50, y: 50))
        #expect(anim.size == Size(width: 100, height: 100))
        #expect(anim.frameRate == 10 && anim.inFrame == 0 && anim.outFrame == 100)
        #expect(abs(anim.duration - 10) < 1e-12)
    }

    @Test func progressShowsFrameIpPlusPTimesSpan() throws {
        // Opacity 0 → 1 over frames 0…100, linear; the file plays frames 50…150.
        let bytes = doc(ip: 50, op: 150, layers: shapeLayer(ks: opacityRamp(0, 100)))
        for (p, expected) in [(0.0, 0.5), (0.25, 0.75), (0.5, 1.0)] {
            let (_, records) = try shapes(bytes, progress: p)
            #expect(records.count == 1)
            #expect(abs(records[0].opacity - expected) < 1e-9, "p = \(p)")
        }
        let linear = doc(ip: 0, op: 100, layers: shapeLayer(ks: opacityRamp(0, 100)))
        let (_, atEnd) = try shapes(linear, progress: 1)
        #expect(abs(atEnd[0].opacity - 1) < 1e-9, "p = 1 shows the out frame itself")
        let (_, mid) = try shapes(linear, progress: 0.3)
        #expect(abs(mid[0].opacity - 0.3) < 1e-9)
    }

    @Test func bezierEasingPerSegment() throws {
        let ks = opacityRamp(0, 100, o: #"{"x":[0.42],"y":[0]}"#, i: #"{"x":[0.58],"y":[1]}"#)
        let (_, r) = try shapes(doc(layers: shapeLayer(ks: ks)), progress: 0.25)
        let expected = TimingFunction(controlPoints: 0.42, 0, 0.58, 1).progress(at: 0.25)
        #expect(abs(r[0].opacity - expected) < 1e-6)
        #expect(abs(expected - 0.25) > 0.05, "the eased value differs from the linear one")
    }

    @Test func holdKeyframeJumpsAtTheNextKey() throws {
        let bytes = doc(layers: shapeLayer(ks: opacityRamp(0, 50, hold: true)))
        let (_, before) = try shapes(bytes, progress: 0.49)
        #expect(before.isEmpty, "opacity 0 holds (a transparent layer draws nothing)")
        let (_, after) = try shapes(bytes, progress: 0.5)
        #expect(abs(after[0].opacity - 1) < 1e-9)
    }

    @Test func positionAnchorScaleRotation() throws {
        // p (50, 40), anchor (20, 20), scale 200 %, rotation 90°: the rect's corner (10, 10)
        // maps to p + R·S·(corner − anchor): S gives (−20, −20), a quarter turn clockwise on a
        // y-down screen gives (20, −20), so (70, 20).
        let ks = #""a":{"a":0,"k":[20,20]},"p":{"a":0,"k":[50,40]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":90},"o":{"a":0,"k":100}"#
        let (_, r) = try shapes(doc(layers: shapeLayer(ks: ks)), progress: 0)
        let corner = Point(x: 10, y: 10).applying(r[0].transform)
        // The root's own transform puts the canvas at its position in the root's superlayer
        // space; the root's bounds origin is 0, so canvas space is root space here.
        #expect(abs(corner.x - 70) < 1e-9 && abs(corner.y - 20) < 1e-9, "\(corner)")
    }

    @Test func scaleFromZeroAnimates() throws {
        // Scale 0 % → 100 % over frames 0…100: at p = 0.5 the rect is half size about the anchor.
        let ks = #""a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[100,100]}]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#
        let (_, r) = try shapes(doc(layers: shapeLayer(ks: ks)), progress: 0.5)
        let p = Point(x: 30, y: 30).applying(r[0].transform)
        #expect(abs(p.x - 15) < 1e-9 && abs(p.y - 15) < 1e-9, "\(p)")
    }

    @Test func inAndOutPoints() throws {
        let bytes = doc(layers: shapeLayer(ip: 10, op: 20))
        #expect(try shapes(bytes, progress: 0.05).1.isEmpty)
        #expect(try shapes(bytes, progress: 0.15).1.count == 1)
        #expect(try shapes(bytes, progress: 0.2).1.isEmpty, "the out point is exclusive")
        #expect(try shapes(bytes, progress: 0.25).1.isEmpty)
    }

    @Test func parentingPassesTransformNotOpacity() throws {
        let parent = #"{"ty":3,"ind":2,"ip":0,"op":1000,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[40,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":10}}}"#
        let child = shapeLayer(ind: 1, extra: #""parent":2"#)
        let (_, r) = try shapes(doc(layers: child + "," + parent), progress: 0)
        #expect(r.count == 1)
        let p = Point(x: 10, y: 10).applying(r[0].transform)
        #expect(abs(p.x - 50) < 1e-9 && abs(p.y - 10) < 1e-9, "\(p)")
        #expect(abs(r[0].opacity - 1) < 1e-12, "a parent's opacity is not inherited")
    }

    @Test func precompositionHasItsOwnTime() throws {
        // The precomposition's layer ramps opacity over its frames 0…100; the precomp layer
        // starts at frame 20 (st) and plays at half speed (sr 2): at root frame 60 the inner
        // frame is (60 − 20) / 2 = 20.
        let inner = shapeLayer(ks: opacityRamp(0, 100))
        let assets = #"[{"id":"comp","layers":[\#(inner)]}]"#
        let pre = #"{"ty":0,"ind":5,"refId":"comp","w":100,"h":100,"ip":0,"op":1000,"st":20,"sr":2,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}}"#
        let (_, r) = try shapes(doc(layers: pre, assets: assets), progress: 0.6)
        #expect(r.count == 1)
        #expect(abs(r[0].opacity - 0.2) < 1e-9, "\(r[0].opacity)")
    }

    @Test func fillAboveStrokeByItemOrder() throws {
        func layer(_ items: String) -> String {
            #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}},\#(items)]}"#
        }
        let fill = #"{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}}"#
        // The first item is on top: records are in painter's order, bottom first.
        let (_, a) = try shapes(doc(layers: layer(fill + "," + stroke)), progress: 0)
        #expect(a.count == 2)
        #expect(a[0].shape?.strokeColor != nil && a[1].shape?.fillColor != nil)
        // A stroke right above a fill of the same path: one shape layer, which fills and then
        // strokes, as two layers would draw (docs/lottie.md#wrappers).
        let (_, b) = try shapes(doc(layers: layer(stroke + "," + fill)), progress: 0)
        #expect(b.count == 1)
        #expect(b.first?.shape?.fillColor != nil && b.first?.shape?.strokeColor != nil)
        // The ellipse: 40 × 40 about (50, 50).
        #expect(a[0].shape?.path.controlPointBounds == Rect(x: 30, y: 30, width: 40, height: 40))
    }

    @Test func roundedCornersRoundTheSharpVerticesAbove() throws {
        // A 20 × 20 square at (10, 10) under rd 5: each corner becomes a cubic from 5 before it
        // to 5 after it, its control points 0.5519 of the way to the corner (lottie-web's).
        func layer(_ items: String) -> String {
            #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(items),{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        }
        let rect = #"{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
        let rd = #"{"ty":"rd","r":{"a":0,"k":5}}"#
        func cubics(_ path: Path) -> [(Point, Point, Point)] {
            path.elements.compactMap { if case .cubicCurve(let a, let b, let c) = $0 { return (a, b, c) }; return nil }
        }
        let (anim, r) = try shapes(doc(layers: layer(rect + "," + rd)), progress: 0)
        let path = try #require(r.first?.shape?.path)
        let c = cubics(path)
        #expect(c.count == 4)
        #expect(path.controlPointBounds == Rect(x: 10, y: 10, width: 20, height: 20))
        // The corner at (30, 10) (the rectangle starts at its top right, clockwise): from
        // (25, 10) to (30, 15).
        let k = 0.5519
        #expect(c.contains { abs($0.2.x - 30) < 1e-9 && abs($0.2.y - 15) < 1e-9
            && abs($0.0.x - (25 + 5 * k)) < 1e-9 && abs($0.0.y - 10) < 1e-9
            && abs($0.1.x - 30) < 1e-9 && abs($0.1.y - (15 - 5 * k)) < 1e-9 })
        #expect(!anim.warnings.contains { $0.contains("rounded") })
        // A radius past half the side stops there; an ellipse has no sharp corner; a group above
        // the item is rounded too; an rd above the path (a lower index) does not round it.
        let big = try #require(shapes(doc(layers: layer(rect + #",{"ty":"rd","r":{"a":0,"k":50}}"#)), progress: 0).1.first?.shape?.path)
        #expect(cubics(big).allSatisfy { abs(hypot($0.2.x - 20, $0.2.y - 20) - 10) < 1e-9 })
        let ellipse = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}}"#
        let plain = try #require(shapes(doc(layers: layer(ellipse)), progress: 0).1.first?.shape?.path)
        #expect(try shapes(doc(layers: layer(ellipse + "," + rd)), progress: 0).1.first?.shape?.path == plain)
        let group = #"{"ty":"gr","it":[\#(rect),{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
        #expect(cubics(try #require(shapes(doc(layers: layer(group + "," + rd)), progress: 0).1.first?.shape?.path)).count == 4)
        let square = try #require(shapes(doc(layers: layer(rect)), progress: 0).1.first?.shape?.path)
        #expect(try shapes(doc(layers: layer(rd + "," + rect)), progress: 0).1.first?.shape?.path == square)
        // An animated radius, 0 → 10 over frames 0…100, is sampled: 5 at half way.
        let animated = #"{"ty":"rd","r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[10]}]}}"#
        let half = try #require(shapes(doc(layers: layer(rect + "," + animated)), progress: 0.5).1.first?.shape?.path)
        #expect(cubics(half).contains { abs($0.2.x - 30) < 1e-6 && abs($0.2.y - 15) < 1e-6 })
    }

    @Test func fillInAGroupPaintsTheNestedGroupsAbove() throws {
        let group = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"tr","p":{"a":0,"k":[5,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,1,0,1]},"o":{"a":0,"k":50}}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(group),\#(fill)]}"#
        let (_, r) = try shapes(doc(layers: layer), progress: 0)
        #expect(r.count == 1)
        #expect(r[0].shape?.fillColor == Color(red: 1, green: 1, blue: 0, alpha: 1))
        #expect(abs(r[0].opacity - 0.5) < 1e-12)
        let corner = Point(x: 15, y: 15).applying(r[0].transform)
        #expect(abs(corner.x - 20) < 1e-9 && abs(corner.y - 15) < 1e-9, "the group's transform applies")
    }

    @Test func repeaterRepeatsTheItemsAboveIt() throws {
        let rect = #"{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}}"#
        let rp = #"{"ty":"rp","c":{"a":0,"k":3},"o":{"a":0,"k":0},"m":1,"tr":{"ty":"tr","p":{"a":0,"k":[30,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":50}}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(rect),\#(rp),\#(fill)]}"#
        let (_, r) = try shapes(doc(layers: layer), progress: 0)
        #expect(r.count == 3, "three copies, each painted by the fill below the repeater")
        for (k, record) in r.enumerated() {
            let corner = Point(x: 5, y: 5).applying(record.transform)
            #expect(abs(corner.x - (5 + 30 * Double(k))) < 1e-9 && abs(corner.y - 5) < 1e-9, "copy \(k): \(corner)")
            #expect(abs(record.instanceColor.alpha - (1 - 0.25 * Double(k))) < 1e-9, "copy \(k)")
        }
    }

    @Test func dropShadowEffectIsTheLayersShadow() throws {
        let ef = #""ef":[{"ty":25,"nm":"Drop Shadow","en":1,"ef":[{"ty":2,"v":{"a":0,"k":[0,0,1,1]}},{"ty":0,"v":{"a":0,"k":127.5}},{"ty":0,"v":{"a":0,"k":90}},{"ty":0,"v":{"a":0,"k":6}},{"ty":0,"v":{"a":0,"k":8}}]}]"#
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: shapeLayer(extra: ef)))
        anim.seek(progress: 0)
        engine.tick(0)
        let shadowed = try engine.drawList(root: anim.root).filter { $0.shadowOpacity > 0 }
        #expect(shadowed.count == 1)
        #expect(abs(shadowed[0].shadowOpacity - 0.5) < 1e-12)
        #expect(abs(shadowed[0].shadowOffset.width - 6) < 1e-9 && abs(shadowed[0].shadowOffset.height) < 1e-9, "90°: to the right")
        #expect(shadowed[0].shadowRadius == 4 && shadowed[0].shadowColor == Color(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(anim.warnings.isEmpty)
    }

    @Test func aTrimAfterAGroupTrimsItsFill() throws {
        // A filled 20 × 20 square in a group, then a trim at the layer's level keeping the first
        // quarter of the outline, its top edge: the fill's path is that open edge (R16.4).
        let group = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":25},"o":{"a":0,"k":0},"m":1}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(group),\#(trim)]}"#
        let (_, r) = try shapes(doc(layers: layer), progress: 0)
        #expect(r.count == 1)
        let b = try #require(r[0].shape?.path.controlPointBounds)
        #expect(abs(b.origin.x - 10) < 1e-6 && abs(b.size.width - 20) < 1e-6, "\(b)")
        #expect(abs(b.origin.y - 10) < 1e-6 && b.size.height < 1e-6, "only the top edge is left: \(b)")
        let untrimmed = doc(layers: #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(group)]}"#)
        #expect(try shapes(untrimmed, progress: 0).1[0].shape?.path.controlPointBounds?.size.height == 20)
    }

    @Test func trimGeometryWrapsPastTheEnd() {
        let square = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        // From 75 % to 125 %: the left edge, then the top edge.
        let p = LottieTrimGeometry.trimmed(square, start: 0.75, end: 1.25, individually: false)
        let b = p.controlPointBounds!
        #expect(abs(b.size.width - 10) < 1e-6 && abs(b.size.height - 10) < 1e-6)
        #expect(p.elements.filter { if case .move = $0 { return true }; return false }.count == 2)
        #expect(LottieTrimGeometry.trimmed(square, start: 0.2, end: 0.2, individually: false).elements.isEmpty)
    }

    @Test func timeRemapWithTwoKeyframesIsExact() throws {
        // tm maps layer frames 0…100 onto composition seconds 10…0 (backwards, twice as fast as
        // 1:1 would be over 5 s): at root frame 25 the inner frame is (10 − 2.5) · 10 = 75.
        let inner = shapeLayer(ks: opacityRamp(0, 100))
        let assets = #"[{"id":"comp","layers":[\#(inner)]}]"#
        let tm = #""tm":{"a":1,"k":[{"t":0,"s":[10],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[0]}]}"#
        let pre = #"{"ty":0,"ind":5,"refId":"comp","w":100,"h":100,"ip":0,"op":1000,"st":0,\#(tm),"ks":{}}"#
        let (_, r) = try shapes(doc(layers: pre, assets: assets), progress: 0.25)
        #expect(abs(r[0].opacity - 0.75) < 1e-9, "\(r[0].opacity)")
    }

    @Test func timeRemapOfCollinearKeyframesIsExactAndBentOnesToo() throws {
        // Three keyframes on one line (linear easing written as diagonal control points): the
        // layer's linear time is exact, no warning. A bent middle keyframe is sampled through
        // the remap (R16.11), exact too: 0 s → 8 s over frames 0…50, so 4 s at frame 25.
        let inner = shapeLayer(ks: opacityRamp(0, 100))
        let assets = #"[{"id":"comp","layers":[\#(inner)]}]"#
        func remap(_ mid: Double, ease: String = #""o":{"x":[0.167],"y":[0.167]},"i":{"x":[0.833],"y":[0.833]}"#) -> String {
            let tm = #""tm":{"a":1,"k":[{"t":0,"s":[0],\#(ease)},{"t":50,"s":[\#(mid)],\#(ease)},{"t":100,"s":[10]}]}"#
            return #"{"ty":0,"ind":5,"refId":"comp","w":100,"h":100,"ip":0,"op":1000,"st":0,\#(tm),"ks":{}}"#
        }
        let (straight, r) = try shapes(doc(layers: remap(5), assets: assets), progress: 0.25)
        #expect(abs(r[0].opacity - 0.25) < 1e-9, "\(r[0].opacity)")
        #expect(!straight.warnings.contains { $0.contains("time remapping") }, "\(straight.warnings)")
        let (bent, b) = try shapes(doc(layers: remap(8), assets: assets), progress: 0.25)
        #expect(abs(b[0].opacity - 0.4) < 1e-9, "\(b[0].opacity)")
        #expect(!bent.warnings.contains { $0.contains("time remapping") })
    }

    @Test func animatedSkewIsSampledAtEveryFrame() throws {
        // Skew 0° → 30° over frames 0…100 (linear): at half way the matrix is the 15° skew
        // (tan is not linear, so it is sampled, not interpolated from the ends).
        let ks = #""a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100},"sk":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[30]}]},"sa":{"a":0,"k":0}"#
        let (anim, r) = try shapes(doc(layers: shapeLayer(ks: ks)), progress: 0.5)
        #expect(abs(r[0].transform.m21 - tan(-15 * Double.pi / 180)) < 1e-6, "\(r[0].transform)")
        #expect(!anim.warnings.contains { $0.contains("skew") })
        let (_, start) = try shapes(doc(layers: shapeLayer(ks: ks)), progress: 0)
        #expect(abs(start[0].transform.m21) < 1e-9)
    }

    @Test func aSkewOfZeroIgnoresItsTurningAxis() throws {
        // A skew axis that turns while the skew stays 0 is no skew at all: the import makes no
        // skew layer and no sampled animation of identity matrices (one per frame), and the
        // layer stays a single static one.
        func counts(_ sa: String) throws -> (layers: Int, animations: Int) {
            let ks = #""a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100},"sk":{"a":0,"k":0},"sa":\#(sa)"#
            let scene = try LottieImporter.importScene(doc(layers: shapeLayer(ks: ks)))
            var layers = 0, animations = 0
            var work = [scene.root]
            while let n = work.popLast() {
                layers += 1
                animations += n.animations.filter { $0.key == "transform" }.count
                work += n.sublayers + (n.mask.map { [$0] } ?? [])
            }
            return (layers, animations)
        }
        let turning = try counts(#"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[90]}]}"#)
        let still = try counts(#"{"a":0,"k":0}"#)
        #expect(turning.animations == 0)
        #expect(turning.layers == still.layers)
    }

    @Test func aStillGradientCoversItsShapeNotNineCanvases() throws {
        // The compositor draws a masked gradient through an offscreen of the gradient layer's
        // size: a shape whose outline never changes gets a layer of its bounds (fill: outset by
        // 2; stroke: by its width times its miter limit, and 2), an animated one nine canvases.
        func gradientBounds(_ item: String, path: String) throws -> Rect? {
            let shapes = #"[{"ty":"gr","it":[\#(path),\#(item),{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
            let layer = #"{"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{},"shapes":\#(shapes)}"#
            let scene = try LottieImporter.importScene(doc(layers: layer))
            var work = [scene.root]
            while let n = work.popLast() {
                if n.kind == .gradient, case .rect(let r)? = n.values.last(where: { $0.key == "bounds" })?.value { return r }
                work += n.sublayers + (n.mask.map { [$0] } ?? [])
            }
            return nil
        }
        let fill = #"{"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[20,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},"o":{"a":0,"k":100}}"#
        let stroke = #"{"ty":"gs","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[20,0]},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":1,"ml":4}"#
        let rect = #"{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
        #expect(try gradientBounds(fill, path: rect) == Rect(x: 0, y: 0, width: 24, height: 24))
        #expect(try gradientBounds(stroke, path: rect) == Rect(x: 0, y: 0, width: 48, height: 48))
        let moving = #"{"ty":"rc","p":{"a":1,"k":[{"t":0,"s":[20,20],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[80,80]}]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
        #expect(try gradientBounds(fill, path: moving) == Rect(x: 0, y: 0, width: 300, height: 300))
    }

    @Test func animatedDashesAreSampled() throws {
        // A dash length 0 → 20 over frames 0…100, gap 10: at half way the pattern is [10, 10].
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"d":[{"n":"d","v":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[20]}]}},{"n":"g","v":{"a":0,"k":10}},{"n":"o","v":{"a":0,"k":3}}]}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}},\#(stroke)]}"#
        let (anim, r) = try shapes(doc(layers: layer), progress: 0.5)
        let s = try #require(r.first?.shape)
        #expect(s.lineDashPattern.count == 2)
        #expect(abs(s.lineDashPattern[0] - 10) < 1e-9 && abs(s.lineDashPattern[1] - 10) < 1e-9, "\(s.lineDashPattern)")
        #expect(s.lineDashPhase == 3)
        #expect(!anim.warnings.contains { $0.contains("dash") })
    }

    @Test func radialHighlightIsTheFocalPoint() throws {
        // RS-9.10: lottie-web's focal point, h % of the radius r = |e − s| from s, at the angle
        // of s → e plus a degrees, h clamped to ±99 %; static, animated (h 0 → 80 over frames
        // 0…100, linear: 40 at frame 50) and clamped (150 → 99). No warning any more.
        func layer(_ h: String, a: Double) -> String {
            let g = #"{"ty":"gf","t":2,"s":{"a":0,"k":[50,50]},"e":{"a":0,"k":[80,50]},"h":\#(h),"a":{"a":0,"k":\#(a)},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
            return #"{"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{},"shapes":[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}},\#(g)]}"#
        }
        func focal(_ h: String, a: Double, progress: Double) throws -> (Point, [String]) {
            let engine = Engine()
            let anim = try engine.loadLottie(data: doc(layers: layer(h, a: a)))
            anim.seek(progress: progress)
            engine.tick(0)
            let r = try #require(try engine.drawList(root: anim.root).first { $0.gradient != nil })
            let d = try #require(r.gradient)
            #expect(d.type == .radial)
            let f = Point(x: r.bounds.origin.x + d.focalPoint.x * r.bounds.size.width,
                          y: r.bounds.origin.y + d.focalPoint.y * r.bounds.size.height).applying(r.transform)
            return (f, anim.warnings)
        }
        func lottieWeb(_ percent: Double, _ degrees: Double) -> Point {
            let p = min(max(percent / 100, -0.99), 0.99), dist = 30 * p
            let ang = atan2(0.0, 30.0) + degrees * Double.pi / 180
            return Point(x: 50 + cos(ang) * dist, y: 50 + sin(ang) * dist)
        }
        let cases: [(String, Double, Double, Point)] = [
            (#"{"a":0,"k":40}"#, 30, 0, lottieWeb(40, 30)),
            (#"{"a":0,"k":-25}"#, -120, 0, lottieWeb(-25, -120)),
            (#"{"a":0,"k":150}"#, 90, 0, lottieWeb(99, 90)),
            (#"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[80]}]}"#, 45, 0.5, lottieWeb(40, 45)),
            (#"{"a":0,"k":0}"#, 30, 0, Point(x: 50, y: 50)),
        ]
        for (h, a, progress, want) in cases {
            let (f, warnings) = try focal(h, a: a, progress: progress)
            #expect(abs(f.x - want.x) < 1e-6 && abs(f.y - want.y) < 1e-6, "h \(h) a \(a): \(f) vs \(want)")
            #expect(!warnings.contains { $0.contains("highlight") })
        }
    }

    @Test func imageLayerShowsItsEmbeddedPNG() throws {
        // A 2 × 1 PNG (opaque red, blue at alpha 128), shown 20 × 10 by its asset's w and h at
        // the layer's origin; two layers of one asset share one decoded image. Broken, external
        // and non-PNG assets are named in the warnings and draw nothing.
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8Dwn4HhfwMAD3oDfgvLLrEAAAAASUVORK5CYII="
        func image(_ ind: Int, _ ref: String) -> String {
            #"{"ty":2,"ind":\#(ind),"refId":"\#(ref)","ip":0,"op":1000,"st":0,"ks":{"p":{"a":0,"k":[\#(ind * 30),5]}}}"#
        }
        let assets = #"[{"id":"img","w":20,"h":10,"e":1,"u":"","p":"data:image/png;base64,\#(png)"},"#
            + #"{"id":"bad","w":4,"h":4,"e":1,"p":"data:image/png;base64,AAAA"},"#
            + #"{"id":"jpg","w":4,"h":4,"e":1,"p":"data:image/jpeg;base64,AAAA"},"#
            + #"{"id":"file","w":4,"h":4,"e":0,"u":"images/","p":"a.png"}]"#
        let layers = [image(1, "img"), image(2, "img"), image(3, "bad"), image(4, "jpg"), image(5, "file")].joined(separator: ",")
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: layers, assets: assets))
        anim.seek(progress: 0)
        try engine.tick(0)
        let pictures = try engine.drawList(root: anim.root).filter { $0.contents != nil }
        #expect(pictures.count == 2)
        let img = try #require(pictures.first?.contents)
        #expect(img.width == 2 && img.height == 1)
        #expect(Array(img.pixels[0..<4]) == [255, 0, 0, 255])
        #expect(Array(img.pixels[4..<8]) == [0, 0, 128, 128])  // premultiplied
        #expect(pictures[0].contents === pictures[1].contents)
        #expect(pictures[0].bounds.size == Size(width: 20, height: 10))
        // Painter's order: the second layer (at x 60) under the first (at x 30).
        let origins = pictures.map { Point(x: 0, y: 0).applying($0.transform) }
        #expect(abs(origins[0].x - 60) < 1e-9 && abs(origins[1].x - 30) < 1e-9 && abs(origins[1].y - 5) < 1e-9, "\(origins)")
        #expect(!anim.warnings.contains("image layers not supported"))
        #expect(anim.warnings.contains("image asset 'bad': not a PNG libpng can read"), "\(anim.warnings)")
        #expect(anim.warnings.contains { $0.contains("'jpg'") && $0.contains("only PNG") })
        #expect(anim.warnings.contains { $0.contains("'file'") && $0.contains("external") })
    }

    @Test func gradientFillIsAGradientLayerMaskedByTheShape() throws {
        // Linear, from (20, 50) to (80, 50): red → blue, with opacity stops 1 → 0.5.
        let g = #"{"ty":"gf","t":1,"s":{"a":0,"k":[20,50]},"e":{"a":0,"k":[80,50]},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1,0,1,1,0.5]}}}"#
        let rect = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,40]},"r":{"a":0,"k":0}}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(rect),\#(g)]}"#
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: layer))
        anim.seek(progress: 0)
        engine.tick(0)
        let list = try engine.drawList(root: anim.root)
        let gradient = try #require(list.first { $0.gradient != nil })
        let d = try #require(gradient.gradient)
        #expect(d.type == .axial && d.locations == [0, 1])
        #expect(d.colors[0] == Color(red: 1, green: 0, blue: 0, alpha: 1) && d.colors[1] == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        // The unit-space ends map back onto (20, 50) and (80, 50) in the gradient's bounds.
        let start = Point(x: gradient.bounds.origin.x + d.startPoint.x * gradient.bounds.size.width,
                          y: gradient.bounds.origin.y + d.startPoint.y * gradient.bounds.size.height).applying(gradient.transform)
        #expect(abs(start.x - 20) < 1e-6 && abs(start.y - 50) < 1e-6, "\(start)")
        #expect(gradient.maskCount > 0 || list.contains { $0.isMaskContent }, "masked by the shape")
    }

    @Test func starHasTwiceItsPointsAsVertices() throws {
        let star = #"{"ty":"sr","sy":1,"p":{"a":0,"k":[50,50]},"pt":{"a":0,"k":5},"r":{"a":0,"k":0},"or":{"a":0,"k":40},"ir":{"a":0,"k":20},"os":{"a":0,"k":0},"is":{"a":0,"k":0}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(star),\#(fill)]}"#
        let (_, r) = try shapes(doc(layers: layer), progress: 0)
        let path = try #require(r.first?.shape?.path)
        #expect(path.elements.count == 11, "move, 9 lines, close")
        guard case .move(let top) = path.elements[0] else { Issue.record("no move"); return }
        #expect(abs(top.x - 50) < 1e-9 && abs(top.y - 10) < 1e-9, "the first point is straight up")
    }

    @Test func autoOrientTurnsWithTheMotion() throws {
        // Moving from (0, 0) to (100, 100): the tangent is 45°, plus the layer's own 10°.
        let ks = #""a":{"a":0,"k":[0,0]},"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[100,100]}]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":10},"o":{"a":0,"k":100}"#
        let (anim, r) = try shapes(doc(layers: shapeLayer(ks: ks, extra: #""ao":1"#)), progress: 0.5)
        let m = r[0].transform
        let angle = atan2(m.m12, m.m11) * 180 / .pi
        #expect(abs(angle - 55) < 1e-6, "\(angle)")
        #expect(anim.warnings.isEmpty)
        let (_, still) = try shapes(doc(layers: shapeLayer(ks: ks)), progress: 0.5)
        #expect(abs(atan2(still[0].transform.m12, still[0].transform.m11) * 180 / .pi - 10) < 1e-6)
    }

    @Test func masksAddSubtractAndInvert() throws {
        func mask(_ mode: String, inv: Bool = false, _ x: Double) -> String {
            #"{"mode":"\#(mode)","inv":\#(inv),"o":{"a":0,"k":100},"pt":{"a":0,"k":{"c":true,"v":[[\#(x),\#(x)],[\#(100 - x),\#(x)],[\#(100 - x),\#(100 - x)],[\#(x),\#(100 - x)]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
        }
        func maskShape(_ masks: [String]) throws -> DrawShape? {
            let layer = shapeLayer(extra: #""hasMask":true,"masksProperties":[\#(masks.joined(separator: ","))]"#)
            let engine = Engine()
            let anim = try engine.loadLottie(data: doc(layers: layer))
            anim.seek(progress: 0)
            engine.tick(0)
            return try engine.drawList(root: anim.root).first { $0.isMaskContent && $0.shape != nil }?.shape
        }
        let add = try #require(try maskShape([mask("a", 10)]))
        #expect(add.fillRule == .nonZero && add.path.controlPointBounds == Rect(x: 10, y: 10, width: 80, height: 80))
        // Add the outer square, subtract the inner one: a frame, by the even-odd rule.
        let frame = try #require(try maskShape([mask("a", 10), mask("s", 30)]))
        #expect(frame.fillRule == .evenOdd && frame.path.controlPointBounds == Rect(x: 10, y: 10, width: 80, height: 80))
        // Inverted: everything but the square (a rectangle far around the canvas joins it).
        let inverted = try #require(try maskShape([mask("a", inv: true, 10)]))
        #expect(inverted.fillRule == .evenOdd && inverted.path.controlPointBounds!.size.width > 1000)
    }

    @Test func rectangleRoundnessStopsAtHalfTheShorterSide() throws {
        let rect = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,20]},"r":{"a":0,"k":50}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(rect),\#(fill)]}"#
        let (_, r) = try shapes(doc(layers: layer), progress: 0)
        let path = try #require(r.first?.shape?.path)
        guard case .move(let start) = path.elements[0] else { Issue.record("no move"); return }
        // Circular corners of radius 10 (not elliptical 20 × 10): the top edge starts at x0 + 10.
        #expect(abs(start.x - 40) < 1e-9 && abs(start.y - 40) < 1e-9, "\(start)")
    }

    @Test func aStaticTransformIsOneLayer() throws {
        // Without leaving wrappers out: root, frame space, slot, the transform, the content,
        // the fill's shape layer: six records; an animated opacity splits the transform into
        // its layers (position and rotation; anchor, scale and opacity): seven.
        let engine = Engine()
        func count(_ bytes: [UInt8], simplify: Bool) throws -> Int {
            let scene = try LottieImporter.importScene(bytes, simplify: simplify)
            let anim = LottieAnimation(root: try engine.realize(scene.root), info: scene.info, warnings: scene.warnings)
            anim.seek(progress: 0.5)
            engine.tick(0)
            return try engine.drawList(root: anim.root).count
        }
        let still = doc(layers: shapeLayer()), moving = doc(layers: shapeLayer(ks: opacityRamp(0, 100)))
        #expect(try count(still, simplify: false) == 6)
        #expect(try count(moving, simplify: false) == 7)
        // As loaded (docs/lottie.md#wrappers): the identity layers go, so the root and the
        // shape; an animated opacity moves onto the shape, the one layer that draws.
        #expect(try count(still, simplify: true) == 2)
        #expect(try count(moving, simplify: true) == 2)
    }

    @Test func playLoopsAndSpeedAndOnce() throws {
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: shapeLayer(ks: opacityRamp(0, 100))))
        func opacity(at t: Double) throws -> Double {
            engine.tick(t)
            return try engine.drawList(root: anim.root).first { $0.shape != nil }!.opacity
        }
        engine.tick(1)
        anim.play(loop: true)
        #expect(abs(try opacity(at: 3.5) - 0.25) < 1e-9)
        #expect(abs(try opacity(at: 1 + 12.5) - 0.25) < 1e-9, "repeatCount = infinity loops")
        anim.speed = 2
        anim.play(loop: false)
        #expect(abs(try opacity(at: 13.5 + 1) - 0.2) < 1e-9, "speed 2: 1 s is 20 frames")
        #expect(abs(try opacity(at: 40) - 1) < 1e-9, "once: the out frame holds")
        anim.seek(progress: 0.7)
        #expect(abs(try opacity(at: 41) - 0.7) < 1e-9)
        #expect(try opacity(at: 50) == opacity(at: 60), "seeking pauses")
    }

    @Test func speedWhilePlayingKeepsTheFrame() throws {
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: shapeLayer(ks: opacityRamp(0, 100))))
        func opacity(at t: Double) throws -> Double {
            engine.tick(t)
            return try engine.drawList(root: anim.root).first { $0.shape != nil }!.opacity
        }
        engine.tick(0)
        anim.play()
        #expect(abs(try opacity(at: 2) - 0.2) < 1e-9)
        anim.speed = 3  // frame 20 stays, then 30 frames a second
        #expect(abs(try opacity(at: 2) - 0.2) < 1e-9)
        #expect(abs(try opacity(at: 3) - 0.5) < 1e-9)
        #expect(anim.isPlaying)
        anim.seek(progress: 0.1)
        #expect(!anim.isPlaying)
    }

    @Test(arguments: [(1, MaskMode.alpha), (2, .alphaInverted), (3, .luminance), (4, .luminanceInverted)])
    func trackMattesMapToMaskModes(tt: Int, mode: MaskMode) throws {
        // R16.9: the matte source (td 1, the layer above) becomes the mask of the matted layer
        // (tt), read as the matte type says; no warning.
        let layers = shapeLayer(ind: 1, extra: #""td":1"#) + "," + shapeLayer(ind: 2, extra: #""tt":\#(tt)"#)
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: layers))
        try engine.tick(0)
        let masked = try engine.drawList(root: anim.root).filter { $0.maskIndex != nil }
        #expect(masked.count == 1)
        #expect(masked.first?.maskMode == mode)
        #expect(!anim.warnings.contains { $0.contains("matte") }, "\(anim.warnings)")
    }

    @Test func unknownTrackMatteWarnsAndDrawsAsAlpha() throws {
        let layers = shapeLayer(ind: 1, extra: #""td":1"#) + "," + shapeLayer(ind: 2, extra: #""tt":7"#)
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: layers))
        try engine.tick(0)
        #expect(try engine.drawList(root: anim.root).first { $0.maskIndex != nil }?.maskMode == .alpha)
        #expect(anim.warnings.contains { $0.contains("track matte type 7") })
    }

    @Test func aMaskRunsInTheTimeOfTheLayerItMasks() throws {
        // R16.8: the root is paused at 5 s; the masked layer's sublayer and its mask run the same
        // 10 s opacity ramp, and both show 0.5 whatever the engine's time (a matte follows its
        // animation's playback), and a paused tree asks for no frames.
        let engine = Engine()
        let root = engine.makeLayer()
        root.speed = 0
        root.timeOffset = 5
        let host = engine.makeLayer()
        root.addSublayer(host)
        let child = engine.makeLayer()
        host.addSublayer(child)
        let mask = engine.makeLayer()
        host.mask = mask
        engine.tick(0)
        var ramp = Animation.keyframe(keyPath: "opacity", values: [.number(0), .number(1)], keyTimes: [0, 1])
        ramp.timing.beginTime = 1e-100
        ramp.timing.duration = 10
        ramp.timing.fillMode = .both
        ramp.isRemovedOnCompletion = false
        try mask.add(ramp, forKey: "ramp")
        try child.add(ramp, forKey: "ramp")
        for t in [1.0, 2.0, 7.0] {
            engine.tick(t)
            #expect(try mask.presentationValue(forKeyPath: "opacity") == .number(0.5), "t = \(t)")
            #expect(try child.presentationValue(forKeyPath: "opacity") == .number(0.5))
        }
        #expect(engine.nextFrameTime == .infinity)
        #expect(try mask.convertTime(3, from: nil) == 5)
    }

    @Test func pausedAnimationIsIdle() throws {
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: shapeLayer(ks: opacityRamp(0, 100))))
        let host = engine.makeLayer()
        host.addSublayer(anim.root)
        anim.seek(progress: 0.3)
        engine.tick(0)
        engine.tick(1)
        #expect(engine.nextFrameTime == .infinity)
    }

    @Test func warningsNameWhatIsLeftOut() throws {
        let text = #"{"ty":5,"ind":3,"ip":0,"op":100,"st":0,"ks":{},"t":{}}"#
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: shapeLayer(extra: #""bm":16"#) + "," + text))
        #expect(anim.warnings.contains("text layers not supported"))
        #expect(anim.warnings.contains("blend mode 16 drawn as normal"))
    }
}

@Suite struct LottieErrorTests {
    func error(_ bytes: [UInt8]) -> LottieError? {
        do {
            _ = try Engine().loadLottie(data: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func malformedJSON() {
        let e = error(Array(#"{"w":100,"h":"#.utf8))
        #expect(e?.message.contains("malformed JSON") == true)
        #expect(error(Array("NaN".utf8)) != nil)
        #expect(error(Array(#"{"v":"5","fr":NaN,"ip":0,"op":1,"w":1,"h":1,"layers":[]}"#.utf8)) != nil)
    }

    @Test func wrongTypesAndMissingFieldsNameThePath() {
        #expect(error(Array(#"{"fr":10,"ip":0,"op":10,"h":10,"layers":[]}"#.utf8))?.path == "$.w")
        let bad = doc(layers: shapeLayer(ks: #""o":{"a":1,"k":[{"t":"x","s":[0]},{"t":5,"s":[1]}]}"#))
        let e = error(bad)
        #expect(e?.path == "$.layers[0].ks.o.k[0].t", "\(String(describing: e))")
        #expect(e?.message.contains("expected a number") == true)
        let backwards = doc(layers: shapeLayer(ks: #""o":{"a":1,"k":[{"t":5,"s":[0]},{"t":1,"s":[1]}]}"#))
        #expect(error(backwards)?.path == "$.layers[0].ks.o.k[1].t")
    }

    @Test func absurdSizes() {
        #expect(error(doc(op: 1e9, layers: ""))?.path == "$.op")
        #expect(error(Array(#"{"fr":10,"ip":0,"op":10,"w":1e9,"h":10,"layers":[]}"#.utf8)) != nil)
        // More keyframes than the file may hold: refused with the path, not built (the budget
        // is lowered here so that the debug build parses a small file).
        var keys: [String] = []
        for t in 0...1_000 { keys.append(#"{"t":\#(t),"s":[0]}"#) }
        let big = doc(layers: shapeLayer(ks: #""o":{"a":1,"k":[\#(keys.joined(separator: ","))]}"#))
        do {
            _ = try LottieImporter.importScene(big, maximumKeyframes: 1_000)
            Issue.record("1001 keyframes were accepted under a budget of 1000")
        } catch {
            #expect(error.message.contains("more than 1000 keyframes"), "\(error)")
            #expect(error.path == "$.layers[0].ks.o.k")
        }
        #expect((try? LottieImporter.importScene(big, maximumKeyframes: 1_001)) != nil)
    }

    @Test func cyclicAndDeepPrecompositions() {
        let ks = #""ks":{}"#
        let selfRef = #"[{"id":"a","layers":[{"ty":0,"ind":1,"refId":"a","w":10,"h":10,"ip":0,"op":10,"st":0,\#(ks)}]}]"#
        let cyclic = doc(layers: #"{"ty":0,"ind":1,"refId":"a","w":10,"h":10,"ip":0,"op":10,"st":0,\#(ks)}"#, assets: selfRef)
        #expect(error(cyclic)?.message.contains("contains itself") == true)
        var assets: [String] = []
        for k in 0..<200 {
            assets.append(#"{"id":"c\#(k)","layers":[{"ty":0,"ind":1,"refId":"c\#(k + 1)","w":10,"h":10,"ip":0,"op":10,"st":0,\#(ks)}]}"#)
        }
        assets.append(#"{"id":"c200","layers":[]}"#)
        let deep = doc(layers: #"{"ty":0,"ind":1,"refId":"c0","w":10,"h":10,"ip":0,"op":10,"st":0,\#(ks)}"#,
                       assets: "[" + assets.joined(separator: ",") + "]")
        #expect(error(deep)?.message.contains("nest deeper") == true)
        // Deeply nested JSON arrays are refused by the parser, not the stack.
        let nested = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(error(nested) != nil)
    }

    @Test func hugeNumbersAreRefusedWithTheirPath() throws {
        // Found by mutating the samples: a cap of 1e300 once trapped converting it to an Int.
        // Numbers beyond ±1e12 are refused where they stand; large ones where integers go
        // (counts, caps, points) are clamped, never trapped on.
        let huge = #"{"ty":4,"ind":1,"ip":0,"op":9,"ks":{},"shapes":[{"ty":"el","s":{"a":0,"k":[9,9]}},{"ty":"st","lc":1e300}]}"#
        #expect(error(doc(layers: huge))?.path == "$.layers[0].shapes[1].lc")
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1e11,"lj":-1e11,"ml":4}"#
        let star = #"{"ty":"sr","sy":1,"p":{"a":0,"k":[0,0]},"pt":{"a":0,"k":1e11},"or":{"a":0,"k":5},"ir":{"a":0,"k":2},"r":{"a":0,"k":0}}"#
        let rp = #"{"ty":"rp","c":{"a":0,"k":-1e11},"tr":{}}"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":9,"ks":{},"bm":1e11,"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[9,9]}},\#(stroke),\#(star),\#(rp)]}"#
        let engine = Engine()
        let anim = try engine.loadLottie(data: doc(layers: layer + "," + #"{"ty":1e11,"ind":2,"ks":{}}"#))
        anim.seek(progress: 0.5)
        engine.tick(0)
        _ = try engine.drawList(root: anim.root)
        let grad = #"{"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[1,1]},"g":{"p":1e11,"k":{"a":0,"k":[0,1,1,1]}}}"#
        let gradient = #"{"ty":4,"ind":1,"ip":0,"op":9,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[9,9]}},\#(grad)]}"#
        #expect(error(doc(layers: gradient))?.message.contains("colour stops") == true)
    }

    @Test func parentCycle() {
        let a = shapeLayer(ind: 1, extra: #""parent":2"#), b = shapeLayer(ind: 2, extra: #""parent":1"#)
        #expect(error(doc(layers: a + "," + b))?.message.contains("cyclic") == true)
    }
}
