#!/usr/bin/env bash
# Regenerates docs/llama-comparison.png, the picture of the llama-comparison sheet in the README: builds
# ballpark.oxt, recalculates the sheet in a headless LibreOffice (throwaway profile), exports a PDF whose page is
# the sheet's used area, and turns that into a PNG with pdftoppm (poppler-utils).
#   scripts/render_sheet_picture.sh [SHEET_NAME]     (default llama-comparison; writes docs/SHEET_NAME.png)
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:-llama-comparison}
build=${BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "${JOBS:-2}" --target oxt >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 scripts/recalc_sheet.py --oxt "$build/addin/ballpark.oxt" --sheet "sample-sheets/$name.fods" \
  --pdf "$tmp/$name.pdf" --tight >/dev/null
pdftoppm -png -r 110 -singlefile "$tmp/$name.pdf" "$tmp/$name"
mkdir -p docs
mv "$tmp/$name.png" "docs/$name.png"
echo "docs/$name.png"
