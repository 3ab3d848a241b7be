# SPDX-License-Identifier: Apache-2.0
"""A snapshot of the Python package's public surface, to show that a refactoring (issue 24:
the package split into layered modules) changed where code lives and nothing users see.

    python3 tools/api_snapshot.py > before.json        # on the old tree
    python3 tools/api_snapshot.py --compare before.json  # on the new one: exit 1 on a change

It records ``lamina.__all__``, every public name of ``dir(lamina)`` with, per name, its kind,
signature, docstring (hashed) and, for classes, the same for each public member, base class
names and MRO length; and the public names of every public submodule (``lamina.x`` without a
leading underscore; the package has none today, so a new one shows up here). The underscore
modules are not API (docs/reference/python.md), so their contents are listed apart, for
information only: a name moved between them is reported, never an error. Needs the C library
(``LAMINA_LIBRARY``), as importing the package does.
"""
from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import pkgutil
import re
import sys
from typing import Any, Dict, List


def _sig(obj: Any) -> str:
    try:
        sig = str(inspect.signature(obj))
    except (TypeError, ValueError):
        return ""
    return re.sub(r" at 0x[0-9a-f]+", "", sig)  # a default's address differs per run


def _doc(obj: Any) -> str:
    doc = inspect.getdoc(obj) or ""
    return hashlib.sha256(doc.encode()).hexdigest()[:16]


def _describe(obj: Any) -> Dict[str, Any]:
    out: Dict[str, Any] = {"kind": type(obj).__name__}
    if inspect.isclass(obj):
        out["name"] = obj.__qualname__
        out["bases"] = [b.__name__ for b in obj.__bases__]
        out["mro"] = len(obj.__mro__)
        out["doc"] = _doc(obj)
        out["init"] = _sig(obj)
        members: Dict[str, Any] = {}
        for name in sorted(dir(obj)):
            if name.startswith("_") and name not in ("__init__", "__getitem__", "__setitem__",
                                                      "__iter__", "__contains__", "__enter__",
                                                      "__exit__", "__eq__", "__hash__", "__repr__"):
                continue
            raw = inspect.getattr_static(obj, name)
            entry: Dict[str, Any] = {"kind": type(raw).__name__}
            target = raw.fget if isinstance(raw, property) else getattr(raw, "__func__", raw)
            if callable(target) and not inspect.isclass(target):
                entry["sig"] = _sig(target)
            if not isinstance(raw, (int, float, str, bytes, tuple)):
                entry["doc"] = _doc(raw)
            else:
                entry["value"] = repr(raw)
            members[name] = entry
        out["members"] = members
    elif callable(obj):
        out["sig"] = _sig(obj)
        out["doc"] = _doc(obj)
    else:
        out["repr"] = repr(obj) if not isinstance(obj, dict) else f"dict of {len(obj)}"
    return out


def snapshot() -> Dict[str, Any]:
    import lamina

    public = {n: _describe(getattr(lamina, n)) for n in sorted(dir(lamina)) if not n.startswith("_")}
    for n in ("library_path", "library_version", "__version__"):
        public.pop(n, None)  # the loaded library's, not the package's
    submodules: Dict[str, List[str]] = {}
    private: Dict[str, List[str]] = {}
    for info in pkgutil.iter_modules(lamina.__path__):
        mod = importlib.import_module(f"lamina.{info.name}")
        names = sorted(n for n in vars(mod) if not n.startswith("_"))
        (private if info.name.startswith("_") else submodules)[info.name] = names
    return {
        "__all__": sorted(lamina.__all__),
        "dir": sorted(n for n in dir(lamina) if not n.startswith("_")),
        "public": public,
        "submodules": submodules,
        "private_modules": private,
    }


def compare(old: Dict[str, Any], new: Dict[str, Any]) -> List[str]:
    errors: List[str] = []
    for key in ("__all__", "dir"):
        gone = sorted(set(old[key]) - set(new[key]))
        added = sorted(set(new[key]) - set(old[key]))
        if gone or added:
            errors.append(f"{key}: gone {gone}, added {added}")
    for name, desc in old["public"].items():
        now = new["public"].get(name)
        if now != desc:
            if now is None or "members" not in desc or "members" not in now:
                errors.append(f"lamina.{name}: {desc} -> {now}")
                continue
            for k in sorted(set(desc) | set(now)):
                if k == "members":
                    for m in sorted(set(desc[k]) | set(now[k])):
                        if desc[k].get(m) != now[k].get(m):
                            errors.append(f"lamina.{name}.{m}: {desc[k].get(m)} -> {now[k].get(m)}")
                elif desc.get(k) != now.get(k):
                    errors.append(f"lamina.{name} {k}: {desc.get(k)} -> {now.get(k)}")
    for mod, names in old["submodules"].items():
        now_names = new["submodules"].get(mod)
        if now_names is None or set(names) - set(now_names):
            errors.append(f"lamina.{mod}: lost {sorted(set(names) - set(now_names or []))}")
    return errors


def _moves(old: Dict[str, Any], new: Dict[str, Any]) -> List[str]:
    """Where the underscore modules' public-looking names went (information only)."""
    where: Dict[str, List[str]] = {}
    for mod, names in new["private_modules"].items():
        for n in names:
            where.setdefault(n, []).append(mod)
    lines = []
    for mod, names in sorted(old["private_modules"].items()):
        for n in names:
            if n not in new["private_modules"].get(mod, []):
                lines.append(f"  {mod}.{n} -> {', '.join(where.get(n, ['(gone)']))}")
    added = sorted(set(new["private_modules"]) - set(old["private_modules"]))
    if added:
        lines.append(f"  new underscore modules: {', '.join(added)}")
    return lines


def main(argv: List[str]) -> int:
    snap = snapshot()
    if len(argv) == 2 and argv[0] == "--compare":
        with open(argv[1], encoding="utf-8") as f:
            old = json.load(f)
        errors = compare(old, snap)
        moves = _moves(old, snap)
        if moves:
            print("underscore modules (not API), for information:")
            print("\n".join(moves))
        for e in errors:
            print(f"api_snapshot: changed: {e}", file=sys.stderr)
        if not errors:
            print(f"api_snapshot: the public surface is unchanged ({len(snap['public'])} public "
                  f"names of dir(lamina), {len(snap['__all__'])} in __all__, "
                  f"{len(snap['submodules'])} public submodules)")
        return 1 if errors else 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    json.dump(snap, sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
