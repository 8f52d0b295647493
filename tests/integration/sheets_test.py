#!/usr/bin/python3
"""The sample sheets in sample-sheets/: they match their generator, and in a real headless LibreOffice with the
built ballpark.oxt every sheet recalculates to the published figures, with no cell holding an error.

Run by CTest (test sample_sheets_in_libreoffice), or by hand:
    /usr/bin/python3 tests/integration/sheets_test.py --oxt build/addin/ballpark.oxt
Prints "N passed, N failed" and exits non-zero when anything failed.

The expected values are computed here from the published figures (parameters, tokens, peak, reported hours), by
the arithmetic 6 × N × D / (peak × utilization), not read back from the sheets or from Ballpark.
"""

import bisect
import csv
import math
import re
import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests", "python"))

import colleague_test  # noqa: E402
import make_sample_sheets  # noqa: E402
import office  # noqa: E402
from shared_helpers import Z95, lognormal_through  # noqa: E402  (tests/python)
import utilization_record_test as record  # noqa: E402  (tests/python: the record and its fit, from the data file)

from com.sun.star.sheet.CellFlags import FORMULA, STRING, VALUE  # noqa: E402
from com.sun.star.table.CellContentType import FORMULA as FORMULA_CELL  # noqa: E402

SHEETS = ["llama-comparison", "model-budgets", "unit-cookbook", "training-budget", "quarter-plan", "back-test"]
SHEET_DIR = os.path.join(ROOT, "sample-sheets")
ADDIN = "ORG.BALLPARK.CALCADDIN."

# Peak dense throughput from the vendors' datasheets (bf16; the V100 has fp16 only), in FLOP/s.
# Dense bf16 (V100: fp16) peaks from the vendors' datasheets, independent of the add-in's table.
PEAK = {"A100": 312e12, "H100": 989e12, "H800": 989e12, "V100": 125e12}
SECONDS_PER_HOUR = 3600


def gpu_hours(params, tokens, peak, utilization):
    return 6 * params * tokens / (peak * utilization) / SECONDS_PER_HOUR


def lo(x):
    """The low end of an input given as a number or a (low, high) range."""
    return x[0] if isinstance(x, tuple) else x


def hi(x):
    return x[1] if isinstance(x, tuple) else x


def mid(x):
    """The central value of a range typed as "a to b": its midpoint."""
    return (lo(x) + hi(x)) / 2


def sig3(x):
    """x rounded to three significant figures."""
    return float(f"{x:.3g}")


ARGS = None
OFFICE = None


setUpModule, tearDownModule = office.module_office(sys.modules[__name__])


def open_sheet(name):
    """Loads a copy of the committed sheet (the office runs as nobody when we are root) and recalculates it."""
    doc = OFFICE.open_copy(os.path.join(SHEET_DIR, name + ".fods"))
    doc.calculateAll()
    return doc


class Table:
    """The table of a sample sheet: the header row (the first with three or more filled cells) and the rows under
    it, addressed by column title, so the tests do not depend on column letters."""

    def __init__(self, sheet):
        self.sheet = sheet
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        self.nrows, self.ncols = cursor.RangeAddress.EndRow + 1, cursor.RangeAddress.EndColumn + 1
        strings = sheet.getCellRangeByPosition(0, 0, self.ncols - 1, self.nrows - 1).getDataArray()
        self.header = next(r for r in range(self.nrows) if sum(1 for v in strings[r] if v != "") >= 3)
        self.titles = [str(t) for t in strings[self.header]]
        self.rows = {}  # text in column A -> row index
        for r in range(self.header + 1, self.nrows):
            label = sheet.getCellByPosition(0, r).getString()
            if label:
                self.rows[label] = r

    def col(self, title_start):
        matches = [c for c, t in enumerate(self.titles) if t == title_start] or \
            [c for c, t in enumerate(self.titles) if t.startswith(title_start)]
        assert len(matches) == 1, f"{title_start!r} matches columns {matches} of {self.titles}"
        return matches[0]

    def cell(self, row_label, title_start):
        return self.sheet.getCellByPosition(self.col(title_start), self.rows[row_label])


