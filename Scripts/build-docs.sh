#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds Lamina's documentation site into OUT_DIR, with every warning an error (issue 14):
#
#   1. the tools: Doxygen (apt-get, through Scripts/install-deps.sh) and Sphinx, MyST-Parser,
#      Furo and Breathe (PyPI, pinned in docs/requirements.txt, into a venv in the work dir);
#      DocC comes with the Swift toolchain
#   2. the C library and the reference compositor (CMake: lamina, lamina_gles, lamina-viewer)
#   3. the pictures, rendered by the reference compositor (headless EGL): Scripts/make-pictures.sh
#      (gallery, listing 7.7) and Scripts/make-concept-pictures.py (the concept pages'); no EGL
#      means no pictures, and that fails the build
#   4. the C reference: Doxygen XML of include/lamina/*.h (WARN_AS_ERROR)
#   5. the site: Sphinx over a copy of docs/ holding the fresh pictures (-W -n); first, the
#      committed Python reference (docs/reference/python.md, plain Markdown) must be what the
#      package's docstrings give now (Scripts/make-python-reference.sh --check)
#   6. the Swift reference: symbol graphs of the Lamina module (swift build), then
#      `docc convert Sources/Lamina/Lamina.docc` into OUT_DIR/swift, static hosting; DocC's
#      diagnostics must all be listed in docs/docc-known-warnings.txt (see there)
#
# Usage: Scripts/build-docs.sh [--build-dir DIR] [--work-dir DIR] [--no-install-deps] OUT_DIR
#   --build-dir   CMake build directory to use or create (default: build/, as Scripts/test-all.sh)
#   --work-dir    venv, Doxygen XML, symbol graphs, staged sources (default: BUILD_DIR/docs-work)
#   LAMINA_DOCS_BASE_PATH  the path the site is served under ('' for the server root): DocC's
#                          static output needs it for its links
#
# Serve the result with `python3 -m http.server -d OUT_DIR` (DocC's pages need a web server;
# the Sphinx pages also open as files).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR="$ROOT/build"
WORK=""
INSTALL_DEPS=1
OUT=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --build-dir) BUILD_DIR=$2; shift 2 ;;
        --work-dir) WORK=$2; shift 2 ;;
        --no-install-deps) INSTALL_DEPS=0; shift ;;
        -h|--help) sed -n '2,/^[^#]/{/^#/p}' "$0"; exit 0 ;;
        -*) echo "build-docs: unknown option: $1" >&2; exit 2 ;;
        *) [[ -z $OUT ]] || { echo "build-docs: one OUT_DIR only" >&2; exit 2; }; OUT=$1; shift ;;
    esac
done
[[ -n $OUT ]] || { echo "usage: Scripts/build-docs.sh [options] OUT_DIR" >&2; exit 2; }

mkdir -p "$BUILD_DIR" "$OUT"
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
OUT=$(cd "$OUT" && pwd)
WORK=${WORK:-$BUILD_DIR/docs-work}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
cd "$ROOT"

