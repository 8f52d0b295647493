#!/usr/bin/python3
"""Writes the sample spreadsheets in sample-sheets/ from the data files in sample-sheets/data/.

    /usr/bin/python3 scripts/make_sample_sheets.py            # rewrite sample-sheets/*.fods
    /usr/bin/python3 scripts/make_sample_sheets.py --check    # exit 1 if a committed sheet differs from this output
    /usr/bin/python3 scripts/make_sample_sheets.py --out DIR  # write somewhere else

The sheets are flat ODF (.fods): one XML file each, written here byte for byte (no LibreOffice needed, no dates, no
random identifiers), so the same data always gives the same bytes, and a change shows as a readable git diff.
Every computed cell is a formula; the add-in calls are stored under the add-in's service name
(of:=ORG.BALLPARK.CALCADDIN.GPUHOURS(...)), which is how LibreOffice itself stores them. Every formula cell stores
its result and has an explicit number format, so that a colleague without the extension sees the values (with the
extension LibreOffice recalculates add-in cells on load anyway). The results come from a headless LibreOffice with
the extension, recorded in sample-sheets/data/computed-values.csv:

    /usr/bin/python3 scripts/make_sample_sheets.py --refresh-values build/addin/ballpark.oxt

Needs only the Python standard library (--refresh-values also needs python3-uno and LibreOffice). The parts are the
modules of scripts/sample_sheets/ (its __init__.py lists them); this file is the command.
"""

import argparse
import os
import sys

from sample_sheets.data import SHEET_DIR
from sample_sheets.refresh import refresh_values
from sample_sheets.workbook import build, drift


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=SHEET_DIR, help="directory to write the sheets to (default: sample-sheets/)")
    parser.add_argument("--check", action="store_true", help="compare with the sheets in --out instead of writing")
    parser.add_argument("--refresh-values", metavar="OXT",
                        help="first recalculate the sheets in headless LibreOffice with this ballpark.oxt and record "
                             "every formula's result in sample-sheets/data/computed-values.csv (needs python3-uno)")
    args = parser.parse_args()
    if args.refresh_values:
        refresh_values(args.refresh_values)
    if args.check:
        problems = drift(args.out)
        for name, diff in problems:
            print(f"{name} differs from the generator's output:\n{diff}\n", file=sys.stderr)
        if problems:
            print("Regenerate with: /usr/bin/python3 scripts/make_sample_sheets.py", file=sys.stderr)
            return 1
        print("sample sheets match the generator")
        return 0
    os.makedirs(args.out, exist_ok=True)
    for name, contents in build().items():
        with open(os.path.join(args.out, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(contents)
        print(os.path.join(args.out, name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