def read_csv(name):
    with open(os.path.join(SHEET_DIR, "data", name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# ---------------------------------------------------------------------------------------------------------------


class Drift(unittest.TestCase):
    """The committed sheets are exactly what scripts/make_sample_sheets.py writes from the data files."""

    def test_committed_sheets_match_the_generator(self):
        problems = make_sample_sheets.drift()
        self.assertEqual(problems, [], "\n".join(f"{n}:\n{d}" for n, d in problems)
                         + "\nRegenerate with /usr/bin/python3 scripts/make_sample_sheets.py")

    def test_the_generator_is_deterministic(self):
        self.assertEqual(make_sample_sheets.build(), make_sample_sheets.build())

    def test_every_model_and_accelerator_figure_has_a_source(self):
        models = read_csv("models.csv")
        self.assertGreaterEqual(len(models), 12)
        for m in models:
            self.assertTrue(m["source"].strip(), f"{m['model']} has no source")
            self.assertIn(m["accelerator"], PEAK)
        for a in read_csv("accelerators.csv"):
            self.assertTrue(a["peak_source"] and a["power_source"] and a["price_note"], a["accelerator"])
            self.assertEqual(float(a["peak_tflops"]) * 1e12, PEAK[a["accelerator"]])


class EverySheet(unittest.TestCase):
    """What holds for all three: no error anywhere, a note on top, a frozen header, formats and widths that fit."""

    @classmethod
    def setUpClass(cls):
        cls.docs = {name: open_sheet(name) for name in SHEETS}

    @classmethod
    def tearDownClass(cls):
        for doc in cls.docs.values():
            doc.close(True)

    def test_no_cell_holds_an_error(self):
        for name, doc in self.docs.items():
            sheet = doc.Sheets.getByIndex(0)
            table = Table(sheet)
            bad = []
            formulas = 0
            for r in range(table.nrows):
                for c in range(table.ncols):
                    cell = sheet.getCellByPosition(c, r)
                    formulas += cell.getType() == FORMULA_CELL
                    if cell.getError() or cell.getString().startswith(("#", "Err:")):
                        bad.append(f"{cell.AbsoluteName}={cell.getString()} ({cell.getFormula()})")
            with self.subTest(sheet=name):
                self.assertEqual(bad, [])
                self.assertGreater(formulas, 10)

    def test_the_stored_results_are_what_the_extension_computes(self):
        """Each formula's result stored in the file (what a colleague without the extension sees) equals the result
        after a recalculation with the extension."""
        for name, doc in self.docs.items():
            sheet = doc.Sheets.getByIndex(0)
            stored = colleague_test.stored_results(name)
            with self.subTest(sheet=name):
                self.assertGreater(len(stored), 10)
                for (r, c), value in stored.items():
                    cell = sheet.getCellByPosition(c, r)
                    self.assertIsNotNone(value, f"{cell.AbsoluteName} stores no result")
                    if isinstance(value, float):
                        self.assertTrue(math.isclose(cell.getValue(), value, rel_tol=1e-12),
                                        f"{cell.AbsoluteName}: stored {value!r}, computed {cell.getValue()!r}")
                    elif not cell.getFormula().upper().startswith("=FORMULA("):
                        # (FORMULA's text is in the reader's syntax: ";" separators in a German office.)
                        self.assertEqual(office.shown(cell.getString()), office.shown(value), cell.AbsoluteName)

    def test_a_note_on_top_and_a_frozen_header_row(self):
        for name, doc in self.docs.items():
            sheet = doc.Sheets.getByIndex(0)
            table = Table(sheet)
            controller = doc.getCurrentController()
            controller.setActiveSheet(sheet)
            with self.subTest(sheet=name):
                self.assertTrue(len(sheet.getCellByPosition(0, 0).getString()) > 30, "no title on top")
                self.assertTrue(len(sheet.getCellByPosition(0, 1).getString()) > 60, "no note under the title")
                self.assertTrue(controller.hasFrozenPanes())
                self.assertEqual(controller.getSplitRow(), table.header + 1, "the header row is not frozen")
                self.assertTrue(sheet.getCellByPosition(0, table.header).CharWeight > 100, "header not bold")

    def test_numbers_fit_their_columns(self):
        """Each column is at least as wide as LibreOffice's optimal width for its unwrapped data cells (a number
        in a column too narrow shows ###)."""
        for name, doc in self.docs.items():
            sheet = doc.Sheets.getByIndex(0)
            table = Table(sheet)
            doc.Sheets.insertNewByName("scratch", 1)
            scratch = doc.Sheets.getByName("scratch")
            try:
                for c in range(len(table.titles)):
                    wrapped = [sheet.getCellByPosition(c, r).IsTextWrapped for r in range(table.header + 1,
                                                                                           table.nrows)]
                    if any(wrapped):
                        continue
                    source = sheet.getCellRangeByPosition(c, table.header + 1, c, table.nrows - 1).RangeAddress
                    target = scratch.getCellByPosition(c, 0).CellAddress
                    scratch.copyRange(target, source)
                    column = scratch.Columns.getByIndex(c)
                    column.OptimalWidth = True
                    needed, width = column.Width, sheet.Columns.getByIndex(c).Width
                    with self.subTest(sheet=name, column=table.titles[c]):
                        self.assertGreaterEqual(width, needed, f"{width / 100:.1f} mm < {needed / 100:.1f} mm")
            finally:
                doc.Sheets.removeByName("scratch")


class LlamaComparison(unittest.TestCase):
    # Published figures: Llama 2 paper Table 2 / model card; Llama 3 paper and the Llama 3.1 model card.
    CASES = {
        "Llama 2 70B": dict(params=70e9, tokens=2e12, peak=PEAK["A100"], reported=1_720_320,
                            text="1.7 [1.4, 2.1] million hour", inside="yes"),
        "Llama 3.1 405B": dict(params=405e9, tokens=15.6e12, peak=PEAK["H100"], reported=30.84e6,
                               text="24 [19, 30] million hour", inside="no"),
    }

    @classmethod
    def setUpClass(cls):
        cls.doc = open_sheet("llama-comparison")
        cls.table = Table(cls.doc.Sheets.getByIndex(0))

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def value(self, model, title):
        cell = self.table.cell(model, title)
        self.assertEqual(cell.getError(), 0, f"{model} / {title}: {cell.getString()}")
        return cell.getValue()

    def test_one_row_per_model(self):
        self.assertEqual(sorted(self.table.rows), sorted(self.CASES))

    def test_the_hand_figures_by_hand(self):
        # The published figures, from the arithmetic alone (so a change here is a change in the method).
        self.assertEqual(sig3(gpu_hours(70e9, 2e12, 312e12, 0.45) / 1e6), 1.66)
        self.assertEqual(round(6 * 70e9 * 2e12 / (1_720_320 * 3600 * 312e12) * 100), 43)
        self.assertEqual(round(gpu_hours(405e9, 15.6e12, 989e12, 0.45) / 1e6), 24)
        self.assertEqual(round(6 * 405e9 * 15.6e12 / (30.84e6 * 3600 * 989e12) * 100), 35)

    def test_gpu_hours_to_three_significant_figures(self):
        for model, case in self.CASES.items():
            for title, utilization in (("GPU-hours, low", 0.55), ("GPU-hours, central", 0.45),
                                       ("GPU-hours, high", 0.35)):
                expected = gpu_hours(case["params"], case["tokens"], case["peak"], utilization)
                with self.subTest(model=model, column=title):
                    self.assertEqual(sig3(self.value(model, title)), sig3(expected))

    def test_the_estimate_as_text(self):
        for model, case in self.CASES.items():
            with self.subTest(model=model):
                self.assertEqual(office.shown(self.table.cell(model, "Estimate (").getString()), case["text"])

    def test_reported_hours_ratio_implied_utilization_and_inside(self):
        for model, case in self.CASES.items():
            flop = 6 * case["params"] * case["tokens"]
            implied = flop / (case["reported"] * SECONDS_PER_HOUR * case["peak"])
            central = gpu_hours(case["params"], case["tokens"], case["peak"], 0.45)
            with self.subTest(model=model):
                # The column is "(million)": the cell holds the figure in millions.
                self.assertAlmostEqual(self.value(model, "Reported GPU-hours"), case["reported"] / 1e6, 9)
                self.assertEqual(sig3(self.value(model, "Training compute")), sig3(flop))
                self.assertEqual(self.value(model, "Peak"), case["peak"])
                self.assertAlmostEqual(self.value(model, "Estimate ÷ reported"), central / case["reported"], 6)
                self.assertEqual(round(self.value(model, "Implied utilization") * 100), round(implied * 100))
                self.assertEqual(office.shown(self.table.cell(model, "Reported inside").getString()), case["inside"])

    def test_a_number_under_parameters_billion_means_billions(self):
        """13 typed for a 13B model is 13 billion parameters, not 13 (which would show 0.0)."""
        params, tokens = self.table.cell("Llama 2 70B", "Parameters"), self.table.cell("Llama 2 70B", "Training tokens")
        for typed, expected in ((13.0, (13e9, 13e9)), ("60 to 80", (60e9, 80e9)), ("13 billion", (13e9, 13e9))):
            params.setValue(typed) if isinstance(typed, float) else params.setString(typed)
            self.doc.calculateAll()
            try:
                with self.subTest(typed=typed):
                    self.assertEqual(sig3(self.value("Llama 2 70B", "GPU-hours, low")),
                                     sig3(gpu_hours(expected[0], 2e12, PEAK["A100"], 0.55)))
                    self.assertEqual(sig3(self.value("Llama 2 70B", "GPU-hours, high")),
                                     sig3(gpu_hours(expected[1], 2e12, PEAK["A100"], 0.35)))
                    self.assertEqual(tokens.getValue(), 2.0)
            finally:
                params.setValue(70.0)
                self.doc.calculateAll()

    def test_computed_cells_are_add_in_formulas(self):
        functions = {"Peak": "ACCELPEAK", "Training compute": "TRAININGFLOP", "GPU-hours, low": "GPUHOURS",
                     "GPU-hours, central": "GPUHOURS", "GPU-hours, high": "GPUHOURS", "Estimate (": "QTY",
                     "Implied utilization": "IMPLIEDUTIL"}
        for model in self.CASES:
            for title, function in functions.items():
                cell = self.table.cell(model, title)
                with self.subTest(model=model, column=title):
                    self.assertEqual(cell.getType(), FORMULA_CELL)
                    self.assertIn(ADDIN + office.STORED[function] + "(", cell.getFormula())


class ModelBudgets(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.doc = open_sheet("model-budgets")
        cls.sheet = cls.doc.Sheets.getByIndex(0)
        cls.table = Table(cls.sheet)
        cls.models = read_csv("models.csv")
        cls.accelerators = {a["accelerator"]: a for a in read_csv("accelerators.csv")}

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def input_cell(self, label):
        """The value cell next to a planner-input label above the table."""
        for r in range(self.table.header):
            if self.sheet.getCellByPosition(0, r).getString() == label:
                return self.sheet.getCellByPosition(1, r)
        self.fail(f"no input labelled {label!r}")

    def check_row(self, label, params, tokens, peak, price, watts, u_lo=0.35, u_hi=0.55, gpus=2048):
        """params, tokens, price, watts and gpus: a number or a (low, high) range. Every end by hand: the product
        is smallest with the small ends on top and the large ones below."""
        hours = {"low": gpu_hours(lo(params), lo(tokens), peak, u_hi),
                 "central": gpu_hours(mid(params), mid(tokens), peak, (u_lo + u_hi) / 2),
                 "high": gpu_hours(hi(params), hi(tokens), peak, u_lo)}
        expected = {
            "Peak": peak,
            "Training compute": 6 * mid(params) * mid(tokens),
            "GPU-hours, low": hours["low"], "GPU-hours, central": hours["central"], "GPU-hours, high": hours["high"],
            "Cost, low": hours["low"] * lo(price), "Cost, high": hours["high"] * hi(price),
            "Wall-clock days on N GPUs, low": hours["low"] / hi(gpus) / 24,
            "Wall-clock days on N GPUs, high": hours["high"] / lo(gpus) / 24,
            "GPU energy, low": hours["low"] * lo(watts) / 1e6, "GPU energy, high": hours["high"] * hi(watts) / 1e6,
        }
        for title, value in expected.items():
            cell = self.table.cell(label, title)
            with self.subTest(model=label, column=title):
                self.assertEqual(cell.getError(), 0, cell.getString())
                self.assertTrue(math.isclose(cell.getValue(), value, rel_tol=1e-9),
                                f"{cell.getValue()!r} != {value!r}")

    def test_at_least_twelve_models_with_sources(self):
        names = [m["model"] for m in self.models]
        self.assertGreaterEqual(len(names), 12)
        for name in names:
            with self.subTest(model=name):
                self.assertIn(name, self.table.rows)
                self.assertTrue(self.table.cell(name, "Source").getString().strip())

    def test_every_model_row_from_the_published_figures(self):
        for m in self.models:
            acc = self.accelerators[m["accelerator"]]
            self.check_row(m["model"], float(m["params"]), float(m["tokens"]), PEAK[m["accelerator"]],
                           float(acc["price_usd_per_gpu_hour"]), float(acc["power_w"]))
            if m["reported_gpu_hours"]:
                self.assertAlmostEqual(self.table.cell(m["model"], "Reported").getValue(),
                                       float(m["reported_gpu_hours"]) / 1e6, 9)

    def test_opt_175b_has_the_hours_the_llama_paper_published(self):
        # Touvron et al. 2023 (LLaMA, arXiv:2302.13971), carbon-footprint table: OPT-175B on A100-80GB at 400 W,
        # 809,472 GPU-hours, 356 MWh. The paper's energy is GPU-hours x power x a PUE of 1.1, which holds the typed
        # hours to the second published figure.
        hours, watts, mwh = 809_472, 400, 356
        self.assertEqual(round(hours * watts * 1.1 / 1e6), mwh)
        self.assertAlmostEqual(self.table.cell("OPT-175B", "Reported").getValue(), hours / 1e6, 9)
        self.assertIn("809,472", self.table.cell("OPT-175B", "Source").getString())

    def test_the_your_model_row_is_blank_at_the_top_and_works_when_filled(self):
        label = next(iter(sorted(self.table.rows.items(), key=lambda kv: kv[1])))[0]
        self.assertTrue(label.startswith("Your model"), label)
        row = self.table.rows[label]
        self.assertEqual(row, self.table.header + 1, "the your-model row is not the first under the header")
        for c in range(1, len(self.table.titles)):
            cell = self.sheet.getCellByPosition(c, row)
            self.assertEqual(cell.getString(), "", f"{self.table.titles[c]} is not blank")
            self.assertEqual(cell.getError(), 0)
        # Filled in the ways a user would, as the headers say: numbers in billions and trillions, a quantity text
        # with its own unit, ranges typed as text (plain numbers take the header's scale), an accelerator name.
        n_gpus = self.input_cell("N, GPUs in the cluster")
        fillings = [
            ({"Parameters": 70.0, "Training tokens": 2.0, "Accelerator": "A100", "Price": 2.0, "Power": 400.0},
             dict(params=70e9, tokens=2e12, price=2.0, watts=400.0), 2048),
            ({"Parameters": "60 to 80", "Training tokens": "2 trillion", "Accelerator": "A100",
              "Price": "1.5 to 2.5", "Power": "350 to 400"},
             dict(params=(60e9, 80e9), tokens=2e12, price=(1.5, 2.5), watts=(350.0, 400.0)), "1024 to 2048"),
            ({"Parameters": "65 billion to 75 billion", "Training tokens": "1.5 to 2.5", "Accelerator": "A100",
              "Price": 2.5, "Power": 400.0},
             dict(params=(65e9, 75e9), tokens=(1.5e12, 2.5e12), price=2.5, watts=400.0), 2048),
        ]
        for typed, expected, gpus in fillings:
            for title, value in typed.items():
                cell = self.table.cell(label, title)
                cell.setValue(value) if isinstance(value, float) else cell.setString(value)
            n_gpus.setValue(gpus) if isinstance(gpus, int) else n_gpus.setString(gpus)
            self.doc.calculateAll()
            try:
                with self.subTest(typed=typed, gpus=gpus):
                    self.check_row(label, peak=PEAK["A100"], gpus=(1024, 2048) if gpus != 2048 else 2048,
                                   **expected)
            finally:
                for title in typed:
                    self.table.cell(label, title).setString("")
                n_gpus.setValue(2048)
                self.doc.calculateAll()

    def test_planner_inputs_change_every_row(self):
        lo, hi, gpus = self.input_cell("Utilization, low"), self.input_cell("Utilization, high"), \
            self.input_cell("N, GPUs in the cluster")
        self.assertEqual((lo.getValue(), hi.getValue(), gpus.getValue()), (0.35, 0.55, 2048))
        lo.setValue(0.30), hi.setValue(0.40), gpus.setValue(1000)
        self.doc.calculateAll()
        try:
            self.check_row("Llama 2 70B", 70e9, 2e12, PEAK["A100"], 2.0, 400.0, u_lo=0.30, u_hi=0.40, gpus=1000)
        finally:
            lo.setValue(0.35), hi.setValue(0.55), gpus.setValue(2048)
            self.doc.calculateAll()


class TrainingBudget(unittest.TestCase):
    """The planning sheet: every figure worked out here from the inputs. Bounds: each end of a product or quotient
    of positive ranges is at the inputs' ends. The 90% interval: each range "a to b" is a lognormal with a and b as
    its 5th and 95th percentiles, so a product or quotient of them is a lognormal whose log-mean and log-variance
    are the sums of the inputs'."""
    P, T, U, PRICE, GPUS = (60e9, 80e9), (1.6e12, 2.4e12), (0.35, 0.55), (1.8, 2.6), (1536, 2048)
    PEAK, POWER = 312e12, 400

    @classmethod
    def setUpClass(cls):
        cls.doc = open_sheet("training-budget")
        cls.sheet = cls.doc.Sheets.getByIndex(0)
        cls.labels = {}
        for r in range(60):
            label = cls.sheet.getCellByPosition(0, r).getString()
            if label:
                cls.labels.setdefault(label, r)

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def row(self, label):
        self.assertIn(label, self.labels)
        return [self.sheet.getCellByPosition(c, self.labels[label]) for c in range(9)]

    @classmethod
    def log_normal(cls, *factors):
        """(mu, sigma) of the log of a product of ranges; a factor is (range, +1 or -1) or a plain number."""
        mu, var = 0.0, 0.0
        for f in factors:
            if isinstance(f, tuple):
                (a, b), sign = f
                mu += sign * (math.log(a) + math.log(b)) / 2
                var += ((math.log(b) - math.log(a)) / (2 * Z95)) ** 2
            else:
                mu += math.log(f)
        return mu, math.sqrt(var)

    @classmethod
    def over_fraction(cls, mu, sigma, u):
        """The 5th, 50th and 95th percentiles of e^(mu + sigma Z) / u, Z standard normal and u independent of it,
        the declared fraction: the logit-normal with 5th and 95th percentiles u[0] and u[1] (logit(u) normal). Its
        CDF, P(e^(mu + sigma Z) <= x u), integrated over u's normal score by the trapezoid rule on [-9, 9], inverted
        by bisection on the log scale."""
        logit = [math.log(x / (1 - x)) for x in u]
        m, s = (logit[0] + logit[1]) / 2, (logit[1] - logit[0]) / (2 * Z95)
        n, span = 600, 9.0
        nodes = [-span + 2 * span * k / n for k in range(n + 1)]
        weights = [math.exp(-z * z / 2) / math.sqrt(2 * math.pi) * 2 * span / n * (0.5 if k in (0, n) else 1)
                   for k, z in enumerate(nodes)]
        log_u = [-math.log1p(math.exp(-(m + s * z))) for z in nodes]

        def cdf(log_x):
            return sum(w * 0.5 * math.erfc(-(log_x + lu - mu) / (sigma * math.sqrt(2))) for w, lu in zip(weights, log_u))

        out = []
        for p in (0.05, 0.5, 0.95):
            lo, hi = mu - 20 * sigma - 20, mu + 20 * sigma + 20
            for _ in range(60):
                mid_ = (lo + hi) / 2
                lo, hi = (mid_, hi) if cdf(mid_) < p else (lo, mid_)
            out.append(math.exp((lo + hi) / 2))
        return out

    def check(self, label, bounds, dist):
        cells = self.row(label)
        if len(dist) == 2:
            mu, sigma = dist
            percentiles, rel = [math.exp(mu - Z95 * sigma), math.exp(mu), math.exp(mu + Z95 * sigma)], 1e-6
        else:
            # A product with the declared utilization: sampled on the points, so within 1% of the 90% width of
            # the integral above, as sampled products are (docs/language.md).
            percentiles, rel = list(dist), None
        expected = list(bounds) + percentiles
        names = ["bounds low", "central", "bounds high", "p5", "median", "p95"]
        for cell, value, name in zip(cells[1:7], expected, names):
            with self.subTest(row=label, column=name):
                self.assertEqual(cell.getError(), 0, cell.getString())
                if rel is None and name in ("p5", "median", "p95"):
                    ok = abs(cell.getValue() - value) <= 0.01 * (percentiles[2] - percentiles[0])
                else:
                    ok = math.isclose(cell.getValue(), value, rel_tol=1e-6)
                self.assertTrue(ok, f"{cell.getValue()!r} != {value!r}")
        # The texts: "central [low, high] unit" and "median [90%: p5, p95] unit", rounded to a few digits. A printed
        # bound stands for itself give or take half a unit in its last digit (that is how it reads back), so the
        # printed bounds widened by that half unit enclose the exact ones. (Compute prints as "8.40 × 10²³".)
        bounds_text, dist_text = office.shown(cells[7].getString()), office.shown(cells[8].getString())
        for text_ in (bounds_text, dist_text):
            self.assertRegex(text_, r"^\S.* \[.+, .+\] \S")
        if "×" in bounds_text:
            return

        def numbers(t):
            out = []
            # The 90% reading's label ("[90%: 1.2, 2.3]") is not one of the numbers.
            for token in re.findall(r"\d[\d,]*(?:\.\d+)?", t.replace("[90%: ", "[").replace(", ", " "))[:3]:
                token = token.replace(",", "")
                if "." in token:
                    half = 0.5 * 10 ** -len(token.split(".")[1])
                else:
                    half = 0.5 * 10 ** (len(token) - len(token.rstrip("0")))
                out.append((float(token), half))
            return out

        (c, _), (l, l_half), (h, h_half) = numbers(bounds_text)
        with self.subTest(row=label, text=bounds_text):
            self.assertTrue(math.isclose(c, expected[1], rel_tol=0.05), (c, expected[1]))
            self.assertLessEqual(l - l_half, expected[0])
            self.assertGreaterEqual(h + h_half, expected[2])
        with self.subTest(row=label, text=dist_text):
            # A sampled row's percentiles are within 1% of the 90% width of the integral: so is its text, give or
            # take its half unit.
            sampled = 0.01 * (expected[5] - expected[3]) if rel is None else 0
            for (shown, half), exact in zip(numbers(dist_text), (expected[4], expected[3], expected[5])):
                self.assertLessEqual(abs(shown - exact), half * (1 + 1e-9) + sampled, (shown, exact))

    def bounds(self, f):
        """f(params, tokens, util, price, gpus) at the low end, the central values and the high end of the result
        (the function is increasing in params, tokens, price and decreasing in util and gpus)."""
        low = f(self.P[0], self.T[0], self.U[1], self.PRICE[0], self.GPUS[1])
        central = f(mid(self.P), mid(self.T), mid(self.U), mid(self.PRICE), mid(self.GPUS))
        high = f(self.P[1], self.T[1], self.U[0], self.PRICE[1], self.GPUS[0])
        return low, central, high

    def hours_million(self, p, t, u):
        return 6 * p * t / (self.PEAK * u) / SECONDS_PER_HOUR / 1e6

    def test_training_compute_and_gpu_hours(self):
        self.check("Training compute (FLOP)", self.bounds(lambda p, t, u, c, g: 6 * p * t),
                   self.log_normal(6, (self.P, 1), (self.T, 1)))
        # The utilization is declared a fraction ("util: fraction"): in the 90% reading the logit-normal.
        self.check("GPU-hours (million)", self.bounds(lambda p, t, u, c, g: self.hours_million(p, t, u)),
                   self.over_fraction(*self.log_normal(6 / self.PEAK / SECONDS_PER_HOUR / 1e6, (self.P, 1), (self.T, 1)),
                                      self.U))

    def test_the_hours_flow_into_cost_energy_and_time(self):
        hours = (self.P, 1), (self.T, 1)
        k = 6 / self.PEAK / SECONDS_PER_HOUR / 1e6
        self.check("Cost ($ million)", self.bounds(lambda p, t, u, c, g: self.hours_million(p, t, u) * c),
                   self.over_fraction(*self.log_normal(k, *hours, (self.PRICE, 1)), self.U))
        self.check("GPU energy (MWh)", self.bounds(lambda p, t, u, c, g: self.hours_million(p, t, u) * self.POWER),
                   self.over_fraction(*self.log_normal(k * self.POWER, *hours), self.U))
        self.check("Wall-clock time (days)",
                   self.bounds(lambda p, t, u, c, g: self.hours_million(p, t, u) * 1e6 / g / 24),
                   self.over_fraction(*self.log_normal(k * 1e6 / 24, *hours, (self.GPUS, -1)), self.U))
        # The flow is through the cells: cost, energy and time name the GPU-hours cells in their formulas.
        h = self.labels["GPU-hours (million)"] + 1
        for label in ("Cost ($ million)", "GPU energy (MWh)", "Wall-clock time (days)"):
            cells = self.row(label)
            self.assertIn(f"B{h}:D{h}", cells[1].getFormula())
            self.assertIn(f"E{h}:G{h}", cells[4].getFormula())

    def test_the_tornado_ranks_the_inputs_by_their_swing_in_the_cost(self):
        def cost(p, t, u, c):
            return self.hours_million(p, t, u) * c
        central = cost(mid(self.P), mid(self.T), mid(self.U), mid(self.PRICE))
        self.assertTrue(math.isclose(self.row("Cost with every input central ($ million)")[1].getValue(), central,
                                     rel_tol=1e-9))
        bars = {}
        for name, rng, i in (("params", self.P, 0), ("tokens", self.T, 1), ("util", self.U, 2),
                             ("price", self.PRICE, 3)):
            at = []
            for end in rng:
                args = [mid(self.P), mid(self.T), mid(self.U), mid(self.PRICE)]
                args[i] = end
                at.append(cost(*args))
            bars[name] = at
        ranked = sorted(bars, key=lambda n: -abs(bars[n][1] - bars[n][0]))
        first = self.labels["Tornado of the cost: input, largest swing first"] + 1
        for k, name in enumerate(ranked):
            cells = [self.sheet.getCellByPosition(c, first + k) for c in range(5)]
            with self.subTest(rank=k + 1, input=name):
                self.assertEqual(cells[0].getString(), name)
                for cell, value in zip(cells[1:], bars[name] + [bars[name][0] - central, bars[name][1] - central]):
                    self.assertTrue(math.isclose(cell.getValue(), value, rel_tol=1e-9, abs_tol=1e-9),
                                    f"{cell.AbsoluteName}: {cell.getValue()!r} != {value!r}")

    def test_the_tornado_is_a_bar_chart_of_those_cells(self):
        charts = self.sheet.Charts
        self.assertEqual(charts.getCount(), 1)
        chart = charts.getByIndex(0)
        first = self.labels["Tornado of the cost: input, largest swing first"]
        ranges = chart.getRanges()
        self.assertTrue(any(r.StartColumn == 3 and r.EndColumn == 4 and r.EndRow == first + 4 for r in ranges)
                        or {(r.StartColumn, r.EndRow) for r in ranges} >= {(3, first + 4), (4, first + 4)},
                        [(r.StartColumn, r.StartRow, r.EndColumn, r.EndRow) for r in ranges])
        diagram = chart.EmbeddedObject.Diagram
        self.assertEqual(diagram.getDiagramType(), "com.sun.star.chart.BarDiagram")
        self.assertTrue(diagram.Vertical, "the bars are not horizontal")
        data = chart.EmbeddedObject.getData()
        names = [self.sheet.getCellByPosition(0, first + 1 + k).getString() for k in range(4)]
        self.assertEqual(list(data.getRowDescriptions()), names)
        for k, row in enumerate(data.getData()):
            self.assertEqual(row, tuple(self.sheet.getCellByPosition(c, first + 1 + k).getValue() for c in (3, 4)))

    def test_a_range_typed_as_text_or_a_number_in_the_header_scale(self):
        """A range is two cells; the high cell alone moves the high bound (to 90 billion here)."""
        params_high = self.sheet.getCellByPosition(2, self.labels["Parameters (billion)"])
        params_high.setValue(90)
        self.doc.calculateAll()
        try:
            value = self.row("GPU-hours (million)")[3].getValue()
            self.assertTrue(math.isclose(value, self.hours_million(90e9, self.T[1], self.U[0]), rel_tol=1e-9))
        finally:
            params_high.setValue(80)
            self.doc.calculateAll()


class QuarterPlan(unittest.TestCase):
    """The quarter plan built one cell per step, against figures worked out here. Bounds: every run's GPU-hours,
    cost and days are monotone in each input (up with tokens and price, down with utilization), so the exact bounds
    of a total are at the corners of the inputs, every run at the same corner. The 90% reading: a Monte Carlo of a
    million trials that draws the shared utilization and price once per trial and each run's tokens on their own,
    every range "a to b" a lognormal with a and b as its 5th and 95th percentiles."""
    U, PRICE, GPUS = (0.35, 0.55), (2.0, 3.0), 2048
    # (active parameters, tokens low, tokens high, peak FLOP/s): Llama 2 70B, LLaMA 33B, Llama 3.1 8B and Llama 4
    # Maverick's 17B active, each on its published token count give or take 10%.
    RUNS = [(70e9, 1.8e12, 2.2e12, PEAK["A100"]), (32.5e9, 1.26e12, 1.54e12, PEAK["A100"]),
            (8e9, 13.5e12, 16.5e12, PEAK["H100"]), (17e9, 19.8e12, 24.2e12, PEAK["H100"])]
    RANKS = 2 + len(RUNS)  # the tornado's rows: the utilization, the price and each run's tokens
    COLUMN_TOTAL = "Cost ($ million), the column in one call"
    # A run typed into the row after the last: a dense 70B on H100s, 12 to 14 trillion tokens.
    ADDED = ("Dense 70B on H100s", 70e9, 12e12, 14e12, "H100")
    TOTALS = {"GPU-hours (million)": 1e6, "Cost ($ million)": 1e6, "Wall-clock days": 1}
    BUDGET = 12e6  # USD: the budget cell's $12 million
    CHANCE = "Chance of staying under budget (90% reading)"
    DRAWS = "the Monte Carlo's total costs ($ million), sorted"
    HISTOGRAM = "Histogram of the total cost in the 90% reading: bin ($ million)"
    BINS = 20

    @classmethod
    def setUpClass(cls):
        cls.doc = open_sheet("quarter-plan")
        cls.sheet = cls.doc.Sheets.getByIndex(0)
        cls.labels = {}
        for r in range(80):
            label = cls.sheet.getCellByPosition(0, r).getString()
            if label:
                cls.labels.setdefault(label, r)
        cls.header = cls.labels["Run"]
        cls.titles = [cls.sheet.getCellByPosition(c, cls.header).getString() for c in range(16)]
        cls.total_row = cls.labels["Quarter total (QTYSUM of the column)"]
        cls.first = cls.total_row + 1
        cls.mc = cls.monte_carlo(cls.RUNS)
        print(f"\n    quarter-plan: exact cost {cls.exact(cls.RUNS)['Cost ($ million)'][0]:.6g} to "
              f"{cls.exact(cls.RUNS)['Cost ($ million)'][2]:.6g} million USD; Monte Carlo p5, median, p95 "
              + ", ".join(f"{v:.6g}" for v in cls.mc["Cost ($ million)"]), file=sys.stderr)

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    @staticmethod
    def run_hours(runs, u, tokens):
        return sum(gpu_hours(p, t, peak, u) for (p, _, _, peak), t in zip(runs, tokens))

    @classmethod
    def at(cls, runs, u, price, tokens):
        """The three totals with the inputs at the given values, in the sheet's units."""
        h = cls.run_hours(runs, u, tokens)
        return {"GPU-hours (million)": h / 1e6, "Cost ($ million)": h * price / 1e6,
                "Wall-clock days": h / cls.GPUS / 24}

    @classmethod
    def exact(cls, runs):
        """{total: (low, central, high)}: the corners, and every input at the middle of its range."""
        low = cls.at(runs, cls.U[1], cls.PRICE[0], [lo for _, lo, _, _ in runs])
        central = cls.at(runs, mid(cls.U), mid(cls.PRICE), [(lo + hi) / 2 for _, lo, hi, _ in runs])
        high = cls.at(runs, cls.U[0], cls.PRICE[1], [hi for _, _, hi, _ in runs])
        return {k: (low[k], central[k], high[k]) for k in low}

    @classmethod
    def monte_carlo(cls, runs, trials=1_000_000, seed=20261201):
        """{total: (p5, median, p95)}, u and the price drawn once per trial and shared by every run."""
        rng = random.Random(seed)

        def lognormal(a, b):
            mu, sigma = lognormal_through(a, b)
            return lambda: math.exp(mu + sigma * rng.gauss(0, 1))

        def logit_normal(a, b):
            # The utilization is declared a fraction ("u: fraction"): logit(u) normal through logit(a), logit(b).
            la, lb = math.log(a / (1 - a)), math.log(b / (1 - b))
            mu, sigma = (la + lb) / 2, (lb - la) / (2 * Z95)
            return lambda: 1 / (1 + math.exp(-(mu + sigma * rng.gauss(0, 1))))

        u, price = logit_normal(*cls.U), lognormal(*cls.PRICE)
        tokens = [lognormal(lo, hi) for _, lo, hi, _ in runs]
        scale = [6 * p / peak / SECONDS_PER_HOUR for p, _, _, peak in runs]
        hours, cost = [], []
        for _ in range(trials):
            h = sum(s * t() for s, t in zip(scale, tokens)) / u()
            hours.append(h)
            cost.append(h * price())
        out = {cls.CHANCE: sum(c <= cls.BUDGET for c in cost) / trials}
        for name, values, unit in (("GPU-hours (million)", hours, 1e6), ("Cost ($ million)", cost, 1e6),
                                   ("Wall-clock days", hours, cls.GPUS * 24)):
            values.sort()
            out[name] = tuple(values[k] / unit for k in (trials // 20, trials // 2, trials - trials // 20))
        out[cls.DRAWS] = [c / 1e6 for c in cost]  # sorted above, in $ million
        return out

    def numbers(self, label):
        """The six numbers of a total's row: bounds low, central, high; p5, median, p95."""
        cells = [self.sheet.getCellByPosition(c, self.labels[label]) for c in range(1, 7)]
        for cell in cells:
            self.assertEqual(cell.getError(), 0, f"{cell.AbsoluteName}: {cell.getString()}")
        return [cell.getValue() for cell in cells]

    def col(self, title):
        return self.titles.index(title)

    def assertTotalsAre(self, runs, mc):
        for label, (low, central, high) in self.exact(runs).items():
            got = self.numbers(label)
            with self.subTest(total=label, reading="bounds"):
                # Guaranteed (never inside the exact bounds) and within 0.5% of them.
                self.assertLessEqual(got[0], low * (1 + 1e-12))
                self.assertGreaterEqual(got[2], high * (1 - 1e-12))
                self.assertGreater(got[0], low * 0.995, (got[0], low))
                self.assertLess(got[2], high * 1.005, (got[2], high))
                self.assertTrue(math.isclose(got[1], central, rel_tol=1e-9), (got[1], central))
            with self.subTest(total=label, reading="90%"):
                for part, value, expected in zip(("p5", "median", "p95"), got[3:], mc[label]):
                    self.assertTrue(math.isclose(value, expected, rel_tol=0.01),
                                    f"{part}: {value:.6g}, Monte Carlo {expected:.6g}")

    def test_the_totals_in_both_readings(self):
        self.assertTotalsAre(self.RUNS, self.mc)

    def assertColumnTotalIs(self, runs, mc):
        """The cost total of one call over the column (sum() in QTYVALUE, two array formulas of three parts)."""
        low, central, high = self.exact(runs)["Cost ($ million)"]
        got = self.numbers(self.COLUMN_TOTAL)
        self.assertLessEqual(got[0], low * (1 + 1e-12))
        self.assertGreaterEqual(got[2], high * (1 - 1e-12))
        self.assertGreater(got[0], low * 0.995, (got[0], low))
        self.assertLess(got[2], high * 1.005, (got[2], high))
        self.assertTrue(math.isclose(got[1], central, rel_tol=1e-9), (got[1], central))
        for part, value, expected in zip(("p5", "median", "p95"), got[3:], mc["Cost ($ million)"]):
            self.assertTrue(math.isclose(value, expected, rel_tol=0.01), f"{part}: {value:.6g}, Monte Carlo {expected:.6g}")

    def test_the_chance_of_staying_under_budget(self):
        """QTYPROB over the bounds total's cell, read again in the 90% reading: the Monte Carlo's share of trials at
        most the budget, to half a percentage point."""
        budget = self.sheet.getCellByPosition(1, self.labels["Budget for the quarter ($ million)"])
        self.assertEqual(budget.getValue() * 1e6, self.BUDGET)
        cell = self.sheet.getCellByPosition(1, self.labels[self.CHANCE])
        self.assertEqual(cell.getError(), 0, cell.getString())
        self.assertTrue(cell.getFormula().upper().find("QTYPROB") >= 0, cell.getFormula())
        self.assertLess(abs(cell.getValue() - self.mc[self.CHANCE]), 0.005, (cell.getValue(), self.mc[self.CHANCE]))

    def test_the_histogram_of_the_total_cost(self):
        self.assertHistogramIs(self.mc)

    def assertHistogramIs(self, mc):
        """QTYBINS of the bounds total's cell (an array formula, read in the 90% reading) against the Monte Carlo's
        million totals: equal bins from the 0.5th to the 99.5th percentile (edges within 1%), the chance in each bin,
        up to its top and above its top within half a percentage point, and each bin's chance split at the budget
        into the part under and the part over it (the Monte Carlo's share on either side, within half a point)."""
        header = self.labels[self.HISTOGRAM]
        draws = mc[self.DRAWS]
        n = len(draws)

        def at_most(x):
            return bisect.bisect_right(draws, x) / n

        rows = []
        for k in range(self.BINS):
            cells = [self.sheet.getCellByPosition(c, header + 1 + k) for c in range(8)]
            for cell in cells:
                self.assertEqual(cell.getError(), 0, f"{cell.AbsoluteName}: {cell.getString()}")
            rows.append([cell.getValue() for cell in cells[1:]])
        formula_ = self.sheet.getCellByPosition(1, header + 1).getFormula()
        self.assertTrue(formula_.startswith("{=") and "QTYBINS(" in formula_.upper(), formula_)
        first, last = rows[0][0], rows[-1][1]
        self.assertTrue(math.isclose(first, draws[n // 200], rel_tol=0.01), (first, draws[n // 200]))
        self.assertTrue(math.isclose(last, draws[n - n // 200], rel_tol=0.01), (last, draws[n - n // 200]))
        budget = self.BUDGET / 1e6
        straddled = 0
        for k, (low, high, chance, cumulative, under, over, exceed) in enumerate(rows):
            with self.subTest(bin=k, edges=(low, high)):
                self.assertTrue(math.isclose(high - low, (last - first) / self.BINS, rel_tol=1e-9), (low, high))
                if k:
                    self.assertEqual(low, rows[k - 1][1])
                self.assertLess(abs(chance - (at_most(high) - at_most(low))), 0.005, chance)
                self.assertLess(abs(cumulative - at_most(high)), 0.005, cumulative)
                self.assertLess(abs(exceed - (1 - at_most(high))), 0.005, exceed)
                self.assertTrue(math.isclose(under + over, chance, abs_tol=1e-12), (under, over, chance))
                cut = min(max(budget, low), high)
                self.assertLess(abs(under - (at_most(cut) - at_most(low))), 0.005, under)
                self.assertLess(abs(over - (at_most(high) - at_most(cut))), 0.005, over)
                straddled += under > 0 and over > 0
        if first < budget < last:
            self.assertEqual(straddled, 1, "the budget falls inside one bin, which is split")

    def test_the_histogram_chart_draws_the_bins(self):
        """The chart beside the bins is a real chart object whose data are the cells: the parts under and over the
        budget and the chance of exceeding, each bin's as the sheet shows it after recalculating."""
        header = self.labels[self.HISTOGRAM]
        self.assertEqual(self.sheet.Charts.getCount(), 2)  # the tornado's and this one
        chart = self.chart_over(5, header + 1)
        for column in (5, 6, 7):  # F, G, H: under, over, exceeding
            self.assertEqual(self.chart_over(column, header + self.BINS).getName(), chart.getName(), column)
        data = chart.EmbeddedObject.getData().getData()
        self.assertEqual(len(data), self.BINS)
        for k, row in enumerate(data):
            cells = [self.sheet.getCellByPosition(c, header + 1 + k).getValue() for c in (5, 6, 7)]
            self.assertEqual(list(row), cells, k)
        self.assertGreater(max(row[0] for row in data), 0.05)  # the chart is not drawn from blank cells

    def test_a_sparkline_beside_each_runs_cost(self):
        """QTYSPARK over the column form's rows: each run's sparkline (12 block glyphs, the tallest one a full
        block) followed by the 90% interval of its cost column, and the total's read from the total's cell."""
        column = self.col("Cost, the column in one call: the 90% reading's density (QTYSPARK)")
        dist = self.col("Cost, 90% interval")
        for k in range(len(self.RUNS) + 1):
            r = self.total_row + k
            cell = self.sheet.getCellByPosition(column, r)
            with self.subTest(row=r):
                self.assertEqual(cell.getError(), 0, cell.getString())
                glyphs, interval = office.shown(cell.getString()).split(" ", 1)
                self.assertEqual(len(glyphs), 12, glyphs)
                self.assertTrue(set(glyphs) <= set("▁▂▃▄▅▆▇█"), glyphs)
                self.assertIn("█", glyphs)
                shown = office.shown(self.sheet.getCellByPosition(dist, r).getString())
                low, high = re.search(r"\[90%: ([0-9.]+), ([0-9.]+)\]", shown).groups()
                self.assertEqual(interval, f"{low}–{high} million USD", shown)

    def test_the_column_in_one_call_gives_the_same_total(self):
        self.assertColumnTotalIs(self.RUNS, self.mc)

    def test_the_column_in_one_call_gives_each_run_its_cost(self):
        """Two array formulas over the runs' rows: each row's cost in both readings, as the cell-per-step columns
        show it, and read back at full precision; the blank rows below stay blank, and QTYSUM adds the column."""
        bounds, dist = self.col("Cost, the column in one call: guaranteed bounds"), self.col(
            "Cost, the column in one call: 90% interval")
        scratch = self.sheet.getCellRangeByName("Z1")
        try:
            for k, run in enumerate(self.RUNS):
                r = self.first + k
                for column, step in ((bounds, self.col("Cost, guaranteed bounds")), (dist, self.col("Cost, 90% interval"))):
                    cell = self.sheet.getCellByPosition(column, r)
                    with self.subTest(run=k, column=column):
                        self.assertEqual(cell.getError(), 0, cell.getString())
                        self.assertTrue(cell.getFormula().startswith("{="), cell.getFormula())
                        self.assertEqual(office.shown(cell.getString()),
                                         office.shown(self.sheet.getCellByPosition(step, r).getString()))
                low, _, high = self.exact([run])["Cost ($ million)"]
                address = self.sheet.getCellByPosition(bounds, r).AbsoluteName.split(".")[-1]
                for part, expected in (("low", low), ("high", high)):
                    scratch.setFormula(f'=QTYVALUE({address};"million USD";"{part}")')
                    self.assertTrue(math.isclose(scratch.getValue(), expected, rel_tol=1e-9), (k, part, scratch.getValue()))
        finally:
            scratch.setString("")
        for r in range(self.first + len(self.RUNS), self.first + 30):
            for column in (bounds, dist):
                cell = self.sheet.getCellByPosition(column, r)
                self.assertEqual((cell.getError(), cell.getString()), (0, ""), cell.AbsoluteName)
        # Each row's text keeps its result, so QTYSUM of the column shares the utilization and the price: its
        # bounds are the cell-per-step total's, and its percentiles those of the Monte Carlo (to 1%).
        scratch = self.sheet.getCellRangeByName("Z1")
        try:
            for column, parts in ((bounds, ("low", "central", "high")), (dist, ("p5", "median", "p95"))):
                letter = self.sheet.getCellByPosition(column, 0).AbsoluteName.split("$")[-2]
                rows = f"{letter}{self.first + 1}:{letter}{self.first + 30}"
                for k, part in enumerate(parts):
                    scratch.setFormula(f'=QTYVALUE(QTYSUM({rows};"million USD");"million USD";"{part}")')
                    got = scratch.getValue()
                    expected = self.numbers("Cost ($ million)")[k] if column == bounds else self.mc["Cost ($ million)"][k]
                    tolerance = 1e-9 if column == bounds else 0.01
                    self.assertTrue(math.isclose(got, expected, rel_tol=tolerance), (part, got, expected))
        finally:
            scratch.setString("")

    def test_one_cell_per_step_and_totals_over_the_column(self):
        """One chain: cost and days read the run's hours cell; each 90% column is QTYDIST of the cell beside it,
        the same result in the 90% reading; every total adds a column of the chain well past the last run, the
        90% totals with QTYSUM's reading "90%"."""
        hours = self.col("GPU-hours, guaranteed bounds")
        letter = lambda c: chr(65 + c)
        for k in range(len(self.RUNS)):
            r = self.first + k + 1  # 1-based
            for title in ("Cost, guaranteed bounds", "Wall-clock days, guaranteed bounds"):
                formula_ = self.sheet.getCellByPosition(self.col(title), r - 1).getFormula()
                with self.subTest(run=k, column=title):
                    self.assertIn(f'"h";{letter(hours)}{r};', formula_)
            for reading in ("GPU-hours", "Cost", "Wall-clock days"):
                bounds = self.col(f"{reading}, guaranteed bounds")
                formula_ = self.sheet.getCellByPosition(self.col(f"{reading}, 90% interval"), r - 1).getFormula()
                with self.subTest(run=k, column=reading):
                    self.assertRegex(formula_, rf"QTYDIST\d*\({letter(bounds)}{r};")
        for c in range(self.col("GPU-hours, guaranteed bounds"), self.col("Source of the figures")):
            formula_ = self.sheet.getCellByPosition(c, self.total_row).getFormula()
            match = re.search(r"QTYSUM\(([A-Z])(\d+):([A-Z])(\d+)", formula_)
            self.assertIsNotNone(match, formula_)
            self.assertEqual(int(match.group(2)), self.first + 1)
            self.assertGreaterEqual(int(match.group(4)), self.first + len(self.RUNS) + 20)
            ninety = "90%" in self.titles[c]
            self.assertEqual(match.group(1), letter(c - 1 if ninety else c), formula_)
            self.assertEqual(formula_.endswith(';"90%")'), ninety, formula_)

    # The 90% totals of the plan: p5, median and p95 in the sheet's units. Since the utilization, declared a fraction, is a logit-normal in the 90%
    # reading, they are the one chain's, recorded from the recalculated sheet (sample-sheets/data/
    # computed-values.csv, E13:G15) and checked here against the Monte Carlo of the same inputs to 1%.
    TWO_CHAIN_TOTALS = {
        "GPU-hours (million)": (3.273752562179805, 4.059683072677557, 5.226236300417145),
        "Cost ($ million)": (7.402433159391075, 9.968613756381558, 13.710804144356036),
        "Wall-clock days": (66.60466638549408, 82.5944635554516, 106.32804973179412),
    }

    def test_the_one_chain_90_percent_totals_keep_their_recorded_digits_and_agree_with_the_monte_carlo(self):
        for label, expected in self.TWO_CHAIN_TOTALS.items():
            with self.subTest(total=label):
                self.assertEqual(tuple(self.numbers(label)[3:]), expected)
                # And within 1% of the Monte Carlo worked out here, as the test above checks too.
                for value, mc in zip(expected, self.mc[label]):
                    self.assertTrue(math.isclose(value, mc, rel_tol=0.01), (value, mc))

    def test_each_cell_of_the_chain_reads_in_either_reading(self):
        """QTYVALUE of a bounds cell with a percentile part, and of its QTYDIST neighbour with "low", give the same
        numbers as the neighbour and the cell themselves: one result, two readings."""
        scratch = self.sheet.getCellRangeByName("Z1")
        try:
            for k in range(len(self.RUNS)):
                r = self.first + k + 1
                for reading, unit in (("GPU-hours", "million hour"), ("Cost", "million USD"), ("Wall-clock days", "day")):
                    bounds = chr(65 + self.col(f"{reading}, guaranteed bounds"))
                    ninety = chr(65 + self.col(f"{reading}, 90% interval"))
                    for part, cell, other in (("p95", bounds, ninety), ("median", bounds, ninety),
                                              ("low", ninety, bounds), ("high", ninety, bounds)):
                        values = []
                        for address in (cell, other):
                            scratch.setFormula(f'=QTYVALUE({address}{r};"{unit}";"{part}")')
                            self.assertEqual(scratch.getError(), 0, (address, r, part, scratch.getString()))
                            values.append(scratch.getValue())
                        with self.subTest(run=k, reading=reading, part=part):
                            self.assertEqual(values[0], values[1])
        finally:
            scratch.setString("")

    def test_each_run_cost_is_exact(self):
        scratch = self.sheet.getCellRangeByName("Z1")
        try:
            for k, run in enumerate(self.RUNS):
                low, _, high = self.exact([run])["Cost ($ million)"]
                cell = self.sheet.getCellByPosition(self.col("Cost, guaranteed bounds"), self.first + k).AbsoluteName
                for part, expected in (("low", low), ("high", high)):
                    scratch.setFormula(f'=QTYVALUE({cell.split(".")[-1]};"million USD";"{part}")')
                    with self.subTest(run=k, part=part):
                        self.assertTrue(math.isclose(scratch.getValue(), expected, rel_tol=1e-9),
                                        (scratch.getValue(), expected))
        finally:
            scratch.setString("")

    @classmethod
    def bars(cls, runs):
        """The tornado of the total cost worked out here: (central cost, [(name, cost at the input's low end, at
        its high end)] largest swing first), every input at the middle of its range but one, which is at its ends
        (the total is monotone in each). A run's tokens are named as the sheet binds them, "t" with the cells'
        values in trillions."""
        def cost(u, price, tokens):
            return cls.at(runs, u, price, tokens)["Cost ($ million)"]
        names = ["u", "price"] + [f"t ({lo / 1e12:g} to {hi / 1e12:g})" for _, lo, hi, _ in runs]
        mids = [mid(cls.U), mid(cls.PRICE)] + [(lo + hi) / 2 for _, lo, hi, _ in runs]
        ends = [cls.U, cls.PRICE] + [(lo, hi) for _, lo, hi, _ in runs]
        bars = []
        for i, name in enumerate(names):
            at = []
            for end in ends[i]:
                args = list(mids)
                args[i] = end
                at.append(cost(args[0], args[1], args[2:]))
            bars.append((name, *at))
        bars.sort(key=lambda bar: -abs(bar[2] - bar[1]))
        return cost(mids[0], mids[1], mids[2:]), bars

    def assertTornadoIs(self, runs):
        """The tornado's rows: the inputs that move the total most, as many as it has rows."""
        central, bars = self.bars(runs)
        self.assertTrue(math.isclose(
            self.sheet.getCellByPosition(1, self.labels["Cost with every input central ($ million)"])
            .getValue(), central, rel_tol=1e-9))
        first = self.labels["Tornado of the total cost: input, largest swing first"] + 1
        for k, (name, low, high) in enumerate(bars[:self.RANKS]):
            cells = [self.sheet.getCellByPosition(c, first + k) for c in range(5)]
            with self.subTest(rank=k + 1, input=name):
                self.assertEqual(cells[0].getString(), name)
                for cell, value in zip(cells[1:], (low, high, low - central, high - central)):
                    self.assertTrue(math.isclose(cell.getValue(), value, rel_tol=1e-9, abs_tol=1e-9),
                                    f"{cell.AbsoluteName}: {cell.getValue()!r} != {value!r}")

    def test_the_tornado_ranks_the_inputs_by_their_swing_in_the_total_cost(self):
        central, _ = self.bars(self.RUNS)
        self.assertTrue(math.isclose(self.numbers("Cost ($ million)")[1], central, rel_tol=1e-9))
        # Each rank reads the total's cell, not the inputs: the formula names no run.
        first = self.labels["Tornado of the total cost: input, largest swing first"] + 1
        self.assertIn('QTYTOP("c";1;"c";', self.sheet.getCellByPosition(0, first).getFormula())
        self.assertTornadoIs(self.RUNS)

    def chart_over(self, column, row):
        """The sheet's one chart whose data ranges hold the cell (0-based column and row), or None."""
        charts = self.sheet.Charts
        found = [charts.getByIndex(i) for i in range(charts.getCount())
                 if any(r.StartColumn <= column <= r.EndColumn and r.StartRow <= row <= r.EndRow
                        for r in charts.getByIndex(i).getRanges())]
        self.assertLessEqual(len(found), 1, (column, row))
        return found[0] if found else None

    def test_the_tornado_is_a_bar_chart_of_those_cells(self):
        header = self.labels["Tornado of the total cost: input, largest swing first"]
        chart = self.chart_over(3, header + 1)
        self.assertIsNotNone(chart, "no chart reads the tornado's cells")
        diagram = chart.EmbeddedObject.Diagram
        self.assertEqual(diagram.getDiagramType(), "com.sun.star.chart.BarDiagram")
        self.assertTrue(diagram.Vertical, "the bars are not horizontal")
        data = chart.EmbeddedObject.getData()
        names = [self.sheet.getCellByPosition(0, header + 1 + k).getString() for k in range(self.RANKS)]
        self.assertEqual(list(data.getRowDescriptions()), names)
        for k, row in enumerate(data.getData()):
            self.assertEqual(row, tuple(self.sheet.getCellByPosition(c, header + 1 + k).getValue() for c in (3, 4)))
        self.assertEqual(len(data.getData()), self.RANKS)

    def test_adding_a_run_is_filling_one_more_row(self):
        """The last run's row copied into the next one (as a fill down does) counts in every total at once; then
        the new row's own figures typed in. No total's formula changes."""
        s = self.sheet
        last, new = self.first + len(self.RUNS) - 1, self.first + len(self.RUNS)
        width = len(self.titles)
        total_cells = [s.getCellByPosition(c, r)
                       for r in [self.total_row] + [self.labels[t] for t in [*self.TOTALS, self.COLUMN_TOTAL]]
                       for c in range(width) if s.getCellByPosition(c, r).getType() == FORMULA_CELL]
        formulas = [c.getFormula() for c in total_cells]
        before = {label: self.numbers(label) for label in self.TOTALS}
        s.copyRange(s.getCellByPosition(0, new).CellAddress, s.getCellRangeByPosition(0, last, 12, last).RangeAddress)
        self.doc.calculateAll()
        try:
            with self.subTest(step="copied"):
                self.assertEqual(s.getCellByPosition(self.col("Cost, guaranteed bounds"), new).getFormula(),
                                 s.getCellByPosition(self.col("Cost, guaranteed bounds"), last).getFormula()
                                 .replace(f"G{last + 1};", f"G{new + 1};"))
                run = self.exact([self.RUNS[-1]])
                for label in self.TOTALS:
                    after = self.numbers(label)
                    low, _, high = run[label]
                    # The bounds of a sum of runs that are all lowest (highest) at one corner add up: the totals
                    # grow by the copied run's bounds.
                    self.assertTrue(math.isclose(after[0] - before[label][0], low, rel_tol=1e-6),
                                    (label, after[0] - before[label][0], low))
                    self.assertTrue(math.isclose(after[2] - before[label][2], high, rel_tol=1e-6),
                                    (label, after[2] - before[label][2], high))
                    self.assertGreater(after[4], before[label][4])
            name, params, lo_, hi_, accelerator = self.ADDED
            s.getCellByPosition(0, new).setString(name)
            s.getCellByPosition(1, new).setValue(params / 1e9)
            s.getCellByPosition(2, new).setValue(lo_ / 1e12)
            s.getCellByPosition(3, new).setValue(hi_ / 1e12)
            s.getCellByPosition(4, new).setString(accelerator)
            self.doc.calculateAll()
            runs = self.RUNS + [(params, lo_, hi_, PEAK[accelerator])]
            mc = self.monte_carlo(runs)
            with self.subTest(step="its own figures typed"):
                self.assertTotalsAre(runs, mc)
                self.assertColumnTotalIs(runs, mc)
                # The new run's row of the column form.
                for title in ("Cost, the column in one call: guaranteed bounds", "Cost, the column in one call: 90% interval",
                              "Cost, the column in one call: the 90% reading's density (QTYSPARK)"):
                    cell = s.getCellByPosition(self.col(title), new)
                    self.assertEqual(cell.getError(), 0, cell.getString())
                    self.assertIn("million USD", cell.getString())
                # The tornado reads the total through to the new run's tokens, which compete for its rows.
                self.assertTornadoIs(runs)
                # So does the histogram, through QTYBINS of the total's cell.
                self.assertHistogramIs(mc)
            self.assertEqual([c.getFormula() for c in total_cells], formulas, "a total's formula changed")
        finally:
            s.getCellRangeByPosition(0, new, 12, new).clearContents(VALUE | STRING | FORMULA)
            self.doc.calculateAll()
        for label in self.TOTALS:
            self.assertEqual(self.numbers(label), before[label], f"{label} after the added row was cleared")


class RecordedUtilizationInTheLlamaComparison(unittest.TestCase):
    """The last columns: the same two runs with recorded_utilization(), whose hours fall as the utilization rises, so
    that their 5th percentile is the hours at the prior's 95th, computed here from the record's fit."""

    @classmethod
    def setUpClass(cls):
        cls.doc = open_sheet("llama-comparison")
        cls.table = Table(cls.doc.Sheets.getByIndex(0))

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def test_the_hours_at_the_priors_percentiles(self):
        prior = record.metalog(*record.fit([record.implied(r) for r in record.fitted_runs()]))
        for model, case in LlamaComparison.CASES.items():
            at = {title: gpu_hours(case["params"], case["tokens"], case["peak"], prior(y)) / 1e6
                  for title, y in (("5th", 0.95), ("median", 0.5), ("95th", 0.05))}
            with self.subTest(model=model):
                for title, expected in at.items():
                    cell = self.table.cell(model, "With recorded_utilization(): GPU-hours, " + title)
                    self.assertEqual(cell.getError(), 0, cell.getString())
                    self.assertAlmostEqual(cell.getValue() / expected, 1, delta=3e-3, msg=title)
                inside = at["5th"] <= case["reported"] / 1e6 <= at["95th"]
                self.assertEqual(office.shown(self.table.cell(model, "With recorded_utilization(): reported")
                                              .getString()), "yes" if inside else "no")


class BackTest(unittest.TestCase):
    """Every run of the record: the estimate with the planner's range and with recorded_utilization(), whether the
    reported hours fall inside, and the shares and histogram, against the record computed here from the data file."""

    @classmethod
    def setUpClass(cls):
        cls.doc = open_sheet("back-test")
        cls.sheet = cls.doc.Sheets.getByIndex(0)
        cls.table = Table(cls.sheet)
        cls.runs = record.runs()
        cls.prior = staticmethod(record.metalog(*record.fit([record.implied(r) for r in record.fitted_runs()])))

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def value(self, model, title):
        cell = self.table.cell(model, title)
        self.assertEqual(cell.getError(), 0, f"{model} / {title}: {cell.getString()}")
        return cell.getValue()

    def summary(self, label, column):
        return self.sheet.getCellByPosition(column, self.table.rows[label])

    def hours(self, run, utilization):
        return gpu_hours(float(run["params_active"]), float(run["tokens"]), float(run["peak_flops"]), utilization)

    def test_every_run_of_the_record(self):
        self.assertEqual(len(self.runs), 37)
        for run in self.runs:
            model, u = run["model"], record.implied(run)
            with self.subTest(model=model):
                self.assertAlmostEqual(self.value(model, "Implied utilization") / u, 1, delta=1e-9)
                self.assertAlmostEqual(self.value(model, "Estimate, low") / (self.hours(run, 0.55) / 1e6), 1,
                                       delta=1e-9)
                self.assertAlmostEqual(self.value(model, "Estimate, high") / (self.hours(run, 0.35) / 1e6), 1,
                                       delta=1e-9)
                self.assertAlmostEqual(self.value(model, "Estimate ÷ reported") / (u / 0.45), 1, delta=1e-9)
                self.assertEqual(office.shown(self.table.cell(model, "Reported inside the planner").getString()),
                                 "yes" if 0.35 <= u <= 0.55 else "no")
                low = self.hours(run, self.prior(0.95)) / 1e6
                high = self.hours(run, self.prior(0.05)) / 1e6
                self.assertAlmostEqual(self.value(model, "Recorded utilization, 5th") / low, 1, delta=3e-3)
                self.assertAlmostEqual(self.value(model, "Recorded utilization, 95th") / high, 1, delta=3e-3)
                if not (math.isclose(u, self.prior(0.05), rel_tol=5e-3) or math.isclose(u, self.prior(0.95),
                                                                                          rel_tol=5e-3)):
                    self.assertEqual(office.shown(self.table.cell(model, "Reported inside its 90%").getString()),
                                     "yes" if self.prior(0.05) <= u <= self.prior(0.95) else "no")

    def shares(self, low, high):
        """(runs, share inside low to high) overall, by generation and by size, from the record."""
        def of(members):
            inside = sum(1 for r in members if low <= record.implied(r) <= high)
            return len(members), inside / len(members)
        out = {"Every run": of(self.runs),
               "Every run but the distilled or pruned": of([r for r in self.runs if not r["distilled"]])}
        for generation in ("Volta", "Ampere", "Hopper", "TPU v4"):
            out[f"Generation: {generation}"] = of([r for r in self.runs if r["generation"] == generation])
        for name, low_edge, high_edge in (("under 10B", 0, 10e9), ("10B to 100B", 10e9, 100e9),
                                          ("100B and more", 100e9, math.inf)):
            out[f"Model size: {name}"] = of([r for r in self.runs
                                             if low_edge <= float(r["params_active"]) < high_edge])
        return out

    def test_the_share_each_range_holds(self):
        prior_shares = self.shares(self.prior(0.05), self.prior(0.95))
        for label, (count, share) in self.shares(0.35, 0.55).items():
            with self.subTest(row=label):
                self.assertEqual(self.summary(label, 1).getValue(), count)
                self.assertAlmostEqual(self.summary(label, 2).getValue(), share, delta=1e-12)
                self.assertAlmostEqual(self.summary(label, 3).getValue(), prior_shares[label][1], delta=1e-12)
        # 11 of the 37 reported figures fall inside what 35% to 55% gives.
        self.assertAlmostEqual(self.summary("Every run", 2).getValue(), 11 / 37, delta=1e-12)

    def test_the_planners_range_is_an_input(self):
        low, high = self.sheet.getCellRangeByName("B4"), self.sheet.getCellRangeByName("B5")
        self.assertEqual((low.getValue(), high.getValue()), (0.35, 0.55))
        low.setValue(0.2)
        high.setValue(0.4)
        self.doc.calculateAll()
        try:
            for label, (count, share) in self.shares(0.2, 0.4).items():
                with self.subTest(row=label):
                    self.assertAlmostEqual(self.summary(label, 2).getValue(), share, delta=1e-12)
        finally:
            low.setValue(0.35)
            high.setValue(0.55)
            self.doc.calculateAll()

    def test_the_histogram_of_implied_utilization(self):
        edges = [0.0, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50, 0.55]
        first = next(r for r in range(self.table.nrows)
                     if self.sheet.getCellByPosition(0, r).getString() == "Implied utilization, from") + 1
        total = 0
        for k in range(len(edges) - 1):
            row = first + k
            self.assertAlmostEqual(self.sheet.getCellByPosition(0, row).getValue(), edges[k], delta=1e-12)
            last = k == len(edges) - 2
            expected = sum(1 for r in self.runs if edges[k] <= record.implied(r) and
                           (record.implied(r) <= edges[k + 1] if last else record.implied(r) < edges[k + 1]))
            with self.subTest(bin=edges[k]):
                self.assertEqual(self.sheet.getCellByPosition(2, row).getValue(), expected)
                self.assertAlmostEqual(self.sheet.getCellByPosition(3, row).getValue(), expected / 37, delta=1e-12)
            total += expected
        self.assertEqual(total, 37)


class UnitCookbook(unittest.TestCase):
    # task (start of column A) -> expected result: a number (compared to 1e-9) or a text, worked out by hand.
    EXPECTED = {
        "Llama 2 70B's training compute": 8.4e23 / (1e15 * 86400),
        "One PFLOP/s-day in FLOP": 1e15 * 86400,
        "6 FLOP × 70 billion": 6 * 70e9 * 2e12,
        "An A100's peak": 0.312,
        "Llama 2 70B: 2 trillion tokens": 2e12 / (1_720_320 * 3600),
        "Expected for a 70B model": 312e12 * 0.45 / (6 * 70e9),
        "Days for 2 trillion tokens": 2e12 / (2048 * 312e12 * 0.45 / (6 * 70e9)) / 86400,
        "An 80 GB GPU's memory": 80e9 / 2**30,
        "One GiB in GB": 2**30 / 1e9,
        "bf16 weights of a 70B model": "140 GB",
        "The same in GiB": 140e9 / 2**30,
        "GPU energy of 1,720,320": 1_720_320 * 400 / 1e6,
        "The result above in kWh": 1_720_320 * 400 / 1e3,
        "One kWh in joules": 3.6e6,
        "1,720,320 GPU-hours at $2": 2 * 1_720_320,
        "1.4 to 2.1 million GPU-hours": "4.4 [3.5, 5.3] million $",
        "Llama 2 70B on A100s": 2 * gpu_hours(70e9, 2e12, 312e12, 0.45),
        "QTYDIM names": "power",
    }

    @classmethod
    def setUpClass(cls):
        cls.doc = open_sheet("unit-cookbook")
        cls.sheet = cls.doc.Sheets.getByIndex(0)
        cls.table = Table(cls.sheet)

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def row(self, task_start):
        matches = [label for label in self.table.rows if label.startswith(task_start)]
        self.assertEqual(len(matches), 1, f"{task_start!r}: {matches}")
        return matches[0]

    def test_results_worked_out_by_hand(self):
        for task, expected in self.EXPECTED.items():
            cell = self.table.cell(self.row(task), "Result")
            with self.subTest(task=task):
                self.assertEqual(cell.getError(), 0, cell.getString())
                if isinstance(expected, str):
                    self.assertEqual(office.shown(cell.getString()), expected)
                else:
                    self.assertTrue(math.isclose(cell.getValue(), expected, rel_tol=1e-9),
                                    f"{cell.getValue()!r} != {expected!r}")

    def test_qtyerror_explains_in_a_sentence(self):
        text = self.table.cell(self.row("QTYERROR"), "Result").getString()
        self.assertIn("Cannot convert compute (FLOP)", text)
        self.assertTrue(text.endswith("."), text)

    def test_qtyerror_with_a_name_explains_another_function(self):
        text = self.table.cell(self.row("For GPUHOURS"), "Result").getString()
        self.assertTrue(text.startswith("GPUHOURS: util_lo should be a fraction"), text)
        self.assertIn("Write 35% or 0.35", text)

    def test_each_result_has_its_formula_text_next_to_it(self):
        formula_col = self.table.col("Formula")
        shown = 0
        for label, r in self.table.rows.items():
            result = self.sheet.getCellByPosition(self.table.col("Result"), r)
            if result.getType() != FORMULA_CELL:
                continue  # a section heading
            text = self.sheet.getCellByPosition(formula_col, r).getString()
            stored = result.getFormula().split(ADDIN, 1)[1].split("(", 1)[0]
            function = next(name for name, method in office.STORED.items() if method == stored)
            with self.subTest(task=label):
                self.assertTrue(text.startswith("="), text)
                self.assertIn(function + "(", text.upper())
            shown += 1
        self.assertGreaterEqual(shown, len(self.EXPECTED))


if __name__ == "__main__":
    sys.exit(office.main(sys.modules[__name__], deadline=540))
