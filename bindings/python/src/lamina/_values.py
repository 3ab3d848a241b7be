# SPDX-License-Identifier: Apache-2.0
"""Tagged values (lamina_value_t) to and from Python: the values of keys and key paths, of
every type a layer property, an animation or a transaction holds, images and paths included
(so this module sits above lamina/_contents.py, whose Image and Path it makes)."""
from __future__ import annotations

import ctypes
import math
from ctypes import POINTER, c_double, cast
from typing import List, Optional, Tuple

from . import _capi as C
from ._contents import Path, image_from_id
from ._errors import TypeMismatchError
from ._filters import Filter, from_c_filter
from ._types import (
    Color,
    Point,
    Rect,
    Size,
    Transform3D,
    Vector3,
    _rect_or_none,
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
    to_c_transform,
)


def from_c_value(v: "C.Value") -> object:
    t = v.type
    if t == C.VALUE_NULL:
        return None
    if t == C.VALUE_NUMBER:
        return v.u.number
    if t == C.VALUE_POINT:
        return from_c_point(v.u.point)
    if t == C.VALUE_SIZE:
        return from_c_size(v.u.size)
    if t == C.VALUE_RECT:
        return from_c_rect(v.u.rect)
    if t == C.VALUE_COLOR:
        return from_c_color(v.u.color)
    if t == C.VALUE_TRANSFORM:
        return from_c_transform(v.u.transform)
    if t == C.VALUE_BOOL:
        return bool(v.u.boolean)
    if t == C.VALUE_STRING:
        return v.u.string.decode("utf-8") if v.u.string is not None else ""
    if t == C.VALUE_IMAGE:
        return image_from_id(v.u.image)
    if t == C.VALUE_PATH:
        return Path.from_c(cast(v.u.path.elements, POINTER(C.PathElement)), v.u.path.count)
    if t == C.VALUE_VECTOR3:
        return Vector3(v.u.vector3.x, v.u.vector3.y, v.u.vector3.z)
    if t == C.VALUE_NUMBER_ARRAY:
        nums = v.u.numbers
        return [nums.items[i] for i in range(nums.count)] if nums.count else []
    if t == C.VALUE_COLOR_ARRAY:
        cols = v.u.colors
        return [from_c_color(cols.items[i]) for i in range(cols.count)] if cols.count else []
    if t == C.VALUE_FILTER_ARRAY:
        fs = v.u.filters
        return [from_c_filter(fs.items[i]) for i in range(fs.count)] if fs.count else []
    raise TypeError(f"unknown value type {t}")


_TYPE_NAMES = {
    C.VALUE_NUMBER: "a number",
    C.VALUE_POINT: "a point: a Point or (x, y)",
    C.VALUE_SIZE: "a size: a Size or (width, height)",
    C.VALUE_RECT: "a rect: a Rect, (x, y, width, height) or ((x, y), (width, height))",
    C.VALUE_COLOR: "a colour: a Color, (r, g, b) or (r, g, b, a), or None",
    C.VALUE_TRANSFORM: "a transform: a Transform3D, 16 numbers or 4 rows of 4",
    C.VALUE_BOOL: "a bool",
    C.VALUE_STRING: "a str",
    C.VALUE_VECTOR3: "a value function input: a number, (x, y), or Vector3/(x, y, z)",
    C.VALUE_NUMBER_ARRAY: "a sequence of numbers, or None",
    C.VALUE_COLOR_ARRAY: "a sequence of colours (Color, (r, g, b) or (r, g, b, a)), or None",
    C.VALUE_FILTER_ARRAY: "a sequence of lamina.Filter, or None",
}


