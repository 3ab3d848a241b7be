# SPDX-License-Identifier: Apache-2.0
"""Layer filters (issue 32, R19): :class:`Filter` values by Core Image's names, the blend mode
names of ``compositing_filter``, and :class:`DrawFilter` (a record's evaluated filter)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union

from . import _capi as C
from ._errors import InvalidArgumentError
from ._types import Color

#: The filter types by their codes (LAMINA_FILTER_TYPE_*): index = code.
_TYPES = (None, "gaussianBlur", "colorMatrix", "colorControls", "colorInvert", "colorMonochrome", "alpha")

#: The inputs of each type: name -> indices of ``params`` (R19.1, lamina_filter_t).
_INPUTS: Dict[str, Dict[str, Tuple[int, ...]]] = {
    "gaussianBlur": {"inputRadius": (0,)},
    "colorMatrix": {"inputRVector": (0, 1, 2, 3), "inputGVector": (5, 6, 7, 8),
                    "inputBVector": (10, 11, 12, 13), "inputAVector": (15, 16, 17, 18),
                    "inputBiasVector": (4, 9, 14, 19)},
    "colorControls": {"inputSaturation": (0,), "inputBrightness": (1,), "inputContrast": (2,)},
    "colorInvert": {},
    "colorMonochrome": {"inputColor": (0, 1, 2, 3), "inputIntensity": (4,)},
    "alpha": {"inputAmount": (0,)},
}

#: The blend modes of ``compositing_filter`` by Core Image's names (LAMINA_BLEND_*: index =
#: code); index 0 is normal source-over, which a layer reports as None.
BLEND_MODES = (
    "sourceOverCompositing", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode",
    "darkenBlendMode", "lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode",
    "softLightBlendMode", "hardLightBlendMode", "differenceBlendMode", "exclusionBlendMode",
    "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode",
)

#: A ``compositing_filter`` name (R19.3); the library also takes them with Core Image's
#: ``CI`` prefix ("CIMultiplyBlendMode").
BlendMode = Literal[
    "sourceOverCompositing", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode",
    "darkenBlendMode", "lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode",
    "softLightBlendMode", "hardLightBlendMode", "differenceBlendMode", "exclusionBlendMode",
    "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode",
]

_ColorLike = Union[Color, Tuple[float, float, float], Tuple[float, float, float, float]]


def _invalid(message: str) -> InvalidArgumentError:
    return InvalidArgumentError(1, "LAMINA_STATUS_INVALID_ARGUMENT", message)


def _type_name(name: str) -> str:
    """The short type name of ``name`` (with or without Core Image's ``CI`` prefix)."""
    if name in _INPUTS:
        return name
    if name.startswith("CI") and len(name) > 2:
        short = name[2].lower() + name[3:]
        if short in _INPUTS:
            return short
    raise _invalid(f"unknown filter type {name!r}; one of {', '.join(_INPUTS)} (R19.6)")


def _defaults(type_name: str) -> Tuple[float, ...]:
    p = [0.0] * 20
    if type_name == "gaussianBlur":
        p[0] = 10.0
    elif type_name == "colorMatrix":
        p[0] = p[6] = p[12] = p[18] = 1.0
    elif type_name == "colorControls":
        p[0] = p[2] = 1.0
    elif type_name == "colorMonochrome":
        p[0:5] = [0.6, 0.45, 0.3, 1.0, 1.0]
    elif type_name == "alpha":
        p[0] = 1.0
    return tuple(p)


@dataclass(frozen=True)
class Filter:
    """A layer filter (R19.1): a Core Image type (``"gaussianBlur"``, ``"colorMatrix"``,
    ``"colorControls"``, ``"colorInvert"``, ``"colorMonochrome"`` or Lamina's ``"alpha"``), a
    ``name`` that key paths reach it by (``"filters.<name>.inputRadius"``) and its 20
    ``params`` laid out as lamina_filter_t's. Build one with the class methods; they start
    from Core Image's defaults. Immutable: ``with_input`` gives a changed copy.

    Example::

        layer.filters = [lamina.Filter.gaussian_blur("blur", radius=8)]
        layer.set_value("filters.blur.inputRadius", 20)   # animates inside a transaction
    """

    type: str
    name: str = ""
    params: Tuple[float, ...] = field(default=())

    def __post_init__(self) -> None:
        t = _type_name(self.type)
        object.__setattr__(self, "type", t)
        if not isinstance(self.name, str):
            raise TypeError(f"a filter's name is a str, not {self.name!r}")
        p = tuple(float(x) for x in self.params) if self.params else _defaults(t)
        if len(p) < 20:
            p = p + (0.0,) * (20 - len(p))
        if len(p) != 20:
            raise _invalid(f"a filter has at most 20 parameters, got {len(p)} (R19.6)")
        object.__setattr__(self, "params", p)

    @classmethod
    def gaussian_blur(cls, name: str = "", radius: float = 10.0) -> "Filter":
        """A Gaussian blur; ``radius`` is σ in the layer's space, as ``shadow_radius`` (RS-3.6).

        Example: ``lamina.Filter.gaussian_blur("blur", radius=10)``
        """
        return cls("gaussianBlur", name, (float(radius),))

    @classmethod
    def color_matrix(cls, name: str = "", matrix: Sequence[float] = ()) -> "Filter":
        """A 4×5 colour matrix: 20 numbers, rows R, G, B, A of (r, g, b, a, bias), on
        straight RGBA. Any other count raises InvalidArgumentError; empty is the identity.

        Example: ``lamina.Filter.color_matrix("swap", [0,1,0,0,0, 1,0,0,0,0, 0,0,1,0,0, 0,0,0,1,0])``
        """
        m = [float(x) for x in matrix]
        if m and len(m) != 20:
            raise _invalid(f"a colour matrix has 20 numbers (4 rows of 5), got {len(m)} (R19.6)")
        return cls("colorMatrix", name, tuple(m) if m else ())

    @classmethod
    def color_controls(cls, name: str = "", saturation: float = 1.0, brightness: float = 0.0,
                       contrast: float = 1.0) -> "Filter":
        """Saturation, brightness (added) and contrast about 0.5 (CIColorControls).

        Example: ``lamina.Filter.color_controls("tone", saturation=1.8)``
        """
        return cls("colorControls", name, (float(saturation), float(brightness), float(contrast)))

    @classmethod
    def color_invert(cls, name: str = "") -> "Filter":
        """One minus each colour channel (CIColorInvert).

        Example: ``lamina.Filter.color_invert("negative")``
        """
        return cls("colorInvert", name, (0.0,))

    @classmethod
    def color_monochrome(cls, name: str = "", color: _ColorLike = (0.6, 0.45, 0.3, 1.0),
                         intensity: float = 1.0) -> "Filter":
        """The luminance tinted by ``color``, mixed in by ``intensity`` (CIColorMonochrome).

        Example: ``lamina.Filter.color_monochrome("sepia", color=(0.7, 0.5, 0.3))``
        """
        c = list(color)
        if len(c) == 3:
            c.append(1.0)
        if len(c) != 4:
            raise _invalid(f"a colour has 3 or 4 components, got {len(c)}")
        return cls("colorMonochrome", name, tuple(float(x) for x in c) + (float(intensity),))

    @classmethod
    def alpha(cls, name: str = "", amount: float = 1.0) -> "Filter":
        """Multiplies alpha by ``amount`` (Lamina's; CSS ``opacity()``).

        Example: ``lamina.Filter.alpha("fade", amount=0.5)``
        """
        return cls("alpha", name, (float(amount),))

    @property
    def inputs(self) -> Tuple[str, ...]:
        """The names of this type's inputs (``("inputRadius",)`` for a blur).

        Example: ``lamina.Filter.color_controls().inputs``
        """
        return tuple(_INPUTS[self.type])

    def input(self, name: str) -> Union[float, Color, Tuple[float, ...]]:
        """One input by Core Image's name: a number, a :class:`Color` (``inputColor``) or four
        numbers (a matrix row or the bias). KeyError for an input this type lacks.

        Example: ``lamina.Filter.gaussian_blur(radius=3).input("inputRadius")  # 3.0``
        """
        idx = _INPUTS[self.type].get(name)
        if idx is None:
            raise KeyError(f"a {self.type} filter has no {name!r}; its inputs: {', '.join(self.inputs) or 'none'}")
        if name == "inputColor":
            return Color(*(self.params[i] for i in idx))
        if len(idx) == 4:
            return tuple(self.params[i] for i in idx)
        return self.params[idx[0]]

    def with_input(self, name: str, value: Union[float, Iterable[float]]) -> "Filter":
        """A copy with one input changed (KeyError for an input this type lacks).

        Example: ``blur.with_input("inputRadius", 4)``
        """
        idx = _INPUTS[self.type].get(name)
        if idx is None:
            raise KeyError(f"a {self.type} filter has no {name!r}; its inputs: {', '.join(self.inputs) or 'none'}")
        vals = [float(value)] if len(idx) == 1 else [float(x) for x in value]  # type: ignore[union-attr, arg-type]
        if len(vals) == 3 and name == "inputColor":
            vals.append(1.0)
        if len(vals) != len(idx):
            raise _invalid(f"{name!r} takes {len(idx)} numbers, got {len(vals)} (R19.6)")
        p = list(self.params)
        for i, v in zip(idx, vals):
            p[i] = v
        return Filter(self.type, self.name, tuple(p))

    def _to_c(self, out: "C.Filter", keep: List[bytes]) -> None:
        """Fills a lamina_filter_t; the encoded name goes into ``keep`` (alive for the call)."""
        out.type = _TYPES.index(self.type)
        name = self.name.encode("utf-8")
        keep.append(name)
        out.name = name
        for i, v in enumerate(self.params):
            out.params[i] = v


def from_c_filter(c: "C.Filter") -> Filter:
    """A :class:`Filter` of a lamina_filter_t (the name copied)."""
    t = _TYPES[c.type] if 0 < c.type < len(_TYPES) else None
    if t is None:
        raise _invalid(f"unknown filter type code {c.type}")
    return Filter(t, (c.name or b"").decode("utf-8", "replace"), tuple(c.params[i] for i in range(20)))


@dataclass(frozen=True)
class DrawFilter:
    """One filter of a :class:`DrawRecord` as a renderer applies it (lamina_draw_filter_t,
    docs/draw-records.md section 18): its ``type``, the presented ``params``, a blur's
    root-space ``sigma`` (the radius times the record's scale, clamped to 256) and the filter
    as one 4×5 colour ``matrix`` (identity for a blur).

    Example: ``record.filters[0].sigma``
    """

    type: str
    params: Tuple[float, ...]
    sigma: float
    matrix: Tuple[float, ...]


def from_c_draw_filter(c: "C.DrawFilter") -> DrawFilter:
    """A :class:`DrawFilter` of a lamina_draw_filter_t (copied)."""
    t = _TYPES[c.type] if 0 < c.type < len(_TYPES) else str(c.type)
    return DrawFilter(t or str(c.type), tuple(c.params[i] for i in range(20)), c.sigma,
                      tuple(c.matrix[i] for i in range(20)))


def blend_mode_name(code: int) -> Optional[str]:
    """The Core Image name of a LAMINA_BLEND_* code, None for normal."""
    if code == 0:
        return None
    return BLEND_MODES[code] if 0 < code < len(BLEND_MODES) else str(code)
