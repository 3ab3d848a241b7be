// SPDX-License-Identifier: Apache-2.0
// Layer content and the renderer-facing model in Swift (issue 10, R14): images, the contents
// properties, gravity, cross-fade, masks, paths, group opacity, geometryFlipped, transitions'
// before records, and damage. RS-x.y items are cited per test.

import Testing

@testable import Lamina

private func committed(_ engine: Engine, _ w: Double = 100, _ h: Double = 100) throws -> Layer {
    let r = geoLayer(engine, geoRect(0, 0, w, h), geoPoint(w / 2, h / 2))
    engine.tick(0)
    return r
}

@Suite("Images and the contents properties (RS-4)")
struct ContentsPropertyTests {
    @Test("RS-4.1: RGBA8 is copied and premultiplied when straight; external images keep handle and size")
    func images() throws {
        let img = try Image(width: 1, height: 2, rgba: [255, 255, 255, 51, 1, 2, 3, 255], premultiplied: false)
        #expect(img.pixels == [51, 51, 51, 51, 1, 2, 3, 255])
        let pre = try Image(width: 1, height: 1, rgba: [9, 9, 9, 10], premultiplied: true)
        #expect(pre.pixels == [9, 9, 9, 10])
        let ext = try Image(externalHandle: 7, width: 640, height: 480)
        #expect(ext.isExternal && ext.externalHandle == 7 && ext.pixels.isEmpty)
        #expect(img.id != pre.id && pre.id != ext.id)
        #expect(laminaErrorCode { _ = try Image(width: 0, height: 1, rgba: [UInt8](), premultiplied: true) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try Image(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 15), premultiplied: true) } == .invalidArgument)
        #expect(laminaErrorCode { _ = try Image(externalHandle: 1, width: 1 << 16, height: 1) } == .invalidArgument)
    }

    @Test("RS-4.3: the measured gravity table, B = 80×60, S = 20×10, for all 12 gravities")
    func gravityTable() {
        let b = geoRect(0, 0, 80, 60), s = Size(width: 20, height: 10)
        let expected: [ContentsGravity: Rect] = [
            .resize: geoRect(0, 0, 80, 60), .resizeAspect: geoRect(0, 10, 80, 40),
            .resizeAspectFill: geoRect(-20, 0, 120, 60), .center: geoRect(30, 25, 20, 10),
            .top: geoRect(30, 50, 20, 10), .bottom: geoRect(30, 0, 20, 10), .left: geoRect(0, 25, 20, 10),
            .right: geoRect(60, 25, 20, 10), .topLeft: geoRect(0, 50, 20, 10), .topRight: geoRect(60, 50, 20, 10),
            .bottomLeft: geoRect(0, 0, 20, 10), .bottomRight: geoRect(60, 0, 20, 10),
        ]
        #expect(expected.count == ContentsGravity.allCases.count)
        for g in ContentsGravity.allCases {
            #expect(g.destination(contentSize: s, in: b) == expected[g], "\(g)")
        }
    }

    @Test("Typed and key-value APIs reach the same properties; unknown names are rejected")
    func typedAndKeyValue() throws {
        let engine = Engine()
        let l = engine.makeLayer()
        let img = try Image(width: 1, height: 1, rgba: [0, 0, 0, 255], premultiplied: true)
        l.contents = img
        #expect(try l.value(forKeyPath: "contents") == .image(img))
        try l.setValue(.string("resizeAspect"), forKeyPath: "contentsGravity")
        #expect(l.contentsGravity == .resizeAspect)
        l.minificationFilter = .trilinear
        #expect(try l.value(forKeyPath: "minificationFilter") == .string("trilinear"))
        l.magnificationFilter = .nearest
        l.minificationFilterBias = 0.5
        l.maskedCorners = [.minXMinY, .minXMaxY]
        #expect(try l.value(forKeyPath: "maskedCorners") == .number(5))
        #expect(l.maskedCorners == [.minXMinY, .minXMaxY])
        l.cornerCurve = .continuous
        #expect(l.cornerCurve.expansionFactor == 1.528665)
        #expect(l.allowsGroupOpacity)  // RS-2.2 default
        #expect(l.allowsEdgeAntialiasing && l.edgeAntialiasingMask == .all)  // RS-11.1/11.2 defaults (on: docs/decisions.md)
        #expect(laminaErrorCode { try l.setValue(.string("middle"), forKeyPath: "contentsGravity") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.number(3.5), forKeyPath: "maskedCorners") } == .invalidArgument)
        #expect(laminaErrorCode { try l.setValue(.number(1), forKeyPath: "contents") } == .typeMismatch)
        l.contents = nil
        #expect(l.contents == nil)
    }

