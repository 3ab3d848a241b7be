# SPDX-License-Identifier: Apache-2.0
"""Value types: Point, Size, Rect, Color, Transform3D and TimingFunction (immutable), the
shape-layer and gradient enumerations, and their conversions to and from the C structs.
Tagged values (lamina_value_t, which may hold an image or a path) are lamina/_values.py's."""
from __future__ import annotations

import numbers
from ctypes import byref, c_double, c_uint32
from typing import Any, Iterable, List, Literal, NamedTuple, Optional, Tuple, Union

from . import _capi as C


class Point(NamedTuple):
    """A point (x, y) in points.

    Example: ``lamina.Point(10, 20) + (1, 1) == lamina.Point(11, 21)``
    """

    x: float = 0.0
    y: float = 0.0

    def __add__(self, other: object) -> "Point":  # type: ignore[override]
        o = as_point(other)  # type: ignore[arg-type]
        return Point(self.x + o.x, self.y + o.y)

    def __sub__(self, other: object) -> "Point":
        o = as_point(other)  # type: ignore[arg-type]
        return Point(self.x - o.x, self.y - o.y)


class Vector3(NamedTuple):
    """Three numbers (x, y, z): what the ``scale`` and ``translate`` value functions take
    (CA-7.5), e.g. ``BasicAnimation("transform", from_value=Vector3(1, 1, 1), to_value=
    Vector3(3, 3, 3), value_function="scale")``.

    Example: ``lamina.BasicAnimation('transform', to_value=lamina.Vector3(2, 2, 1), value_function='scale')``
    """

    x: float = 0.0
    y: float = 0.0
    z: float = 0.0


class Size(NamedTuple):
    """A size (width, height). Negative sizes are allowed.

    Example: ``layer.shadow_offset = lamina.Size(0, -3)``
    """

    width: float = 0.0
    height: float = 0.0


class Rect(NamedTuple):
    """A rectangle: an origin and a size. ``Rect.of(x, y, w, h)`` builds one from numbers.
    Wherever a rect is taken, ``(x, y, width, height)`` and ``((x, y), (width, height))`` (what
    ``tuple(rect)`` gives) work too; other shapes raise TypeError.

    Example: ``lamina.Rect.of(0, 0, 100, 50).mid == lamina.Point(50, 25)``
    """

    origin: Point = Point()
    size: Size = Size()

    @classmethod
    def of(cls, x: float, y: float, width: float, height: float) -> "Rect":
        """The rectangle at (x, y) of the given size."""
        return cls(Point(float(x), float(y)), Size(float(width), float(height)))

    @property
    def x(self) -> float:
        """The origin's x."""
        return self.origin.x

    @property
    def y(self) -> float:
        """The origin's y."""
        return self.origin.y

    @property
    def width(self) -> float:
        """The size's width."""
        return self.size.width

    @property
    def height(self) -> float:
        """The size's height."""
        return self.size.height

    @property
    def min_x(self) -> float:
        """The smallest x of the rectangle (a negative width counts)."""
        return min(self.origin.x, self.origin.x + self.size.width)

    @property
    def min_y(self) -> float:
        """The smallest y of the rectangle."""
        return min(self.origin.y, self.origin.y + self.size.height)

    @property
    def max_x(self) -> float:
        """The largest x of the rectangle."""
        return max(self.origin.x, self.origin.x + self.size.width)

    @property
    def max_y(self) -> float:
        """The largest y of the rectangle."""
        return max(self.origin.y, self.origin.y + self.size.height)

    @property
    def mid(self) -> Point:
        """The centre."""
        return Point((self.min_x + self.max_x) / 2, (self.min_y + self.max_y) / 2)


class Color(NamedTuple):
    """A non-premultiplied RGBA colour, each component nominally in [0, 1]. Components are
    extended range, as in Swift and C (R9): any finite value is kept as given, outside [0, 1]
    too, and interpolates as a number; renderers clamp when they draw. A NaN, infinite or
    larger than 1e15 component raises InvalidArgumentError when the colour is set.

    Example: ``layer.background_color = lamina.Color(1, 0, 0)  # opaque red``
    """

    r: float
    g: float
    b: float
    a: float = 1.0


