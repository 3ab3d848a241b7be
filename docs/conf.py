# SPDX-License-Identifier: Apache-2.0
"""Sphinx configuration of Lamina's documentation site. Build it with Scripts/build-docs.sh,
which renders the pictures, runs Doxygen and DocC and passes their locations here through the
environment (LAMINA_DOCS_DOXYGEN_XML, LAMINA_ROOT; LAMINA_LIBRARY for the Python autodoc)."""
import os
import re
import sys

ROOT = os.environ.get("LAMINA_ROOT", os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python", "src"))

project = "Lamina"
author = "The Lamina authors"
copyright = "The Lamina authors, Apache License 2.0"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "breathe",
]

# Markdown everywhere (MyST); the existing docs/*.md are pages of the site as they are.
source_suffix = {".md": "markdown"}
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
exclude_patterns = ["_build", "_examples", "requirements.txt", "Doxyfile", "README.md",
                    "reference/c/topics.txt"]

html_theme = "furo"
html_title = "Lamina"
html_static_path: list = []

# Every warning is an error (-W), and every reference must resolve (-n). The C standard
# types the header uses are not documented anywhere Sphinx can see.
nitpicky = True
nitpick_ignore = [("c:identifier", name) for name in (
    "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int32_t", "int64_t", "size_t", "uintptr_t",
    "bool",
)]
# Anonymous unions and structs (lamina_value_t's `u`) have no name to link to.
nitpick_ignore_regex = [("c:identifier", r".*@[0-9]+.*")]
# Opaque types: the header declares only their typedefs (lamina_engine_t, ...); the structs
# behind them are deliberately never defined.
nitpick_ignore += [("c:identifier", name) for name in (
    "lamina_engine", "lamina_animation", "lamina_action", "lamina_style",
    "lamina_gles_renderer",
)]

# C reference: Doxygen's XML of include/lamina/*.h (Scripts/build-docs.sh runs Doxygen).
breathe_projects = {"lamina": os.environ.get("LAMINA_DOCS_DOXYGEN_XML", "")}
breathe_default_project = "lamina"
breathe_domain_by_extension = {"h": "c"}
breathe_default_members = ("members",)

# Python reference: the package's docstrings (the package loads liblamina: LAMINA_LIBRARY).
# Names that cannot link: private helpers (the descriptor classes behind properties, the
# no-action marker's class), the package's type aliases (not in lamina.__all__), and the few
# standard-library names the docstrings mention (no intersphinx: the build runs offline).
nitpick_ignore_regex += [
    ("py:class", r"(lamina\.)?(_\w+\.)*_\w+(\[.*\])?"),
    ("py:class", r"'?(TimingLike|PathElement|ActionLike|Style|Layer|Engine|ClockLike|TextLayoutProvider|\w+Properties)'?"),
]
nitpick_ignore += [
    ("py:class", "enum.IntFlag"), ("py:class", "enum.IntEnum"), ("py:class", "os.PathLike"),
    ("py:class", "'os.PathLike"), ("py:class", "'"),
    ("py:func", "struct.unpack_from"),
    ("py:mod", "struct"),
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}


# The docs mark stable item ids with raw HTML anchors (<a id="CA-2.3"></a>) so that they work
# on any Markdown viewer too. MyST resolves `page.md#id` links against headings only; this
# registers each such anchor of a page, so a link to an id that exists resolves and a link to
# one that does not still warns (an error under -W).
_ANCHOR = re.compile(r'<a\s+id="([^"]+)"\s*/?>')


class RawHtmlAnchors:
    """Registers every <a id="..."></a> of a page as a MyST anchor, before MyST resolves the
    page's own `#id` links (its ResolveAnchorIds transform, priority 879) and, through the
    environment, other pages' `page.md#id` links."""

    default_priority = 870

    def __init__(self, document, startnode=None):
        self.document = document

    def apply(self, **kwargs):
        from docutils import nodes

        slugs = getattr(self.document, "myst_slugs", None)
        if slugs is None:
            return
        for raw in self.document.findall(nodes.raw):
            if raw.get("format") == "html":
                for anchor in _ANCHOR.findall(raw.astext()):
                    slugs.setdefault(anchor, (None, anchor, anchor))
        env = getattr(self.document.settings, "env", None)
        if env is not None and slugs:
            env.metadata[env.docname]["myst_slugs"] = slugs


