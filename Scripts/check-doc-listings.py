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

It also fails on Sphinx/MyST syntax that a code host would show raw, outside code blocks: a
directive fence (```{name} or :::{name}), a role ({name}`text`) or a target line ((name)=).
The site's navigation comes from docs/conf.py and the Python reference is generated Markdown
(Scripts/make-python-reference.sh), so no page needs them. And the README must link the docs'
index and each getting-started page, and every picture must be a relative path to a committed
file.

    Scripts/check-doc-listings.py [--fix]
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARK = re.compile(r"^<!-- listing: (\S+)(?: from (\d+))? -->$")
DIRECTIVE = re.compile(r"^\s*(`{3,}|:{3,})\s*\{[\w:-]+\}")
FENCE = re.compile(r"^\s*(`{3,}|~{3,}|:{3,}(?=\s*\{))")
ROLE = re.compile(r"\{[\w:-]+\}`")
TARGET = re.compile(r"^\([\w.-]+\)=\s*$")
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)]+)\)|<img [^>]*src=\"([^\"]+)\"")
CODE_SPAN = re.compile(r"(?<![}`])(`+)(?!`).*?(?<!`)\1(?!`)")


def raw_syntax(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, what) for each line outside code blocks that a code host would show raw."""
    found, fence = [], None
    for n, line in enumerate(lines, 1):
        if fence is not None:
            if line.strip() == fence:
                fence = None
            continue
        m = FENCE.match(line)
        if m:
            fence = m.group(1)
            if DIRECTIVE.match(line):
                found.append((n, "a directive"))
            continue
        if TARGET.match(line):
            found.append((n, "a target"))
        elif ROLE.search(CODE_SPAN.sub("", line)):
            found.append((n, "a role"))
    return found


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
    raw = 0
    for page in pages():
        rel = page.relative_to(ROOT)
        for n, what in raw_syntax(page.read_text(encoding="utf-8").splitlines()):
            print(f"check-doc-listings: {rel}:{n}: {what} a code host would show raw")
            raw += 1
    # Pictures are relative paths to committed files, so a code host shows them (issue 30
    # item 6); the site's build replaces docs/images with fresh renders of the same names.
    pictures = bad_pictures = 0
    for page in pages():
        rel = page.relative_to(ROOT)
        text = page.read_text(encoding="utf-8")
        for m in IMAGE.finditer(text):
            target = (m.group(1) or m.group(2)).split()[0].split("#")[0]
            if target.startswith(("/", "http:", "https:")) or not (page.parent / target).is_file():
                print(f"check-doc-listings: {rel}: picture {target} is not a relative path to a "
                      "committed file")
                bad_pictures += 1
            pictures += 1
    print(f"check-doc-listings: {pictures - bad_pictures}/{pictures} pictures relative and committed")
    # The README links the docs' index and every getting-started page (issue 30 item 6).
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    wanted = ["docs/index.md"] + [f"docs/getting-started/{p.name}"
                                  for p in sorted((ROOT / "docs" / "getting-started").glob("*.md"))]
    unlinked = [w for w in wanted if f"]({w})" not in readme]
    for w in unlinked:
        print(f"check-doc-listings: README.md does not link {w}")
    print(f"check-doc-listings: {blocks} inlined listings, {failures} stale, "
          f"{raw} lines of raw Sphinx/MyST syntax, {len(wanted) - len(unlinked)}/{len(wanted)} "
          "docs pages linked from the README")
    return 1 if failures or raw or bad_pictures or unlinked else 0


if __name__ == "__main__":
    sys.exit(check("--fix" in sys.argv[1:]))
