# SPDX-License-Identifier: Apache-2.0
"""Typed property descriptors of Layer and Presentation, on lean call paths (issue 13).

Each layer property is a descriptor whose ``__get__``/``__set__`` carry the property's real
type, so type checkers see ``layer.position`` as a :class:`Point` and accept a tuple when it
is set (``_Prop[Get, Set]``). The calls go through pre-bound function pointers that have the
generated argtypes but no errcheck: the status is tested inline and only a failure (or an
exception stashed by a Python callback) takes the slow path through ``_capi._check``. That
and skipping per-call helper layers is what brings a property set to about a microsecond.
"""
from __future__ import annotations

from ctypes import POINTER, Structure, byref, c_double, c_int32, c_uint8, c_uint32, c_void_p, sizeof
from typing import TYPE_CHECKING, Any, Generic, Optional, TypeVar, Union, overload

from . import _capi as C
from ._errors import StaleHandleError
from ._types import (
    Color,
    ColorLike,
    Point,
    PointLike,
    Rect,
    RectLike,
    Size,
    SizeLike,
    Transform3D,
    c_string,
    from_c_value,
    to_c_color,
    to_c_point,
    to_c_rect,
    to_c_size,
    to_c_transform,
    to_c_value,
)

if TYPE_CHECKING:
    from ._contents import Image, Path
    from ._engine import Layer, Presentation

_G = TypeVar("_G")
_S = TypeVar("_S")

#: What a transform property accepts: a Transform3D, 16 numbers or 4 rows of 4.
TransformLike = Any


def _fast(name: str, out: Any = None) -> Any:
    """A second function pointer to ``name`` with the generated argtypes and no errcheck
    (the bound one keeps its errcheck for every other caller). ``out`` retypes the last
    (out) parameter, e.g. to a flat view of lamina_value_t."""
    lib = C.lib
    bound = getattr(lib, name)
    if isinstance(bound, C._Missing):
        return bound
    fn = lib._FuncPtr((name, lib))
    # The engine goes as its address (Layer._ep, an int): cheaper to convert than EngineP.
    fn.argtypes = [c_void_p if t is C.EngineP else t for t in bound.argtypes]
    if out is not None:
        fn.argtypes = fn.argtypes[:-1] + [POINTER(out)]
    fn.restype = bound.restype
    fn.__name__ = name  # type: ignore[attr-defined]  # what error messages name
    return fn


def _fail(rc: int, fn: Any) -> None:
    """The slow path after a call: raise for a bad status or a callback's exception."""
    C._check(rc, fn, None)


def _stale() -> StaleHandleError:
    return StaleHandleError(3, "LAMINA_STATUS_STALE_HANDLE", "the layer was released", "")


_set_number = _fast("lamina_layer_set_number")
_get_number = _fast("lamina_layer_get_number")
_set_bool = _fast("lamina_layer_set_bool")
_get_bool = _fast("lamina_layer_get_bool")
_set_point = _fast("lamina_layer_set_point")
_set_size = _fast("lamina_layer_set_size")
_set_rect = _fast("lamina_layer_set_rect")
_set_color = _fast("lamina_layer_set_color")
_set_transform = _fast("lamina_layer_set_transform")
_set_value = _fast("lamina_layer_set_value")
_get_point = _fast("lamina_layer_get_point")
_get_size = _fast("lamina_layer_get_size")
_get_rect = _fast("lamina_layer_get_rect")
_get_value = _fast("lamina_layer_get_value")
_get_pvalue = _fast("lamina_layer_get_presentation_value")
_get_pvalue_at = _fast("lamina_layer_get_presentation_value_at")


class _NumberValue(Structure):
    """lamina_value_t seen as a number: the same size, the union's double as a direct field
    (reading ``v.u.number`` builds an intermediate union object each time)."""

    _fields_ = [("type", c_int32), ("reserved", c_uint32), ("number", c_double),
                ("rest", c_uint8 * (sizeof(C.Value) - 16))]


assert sizeof(_NumberValue) == sizeof(C.Value)
_get_pnumber = _fast("lamina_layer_get_presentation_value", _NumberValue)
_get_pnumber_at = _fast("lamina_layer_get_presentation_value_at", _NumberValue)
_Value = C.Value
_CPoint = C.Point
_CSize = C.Size
_Color = Color
_Point = Point
_Size = Size
_Rect = Rect


