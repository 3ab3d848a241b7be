# SPDX-License-Identifier: Apache-2.0
"""Shape, gradient and replicator layers from Python (issue 15): creation, Core Animation's
defaults (RS-8 shape, RS-9 gradient, RS-13 replicator), typed round trips, number and colour
arrays, wrong-kind keys (UNKNOWN_KEY), bad values, implicit and explicit animation, typed
presentations, and the subclass of layers the engine hands back."""
import gc
import math
import os
import re

import pytest

import lamina
from lamina import (
    BLACK,
    BLUE,
    GREEN,
    IDENTITY,
    RED,
    WHITE,
    BasicAnimation,
    Color,
    GradientLayer,
    KeyframeAnimation,
    Layer,
    LayerKind,
    Path,
    Point,
    ReplicatorLayer,
    ShapeLayer,
    Transform3D,
)
from lamina import _capi as C
from lamina._values import from_c_value, to_c_value

def _find_header():
    d = os.path.dirname(os.path.abspath(__file__))
    while d != os.path.dirname(d):
        path = os.path.join(d, "include", "lamina", "lamina.h")
        if os.path.exists(path):
            return path
        d = os.path.dirname(d)
    raise FileNotFoundError("include/lamina/lamina.h above " + __file__)


HEADER = _find_header()
TOL = 1e-9  # values the engine computes in doubles from exact inputs


def mix(a, b, f):
    return tuple(x + (y - x) * f for x, y in zip(a, b))


def approx_color(c, ref, tol=TOL):
    return c is not None and len(c) == 4 and all(abs(x - y) <= tol for x, y in zip(c, ref))


def flat(items):
    """A list of colours (or points) as one flat list of floats: pytest.approx compares flat
    sequences only (pytest 9.2 refuses nested ones), so nested values are flattened first."""
    return [float(x) for item in items for x in item]


def approx_path(path, ref, tol=TOL):
    if path is None or len(path.elements) != len(ref.elements):
        return False
    for a, b in zip(path.elements, ref.elements):
        if a[0] != b[0] or len(a) != len(b):
            return False
        for p, q in zip(a[1:], b[1:]):
            if abs(p[0] - q[0]) > tol or abs(p[1] - q[1]) > tol:
                return False
    return True


@pytest.fixture
def linear(engine):
    """Implicit changes in a 1 s linear transaction (so progress is time)."""
    def transaction():
        return engine.transaction(duration=1.0, timing="linear")
    return transaction


# --- constants: the binding's tables match the header -------------------------------------------
def _defines():
    text = open(HEADER).read()
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"#define\s+(LAMINA_\w+)\s+\(?(\d+)u?\)?", text)}


def test_kind_and_enumeration_values_match_the_header():
    d = _defines()
    assert [int(k) for k in LayerKind] == [d["LAMINA_LAYER_KIND_PLAIN"], d["LAMINA_LAYER_KIND_SHAPE"],
                                           d["LAMINA_LAYER_KIND_GRADIENT"], d["LAMINA_LAYER_KIND_REPLICATOR"],
                                           d["LAMINA_LAYER_KIND_TEXT"]]
    assert C.FILL_RULES[d["LAMINA_FILL_RULE_NON_ZERO"]] == "non-zero"
    assert C.FILL_RULES[d["LAMINA_FILL_RULE_EVEN_ODD"]] == "even-odd"
    assert C.LINE_CAPS[d["LAMINA_LINE_CAP_BUTT"]] == "butt"
    assert C.LINE_CAPS[d["LAMINA_LINE_CAP_ROUND"]] == "round"
    assert C.LINE_CAPS[d["LAMINA_LINE_CAP_SQUARE"]] == "square"
    assert C.LINE_JOINS[d["LAMINA_LINE_JOIN_MITER"]] == "miter"
    assert C.LINE_JOINS[d["LAMINA_LINE_JOIN_ROUND"]] == "round"
    assert C.LINE_JOINS[d["LAMINA_LINE_JOIN_BEVEL"]] == "bevel"
    assert C.GRADIENT_TYPES[d["LAMINA_GRADIENT_AXIAL"]] == "axial"
    assert C.GRADIENT_TYPES[d["LAMINA_GRADIENT_RADIAL"]] == "radial"
    assert C.GRADIENT_TYPES[d["LAMINA_GRADIENT_CONIC"]] == "conic"
    text = open(HEADER).read()
    assert re.search(r"#define\s+LAMINA_DRAW_SHAPE_FILL\s+\(1u << 0\)", text) and C.DRAW_SHAPE_FILL == 1
    assert re.search(r"#define\s+LAMINA_DRAW_SHAPE_STROKE\s+\(1u << 1\)", text) and C.DRAW_SHAPE_STROKE == 2


