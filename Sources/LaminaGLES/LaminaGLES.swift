// SPDX-License-Identifier: Apache-2.0
// The reference compositor (renderer/gles, lamina_gles.h) for Swift engines: headless images
// and drawing into the host's GL context, with the Swift API's error model (LaminaError).
//
// The compositor is C over lamina.h and reads an engine through a `lamina_engine_t *`. A Swift
// host's `Engine` is not one, so each render hands the compositor a view of it: a C handle
// from the C ABI's engine table that names the Swift engine itself and serialises on its own
// lock (LaminaCABI `makeEngineView`; docs/decisions.md, "Swift can render").

import CLamina
import CLaminaGLES
import Lamina
import LaminaCABI

extension LaminaError.Code {
    /// The compositor: no GL context is current, or not the renderer's
    /// (`LAMINA_GLES_STATUS_NO_CONTEXT`).
    public static let noContext = LaminaError.Code(rawValue: 100)
    /// The compositor: GL failed (a lost context, out of memory, a shader that did not compile;
    /// `LAMINA_GLES_STATUS_GL_ERROR`).
    public static let glError = LaminaError.Code(rawValue: 101)
    /// The compositor: headless rendering is not available here (no EGL display, no OpenGL ES 3
    /// config; `LAMINA_GLES_STATUS_UNAVAILABLE`).
    public static let renderingUnavailable = LaminaError.Code(rawValue: 102)
}

/// The compositor's figures for one frame (`lamina_gles_stats_t`).
public struct RenderStats: Hashable, Sendable {
    /// `glDraw*` calls (clears not counted).
    public var drawCalls: Int
    /// Instanced quads drawn (shadows, fills, borders).
    public var primitives: Int
    /// Group opacity and transition passes.
    public var offscreenPasses: Int
    /// Draw records read.
    public var records: Int
    /// Records skipped by doubleSided culling (with their subtrees).
    public var culled: Int
    /// Images uploaded to textures during the frame.
    public var texturesUploaded: Int
    /// Textures the renderer holds after the frame.
    public var texturesCached: Int
    /// Rasterized subtrees rendered into their texture this frame.
    public var rastersDrawn: Int
    /// Rasterized subtrees drawn from their unchanged texture.
    public var rastersReused: Int
    /// Glyphs rendered into the glyph atlas during the frame.
    public var glyphsUploaded: Int
    /// Glyph quads drawn.
    public var glyphsDrawn: Int
    /// Layers whose filters ran this frame (issue 32; an unchanged filtered subtree is not
    /// filtered again).
    public var filtersApplied: Int
    /// Filtered layers drawn from their unchanged filtered texture.
    public var filtersReused: Int
    /// Layers whose background filters read and filtered the backdrop.
    public var backdropsFiltered: Int
    /// The region the frame redrew (issue 29), in framebuffer pixels with y up (as
    /// `glScissor` takes it): the viewport for a full frame, width 0 when a partial frame had
    /// nothing to draw.
    public var redrawX: Int
    /// See ``redrawX``.
    public var redrawY: Int
    /// See ``redrawX``.
    public var redrawWidth: Int
    /// See ``redrawX``.
    public var redrawHeight: Int

    /// All figures 0 (an image that was not rendered, a renderer before its first frame).
    public init() {
        self.init(lamina_gles_stats_t())
    }

    init(_ s: lamina_gles_stats_t) {
        drawCalls = Int(s.draw_calls)
        primitives = Int(s.primitives)
        offscreenPasses = Int(s.offscreen_passes)
        records = Int(s.records)
        culled = Int(s.culled)
        texturesUploaded = Int(s.textures_uploaded)
        texturesCached = Int(s.textures_cached)
        rastersDrawn = Int(s.rasters_drawn)
        rastersReused = Int(s.rasters_reused)
        glyphsUploaded = Int(s.glyphs_uploaded)
        glyphsDrawn = Int(s.glyphs_drawn)
        filtersApplied = Int(s.filters_applied)
        filtersReused = Int(s.filters_reused)
        backdropsFiltered = Int(s.backdrops_filtered)
        redrawX = Int(s.redraw_x)
        redrawY = Int(s.redraw_y)
        redrawWidth = Int(s.redraw_width)
        redrawHeight = Int(s.redraw_height)
    }
}

