# SPDX-License-Identifier: Apache-2.0
"""Issue 8: the remaining gaps with Core Animation's behaviour, from Python (each test names
its item)."""
import math

import pytest

import lamina
from lamina import BasicAnimation, KeyframeAnimation, SpringAnimation


@pytest.fixture
def layer(engine):
    layer = engine.layer(bounds=(0, 0, 100, 100))
    engine.tick(0)
    return layer


def test_ca_5_12_paused_parent_lets_the_host_sleep(engine):
    parent = engine.layer()
    child = engine.layer()
    parent.add_sublayer(child)
    engine.tick(0)
    with engine.transaction(duration=1.0):
        child.opacity = 0.0
    engine.tick(0)
    engine.tick(0.4)
    assert engine.next_frame_time == 0.4
    with engine.transaction(disable_actions=True):
        parent.speed = 0.0
    engine.tick(0.5)
    assert engine.next_frame_time == math.inf


def test_r7_transaction_curve_fills_in_and_ca_2_8_reads_by_key(engine, layer):
    with engine.transaction(timing="ease-in"):
        layer.add_animation(BasicAnimation("cornerRadius", from_value=0.0, to_value=10.0), key="r")
        assert engine.current_transaction["animationTimingFunction"] == "easeIn"
        engine.current_transaction["animationTimingFunction"] = "linear"
        assert engine.current_transaction.timing_function == lamina.TimingFunction.named("linear")
        with pytest.raises(ValueError):
            engine.current_transaction["animationTimingFunction"] = "wobbly"
    assert layer.animation("r").timing_function == lamina.TimingFunction.named("ease-in")


def test_ca_11_5_implicit_animation_is_readable(engine, layer):
    with engine.transaction(duration=2.0):
        layer.opacity = 0.25
    a = layer.animation("opacity")
    assert isinstance(a, BasicAnimation)
    assert a.key_path == "opacity" and a.from_value == 1.0 and a.to_value == 0.25
    assert a.duration == 2.0


def test_ca_13_6_layer_media_timing(engine):
    parent = engine.layer(duration=0.5, repeat_count=2, fill_mode="forwards")
    child = engine.layer()
    parent.add_sublayer(child)
    engine.tick(0)
    assert parent.fill_mode == "forwards" and parent.repeat_count == 2
    child.add_animation(BasicAnimation("cornerRadius", from_value=0.0, to_value=10.0, duration=1.0,
                                       fill_mode="both", removed_on_completion=False), key="r")
    engine.tick(0)
    assert child.presentation(at=0.75).corner_radius == pytest.approx(2.5)
    assert child.presentation(at=9).corner_radius == pytest.approx(5.0)
    with pytest.raises(ValueError):
        parent.fill_mode = "sideways"


def test_ca_7_4_cumulative_keyframes(engine, layer):
    k = KeyframeAnimation("cornerRadius", [0.0, 10.0], duration=1.0, repeat_count=2, cumulative=True)
    layer.add_animation(k, key="k")
    engine.tick(0)
    assert layer.presentation(at=1.5).corner_radius == pytest.approx(15.0)


def test_ca_9_4_settling_duration_matches_apple():
    assert SpringAnimation("opacity", damping=5).settling_duration == pytest.approx(2.85, abs=0.005)
    assert 1.0 < SpringAnimation("opacity", damping=15).settling_duration < 1.01


def test_item_12_values_convert_by_the_keys_type(engine, layer):
    # A malformed rect is refused; the message shows what was passed. (A pair of pairs is a
    # rect, issue 23 item 8: tests/test_errors.py.)
    with pytest.raises(TypeError, match=r"\[\(0, 0\), \(1, 1, 1\)\]"):
        layer.set_value("bounds", [(0, 0), (1, 1, 1)])
    layer.set_value("bounds", (0, 0, 10, 20))
    assert layer.bounds == lamina.Rect.of(0, 0, 10, 20)
    # A three-point list is not a colour, with or without a hint.
    with pytest.raises(TypeError, match=r"\(1, 2\)"):
        layer.set_value("background_color", [(1, 2), (3, 4), (5, 6)])
    with pytest.raises(TypeError, match=r"cannot use"):
        engine.current_transaction["custom"] = [(1, 2), (3, 4), (5, 6)]
    layer.set_value("background_color", (1, 0, 0))
    assert layer.background_color == lamina.Color(1, 0, 0, 1)
    # A size key reads a pair as a size, a point key as a point; numbers stay numbers.
    layer.set_value("shadow_offset", (2, 3))
    assert layer.shadow_offset == lamina.Size(2, 3)
    with pytest.raises(TypeError, match="'opacity' takes a number, not '0.5'"):
        layer.set_value("opacity", "0.5")
    with pytest.raises(TypeError, match="True"):
        layer.set_value("opacity", True)


