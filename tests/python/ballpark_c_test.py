#!/usr/bin/env python3
"""The Python side of the C interface (addin/python/pythonpath/ballpark_c.py) without LibreOffice: the library's
functions against the IDL, Python-UNO's values (None, numbers, texts, tuples of rows) handed over, arrays read as
tuples of rows, errors raised with their sentences, and every result given back to the library.

    BALLPARK_IDL=build/generated/XBallparkFunctions.idl python3 tests/python/ballpark_c_test.py \
        build/addin/c_api/libballpark_c.so

The IDL is the one the build writes from addin/sheet_table.py (cmake/sheet_table.cmake).
"""

import ctypes
import importlib.util
import math
import os
import re
import sys
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "addin", "python", "pythonpath"))

import ballpark_c  # noqa: E402
from shared_helpers import hours_at  # noqa: E402  (tests/python, this file's folder)

LIBRARY = None
IDL = os.environ.get("BALLPARK_IDL", os.path.join(ROOT, "build", "generated", "XBallparkFunctions.idl"))


def idl_pairs():
    """{method: how many name; value pairs its parameters name1, value1, ... are}, from the IDL."""
    with open(IDL, encoding="utf-8") as f:
        idl = re.sub(r"//[^\n]*", "", f.read())
    return {m: len(re.findall(r"\bname\d+\b", p)) for m, p in re.findall(r"\b(\w+)\s*\(([^)]*)\)", idl)}


PAIRS = idl_pairs()


def gives_texts():
    """The methods whose row in the table of sheet functions (addin/sheet_table.py) returns "texts"."""
    spec = importlib.util.spec_from_file_location("sheet_table", os.path.join(ROOT, "addin", "sheet_table.py"))
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    return {f.method for f in table.FUNCTIONS if f.returns == "texts"}


GIVES_TEXTS = gives_texts()


def uno_call(method, *fixed, pairs=()):
    """A call as Python-UNO hands it to the component: the fixed arguments, then every parameter of the name;
    value pairs, None where no pair was given."""
    return LIBRARY.call_method(method, tuple(fixed) + tuple(pairs) + (None,) * (2 * PAIRS[method] - len(pairs)))
FLOP = 6 * 70e9 * 2e12
A100 = 312e12


class Functions(unittest.TestCase):
    def test_the_methods_are_the_idls_in_order_with_their_parameters(self):
        with open(IDL, encoding="utf-8") as f:
            idl = re.sub(r"//[^\n]*", "", f.read())
        declared = [(m, r, p) for r, m, p in re.findall(r"(double|string|any)\s+(\w+)\s*\(([^)]*)\)", idl)]
        self.assertEqual([m for m, _, _ in declared], list(LIBRARY.functions))
        for method, result, parameters in declared:
            f = LIBRARY.functions[method]
            pairs = PAIRS[method]
            # A function whose row returns "texts" (QTY, QTYDIST, QTYSPARK) is `any` in the IDL for a column of
            # texts; one call's result is still a text.
            self.assertEqual(f.returns_text, result == "string" or method in GIVES_TEXTS, method)
            self.assertEqual(f.takes_pairs, pairs > 0, method)
            self.assertEqual(f.parameters + 2 * pairs, parameters.count("[in]"), method)

    def test_the_version_is_checked(self):
        self.assertEqual(ballpark_c.VERSION, 3)
        old, ballpark_c.VERSION = ballpark_c.VERSION, 99
        try:
            with self.assertRaises(ballpark_c.BallparkError) as caught:
                ballpark_c.Library(LIBRARY.path)
            self.assertIn("version 3 of Ballpark's C interface, but this adapter was written for version 99",
                          caught.exception.sentence)
        finally:
            ballpark_c.VERSION = old


KEY = re.compile("\u2063[\ufe00-\ufe0f]{24}$")

# Four runs, the third row blank: p one value per row, t a low and a high per row, u shared by every row. p * t / u is
# lowest at t's low and u's high end, highest at t's high and u's low end.
COLUMN_PAIRS = ("p", ((2,), (3,), (None,), (5,)), "t", ((1, 2), (10, "20"), (None, None), (100, 200)), "u", ((0.5, 1),))
LOWS, HIGHS = (2 * 1 / 1, 3 * 10 / 1, None, 5 * 100 / 1), (2 * 2 / 0.5, 3 * 20 / 0.5, None, 5 * 200 / 0.5)


