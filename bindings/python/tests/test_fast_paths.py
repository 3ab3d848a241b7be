# SPDX-License-Identifier: Apache-2.0
"""Issue 13 item 2: the lean call paths (no argtypes, ctypes objects made once per engine and
layer, per-call out-arrays; lamina/_props.py) give the same values as the generic key-value
path for every kind, at the engine's time and at an explicit time, including the zero values
whose tag the presentation readers check, and stay correct with many threads."""
import threading

import pytest

import lamina

TOL = 1e-12

try:
    import numpy
except ImportError:  # numpy is optional
    numpy = None


def test_every_lean_kind_reads_what_the_generic_path_reads(engine):
    layer = engine.layer(bounds=(1, 2, 30, 40), position=(5, 6), opacity=0.25, hidden=True,
                         shadow_offset=(3, -4), anchor_point=(0.0, 0.0))
    engine.tick(0)
    p = layer.presentation()
    for name in ("bounds", "position", "opacity", "hidden", "shadow_offset", "anchor_point"):
        assert getattr(layer, name) == layer.value(name), name
        assert getattr(p, name) == p.value(name), name
    assert type(layer.position) is lamina.Point and type(p.position) is lamina.Point
    assert type(layer.shadow_offset) is lamina.Size and type(p.shadow_offset) is lamina.Size
    assert type(layer.bounds) is lamina.Rect and type(layer.bounds.origin) is lamina.Point
    assert layer.bounds == lamina.Rect.of(1, 2, 30, 40)
    assert layer.hidden is True and p.hidden is True


def test_presentation_zero_values_go_through_the_tag_check(engine):
    # (0, 0) and 0.0 are where the flat readers look at the value's tag (lamina/_props.py)
    layer = engine.layer(position=(0, 0), opacity=0.0, anchor_point=(0, 0))
    engine.tick(0)
    p = layer.presentation()
    assert p.position == lamina.Point(0.0, 0.0) and type(p.position) is lamina.Point
    assert p.anchor_point == (0.0, 0.0)
    assert p.opacity == 0.0 and type(p.opacity) is float
    assert p.z_position == 0.0


def test_presentation_at_an_explicit_time_on_the_lean_paths(engine):
    layer = engine.layer(position=(0, 0), opacity=0.0)
    engine.tick(0)
    with engine.transaction(duration=1.0, timing="linear"):
        layer.position = (100.0, 50.0)
        layer.opacity = 1.0
    engine.tick(0)
    mid = layer.presentation(at=0.5)
    assert mid.position.x == pytest.approx(50.0, abs=1e-6)
    assert mid.position.y == pytest.approx(25.0, abs=1e-6)
    assert mid.opacity == pytest.approx(0.5, abs=1e-6)
    assert mid.position == mid.value("position") and mid.opacity == mid.value("opacity")
    assert layer.presentation(at=0.0).opacity == pytest.approx(0.0, abs=TOL)
    assert layer.presentation(at=2.0).position == (100.0, 50.0)


def test_lean_setters_take_what_the_generic_setter_takes(engine):
    layer = engine.layer()
    layer.opacity = 1  # int
    assert layer.opacity == 1.0 and type(layer.opacity) is float
    layer.opacity = True
    assert layer.opacity == 1.0
    layer.position = [1, 2]  # list of ints
    assert layer.position == (1.0, 2.0)
    layer.position = lamina.Point(3.5, 4.5)
    assert layer.position == (3.5, 4.5)
    layer.shadow_offset = lamina.Size(1.0, 2.0)
    assert layer.shadow_offset == (1.0, 2.0)
    layer.shadow_offset = (1.0, 2.0, 3.0)[:2]
    layer.hidden = 1
    assert layer.hidden is True
    layer.hidden = 0
    assert layer.hidden is False
    if numpy is not None:
        layer.opacity = numpy.float64(0.75)
        assert layer.opacity == 0.75
        layer.position = numpy.array([7.0, 8.0])
        assert layer.position == (7.0, 8.0)
    with pytest.raises((TypeError, ValueError)):
        layer.position = (1.0, 2.0, 3.0)
    with pytest.raises((TypeError, ValueError)):
        layer.opacity = None
    with pytest.raises(lamina.InvalidArgumentError):
        layer.position = (float("nan"), 0.0)


def test_lean_paths_after_the_engine_closes():
    engine = lamina.Engine()
    layer = engine.layer()
    engine.tick(0)
    p = layer.presentation()
    engine.close()
    with pytest.raises(lamina.StaleHandleError):
        layer.opacity
    with pytest.raises(lamina.StaleHandleError):
        layer.opacity = 0.5
    with pytest.raises(lamina.StaleHandleError):
        p.position
    with pytest.raises(lamina.StaleHandleError):
        engine.tick(1.0)


def test_lean_paths_are_correct_on_many_threads(engine):
    # Nothing is shared between calls: each thread reads back exactly its own layers' values
    # while the others write and read theirs (ctypes releases the GIL during each call).
    layers = [engine.layer(opacity=0.0) for _ in range(4)]
    engine.tick(0)
    errors = []

    def work(i):
        layer = layers[i]
        try:
            for n in range(2000):
                v = (i * 10000 + n) / 1e6
                layer.opacity = v
                layer.position = (v, -v)
                if layer.opacity != v or layer.position != (v, -v):
                    errors.append((i, n, layer.opacity, layer.position))
                    return
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    with engine.transaction(disable_actions=True):
        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []
