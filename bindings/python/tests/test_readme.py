# SPDX-License-Identifier: Apache-2.0
"""The top-level README's Python quick-start example (listing 7.7) runs as written."""
import contextlib
import io
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_readme_listing_7_7_runs_as_written():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    example = next(b for b in blocks if "hit_test" in b)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, str(README), "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("presentation hits root, model hits root")
    # Mid-flight, only the presentation finds the moving box (CA-12.11).
    assert lines[1].endswith("presentation hits box, model hits root")
