#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A progress ring: a shape layer strokes a circle, and its strokeEnd animates implicitly from
0 to 0.75 inside a 1 s transaction (RS-8.3, RS-8.4). The trace prints the presentation's
strokeEnd as the ring fills and, half-way, the shape a renderer receives in the draw list.
"""
import lamina
from lamina_trace import num, keys


def circle(cx, cy, r):
    """A circle of radius r about (cx, cy) from its top, clockwise on a y-down screen: four
    cubic quarter arcs (k = 0.5523 r puts the midpoints on the circle)."""
    k = 0.5522847498307936 * r
    return (lamina.Path()
            .move_to((cx, cy - r))
            .curve_to((cx + k, cy - r), (cx + r, cy - k), (cx + r, cy))
            .curve_to((cx + r, cy + k), (cx + k, cy + r), (cx, cy + r))
            .curve_to((cx - k, cy + r), (cx - r, cy + k), (cx - r, cy))
            .curve_to((cx - r, cy - k), (cx - k, cy - r), (cx, cy - r))
            .close())


def put_draw_list(engine, ring, t):
    """The ring's draw record at `t` (mid-animation): what a renderer strokes."""
    records = engine.draw_list(ring, at=t)
    shape = records[0].shape
    elements = len(shape.path.elements) if shape else 0
    print(f"  draw list: {len(records)} record, kind {records[0].kind}, "
          f"path of {elements} elements")
    if shape:
        fills = shape.fill_color is not None
        strokes = (shape.stroke_color is not None and shape.line_width > 0
                   and shape.stroke_start < shape.stroke_end)
        print(f"  fill {'yes' if fills else 'no'}, stroke {'yes' if strokes else 'no'}, "
              f"line width {num(shape.line_width)}, "
              f"cap {'round' if shape.line_cap == 'round' else 'other'}, "
              f"stroke {num(shape.stroke_start)} to {num(shape.stroke_end)}")


print("progress ring: strokeEnd animates implicitly from 0 to 0.75")
with lamina.Engine() as engine:
    # No fill: only the ring's stroke shows.
    ring = engine.shape_layer(bounds=(0, 0, 100, 100), position=(50, 50), path=circle(50, 50, 40),
                              fill_color=None, stroke_color=(0.2, 0.5, 1, 1), line_width=8,
                              line_cap="round", stroke_end=0)
    engine.tick(0.0)

    with engine.transaction(duration=1.0):
        ring.stroke_end = 0.75
    for i in range(5):
        t = i * 0.25
        engine.tick(t)
        print(f"t={num(t)} strokeEnd {num(ring.presentation().stroke_end)} animations {keys(ring)}")
        if i == 2:
            put_draw_list(engine, ring, t)
