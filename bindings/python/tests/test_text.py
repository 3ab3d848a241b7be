# SPDX-License-Identifier: Apache-2.0
"""Issue 26: text layers (R15). The text layer kind and its keys, the text layout provider
(liblamina-text over HarfBuzz, FriBidi, libunibreak and fontconfig), the draw list's text
records, preferred_frame_size, caching, animation and bad input.

Glyph ids and advances are checked against HarfBuzz called independently (uharfbuzz from PyPI)
on the fonts shipped in Tests/fonts (Noto, OFL); line breaks and truncation points against
widths computed from uharfbuzz's advances. Positions compare within 1e-6 points.
"""
import math
import os

import pytest

import lamina

# liblamina-text is optional (built where HarfBuzz, FriBidi, libunibreak and fontconfig are):
# these tests are skipped only where it is not, unless LAMINA_REQUIRE_TEXT=1 turns that into a
# failure (as LAMINA_REQUIRE_GLES does for the compositor).
try:
    import uharfbuzz as hb
    lamina._engine._text_library()
except (ImportError, lamina.NotFoundError) as _why:
    if os.environ.get("LAMINA_REQUIRE_TEXT") == "1":
        raise
    pytest.skip(f"liblamina-text or uharfbuzz is not available: {_why}", allow_module_level=True)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
FONTS = os.path.join(ROOT, "Tests", "fonts")
LATIN = os.path.join(FONTS, "NotoSans-Regular.ttf")
ARABIC = os.path.join(FONTS, "NotoSansArabic-Regular.ttf")
HEBREW = os.path.join(FONTS, "NotoSansHebrew-Regular.ttf")
DEVANAGARI = os.path.join(FONTS, "NotoSansDevanagari-Regular.ttf")
TOL = 1e-6


@pytest.fixture
def engine():
    with lamina.Engine() as e:
        e.use_text_provider([FONTS])
        yield e


_FONTS = {}


def hb_font(path, index=0):
    key = (path, index)
    if key not in _FONTS:
        face = hb.Face(hb.Blob.from_file_path(path), index)
        _FONTS[key] = (hb.Font(face), face.upem)
    return _FONTS[key]


def hb_shape(path, text, direction=None, script=None, index=0):
    """HarfBuzz's glyph ids and advances (in em units) for ``text`` in ``path``."""
    font, upem = hb_font(path, index)
    if not text:
        return [], []
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    if direction:
        buf.direction = direction
    if script:
        buf.script = script
    hb.shape(font, buf, {})
    return [g.codepoint for g in buf.glyph_infos], [p.x_advance / upem for p in buf.glyph_positions]


def text_record(engine, **props):
    root = engine.layer(bounds=(0, 0, 800, 600))
    layer = engine.text_layer(**props)
    root.add_sublayer(layer)
    engine.flush()
    records = engine.draw_list(root)
    return layer, records[1]


def glyphs(record):
    return [g for run in record.text_runs for g in run.glyph_ids]


def xs(record):
    return [p.x for run in record.text_runs for p in run.positions]


# --- the kind and its keys -------------------------------------------------------------------
def test_text_layer_defaults_are_core_animations(engine):
    t = engine.text_layer()
    assert t.kind is lamina.LayerKind.TEXT
    assert isinstance(t, lamina.TextLayer)
    assert t.string is None
    assert t.font == "Helvetica"
    assert t.font_size == 36.0
    assert t.foreground_color == lamina.WHITE
    assert t.alignment_mode == "natural"
    assert t.wrapped is False
    assert t.truncation_mode == "none"
    # A text key on another kind is unknown (R15.2).
    with pytest.raises(lamina.UnknownKeyError):
        engine.layer().set_value("fontSize", 12.0)


def test_unknown_names_and_bad_sizes_are_rejected(engine):
    t = engine.text_layer()
    with pytest.raises(lamina.InvalidArgumentError):
        t.alignment_mode = "middle"
    with pytest.raises(lamina.InvalidArgumentError):
        t.truncation_mode = "both"
    with pytest.raises(lamina.InvalidArgumentError):
        t.font_size = -1.0
    with pytest.raises(lamina.InvalidArgumentError):
        t.font_size = float("nan")
    with pytest.raises(lamina.InvalidArgumentError):
        t.font = ""


