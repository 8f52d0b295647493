"""A sheet's cells and the formulas they hold: the kinds of cell, add-in calls under the names a saved sheet
stores, and the formula pieces the layouts share."""

import importlib.util
import os

from .data import ROOT


ADDIN = "ORG.BALLPARK.CALCADDIN."


def _stored_names():
    """Each sheet function's name as a saved sheet holds it, by the name Calc shows: its method in capitals, read
    from the functions' one table (QTY is stored as QTY6, its short twin's method; addin/sheet_table.py says why)."""
    spec = importlib.util.spec_from_file_location("sheet_table", os.path.join(ROOT, "addin", "sheet_table.py"))
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    return {f.name: f.method.upper() for f in table.FUNCTIONS}


STORED = _stored_names()


class Cell:
    """kind: text, number, percent, formula, part (a cell an array formula covers) or empty; fmt: a key of
    NUMBER_FORMATS; role: a key of ROLES; matrix: (rows, columns) an array formula spans from this cell."""

    def __init__(self, kind, value=None, fmt=None, role="plain", matrix=None):
        self.kind, self.value, self.fmt, self.role, self.matrix = kind, value, fmt, role, matrix
        self.boxed = False  # a thin border: set for the cells of the table (header and data rows)


def text(value, role="plain"):
    return Cell("text", value, None, role)


def num(value, fmt=None, role="input"):
    return Cell("empty", None, fmt, role) if value is None else Cell("number", value, fmt, role)


def pct(value, role="input"):
    return Cell("percent", value, "pct", role)


def formula(expr, fmt, role="plain", matrix=None):
    """A computed cell. Every one has an explicit number format ("text" for a text result): LibreOffice keeps a
    stored result on load only in a cell whose style names a number format, which is what a colleague without the
    extension sees (docs/addin.md, "Opening a sheet without the extension"). matrix=(rows, columns): an array
    formula over that many cells from this one, which the caller fills with part() cells."""
    if fmt is None:
        raise ValueError(f"the formula {expr} has no number format")
    return Cell("formula", expr, fmt, role, matrix)


def part(fmt, role="plain"):
    """A cell covered by an array formula whose top-left cell is elsewhere: it holds only the stored result."""
    return Cell("part", None, fmt, role)


def blank(fmt=None, role="plain"):
    return Cell("empty", None, fmt, role)


def ref(col, row, absolute=False):
    return f"[.${col}${row}]" if absolute else f"[.{col}{row}]"


def q(s):
    """A string literal inside a formula."""
    return '"' + s.replace('"', '""') + '"'


def call(name, *args):
    """An add-in call in ODF syntax; None leaves an argument empty."""
    return f"{ADDIN}{STORED[name]}(" + ";".join("" if a is None else str(a) for a in args) + ")"


def scaled(cell, factor, word):
    """An input cell read as its column header says: a number is in the header's scale (70 under "Parameters
    (billion)" is 70 billion), a text of plain numbers gets the same scale ("60 to 80" is 60 to 80 billion), and a
    text with a unit or scale word of its own is read as written ("70 billion", "1.2e11"). Numbers stay numbers
    (multiplied here), so they reach Ballpark as numbers in any locale."""
    # "to" is the range word, not a unit, so it is taken out before looking for letters.
    return (f'IF(ISNUMBER({cell});{cell}*{factor};IF(ISNA(ORG.LIBREOFFICE.REGEX(SUBSTITUTE({cell};"to";"");'
            f'"[[:alpha:]]"));'
            f'"("&{cell}&") {word}";{cell}))')


def empty_if(cells, expr):
    """expr, or an empty text while any of the cells is empty (so an unfilled row shows nothing, not Err:502)."""
    tests = ";".join(f"{c}=\"\"" for c in cells)
    cond = tests if len(cells) == 1 else f"OR({tests})"
    return f"IF({cond};\"\";{expr})"
