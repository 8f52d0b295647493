#!/usr/bin/python3
"""Types every row of bad_inputs.tsv into a real headless Calc with the extension installed, recalculates, and
checks that the office stays alive, that each cell shows the expected error code or value, that QTYERROR
explains errors in sentences, and that saving and reloading keeps every formula.

Run by CTest (test bad_inputs_in_libreoffice), or by hand:
    /usr/bin/python3 tests/integration/bad_inputs_test.py --oxt build/addin/ballpark.oxt
Prints "N passed, N failed" and exits non-zero when anything failed.
"""

import argparse
import csv
import math
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from office import FUNCTIONS, Office, _url, prop  # noqa: E402
from office import shown as shown_text  # noqa: E402


HERE = os.path.dirname(os.path.abspath(__file__))
RECALC_TIMEOUT = 180  # seconds; a recalculation that takes longer counts as a hang


def read_rows(path):
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    reader = csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader)
    assert header == ["formula", "expect", "why"], header
    return [row for row in reader if row]


def set_fixtures(sheet):
    def cell(name):
        return sheet.getCellRangeByName(name)
    cell("Z2").setString("abc")
    cell("Z3").setFormula("=1/0")
    cell("Z4").setFormula("=NA()")
    cell("Z5").setValue(1e308)
    cell("Z6").setValue(1e-308)
    cell("Z7").setString("70 billion")
    cell("Z8").setFormula('=REPT("x";10000)')
    cell("Z9").setValue(70e9)
    cell("Z10").setValue(2e12)
    cell("Z11").setString("😀")
    cell("Z12").setFormula("=TRUE()")
    cell("Z13").setValue(-1)
    # Ranges of cells: right and wrong sizes, and empty, text and error cells inside.
    sheet.getCellRangeByName("Y1:Y4").setDataArray(((0.35,), (0.55,), (0.6,), (0.7,)))
    sheet.getCellRangeByName("X1:X2").setDataArray(((0.4,), (0.5,)))
    cell("W1").setValue(0.35)
    cell("V1").setValue(0.35)
    cell("V2").setString("abc")
    # Ranges for one quantity are rows (low, high); a range of several rows is a column of models.
    sheet.getCellRangeByName("W15:X15").setDataArray(((70e9, 2e12),))
    for row in range(16, 21):
        cell(f"W{row}").setValue(0.35)
    cell("W20").setString("1 to 2")
    cell("X17").setString("abc")
    cell("X18").setFormula("=1/0")
    cell("X19").setFormula("=NA()")
    cell("X20").setValue(3)
    cell("R1").setString("2 hour")
    cell("R2").setString("3 kg")


def check(cell, expect):
    """Returns None when the cell shows what `expect` asks for, else what it shows instead."""
    error = cell.getError()
    shown = f"error {error}" if error else f"{cell.getString()!r} ({cell.getValue()!r})"
    if expect == "err":
        return None if error else shown
    if expect.startswith("err:"):
        return None if error == int(expect[4:]) else shown
    if error:
        return shown
    if expect.startswith("num:"):
        wanted = float(expect[4:])
        got = cell.getValue()
        close = math.isclose(got, wanted, rel_tol=1e-6, abs_tol=1e-300 if wanted == 0 else 0)
        return None if close else shown
    if expect.startswith("text:"):
        return None if shown_text(cell.getString()) == expect[5:] else shown
    if expect == "sentence" or expect.startswith("sentence:"):
        text = cell.getString()
        ok = len(text) > 10 and (text[0].isupper() or text[0] == '"') and text.rstrip()[-1] in ".?"
        return None if ok and expect[len("sentence:"):] in text else shown
    raise ValueError(f"unknown expectation {expect!r}")


# The functions QTYERROR can name: every other one.
EXPLAINABLE = set(FUNCTIONS) - {"QTYERROR"}


