#!/usr/bin/python3
"""The built ballpark.oxt in a real headless LibreOffice: every sheet function, the wizard's descriptions,
a 1,000-row fill that survives saving and reloading as .ods, and what a colleague without the extension sees.

Run by CTest (test addin_in_libreoffice), or by hand:
    /usr/bin/python3 tests/integration/addin_test.py --oxt build/addin/ballpark.oxt
Prints "N passed, N failed" and exits non-zero when anything failed.
"""

import math
import random
import os
import sys
import unittest
import zipfile
from statistics import NormalDist

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(1, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import office  # noqa: E402  (needs the path above)
from office import FUNCTIONS, Office, _url, prop, shown  # noqa: E402
from shared_helpers import Z95, hours_at, lognormal_through  # noqa: E402  (tests/python)

import uno  # noqa: E402
from com.sun.star.sheet.FillDirection import TO_BOTTOM  # noqa: E402

ERR_502 = 502  # Calc's code for an IllegalArgumentException from an add-in ("invalid argument")

# The reference case: Llama-2-70B-like training on A100s at 35-55 % utilization.
FLOP = 6 * 70e9 * 2e12
A100 = 312e12
CENTRAL_HOURS = FLOP / (A100 * 0.45) / 3600  # the central value of a range is its midpoint, 45 %
LOW_HOURS = FLOP / (A100 * 0.55) / 3600
HIGH_HOURS = FLOP / (A100 * 0.35) / 3600

ARGS = None
OFFICE = None


setUpModule, tearDownModule = office.module_office(sys.modules[__name__])


class CalcCase(unittest.TestCase):
    """Gives each test class one new Calc document and a helper that evaluates a formula in it."""

    @classmethod
    def setUpClass(cls):
        cls.doc = OFFICE.load()
        cls.sheet = cls.doc.Sheets.getByIndex(0)
        cls.row = 0

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def cell(self, formula):
        """Types the formula into the next free cell of column A and returns that cell, calculated."""
        cls = type(self)
        c = cls.sheet.getCellByPosition(0, cls.row)
        cls.row += 1
        c.setFormula(formula)
        return c

    def assertValue(self, formula, expected, rel=1e-6):
        c = self.cell(formula)
        self.assertEqual(c.getError(), 0, f"{formula} shows {c.getString()}")
        self.assertTrue(math.isclose(c.getValue(), expected, rel_tol=rel),
                        f"{formula} gave {c.getValue()!r}, expected {expected!r}")

    def assertText(self, formula, expected):
        c = self.cell(formula)
        self.assertEqual(c.getError(), 0, f"{formula} shows {c.getString()}")
        self.assertEqual(shown(c.getString()), expected, formula)

    def assertErr502(self, formula):
        c = self.cell(formula)
        self.assertEqual(c.getError(), ERR_502, f"{formula} gave {c.getString()!r} instead of Err:502")

    def sentence(self, expression, *rest):
        args = "".join(";" + r for r in rest)
        return self.cell(f'=QTYERROR("{expression}"{args})').getString()


class GpuHours(CalcCase):
    def test_numbers_give_the_reference_central_value(self):
        self.assertValue("=GPUHOURS(70E9;2E12;312E12;0.35;0.55)", CENTRAL_HOURS)
        self.assertAlmostEqual(CENTRAL_HOURS / 1e6, 1.66, places=2)

    def test_low_and_high_parts_come_from_the_utilization_range(self):
        self.assertValue('=GPUHOURS(70E9;2E12;312E12;0.35;0.55;;"low")', LOW_HOURS)
        self.assertValue('=GPUHOURS(70E9;2E12;312E12;0.35;0.55;;"high")', HIGH_HOURS)
        self.assertAlmostEqual(LOW_HOURS / 1e6, 1.36, places=2)
        self.assertAlmostEqual(HIGH_HOURS / 1e6, 2.14, places=2)

    def test_texts_and_an_accelerator_name_give_the_same_value(self):
        self.assertValue('=GPUHOURS("70 billion";"2 trillion";"A100";"35%";"55%")', CENTRAL_HOURS)
        self.assertValue('=GPUHOURS("70 billion";"2 trillion";"312 TFLOP/s";"35%";"55%";;"low")', LOW_HOURS)

    def test_cell_references_work_like_literals(self):
        self.sheet.getCellRangeByName("D1:H1").setDataArray((("70 billion", 2e12, "A100", 0.35, "55%"),))
        self.assertValue("=GPUHOURS(D1;E1;F1;G1;H1)", CENTRAL_HOURS)

    def test_unit_converts_the_result(self):
        self.assertValue('=GPUHOURS(70E9;2E12;312E12;0.35;0.55;"million hour")', CENTRAL_HOURS / 1e6)
        self.assertValue('=GPUHOURS(70E9;2E12;312E12;0.35;0.55;"day")', CENTRAL_HOURS / 24)

    def test_an_empty_cell_for_unit_means_hour(self):
        self.assertValue("=GPUHOURS(70E9;2E12;312E12;0.35;0.55;Z999;Z999)", CENTRAL_HOURS)

    def test_a_single_utilization_needs_no_util_hi(self):
        self.assertValue("=GPUHOURS(70E9;2E12;312E12;0.45)", CENTRAL_HOURS)

    def test_bad_inputs_show_err502(self):
        self.assertErr502('=GPUHOURS("70B";2E12;312E12;0.35;0.55)')       # 70 byte, not 70 billion
        self.assertErr502('=GPUHOURS(70E9;2E12;"2 hour";0.35;0.55)')      # a peak in hours
        self.assertErr502("=GPUHOURS(70E9;2E12;312E12;35;55)")            # percent typed without %
        self.assertErr502('=GPUHOURS(70E9;2E12;"Z9000";0.35;0.55)')       # no such accelerator
        self.assertErr502("=GPUHOURS(70E9;2E12;0;0.35;0.55)")             # division by zero
        self.assertErr502('=GPUHOURS(70E9;2E12;312E12;0.35;0.55;"kg")')   # not a time unit
        self.assertErr502('=GPUHOURS(70E9;2E12;312E12;0.35;0.55;;"middle")')
        self.assertErr502("=GPUHOURS(70E9;2E12)")

    def test_qtyerror_with_the_name_explains_an_err502(self):
        # The user's cells as they would be: a percent typed without its sign in a referenced cell.
        self.sheet.getCellRangeByName("D2:H2").setDataArray((("70 billion", 2e12, "A100", 35, 55),))
        self.assertErr502("=GPUHOURS(D2;E2;F2;G2;H2)")
        text = self.cell('=QTYERROR("GPUHOURS";D2;E2;F2;G2;H2)').getString()
        self.assertTrue(text.startswith("GPUHOURS: util_lo should be a fraction"), text)
        self.assertIn("Write 35% or 0.35", text)
        self.assertText('=QTYERROR("GPUHOURS";D2;E2;F2;0.35;0.55)', "")
        self.assertText('=QTYERROR("GPUHOURS";D2)', "GPUHOURS needs tokens, a count such as 2 trillion or 2e12.")
        self.sheet.getCellRangeByName("D3:G3").setDataArray(((1, 2, 3, 4),))
        text = self.cell('=QTYERROR("GPUHOURS";D3:G3)').getString()
        self.assertTrue(text.startswith("GPUHOURS's params is a range of 4 cells (1 row × 4 columns)"), text)


class DeclaredInputsAndNotation(CalcCase):
    """Declared pairs, QTYSUM in its cells' unit, one notation per range, a range per unit, 7B's hint."""

    def test_a_declared_fraction_refuses_percent_numbers_with_a_sentence(self):
        # 1000 hour / u over 35% to 55%: 1000/0.55 = 1818 to 1000/0.35 = 2857 hours.
        self.assertValue('=QTYVALUE("1000 hour / u";"hour";"high";"u: fraction";"35% to 55%")', 1000 / 0.35)
        self.assertValue('=QTYVALUE("1000 hour / u";"hour";"low";"u: fraction";"0.35 to 0.55")', 1000 / 0.55)
        self.assertErr502('=QTY("1000 hour / u";"hour";"u: fraction";"35 to 55")')
        self.assertErr502('=QTYDIST("1000 hour / u";"hour";"u: fraction";"35 to 55")')
        text = self.sentence("1000 hour / u", '"hour"', '"u: fraction"', '"35 to 55"')
        self.assertIn('"u" should be a fraction (0.35 or 35%), above 0 and at most 1', text)
        self.assertIn("35 to 55", text)
        # A dimension declared refuses another; a count refuses bytes with the byte hint.
        self.assertErr502('=QTY("1E24 FLOP / peak";"day";"peak: FLOP/s";312)')
        self.assertIn("compute rate", self.sentence("1E24 FLOP / peak", '"day"', '"peak: FLOP/s"', "312"))
        self.assertIn("B is the byte", self.sentence("6 FLOP * p * 2E12", '"FLOP"', '"p: count"', '"70B"'))

    def test_a_number_glued_to_b_in_a_pair_gets_the_byte_hint(self):
        self.assertErr502('=QTY("6 FLOP * p * 2E12";"FLOP";"p";"7B")')
        self.assertIn('"7B" is 7 byte; write a count as 7 billion or 7e9',
                      self.sentence("6 FLOP * p * 2E12", '"FLOP"', '"p"', '"7B"'))

    def test_qtysum_without_a_unit_totals_in_its_cells_unit(self):
        # 1.5 and 2.5 million hours: 4.00 million hours, not 456 years.
        self.sheet.getCellRangeByName("K1").setFormula('=QTY("1.5 million hour";"million hour")')
        self.sheet.getCellRangeByName("K2").setFormula('=QTY("2.5 million hour";"million hour")')
        self.assertText("=QTYSUM(K1:K2)", "4.00 million hour")

    def test_a_range_prints_in_one_notation_and_a_range_per_unit_reads(self):
        # 470000 to 1130000 has the midpoint 800000: one shared power of ten.
        self.assertText('=QTY("470000 to 1130000")', "0.80 [0.47, 1.1] \u00d7 10\u2076")
        self.assertText('=QTY("$1.80 to $2.60 per GPU-hour";"$/hour")', "2.2 [1.8, 2.6] $/hour")


class UnitConvert(CalcCase):
    def test_a_number_with_from_unit(self):
        self.assertValue('=UNITCONVERT(312;"TFLOP/s";"PFLOP/s")', 0.312)
        self.assertValue('=UNITCONVERT(1;"PFLOP/s*day";"FLOP")', 1e15 * 86400)
        self.assertValue('=UNITCONVERT(1;"GiB";"byte")', 2.0**30)
        self.assertValue('=UNITCONVERT(1;"kWh";"J")', 3.6e6)
        self.assertValue('=UNITCONVERT(1.7;"million hour";"hour")', 1.7e6)

    def test_a_quantity_text_with_empty_from_unit(self):
        self.assertValue('=UNITCONVERT("312 TFLOP/s";;"PFLOP/s")', 0.312)
        self.assertValue('=UNITCONVERT("8.4e23 FLOP";"";"PFLOP/s*day")', 8.4e23 / (1e15 * 86400))

    def test_mismatched_or_missing_units_show_err502(self):
        self.assertErr502('=UNITCONVERT(1;"hour";"kg")')
        self.assertErr502('=UNITCONVERT(1;;"hour")')
        self.assertErr502('=UNITCONVERT("3 hour";"day";"hour")')
        self.assertErr502('=UNITCONVERT(1;"flurb";"hour")')
        self.assertErr502('=UNITCONVERT(1E300;"EFLOP";"FLOP")')  # overflows to infinity

    def test_rpm_counts_cycles_as_in_expressions(self):
        # 60 rpm is 1 Hz (numbat, mathjs, Qalculate); rpm to rad/s is refused, as "60 rpm as rad/s" is.
        self.assertValue('=UNITCONVERT(60;"rpm";"Hz")', 1.0)
        self.assertErr502('=UNITCONVERT(60;"rpm";"rad/s")')
        self.assertErr502('=UNITCONVERT(1;"turn/s";"Hz")')
        # The same rule for a quantity text with from_unit empty (it gave 1).
        self.assertErr502('=UNITCONVERT("60 rpm";;"rad/s")')
        self.assertValue('=UNITCONVERT("60 rpm * turn";;"rad/s")', 2 * math.pi)
        self.assertErr502('=UNITCONVERT("60 rpm * turn";;"Hz")')

    def test_the_third_set_of_units_and_its_refused_spellings(self):
        # GNU Units 2.22, units -t -d 15: 'psi' 'kPa' 6.89475729316836; 'rpm / rev' 'Hz' 0.0166666666666667;
        # 'ushogshead' 'liter' 238.480942392; 'brpint' 'liter' 0.56826125; 'brgallon' 'usgallon' 1.20094992550486;
        # 'longhundredweight' 'kg' 50.80234544; 'ppt' '1' 1e-12; 'gregorianyear' 'day' 365.2425.
        self.assertValue('=UNITCONVERT(1;"PSI";"kPa")', 6.89475729316836, rel=1e-12)
        self.assertValue('=UNITCONVERT(3000;"RPM";"Hz")', 50.0, rel=1e-12)
        self.assertErr502('=UNITCONVERT(60;"RPM";"rad/s")')
        self.assertValue('=UNITCONVERT(1;"hogshead";"L")', 238.480942392, rel=1e-12)
        self.assertValue('=UNITCONVERT(1;"UK_pint";"L")', 0.56826125, rel=1e-12)
        self.assertValue('=UNITCONVERT("1 imperial_gallon";;"gal")', 1.20094992550486, rel=1e-12)
        self.assertValue('=UNITCONVERT(1;"long_hundredweight";"kg")', 50.80234544, rel=1e-12)
        self.assertValue('=UNITCONVERT(5;"ppt";"ppb")', 0.005, rel=1e-12)
        self.assertValue('=UNITCONVERT(1;"gregorian_year";"day")', 365.2425, rel=1e-12)
        # A bare cwt or pt reads two ways: refused with both, as a bare ton is.
        self.assertErr502('=UNITCONVERT(1;"cwt";"kg")')
        self.assertIn("112 lb", self.sentence("1 cwt as kg"))
        self.assertErr502('=UNITCONVERT(1;"pt";"L")')
        self.assertIn("typographic point", self.sentence("1 pt as L"))

    def test_a_name_bound_to_rpm_still_counts_cycles(self):
        # The binding hides the spelling "rpm" from the expression; the value keeps what it counts (it gave 1).
        # GNU Units 2.22: `units -t -d 15 '(60 rpm / rev) * turn' 'radian/s'` prints 6.28318530717959.
        self.assertErr502('=QTYVALUE("x";"rad/s";;"x";"60 rpm")')
        self.assertErr502('=QTYVALUE("x / 2";"rad/s";;"x";"60 rpm")')
        self.assertErr502('=QTYVALUE("x";"rad/s";"p95";"x";"60 rpm")')
        self.assertValue('=QTYVALUE("x * turn";"rad/s";;"x";"60 rpm")', 2 * math.pi)
        self.assertValue('=QTYVALUE("x";"Hz";;"x";"60 rpm")', 1.0)

    def test_hyphens_money_suffixes_and_rounding_as_a_sheet_meets_them(self):
        # A hyphen beside a bound name subtracts: 1000 hours - 30 days is 970 (it gave 30000, a product).
        self.assertValue('=QTYVALUE("hours-days";;;"hours";1000;"days";30)', 970.0)
        # K and m after a dollar amount are thousand and million; exact sums: 10000 + 5000.
        self.assertValue('=QTYVALUE("$10K")', 10000.0)
        self.assertValue('=QTYVALUE("$10m")', 1e7)
        self.sheet.getCellRangeByName("H1").setString("$10K")
        self.sheet.getCellRangeByName("H2").setString("$5K")
        self.assertText('=QTYSUM(H1:H2)', "$15000")
        # A cell =0.1+0.2 beside 0.3 is a range from 0.30000000000000004 to 0.3, which rounding alone reverses.
        self.sheet.getCellRangeByName("J1").setFormula("=0.1+0.2")
        self.sheet.getCellRangeByName("K1").setValue(0.3)
        self.assertValue('=QTYVALUE("x";;"low";"x";J1:K1)', 0.3)

    def test_temperatures_convert_on_their_scales(self):
        # GNU Units 2.22: `units -t 'tempC(20)' tempF` prints 68, `units -t 'tempK(300)' tempC` 26.85,
        # `units -t 'tempC(25)' tempF` 77.
        self.assertValue('=UNITCONVERT(20;"degC";"degF")', 68.0)
        self.assertValue('=UNITCONVERT(20;"\u00b0C";"\u00b0F")', 68.0)
        self.assertValue('=UNITCONVERT(300;"K";"degC")', 26.85)
        self.assertValue('=UNITCONVERT("20 degC + 5 K";;"degF")', 77.0)
        self.assertValue('=QTYVALUE("20 degC";"degF")', 68.0)
        # Two temperatures do not add; a difference is not shown on a scale with an offset.
        self.assertErr502('=UNITCONVERT("20 degC + 10 degC";;"degF")')
        self.assertErr502('=UNITCONVERT("25 degC - 20 degC";;"degC")')
        self.assertErr502('=UNITCONVERT(1;"W/degC";"W/K")')


class QuantityFunctions(CalcCase):
    EXPR = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour"

    def test_qty_formats_a_range(self):
        self.assertText(f'=QTY("{self.EXPR}")', "1.7 [1.4, 2.1] million hour")

    def test_qty_binds_name_value_pairs_to_cells_numbers_and_texts(self):
        self.sheet.getCellRangeByName("D2:E2").setDataArray(((70e9, "312 TFLOP/s"),))
        self.assertText('=QTY("6 FLOP * params * tokens / (peak * util) as million hour";;'
                        '"params";D2;"tokens";2E12;"peak";E2;"util";"35% to 55%")',
                        "1.7 [1.4, 2.1] million hour")

    def test_qty_unit_argument_chooses_the_unit(self):
        self.assertText('=QTY("90 min";"hour")', "1.50 hour")

    def test_qtyvalue_gives_each_part_in_the_unit(self):
        expr = self.EXPR.replace(" as million hour", "")
        self.assertValue(f'=QTYVALUE("{expr}";"hour")', CENTRAL_HOURS)
        self.assertValue(f'=QTYVALUE("{expr}";"hour";"low")', LOW_HOURS)
        self.assertValue(f'=QTYVALUE("{expr}";"hour";"high")', HIGH_HOURS)

    def test_qtyvalue_without_unit_uses_the_unit_after_as(self):
        self.assertValue(f'=QTYVALUE("{self.EXPR}")', CENTRAL_HOURS / 1e6)

    def test_qtyvalue_binds_pairs(self):
        self.assertValue('=QTYVALUE("x * 2 hour";"min";;"x";3)', 360)

    def test_qtyerror_is_empty_for_a_good_expression(self):
        self.assertText(f'=QTYERROR("{self.EXPR}")', "")

    def test_a_bad_expression_shows_err502_and_qtyerror_says_why(self):
        self.assertErr502('=QTY("2 hour + 3 kg")')
        self.assertErr502('=QTYVALUE("2 hour + 3 kg")')
        text = self.sentence("2 hour + 3 kg")
        self.assertIn("time", text)
        self.assertIn("mass", text)
        self.assertTrue(text.endswith("."), text)

    def test_qtyerror_explains_bad_units_and_pairs(self):
        text = self.sentence("2 hours", '"kg"')
        self.assertIn("time", text)
        self.assertIn("kg", text)
        self.assertIn("uneven", self.sentence("x", ';"x"'))

    def test_qtydim_names_the_dimension(self):
        self.assertText('=QTYDIM("312 TFLOP/s")', "compute rate")
        self.assertText('=QTYDIM("2 hour")', "time")
        self.assertErr502('=QTYDIM("2 flurbs")')


class TrainingFunctions(CalcCase):
    def test_trainingflop_is_six_flop_per_parameter_and_token(self):
        self.assertValue("=TRAININGFLOP(70E9;2E12)", FLOP)
        self.assertValue('=TRAININGFLOP("70 billion";"2 trillion")', FLOP)
        self.assertValue("=TRAININGFLOP(70E9;2E12;8)", 8 * 70e9 * 2e12)

    def test_impliedutil_of_llama_2_70b(self):
        # 1,720,320 A100-hours reported in the Llama 2 model card.
        expected = FLOP / (1720320 * 3600 * A100)
        self.assertValue('=IMPLIEDUTIL(1720320;70E9;2E12;"A100")', expected)
        self.assertAlmostEqual(expected, 0.43, places=2)
        self.assertValue('=IMPLIEDUTIL("1720320 hour";"70 billion";"2 trillion";312E12)', expected)

    def test_bad_training_inputs_show_err502(self):
        self.assertErr502('=TRAININGFLOP("70B";2E12)')
        self.assertErr502('=IMPLIEDUTIL("3 kg";70E9;2E12;"A100")')


class ExactlyRight(CalcCase):
    """What is exact is decided: sides equal in exact decimals are equal (as Calc's own comparison says), bounds that
    touch a threshold decide <=, 100% is a fraction, `to` after a range converts, and IMPLIEDUTIL's check is the
    core's, so QTY of implied_util refuses with the same sentence. Truths from exact decimals (fractions.Fraction)."""

    def test_sides_equal_in_exact_decimals_are_equal_in_both_readings(self):
        from fractions import Fraction
        self.assertEqual(Fraction("0.1") + Fraction("0.2"), Fraction("0.3"))
        self.assertEqual(self.cell("=0.1+0.2<=0.3").getValue(), 1)  # Calc's own comparison
        self.assertValue('=QTYPROB("0.1+0.2";0.3)', 1)
        self.assertValue('=QTYPROB("1.1*1.1";1.21)', 1)
        self.assertEqual(self.cell('=QTYPROB("0.1+0.2";0.299999999999999)').getValue(), 0)
        self.assertValue('=QTYVALUE("P(0.1 + 0.2 <= 0.3)")', 1)
        self.assertValue('=QTYVALUE("P(10% to 30% <= 30%)")', 1)
        self.assertIn("not decided by the bounds", self.sentence("P(10% to 30% < 30%)"))

    def test_one_hundred_percent_is_a_fraction(self):
        fewest = 6 * 70e9 * 2e12 / 312e12 / 3600
        self.assertValue('=GPUHOURS(70E9;2E12;"A100";"35%";"100%";;"low")', fewest, rel=1e-12)
        self.assertValue('=QTYVALUE("u";;"high";"u: fraction";"35% to 100%")', 1, rel=1e-12)
        self.assertValue('=QTYVALUE("u";;"p50";"u: fraction";"100%")', 1, rel=1e-12)
        self.assertErr502('=GPUHOURS(70E9;2E12;"A100";"35%";"101%")')

    def test_to_after_a_range_with_a_unit_converts(self):
        self.assertText('=QTY("1 to 2 hour to min")', "90 [60, 120] min")
        self.assertEqual(shown(self.cell('=QTY("1 to 2 hour to min")').getString()),
                         shown(self.cell('=QTY("1 to 2 hour as min")').getString()))
        self.assertValue('=QTYVALUE("1 to 2 hour to min";"min";"high")', 120, rel=1e-12)

    def test_impliedutil_above_one_hundred_percent_is_the_cores_refusal(self):
        self.assertErr502('=IMPLIEDUTIL(1;70E9;2E12;"A100")')
        self.assertErr502('=QTY("implied_util(1 hour, 70 billion, 2 trillion, 312 TFLOP/s)")')
        sheet = self.cell('=QTYERROR("IMPLIEDUTIL";1;70E9;2E12;"A100")').getString()
        language = self.sentence("implied_util(1 hour, 70 billion, 2 trillion, 312 TFLOP/s)")
        self.assertIn("above 100%: no run is faster than its hardware's peak.", sheet)
        self.assertIn("above 100%: no run is faster than its hardware's peak.", language)


class AcceleratorPeak(CalcCase):
    def test_peak_of_a_name_keeps_the_unit_where_accelpeak_gives_a_number(self):
        # The H100's dense bf16 peak, 989 TFLOP/s (NVIDIA H100 datasheet, SXM5: 1,979 with sparsity).
        self.assertValue('=ACCELPEAK("H100")', 989e12, rel=1e-12)
        self.assertText('=QTY("peak(H100) * 40%")', "396 TFLOP/s")

    def test_names_match_loosely(self):
        self.assertValue('=ACCELPEAK("A100")', 312e12)
        self.assertValue('=ACCELPEAK("a100")', 312e12)
        self.assertValue('=ACCELPEAK("H100 SXM")', 989e12)
        self.assertValue('=ACCELPEAK("H100")', 989e12)
        self.assertValue('=ACCELPEAK("TPU v5p")', 459e12)
        self.assertValue('=ACCELPEAK("MI300X")', 1307e12)
        self.assertValue('=ACCELPEAK("V100";"fp16")', 125e12)

    def test_unknown_names_and_missing_precisions_show_err502(self):
        self.assertErr502('=ACCELPEAK("H1000")')
        self.assertErr502('=ACCELPEAK("V100")')  # no bf16 units
        self.assertErr502('=ACCELPEAK("A100";"fp64")')
        self.assertErr502('=ACCELPEAK("")')


class ModelShapesMemoryAndServing(CalcCase):
    def test_a_model_figure_in_a_cell_and_in_an_expression(self):
        # meta-llama/Llama-3.1-405B config.json: 126 layers, 8 key/value heads.
        self.assertValue('=MODELSHAPE("Llama 3.1 405B";"layers")', 126)
        self.assertValue('=QTYVALUE("model(Llama31_405B, kv_heads)")', 8)
        # Mistral AI: Mixtral 8x7B has 46.7B parameters, 12.9B used per token.
        self.assertValue('=MODELSHAPE("Mixtral 8x7B";"total_params")', 46.7e9)
        self.assertErr502('=MODELSHAPE("Mixtral 8x7B";"params")')
        sentence = self.cell('=QTYERROR("MODELSHAPE";"Lama 3 8B";"layers")').getString()
        self.assertIn('Did you mean "Llama 3 8B"', sentence)

    def test_train_memory_gives_the_zero_papers_figures_in_both_readings(self):
        # Rajbhandari et al. 2020, figure 1: 7.5B parameters on 64 ranks, 31.4 GB a rank with stage 1.
        self.assertValue('=TRAINMEMORY(7.5E9;1;64)', 7.5e9 * (4 + 12 / 64) / 1e9, rel=1e-9)
        self.sheet.getCellRangeByName("B40:C40").setDataArray(((60e9, 80e9),))
        self.assertValue('=TRAINMEMORY(B40:C40;;;;;;"GB";"low")', 60 * 16, rel=1e-9)
        self.assertValue('=TRAINMEMORY(B40:C40;;;;;;"GB";"p95")', 80 * 16, rel=1e-6)
        self.assertErr502('=TRAINMEMORY(7.5E9;4;64)')

    def test_kv_cache_and_the_serving_formulas_in_an_expression(self):
        # Llama 3 8B caches 128 KiB a token in bf16: 8,192 tokens are 1 GiB.
        self.assertValue('=KVCACHE("Llama 3 8B";8192)', 1, rel=1e-12)
        self.assertValue('=QTYVALUE("decode_rate(bandwidth(H100), 16 GB, 1 GB, 1, 100%)";"1/s")',
                         3.35e12 / 17e9, rel=1e-9)
        self.assertValue('=QTYVALUE("cost_per_million_tokens(2 $/hour, 1000 / s)";"$")', 2e6 / 3.6e6, rel=1e-9)
        self.assertErr502('=KVCACHE("Llama 3 8B";"8 GB")')


class Robustness(CalcCase):
    """Inputs meant to break things must give Err:502, and the office must keep answering."""

    def test_hostile_inputs_give_err502_and_the_office_survives(self):
        self.assertErr502('=QTY(REPT("(";20000)&"1"&REPT(")";20000))')
        self.assertErr502('=QTY("10^10^10")')
        self.assertErr502('=QTY("")')
        self.assertErr502('=QTY(REPT("1+";100000)&"1")')
        self.sheet.getCellRangeByName("D5:E6").setDataArray(((1, 2), (3, 4)))
        self.assertErr502('=QTY("x*2";;"x";D5:G6)')  # a range of no shape Ballpark reads
        self.assertErr502('=QTY("x*2";;2;3)')        # a pair without a name
        self.assertValue('=QTYVALUE("x*2";;;"x";D5)', 2)
        self.assertValue('=ACCELPEAK("A100")', 312e12)


# Ranges, percentiles, totals and the tornado. Expected values come from the formulas here: exact bounds, and the lognormal that reads `a to b` as a
# 90% interval (median √(ab), σ = ln(b/a) / (2 · 1.6449)).
HOURS_EXPR = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u)"


