// SPDX-License-Identifier: Apache-2.0
// What a load costs per frame (issue 28's per-frame target, docs/lottie.md#still and
// #wrappers): properties that never change over the shown frames are constants, not
// animations, and wrapper layers that carry nothing or only a translation are left out. Each
// test compares the pictures with the general mapping (both turned off).

import Lamina
@testable import LaminaLottie
import Testing

/// A realised scene, paused at progress `p`: the records that paint something, in drawing
/// order, and the scene's layer and animation counts.
private func painted(_ scene: LottieScene, progress p: Double) throws -> (records: [DrawRecord], layers: Int, animations: Int) {
    let engine = Engine()
    let root = try engine.realize(scene.root)
    let anim = LottieAnimation(root: root, info: scene.info, warnings: scene.warnings)
    anim.seek(progress: p)
    engine.tick(0)
    let list = try engine.drawList(root: anim.root)
    // A plain layer that is a group only for its opacity (RS-2.2) paints nothing itself: when
    // its one sublayer carries the opacity instead, the same pixels show (the record's opacity,
    // the product down the tree, says so), so it is not compared.
    let paints = list.filter { r in
        r.shape != nil || r.gradient != nil || r.contents != nil || r.backgroundColor != nil || r.text != nil
            || (r.borderWidth > 0 && r.borderColor != nil) || (r.shadowOpacity > 0 && r.shadowColor != nil)
            || r.masksToBounds || r.maskIndex != nil || r.filters != nil || r.kind == .replicator
    }
    let nodes = scene.root.allNodes
    return (paints.flatMap(fillThenStroke), nodes.count, nodes.reduce(0) { $0 + $1.animations.count })
}

/// A shape record as what it draws: its fill, then its stroke (RS-8), each a record of its own
/// with the other's fields at their defaults, so a fill and a stroke merged into one shape layer
/// compare equal to the two layers they were.
private func fillThenStroke(_ r: DrawRecord) -> [DrawRecord] {
    guard let shape = r.shape else { return [r] }
    var fill = shape, stroke = shape
    fill.strokeColor = nil
    stroke.fillColor = nil
    var parts: [DrawShape] = []
    if shape.fillColor != nil { parts.append(fill) }
    if shape.strokeColor != nil { parts.append(stroke) }
    if parts.isEmpty { parts = [shape] }
    return parts.map { part in
        var p = part
        if p.strokeColor == nil {
            p.lineWidth = 1; p.miterLimit = 10; p.lineCap = .butt; p.lineJoin = .miter
            p.lineDashPattern = []; p.lineDashPhase = 0; p.strokeStart = 0; p.strokeEnd = 1
        }
        if p.fillColor == nil { p.fillRule = .nonZero }
        var out = r
        out.shape = p
        return out
    }
}

/// Whether two painting records draw the same thing: the same content under the same world
/// transform (to 1e-9 of the canvas) and opacity.
private func same(_ a: DrawRecord, _ b: DrawRecord) -> Bool {
    func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
    let m = [a.transform.m11, a.transform.m12, a.transform.m14, a.transform.m21, a.transform.m22, a.transform.m24,
             a.transform.m41, a.transform.m42, a.transform.m44]
    let n = [b.transform.m11, b.transform.m12, b.transform.m14, b.transform.m21, b.transform.m22, b.transform.m24,
             b.transform.m41, b.transform.m42, b.transform.m44]
    guard zip(m, n).allSatisfy({ near($0, $1) }) else { return false }
    func rect(_ r: Rect?, _ s: Rect?) -> Bool {
        guard let r, let s else { return r == nil && s == nil }
        return near(r.origin.x, s.origin.x) && near(r.origin.y, s.origin.y) && near(r.size.width, s.size.width)
            && near(r.size.height, s.size.height)
    }
    return a.kind == b.kind && a.bounds == b.bounds && near(a.opacity, b.opacity) && a.shape == b.shape && a.gradient == b.gradient
        && a.backgroundColor == b.backgroundColor && a.filters == b.filters
        && a.contents?.width == b.contents?.width && a.contents?.height == b.contents?.height
        && a.contents?.pixels == b.contents?.pixels && a.contentsDestination == b.contentsDestination
        && a.masksToBounds == b.masksToBounds && (a.maskIndex == nil) == (b.maskIndex == nil) && a.maskMode == b.maskMode
        && a.isMaskContent == b.isMaskContent && a.instanceIndex == b.instanceIndex && a.instanceColor == b.instanceColor
        && rect(a.clipRect, b.clipRect) && a.shadowColor == b.shadowColor && a.shadowOpacity == b.shadowOpacity
        && a.shadowOffset == b.shadowOffset && a.shadowRadius == b.shadowRadius
}

