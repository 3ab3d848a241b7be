# SPDX-License-Identifier: Apache-2.0
"""A card of text layers (issue 26): a title, a wrapped paragraph with Hebrew inside English
and a character from a CJK font, and a line truncated at its end, laid out by liblamina-text
(HarfBuzz, FriBidi, libunibreak, fontconfig) and sized with ``preferred_frame_size``.

Run it as ``python3 text_card.py [FONT_DIR [OUTPUT_DIR]]``: it prints each layer's lines (the
text on each, whether it was cut) and with an output directory renders the card as a PNG file
(with the reference compositor, liblamina-gles). FONT_DIR adds fonts (the tests pass the
repository's Tests/fonts)."""
import os
import sys

import lamina

font_dir = sys.argv[1] if len(sys.argv) > 1 else None
out_dir = sys.argv[2] if len(sys.argv) > 2 else None

with lamina.Engine() as engine:
    engine.use_text_provider([font_dir] if font_dir else [])
    root = engine.layer(bounds=(0, 0, 360, 220), position=(180, 110), background_color=lamina.WHITE)
    ink = lamina.Color(0.1, 0.1, 0.15)
    title = engine.text_layer(string="Text layers", font="Noto Sans", font_size=26, foreground_color=ink)
    # The title takes the size its text needs, as sizeToFit would.
    size = title.preferred_frame_size()
    title.bounds = (0, 0, size.width, size.height)
    title.position = (20 + size.width / 2, 16 + size.height / 2)
    body = engine.text_layer(
        string="Shaped by HarfBuzz and wrapped by the Unicode rules, with שלום inside English "
               "and 漢字 from a fallback font.",
        font="Noto Sans", font_size=15, foreground_color=ink, wrapped=True,
        bounds=(0, 0, 320, 80), position=(180, 100))
    line = engine.text_layer(string="A line far too long to fit in the card, truncated at its end",
                             font="Noto Sans", font_size=15, foreground_color=lamina.Color(0.8, 0.2, 0.2),
                             truncation_mode="end", bounds=(0, 0, 320, 24), position=(180, 180))
    for layer in (title, body, line):
        root.add_sublayer(layer)
    engine.tick(0.0)
    for name, layer in (("title", title), ("body", body), ("line", line)):
        record = engine.draw_list(layer)[0]
        text = layer.string.encode() if layer.string else b""
        for i, l in enumerate(record.text_lines):
            shown = text[l.start:l.start + l.length].decode().rstrip()
            print(f"{name} line {i}: {shown!r}{' (truncated)' if l.truncated else ''}")
    if out_dir:
        path = os.path.join(out_dir, "text_card.png")
        lamina.render(root, (360, 220)).save_png(path)
        print("wrote", path)
