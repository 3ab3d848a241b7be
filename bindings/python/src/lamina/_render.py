# SPDX-License-Identifier: Apache-2.0
"""Pictures of a layer tree: :func:`render` through liblamina-gles, the reference compositor.

The renderer is a separate C library (``liblamina-gles``, OpenGL ES 3 headless through EGL on
Mesa's surfaceless platform). It is loaded on the first call to :func:`render`, from
``$LAMINA_GLES_LIBRARY``, beside the loaded ``liblamina``, the copy bundled in this package, or
``ctypes.util.find_library("lamina-gles")``, in that order; the last two not when
``$LAMINA_LIBRARY`` names a development build (an installed copy was built against another
liblamina).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import math
import os
import struct
import threading
import zlib
from pathlib import Path
from typing import Any, List, Optional, Tuple

from . import _capi as C
from ._loader import companion_candidates
from ._errors import LaminaError, error_for_status

__all__ = ["RenderedImage", "RenderError", "RendererUnavailableError", "render", "renderer_path"]

#: liblamina-gles's own status codes (lamina_gles.h).
_GLES_STATUS = {
    100: "LAMINA_GLES_STATUS_NO_CONTEXT",
    101: "LAMINA_GLES_STATUS_GL_ERROR",
    102: "LAMINA_GLES_STATUS_UNAVAILABLE",
}


class RenderError(LaminaError):
    """The renderer failed (a GL error, or no GL context).

    Example: ``except lamina.RenderError: ...  # the compositor failed``
    """


class RendererUnavailableError(RenderError):
    """liblamina-gles could not be loaded, or headless OpenGL ES 3 is not available here.

    Example: ``except lamina.RendererUnavailableError: ...  # no liblamina-gles``
    """


class _Frame(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),
        ("scale", ctypes.c_double),
        ("clear_color", C.Color),
        # Since 0.2 (issue 29): partial redraw.
        ("damage", ctypes.POINTER(C.Rect)),
        ("damage_count", ctypes.c_size_t),
        ("buffer_age", ctypes.c_int32),
    ]


class _Stats(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("draw_calls", ctypes.c_uint32),
        ("primitives", ctypes.c_uint32),
        ("offscreen_passes", ctypes.c_uint32),
        ("records", ctypes.c_uint32),
        ("culled", ctypes.c_uint32),
        ("textures_uploaded", ctypes.c_uint32),
        ("textures_cached", ctypes.c_uint32),
        ("rasters_drawn", ctypes.c_uint32),
        ("rasters_reused", ctypes.c_uint32),
        # Since 0.2 (issue 26): text layers.
        ("glyphs_uploaded", ctypes.c_uint32),
        ("glyphs_drawn", ctypes.c_uint32),
        # Since 0.2 (issue 26, R15.8): text tiles.
        ("text_tiles_rendered", ctypes.c_uint32),
        ("text_tiles_drawn", ctypes.c_uint32),
        # Since 0.2 (issue 32): layer filters.
        ("filters_applied", ctypes.c_uint32),
        ("filters_reused", ctypes.c_uint32),
        ("backdrops_filtered", ctypes.c_uint32),
        # Since 0.2 (issue 29): the region the frame redrew (framebuffer pixels, y up).
        ("redraw_x", ctypes.c_int32),
        ("redraw_y", ctypes.c_int32),
        ("redraw_width", ctypes.c_uint32),
        ("redraw_height", ctypes.c_uint32),
    ]


_FRAME_NO_GROUP_OPACITY = 1 << 1
_FRAME_NO_TEXT_TILES = 1 << 2
_FRAME_PARTIAL = 1 << 3


def _damage_array(damage: Any, op: str) -> Tuple[Any, int]:
    """``damage`` (rectangles as (x, y, width, height)) as a C array and its count; (None, 0)
    for None (the engine's damage)."""
    if damage is None:
        return None, 0
    try:
        rects = [tuple(float(v) for v in r) for r in damage]
    except (TypeError, ValueError):
        raise TypeError(f"{op}: damage must be a list of (x, y, width, height), got {damage!r}") from None
    if any(len(r) != 4 for r in rects):
        raise TypeError(f"{op}: damage must be a list of (x, y, width, height), got {damage!r}")
    arr = (C.Rect * max(len(rects), 1))()
    for i, (x, y, w, h) in enumerate(rects):
        arr[i] = C.Rect(C.Point(x, y), C.Size(w, h))
    return arr, len(rects)


def _frame_flags(group_opacity: bool, text_tiles: bool) -> int:
    """The frame flags of render()'s and Renderer.render()'s keywords."""
    return (0 if group_opacity else _FRAME_NO_GROUP_OPACITY) | (0 if text_tiles else _FRAME_NO_TEXT_TILES)

_lock = threading.Lock()
_lib: Optional[ctypes.CDLL] = None
_tried: List[str] = []


def _candidates() -> List[Tuple[str, str]]:
    return companion_candidates("LAMINA_GLES_LIBRARY", "lamina-gles", getattr(C.lib, "_lamina_path", None),
                                Path(__file__).resolve().parent)


def _load() -> ctypes.CDLL:
    global _lib
    with _lock:
        if _lib is not None:
            return _lib
        tried: List[str] = []
        for origin, path in _candidates():
            if "/" in path and not os.path.exists(path):
                tried.append(f"  {origin}: {path}: no such file")
                continue
            try:
                lib = ctypes.CDLL(path)
                lib.lamina_gles_render_rgba
            except (OSError, AttributeError) as e:
                tried.append(f"  {origin}: {path}: {e}")
                continue
            lib.lamina_gles_render_rgba.argtypes = [
                C.EngineP, ctypes.c_uint64, ctypes.c_double, ctypes.c_uint32, ctypes.c_uint32,
                ctypes.c_double, ctypes.POINTER(_Frame), ctypes.c_void_p, ctypes.c_size_t,
                ctypes.POINTER(_Stats),
            ]
            lib.lamina_gles_render_rgba.restype = ctypes.c_int32
            # The renderer of the host's own context (lamina.Renderer).
            lib.lamina_gles_renderer_create.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
            lib.lamina_gles_renderer_create.restype = ctypes.c_int32
            lib.lamina_gles_renderer_destroy.argtypes = [ctypes.c_void_p]
            lib.lamina_gles_renderer_destroy.restype = None
            lib.lamina_gles_renderer_render.argtypes = [
                ctypes.c_void_p, C.EngineP, ctypes.c_uint64, ctypes.c_double,
                ctypes.POINTER(_Frame)]
            lib.lamina_gles_renderer_render.restype = ctypes.c_int32
            lib.lamina_gles_renderer_get_stats.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Stats)]
            lib.lamina_gles_renderer_get_stats.restype = ctypes.c_int32
            lib.lamina_gles_last_error_message.argtypes = []
            lib.lamina_gles_last_error_message.restype = ctypes.c_char_p
            lib.lamina_gles_status_string.argtypes = [ctypes.c_int32]
            lib.lamina_gles_status_string.restype = ctypes.c_char_p
            # Since 0.2 (issue 29): presenting an EGL surface with the frame's damage.
            lib.lamina_gles_swap_buffers.argtypes = [ctypes.c_void_p]
            lib.lamina_gles_swap_buffers.restype = ctypes.c_int32
            lib._lamina_gles_path = path  # type: ignore[attr-defined]
            _lib = lib
            return lib
        _tried[:] = tried
        raise RendererUnavailableError(
            102, _GLES_STATUS[102],
            "could not load liblamina-gles (the reference compositor); tried:\n" + "\n".join(tried)
            + "\nBuild it with CMake (LAMINA_BUILD_GLES, needs libegl-dev libgles-dev libpng-dev)"
            " or set LAMINA_GLES_LIBRARY.",
            "render",
        )


