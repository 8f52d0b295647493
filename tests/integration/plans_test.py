#!/usr/bin/python3
"""A plan built one cell per step, in a real LibreOffice with the built extension.

Three training runs share a utilization (B1:C1) and a price per GPU-hour (B2:C2). Each run's GPU-hours and cost
are cells of their own; the quarter's totals read the cost cells (QTYSUM over them, and a formula binding them),
placed above the runs and below them (two recalculation orders). Both readings are checked against figures this
test works out itself: the exact bounds at the corners of the inputs (the cost is monotone in each), and a Monte
Carlo of a million trials that draws each shared input once per trial. A chain of four steps from one cost, a bad
row, and results of the two readings mixed are checked too; then the file is saved, opened in a second office with
a fresh profile, and must show the same digits.

Run by CTest (plans_in_libreoffice), or by hand:
    /usr/bin/python3 tests/integration/plans_test.py --oxt build/addin/ballpark.oxt
"""

import math
import os
import random
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.join(HERE, "..", "python"))

import office  # noqa: E402
from office import Office, _url, prop, shown  # noqa: E402
from shared_helpers import Z95, lognormal_through  # noqa: E402  (tests/python)

import uno  # noqa: E402
from com.sun.star.table import TableSortField  # noqa: E402

ARGS = None
OFFICE = None
setUpModule, tearDownModule = office.module_office(sys.modules[__name__])

ERR_502 = 502
U = (0.30, 0.50)
PRICE = (2.0, 3.0)  # USD per GPU-hour
# Parameters, tokens low and high, the accelerator's peak in FLOP/s.
RUNS = [(70e9, 1.8e12, 2.2e12, 312e12), (8e9, 10e12, 15e12, 989e12), (405e9, 12e12, 16e12, 989e12)]
FIRST = 5  # the runs' first row (1-based)

HOURS = '=QTY{d}("6 FLOP * p * t / (peak * u) as hour";;"p";A{r};"t";B{r}:C{r};"peak";D{r};"u";$B$1:$C$1)'
COST = '=QTY{d}("h * price * 1 USD/hour";"USD";"h";{h}{r};"price";$B$2:$C$2)'


def cost(params, tokens, peak, u, price):
    return 6 * params * tokens / (peak * u) / 3600 * price


def exact_bounds():
    low = sum(cost(p, lo, peak, U[1], PRICE[0]) for p, lo, hi, peak in RUNS)
    high = sum(cost(p, hi, peak, U[0], PRICE[1]) for p, lo, hi, peak in RUNS)
    return low, high


