# SPDX-License-Identifier: Apache-2.0
"""Shape, gradient and replicator layers (issue 15): the Layer subclasses of the layer kinds.

Each kind is chosen at creation (``Engine.shape_layer()``, ``gradient_layer()``,
``replicator_layer()``, over ``lamina_layer_create_kind``) and has its properties, typed as
Layer's are (descriptors of ``lamina/_props.py``), with Core Animation's names in snake_case and
its defaults. A key of one kind on a layer of another kind is :class:`UnknownKeyError`.
Semantics: docs/semantics.md RS-8 (shape), RS-9 (gradient), RS-13 (replicator).
"""
from __future__ import annotations

from ctypes import byref, c_uint64
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union, cast

from . import _capi as C

from ._contents import Path
from ._keys import _GRADIENT_PROPS, _PROPS, _REPLICATOR_PROPS, _SHAPE_PROPS, _TEXT_PROPS, LayerKind
from ._layer import Layer
from ._presentation import Presentation
from ._props import (
    _BoolProp,
    _ColorProp,
    _ColorsProp,
    _EnumProp,
    _FillRuleProp,
    _GradientTypeProp,
    _IntProp,
    _LineCapProp,
    _LineJoinProp,
    _NumberProp,
    _NumbersProp,
    _PathProp,
    _PIntProp,
    _PNumberProp,
    _PointProp,
    _PPairProp,
    _PProp,
    _Prop,
    _SolidColorProp,
    _TextProp,
    _TransformProp,
)
from ._types import (
    Color,
    FillRule,
    GradientType,
    LineCap,
    LineJoin,
    Point,
    Size,
    Transform3D,
    as_color,
    c_string,
    from_c_size,
    to_c_color,
)
from ._values import to_c_value

__all__ = [
    "ShapeLayer", "GradientLayer", "ReplicatorLayer",
    "ShapePresentation", "GradientPresentation", "ReplicatorPresentation",
    "TextLayer", "TextPresentation",
]


def _table(kind_props: Dict[str, Tuple[str, str]]) -> Dict[str, Tuple[str, str]]:
    out = dict(_PROPS)
    out.update(kind_props)
    return out


# --- presentations -----------------------------------------------------------------------------
class ShapePresentation(Presentation):
    """A shape layer's presentation: Layer's presentation properties and the shape's, as on
    screen (an animated ``stroke_end`` reads its current value).

    Example: ``ring.presentation().stroke_end``
    """

    __slots__ = ()

    path: _PProp[Optional[Path]] = _PProp("path", "The path on screen (Optional[Path]).")
    fill_color: _PProp[Optional[Color]] = _PProp("fillColor", "The fillColor on screen (Optional[Color]).")
    fill_rule: _PProp[FillRule] = _PProp("fillRule", "The fillRule on screen (str).")
    stroke_color: _PProp[Optional[Color]] = _PProp("strokeColor", "The strokeColor on screen (Optional[Color]).")
    line_width: _PProp[float] = _PNumberProp("lineWidth", "The lineWidth on screen (float).")
    line_cap: _PProp[LineCap] = _PProp("lineCap", "The lineCap on screen (str).")
    line_join: _PProp[LineJoin] = _PProp("lineJoin", "The lineJoin on screen (str).")
    miter_limit: _PProp[float] = _PNumberProp("miterLimit", "The miterLimit on screen (float).")
    line_dash_pattern: _PProp[Optional[List[float]]] = _PProp(
        "lineDashPattern", "The lineDashPattern on screen (Optional[List[float]]).")
    line_dash_phase: _PProp[float] = _PNumberProp("lineDashPhase", "The lineDashPhase on screen (float).")
    stroke_start: _PProp[float] = _PNumberProp("strokeStart", "The strokeStart on screen (float).")
    stroke_end: _PProp[float] = _PNumberProp("strokeEnd", "The strokeEnd on screen (float).")

    @property
    def layer(self) -> "ShapeLayer":
        """The model layer."""
        return cast(ShapeLayer, self._layer)


