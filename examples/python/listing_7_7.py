#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Listing 7.7: tapping a moving layer. The handler hit tests the presentation
(where the layer is on screen now, CA-12.11): a tap on the layer changes its colour; a tap
elsewhere moves the layer there over 4 s. Mid-flight the model is already at the
destination, so hit testing the model (what CALayer's own hitTest: reads) would miss the
layer where the user sees it and find it where it is not yet; the trace prints both answers
for each tap.
"""
import itertools

import lamina
from lamina_trace import num, color


def point(p):
    return f"({num(p[0])}, {num(p[1])})"


print("listing 7.7: tapping a moving layer, hit testing its presentation")
with lamina.Engine() as engine:
    screen = engine.layer(bounds=(0, 0, 400, 400), position=(200, 200),
                          background_color=lamina.WHITE)
    box = engine.layer(bounds=(0, 0, 50, 50), position=(25, 200), background_color=lamina.RED)
    screen.add_sublayer(box)
    print("screen 400 x 400, box 50 x 50 at (25.000, 200.000)")

    # The book picks a random colour; a fixed sequence keeps the trace repeatable.
    colours = itertools.cycle([lamina.BLUE, lamina.GREEN])

    def name_of(layer):
        return "box" if layer == box else "screen" if layer == screen else "nothing"

    def tap(p):
        """The tap handler: hit test the presentation at the engine's time, as the book does."""
        now = engine.time
        shown = screen.hit_test(p, presentation=True, at=now)
        model = screen.hit_test(p, presentation=False, at=now)
        print(f"t={num(now)} tap at {point(p)}: presentation hit {name_of(shown)}, "
              f"model hit {name_of(model)}")
        if shown != model:
            print(f"  (hit testing the model would have found {name_of(model)})")
        if shown == box:
            c = next(colours)
            print(f"  -> change the box's colour to {color(c)}")
            box.background_color = c
        else:
            print("  -> move the box there over 4 s")
            with engine.transaction(duration=4.0):
                box.position = p

    def presented_position():
        return box.presentation().position

    def frame(t):
        engine.tick(t)
        print(f"t={num(t)} box on screen at {point(presented_position())} "
              f"(model {point(box.position)}) colour {color(box.presentation().background_color)}")

    frame(0.0)
    tap((375, 200))                # elsewhere: the box starts moving
    frame(1.0)
    frame(2.0)
    tap(presented_position())      # on the box where it is seen, mid-flight
    tap((375, 200))                # where the model already is, but the box is not
    frame(2.1)
    frame(2.25)
    frame(3.0)
    frame(4.0)
    tap((375, 200))                # arrived: both trees agree
    frame(4.1)
