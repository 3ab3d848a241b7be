# SPDX-License-Identifier: Apache-2.0
"""Interaction (R17): presentation velocity against a central finite difference of the
presentation, springs that retarget with continuous position and velocity, scroll physics
against their closed forms, and bad input."""
import math

import pytest

import lamina
from lamina._presentation import Presentation

H = 1e-6  # the finite difference's step: truncation ~H², rounding ~1e-16/H, both << REL
REL = 1e-5  # the stated tolerance: relative, absolute below 1


def components(v):
    if isinstance(v, (int, float)):
        return [float(v)]
    if isinstance(v, lamina.Point):
        return [v.x, v.y]
    if isinstance(v, lamina.Color):
        return [v.r, v.g, v.b, v.a]
    raise TypeError(v)


def difference(layer, key, t):
    a = components(layer.presentation(at=t + H).value(key))
    b = components(layer.presentation(at=t - H).value(key))
    return [(x - y) / (2 * H) for x, y in zip(a, b)]


def assert_matches(layer, key, times):
    for t in times:
        v = components(layer.presentation(at=t).velocity(key))
        d = difference(layer, key, t)
        for a, b in zip(v, d):
            assert abs(a - b) <= REL * max(1.0, abs(b)), (key, t, v, d)


def test_implicit_velocity_matches_difference(engine):
    layer = engine.layer(background_color=lamina.Color(0, 0, 1, 0.5))
    engine.tick(0.0)
    with engine.transaction(duration=1.0):
        layer.position = (100, -40)
        layer.opacity = 0.2
        layer.background_color = lamina.Color(1, 0.5, 0, 1)
    engine.tick(0.0)
    times = [0.013, 0.1, 0.4, 0.77]
    for key in ("position", "opacity", "background_color", "position.x"):
        assert_matches(layer, key, times)
    v = layer.presentation(at=0.4).velocity("position")
    assert isinstance(v, lamina.Point) and v.x > 10
    assert isinstance(layer.presentation(at=0.4).velocity("opacity"), float)
    assert isinstance(layer.presentation(at=0.4).velocity("background_color"), lamina.Color)


def test_velocity_at_current_time_and_zero_when_still(engine):
    layer = engine.layer()
    engine.tick(0.0)
    with engine.transaction(duration=1.0):
        layer.position = (100, 0)
    engine.tick(0.0)
    engine.tick(0.5)
    assert layer.presentation().velocity("position") == layer.presentation(at=0.5).velocity("position")
    engine.tick(2.0)
    assert layer.presentation().velocity("position") == lamina.Point(0, 0)


def test_spring_keyframe_and_additive_velocities(engine):
    layer = engine.layer()
    engine.tick(0.0)
    layer.add_animation(lamina.SpringAnimation("position.x", from_value=0, to_value=200, damping=5,
                                               initial_velocity=3), "s")
    kf = lamina.KeyframeAnimation("position.y", values=[0, 50, -20, 80], calculation_mode="cubic",
                                  duration=1.0, additive=True)
    layer.add_animation(kf, "k")
    engine.tick(0.0)
    assert_matches(layer, "position", [0.05, 0.3, 0.55, 0.9])


def test_velocity_errors(engine):
    layer = engine.layer()
    assert layer.presentation() is None  # never committed: no presentation, no velocity
    with pytest.raises(lamina.NoPresentationError):
        Presentation(layer).velocity("position")
    engine.tick(0.0)
    p = layer.presentation()
    with pytest.raises(lamina.TypeMismatchError, match="no velocity"):
        p.velocity("hidden")
    with pytest.raises(lamina.TypeMismatchError, match="decomposed parts"):
        p.velocity("transform")
    with pytest.raises(lamina.UnknownKeyError):
        p.velocity("nonsense")
    with pytest.raises(lamina.InvalidArgumentError):
        layer.presentation(at=math.nan).velocity("position")
    assert p.velocity("transform.rotation.z") == 0.0