def test_value_union_keeps_its_size_with_the_array_members():
    # The header: the union's size does not change (a transform is the largest member).
    from ctypes import sizeof
    assert sizeof(C.Value) == 8 + sizeof(C.Transform3D)
    assert C._ValueUnion.numbers.offset == 0 and C._ValueUnion.colors.offset == 0


# --- number and colour array values (LAMINA_VALUE_NUMBER_ARRAY / _COLOR_ARRAY) -----------------
def test_number_array_values_convert_both_ways():
    v = to_c_value([1, 2.5, 3], C.VALUE_NUMBER_ARRAY)
    assert v.type == C.VALUE_NUMBER_ARRAY and v.u.numbers.count == 3
    back = from_c_value(v)
    assert back == [1.0, 2.5, 3.0] and all(type(x) is float for x in back)
    empty = to_c_value([], C.VALUE_NUMBER_ARRAY)
    assert empty.type == C.VALUE_NUMBER_ARRAY and from_c_value(empty) == []
    assert to_c_value(None, C.VALUE_NUMBER_ARRAY).type == C.VALUE_NULL
    # The key's type decides: two numbers are an array here, not a point.
    assert to_c_value((1, 2), C.VALUE_NUMBER_ARRAY).type == C.VALUE_NUMBER_ARRAY


def test_colour_array_values_convert_both_ways():
    v = to_c_value([RED, (0, 0, 1), (0, 1, 0, 0.5)], C.VALUE_COLOR_ARRAY)
    assert v.type == C.VALUE_COLOR_ARRAY and v.u.colors.count == 3
    back = from_c_value(v)
    assert back == [RED, BLUE, Color(0.0, 1.0, 0.0, 0.5)]
    assert all(isinstance(c, Color) for c in back)
    # Without a hint, a sequence of colours is a colour array too.
    assert to_c_value([RED, BLUE]).type == C.VALUE_COLOR_ARRAY


@pytest.mark.parametrize("hint,bad", [
    (C.VALUE_NUMBER_ARRAY, ["a", 1]),
    (C.VALUE_NUMBER_ARRAY, 3.0),
    (C.VALUE_NUMBER_ARRAY, [RED]),
    (C.VALUE_COLOR_ARRAY, [1.0, 2.0]),
    (C.VALUE_COLOR_ARRAY, [(1, 0)]),
    (C.VALUE_COLOR_ARRAY, RED),
])
def test_array_values_of_the_wrong_shape_are_type_mismatches(hint, bad):
    with pytest.raises(lamina.TypeMismatchError):
        to_c_value(bad, hint, "key")


# --- creation and kind -------------------------------------------------------------------------
@pytest.mark.parametrize("factory,cls,kind", [
    ("layer", Layer, LayerKind.PLAIN),
    ("shape_layer", ShapeLayer, LayerKind.SHAPE),
    ("gradient_layer", GradientLayer, LayerKind.GRADIENT),
    ("replicator_layer", ReplicatorLayer, LayerKind.REPLICATOR),
])
def test_factories_make_their_kind(engine, factory, cls, kind):
    layer = getattr(engine, factory)(bounds=(0, 0, 10, 20), opacity=0.5)
    assert type(layer) is cls and isinstance(layer, Layer)
    assert layer.kind is kind
    assert layer.bounds == lamina.Rect.of(0, 0, 10, 20) and layer.opacity == 0.5
    assert repr(layer).startswith(f"<lamina.{cls.__name__} ")
    # The library agrees (lamina_layer_get_kind).
    from ctypes import byref, c_int32
    out = c_int32()
    C.lib.lamina_layer_get_kind(engine._ptr(), layer._handle, byref(out))
    assert out.value == int(kind)


