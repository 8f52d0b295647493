#!/usr/bin/env bash
# Builds the core and its tests with sanitizers in separate build directories and runs them with CTest:
#   1. AddressSanitizer + UndefinedBehaviorSanitizer (build-asan): every unit, golden and CLI test; any report
#      aborts the test (-fno-sanitize-recover=all), which fails the run.
#   2. ThreadSanitizer (build-tsan): the thread-safety test (tests/unit/thread_safety_test.cpp), 8 threads of
#      mixed evaluations; only its program and the core are built.
#
#   scripts/sanitize.sh [address|thread]   (default: both)
#   JOBS=2 scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
which=${1:-all}

configure() {  # build directory, sanitizer
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBALLPARK_SANITIZE="$2" \
    -DBALLPARK_BUILD_BENCH=OFF -DBALLPARK_BUILD_ADDIN=OFF >/dev/null
}

# Leaks count too; a report stops the test with a non-zero status either way.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}

if [[ $which == all || $which == address ]]; then
  echo "sanitize: AddressSanitizer + UndefinedBehaviorSanitizer"
  configure build-asan address
  cmake --build build-asan -j "$jobs" --target ballpark_tests ballpark_thread_tests ballpark ballpark_c_tests
  # Not the test of the Python module over the C library: an instrumented library cannot load into a Python that
  # is not (AddressSanitizer's runtime must come first).
  ctest --test-dir build-asan --output-on-failure -j "$jobs" --timeout 600 -E '^python\.'

fi

if [[ $which == all || $which == thread ]]; then
  echo "sanitize: ThreadSanitizer"
  configure build-tsan thread
  cmake --build build-tsan -j "$jobs" --target ballpark_thread_tests
  # Only the tests that start threads; the rest are single-threaded and covered by the run above.
  ctest --test-dir build-tsan --output-on-failure -j "$jobs" --timeout 600 -R '^(ThreadSafety|PerThread)\.'
fi
