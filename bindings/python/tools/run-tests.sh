#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the pytest suite against a built liblamina (the development setup):
#   bindings/python/tools/run-tests.sh BUILD_DIR/liblamina.so [pytest args...]
# Uses python3's pytest and numpy, or installs both into a virtual environment under $TMPDIR when
# the interpreter lacks either (the bulk API's numpy path is tested, never skipped, in CI).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LIB=${1:?usage: run-tests.sh path/to/liblamina.so [pytest args...]}
shift
PY=${PYTHON:-python3}
if ! "$PY" -c "import pytest, numpy" 2>/dev/null; then
    VENV=$(mktemp -d)/venv
    "$PY" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet pytest numpy
    PY="$VENV/bin/python"
fi
LAMINA_LIBRARY=$LIB exec "$PY" -m pytest "$HERE/tests" -q -p no:cacheprovider "$@"
