#!/usr/bin/env bash
# The test command in a clone that other users cannot enter: clones this checkout's HEAD into a
# fresh `mktemp -d` folder (mode 0700, like root's home) and runs scripts/test.sh there: with TESTS=location unless
# TESTS says otherwise, so every test but the LibreOffice ones runs, and of those the ones whose outcome can depend
# on the folder or the user (the label "location" in addin/CMakeLists.txt); TESTS=all runs all of them.
#
#   scripts/test-in-private-dir.sh [root|user|both]     (default: both)
#
# root: as root, where the LibreOffice tests run unopkg and soffice as nobody, who cannot enter the clone. In the
#       system's office only: the current one (scripts/libreoffice-current.sh) is reached by the same code in
#       tests/integration/office.py, lives outside the clone and is tested as root by scripts/test.sh; running its
#       suites here again would cost about 200 s of CI's budget.
# user: as an ordinary user, nobody (65534) through setpriv, in a private folder that user owns, with its own HOME
#       and TMPDIR and a PATH without root's tools; the whole build and every test run as that user.
# Run as a non-root user, the script runs the one private-folder pass as that user.
# Environment: JOBS (passed on to scripts/test.sh), KEEP=1 keeps the folders for a look afterwards; WERROR,
# CMAKE_CXX_COMPILER_LAUNCHER and CCACHE_* reach the user pass too, so it can share root's compiler cache (.ci/run
# makes the cache's folder writable by nobody's group).
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
tests=${TESTS:-location}
which=${1:-both}
case "$which" in
  root|user|both) ;;
  *) echo "usage: $0 [root|user|both]" >&2; exit 2 ;;
esac

dirs=()
cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then
    printf 'kept: %s\n' "${dirs[@]}"
  else
    for d in "${dirs[@]}"; do rm -rf -- "$d"; done
  fi
}
trap cleanup EXIT

# A new private folder holding a clone of HEAD, in $dir.
private_clone() {
  dir=$(mktemp -d)
  dirs+=("$dir")
  chmod 0700 "$dir"
  git clone --quiet --no-hardlinks "$src" "$dir/ballpark"
}

# Fails unless others are refused at the folder, so the run tests what it claims to test.
assert_private() {
  local mode
  mode=$(stat -c %a "$1")
  if [ "$mode" != 700 ]; then
    echo "error: $1 should have mode 700 but has $mode" >&2
    exit 1
  fi
}

status=0
results=()
run_pass() {  # name, command...
  local name=$1
  shift
  echo "=== $name ==="
  local start=$SECONDS
  if "$@"; then
    results+=("$name: passed ($((SECONDS - start)) s)")
  else
    results+=("$name: FAILED ($((SECONDS - start)) s)")
    status=1
  fi
}

if [ "$(id -u)" != 0 ]; then
  private_clone
  assert_private "$dir"
  run_pass "as $(id -un) in private $dir" env -C "$dir/ballpark" TESTS="$tests" scripts/test.sh
else
  if [ "$which" != user ]; then
    private_clone
    assert_private "$dir"
    run_pass "as root in private $dir" env -C "$dir/ballpark" BALLPARK_LO_CURRENT= TESTS="$tests" scripts/test.sh
  fi
  if [ "$which" != root ]; then
    private_clone
    mkdir -p "$dir/home" "$dir/tmp"
    chown -R 65534:65534 "$dir"
    assert_private "$dir"
    # env -i: nothing of root's environment (a PATH into /root, a TMPDIR nobody cannot enter) comes along, only
    # the build's settings.
    settings=()
    for name in WERROR CMAKE_CXX_COMPILER_LAUNCHER $(compgen -v CCACHE_ || true); do
      if [ -n "${!name:-}" ]; then settings+=("$name=${!name}"); fi
    done
    run_pass "as nobody in private $dir" \
      setpriv --reuid=65534 --regid=65534 --clear-groups \
      env -i HOME="$dir/home" TMPDIR="$dir/tmp" LANG=C.UTF-8 JOBS="${JOBS:-2}" TESTS="$tests" "${settings[@]}" \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      bash -c 'cd "$1" && scripts/test.sh' bash "$dir/ballpark"
  fi
fi

printf '%s\n' "${results[@]}"
exit $status
