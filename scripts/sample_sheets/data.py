"""The data files the sheets are written from (sample-sheets/data/*.csv), read into rows and numbers."""

import csv
import os


# The checkout: this package is scripts/sample_sheets/.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "sample-sheets", "data")
SHEET_DIR = os.path.join(ROOT, "sample-sheets")


def read_csv(name):
    with open(os.path.join(DATA, name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def number(text):
    """A CSV number as int when it is whole (so 82432 stays 82432 in the file), else float."""
    if text == "":
        return None
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def in_scale(text, scale):
    """A CSV figure in the scale its sheet column's header names (70e9 under "(billion)" is 70), rounded to 12
    significant digits so that 6.7e9 / 1e9 is written 6.7, not 6.700000000000001."""
    if text == "":
        return None
    value = float(f"{float(text) / scale:.12g}")
    return int(value) if value.is_integer() else value


def load_data():
    models = read_csv("models.csv")
    accelerators = {a["accelerator"]: a for a in read_csv("accelerators.csv")}
    for m in models:
        if m["accelerator"] not in accelerators:
            raise SystemExit(f"models.csv: {m['model']} uses {m['accelerator']}, which accelerators.csv lacks")
    return models, accelerators
