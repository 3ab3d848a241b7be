# SPDX-License-Identifier: Apache-2.0
"""Issue 13 item 1: the typed surface stays in step with the property table, and the user
script that tools/typecheck.sh type checks also runs."""
import importlib.util
import os

import pytest

import lamina
from lamina import _props
from lamina._keys import _GRADIENT_PROPS, _PROPS, _REPLICATOR_PROPS, _SHAPE_PROPS

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "typing", "user_script.py")
KINDS_SCRIPT = os.path.join(HERE, "typing", "kinds_script.py")

_KIND_CLASSES = {
    "number": _props._NumberProp, "bool": _props._BoolProp, "point": _props._PointProp,
    "size": _props._SizeProp, "rect": _props._RectProp, "color": _props._ColorProp,
    "transform": _props._TransformProp, "string": _props._NameProp, "text": _props._TextProp,
    # issue 15
    "path": _props._PathProp, "numbers": _props._NumbersProp, "colors": _props._ColorsProp,
    "int": _props._IntProp, "solid_color": _props._SolidColorProp,
}
_KINDS = [
    (lamina.ShapeLayer, lamina.ShapePresentation, _SHAPE_PROPS, "shape"),
    (lamina.GradientLayer, lamina.GradientPresentation, _GRADIENT_PROPS, "gradient"),
    (lamina.ReplicatorLayer, lamina.ReplicatorPresentation, _REPLICATOR_PROPS, "replicator"),
]
_KIND_PARAMS = [(cls, pcls, table, name) for cls, pcls, table, _ in _KINDS for name in sorted(table)]


@pytest.mark.parametrize("name", sorted(_PROPS))
def test_every_property_is_a_typed_descriptor(name):
    key, kind = _PROPS[name]
    d = lamina.Layer.__dict__[name]
    assert isinstance(d, _props._Prop) and d.name == key
    if kind in _KIND_CLASSES:
        assert type(d) is _KIND_CLASSES[kind]
    p = lamina.Presentation.__dict__[name]
    assert isinstance(p, _props._PProp) and p.name == key
    assert (type(p) is _props._PNumberProp) == (kind == "number")
    assert (type(p) is _props._PPairProp) == (kind in ("point", "size"))
    assert d.__doc__ and p.__doc__


@pytest.mark.parametrize("cls,pcls,table,name", _KIND_PARAMS,
                         ids=[f"{c.__name__}.{n}" for c, _, _, n in _KIND_PARAMS])
def test_every_kind_property_is_a_typed_descriptor(cls, pcls, table, name):
    """Issue 15: each property of a layer kind is a typed descriptor of its subclass (and its
    presentation's), with a docstring giving an example; plain layers do not have it."""
    key, kind = table[name]
    d = cls.__dict__[name]
    assert isinstance(d, _props._Prop) and d.name == key
    if kind in _KIND_CLASSES:
        assert type(d) is _KIND_CLASSES[kind]
    else:
        assert kind == "enum" and isinstance(d, _props._EnumProp)
    p = pcls.__dict__[name]
    assert isinstance(p, _props._PProp) and p.name == key
    assert (type(p) is _props._PNumberProp) == (kind == "number")
    assert (type(p) is _props._PPairProp) == (kind == "point")
    assert (type(p) is _props._PIntProp) == (kind == "int")
    assert "Example:" in d.__doc__ and p.__doc__
    assert name not in lamina.Layer.__dict__ and name not in lamina.Presentation.__dict__
    for other, opcls, _, _ in _KINDS:
        if other is not cls:
            assert not hasattr(other, name) and not hasattr(opcls, name)


def test_every_kind_takes_the_layer_properties_too():
    for cls, pcls, table, _ in _KINDS:
        assert issubclass(cls, lamina.Layer) and issubclass(pcls, lamina.Presentation)
        assert set(cls._PYPROPS) == set(_PROPS) | set(table)
        assert cls._PRESENTATION is pcls


