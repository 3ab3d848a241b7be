#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fails on any DocC diagnostic (warning or error) of a `docc convert --diagnostics-file` run
that docs/docc-known-warnings.txt does not list, so DocC's warnings are errors except the few
listed, each with its reason. A listed entry that no longer occurs is reported (remove it).

    Scripts/check-docc-diagnostics.py DIAGNOSTICS.json KNOWN.txt
    Scripts/check-docc-diagnostics.py --self-test   (proves the check on made-up diagnostics)

A KNOWN.txt line is `FILE: SUMMARY` (FILE the source's base name, SUMMARY DocC's text);
`#` starts a comment line.
"""
import json
import os
import sys


def check(diagnostics_path: str, known_path: str) -> int:
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


def self_test() -> int:
    import tempfile

    def run(diagnostics, known_lines):
        with tempfile.TemporaryDirectory() as tmp:
            d = os.path.join(tmp, "d.json")
            k = os.path.join(tmp, "k.txt")
            with open(d, "w", encoding="utf-8") as f:
                json.dump({"version": {}, "diagnostics": diagnostics}, f)
            with open(k, "w", encoding="utf-8") as f:
                f.write("# comment\n" + "".join(line + "\n" for line in known_lines))
            return check(d, k)

    known = {"severity": "warning", "summary": "'x()' doesn't exist", "source": "file:///a/A.swift",
             "range": {"start": {"line": 3}}}
    other = dict(known, summary="'y()' doesn't exist")
    cases = [
        ("no diagnostics", [], [], 0),
        ("a listed one", [known], ["A.swift: 'x()' doesn't exist"], 0),
        ("an unlisted one", [other], ["A.swift: 'x()' doesn't exist"], 1),
        ("listed in another file", [known], ["B.swift: 'x()' doesn't exist"], 1),
        ("a stale entry only", [], ["A.swift: 'x()' doesn't exist"], 0),
    ]
    failed = 0
    for name, diagnostics, known_lines, want in cases:
        got = run(diagnostics, known_lines)
        if got != want:
            print(f"check-docc: self-test FAILED: {name}: exit {got}, expected {want}")
            failed += 1
    print(f"check-docc: self-test {len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    return check(sys.argv[1], sys.argv[2])


if __name__ == "__main__":
    sys.exit(main())
