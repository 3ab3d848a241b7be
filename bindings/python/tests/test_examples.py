# SPDX-License-Identifier: Apache-2.0
"""The package's examples run and print the expected trace."""
import os
import subprocess
import sys

import lamina

HERE = os.path.dirname(os.path.abspath(__file__))


def run_example(name):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(lamina.__file__)))
    r = subprocess.run([sys.executable, os.path.join(HERE, "..", "examples", name)],
                       env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_listing_7_7_trace():
    out = run_example("listing_7_7.py").splitlines()
    assert out[0] == "t=0.0 tap (325, 25): presentation hits root, model hits root"
    assert out[1] == "  -> moves to (325, 25) over 4 s"
    assert out[3].endswith("presentation hits box, model hits root")
    assert out[4] == "  -> colour changes to blue"
    assert out[5].startswith("colour at 2.1 s:")
