// SPDX-License-Identifier: Apache-2.0
// Text layers' C face (issue 26, R15): a C text layout provider (a struct of function
// pointers) behind the engine's Swift TextLayoutProvider, the text layer's exports, and the
// draw record's text in C buffers.

import CLamina
import Lamina

/// A C provider as the engine's ``TextLayoutProvider``: builds the C request, calls `layout`,
/// copies the answer into Swift values and calls `release` at once, so the provider owns its
/// memory only for the call. Its `destroy` runs when the engine lets the adapter go.
package final class CTextProvider: TextLayoutProvider, @unchecked Sendable {
    let provider: lamina_text_provider_t

    package init(_ provider: lamina_text_provider_t) { self.provider = provider }

    deinit { provider.destroy?(provider.user_data) }

    package func layout(_ request: TextLayoutRequest) throws(LaminaError) -> TextLayout {
        // The fonts' C strings live as long as the call (one per distinct font).
        var fonts: [String: UnsafeMutablePointer<CChar>] = [:]
        defer { for (_, p) in fonts { p.deallocate() } }
        var spans: [lamina_text_span_t] = []
        spans.reserveCapacity(request.spans.count)
        for s in request.spans {
            let f = fonts[s.font] ?? cStringCopy(s.font)
            fonts[s.font] = f
            var c = lamina_text_span_t()
            c.start = s.start
            c.length = s.length
            c.font = UnsafePointer(f)
            c.font_size = s.fontSize
            if let color = s.color { c.has_color = 1; c.color = color.c }
            spans.append(c)
        }
        // The C side wants the bytes with a NUL after them.
        let bytes = Array(request.string.utf8)
        let text = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        defer { text.deallocate() }
        for (i, b) in bytes.enumerated() { text[i] = CChar(bitPattern: b) }
        text[bytes.count] = 0
        let sp = UnsafeMutablePointer<lamina_text_span_t>.allocate(capacity: max(spans.count, 1))
        defer { sp.deallocate() }
        for (i, c) in spans.enumerated() { (sp + i).initialize(to: c) }
        var req = lamina_text_request_t()
        req.struct_size = UInt32(MemoryLayout<lamina_text_request_t>.size)
        req.alignment = request.alignment.code
        req.truncation = request.truncation.code
        req.wrapped = request.isWrapped ? 1 : 0
        req.string = UnsafePointer(text)
        req.length = bytes.count
        req.spans = UnsafePointer(sp)
        req.span_count = spans.count
        req.width = request.width
        req.height = request.height
        req.contents_scale = request.contentsScale
        var out = lamina_text_layout_t()
        out.struct_size = UInt32(MemoryLayout<lamina_text_layout_t>.size)
        let status = provider.layout!(provider.user_data, &req, &out)
        defer { provider.release?(provider.user_data, &out) }
        guard status == LAMINA_STATUS_OK else {
            let why = out.message.map { String(cString: $0) } ?? "the text layout provider failed"
            throw LaminaError(LaminaError.Code(rawValue: status), why)
        }
        return copyLayout(out)
    }

    /// The Swift values of a provider's answer.
    private func copyLayout(_ out: lamina_text_layout_t) -> TextLayout {
        var runs: [GlyphRun] = []
        runs.reserveCapacity(out.run_count)
        var paths: [UInt64: String] = [:]
        for i in 0..<(out.runs == nil ? 0 : out.run_count) {
            let r = out.runs![i]
            let path = paths[r.font_id] ?? (r.font_path.map { String(cString: $0) } ?? "")
            paths[r.font_id] = path
            let n = (r.glyph_ids == nil || r.positions == nil) ? 0 : r.glyph_count
            let glyphs = Array(UnsafeBufferPointer(start: r.glyph_ids, count: n))
            var positions: [Point] = []
            positions.reserveCapacity(n)
            for k in 0..<n { positions.append(Point(r.positions![k])) }
            runs.append(GlyphRun(
                face: FontFace(id: r.font_id, path: path, faceIndex: Int(r.face_index)), size: r.size,
                glyphs: glyphs, positions: positions,
                color: (r.flags & LAMINA_TEXT_RUN_HAS_COLOR) != 0 ? Color(r.color) : nil,
                line: Int(r.line_index), isRightToLeft: (r.flags & LAMINA_TEXT_RUN_RTL) != 0))
        }
        var lines: [LineBox] = []
        for i in 0..<(out.lines == nil ? 0 : out.line_count) {
            let l = out.lines![i]
            lines.append(LineBox(
                rect: Rect(l.box), baseline: l.baseline, start: l.start, length: l.length,
                isTruncated: (l.flags & LAMINA_TEXT_LINE_TRUNCATED) != 0))
        }
        return TextLayout(size: Size(out.size), runs: runs, lines: lines)
    }
}

