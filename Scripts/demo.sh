#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# The README's demo command: the gallery, then listing 7.7 (one key away), drawn by the
# reference compositor.
#
#   Scripts/demo.sh [--build-dir DIR] [--no-install-deps] [lamina-viewer options...]
#
# Installs the build tools and the compositor's libraries when they are missing
# (Scripts/install-deps.sh: apt-get), builds liblamina and liblamina-gles with CMake (Release,
# about 3-5 minutes the first time on 2 cores, seconds after), then runs lamina-viewer:
#   - with a display (DISPLAY or WAYLAND_DISPLAY set): a window on the gallery (cards, shadows,
#     corners, contents and masks, 3D, group opacity, a spring, shape layers, gradients, a
#     replicator spinner and a text card when liblamina-text is built). Right switches to listing 7.7:
#     click the moving box to recolour it, click elsewhere to send it there over 4 s;
#     Right/Left step through every scene, R restarts, Space pauses, Esc quits.
#   - without one: the gallery's and listing 7.7's first 4 seconds rendered headless at 10
#     frames per second into DIR/demo-frames (printed), plus DIR/demo-frames/gallery.png and
#     demo.png, one still of each.
# Extra options go to lamina-viewer (for example --scene gallery).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR="$ROOT/build"
INSTALL_DEPS=1
VIEWER_ARGS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --build-dir) BUILD_DIR=$2; shift 2 ;;
        --no-install-deps) INSTALL_DEPS=0; shift ;;
        -h|--help) sed -n '2,/^set -e/{/^#/p}' "$0"; exit 0 ;;
        *) VIEWER_ARGS+=("$1"); shift ;;
    esac
done

if [[ $INSTALL_DEPS == 1 ]]; then
    "$ROOT/Scripts/install-deps.sh"
fi
echo "demo: building into $BUILD_DIR"
cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD_DIR" --target lamina-viewer
VIEWER="$BUILD_DIR/lamina-viewer"
if [[ ! -x $VIEWER ]]; then
    echo "demo: lamina-viewer was not built (EGL/GLES, SDL2 or libpng development files missing?" \
        "Scripts/install-deps.sh installs them)" >&2
    exit 1
fi

if [[ -n ${DISPLAY:-} || -n ${WAYLAND_DISPLAY:-} ]]; then
    echo "demo: opening a window (Esc quits)"
    exec "$VIEWER" "${VIEWER_ARGS[@]}"
fi
FRAMES="$BUILD_DIR/demo-frames"
rm -rf "$FRAMES" && mkdir -p "$FRAMES"
echo "demo: no display; rendering the demo headless"
"$VIEWER" --frames "$FRAMES/gallery" --scene gallery "${VIEWER_ARGS[@]}"
"$VIEWER" --frames "$FRAMES/demo" --scene demo "${VIEWER_ARGS[@]}"
"$VIEWER" --scene gallery --png "$FRAMES/gallery.png" >/dev/null
"$VIEWER" --scene demo --at 1.0 --png "$FRAMES/demo.png" >/dev/null
count=$(find "$FRAMES" -name '*.png' | wc -l)
echo "demo: wrote $count PNG frames to $FRAMES (stills: $FRAMES/gallery.png, $FRAMES/demo.png)"