    @Test("R16.9: maskMode is every layer's, 'alpha' by default, checked by name, and the masked record carries it")
    func maskMode() throws {
        let engine = Engine()
        let root = engine.makeLayer()
        let host = engine.makeShapeLayer()  // a kind's layer has it too (not kind-specific)
        let mask = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        host.bounds = root.bounds
        mask.bounds = root.bounds
        mask.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
        try root.addSublayer(host)
        #expect(host.maskMode == .alpha)
        try host.setValue(.string("luminanceInverted"), forKeyPath: "maskMode")
        #expect(host.maskMode == .luminanceInverted)
        #expect(laminaErrorCode { try host.setValue(.string("luma"), forKeyPath: "maskMode") } == .invalidArgument)
        #expect(host.maskMode == .luminanceInverted)
        host.mask = mask
        try engine.tick(0)
        let masked = try engine.drawList(root: root, at: 0).first { $0.maskIndex != nil }
        #expect(masked?.maskMode == .luminanceInverted)
        host.maskMode = .alphaInverted
        try engine.tick(0)
        #expect(try engine.drawList(root: root, at: 0).first { $0.maskIndex != nil }?.maskMode == .alphaInverted)
    }

    @Test("RS-4.8: a contents change cross-fades; the record has both images and the progress")
    func crossFade() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        let a = try Image(width: 1, height: 1, rgba: [1, 1, 1, 255], premultiplied: true)
        let b = try Image(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16), premultiplied: true)
        l.contents = a
        engine.tick(0)
        l.contents = b
        engine.tick(0)
        let r = try engine.drawList(root: l.id, at: 0.125)[0]
        #expect(r.contents == b && r.contentsPrevious == a)
        #expect(r.contentsFade > 0 && r.contentsFade < 1)
        #expect(r.transition?.type == .fade)
        // Item 6 (CA-10.2): the before record is the whole old appearance, contents included.
        #expect(r.transitionBefore?.record.contents == a)
        #expect(r.transitionBefore?.record.bounds == r.bounds)
        let end = try engine.drawList(root: l.id, at: 1)[0]
        #expect(end.contentsPrevious == nil && end.contentsFade == 1 && end.transitionBefore == nil)
    }

    @Test("RS-11.1-11.3: records carry the edge flags (antialiased by default, docs/decisions.md) and the raster settings")
    func edgeAndRasterFlags() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        var r = try engine.drawList(root: l.id, at: 0)[0]
        #expect(r.allowsEdgeAntialiasing && r.edgeAntialiasingMask == 15)
        #expect(!r.shouldRasterize && r.rasterizationScale == 1)
        l.allowsEdgeAntialiasing = false
        l.edgeAntialiasingMask = [.minX]
        l.shouldRasterize = true
        l.rasterizationScale = 2
        engine.tick(1)
        engine.tick(2)  // shouldRasterize and rasterizationScale animate implicitly
        r = try engine.drawList(root: l.id, at: 2)[0]
        #expect(!r.allowsEdgeAntialiasing && r.edgeAntialiasingMask == 1)
        #expect(r.shouldRasterize && r.rasterizationScale == 2 && r.isGroup)  // RS-11.3: a group
    }

    @Test("CA-3.15: an explicit basic animation of contents cross-fades from one image to the other")
    func explicitBasicCrossFades() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        let a = try Image(width: 1, height: 1, rgba: [1, 1, 1, 255], premultiplied: true)
        let b = try Image(width: 2, height: 2, rgba: [UInt8](repeating: 255, count: 16), premultiplied: true)
        l.contentsGravity = .center  // the two images land at different destinations
        try l.add(Animation.basic(keyPath: "contents", from: .image(a), to: .image(b), duration: 1), forKey: "swap")
        engine.tick(0)
        let begin = try #require(l.animation(forKey: "swap")?.timing.beginTime)
        let r = try engine.drawList(root: l.id, at: begin + 0.25)[0]
        #expect(r.contents == b && r.contentsPrevious == a)
        #expect(approx(r.contentsFade, 0.25, tolerance: 1e-12))  // linear: the fade is the progress
        #expect(r.contentsDestination == Rect(x: 4, y: 4, width: 2, height: 2))
        #expect(r.contentsPreviousDestination == Rect(x: 4.5, y: 4.5, width: 1, height: 1))
        #expect(r.transition == nil)  // no transition: the fade is the animation's own
        // The presentation holds one image: the nearer one (R9's switch at 0.5).
        #expect(try l.presentationValue(forKeyPath: "contents", at: begin + 0.25) == .image(a))
        #expect(try l.presentationValue(forKeyPath: "contents", at: begin + 0.75) == .image(b))
        let late = try engine.drawList(root: l.id, at: begin + 0.75)[0]
        #expect(late.contents == b && late.contentsPrevious == a && approx(late.contentsFade, 0.75, tolerance: 1e-12))
        // After it ends: the model (no contents), no fade.
        let end = try engine.drawList(root: l.id, at: begin + 1.5)[0]
        #expect(end.contents == nil && end.contentsPrevious == nil && end.contentsFade == 1)
    }

    @Test("CA-3.15: from the model's image to a new one, and from no contents (a fade-in)")
    func explicitBasicFromModelAndFromNone() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        let a = try Image(width: 1, height: 1, rgba: [1, 1, 1, 255], premultiplied: true)
        let b = try Image(width: 1, height: 1, rgba: [9, 9, 9, 255], premultiplied: true)
        try engine.withTransaction(disableActions: true) { l.contents = a }
        engine.tick(0)
        var toB = Animation.basic(keyPath: "contents", to: .image(b), duration: 2)
        toB.timingFunction = .easeIn
        try l.add(toB, forKey: "toB")
        engine.tick(0)
        let begin = try #require(l.animation(forKey: "toB")?.timing.beginTime)
        let r = try engine.drawList(root: l.id, at: begin + 1)[0]
        #expect(r.contents == b && r.contentsPrevious == a)
        #expect(approx(r.contentsFade, TimingFunction.easeIn.progress(at: 0.5), tolerance: 1e-12))
        try l.removeAllAnimations()
        try l.add(Animation.basic(keyPath: "contents", from: .null, to: .image(b), duration: 1), forKey: "in")
        engine.tick(1)
        let begin2 = try #require(l.animation(forKey: "in")?.timing.beginTime)
        let fadeIn = try engine.drawList(root: l.id, at: begin2 + 0.5)[0]
        #expect(fadeIn.contents == b && fadeIn.contentsPrevious == nil && approx(fadeIn.contentsFade, 0.5, tolerance: 1e-12))
    }

    @Test("CA-3.15, CA-8.6: linear keyframes of images blend adjacent images; discrete ones flip")
    func keyframesOfImages() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        let imgs = try (0..<3).map { k in
            try Image(width: 1, height: 1, rgba: [UInt8(k), 0, 0, 255], premultiplied: true)
        }
        try l.add(Animation.keyframe(
            keyPath: "contents", values: imgs.map { .image($0) }, keyTimes: [0, 0.5, 1], duration: 2), forKey: "k")
        engine.tick(0)
        let begin = try #require(l.animation(forKey: "k")?.timing.beginTime)
        let first = try engine.drawList(root: l.id, at: begin + 0.5)[0]  // progress 0.25: segment 0, half way
        #expect(first.contents == imgs[1] && first.contentsPrevious == imgs[0])
        #expect(approx(first.contentsFade, 0.5, tolerance: 1e-12))
        let second = try engine.drawList(root: l.id, at: begin + 1.8)[0]  // progress 0.9: segment 1, 0.8
        #expect(second.contents == imgs[2] && second.contentsPrevious == imgs[1])
        #expect(approx(second.contentsFade, 0.8, tolerance: 1e-12))

        try l.removeAllAnimations()
        try l.add(Animation.keyframe(
            keyPath: "contents", values: imgs.map { .image($0) }, calculationMode: .discrete, duration: 3), forKey: "d")
        engine.tick(2)
        let begin2 = try #require(l.animation(forKey: "d")?.timing.beginTime)
        for (offset, shown) in [(0.5, 0), (1.5, 1), (2.9, 2)] {
            let r = try engine.drawList(root: l.id, at: begin2 + offset)[0]
            #expect(r.contents == imgs[shown] && r.contentsPrevious == nil && r.contentsFade == 1)
        }
    }

    @Test("A contents animation inside a group cross-fades too; the newest animation of contents wins")
    func groupsAndOrder() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        let a = try Image(width: 1, height: 1, rgba: [1, 1, 1, 255], premultiplied: true)
        let b = try Image(width: 1, height: 1, rgba: [2, 2, 2, 255], premultiplied: true)
        let fade = Animation.basic(keyPath: "contents", from: .image(a), to: .image(b), duration: 0)
        try l.add(.group([fade], duration: 1), forKey: "g")
        engine.tick(0)
        let begin = try #require(l.animation(forKey: "g")?.timing.beginTime)
        let r = try engine.drawList(root: l.id, at: begin + 0.5)[0]
        #expect(r.contents == b && r.contentsPrevious == a && approx(r.contentsFade, 0.5, tolerance: 1e-12))
        // A newer discrete animation of contents covers the group's fade: it flips.
        try l.add(Animation.keyframe(keyPath: "contents", values: [.image(a)], calculationMode: .discrete, duration: 1), forKey: "d")
        engine.tick(begin)
        let flipped = try engine.drawList(root: l.id, at: begin + 0.5)[0]
        #expect(flipped.contents == a && flipped.contentsPrevious == nil && flipped.contentsFade == 1)
    }

    @Test("action(forKey: \"contents\") reports the fade transition the implicit change runs (RS-4.8)")
    func actionForContentsIsTheFade() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        let a = try Image(width: 1, height: 1, rgba: [1, 1, 1, 255], premultiplied: true)
        guard case .animation(let reported)? = try l.action(forKey: "contents") else {
            Issue.record("an animation action was expected")
            return
        }
        guard case .transition(let spec) = reported.kind else {
            Issue.record("a transition was expected, got \(reported.kind)")
            return
        }
        #expect(spec.type == .fade && reported.timing.duration == 0.25 && reported.timingFunction == .default)
        l.contents = a
        let running = try #require(l.animation(forKey: "contents"))
        guard case .transition(let ran) = running.kind else {
            Issue.record("the implicit change runs a transition")
            return
        }
        #expect(ran == spec && running.timing.duration == reported.timing.duration)
        // Other properties still report the basic animation.
        guard case .animation(let opacity)? = try l.action(forKey: "opacity"), case .basic = opacity.kind else {
            Issue.record("a basic animation was expected for opacity")
            return
        }
    }

    @Test("Transitions carry every drawn property of the before state (item 6)")
    func transitionBefore() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        l.backgroundColor = .black
        engine.tick(1)  // commits: the implicit nil → black switch begins (R2)
        engine.tick(2)  // and is over
        try l.add(Animation.transition(.push, subtype: .fromRight, duration: 1), forKey: nil)
        try engine.withTransaction(disableActions: true) {
            l.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
            l.cornerRadius = 4
        }
        engine.tick(2)  // the transition begins at 2
        let r = try engine.drawList(root: l.id, at: 2.5)[0]
        #expect(r.transition?.type == .push)
        #expect(r.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1) && r.cornerRadius == 4)
        let before = try #require(r.transitionBefore?.record)
        #expect(before.backgroundColor == .black && before.cornerRadius == 0)
        #expect(before.transform == r.transform)
    }
}

