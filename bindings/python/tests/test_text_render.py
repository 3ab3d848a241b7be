# SPDX-License-Identifier: Apache-2.0
"""Issue 26 item 5: the reference compositor draws text layers (FreeType glyph atlas,
renderer/gles/text.c). A card with a title, a wrapped paragraph with Hebrew and a CJK fallback,
an Arabic line and a truncated line matches its golden image (looked at by eye when it was
made) at scale 1 and 2; glyph ink lands where the layout puts the glyphs; opacity, clips and
transforms apply. Pixels are 8-bit: the goldens allow 24/255 per channel on 0.5% of pixels
(llvmpipe and FreeType are deterministic on one machine; the margin absorbs library updates).

Regenerate the goldens with LAMINA_UPDATE_TEXT_GOLDENS=1 and look at them before committing.
"""
import os
import struct
import zlib

import pytest

import lamina

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
FONTS = os.path.join(ROOT, "Tests", "fonts")
LATIN = os.path.join(FONTS, "NotoSans-Regular.ttf")
GOLDENS = os.path.join(ROOT, "Tests", "gles", "golden")

try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False
if not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1":
    pytest.skip("liblamina-gles is not available", allow_module_level=True)
try:
    lamina._engine._text_library()
except lamina.NotFoundError as _why:
    if os.environ.get("LAMINA_REQUIRE_TEXT") == "1":
        raise
    pytest.skip(f"liblamina-text is not available: {_why}", allow_module_level=True)


@pytest.fixture
def engine():
    with lamina.Engine() as e:
        e.use_text_provider([FONTS])
        yield e


def read_png(path):
    """(width, height, rgba) of an 8-bit RGBA PNG written by RenderedImage.save_png (filter 0)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, h = 8, b"", 0
    w = 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    row = 4 * w
    out = bytearray()
    for y in range(h):
        assert raw[y * (row + 1)] == 0, "only filter 0 is read"
        out += raw[y * (row + 1) + 1:(y + 1) * (row + 1)]
    return w, h, bytes(out)


def card(engine, scale):
    ink = lamina.Color(0.1, 0.1, 0.15)
    root = engine.layer(bounds=(0, 0, 360, 260), position=(180, 130),
                        background_color=lamina.Color(0.93, 0.94, 0.96))
    c = engine.layer(bounds=(0, 0, 320, 220), position=(180, 130), background_color=lamina.WHITE,
                     corner_radius=12)
    root.add_sublayer(c)
    layers = [
        engine.text_layer(string="Text layers", font="Noto Sans", font_size=26, foreground_color=ink,
                          bounds=(0, 0, 288, 36), position=(160, 34)),
        engine.text_layer(string="Shaped by HarfBuzz, wrapped by the Unicode rules, with bidi: "
                                 "שלום עולם and fallback: 漢字.",
                          font="Noto Sans", font_size=15, foreground_color=lamina.Color(0.25, 0.27, 0.3),
                          wrapped=True, bounds=(0, 0, 288, 100), position=(160, 110)),
        engine.text_layer(string="مرحبا بالعالم", font="Noto Sans Arabic", font_size=16,
                          foreground_color=lamina.Color(0.1, 0.4, 0.2), bounds=(0, 0, 288, 24),
                          position=(160, 160)),
        engine.text_layer(string="A line far too long to fit in the card, truncated at its end",
                          font="Noto Sans", font_size=15, foreground_color=lamina.Color(0.8, 0.2, 0.2),
                          truncation_mode="end", bounds=(0, 0, 288, 24), position=(160, 185)),
    ]
    for t in layers:
        t.contents_scale = scale
        c.add_sublayer(t)
    engine.flush()
    return root


@pytest.mark.parametrize("scale,name", [(1.0, "text-card.png"), (2.0, "text-card@2x.png")])
def test_the_text_card_matches_its_golden(engine, scale, name):
    img = lamina.render(card(engine, scale), (int(360 * scale), int(260 * scale)), scale=scale)
    path = os.path.join(GOLDENS, name)
    if os.environ.get("LAMINA_UPDATE_TEXT_GOLDENS") == "1":
        img.save_png(path)
    w, h, golden = read_png(path)
    assert (w, h) == (img.width, img.height)
    bad = sum(1 for i in range(0, len(golden), 4)
              if max(abs(golden[i + k] - img.rgba[i + k]) for k in range(4)) > 24)
    assert bad <= 0.005 * w * h, f"{bad} pixels differ from {name}"
    # The text layers take one draw call each (their glyphs batched), not one per glyph.
    assert img.draw_calls <= 8


def _ink(img, x0, y0, x1, y1):
    """The darkest pixel's darkness (255 - min channel) in a box of a white-backed image."""
    return max(255 - min(img.pixel(x, y)[:3]) for y in range(y0, y1) for x in range(x0, x1))


