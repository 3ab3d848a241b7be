# SPDX-License-Identifier: Apache-2.0
"""Drawing into the host's own window: :class:`Renderer`, the reference compositor of a GL
context the host made (SDL2, GLFW, Qt ...), as ``lamina_gles_renderer_*`` in C.

The headless :func:`lamina.render` makes its own context; a window has one already, current on
the thread that draws, and a :class:`Renderer` belongs to it: create it, render every frame,
close it while the context is still current.
"""
from __future__ import annotations

import ctypes
import threading
from typing import Any, Dict, Optional, Sequence, Tuple

from . import _capi as C
from ._errors import error_for_status
from ._render import _FRAME_PARTIAL, _damage_array, _Frame, _frame_flags, _Stats, _check, _load, _time_and_scale

__all__ = ["Renderer"]

_FRAME_CLEAR = 1 << 0


class Renderer:
    """The reference compositor for the OpenGL ES 3 (or desktop GL 3.3 core) context current on
    the calling thread.

    Example::

        renderer = lamina.Renderer()          # after making the window's context current
        while running:
            engine.tick_now()
            renderer.render(root, scale=2.0, clear=(1, 1, 1, 1))
            swap_window()
        renderer.close()                      # with the context still current

    Use it only on the thread whose context it was made in; it is not thread-safe.

    Raises:
        RendererUnavailableError: liblamina-gles cannot be loaded.
        RenderError: no GL context is current (``LAMINA_GLES_STATUS_NO_CONTEXT``), or GL failed.
    """

    __slots__ = ("_lib", "_ptr", "_thread")

    def __init__(self) -> None:
        self._ptr: Optional[int] = None
        self._lib = _load()
        out = ctypes.c_void_p()
        _check(self._lib, self._lib.lamina_gles_renderer_create(ctypes.byref(out)), "Renderer")
        self._ptr = out.value
        self._thread = threading.get_ident()

    def render(self, root: Any, at: Optional[float] = None, scale: float = 1.0,
               clear: Optional[Tuple[float, float, float, float]] = (0.0, 0.0, 0.0, 0.0),
               group_opacity: bool = True, text_tiles: bool = True, partial: bool = False,
               damage: Optional[Sequence[Tuple[float, float, float, float]]] = None,
               buffer_age: int = 0) -> None:
        """Draws ``root``'s subtree at time ``at`` into the bound framebuffer's viewport,
        root-space point (x, y) at device pixel (x, y) * scale from its top-left.

        Args:
            root: a committed :class:`~lamina.Layer`.
            at: the presentation's time (defaults to the engine's time, as after ``tick_now()``).
            scale: device pixels per point (a high-DPI window's drawable size / window size).
            clear: the colour (r, g, b, a, non-premultiplied) the viewport is cleared to first,
                or None to draw over what is there.
            group_opacity: as for :func:`lamina.render`.
            text_tiles: as for :func:`lamina.render`.
            partial: partial redraw (issue 29): draw only the damage region and keep the
                framebuffer's other pixels (needs ``clear``). Everything is redrawn when the
                buffer's age is unknown, on a resize, or for another root.
            damage: with ``partial``, the root-space rectangles ``(x, y, width, height)`` that
                changed since the last frame; None uses the engine's damage of ``root`` (then
                every draw list of ``root`` must be drawn by this renderer).
            buffer_age: with ``partial``, what the framebuffer holds: n >= 1, the frame this
                renderer drew n frames ago (1 for a framebuffer of your own); 0 asks EGL
                (``EGL_EXT_buffer_age`` of the current window surface); < 0, unknown.

        Raises:
            LaminaError: closed, or used from another thread (``MisuseError``).
            InvalidArgumentError: a time or scale that is not finite, a scale <= 0;
                ``partial`` without ``clear``, a damage rectangle that is not finite.
            TypeError: ``damage`` is not a list of 4-number rectangles.
            StaleHandleError, NoPresentationError: as :func:`lamina.render`.
            RenderError: the context is not this renderer's, or GL failed.
        """
        ptr = self._live("render")
        engine = root._engine
        at, scale = _time_and_scale(engine, at, scale, "Renderer.render")
        flags = _frame_flags(group_opacity, text_tiles) | (_FRAME_CLEAR if clear else 0)
        flags |= _FRAME_PARTIAL if partial else 0
        color = C.Color(*(float(c) for c in (clear or (0.0, 0.0, 0.0, 0.0))))
        rects, count = _damage_array(damage, "Renderer.render")
        frame = _Frame(ctypes.sizeof(_Frame), flags, scale, color, rects, count, int(buffer_age))
        engine._release_records_view()  # the render makes a draw list: the old view is stale
        with engine._draw_lock:  # never at once with another thread's draw list (R18)
            status = self._lib.lamina_gles_renderer_render(ptr, engine._ptr(), root._handle, at,
                                                           ctypes.byref(frame))
        _check(self._lib, status, "Renderer.render")

    @property
    def stats(self) -> Dict[str, int]:
        """The figures of the last frame: ``draw_calls``, ``primitives``, ``offscreen_passes``,
        ``records``, ``culled``, ``textures_uploaded``, ``textures_cached``, ``rasters_drawn``,
        ``rasters_reused``, ``glyphs_uploaded``, ``glyphs_drawn``, ``text_tiles_rendered``,
        ``text_tiles_drawn``, ``filters_applied``, ``filters_reused``, ``backdrops_filtered``,
        and the region the frame redrew in framebuffer pixels with y up: ``redraw_x``,
        ``redraw_y``, ``redraw_width``, ``redraw_height`` (width 0: nothing redrawn)."""
        ptr = self._live("stats")
        st = _Stats(ctypes.sizeof(_Stats))
        _check(self._lib, self._lib.lamina_gles_renderer_get_stats(ptr, ctypes.byref(st)),
               "Renderer.stats")
        return {f[0]: int(getattr(st, f[0])) for f in _Stats._fields_[1:]}

    def swap_buffers(self) -> None:
        """Presents the current EGL window surface with the last frame's redraw region
        (``eglSwapBuffersWithDamageKHR`` where the display has it, else ``eglSwapBuffers``), for
        hosts that made the surface with EGL; SDL and other toolkits may swap themselves.

        Raises:
            LaminaError: closed, or used from another thread (``MisuseError``).
            RenderError: no EGL draw surface is current (``LAMINA_GLES_STATUS_NO_CONTEXT``),
                or the swap failed.
        """
        ptr = self._live("swap_buffers")
        _check(self._lib, self._lib.lamina_gles_swap_buffers(ptr), "Renderer.swap_buffers")

    def close(self) -> None:
        """Frees the renderer's GL objects (call it with its context current; afterwards only
        memory is freed). Closing twice does nothing."""
        if self._ptr is not None:
            self._lib.lamina_gles_renderer_destroy(self._ptr)
            self._ptr = None

    def __enter__(self) -> "Renderer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _live(self, op: str) -> int:
        if self._ptr is None:
            raise error_for_status(2, "LAMINA_STATUS_MISUSE", "the renderer is closed",
                                   f"Renderer.{op}")
        if threading.get_ident() != self._thread:
            raise error_for_status(2, "LAMINA_STATUS_MISUSE",
                                   "a Renderer is used only on the thread that made it (its GL "
                                   "context's thread)", f"Renderer.{op}")
        return self._ptr

    def __repr__(self) -> str:
        return f"<lamina.Renderer {'closed' if self._ptr is None else 'open'}>"
