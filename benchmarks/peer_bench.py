#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The side-by-side benchmark against Qt Quick (issue 29).

Runs each scene with Lamina's reference compositor (``lamina-peer-bench``), with Qt Quick
(``lamina-qt-peer``, built only when Qt 6 Quick is installed) and with the floor (the same
rectangles drawn by one instanced flat-colour draw, ``lamina-peer-bench --floor``), in
alternating rounds, and prints per scene the median over rounds of each side's median process
CPU time per frame, the min-max over rounds, and the ratios Lamina / Qt and Lamina / floor;
then Lamina again with partial redraw (``--partial``: only the engine's damage is redrawn,
issue 29 item 2), the median share of the viewport it redrew, and partial / Qt.
Every side draws 800 x 600 with OpenGL ES 3 on the same Mesa driver (llvmpipe without a GPU):
Lamina through EGL's surfaceless platform, Qt through QQuickRenderControl into a texture, on
the xcb platform with EGL (``QT_XCB_GL_INTEGRATION=xcb_egl``) under Xvfb (started here when
``DISPLAY`` is unset).

    python3 benchmarks/peer_bench.py [--build build] [--rounds 3] [--frames 60] [SCENE...]

Exit status: 0, or 1 when a side fails (its sanity checks included). Timings never fail it.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

SCENES = [
    ("background", "background only"),
    ("squares-100", "100 animated squares"),
    ("squares-1000", "1,000 animated squares"),
    ("squares-10000", "10,000 animated squares"),
    ("images-distinct", "1,000 image layers, distinct images"),
    ("images-shared", "1,000 image layers, one shared image"),
    ("cards", "1,000 rounded, bordered, shadowed cards"),
    ("idle-100k", "100,000 layers, 1 % moving"),
    # Lamina only (issue 29 item 2: partial redraw); the peer has no such scenes.
    ("button", "1,000 still squares, one moving button"),
    ("idle", "1,000 still squares, nothing moving"),
]
LAMINA_ONLY = {"button", "idle"}

LINE = re.compile(r"^PEER (\w+) scene=(\S+) frames=(\d+) cpu_ms=([\d.]+)", re.M)
REDRAWN = re.compile(r" redrawn=([\d.]+)")


def run_side(cmd: list[str], env: dict[str, str]) -> float:
    """One round of one side: its median CPU ms per frame (raises on failure)."""
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    m = LINE.search(proc.stdout)
    if proc.returncode != 0 or not m:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return float(m.group(4))


def run_partial(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """One round with partial redraw: its median CPU ms per frame and share of pixels redrawn."""
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    m, r = LINE.search(proc.stdout), REDRAWN.search(proc.stdout)
    if proc.returncode != 0 or not m or not r:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return float(m.group(4)), float(r.group(1))


def start_xvfb() -> tuple[subprocess.Popen[bytes] | None, str | None]:
    """An Xvfb for the Qt peer on a free display number, or (None, None) without Xvfb."""
    if not shutil.which("Xvfb"):
        return None, None
    for n in range(180, 220):
        if os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):
            if os.path.exists(f"/tmp/.X11-unix/X{n}"):
                return proc, f":{n}"
            time.sleep(0.1)
        proc.kill()
    return None, None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build", help="the CMake build directory (default: build)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("scenes", nargs="*", help="scene names (default: all)")
    args = ap.parse_args()
    names = dict(SCENES)
    scenes = args.scenes or [s for s, _ in SCENES]
    for s in scenes:
        if s not in names:
            print(f"unknown scene {s}; scenes: {' '.join(names)}", file=sys.stderr)
            return 2
    lamina = os.path.join(args.build, "lamina-peer-bench")
    qt = os.path.join(args.build, "lamina-qt-peer")
    if not os.path.exists(lamina):
        print(f"{lamina} not built (cmake --build {args.build} --target lamina-peer-bench)", file=sys.stderr)
        return 1
    have_qt = os.path.exists(qt)
    xvfb = None
    qt_env = dict(os.environ, QT_QPA_PLATFORM="xcb", QT_XCB_GL_INTEGRATION="xcb_egl")
    if have_qt and not os.environ.get("DISPLAY"):
        xvfb, display = start_xvfb()
        if display:
            qt_env["DISPLAY"] = display
        else:
            have_qt = False
    lam_env = dict(os.environ)
    common = ["--frames", str(args.frames), "--warmup", str(args.warmup)]
    print(f"peer_bench: 800x600, {args.frames} frames (+{args.warmup} warm-up) per round, "
          f"{args.rounds} alternating rounds, process CPU ms per frame (median of rounds, min-max)")
    if not have_qt:
        print("peer_bench: Qt Quick peer not installed (lamina-qt-peer: needs qt6-declarative-dev)")
    header = (f"{'scene':<40} {'Lamina':>18} {'Qt Quick':>18} {'floor':>16} {'L/Qt':>6} {'L/floor':>8}"
              f" {'partial':>18} {'redrawn':>8} {'P/Qt':>6}")
    print(header)
    status = 0
    try:
        for s in scenes:
            res: dict[str, list[float]] = {"lamina": [], "qt": [], "floor": [], "partial": [], "redrawn": []}
            try:
                for _ in range(args.rounds):
                    res["lamina"].append(run_side([lamina, "--scene", s, *common], lam_env))
                    p_ms, p_share = run_partial([lamina, "--scene", s, "--partial", *common], lam_env)
                    res["partial"].append(p_ms)
                    res["redrawn"].append(p_share)
                    if have_qt and s not in LAMINA_ONLY:
                        res["qt"].append(run_side([qt, "--scene", s, *common], qt_env))
                    res["floor"].append(run_side([lamina, "--scene", s, "--floor", *common], lam_env))
            except (RuntimeError, subprocess.TimeoutExpired) as err:
                print(f"{s}: {err}", file=sys.stderr)
                status = 1
                continue

            def cell(v: list[float]) -> str:
                if not v:
                    return "not installed"
                return f"{statistics.median(v):.2f} ({min(v):.2f}-{max(v):.2f})"

            lm = statistics.median(res["lamina"])
            fl = statistics.median(res["floor"])
            ratio_qt = f"{lm / statistics.median(res['qt']):.2f}" if res["qt"] else "-"
            pm = statistics.median(res["partial"])
            share = statistics.median(res["redrawn"])
            ratio_pqt = f"{pm / statistics.median(res['qt']):.2f}" if res["qt"] else "-"
            qt_cell = cell(res["qt"]) if s not in LAMINA_ONLY else "no such scene"
            print(f"{names[s]:<40} {cell(res['lamina']):>18} {qt_cell:>18} "
                  f"{cell(res['floor']):>16} {ratio_qt:>6} {lm / fl:>8.1f}"
                  f" {cell(res['partial']):>18} {share:>8.1%} {ratio_pqt:>6}")
            qt_ms = f"{statistics.median(res['qt']):.3f}" if res["qt"] else "none"
            print(f"BENCH-PEER scene={s} lamina_ms={lm:.3f} qt_ms={qt_ms} floor_ms={fl:.3f} "
                  f"lamina_over_qt={ratio_qt} lamina_over_floor={lm / fl:.2f} "
                  f"partial_ms={pm:.3f} redrawn={share:.4f} partial_over_qt={ratio_pqt}")
            sys.stdout.flush()
    finally:
        if xvfb:
            xvfb.terminate()
            xvfb.wait()
    return status


if __name__ == "__main__":
    sys.exit(main())
