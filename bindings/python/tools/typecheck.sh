#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Type checks the Python package as its users see it (issue 13): `mypy --strict` and `pyright`
# on the package, the examples and tests/typing/user_script.py (a script touching every public
# property under assert_type, so a property typed wrongly or as Any fails).
#   bindings/python/tools/typecheck.sh [VENV_DIR]
# Installs mypy, pyright and typing_extensions from PyPI, within tools/test-requirements.txt's
# ranges, into VENV_DIR (default: $TMPDIR/lamina-typecheck-venv), again when the versions there
# fall outside them; pyright needs node (it fetches one when none is installed).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=${1:-${TMPDIR:-/tmp}/lamina-typecheck-venv}
mkdir -p "$VENV"
VENV=$(cd "$VENV" && pwd)  # absolute: the checks run from the package directory
PY=${PYTHON:-python3}
if [[ ! -x $VENV/bin/mypy || ! -x $VENV/bin/pyright ]] ||
   ! "$VENV/bin/python" "$HERE/tools/check-test-deps.py" mypy pyright typing_extensions 2>/dev/null; then
    "$PY" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet -c "$HERE/tools/test-requirements.txt" \
        mypy pyright typing_extensions
fi
cd "$HERE"
echo "mypy --strict:"
"$VENV/bin/mypy" --strict src/lamina examples tests/typing
echo "pyright:"
"$VENV/bin/pyright" examples tests/typing
