#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The gles-chromium test (Tests/gles/CMakeLists.txt): the Chromium cross-check of every golden
# scene (crosscheck.py, README.md). Uses python3 with numpy when it has it, else a virtual
# environment with numpy inside bindings/python/tools/test-requirements.txt's range.
#
#   Tests/gles/chromium/run.sh DUMP_TOOL OUT_DIR [CHROMIUM] [SCENE...]
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
DUMP=${1:?usage: run.sh DUMP_TOOL OUT_DIR [CHROMIUM] [SCENE...]}
OUT=${2:?usage: run.sh DUMP_TOOL OUT_DIR [CHROMIUM] [SCENE...]}
CHROMIUM=${3:-$(command -v chromium || true)}
shift $(( $# < 3 ? $# : 3 ))
PY=${PYTHON:-python3}
if ! "$PY" -c 'import numpy' 2>/dev/null; then
    VENV="$OUT/venv"
    [[ -x $VENV/bin/python ]] || "$PY" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet -c "$ROOT/bindings/python/tools/test-requirements.txt" numpy
    PY="$VENV/bin/python"
fi
mkdir -p "$OUT"
exec "$PY" "$HERE/crosscheck.py" --dump-tool "$DUMP" --out "$OUT" --chromium "$CHROMIUM" \
    --table "$OUT/table.md" "$@"