def test_factories_set_kind_properties(engine):
    shape = engine.shape_layer(stroke_end=0.25, line_cap="round", line_dash_pattern=[2, 1])
    assert (shape.stroke_end, shape.line_cap, shape.line_dash_pattern) == (0.25, "round", [2.0, 1.0])
    gradient = engine.gradient_layer(colors=[RED, BLUE], type="conic")
    assert (gradient.colors, gradient.type) == ([RED, BLUE], "conic")
    replicator = engine.replicator_layer(instance_count=5, instance_delay=0.5)
    assert (replicator.instance_count, replicator.instance_delay) == (5, 0.5)


@pytest.mark.parametrize("factory,name,owner", [
    ("layer", "stroke_end", "ShapeLayer"),
    ("layer", "colors", "GradientLayer"),
    ("shape_layer", "instance_count", "ReplicatorLayer"),
    ("gradient_layer", "path", "ShapeLayer"),
    ("replicator_layer", "locations", "GradientLayer"),
])
def test_factories_refuse_another_kinds_property(engine, factory, name, owner):
    root = engine.layer()
    with pytest.raises(TypeError, match=f"{name}.*{owner}"):
        getattr(engine, factory)(**{name: 1.0})
    with pytest.raises(TypeError, match="unknown"):
        getattr(engine, factory)(no_such_property=1.0)
    # the names are checked before the layer is made
    assert len(engine._layers) == 1 and root.alive


# --- defaults (Core Animation's) ---------------------------------------------------------------
def test_shape_layer_defaults(engine):
    s = engine.shape_layer()
    assert s.path is None
    assert s.fill_color == BLACK  # opaque black (RS-8.1)
    assert s.fill_rule == "non-zero"
    assert s.stroke_color is None
    assert s.line_width == 1.0
    assert s.line_cap == "butt"
    assert s.line_join == "miter"
    assert s.miter_limit == 10.0
    assert s.line_dash_pattern is None
    assert s.line_dash_phase == 0.0
    assert s.stroke_start == 0.0
    assert s.stroke_end == 1.0
    # The key-value API gives the same (CA's names, Python names).
    assert s.value("strokeEnd") == 1.0 and s["line_width"] == 1.0 and s.value("fillRule") == "non-zero"


def test_gradient_layer_defaults(engine):
    g = engine.gradient_layer()
    assert g.colors is None
    assert g.locations is None
    assert g.start_point == Point(0.5, 0.0)
    assert g.end_point == Point(0.5, 1.0)
    assert g.type == "axial"


def test_replicator_layer_defaults(engine):
    r = engine.replicator_layer()
    assert r.instance_count == 1 and type(r.instance_count) is int
    assert r.instance_delay == 0.0
    assert r.instance_transform == IDENTITY
    assert r.instance_color == WHITE
    assert (r.instance_red_offset, r.instance_green_offset, r.instance_blue_offset,
            r.instance_alpha_offset) == (0.0, 0.0, 0.0, 0.0)
    assert r.preserves_depth is False


def test_kinds_keep_the_layer_defaults(engine):
    for layer in (engine.shape_layer(), engine.gradient_layer(), engine.replicator_layer()):
        assert layer.opacity == 1.0 and layer.anchor_point == Point(0.5, 0.5)
        assert layer.background_color is None and layer.sublayers == []


# --- typed round trips -------------------------------------------------------------------------
def test_shape_properties_round_trip(engine):
    s = engine.shape_layer()
    path = Path.ellipse((0, 0, 40, 20))
    s.path = path
    s.fill_color = (0, 1, 0)
    s.fill_rule = "even-odd"
    s.stroke_color = RED
    s.line_width = 3
    s.line_cap = "square"
    s.line_join = "bevel"
    s.miter_limit = 4.5
    s.line_dash_pattern = (4, 2.5)
    s.line_dash_phase = 1.5
    s.stroke_start = 0.125
    s.stroke_end = 0.75
    assert isinstance(s.path, Path) and s.path == path
    assert s.fill_color == GREEN and isinstance(s.fill_color, Color)
    assert (s.fill_rule, s.line_cap, s.line_join) == ("even-odd", "square", "bevel")
    assert s.stroke_color == RED
    assert s.line_width == 3.0 and type(s.line_width) is float
    assert s.miter_limit == 4.5
    assert s.line_dash_pattern == [4.0, 2.5] and type(s.line_dash_pattern) is list
    assert (s.line_dash_phase, s.stroke_start, s.stroke_end) == (1.5, 0.125, 0.75)
    # nil again
    s.path = None
    s.fill_color = None
    s.stroke_color = None
    s.line_dash_pattern = None
    assert (s.path, s.fill_color, s.stroke_color, s.line_dash_pattern) == (None, None, None, None)
    # an empty dash pattern is kept as given (a solid line, as nil)
    s.line_dash_pattern = []
    assert s.line_dash_pattern in ([], None)


