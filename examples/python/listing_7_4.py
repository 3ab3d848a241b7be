#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Listing 7.4: a view-backed layer (a UIView's backing layer) does not animate
under a plain transaction, even one with a 1 s duration: the view's action search answers
"no action" outside an animation block (CA-4.2, R11), so the colour jumps. The presentation
equals the model as soon as the transaction commits, and no animation is attached.
"""
import lamina
from lamina_trace import num, color, keys


def state(layer, when):
    model = layer.background_color
    shown = layer.presentation().background_color
    same = "(same)" if model == shown else "(different)"
    print(f"{when}: model {color(model)} presentation {color(shown)} {same} "
          f"animations {keys(layer)}")


print("listing 7.4: a view-backed layer's colour jumps in a plain transaction")
with lamina.Engine() as engine:
    layer = engine.layer(view_backed=True, bounds=(0, 0, 100, 100), background_color=lamina.RED)
    engine.tick(0.0)
    state(layer, "t=0.000 committed")

    with engine.transaction(duration=1.0):
        layer.background_color = lamina.BLUE
    state(layer, "t=0.000 transaction (duration 1.000) committed")

    engine.tick(0.5)
    state(layer, "t=0.500")
