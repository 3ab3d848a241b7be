# SPDX-License-Identifier: Apache-2.0
"""Engine, Layer, transactions, presentation, draw list."""
from __future__ import annotations

import array
import difflib
import enum
import math
import sys
import threading
import weakref
from contextlib import contextmanager
from ctypes import POINTER, byref, cast, c_double, c_int32, c_size_t, c_uint8, c_uint32, c_uint64, c_void_p, create_string_buffer, sizeof
from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Optional,
    Sequence,
    Tuple,
    Type,
    TypeVar,
    Union,
)

from . import _callbacks as CB
if TYPE_CHECKING:
    from ._contents import Image, Path
from . import _capi as C
from ._animation import (
    TRANSITION_SUBTYPES,
    TRANSITION_TYPES,
    Animation,
    animation_from_c,
)
from ._markers import NO_ACTION, _NoAction
from ._errors import LaminaError, NotFoundError, StaleHandleError, TypeMismatchError
from ._props import (
    _fail,
    _fast,
    _BoolProp,
    _ColorProp,
    _ImageProp,
    _NameProp,
    _NumberProp,
    _PathProp,
    _PNameProp,
    _PointProp,
    _PNumberProp,
    _PPairProp,
    _PProp,
    _RectProp,
    _raw,
    _SizeProp,
    _StrValueProp,
    _TextProp,
    _TransformProp,
)
from ._types import (
    Color,
    ColorLike,
    FillRule,
    GradientType,
    LineCap,
    LineJoin,
    Point,
    PointLike,
    Rect,
    RectLike,
    Size,
    SizeLike,
    TimingFunction,
    TimingLike,
    Transform3D,
    as_timing,
    c_string,
    from_c_color,
    from_c_point,
    from_c_rect,
    from_c_size,
    from_c_transform,
    to_c_color,
    to_c_point,
    to_c_rect,
    to_c_size,
    to_c_timing,
    to_c_transform,
)
from ._values import from_c_value, to_c_value


#: What an action slot accepts: an Animation (added under the event key), a callable
#: ``fn(layer, event)`` (a custom action), NO_ACTION, or None (no entry).
ActionLike = Union[Animation, Callable[..., Any], _NoAction, None]


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


_CURVES = {"ease-in-out": 0, "ease-in-ease-out": 0, "ease-in": 1 << 16, "ease-out": 2 << 16, "linear": 3 << 16}

_MODEL, _PRESENTATION = 0, 1


def _key(key: str) -> bytes:
    if not isinstance(key, str):
        raise TypeError(f"a key must be a str, not {type(key).__name__}")
    return c_string(key, "a key")


# --- property table: Python name -> (key, kind) ---------------------------------------------
_PROPS: Dict[str, Tuple[str, str]] = {
    "bounds": ("bounds", "rect"),
    "position": ("position", "point"),
    "z_position": ("zPosition", "number"),
    "anchor_point": ("anchorPoint", "point"),
    "anchor_point_z": ("anchorPointZ", "number"),
    "transform": ("transform", "transform"),
    "sublayer_transform": ("sublayerTransform", "transform"),
    "hidden": ("hidden", "bool"),
    "double_sided": ("doubleSided", "bool"),
    "masks_to_bounds": ("masksToBounds", "bool"),
    "contents_rect": ("contentsRect", "rect"),
    "contents_center": ("contentsCenter", "rect"),
    "contents_scale": ("contentsScale", "number"),
    "background_color": ("backgroundColor", "color"),
    "corner_radius": ("cornerRadius", "number"),
    "border_width": ("borderWidth", "number"),
    "border_color": ("borderColor", "color"),
    "opacity": ("opacity", "number"),
    "shadow_color": ("shadowColor", "color"),
    "shadow_opacity": ("shadowOpacity", "number"),
    "shadow_offset": ("shadowOffset", "size"),
    "shadow_radius": ("shadowRadius", "number"),
    "should_rasterize": ("shouldRasterize", "bool"),
    "rasterization_scale": ("rasterizationScale", "number"),
    "begin_time": ("beginTime", "number"),
    "speed": ("speed", "number"),
    "time_offset": ("timeOffset", "number"),
    "duration": ("duration", "number"),
    "repeat_count": ("repeatCount", "number"),
    "repeat_duration": ("repeatDuration", "number"),
    "autoreverses": ("autoreverses", "bool"),
    "fill_mode": ("fillMode", "text"),
    "name": ("name", "string"),
    # Issue 10 (R14): contents and the renderer-facing look, by CA key.
    "contents": ("contents", "value"),
    "contents_gravity": ("contentsGravity", "value"),
    "minification_filter": ("minificationFilter", "value"),
    "magnification_filter": ("magnificationFilter", "value"),
    "minification_filter_bias": ("minificationFilterBias", "number"),
    "masked_corners": ("maskedCorners", "number"),
    "corner_curve": ("cornerCurve", "value"),
    "shadow_path": ("shadowPath", "value"),
    "allows_group_opacity": ("allowsGroupOpacity", "bool"),
    "geometry_flipped": ("geometryFlipped", "bool"),
    "allows_edge_antialiasing": ("allowsEdgeAntialiasing", "bool"),
    "edge_antialiasing_mask": ("edgeAntialiasingMask", "number"),
    "opaque": ("opaque", "bool"),
}
# Issue 15: the properties of the other layer kinds (docs/semantics.md RS-8, RS-9, RS-13), by
# Python name -> (CA key, kind), as _PROPS. A key of one kind on a layer of another kind is
# UnknownKeyError (the library's LAMINA_STATUS_UNKNOWN_KEY).
_SHAPE_PROPS: Dict[str, Tuple[str, str]] = {
    "path": ("path", "path"),
    "fill_color": ("fillColor", "color"),
    "fill_rule": ("fillRule", "enum"),
    "stroke_color": ("strokeColor", "color"),
    "line_width": ("lineWidth", "number"),
    "line_cap": ("lineCap", "enum"),
    "line_join": ("lineJoin", "enum"),
    "miter_limit": ("miterLimit", "number"),
    "line_dash_pattern": ("lineDashPattern", "numbers"),
    "line_dash_phase": ("lineDashPhase", "number"),
    "stroke_start": ("strokeStart", "number"),
    "stroke_end": ("strokeEnd", "number"),
}
_GRADIENT_PROPS: Dict[str, Tuple[str, str]] = {
    "colors": ("colors", "colors"),
    "locations": ("locations", "numbers"),
    "start_point": ("startPoint", "point"),
    "end_point": ("endPoint", "point"),
    "type": ("type", "enum"),
}
_REPLICATOR_PROPS: Dict[str, Tuple[str, str]] = {
    "instance_count": ("instanceCount", "int"),
    "instance_delay": ("instanceDelay", "number"),
    "instance_transform": ("instanceTransform", "transform"),
    "instance_color": ("instanceColor", "solid_color"),
    "instance_red_offset": ("instanceRedOffset", "number"),
    "instance_green_offset": ("instanceGreenOffset", "number"),
    "instance_blue_offset": ("instanceBlueOffset", "number"),
    "instance_alpha_offset": ("instanceAlphaOffset", "number"),
    "preserves_depth": ("preservesDepth", "bool"),
}
#: Every Python property name of every kind -> (key, kind): what set_value("stroke_end") and
#: the batch calls translate (a name of another kind reaches the library, which says
#: UNKNOWN_KEY).
_ALL_PROPS: Dict[str, Tuple[str, str]] = {**_PROPS, **_SHAPE_PROPS, **_GRADIENT_PROPS, **_REPLICATOR_PROPS}
_KIND_HINT = {"number": C.VALUE_NUMBER, "point": C.VALUE_POINT, "size": C.VALUE_SIZE,
              "rect": C.VALUE_RECT, "color": C.VALUE_COLOR, "transform": C.VALUE_TRANSFORM,
              "bool": C.VALUE_BOOL, "string": C.VALUE_STRING, "text": C.VALUE_STRING,
              "enum": C.VALUE_STRING, "int": C.VALUE_NUMBER, "solid_color": C.VALUE_COLOR,
              "numbers": C.VALUE_NUMBER_ARRAY, "colors": C.VALUE_COLOR_ARRAY}