def test_gradient_properties_round_trip(engine):
    g = engine.gradient_layer()
    g.colors = [RED, (0, 0, 1), (0, 1, 0, 0.5)]
    g.locations = [0, 0.25, 1]
    g.start_point = (0, 0.5)
    g.end_point = Point(1, 0.5)
    g.type = "radial"
    assert g.colors == [RED, BLUE, Color(0.0, 1.0, 0.0, 0.5)]
    assert all(isinstance(c, Color) for c in g.colors)
    assert g.locations == [0.0, 0.25, 1.0]
    assert (g.start_point, g.end_point, g.type) == (Point(0, 0.5), Point(1, 0.5), "radial")
    g.type = "conic"
    assert g.type == "conic"
    g.colors = None
    g.locations = None
    assert (g.colors, g.locations) == (None, None)
    # the key-value API takes CA's names and the Python names
    g.set_value("colors", [BLUE, RED])
    g["locations"] = [0.5, 1]
    assert g.value("colors") == [BLUE, RED] and g["locations"] == [0.5, 1.0]


def test_replicator_properties_round_trip(engine):
    r = engine.replicator_layer()
    t = Transform3D.rotation(math.pi / 6)
    r.instance_count = 12
    r.instance_delay = 0.125
    r.instance_transform = t
    r.instance_color = (1, 0.5, 0.25)
    r.instance_red_offset = -0.1
    r.instance_green_offset = -0.2
    r.instance_blue_offset = 0.3
    r.instance_alpha_offset = -0.5
    r.preserves_depth = True
    assert r.instance_count == 12 and type(r.instance_count) is int
    assert r.instance_delay == 0.125
    assert all(abs(a - b) <= TOL for a, b in zip(r.instance_transform, t))
    assert r.instance_color == Color(1.0, 0.5, 0.25, 1.0)
    assert (r.instance_red_offset, r.instance_green_offset, r.instance_blue_offset,
            r.instance_alpha_offset) == (-0.1, -0.2, 0.3, -0.5)
    assert r.preserves_depth is True
    r.instance_count = 0  # no instance: allowed
    assert r.instance_count == 0
    r.instance_count = 3.0  # an integral float is an integer
    assert r.instance_count == 3


def test_key_paths_into_the_kinds_struct_properties(engine, linear):
    """CA-7.6 key paths reach the kinds' points and transforms, and only on their kind."""
    g = engine.gradient_layer()
    r = engine.replicator_layer()
    g.set_value("startPoint.x", 0.25)
    r["instanceTransform.translation.x"] = 2
    assert g.start_point == Point(0.25, 0.0) and g.value("startPoint.x") == 0.25
    assert r.instance_transform.m41 == 2.0 and r["instanceTransform.translation.x"] == 2.0
    with pytest.raises(lamina.UnknownKeyError):
        r.set_value("startPoint.x", 1.0)
    with pytest.raises(lamina.UnknownKeyError):
        g.value("instanceTransform.translation.x")
    engine.tick(0)
    with linear():
        g["endPoint.y"] = 0.0  # animates the whole endPoint implicitly, from (0.5, 1)
    engine.tick(0)
    assert g.animation_keys == ["endPoint"]
    assert g.presentation(at=0.5).end_point == pytest.approx((0.5, 0.5), abs=TOL)


def test_batch_calls_reach_kind_keys(engine):
    rings = [engine.shape_layer() for _ in range(3)]
    engine.set_numbers(rings, "stroke_end", [0.1, 0.2, 0.3])
    assert [r.stroke_end for r in rings] == [0.1, 0.2, 0.3]
    assert list(engine.numbers(rings, "strokeEnd")) == [0.1, 0.2, 0.3]


