#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# benchmarks/run.sh — build liblamina (Release) and run the C benchmark (benchmarks/bench.c).
#
#   benchmarks/run.sh                    # N = 1000 10000 100000, 60 frames (about 30 s)
#   benchmarks/run.sh --quick            # N = 1000 10000, 10 frames (CI smoke run)
#   benchmarks/run.sh 5000 50000         # chosen layer counts
#   benchmarks/run.sh --frames 120 1000  # more frames
#   benchmarks/run.sh --build-only       # build only; print the lamina-bench path (cost gate)
#
# Library: the CMake build (build-bench/, Release, tests off) when a top-level CMakeLists.txt
# exists and configures and builds; otherwise SwiftPM (.build-bench/, release, product lamina).
# LAMINA_BENCH_BUILD=cmake|swift forces one. CC picks the C compiler (default cc).
# Exit status: non-zero only if the build fails or the benchmark's sanity checks fail; the
# timings themselves never fail the run.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

cc="${CC:-cc}"
mode="${LAMINA_BENCH_BUILD:-auto}"
build_only=0
if [ "${1:-}" = "--build-only" ]; then
    build_only=1
    shift
fi
libdir=""
builddir=""

build_cmake() {
    command -v cmake >/dev/null 2>&1 || { echo "run.sh: cmake not found" >&2; return 1; }
    command -v ninja >/dev/null 2>&1 || { echo "run.sh: ninja not found" >&2; return 1; }
    echo "run.sh: building liblamina with CMake (Release) in build-bench/" >&2
    cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >&2 \
        && cmake --build build-bench >&2 || return 1
    local so
    so="$(find build-bench -maxdepth 2 -name 'liblamina.so' \( -type f -o -type l \) | head -n 1)"
    [ -n "$so" ] || { echo "run.sh: CMake build produced no liblamina.so" >&2; return 1; }
    libdir="$root/$(dirname "$so")"
    builddir="$root/build-bench"
}

build_swift() {
    command -v swift >/dev/null 2>&1 || { echo "run.sh: swift not found" >&2; return 1; }
    echo "run.sh: building liblamina with SwiftPM (release) in .build-bench/" >&2
    swift build -c release --scratch-path .build-bench --product lamina >&2 || return 1
    [ -e .build-bench/release/liblamina.so ] \
        || { echo "run.sh: SwiftPM build produced no .build-bench/release/liblamina.so" >&2; return 1; }
    libdir="$root/.build-bench/release"
    builddir="$root/.build-bench"
}

case "$mode" in
    cmake) build_cmake ;;
    swift) build_swift ;;
    auto)
        if [ -f CMakeLists.txt ] && build_cmake; then
            :
        else
            [ -f CMakeLists.txt ] && echo "run.sh: CMake build failed; falling back to SwiftPM" >&2
            build_swift
        fi
        ;;
    *) echo "run.sh: LAMINA_BENCH_BUILD must be cmake, swift or auto, not '$mode'" >&2; exit 64 ;;
esac

bench="$builddir/lamina-bench"
echo "run.sh: compiling $bench against $libdir" >&2
"$cc" -O2 -std=c11 -Wall -Wextra -Iinclude benchmarks/bench.c \
    -L"$libdir" -llamina -Wl,-rpath,"$libdir" -lm -o "$bench"
if [ "$build_only" = 1 ]; then
    echo "$bench"
    exit 0
fi

# Which source was measured (results are only comparable between runs of the same revision).
if rev="$(git rev-parse --short HEAD 2>/dev/null)"; then
    [ -z "$(git status --porcelain -- Sources include Package.swift CMakeLists.txt benchmarks/bench.c 2>/dev/null)" ] \
        || rev="$rev+dirty"
    echo "# lamina-bench: source $rev, $(uname -m), $(nproc 2>/dev/null || echo '?') cpus"
fi
exec "$bench" "$@"
