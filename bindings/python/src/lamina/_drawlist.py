# SPDX-License-Identifier: Apache-2.0
"""The draw list as Python objects: DrawRecord (lamina_draw_record_t, docs/draw-records.md)
with its DrawShape and DrawGradient, DRAW_RECORD_FIELDS (the C record's layout), and the
reading of a C record's contents and layer-kind fields."""
from __future__ import annotations

from ctypes import c_void_p, cast, sizeof
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from . import _capi as C
from ._contents import Path, image_from_id
from ._filters import DrawFilter, blend_mode_name, from_c_draw_filter
from ._introspection import TransitionInfo
from ._keys import LayerKind
from ._layer import Layer
from ._types import (
    Color,
    FillRule,
    GradientType,
    LineCap,
    LineJoin,
    Point,
    Rect,
    Size,
    Transform3D,
    from_c_color,
    from_c_point,
    from_c_rect,
    from_c_size,
)


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
    #: A radial gradient's focal point in the unit space of the bounds: ``start_point`` plus
    #: the layer's ``focal_offset`` (RS-9.10), equal to ``start_point`` without one.
    focal_point: Point


@dataclass(frozen=True)
class TextGlyphRun:
    """Positioned glyphs of one face, size and colour in a text layer's :class:`DrawRecord`
    (lamina_text_glyph_run_t, R15.5). ``glyph_ids`` index the face ``face_index`` of the
    file ``font_path`` (``font_id`` names the pair); ``positions`` are each glyph's baseline
    origin in the layer's space (y down); ``size`` is in points; ``color`` is straight RGBA
    (always set in a record; in a Python provider's :class:`~lamina.TextLayout`, None means the layer's
    foregroundColor).

    Example: ``for run in record.text_runs: print(run.font_path, run.glyph_ids)``
    """

    font_id: int
    font_path: str
    face_index: int
    size: float
    glyph_ids: List[int]
    positions: List[Point]
    color: Optional[Color]
    line: int
    rtl: bool


@dataclass(frozen=True)
class TextLine:
    """One laid-out line of a text layer's :class:`DrawRecord` (lamina_text_line_t): its
    ``box`` in layer space (its advance and its line height), its ``baseline`` y, the UTF-8
    byte range ``start``/``length`` of the string it shows, and whether it was truncated.

    Example: ``[line.box for line in record.text_lines]``
    """

    box: Rect
    baseline: float
    start: int
    length: int
    truncated: bool


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
    #: allowsEdgeAntialiasing (RS-11.2; on by default in Lamina, docs/decisions.md).
    allows_edge_antialiasing: bool = True
    #: shouldRasterize (RS-11.3): a renderer may draw the subtree from a cached texture.
    should_rasterize: bool = False
    #: Texture pixels per point of a rasterized layer (RS-11.3).
    rasterization_scale: float = 1.0
    #: How the mask gates the layer (R16.9), on a record with a mask: "alpha",
    #: "alphaInverted", "luminance" or "luminanceInverted".
    mask_mode: str = "alpha"
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
    # Issue 25 (docs/draw-records.md section 12): a transition's old subtree (CA-10.2).
    #: While a transition runs: the records of the layer's sublayers' subtrees as they were
    #: when it was added, in painter's order, as if they stood in place of the layer's
    #: subtree (``transition_before.descendant_count`` of them); empty otherwise.
    transition_before_sublayers: Tuple["DrawRecord", ...] = ()
    # Issue 26 (docs/draw-records.md section 17): text layers (R15.5).
    #: A text layer's glyph runs, in layer space (empty for other kinds).
    text_runs: List[TextGlyphRun] = field(default_factory=list)
    #: A text layer's lines (empty for other kinds).
    text_lines: List[TextLine] = field(default_factory=list)
    #: A text layer's layout status: "ok", "no-provider" or "failed" (None for other kinds).
    text_status: Optional[str] = None
    #: Why a text layer's layout is empty ("" when it is not).
    text_message: str = ""
    #: A text layer's laid-out size (None for other kinds).
    text_size: Optional[Size] = None
    # Issue 32 (docs/draw-records.md section 18): filters (R19).
    #: The filters of the record's group, in order (R19.2); the record is then a group.
    filters: Tuple[DrawFilter, ...] = ()
    #: The filters of the backdrop under the record's bounds shape, in order (R19.5).
    background_filters: Tuple[DrawFilter, ...] = ()
    #: The blend mode the group composites with, by Core Image's name (R19.3); None: normal.
    blend_mode: Optional[str] = None
    #: Root-space points the filters spread ink beyond the group: 3 × Σσ of its blurs.
    filter_reach: float = 0.0
    #: Root-space points beyond the bounds shape the backdrop blur reads: 3 × Σσ.
    background_filter_reach: float = 0.0


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


_GRAVITIES = ["resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left",
              "right", "topLeft", "topRight", "bottomLeft", "bottomRight"]