def renderer_path() -> str:
    """The path liblamina-gles was loaded from (loading it if needed), e.g.
    ``print(lamina.renderer_path())``.

    Raises:
        RendererUnavailableError: it cannot be loaded.
    """
    return str(_load()._lamina_gles_path)  # type: ignore[attr-defined]


class RenderedImage:
    """An RGBA8 image: ``width`` x ``height`` pixels, rows top first, non-premultiplied.

    Attributes:
        width: pixels per row.
        height: rows.
        rgba: ``width * height * 4`` bytes, R, G, B, A per pixel.
        draw_calls: GL draw calls the frame took (the renderer's batching figure).
        rasters_drawn: shouldRasterize subtrees rendered into their cached texture (RS-11.3).
        rasters_reused: shouldRasterize subtrees drawn from their unchanged cached texture.
        glyphs_uploaded: glyphs rendered into the glyph atlas for this frame (text layers:
            0 when every glyph was drawn before).
        text_tiles_rendered: text layers drawn into their text tile this frame (R15.8: once
            per look; 0 when nothing changed).
        text_tiles_drawn: text layers drawn from their text tile (one quad each).
        filters_applied: layers whose filters ran this frame (issue 32: a layer with
            ``filters`` is filtered again only when its subtree or its filters changed).
        filters_reused: filtered layers drawn from their unchanged filtered texture.
        backdrops_filtered: layers whose ``backgroundFilters`` read and filtered the backdrop.
        redraw: the region the frame drew, ``(x, y, width, height)`` in pixels from the
            top-left: the whole image, or with ``render(..., previous=...)`` the damage only
            (width 0 when nothing changed; issue 29).

    Example: ``img = lamina.render(root, (200, 200)); img.pixel(0, 0)``
    """

    __slots__ = ("width", "height", "rgba", "draw_calls", "rasters_drawn", "rasters_reused",
                 "glyphs_uploaded", "text_tiles_rendered", "text_tiles_drawn", "filters_applied",
                 "filters_reused", "backdrops_filtered", "redraw")

    def __init__(self, width: int, height: int, rgba: bytes, draw_calls: int = 0,
                 rasters_drawn: int = 0, rasters_reused: int = 0,
                 glyphs_uploaded: int = 0, text_tiles_rendered: int = 0,
                 text_tiles_drawn: int = 0, filters_applied: int = 0, filters_reused: int = 0,
                 backdrops_filtered: int = 0,
                 redraw: Optional[Tuple[int, int, int, int]] = None) -> None:
        if len(rgba) != width * height * 4:
            raise ValueError(f"rgba holds {len(rgba)} bytes, expected {width * height * 4}")
        self.width = width
        self.height = height
        self.rgba = rgba
        self.draw_calls = draw_calls
        self.rasters_drawn = rasters_drawn
        self.rasters_reused = rasters_reused
        self.glyphs_uploaded = glyphs_uploaded
        self.text_tiles_rendered = text_tiles_rendered
        self.text_tiles_drawn = text_tiles_drawn
        self.filters_applied = filters_applied
        self.filters_reused = filters_reused
        self.backdrops_filtered = backdrops_filtered
        self.redraw = redraw if redraw is not None else (0, 0, width, height)

    def pixel(self, x: int, y: int) -> Tuple[int, int, int, int]:
        """The (r, g, b, a) bytes of pixel (x, y), (0, 0) being the top-left.

        Raises:
            IndexError: (x, y) lies outside the image.
        """
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"pixel ({x}, {y}) is outside the {self.width}x{self.height} image")
        i = 4 * (y * self.width + x)
        r, g, b, a = self.rgba[i:i + 4]
        return (r, g, b, a)

    def png_bytes(self) -> bytes:
        """The image as a PNG file's bytes (8-bit RGBA, zlib from the standard library)."""
        return _png(self.width, self.height, self.rgba)

    def save_png(self, path: "os.PathLike[str] | str") -> None:
        """Writes the image as a PNG file."""
        Path(path).write_bytes(self.png_bytes())

    def __repr__(self) -> str:
        return f"<lamina.RenderedImage {self.width}x{self.height}>"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(width: int, height: int, rgba: bytes) -> bytes:
    row = width * 4
    raw = b"".join(b"\x00" + rgba[y * row:(y + 1) * row] for y in range(height))
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b""))


