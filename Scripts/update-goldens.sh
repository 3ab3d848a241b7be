#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerates the golden images of the reference compositor (Tests/gles/golden/*.png) from the
# current renderer, after building it:
#
#   Scripts/update-goldens.sh [BUILD_DIR] [SCENE...]      (default build dir: build)
#
# Then LOOK at every changed image (git status Tests/gles/golden; open the PNGs) before
# committing: a golden is only as right as the eyes that accepted it.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build}
[[ $# -gt 0 ]] && shift
cmake --build "$BUILD" --target lamina-golden
"$BUILD/Tests/gles/lamina-golden" --goldens "$ROOT/Tests/gles/golden" --update "$@"
git -C "$ROOT" status --short Tests/gles/golden