def test_glyph_ink_lands_where_the_layout_puts_the_glyphs(engine):
    root = engine.layer(bounds=(0, 0, 200, 80), position=(100, 40), background_color=lamina.WHITE)
    t = engine.text_layer(string="I I", font=LATIN, font_size=40, foreground_color=lamina.BLACK,
                          bounds=(0, 0, 200, 80), position=(100, 40))
    root.add_sublayer(t)
    engine.flush()
    rec = engine.draw_list(root)[1]
    img = lamina.render(root, (200, 80))
    base = int(rec.text_lines[0].baseline)
    for p in (rec.text_runs[0].positions[0], rec.text_runs[0].positions[2]):  # the two I's
        x = int(p.x)
        # The stem of an "I" is a few pixels right of the pen, from the baseline up.
        assert _ink(img, x, base - 20, x + 12, base - 4) > 200
    # Between the two I's (the space) there is no ink.
    gap = int((rec.text_runs[0].positions[0].x + rec.text_runs[0].positions[2].x) / 2)
    assert _ink(img, gap + 2, base - 20, gap + 4, base - 4) < 10


def test_opacity_and_clipping_apply_to_text(engine):
    root = engine.layer(bounds=(0, 0, 200, 80), position=(100, 40), background_color=lamina.WHITE)
    clip = engine.layer(bounds=(0, 0, 100, 80), position=(50, 40), masks_to_bounds=True)
    t = engine.text_layer(string="IIIIIIIIIIIIIIII", font=LATIN, font_size=40, foreground_color=lamina.BLACK,
                          bounds=(0, 0, 200, 80), position=(100, 40), opacity=0.5)
    root.add_sublayer(clip)
    clip.add_sublayer(t)
    engine.flush()
    img = lamina.render(root, (200, 80))
    inside = _ink(img, 0, 10, 100, 60)
    assert 100 < inside < 160  # half-transparent black on white: about 128
    assert _ink(img, 101, 0, 200, 80) == 0  # clipped by the superlayer's bounds


def test_a_rotated_text_layer_draws_rotated(engine):
    import math
    root = engine.layer(bounds=(0, 0, 120, 120), position=(60, 60), background_color=lamina.WHITE)
    t = engine.text_layer(string="IIIIII", font=LATIN, font_size=30, foreground_color=lamina.BLACK,
                          bounds=(0, 0, 100, 40), position=(60, 60),
                          transform=lamina.Transform3D.rotation(math.pi / 2))
    root.add_sublayer(t)
    engine.flush()
    img = lamina.render(root, (120, 120))
    # Turned a quarter: the row of I's runs down the middle column, not across.
    assert _ink(img, 50, 20, 70, 100) > 200
    assert _ink(img, 0, 50, 30, 70) == 0 and _ink(img, 90, 50, 120, 70) == 0


def test_glyphs_are_uploaded_once_and_reused(engine):
    root = engine.layer(bounds=(0, 0, 200, 60), position=(100, 30), background_color=lamina.WHITE)
    # A size no other test draws, so every glyph is new to the atlas the first time.
    t = engine.text_layer(string="Atlas reuse", font=LATIN, font_size=21.37, foreground_color=lamina.BLACK,
                          bounds=(0, 0, 200, 60), position=(100, 30))
    root.add_sublayer(t)
    engine.flush()
    first = lamina.render(root, (200, 60))
    assert 0 < first.glyphs_uploaded <= len("Atlas reuse")  # one per distinct glyph and phase
    again = lamina.render(root, (200, 60))
    assert again.glyphs_uploaded == 0
    assert again.rgba == first.rgba
    # New glyphs upload only themselves.
    t.string = "Atlas reuse!"
    engine.flush()
    more = lamina.render(root, (200, 60))
    assert 1 <= more.glyphs_uploaded <= 2


