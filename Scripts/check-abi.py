#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks liblamina's exported symbols against the functions declared in lamina.h.

    Scripts/check-abi.py --library build/liblamina.so
        [--header include/lamina/lamina.h]
        [--signature-tests Tests/LaminaCABITests/SignatureTests.swift]
        [--nm nm]

Fails (exit 1) when:
  - a function declared with LAMINA_API in the header is not exported by the library;
  - the library exports any symbol that is not declared in the header (a lamina_* function
    missing from the header, or anything else: Swift symbols, the Swift runtime, C++ runtime);
  - the signature test file exists and does not mention a declared function (every header
    function must be checked there against its Swift export with `same(_:_:)`).
A missing signature test file is a warning only.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# LAMINA_API <return type> <name>(  -- the type may span several tokens and lines.
_DECL = re.compile(r"\bLAMINA_API\b([^;{}()]*?)\b(lamina_\w+)\s*\(")


def declared_functions(header_path):
    with open(header_path, encoding="utf-8") as f:
        text = _COMMENT.sub(" ", f.read())
    # Drop the LAMINA_API macro definitions themselves.
    text = re.sub(r"^\s*#.*$", " ", text, flags=re.M)
    names = [m.group(2) for m in _DECL.finditer(text)]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    return set(names), duplicates


def find_nm(explicit):
    if explicit:
        return explicit
    for candidate in ("nm", "llvm-nm"):
        path = shutil.which(candidate)
        if path:
            return path
    swiftc = shutil.which("swiftc")
    if swiftc:
        path = os.path.join(os.path.dirname(os.path.realpath(swiftc)), "llvm-nm")
        if os.path.exists(path):
            return path
    sys.exit("check-abi: no nm or llvm-nm found (use --nm)")


def exported_symbols(nm, library):
    out = subprocess.run([nm, "-D", "--defined-only", library],
                         check=True, capture_output=True, text=True).stdout
    symbols = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name = parts[-1].split("@")[0]  # strip symbol versions
        kind = parts[-2] if len(parts) >= 3 else parts[0]
        if kind in ("A",) and not name.startswith("lamina_"):
            continue  # version-node definitions (absolute symbols), not code or data
        if len(kind) == 1 and kind.islower():
            continue  # a local symbol in .dynsym (static libdispatch's TLS __dispatch_tsd in
                      # liblamina-lottie): no other object can bind to it
        symbols.add(name)
    return symbols


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", required=True, help="path to liblamina.so")
    parser.add_argument("--header", default=os.path.join(ROOT, "include", "lamina", "lamina.h"))
    parser.add_argument("--signature-tests", default=os.path.join(
        ROOT, "Tests", "LaminaCABITests", "SignatureTests.swift"))
    parser.add_argument("--nm", help="nm program (default: nm, then llvm-nm)")
    args = parser.parse_args()

    declared, duplicates = declared_functions(args.header)
    if not declared:
        sys.exit(f"check-abi: no LAMINA_API functions found in {args.header}")
    exported = exported_symbols(find_nm(args.nm), args.library)

    errors = []
    for name in duplicates:
        errors.append(f"declared more than once in the header: {name}")
    for name in sorted(declared - exported):
        errors.append(f"declared in lamina.h but not exported: {name}")
    for name in sorted(exported - declared):
        if name.startswith("lamina_"):
            errors.append(f"exported but not declared in lamina.h: {name}")
        else:
            errors.append(f"exported non-API symbol (check cmake/lamina.map): {name}")

    covered = "not checked"
    if os.path.exists(args.signature_tests):
        with open(args.signature_tests, encoding="utf-8") as f:
            swift = f.read()
        words = set(re.findall(r"\b(lamina_\w+)\b", swift))
        missing = sorted(declared - words)
        for name in missing:
            errors.append(f"not covered by {os.path.basename(args.signature_tests)}: {name}")
        covered = f"{len(declared) - len(missing)}/{len(declared)} in signature tests"
    else:
        print(f"check-abi: warning: {args.signature_tests} does not exist yet; "
              "header/Swift signature coverage is not checked", file=sys.stderr)

    for error in errors:
        print(f"check-abi: {error}", file=sys.stderr)
    summary = (f"check-abi: {len(declared)} declared, {len(exported)} exported, {covered}: "
               f"{'FAILED' if errors else 'ok'} ({len(errors)} problem(s))")
    print(summary)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
