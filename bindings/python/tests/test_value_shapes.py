# SPDX-License-Identifier: Apache-2.0
"""Issue 23 item 8: the shapes Python values take (docs/decisions.md, "Python values").

- a rect is a Rect, four numbers or a pair (origin, size), in every rect-taking API;
- a value for a custom key converts by the key's registered type (its default's), also where no
  layer is asked (actions, styles, default actions), never by a tuple's length;
- colour components are extended range: any finite number is kept (renderers clamp), a
  non-finite one is refused.
"""
import math

import pytest

import lamina
from lamina import BasicAnimation, Color, KeyframeAnimation, Point, Rect, Size

TOL = 1e-9
PAIR = ((1, 2), (30, 40))
RECT = Rect(Point(1, 2), Size(30, 40))


@pytest.fixture
def layer(engine):
    return engine.layer()


# --- rects ---------------------------------------------------------------------------------
def test_a_pair_of_pairs_is_a_rect_everywhere(engine, layer):
    layer.bounds = PAIR
    assert layer.bounds == RECT
    layer.bounds = (0, 0, 1, 1)
    layer.set_value("bounds", PAIR)  # the typed path (the key holds a rect)
    assert layer.bounds == RECT
    layer["contentsRect"] = [[0.25, 0.25], [0.5, 0.5]]  # lists too, and another rect key
    assert layer.value("contentsRect") == Rect.of(0.25, 0.25, 0.5, 0.5)
    layer.frame = PAIR
    assert layer.frame == RECT
    made = engine.layer(bounds=PAIR)
    assert made.bounds == RECT
    assert lamina.Path.rect(PAIR) == lamina.Path.rect(RECT)
    assert layer.convert_rect(PAIR, to=made) == layer.convert_rect(RECT, to=made)
    # tuple(rect) is a pair of pairs, so a Rect taken apart goes back in.
    layer.bounds = tuple(tuple(part) for part in RECT)
    assert layer.bounds == RECT


def test_a_pair_of_pairs_is_a_rect_in_animations(engine, layer):
    engine.tick(0)
    layer.add_animation(BasicAnimation("bounds", from_value=((0, 0), (0, 0)), to_value=((0, 0), (100, 50)),
                                       duration=1.0), key="grow")
    layer.add_animation(KeyframeAnimation("contentsRect", [((0, 0), (1, 1)), ((0, 0), (0.5, 0.5))],
                                          duration=1.0), key="crop")
    engine.tick(0)
    p = layer.presentation(at=0.5)
    assert p.bounds.size.width == pytest.approx(50, abs=TOL)
    assert p.bounds.size.height == pytest.approx(25, abs=TOL)
    assert p.value("contentsRect").size.width == pytest.approx(0.75, abs=TOL)


def test_a_custom_rect_key_takes_a_pair_of_pairs(engine, layer):
    engine.register_property("hotArea", Rect.of(0, 0, 0, 0))
    layer.set_value("hotArea", PAIR)
    assert layer.value("hotArea") == RECT
    # An action for it converts by its type too (without it a pair of pairs is no value at all).
    layer.set_action("hotArea", BasicAnimation("hotArea", from_value=((0, 0), (0, 0)), duration=1.0))


@pytest.mark.parametrize("bad", [((0, 0), (1,)), ((0, 0), (1, 1), (2, 2)), (1, 2, 3), "abcd",
                                 ((0, 0), "ab"), (True, 0, 1, 1)])
def test_other_shapes_are_not_rects(layer, bad):
    with pytest.raises(TypeError) as ei:
        layer.bounds = bad
    assert repr(bad) in str(ei.value)
    with pytest.raises(TypeError) as ei:
        layer.set_value("bounds", bad)
    assert repr(bad) in str(ei.value)


# --- custom keys ---------------------------------------------------------------------------
def test_three_numbers_for_a_non_colour_custom_key_are_refused_not_a_colour(engine, layer):
    engine.register_property("lift", (0.0, 0.0))  # a point
    engine.register_property("depth", 0.0)  # a number
    with pytest.raises(lamina.TypeMismatchError, match=r"'lift' takes a point.*\(1, 2, 3\)"):
        layer.set_action("lift", BasicAnimation("lift", from_value=(1, 2, 3)))
    with pytest.raises(lamina.TypeMismatchError, match=r"'depth' takes a number.*\(1, 2, 3\)"):
        engine.set_default_action("depth", BasicAnimation("depth", to_value=(1, 2, 3)))
    with pytest.raises(lamina.TypeMismatchError, match=r"'lift' takes a point"):
        layer.style = lamina.Style({"lift": KeyframeAnimation("lift", [(0, 0), (1, 2, 3)])})
    with pytest.raises(lamina.TypeMismatchError, match=r"'depth' takes a number"):
        layer.set_value("depth", (1, 2, 3))
    # The right shapes are taken, and the value keeps the key's type.
    layer.set_action("lift", BasicAnimation("lift", from_value=(1, 2)))
    engine.set_default_action("depth", BasicAnimation("depth", from_value=5))
    layer.set_value("lift", (3, 4))
    assert layer.value("lift") == Point(3, 4)


def test_three_numbers_for_a_colour_custom_key_are_a_colour(engine, layer):
    engine.register_property("glow", Color(0, 0, 0, 1))
    engine.tick(0)
    layer.set_action("glow", BasicAnimation("glow", from_value=(1, 0, 0), duration=1.0))
    layer.set_value("glow", (0, 0, 1))
    engine.tick(0)
    c = layer.presentation(at=0.5).value("glow")
    assert isinstance(c, Color)
    assert list(c) == pytest.approx([0.5, 0, 0.5, 1], abs=TOL)


# --- colour range --------------------------------------------------------------------------
def test_colour_components_are_extended_range(engine, layer):
    layer.background_color = (2.0, -0.5, 1.0, 1.5)
    assert layer.background_color == Color(2.0, -0.5, 1.0, 1.5)
    layer.set_value("border_color", Color(1.25, 0, 0))
    assert layer.border_color == Color(1.25, 0, 0, 1)
    for bad in (math.nan, math.inf, 1e16):
        with pytest.raises(lamina.InvalidArgumentError, match="finite"):
            layer.background_color = (bad, 0, 0)
    assert layer.background_color == Color(2.0, -0.5, 1.0, 1.5)  # unchanged by the refusals