/// A NUL-terminated copy of `s` (the caller deallocates it).
package func cStringCopy(_ s: String) -> UnsafeMutablePointer<CChar> {
    let bytes = Array(s.utf8)
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
    p[bytes.count] = 0
    return p
}

@_cdecl("lamina_engine_set_text_provider")
public func lamina_engine_set_text_provider(
    _ engine: OpaquePointer?, _ provider: UnsafePointer<lamina_text_provider_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        guard let provider else {
            e.textLayoutProvider = nil
            return
        }
        guard provider.pointee.struct_size >= UInt32(MemoryLayout<lamina_text_provider_t>.size) else {
            throw LaminaError(.invalidArgument, "provider struct_size \(provider.pointee.struct_size) is below this version's \(MemoryLayout<lamina_text_provider_t>.size)")
        }
        guard provider.pointee.layout != nil else {
            throw LaminaError(.invalidArgument, "the provider's layout function is NULL")
        }
        e.textLayoutProvider = CTextProvider(provider.pointee)
    }
}

@_cdecl("lamina_text_layer_set_runs")
public func lamina_text_layer_set_runs(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ runs: UnsafePointer<lamina_text_run_t>?, _ count: Int
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        guard count == 0 || runs != nil else { throw LaminaError(.invalidArgument, "runs is NULL with a count of \(count)") }
        guard count >= 0, count <= 1 << 24 else { throw LaminaError(.invalidArgument, "run count \(count) is too large") }
        var swiftRuns: [TextRun] = []
        for i in 0..<count {
            let r = runs![i]
            var font: String? = nil
            if let f = r.font {
                guard let valid = String(validatingCString: f) else {
                    throw LaminaError(.invalidArgument, "run \(i)'s font is not valid UTF-8")
                }
                font = valid
            }
            guard r.start <= Int.max / 2, r.length <= Int.max / 2 else {
                throw LaminaError(.invalidArgument, "run \(i) is outside the string")
            }
            swiftRuns.append(TextRun(
                start: r.start, length: r.length, font: font, fontSize: r.font_size.isNaN ? nil : r.font_size,
                color: r.has_color != 0 ? Color(r.color) : nil))
        }
        try e.setTextRuns(LayerID(rawValue: layer), swiftRuns)
    }
}

@_cdecl("lamina_text_layer_preferred_frame_size")
public func lamina_text_layer_preferred_frame_size(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ width: Double, _ outSize: UnsafeMutablePointer<lamina_size_t>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let out = try required(outSize, "out_size")
        guard width >= 0 else { throw LaminaError(.invalidArgument, "width must be >= 0 (0: none), got \(width)") }
        out.pointee = try e.preferredTextFrameSize(LayerID(rawValue: layer), width: width == 0 ? nil : width).c
    }
}

@_cdecl("lamina_text_layer_layout_count")
public func lamina_text_layer_layout_count(
    _ engine: OpaquePointer?, _ layer: lamina_layer_t, _ outCount: UnsafeMutablePointer<UInt64>?
) -> lamina_status_t {
    withEngine(engine, layer: layer) { e throws(LaminaError) in
        let out = try required(outCount, "out_count")
        out.pointee = UInt64(try e.textLayoutCount(LayerID(rawValue: layer)))
    }
}

// MARK: - Draw records

/// A text record's C data: the header, runs, glyph ids and positions in layer space, the
/// lines, and the font paths' and messages' C strings (kept for the engine's life: few).
struct CTextSide {
    var texts = CBuffer<lamina_draw_text_t>()
    var runs = CBuffer<lamina_text_glyph_run_t>()
    var glyphs = CBuffer<UInt32>()
    var points = CBuffer<lamina_point_t>()
    var lines = CBuffer<lamina_text_line_t>()
    /// Per record: where its pieces start in the buffers (the pointers are set by `finish`).
    var fixups: [(record: Int, before: Bool, text: Int, runs: Int, lines: Int)] = []
    /// Per run: where its glyphs and points start.
    var runFixups: [(run: Int, glyphs: Int)] = []
    var strings: [String: UnsafeMutablePointer<CChar>] = [:]
    /// The last C string handed out per font id, with its path: a run's path is found by its
    /// integer id (and one string comparison, often of the same storage) instead of hashing the
    /// path for every run of every record (an idle text layer's main cost).
    var faceStrings: [UInt64: (path: String, c: UnsafePointer<CChar>)] = [:]
    /// The C string of "" (most layouts' message), without a lookup.
    nonisolated(unsafe) static let empty: UnsafePointer<CChar> = UnsafePointer(cStringCopy(""))

