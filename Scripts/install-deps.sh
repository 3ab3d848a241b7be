#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the build and test tools Lamina's C side needs when any is missing: cmake, ninja,
# pkg-config, cmocka, valgrind with its headers (and binutils, gcc, g++ if absent), and for the reference
# compositor (liblamina-gles, lamina-viewer, the golden images) Mesa's EGL/OpenGL ES 3 with the
# llvmpipe rasteriser, SDL2, libpng, Xvfb and glslang-tools (glslangValidator checks the
# shaders); Doxygen for the docs (Scripts/build-docs.sh); Chromium for the golden images'
# cross-check; xdotool for the gesture demo's live mouse test.
# Debian/Ubuntu (apt-get), as root or through sudo.
# Does nothing when everything is present.
#
#   Scripts/install-deps.sh [--check]     (--check: only report what is missing; exit 1 if any)
set -euo pipefail

check_only=0
[[ ${1:-} == --check ]] && check_only=1

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v pkg-config >/dev/null || missing+=(pkg-config)
if ! command -v pkg-config >/dev/null || ! pkg-config --exists cmocka; then
    missing+=(libcmocka-dev)
fi
command -v valgrind >/dev/null || missing+=(valgrind)
# The cost gate (Scripts/cost-gate.sh) compiles against <valgrind/callgrind.h>, which Debian's
# valgrind package ships; a valgrind without its headers is completed by installing it.
if command -v valgrind >/dev/null && [ ! -f "$(dirname "$(dirname "$(command -v valgrind)")")/include/valgrind/callgrind.h" ] \
        && [ ! -f /usr/include/valgrind/callgrind.h ]; then
    missing+=(valgrind)
fi
command -v readelf >/dev/null || missing+=(binutils)
command -v cc >/dev/null || missing+=(gcc)
command -v c++ >/dev/null || missing+=(g++)
# Debian packages with cpack (Scripts/check-packaging.sh): dpkg-shlibdeps and file.
command -v dpkg-shlibdeps >/dev/null || missing+=(dpkg-dev)
command -v file >/dev/null || missing+=(file)
# The reference compositor: Mesa EGL/GLES (headless on llvmpipe), SDL2, libpng, Xvfb.
if command -v dpkg-query >/dev/null; then
    for pkg in libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri libsdl2-dev libpng-dev xvfb xauth; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
    done
fi
# Text layers (issue 26): liblamina-text's HarfBuzz, FriBidi, libunibreak and fontconfig, the
# compositor's FreeType, and a CJK font for the font-fallback tests (the other test fonts are
# in Tests/fonts).
if command -v dpkg-query >/dev/null; then
    for pkg in libharfbuzz-dev libfribidi-dev libunibreak-dev libfontconfig-dev libfreetype-dev fonts-wqy-microhei; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
    done
fi
# The Lottie importer (issue 28): simdjson parses the files (liblamina-lottie's JSON shim).
if command -v dpkg-query >/dev/null; then
    dpkg-query -W -f='${Status}' libsimdjson-dev 2>/dev/null | grep -q "ok installed" || missing+=(libsimdjson-dev)
fi
# The compositor's shaders are checked with glslangValidator (the gles-shader-* tests).
command -v glslangValidator >/dev/null || missing+=(glslang-tools)
# The documentation site (Scripts/build-docs.sh): Doxygen reads the C header for the C reference.
command -v doxygen >/dev/null || missing+=(doxygen)
# The independent renderer every golden scene is checked against (issue 25, the gles-chromium
# test, Tests/gles/chromium/README.md): Debian's headless-capable Chromium.
command -v chromium >/dev/null || missing+=(chromium)
# The gesture demo's live mouse test (issue 27, the viewer-gesture-live ctest) moves the
# pointer of an Xvfb display with xdotool.
command -v xdotool >/dev/null || missing+=(xdotool)

if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi
if [[ $check_only == 1 ]]; then
    echo "install-deps: missing: ${missing[*]}"
    exit 1
fi

echo "install-deps: installing ${missing[*]}"
if ! command -v apt-get >/dev/null; then
    echo "install-deps: no apt-get here; install these (or their equivalents) first:" \
        "${missing[*]}" >&2
    exit 1
fi
if [[ $(id -u) == 0 ]]; then
    sudo=()
elif command -v sudo >/dev/null; then
    sudo=(sudo)
else
    echo "install-deps: not root and no sudo; install first: ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update
"${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