# R15.8: text tiles. A text layer that is only translated and scaled is drawn once into a tile
# and composited as one quad; the pixels match drawing it glyph by glyph.

def _card(engine, x=0.0, y=0.0, tag="0123"):
    """A card of two text layers; `tag` makes its look new to the renderer (tiles are shared)."""
    root = engine.layer(bounds=(0, 0, 240, 100), position=(120, 50), background_color=lamina.WHITE)
    t = engine.text_layer(string=f"Tiles: AV fi Wa {tag}", font=LATIN, font_size=22,
                          foreground_color=(0.1, 0.2, 0.6, 1.0), bounds=(0, 0, 220, 40),
                          position=(120 + x, 30 + y))
    u = engine.text_layer(string=f"wrapped and half transparent text in a tile {tag}", font=LATIN,
                          font_size=13, foreground_color=lamina.BLACK, bounds=(0, 0, 200, 40),
                          position=(110 + x, 75 + y), wrapped=True, opacity=0.6)
    root.add_sublayer(t)
    root.add_sublayer(u)
    engine.flush()
    return root, t


def _max_diff(a, b):
    return max(abs(x - y) for x, y in zip(a.rgba, b.rgba))


def test_text_tiles_match_drawing_glyph_by_glyph(engine):
    root, _ = _card(engine)
    tiles = lamina.render(root, (240, 100))
    glyphs = lamina.render(root, (240, 100), text_tiles=False)
    assert tiles.text_tiles_drawn == 2 and glyphs.text_tiles_drawn == 0
    # Texel for pixel: only 8-bit rounding of the tile's premultiplied colour differs.
    assert _max_diff(tiles, glyphs) <= 3
    assert _ink(tiles, 0, 0, 240, 100) > 150  # there is text to compare


def _total_ink(img):
    return sum(255 * 3 - sum(img.pixel(x, y)[:3]) for y in range(img.height) for x in range(img.width))


def test_a_text_tile_at_a_fractional_position_is_resampled_not_lost(engine):
    whole = lamina.render(_card(engine, tag="frac")[0], (240, 100))
    root, _ = _card(engine, 0.5, 0.25, tag="frac")
    tiles = lamina.render(root, (240, 100))
    assert tiles.text_tiles_drawn == 2 and tiles.text_tiles_rendered == 0  # the same look
    # Linear filtering spreads each texel over its neighbours; the total ink stays (1.5%: 8-bit
    # rounding of the spread values).
    assert abs(_total_ink(tiles) - _total_ink(whole)) <= 0.015 * _total_ink(whole)
    assert _max_diff(tiles, whole) > 20  # and it did move


def test_a_text_tile_is_rendered_once_per_look(engine):
    root, t = _card(engine, tag="once")
    first = lamina.render(root, (240, 100))
    assert first.text_tiles_rendered == 2
    again = lamina.render(root, (240, 100))
    assert (again.text_tiles_rendered, again.text_tiles_drawn) == (0, 2)
    assert again.rgba == first.rgba
    # Moving the layer keeps its look: no new tile.
    with engine.transaction(disable_actions=True):
        t.position = (121, 30)
    engine.flush()
    assert lamina.render(root, (240, 100)).text_tiles_rendered == 0
    # A new string or colour is a new look: one new tile.
    t.string = "Tiles: changed"
    engine.flush()
    assert lamina.render(root, (240, 100)).text_tiles_rendered == 1
    with engine.transaction(disable_actions=True):
        t.foreground_color = (0.8, 0.1, 0.1, 1.0)
    engine.flush()
    red = lamina.render(root, (240, 100))
    assert red.text_tiles_rendered == 1
    assert any(p[0] > 150 and p[1] < 120 for p in
               (red.pixel(x, y) for y in range(10, 50) for x in range(10, 230)))


def test_rotated_text_is_drawn_glyph_by_glyph_not_from_a_tile(engine):
    import math
    root, t = _card(engine, tag="turn")
    with engine.transaction(disable_actions=True):
        t.transform = lamina.Transform3D.rotation(math.pi / 7)
    engine.flush()
    img = lamina.render(root, (240, 100))
    assert img.text_tiles_drawn == 1  # only the other, unrotated layer
