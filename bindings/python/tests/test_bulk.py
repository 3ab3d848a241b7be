# SPDX-License-Identifier: Apache-2.0
"""Issue 13 item 3: bulk data in one call. draw_list_array is one block copy of the engine's C
records (numpy structured array or memoryview; a copy since issue 31 item 7a); the batch setters/readers go
through lamina_layers_* and match the single-layer calls."""
import ctypes
import decimal
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


def test_draw_list_array_is_a_copy_of_the_engine_records(engine, array_kind):
    root, _ = _tree(engine, 3)
    arr = engine.draw_list_array(root)
    raw = ctypes.c_void_p()
    n = ctypes.c_size_t()
    # The bytes of the engine-owned buffer the C call hands out, in memory the array owns
    # (issue 31 item 7a: a view of the engine's buffer crashed when read after it moved).
    lamina._capi.lib.lamina_engine_draw_list_sized(engine._ptr(), root._handle, engine.time,
                                                   ctypes.sizeof(lamina._capi.DrawRecord),
                                                   ctypes.byref(raw), ctypes.byref(n))
    size = n.value * ctypes.sizeof(lamina._capi.DrawRecord)
    assert bytes(arr) == ctypes.string_at(raw.value, size)
    if array_kind == "numpy":
        assert arr.ctypes.data != raw.value
    else:
        assert ctypes.addressof(arr.obj) != raw.value


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


def test_draw_list_array_is_read_only(engine, array_kind):
    root, _ = _tree(engine, 2)
    arr = engine.draw_list_array(root)
    if array_kind == "numpy":
        assert not arr.flags.writeable
        with pytest.raises(ValueError):
            arr["opacity"][0] = 0.0
    else:
        assert arr.readonly
        with pytest.raises(TypeError):
            arr.cast("B")[0] = 0
        with pytest.raises(TypeError):
            ctypes.c_char.from_buffer(arr)  # no writable view of the engine's records


def test_an_old_memoryview_stays_readable_after_the_next_draw_list(engine, monkeypatch):
    # memoryviews (numpy arrays are checked in test_reliability3.py): the array owns its copy
    monkeypatch.setattr(_engine, "_NUMPY", None)
    root, _ = _tree(engine, 2)
    old = engine.draw_list_array(root)
    before = bytes(old)
    root.opacity = 0.25
    engine.tick(1)
    engine.draw_list_array(root)
    engine.draw_list(root)
    assert bytes(old) == before  # unchanged: the next lists did not touch it


def test_closing_the_engine_leaves_a_live_array_readable(array_kind, monkeypatch):
    destroyed = []
    real_destroy = lamina._capi.lib.lamina_engine_destroy

    def destroy(ptr):
        destroyed.append(True)
        return real_destroy(ptr)

    monkeypatch.setattr(lamina._capi.lib, "lamina_engine_destroy", destroy)
    engine = lamina.Engine()
    root = engine.layer()
    for i in range(50):
        root.add_sublayer(engine.layer(opacity=0.5, position=(float(i), 0.0))).release()
    engine.tick(0)
    arr = engine.draw_list_array(root)
    engine.close()
    assert engine.closed and destroyed == [True]  # the engine goes at once: nothing borrows it
    rows = _as_structs(arr)
    ops = [row["opacity"] if array_kind == "numpy" else row.opacity for row in rows]
    assert ops == pytest.approx([1.0] + [0.5] * 50, abs=TOL)
    with pytest.raises(lamina.StaleHandleError):
        engine.draw_list_array(root)