@Suite("Masks, clips, groups and the flip (RS-2, RS-4.5, RS-5)")
struct MaskClipGroupTests {
    @Test("RS-5.1–5.3: the mask follows the host's subtree; the engine keeps it alive; misuse is refused")
    func masks() throws {
        let engine = Engine()
        let root = try committed(engine)
        let host = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(25, 25))
        let child = geoLayer(engine, geoRect(0, 0, 10, 10), geoPoint(5, 5))
        root.addSublayer(host)
        host.addSublayer(child)
        do {
            let mask = geoLayer(engine, geoRect(0, 0, 20, 20), geoPoint(10, 10))
            root.addSublayer(mask)  // RS-5.3: taken out of its tree when assigned
            host.mask = mask
            #expect(try engine.superlayer(of: mask.id) == nil)
            try mask.releaseHostReference()  // the host keeps it
        }
        #expect(laminaErrorCode { try engine.setMask(root.id, of: host.id) } == .misuse)
        #expect(laminaErrorCode { try engine.setMask(host.id, of: host.id) } == .misuse)
        engine.tick(1)
        let list = try engine.drawList(root: root.id)
        #expect(list.count == 4)
        #expect(list[1].maskIndex == 3 && list[1].maskCount == 1 && list[1].isGroup)  // RS-5.6
        #expect(list[1].descendantCount == 1)
        #expect(list[3].isMaskContent && list[3].maskHostIndex == 1 && list[3].clipIndex == nil)
        // RS-5.2: the mask is laid out in the host's space (host's origin at root (0, 0)).
        #expect(list[3].transform.m41 == 0 && list[3].transform.m42 == 0)
        let maskID = list[3].layer
        host.mask = nil
        #expect(!engine.isAlive(maskID))  // nothing else held it
    }

    @Test("RS-5.4/5.5: clips chain by clipIndex; clipIsRect only for unrotated, unrounded clips")
    func clips() throws {
        let engine = Engine()
        let root = try committed(engine)
        root.masksToBounds = true
        let inner = geoLayer(engine, geoRect(0, 0, 50, 50), geoPoint(25, 25))
        inner.masksToBounds = true
        inner.cornerRadius = 5
        let leaf = geoLayer(engine, geoRect(0, 0, 10, 10), geoPoint(5, 5))
        root.addSublayer(inner)
        inner.addSublayer(leaf)
        engine.tick(1)  // commits: the changes animate from 1 (R2)
        engine.tick(2)
        let list = try engine.drawList(root: root.id)
        #expect(list[1].clipIndex == 0 && list[1].clipIsRect)
        #expect(list[2].clipIndex == 1 && !list[2].clipIsRect)
        #expect(list[2].clipRect == geoRect(0, 0, 50, 50))
    }

    @Test("RS-2.2/2.3: groups and target opacities")
    func groups() throws {
        let engine = Engine()
        let root = try committed(engine)
        root.opacity = 0.5
        let mid = geoLayer(engine, geoRect(0, 0, 10, 10), geoPoint(5, 5))
        mid.opacity = 0.5
        mid.allowsGroupOpacity = false
        let leaf = geoLayer(engine, geoRect(0, 0, 10, 10), geoPoint(5, 5))
        leaf.opacity = 0.8
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        engine.tick(1)  // commits: the changes animate from 1 (R2)
        engine.tick(2)
        let list = try engine.drawList(root: root.id)
        #expect(list[0].isGroup && list[0].groupOpacity == 0.5 && list[0].targetOpacity == 1)
        #expect(!list[1].isGroup && list[1].groupIndex == 0 && list[1].targetOpacity == 0.5)
        #expect(approx(list[2].targetOpacity, 0.4, tolerance: 1e-12) && list[2].groupIndex == 0)
        #expect(approx(list[2].opacity, 0.2, tolerance: 1e-12))  // the 0.1 product is unchanged
    }

    @Test("RS-4.5: geometryFlipped flips the sublayers' y; their contents stay upright")
    func geometryFlipped() throws {
        let engine = Engine()
        let root = try committed(engine)
        root.isGeometryFlipped = true
        let child = geoLayer(engine, geoRect(0, 0, 10, 4), geoPoint(5, 2))
        root.addSublayer(child)
        engine.tick(1)
        let list = try engine.drawList(root: root.id)
        #expect(list[0].isGeometryFlipped && !list[0].contentsAreFlipped)
        #expect(list[1].contentsAreFlipped)
        // The child's top edge (y 0) lands at the root's bottom (y 100).
        #expect(list[1].transform.m22 == -1 && list[1].transform.m42 == 100)
        // Hit testing sees the same flip: the child covers root y 96…100, not 0…4.
        #expect(try root.hitTest(geoPoint(5, 98)) == child)
        #expect(try root.hitTest(geoPoint(5, 2)) == root)
    }
}

