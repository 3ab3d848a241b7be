#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The cost gate (issue 12 item 9): instruction counts per operation, compared with a baseline.

Runs `lamina-bench --cost N` under `valgrind --tool=callgrind --collect-atstart=no`. The bench
switches collection on only around each measured loop and dumps the counters with the
description `cost:NAME:OPS` (benchmarks/bench.c, run_cost); this script divides each dump's
instruction total by OPS, prints the table (instructions per op, ratio to the floor's
instructions per value, baseline, delta %) and compares with the baseline file
(benchmarks/cost-baseline.json):

- an entry more than --threshold percent (default 15) above its baseline fails (exit 1);
- an entry missing from the measurements, or a missing/unreadable baseline, fails (exit 1);
- an entry more than 5 % below its baseline, or a new entry, passes with a hint to update.

Instruction counts are deterministic for one build on one toolchain (Swift's hashing seed is
fixed with SWIFT_DETERMINISTIC_HASHING=1), so the threshold guards against real regressions,
not noise. Normally run through Scripts/cost-gate.sh, which builds the Release library first.

    cost_gate.py --bench BIN [--n N] [--baseline FILE] [--update] [--save FILE]
    cost_gate.py --measurements FILE [--baseline FILE]     (compare saved measurements)
    cost_gate.py --self-test                               (the gate's own test, no valgrind)
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BASELINE = ROOT / "benchmarks" / "cost-baseline.json"
DEFAULT_N = 2000
DEFAULT_THRESHOLD = 15.0
IMPROVEMENT_HINT = 5.0  # percent below baseline that prompts "update the baseline"
FLOOR = "floor_per_value"

# Entry -> what it measures (printed beside the figure). Keys are bench.c's cost_end() names.
DESCRIPTIONS = {
    "floor_per_value": "floor: UnitBezier ease-in-out solve + lerp, per value",
    "set_number": "lamina_layer_set_number opacity, disableActions",
    "set_position": "lamina_layer_set_position, disableActions",
    "get_position": "lamina_layer_get_position, idle",
    "get_number": "lamina_layer_get_number opacity, idle",
    "presentation_idle": "get_presentation_value opacity, idle",
    "presentation_animated": "get_presentation_value opacity, animated",
    "commit_per_change": "implicit change: set + share of transaction_commit",
    "commit_interrupt_per_change": "the same, interrupting a running animation",
    "tick_per_property": "engine_tick per animated property",
    "draw_list_per_record": "engine_draw_list per record (1% animated)",
    "batch_set_number": "lamina_layers_set_number, per element",
    "batch_set_point": "lamina_layers_set_point position, per element",
    "batch_get_number": "lamina_layers_get_number opacity, idle, per element",
    "batch_presentation_idle": "layers_get_presentation_number, idle, per element",
    "batch_presentation_animated": "layers_get_presentation_number, animated, per element",
    "tree_remove": "remove_from_superlayer, one of N siblings",
    "tree_add": "add_sublayer onto N siblings",
    "draw_list_text_idle_per_record": "engine_draw_list per idle text record (no layout)",
    "draw_list_explicit_per_record": "engine_draw_list per record, 5N explicitly animated layers",
    "tick_explicit_per_animation": "engine_tick per explicit animation, 5N layers",
    "spring_retarget": "spring transaction retargeting a running spring: set + commit share",
    "draw_list_tracked_per_record": "engine_draw_list per record, root's damage tracked (1% animated)",
    "damage_per_record": "engine_damage per record, 1% animated",
    "damage_idle_per_record": "engine_damage per record, nothing changed",
    "damage_all_changed_per_record": "engine_damage per record, N disjoint squares all changed (merge's worst case)",
    # Issue 28: a shape-layer-heavy draw list (what a Lottie file builds).
    "draw_list_shapes_per_record": "engine_draw_list per shape record, N shapes, 1/4 morph path, 1/4 strokeEnd",
    # Lottie playback (issue 28): lamina-lottie-bench --cost, beside lamina-bench when CMake
    # built the importer; tick + draw list per frame of a loaded sample in steady playback.
    "lottie_frame_issue_1853": "Lottie issue_1853 100x100: tick + draw list per frame",
    "lottie_frame_step_loader": "Lottie step_loader 500x260: tick + draw list per frame",
    "lottie_frame_TwitterHeartButton": "Lottie TwitterHeartButton 60x60: tick + draw list per frame",
    # Issue 28: the tick's sampling of keyframe animations under timed ancestors (a Lottie scene).
    "tick_per_keyframe_animation": "engine_tick per keyframe animation (rotateZ; 1/4 paths), timed root",
    # issue 28: an unchanged draw list is handed back without a walk (Engine+ListReuse.swift)
    "draw_list_unchanged": "engine_draw_list of N still layers after a tick, nothing changed (per call)",
    # issue 28: linear path keyframes blended over last frame's path (ExplicitState, Path.blend)
    "lottie_frame_pr_1604_1": "Lottie pr_1604_1: tick + draw list per frame (morphing paths)",
    # issue 28: sampled values stored straight into the presentation (PropertyWriter), typed
    # samples, a reused rare box; bench.c cost_apply, alone: lamina-bench --cost-apply N
    "frame_apply_per_animation": "tick + draw list per keyframe animation (rotation.z, position.x, strokeEnd, fillColor)",
}
# The Lottie entries' samples (Tests/LaminaLottieTests/Samples) and their prefix: without a
# lamina-lottie-bench next to the bench (a SwiftPM build has none) they are reported as not
# measured instead of failing as missing.
LOTTIE_PREFIX = "lottie_frame_"
LOTTIE_SAMPLES = ["Issues-issue_1853.json", "LottieFiles-step_loader.json", "TwitterHeartButton.json",
                  "Issues-pr_1604_1.json"]
UNMEASURED_PREFIXES: list[str] = []
ORDER = list(DESCRIPTIONS)

# docs/architecture.md's target for each entry, as a ratio to the floor where it is one (shown
# beside the figure; the gate itself judges only the change against the baseline).
TARGETS = {
    "floor_per_value": "~90",
    "set_number": "<=3x", "set_position": "<=3x", "get_position": "<=3x", "get_number": "<=3x",
    "presentation_idle": "<=3x", "presentation_animated": "<=3x",
    "commit_per_change": "<=15x", "commit_interrupt_per_change": "<=15x", "tick_per_property": "<=0.25x",
    "draw_list_per_record": "<=100ns",
    "batch_set_number": "<=1.5x", "batch_set_point": "<=1.5x", "batch_get_number": "<=1.5x",
    "batch_presentation_idle": "<=1.5x", "batch_presentation_animated": "<=1.5x",
    "tree_remove": "O(1)", "tree_add": "O(1)",
    # Issue 29 items 3 and 4: instructions, not ratios.
    "draw_list_explicit_per_record": "<=1500",
    # Issue 27: at most 2x an implicit change that interrupts a running one (commit_interrupt_per_change).
    "spring_retarget": "<=4450",
}

DESC_RE = re.compile(r"^desc: Trigger: Client Request: cost:([A-Za-z0-9_]+):([0-9]+)\s*$")
TOTALS_RE = re.compile(r"^(?:totals|summary): ([0-9]+)")


def parse_dumps(directory: Path) -> dict[str, float]:
    """Instructions per op from every callgrind dump in `directory` marked cost:NAME:OPS."""
    measured: dict[str, list[tuple[int, int]]] = {}
    for path in sorted(directory.iterdir()):
        name = ops = total = None
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = DESC_RE.match(line)
                if m:
                    name, ops = m.group(1), int(m.group(2))
                    continue
                m = TOTALS_RE.match(line)
                if m:
                    total = int(m.group(1))
        if name is not None and total is not None and ops:
            measured.setdefault(name, []).append((total, ops))
    # An entry measured in several dumps (e.g. one per frame) is their sum over their ops.
    return {k: sum(t for t, _ in v) / sum(o for _, o in v) for k, v in measured.items()}


def measure(bench: str, n: int, keep: str | None) -> dict[str, float]:
    if shutil.which("valgrind") is None:
        sys.exit("cost-gate: valgrind not found (Scripts/install-deps.sh installs it)")
    out = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="lamina-cost-"))
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("callgrind.out*"):
        old.unlink()
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1", LC_ALL="C")
    cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--dump-instr=no",
           "--dump-line=no", f"--callgrind-out-file={out}/callgrind.out", bench, "--cost", str(n)]
    print("running: " + " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        sys.exit(f"cost-gate: the bench failed under callgrind (exit {proc.returncode})")
    lottie = Path(bench).resolve().parent / "lamina-lottie-bench"
    samples = [ROOT / "Tests" / "LaminaLottieTests" / "Samples" / n for n in LOTTIE_SAMPLES]
    if lottie.exists():
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--dump-instr=no", "--dump-line=no",
               f"--callgrind-out-file={out}/callgrind.out.lottie", str(lottie), "--cost"] + [str(p) for p in samples]
        print("running: " + " ".join(cmd), flush=True)
        proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout + proc.stderr)
            sys.exit(f"cost-gate: lamina-lottie-bench failed under callgrind (exit {proc.returncode})")
    else:
        print(f"cost-gate: no {lottie}: the {LOTTIE_PREFIX}* entries are not measured", flush=True)
        UNMEASURED_PREFIXES.append(LOTTIE_PREFIX)
    result = parse_dumps(out)
    if not keep:
        shutil.rmtree(out, ignore_errors=True)
    if not result:
        sys.exit("cost-gate: no cost:* dumps found (was the bench built with <valgrind/callgrind.h>?)")
    return result