# --- wrong kind: UNKNOWN_KEY ---------------------------------------------------------------------
@pytest.mark.parametrize("factory,key,value", [
    ("layer", "strokeEnd", 0.5),
    ("layer", "path", None),
    ("layer", "colors", [RED, BLUE]),
    ("layer", "instanceCount", 2),
    ("shape_layer", "locations", [0.0, 1.0]),
    ("shape_layer", "instanceColor", RED),
    ("gradient_layer", "lineWidth", 2.0),
    ("gradient_layer", "instanceDelay", 0.1),
    ("replicator_layer", "fillColor", RED),
    ("replicator_layer", "startPoint", (0, 0)),
])
def test_a_key_of_another_kind_is_unknown(engine, factory, key, value):
    layer = getattr(engine, factory)()
    with pytest.raises(lamina.UnknownKeyError):
        layer.value(key)
    with pytest.raises(lamina.UnknownKeyError):
        layer.set_value(key, value)
    with pytest.raises(KeyError):  # UnknownKeyError is a KeyError
        layer[key]
    engine.tick(0)
    with pytest.raises(lamina.UnknownKeyError):
        layer.presentation().value(key)
    with pytest.raises(lamina.UnknownKeyError):
        layer.add_animation(BasicAnimation(key, duration=1.0))


def test_python_names_of_another_kind_are_unknown_keys_too(engine):
    plain = engine.layer()
    with pytest.raises(lamina.UnknownKeyError, match="strokeEnd"):
        plain.set_value("stroke_end", 0.5)  # translated to CA's name, refused by the library
    with pytest.raises(lamina.UnknownKeyError):
        engine.set_numbers([plain], "stroke_end", [0.5])
    with pytest.raises(AttributeError):
        plain.stroke_end  # noqa: B018 - not an attribute of a plain Layer
    with pytest.raises(AttributeError):
        engine.gradient_layer().instance_count  # noqa: B018
    with pytest.raises(AttributeError):
        plain.stroke_end = 0.5  # a slotted class: no new attributes


# --- bad values ----------------------------------------------------------------------------------
@pytest.mark.parametrize("factory,name,value,error", [
    ("replicator_layer", "instance_count", 2.5, lamina.InvalidArgumentError),
    ("replicator_layer", "instance_count", -1, lamina.InvalidArgumentError),
    ("replicator_layer", "instance_count", 10001, lamina.InvalidArgumentError),
    ("replicator_layer", "instance_count", float("nan"), lamina.InvalidArgumentError),
    ("replicator_layer", "instance_count", "3", lamina.TypeMismatchError),
    ("replicator_layer", "instance_delay", float("inf"), lamina.InvalidArgumentError),
    ("replicator_layer", "instance_color", None, lamina.TypeMismatchError),
    ("shape_layer", "line_width", float("nan"), lamina.InvalidArgumentError),
    ("shape_layer", "stroke_end", float("inf"), lamina.InvalidArgumentError),
    ("shape_layer", "fill_rule", "sideways", lamina.InvalidArgumentError),
    ("shape_layer", "fill_rule", 1, lamina.TypeMismatchError),
    ("shape_layer", "line_cap", "flat", lamina.InvalidArgumentError),
    ("shape_layer", "line_join", "sharp", lamina.InvalidArgumentError),
    ("shape_layer", "line_dash_pattern", [1.0, float("nan")], lamina.InvalidArgumentError),
    ("shape_layer", "line_dash_pattern", [1.0] * 65537, lamina.InvalidArgumentError),
    ("shape_layer", "line_dash_pattern", ["1"], lamina.TypeMismatchError),
    ("shape_layer", "line_dash_pattern", 2.0, lamina.TypeMismatchError),
    ("shape_layer", "fill_color", (1, 0), TypeError),
    ("shape_layer", "path", [1, 2, 3], TypeError),
    ("gradient_layer", "type", "diamond", lamina.InvalidArgumentError),
    ("gradient_layer", "colors", [1.0, 0.0, 0.0], lamina.TypeMismatchError),
    ("gradient_layer", "colors", [RED, (1.0, float("nan"), 0.0)], lamina.InvalidArgumentError),
    ("gradient_layer", "colors", [RED] * 65537, lamina.InvalidArgumentError),
    ("gradient_layer", "locations", [0.0, float("inf")], lamina.InvalidArgumentError),
    ("gradient_layer", "start_point", (0.0, float("nan")), lamina.InvalidArgumentError),
])
def test_bad_values_raise_and_change_nothing(engine, factory, name, value, error):
    layer = getattr(engine, factory)()
    before = getattr(layer, name)
    with pytest.raises(error):
        setattr(layer, name, value)
    assert getattr(layer, name) == before


