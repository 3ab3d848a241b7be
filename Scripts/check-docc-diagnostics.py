#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails on any DocC diagnostic (warning or error) of a `docc convert --diagnostics-file` run
that docs/docc-known-warnings.txt does not list, so DocC's warnings are errors except the few
listed, each with its reason. A listed entry that no longer occurs is reported (remove it).

    Scripts/check-docc-diagnostics.py DIAGNOSTICS.json KNOWN.txt

A KNOWN.txt line is `FILE: SUMMARY` (FILE the source's base name, SUMMARY DocC's text);
`#` starts a comment line.
"""
import json
import os
import sys


def main() -> int:
    diagnostics_path, known_path = sys.argv[1:3]
    with open(diagnostics_path, encoding="utf-8") as f:
        diagnostics = json.load(f).get("diagnostics", [])
    known = set()
    with open(known_path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                known.add(line)
    seen = set()
    unexpected = []
    for d in diagnostics:
        source = os.path.basename(d.get("source", "") or "")
        key = f"{source}: {d.get('summary', '')}"
        line = d.get("range", {}).get("start", {}).get("line", "?")
        if key in known:
            seen.add(key)
            print(f"check-docc: known ({d.get('severity')}): {source}:{line}: {d.get('summary')}")
        else:
            unexpected.append(f"{d.get('source', '?')}:{line}: {d.get('severity')}: {d.get('summary')}")
    for key in sorted(known - seen):
        print(f"check-docc: note: no longer reported, remove from {known_path}: {key}")
    for u in unexpected:
        print(f"check-docc: error: {u}", file=sys.stderr)
    print(f"check-docc: {len(diagnostics)} diagnostics, {len(unexpected)} not in the known list")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