def compare(measured: dict[str, float], baseline: dict[str, float], threshold: float
            ) -> tuple[list[str], bool, bool]:
    """The table's lines, whether the gate fails, whether to hint at updating the baseline."""
    failed = hint = False
    floor = measured.get(FLOOR) or baseline.get(FLOOR)
    keys = [k for k in ORDER if k in measured or k in baseline]
    keys += sorted(k for k in set(measured) | set(baseline) if k not in DESCRIPTIONS)
    lines = [f"{'entry':<28} {'instr/op':>10} {'x floor':>8} {'target':>8} {'baseline':>10} {'delta':>8}  status  what",
             "-" * 127]
    for k in keys:
        m, b = measured.get(k), baseline.get(k)
        what = DESCRIPTIONS.get(k, "")
        ratio = f"{m / floor:.2f}" if (m is not None and floor) else "-"
        target = TARGETS.get(k, "-")
        if m is None and any(k.startswith(p) for p in UNMEASURED_PREFIXES):
            lines.append(f"{k:<28} {'-':>10} {'-':>8} {target:>8} {b or 0:>10.1f} {'-':>8}  skipped {what}")
            continue
        if m is None:
            status, failed = "MISSING", True
            lines.append(f"{k:<28} {'-':>10} {'-':>8} {target:>8} {b:>10.1f} {'-':>8}  {status}  {what}")
            continue
        if b is None:
            status, hint = "new", True
            lines.append(f"{k:<28} {m:>10.1f} {ratio:>8} {target:>8} {'-':>10} {'-':>8}  {status}  {what}")
            continue
        delta = (m - b) / b * 100.0 if b else (0.0 if m == 0 else float("inf"))
        if delta > threshold:
            status, failed = "FAIL", True
        elif delta < -IMPROVEMENT_HINT:
            status, hint = "better", True
        else:
            status = "ok"
        lines.append(f"{k:<28} {m:>10.1f} {ratio:>8} {target:>8} {b:>10.1f} {delta:>+7.1f}%  {status:<6}  {what}")
    return lines, failed, hint