#: The kind each CA key holds (for a key whose current value is nil).
_KEY_KINDS: Dict[str, str] = {k: kind for k, kind in _ALL_PROPS.values()}


class LayerKind(enum.IntEnum):
    """The kind of a layer, chosen at creation (lamina_layer_kind_t): a plain layer
    (CALayer), a shape layer (CAShapeLayer, RS-8), a gradient layer (CAGradientLayer, RS-9) or
    a replicator layer (CAReplicatorLayer, RS-13). :attr:`Layer.kind` and
    :attr:`DrawRecord.kind` report it; each kind has its :class:`Layer` subclass.

    Example: ``engine.shape_layer().kind is lamina.LayerKind.SHAPE``
    """

    PLAIN = C.LAYER_KIND_PLAIN
    SHAPE = C.LAYER_KIND_SHAPE
    GRADIENT = C.LAYER_KIND_GRADIENT
    REPLICATOR = C.LAYER_KIND_REPLICATOR


def _foreign(layer: "Layer") -> int:
    raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", f"{layer!r} belongs to another engine", "")


#: What the batch calls take as layers: a sequence of Layers, or an array of their handles
#: (Engine.layer_handles(), a uint64 numpy array, array('Q'), draw_list_array()["layer"]).
LayersLike = Union[Sequence["Layer"], Any]


def _key_for(name: str) -> str:
    """A Python property name ("background_color", "stroke_end") or a key path
    ("position.x")."""
    entry = _ALL_PROPS.get(name)
    return entry[0] if entry else name


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
    #: The Presentation class of :meth:`presentation` (set below, after Presentation).
    _PRESENTATION: Type["Presentation"]
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



_new_presentation = object.__new__
_engine_tick = _raw("lamina_engine_tick")
# Ready ctypes arguments ("cparam" objects): passed to a function without argtypes they are
# copied into the call as they are, where a c_double or c_uint64 instance would first be
# wrapped in one (an allocation per argument per call).
_double_arg = c_double.from_param
_uint64_arg = c_uint64.from_param
_engine_get_time = _raw("lamina_engine_get_time")
_draw_list_sized = _raw("lamina_engine_draw_list_sized")
_RECORD_SIZE = c_size_t(sizeof(C.DrawRecord))
_DL_OUT = c_size_t * 2  # out_records (an address) and out_count: both pointer-sized here
_SIZE_T = sizeof(c_size_t)
assert _SIZE_T == sizeof(c_void_p)
_D1 = c_double * 1


