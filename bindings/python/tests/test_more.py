# SPDX-License-Identifier: Apache-2.0
"""More of the surface: value functions, cumulative repeats, keyframe options, transition
windows, layer lifetimes, presentation attribute access."""
import gc
import math

import pytest

import lamina
from lamina import BasicAnimation, KeyframeAnimation, Point, TransitionAnimation


@pytest.fixture
def layer(engine):
    layer = engine.layer(bounds=(0, 0, 100, 100))
    engine.tick(0)
    return layer


def test_value_function_rotate_z(engine, layer):
    layer.add_animation(BasicAnimation("transform", from_value=0.0, to_value=math.pi,
                                       value_function="rotate-z", duration=1.0), key="spin")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.5)
    assert layer.presentation()["transform.rotation.z"] == pytest.approx(math.pi / 2)
    with pytest.raises(ValueError):
        layer.add_animation(BasicAnimation("transform", value_function="twist"))


def test_cumulative_repeats(engine, layer):
    layer.add_animation(BasicAnimation("position.x", from_value=0.0, to_value=10.0, duration=1.0,
                                       repeat_count=3, cumulative=True), key="walk")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(2.5)
    assert layer.presentation().position.x == pytest.approx(25.0)


def test_keyframe_segment_timing_functions(engine, layer):
    layer.add_animation(KeyframeAnimation("opacity", [0.0, 1.0], timing_functions=["ease-in"],
                                          duration=1.0), key="k")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.5)
    assert layer.presentation().opacity == pytest.approx(lamina.TimingFunction.named("ease-in")(0.5), abs=1e-6)


def test_cubic_keyframes_with_tension(engine, layer):
    layer.add_animation(KeyframeAnimation("position", [(0, 0), (50, 50), (100, 0)],
                                          calculation_mode="cubic", tension_values=[0, 0, 0],
                                          continuity_values=[0, 0, 0], bias_values=[0, 0, 0],
                                          duration=1.0), key="c")
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.5)
    assert layer.presentation().position == pytest.approx(Point(50, 50))


def test_transition_progress_window(engine, layer):
    with engine.transaction(disable_actions=True):
        layer.opacity = 0.5
        layer.add_animation(TransitionAnimation("fade", start_progress=0.2, end_progress=0.6,
                                                duration=1.0, timing_function="linear"))
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(0.5)
    t = layer.transition()
    assert t.type == "fade" and t.subtype is None
    assert t.progress == pytest.approx(0.4)
    back = layer.animation("transition")
    assert isinstance(back, TransitionAnimation) and back.end_progress == 0.6


def test_unreferenced_layer_is_destroyed(engine):
    layer = engine.layer()
    handle = layer._handle
    del layer
    gc.collect()
    ghost = lamina.Layer._make(engine, handle)
    ghost._owned = False
    assert not ghost.alive
    with pytest.raises(TypeError):
        lamina.Layer()


def test_layer_identity(engine):
    root = engine.layer()
    child = engine.layer()
    root.add_sublayer(child)
    assert root.sublayers[0] is child and child.superlayer is root
    assert len({root, child, root.sublayers[0]}) == 2


def test_presentation_attribute_access(engine, layer):
    layer.name = "card"
    engine.register_property("glow", 0.25)
    engine.tick(1)
    p = layer.presentation()
    assert p.name == "card" and p.glow == 0.25 and p.bounds.size.width == 100
    assert p.layer is layer
    with pytest.raises(AttributeError):
        p.nonsense


def test_transaction_completion_value_read_and_clear(engine):
    t = engine.current_transaction
    with engine.transaction(completion=lambda: None) as tx:
        assert tx.has_completion
        tx.set_completion(None)
        assert not tx.has_completion
    engine.tick(1)