RED = Color(1.0, 0.0, 0.0)
GREEN = Color(0.0, 1.0, 0.0)
BLUE = Color(0.0, 0.0, 1.0)
BLACK = Color(0.0, 0.0, 0.0)
WHITE = Color(1.0, 1.0, 1.0)
CLEAR = Color(0.0, 0.0, 0.0, 0.0)


_IDENTITY = (1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)


class Transform3D(NamedTuple):
    """A 4x4 transform in Core Animation's layout: row vectors (p' = p * M), translation in
    m41..m43. ``a @ b`` (or ``a.concat(b)``) applies a, then b.

    Example: ``layer.transform = lamina.Transform3D.rotation(0.5, 0, 0, 1)``
    """

    m11: float = 1.0
    m12: float = 0.0
    m13: float = 0.0
    m14: float = 0.0
    m21: float = 0.0
    m22: float = 1.0
    m23: float = 0.0
    m24: float = 0.0
    m31: float = 0.0
    m32: float = 0.0
    m33: float = 1.0
    m34: float = 0.0
    m41: float = 0.0
    m42: float = 0.0
    m43: float = 0.0
    m44: float = 1.0

    @classmethod
    def identity(cls) -> "Transform3D":
        """The identity (CATransform3DIdentity)."""
        return cls(*_IDENTITY)

    @classmethod
    def translation(cls, tx: float, ty: float, tz: float = 0.0) -> "Transform3D":
        """A translation (CATransform3DMakeTranslation)."""
        out = C.Transform3D()
        C.lib.lamina_transform3d_make_translation(tx, ty, tz, byref(out))
        return from_c_transform(out)

    @classmethod
    def scaling(cls, sx: float, sy: float, sz: float = 1.0) -> "Transform3D":
        """A scale about the origin (CATransform3DMakeScale)."""
        out = C.Transform3D()
        C.lib.lamina_transform3d_make_scale(sx, sy, sz, byref(out))
        return from_c_transform(out)

    @classmethod
    def rotation(cls, angle: float, x: float = 0.0, y: float = 0.0, z: float = 1.0) -> "Transform3D":
        """A rotation by ``angle`` radians about the axis (x, y, z), z by default."""
        out = C.Transform3D()
        C.lib.lamina_transform3d_make_rotation(angle, x, y, z, byref(out))
        return from_c_transform(out)

    def concat(self, other: "Transform3D") -> "Transform3D":
        """self * other: a point is transformed by self, then by other."""
        out = C.Transform3D()
        a, b = to_c_transform(self), to_c_transform(other)
        C.lib.lamina_transform3d_concat(byref(a), byref(b), byref(out))
        return from_c_transform(out)

    def __matmul__(self, other: "Transform3D") -> "Transform3D":
        return self.concat(other)

    def translated(self, tx: float, ty: float, tz: float = 0.0) -> "Transform3D":
        """translation * self (CATransform3DTranslate): the translation applies first."""
        out = C.Transform3D()
        C.lib.lamina_transform3d_translate(byref(to_c_transform(self)), tx, ty, tz, byref(out))
        return from_c_transform(out)

    def scaled(self, sx: float, sy: float, sz: float = 1.0) -> "Transform3D":
        """scale * self (CATransform3DScale)."""
        out = C.Transform3D()
        C.lib.lamina_transform3d_scale(byref(to_c_transform(self)), sx, sy, sz, byref(out))
        return from_c_transform(out)

    def rotated(self, angle: float, x: float = 0.0, y: float = 0.0, z: float = 1.0) -> "Transform3D":
        """rotation * self (CATransform3DRotate)."""
        out = C.Transform3D()
        C.lib.lamina_transform3d_rotate(byref(to_c_transform(self)), angle, x, y, z, byref(out))
        return from_c_transform(out)

    def inverted(self) -> "Transform3D":
        """The inverse; a singular matrix comes back unchanged (see :attr:`is_invertible`)."""
        out = C.Transform3D()
        ok = c_uint32()
        C.lib.lamina_transform3d_invert(byref(to_c_transform(self)), byref(out), byref(ok))
        return from_c_transform(out)

    @property
    def is_invertible(self) -> bool:
        """Whether the transform has an inverse (a zero scale has none)."""
        out = C.Transform3D()
        ok = c_uint32()
        C.lib.lamina_transform3d_invert(byref(to_c_transform(self)), byref(out), byref(ok))
        return bool(ok.value)

    @property
    def is_identity(self) -> bool:
        """Whether this is exactly the identity."""
        ok = c_uint32()
        C.lib.lamina_transform3d_is_identity(byref(to_c_transform(self)), byref(ok))
        return bool(ok.value)

    def apply(self, point: "PointLike") -> Point:
        """Transforms the point (x, y, 0) and divides by w."""
        out = C.Point()
        C.lib.lamina_transform3d_apply_to_point(byref(to_c_transform(self)), to_c_point(point), byref(out))
        return Point(out.x, out.y)


