#!/usr/bin/python3
"""Writes the sample spreadsheets in sample-sheets/ from the data files in sample-sheets/data/.

    /usr/bin/python3 scripts/make_sample_sheets.py            # rewrite sample-sheets/*.fods
    /usr/bin/python3 scripts/make_sample_sheets.py --check    # exit 1 if a committed sheet differs from this output
    /usr/bin/python3 scripts/make_sample_sheets.py --out DIR  # write somewhere else

The sheets are flat ODF (.fods): one XML file each, written here byte for byte (no LibreOffice needed, no dates, no
random identifiers), so the same data always gives the same bytes, and a change shows as a readable git diff.
Every computed cell is a formula; the add-in calls are stored under the add-in's service name
(of:=ORG.BALLPARK.CALCADDIN.GPUHOURS(...)), which is how LibreOffice itself stores them. Formula cells carry no
cached results: LibreOffice recalculates add-in cells, and the cells that depend on them, when it loads a file.

Needs only the Python standard library.
"""

import argparse
import csv
import difflib
import os
import sys
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "sample-sheets", "data")
SHEET_DIR = os.path.join(ROOT, "sample-sheets")
ADDIN = "ORG.BALLPARK.CALCADDIN."

# ---------------------------------------------------------------------------------------------------------------
# Data


