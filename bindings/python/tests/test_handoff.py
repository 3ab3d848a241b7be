# SPDX-License-Identifier: Apache-2.0
"""A property changed every frame moves (R6, CA-3.9, CA-7.1).

Each new animation starts from what is on screen when it begins: the replaced animation's value
at the new begin time. The loops are the ones hosts run — change, then tick, at 60 and 120 Hz,
with hand-driven time, a host clock, a flush or an explicit transaction between the change and
the tick — checked against the projection the host could make before the change (continuity)
and against a reference chain of linear animations written out here.
"""
import math

import pytest

import lamina

TOL = 1e-9


class Chain:
    """Linear 0.25 s animations, each from the previous one's value at its begin time."""

    def __init__(self, value):
        self.start, self.end, self.begin = value, value, -math.inf

    def value(self, t):
        x = (t - self.begin) / 0.25
        if not x < 1:
            return self.end
        return self.start + (self.end - self.start) * max(x, 0.0)

    def retarget(self, target, t):
        self.start, self.end, self.begin = self.value(t), target, t


def target(k):
    return 100 * math.sin(k / 10) + 100


@pytest.mark.parametrize("hz", [60, 120])
@pytest.mark.parametrize("driver", ["tick", "clock", "flush", "transaction"])
def test_set_then_tick_every_frame_follows_the_target(hz, driver):
    now = [0.0]
    with lamina.Engine(clock=(lambda: now[0]) if driver == "clock" else None) as e:
        layer = e.layer(bounds=(0, 0, 10, 10), position=(0, 0))
        e.tick() if driver == "clock" else e.tick(0.0)
        chain = Chain(0.0)
        for k in range(1, 31):
            t = k / hz
            projected = layer.presentation(at=t).position.x
            now[0] = t
            if driver == "transaction":
                with e.transaction(timing="linear"):
                    layer.position = (target(k), 0)
            else:
                e.current_transaction.timing_function = "linear"
                layer.position = (target(k), 0)
                if driver == "flush":
                    e.flush()
            e.tick() if driver == "clock" else e.tick(t)
            chain.retarget(target(k), t)
            shown = layer.presentation().position.x
            assert abs(shown - projected) <= TOL, f"frame {k}: jumped from {projected} to {shown}"
            assert abs(shown - chain.value(t)) <= TOL
            mid = t + 0.5 / hz
            assert abs(layer.presentation(at=mid).position.x - chain.value(mid)) <= TOL
        assert layer.presentation().position.x > 40  # a frozen chain stays at 0


def test_the_issues_loop_no_longer_freezes():
    e = lamina.Engine()
    l = e.layer(bounds=(0, 0, 10, 10), position=(0, 0))
    e.tick(0.0)
    for k in range(1, 31):
        l.position = (100 * math.sin(k / 10) + 100, 0)
        e.tick(k / 60)
    assert abs(l.position.x - 114.112) < 1e-3
    # The target turned back at frame 16: the presentation trails it from above.
    assert l.position.x < l.presentation().position.x < l.position.x + 20


def test_monotonic_clock_and_tick_now_move():
    with lamina.Engine(clock="monotonic") as e:
        l = e.layer(bounds=(0, 0, 10, 10), position=(0, 0))
        e.tick()
        for k in range(1, 31):
            l.position = (10.0 * k, 0)
            e.tick()
        # Whatever the real frame times were, the layer left its first start value.
        assert l.presentation().position.x > 0


def test_explicit_animation_without_values_every_frame():
    """CA-7.1's all-nil case: from the screen at its begin to the live model value."""
    with lamina.Engine() as e:
        l = e.layer(position=(0, 0))
        e.tick(0.0)
        chain = Chain(0.0)
        for k in range(1, 31):
            t = k / 60
            projected = l.presentation(at=t).position.x
            e.current_transaction.disable_actions = True
            l.position = (target(k), 0)
            l.add_animation(lamina.BasicAnimation("position", duration=0.25), "drag")
            e.tick(t)
            chain.retarget(target(k), t)
            assert abs(l.presentation().position.x - projected) <= TOL
            assert abs(l.presentation(at=t + 1 / 120).position.x - chain.value(t + 1 / 120)) <= TOL


def test_pending_commit_reports_its_begin_time_as_pending():
    with lamina.Engine() as e:
        l = e.layer(opacity=1.0)
        e.tick(0.0)
        l.opacity = 0.5
        e.flush()
        assert l.animation_timing("opacity").begin_time is None
        e.tick(0.5)
        assert l.animation_timing("opacity").begin_time == 0.5
