#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""benchmarks/python_bench.py — per-call cost of the Python binding beside its C floor.

For each operation it prints the Python cost (ns per call, the minimum over ``--repeat`` runs
of ``--number`` calls: the machine is shared, the minimum is the least noisy statistic), the
same C function called through a bare ctypes function pointer with pre-converted arguments
(the "C floor" as Python can reach it: the C work plus ctypes' fixed call cost), their
difference (what the binding adds) and the target (docs/architecture.md, performance).

    LAMINA_LIBRARY=build/liblamina.so python3 benchmarks/python_bench.py [--number N] [--repeat R]

Also measured: ``draw_list()`` against ``draw_list_array()`` for a tree of ``--layers`` layers.
Timings never fail the run (no timed tests, common rules); compare numbers within one session.
"""
from __future__ import annotations

import argparse
import ctypes
import os
import sys
import timeit
from typing import Callable, Dict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("LAMINA_PY_SRC") or os.path.join(HERE, "..", "bindings", "python", "src"))

import lamina  # noqa: E402
from lamina import _capi as C  # noqa: E402


def best(fn: Callable[[], object], number: int, repeat: int) -> float:
    """Nanoseconds per call: the minimum over ``repeat`` runs of ``number`` calls."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e9


def pair(py: Callable[[], object], c: Callable[[], object], number: int, repeat: int) -> tuple:
    """(python ns, C floor ns): measured alternately, so both see the same machine load."""
    p_best = c_best = float("inf")
    for _ in range(repeat):
        p_best = min(p_best, timeit.timeit(py, number=number) / number * 1e9)
        c_best = min(c_best, timeit.timeit(c, number=number) / number * 1e9)
    return p_best, c_best


def bare(name: str) -> "ctypes._CFuncPtr":
    """A fresh function pointer to ``name``: no argtypes, no errcheck (the floor)."""
    lib = C.lib
    fn = lib._FuncPtr((name, lib))
    fn.restype = ctypes.c_int32
    return fn


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--number", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--layers", type=int, default=10000)
    args = ap.parse_args()
    n, r = args.number, args.repeat

    rows: Dict[str, tuple] = {}
    with lamina.Engine() as engine:
        engine.current_transaction.disable_actions = True
        layer = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), opacity=0.5)
        engine.tick(0.0)
        e = ctypes.cast(engine._engine_ptr, ctypes.c_void_p)
        h = ctypes.c_uint64(layer._handle)
        key = b"opacity"
        dbl = ctypes.c_double(0.5)
        out = ctypes.c_double()
        pt = C.Point(10, 20)
        val = C.Value()
        set_number, get_number = bare("lamina_layer_set_number"), bare("lamina_layer_get_number")
        set_point, get_pv = bare("lamina_layer_set_point"), bare("lamina_layer_get_presentation_value")
        tick = bare("lamina_engine_tick")
        floor = bare("lamina_version_number")
        # keep the transaction's disableActions: sets never start animations here
        engine.begin()
        engine.current_transaction.disable_actions = True

        def py_set() -> None:
            layer.opacity = 0.5

        def py_set_pos() -> None:
            layer.position = (10.0, 20.0)

        def py_get() -> None:
            layer.opacity

        def py_get_pos() -> None:
            layer.position

        pres = layer.presentation()
        assert pres is not None

        def py_pres() -> None:
            layer.presentation().opacity  # type: ignore[union-attr]

        def py_pres_held() -> None:
            pres.opacity

        rows["ctypes floor (no-arg call)"] = (best(lambda: floor(), n, r), 0.0, None)
        rows["set opacity"] = (*pair(py_set, lambda: set_number(e, h, key, dbl), n, r), 1000)
        get_point = bare("lamina_layer_get_point")
        cpt = C.Point()
        rows["set position (tuple)"] = (*pair(py_set_pos, lambda: set_point(e, h, b"position", pt), n, r), 1000)
        rows["get opacity"] = (*pair(py_get, lambda: get_number(e, h, key, ctypes.byref(out)), n, r), 1500)
        rows["get position"] = (*pair(py_get_pos, lambda: get_point(e, h, b"position", ctypes.byref(cpt)), n, r), 1500)
        rows["presentation().opacity"] = (*pair(py_pres, lambda: get_pv(e, h, key, ctypes.byref(val)), n, r), 1500)
        rows["held presentation .opacity"] = (*pair(py_pres_held, lambda: get_pv(e, h, key, ctypes.byref(val)), n, r), 1500)
        engine.commit()
        t = [0.0]

        def py_tick() -> None:
            t[0] += 1e-3
            engine.tick(t[0])

        def c_tick() -> None:
            t[0] += 1e-3
            tick(e, ctypes.c_double(t[0]))

        rows["tick (1 idle layer)"] = (*pair(py_tick, c_tick, n, r), 2000)

    # The targets (docs/architecture.md) are for an idle machine, where the C floor of one call
    # is ~0.1-0.3 us; on a loaded machine compare the overhead column and the ratio instead.
    print(f"{'operation':30} {'python ns':>10} {'C floor ns':>11} {'overhead':>9} {'ratio':>6} {'target ns':>10}")
    for name, (py, c, target) in rows.items():
        over = py - c
        ratio = f"{py / c:6.2f}" if c else "     -"
        tgt = "" if target is None else str(target) + (" (over C)" if "tick" in name else "")
        print(f"{name:30} {py:10.0f} {c:11.0f} {over:9.0f} {ratio} {tgt:>10}")

    # bulk: draw list of --layers layers
    with lamina.Engine() as engine:
        root = engine.layer(bounds=(0, 0, 1000, 1000))
        for i in range(args.layers):
            root.add_sublayer(engine.layer(bounds=(0, 0, 10, 10), position=(i % 100, i // 100))).release()
        engine.tick(0.0)
        dl = min(timeit.repeat(lambda: engine.draw_list(root), number=1, repeat=3)) * 1e3
        print(f"draw_list() of {args.layers + 1} layers: {dl:.2f} ms")
        raw_dl = bare("lamina_engine_draw_list_sized")
        out_p, out_n = ctypes.c_void_p(), ctypes.c_size_t()
        size = ctypes.c_size_t(ctypes.sizeof(C.DrawRecord))
        ep = ctypes.c_void_p(ctypes.cast(engine._engine_ptr, ctypes.c_void_p).value)
        rh = ctypes.c_uint64(root._handle)
        c_dl = min(timeit.repeat(lambda: raw_dl(ep, rh, ctypes.c_double(0.0), size, ctypes.byref(out_p),
                                                ctypes.byref(out_n)), number=1, repeat=7)) * 1e3
        print(f"C lamina_engine_draw_list_sized of {args.layers + 1} layers: {c_dl:.3f} ms")
        if hasattr(engine, "draw_list_array"):
            da = min(timeit.repeat(lambda: engine.draw_list_array(root), number=1, repeat=7)) * 1e3
            print(f"draw_list_array() of {args.layers + 1} layers: {da:.3f} ms "
                  f"(numpy: {'yes' if lamina._engine._np() is not None else 'no'}; target <= 1 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
