# SPDX-License-Identifier: Apache-2.0
"""Actions and events (CA-3), delegates, styles, view-backed layers and animation blocks
(CA-4, listings 7.4 to 7.6)."""
import pytest

import lamina
from lamina import BLUE, GREEN, NO_ACTION, RED, BasicAnimation, TransitionAnimation


@pytest.fixture
def layer(engine):
    layer = engine.layer(bounds=(0, 0, 100, 100), background_color=RED)
    engine.tick(0)
    return layer


def test_set_no_action_and_remove(engine, layer):
    layer.set_no_action("backgroundColor")
    layer.background_color = BLUE
    engine.tick(0.1)
    assert layer.animation_keys == []
    layer.remove_action("backgroundColor")
    layer.background_color = GREEN
    engine.tick(0.2)
    assert layer.animation_keys == ["backgroundColor"]
    layer.set_action("opacity", NO_ACTION)
    assert layer.action_for_key("opacity") is None
    layer.set_action("opacity", None)
    assert isinstance(layer.action_for_key("opacity"), BasicAnimation)


def test_custom_action_callable_ca_3_10(engine, layer):
    calls = []
    layer.set_action("opacity", lambda l, event: calls.append((l, event, l.opacity)))
    layer.opacity = 0.5
    assert calls == [(layer, "opacity", 0.5)]  # runs after the new value is stored
    assert layer.action_for_key("opacity") == "custom"
    engine.tick(0.1)
    assert layer.animation_keys == []


def test_listing_7_6_action_runs_push_transition(engine, layer):
    layer.set_action("backgroundColor", TransitionAnimation("push", "from-left", duration=1.0))
    layer.background_color = BLUE
    engine.tick(0.5)
    info = layer.transition()
    assert info is not None and info.type == "push" and info.subtype == "from-left"
    assert layer.animation_keys == ["backgroundColor"]


def test_animation_action_with_cleared_key_path(engine, layer):
    layer.set_action("opacity", BasicAnimation(None, duration=2.0, timing_function="linear"))
    layer.opacity = 0.0
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(1.0)
    assert layer.presentation().opacity == pytest.approx(0.5)


def test_delegate_answers(engine, layer):
    asked = []

    def delegate(l, event):
        asked.append((event, l.value(event) if event == "opacity" else None))
        if event == "opacity":
            return NO_ACTION
        if event == "position":
            return BasicAnimation(None, duration=1.0, timing_function="linear")
        return None  # continue the search

    layer.delegate = delegate
    assert layer.delegate is delegate
    layer.opacity = 0.3
    assert asked == [("opacity", 1.0)]  # sees the old value (CA-2.6)
    layer.position = (100, 0)
    layer.background_color = BLUE
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.2)
    assert sorted(layer.animation_keys) == ["backgroundColor", "position"]
    assert layer.presentation().position.x == pytest.approx(20)
    layer.delegate = None
    layer.opacity = 0.9
    assert len(asked) == 3


def test_events_on_order_in_and_sublayers(engine, layer):
    events = []
    engine.set_default_action("onOrderIn", lambda l, e: events.append((l.name, e)))
    child = engine.layer(name="child")
    engine.flush()  # events are posted for committed layers only (R4)
    layer.set_action("sublayers", lambda l, e: events.append(("parent", e)))
    layer.add_sublayer(child)
    assert ("child", "onOrderIn") in events and ("parent", "sublayers") in events
    engine.set_default_action("onOrderIn", None)


def test_default_action_and_style(engine, layer):
    engine.set_default_action("opacity", NO_ACTION)
    layer.opacity = 0.1
    engine.tick(0.1)
    assert layer.animation_keys == []
    engine.set_default_action("opacity", None)
    layer.style = lamina.Style({"opacity": NO_ACTION}, next=lamina.Style({"position": NO_ACTION}))
    layer.opacity = 0.7
    layer.position = (5, 5)
    layer.background_color = BLUE
    engine.tick(0.2)
    assert layer.animation_keys == ["backgroundColor"]
    layer.style = None
    layer.opacity = 0.2
    engine.tick(0.3)
    assert "opacity" in layer.animation_keys


def test_listing_7_4_view_backed_jumps(engine, layer):
    layer.view_backed = True
    assert layer.view_backed
    layer.background_color = BLUE
    engine.tick(0.1)
    assert layer.animation_keys == []
    assert layer.presentation().background_color == BLUE
    with engine.transaction(duration=1.0):
        layer.background_color = GREEN
    engine.tick(0.2)
    assert layer.animation_keys == []


def test_listing_7_5_action_lookup_inside_and_outside_block(engine, layer):
    layer.view_backed = True
    assert layer.action_for_key("backgroundColor") is None
    with engine.animate(0.5):
        found = layer.action_for_key("backgroundColor")
        assert isinstance(found, BasicAnimation) and found.duration == 0.5
        layer.background_color = BLUE
    engine.tick(0.25)
    assert layer.animation_keys == ["backgroundColor"]
    assert layer.presentation().background_color != BLUE


def test_animate_block_completion_and_options(engine, layer):
    layer.view_backed = True
    results = []
    with engine.animate(1.0, delay=0.5, curve="linear", completion=results.append):
        layer.position = (100, 0)
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(1.0)
    assert layer.presentation().position.x == pytest.approx(50, abs=1e-6)  # additive from -100
    engine.tick(2.0)
    assert results == [True]
    with engine.animate(1.0, completion=results.append):
        layer.opacity = 0.0
    engine.tick(2.0)  # commit here: R2 begins it at the next tick
    engine.tick(2.1)
    layer.remove_all_animations()
    engine.tick(2.1)  # commit here: R2 begins it at the next tick
    engine.tick(2.2)
    assert results == [True, False]
    with pytest.raises(lamina.MisuseError):
        with engine.animate(1.0):
            engine.commit()  # a plain commit cannot close a block
    with pytest.raises(ValueError):
        with engine.animate(1.0, curve="springy"):
            pass
    with engine.animate(0.5, options=lamina.ViewAnimationOptions.REPEAT | lamina.ViewAnimationOptions.AUTOREVERSE):
        layer.opacity = 1.0
    engine.tick(2.2)  # commit here: R2 begins it at the next tick
    engine.tick(3.0)
    assert layer.animation_timing("opacity").active_duration == float("inf")
