#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A card driven by a pointer (R17), as lamina-viewer --gesture does it, with synthetic pointer
samples at 60 Hz: pressed at x = 0, dragged right at 1200 points per second (the card follows
with actions disabled), let go at t = 0.2: a decay at the pointer's velocity (its last three
samples' slope), toward the projection; below 300 pt/s a spring takes it, with its velocity,
into the slot nearest the projection (slots every 200 points). At t = 0.5 the pointer catches
it mid-flight, where it is seen, drags it back at 1500 pt/s and throws it the other way. The
trace prints the hand-offs and the card's x and velocity every 0.1 s: nothing jumps. (While
dragged the card has no animation, so its presentation velocity reads 0; the pointer's
velocity is what the release hands over.)
"""
import math

import lamina
from lamina_trace import num

print("drag: pressed at x=0, dragged at 1200 pt/s, flung at t=0.2, caught at t=0.5 and "
      "thrown back; slots every 200 pt")
with lamina.Engine() as engine:
    card = engine.layer(bounds=(0, 0, 80, 80), position=(0, 100))
    engine.tick(0.0)

    def seen(t):
        """The card's presentation x and x velocity at t."""
        p = card.presentation(at=t)
        return p.value("position.x"), p.velocity("position.x")

    def hold_at(x):
        """The card under the pointer: at x, no animation, actions disabled."""
        with engine.transaction(disable_actions=True):
            card.remove_animation("position")
            card.position = (x, 100)

    def fling(t, x, v):
        """Let go at x with velocity v: a fast decay toward the projection; returns the slot."""
        rest = lamina.decay_projection(x, v, lamina.DECELERATION_RATE_FAST)
        slot = 200.0 * math.floor(rest / 200.0 + 0.5)
        print(f"release at t={num(t)}: x={num(x)} velocity={num(v)} projection={num(rest)} slot={num(slot)}")
        with engine.transaction(disable_actions=True):
            card.position = (rest, 100)
            card.add_animation(lamina.DecayAnimation(
                "position.x", velocity=v, deceleration_rate=lamina.DECELERATION_RATE_FAST,
                from_value=x), "position")
        return slot

    spring = lamina.Spring(duration=0.4, bounce=0.2)
    samples = [0.0] * 91  # the pointer's x at each frame while it is down
    flinging, release_k, catch_k = False, -1, 30
    slot = caught_x = 0.0
    for k in range(1, 91):
        t = k / 60.0
        # Pointer events at t.
        if k <= 12:  # the drag right
            samples[k] = 1200.0 * t
            hold_at(samples[k])
        if k == catch_k:  # pressed mid-flight: it stops where it is seen
            x, v = seen(t)
            print(f"caught at t={num(t)}: x={num(x)} (moving at {num(v)})")
            caught_x = samples[k] = x
            hold_at(x)
            flinging = False
        if catch_k < k <= catch_k + 6:  # dragged back
            samples[k] = caught_x - 1500.0 * (t - catch_k / 60.0)
            hold_at(samples[k])
        if k in (12, 36):  # let go: the velocity of the last three samples
            v = (samples[k] - samples[k - 3]) / (t - (k - 3) / 60.0)
            slot = fling(t, samples[k], v)
            flinging, release_k = True, k
        # The hand-off: a slow fling is taken by the spring, keeping its velocity.
        sprung = False
        if flinging and k > release_k:
            before_x, before_v = seen(t)
            if abs(before_v) < 300:
                with engine.transaction(spring=spring):
                    card.position = (slot, 100)
                flinging, sprung = False, True
        engine.tick(t)
        if sprung:  # the spring began at t: where the decay was, as fast
            x, v = seen(t)
            print(f"spring at t={num(t)}: x={num(before_x)} -> {num(x)} "
                  f"velocity={num(before_v)} -> {num(v)}")
        if k % 6 == 0:
            x, v = seen(t)
            print(f"t={num(t)}: x={num(x)} velocity={num(v)}")
