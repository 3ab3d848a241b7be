// SPDX-License-Identifier: Apache-2.0
// Partial redraw (issue 29 item 2) from Swift: `renderImage(previous:)` and
// `Renderer.render(partial:)` draw only the engine's damage, and the frame is what a full render
// draws (within 1/255); an idle frame draws nothing.

import CLaminaGLESDeps
import Lamina
import LaminaGLES
import Testing

/// A white root with a red card and a blue square, committed at time 0.
private func partialScene(_ engine: Engine) -> (root: Layer, card: Layer) {
    let root = engine.makeLayer()
    root.bounds = Rect(x: 0, y: 0, width: Double(W), height: Double(H))
    root.position = Point(x: Double(W) / 2, y: Double(H) / 2)
    root.backgroundColor = .white
    let card = engine.makeLayer()
    card.bounds = Rect(x: 0, y: 0, width: 30, height: 20)
    card.position = Point(x: 25, y: 20)
    card.backgroundColor = Color(red: 1, green: 0, blue: 0)
    card.cornerRadius = 5
    root.addSublayer(card)
    let other = engine.makeLayer()
    other.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
    other.position = Point(x: 90, y: 50)
    other.backgroundColor = Color(red: 0, green: 0, blue: 1)
    root.addSublayer(other)
    engine.tick(0)
    return (root, card)
}

/// Moves the layer without an animation, committed at `time`.
private func move(_ engine: Engine, _ layer: Layer, to p: Point, at time: Double) throws {
    try engine.withTransaction(disableActions: true) { layer.position = p }
    engine.tick(time)
}

private func worst(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

@Suite(.serialized) struct PartialRedrawTests {
    @Test func renderingOverThePreviousImageMatchesAFullRender() throws {
        let engine = Engine()
        let (root, card) = partialScene(engine)
        var image = try renderImage(root, width: W, height: H)
        image = try renderImage(root, width: W, height: H, previous: image)  // damage unknown: all
        #expect(image.stats.redrawWidth * image.stats.redrawHeight == W * H)
        for k in 1...3 {
            try move(engine, card, to: Point(x: 25 + 10 * Double(k), y: 20 + 5 * Double(k)), at: Double(k) / 60)
            image = try renderImage(root, width: W, height: H, previous: image)
            let area = image.stats.redrawWidth * image.stats.redrawHeight
            #expect(area > 0 && area < W * H / 3)
            let full = try renderImage(root, width: W, height: H)
            #expect(worst(image.rgba, full.rgba) <= 1)
        }
        let idle = try renderImage(root, width: W, height: H, previous: image)
        #expect(idle.stats.redrawWidth == 0 && idle.stats.drawCalls == 0)
        #expect(idle.rgba == image.rgba)
        #expect(throws: LaminaError.self) { try renderImage(root, width: W + 1, height: H, previous: image) }
    }

    @Test func theRendererRedrawsOnlyTheDamageInTheHostsFramebuffer() throws {
        let engine = Engine()
        let (root, card) = partialScene(engine)
        let host = try HostContext()
        defer { host.release() }
        let renderer = try Renderer()
        try renderer.render(root, at: 0, partial: true, bufferAge: 1)
        #expect(renderer.stats.redrawWidth * renderer.stats.redrawHeight == W * H)
        try renderer.render(root, at: 0, partial: true, bufferAge: 1)
        #expect(renderer.stats.redrawWidth == 0 && renderer.stats.drawCalls == 0)
        try move(engine, card, to: Point(x: 60, y: 30), at: 0.1)
        try renderer.render(root, at: 0.1, partial: true, bufferAge: 1)
        let area = renderer.stats.redrawWidth * renderer.stats.redrawHeight
        #expect(area > 0 && area < W * H / 3)
        let got = host.pixels()
        let want = try renderImage(root, width: W, height: H, at: 0.1)  // its own context, then none
        eglMakeCurrent(host.display, nil, nil, host.context)
        #expect(worst(got, want.rgba) <= 1)
        // Damage given by the host: its pixel box (y up).
        try renderer.render(root, at: 0.1, partial: true, damage: [Rect(x: 10, y: 10, width: 5, height: 5)], bufferAge: 1)
        let s = renderer.stats
        #expect([s.redrawX, s.redrawY, s.redrawWidth, s.redrawHeight] == [10, H - 15, 5, 5])
        do {
            try renderer.render(root, at: 0.1, clear: nil, partial: true)
            Issue.record("partial without clear drew")
        } catch {
            #expect(error.code == .invalidArgument)
        }
        do {
            try renderer.swapBuffers()
            Issue.record("a swap without a window surface")
        } catch {
            #expect(error.code == .noContext)
        }
    }
}
