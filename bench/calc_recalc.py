#!/usr/bin/python3
"""Recalculation cost per cell in a real headless LibreOffice: Ballpark's sheet functions side by side with
built-in arithmetic and LibreOffice's own (Analysis add-in) CONVERT.

One soffice session; one Calc document with one sheet per formula. Column A holds 1e9, 2e9, ... N*1e9; the
formula is typed into B1 with setFormula and filled down to row N with fillAuto (setFormulaArray is quadratic
in LibreOffice 7.4). Every result in column B is checked before anything is timed. Then each document gets a
warm-up calculateAll and REPS timed ones, taken round-robin across the documents so that a noisy neighbour
hurts every formula alike; the table gives the median.

    cmake --build build -j2 --target oxt
    /usr/bin/python3 bench/calc_recalc.py --oxt build/addin/ballpark.oxt          # N = 100,000, writes the doc
    /usr/bin/python3 bench/calc_recalc.py --oxt build/addin/ballpark.oxt -n 200 --reps 1 --no-write   # smoke

Runs with Debian's /usr/bin/python3 (python3-uno). The table goes into docs/performance.md between
'<!-- calc-recalc:begin -->' and '<!-- calc-recalc:end -->'.
"""

import argparse
import datetime
import math
import os
import platform
import re
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))

from office import Office, prop, shown  # noqa: E402  (tests/integration/office.py: throwaway profile, bounded waits)
import plans_test  # noqa: E402  (the three-run plan and its references)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bench_report import cpu_name, write_section  # noqa: E402

from com.sun.star.sheet.FillDirection import TO_BOTTOM  # noqa: E402

ONE_LINER = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour"
WITH_NAMES = "6 FLOP * params * tokens / (peak * util) as million hour"
BINDINGS = '"params";A1;"tokens";"2 trillion";"peak";"312 TFLOP/s";"util";"35% to 55%"'

A100 = 312e12
FOOT = 0.3048


def a(row):
    """The value in column A of a 1-based row."""
    return row * 1e9


def hours(params, util):
    return 6 * params * 2e12 / (A100 * util) / 3600


# (key, what the table calls it, formula in row 1, expected value of a row or a checker, is this a floor/reference)
# A checker returns None when the cell is right, else what is wrong.
def close(expected, rel=1e-9):
    def check(row, got):
        want = expected(row)
        if not isinstance(got, float) or not math.isclose(got, want, rel_tol=rel):
            return f"{got!r}, expected {want!r}"
        return None
    return check


QTY_TEXT = re.compile(r"^(?P<c>[0-9.]+(?: × 10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+)?) \[(?P<lo>[^,]+), (?P<hi>[^\]]+)\] (?P<unit>.+)$")
SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")


def shown_number(text):
    """Reads '1.7', '2.4 × 10⁻⁸' or '24' as a float."""
    if " × 10" in text:
        mantissa, exponent = text.split(" × 10")
        return float(mantissa) * 10 ** int(exponent.translate(SUPERSCRIPT))
    return float(text)


def qty_text(expected_central, exact=None):
    """QTY results: the exact text where known, else the shape 'c [lo, hi] million hour' with c within rounding."""
    def check(row, got):
        got = shown(got) if isinstance(got, str) else got
        if exact and exact(row) is not None:
            return None if got == exact(row) else f"{got!r}, expected {exact(row)!r}"
        m = QTY_TEXT.match(got) if isinstance(got, str) else None
        if not m or m["unit"] != "million hour":
            return f"{got!r} is not a range in million hour"
        central, want = shown_number(m["c"]), expected_central(row)
        if not math.isclose(central, want, rel_tol=0.06):  # shown with two significant digits
            return f"{got!r}, expected a central value near {want:.3g}"
        return None
    return check


