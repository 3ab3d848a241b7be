# SPDX-License-Identifier: Apache-2.0
"""Layer filters (issue 32, R19): Filter values, the layer properties, filter key paths set,
read and animated implicitly and explicitly, the draw record's filters, and bad input (R19.6)."""
import math

import pytest

import lamina
from lamina import BasicAnimation, Filter, InvalidArgumentError, KeyframeAnimation, UnknownKeyError


@pytest.fixture
def layer(engine):
    layer = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), background_color=lamina.WHITE)
    layer.filters = [Filter.gaussian_blur("blur", radius=4)]
    engine.tick(0)
    return layer


def test_filter_values_and_defaults():
    assert Filter.gaussian_blur().input("inputRadius") == 10.0
    assert Filter("CIGaussianBlur", "b").type == "gaussianBlur"
    c = Filter.color_controls("tone", saturation=0.5)
    assert (c.input("inputSaturation"), c.input("inputBrightness"), c.input("inputContrast")) == (0.5, 0.0, 1.0)
    assert c.inputs == ("inputSaturation", "inputBrightness", "inputContrast")
    mono = Filter.color_monochrome("sepia")
    assert tuple(mono.input("inputColor")) == (0.6, 0.45, 0.3, 1.0)
    m = Filter.color_matrix("m")
    assert m.input("inputGVector") == (0.0, 1.0, 0.0, 0.0)
    assert m.with_input("inputBiasVector", (0.1, 0.2, 0.3, 0.4)).params[19] == 0.4
    assert Filter.alpha(amount=0.25).input("inputAmount") == 0.25
    with pytest.raises(KeyError):
        Filter.gaussian_blur().input("inputSaturation")


def test_bad_filter_values_raise():
    with pytest.raises(InvalidArgumentError, match="unknown filter type"):
        Filter("blur")
    with pytest.raises(InvalidArgumentError, match="20 numbers"):
        Filter.color_matrix("m", [1, 0, 0])
    with pytest.raises(InvalidArgumentError, match="4 numbers"):
        Filter.color_matrix("m").with_input("inputRVector", (1, 2, 3))


def test_properties_round_trip(engine):
    layer = engine.layer()
    assert layer.filters == [] and layer.background_filters == [] and layer.compositing_filter is None
    layer.filters = [Filter.gaussian_blur("blur", radius=3), Filter.color_invert()]
    layer.background_filters = [Filter.color_controls("frost", saturation=1.8)]
    layer.compositing_filter = "CIScreenBlendMode"
    assert [f.type for f in layer.filters] == ["gaussianBlur", "colorInvert"]
    assert layer.filters[0].name == "blur" and layer.filters[0].input("inputRadius") == 3
    assert layer.background_filters[0].input("inputSaturation") == 1.8
    assert layer.compositing_filter == "screenBlendMode"
    assert layer.value("filters.blur.inputRadius") == 3
    layer.set_value("backgroundFilters.frost.inputSaturation", 0.5)
    assert layer.background_filters[0].input("inputSaturation") == 0.5
    layer.compositing_filter = None
    layer.filters = None
    assert layer.compositing_filter is None and layer.filters == []