_FILTERS = ["linear", "nearest", "trilinear"]


def _shared_path(elements: Any, count: int, shared: Optional[Dict[Any, Any]]) -> Path:
    """The Path of C elements at ``elements``: one object per side-data address within one
    list (``shared``), so a replicated record's instances share it as the C records share
    their side data (issue 31 item 6: a copy per instance of a 2^20-element path exhausted
    memory). Records of one list may therefore share a Path: copy one before changing it."""
    if shared is None:
        return Path.from_c(elements, count)
    key = (cast(elements, c_void_p).value, count)
    p = shared.get(key)
    if p is None:
        p = shared[key] = Path.from_c(elements, count)
    return p


#: R16.9: LAMINA_DRAW2_MASK_LUMINANCE (bit 9) and LAMINA_DRAW2_MASK_INVERTED (bit 10), as a name.
_MASK_MODES = ("alpha", "luminance", "alphaInverted", "luminanceInverted")


def _record_extras(r: Any, shared: Optional[Dict[Any, Any]] = None) -> Dict[str, Any]:
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
        shadow_path=_shared_path(r.shadow_path, r.shadow_path_count, shared) if r.shadow_path_count else None,
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
        allows_edge_antialiasing=bool(f2 & 128),
        should_rasterize=bool(f2 & 256),
        rasterization_scale=r.rasterization_scale,
        mask_mode=_MASK_MODES[(f2 >> 9) & 3],
        **_record_kind_fields(r, shared),
    )


# Records from a library that predates layer kinds end before these fields (struct_size).
_KIND_FIELDS_END = C.DrawRecord.gradient.offset + sizeof(c_void_p)


def _record_kind_fields(r: Any, shared: Optional[Dict[Any, Any]] = None) -> Dict[str, Any]:
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
        sh = r.shape[0]
        n = sh.line_dash_count
        out["shape"] = DrawShape(
            path=_shared_path(sh.path, sh.path_count, shared) if sh.path else Path(),
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
            focal_point=from_c_point(g.focal_point),
        )
    elif kind == C.LAYER_KIND_TEXT and r.struct_size >= _TEXT_FIELDS_END and r.text:
        out.update(_text_fields(r.text[0]))
    if r.struct_size >= _FILTER_FIELDS_END and r.filters:
        out.update(_filter_fields(r.filters[0]))
    return out


_TEXT_FIELDS_END = C.DrawRecord.text.offset + sizeof(c_void_p)
_FILTER_FIELDS_END = C.DrawRecord.filters.offset + sizeof(c_void_p)


def _filter_fields(f: Any) -> Dict[str, Any]:
    """A C record's filters as DrawRecord fields (copied: the buffers are the engine's)."""
    return dict(
        filters=tuple(from_c_draw_filter(f.filters[i]) for i in range(f.filter_count)),
        background_filters=tuple(from_c_draw_filter(f.background_filters[i]) for i in range(f.background_filter_count)),
        blend_mode=blend_mode_name(f.blend_mode),
        filter_reach=f.reach,
        background_filter_reach=f.background_reach,
    )


def _text_fields(t: Any) -> Dict[str, Any]:
    """A C text record as DrawRecord fields (copied: the buffers are the engine's)."""
    runs: List[TextGlyphRun] = []
    for i in range(t.run_count):
        r = t.runs[i]
        n = r.glyph_count
        runs.append(TextGlyphRun(
            font_id=r.font_id,
            font_path=(r.font_path or b"").decode("utf-8", "replace"),
            face_index=r.face_index,
            size=r.size,
            glyph_ids=[r.glyph_ids[k] for k in range(n)] if n else [],
            positions=[Point(r.positions[k].x, r.positions[k].y) for k in range(n)] if n else [],
            color=from_c_color(r.color),
            line=r.line_index,
            rtl=bool(r.flags & C.TEXT_RUN_RTL),
        ))
    lines = [TextLine(box=from_c_rect(t.lines[i].box), baseline=t.lines[i].baseline,
                      start=t.lines[i].start, length=t.lines[i].length,
                      truncated=bool(t.lines[i].flags & C.TEXT_LINE_TRUNCATED))
             for i in range(t.line_count)]
    status = C.TEXT_STATUSES[t.status] if 0 <= t.status < len(C.TEXT_STATUSES) else str(t.status)
    return dict(text_runs=runs, text_lines=lines, text_status=status,
                text_message=(t.message or b"").decode("utf-8", "replace"), text_size=from_c_size(t.size))


def _enum_name(names: Tuple[str, ...], value: int) -> str:
    """The CA name of a record's enumeration value (the number itself if unknown)."""
    return names[value] if 0 <= value < len(names) else str(value)


def _layer_kind(value: int) -> LayerKind:
    try:
        return LayerKind(value)
    except ValueError:
        return LayerKind.PLAIN