def load_baseline(path: Path) -> dict[str, float]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    entries = data.get("instructions_per_op")
    if not isinstance(entries, dict) or not all(isinstance(v, (int, float)) for v in entries.values()):
        raise ValueError(f"{path}: no 'instructions_per_op' object of numbers")
    return {str(k): float(v) for k, v in entries.items()}


def write_baseline(path: Path, measured: dict[str, float], n: int) -> None:
    """Deterministic: sorted keys, one decimal, no timestamps or revisions."""
    data = {
        "comment": "Instructions per operation under callgrind (benchmarks/bench.c --cost). "
                   "Regenerate with Scripts/cost-gate.sh --update; see benchmarks/README.md.",
        "n": n,
        "instructions_per_op": {k: round(v, 1) for k, v in sorted(measured.items())},
    }
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def baseline_n(path: Path) -> int | None:
    try:
        n = json.loads(path.read_text(encoding="utf-8")).get("n")
        return n if isinstance(n, int) else None
    except (OSError, ValueError, AttributeError):
        return None


def gate(measured: dict[str, float], baseline_path: Path, threshold: float) -> int:
    try:
        baseline = load_baseline(baseline_path)
    except (OSError, ValueError) as exc:
        baseline = {}
        print(f"cost-gate: cannot read the baseline: {exc}")
        lines, _, _ = compare(measured, baseline, threshold)
        print("\n".join(lines))
        print("cost-gate: FAILED: no baseline; create it with Scripts/cost-gate.sh --update")
        return 1
    lines, failed, hint = compare(measured, baseline, threshold)
    print("\n".join(lines))
    if failed:
        print(f"cost-gate: FAILED: an entry regressed by more than {threshold:g}% (or is missing) "
              f"against {baseline_path}")
        return 1
    if hint:
        print("cost-gate: hint: some entries are new or better than the baseline; to lock the gain "
              "in, run Scripts/cost-gate.sh --update and commit benchmarks/cost-baseline.json")
    print(f"cost-gate: ok (threshold {threshold:g}%)")
    return 0


