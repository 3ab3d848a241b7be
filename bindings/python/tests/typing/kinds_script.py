# SPDX-License-Identifier: Apache-2.0
"""The user script of issue 15's layer kinds: every property of ShapeLayer, GradientLayer and
ReplicatorLayer, their presentations and the draw records' shape and gradient data, typed.

``tools/typecheck.sh`` runs ``mypy --strict`` and ``pyright`` on it (as on user_script.py): each
``assert_type`` fails type checking when a property's type is wrong or ``Any``, and each line
of :func:`wrong_types` must be a type error. ``tests/test_typing.py`` runs :func:`main` and
checks it names every property of the kinds' tables.
"""
from __future__ import annotations

from typing import List, Optional

from typing_extensions import assert_type

import lamina


def main() -> None:
    """Issue 15: shape, gradient and replicator layers, every property typed."""
    with lamina.Engine() as engine:
        root = engine.layer(bounds=(0, 0, 100, 100))
        assert_type(root.kind, lamina.LayerKind)
        # -- ShapeLayer
        shape = engine.shape_layer(bounds=(0.0, 0.0, 50.0, 50.0))
        assert_type(shape, lamina.ShapeLayer)
        assert_type(shape.kind, lamina.LayerKind)
        root.add_sublayer(shape)
        assert_type(shape.path, Optional[lamina.Path])
        assert_type(shape.fill_color, Optional[lamina.Color])
        assert_type(shape.fill_rule, lamina.FillRule)
        assert_type(shape.stroke_color, Optional[lamina.Color])
        assert_type(shape.line_width, float)
        assert_type(shape.line_cap, lamina.LineCap)
        assert_type(shape.line_join, lamina.LineJoin)
        assert_type(shape.miter_limit, float)
        assert_type(shape.line_dash_pattern, Optional[List[float]])
        assert_type(shape.line_dash_phase, float)
        assert_type(shape.stroke_start, float)
        assert_type(shape.stroke_end, float)
        shape.path = lamina.Path.ellipse((0.0, 0.0, 50.0, 50.0))
        shape.fill_color = None
        shape.fill_rule = "even-odd"
        shape.stroke_color = (0.0, 0.0, 1.0)
        shape.line_width = 4.0
        shape.line_cap = "round"
        shape.line_join = "bevel"
        shape.miter_limit = 4.0
        shape.line_dash_pattern = [3.0, 2.0]
        shape.line_dash_phase = 1.0
        shape.stroke_start = 0.0
        shape.stroke_end = 0.5
        # -- GradientLayer
        gradient = engine.gradient_layer(bounds=(0.0, 0.0, 50.0, 50.0))
        assert_type(gradient, lamina.GradientLayer)
        root.add_sublayer(gradient)
        assert_type(gradient.colors, Optional[List[lamina.Color]])
        assert_type(gradient.locations, Optional[List[float]])
        assert_type(gradient.start_point, lamina.Point)
        assert_type(gradient.end_point, lamina.Point)
        assert_type(gradient.type, lamina.GradientType)
        assert_type(gradient.focal_offset, lamina.Point)
        gradient.colors = [lamina.RED, (0.0, 0.0, 1.0)]
        gradient.locations = [0.0, 1.0]
        gradient.start_point = (0.0, 0.5)
        gradient.end_point = (1.0, 0.5)
        gradient.type = "radial"
        gradient.focal_offset = (0.25, 0.0)
        # -- ReplicatorLayer
        replicator = engine.replicator_layer(bounds=(0.0, 0.0, 50.0, 50.0))
        assert_type(replicator, lamina.ReplicatorLayer)
        root.add_sublayer(replicator)
        assert_type(replicator.instance_count, int)
        assert_type(replicator.instance_delay, float)
        assert_type(replicator.instance_transform, lamina.Transform3D)
        assert_type(replicator.instance_color, lamina.Color)
        assert_type(replicator.instance_red_offset, float)
        assert_type(replicator.instance_green_offset, float)
        assert_type(replicator.instance_blue_offset, float)
        assert_type(replicator.instance_alpha_offset, float)
        assert_type(replicator.preserves_depth, bool)
        replicator.instance_count = 3
        replicator.instance_delay = 0.1
        replicator.instance_transform = lamina.Transform3D.translation(10.0, 0.0)
        replicator.instance_color = (1.0, 1.0, 1.0)
        replicator.instance_red_offset = -0.1
        replicator.instance_green_offset = -0.1
        replicator.instance_blue_offset = -0.1
        replicator.instance_alpha_offset = -0.1
        replicator.preserves_depth = False
        replicator.add_sublayer(engine.layer(bounds=(0.0, 0.0, 5.0, 5.0)))
        # -- a text layer (issue 26), typed (no provider: its layout is empty)
        text = engine.text_layer(bounds=(0.0, 0.0, 80.0, 20.0))
        assert_type(text, lamina.TextLayer)
        assert_type(text.string, Optional[str])
        assert_type(text.font_size, float)  # read before the sets: checkers narrow after one
        assert_type(text.wrapped, bool)
        text.string = "Hi"
        text.font_size = 12.0
        text.foreground_color = lamina.BLACK
        text.alignment_mode = "center"
        text.wrapped = True
        text.truncation_mode = "end"
        root.add_sublayer(text)
        engine.tick(0.0)
        # -- presentations, typed per kind
        sp = shape.presentation()
        assert sp is not None
        assert_type(sp, lamina.ShapePresentation)
        assert_type(sp.layer, lamina.ShapeLayer)
        assert_type(sp.path, Optional[lamina.Path])
        assert_type(sp.fill_color, Optional[lamina.Color])
        assert_type(sp.fill_rule, lamina.FillRule)
        assert_type(sp.stroke_color, Optional[lamina.Color])
        assert_type(sp.line_width, float)
        assert_type(sp.line_cap, lamina.LineCap)
        assert_type(sp.line_join, lamina.LineJoin)
        assert_type(sp.miter_limit, float)
        assert_type(sp.line_dash_pattern, Optional[List[float]])
        assert_type(sp.line_dash_phase, float)
        assert_type(sp.stroke_start, float)
        assert_type(sp.stroke_end, float)
        assert_type(sp.opacity, float)
        gp = gradient.presentation()
        assert gp is not None
        assert_type(gp, lamina.GradientPresentation)
        assert_type(gp.layer, lamina.GradientLayer)
        assert_type(gp.colors, Optional[List[lamina.Color]])
        assert_type(gp.locations, Optional[List[float]])
        assert_type(gp.start_point, lamina.Point)
        assert_type(gp.end_point, lamina.Point)
        assert_type(gp.type, lamina.GradientType)
        assert_type(gp.focal_offset, lamina.Point)
        rp = replicator.presentation()
        assert rp is not None
        assert_type(rp, lamina.ReplicatorPresentation)
        assert_type(rp.layer, lamina.ReplicatorLayer)
        assert_type(rp.instance_count, int)
        assert_type(rp.instance_delay, float)
        assert_type(rp.instance_transform, lamina.Transform3D)
        assert_type(rp.instance_color, lamina.Color)
        assert_type(rp.instance_red_offset, float)
        assert_type(rp.instance_green_offset, float)
        assert_type(rp.instance_blue_offset, float)
        assert_type(rp.instance_alpha_offset, float)
        assert_type(rp.preserves_depth, bool)
        # -- draw records of the kinds (the shape and gradient data are read, typed)
        seen = set()
        for r in engine.draw_list(root):
            seen.add(r.kind)
            if r.shape is not None:
                assert_type(r.shape.path, lamina.Path)
                assert_type(r.shape.line_dash_pattern, Optional[List[float]])
                assert_type(r.shape.stroke_end, float)
            if r.gradient is not None:
                assert_type(r.gradient.colors, List[lamina.Color])
                assert_type(r.gradient.locations, List[float])
            if r.kind is lamina.LayerKind.TEXT:
                assert_type(r.text_runs, List[lamina.TextGlyphRun])
                assert_type(r.text_lines, List[lamina.TextLine])
                assert r.text_status == "no-provider"
        assert seen == set(lamina.LayerKind)


def wrong_types(plain: lamina.Layer, shape: lamina.ShapeLayer, gradient: lamina.GradientLayer,
                replicator: lamina.ReplicatorLayer) -> None:
    """Never called: each line is a type error (mypy --strict fails on an unused ignore), so
    the checkers see the kinds' names, enumerations and element types."""
    plain.stroke_end = 1.0  # type: ignore[attr-defined]
    shape.instance_count = 2  # type: ignore[attr-defined]
    gradient.path = None  # type: ignore[attr-defined]
    shape.fill_rule = "sideways"  # type: ignore[assignment]
    shape.line_cap = "flat"  # type: ignore[assignment]
    shape.line_join = "sharp"  # type: ignore[assignment]
    shape.line_dash_pattern = ["3"]  # type: ignore[list-item]
    gradient.type = "diamond"  # type: ignore[assignment]
    gradient.colors = [1.0, 2.0]  # type: ignore[list-item]
    replicator.instance_count = 2.5  # type: ignore[assignment]
    replicator.instance_color = None  # type: ignore[assignment]


if __name__ == "__main__":
    main()
