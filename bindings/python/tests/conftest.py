# SPDX-License-Identifier: Apache-2.0
import os
import sys

# Tests run against the source tree (with LAMINA_LIBRARY pointing at a built liblamina) unless
# LAMINA_TEST_INSTALLED=1 asks for the installed package (e.g. a wheel in a fresh venv).
if os.environ.get("LAMINA_TEST_INSTALLED") != "1":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import pytest

import lamina

# tests/pending holds tests of features the library does not have yet (they would fail): not
# collected unless LAMINA_TEST_PENDING=1 asks for them (see tests/pending/README.md).
if os.environ.get("LAMINA_TEST_PENDING") != "1":
    collect_ignore_glob = ["pending/*"]


@pytest.fixture
def engine():
    with lamina.Engine() as e:
        yield e


def approx_color(c, ref, tol=1e-6):
    return all(abs(a - b) <= tol for a, b in zip(c, ref))