def self_test() -> int:
    """The gate's own test: doctored baselines must fail or pass as documented."""
    base = {FLOOR: 100.0, "set_number": 300.0, "tick_per_property": 40.0}
    problems = []

    def expect(label: str, measured: dict[str, float], baseline: dict[str, float], fail: bool,
               hint: bool | None = None) -> None:
        _, f, h = compare(measured, baseline, DEFAULT_THRESHOLD)
        if f != fail or (hint is not None and h != hint):
            problems.append(f"{label}: failed={f} hint={h}, expected failed={fail} hint={hint}")

    expect("identical", dict(base), base, False, False)
    expect("+20% regression", {**base, "set_number": 360.0}, base, True)
    expect("+14.7% passes", {**base, "set_number": 344.0}, base, False)
    expect("+10% passes", {**base, "tick_per_property": 44.0}, base, False, False)
    expect("-30% improvement passes with a hint", {**base, "set_number": 210.0}, base, False, True)
    expect("missing entry fails", {FLOOR: 100.0, "set_number": 300.0}, base, True)
    expect("new entry passes with a hint", {**base, "get_number": 50.0}, base, False, True)
    # A Lottie entry fails as missing, unless no lamina-lottie-bench was there to measure it.
    lottie_base = {**base, LOTTIE_PREFIX + "x": 1000.0}
    expect("missing Lottie entry fails", dict(base), lottie_base, True)
    UNMEASURED_PREFIXES.append(LOTTIE_PREFIX)
    expect("unmeasured Lottie entry is skipped", dict(base), lottie_base, False)
    expect("unmeasured Lottie entries skip nothing else", {FLOOR: 100.0}, lottie_base, True)
    UNMEASURED_PREFIXES.remove(LOTTIE_PREFIX)

    # End to end through the command line: saved measurements against doctored baseline files.
    with tempfile.TemporaryDirectory(prefix="lamina-cost-selftest-") as tmp:
        t = Path(tmp)
        (t / "m.json").write_text(json.dumps(base), encoding="utf-8")
        write_baseline(t / "same.json", base, DEFAULT_N)
        write_baseline(t / "tight.json", {**base, "set_number": 200.0}, DEFAULT_N)  # +50%
        write_baseline(t / "loose.json", {**base, "set_number": 600.0}, DEFAULT_N)  # -50%
        (t / "broken.json").write_text("{", encoding="utf-8")
        cases = [("same.json", 0, None), ("tight.json", 1, "FAILED"), ("loose.json", 0, "hint:"),
                 ("broken.json", 1, "no baseline"), ("absent.json", 1, "no baseline")]
        for name, rc, needle in cases:
            proc = subprocess.run([sys.executable, __file__, "--measurements", str(t / "m.json"),
                                   "--baseline", str(t / name)], capture_output=True, text=True)
            if proc.returncode != rc or (needle and needle not in proc.stdout):
                problems.append(f"cli {name}: exit {proc.returncode} (want {rc}), output:\n{proc.stdout}{proc.stderr}")
        # A baseline of another N is refused before anything runs (the bench is never started).
        proc = subprocess.run([sys.executable, __file__, "--bench", str(t / "no-such-bench"), "--n",
                               str(DEFAULT_N + 1), "--baseline", str(t / "same.json")],
                              capture_output=True, text=True)
        if proc.returncode != 1 or "measured with --n" not in proc.stdout:
            problems.append(f"cli --n mismatch: exit {proc.returncode}, output:\n{proc.stdout}{proc.stderr}")
        # --update from saved measurements writes a baseline that then passes, byte-identical
        # when written twice (regeneration is deterministic).
        written = []
        for _ in range(2):
            subprocess.run([sys.executable, __file__, "--measurements", str(t / "m.json"), "--baseline",
                            str(t / "new.json"), "--update"], capture_output=True, check=False)
            written.append((t / "new.json").read_bytes())
        if written[0] != written[1] or load_baseline(t / "new.json") != base:
            problems.append("--update is not deterministic or does not round-trip")

    # The committed baseline parses and names every entry the bench measures.
    try:
        committed = load_baseline(DEFAULT_BASELINE)
        missing = [k for k in DESCRIPTIONS if k not in committed]
        if missing:
            problems.append(f"{DEFAULT_BASELINE} lacks entries: {', '.join(missing)}")
    except (OSError, ValueError) as exc:
        problems.append(f"the committed baseline: {exc}")

    for p in problems:
        print(f"cost-gate self-test: FAIL: {p}")
    if problems:
        return 1
    print("cost-gate self-test: ok (regression > 15% fails, improvements hint, missing entries and "
          "baselines fail, another N fails, --update is deterministic)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", help="the lamina-bench binary (built by benchmarks/run.sh --build-only)")
    ap.add_argument("--n", type=int, default=DEFAULT_N, help=f"layers in the cost scenario (default {DEFAULT_N})")
    ap.add_argument("--baseline", type=Path, default=DEFAULT_BASELINE)
    ap.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD, help="regression that fails, percent")
    ap.add_argument("--update", action="store_true", help="write the measurements as the new baseline")
    ap.add_argument("--save", type=Path, help="also write the measurements (JSON) here")
    ap.add_argument("--measurements", type=Path, help="compare these saved measurements instead of measuring")
    ap.add_argument("--keep", help="keep callgrind's dumps in this directory")
    ap.add_argument("--self-test", action="store_true", help="test the gate itself (no valgrind)")
    args = ap.parse_args()

    if args.self_test:
        return self_test()
    if not args.update and not args.measurements and args.bench:
        # Per-op counts of the tree edits (and the amortised ones) depend on N: compare like with like.
        bn = baseline_n(args.baseline)
        if bn is not None and bn != args.n:
            print(f"cost-gate: FAILED: {args.baseline} was measured with --n {bn}, not {args.n}")
            return 1
    if args.measurements:
        measured = {str(k): float(v) for k, v in json.loads(args.measurements.read_text()).items()}
    elif args.bench:
        measured = measure(args.bench, args.n, args.keep)
    else:
        ap.error("give --bench BIN, --measurements FILE or --self-test")
    if args.save:
        args.save.write_text(json.dumps(measured, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    if args.update:
        write_baseline(args.baseline, measured, args.n)
        lines, _, _ = compare(measured, measured, args.threshold)
        print("\n".join(lines))
        print(f"cost-gate: wrote {args.baseline}; commit it")
        return 0
    return gate(measured, args.baseline, args.threshold)


if __name__ == "__main__":
    sys.exit(main())
