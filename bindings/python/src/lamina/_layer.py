# SPDX-License-Identifier: Apache-2.0
"""Layer: one layer of an engine (CALayer's role): its tree, geometry, key-value access,
animations, actions and its typed properties (the descriptors of lamina/_props.py)."""
from __future__ import annotations

import sys
from ctypes import byref, c_double, c_int32, c_size_t, c_uint32, c_uint64, create_string_buffer
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Optional, Tuple, Type, TypeVar, Union

from . import _callbacks as CB
from . import _capi as C
from ._animation import Animation, animation_from_c
from ._errors import LaminaError, NotFoundError, StaleHandleError, TypeMismatchError
from ._introspection import AnimationTiming, TransitionInfo, _transition_info
from ._keys import _KEY_KINDS, _KIND_HINT, _PROPS, LayerKind, _key, _key_for
from ._markers import NO_ACTION
from ._presentation import Presentation
from ._props import (
    _BlendModeProp,
    _BoolProp,
    _ColorProp,
    _FiltersProp,
    _ImageProp,
    _NameProp,
    _NumberProp,
    _PathProp,
    _PointProp,
    _RectProp,
    _SizeProp,
    _StrValueProp,
    _TextProp,
    _TransformProp,
)
from ._style import ActionLike, Style
from ._types import Point, PointLike, Rect, RectLike, from_c_point, from_c_rect, to_c_point, to_c_rect
from ._values import from_c_value, to_c_value

if TYPE_CHECKING:  # annotations only: lamina/_engine.py (Engine) is above this module
    from ._engine import Engine


_MODEL, _PRESENTATION = 0, 1


def _tree(presentation: bool) -> int:
    return _PRESENTATION if presentation else _MODEL


_L = TypeVar("_L", bound="Layer")


