# SPDX-License-Identifier: Apache-2.0
"""A user script touching every public property with its type (issue 13 item 1).

``tools/typecheck.sh`` runs ``mypy --strict`` and ``pyright`` on it: each ``assert_type`` fails
type checking when a property's type is wrong or ``Any``. ``tests/test_typing.py`` runs it too
(so it stays correct at run time) and checks it names every property of the table.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Tuple

from typing_extensions import assert_type

import lamina


def main() -> None:
    with lamina.Engine() as engine:
        root = engine.layer(bounds=(0, 0, 100, 100))
        layer = engine.layer()
        root.add_sublayer(layer)
        # -- The constructors' keywords are typed (PEP 692, issue 30 item 8): under --strict an
        # unused ignore is an error, so each line below must be the error it names.
        if TYPE_CHECKING:
            engine.layer(backgroud_color=lamina.RED)  # type: ignore[call-arg]
            engine.layer(opacity="0.5")  # type: ignore[arg-type]
            engine.shape_layer(line_cap="flat")  # type: ignore[arg-type]
            engine.layer(stroke_end=0.5)  # type: ignore[call-arg]
        engine.shape_layer(stroke_end=0.5, line_cap="round", bounds=(0, 0, 1, 1))
        # -- Layer: every model property, read with its type and set with what it accepts

        assert_type(layer.bounds, lamina.Rect)
        assert_type(layer.position, lamina.Point)
        assert_type(layer.z_position, float)
        assert_type(layer.anchor_point, lamina.Point)
        assert_type(layer.anchor_point_z, float)
        assert_type(layer.transform, lamina.Transform3D)
        assert_type(layer.sublayer_transform, lamina.Transform3D)
        assert_type(layer.hidden, bool)
        assert_type(layer.double_sided, bool)
        assert_type(layer.masks_to_bounds, bool)
        assert_type(layer.contents_rect, lamina.Rect)
        assert_type(layer.contents_center, lamina.Rect)
        assert_type(layer.contents_scale, float)
        assert_type(layer.background_color, Optional[lamina.Color])
        assert_type(layer.corner_radius, float)
        assert_type(layer.border_width, float)
        assert_type(layer.border_color, Optional[lamina.Color])
        assert_type(layer.opacity, float)
        assert_type(layer.shadow_color, Optional[lamina.Color])
        assert_type(layer.shadow_opacity, float)
        assert_type(layer.shadow_offset, lamina.Size)
        assert_type(layer.shadow_radius, float)
        assert_type(layer.should_rasterize, bool)
        assert_type(layer.rasterization_scale, float)
        assert_type(layer.begin_time, float)
        assert_type(layer.speed, float)
        assert_type(layer.time_offset, float)
        assert_type(layer.duration, float)
        assert_type(layer.repeat_count, float)
        assert_type(layer.repeat_duration, float)
        assert_type(layer.autoreverses, bool)
        assert_type(layer.fill_mode, str)
        assert_type(layer.name, str)
        assert_type(layer.contents, Optional[lamina.Image])
        assert_type(layer.contents_gravity, str)
        assert_type(layer.minification_filter, str)
        assert_type(layer.magnification_filter, str)
        assert_type(layer.minification_filter_bias, float)
        assert_type(layer.masked_corners, float)
        assert_type(layer.corner_curve, str)
        assert_type(layer.shadow_path, Optional[lamina.Path])
        assert_type(layer.allows_group_opacity, bool)
        assert_type(layer.geometry_flipped, bool)
        assert_type(layer.allows_edge_antialiasing, bool)
        assert_type(layer.edge_antialiasing_mask, float)
        assert_type(layer.opaque, bool)
        assert_type(layer.mask_mode, str)
        assert_type(layer.filters, List[lamina.Filter])
        assert_type(layer.background_filters, List[lamina.Filter])
        assert_type(layer.compositing_filter, Optional[str])
        layer.bounds = (0.0, 0.0, 10.0, 10.0)
        layer.position = (1.0, 2.0)
        layer.z_position = 1.0
        layer.anchor_point = (1.0, 2.0)
        layer.anchor_point_z = 1.0
        layer.transform = lamina.IDENTITY
        layer.sublayer_transform = lamina.IDENTITY
        layer.hidden = False
        layer.double_sided = False
        layer.masks_to_bounds = False
        layer.contents_rect = (0.0, 0.0, 10.0, 10.0)
        layer.contents_center = (0.0, 0.0, 10.0, 10.0)
        layer.contents_scale = 1.0
        layer.background_color = (1.0, 0.0, 0.0)
        layer.corner_radius = 1.0
        layer.border_width = 1.0
        layer.border_color = (1.0, 0.0, 0.0)
        layer.opacity = 1.0
        layer.shadow_color = (1.0, 0.0, 0.0)
        layer.shadow_opacity = 1.0
        layer.shadow_offset = (1.0, 2.0)
        layer.shadow_radius = 1.0
        layer.should_rasterize = False
        layer.rasterization_scale = 1.0
        layer.autoreverses = False
        layer.fill_mode = "both"
        layer.name = "box"
        layer.minification_filter_bias = 1.0
        layer.masked_corners = 1.0
        layer.allows_group_opacity = False
        layer.geometry_flipped = False
        layer.allows_edge_antialiasing = False
        layer.edge_antialiasing_mask = 1.0
        layer.opaque = False
        layer.speed = 1.0
        layer.contents = None
        layer.contents_gravity = "center"
        layer.minification_filter = "nearest"
        layer.magnification_filter = "nearest"
        layer.corner_curve = "continuous"
        layer.mask_mode = "luminance"
        layer.filters = [lamina.Filter.gaussian_blur("blur", radius=2.0)]
        layer.background_filters = None
        layer.compositing_filter = "multiplyBlendMode"
        layer.shadow_path = None
        assert_type(layer.frame, lamina.Rect)
        layer.frame = (0.0, 0.0, 20.0, 20.0)
        assert_type(layer.mask, Optional[lamina.Layer])
        assert_type(layer.superlayer, Optional[lamina.Layer])
        assert_type(layer.sublayers, List[lamina.Layer])
        assert_type(layer.engine, lamina.Engine)
        assert_type(layer.alive, bool)
        assert_type(layer.has_presentation, bool)
        assert_type(layer.view_backed, bool)
        assert_type(layer.style, Optional[lamina.Style])
        assert_type(layer.animation_keys, List[str])
        assert_type(layer.value("position.x"), Any)
        engine.tick(0.0)
        # -- Presentation: every property, typed and read-only
        p = layer.presentation()
        assert p is not None
        assert_type(p.layer, lamina.Layer)
        assert_type(p.frame, lamina.Rect)

        assert_type(p.bounds, lamina.Rect)
        assert_type(p.position, lamina.Point)
        assert_type(p.z_position, float)
        assert_type(p.anchor_point, lamina.Point)
        assert_type(p.anchor_point_z, float)
        assert_type(p.transform, lamina.Transform3D)
        assert_type(p.sublayer_transform, lamina.Transform3D)
        assert_type(p.hidden, bool)
        assert_type(p.double_sided, bool)
        assert_type(p.masks_to_bounds, bool)
        assert_type(p.contents_rect, lamina.Rect)
        assert_type(p.contents_center, lamina.Rect)
        assert_type(p.contents_scale, float)
        assert_type(p.background_color, Optional[lamina.Color])
        assert_type(p.corner_radius, float)
        assert_type(p.border_width, float)
        assert_type(p.border_color, Optional[lamina.Color])
        assert_type(p.opacity, float)
        assert_type(p.shadow_color, Optional[lamina.Color])
        assert_type(p.shadow_opacity, float)
        assert_type(p.shadow_offset, lamina.Size)
        assert_type(p.shadow_radius, float)
        assert_type(p.should_rasterize, bool)
        assert_type(p.rasterization_scale, float)
        assert_type(p.begin_time, float)
        assert_type(p.speed, float)
        assert_type(p.time_offset, float)
        assert_type(p.duration, float)
        assert_type(p.repeat_count, float)
        assert_type(p.repeat_duration, float)
        assert_type(p.autoreverses, bool)
        assert_type(p.fill_mode, str)
        assert_type(p.name, str)
        assert_type(p.contents, Optional[lamina.Image])
        assert_type(p.contents_gravity, str)
        assert_type(p.minification_filter, str)
        assert_type(p.magnification_filter, str)
        assert_type(p.minification_filter_bias, float)
        assert_type(p.masked_corners, float)
        assert_type(p.corner_curve, str)
        assert_type(p.shadow_path, Optional[lamina.Path])
        assert_type(p.allows_group_opacity, bool)
        assert_type(p.geometry_flipped, bool)
        assert_type(p.allows_edge_antialiasing, bool)
        assert_type(p.edge_antialiasing_mask, float)
        assert_type(p.opaque, bool)
        assert_type(p.mask_mode, str)
        assert_type(p.filters, List[lamina.Filter])
        assert_type(p.background_filters, List[lamina.Filter])
        assert_type(p.compositing_filter, Optional[str])
        # -- transactions
        t = engine.current_transaction
        assert_type(t.duration, float)
        assert_type(t.timing_function, Optional[lamina.TimingFunction])
        assert_type(t.disable_actions, bool)
        assert_type(t.has_completion, bool)
        with engine.transaction(duration=0.5) as tx:
            assert_type(tx, lamina.Transaction)
            tx.duration = 0.5
            tx.disable_actions = False
            tx.timing_function = "ease-in"
            layer.opacity = 0.5
        # -- engine
        assert_type(engine.time, float)
        assert_type(engine.next_frame_time, float)
        assert_type(engine.closed, bool)
        assert_type(engine.in_view_animation, bool)
        # -- animations
        anim = lamina.BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=1.0)
        assert_type(anim.duration, float)
        assert_type(anim.begin_time, float)
        assert_type(anim.speed, float)
        assert_type(anim.time_offset, float)
        assert_type(anim.repeat_count, float)
        assert_type(anim.repeat_duration, float)
        assert_type(anim.autoreverses, bool)
        assert_type(anim.fill_mode, str)
        assert_type(anim.removed_on_completion, bool)
        assert_type(anim.key_path, Optional[str])
        assert_type(anim.additive, bool)
        assert_type(anim.cumulative, bool)
        assert_type(anim.value_function, Optional[str])
        spring = lamina.SpringAnimation("position.x", to_value=10.0)
        assert_type(spring.mass, float)
        assert_type(spring.stiffness, float)
        assert_type(spring.damping, float)
        assert_type(spring.initial_velocity, float)
        assert_type(spring.allows_overdamping, bool)
        key = lamina.KeyframeAnimation("opacity", [0.0, 1.0], key_times=[0.0, 1.0])
        assert_type(key.calculation_mode, str)
        assert_type(key.rotation_mode, Optional[str])
        transition = lamina.TransitionAnimation("push", "from-left")
        assert_type(transition.type, str)
        assert_type(transition.subtype, Optional[str])
        assert_type(transition.start_progress, float)
        assert_type(transition.end_progress, float)
        group = lamina.AnimationGroup([anim, spring], duration=1.0)
        layer.add_animation(group, "group")
        engine.tick(0.1)
        timing = layer.animation_timing("group")
        assert_type(timing.phase, str)
        assert_type(timing.contributing, bool)
        assert_type(timing.iteration, int)
        assert_type(timing.iteration_progress, float)
        assert_type(timing.active_duration, float)
        assert_type(timing.end_time, float)
        assert_type(timing.begin_time, Optional[float])
        # -- draw records
        for r in engine.draw_list(root):
            assert_type(r.layer, lamina.Layer)
            assert_type(r.depth, int)
            assert_type(r.descendant_count, int)
            assert_type(r.clip_index, Optional[int])
            assert_type(r.transform, lamina.Transform3D)
            assert_type(r.bounds, lamina.Rect)
            assert_type(r.clip_rect, Optional[lamina.Rect])
            assert_type(r.opacity, float)
            assert_type(r.corner_radius, float)
            assert_type(r.border_width, float)
            assert_type(r.background_color, Optional[lamina.Color])
            assert_type(r.border_color, Optional[lamina.Color])
            assert_type(r.shadow_color, Optional[lamina.Color])
            assert_type(r.shadow_opacity, float)
            assert_type(r.shadow_offset, lamina.Size)
            assert_type(r.shadow_radius, float)
            assert_type(r.masks_to_bounds, bool)
            assert_type(r.double_sided, bool)
            assert_type(r.transition, Optional[lamina.TransitionInfo])
            assert_type(r.contents_fade, float)
            assert_type(r.contents_dest, Optional[lamina.Rect])
            assert_type(r.contents_gravity, str)
            assert_type(r.masked_corners, int)
            assert_type(r.mask_index, Optional[int])
            assert_type(r.group, bool)
            assert_type(r.opaque, bool)
            assert_type(r.mask_mode, str)
            assert_type(r.transition_before, Optional[lamina.DrawRecord])
            assert_type(r.transition_before_sublayers, Tuple[lamina.DrawRecord, ...])
            assert_type(r.kind, lamina.LayerKind)
            assert_type(r.instance_index, int)
            assert_type(r.instance_color, lamina.Color)
            assert_type(r.shape, Optional[lamina.DrawShape])
            assert_type(r.gradient, Optional[lamina.DrawGradient])
            if r.shape is not None:
                assert_type(r.shape.path, lamina.Path)
                assert_type(r.shape.fill_color, Optional[lamina.Color])
                assert_type(r.shape.stroke_color, Optional[lamina.Color])
                assert_type(r.shape.fill_rule, lamina.FillRule)
                assert_type(r.shape.line_width, float)
                assert_type(r.shape.miter_limit, float)
                assert_type(r.shape.line_cap, lamina.LineCap)
                assert_type(r.shape.line_join, lamina.LineJoin)
                assert_type(r.shape.line_dash_pattern, Optional[List[float]])
                assert_type(r.shape.line_dash_phase, float)
                assert_type(r.shape.stroke_start, float)
                assert_type(r.shape.stroke_end, float)
            if r.gradient is not None:
                assert_type(r.gradient.type, lamina.GradientType)
                assert_type(r.gradient.colors, List[lamina.Color])
                assert_type(r.gradient.locations, List[float])
                assert_type(r.gradient.start_point, lamina.Point)
                assert_type(r.gradient.end_point, lamina.Point)
                assert_type(r.gradient.focal_point, lamina.Point)


if __name__ == "__main__":
    main()
