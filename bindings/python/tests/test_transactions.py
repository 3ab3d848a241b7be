# SPDX-License-Identifier: Apache-2.0
"""Transactions (CA-2), implicit animation (R4, R6), presentation (CA-1), key paths (CA-7.6)."""
import pytest

import lamina
from lamina import BLUE, RED, Color, KeyframeAnimation, Point, TimingFunction

DEFAULT = TimingFunction.named("default")


def mix(a, b, f):
    return tuple(x + (y - x) * f for x, y in zip(a, b))


def test_presentation_none_before_first_commit(engine):
    layer = engine.layer(opacity=0.5)
    assert layer.presentation() is None
    assert not layer.has_presentation
    engine.tick(0)
    p = layer.presentation()
    assert p is not None and p.opacity == 0.5


def test_uncommitted_layer_does_not_animate_r4(engine):
    layer = engine.layer(background_color=RED)
    layer.background_color = BLUE  # never committed: no action search, no animation
    engine.tick(0)
    assert layer.animation_keys == []
    assert layer.presentation().background_color == BLUE


def test_listing_7_1_implicit_animation(engine):
    layer = engine.layer(background_color=RED)
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.0)
    layer.background_color = BLUE
    assert layer.background_color == BLUE          # the model changes at once
    assert layer.presentation().background_color == RED  # uncommitted changes are invisible
    engine.tick(0.0)  # commit here: R2 begins it at the next tick
    engine.tick(0.1)
    assert layer.animation_keys == ["backgroundColor"]
    got = layer.presentation().background_color
    assert got == pytest.approx(mix(RED, BLUE, DEFAULT(0.1 / 0.25)))
    engine.tick(0.1)  # commit here: R2 begins it at the next tick
    engine.tick(0.3)
    assert layer.presentation().background_color == BLUE
    assert layer.animation_keys == []


def test_listing_7_2_transaction_duration_and_timing(engine):
    layer = engine.layer(opacity=1.0)
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.0)
    with engine.transaction(duration=1.0, timing="linear") as t:
        assert t.duration == 1.0
        assert t.timing_function == TimingFunction.named("linear")
        layer.opacity = 0.0
    engine.tick(0.0)  # commit here: R2 begins it at the next tick
    engine.tick(0.5)
    assert layer.presentation().opacity == pytest.approx(0.5)
    engine.tick(1.0)
    assert layer.presentation().opacity == 0.0


def test_transaction_defaults_and_values(engine):
    t = engine.current_transaction
    assert t.duration == 0.25
    assert t.timing_function is None
    assert t.disable_actions is False
    with engine.transaction(duration=2.0) as outer:
        outer["custom"] = 42
        with engine.transaction() as inner:
            assert inner.duration == 2.0          # reads search outward (CA-2.8)
            assert inner["custom"] == 42
            inner["animationDuration"] = 3.0      # the built-in key is the setting
            assert inner.duration == 3.0
        assert outer.duration == 2.0
    with pytest.raises(KeyError):
        t["custom"]
    assert t.get("custom", "none") == "none"


def test_disable_actions(engine):
    layer = engine.layer(opacity=1.0)
    engine.tick(0)
    with engine.transaction(disable_actions=True):
        layer.opacity = 0.2
    assert layer.animation_keys == []
    assert layer.presentation().opacity == 0.2  # the outermost commit published it


def test_nested_publishes_at_outermost_commit(engine):
    layer = engine.layer(opacity=1.0)
    engine.tick(0)
    engine.begin()
    with engine.transaction(disable_actions=True):
        layer.opacity = 0.3
    assert layer.presentation().opacity == 1.0  # CA-2.3: not yet
    engine.commit()
    assert layer.presentation().opacity == 0.3


def test_implicit_transaction_flush(engine):
    layer = engine.layer(opacity=1.0)
    engine.flush()
    assert layer.has_presentation
    assert engine.time == 0.0


def test_completion_runs_after_animations_ca_2_9(engine):
    layer = engine.layer(opacity=1.0)
    engine.tick(0)
    done = []
    with engine.transaction(duration=0.5, completion=lambda: done.append(engine.time)):
        layer.opacity = 0.0
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.25)
    assert done == []
    engine.tick(0.6)
    assert done == [0.6]


