# SPDX-License-Identifier: Apache-2.0
"""A text layout provider written in Python (issue 26, R15.1): the host's own text stack
plugged into the engine through lamina_text_provider_t, as a C or Swift host plugs in theirs.

The engine calls the provider's ``layout(request)`` with its lock held, from the thread that
builds a draw list or asks for a preferred size; the answer is copied at once. A provider must
not call into the engine (the engine refuses such calls, and the layout then fails with the
refusal as its message)."""
from __future__ import annotations

import ctypes
import math
from ctypes import POINTER, c_int32, c_uint32, c_void_p
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Protocol, Sequence, Tuple, Union

from . import _capi as C
from ._drawlist import TextGlyphRun, TextLine
from ._types import Size
from ._types import Color, as_color, as_point, as_rect, as_size

_ALIGN = {0: "natural", 1: "left", 2: "right", 3: "center", 4: "justified"}
_TRUNCATE = {0: "none", 1: "start", 2: "middle", 3: "end"}
_RUN_RTL = 1 << 0
_RUN_HAS_COLOR = 1 << 1
_LINE_TRUNCATED = 1 << 0
_STATUS_INVALID_ARGUMENT = 1


@dataclass(frozen=True)
class TextSpan:
    """A byte range of the string with its own look, as the engine hands it to a provider
    (lamina_text_span_t): ``start``/``length`` in UTF-8 bytes, the ``font`` (a family name or a
    file path), ``font_size`` in points, and ``color`` (None: the layer's foregroundColor).

    Example: ``size = request.spans[0].font_size``
    """

    start: int
    length: int
    font: str
    font_size: float
    color: Optional[Color]


@dataclass(frozen=True)
class TextRequest:
    """What a layout depends on (lamina_text_request_t, R15.6): the ``string``, its ``spans``
    in order, the ``width`` and ``height`` to wrap, truncate and align in (``math.inf``: none),
    ``wrapped``, ``alignment`` ("natural", "left", "right", "center", "justified"),
    ``truncation`` ("none", "start", "middle", "end") and ``contents_scale``.

    Example: ``lines = my_shaper.break_lines(request.string, request.width)``
    """

    string: str
    spans: List[TextSpan]
    width: float
    height: float
    wrapped: bool
    alignment: str
    truncation: str
    contents_scale: float


@dataclass(frozen=True)
class TextLayout:
    """A provider's answer (lamina_text_layout_t): the laid-out ``size`` (widest line, lines'
    height), the glyph ``runs`` and the ``lines``, in layout space (y down, the first line's top
    at 0). A run's ``color`` None means the layer's foregroundColor; its ``font_path``,
    ``face_index`` and ``font_id`` name the face a renderer opens.

    Example::

        lamina.TextLayout(size=(20, 14), lines=[lamina.TextLine(box=lamina.Rect(0, 0, 20, 14),
            baseline=11, start=0, length=2, truncated=False)], runs=[lamina.TextGlyphRun(
            font_id=1, font_path="/fonts/Mono.ttf", face_index=0, size=12, glyph_ids=[72, 105],
            positions=[lamina.Point(0, 11), lamina.Point(10, 11)], color=None, line=0, rtl=False)])
    """

    size: Union["Size", Tuple[float, float]]
    runs: Sequence[TextGlyphRun]
    lines: Sequence[TextLine]


class TextLayoutProvider(Protocol):
    """What :meth:`lamina.Engine.set_text_provider` takes: an object whose ``layout(request)``
    returns a :class:`~lamina.TextLayout` (or raises, which makes the layer's layout fail with the
    exception's text as its message).

    Example: ``class Mono:  def layout(self, request): return lamina.TextLayout(...)``
    """

    def layout(self, request: TextRequest) -> TextLayout:
        """Lays ``request`` out."""
        ...


_LAYOUT_FN = ctypes.CFUNCTYPE(c_int32, c_void_p, POINTER(C.TextRequest), POINTER(C.TextLayout))
_RELEASE_FN = ctypes.CFUNCTYPE(None, c_void_p, POINTER(C.TextLayout))
_DESTROY_FN = ctypes.CFUNCTYPE(None, c_void_p)


def _request(req: Any) -> TextRequest:
    raw = ctypes.string_at(req.string, req.length) if req.length else b""
    spans = []
    for i in range(req.span_count):
        s = req.spans[i]
        color = Color(s.color.r, s.color.g, s.color.b, s.color.a) if s.has_color else None
        spans.append(TextSpan(int(s.start), int(s.length), (s.font or b"").decode("utf-8", "replace"),
                              float(s.font_size), color))
    return TextRequest(raw.decode("utf-8"), spans, float(req.width), float(req.height), bool(req.wrapped),
                       _ALIGN.get(req.alignment, "natural"), _TRUNCATE.get(req.truncation, "none"),
                       float(req.contents_scale))


