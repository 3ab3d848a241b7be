#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""An animated gradient: a gradient layer's two colours change inside a 1 s transaction and
interpolate element by element (RS-9.1, RS-9.9); the trace prints the presentation's colours
and, half-way, the gradient a renderer receives, its stops spread evenly when locations is nil
(RS-9.4).
"""
import lamina
from lamina_trace import num, color


def colors(cs):
    return "nil" if cs is None else "[" + ", ".join(color(c) for c in cs) + "]"


def put_draw_list(engine, layer, t):
    """The gradient's draw record at `t` (mid-animation): what a renderer fills."""
    records = engine.draw_list(layer, at=t)
    print(f"  draw list: {len(records)} record, kind {records[0].kind}")
    g = records[0].gradient
    if g:
        stops = ", ".join(num(x) for x in g.locations)
        print(f"  {'axial' if g.type == 'axial' else 'other'} gradient of {len(g.colors)} stops "
              f"at [{stops}] from ({num(g.start_point.x)}, {num(g.start_point.y)}) "
              f"to ({num(g.end_point.x)}, {num(g.end_point.y)}): {colors(g.colors)}")


print("gradient: two colours change over 1 s, left to right")
with lamina.Engine() as engine:
    gradient = engine.gradient_layer(bounds=(0, 0, 200, 100), position=(100, 50),
                                     start_point=(0, 0.5), end_point=(1, 0.5),
                                     colors=[(1, 0, 0, 1), (0, 0, 1, 1)])
    engine.tick(0.0)

    with engine.transaction(duration=1.0):
        gradient.colors = [(1, 1, 0, 1), (0, 0.5, 0, 1)]
    for i in range(3):
        t = i * 0.5
        engine.tick(t)
        print(f"t={num(t)} colors {colors(gradient.presentation().colors)}")
        if i == 1:
            put_draw_list(engine, gradient, t)
