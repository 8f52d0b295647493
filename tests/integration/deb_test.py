#!/usr/bin/python3
"""The Debian package end to end: build it with CPack, install it with dpkg, and check that a headless LibreOffice
with a fresh profile (no unopkg anywhere) has Ballpark's functions; remove it and check that they are gone.

Needs root (dpkg) and a configured build directory; CI runs it from .ci/run after scripts/test.sh:
    /usr/bin/python3 tests/integration/deb_test.py --build-dir build
It installs into the system's LibreOffice for a few seconds, so do not run it while other LibreOffice tests run on
the same machine: a bundled extension is visible to every profile. It refuses to start when a package named
ballpark is already installed, rather than remove someone's copy. Prints "N passed, N failed" on its last line
and exits non-zero when anything failed.
"""

import argparse
import glob
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from office import Office, shown  # noqa: E402  (needs the path above)

PACKAGE = "ballpark"
BUNDLED_DIR = "/usr/lib/libreoffice/share/extensions/ballpark"

# Expected values, worked out here from the definitions rather than taken from the add-in: 6·N·D FLOP at the
# A100's dense bf16 peak (312 TFLOP/s, NVIDIA's datasheet) and the midpoint of the 35-55 % utilization range.
GPU_HOURS = 6 * 70e9 * 2e12 / (312e12 * 0.45) / 3600
TWO_HOURS_IN_MIN = 2 * 60

FORMULAS = {
    "gpuhours": '=GPUHOURS(70E9;2E12;"A100";0.35;0.55)',
    "qty": '=QTY("2 hour as min")',
    "qtyvalue": '=QTYVALUE("2 hour";"min")',
}

passed = 0
failed = 0


def check(ok, what, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {what}")
    else:
        failed += 1
        print(f"FAIL  {what}" + (f": {detail}" if detail else ""))
    sys.stdout.flush()
    return ok


def run(cmd, **kw):
    print("$ " + " ".join(cmd))
    sys.stdout.flush()
    return subprocess.run(cmd, text=True, capture_output=True, **kw)


def dpkg(*args, timeout=600):
    """dpkg with a wait for its lock: on a shared machine another apt or dpkg may be running."""
    deadline = time.monotonic() + timeout
    while True:
        result = run(["dpkg", *args])
        if result.returncode == 0 or "lock" not in result.stderr or time.monotonic() > deadline:
            return result
        time.sleep(5)


def installed():
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}", PACKAGE], text=True, capture_output=True)
    return result.returncode == 0 and "installed" in result.stdout and "not-installed" not in result.stdout


def bundled_extension(office):
    """What the Extension Manager knows of the bundled org.ballpark.calc: (display name, description, publisher,
    has an icon), or None when it is not deployed."""
    manager = office.context.getValueByName("/singletons/com.sun.star.deployment.ExtensionManager")
    for package in manager.getDeployedExtensions("bundled", None, None):
        if package.getIdentifier().Value == "org.ballpark.calc":
            return (package.getDisplayName(), package.getDescription(), package.getPublisherInfo().First,
                    package.getIcon(False) is not None)
    return None


def evaluate(soffice, extension_info=None):
    """Opens a new sheet in a LibreOffice with a fresh profile, types FORMULAS and returns (error, value, text)
    for each; puts what the Extension Manager shows of the bundled extension into extension_info["bundled"]."""
    with Office(soffice) as office:
        if extension_info is not None:
            extension_info["bundled"] = bundled_extension(office)
        doc = office.load()
        try:
            sheet = doc.Sheets.getByIndex(0)
            cells = {}
            for row, (name, formula) in enumerate(FORMULAS.items()):
                cells[name] = sheet.getCellByPosition(0, row)
                cells[name].setFormula(formula)
            doc.calculateAll()
            return {name: (c.getError(), c.getValue(), c.getString()) for name, c in cells.items()}
        finally:
            doc.close(True)


def build_package(build_dir, out_dir):
    result = run(["cmake", "--build", build_dir, "--target", "ballpark", "oxt"])
    if not check(result.returncode == 0, "the CLI and ballpark.oxt build", result.stdout[-2000:] + result.stderr[-2000:]):
        return None
    result = run(["cpack", "-G", "DEB", "-B", out_dir], cwd=build_dir)
    debs = glob.glob(os.path.join(out_dir, f"{PACKAGE}_*.deb"))
    if not check(result.returncode == 0 and len(debs) == 1, "cpack -G DEB writes one ballpark_<version>_<arch>.deb",
                 result.stdout[-2000:] + result.stderr[-2000:]):
        return None
    print(f"package: {os.path.basename(debs[0])}")
    return debs[0]


