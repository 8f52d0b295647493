#!/usr/bin/python3
"""The two adapters side by side: the C++ component (ballpark.oxt) and the Python one over the C interface
(ballpark-python.oxt), each installed in an office of its own and given the same cells: every formula of the
sample sheets, and every row of bad_inputs.tsv with QTYERROR's sentence beside each call. Every cell must show the
same in both: the same error code, the same text, the same number to the last bit.

Run by CTest (tests adapters_agree_in_libreoffice_python*), or by hand:
    /usr/bin/python3 tests/integration/adapters_test.py --oxt build/addin/ballpark.oxt \
        --python-oxt build/addin/ballpark-python.oxt
Prints "N passed, N failed" and exits non-zero when anything failed.
"""

import argparse
import glob
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import office  # noqa: E402  (needs the path above)
from office import FUNCTIONS, Office  # noqa: E402
from bad_inputs_test import explaining_formula, read_rows, recalculate, set_fixtures  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SHEET_DIR = os.path.join(HERE, "..", "..", "sample-sheets")

ARGS = None
PYTHON_OXT = None
OFFICES = {}  # "C++" and "Python": one office each, with that adapter installed


def setUpModule():
    try:
        for name, oxt in (("C++", ARGS.oxt), ("Python", PYTHON_OXT)):
            OFFICES[name] = Office(ARGS.soffice, ARGS.unopkg, [oxt])
            OFFICES[name].start()
    except BaseException:  # tearDownModule does not run after a failed setUpModule
        tearDownModule()
        raise


def tearDownModule():
    for o in OFFICES.values():
        o.cleanup()
    OFFICES.clear()


def formula_cells(doc):
    """Every formula cell of every sheet: (sheet name, column, row, formula)."""
    out = []
    for s in range(doc.Sheets.getCount()):
        sheet = doc.Sheets.getByIndex(s)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.RangeAddress
        formulas = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow).getFormulaArray()
        for r, row in enumerate(formulas):
            for c, formula in enumerate(row):
                if formula.startswith("="):
                    out.append((sheet.Name, c, r, formula))
    return out


def shown(doc, cells):
    """What each cell shows: its error code, its text and its number."""
    out = []
    for sheet_name, c, r, _formula in cells:
        cell = doc.Sheets.getByName(sheet_name).getCellByPosition(c, r)
        out.append((cell.getError(), cell.getString(), cell.getValue()))
    return out


def calls_ballpark(formula):
    return any(name + "(" in formula.upper() for name in FUNCTIONS)


class SameCells(unittest.TestCase):
    maxDiff = None  # every cell that differs, in full
    def assertSameCells(self, cells, results):
        ours, theirs = results["C++"], results["Python"]
        self.assertEqual(len(ours), len(theirs))
        differ = [f"{s}.{chr(65 + c) if c < 26 else c}{r + 1}: {f}: C++ shows {a!r}, Python {b!r}"
                  for (s, c, r, f), a, b in zip(cells, ours, theirs) if a != b]
        self.assertEqual(differ, [], f"{len(differ)} of {len(cells)} cells differ")

    def test_every_cell_of_the_sample_sheets(self):
        sheets = sorted(glob.glob(os.path.join(SHEET_DIR, "*.fods")))
        self.assertGreaterEqual(len(sheets), 4)
        total = 0
        for path in sheets:
            with self.subTest(sheet=os.path.basename(path)):
                results, cells = {}, None
                for name, o in OFFICES.items():
                    doc = o.open_copy(path)
                    try:
                        doc.calculateAll()
                        found = formula_cells(doc)
                        self.assertEqual(found, cells or found, "the two offices read different formulas")
                        cells = found
                        results[name] = shown(doc, cells)
                    finally:
                        doc.close(True)
                ballpark_cells = sum(1 for *_, f in cells if calls_ballpark(f))
                self.assertGreater(ballpark_cells, 10, "the sheet should call Ballpark's functions")
                total += ballpark_cells
                self.assertSameCells(cells, results)
        print(f"\n    {total} cells calling Ballpark in the sample sheets agree", file=sys.stderr)

    def test_every_bad_input_and_its_sentence(self):
        rows = read_rows(os.path.join(HERE, "bad_inputs.tsv"))
        results, cells = {}, None
        for name, o in OFFICES.items():
            doc = o.load()
            try:
                sheet = doc.Sheets.getByIndex(0)
                set_fixtures(sheet)
                for i, (formula, _expect, _why) in enumerate(rows):
                    sheet.getCellByPosition(0, i).setFormula(formula)
                    explaining = explaining_formula(formula)
                    if explaining:
                        sheet.getCellByPosition(2, i).setFormula(explaining)
                recalculate(o, doc)
                cells = [c for c in formula_cells(doc) if c[1] in (0, 2)]
                results[name] = shown(doc, cells)
            finally:
                doc.close(True)
        sentences = sum(1 for error, text, _ in results["C++"] if not error and len(text) > 10)
        self.assertGreater(len(cells), len(rows), "the rows and their QTYERROR cells")
        self.assertGreater(sentences, 200, "QTYERROR should explain most rows")
        self.assertSameCells(cells, results)


if __name__ == "__main__":
    # --python-oxt is this test's own; the rest is the shared command line of office.main.
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--python-oxt", required=True)
    known, sys.argv[1:] = parser.parse_known_args()
    PYTHON_OXT = known.python_oxt
    sys.exit(office.main(sys.modules[__name__], deadline=280))