# --- without a provider ---------------------------------------------------------------------
def test_a_provider_that_cannot_be_made_names_the_directory():
    # liblamina-text's own message (lamina_text_last_error_message, issue 31).
    with lamina.Engine() as e:
        with pytest.raises(lamina.NotFoundError, match=r"font directory 1 cannot be read: /no/such/fonts"):
            e.use_text_provider([FONTS, "/no/such/fonts"])


def test_without_a_provider_the_layout_is_empty_and_says_so():
    with lamina.Engine() as e:
        layer, rec = text_record(e, string="Hello", bounds=(0, 0, 100, 40))
        assert rec.kind is lamina.LayerKind.TEXT
        assert rec.text_status == "no-provider"
        assert rec.text_runs == [] and rec.text_lines == []
        assert "provider" in rec.text_message
        with pytest.raises(lamina.NotFoundError):
            layer.preferred_frame_size()
        # Registering one lays the same layer out at the next draw list.
        e.use_text_provider([FONTS])
        layer.font = LATIN
        e.flush()
        rec = e.draw_list(layer)[0]
        assert rec.text_status == "ok" and glyphs(rec) == hb_shape(LATIN, "Hello")[0]
        e.remove_text_provider()
        assert e.draw_list(layer)[0].text_status == "no-provider"


# --- shaping against HarfBuzz ---------------------------------------------------------------
@pytest.mark.parametrize("path,text", [
    (LATIN, "Office affine AVAWAY To"),     # ligatures (ffi) and kerning (AV, To)
    (ARABIC, "مرحبا بالعالم"),              # joining forms, right to left
    (DEVANAGARI, "नमस्ते दुनिया"),           # reordering and conjuncts
    (HEBREW, "שלום עולם"),                  # right to left
])
def test_glyph_ids_and_advances_match_harfbuzz(engine, path, text):
    size = 32.0
    _, rec = text_record(engine, string=text, font=path, font_size=size, bounds=(0, 0, 800, 100))
    assert rec.text_status == "ok", rec.text_message
    ids, advances = hb_shape(path, text)
    assert glyphs(rec) == ids
    assert all(run.font_path == path for run in rec.text_runs)
    # Each glyph's pen position is the sum of HarfBuzz's advances before it (no offsets in
    # these strings' base glyphs... marks carry offsets, so compare the pen through widths).
    total = sum(advances) * size
    assert rec.text_size.width == pytest.approx(total, abs=TOL)
    # Left-to-right text starts at 0; right-to-left ends at the right edge (natural, R15.3).
    pen = rec.text_lines[0].box.x
    assert pen == pytest.approx(0.0 if text[0] not in "مש" else 800 - total, abs=TOL)
    got = xs(rec)
    font, upem = hb_font(path)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {})
    for k, (gp, x) in enumerate(zip(buf.glyph_positions, got)):
        assert x == pytest.approx(pen + gp.x_offset / upem * size, abs=TOL), k
        pen += gp.x_advance / upem * size
    rtl = text[0] in "مש"
    assert all(run.rtl == rtl for run in rec.text_runs)


def test_hebrew_inside_english_lays_out_right_to_left(engine):
    size = 20.0
    text = "Hello שלום world"
    _, rec = text_record(engine, string=text, font=LATIN, font_size=size, bounds=(0, 0, 800, 100))
    hebrew_runs = [r for r in rec.text_runs if r.rtl]
    assert len(hebrew_runs) == 1
    heb = hebrew_runs[0]
    # Noto Sans has no Hebrew: the run falls back (fontconfig) to a face that has it, and
    # HarfBuzz on that face shapes the word right to left to the same glyphs.
    assert heb.font_path != LATIN
    ids, _ = hb_shape(heb.font_path, "שלום", direction="rtl", index=heb.face_index)
    assert heb.glyph_ids == ids
    # Visual order: "Hello " left of the Hebrew, " world" right of it.
    first = rec.text_runs[0]
    assert first.glyph_ids[:5] == hb_shape(LATIN, "Hello")[0]
    assert max(p.x for p in first.positions) < min(p.x for p in heb.positions)
    last = rec.text_runs[-1]
    assert last.glyph_ids[-5:] == hb_shape(LATIN, "world")[0]
    assert min(p.x for p in last.positions) > max(p.x for p in heb.positions)


