#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A sheet opened by a drag (R17.9-R17.17): a property animator moves it from y = 500 to
y = 100; the drag pauses it and scrubs it to 40 % (linearly, as UIKit scrubs), then lets go
with the sheet flung back: reversed, the animator heads home from where the sheet is, with its
ease-in-out curve, and its completion hears that it ended at the start. The trace prints the
scrubbed positions, then the fraction and y every 0.05 s until the animator is inactive.
"""
import lamina
from lamina_trace import num

print("animator: a sheet opened by a drag, let go at 40 % and flung back")
with lamina.Engine() as engine:
    sheet = engine.layer(bounds=(0, 0, 300, 200), position=(150, 500))
    engine.tick(0.0)

    a = engine.animator(duration=0.6, curve="ease-in-out")
    a.add_animations(lambda: setattr(sheet, "position", (150, 100)))
    a.add_completion(lambda at: print(f"completion: ended at the {at}"))
    a.pause()  # the drag begins: active and paused at the start
    for k in range(1, 5):
        a.fraction_complete = k / 10
        print(f"drag: fraction={num(a.fraction_complete)} y={num(sheet.presentation().position.y)}")

    a.reversed = True  # flung back: home from where it is
    a.continue_animation()
    print(f"released: fraction={num(a.fraction_complete)} y={num(sheet.presentation().position.y)} "
          f"state={a.state}")
    for k in range(1, 1001):
        t = k * 0.05
        engine.tick(t)
        print(f"t={num(t)}: fraction={num(a.fraction_complete)} y={num(sheet.presentation().position.y)} "
              f"state={a.state}")
        if a.state == "inactive":
            break
    print(f"model: y={num(sheet.position.y)}")
