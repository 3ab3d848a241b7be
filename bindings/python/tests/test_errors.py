# SPDX-License-Identifier: Apache-2.0
"""Each status raises its LaminaError subclass with code, name and message."""
import math

import pytest

import lamina


def check(exc_info, cls, code, name):
    e = exc_info.value
    assert type(e) is cls
    assert isinstance(e, lamina.LaminaError)
    assert e.code == code and e.name == name
    assert isinstance(e.message, str) and e.message
    assert name in str(e)


def test_invalid_argument(engine):
    with pytest.raises(lamina.InvalidArgumentError) as ei:
        engine.tick(math.nan)
    check(ei, lamina.InvalidArgumentError, 1, "LAMINA_STATUS_INVALID_ARGUMENT")
    assert isinstance(ei.value, ValueError)


def test_misuse_unbalanced_commit_and_cycle(engine):
    with pytest.raises(lamina.MisuseError) as ei:
        engine.commit()
    check(ei, lamina.MisuseError, 2, "LAMINA_STATUS_MISUSE")
    a, b = engine.layer(), engine.layer()
    a.add_sublayer(b)
    with pytest.raises(lamina.MisuseError):
        b.add_sublayer(a)
    assert a.superlayer is None  # unchanged


def test_stale_layer(engine):
    a = engine.layer()
    b = engine.layer()
    handle = a._handle
    a.release()
    with pytest.raises(lamina.StaleHandleError):
        a.opacity = 0.5
    # the C side detects a destroyed layer too, also when named by a fresh wrapper
    forged = lamina.Layer._make(engine, handle)
    with pytest.raises(lamina.StaleHandleError) as ei:
        forged.opacity
    check(ei, lamina.StaleHandleError, 3, "LAMINA_STATUS_STALE_HANDLE")
    forged._owned = False
    assert b.alive and not a.alive


def test_closed_engine():
    e = lamina.Engine()
    layer = e.layer()
    e.close()
    e.close()  # idempotent
    with pytest.raises(lamina.StaleHandleError):
        e.tick(1)
    with pytest.raises(lamina.StaleHandleError):
        layer.position


def test_unknown_key(engine):
    layer = engine.layer()
    with pytest.raises(lamina.UnknownKeyError) as ei:
        layer.value("notAProperty")
    check(ei, lamina.UnknownKeyError, 4, "LAMINA_STATUS_UNKNOWN_KEY")
    assert isinstance(ei.value, KeyError)


def test_type_mismatch(engine):
    layer = engine.layer()
    with pytest.raises(lamina.TypeMismatchError) as ei:
        layer.set_value("opacity", lamina.Point(1, 2))
    check(ei, lamina.TypeMismatchError, 5, "LAMINA_STATUS_TYPE_MISMATCH")


def test_not_found(engine):
    parent, child, other = engine.layer(), engine.layer(), engine.layer()
    with pytest.raises(lamina.NotFoundError) as ei:
        parent.insert_sublayer(child, above=other)
    check(ei, lamina.NotFoundError, 6, "LAMINA_STATUS_NOT_FOUND")
    with pytest.raises(lamina.NotFoundError):
        parent.remove_action("position")


def test_no_presentation(engine):
    layer = engine.layer()
    with pytest.raises(lamina.NoPresentationError) as ei:
        engine.draw_list(layer)
    check(ei, lamina.NoPresentationError, 7, "LAMINA_STATUS_NO_PRESENTATION")


def test_out_of_memory_nesting(engine):
    with pytest.raises(lamina.LaminaMemoryError) as ei:
        for _ in range(2000):
            engine.begin()
    check(ei, lamina.LaminaMemoryError, 8, "LAMINA_STATUS_OUT_OF_MEMORY")
    while True:
        try:
            engine.commit()
        except lamina.MisuseError:
            break


def test_failing_call_leaves_state(engine):
    layer = engine.layer(opacity=0.5)
    with pytest.raises(lamina.InvalidArgumentError):
        layer.opacity = math.inf
    assert layer.opacity == 0.5