@Suite struct LottieFrameCostTests {
    /// Every sample at eleven progresses: the same painting records, in the same order, with
    /// and without still properties as constants and wrapper layers left out; and never more
    /// layers or animations.
    @Test func everySampleDrawsTheSameWithFewerLayersAndAnimations() throws {
        #expect(sampleNames.count == 27)
        var before = (layers: 0, animations: 0), after = (layers: 0, animations: 0)
        for name in sampleNames {
            let bytes = readFile(samplesDirectory + name)
            let general = try LottieImporter.importScene(bytes, simplify: false, still: false)
            let lean = try LottieImporter.importScene(bytes)
            #expect(general.warnings == lean.warnings, "\(name)")
            for p in [0, 0.05, 0.13, 0.25, 0.37, 0.5, 0.61, 0.75, 0.88, 0.97, 1.0] {
                let g = try painted(general, progress: p), l = try painted(lean, progress: p)
                #expect(g.records.count == l.records.count, "\(name) at \(p): \(g.records.count) vs \(l.records.count) records")
                guard g.records.count == l.records.count else { break }
                let differ = g.records.indices.first { !same(g.records[$0], l.records[$0]) } ?? -1
                #expect(differ < 0, "\(name) at \(p): record \(differ) differs")
                #expect(l.layers <= g.layers && l.animations <= g.animations, "\(name)")
                if p == 0 {
                    before.layers += g.layers; before.animations += g.animations
                    after.layers += l.layers; after.animations += l.animations
                }
            }
        }
        // Over the 27 samples, both fall by more than a tenth (so neither pass is a no-op).
        #expect(after.layers * 10 < before.layers * 9, "layers \(before.layers) → \(after.layers)")
        #expect(after.animations * 10 < before.animations * 9, "animations \(before.animations) → \(after.animations)")
    }

    /// A property's keyframes that all hold one value are a constant; so are keyframes whose
    /// value changes only outside the frames the file shows (a hold that switches after op);
    /// a hold that switches at op itself, or a segment between equal values along a curved
    /// motion path, still animates.
    @Test func stillKeyframesAreConstants() throws {
        func animations(_ ks: String, ip: Double = 0, op: Double = 100) throws -> [String] {
            try LottieScene.load(doc(ip: ip, op: op, layers: shapeLayer(ks: ks))).root.allNodes.flatMap { $0.animations.map(\.key) }
        }
        let still = #""a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"#
        let equal = #""o":{"a":1,"k":[{"t":0,"s":[60],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":50,"s":[60]}]}"#
        #expect(try animations(still + equal) == [])
        let later = #""o":{"a":1,"k":[{"t":0,"s":[60],"h":1},{"t":150,"s":[20]}]}"#
        #expect(try animations(still + later) == [])
        #expect(try animations(still + later, op: 149.5) == [])
        #expect(try animations(still + later, op: 150) == ["opacity"])
        // A jump at the range's end counts, even where the value after it is the one shown
        // (the engine's jump at a key time is subject to its rounding of time).
        let before = #""o":{"a":1,"k":[{"t":0,"s":[20],"h":1},{"t":10,"s":[60]}]}"#
        #expect(try animations(still + before, ip: 10.5) == [])
        #expect(try animations(still + before, ip: 10) == ["opacity"])
        let loop = #""a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100},"p":{"a":1,"k":[{"t":0,"s":[10,10],"to":[30,0],"ti":[0,30]},{"t":50,"s":[10,10]}]}"#
        #expect(try animations(loop) == ["position"])
        // What shows is the value: 60 % for the still opacity, at every progress.
        for p in [0, 0.3, 1.0] {
            #expect(try shapes(doc(layers: shapeLayer(ks: still + equal)), progress: p).1.map(\.opacity) == [0.6])
            #expect(try shapes(doc(layers: shapeLayer(ks: still + later)), progress: p).1.map(\.opacity) == [0.6])
        }
    }

    /// A layer visible at every shown frame gets no visibility animation; one that comes or
    /// goes within them keeps it.
    @Test func visibilityOverTheWholeAnimationIsNoAnimation() throws {
        func keys(_ ip: Double, _ op: Double) throws -> [String] {
            try LottieScene.load(doc(ip: 0, op: 100, layers: shapeLayer(ip: ip, op: op))).root.allNodes.flatMap { $0.animations.map(\.key) }
        }
        #expect(try keys(0, 100) == [])
        #expect(try keys(-20, 1000) == [])
        #expect(try keys(0, 99.5) == ["lottie.visibility"])
        #expect(try keys(0.5, 100) == ["lottie.visibility"])
    }