/// An RGBA8 image: ``width`` × ``height`` pixels, 4 bytes each (red, green, blue, alpha), rows
/// top first, colours non-premultiplied.
public struct RenderedImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, `width * height * 4` bytes.
    public let rgba: [UInt8]
    /// The compositor's figures for the frame (all 0 for an image that was not rendered).
    public internal(set) var stats = RenderStats()

    /// An image from its pixels; `rgba` must hold `width * height * 4` bytes.
    /// - Throws: ``LaminaError`` `.invalidArgument` for a size of 0 or a byte count that does
    ///   not match.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(LaminaError) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw LaminaError(.invalidArgument, "an image of \(width) x \(height) needs \(max(width, 0) * max(height, 0) * 4) bytes, got \(rgba.count)")
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Reads a PNG file (any PNG libpng reads, converted to RGBA8).
    /// - Throws: ``LaminaError`` `.notFound` (cannot open), `.typeMismatch` (not a PNG),
    ///   `.outOfMemory`.
    public init(contentsOfPNG path: String) throws(LaminaError) {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var w: UInt32 = 0
        var h: UInt32 = 0
        try check(lamina_gles_read_png(path, &pixels, &w, &h))
        defer { free(pixels) }
        width = Int(w)
        height = Int(h)
        rgba = Array(UnsafeBufferPointer(start: pixels, count: Int(w) * Int(h) * 4))
    }

    /// The pixel at column `x`, row `y` (0, 0 at the top left) as (red, green, blue, alpha).
    /// Traps outside the image, as an array index does.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width) x \(height)")
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }

    /// Writes the image as a PNG file.
    /// - Throws: ``LaminaError`` `.notFound` when the file cannot be opened for writing.
    public func writePNG(to path: String) throws(LaminaError) {
        try check(rgba.withUnsafeBufferPointer { p in
            lamina_gles_write_png(path, p.baseAddress, UInt32(width), UInt32(height))
        })
    }
}

/// Renders `root`'s subtree as the reference compositor draws it, headless (EGL on Mesa's
/// surfaceless platform: no display or window needed), into a `width` × `height` image over a
/// transparent background.
///
/// ```swift
/// try renderImage(root, width: 320, height: 240).writePNG(to: "frame.png")
/// ```
///
/// - Parameters:
///   - root: a layer whose tree has been committed (its presentation is what is drawn).
///   - scale: device pixels per point; root-space point (x, y) lands at pixel (x, y) × scale.
///   - time: the presentation's time; the engine's ``Engine/time`` when nil (as after
///     ``Engine/tick()``).
///   - groupOpacity: false draws every layer as `allowsGroupOpacity` NO would (RS-2.3).
///   - previous: partial redraw (issue 29): the image the last call returned for `root` at
///     this size and scale; only the engine's damage since then is rendered, over a copy of it
///     (every draw list of `root` in between must have been rendered). Nil renders every pixel.
/// - Returns: the pixels, with the frame's figures in ``RenderedImage/stats``.
/// - Throws: ``LaminaError`` `.invalidArgument` (a size of 0 or above 16384, a scale or time
///   that is not finite, a scale ≤ 0, a `previous` image of another size), the errors of the engine's draw list
///   (`.noPresentation` before the first commit, `.staleHandle` for a released layer),
///   `.renderingUnavailable` (no EGL or OpenGL ES 3 here), `.glError`.
/// Safe from any thread: renders are serialized on one process-wide EGL context.
public func renderImage(
    _ root: Layer, width: Int, height: Int, scale: Double = 1, at time: Double? = nil,
    groupOpacity: Bool = true, previous: RenderedImage? = nil
) throws(LaminaError) -> RenderedImage {
    guard width > 0, width <= 16384, height > 0, height <= 16384 else {
        throw LaminaError(.invalidArgument, "image size must be 1...16384 on each side, got \(width) x \(height)")
    }
    if let p = previous, p.width != width || p.height != height {
        throw LaminaError(.invalidArgument, "previous is \(p.width) x \(p.height), the render \(width) x \(height)")
    }
    let at = time ?? root.engine.time
    var frame = makeFrame(scale: scale, clear: nil, groupOpacity: groupOpacity)
    if previous != nil { frame.flags |= UInt32(LAMINA_GLES_FRAME_PARTIAL) }
    var st = lamina_gles_stats_t()
    st.struct_size = UInt32(MemoryLayout<lamina_gles_stats_t>.size)
    var pixels = previous?.rgba ?? [UInt8](repeating: 0, count: width * height * 4)
    let view = try EngineView(root.engine)
    defer { view.end() }
    let status = pixels.withUnsafeMutableBufferPointer { p in
        lamina_gles_render_rgba(
            view.handle, lamina_layer_t(root.id.rawValue), at, UInt32(width), UInt32(height), scale, &frame,
            p.baseAddress, p.count, &st)
    }
    try check(status)
    var image = try RenderedImage(width: width, height: height, rgba: pixels)
    image.stats = RenderStats(st)
    return image
}

