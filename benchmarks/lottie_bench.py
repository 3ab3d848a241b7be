#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The Lottie importer against rlottie and ThorVG (issue 28): per sample, the load (µs) of
each, and the engine's CPU time per frame (tick + draw list, lamina-lottie-bench) against the
faster peer's time to rasterise a frame at the sample's own size. Lamina leaves rasterising to
the GPU; the target is at most 0.25x the faster peer. Also whether a paused animation is idle.
With --gles, also the reference compositor's frame time per sample at its own size, headless
(llvmpipe without a GPU): wall and process CPU time of lamina_gles_renderer_draw + glFinish.
Lamina's frame time is steady playback (one untimed pass over the frames, then 5 passes of at
least 60 frames each timed as a whole: benchmarks/README.md, "Steady playback"); each peer
frame has the timer's own overhead taken off, and both sides are the mean frame over the
animation, what a host pays per frame while it plays ("Timing a frame"). Each row also says what the
load made per frame: layers, explicit animations and draw records. --no-peers prints Lamina's
side alone.

    python3 benchmarks/lottie_bench.py --bench build/lamina-lottie-bench [--gles] [SAMPLES...]
"""
import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "Tests" / "LaminaLottieTests" / "Samples"


def cpu_us(fn, runs):
    out = []
    for _ in range(runs):
        t0 = time.process_time_ns()
        fn()
        out.append((time.process_time_ns() - t0) / 1e3)
    return statistics.median(out)


def timer_overhead_us():
    """What `cpu_us` reports for a call that does nothing: the clock reads (system calls) and
    the Python call. Taken off each peer's frame, as Lamina's frames are timed without a clock
    read per frame (benchmarks/README.md, "Timing a frame")."""
    return cpu_us(lambda: None, 201)


def peer_frame_us(fn, overhead):
    """One peer frame's CPU time, the timer's own overhead taken off."""
    return max(cpu_us(fn, 1) - overhead, 0.0)


def peer_frames_us(render, picks, overhead, passes=3):
    """A peer's mean frame over `picks`, played steadily as Lamina's are: one untimed pass first
    (the first frames after a load pay one-time setup), then `passes` passes in order (so no
    frame follows itself, which a player may answer from its cache); per frame the median of
    its passes."""
    for f in picks:
        render(f)
    per = [[] for _ in picks]
    for _ in range(passes):
        for i, f in enumerate(picks):
            per[i].append(peer_frame_us(lambda f=f: render(f), overhead))
    return statistics.fmean(statistics.median(p) for p in per)


def rlottie_costs(path, w, h, overhead):
    from rlottie_python import LottieAnimation

    load = cpu_us(lambda: LottieAnimation.from_data(path.read_text()), 5)
    anim = LottieAnimation.from_data(path.read_text())
    total = anim.lottie_animation_get_totalframe()
    picks = [int(total * k / 8) for k in range(8)]
    return load, peer_frames_us(lambda f: anim.lottie_animation_render(frame_num=f, width=w, height=h),
                                picks, overhead)


def thorvg_costs(path, w, h, overhead):
    import thorvg_python as tvg

    engine = tvg.Engine()

    def load():
        a = tvg.LottieAnimation(engine)
        a.get_picture().load(str(path))

    load_us = cpu_us(load, 5)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h)
    anim = tvg.LottieAnimation(engine)
    pic = anim.get_picture()
    pic.load(str(path))
    pic.set_size(w, h)
    canvas.add(pic)
    total = anim.get_total_frame()
    if isinstance(total, tuple):  # thorvg-python returns (Result, value)
        total = total[-1]
    def frame(f):
        anim.set_frame(f)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
    per = peer_frames_us(frame, [total * k / 8 for k in range(8)], overhead)
    canvas.destroy()
    return load_us, per


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default=str(ROOT / "build" / "lamina-lottie-bench"))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--gles", action="store_true",
                    help="also the reference compositor's frame time (lamina-lottie-bench --gles)")
    ap.add_argument("--gles-frames", type=int, default=20, help="frames drawn per sample with --gles")
    ap.add_argument("--no-peers", action="store_true",
                    help="Lamina's figures and counts only (no rlottie or ThorVG)")
    ap.add_argument("samples", nargs="*")
    args = ap.parse_args()
    paths = [SAMPLES / (s if s.endswith(".json") else s + ".json") for s in args.samples] or sorted(SAMPLES.glob("*.json"))
    cmd = [args.bench] + (["--gles", "--gles-frames", str(args.gles_frames)] if args.gles else []) + [str(p) for p in paths]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    if args.no_peers:
        print(f"{'sample':42} {'load µs':>9} {'frame µs':>9} {'layers':>7} {'animations':>10} {'records':>7}")
        for r in rows:
            print(f"{r['file'][:42]:42} {r['load_us']:9.0f} {r['frame_us']:9.1f} {r['layers']:7} "
                  f"{r['animations']:10} {r['records']:7}")
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1))
        return
    print(f"{'sample':42} {'load µs: Lamina':>16} {'rlottie':>9} {'ThorVG':>9} {'/best':>6} | "
          f"{'frame µs: Lamina':>16} {'raster best':>11} {'ratio':>6} {'idle':>5} "
          f"{'layers':>6} {'anims':>5} {'recs':>5}"
          + (f" | {'GLES ms wall':>12} {'CPU':>7}" if args.gles else ""))
    within = 0
    for r, p in zip(rows, paths):
        w, h = int(r["width"]), int(r["height"])
        overhead = timer_overhead_us()
        rl_load, rl_frame = rlottie_costs(p, w, h, overhead)
        tv_load, tv_frame = thorvg_costs(p, w, h, overhead)
        best = min(rl_frame, tv_frame)
        ratio = r["frame_us"] / best if best > 0 else float("inf")
        within += ratio <= 0.25
        r.update(rlottie_load_us=rl_load, thorvg_load_us=tv_load, rlottie_frame_us=rl_frame,
                 thorvg_frame_us=tv_frame, timer_overhead_us=overhead, ratio=ratio)
        load_ratio = r["load_us"] / min(rl_load, tv_load)
        r.update(load_ratio=load_ratio)
        gl = ""
        if "gles_frame_us" in r:
            gl = f" | {r['gles_frame_us'] / 1e3:12.2f} {r['gles_cpu_us'] / 1e3:7.2f}"
        elif args.gles:
            gl = f" | {'-':>12} {'-':>7}"
        print(f"{r['file'][:42]:42} {r['load_us']:16.0f} {rl_load:9.0f} {tv_load:9.0f} {load_ratio:6.1f} | "
              f"{r['frame_us']:16.1f} {best:11.1f} {ratio:6.2f} {str(r['paused_idle']):>5} "
              f"{r['layers']:6} {r['animations']:5} {r['records']:5}{gl}")
        sys.stdout.flush()
    print(f"per-frame CPU within 0.25x of the faster rasteriser: {within} of {len(rows)} samples")
    loads_within = sum(r["load_ratio"] <= 3 for r in rows)
    print(f"load within 3x of the faster peer's: {loads_within} of {len(rows)} samples")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
