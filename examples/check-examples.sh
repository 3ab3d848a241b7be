#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds and runs the examples (listings 7.1-7.7 and the layer-kind examples) in every language
# and compares each program's output with its golden trace in examples/expected/NAME.txt:
#
#   C       examples/c/NAME.c               C11, -Wall -Wextra -Werror, against the CMake build
#   Swift   examples/swift (NAME without underscores: listing71, progressring ...), a separate
#           package depending on Lamina by path
#   Python  examples/python/NAME.py         when lamina is importable
#
# The text examples (text_card, issue 26) also link liblamina-text (-llamina-text; the Swift
# ones the LaminaText product) and are run with the repository's fonts directory, Tests/fonts,
# as their first argument. They need liblamina-text in the build tree, unless that tree was
# configured with LAMINA_BUILD_TEXT=OFF (then they are skipped, with a note).
#
# The three versions of an example print the same text: times are explicit and every number is
# printed with 3 decimals, rounded half away from zero (y = x * 1000; n = y + 0.5 or y - 0.5
# truncated toward zero; then n / 1000 "." three digits of |n| % 1000).
#
# Environment:
#   LAMINA_BUILD_DIR   a CMake build tree of Lamina with liblamina.so (Scripts/test-all.sh passes
#                      its own). Unset, or without the library: the script configures and builds
#                      one in build-examples/ (Release, no tests).
#   LAMINA_LIBRARY     for the Python versions: the liblamina.so to load. Unset: the library of
#                      the build tree above, with bindings/python/src on PYTHONPATH.
#
# Usage: examples/check-examples.sh [--skip-swift] [--skip-python] [--only NAME]...
#   --only NAME   check only example NAME (repeatable), e.g. --only text_card
# Prints one line per program and "examples: N passed, M failed"; exits 1 on any mismatch or
# build failure.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN_SWIFT=1
RUN_PYTHON=1
ONLY=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --skip-swift) RUN_SWIFT=0; shift ;;
        --skip-python) RUN_PYTHON=0; shift ;;
        --only) [[ $# -ge 2 ]] || { echo "check-examples.sh: --only needs a NAME" >&2; exit 2; }
                ONLY+=("$2"); shift 2 ;;
        -h|--help) sed -n '2,/^[^#]/{/^#/p}' "$0"; exit 0 ;;
        *) echo "check-examples.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
done

EXPECTED="$ROOT/examples/expected"
EXAMPLES=(listing_7_1 listing_7_2 listing_7_3 listing_7_4 listing_7_5 listing_7_6 listing_7_7
          progress_ring gradient spinner fling animator drag)
