#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds and installs the Lamina C library (Release, static Swift runtime: a self-contained
# liblamina.so, stripped, with its debug information under <prefix>/lib/debug), its headers,
# lamina.pc and the CMake package.
#
#   Scripts/install.sh --prefix /usr/local [--build-dir build-install] [--dynamic-stdlib]
#   Scripts/install.sh --uninstall [--build-dir build-install]
#
# --uninstall removes exactly the files the last install from that build directory wrote (its
# install_manifest.txt), then the directories it leaves empty, and refreshes the loader cache.
#
# Builds as the calling user and installs through sudo when the prefix is not writable. Into
# a directory the dynamic loader searches (/usr/local/lib, /usr/lib/...) the install runs
# ldconfig, so programs find the library without LD_LIBRARY_PATH; elsewhere (~/.local) link
# consumers with an rpath (printed at the end). Needs swift, cmake >= 3.25 and ninja. Tests
# are not built (see Scripts/test-all.sh). Debian packages instead: docs/building.md.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=""
BUILD_DIR="$ROOT/build-install"
STATIC=ON
UNINSTALL=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) PREFIX=$2; shift 2 ;;
        --prefix=*) PREFIX=${1#--prefix=}; shift ;;
        --build-dir) BUILD_DIR=$2; shift 2 ;;
        --dynamic-stdlib) STATIC=OFF; shift ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
done
# Root needs no sudo; a user gets it only where a path is not writable.
as_root_if_needed() { # PATH COMMAND...: runs COMMAND, through sudo when PATH is not writable
    local path=$1; shift
    if [[ -w $path || $(id -u) == 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    else
        echo "install.sh: $path is not writable and there is no sudo: run as root" >&2
        return 1
    fi
}

if [[ $UNINSTALL == 1 ]]; then
    MANIFEST="$BUILD_DIR/install_manifest.txt"
    if [[ ! -f $MANIFEST ]]; then
        echo "install.sh: no $MANIFEST: nothing was installed from $BUILD_DIR" \
            "(pass the --build-dir the install used)" >&2
        exit 1
    fi
    dirs=()
    while IFS= read -r f || [[ -n $f ]]; do  # the manifest has no final newline
        [[ -n $f ]] || continue
        if [[ -e $f || -L $f ]]; then
            as_root_if_needed "$(dirname "$f")" rm -f -- "$f"
            echo "removed $f"
        fi
        dirs+=("$(dirname "$f")")
    done < "$MANIFEST"
    # Lamina's own directories (include/lamina, lib/cmake/Lamina, share/doc/lamina ...), deepest
    # first, when empty; shared ones (lib, include, pkgconfig) stay even when empty.
    printf '%s\n' "${dirs[@]}" | sort -u -r | while IFS= read -r d; do
        while [[ -d $d && -z $(ls -A "$d") && ${d##*/} == *[Ll]amina* ]]; do
            as_root_if_needed "$(dirname "$d")" rmdir -- "$d" && echo "removed $d/"
            d=$(dirname "$d")
        done
    done
    LDCONFIG=$(PATH=$PATH:/sbin:/usr/sbin command -v ldconfig || true)
    if [[ -n $LDCONFIG && $(id -u) == 0 ]]; then
        "$LDCONFIG"
    fi
    echo "Uninstalled what $MANIFEST lists."
    exit 0
fi

if [[ -z $PREFIX ]]; then
    echo "install.sh: --prefix DIR is required (for example --prefix ~/.local)" >&2
    exit 2
fi

cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
    -DLAMINA_STATIC_SWIFT_STDLIB="$STATIC" -DBUILD_TESTING=OFF -DCMAKE_INSTALL_PREFIX="$PREFIX"
cmake --build "$BUILD_DIR" --parallel
# As root, `cmake --install` runs ldconfig itself after installing into a system library
# directory (cmake/Packaging.cmake).
mkdir -p "$PREFIX" 2>/dev/null || true
[[ -w $PREFIX || $(id -u) == 0 ]] || echo "install.sh: $PREFIX is not writable: installing with sudo"
as_root_if_needed "$PREFIX" cmake --install "$BUILD_DIR"

PCDIR=$(dirname "$(find "$PREFIX" -path '*/pkgconfig/lamina.pc' -print -quit)")
LIBDIR=$(dirname "$PCDIR")
# Does the dynamic loader search the library directory (then the install ran ldconfig)?
LDCONFIG=$(PATH=$PATH:/sbin:/usr/sbin command -v ldconfig || true)
FOUND=$([[ -z $LDCONFIG ]] || "$LDCONFIG" -p 2>/dev/null | sed -n 's/^[[:space:]]*liblamina\.so\.0 .*=> //p' | head -n 1)
if [[ -n $FOUND && $(readlink -f "$FOUND") == "$(readlink -f "$LIBDIR/liblamina.so.0")" ]]; then
    RUN="./app   (the loader finds $LIBDIR/liblamina.so.0: no LD_LIBRARY_PATH)"
else
    RUN="cc ... -Wl,-rpath,$LIBDIR   (the loader does not search $LIBDIR)"
fi
cat <<MSG

Installed Lamina $(sed -n 's/^#define LAMINA_VERSION_STRING "\(.*\)"/\1/p' \
    "$ROOT/include/lamina/lamina_version.h") to $PREFIX.
  C with pkg-config:  PKG_CONFIG_PATH=$PCDIR cc app.c \$(pkg-config --cflags --libs lamina)
  Run:                $RUN
  CMake:              cmake -DCMAKE_PREFIX_PATH=$PREFIX ...   (find_package(Lamina), Lamina::lamina)
MSG