def test_a_character_missing_from_the_font_falls_back_per_character(engine):
    _, rec = text_record(engine, string="Tea 茶", font=LATIN, font_size=24.0, bounds=(0, 0, 400, 60))
    paths = [r.font_path for r in rec.text_runs]
    assert paths[0] == LATIN
    cjk = [r for r in rec.text_runs if r.font_path != LATIN]
    assert len(cjk) == 1, paths
    ids, _ = hb_shape(cjk[0].font_path, "茶", index=cjk[0].face_index)
    assert cjk[0].glyph_ids == ids and ids != [0]
    assert cjk[0].font_id != rec.text_runs[0].font_id


# --- lines ------------------------------------------------------------------------------------
PARAGRAPH = "The quick brown fox jumps over the lazy dog, then naps in the afternoon sun."


def _width(text, size):
    return sum(hb_shape(LATIN, text)[1]) * size


@pytest.mark.parametrize("width", [90.0, 150.0, 233.0, 400.0])
def test_wrapping_breaks_at_the_last_word_that_fits(engine, width):
    size = 18.0
    _, rec = text_record(engine, string=PARAGRAPH, font=LATIN, font_size=size, wrapped=True,
                         bounds=(0, 0, width, 600))
    data = PARAGRAPH.encode()
    lines = [data[l.start:l.start + l.length].decode() for l in rec.text_lines]
    assert "".join(lines) == PARAGRAPH
    assert len(lines) > 1
    for i, line in enumerate(lines):
        visible = line.rstrip(" ")
        assert _width(visible, size) <= width + TOL, (i, line)
        assert rec.text_lines[i].box.width == pytest.approx(_width(visible, size), abs=1e-3)
        if i + 1 < len(lines):
            # The next line's first word would not have fitted (UAX #14: breaks after spaces).
            next_word = lines[i + 1].split(" ")[0]
            assert _width(line + next_word, size) > width, (i, line, next_word)
    # Lines stack by the font's line height (ascender - descender + line gap).
    font, upem = hb_font(LATIN)
    e = font.get_font_extents("ltr")
    h = (e.ascender - e.descender + e.line_gap) / upem * size
    for i, l in enumerate(rec.text_lines):
        assert l.box.y == pytest.approx(i * h, abs=TOL)
        assert l.baseline == pytest.approx(i * h + e.ascender / upem * size, abs=TOL)
    assert rec.text_size.height == pytest.approx(len(lines) * h, abs=TOL)


def test_a_word_wider_than_the_line_is_broken_inside(engine):
    _, rec = text_record(engine, string="Incomprehensibilities", font=LATIN, font_size=20.0,
                         wrapped=True, bounds=(0, 0, 60, 400))
    assert len(rec.text_lines) > 1
    for l in rec.text_lines:
        assert l.box.width <= 60 + TOL


def test_hard_line_breaks_start_new_lines_without_wrapping(engine):
    _, rec = text_record(engine, string="one\ntwo\n\nfour", font=LATIN, font_size=10.0,
                         bounds=(0, 0, 400, 400))
    assert len(rec.text_lines) == 4
    assert [r.line for r in rec.text_runs] == [0, 1, 3]


ELLIPSIS = 0x2026


