#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the pytest suite against a built liblamina (the development setup):
#   bindings/python/tools/run-tests.sh BUILD_DIR/liblamina.so [pytest args...]
# Uses python3's pytest and numpy when their versions are inside tools/test-requirements.txt's
# ranges, else installs both within those ranges into a virtual environment under $TMPDIR (the
# bulk API's numpy path is tested, never skipped, in CI).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LIB=${1:?usage: run-tests.sh path/to/liblamina.so [pytest args...]}
shift
PY=${PYTHON:-python3}
if ! "$PY" "$HERE/tools/check-test-deps.py" pytest numpy uharfbuzz; then
    VENV=$(mktemp -d)/venv
    "$PY" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet -c "$HERE/tools/test-requirements.txt" pytest numpy uharfbuzz
    PY="$VENV/bin/python"
fi
# A companion library built beside liblamina must be found: its tests then fail rather than
# skip (a test run that silently skips text or rendering proves nothing about them).
DIR=$(dirname "$LIB")
[ -e "$DIR/liblamina-text.so" ] && export LAMINA_REQUIRE_TEXT=${LAMINA_REQUIRE_TEXT:-1}
[ -e "$DIR/liblamina-gles.so" ] && export LAMINA_REQUIRE_GLES=${LAMINA_REQUIRE_GLES:-1}
LAMINA_LIBRARY=$LIB exec "$PY" -m pytest "$HERE/tests" -q -p no:cacheprovider "$@"
