# SPDX-License-Identifier: Apache-2.0
"""Images and paths (issue 10, R14): layer contents (RS-4.1) and shadowPath (RS-3.4)."""
from __future__ import annotations

from ctypes import POINTER, byref, c_size_t, cast, sizeof
from typing import Any, List, Sequence, Tuple

from . import _capi as C
from ._types import Point, to_c_point, to_c_rect

_KINDS = {"move": 0, "line": 1, "quad": 2, "cubic": 3, "close": 4}
_NAMES = {v: k for k, v in _KINDS.items()}


class Image:
    """A reference-counted image (RS-4.1): premultiplied RGBA8 pixels or a host texture
    handle. Create with ``Engine.create_image`` / ``Engine.create_external_image``; a layer
    showing it keeps it alive. ``id`` is unique in the process.

    Example: ``layer.contents = engine.create_image(2, 2, bytes(16))``
    """

    __slots__ = ("id",)

    def __init__(self, image_id: int) -> None:
        self.id = image_id  # owns one host reference

    def __del__(self) -> None:
        try:
            if self.id and C.lib is not None:
                C.lib.lamina_image_release(self.id)
        except Exception:
            pass

    def _info(self) -> "C.ImageInfo":
        info = C.ImageInfo()
        info.struct_size = sizeof(C.ImageInfo)
        C.lib.lamina_image_get_info(self.id, byref(info))
        return info

    @property
    def width(self) -> int:
        """Width in pixels."""
        return int(self._info().width)

    @property
    def height(self) -> int:
        """Height in pixels."""
        return int(self._info().height)

    @property
    def external_handle(self) -> Any:
        """The host's texture handle, or None for a pixel image."""
        info = self._info()
        return int(info.external_handle) if info.is_external else None

    def pixels(self) -> bytes:
        """The premultiplied RGBA8 bytes (empty for an external image)."""
        info = self._info()
        if info.is_external:
            return b""
        return bytes(info.pixels[: info.width * info.height * 4])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Image) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Image(id={self.id})"


def image_from_id(image_id: int) -> "Image | None":
    """Wraps an id from a value or record, taking a host reference (None for 0)."""
    if not image_id:
        return None
    C.lib.lamina_image_retain(image_id)
    return Image(image_id)


PathElement = Tuple[Any, ...]


class Path:
    """A path value (shadowPath, RS-3.4): ``elements`` are tuples ("move", p), ("line", p),
    ("quad", control, p), ("cubic", c1, c2, p), ("close",), points as (x, y) or Point.
    Two paths of the same structure animate point by point; others switch at 0.5 (RS-8.5).

    Example: ``layer.shadow_path = lamina.Path.rect((0, 0, 10, 10))``
    """

    __slots__ = ("elements",)

    def __init__(self, elements: Sequence[PathElement] = ()) -> None:
        self.elements: List[PathElement] = [tuple(e) for e in elements]

    def move_to(self, p: Any) -> "Path":
        """Starts a subpath."""
        self.elements.append(("move", p))
        return self

    def line_to(self, p: Any) -> "Path":
        """Adds a line."""
        self.elements.append(("line", p))
        return self

    def quad_to(self, control: Any, p: Any) -> "Path":
        """Adds a quadratic curve."""
        self.elements.append(("quad", control, p))
        return self

    def curve_to(self, c1: Any, c2: Any, p: Any) -> "Path":
        """Adds a cubic curve."""
        self.elements.append(("cubic", c1, c2, p))
        return self

    def close(self) -> "Path":
        """Closes the subpath."""
        self.elements.append(("close",))
        return self

    @staticmethod
    def _from(fn: Any, *args: Any) -> "Path":
        n = c_size_t()
        fn(*args, None, 0, byref(n))
        buf = (C.PathElement * n.value)()
        fn(*args, buf, n.value, byref(n))
        return Path.from_c(cast(buf, POINTER(C.PathElement)), n.value)

    @classmethod
    def rect(cls, rect: Any) -> "Path":
        """A rectangle: move, three lines, close."""
        return cls._from(C.lib.lamina_path_rect, to_c_rect(rect))

    @classmethod
    def ellipse(cls, rect: Any) -> "Path":
        """The ellipse inscribed in ``rect``: move, four cubics, close."""
        return cls._from(C.lib.lamina_path_ellipse, to_c_rect(rect))

    @classmethod
    def rounded_rect(cls, rect: Any, corner_width: float, corner_height: Any = None) -> "Path":
        """A rectangle with elliptical corners (radii clamped to half the sides)."""
        h = corner_width if corner_height is None else corner_height
        return cls._from(C.lib.lamina_path_rounded_rect, to_c_rect(rect), float(corner_width), float(h))

    @staticmethod
    def from_c(elems: Any, count: int) -> "Path":
        """A Path from ``count`` C lamina_path_element_t (for the binding's own calls)."""
        out: List[PathElement] = []
        for i in range(count):
            e = elems[i]
            kind = _NAMES[e.type]
            npts = {"move": 1, "line": 1, "quad": 2, "cubic": 3, "close": 0}[kind]
            out.append((kind,) + tuple(Point(e.points[j].x, e.points[j].y) for j in range(npts)))
        return Path(out)

    def to_c(self) -> Any:
        """The elements as a C array of lamina_path_element_t (for the binding's own calls)."""
        buf = (C.PathElement * max(len(self.elements), 1))()
        for i, el in enumerate(self.elements):
            if el[0] not in _KINDS:
                raise ValueError(f"unknown path element {el[0]!r}")
            buf[i].type = _KINDS[el[0]]
            for j, p in enumerate(el[1:4]):
                buf[i].points[j] = to_c_point(p)
        return buf

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Path) and other.elements == self.elements

    def __repr__(self) -> str:
        return f"Path({self.elements!r})"
