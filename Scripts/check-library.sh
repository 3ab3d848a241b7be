#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Checks liblamina's ELF dynamic section:
#   - SONAME is liblamina.so.<major> (--soname, default liblamina.so.0);
#   - with --static-stdlib: no libswift*/Foundation/dispatch in NEEDED (self-contained);
#   - with --runpath R: RUNPATH/RPATH is exactly R (the installed library has $ORIGIN).
#
#   Scripts/check-library.sh [--soname NAME] [--static-stdlib] [--runpath R] LIBRARY
set -eu

soname=liblamina.so.0
static=0
runpath=""
lib=""
while [ $# -gt 0 ]; do
    case "$1" in
        --soname) soname=$2; shift 2 ;;
        --static-stdlib) static=1; shift ;;
        --runpath) runpath=$2; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) lib=$1; shift ;;
    esac
done
[ -n "$lib" ] || { echo "check-library.sh: give the library path" >&2; exit 2; }

readelf=$(command -v readelf || true)
if [ -z "$readelf" ]; then
    readelf="$(dirname "$(readlink -f "$(command -v swiftc)")")/llvm-readelf"
fi
dyn=$("$readelf" -d "$lib")
status=0

actual=$(printf '%s\n' "$dyn" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
if [ "$actual" = "$soname" ]; then
    echo "check-library: SONAME $actual: ok"
else
    echo "check-library: SONAME is '$actual', expected '$soname'" >&2
    status=1
fi

needed=$(printf '%s\n' "$dyn" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p' | tr '\n' ' ')
echo "check-library: NEEDED $needed"
if [ "$static" = 1 ]; then
    case " $needed" in
        *" libswift"*|*" libFoundation"*|*" libdispatch"*|*" libBlocksRuntime"*)
            echo "check-library: static Swift runtime expected, but it needs the shared one" >&2
            status=1 ;;
        *) echo "check-library: self-contained (static Swift runtime): ok" ;;
    esac
fi

if [ -n "$runpath" ]; then
    actual=$(printf '%s\n' "$dyn" | sed -n 's/.*(R[UN]*PATH).*\[\(.*\)\].*/\1/p')
    if [ "$actual" = "$runpath" ]; then
        echo "check-library: run path $actual: ok"
    else
        echo "check-library: run path is '$actual', expected '$runpath'" >&2
        status=1
    fi
fi
exit $status