class Presentation:
    """A layer's presentation at one time: attribute access (``p.position``, ``p.opacity``)
    and ``p.value("position.x")`` / ``p["position.x"]`` give the values on screen.

    Example: ``p = layer.presentation(); p.opacity, p.position``
    """

    __slots__ = ("_layer", "_at")

    _layer: Layer
    _at: Optional[float]

    def __init__(self, layer: Layer, at: Optional[float] = None) -> None:
        self._layer = layer
        self._at = None if at is None else float(at)

    @property
    def layer(self) -> Layer:
        """The model layer."""
        return self._layer

    @property
    def frame(self) -> Rect:
        """The frame on screen, in the superlayer's space."""
        return self._layer.get_frame(presentation=True, at=self._at)

    # -- properties (typed, kept in step with _PROPS by tests/test_typing.py) ---------------
    bounds: _PProp[Rect] = _PProp("bounds", "The bounds on screen (Rect).")
    position: _PProp[Point] = _PPairProp("position", "The position on screen (Point).", Point)
    z_position: _PProp[float] = _PNumberProp("zPosition", "The zPosition on screen (float).")
    anchor_point: _PProp[Point] = _PPairProp("anchorPoint", "The anchorPoint on screen (Point).", Point)
    anchor_point_z: _PProp[float] = _PNumberProp("anchorPointZ", "The anchorPointZ on screen (float).")
    transform: _PProp[Transform3D] = _PProp("transform", "The transform on screen (Transform3D).")
    sublayer_transform: _PProp[Transform3D] = _PProp("sublayerTransform", "The sublayerTransform on screen (Transform3D).")
    hidden: _PProp[bool] = _PProp("hidden", "The hidden on screen (bool).")
    double_sided: _PProp[bool] = _PProp("doubleSided", "The doubleSided on screen (bool).")
    masks_to_bounds: _PProp[bool] = _PProp("masksToBounds", "The masksToBounds on screen (bool).")
    contents_rect: _PProp[Rect] = _PProp("contentsRect", "The contentsRect on screen (Rect).")
    contents_center: _PProp[Rect] = _PProp("contentsCenter", "The contentsCenter on screen (Rect).")
    contents_scale: _PProp[float] = _PNumberProp("contentsScale", "The contentsScale on screen (float).")
    background_color: _PProp[Optional[Color]] = _PProp("backgroundColor", "The backgroundColor on screen (Optional[Color]).")
    corner_radius: _PProp[float] = _PNumberProp("cornerRadius", "The cornerRadius on screen (float).")
    border_width: _PProp[float] = _PNumberProp("borderWidth", "The borderWidth on screen (float).")
    border_color: _PProp[Optional[Color]] = _PProp("borderColor", "The borderColor on screen (Optional[Color]).")
    opacity: _PProp[float] = _PNumberProp("opacity", "The opacity on screen (float).")
    shadow_color: _PProp[Optional[Color]] = _PProp("shadowColor", "The shadowColor on screen (Optional[Color]).")
    shadow_opacity: _PProp[float] = _PNumberProp("shadowOpacity", "The shadowOpacity on screen (float).")
    shadow_offset: _PProp[Size] = _PPairProp("shadowOffset", "The shadowOffset on screen (Size).", Size)
    shadow_radius: _PProp[float] = _PNumberProp("shadowRadius", "The shadowRadius on screen (float).")
    should_rasterize: _PProp[bool] = _PProp("shouldRasterize", "The shouldRasterize on screen (bool).")
    rasterization_scale: _PProp[float] = _PNumberProp("rasterizationScale", "The rasterizationScale on screen (float).")
    begin_time: _PProp[float] = _PNumberProp("beginTime", "The beginTime on screen (float).")
    speed: _PProp[float] = _PNumberProp("speed", "The speed on screen (float).")
    time_offset: _PProp[float] = _PNumberProp("timeOffset", "The timeOffset on screen (float).")
    duration: _PProp[float] = _PNumberProp("duration", "The duration on screen (float).")
    repeat_count: _PProp[float] = _PNumberProp("repeatCount", "The repeatCount on screen (float).")
    repeat_duration: _PProp[float] = _PNumberProp("repeatDuration", "The repeatDuration on screen (float).")
    autoreverses: _PProp[bool] = _PProp("autoreverses", "The autoreverses on screen (bool).")
    fill_mode: _PProp[str] = _PProp("fillMode", "The fillMode on screen (str).")
    name: _PNameProp = _PNameProp("name", "The name on screen (str).")
    contents: _PProp[Optional[Image]] = _PProp("contents", "The contents on screen (Optional[Image]).")
    contents_gravity: _PProp[str] = _PProp("contentsGravity", "The contentsGravity on screen (str).")
    minification_filter: _PProp[str] = _PProp("minificationFilter", "The minificationFilter on screen (str).")
    magnification_filter: _PProp[str] = _PProp("magnificationFilter", "The magnificationFilter on screen (str).")
    minification_filter_bias: _PProp[float] = _PNumberProp("minificationFilterBias", "The minificationFilterBias on screen (float).")
    masked_corners: _PProp[float] = _PNumberProp("maskedCorners", "The maskedCorners on screen (float).")
    corner_curve: _PProp[str] = _PProp("cornerCurve", "The cornerCurve on screen (str).")
    shadow_path: _PProp[Optional[Path]] = _PProp("shadowPath", "The shadowPath on screen (Optional[Path]).")
    allows_group_opacity: _PProp[bool] = _PProp("allowsGroupOpacity", "The allowsGroupOpacity on screen (bool).")
    geometry_flipped: _PProp[bool] = _PProp("geometryFlipped", "The geometryFlipped on screen (bool).")
    allows_edge_antialiasing: _PProp[bool] = _PProp("allowsEdgeAntialiasing", "The allowsEdgeAntialiasing on screen (bool).")
    edge_antialiasing_mask: _PProp[float] = _PNumberProp("edgeAntialiasingMask", "The edgeAntialiasingMask on screen (float).")
    opaque: _PProp[bool] = _PProp("opaque", "The opaque on screen (bool).")

    def value(self, key: str) -> Any:
        """The presentation value of a key or key path."""
        key = _key_for(key)
        v = C.Value()
        L = self._layer
        if self._at is None:
            C.lib.lamina_layer_get_presentation_value(L._e(), L._handle, _key(key), byref(v))
        else:
            C.lib.lamina_layer_get_presentation_value_at(L._e(), L._handle, _key(key), float(self._at), byref(v))
        val = from_c_value(v)
        if key == "name" and val is None:
            return ""
        return val

    __getitem__ = value

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name in _PROPS:
            return self.value(name)
        if name == "frame":
            return self._layer.get_frame(presentation=True, at=self._at)
        try:
            return self.value(name)
        except KeyError:
            raise AttributeError(name) from None

    def __repr__(self) -> str:
        return f"<lamina.{type(self).__name__} of {self._layer!r} at {self._at}>"


