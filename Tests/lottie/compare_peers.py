#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Lottie fidelity against independent players (issue 28, R16; docs/lottie.md#fidelity).

Renders every sample in Tests/LaminaLottieTests/Samples at 0, 25, 50, 75 and 100 % progress
with Lamina (liblamina-lottie's layers drawn by the reference compositor, liblamina-gles) and
with rlottie (PyPI rlottie-python) and ThorVG (PyPI thorvg-python), and reports per sample the
share of pixels within 8/255 of each peer and the PSNR, composited over white. The peers'
agreement with each other is reported too: where they disagree, neither is the reference.

Frames: progress p is frame ip + p * (op - ip), clamped to op - 1 for all three renderers
(rlottie and ThorVG number frames 0 ... op - ip - 1 and cannot show the out frame itself).

    LAMINA_LIBRARY=build/liblamina.so python3 Tests/lottie/compare_peers.py [--out DIR] [--min-share S]

--out writes Lamina | rlottie | ThorVG side by side per frame. --min-share fails (exit 1) when
a sample's mean share against the better-agreeing peer falls below S; CI uses the recorded
floor in Tests/lottie/floors.json (each sample's measured share minus a margin), so a
regression in the importer or the compositor fails the run.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SAMPLES = ROOT / "Tests" / "LaminaLottieTests" / "Samples"
sys.path.insert(0, str(ROOT / "bindings" / "python" / "src"))

import lamina  # noqa: E402

PROGRESS = (0.0, 0.25, 0.5, 0.75, 1.0)
TOLERANCE = 8  # /255, per channel


def over_white(rgba: np.ndarray) -> np.ndarray:
    """Straight RGBA (uint8) over white, as float RGB."""
    a = rgba[..., 3:4].astype(np.float64) / 255.0
    return rgba[..., :3].astype(np.float64) * a + 255.0 * (1.0 - a)


def compare(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """(share of pixels whose every channel is within TOLERANCE, PSNR in dB) over white."""
    x, y = over_white(a), over_white(b)
    diff = np.abs(x - y)
    share = float(np.mean(np.all(diff <= TOLERANCE + 0.5, axis=-1)))
    mse = float(np.mean(diff ** 2))
    psnr = 99.0 if mse == 0 else min(99.0, 10 * math.log10(255.0 ** 2 / mse))
    return share, psnr


def unpremultiply(rgba: np.ndarray) -> np.ndarray:
    """rlottie's and ThorVG's buffers are premultiplied (every channel <= alpha; their Python
    wrappers hand them over as they are): straight RGBA, as Lamina's compositor returns."""
    out = rgba.astype(np.float64)
    a = out[..., 3:4]
    rgb = np.where(a > 0, out[..., :3] * 255.0 / np.maximum(a, 1), 0)
    return np.concatenate([np.clip(np.rint(rgb), 0, 255), a], axis=-1).astype(np.uint8)


def frame_of(p: float, ip: float, op: float) -> float:
    return min(ip + p * (op - ip), op - 1)


def render_lamina(engine: "lamina.Engine", anim: "lamina.LottieAnimation", frame: float) -> np.ndarray:
    p = (frame - anim.in_frame) / (anim.out_frame - anim.in_frame)
    anim.seek(p)
    engine.tick(engine.time + 1.0)
    w, h = int(round(anim.size.width)), int(round(anim.size.height))
    img = lamina.render(anim.root, (w, h))
    return np.frombuffer(img.rgba, dtype=np.uint8).reshape(h, w, 4)


def render_rlottie(path: Path, frame: float, ip: float, size: tuple[int, int]) -> np.ndarray:
    from rlottie_python import LottieAnimation

    anim = LottieAnimation.from_file(str(path))
    img = anim.render_pillow_frame(frame_num=int(round(frame - ip)), width=size[0], height=size[1])
    return unpremultiply(np.asarray(img.convert("RGBA"), dtype=np.uint8))


def render_thorvg(path: Path, frame: float, ip: float, size: tuple[int, int]) -> np.ndarray:
    import thorvg_python as tvg

    engine = tvg.Engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size[0], size[1])
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    pic.load(str(path))
    pic.set_size(size[0], size[1])
    anim.set_frame(frame - ip)
    canvas.add(pic)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    img = canvas.get_pillow()
    out = unpremultiply(np.asarray(img.convert("RGBA"), dtype=np.uint8))
    canvas.destroy()
    engine.term() if hasattr(engine, "term") else None
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, help="write side-by-side PNGs here")
    ap.add_argument("--json", type=Path, help="write the results as JSON here")
    ap.add_argument("--floors", type=Path, help="fail when a sample's share falls below its floor")
    ap.add_argument("samples", nargs="*", help="sample names (default: all)")
    args = ap.parse_args()
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    names = args.samples or sorted(p.name for p in SAMPLES.glob("*.json"))
    results = {}
    print(f"{'sample':44} {'vs rlottie':>18} {'vs ThorVG':>18} {'peers agree':>18}")
    for name in names:
        path = SAMPLES / name
        engine = lamina.Engine()
        anim = engine.load_lottie(path)
        host = engine.layer()
        host.add_sublayer(anim.root)
        size = (int(round(anim.size.width)), int(round(anim.size.height)))
        rows = []
        for p in PROGRESS:
            f = frame_of(p, anim.in_frame, anim.out_frame)
            lam = render_lamina(engine, anim, f)
            rl = render_rlottie(path, f, anim.in_frame, size)
            tv = render_thorvg(path, f, anim.in_frame, size)
            rows.append({"progress": p, "frame": f, "rlottie": compare(lam, rl),
                         "thorvg": compare(lam, tv), "peers": compare(rl, tv)})
            if args.out:
                from PIL import Image

                strip = np.concatenate([over_white(x).astype(np.uint8) for x in (lam, rl, tv)], axis=1)
                Image.fromarray(strip).save(args.out / f"{path.stem}-{int(p * 100):03d}.png")
        mean = {k: (float(np.mean([r[k][0] for r in rows])), float(np.mean([r[k][1] for r in rows])))
                for k in ("rlottie", "thorvg", "peers")}
        results[name] = {"frames": rows, "mean": mean, "warnings": list(anim.warnings)}
        fmt = lambda v: f"{100 * v[0]:6.1f}% {v[1]:5.1f} dB"  # noqa: E731
        print(f"{name:44} {fmt(mean['rlottie']):>18} {fmt(mean['thorvg']):>18} {fmt(mean['peers']):>18}")
        sys.stdout.flush()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    failed = []
    if args.floors:
        floors = json.loads(args.floors.read_text())
        for name, r in results.items():
            best = max(r["mean"]["rlottie"][0], r["mean"]["thorvg"][0])
            if name in floors and best < floors[name]:
                failed.append(f"{name}: {100 * best:.1f}% < floor {100 * floors[name]:.1f}%")
    for f in failed:
        print("BELOW FLOOR:", f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