CASES = [
    ("builtin", "`=A1*2` (built-in arithmetic)", "=A1*2", close(lambda r: 2 * a(r))),
    ("floor", "`TRAININGFLOP(A1;2E12)` (the floor)", "=TRAININGFLOP(A1;2E12)", close(lambda r: 6 * a(r) * 2e12)),
    # Typed as CONVERT through the API, Calc takes the old currency CONVERT; the Analysis add-in's programmatic
    # name is the unambiguous spelling (the cell then shows CONVERT in an English UI).
    ("convert", 'LibreOffice `CONVERT(A1;"m";"ft")` (Analysis add-in)',
     '=com.sun.star.sheet.addin.Analysis.getConvert(A1;"m";"ft")', close(lambda r: a(r) / FOOT)),
    ("unitconvert_m_ft", '`UNITCONVERT(A1;"m";"ft")`', '=UNITCONVERT(A1;"m";"ft")', close(lambda r: a(r) / FOOT)),
    ("unitconvert_flops", '`UNITCONVERT(A1;"TFLOP/s";"PFLOP/s")`', '=UNITCONVERT(A1;"TFLOP/s";"PFLOP/s")',
     close(lambda r: a(r) / 1000)),
    ("gpuhours_numbers", "`GPUHOURS(A1;2E12;312E12;0.35;0.55)`", "=GPUHOURS(A1;2E12;312E12;0.35;0.55)",
     close(lambda r: hours(a(r), 0.45))),
    ("gpuhours_texts", '`GPUHOURS("70 billion";"2 trillion";"A100";"35%";"55%")`',
     '=GPUHOURS("70 billion";"2 trillion";"A100";"35%";"55%")', close(lambda r: hours(70e9, 0.45))),
    # QTY and QTYVALUE take sixteen optional name; value pairs, and Calc hands every call all 35 arguments through
    # UNO whether or not they are given: this call has their signature and next to no work of its own.
    ("pairs_floor", "`QTYVALUE(A1)`: the signature of QTY and QTYVALUE, next to no work (their floor)", "=QTYVALUE(A1)",
     close(lambda r: a(r))),
    # Beside them, what a text result costs: QTYDIM has one argument and answers a short text; QTY of a number has
    # QTY's signature and answers the number as a result text with its key (a recipe of one binding).
    ("qtydim_number", "`QTYDIM(A1)`: one argument, a short text result", "=QTYDIM(A1)",
     lambda r, got: None if got == "dimensionless" else f"{got!r}, expected 'dimensionless'"),
    ("qty_number", "`QTY(A1)`: QTY's signature, the number as a result text", "=QTY(A1)",
     lambda r, got: None if isinstance(got, str) and math.isclose(shown_number(shown(got)), a(r), rel_tol=0.006)
     else f"{got!r}, expected {a(r):.3g} as a text"),
    ("qty_oneliner", "`QTY(one-liner)`", f'=QTY("{ONE_LINER}")',
     qty_text(lambda r: hours(70e9, 0.45) / 1e6, exact=lambda r: "1.7 [1.4, 2.1] million hour")),
    ("qtyvalue_oneliner", "`QTYVALUE(one-liner)`", f'=QTYVALUE("{ONE_LINER}")',
     close(lambda r: hours(70e9, 0.45) / 1e6)),
    ("qty_bindings", "`QTY(expression with names; ; 4 [name; value] pairs)`", f'=QTY("{WITH_NAMES}";;{BINDINGS})',
     qty_text(lambda r: hours(a(r), 0.45) / 1e6, exact=lambda r: "1.7 [1.4, 2.1] million hour" if r == 70 else None)),
    ("qtyvalue_bindings", "`QTYVALUE(expression with names; ; ; 4 [name; value] pairs)`",
     f'=QTYVALUE("{WITH_NAMES}";;;{BINDINGS})', close(lambda r: hours(a(r), 0.45) / 1e6)),
]


# Distribution-mode cells (part "p95") with two uncertain inputs that differ in every row, given once as
# texts ("r to 2r" in C, "r+1 to 4(r+1)" in D) and once as two-cell ranges (E:F and G:H hold the same ends).
# Expected: x and y are lognormals with 5th and 95th percentiles at the ends, so x·y is lognormal with
# mu = mu_x + mu_y and sigma = √(sigma_x² + sigma_y²); its 95th percentile is exp(mu + 1.6449 sigma).
Z95 = 1.6448536269514722
DIST_EXPR = "x * y"


