# SPDX-License-Identifier: Apache-2.0
"""Issue 26 item 3 (R15.1): a text layout provider written in Python plugs into the engine
through the same C interface a C host implements (lamina_text_provider_t): the engine asks it
for layouts, copies its answers into the draw list in layer space, caches them (R15.6), and
turns its failures into the layer's status, never a crash."""
import math
import weakref

import pytest

import lamina


class Mono:
    """A toy text stack: every code point is glyph ord(c), 10 points wide, one line 20 high."""

    def __init__(self):
        self.requests = []

    def layout(self, request):
        self.requests.append(request)
        text = request.string
        runs = [lamina.TextGlyphRun(font_id=7, font_path="/fonts/Mono.ttf", face_index=0,
                                    size=request.spans[0].font_size if request.spans else 0,
                                    glyph_ids=[ord(c) for c in text],
                                    positions=[lamina.Point(10 * i, 16) for i in range(len(text))],
                                    color=None, line=0, rtl=False)]
        lines = [lamina.TextLine(box=lamina.Rect.of(0, 0, 10 * len(text), 20), baseline=16, start=0,
                                 length=len(text.encode()), truncated=False)]
        return lamina.TextLayout(size=(10 * len(text), 20), runs=runs, lines=lines)


def record(engine, layer, root):
    engine.flush()
    return engine.draw_list(root)[1]  # the root, then its one text layer


@pytest.fixture
def scene():
    with lamina.Engine() as e:
        root = e.layer(bounds=(0, 0, 300, 100))
        t = e.text_layer(string="Hi!", font="Mono", font_size=12, bounds=(0, 0, 200, 40),
                         position=(120, 30), foreground_color=(0.2, 0.4, 0.6, 1.0))
        root.add_sublayer(t)
        yield e, root, t


def test_the_answer_reaches_the_draw_list_in_layer_space(scene):
    e, root, t = scene
    mono = Mono()
    e.set_text_provider(mono)
    r = record(e, t, root)
    assert r.text_status == "ok"
    (run,) = r.text_runs
    assert run.glyph_ids == [ord("H"), ord("i"), ord("!")]
    assert (run.font_path, run.face_index, run.font_id, run.size) == ("/fonts/Mono.ttf", 0, 7, 12)
    # Layout space to layer space: the bounds' origin (0, 0) here, so the pen positions as given.
    assert [p.x for p in run.positions] == [0, 10, 20] and all(p.y == 16 for p in run.positions)
    assert run.color == lamina.Color(0.2, 0.4, 0.6, 1.0)  # None: the layer's foregroundColor
    assert r.text_lines[0].baseline == 16 and r.text_lines[0].length == 3
    assert t.preferred_frame_size() == lamina.Size(30, 20)
    req = mono.requests[0]
    assert (req.string, req.width, req.wrapped, req.alignment, req.truncation) == ("Hi!", 200, False, "natural", "none")
    assert req.spans == [lamina.TextSpan(0, 3, "Mono", 12.0, None)]


def test_layouts_are_cached_and_asked_again_only_on_change(scene):
    e, root, t = scene
    mono = Mono()
    e.set_text_provider(mono)
    record(e, t, root)
    asked = len(mono.requests)
    for _ in range(3):
        record(e, t, root)
    assert len(mono.requests) == asked  # idle: no layout
    t.string = "Hello"
    assert record(e, t, root).text_runs[0].glyph_ids == [ord(c) for c in "Hello"]
    assert len(mono.requests) == asked + 1


def test_a_failing_provider_fails_the_layout_with_its_message(scene):
    e, root, t = scene

    class Broken:
        def layout(self, request):
            raise RuntimeError("the host's shaper is down")

    e.set_text_provider(Broken())
    r = record(e, t, root)
    assert r.text_status == "failed" and "the host's shaper is down" in r.text_message
    assert r.text_runs == []


@pytest.mark.parametrize("answer, words", [
    ("not a layout", "not lamina.TextLayout"),
    (lamina.TextLayout(size=(1, 1), lines=[], runs=[lamina.TextGlyphRun(
        font_id=1, font_path="/f.ttf", face_index=0, size=12, glyph_ids=[1, 2],
        positions=[lamina.Point(0, 0)], color=None, line=0, rtl=False)]), "2 glyph ids but 1 positions"),
    (lamina.TextLayout(size=(math.nan, 1), runs=[], lines=[]), "not a finite number"),
])
def test_a_malformed_answer_fails_the_layout_not_the_process(scene, answer, words):
    e, root, t = scene

    class Bad:
        def layout(self, request):
            return answer

    e.set_text_provider(Bad())
    r = record(e, t, root)
    assert r.text_status == "failed" and words in r.text_message


def test_a_provider_that_calls_into_the_engine_is_refused_not_deadlocked(scene):
    e, root, t = scene

    class Reentrant:
        def layout(self, request):
            e.flush()  # the engine's lock is held: refused
            return Mono().layout(request)

    e.set_text_provider(Reentrant())
    r = record(e, t, root)
    assert r.text_status == "failed" and r.text_message


def test_replacing_or_removing_lets_the_provider_go(scene):
    e, root, t = scene
    mono = Mono()
    ref = weakref.ref(mono)
    e.set_text_provider(mono)
    record(e, t, root)
    del mono
    e.set_text_provider(None)
    assert ref() is None
    assert record(e, t, root).text_status == "no-provider"
    with pytest.raises(TypeError):
        e.set_text_provider(object())