@pytest.mark.parametrize("width", [60.0, 110.0, 170.0])
@pytest.mark.parametrize("mode", ["end", "start", "middle"])
def test_truncation_cuts_with_an_ellipsis_at_the_widest_fit(engine, mode, width):
    size = 16.0
    text = "Lamina lays text out with HarfBuzz"
    _, rec = text_record(engine, string=text, font=LATIN, font_size=size, truncation_mode=mode,
                         bounds=(0, 0, width, 40))
    font, upem = hb_font(LATIN)
    ell = font.get_nominal_glyph(ELLIPSIS)
    ids = glyphs(rec)
    assert ids.count(ell) == 1
    assert rec.text_lines[0].truncated
    assert rec.text_lines[0].box.width <= width + TOL
    e = ids.index(ell)
    ell_w = _width("\u2026", size)
    if mode == "end":
        prefix = text[:len(text)]
        # The kept start is the longest prefix (trailing spaces dropped) that fits with "…".
        kept = max((text[:k].rstrip(" ") for k in range(len(text) + 1)
                    if _width(text[:k], size) + ell_w <= width + TOL), key=len)
        assert ids[:e] == hb_shape(LATIN, kept)[0]
        assert e == len(ids) - 1
        del prefix
    elif mode == "start":
        kept = max((text[k:].lstrip(" ") for k in range(len(text) + 1)
                    if _width(text[k:], size) + ell_w <= width + TOL), key=len)
        assert ids[e + 1:] == hb_shape(LATIN, kept)[0]
        assert e == 0
    else:
        assert 0 < e < len(ids) - 1 or width < 70
        assert ids[:e] == hb_shape(LATIN, text)[0][:e]
        tail = ids[e + 1:]
        assert tail == hb_shape(LATIN, text)[0][len(hb_shape(LATIN, text)[0]) - len(tail):]


def test_right_to_left_text_is_cut_at_its_logical_end_on_the_left(engine):
    text = "שלום עולם ושלום לכולם בכל מקום"
    _, rec = text_record(engine, string=text, font=HEBREW, font_size=20.0, truncation_mode="end",
                         bounds=(0, 0, 120, 30))
    runs = rec.text_runs
    assert all(r.rtl for r in runs)
    # The ellipsis is leftmost (the logical end of a right-to-left line), one glyph of a face
    # that has U+2026 (Noto Sans Hebrew has none: fallback finds one) ...
    ell_run = min(runs, key=lambda r: r.positions[0].x)
    ell_font, ell_upem = hb_font(ell_run.font_path, ell_run.face_index)
    assert ell_run.glyph_ids == [ell_font.get_nominal_glyph(ELLIPSIS)]
    ell_w = ell_font.get_glyph_h_advance(ell_run.glyph_ids[0]) / ell_upem * 20.0
    # ... and the kept text is the logical start: the longest prefix that fits with it, shaped
    # right to left by HarfBuzz (natural alignment puts the line at the right edge).
    kept = max((text[:k].rstrip(" ") for k in range(len(text) + 1)
                if sum(hb_shape(HEBREW, text[:k], direction="rtl")[1]) * 20.0 + ell_w <= 120 + TOL), key=len)
    rest = [g for r in runs if r is not ell_run for g in r.glyph_ids]
    assert rest == hb_shape(HEBREW, kept, direction="rtl")[0]
    line = rec.text_lines[0]
    assert line.truncated and line.box.x + line.box.width == pytest.approx(120, abs=TOL)


def test_wrapped_text_is_cut_on_the_last_line_that_fits_the_height(engine):
    size = 18.0
    font, upem = hb_font(LATIN)
    ex = font.get_font_extents("ltr")
    h = (ex.ascender - ex.descender + ex.line_gap) / upem * size
    _, rec = text_record(engine, string=PARAGRAPH, font=LATIN, font_size=size, wrapped=True,
                         truncation_mode="end", bounds=(0, 0, 150, 2.5 * h))
    assert len(rec.text_lines) == 2
    assert rec.text_lines[1].truncated and not rec.text_lines[0].truncated
    assert glyphs(rec)[-1] == font.get_nominal_glyph(ELLIPSIS)
    # Without truncation every line is laid out (the text overflows the bounds).
    _, full = text_record(engine, string=PARAGRAPH, font=LATIN, font_size=size, wrapped=True,
                          bounds=(0, 0, 150, 2.5 * h))
    assert len(full.text_lines) > 2


@pytest.mark.parametrize("mode", ["left", "right", "center", "natural"])
def test_alignment_places_lines_in_the_bounds(engine, mode):
    _, rec = text_record(engine, string="Hi there", font=LATIN, font_size=20.0, alignment_mode=mode,
                         bounds=(10, 5, 300, 40))
    w = _width("Hi there", 20.0)
    want = {"left": 0.0, "natural": 0.0, "right": 300 - w, "center": (300 - w) / 2}[mode]
    # Positions are in layer space: the bounds' origin is added.
    assert rec.text_lines[0].box.x == pytest.approx(10 + want, abs=TOL)
    assert rec.text_runs[0].positions[0].x == pytest.approx(10 + want, abs=TOL)
    assert rec.text_lines[0].box.y == pytest.approx(5, abs=TOL)