IDENTITY = Transform3D()

PointLike = Union[Point, Tuple[float, float], Iterable[float]]
SizeLike = Union[Size, Tuple[float, float]]
RectLike = Union[Rect, Tuple[float, float, float, float], Tuple[PointLike, SizeLike]]
ColorLike = Union[Color, Tuple[float, float, float], Tuple[float, float, float, float]]


_TIMING_NAMES = {
    "linear": 0,
    "ease-in": 1,
    "ease-out": 2,
    "ease-in-ease-out": 3,
    "ease-in-out": 3,
    "default": 4,
}


class TimingFunction(NamedTuple):
    """A cubic Bezier timing function from (0, 0) to (1, 1) with control points c1 and c2.

    Example: ``lamina.TimingFunction(0.42, 0, 0.58, 1)  # ease-in-out``
    """

    c1x: float
    c1y: float
    c2x: float
    c2y: float

    @classmethod
    def named(cls, name: str) -> "TimingFunction":
        """One of "linear", "ease-in", "ease-out", "ease-in-ease-out" (or "ease-in-out"),
        "default"."""
        try:
            code = _TIMING_NAMES[name]
        except KeyError:
            raise ValueError(
                f"unknown timing function {name!r}; expected one of {sorted(_TIMING_NAMES)}"
            ) from None
        out = C.TimingFunction()
        C.lib.lamina_timing_function_named(code, byref(out))
        return cls(out.c1x, out.c1y, out.c2x, out.c2y)

    def __call__(self, x: float) -> float:
        """The eased progress for the time fraction x (clamped to [0, 1])."""
        out = c_double()
        tf = C.TimingFunction(*self)
        C.lib.lamina_timing_function_evaluate(byref(tf), x, byref(out))
        return out.value

    def evaluate(self, x: float) -> float:
        """The eased progress for the time fraction x (the same as calling it)."""
        return self(x)


TimingLike = Union[str, TimingFunction, Tuple[float, float, float, float]]

#: A shape layer's fill rule (CAShapeLayer.fillRule, RS-8.1): ``"non-zero"`` (the default) or
#: ``"even-odd"``. Example: ``shape.fill_rule = "even-odd"``
FillRule = Literal["non-zero", "even-odd"]
#: A shape layer's line cap (CAShapeLayer.lineCap): ``"butt"`` (the default), ``"round"`` or
#: ``"square"``. Example: ``ring.line_cap = "round"``
LineCap = Literal["butt", "round", "square"]
#: A shape layer's line join (CAShapeLayer.lineJoin): ``"miter"`` (the default), ``"round"``
#: or ``"bevel"``. Example: ``shape.line_join = "bevel"``
LineJoin = Literal["miter", "round", "bevel"]
#: A gradient layer's type (CAGradientLayer.type, RS-9): ``"axial"`` (the default),
#: ``"radial"`` or ``"conic"``. Example: ``gradient.type = "radial"``
GradientType = Literal["axial", "radial", "conic"]


def c_string(s: str, what: str = "a key") -> bytes:
    """``s`` as a NUL-terminated C string's bytes. An embedded NUL would silently cut the string
    short in C, so it raises ValueError, as Python's own APIs (open, os.environ) do."""
    if "\0" in s:
        raise ValueError(f"{what} must not contain a NUL character: {s!r}")
    return s.encode("utf-8")


def as_timing(t: TimingLike) -> TimingFunction:
    if isinstance(t, TimingFunction):
        return t
    if isinstance(t, str):
        return TimingFunction.named(t)
    vals = tuple(float(v) for v in t)
    if len(vals) != 4:
        raise ValueError("a timing function needs four control-point numbers (c1x, c1y, c2x, c2y)")
    return TimingFunction(*vals)


def to_c_timing(t: TimingLike) -> "C.TimingFunction":
    return C.TimingFunction(*as_timing(t))


