# SPDX-License-Identifier: Apache-2.0
"""Reliability (issue 9): bad inputs give exceptions, several raising callbacks are never lost,
foreign layers are refused, and the engine stays consistent (R12, R13)."""
import gc
import sys

import pytest

import lamina


def test_nul_in_key_or_name_raises_value_error(engine):
    layer = engine.layer()
    with pytest.raises(ValueError, match="NUL"):
        layer.set_value("opacity\0junk", 0.5)
    with pytest.raises(ValueError, match="NUL"):
        layer.name = "a\0b"
    with pytest.raises(ValueError, match="NUL"):
        lamina.BasicAnimation("opacity\0x", to_value=0.0)._key()
    assert layer.opacity == 1.0  # nothing changed


def test_delegate_must_be_callable(engine):
    layer = engine.layer()
    with pytest.raises(TypeError, match="callable"):
        layer.delegate = 42
    assert layer.delegate is None
    layer.delegate = lambda layer, event: None
    layer.delegate = None


def test_several_raising_callbacks_are_all_reported(engine):
    layers = [engine.layer() for _ in range(3)]  # one each: no animation replaces another
    engine.tick(0)
    for i in range(3):
        with engine.transaction(completion=lambda i=i: (_ for _ in ()).throw(RuntimeError(f"cb{i}"))):
            layers[i].opacity = 0.1 * (i + 1)
    engine.tick(1)  # the three animations begin here (R2)
    with pytest.raises(BaseException) as info:
        engine.tick(2)  # the animations are done: the three completions run and raise
    exc = info.value
    if sys.version_info >= (3, 11):
        assert isinstance(exc, ExceptionGroup)  # noqa: F821
        assert sorted(str(e) for e in exc.exceptions) == ["cb0", "cb1", "cb2"]
    else:
        seen = []
        while exc is not None:
            seen.append(str(exc))
            exc = exc.__context__
        assert sorted(seen) == ["cb0", "cb1", "cb2"]
    engine.tick(3)  # nothing left over


def test_one_raising_callback_is_raised_as_itself(engine):
    engine.tick(0)
    with engine.transaction(completion=lambda: 1 / 0):
        engine.layer().opacity = 0.5
    with pytest.raises(ZeroDivisionError):
        engine.tick(1)


def test_layer_of_another_engine_is_refused():
    with lamina.Engine() as a, lamina.Engine() as b:
        a1, a2 = a.layer(), a.layer()
        b.layer()
        b2 = b.layer()
        with pytest.raises(lamina.StaleHandleError, match="another engine"):
            a1.add_sublayer(b2)
        with pytest.raises(lamina.StaleHandleError):
            a1.insert_sublayer(b2, at=0)
        with pytest.raises(lamina.StaleHandleError):
            a.draw_list(b2)
        assert a2.superlayer is None
        assert a1.sublayers == []


def test_destroying_the_engine_from_a_delegate_is_misuse():
    e = lamina.Engine()
    layer = e.layer()
    e.tick(0)
    errors = []

    def delegate(l, event):
        try:
            e.close()
        except lamina.MisuseError as err:
            errors.append(err)
        return None

    layer.delegate = delegate
    layer.opacity = 0.5
    assert len(errors) == 1
    assert layer.opacity == 0.5
    layer.delegate = None
    e.close()


def test_huge_numbers_are_refused(engine):
    layer = engine.layer()
    with pytest.raises(lamina.InvalidArgumentError):
        layer.opacity = sys.float_info.max
    with pytest.raises(lamina.InvalidArgumentError):
        layer.position = (-1e16, 0)
    layer.position = (1e15, -1e15)
    assert layer.position == (1e15, -1e15)


def test_layers_collected_while_animating(engine):
    root = engine.layer()
    engine.tick(0)
    for i in range(50):
        child = engine.layer()
        root.add_sublayer(child)
        engine.tick(0)
        child.opacity = 0.0  # animates
        del child
    gc.collect()
    engine.tick(0.1)
    assert len(root.sublayers) == 50
    root.remove_from_superlayer()
    for s in root.sublayers:
        s.remove_from_superlayer()
    gc.collect()
    engine.tick(1.0)


def test_engine_closed_with_live_layers():
    e = lamina.Engine()
    layer = e.layer()
    e.tick(0)
    layer.opacity = 0.5
    e.close()
    with pytest.raises(lamina.LaminaError):
        layer.opacity = 0.25
    del layer
    gc.collect()


def test_deep_chain_with_a_timed_root(engine):
    root = engine.layer()
    parent = root
    layers = [root]
    for _ in range(5000):
        child = engine.layer()
        parent.add_sublayer(child)
        layers.append(child)
        parent = child
    root.speed = 2.0
    engine.tick(0)
    parent.opacity = 0.0
    engine.tick(0)
    engine.tick(0.13)
    assert parent.presentation().opacity == 0.0
