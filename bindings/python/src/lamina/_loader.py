# SPDX-License-Identifier: Apache-2.0
"""Finds and loads liblamina.

Order: ``$LAMINA_LIBRARY``, the library bundled in this package, then
``ctypes.util.find_library("lamina")``. Failure raises an ImportError listing every path tried.
A ``$LAMINA_LIBRARY`` that is set is the only candidate: when it does not load, the import fails
with the reason, rather than quietly using another copy than the one asked for.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from pathlib import Path
from typing import List, Optional, Tuple

#: The C library version this package was written against (MAJOR*1000000 + MINOR*1000 + PATCH).
REQUIRED_MAJOR = 0
REQUIRED_MINOR = 2


def _bundled_names() -> List[str]:
    if sys.platform == "darwin":
        return ["liblamina.dylib"]
    if sys.platform == "win32":
        return ["lamina.dll"]
    return ["liblamina.so"]


def _candidates() -> List[Tuple[str, str]]:
    out: List[Tuple[str, str]] = []
    env = os.environ.get("LAMINA_LIBRARY")
    if env:
        out.append(("$LAMINA_LIBRARY", env))
    here = Path(__file__).resolve().parent
    for name in _bundled_names():
        out.append(("bundled", str(here / name)))
    found = ctypes.util.find_library("lamina")
    out.append(("find_library('lamina')", found or "(not found)"))
    return out


def load_library() -> ctypes.CDLL:
    """Loads the first candidate that opens and has a compatible version."""
    tried: List[str] = []
    for origin, path in _candidates():
        if path == "(not found)" or (origin != "find_library('lamina')" and not os.path.exists(path)):
            tried.append(f"  {origin}: {path}: no such file")
            if origin == "$LAMINA_LIBRARY":
                break  # asked for this copy: never fall back to another one
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"  {origin}: {path}: {e}")
            if origin == "$LAMINA_LIBRARY":
                break
            continue
        problem = _version_problem(lib)
        if problem:
            tried.append(f"  {origin}: {path}: {problem}")
            if origin == "$LAMINA_LIBRARY":
                break
            continue
        lib._lamina_path = path  # type: ignore[attr-defined]
        return lib
    if os.environ.get("LAMINA_LIBRARY"):
        raise ImportError(
            "LAMINA_LIBRARY does not name a loadable Lamina library:\n" + "\n".join(tried)
            + "\nFix the path, or unset LAMINA_LIBRARY to use the bundled library.")
    raise ImportError(
        "could not load the Lamina C library (liblamina); tried:\n" + "\n".join(tried)
        + "\nSet LAMINA_LIBRARY to the path of liblamina.so, or install the package with pip."
    )


def _version_problem(lib: ctypes.CDLL) -> Optional[str]:
    try:
        fn = lib.lamina_version_number
    except AttributeError:
        return "not a Lamina library (no lamina_version_number)"
    fn.argtypes = []
    fn.restype = ctypes.c_int32
    v = fn()
    major, minor = v // 1000000, (v // 1000) % 1000
    if major != REQUIRED_MAJOR or minor < REQUIRED_MINOR:
        return f"version {major}.{minor}.{v % 1000} is not compatible with {REQUIRED_MAJOR}.{REQUIRED_MINOR}"
    return None


def companion_candidates(env: str, stem: str, core_path: Optional[str],
                         bundled_dir: Optional[Path] = None) -> List[Tuple[str, str]]:
    """Where a companion library of liblamina (``liblamina-gles``, ``-lottie``, ``-text``) may
    be, in order: ``$env``, beside the loaded liblamina (``core_path``), bundled in this package
    (``bundled_dir``, when it ships one), ``find_library(stem)``. Each is (origin, path).

    With ``$LAMINA_LIBRARY`` set (a development build, a test run), only ``$env`` and the
    directory beside that library: a companion bundled in an installed wheel or installed in
    the system (``/usr/local/lib``) was built against another liblamina, and must not stand in
    for the build under test (issue 30 item 5)."""
    out: List[Tuple[str, str]] = []
    value = os.environ.get(env)
    if value:
        out.append((f"${env}", value))
    if core_path:
        d = Path(core_path).resolve().parent
        for name in (f"lib{stem}.so", f"lib{stem}.so.0"):
            out.append(("beside liblamina", str(d / name)))
    if os.environ.get("LAMINA_LIBRARY"):
        return out
    if bundled_dir is not None:
        out.append(("bundled", str(bundled_dir / f"lib{stem}.so")))
    found = ctypes.util.find_library(stem)
    if found:
        out.append((f"find_library('{stem}')", found))
    return out