def handoff(engine, layer, retarget):
    with engine.animate(spring=lamina.Spring(duration=0.5, bounce=0.2)):
        layer.position = (300, 0)
    engine.tick(0.0)
    engine.tick(0.2)
    t1 = 0.2 + 1 / 60
    before = layer.presentation(at=t1).velocity("position")
    p_before = layer.presentation(at=t1).position
    retarget()
    engine.tick(t1)
    after = layer.presentation(at=t1).velocity("position")
    p_after = layer.presentation(at=t1).position
    speed = math.hypot(before.x, before.y)
    assert speed > 100
    assert math.hypot(after.x - before.x, after.y - before.y) <= 1e-6 * speed, (before, after)
    assert math.hypot(p_after.x - p_before.x, p_after.y - p_before.y) <= 1e-9


def test_spring_retarget_keeps_velocity_animate(engine):
    layer = engine.layer()
    engine.tick(0.0)

    def retarget():
        with engine.animate(spring=lamina.Spring(duration=0.3)):
            layer.position = (-100, 80)

    handoff(engine, layer, retarget)


def test_spring_retarget_keeps_velocity_transaction(engine):
    layer = engine.layer()
    engine.tick(0.0)

    def retarget():
        with engine.transaction(spring=lamina.Spring(mass=1, stiffness=300, damping=20)) as t:
            assert t.spring == lamina.Spring(mass=1, stiffness=300, damping=20)
            layer.position = (-100, 80)

    handoff(engine, layer, retarget)
    engine.tick(10.0)
    assert layer.presentation().position == lamina.Point(-100, 80)


def test_spring_validation(engine):
    with pytest.raises(lamina.InvalidArgumentError):
        lamina.Spring(duration=-1)
    with pytest.raises(lamina.InvalidArgumentError):
        with engine.transaction(spring=lamina.Spring(damping=0)):
            pass
    with pytest.raises(lamina.InvalidArgumentError):
        with engine.transaction(spring=lamina.Spring(mass=math.nan)):
            pass
    with pytest.raises(ValueError):
        lamina.Spring(duration=0.5, damping=3)
    with pytest.raises(TypeError):
        with engine.animate(1.0, spring=lamina.Spring()):
            pass
    assert engine.current_transaction.spring is None


def test_decay_and_rubber_band():
    v0, x0 = 2000.0, 50.0
    for t in (0.0, 0.1, 0.5, 2.0):
        x, v = lamina.decay_sample(x0, v0, t)
        assert abs(x - (x0 + v0 * (0.998 ** (1000 * t) - 1) / (1000 * math.log(0.998)))) < 1e-9
        assert abs(v - v0 * 0.998 ** (1000 * t)) < 1e-9 * v0
    end = lamina.decay_projection(x0, v0)
    assert abs(end - (x0 - v0 / (1000 * math.log(0.998)))) < 1e-9
    assert lamina.decay_projection(x0, v0, lamina.DECELERATION_RATE_FAST) < end
    t_stop = lamina.decay_duration(v0, threshold=0.5)
    assert abs(lamina.decay_sample(x0, v0, t_stop)[1] - 0.5) < 1e-9
    assert abs(lamina.rubber_band(1e-6, 500) / 1e-6 - 0.55) < 1e-6
    assert lamina.rubber_band(1e9, 500) < 500
    assert lamina.rubber_band(-100, 500) == -lamina.rubber_band(100, 500)


@pytest.mark.parametrize("rate", [0.0, 1.0, -0.5, 1.5, math.nan])
def test_decay_bad_rate(rate):
    with pytest.raises(lamina.InvalidArgumentError, match="deceleration rate"):
        lamina.decay_projection(0, 100, rate)


@pytest.mark.parametrize("velocity", [math.nan, math.inf, -math.inf])
def test_decay_bad_velocity(velocity):
    with pytest.raises(lamina.InvalidArgumentError, match="velocity"):
        lamina.decay_projection(0, velocity)
    with pytest.raises(lamina.InvalidArgumentError):
        lamina.rubber_band(velocity, 100)


