# SPDX-License-Identifier: Apache-2.0
"""Issue 13 item 3: bulk data in one call. draw_list_array is a zero-copy view over the
engine's C records (numpy structured array or memoryview); the batch setters/readers go
through lamina_layers_* and match the single-layer calls."""
import ctypes
import struct

import pytest

import lamina
from lamina import _engine

try:
    import numpy
except ImportError:  # numpy is optional
    numpy = None

TOL = 1e-9


@pytest.fixture(params=["numpy", "memoryview"])
def array_kind(request, monkeypatch):
    if request.param == "numpy":
        if numpy is None:
            pytest.skip("numpy is not installed")
        monkeypatch.setattr(_engine, "_NUMPY", numpy)
    else:
        monkeypatch.setattr(_engine, "_NUMPY", None)
    return request.param


def _tree(engine, n):
    root = engine.layer(bounds=(0, 0, 100, 100))
    kids = []
    for i in range(n):
        k = engine.layer(bounds=(0, 0, 10, 10), position=(float(i), 2.0 * i), opacity=0.5)
        root.add_sublayer(k)
        kids.append(k)
    engine.tick(0)
    return root, kids


class _Row:
    """A memoryview record read through lamina.DRAW_RECORD_FIELDS and struct."""

    def __init__(self, view, i):
        self.view, self.base = view, i * view.itemsize

    def __getattr__(self, name):
        off, fmt = lamina.DRAW_RECORD_FIELDS[name.replace("__", ".")]
        return struct.unpack_from(fmt, self.view, self.base + off)[0]


def _as_structs(arr):
    if isinstance(arr, memoryview):
        assert arr.itemsize == ctypes.sizeof(lamina._capi.DrawRecord)
        return [_Row(arr, i) for i in range(len(arr))]
    return arr


def test_draw_list_array_matches_draw_list(engine, array_kind):
    root, kids = _tree(engine, 20)
    records = engine.draw_list(root)
    arr = engine.draw_list_array(root)
    assert len(arr) == len(records) == 21
    rows = _as_structs(arr)
    for rec, row in zip(records, rows):
        if array_kind == "numpy":
            assert int(row["layer"]) == rec.layer._handle
            assert row["opacity"] == pytest.approx(rec.opacity, abs=TOL)
            assert row["transform"]["m41"] == pytest.approx(rec.transform.m41, abs=TOL)
            assert row["bounds"]["size"]["width"] == pytest.approx(rec.bounds.size.width, abs=TOL)
            assert int(row["depth"]) == rec.depth
        else:
            assert row.layer == rec.layer._handle
            assert row.opacity == pytest.approx(rec.opacity, abs=TOL)
            assert row.transform__m41 == pytest.approx(rec.transform.m41, abs=TOL)
            assert row.depth == rec.depth


def test_draw_list_array_is_zero_copy_over_the_engine_records(engine, array_kind):
    root, _ = _tree(engine, 3)
    arr = engine.draw_list_array(root)
    raw = ctypes.c_void_p()
    n = ctypes.c_size_t()
    # The same engine-owned buffer the C call hands out (no copy was made).
    lamina._capi.lib.lamina_engine_draw_list_sized(engine._ptr(), root._handle, engine.time,
                                                   ctypes.sizeof(lamina._capi.DrawRecord),
                                                   ctypes.byref(raw), ctypes.byref(n))
    if array_kind == "numpy":
        assert arr.ctypes.data == raw.value
    else:
        assert ctypes.addressof(ctypes.c_char.from_buffer(arr)) == raw.value


def test_draw_list_array_of_an_empty_subtree_and_bad_roots(engine, array_kind):
    root = engine.layer()
    engine.tick(0)
    assert len(engine.draw_list_array(root)) == 1
    with pytest.raises(TypeError):
        engine.draw_list_array("root")
    with lamina.Engine() as other:
        with pytest.raises(lamina.StaleHandleError):
            other.draw_list_array(root)


def test_batch_setters_and_readers_match_single_calls(engine, array_kind):
    root, kids = _tree(engine, 6)
    with engine.transaction(duration=1.0):
        engine.set_numbers(kids, "opacity", [0.0] * 6)
        engine.set_points(kids, "position", [(10.0 * i, 5.0) for i in range(6)])
    engine.tick(0)
    engine.tick(0.5)
    ops = engine.presentation_numbers(kids, "opacity")
    pts = engine.presentation_points(kids, "position")
    for i, k in enumerate(kids):
        p = k.presentation()
        assert ops[i] == pytest.approx(p.opacity, abs=TOL)
        assert 0.0 < ops[i] < 0.5
        assert pts[i, 0] == pytest.approx(p.position.x, abs=TOL)
        assert pts[i, 1] == pytest.approx(p.position.y, abs=TOL)
    later = engine.presentation_numbers(kids, "opacity", at=2.0)
    assert list(later) == pytest.approx([0.0] * 6, abs=TOL)
    model = engine.numbers(kids, "opacity")
    assert list(model) == pytest.approx([0.0] * 6, abs=TOL)
    # Python names and key paths resolve as for single calls
    engine.set_numbers(kids, "corner_radius", range(6))
    assert [k.corner_radius for k in kids] == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    assert len(engine.numbers([], "opacity")) == 0


def test_batch_takes_numpy_arrays(engine):
    if numpy is None:
        pytest.skip("numpy is not installed")
    _, kids = _tree(engine, 4)
    engine.set_numbers(kids, "opacity", numpy.linspace(0.1, 0.4, 4))
    engine.set_points(kids, "position", numpy.arange(8, dtype=float).reshape(4, 2))
    assert [k.opacity for k in kids] == pytest.approx([0.1, 0.2, 0.3, 0.4], abs=TOL)
    assert kids[3].position == (6.0, 7.0)


def test_batch_errors(engine):
    _, kids = _tree(engine, 3)
    with pytest.raises(ValueError):
        engine.set_numbers(kids, "opacity", [1.0, 2.0])
    with pytest.raises(lamina.UnknownKeyError):
        engine.set_numbers(kids, "noSuchKey", [1.0] * 3)
    with pytest.raises(lamina.InvalidArgumentError, match=r"layers\[1\]"):
        engine.set_numbers(kids, "opacity", [0.5, float("nan"), 0.5])
    assert kids[0].opacity == 0.5  # the layers before the failing one keep their change
    fresh = engine.layer()
    with pytest.raises(lamina.NoPresentationError):
        engine.presentation_numbers([fresh], "opacity")
    gone = engine.layer()
    gone.release()
    with pytest.raises(lamina.StaleHandleError):
        engine.set_numbers([gone], "opacity", [1.0])
    with lamina.Engine() as other:
        with pytest.raises(lamina.StaleHandleError):
            other.set_numbers(kids, "opacity", [1.0] * 3)
    with pytest.raises(TypeError):
        engine.set_numbers(["x"], "opacity", [1.0])