def test_natural_alignment_of_right_to_left_text_is_right(engine):
    _, rec = text_record(engine, string="שלום", font=HEBREW, font_size=20.0, bounds=(0, 0, 300, 40))
    w = sum(hb_shape(HEBREW, "שלום")[1]) * 20.0
    assert rec.text_lines[0].box.x == pytest.approx(300 - w, abs=TOL)


def test_justified_lines_fill_the_width_but_the_last(engine):
    _, rec = text_record(engine, string=PARAGRAPH, font=LATIN, font_size=18.0, wrapped=True,
                         alignment_mode="justified", bounds=(0, 0, 233, 600))
    lines = rec.text_lines
    for l in lines[:-1]:
        assert l.box.width == pytest.approx(233, abs=TOL)
    last_runs = [r for r in rec.text_runs if r.line == len(lines) - 1]
    # The last line keeps its natural spacing.
    data = PARAGRAPH.encode()
    last = data[lines[-1].start:lines[-1].start + lines[-1].length].decode()
    assert lines[-1].box.width == pytest.approx(_width(last.rstrip(), 18.0), abs=1e-3)
    assert last_runs


# --- preferred size ---------------------------------------------------------------------------
def test_preferred_frame_size_is_the_laid_out_size(engine):
    t = engine.text_layer(string="Hello world", font=LATIN, font_size=30.0)
    font, upem = hb_font(LATIN)
    e = font.get_font_extents("ltr")
    size = t.preferred_frame_size()
    assert size.width == pytest.approx(_width("Hello world", 30.0), abs=TOL)
    assert size.height == pytest.approx((e.ascender - e.descender + e.line_gap) / upem * 30.0, abs=TOL)
    # With a width and wrapping, it is the wrapped size: narrower and taller.
    t.wrapped = True
    narrow = t.preferred_frame_size(width=120.0)
    assert narrow.width <= 120 + TOL and narrow.height == pytest.approx(2 * size.height, abs=TOL)
    with pytest.raises(lamina.InvalidArgumentError):
        t.preferred_frame_size(width=0.0)
    with pytest.raises(lamina.InvalidArgumentError):
        t.preferred_frame_size(width=float("nan"))


# --- caching, colour, animation -------------------------------------------------------------
def test_layout_is_cached_and_redone_only_when_an_input_changes(engine):
    layer, rec = text_record(engine, string="Cached", font=LATIN, font_size=20.0, bounds=(0, 0, 200, 40))
    assert layer.layout_count == 1
    for _ in range(5):
        engine.tick(engine.time + 1 / 60)
        engine.draw_list(layer)
    assert layer.layout_count == 1
    # A colour is not an input of the layout: the runs take the new colour, no layout.
    with engine.transaction(disable_actions=True):
        layer.foreground_color = lamina.RED
    rec = engine.draw_list(layer)[0]
    assert layer.layout_count == 1
    assert all(r.color == lamina.RED for r in rec.text_runs)
    with engine.transaction(disable_actions=True):
        layer.string = "Changed"
    rec = engine.draw_list(layer)[0]
    assert layer.layout_count == 2
    assert glyphs(rec) == hb_shape(LATIN, "Changed")[0]


def test_font_size_and_colour_animate_implicitly(engine):
    layer, _ = text_record(engine, string="Grow", font=LATIN, font_size=10.0, bounds=(0, 0, 400, 100))
    layer.font_size = 30.0
    layer.foreground_color = lamina.BLACK
    engine.tick(1.0)  # commits: the animations begin at 1.0
    engine.tick(1.0 + 0.125)  # halfway through the default 0.25 s
    p = layer.presentation()
    assert 10.0 < p.font_size < 30.0
    rec = engine.draw_list(layer)[0]
    assert rec.text_runs[0].size == pytest.approx(p.font_size, abs=TOL)
    c = rec.text_runs[0].color
    assert 0.0 < c.r < 1.0
    engine.tick(2.0)
    rec = engine.draw_list(layer)[0]
    assert rec.text_runs[0].size == 30.0 and rec.text_runs[0].color == lamina.BLACK


