# SPDX-License-Identifier: Apache-2.0
"""Presentation: a layer's values as on screen at one time (CA-1.2), read through the typed
descriptors of lamina/_props.py."""
from __future__ import annotations

from ctypes import byref, c_double
from typing import TYPE_CHECKING, Any, List, Optional

from . import _capi as C
from ._contents import Image, Path
from ._keys import _PROPS, _key, _key_for
from ._filters import Filter
from ._props import _PFiltersProp, _PNameProp, _PNumberProp, _PPairProp, _PProp
from ._types import Color, Point, Rect, Size, Transform3D
from ._values import from_c_value

if TYPE_CHECKING:  # annotations only: lamina/_layer.py imports this module
    from ._layer import Layer


class Presentation:
    """A layer's presentation at one time: attribute access (``p.position``, ``p.opacity``)
    and ``p.value("position.x")`` / ``p["position.x"]`` give the values on screen.

    Example: ``p = layer.presentation(); p.opacity, p.position``
    """

    __slots__ = ("_layer", "_at")

    _layer: Layer
    _at: Optional[float]

    def __init__(self, layer: Layer, at: Optional[float] = None) -> None:
        self._layer = layer
        self._at = None if at is None else float(at)

    @property
    def layer(self) -> Layer:
        """The model layer."""
        return self._layer

    @property
    def frame(self) -> Rect:
        """The frame on screen, in the superlayer's space."""
        return self._layer.get_frame(presentation=True, at=self._at)

    # -- properties (typed, kept in step with _PROPS by tests/test_typing.py) ---------------
    bounds: _PProp[Rect] = _PProp("bounds", "The bounds on screen (Rect).")
    position: _PProp[Point] = _PPairProp("position", "The position on screen (Point).", Point)
    z_position: _PProp[float] = _PNumberProp("zPosition", "The zPosition on screen (float).")
    anchor_point: _PProp[Point] = _PPairProp("anchorPoint", "The anchorPoint on screen (Point).", Point)
    anchor_point_z: _PProp[float] = _PNumberProp("anchorPointZ", "The anchorPointZ on screen (float).")
    transform: _PProp[Transform3D] = _PProp("transform", "The transform on screen (Transform3D).")
    sublayer_transform: _PProp[Transform3D] = _PProp("sublayerTransform", "The sublayerTransform on screen (Transform3D).")
    hidden: _PProp[bool] = _PProp("hidden", "The hidden on screen (bool).")
    double_sided: _PProp[bool] = _PProp("doubleSided", "The doubleSided on screen (bool).")
    masks_to_bounds: _PProp[bool] = _PProp("masksToBounds", "The masksToBounds on screen (bool).")
    contents_rect: _PProp[Rect] = _PProp("contentsRect", "The contentsRect on screen (Rect).")
    contents_center: _PProp[Rect] = _PProp("contentsCenter", "The contentsCenter on screen (Rect).")
    contents_scale: _PProp[float] = _PNumberProp("contentsScale", "The contentsScale on screen (float).")
    background_color: _PProp[Optional[Color]] = _PProp("backgroundColor", "The backgroundColor on screen (Optional[Color]).")
    corner_radius: _PProp[float] = _PNumberProp("cornerRadius", "The cornerRadius on screen (float).")
    border_width: _PProp[float] = _PNumberProp("borderWidth", "The borderWidth on screen (float).")
    border_color: _PProp[Optional[Color]] = _PProp("borderColor", "The borderColor on screen (Optional[Color]).")
    opacity: _PProp[float] = _PNumberProp("opacity", "The opacity on screen (float).")
    shadow_color: _PProp[Optional[Color]] = _PProp("shadowColor", "The shadowColor on screen (Optional[Color]).")
    shadow_opacity: _PProp[float] = _PNumberProp("shadowOpacity", "The shadowOpacity on screen (float).")
    shadow_offset: _PProp[Size] = _PPairProp("shadowOffset", "The shadowOffset on screen (Size).", Size)
    shadow_radius: _PProp[float] = _PNumberProp("shadowRadius", "The shadowRadius on screen (float).")
    should_rasterize: _PProp[bool] = _PProp("shouldRasterize", "The shouldRasterize on screen (bool).")
    rasterization_scale: _PProp[float] = _PNumberProp("rasterizationScale", "The rasterizationScale on screen (float).")
    begin_time: _PProp[float] = _PNumberProp("beginTime", "The beginTime on screen (float).")
    speed: _PProp[float] = _PNumberProp("speed", "The speed on screen (float).")
    time_offset: _PProp[float] = _PNumberProp("timeOffset", "The timeOffset on screen (float).")
    duration: _PProp[float] = _PNumberProp("duration", "The duration on screen (float).")
    repeat_count: _PProp[float] = _PNumberProp("repeatCount", "The repeatCount on screen (float).")
    repeat_duration: _PProp[float] = _PNumberProp("repeatDuration", "The repeatDuration on screen (float).")
    autoreverses: _PProp[bool] = _PProp("autoreverses", "The autoreverses on screen (bool).")
    fill_mode: _PProp[str] = _PProp("fillMode", "The fillMode on screen (str).")
    name: _PNameProp = _PNameProp("name", "The name on screen (str).")
    contents: _PProp[Optional[Image]] = _PProp("contents", "The contents on screen (Optional[Image]).")
    contents_gravity: _PProp[str] = _PProp("contentsGravity", "The contentsGravity on screen (str).")
    minification_filter: _PProp[str] = _PProp("minificationFilter", "The minificationFilter on screen (str).")
    magnification_filter: _PProp[str] = _PProp("magnificationFilter", "The magnificationFilter on screen (str).")
    minification_filter_bias: _PProp[float] = _PNumberProp("minificationFilterBias", "The minificationFilterBias on screen (float).")
    masked_corners: _PProp[float] = _PNumberProp("maskedCorners", "The maskedCorners on screen (float).")
    corner_curve: _PProp[str] = _PProp("cornerCurve", "The cornerCurve on screen (str).")
    shadow_path: _PProp[Optional[Path]] = _PProp("shadowPath", "The shadowPath on screen (Optional[Path]).")
    allows_group_opacity: _PProp[bool] = _PProp("allowsGroupOpacity", "The allowsGroupOpacity on screen (bool).")
    geometry_flipped: _PProp[bool] = _PProp("geometryFlipped", "The geometryFlipped on screen (bool).")
    allows_edge_antialiasing: _PProp[bool] = _PProp("allowsEdgeAntialiasing", "The allowsEdgeAntialiasing on screen (bool).")
    edge_antialiasing_mask: _PProp[float] = _PNumberProp("edgeAntialiasingMask", "The edgeAntialiasingMask on screen (float).")
    opaque: _PProp[bool] = _PProp("opaque", "The opaque on screen (bool).")
    mask_mode: _PProp[str] = _PProp("maskMode", "The maskMode on screen (str; R16.9).")
    # Issue 32 (R19): the filters on screen, animated inputs included.
    filters: _PProp[List[Filter]] = _PFiltersProp("filters", "The filters on screen (List[Filter]; R19.4).")
    background_filters: _PProp[List[Filter]] = _PFiltersProp(
        "backgroundFilters", "The background filters on screen (List[Filter]; R19.4).")
    compositing_filter: _PProp[Optional[str]] = _PProp(
        "compositingFilter", "The compositingFilter on screen (Optional[str]; R19.3).")

    def value(self, key: str) -> Any:
        """The presentation value of a key or key path."""
        key = _key_for(key)
        v = C.Value()
        L = self._layer
        if self._at is None:
            C.lib.lamina_layer_get_presentation_value(L._e(), L._handle, _key(key), byref(v))
        else:
            C.lib.lamina_layer_get_presentation_value_at(L._e(), L._handle, _key(key), float(self._at), byref(v))
        val = from_c_value(v)
        if key == "name" and val is None:
            return ""
        return val

    __getitem__ = value

    def velocity(self, key: str) -> Any:
        """The time derivative of the presentation value of ``key`` at this snapshot's time,
        per second (R17.1): a float for numbers and transform components
        (``"transform.rotation.z"``), a Point, Size, Rect or Color by key. Zero while an
        animation is held or paused. Raises :class:`lamina.TypeMismatchError` for a key with
        no velocity and :class:`lamina.MisuseError` when an animation without a defined
        velocity (a keyframe path, a value function) drives it."""
        key = _key_for(key)
        L = self._layer
        at = self._at
        if at is None:
            now = c_double()
            C.lib.lamina_engine_get_time(L._e(), byref(now))
            at = now.value
        v = C.Value()
        C.lib.lamina_layer_get_presentation_velocity(L._e(), L._handle, _key(key), float(at), byref(v))
        return from_c_value(v)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name in _PROPS:
            return self.value(name)
        if name == "frame":
            return self._layer.get_frame(presentation=True, at=self._at)
        try:
            return self.value(name)
        except KeyError:
            raise AttributeError(name) from None

    def __repr__(self) -> str:
        return f"<lamina.{type(self).__name__} of {self._layer!r} at {self._at}>"
