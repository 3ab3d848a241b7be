# SPDX-License-Identifier: Apache-2.0
"""Sphinx configuration of the Python reference's Markdown build (Scripts/make-python-reference.sh).

The site's own configuration (docs/conf.py: autodoc, napoleon and the docstring hooks it
connects), with sphinx-markdown-builder added and python.md, this folder's autodoc source, as
the only page. The Markdown it writes is docs/reference/python.md, which a code host and the
site both show as it is."""
import os
import runpy

_ROOT = os.environ.get("LAMINA_ROOT",
                       os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
_site = runpy.run_path(os.path.join(_ROOT, "docs", "conf.py"))
globals().update({k: v for k, v in _site.items() if not k.startswith("__")})

extensions = [e for e in _site["extensions"] if e != "breathe"] + ["sphinx_markdown_builder"]
root_doc = "python"
exclude_patterns = ["conf.py"]

# Every documented name gets an anchor <a id="lamina.Engine.tick"></a> before its heading: the
# reference's own links use them, other pages link to them (reference/python.md#lamina.Engine),
# and on the site docs/conf.py registers them as MyST anchors.
markdown_anchor_signatures = True
# Types in the signature line (`tick(time: float | None = None) -> None`), which reads as code
# on a code host, rather than the emphasis-laden parameter lists a description would give.
autodoc_typehints = "signature"
# Links to other pages stay the relative .md paths they are in the source.
myst_all_links_external = True
# Straight quotes, as typed: a value such as "ease-in-out" is copied from the page into code.
smartquotes = False


def setup(app):
    """The site's hooks, and the keyword-only marker `*` of a signature kept: the Markdown
    builder has no handler for the abbreviation node Sphinx wraps it in and would drop it."""
    _site["setup"](app)
    from docutils import nodes

    def _through(self, node):
        pass

    app.add_node(nodes.abbreviation, override=True, markdown=(_through, _through))
    app.connect("autodoc-process-signature", _records_without_signature)


# Draw-list records are made by Engine.draw_list, never by a host, and their fields are listed
# one by one below the class; the dataclass's 60-field constructor signature would be a wall
# (and Sphinx mangles its Tuple[DrawRecord, ...] field in a signature).
_RECORDS = {"lamina.DrawRecord"}


def _records_without_signature(app, what, name, obj, options, signature, return_annotation):
    if what == "class" and name in _RECORDS:
        return "", return_annotation
    return None
