#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# CI's Lottie fidelity step (issue 28): installs rlottie and ThorVG from PyPI into a virtual
# environment under the build directory, then renders every sample with Lamina and both peers
# (Tests/lottie/compare_peers.py) and fails when a sample's agreement with its closer peer falls
# below its floor in Tests/lottie/floors.json. Pictures go to BUILD/lottie-peers/.
#
#   Tests/lottie/run-peers.sh BUILD_DIR
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${1:?usage: run-peers.sh BUILD_DIR}
VENV="$BUILD/lottie-peers-venv"
if [[ ! -x $VENV/bin/python ]]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet -r "$ROOT/Tests/lottie/requirements.txt"
export LAMINA_LIBRARY="$BUILD/liblamina.so"
exec "$VENV/bin/python" "$ROOT/Tests/lottie/compare_peers.py" \
    --out "$BUILD/lottie-peers" --json "$BUILD/lottie-peers/results.json" \
    --floors "$ROOT/Tests/lottie/floors.json"
