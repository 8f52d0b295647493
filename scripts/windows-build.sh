#!/usr/bin/env bash
# The Windows build: the core, the sheet layer and their unit and golden tests cross-compiled for 64-bit Windows with
# mingw-w64 (cmake/mingw-w64-x86_64.cmake), then the tests run under wine through CTest's cross-compiling emulator.
# It also makes ballpark.dll, the C interface with a static runtime (build-windows/addin/c_api), tested through its
# header, and the Windows extension build-windows/addin/python/ballpark-windows.oxt (the Python component over that
# DLL), whose packaged DLL is tested too. scripts/install-deps.sh installs what it needs (g++-mingw-w64-x86-64-posix,
# wine64; libreoffice-dev writes the extension's type library).
#
#   scripts/windows-build.sh            # build in build-windows (BUILD_DIR to change it) and run the tests
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build-windows}
jobs=${JOBS:-2}
# Warnings are errors here too (WERROR=OFF to see them without stopping). CMake takes a compiler launcher such as
# ccache from CMAKE_CXX_COMPILER_LAUNCHER in the environment, as .ci/run sets it.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
    -DBALLPARK_WERROR="${WERROR:-ON}"
cmake --build "$build" -j "$jobs"

# A wine prefix of the build's own, so nothing is read from or written to the user's ~/.wine. Its crash debugger is
# turned off: with it, a test program that crashes ends with status 0 (seen with wine 8.0), and a crash must fail.
export WINEPREFIX
WINEPREFIX=$(cd "$build" && pwd)/wine-prefix
export WINEDEBUG=-all
wine=/usr/lib/wine/wine64
if [ ! -f "$WINEPREFIX/.ballpark-ready" ]; then
    "$wine" wineboot --init >/dev/null 2>&1 || true
    "$wine" reg delete 'HKLM\Software\Microsoft\Windows NT\CurrentVersion\AeDebug' /v Debugger /f >/dev/null 2>&1 || true
    touch "$WINEPREFIX/.ballpark-ready"
fi
ctest --test-dir "$build" --output-on-failure --timeout 900
