# SPDX-License-Identifier: Apache-2.0
"""Explicit animations: basic, spring, keyframe, transition, group, timing (CA-5, CA-7 to 10),
delegates (CA-11.8)."""
import math

import pytest

import lamina
from lamina import (
    AnimationGroup,
    BasicAnimation,
    KeyframeAnimation,
    Point,
    SpringAnimation,
    TransitionAnimation,
)


@pytest.fixture
def layer(engine):
    layer = engine.layer(bounds=(0, 0, 100, 100), position=(0, 0), opacity=1.0)
    engine.tick(0)
    return layer


def test_basic_from_to(engine, layer):
    layer.add_animation(BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=2.0), key="fade")
    assert layer.animation_keys == ["fade"]
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(1.0)
    assert layer.presentation().opacity == pytest.approx(0.5)
    t = layer.animation_timing("fade")
    assert (t.phase, t.iteration, t.active_duration, t.begin_time, t.end_time) == ("active", 0, 2.0, 0.0, 2.0)
    assert t.iteration_progress == pytest.approx(0.5) and t.contributing
    engine.tick(1.0)  # commit here: R2 begins it at the next tick
    engine.tick(2.5)
    assert layer.animation_keys == []
    assert layer.presentation().opacity == 1.0


def test_basic_takes_transaction_duration_and_reads_back(engine, layer):
    with engine.transaction(duration=0.75):
        layer.add_animation(BasicAnimation("position", to_value=(100, 0), timing_function="ease-in"), key="move")
    copy = layer.animation("move")
    assert isinstance(copy, BasicAnimation)
    assert copy.duration == 0.75 and copy.key_path == "position"
    assert copy.to_value == Point(100, 0)
    assert copy.timing_function == lamina.TimingFunction.named("ease-in")
    with pytest.raises(lamina.NotFoundError):
        layer.animation("nothing")


def test_by_value_additive_and_key_path(engine, layer):
    layer.add_animation(BasicAnimation("position.x", by_value=50, duration=1, additive=True), key="nudge")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.5)
    assert layer.presentation().position.x == pytest.approx(25 + 0)  # from 0 by 50 on top
    with pytest.raises(lamina.UnknownKeyError):
        layer.add_animation(BasicAnimation("nope", to_value=1.0))
    with pytest.raises(lamina.TypeMismatchError):
        layer.add_animation(BasicAnimation("opacity", to_value=Point(1, 1)))


def test_repeat_autoreverse_fill(engine, layer):
    anim = BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=1.0, repeat_count=2,
                          autoreverses=True, fill_mode="forwards", removed_on_completion=False)
    layer.add_animation(anim, key="pulse")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(1.5)  # second half of the first cycle: going back
    assert layer.presentation().opacity == pytest.approx(0.5)
    assert layer.animation_timing("pulse").active_duration == 4.0
    engine.tick(2.25)
    assert layer.animation_timing("pulse").iteration == 1
    engine.tick(10)
    assert layer.animation_keys == ["pulse"]  # not removed
    t = layer.animation_timing("pulse")
    assert t.phase == "after" and t.contributing
    layer.remove_animation("pulse")
    assert layer.animation_keys == []


def test_begin_time_and_speed(engine, layer):
    layer.add_animation(BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=1.0,
                                       begin_time=5.0, fill_mode="backwards"), key="later")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(1.0)
    assert layer.animation_timing("later").phase == "before"
    assert layer.presentation().opacity == 0.0  # backwards fill
    assert engine.next_frame_time == 5.0
    layer.remove_all_animations()
    layer.add_animation(BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=1.0, speed=2.0), key="fast")
    engine.tick(1.0)  # commit here: R2 begins it at the next tick
    engine.tick(1.25)
    assert layer.presentation().opacity == pytest.approx(0.5)


def test_replacing_key_stops_old_with_finished_false(engine, layer):
    events = []
    first = BasicAnimation("opacity", to_value=0.0, duration=1.0,
                           on_start=lambda l, k: events.append(("start", l, k)),
                           on_stop=lambda l, k, f: events.append(("stop", l, k, f)))
    layer.add_animation(first, key="o")
    engine.tick(0.1)
    assert events == [("start", layer, "o")]
    layer.add_animation(BasicAnimation("opacity", to_value=0.5, duration=1.0), key="o")
    engine.tick(0.2)
    assert events[-1] == ("stop", layer, "o", False)
    second = BasicAnimation("opacity", to_value=0.5, duration=0.5,
                            on_stop=lambda l, k, f: events.append(("stop2", k, f)))
    layer.add_animation(second)  # unnamed
    engine.tick(1.0)
    engine.tick(1.5)
    assert ("stop2", None, True) in events


