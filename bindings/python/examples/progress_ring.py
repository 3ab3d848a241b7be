# SPDX-License-Identifier: Apache-2.0
"""A progress ring (issue 15): a shape layer (CAShapeLayer) strokes a circle, and its
``stroke_end`` shows the progress (RS-8.3). Each new progress value animates implicitly from
what is on screen, over half a second, as ``ring.strokeEnd = progress`` does on iOS.

Run it as ``python3 progress_ring.py [OUTPUT_DIR]``: it prints what is on screen at a few
times, and with an output directory also renders those frames as PNG files (with the reference
compositor, liblamina-gles)."""
import math
import os
import sys

import lamina

out_dir = sys.argv[1] if len(sys.argv) > 1 else None

with lamina.Engine() as engine:
    root = engine.layer(bounds=(0, 0, 120, 120), position=(60, 60), background_color=lamina.WHITE)
    circle = lamina.Path.ellipse((10, 10, 80, 80))
    # A grey track under the ring, and the ring itself: no fill, a round-capped blue stroke
    # that starts at 12 o'clock (the ellipse starts at 3 o'clock; turn it back a quarter).
    track = engine.shape_layer(bounds=(0, 0, 100, 100), position=(60, 60), path=circle,
                               fill_color=None, stroke_color=(0.88, 0.88, 0.9), line_width=10.0)
    ring = engine.shape_layer(bounds=(0, 0, 100, 100), position=(60, 60), path=circle,
                              fill_color=None, stroke_color=(0.1, 0.45, 1.0), line_width=10.0,
                              line_cap="round", stroke_end=0.0,
                              transform=lamina.Transform3D.rotation(-math.pi / 2))
    root.add_sublayer(track)
    root.add_sublayer(ring)
    engine.tick(0.0)  # the first commit: the ring is on screen, empty

    def set_progress(progress: float, t: float) -> None:
        """The app reports progress at time t: the ring animates there from where it is."""
        engine.tick(t)
        with engine.transaction(duration=0.5, timing="linear"):
            ring.stroke_end = progress
        engine.tick(t)  # the run-loop turn commits it: the animation begins at t (R2)
        print(f"t={t:.2f} progress {progress:.2f}")

    def show(t: float) -> None:
        engine.tick(t)
        shown = ring.presentation()
        assert shown is not None
        record = engine.draw_list(root)[2]  # root, track, ring
        assert record.layer == ring and record.shape is not None
        stroke = record.shape
        print(f"t={t:.2f}   on screen strokeEnd {shown.stroke_end:.3f} (model {ring.stroke_end:.2f}); "
              f"the record strokes {stroke.stroke_start:.3f}..{stroke.stroke_end:.3f} of the circle")
        if out_dir:
            name = os.path.join(out_dir, f"progress_ring_{round(t * 100):03d}.png")
            lamina.render(root, (120, 120), scale=1.0).save_png(name)

    set_progress(0.25, 0.0)
    show(0.25)
    show(0.5)
    set_progress(0.75, 1.0)
    show(1.25)
    show(1.5)
    set_progress(1.0, 2.0)
    show(2.25)
    show(2.5)