def test_kinds_script_touches_every_kind_property():
    text = open(KINDS_SCRIPT).read()
    for cls, _, table, var in _KINDS:
        short = {"shape": "sp", "gradient": "gp", "replicator": "rp"}[var]
        for name in table:
            assert f"({var}.{name}," in text, f"kinds_script.py does not read {cls.__name__}.{name}"
            assert f"({short}.{name}," in text, f"kinds_script.py does not read the presentation's {name}"
            assert f"    {var}.{name} = " in text, f"kinds_script.py does not set {cls.__name__}.{name}"
    import dataclasses
    for record_class, var in ((lamina.DrawShape, "r.shape"), (lamina.DrawGradient, "r.gradient")):
        script = open(SCRIPT).read()
        for field in dataclasses.fields(record_class):
            assert f"({var}.{field.name}," in script, f"user_script.py does not read {var}.{field.name}"


def test_user_script_touches_every_property():
    text = open(SCRIPT).read()
    for name in _PROPS:
        assert f"(layer.{name}," in text, f"user_script.py does not read Layer.{name}"
        assert f"(p.{name}," in text, f"user_script.py does not read Presentation.{name}"


def test_user_script_runs():
    spec = importlib.util.spec_from_file_location("user_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except ModuleNotFoundError as e:  # typing_extensions is a type-checking tool's dependency
        pytest.skip(str(e))
    mod.main()


def test_kinds_script_runs():
    """Issue 15: the kinds' user script runs (its assert_type calls are no-ops at run time;
    its asserts check the draw list holds every kind)."""
    spec = importlib.util.spec_from_file_location("kinds_script", KINDS_SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except ModuleNotFoundError as e:  # typing_extensions is a type-checking tool's dependency
        pytest.skip(str(e))
    mod.main()


def test_presentation_properties_are_read_only(engine):
    layer = engine.layer()
    engine.tick(0)
    p = layer.presentation()
    with pytest.raises(AttributeError, match="read-only"):
        p.opacity = 0.5


def test_presentation_appears_at_first_commit_and_stays(engine):
    # presentation() caches "was committed" (CA-1.2): it must still say None before.
    layer = engine.layer(opacity=0.25)
    assert layer.presentation() is None
    engine.tick(0)
    assert layer.presentation().opacity == pytest.approx(0.25, abs=1e-12)
    assert layer.presentation(at=0.0).opacity == pytest.approx(0.25, abs=1e-12)


def test_lean_paths_report_errors(engine):
    layer = engine.layer()
    layer.release()
    with pytest.raises(lamina.StaleHandleError):
        layer.opacity = 1.0
    with pytest.raises(lamina.StaleHandleError):
        layer.position
    other = engine.layer()
    with pytest.raises(lamina.InvalidArgumentError):
        other.opacity = float("nan")
    with pytest.raises((TypeError, ValueError)):  # float("x")'s error, as before
        other.opacity = "x"
    with pytest.raises((TypeError, ValueError)):
        other.position = (1.0, "y")
    other.position = (1, 2)  # ints convert
    assert other.position == lamina.Point(1.0, 2.0)
    other.position = lamina.Point(3.0, 4.0)
    assert other.position == (3.0, 4.0)


def test_lean_paths_reraise_callback_exceptions(engine):
    layer = engine.layer()
    engine.tick(0)

    def delegate(layer, event):
        raise RuntimeError("from the delegate")

    layer.delegate = delegate
    with pytest.raises(RuntimeError, match="from the delegate"):
        layer.opacity = 0.5


def test_constructor_keywords_typeddicts_are_current():
    # Issue 30 item 8: _propsdict.py is generated from the descriptors; a new property must
    # reach the constructors' TypedDicts (tools/gen_props_typeddict.py rewrites it).
    import subprocess
    import sys
    tool = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools",
                        "gen_props_typeddict.py")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(lamina.__file__)))
    r = subprocess.run([sys.executable, tool, "--check"], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
