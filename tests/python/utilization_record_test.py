"""The record of published training runs, the utilization prior fitted to it, and the back-test sheet, checked from
the data file alone.

Everything here is computed again from sample-sheets/data/training-runs.csv in plain Python, without the project's
own fitting code (scripts/sample_sheets/training_runs.py): each run's implied utilization, the bounded metalog
through the record's 10th, 50th and 90th percentiles (Keelin 2016's formulas), its leave-one-out coverage, and which
runs the planner's 35% to 55% holds. These are compared with the five numbers of
core/src/data/recorded_utilization.hpp, with recorded_utilization() as the command-line program reads it (when
BALLPARK names the program), with what scripts/utilization_record.py prints, and with the back-test sheet's values
as LibreOffice computed them (sample-sheets/data/computed-values.csv).
"""
import csv
import math
import os
import pathlib
import re
import subprocess
import sys
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUNS = ROOT / "sample-sheets" / "data" / "training-runs.csv"
VALUES = ROOT / "sample-sheets" / "data" / "computed-values.csv"
HEADER = ROOT / "core" / "src" / "data" / "recorded_utilization.hpp"
# The back-test sheet's layout (scripts/sample_sheets/back_test.py): the runs from row 9, one a row, in the data
# file's order; below them a blank row, a heading, then the shares and, after another blank row and heading, the
# histogram.
FIRST_RUN_ROW = 9