Layer._PRESENTATION = Presentation


@dataclass(frozen=True)
class AnimationTiming:
    """Timing introspection of one attached animation (CA-5.10).

    Example: ``layer.animation_timing('fade').phase  # 'before', 'active' or 'after'``
    """

    phase: str  # "before", "active" or "after"
    contributing: bool
    iteration: int
    iteration_progress: float
    active_duration: float
    end_time: float
    begin_time: Optional[float]


@dataclass(frozen=True)
class TransitionInfo:
    """A running transition: type, subtype (None means from the left) and progress.

    Example: ``info = layer.transition(); info.type if info else None``
    """

    type: str
    subtype: Optional[str]
    progress: float


def _transition_info(t: int, s: int, p: float) -> TransitionInfo:
    return TransitionInfo({v: k for k, v in TRANSITION_TYPES.items()}[t],
                          {v: k for k, v in TRANSITION_SUBTYPES.items()}[s], p)


@dataclass(frozen=True)
class DrawShape:
    """A shape layer's drawing in a :class:`DrawRecord` (lamina_draw_shape_t, RS-8), in
    layer space: fill first (with ``fill_rule``), then the stroke of the part of the path
    from ``stroke_start`` to ``stroke_end`` (fractions of its length). ``fill_color`` is None
    when the layer does not fill, ``stroke_color`` None when it does not stroke (no stroke
    colour, a zero line width, or ``stroke_start >= stroke_end``). Colours are straight RGBA,
    before the record's ``instance_color`` multiplies them.

    Example: ``shape = record.shape; shape.stroke_end if shape else None``
    """

    path: "Path"
    fill_color: Optional[Color]
    stroke_color: Optional[Color]
    fill_rule: FillRule
    line_width: float
    miter_limit: float
    line_cap: LineCap
    line_join: LineJoin
    #: On, off, ... lengths in points; None for a solid line.
    line_dash_pattern: Optional[List[float]]
    line_dash_phase: float
    stroke_start: float
    stroke_end: float


@dataclass(frozen=True)
class DrawGradient:
    """A gradient layer's fill in a :class:`DrawRecord` (lamina_draw_gradient_t, RS-9): at
    least two straight-RGBA ``colors`` with their ``locations`` (evenly spread when the layer
    has none), between ``start_point`` and ``end_point`` in the unit space of the bounds
    (RS-9.5). Present only when the layer draws a gradient (RS-9.3).

    Example: ``g = record.gradient; (g.type, g.colors) if g else None``
    """

    type: GradientType
    colors: List[Color]
    locations: List[float]
    start_point: Point
    end_point: Point


@dataclass(frozen=True)
class DrawRecord:
    """One layer as a renderer draws it (see lamina_draw_record_t). Colours are None when
    not set; ``clip_rect`` None when no ancestor clips; ``transition`` None when none runs.

    Example: ``for r in engine.draw_list(root): print(r.layer, r.opacity, r.bounds)``
    """

    layer: Layer
    depth: int
    descendant_count: int
    clip_index: Optional[int]
    transform: Transform3D
    bounds: Rect
    clip_rect: Optional[Rect]
    opacity: float
    corner_radius: float
    border_width: float
    background_color: Optional[Color]
    border_color: Optional[Color]
    shadow_color: Optional[Color]
    shadow_opacity: float
    shadow_offset: Size
    shadow_radius: float
    masks_to_bounds: bool
    double_sided: bool
    transition: Optional[TransitionInfo]
    # Issue 10 (docs/draw-records.md): contents, corners, masks, groups.
    contents: Any = None
    contents_previous: Any = None
    contents_fade: float = 1.0
    contents_dest: Optional[Rect] = None
    contents_rect: Optional[Rect] = None
    contents_center: Optional[Rect] = None
    contents_scale: float = 1.0
    contents_gravity: str = "resize"
    minification_filter: str = "linear"
    magnification_filter: str = "linear"
    minification_filter_bias: float = 0.0
    contents_flipped: bool = False
    masked_corners: int = 15
    corner_curve: str = "circular"
    shadow_path: Any = None
    clip_is_rect: bool = True
    mask_index: Optional[int] = None
    mask_count: int = 0
    mask_content: bool = False
    group: bool = False
    group_index: Optional[int] = None
    target_opacity: float = 1.0
    group_opacity: float = 1.0
    opaque: bool = False
    edge_antialiasing_mask: int = 15
    #: While a transition runs: the layer's whole appearance before it (item 6, CA-10.2).
    transition_before: Optional["DrawRecord"] = None
    # Issue 15 (docs/draw-records.md): layer kinds and replicator instances (RS-13).
    #: The layer's kind.
    kind: LayerKind = LayerKind.PLAIN
    #: The instance of the nearest replicator ancestor this record draws (0 without one).
    instance_index: int = 0
    #: Multiplies every colour the record draws (background, border, shadow, contents,
    #: shape, gradient); white without a replicator ancestor.
    instance_color: Color = Color(1.0, 1.0, 1.0, 1.0)
    #: A shape layer's path, fill and stroke (None for other kinds and a nil path).
    shape: Optional[DrawShape] = None
    #: A gradient layer's fill (None for other kinds and when it draws nothing, RS-9.3).
    gradient: Optional[DrawGradient] = None


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


