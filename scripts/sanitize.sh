#!/usr/bin/env bash
# Builds the core and its tests with sanitizers in separate build directories and runs them:
#   1. AddressSanitizer + UndefinedBehaviorSanitizer (build-asan): every unit and golden test, the C interface's
#      tests and the command-line tool's tests; any report aborts the program (-fno-sanitize-recover=all), which
#      fails the run.
#   2. ThreadSanitizer (build-tsan): the thread-safety test (tests/unit/thread_safety_test.cpp), 8 threads of
#      mixed evaluations; only its program and the core are built.
# Built at -O1 with line tables only (-g1): the sanitizers' manuals advise -O1 for usable speed and reports, and
# -O2 with full debug information compiles 1.6 times as long for test runs only 12% faster. Each GoogleTest program
# runs as one process (the unit tests as one process a core, each a share of them), as the Windows build runs them:
# one sanitized process per test spends most of its time starting up (docs/performance.md, "Build and test times").
#
#   scripts/sanitize.sh [address|thread]   (default: both)
#   JOBS=2 scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
which=${1:-all}

configure() {  # build directory, sanitizer
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBALLPARK_SANITIZE="$2" \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
    -DBALLPARK_BUILD_BENCH=OFF -DBALLPARK_BUILD_ADDIN=OFF >/dev/null
}

gtest_program() {  # program, GoogleTest filter: runs it whole in its build folder, where CTest would run its tests
  echo "sanitize: $1"
  (cd "$(dirname "$1")" && "./$(basename "$1")" --gtest_filter="$2" --gtest_brief=1)
}

# The unit tests as $jobs processes side by side, each a share of the tests (GoogleTest's sharding): one process
# would leave all but one core idle through the Monte Carlo checks, which take most of the run.
gtest_shards() {  # program
  echo "sanitize: $1 in $jobs shards"
  local pids=() status=0 k
  for ((k = 0; k < jobs; ++k)); do
    (cd "$(dirname "$1")" && GTEST_TOTAL_SHARDS=$jobs GTEST_SHARD_INDEX=$k "./$(basename "$1")" --gtest_brief=1) &
    pids+=($!)
  done
  for k in "${pids[@]}"; do wait "$k" || status=1; done
  return $status
}

# Leaks count too; a report stops the test with a non-zero status either way.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}

if [[ $which == all || $which == address ]]; then
  echo "sanitize: AddressSanitizer + UndefinedBehaviorSanitizer"
  configure build-asan address
  cmake --build build-asan -j "$jobs" --target ballpark_tests ballpark_thread_tests ballpark ballpark_c_tests
  gtest_shards build-asan/tests/ballpark_tests
  gtest_program build-asan/tests/ballpark_thread_tests '*'
  gtest_program build-asan/tests/unit/c_api/ballpark_c_tests '*'
  # The command-line tool's tests (the rest check the source tree in Python). Not the test of the Python module
  # over the C library: an instrumented library cannot load into a Python that is not (AddressSanitizer's runtime
  # must come first).
  ctest --test-dir build-asan --output-on-failure -j "$jobs" --timeout 600 -R '^cli\.'

fi

if [[ $which == all || $which == thread ]]; then
  echo "sanitize: ThreadSanitizer"
  configure build-tsan thread
  cmake --build build-tsan -j "$jobs" --target ballpark_thread_tests
  # Only the tests that start threads; the rest are single-threaded and covered by the run above.
  gtest_program build-tsan/tests/ballpark_thread_tests 'ThreadSafety.*:PerThread.*'
fi
