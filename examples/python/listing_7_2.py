#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Listing 7.2: the same colour change inside a transaction whose animation
duration is 1 s (CA-2.7). The explicit commit publishes the change at once, with the
engine's time (0) as the animation's begin time; the presentation takes 1 s to reach blue.
"""
import lamina
from lamina_trace import num, color, keys


print("listing 7.2: the colour change inside a 1 s transaction")
with lamina.Engine() as engine:
    layer = engine.layer(bounds=(0, 0, 100, 100), background_color=lamina.RED)
    engine.tick(0.0)
    print(f"t=0.000 committed: presentation {color(layer.presentation().background_color)}")

    with engine.transaction(duration=1.0):
        layer.background_color = lamina.BLUE
    print(f"transaction (duration 1.000) committed: model {color(layer.background_color)}")

    for i in range(13):
        t = i * 0.1
        engine.tick(t)
        print(f"t={num(t)} presentation {color(layer.presentation().background_color)} "
              f"animations {keys(layer)}")
