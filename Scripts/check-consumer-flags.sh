#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The installed pkg-config files and CMake package give consumers what they need and nothing
# more (issue 30 item 3; docs/decisions.md, "Installed pkg-config files"). Installs a CMake
# build into temporary directories and asks pkg-config and CMake:
#
#   1. the default: installed to a prefix spelt with '..' and a trailing '/', every -I and -L
#      is that prefix normalised (no '/../', no '/./', no '//'); lamina-gles requires egl and
#      glesv2 (so --libs brings -lEGL -lGLESv2), libpng's include directory never reaches
#      --cflags, and -lpng16 is only in --libs --static; the version is the header's, with
#      '-dev' spelt '~dev' as in the Debian packages;
#   2. LAMINA_RELOCATABLE_PKGCONFIG=1: installed, then the tree moved; pkg-config still finds
#      the moved headers through ${pcfiledir};
#   3. the CMake package likewise: Lamina::gles links Lamina::EGL and Lamina::GLESv2, and no
#      target it brings carries libpng's include directory.
#
# Usage: Scripts/check-consumer-flags.sh BUILD_DIR     (a ctest: consumer-flags)
set -euo pipefail

BUILD=$(cd "${1:?usage: check-consumer-flags.sh BUILD_DIR}" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "check-consumer-flags: error: $*" >&2; exit 1; }

gles=0
[[ -f $BUILD/pc-template/lamina-gles.pc ]] && gles=1
install_devel() {  # PREFIX
    cmake --install "$BUILD" --component devel --prefix "$1" > /dev/null
    if [[ $gles == 1 ]]; then
        cmake --install "$BUILD" --component gles-devel --prefix "$1" > /dev/null
    fi
}
pcdir() { dirname "$(find "$1" -path '*/pkgconfig/lamina.pc' -print -quit)"; }

# 1. The default: normalised absolute paths.
mkdir -p "$T/x"
install_devel "$T/x/../plain/"
prefix="$T/plain"
mods=(lamina)
[[ $gles == 1 ]] && mods+=(lamina-gles)
flags=$(PKG_CONFIG_PATH=$(pcdir "$prefix") pkg-config --cflags --libs "${mods[@]}")
echo "check-consumer-flags: pkg-config --cflags --libs ${mods[*]}: $flags"
for f in $flags; do
    case "$f" in
        -I*|-L*)
            p=${f:2}
            [[ $p != *"/../"* && $p != *"/./"* && $p != *"//"* && $p != */.. && $p != */ ]] ||
                fail "$f is not a normalised path"
            ;;
    esac
done
grep -q -- "-I$prefix/include\b" <<< "$flags" || fail "no -I$prefix/include in: $flags"
grep -q -- "-L$prefix/lib" <<< "$flags" || fail "no -L$prefix/lib... in: $flags"

# The version is the header's, spelt as the Debian packages spell it (0.2.0-dev -> 0.2.0~dev),
# which pkg-config (pkgconf) orders before the release: a development build never satisfies
# --atleast-version of the release it leads to (docs/versioning.md).
header=$(sed -n 's/^#define LAMINA_VERSION_STRING "\(.*\)"/\1/p' "$(dirname "$0")/../include/lamina/lamina_version.h")
modversion=$(PKG_CONFIG_PATH=$(pcdir "$prefix") pkg-config --modversion lamina)
[[ $modversion == "${header//-/\~}" ]] || fail "pkg-config --modversion lamina is $modversion, the header says $header"
if [[ $header == *-dev ]]; then
    ! PKG_CONFIG_PATH=$(pcdir "$prefix") pkg-config --atleast-version="${header%-dev}" lamina ||
        fail "a $header build satisfies --atleast-version=${header%-dev}"
fi
echo "check-consumer-flags: version $modversion (header $header)"