def test_an_array_count_at_the_limit_is_taken(engine):
    s = engine.shape_layer(line_dash_pattern=[1.0] * 65536)
    assert len(s.line_dash_pattern) == 65536
    r = engine.replicator_layer(instance_count=10000)
    assert r.instance_count == 10000


# --- animation -----------------------------------------------------------------------------------
def test_stroke_end_animates_implicitly(engine, linear):
    ring = engine.shape_layer(path=Path.ellipse((0, 0, 80, 80)), stroke_color=BLUE)
    engine.tick(0)
    with linear():
        ring.stroke_end = 0.0
    assert ring.stroke_end == 0.0 and ring.presentation().stroke_end == 1.0
    engine.tick(0)  # commits: begins at 0 (R2)
    assert ring.animation_keys == ["strokeEnd"]
    engine.tick(0.25)
    assert ring.presentation().stroke_end == pytest.approx(0.75, abs=TOL)
    assert ring.presentation(at=0.5).stroke_end == pytest.approx(0.5, abs=TOL)
    implicit = ring.animation("strokeEnd")
    assert isinstance(implicit, BasicAnimation) and implicit.to_value == 0.0
    engine.tick(1.5)
    assert ring.presentation().stroke_end == 0.0 and ring.animation_keys == []


@pytest.mark.parametrize("name,key,to", [
    ("stroke_start", "strokeStart", 0.5),
    ("line_width", "lineWidth", 9.0),
    ("miter_limit", "miterLimit", 2.0),
    ("line_dash_phase", "lineDashPhase", 4.0),
])
def test_animatable_shape_numbers_animate_implicitly(engine, linear, name, key, to):
    s = engine.shape_layer()
    engine.tick(0)
    start = getattr(s, name)
    with linear():
        setattr(s, name, to)
    engine.tick(0)
    engine.tick(0.5)
    assert s.animation_keys == [key]
    assert getattr(s.presentation(), name) == pytest.approx((start + to) / 2, abs=TOL)


def test_shape_colours_animate_implicitly(engine, linear):
    s = engine.shape_layer(stroke_color=RED)
    engine.tick(0)
    with linear():
        s.stroke_color = BLUE
        s.fill_color = WHITE
    engine.tick(0)
    engine.tick(0.5)
    assert sorted(s.animation_keys) == ["fillColor", "strokeColor"]
    p = s.presentation()
    assert approx_color(p.stroke_color, mix(RED, BLUE, 0.5))
    assert approx_color(p.fill_color, mix(BLACK, WHITE, 0.5))


def test_path_has_no_implicit_animation_rs_8_4(engine, linear):
    s = engine.shape_layer(path=Path.rect((0, 0, 10, 10)))
    engine.tick(0)
    with linear():
        s.path = Path.rect((0, 0, 30, 30))
        s.fill_rule = "even-odd"  # not animatable either
        s.line_cap = "round"
        s.line_dash_pattern = [2.0, 2.0]
    engine.tick(0)
    engine.tick(0.5)
    assert s.animation_keys == []
    p = s.presentation()
    assert p.path == Path.rect((0, 0, 30, 30))
    assert (p.fill_rule, p.line_cap, p.line_dash_pattern) == ("even-odd", "round", [2.0, 2.0])


def test_path_animates_explicitly_point_by_point_rs_8_5(engine):
    s = engine.shape_layer(path=Path.rect((0, 0, 10, 10)))
    engine.tick(0)
    s.add_animation(BasicAnimation("path", from_value=Path.rect((0, 0, 10, 10)),
                                   to_value=Path.rect((10, 10, 30, 30)), duration=1.0,
                                   timing_function="linear"), key="grow")
    engine.tick(0)
    engine.tick(0.5)
    assert approx_path(s.presentation().path, Path.rect((5, 5, 20, 20)))
    copy = s.animation("grow")
    assert copy.to_value == Path.rect((10, 10, 30, 30))