def _finite(v: object, what: str) -> float:
    f = float(v)  # type: ignore[arg-type]
    if not math.isfinite(f):
        raise ValueError(f"{what} is {f}, not a finite number")
    return f


class _Bridge:
    """The C side of one registered provider: its callbacks, and each answer's C arrays until
    the engine releases them."""

    def __init__(self, provider: TextLayoutProvider) -> None:
        self.provider: Optional[TextLayoutProvider] = provider
        self.answers: Dict[int, List[object]] = {}
        self.next_id = 1
        self.destroyed = False
        self.layout_fn = _LAYOUT_FN(self._layout)
        self.release_fn = _RELEASE_FN(self._release)
        self.destroy_fn = _DESTROY_FN(self._destroy)

    def c_provider(self) -> Any:
        p = C.TextProvider()
        p.struct_size = ctypes.sizeof(C.TextProvider)
        p.layout = ctypes.cast(self.layout_fn, c_void_p)
        p.release = ctypes.cast(self.release_fn, c_void_p)
        p.destroy = ctypes.cast(self.destroy_fn, c_void_p)
        return p

    def _layout(self, _user: Any, req_p: Any, out_p: Any) -> int:
        out = out_p.contents
        keep: List[object] = []
        ident = self.next_id
        self.next_id += 1
        self.answers[ident] = keep
        out.provider_data = ident
        try:
            if self.provider is None:
                raise RuntimeError("the provider was removed")
            answer = self.provider.layout(_request(req_p.contents))
            if not isinstance(answer, TextLayout):
                raise TypeError(f"layout() returned {type(answer).__name__}, not lamina.TextLayout")
            self._fill(answer, out, keep)
            return 0
        except Exception as e:  # the provider's failure becomes the layer's (R15.1), never a crash
            msg = ctypes.create_string_buffer(f"{type(e).__name__}: {e}".encode("utf-8", "replace"))
            keep.append(msg)
            out.runs = None
            out.run_count = 0
            out.lines = None
            out.line_count = 0
            out.message = ctypes.cast(msg, ctypes.c_char_p)
            return _STATUS_INVALID_ARGUMENT

    def _fill(self, answer: TextLayout, out: Any, keep: List[object]) -> None:
        size = as_size(answer.size)
        out.size = C.Size(_finite(size.width, "size.width"), _finite(size.height, "size.height"))
        runs = (C.TextGlyphRun * max(len(answer.runs), 1))()
        keep.append(runs)
        for i, r in enumerate(answer.runs):
            if len(r.glyph_ids) != len(r.positions):
                raise ValueError(f"run {i} has {len(r.glyph_ids)} glyph ids but {len(r.positions)} positions")
            path = ctypes.create_string_buffer(str(r.font_path).encode("utf-8"))
            ids = (c_uint32 * max(len(r.glyph_ids), 1))(*r.glyph_ids)
            pts = (C.Point * max(len(r.positions), 1))(
                *[C.Point(_finite(p.x, f"run {i} x"), _finite(p.y, f"run {i} y"))
                  for p in (as_point(q) for q in r.positions)])
            keep += [path, ids, pts]
            c = runs[i]
            c.font_id = int(r.font_id)
            c.font_path = ctypes.cast(path, ctypes.c_char_p)
            c.face_index = int(r.face_index)
            c.flags = (_RUN_RTL if r.rtl else 0) | (_RUN_HAS_COLOR if r.color is not None else 0)
            c.size = _finite(r.size, f"run {i} size")
            c.glyph_ids = ids
            c.positions = pts
            c.glyph_count = len(r.glyph_ids)
            if r.color is not None:
                col = as_color(r.color)
                c.color = C.Color(col.r, col.g, col.b, col.a)
            c.line_index = int(r.line)
        lines = (C.TextLine * max(len(answer.lines), 1))()
        keep.append(lines)
        for i, ln in enumerate(answer.lines):
            b = as_rect(ln.box)
            lines[i].box = C.Rect(C.Point(b.x, b.y), C.Size(b.width, b.height))
            lines[i].baseline = _finite(ln.baseline, f"line {i} baseline")
            lines[i].start = int(ln.start)
            lines[i].length = int(ln.length)
            lines[i].flags = _LINE_TRUNCATED if ln.truncated else 0
        out.runs = runs
        out.run_count = len(answer.runs)
        out.lines = lines
        out.line_count = len(answer.lines)

    def _release(self, _user: Any, out_p: Any) -> None:
        self.answers.pop(int(out_p.contents.provider_data or 0), None)

    def _destroy(self, _user: Any) -> None:
        # The engine let go: so does the bridge (its callbacks and it form a cycle that would
        # otherwise keep the provider until the garbage collector runs).
        self.destroyed = True
        self.answers.clear()
        self.provider = None