class GradientPresentation(Presentation):
    """A gradient layer's presentation: Layer's presentation properties and the gradient's,
    as on screen (animated ``colors`` read their interpolated value).

    Example: ``sky.presentation().colors``
    """

    __slots__ = ()

    colors: _PProp[Optional[List[Color]]] = _PProp("colors", "The colors on screen (Optional[List[Color]]).")
    locations: _PProp[Optional[List[float]]] = _PProp("locations", "The locations on screen (Optional[List[float]]).")
    start_point: _PProp[Point] = _PPairProp("startPoint", "The startPoint on screen (Point).", Point)
    end_point: _PProp[Point] = _PPairProp("endPoint", "The endPoint on screen (Point).", Point)
    type: _PProp[GradientType] = _PProp("type", "The type on screen (str).")
    focal_offset: _PProp[Point] = _PPairProp("focalOffset", "The focalOffset on screen (Point).", Point)

    @property
    def layer(self) -> "GradientLayer":
        """The model layer."""
        return cast(GradientLayer, self._layer)


class ReplicatorPresentation(Presentation):
    """A replicator layer's presentation: Layer's presentation properties and the
    replicator's, as on screen.

    Example: ``spinner.presentation().instance_color``
    """

    __slots__ = ()

    instance_count: _PProp[int] = _PIntProp("instanceCount", "The instanceCount on screen (int: an animated value truncated).")
    instance_delay: _PProp[float] = _PNumberProp("instanceDelay", "The instanceDelay on screen (float).")
    instance_transform: _PProp[Transform3D] = _PProp(
        "instanceTransform", "The instanceTransform on screen (Transform3D).")
    instance_color: _PProp[Color] = _PProp("instanceColor", "The instanceColor on screen (Color).")
    instance_red_offset: _PProp[float] = _PNumberProp("instanceRedOffset", "The instanceRedOffset on screen (float).")
    instance_green_offset: _PProp[float] = _PNumberProp(
        "instanceGreenOffset", "The instanceGreenOffset on screen (float).")
    instance_blue_offset: _PProp[float] = _PNumberProp("instanceBlueOffset", "The instanceBlueOffset on screen (float).")
    instance_alpha_offset: _PProp[float] = _PNumberProp(
        "instanceAlphaOffset", "The instanceAlphaOffset on screen (float).")
    preserves_depth: _PProp[bool] = _PProp("preservesDepth", "The preservesDepth on screen (bool).")

    @property
    def layer(self) -> "ReplicatorLayer":
        """The model layer."""
        return cast(ReplicatorLayer, self._layer)


# --- layers --------------------------------------------------------------------------------
class ShapeLayer(Layer):
    """A shape layer (CAShapeLayer, RS-8): draws ``path`` filled with ``fill_color`` by
    ``fill_rule``, then stroked with ``stroke_color`` (``line_width``, caps, joins, miter
    limit, dashes), between its contents and its sublayers. ``stroke_start``/``stroke_end``
    select the part of the path stroked (the progress ring). Create with
    :meth:`Engine.shape_layer`.

    The animatable properties (fill_color, stroke_color, line_width, miter_limit,
    line_dash_phase, stroke_start, stroke_end) animate implicitly; ``path`` only explicitly
    (RS-8.4): two paths of the same structure animate point by point, others switch half-way
    (RS-8.5).

    Example::

        ring = engine.shape_layer(path=lamina.Path.ellipse((0, 0, 80, 80)), fill_color=None,
                                  stroke_color=lamina.BLUE, line_width=6.0)
        ring.stroke_end = 0.75   # animates implicitly, like CAShapeLayer.strokeEnd
    """

    __slots__ = ()
    _KIND = LayerKind.SHAPE
    _PYPROPS = _table(_SHAPE_PROPS)
    _PRESENTATION = ShapePresentation

    path = _PathProp("path", """The path drawn, in layer space (Optional[Path]); None (the
        default) draws nothing. Animates only explicitly (RS-8.4, RS-8.5).

        Example: ``shape.path = lamina.Path.rect((0, 0, 40, 40))``""")
    fill_color = _ColorProp("fillColor", """The fill colour (Optional[Color]), opaque black
        by default; None does not fill (RS-8.1). Animatable.

        Example: ``shape.fill_color = None  # stroke only``""")
    fill_rule = _FillRuleProp("fillRule", """How the path's inside is decided (str):
        ``"non-zero"`` (the default) or ``"even-odd"`` (RS-8.1). Not animatable.

        Example: ``shape.fill_rule = "even-odd"``""")
    stroke_color = _ColorProp("strokeColor", """The stroke colour (Optional[Color]); None
        (the default) does not stroke (RS-8.3). Animatable.

        Example: ``shape.stroke_color = lamina.RED``""")
    line_width = _NumberProp("lineWidth", """The stroke width in points (float), 1 by
        default. Animatable.

        Example: ``shape.line_width = 4.0``""")
    line_cap = _LineCapProp("lineCap", """The ends of open subpaths and dashes (str):
        ``"butt"`` (the default), ``"round"`` or ``"square"``. Not animatable.

        Example: ``ring.line_cap = "round"``""")
    line_join = _LineJoinProp("lineJoin", """The corners of the stroke (str): ``"miter"``
        (the default), ``"round"`` or ``"bevel"``. Not animatable.

        Example: ``shape.line_join = "round"``""")
    miter_limit = _NumberProp("miterLimit", """A miter longer than miter_limit * line_width
        is bevelled instead (float), 10 by default (RS-8.6). Animatable.

        Example: ``shape.miter_limit = 2.0``""")
    line_dash_pattern = _NumbersProp("lineDashPattern", """On, off, ... lengths in points
        (Optional[List[float]]); None (the default) strokes a solid line. Not animatable.

        Example: ``shape.line_dash_pattern = [6.0, 3.0]``""")
    line_dash_phase = _NumberProp("lineDashPhase", """How far into the dash pattern the
        stroke starts, in points (float), 0 by default. Animatable (marching ants).

        Example: ``shape.line_dash_phase = 3.0``""")
    stroke_start = _NumberProp("strokeStart", """Where the stroke starts, as a fraction of the
        path's length (float), 0 by default (RS-8.3). Animatable.

        Example: ``shape.stroke_start = 0.25``""")
    stroke_end = _NumberProp("strokeEnd", """Where the stroke ends, as a fraction of the
        path's length (float), 1 by default (RS-8.3). Animatable: the progress ring.

        Example: ``ring.stroke_end = 0.5  # half the ring, animating implicitly``""")

    def presentation(self, at: Optional[float] = None) -> Optional[ShapePresentation]:
        """The shape layer's presentation at the engine's time or at ``at`` (None before its
        first commit), e.g. ``ring.presentation().stroke_end``."""
        return cast(Optional[ShapePresentation], Layer.presentation(self, at))


