#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Sanitizer and fuzzing jobs (issue 9), one per call; Scripts/test-all.sh runs each as a step.
#
#   Scripts/sanitize.sh asan  BUILD_DIR     cmocka suite under ASan + UBSan (BUILD_DIR/sanitize-address)
#   Scripts/sanitize.sh tsan  BUILD_DIR     cmocka suite (thread stress included) under TSan
#   Scripts/sanitize.sh swift-tsan BUILD_DIR   swift test --sanitize=thread
#   Scripts/sanitize.sh fuzz  BUILD_DIR [SECONDS]   libFuzzer: replay Tests/fuzz/corpus, then
#                                           fuzz for SECONDS (default 60) with ASan + UBSan
#                                           (each target: the C ABI's, then the Lottie importer's)
#   Scripts/sanitize.sh fuzz-long BUILD_DIR [MINUTES]   the long run (default 30 minutes in all:
#                                           two thirds the C ABI's target, a third Lottie's), one
#                                           niced process, so it can run beside other work
#
# Each sanitizer build has its own directory under BUILD_DIR. Any sanitizer report fails the
# job: the runtimes halt on the first error and exit non-zero. The C side uses the toolchain's
# own clang (beside swiftc), whose sanitizer runtimes match swiftc's, and lld.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
job=${1:?usage: sanitize.sh asan|tsan|swift-tsan|fuzz|fuzz-long BUILD_DIR [SECONDS|MINUTES]}
BUILD_DIR=$(mkdir -p "${2:?build dir}" && cd "$2" && pwd)
TOOLCHAIN_BIN=$(dirname "$(readlink -f "$(command -v swiftc)")")
CLANG="$TOOLCHAIN_BIN/clang"

export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
export LSAN_OPTIONS="suppressions=$ROOT/Tests/fuzz/lsan.supp:print_suppressions=0"
export SWIFT_BACKTRACE=enable=no  # the sanitizers print the stacks

# configure_build KIND [TYPE]: a build (Debug unless TYPE: quick to compile, and the tests
# are small) of the library and its C programs with LAMINA_SANITIZE=KIND, in
# BUILD_DIR/sanitize-KIND.
configure_build() {
    local kind=$1 type=${2:-Debug} dir="$BUILD_DIR/sanitize-$1"
    # Every sanitizer build has the renderer, and the text provider and the Lottie importer
    # where their dependencies are found (issue 31 item 11): the default ON of each option.
    cmake -G Ninja -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE="$type" -DCMAKE_C_COMPILER="$CLANG" \
        -DLAMINA_STATIC_SWIFT_STDLIB=OFF -DLAMINA_SANITIZE="$kind" -DBUILD_TESTING=ON \
        -DLAMINA_BUILD_GLES=ON >/dev/null
    cmake --build "$dir" --parallel
}

case "$job" in
asan | tsan)
    kind=$([[ $job == asan ]] && echo address || echo thread)
    configure_build "$kind"
    # Both also run the renderer's and the text provider's tests (fuzzed records, oversized
    # images, renders from several threads) and the fuzz target's replay, which draws and lays
    # text out; the goldens, the Chromium cross-check and the shader and header checks gain
    # nothing from them.
    labels="cmocka|gles|fuzz|text"
    ctest --test-dir "$BUILD_DIR/sanitize-$kind" -L "$labels" -E "gles-golden|gles-chromium|gles-shader|gles-header|viewer" \
        --output-on-failure --timeout 900
    echo "sanitize: $job: the cmocka, renderer, text and fuzz-replay tests ran clean under $([[ $job == asan ]] && echo 'ASan + UBSan' || echo TSan)"
    ;;