def monte_carlo(trials=1_000_000, seed=20261201):
    """The 5th, 50th and 95th percentiles of the total, each `a to b` a lognormal with those 5th and 95th
    percentiles, u and the price drawn once per trial and shared by the three runs."""
    rng = random.Random(seed)

    def lognormal(a, b):
        mu, sigma = lognormal_through(a, b)
        return lambda: math.exp(mu + sigma * rng.gauss(0, 1))

    u, price = lognormal(*U), lognormal(*PRICE)
    tokens = [lognormal(lo, hi) for _, lo, hi, _ in RUNS]
    scale = [6 * p / peak / 3600 for p, _, _, peak in RUNS]
    totals = sorted(price() / u() * sum(s * t() for s, t in zip(scale, tokens)) for _ in range(trials))
    return totals[trials // 20], totals[trials // 2], totals[trials - trials // 20]


class Plan(unittest.TestCase):
    """The plan in one sheet: bounds in columns E (hours) and F (cost), the 90% reading in G and H."""

    @classmethod
    def setUpClass(cls):
        cls.doc = OFFICE.load()
        cls.sheet = cls.doc.Sheets.getByIndex(0)
        s = cls.sheet
        s.getCellRangeByName("B1:C1").setDataArray((U,))
        s.getCellRangeByName("B2:C2").setDataArray((PRICE,))
        for k, (p, lo, hi, peak) in enumerate(RUNS):
            r = FIRST + k
            s.getCellRangeByName(f"A{r}:D{r}").setDataArray(((p, lo, hi, peak),))
            # A peak as a number is taken as FLOP/s: the text says so.
            s.getCellRangeByName(f"D{r}").setString(f"{peak:g} FLOP/s")
            s.getCellRangeByName(f"E{r}").setFormula(HOURS.format(d="", r=r))
            s.getCellRangeByName(f"F{r}").setFormula(COST.format(d="", h="E", r=r))
            s.getCellRangeByName(f"G{r}").setFormula(HOURS.format(d="DIST", r=r))
            s.getCellRangeByName(f"H{r}").setFormula(COST.format(d="DIST", h="G", r=r))
        last = FIRST + len(RUNS) - 1
        # The totals above the runs (row 3) and below them (row 9): Calc computes them in another order.
        for row in (3, 9):
            s.getCellRangeByName(f"F{row}").setFormula(f'=QTYSUM(F{FIRST}:F{last};"USD")')
            s.getCellRangeByName(f"H{row}").setFormula(f'=QTYSUM(H{FIRST}:H{last};"USD")')
            s.getCellRangeByName(f"I{row}").setFormula(f'=QTY("a + b + c";"USD";"a";F5;"b";F6;"c";F7)')
            s.getCellRangeByName(f"J{row}").setFormula(f'=QTYDIST("a + b + c";"USD";"a";H5;"b";H6;"c";H7)')
        cls.exact = exact_bounds()
        cls.mc = monte_carlo()
        print(f"\n    exact bounds {cls.exact[0]:.6g} to {cls.exact[1]:.6g} USD; Monte Carlo p5, median, p95 "
              f"{cls.mc[0]:.6g}, {cls.mc[1]:.6g}, {cls.mc[2]:.6g} USD", file=sys.stderr)

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def value(self, ref, part):
        c = self.sheet.getCellRangeByName("Z1")
        c.setFormula(f'=QTYVALUE({ref};"USD";"{part}")')
        self.assertEqual(c.getError(), 0, f"{ref}: {c.getString()}")
        return c.getValue()

    def assertBoundsTight(self, ref):
        low, high = self.value(ref, "low"), self.value(ref, "high")
        exact_low, exact_high = self.exact
        # Guaranteed (never inside the exact bounds) and within 0.5% of them.
        self.assertLessEqual(low, exact_low * (1 + 1e-12), ref)
        self.assertGreaterEqual(high, exact_high * (1 - 1e-12), ref)
        self.assertGreater(low, exact_low * 0.995, ref)
        self.assertLess(high, exact_high * 1.005, ref)

    def assertAgreesWithMonteCarlo(self, ref):
        for part, expected in zip(("p5", "median", "p95"), self.mc):
            got = self.value(ref, part)
            self.assertTrue(math.isclose(got, expected, rel_tol=0.01), f"{ref} {part}: {got:.6g}, Monte Carlo {expected:.6g}")

    def test_bounds_totals_are_the_exact_bounds_of_the_shared_inputs(self):
        for ref in ("F3", "F9", "I3", "I9"):
            with self.subTest(total=ref):
                self.assertBoundsTight(ref)

    def test_distribution_totals_agree_with_a_monte_carlo_over_the_shared_inputs(self):
        for ref in ("H3", "H9", "J3", "J9"):
            with self.subTest(total=ref):
                self.assertAgreesWithMonteCarlo(ref)

    def test_totals_above_and_below_the_runs_show_the_same_digits(self):
        for column in "FHIJ":
            a, b = self.sheet.getCellRangeByName(f"{column}3"), self.sheet.getCellRangeByName(f"{column}9")
            self.assertEqual(a.getString(), b.getString())
            self.assertEqual(self.value(f"{column}3", "central" if column in "FI" else "median"),
                             self.value(f"{column}9", "central" if column in "FI" else "median"))

    def test_the_visible_text_is_short_and_says_the_total(self):
        text = shown(self.sheet.getCellRangeByName("F3").getString())
        self.assertRegex(text, r"^\S+ \[\S+, \S+\] (× 10\S+ )?USD$")
        self.assertLess(len(text), 40)

    def test_a_chain_of_four_steps_keeps_the_bounds_exact(self):
        s = self.sheet
        previous, dist_previous = "F5", "H5"
        for k, step in enumerate(("x * 1.1", "x * 1.05", "x / 3", "x * 12")):
            s.getCellRangeByName(f"L{k + 1}").setFormula(f'=QTY("{step}";"USD";"x";{previous})')
            s.getCellRangeByName(f"M{k + 1}").setFormula(f'=QTYDIST("{step}";"USD";"x";{dist_previous})')
            previous, dist_previous = f"L{k + 1}", f"M{k + 1}"
        p, lo, hi, peak = RUNS[0]
        scale = 1.1 * 1.05 / 3 * 12
        low, high = cost(p, lo, peak, U[1], PRICE[0]) * scale, cost(p, hi, peak, U[0], PRICE[1]) * scale
        self.assertTrue(math.isclose(self.value("L4", "low"), low, rel_tol=1e-9), (self.value("L4", "low"), low))
        self.assertTrue(math.isclose(self.value("L4", "high"), high, rel_tol=1e-9), (self.value("L4", "high"), high))
        # The 90% reading of a product of lognormals is exact: scaled by the same factor.
        for part in ("p5", "median", "p95"):
            self.assertTrue(math.isclose(self.value("M4", part), self.value("H5", part) * scale, rel_tol=1e-9), part)

    def test_readings_mixed_are_read_in_the_reading_asked_and_a_bad_row_is_refused(self):
        # A QTY result and a QTYDIST result in one QTY formula are each their
        # recipe, read in the reading asked, so the sum is QTY's of the two QTY cells, and QTYDIST's of the two
        # QTYDIST cells.
        s = self.sheet
        mixed = s.getCellRangeByName("N1")
        mixed.setFormula('=QTY("a + b";"USD";"a";F5;"b";H6)')
        self.assertEqual(mixed.getError(), 0, mixed.getString())
        s.getCellRangeByName("N2").setFormula('=QTY("a + b";"USD";"a";F5;"b";F6)')
        s.getCellRangeByName("N4").setFormula('=QTYDIST("a + b";"USD";"a";F5;"b";H6)')
        s.getCellRangeByName("N5").setFormula('=QTYDIST("a + b";"USD";"a";H5;"b";H6)')
        for one, other, parts in (("N1", "N2", ("low", "central", "high")), ("N4", "N5", ("p5", "median", "p95"))):
            for part in parts:
                self.assertEqual(self.value(one, part), self.value(other, part), (one, part))
        # QTYSUM with no reading asked of cells of both readings is refused, and QTYERROR names the argument.
        s.getCellRangeByName("P1").setFormula("=F5")
        s.getCellRangeByName("P2").setFormula("=H6")
        s.getCellRangeByName("N6").setFormula('=QTYSUM(P1:P2;"USD")')
        self.assertEqual(s.getCellRangeByName("N6").getError(), ERR_502)
        s.getCellRangeByName("N7").setFormula('=QTYERROR("QTYSUM";P1:P2;"USD")')
        self.assertIn('"90%"', s.getCellRangeByName("N7").getString())
        s.getCellRangeByName("N3").setFormula('=QTYSUM(F5:F7;"kg")')
        self.assertEqual(s.getCellRangeByName("N3").getError(), ERR_502)

    def test_a_90_percent_text_pasted_as_a_value_says_its_reading(self):
        s = self.sheet
        text = shown(s.getCellRangeByName("H3").getString())
        self.assertIn("[90%: ", text)
        pasted = s.getCellRangeByName("S1")
        pasted.setString(text)  # what Paste Special > Text leaves: the shown text, no recipe behind it
        # Read back in the 90% reading, its printed median is the median.
        printed = re.fullmatch(r"(\S+) \[90%: \S+, \S+\](?: × 10(\S+))? USD", text)
        self.assertIsNotNone(printed, text)
        power = int(printed[2].translate(str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-"))) if printed[2] else 0
        median = float(printed[1]) * 10 ** power
        s.getCellRangeByName("S2").setFormula('=QTYVALUE(S1;"USD";"median")')
        self.assertTrue(math.isclose(s.getCellRangeByName("S2").getValue(), median, rel_tol=1e-9),
                        (s.getCellRangeByName("S2").getString(), text))
        # Read as bounds it is refused, and QTYERROR says to read it with QTYDIST.
        s.getCellRangeByName("S3").setFormula('=QTY("x * 2";"USD";"x";S1)')
        self.assertEqual(s.getCellRangeByName("S3").getError(), ERR_502, s.getCellRangeByName("S3").getString())
        s.getCellRangeByName("S4").setFormula('=QTYERROR("x * 2";"USD";"x";S1)')
        self.assertIn("90%", s.getCellRangeByName("S4").getString())
        self.assertIn("QTYDIST", s.getCellRangeByName("S4").getString())

    def test_the_tornado_of_the_total_reads_through_the_runs_to_their_inputs(self):
        # The total of the three cost cells as a function of its inputs, each bar worked out here: every input at
        # its midpoint but one, which is at its ends (the total is monotone in each).
        mid = {"u": sum(U) / 2, "price": sum(PRICE) / 2}
        mid.update({f"t{k}": (lo + hi) / 2 for k, (_, lo, hi, _) in enumerate(RUNS)})
        ends = {"u": U, "price": PRICE}
        ends.update({f"t{k}": (lo, hi) for k, (_, lo, hi, _) in enumerate(RUNS)})

        def total(v):
            return sum(cost(p, v[f"t{k}"], peak, v["u"], v["price"]) for k, (p, _, _, peak) in enumerate(RUNS))

        swings = {}
        for name, (lo, hi) in ends.items():
            at = [total({**mid, name: end}) for end in (lo, hi)]
            swings[name] = max(at) - min(at)
        largest = max(swings, key=swings.get)
        s = self.sheet
        pairs = '"a";F5;"b";F6;"c";F7'
        s.getCellRangeByName("T1").setFormula(f'=QTYTOP("a + b + c";1;{pairs})')
        expected_top = largest if largest in ("u", "price") else "t"
        self.assertTrue(s.getCellRangeByName("T1").getString().startswith(expected_top),
                        (s.getCellRangeByName("T1").getString(), swings))
        for name in ("u", "price"):
            cell = s.getCellRangeByName("T2")
            cell.setFormula(f'=QTYSWING("a + b + c";"{name}";;"USD";{pairs})')
            self.assertEqual(cell.getError(), 0, cell.getString())
            self.assertTrue(math.isclose(cell.getValue(), swings[name], rel_tol=1e-9), (name, cell.getValue(), swings[name]))
        # Five inputs move the total (u, price and each run's tokens); read as three results it had three bars.
        s.getCellRangeByName("T3").setFormula(f'=QTYTOP("a + b + c";5;{pairs})')
        self.assertEqual(s.getCellRangeByName("T3").getError(), 0, s.getCellRangeByName("T3").getString())
        s.getCellRangeByName("T4").setFormula(f'=QTYTOP("a + b + c";6;{pairs})')
        self.assertEqual(s.getCellRangeByName("T4").getError(), ERR_502, s.getCellRangeByName("T4").getString())

    def test_six_numbers_of_the_total_from_two_calls(self):
        s = self.sheet
        s.getCellRangeByName("P1:R1").setArrayFormula('=QTYVALUE(F3;"USD";"low central high")')
        s.getCellRangeByName("P2:R2").setArrayFormula('=QTYVALUE(H3;"USD";"p5 median p95")')
        (bounds,), (dist,) = s.getCellRangeByName("P1:R1").getDataArray(), s.getCellRangeByName("P2:R2").getDataArray()
        self.assertEqual(list(bounds), [self.value("F3", part) for part in ("low", "central", "high")])
        for got, expected in zip(dist, self.mc):
            self.assertTrue(math.isclose(got, expected, rel_tol=0.01), (got, expected))

    def test_the_same_digits_in_a_second_office_after_saving(self):
        saved = OFFICE.path("plan.ods")
        self.doc.storeToURL(_url(saved), (prop("FilterName", "calc8"),))
        here = {ref: self.sheet.getCellRangeByName(ref).getString() for ref in ("F3", "H3", "I9", "J9", "F5", "H7")}
        with Office(ARGS.soffice, ARGS.unopkg, [ARGS.oxt]) as other:
            doc = other.open_copy(saved, "plan.ods")
            try:
                sheet = doc.Sheets.getByIndex(0)
                doc.calculateAll()
                there = {ref: sheet.getCellRangeByName(ref).getString() for ref in here}
            finally:
                doc.close(True)
        self.assertEqual(there, here)


# The same plan as a column of models: one call over the rows. Row 8 is blank, so the ranges reach past the runs.
ROW_COST = "6 FLOP * p * t / (peak * u) * price * 1 USD/hour"
COLUMNS = '"p";A5:A8;"t";B5:C8;"peak";D5:D8;"u";$B$1:$C$1;"price";$B$2:$C$2'


class ColumnForm(unittest.TestCase):
    """QTY, QTYDIST and QTYVALUE entered as array formulas over the rows, and sum() over them in one cell."""

    @classmethod
    def setUpClass(cls):
        cls.doc = OFFICE.desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, (prop("Hidden", True),))
        cls.sheet = cls.doc.Sheets.getByIndex(0)
        s = cls.sheet
        s.getCellRangeByName("B1:C1").setDataArray((U,))
        s.getCellRangeByName("B2:C2").setDataArray((PRICE,))
        for k, (p, lo, hi, peak) in enumerate(RUNS):
            r = FIRST + k
            s.getCellRangeByName(f"A{r}:C{r}").setDataArray(((p, lo, hi),))
            s.getCellRangeByName(f"D{r}").setString(f"{peak:g} FLOP/s")
        s.getCellRangeByName("E5:E8").setArrayFormula(f'=QTY("{ROW_COST}";"USD";{COLUMNS})')
        s.getCellRangeByName("F5:F8").setArrayFormula(f'=QTYDIST("{ROW_COST}";"USD";{COLUMNS})')
        s.getCellRangeByName("G5:H8").setArrayFormula(f'=QTYVALUE("{ROW_COST}";"USD";"low high";{COLUMNS})')
        # The totals above the rows, one formula each.
        s.getCellRangeByName("E3").setFormula(f'=QTY("sum({ROW_COST})";"USD";{COLUMNS})')
        s.getCellRangeByName("F3").setFormula(f'=QTYDIST("sum({ROW_COST})";"USD";{COLUMNS})')
        # Entered in one cell, the column shows its first row.
        s.getCellRangeByName("I5").setFormula(f'=QTYVALUE("{ROW_COST}";"USD";"high";{COLUMNS})')
        cls.exact = exact_bounds()
        cls.mc = monte_carlo()

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def value(self, ref, part):
        c = self.sheet.getCellRangeByName("Z1")
        c.setFormula(f'=QTYVALUE({ref};"USD";"{part}")')
        self.assertEqual(c.getError(), 0, f"{ref}: {c.getString()}")
        return c.getValue()

    def test_the_total_over_the_rows_has_the_exact_bounds_and_the_monte_carlo_percentiles(self):
        low, high = self.value("E3", "low"), self.value("E3", "high")
        self.assertLessEqual(low, self.exact[0] * (1 + 1e-12))
        self.assertGreaterEqual(high, self.exact[1] * (1 - 1e-12))
        self.assertGreater(low, self.exact[0] * 0.995)
        self.assertLess(high, self.exact[1] * 1.005)
        for part, expected in zip(("p5", "median", "p95"), self.mc):
            got = self.value("F3", part)
            self.assertTrue(math.isclose(got, expected, rel_tol=0.01), f"F3 {part}: {got:.6g}, Monte Carlo {expected:.6g}")

    def test_one_result_per_row_and_the_blank_row_left_empty(self):
        s = self.sheet
        for k, (p, lo, hi, peak) in enumerate(RUNS):
            r = FIRST + k
            low, high = cost(p, lo, peak, U[1], PRICE[0]), cost(p, hi, peak, U[0], PRICE[1])
            # Each row's text reads back as its own result, at full precision.
            self.assertTrue(math.isclose(self.value(f"E{r}", "low"), low, rel_tol=1e-9), r)
            self.assertTrue(math.isclose(self.value(f"E{r}", "high"), high, rel_tol=1e-9), r)
            self.assertTrue(math.isclose(s.getCellRangeByName(f"G{r}").getValue(), low, rel_tol=1e-9), r)
            self.assertTrue(math.isclose(s.getCellRangeByName(f"H{r}").getValue(), high, rel_tol=1e-9), r)
            self.assertGreater(self.value(f"F{r}", "p5"), low)
        for ref in ("E8", "F8", "G8", "H8"):
            self.assertEqual(s.getCellRangeByName(ref).getString(), "", ref)
        first = RUNS[0]
        self.assertTrue(math.isclose(s.getCellRangeByName("I5").getValue(), cost(first[0], first[2], first[3], U[0], PRICE[1]),
                                     rel_tol=1e-9))
        # A later cell that totals the rows' texts gives the total over the rows: their inputs stay shared.
        s.getCellRangeByName("J3").setFormula('=QTYSUM(E5:E8;"USD")')
        for part in ("low", "high"):
            self.assertTrue(math.isclose(self.value("J3", part), self.value("E3", part), rel_tol=1e-9), part)

    def test_a_bad_row_is_named_in_the_sentence(self):
        s = self.sheet
        s.getCellRangeByName("K5:L7").setDataArray(((1.8e12, 2.2e12), (10e12, ""), (12e12, 16e12)))
        bad = COLUMNS.replace("B5:C8", "K5:L8")
        s.getCellRangeByName("M3").setFormula(f'=QTY("sum({ROW_COST})";"USD";{bad})')
        self.assertEqual(s.getCellRangeByName("M3").getError(), ERR_502)
        s.getCellRangeByName("M4").setFormula(f'=QTYERROR("sum({ROW_COST})";"USD";{bad})')
        self.assertIn("Row 2 of the columns", s.getCellRangeByName("M4").getString())


# Two or three models, one value per cell: a column of models like any other, never a low and a high.
MODELS = [(p, lo, peak) for p, lo, hi, peak in RUNS]  # params, tokens, peak
MODEL_HOURS = '=QTYVALUE("6 FLOP*p*t/(peak*u)";"hour";{part};"p";A30:A{last};"t";B30:B{last};"peak";D30:D{last};"u";$B$1:$C$1)'


def model_hours(params, tokens, peak, u):
    return 6 * params * tokens / (peak * u) / 3600


class ColumnsOfTwoOrThreeModels(unittest.TestCase):
    """Each model's hours in its own row, for 2 and 3 rows, against the closed form; a row of two cells a range."""

    @classmethod
    def setUpClass(cls):
        cls.doc = OFFICE.load()
        cls.sheet = s = cls.doc.Sheets.getByIndex(0)
        s.getCellRangeByName("B1:C1").setDataArray((U,))
        for k, (p, t, peak) in enumerate(MODELS):
            s.getCellRangeByName(f"A{30 + k}:B{30 + k}").setDataArray(((p, t),))
            s.getCellRangeByName(f"D{30 + k}").setString(f"{peak:g} FLOP/s")

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def column(self, ref, formula):
        target = self.sheet.getCellRangeByName(ref)
        target.setArrayFormula(formula)
        return target.getDataArray()

    def test_each_row_is_its_own_model_for_two_and_three_rows(self):
        middle = sum(U) / 2
        for rows, ref, parts in ((3, "E30:E32", "F30:G32"), (2, "E35:E36", "F35:G36")):
            last = 29 + rows
            central = self.column(ref, MODEL_HOURS.format(part="", last=last))
            ends = self.column(parts, MODEL_HOURS.format(part='"low high"', last=last))
            self.assertEqual(len(central), rows)
            for k in range(rows):
                p, t, peak = MODELS[k]
                truths = (model_hours(p, t, peak, middle), model_hours(p, t, peak, U[1]), model_hours(p, t, peak, U[0]))
                got = (central[k][0], ends[k][0], ends[k][1])
                for g, truth in zip(got, truths):
                    self.assertTrue(math.isclose(g, truth, rel_tol=1e-9), f"{rows} rows, row {k + 1}: {got} for {truths}")
            # No two models show the same number (the trap showed one model's number on every row).
            self.assertEqual(len({round(r[0]) for r in central}), rows)

    def test_a_row_of_two_cells_is_still_a_low_and_a_high(self):
        c = self.sheet.getCellRangeByName("H30")
        c.setFormula('=QTYVALUE("6 FLOP*p*t/(peak*u)";"hour";"high";"p";A30;"t";B30;"peak";D30;"u";$B$1:$C$1)')
        p, t, peak = MODELS[0]
        self.assertTrue(math.isclose(c.getValue(), model_hours(p, t, peak, U[0]), rel_tol=1e-9), c.getString())
        c.setFormula('=QTYVALUE("u";;"high";"u";$B$1:$C$1)')
        self.assertEqual(c.getValue(), U[1])


class CorrelationAcrossRuns(unittest.TestCase):
    """Runs over one utilization and one price, the pair "u, price: 0.5" stated by one of them: the total is
    correlated whichever row comes first. The runs' costs are h hour * price / u, so the total is (sum of h) hour *
    price / u, a lognormal whose 95th percentile has a closed form (rho = 2 sin(pi r / 6) between the normal scores).
    The rows are sorted both ways with Calc's own sort, which moves each formula with its row."""

    HOURS = (500, 700, 900)
    RUN = '=QTY("1 hour * h * price / u";"USD";"h";A{r};"u";$E$1;"price";$F$1{pair})'

    @classmethod
    def setUpClass(cls):
        cls.doc = OFFICE.load()
        cls.sheet = s = cls.doc.Sheets.getByIndex(0)
        s.getCellRangeByName("E1").setString("25% to 60%")
        s.getCellRangeByName("F1").setString("2 to 4 USD/hour")
        for k, h in enumerate(cls.HOURS):
            r = 5 + k
            s.getCellRangeByName(f"A{r}").setValue(h)
            pair = ';"correlation";"u, price: 0.5"' if k == 1 else ""
            s.getCellRangeByName(f"B{r}").setFormula(cls.RUN.format(r=r, pair=pair))
        s.getCellRangeByName("B3").setFormula('=QTYVALUE(QTYSUM(B5:B7;"USD";"90%");"USD";"p95")')
        s.getCellRangeByName("C3").setFormula('=QTYVALUE("a + b + c";"USD";"p95";"a";B5;"b";B6;"c";B7)')

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    @staticmethod
    def truth(hours, r):
        sp, su = math.log(2) / (2 * Z95), math.log(0.6 / 0.25) / (2 * Z95)
        rho = 2 * math.sin(math.pi * r / 6)
        return hours * math.sqrt(8) / math.sqrt(0.25 * 0.6) * math.exp(Z95 * math.sqrt(sp * sp + su * su - 2 * rho * sp * su))

    def sort_rows(self, ascending):
        field = TableSortField()
        field.Field = 0
        field.IsAscending = ascending
        rows = self.sheet.getCellRangeByName("A5:B7")
        descriptor = rows.createSortDescriptor()
        for p in descriptor:
            if p.Name == "SortFields":
                p.Value = uno.Any("[]com.sun.star.table.TableSortField", (field,))
        uno.invoke(rows, "sort", (descriptor,))
        self.doc.calculateAll()

    def test_sorting_the_rows_either_way_keeps_the_correlated_total(self):
        truth = self.truth(sum(self.HOURS), 0.5)
        seen = []
        for ascending in (True, False, True):
            self.sort_rows(ascending)
            order = [self.sheet.getCellRangeByName(f"A{r}").getValue() for r in (5, 6, 7)]
            for ref in ("B3", "C3"):
                c = self.sheet.getCellRangeByName(ref)
                self.assertEqual(c.getError(), 0, f"{ref} with rows {order}: {c.getString()}")
                self.assertTrue(math.isclose(c.getValue(), truth, rel_tol=1e-9), f"{ref} with rows {order}: {c.getValue()} for {truth}")
            seen.append(order)
        self.assertNotEqual(seen[0], seen[1])
        # The independent total is wider: the pair is applied, not dropped.
        self.assertGreater(self.truth(sum(self.HOURS), 0), truth * 1.1)

    def test_two_runs_that_state_different_correlations_are_refused_naming_both(self):
        s = self.sheet
        s.getCellRangeByName("H5").setFormula(self.RUN.format(r=5, pair=';"correlation";"u, price: 0.5"'))
        s.getCellRangeByName("H6").setFormula(self.RUN.format(r=6, pair=';"correlation";"u, price: -0.5"'))
        total = s.getCellRangeByName("H3")
        total.setFormula('=QTYSUM(H5:H6;"USD";"90%")')
        self.assertEqual(total.getError(), ERR_502, total.getString())
        said = s.getCellRangeByName("H2")
        said.setFormula('=QTYERROR("QTYSUM";H5:H6;"USD";"90%")')
        self.assertIn('"u, price: 0.5"', said.getString())
        self.assertIn('"u, price: -0.5"', said.getString())


if __name__ == "__main__":
    sys.exit(office.main(sys.modules[__name__], deadline=500))