def runs():
    with open(RUNS, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def implied(run):
    flop = 6 * float(run["params_active"]) * float(run["tokens"])
    return flop / (float(run["peak_flops"]) * float(run["reported_gpu_hours"]) * 3600)


def fitted_runs():
    return [r for r in runs() if not r["distilled"]]


def quantile(values, p):
    xs = sorted(values)
    position = (len(xs) - 1) * p
    below = int(position)
    if below + 1 >= len(xs):
        return xs[-1]
    return xs[below] * (1 - (position - below)) + xs[below + 1] * (position - below)


def metalog(p10, p50, p90, low, high):
    """The y-quantile function of Keelin's bounded three-term metalog."""
    t10, t50, t90 = (math.log((x - low) / (high - x)) for x in (p10, p50, p90))
    a1, a2, a3 = t50, (t90 - t10) / (2 * math.log(9)), (t90 + t10 - 2 * t50) / (0.8 * math.log(9))

    def q(y):
        m = a1 + (a2 + a3 * (y - 0.5)) * math.log(y / (1 - y))
        return low + (high - low) / (1 + math.exp(-m))

    return q


def fit(values):
    return (quantile(values, 0.1), quantile(values, 0.5), quantile(values, 0.9), min(values), max(values))


def core_numbers():
    text = HEADER.read_text(encoding="utf-8")
    return {name: float(re.search(rf"double {name} = ([0-9.]+);", text).group(1))
            for name in ("p10", "p50", "p90", "low", "high")}


def sheet_values(sheet):
    with open(VALUES, newline="", encoding="utf-8") as f:
        return {r["cell"]: (float(r["value"]) if r["kind"] == "value" else r["value"])
                for r in csv.DictReader(f) if r["sheet"] == sheet}


class TheRecord(unittest.TestCase):
    def test_every_run_of_the_reference_has_its_figures_and_source(self):
        rows = runs()
        self.assertEqual(len(rows), 37)
        for r in rows:
            with self.subTest(run=r["model"]):
                self.assertTrue(r["source"] and r["note"] is not None)
                self.assertLessEqual(float(r["params_active"]), float(r["params_total"]))
                if r["tokens_low"]:
                    self.assertLessEqual(float(r["tokens_low"]), float(r["tokens"]))
                self.assertGreaterEqual(float(r["tokens_high"]), float(r["tokens"]))
        by_name = {r["model"]: r for r in rows}
        # A mixture of experts: 37B of 671B active (DeepSeek-V3 report); published as "~40T": a range.
        self.assertEqual(float(by_name["DeepSeek-V3"]["params_active"]), 37e9)
        self.assertEqual(float(by_name["DeepSeek-V3"]["params_total"]), 671e9)
        self.assertLess(float(by_name["Llama 4 Scout (17Bx16E)"]["tokens_low"]), 40e12)
        self.assertGreater(float(by_name["Llama 4 Scout (17Bx16E)"]["tokens_high"]), 40e12)
        self.assertEqual(by_name["OPT-175B"]["hours_basis"], "GPUs x days")
        self.assertEqual(sorted(r["model"] for r in rows if r["distilled"]),
                         ["Llama 3.2 1B", "Llama 3.2 3B", "Llama 4 Maverick (17Bx128E)"])

    def test_the_implied_utilizations_match_the_published_ones(self):
        by_name = {r["model"]: implied(r) for r in runs()}
        # Llama 2 70B: 6 * 70e9 * 2e12 / (312e12 * 1,720,320 h * 3600 s) = 43.5%; PaLM's hours imply about 30%
        # where its paper reports 46.2% MFU.
        self.assertAlmostEqual(by_name["Llama 2 70B"], 0.4347, places=4)
        self.assertAlmostEqual(by_name["PaLM 540B"], 0.30, delta=0.01)
        values = sorted(by_name.values())
        self.assertAlmostEqual(quantile(values, 0.5), 0.318, delta=0.001)
        self.assertEqual(sum(1 for u in values if 0.35 <= u <= 0.55), 11)


class ThePrior(unittest.TestCase):
    def test_the_cores_numbers_are_the_fit_to_the_record(self):
        numbers = core_numbers()
        p10, p50, p90, low, high = fit([implied(r) for r in fitted_runs()])
        for name, value in (("p10", p10), ("p50", p50), ("p90", p90)):
            self.assertAlmostEqual(numbers[name] / value, 1, delta=5e-6, msg=name)
        # The bounds enclose every run of the fit, and no more than rounding.
        self.assertLessEqual(numbers["low"], low)
        self.assertGreaterEqual(numbers["high"], high)
        self.assertLess(low - numbers["low"], 1e-6)
        self.assertLess(numbers["high"] - high, 1e-6)

    def test_the_leave_one_out_coverage_is_what_the_script_prints(self):
        values = [implied(r) for r in fitted_runs()]
        covered = 0
        for k, u in enumerate(values):
            q = metalog(*fit(values[:k] + values[k + 1:]))
            covered += q(0.05) <= u <= q(0.95)
        self.assertEqual((covered, len(values)), (29, 34))
        printed = subprocess.run([sys.executable, str(ROOT / "scripts" / "utilization_record.py")],
                                 capture_output=True, text=True, check=True).stdout
        self.assertIn(f"leave-one-out coverage of the 90% interval: {covered} of {len(values)}", printed)

    def test_the_language_reads_the_fit(self):
        program = os.environ.get("BALLPARK")
        if not program:
            self.skipTest("BALLPARK does not name the command-line program")
        q = metalog(*fit([implied(r) for r in fitted_runs()]))
        for percent in (5, 10, 50, 90, 95):
            with self.subTest(percent=percent):
                out = subprocess.run([program, "--mode=dist", "--digits=6", "-e",
                                      f"percentile(recorded_utilization(), {percent})"],
                                     capture_output=True, text=True, check=True).stdout
                self.assertAlmostEqual(float(out.split()[0]) / q(percent / 100), 1, delta=2e-4, msg=out)
        bounds = subprocess.run([program, "--digits=6", "-e", "recorded_utilization()"],
                                capture_output=True, text=True, check=True).stdout
        self.assertIn("0.138439", bounds)
        self.assertIn("0.513764", bounds)


class TheBackTestSheet(unittest.TestCase):
    def test_its_values_are_the_records(self):
        shown = sheet_values("back-test")
        rows = runs()
        q = metalog(*core_numbers().values())
        for k, r in enumerate(rows):
            row = FIRST_RUN_ROW + k
            u = implied(r)
            with self.subTest(run=r["model"]):
                self.assertAlmostEqual(shown[f"M{row}"] / u, 1, delta=1e-9)
                self.assertEqual(shown[f"K{row}"], "yes" if 0.35 <= u <= 0.55 else "no")
                # The estimate at the range's midpoint, 45%, over the reported hours is the implied utilization
                # over 45%.
                self.assertAlmostEqual(shown[f"L{row}"], u / 0.45, delta=1e-9 * u)
                self.assertEqual(shown[f"P{row}"], "yes" if q(0.05) <= u <= q(0.95) else "no")
        last = FIRST_RUN_ROW + len(rows) - 1
        every, undistilled = last + 3, last + 4
        inside = sum(1 for r in rows if 0.35 <= implied(r) <= 0.55)
        self.assertEqual(shown[f"B{every}"], len(rows))
        self.assertAlmostEqual(shown[f"C{every}"], inside / len(rows), delta=1e-12)
        prior_inside = sum(1 for r in rows if q(0.05) <= implied(r) <= q(0.95))
        self.assertAlmostEqual(shown[f"D{every}"], prior_inside / len(rows), delta=1e-12)
        fitted = fitted_runs()
        self.assertEqual(shown[f"B{undistilled}"], len(fitted))
        self.assertAlmostEqual(shown[f"C{undistilled}"],
                               sum(1 for r in fitted if 0.35 <= implied(r) <= 0.55) / len(fitted), delta=1e-12)
        # By generation, in the sheet's order.
        for k, generation in enumerate(("Volta", "Ampere", "Hopper", "TPU v4")):
            members = [r for r in rows if r["generation"] == generation]
            row = undistilled + 1 + k
            self.assertEqual(shown[f"B{row}"], len(members), generation)
            self.assertAlmostEqual(shown[f"C{row}"],
                                   sum(1 for r in members if 0.35 <= implied(r) <= 0.55) / len(members),
                                   delta=1e-12, msg=generation)
        # The histogram: bins of 10% and then 5% up to 55%, counting every run once.
        histogram = undistilled + 1 + 4 + 3 + 2
        edges = [0.0, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50, 0.55]
        counts = [shown[f"C{histogram + k}"] for k in range(len(edges) - 1)]
        self.assertEqual(sum(counts), len(rows))
        for k in range(len(edges) - 1):
            upper = (lambda u: u <= edges[k + 1]) if k == len(edges) - 2 else (lambda u: u < edges[k + 1])
            self.assertEqual(counts[k], sum(1 for r in rows if edges[k] <= implied(r) and upper(implied(r))),
                             f"bin {k}")


if __name__ == "__main__":
    unittest.main()