def explaining_formula(formula):
    """=GPUHOURS(a;b;…) -> =QTYERROR("GPUHOURS";a;b;…), the call that reads the sentence behind its Err:502.
    None when the formula is not one call of a Ballpark function with nothing around it."""
    name, paren, rest = formula[1:].partition("(")
    if not formula.startswith("=") or not paren or name not in EXPLAINABLE:
        return None
    depth, quoted = 1, False
    for i, c in enumerate(rest):
        if c == '"':
            quoted = not quoted  # a doubled "" inside a text toggles twice
        elif not quoted and c in "()":
            depth += 1 if c == "(" else -1
            if depth == 0:
                if i != len(rest) - 1:
                    return None  # something follows the call, as in =GPUHOURS(…)*2
                args = rest[:i]
                return f'=QTYERROR("{name}"' + (f";{args})" if args else ")")
    return None


def recalculate(office, doc):
    """calculateAll with a watchdog: if it does not return in time the office is stopped and this raises."""
    done = threading.Event()

    def watchdog():
        if not done.wait(RECALC_TIMEOUT):
            office.stop(timeout=5)

    threading.Thread(target=watchdog, daemon=True).start()
    try:
        doc.calculateAll()
    finally:
        done.set()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oxt", required=True)
    parser.add_argument("--soffice", default="/usr/lib/libreoffice/program/soffice")
    parser.add_argument("--unopkg", default="/usr/lib/libreoffice/program/unopkg")
    parser.add_argument("--table", default=os.path.join(HERE, "bad_inputs.tsv"))
    args = parser.parse_args()

    rows = read_rows(args.table)
    passed, failures = 0, []
    office = Office(args.soffice, args.unopkg, [args.oxt])
    try:
        office.start()
        doc = office.load()
        sheet = doc.Sheets.getByIndex(0)
        set_fixtures(sheet)
        # Beside each call of a Ballpark function, in column C, QTYERROR with the function's name and the same
        # arguments: a sentence where the call shows Err:502, an empty text where it gives a value.
        explained = {}
        for i, (formula, expect, _why) in enumerate(rows):
            sheet.getCellByPosition(0, i).setFormula(formula)
            explaining = explaining_formula(formula)
            if explaining and (expect == "err:502" or expect.startswith("num:")):
                sheet.getCellByPosition(2, i).setFormula(explaining)
                explained[i] = "sentence" if expect == "err:502" else "text:"
        recalculate(office, doc)

        # The office is alive and still computes.
        probe = sheet.getCellByPosition(1, 0)
        probe.setFormula("=1+1")
        if probe.getValue() == 2:
            passed += 1
        else:
            failures.append("the office stopped computing after the bad inputs")

        formulas = []
        for i, (formula, expect, why) in enumerate(rows):
            cell = sheet.getCellByPosition(0, i)
            formulas.append(cell.getFormula())
            problem = check(cell, expect)
            if problem is None:
                passed += 1
            else:
                failures.append(f"row {i + 1}: {formula} ({why}): expected {expect}, shows {problem}")

        for i, wanted in explained.items():
            cell = sheet.getCellByPosition(2, i)
            problem = check(cell, wanted)
            if problem is None:
                passed += 1
            else:
                failures.append(f"row {i + 1}: {cell.getFormula()} ({rows[i][2]}): expected {wanted}, shows {problem}")
        if len(explained) < 200:
            failures.append(f"only {len(explained)} calls were explained through QTYERROR; the table has more")

        # Saving and reloading keeps every formula, and the reloaded cells give the same outcome.
        path = office.path("bad-inputs.ods")
        doc.storeToURL(_url(path), (prop("FilterName", "calc8"),))
        doc.close(True)
        doc = office.load(_url(path))
        recalculate(office, doc)
        sheet = doc.Sheets.getByIndex(0)
        for i, (formula, expect, why) in enumerate(rows):
            cell = sheet.getCellByPosition(0, i)
            if cell.getFormula() != formulas[i]:
                failures.append(f"row {i + 1}: formula changed on reload: {formulas[i]!r} -> {cell.getFormula()!r}")
            elif check(cell, expect) is not None:
                failures.append(f"row {i + 1}: after reload {formula} ({why}) shows {check(cell, expect)}")
            else:
                passed += 1
        doc.close(True)
    except Exception as e:  # a dropped bridge means the office died or hung: that is a failure, not a crash here
        failures.append(f"the test could not finish: {type(e).__name__}: {e}")
    finally:
        office.cleanup()

    for f in failures:
        print("FAIL:", f)
    print(f"{passed} passed, {len(failures)} failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
