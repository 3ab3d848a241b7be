#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Splits the C reference into one page per topic (issue 30 item 6), like libuv's and SDL's,
instead of one page for the whole of lamina.h.

    Scripts/make-c-reference.py HEADER OUT_HEADER PAGES_DIR

The topics are the header's own section banners (a dashed comment line, then a one-line
title), so a new section of the header is a new page without editing anything here. The
script writes a copy of HEADER with a Doxygen group around each section (`@addtogroup`, for
Doxygen only: the installed header is unchanged) and one MyST page per group into PAGES_DIR
(`{doxygengroup}`), and prints the pages in header order, one "slug<TAB>title" per line, for
the C reference's table of contents (docs/conf.py reads them).
"""
import pathlib
import re
import sys

DASHES = re.compile(r"^/\* -{20,} \*/$")
TITLE = re.compile(r"^/\* ([A-Z][^*]*?)\s*\*/$")
DECLARATION = re.compile(r"^(LAMINA_API |#define |typedef )")


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")


def clean(title: str) -> str:
    """"Presentation (R3, CA-1.x)" -> "Presentation"; "BEGIN layer content ..." -> "Layer content ..."."""
    title = re.sub(r"^BEGIN ", "", title)
    title = re.sub(r"\s*\([^()]*\)\s*$", "", title).rstrip(" .")
    return title[:1].upper() + title[1:]


def split(lines):
    """The lines with group markers, and the (id, title) of each group in order. A section is
    a dashed banner's title, or a "BEGIN ..." rule's; a section with no declaration before the
    next one (a BEGIN rule right above its first dashed banner) is dropped."""
    out, groups = [], []
    current = None  # (index in out of its opening marker, id) of the open group
    declared = False
    last_endif = max(k for k, l in enumerate(lines) if l.startswith("#endif"))

    def close():
        nonlocal current
        if current is None:
            return
        if declared:
            out.append("/** @} */\n")
        else:  # empty: take its opening marker back
            del out[current[0]]
            groups.pop()
        current = None

    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        here = TITLE.match(line)
        m = TITLE.match(nxt) if DASHES.match(line) and not DASHES.match(nxt) else None
        if here and here.group(1).startswith("END "):
            close()
        if here and here.group(1).startswith("BEGIN "):
            m = here
        if m:
            close()
            title = clean(m.group(1))
            gid = "lamina_" + slug(title)
            while any(g == gid for g, _ in groups):
                gid += "_"
            groups.append((gid, title))
            current = (len(out), gid)
            out.append(f"/** @addtogroup {gid} {title}\n *  @{{ */\n")
            declared = False
        if i == last_endif:
            close()  # before the include guard ends
        if DECLARATION.match(line):
            declared = True
        out.append(line)
    close()
    return out, groups


def main() -> int:
    header, out_header, pages = map(pathlib.Path, sys.argv[1:4])
    lines = header.read_text(encoding="utf-8").splitlines(keepends=True)
    marked, groups = split(lines)
    out_header.parent.mkdir(parents=True, exist_ok=True)
    out_header.write_text("".join(marked), encoding="utf-8")
    pages.mkdir(parents=True, exist_ok=True)
    for n, (gid, title) in enumerate(groups):
        name = gid[len("lamina_"):]
        # Doxygen's "defined in lamina.h" links point at the label lamina_8h: the first page
        # carries it.
        label = "(lamina_8h)=\n" if n == 0 else ""
        (pages / f"{name}.md").write_text(
            f"{label}# {title}\n\nThe declarations of the header's section \"{title}\", with their doc "
            f"comments (`include/lamina/lamina.h`).\n\n"
            f"```{{doxygengroup}} {gid}\n:members:\n:undoc-members:\n```\n", encoding="utf-8")
        print(f"{name}\t{title}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