def x_ends(r):
    return r, 2 * r


def y_ends(r):
    return r + 1, 4 * (r + 1)


def p95_of_product(r):
    (xa, xb), (ya, yb) = x_ends(r), y_ends(r)
    mu = math.log(math.sqrt(xa * xb)) + math.log(math.sqrt(ya * yb))
    sigma = math.hypot(math.log(xb / xa) / (2 * Z95), math.log(yb / ya) / (2 * Z95))
    return math.exp(mu + Z95 * sigma)


def dist_columns(sheet, n):
    rows = range(1, n + 1)
    sheet.getCellRangeByName(f"C1:H{n}").setDataArray(tuple(
        (f"{x_ends(r)[0]} to {x_ends(r)[1]}", f"{y_ends(r)[0]} to {y_ends(r)[1]}", *x_ends(r), *y_ends(r))
        for r in rows))


DIST_CASES = [
    ("dist_texts", '`QTYVALUE("x * y";;"p95";"x";C1;"y";D1)`, C1 and D1 texts "r to 2r", distinct per row',
     f'=QTYVALUE("{DIST_EXPR}";;"p95";"x";C1;"y";D1)', close(p95_of_product, rel=1e-6)),
    ("dist_ranges", '`QTYVALUE("x * y";;"p95";"x";E1:F1;"y";G1:H1)`, two-cell ranges, the same ends',
     f'=QTYVALUE("{DIST_EXPR}";;"p95";"x";E1:F1;"y";G1:H1)', close(p95_of_product, rel=1e-6)),
]
CASES += DIST_CASES
SETUP = {key: dist_columns for key, _, _, _ in DIST_CASES}


# A cell that reads another Ballpark cell, beside one that reads the same text typed in: column C holds QTY results
# (the one-liner with its params from column A), column D their texts as typed, and B reads one or the other. Both
# documents calculate column C; what B costs is each case less "qty_column" (column C alone).
def qty_column(sheet, n):
    sheet.getCellRangeByName("C1").setFormula(f'=QTY("{WITH_NAMES}";;{BINDINGS})')
    if n > 1:
        sheet.getCellRangeByName(f"C1:C{n}").fillAuto(TO_BOTTOM, 1)


def qty_column_and_texts(sheet, n):
    qty_column(sheet, n)
    texts = sheet.getCellRangeByName(f"C1:C{n}").getDataArray()
    sheet.getCellRangeByName(f"D1:D{n}").setDataArray(tuple((shown(t),) for (t,) in texts))


READ_CASES = [
    ("qty_column", "column C alone: `QTY(expression with names; ; 4 pairs)`", "=A1",
     close(lambda r: a(r))),
    ("read_result", '`QTYVALUE("h * 2";"million hour";"high";"h";C1)`, C1 a QTY result', 
     '=QTYVALUE("h * 2";"million hour";"high";"h";C1)', close(lambda r: 2 * hours(a(r), 0.35) / 1e6)),
    ("read_text", '`QTYVALUE("h * 2";"million hour";"high";"h";D1)`, D1 the same result typed as text',
     '=QTYVALUE("h * 2";"million hour";"high";"h";D1)',
     lambda r, got: None if isinstance(got, float) and got > 0 else f"{got!r}"),
]
CASES += READ_CASES
SETUP.update({"qty_column": qty_column, "read_result": qty_column, "read_text": qty_column_and_texts})


