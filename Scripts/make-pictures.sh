#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Renders the docs' pictures with the reference compositor (issue 11, R14), so they never
# drift from the code:
#   docs/images/gallery.png  the gallery scene (renderer/scenes), headless, via lamina-viewer --png
#   docs/images/demo.png     listing 7.7 played with scripted taps, an animated PNG
#                            (Scripts/make-pictures.py, Python over lamina.render)
#   docs/images/interaction.png  the gesture demo's card flung, caught and thrown back, a row of
#                            frames (lamina-viewer --gesture --filmstrip; issue 27)
#
#   Scripts/make-pictures.sh [BUILD_DIR] [OUT_DIR]   (defaults: build, docs/images)
#
# BUILD_DIR must hold a CMake build with liblamina-gles and lamina-viewer. CI runs this script
# into the build directory and checks the committed pictures are what it renders.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
OUT=${2:-$ROOT/docs/images}
mkdir -p "$OUT"
"$BUILD/lamina-viewer" --scene gallery --png "$OUT/gallery.png"
PYTHONPATH="$ROOT/bindings/python/src${PYTHONPATH:+:$PYTHONPATH}" \
    LAMINA_LIBRARY="$BUILD/liblamina.so" python3 "$ROOT/Scripts/make-pictures.py" "$OUT/demo.png"
"$BUILD/lamina-viewer" --gesture --filmstrip "$OUT/interaction.png"
ls -l "$OUT"/gallery.png "$OUT"/demo.png "$OUT"/interaction.png | awk '{print "make-pictures: wrote " $NF " (" $5 " bytes)"}'
