#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Compiles a translation unit that includes <lamina/lamina.h> with one language standard under
# -Wall -Wextra -Werror -pedantic: the public header must be clean C99, C11 and C++17.
#
#   Scripts/check-header.sh --std c99   [--cc cc]   [--include include] [--work DIR]
#   Scripts/check-header.sh --std c++17 [--cxx c++] [--include include] [--work DIR]
#   Scripts/check-header.sh --all        # c99, c11, c17 and c++11, c++17, c++20
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-cc}
cxx=${CXX:-c++}
include="$here/../include"
work=""
stds=""

while [ $# -gt 0 ]; do
    case "$1" in
        --cc) cc=$2; shift 2 ;;
        --cxx) cxx=$2; shift 2 ;;
        --std) stds="$stds $2"; shift 2 ;;
        --all) stds="c99 c11 c17 c++11 c++17 c++20"; shift ;;
        --include) include=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "check-header.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
done
[ -n "$stds" ] || { echo "check-header.sh: give --std STD or --all" >&2; exit 2; }

if [ -z "$work" ]; then
    work=$(mktemp -d "${TMPDIR:-/tmp}/lamina-header.XXXXXX")
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

# The TU: the version header alone, then the full header twice (include guards), and a use of
# the types and of one function so the declarations are really parsed.
tu_body='#include <lamina/lamina_version.h>
#include <lamina/lamina.h>
#include <lamina/lamina.h>

#if LAMINA_VERSION_NUMBER < 1000
#error "LAMINA_VERSION_NUMBER looks wrong"
#endif

int lamina_header_check(void);
int lamina_header_check(void) {
    lamina_value_t value;
    lamina_rect_t rect = {{0.0, 0.0}, {1.0, 1.0}};
    int32_t (*version)(void) = lamina_version_number;
    value.type = LAMINA_VALUE_RECT;
    value.reserved = 0;
    value.u.rect = rect;
    return (int)value.type + (version != 0 ? LAMINA_STATUS_OK : 1);
}
'

status=0
for std in $stds; do
    case "$std" in
        c++*|gnu++*) compiler=$cxx; ext=cpp ;;
        *) compiler=$cc; ext=c ;;
    esac
    src="$work/header_${std}.$ext"
    printf '%s' "$tu_body" > "$src"
    if "$compiler" "-std=$std" -Wall -Wextra -Werror -pedantic -I"$include" \
        -c "$src" -o "$work/header_${std}.o"; then
        echo "header $std ($compiler): ok"
    else
        echo "header $std ($compiler): FAILED" >&2
        status=1
    fi
done
exit $status
