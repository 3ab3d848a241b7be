#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks Lamina's C packaging (issue 14; cmake/Packaging.cmake, docs/building.md). Scripts/test-all.sh
# runs each subcommand as a step; each works alone too:
#
#   check-packaging.sh build DIR         configure DIR as a consumer would (prefix /usr, testing
#                                        on) with cmocka hidden from pkg-config: configure must
#                                        say the C tests are left out; then build
#   check-packaging.sh split-debug DIR   DESTDIR install: the library is stripped, its
#                                        .gnu_debuglink names the installed debug file (CRC
#                                        checked), which has the symbols and DWARF
#   check-packaging.sh debs DIR          cpack: the Debian packages, their files, dependencies and
#                                        copyright (checked with dpkg-deb, no root needed)
#   check-packaging.sh install-debs DIR  dpkg -i the packages (root or sudo)
#   check-packaging.sh consumer-gles     a C program using lamina-gles through pkg-config, run
#                                        without LD_LIBRARY_PATH (after install-debs)
#   check-packaging.sh remove-debs       dpkg --purge them; nothing of Lamina is left
#   check-packaging.sh local-install DIR cmake --install DIR --prefix /usr/local (root): ldconfig
#                                        must run, so the system consumers work without
#                                        LD_LIBRARY_PATH
#   check-packaging.sh local-uninstall DIR  removes what local-install installed, runs ldconfig
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PACKAGES=(liblamina-gles-dev liblamina-gles0 liblamina-dev liblamina0-dbg liblamina0)

fail() { echo "check-packaging: FAIL: $*" >&2; exit 1; }
ok() { echo "check-packaging: ok: $*"; }

as_root() {
    if [[ $(id -u) == 0 ]]; then "$@"; else sudo -n "$@"; fi
}

# The library's real file in DIR (liblamina.so.X.Y.Z).
real_library() {
    find "$1" -name "$2.so.[0-9]*.[0-9]*.[0-9]*" ! -name '*.path' ! -name '*.debug' -type f -print -quit
}

cmd_build() {
    local dir=$1 hidden="$1-pkgconfig" d f log="$1-configure.log"
    # pkg-config's own search path, as symbolic links, without cmocka.pc.
    rm -rf "$hidden" && mkdir -p "$hidden"
    for d in $(pkg-config --variable pc_path pkg-config | tr ':' ' '); do
        [[ -d $d ]] || continue
        for f in "$d"/*.pc; do
            [[ -e $f ]] || continue
            [[ $(basename "$f") == cmocka.pc ]] && continue
            [[ -e $hidden/$(basename "$f") ]] || ln -s "$f" "$hidden/"
        done
    done
    if PKG_CONFIG_LIBDIR=$hidden PKG_CONFIG_PATH='' pkg-config --exists cmocka; then
        fail "cmocka is still visible to pkg-config"
    fi
    rm -rf "$dir"
    PKG_CONFIG_LIBDIR=$hidden PKG_CONFIG_PATH='' cmake -G Ninja -S "$ROOT" -B "$dir" \
        -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON -DCMAKE_INSTALL_PREFIX=/usr 2>&1 | tee "$log"
    grep -q "cmocka not found: the C tests" "$log" || fail "configure did not say cmocka is missing"
    ok "configure without cmocka: $(grep 'cmocka not found: the C tests' "$log" | head -n 1)"
    if ctest --test-dir "$dir" -N | grep -E 'test_smoke|gles-api'; then
        fail "cmocka tests registered although cmocka is missing"
    fi
    ok "no cmocka tests registered ($(ctest --test-dir "$dir" -N | tail -n 1))"
    cmake --build "$dir"
    ok "built $(basename "$(real_library "$dir" liblamina)") without cmocka"
}

# check_split LIB DEBUGROOT: LIB stripped, debug link to a file under DEBUGROOT/.build-id.
check_split() {
    local lib=$1 debugroot=$2 id rel debug name
    file -L "$lib"
    file -L "$lib" | grep -q ', stripped' || fail "$lib is not stripped"
    readelf -S --wide "$lib" | grep -q ' \.symtab ' && fail "$lib still has .symtab"
    readelf -S --wide "$lib" | grep -q ' \.debug_' && fail "$lib still has DWARF sections"
    id=$(readelf -n "$lib" | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p')
    [[ -n $id ]] || fail "$lib has no build ID"
    rel=".build-id/${id:0:2}/${id:2}.debug"
    debug="$debugroot/$rel"
    [[ -f $debug ]] || fail "no debug file $debug"
    name=$(readelf --string-dump=.gnu_debuglink "$lib" | sed -n 's/^ *\[ *0\] *//p')
    [[ $name == "${id:2}.debug" ]] || fail "$lib: .gnu_debuglink is '$name', expected ${id:2}.debug"
    # The link's CRC-32 (after the NUL-padded name) must be the debug file's.
    python3 - "$lib" "$debug" <<'PY' || fail "$lib: .gnu_debuglink CRC does not match $debug"
import struct, subprocess, sys, tempfile, zlib, os
lib, debug = sys.argv[1:]
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "link")
    subprocess.run(["objcopy", "--dump-section", ".gnu_debuglink=" + out, lib, os.path.join(tmp, "copy")], check=True)
    data = open(out, "rb").read()