def test_listing_7_3_completion_after_pop(engine):
    """A completion's change animates with the enclosing (default) settings (CA-2.11)."""
    layer = engine.layer(bounds=(0, 0, 100, 100))
    engine.tick(0)
    log = []

    def rotate():
        log.append("completion")
        layer.set_value("transform.rotation.z", 3.141592653589793 / 2)

    with engine.transaction(duration=1.0, completion=rotate):
        layer.background_color = BLUE
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(1.0)
    assert log == ["completion"]
    engine.tick(1.1)
    assert "transform" in layer.animation_keys
    assert layer.animation_timing("transform").active_duration == pytest.approx(0.25)
    engine.tick(1.5)
    assert layer.presentation().value("transform.rotation.z") == pytest.approx(3.141592653589793 / 2)


def test_key_paths_ca_7_6(engine):
    layer = engine.layer(position=(10, 20), bounds=(0, 0, 100, 50))
    assert layer.value("position.x") == 10
    layer.set_value("position.y", 40)
    assert layer.position == Point(10, 40)
    layer["bounds.size.width"] = 30
    assert layer.bounds.size.width == 30
    layer.set_value("transform.scale.x", 2.0)
    assert layer.transform.m11 == pytest.approx(2.0)
    engine.tick(0)
    layer.set_value("position.x", 110)
    engine.tick(0.0)
    assert layer.animation_keys == ["position"]  # event key is the first component
    assert layer.value("background_color") is None  # Python names work too


def test_properties_round_trip(engine):
    layer = engine.layer()
    defaults = dict(opacity=1.0, hidden=False, z_position=0.0, anchor_point=Point(0.5, 0.5),
                    corner_radius=0.0, masks_to_bounds=False, double_sided=True,
                    background_color=None, name="")
    for k, v in defaults.items():
        assert getattr(layer, k) == v, k
    layer.name = "card"
    layer.border_color = (0, 1, 0)
    layer.shadow_offset = (2, 3)
    layer.transform = lamina.Transform3D.translation(5, 6)
    layer.hidden = True
    assert layer.name == "card"
    assert layer.border_color == Color(0, 1, 0, 1)
    assert layer.shadow_offset == lamina.Size(2, 3)
    assert layer.transform.m41 == 5
    assert layer.hidden is True
    layer.background_color = RED
    layer.background_color = None
    assert layer.background_color is None


def test_custom_property(engine):
    engine.register_property("progress", 0.0)
    layer = engine.layer()
    assert layer.value("progress") == 0.0
    engine.tick(0)
    layer.set_value("progress", 1.0)
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.125)
    assert 0 < layer.presentation()["progress"] < 1
    with pytest.raises(lamina.MisuseError):
        engine.register_property("progress", 1.0)


def test_presentation_at_time(engine):
    layer = engine.layer(opacity=1.0)
    engine.tick(0)
    with engine.transaction(duration=1.0, timing="linear"):
        layer.opacity = 0.0
    engine.tick(0)
    assert layer.presentation(at=0.25).opacity == pytest.approx(0.75)
    assert layer.presentation().opacity == pytest.approx(1.0)


def test_next_frame_time(engine):
    layer = engine.layer()
    engine.tick(0)
    assert engine.next_frame_time == float("inf")
    layer.opacity = 0.5
    assert engine.next_frame_time == 0.0


def test_next_frame_time_discrete_keyframes(engine):
    """CA-8.6, R14: a discrete keyframe animation holds each value until the next key time, so
    the next frame time is that key time (then the end), not now."""
    layer = engine.layer()
    engine.tick(0)
    layer.add_animation(KeyframeAnimation("opacity", [0.2, 0.5, 0.9], key_times=[0, 0.3, 0.7],
                                          calculation_mode="discrete", duration=2.0), key="steps")
    engine.tick(0.1)
    begin = layer.animation("steps").begin_time
    assert engine.next_frame_time == pytest.approx(begin + 0.6, abs=1e-9)
    assert layer.presentation(at=begin + 0.6 - 1e-6).opacity == 0.2
    assert layer.presentation(at=engine.next_frame_time + 1e-9).opacity == 0.5
    engine.tick(begin + 0.7)
    assert engine.next_frame_time == pytest.approx(begin + 1.4, abs=1e-9)
    engine.tick(begin + 1.5)
    assert engine.next_frame_time == pytest.approx(begin + 2.0, abs=1e-9)
    layer.add_animation(KeyframeAnimation("zPosition", [0.0, 5.0], duration=1.0), key="linear")
    engine.tick(begin + 1.6)
    assert engine.next_frame_time == begin + 1.6  # a linear one moves every frame
