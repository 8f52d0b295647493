#!/usr/bin/env python3
"""The Python side of the C interface (addin/python/pythonpath/ballpark_c.py) without LibreOffice: the library's
functions against the IDL, Python-UNO's values (None, numbers, texts, tuples of rows) handed over, and errors
raised with their sentences.

    python3 tests/python/ballpark_c_test.py build/addin/c_api/libballpark_c.so
"""

import math
import os
import re
import sys
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "addin", "python", "pythonpath"))

import ballpark_c  # noqa: E402

LIBRARY = None


def idl_pairs():
    """{method: how many name; value pairs its parameters name1, value1, ... are}, from the IDL."""
    with open(os.path.join(ROOT, "idl", "XBallparkFunctions.idl"), encoding="utf-8") as f:
        idl = re.sub(r"//[^\n]*", "", f.read())
    return {m: len(re.findall(r"\bname\d+\b", p)) for m, p in re.findall(r"\b(\w+)\s*\(([^)]*)\)", idl)}


PAIRS = idl_pairs()


def uno_call(method, *fixed, pairs=()):
    """A call as Python-UNO hands it to the component: the fixed arguments, then every parameter of the name;
    value pairs, None where no pair was given."""
    return LIBRARY.call_method(method, tuple(fixed) + tuple(pairs) + (None,) * (2 * PAIRS[method] - len(pairs)))
FLOP = 6 * 70e9 * 2e12
A100 = 312e12


def hours_at(utilization):
    return FLOP / (A100 * utilization) / 3600


class Functions(unittest.TestCase):
    def test_the_methods_are_the_idls_in_order_with_their_parameters(self):
        with open(os.path.join(ROOT, "idl", "XBallparkFunctions.idl"), encoding="utf-8") as f:
            idl = re.sub(r"//[^\n]*", "", f.read())
        declared = [(m, r, p) for r, m, p in re.findall(r"(double|string|any)\s+(\w+)\s*\(([^)]*)\)", idl)]
        self.assertEqual([m for m, _, _ in declared], list(LIBRARY.functions))
        for method, result, parameters in declared:
            f = LIBRARY.functions[method]
            pairs = PAIRS[method]
            # QTY and QTYDIST return `any` for a column of texts; one call's result is still a text.
            self.assertEqual(f.returns_text, result == "string" or method in ("qty", "qtyDist"), method)
            self.assertEqual(f.takes_pairs, pairs > 0, method)
            self.assertEqual(f.parameters + 2 * pairs, parameters.count("[in]"), method)

    def test_the_version_is_checked(self):
        self.assertEqual(ballpark_c.VERSION, 2)
        old, ballpark_c.VERSION = ballpark_c.VERSION, 99
        try:
            with self.assertRaises(ballpark_c.BallparkError) as caught:
                ballpark_c.Library(LIBRARY.path)
            self.assertIn("version 2 of Ballpark's C interface, but this adapter was written for version 99",
                          caught.exception.sentence)
        finally:
            ballpark_c.VERSION = old


class Calls(unittest.TestCase):
    """Arguments as Python-UNO hands them to the component: fixed ones, then the pairs' parameters."""

    def assertClose(self, got, wanted):
        self.assertTrue(math.isclose(got, wanted, rel_tol=1e-12), f"{got!r} is not {wanted!r}")

    def test_numbers_texts_and_omitted_arguments(self):
        hours = LIBRARY.call_method("gpuHours", (70e9, 2e12, "A100", 0.35, 0.55, None, "high"))
        self.assertIsInstance(hours, float)
        self.assertClose(hours, hours_at(0.35))
        self.assertEqual(LIBRARY.call_method("trainingFlop", (70e9, 2 * 10**12, None, None)), FLOP)  # an int too
        # A result text ends with its recipe's key, which prints as nothing (ballpark_c.h).
        self.assertEqual(re.sub("\u2060[\ufe00-\ufe0f]{16}$", "", uno_call("qty", "90 min", "hour")),
                         "1.50 hour")

    def test_pairs_and_ranges_as_tuples_of_rows(self):
        expression = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u)"
        self.assertClose(uno_call("qtyValue", expression, "hour", "high", pairs=("u", ((0.35, 0.55),))),
                         hours_at(0.35))
        self.assertClose(uno_call("qtyValue", expression, "hour", None, pairs=("u", ((0.35,), (0.4,), ("55%",)))),
                         hours_at(0.4))
        self.assertEqual(uno_call("qtyValue", "u", None, None, pairs=("u", ((0.45,),))), 0.45)
        # Two rows of two cells are a column; a short row's missing cell is empty, and a row with an empty end is
        # refused with a sentence that names the row.
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            uno_call("qtyValue", "u", None, None, pairs=("u", ((0.35, 0.55), (0.6,))))
        self.assertIn("Row 2 of the columns", caught.exception.sentence)
        # The rows reduced to one number come back through the C interface; a column of results is refused.
        self.assertClose(uno_call("qtyValue", "max(u)", None, "high", pairs=("u", ((0.35, 0.55), (0.6, 0.7)))), 0.7)
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            uno_call("qtyValue", "u", None, None, pairs=("u", ((0.35, 0.55), (0.6, 0.7))))
        self.assertIn("a column of 2 rows", caught.exception.sentence)

    def test_texts_beyond_ascii_go_over_as_utf8(self):
        self.assertEqual(LIBRARY.call_method("qtyDim", ("3 µs",)), "time")
        sentence = uno_call("qtyError", "😀", None)
        self.assertIn("😀", sentence)

    def test_errors_raise_the_sentence_qtyerror_returns(self):
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            uno_call("qty", "2 hour + 3 kg", None)
        self.assertIn("mass", caught.exception.sentence)
        self.assertEqual(uno_call("qtyError", "2 hour + 3 kg", None), caught.exception.sentence)
        self.assertEqual(uno_call("qtyError", "QTYDIM", "2 flurbs"),
                         "QTYDIM: " + LIBRARY.call("QTYERROR", ["2 flurbs"]))

    def test_values_python_uno_never_hands_over_are_refused_with_a_sentence(self):
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            LIBRARY.call_method("qtyDim", (True,))
        self.assertEqual(caught.exception.sentence, "Argument 1 has the type bool, which Ballpark cannot read.")
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            uno_call("qty", "x", None, pairs=("x", ((object(),),)))
        self.assertIn("A cell of argument 4 has the type object", caught.exception.sentence)


if __name__ == "__main__":
    LIBRARY = ballpark_c.Library(os.path.abspath(sys.argv.pop(1)))
    unittest.main()
