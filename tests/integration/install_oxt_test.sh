#!/usr/bin/env bash
# The install-oxt and remove-oxt targets' script (addin/unopkg.cmake) from a folder others cannot enter: the
# working directory, the profile and a copy of the .oxt sit in a fresh `mktemp -d` folder (mode 0700),
# as they do when the clone lives in one. As root, unopkg then runs as nobody, who cannot enter that folder.
# Checks that `unopkg list` on the profile shows org.ballpark.calc after add and not after remove, and that the
# profile keeps its owner.
#
#   install_oxt_test.sh CMAKE UNOPKG OXT UNOPKG_CMAKE
set -euo pipefail
cmake=$1 unopkg=$2 oxt=$(realpath "$3") script=$(realpath "$4")

private=$(mktemp -d)
listing=
cleanup() { rm -rf -- "$private" ${listing:+"$listing"}; }
trap cleanup EXIT
chmod 0700 "$private"
mkdir "$private/build"
cp "$oxt" "$private/build/ballpark.oxt"
profile=$private/profile

failed=0
check() {  # sentence, command...
  local sentence=$1
  shift
  if "$@"; then
    echo "ok: $sentence"
  else
    echo "FAILED: $sentence"
    failed=$((failed + 1))
  fi
}

# The extensions that unopkg lists in the profile. As root, unopkg only lists as another user, so a copy of the
# profile goes to a folder under /tmp that nobody owns.
listed() {
  if [ "$(id -u)" = 0 ]; then
    listing=$(mktemp -d /tmp/ballpark-install-oxt-test-XXXXXX)
    cp -a "$profile" "$listing/profile"
    mkdir "$listing/home"
    chown -R 65534:65534 "$listing"
    (cd "$listing" && setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$listing/home" \
      TMPDIR="$listing" "$unopkg" list "-env:UserInstallation=file://$listing/profile" </dev/null)
    rm -rf -- "$listing"
    listing=
  else
    "$unopkg" list "-env:UserInstallation=file://$profile" </dev/null
  fi
}

run_script() {  # action, package
  (cd "$private/build" && "$cmake" -DUNOPKG="$unopkg" -DPROFILE="$profile" -DACTION="$1" -DOXT="$2" -P "$script")
}

owner_before=$(id -u)
scratch_before=$(compgen -G "/tmp/ballpark-unopkg-*" || true)
check "unopkg add into a profile inside a private folder succeeds" run_script add "$private/build/ballpark.oxt"
check "the profile then lists org.ballpark.calc" bash -c 'grep -q "Identifier: org.ballpark.calc" <<<"$1"' _ "$(listed)"
check "the profile still belongs to the user who ran the target" test "$(stat -c %u "$profile")" = "$owner_before"
check "unopkg remove from that profile succeeds" run_script remove org.ballpark.calc
check "the profile then no longer lists org.ballpark.calc" \
  bash -c '! grep -q "Identifier: org.ballpark.calc" <<<"$1"' _ "$(listed)"
check "no scratch folder is left under /tmp" test "$(compgen -G "/tmp/ballpark-unopkg-*" || true)" = "$scratch_before"

echo "$((6 - failed)) passed, $failed failed"
[ "$failed" = 0 ]