def _flat_fields(t: Any, base: int = 0, prefix: str = "") -> Dict[str, Tuple[int, str]]:
    """Every scalar field of a ctypes struct: dotted name -> (offset, struct format char)."""
    import ctypes
    out: Dict[str, Tuple[int, str]] = {}
    for field in t._fields_:
        name, ft = field[0], field[1]
        off = base + getattr(t, name).offset
        if isinstance(ft, type) and issubclass(ft, ctypes.Structure):
            out.update(_flat_fields(ft, off, prefix + name + "."))
        elif isinstance(ft, type) and issubclass(ft, ctypes.Array):
            item: Any = getattr(ft, "_type_")
            size = ctypes.sizeof(item)
            for i in range(int(getattr(ft, "_length_"))):
                out[f"{prefix}{name}[{i}]"] = (off + i * size, str(item._type_))
        elif isinstance(ft, type) and issubclass(ft, (ctypes._Pointer, ctypes.c_void_p)):
            out[prefix + name] = (off, "P")
        else:
            out[prefix + name] = (off, ft._type_)
    return out


#: The layout of one record of :meth:`Engine.draw_list_array` (lamina_draw_record_t): each
#: scalar field's dotted name ("opacity", "bounds.size.width", "transform.m41") -> (byte
#: offset, :mod:`struct` format character). Without numpy, read a field of record ``i`` of the
#: memoryview with ``struct.unpack_from(fmt, view, i * view.itemsize + offset)[0]``.
DRAW_RECORD_FIELDS: Dict[str, Tuple[int, str]] = _flat_fields(C.DrawRecord)


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


_GRAVITIES = ["resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left",
              "right", "topLeft", "topRight", "bottomLeft", "bottomRight"]
_FILTERS = ["linear", "nearest", "trilinear"]


def _record_extras(r: Any) -> Dict[str, Any]:
    from ._contents import Path, image_from_id
    f2 = r.flags2
    return dict(
        contents=image_from_id(r.contents),
        contents_previous=image_from_id(r.contents_previous),
        contents_fade=r.contents_fade,
        contents_dest=from_c_rect(r.contents_dest),
        contents_rect=from_c_rect(r.contents_rect),
        contents_center=from_c_rect(r.contents_center),
        contents_scale=r.contents_scale,
        contents_gravity=_GRAVITIES[r.contents_gravity],
        minification_filter=_FILTERS[r.minification_filter],
        magnification_filter=_FILTERS[r.magnification_filter],
        minification_filter_bias=r.minification_filter_bias,
        contents_flipped=bool(f2 & 16),
        masked_corners=r.masked_corners,
        corner_curve="continuous" if r.corner_curve else "circular",
        shadow_path=Path.from_c(r.shadow_path, r.shadow_path_count) if r.shadow_path_count else None,
        clip_is_rect=bool(f2 & 8),
        mask_index=r.mask_index if r.mask_index >= 0 else None,
        mask_count=r.mask_count,
        mask_content=bool(f2 & 2),
        group=bool(f2 & 4),
        group_index=r.group_index if r.group_index >= 0 else None,
        target_opacity=r.target_opacity,
        group_opacity=r.group_opacity,
        opaque=bool(f2 & 64),
        edge_antialiasing_mask=r.edge_antialiasing_mask,
        **_record_kind_fields(r),
    )


# Records from a library that predates layer kinds end before these fields (struct_size).
_KIND_FIELDS_END = C.DrawRecord.gradient.offset + sizeof(c_void_p)


def _record_kind_fields(r: Any) -> Dict[str, Any]:
    """The issue 15 fields of a C record that differ from DrawRecord's defaults (a plain
    layer outside replicators adds nothing): kind, instance, shape and gradient data (copied:
    the side buffers are the engine's and reused by the next draw list)."""
    if r.struct_size < _KIND_FIELDS_END:
        return {}
    out: Dict[str, Any] = {}
    kind = r.layer_kind
    if kind:
        out["kind"] = _layer_kind(kind)
    index = r.instance_index
    if index:
        out["instance_index"] = index
    c = r.instance_color
    red, green, blue, alpha = c.r, c.g, c.b, c.a
    if red != 1.0 or green != 1.0 or blue != 1.0 or alpha != 1.0:
        out["instance_color"] = Color(red, green, blue, alpha)
    if kind == C.LAYER_KIND_SHAPE and r.shape:
        from ._contents import Path
        sh = r.shape[0]
        n = sh.line_dash_count
        out["shape"] = DrawShape(
            path=Path.from_c(sh.path, sh.path_count) if sh.path else Path(),
            fill_color=from_c_color(sh.fill_color) if sh.flags & C.DRAW_SHAPE_FILL else None,
            stroke_color=from_c_color(sh.stroke_color) if sh.flags & C.DRAW_SHAPE_STROKE else None,
            fill_rule=_enum_name(C.FILL_RULES, sh.fill_rule),  # type: ignore[arg-type]
            line_width=sh.line_width,
            miter_limit=sh.miter_limit,
            line_cap=_enum_name(C.LINE_CAPS, sh.line_cap),  # type: ignore[arg-type]
            line_join=_enum_name(C.LINE_JOINS, sh.line_join),  # type: ignore[arg-type]
            line_dash_pattern=[sh.line_dash_pattern[i] for i in range(n)] if n and sh.line_dash_pattern else None,
            line_dash_phase=sh.line_dash_phase,
            stroke_start=sh.stroke_start,
            stroke_end=sh.stroke_end,
        )
    elif kind == C.LAYER_KIND_GRADIENT and r.gradient:
        g = r.gradient[0]
        n = g.count
        out["gradient"] = DrawGradient(
            type=_enum_name(C.GRADIENT_TYPES, g.type),  # type: ignore[arg-type]
            colors=[from_c_color(g.colors[i]) for i in range(n)] if g.colors else [],
            locations=[g.locations[i] for i in range(n)] if g.locations else [],
            start_point=from_c_point(g.start_point),
            end_point=from_c_point(g.end_point),
        )
    return out