def test_spring(engine, layer):
    s = SpringAnimation("position.x", from_value=0.0, to_value=100.0, damping=15)
    # CA-9.4: Apple's examples, damping 15 "just over 1 s" and damping 5 about 2.85 s.
    assert 1.0 < s.settling_duration < 1.01
    assert SpringAnimation("opacity", damping=5).settling_duration == pytest.approx(2.85, abs=0.005)
    s.duration = s.settling_duration
    layer.add_animation(s, key="spring")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.05)
    x1 = layer.presentation().position.x
    assert 0 < x1 < 100
    engine.tick(0.05)  # commit here: R2 begins it at the next tick
    engine.tick(s.duration)
    assert layer.presentation().position.x == pytest.approx(0, abs=1e-9)  # removed: model value
    p = SpringAnimation.perceptual("opacity", duration=0.5, bounce=0.0)
    assert p.stiffness == pytest.approx((2 * math.pi / 0.5) ** 2)
    assert p.allows_overdamping
    back = None
    layer.add_animation(p, key="p")
    back = layer.animation("p")
    assert isinstance(back, SpringAnimation) and back.stiffness == pytest.approx(p.stiffness)


def test_keyframes_values_and_times(engine, layer):
    anim = KeyframeAnimation("opacity", [0.0, 1.0, 0.0], key_times=[0, 0.25, 1], duration=1.0)
    layer.add_animation(anim, key="k")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.25)
    assert layer.presentation().opacity == pytest.approx(1.0)
    engine.tick(0.625)
    assert layer.presentation().opacity == pytest.approx(0.5)
    layer.add_animation(KeyframeAnimation("opacity", [0.2, 0.8], calculation_mode="discrete",
                                          duration=1.0), key="d")
    engine.tick(0.625)  # commit here: R2 begins it at the next tick
    engine.tick(0.7)
    assert layer.presentation().opacity in (pytest.approx(0.2), pytest.approx(0.8))
    with pytest.raises(ValueError):
        KeyframeAnimation("opacity", [0.0], calculation_mode="wobbly")._to_c(lambda k: -1)


def test_keyframe_path_rotation(engine, layer):
    anim = KeyframeAnimation("position", path=[("move", (0, 0)), ("line", (100, 0)), ("line", (100, 100))],
                             rotation_mode="auto", duration=2.0, calculation_mode="paced")
    layer.add_animation(anim, key="path")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.5)
    p = layer.presentation()
    assert p.position == pytest.approx(Point(50, 0))
    assert p.value("transform.rotation.z") == pytest.approx(0.0)
    engine.tick(0.5)  # commit here: R2 begins it at the next tick
    engine.tick(1.5)
    assert layer.presentation().position == pytest.approx(Point(100, 50))
    assert layer.presentation()["transform.rotation.z"] == pytest.approx(math.pi / 2)


def test_transition_listing_7_6_push(engine, layer):
    layer.background_color = lamina.RED
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(1)
    with engine.transaction(disable_actions=True):
        layer.background_color = lamina.BLUE
        layer.add_animation(TransitionAnimation("push", "from-left", duration=1.0))
    assert layer.animation_keys == ["transition"]
    engine.tick(1)  # commit here: R2 begins it at the next tick
    engine.tick(1.5)
    info = layer.transition()
    assert info.type == "push" and info.subtype == "from-left"
    assert info.progress == pytest.approx(0.5)
    assert layer.transition_before_value("background_color") == lamina.RED
    rec = engine.draw_list(layer)[0]
    assert rec.transition == info and rec.background_color == lamina.BLUE
    engine.tick(1.5)  # commit here: R2 begins it at the next tick
    engine.tick(2.5)
    assert layer.transition() is None


def test_group(engine, layer):
    group = AnimationGroup([
        BasicAnimation("opacity", from_value=0.0, to_value=1.0),
        BasicAnimation("position.x", from_value=0.0, to_value=10.0, duration=0.5, begin_time=0.5),
    ], duration=1.0)
    layer.add_animation(group, key="g")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.5)
    p = layer.presentation()
    assert p.opacity == pytest.approx(0.5) and p.position.x == pytest.approx(0.0)
    engine.tick(0.5)  # commit here: R2 begins it at the next tick
    engine.tick(0.75)
    assert layer.presentation().position.x == pytest.approx(5.0)
    back = layer.animation("g")
    assert isinstance(back, AnimationGroup) and len(back.animations) == 2


def test_did_stop_for_a_destroyed_layer(engine):
    layer = engine.layer()
    engine.tick(0)
    stops = []
    layer.add_animation(BasicAnimation("opacity", to_value=0.0, duration=1.0,
                                       on_stop=lambda l, k, f: stops.append((l, k, f))), key="a")
    engine.tick(0.1)
    layer.release()
    engine.tick(0.2)
    assert len(stops) == 1
    dead, key, finished = stops[0]
    assert key == "a" and finished is False and not dead.alive