def test_paths_of_different_structure_switch_half_way_rs_8_5(engine):
    a, b = Path.rect((0, 0, 10, 10)), Path.ellipse((0, 0, 10, 10))
    s = engine.shape_layer(path=a)
    engine.tick(0)
    s.add_animation(BasicAnimation("path", from_value=a, to_value=b, duration=1.0,
                                   timing_function="linear"))
    engine.tick(0)
    assert s.presentation(at=0.4).path == a
    assert s.presentation(at=0.6).path == b


def test_colors_animate_implicitly_element_wise(engine, linear):
    g = engine.gradient_layer(colors=[RED, BLUE], locations=[0, 1])
    engine.tick(0)
    with linear():
        g.colors = [BLUE, (0, 1, 0, 0.5)]
        g.locations = [0.5, 0.75]
        g.start_point = (0, 0)
    engine.tick(0)
    engine.tick(0.25)
    assert sorted(g.animation_keys) == ["colors", "locations", "startPoint"]
    p = g.presentation()
    assert isinstance(p, lamina.GradientPresentation)
    assert len(p.colors) == 2
    assert approx_color(p.colors[0], mix(RED, BLUE, 0.25))
    assert approx_color(p.colors[1], mix(BLUE, (0, 1, 0, 0.5), 0.25))
    assert p.locations == pytest.approx([0.125, 0.9375], abs=TOL)
    assert p.start_point == pytest.approx((0.375, 0.0), abs=TOL)
    implicit = g.animation("colors")
    assert implicit.to_value == [BLUE, Color(0, 1, 0, 0.5)]


def test_colors_of_different_counts_switch_half_way(engine, linear):
    g = engine.gradient_layer(colors=[RED, BLUE])
    engine.tick(0)
    with linear():
        g.colors = [GREEN, RED, BLUE]
    engine.tick(0)
    assert g.presentation(at=0.4).colors == [RED, BLUE]
    assert g.presentation(at=0.6).colors == [GREEN, RED, BLUE]


def test_colors_animate_explicitly_with_keyframes(engine):
    g = engine.gradient_layer(colors=[RED, BLUE])
    engine.tick(0)
    g.add_animation(KeyframeAnimation("colors", [[RED, BLUE], [BLUE, RED], [RED, BLUE]],
                                      duration=2.0, calculation_mode="linear"), key="swap")
    engine.tick(0)
    p = g.presentation(at=0.5)
    assert approx_color(p.colors[0], mix(RED, BLUE, 0.5))
    assert approx_color(p.colors[1], mix(BLUE, RED, 0.5))
    colors = g.presentation(at=1.0).colors
    assert len(colors) == 2 and flat(colors) == pytest.approx(flat([BLUE, RED]), abs=TOL)


def test_gradient_type_does_not_animate(engine, linear):
    g = engine.gradient_layer()
    engine.tick(0)
    with linear():
        g.type = "radial"
    engine.tick(0)
    assert g.animation_keys == [] and g.presentation().type == "radial"


def test_replicator_animatable_and_fixed_properties(engine, linear):
    r = engine.replicator_layer()
    engine.tick(0)
    with linear():
        r.instance_count = 4       # animates in whole steps (RS-13.1)
        r.instance_delay = 0.5
        r.preserves_depth = True   # not animatable
        r.instance_color = RED
        r.instance_alpha_offset = -0.5
        r.instance_transform = Transform3D.translation(10, 0)
    engine.tick(0)
    engine.tick(0.5)
    assert sorted(r.animation_keys) == ["instanceAlphaOffset", "instanceColor", "instanceCount",
                                        "instanceDelay", "instanceTransform"]
    p = r.presentation()
    assert isinstance(p, lamina.ReplicatorPresentation)
    assert p.instance_count == 2 and type(p.instance_count) is int  # floor(1 + 3 * 0.5)
    assert p.instance_delay == pytest.approx(0.25, abs=TOL) and p.preserves_depth is True
    assert approx_color(p.instance_color, mix(WHITE, RED, 0.5))
    assert p.instance_alpha_offset == pytest.approx(-0.25, abs=TOL)
    assert p.instance_transform.m41 == pytest.approx(5.0, abs=TOL)