def test_font_size_and_colour_animate_explicitly(engine):
    layer, _ = text_record(engine, string="Grow", font=LATIN, font_size=10.0, bounds=(0, 0, 400, 100))
    layer.add_animation(lamina.BasicAnimation("fontSize", from_value=20.0, to_value=40.0, duration=1.0,
                                              timing_function="linear"), "grow")
    layer.add_animation(lamina.BasicAnimation("foregroundColor", from_value=lamina.BLACK,
                                              to_value=lamina.WHITE, duration=1.0, timing_function="linear"), "fade")
    engine.tick(1.0)
    engine.tick(1.5)
    rec = engine.draw_list(layer)[0]
    assert rec.text_runs[0].size == pytest.approx(30.0, abs=TOL)
    assert rec.text_runs[0].color.r == pytest.approx(0.5, abs=TOL)
    # The layout follows the animated size: HarfBuzz's advances at 30 points.
    assert rec.text_size.width == pytest.approx(_width("Grow", 30.0), abs=TOL)


def test_a_transition_keeps_the_old_string_in_its_before_state(engine):
    layer, _ = text_record(engine, string="Before", font=LATIN, font_size=20.0, bounds=(0, 0, 300, 40))
    engine.tick(1.0)
    layer.add_animation(lamina.TransitionAnimation(type="fade", duration=1.0), "t")
    layer.string = "After"
    engine.flush()
    engine.tick(1.5)
    rec = engine.draw_list(layer)[0]
    assert glyphs(rec) == hb_shape(LATIN, "After")[0]
    assert rec.transition_before is not None
    assert glyphs(rec.transition_before) == hb_shape(LATIN, "Before")[0]


# --- attributed strings -------------------------------------------------------------------------
def test_attributed_pieces_give_runs_their_own_font_size_and_colour(engine):
    layer, rec = text_record(engine, font=LATIN, font_size=20.0, bounds=(0, 0, 400, 60),
                             string=[("Plain ", {}), ("big red", {"font_size": 30.0, "color": lamina.RED}),
                                     (" ש", {"font": HEBREW})])
    assert layer.string == "Plain big red ש"
    sizes = [(r.size, r.color) for r in rec.text_runs]
    assert (20.0, lamina.WHITE) in sizes and (30.0, lamina.RED) in sizes
    assert any(r.font_path == HEBREW for r in rec.text_runs)
    big = [r for r in rec.text_runs if r.size == 30.0][0]
    assert big.glyph_ids == hb_shape(LATIN, "big red")[0]
    # A plain string clears the runs.
    layer.string = "Plain again"
    engine.flush()
    rec = engine.draw_list(layer)[0]
    assert {r.size for r in rec.text_runs} == {20.0}


# --- bad input --------------------------------------------------------------------------------
def test_invalid_utf8_is_an_error(engine):
    t = engine.text_layer()
    with pytest.raises(lamina.InvalidArgumentError):
        t.string = b"caf\xc3"
    with pytest.raises(lamina.InvalidArgumentError):
        t.string = b"\xff\xfe"
    t.string = "caf\u00e9".encode()
    assert t.string == "café"


def test_a_missing_font_file_fails_the_layout_with_its_path(engine):
    missing = os.path.join(FONTS, "NoSuchFont.ttf")
    _, rec = text_record(engine, string="Hello", font=missing, bounds=(0, 0, 100, 40))
    assert rec.text_status == "failed"
    assert missing in rec.text_message
    assert rec.text_runs == []


def test_an_unknown_family_gets_fontconfigs_substitute(engine):
    _, rec = text_record(engine, string="Hello", font="No Such Family 123", bounds=(0, 0, 300, 60))
    assert rec.text_status == "ok" and len(glyphs(rec)) == 5


def test_a_megabyte_string_lays_out(engine):
    text = ("lorem ipsum dolor " * 60000)[:1 << 20]
    _, rec = text_record(engine, string=text, font=LATIN, font_size=12.0, wrapped=True,
                         bounds=(0, 0, 600, 1e9))
    assert rec.text_status == "ok"
    # One glyph per character shown: every character but the spaces hanging at line ends.
    data = text.encode()
    shown = sum(len(data[l.start:l.start + l.length].decode().rstrip(" ")) for l in rec.text_lines)
    assert sum(len(r.glyph_ids) for r in rec.text_runs) == shown
    assert len(rec.text_lines) > 1000