@Suite("Paths and shadowPath (RS-3.4, RS-8.5)")
struct PathTests {
    @Test("Constructors, structure and interpolation")
    func paths() {
        let a = Path.roundedRect(geoRect(0, 0, 10, 10), cornerRadius: 2)
        let b = Path.roundedRect(geoRect(0, 0, 20, 20), cornerRadius: 0)
        #expect(a.hasSameStructure(as: b))
        let mid = a.interpolated(to: b, progress: 0.5)
        #expect(mid.elements[0] == .move(geoPoint(1, 0)))
        let r = Path.rect(geoRect(0, 0, 5, 5))
        #expect(!a.hasSameStructure(as: r))
        #expect(a.interpolated(to: r, progress: 0.49) == a && a.interpolated(to: r, progress: 0.5) == r)
        #expect(Path.ellipse(in: geoRect(0, 0, 10, 20)).controlPointBounds == geoRect(0, 0, 10, 20))
        var p = Path()
        p.move(to: geoPoint(0, 0)); p.addLine(to: geoPoint(1, 0)); p.addQuadCurve(to: geoPoint(1, 1), control: geoPoint(2, 0))
        p.addCurve(to: geoPoint(0, 1), control1: geoPoint(1, 2), control2: geoPoint(0, 2)); p.closeSubpath()
        #expect(p.elements.count == 5)
    }