def _is_num(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _numbers(obj: object, counts: Tuple[int, ...]) -> Optional[List[float]]:
    """``obj`` as a list of floats when it is a sequence of one of ``counts`` real numbers."""
    if isinstance(obj, (str, bytes)):
        return None
    try:
        items = list(obj)  # type: ignore[call-overload]
    except TypeError:
        return None
    if len(items) not in counts or not all(_is_num(x) for x in items):
        return None
    return [float(x) for x in items]


def _number_list(obj: object) -> Optional[List[float]]:
    """``obj`` as floats when it is a sequence of real numbers (any length), else None."""
    if isinstance(obj, (str, bytes, Point, Size, Rect, Color, Transform3D, Vector3)):
        return None
    try:
        items = list(obj)  # type: ignore[call-overload]
    except TypeError:
        return None
    if not all(_is_num(x) for x in items):
        return None
    return [float(x) for x in items]


def _color_list(obj: object) -> Optional[List[Color]]:
    """``obj`` as Colors when it is a sequence of colours (each a Color or 3 or 4 numbers)."""
    if isinstance(obj, (str, bytes, Color)):
        return None
    try:
        items = list(obj)  # type: ignore[call-overload]
    except TypeError:
        return None
    out: List[Color] = []
    for item in items:
        if isinstance(item, Color):
            out.append(item)
            continue
        nums = _numbers(item, (3, 4))
        if nums is None:
            return None
        out.append(Color(*(nums + [1.0] * (4 - len(nums)))))
    return out


def _set_number_array(v: "C.Value", nums: List[float]) -> None:
    """Makes ``v`` a LAMINA_VALUE_NUMBER_ARRAY over a new C buffer, which ``v`` keeps alive
    (the library copies it on set)."""
    buf = (c_double * max(len(nums), 1))(*nums)
    v.type = C.VALUE_NUMBER_ARRAY
    v.u.numbers.items = ctypes.cast(buf, ctypes.POINTER(c_double))
    v.u.numbers.count = len(nums)
    v._keep = buf  # type: ignore[attr-defined]


def _set_color_array(v: "C.Value", cols: List[Color]) -> None:
    """Makes ``v`` a LAMINA_VALUE_COLOR_ARRAY over a new C buffer, which ``v`` keeps alive."""
    buf = (C.Color * max(len(cols), 1))(*[C.Color(*c) for c in cols])
    v.type = C.VALUE_COLOR_ARRAY
    v.u.colors.items = ctypes.cast(buf, ctypes.POINTER(C.Color))
    v.u.colors.count = len(cols)
    v._keep = buf  # type: ignore[attr-defined]


def _filter_list(obj: object) -> Optional[List[Filter]]:
    """``obj`` as Filters when it is a sequence of :class:`Filter` (issue 32), else None."""
    if isinstance(obj, (str, bytes, Filter)):
        return None
    try:
        items = list(obj)  # type: ignore[call-overload]
    except TypeError:
        return None
    return items if all(isinstance(x, Filter) for x in items) else None


def _set_filter_array(v: "C.Value", filters: List[Filter]) -> None:
    """Makes ``v`` a LAMINA_VALUE_FILTER_ARRAY over new C buffers, which ``v`` keeps alive
    (the library copies the filters and their names on set)."""
    buf = (C.Filter * max(len(filters), 1))()
    names: List[bytes] = []
    for i, f in enumerate(filters):
        f._to_c(buf[i], names)
    v.type = C.VALUE_FILTER_ARRAY
    v.u.filters.items = ctypes.cast(buf, ctypes.POINTER(C.Filter))
    v.u.filters.count = len(filters)
    v._keep = (buf, names)  # type: ignore[attr-defined]


def _typed_value(obj: object, hint: int, what: str) -> "C.Value":
    """The value of ``obj`` for a key holding type ``hint`` (issue 8 item 12): the key's type
    decides, never the length of a list. A mismatch raises TypeError showing ``obj`` itself."""
    v = C.Value()
    ok = True
    if obj is None:
        v.type = C.VALUE_NULL  # the library decides whether the key takes nil
    elif hint == C.VALUE_VECTOR3:
        # A scale/translate value function's input (CA-7.5): a number, a pair or three numbers.
        if isinstance(obj, (Point, Size)) or _is_num(obj):
            return to_c_value(obj)
        nums = [obj.x, obj.y, obj.z] if isinstance(obj, Vector3) else _numbers(obj, (2, 3))
        ok = nums is not None
        if nums is not None and len(nums) == 2:
            v.type, v.u.point = C.VALUE_POINT, C.Point(*nums)
        elif nums is not None:
            v.type, v.u.vector3 = C.VALUE_VECTOR3, C.Vector3(*nums)
    elif hint == C.VALUE_NUMBER:
        ok = _is_num(obj)
        if ok:
            v.type, v.u.number = C.VALUE_NUMBER, float(obj)  # type: ignore[arg-type]
    elif hint == C.VALUE_BOOL:
        ok = isinstance(obj, bool) or (_is_num(obj) and obj in (0, 1))
        if ok:
            v.type, v.u.boolean = C.VALUE_BOOL, int(bool(obj))
    elif hint == C.VALUE_STRING:
        ok = isinstance(obj, str)
        if ok:
            v.type, v.u.string = C.VALUE_STRING, str(obj).encode("utf-8")
    elif hint == C.VALUE_POINT:
        nums = [obj.x, obj.y] if isinstance(obj, Point) else _numbers(obj, (2,))
        ok = nums is not None
        if nums is not None:
            v.type, v.u.point = C.VALUE_POINT, C.Point(*nums)
    elif hint == C.VALUE_SIZE:
        nums = [obj.width, obj.height] if isinstance(obj, Size) else _numbers(obj, (2,))
        ok = nums is not None
        if nums is not None:
            v.type, v.u.size = C.VALUE_SIZE, C.Size(*nums)
    elif hint == C.VALUE_RECT:
        r = _rect_or_none(obj)
        ok = r is not None
        if r is not None:
            v.type, v.u.rect = C.VALUE_RECT, to_c_rect(r)
    elif hint == C.VALUE_COLOR:
        if isinstance(obj, Color):
            v.type, v.u.color = C.VALUE_COLOR, to_c_color(obj)
        else:
            nums = _numbers(obj, (3, 4))
            ok = nums is not None
            if nums is not None:
                v.type, v.u.color = C.VALUE_COLOR, C.Color(*(nums + [1.0] * (4 - len(nums))))
    elif hint == C.VALUE_NUMBER_ARRAY:
        nums = _number_list(obj)
        ok = nums is not None
        if nums is not None:
            _set_number_array(v, nums)
    elif hint == C.VALUE_COLOR_ARRAY:
        cols = _color_list(obj)
        ok = cols is not None
        if cols is not None:
            _set_color_array(v, cols)
    elif hint == C.VALUE_FILTER_ARRAY:
        fl = _filter_list(obj)
        ok = fl is not None
        if fl is not None:
            _set_filter_array(v, fl)
    elif hint == C.VALUE_TRANSFORM:
        if isinstance(obj, Transform3D):
            v.type, v.u.transform = C.VALUE_TRANSFORM, to_c_transform(obj)
        else:
            nums = _numbers(obj, (16,))
            if nums is None and not isinstance(obj, (str, bytes)):
                try:
                    rows = list(obj)  # type: ignore[call-overload]
                    if len(rows) == 4 and all(_numbers(r, (4,)) is not None for r in rows):
                        nums = [float(x) for r in rows for x in r]
                except TypeError:
                    nums = None
            ok = nums is not None
            if nums is not None:
                v.type, v.u.transform = C.VALUE_TRANSFORM, C.Transform3D(*nums)
    if not ok:
        # TypeMismatchError is a TypeError: the status the library would give, raised before
        # any guess is made about what the value meant.
        raise TypeMismatchError(
            5, "LAMINA_STATUS_TYPE_MISMATCH", f"{what} takes {_TYPE_NAMES.get(hint, 'another type')}, not {obj!r}")
    return v


def to_c_value(obj: object, hint: int = -1, what: str = "") -> "C.Value":
    """A tagged value for ``obj``. ``hint`` is the type the key holds (or -1 when unknown):
    when known it alone decides how ``obj`` is read (``_typed_value``). Without one, typed
    objects keep their type and plain sequences of numbers are read by length: 2 a point,
    3 or 4 a colour, 16 a transform. ``what`` names the key in error messages."""
    if hint not in (-1, C.VALUE_NULL) and hint in _TYPE_NAMES:
        return _typed_value(obj, hint, repr(what) if what else "the key")
    v = C.Value()
    if obj is None:
        v.type = C.VALUE_NULL
    elif isinstance(obj, bool):
        v.type, v.u.boolean = C.VALUE_BOOL, int(obj)
    elif isinstance(obj, (int, float)):
        if hint == C.VALUE_BOOL:
            v.type, v.u.boolean = C.VALUE_BOOL, int(bool(obj))
        else:
            v.type, v.u.number = C.VALUE_NUMBER, float(obj)
    elif isinstance(obj, str):
        v.type, v.u.string = C.VALUE_STRING, c_string(obj, "a string value")
    elif isinstance(obj, Point):
        v.type, v.u.point = C.VALUE_POINT, to_c_point(obj)
    elif isinstance(obj, Size):
        v.type, v.u.size = C.VALUE_SIZE, to_c_size(obj)
    elif isinstance(obj, Rect):
        v.type, v.u.rect = C.VALUE_RECT, to_c_rect(obj)
    elif isinstance(obj, Color):
        v.type, v.u.color = C.VALUE_COLOR, to_c_color(obj)
    elif isinstance(obj, Transform3D):
        v.type, v.u.transform = C.VALUE_TRANSFORM, to_c_transform(obj)
    elif type(obj).__name__ == "Image" and hasattr(obj, "id"):
        v.type, v.u.image = C.VALUE_IMAGE, obj.id  # type: ignore[attr-defined]
    elif type(obj).__name__ == "Path" and hasattr(obj, "to_c"):
        buf = obj.to_c()  # type: ignore[attr-defined]
        v.type = C.VALUE_PATH
        v.u.path.elements = ctypes.cast(buf, ctypes.c_void_p)
        v.u.path.count = len(obj.elements)  # type: ignore[attr-defined]
        v._keep = buf  # type: ignore[attr-defined]
    elif isinstance(obj, Vector3):
        v.type, v.u.vector3 = C.VALUE_VECTOR3, C.Vector3(*obj)
    else:
        try:
            items = list(obj)  # type: ignore[call-overload]
        except TypeError:
            raise TypeError(f"cannot use {obj!r} as a Lamina value") from None
        n = len(items)
        if n and all(isinstance(x, Filter) for x in items):  # filters (issue 32)
            _set_filter_array(v, items)
            return v
        if n and not all(_is_num(x) for x in items):
            cols = _color_list(items)
            if cols is not None:  # a sequence of colours (gradient colors)
                _set_color_array(v, cols)
                return v
        if not all(_is_num(x) for x in items):
            raise TypeError(f"cannot use {obj!r} as a Lamina value: give a Point, Size, Rect, "
                            "Color or Transform3D, or 2, 3, 4 or 16 numbers")
        if n == 2:
            v.type, v.u.point = C.VALUE_POINT, to_c_point(items)
        elif n in (3, 4):
            v.type, v.u.color = C.VALUE_COLOR, to_c_color(items)  # type: ignore[arg-type]
        elif n == 16:
            v.type, v.u.transform = C.VALUE_TRANSFORM, to_c_transform(items)
        else:
            raise TypeError(f"cannot use {obj!r} as a Lamina value")
    if v.type == C.VALUE_NUMBER and not math.isfinite(v.u.number):
        pass  # the library reports INVALID_ARGUMENT itself
    return v