swift-tsan)
    # The whole Swift suite under TSan, in its own scratch directory.
    swift test --package-path "$ROOT" --scratch-path "$BUILD_DIR/sanitize-swift-thread" \
        --sanitize=thread 2>&1 | tee "$BUILD_DIR/sanitize-swift-thread.log"
    if grep -q "ThreadSanitizer" "$BUILD_DIR/sanitize-swift-thread.log"; then
        echo "sanitize: swift-tsan: ThreadSanitizer reported a problem" >&2
        exit 1
    fi
    echo "sanitize: swift-tsan: swift test ran clean under TSan"
    ;;
fuzz | fuzz-long)
    # A unit's time limit is wall-clock: niced beside other work, the largest Lottie sample
    # (1.3 s of CPU under ASan) took over 20 s, so the long run allows 120.
    if [[ $job == fuzz ]]; then
        calls_seconds=${3:-60} lottie_seconds=${3:-60} nice=() unit_timeout=20
    else
        minutes=${3:-30}
        calls_seconds=$((minutes * 40)) lottie_seconds=$((minutes * 20)) nice=(nice -n 19) unit_timeout=120
    fi
    # run_fuzzer NAME SECONDS ARGS...: one bounded run, its log kept beside the build; prints
    # the last status line (executions, coverage, corpus) and the final figures, or the end of
    # the log and fails on a finding.
    run_fuzzer() {
        local name=$1 seconds=$2 log="$BUILD_DIR/sanitize-fuzzer/fuzz-${1// /-}.log"
        shift 2
        if ! "${nice[@]}" "$@" -max_total_time="$seconds" -timeout="$unit_timeout" -rss_limit_mb=2048 \
            -print_final_stats=1 >"$log" 2>&1; then
            tail -n 60 "$log"
            echo "sanitize: fuzz: $name found a problem (its input: crash-*, leak-* or timeout-* here; log: $log)" >&2
            exit 1
        fi
        echo "sanitize: fuzz: $name: $(grep -E '^#[0-9]+' "$log" | tail -n 1)"
        grep -E '^stat::' "$log"
        echo "sanitize: fuzz: ${seconds}s of fuzzing $name found nothing"
    }
    # Optimised: the fuzzer's value is executions per second (about 10x those of -Onone).
    configure_build fuzzer RelWithDebInfo
    fuzzer="$BUILD_DIR/sanitize-fuzzer/Tests/fuzz/lamina_fuzz_calls"
    work="$BUILD_DIR/sanitize-fuzzer/corpus"  # new inputs found in CI stay out of the repo
    mkdir -p "$work"
    # 0. Which public functions of each public header the targets reach (issue 31 item 11).
    python3 "$ROOT/Scripts/fuzz-coverage.py"
    # 1. Replay the committed corpus: every input must still run clean.
    "$fuzzer" -runs=0 "$ROOT/Tests/fuzz/corpus"
    echo "sanitize: fuzz: replayed $(ls "$ROOT/Tests/fuzz/corpus" | wc -l) corpus inputs"
    # 2. A bounded run from the corpus (single process: CI has two cores shared with nothing
    #    else at this point, and one job keeps the time bound exact). A finding stops it with
    #    its input in the working directory (crash-*, leak-*, timeout-*) and fails the job.
    run_fuzzer "the C ABI" "$calls_seconds" "$fuzzer" -max_len=512 "$work" "$ROOT/Tests/fuzz/corpus"
    # 3. The Lottie importer (issue 28): its own target, seeded with the sample files.
    lottie="$BUILD_DIR/sanitize-fuzzer/Tests/fuzz/lamina_fuzz_lottie"
    if [[ -x $lottie ]]; then
        mkdir -p "$work-lottie"
        "$lottie" -runs=0 "$ROOT/Tests/LaminaLottieTests/Samples"
        run_fuzzer "the Lottie importer" "$lottie_seconds" "$lottie" -max_len=200000 "$work-lottie" \
            "$ROOT/Tests/LaminaLottieTests/Samples"
    fi
    ;;
*)
    echo "sanitize.sh: unknown job $job" >&2
    exit 2
    ;;
esac