def test_decay_animation_and_spring_catch(engine):
    layer = engine.layer(position=(10, 500))
    engine.tick(0.0)
    fling = lamina.DecayAnimation("position.y", velocity=-2400.0)
    rest = lamina.decay_projection(500, -2400)
    with engine.transaction(disable_actions=True):
        layer.set_value("position.y", rest)
        layer.add_animation(fling, "position")  # the spring that catches it replaces it (R8)
    engine.tick(0.25)
    k = 1000 * math.log(0.998)
    for t in (0.3, 0.5, 1.0):
        y = layer.presentation(at=t).position.y
        assert abs(y - (500 - 2400 * (0.998 ** (1000 * (t - 0.25)) - 1) / k)) < 1e-9
    assert_matches(layer, "position", [0.3, 0.7, 1.5])
    engine.tick(0.5)
    t1 = 0.5 + 1 / 60
    before = layer.presentation(at=t1).velocity("position.y")
    with engine.animate(spring=lamina.Spring(duration=0.4)):
        layer.position = (10, 0)
    engine.tick(t1)
    after = layer.presentation(at=t1).velocity("position.y")
    assert abs(before) > 100
    assert abs(after - before) <= 1e-6 * abs(before)
    engine.tick(3.0)  # the spring has settled; the fling, replaced, would still be running
    assert layer.presentation().position == lamina.Point(10, 0)
    assert layer.animation_keys == []


def test_decay_animation_bad_input(engine):
    layer = engine.layer()
    engine.tick(0.0)
    with pytest.raises(lamina.InvalidArgumentError, match="deceleration rate"):
        layer.add_animation(lamina.DecayAnimation("opacity", velocity=1.0, deceleration_rate=1.0), "d")
    with pytest.raises(lamina.InvalidArgumentError):
        layer.add_animation(lamina.DecayAnimation("opacity", velocity=math.nan), "d")
    with pytest.raises((lamina.TypeMismatchError, lamina.InvalidArgumentError)):
        layer.add_animation(lamina.DecayAnimation("position", velocity=3.0), "d")
    assert layer.animation_keys == []  # nothing half-added


def test_spring_through_every_setter(engine):
    """The typed, general and batch setters all make the transaction's spring (R17.6)."""
    a, b, c = engine.layer(), engine.layer(), engine.layer()
    engine.tick(0.0)
    with engine.transaction(spring=lamina.Spring(duration=0.3)):
        a.position = (10, 20)                       # typed fast path
        b.set_value("bounds", (0, 0, 50, 60))       # general path
        engine.set_points([c], "position", [(5, 5)])  # batch path
        engine.set_numbers([c], "opacity", [0.5])
    for layer, key in ((a, "position"), (b, "bounds"), (c, "position"), (c, "opacity")):
        assert isinstance(layer.animation(key), lamina.SpringAnimation), (layer, key)
    # Outside the transaction the curve is back.
    a.position = (0, 0)
    assert not isinstance(a.animation("position"), lamina.SpringAnimation)


@pytest.mark.parametrize("inherits", [True, False])
def test_explicit_spring_inherits_velocity(engine, inherits):
    layer = engine.layer()
    engine.tick(0.0)
    layer.add_animation(lamina.BasicAnimation("position.x", from_value=0.0, to_value=300.0, duration=1.0), "move")
    engine.tick(0.0)
    engine.tick(0.5)
    t1 = 0.5 + 1 / 60
    before = layer.presentation(at=t1).velocity("position.x")
    spring = lamina.SpringAnimation("position.x", to_value=-100.0, stiffness=200, damping=20,
                                    inherits_velocity=inherits)
    with engine.transaction():
        layer.add_animation(spring, "move")
    engine.tick(t1)
    after = layer.presentation(at=t1).velocity("position.x")
    assert abs(before - 300) < 1e-9
    if inherits:
        assert abs(after - before) <= 1e-6 * abs(before)
    else:
        assert after == 0.0  # Core Animation's spring starts at rest
