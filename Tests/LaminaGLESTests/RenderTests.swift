// SPDX-License-Identifier: Apache-2.0
// LaminaGLES (issue 30 item 2): the reference compositor renders a Swift `Engine`, headless and
// into a GL context the test makes itself (as a windowed host would), with LaminaError errors.

import CLaminaGLESDeps
import Lamina
import LaminaGLES
import Testing

let W = 120, H = 80

/// A white root with a red rounded card at (50, 40), committed at time 0.
private func scene(_ engine: Engine) throws -> (root: Layer, card: Layer) {
    let root = engine.makeLayer()
    root.bounds = Rect(x: 0, y: 0, width: Double(W), height: Double(H))
    root.position = Point(x: Double(W) / 2, y: Double(H) / 2)
    root.backgroundColor = .white
    let card = engine.makeLayer()
    card.bounds = Rect(x: 0, y: 0, width: 60, height: 40)
    card.position = Point(x: 50, y: 40)
    card.backgroundColor = Color(red: 1, green: 0, blue: 0)
    card.cornerRadius = 8
    root.addSublayer(card)
    engine.tick(0)
    return (root, card)
}

@Suite struct HeadlessRenderTests {
    @Test func aSwiftEnginesTreeRendersToAnImage() throws {
        let engine = Engine()
        let (root, _) = try scene(engine)
        let image = try renderImage(root, width: W, height: H)
        #expect(image.width == W && image.height == H && image.rgba.count == W * H * 4)
        // Inside the card: red; outside it: the root's white; beyond the corner's arc: white.
        #expect(image.pixel(x: 50, y: 40) == (255, 0, 0, 255))
        #expect(image.pixel(x: 5, y: 5) == (255, 255, 255, 255))
        #expect(image.pixel(x: 21, y: 21) == (255, 255, 255, 255))
        #expect(image.stats.records == 2)
    }

    @Test func theScaleAndTheTimeAreHonoured() throws {
        let engine = Engine()
        let (root, card) = try scene(engine)
        card.position = Point(x: 70, y: 40)   // an implicit move over 0.25 s from t = 1
        engine.tick(1)
        // Half-way through (t 1.125) the default curve has the card at x 66.05 (80.2 % of the
        // way), its left edge at 36.05 points: pixel 72.1 at 2x. So pixel 70 is white and 74
        // red, where at t 1 (left edge 20, pixel 40) both were red.
        let image = try renderImage(root, width: 2 * W, height: 2 * H, scale: 2, at: 1.125)
        #expect(image.pixel(x: 70, y: 80) == (255, 255, 255, 255))
        #expect(image.pixel(x: 74, y: 80) == (255, 0, 0, 255))
        // The default time is the engine's (after tick(1), the move's start: unmoved).
        let now = try renderImage(root, width: W, height: H)
        #expect(now.pixel(x: 22, y: 40) == (255, 0, 0, 255))
    }

    @Test func anImageRoundTripsThroughAPNG() throws {
        let engine = Engine()
        let (root, _) = try scene(engine)
        let image = try renderImage(root, width: W, height: H)
        let path = "/tmp/lamina-gles-swift-\(getpid()).png"
        defer { unlink(path) }
        try image.writePNG(to: path)
        let back = try RenderedImage(contentsOfPNG: path)
        #expect(back.rgba == image.rgba && back.width == W && back.height == H)
    }

    @Test func badInputThrowsTheSwiftAPIsErrors() throws {
        let engine = Engine()
        let lone = engine.makeLayer()
        lone.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        // Never committed: no presentation to draw (CA-1.2).
        #expect(throws: LaminaError.self) { try renderImage(lone, width: 10, height: 10) }
        do {
            _ = try renderImage(lone, width: 10, height: 10)
        } catch {
            #expect(error.code == .noPresentation)
        }
        let (root, _) = try scene(engine)
        for (w, h, scale) in [(0, 10, 1.0), (10, 20_000, 1.0), (10, 10, 0.0), (10, 10, .nan)] {
            do {
                _ = try renderImage(root, width: w, height: h, scale: scale)
                Issue.record("\(w) x \(h) at \(scale) rendered")
            } catch {
                #expect(error.code == .invalidArgument, "\(w) x \(h) at \(scale): \(error)")
            }
        }
        do {
            _ = try RenderedImage(contentsOfPNG: "/nonexistent/lamina.png")
            Issue.record("read a file that is not there")
        } catch {
            #expect(error.code == .notFound)
        }
        #expect(throws: LaminaError.self) { try RenderedImage(width: 2, height: 2, rgba: [0, 0, 0]) }
    }

