# SPDX-License-Identifier: Apache-2.0
"""lamina.PropertyAnimator (R17.9-R17.21 in docs/semantics.md): UIViewPropertyAnimator's
states and rules, with the Python names of issue 27 item 5. Positions compare within 1e-6."""
from __future__ import annotations

import gc
import math

import pytest

import lamina

TOL = 1e-6


def setup(engine, duration=1.0, **kwargs):
    layer = engine.layer()
    layer.position = (0, 0)
    engine.tick(0.0)
    a = engine.animator(duration=duration, curve=kwargs.pop("curve", "linear"), **kwargs)
    a.add_animations(lambda: setattr(layer, "position", (100, 0)))
    heard = []
    a.add_completion(heard.append)
    return layer, a, heard


def x(layer):
    return layer.presentation().position.x


def test_runs_to_end_and_completes(engine):
    layer, a, heard = setup(engine)
    assert a.state == "inactive" and not a.running
    assert layer.position.x == 0  # blocks wait for start (R17.10)
    a.start()
    assert a.state == "active" and a.running
    assert layer.position.x == 100
    engine.tick(0.25)
    assert abs(x(layer) - 25) < TOL
    assert abs(a.fraction_complete - 0.25) < 1e-12
    engine.tick(1.0)
    assert a.state == "inactive"
    assert heard == ["end"]
    assert layer.animation_keys == []


def test_pause_and_scrub(engine):
    layer, a, _ = setup(engine, curve="ease-in")
    a.start()
    engine.tick(0.5)
    a.pause()
    assert not a.running and a.state == "active"
    held = x(layer)
    engine.tick(0.9)
    assert abs(x(layer) - held) < 1e-9
    assert a.scrubs_linearly
    a.fraction_complete = 0.25
    assert abs(x(layer) - 25) < TOL  # linear while scrubbing (R17.15)
    assert layer.presentation().velocity("position") == lamina.Point(0, 0)
    a.scrubs_linearly = False
    assert abs(x(layer) - 100 * lamina.TimingFunction.named("ease-in")(0.25)) < TOL
    a.fraction_complete = -3  # clamped
    assert a.fraction_complete == 0


def test_continue_after_linear_scrub_does_not_jump(engine):
    layer, a, _ = setup(engine, curve="ease-in-out")
    a.fraction_complete = 0.3  # an inactive animator becomes active and paused
    assert a.state == "active" and not a.running
    shown = x(layer)
    assert abs(shown - 30) < TOL
    a.continue_animation()
    assert a.running
    assert abs(x(layer) - shown) < TOL
    engine.tick(0.1)
    assert x(layer) > shown


def test_reversed_heads_back_and_completes_at_start(engine):
    layer, a, heard = setup(engine)
    a.start()
    engine.tick(0.6)
    a.reversed = True
    assert a.reversed
    engine.tick(0.8)
    assert abs(x(layer) - 40) < TOL
    engine.tick(1.3)
    assert a.state == "inactive"
    assert heard == ["start"]
    assert layer.position.x == 0


def test_continue_with_timing_and_duration_factor(engine):
    layer, a, _ = setup(engine, duration=2.0)
    a.pause()
    a.fraction_complete = 0.5
    a.continue_animation(timing="linear", duration_factor=0.25)  # 0.5 s left
    engine.tick(0.25)
    assert abs(a.fraction_complete - 0.75) < 1e-9
    assert abs(x(layer) - 75) < TOL


def test_stop_without_finishing_keeps_screen_values(engine):
    layer, a, heard = setup(engine)
    a.start()
    engine.tick(0.4)
    a.stop(without_finishing=True)
    assert a.state == "inactive"
    engine.tick(0.5)
    assert abs(layer.position.x - 40) < TOL
    assert abs(x(layer) - 40) < TOL
    assert heard == []


@pytest.mark.parametrize("at,model", [("end", 100), ("start", 0), ("current", 30)])
def test_stop_then_finish(engine, at, model):
    layer, a, heard = setup(engine)
    a.start()
    engine.tick(0.3)
    a.stop(without_finishing=False)
    assert a.state == "stopped"
    engine.tick(0.9)
    assert abs(x(layer) - 30) < TOL
    a.finish(at=at)
    engine.tick(1.0)
    assert a.state == "inactive"
    assert abs(layer.position.x - model) < TOL
    assert abs(x(layer) - model) < TOL
    assert heard == [at]


def test_pauses_on_completion(engine):
    layer, a, heard = setup(engine)
    a.pauses_on_completion = True
    a.start()
    engine.tick(1.5)
    assert a.state == "active" and not a.running
    assert a.fraction_complete == 1
    assert heard == []


def test_spring_animator(engine):
    spring = lamina.Spring(duration=0.5, bounce=0.2)
    layer, a, heard = setup(engine, duration=None, curve=None, spring=spring)
    assert abs(a.duration - spring.settling_duration) < 1e-12
    a.start()
    engine.tick(spring.settling_duration + 0.01)
    assert heard == ["end"]
    assert x(layer) == 100


def test_kept_alive_while_active(engine):
    layer, a, heard = setup(engine)
    a.start()
    del a
    gc.collect()
    engine.tick(1.0)
    assert heard == ["end"]
    assert layer.position.x == 100


def test_layer_destroyed_mid_flight(engine):
    root = engine.layer()
    layer = engine.layer()
    root.add_sublayer(layer)
    engine.tick(0.0)
    a = engine.animator(duration=1.0, curve="linear")
    a.add_animations(lambda: setattr(layer, "opacity", 0.0))
    heard = []
    a.add_completion(heard.append)
    a.start()
    engine.tick(0.5)
    layer.remove_from_superlayer()
    layer.release()
    engine.tick(0.7)
    a.pause()
    a.fraction_complete = 0.9  # nothing left to drive: no error, no crash (R17.20)
    a.continue_animation()
    engine.tick(2.0)
    assert a.state == "inactive"
    assert heard == ["end"]


