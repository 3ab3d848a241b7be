# SPDX-License-Identifier: Apache-2.0
"""Issue 24 item 4: the package's modules import in one direction, with no cycle.

Each module's imports of the package are read with ``ast`` (``from . import x``,
``from .x import y``, ``import lamina.x``, ``from lamina import x``), at module level and inside
functions and classes alike: a lazy import inside a function is a cycle in disguise. The
graph of those imports must be acyclic and follow the layering that lamina/__init__.py's
docstring documents (each module imports only modules of the lines above its own). Imports
under ``if TYPE_CHECKING:`` never run; one that names a class of a later line (a public type
that refers back, such as ``Layer.engine``) must be listed in TYPE_ONLY_UPWARD below.
"""
import ast
import os
import re
import textwrap
from typing import Dict, List, Optional, Set, Tuple

import pytest

import lamina

PACKAGE_DIR = os.path.dirname(os.path.abspath(lamina.__file__))

#: The imports under ``if TYPE_CHECKING:`` that name a module of a later line, each with why
#: the annotation cannot name something lower: (importer, imported) -> reason. Each is a public
#: type that refers back to its maker; where only private code needs a higher class, a
#: Protocol of what it uses stands in (lamina/_props.py's _Layer, lamina/_style.py's
#: _ActionMaker) and nothing is listed.
TYPE_ONLY_UPWARD: Dict[Tuple[str, str], str] = {
    ("_presentation", "_layer"): "Presentation.layer is a Layer (and Layer.presentation() one)",
    ("_layer", "_engine"): "Layer.engine is an Engine (and Engine.layer() a Layer)",
    ("_transaction", "_engine"): "Transaction(engine) is the Engine's (and Engine.current_transaction one)",
    ("_animator", "_engine"): "PropertyAnimator(engine) is the Engine's (and Engine.animator() one)",
    ("_engine", "_lottie"): "Engine.load_lottie returns a LottieAnimation (whose root is the Engine's Layer)",
}


class Import:
    """One import of a package module: where it is and whether Python runs it."""

    def __init__(self, importer: str, imported: str, line: int, where: str) -> None:
        self.importer, self.imported, self.line, self.where = importer, imported, line, where

    @property
    def runs(self) -> bool:
        return self.where != "type-checking"

    def __repr__(self) -> str:
        return f"{self.importer}.py:{self.line} imports {self.imported} ({self.where})"


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _targets(node: ast.AST, modules: Set[str]) -> List[str]:
    """The package modules an import statement names (relative or through ``lamina``)."""
    out: List[str] = []
    if isinstance(node, ast.ImportFrom):
        if node.level == 1 or (node.level == 0 and node.module and node.module.split(".")[0] == "lamina"):
            base = node.module if node.level == 1 else (node.module or "").partition(".")[2]
            if base:
                out.append(base.split(".")[0])
            else:  # from . import x, y / from lamina import x
                out.extend(a.name for a in node.names if a.name in modules)
        elif node.level > 1:
            raise AssertionError(f"an import reaching outside the package: line {node.lineno}")
    elif isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] == "lamina" and len(parts) > 1:
                out.append(parts[1])
    return out


