# SPDX-License-Identifier: Apache-2.0
"""Reliability, round 3 (issue 31): sequences that crashed the interpreter, wrapped integers
silently or broke the layer graph through the binding (R18)."""
import os
import threading
import time

import pytest

import lamina
from lamina import _engine


def _wide_tree(engine, n):
    root = engine.layer(bounds=(0, 0, 100, 100))
    for i in range(n):
        root.add_sublayer(engine.layer(opacity=0.5, position=(float(i % 100), 1.0))).release()
    engine.tick(0)
    return root


@pytest.fixture(params=["numpy", "memoryview"])
def array_kind(request, monkeypatch):
    if request.param == "numpy":
        pytest.importorskip("numpy")
    else:
        monkeypatch.setattr(_engine, "_NUMPY", None)
    return request.param


def _opacities(arr, array_kind):
    if array_kind == "numpy":
        return [float(v) for v in arr["opacity"]]
    import struct
    off = lamina.DRAW_RECORD_FIELDS["opacity"][0]
    return [struct.unpack_from("d", arr, i * arr.itemsize + off)[0] for i in range(len(arr))]


def test_draw_list_array_survives_the_engines_next_draw_list(engine, array_kind):
    # Item 7a: 50,000 records, then a bigger list that moves the engine's buffer: the old
    # array was a view of freed memory (a segfault). It owns its records now.
    root = _wide_tree(engine, 50_000)
    old = engine.draw_list_array(root)
    assert len(old) == 50_001
    more = engine.layer(opacity=0.25)
    root.add_sublayer(more)
    for _ in range(50_000):
        more.add_sublayer(engine.layer(opacity=0.75)).release()
    engine.tick(1)
    new = engine.draw_list_array(root)  # twice the records: the engine's buffer moves
    assert len(new) == 100_002
    engine.close()  # and the engine is gone
    ops = _opacities(old, array_kind)
    assert ops[0] == 1.0 and set(ops[1:]) == {0.5}


