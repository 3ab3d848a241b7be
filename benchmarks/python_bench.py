#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""benchmarks/python_bench.py — per-call cost of the Python binding, split into its parts.

For each operation it measures, alternately so all see the same machine load:

* ``python``: the public API (``layer.opacity = 0.5``, ``layer.presentation().opacity``, ...);
* ``bare``: the same C function through a bare ctypes function pointer (no argtypes, no
  errcheck) with ready arguments (``c_void_p.from_param(engine)``, ``c_uint64.from_param(handle)``,
  a ``bytes`` key, ``c_double.from_param(value)``, a fresh out-array): the C work plus ctypes'
  own fixed cost, the least a ctypes binding can pay;
* ``ctypes``: a call with the same arguments to a C function that does nothing
  (``lamina_version_number`` ignores them; extra arguments are harmless in the C calling
  convention): ctypes' fixed cost alone.

and prints ``C work`` = bare - ctypes (what the library costs; the engine performance work
shrinks it), ``binding`` = python - bare (what this package adds), and the target
(docs/architecture.md, performance: set <= 1 us, get and presentation read <= 1.5 us, tick <=
2 us over C).

Times are ns per call: the minimum over ``--repeat`` runs of ``--number`` calls, measured as the
thread's CPU time (time.thread_time), not wall time, so time the thread spends descheduled on a
shared machine is not counted (``--wall`` uses wall time instead).

    LAMINA_LIBRARY=build/liblamina.so python3 benchmarks/python_bench.py [--number N] [--repeat R]