# The three-run plan of tests/integration/plans_test.py, one cell per step, in columns J to Q of rows 1 to 7: the
# utilization (J1:K1) and the price (J2:K2) shared by every run, per-run hours and cost in both readings (N, O:
# bounds; P, Q: the 90% reading). Column B totals the three cost cells: each recalculation of a B cell evaluates
# the whole plan, eleven inputs, from the recipes of the cells it reads (plus the row's own few dollars, so that
# no two cells are the same call).
# The plan's figures and its references (exact bounds, Monte Carlo) are the plans test's own.
PLAN_U, PLAN_PRICE, PLAN_RUNS = plans_test.U, plans_test.PRICE, plans_test.RUNS
PLAN_HOURS = '=QTY{d}("6 FLOP * p * t / (peak * u) as hour";;"p";J{r};"t";K{r}:L{r};"peak";M{r};"u";$J$1:$K$1)'
PLAN_COST = '=QTY{d}("h * price * 1 USD/hour";"USD";"h";{h}{r};"price";$J$2:$K$2)'
PLAN_TOTAL = '=QTYVALUE("a + b + c + x * 1e-9 USD";"USD";"{part}";"a";${c}$5;"b";${c}$6;"c";${c}$7;"x";A1)'


def plan_high():
    return plans_test.exact_bounds()[1]


def plan_p95():
    return plans_test.monte_carlo(trials=200_000)[2]


def plan(sheet, n):
    sheet.getCellRangeByName("J1:K1").setDataArray((PLAN_U,))
    sheet.getCellRangeByName("J2:K2").setDataArray((PLAN_PRICE,))
    for k, (p, lo, hi, peak) in enumerate(PLAN_RUNS):
        r = 5 + k
        sheet.getCellRangeByName(f"J{r}:L{r}").setDataArray(((p, lo, hi),))
        sheet.getCellRangeByName(f"M{r}").setString(f"{peak:g} FLOP/s")
        sheet.getCellRangeByName(f"N{r}").setFormula(PLAN_HOURS.format(d="", r=r))
        sheet.getCellRangeByName(f"O{r}").setFormula(PLAN_COST.format(d="", h="N", r=r))
        sheet.getCellRangeByName(f"P{r}").setFormula(PLAN_HOURS.format(d="DIST", r=r))
        sheet.getCellRangeByName(f"Q{r}").setFormula(PLAN_COST.format(d="DIST", h="P", r=r))


_PLAN_P95 = []


def plan_p95_check(row, got):
    if not _PLAN_P95:
        _PLAN_P95.append(plan_p95())
    want = _PLAN_P95[0] + a(row) * 1e-9
    return None if isinstance(got, float) and math.isclose(got, want, rel_tol=0.01) else f"{got!r}, expected {want!r}"


PLAN_CASES = [
    ("plan_total", "the three-run plan's total high end, `QTYVALUE(\"a + b + c + …\";\"USD\";\"high\";…)` of three "
     "QTY cost cells (eleven inputs)", PLAN_TOTAL.format(part="high", c="O"),
     close(lambda r: plan_high() + a(r) * 1e-9, rel=1e-9)),
    ("plan_total_dist", "the same total's 95th percentile from three QTYDIST cost cells",
     PLAN_TOTAL.format(part="p95", c="Q"), plan_p95_check),
]
CASES += PLAN_CASES
SETUP.update({"plan_total": plan, "plan_total_dist": plan})


# A column of models in one array call over B1:B{n}: params from column A (a column of n rows), tokens and the
# utilization shared. The 95th percentile of hours ∝ 1/u is at u's 5th percentile, 35%: the same number as "high".
COLUMN_EXPR = "6 FLOP * params * tokens / (312 TFLOP/s * util) as hour"
COLUMN_PAIRS = '"params";A1:A{last};"tokens";"2 trillion";"util";"35% to 55%"'
COLUMN_CASES = [
    # Calc's own array arithmetic over the same column, timed the same way: what the edit, Calc's array machinery
    # and reading the rows back over the bridge cost with no add-in at all.
    ("column_floor", "`{=A1:A{n} * 2}`, Calc's own array arithmetic timed the same way (the floor of the column cases)",
     "=A1:A{last}*2", close(lambda r: 2 * a(r))),
    ("column_bounds", '`{QTYVALUE(expression; ; "high"; "params"; A1:A{n}; 2 shared pairs)}` over the rows, recalculated after an edit of A1 (one call for the whole array)',
     f'=QTYVALUE("{COLUMN_EXPR}";;"high";{COLUMN_PAIRS})', close(lambda r: hours(a(r), 0.35))),
    ("column_dist", '`{QTYVALUE(expression; ; "p95"; "params"; A1:A{n}; 2 shared pairs)}`, the 90% reading',
     f'=QTYVALUE("{COLUMN_EXPR}";;"p95";{COLUMN_PAIRS})', close(lambda r: hours(a(r), 0.35), rel=1e-6)),
]
CASES += COLUMN_CASES
# These cases are timed by the recalculation after an edit of A1, which the column reads, as a user meets it; Calc
# recalculates an edited sheet when its cells are read, so the time runs until every cell of the array has been
# read. (calculateAll would time the same: one call for the array, because the name; value pairs are parameters
# of their own and not a variable argument list, addin/sheet_table.py says why.)
# A formula given on the command line whose key starts with "column_" is one too, so that a throwaway build's
# methods can be measured over the same column (docs/performance.md, "what a column costs Calc by parameter type").
ARRAY_CASES = {key for key, _, _, _ in COLUMN_CASES}