# Text layers (issue 26): linked with liblamina-text, run with the fonts directory.
TEXT_EXAMPLES=(text_card)
EXAMPLES+=("${TEXT_EXAMPLES[@]}")
FONTS="$ROOT/Tests/fonts"
if [[ ${#ONLY[@]} -gt 0 ]]; then
    for name in "${ONLY[@]}"; do
        [[ " ${EXAMPLES[*]} " == *" $name "* ]] || { echo "check-examples.sh: no example $name" >&2; exit 2; }
    done
    EXAMPLES=("${ONLY[@]}")
fi
PASSED=0
FAILED=0
T0=$SECONDS

find_library() { # DIR: prints the path of liblamina.so in a build tree, if any
    find "$1" -maxdepth 2 -name 'liblamina.so' \( -type f -o -type l \) -print -quit 2>/dev/null
}

# ---------------------------------------------------------------------------------------------
# The library
# ---------------------------------------------------------------------------------------------
BUILD_DIR=${LAMINA_BUILD_DIR:-}
LIB=""
if [[ -n $BUILD_DIR ]]; then
    LIB=$(find_library "$BUILD_DIR")
    [[ -n $LIB ]] || echo "examples: note: no liblamina.so in $BUILD_DIR; building one in build-examples/"
fi
if [[ -z $LIB ]]; then
    BUILD_DIR="$ROOT/build-examples"
    if cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
        >/dev/null && cmake --build "$BUILD_DIR" --target lamina \
        && { ! grep -q '^LAMINA_BUILD_TEXT:BOOL=ON' "$BUILD_DIR/CMakeCache.txt" \
             || cmake --build "$BUILD_DIR" --target lamina_text; }; then
        LIB=$(find_library "$BUILD_DIR")
    fi
    if [[ -z $LIB ]]; then
        echo "examples: error: the build produced no liblamina.so in $BUILD_DIR" >&2
        echo "examples: 0 passed, ${#EXAMPLES[@]} failed"
        exit 1
    fi
fi
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
LIBDIR=$(cd "$(dirname "$LIB")" && pwd)
OUT="$BUILD_DIR/examples"
mkdir -p "$OUT/c"
echo "examples: library $LIBDIR/$(basename "$LIB")"

# The text examples need liblamina-text beside liblamina; a tree built without it (configured
# with LAMINA_BUILD_TEXT=OFF) skips them, any other tree without it fails them.
is_text() { [[ " ${TEXT_EXAMPLES[*]} " == *" $1 "* ]]; }
if [[ ! -e $LIBDIR/liblamina-text.so ]] && grep -q '^LAMINA_BUILD_TEXT:BOOL=OFF' "$BUILD_DIR/CMakeCache.txt" 2>/dev/null; then
    echo "examples: note: text examples skipped (the build tree has LAMINA_BUILD_TEXT=OFF)"
    KEPT=()
    for name in "${EXAMPLES[@]}"; do is_text "$name" || KEPT+=("$name"); done
    EXAMPLES=("${KEPT[@]}")
fi
# example_args NAME: sets ARGS to the program's command-line arguments and LIBS to its extra
# libraries.
example_args() {
    ARGS=()
    LIBS=()
    if is_text "$1"; then
        ARGS=("$FONTS")
        LIBS=(-llamina-text)
    fi
}

# check LABEL NAME CMD...: runs CMD, compares its stdout with example NAME's golden trace.
check() {
    local label=$1 name=$2 out rc=0
    shift 2
    out="$OUT/$label-$name.out"
    "$@" >"$out" || rc=$?
    if [[ $rc != 0 ]]; then
        echo "FAILED $label $name: exit $rc"
        FAILED=$((FAILED + 1))
    elif ! diff -u "$EXPECTED/$name.txt" "$out" >"$out.diff"; then
        echo "FAILED $label $name: the trace differs from examples/expected/$name.txt"
        sed 's/^/    /' "$out.diff"
        FAILED=$((FAILED + 1))
    else
        echo "ok     $label $name"
        PASSED=$((PASSED + 1))
    fi
}

# ---------------------------------------------------------------------------------------------
# C
# ---------------------------------------------------------------------------------------------
CC=${CC:-cc}
for name in "${EXAMPLES[@]}"; do
    example_args "$name"
    if "$CC" -std=c11 -Wall -Wextra -Werror -pedantic -I"$ROOT/include" \
        "$ROOT/examples/c/$name.c" -L"$LIBDIR" "${LIBS[@]}" -llamina -lm -Wl,-rpath,"$LIBDIR" \
        -o "$OUT/c/$name"; then
        check c "$name" "$OUT/c/$name" "${ARGS[@]}"
    else
        echo "FAILED c $name: does not compile"
        FAILED=$((FAILED + 1))
    fi
done

# ---------------------------------------------------------------------------------------------
# Swift
# ---------------------------------------------------------------------------------------------
if [[ $RUN_SWIFT == 1 ]]; then
    PKG="$ROOT/examples/swift"
    SCRATCH="$OUT/swiftpm"
    if swift build --package-path "$PKG" --scratch-path "$SCRATCH"; then
        BIN=$(swift build --package-path "$PKG" --scratch-path "$SCRATCH" --show-bin-path)
        for name in "${EXAMPLES[@]}"; do
            example_args "$name"
            check swift "$name" "$BIN/${name//_/}" "${ARGS[@]}"
        done
    else
        echo "FAILED swift: the examples package does not build"
        FAILED=$((FAILED + ${#EXAMPLES[@]}))
    fi
else
    echo "examples: note: Swift skipped (--skip-swift)"
fi

# ---------------------------------------------------------------------------------------------
# Python (examples/python is written with the Python package; checked once both exist)
# ---------------------------------------------------------------------------------------------
PYDIR="$ROOT/examples/python"
if [[ $RUN_PYTHON == 0 ]]; then
    echo "examples: note: Python skipped (--skip-python)"
elif ! compgen -G "$PYDIR/*.py" >/dev/null; then
    echo "examples: note: Python skipped (no examples/python/*.py)"
elif ! command -v python3 >/dev/null; then
    echo "examples: note: Python skipped (no python3)"
else
    PYPATH=${PYTHONPATH:-}
    if [[ -d $ROOT/bindings/python/src/lamina ]]; then
        PYPATH="$ROOT/bindings/python/src${PYPATH:+:$PYPATH}"
    fi
    PYLIB=${LAMINA_LIBRARY:-$LIBDIR/$(basename "$LIB")}
    if PYTHONPATH="$PYPATH" LAMINA_LIBRARY="$PYLIB" python3 -c 'import lamina' >/dev/null 2>&1; then
        for name in "${EXAMPLES[@]}"; do
            if [[ -f $PYDIR/$name.py ]]; then
                example_args "$name"
                check python "$name" env PYTHONPATH="$PYPATH" LAMINA_LIBRARY="$PYLIB" \
                    python3 "$PYDIR/$name.py" "${ARGS[@]}"
            else
                echo "FAILED python $name: examples/python/$name.py is missing"
                FAILED=$((FAILED + 1))
            fi
        done
    else
        echo "examples: note: Python skipped (lamina is not importable with LAMINA_LIBRARY=$PYLIB)"
    fi
fi

echo "examples: $PASSED passed, $FAILED failed ($((SECONDS - T0))s)"
[[ $FAILED == 0 ]]