# --- conversions --------------------------------------------------------------------------
def _floats(v: object, n: int, what: str) -> Tuple[float, ...]:
    try:
        vals = tuple(float(x) for x in v)  # type: ignore[attr-defined]
    except TypeError:
        raise TypeError(f"expected a {what}, got {v!r}") from None
    if len(vals) != n:
        raise TypeError(f"expected a {what} of {n} numbers, got {v!r}")
    return vals


def as_point(v: PointLike) -> Point:
    if isinstance(v, Point):
        return v
    return Point(*_floats(v, 2, "point"))


def as_size(v: SizeLike) -> Size:
    if isinstance(v, Size):
        return v
    return Size(*_floats(v, 2, "size"))


def _rect_or_none(v: object) -> Optional[Rect]:
    """``v`` as a Rect when it is one of the rect shapes (a Rect, four numbers ``(x, y, w,
    h)``, or a pair ``(origin, size)`` of two-number pairs, which is what ``tuple(rect)``
    gives), else None. Every rect-taking API reads rects through this one rule."""
    if isinstance(v, Rect):
        return v
    nums = _reals(v, 4)
    if nums is not None:
        return Rect.of(*nums)
    items = _items(v)
    if items is None or len(items) != 2:
        return None
    origin, size = _reals(items[0], 2), _reals(items[1], 2)
    if origin is None or size is None:
        return None
    return Rect(Point(*origin), Size(*size))


def _items(v: object) -> Optional[List[Any]]:
    """The items of a sequence that is not a string, else None."""
    if isinstance(v, (str, bytes)):
        return None
    try:
        items: List[Any] = list(v)  # type: ignore[call-overload]
    except TypeError:
        return None
    return items


def _reals(v: object, n: int) -> Optional[List[float]]:
    """``v`` as ``n`` floats when it is a sequence of ``n`` real numbers (numpy scalars too;
    not bools), else None."""
    items = _items(v)
    if items is None or len(items) != n:
        return None
    if not all(isinstance(x, numbers.Real) and not isinstance(x, bool) for x in items):
        return None
    return [float(x) for x in items]


def as_rect(v: RectLike) -> Rect:
    """A rect from a Rect, ``(x, y, width, height)`` or ``((x, y), (width, height))``;
    anything else raises TypeError (docs/decisions.md, "Python values")."""
    r = _rect_or_none(v)
    if r is None:
        raise TypeError(f"expected a rect: a Rect, (x, y, width, height) or "
                        f"((x, y), (width, height)), got {v!r}")
    return r


def as_color(v: ColorLike) -> Color:
    if isinstance(v, Color):
        return v
    items = list(v)  # type: ignore[arg-type]
    if len(items) == 3:
        items.append(1.0)
    return Color(*_floats(items, 4, "colour"))


def as_transform(v: object) -> Transform3D:
    if isinstance(v, Transform3D):
        return v
    items = list(v)  # type: ignore[call-overload]
    if len(items) == 4 and all(not isinstance(x, (int, float)) for x in items):
        items = [float(x) for row in items for x in row]
    return Transform3D(*_floats(items, 16, "4x4 transform"))


def to_c_point(v: PointLike) -> "C.Point":
    return C.Point(*as_point(v))


def to_c_size(v: SizeLike) -> "C.Size":
    return C.Size(*as_size(v))


def to_c_rect(v: RectLike) -> "C.Rect":
    r = as_rect(v)
    return C.Rect(C.Point(*r.origin), C.Size(*r.size))


def to_c_color(v: ColorLike) -> "C.Color":
    return C.Color(*as_color(v))


def to_c_transform(v: object) -> "C.Transform3D":
    return C.Transform3D(*as_transform(v))


def from_c_point(p: "C.Point") -> Point:
    return Point(p.x, p.y)


def from_c_size(s: "C.Size") -> Size:
    return Size(s.width, s.height)


def from_c_rect(r: "C.Rect") -> Rect:
    return Rect(Point(r.origin.x, r.origin.y), Size(r.size.width, r.size.height))


def from_c_color(c: "C.Color") -> Color:
    return Color(c.r, c.g, c.b, c.a)


def from_c_transform(t: "C.Transform3D") -> Transform3D:
    return Transform3D(*(getattr(t, f[0]) for f in C.Transform3D._fields_))
