#!/usr/bin/env bash
# The test command: configure, build everything (the add-in too when the LibreOffice SDK is present) and run
# every test with CTest, the headless-LibreOffice integration tests included.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
jobs=${JOBS:-2}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 600
