# SPDX-License-Identifier: Apache-2.0
"""Listing 7.7: tapping a moving layer. A tap on the layer where it is on screen (its
presentation) changes its colour; a tap elsewhere moves it there over 4 s. The trace shows
that hit testing the model would have missed the moving layer."""
from typing import Tuple

import lamina

with lamina.Engine() as engine:
    root = engine.layer(bounds=(0, 0, 400, 400), position=(200, 200))
    box = engine.layer(bounds=(0, 0, 50, 50), position=(25, 25), background_color=lamina.RED)
    root.add_sublayer(box)
    engine.tick(0.0)

    def tap(point: Tuple[float, float], t: float) -> None:
        engine.tick(t)
        on_screen = root.hit_test(point, presentation=True)
        model = root.hit_test(point)
        print(f"t={t:.1f} tap {point}: presentation hits {'box' if on_screen is box else 'root'}, "
              f"model hits {'box' if model is box else 'root'}")
        if on_screen is box:
            box.background_color = lamina.BLUE
            print("  -> colour changes to blue")
        else:
            with engine.transaction(duration=4.0):
                box.position = point
            print(f"  -> moves to {point} over 4 s")
        engine.tick(t)  # the run-loop turn of the tap commits the change: it begins at t (R2)

    tap((325, 25), 0.0)   # elsewhere: the box starts moving
    engine.tick(2.0)
    shown = box.presentation()
    assert shown is not None  # None only before the box's first commit
    seen = shown.position    # where the viewer sees the box half-way through
    print(f"t=2.0 box on screen at ({seen.x:.1f}, {seen.y:.1f}), model at {tuple(box.position)}")
    tap((round(seen.x), round(seen.y)), 2.0)   # a tap on the moving box
    engine.tick(2.1)
    shown = box.presentation()
    assert shown is not None and shown.background_color is not None
    print("colour at 2.1 s:", tuple(round(v, 2) for v in shown.background_color))
