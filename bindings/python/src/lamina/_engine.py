# SPDX-License-Identifier: Apache-2.0
"""Engine: owns layers, transactions, animations and time (R1, R2); creates layers of each
kind, ticks, opens transactions and animation blocks, makes draw lists and the batch calls."""
from __future__ import annotations

import array
import difflib
import enum
import sys
import threading
import weakref
from contextlib import contextmanager
from ctypes import POINTER, byref, cast, c_char_p, c_double, c_int32, c_size_t, c_uint8, c_uint32, c_uint64, c_void_p, memmove, sizeof
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Set, Tuple, Type, Union

from . import _callbacks as CB
from . import _capi as C
from ._loader import companion_candidates
from ._animation import Animation, Spring
from ._animator import PropertyAnimator
from ._contents import Image
from ._drawlist import DrawRecord, _KIND_FIELDS_END, _record_extras
from ._errors import LaminaError, NotFoundError, StaleHandleError
from ._introspection import _transition_info
from ._keys import _KEY_KINDS, _KIND_HINT, LayerKind, _key, _key_for
from ._kinds import GradientLayer, ReplicatorLayer, ShapeLayer, TextLayer
from ._layer import Layer, _L
from ._markers import NO_ACTION
from ._props import _fail, _raw
from ._style import ActionLike
from ._transaction import Transaction
from ._types import Rect, TimingLike, c_string, from_c_color, from_c_rect, from_c_size, from_c_transform
from ._values import to_c_value

if TYPE_CHECKING:  # PEP 692: the constructors' keywords, checked by type checkers only
    import os

    from typing_extensions import Unpack

    from ._lottie import LottieAnimation
    from ._textprovider import TextLayoutProvider
    from ._propsdict import (GradientLayerProperties, LayerProperties, ReplicatorLayerProperties,
                             ShapeLayerProperties, TextLayerProperties)

#: What ``Engine(clock=...)`` and ``Engine.clock`` take: ``"monotonic"`` or a callable returning
#: seconds (None: driven by hand).
ClockLike = Union[str, Callable[[], float]]

#: Engine.load_lottie's implementation, set by lamina._lottie when it is imported (the Lottie
#: importer's module comes after this one in the package's layering).
_LOTTIE_LOADER: Optional[Callable[..., Any]] = None


class ViewAnimationOptions(enum.IntFlag):
    """UIViewAnimationOptions for :meth:`Engine.animate` (CA-4.8).

    Example: ``engine.animate(0.3, options=lamina.ViewAnimationOptions.AUTOREVERSE)``
    """

    NONE = 0
    LAYOUT_SUBVIEWS = 1 << 0
    ALLOW_USER_INTERACTION = 1 << 1
    BEGIN_FROM_CURRENT_STATE = 1 << 2
    REPEAT = 1 << 3
    AUTOREVERSE = 1 << 4
    OVERRIDE_INHERITED_DURATION = 1 << 5
    OVERRIDE_INHERITED_CURVE = 1 << 6
    OVERRIDE_INHERITED_OPTIONS = 1 << 9


# A spring block keeps its own duration and motion inside other blocks (R17.22):
# OVERRIDE_INHERITED_DURATION | OVERRIDE_INHERITED_CURVE.
_SPRING_BLOCK_BITS = (1 << 5) | (1 << 6)
_CURVES = {"ease-in-out": 0, "ease-in-ease-out": 0, "ease-in": 1 << 16, "ease-out": 2 << 16, "linear": 3 << 16}


def _foreign(layer: "Layer") -> int:
    raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", f"{layer!r} belongs to another engine", "")


#: What the batch calls take as layers: a sequence of Layers, or an array of their handles
#: (Engine.layer_handles(), a uint64 numpy array, array('Q'), draw_list_array()["layer"]).
LayersLike = Union[Sequence["Layer"], Any]


_engine_tick = _raw("lamina_engine_tick")
# A ready ctypes argument ("cparam" object; a layer's handle is another, _layer._uint64_arg):
# passed to a function without argtypes it is copied into the call as it is, where a c_double
# instance would first be wrapped in one (an allocation per argument per call).
_double_arg = c_double.from_param
_engine_get_time = _raw("lamina_engine_get_time")
_draw_list_sized = _raw("lamina_engine_draw_list_sized")
_RECORD_SIZE = c_size_t(sizeof(C.DrawRecord))
_RECORD_BYTES = sizeof(C.DrawRecord)
_DL_OUT = c_size_t * 2  # out_records (an address) and out_count: both pointer-sized here
_SIZE_T = sizeof(c_size_t)
assert _SIZE_T == sizeof(c_void_p)
_D1 = c_double * 1


_NUMPY: Any = False  # not looked up yet
_DTYPE: Any = None


def _np() -> Any:
    """numpy, or None when it is not installed (it is optional: bulk paths are faster with it)."""
    global _NUMPY
    if _NUMPY is False:
        try:
            # By name: numpy is optional, and type checkers need not have it.
            import importlib
            _NUMPY = importlib.import_module("numpy")
        except ImportError:
            _NUMPY = None
    return _NUMPY



def _ctypes_dtype(np: Any, t: Any) -> Any:
    """A numpy dtype for a ctypes type with explicit offsets; pointers become uintp."""
    import ctypes
    if isinstance(t, type) and issubclass(t, ctypes.Structure):
        names: List[str] = []
        formats: List[Any] = []
        offsets: List[int] = []
        for field in t._fields_:
            name, ft = field[0], field[1]
            names.append(name)
            formats.append(_ctypes_dtype(np, ft))
            offsets.append(getattr(t, name).offset)
        return np.dtype({"names": names, "formats": formats, "offsets": offsets,
                         "itemsize": ctypes.sizeof(t)})
    if isinstance(t, type) and issubclass(t, ctypes.Array):
        return np.dtype((_ctypes_dtype(np, t._type_), (t._length_,)))
    if isinstance(t, type) and issubclass(t, (ctypes._Pointer, ctypes.c_void_p, ctypes.c_char_p)):
        return np.dtype(np.uintp)
    return np.dtype(t)


