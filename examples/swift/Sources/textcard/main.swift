// SPDX-License-Identifier: Apache-2.0
// A card of text layers (issue 26, R15) laid out by liblamina-text (HarfBuzz, FriBidi,
// libunibreak, fontconfig) over the fonts in the directory given as the first argument (the
// repository's Tests/fonts): a title sized by its preferred frame size (R15.7), as sizeToFit
// would, a wrapped paragraph with Hebrew inside English, and a line truncated at its end. The
// trace prints each layer's preferred frame size and, from its draw record, each laid-out line:
// the bytes of the string on it and whether it was cut (R15.5).

import Lamina
import LaminaText
import Trace

run {
    let fontDirectories = CommandLine.arguments.count > 1 ? [CommandLine.arguments[1]] : []
    print("text card: a title, a wrapped paragraph, a truncated line")
    let engine = Engine()
    engine.textLayoutProvider = try HarfBuzzText.makeProvider(fontDirectories: fontDirectories)
    let root = engine.makeLayer()
    root.bounds = Rect(x: 0, y: 0, width: 360, height: 220)
    root.position = Point(x: 180, y: 110)
    root.backgroundColor = Color(red: 1, green: 1, blue: 1)
    let ink = Color(red: 0.1, green: 0.1, blue: 0.15)

    func textLayer(_ string: String, size: Double) -> TextLayer {
        let layer = engine.makeTextLayer()
        layer.string = string
        layer.font = "Noto Sans"
        layer.fontSize = size
        layer.foregroundColor = ink
        root.addSublayer(layer)
        return layer
    }

    let title = textLayer("Text layers", size: 26)
    // The title takes the size its text needs, as sizeToFit would.
    let size = try title.preferredFrameSize()
    title.bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
    title.position = Point(x: 20 + size.width / 2, y: 16 + size.height / 2)
    let body = textLayer(
        "Shaped by HarfBuzz and wrapped by the Unicode rules, with שלום "
            + "inside English, in a paragraph of several lines.", size: 15)
    body.isWrapped = true
    body.bounds = Rect(x: 0, y: 0, width: 320, height: 80)
    body.position = Point(x: 180, y: 100)
    let line = textLayer("A line far too long to fit in the card, truncated at its end", size: 15)
    line.truncationMode = .end
    line.bounds = Rect(x: 0, y: 0, width: 320, height: 24)
    line.position = Point(x: 180, y: 180)
    engine.tick(0)

    for (name, layer) in [("title", title), ("body", body), ("line", line)] {
        let size = try layer.preferredFrameSize()
        print("\(name): preferred frame size \(num(size.width)) x \(num(size.height))")
        let records = try engine.drawList(root: layer, at: 0)
        guard let text = records.first?.text, text.layout.status == .ok else {
            fail("\(name): no layout")
        }
        let bytes = Array((layer.string ?? "").utf8)
        for (i, l) in text.layout.lines.enumerated() {
            let shown = String(decoding: bytes[l.start..<(l.start + l.length)], as: UTF8.self)
            print("  line \(i): \"\(shown)\"\(l.isTruncated ? " (truncated)" : "")")
        }
    }
}
