#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Sets each .deb's Installed-Size to what dpkg-gencontrol would write (issue 30 item 4): the sum
# over regular files and symbolic links of their sizes rounded up to KiB each, plus 1 KiB for
# every other entry (directories, the top one included). CPack writes the sum of the file sizes
# in bytes, rounded once, which is smaller. Run by cpack after it writes the packages
# (CPACK_POST_BUILD_SCRIPTS, cmake/deb-installed-size.cmake); Scripts/check-packaging.sh checks
# the result.
#
#   cmake/deb-installed-size.sh PACKAGE.deb...
set -eu
umask 022
# installed_size DIR: the KiB figure, DIR's DEBIAN control directory left out.
installed_size() {
    files=$(find "$1" -path "$1/DEBIAN" -prune -o \( -type f -o -type l \) -printf '%s\n' \
        | awk '{ k += int(($1 + 1023) / 1024) } END { print k + 0 }')
    others=$(find "$1" -path "$1/DEBIAN" -prune -o ! -type f ! -type l -print | wc -l)
    echo $((files + others))
}
for deb in "$@"; do
    case "$deb" in *.deb) ;; *) continue ;; esac
    dir=$(mktemp -d)
    dpkg-deb -R "$deb" "$dir/root"
    size=$(installed_size "$dir/root")
    sed -i "s/^Installed-Size: .*/Installed-Size: $size/" "$dir/root/DEBIAN/control"
    dpkg-deb --root-owner-group -b "$dir/root" "$deb" >/dev/null
    rm -rf "$dir"
    echo "deb-installed-size: $(basename "$deb"): Installed-Size $size"
done