class GradientLayer(Layer):
    """A gradient layer (CAGradientLayer, RS-9): fills its bounds (in its rounded shape) with
    a gradient of ``colors`` at ``locations`` from ``start_point`` to ``end_point`` (unit space
    of the bounds), of ``type`` axial, radial or conic. Create with
    :meth:`Engine.gradient_layer`.

    ``colors``, ``locations``, ``start_point`` and ``end_point`` animate implicitly; two colour
    (or location) arrays of the same length interpolate element-wise, others switch half-way.

    Example::

        sky = engine.gradient_layer(bounds=(0, 0, 200, 100), colors=[lamina.BLUE, lamina.WHITE])
        sky.colors = [lamina.RED, lamina.BLUE]   # animates element-wise
    """

    __slots__ = ()
    _KIND = LayerKind.GRADIENT
    _PYPROPS = _table(_GRADIENT_PROPS)
    _PRESENTATION = GradientPresentation

    colors = _ColorsProp("colors", """The gradient's colours (Optional[List[Color]]); None
        (the default) or fewer than two draw no gradient (RS-9.3). Takes any sequence of
        colours (Color, (r, g, b) or (r, g, b, a)). Animatable.

        Example: ``sky.colors = [lamina.BLUE, (1.0, 1.0, 1.0)]``""")
    locations = _NumbersProp("locations", """The stops of the colours in [0, 1]
        (Optional[List[float]]); None (the default) spreads them evenly. Animatable.

        Example: ``sky.locations = [0.0, 0.8]``""")
    start_point = _PointProp("startPoint", """Where the gradient starts, in the unit space of
        the bounds (Point), (0.5, 0) by default (RS-9.5). Animatable.

        Example: ``sky.start_point = (0.0, 0.5)``""")
    end_point = _PointProp("endPoint", """Where the gradient ends, in the unit space of the
        bounds (Point), (0.5, 1) by default (RS-9.5). Animatable.

        Example: ``sky.end_point = (1.0, 0.5)``""")
    type = _GradientTypeProp("type", """The gradient's type (str): ``"axial"`` (the
        default), ``"radial"`` or ``"conic"``. Not animatable.

        Example: ``sky.type = "radial"``""")
    focal_offset = _PointProp("focalOffset", """A radial gradient's focal point (where it starts,
        SVG's fx/fy, Lottie's highlight) as an offset from ``start_point`` in the unit space of
        the bounds (Point), (0, 0) by default: the centre, as in Core Animation. A Lamina
        extension (RS-9.10); a point on or past the ellipse is drawn 0.99 of the way to it.
        Axial and conic gradients ignore it. Animatable.

        Example: ``glow.focal_offset = (0.2, -0.1)``""")

    def presentation(self, at: Optional[float] = None) -> Optional[GradientPresentation]:
        """The gradient layer's presentation at the engine's time or at ``at`` (None before
        its first commit), e.g. ``sky.presentation().colors``."""
        return cast(Optional[GradientPresentation], Layer.presentation(self, at))


