#!/usr/bin/env python3
"""addin/generate_declarations.py against the table addin/sheet_table.py, without LibreOffice: the methods saved
sheets store keep their names and parameters, a row that cannot be declared stops the build with a sentence that
names it, and the number of pairs and the languages are each one setting of the table.

    python3 tests/python/generate_declarations_test.py
"""

import copy
import os
import pathlib
import re
import sys
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "addin"))

import generate_declarations as generate  # noqa: E402

TABLE_FILE = os.path.join(ROOT, "addin", "sheet_table.py")
TABLE = generate.load(TABLE_FILE)


def fresh():
    """A copy of the table to change."""
    return generate.load(TABLE_FILE)

# The methods as every saved sheet calls them (of:=ORG.BALLPARK.CALCADDIN.<METHOD>(arguments in order)), with the
# parameters before the name; value pairs, as they were declared when these functions were first saved: a new
# function comes after them, and none of them may change.
SAVED = [
    ("double", "gpuHours", "any params, any tokens, any peak, any utilLo, any utilHi, any unit, any part", False),
    ("double", "unitConvert", "any value, any fromUnit, string toUnit", False),
    ("any", "qty", "any expression, any unit", True),
    ("any", "qtyValue", "any expression, any unit, any part", True),
    ("string", "qtyError", "any expression, any unit", True),
    ("string", "qtyDim", "any expression", False),
    ("double", "trainingFlop", "any params, any tokens, any flopPerParamToken, any part", False),
    ("double", "impliedUtil", "any gpuHours, any params, any tokens, any peak", False),
    ("double", "accelPeak", "string name, any precision", False),
    ("any", "qtyDist", "any expression, any unit", True),
    # reading was added at the end: a call saved with two arguments passes it empty, its old meaning.
    ("string", "qtySum", "any values, any unit, any reading", False),
    ("double", "qtySwing", "any expression, any input, any end, any unit", True),
    ("string", "qtyTop", "any expression, any rank", True),
    ("string", "qtyText", "any value, any unit, any digits", False),
    ("string", "qtyInputs", "any value", False),
]


def idl_methods(text):
    """[(result, method, [(type, name)])] of an IDL text."""
    text = re.sub(r"//[^\n]*", "", text)
    return [(result, method, re.findall(r"\[in\]\s+(\w+)\s+(\w+)", parameters))
            for result, method, parameters in re.findall(r"(double|string|any)\s+(\w+)\s*\(([^)]*)\)", text)]


def refusal(table):
    """The sentence the generator stops with for `table`."""
    with unittest.TestCase().assertRaises(SystemExit) as caught:
        generate.check(table)
    return str(caught.exception.code)


