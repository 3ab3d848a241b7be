# SPDX-License-Identifier: Apache-2.0
"""Typed property descriptors of Layer and Presentation, on lean call paths (issue 13).

Each layer property is a descriptor whose ``__get__``/``__set__`` carry the property's real
type, so type checkers see ``layer.position`` as a :class:`Point` and accept a tuple when it
is set (``_Prop[Get, Set]``).

The hot paths (number, bool, point, size, rect: get, set and presentation read; and tick) call
function pointers with NO argtypes and no errcheck, passing ready ctypes arguments: the engine
as ``c_void_p.from_param(address)`` made once per engine (``Layer._epc``), the handle as
``c_uint64.from_param(handle)`` made once per layer object (``Layer._hc``), the key as
``bytes`` (passed as ``char *`` without a copy) and the value as a fresh
``c_double.from_param(value)`` or struct. ctypes then skips argtypes conversion (about 100-130
ns per argument) and copies a ready argument into the call without allocating. Out-parameters are
fresh one-element ctypes arrays (an array is passed as a pointer, so no ``byref``). The status
is tested inline; only a failure (or an exception stashed by a Python callback) takes the slow
path through ``_capi._check``.

Threads: nothing here is shared between calls. Every out-buffer and value object is made per
call, because ctypes releases the GIL during the C call (a shared buffer could be overwritten
by another thread between the call and the read) and a signal handler or finalizer may run a
getter on the same thread between two bytecodes. The per-engine and per-layer ready arguments
(and the bool setter's two constants) are immutable, so sharing them is safe. benchmarks/python_bench.py shows what this
costs against a bare ctypes call.

Without argtypes ctypes cannot check argument types, so only this module calls these pointers,
always with the exact ctypes types above (tests/test_typing.py and test_fast_paths.py cover
every kind).
"""
from __future__ import annotations

from ctypes import POINTER, byref, c_double, c_int32, c_uint32, c_void_p, sizeof
from typing import TYPE_CHECKING, Any, Generic, List, Optional, Protocol, Sequence, TypeVar, Union, overload

from . import _capi as C
from ._errors import LaminaError, StaleHandleError, TypeMismatchError
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
    Transform3D,
    c_string,
    to_c_color,
    to_c_point,
    to_c_rect,
    to_c_size,
    to_c_transform,
)
from ._filters import Filter
from ._values import from_c_value, to_c_value

if TYPE_CHECKING:
    from ._contents import Image, Path


class _Layer(Protocol):
    """What the descriptors use of the Layer they belong to (lamina/_layer.py, which is made
    of them and so imports this module): the ready ctypes arguments, the handle, and the
    naming of errors, and set_value."""

    _ep: int
    _epc: Any
    _hc: Any
    _handle: int
    _owned: bool

    def _e(self) -> Any: ...

    def _get_name(self) -> str: ...

    def _named(self, error: LaminaError) -> LaminaError: ...

    def set_value(self, key: str, value: Any) -> None: ...


class _Presentation(Protocol):
    """What the presentation descriptors use of a Presentation (lamina/_presentation.py):
    its layer and time."""

    @property
    def _layer(self) -> _Layer: ...

    @property
    def _at(self) -> Optional[float]: ...

_G = TypeVar("_G")
_S = TypeVar("_S")

#: What a transform property accepts: a Transform3D, 16 numbers or 4 rows of 4.
TransformLike = Any


def _raw(name: str) -> Any:
    """A function pointer to ``name`` with NO argtypes and no errcheck (the lean call paths:
    callers pass ctypes objects of the exact C types; see the module docstring)."""
    lib = C.lib
    bound = getattr(lib, name)
    if isinstance(bound, C._Missing):
        return bound
    fn = lib._FuncPtr((name, lib))
    fn.restype = bound.restype
    fn.__name__ = name  # type: ignore[attr-defined]  # what error messages name
    return fn


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


# The lean call paths (see the module docstring): no argtypes, ctypes objects in.
_set_number = _raw("lamina_layer_set_number")
_get_number = _raw("lamina_layer_get_number")
_set_bool = _raw("lamina_layer_set_bool")
_get_bool = _raw("lamina_layer_get_bool")
_set_point = _raw("lamina_layer_set_point")
_set_size = _raw("lamina_layer_set_size")
_set_rect = _raw("lamina_layer_set_rect")
_get_point = _raw("lamina_layer_get_point")
_get_size = _raw("lamina_layer_get_size")
_get_rect = _raw("lamina_layer_get_rect")
_get_pvalue_raw = _raw("lamina_layer_get_presentation_value")
_get_pvalue_at_raw = _raw("lamina_layer_get_presentation_value_at")
# With argtypes (their callers convert Python values; not on the hottest paths).
_set_color = _fast("lamina_layer_set_color")
_set_transform = _fast("lamina_layer_set_transform")
_set_value = _fast("lamina_layer_set_value")
_get_value = _fast("lamina_layer_get_value")
_get_pvalue = _fast("lamina_layer_get_presentation_value")
_get_pvalue_at = _fast("lamina_layer_get_presentation_value_at")


