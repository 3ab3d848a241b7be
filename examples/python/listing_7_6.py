#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Listing 7.6: a custom action in the layer's actions dictionary. A push
transition from the left is set as the action for backgroundColor, so changing the colour
runs the transition instead of the implicit colour fade (CA-3.10, CA-10.2): the new colour
pushes the old one out. The trace shows the transition's progress and the two colours a
renderer composites, the old ("before") and the new (the presentation).
"""
import lamina
from lamina_trace import num, color, keys


# The transition names as the C and Swift versions print them.
TYPE_NAMES = {"fade": "fade", "move-in": "moveIn", "push": "push", "reveal": "reveal"}
SUBTYPE_NAMES = {None: "none", "from-left": "fromLeft", "from-right": "fromRight",
                 "from-top": "fromTop", "from-bottom": "fromBottom"}

print("listing 7.6: a push transition from the left as the layer's backgroundColor action")
with lamina.Engine() as engine:
    layer = engine.layer(bounds=(0, 0, 100, 100), background_color=lamina.RED)
    engine.tick(0.0)

    layer.set_action("backgroundColor", lamina.TransitionAnimation("push", "from-left"))
    print("actions[backgroundColor] = push transition from the left")

    layer.background_color = lamina.GREEN
    print("set backgroundColor to rgba(0.000, 1.000, 0.000, 1.000)")

    for i in range(7):
        t = i * 0.05
        engine.tick(t)
        line = f"t={num(t)}"
        transition = layer.transition(at=t)
        if transition is not None:
            line += (f" transition {TYPE_NAMES.get(transition.type, '?')}"
                     f" {SUBTYPE_NAMES.get(transition.subtype, '?')}"
                     f" progress {num(transition.progress)}"
                     f" before {color(layer.transition_before_value('backgroundColor', at=t))}"
                     f" after {color(layer.presentation().background_color)}")
        else:
            line += f" no transition, presentation {color(layer.presentation().background_color)}"
        print(f"{line} animations {keys(layer)}")
