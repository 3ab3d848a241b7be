#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that every source file names its license with an SPDX identifier.

    Scripts/check-license-headers.py          # exit 1 and list the files without one
    Scripts/check-license-headers.py --fix    # add the identifier where it is missing

A source file is a tracked (git ls-files) .swift, .c, .h, .py, .sh or CMakeLists.txt/.cmake
file, or an executable script. The identifier, `SPDX-License-Identifier: Apache-2.0`, must
appear in its first five lines; --fix puts it on the first line, in the file's comment syntax,
after a `#!` line or a Python encoding line. Generated and data files (golden images, corpora,
traces) are not source files.
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = "SPDX-License-Identifier: Apache-2.0"
SLASH = (".swift",)
BLOCK = (".c", ".h")
HASH = (".py", ".sh", ".cmake", ".txt", ".in")


def source_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    for rel in out.stdout.split("\n"):
        if not rel:
            continue
        name = os.path.basename(rel)
        if rel.endswith(SLASH + BLOCK) or rel.endswith((".py", ".sh", ".cmake")) \
                or name == "CMakeLists.txt" or name.endswith(".pc.in") or name.endswith(".cmake.in"):
            yield rel
        elif os.access(os.path.join(ROOT, rel), os.X_OK) and "." not in name:
            yield rel  # an executable script without an extension (.ci/run)


def comment(rel):
    if rel.endswith(SLASH):
        return "// " + TAG
    if rel.endswith(BLOCK):
        return "/* " + TAG + " */"
    return "# " + TAG


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fix", action="store_true", help="add the identifier where it is missing")
    args = ap.parse_args()
    missing = []
    for rel in source_files():
        path = os.path.join(ROOT, rel)
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        if any(TAG in line for line in lines[:5]):
            continue
        if not args.fix:
            missing.append(rel)
            continue
        at = 0
        while at < len(lines) and at < 2 and (lines[at].startswith("#!") or "coding" in lines[at]
                                               or lines[at].startswith("// swift-tools-version")):
            at += 1
        lines.insert(at, comment(rel))
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        print("check-license-headers: added to", rel)
    for rel in missing:
        print(f"{rel}:1: no '{TAG}' in the first five lines")
    if missing:
        print(f"check-license-headers: {len(missing)} file(s) without an SPDX identifier "
              "(Scripts/check-license-headers.py --fix adds them)")
        return 1
    print("check-license-headers: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
