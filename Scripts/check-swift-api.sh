#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Keeps the Swift module's public surface deliberate (issue 14): extracts the symbol graph of
# the built `Lamina` module at public access (`swift symbolgraph-extract`, part of the
# toolchain), prints one line per public declaration (its kind, path and declaration) and
# compares that list with the committed Scripts/swift-api.txt. A declaration made public by
# accident — a solver, a `LayerID`-level engine method — fails the check; an intended change is
# recorded with --update and reviewed in the diff.
#
# Usage: Scripts/check-swift-api.sh [--scratch-path DIR] [--update]
#   --scratch-path DIR   SwiftPM's build directory (default .build); the script builds the
#                        Lamina target there first (incremental).
#   --update             rewrite Scripts/swift-api.txt instead of comparing.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCRATCH="$ROOT/.build"
UPDATE=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --scratch-path) SCRATCH=$2; shift 2 ;;
        --update) UPDATE=1; shift ;;
        -h|--help) sed -n '2,/^[^#]/{/^#/p}' "$0"; exit 0 ;;
        *) echo "check-swift-api.sh: unknown argument: $1" >&2; exit 2 ;;
    esac
done

swift build --package-path "$ROOT" --scratch-path "$SCRATCH" --target Lamina >/dev/null
BIN=$(swift build --package-path "$ROOT" --scratch-path "$SCRATCH" --show-bin-path)
MODULES="$BIN/Modules"
[[ -d $MODULES ]] || MODULES="$BIN"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
TRIPLE=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
# Lamina imports CLaminaPrefetch (a module map of static inline hints) internally.
swift symbolgraph-extract -module-name Lamina -target "$TRIPLE" -I "$MODULES" -I "$ROOT/Sources/CLaminaPrefetch" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$OUT" >/dev/null

python3 - "$OUT" >"$OUT/api.txt" <<'PY'
import json, pathlib, sys
lines = set()
for f in pathlib.Path(sys.argv[1]).glob("Lamina*.symbols.json"):
    graph = json.loads(f.read_text())
    for s in graph["symbols"]:
        if s.get("accessLevel") not in ("public", "open"):
            continue
        decl = "".join(x["spelling"] for x in s.get("declarationFragments", []))
        decl = " ".join(decl.split())
        lines.add(f'{s["kind"]["identifier"].removeprefix("swift.")} {".".join(s["pathComponents"])}: {decl}')
print("\n".join(sorted(lines)))
PY

API="$ROOT/Scripts/swift-api.txt"
if [[ $UPDATE == 1 ]]; then
    cp "$OUT/api.txt" "$API"
    echo "swift-api: wrote $(wc -l <"$API") public declarations to Scripts/swift-api.txt"
    exit 0
fi
if diff -u "$API" "$OUT/api.txt"; then
    echo "swift-api: $(wc -l <"$API") public declarations, as recorded"
else
    echo "swift-api: the public Swift surface changed (- recorded, + built)." >&2
    echo "swift-api: if intended, run Scripts/check-swift-api.sh --update and commit the list." >&2
    exit 1
fi