def _enum_name(names: Tuple[str, ...], value: int) -> str:
    """The CA name of a record's enumeration value (the number itself if unknown)."""
    return names[value] if 0 <= value < len(names) else str(value)


def _layer_kind(value: int) -> LayerKind:
    try:
        return LayerKind(value)
    except ValueError:
        return LayerKind.PLAIN


class Transaction:
    """The calling thread's innermost transaction of an engine (CATransaction's class
    methods). Values set here go to the innermost transaction; reads search outward.

    Example: ``engine.current_transaction.duration = 1.0``
    """

    def __init__(self, engine: "Engine") -> None:
        self._engine = engine

    def __repr__(self) -> str:
        if self._engine.closed:
            return "<lamina.Transaction of a closed engine>"
        return (f"<lamina.Transaction duration={self.duration} "
                f"disable_actions={self.disable_actions} timing={self.timing_function}>")

    @property
    def duration(self) -> float:
        """The animation duration in effect (default 0.25)."""
        d = c_double()
        C.lib.lamina_transaction_get_duration(self._engine._ptr(), byref(d))
        return d.value

    @duration.setter
    def duration(self, value: float) -> None:
        C.lib.lamina_transaction_set_duration(self._engine._ptr(), float(value))

    @property
    def timing_function(self) -> Optional[TimingFunction]:
        """The timing function in effect, or None when unset."""
        tf = C.TimingFunction()
        is_set = c_uint32()
        C.lib.lamina_transaction_get_timing_function(self._engine._ptr(), byref(tf), byref(is_set))
        return TimingFunction(tf.c1x, tf.c1y, tf.c2x, tf.c2y) if is_set.value else None

    @timing_function.setter
    def timing_function(self, value: Optional[TimingLike]) -> None:
        if value is None:
            C.lib.lamina_transaction_set_timing_function(self._engine._ptr(), None)
        else:
            tf = to_c_timing(value)
            C.lib.lamina_transaction_set_timing_function(self._engine._ptr(), byref(tf))

    @property
    def disable_actions(self) -> bool:
        """disableActions in effect (CA-2.7)."""
        b = c_uint32()
        C.lib.lamina_transaction_get_disable_actions(self._engine._ptr(), byref(b))
        return bool(b.value)

    @disable_actions.setter
    def disable_actions(self, value: bool) -> None:
        C.lib.lamina_transaction_set_disable_actions(self._engine._ptr(), int(bool(value)))

    @property
    def has_completion(self) -> bool:
        """Whether the innermost transaction has a completion callback."""
        b = c_uint32()
        C.lib.lamina_transaction_has_completion(self._engine._ptr(), byref(b))
        return bool(b.value)

    def set_completion(self, fn: Optional[Callable[[], Any]]) -> None:
        """Adds a completion callback ``fn()`` to the innermost transaction (CA-2.9)."""
        if fn is None:
            C.lib.lamina_transaction_set_completion(self._engine._ptr(), C.CALLBACK_FN(), None, C.FREE_FN())
            return
        ud = CB.register(fn)
        C.lib.lamina_transaction_set_completion(self._engine._ptr(), CB.completion_trampoline, ud,
                                                CB.free_trampoline)

    def __getitem__(self, key: str) -> Any:
        v = C.Value()
        try:
            C.lib.lamina_transaction_get_value(self._engine._ptr(), _key(key), byref(v))
        except NotFoundError:
            raise KeyError(key) from None
        return from_c_value(v)

    def __setitem__(self, key: str, value: Any) -> None:
        v = to_c_value(value)
        C.lib.lamina_transaction_set_value(self._engine._ptr(), _key(key), byref(v))

    def __delitem__(self, key: str) -> None:
        C.lib.lamina_transaction_set_value(self._engine._ptr(), _key(key), None)

    def get(self, key: str, default: Any = None) -> Any:
        """The transaction value ``key`` searched outward, or ``default`` (dict.get)."""
        try:
            return self[key]
        except KeyError:
            return default


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

    def __init__(self, clock: Any = None) -> None:
        ptr = C.EngineP()
        C.lib.lamina_engine_create(byref(ptr))
        self._engine_ptr: Any = ptr
        self._addr: int = cast(ptr, c_void_p).value or 0
        # The lean call paths pass this ready argument as is (no conversion, no allocation:
        # ctypes copies its value into each call); it is immutable, so threads share it.
        self._epc: Any = c_void_p.from_param(self._addr)
        self._clock: Any = None
        self._closed = False
        self._layers: "weakref.WeakValueDictionary[int, Layer]" = weakref.WeakValueDictionary()
        self._delegates: Dict[int, Any] = {}
        self._styles: Dict[int, Any] = {}
        self._wrap_lock = threading.Lock()
        # The type each custom property was registered with (its default's, CA-3.16): what a
        # value for it converts to wherever no layer is at hand to ask (actions, styles).
        self._custom_types: Dict[str, int] = {}
        # draw_list_array's last buffer and (without numpy) memoryview, as weak references
        self._records: Optional["weakref.ReferenceType[Any]"] = None
        self._records_view: Optional["weakref.ReferenceType[Any]"] = None
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
            ref = getattr(self, "_records", None)  # absent if __init__ failed early
            records = ref() if ref is not None else None
            if records is None:
                C.lib.lamina_engine_destroy(self._engine_ptr)
            else:
                # An array from draw_list_array still reads the engine's records: destroy
                # the engine (and so free them) only when that array is gone.
                weakref.finalize(records, C.lib.lamina_engine_destroy, self._engine_ptr)
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
    def layer(self, **properties: Any) -> Layer:
        """Creates a layer with Core Animation's defaults, then sets ``properties`` (Python
        names, e.g. ``engine.layer(bounds=(0, 0, 100, 100), position=(50, 50))``)."""
        return self._create(Layer, properties)

    def shape_layer(self, **properties: Any) -> "ShapeLayer":
        """Creates a shape layer (CAShapeLayer, RS-8) with Core Animation's defaults, then sets
        ``properties`` (Python names of Layer and ShapeLayer). Example::

            ring = engine.shape_layer(path=lamina.Path.ellipse((0, 0, 80, 80)),
                                      fill_color=None, stroke_color=lamina.BLUE,
                                      line_width=6.0, stroke_end=0.25)
        """
        return self._create(ShapeLayer, properties)

    def gradient_layer(self, **properties: Any) -> "GradientLayer":
        """Creates a gradient layer (CAGradientLayer, RS-9) with Core Animation's defaults,
        then sets ``properties`` (Python names of Layer and GradientLayer). Example::

            sky = engine.gradient_layer(bounds=(0, 0, 200, 100),
                                        colors=[lamina.BLUE, lamina.WHITE])
        """
        return self._create(GradientLayer, properties)

    def replicator_layer(self, **properties: Any) -> "ReplicatorLayer":
        """Creates a replicator layer (CAReplicatorLayer, RS-13) with Core Animation's
        defaults, then sets ``properties`` (Python names of Layer and ReplicatorLayer). Its
        sublayers are drawn ``instance_count`` times. Example::

            spinner = engine.replicator_layer(
                bounds=(0, 0, 60, 60), instance_count=12, instance_delay=1 / 12,
                instance_transform=lamina.Transform3D.rotation(2 * math.pi / 12))
        """
        return self._create(ReplicatorLayer, properties)

    _EXTRA_ARGS = ("frame", "delegate", "view_backed", "style")

    def _create(self, cls: Type[_L], properties: Dict[str, Any]) -> _L:
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
    def clock(self) -> Any:
        """The engine's clock (R1): None (driven by hand), ``"monotonic"``, or a callable
        returning seconds. With a clock every commit reads it — engine time moves to its
        reading and the committed animations begin there — and ``tick()`` ticks at it. The
        callable is called on the committing or ticking thread with no engine lock held; it
        must not call into this engine. An exception it raises is re-raised by the call that
        read it."""
        return self._clock

    @clock.setter
    def clock(self, clock: Any) -> None:
        from . import _callbacks as cb

        ptr = self._ptr()
        if clock is None:
            C.lib.lamina_engine_set_clock(ptr, C.CLOCK_FN(), None, C.FREE_FN())
        elif clock == "monotonic" or clock is clock_now:
            C.lib.lamina_engine_use_monotonic_clock(ptr)
        elif callable(clock):
            key = cb.register(clock)
            C.lib.lamina_engine_set_clock(ptr, cb.clock_trampoline, key, cb.free_trampoline)
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
    ) -> Iterator[Transaction]:
        """An explicit transaction around the block (begin/commit, CA-2). The settings apply
        to it; the yielded object reads and writes the innermost transaction's settings and
        values. The transaction commits also when the block raises."""
        self.begin()
        try:
            t = self.current_transaction
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

    @contextmanager
    def animate(
        self,
        duration: float,
        delay: float = 0.0,
        options: ViewAnimationOptions = ViewAnimationOptions.NONE,
        curve: str = "ease-in-out",
        completion: Optional[Callable[[bool], Any]] = None,
    ) -> Iterator[None]:
        """A UIView-style animation block (R11, CA-4): view-backed layers changed inside it
        animate with its duration, delay, curve ("ease-in-out", "ease-in", "ease-out",
        "linear") and options. ``completion(finished)`` runs at a later tick."""
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
        (default: the engine's time)."""
        t = self.time if at is None else float(at)
        raw = c_void_p()
        n = c_size_t()
        if not isinstance(root, Layer):
            raise TypeError(f"root must be a Layer, not {type(root).__name__}")
        if root._engine is not self:
            raise StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", f"{root!r} belongs to another engine", "draw_list")
        self._release_records_view()
        # The sized call: records of this binding's DrawRecord layout (the plain symbol gives
        # the 0.1 layout, for binaries built against the 0.1 header).
        C.lib.lamina_engine_draw_list_sized(self._ptr(), root._handle, t, sizeof(C.DrawRecord),
                                            byref(raw), byref(n))
        recs = cast(raw, POINTER(C.DrawRecord))
        return [self._record(recs[i]) for i in range(n.value)]

    def draw_list_array(self, root: Layer, at: Optional[float] = None) -> Any:
        """The draw list of ``root``'s subtree as ONE read-only buffer over the engine-owned C
        records (lamina_draw_record_t, docs/draw-records.md), without a Python object per
        record: what the C call returns, handed over with a few microseconds of Python work
        whatever the layer count.

        Returns a numpy structured array (its dtype mirrors the C struct, field by field) when
        numpy is installed, else a ``memoryview`` whose items are whole records (``format`` is
        the records' PEP 3118 struct format, ``itemsize`` their size; read a field with
        :data:`lamina.DRAW_RECORD_FIELDS` and :func:`struct.unpack_from`). Fields are the C
        names: ``layer`` (the handle; pass ``arr["layer"]`` to the batch calls), ``flags``
        (background colour set = 1, ...), ``transform``, ``bounds``, ``opacity``, ...

        Zero-copy, so mind its lifetime: the buffer is the engine's own list and is valid only
        until the next draw list of this engine (``draw_list``, ``draw_list_array``,
        ``damage`` or a render, from any thread), which reuses or frees the memory; reading an
        old array after that reads whatever is there then (or crashes if the list moved), so
        copy what you keep (``arr.copy()``, ``bytes(view)``). Without numpy the previous
        memoryview is released when the next draw list is made (using it then raises
        ValueError instead). Closing the engine keeps the last list's memory until its array
        is gone. Example::

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
        if self._records_view is not None:
            self._release_records_view()
        out = _DL_OUT()  # [records, count]: one array, passed as two pointers into it
        rc = _draw_list_sized(self._epc, root._hc, _double_arg(t), _RECORD_SIZE, out, byref(out, _SIZE_T))
        if rc or C._pending_count:
            _fail(rc, _draw_list_sized)
        addr, count = out
        if count and addr:
            buf: Any = (C.DrawRecord * count).from_address(addr)
            # close() keeps the engine's memory while this buffer (under the array) lives
            self._records = weakref.ref(buf)
        else:
            buf = (C.DrawRecord * 0)()
        np = _NUMPY if _NUMPY is not False else _np()
        if np is not None:
            arr = np.frombuffer(buf, dtype=_DTYPE if _DTYPE is not None else _draw_record_dtype(np),
                                count=count)
            arr.flags.writeable = False  # the records are the engine's (const in C)
            return arr
        view = memoryview(buf).toreadonly()
        self._records_view = weakref.ref(view)
        return view

    def _release_records_view(self) -> None:
        """Releases the memoryview of the previous draw_list_array (no numpy), so a stale
        read raises ValueError instead of reading reused or freed memory."""
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

    def _record(self, r: Any) -> DrawRecord:
        f = r.flags
        kind = r.layer_kind if r.struct_size >= _KIND_FIELDS_END else None
        before = None
        if r.transition_before:
            before = self._record(cast(r.transition_before, POINTER(C.DrawRecord))[0])
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
            **_record_extras(r),
        )

    # -- images and damage (issue 10) ------------------------------------------------------
    def create_image(self, width: int, height: int, rgba: Any, premultiplied: bool = False) -> Any:
        """An image from RGBA8 pixels (any bytes-like object of width*height*4 bytes), copied
        (RS-4.1); ``premultiplied`` says whether colours are already multiplied by alpha."""
        from ._contents import Image
        data = bytes(memoryview(rgba).cast("B"))
        out = c_uint64()
        buf = (c_uint8 * max(len(data), 1)).from_buffer_copy(data or b"\0")
        C.lib.lamina_image_create_rgba8(self._ptr(), int(width), int(height), buf, len(data),
                                        int(bool(premultiplied)), byref(out))
        return Image(out.value)

    def create_external_image(self, handle: int, width: int, height: int) -> Any:
        """An image that stands for a host texture (its handle and pixel size)."""
        from ._contents import Image
        out = c_uint64()
        C.lib.lamina_image_create_external(self._ptr(), int(handle), int(width), int(height), byref(out))
        return Image(out.value)

    def damage(self, root: Layer) -> List[Rect]:
        """The rectangles (root space) that changed between the last two draw lists of
        ``root`` (RS-10): [] when nothing changed; one huge rectangle when unknown (the first
        call starts tracking the root)."""
        rects = POINTER(C.Rect)()
        n = c_size_t()
        self._release_records_view()
        C.lib.lamina_engine_damage(self._ptr(), root._handle, byref(rects), byref(n))
        return [from_c_rect(rects[i]) for i in range(n.value)]


class Style:
    """A style (CALayer.style's role): actions searched after the layer's own, then those of
    ``next``. Setting it on a layer takes a snapshot.

    Example: ``layer.style = lamina.Style({'opacity': lamina.NO_ACTION})``
    """

    def __init__(self, actions: Optional[Dict[str, ActionLike]] = None, next: Optional["Style"] = None) -> None:
        self.actions: Dict[str, ActionLike] = dict(actions or {})
        self.next = next

    def __repr__(self) -> str:
        return f"lamina.Style({self.actions!r}, next={self.next!r})"

    def _to_c(self, engine: Engine) -> Any:
        nxt = self.next._to_c(engine) if self.next is not None else None
        out = C.StyleP()
        try:
            C.lib.lamina_style_create(nxt, byref(out))
        finally:
            if nxt is not None:
                C.lib.lamina_style_release(nxt)
        try:
            for key, action in self.actions.items():
                if action is NO_ACTION:
                    C.lib.lamina_style_set_no_action(out, _key(key))
                elif action is not None:
                    a = engine._make_action(action)
                    try:
                        C.lib.lamina_style_set_action(out, _key(key), a)
                    finally:
                        C.lib.lamina_action_release(a)
        except BaseException:
            C.lib.lamina_style_release(out)
            raise
        return out


def clock_now() -> float:
    """Seconds of a monotonic clock, a convenient time source for :meth:`Engine.tick`, e.g.
    ``engine.tick(lamina.clock_now())``."""
    return float(C.lib.lamina_clock_now())


# --- issue 15: the layer kinds' subclasses (lamina/_kinds.py, which imports this module) -----
from ._kinds import (  # noqa: E402
    GradientLayer,
    GradientPresentation,
    ReplicatorLayer,
    ReplicatorPresentation,
    ShapeLayer,
    ShapePresentation,
)

#: The Layer subclass of each lamina_layer_kind_t.
_KIND_CLASSES: Dict[int, Type[Layer]] = {
    C.LAYER_KIND_PLAIN: Layer,
    C.LAYER_KIND_SHAPE: ShapeLayer,
    C.LAYER_KIND_GRADIENT: GradientLayer,
    C.LAYER_KIND_REPLICATOR: ReplicatorLayer,
}


def _owner_of(name: str) -> Optional[str]:
    """The class whose property ``name`` is, for error messages ("ShapeLayer"), or None."""
    for cls in (ShapeLayer, GradientLayer, ReplicatorLayer):
        if name in cls._PYPROPS:
            return cls.__name__
    return None