class ReplicatorLayer(Layer):
    """A replicator layer (CAReplicatorLayer, RS-13): draws its own layer once and its
    sublayers ``instance_count`` times (RS-13.1). Instance k is transformed by
    ``instance_transform`` to the power k (about the anchor point, like a sublayer transform,
    RS-13.2), coloured by ``instance_color`` plus k times the offsets (clamped to [0, 1],
    RS-13.3) and shifted back in time by k * ``instance_delay`` (RS-13.4) — so one animation
    on a sublayer gives the staggered spinner. Hit testing sees instance 0 only (RS-13.5);
    ``preserves_depth`` is stored but Lamina flattens: the draw list gives the instances in
    order (RS-13.6). Create with :meth:`Engine.replicator_layer`.

    Example::

        spinner = engine.replicator_layer(bounds=(0, 0, 60, 60), instance_count=12,
                                          instance_transform=lamina.Transform3D.rotation(math.pi / 6),
                                          instance_delay=1 / 12)
        spinner.add_sublayer(engine.layer(bounds=(0, 0, 4, 12), position=(30, 6)))
    """

    __slots__ = ()
    _KIND = LayerKind.REPLICATOR
    _PYPROPS = _table(_REPLICATOR_PROPS)
    _PRESENTATION = ReplicatorPresentation

    instance_count = _IntProp("instanceCount", """How many times the sublayers are drawn
        (int), 1 by default; 0 draws none. An integer in 0...10000 (others raise
        InvalidArgumentError). Animatable in whole steps: a frame draws the floor of the
        animated value, clamped to 0...10000; an animation with a value outside that range
        raises InvalidArgumentError (RS-13.1).

        Example: ``spinner.instance_count = 12``""")
    instance_delay = _NumberProp("instanceDelay", """Seconds by which each instance's time
        lags the previous one's (float), 0 by default (RS-13.4). Animatable. An animation of a
        sublayer stays until the last instance has played it; an instance behind an implicit
        change shows the old value until its turn.

        Example: ``spinner.instance_delay = 0.1``""")
    instance_transform = _TransformProp("instanceTransform", """The transform applied once
        more to each next instance (Transform3D), identity by default. Animatable.

        Example: ``spinner.instance_transform = lamina.Transform3D.translation(20, 0)``""")
    instance_color = _SolidColorProp("instanceColor", """The colour instance 0 is multiplied
        by (Color), opaque white by default. Animatable.

        Example: ``spinner.instance_color = lamina.Color(1.0, 0.5, 0.5)``""")
    instance_red_offset = _NumberProp("instanceRedOffset", """Added to the red of the
        instance colour at each next instance (float), 0 by default. Animatable.

        Example: ``spinner.instance_red_offset = -0.1``""")
    instance_green_offset = _NumberProp("instanceGreenOffset", """Added to the green of the
        instance colour at each next instance (float), 0 by default. Animatable.

        Example: ``spinner.instance_green_offset = -0.1``""")
    instance_blue_offset = _NumberProp("instanceBlueOffset", """Added to the blue of the
        instance colour at each next instance (float), 0 by default. Animatable.

        Example: ``spinner.instance_blue_offset = -0.1``""")
    instance_alpha_offset = _NumberProp("instanceAlphaOffset", """Added to the alpha of the
        instance colour at each next instance (float), 0 by default. Animatable: a fading
        trail.

        Example: ``spinner.instance_alpha_offset = -1 / 12``""")
    preserves_depth = _BoolProp("preservesDepth", """Whether the instances keep their depth
        in 3D (bool), False by default. Stored only: Lamina flattens, the draw list gives the
        instances in order. Not animatable.

        Example: ``spinner.preserves_depth = False``""")

    def presentation(self, at: Optional[float] = None) -> Optional[ReplicatorPresentation]:
        """The replicator layer's presentation at the engine's time or at ``at`` (None before
        its first commit), e.g. ``spinner.presentation().instance_color``."""
        return cast(Optional[ReplicatorPresentation], Layer.presentation(self, at))