def test_draw_lists_of_one_engine_on_several_threads(engine, array_kind):
    # Item 7b: draw lists of one engine built on several threads at once: a build on one
    # thread rewrote (or freed, when it grew) the records another was still converting. The
    # binding serialises them now, so each thread reads its own list, whole.
    a = _wide_tree(engine, 2000)
    b = engine.layer(bounds=(0, 0, 100, 100))
    for i in range(4000):  # bigger: its first build moves the engine's buffer
        b.add_sublayer(engine.layer(opacity=0.75, position=(float(i % 100), 2.0))).release()
    engine.tick(0)
    stop = time.monotonic() + 1.5
    errors = []

    def loop(check):
        try:
            while time.monotonic() < stop:
                check()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    def list_a():
        ops = [r.opacity for r in engine.draw_list(a)]
        assert len(ops) == 2001 and set(ops[1:]) == {0.5}

    def list_b():
        ops = [r.opacity for r in engine.draw_list(b)]
        assert len(ops) == 4001 and set(ops[1:]) == {0.75}

    def array_b():
        ops = _opacities(engine.draw_list_array(b), array_kind)
        assert len(ops) == 4001 and set(ops[1:]) == {0.75}

    def damage_a():
        engine.damage(a)

    threads = [threading.Thread(target=loop, args=(f,)) for f in (list_a, list_b, array_b, damage_a)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_out_of_range_integers_raise_instead_of_wrapping(engine):
    # Item 10: ctypes kept the low bits: create_image(2**32 + 1, 1, ...) made a 1x1 image.
    px = bytes(4)
    with pytest.raises(lamina.InvalidArgumentError, match="outside"):
        engine.create_image(2**32 + 1, 1, px)
    with pytest.raises(lamina.InvalidArgumentError, match="lamina_image_create_rgba8"):
        engine.create_image(1, -1, px)
    with pytest.raises(lamina.InvalidArgumentError):
        engine.create_external_image(-1, 4, 4)
    with pytest.raises(lamina.InvalidArgumentError):
        engine.create_external_image(7, 2**32, 4)
    # An index past the end clamps to the count, as CALayer's does (it is not wrapped to 0).
    root, first, child = engine.layer(), engine.layer(), engine.layer()
    root.add_sublayer(first)
    root.insert_sublayer(child, at=2**32)
    assert root.sublayers == [first, child]
    img = engine.create_image(1, 1, px)  # in range: fine
    assert img is not None


def test_mask_cycles_and_mask_references(engine):
    # Items 1 and 2 through the binding: the cycle is refused, the engine's reference on a
    # mask is not the host's, and the graph is freed when the handles go.
    a, m = engine.layer(), engine.layer()
    a.mask = m
    with pytest.raises(lamina.MisuseError, match="cycle"):
        m.add_sublayer(a)
    engine.tick(0)
    assert len(engine.draw_list(a)) >= 2  # returns (it hung)
    b = engine.layer()
    b.add_sublayer(m)  # leaves a's mask (RS-5.3)
    assert a.mask is None and m.superlayer == b
    b.mask = None
    a.mask = m
    assert a.mask == m and m.superlayer is None


def test_replicated_shape_paths_are_shared_not_copied(engine):
    # Item 6 through the binding: 10,000 instances of one shape read as one Path object (the
    # C records share one copy; a Python copy per instance multiplied the path's memory).
    rep = engine.replicator_layer()
    shape = engine.shape_layer()
    rep.add_sublayer(shape)
    path = lamina.Path()
    path.move_to((0, 0))
    for i in range(1, 20_000):
        path.line_to((float(i % 100), float(i % 7)))
    shape.path = path
    rep.instance_count = 10_000
    engine.tick(0)
    recs = engine.draw_list(rep)
    assert len(recs) == 10_001
    paths = {id(r.shape.path) for r in recs[1:]}
    assert len(paths) == 1
    assert len(recs[1].shape.path.elements) == 20_000


def test_draw_list_budget_raises_memory_error(engine):
    # Item 6: past the engine's draw-list budget the call raises, and nothing is allocated
    # beyond it; a budget of 0 or a negative one is refused.
    root = engine.layer()
    for k in range(3):
        shape = engine.shape_layer()
        path = lamina.Path().move_to((float(k), 0.0))
        for i in range(1, 5000):
            path.line_to((float(i % 100), 1.0))
        shape.path = path
        root.add_sublayer(shape)
    engine.tick(0)
    engine.set_draw_list_budget(100_000)  # one path is 280,000 bytes of C elements
    with pytest.raises(lamina.LaminaMemoryError, match="budget"):
        engine.draw_list(root)
    with pytest.raises(lamina.InvalidArgumentError):
        engine.set_draw_list_budget(0)
    with pytest.raises(lamina.InvalidArgumentError):
        engine.set_draw_list_budget(-1)
    engine.set_draw_list_budget(1 << 20)
    assert [r.shape.path.elements[0][1][0] for r in engine.draw_list(root)[1:]] == [0.0, 1.0, 2.0]


def test_clock_that_closes_its_engine():
    # Item 8 through the binding: a clock that closes its own engine inside a commit. The
    # destroy was accepted and the flush then reported success on a destroyed engine; now
    # the close is MISUSE (raised from the flush) and the engine goes on working.
    calls = []

    def clock():
        calls.append(1)
        if len(calls) == 2:
            engine.close()
        return float(len(calls))

    engine = lamina.Engine(clock=clock)
    try:
        layer = engine.layer()
        engine.flush()
        layer.opacity = 0.5
        with pytest.raises(lamina.MisuseError, match="own callbacks"):
            engine.flush()
        assert not engine.closed
        assert layer.opacity == 0.5
        engine.tick()  # the clock's reading: works
    finally:
        engine.close()
    assert engine.closed