def test_a_size_of_zero_draws_nothing(engine):
    _, rec = text_record(engine, string="Hello", font=LATIN, font_size=0.0, bounds=(0, 0, 100, 40))
    assert rec.text_status == "ok" and rec.text_runs == [] and rec.text_lines == []


def test_runs_outside_the_string_are_errors(engine):
    t = engine.text_layer(string="abc")
    bad = lamina._capi.TextRun()
    bad.start, bad.length, bad.font_size = 2, 5, float("nan")
    arr = (lamina._capi.TextRun * 1)(bad)
    with pytest.raises(lamina.InvalidArgumentError):
        lamina._capi.lib.lamina_text_layer_set_runs(t._e(), t._handle, arr, 1)
    inside = lamina._capi.TextRun()
    inside.start, inside.length, inside.font_size = 1, 1, float("nan")
    t.string = "é"  # two bytes: byte 1 is inside the character
    arr = (lamina._capi.TextRun * 1)(inside)
    with pytest.raises(lamina.InvalidArgumentError):
        lamina._capi.lib.lamina_text_layer_set_runs(t._e(), t._handle, arr, 1)
    with pytest.raises(TypeError):
        t.string = [("x", {"weight": "bold"})]


def test_hit_testing_treats_a_text_layer_like_any_layer(engine):
    root = engine.layer(bounds=(0, 0, 300, 300), position=(150, 150))
    t = engine.text_layer(string="Hit", bounds=(0, 0, 100, 40), position=(150, 150))
    root.add_sublayer(t)
    engine.flush()
    assert root.hit_test((150, 150)) == t
    assert root.hit_test((10, 10)) == root


def test_the_text_card_example_runs():
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(lamina.__file__)))
    example = os.path.join(os.path.dirname(__file__), "..", "examples", "text_card.py")
    r = subprocess.run([sys.executable, example, FONTS], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[0] == "title line 0: 'Text layers'"
    assert any("(truncated)" in line for line in out if line.startswith("line line 0"))
    assert len([line for line in out if line.startswith("body line")]) >= 2


def test_random_text_never_crashes_and_keeps_its_bounds(engine):
    """Seeded random strings of mixed scripts, controls, marks and spaces, at random widths,
    alignments and truncation modes: every layout succeeds, and a truncating layout's lines
    fit the width (R15.4)."""
    import random
    rng = random.Random(26)
    alphabet = ("abc XYZ  \n\t\u00e9\u0301 \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627 "
                "\u0928\u092e\u0938\u094d\u0924\u0947 \u6f22\u5b57 \u2026\u200f\u202e\ufeff\u0000-!?")
    root = engine.layer(bounds=(0, 0, 400, 400))
    layer = engine.text_layer(font=LATIN, bounds=(0, 0, 100, 60))
    root.add_sublayer(layer)
    engine.flush()
    for i in range(150):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))).replace("\0", "")
        width = rng.choice([1.0, 17.0, 60.0, 133.0, 400.0])
        mode = rng.choice(["none", "start", "middle", "end"])
        with engine.transaction(disable_actions=True):
            layer.string = text
            layer.bounds = (0, 0, width, rng.choice([5.0, 30.0, 200.0]))
            layer.wrapped = rng.random() < 0.5
            layer.truncation_mode = mode
            layer.alignment_mode = rng.choice(["natural", "left", "right", "center", "justified"])
            layer.font_size = rng.choice([0.0, 3.0, 14.0, 40.0])
        rec = engine.draw_list(root)[1]
        assert rec.text_status == "ok", (i, text, rec.text_message)
        if mode != "none" and layer.font_size > 0:
            for line in rec.text_lines:
                if line.truncated:  # at least the ellipsis shows, even when it does not fit
                    ell_w = _width("\u2026", layer.font_size)
                    assert line.box.width <= max(width, ell_w) + TOL, (i, text)
        for run in rec.text_runs:
            assert len(run.glyph_ids) == len(run.positions)
            assert all(math.isfinite(p.x) and math.isfinite(p.y) for p in run.positions)
