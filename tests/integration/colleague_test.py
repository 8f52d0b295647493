#!/usr/bin/python3
"""What a colleague without the extension sees in the sample sheets, and what survives a round trip through .xlsx.

1. A second LibreOffice with a fresh profile and NO ballpark.oxt opens each committed sheet. Every formula cell
   shows a value on load (the sheets store each formula's result and give each cell a number format); the test
   counts them, checks each shown number against the result stored in the file, then recalculates (what F9 or an
   edited input does) and counts again: every cell that calls a Ballpark function, and every cell that takes a
   number from one, then shows #NAME? or another error.
2. A LibreOffice WITH the extension opens each sheet, recalculates, saves it as .xlsx, and opens the .xlsx again:
   every formula is still the same formula, and every value is the same before and after a recalculation.

Run by CTest (test colleague_sheets_in_libreoffice), or by hand:
    /usr/bin/python3 tests/integration/colleague_test.py --oxt build/addin/ballpark.oxt
Prints the counts and "N passed, N failed"; exits non-zero when anything failed.
"""

import math
import os
import sys
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import office  # noqa: E402
from office import Office, _url, prop  # noqa: E402

from com.sun.star.table.CellContentType import FORMULA as FORMULA_CELL  # noqa: E402

SHEET_DIR = os.path.join(ROOT, "sample-sheets")
SHEETS = ["llama-comparison", "model-budgets", "unit-cookbook", "training-budget", "quarter-plan", "back-test"]
ADDIN = "ORG.BALLPARK.CALCADDIN."
NS = {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
      "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0"}

ARGS = None


def stored_results(name):
    """{(row, column): stored result} of the formula cells of a committed sheet, the cells an array formula covers
    included, read from its XML (not through LibreOffice): a float for office:value, a text for
    office:string-value, None when the cell stores nothing."""
    tree = ET.parse(os.path.join(SHEET_DIR, name + ".fods"))
    table = tree.find(".//table:table", NS)
    q = "{%s}" % NS["table"]
    o = "{%s}" % NS["office"]
    cells, covered = {}, set()
    for r, row in enumerate(table.findall("table:table-row", NS)):
        c = 0
        for cell in row.findall("table:table-cell", NS):
            cells[(r, c)] = cell
            if cell.get(q + "formula") is not None:
                rows = int(cell.get(q + "number-matrix-rows-spanned", "1"))
                columns = int(cell.get(q + "number-matrix-columns-spanned", "1"))
                covered.update((r + i, c + j) for i in range(rows) for j in range(columns))
            c += int(cell.get(q + "number-columns-repeated", "1"))
    out = {}
    for key in covered:
        cell = cells.get(key)
        if cell is None:
            out[key] = None
        elif cell.get(o + "value") is not None:
            out[key] = float(cell.get(o + "value"))
        else:
            out[key] = cell.get(o + "string-value")
    return out


def formula_cells(sheet):
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    rows, cols = cursor.RangeAddress.EndRow + 1, cursor.RangeAddress.EndColumn + 1
    return [sheet.getCellByPosition(c, r) for r in range(rows) for c in range(cols)
            if sheet.getCellByPosition(c, r).getType() == FORMULA_CELL]


def shows_a_value(cell):
    """A number or a text, not an error and not blank."""
    return cell.getError() == 0 and cell.getString() != "" and not cell.getString().startswith(("#", "Err:"))


def needs_the_extension(cell, sheet, memo):
    """Whether the cell's result comes from a Ballpark function: its own formula calls one, or a cell it takes a
    value from does. (FORMULA(C5) takes C5's formula text, not its value, so it does not count.)"""
    key = cell.AbsoluteName
    if key in memo:
        return memo[key]
    memo[key] = False  # no cycles in these sheets; this stops one if it ever appears
    text = cell.getFormula()
    result = ADDIN in text.upper()
    if not result and not text.upper().startswith("=FORMULA("):
        for ranges in cell.queryPrecedents(False).getRangeAddresses():
            for r in range(ranges.StartRow, ranges.EndRow + 1):
                for c in range(ranges.StartColumn, ranges.EndColumn + 1):
                    other = sheet.getCellByPosition(c, r)
                    if other.getType() == FORMULA_CELL and needs_the_extension(other, sheet, memo):
                        result = True
    memo[key] = result
    return result