    @Test func theEngineIsUntouchedByARender() throws {
        // The render reads the engine through a C view of it; the view ends with the render,
        // and the engine goes on as before (its layers, its time, further renders).
        let engine = Engine()
        let (root, card) = try scene(engine)
        for _ in 0..<3 { _ = try renderImage(root, width: W, height: H) }
        card.backgroundColor = Color(red: 0, green: 0, blue: 1)
        engine.tick(5)   // commits the change: its 0.25 s animation begins
        engine.tick(6)
        #expect(engine.time == 6)
        #expect(try renderImage(root, width: W, height: H).pixel(x: 50, y: 40) == (0, 0, 255, 255))
    }
}

/// An OpenGL ES 3 context of the test's own (EGL on Mesa's surfaceless platform) with a W x H
/// framebuffer bound, as a window's would be.
final class HostContext {
    let display: EGLDisplay
    let context: EGLContext
    var fbo: GLuint = 0
    var rbo: GLuint = 0

    init() throws {
        typealias GetPlatformDisplay = @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?
        let proc = try #require(eglGetProcAddress("eglGetPlatformDisplayEXT"))
        let getDisplay = unsafeBitCast(proc, to: GetPlatformDisplay.self)
        display = try #require(getDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil))
        try #require(eglInitialize(display, nil, nil) == EGL_TRUE)
        eglBindAPI(EGLenum(EGL_OPENGL_ES_API))
        let attrs: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE]
        var config: EGLConfig? = nil
        var n: EGLint = 0
        eglChooseConfig(display, attrs, &config, 1, &n)
        let cattrs: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        context = try #require(eglCreateContext(display, config, nil, cattrs))
        try #require(eglMakeCurrent(display, nil, nil, context) == EGL_TRUE)
        glGenRenderbuffers(1, &rbo)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), rbo)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(W), GLsizei(H))
        glGenFramebuffers(1, &fbo)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), rbo)
        glViewport(0, 0, GLsizei(W), GLsizei(H))
    }

    /// RGBA rows top first (GL reads bottom first).
    func pixels() -> [UInt8] {
        var buf = [UInt8](repeating: 0, count: W * H * 4)
        glReadPixels(0, 0, GLsizei(W), GLsizei(H), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &buf)
        var rows = [UInt8]()
        for y in (0..<H).reversed() { rows += buf[(y * W * 4)..<((y + 1) * W * 4)] }
        return rows
    }

    func release() {
        glDeleteFramebuffers(1, &fbo)
        glDeleteRenderbuffers(1, &rbo)
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
    }
}

// One suite at a time: the renderer tests make a context current on their thread.
@Suite(.serialized) struct HostContextRendererTests {
    @Test func theRendererDrawsWhatRenderImageDrawsInTheHostsContext() throws {
        let engine = Engine()
        let (root, card) = try scene(engine)
        card.position = Point(x: 70, y: 40)
        engine.tick(1)
        let want = try renderImage(root, width: W, height: H, at: 1.125)
        let host = try HostContext()
        defer { host.release() }
        var got: [UInt8] = []
        do {
            let renderer = try Renderer()
            try renderer.render(root, at: 1.125)
            got = host.pixels()
            #expect(renderer.stats.records == 2)
            #expect(renderer.stats.drawCalls >= 1)
            // A second frame of the same engine reuses the renderer's view of it.
            try renderer.render(root, at: 1.125)
            #expect(host.pixels() == got)
        }
        // Opaque everywhere, so the host's premultiplied pixels equal the headless ones.
        #expect(got == want.rgba)
    }