def is_array(key):
    return key in ARRAY_CASES or key.startswith("column_")


def recalculate(key, doc, k, n):
    if not is_array(key):
        doc.calculateAll()
        return
    sheet = doc.Sheets.getByIndex(0)
    sheet.getCellRangeByName("A1").setValue(a(1) + k % 2)
    sheet.getCellRangeByName(f"B1:B{n}").getDataArray()


def build_document(office, key, formula, n):
    doc = office.load()
    sheet = doc.Sheets.getByIndex(0)
    sheet.Name = key
    sheet.getCellRangeByName(f"A1:A{n}").setDataArray(tuple((a(r),) for r in range(1, n + 1)))
    if key in SETUP:
        SETUP[key](sheet, n)
    if is_array(key):
        sheet.getCellRangeByName(f"B1:B{n}").setArrayFormula(formula.replace("{last}", str(n)))
        return doc, sheet
    sheet.getCellRangeByName("B1").setFormula(formula)
    if n > 1:
        sheet.getCellRangeByName(f"B1:B{n}").fillAuto(TO_BOTTOM, 1)
    return doc, sheet


def verify(doc, sheet, key, formula, check, n):
    """Every cell of column B: no error, and the value the formula should give. Returns a list of problems."""
    if not is_array(key):
        doc.calculateAll()
    problems = []
    first = sheet.getCellRangeByName("B1")
    # What Calc made of the typed formula, e.g. that CONVERT resolved to the Analysis add-in.
    if key == "convert" and "Analysis" not in first.getFormula() and "CONVERT" not in first.getFormula().upper():
        problems.append(f"B1 holds {first.getFormula()!r}")
    last = sheet.getCellRangeByName(f"B{n}").getFormula()
    # (An array formula is one formula over the rows, not filled down.)
    if n > 1 and not is_array(key) and re.search(r"\bA1\b", formula) and f"A{n}" not in last:
        problems.append(f"the fill did not move the reference: B{n} holds {last!r}")
    values = sheet.getCellRangeByName(f"B1:B{n}").getDataArray()
    for row, (got,) in enumerate(values, start=1):
        cell_error = sheet.getCellByPosition(1, row - 1).getError() if row in (1, n) else 0
        if cell_error:
            problems.append(f"B{row} shows error {cell_error}")
        elif (why := check(row, got)) is not None:
            problems.append(f"B{row}: {why}")
        if len(problems) >= 5:
            break
    return problems


def office_version(office):
    try:
        provider = office.create("com.sun.star.configuration.ConfigurationProvider")
        node = provider.createInstanceWithArguments(
            "com.sun.star.configuration.ConfigurationAccess", (prop("nodepath", "/org.openoffice.Setup/Product"),))
        return f"{node.getByName('ooName')} {node.getByName('ooSetupVersionAboutBox')}"
    except Exception:  # only for the table's heading
        return "LibreOffice"