def test_instance_count_animates_within_its_bound(engine):
    """RS-13.1: an explicit animation of instanceCount with a value outside 0...10000 is
    refused; one within it is attached."""
    r = engine.replicator_layer()
    engine.tick(0)
    for bad in [dict(from_value=1, to_value=10001), dict(from_value=-1, to_value=5),
                dict(by_value=20000)]:
        with pytest.raises(lamina.InvalidArgumentError):
            r.add_animation(BasicAnimation("instanceCount", duration=1.0, **bad))
    assert r.animation_keys == []
    r.add_animation(BasicAnimation("instanceCount", from_value=1, to_value=5, duration=1.0), key="n")
    assert r.animation_keys == ["n"]


def test_presentations_are_typed_per_kind(engine):
    s = engine.shape_layer(stroke_end=0.5, line_dash_pattern=[1, 2])
    g = engine.gradient_layer(colors=[RED, BLUE])
    r = engine.replicator_layer(instance_count=3)
    assert s.presentation() is None  # never committed
    engine.tick(0)
    sp, gp, rp = s.presentation(), g.presentation(), r.presentation()
    assert type(sp) is lamina.ShapePresentation and sp.layer is s
    assert type(gp) is lamina.GradientPresentation and gp.layer is g
    assert type(rp) is lamina.ReplicatorPresentation and rp.layer is r
    assert sp.stroke_end == 0.5 and sp["strokeEnd"] == 0.5 and sp.line_dash_pattern == [1.0, 2.0]
    assert sp.opacity == 1.0  # Layer's properties too
    assert gp.colors == [RED, BLUE] and gp.locations is None
    assert rp.instance_count == 3
    assert s.presentation(at=0.0).stroke_end == 0.5
    with pytest.raises(AttributeError, match="read-only"):
        sp.stroke_end = 0.1
    assert type(engine.layer().presentation()) is not lamina.ShapePresentation


# --- layers the engine hands back are of their kind's subclass ----------------------------------
def test_sublayers_and_superlayer_come_back_as_their_subclass(engine):
    root = engine.layer()
    for factory in ("shape_layer", "gradient_layer", "replicator_layer", "layer"):
        root.add_sublayer(getattr(engine, factory)())
    child = engine.layer()
    root.sublayers[2].add_sublayer(child)
    gc.collect()  # the Python objects of the new layers are gone: the engine's handles remain
    assert [type(x) for x in root.sublayers] == [ShapeLayer, GradientLayer, ReplicatorLayer, Layer]
    assert [x.kind for x in root.sublayers] == [LayerKind.SHAPE, LayerKind.GRADIENT,
                                                LayerKind.REPLICATOR, LayerKind.PLAIN]
    assert type(child.superlayer) is ReplicatorLayer
    assert child.superlayer.instance_count == 1  # and it works as one


def test_hit_test_mask_and_draw_records_give_subclasses(engine):
    root = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50))
    root.add_sublayer(engine.gradient_layer(bounds=(0, 0, 50, 50), position=(25, 25)))
    root.mask = engine.shape_layer(bounds=(0, 0, 100, 100), position=(50, 50))
    engine.tick(0)
    gc.collect()
    hit = root.hit_test((10, 10))
    assert type(hit) is GradientLayer
    assert type(root.mask) is ShapeLayer
    kinds = {type(r.layer) for r in engine.draw_list(root)}
    assert GradientLayer in kinds


def test_callbacks_get_subclasses(engine):
    seen = []
    root = engine.layer()
    shape = engine.shape_layer()
    root.add_sublayer(shape)
    engine.tick(0)
    shape.delegate = lambda layer, event: seen.append((type(layer), event))
    shape.stroke_end = 0.5
    assert (ShapeLayer, "strokeEnd") in seen
    anim_seen = []
    shape.add_animation(BasicAnimation("strokeStart", to_value=0.5, duration=0.5,
                                       on_start=lambda layer, key: anim_seen.append(type(layer))))
    handle = shape._handle
    del shape
    gc.collect()
    engine.tick(0)
    engine.tick(0.1)
    assert anim_seen == [ShapeLayer]
    assert type(engine._wrap(handle)) is ShapeLayer