Also measured: ``draw_list()``, ``draw_list_array()`` and the bare C draw list for a tree of
``--layers`` layers, and the batch readers/setters against a loop of single calls.
Timings never fail the run (no timed tests, common rules); compare numbers within one session.
"""
from __future__ import annotations

import argparse
import ctypes
import os
import sys
import time
import timeit
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("LAMINA_PY_SRC") or os.path.join(HERE, "..", "bindings", "python", "src"))

import lamina  # noqa: E402
from lamina import _capi as C  # noqa: E402

TIMER: Callable[[], float] = time.thread_time


def run(fns: List[Callable[[], object]], number: int, repeat: int) -> List[float]:
    """ns per call of each of ``fns``: the minimum over ``repeat`` rounds, the functions
    measured alternately within a round (so all see the same machine load)."""
    bests = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            bests[i] = min(bests[i], timeit.timeit(fn, number=number, timer=TIMER) / number * 1e9)
    return bests


def bare(name: str) -> Any:
    """A fresh function pointer to ``name``: no argtypes, no errcheck."""
    lib = C.lib
    fn = lib._FuncPtr((name, lib))
    fn.restype = ctypes.c_int32
    return fn


Row = Tuple[float, float, float, Optional[int]]


def main() -> int:
    global TIMER
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--number", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=25)
    ap.add_argument("--layers", type=int, default=10000)
    ap.add_argument("--wall", action="store_true", help="wall time instead of thread CPU time")
    args = ap.parse_args()
    if args.wall:
        TIMER = time.perf_counter
    n, r = args.number, args.repeat
    d = ctypes.c_double.from_param  # a ready double argument
    nothing = bare("lamina_version_number")  # ignores its arguments

    rows: Dict[str, Row] = {}
    with lamina.Engine() as engine:
        engine.current_transaction.disable_actions = True
        layer = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), opacity=0.5)
        engine.tick(0.0)
        # ready arguments (what the binding passes too: no allocation per argument per call)
        e = ctypes.c_void_p.from_param(engine._addr)
        h = ctypes.c_uint64.from_param(layer._handle)
        key, pkey = b"opacity", b"position"
        set_number, get_number = bare("lamina_layer_set_number"), bare("lamina_layer_get_number")
        set_point, get_point = bare("lamina_layer_set_point"), bare("lamina_layer_get_point")
        get_pv = bare("lamina_layer_get_presentation_value")
        tick = bare("lamina_engine_tick")
        D1, D2, V1 = ctypes.c_double * 1, ctypes.c_double * 2, C.Value * 1
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

        def py_pres() -> None:
            layer.presentation().opacity  # type: ignore[union-attr]

        def py_pres_pos() -> None:
            layer.presentation().position  # type: ignore[union-attr]

        pres = layer.presentation()
        assert pres is not None

        def py_pres_held() -> None:
            pres.opacity

        def measure(name: str, py: Callable[[], object], c: Callable[[], object],
                    floor: Callable[[], object], target: Optional[int]) -> None:
            rows[name] = (*run([py, c, floor], n, r), target)  # type: ignore[assignment]

        measure("set opacity", py_set, lambda: set_number(e, h, key, d(0.5)),
                lambda: nothing(e, h, key, d(0.5)), 1000)
        measure("set position (tuple)", py_set_pos, lambda: set_point(e, h, pkey, C.Point(10.0, 20.0)),
                lambda: nothing(e, h, pkey, C.Point(10.0, 20.0)), 1000)
        measure("get opacity", py_get, lambda: get_number(e, h, key, D1()),
                lambda: nothing(e, h, key, D1()), 1500)
        measure("get position", py_get_pos, lambda: get_point(e, h, pkey, D2()),
                lambda: nothing(e, h, pkey, D2()), 1500)
        measure("presentation().opacity", py_pres, lambda: get_pv(e, h, key, V1()),
                lambda: nothing(e, h, key, V1()), 1500)
        measure("presentation().position", py_pres_pos, lambda: get_pv(e, h, pkey, V1()),
                lambda: nothing(e, h, pkey, V1()), 1500)
        measure("held presentation .opacity", py_pres_held, lambda: get_pv(e, h, key, V1()),
                lambda: nothing(e, h, key, V1()), 1500)
        engine.commit()
        t = [0.0]

        def py_tick() -> None:
            t[0] += 1e-3
            engine.tick(t[0])

        def c_tick() -> None:
            t[0] += 1e-3
            tick(e, d(t[0]))

        def floor_tick() -> None:
            t[0] += 1e-3
            nothing(e, d(t[0]))

        measure("tick (1 idle layer)", py_tick, c_tick, floor_tick, 2000)
        no_arg = run([lambda: nothing()], n, r)[0]

    clock = "wall" if args.wall else "thread CPU"
    print(f"ns per call ({clock} time, min of {r} x {n}); ctypes call with no arguments: {no_arg:.0f} ns")
    print(f"{'operation':28} {'python':>7} {'bare':>7} {'ctypes':>7} {'C work':>7} {'binding':>8} {'target':>14}")
    for name, (py, c, floor, target) in rows.items():
        tgt = "" if target is None else (f"{target} over C" if "tick" in name else str(target))
        print(f"{name:28} {py:7.0f} {c:7.0f} {floor:7.0f} {c - floor:7.0f} {py - c:8.0f} {tgt:>14}")

    # bulk: the draw list of --layers layers, and the batch calls
    with lamina.Engine() as engine:
        root = engine.layer(bounds=(0, 0, 1000, 1000))
        kids = []
        for i in range(args.layers):
            k = engine.layer(bounds=(0, 0, 10, 10), position=(float(i % 100), float(i // 100)))
            root.add_sublayer(k)
            kids.append(k)
        engine.tick(0.0)
        raw_dl = bare("lamina_engine_draw_list_sized")
        out_p, out_n = ctypes.c_void_p(), ctypes.c_size_t()
        size = ctypes.c_size_t(ctypes.sizeof(C.DrawRecord))
        ep = ctypes.c_void_p(engine._addr)
        rh = ctypes.c_uint64(root._handle)
        rr = max(3, r // 2)
        dl_c, dl_arr = run([
            lambda: raw_dl(ep, rh, d(0.0), size, ctypes.byref(out_p), ctypes.byref(out_n)),
            lambda: engine.draw_list_array(root)], 1, rr)
        print(f"\ndraw list of {args.layers + 1} layers ({clock} time, min of {rr}):")
        np_used = "numpy" if lamina._engine._np() is not None else "memoryview"
        print(f"  C lamina_engine_draw_list_sized  {dl_c / 1e6:8.3f} ms  ({dl_c / (args.layers + 1):.0f} ns/record)")
        print(f"  draw_list_array() ({np_used:10}) {dl_arr / 1e6:8.3f} ms  (binding: {(dl_arr - dl_c) / 1e3:.1f} us; target <= 1 ms)")
        # what the binding adds, whatever the count: the same on a one-layer tree, many calls
        leaf = kids[0]
        lh = ctypes.c_uint64(leaf._handle)
        one_c, one_py = run([
            lambda: raw_dl(ep, lh, d(0.0), size, ctypes.byref(out_p), ctypes.byref(out_n)),
            lambda: engine.draw_list_array(leaf)], 2000, r)
        print(f"  on one layer: C {one_c:.0f} ns, draw_list_array() {one_py:.0f} ns "
              f"(binding: {one_py - one_c:.0f} ns per call, independent of the count)")
        dl = min(timeit.repeat(lambda: engine.draw_list(root), number=1, repeat=1, timer=TIMER)) * 1e3
        print(f"  draw_list() (objects)            {dl:8.1f} ms")

        has_handles = hasattr(engine, "layer_handles")  # a binding before it compares too
        handles = engine.layer_handles(kids) if has_handles else kids
        vals = [0.5] * len(kids)
        b_set_layers, b_conv = run([
            lambda: engine.set_numbers(kids, "opacity", vals),
            lambda: engine.layer_handles(kids) if has_handles else None], 1, rr)
        nk = len(kids)
        hc = (ctypes.c_uint64 * nk)(*[k._handle for k in kids])
        vc = (ctypes.c_double * nk)(*vals)
        outc = (ctypes.c_double * nk)()
        c_set, c_pget = bare("lamina_layers_set_number"), bare("lamina_layers_get_presentation_number")
        c_set_t, c_pget_t = run([
            lambda: c_set(ep, hc, ctypes.c_size_t(nk), b"opacity", vc),
            lambda: c_pget(ep, hc, ctypes.c_size_t(nk), b"opacity", outc)], 1, rr)
        b_set, b_get, b_pget, loop_get = run([
            lambda: engine.set_numbers(handles, "opacity", vals),
            lambda: engine.numbers(handles, "opacity"),
            lambda: engine.presentation_numbers(handles, "opacity"),
            lambda: [k.presentation().opacity for k in kids]], 1, rr)  # type: ignore[union-attr]
        print(f"\nbatch calls over {len(kids)} layers ({clock} time, min of {rr}):")
        print(f"  set_numbers (a list of Layers)   {b_set_layers / 1e6:8.3f} ms")
        print(f"  layer_handles (the conversion)   {b_conv / 1e6:8.3f} ms")
        print(f"  set_numbers (handles, list of floats)        {b_set / 1e6:8.3f} ms")
        print(f"  numbers                          {b_get / 1e6:8.3f} ms")
        print(f"  C lamina_layers_set_number (bare)            {c_set_t / 1e6:8.3f} ms")
        print(f"  C lamina_layers_get_presentation_number (bare) {c_pget_t / 1e6:6.3f} ms")
        print(f"  presentation_numbers             {b_pget / 1e6:8.3f} ms")
        print(f"  loop of presentation().opacity   {loop_get / 1e6:8.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