# --- text layers (issue 26, R15) -----------------------------------------------------------
class TextPresentation(Presentation):
    """A text layer's presentation: Layer's presentation properties and the text's, as on
    screen (an animating ``font_size`` reads its current value).

    Example: ``title.presentation().font_size``
    """

    __slots__ = ()

    string: _PProp[Optional[str]] = _PProp("string", "The string on screen (Optional[str]).")
    font: _PProp[str] = _PProp("font", "The font on screen (str).")
    font_size: _PProp[float] = _PNumberProp("fontSize", "The fontSize on screen (float).")
    foreground_color: _PProp[Optional[Color]] = _PProp(
        "foregroundColor", "The foregroundColor on screen (Optional[Color]).")
    alignment_mode: _PProp[str] = _PProp("alignmentMode", "The alignmentMode on screen (str).")
    wrapped: _PProp[bool] = _PProp("wrapped", "Whether the text wraps on screen (bool).")
    truncation_mode: _PProp[str] = _PProp("truncationMode", "The truncationMode on screen (str).")

    @property
    def layer(self) -> "TextLayer":
        """The model layer."""
        return cast(TextLayer, self._layer)


#: A piece of an attributed string: its text and the attributes it overrides ("font",
#: "font_size", "color"), e.g. ``("bold", {"font": "DejaVu Sans Bold"})``.
TextPiece = Tuple[str, Dict[str, Any]]


class _StringProp(_Prop[Optional[str], Union[None, str, bytes, Sequence[TextPiece]]]):
    """A text layer's ``string``: a str (plain text), None, UTF-8 bytes (checked by the
    library: invalid UTF-8 is InvalidArgumentError), or a list of ``(text, attrs)`` pieces (an
    attributed string: the pieces joined, and a run per piece with attributes)."""

    kind = "text"

    def __set__(self, layer: Any, value: Union[None, str, bytes, Sequence[TextPiece]]) -> None:
        pieces: Optional[Sequence[TextPiece]] = None
        if value is None or isinstance(value, str):
            v = to_c_value(value, C.VALUE_STRING, "string") if value is not None else None
        elif isinstance(value, (bytes, bytearray)):
            if b"\0" in value:
                raise ValueError("a text layer's string must not contain a NUL byte")
            v = C.Value()
            v.type, v.u.string = C.VALUE_STRING, bytes(value)
        else:
            pieces = list(value)
            for piece in pieces:
                if not (isinstance(piece, tuple) and len(piece) == 2 and isinstance(piece[0], str)
                        and isinstance(piece[1], dict)):
                    raise TypeError(f"'string' pieces are (text, attrs) tuples, not {piece!r}")
            v = to_c_value("".join(p[0] for p in pieces), C.VALUE_STRING, "string")
        if v is None:
            v = C.Value()
            v.type = C.VALUE_NULL
        C.lib.lamina_layer_set_value(layer._e(), layer._handle, self.key, byref(v))
        layer._set_pieces(pieces or [])


class _TextEnumProp(_EnumProp[str]):
    pass


def _c_runs(pieces: Sequence[TextPiece]) -> List["C.TextRun"]:
    """The C runs of attributed pieces: byte ranges in the joined UTF-8 string."""
    runs: List[C.TextRun] = []
    at = 0
    for text, attrs in pieces:
        n = len(text.encode("utf-8"))
        unknown = set(attrs) - {"font", "font_size", "color", "foreground_color"}
        if unknown:
            raise TypeError(f"unknown text attribute(s) {sorted(unknown)}; use font, font_size, color")
        if attrs:
            r = C.TextRun()
            r.start, r.length = at, n
            font = attrs.get("font")
            r.font = c_string(str(font), "a font") if font is not None else None
            size = attrs.get("font_size")
            r.font_size = float("nan") if size is None else float(size)
            color = attrs.get("color", attrs.get("foreground_color"))
            if color is not None:
                r.has_color = 1
                r.color = to_c_color(as_color(color))
            runs.append(r)
        at += n
    return runs


