# SPDX-License-Identifier: Apache-2.0
"""Property names and keys: the Python name -> (CA key, kind) table of each layer kind, the
value type each key holds, and LayerKind. Shared by layers, presentations, transactions and
the engine's batch calls.
"""
from __future__ import annotations

import enum
from typing import Dict, Tuple

from . import _capi as C
from ._types import c_string


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
    # Issue 28 (R16.9): how the mask gates the layer.
    "mask_mode": ("maskMode", "value"),
    # Issue 32 (R19): filters, background filters and the blend mode.
    "filters": ("filters", "filters"),
    "background_filters": ("backgroundFilters", "filters"),
    "compositing_filter": ("compositingFilter", "value"),
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
    "focal_offset": ("focalOffset", "point"),
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
#: Text layers (issue 26, R15.2).
_TEXT_PROPS: Dict[str, Tuple[str, str]] = {
    "string": ("string", "text"),
    "font": ("font", "text"),
    "font_size": ("fontSize", "number"),
    "foreground_color": ("foregroundColor", "color"),
    "alignment_mode": ("alignmentMode", "enum"),
    "wrapped": ("wrapped", "bool"),
    "truncation_mode": ("truncationMode", "enum"),
}
#: Every Python property name of every kind -> (key, kind): what set_value("stroke_end") and
#: the batch calls translate (a name of another kind reaches the library, which says
#: UNKNOWN_KEY).
_ALL_PROPS: Dict[str, Tuple[str, str]] = {**_PROPS, **_SHAPE_PROPS, **_GRADIENT_PROPS, **_REPLICATOR_PROPS,
                                          **_TEXT_PROPS}
_KIND_HINT = {"number": C.VALUE_NUMBER, "point": C.VALUE_POINT, "size": C.VALUE_SIZE,
              "rect": C.VALUE_RECT, "color": C.VALUE_COLOR, "transform": C.VALUE_TRANSFORM,
              "bool": C.VALUE_BOOL, "string": C.VALUE_STRING, "text": C.VALUE_STRING,
              "enum": C.VALUE_STRING, "int": C.VALUE_NUMBER, "solid_color": C.VALUE_COLOR,
              "numbers": C.VALUE_NUMBER_ARRAY, "colors": C.VALUE_COLOR_ARRAY,
              "filters": C.VALUE_FILTER_ARRAY}
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
    #: A text layer (CATextLayer, R15; issue 26).
    TEXT = C.LAYER_KIND_TEXT


def _key_for(name: str) -> str:
    """A Python property name ("background_color", "stroke_end") or a key path
    ("position.x")."""
    entry = _ALL_PROPS.get(name)
    return entry[0] if entry else name
