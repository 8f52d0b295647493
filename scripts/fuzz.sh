#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (AddressSanitizer and UndefinedBehaviorSanitizer on) in a separate
# build directory and runs each for a bounded time, side by side, starting from the seed corpus in fuzz/corpus.
# Fails on a crash, hang, leak, sanitizer report or broken promise; the input that caused it is left in
# $BUILD_DIR/artifacts/ and named in the output.
#
#   scripts/fuzz.sh [SECONDS_PER_FUZZER]   (default 60)
#   BUILD_DIR=build-fuzz JOBS=2 FUZZ_CXX=clang++-17 FUZZ_ARGS="-jobs=..." scripts/fuzz.sh 1200
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${BUILD_DIR:-build-fuzz}
jobs=${JOBS:-2}
# clang 16 is the oldest Debian clang that can compile libstdc++'s <expected> (see cmake/sanitizers.cmake).
# Own variable names, so a CXX=g++ in the environment does not pick a compiler without libFuzzer.
cxx=${FUZZ_CXX:-clang++-16}
cc=${FUZZ_CC:-clang-16}

CC=$cc CXX=$cxx cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBALLPARK_FUZZ=ON \
  -DBALLPARK_BUILD_TESTS=OFF -DBALLPARK_BUILD_BENCH=OFF -DBALLPARK_BUILD_ADDIN=OFF >/dev/null
cmake --build "$build" -j "$jobs" --target fuzz_expression fuzz_units

# Sanitizer reports with stack traces; a caller may add options (ASAN_OPTIONS=detect_stack_use_after_return=0 is
# faster for long runs).
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
mkdir -p "$build/artifacts"
run_fuzzer() {  # name: runs fuzz_NAME for the time asked; its output goes to a log beside it
  local fuzzer=$1
  # The growing corpus lives in the build directory; the committed seeds are only read.
  local corpus="$build/corpus/$fuzzer" log="$build/fuzz_$fuzzer.log"
  mkdir -p "$corpus"
  # shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
  "$build/fuzz/fuzz_$fuzzer" "$corpus" "fuzz/corpus/$fuzzer" \
    -max_total_time="$seconds" -max_len=4096 -timeout=5 -rss_limit_mb=2048 -detect_leaks=1 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/${fuzzer}-" ${FUZZ_ARGS:-} >"$log" 2>&1
}

# The fuzzers run side by side, one a core: each still gets its full time, and the stage takes one fuzzer's time.
fuzzers=(expression units)
pids=()
for fuzzer in "${fuzzers[@]}"; do
  echo "fuzz: running fuzz_$fuzzer for ${seconds} s (log: $build/fuzz_$fuzzer.log)"
  run_fuzzer "$fuzzer" &
  pids+=($!)
done
failed=0
for i in "${!fuzzers[@]}"; do
  fuzzer=${fuzzers[$i]}
  log="$build/fuzz_$fuzzer.log"
  if wait "${pids[$i]}"; then
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^#[0-9]+.*DONE' "$log" || true
    echo "fuzz: fuzz_$fuzzer passed"
  else
    tail -n 60 "$log"
    echo "fuzz: fuzz_$fuzzer FAILED; the input is in $build/artifacts/ (replay: $build/fuzz/fuzz_$fuzzer FILE)" >&2
    failed=$((failed + 1))
  fi
done
echo "fuzz: $((${#fuzzers[@]} - failed)) passed, $failed failed"
[ "$failed" = 0 ]