def test_bad_input_is_refused_and_the_value_kept(engine):
    layer = engine.layer()
    layer.filters = [Filter.gaussian_blur("blur", radius=3), Filter.color_matrix("m")]
    kept = layer.filters
    with pytest.raises(InvalidArgumentError, match="compositingFilter"):
        layer.compositing_filter = "multiply"
    with pytest.raises(InvalidArgumentError, match="negative"):
        layer.filters = [Filter.gaussian_blur(radius=-1)]
    with pytest.raises(InvalidArgumentError):
        layer.filters = [Filter.gaussian_blur(radius=math.nan)]
    with pytest.raises(InvalidArgumentError, match="at most 64"):
        layer.filters = [Filter.color_invert()] * 65
    with pytest.raises(InvalidArgumentError, match="negative"):
        layer.set_value("filters.blur.inputRadius", -2)
    with pytest.raises(InvalidArgumentError, match="4 numbers"):
        layer.set_value("filters.m.inputRVector", [1, 2, 3])
    with pytest.raises(UnknownKeyError, match="no filter named 'nosuch'"):
        layer.set_value("filters.nosuch.inputRadius", 1)
    with pytest.raises(UnknownKeyError):
        layer.value("filters.blur.inputSaturation")
    with pytest.raises(TypeError):
        layer.filters = ["gaussianBlur"]
    assert layer.filters == kept
    # An absurd radius is stored and drawn clamped (σ ≤ 256, R19.6).
    layer.set_value("filters.blur.inputRadius", 1e6)
    engine.tick(0)
    assert engine.draw_list(layer)[0].filters[0].sigma == 256.0


def test_implicit_key_path_animation_and_interruption(engine, layer):
    with engine.transaction(duration=1.0, timing="linear"):
        layer.set_value("filters.blur.inputRadius", 20.0)
    engine.tick(0)  # commits: R2 begins it at the next tick
    engine.tick(0.25)
    assert layer.presentation().value("filters.blur.inputRadius") == pytest.approx(8.0)
    with engine.transaction(duration=1.0, timing="linear"):
        layer.set_value("filters.blur.inputRadius", 0.0)
    engine.tick(0.25)  # the interruption starts from the 8 on screen
    assert layer.presentation().value("filters.blur.inputRadius") == pytest.approx(8.0)
    engine.tick(0.75)
    assert layer.presentation().value("filters.blur.inputRadius") == pytest.approx(4.0)
    shown = layer.presentation().filters
    assert shown[0].input("inputRadius") == pytest.approx(4.0) and layer.filters[0].input("inputRadius") == 0.0
    assert engine.draw_list(layer)[0].filters[0].sigma == pytest.approx(4.0)
    engine.tick(1.5)
    assert layer.presentation().value("filters.blur.inputRadius") == 0.0


def test_the_hosts_loop_sets_every_frame_then_ticks(engine):
    layer = engine.layer(bounds=(0, 0, 100, 100))
    layer.filters = [Filter.gaussian_blur("blur", radius=0)]
    engine.tick(0)
    last = 0.0
    for frame in range(1, 31):
        layer.set_value("filters.blur.inputRadius", float(frame))
        engine.tick(frame / 60)
        sigma = engine.draw_list(layer)[0].filters[0].sigma
        assert last <= sigma <= frame  # follows behind the target, never back, never past
        last = sigma
    assert last > 5
    engine.tick(2.0)
    assert engine.draw_list(layer)[0].filters[0].sigma == 30.0


def test_explicit_animations_take_the_key_path(engine, layer):
    layer.add_animation(BasicAnimation("filters.blur.inputRadius", from_value=0.0, to_value=40.0, duration=2.0), key="b")
    engine.tick(0)
    engine.tick(0.5)
    assert layer.presentation().value("filters.blur.inputRadius") == pytest.approx(10.0)
    layer.remove_all_animations()
    layer.add_animation(KeyframeAnimation("filters.blur.inputRadius", values=[0.0, 10.0, 0.0], duration=2.0), key="k")
    engine.tick(0.5)
    engine.tick(1.0)
    assert layer.presentation().value("filters.blur.inputRadius") == pytest.approx(5.0)