class Arrays(unittest.TestCase):
    """Arrays of cells as tuples of rows: a column of models, several parts."""

    def part(self, text, part):
        return uno_call("qtyValue", text, None, part)

    def test_several_parts_are_one_row(self):
        expression = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u)"
        (row,) = uno_call("qtyValue", expression, "hour", "low central high", pairs=("u", ((0.35, 0.55),)))
        for got, wanted in zip(row, (hours_at(0.55), hours_at(0.45), hours_at(0.35))):
            self.assertTrue(math.isclose(got, wanted, rel_tol=1e-12), (row, wanted))

    def test_qtyvalue_over_a_column_is_rows_times_parts_with_the_blank_row_empty(self):
        rows = uno_call("qtyValue", "p * t / u", None, "low high", pairs=COLUMN_PAIRS)
        self.assertEqual(len(rows), 4)
        self.assertEqual(rows[2], (None, None))
        for k in (0, 1, 3):
            self.assertTrue(math.isclose(rows[k][0], LOWS[k], rel_tol=1e-12), rows)
            self.assertTrue(math.isclose(rows[k][1], HIGHS[k], rel_tol=1e-12), rows)

    def test_qty_over_a_column_is_a_text_per_row_each_read_back_as_its_rows_result(self):
        rows = uno_call("qty", "p * t / u", None, pairs=COLUMN_PAIRS)
        self.assertEqual([len(row) for row in rows], [1, 1, 1, 1])
        self.assertIsNone(rows[2][0])
        self.assertEqual(KEY.sub("", rows[0][0]), "4.0 [2.0, 8.0]")
        for k in (0, 1, 3):
            text = rows[k][0]
            self.assertTrue(KEY.search(text), text)
            self.assertTrue(math.isclose(self.part(text, "low"), LOWS[k], rel_tol=1e-12), text)
            self.assertTrue(math.isclose(self.part(text, "high"), HIGHS[k], rel_tol=1e-12), text)
        # Rows 1 and 2 read together share u: 2 t1 / (3 t2) runs from 2/60 to 4/30 (independent u: 1/60 to 8/30).
        ratio = uno_call("qtyValue", "a / b", None, "low high", pairs=("a", rows[0][0], "b", rows[1][0]))
        self.assertTrue(all(math.isclose(g, w, rel_tol=1e-12) for g, w in zip(ratio[0], (2 / 60, 4 / 30))), ratio)

    def test_qtydist_over_a_column_is_a_text_per_row_in_the_ninety_percent_reading(self):
        rows = uno_call("qtyDist", "x", None, pairs=("x", ((1, 100), (10, 1000))))
        for (text,), (low, high) in zip(rows, ((1, 100), (10, 1000))):
            self.assertIn("[90%: ", text)
            self.assertTrue(math.isclose(self.part(text, "median"), math.sqrt(low * high), rel_tol=1e-9), text)
            self.assertTrue(math.isclose(self.part(text, "p5"), low, rel_tol=1e-9), text)
            self.assertTrue(math.isclose(self.part(text, "p95"), high, rel_tol=1e-9), text)

    def test_an_error_in_one_row_is_the_calls_error_naming_the_row(self):
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            uno_call("qty", "t * 2", None, pairs=("t", ((1,), (2,), (3,), ("4 flurbs",))))
        self.assertTrue(caught.exception.sentence.startswith("Row 4 of the columns: "), caught.exception.sentence)
        self.assertIn("flurbs", caught.exception.sentence)

    def test_an_error_carries_its_kind_beside_its_sentence(self):
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            LIBRARY.call("QTY", ["3 flurbs"])
        self.assertEqual(caught.exception.kind, "unknown_unit")
        self.assertIn("flurbs", caught.exception.sentence)
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            LIBRARY.call("QTY", ["2 hour + 3 kg"])
        self.assertEqual(caught.exception.kind, "dimension")
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            LIBRARY.call("NOSUCHFUNCTION", [])
        self.assertEqual(caught.exception.kind, "unknown_name")

    def test_cells_of_every_kind_are_read(self):
        """The reader on an array made here, as the header lays it out: a number, a text, an empty cell, and an error
        cell, which fails the call with its sentence (no function gives one yet, ballpark_c.h)."""
        texts = [ctypes.create_string_buffer(b) for b in ("µs".encode("utf-8"), b"Row 2 is wrong.")]
        cells = (ballpark_c._Cell * 4)(
            ballpark_c._Cell(ballpark_c.CELL_NUMBER, 1.5, None, 0),
            ballpark_c._Cell(ballpark_c.CELL_TEXT, 0, ctypes.cast(texts[0], ctypes.c_void_p), len(texts[0].value)),
            ballpark_c._Cell(ballpark_c.CELL_EMPTY, 0, None, 0),
            ballpark_c._Cell(ballpark_c.CELL_NUMBER, -2.0, None, 0))
        result = ballpark_c._Result(ballpark_c.RESULT_ARRAY, 0, None, 0, cells, 2, 2)
        self.assertEqual(ballpark_c._array(result), ((1.5, "µs"), (None, -2.0)))
        cells[3] = ballpark_c._Cell(ballpark_c.CELL_ERROR, 0, ctypes.cast(texts[1], ctypes.c_void_p), 15)
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            ballpark_c._array(result)
        self.assertEqual(caught.exception.sentence, "Row 2 is wrong.")

    def test_every_result_is_given_back_once(self):
        """ballpark_result_free after every call, arrays and errors included (the library's own tests check under
        AddressSanitizer that it then gives back every cell)."""
        freed = []
        real = LIBRARY._lib.ballpark_result_free

        def free(result):  # given ctypes.byref(the result)
            freed.append(result._obj.kind)
            real(result)

        LIBRARY._lib.ballpark_result_free = free
        try:
            uno_call("qty", "p * t / u", None, pairs=COLUMN_PAIRS)
            uno_call("qtyValue", "u", None, "low high", pairs=("u", ((1, 2),)))
            with self.assertRaises(ballpark_c.BallparkError):
                uno_call("qty", "t", None, pairs=("t", ((1,), (2,), (3,), ("x y z",))))
            LIBRARY.call_method("qtyDim", ("2 hour",))
        finally:
            LIBRARY._lib.ballpark_result_free = real
        self.assertEqual(freed, [ballpark_c.RESULT_ARRAY, ballpark_c.RESULT_ARRAY, ballpark_c.RESULT_ERROR,
                                 ballpark_c.RESULT_TEXT])


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
        self.assertEqual(re.sub("\u2063[\ufe00-\ufe0f]{24}$", "", uno_call("qty", "90 min", "hour")),
                         "1.50 hour")

    def test_pairs_and_ranges_as_tuples_of_rows(self):
        expression = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u)"
        self.assertClose(uno_call("qtyValue", expression, "hour", "high", pairs=("u", ((0.35, 0.55),))),
                         hours_at(0.35))
        self.assertClose(uno_call("qtyValue", expression, "hour", None, pairs=("u", ((0.35, 0.4, "55%"),))),
                         hours_at(0.4))
        self.assertEqual(uno_call("qtyValue", "u", None, None, pairs=("u", ((0.45,),))), 0.45)
        # Two rows of two cells are a column; a short row's missing cell is empty, and a row with an empty end is
        # refused with a sentence that names the row.
        with self.assertRaises(ballpark_c.BallparkError) as caught:
            uno_call("qtyValue", "u", None, None, pairs=("u", ((0.35, 0.55), (0.6,))))
        self.assertIn("Row 2 of the columns", caught.exception.sentence)
        # The rows reduced to one number are a number; a column of results is an array (class Arrays).
        self.assertClose(uno_call("qtyValue", "max(u)", None, "high", pairs=("u", ((0.35, 0.55), (0.6, 0.7)))), 0.7)
        self.assertEqual(uno_call("qtyValue", "u", None, None, pairs=("u", ((1, 2), (3, 5)))), ((1.5,), (4.0,)))

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