def test_misuse_and_bad_input(engine):
    with pytest.raises(lamina.InvalidArgumentError):
        engine.animator(duration=-1.0)
    with pytest.raises(lamina.InvalidArgumentError):
        engine.animator(duration=math.inf)
    layer, a, _ = setup(engine)
    with pytest.raises(lamina.MisuseError, match="inactive"):
        a.finish(at="end")
    with pytest.raises(lamina.MisuseError):
        a.stop()
    with pytest.raises(lamina.MisuseError):
        a.continue_animation()
    with pytest.raises(lamina.InvalidArgumentError):
        a.start(delay=-1.0)
    with pytest.raises(lamina.InvalidArgumentError):
        a.fraction_complete = math.nan
    with pytest.raises(ValueError):
        a.finish(at="middle")
    a.start()
    with pytest.raises(lamina.MisuseError, match="paused"):
        a.fraction_complete = 0.5
    with pytest.raises(lamina.MisuseError):
        a.interruptible = False
    with pytest.raises(lamina.InvalidArgumentError):
        a.continue_animation(duration_factor=math.nan)
    a.stop(without_finishing=False)
    with pytest.raises(lamina.MisuseError):
        a.start()
    with pytest.raises(lamina.MisuseError):
        a.pause()
    with pytest.raises(lamina.MisuseError):
        a.add_animations(lambda: None)
    with pytest.raises(lamina.MisuseError):
        a.reversed = True
    a.finish(at="current")
    assert a.state == "inactive"
    fixed = engine.animator(duration=1.0)
    fixed.interruptible = False
    fixed.start()
    with pytest.raises(lamina.MisuseError, match="not interruptible"):
        fixed.pause()
    with pytest.raises(ValueError):
        engine.animator(duration=1.0, curve="linear", spring=lamina.Spring(duration=0.5))


# -- springs in view blocks (R17.22) ------------------------------------------------------------

def test_spring_block_catches_view_animation_with_its_velocity(engine):
    card = engine.layer()
    card.view_backed = True
    card.position = (0, 0)
    engine.tick(0.0)
    with engine.animate(1.0, curve="linear"):
        card.position = (100, 0)
    engine.tick(0.0)
    engine.tick(0.4)
    t1 = 0.4 + 1 / 60
    before = card.presentation(at=t1)
    v_before = before.velocity("position")
    assert abs(v_before.x - 100) < 1e-6  # the linear block moves at 100 pt/s
    heard = []
    with engine.animate(spring=lamina.Spring(duration=0.5, bounce=0.2), completion=heard.append):
        card.position = (300, 0)
    engine.tick(t1)
    after = card.presentation(at=t1)
    assert abs(after.position.x - before.position.x) <= 1e-9
    assert abs(after.velocity("position").x - v_before.x) <= 1e-6 * abs(v_before.x)
    assert card.animation_keys == ["position"]  # the spring replaced the block's animation
    engine.tick(t1 + 3.0)
    assert heard == [True]
    assert card.presentation().position.x == 300


def test_spring_block_replaces_stacked_view_animations(engine):
    card = engine.layer()
    card.view_backed = True
    engine.tick(0.0)
    with engine.animate(1.0, curve="linear"):
        card.position = (100, 0)
    engine.tick(0.2)
    with engine.animate(1.0, curve="linear"):
        card.position = (200, 0)  # stacks additively under "position-2" (CA-4.4)
    engine.tick(0.3)
    assert sorted(card.animation_keys) == ["position", "position-2"]
    t1 = 0.3 + 1 / 60
    before = card.presentation(at=t1)
    with engine.animate(spring=lamina.Spring(duration=0.4)):
        card.position = (50, 0)
    engine.tick(t1)
    assert card.animation_keys == ["position"]
    after = card.presentation(at=t1)
    assert abs(after.position.x - before.position.x) <= 1e-9
    assert abs(after.velocity("position").x - before.velocity("position").x) <= 1e-6 * abs(
        before.velocity("position").x)


def test_spring_block_bad_input(engine):
    with pytest.raises(TypeError):
        with engine.animate(1.0, spring=lamina.Spring(duration=0.5)):
            pass
    with pytest.raises(lamina.InvalidArgumentError):
        with engine.animate(spring=lamina.Spring(mass=1, stiffness=100, damping=0)):
            pass
    assert not engine.in_view_animation  # the failed block was closed


def test_velocity_of_animator_animations_matches_difference(engine):
    """R17.1 holds for an animator's animations, forwards, reversed (negative speed) and after a
    continue with a duration factor: the analytic velocity against a central difference."""
    layer, a, _ = setup(engine, curve="ease-in-out")

    def check(t):
        v = layer.presentation(at=t).velocity("position").x
        h = 1e-6
        d = (layer.presentation(at=t + h).position.x - layer.presentation(at=t - h).position.x) / (2 * h)
        assert abs(v - d) <= 1e-5 * max(1.0, abs(d)), (t, v, d)
        return v

    a.start()
    engine.tick(0.3)
    assert check(0.35) > 0
    a.reversed = True
    engine.tick(0.4)
    assert check(0.45) < 0
    a.pause()
    assert check(0.45) == 0  # held (R17.3)
    a.fraction_complete = 0.5
    a.continue_animation(duration_factor=0.5)
    engine.tick(0.5)
    assert check(0.55) < 0
