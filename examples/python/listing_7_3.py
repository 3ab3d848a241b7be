#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Listing 7.3: a transaction's completion callback rotates the layer by 90
degrees once the colour change has finished.

The colour animates over the transaction's 1 s. The completion runs during the tick that
finishes the animation, after its transaction was popped (CA-2.11), so the rotation it makes
uses the settings in effect then: the default 0.25 s, not the popped transaction's 1 s. The
rotation commits at the next tick, 1.05, and begins there (R2: time moves, then the commit).
"""
import math

import lamina
from lamina_trace import num, color, keys


print("listing 7.3: a completion rotates the layer after the colour change")
with lamina.Engine() as engine:
    layer = engine.layer(bounds=(0, 0, 100, 100), background_color=lamina.RED)
    engine.tick(0.0)

    def rotate_when_done():
        duration = engine.current_transaction.duration
        print(f"completion ran at t={num(engine.time)}: duration in effect {num(duration)}, "
              "set transform.rotation.z = pi/2")
        layer["transform.rotation.z"] = math.pi / 2

    with engine.transaction(duration=1.0, completion=rotate_when_done):
        layer.background_color = lamina.BLUE
    print("transaction (duration 1.000, with a completion) committed")

    for t in (0.0, 0.25, 0.5, 0.75, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3):
        engine.tick(t)  # the completion runs inside a tick
        shown = layer.presentation()
        print(f"t={num(t)} colour {color(shown.background_color)} "
              f"rotation.z {num(shown['transform.rotation.z'])} animations {keys(layer)}")