class TextLayer(Layer):
    """A text layer (CATextLayer, R15): draws ``string`` laid out by the engine's text layout
    provider (shaped with HarfBuzz, bidirectional, wrapped by UAX #14, with per-character font
    fallback, when :meth:`Engine.use_text_provider` registered liblamina-text), above its
    background and below its sublayers. ``font_size`` and ``foreground_color`` animate
    implicitly. Without a provider its records carry an empty layout with
    ``text_status == "no-provider"``. Create with :meth:`Engine.text_layer`.

    Example::

        engine.use_text_provider()
        title = engine.text_layer(string="Hello", font="DejaVu Sans", font_size=24,
                                  bounds=(0, 0, 200, 40), truncation_mode="end")
        title.preferred_frame_size()   # Size(width=..., height=...)
    """

    __slots__ = ()
    _KIND = LayerKind.TEXT
    _PYPROPS = _table(_TEXT_PROPS)
    _PRESENTATION = TextPresentation

    string = _StringProp("string", """The text (Optional[str]), None by default (nothing
        drawn). Takes a str, UTF-8 bytes (invalid UTF-8 raises InvalidArgumentError), or a
        list of ``(text, attrs)`` pieces whose attrs override "font", "font_size" and "color"
        for that piece (R15.2). Not animatable.

        Example: ``title.string = [("Bold ", {"font": "DejaVu Sans Bold"}), ("plain", {})]``""")
    font = _TextProp("font", """The font (str): a fontconfig family name or a font file's
        path, "Helvetica" by default (fontconfig's substitute for it). Not animatable.

        Example: ``title.font = "DejaVu Sans"``""")
    font_size = _NumberProp("fontSize", """The size in points (float), 36 by default; 0
        draws nothing, a negative size raises InvalidArgumentError. Animatable.

        Example: ``title.font_size = 24.0``""")
    foreground_color = _ColorProp("foregroundColor", """The text colour
        (Optional[Color]), opaque white by default. Animatable.

        Example: ``title.foreground_color = lamina.BLACK``""")
    alignment_mode = _TextEnumProp("alignmentMode", """How lines sit in the bounds' width
        (str): "natural" (the default: left, or right for right-to-left text), "left",
        "right", "center" or "justified". Not animatable.

        Example: ``title.alignment_mode = "center"``""")
    wrapped = _BoolProp("wrapped", """Whether lines wrap at the bounds' width by the Unicode
        line breaking rules (bool), False by default. Not animatable.

        Example: ``body.wrapped = True``""")
    truncation_mode = _TextEnumProp("truncationMode", """Where a line too wide for the
        bounds is cut with an ellipsis (str): "none" (the default), "start", "middle" or
        "end". Wrapped text is cut on the last line that fits the bounds' height. Not
        animatable.

        Example: ``title.truncation_mode = "end"``""")

    def _set_pieces(self, pieces: Sequence[TextPiece]) -> None:
        runs = _c_runs(pieces)
        arr = (C.TextRun * max(len(runs), 1))(*runs)
        C.lib.lamina_text_layer_set_runs(self._e(), self._handle, arr, len(runs))

    def preferred_frame_size(self, width: Optional[float] = None) -> Size:
        """The size the text lays out to (CATextLayer.preferredFrameSize, R15.7): the widest
        line and the lines' height at ``width`` (None: the bounds' width when wrapped,
        unlimited otherwise), from the model values, without truncation.

        Raises:
            NotFoundError: no text layout provider is registered.
            InvalidArgumentError: a width that is not > 0.

        Example: ``body.preferred_frame_size(width=240.0).height``
        """
        if width is not None and not (float(width) > 0):
            from ._errors import InvalidArgumentError
            raise self._named(InvalidArgumentError(1, "LAMINA_STATUS_INVALID_ARGUMENT",
                                                   f"the width must be > 0 (or None), got {width!r}"))
        out = C.Size()
        C.lib.lamina_text_layer_preferred_frame_size(self._e(), self._handle,
                                                     0.0 if width is None else float(width), byref(out))
        return from_c_size(out)

    @property
    def layout_count(self) -> int:
        """How many layouts this layer has asked its provider for (int): it grows only when
        an input of the layout changes (R15.6), e.g. ``title.layout_count``."""
        out = c_uint64()
        C.lib.lamina_text_layer_layout_count(self._e(), self._handle, byref(out))
        return int(out.value)

    def presentation(self, at: Optional[float] = None) -> Optional[TextPresentation]:
        """The text layer's presentation at the engine's time or at ``at`` (None before its
        first commit), e.g. ``title.presentation().font_size``."""
        return cast(Optional[TextPresentation], Layer.presentation(self, at))
