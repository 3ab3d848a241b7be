# SPDX-License-Identifier: Apache-2.0
"""The layer constructors' keyword arguments as TypedDicts (PEP 692): ``engine.layer(**props)``
takes ``Unpack[LayerProperties]``, so a misspelt property or a wrong value type fails a type
checker. Generated from the property descriptors by tools/gen_props_typeddict.py; do not edit.
Read by type checkers only (nothing here runs).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, Callable, Optional, Sequence, Union

    from typing_extensions import TypedDict

    from ._contents import Image, Path
    from ._filters import Filter
    from ._kinds import TextPiece
    from ._props import TransformLike
    from ._style import Style
    from ._types import (ColorLike, FillRule, GradientType, LineCap, LineJoin, PointLike,
                         RectLike, SizeLike)

    class LayerProperties(TypedDict, total=False):
        """The keyword arguments of the Layer constructor: its settable properties."""

        allows_edge_antialiasing: bool
        allows_group_opacity: bool
        anchor_point: PointLike
        anchor_point_z: float
        autoreverses: bool
        background_color: Optional[ColorLike]
        background_filters: Optional[Sequence[Filter]]
        begin_time: float
        border_color: Optional[ColorLike]
        border_width: float
        bounds: RectLike
        compositing_filter: Optional[str]
        contents: Optional[Image]
        contents_center: RectLike
        contents_gravity: str
        contents_rect: RectLike
        contents_scale: float
        corner_curve: str
        corner_radius: float
        delegate: Optional[Callable[..., Any]]
        double_sided: bool
        duration: float
        edge_antialiasing_mask: float
        fill_mode: str
        filters: Optional[Sequence[Filter]]
        frame: RectLike
        geometry_flipped: bool
        hidden: bool
        magnification_filter: str
        mask_mode: str
        masked_corners: float
        masks_to_bounds: bool
        minification_filter: str
        minification_filter_bias: float
        name: Optional[str]
        opacity: float
        opaque: bool
        position: PointLike
        rasterization_scale: float
        repeat_count: float
        repeat_duration: float
        shadow_color: Optional[ColorLike]
        shadow_offset: SizeLike
        shadow_opacity: float
        shadow_path: Optional[Path]
        shadow_radius: float
        should_rasterize: bool
        speed: float
        style: Optional[Style]
        sublayer_transform: TransformLike
        time_offset: float
        transform: TransformLike
        view_backed: bool
        z_position: float

    class ShapeLayerProperties(LayerProperties, total=False):
        """The keyword arguments of the ShapeLayer constructor: its settable properties."""

        fill_color: Optional[ColorLike]
        fill_rule: FillRule
        line_cap: LineCap
        line_dash_pattern: Optional[Sequence[float]]
        line_dash_phase: float
        line_join: LineJoin
        line_width: float
        miter_limit: float
        path: Optional[Path]
        stroke_color: Optional[ColorLike]
        stroke_end: float
        stroke_start: float

    class GradientLayerProperties(LayerProperties, total=False):
        """The keyword arguments of the GradientLayer constructor: its settable properties."""

        colors: Optional[Sequence[ColorLike]]
        end_point: PointLike
        focal_offset: PointLike
        locations: Optional[Sequence[float]]
        start_point: PointLike
        type: GradientType

    class ReplicatorLayerProperties(LayerProperties, total=False):
        """The keyword arguments of the ReplicatorLayer constructor: its settable properties."""

        instance_alpha_offset: float
        instance_blue_offset: float
        instance_color: ColorLike
        instance_count: int
        instance_delay: float
        instance_green_offset: float
        instance_red_offset: float
        instance_transform: TransformLike
        preserves_depth: bool

    class TextLayerProperties(LayerProperties, total=False):
        """The keyword arguments of the TextLayer constructor: its settable properties."""

        alignment_mode: str
        font: str
        font_size: float
        foreground_color: Optional[ColorLike]
        string: Union[None, str, bytes, Sequence[TextPiece]]
        truncation_mode: str
        wrapped: bool
