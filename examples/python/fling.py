#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A card flung upward and caught (R17): released at y = 500 with -2400 points per second, it
decelerates as UIScrollView's content does, toward the projection where it would stop; at
t = 0.4 a spring catches it into the slot at y = 0, starting from where it is at the speed it
has. The trace prints the projection, then the card's y and its velocity every 0.1 s: the
velocity runs on without a jump through the catch.
"""
import lamina
from lamina_trace import num

print("fling: released at y=500 with -2400 pt/s, caught at t=0.4 by a spring into y=0")
with lamina.Engine() as engine:
    card = engine.layer(bounds=(0, 0, 100, 60), position=(50, 500))
    engine.tick(0.0)

    rest = lamina.decay_projection(500.0, -2400.0, lamina.DECELERATION_RATE_NORMAL)
    print(f"projection: y={num(rest)}")
    # The model holds where the fling ends; the decay plays the way there. Under the
    # property's name, so that the spring which catches it replaces it.
    with engine.transaction(disable_actions=True):
        card.set_value("position.y", rest)
        card.add_animation(lamina.DecayAnimation("position.y", velocity=-2400.0), "position")

    for k in range(0, 11):
        t = k / 10
        if k == 4:
            with engine.animate(spring=lamina.Spring(duration=0.4, bounce=0.2)):
                card.position = (50, 0)
            print("caught: spring to y=0")
        engine.tick(t)
        p = card.presentation()
        print(f"t={num(t)}: y={num(p.position.y)} velocity={num(p.velocity('position.y'))}")
