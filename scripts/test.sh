#!/usr/bin/env bash
# The test command: configure, build everything (the add-in too when the LibreOffice SDK is present) and run
# every test with CTest, the headless-LibreOffice integration tests included. A compiler warning fails the build
# (WERROR=OFF to let it pass); CMAKE_CXX_COMPILER_LAUNCHER=ccache in the environment compiles through ccache.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
jobs=${JOBS:-2}
# The LibreOffice tests run in the system's office and, when scripts/libreoffice-current.sh has made one, in a
# current office too (where scripts/libreoffice-current.sh puts it by default, or BALLPARK_LO_CURRENT; set empty,
# the system's office alone).
if [ "$(id -u)" -eq 0 ]; then current_default=/var/cache/ballpark/libreoffice-current; else current_default=build/libreoffice-current; fi
current=${BALLPARK_LO_CURRENT-$current_default}
office_options=()
if [ -n "$current" ] && [ -x "$current/python3" ]; then office_options=(-DBALLPARK_LO_CURRENT="$(cd "$current" && pwd)"); fi
# TESTS=location (the private-folder passes, scripts/test-in-private-dir.sh): every test but the LibreOffice ones,
# and of those only the ones labelled "location", whose outcome can depend on where the clone is and who runs it
# (addin/CMakeLists.txt); the benchmarks, which no such test runs, are not built.
selection=${TESTS:-all}
case "$selection" in
  all) build_options=() ;;
  location) build_options=(-DBALLPARK_BUILD_BENCH=OFF) ;;
  *) echo "error: TESTS is all or location, not \"$selection\"" >&2; exit 2 ;;
esac
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBALLPARK_WERROR="${WERROR:-ON}" "${office_options[@]}" \
  "${build_options[@]}"
cmake --build "$build" -j "$jobs"
if [ "$selection" = all ]; then
  ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 600
else
  status=0
  ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 600 -LE integration || status=1
  ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 600 -L location || status=1
  exit $status
fi
