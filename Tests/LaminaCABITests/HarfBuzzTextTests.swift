// SPDX-License-Identifier: Apache-2.0
// The HarfBuzz text layout provider from Swift (issue 26, R15.1): SwiftPM's LaminaText target
// compiles liblamina-text's C sources and hands Swift hosts a TextLayoutProvider.

import Lamina
import LaminaText
import Testing

private let fonts: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)  // LaminaCABITests/HarfBuzzTextTests.swift
    return parts.joined(separator: "/") + "/fonts"
}()

@Test("HarfBuzzText lays a Swift text layer out with the shipped Noto Sans (R15.1, R15.5)")
func harfBuzzFromSwift() throws {
    let engine = Engine()
    engine.textLayoutProvider = try HarfBuzzText.makeProvider(fontDirectories: [fonts])
    let t = engine.makeTextLayer()
    t.string = "Hello"
    t.font = fonts + "/NotoSans-Regular.ttf"
    t.fontSize = 20
    t.bounds = Rect(x: 0, y: 0, width: 200, height: 40)
    engine.transaction.flush()
    let text = try #require(try engine.drawList(root: t)[0].text)
    #expect(text.layout.status == .ok)
    #expect(text.layout.runs.count == 1)
    #expect(text.layout.runs[0].glyphs.count == 5)
    #expect(text.layout.runs[0].face.path.hasSuffix("NotoSans-Regular.ttf"))
    // Noto Sans: ascender 1069 and descender 293 per 1000 em.
    let size = try t.preferredFrameSize()
    #expect(abs(size.height - 1.362 * 20) < 1e-9)
    #expect(laminaCode { _ = try HarfBuzzText.makeProvider(fontDirectories: ["/no/such/fonts"]) } == .notFound)
}

private func laminaCode(_ body: () throws -> Void) -> LaminaError.Code? {
    do { try body() } catch let e as LaminaError { return e.code } catch {}
    return nil
}