def reads_an_array(cell, sheet, arrays, memo):
    """Whether the cell takes a value from one of the array formulas' cells (AbsoluteNames in `arrays`), directly or
    through other cells."""
    key = cell.AbsoluteName
    if key in memo:
        return memo[key]
    memo[key] = False
    result = False
    for ranges in cell.queryPrecedents(False).getRangeAddresses():
        for r in range(ranges.StartRow, ranges.EndRow + 1):
            for c in range(ranges.StartColumn, ranges.EndColumn + 1):
                other = sheet.getCellByPosition(c, r)
                if other.AbsoluteName in arrays or (other.getType() == FORMULA_CELL
                                                    and reads_an_array(other, sheet, arrays, memo)):
                    result = True
    memo[key] = result
    return result


class WithoutTheExtension(unittest.TestCase):
    """A colleague's LibreOffice: a fresh profile, no ballpark.oxt."""

    @classmethod
    def setUpClass(cls):
        cls.office = Office(ARGS.soffice, ARGS.unopkg, [], locale=ARGS.locale).start()

    @classmethod
    def tearDownClass(cls):
        cls.office.cleanup()

    def test_every_formula_cell_shows_its_stored_value_until_a_recalculation(self):
        for name in SHEETS:
            stored = stored_results(name)
            doc = self.office.open_copy(os.path.join(SHEET_DIR, name + ".fods"))
            try:
                sheet = doc.Sheets.getByIndex(0)
                cells = formula_cells(sheet)
                # FORMULA(C5) shows the text of C5's formula, which LibreOffice works out again on load: without
                # the extension it spells the call as it reads it, =org.ballpark.calcaddin.unitconvert(...).
                formula_text = [c for c in cells if c.getFormula().upper().startswith("=FORMULA(")]
                blank = [c for c in cells if stored.get((c.CellAddress.Row, c.CellAddress.Column)) == ""]
                # Blank by design after a recalculation too: an IF that leaves a cell empty without calling Ballpark.
                # A blank row of an array formula's column is part of that formula's call and shows its error.
                stays_blank = [c for c in blank if not c.getFormula().startswith("{")]
                # An array formula that calls Ballpark shows #NAME? at once: LibreOffice keeps the stored result of
                # a plain formula whose function it does not know, not an array formula's (measured in 7.4).
                arrays = [c for c in cells if c.getFormula().startswith("{") and ADDIN in c.getFormula().upper()]
                # A plain formula that reads such an array's cells (quarter-plan's histogram beside its QTYBINS) is
                # worked out again on load after the array, and shows the array's error too.
                array_names, memo = {c.AbsoluteName for c in arrays}, {}
                from_arrays = [c for c in cells if c not in arrays and reads_an_array(c, sheet, array_names, memo)]
                before = [c for c in cells if shows_a_value(c)]
                with self.subTest(sheet=name, when="on load"):
                    self.assertGreater(len(cells), 10)
                    self.assertEqual([c.AbsoluteName for c in cells
                                      if c.getError() and c not in arrays and c not in from_arrays], [])
                    for c in cells:
                        key = (c.CellAddress.Row, c.CellAddress.Column)
                        self.assertIn(key, stored, f"{c.AbsoluteName} is a formula the file does not store")
                        if c in from_arrays:
                            self.assertFalse(shows_a_value(c), f"{c.AbsoluteName} shows {c.getString()}")
                        elif c in arrays:
                            self.assertEqual(c.getString(), "#NAME?", c.AbsoluteName)
                        elif c in formula_text:
                            self.assertIn("org.ballpark.calcaddin.", c.getString().lower(),
                                            c.getString())
                        elif isinstance(stored[key], float):
                            self.assertTrue(math.isclose(c.getValue(), stored[key], rel_tol=1e-12),
                                            f"{c.AbsoluteName} shows {c.getValue()!r}, stored {stored[key]!r}")
                        else:
                            self.assertEqual(c.getString(), stored[key], c.AbsoluteName)
                    self.assertEqual(len(before), len(cells) - len(blank) - len([c for c in arrays if c not in blank])
                                     - len(from_arrays))
                memo = {}
                need = [c for c in cells if needs_the_extension(c, sheet, memo)]
                doc.calculateAll()
                after = [c for c in cells if shows_a_value(c)]
                with self.subTest(sheet=name, when="after recalculating"):
                    # A cell that needs the extension shows an error, unless an IF leaves it blank without ever
                    # calling the function (the empty "Your model" row); every other cell keeps its value.
                    for c in need:
                        if c in stays_blank:
                            self.assertEqual((c.getError(), c.getString()), (0, ""), c.AbsoluteName)
                        else:
                            self.assertFalse(shows_a_value(c), f"{c.AbsoluteName} still shows {c.getString()}")
                    self.assertEqual(len(after), len(cells) - len(need) - len([c for c in blank if c not in need]))
                    calls = [c for c in cells if ADDIN in c.getFormula().upper() and c not in stays_blank]
                    self.assertTrue(calls)
                    for c in calls:
                        self.assertEqual(c.getString(), "#NAME?", c.AbsoluteName)
                print(f"{name}: {len(cells)} formula cells, {len(blank)} of them blank by design, {len(arrays)} in "
                      f"array formulas, {len(from_arrays)} reading them; without the extension {len(before)} show a value on load, {len(after)} after "
                      f"a recalculation ({len(calls)} call a Ballpark function and show #NAME?)", file=sys.stderr)
            finally:
                doc.close(True)


