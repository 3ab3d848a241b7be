#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The everyday check: the core suites in Swift, C and Python against one debug build of the
# library (SwiftPM's), with no CMake build, packaging, sanitizers or compositor. It prints each
# phase's time; the README gives measured runs (about 80 s of CPU once SwiftPM has built; the
# first run adds SwiftPM's debug build). The full run, as CI: Scripts/test-all.sh.
#
#   Scripts/test-quick.sh [--no-swift] [--no-c] [--no-python]
#
# Needs the Swift toolchain, cc, cmocka (libcmocka-dev) and python3 (pytest and numpy, installed
# into a virtual environment when missing, as bindings/python/tools/run-tests.sh does).
# Prints each runner's summary and "test-quick: passed" or the runners that failed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN_SWIFT=1 RUN_C=1 RUN_PYTHON=1
for a in "$@"; do
    case "$a" in
        --no-swift) RUN_SWIFT=0 ;;
        --no-c) RUN_C=0 ;;
        --no-python) RUN_PYTHON=0 ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "test-quick.sh: unknown argument: $a" >&2; exit 2 ;;
    esac
done
cd "$ROOT"
failed=()
T0=$SECONDS

echo "== swift build (debug, with tests)"
mkdir -p "$ROOT/.build"
if ! swift build --build-tests > "$ROOT/.build/test-quick-build.log" 2>&1; then
    grep -E "error:" "$ROOT/.build/test-quick-build.log" | head -n 20
    echo "test-quick: FAILED: swift build (log: .build/test-quick-build.log)"
    exit 1
fi
tail -n 1 "$ROOT/.build/test-quick-build.log"
LIB="$ROOT/.build/debug/liblamina.so"
[[ -f $LIB ]] || { echo "test-quick: the build made no $LIB"; exit 1; }

phase() { echo "   ($1: $((SECONDS - PHASE_T0)) s)"; PHASE_T0=$SECONDS; }
PHASE_T0=$T0
phase "swift build"

if [[ $RUN_SWIFT == 1 ]]; then
    echo "== swift test"
    swift test --skip-build --parallel 2>&1 | grep -E "Test run with|✘|error:|failed" | tail -n 20
    [[ ${PIPESTATUS[0]} == 0 ]] || failed+=(swift)
    phase "swift test"
fi

if [[ $RUN_C == 1 ]]; then
    echo "== C (cmocka) against $LIB"
    out="$ROOT/.build/test-quick-c"
    mkdir -p "$out"
    passed=0
    for src in "$ROOT"/Tests/c/test_*.c; do
        name=$(basename "$src" .c)
        # Compiled again only when the test or a header changed since (the library is linked
        # dynamically, so a rebuilt library needs no relink).
        if [[ ! -x $out/$name || $src -nt $out/$name ||
              -n $(find "$ROOT/include" "$ROOT/Tests/c" -name '*.h' -newer "$out/$name" -print -quit) ]] &&
           ! cc -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -I"$ROOT/include" "$src" \
                -L"$(dirname "$LIB")" -llamina -Wl,-rpath,"$(dirname "$LIB")" \
                $(pkg-config --cflags --libs cmocka) -lm -o "$out/$name"; then
            rm -f "$out/$name"
            failed+=("c:$name (build)")
            continue
        fi
        # The program runs against this build's library, never an installed copy (a Lamina in
        # /usr/local must not shadow it: issue 30 item 5).
        loaded=$(env -u LD_LIBRARY_PATH ldd "$out/$name" | awk '$1 ~ /^liblamina/ {print $3}')
        if [[ -z $loaded || $(realpath "$loaded") != "$(realpath "$LIB")" ]]; then
            echo "test-quick: $name loads '${loaded:-no liblamina}', not $LIB"
            failed+=("c:$name (loads another liblamina)")
            continue
        fi
        # The library is unoptimized: test_layer_storage's no-allocation check needs Release.
        if env -u LD_LIBRARY_PATH LAMINA_TEST_UNOPTIMIZED_LIBRARY=1 "$out/$name" > "$out/$name.log" 2>&1; then
            passed=$((passed + 1))
        else
            tail -n 20 "$out/$name.log"
            failed+=("c:$name")
        fi
    done
    echo "C: $passed programs passed"
    phase "C"
fi

if [[ $RUN_PYTHON == 1 ]]; then
    echo "== python"
    # LAMINA_LIBRARY (run-tests.sh sets it) makes the package load this build's library and
    # look for its companions only beside it, never an installed copy (lamina/_loader.py).
    "$ROOT/bindings/python/tools/run-tests.sh" "$LIB" 2>&1 | tail -n 3
    [[ ${PIPESTATUS[0]} == 0 ]] || failed+=(python)
    echo "   (the tests pytest skips, if any, are the compositor's and the text provider's, which need liblamina-gles"
    echo "   and liblamina-text; only the CMake build makes them, and Scripts/test-all.sh runs them)"
    phase "python"
fi

echo "test-quick: $((SECONDS - T0)) s"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "test-quick: FAILED: ${failed[*]}"
    exit 1
fi
echo "test-quick: passed"