def test_draw_record_carries_filters_groups_and_blend(engine):
    root = engine.layer(bounds=(0, 0, 400, 400), transform=lamina.IDENTITY.scaled(2, 2))
    blurred = engine.layer(bounds=(0, 0, 10, 10))
    blurred.filters = [Filter.gaussian_blur("blur", radius=3), Filter.color_controls("tone", saturation=0)]
    blend = engine.layer(bounds=(0, 0, 10, 10))
    blend.compositing_filter = "multiplyBlendMode"
    frost = engine.layer(bounds=(0, 0, 10, 10))
    frost.background_filters = [Filter.gaussian_blur("frost", radius=20)]
    plain = engine.layer(bounds=(0, 0, 10, 10))
    for sub in (blurred, blend, frost, plain):
        root.add_sublayer(sub)
    engine.tick(0)
    records = engine.draw_list(root)
    r = records[1]
    assert r.group and r.filters[0].sigma == pytest.approx(6.0) and r.filter_reach == pytest.approx(18.0)
    gray = r.filters[1].matrix
    assert gray[0:3] == pytest.approx((0.213, 0.715, 0.072)) and gray[18] == 1.0
    assert records[2].group and records[2].blend_mode == "multiplyBlendMode" and records[2].filters == ()
    assert not records[3].group and records[3].background_filters[0].sigma == pytest.approx(40.0)
    assert records[3].background_filter_reach == pytest.approx(120.0)
    assert records[4].filters == () and records[4].blend_mode is None and not records[4].group


def test_draw_list_array_has_the_filters_pointer(engine, layer):
    arr = engine.draw_list_array(layer)
    off, fmt = lamina.DRAW_RECORD_FIELDS["filters"]
    assert fmt == "P"
    import struct
    view = arr if isinstance(arr, memoryview) else None
    if view is not None:
        assert struct.unpack_from("P", view, off)[0] != 0
    else:
        assert int(arr["filters"][0]) != 0


def _radius_difference(layer, t, h=1e-6):
    key = "filters.blur.inputRadius"
    return (layer.presentation(at=t + h).value(key) - layer.presentation(at=t - h).value(key)) / (2 * h)


def test_filter_input_velocity_matches_difference(engine, layer):
    """R19.4, R17.1-R17.3: a filter input's velocity is a number's (tolerance 1e-5, R17.2)."""
    key = "filters.blur.inputRadius"
    assert layer.presentation().velocity(key) == 0.0  # nothing animates
    layer.add_animation(BasicAnimation(key, from_value=0.0, to_value=40.0, duration=2.0,
                                       timing_function="ease-in-ease-out"),
                        key="b")
    engine.tick(0)
    for t in (0.3, 1.0, 1.6):
        v = layer.presentation(at=t).velocity(key)
        d = _radius_difference(layer, t)
        assert v > 1 and abs(v - d) <= 1e-5 * max(1.0, abs(d)), (t, v, d)
    assert layer.presentation(at=3.0).velocity(key) == 0.0  # removed at its end
    with pytest.raises(UnknownKeyError):
        layer.presentation().velocity("filters.nope.inputRadius")
    with pytest.raises(lamina.TypeMismatchError, match=r"filters\.<name>\.<input>"):
        layer.presentation().velocity("filters")


def test_filter_input_spring_handoff_keeps_velocity(engine, layer):
    """R17.6 for a filter input: a transaction's spring interrupted by another keeps the velocity."""
    key = "filters.blur.inputRadius"
    with engine.transaction(spring=lamina.Spring(duration=0.5, bounce=0.2)):
        layer.set_value(key, 40.0)
    engine.tick(0.0)
    engine.tick(0.1)
    t1 = 0.1 + 1 / 60
    before = layer.presentation(at=t1).velocity(key)
    p_before = layer.presentation(at=t1).value(key)
    assert before > 10
    with engine.transaction(spring=lamina.Spring(duration=0.3)):
        layer.set_value(key, 0.0)
    engine.tick(t1)
    after = layer.presentation(at=t1).velocity(key)
    assert abs(after - before) <= 1e-6 * abs(before), (before, after)
    assert abs(layer.presentation(at=t1).value(key) - p_before) <= 1e-9
    engine.tick(10.0)
    assert layer.presentation().value(key) == 0.0
    assert layer.presentation().velocity(key) == 0.0
