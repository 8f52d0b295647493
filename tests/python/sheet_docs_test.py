#!/usr/bin/env python3
"""addin/sheet_docs.py against the table addin/sheet_table.py, without LibreOffice: the documentation agrees with
the table, a new row is written into every list the table writes, and the lists in sentences that lack it are
named.

    python3 tests/python/sheet_docs_test.py
"""

import copy
import os
import sys
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "addin"))

import generate_declarations  # noqa: E402
import sheet_docs  # noqa: E402

TABLE_FILE = os.path.join(ROOT, "addin", "sheet_table.py")


class SheetDocs(unittest.TestCase):
    def test_the_documentation_agrees_with_the_table(self):
        table = generate_declarations.load(TABLE_FILE)
        for path, (now, new) in sheet_docs.written(table, ROOT).items():
            self.assertEqual(now, new, f"{path}: run addin/sheet_docs.py --write")
        self.assertEqual(sheet_docs.checked(table, ROOT), [])

    def test_a_new_row_is_missing_from_every_list(self):
        table = generate_declarations.load(TABLE_FILE)
        # A copy of QTYBINS's row, added after every row; the lists then name one function more than the table has.
        bins = next(r for r in table.ROWS if r.name == "QTYBINS")
        count = sheet_docs.number_word(len(table.ROWS) + 1)
        last = table.ROWS[-1].name
        row = copy.deepcopy(bins)
        row.name, row.method = "QTYFOO", "qtyFoo"
        row.examples = tuple(copy.copy(e) for e in row.examples)
        for example in row.examples:
            example.formula = example.formula.replace("=QTYBINS(", "=QTYFOO(")
        table.ROWS = table.ROWS + (row,)
        written = sheet_docs.written(table, ROOT)
        now, new = written["README.md"]
        self.assertIn(f"adds {count} sheet functions", new)
        now, new = written["docs/addin.md"]
        self.assertIn(f"adds {count} sheet functions", new)
        self.assertIn("| `QTYFOO(value; [bins]; [unit]; [name; value; …])` | `=QTYFOO(", new)
        self.assertIn(f'`"{last}"`, `"QTYFOO"`;\n  case does not matter)', new)
        now, new = written["addin/sheet/README.md"]
        self.assertIn("`pictures.cpp` (QTYSPARK, QTYBINS, QTYFOO)", new)
        # Its summary, after its name, in both lists of what each function gives; with the typography of each.
        summary = table.ROWS[-2].summary
        now, new = written["README.md"]
        self.assertIn(f"- `{last}`: {summary}.\n- `QTYFOO`: a result's distribution as bins for a chart.\n\n", new)
        now, new = written["registry/description-en.txt"]
        self.assertIn("\nQTYFOO: a result's distribution as bins for a chart.\n\n", new)
        self.assertEqual(sheet_docs.checked(table, ROOT), [])

    def test_a_row_says_what_it_gives(self):
        table = generate_declarations.load(TABLE_FILE)
        bins = next(r for r in table.ROWS if r.name == "QTYBINS")
        bins.summary = None
        with self.assertRaises(SystemExit) as refused:
            generate_declarations.check(table)
        self.assertIn("QTYBINS should say what it gives", str(refused.exception))
        bins.summary = "a long line " * 12
        new = sheet_docs.written(table, ROOT)["README.md"][1]
        item = new[new.index("- `QTYBINS`:"):new.index("\n- `", new.index("- `QTYBINS`:"))]
        self.assertTrue(all(len(line) <= sheet_docs.WIDTH for line in item.split("\n")), item)
        self.assertTrue(all(line.startswith("  ") for line in item.split("\n")[1:]), item)

    def test_a_function_documented_twice_is_refused(self):
        table = generate_declarations.load(TABLE_FILE)
        real = sheet_docs.read

        def with_a_second_signature(root, path):
            text = real(root, path)
            if path == "docs/addin.md":
                text += "\n- **TRAININGFLOP(params; tokens)** gives the compute.\n"
            return text

        sheet_docs.read = with_a_second_signature
        try:
            problems = sheet_docs.checked(table, ROOT)
        finally:
            sheet_docs.read = real
        self.assertEqual(problems, ["docs/addin.md gives TRAININGFLOP 2 signatures; only the table of functions, "
                                    "written from its row, should."])

    def test_a_signature_follows_the_parameters(self):
        table = generate_declarations.load(TABLE_FILE)
        rows = {f.name: f for f in table.ROWS}
        self.assertEqual(generate_declarations.signature(rows["TRAININGFLOP"]),
                         "TRAININGFLOP(params; tokens; [flop_per_param_token]; [part])")
        self.assertEqual(generate_declarations.signature(rows["QTYSWING"]),
                         "QTYSWING(expression; input; [end]; [unit]; [name; value; …])")


if __name__ == "__main__":
    unittest.main()
