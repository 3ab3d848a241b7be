// SPDX-License-Identifier: Apache-2.0
// Text layers (issue 26, R15): the kind and its keys, the provider protocol, the draw record's
// text, the per-layer cache, animation of fontSize and foregroundColor, preferredFrameSize and
// attributed runs. A monospaced Swift provider stands in for HarfBuzz here (the HarfBuzz
// provider is tested against uharfbuzz in bindings/python/tests/test_text.py).

import Testing

@testable import Lamina

/// Every character is one glyph (its scalar value) of advance size / 2 on one line per
/// paragraph; the line is size tall. Counts its calls and remembers the last request.
final class MonoProvider: TextLayoutProvider, @unchecked Sendable {
    var calls = 0
    var last: TextLayoutRequest? = nil
    var failWith: String? = nil

    func layout(_ request: TextLayoutRequest) throws(LaminaError) -> TextLayout {
        calls += 1
        last = request
        if let why = failWith { throw LaminaError(.notFound, why) }
        var runs: [GlyphRun] = []
        var widest = 0.0
        for span in request.spans {
            let bytes = Array(request.string.utf8)[span.start..<(span.start + span.length)]
            let text = String(decoding: bytes, as: UTF8.self)
            var glyphs: [UInt32] = []
            var positions: [Point] = []
            var x = widest
            for scalar in text.unicodeScalars {
                glyphs.append(scalar.value)
                positions.append(Point(x: x, y: span.fontSize * 0.8))
                x += span.fontSize / 2
            }
            widest = x
            runs.append(GlyphRun(
                face: FontFace(id: 1, path: "/mono/\(span.font)", faceIndex: 0), size: span.fontSize,
                glyphs: glyphs, positions: positions, color: span.color, line: 0, isRightToLeft: false))
        }
        let size = request.spans.first?.fontSize ?? 0
        let width = min(widest, request.width)
        return TextLayout(
            size: Size(width: width, height: size), runs: runs,
            lines: [LineBox(rect: Rect(x: 0, y: 0, width: width, height: size), baseline: size * 0.8,
                            start: 0, length: request.string.utf8.count, isTruncated: false)])
    }
}

@Suite("Text layers (issue 26, R15)")
struct TextLayerTests {
    func committed(_ engine: Engine, _ configure: (TextLayer) -> Void) throws -> TextLayer {
        let layer = engine.makeTextLayer()
        configure(layer)
        engine.transaction.flush()
        return layer
    }

    func textRecord(_ engine: Engine, _ layer: TextLayer) throws -> DrawText {
        let records = try engine.drawList(root: layer)
        return try #require(records[0].text)
    }

    @Test("A text layer has CATextLayer's defaults, and its keys only on text layers (R15.2)")
    func defaults() throws {
        let engine = Engine()
        let t = engine.makeTextLayer()
        #expect(t.kind == .text)
        #expect(LayerKind.text.rawValue == 4)
        #expect(t.string == nil)
        #expect(t.font == "Helvetica")
        #expect(t.fontSize == 36)
        #expect(t.foregroundColor == .white)
        #expect(t.alignmentMode == .natural)
        #expect(t.isWrapped == false)
        #expect(t.truncationMode == TextTruncation.none)
        let plain = engine.makeLayer()
        #expect(laminaErrorCode { try plain.setValue(.number(12), forKeyPath: "fontSize") } == .unknownKey)
        #expect(laminaErrorCode { try t.setValue(.string("middle"), forKeyPath: "alignmentMode") } == .invalidArgument)
        #expect(laminaErrorCode { try t.setValue(.number(-1), forKeyPath: "fontSize") } == .invalidArgument)
        #expect(laminaErrorCode { try t.setValue(.string("both"), forKeyPath: "truncationMode") } == .invalidArgument)
    }

    @Test("Without a provider the record's layout is empty and says so (R15.1)")
    func noProvider() throws {
        let engine = Engine()
        let t = try committed(engine) { $0.string = "Hello" }
        let text = try textRecord(engine, t)
        #expect(text.layout.status == .noProvider)
        #expect(text.layout.runs.isEmpty)
        #expect(laminaErrorCode { _ = try t.preferredFrameSize() } == .notFound)
    }

    @Test("The provider gets the presented inputs; its runs land in the record at the bounds' origin (R15.3, R15.5)")
    func request() throws {
        let engine = Engine()
        let mono = MonoProvider()
        engine.textLayoutProvider = mono
        let t = try committed(engine) {
            $0.string = "Hi"
            $0.font = "Mono"
            $0.fontSize = 10
            $0.bounds = Rect(x: 5, y: 7, width: 100, height: 20)
            $0.isWrapped = true
            $0.alignmentMode = .center
            $0.truncationMode = .end
        }
        let text = try textRecord(engine, t)
        let req = try #require(mono.last)
        #expect(req.string == "Hi" && req.width == 100 && req.height == 20)
        #expect(req.isWrapped && req.alignment == .center && req.truncation == .end)
        #expect(req.spans == [TextSpan(start: 0, length: 2, font: "Mono", fontSize: 10)])
        #expect(text.origin == Point(x: 5, y: 7))
        #expect(text.layout.runs[0].glyphs == [72, 105])
        #expect(text.color(of: text.layout.runs[0]) == .white)
    }