def table(results, n, reps, machine, command, cases):
    floor = results["floor"]
    convert = results["convert"]
    lines = [
        f"Machine: {machine}. {n:,} cells per formula, calculateAll median of {reps} after a warm-up, "
        f"the formulas taken round-robin in one session.",
        "",
        f"Rerun: `{command}`",
        "",
        "| formula | µs per cell | ÷ floor | ÷ CONVERT |",
        "| --- | ---: | ---: | ---: |",
    ]
    for key, label, _, _ in cases:
        if key not in results:
            continue
        us = results[key]
        lines.append(f"| {label} | {us:.2f} | {us / floor:.2f} | {us / convert:.2f} |")
    return "\n".join(lines)


def goals(results):
    """The recalculation goals, each as (text, met)."""
    r = results
    out = []
    for key in ("unitconvert_m_ft", "unitconvert_flops"):
        if key in r:
            out.append((f"{key}: ≤ CONVERT ({r[key] / r['convert']:.2f})", r[key] <= r["convert"]))
            out.append((f"{key}: within 15% of the floor ({r[key] / r['floor']:.2f})", r[key] <= 1.15 * r["floor"]))
    if "gpuhours_texts" in r:
        out.append((f"gpuhours_texts: within 30% of the floor ({r['gpuhours_texts'] / r['floor']:.2f})",
                    r["gpuhours_texts"] <= 1.30 * r["floor"]))
    if "qtyvalue_oneliner" in r:
        out.append((f"qtyvalue_oneliner: within 2× the floor ({r['qtyvalue_oneliner'] / r['floor']:.2f})",
                    r["qtyvalue_oneliner"] <= 2 * r["floor"]))
    # Each absent name; value pair still crosses UNO, so QTY's and QTYVALUE's own share is measured against a call
    # of their signature (pairs_floor), not against TRAININGFLOP's two arguments.
    for key in ("qty_oneliner", "qtyvalue_oneliner"):
        if key in r and "pairs_floor" in r:
            out.append((f"{key}: within 1.1× a call of its signature, QTYVALUE(A1) ({r[key] / r['pairs_floor']:.2f})",
                        r[key] <= 1.1 * r["pairs_floor"]))
    for key in ("dist_texts", "dist_ranges", "plan_total", "plan_total_dist"):
        if key in r:
            out.append((f"{key}: ≤ 100 µs per cell ({r[key]:.1f})", r[key] <= 100))
    if all(k in r for k in ("qty_column", "read_result", "read_text")):
        result, text = r["read_result"] - r["qty_column"], r["read_text"] - r["qty_column"]
        out.append((f"read_result: reading a Ballpark cell within 1.3× reading its text ({result:.2f} and "
                     f"{text:.2f} µs beyond column C)", result <= 1.3 * max(text, 1e-9)))
    if "column_bounds" in r:
        beyond = "" if "column_floor" not in r else (
            f"; Calc's own array arithmetic timed the same way is {r['column_floor']:.2f}, "
            f"so {r['column_bounds'] - r['column_floor']:.2f} beyond it")
        out.append((f"column_bounds: ≤ 0.5 µs per row ({r['column_bounds']:.2f}{beyond})", r["column_bounds"] <= 0.5))
    if "column_dist" in r:
        out.append((f"column_dist: ≤ 20 µs per row ({r['column_dist']:.2f})", r["column_dist"] <= 20))
    if "dist_texts" in r and "dist_ranges" in r:
        out.append((f"dist_ranges: within 1.3× dist_texts ({r['dist_ranges'] / r['dist_texts']:.2f})",
                    r["dist_ranges"] <= 1.3 * r["dist_texts"]))
    return out


