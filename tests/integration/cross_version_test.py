#!/usr/bin/python3
"""Files that cross LibreOffice versions: a sheet saved by one office, with the extension, opens in the other with
every Ballpark formula live and every value the same, before and after a recalculation; as .xlsx and as .ods.

Each office is driven by its own Python-UNO (Debian 12's python3-uno cannot drive a 25.2 office), so every step
runs in a worker process under the Python given for that office and reports back in JSON:

    worker: open FILE with the extension, record every formula cell (formula, value, text, error) as loaded,
            recalculate, record again, and save the recalculated sheet as .xlsx and .ods.

The test itself opens the training-budget sample sheet in office A, saves it in both formats, opens each file in
office B, and compares B's cells with A's. It runs both ways, 7.4 to the current office and back.

    /usr/bin/python3 tests/integration/cross_version_test.py --oxt build/addin/ballpark.oxt \\
        --current-python build/libreoffice-current/python3 \\
        --current-soffice build/libreoffice-current/root/usr/lib/libreoffice/program/soffice
Prints "N passed, N failed"; exits non-zero when anything failed.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHEET = os.path.join(ROOT, "sample-sheets", "training-budget.fods")
FILTERS = {".xlsx": "Calc MS Excel 2007 XML", ".ods": "calc8"}
ARGS = None


def worker(soffice, unopkg, oxt, source, out_dir):
    """Runs inside one office's Python: prints {"version", "before", "after"} for `source` and saves the
    recalculated sheet into out_dir as sheet.xlsx and sheet.ods."""
    sys.path.insert(0, HERE)
    from office import Office, _url, prop
    from com.sun.star.table.CellContentType import FORMULA

    def cells(doc):
        out = {}
        sheet = doc.Sheets.getByIndex(0)
        used = sheet.createCursor()
        used.gotoEndOfUsedArea(False)
        end = used.getRangeAddress()
        for row in range(end.EndRow + 1):
            for column in range(end.EndColumn + 1):
                cell = sheet.getCellByPosition(column, row)
                if cell.getType() == FORMULA:
                    out[cell.AbsoluteName.split(".")[-1].replace("$", "")] = {
                        "formula": cell.getFormula(), "value": cell.getValue(), "text": cell.getString(),
                        "error": cell.getError()}
        return out

    with Office(soffice, unopkg, [oxt]) as office:
        provider = office.create("com.sun.star.configuration.ConfigurationProvider")
        product = provider.createInstanceWithArguments(
            "com.sun.star.configuration.ConfigurationAccess", (prop("nodepath", "/org.openoffice.Setup/Product"),))
        version = product.getByName("ooSetupVersionAboutBox")
        # Under a name of its own: the office cannot save over the file it has open.
        copy = office.path("opened" + os.path.splitext(source)[1])
        shutil.copyfile(source, copy)
        os.chmod(copy, 0o644)
        doc = office.load(_url(copy))
        try:
            before = cells(doc)
            doc.calculateAll()
            after = cells(doc)
            for suffix, name in FILTERS.items():
                saved = office.path("sheet" + suffix)
                doc.storeToURL(_url(saved), (prop("FilterName", name),))
                shutil.copyfile(saved, os.path.join(out_dir, "sheet" + suffix))
        finally:
            doc.close(True)
    print(json.dumps({"version": version, "before": before, "after": after}))


def run_worker(python, soffice, unopkg, source, out_dir):
    # This process's uno module has set URE_BOOTSTRAP to its own office's fundamentalrc; the other office's tools
    # would start with it and fail.
    env = {k: v for k, v in os.environ.items() if k != "URE_BOOTSTRAP"}
    done = subprocess.run([python, os.path.abspath(__file__), "--worker", "--soffice", soffice, "--unopkg", unopkg,
                           "--oxt", ARGS.oxt, "--source", source, "--out", out_dir],
                          capture_output=True, text=True, timeout=240, stdin=subprocess.DEVNULL, env=env)
    if done.returncode != 0:
        raise RuntimeError(f"the worker under {soffice} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def call_name(formula):
    """The Ballpark function a formula calls, whichever name the office writes it with ("QTYVALUE(" in 25.2's
    display of a file, "ORG.BALLPARK.CALCADDIN.QTYVALUE(" in 7.4's): upper case, without the service prefix."""
    return formula.upper().replace("ORG.BALLPARK.CALCADDIN.", "")


class CrossVersion(unittest.TestCase):
    """Office A saves; office B opens. Set up once per direction in setUpClass."""

    offices = {}

    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="ballpark-cross-")
        os.chmod(cls.work, 0o755)
        cls.offices = {"system": (ARGS.python, ARGS.soffice, ARGS.unopkg),
                       "current": (ARGS.current_python, ARGS.current_soffice, ARGS.current_unopkg)}
        cls.saved = {}
        for name, office in cls.offices.items():
            out = os.path.join(cls.work, name)
            os.makedirs(out)
            os.chmod(out, 0o755)
            cls.saved[name] = (run_worker(*office, SHEET, out), out)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def check(self, writer, reader, suffix):
        written, out = self.saved[writer]
        opened = run_worker(*self.offices[reader], os.path.join(out, "sheet" + suffix),
                            tempfile.mkdtemp(dir=self.work))
        expected = written["after"]
        self.assertGreater(len(expected), 40, "the sample sheet should have its Ballpark cells")
        for stage in ("before", "after"):
            cells = opened[stage]
            self.assertEqual(sorted(cells), sorted(expected), f"{reader} sees other formula cells ({stage})")
            for address, want in expected.items():
                got = cells[address]
                with self.subTest(writer=written["version"], reader=opened["version"], file=suffix, stage=stage,
                                  cell=address):
                    self.assertEqual(got["error"], 0, f"{address} shows {got['text']!r} for {got['formula']}")
                    self.assertEqual(call_name(got["formula"]), call_name(want["formula"]))
                    self.assertTrue(math.isclose(got["value"], want["value"], rel_tol=1e-12, abs_tol=1e-300),
                                    f"{got['value']!r} != {want['value']!r}")
                    self.assertEqual(got["text"], want["text"])

    def test_xlsx_from_the_system_office_opens_in_the_current_one(self):
        self.check("system", "current", ".xlsx")

    def test_xlsx_from_the_current_office_opens_in_the_system_one(self):
        self.check("current", "system", ".xlsx")

    def test_ods_from_the_system_office_opens_in_the_current_one(self):
        self.check("system", "current", ".ods")

    def test_ods_from_the_current_office_opens_in_the_system_one(self):
        self.check("current", "system", ".ods")


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--oxt", required=True)
    parser.add_argument("--soffice", default="/usr/lib/libreoffice/program/soffice")
    parser.add_argument("--unopkg", default="/usr/lib/libreoffice/program/unopkg")
    parser.add_argument("--python", default="/usr/bin/python3", help="the Python whose uno drives --soffice")
    parser.add_argument("--current-soffice", default=os.environ.get("BALLPARK_LO_CURRENT_SOFFICE"))
    parser.add_argument("--current-unopkg", default=os.environ.get("BALLPARK_LO_CURRENT_UNOPKG"))
    parser.add_argument("--current-python", default=os.environ.get("BALLPARK_LO_CURRENT_PYTHON"))
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--source", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    ARGS = parser.parse_args()
    if ARGS.worker:
        worker(ARGS.soffice, ARGS.unopkg, ARGS.oxt, ARGS.source, ARGS.out)
        return 0
    if not (ARGS.current_soffice and ARGS.current_python):
        parser.error("give the current office: --current-soffice and --current-python (scripts/libreoffice-current.sh)")
    if not ARGS.current_unopkg:
        ARGS.current_unopkg = os.path.join(os.path.dirname(ARGS.current_soffice), "unopkg")
    sys.path.insert(0, HERE)
    from office import run_module_tests
    return run_module_tests(sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main())
