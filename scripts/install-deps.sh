#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, skipping those already present. Needs root.
set -euo pipefail

packages=(
  cmake g++ ninja-build             # build
  ccache                            # shared by the builds of one CI run (.ci/run)
  libboost-dev                      # Boost.Interval, Math, Multiprecision, Container, Random (header-only)
  libcmark-dev                      # the CLI reads notebooks with cmark, the CommonMark reference parser (BSD)
  libedit-dev                       # the CLI's interactive session: line editing and history (BSD; not GNU readline, GPL)
  libgtest-dev libgmock-dev         # unit and golden tests
  libbenchmark-dev                  # benchmarks
  clang-16 libclang-rt-16-dev       # libFuzzer targets (scripts/fuzz.sh); clang 14 cannot compile <expected>
  libqalculate-dev pkg-config      # the peer benchmark: libqalculate as a library (mathjs needs node and npm, below)
  units                             # GNU units, the independent reference some tests cite
  zip                               # packs the .oxt
  libreoffice-dev libreoffice-dev-common libreoffice-calc libreoffice-core ure python3-uno  # the add-in and its tests
  poppler-utils                     # pdftoppm, for the sheet picture
  xvfb x11-apps                     # a real Calc window on an X server of its own, and xwd to photograph it
  fonts-liberation2                 # Liberation Sans and Mono, the sample sheets' fonts (column widths, picture)
  g++-mingw-w64-x86-64-posix wine64 # the Windows build (scripts/windows-build.sh) and its tests under wine
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm for the mathjs peer benchmark: any node that brings npm will do (NodeSource's nodejs bundles it);
# otherwise Debian's.
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: run as root (or with sudo) to install packages" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# A current LibreOffice beside the system's 7.4, in a private folder (nothing installed over 7.4), so that the
# tests run in both; scripts/test.sh finds it where libreoffice-current.sh puts it (or where BALLPARK_LO_CURRENT says).
# As an ordinary user it can only reuse a package source root added; without one its tests are skipped.
if ! "$(dirname "$0")/libreoffice-current.sh" "${BALLPARK_LO_CURRENT:-}" | sed 's/^/install-deps: /'; then
  if [ "$(id -u)" -eq 0 ]; then exit 1; fi
  echo "install-deps: no current LibreOffice could be prepared, so scripts/test.sh tests the system's office only"
fi
