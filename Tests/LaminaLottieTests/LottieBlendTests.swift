// SPDX-License-Identifier: Apache-2.0
// Blend modes and the Gaussian Blur effect (issue 28 item 2; docs/lottie.md#support): a Lottie
// layer's `bm` is its slot's compositingFilter (R19.3), the Gaussian Blur effect (`ty` 29) a
// `gaussianBlur` filter named "blur" (R19.1) with σ = 0.3 × blurriness.

import Lamina
@testable import LaminaLottie
import Testing

/// A Gaussian Blur effect: blurriness `v` (a property's JSON), dimensions, repeat edge pixels.
func blurEffect(_ v: String, dimensions: Int = 1, repeatEdges: Int = 0) -> String {
    #""ef":[{"ty":29,"nm":"Gaussian Blur","en":1,"ef":[{"ty":0,"nm":"Blurriness","v":\#(v)},{"ty":7,"nm":"Blur Dimensions","v":{"a":0,"k":\#(dimensions)}},{"ty":7,"nm":"Repeat Edge Pixels","v":{"a":0,"k":\#(repeatEdges)}}]}]"#
}

/// The draw list at progress `p`, with the engine and the animation.
func drawList(_ bytes: [UInt8], progress p: Double = 0) throws -> (LottieAnimation, [DrawRecord]) {
    let engine = Engine()
    let anim = try engine.loadLottie(data: bytes)
    anim.seek(progress: p)
    engine.tick(0)
    return (anim, try engine.drawList(root: anim.root))
}