def test_batch_calls_take_handle_arrays(engine, array_kind):
    import array as pyarray
    root, kids = _tree(engine, 5)
    handles = engine.layer_handles(kids)
    if array_kind == "numpy":
        assert handles.dtype == numpy.uint64
    else:
        assert isinstance(handles, pyarray.array) and handles.typecode == "Q"
    assert [int(h) for h in handles] == [k._handle for k in kids]
    engine.set_numbers(handles, "opacity", pyarray.array("d", [0.1, 0.2, 0.3, 0.4, 0.5]))
    assert [k.opacity for k in kids] == pytest.approx([0.1, 0.2, 0.3, 0.4, 0.5], abs=TOL)
    assert list(engine.numbers(handles, "opacity")) == pytest.approx([0.1, 0.2, 0.3, 0.4, 0.5], abs=TOL)
    engine.set_points(pyarray.array("Q", [k._handle for k in kids]), "position",
                      [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)])
    assert kids[4].position == (9.0, 10.0)
    engine.tick(1.0)
    engine.tick(2.0)  # the implicit animations began at 1.0 and are done
    assert list(engine.presentation_numbers(handles, "opacity")) == pytest.approx([0.1, 0.2, 0.3, 0.4, 0.5], abs=TOL)
    # tuples and generators of Layers, and empty inputs
    assert list(engine.numbers(tuple(kids), "opacity")) == pytest.approx([0.1, 0.2, 0.3, 0.4, 0.5], abs=TOL)
    assert list(engine.numbers((k for k in kids), "opacity")) == pytest.approx([0.1, 0.2, 0.3, 0.4, 0.5], abs=TOL)
    assert len(engine.numbers(engine.layer_handles([]), "opacity")) == 0
    engine.set_numbers([], "opacity", [])


def test_batch_calls_take_the_layer_field_of_the_draw_list(engine):
    if numpy is None:
        pytest.skip("numpy is not installed")
    root, kids = _tree(engine, 4)
    arr = engine.draw_list_array(root)
    layers = arr["layer"]  # a strided field of the read-only records
    ops = engine.presentation_numbers(layers, "opacity")
    assert list(ops) == pytest.approx(list(arr["opacity"]), abs=TOL)
    engine.set_numbers(arr["layer"][1:], "opacity", numpy.full(4, 0.75))
    assert [k.opacity for k in kids] == [0.75] * 4
    signed = numpy.array([k._handle for k in kids])  # numpy's default int64: the same bits
    assert signed.dtype == numpy.int64
    assert list(engine.numbers(signed, "opacity")) == [0.75] * 4
    with pytest.raises(TypeError):
        engine.numbers(numpy.array([[kids[0]._handle]], dtype=numpy.uint64), "opacity")  # 2-D


def test_batch_handle_errors(engine, array_kind):
    import array as pyarray
    _, kids = _tree(engine, 3)
    with pytest.raises(TypeError):
        engine.numbers(["not a layer"], "opacity")
    with pytest.raises(TypeError):
        engine.numbers(pyarray.array("d", [1.0]), "opacity")  # doubles are not handles
    with pytest.raises(lamina.StaleHandleError, match=r"layers\[1\]|1"):
        engine.numbers(pyarray.array("Q", [kids[0]._handle, 12345, kids[2]._handle]), "opacity")
    with lamina.Engine() as other:
        stranger = other.layer()
        with pytest.raises(lamina.StaleHandleError):
            engine.numbers([kids[0], stranger], "opacity")
        with pytest.raises(lamina.StaleHandleError):  # its handle: the library says no (R13)
            engine.numbers(other.layer_handles([stranger]), "opacity")
    gone = engine.layer()
    gone.release()
    with pytest.raises((lamina.StaleHandleError, lamina.InvalidArgumentError)):
        engine.set_numbers([kids[0], gone], "opacity", [0.5, 0.5])
    with pytest.raises(ValueError):
        engine.set_points(kids, "position", [(1.0, 2.0)] * 2)
    engine.set_numbers(kids, "opacity", [decimal.Decimal("0.25")] * 3)  # float() each
    assert kids[2].opacity == 0.25


def test_draw_list_array_errors_on_the_lean_path(engine, array_kind):
    fresh = engine.layer()  # never committed: the C call says NO_PRESENTATION
    with pytest.raises(lamina.NoPresentationError):
        engine.draw_list_array(fresh)
    gone = engine.layer()
    engine.tick(0)
    gone.release()
    with pytest.raises(lamina.StaleHandleError):
        engine.draw_list_array(gone)
    root, _ = _tree(engine, 2)
    assert len(engine.draw_list_array(root, at=0.0)) == 3  # still works after a failure


def test_record_layout_is_the_librarys(engine, array_kind):
    """The binding's record is the library's whole lamina_draw_record_t (struct_size says how
    many bytes the library filled): no field missing, so the list is handed over without the
    per-record repack an older record size costs (issue 13 item 3)."""
    root, _ = _tree(engine, 3)
    arr = engine.draw_list_array(root)
    size = arr[0]["struct_size"] if array_kind == "numpy" else _Row(arr, 0).struct_size
    assert size == ctypes.sizeof(lamina._capi.DrawRecord)

