# SPDX-License-Identifier: Apache-2.0
"""An animated gradient (issue 15): a gradient layer (CAGradientLayer) whose ``colors``
animate back and forth forever. Two colour arrays of the same length interpolate element by
element (RS-9), so the left end goes red -> blue and the right end blue -> green.

Run it as ``python3 animated_gradient.py [OUTPUT_DIR]``: it prints the colours on screen at a
few times, and with an output directory also renders those frames as PNG files (with the
reference compositor, liblamina-gles)."""
import os
import sys
from typing import Sequence

import lamina

out_dir = sys.argv[1] if len(sys.argv) > 1 else None


def fmt(colors: Sequence[lamina.Color]) -> str:
    return " ".join("(" + ", ".join(f"{v:.2f}" for v in c) + ")" for c in colors)


with lamina.Engine() as engine:
    # A horizontal axial gradient over the whole layer (start and end in unit space, RS-9.5).
    banner = engine.gradient_layer(bounds=(0, 0, 200, 80), position=(100, 40),
                                   colors=[lamina.RED, lamina.BLUE],
                                   start_point=(0.0, 0.5), end_point=(1.0, 0.5))
    engine.tick(0.0)
    shift = lamina.BasicAnimation("colors", from_value=[lamina.RED, lamina.BLUE],
                                  to_value=[lamina.BLUE, lamina.GREEN], duration=2.0,
                                  autoreverses=True, repeat_count=lamina.REPEAT_FOREVER,
                                  timing_function="linear")
    banner.add_animation(shift, "shift")
    engine.tick(0.0)  # the run-loop turn commits it: the animation begins at 0 (R2)
    for t in (0.0, 1.0, 2.0, 3.0, 4.0):
        engine.tick(t)
        shown = banner.presentation()
        assert shown is not None and shown.colors is not None
        record = engine.draw_list(banner)[0]
        assert record.gradient is not None
        print(f"t={t:.1f} colors {fmt(shown.colors)}; drawn {record.gradient.type} at "
              f"{', '.join(f'{x:.2f}' for x in record.gradient.locations)}")
        if out_dir:
            lamina.render(banner, (200, 80)).save_png(os.path.join(out_dir, f"animated_gradient_{t:.0f}.png"))
    print(f"model colors {fmt(banner.colors or [])}")  # the model never changed