crc = struct.unpack("<I", data[-4:])[0]
actual = zlib.crc32(open(debug, "rb").read()) & 0xFFFFFFFF
print(f"debuglink CRC {crc:08x}, debug file CRC {actual:08x}")
sys.exit(0 if crc == actual else 1)
PY
    readelf -S --wide "$debug" | grep -q ' \.debug_info ' || fail "$debug has no .debug_info"
    local symbols
    symbols=$(readelf -s --wide "$debug" | grep -c ' lamina_' || true)
    [[ $symbols -gt 10 ]] || fail "$debug has only $symbols lamina_ symbols"
    [[ $(readelf -n "$debug" | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p') == "$id" ]] \
        || fail "$debug has another build ID"
    ok "$(basename "$lib"): stripped ($(stat -c %s "$lib") bytes), debug link $rel" \
       "($(stat -c %s "$debug") bytes, $symbols lamina_ symbols, DWARF)"
}

cmd_split_debug() {
    local dir=$1 stage="$1/stage" lib
    rm -rf "$stage"
    DESTDIR="$stage" cmake --install "$dir"
    find "$stage" -type f -o -type l | sed "s|^$stage||" | sort
    lib=$(real_library "$stage" liblamina)
    [[ -n $lib ]] || fail "no liblamina.so.X.Y.Z installed"
    check_split "$lib" "$stage/usr/lib/debug"
    lib=$(real_library "$stage" liblamina-gles)
    [[ -z $lib ]] || check_split "$lib" "$stage/usr/lib/debug"
    if find "$stage" -path '*/share/doc/*' | grep -q .; then
        fail "a plain install must not install the Debian copyright files"
    fi
}

# deb_file DIR NAME: the package NAME's .deb in DIR.
deb_file() {
    find "$1/packages" -maxdepth 1 -name "$2_*.deb" -print -quit
}

# dpkg_installed_size DIR: the KiB dpkg-gencontrol would write for a package whose files are
# DIR: regular files and symbolic links by their size rounded up to KiB each, every other entry
# (directories, DIR itself included) 1.
dpkg_installed_size() {
    local files others
    files=$(find "$1" \( -type f -o -type l \) -printf '%s\n' | awk '{ k += int(($1 + 1023) / 1024) } END { print k + 0 }')
    others=$(find "$1" ! -type f ! -type l | wc -l)
    echo $((files + others))
}

cmd_debs() {
    local dir=$1 deb name x field
    rm -rf "$dir/packages"
    (cd "$dir" && cpack --config CPackConfig.cmake)
    ls -l "$dir/packages"/*.deb
    local expect=(liblamina0 liblamina-dev liblamina0-dbg)
    [[ -n $(real_library "$dir" liblamina-gles) ]] && expect+=(liblamina-gles0 liblamina-gles-dev)
    for name in "${expect[@]}"; do
        deb=$(deb_file "$dir" "$name")
        [[ -n $deb ]] || fail "no $name package"
        x="$dir/packages/x-$name"
        rm -rf "$x" && dpkg-deb -x "$deb" "$x"
        echo "== $name: $(dpkg-deb -f "$deb" Version) Depends: $(dpkg-deb -f "$deb" Depends)"
        dpkg-deb -c "$deb" | awk '{print "   " $6 $7 $8}'
        [[ -f $x/usr/share/doc/$name/copyright ]] || fail "$name has no copyright file"
        grep -q '^License: Apache-2.0' "$x/usr/share/doc/$name/copyright" \
            || fail "$name's copyright does not name Apache-2.0"
        [[ -n $(dpkg-deb -f "$deb" Maintainer) ]] || fail "$name has no Maintainer"
        # Installed-Size is the real size, as dpkg-gencontrol counts it (issue 30 item 4).
        local want got
        want=$(dpkg_installed_size "$x")
        got=$(dpkg-deb -f "$deb" Installed-Size)
        [[ $got == "$want" ]] || fail "$name: Installed-Size $got, its files take $want KiB"
        echo "   Installed-Size $got KiB (its files: $want)"
    done
    x="$dir/packages/x-liblamina0"
    ls "$x"/usr/lib/*/liblamina.so.0 "$x"/usr/lib/*/liblamina.so.0.*.* >/dev/null \
        || fail "liblamina0 lacks liblamina.so.0 and its real file"
    ! ls "$x"/usr/lib/*/liblamina.so 2>/dev/null || fail "liblamina0 holds the .so link"
    check_split "$(real_library "$x" liblamina)" "$dir/packages/x-liblamina0-dbg/usr/lib/debug"
    # Self-contained: the Swift runtime is linked in (no package provides the toolchain's).
    sh "$ROOT/Scripts/check-library.sh" --static-stdlib --runpath '$ORIGIN' \
        "$(real_library "$x" liblamina)"
    dpkg-deb -f "$(deb_file "$dir" liblamina0)" Depends | grep -q 'libc6' \
        || fail "liblamina0 does not depend on libc6 (dpkg-shlibdeps)"
    dpkg-deb -I "$(deb_file "$dir" liblamina0)" | grep -E 'shlibs|triggers' \
        || fail "liblamina0 has no shlibs/triggers control files"
    x="$dir/packages/x-liblamina-dev"
    for f in include/lamina/lamina.h include/lamina/lamina_version.h; do
        [[ -f $x/usr/$f ]] || fail "liblamina-dev lacks $f"
    done
    ls "$x"/usr/lib/*/liblamina.so "$x"/usr/lib/*/pkgconfig/lamina.pc \
        "$x"/usr/lib/*/cmake/Lamina/LaminaConfig.cmake >/dev/null || fail "liblamina-dev is incomplete"
    [[ ! -e $x/usr/include/lamina/lamina_gles.h ]] || fail "liblamina-dev holds lamina_gles.h"
    # The .pc files name the packages' prefix, /usr, so pkg-config drops the system directories
    # (docs/decisions.md, "Installed pkg-config files"); never CPack's staging directory.
    grep -qx 'prefix=/usr' "$x"/usr/lib/*/pkgconfig/lamina.pc \
        || fail "liblamina-dev's lamina.pc does not say prefix=/usr: $(grep '^prefix=' "$x"/usr/lib/*/pkgconfig/lamina.pc)"
    dpkg-deb -f "$(deb_file "$dir" liblamina-dev)" Depends | grep -q 'liblamina0 (= ' \
        || fail "liblamina-dev does not depend on liblamina0 (= version)"
    if [[ -n $(deb_file "$dir" liblamina-gles0) ]]; then
        x="$dir/packages/x-liblamina-gles-dev"
        [[ -f $x/usr/include/lamina/lamina_gles.h ]] || fail "liblamina-gles-dev lacks lamina_gles.h"
        ls "$x"/usr/lib/*/pkgconfig/lamina-gles.pc "$x"/usr/lib/*/cmake/Lamina/LaminaGlesTargets.cmake \
            >/dev/null || fail "liblamina-gles-dev is incomplete"
        grep -qx 'prefix=/usr' "$x"/usr/lib/*/pkgconfig/lamina-gles.pc \
            || fail "liblamina-gles-dev's lamina-gles.pc does not say prefix=/usr"
        dpkg-deb -f "$(deb_file "$dir" liblamina-gles0)" Depends | grep -q 'liblamina0 (= ' \
            || fail "liblamina-gles0 does not depend on liblamina0"
        dpkg-deb -f "$(deb_file "$dir" liblamina-gles0)" Depends | grep -q 'libegl1' \
            || fail "liblamina-gles0 does not depend on libegl1 (dpkg-shlibdeps)"
    fi
    ok "packages: ${expect[*]}"
}

cmd_install_debs() {
    local dir=$1 name debs=()
    for name in "${PACKAGES[@]}"; do
        if dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q 'ok installed'; then
            fail "$name is already installed on this machine: remove it first (dpkg --purge $name)"
        fi
        local deb
        deb=$(deb_file "$dir" "$name")
        [[ -z $deb ]] || debs+=("$deb")
    done
    [[ -z $(find /usr/local -name 'liblamina*.so*' -print -quit) ]] \
        || fail "a liblamina is installed under /usr/local: it would hide the packages'"
    # dpkg -i needs no package lists (a fresh CI machine may have none); when a dependency
    # from the archive is missing, apt-get fetches it and finishes the configuration.
    if ! as_root dpkg -i "${debs[@]}"; then
        DEBIAN_FRONTEND=noninteractive as_root apt-get install -f -y --no-install-recommends
    fi
    dpkg -L liblamina0
    ldconfig -p | grep liblamina || fail "the loader cache does not list liblamina"
    ok "installed ${debs[*]##*/}"
}

cmd_consumer_gles() {
    local out
    out=$(mktemp -d)
    printf '%s\n' '#include <lamina/lamina_gles.h>' \
        'int main(void) {' \
        '    lamina_status_t (*create)(lamina_gles_renderer_t **) = lamina_gles_renderer_create;' \
        '    return create == 0;' \
        '}' > "$out/main.c"
    env -u PKG_CONFIG_PATH sh -c "cc '$out/main.c' \$(pkg-config --cflags --libs lamina-gles) -o '$out/app'"
    env -u LD_LIBRARY_PATH "$out/app"
    ldd "$out/app" | grep liblamina
    rm -rf "$out"
    ok "lamina-gles consumer built with the system's pkg-config and ran without LD_LIBRARY_PATH"
}

cmd_remove_debs() {
    local name installed=()
    for name in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q 'ok installed' && installed+=("$name")
    done
    if [[ ${#installed[@]} -gt 0 ]]; then
        as_root dpkg --purge "${installed[@]}"
    fi
    for name in "${PACKAGES[@]}"; do
        ! dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q 'ok installed' \
            || fail "$name is still installed"
    done
    if ldconfig -p | grep liblamina; then fail "the loader cache still lists liblamina"; fi
    if ls /usr/lib/*/liblamina* /usr/include/lamina /usr/lib/debug/.build-id/*/*.debug 2>/dev/null \
        | grep -i lamina; then
        fail "files of Lamina are left in /usr"
    fi
    ok "removed ${installed[*]:-nothing}; nothing of Lamina left in /usr"
}

cmd_local_install() {
    local dir=$1
    [[ -z $(find /usr/local -name 'liblamina*.so*' -print -quit) ]] \
        || fail "a liblamina is already installed under /usr/local"
    find /usr/local -type d | sort > "$dir/local-dirs-before.txt"
    # The one documented install command, as root: it must refresh the loader cache itself.
    as_root cmake --install "$dir" --prefix /usr/local | tee "$dir/local-install.log"
    grep -q 'ldconfig: refreshed the loader cache' "$dir/local-install.log" \
        || fail "cmake --install did not run ldconfig"
    ldconfig -p | grep '/usr/local/.*liblamina.so.0' || fail "the loader cache does not list it"
    ok "installed to /usr/local; ldconfig ran"
}

cmd_local_uninstall() {
    local dir=$1 manifest="$1/install_manifest.txt"
    [[ -f $manifest ]] || fail "no $manifest"
    grep '^/usr/local/' "$manifest" | tr '\n' '\0' | as_root xargs -0 rm -f --
    # The directories the install made (absent before it), deepest first.
    find /usr/local -type d | sort | comm -13 "$dir/local-dirs-before.txt" - | sort -r \
        | while read -r d; do as_root rmdir "$d"; done
    if find /usr/local -iname '*lamina*' | grep .; then fail "files of Lamina are left in /usr/local"; fi
    as_root ldconfig
    if ldconfig -p | grep liblamina; then fail "the loader cache still lists liblamina"; fi
    ok "removed the /usr/local install"
}

case ${1:-} in
    build) cmd_build "$2" ;;
    split-debug) cmd_split_debug "$2" ;;
    debs) cmd_debs "$2" ;;
    install-debs) cmd_install_debs "$2" ;;
    consumer-gles) cmd_consumer_gles ;;
    remove-debs) cmd_remove_debs ;;
    local-install) cmd_local_install "$2" ;;
    local-uninstall) cmd_local_uninstall "$2" ;;
    *) sed -n '2,/^set -e/{/^#/p}' "$0"; exit 2 ;;
esac
