# SPDX-License-Identifier: Apache-2.0
"""Animations begin at their commit (issue 8 item 1: R1, R2, CA-2.14, CA-5.3)."""
import math

import pytest

import lamina


def _sleeping_host(e):
    l = e.layer(opacity=1.0)
    e.tick(0.0)
    e.tick(0.1)  # host draws, then sleeps
    assert e.next_frame_time == math.inf
    return l


def _animates_over_5_to_5_25(l):
    assert l.presentation().opacity == 1.0
    mid = l.presentation(at=5.125).opacity
    assert 0.05 < mid < 0.95
    assert l.presentation(at=5.25).opacity == 0.0


def test_r2_implicit_change_while_asleep_animates_from_the_next_tick():
    with lamina.Engine() as e:
        l = _sleeping_host(e)
        l.opacity = 0.0  # input at wall time 5.0
        e.tick(5.0)
        _animates_over_5_to_5_25(l)


def test_r2_explicit_begin_commit_between_ticks_begins_at_the_next_tick():
    with lamina.Engine() as e:
        l = _sleeping_host(e)
        e.begin()
        l.opacity = 0.0
        e.commit()
        assert l.presentation().opacity == 1.0  # published, holding its start value
        e.tick(5.0)
        _animates_over_5_to_5_25(l)


def test_r1_a_callable_clock_stamps_every_commit():
    now = [0.0]
    with lamina.Engine(clock=lambda: now[0]) as e:
        l = e.layer(opacity=1.0)
        e.tick()
        now[0] = 0.1
        e.tick()
        assert e.time == 0.1
        now[0] = 5.0
        with e.transaction():
            l.opacity = 0.0
        assert e.time == 5.0
        _animates_over_5_to_5_25(l)
        # The implicit form: tick() without a time reads the clock.
        l.corner_radius = 3.0
        now[0] = 5.1
        e.tick()
        assert e.time == 5.1
        assert l.presentation().corner_radius == 0.0


def test_r1_the_monotonic_clock():
    with lamina.Engine(clock="monotonic") as e:
        before = lamina.clock_now()
        e.tick()
        assert e.time >= before
        assert e.clock == "monotonic"
        e.clock = None
        assert e.clock is None
    with lamina.Engine(clock=lamina.clock_now) as e:
        e.tick()
        assert e.time >= before


def test_r1_bad_clocks():
    with pytest.raises(TypeError, match="clock must be"):
        lamina.Engine(clock=42)

    def broken():
        raise RuntimeError("clock failed")

    with lamina.Engine(clock=broken) as e:
        with pytest.raises(RuntimeError, match="clock failed"):
            e.tick()