    @Test("shadowPath has no implicit animation (RS-3.4) but animates explicitly")
    func shadowPathAnimation() throws {
        let engine = Engine()
        let l = try committed(engine, 10, 10)
        let a = Path.rect(geoRect(0, 0, 10, 10)), b = Path.rect(geoRect(0, 0, 20, 20))
        l.shadowPath = a
        engine.tick(0)
        l.shadowPath = b
        engine.tick(0)
        #expect(try engine.drawList(root: l.id, at: 0.1)[0].shadowPath == b)
        let anim = Animation.basic(keyPath: "shadowPath", from: .path(a), to: .path(b), duration: 1)
        try l.add(anim, forKey: "p")
        engine.tick(0)
        let mid = try engine.drawList(root: l.id, at: 0.5)[0].shadowPath
        #expect(mid?.elements[2] == .line(geoPoint(15, 15)))
    }
}

@Suite("Damage (RS-10)")
struct DamageTests {
    /// The test's own extent of a record: its bounds, contents and shadow (3σ), as root-space
    /// bounding box of the corners (independent of the engine's code).
    private func extent(_ r: DrawRecord) -> Rect {
        var xs: [Double] = [], ys: [Double] = []
        var rects = [r.bounds]
        if r.contents != nil { rects.append(r.contentsDestination) }
        if r.shadowOpacity > 0, r.shadowColor != nil {
            let k = 3 * r.shadowRadius
            rects.append(Rect(x: r.bounds.origin.x + r.shadowOffset.width - k, y: r.bounds.origin.y + r.shadowOffset.height - k,
                              width: r.bounds.size.width + 2 * k, height: r.bounds.size.height + 2 * k))
        }
        let m = r.transform
        for q in rects {
            for (x, y) in [(q.origin.x, q.origin.y), (q.origin.x + q.size.width, q.origin.y),
                           (q.origin.x, q.origin.y + q.size.height), (q.origin.x + q.size.width, q.origin.y + q.size.height)] {
                xs.append(x * m.m11 + y * m.m21 + m.m41)
                ys.append(x * m.m12 + y * m.m22 + m.m42)
            }
        }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.origin.x <= inner.origin.x && outer.origin.y <= inner.origin.y
            && outer.origin.x + outer.size.width >= inner.origin.x + inner.size.width
            && outer.origin.y + outer.size.height >= inner.origin.y + inner.size.height
    }