T0=$SECONDS
stage_start=$SECONDS
declare -a TIMES=()
stage() {  # stage NAME: closes the previous stage's timer, announces the next
    if [[ ${#TIMES[@]} -gt 0 || -n ${CURRENT:-} ]]; then
        TIMES+=("$(printf '%-12s %4ss' "$CURRENT" "$((SECONDS - stage_start))")")
    fi
    CURRENT=$1
    stage_start=$SECONDS
    echo "build-docs: $1"
}
fail() { echo "build-docs: error: $*" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
stage tools
if [[ $INSTALL_DEPS == 1 ]]; then
    "$ROOT/Scripts/install-deps.sh"
fi
command -v doxygen >/dev/null || fail "doxygen is missing (Scripts/install-deps.sh installs it)"
command -v docc >/dev/null || fail "docc is missing: it ships with the Swift toolchain (swift 5.9 or later)"
VENV="$WORK/venv"
REQ_STAMP="$VENV/requirements.txt"
if ! cmp -s "$ROOT/docs/requirements.txt" "$REQ_STAMP"; then
    rm -rf "$VENV"
    "${PYTHON:-python3}" -m venv "$VENV" ||
        fail "could not make a Python venv (Debian: apt-get install python3-venv)"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r "$ROOT/docs/requirements.txt"
    cp "$ROOT/docs/requirements.txt" "$REQ_STAMP"
fi
echo "build-docs: $(doxygen --version | sed 's/^/doxygen /'), $("$VENV/bin/sphinx-build" --version)," \
    "docc from $(swift --version 2>&1 | head -n1)"

# ---------------------------------------------------------------------------------------------
stage library
if [[ ! -f $BUILD_DIR/CMakeCache.txt ]]; then
    cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
        -DLAMINA_STATIC_SWIFT_STDLIB=ON -DBUILD_TESTING=OFF
fi
grep -q '^LAMINA_BUILD_GLES:BOOL=ON' "$BUILD_DIR/CMakeCache.txt" ||
    fail "the pictures need the reference compositor, and this CMake build has none" \
        "(LAMINA_BUILD_GLES is OFF: EGL, OpenGL ES or libpng development files missing;" \
        "Scripts/install-deps.sh installs them, then reconfigure with -DLAMINA_BUILD_GLES=ON)"
cmake --build "$BUILD_DIR" --target lamina lamina_gles
cmake --build "$BUILD_DIR" --target lamina-viewer ||
    fail "no lamina-viewer, which renders the gallery: it needs SDL2 (libsdl2-dev;" \
        "Scripts/install-deps.sh installs it), then reconfigure"

# ---------------------------------------------------------------------------------------------
stage pictures
SRC="$WORK/src"
rm -rf "$SRC"
mkdir -p "$SRC"
cp -a "$ROOT/docs/." "$SRC/"
rm -rf "$SRC/_build"
# The getting-started pages include the examples themselves (checked by
# examples/check-examples.sh), never copies of their code.
mkdir -p "$SRC/_examples/swift"
cp -a "$ROOT/examples/c" "$ROOT/examples/python" "$ROOT/examples/expected" "$SRC/_examples/"
cp -a "$ROOT/examples/swift/Sources" "$SRC/_examples/swift/"
# Everything under images/ in the site is rendered now, by this build: the committed
# docs/images copies (kept so pages read the same on a code host; Scripts/test-all.sh checks
# they are current) are replaced, but for window.png and frosted.png, the window and frosted
# examples' own frames (ctest consumer-window and frosted-example compare them with the programs).
rm -rf "$SRC/images"
mkdir -p "$SRC/images"
cp "$ROOT/docs/images/window.png" "$ROOT/docs/images/frosted.png" "$SRC/images/"
"$ROOT/Scripts/make-pictures.sh" "$BUILD_DIR" "$SRC/images" ||
    fail "rendering the gallery and listing 7.7 failed (the reference compositor needs EGL:" \
        "Mesa's libegl-mesa0 and libgl1-mesa-dri; see docs/renderer.md)"
PYTHONPATH="$ROOT/bindings/python/src" LAMINA_LIBRARY="$BUILD_DIR/liblamina.so" \
    python3 "$ROOT/Scripts/make-concept-pictures.py" "$SRC/images" ||
    fail "rendering the concept pictures failed (the reference compositor needs EGL)"

# ---------------------------------------------------------------------------------------------
stage doxygen
rm -rf "$WORK/doxygen" "$WORK/cref"
mkdir -p "$WORK/doxygen" "$SRC/reference/c"
# The C reference, one page per topic (the header's sections): Doxygen reads a copy of lamina.h
# with a group around each section; lamina_version.h and lamina_gles.h are a page each.
python3 "$ROOT/Scripts/make-c-reference.py" "$ROOT/include/lamina/lamina.h" \
    "$WORK/cref/lamina.h" "$SRC/reference/c" > "$SRC/reference/c/topics.txt" ||
    fail "splitting the C reference into topics failed"
printf '%s\n' "(lamina__version_8h)=" "# Version macros" "" "\`\`\`{doxygenfile} lamina_version.h" "\`\`\`" \
    > "$SRC/reference/c/version.md"
printf '%s\n' "(lamina__gles_8h)=" "# The reference compositor (lamina_gles.h)" "" "\`\`\`{doxygenfile} lamina_gles.h" "\`\`\`" \
    > "$SRC/reference/c/gles.md"
printf 'version\tVersion macros\ngles\tThe reference compositor (lamina_gles.h)\n' \
    >> "$SRC/reference/c/topics.txt"
(cat "$ROOT/docs/Doxyfile"; echo "OUTPUT_DIRECTORY = $WORK/doxygen"
 echo "INPUT = $WORK/cref/lamina.h $ROOT/include/lamina/lamina_version.h $ROOT/include/lamina/lamina_gles.h"
) | doxygen - ||
    fail "doxygen reported warnings (WARN_AS_ERROR): fix the header's doc comments above"

# ---------------------------------------------------------------------------------------------
stage python-ref
# The Python reference is committed as plain Markdown generated from the docstrings (issue 30
# item 6), like the README's pictures: it must be current.
"$ROOT/Scripts/make-python-reference.sh" --check --sphinx-build "$VENV/bin/sphinx-build" \
    "$BUILD_DIR/liblamina.so" ||
    fail "docs/reference/python.md is not what the docstrings give: run" \
        "Scripts/make-python-reference.sh $BUILD_DIR/liblamina.so and commit the page"

# ---------------------------------------------------------------------------------------------
stage sphinx
LAMINA_ROOT="$ROOT" LAMINA_DOCS_DOXYGEN_XML="$WORK/doxygen/xml" \
    LAMINA_LIBRARY="$BUILD_DIR/liblamina.so" PYTHONDONTWRITEBYTECODE=1 \
    "$VENV/bin/sphinx-build" -b html -E -q -W --keep-going -n \
        -d "$WORK/doctrees" "$SRC" "$OUT" ||
    fail "sphinx reported warnings (run with the same command without -q for details)"

# ---------------------------------------------------------------------------------------------
stage swift
SYMBOLS="$WORK/symbolgraphs"
mkdir -p "$SYMBOLS"
swift build --scratch-path "$WORK/swiftpm" --target Lamina \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$SYMBOLS"
[[ -f $SYMBOLS/Lamina.symbols.json ]] || fail "no symbol graph for the Lamina module in $SYMBOLS"
BASE=${LAMINA_DOCS_BASE_PATH:-}
BASE=${BASE#/}
BASE=${BASE%/}
rm -rf "$OUT/swift" "$WORK/docc-diagnostics.json"
docc convert "$ROOT/Sources/Lamina/Lamina.docc" \
    --additional-symbol-graph-dir "$SYMBOLS" \
    --fallback-display-name Lamina --fallback-bundle-identifier org.lamina.Lamina \
    --output-path "$OUT/swift" \
    --transform-for-static-hosting --hosting-base-path "${BASE:+$BASE/}swift" \
    --diagnostics-file "$WORK/docc-diagnostics.json"
python3 "$ROOT/Scripts/check-docc-diagnostics.py" --self-test >/dev/null 2>&1 ||
    fail "Scripts/check-docc-diagnostics.py --self-test failed"
python3 "$ROOT/Scripts/check-docc-diagnostics.py" "$WORK/docc-diagnostics.json" \
    "$ROOT/docs/docc-known-warnings.txt" ||
    fail "DocC reported warnings (above)"

# ---------------------------------------------------------------------------------------------
stage check
for page in index.html reference/c.html reference/python.html reference/swift.html \
        swift/documentation/lamina/index.html swift/index.html; do
    [[ -s $OUT/$page ]] || fail "the site lacks $page"
done
grep -q 'lamina_engine_create' "$OUT/reference/c/engine.html" || fail "the C reference lacks lamina_engine_create"
[[ $(find "$OUT/reference/c" -name '*.html' | wc -l) -ge 10 ]] || fail "the C reference has fewer than 10 topic pages"
# Every public Python name (lamina.__all__) has its entry on the Python reference page.
PYTHONPATH="$ROOT/bindings/python/src" LAMINA_LIBRARY="$BUILD_DIR/liblamina.so" python3 - \
    "$OUT/reference/python.html" <<'PY' || fail "add the names above to Scripts/python-reference/python.md, then run Scripts/make-python-reference.sh"
import sys
import lamina
page = open(sys.argv[1], encoding="utf-8").read()
missing = [n for n in lamina.__all__ if f'id="lamina.{n}"' not in page]
for n in missing:
    print(f"build-docs: error: lamina.{n} (in lamina.__all__) is not in the Python reference")
sys.exit(1 if missing else 0)
PY
pictures=$(find "$OUT/_images" -name '*.png' | wc -l)
[[ $pictures -ge 6 ]] || fail "expected at least 6 pictures in the site, found $pictures"
stage done
echo "build-docs: wrote $OUT ($pictures pictures; Swift reference in $OUT/swift)"
printf 'build-docs:   %s\n' "${TIMES[@]}"
echo "build-docs: total $((SECONDS - T0))s"
