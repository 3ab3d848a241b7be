#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds and installs the Lamina C library (Release, static Swift runtime: a self-contained
# liblamina.so), its headers, lamina.pc and the CMake package.
#
#   Scripts/install.sh --prefix ~/.local [--build-dir build-install] [--dynamic-stdlib]
#
# Needs swift, cmake >= 3.25 and ninja. Tests are not built (see Scripts/test-all.sh).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=""
BUILD_DIR="$ROOT/build-install"
STATIC=ON

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) PREFIX=$2; shift 2 ;;
        --prefix=*) PREFIX=${1#--prefix=}; shift ;;
        --build-dir) BUILD_DIR=$2; shift 2 ;;
        --dynamic-stdlib) STATIC=OFF; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
done
if [[ -z $PREFIX ]]; then
    echo "install.sh: --prefix DIR is required (for example --prefix ~/.local)" >&2
    exit 2
fi

cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DLAMINA_STATIC_SWIFT_STDLIB="$STATIC" -DBUILD_TESTING=OFF -DCMAKE_INSTALL_PREFIX="$PREFIX"
cmake --build "$BUILD_DIR" --parallel
cmake --install "$BUILD_DIR"

PCDIR=$(dirname "$(find "$PREFIX" -path '*/pkgconfig/lamina.pc' -print -quit)")
cat <<MSG

Installed Lamina $(sed -n 's/^#define LAMINA_VERSION_STRING "\(.*\)"/\1/p' \
    "$ROOT/include/lamina/lamina_version.h") to $PREFIX.
  C with pkg-config:  PKG_CONFIG_PATH=$PCDIR cc app.c \$(pkg-config --cflags --libs lamina)
  CMake:              cmake -DCMAKE_PREFIX_PATH=$PREFIX ...   (find_package(Lamina), Lamina::lamina)
MSG
