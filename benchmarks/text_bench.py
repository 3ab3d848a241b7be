# SPDX-License-Identifier: Apache-2.0
"""Text layers' costs (issue 26): laying out 1,000 text layers of 40 characters (µs per layer,
the first draw list, which asks liblamina-text for every layout), an idle frame of them (the
cache: no layout), and one frame after every string changed.

    LAMINA_LIBRARY=build/liblamina.so python3 benchmarks/text_bench.py [--layers 1000]

Prints one line per figure. Uses the fonts of Tests/fonts (Noto Sans).
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bindings", "python", "src"))

import lamina  # noqa: E402

FONTS = os.path.join(HERE, "..", "Tests", "fonts")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--layers", type=int, default=1000)
    args = ap.parse_args()
    n = args.layers
    with lamina.Engine() as e:
        e.use_text_provider([FONTS])
        root = e.layer(bounds=(0, 0, 800, 600))
        layers = []
        for i in range(n):
            t = e.text_layer(string=f"Label {i:05d}: the quick brown fox jumps.", font="Noto Sans",
                             font_size=14, bounds=(0, 0, 300, 20), position=(150, 10 + i % 30 * 20))
            root.add_sublayer(t)
            layers.append(t)
        e.flush()
        t0 = time.perf_counter()
        e.draw_list_array(root) if hasattr(e, "draw_list_array") else e.draw_list(root)
        first = time.perf_counter() - t0
        t0 = time.perf_counter()
        e.draw_list_array(root) if hasattr(e, "draw_list_array") else e.draw_list(root)
        idle = time.perf_counter() - t0
        with e.transaction(disable_actions=True):
            for i, t in enumerate(layers):
                t.string = f"Label {i:05d}: the lazy dog sleeps all day"
        t0 = time.perf_counter()
        e.draw_list_array(root) if hasattr(e, "draw_list_array") else e.draw_list(root)
        changed = time.perf_counter() - t0
        counts = sum(t.layout_count for t in layers)
        print(f"text: {n} layers of 40 characters, first draw list (layout): {first / n * 1e6:.1f} us per layer")
        print(f"text: idle draw list (cached, no layout): {idle / n * 1e6:.1f} us per layer")
        print(f"text: every string changed: {changed / n * 1e6:.1f} us per layer")
        print(f"text: layouts asked for: {counts} (= 2 per layer: the first and the change)")


if __name__ == "__main__":
    main()