def write_doc(text, dist_only):
    # The distribution and range cells alone have their own section, so such a run does not replace the full table.
    if dist_only:
        write_section("calc-recalc-dist", text, "Recalculation in Calc: distribution cells and ranges of cells")
    else:
        write_section("calc-recalc", text, "Recalculation in LibreOffice Calc")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--oxt", default=os.path.join(ROOT, "build", "addin", "ballpark.oxt"))
    parser.add_argument("--soffice", default="/usr/lib/libreoffice/program/soffice")
    parser.add_argument("--unopkg", default="/usr/lib/libreoffice/program/unopkg")
    parser.add_argument("-n", "--cells", type=int, default=100_000, help="cells per formula (default 100,000)")
    parser.add_argument("--reps", type=int, default=5, help="timed calculateAll per formula (default 5)")
    parser.add_argument("--only", nargs="*", help="formula keys to run (floor and convert are always run)")
    parser.add_argument("--no-write", action="store_true", help="print the table, leave docs/performance.md alone")
    parser.add_argument("--formula", action="append", default=[], metavar="KEY=FORMULA",
                        help="also time FORMULA (checked only for errors), e.g. a method of a throwaway build of the "
                             "add-in; with --only, name its KEY there too. A KEY starting with column_ makes it an "
                             "array formula over B1:B{n}, {last} standing for the last row")
    parser.add_argument("--loop", metavar="KEY", help="instead of timing, recalculate KEY's sheet over and over for "
                        "--loop-seconds, for a profiler attached to soffice.bin (perf record -p PID)")
    parser.add_argument("--loop-seconds", type=float, default=20)
    args = parser.parse_args()
    n = args.cells
    extra = [(key, f"`{formula.lstrip('=')}`", "=" + formula.lstrip("="), lambda row, got: None)
             for key, formula in (f.split("=", 1) for f in args.formula)]
    cases = [c for c in CASES + extra if not args.only or c[0] in args.only or c[0] in ("floor", "convert")]

    started = time.monotonic()
    with Office(args.soffice, args.unopkg, [args.oxt]) as office:
        version = office_version(office)
        docs = {}
        failed = False
        for key, _, formula, check in cases:
            t0 = time.perf_counter()
            doc, sheet = build_document(office, key, formula, n)
            problems = verify(doc, sheet, key, formula, check, n)
            print(f"{key:20s} filled and checked {n} cells in {time.perf_counter() - t0:.1f} s"
                  f"{'' if not problems else ': WRONG'}; B1 holds {sheet.getCellRangeByName('B1').getFormula()}",
                  flush=True)
            for p in problems:
                print(f"    {p}", file=sys.stderr)
            failed |= bool(problems)
            docs[key] = doc
        if failed:
            print("calc_recalc: some formulas give wrong results; nothing was timed", file=sys.stderr)
            return 1

        if args.loop:
            print(f"recalculating {args.loop} for {args.loop_seconds:g} s; soffice.bin is in process group "
                  f"{office.process.pid} (pgrep -g {office.process.pid} soffice.bin)", flush=True)
            end, k = time.monotonic() + args.loop_seconds, 0
            while time.monotonic() < end:
                recalculate(args.loop, docs[args.loop], k, n)
                k += 1
            print(f"{k} recalculations", flush=True)
            return 0

        for key, doc in docs.items():  # warm-up
            recalculate(key, doc, 1, n)
        times = {key: [] for key in docs}
        for rep in range(args.reps):
            for key, doc in docs.items():
                t0 = time.perf_counter()
                recalculate(key, doc, rep, n)
                times[key].append(time.perf_counter() - t0)
        for doc in docs.values():
            doc.close(True)

    results = {key: statistics.median(t) / n * 1e6 for key, t in times.items()}
    machine = (f"{cpu_name()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, {version}; "
               f"{datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')}; "
               # The machine is shared: the load says how much the figures may be inflated.
               f"load average {os.getloadavg()[0]:.1f} at the end")
    command = "cmake --build build -j2 && /usr/bin/python3 bench/calc_recalc.py --oxt build/addin/ballpark.oxt"
    # A run of only the distribution and range cells (--only dist_texts dist_ranges) has its own section and rerun line.
    dist_only = all(key in SETUP or key in ("floor", "convert") for key in results)
    if dist_only:
        command += f" -n {n} --only " + " ".join(k for k in results if k in SETUP)
    text = table(results, n, args.reps, machine, command, cases)
    met = goals(results)
    text += "\n\nGoals:\n\n" + "\n".join(f"- {'met' if ok else 'NOT met'}: {what}" for what, ok in met)
    print(text)
    print(f"\n(total {time.monotonic() - started:.1f} s)")
    if not args.no_write:
        write_doc(text, dist_only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
