#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds a self-contained sdist of the Python package (issue 13): bindings/python plus the C
# library's sources (CMakeLists.txt, cmake/, include/, Sources/, renderer/, tools/, benchmarks/, LICENSE)
# under lamina-src/, so `pip wheel lamina_layers-X.tar.gz` builds liblamina from the sdist alone.
#   bindings/python/tools/make-sdist.sh OUT_DIR [PYTHON]
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:?usage: make-sdist.sh OUT_DIR}
PY=${2:-${PYTHON:-python3}}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
STAGE=$(mktemp -d)/lamina-python
trap 'rm -rf "$(dirname "$STAGE")"' EXIT

mkdir -p "$STAGE/lamina-src"
# The package itself (no build products, caches or local libraries).
tar -C "$HERE" --exclude='__pycache__' --exclude='*.so' --exclude='build' -cf - \
    pyproject.toml CMakeLists.txt README.md src tests tools examples | tar -C "$STAGE" -xf -
# The C library's build inputs (benchmarks/: the root project defines its benchmark programs);
# tests and docs are not needed to build it.
tar -C "$ROOT" --exclude='__pycache__' -cf - CMakeLists.txt cmake include Sources renderer tools benchmarks LICENSE \
    | tar -C "$STAGE/lamina-src" -xf -
# In the sdist the library sources sit beside the package, not two directories up.
sed -i 's|input = "../../include/lamina/lamina_version.h"|input = "lamina-src/include/lamina/lamina_version.h"|' \
    "$STAGE/pyproject.toml"
# pypa/build (not any module named "build": check its entry point).
python_has_build() { "$PY" -c "import build.__main__" 2>/dev/null; }
if ! python_has_build; then
    VENV=$(dirname "$STAGE")/venv
    "$PY" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet build
    PY=$VENV/bin/python
fi
"$PY" -m build --sdist --outdir "$OUT" "$STAGE"
echo "sdist: $(cd "$OUT" && ls lamina_layers-*.tar.gz)"
