#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The compositor's shaders as C for the SwiftPM build (the LaminaGLES target, issue 30 item 2).
#
# CMake embeds renderer/gles/shaders at build time (embed_shaders.cmake). SwiftPM has no build
# step that can make C sources (a build-tool plugin's generated C files are not compiled), so
# the SwiftPM target compiles a committed copy of the same output, renderer/gles/swiftpm/
# lgl_shaders.c and .h, made by the same script. Rerun this after editing a shader; `--check`
# (a ctest, swiftpm-shaders) fails when the copy differs from what the shaders give now.
#
#   Scripts/update-swiftpm-shaders.sh [--check]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake "-DSRC=$root/renderer/gles/shaders" "-DOUT=$tmp" -P "$root/renderer/gles/embed_shaders.cmake"
dest="$root/renderer/gles/swiftpm"
# The copies carry the licence line every source file does (check-license-headers.py).
for f in lgl_shaders.c lgl_shaders.h; do
  { echo "/* SPDX-License-Identifier: Apache-2.0 */"; cat "$tmp/$f"; } > "$tmp/$f.new"
  mv "$tmp/$f.new" "$tmp/$f"
done
if [ "${1:-}" = "--check" ]; then
  for f in lgl_shaders.c lgl_shaders.h; do
    if ! cmp -s "$tmp/$f" "$dest/$f"; then
      echo "renderer/gles/swiftpm/$f is not what renderer/gles/shaders give:" \
           "run Scripts/update-swiftpm-shaders.sh" >&2
      exit 1
    fi
  done
  echo "swiftpm shaders: current"
else
  mkdir -p "$dest"
  cp "$tmp/lgl_shaders.c" "$tmp/lgl_shaders.h" "$dest/"
  echo "wrote renderer/gles/swiftpm/lgl_shaders.c and .h"
fi
