#!/usr/bin/env bash
# Prepares a private current LibreOffice (Debian's bookworm-backports build, 25.2 when this was written) beside the
# system's 7.4, without installing anything over it: its packages are downloaded with apt-get and unpacked into a
# folder of their own, whose office and Python-UNO the integration tests can be pointed at.
#
#   scripts/libreoffice-current.sh [DIR]     # DIR defaults to $BALLPARK_LO_CURRENT, else (as root)
#                                            # /var/cache/ballpark/libreoffice-current, else build/libreoffice-current
#
# Prints two lines for the tests: `soffice=…` (the office's launcher) and `python=…` (a Python wrapper that imports
# that office's own uno module: 7.4's python3-uno drops the connection to a 25.2 office on the first document,
# because the document offers an interface 7.4 does not know). Idempotent: a folder whose stamp names the same
# package versions is kept as it is. Needs root only the first time, to add the bookworm-backports source.
set -euo pipefail
cd "$(dirname "$0")/.."
# As root the tests run the office as nobody, who may not enter the clone (a mode-0700 folder), so root's copy lives
# in /var/cache, which everyone may pass through.
if [ "$(id -u)" -eq 0 ]; then default=/var/cache/ballpark/libreoffice-current; else default=build/libreoffice-current; fi
dir=${1:-${BALLPARK_LO_CURRENT:-$default}}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# The packages a headless Calc with Python-UNO needs, from bookworm-backports. libzxcvbn0 (a password-strength
# library the 25.2 core links) is not in backports; bookworm's is the one backports' build was made against.
backports=(ure uno-libs-private libuno-sal3 libuno-salhelpergcc3-3 libuno-cppu3 libuno-cppuhelpergcc3-3
           libuno-purpenvhelpergcc3-3 libreoffice-core libreoffice-common libreoffice-uiconfig-common
           libreoffice-base-core libreoffice-calc libreoffice-uiconfig-calc libreoffice-style-colibre
           fonts-opensymbol python3-uno)
from_bookworm=(libzxcvbn0)

# The backports source uses the same mirror as the system's own Debian source, so nothing here names a host.
source_file=/etc/apt/sources.list.d/ballpark-bookworm-backports.sources
if ! apt-cache policy libreoffice-core 2>/dev/null | grep -q bookworm-backports; then
    if [ ! -f "$source_file" ]; then
        if [ "$(id -u)" -ne 0 ]; then
            echo "libreoffice-current: run once as root to add the bookworm-backports package source" >&2
            exit 1
        fi
        mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
        if [ -z "$mirror" ]; then
            echo "libreoffice-current: found no Debian source in /etc/apt/sources.list.d/debian.sources to take the mirror from" >&2
            exit 1
        fi
        printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
            "$mirror" > "$source_file"
    fi
    apt-get update -qq
fi

version=$(apt-cache policy libreoffice-core | awk '/bookworm-backports/ {print prev} {prev=$1}' | head -1)
if [ -z "$version" ]; then
    echo "libreoffice-current: bookworm-backports offers no libreoffice-core" >&2
    exit 1
fi
stamp="$dir/.unpacked"
program="$dir/root/usr/lib/libreoffice/program"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$version" ]; then
    rm -rf "$dir/root" "$dir/debs"
    mkdir -p "$dir/debs" "$dir/root"
    specs=()
    for p in "${backports[@]}"; do specs+=("$p/bookworm-backports"); done
    for p in "${from_bookworm[@]}"; do specs+=("$p/bookworm"); done
    # apt-get download writes into the working directory; as root it warns that _apt cannot write there.
    (cd "$dir/debs" && apt-get download -qq "${specs[@]}" 2>&1 | grep -v "unsandboxed as root" || true)
    for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$dir/root"; done
    share="$dir/root/usr/lib/libreoffice/share"
    # The packages point at the system's folders (/etc/libreoffice, /var/lib/libreoffice, /var/spool/libreoffice),
    # which belong to 7.4: every such link and path is pointed into the private folder instead.
    sed -i 's|^BRAND_BASE_DIR=.*|BRAND_BASE_DIR=${ORIGIN}/..|' "$program/fundamentalrc"
    sed -i "s|^FHS_CONFIG_FILE=.*|FHS_CONFIG_FILE=file://$dir/root/etc/libreoffice/sofficerc|" "$program/sofficerc"
    ln -sfn ../.registry/main.xcd "$share/registry/main.xcd"
    mkdir -p "$dir/root/var/lib/libreoffice/share/prereg/bundled" "$dir/root/var/spool/libreoffice/uno_packages/cache"
    ln -sfn "$dir/root/var/lib/libreoffice/share/prereg/bundled" "$share/prereg/bundled"
    ln -sfn "$dir/root/var/spool/libreoffice/uno_packages/cache" "$share/uno_packages/cache"
    ln -sfn "$dir/root/etc/libreoffice/psprint.conf" "$share/psprint/psprint.conf"
    cp "$dir"/root/usr/lib/x86_64-linux-gnu/libzxcvbn.so.0* "$program/"
    # Debian's uno.py names /usr/lib/libreoffice twice (the program folder and fundamentalrc): the private ones.
    uno_py="$dir/root/usr/lib/python3/dist-packages/uno.py"
    sed -i "s|/usr/lib/libreoffice/program|$program|g" "$uno_py"
    # The tests run the office as nobody when they run as root: the folder must be readable and passable by others.
    chmod -R a+rX "$dir"
    echo "$version" > "$stamp"
fi

# A Python that finds this office's uno module (and its pyuno.so, beside soffice.bin) before the system's.
python="$dir/python3"
cat > "$python" <<EOF
#!/bin/sh
# The system's Python 3 with the private LibreOffice's Python-UNO first on the path (made by libreoffice-current.sh).
PYTHONPATH="$dir/root/usr/lib/python3/dist-packages:$program\${PYTHONPATH:+:\$PYTHONPATH}" \\
LD_LIBRARY_PATH="$program\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" exec /usr/bin/python3 "\$@"
EOF
chmod a+rx "$python"
echo "soffice=$program/soffice"
echo "unopkg=$program/unopkg"
echo "python=$python"
