"""The stored results of the sheets' formula cells, as recorded in sample-sheets/data/computed-values.csv."""

import csv
import os

from .data import DATA


# Each formula cell stores its result, so that a colleague who opens a sheet without the extension sees numbers
# (LibreOffice keeps a stored result of an unknown add-in function until something recalculates the cell). The
# results are not worked out here: --refresh-values recalculates the sheets in a headless LibreOffice with the
# extension and records every formula cell's result in sample-sheets/data/computed-values.csv, which the
# generator then writes into the sheets. sheets_test.py checks that they are still what the extension computes.

VALUES_FILE = os.path.join(DATA, "computed-values.csv")


def read_values(path=VALUES_FILE):
    """{sheet name: {cell address: ("value", float) or ("string", text)}}."""
    out = {}
    try:
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                value = float(row["value"]) if row["kind"] == "value" else row["value"]
                out.setdefault(row["sheet"], {})[row["cell"]] = (row["kind"], value)
    except FileNotFoundError:
        pass
    return out