def package_imports(directory: str) -> Tuple[Set[str], List[Import]]:
    """The modules of the package in ``directory`` and every import of one of them by another."""
    modules = {f[:-3] for f in os.listdir(directory) if f.endswith(".py")}
    found: List[Import] = []

    def visit(node: ast.AST, importer: str, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            here = where
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                here = "function-level" if where == "module-level" else where
            elif isinstance(child, ast.ClassDef) and where == "module-level":
                here = "class-level"
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.body:
                    visit_stmt(stmt, importer, "type-checking")
                for stmt in child.orelse:
                    visit_stmt(stmt, importer, where)
                continue
            visit_stmt(child, importer, here)

    def visit_stmt(stmt: ast.AST, importer: str, where: str) -> None:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for target in _targets(stmt, modules):
                found.append(Import(importer, target, stmt.lineno, where))
        visit(stmt, importer, where)

    for module in sorted(modules):
        with open(os.path.join(directory, module + ".py"), encoding="utf-8") as f:
            tree = ast.parse(f.read(), filename=module + ".py")
        visit(tree, module, "module-level")
    return modules, found


def documented_layers(init_source: str) -> List[List[str]]:
    """The lines of the layering block of __init__'s docstring, first (lowest) first: each
    the modules named at its start (``_keys, _markers    description``)."""
    doc = ast.get_docstring(ast.parse(init_source)) or ""
    block = doc.split("and checks it)::", 1)
    assert len(block) == 2, "lamina/__init__.py's docstring has no layering block"
    layers: List[List[str]] = []
    for line in textwrap.dedent(block[1].split("\n\n", 2)[1]).splitlines():
        names = re.match(r"((?:\w+, )*\w+)(?:\s{2,}|$)", line)
        assert names, f"not a layer line: {line!r}"
        layers.append(names.group(1).split(", "))
    return layers


def find_cycle(edges: Dict[str, Set[str]]) -> Optional[List[str]]:
    """A cycle of the graph as a list of modules (first == last), or None."""
    state: Dict[str, int] = {}  # 1: on the current path, 2: done
    path: List[str] = []

    def dfs(node: str) -> Optional[List[str]]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = dfs(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = dfs(node)
            if found:
                return found
    return None


def layering_problems(directory: str) -> List[str]:
    """Everything wrong with the package in ``directory``: cycles, imports against the
    documented order, modules the order leaves out, unlisted type-only upward imports."""
    modules, imports = package_imports(directory)
    with open(os.path.join(directory, "__init__.py"), encoding="utf-8") as f:
        try:
            layers = documented_layers(f.read())
        except AssertionError as e:
            layers = []
            problems = [str(e)]
        else:
            problems = []
    rank = {m: i for i, line in enumerate(layers) for m in line}
    for m in sorted(modules - set(rank)) if layers else []:
        problems.append(f"{m}.py is not in the layering of lamina/__init__.py's docstring")
    for m in sorted(set(rank) - modules):
        problems.append(f"the layering names {m}, which is not a module of the package")
    edges: Dict[str, Set[str]] = {}
    for imp in imports:
        if imp.runs:
            edges.setdefault(imp.importer, set()).add(imp.imported)
    cycle = find_cycle(edges)
    if cycle:
        problems.append("import cycle: " + " -> ".join(cycle))
    for imp in imports:
        if imp.importer not in rank or imp.imported not in rank:
            continue
        if rank[imp.imported] < rank[imp.importer]:
            continue
        if not imp.runs and (imp.importer, imp.imported) in TYPE_ONLY_UPWARD:
            continue
        problems.append(f"{imp}: against the documented order")
    return problems


# --- the package -------------------------------------------------------------------------------
def test_the_package_imports_in_one_direction():
    assert layering_problems(PACKAGE_DIR) == []


def test_every_module_is_in_the_documented_layering_once():
    with open(os.path.join(PACKAGE_DIR, "__init__.py"), encoding="utf-8") as f:
        layers = documented_layers(f.read())
    named = [m for line in layers for m in line]
    modules, _ = package_imports(PACKAGE_DIR)
    assert sorted(named) == sorted(modules)
    assert len(named) == len(set(named))
    # The foundations at the bottom, the package at the top.
    assert layers[0] == ["_errors", "_loader"] and layers[-1] == ["__init__"]


def test_no_import_inside_a_function_names_a_package_module():
    """A lazy import of the package is either a cycle in disguise or needless."""
    _, imports = package_imports(PACKAGE_DIR)
    assert [i for i in imports if i.where == "function-level"] == []


def test_each_listed_type_only_import_exists_and_is_only_for_type_checking():
    _, imports = package_imports(PACKAGE_DIR)
    type_only = {(i.importer, i.imported) for i in imports if not i.runs}
    running = {(i.importer, i.imported) for i in imports if i.runs}
    assert set(TYPE_ONLY_UPWARD) <= type_only  # a stale entry would hide a new one
    assert not set(TYPE_ONLY_UPWARD) & running


# --- the checker itself: it finds what it must find --------------------------------------------
_INIT = '''"""A package.

The package's modules are layered (and checks it)::

    _a       the bottom
    _b       above it
    _c       above that
    __init__  the package
"""
'''


def _package(tmp_path, files):
    for name, text in {"__init__.py": _INIT, **files}.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    return str(tmp_path)


def test_the_checker_accepts_a_layered_package(tmp_path):
    d = _package(tmp_path, {
        "_a.py": "import os\n",
        "_b.py": "from . import _a\n",
        "_c.py": "from ._a import x\nfrom lamina._b import y\n"
                 "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ._a import z\n",
    })
    assert layering_problems(d) == []


@pytest.mark.parametrize("b_source, expected", [
    # a module-level cycle
    ("from ._c import y\n", "import cycle: _b -> _c -> _b"),
    # the same cycle through a lazy import inside a function
    ("def f():\n    from . import _c\n    return _c\n", "import cycle: _b -> _c -> _b"),
    # and inside a method, through the absolute name
    ("class K:\n    def m(self):\n        import lamina._c\n", "import cycle: _b -> _c -> _b"),
])
def test_the_checker_finds_a_cycle(tmp_path, b_source, expected):
    d = _package(tmp_path, {"_a.py": "", "_b.py": b_source, "_c.py": "from ._b import x\n"})
    problems = layering_problems(d)
    assert expected in problems
    assert any("_b.py" in p and "imports _c" in p and "against the documented order" in p for p in problems)


def test_the_checker_finds_an_upward_import_without_a_cycle(tmp_path):
    d = _package(tmp_path, {"_a.py": "from . import _b\n", "_b.py": "", "_c.py": ""})
    assert layering_problems(d) == ["_a.py:1 imports _b (module-level): against the documented order"]


def test_the_checker_finds_an_unlisted_type_only_upward_import(tmp_path):
    d = _package(tmp_path, {
        "_a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ._c import C\n",
        "_b.py": "", "_c.py": "from . import _a\n",
    })
    assert layering_problems(d) == ["_a.py:3 imports _c (type-checking): against the documented order"]


def test_the_checker_finds_a_module_left_out_of_the_layering(tmp_path):
    d = _package(tmp_path, {"_a.py": "", "_b.py": "", "_c.py": "", "_d.py": ""})
    assert layering_problems(d) == ["_d.py is not in the layering of lamina/__init__.py's docstring"]