def _drop_draw_list_macro_duplicate(record):
    """lamina.h defines a macro named lamina_engine_draw_list over the function of that name on
    purpose (source calls get the current record size; see the header's versioning note), so
    the C domain sees that one name twice. Only that duplicate is dropped; any other still fails
    the build."""
    text = record.getMessage()
    return not ("Duplicate C declaration" in text and " lamina_engine_draw_list (" in text)


def _python_data_docs(app, what, name, obj, options, lines):
    """Module constants re-exported by lamina/__init__.py carry their `#:` comment where they
    are defined (lamina._drawlist, lamina._types, ...); autodoc looks only in lamina/__init__.py
    and would show the value's class docstring (dict's, for example). Take the comment from
    the defining module."""
    if what != "data" or not name.startswith("lamina."):
        return
    import importlib
    import pkgutil

    from sphinx.pycode import ModuleAnalyzer

    short = name.rsplit(".", 1)[1]
    package = importlib.import_module("lamina")
    modules = ["lamina"] + [f"lamina.{m.name}" for m in pkgutil.iter_modules(package.__path__)]
    for module in modules:
        docs = ModuleAnalyzer.for_module(module).find_attr_docs().get(("", short))
        if docs:
            lines[:] = [line for line in docs]
            return
    lines[:] = []


def _protect_first_line_colon(app, what, name, obj, options, lines):
    """Napoleon reads the first line of an attribute's or property's docstring as
    `type: description`. Lamina's docstrings are sentences ("Whether the layer follows the
    view policy: ..."), so a first line whose part before the colon is prose (has a space) gets
    an empty RST comment in front: napoleon takes the comment's line, which has no colon, as the
    one it reads a type from (it skips blank lines), and the comment renders as nothing."""
    if what in ("attribute", "property", "data") and lines:
        head, colon, _ = lines[0].partition(":")
        if colon and " " in head.strip():
            lines[:0] = ["..", ""]


# The site's navigation: the toctrees of the landing page, added to index.md as Sphinx reads
# it, so that the page itself holds no directive a code host would show raw (issue 30 item 6).
SITE_TOC = [
    ('Getting started', ['getting-started/c', 'getting-started/python', 'getting-started/swift']),
    ('Concepts', ['concepts/model-and-presentation', 'concepts/transactions', 'concepts/actions', 'concepts/timing', 'concepts/rendering', 'concepts/layer-kinds', 'concepts/filters', 'concepts/interaction', 'lottie']),
    ('API reference', ['reference/c', 'reference/python', 'reference/swift', 'swift-api', 'c-api/Conventions', 'c-api/Errors', 'c-api/Ownership', 'c-api/Threading', 'draw-records']),
    ('Behaviour and design', ['semantics', 'decisions', 'architecture', 'renderer']),
    ('Project', ['building', 'versioning', 'fuzzing', 'documentation']),
]


def _add_site_toc(app, docname, source):
    if docname == "reference/c":
        # The C reference's topic pages, generated by Scripts/make-c-reference.py (listed in
        # reference/c/topics.txt, in the header's order).
        topics = os.path.join(app.srcdir, "reference", "c", "topics.txt")
        if os.path.exists(topics):
            with open(topics, encoding="utf-8") as f:
                names = [line.split("\t")[0] for line in f if line.strip()]
            source[0] += ("\n```{toctree}\n:maxdepth: 1\n\n"
                          + "\n".join("c/" + n for n in names) + "\n```\n")
        return
    if docname != "index":
        return
    for caption, docs in SITE_TOC:
        source[0] += ("\n```{toctree}\n:caption: " + caption + "\n:maxdepth: 1\n:hidden:\n\n"
                      + "\n".join(docs) + "\n```\n")


def setup(app):
    import logging

    app.connect("source-read", _add_site_toc)

    app.connect("autodoc-process-docstring", _python_data_docs, priority=300)
    app.connect("autodoc-process-docstring", _protect_first_line_colon, priority=400)

    from docutils.transforms import Transform

    for name in ("sphinx.sphinx.domains.c", "sphinx.sphinx.domains.c._symbol"):
        logging.getLogger(name).addFilter(_drop_draw_list_macro_duplicate)

    app.add_transform(type("RawHtmlAnchorsTransform", (RawHtmlAnchors, Transform), {}))
