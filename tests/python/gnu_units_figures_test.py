"""The GNU Units figures copied into tests/unit/reference_table_test.cpp are what GNU Units prints.

Each row there quotes the command that printed its figure ("units -t -d 15 'brgallon' 'liter'", 4.54609). The C++
test compares Ballpark with the figure; this one runs the quoted command and compares the figure with what GNU Units
prints now, so a figure mistyped, or copied from Ballpark's output instead, fails here. The figures are GNU Units
2.22's (Debian 12); where that version is not installed (Debian package `units`) the test is skipped (exit 77),
since other versions carry other CODATA values.
"""
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import unittest

TABLE = pathlib.Path(__file__).resolve().parents[1] / "unit" / "reference_table_test.cpp"
# {"from", "to", "units -t -d 15 '…' '…'", figure[, tolerance]}
ROW = re.compile(r'\{"[^"]*", "[^"]*", "(units -t -d 15 [^"]*)", ([-0-9.e+]+)')


def rows():
    return [(m.group(1), float(m.group(2))) for m in ROW.finditer(TABLE.read_text(encoding="utf-8"))]


class GnuUnitsFigures(unittest.TestCase):
    def test_the_table_is_read(self):
        # The pattern must keep finding the rows: fewer than the C++ test's own floor means it stopped matching.
        self.assertGreaterEqual(len(rows()), 250)

    def test_every_figure_is_what_its_command_prints(self):
        for command, figure in rows():
            with self.subTest(command=command):
                printed = subprocess.run(shlex.split(command), capture_output=True, text=True, timeout=30).stdout
                # -d 15 prints 15 significant digits, so the copy and the print agree to the last of them.
                self.assertAlmostEqual(float(printed.split("\n")[0]) / figure, 1, delta=1e-14,
                                       msg=f"{command} prints {printed.strip()!r}, the table has {figure!r}")


def gnu_units_version():
    if shutil.which("units") is None:
        return None
    first = subprocess.run(["units", "--version"], capture_output=True, text=True, timeout=30).stdout.split("\n")[0]
    return first.removeprefix("GNU Units version ").strip()


if __name__ == "__main__":
    version = gnu_units_version()
    if version != "2.22":
        print(f"GNU Units 2.22 is not installed (found {version or 'none'}); skipped")
        sys.exit(77)
    unittest.main()