def read_csv(name):
    with open(os.path.join(DATA, name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def number(text):
    """A CSV number as int when it is whole (so 82432 stays 82432 in the file), else float."""
    if text == "":
        return None
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def load_data():
    models = read_csv("models.csv")
    accelerators = {a["accelerator"]: a for a in read_csv("accelerators.csv")}
    for m in models:
        if m["accelerator"] not in accelerators:
            raise SystemExit(f"models.csv: {m['model']} uses {m['accelerator']}, which accelerators.csv lacks")
    return models, accelerators


# ---------------------------------------------------------------------------------------------------------------
# Cells


class Cell:
    """kind: text, number, percent, formula or empty; fmt: a key of NUMBER_FORMATS; role: a key of ROLES."""

    def __init__(self, kind, value=None, fmt=None, role="plain"):
        self.kind, self.value, self.fmt, self.role = kind, value, fmt, role
        self.boxed = False  # a thin border: set for the cells of the table (header and data rows)


def text(value, role="plain"):
    return Cell("text", value, None, role)


def num(value, fmt=None, role="input"):
    return Cell("empty", None, fmt, role) if value is None else Cell("number", value, fmt, role)


def pct(value, role="input"):
    return Cell("percent", value, "pct", role)


def formula(expr, fmt=None, role="plain"):
    return Cell("formula", expr, fmt, role)


def blank(fmt=None, role="plain"):
    return Cell("empty", None, fmt, role)


def ref(col, row, absolute=False):
    return f"[.${col}${row}]" if absolute else f"[.{col}{row}]"


def q(s):
    """A string literal inside a formula."""
    return '"' + s.replace('"', '""') + '"'


def call(name, *args):
    """An add-in call in ODF syntax; None leaves an argument empty."""
    return f"{ADDIN}{name}(" + ";".join("" if a is None else str(a) for a in args) + ")"


def empty_if(cells, expr):
    """expr, or an empty text while any of the cells is empty (so an unfilled row shows nothing, not Err:502)."""
    tests = ";".join(f"{c}=\"\"" for c in cells)
    cond = tests if len(cells) == 1 else f"OR({tests})"
    return f"IF({cond};\"\";{expr})"


class Sheet:
    def __init__(self, name, columns, freeze_rows, freeze_cols=1):
        self.name = name
        self.columns = columns  # (title, width in cm)
        self.rows = []  # (height in cm or None, [Cell])
        self.freeze_rows, self.freeze_cols = freeze_rows, freeze_cols

    def add(self, cells, height=None, boxed=False):
        for c in cells:
            c.boxed = boxed
        self.rows.append((height, cells))
        return len(self.rows)  # the 1-based row number just added

    def header(self):
        return self.add([text(title, "header") for title, _ in self.columns], height=1.25, boxed=True)

    def record(self, cells):
        """A row of the table, padded to the table's width so every cell has its border."""
        cells = cells + [blank() for _ in range(len(self.columns) - len(cells))]
        return self.add(cells, boxed=True)


def col(i):
    return chr(ord("A") + i)


# ---------------------------------------------------------------------------------------------------------------
# Sheet 1: llama-comparison

LLAMA_ROWS = ["Llama 2 70B", "Llama 3.1 405B"]


def llama_comparison(models):
    columns = [
        ("Model", 3.3),
        ("Parameters (billion)", 2.2),
        ("Training tokens (trillion)", 2.2),
        ("Accelerator", 2.2),
        ("Peak, bf16 (TFLOP/s)", 2.0),
        ("Utilization, low", 2.0),
        ("Utilization, high", 2.0),
        ("Training compute (FLOP)", 2.3),
        ("GPU-hours, low (million)", 2.1),
        ("GPU-hours, central (million)", 2.3),
        ("GPU-hours, high (million)", 2.1),
        ("Estimate (GPU-hours)", 4.7),
        ("Reported GPU-hours (million)", 2.4),
        ("Estimate ÷ reported", 2.2),
        ("Implied utilization", 2.2),
        ("Reported inside the range?", 2.3),
        ("Source of the figures", 10.0),
    ]
    s = Sheet("llama-comparison", columns, freeze_rows=5)
    s.add([text("Llama training runs: GPU-hours estimated from model size and hardware, against the hours Meta "
                "reported", "title")], height=0.6)
    s.add([text("GPU-hours = 6 FLOP × parameters × tokens ÷ (peak × utilization), with utilization from the low "
                "to the high column. Yellow cells are inputs; every other number is a Ballpark formula "
                "(needs the ballpark.oxt extension).", "note")])
    s.add([text("Implied utilization = the utilization at which the estimate equals the reported hours. "
                "Generated by scripts/make_sample_sheets.py from sample-sheets/data/models.csv.", "note")])
    s.add([])
    s.header()
    by_name = {m["model"]: m for m in models}
    for name in LLAMA_ROWS:
        m = by_name[name]
        r = len(s.rows) + 1
        B, C, D, E, F, G = (ref(c, r) for c in "BCDEFG")
        I, J, K, M = (ref(c, r) for c in "IJKM")
        peak_args = [D] + ([q(m["precision"])] if m["precision"] else [])
        hours = [B, C, E, F, G]
        estimate = ('"6 FLOP * params * tokens / (peak FLOP/s * (lo to hi)) as million hour";;'
                    f'"params";{B};"tokens";{C};"peak";{E};"lo";{F};"hi";{G}')
        s.record([
            text(name),
            num(number(m["params"]), "bil"),
            num(number(m["tokens"]), "tril"),
            text(m["accelerator"], "input"),
            formula(call("ACCELPEAK", *peak_args), "tflops"),
            pct(0.35),
            pct(0.55),
            formula(call("TRAININGFLOP", B, C), "sci"),
            formula(call("GPUHOURS", *hours, None, q("low")), "mil"),
            formula(call("GPUHOURS", *hours), "mil"),
            formula(call("GPUHOURS", *hours, None, q("high")), "mil"),
            formula(f"{ADDIN}QTY({estimate})"),
            num(number(m["reported_gpu_hours"]), "mil"),
            formula(f"{J}/{M}", "ratio"),
            formula(call("IMPLIEDUTIL", M, B, C, E), "pct"),
            formula(f'IF(AND({M}>={I};{M}<={K});"yes";"no")', None, "center"),
            text(m["source"], "wrap"),
        ])
    return s


# ---------------------------------------------------------------------------------------------------------------
# Sheet 2: model-budgets


def model_budgets(models, accelerators):
    columns = [
        ("Model", 4.2),
        ("Parameters (billion)", 2.2),
        ("Training tokens (trillion)", 2.2),
        ("Accelerator", 2.1),
        ("Precision (empty = bf16)", 2.1),
        ("Peak (TFLOP/s)", 1.9),
        ("Training compute (FLOP)", 2.3),
        ("GPU-hours, low (million)", 2.1),
        ("GPU-hours, central (million)", 2.3),
        ("GPU-hours, high (million)", 2.1),
        ("Reported GPU-hours (million)", 2.4),
        ("Price ($ per GPU-hour)", 2.1),
        ("Power (W per GPU)", 1.9),
        ("Cost, low ($ million)", 2.1),
        ("Cost, high ($ million)", 2.1),
        ("Wall-clock days on N GPUs, low", 2.4),
        ("Wall-clock days on N GPUs, high", 2.4),
        ("GPU energy, low (MWh)", 2.1),
        ("GPU energy, high (MWh)", 2.1),
        ("Source of the figures", 14.0),
        ("Note", 10.0),
    ]
    s = Sheet("model-budgets", columns, freeze_rows=8)
    s.add([text("Model budgets: GPU-hours, cost, wall-clock time and energy of a training run", "title")],
          height=0.6)
    s.add([text("Each row: 6 FLOP × parameters × tokens ÷ (peak × utilization). Change the yellow cells: the "
                "utilization range and the number of GPUs below apply to every row; price and power are per row. "
                "Fill in the first row, Your model, for your own run.", "note")])
    s.add([text("Energy counts GPU power only (no CPUs, network or cooling). Prices are illustrative, not quotes. "
                "Figures and sources: sample-sheets/data/models.csv and accelerators.csv.", "note")])
    util_lo = s.add([text("Utilization, low", "label"), pct(0.35)])
    util_hi = s.add([text("Utilization, high", "label"), pct(0.55)])
    gpus = s.add([text("N, GPUs in the cluster", "label"), num(2048, "int")])
    s.add([])
    s.header()
    LO, HI, N = ref("B", util_lo, True), ref("B", util_hi, True), ref("B", gpus, True)

    def row(m):
        r = len(s.rows) + 1
        R = {c: ref(c, r) for c in "ABCDEFGHIJKLMNOPQRS"}
        acc = accelerators.get(m["accelerator"]) if m else None

        def hours(part):
            return formula(empty_if([R["B"], R["C"], R["F"]],
                                    call("GPUHOURS", R["B"], R["C"], R["F"], LO, HI, None, q(part))), "mil")

        def cost(h):
            return formula(empty_if([R[h], R["L"]], f"{R[h]}*{R['L']}"), "mil")

        def days(h):
            return formula(empty_if([R[h], N], call("QTYVALUE", q("gpu_hours hour / gpus"), q("day"), None,
                                                    q("gpu_hours"), R[h], q("gpus"), N)), "day")

        def energy(h):
            return formula(empty_if([R[h], R["M"]], call("QTYVALUE", q("gpu_hours hour * power W"), q("MWh"), None,
                                                         q("gpu_hours"), R[h], q("power"), R["M"])), "int")

        s.record([
            text(m["model"]) if m else text("Your model", "input"),
            num(number(m["params"]) if m else None, "bil"),
            num(number(m["tokens"]) if m else None, "tril"),
            text(m["accelerator"], "input") if m else blank(role="input"),
            text(m["precision"], "input") if m and m["precision"] else blank(role="input"),
            formula(empty_if([R["D"]], call("ACCELPEAK", R["D"], R["E"])), "tflops"),
            formula(empty_if([R["B"], R["C"]], call("TRAININGFLOP", R["B"], R["C"])), "sci"),
            hours("low"),
            hours("central"),
            hours("high"),
            num(number(m["reported_gpu_hours"]) if m else None, "mil"),
            num(number(acc["price_usd_per_gpu_hour"]) if acc else None, "usd"),
            num(number(acc["power_w"]) if acc else None, "int"),
            cost("H"),
            cost("J"),
            days("H"),
            days("J"),
            energy("H"),
            energy("J"),
            text(m["source"], "wrap") if m else blank(),
            text(m["note"], "wrap") if m and m["note"] else blank(),
        ])

    row(None)
    for m in models:
        row(m)
    return s


# ---------------------------------------------------------------------------------------------------------------
# Sheet 3: unit-cookbook

# (task, formula in ODF syntax without "of:=", number format, what the result is)
COOKBOOK = [
    ("FLOP and PFLOP/s-days", None, None, None),
    ("Llama 2 70B's training compute (8.4e23 FLOP) in PFLOP/s-days",
     call("UNITCONVERT", q("8.4e23 FLOP"), None, q("PFLOP/s*day")), "one", "PFLOP/s-day"),
    ("One PFLOP/s-day in FLOP", call("UNITCONVERT", 1, q("PFLOP/s*day"), q("FLOP")), "sci", "FLOP"),
    ("6 FLOP × 70 billion parameters × 2 trillion tokens",
     call("TRAININGFLOP", q("70 billion"), q("2 trillion")), "sci", "FLOP"),
    ("An A100's peak, 312 TFLOP/s, in PFLOP/s", call("UNITCONVERT", 312, q("TFLOP/s"), q("PFLOP/s")), "three",
     "PFLOP/s"),
    ("Tokens per second per GPU", None, None, None),
    ("Llama 2 70B: 2 trillion tokens in 1,720,320 GPU-hours",
     call("QTYVALUE", q("2 trillion / (1720320 hour)"), q("1/s")), "one", "tokens per second per GPU"),
    ("Expected for a 70B model at 45% of an A100's peak",
     call("QTYVALUE", q("312 TFLOP/s * 45% / (6 FLOP * 70 billion)"), q("1/s")), "one", "tokens per second per GPU"),
    ("Days for 2 trillion tokens on 2,048 GPUs at that rate",
     call("QTYVALUE", q("2 trillion / (2048 * 312 TFLOP/s * 45% / (6 FLOP * 70 billion))"), q("day")), "one", "day"),
    ("GB and GiB", None, None, None),
    ("An 80 GB GPU's memory in GiB (1 GiB = 2^30 byte)", call("UNITCONVERT", 80, q("GB"), q("GiB")), "two", "GiB"),
    ("One GiB in GB (1 GB = 10^9 byte)", call("UNITCONVERT", 1, q("GiB"), q("GB")), "three", "GB"),
    ("bf16 weights of a 70B model, 2 bytes per parameter", f"{ADDIN}QTY({q('70 billion * 2 byte as GB')})", None,
     "text: value and unit"),
    ("The same in GiB", call("QTYVALUE", q("70 billion * 2 byte"), q("GiB")), "one", "GiB"),
    ("kWh and MWh", None, None, None),
    ("GPU energy of 1,720,320 GPU-hours at 400 W", call("QTYVALUE", q("1720320 hour * 400 W"), q("MWh")), "one",
     "MWh"),
    ("The result above in kWh", "PREV", "int", "kWh"),
    ("One kWh in joules", call("UNITCONVERT", 1, q("kWh"), q("J")), "int", "J"),
    ("$ per GPU-hour to $ per run", None, None, None),
    ("1,720,320 GPU-hours at $2 per GPU-hour", call("QTYVALUE", q("$2 / hour * 1720320 hour"), q("$")), "usd0", "$"),
    ("1.4 to 2.1 million GPU-hours at $2.50 per GPU-hour",
     f"{ADDIN}QTY({q('$2.50 / hour * (1.4 to 2.1) million hour as million $')})", None, "text: central [low, high]"),
    ("Llama 2 70B on A100s at 35% to 55%, $2 per GPU-hour",
     "2*" + call("GPUHOURS", q("70 billion"), q("2 trillion"), q("A100"), q("35%"), q("55%")), "usd0", "$"),
    ("When a cell shows Err:502", None, None, None),
    ("QTYERROR gives the reason in a sentence",
     call("QTYERROR", q("8.4e23 FLOP as hour")), "wrap", "text: the reason"),
    ("For GPUHOURS, give QTYERROR its name and arguments",
     call("QTYERROR", q("GPUHOURS"), q("70 billion"), q("2 trillion"), q("A100"), 35, 55), "wrap",
     "text: the reason"),
    ("QTYDIM names the dimension of an expression", call("QTYDIM", q("100 kWh / 2 hour")), None, "text"),
]


def unit_cookbook():
    columns = [
        ("Task", 10.6),
        ("Formula (of the result cell next to it, as Calc shows it)", 16.5),
        ("Result", 4.6),
        ("Result is in", 6.2),
    ]
    s = Sheet("unit-cookbook", columns, freeze_rows=4)
    s.add([text("Unit cookbook: conversions a training planner needs, with UNITCONVERT, QTY and QTYVALUE", "title")],
          height=0.6)
    s.add([text("Column B shows the formula of the cell next to it (Calc's FORMULA function), so you can copy it. "
                "Units are text: compound units such as PFLOP/s*day, GiB, kWh or $/hour work.", "note")])
    s.add([])
    s.header()
    previous = None
    for task, expr, fmt, unit in COOKBOOK:
        r = len(s.rows) + 1
        if expr is None:
            s.record([text(task, "section")] + [blank(role="section") for _ in columns[1:]])
            continue
        if expr == "PREV":
            expr = call("UNITCONVERT", previous, q("MWh"), q("kWh"))
        result = formula(expr, None, "wrap") if fmt == "wrap" else formula(expr, fmt)
        s.record([text(task), formula(f"FORMULA({ref('C', r)})", None, "code"), result,
                  text(unit) if unit else blank()])
        previous = ref("C", r)
    return s


# ---------------------------------------------------------------------------------------------------------------
# Flat ODF

# name -> (ODF data style element(s)), shown in Calc's format code in the comment
NUMBER_FORMATS = {
    "bil": '<number:number-style style:name="{n}"><number:number number:decimal-places="1" '
           'number:min-decimal-places="1" number:min-integer-digits="1" number:grouping="true" '
           'number:display-factor="1000000000"/></number:number-style>',  # #,##0.0,,,
    "tril": '<number:number-style style:name="{n}"><number:number number:decimal-places="2" '
            'number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true" '
            'number:display-factor="1000000000000"/></number:number-style>',  # #,##0.00,,,,
    "tflops": '<number:number-style style:name="{n}"><number:number number:decimal-places="0" '
              'number:min-decimal-places="0" number:min-integer-digits="1" number:grouping="true" '
              'number:display-factor="1000000000000"/></number:number-style>',  # #,##0,,,,
    "mil": '<number:number-style style:name="{n}"><number:number number:decimal-places="2" '
           'number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true" '
           'number:display-factor="1000000"/></number:number-style>',  # #,##0.00,,
    "sci": '<number:number-style style:name="{n}"><number:scientific-number number:decimal-places="2" '
           'number:min-decimal-places="2" number:min-integer-digits="1" number:min-exponent-digits="2" '
           'number:exponent-interval="1" number:forced-exponent-sign="true"/></number:number-style>',  # 0.00E+00
    "pct": '<number:percentage-style style:name="{n}"><number:number number:decimal-places="0" '
           'number:min-decimal-places="0" number:min-integer-digits="1"/><number:text>%</number:text>'
           '</number:percentage-style>',  # 0%
    "ratio": '<number:number-style style:name="{n}"><number:number number:decimal-places="2" '
             'number:min-decimal-places="2" number:min-integer-digits="1"/></number:number-style>',  # 0.00
    "one": '<number:number-style style:name="{n}"><number:number number:decimal-places="1" '
           'number:min-decimal-places="1" number:min-integer-digits="1" number:grouping="true"/>'
           '</number:number-style>',  # #,##0.0
    "two": '<number:number-style style:name="{n}"><number:number number:decimal-places="2" '
           'number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>'
           '</number:number-style>',  # #,##0.00
    "three": '<number:number-style style:name="{n}"><number:number number:decimal-places="3" '
             'number:min-decimal-places="3" number:min-integer-digits="1"/></number:number-style>',  # 0.000
    "day": '<number:number-style style:name="{n}"><number:number number:decimal-places="1" '
           'number:min-decimal-places="1" number:min-integer-digits="1" number:grouping="true"/>'
           '</number:number-style>',  # #,##0.0
    "int": '<number:number-style style:name="{n}"><number:number number:decimal-places="0" '
           'number:min-decimal-places="0" number:min-integer-digits="1" number:grouping="true"/>'
           '</number:number-style>',  # #,##0
    "usd": '<number:number-style style:name="{n}"><number:text>$</number:text><number:number '
           'number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1" '
           'number:grouping="true"/></number:number-style>',  # "$"#,##0.00
    "usd0": '<number:number-style style:name="{n}"><number:text>$</number:text><number:number '
            'number:decimal-places="0" number:min-decimal-places="0" number:min-integer-digits="1" '
            'number:grouping="true"/></number:number-style>',  # "$"#,##0
}

INPUT_BG = "#fff2cc"
ROLES = {  # cell look: (table-cell-properties, paragraph-properties, text-properties)
    "plain": ("", "", ""),
    "input": (f'fo:background-color="{INPUT_BG}"', "", ""),
    "center": ("", 'fo:text-align="center"', ""),
    "header": ('fo:background-color="#dde4ee" fo:wrap-option="wrap"',
               'fo:text-align="center"', 'fo:font-weight="bold"'),
    "title": ("", "", 'fo:font-size="13pt" fo:font-weight="bold"'),
    "note": ("", "", 'fo:color="#404040" fo:font-style="italic"'),
    "label": ("", "", 'fo:font-weight="bold"'),
    "section": ('fo:background-color="#eeeeee"', "", 'fo:font-weight="bold"'),
    "code": ("", "", 'style:font-name="Liberation Mono" fo:font-size="9pt"'),
    "wrap": ('fo:wrap-option="wrap"', "", ""),
}
BORDER = 'fo:border="0.5pt solid #a6a6a6" style:vertical-align="middle"'



def xml_text(s):
    return escape(s)


def odf_number(v):
    return repr(v) if isinstance(v, float) else str(v)


class Styles:
    def __init__(self):
        self.cell = {}  # (fmt, role) -> name

    def name(self, fmt, role, boxed):
        if fmt is None and role == "plain" and not boxed:
            return None
        key = (fmt, role, boxed)
        if key not in self.cell:
            self.cell[key] = f"ce_{role}_{fmt or 'gen'}" + ("_boxed" if boxed else "")
        return self.cell[key]

    def xml(self):
        out = []
        used_formats = sorted({fmt for fmt, _, _ in self.cell if fmt})
        for fmt in used_formats:
            out.append("  " + NUMBER_FORMATS[fmt].format(n="N_" + fmt))
        for (fmt, role, boxed), name in sorted(self.cell.items(), key=lambda kv: kv[1]):
            cell_props, para_props, text_props = ROLES[role]
            if boxed:
                cell_props = " ".join(p for p in (cell_props, BORDER) if p)
            data = f' style:data-style-name="N_{fmt}"' if fmt else ""
            out.append(f'  <style:style style:name="{name}" style:family="table-cell" '
                       f'style:parent-style-name="Default"{data}>')
            if cell_props:
                out.append(f"   <style:table-cell-properties {cell_props}/>")
            if para_props:
                out.append(f"   <style:paragraph-properties {para_props}/>")
            if text_props:
                out.append(f"   <style:text-properties {text_props}/>")
            out.append("  </style:style>")
        return out


HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
xmlns:ooo="http://openoffice.org/2004/office" \
xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" \
xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" \
xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" \
xmlns:dc="http://purl.org/dc/elements/1.1/" \
xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" \
xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" \
xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" \
xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" \
xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0" \
office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">"""


def settings_xml(sheet):
    """The view settings: a frozen header (rows above and including the header, and the first column).

    LibreOffice finds this set by the qualified name ooo:view-settings, so the ooo namespace must be declared
    on the root (without it the settings are silently ignored)."""
    def item(name, typ, value):
        return f'       <config:config-item config:name="{name}" config:type="{typ}">{value}</config:config-item>'
    rows, cols = sheet.freeze_rows, sheet.freeze_cols
    return [
        " <office:settings>",
        '  <config:config-item-set config:name="ooo:view-settings">',
        '   <config:config-item-map-indexed config:name="Views">',
        "    <config:config-item-map-entry>",
        '     <config:config-item config:name="ViewId" config:type="string">view1</config:config-item>',
        '     <config:config-item-map-named config:name="Tables">',
        f"      <config:config-item-map-entry config:name={quoteattr(sheet.name)}>",
        item("CursorPositionX", "int", cols),
        item("CursorPositionY", "int", rows),
        item("HorizontalSplitMode", "short", 2 if cols else 0),
        item("VerticalSplitMode", "short", 2 if rows else 0),
        item("HorizontalSplitPosition", "int", cols),
        item("VerticalSplitPosition", "int", rows),
        item("ActiveSplitRange", "short", 3 if cols else 2),
        item("PositionLeft", "int", 0),
        item("PositionRight", "int", cols),
        item("PositionTop", "int", 0),
        item("PositionBottom", "int", rows),
        "      </config:config-item-map-entry>",
        "     </config:config-item-map-named>",
        f'     <config:config-item config:name="ActiveTable" config:type="string">{xml_text(sheet.name)}'
        "</config:config-item>",
        '     <config:config-item config:name="ShowGrid" config:type="boolean">true</config:config-item>',
        '     <config:config-item config:name="HasColumnRowHeaders" config:type="boolean">true</config:config-item>',
        "    </config:config-item-map-entry>",
        "   </config:config-item-map-indexed>",
        "  </config:config-item-set>",
        " </office:settings>",
    ]


def cell_xml(c, styles):
    name = styles.name(c.fmt, c.role, c.boxed)
    attrs = f' table:style-name="{name}"' if name else ""
    if c.kind == "empty":
        return f"     <table:table-cell{attrs}/>"
    if c.kind == "formula":
        return f"     <table:table-cell{attrs} table:formula={quoteattr('of:=' + c.value)}/>"
    if c.kind == "text":
        return (f'     <table:table-cell{attrs} office:value-type="string"><text:p>{xml_text(c.value)}</text:p>'
                "</table:table-cell>")
    vtype = "percentage" if c.kind == "percent" else "float"
    return f'     <table:table-cell{attrs} office:value-type="{vtype}" office:value="{odf_number(c.value)}"/>'


def document(sheet):
    """One sheet as a flat ODF spreadsheet, as a string."""
    styles = Styles()
    body = []
    body.append(f"   <table:table table:name={quoteattr(sheet.name)} table:style-name=\"ta1\">")
    for i, (_, width) in enumerate(sheet.columns):
        body.append(f'    <table:table-column table:style-name="co{i + 1}" table:default-cell-style-name="Default"/>')
    row_styles = {}
    for height, cells in sheet.rows:
        if height is None:
            rs = "ro_auto"
        else:
            rs = row_styles.setdefault(height, f"ro_{height:g}".replace(".", "_"))
        body.append(f'    <table:table-row table:style-name="{rs}">')
        if not cells:
            body.append("     <table:table-cell/>")
        for c in cells:
            body.append(cell_xml(c, styles))
        body.append("    </table:table-row>")
    body.append("   </table:table>")

    out = [HEAD]
    out.append(" <office:meta><meta:generator>Ballpark scripts/make_sample_sheets.py</meta:generator>"
               f"<dc:title>{xml_text(sheet.name)}</dc:title></office:meta>")
    out += settings_xml(sheet)
    out += [
        " <office:font-face-decls>",
        '  <style:font-face style:name="Liberation Sans" svg:font-family="&apos;Liberation Sans&apos;" '
        'style:font-family-generic="swiss" style:font-pitch="variable"/>',
        '  <style:font-face style:name="Liberation Mono" svg:font-family="&apos;Liberation Mono&apos;" '
        'style:font-family-generic="modern" style:font-pitch="fixed"/>',
        " </office:font-face-decls>",
        " <office:styles>",
        '  <style:default-style style:family="table-cell">',
        '   <style:text-properties style:font-name="Liberation Sans" fo:font-size="10pt" fo:language="en" '
        'fo:country="US"/>',
        "  </style:default-style>",
        '  <style:style style:name="Default" style:family="table-cell"/>',
        " </office:styles>",
        " <office:automatic-styles>",
    ]
    for i, (_, width) in enumerate(sheet.columns):
        out.append(f'  <style:style style:name="co{i + 1}" style:family="table-column">'
                   f'<style:table-column-properties fo:break-before="auto" style:column-width="{width:g}cm"/>'
                   "</style:style>")
    out.append('  <style:style style:name="ro_auto" style:family="table-row"><style:table-row-properties '
               'fo:break-before="auto" style:use-optimal-row-height="true"/></style:style>')
    for height, name in sorted(row_styles.items(), key=lambda kv: kv[1]):
        out.append(f'  <style:style style:name="{name}" style:family="table-row"><style:table-row-properties '
                   f'style:row-height="{height:g}cm" fo:break-before="auto" style:use-optimal-row-height="false"/>'
                   "</style:style>")
    out.append('  <style:style style:name="ta1" style:family="table" style:master-page-name="Landscape">'
               '<style:table-properties table:display="true" style:writing-mode="lr-tb"/></style:style>')
    out += styles.xml()
    # A3 landscape, the whole sheet scaled to one page: what printing and the main job's PDF give.
    out += [
        '  <style:page-layout style:name="pm1">',
        '   <style:page-layout-properties fo:page-width="42cm" fo:page-height="29.7cm" '
        'style:print-orientation="landscape" fo:margin-top="1cm" fo:margin-bottom="1cm" fo:margin-left="1cm" '
        'fo:margin-right="1cm" style:scale-to-X="1" style:scale-to-Y="1" style:print="" '
        'style:writing-mode="lr-tb"/>',
        "  </style:page-layout>",
        " </office:automatic-styles>",
        " <office:master-styles>",
        '  <style:master-page style:name="Landscape" style:page-layout-name="pm1">',
        '   <style:header style:display="false"/>',
        '   <style:footer style:display="false"/>',
        "  </style:master-page>",
        " </office:master-styles>",
        " <office:body>",
        "  <office:spreadsheet>",
    ]
    out += body
    out += ["  </office:spreadsheet>", " </office:body>", "</office:document>", ""]
    return "\n".join(out)


def build():
    """{file name: contents} for every sample sheet."""
    models, accelerators = load_data()
    sheets = [llama_comparison(models), model_budgets(models, accelerators), unit_cookbook()]
    return {f"{s.name}.fods": document(s) for s in sheets}


def drift(directory=SHEET_DIR):
    """A list of (file, unified diff) for each committed sheet that differs from what build() writes."""
    problems = []
    for name, contents in build().items():
        path = os.path.join(directory, name)
        try:
            with open(path, encoding="utf-8") as f:
                committed = f.read()
        except FileNotFoundError:
            problems.append((name, f"{path} is missing"))
            continue
        if committed != contents:
            diff = difflib.unified_diff(committed.splitlines(), contents.splitlines(), f"committed/{name}",
                                        f"generated/{name}", lineterm="", n=1)
            problems.append((name, "\n".join(list(diff)[:40])))
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=SHEET_DIR, help="directory to write the sheets to (default: sample-sheets/)")
    parser.add_argument("--check", action="store_true", help="compare with the sheets in --out instead of writing")
    args = parser.parse_args()
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