def _from_value(v: Any) -> Any:
    """A C value to Python, with the common kinds inline (the generic converter otherwise)."""
    t = v.type
    if t == 1:
        return v.u.number
    if t == 2:
        p = v.u.point
        return _Point(p.x, p.y)
    if t == 4:
        r = v.u.rect
        o, s = r.origin, r.size
        return _Rect(_Point(o.x, o.y), _Size(s.width, s.height))
    if t == 5:
        c = v.u.color
        return _Color(c.r, c.g, c.b, c.a)
    return from_c_value(v)


class _Prop(Generic[_G, _S]):
    """A layer property: reads give ``_G``, writes take ``_S`` (a tuple for a point, ...)."""

    kind = "value"

    def __init__(self, key: str, doc: str = "") -> None:
        self.key = key.encode()
        self.name = key
        self.__doc__ = doc or f"The model value of {key!r}."

    def __set_name__(self, owner: type, name: str) -> None:
        self.pyname = name

    @overload
    def __get__(self, layer: None, owner: Any) -> "_Prop[_G, _S]": ...
    @overload
    def __get__(self, layer: "Layer", owner: Any) -> _G: ...

    def __get__(self, layer: Optional["Layer"], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        v = _Value()
        rc = _get_value(layer._ep, layer._handle, self.key, byref(v))
        if rc or C._pending_count:
            _fail(rc, _get_value)
        return _from_value(v)

    def __set__(self, layer: "Layer", value: _S) -> None:
        layer.set_value(self.name, value)


class _NumberProp(_Prop[float, float]):
    kind = "number"

    def _get(self, layer: Optional["Layer"], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        d = c_double()
        rc = _get_number(layer._ep, layer._handle, self.key, d)
        if rc or C._pending_count:
            _fail(rc, _get_number)
        return d.value

    def __set__(self, layer: "Layer", value: float) -> None:
        if not layer._owned:
            raise _stale()
        if value.__class__ is not float:
            value = float(value)
        rc = _set_number(layer._ep, layer._handle, self.key, value)
        if rc or C._pending_count:
            _fail(rc, _set_number)


class _BoolProp(_Prop[bool, bool]):
    kind = "bool"

    def _get(self, layer: Optional["Layer"], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        b = c_uint32()
        rc = _get_bool(layer._ep, layer._handle, self.key, b)
        if rc or C._pending_count:
            _fail(rc, _get_bool)
        return b.value != 0

    def __set__(self, layer: "Layer", value: bool) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_bool(layer._ep, layer._handle, self.key, 1 if value else 0)
        if rc or C._pending_count:
            _fail(rc, _set_bool)


class _PointProp(_Prop[Point, PointLike]):
    kind = "point"

    def _get(self, layer: Optional["Layer"], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        p = _CPoint()
        rc = _get_point(layer._ep, layer._handle, self.key, p)
        if rc or C._pending_count:
            _fail(rc, _get_point)
        return _Point(p.x, p.y)

    def __set__(self, layer: "Layer", value: PointLike) -> None:
        if not layer._owned:
            raise _stale()
        p: Any = None
        if value.__class__ is _Point or value.__class__ is tuple:
            # the common shapes without the generic conversion: two floats
            seq: Any = value
            if len(seq) == 2:
                x, y = seq
                if x.__class__ is float and y.__class__ is float:
                    p = _CPoint(x, y)
        if p is None:
            p = to_c_point(value)
        rc = _set_point(layer._ep, layer._handle, self.key, p)
        if rc or C._pending_count:
            _fail(rc, _set_point)


class _SizeProp(_Prop[Size, SizeLike]):
    kind = "size"

    def _get(self, layer: Optional["Layer"], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        s = _CSize()
        rc = _get_size(layer._ep, layer._handle, self.key, s)
        if rc or C._pending_count:
            _fail(rc, _get_size)
        return _Size(s.width, s.height)

    def __set__(self, layer: "Layer", value: SizeLike) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_size(layer._ep, layer._handle, self.key, to_c_size(value))
        if rc or C._pending_count:
            _fail(rc, _set_size)


class _RectProp(_Prop[Rect, RectLike]):
    kind = "rect"

    def _get(self, layer: Optional["Layer"], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        r = C.Rect()
        rc = _get_rect(layer._ep, layer._handle, self.key, r)
        if rc or C._pending_count:
            _fail(rc, _get_rect)
        o, s = r.origin, r.size
        return _Rect(_Point(o.x, o.y), _Size(s.width, s.height))

    def __set__(self, layer: "Layer", value: RectLike) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_rect(layer._ep, layer._handle, self.key, to_c_rect(value))
        if rc or C._pending_count:
            _fail(rc, _set_rect)


class _ColorProp(_Prop[Optional[Color], Optional[ColorLike]]):
    kind = "color"

    def __set__(self, layer: "Layer", value: Optional[ColorLike]) -> None:
        if not layer._owned:
            raise _stale()
        e, h = layer._ep, layer._handle
        if value is None:
            v = _Value()
            v.type = C.VALUE_NULL
            rc = _set_value(e, h, self.key, byref(v))
            fn = _set_value
        else:
            rc = _set_color(e, h, self.key, to_c_color(value))
            fn = _set_color
        if rc or C._pending_count:
            _fail(rc, fn)


class _TransformProp(_Prop[Transform3D, TransformLike]):
    kind = "transform"

    def __set__(self, layer: "Layer", value: TransformLike) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_transform(layer._ep, layer._handle, self.key, to_c_transform(value))
        if rc or C._pending_count:
            _fail(rc, _set_transform)


class _NameProp(_Prop[str, Optional[str]]):
    kind = "string"

    def _get(self, layer: Optional["Layer"], owner: Any) -> Any:
        if layer is None:
            return self
        return layer._get_name()

    def __set__(self, layer: "Layer", value: Optional[str]) -> None:
        C.lib.lamina_layer_set_name(layer._e(), layer._handle,
                                    None if value is None else c_string(str(value), "a name"))


class _TextProp(_Prop[str, str]):
    """A string-valued key other than the name (fillMode): through the generic setter."""

    kind = "text"

    def __set__(self, layer: "Layer", value: str) -> None:
        if not isinstance(value, str):
            raise TypeError(f"{self.name!r} takes a str, not {type(value).__name__} ({value!r})")
        v = to_c_value(value)
        C.lib.lamina_layer_set_value(layer._e(), layer._handle, self.key, byref(v))


class _ImageProp(_Prop[Optional["Image"], Optional["Image"]]):
    pass


class _PathProp(_Prop[Optional["Path"], Optional["Path"]]):
    pass


class _StrValueProp(_Prop[str, str]):
    pass


# --- presentation ----------------------------------------------------------------------------
class _PProp(Generic[_G]):
    """A presentation property (read-only): the value on screen, of type ``_G``."""

    def __init__(self, key: str, doc: str = "") -> None:
        self.key = key.encode()
        self.name = key
        self.__doc__ = doc or f"The presentation value of {key!r}."

    @overload
    def __get__(self, p: None, owner: Any) -> "_PProp[_G]": ...
    @overload
    def __get__(self, p: "Presentation", owner: Any) -> _G: ...

    def __get__(self, p: Optional["Presentation"], owner: Any) -> Any:
        if p is None:
            return self
        layer = p._layer
        if not layer._owned:
            raise _stale()
        v = _Value()
        at = p._at
        if at is None:
            rc = _get_pvalue(layer._ep, layer._handle, self.key, byref(v))
            if rc or C._pending_count:
                _fail(rc, _get_pvalue)
        else:
            rc = _get_pvalue_at(layer._ep, layer._handle, self.key, at, byref(v))
            if rc or C._pending_count:
                _fail(rc, _get_pvalue_at)
        return _from_value(v)

    def __set__(self, p: "Presentation", value: Any) -> None:
        raise AttributeError(f"a presentation is read-only; set {self.name!r} on the layer")


class _PNumberProp(_PProp[float]):
    """A number-valued presentation property, read through the flat number view."""

    def _get(self, p: Optional["Presentation"], owner: Any) -> Any:
        if p is None:
            return self
        layer = p._layer
        if not layer._owned:
            raise _stale()
        v = _NumberValue()
        at = p._at
        if at is None:
            rc = _get_pnumber(layer._ep, layer._handle, self.key, v)
            if rc or C._pending_count:
                _fail(rc, _get_pnumber)
        else:
            rc = _get_pnumber_at(layer._ep, layer._handle, self.key, at, v)
            if rc or C._pending_count:
                _fail(rc, _get_pnumber_at)
        if v.type == 1:
            return v.number
        return None if v.type == 0 else float("nan")  # never for a number key


class _PNameProp(_PProp[str]):
    def _get(self, p: Optional["Presentation"], owner: Any) -> Any:
        if p is None:
            return self
        val = _PProp.__get__(self, p, owner)
        return "" if val is None else val


# The fast getters are installed as __get__ after the classes are made: written in the class
# bodies they would hide the typed overloads of _Prop/_PProp.__get__ from type checkers.
for _cls in list(globals().values()):
    if isinstance(_cls, type) and "_get" in _cls.__dict__:
        setattr(_cls, "__get__", _cls.__dict__["_get"])
del _cls  # pyright: ignore[reportPossiblyUnbound]

PropKinds = Union[_Prop[Any, Any], _PProp[Any]]