    @Test("Never smaller than what changed: every differing record's old and new extents are covered, over many random edits")
    func coversChanges() throws {
        let engine = Engine()
        let root = try committed(engine, 1000, 1000)
        var layers: [Layer] = []
        var rng = SystemRandomNumberGenerator()
        for i in 0..<20 {
            let l = geoLayer(engine, geoRect(0, 0, 20, 20), geoPoint(Double(i * 45 + 20), Double(i * 40 + 20)))
            (i % 3 == 0 || layers.isEmpty ? root : layers[i - 1]).addSublayer(l)
            layers.append(l)
        }
        engine.tick(0)
        _ = try engine.damage(root: root.id)  // start tracking
        var previous = try engine.drawList(root: root.id)
        for step in 1...40 {
            let l = layers[Int.random(in: 0..<layers.count, using: &rng)]
            try engine.withTransaction(disableActions: true) {
                switch step % 5 {
                case 0: l.position = geoPoint(Double.random(in: 0...900, using: &rng), Double.random(in: 0...900, using: &rng))
                case 1: l.shadowOpacity = l.shadowOpacity > 0 ? 0 : 1; l.shadowRadius = Double.random(in: 0...10, using: &rng)
                case 2: l.backgroundColor = Color(red: Double.random(in: 0...1, using: &rng), green: 0, blue: 0, alpha: 1)
                case 3: l.transform = Transform3D(rotationAngle: Double.random(in: 0...3, using: &rng), x: 0, y: 0, z: 1)
                default: l.isHidden.toggle()
                }
            }
            engine.tick(Double(step))
            let current = try engine.drawList(root: root.id)
            let damage = try engine.damage(root: root.id)
            var changed: [Rect] = []
            // What a renderer draws differently: every field but the list indices.
            func look(_ r: DrawRecord) -> DrawRecord {
                var c = r
                c.depth = 0; c.descendantCount = 0; c.clipIndex = nil; c.groupIndex = nil
                return c
            }
            let old = Dictionary(previous.map { ($0.layer, look($0)) }, uniquingKeysWith: { a, _ in a })
            let new = Dictionary(current.map { ($0.layer, look($0)) }, uniquingKeysWith: { a, _ in a })
            for (id, r) in new where old[id] != r { changed.append(extent(r)); if let o = old[id] { changed.append(extent(o)) } }
            for (id, r) in old where new[id] == nil { changed.append(extent(r)) }
            for e in changed {
                #expect(damage.contains { contains($0, e) }, "step \(step): \(e) not in \(damage)")
            }
            if changed.isEmpty { #expect(damage.isEmpty) }
            previous = current
        }
    }

    @Test("Empty when nothing changed; small when one layer moves; the whole root when unknown")
    func smallAndEmpty() throws {
        let engine = Engine()
        let root = try committed(engine, 1000, 1000)
        let a = geoLayer(engine, geoRect(0, 0, 10, 10), geoPoint(100, 100))
        root.addSublayer(a)
        engine.tick(0)
        #expect(try engine.damage(root: root.id).first.map { $0.size.width >= 1000 } == true)
        _ = try engine.drawList(root: root.id)
        _ = try engine.drawList(root: root.id)
        #expect(try engine.damage(root: root.id).isEmpty)
        try engine.withTransaction(disableActions: true) { a.position = geoPoint(200, 100) }
        _ = try engine.drawList(root: root.id)
        let d = try engine.damage(root: root.id)
        #expect(d.count == 2 && d.allSatisfy { $0.size.width <= 12 && $0.size.height <= 12 })
    }
}
