#!/usr/bin/python3
"""Types every example of the table of sheet functions (addin/sheet_table.py, each row's `examples`) into a real
headless Calc with the extension installed, recalculates, and checks each result against the row: a number against
the row's own arithmetic, a text exactly, an error as Err:502 with QTYERROR's sentence for the same call, and
beside every value an empty QTYERROR. These are the examples the documentation's table of functions shows
(docs/addin.md, "The functions").

Run by CTest (test examples_in_libreoffice), or by hand:
    /usr/bin/python3 tests/integration/examples_test.py --oxt build/addin/ballpark.oxt
Prints "N passed, N failed" and exits non-zero when anything failed.
"""

import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "addin"))

import generate_declarations  # noqa: E402
from bad_inputs_test import explaining_formula, recalculate  # noqa: E402
from office import Office, shown  # noqa: E402

TABLE = generate_declarations.load(os.path.join(HERE, "..", "..", "addin", "sheet_table.py"))
# Where each example's call and its QTYERROR go on the example's own sheet, apart from every cell an example reads.
CALL, EXPLAINED = "H1", "H2"


def examples():
    """(function, example) of every row, in the table's order."""
    return [(f, e) for f in TABLE.ROWS for e in f.examples]


def check(sheet, example):
    """None when the example's cells show what its row says, else what they show instead."""
    cell = sheet.getCellRangeByName(CALL)
    error = cell.getError()
    if example.error is not None:
        sentence = shown(sheet.getCellRangeByName(EXPLAINED).getString())
        if error == 502 and sentence == example.error:
            return None
        return f"error {error}, explained as {sentence!r}"
    if error:
        return f"error {error}"
    explained = shown(sheet.getCellRangeByName(EXPLAINED).getString())
    if explained:
        return f"a value, but QTYERROR of the same call says {explained!r}"
    if example.text is not None:
        text = shown(cell.getString())
        return None if text == example.text else repr(text)
    wanted, got = generate_declarations.example_number(example), cell.getValue()
    return None if math.isclose(got, wanted, rel_tol=example.tolerance) else f"{got!r}, where {wanted!r} was expected"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oxt", required=True)
    parser.add_argument("--soffice", default="/usr/lib/libreoffice/program/soffice")
    parser.add_argument("--unopkg", default="/usr/lib/libreoffice/program/unopkg")
    args = parser.parse_args()

    cases = examples()
    passed, failures = 0, []
    office = Office(args.soffice, args.unopkg, [args.oxt])
    try:
        office.start()
        doc = office.load()
        sheets = []
        # Each example on a sheet of its own, so that the cells one reads are no other's.
        for i, (_, example) in enumerate(cases):
            name = f"example{i + 1}"
            doc.Sheets.insertNewByName(name, doc.Sheets.getCount())
            sheet = doc.Sheets.getByName(name)
            for address, content in example.cells.items():
                sheet.getCellRangeByName(address).setFormula(content)
            sheet.getCellRangeByName(CALL).setFormula(example.formula)
            # Beside it, QTYERROR of the same call: the sentence of an error, an empty text beside a value (QTYERROR's
            # own examples have none).
            explaining = explaining_formula(example.formula)
            if explaining:
                sheet.getCellRangeByName(EXPLAINED).setFormula(explaining)
            sheets.append(sheet)
        recalculate(office, doc)
        for (f, example), sheet in zip(cases, sheets):
            problem = check(sheet, example)
            if problem is None:
                passed += 1
            else:
                failures.append(f"{f.name}: {example.formula} shows {problem}")
        doc.close(True)
    except Exception as e:  # a dropped bridge means the office died or hung: that is a failure, not a crash here
        failures.append(f"the test could not finish: {type(e).__name__}: {e}")
    finally:
        office.cleanup()

    for failure in failures:
        print("FAIL:", failure)
    print(f"{passed} passed, {len(failures)} failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