    @Test func theRendererClearsAndDrawsASecondEngine() throws {
        let host = try HostContext()
        defer { host.release() }
        let renderer = try Renderer()
        let first = Engine()
        let (a, _) = try scene(first)
        try renderer.render(a)
        let second = Engine()
        let (b, card) = try scene(second)
        card.backgroundColor = Color(red: 0, green: 1, blue: 0)
        second.tick(10)  // commits the change: its 0.25 s animation begins
        second.tick(11)
        try renderer.render(b)
        var px = host.pixels()
        let i = (40 * W + 50) * 4
        #expect(Array(px[i..<i + 4]) == [0, 255, 0, 255])
        // clear: nil draws over what is there; a tree drawing nothing leaves it.
        let empty = second.makeLayer()
        second.tick(12)
        try renderer.render(empty, clear: nil)
        px = host.pixels()
        #expect(Array(px[i..<i + 4]) == [0, 255, 0, 255])
        try renderer.render(empty, clear: Color(red: 0, green: 0, blue: 1))
        px = host.pixels()
        #expect(Array(px[i..<i + 4]) == [0, 0, 255, 255])
    }

    @Test func noCurrentContextIsNoContext() {
        do {
            _ = try Renderer()
            Issue.record("a renderer without a context")
        } catch {
            #expect(error.code == .noContext)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func aBadScaleIsInvalidArgument() throws {
        let host = try HostContext()
        defer { host.release() }
        let engine = Engine()
        let (root, _) = try scene(engine)
        let renderer = try Renderer()
        do {
            try renderer.render(root, scale: 0)
            Issue.record("scale 0 drew")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Issue 32: a layer's filters through the compositor, from Swift: an unchanged filtered
/// subtree is not filtered again (`filtersReused`), a change inside it is, and a backdrop read
/// is counted.
@Suite struct FilterRenderTests {
    @Test func anUnchangedFilteredSubtreeIsReused() throws {
        let engine = Engine()
        let (root, card) = try scene(engine)
        card.filters = [.gaussianBlur(name: "blur", radius: 4)]  // implicitly: switches half-way
        engine.tick(10)
        engine.tick(20)
        let first = try renderImage(root, width: W, height: H, at: 20)
        #expect(first.stats.filtersApplied == 1 && first.stats.filtersReused == 0)
        // Blurred: the card's left edge (x 20) is a ramp, no longer a step.
        #expect(first.pixel(x: 20, y: 40).green > 60 && first.pixel(x: 20, y: 40).green < 200)
        let again = try renderImage(root, width: W, height: H, at: 20)
        #expect(again.stats.filtersApplied == 0 && again.stats.filtersReused == 1)
        #expect(again.rgba == first.rgba)
        card.backgroundColor = Color(red: 0, green: 0, blue: 1)
        engine.tick(30)
        engine.tick(40)
        let changed = try renderImage(root, width: W, height: H, at: 40)
        #expect(changed.stats.filtersApplied == 1 && changed.stats.filtersReused == 0)
    }

    @Test func aBackdropIsReadAndCounted() throws {
        let engine = Engine()
        let (root, card) = try scene(engine)
        let glass = engine.makeLayer()
        glass.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        glass.position = Point(x: 80, y: 40)  // over the card's right edge (x 80)
        glass.backgroundFilters = [.gaussianBlur(name: "frost", radius: 6)]
        root.addSublayer(glass)
        #expect(card.backgroundColor == Color(red: 1, green: 0, blue: 0))
        engine.tick(10)
        let image = try renderImage(root, width: W, height: H, at: 10)
        #expect(image.stats.backdropsFiltered == 1)
        // Under the glass the card's edge is blurred: half red at the edge, not a step.
        let edge = image.pixel(x: 80, y: 40)
        #expect(edge.green > 60 && edge.green < 200)
        // Below the glass (y 60 on) the card is not there and the root stays white.
        #expect(image.pixel(x: 80, y: 70) == (255, 255, 255, 255))
    }
}
