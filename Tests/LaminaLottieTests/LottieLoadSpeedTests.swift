// SPDX-License-Identifier: Apache-2.0
// What the importer leaves out or says more compactly to load fast (issue 28's load target,
// docs/lottie.md#unseen): layers never on screen get no layers, and what they would show is
// unchanged.

import Lamina
@testable import LaminaLottie
import Testing

/// The names of the scene's nodes (each Lottie layer's slot carries its `nm`).
private func names(_ bytes: [UInt8]) throws -> Set<String> {
    let scene = try LottieScene.load(bytes)
    var out: Set<String> = []
    for n in scene.root.allNodes {
        for (k, v) in n.values where k == "name" { if case .string(let s) = v { out.insert(s) } }
    }
    return out
}

/// The shape records' opacities at progress `p` (what a host draws).
private func shown(_ bytes: [UInt8], _ p: Double) throws -> [Double] {
    try shapes(bytes, progress: p).1.map(\.opacity)
}

/// A precomposition asset "comp" holding `layers`.
private func comp(_ layers: String) -> String { #"[{"id":"comp","layers":[\#(layers)]}]"# }

/// A precomposition layer showing "comp" over frames ip…op, starting at `st`, stretched by `sr`.
private func precompLayer(ip: Double = 0, op: Double = 1000, st: Double = 0, sr: Double = 1, extra: String = "") -> String {
    #"{"ty":0,"ind":9,"nm":"pre","refId":"comp","w":100,"h":100,"ip":\#(ip),"op":\#(op),"st":\#(st),"sr":\#(sr),\#(extra)"ks":{}}"#
}

@Suite struct LottieLoadSpeedTests {
    @Test func layersOutsideTheAnimationsFramesAreNotBuilt() throws {
        // The file shows frames 0…100: a layer living at frames 200…300 never shows.
        let late = shapeLayer(ind: 2, ip: 200, op: 300)
        let bytes = doc(ip: 0, op: 100, layers: shapeLayer(ind: 1) + "," + late)
        #expect(try names(bytes) == ["L1"])
        // The same layer at frames 50…60 is built and shows there.
        let visible = doc(ip: 0, op: 100, layers: shapeLayer(ind: 1) + "," + shapeLayer(ind: 2, ip: 50, op: 60))
        #expect(try names(visible) == ["L1", "L2"])
        #expect(try shown(visible, 0.55).count == 2)
        #expect(try shown(visible, 0.65).count == 1)
        // Before the in frame too.
        let early = doc(ip: 50, op: 100, layers: shapeLayer(ind: 1) + "," + shapeLayer(ind: 2, ip: 0, op: 40))
        #expect(try names(early) == ["L1"])
    }

    @Test func aPrecompositionsLayersAreKeptByItsOwnTime() throws {
        // The precomposition runs at half speed from frame 20 (st 20, sr 2): the file's frames
        // 0…100 are its frames −10…40. Its layer at its frames 30…35 shows (file frames 80…90);
        // one at 60…70 never does.
        let inner = shapeLayer(ind: 1, ip: 30, op: 35) + "," + shapeLayer(ind: 2, ip: 60, op: 70)
        let bytes = doc(ip: 0, op: 100, layers: precompLayer(st: 20, sr: 2), assets: comp(inner))
        #expect(try names(bytes) == ["pre", "L1"])
        #expect(try shown(bytes, 0.85).count == 1)
        #expect(try shown(bytes, 0.75).isEmpty)
        // The precomposition layer's own out point narrows its window: shown at file frames
        // 0…50 only, i.e. its frames −10…15, so a layer at its frames 30…35 is left out.
        let cut = doc(ip: 0, op: 100, layers: precompLayer(op: 50, st: 20, sr: 2), assets: comp(inner))
        #expect(try names(cut) == ["pre"])
        // A precomposition never on screen is not built at all.
        let never = doc(ip: 0, op: 100, layers: precompLayer(ip: 150, op: 200), assets: comp(inner))
        #expect(try names(never).isEmpty)
    }

    @Test func aTimeRemappedPrecompositionKeepsEveryLayer() throws {
        // A time remap can show any of the precomposition's frames: nothing is left out.
        let tm = #""tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":100,"s":[1]}]},"#
        let inner = shapeLayer(ind: 1, ip: 0, op: 5) + "," + shapeLayer(ind: 2, ip: 500, op: 600)
        let bytes = doc(ip: 0, op: 100, layers: precompLayer(extra: tm), assets: comp(inner))
        #expect(try names(bytes) == ["pre", "L1", "L2"])
    }

    @Test func aMatteSourceIsBuiltWithItsLayer() throws {
        // The matte source (td 1) lives only at frames 200…300, outside the file's frames; the
        // layer it mattes still gets it as its mask, as before: an alpha matte that never
        // shows hides the layer at every frame.
        let matte = #"{"ty":4,"ind":1,"nm":"matte","td":1,"ip":200,"op":300,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]}"#
        let masked = shapeLayer(ind: 2, extra: #""tt":1"#)
        let bytes = doc(ip: 0, op: 100, layers: matte + "," + masked)
        #expect(try names(bytes) == ["matte", "L2"])
    }

    @Test func aFixedSkewAlongATurningAxisIsExactWithoutSampling() throws {
        // Skew 20° along an axis turning 0° → 90° over frames 0…100 (linear): R(a)·Sh·R(−a) with
        // exact rotateZ keyframes, so between whole frames (37.5: axis 33.75°) the matrix is the
        // skew itself, not a line between two frames' matrices.
        let ks = #""a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100},"sk":{"a":0,"k":20},"sa":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[90]}]}"#
        let bytes = doc(layers: shapeLayer(ks: ks))
        for (p, axis) in [(0.375, 33.75), (0.0, 0.0), (1.0, 90.0), (0.618, 55.62)] {
            let (_, r) = try shapes(bytes, progress: p)
            let expected = LottieImporter.skewMatrix(20, axis: axis)
            for point in [Point(x: 10, y: 20), Point(x: 30, y: -5)] {
                let got = point.applying(r[0].transform), want = point.applying(expected)
                #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9, "p = \(p): \(got) vs \(want)")
            }
        }
        // No animation holds more than its two keyframes (a sampled one holds one per frame).
        let scene = try LottieScene.load(bytes)
        let counts = scene.root.allNodes.flatMap(\.animations).compactMap { a -> Int? in
            if case .keyframe(let spec, _, _) = a.animation.kind { return spec.values.count }
            return nil
        }
        #expect(counts.count == 2 && counts.allSatisfy { $0 <= 2 }, "the two turns: \(counts)")
    }

    /// A square trimmed by `trim` (a `tm` item) and stroked, as one shape layer.
    private func trimmed(_ trim: String) -> [UInt8] {
        let items = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},\#(trim),{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1}"#
        return doc(layers: #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(items)]}"#)
    }

    /// The presentation strokeStart and strokeEnd of the scene's stroked layer at progress `p`,
    /// and the keyframe counts of their animations.
    private func trimEnds(_ bytes: [UInt8], progress p: Double) throws -> (start: Double, end: Double, keys: [Int]) {
        let engine = Engine()
        let anim = try engine.loadLottie(data: bytes)
        anim.seek(progress: p)
        engine.tick(0)
        var work = [anim.root]
        while let l = work.popLast() {
            if let e = try l.presentation()?.strokeEnd, let s = try l.presentation()?.strokeStart {
                let keys = ["strokeStart", "strokeEnd"].compactMap { k -> Int? in
                    guard let a = l.animation(forKey: k), case .keyframe(let spec, _, _) = a.kind else { return nil }
                    return spec.values.count
                }
                return (s, e, keys)
            }
            work += l.sublayers
        }
        throw LottieError("$", "no shape layer")
    }

    @Test func aTrimWhoseStartStaysBelowItsEndIsExactKeyframes() throws {
        // Start 47 → 29 → 9 and end 48 → 30 → 10 (the old format's `e`), frames 44, 56, 78, the
        // same easing: start never passes end, so each is its own keyframes (3 keys and the
        // old format's segment ends), exact between whole frames.
        let ease = #""o":{"x":[0.167],"y":[0.167]},"i":{"x":[0.833],"y":[0.833]}"#
        func prop(_ a: Double, _ b: Double, _ c: Double) -> String {
            #"{"a":1,"k":[{"t":44,"s":[\#(a)],"e":[\#(b)],\#(ease)},{"t":56,"s":[\#(b)],"e":[\#(c)],\#(ease)},{"t":78}]}"#
        }
        let bytes = trimmed(#"{"ty":"tm","s":\#(prop(47, 29, 9)),"e":\#(prop(48, 30, 10)),"o":{"a":0,"k":0},"m":1}"#)
        let y = TimingFunction(controlPoints: 0.167, 0.167, 0.833, 0.833).progress(at: (50.5 - 44) / 12)
        let r = try trimEnds(bytes, progress: 0.505)
        #expect(abs(r.start - (47 + (29 - 47) * y) / 100) < 1e-9, "\(r)")
        #expect(abs(r.end - (48 + (30 - 48) * y) / 100) < 1e-9, "\(r)")
        #expect(r.keys.count == 2 && r.keys.allSatisfy { $0 <= 4 }, "no per-frame samples: \(r.keys)")
    }

    @Test func aTrimWhoseEndsCrossIsStillSampled() throws {
        // Start 0 → 100 while end goes 50 → 60: they cross near frame 55, where start and end
        // swap (strokeStart is the smaller), so the pair is sampled at every frame, as before.
        let linear = #""o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}"#
        let bytes = trimmed(#"{"ty":"tm","s":{"a":1,"k":[{"t":0,"s":[0],\#(linear)},{"t":100,"s":[100]}]},"e":{"a":1,"k":[{"t":0,"s":[50],\#(linear)},{"t":100,"s":[60]}]},"o":{"a":0,"k":0},"m":1}"#)
        let r = try trimEnds(bytes, progress: 0.8)
        #expect(abs(r.start - 0.58) < 1e-9 && abs(r.end - 0.8) < 1e-9, "\(r)")
        #expect(r.keys.allSatisfy { $0 > 50 }, "\(r.keys)")
    }
}

@Suite struct LottieEllipseStartTests {
    /// The path of the one shape layer drawn for an ellipse item with direction `d`.
    private func ellipsePath(d: Int) throws -> Path {
        let items = #"{"ty":"el","d":\#(d),"p":{"a":0,"k":[50,40]},"s":{"a":0,"k":[40,20]}},{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1}"#
        let bytes = doc(layers: #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(items)]}"#)
        let r = try shapes(bytes, progress: 0).1
        return try #require(r.first?.shape?.path)
    }

    @Test func anEllipseStartsAtTheTopAndTurnsClockwise() throws {
        // Lottie's ellipse begins at the top (where a trim counts from), then the right, the
        // bottom and the left (y down: clockwise); d 3 turns the other way from the same top.
        func ends(_ p: Path) -> [Point] {
            p.elements.compactMap { e -> Point? in
                switch e {
                case .move(let q): return q
                case .cubicCurve(_, _, let q): return q
                default: return nil
                }
            }
        }
        let top = Point(x: 50, y: 30), right = Point(x: 70, y: 40), bottom = Point(x: 50, y: 50), left = Point(x: 30, y: 40)
        #expect(ends(try ellipsePath(d: 1)) == [top, right, bottom, left, top])
        #expect(ends(try ellipsePath(d: 3)) == [top, left, bottom, right, top])
    }
}

@Suite struct LottieSeparatePositionTests {
    @Test func separateXAndYEachKeepTheirOwnEasing() throws {
        // x 0 → 60 over frames 0…100 eased in, y 0 → 40 over frames 20…60 eased out: two
        // component animations, each exact between whole frames.
        let ex = #""o":{"x":[0.6],"y":[0]},"i":{"x":[1],"y":[1]}"#, ey = #""o":{"x":[0],"y":[0]},"i":{"x":[0.2],"y":[1]}"#
        let p = #""p":{"s":true,"x":{"a":1,"k":[{"t":0,"s":[0],\#(ex)},{"t":100,"s":[60]}]},"y":{"a":1,"k":[{"t":20,"s":[0],\#(ey)},{"t":60,"s":[40]}]}}"#
        let ks = #""a":{"a":0,"k":[0,0]},\#(p),"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#
        let bytes = doc(layers: shapeLayer(ks: ks))
        for f in [0.0, 10.5, 33.3, 59.5, 75.25, 100.0] {
            let (_, r) = try shapes(bytes, progress: f / 100)
            let x = 60 * TimingFunction(controlPoints: 0.6, 0, 1, 1).progress(at: f / 100)
            let y = 40 * TimingFunction(controlPoints: 0, 0, 0.2, 1).progress(at: min(max((f - 20) / 40, 0), 1))
            let corner = Point(x: 10, y: 10).applying(r[0].transform)
            #expect(abs(corner.x - (10 + x)) < 1e-6 && abs(corner.y - (10 + y)) < 1e-6, "frame \(f): \(corner) vs \(x), \(y)")
        }
        let scene = try LottieScene.load(bytes)
        let keys = scene.root.allNodes.flatMap(\.animations).map(\.key)
        #expect(keys.contains("position.x") && keys.contains("position.y") && !keys.contains("position"), "\(keys)")
    }
}

@Suite struct LottiePathReadingTests {
    /// The error of loading a shape layer whose one path item has `shape` as its `ks.k`.
    private func pathError(_ shape: String) -> LottieError? {
        let items = #"{"ty":"sh","ks":{"a":0,"k":\#(shape)}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let bytes = doc(layers: #"{"ty":4,"ind":1,"ip":0,"op":1000,"st":0,"ks":{},"shapes":[\#(items)]}"#)
        do {
            _ = try Engine().loadLottie(data: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func pathsReadInPlaceStillNameWhatIsWrong() throws {
        // Read two numbers at a time, every number of a point is still checked, with its path.
        let bad = pathError(#"{"c":true,"v":[[0,0],[10,"x"],[0,10]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}"#)
        #expect(bad?.path.hasSuffix(".ks.k.v[1][1]") == true, "\(String(describing: bad))")
        let third = pathError(#"{"c":true,"v":[[0,0],[10,0,null],[0,10]]}"#)
        #expect(third?.path.hasSuffix(".ks.k.v[1][2]") == true, "\(String(describing: third))")
        let notArray = pathError(#"{"c":true,"v":[[0,0],[10,0],[0,10]],"i":5}"#)
        #expect(notArray?.path.hasSuffix(".ks.k.i") == true && notArray?.message.contains("array") == true,
                "\(String(describing: notArray))")
        // Missing tangents are 0, a point given as one number is (x, 0), as before.
        #expect(pathError(#"{"c":true,"v":[[0,0],[10,0],[0,10]]}"#) == nil)
        #expect(pathError(#"{"c":false,"v":[[0,0],5,[0,10]],"o":[[1,1]]}"#) == nil)
    }
}

@Suite struct LottieScaleEasingTests {
    @Test func aScaleEasedPerDimensionIsTwoExactComponents() throws {
        // Scale 100 % → 200 % (x) and 100 % → 50 % (y) over frames 0…100, x eased in, y eased
        // out: the x and y scales on two layers, each exact between whole frames.
        let ease = #""o":{"x":[0.6,0],"y":[0,0]},"i":{"x":[1,0.2],"y":[1,1]}"#
        let s = #""s":{"a":1,"k":[{"t":0,"s":[100,100,100],\#(ease)},{"t":100,"s":[200,50,100]}]}"#
        let ks = #""a":{"a":0,"k":[20,20]},"p":{"a":0,"k":[50,50]},\#(s),"r":{"a":0,"k":0},"o":{"a":0,"k":100}"#
        let bytes = doc(layers: shapeLayer(ks: ks))
        for f in [0.0, 12.5, 40.4, 77.7, 100.0] {
            let (_, r) = try shapes(bytes, progress: f / 100)
            let sx = 1 + TimingFunction(controlPoints: 0.6, 0, 1, 1).progress(at: f / 100)
            let sy = 1 - 0.5 * TimingFunction(controlPoints: 0, 0, 0.2, 1).progress(at: f / 100)
            // The rectangle's corner (10, 10) is (−10, −10) from the anchor (20, 20).
            let corner = Point(x: 10, y: 10).applying(r[0].transform)
            #expect(abs(corner.x - (50 - 10 * sx)) < 1e-6 && abs(corner.y - (50 - 10 * sy)) < 1e-6,
                    "frame \(f): \(corner) vs \(sx), \(sy)")
        }
        let counts = try LottieScene.load(bytes).root.allNodes.flatMap(\.animations).compactMap { a -> Int? in
            if case .keyframe(let spec, _, _) = a.animation.kind { return spec.values.count }
            return nil
        }
        #expect(counts == [2, 2], "two components of two keyframes each: \(counts)")
    }
}
