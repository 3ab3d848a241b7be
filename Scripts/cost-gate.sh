#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Scripts/cost-gate.sh — the CI cost gate (issue 12 item 9): instruction counts per operation
# under callgrind, compared with benchmarks/cost-baseline.json.
#
#   Scripts/cost-gate.sh              # build (Release, as benchmarks/run.sh), measure, compare:
#                                     #   exit 1 if any entry is > 15% above its baseline
#   Scripts/cost-gate.sh --update     # measure and rewrite benchmarks/cost-baseline.json
#   Scripts/cost-gate.sh --self-test  # the gate's own test (doctored baselines; no build)
#
# Other arguments go to benchmarks/cost_gate.py (--threshold PCT, --n N, --keep DIR,
# --save FILE, --baseline FILE). The library is built by `benchmarks/run.sh --build-only`
# (CMake Release in build-bench/, or SwiftPM release in .build-bench/; LAMINA_BENCH_BUILD
# picks one). Needs valgrind and its <valgrind/callgrind.h> (Debian: valgrind), python3.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

for arg in "$@"; do
    if [ "$arg" = "--self-test" ]; then
        exec python3 benchmarks/cost_gate.py --self-test
    fi
done

command -v valgrind >/dev/null 2>&1 \
    || { echo "cost-gate: valgrind not found (Scripts/install-deps.sh installs it)" >&2; exit 1; }
bench="$(benchmarks/run.sh --build-only | tail -n 1)"
[ -x "$bench" ] || { echo "cost-gate: no lamina-bench built ($bench)" >&2; exit 1; }
if rev="$(git rev-parse --short HEAD 2>/dev/null)"; then
    [ -z "$(git status --porcelain -- Sources include Package.swift CMakeLists.txt benchmarks/bench.c 2>/dev/null)" ] \
        || rev="$rev+dirty"
    echo "cost-gate: source $rev, $(valgrind --version), $(uname -m)"
fi
exec python3 benchmarks/cost_gate.py --bench "$bench" "$@"