# One-element arrays: ctypes passes an array as a pointer to its first element (no byref).
_D1 = c_double * 1
_D2 = c_double * 2  # lamina_point_t / lamina_size_t: two doubles, same layout
_D4 = c_double * 4  # lamina_rect_t: origin then size
_U1 = c_uint32 * 1
# lamina_value_t as doubles: [0] holds the tag (type, reserved), [1] the number or x, [2] y.
# Reading an array item is much cheaper than a struct field through a nested union.
_VD = c_double * (sizeof(C.Value) // 8)
assert sizeof(_VD) == sizeof(C.Value)
_value_type = c_int32.from_buffer  # the tag of a _VD, read only off the fast path
_Value = C.Value
_CPoint = C.Point
_CSize = C.Size
_CRect = C.Rect
_Color = Color
_Point = Point
_Size = Size
_Rect = Rect
_tnew = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (half the cost)
_dbl = c_double.from_param  # a ready argument (see _engine._double_arg): one allocation fewer


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
    def __get__(self, layer: _Layer, owner: Any) -> _G: ...

    def __get__(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        v = _Value()
        rc = _get_value(layer._ep, layer._handle, self.key, byref(v))
        if rc or C._pending_count:
            _fail(rc, _get_value)
        return _from_value(v)

    def __set__(self, layer: _Layer, value: _S) -> None:
        layer.set_value(self.name, value)


class _NumberProp(_Prop[float, float]):
    kind = "number"

    def _get(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        out = _D1()
        rc = _get_number(layer._epc, layer._hc, self.key, out)
        if rc or C._pending_count:
            _fail(rc, _get_number)
        return out[0]

    def __set__(self, layer: _Layer, value: float) -> None:
        if not layer._owned:
            raise _stale()
        # float() first: the single setter has always taken anything float() takes
        rc = _set_number(layer._epc, layer._hc, self.key,
                         _dbl(value if value.__class__ is float else float(value)))
        if rc or C._pending_count:
            _fail(rc, _set_number)


class _BoolProp(_Prop[bool, bool]):
    kind = "bool"

    def _get(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        out = _U1()
        rc = _get_bool(layer._epc, layer._hc, self.key, out)
        if rc or C._pending_count:
            _fail(rc, _get_bool)
        return out[0] != 0

    def __set__(self, layer: _Layer, value: bool) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_bool(layer._epc, layer._hc, self.key, _U1_ONE if value else _U1_ZERO)
        if rc or C._pending_count:
            _fail(rc, _set_bool)


# Read-only constants for the bool setter (never written, so shared safely).
_U1_ONE = c_uint32.from_param(1)
_U1_ZERO = c_uint32.from_param(0)


def _c_pair(value: Any, ctype: Any, convert: Any) -> Any:
    """A point/size struct from a Point/Size/2-tuple of floats without the generic conversion
    (the common shapes), else through ``convert`` (which checks and raises)."""
    if value.__class__ is tuple or value.__class__ is _Point or value.__class__ is _Size:
        if len(value) == 2:
            x, y = value
            if x.__class__ is float and y.__class__ is float:
                return ctype(x, y)
    return convert(value)


class _PointProp(_Prop[Point, PointLike]):
    kind = "point"

    def _get(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        out = _D2()
        rc = _get_point(layer._epc, layer._hc, self.key, out)
        if rc or C._pending_count:
            _fail(rc, _get_point)
        return _tnew(_Point, (out[0], out[1]))

    def __set__(self, layer: _Layer, value: PointLike) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_point(layer._epc, layer._hc, self.key, _c_pair(value, _CPoint, to_c_point))
        if rc or C._pending_count:
            _fail(rc, _set_point)


class _SizeProp(_Prop[Size, SizeLike]):
    kind = "size"

    def _get(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        out = _D2()
        rc = _get_size(layer._epc, layer._hc, self.key, out)
        if rc or C._pending_count:
            _fail(rc, _get_size)
        return _tnew(_Size, (out[0], out[1]))

    def __set__(self, layer: _Layer, value: SizeLike) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_size(layer._epc, layer._hc, self.key, _c_pair(value, _CSize, to_c_size))
        if rc or C._pending_count:
            _fail(rc, _set_size)


class _RectProp(_Prop[Rect, RectLike]):
    kind = "rect"

    def _get(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        if not layer._owned:
            raise _stale()
        out = _D4()
        rc = _get_rect(layer._epc, layer._hc, self.key, out)
        if rc or C._pending_count:
            _fail(rc, _get_rect)
        x, y, w, h = out
        return _tnew(_Rect, (_tnew(_Point, (x, y)), _tnew(_Size, (w, h))))

    def __set__(self, layer: _Layer, value: RectLike) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_rect(layer._epc, layer._hc, self.key, to_c_rect(value))
        if rc or C._pending_count:
            _fail(rc, _set_rect)


class _ColorProp(_Prop[Optional[Color], Optional[ColorLike]]):
    kind = "color"

    def __set__(self, layer: _Layer, value: Optional[ColorLike]) -> None:
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

    def __set__(self, layer: _Layer, value: TransformLike) -> None:
        if not layer._owned:
            raise _stale()
        rc = _set_transform(layer._ep, layer._handle, self.key, to_c_transform(value))
        if rc or C._pending_count:
            _fail(rc, _set_transform)


class _NameProp(_Prop[str, Optional[str]]):
    kind = "string"

    def _get(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        return layer._get_name()

    def __set__(self, layer: _Layer, value: Optional[str]) -> None:
        C.lib.lamina_layer_set_name(layer._e(), layer._handle,
                                    None if value is None else c_string(str(value), "a name"))


class _TextProp(_Prop[str, str]):
    """A string-valued key other than the name (fillMode): through the generic setter."""

    kind = "text"

    def __set__(self, layer: _Layer, value: str) -> None:
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


class _FiltersProp(_Prop[List[Filter], Optional[Sequence[Filter]]]):
    """A filter array (filters, backgroundFilters; issue 32, R19): read as a list (empty for
    none); set from a sequence of :class:`Filter` or None."""

    kind = "filters"

    def _get(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        v = _Prop.__get__(self, layer, owner)
        return v if v is not None else []


class _BlendModeProp(_Prop[Optional[str], Optional[str]]):
    """compositingFilter (issue 32, R19.3): a blend mode's Core Image name, None for normal."""

    kind = "string"


# --- issue 15: the properties of shape, gradient and replicator layers ---------------------
class _IntProp(_Prop[int, int]):
    """A number key holding an integer (instanceCount): read as an int; the library refuses a
    non-integer, negative or too large value with InvalidArgumentError."""

    kind = "int"

    def _get(self, layer: Optional[_Layer], owner: Any) -> Any:
        if layer is None:
            return self
        return int(_NumberProp._get(self, layer, owner))  # type: ignore[arg-type]

    def __set__(self, layer: _Layer, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):

            raise layer._named(TypeMismatchError(5, "LAMINA_STATUS_TYPE_MISMATCH",
                f"{self.name!r} takes an int, not {value!r}"))
        _NumberProp.__set__(self, layer, float(value))  # type: ignore[arg-type]


class _SolidColorProp(_Prop[Color, ColorLike]):
    """A colour key that always holds a colour (instanceColor)."""

    kind = "solid_color"

    def __set__(self, layer: _Layer, value: ColorLike) -> None:
        if value is None:

            raise layer._named(TypeMismatchError(5, "LAMINA_STATUS_TYPE_MISMATCH",
                f"{self.name!r} takes a colour, not None"))
        _ColorProp.__set__(self, layer, value)  # type: ignore[arg-type]


_E = TypeVar("_E", bound=str)


class _EnumProp(_Prop[_E, _E]):
    """A key holding one of Core Animation's names (fillRule, lineCap, lineJoin, type): set
    through the generic setter; the library refuses an unknown name (InvalidArgumentError)."""

    kind = "enum"

    def __set__(self, layer: _Layer, value: _E) -> None:
        if not isinstance(value, str):

            raise layer._named(TypeMismatchError(5, "LAMINA_STATUS_TYPE_MISMATCH",
                f"{self.name!r} takes a str, not {value!r}"))
        v = to_c_value(value, C.VALUE_STRING, self.name)
        C.lib.lamina_layer_set_value(layer._e(), layer._handle, self.key, byref(v))


class _FillRuleProp(_EnumProp[FillRule]):
    pass


class _LineCapProp(_EnumProp[LineCap]):
    pass


class _LineJoinProp(_EnumProp[LineJoin]):
    pass


class _GradientTypeProp(_EnumProp[GradientType]):
    pass


class _NumbersProp(_Prop[Optional[List[float]], Optional[Sequence[float]]]):
    """A number-array key (lineDashPattern, locations): a list of floats, or None (nil)."""

    kind = "numbers"

    def __set__(self, layer: _Layer, value: Optional[Sequence[float]]) -> None:
        v = to_c_value(value, C.VALUE_NUMBER_ARRAY, self.name)
        C.lib.lamina_layer_set_value(layer._e(), layer._handle, self.key, byref(v))


class _ColorsProp(_Prop[Optional[List[Color]], Optional[Sequence[ColorLike]]]):
    """A colour-array key (colors): a list of Colors, or None (nil)."""

    kind = "colors"

    def __set__(self, layer: _Layer, value: Optional[Sequence[ColorLike]]) -> None:
        v = to_c_value(value, C.VALUE_COLOR_ARRAY, self.name)
        C.lib.lamina_layer_set_value(layer._e(), layer._handle, self.key, byref(v))


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
    def __get__(self, p: _Presentation, owner: Any) -> _G: ...

    def __get__(self, p: Optional[_Presentation], owner: Any) -> Any:
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

    def __set__(self, p: _Presentation, value: Any) -> None:
        raise AttributeError(f"a presentation is read-only; set {self.name!r} on the layer")


class _PNumberProp(_PProp[float]):
    """A number-valued presentation property, read through the flat number view."""

    def _get(self, p: Optional[_Presentation], owner: Any) -> Any:
        if p is None:
            return self
        layer = p._layer
        if not layer._owned:
            raise _stale()
        out = _VD()
        at = p._at
        if at is None:
            rc = _get_pvalue_raw(layer._epc, layer._hc, self.key, out)
            if rc or C._pending_count:
                _fail(rc, _get_pvalue_raw)
        else:
            rc = _get_pvalue_at_raw(layer._epc, layer._hc, self.key, _dbl(at), out)
            if rc or C._pending_count:
                _fail(rc, _get_pvalue_at_raw)
        x = out[1]
        if x == 0.0:  # a number, or (never for a number key) no value: the tag tells
            t = _value_type(out).value
            if t != 1:
                return None if t == 0 else float("nan")
        return x


class _PPairProp(_PProp[_G]):
    """A point- or size-valued presentation property (position, anchorPoint, shadowOffset),
    read through the flat two-double view; ``kind`` is the NamedTuple it returns."""

    def __init__(self, key: str, doc: str, kind: Any) -> None:
        super().__init__(key, doc)
        self.tuple_type = kind

    def _get(self, p: Optional[_Presentation], owner: Any) -> Any:
        if p is None:
            return self
        layer = p._layer
        if not layer._owned:
            raise _stale()
        out = _VD()
        at = p._at
        if at is None:
            rc = _get_pvalue_raw(layer._epc, layer._hc, self.key, out)
            if rc or C._pending_count:
                _fail(rc, _get_pvalue_raw)
        else:
            rc = _get_pvalue_at_raw(layer._epc, layer._hc, self.key, _dbl(at), out)
            if rc or C._pending_count:
                _fail(rc, _get_pvalue_at_raw)
        x = out[1]
        y = out[2]
        if x != 0.0 or y != 0.0 or _value_type(out).value in (2, 3):  # the tag only for (0, 0)
            return _tnew(self.tuple_type, (x, y))
        return _PProp.__get__(self, p, owner)  # never for these keys: the generic path


class _PIntProp(_PProp[int]):
    """An integer-valued presentation property (instanceCount)."""

    def _get(self, p: Optional[_Presentation], owner: Any) -> Any:
        if p is None:
            return self
        return int(_PNumberProp._get(self, p, owner))  # type: ignore[arg-type]


class _PNameProp(_PProp[str]):
    def _get(self, p: Optional[_Presentation], owner: Any) -> Any:
        if p is None:
            return self
        val = _PProp.__get__(self, p, owner)
        return "" if val is None else val


class _PFiltersProp(_PProp[List[Filter]]):
    """A presented filter array (issue 32): a list, empty for none."""

    def _get(self, p: Optional[_Presentation], owner: Any) -> Any:
        if p is None:
            return self
        val = _PProp.__get__(self, p, owner)
        return [] if val is None else val


# The fast getters are installed as __get__ after the classes are made: written in the class
# bodies they would hide the typed overloads of _Prop/_PProp.__get__ from type checkers.
for _cls in list(globals().values()):
    if isinstance(_cls, type) and "_get" in _cls.__dict__:
        setattr(_cls, "__get__", _cls.__dict__["_get"])
del _cls  # pyright: ignore[reportPossiblyUnbound]

PropKinds = Union[_Prop[Any, Any], _PProp[Any]]
