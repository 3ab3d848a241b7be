# SPDX-License-Identifier: Apache-2.0
"""A replicator spinner (issue 15): a replicator layer (CAReplicatorLayer) draws one bar
twelve times around its centre (``instance_transform`` a twelfth of a turn, RS-13), and ONE
opacity animation on the bar, staggered by ``instance_delay``, makes the bright bar go round:
instance k runs the animation k / 12 s late.

Run it as ``python3 replicator_spinner.py [OUTPUT_DIR]``: it prints each bar's opacity in the
draw list at a few times, and with an output directory also renders those frames as PNG files
(with the reference compositor, liblamina-gles)."""
import math
import os
import sys

import lamina

out_dir = sys.argv[1] if len(sys.argv) > 1 else None
COUNT = 12

with lamina.Engine() as engine:
    root = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), background_color=lamina.WHITE)
    spinner = engine.replicator_layer(bounds=(0, 0, 100, 100), position=(50, 50),
                                      instance_count=COUNT, instance_delay=1.0 / COUNT,
                                      instance_transform=lamina.Transform3D.rotation(2 * math.pi / COUNT))
    # The bar at 12 o'clock; instances k = 1...11 are turned k twelfths about the centre.
    bar = engine.layer(bounds=(0, 0, 8, 22), position=(50, 17), corner_radius=4.0,
                       background_color=(0.2, 0.2, 0.25), opacity=0.0)
    spinner.add_sublayer(bar)
    root.add_sublayer(spinner)
    engine.tick(0.0)
    fade = lamina.BasicAnimation("opacity", from_value=1.0, to_value=0.0, duration=1.0,
                                 repeat_count=lamina.REPEAT_FOREVER, timing_function="linear")
    bar.add_animation(fade, "fade")
    engine.tick(0.0)  # the run-loop turn commits it: the animation begins at 0 (R2)
    for t in (0.55, 1.3, 2.05):  # times between instance starts (k / 12 s)
        # One record per instance of the bar, in instance order; an instance that is fully
        # transparent (opacity 0: not started yet, the model value) has no record at all.
        shown = {r.instance_index: r.opacity for r in engine.draw_list(root, at=t) if r.layer == bar}
        opacities = [shown.get(k, 0.0) for k in range(COUNT)]
        brightest = opacities.index(max(opacities))
        print(f"t={t:.2f} {len(shown)} of {COUNT} bars drawn, opacities "
              + " ".join(f"{o:.2f}" for o in opacities) + f"; brightest: instance {brightest}")
        if out_dir:
            lamina.render(root, (100, 100), at=t).save_png(
                os.path.join(out_dir, f"replicator_spinner_{round(t * 100):03d}.png"))