    /// `stillValue` against `value(at:)`: random keyframes (equal runs, holds, spatial
    /// tangents) and ranges; a still value is the value at every frame of the range.
    @Test func stillValueAgreesWithTheValueAtEveryFrame() {
        var rng = SystemRandomNumberGenerator()
        var stills = 0
        for _ in 0..<2_000 {
            let n = Int.random(in: 2...5, using: &rng)
            var keys: [LottieKeyframe] = []
            var t = Double(Int.random(in: -20...20, using: &rng))
            for _ in 0..<n {
                let v = Double(Int.random(in: 0...2, using: &rng))
                var k = LottieKeyframe(t: t, s: [v, 1])
                k.hold = Int.random(in: 0...3, using: &rng) == 0
                if Int.random(in: 0...5, using: &rng) == 0 { k.to = [5, 0]; k.ti = [0, 5] }
                keys.append(k)
                t += Double(Int.random(in: 0...15, using: &rng))
            }
            let prop = LottieProp(keys: keys)
            let lo = Double(Int.random(in: -30...40, using: &rng)) + [0, 0.5][Int.random(in: 0...1, using: &rng)]
            let hi = lo + Double(Int.random(in: 0...30, using: &rng))
            guard let v = prop.stillValue(from: lo, to: hi) else { continue }
            stills += 1
            for k in 0...200 {
                let f = lo + (hi - lo) * Double(k) / 200
                #expect(prop.value(at: f) == v, "\(keys.map { ($0.t, $0.s[0], $0.hold) }) over \(lo)…\(hi) at \(f)")
            }
            for key in keys where key.t >= lo && key.t <= hi { #expect(prop.value(at: key.t) == v) }
        }
        #expect(stills > 100)
    }

    /// Wrapper layers: an identity layer between a layer and its only sublayer goes, and a
    /// translating one moves its sublayer instead; what is left carries something.
    @Test func wrappersThatOnlyTranslateAreLeftOut() throws {
        let bytes = doc(layers: shapeLayer(ks: #""a":{"a":0,"k":[5,5]},"p":{"a":0,"k":[40,30]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#))
        let general = try LottieImporter.importScene(bytes, simplify: false, still: false)
        let lean = try LottieImporter.importScene(bytes)
        // root → shape: the frame space, slot, transform and content layers all go.
        #expect(general.root.allNodes.count == 6)
        #expect(lean.root.allNodes.count == 2)
        let shape = lean.root.sublayers.first
        #expect(shape?.kind == .shape)
        #expect(shape?.values.contains { $0.key == "name" && $0.value == .string("L1") } == true)
        if case .point(let p)? = shape?.values.last(where: { $0.key == "position" })?.value {
            #expect(p == Point(x: 35, y: 25))
        } else {
            Issue.record("the shape has no position")
        }
        let g = try painted(general, progress: 0.5).records, l = try painted(lean, progress: 0.5).records
        #expect(g.count == 2 && l.count == 2 && zip(g, l).allSatisfy { same($0, $1) })  // the root and the shape
        // A scaled layer keeps the layer that scales (a stroke's width scales with it).
        let scaled = try LottieScene.load(doc(layers: shapeLayer(ks: #""p":{"a":0,"k":[40,30]},"s":{"a":0,"k":[200,50]}"#)))
        #expect(scaled.root.allNodes.contains { n in n.values.contains { $0.key == "transform" } })
    }

    /// A still scale (non-uniform) moves onto the shape layer as its transform, not into the
    /// path's points (a stroke's width must scale with it), and the shape's position maps
    /// through it: position + (p − anchor)·M.
    @Test func aStillMatrixBecomesTheSublayersTransform() throws {
        let stroke = #"{"ty":4,"ind":1,"nm":"S","ip":0,"op":1000,"st":0,"ks":{"a":{"a":0,"k":[5,5]},"p":{"a":0,"k":[40,30]},"s":{"a":0,"k":[200,50]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}}]}"#
        let bytes = doc(layers: stroke)
        let general = try LottieImporter.importScene(bytes, simplify: false, still: false)
        let lean = try LottieImporter.importScene(bytes)
        #expect(lean.root.allNodes.count == 2)
        let shape = try #require(lean.root.sublayers.first)
        #expect(shape.kind == .shape)
        #expect(shape.values.last { $0.key == "transform" }?.value == .transform(Transform3D(scaleX: 2, y: 0.5, z: 1)))
        #expect(shape.values.last { $0.key == "position" }?.value == .point(Point(x: 30, y: 27.5)))
        #expect(shape.values.last { $0.key == "lineWidth" }?.value == .number(4))
        let g = try painted(general, progress: 0.3).records, l = try painted(lean, progress: 0.3).records
        #expect(g.count == l.count && zip(g, l).allSatisfy { same($0, $1) })
        // A group turned by 30° inside it: the shape's transform is the group's turn, then the
        // layer's scale (its own first), still one layer under the root.
        let group = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{"a":{"a":0,"k":[5,5]},"p":{"a":0,"k":[40,30]},"s":{"a":0,"k":[200,50]}},"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4}},{"ty":"tr","p":{"a":0,"k":[10,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":30},"o":{"a":0,"k":100}}]}]}"#
        let g2 = try LottieImporter.importScene(doc(layers: group), simplify: false, still: false)
        let l2 = try LottieImporter.importScene(doc(layers: group))
        #expect(l2.root.allNodes.count == 2)
        let turn = Transform3D(rotationAngle: 30 * .pi / 180, x: 0, y: 0, z: 1)
        #expect(l2.root.sublayers.first?.values.last { $0.key == "transform" }?.value
            == .transform(turn.concatenating(Transform3D(scaleX: 2, y: 0.5, z: 1))))
        for p in [0.0, 0.5] {
            let a = try painted(g2, progress: p).records, b = try painted(l2, progress: p).records
            #expect(a.count == b.count && zip(a, b).allSatisfy { same($0, $1) })
        }
    }

    /// A Lottie layer that comes and goes (in and out points inside the file's frames) and
    /// fades: its visibility and opacity animations move down to the one layer that draws,
    /// when it shows at least half the time; else the visibility stays above the animated
    /// layer, whose animations the draw list then skips while it is hidden.
    @Test func visibilityAndOpacityMoveToTheOneLayerThatDraws() throws {
        let brief = try LottieImporter.importScene(doc(layers: shapeLayer(ks: opacityRamp(0, 100), ip: 10, op: 50)))
        #expect(brief.root.allNodes.count == 3)
        #expect(brief.root.sublayers.first?.animations.map(\.key) == ["lottie.visibility"])
        #expect(brief.root.sublayers.first?.sublayers.first?.animations.map(\.key) == ["opacity"])
        let bytes = doc(layers: shapeLayer(ks: opacityRamp(0, 100), ip: 10, op: 60))
        let general = try LottieImporter.importScene(bytes, simplify: false, still: false)
        let lean = try LottieImporter.importScene(bytes)
        #expect(lean.root.allNodes.count == 2)
        let shape = try #require(lean.root.sublayers.first)
        #expect(Set(shape.animations.map(\.key)) == ["opacity", "lottie.visibility"])
        #expect(shape.values.contains { $0.key == "name" && $0.value == .string("L1") })
        for p in [0.05, 0.1, 0.3, 0.59, 0.6, 0.7] {
            let g = try painted(general, progress: p).records, l = try painted(lean, progress: p).records
            #expect(g.count == l.count && zip(g, l).allSatisfy { same($0, $1) }, "at \(p)")
        }
        // Shown from frame 10 to 60 with the opacity ramp's value.
        let (_, at30) = try shapes(bytes, progress: 0.3)
        #expect(at30.count == 1 && abs((at30.first?.opacity ?? 0) - 0.3) < 1e-9)
        #expect(try shapes(bytes, progress: 0.7).1.isEmpty)
    }

    /// Many sibling layers: each Lottie layer becomes its one shape layer under the root, in
    /// order (the pass is linear in the sublayers: a stack, not an array edited in place).
    @Test func manySiblingsEachBecomeOneLayer() throws {
        let n = 2_000
        let layers = (1...n).map { shapeLayer(ind: $0) }.joined(separator: ",")
        let scene = try LottieScene.load(doc(layers: layers))
        #expect(scene.root.sublayers.count == n)
        #expect(scene.root.sublayers.allSatisfy { $0.kind == .shape && $0.sublayers.isEmpty })
        // Bottom first: the last Lottie layer (L2000) is drawn first.
        #expect(scene.root.sublayers.first?.values.contains { $0.key == "name" && $0.value == .string("L\(n)") } == true)
    }
}