def test_ca_4_9_view_policy_and_delegate_fallback(engine):
    layer = engine.layer(view_backed=True)
    engine.tick(0)
    asked = []

    def delegate(l, event):
        asked.append((event, engine.in_view_animation))
        if event == "zPosition":
            return BasicAnimation(None, duration=3.0)
        return lamina.VIEW_POLICY  # super: the view policy

    layer.delegate = delegate
    layer.opacity = 0.5  # outside a block: the policy says no action
    assert layer.animation_keys == []
    layer.z_position = 2.0  # the delegate's own action
    assert layer.animation("zPosition").duration == 3.0
    with engine.animate(1.0):
        layer.shadow_radius = 9.0  # UIKit does not animate shadows (CA-4.9)
        layer.corner_radius = 10.0  # additive (CA-4.4)
    assert not engine.in_view_animation
    assert ("cornerRadius", True) in asked
    assert "shadowRadius" not in layer.animation_keys
    a = layer.animation("cornerRadius")
    assert a.additive and a.from_value == -10.0 and a.to_value == 0.0


def test_view_backed_delegate_none_continues_the_layer_search(engine):
    """CA-3.5, CA-4.1, R11: a delegate's None on a view-backed layer continues the layer's own
    search (actions, default actions, the built-in animation), inside a block too; NO_ACTION
    still stops it."""
    layer = engine.layer(view_backed=True)
    layer.delegate = lambda l, event: None
    engine.tick(0)
    layer.opacity = 0.5  # outside a block: the built-in animation, not the view's "no action"
    assert layer.animation_keys == ["opacity"]
    assert layer.animation("opacity").duration == 0.25
    engine.set_default_action("zPosition", BasicAnimation(None, duration=3.0))
    assert layer.action_for_key("zPosition").duration == 3.0
    layer.set_action("zPosition", lamina.NO_ACTION)
    assert layer.action_for_key("zPosition") is None
    with engine.animate(2.0):
        layer.corner_radius = 4.0
    a = layer.animation("cornerRadius")
    assert a.duration == 0.25 and not a.additive  # the built-in animation, not the block's


def test_ca_4_9_blocks_do_not_animate_contents(engine):
    layer = engine.layer(view_backed=True)
    engine.tick(0)
    img = engine.create_image(1, 1, bytes([0, 0, 0, 255]), premultiplied=True)
    with engine.animate(1.0):
        assert layer.action_for_key("contents") is None
        assert layer.action_for_key("opacity") is not None
        layer.contents = img
        layer.opacity = 0.5
    assert layer.animation_keys == ["opacity"]


def test_ca_7_5_value_functions_take_three_components(engine, layer):
    anim = BasicAnimation("transform", from_value=[1, 1, 1], to_value=(3, 3, 3), duration=1.0,
                          value_function="scale")
    layer.add_animation(anim, key="s")
    engine.tick(0)
    m = layer.presentation(at=0.5).transform
    assert (m.m11, m.m22, m.m33) == pytest.approx((2.0, 2.0, 2.0))
    assert layer.animation("s").to_value == lamina.Vector3(3, 3, 3)
    layer.add_animation(BasicAnimation("transform", from_value=lamina.Vector3(0, 0, 0),
                                       to_value=lamina.Vector3(10, 20, 30), duration=1.0,
                                       value_function="translate"), key="t")
    engine.tick(0)
    assert layer.presentation(at=0.5).transform.m43 == pytest.approx(15.0)


def test_ca_4_6_delayed_block_holds_the_old_value(engine):
    layer = engine.layer(bounds=(0, 0, 10, 10), view_backed=True)
    engine.tick(0)
    with engine.animate(1.0, delay=1.0, curve="linear"):
        layer.position = (100, 0)
        layer.corner_radius = 8.0
    engine.tick(0)
    engine.tick(0.5)  # in the delay: still where it was
    p = layer.presentation()
    assert p.position == lamina.Point(0, 0) and p.corner_radius == 0.0
    engine.tick(1.5)
    assert layer.presentation().position.x == pytest.approx(50)


def test_item_11_reflection_stays_flat(engine):
    layer = engine.layer(transform=lamina.Transform3D.scaling(-1, 1))
    engine.tick(0)
    with engine.transaction(duration=1.0, timing="linear"):
        layer.transform = lamina.IDENTITY
    engine.tick(0)
    m = layer.presentation(at=0.25).transform
    assert (m.m11, m.m22, m.m33) == pytest.approx((-0.5, 1.0, 1.0))
    assert layer.presentation(at=0.5).transform.m11 == pytest.approx(0.0, abs=1e-12)


def test_ca_17_10_skew_x_interpolates_its_shear(engine):
    """CA-17.10: a 2D skew animates through the same decomposition as 3D transforms: skewX
    0 -> 45 deg is the shear 0.5 half-way with the height unchanged, and stays 2D."""
    layer = engine.layer()
    engine.tick(0)
    with engine.transaction(duration=1.0, timing="linear"):
        layer.transform = lamina.Transform3D(m21=math.tan(math.pi / 4))
    engine.tick(0)
    m = layer.presentation(at=0.5).transform
    assert (m.m11, m.m12, m.m21, m.m22) == pytest.approx((1.0, 0.0, 0.5, 1.0), abs=1e-9)
    assert (m.m13, m.m23, m.m31, m.m32, m.m34, m.m43) == pytest.approx((0.0,) * 6, abs=1e-12)
    assert (m.m33, m.m44) == pytest.approx((1.0, 1.0), abs=1e-12)