    mutating func reset() {
        texts.reset()
        runs.reset()
        glyphs.reset()
        points.reset()
        lines.reset()
        fixups.clearKeepingCapacity()
        runFixups.clearKeepingCapacity()
    }

    mutating func free() {
        texts.free()
        runs.free()
        glyphs.free()
        points.free()
        lines.free()
        for (_, p) in strings { p.deallocate() }
        strings.removeAll()
        faceStrings.removeAll()
    }

    mutating func cString(_ s: String) -> UnsafePointer<CChar> {
        if s.isEmpty { return Self.empty }
        if let p = strings[s] { return UnsafePointer(p) }
        let p = cStringCopy(s)
        strings[s] = p
        return UnsafePointer(p)
    }

    /// The C string of `face`'s path (cString's, found by the face's id first).
    mutating func facePath(_ face: FontFace) -> UnsafePointer<CChar> {
        if let hit = faceStrings[face.id], hit.path == face.path { return hit.c }
        let c = cString(face.path)
        faceStrings[face.id] = (face.path, c)
        return c
    }

    /// A text record into the buffers: positions and boxes moved into layer space, each run's
    /// colour resolved.
    mutating func append(_ t: DrawText, at index: Int, before: Bool) {
        let layout = t.layout
        let ox = t.origin.x, oy = t.origin.y
        fixups.append((index, before, texts.count, runs.count, lines.count))
        var c = lamina_draw_text_t()
        c.struct_size = UInt32(MemoryLayout<lamina_draw_text_t>.size)
        c.status = layout.status.rawValue
        c.message = cString(layout.message)
        c.size = layout.size.c
        c.run_count = layout.runs.count
        c.line_count = layout.lines.count
        texts.append(c)
        for r in layout.runs {
            var cr = lamina_text_glyph_run_t()
            cr.font_id = r.face.id
            cr.font_path = facePath(r.face)
            cr.face_index = Int32(clamping: r.face.faceIndex)
            cr.flags = LAMINA_TEXT_RUN_HAS_COLOR | (r.isRightToLeft ? LAMINA_TEXT_RUN_RTL : 0)
            cr.size = r.size
            cr.glyph_count = r.glyphs.count
            cr.color = (t.color(of: r) ?? Color(red: 0, green: 0, blue: 0, alpha: 0)).c
            cr.line_index = UInt32(clamping: r.line)
            runFixups.append((runs.count, glyphs.count))
            runs.append(cr)
            for g in r.glyphs { glyphs.append(g) }
            for p in r.positions { points.append(lamina_point_t(x: p.x + ox, y: p.y + oy)) }
        }
        for l in layout.lines {
            var cl = lamina_text_line_t()
            cl.box = lamina_rect_t(
                origin: lamina_point_t(x: l.rect.origin.x + ox, y: l.rect.origin.y + oy), size: l.rect.size.c)
            cl.baseline = l.baseline + oy
            cl.start = l.start
            cl.length = l.length
            cl.flags = l.isTruncated ? LAMINA_TEXT_LINE_TRUNCATED : 0
            lines.append(cl)
        }
    }

    /// Sets the pointers once every buffer has its final address.
    func finish(
        _ records: UnsafeMutablePointer<lamina_draw_record_t>, _ befores: UnsafeMutablePointer<lamina_draw_record_t>?
    ) {
        for f in runFixups {
            let r = runs.base! + f.run
            if r.pointee.glyph_count > 0 {
                r.pointee.glyph_ids = UnsafePointer(glyphs.base! + f.glyphs)
                r.pointee.positions = UnsafePointer(points.base! + f.glyphs)
            }
        }
        for f in fixups {
            let t = texts.base! + f.text
            if t.pointee.run_count > 0 { t.pointee.runs = UnsafePointer(runs.base! + f.runs) }
            if t.pointee.line_count > 0 { t.pointee.lines = UnsafePointer(lines.base! + f.lines) }
            if f.before { befores![f.record].text = UnsafePointer(t) } else { records[f.record].text = UnsafePointer(t) }
        }
    }
}
