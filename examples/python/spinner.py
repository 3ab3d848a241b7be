#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A replicator spinner: one dot, replicated eight times around the centre by a rotation of
45 degrees per instance, and one opacity animation that each instance plays 0.125 s after the
one before it (RS-13). The trace prints, from the draw list at t = 0.5, each instance's index,
the centre of its dot and its opacity.
"""
import math

import lamina
from lamina_trace import num

print("spinner: 8 instances, 0.125 s apart, one opacity animation")
with lamina.Engine() as engine:
    spinner = engine.replicator_layer(bounds=(0, 0, 100, 100), position=(50, 50),
                                      instance_count=8, instance_delay=0.125,
                                      instance_transform=lamina.Transform3D.rotation(2 * math.pi / 8))
    dot = engine.layer(bounds=(0, 0, 10, 10), position=(50, 10),
                       background_color=(0.2, 0.2, 0.2, 1))
    spinner.add_sublayer(dot)
    engine.tick(0.0)

    # Fades from 1 to 0.25 each second, forever, linearly (no timing function); added at
    # t = 0, it begins at the commit.
    fade = lamina.BasicAnimation("opacity", from_value=1.0, to_value=0.25, duration=1.0,
                                 repeat_count=lamina.REPEAT_FOREVER)
    dot.add_animation(fade, "fade")
    engine.tick(0.0)

    engine.tick(0.5)
    records = engine.draw_list(spinner, at=0.5)
    print(f"draw list at t=0.500: {len(records)} records")
    for r in records[1:]:
        c = r.transform.apply((5, 5))
        print(f"  instance {r.instance_index}: dot at ({num(c.x)}, {num(c.y)}), "
              f"opacity {num(r.opacity)}")