class XlsxRoundTrip(unittest.TestCase):
    """Saved as .xlsx with the extension and opened again with it: formulas and values survive."""

    @classmethod
    def setUpClass(cls):
        cls.office = Office(ARGS.soffice, ARGS.unopkg, [ARGS.oxt], locale=ARGS.locale).start()

    @classmethod
    def tearDownClass(cls):
        cls.office.cleanup()

    def test_formulas_and_values_survive_xlsx(self):
        for name in SHEETS:
            doc = self.office.open_copy(os.path.join(SHEET_DIR, name + ".fods"))
            xlsx = self.office.path(name + ".xlsx")
            try:
                doc.calculateAll()
                cells = formula_cells(doc.Sheets.getByIndex(0))
                before = {c.AbsoluteName.split(".")[-1]: (c.getFormula(), c.getValue(), c.getString())
                          for c in cells}
                doc.storeToURL(_url(xlsx), (prop("FilterName", "Calc MS Excel 2007 XML"),))
            finally:
                doc.close(True)
            for recalculated in (False, True):
                doc = self.office.load(_url(xlsx))
                try:
                    if recalculated:
                        doc.calculateAll()
                    sheet = doc.Sheets.getByIndex(0)
                    for address, (formula, value, shown) in before.items():
                        cell = sheet.getCellRangeByName(address)
                        with self.subTest(sheet=name, cell=address, recalculated=recalculated):
                            self.assertEqual(cell.getType(), FORMULA_CELL)
                            self.assertEqual(cell.getFormula(), formula)
                            self.assertEqual(cell.getError(), 0, cell.getString())
                            self.assertTrue(math.isclose(cell.getValue(), value, rel_tol=1e-12),
                                            f"{cell.getValue()!r} != {value!r}")
                            self.assertEqual(cell.getString(), shown)
                finally:
                    doc.close(True)


if __name__ == "__main__":
    sys.exit(office.main(sys.modules[__name__], deadline=480))