/// The reference compositor in the host's own OpenGL ES 3.0 (or desktop GL 3.3 core) context:
/// create it with the context current, then ``render(_:at:scale:clear:groupOpacity:)`` once a
/// frame and swap.
///
/// ```swift
/// let renderer = try Renderer()          // the window's context is current
/// while running {
///     engine.tick()
///     try renderer.render(root, scale: 2)
///     swapWindow()
/// }
/// ```
///
/// A renderer belongs to the context it was made in: use it on the thread where that context
/// is current (it is not `Sendable`). Release it with the context still current to free its GL
/// objects; after the context is gone only its memory is freed.
public final class Renderer {
    private let renderer: OpaquePointer
    /// The C view of the engine last drawn (see the file's header), kept while the same engine
    /// is drawn so a frame costs no table insert.
    private var view: EngineView?

    /// Compiles the compositor's shaders and makes its buffers in the current GL context.
    /// - Throws: ``LaminaError`` `.noContext` (no GL context is current), `.glError`,
    ///   `.outOfMemory`.
    public init() throws(LaminaError) {
        var out: OpaquePointer? = nil
        try check(lamina_gles_renderer_create(&out))
        renderer = out!
    }

    deinit {
        lamina_gles_renderer_destroy(renderer)
        view?.end()
    }

