#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that code inlined in the docs is the code in examples/ (issue 30 item 6).

The docs show their programs inline, so a page reads the same on a code host as on the site
(no include directive a code host would print raw). Each inlined block is marked on the line
before its fence with the file it copies:

    <!-- listing: examples/c/listing_7_1.c from 2 -->
    ```c
    ...the file's lines from line 2 on...
    ```

`from N` (optional) skips the file's first N-1 lines (a licence line). The check fails when a
block differs from its file; `--fix` rewrites every marked block from its file instead.

    Scripts/check-doc-listings.py [--fix]
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARK = re.compile(r"^<!-- listing: (\S+)(?: from (\d+))? -->$")


def pages():
    yield ROOT / "README.md"
    yield from sorted((ROOT / "docs").rglob("*.md"))


def expected(path: str, first: int) -> str:
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[first - 1:])


def check(fix: bool) -> int:
    failures = blocks = 0
    for page in pages():
        lines = page.read_text(encoding="utf-8").splitlines()
        out, i, changed = [], 0, False
        while i < len(lines):
            m = MARK.match(lines[i])
            out.append(lines[i])
            i += 1
            if not m:
                continue
            blocks += 1
            rel = page.relative_to(ROOT)
            if i >= len(lines) or not lines[i].startswith("```"):
                print(f"check-doc-listings: {rel}:{i}: a listing mark is not followed by a fence")
                failures += 1
                continue
            fence = lines[i]
            end = i + 1
            while end < len(lines) and lines[end] != "```":
                end += 1
            body = "\n".join(lines[i + 1:end])
            want = expected(m.group(1), int(m.group(2) or 1))
            if body != want:
                if fix:
                    changed = True
                else:
                    print(f"check-doc-listings: {rel}:{i + 1}: differs from {m.group(1)} "
                          "(Scripts/check-doc-listings.py --fix copies it)")
                    failures += 1
            out.append(fence)
            out.extend(want.splitlines() if fix else lines[i + 1:end])
            out.append("```")
            i = end + 1
        if changed:
            page.write_text("\n".join(out) + "\n", encoding="utf-8")
            print(f"check-doc-listings: rewrote {page.relative_to(ROOT)}")
    print(f"check-doc-listings: {blocks} inlined listings, {failures} stale")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(check("--fix" in sys.argv[1:]))
