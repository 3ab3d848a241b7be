# SPDX-License-Identifier: Apache-2.0
"""Issue 13 item 5: Pythonic edges — docstrings with examples on every public name, reprs
everywhere, sublayers iterable, layers equal and hashable by identity within an engine,
Engine(clock=...)."""
import inspect

import pytest

import lamina


def _public():
    for name in lamina.__all__:
        obj = getattr(lamina, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            yield name, obj


@pytest.mark.parametrize("name,obj", list(_public()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_public_name_has_a_docstring_with_an_example(name, obj):
    doc = inspect.getdoc(obj) or ""
    assert doc, f"{name} has no docstring"
    assert any(m in doc for m in ("Example", "e.g.", "::", ">>>")), f"{name}'s docstring has no example"
    if inspect.isclass(obj):
        for attr, value in vars(obj).items():
            if attr.startswith("_"):
                continue
            if inspect.isfunction(value) or isinstance(value, (property, classmethod, staticmethod)):
                target = value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
                assert (target.__doc__ or "").strip(), f"{name}.{attr} has no docstring"


def test_every_public_class_has_a_repr(engine):
    layer = engine.layer()
    engine.tick(0)
    samples = [
        engine, layer, layer.presentation(), engine.current_transaction,
        lamina.Style({"opacity": lamina.NO_ACTION}),
        lamina.BasicAnimation("opacity", 0.0, 1.0, duration=2.0),
        lamina.SpringAnimation("position.x", to_value=3.0),
        lamina.KeyframeAnimation("opacity", [0.0, 1.0]),
        lamina.TransitionAnimation("push", "from-left"),
        lamina.AnimationGroup([lamina.BasicAnimation("opacity", to_value=1.0)]),
        lamina.Point(1, 2), lamina.Rect.of(0, 0, 1, 1), lamina.RED, lamina.IDENTITY,
    ]
    for obj in samples:
        text = repr(obj)
        assert type(obj).__repr__ is not object.__repr__, type(obj)
        assert "object at 0x" not in text, text
    assert repr(samples[5]) == "lamina.BasicAnimation(duration=2.0, key_path='opacity', from_value=0.0, to_value=1.0)"


def test_sublayers_are_iterable(engine):
    root = engine.layer()
    kids = [engine.layer() for _ in range(3)]
    for k in kids:
        root.add_sublayer(k)
    assert list(root) == kids == root.sublayers
    assert kids[1] in root and root not in kids[0]
    assert [c for c in kids[0]] == []


def test_layers_are_equal_and_hashable_by_identity_within_an_engine(engine):
    root = engine.layer()
    child = engine.layer()
    root.add_sublayer(child)
    assert root.sublayers[0] == child and root.sublayers[0] is child
    assert child.superlayer == root
    assert len({root, child, root.sublayers[0]}) == 2
    assert root != child
    with lamina.Engine() as other:
        stranger = other.layer()
        assert stranger != root  # another engine's layer is never equal, whatever its handle


def test_engine_takes_a_clock():
    times = iter([1.0, 2.0, 3.0, 4.0])
    with lamina.Engine(clock=lambda: next(times)) as engine:
        engine.tick()
        assert engine.time >= 1.0
    with lamina.Engine(clock="monotonic") as engine:
        assert engine.clock == "monotonic"
