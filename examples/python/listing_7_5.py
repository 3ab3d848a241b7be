#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Listing 7.5: asking a view-backed layer for its backgroundColor action, the way
the book asks the view's actionForLayer:forKey:. Outside an animation block the answer is
"no action" (so changes jump, listing 7.4); inside a block it is an animation with the block's
duration and curve (ease in, ease out by default), CA-4.2, CA-4.3.
"""
import lamina
from lamina_trace import num


def action(layer, where):
    found = layer.action_for_key("backgroundColor")
    if found is None:
        print(f"{where}: no action")
    elif not isinstance(found, lamina.Animation):
        print(f"{where}: a custom action")
    else:
        text = f"{where}: an animation, duration {num(found.duration)}"
        curve = found.timing_function
        if curve is not None:
            text += f", curve ({num(curve.c1x)}, {num(curve.c1y)}, {num(curve.c2x)}, {num(curve.c2y)})"
        print(text)


print("listing 7.5: the view's action for backgroundColor, outside and inside a block")
with lamina.Engine() as engine:
    layer = engine.layer(view_backed=True, bounds=(0, 0, 100, 100))
    engine.tick(0.0)

    action(layer, "outside an animation block")
    with engine.animate(0.5):
        action(layer, "inside an animation block (duration 0.500)")
    action(layer, "after the block")
