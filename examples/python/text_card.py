#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A card of text layers (issue 26, R15) laid out by liblamina-text (HarfBuzz, FriBidi,
libunibreak, fontconfig) over the fonts in the directory given as the first argument (the
repository's Tests/fonts): a title sized by its preferred frame size (R15.7), as sizeToFit
would, a wrapped paragraph with Hebrew inside English, and a line truncated at its end. The
trace prints each layer's preferred frame size and, from its draw record, each laid-out line:
the bytes of the string on it and whether it was cut (R15.5).
"""
import sys

import lamina
from lamina_trace import num

font_dir = sys.argv[1] if len(sys.argv) > 1 else None

print("text card: a title, a wrapped paragraph, a truncated line")
with lamina.Engine() as engine:
    engine.use_text_provider([font_dir] if font_dir else [])
    root = engine.layer(bounds=(0, 0, 360, 220), position=(180, 110), background_color=lamina.WHITE)
    ink = lamina.Color(0.1, 0.1, 0.15)
    title = engine.text_layer(string="Text layers", font="Noto Sans", font_size=26,
                              foreground_color=ink)
    # The title takes the size its text needs, as sizeToFit would.
    size = title.preferred_frame_size()
    title.bounds = (0, 0, size.width, size.height)
    title.position = (20 + size.width / 2, 16 + size.height / 2)
    body = engine.text_layer(
        string="Shaped by HarfBuzz and wrapped by the Unicode rules, with שלום "
               "inside English, in a paragraph of several lines.",
        font="Noto Sans", font_size=15, foreground_color=ink, wrapped=True,
        bounds=(0, 0, 320, 80), position=(180, 100))
    line = engine.text_layer(string="A line far too long to fit in the card, truncated at its end",
                             font="Noto Sans", font_size=15, foreground_color=ink,
                             truncation_mode="end", bounds=(0, 0, 320, 24), position=(180, 180))
    for layer in (title, body, line):
        root.add_sublayer(layer)
    engine.tick(0.0)

    for name, layer in (("title", title), ("body", body), ("line", line)):
        size = layer.preferred_frame_size()
        print(f"{name}: preferred frame size {num(size.width)} x {num(size.height)}")
        record = engine.draw_list(layer, at=0.0)[0]
        text = layer.string.encode()
        for i, l in enumerate(record.text_lines):
            shown = text[l.start:l.start + l.length].decode()
            print(f'  line {i}: "{shown}"{" (truncated)" if l.truncated else ""}')
