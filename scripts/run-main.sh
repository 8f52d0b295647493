#!/usr/bin/env bash
# The main job on a new machine: install what is needed, build, and reproduce the Llama GPU-hours comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build=${BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "${JOBS:-2}"
"$build/cli/ballpark" examples/llama-gpu-hours.md
