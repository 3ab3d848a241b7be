#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Listing 7.1: a standalone layer's colour change animates implicitly.

The layer is committed first (a layer that was never committed has no presentation and does
not animate, CA-1.2). Setting its backgroundColor afterwards makes the built-in implicit
animation run over the default 0.25 s with the default curve (0.25, 0.1, 0.25, 1), CA-3.7.
The trace shows the model (the new value at once) and the presentation frame by frame.
"""
import lamina
from lamina_trace import num, color, keys


print("listing 7.1: a standalone layer's colour change animates implicitly")
with lamina.Engine() as engine:
    layer = engine.layer(bounds=(0, 0, 100, 100), background_color=lamina.RED)
    engine.tick(0.0)  # commits the layer: it now has a presentation
    print(f"t=0.000 committed: presentation {color(layer.presentation().background_color)}")

    layer.background_color = lamina.BLUE
    print(f"set backgroundColor: model {color(layer.background_color)} at once")

    for i in range(7):
        t = i * 0.05
        engine.tick(t)  # the first tick commits the change
        print(f"t={num(t)} presentation {color(layer.presentation().background_color)} "
              f"animations {keys(layer)}")
