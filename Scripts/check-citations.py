#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that the repository's citations resolve inside the repository.

    Scripts/check-citations.py [--root DIR]     check the repository (default: this script's)
    Scripts/check-citations.py --self-test      prove the checker on temporary fake trees

Lamina's code, tests and docs cite behaviour items by id; docs/semantics.md defines them. This
script scans every tracked text file (`git ls-files`; when DIR is not a git work tree, every
file under it except .git and build directories) and reports, as `path:line: message`:

  (a) a cited id that docs/semantics.md does not define:
      - `CA-x.y` / `RS-x.y` items and `CA-x` / `RS-x` sections (`CA-8.x` cites section CA-8). A
        range written `CA-2.9–2.11` (en dash or hyphen) checks both ends;
      - rulings `R<n>`: any word-bounded token `R` + digits, e.g. "R13", "(R7)", "R3-R6",
        "DESIGN R4". Every such token in the repository is a citation today; a token not meant as
        one (none exist) can be exempted with the line marker below;
      - open questions `Q<n>` (word-bounded "Q" + digits), the same way;
  (b) a reference to material outside the repository: the word `DESIGN` in capitals (as in
      "DESIGN.md", "DESIGN R13", "DESIGN §3", "DESIGN section 3", "DESIGN's"), a path into
      `../shared` or `shared/reference/`, the names of the external reference files, and "the
      seeds" / "seeds'" (the reference listings are "listing 7.N", docs/semantics.md#listings).

What counts as *defined*: a line of docs/semantics.md that starts with an HTML anchor carrying
the id, as a list item or a heading:

    - <a id="CA-3.7"></a>**CA-3.7** ...
    ## <a id="CA-3"></a>CA-3 ...

The text right after the anchor must start with the same id (bold for items), and an id may be
defined only once; otherwise the definition itself is reported.

Not scanned: CHANGELOG.md (history may name what the repository once cited), this script (its
patterns and self-test name what they look for), and binary files (a NUL byte, or not UTF-8).
A line containing the marker `check-citations: ignore` is skipped.

Exit status: 0 when clean, 1 when anything is reported, 2 on a usage error (e.g. no
docs/semantics.md). Python 3 standard library only.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

SEMANTICS = "docs/semantics.md"
SELF = "Scripts/check-citations.py"
SKIPPED = {"CHANGELOG.md", SELF}
IGNORE_MARKER = "check-citations: ignore"

# An id token: word-bounded on the left (no letter, digit, underscore or hyphen before it) and
# on the right (no word character, and no ".digit" that would make it a longer id).
_END = r"(?![\w]|\.\d)"
CA_RS = re.compile(r"(?<![\w-])(CA|RS)-(\d+)(?:\.(\d+))?" + _END)
# A range continuation right after an item id: "–2.11", "-10.4", " – 2.11", " to 2.11".
RANGE_TAIL = re.compile(r"\s*(?:–|-|to\s)\s*(\d+)\.(\d+)" + _END)
RULING = re.compile(r"(?<![\w-])R(\d+)(?:\.(\d+))?" + _END)  # R17, and a ruling's items: R17.1
QUESTION = re.compile(r"(?<![\w-])Q(\d+)" + _END)

FORBIDDEN = [
    (re.compile(r"\bDESIGN\b"), "refers to DESIGN (outside the repository); cite docs/semantics.md"),
    (re.compile(r"(?:\.\./)+shared\b|\bshared/reference\b"),
     "refers to ../shared (outside the repository)"),
    (re.compile(r"\b(?:core-animation-semantics|rendering-semantics|style-brief|build-notes)\.md\b"),
     "names an external reference file; cite docs/semantics.md"),
    (re.compile(r"\bthe seeds\b|\bseeds['’]", re.IGNORECASE),
     "refers to 'the seeds'; say 'listing 7.N' (docs/semantics.md#listings)"),
]

DEFINITION = re.compile(r'^(?:#{1,6}[ \t]+|[ \t]*-[ \t]+)<a id="([^"]+)"></a>(.*)$')  # a nested item too
ANCHOR = re.compile(r'<a id="[^"]*"></a>')
CITABLE = re.compile(r"^(?:(?:CA|RS)-\d+(?:\.\d+)?|R\d+(?:\.\d+)?|Q\d+)$")


def read_definitions(path):
    """Returns (ids, problems) for docs/semantics.md: the set of defined citable ids, and
    (path, line, message) for malformed or duplicate definitions."""
    ids, problems, seen = set(), [], {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = DEFINITION.match(line.rstrip("\n"))
            if not m:
                continue
            ident, rest = m.group(1), m.group(2).lstrip()
            if not CITABLE.match(ident):
                continue  # other anchors (listings, sources) are not citation ids
            label = rest[2:] if rest.startswith("**") else rest
            if not re.match(re.escape(ident) + r"(?![\w.])", label):
                problems.append((SEMANTICS, n, f"anchor {ident} is not followed by its id"))
                continue
            if ident in seen:
                problems.append((SEMANTICS, n, f"{ident} is defined twice (first on line {seen[ident]})"))
                continue
            seen[ident] = n
            ids.add(ident)
    return ids, problems


def tracked_files(root):
    """Relative paths of the files to scan: git's tracked files, or a walk outside git."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             capture_output=True).stdout
        inside = subprocess.run(["git", "-C", root, "rev-parse", "--show-prefix"], check=True,
                                capture_output=True, text=True).stdout.strip()
        if inside == "":  # root is the top of the work tree
            return sorted(p for p in out.decode("utf-8", "surrogateescape").split("\0") if p)
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames
                       if d != ".git" and not d.startswith(".build") and not d.startswith("build")]
        for name in filenames:
            found.append(os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/"))
    return sorted(found)


def read_text(path):
    """The file's lines, or None for a binary file (NUL byte or not UTF-8) or an unreadable one."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        return None


def cited_ids(line):
    """Every id the line cites, in order."""
    ids = []
    for m in CA_RS.finditer(line):
        prefix, major, minor = m.group(1), m.group(2), m.group(3)
        ids.append(f"{prefix}-{major}" + (f".{minor}" if minor else ""))
        if minor:
            tail = RANGE_TAIL.match(line, m.end())
            if tail:
                ids.append(f"{prefix}-{tail.group(1)}.{tail.group(2)}")
    ids += [f"R{m.group(1)}" + (f".{m.group(2)}" if m.group(2) else "") for m in RULING.finditer(line)]
    ids += [f"Q{m.group(1)}" for m in QUESTION.finditer(line)]
    return ids


def check(root):
    """Returns (problems, files_scanned, citations_checked); problems are (path, line, message)."""
    semantics = os.path.join(root, SEMANTICS)
    if not os.path.isfile(semantics):
        raise FileNotFoundError(f"{SEMANTICS} not found under {root}")
    defined, problems = read_definitions(semantics)
    scanned = citations = 0
    for rel in tracked_files(root):
        if rel in SKIPPED:
            continue
        lines = read_text(os.path.join(root, rel))
        if lines is None:
            continue
        scanned += 1
        for n, line in enumerate(lines, 1):
            if IGNORE_MARKER in line:
                continue
            # An anchor's id attribute is a definition, not a citation (its label still counts).
            for ident in cited_ids(ANCHOR.sub("", line)):
                citations += 1
                if ident not in defined:
                    problems.append((rel, n, f"cites {ident}, which {SEMANTICS} does not define"))
            for pattern, message in FORBIDDEN:
                if pattern.search(line):
                    problems.append((rel, n, message))
    problems.sort(key=lambda p: (p[0], p[1], p[2]))
    return problems, scanned, citations


def run(root, out=None, err=None):
    """Checks root and prints the report; returns the exit status."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        problems, scanned, citations = check(root)
    except FileNotFoundError as e:
        print(f"check-citations: {e}", file=err)
        return 2
    for path, line, message in problems:
        print(f"{path}:{line}: {message}", file=out)
    if problems:
        files = len({p[0] for p in problems})
        print(f"check-citations: {len(problems)} problem(s) in {files} file(s)", file=out)
        return 1
    print(f"check-citations: ok ({scanned} files, {citations} citations)", file=out)
    return 0


# --------------------------------------------------------------------------------------------
# Self-test: fake trees with known problems.

_FAKE_SEMANTICS = """# Fake reference
## <a id="CA-1"></a>CA-1 Section
- <a id="CA-1.1"></a>**CA-1.1** [D] An item.
- <a id="CA-1.2"></a>**CA-1.2** [D] Another item.
## <a id="RS-2"></a>RS-2 Rendering
- <a id="RS-2.1"></a>**RS-2.1** [D] A rendering item.
- <a id="R1"></a>**R1 Time.** A ruling.
- <a id="R13"></a>**R13 Handles.** Another ruling.
- <a id="Q1"></a>**Q1** An open question.
- <a id="listing-7.7"></a>**Listing 7.7 — not a citation id.**
"""

# Ids that no reference defines, spelled so a grep of the repository for cited ids skips them.
_NOWHERE = ["CA" + "-99.9", "CA" + "-42.1"]

_CLEAN = {
    "docs/semantics.md": _FAKE_SEMANTICS,
    "src/engine.swift": "// The tick (CA-1.1, R1): see CA-1.x and RS-2.1; rulings R1–R13.\n"
                        "let color = \"R8G8B8A8\"  // not a ruling: no word boundary\n"
                        "let ca = \"CA-1.1–1.2\"  // a range whose both ends exist\n",
    "README.md": "Listing 7.7 shows presentation hit testing (R13, Q1). A random seed is fine.\n",
    "CHANGELOG.md": f"- Cited DESIGN R99 and {_NOWHERE[0]} and the seeds once.\n",
    "assets/blob.bin": f"DESIGN.md {_NOWHERE[1]} \0 binary".encode(),
    "notes.txt": "Mentions R42 on purpose.  # " + IGNORE_MARKER + "\n",
}

# Each case: the files added to the clean tree, and the (path, line, fragment) problems expected.
_BROKEN = [
    ("undefined CA item", {"t.c": "/* ok CA-1.2 */\n/* bad (CA-3.7) */\n"},
     [("t.c", 2, "cites CA-3.7")]),
    ("undefined RS section", {"t.py": "# RS-9.x\n"}, [("t.py", 1, "cites RS-9")]),
    ("undefined ruling", {"t.md": "See the handles ruling (R14).\n"}, [("t.md", 1, "cites R14")]),
    ("undefined question", {"t.md": "Open (Q9).\n"}, [("t.md", 1, "cites Q9")]),
    ("range end undefined", {"t.swift": "// CA-1.1–1.5\n"}, [("t.swift", 1, "cites CA-1.5")]),
    ("DESIGN.md reference", {"docs/x.md": "Rulings are in `DESIGN.md`.\n"},
     [("docs/x.md", 1, "refers to DESIGN")]),
    ("DESIGN R reference", {"a.c": "/* DESIGN R13 */\n"}, [("a.c", 1, "refers to DESIGN")]),
    ("DESIGN section reference", {"a.h": "/* DESIGN §3 */\n"}, [("a.h", 1, "refers to DESIGN")]),
    ("shared path", {"a.sh": "cat ../shared/reference/x\n"}, [("a.sh", 1, "refers to ../shared")]),
    ("external file name", {"a.md": "see rendering-semantics.md\n"},
     [("a.md", 1, "external reference file")]),
    ("the seeds", {"e.py": '"""Listing 7.1 of the seeds."""\n'}, [("e.py", 1, "the seeds")]),
    ("seeds'", {"e.md": "The seeds' listings.\n"}, [("e.md", 1, "the seeds")]),
    ("duplicate definition",
     {"docs/semantics.md": _FAKE_SEMANTICS + '- <a id="CA-1.1"></a>**CA-1.1** again.\n'},
     [("docs/semantics.md", 11, "defined twice")]),
    ("anchor without its id",
     {"docs/semantics.md": _FAKE_SEMANTICS + '- <a id="CA-1.3"></a>**CA-1.4** typo.\n'},
     [("docs/semantics.md", 11, "not followed by its id"), ("docs/semantics.md", 11, "cites CA-1.4")]),
]


def _write_tree(root, files):
    for rel, content in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(content if isinstance(content, bytes) else content.encode("utf-8"))
    if shutil.which("git"):  # exercise the git ls-files path, as in the real repository
        subprocess.run(["git", "init", "-q", root], check=True)
        subprocess.run(["git", "-C", root, "add", "-A"], check=True)


def self_test():
    """Returns 0 when the checker passes the clean tree and catches every broken case."""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        clean = os.path.join(tmp, "clean")
        _write_tree(clean, _CLEAN)
        problems, scanned, citations = check(clean)
        if problems:
            failures.append(f"clean tree reported {problems}")
        if scanned != 4:  # semantics, engine.swift, README, notes.txt; not CHANGELOG nor blob
            failures.append(f"clean tree: expected 4 files scanned, got {scanned}")
        for i, (name, extra, expected) in enumerate(_BROKEN):
            root = os.path.join(tmp, f"case{i}")
            _write_tree(root, {**_CLEAN, **extra})
            problems, _, _ = check(root)
            got = [(p, n, m) for p, n, m in problems]
            for path, line, fragment in expected:
                if not any(p == path and n == line and fragment in m for p, n, m in got):
                    failures.append(f"{name}: expected {path}:{line} '{fragment}', got {got}")
            if len(got) != len(expected):
                failures.append(f"{name}: expected {len(expected)} problem(s), got {got}")
        # The exit status of a full run: 0 clean, 1 broken, 2 without semantics.md.
        with open(os.devnull, "w") as sink:
            statuses = (run(clean, sink, sink), run(os.path.join(tmp, "case0"), sink, sink))
            os.remove(os.path.join(clean, SEMANTICS))
            statuses += (run(clean, sink, sink),)
        if statuses != (0, 1, 2):
            failures.append(f"exit statuses (clean, broken, no semantics) were {statuses}")
    for f in failures:
        print(f"self-test FAILED: {f}")
    if not failures:
        print(f"check-citations self-test: ok (clean tree and {len(_BROKEN)} broken cases)")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="repository to check (default: the one holding this script)")
    parser.add_argument("--self-test", action="store_true", help="run the checker's own tests")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    return run(args.root)


if __name__ == "__main__":
    sys.exit(main())
