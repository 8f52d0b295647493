#!/usr/bin/python3
"""The Python component when its library cannot be loaded (a package for another platform, a DLL a virus scanner
took away): the functions still exist, every call shows Err:502, and QTYERROR the sentence that names the file and
why it failed, instead of #NAME? with no reason. Made from the built ballpark-python.oxt without its library.

    /usr/bin/python3 tests/integration/missing_library_test.py --oxt build/addin/ballpark-python.oxt
"""

import os
import sys
import unittest
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import office  # noqa: E402  (needs the path above)
from office import Office  # noqa: E402

ERR_502 = 502
ARGS = None
OFFICE = None


def setUpModule():
    global OFFICE
    o = Office(ARGS.soffice, ARGS.unopkg)
    try:
        # Made in a folder of its own: start() copies each extension into the work directory itself.
        os.makedirs(o.path("made"))
        broken = os.path.join(o.path("made"), "ballpark-without-library.oxt")
        with zipfile.ZipFile(ARGS.oxt) as full, zipfile.ZipFile(broken, "w") as without:
            names = full.namelist()
            libraries = [n for n in names if n.startswith("pythonpath/") and not n.endswith(".py")]
            assert len(libraries) == 1, f"expected one library in pythonpath/, found {libraries}"
            for name in names:
                if name not in libraries:
                    without.writestr(name, full.read(name))
        o.extensions = [broken]
        OFFICE = o.start()
    except BaseException:  # tearDownModule does not run after a failed setUpModule
        o.cleanup()
        raise


def tearDownModule():
    if OFFICE is not None:
        OFFICE.cleanup()


class WithoutTheLibrary(unittest.TestCase):
    def test_calls_show_err502_and_qtyerror_says_why(self):
        doc = OFFICE.load()
        try:
            sheet = doc.Sheets.getByIndex(0)
            cells = []
            for i, formula in enumerate(('=QTY("90 min";"hour")', '=GPUHOURS(70E9;2E12;"A100";0.45)',
                                         '=QTYERROR("90 min")')):
                cells.append(sheet.getCellByPosition(0, i))
                cells[-1].setFormula(formula)
            self.assertEqual([c.getError() for c in cells[:2]], [ERR_502, ERR_502])
            sentence = cells[2].getString()
            self.assertEqual(cells[2].getError(), 0, sentence)
            self.assertTrue(sentence.startswith("Ballpark could not load "), sentence)
            self.assertIn("pythonpath", sentence)
            self.assertTrue(sentence.endswith("."), sentence)
        finally:
            doc.close(True)


if __name__ == "__main__":
    sys.exit(office.main(sys.modules[__name__], deadline=200))
