# SPDX-License-Identifier: Apache-2.0
"""Issue 15: the layer kinds' typing script (tests/typing/kinds_script.py) also runs."""
import importlib.util
import os

import pytest

KINDS_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "typing", "kinds_script.py")


def test_kinds_script_runs():
    """Issue 15: the kinds' user script runs (its assert_type calls are no-ops at run time;
    its asserts check the draw list holds every kind)."""
    spec = importlib.util.spec_from_file_location("kinds_script", KINDS_SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except ModuleNotFoundError as e:  # typing_extensions is a type-checking tool's dependency
        pytest.skip(str(e))
    mod.main()
