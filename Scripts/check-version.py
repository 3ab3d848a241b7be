#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that every place that states Lamina's version states the same one.

    Scripts/check-version.py [--library build/liblamina.so]

Compares (docs/versioning.md lists them):
  - include/lamina/lamina_version.h: LAMINA_VERSION_MAJOR/MINOR/PATCH and LAMINA_VERSION_STRING;
  - CMakeLists.txt: project(Lamina VERSION ...);
  - bindings/python/pyproject.toml: a dynamic version read from lamina_version.h;
  - bindings/python/src/lamina/__init__.py: __version__ is the loaded library's version;
  - CHANGELOG.md: the newest released section, "## [X.Y.Z] - YYYY-MM-DD" -- or, while the
    string ends in "-dev" (between releases), an [Unreleased] section and a newest release
    older than X.Y.Z;
  - include/lamina/lamina.h: every "Since: X.Y" is at most the header's version, so
    `#if LAMINA_VERSION_NUMBER >= X*1000000 + Y*1000` holds wherever the function is declared;
  - with --library: lamina_version_string() and lamina_version_number() of the built library.
Prints each source and exits 1 when any disagrees with the header (the source of truth).
"""

import argparse
import ctypes
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def search(pattern, text, what):
    m = re.search(pattern, text, re.M)
    if not m:
        raise SystemExit(f"check-version: cannot find {what}")
    return m


def header_version():
    text = read("include/lamina/lamina_version.h")
    parts = [int(search(rf"^#define LAMINA_VERSION_{p}\s+(\d+)", text, f"LAMINA_VERSION_{p}").group(1))
             for p in ("MAJOR", "MINOR", "PATCH")]
    string = search(r'^#define LAMINA_VERSION_STRING\s+"([^"]+)"', text, "LAMINA_VERSION_STRING").group(1)
    return "%d.%d.%d" % tuple(parts), string, parts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--library", help="a built liblamina.so to ask for its run-time version")
    args = ap.parse_args()

    truth, string, parts = header_version()
    dev = string == truth + "-dev"
    found = [("lamina_version.h macros", truth),
             ("LAMINA_VERSION_STRING", truth if dev else string)]
    found.append(("CMakeLists.txt project()", search(
        r"^project\(Lamina VERSION ([0-9.]+)", read("CMakeLists.txt"), "project(Lamina VERSION)").group(1)))
    # The Python package takes its version from the header (issue 13): pyproject's version is
    # dynamic, read from lamina_version.h, and lamina.__version__ is the loaded library's.
    pyproject = read("bindings/python/pyproject.toml")
    single = (re.search(r'^dynamic\s*=\s*\[[^\]]*"version"', pyproject, re.M)
              and "include/lamina/lamina_version.h" in pyproject and "LAMINA_VERSION_STRING" in pyproject)
    found.append(("pyproject.toml (dynamic)", truth if single else "not read from lamina_version.h"))
    init = read("bindings/python/src/lamina/__init__.py")
    found.append(("lamina.__version__", truth if re.search(r"^__version__: str = library_version$", init, re.M)
                  else "not the library's version"))
    changelog = read("CHANGELOG.md")
    newest = search(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}", changelog,
                    "a released section in CHANGELOG.md").group(1)
    if dev:
        # Between releases the newest release is older, and the work is under [Unreleased].
        older = tuple(map(int, newest.split("."))) < tuple(parts)
        found.append(("CHANGELOG.md (development)", truth if older and "## [Unreleased]" in changelog
                      else f"{newest} released, or no [Unreleased] section"))
    else:
        found.append(("CHANGELOG.md newest release", newest))
    # Every "Since: X.Y" of the header is this version or older, so the version macros can
    # guard each declaration.
    headers = "".join(read(os.path.join("include", "lamina", h))
                      for h in sorted(os.listdir(os.path.join(ROOT, "include", "lamina"))) if h.endswith(".h"))
    since = {tuple(map(int, m)) for m in re.findall(r"[Ss]ince:? (\d+)\.(\d+)", headers)}
    late = sorted(v for v in since if v > tuple(parts[:2]))
    found.append(("lamina.h Since: (newest)", truth if not late else "%d.%d" % late[-1]))
    if args.library:
        lib = ctypes.CDLL(os.path.abspath(args.library))
        lib.lamina_version_string.restype = ctypes.c_char_p
        lib.lamina_version_number.restype = ctypes.c_int
        run = lib.lamina_version_string().decode("ascii")
        found.append(("lamina_version_string()", truth if run == string else run))
        number = lib.lamina_version_number()
        found.append(("lamina_version_number()", "%d.%d.%d" % (
            number // 1000000, number // 1000 % 1000, number % 1000)))

    bad = 0
    for where, version in found:
        ok = version == truth
        bad += not ok
        print(f"check-version: {where:30} {version}{'' if ok else '   <- differs from ' + truth}")
    if bad:
        print(f"check-version: {bad} place(s) disagree with lamina_version.h ({truth})")
        return 1
    print(f"check-version: all {len(found)} places say {truth}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