@Suite struct LottieBlendTests {
    @Test func multiplyLayerBlendsAsOneGroup() throws {
        let (anim, records) = try drawList(doc(layers: shapeLayer(extra: #""bm":1"#)))
        #expect(anim.warnings.isEmpty)
        let blended = records.indices.filter { records[$0].filters?.blendMode == .multiply }
        #expect(blended.count == 1)
        guard let b = blended.first else { return }
        // The slot: root (0) → slot (1), holding the layer's shape (the frame space of a file
        // starting at frame 0 is the identity, no layer: docs/lottie.md#wrappers).
        #expect(records[b].depth == 1)
        #expect(records[b].isGroup)
        let shape = records.indices.first { records[$0].shape != nil }
        #expect(shape.map { $0 > b && $0 <= b + records[b].descendantCount } == true)
    }

    @Test func blendModeIsTheSlotsCompositingFilter() throws {
        let scene = try LottieScene.load(doc(layers: shapeLayer(extra: #""bm":1"#)))
        let blended = scene.root.allNodes.filter { n in n.values.contains { $0.key == "compositingFilter" } }
        #expect(blended.count == 1)
        let slot = blended.first
        #expect(slot?.values.first { $0.key == "compositingFilter" }?.value == .string("multiplyBlendMode"))
        #expect(slot?.values.contains { $0.key == "name" && $0.value == .string("L1") } == true)
    }

    @Test func everyMappedBlendModeHasItsName() throws {
        let expected: [Int: BlendMode] = [
            1: .multiply, 2: .screen, 3: .overlay, 4: .darken, 5: .lighten, 6: .colorDodge,
            7: .colorBurn, 8: .hardLight, 9: .softLight, 10: .difference, 11: .exclusion, 12: .hue,
            13: .saturation, 14: .color, 15: .luminosity,
        ]
        for (bm, mode) in expected {
            let (anim, records) = try drawList(doc(layers: shapeLayer(extra: #""bm":\#(bm)"#)))
            #expect(anim.warnings.isEmpty, "bm \(bm)")
            #expect(records.filter { $0.filters?.blendMode == mode }.count == 1, "bm \(bm)")
        }
    }

    @Test func addAndHardMixStillWarn() throws {
        for bm in [16, 17] {
            let (anim, records) = try drawList(doc(layers: shapeLayer(extra: #""bm":\#(bm)"#)))
            #expect(anim.warnings == ["blend mode \(bm) drawn as normal"])
            #expect(records.allSatisfy { ($0.filters?.blendMode ?? .normal) == .normal })
        }
    }

    @Test func blendAppliesAfterTheTrackMatte() throws {
        let layers = shapeLayer(ind: 1, extra: #""td":1"#) + "," + shapeLayer(ind: 2, extra: #""tt":1,"bm":2"#)
        let (anim, records) = try drawList(doc(layers: layers))
        #expect(anim.warnings.isEmpty)
        let blended = records.filter { $0.filters?.blendMode == .screen }
        #expect(blended.count == 1)
        // The record that blends is the one the matte masks: matte, then blend.
        #expect(blended.first?.maskIndex != nil)
    }

    @Test func matteSourceBlendModeIsIgnored() throws {
        let layers = shapeLayer(ind: 1, extra: #""td":1,"bm":1"#) + "," + shapeLayer(ind: 2, extra: #""tt":1"#)
        let scene = try LottieScene.load(doc(layers: layers))
        #expect(!scene.root.allNodes.contains { n in n.values.contains { $0.key == "compositingFilter" } })
    }

    @Test func gaussianBlurIsABlurFilter() throws {
        let (anim, records) = try drawList(doc(layers: shapeLayer(extra: blurEffect(#"{"a":0,"k":20}"#))))
        #expect(anim.warnings.isEmpty)
        let blurred = records.filter { !($0.filters?.filters.isEmpty ?? true) }
        #expect(blurred.count == 1)
        let f = blurred.first?.filters?.filters.first
        #expect(f?.type == .gaussianBlur)
        // σ = 0.3 × blurriness (lottie-web, Skottie, ThorVG), the layer at scale 1.
        #expect(f.map { abs($0.parameters[0] - 6) < 1e-12 && abs($0.sigma - 6) < 1e-12 } == true)
        #expect(blurred.first?.shape == nil, "on the layer's content, around the shapes")
    }

    @Test func blurScalesWithTheLayer() throws {
        let ks = #""a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[200,200]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#
        let (_, records) = try drawList(doc(layers: shapeLayer(ks: ks, extra: blurEffect(#"{"a":0,"k":10}"#))))
        let f = records.compactMap { $0.filters?.filters.first }.first
        // Effects come before the layer's transform: a layer at 200 % doubles the blur.
        #expect(f.map { abs($0.sigma - 6) < 1e-9 } == true)
    }

    @Test func animatedBlurrinessAnimatesTheInputRadius() throws {
        let v = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[40]}]}"#
        let bytes = doc(layers: shapeLayer(extra: blurEffect(v)))
        let scene = try LottieScene.load(bytes)
        let node = scene.root.allNodes.first { n in n.animations.contains { $0.key == "filters.blur.inputRadius" } }
        #expect(node?.animations.first { $0.key == "filters.blur.inputRadius" }?.animation.keyPath == "filters.blur.inputRadius")
        for (p, sigma) in [(0.0, 0.0), (0.5, 6.0), (0.75, 9.0)] {
            let (anim, records) = try drawList(bytes, progress: p)
            #expect(anim.warnings.isEmpty)
            let f = records.compactMap { $0.filters?.filters.first }.first
            #expect(f.map { abs($0.sigma - sigma) < 1e-9 } == true, "progress \(p): \(String(describing: f?.sigma))")
        }
    }

    @Test func blurOfAMaskedLayerComesAfterTheMask() throws {
        let mask = #""masksProperties":[{"mode":"a","inv":false,"o":{"a":0,"k":100},"pt":{"a":0,"k":{"c":true,"v":[[0,0],[50,0],[50,50],[0,50]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}]"#
        let (anim, records) = try drawList(doc(layers: shapeLayer(extra: mask + "," + blurEffect(#"{"a":0,"k":10}"#))))
        #expect(anim.warnings.isEmpty)
        let b = records.indices.first { records[$0].filters?.filters.isEmpty == false }
        let masked = records.indices.first { records[$0].maskIndex != nil }
        #expect(b != nil && masked != nil)
        if let b, let masked {
            #expect(records[b].maskIndex == nil, "the blur is not clipped by the layer's masks")
            #expect(masked > b && masked <= b + records[b].descendantCount, "the masked layer is inside the blurred one")
        }
    }

    @Test func directionalBlurAndRepeatedEdgesWarn() throws {
        let (a, r) = try drawList(doc(layers: shapeLayer(extra: blurEffect(#"{"a":0,"k":10}"#, dimensions: 2))))
        #expect(a.warnings == ["Gaussian blur in one dimension drawn in both"])
        #expect(r.contains { $0.filters?.filters.first?.type == .gaussianBlur })
        let (b, _) = try drawList(doc(layers: shapeLayer(extra: blurEffect(#"{"a":0,"k":10}"#, repeatEdges: 1))))
        #expect(b.warnings == ["Gaussian blur's repeat edge pixels not supported"])
    }

    @Test func otherEffectsStillWarn() throws {
        let ef = #""ef":[{"ty":20,"nm":"Tint","en":1,"ef":[]}]"#
        let (anim, _) = try drawList(doc(layers: shapeLayer(extra: ef)))
        #expect(anim.warnings == ["effect 'Tint' not supported"])
    }
}

@Suite struct LottieBlendPrecompTests {
    @Test func aPrecompositionWithBlendModesIsItsOwnBackdrop() throws {
        let asset = #"[{"id":"comp","layers":[\#(shapeLayer(extra: #""bm":1"#))]}]"#
        let pre = #"{"ty":0,"ind":1,"refId":"comp","w":100,"h":100,"ip":0,"op":1000,"st":0,"ks":{}}"#
        let (anim, records) = try drawList(doc(layers: pre, assets: asset))
        #expect(anim.warnings.isEmpty)
        let b = records.indices.first { records[$0].filters?.blendMode == .multiply }
        let group = records.indices.first { records[$0].filters?.filters.first?.type == .alpha }
        #expect(b != nil && group != nil)
        if let b, let group {
            #expect(records[group].isGroup)
            #expect(b > group && b <= group + records[group].descendantCount)
            #expect(records[b].groupIndex == group, "the multiply layer blends inside the precomposition's target")
        }
    }

    @Test func aPrecompositionWithoutBlendModesIsNoGroup() throws {
        let asset = #"[{"id":"comp","layers":[\#(shapeLayer())]}]"#
        let pre = #"{"ty":0,"ind":1,"refId":"comp","w":100,"h":100,"ip":0,"op":1000,"st":0,"ks":{}}"#
        let (_, records) = try drawList(doc(layers: pre, assets: asset))
        #expect(records.allSatisfy { $0.filters == nil })
    }
}

@Suite struct LottieShapeBlendTests {
    @Test func aShapeItemsBlendModeWarns() throws {
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[20,20]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},{"ty":"fl","bm":1,"c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let (anim, records) = try drawList(doc(layers: layer))
        #expect(anim.warnings == ["shape item blend mode 1 drawn as normal"])
        #expect(records.allSatisfy { $0.filters == nil })
    }
}
