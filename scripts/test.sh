#!/usr/bin/env bash
# The test command: configure, build everything (the add-in too when the LibreOffice SDK is present) and run
# every test with CTest, the headless-LibreOffice integration tests included. A compiler warning fails the build
# (WERROR=OFF to let it pass); CMAKE_CXX_COMPILER_LAUNCHER=ccache in the environment compiles through ccache.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
jobs=${JOBS:-2}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBALLPARK_WERROR="${WERROR:-ON}"
cmake --build "$build" -j "$jobs"
ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 600