def _draw_record_dtype(np: Any) -> Any:
    """The numpy dtype of lamina_draw_record_t, made once from the ctypes layout."""
    global _DTYPE
    if _DTYPE is None:
        _DTYPE = _ctypes_dtype(np, C.DrawRecord)
        assert _DTYPE.itemsize == sizeof(C.DrawRecord)
    return _DTYPE


class Engine:
    """A Lamina engine: owns layers, transactions, animations and time.

    Use it as a context manager (``with Engine() as engine:``) or call :meth:`close`.

    Time (R1, R2): by default the host drives it by hand, passing explicit times to
    :meth:`tick`; a change made between two ticks begins at the next tick's time. Give the
    engine a ``clock`` instead — ``"monotonic"`` (or :func:`clock_now`) for CLOCK_MONOTONIC, or
    any callable returning seconds (the host's frame clock) — and every commit reads it, so an
    animation begins at its commit, and ``tick()`` without a time ticks at the clock's time.

    Example: ``with lamina.Engine() as engine: engine.tick(0.0)``
    """

    def __init__(self, clock: Optional[ClockLike] = None) -> None:
        ptr = C.EngineP()
        C.lib.lamina_engine_create(byref(ptr))
        self._engine_ptr: Any = ptr
        self._addr: int = cast(ptr, c_void_p).value or 0
        # The lean call paths pass this ready argument as is (no conversion, no allocation:
        # ctypes copies its value into each call); it is immutable, so threads share it.
        self._epc: Any = c_void_p.from_param(self._addr)
        self._clock: Optional[ClockLike] = None
        self._closed = False
        self._layers: "weakref.WeakValueDictionary[int, Layer]" = weakref.WeakValueDictionary()
        self._delegates: Dict[int, Any] = {}
        self._styles: Dict[int, Any] = {}
        self._wrap_lock = threading.Lock()
        # The type each custom property was registered with (its default's, CA-3.16): what a
        # value for it converts to wherever no layer is at hand to ask (actions, styles).
        self._custom_types: Dict[str, int] = {}
        # a memoryview over the engine's records, as a weak reference (none is handed out now)
        self._records_view: Optional["weakref.ReferenceType[Any]"] = None
        # Serialises this engine's draw-list builds and the reads of their engine-owned
        # buffer (draw_list, draw_list_array, damage, lamina.render): the C header asks hosts
        # to, and a render on one thread freed the records draw_list read on another (issue
        # 31 item 7b). Re-entrant: a delegate may ask for a draw list while one is built.
        self._draw_lock = threading.RLock()
        # Property animators that are active, stopped or have completions due: kept alive as
        # UIKit keeps its running animators (R17.11).
        self._live_animators: Set[Any] = set()
        # A Python text layout provider's callbacks (set_text_provider), kept alive for the C side.
        self._text_bridge: Optional[Any] = None
        self.current_transaction = Transaction(self)
        """The calling thread's innermost transaction (settings and values)."""
        if clock is not None:
            try:
                self.clock = clock
            except BaseException:
                self.close()
                raise

    def _ptr(self) -> Any:
        if self._closed:
            raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", "the engine is closed", "")
        return self._engine_ptr

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` ran (the engine and its layers are gone)."""
        return self._closed

    def close(self) -> None:
        """Destroys the engine and everything it owns. Idempotent."""
        if not self._closed:
            # (draw_list_array's arrays own their records: nothing of the engine outlives it)
            C.lib.lamina_engine_destroy(self._engine_ptr)
            self._closed = True
            for layer in list(self._layers.values()):
                layer._owned = False
            self._layers.clear()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        if not getattr(self, "_closed", True) and not sys.is_finalizing():
            try:
                self.close()
            except Exception:
                pass

    def __repr__(self) -> str:
        return f"<lamina.Engine {'closed' if self._closed else f't={self.time}'}>"

    # -- layers ---------------------------------------------------------------------------
    def load_lottie(self, source: Union[str, "os.PathLike[str]", bytes, bytearray]) -> "LottieAnimation":
        """Loads a Lottie (Bodymovin JSON) file, a path or the file's bytes, into layers of this
        engine through liblamina-lottie (issue 28), paused at progress 0; its root is in no tree.

        Example: ``anim = engine.load_lottie("loader.json"); host.add_sublayer(anim.root)``

        Raises:
            LottieError: malformed JSON, wrong types, missing fields, absurd sizes or cyclic
                precompositions; the message names the JSON path of the problem.
            LottieUnavailableError: liblamina-lottie cannot be loaded.
        """
        if _LOTTIE_LOADER is None:  # pragma: no cover - lamina/__init__ imports _lottie
            raise LaminaError(2, "LAMINA_STATUS_MISUSE", "import lamina first", "load_lottie")
        result: "LottieAnimation" = _LOTTIE_LOADER(self, source)
        return result

    def layer(self, **properties: Unpack[LayerProperties]) -> Layer:
        """Creates a layer with Core Animation's defaults, then sets ``properties`` (Python
        names, e.g. ``engine.layer(bounds=(0, 0, 100, 100), position=(50, 50))``)."""
        return self._create(Layer, properties)

    def shape_layer(self, **properties: Unpack[ShapeLayerProperties]) -> "ShapeLayer":
        """Creates a shape layer (CAShapeLayer, RS-8) with Core Animation's defaults, then sets
        ``properties`` (Python names of Layer and ShapeLayer). Example::

            ring = engine.shape_layer(path=lamina.Path.ellipse((0, 0, 80, 80)),
                                      fill_color=None, stroke_color=lamina.BLUE,
                                      line_width=6.0, stroke_end=0.25)
        """
        return self._create(ShapeLayer, properties)

    def gradient_layer(self, **properties: Unpack[GradientLayerProperties]) -> "GradientLayer":
        """Creates a gradient layer (CAGradientLayer, RS-9) with Core Animation's defaults,
        then sets ``properties`` (Python names of Layer and GradientLayer). Example::

            sky = engine.gradient_layer(bounds=(0, 0, 200, 100),
                                        colors=[lamina.BLUE, lamina.WHITE])
        """
        return self._create(GradientLayer, properties)

    def text_layer(self, **properties: Unpack[TextLayerProperties]) -> "TextLayer":
        """Creates a text layer (CATextLayer, R15) with Core Animation's defaults (no string,
        Helvetica 36, opaque white, natural alignment, not wrapped, not truncated), then sets
        ``properties`` (Python names of Layer and TextLayer). Its text is laid out by the
        engine's text layout provider (:meth:`use_text_provider`). Example::

            title = engine.text_layer(string="Hello", font="DejaVu Sans", font_size=24,
                                      bounds=(0, 0, 200, 40))
        """
        return self._create(TextLayer, properties)

    def use_text_provider(self, font_dirs: Optional[Sequence[str]] = None) -> None:
        """Registers liblamina-text, the HarfBuzz text layout provider (R15.1), as this
        engine's: text layers lay out at their next draw list. ``font_dirs`` are directories
        whose fonts are added to fontconfig's for this provider (an application's or a test's
        own fonts). The library is found as ``$LAMINA_TEXT_LIBRARY``, beside the loaded
        liblamina, or (when ``$LAMINA_LIBRARY`` is not set) bundled in this package or by
        ``find_library("lamina-text")``.

        Raises:
            NotFoundError: liblamina-text cannot be loaded, or a font directory cannot be read.

        Example: ``engine.use_text_provider(["/usr/share/myapp/fonts"])``
        """
        lib = _text_library()
        dirs = [c_string(str(d), "a font directory") for d in (font_dirs or [])]
        arr = (c_char_p * max(len(dirs), 1))(*dirs)
        provider = C.TextProvider()
        rc = lib.lamina_text_provider_create(arr, len(dirs), byref(provider))
        if rc != 0:
            # liblamina-text's own message names the directory (a library without the function
            # predates it: the old generic text).
            why = getattr(lib, "lamina_text_last_error_message", None)
            detail = why().decode("utf-8", "replace") if why is not None else ""
            raise NotFoundError(
                rc, "LAMINA_STATUS_NOT_FOUND",
                f"liblamina-text could not make a provider (status {rc}): "
                + (detail or f"is every font directory readable? {list(font_dirs or [])!r}"))
        C.lib.lamina_engine_set_text_provider(self._ptr(), byref(provider))

    def set_text_provider(self, provider: Optional["TextLayoutProvider"]) -> None:
        """Registers a text layout provider written in Python (R15.1): the host's own text
        stack, as a C host registers a ``lamina_text_provider_t`` and a Swift host a
        ``TextLayoutProvider``. The engine calls ``provider.layout(request)`` (a
        :class:`~lamina.TextRequest`) for each layout it needs (R15.6: once per change of a layer's
        text inputs) and copies the :class:`~lamina.TextLayout` it returns. ``layout`` runs with the
        engine's lock held, on the thread that builds a draw list or asks for a preferred size,
        and must not call into the engine (such calls are refused). An exception, or an answer
        that is not a well-formed :class:`~lamina.TextLayout`, makes that layer's layout fail with the
        exception's text as its ``text_message``; it never reaches the caller. ``None`` removes
        the provider. Every text layer lays out again at its next draw list.

        Raises:
            TypeError: ``provider`` has no callable ``layout``.

        Example::

            class Mono:
                def layout(self, request):
                    ...  # shape request.string with the host's own text stack
                    return lamina.TextLayout(size=(w, h), runs=runs, lines=lines)
            engine.set_text_provider(Mono())
        """
        if provider is None:
            self.remove_text_provider()
            return
        if not callable(getattr(provider, "layout", None)):
            raise TypeError(f"a text layout provider needs a layout(request) method; got {provider!r}")
        from ._textprovider import _Bridge

        bridge = _Bridge(provider)
        c_provider = bridge.c_provider()
        C.lib.lamina_engine_set_text_provider(self._ptr(), byref(c_provider))
        # The callbacks live as long as the engine may call them: until the next registration
        # (the engine then runs the old one's destroy) or the engine's end.
        self._text_bridge = bridge

    def remove_text_provider(self) -> None:
        """Removes the engine's text layout provider: text layers then lay out empty, their
        records saying ``text_status == "no-provider"`` (R15.1)."""
        C.lib.lamina_engine_set_text_provider(self._ptr(), None)
        self._text_bridge = None

    def replicator_layer(self, **properties: Unpack[ReplicatorLayerProperties]) -> "ReplicatorLayer":
        """Creates a replicator layer (CAReplicatorLayer, RS-13) with Core Animation's
        defaults, then sets ``properties`` (Python names of Layer and ReplicatorLayer). Its
        sublayers are drawn ``instance_count`` times. Example::

            spinner = engine.replicator_layer(
                bounds=(0, 0, 60, 60), instance_count=12, instance_delay=1 / 12,
                instance_transform=lamina.Transform3D.rotation(2 * math.pi / 12))
        """
        return self._create(ReplicatorLayer, properties)

    _EXTRA_ARGS = ("frame", "delegate", "view_backed", "style")

    def _create(self, cls: Type[_L], properties: Mapping[str, object]) -> _L:
        """A new layer of ``cls``'s kind with ``properties`` set (names checked first)."""
        table = cls._PYPROPS
        for name in properties:
            if name not in table and name not in self._EXTRA_ARGS:
                owner = _owner_of(name)
                hint = f" (a {owner} property)" if owner else ""
                if not owner:  # the closest name, worded as the library words its suggestion
                    close = difflib.get_close_matches(name, [*table, *self._EXTRA_ARGS], n=1, cutoff=0.8)
                    hint = f"; did you mean {close[0]!r}?" if close else ""
                raise TypeError(f"unknown {cls.__name__} property {name!r}{hint}")
        out = c_uint64()
        if cls._KIND == LayerKind.PLAIN:
            C.lib.lamina_layer_create(self._ptr(), byref(out))
        else:
            C.lib.lamina_layer_create_kind(self._ptr(), int(cls._KIND), byref(out))
        layer = cls._make(self, out.value)
        with self._wrap_lock:
            self._layers[out.value] = layer
        for name, value in properties.items():
            setattr(layer, name, value)
        return layer

    def _class_of(self, handle: int) -> Type[Layer]:
        """The Layer subclass of a live layer's kind (lamina_layer_get_kind); Layer when the
        library cannot tell (an older library without layer kinds)."""
        if "lamina_layer_get_kind" in C.missing:
            return Layer
        kind = c_int32()
        try:
            C.lib.lamina_layer_get_kind(self._ptr(), handle, byref(kind))
        except LaminaError:
            return Layer
        return _KIND_CLASSES.get(kind.value, Layer)

    def _wrap(self, handle: int, dead_ok: bool = False, kind: Optional[int] = None) -> Optional[Layer]:
        """The Python object of a layer handle (one per live layer), of its kind's subclass.
        With ``dead_ok`` (for callbacks about layers that may be gone) a destroyed layer gives
        a released object. ``kind`` is the layer's kind when the caller knows it (a draw
        record's layer_kind), saving the lamina_layer_get_kind call."""
        if not handle:
            return None
        with self._wrap_lock:
            existing = self._layers.get(handle)
            if existing is not None:
                return existing
            try:
                C.lib.lamina_layer_retain(self._ptr(), handle)
            except StaleHandleError:
                if not dead_ok:
                    raise
                dead = Layer._make(self, handle)
                dead._owned = False
                return dead
            cls = self._class_of(handle) if kind is None else _KIND_CLASSES.get(kind, Layer)
            layer = cls._make(self, handle)
            self._layers[handle] = layer
            return layer

    def register_property(self, key: str, default: Any) -> None:
        """Registers a custom animatable property for every layer (CA-3.16, CA-7.7)."""
        v = to_c_value(default)
        C.lib.lamina_engine_register_property(self._ptr(), _key(key), byref(v))
        self._custom_types[key] = int(v.type)

    def _key_hint(self, key: str) -> int:
        """The type ``key`` holds as far as the engine knows without a layer: a custom
        property's registered type, a built-in key's declared kind, else -1 (unknown: the
        length of a plain list decides). Values for actions and styles convert by it."""
        t = self._custom_types.get(key)
        if t is not None:
            return t
        return _KIND_HINT.get(_KEY_KINDS.get(key, ""), -1)

    # -- time -----------------------------------------------------------------------------
    def tick(self, time: Optional[float] = None) -> None:
        """One run-loop turn (R2): moves the time to ``time``, then commits the implicit
        transaction (its animations begin at ``time``), advances animations and runs due
        callbacks. Without a time it ticks at the engine's :attr:`clock`, or when it has none
        at :func:`clock_now` (the monotonic clock)."""
        if time is None:
            if self._clock is not None:
                C.lib.lamina_engine_tick_now(self._ptr())
                return
            time = C.lib.lamina_clock_now()
        if self._closed:
            self._ptr()  # raises StaleHandleError
        rc = _engine_tick(self._epc, _double_arg(time if time.__class__ is float else float(time)))
        if rc or C._pending_count:
            _fail(rc, _engine_tick)

    @property
    def clock(self) -> Optional[ClockLike]:
        """The engine's clock (R1): None (driven by hand), ``"monotonic"``, or a callable
        returning seconds. With a clock every commit reads it — engine time moves to its
        reading and the committed animations begin there — and ``tick()`` ticks at it. The
        callable is called on the committing or ticking thread with no engine lock held; it
        must not call into this engine. An exception it raises is re-raised by the call that
        read it."""
        return self._clock

    @clock.setter
    def clock(self, clock: Optional[ClockLike]) -> None:
        ptr = self._ptr()
        if clock is None:
            C.lib.lamina_engine_set_clock(ptr, C.CLOCK_FN(), None, C.FREE_FN())
        elif clock == "monotonic" or clock is clock_now:
            C.lib.lamina_engine_use_monotonic_clock(ptr)
        elif callable(clock):
            key = CB.register(clock)
            C.lib.lamina_engine_set_clock(ptr, CB.clock_trampoline, key, CB.free_trampoline)
        else:
            raise TypeError(
                f"clock must be None, 'monotonic' or a callable returning seconds, not {clock!r}")
        self._clock = clock

    @property
    def time(self) -> float:
        """The time of the last tick (0 before the first)."""
        if self._closed:
            self._ptr()  # raises StaleHandleError
        out = _D1()  # the lean path (lamina/_props.py): draw lists read the time every frame
        rc = _engine_get_time(self._epc, out)
        if rc or C._pending_count:
            _fail(rc, _engine_get_time)
        return out[0]

    @property
    def next_frame_time(self) -> float:
        """When anything on screen can next change (inf when nothing will): now while
        something moves; the next key time while only discrete keyframe animations run
        (CA-8.6), since their value holds between key times; under a replicator every delayed
        instance counts (RS-13.4)."""
        t = c_double()
        C.lib.lamina_engine_next_frame_time(self._ptr(), byref(t))
        return t.value

    # -- transactions ---------------------------------------------------------------------
    def begin(self) -> None:
        """Begins an explicit transaction on this thread."""
        C.lib.lamina_transaction_begin(self._ptr())

    def commit(self) -> None:
        """Commits this thread's innermost explicit transaction."""
        C.lib.lamina_transaction_commit(self._ptr())

    def flush(self) -> None:
        """Commits this thread's implicit transaction now (or when the outermost explicit
        one commits)."""
        C.lib.lamina_transaction_flush(self._ptr())

    @contextmanager
    def transaction(
        self,
        duration: Optional[float] = None,
        timing: Optional[TimingLike] = None,
        disable_actions: Optional[bool] = None,
        completion: Optional[Callable[[], Any]] = None,
        spring: Optional[Spring] = None,
    ) -> Iterator[Transaction]:
        """An explicit transaction around the block (begin/commit, CA-2). The settings apply
        to it; the yielded object reads and writes the innermost transaction's settings and
        values. The transaction commits also when the block raises. With ``spring`` (a
        :class:`lamina.Spring`), implicit changes of numeric properties spring from the
        presentation value with the presentation velocity (R17.6)."""
        self.begin()
        try:
            t = self.current_transaction
            if spring is not None:
                t.spring = spring
            if duration is not None:
                t.duration = duration
            if timing is not None:
                t.timing_function = timing
            if disable_actions is not None:
                t.disable_actions = disable_actions
            if completion is not None:
                t.set_completion(completion)
            yield t
        finally:
            self.commit()

    @property
    def in_view_animation(self) -> bool:
        """Whether the calling thread is inside an :meth:`animate` block that animates
        (UIKit's ``inheritedAnimationDuration > 0``): what a view-backed layer's delegate asks."""
        b = c_uint32()
        C.lib.lamina_view_animation_is_open(self._ptr(), byref(b))
        return bool(b.value)

    def animator(
        self,
        duration: Optional[float] = None,
        curve: Optional[TimingLike] = None,
        spring: Optional[Spring] = None,
    ) -> PropertyAnimator:
        """A property animator (R17.9): ``engine.animator(duration=1.0, curve="ease-in-out")``
        or ``engine.animator(spring=lamina.Spring(duration=0.5, bounce=0.2))``, whose duration
        defaults to the spring's settling duration (0.25 s for a curve). Raises
        :class:`lamina.InvalidArgumentError` for a duration that is not finite and positive.

        Example::

            a = engine.animator(duration=0.5)
            a.add_animations(lambda: setattr(card, "opacity", 0.0))
            a.start()
        """
        if duration is None:
            duration = spring.settling_duration if spring is not None else 0.25
        return PropertyAnimator(self, duration, curve, spring)

    @contextmanager
    def animate(
        self,
        duration: Optional[float] = None,
        delay: float = 0.0,
        options: ViewAnimationOptions = ViewAnimationOptions.NONE,
        curve: str = "ease-in-out",
        completion: Optional[Callable[[bool], Any]] = None,
        spring: Optional[Spring] = None,
    ) -> Iterator[None]:
        """A UIView-style animation block (R11, CA-4): view-backed layers changed inside it
        animate with its duration, delay, curve ("ease-in-out", "ease-in", "ease-out",
        "linear") and options. ``completion(finished)`` runs at a later tick.

        With ``spring`` (a :class:`lamina.Spring`) it is a spring block (R17.22), UIKit's
        ``animate(springDuration:bounce:)``: numeric changes of view-backed layers, and the
        implicit changes of other layers, spring from the presentation value with the
        presentation velocity (R17.6); it takes a delay, options and a completion, but no
        duration or curve (the spring has them)."""
        if spring is not None:
            if duration is not None or curve != "ease-in-out":
                raise TypeError("animate(spring=...) takes no duration or curve: the spring has them")
            duration = spring.settling_duration
            bits = int(options) | _SPRING_BLOCK_BITS
        elif duration is None:
            raise TypeError("animate() needs a duration (or a spring)")
        else:
            try:
                bits = int(options) | _CURVES[curve]
            except KeyError:
                raise ValueError(f"unknown curve {curve!r}; expected one of {sorted(_CURVES)}") from None
        if completion is None:
            C.lib.lamina_view_animation_begin(self._ptr(), float(duration), float(delay), bits,
                                              C.VIEW_COMPLETION_FN(), None, C.FREE_FN())
        else:
            ud = CB.register(completion)
            C.lib.lamina_view_animation_begin(self._ptr(), float(duration), float(delay), bits,
                                              CB.view_completion_trampoline, ud, CB.free_trampoline)
        try:
            if spring is not None:
                C.lib.lamina_view_animation_set_spring(self._ptr(), byref(spring._to_c()))
            yield
        finally:
            C.lib.lamina_view_animation_commit(self._ptr())

    # -- actions --------------------------------------------------------------------------
    def _make_action(self, action: ActionLike) -> Any:
        """An owned lamina_action_t for an Animation or callable; None for NO_ACTION."""
        if action is NO_ACTION:
            return None
        if isinstance(action, Animation):
            anim = action._to_c(self._key_hint, self)
            try:
                out = C.ActionP()
                C.lib.lamina_action_create_animation(anim, byref(out))
                return out
            finally:
                C.lib.lamina_animation_release(anim)
        if callable(action):
            return CB.custom_action(action, self)
        raise TypeError(f"not an action: {action!r} (an Animation, a callable or NO_ACTION)")

    def set_default_action(self, key: str, action: ActionLike) -> None:
        """Sets the engine's default action for event ``key`` (step 4 of the search): an
        Animation, a callable, NO_ACTION, or None to remove it."""
        if action is NO_ACTION:
            C.lib.lamina_engine_set_default_no_action(self._ptr(), _key(key))
            return
        a = self._make_action(action) if action is not None else None
        try:
            C.lib.lamina_engine_set_default_action(self._ptr(), _key(key), a)
        finally:
            if a is not None:
                C.lib.lamina_action_release(a)

    # -- draw list ------------------------------------------------------------------------
    def draw_list(self, root: Layer, at: Optional[float] = None) -> List[DrawRecord]:
        """The draw list of ``root``'s subtree in painter's order (back to front) at ``at``
        (default: the engine's time). Records whose C side data is shared (a replicator's
        instances of one shape) share one :class:`Path` object: copy it before changing it."""
        t = self.time if at is None else float(at)
        raw = c_void_p()
        n = c_size_t()
        if not isinstance(root, Layer):
            raise TypeError(f"root must be a Layer, not {type(root).__name__}")
        if root._engine is not self:
            raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", f"{root!r} belongs to another engine", "draw_list")
        with self._draw_lock:
            self._release_records_view()
            # The sized call: records of this binding's DrawRecord layout (the plain symbol
            # gives the 0.1 layout, for binaries built against the 0.1 header).
            C.lib.lamina_engine_draw_list_sized(self._ptr(), root._handle, t, sizeof(C.DrawRecord),
                                                byref(raw), byref(n))
            recs = cast(raw, POINTER(C.DrawRecord))
            shared: Dict[Any, Any] = {}  # one Path per side-data address in this list
            return [self._record(recs[i], shared) for i in range(n.value)]

    def draw_list_array(self, root: Layer, at: Optional[float] = None) -> Any:
        """The draw list of ``root``'s subtree as ONE read-only buffer of C records
        (lamina_draw_record_t, docs/draw-records.md), without a Python object per record: the
        C call's records, copied in one block move into memory the array owns.

        Returns a numpy structured array (its dtype mirrors the C struct, field by field) when
        numpy is installed, else a ``memoryview`` whose items are whole records (``format`` is
        the records' PEP 3118 struct format, ``itemsize`` their size; read a field with
        :data:`lamina.DRAW_RECORD_FIELDS` and :func:`struct.unpack_from`). Fields are the C
        names: ``layer`` (the handle; pass ``arr["layer"]`` to the batch calls), ``flags``
        (background colour set = 1, ...), ``transform``, ``bounds``, ``opacity``, ...

        The array owns its copy (issue 31 item 7a): the engine reuses or frees its own buffer
        at its next draw list (``draw_list``, ``draw_list_array``, ``damage`` or a render,
        from any thread), and a zero-copy view over it crashed the interpreter when read
        after that. The copy is one ``memmove`` (about 1 ms per 10,000 records); the array
        stays valid and unchanged for as long as it lives, also after the engine is closed.
        Example::

            arr = engine.draw_list_array(root)          # 10k layers: one call, no objects
            visible = arr[arr["opacity"] > 0]["layer"]  # handles of the visible layers
        """
        t = self.time if at is None else float(at)
        if root.__class__ is not Layer and not isinstance(root, Layer):
            raise TypeError(f"root must be a Layer, not {type(root).__name__}")
        if root._engine is not self:
            raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", f"{root!r} belongs to another engine", "draw_list_array")
        if not root._owned:
            raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", f"{root!r} was released", "draw_list_array")
        out = _DL_OUT()  # [records, count]: one array, passed as two pointers into it
        with self._draw_lock:
            rc = _draw_list_sized(self._epc, root._hc, _double_arg(t), _RECORD_SIZE, out, byref(out, _SIZE_T))
            if rc or C._pending_count:
                _fail(rc, _draw_list_sized)
            addr, count = out
            buf: Any = (C.DrawRecord * count)()
            if count and addr:
                # Copied under the lock: no other thread's draw list moves the records now.
                memmove(buf, addr, count * _RECORD_BYTES)
        np = _NUMPY if _NUMPY is not False else _np()
        if np is not None:
            arr = np.frombuffer(buf, dtype=_DTYPE if _DTYPE is not None else _draw_record_dtype(np),
                                count=count)
            arr.flags.writeable = False  # read-only, as the C records are
            return arr
        return memoryview(buf).toreadonly()

    def _release_records_view(self) -> None:
        """Releases a memoryview over the engine's records, if one was handed out (none is
        since draw_list_array copies: kept for the render path's call)."""
        ref = self._records_view
        if ref is not None:
            self._records_view = None
            view = ref()
            if view is not None:
                try:
                    view.release()
                except BufferError:  # something still exports it: it stays readable
                    pass

    # -- batch access (issue 13): many layers in one C call --------------------------------
    def layer_handles(self, layers: Sequence[Layer]) -> Any:
        """The handles of ``layers`` as one array, to pass to the batch calls
        (:meth:`set_numbers`, :meth:`numbers`, :meth:`presentation_numbers`, ...) instead of
        the layers: converting 10k Layer objects costs about half a millisecond, so convert
        once and reuse the array every frame. A uint64 numpy array when numpy is installed,
        else an ``array('Q')``. The batch calls also take the ``layer`` field of
        :meth:`draw_list_array` as is. A handle names its layer only in this engine; the
        library checks every handle in a batch call (R13: a stale or foreign one raises
        StaleHandleError naming its index). Example::

            handles = engine.layer_handles(dots)   # once
            engine.set_numbers(handles, "opacity", alphas)  # every frame
        """
        arr = self._handle_array(layers)
        np = _np()
        return np.frombuffer(arr, dtype=np.uint64) if np is not None else arr

    def _handle_array(self, layers: Sequence[Layer]) -> "array.array[int]":
        """The handles of Layer objects as an array('Q'); a released layer object gives
        handle 0 (the library then reports its index)."""
        try:
            hs = [layer._handle if layer._owned and layer._engine is self else
                  (0 if layer._owned is False else _foreign(layer)) for layer in layers]
        except AttributeError:
            raise TypeError("expected a sequence of Layers or an array of layer handles") from None
        return array.array("Q", hs)

    def _handles(self, layers: Any) -> Tuple[Any, int]:
        """(a C array of handles, count) from Layers, an array from :meth:`layer_handles`, or
        any buffer of unsigned 64-bit integers (numpy uint64, array('Q'), the ``layer`` field
        of :meth:`draw_list_array`): a contiguous buffer goes without a copy per element."""
        self._ptr()
        view: Any = None
        if not isinstance(layers, (list, tuple)):
            try:
                view = memoryview(layers)
            except TypeError:
                np = _np()
                if np is not None and isinstance(layers, np.ndarray):  # a strided field
                    view = memoryview(np.ascontiguousarray(layers, dtype=np.uint64))
        if view is not None:
            # 64-bit integers; signed ones (numpy's default int64) are the same bits
            if view.ndim != 1 or view.itemsize != 8 or view.format.lstrip("<=@") not in ("Q", "L", "q", "l"):
                raise TypeError(f"layer handles must be 64-bit integers in one dimension, "
                                f"not format {view.format!r} of shape {view.shape}")
            if not view.c_contiguous or view.format.lstrip("<=@") in ("q", "l"):
                view = memoryview(view.tobytes()).cast("Q")
            n = len(view)
            if n == 0:
                return (c_uint64 * 1)(), 0
            if view.readonly:
                return (c_uint64 * n).from_buffer_copy(view), n
            return (c_uint64 * n).from_buffer(view), n
        arr = self._handle_array(layers)
        n = len(arr)
        return ((c_uint64 * n).from_buffer(arr) if n else (c_uint64 * 1)()), n

    @staticmethod
    def _doubles(values: Any, count: int, width: int, what: str) -> Any:
        """``count * width`` doubles as a C array: numpy arrays and 'd' buffers without a
        per-element conversion, other sequences through array('d') (one C loop)."""
        n = count * width
        try:
            view = memoryview(values)
        except TypeError:
            view = None
        if view is not None and view.format == "d" and view.c_contiguous and view.nbytes == n * 8:
            return (c_double * max(n, 1)).from_buffer_copy(view) if n else (c_double * 1)()
        try:
            flat = array.array("d", values if width == 1 else [x for v in values for x in v])
        except TypeError:  # numbers array('d') does not take (e.g. Decimal): float() each
            flat = array.array("d", [float(v) for v in values] if width == 1 else
                               [float(x) for v in values for x in v])
        if len(flat) != n:
            raise ValueError(f"{what}: expected {count} values of {width} numbers, got {len(flat) / max(width, 1):g}")
        return (c_double * n).from_buffer(flat) if n else (c_double * 1)()

    @staticmethod
    def _out(buf: Any, count: int, width: int) -> Any:
        np = _np()
        if np is not None:
            arr = np.frombuffer(buf, dtype=np.float64, count=count * width)
            return arr.reshape(count, width) if width > 1 else arr
        view = memoryview(buf).cast("B")[: count * width * 8]
        return view.cast("d", (count, width)) if width > 1 and count else view.cast("d")

    def set_numbers(self, layers: LayersLike, key: str, values: Any) -> None:
        """Sets the number ``key`` ("opacity", "position.x", a Python name) of many layers in
        one C call (lamina_layers_set_number): ``layers[i]`` gets ``values[i]``. ``layers`` is
        a sequence of Layers or an array of handles (:meth:`layer_handles`); ``values`` any
        sequence of numbers (a float64 numpy array or ``array('d')`` is taken without a
        per-element conversion). Each change acts as the single setter would (implicit
        animations, actions). On a failing layer it stops and raises, naming the index; the
        layers before it keep their values. Example::

            engine.set_numbers(dots, "opacity", [0.5] * len(dots))
        """
        handles, n = self._handles(layers)
        vals = self._doubles(values, n, 1, "values")
        C.lib.lamina_layers_set_number(self._ptr(), handles, n, _key(_key_for(key)), vals)

    def set_points(self, layers: LayersLike, key: str, points: Any) -> None:
        """Sets the point ``key`` (e.g. "position") of many layers in one C call: ``points`` is
        a sequence of points or a numpy array of shape (n, 2). As :meth:`set_numbers`.
        Example: ``engine.set_points(dots, "position", [(10, 20), (30, 40)])``."""
        handles, n = self._handles(layers)
        vals = self._doubles(points, n, 2, "points")
        C.lib.lamina_layers_set_point(self._ptr(), handles, n, _key(_key_for(key)),
                                      cast(vals, POINTER(C.Point)))

    def numbers(self, layers: LayersLike, key: str) -> Any:
        """The model number ``key`` of many layers (Layers or :meth:`layer_handles`) in one C
        call: a new float64 numpy array, or without numpy a ``memoryview`` of doubles (format
        ``"d"``). Example: ``engine.numbers(dots, "opacity")``."""
        handles, n = self._handles(layers)
        out = (c_double * max(n, 1))()
        C.lib.lamina_layers_get_number(self._ptr(), handles, n, _key(_key_for(key)), out)
        return self._out(out, n, 1)

    def presentation_numbers(self, layers: LayersLike, key: str, at: Optional[float] = None) -> Any:
        """The presentation number ``key`` of many layers (Layers or :meth:`layer_handles`),
        at the engine's time or ``at``, in one C call: a new float64 numpy array, or a
        ``memoryview`` of doubles without numpy. NoPresentationError if a layer was never
        committed. Example::

            opacities = engine.presentation_numbers(dots, "opacity")
        """
        handles, n = self._handles(layers)
        out = (c_double * max(n, 1))()
        k = _key(_key_for(key))
        if at is None:
            C.lib.lamina_layers_get_presentation_number(self._ptr(), handles, n, k, out)
        else:
            C.lib.lamina_layers_get_presentation_number_at(self._ptr(), handles, n, k, float(at), out)
        return self._out(out, n, 1)

    def presentation_points(self, layers: LayersLike, key: str) -> Any:
        """The presentation point ``key`` (e.g. "position") of many layers in one C call: a
        numpy array of shape (n, 2), or a 2-D ``memoryview`` of doubles without numpy.
        Example: ``xy = engine.presentation_points(dots, "position"); xy[:, 0]  # the x's``"""
        handles, n = self._handles(layers)
        out = (c_double * max(2 * n, 2))()
        C.lib.lamina_layers_get_presentation_point(self._ptr(), handles, n, _key(_key_for(key)),
                                                   cast(out, POINTER(C.Point)))
        return self._out(out, n, 2)

    def _record(self, r: Any, shared: Optional[Dict[Any, Any]] = None) -> DrawRecord:
        f = r.flags
        kind = r.layer_kind if r.struct_size >= _KIND_FIELDS_END else None
        before = None
        before_sublayers: Tuple[DrawRecord, ...] = ()
        if r.transition_before:
            b0 = cast(r.transition_before, POINTER(C.DrawRecord))[0]
            before = self._record(b0, shared)
            # The old subtree follows its first record, the library's record size apart.
            stride = b0.struct_size or sizeof(C.DrawRecord)
            at = cast(r.transition_before, c_void_p).value or 0
            before_sublayers = tuple(self._record(C.DrawRecord.from_address(at + k * stride), shared)
                                     for k in range(1, 1 + b0.descendant_count))
        return DrawRecord(
            layer=self._wrap(r.layer, kind=kind),  # type: ignore[arg-type]
            depth=r.depth,
            descendant_count=r.descendant_count,
            clip_index=r.clip_index if r.clip_index >= 0 else None,
            transform=from_c_transform(r.transform),
            bounds=from_c_rect(r.bounds),
            clip_rect=from_c_rect(r.clip_rect) if f & 32 else None,
            opacity=r.opacity,
            corner_radius=r.corner_radius,
            border_width=r.border_width,
            background_color=from_c_color(r.background_color) if f & 1 else None,
            border_color=from_c_color(r.border_color) if f & 2 else None,
            shadow_color=from_c_color(r.shadow_color) if f & 4 else None,
            shadow_opacity=r.shadow_opacity,
            shadow_offset=from_c_size(r.shadow_offset),
            shadow_radius=r.shadow_radius,
            masks_to_bounds=bool(f & 8),
            double_sided=bool(f & 16),
            transition=_transition_info(r.transition_type, r.transition_subtype,
                                        r.transition_progress) if f & 64 else None,
            transition_before=before,
            transition_before_sublayers=before_sublayers,
            **_record_extras(r, shared),
        )

    def set_draw_list_budget(self, nbytes: int) -> None:
        """Sets the most side data (shape paths, dash patterns, gradient colours, shadow
        paths) one draw list of this engine may hold; 512 MiB by default (R18). A draw list,
        damage query or render that would pass it raises :class:`LaminaMemoryError`."""
        C.lib.lamina_engine_set_draw_list_budget(self._ptr(), int(nbytes))

    # -- images and damage (issue 10) ------------------------------------------------------
    def create_image(self, width: int, height: int, rgba: Any, premultiplied: bool = False) -> Image:
        """An image from RGBA8 pixels (any bytes-like object of width*height*4 bytes), copied
        (RS-4.1); ``premultiplied`` says whether colours are already multiplied by alpha."""
        data = bytes(memoryview(rgba).cast("B"))
        out = c_uint64()
        buf = (c_uint8 * max(len(data), 1)).from_buffer_copy(data or b"\0")
        C.lib.lamina_image_create_rgba8(self._ptr(), int(width), int(height), buf, len(data),
                                        int(bool(premultiplied)), byref(out))
        return Image(out.value)

    def create_external_image(self, handle: int, width: int, height: int) -> Image:
        """An image that stands for a host texture (its handle and pixel size)."""
        out = c_uint64()
        C.lib.lamina_image_create_external(self._ptr(), int(handle), int(width), int(height), byref(out))
        return Image(out.value)

    def damage(self, root: Layer) -> List[Rect]:
        """The rectangles (root space) that changed between the last two draw lists of
        ``root`` (RS-10): [] when nothing changed; one huge rectangle when unknown (the first
        call starts tracking the root)."""
        rects = POINTER(C.Rect)()
        n = c_size_t()
        with self._draw_lock:  # the rectangles are engine-owned until the next draw list
            C.lib.lamina_engine_damage(self._ptr(), root._handle, byref(rects), byref(n))
            return [from_c_rect(rects[i]) for i in range(n.value)]

def clock_now() -> float:
    """Seconds of a monotonic clock, a convenient time source for :meth:`Engine.tick`, e.g.
    ``engine.tick(lamina.clock_now())``."""
    return float(C.lib.lamina_clock_now())


#: The Layer subclass of each lamina_layer_kind_t.
_KIND_CLASSES: Dict[int, Type[Layer]] = {
    C.LAYER_KIND_PLAIN: Layer,
    C.LAYER_KIND_SHAPE: ShapeLayer,
    C.LAYER_KIND_GRADIENT: GradientLayer,
    C.LAYER_KIND_REPLICATOR: ReplicatorLayer,
    C.LAYER_KIND_TEXT: TextLayer,
}


def _owner_of(name: str) -> Optional[str]:
    """The class whose property ``name`` is, for error messages ("ShapeLayer"), or None."""
    for cls in (ShapeLayer, GradientLayer, ReplicatorLayer, TextLayer):
        if name in cls._PYPROPS:
            return cls.__name__
    return None


_text_lib: Optional[Any] = None


def _text_library() -> Any:
    """liblamina-text (the HarfBuzz text layout provider), loaded once: ``$LAMINA_TEXT_LIBRARY``,
    beside the loaded liblamina, bundled in this package (a wheel ships it), or
    ``find_library("lamina-text")``; the last two not when ``$LAMINA_LIBRARY`` is set
    (``_loader.companion_candidates``)."""
    global _text_lib
    if _text_lib is not None:
        return _text_lib
    import ctypes
    import os

    from pathlib import Path

    candidates = [path for _, path in companion_candidates(
        "LAMINA_TEXT_LIBRARY", "lamina-text", getattr(C.lib, "_lamina_path", None),
        Path(__file__).resolve().parent)]
    tried: List[str] = []
    for path in candidates:
        if "/" in path and not os.path.exists(path):
            tried.append(f"{path}: no such file")
            continue
        try:
            lib = ctypes.CDLL(path)
            fn = lib.lamina_text_provider_create
        except (OSError, AttributeError) as e:
            tried.append(f"{path}: {e}")
            continue
        fn.argtypes = [ctypes.POINTER(c_char_p), ctypes.c_size_t, ctypes.POINTER(C.TextProvider)]
        fn.restype = ctypes.c_int32
        if hasattr(lib, "lamina_text_last_error_message"):
            lib.lamina_text_last_error_message.argtypes = []
            lib.lamina_text_last_error_message.restype = ctypes.c_char_p
        _text_lib = lib
        return lib
    raise NotFoundError(6, "LAMINA_STATUS_NOT_FOUND",
                        "could not load liblamina-text (the text layout provider); tried: "
                        + "; ".join(tried) + ". Build it with CMake (LAMINA_BUILD_TEXT) or set "
                        "LAMINA_TEXT_LIBRARY.")