if [[ $gles == 1 ]]; then
    export PKG_CONFIG_PATH
    PKG_CONFIG_PATH=$(pcdir "$prefix")
    requires=$(pkg-config --print-requires lamina-gles | tr '\n' ' ')
    for m in lamina egl glesv2; do
        grep -qw "$m" <<< "$requires" || fail "lamina-gles does not require $m (it requires: $requires)"
    done
    libs=$(pkg-config --libs lamina-gles)
    for l in -llamina-gles -llamina -lEGL -lGLESv2; do
        grep -q -- "$l\b" <<< "$libs" || fail "pkg-config --libs lamina-gles lacks $l: $libs"
    done
    cflags=$(pkg-config --cflags lamina-gles)
    ! grep -qi png <<< "$cflags" || fail "libpng's include directory leaks into --cflags: $cflags"
    grep -q -- "-lpng16" <<< "$libs" && fail "-lpng16 in the shared --libs: $libs"
    pkg-config --libs --static lamina-gles | grep -q -- "-lpng16" ||
        fail "-lpng16 missing from --libs --static"
    echo "check-consumer-flags: lamina-gles requires $requires; --cflags '$cflags'; no libpng include"
    unset PKG_CONFIG_PATH
fi

# 2. On request, relocatable: install, move, ask.
LAMINA_RELOCATABLE_PKGCONFIG=1 install_devel "$T/stage"
mv "$T/stage" "$T/moved"
grep -q '^prefix=${pcfiledir}' "$(pcdir "$T/moved")/lamina.pc" ||
    fail "LAMINA_RELOCATABLE_PKGCONFIG=1 did not write prefix=\${pcfiledir}/..."
inc=$(PKG_CONFIG_PATH=$(pcdir "$T/moved") pkg-config --variable=includedir lamina)
[[ -f $inc/lamina/lamina.h && $(cd "$inc" && pwd -P) == "$(cd "$T/moved/include" && pwd -P)" ]] ||
    fail "the moved relocatable tree's includedir is $inc"
echo "check-consumer-flags: relocatable on request: includedir $inc after the move"

# 3. The CMake package, the same way: Lamina::gles brings Lamina::EGL and Lamina::GLESv2 (CMake
#    has no GLES target of its own), and no target it links carries libpng's include directory.
if [[ $gles == 1 ]]; then
    cmake --install "$BUILD" --prefix "$T/full" > /dev/null
    mkdir -p "$T/app"
    cat > "$T/app/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(app C)
find_package(Lamina REQUIRED COMPONENTS gles)
set(seen "")
function(walk t)
  if(NOT TARGET ${t} OR t IN_LIST seen)
    return()
  endif()
  list(APPEND seen ${t})
  set(seen "${seen}" PARENT_SCOPE)
  get_target_property(inc ${t} INTERFACE_INCLUDE_DIRECTORIES)
  get_target_property(libs ${t} INTERFACE_LINK_LIBRARIES)
  message(STATUS "target ${t}: includes=${inc} links=${libs}")
  foreach(l IN LISTS libs)
    walk(${l})
  endforeach()
endfunction()
walk(Lamina::gles)
CMAKE
    targets=$(cmake -S "$T/app" -B "$T/app/build" -DCMAKE_PREFIX_PATH="$T/full" 2>&1) ||
        fail "find_package(Lamina COMPONENTS gles) failed: $targets"
    gles_links=$(sed -n 's/^-- target Lamina::gles: .* links=//p' <<< "$targets")
    for t in Lamina::lamina Lamina::EGL Lamina::GLESv2; do
        grep -qw -- "$t" <<< "$gles_links" || fail "Lamina::gles does not link $t: $gles_links"
    done
    ! grep '^-- target' <<< "$targets" | grep -qi png ||
        fail "a target Lamina::gles links carries libpng: $(grep '^-- target' <<< "$targets")"
    echo "check-consumer-flags: Lamina::gles links $gles_links; no libpng in its targets"
fi
echo "check-consumer-flags: ok"
