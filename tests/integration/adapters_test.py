#!/usr/bin/python3
"""The two adapters side by side: the C++ component (ballpark.oxt) and the Python one over the C interface
(ballpark-python.oxt), each installed in an office of its own and given the same cells: every formula of the
sample sheets, every row of bad_inputs.tsv with QTYERROR's sentence beside each call, and array formulas (columns
of models, several parts) with cells that read their rows. Every cell must show the same in both, each cell of an
array too: the same error code, the same text, the same number to the last bit.

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
from plans_test import COLUMNS, FIRST, PRICE, ROW_COST, RUNS, U  # noqa: E402

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
    """Every formula cell of every sheet, each cell of an array formula ({=…}) included: (sheet name, column, row,
    formula)."""
    out = []
    for s in range(doc.Sheets.getCount()):
        sheet = doc.Sheets.getByIndex(s)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.RangeAddress
        formulas = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow).getFormulaArray()
        for r, row in enumerate(formulas):
            for c, formula in enumerate(row):
                if formula.startswith(("=", "{=")):
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


# The plan of plans_test.py as columns of models (rows 5 to 8, row 8 blank), and a copy of its tokens (N5:O8) whose
# second row lacks its high end. Each array formula over a range, then formulas that read the arrays' cells.
BAD_COLUMNS = COLUMNS.replace("B5:C8", "N5:O8")
ARRAY_FORMULAS = [
    ("E5:E8", f'=QTY("{ROW_COST}";"USD";{COLUMNS})'),
    ("F5:F8", f'=QTYDIST("{ROW_COST}";"USD";{COLUMNS})'),
    ("G5:H8", f'=QTYVALUE("{ROW_COST}";"USD";"low high";{COLUMNS})'),
    ("I5:J8", f'=QTYVALUE("{ROW_COST}";"million USD";"p5 p95";{COLUMNS})'),
    ("L5:L10", f'=QTYVALUE("{ROW_COST}";"USD";"central";{COLUMNS})'),  # two cells more than rows: #N/A
    ("M5:M8", f'=QTY("{ROW_COST}";"USD";{BAD_COLUMNS})'),  # a bad row: every cell Err:502
    ("P1:R1", '=QTYVALUE(E3;"USD";"low central high")'),
    ("P2:R2", '=QTYVALUE(F3;"USD";"p5 median p95")'),
    ("P3:Q3", '=QTYVALUE("u";;"high low";"u";"normal(1, 0.1)")'),  # bounds of a normal: Err:502
]
READING_FORMULAS = [
    ("E3", f'=QTY("sum({ROW_COST})";"USD";{COLUMNS})'),
    ("F3", f'=QTYDIST("sum({ROW_COST})";"USD";{COLUMNS})'),
    ("E10", '=QTYSUM(E5:E8;"USD")'),
    ("F10", '=QTYSUM(F5:F8;"USD")'),
    ("E11", '=QTYVALUE(E6;"USD";"high")'),
    ("F11", '=QTYVALUE(F7;"USD";"p95")'),
    ("E12", '=QTY("a / b";;"a";E5;"b";E6)'),
    ("E13", '=QTYTEXT(E7;"million USD";4)'),
    ("G12", f'=QTYVALUE("{ROW_COST}";"USD";"low high";{COLUMNS})'),  # one cell: the first row's first part
    ("M10", f'=QTYERROR("QTY";"{ROW_COST}";"USD";{BAD_COLUMNS})'),
]


def fill_arrays(sheet):
    sheet.getCellRangeByName("B1:C1").setDataArray((U,))
    sheet.getCellRangeByName("B2:C2").setDataArray((PRICE,))
    for k, (p, lo, hi, peak) in enumerate(RUNS):
        r = FIRST + k
        sheet.getCellRangeByName(f"A{r}:C{r}").setDataArray(((p, lo, hi),))
        sheet.getCellRangeByName(f"N{r}:O{r}").setDataArray(((lo, "" if k == 1 else hi),))
        sheet.getCellRangeByName(f"D{r}").setString(f"{peak:g} FLOP/s")
    for where, formula in READING_FORMULAS[:2]:
        sheet.getCellRangeByName(where).setFormula(formula)
    for where, formula in ARRAY_FORMULAS:
        sheet.getCellRangeByName(where).setArrayFormula(formula)
    for where, formula in READING_FORMULAS[2:]:
        sheet.getCellRangeByName(where).setFormula(formula)


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

    def test_every_cell_of_the_array_formulas_and_of_the_cells_reading_them(self):
        results, cells = {}, None
        for name, o in OFFICES.items():
            doc = o.load()
            try:
                fill_arrays(doc.Sheets.getByIndex(0))
                doc.calculateAll()
                found = formula_cells(doc)
                self.assertEqual(found, cells or found, "the two offices read different formulas")
                cells = found
                results[name] = shown(doc, cells)
            finally:
                doc.close(True)
        in_arrays = [i for i, (*_, f) in enumerate(cells) if f.startswith("{=")]
        self.assertEqual(len(in_arrays), 4 + 4 + 8 + 8 + 6 + 4 + 3 + 3 + 2)
        ours = results["C++"]
        # The arrays hold results, not errors, where they should: both adapters failing alike would also agree.
        self.assertEqual(sum(1 for i in in_arrays if ours[i][0] == 0), 4 + 4 + 8 + 8 + 4 + 3 + 3)
        self.assertGreater(len([i for i in in_arrays if ours[i][1] == "" and ours[i][0] == 0]), 6, "the blank row")
        self.assertSameCells(cells, results)

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
