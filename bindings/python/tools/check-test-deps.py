#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Exits 0 when this interpreter has each named package installed at a version inside its
range in tools/test-requirements.txt, else 1 with the reason on stderr. The runners use it to
decide between the interpreter's own packages and a virtual environment that pip fills with
``-c tools/test-requirements.txt``.

Usage: check-test-deps.py PACKAGE...   (e.g. ``check-test-deps.py pytest numpy``)
Only the ``>=`` and ``<`` bounds the file uses are understood; versions compare by their
leading numeric parts (``9.2.0`` < ``10``), which is enough for these packages' releases.
"""
from __future__ import annotations

import os
import re
import sys
from importlib import metadata
from typing import Dict, List, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))


def numeric(version: str) -> Tuple[int, ...]:
    """The leading numeric parts of a version: "9.2.0rc1" -> (9, 2, 0)."""
    parts: List[int] = []
    for piece in version.split("."):
        m = re.match(r"\d+", piece)
        if not m:
            break
        parts.append(int(m.group()))
        if m.end() != len(piece):
            break
    return tuple(parts)


def ranges() -> Dict[str, List[Tuple[str, str]]]:
    out: Dict[str, List[Tuple[str, str]]] = {}
    with open(os.path.join(HERE, "test-requirements.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name = re.match(r"[A-Za-z0-9_.-]+", line)
            assert name, line
            bounds = re.findall(r"(>=|<)\s*([0-9][0-9A-Za-z.]*)", line[name.end():])
            out[name.group().lower().replace("_", "-")] = bounds
    return out


def main(names: List[str]) -> int:
    table = ranges()
    ok = True
    for name in names:
        key = name.lower().replace("_", "-")
        if key not in table:
            print(f"check-test-deps: {name} is not in test-requirements.txt", file=sys.stderr)
            return 2
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            print(f"check-test-deps: {name} is not installed", file=sys.stderr)
            ok = False
            continue
        for op, bound in table[key]:
            inside = numeric(have) >= numeric(bound) if op == ">=" else numeric(have) < numeric(bound)
            if not inside:
                print(f"check-test-deps: {name} {have} is outside {op}{bound}", file=sys.stderr)
                ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