def render(root: Any, size: Tuple[int, int], at: Optional[float] = None, scale: float = 1.0,
           group_opacity: bool = True, text_tiles: bool = True,
           previous: Optional[RenderedImage] = None) -> RenderedImage:
    """Renders ``root``'s subtree as the reference compositor draws it, headless, e.g.
    ``lamina.render(root, (320, 240)).save_png("frame.png")``.

    Args:
        root: a :class:`~lamina.Layer` (drawn as if it had no superlayer; its position places
            it in the image, root-space point (x, y) landing on pixel (x, y) * scale).
        size: ``(width, height)`` of the image in pixels, each in 1...16384.
        at: the time of the presentation to draw (defaults to the engine's time).
        scale: device pixels per point.
        group_opacity: composite layers with opacity below 1 as groups (RS-2.2), as Core
            Animation does by default; False multiplies opacity into each part (RS-2.3).
        text_tiles: draw each text layer that is only translated and scaled from its text tile,
            rendered once per look (R15.8), as the compositor does by default; False draws
            every glyph every frame.
        previous: partial redraw (issue 29): the image the last call returned for ``root`` at
            this size and scale; only the engine's damage since then is rendered, over a copy
            of it (every draw list of ``root`` in between must have been rendered). None
            renders every pixel.

    Returns:
        A :class:`RenderedImage` over a transparent background.

    Raises:
        InvalidArgumentError: a size of 0 or above 16384, a scale or time that is not finite,
            a ``previous`` image of another size.
        StaleHandleError: the layer or its engine is gone.
        NoPresentationError: the layer was never committed (tick the engine first).
        RendererUnavailableError: liblamina-gles or headless OpenGL ES 3 is missing.
        RenderError: GL failed.
    """
    lib = _load()
    engine = root._engine
    eptr = engine._ptr()
    engine._release_records_view()  # the render makes a draw list: the old view is stale
    try:
        w, h = (int(size[0]), int(size[1]))
    except (TypeError, ValueError, IndexError):
        raise TypeError(f"size must be (width, height), got {size!r}") from None
    if not (0 < w <= 16384 and 0 < h <= 16384):
        err = error_for_status(1, "LAMINA_STATUS_INVALID_ARGUMENT",
                               f"size {w}x{h}: width and height must be in 1...16384", "render")
        raise err
    at, scale = _time_and_scale(engine, at, scale, "render")
    flags = _frame_flags(group_opacity, text_tiles)
    if previous is not None:
        if (previous.width, previous.height) != (w, h):
            raise error_for_status(1, "LAMINA_STATUS_INVALID_ARGUMENT",
                                   f"previous is {previous.width}x{previous.height}, the render {w}x{h}",
                                   "render")
        buf = ctypes.create_string_buffer(bytes(previous.rgba), w * h * 4)
        flags |= _FRAME_PARTIAL
    else:
        buf = ctypes.create_string_buffer(w * h * 4)
    frame = _Frame(ctypes.sizeof(_Frame), flags, scale, C.Color(0, 0, 0, 0))
    stats = _Stats(ctypes.sizeof(_Stats))
    # The render builds the engine's draw list: never at once with another thread's draw
    # list of the same engine (issue 31 item 7b; the C header asks hosts to serialise them).
    with engine._draw_lock:
        status = lib.lamina_gles_render_rgba(eptr, root._handle, at, w, h, scale,
                                             ctypes.byref(frame), buf, len(buf), ctypes.byref(stats))
    _check(lib, status, "render")
    return RenderedImage(w, h, buf.raw, stats.draw_calls, stats.rasters_drawn, stats.rasters_reused,
                         stats.glyphs_uploaded, stats.text_tiles_rendered, stats.text_tiles_drawn,
                         stats.filters_applied, stats.filters_reused, stats.backdrops_filtered,
                         (stats.redraw_x, h - stats.redraw_y - stats.redraw_height,
                          stats.redraw_width, stats.redraw_height))


def _check(lib: ctypes.CDLL, status: int, op: str) -> None:
    """Raises the exception for a liblamina-gles status (nothing for OK)."""
    if status == 0:
        return
    msg = (lib.lamina_gles_last_error_message() or b"").decode("utf-8", "replace")
    name = (lib.lamina_gles_status_string(status) or b"").decode("ascii", "replace")
    if status == 102:
        raise RendererUnavailableError(status, name, msg, op)
    if status in _GLES_STATUS:
        raise RenderError(status, name, msg, op)
    raise error_for_status(status, name, msg, op)


def _time_and_scale(engine: Any, at: Optional[float], scale: float, op: str) -> Tuple[float, float]:
    """The frame's time (the engine's when None) and scale, checked finite (scale > 0)."""
    if at is None:
        t = ctypes.c_double()
        C.lib.lamina_engine_get_time(engine._ptr(), ctypes.byref(t))
        at = t.value
    at = float(at)
    scale = float(scale)
    if not (math.isfinite(at) and math.isfinite(scale) and scale > 0):
        raise error_for_status(1, "LAMINA_STATUS_INVALID_ARGUMENT",
                               f"at ({at}) must be finite and scale ({scale}) finite and > 0", op)
    return at, scale