    /// Draws `root`'s subtree into the bound framebuffer's current viewport, root-space point
    /// (x, y) at device pixel (x, y) × `scale` from the viewport's top left.
    ///
    /// - Parameters:
    ///   - root: a layer whose tree has been committed.
    ///   - time: the presentation's time; the engine's ``Engine/time`` when nil.
    ///   - scale: device pixels per point (a high-DPI window's drawable size / window size).
    ///   - clear: the colour the viewport is cleared to first, or nil to draw over what is
    ///     there.
    ///   - groupOpacity: false draws every layer as `allowsGroupOpacity` NO would (RS-2.3).
    ///   - partial: partial redraw (issue 29): draw only the damage region and keep the
    ///     framebuffer's other pixels (needs `clear`); everything is redrawn when the buffer's
    ///     age is unknown, on a resize, or for another root.
    ///   - damage: with `partial`, the root-space rectangles that changed since the last frame;
    ///     nil uses the engine's damage of `root` (every draw list of `root` must then be drawn
    ///     by this renderer).
    ///   - bufferAge: with `partial`, what the framebuffer holds: n ≥ 1, the frame this
    ///     renderer drew n frames ago (1 for a framebuffer of your own); 0 asks EGL
    ///     (`EGL_EXT_buffer_age` of the current window surface); < 0, unknown.
    /// - Throws: ``LaminaError`` `.invalidArgument` (a scale or time that is not finite, a
    ///   scale ≤ 0, `partial` without `clear`, a damage rectangle that is not finite),
    ///   `.noPresentation` (nothing committed yet), `.staleHandle` (a released
    ///   layer), `.noContext` (the current context is not this renderer's), `.glError`.
    public func render(
        _ root: Layer, at time: Double? = nil, scale: Double = 1, clear: Color? = Color(red: 0, green: 0, blue: 0, alpha: 0),
        groupOpacity: Bool = true, partial: Bool = false, damage: [Rect]? = nil, bufferAge: Int = 0
    ) throws(LaminaError) {
        let engine = root.engine
        if view?.engine !== engine {
            view?.end()
            view = nil
            view = try EngineView(engine)
        }
        var frame = makeFrame(scale: scale, clear: clear, groupOpacity: groupOpacity)
        if partial { frame.flags |= UInt32(LAMINA_GLES_FRAME_PARTIAL) }
        frame.buffer_age = Int32(clamping: bufferAge)
        let rects = (damage ?? []).map {
            lamina_rect_t(origin: lamina_point_t(x: $0.origin.x, y: $0.origin.y),
                          size: lamina_size_t(width: $0.size.width, height: $0.size.height))
        }
        let handle = view!.handle
        // One element at least, so no rectangles still passes a pointer (NULL means "the
        // engine's damage").
        let storage = rects.isEmpty ? [lamina_rect_t()] : rects
        let status = storage.withUnsafeBufferPointer { p -> lamina_status_t in
            if damage != nil {
                frame.damage = p.baseAddress
                frame.damage_count = rects.count
            }
            return lamina_gles_renderer_render(
                renderer, handle, lamina_layer_t(root.id.rawValue), time ?? engine.time, &frame)
        }
        try check(status)
    }

    /// Presents the current EGL window surface with the last frame's redraw region
    /// (`eglSwapBuffersWithDamageKHR` where the display has it, else `eglSwapBuffers`), for
    /// hosts that made the surface with EGL.
    /// - Throws: ``LaminaError`` `.noContext` (no EGL draw surface is current), `.glError`
    ///   (the swap failed).
    public func swapBuffers() throws(LaminaError) {
        try check(lamina_gles_swap_buffers(renderer))
    }

    /// The figures of the last frame drawn (all 0 before the first).
    public var stats: RenderStats {
        var st = lamina_gles_stats_t()
        st.struct_size = UInt32(MemoryLayout<lamina_gles_stats_t>.size)
        // Cannot fail: the renderer is live and the struct's size is this module's own.
        _ = lamina_gles_renderer_get_stats(renderer, &st)
        return RenderStats(st)
    }
}

/// A C handle naming a Swift engine for the compositor's calls (LaminaCABI `makeEngineView`).
private final class EngineView {
    let engine: Engine
    let handle: OpaquePointer

    init(_ engine: Engine) throws(LaminaError) {
        guard let h = makeEngineView(engine) else {
            throw LaminaError(.outOfMemory, "too many engines alive at once")
        }
        self.engine = engine
        handle = h
    }

    /// Ends the view (its handle goes stale); the engine is untouched.
    func end() { destroyEngineView(handle) }
}

private func makeFrame(scale: Double, clear: Color?, groupOpacity: Bool) -> lamina_gles_frame_t {
    var frame = lamina_gles_frame_t()
    frame.struct_size = UInt32(MemoryLayout<lamina_gles_frame_t>.size)
    frame.flags = (clear == nil ? 0 : UInt32(LAMINA_GLES_FRAME_CLEAR))
        | (groupOpacity ? 0 : UInt32(LAMINA_GLES_FRAME_NO_GROUP_OPACITY))
    frame.scale = scale
    if let c = clear {
        frame.clear_color = lamina_color_t(r: c.red, g: c.green, b: c.blue, a: c.alpha)
    }
    return frame
}

/// A compositor status as the Swift API's error, with the compositor's message.
private func check(_ status: lamina_status_t) throws(LaminaError) {
    guard status != LAMINA_STATUS_OK else { return }
    throw LaminaError(LaminaError.Code(rawValue: status), String(cString: lamina_gles_last_error_message()))
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