class Layer:
    """A layer of an :class:`Engine` (CALayer's role).

    Each Python Layer object holds one host reference to its layer; it is dropped by
    :meth:`release` or when the object is garbage collected. A superlayer holds its own
    reference to each sublayer, so layers in a tree stay alive. Properties read and write the
    model; changes of committed layers animate implicitly unless actions are disabled.

    Layers handed back by the engine (:attr:`superlayer`, :attr:`sublayers`, :meth:`hit_test`,
    :attr:`mask`, draw records, callbacks) are of their kind's subclass: :class:`ShapeLayer`,
    :class:`GradientLayer` or :class:`ReplicatorLayer` (issue 15), or Layer for a plain layer.

    Example: ``layer = engine.layer(bounds=(0, 0, 50, 50)); layer.opacity = 0.5``
    """

    __slots__ = ("_engine", "_handle", "_owned", "_presented", "_ep", "_epc", "_hc", "__weakref__")
    #: This class's layer kind (each subclass sets its own).
    _KIND: LayerKind = LayerKind.PLAIN
    #: The Python property names this class's factory takes (the kind's table over _PROPS).
    _PYPROPS: Dict[str, Tuple[str, str]] = _PROPS
    #: The Presentation class of :meth:`presentation` (each subclass sets its own).
    _PRESENTATION: Type[Presentation] = Presentation
    _engine: "Engine"
    _handle: int
    _owned: bool
    _presented: bool
    _ep: int  # the engine's address, for the lean call paths (valid while _owned)
    _epc: Any  # the engine as a ready ctypes argument (read-only; shared with the engine)
    _hc: Any  # the handle as a ready ctypes argument, made once (read-only)

    def __init__(self) -> None:  # pragma: no cover - use Engine.layer()
        raise TypeError("create layers with Engine.layer(), shape_layer(), gradient_layer() "
                        "or replicator_layer()")

    @classmethod
    def _make(cls: Type[_L], engine: "Engine", handle: int) -> _L:
        self = object.__new__(cls)
        self._engine = engine
        self._handle = handle
        self._owned = True
        self._presented = False
        self._ep = engine._addr
        self._epc = engine._epc
        self._hc = _uint64_arg(handle)
        return self

    def _e(self) -> Any:
        if not self._owned:
            raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", "the layer was released", "")
        return self._engine._ptr()

    @property
    def engine(self) -> "Engine":
        """The engine that owns this layer."""
        return self._engine

    @property
    def kind(self) -> LayerKind:
        """The layer's kind, chosen at creation (lamina_layer_get_kind): LayerKind.PLAIN for a
        layer of :meth:`Engine.layer`, SHAPE, GRADIENT or REPLICATOR for the subclasses.

        Example: ``engine.gradient_layer().kind == lamina.LayerKind.GRADIENT``
        """
        return self._KIND

    # -- lifetime -------------------------------------------------------------------------
    def release(self) -> None:
        """Drops this object's host reference. A layer with no host reference and no
        superlayer is destroyed; the object is unusable afterwards. Idempotent."""
        if self._owned:
            self._owned = False
            self._engine._layers.pop(self._handle, None)
            if not self._engine.closed:
                C.lib.lamina_layer_release(self._engine._ptr(), self._handle)

    def __del__(self) -> None:
        if getattr(self, "_owned", False) and not sys.is_finalizing():
            try:
                eng = self._engine
                if not eng.closed:
                    C.lib.lamina_layer_release(eng._ptr(), self._handle)
            except Exception:
                pass

    @property
    def alive(self) -> bool:
        """Whether the layer still exists (not released and its engine open)."""
        if not self._owned or self._engine.closed:
            return False
        try:
            C.lib.lamina_layer_has_presentation(self._engine._ptr(), self._handle, byref(c_uint32()))
            return True
        except StaleHandleError:
            return False

    def __repr__(self) -> str:
        """``<lamina.Layer 0x...>`` (the handle), with `` released`` after :meth:`release`."""
        state = "" if self._owned else " released"
        return f"<lamina.{type(self).__name__} {self._handle:#x}{state}>"

    def __eq__(self, other: object) -> bool:
        """Identity within an engine: the same layer of the same engine, e.g.
        ``root.sublayers[0] == child``; a layer of another engine is never equal."""
        return isinstance(other, Layer) and other._engine is self._engine and other._handle == self._handle

    def __hash__(self) -> int:
        """The handle's hash, consistent with ``==``: layers work as dict keys and in sets."""
        return hash(self._handle)

    # -- key-value access -----------------------------------------------------------------
    def _hint(self, key: str) -> int:
        """The type ``key`` holds (issue 8 item 12): its current value's, or for a nil colour
        or name the property's declared kind; -1 when unknown (the library then reports)."""
        custom = self._engine._custom_types.get(key)
        if custom is not None:  # a custom property holds its registered type, always
            return custom
        v = C.Value()
        try:
            C.lib.lamina_layer_get_value(self._e(), self._handle, _key(key), byref(v))
        except Exception:
            return -1
        if v.type == C.VALUE_NULL:
            return _KIND_HINT.get(_KEY_KINDS.get(key, ""), -1)
        return int(v.type)

    def value(self, key: str) -> Any:
        """The model value of a key or key path ("position.x", "transform.rotation.z",
        a Python name like "background_color", or a custom property)."""
        key = _key_for(key)
        v = C.Value()
        C.lib.lamina_layer_get_value(self._e(), self._handle, _key(key), byref(v))
        return from_c_value(v)

    def set_value(self, key: str, value: Any) -> None:
        """Sets a key or key path (CA-7.6); the change posts the whole property's event.
        A value of the wrong type raises TypeMismatchError naming the layer, as the
        library's own errors do (``layer "card" (plain layer): 'opacity' takes a number,
        not (1, 2)``)."""
        key = _key_for(key)
        try:
            v = to_c_value(value, self._hint(key), key)
        except TypeMismatchError as e:
            raise self._named(e) from None
        C.lib.lamina_layer_set_value(self._e(), self._handle, _key(key), byref(v))

    def _describe(self) -> str:
        """How error messages name this layer, as the library does: ``layer "card" (shape
        layer)`` when it has a name, else ``layer <handle> (plain layer)``."""
        kind = f"{self._KIND.name.lower()} layer"
        try:
            name = self._get_name()
        except LaminaError:
            name = ""
        return f'layer "{name}" ({kind})' if name else f"layer {self._handle} ({kind})"

    def _named(self, error: LaminaError) -> LaminaError:
        """``error`` again with this layer named in front of its message (built only on the
        error path)."""
        subject = self._describe()
        if error.message.startswith(subject):
            return error
        return type(error)(error.code, error.name, f"{subject}: {error.message}", error.function)

    __getitem__ = value
    __setitem__ = set_value

    def _get_name(self) -> str:
        n = c_size_t()
        C.lib.lamina_layer_get_name(self._e(), self._handle, None, 0, byref(n))
        buf = create_string_buffer(n.value + 1)
        C.lib.lamina_layer_get_name(self._e(), self._handle, buf, n.value + 1, byref(n))
        return buf.value.decode("utf-8")

    # -- tree -----------------------------------------------------------------------------
    @property
    def superlayer(self) -> Optional["Layer"]:
        """The superlayer, or None."""
        out = c_uint64()
        C.lib.lamina_layer_get_superlayer(self._e(), self._handle, byref(out))
        return self._engine._wrap(out.value)

    @property
    def sublayers(self) -> List["Layer"]:
        """The sublayers, back to front."""
        e = self._e()
        n = c_size_t()
        C.lib.lamina_layer_get_sublayers(e, self._handle, None, 0, byref(n))
        buf = (c_uint64 * max(n.value, 1))()
        C.lib.lamina_layer_get_sublayers(e, self._handle, buf, n.value, byref(n))
        return [self._engine._wrap(buf[i]) for i in range(n.value)]  # type: ignore[misc]

    def __iter__(self) -> Iterator["Layer"]:
        """Iterates the sublayers, back to front: ``for child in layer: ...`` (a snapshot of
        :attr:`sublayers`, so the tree may change during the loop)."""
        return iter(self.sublayers)

    def __contains__(self, other: object) -> bool:
        """Whether ``other`` is a direct sublayer: ``child in layer``."""
        return isinstance(other, Layer) and other.superlayer == self

    def _mine(self, other: "Layer") -> int:
        """``other``'s handle, checked to be a layer of this layer's engine (R13): a layer of
        another engine raises StaleHandleError instead of naming a layer here."""
        if not isinstance(other, Layer):
            raise TypeError(f"expected a Layer, not {type(other).__name__}")
        if other._engine is not self._engine:
            raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE",
                                   f"{other!r} belongs to another engine than {self!r}", "lamina.Layer")
        return other._handle

    def add_sublayer(self, child: "Layer") -> "Layer":
        """Appends child (removing it from its old superlayer first). Returns child."""
        C.lib.lamina_layer_add_sublayer(self._e(), self._handle, self._mine(child))
        return child

    def insert_sublayer(self, child: "Layer", *, at: Optional[int] = None,
                        above: Optional["Layer"] = None, below: Optional["Layer"] = None) -> "Layer":
        """Inserts child at an index, or just above or below a sibling (exactly one)."""
        if sum(x is not None for x in (at, above, below)) != 1:
            raise TypeError("insert_sublayer needs exactly one of at=, above=, below=")
        e = self._e()
        if at is not None:
            C.lib.lamina_layer_insert_sublayer_at(e, self._handle, self._mine(child), max(0, min(int(at), 0xFFFFFFFF)))
        elif above is not None:
            C.lib.lamina_layer_insert_sublayer_above(e, self._handle, self._mine(child), self._mine(above))
        else:
            assert below is not None
            C.lib.lamina_layer_insert_sublayer_below(e, self._handle, self._mine(child), self._mine(below))
        return child

    def remove_from_superlayer(self) -> None:
        """Removes the layer from its superlayer (no effect without one)."""
        C.lib.lamina_layer_remove_from_superlayer(self._e(), self._handle)

    def replace_sublayer(self, old: "Layer", new: "Layer") -> None:
        """Replaces the sublayer old with new at the same index (posts "transition" on new)."""
        C.lib.lamina_layer_replace_sublayer(self._e(), self._handle, self._mine(old), self._mine(new))

    # -- presentation ---------------------------------------------------------------------
    @property
    def has_presentation(self) -> bool:
        """Whether the layer was ever committed (CA-1.2)."""
        b = c_uint32()
        C.lib.lamina_layer_has_presentation(self._e(), self._handle, byref(b))
        return bool(b.value)

    def presentation(self, at: Optional[float] = None) -> Optional["Presentation"]:
        """The presentation (what is on screen) at the engine's time or at ``at``; None before
        the layer's first commit."""
        if not self._presented:
            if not self.has_presentation:
                return None
            # CA-1.2: a layer that was committed once has a presentation from then on.
            self._presented = True
        p: Presentation = _new_presentation(self._PRESENTATION)
        p._layer = self
        p._at = None if at is None else float(at)
        return p

    # -- geometry -------------------------------------------------------------------------
    def _time(self, at: Optional[float]) -> float:
        return self._engine.time if at is None else float(at)

    @property
    def frame(self) -> Rect:
        """The model frame in the superlayer's space; setting it sets position and bounds."""
        return self.get_frame()

    @frame.setter
    def frame(self, value: RectLike) -> None:
        C.lib.lamina_layer_set_frame(self._e(), self._handle, to_c_rect(value))

    def get_frame(self, *, presentation: bool = False, at: Optional[float] = None) -> Rect:
        """The frame, of the model or of the presentation at ``at``."""
        out = C.Rect()
        C.lib.lamina_layer_get_frame(self._e(), self._handle, _tree(presentation), self._time(at), byref(out))
        return from_c_rect(out)

    def convert_point(self, point: PointLike, *, to: Optional["Layer"] = None,
                      from_: Optional["Layer"] = None, presentation: bool = False,
                      at: Optional[float] = None) -> Point:
        """Converts a point from this layer to ``to`` (or from ``from_`` to this layer); None
        on the other side is root space (CA-12.5)."""
        src, dst = self._pair(to, from_)
        out = C.Point()
        C.lib.lamina_layer_convert_point(self._e(), src, dst, to_c_point(point), _tree(presentation),
                                         self._time(at), byref(out))
        return from_c_point(out)

    def convert_rect(self, rect: RectLike, *, to: Optional["Layer"] = None,
                     from_: Optional["Layer"] = None, presentation: bool = False,
                     at: Optional[float] = None) -> Rect:
        """Converts a rectangle (the bounding box of its converted corners)."""
        src, dst = self._pair(to, from_)
        out = C.Rect()
        C.lib.lamina_layer_convert_rect(self._e(), src, dst, to_c_rect(rect), _tree(presentation),
                                        self._time(at), byref(out))
        return from_c_rect(out)

    def _pair(self, to: Optional["Layer"], from_: Optional["Layer"]) -> Tuple[int, int]:
        if from_ is not None and to is not None:
            raise TypeError("give to= or from_=, not both")
        if from_ is not None:
            return self._mine(from_), self._handle
        return self._handle, (self._mine(to) if to is not None else 0)

    def convert_time(self, time: float, *, to: Optional["Layer"] = None,
                     from_: Optional["Layer"] = None) -> float:
        """Converts a time between layers' time spaces (CA-5.11); None is engine time."""
        src, dst = self._pair(to, from_)
        out = c_double()
        C.lib.lamina_layer_convert_time(self._e(), src, dst, float(time), byref(out))
        return out.value

    def contains_point(self, point: PointLike, *, presentation: bool = False,
                       at: Optional[float] = None) -> bool:
        """Whether a point in the layer's own coordinates lies in its bounds (half-open)."""
        b = c_uint32()
        C.lib.lamina_layer_contains_point(self._e(), self._handle, to_c_point(point), _tree(presentation),
                                          self._time(at), byref(b))
        return bool(b.value)

    def hit_test(self, point: PointLike, *, presentation: bool = False,
                 at: Optional[float] = None) -> Optional["Layer"]:
        """The deepest layer of this subtree under ``point`` (in the superlayer's
        coordinates), or None. ``presentation=True`` tests where layers are on screen."""
        out = c_uint64()
        C.lib.lamina_layer_hit_test(self._e(), self._handle, to_c_point(point), _tree(presentation),
                                    self._time(at), byref(out))
        return self._engine._wrap(out.value)

    # -- animations -----------------------------------------------------------------------
    def add_animation(self, animation: Animation, key: Optional[str] = None) -> None:
        """Attaches a copy of ``animation`` under ``key`` (replacing the one there)."""
        if not isinstance(animation, Animation):
            raise TypeError("add_animation needs an Animation")
        try:
            anim = animation._to_c(self._hint, self._engine)
        except TypeMismatchError as e:
            raise self._named(e) from None
        try:
            C.lib.lamina_layer_add_animation(self._e(), self._handle, anim,
                                             None if key is None else _key(key))
        finally:
            C.lib.lamina_animation_release(anim)

    def animation(self, key: str) -> Animation:
        """A copy of the animation under ``key`` (NotFoundError if none). An implicit change
        reads as the basic animation Core Animation attaches (CA-11.5): from the presentation
        value when it begins (its commit) to the new value, with the transaction's duration and
        curve."""
        out = C.AnimationP()
        C.lib.lamina_layer_copy_animation(self._e(), self._handle, _key(key), byref(out))
        try:
            return animation_from_c(out)
        finally:
            C.lib.lamina_animation_release(out)

    @property
    def animation_keys(self) -> List[str]:
        """The keys of the layer's animations (explicit and implicit), in evaluation order."""
        e = self._e()
        n = c_size_t()
        C.lib.lamina_layer_get_animation_count(e, self._handle, byref(n))
        keys = []
        for i in range(n.value):
            length = c_size_t()
            try:
                C.lib.lamina_layer_get_animation_key(e, self._handle, i, None, 0, byref(length))
                buf = create_string_buffer(length.value + 1)
                C.lib.lamina_layer_get_animation_key(e, self._handle, i, buf, length.value + 1, byref(length))
            except NotFoundError:
                break
            keys.append(buf.value.decode("utf-8"))
        return keys

    def remove_animation(self, key: str) -> None:
        """Removes the animation under ``key`` (no effect if none)."""
        C.lib.lamina_layer_remove_animation(self._e(), self._handle, _key(key))

    def remove_all_animations(self) -> None:
        """Removes every animation of the layer, implicit ones included."""
        C.lib.lamina_layer_remove_all_animations(self._e(), self._handle)

    def animation_timing(self, key: str, at: Optional[float] = None) -> "AnimationTiming":
        """Timing introspection of the animation under ``key`` (CA-5.10)."""
        out = C.AnimationTiming()
        if at is None:
            C.lib.lamina_layer_get_animation_timing(self._e(), self._handle, _key(key), byref(out))
        else:
            C.lib.lamina_layer_get_animation_timing_at(self._e(), self._handle, _key(key), float(at), byref(out))
        return AnimationTiming(
            phase=("before", "active", "after")[out.phase], contributing=bool(out.contributing),
            iteration=out.iteration, iteration_progress=out.iteration_progress,
            active_duration=out.active_duration, end_time=out.end_time,
            begin_time=out.begin_time if out.has_begin_time else None)

    def transition(self, at: Optional[float] = None) -> Optional["TransitionInfo"]:
        """The transition running at ``at`` (default now), or None."""
        st = C.TransitionState()
        active = c_uint32()
        C.lib.lamina_layer_get_transition(self._e(), self._handle, self._time(at), byref(st), byref(active))
        if not active.value:
            return None
        return _transition_info(st.type, st.subtype, st.progress)

    def transition_before_value(self, key: str, at: Optional[float] = None) -> Any:
        """A property as it was before the running transition's changes (CA-10.2)."""
        v = C.Value()
        C.lib.lamina_layer_get_transition_before_value(self._e(), self._handle, _key(_key_for(key)),
                                                       self._time(at), byref(v))
        return from_c_value(v)

    # -- actions --------------------------------------------------------------------------
    def set_action(self, key: str, action: ActionLike) -> None:
        """Sets the layer's action for event ``key``: an Animation, a callable
        ``fn(layer, event)``, NO_ACTION, or None to remove the entry."""
        if action is NO_ACTION:
            C.lib.lamina_layer_set_action_none(self._e(), self._handle, _key(key))
            return
        try:
            a = self._engine._make_action(action) if action is not None else None
        except TypeMismatchError as e:
            raise self._named(e) from None
        try:
            C.lib.lamina_layer_set_action(self._e(), self._handle, _key(key), a)
        finally:
            if a is not None:
                C.lib.lamina_action_release(a)

    def set_no_action(self, key: str) -> None:
        """Puts an explicit "no action" in the layer's actions for ``key`` (CA-3.5)."""
        C.lib.lamina_layer_set_action_none(self._e(), self._handle, _key(key))

    def remove_action(self, key: str) -> None:
        """Removes the action entry for ``key`` (NotFoundError if there is none)."""
        C.lib.lamina_layer_remove_action(self._e(), self._handle, _key(key))

    def action_for_key(self, key: str) -> Union[Animation, str, None]:
        """What the action search finds for ``key`` now (CA-3.4): None for no action, an
        Animation for an animation action, or "custom" for a custom action."""
        out = C.ActionP()
        C.lib.lamina_layer_get_action(self._e(), self._handle, _key(key), byref(out))
        if not out:
            return None
        try:
            kind = c_int32()
            C.lib.lamina_action_get_kind(out, byref(kind))
            if kind.value == 1:
                return "custom"
            anim = C.AnimationP()
            C.lib.lamina_action_copy_animation(out, byref(anim))
            try:
                return animation_from_c(anim)
            finally:
                C.lib.lamina_animation_release(anim)
        finally:
            C.lib.lamina_action_release(out)

    @property
    def delegate(self) -> Optional[Callable[..., Any]]:
        """A callable ``delegate(layer, event)`` asked first in the action search: it returns
        None (continue), NO_ACTION, VIEW_POLICY, an Animation or a callable action. None clears
        it. On a view-backed layer it answers before the view policy, as a UIView subclass
        overriding actionForLayer:forKey: does (CA-4.1): VIEW_POLICY is its call to super, None
        its nil, which continues the layer's own search (actions, style, default actions, the
        built-in animation); :attr:`Engine.in_view_animation` tells it whether a block is
        open."""
        return self._engine._delegates.get(self._handle)

    @delegate.setter
    def delegate(self, fn: Optional[Callable[..., Any]]) -> None:
        if fn is not None and not callable(fn):
            # Checked here: a non-callable would only fail later, inside some other change.
            raise TypeError(f"a layer delegate must be callable or None, not {type(fn).__name__}")
        if fn is None:
            C.lib.lamina_layer_set_delegate(self._e(), self._handle, None, None, CB.free_trampoline)
            self._engine._delegates.pop(self._handle, None)
            return
        d, userdata = CB.layer_delegate(fn, self._engine)
        C.lib.lamina_layer_set_delegate(self._e(), self._handle, byref(d), userdata, CB.free_trampoline)
        self._engine._delegates[self._handle] = fn

    @property
    def view_backed(self) -> bool:
        """Whether the layer follows the view policy (R11, CA-4): no implicit animation
        outside :meth:`Engine.animate` blocks."""
        b = c_uint32()
        C.lib.lamina_layer_get_view_backed(self._e(), self._handle, byref(b))
        return bool(b.value)

    @view_backed.setter
    def view_backed(self, value: bool) -> None:
        C.lib.lamina_layer_set_view_backed(self._e(), self._handle, int(bool(value)))

    @property
    def style(self) -> Optional["Style"]:
        """The layer's style (a snapshot is taken when set)."""
        return self._engine._styles.get(self._handle)

    @style.setter
    def style(self, style: Optional["Style"]) -> None:
        if style is None:
            C.lib.lamina_layer_set_style(self._e(), self._handle, None)
            self._engine._styles.pop(self._handle, None)
            return
        try:
            s = style._to_c(self._engine)
        except TypeMismatchError as e:
            raise self._named(e) from None
        try:
            C.lib.lamina_layer_set_style(self._e(), self._handle, s)
        finally:
            C.lib.lamina_style_release(s)
        self._engine._styles[self._handle] = style

    @property
    def mask(self) -> Optional["Layer"]:
        """The layer's mask (RS-5.1), or None; its alpha gates this layer's rendering."""
        out = c_uint64()
        C.lib.lamina_layer_get_mask(self._e(), self._handle, byref(out))
        return self._engine._wrap(out.value) if out.value else None

    @mask.setter
    def mask(self, mask: Optional["Layer"]) -> None:
        C.lib.lamina_layer_set_mask(self._e(), self._handle, mask._handle if mask is not None else 0)

    # -- properties (typed descriptors, kept in step with _PROPS by tests/test_typing.py) ---
    bounds = _RectProp("bounds", "The model bounds (Rect).")
    position = _PointProp("position", "The model position (Point).")
    z_position = _NumberProp("zPosition", "The model zPosition (float).")
    anchor_point = _PointProp("anchorPoint", "The model anchorPoint (Point).")
    anchor_point_z = _NumberProp("anchorPointZ", "The model anchorPointZ (float).")
    transform = _TransformProp("transform", "The model transform (Transform3D).")
    sublayer_transform = _TransformProp("sublayerTransform", "The model sublayerTransform (Transform3D).")
    hidden = _BoolProp("hidden", "The model hidden (bool).")
    double_sided = _BoolProp("doubleSided", "The model doubleSided (bool).")
    masks_to_bounds = _BoolProp("masksToBounds", "The model masksToBounds (bool).")
    contents_rect = _RectProp("contentsRect", "The model contentsRect (Rect).")
    contents_center = _RectProp("contentsCenter", "The model contentsCenter (Rect).")
    contents_scale = _NumberProp("contentsScale", "The model contentsScale (float).")
    background_color = _ColorProp("backgroundColor", "The model backgroundColor (Optional[Color]).")
    corner_radius = _NumberProp("cornerRadius", "The model cornerRadius (float).")
    border_width = _NumberProp("borderWidth", "The model borderWidth (float).")
    border_color = _ColorProp("borderColor", "The model borderColor (Optional[Color]).")
    opacity = _NumberProp("opacity", "The model opacity (float).")
    shadow_color = _ColorProp("shadowColor", "The model shadowColor (Optional[Color]).")
    shadow_opacity = _NumberProp("shadowOpacity", "The model shadowOpacity (float).")
    shadow_offset = _SizeProp("shadowOffset", "The model shadowOffset (Size).")
    shadow_radius = _NumberProp("shadowRadius", "The model shadowRadius (float).")
    should_rasterize = _BoolProp("shouldRasterize", "The model shouldRasterize (bool).")
    rasterization_scale = _NumberProp("rasterizationScale", "The model rasterizationScale (float).")
    begin_time = _NumberProp("beginTime", "The model beginTime (float).")
    speed = _NumberProp("speed", "The model speed (float).")
    time_offset = _NumberProp("timeOffset", "The model timeOffset (float).")
    duration = _NumberProp("duration", "The model duration (float).")
    repeat_count = _NumberProp("repeatCount", "The model repeatCount (float).")
    repeat_duration = _NumberProp("repeatDuration", "The model repeatDuration (float).")
    autoreverses = _BoolProp("autoreverses", "The model autoreverses (bool).")
    fill_mode = _TextProp("fillMode", "The model fillMode (str).")
    name = _NameProp("name", "The model name (str).")
    contents = _ImageProp("contents", "The model contents (Optional[Image]).")
    contents_gravity = _StrValueProp("contentsGravity", "The model contentsGravity (str).")
    minification_filter = _StrValueProp("minificationFilter", "The model minificationFilter (str).")
    magnification_filter = _StrValueProp("magnificationFilter", "The model magnificationFilter (str).")
    minification_filter_bias = _NumberProp("minificationFilterBias", "The model minificationFilterBias (float).")
    masked_corners = _NumberProp("maskedCorners", "The model maskedCorners (float).")
    corner_curve = _StrValueProp("cornerCurve", "The model cornerCurve (str).")
    shadow_path = _PathProp("shadowPath", "The model shadowPath (Optional[Path]).")
    allows_group_opacity = _BoolProp("allowsGroupOpacity", "The model allowsGroupOpacity (bool).")
    geometry_flipped = _BoolProp("geometryFlipped", "The model geometryFlipped (bool).")
    allows_edge_antialiasing = _BoolProp("allowsEdgeAntialiasing", "The model allowsEdgeAntialiasing (bool).")
    edge_antialiasing_mask = _NumberProp("edgeAntialiasingMask", "The model edgeAntialiasingMask (float).")
    opaque = _BoolProp("opaque", "The model opaque (bool).")
    mask_mode = _StrValueProp("maskMode", "How the mask gates the layer (R16.9): 'alpha' (Core "
                              "Animation's, the default), 'alphaInverted', 'luminance' or "
                              "'luminanceInverted' (str).")
    # Issue 32 (R19): filters, background filters and the blend mode.
    filters = _FiltersProp("filters", "The filters applied, in order, to the layer and its "
                           "sublayers as one group (R19.2): a list of lamina.Filter, empty for "
                           "none. Inside a transaction a change animates; a named filter's "
                           "inputs are key paths: layer.set_value('filters.blur.inputRadius', 20).")
    background_filters = _FiltersProp("backgroundFilters", "The filters applied to what lies "
                                      "behind the layer, shown inside its bounds shape (R19.5): "
                                      "a list of lamina.Filter, empty for none.")
    compositing_filter = _BlendModeProp("compositingFilter", "How the layer blends with what "
                                        "lies behind it (R19.3): a Core Image blend mode name "
                                        "such as 'multiplyBlendMode', or None for normal.")


_new_presentation = object.__new__
# Ready ctypes arguments ("cparam" objects): passed to a function without argtypes they are
# copied into the call as they are, where a c_double or c_uint64 instance would first be
# wrapped in one (an allocation per argument per call).
_uint64_arg = c_uint64.from_param