def check_package_contents(deb):
    arch = subprocess.run(["dpkg", "--print-architecture"], text=True, capture_output=True).stdout.strip()
    version = subprocess.run(["dpkg-deb", "-f", deb, "Version"], text=True, capture_output=True).stdout.strip()
    check(os.path.basename(deb) == f"{PACKAGE}_{version}_{arch}.deb", "the file is named ballpark_<version>_<arch>.deb",
          os.path.basename(deb))
    listing = subprocess.run(["dpkg-deb", "-c", deb], text=True, capture_output=True).stdout
    for path in ("./usr/bin/ballpark", "./usr/share/ballpark/ballpark.oxt", "./usr/share/doc/ballpark/LICENSE",
                 "./usr/share/doc/ballpark/README.md", "./usr/share/doc/ballpark/docs/language.md",
                 f".{BUNDLED_DIR}/description.xml", f".{BUNDLED_DIR}/META-INF/manifest.xml",
                 f".{BUNDLED_DIR}/libballpark_addin.so", f".{BUNDLED_DIR}/LICENSE", f".{BUNDLED_DIR}/icons/ballpark.png"):
        check(f" {path}\n" in listing or listing.endswith(f" {path}"), f"the package holds {path}")
    depends = subprocess.run(["dpkg-deb", "-f", deb, "Depends"], text=True, capture_output=True).stdout
    print(f"Depends: {depends.strip()}")
    check("libreoffice-calc (>= 4:7.4)" in depends, "the package depends on libreoffice-calc 7.4 or later", depends)
    description = subprocess.run(["dpkg-deb", "-f", deb, "Description"], text=True, capture_output=True).stdout
    check("LibreOffice 7.4 or later" in description and "25.2" in description,
          "the package's description says which LibreOffice versions it works with and was tested in", description)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--soffice", default="/usr/lib/libreoffice/program/soffice")
    args = parser.parse_args()

    if os.geteuid() != 0:
        print("deb_test.py installs a package with dpkg and must run as root.")
        print("0 passed, 1 failed")
        return 1
    if installed():
        print(f"A package named {PACKAGE} is already installed; remove it first (dpkg -r {PACKAGE}). "
              "This test does not remove a copy it did not install.")
        print("0 passed, 1 failed")
        return 1

    out_dir = tempfile.mkdtemp(prefix="ballpark-deb-")
    try:
        deb = build_package(os.path.abspath(args.build_dir), out_dir)
        if deb is None:
            return finish()
        check_package_contents(deb)

        result = dpkg("-i", deb)
        if not check(result.returncode == 0, "dpkg -i installs the package", result.stdout[-2000:] + result.stderr):
            return finish()
        try:
            check(os.path.isfile(os.path.join(BUNDLED_DIR, "description.xml")),
                  f"the extension is unpacked in {BUNDLED_DIR}")
            cli = run(["/usr/bin/ballpark", "-e", "2 hour as min"])
            check(cli.returncode == 0 and cli.stdout.startswith("120 min"), "/usr/bin/ballpark answers",
                  repr(cli.stdout + cli.stderr))
            info = {}
            got = evaluate(args.soffice, info)
            if check(info["bundled"] is not None, "LibreOffice lists org.ballpark.calc as a bundled extension"):
                name, description, publisher, has_icon = info["bundled"]
                print(f"Extension Manager: {name!r} by {publisher!r}, icon: {has_icon}")
                with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "registry",
                                       "description-en.txt"), encoding="utf-8") as f:
                    check(description.strip() == f.read().strip(),
                          "the Extension Manager shows registry/description-en.txt", repr(description[:200]))
                check(publisher == "Ballpark", "the Extension Manager names the publisher", repr(publisher))
                check(has_icon, "the Extension Manager has the icon")
            error, value, text = got["gpuhours"]
            check(error == 0 and math.isclose(value, GPU_HOURS, rel_tol=1e-9),
                  f"with a fresh profile {FORMULAS['gpuhours']} gives {GPU_HOURS:.6g}", f"shows {text!r} (error {error})")
            error, value, text = got["qty"]
            check(error == 0 and shown(text) == "120 min", f"with a fresh profile {FORMULAS['qty']} gives \"120 min\"",
                  f"shows {text!r} (error {error})")
            error, value, text = got["qtyvalue"]
            check(error == 0 and value == TWO_HOURS_IN_MIN, f"with a fresh profile {FORMULAS['qtyvalue']} gives 120",
                  f"shows {text!r} (error {error})")
        finally:
            result = dpkg("-r", PACKAGE)
            check(result.returncode == 0, "dpkg -r removes the package", result.stdout[-2000:] + result.stderr)

        check(not os.path.exists(BUNDLED_DIR), f"{BUNDLED_DIR} is gone after dpkg -r")
        check(not os.path.exists("/usr/bin/ballpark"), "/usr/bin/ballpark is gone after dpkg -r")
        got = evaluate(args.soffice)
        for name, formula in FORMULAS.items():
            error, value, text = got[name]
            check(error != 0 and text == "#NAME?", f"with a fresh profile after removal {formula} shows #NAME?",
                  f"shows {text!r} (error {error})")
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)
        if installed():  # a crash between install and removal must not leave the package behind
            dpkg("-r", PACKAGE)
    return finish()


def finish():
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