class Idl(unittest.TestCase):
    def test_the_saved_methods_keep_their_names_and_parameters(self):
        methods = idl_methods(generate.idl(TABLE))
        self.assertGreaterEqual(len(methods), len(SAVED))
        for (result, method, fixed, pairs), (written_result, written_method, parameters) in zip(SAVED, methods):
            self.assertEqual((written_result, written_method), (result, method))
            fixed = [tuple(p.split()) for p in fixed.split(", ")]
            self.assertEqual(parameters[:len(fixed)], fixed, method)
            rest = parameters[len(fixed):]
            self.assertEqual(bool(rest), pairs, method)
            self.assertEqual(rest, [("any", f"{kind}{k}") for k in range(1, len(rest) // 2 + 1)
                                    for kind in ("name", "value")], method)

    def test_qtyerror_has_two_pairs_more_than_the_others(self):
        counts = {m: sum(1 for _, n in p if n.startswith("name")) for _, m, p in idl_methods(generate.idl(TABLE))}
        self.assertEqual(counts["qtyError"], counts["qty"] + 2)
        self.assertEqual({counts[m] for m in ("qty", "qtyValue", "qtyDist", "qtySwing", "qtyTop")}, {counts["qty"]})

    def test_the_number_of_pairs_is_one_setting(self):
        table = fresh()
        for f in table.FUNCTIONS:
            if f.pairs:
                f.pairs.count = 3 if not f.explains else 5
        methods = {m: p for _, m, p in idl_methods(generate.idl(table))}
        self.assertEqual(methods["qtyValue"][-2:], [("any", "name3"), ("any", "value3")])
        self.assertEqual(methods["qtyError"][-1], ("any", "value5"))
        xcu = generate.xcu(table)
        self.assertIn('<node oor:name="value3" oor:op="replace">', xcu)
        self.assertNotIn('<node oor:name="name6" oor:op="replace">', xcu)
        self.assertIn("Up to 3 name; value pairs", xcu)


class ShortTwins(unittest.TestCase):
    """QTY, QTYVALUE and QTYDIST have fewer pairs under new methods; the methods saved sheets hold keep sixteen."""

    def test_each_short_function_has_a_twin_with_sixteen_pairs_under_the_saved_method(self):
        methods = {m: p for _, m, p in idl_methods(generate.idl(TABLE))}
        by_name = {f.name: f for f in TABLE.FUNCTIONS}
        for name, saved in (("QTY", "qty"), ("QTYVALUE", "qtyValue"), ("QTYDIST", "qtyDist")):
            short, longer = by_name[name], by_name[name + "16"]
            self.assertEqual(longer.method, saved)
            self.assertEqual(short.same_as, saved)
            self.assertEqual(short.pairs.count, TABLE.FEW_PAIRS)
            self.assertLess(short.pairs.count, longer.pairs.count)
            fixed = len(short.parameters)
            # The same parameters before the pairs, and pairs name1..nameK after them.
            self.assertEqual(methods[short.method][:fixed], methods[saved][:fixed])
            self.assertEqual(methods[short.method][fixed:], methods[saved][fixed:fixed + 2 * TABLE.FEW_PAIRS])
            self.assertEqual(len(methods[saved]) - fixed, 2 * TABLE.PAIRS)

    def test_the_short_methods_come_after_every_saved_one(self):
        order = [m for _, m, _ in idl_methods(generate.idl(TABLE))]
        self.assertEqual(order[-3:], ["qty6", "qtyValue6", "qtyDist6"])

    def test_the_wizard_names_the_twin_that_takes_more(self):
        xcu = generate.xcu(TABLE)
        short = xcu[xcu.index('<node oor:name="qtyValue6" oor:op="replace">'):]
        self.assertIn("Up to 6 name; value pairs; leave the ones after the last empty. For more, use QTYVALUE16.",
                      short[:short.index('<node oor:name="value1"')])
        longer = xcu[xcu.index('<node oor:name="qtyValue" oor:op="replace">'):]
        self.assertIn('<value xml:lang="en-US">QTYVALUE16</value>', longer[:300])
        self.assertIn("QTYVALUE with up to 16 name; value pairs instead of 6", longer[:1000])

    def test_a_twin_of_another_shape_is_refused(self):
        table = fresh()
        short = next(f for f in table.FUNCTIONS if f.name == "QTY")
        short.same_as = "gpuHours"
        self.assertIn("QTY (method qty6) shares the implementation of gpuHours, which should be a function with the "
                      "same parameters", refusal(table))


class Xcu(unittest.TestCase):
    def test_every_parameter_of_every_method_has_a_node_with_a_description(self):
        xcu = generate.xcu(TABLE)
        for _, method, parameters in idl_methods(generate.idl(TABLE)):
            start = xcu.index('<node oor:name="Parameters">', xcu.index(f'<node oor:name="{method}" oor:op="replace">'))
            end = xcu.index('\n        </node>', start)
            nodes = re.findall(r'<node oor:name="(\w+)" oor:op="replace">\s*<prop oor:name="DisplayName">'
                               r'<value xml:lang="en-US">[^<]+</value></prop>\s*<prop oor:name="Description">'
                               r'<value xml:lang="en-US">[^<]+</value>', xcu[start:end])
            self.assertEqual(nodes, [name for _, name in parameters], method)

    def test_a_second_language_is_written_beside_the_first(self):
        table = fresh()
        table.LANGUAGES = ("en-US", "de-DE")
        texts = [table.PAIR_NAME, table.MORE_PAIRS] + [f.description for f in table.FUNCTIONS]
        texts += [p.description for f in table.FUNCTIONS for p in f.parameters]
        texts += [f.pairs.value for f in table.FUNCTIONS if f.pairs]
        for text in texts:
            text["de-DE"] = "Deutsch " + text["en-US"]
        generate.check(table)
        xcu = generate.xcu(table)
        self.assertIn('<value xml:lang="en-US">QTY</value><value xml:lang="de-DE">QTY</value>', xcu)
        self.assertIn('<value xml:lang="de-DE">Deutsch The value of name2', xcu)

    def test_texts_are_escaped(self):
        table = fresh()
        table.FUNCTIONS[0].description["en-US"] = "a < b & c"
        self.assertIn("a &lt; b &amp; c", generate.xcu(table))


class Refusals(unittest.TestCase):
    def test_a_missing_language_names_the_row(self):
        table = fresh()
        table.LANGUAGES = ("en-US", "de-DE")
        self.assertIn("PAIR_NAME should give its text in exactly the languages en-US, de-DE", refusal(table))
        table.PAIR_NAME["de-DE"] = "Name"
        self.assertIn("The description of GPUHOURS should give its text in exactly the languages", refusal(table))

    def test_two_rows_of_one_method_are_refused(self):
        table = fresh()
        table.FUNCTIONS = table.FUNCTIONS + (copy.deepcopy(table.FUNCTIONS[0]),)
        table.FUNCTIONS[-1].name = "GPUHOURS2"
        self.assertIn("gpuHours is the name or method of two functions.", refusal(table))

    def test_an_unknown_type_is_refused(self):
        table = fresh()
        table.FUNCTIONS[1].parameters[2].type = "long"
        self.assertIn("UNITCONVERT's toUnit has the type \"long\"", refusal(table))
        table = fresh()
        table.FUNCTIONS[1].returns = "double"
        self.assertIn("UNITCONVERT returns \"double\", which is none of number, text, numbers, texts.", refusal(table))

    def test_an_empty_description_is_refused(self):
        table = fresh()
        table.FUNCTIONS[5].parameters[0].description["en-US"] = " "
        self.assertIn("QTYDIM's expression has an empty text in en-US.", refusal(table))

    def test_a_parameter_of_no_meaning_is_refused(self):
        table = fresh()
        table.FUNCTIONS[0].parameters[3].meaning = "percentage"
        self.assertIn("GPUHOURS's utilLo means 'percentage', which is none of the table's MEANINGS", refusal(table))

    def test_a_row_needs_its_implementation_and_examples_of_its_own(self):
        table = fresh()
        table.ROWS[1].implementation = None
        self.assertIn("UNITCONVERT should name the function of the sheet layer it runs", refusal(table))
        table = fresh()
        table.ROWS[1].examples[0].formula = '=QTYDIM("1 hour")'
        self.assertIn("UNITCONVERT's example '=QTYDIM(\"1 hour\")' should be a call of UNITCONVERT", refusal(table))
        table = fresh()
        table.ROWS[1].examples[0].text = "0.312"
        self.assertIn("should give its result as one of a number, a text or an error", refusal(table))
        table = fresh()
        table.ROWS[1].examples = ()
        self.assertIn("UNITCONVERT should have at least one example", refusal(table))

    def test_the_calls_of_twins_are_one_function(self):
        calls = generate.calls_header(TABLE)
        self.assertIn("    {Id::qtyValue, run_qtyValue},\n", calls)
        self.assertIn("    {Id::qtyValue6, run_qtyValue},\n", calls)
        self.assertIn("    {Id::qtyError, nullptr},\n", calls)
        self.assertIn("return answer(unit_convert(a[0], a[1], text_of(a[2])));", calls)


class TypedView(unittest.TestCase):
    def test_an_argument_arrives_read_by_its_meaning(self):
        calls = generate.calls_header(TABLE)
        # A part is read into the parsed part before GPUHOURS runs, and its implementation receives a Pick.
        self.assertIn("        auto part_read = need(read_part(part));\n", calls)
        self.assertIn('return typed::gpu_hours("GPUHOURS", params, tokens, peak, util_lo, util_hi, unit,', calls)
        self.assertIn("auto part_read = need(read_parts(part));", calls)
        self.assertIn('auto reading_read = need(read_reading(reading, "reading"));', calls)
        self.assertIn('need(read_whole(bins, "QTYBINS", "bins", qty_bins_default, qty_bins_max))', calls)
        self.assertIn('need(read_figures(digits, "QTYTEXT", "digits"))', calls)
        typed = generate.typed_header(TABLE)
        self.assertIn("const Arg& util_lo, const Arg& util_hi, const Arg& unit, Pick part) noexcept;", typed)
        self.assertIn("std::optional<Mode> reading) noexcept;", typed)
        self.assertIn("Result<std::string> qty_top(std::string_view function, const Arg& expression, std::size_t rank,",
                      typed)

    def test_a_row_with_nothing_to_read_calls_its_implementation_directly(self):
        calls = generate.calls_header(TABLE)
        # UNITCONVERT reads no argument by meaning: no second layer catches what its implementation catches itself.
        self.assertIn("std::string_view to_unit) noexcept {\n"
                      '    return typed::unit_convert("UNITCONVERT", value, from_unit, to_unit);\n}\n', calls)
        self.assertIn("    return capture_errors([&]() -> Result<double> {\n        auto part_read", calls)
        self.assertIn("std::string_view to_unit) noexcept;", generate.typed_header(TABLE))

    def test_every_implementation_catches_its_own_errors(self):
        # An implementation is noexcept: whatever it throws must become its Result, or Calc would be stopped.
        sources = sorted((pathlib.Path(ROOT) / "addin" / "sheet").glob("*.cpp"))
        found = 0
        for source in sources:
            text = source.read_text(encoding="utf-8")
            for match in re.finditer(r"\nResult<[^\n]*?> typed::(\w+)\([^)]*\) noexcept \{\n(.*)\n", text):
                found += 1
                self.assertRegex(match.group(2), r"^    return capture_errors\(",
                                 f"typed::{match.group(1)} in {source.name} should begin with capture_errors")
        self.assertEqual(found, len([f for f in TABLE.FUNCTIONS if not f.explains and not f.same_as]))

    def test_a_function_with_twins_is_named_as_calc_shows_it(self):
        calls = generate.calls_header(TABLE)
        self.assertIn('return typed::qty_cells("QTY", expression, unit, pairs);', calls)
        self.assertNotIn('"QTY16"', calls)

    def test_a_changed_meaning_changes_what_the_implementation_receives(self):
        table = fresh()
        rank = table.ROWS[[f.name for f in table.ROWS].index("QTYTOP")].parameters[1]
        rank.meaning = "expression"
        self.assertIn("const Arg& rank,", generate.typed_header(table))
        self.assertNotIn("read_rank(", generate.calls_header(table))

    def test_a_whole_number_needs_its_limits(self):
        table = fresh()
        table.ROWS[[f.name for f in table.ROWS].index("QTYBINS")].parameters[1].limits = None
        self.assertIn("QTYBINS's bins should give its limits (fallback, most) if and only if it means 'whole'",
                      refusal(table))
        table = fresh()
        table.ROWS[[f.name for f in table.ROWS].index("UNITCONVERT")].parameters[2].meaning = "part"
        self.assertIn("UNITCONVERT's toUnit means 'part', which is read from an `any` parameter", refusal(table))

    def test_the_declarations_are_the_rows(self):
        declarations = generate.declarations_header(TABLE)
        declared = re.findall(r"^Result<[^>]+> (\w+)\(", declarations, re.M)
        self.assertEqual(declared, [f.implementation for f in TABLE.FUNCTIONS if not f.explains and not f.same_as])
        self.assertIn("Result<double> training_flop(const Arg& params, const Arg& tokens, "
                      "const Arg& flop_per_param_token = {},\n", declarations)
        # Before the pairs no parameter has a default: they are Calc's arguments in order.
        self.assertIn("Result<SheetValue> qty_value_cells(const Arg& expression, const Arg& unit, const Arg& part,\n",
                      declarations)


class PythonComponent(unittest.TestCase):
    def test_its_list_is_the_tables(self):
        namespace = {}
        exec(generate.python_functions(TABLE), namespace)  # noqa: S102  (the generator's own output)
        self.assertEqual([m[0] for m in namespace["METHODS"]], [f.method for f in TABLE.FUNCTIONS])
        self.assertEqual(namespace["METHODS"][3], ("qtyValue", "QTYVALUE16", 3, 16))
        self.assertIn(("qtyValue6", "QTYVALUE", 3, 6), namespace["METHODS"])
        self.assertEqual(namespace["EXPLAINS"], "qtyError")


if __name__ == "__main__":
    unittest.main()