    @Test("The layout is cached: an idle layer or a colour change asks for none; an input change does (R15.6)")
    func caching() throws {
        let engine = Engine()
        let mono = MonoProvider()
        engine.textLayoutProvider = mono
        let t = try committed(engine) { $0.string = "Idle"; $0.bounds = Rect(x: 0, y: 0, width: 50, height: 20) }
        for k in 1...5 {
            engine.tick(Double(k) / 60)
            _ = try engine.drawList(root: t)
        }
        #expect(mono.calls == 1 && t.layoutCount == 1)
        engine.transaction.disableActions = true
        t.foregroundColor = Color(red: 1, green: 0, blue: 0)
        engine.transaction.flush()
        let text = try textRecord(engine, t)
        #expect(mono.calls == 1)
        #expect(text.color == Color(red: 1, green: 0, blue: 0))
        engine.transaction.disableActions = true
        t.string = "Busy"
        engine.transaction.flush()
        _ = try textRecord(engine, t)
        #expect(mono.calls == 2 && t.layoutCount == 2)
        engine.transaction.disableActions = true
        t.bounds = Rect(x: 0, y: 0, width: 60, height: 20)
        engine.transaction.flush()
        _ = try textRecord(engine, t)
        #expect(mono.calls == 3)
        // A new provider lays everything out again.
        let other = MonoProvider()
        engine.textLayoutProvider = other
        _ = try textRecord(engine, t)
        #expect(other.calls == 1)
    }

    @Test("fontSize and foregroundColor animate implicitly; the record follows the presentation")
    func animation() throws {
        let engine = Engine()
        engine.textLayoutProvider = MonoProvider()
        let t = try committed(engine) { $0.string = "A"; $0.fontSize = 10; $0.foregroundColor = .black }
        t.fontSize = 30
        t.foregroundColor = .white
        engine.tick(1)  // commits: the animations begin at 1
        engine.tick(1.125)
        let text = try textRecord(engine, t)
        let size = text.layout.runs[0].size
        #expect(size > 10 && size < 30)
        let c = try #require(text.color)
        #expect(c.red > 0 && c.red < 1)
        engine.tick(2)
        #expect(try textRecord(engine, t).layout.runs[0].size == 30)
    }

    @Test("preferredFrameSize lays the model out at a width (R15.7)")
    func preferredSize() throws {
        let engine = Engine()
        let mono = MonoProvider()
        engine.textLayoutProvider = mono
        let t = engine.makeTextLayer()
        t.string = "abcd"
        t.fontSize = 10
        t.bounds = Rect(x: 0, y: 0, width: 12, height: 10)
        t.truncationMode = .end
        #expect(try t.preferredFrameSize() == Size(width: 20, height: 10))
        #expect(mono.last?.width == .infinity && mono.last?.truncation == TextTruncation.none)
        t.isWrapped = true
        _ = try t.preferredFrameSize()
        #expect(mono.last?.width == 12)
        #expect(try t.preferredFrameSize(width: 15) == Size(width: 15, height: 10))
        #expect(laminaErrorCode { _ = try t.preferredFrameSize(width: 0) } == .invalidArgument)
    }

    @Test("A failing provider gives an empty layout with its message (R15.1)")
    func failure() throws {
        let engine = Engine()
        let mono = MonoProvider()
        mono.failWith = "font file '/x.ttf' cannot be opened"
        engine.textLayoutProvider = mono
        let t = try committed(engine) { $0.string = "x" }
        let text = try textRecord(engine, t)
        #expect(text.layout.status == .failed)
        #expect(text.layout.message.contains("/x.ttf"))
        #expect(laminaErrorCode { _ = try t.preferredFrameSize() } == .notFound)
    }

    @Test("Attributed runs become spans with the layer's values filled in; bad runs throw (R15.2)")
    func runs() throws {
        let engine = Engine()
        let mono = MonoProvider()
        engine.textLayoutProvider = mono
        let t = try committed(engine) { $0.string = "abcdef"; $0.font = "F"; $0.fontSize = 10 }
        let red = Color(red: 1, green: 0, blue: 0)
        try t.setRuns([TextRun(start: 2, length: 2, fontSize: 20, color: red)])
        _ = try textRecord(engine, t)
        #expect(mono.last?.spans == [
            TextSpan(start: 0, length: 2, font: "F", fontSize: 10),
            TextSpan(start: 2, length: 2, font: "F", fontSize: 20, color: red),
            TextSpan(start: 4, length: 2, font: "F", fontSize: 10),
        ])
        #expect(laminaErrorCode { try t.setRuns([TextRun(start: 4, length: 5)]) } == .invalidArgument)
        #expect(laminaErrorCode { try t.setRuns([TextRun(start: 0, length: 3), TextRun(start: 2, length: 2)]) } == .invalidArgument)
        #expect(laminaErrorCode { try t.setRuns([TextRun(start: 0, length: 1, fontSize: .nan)]) } == .invalidArgument)
        t.string = "é"
        #expect(laminaErrorCode { try t.setRuns([TextRun(start: 1, length: 1)]) } == .invalidArgument)
        // A shorter string keeps the runs clipped to it.
        t.string = "abcdef"
        try t.setRuns([TextRun(start: 2, length: 4, fontSize: 20)])
        t.string = "abc"
        engine.transaction.flush()
        _ = try textRecord(engine, t)
        #expect(mono.last?.spans.last == TextSpan(start: 2, length: 1, font: "F", fontSize: 20))
    }

    @Test("A size of 0 or an empty string lays out as no lines without asking the provider")
    func empty() throws {
        let engine = Engine()
        let mono = MonoProvider()
        engine.textLayoutProvider = mono
        let t = try committed(engine) { $0.string = "x"; $0.fontSize = 0 }
        let text = try textRecord(engine, t)
        #expect(text.layout.status == .ok && text.layout.runs.isEmpty && mono.calls == 0)
    }
}
