#!/usr/bin/env bash
# The main job on a new machine: install what is needed, build ballpark.oxt, install it into a throwaway
# LibreOffice profile, recalculate the llama-comparison sample sheet in headless LibreOffice, print its table and
# write a PDF of it (build/llama-comparison.pdf, or $PDF).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
build=${BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "${JOBS:-2}" --target oxt >/dev/null
/usr/bin/python3 scripts/recalc_sheet.py --oxt "$build/addin/ballpark.oxt" \
  --sheet sample-sheets/llama-comparison.fods --pdf "${PDF:-$build/llama-comparison.pdf}"