class CellRanges(CalcCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        s = cls.sheet
        s.getCellRangeByName("D1:E1").setDataArray(((0.35, 0.55),))             # a row: low, high
        s.getCellRangeByName("D2:D4").setDataArray(((0.35,), (0.4,), (0.55,)))  # a column of three values
        s.getCellRangeByName("K2:M2").setDataArray(((0.35, 0.4, 0.55),))       # a row: low, central, high
        s.getCellRangeByName("E2:F2").setDataArray(((60e9, 80e9),))
        s.getCellRangeByName("E3:F3").setDataArray((("60 billion", "80 billion"),))
        s.getCellRangeByName("G1:J1").setDataArray(((1, 2, 3, 4),))
        s.getCellRangeByName("G2:H3").setDataArray(((1, 2), (3, 4)))
        s.getCellRangeByName("G4").setValue(0.35)                             # G4:H4: high end empty
        s.getCellRangeByName("G5:H5").setDataArray(((0.35, "high"),))
        s.getCellRangeByName("G6").setValue(0.35)
        s.getCellRangeByName("H6").setFormula("=1/0")

    def test_two_cells_in_a_row_are_the_low_and_high_end(self):
        self.assertValue(f'=QTYVALUE("{HOURS_EXPR}";"hour";"high";"u";D1:E1)', hours_at(0.35))
        self.assertValue(f'=QTYVALUE("{HOURS_EXPR}";"hour";"low";"u";D1:E1)', hours_at(0.55))
        self.assertText(f'=QTY("{HOURS_EXPR} as million hour";;"u";D1:E1)', "1.7 [1.4, 2.1] million hour")

    def test_three_cells_in_a_row_are_low_central_and_high(self):
        self.assertValue(f'=QTYVALUE("{HOURS_EXPR}";"hour";;"u";K2:M2)', hours_at(0.4))
        self.assertValue(f'=QTYVALUE("{HOURS_EXPR}";"hour";"high";"u";K2:M2)', hours_at(0.35))

    def test_three_cells_in_a_column_are_three_models_and_refused_where_one_quantity_goes(self):
        # Over three rows, each row its own utilization; a single cell shows the first row.
        target = self.sheet.getCellRangeByName("N2:N4")
        target.setArrayFormula(f'=QTYVALUE("{HOURS_EXPR}";"hour";;"u";D2:D4)')
        got = [row[0] for row in target.getDataArray()]
        for value, u in zip(got, (0.35, 0.4, 0.55)):
            self.assertTrue(math.isclose(value, hours_at(u), rel_tol=1e-9), f"{got} for u = 0.35, 0.4, 0.55")
        self.assertValue(f'=QTYVALUE("{HOURS_EXPR}";"hour";"high";"u";D2:D4)', hours_at(0.35))
        self.assertErr502('=GPUHOURS(70E9;2E12;"A100";D2:D4;;;"high")')
        in_a_row = "Give the low and the high end in a row, as in A1:B1"
        self.assertIn(in_a_row, self.cell('=QTYERROR("GPUHOURS";70E9;2E12;"A100";D2:D4)').getString())
        self.assertErr502('=QTYSWING("u";"u";;;"u";D2:D4)')
        self.assertIn(in_a_row, self.sentence("QTYSWING", '"u"', '"u"', "", "", '"u"', "D2:D4"))

    def test_planning_functions_take_ranges_in_every_input(self):
        self.assertValue('=GPUHOURS(E2:F2;2E12;"A100";D1:E1;;;"high")', hours_at(0.35, 80e9))
        self.assertValue('=GPUHOURS(E3:F3;2E12;"A100";D1:E1;;;"low")', hours_at(0.55, 60e9))
        self.assertValue('=TRAININGFLOP(E2:F2;2E12;;"high")', 6 * 80e9 * 2e12)
        self.assertValue('=TRAININGFLOP(E3:F3;2E12)', 6 * 70e9 * 2e12)

    def test_wrong_ranges_are_err502_with_a_sentence(self):
        for rng, words in (("G1:J1", "range of 4 cells (1 row × 4 columns)"),
                           # Two rows of two cells are a column of models; of four, no column.
                           ("G2:J3", "range of 8 cells (2 rows × 4 columns)"),
                           ("G4:H4", "cell 2 of 2 is empty"),
                           ("G5:H5", 'Cell 2 of 2 of the range for "u" ("high")')):
            self.assertErr502(f'=QTYVALUE("u";;;"u";{rng})')
            text = self.cell(f'=QTYERROR("u";;"u";{rng})').getString()
            self.assertIn(words, text)
            self.assertEqual(self.cell(f'=QTYERROR("QTYVALUE";"u";;;"u";{rng})').getString(), "QTYVALUE: " + text)
        # A cell showing an error inside a range: Calc refuses the call before Ballpark sees it, with Err:504, and
        # QTYERROR's call the same way, so no sentence can be given.
        self.assertEqual(self.cell('=QTYVALUE("u";;;"u";G6:H6)').getError(), 504)
        self.assertEqual(self.cell('=QTYERROR("u";;"u";G6:H6)').getError(), 504)
        self.assertErr502('=GPUHOURS(70E9;2E12;"A100";G1:J1)')
        self.assertErr502('=GPUHOURS(70E9;2E12;"A100";D1:E1;0.6)')  # util_hi beside a range
        self.assertIn("util_hi must be empty", self.cell('=QTYERROR("GPUHOURS";70E9;2E12;"A100";D1:E1;0.6)').getString())


class DependencyAwareBounds(CalcCase):
    def test_a_name_used_twice_is_one_unknown(self):
        self.sheet.getCellRangeByName("D1:E1").setDataArray(((10, 20),))
        self.assertValue('=QTYVALUE("x / x";;"high";"x";"1 to 3")', 1)
        self.assertValue('=QTYVALUE("(a * 2) - a";;"high";"a";"10 to 20")', 20)
        self.assertValue('=QTYVALUE("(a * 2) - a";;"low";"a";D1:E1)', 10)




def logit(x):
    return math.log(x / (1 - x))


def logit_normal(a, b, p):
    """The p-quantile of the logit-normal whose 5th and 95th percentiles are a and b: logistic(m + s z_p)."""
    m, s = (logit(a) + logit(b)) / 2, (logit(b) - logit(a)) / (2 * Z95)
    return 1 / (1 + math.exp(-(m + s * NormalDist().inv_cdf(p))))


class Percentiles(CalcCase):
    def test_percentiles_median_and_mean_of_a_lognormal(self):
        a, b = 10.0, 1000.0
        self.sheet.getCellRangeByName("D1:E1").setDataArray(((a, b),))
        mu, sigma = lognormal_through(a, b)
        for part, expected in (("median", math.sqrt(a * b)), ("p5", a), ("p95", b),
                               ("p25", math.exp(mu + sigma * NormalDist().inv_cdf(0.25))),
                               ("p37.5", math.exp(mu + sigma * NormalDist().inv_cdf(0.375)))):
            self.assertValue(f'=QTYVALUE("x";;"{part}";"x";D1:E1)', expected, rel=1e-6)
        self.assertValue('=QTYVALUE("x";;"mean";"x";D1:E1)', math.exp(mu + sigma ** 2 / 2), rel=1e-3)
        self.assertValue('=QTYVALUE("x";;"high";"x";D1:E1)', b)  # the guaranteed bound stays the end

    def test_gpuhours_percentiles_invert_the_utilization(self):
        # hours = K / u with u, a declared fraction, the logit-normal through 35% and 55%: the median is K at the
        # midpoint of the ends' logits, the 95th percentile K / 0.35.
        self.assertValue('=GPUHOURS(70E9;2E12;"A100";0.35;0.55;;"median")', hours_at(logit_normal(0.35, 0.55, 0.5)))
        self.assertValue('=GPUHOURS(70E9;2E12;"A100";0.35;0.55;;"p95")', hours_at(0.35))
        self.assertValue('=GPUHOURS(70E9;2E12;"A100";0.35;0.55;;"high")', hours_at(0.35))

    def test_a_declared_fraction_stays_below_one(self):
        # A lognormal through 35% and 95% has its 99th percentile at 1.17; the declared fraction's logit-normal has
        # its 5th and 95th percentiles at the ends and every quantile below 1.
        pair = '"u: fraction";"35% to 95%"'
        for part, p in (("p5", 0.05), ("p95", 0.95), ("median", 0.5), ("p25", 0.25), ("p75", 0.75)):
            self.assertValue(f'=QTYVALUE("u";;"{part}";{pair})', logit_normal(0.35, 0.95, p), rel=1e-6)
        self.assertValue(f'=QTYVALUE("u";;"p99";{pair})', logit_normal(0.35, 0.95, 0.99), rel=1e-4)
        self.assertValue(f'=QTYPROB("u";1;;{pair})', 1)
        self.assertValue(f'=QTYPROB("u";0.5;;{pair})', NormalDist().cdf(
            (logit(0.5) - (logit(0.35) + logit(0.95)) / 2) / ((logit(0.95) - logit(0.35)) / (2 * Z95))), rel=1e-3)
        # Undeclared, the same range is the lognormal: its median the geometric mean of the ends.
        self.assertValue('=QTYVALUE("u";;"median";"u";"35% to 95%")', math.sqrt(0.35 * 0.95))
        # 1000 hour / u: 1000 hour (1 + e^-Y), Y = logit(u) normal; its 95th percentile is at u's 5th.
        self.assertValue(f'=QTYVALUE("1000 hour / u";"hour";"p95";{pair})', 1000 / 0.35)
        self.assertValue(f'=QTYVALUE("1000 hour / u";"hour";"median";{pair})', 1000 / logit_normal(0.35, 0.95, 0.5))
        # An end at 100% has no logit-normal: refused with a sentence that says what to write.
        text = self.sentence("QTYVALUE", '"u"', "", '"p95"', '"u: fraction"', '"35% to 100%"')
        self.assertIn("ends at 100%", text)
        self.assertIn("35% to 99%", text)

    def test_distribution_inputs_where_a_percentile_is_asked_for(self):
        # hours = K / u with u = normal(0.45, 0.05): their 95th percentile is at u's 5th, 0.45 - z95 · 0.05 (sampled).
        u5 = 0.45 - Z95 * 0.05
        self.assertValue('=GPUHOURS(70E9;2E12;"A100";"normal(0.45, 0.05)";;"hour";"p95")', hours_at(u5), rel=2e-3)
        self.assertValue('=QTYVALUE("6 FLOP*70 billion*2 trillion/(312 TFLOP/s*u)";"hour";"p95";"u";'
                         '"normal(0.45, 0.05)")', hours_at(u5), rel=2e-3)
        self.assertValue('=TRAININGFLOP("lognormal(70e9, 0.2)";2E12;;"p95")', 6 * 70e9 * math.exp(Z95 * 0.2) * 2e12,
                         rel=1e-9)
        self.assertValue('=GPUHOURS(70E9;2E12;"A100";"uniform(0.35, 0.55)";;;"median")', hours_at(0.45), rel=2e-3)

    def test_a_metalog_gives_back_an_experts_three_numbers(self):
        # An expert's utilization: 25%, 40% and 60% as p10, median and p90, between 0 and 1. QTYVALUE's "p10",
        # "median" and "p90" return the three numbers; the hours fall as u rises, so their 10th percentile is the
        # hours at u's 90th, 60%. In the bounds reading a metalog with both bounds spans them, and one without is
        # refused with a sentence that says to give them.
        m = "metalog(25%, 40%, 60%, 0, 1)"
        for part, expected in (("p10", 0.25), ("median", 0.40), ("p90", 0.60)):
            self.assertValue(f'=QTYVALUE("u";;"{part}";"u";"{m}")', expected, rel=1e-3)
        self.assertValue(f'=QTYVALUE("{HOURS_EXPR}";"hour";"p10";"u";"{m}")', hours_at(0.60), rel=1e-3)
        self.assertValue(f'=GPUHOURS(70E9;2E12;"A100";"{m}";;"hour";"p10")', hours_at(0.60), rel=1e-3)
        self.assertValue('=GPUHOURS(70E9;2E12;"A100";"metalog(25%, 40%, 60%, 10%, 90%)";;"hour";"high")',
                         hours_at(0.10), rel=1e-9)
        self.assertValue(f'=QTYVALUE("u";;"high";"u";"{m}")', 1.0)
        self.assertErr502('=QTY("u";;"u";"metalog(25%, 40%, 60%)")')
        text = self.sentence("u", "", '"u"', '"metalog(25%, 40%, 60%)"')
        self.assertIn('"metalog" without both bounds', text)
        self.assertIn("QTYDIST", text)
        text = self.sentence("u", "", '"u"', '"metalog(25%, 28%, 60%, 0, 1)"')
        self.assertIn("p50 is too close to p10", text)

    def test_a_triangular_gives_its_closed_form_percentiles_and_its_support_as_bounds(self):
        # triangular(1 day, 2 day, 4 day): the inverse of its CDF, low + sqrt(p (high - low) (mode - low)) below the
        # mode's share (mode - low) / (high - low) = 1/3 and high - sqrt((1 - p) (high - low) (high - mode)) above,
        # in days; the bounds reading gives its support with central value the mode.
        t = "triangular(1 day, 2 day, 4 day)"
        for part, p in (("p5", 0.05), ("median", 0.5), ("p95", 0.95)):
            days = 1 + math.sqrt(p * 3 * 1) if p < 1 / 3 else 4 - math.sqrt((1 - p) * 3 * 2)
            self.assertValue(f'=QTYVALUE("x";"day";"{part}";"x";"{t}")', days, rel=1e-3)
        for part, days in (("low", 1), ("central", 2), ("high", 4)):
            self.assertValue(f'=QTYVALUE("x";"day";"{part}";"x";"{t}")', days)
        self.assertErr502('=QTY("triangular(1 day, 5 day, 4 day)")')
        self.assertIn("needs its mode between low and high", self.sentence("triangular(1 day, 5 day, 4 day)"))
        self.assertIn("its high (its third argument) is mass (kg)", self.sentence("triangular(1 day, 2 day, 4 kg)"))

    def test_a_loguniform_gives_its_closed_form_percentiles_and_its_support_as_bounds(self):
        # loguniform(1 GB, 1 TB): its p-quantile is low (high / low)^p, 1000^p GB; the bounds reading gives its
        # support with central value the geometric mean, sqrt(1 GB * 1 TB).
        u = "loguniform(1 GB, 1 TB)"
        for part, p in (("p5", 0.05), ("median", 0.5), ("p95", 0.95)):
            self.assertValue(f'=QTYVALUE("x";"GB";"{part}";"x";"{u}")', 1000 ** p, rel=1e-3)
        for part, gb in (("low", 1), ("central", math.sqrt(1000)), ("high", 1000)):
            self.assertValue(f'=QTYVALUE("x";"GB";"{part}";"x";"{u}")', gb)
        self.assertErr502('=QTY("loguniform(0 GB, 1 TB)")')
        self.assertIn("needs a low end above zero", self.sentence("loguniform(0 GB, 1 TB)"))
        self.assertIn("its high (its second argument) is time (s)", self.sentence("loguniform(1 GB, 1 hour)"))

    def test_distribution_inputs_for_bounds_say_to_ask_for_a_percentile(self):
        self.assertErr502('=GPUHOURS(70E9;2E12;"A100";"normal(0.45, 0.05)";;"hour";"high")')
        text = self.sentence("GPUHOURS", "70E9", "2E12", '"A100"', '"normal(0.45, 0.05)"', "", '"hour"', '"high"')
        self.assertIn('Ask for a percentile part such as "p95"', text)
        self.assertIn("QTYDIST", text)
        self.assertNotIn("--mode", text)
        # The comma inside normal(1,2) separates arguments: no decimal-comma hint.
        text = self.sentence("QTY", '"normal(1,2)"')
        self.assertIn("QTYDIST", text)
        self.assertNotIn("1,5", text)

    def test_qtydist_shows_the_median_and_the_90_percent_interval(self):
        self.assertText('=QTYDIST("x";;"x";"10 to 1000")', "100 [90%: 10, 1000]")
        mid = hours_at(math.sqrt(0.35 * 0.55)) / 1e6
        text = shown(self.cell(f'=QTYDIST("{HOURS_EXPR}";"million hour";"u";"35% to 55%")').getString())
        self.assertEqual(text, f"{mid:.2g} [90%: {hours_at(0.55) / 1e6:.2g}, {hours_at(0.35) / 1e6:.2g}] million hour")

    def test_bad_parts_are_err502_with_a_sentence(self):
        for part in ("p0", "p100", "p", "p101", "p-5", "pct"):
            self.assertErr502(f'=QTYVALUE("1 to 2";;"{part}")')
            self.assertIn("percentile such as", self.sentence("QTYVALUE", '"1 to 2"', "", f'"{part}"'))


class SeveralParts(CalcCase):
    def test_a_part_naming_several_parts_fills_a_row_of_an_array_formula(self):
        target = self.sheet.getCellRangeByName("D1:F1")
        target.setArrayFormula(f'=QTYVALUE("{HOURS_EXPR}";"hour";"low central high";"u";"35% to 55%")')
        (row,) = target.getDataArray()
        for got, want in zip(row, (hours_at(0.55), hours_at(0.45), hours_at(0.35))):
            self.assertTrue(math.isclose(got, want, rel_tol=1e-9), (row, want))
        one = self.cell(f'=QTYVALUE("{HOURS_EXPR}";"hour";"p5 median p95";"u";"35% to 55%")')
        self.assertEqual(one.getError(), 0, one.getString())
        # Outside an array formula a row shows its first number: the 5th percentile, h at the 95th percentile of u.
        mu, sigma = lognormal_through(0.35, 0.55)
        p95_u = math.exp(mu + Z95 * sigma)
        self.assertTrue(math.isclose(one.getValue(), hours_at(p95_u), rel_tol=1e-9), (one.getValue(), hours_at(p95_u)))
        self.assertErr502(f'=QTYVALUE("{HOURS_EXPR}";"hour";"low middle";"u";"35% to 55%")')


class Probability(CalcCase):
    """QTYPROB: P(value <= threshold) in the 90% reading, against the lognormal's closed form computed here
    (NormalDist), for a number, a text, a column of thresholds in an array formula, and a QTY result cell."""

    @staticmethod
    def below(mu_sigma, t):
        mu, sigma = mu_sigma
        return NormalDist(mu, sigma).cdf(math.log(t))

    def product(self):
        (ma, sa), (mb, sb) = lognormal_through(1, 3), lognormal_through(2, 5)
        return ma + mb, math.hypot(sa, sb)

    def test_qtyprob_gives_the_chance_of_staying_at_most_a_threshold(self):
        self.assertValue('=QTYPROB("(1 to 3) * (2 to 5)";6)', self.below(self.product(), 6), rel=1e-9)
        cost = lognormal_through(1, 10)
        self.assertValue('=QTYPROB("c";"5 million USD";;"c";"(1 to 10) million USD")', self.below(cost, 5), rel=1e-9)
        self.assertValue('=QTYPROB("c";5;"million USD";"c";"(1 to 10) million USD")', self.below(cost, 5), rel=1e-9)
        self.assertErr502('=QTYPROB("c";"5 hour";;"c";"(1 to 10) million USD")')
        self.assertIn("same dimension", self.cell('=QTYERROR("QTYPROB";"c";"5 hour";;"c";"1 to 10 USD")').getString())

    def test_a_column_of_thresholds_gives_a_column_of_chances(self):
        self.sheet.getCellRangeByName("C1:C3").setDataArray(((2,), (6,), (10,)))
        target = self.sheet.getCellRangeByName("D1:D3")
        target.setArrayFormula('=QTYPROB("(1 to 3) * (2 to 5)";C1:C3)')
        got = [row[0] for row in target.getDataArray()]
        for value, t in zip(got, (2, 6, 10)):
            self.assertTrue(math.isclose(value, self.below(self.product(), t), rel_tol=1e-9), (got, t))

    def test_a_qty_result_cell_is_read_again_in_the_ninety_percent_reading(self):
        self.sheet.getCellRangeByName("E1").setFormula('=QTY("a * b";;"a";"1 to 3";"b";"2 to 5")')
        self.assertValue("=QTYPROB(E1;6)", self.below(self.product(), 6), rel=1e-9)


class Correlation(CalcCase):
    """The pair "correlation": rank correlations of the other pairs in the 90% reading, as a text of pairs
    or a square range with the names in its first row and column. Reference: for lognormals u = 25% to 60% and
    price = 2 to 4, ln(1000 price / u) is normal with the median's log and variance sp^2 + su^2 - 2 rho sp su,
    rho = 2 sin(pi r / 6) for rank correlation r, computed here."""

    PAIRS = '"u";"25% to 60%";"price";"2 to 4"'

    @staticmethod
    def log_sd(r):
        (_, sp), (_, su) = lognormal_through(2, 4), lognormal_through(0.25, 0.6)
        rho = 2 * math.sin(math.pi * r / 6)
        return math.sqrt(sp * sp + su * su - 2 * rho * sp * su)

    MEDIAN = 1000 * math.sqrt(8) / math.sqrt(0.25 * 0.6)

    def test_a_text_of_pairs_and_a_matrix_range_move_two_inputs_together(self):
        self.sheet.getCellRangeByName("G1:I3").setDataArray((("", "u", "price"), ("u", 1, 0.5), ("price", 0.5, 1)))
        for r, correlation in ((-0.5, '"u, price: -0.5"'), (0.5, '"u, price: 0.5"'), (0.5, "G1:I3")):
            p95 = self.MEDIAN * math.exp(Z95 * self.log_sd(r))
            self.assertValue(f'=QTYVALUE("1000 * price / u";;"p95";{self.PAIRS};"correlation";{correlation})', p95, rel=1e-9)
            # P(cost <= median e^s) is Phi(1) for s the correlated log-sd.
            at = self.MEDIAN * math.exp(self.log_sd(r))
            self.assertValue(f'=QTYPROB("1000 * price / u";{at!r};;{self.PAIRS};"correlation";{correlation})',
                             NormalDist().cdf(1), rel=1e-9)
        # The matrix and the text say the same; the independent inputs give a wider interval.
        as_matrix = shown(self.cell(f'=QTYDIST("1000 * price / u";;{self.PAIRS};"correlation";G1:I3)').getString())
        as_text = shown(self.cell(f'=QTYDIST("1000 * price / u";;{self.PAIRS};"correlation";"u, price: 0.5")').getString())
        independent = shown(self.cell(f'=QTYDIST("1000 * price / u";;{self.PAIRS})').getString())
        self.assertEqual(as_matrix, as_text)
        self.assertNotEqual(as_matrix, independent)

    def test_guaranteed_bounds_are_the_same_with_it(self):
        for end in ("low", "high"):
            plain = self.cell(f'=QTYVALUE("1000 * price / u";;"{end}";{self.PAIRS})').getValue()
            self.assertValue(f'=QTYVALUE("1000 * price / u";;"{end}";{self.PAIRS};"correlation";"u, price: 0.9")', plain,
                             rel=0)

    def test_an_inconsistent_set_is_refused_with_a_sentence(self):
        self.assertErr502(f'=QTYDIST("price / u";;{self.PAIRS};"gpus";"1 to 2";"correlation";"u, price: 0.9; u, gpus: 0.9")')
        said = self.cell(f'=QTYERROR("QTYDIST";"price / u";;{self.PAIRS};"gpus";"1 to 2";"correlation";'
                         '"u, price: 0.9; u, gpus: 0.9")').getString()
        self.assertIn("cannot all hold at once", said)

    def refusal(self, function, args):
        """The call shows Err:502; returns QTYERROR's sentence for it."""
        self.assertErr502(f"={function}({args})")
        return self.cell(f'=QTYERROR("{function}";{args})').getString()

    def test_a_name_the_call_does_not_bind_is_refused_naming_it(self):
        # In the 90% reading and in the bounds reading alike.
        for function in ("QTYDIST", "QTY"):
            said = self.refusal(function, f'"1000 * price / u";;{self.PAIRS};"correlation";"u, prcie: 0.5"')
            self.assertIn('"prcie", which the call does not bind: it binds "u" and "price".', said)
            self.assertIn('Did you mean "price"?', said)
            said = self.refusal(function, f'"1000 * price / u";;{self.PAIRS};"correlation";"U, price: 0.5"')
            self.assertIn('"U", which the call does not bind', said)
            self.assertIn('Did you mean "u"?', said)
            said = self.refusal(function, f'"1000 * price / u";;{self.PAIRS};"correlation";"u, gpus: 0.3"')
            self.assertIn('"gpus", which the call does not bind', said)
        # The same typo in a square range's header.
        self.sheet.getCellRangeByName("K1:M3").setDataArray((("", "u", "prcie"), ("u", 1, 0.5), ("prcie", 0.5, 1)))
        said = self.refusal("QTYDIST", f'"1000 * price / u";;{self.PAIRS};"correlation";K1:M3')
        self.assertIn('"prcie"', said)
        self.assertIn('Did you mean "price"?', said)

    def test_a_pair_stated_twice_is_refused_naming_both(self):
        said = self.refusal("QTYDIST", f'"1000 * price / u";;{self.PAIRS};"correlation";"u, price: 0.5; price, u: -0.5"')
        self.assertIn('"u, price: 0.5" and "price, u: -0.5" both give the correlation of price and u', said)
        said = self.refusal("QTYVALUE", f'"1000 * price / u";;"p95";{self.PAIRS};"correlation";"u, price: 0.5; u, price: 0.5"')
        self.assertIn('"u, price: 0.5" and "u, price: 0.5" both give', said)

    def test_a_correlated_name_bound_to_a_number_or_a_result_is_refused_in_every_reading(self):
        for function in ("QTY", "QTYDIST"):
            said = self.refusal(function, '"1000 * price / u";;"u";0.4;"price";"2 to 4";"correlation";"u, price: 0.5"')
            self.assertIn('"u" has a correlation, so it must be an uncertain input', said)
        self.sheet.getCellRangeByName("K5").setFormula('=QTY("25% to 60%")')
        for function in ("QTY", "QTYDIST"):
            said = self.refusal(function, '"1000 * price / u";;"u";K5;"price";"2 to 4";"correlation";"u, price: 0.5"')
            self.assertIn('"u" has a correlation', said)
            self.assertIn("earlier result", said)

    def test_qtyswing_and_qtytop_take_the_pair_and_show_each_inputs_own_swing(self):
        # Bounds reading: u from 25% to 60% about its midpoint 0.425, price from 2 to 4 about 3.
        self.sheet.getCellRangeByName("G1:I3").setDataArray((("", "u", "price"), ("u", 1, 0.5), ("price", 0.5, 1)))
        for correlation in ('"u, price: 0.5"', "G1:I3"):
            pairs = f'{self.PAIRS};"correlation";{correlation}'
            self.assertValue(f'=QTYSWING("1000 * price / u";"u";"low";;{pairs})', 1000 * 3 / 0.25, rel=1e-12)
            self.assertValue(f'=QTYSWING("1000 * price / u";"u";"high";;{pairs})', 1000 * 3 / 0.6, rel=1e-12)
            self.assertValue(f'=QTYSWING("1000 * price / u";"price";"swing";;{pairs})', 2000 / 0.425, rel=1e-12)
            self.assertText(f'=QTYTOP("1000 * price / u";;{pairs})', "u")
            self.assertText(f'=QTYTOP("1000 * price / u";2;{pairs})', "price")
        said = self.refusal("QTYTOP", f'"1000 * price / u";;{self.PAIRS};"correlation";"u, prcie: 0.5"')
        self.assertIn('"prcie"', said)

    def test_a_rank_matrix_the_normal_copula_cannot_hold_is_said_to_be_that(self):
        # Eigenvalues of the rank matrix: 1 - 0.98 = 0.02 and 1.49 twice; of the copula's: 1 + 4 sin(-0.49 pi / 6) < 0.
        self.assertGreater(1 - 2 * 0.49, 0)
        self.assertLess(1 + 4 * math.sin(-0.49 * math.pi / 6), 0)
        said = self.refusal("QTYDIST", '"a + b + c";;"a";"1 to 2";"b";"1 to 2";"c";"1 to 2";"correlation";'
                                       '"a, b: -0.49; a, c: -0.49; b, c: -0.49"')
        self.assertIn("can hold together (their matrix is positive definite), but not in the normal (Gaussian) copula", said)
        self.assertIn("each multiplied by 0.98 fits", said)
        self.assertNotIn("cannot all hold at once", said)


class PairsInArrayFormulas(CalcCase):
    """The name; value pairs are parameters of their own (addin/sheet_table.py): in an array formula a range
    bound to a name reaches the call whole, once, and does not shape the array the call returns."""

    def test_a_row_bound_to_a_name_leaves_every_part_of_an_array(self):
        self.sheet.getCellRangeByName("G1:H1").setDataArray(((0.35, 0.55),))
        formula = f'=QTYVALUE("{HOURS_EXPR}";"hour";"low central high";"u";G1:H1)'
        target = self.sheet.getCellRangeByName("D2:F2")
        target.setArrayFormula(formula)
        (row,) = target.getDataArray()
        for got, want in zip(row, (hours_at(0.55), hours_at(0.45), hours_at(0.35))):
            self.assertTrue(math.isclose(got, want, rel_tol=1e-9), (row, want))

    def test_a_long_column_in_a_one_cell_array_formula_is_read_whole(self):
        n = 500
        self.sheet.getCellRangeByName(f"J1:J{n}").setDataArray(tuple((float(k),) for k in range(1, n + 1)))
        target = self.sheet.getCellRangeByName("K1:K1")
        target.setArrayFormula(f'=QTYVALUE("sum(x * 2)";;;"x";J1:J{n})')
        self.assertEqual(target.getCellByPosition(0, 0).getError(), 0, target.getCellByPosition(0, 0).getString())
        self.assertEqual(target.getCellByPosition(0, 0).getValue(), n * (n + 1))

    def test_six_pairs_in_qtyvalue_and_sixteen_in_its_twin(self):
        pairs = [f'"x{k}";{k}' for k in range(1, 18)]
        self.assertValue(f'=QTYVALUE("x1 + x6";;;{";".join(pairs[:6])})', 7, rel=0)
        self.assertValue(f'=QTYVALUE16("x1 + x16";;;{";".join(pairs[:16])})', 17, rel=0)
        # A pair more than a function has is more arguments than its method has: Calc's own Err:504, before
        # Ballpark is called. QTYERROR, given the same arguments, says where they fit.
        for name, count in (("QTYVALUE", 6), ("QTYVALUE16", 16)):
            c = self.cell(f'=QTYVALUE{"16" if count == 16 else ""}("x1";;;{";".join(pairs[:count + 1])})')
            self.assertEqual(c.getError(), 504, (name, c.getString()))
        self.assertText(f'=QTYERROR("QTYVALUE";"x1";;;{";".join(pairs[:7])})',
                        "QTYERROR was given 7 name; value pairs for QTYVALUE, which takes at most 6. QTYVALUE16 takes "
                        "up to 16.")
        # The twins are one function: the same pairs give the same result, text for text.
        expression = '"p * t / u as million hour";;"p";"70 billion";"t";"2 trillion";"u";"35% to 55%"'
        self.assertEqual(self.cell(f"=QTY({expression})").getString(), self.cell(f"=QTY16({expression})").getString())


class ResultsAsInputs(CalcCase):
    def test_a_qty_result_feeds_the_next_cell_at_full_precision(self):
        c = self.cell(f'=QTY("{QuantityFunctions.EXPR}")')
        self.assertEqual(shown(c.getString()), "1.7 [1.4, 2.1] million hour")
        ref = c.getPropertyValue("AbsoluteName").split(".")[-1].replace("$", "")
        # The cell is read as the result it printed, not as its two-figure text: the hours at 55% and 35%.
        self.assertValue(f'=QTYVALUE("h * 3 kW";"kWh";"high";"h";{ref})', hours_at(0.35) * 3, rel=1e-9)
        self.assertValue(f'=QTYVALUE("h * 3 kW";"kWh";"low";"h";{ref})', hours_at(0.55) * 3, rel=1e-9)
        self.assertValue(f'=QTYVALUE({ref};"million hour")', hours_at(0.45) / 1e6, rel=1e-9)
        self.assertText(f'=QTYERROR("h * 3 kW";;"h";{ref})', "")

    def test_a_result_typed_by_hand_reads_as_it_prints(self):
        # The same text typed into a cell: its printed bounds widen by half a unit in the last digit, 1.35 and 2.15.
        self.cell(f'=QTY("{QuantityFunctions.EXPR}")')
        typed = self.sheet.getCellRangeByName("D9")
        typed.setString("1.7 [1.4, 2.1] million hour")
        self.assertValue('=QTYVALUE("h * 3 kW";"kWh";"high";"h";D9)', 2.15e6 * 3, rel=1e-9)
        self.assertValue('=QTYVALUE("h * 3 kW";"kWh";"low";"h";D9)', 1.35e6 * 3, rel=1e-9)

    def test_the_regex_in_the_docs_drops_the_key_and_leaves_a_text_that_reads_as_typed(self):
        # docs/addin.md: the key travels with a copied text; REGEX removes it, and what is left has no memory.
        c = self.cell(f'=QTY("{QuantityFunctions.EXPR}")')
        ref = c.getPropertyValue("AbsoluteName").split(".")[-1].replace("$", "")
        self.assertEqual(self.cell(f"=LEN({ref})").getValue(), len("1.7 [1.4, 2.1] million hour") + 25)
        bare = self.cell(f'=REGEX({ref};"\\x{{2063}}[\\x{{FE00}}-\\x{{FE0F}}]+$";"")')
        self.assertEqual(bare.getString(), "1.7 [1.4, 2.1] million hour")
        bare_ref = bare.getPropertyValue("AbsoluteName").split(".")[-1].replace("$", "")
        self.assertValue(f'=QTYVALUE("h * 3 kW";"kWh";"high";"h";{bare_ref})', 2.15e6 * 3, rel=1e-9)

    def ref_of(self, c):
        return c.getPropertyValue("AbsoluteName").split(".")[-1].replace("$", "")

    def test_a_result_changed_by_a_text_formula_reads_as_it_shows(self):
        # B10 ="2 * "&A10 shows twice the printed range, and is read so: 3.4 million hours, not the result's 1.66.
        ref = self.ref_of(self.cell(f'=QTY("{QuantityFunctions.EXPR}")'))
        twice = self.ref_of(self.cell(f'="2 * "&{ref}'))
        self.assertValue(f'=QTYVALUE({twice};"million hour")', 2 * 1.7, rel=1e-12)
        self.assertValue(f'=QTYVALUE({twice};"million hour";"high")', 2 * 2.15, rel=1e-12)
        # =SUBSTITUTE(A10; "million"; "thousand") reads as 1.7 thousand hours, not as the result's 1662.
        thousand = self.ref_of(self.cell(f'=SUBSTITUTE({ref};"million";"thousand")'))
        self.assertValue(f'=QTYVALUE({thousand};"thousand hour")', 1.7, rel=1e-12)
        # The whole text again (=A10&"") is the result itself.
        same = self.ref_of(self.cell(f'={ref}&""'))
        self.assertValue(f'=QTYVALUE({same};"hour";"high")', hours_at(0.35), rel=1e-12)

    def test_a_pasted_result_gives_the_same_number_in_the_session_and_after_reopening_or_says_what_to_do(self):
        doc = OFFICE.load()
        try:
            sheet = doc.Sheets.getByIndex(0)
            sheet.getCellRangeByName("A1").setFormula(f'=QTY("{QuantityFunctions.EXPR}")')
            # Pasted as a value: the text with its key, no formula.
            sheet.getCellRangeByName("B1").setString(sheet.getCellRangeByName("A1").getString())
            sheet.getCellRangeByName("C1").setFormula('=QTYVALUE("h";"hour";"high";"h";B1)')
            sheet.getCellRangeByName("D1").setFormula('=QTYERROR("h";"hour";"h";B1)')
            doc.calculateAll()
            self.assertAlmostEqual(sheet.getCellRangeByName("C1").getValue() / hours_at(0.35), 1, places=12)
            path = OFFICE.path("pasted.ods")
            doc.storeToURL(_url(path), (prop("FilterName", "calc8"),))
        finally:
            doc.close(True)
        doc = OFFICE.load(_url(path))
        try:
            sheet = doc.Sheets.getByIndex(0)
            c1 = sheet.getCellRangeByName("C1")
            if c1.getError():
                # Read before A1 was made again: refused with what to do, never the printed 2.15 million.
                self.assertEqual(c1.getError(), ERR_502)
                self.assertIn("Ctrl+Shift+F9", sheet.getCellRangeByName("D1").getString())
            else:
                self.assertAlmostEqual(c1.getValue() / hours_at(0.35), 1, places=12)
            doc.calculateAll()  # what Ctrl+Shift+F9 does
            self.assertAlmostEqual(c1.getValue() / hours_at(0.35), 1, places=12)
            # With the formula it came from gone, a fresh office has no memory of it: a refusal that says so.
            sheet.getCellRangeByName("A1").setString("")
            doc.storeToURL(_url(path), (prop("FilterName", "calc8"),))
        finally:
            doc.close(True)
        with Office(ARGS.soffice, ARGS.unopkg, [ARGS.oxt]) as second:
            doc = second.open_copy(path, "pasted.ods")
            try:
                doc.calculateAll()
                sheet = doc.Sheets.getByIndex(0)
                self.assertEqual(sheet.getCellRangeByName("C1").getError(), ERR_502)
                self.assertIn("no longer remembers", sheet.getCellRangeByName("D1").getString())
            finally:
                doc.close(True)

    def test_two_alike_cells_are_two_results_in_qtysum_and_refused_as_two_names(self):
        self.sheet.getCellRangeByName("P1").setFormula('=QTYDIST("1000 hour * (35% to 55%)")')
        self.sheet.getCellRangeByName("P2").setFormula('=QTYDIST("1000 hour*(35%to 55%)")')
        total = self.ref_of(self.cell('=QTYSUM(P1:P2;"hour")'))
        # Two independent lognormals with 5th and 95th percentiles 350 and 550: a Monte Carlo of 400,000 sums.
        mu, sigma = lognormal_through(350, 550)
        import random
        draw = random.Random(20261204)
        sums = sorted(draw.lognormvariate(mu, sigma) + draw.lognormvariate(mu, sigma) for _ in range(400000))
        for part, p in (("p5", 0.05), ("p95", 0.95)):
            self.assertValue(f'=QTYVALUE({total};"hour";"{part}")', sums[int(p * (len(sums) - 1))], rel=0.01)
        self.sheet.getCellRangeByName("P3").setFormula('=QTY("1000 hour * (35% to 55%)")')
        self.sheet.getCellRangeByName("P4").setFormula('=QTY("1000 hour * (35% to 55%)")')
        self.assertErr502('=QTYVALUE("a - b";"hour";"high";"a";P3;"b";P4)')
        # QTYINPUTS shows the two unknowns of the total, and the one the two alike QTY cells would share.
        self.assertText(f"=QTYINPUTS({total})", "35% to 55% (first); 35% to 55% (second)")
        self.assertText("=QTYINPUTS(P3)", "35% to 55%")
        self.assertIn("QTYSUM", self.sentence("a - b", '"hour"', '"a"', "P3", '"b"', "P4"))

    def test_qtysum_adds_a_column_of_ranges_keeping_units(self):
        self.sheet.getCellRangeByName("D1:D5").setDataArray(
            (("0.5 hour to 2 hour",), ("2 hour",), ("",), (3,), ("120 minute",)))
        total = self.cell('=QTYSUM(D1:D5;"hour")')
        self.assertEqual(total.getError(), 0, total.getString())
        # low 0.5 + 2 + 3 + 2 = 7.5, high 2 + 2 + 3 + 2 = 9 hour, exactly.
        ref = total.getPropertyValue("AbsoluteName").split(".")[-1].replace("$", "")
        self.assertValue(f'=QTYVALUE({ref};"hour";"low")', 7.5, rel=0.01)
        self.assertValue(f'=QTYVALUE({ref};"hour";"high")', 9, rel=0.01)
        self.assertValue(f'=QTYVALUE({ref};"min";"high")', 540, rel=0.01)
        self.assertErr502('=QTYSUM(D1:D5;"kg")')
        # Numbers are taken in the unit, so the 3 in D4 is 3 kg beside hours.
        self.assertIn("Cell 4 of values is of dimension mass", self.sentence("QTYSUM", "D1:D5", '"kg"'))


    def test_qtysum_adds_a_hundred_thousand_cells(self):
        # Summed as values, not as one formula text, which stopped at about 6,000 cells ("more than 20000 tokens").
        self.sheet.getCellRangeByName("K1:K100000").setDataArray(tuple((1.0,) for _ in range(100000)))
        self.sheet.getCellRangeByName("K1").setString("0.5 hour to 2 hour")
        total = self.cell('=QTYSUM(K1:K100000;"hour")')
        self.assertEqual(total.getError(), 0, total.getString())
        ref = total.getPropertyValue("AbsoluteName").split(".")[-1].replace("$", "")
        self.assertValue(f'=QTYVALUE({ref};"hour")', 100000, rel=0.01)
        self.sheet.getCellRangeByName("K76544").setString("3 kg")
        self.assertIn("Cell 76544 of values is of dimension mass", self.sentence("QTYSUM", "K1:K100000", '"hour"'))


class ResultCellsMeeting(CalcCase):
    """How correlations and identity travel between result cells. A "correlation" pair beside a result cell
    correlates the inputs of its recipe (closed form: ln(1000 price / u) normal, rho = 2 sin(pi r / 6)); alike cells
    that write their own unknown are refused however they reach a formula; a total of two alike totals of one range
    counts each utilization once (a Monte Carlo of a million trials, drawn here)."""

    PAIRS = '"u";"25% to 60%";"price";"2 to 4"'

    def test_a_pair_beside_a_result_cell_correlates_its_inputs(self):
        a1 = self.cell(f'=QTY("1000 * price / u";;{self.PAIRS})')
        ref = a1.AbsoluteName.split(".")[-1].replace("$", "")
        for r in (0.5, -0.5):
            p95 = Correlation.MEDIAN * math.exp(Z95 * Correlation.log_sd(r))
            pair = f'"correlation";"u, price: {r}"'
            self.assertValue(f'=QTYVALUE({ref};;"p95";{pair})', p95, rel=1e-9)
            self.assertValue(f'=QTYVALUE("c";;"p95";"c";{ref};{pair})', p95, rel=1e-9)
            at = Correlation.MEDIAN * math.exp(Correlation.log_sd(r))
            self.assertValue(f'=QTYPROB({ref};{at!r};;{pair})', NormalDist().cdf(1), rel=1e-9)
            computed_with = shown(self.cell(f'=QTYDIST("1000 * price / u";;{self.PAIRS};{pair})').getString())
            self.assertEqual(shown(self.cell(f'=QTYDIST({ref};;{pair})').getString()), computed_with)
            spark = shown(self.cell(f'=QTYSPARK({ref};;;{pair})').getString())
            self.assertEqual(spark, shown(self.cell(f'=QTYSPARK("1000 * price / u";;;{self.PAIRS};{pair})').getString()))
        # A name the result does not give is refused, naming it.
        self.assertErr502(f'=QTYVALUE({ref};;"p95";"correlation";"u, prcie: 0.5")')
        said = self.cell(f'=QTYERROR("QTYVALUE";{ref};;"p95";"correlation";"u, prcie: 0.5")').getString()
        self.assertIn('"prcie"', said)

    def test_alike_cells_are_refused_however_they_reach_a_formula(self):
        s = self.sheet
        alike = '=QTY("1000 hour * (35% to 55%)")'
        s.getCellRangeByName("N1").setFormula(alike)
        s.getCellRangeByName("N2").setFormula(alike)
        s.getCellRangeByName("N3").setFormula('=QTY("x";"day";"x";N2)')
        for b in ("N2", "N3", 'QTYTEXT(N2;"hour";4)', 'QTYSUM(N2;"hour")'):
            self.assertErr502(f'=QTY("a - b";"hour";"a";N1;"b";{b})')
            self.assertErr502(f'=QTYVALUE("a + b";"hour";"p5";"a";N1;"b";{b})')
        said = self.cell('=QTYERROR("QTY";"a - b";"hour";"a";N1;"b";N3)').getString()
        self.assertIn("1000 hour * (35% to 55%)", said)
        # Unknowns given by name: one value however many alike cells hold it, so the step reads as the cell.
        s.getCellRangeByName("N4").setFormula('=QTY("1000 hour * u";;"u";"35% to 55%")')
        s.getCellRangeByName("N5").setFormula('=QTY("x";"day";"x";N4)')
        self.assertText('=QTY("a - b";"hour";"a";N4;"b";N5)', "0 hour")

    def test_a_total_of_alike_totals_counts_each_unknown_once(self):
        s = self.sheet
        for ref in ("K1", "K2"):
            s.getCellRangeByName(ref).setFormula('=QTYDIST("1000 hour * (35% to 55%)")')
        for ref in ("L1", "L2"):
            s.getCellRangeByName(ref).setFormula('=QTYSUM(K1:K2;"hour")')
        mu, sigma = lognormal_through(0.35, 0.55)
        draw = random.Random(44)
        totals = sorted(2000 * (draw.lognormvariate(mu, sigma) + draw.lognormvariate(mu, sigma)) for _ in range(1_000_000))
        p5, p95 = totals[50_000], totals[950_000]
        self.assertValue('=QTYVALUE(QTYSUM(L1:L2;"hour");"hour";"p5")', p5, rel=0.003)
        self.assertValue('=QTYVALUE(QTYSUM(L1:L2;"hour");"hour";"p95")', p95, rel=0.003)
        inputs = self.cell('=QTYINPUTS(QTYSUM(L1:L2;"hour"))').getString()
        self.assertEqual(inputs.count(";"), 1, inputs)


class TornadoInCells(CalcCase):
    def test_swings_and_the_input_that_matters_most(self):
        self.sheet.getCellRangeByName("D1:E1").setDataArray(((60e9, 80e9),))
        self.sheet.getCellRangeByName("D2:E2").setDataArray(((0.35, 0.55),))
        expr = '"6 FLOP * p * 2 trillion / (312 TFLOP/s * u)"'
        pairs = '"p";D1:E1;"u";D2:E2'
        # u: 70e9 parameters, u at 35% and 55%; p: u central 45%, p at 60e9 and 80e9.
        u_low, u_high = hours_at(0.35) / 1e6, hours_at(0.55) / 1e6
        p_low, p_high = hours_at(0.45, 60e9) / 1e6, hours_at(0.45, 80e9) / 1e6
        self.assertText(f'=QTYTOP({expr};;{pairs})', "u")
        self.assertText(f'=QTYTOP({expr};2;{pairs})', "p")
        self.assertValue(f'=QTYSWING({expr};"u";"low";"million hour";{pairs})', u_low)
        self.assertValue(f'=QTYSWING({expr};"u";"high";"million hour";{pairs})', u_high)
        self.assertValue(f'=QTYSWING({expr};1;;"million hour";{pairs})', abs(u_high - u_low))
        self.assertValue(f'=QTYSWING({expr};2;"low";"million hour";{pairs})', p_low)
        self.assertValue(f'=QTYSWING({expr};"p";"high";"million hour";{pairs})', p_high)
        self.assertErr502(f'=QTYTOP({expr};3;{pairs})')
        self.assertIn("2 uncertain inputs", self.sentence("QTYTOP", expr, "3", pairs))

    def test_qtytext_shows_a_result_with_the_figures_asked_and_keeps_it(self):
        # (1 to 2) hour / 3: midpoint 0.5, ends 1/3 and 2/3 hour.
        self.sheet.getCellRangeByName("D5").setFormula('=QTY("(1 to 2) hour / 3")')
        self.assertText('=QTYTEXT(D5;"hour";4)', "0.5000 [0.3333, 0.6667] hour")
        self.sheet.getCellRangeByName("D6").setFormula('=QTYTEXT(D5;"hour";4)')
        self.assertValue('=QTYVALUE(D6;"hour";"low")', 1 / 3)

    def test_an_input_whose_effect_turns_inside_its_range_keeps_its_swing(self):
        # x from 1 to 3: x * (4 - x) is 3 at both ends and 4 at x = 2.
        self.sheet.getCellRangeByName("D1:E1").setDataArray(((1, 3),))
        self.assertText('=QTYTOP("x * (4 - x)";;"x";D1:E1)', "x")
        self.assertValue('=QTYSWING("x * (4 - x)";"x";;;"x";D1:E1)', 1.0)


class OneChainEveryReading(CalcCase):
    """A result is its recipe, not its reading. A chain of QTY cells read in the 90% reading (QTYDIST of
    a cell, QTYVALUE with a percentile part, QTYSUM with "90%") gives, to every digit, what the same chain built
    with QTYDIST in every cell gives, and a QTYDIST cell read for "low" or "high" its guaranteed bounds. The 90%
    tornado of such a result moves each input from its 5th to its 95th percentile, the others at their medians."""

    HOURS = '"6 FLOP * p * t / (312 TFLOP/s * u) as hour"'

    def setUp(self):
        self.sheet.getCellRangeByName("R1:S1").setDataArray(((0.35, 0.55),))  # u, shared
        self.sheet.getCellRangeByName("R2:S2").setDataArray(((2, 3),))  # price, shared
        self.sheet.getCellRangeByName("R3:S3").setDataArray(((1.8e12, 2.2e12),))  # run 1's tokens
        self.sheet.getCellRangeByName("R4:S4").setDataArray(((13.5e12, 16.5e12),))  # run 2's tokens
        # Columns T (hours) and U (cost): one chain of QTY cells; V and W: the same steps with QTYDIST.
        for row, (params, tokens) in enumerate(((70e9, "R3:S3"), (8e9, "R4:S4")), start=1):
            for hours, cost, function in (("T", "U", "QTY"), ("V", "W", "QTYDIST")):
                self.sheet.getCellRangeByName(f"{hours}{row}").setFormula(
                    f'={function}({self.HOURS};;"p";{params};"t";{tokens};"u";$R$1:$S$1)')
                self.sheet.getCellRangeByName(f"{cost}{row}").setFormula(
                    f'={function}("h * price * 1 USD/hour";"USD";"h";{hours}{row};"price";$R$2:$S$2)')
        self.doc.calculateAll()

    def number(self, formula):
        c = self.cell(formula)
        self.assertEqual(c.getError(), 0, f"{formula} shows {c.getString()}")
        return c.getValue()

    def test_a_qty_cell_read_in_the_90_percent_reading_is_the_qtydist_chain_to_every_digit(self):
        for row in (1, 2):
            for qty_cell, dist_cell in ((f"T{row}", f"V{row}"), (f"U{row}", f"W{row}")):
                self.assertEqual(shown(self.cell(f"=QTYDIST({qty_cell})").getString()),
                                 shown(self.sheet.getCellRangeByName(dist_cell).getString()))
                for part in ("p5", "median", "p95", "mean"):
                    with self.subTest(cell=qty_cell, part=part):
                        self.assertEqual(self.number(f'=QTYVALUE({qty_cell};;"{part}")'),
                                         self.number(f'=QTYVALUE({dist_cell};;"{part}")'))
                # And the other way: the QTYDIST cell's guaranteed bounds are the QTY cell's.
                for part in ("low", "central", "high"):
                    with self.subTest(cell=dist_cell, part=part):
                        self.assertEqual(self.number(f'=QTYVALUE({dist_cell};;"{part}")'),
                                         self.number(f'=QTYVALUE({qty_cell};;"{part}")'))
        # Run 1's cost bounds are at the corners of its inputs.
        low = 6 * 70e9 * 1.8e12 / (312e12 * 0.55) / 3600 * 2
        self.assertTrue(math.isclose(self.number('=QTYVALUE(W1;"USD";"low")'), low, rel_tol=1e-12))
        # A FLOP count, with no range, reads in the 90% reading as the number it is.
        self.sheet.getCellRangeByName("T9").setFormula('=QTY("6 FLOP * 70 billion * 2 trillion")')
        self.assertEqual(self.number('=QTYVALUE(T9;"FLOP";"p95")'), 8.4e23)
        self.assertText("=QTYDIST(T9)", shown(self.sheet.getCellRangeByName("T9").getString()))

    def test_qtysum_totals_the_chain_in_the_reading_asked(self):
        ninety = self.ref_of(self.cell('=QTYSUM(U1:U2;"USD";"90%")'))
        two_chain = self.ref_of(self.cell('=QTYSUM(W1:W2;"USD")'))
        self.assertEqual(shown(self.sheet.getCellRangeByName(ninety).getString()),
                         shown(self.sheet.getCellRangeByName(two_chain).getString()))
        self.assertIn("[90%: ", self.sheet.getCellRangeByName(ninety).getString())
        for part in ("p5", "median", "p95"):
            with self.subTest(part=part):
                self.assertEqual(self.number(f'=QTYVALUE({ninety};"USD";"{part}")'),
                                 self.number(f'=QTYVALUE({two_chain};"USD";"{part}")'))
        bounds = self.ref_of(self.cell('=QTYSUM(W1:W2;"USD";"bounds")'))
        for part in ("low", "high"):
            self.assertEqual(self.number(f'=QTYVALUE({bounds};"USD";"{part}")'),
                             self.number(f'=QTYVALUE(QTYSUM(U1:U2;"USD");"USD";"{part}")'))
        # Cells of two readings with no reading asked: Err:502, and QTYERROR names the argument.
        self.assertErr502('=QTYSUM(U1:W1;"USD")')
        self.assertIn('"90%"', self.sentence("QTYSUM", "U1:W1", '"USD"'))
        self.assertErr502('=QTYSUM(U1:U2;"USD";"75%")')

    def test_the_90_percent_tornado_of_a_qty_result(self):
        # x y with x = 1 to 4 and y = 10 to 90 as 90% intervals (lognormal, medians 2 and 30): x's bar runs from
        # 1 * 30 to 4 * 30 (swing 90), y's from 2 * 10 to 2 * 90 (swing 160). In bounds (midpoints 2.5 and 50),
        # y swings by 80 * 2.5 = 200 and x by 3 * 50 = 150.
        self.sheet.getCellRangeByName("T5").setFormula('=QTY("x * y";;"x";"1 to 4";"y";"10 to 90")')
        self.sheet.getCellRangeByName("T6").setFormula("=QTYDIST(T5)")
        self.doc.calculateAll()
        self.assertText('=QTYTOP("d";1;"d";T6)', "y")
        self.assertValue('=QTYSWING("d";"y";;;"d";T6)', 160, rel=1e-9)
        self.assertValue('=QTYSWING("d";"y";"low";;"d";T6)', 20, rel=1e-9)
        self.assertValue('=QTYSWING("d";"x";;;"d";T6)', 90, rel=1e-9)
        self.assertValue('=QTYSWING("d";"x";"high";;"d";T6)', 120, rel=1e-9)
        self.assertValue('=QTYSWING("b";"y";;;"b";T5)', 200, rel=1e-9)
        # The 90% total of the chain: u matters most, at its 5th and 95th percentiles with the rest at medians.
        total = self.ref_of(self.cell('=QTYSUM(U1:U2;"USD";"90%")'))
        self.assertText(f'=QTYTOP("c";1;"c";{total})', "u")
        median = lambda a, b: math.sqrt(a * b)
        h = lambda params, tokens, u: 6 * params * tokens / (312e12 * u) / 3600
        t1, t2, price = median(1.8e12, 2.2e12), median(13.5e12, 16.5e12), median(2, 3)
        swing_u = price * (h(70e9, t1, 0.35) + h(8e9, t2, 0.35) - h(70e9, t1, 0.55) - h(8e9, t2, 0.55))
        self.assertValue(f'=QTYSWING("c";"u";;"USD";"c";{total})', swing_u, rel=1e-9)

    def ref_of(self, c):
        return c.getPropertyValue("AbsoluteName").split(".")[-1].replace("$", "")


class Pictures(CalcCase):
    """QTYSPARK and QTYBINS: the 90% reading's density, each bin's probability checked against the
    closed-form CDF of the lognormal that `a to b` is in that reading."""

    Z995 = 2.5758293035489004

    def lognormal(self, a, b):
        """The CDF of `a to b` and its 0.5th and 99.5th percentiles."""
        mu, sigma = lognormal_through(a, b)
        cdf = NormalDist(mu, sigma).cdf
        return (lambda x: cdf(math.log(x))), math.exp(mu - self.Z995 * sigma), math.exp(mu + self.Z995 * sigma)

    def test_qtyspark_draws_the_closed_form_density_and_the_90_percent_interval(self):
        cdf, low, high = self.lognormal(48, 86)
        edges = [low + (high - low) * k / 12 for k in range(13)]
        p = [cdf(edges[k + 1]) - cdf(edges[k]) for k in range(12)]
        glyphs = "".join("▁▂▃▄▅▆▇█"[min(7, max(0, math.ceil(8 * v / max(p)) - 1))] for v in p)
        pairs = '"u";"48 million USD to 86 million USD"'
        self.assertText(f'=QTYSPARK("u";"million USD";;{pairs})', glyphs + " 48–86 million USD")
        # A QTYDIST cell is drawn in the unit it shows; the width asked for is the number of glyphs.
        self.sheet.getCellRangeByName("D8").setFormula(f'=QTYDIST("u";"million USD";{pairs})')
        self.assertText("=QTYSPARK(D8)", glyphs + " 48–86 million USD")
        self.assertEqual(len(shown(self.cell("=QTYSPARK(D8;;5)").getString()).split(" ")[0]), 5)

    def test_qtyspark_over_a_column_gives_one_sparkline_per_run(self):
        self.sheet.getCellRangeByName("G10:H12").setDataArray(((1, 3), (10, 30), (100, 300)))
        target = self.sheet.getCellRangeByName("I10:I12")
        target.setArrayFormula('=QTYSPARK("x * 2";;;"x";G10:H12)')
        texts = [shown(row[0]) for row in target.getDataArray()]
        self.assertEqual([t.split(" ", 1)[1] for t in texts], ["2.0–6.0", "20–60", "200–600"], texts)
        # One shape: each run is the same lognormal scaled.
        self.assertEqual(len({t.split(" ")[0] for t in texts}), 1, texts)

    def test_qtybins_gives_rows_of_edges_probabilities_and_cumulative_probabilities(self):
        cdf, low, high = self.lognormal(100, 300)
        target = self.sheet.getCellRangeByName("K1:N20")
        target.setArrayFormula('=QTYBINS("u";;"million USD";"u";"100 million USD to 300 million USD")')
        rows = target.getDataArray()
        self.assertEqual(len(rows), 20)
        self.assertTrue(math.isclose(rows[0][0], low, rel_tol=1e-9), (rows[0], low))
        self.assertTrue(math.isclose(rows[-1][1], high, rel_tol=1e-9), (rows[-1], high))
        for lower, upper, probability, cumulative in rows:
            self.assertAlmostEqual(probability, cdf(upper) - cdf(lower), delta=1e-9)
            self.assertAlmostEqual(cumulative, cdf(upper), delta=1e-9)

    def test_a_result_of_guaranteed_bounds_is_drawn_in_the_90_percent_reading_of_its_recipe(self):
        self.sheet.getCellRangeByName("D9").setFormula('=QTY("(1 to 3) * (2 to 5)")')
        self.sheet.getCellRangeByName("D10").setFormula('=QTYDIST("(1 to 3) * (2 to 5)")')
        self.assertEqual(shown(self.cell("=QTYSPARK(D9)").getString()), shown(self.cell("=QTYSPARK(D10)").getString()))
        self.assertEqual(self.cell('=QTYERROR("QTYSPARK";D9)').getString(), "")
        self.assertErr502('=QTYBINS("1 to 3";0)')
        self.assertErr502('=QTYSPARK("1 to 3";;0)')


class AnyLocale(CalcCase):
    """Run with --locale de-DE too: numbers reach Ballpark as numbers, and QTYERROR agrees with the call."""

    def test_the_profile_locale_is_in_effect(self):
        self.sheet.getCellRangeByName("D1").setValue(1.5)
        joined = self.cell('=D1&""').getString()
        self.assertEqual(joined, "1,5" if (ARGS.locale or "").startswith(("de", "fr")) else "1.5")

    def test_numbers_in_the_expression_are_numbers(self):
        self.sheet.getCellRangeByName("D1").setValue(1.5)
        self.assertValue("=QTYVALUE(D1)", 1.5)
        self.assertValue("=QTYVALUE(D1*2)", 3)
        self.assertText("=QTY(D1)", "1.50")
        self.assertText('=QTYERROR("QTY";D1)', "")
        self.assertText("=QTYERROR(D1)", "")
        now = self.cell("=NOW()").getValue()
        self.assertValue("=QTYVALUE(NOW())", now, rel=1e-6)
        self.assertValue('=QTYVALUE("x * 1 hour";"min";;"x";D1)', 90)

    def test_a_decimal_comma_in_a_text_is_refused_with_a_hint(self):
        self.sheet.getCellRangeByName("D1").setValue(1.5)
        self.assertErr502('=QTY("1,5 hour")')
        self.assertIn("write 1.5, not 1,5", self.sentence("1,5 hour"))
        joined = self.cell('=QTY(D1&" hour")')
        if (ARGS.locale or "").startswith(("de", "fr")):
            self.assertEqual(joined.getError(), ERR_502)
            self.assertIn("write 1.5, not 1,5", self.cell('=QTYERROR(D1&" hour")').getString())
            self.assertIn("write 1.5, not 1,5", self.cell('=QTYERROR("QTY";D1&" hour")').getString())
        else:
            # 1.5 hour, shown in the largest time unit that keeps the number at least 1 (docs/language.md).
            self.assertEqual(shown(joined.getString()), "1.50 hour")


    def test_thousands_separators_are_refused_the_same_way_in_every_locale(self):
        # The truth is Calc's own writing and reading in this locale: TEXT(n; "#,##0") read back by VALUE is n,
        # while Ballpark's decimal point would read a one-group text as n / 1000.
        self.assertErr502('=QTYVALUE(TEXT(1500;"#,##0")&" hour";"hour")')
        for n, words in ((1500, "1.5 thousand"), (12345, None), (1500000, "1.5 million"), (8000000000, "8 billion")):
            written = self.cell(f'=TEXT({n};"#,##0")').getString()
            self.assertEqual(self.cell(f'=VALUE(TEXT({n};"#,##0"))').getValue(), n, written)
            other = written.translate(str.maketrans(".,", ",."))  # the other locales' writing of n
            for text in (written, other):
                self.assertErr502(f'=QTYVALUE("{text} hour";"hour")')
                sentence = self.sentence(f"{text} hour")
                self.assertIn(f"write {n}" if n < 1e6 else f"Write {n}", sentence)
                if words:
                    self.assertIn(words, sentence)
                self.assertNotIn("not 1,5", sentence)

    def test_a_thousands_separator_in_a_column_cell_gets_the_thousands_hint(self):
        self.sheet.getCellRangeByName("D10").setValue(1)
        self.sheet.getCellRangeByName("D11").setFormula('=TEXT(8000000000;"#,##0")')
        self.sheet.getCellRangeByName("D12").setValue(3)
        self.assertErr502('=QTYVALUE("x * 2";;;"x";D10:D12)')
        sentence = self.cell('=QTYERROR("QTYVALUE";"x * 2";;;"x";D10:D12)').getString()
        self.assertIn("Write 8000000000 or 8 billion.", sentence)
        self.assertNotIn("not 1,5", sentence)

    def test_numbers_no_locale_groups_are_read_as_python_reads_them(self):
        for text in ("1.5", "0.125", "1.50", "1.2345", "1234.567", "1.5000"):
            self.assertValue(f'=QTYVALUE("{text}")', float(text), rel=0)


class WizardDescriptions(unittest.TestCase):
    def test_every_function_and_parameter_is_described(self):
        descriptions = OFFICE.create("com.sun.star.sheet.FunctionDescriptions")
        found = {}
        for i in range(descriptions.getCount()):
            entry = {p.Name: p.Value for p in descriptions.getByIndex(i)}
            if entry.get("Name") in FUNCTIONS:
                found[entry["Name"]] = entry
        self.assertEqual(sorted(found), sorted(FUNCTIONS))
        for name, entry in found.items():
            self.assertTrue(entry["Description"].strip(), f"{name} has no description")
            arguments = entry["Arguments"]
            self.assertEqual(len(arguments), FUNCTIONS[name], f"{name} parameters")
            for argument in arguments:
                self.assertTrue(argument.Name.strip(), f"{name} has a parameter without a name")
                self.assertTrue(argument.Description.strip(), f"{name}: {argument.Name} has no description")


ROWS = 1000


def expected_fill(row):
    return 6 * (row + 1) * 1e9 * 2e12 / (A100 * 0.45) / 3600


class FillSaveReload(unittest.TestCase):
    """A thousand rows of add-in formulas, filled down, saved as .ods and read back."""

    @classmethod
    def setUpClass(cls):
        cls.path = OFFICE.path("fill.ods")
        doc = OFFICE.load()
        sheet = doc.Sheets.getByIndex(0)
        sheet.getCellRangeByName(f"A1:A{ROWS}").setDataArray(tuple(((r + 1) * 1e9,) for r in range(ROWS)))
        sheet.getCellRangeByName("B1").setFormula('=GPUHOURS(A1;2E12;"A100";0.35;0.55)')
        sheet.getCellRangeByName("C1").setFormula(
            '=QTYVALUE("6 FLOP * p * tokens / (312 TFLOP/s * 45%)";"hour";;"p";A1;"tokens";"2 trillion")')
        # setFormula on the first row plus fillAuto is linear; setFormulaArray is quadratic in LibreOffice 7.4.
        sheet.getCellRangeByName(f"B1:C{ROWS}").fillAuto(TO_BOTTOM, 1)
        doc.calculateAll()
        cls.before = sheet.getCellRangeByName(f"B1:C{ROWS}").getDataArray()
        doc.storeToURL(_url(cls.path), (prop("FilterName", "calc8"),))
        doc.close(True)
        cls.doc = OFFICE.load(_url(cls.path))
        cls.after = cls.doc.Sheets.getByIndex(0).getCellRangeByName(f"B1:C{ROWS}").getDataArray()

    @classmethod
    def tearDownClass(cls):
        cls.doc.close(True)

    def check(self, rows):
        self.assertEqual(len(rows), ROWS)
        for r, (gpu_hours, qty_value) in enumerate(rows):
            self.assertTrue(math.isclose(gpu_hours, expected_fill(r), rel_tol=1e-6), f"row {r + 1}: {gpu_hours!r}")
            self.assertTrue(math.isclose(qty_value, expected_fill(r), rel_tol=1e-6), f"row {r + 1}: {qty_value!r}")

    def test_every_filled_row_is_right_before_saving(self):
        self.check(self.before)

    def test_every_row_is_right_after_reloading(self):
        self.check(self.after)

    def test_the_file_stores_the_calls_under_the_service_name(self):
        with zipfile.ZipFile(self.path) as ods:
            content = ods.read("content.xml").decode("utf-8")
        self.assertIn("of:=ORG.BALLPARK.CALCADDIN.GPUHOURS([.A1];", content)
        self.assertEqual(content.count("ORG.BALLPARK.CALCADDIN.GPUHOURS("), ROWS)


class ColleagueWithoutTheExtension(unittest.TestCase):
    """What someone sees who opens the saved sheet in a LibreOffice without Ballpark."""

    def test_the_cells_show_name_errors(self):
        saved = OFFICE.path("shared.ods")
        doc = OFFICE.load()
        doc.Sheets.getByIndex(0).getCellRangeByName("B1").setFormula("=GPUHOURS(70E9;2E12;312E12;0.35;0.55)")
        doc.storeToURL(_url(saved), (prop("FilterName", "calc8"),))
        doc.close(True)
        with Office(ARGS.soffice) as plain:
            doc = plain.open_copy(saved, "shared.ods")
            try:
                cell = doc.Sheets.getByIndex(0).getCellRangeByName("B1")
                shown, error, formula = cell.getString(), cell.getError(), cell.getFormula()
            finally:
                doc.close(True)
        print(f"\n    without the extension B1 shows {shown!r} (error {error}), formula {formula!r}", file=sys.stderr)
        self.assertEqual(shown, "#NAME?")
        self.assertEqual(error, 525)  # Calc's code for #NAME?


if __name__ == "__main__":
    sys.exit(office.main(sys.modules[__name__], deadline=280))
