# SPDX-License-Identifier: Apache-2.0
"""Plays a Lottie file (docs/lottie.md): load it, scrub it, play it, and save frames with the
reference compositor when it is available.

    python3 examples/python/lottie_player.py [FILE.json] [--png-dir DIR]
"""
import argparse
from pathlib import Path

import lamina

ROOT = Path(__file__).resolve().parents[2]
ap = argparse.ArgumentParser()
ap.add_argument("file", nargs="?", default=ROOT / "Tests/LaminaLottieTests/Samples/TwitterHeartButton.json")
ap.add_argument("--png-dir", type=Path)
args = ap.parse_args()

with lamina.Engine() as engine:
    anim = engine.load_lottie(args.file)
    host = engine.layer(bounds=(0, 0, anim.size.width, anim.size.height))
    host.add_sublayer(anim.root)
    print(f"{anim.size.width:g}x{anim.size.height:g}, {anim.frame_rate:g} fps, "
          f"frames {anim.in_frame:g}-{anim.out_frame:g} ({anim.duration:.3f} s)")
    for w in anim.warnings:
        print("  warning:", w)
    for k in range(5):  # scrub: speed 0 + timeOffset on the root
        anim.seek(k / 4)
        engine.tick(float(k))
        print(f"progress {k / 4:.2f}: {len(engine.draw_list(host))} records")
        if args.png_dir:
            args.png_dir.mkdir(parents=True, exist_ok=True)
            size = (int(anim.size.width), int(anim.size.height))
            lamina.render(host, size).save_png(str(args.png_dir / f"frame-{k}.png"))
    engine.tick(10.0)
    anim.play(loop=True)  # the host's ticks drive it
    for k in range(5):
        t = 10 + k * anim.duration / 4
        engine.tick(t)
        print(f"t = {t:.3f}: {len(engine.draw_list(host))} records")
