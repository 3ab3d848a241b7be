# SPDX-License-Identifier: Apache-2.0
"""Lottie animations: :meth:`Engine.load_lottie` through liblamina-lottie (issue 28, R16).

A Lottie (Bodymovin JSON) file becomes ordinary layers with explicit keyframe animations;
:class:`LottieAnimation` plays it with Core Animation's media timing on its root layer::

    anim = engine.load_lottie("loader.json")
    host.add_sublayer(anim.root)
    anim.play(loop=True)          # or anim.seek(0.5): frame ip + 0.5 * (op - ip), paused

The importer is a separate C library (``liblamina-lottie``), loaded on the first load from
``$LAMINA_LOTTIE_LIBRARY``, beside the loaded ``liblamina``, the copy bundled in this package,
or ``ctypes.util.find_library("lamina-lottie")``, in that order (the last two not when
``$LAMINA_LIBRARY`` names a development build). It calls liblamina's C ABI,
so the loaded liblamina is made visible to it first.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from pathlib import Path
from typing import Any, List, Optional, Tuple, Union

from . import _capi as C
from ._loader import companion_candidates
from . import _engine
from ._engine import Engine
from ._errors import InvalidArgumentError, LaminaError, error_for_status
from ._layer import Layer
from ._types import Size

__all__ = ["LottieAnimation", "LottieError", "LottieUnavailableError", "lottie_library_path"]


class LottieError(InvalidArgumentError):
    """A Lottie file could not be loaded; the message names the JSON path of the problem.

    Example: ``except lamina.LottieError as e: print(e)  # $.layers[0].ks: missing``
    """


class LottieUnavailableError(LaminaError):
    """liblamina-lottie could not be loaded.

    Example: ``except lamina.LottieUnavailableError: ...  # no liblamina-lottie``
    """


class _Info(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("reserved", ctypes.c_uint32),
        ("width", ctypes.c_double),
        ("height", ctypes.c_double),
        ("frame_rate", ctypes.c_double),
        ("in_frame", ctypes.c_double),
        ("out_frame", ctypes.c_double),
        ("duration", ctypes.c_double),
    ]


_lock = threading.Lock()
_lib: Optional[ctypes.CDLL] = None


def _candidates() -> List[Tuple[str, str]]:
    return companion_candidates("LAMINA_LOTTIE_LIBRARY", "lamina-lottie", getattr(C.lib, "_lamina_path", None),
                                Path(__file__).resolve().parent)


def _load() -> ctypes.CDLL:
    global _lib
    with _lock:
        if _lib is not None:
            return _lib
        # liblamina-lottie resolves lamina_* against the liblamina already in the process: make
        # the loaded one global (RTLD_NOLOAD: the same object, never a second copy).
        core = getattr(C.lib, "_lamina_path", None)
        if core:
            try:
                ctypes.CDLL(core, mode=os.RTLD_GLOBAL | os.RTLD_NOLOAD)
            except OSError:
                pass
        tried: List[str] = []
        for origin, path in _candidates():
            if "/" in path and not os.path.exists(path):
                tried.append(f"  {origin}: {path}: no such file")
                continue
            try:
                lib = ctypes.CDLL(path)
                lib.lamina_lottie_load
            except (OSError, AttributeError) as e:
                tried.append(f"  {origin}: {path}: {e}")
                continue
            p = ctypes.c_void_p
            lib.lamina_lottie_load.argtypes = [C.EngineP, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(p)]
            lib.lamina_lottie_load.restype = ctypes.c_int32
            lib.lamina_lottie_last_error_message.argtypes = []
            lib.lamina_lottie_last_error_message.restype = ctypes.c_char_p
            lib.lamina_lottie_get_root.argtypes = [p, ctypes.POINTER(ctypes.c_uint64)]
            lib.lamina_lottie_get_info.argtypes = [p, ctypes.POINTER(_Info)]
            lib.lamina_lottie_play.argtypes = [p]
            lib.lamina_lottie_seek.argtypes = [p, ctypes.c_double]
            lib.lamina_lottie_set_speed.argtypes = [p, ctypes.c_double]
            lib.lamina_lottie_set_loop.argtypes = [p, ctypes.c_uint32]
            lib.lamina_lottie_get_warning_count.argtypes = [p, ctypes.POINTER(ctypes.c_size_t)]
            lib.lamina_lottie_get_warning.argtypes = [p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p)]
            for name in ("get_root", "get_info", "play", "seek", "set_speed", "set_loop",
                         "get_warning_count", "get_warning"):
                getattr(lib, "lamina_lottie_" + name).restype = ctypes.c_int32
            lib.lamina_lottie_destroy.argtypes = [p]
            lib.lamina_lottie_destroy.restype = None
            lib._lamina_lottie_path = path  # type: ignore[attr-defined]
            _lib = lib
            return lib
        raise LottieUnavailableError(
            2, "LAMINA_STATUS_MISUSE",
            "could not load liblamina-lottie (the Lottie importer); tried:\n" + "\n".join(tried)
            + "\nBuild it with CMake or swift build, or set LAMINA_LOTTIE_LIBRARY.",
            "load_lottie",
        )


def lottie_library_path() -> str:
    """The path liblamina-lottie was loaded from (loading it if needed), e.g.
    ``print(lamina.lottie_library_path())``.

    Raises:
        LottieUnavailableError: it cannot be loaded.
    """
    return str(_load()._lamina_lottie_path)  # type: ignore[attr-defined]


def _check(lib: ctypes.CDLL, status: int, where: str, error: type = LaminaError) -> None:
    if status == 0:
        return
    message = (lib.lamina_lottie_last_error_message() or b"").decode("utf-8", "replace")
    name = (C.lib.lamina_status_string(status) or b"").decode("ascii", "replace")
    if error is LottieError:
        raise LottieError(status, name, message, where)
    raise error_for_status(status, name, message, where)


class LottieAnimation:
    """A Lottie animation loaded into an engine: ordinary layers under :attr:`root`, played
    with media timing on the root (R16). Made by :meth:`Engine.load_lottie`.

    Example::

        anim = engine.load_lottie(Path("heart.json").read_bytes())
        anim.seek(0.5)                 # frame ip + 0.5 * (op - ip), paused
        anim.speed = 2.0; anim.play()  # twice as fast, looping
    """

    # Set by _make (instances are never made by __init__).
    _engine: Engine
    _lib: ctypes.CDLL
    _handle: ctypes.c_void_p
    _speed: float
    _loop: bool
    _root: Layer
    _info: "_Info"
    _warnings: Tuple[str, ...]

    def __init__(self) -> None:  # pragma: no cover - use Engine.load_lottie
        raise TypeError("use Engine.load_lottie()")

    @classmethod
    def _make(cls, engine: Engine, lib: ctypes.CDLL, handle: int) -> "LottieAnimation":
        self = object.__new__(cls)
        self._engine = engine
        self._lib = lib
        self._handle = ctypes.c_void_p(handle)
        self._speed = 1.0
        self._loop = True
        root = ctypes.c_uint64()
        _check(lib, lib.lamina_lottie_get_root(self._handle, ctypes.byref(root)), "root")
        # The Python Layer takes its own reference to the root.
        wrapped = engine._wrap(root.value)
        if wrapped is None:  # pragma: no cover - the library just made it
            raise LottieError(3, "LAMINA_STATUS_STALE_HANDLE", "the animation has no root", "root")
        self._root = wrapped
        info = _Info(struct_size=ctypes.sizeof(_Info))
        _check(lib, lib.lamina_lottie_get_info(self._handle, ctypes.byref(info)), "info")
        self._info = info
        n = ctypes.c_size_t()
        _check(lib, lib.lamina_lottie_get_warning_count(self._handle, ctypes.byref(n)), "warnings")
        warnings = []
        for i in range(n.value):
            s = ctypes.c_char_p()
            _check(lib, lib.lamina_lottie_get_warning(self._handle, i, ctypes.byref(s)), "warnings")
            warnings.append((s.value or b"").decode("utf-8", "replace"))
        self._warnings = tuple(warnings)
        return self

    def __del__(self) -> None:
        h = getattr(self, "_handle", None)
        if h is not None and h.value:
            self._lib.lamina_lottie_destroy(h)
            self._handle = ctypes.c_void_p()

    @property
    def root(self) -> Layer:
        """The root layer: bounds (0, 0, w, h), position (w/2, h/2), so its frame is the
        canvas. Add it to your tree, e.g. ``host.add_sublayer(anim.root)``."""
        return self._root

    @property
    def size(self) -> Size:
        """The canvas size (``w``, ``h``), e.g. ``anim.size.width``."""
        return Size(self._info.width, self._info.height)

    @property
    def frame_rate(self) -> float:
        """Frames per second (``fr``)."""
        return float(self._info.frame_rate)

    @property
    def in_frame(self) -> float:
        """The first frame (``ip``)."""
        return float(self._info.in_frame)

    @property
    def out_frame(self) -> float:
        """The out frame (``op``)."""
        return float(self._info.out_frame)

    @property
    def duration(self) -> float:
        """(op − ip) / fr seconds."""
        return float(self._info.duration)

    @property
    def warnings(self) -> Tuple[str, ...]:
        """What the file uses that the importer left out or approximated, one line each,
        e.g. ``("text layers not supported",)``."""
        return self._warnings

    def _call(self, name: str, *args: Any) -> None:
        _check(self._lib, getattr(self._lib, "lamina_lottie_" + name)(self._handle, *args), name)

    def play(self, loop: bool = True) -> None:
        """Plays from the start at the engine's current time: beginTime now, repeatCount
        infinity when ``loop`` (else once, then the out frame holds), at :attr:`speed`.
        Add the root to its superlayer first (its beginTime is in the superlayer's time)."""
        self._loop = bool(loop)
        self._call("set_loop", 1 if loop else 0)
        self._call("play")

    def seek(self, progress: float) -> None:
        """Shows ``progress`` (clamped to [0, 1]) paused: frame ip + progress·(op − ip) from
        the next commit (speed 0 and timeOffset on the root). Example: ``anim.seek(1.0)``."""
        self._call("seek", float(progress))

    @property
    def speed(self) -> float:
        """The playback speed (1 = the file's frame rate; > 0). Setting it while playing keeps
        the current frame."""
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        self._call("set_speed", float(value))
        self._speed = float(value)

    @property
    def loop(self) -> bool:
        """Whether playback loops (set by :meth:`play`)."""
        return self._loop

    def __repr__(self) -> str:
        w, h = self._info.width, self._info.height
        return (f"<lamina.LottieAnimation {w:g}x{h:g} {self._info.frame_rate:g} fps "
                f"frames {self._info.in_frame:g}-{self._info.out_frame:g}>")


def load_lottie(self: Engine, source: Union[str, "os.PathLike[str]", bytes, bytearray]) -> LottieAnimation:
    """The implementation of :meth:`Engine.load_lottie` (see there)."""
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
    else:
        data = Path(os.fspath(source)).read_bytes()
    lib = _load()
    out = ctypes.c_void_p()
    status = lib.lamina_lottie_load(self._ptr(), data, len(data), ctypes.byref(out))
    _check(lib, status, "load_lottie", LottieError if status == 1 else LaminaError)
    return LottieAnimation._make(self, lib, out.value or 0)


# Engine.load_lottie calls this (the package's layering keeps _engine below this module).
_engine._LOTTIE_LOADER = load_lottie
