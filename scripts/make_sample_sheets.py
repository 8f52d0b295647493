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

Needs only the Python standard library (--refresh-values also needs python3-uno and LibreOffice).
"""

import argparse
import csv
import difflib
import importlib.util
import os
import sys
from xml.sax.saxutils import escape, quoteattr

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "sample-sheets", "data")
SHEET_DIR = os.path.join(ROOT, "sample-sheets")
ADDIN = "ORG.BALLPARK.CALCADDIN."


def _stored_names():
    """Each sheet function's name as a saved sheet holds it, by the name Calc shows: its method in capitals, read
    from the functions' one table (QTY is stored as QTY6, its short twin's method; addin/sheet_table.py says why)."""
    spec = importlib.util.spec_from_file_location("sheet_table", os.path.join(ROOT, "addin", "sheet_table.py"))
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    return {f.name: f.method.upper() for f in table.FUNCTIONS}


STORED = _stored_names()

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


# ---------------------------------------------------------------------------------------------------------------
# Cells


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


class Sheet:
    def __init__(self, name, columns, freeze_rows, freeze_cols=1, default_height=None):
        self.default_height = default_height
        self.name = name
        self.columns = columns  # (title, width in cm)
        self.rows = []  # (height in cm or None, [Cell])
        self.freeze_rows, self.freeze_cols = freeze_rows, freeze_cols
        self.charts = []  # Chart

    def add(self, cells, height=None, boxed=False, optimal=False):
        """optimal: the row takes the height its wrapped text needs, whatever default_height says (for rows below
        every chart, whose positions are worked out from the fixed heights above them)."""
        for c in cells:
            c.boxed = boxed
        self.rows.append((None if optimal else height or self.default_height, cells))
        return len(self.rows)  # the 1-based row number just added

    def header(self):
        return self.add([text(title, "header") for title, _ in self.columns], height=1.25, boxed=True)

    def record(self, cells):
        """A row of the table, padded to the table's width so every cell has its border."""
        cells = cells + [blank() for _ in range(len(self.columns) - len(cells))]
        return self.add(cells, boxed=True)


def col(i):
    return chr(ord("A") + i)


class Chart:
    """A horizontal bar chart drawn from cells of its sheet: categories (column, first row, last row) and series
    (column, label row, first row, last row, colour), anchored at a cell (column, row)."""

    def __init__(self, name, anchor, width_cm, height_cm, title, categories, series):
        self.name, self.anchor, self.width_cm, self.height_cm = name, anchor, width_cm, height_cm
        self.title, self.categories, self.series = title, categories, series


class HistogramChart:
    """A column chart of probabilities drawn from cells of its sheet: categories (column, first row, last row), bar
    series stacked (column, label row, first row, last row, colour), and one line series on a second axis from 0
    to 100% (the same form), anchored at a cell (column, row)."""

    def __init__(self, name, anchor, width_cm, height_cm, title, categories, bars, line):
        self.name, self.anchor, self.width_cm, self.height_cm = name, anchor, width_cm, height_cm
        self.title, self.categories, self.bars, self.line = title, categories, bars, line


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
        # The inputs as their headers say (billion, trillion, million): numbers or ranges typed in those scales.
        P, T = scaled(B, "1E9", "billion"), scaled(C, "1E12", "trillion")
        reported = f"{M}*1E6"
        peak_args = [D] + ([q(m["precision"])] if m["precision"] else [])
        hours = [P, T, E, F, G]
        estimate = ('"6 FLOP * params * tokens / (peak FLOP/s * (lo to hi)) as million hour";;'
                    f'"params";{P};"tokens";{T};"peak";{E};"lo";{F};"hi";{G}')
        s.record([
            text(name),
            num(in_scale(m["params"], 1e9), "one"),
            num(in_scale(m["tokens"], 1e12), "two"),
            text(m["accelerator"], "input"),
            formula(call("ACCELPEAK", *peak_args), "tflops"),
            pct(0.35),
            pct(0.55),
            formula(call("TRAININGFLOP", P, T), "sci"),
            formula(call("GPUHOURS", *hours, None, q("low")), "mil"),
            formula(call("GPUHOURS", *hours), "mil"),
            formula(call("GPUHOURS", *hours, None, q("high")), "mil"),
            formula(call("QTY", estimate), "text"),
            num(in_scale(m["reported_gpu_hours"], 1e6), "two"),
            formula(f"{J}/({reported})", "ratio"),
            formula(call("IMPLIEDUTIL", reported, P, T, E), "pct"),
            formula(f'IF(AND({reported}>={I};{reported}<={K});"yes";"no")', "text", "center"),
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
                "Fill in the first row, Your model, for your own run: a number means what its header says (70 "
                "under billion is 70 billion), and a range can be typed as text (60 to 80; $1.5 to 2.5 per hour "
                "as 1.5 to 2.5).", "note")])
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
        # The inputs as their headers say: numbers in billions and trillions, or ranges typed as text.
        P, T = scaled(R["B"], "1E9", "billion"), scaled(R["C"], "1E12", "trillion")

        def hours(part):
            return formula(empty_if([R["B"], R["C"], R["F"]],
                                    call("GPUHOURS", P, T, R["F"], LO, HI, None, q(part))), "mil")

        # A price, a power or a number of GPUs may be a range typed as text ("1.5 to 2.5"); the low column takes
        # the low end of everything, the high column the high end. A plain number is multiplied by the sheet.
        def cost(h, part):
            price = scaled(R["L"], "1", "USD/hour")
            by_ballpark = call("QTYVALUE", q("gpu_hours hour * price"), q("USD"), q(part), q("gpu_hours"), R[h],
                               q("price"), price)
            return formula(empty_if([R[h], R["L"]], f"IF(ISNUMBER({R['L']});{R[h]}*{R['L']};{by_ballpark})"), "mil")

        def days(h, part):
            return formula(empty_if([R[h], N], call("QTYVALUE", q("gpu_hours hour / gpus"), q("day"), q(part),
                                                    q("gpu_hours"), R[h], q("gpus"), N)), "day")

        def energy(h, part):
            return formula(empty_if([R[h], R["M"]], call("QTYVALUE", q("gpu_hours hour * power W"), q("MWh"),
                                                         q(part), q("gpu_hours"), R[h], q("power"), R["M"])), "int")

        s.record([
            text(m["model"]) if m else text("Your model", "input"),
            num(in_scale(m["params"], 1e9) if m else None, "one"),
            num(in_scale(m["tokens"], 1e12) if m else None, "two"),
            text(m["accelerator"], "input") if m else blank(role="input"),
            text(m["precision"], "input") if m and m["precision"] else blank(role="input"),
            formula(empty_if([R["D"]], call("ACCELPEAK", R["D"], R["E"])), "tflops"),
            formula(empty_if([R["B"], R["C"]], call("TRAININGFLOP", P, T)), "sci"),
            hours("low"),
            hours("central"),
            hours("high"),
            num(in_scale(m["reported_gpu_hours"], 1e6) if m else None, "two"),
            num(number(acc["price_usd_per_gpu_hour"]) if acc else None, "usd"),
            num(number(acc["power_w"]) if acc else None, "int"),
            cost("H", "low"),
            cost("J", "high"),
            days("H", "low"),
            days("J", "high"),
            energy("H", "low"),
            energy("J", "high"),
            text(m["source"], "wrap") if m else blank(),
            text(m["note"], "wrap") if m and m["note"] else blank(),
        ])

    row(None)
    for m in models:
        row(m)
    return s


# ---------------------------------------------------------------------------------------------------------------
# Sheet 4: training-budget

# (label, low, high, format, what a number means); high None = one value, not a range
BUDGET_INPUTS = [
    ("Parameters (billion)", 60, 80, "one", "billion parameters"),
    ("Training tokens (trillion)", 1.6, 2.4, "two", "trillion tokens"),
    ("Utilization (of peak)", 0.35, 0.55, "pct", "a fraction of the peak: 35% or 0.35"),
    ("Price ($ per GPU-hour)", 1.8, 2.6, "usd", "US dollars per GPU-hour"),
    ("GPUs in the cluster", 1536, 2048, "int", "GPUs working at once"),
    ("Peak per GPU, bf16 (TFLOP/s)", 312, None, "int", "TFLOP/s (A100 datasheet)"),
    ("Power per GPU (W)", 400, None, "int", "watts (A100 SXM maximum)"),
]
BUDGET_NAMES = ["params", "tokens", "util", "price", "gpus", "peak", "power"]

HOURS_EXPR = "6 FLOP * params * 1e9 * tokens * 1e12 / (peak TFLOP/s * util)"
COST_EXPR = HOURS_EXPR + " * price USD/hour"


def training_budget():
    columns = [
        ("Output", 6.6),
        ("Bounds, low", 2.4),
        ("Central", 2.4),
        ("Bounds, high", 2.4),
        ("90% interval, 5th percentile", 2.6),
        ("Median", 2.4),
        ("95th percentile", 2.4),
        ("Guaranteed bounds, as text", 5.6),
        ("90% interval, as text", 5.6),
    ]
    # Fixed row heights, so the chart's position (worked out from them) sits where it should.
    s = Sheet("training-budget", columns, freeze_rows=0, default_height=0.5)
    s.add([text("Training-run budget: five uncertain inputs, guaranteed bounds beside the 90% interval, and the "
                "input that matters most", "title")], height=0.6)
    s.add([text("Yellow cells are inputs. A range is its low and high end in two cells, which the formulas bind as "
                "one input; a number means what its row says (60 under billion is 60 billion).", "note")])
    s.add([text("Bounds hold for every combination of the inputs; the 90% interval reads each range as a 90% "
                "interval (lognormal). GPU-hours = 6 FLOP × parameters × tokens ÷ (peak × utilization).", "note")])
    s.add([text("Cost, energy and wall-clock time take the GPU-hours range from its three cells (low, central, high, "
                "or p5, median, p95), so the range flows from cell to cell. Needs ballpark.oxt.", "note")])
    s.add([])
    header = s.add([text(t, "header") for t in ("Input", "Low", "High", "A number means")], height=1.25,
                   boxed=True)
    s.freeze_rows = header
    cells = {}  # input name -> the cells it binds: "[.B6:.C6]" for a range, "[.B11]" for one value
    for (label, low, high, fmt, means), name in zip(BUDGET_INPUTS, BUDGET_NAMES):
        r = len(s.rows) + 1
        value = (lambda v: pct(v)) if fmt == "pct" else (lambda v: num(v, fmt))
        s.add([text(label), value(low), value(high) if high is not None else blank(),
               text(means, "note")], boxed=True)
        cells[name] = f"[.B{r}:.C{r}]" if high is not None else ref("B", r)

    def bind(*names, **more):
        args = []
        for n in names:
            # The utilization is declared a fraction: 35 typed for 35% is refused with a sentence.
            args += [q("util: fraction" if n == "util" else n), cells[n]]
        for n, c in more.items():
            args += [q(n), c]
        return args

    s.add([])
    s.add([text(t, "header") for t, _ in columns], height=1.25, boxed=True)
    rows = {}

    def result_row(label, expr, unit, fmt, bounds_bindings, dist_bindings):
        r = len(s.rows) + 1
        rows[label] = r

        def value(part, bindings):
            return formula(call("QTYVALUE", q(expr), q(unit), q(part), *bindings), fmt)

        s.add([text(label)]
              + [value(p, bounds_bindings) for p in ("low", "central", "high")]
              + [value(p, dist_bindings) for p in ("p5", "median", "p95")]
              + [formula(call("QTY", q(expr), q(unit), *bounds_bindings), "text"),
                 formula(call("QTYDIST", q(expr), q(unit), *dist_bindings), "text")], boxed=True)
        return r

    direct = bind("params", "tokens")
    result_row("Training compute (FLOP)", "6 FLOP * params * 1e9 * tokens * 1e12", "FLOP", "sci", direct, direct)
    hours_inputs = bind("params", "tokens", "peak", "util")
    h = result_row("GPU-hours (million)", HOURS_EXPR, "million hour", "two", hours_inputs, hours_inputs)
    # The next rows take the hours from the cells above: low, central, high (B:D) for the bounds, and
    # p5, median, p95 (E:G) for the 90% interval.
    from_bounds, from_dist = f"[.B{h}:.D{h}]", f"[.E{h}:.G{h}]"
    for label, expr, unit, fmt, name in (
            ("Cost ($ million)", "gpu_hours * 1e6 hour * price USD/hour", "million USD", "two", "price"),
            ("GPU energy (MWh)", "gpu_hours * 1e6 hour * power W", "MWh", "int", "power"),
            ("Wall-clock time (days)", "gpu_hours * 1e6 hour / gpus", "day", "one", "gpus")):
        result_row(label, expr, unit, fmt, bind(name, gpu_hours=from_bounds), bind(name, gpu_hours=from_dist))

    # The tornado: cost with one input at a time at its low or high end, the others central.
    s.add([])
    cost_inputs = bind("params", "tokens", "peak", "util", "price")
    central = len(s.rows) + 1
    s.add([text("Cost with every input central ($ million)", "label"),
           formula(call("QTYVALUE", q(COST_EXPR), q("million USD"), q("central"), *cost_inputs), "two")])
    C = ref("B", central, True)
    tornado_header = s.add([text(t, "header") for t in (
        "Tornado of the cost: input, largest swing first", "Cost, input at its low end", "Cost, input at its high end",
        "Low end − central", "High end − central")], height=1.25, boxed=True)
    first = tornado_header + 1
    for rank in range(1, 5):
        r = len(s.rows) + 1
        s.add([formula(call("QTYTOP", q(COST_EXPR), rank, *cost_inputs), "text"),
               formula(call("QTYSWING", q(COST_EXPR), rank, q("low"), q("million USD"), *cost_inputs), "two"),
               formula(call("QTYSWING", q(COST_EXPR), rank, q("high"), q("million USD"), *cost_inputs), "two"),
               formula(f"{ref('B', r)}-{C}", "two"),
               formula(f"{ref('C', r)}-{C}", "two")], boxed=True)
    last = len(s.rows)
    s.charts.append(Chart(
        name="tornado", anchor=("F", tornado_header), width_cm=14.5, height_cm=6.5,
        title="Tornado: cost ($ million) with one input at its low or high end",
        categories=("A", first, last), series=[("D", tornado_header, first, last, "#2a6099"),
                                               ("E", tornado_header, first, last, "#e16173")]))
    for _ in range(10):  # room for the chart under the tornado table
        s.add([])
    return s


# ---------------------------------------------------------------------------------------------------------------
# Sheet 5: quarter-plan

# The quarter's runs: (label, the published model whose shape the run takes from models.csv). A run trains that
# model's (active) parameters on its published token count give or take QUARTER_TOKEN_SPREAD: the size and the
# count are the source's, the range around the count is the plan's. The token ranges differ from run to run on
# purpose: a plain input is one input per name and content, so two runs given the same range under the same name
# would be read as one unknown.
QUARTER_RUNS = [
    ("Dense 70B on A100s", "Llama 2 70B"),
    ("Dense 33B on A100s", "LLaMA 33B"),
    ("Dense 8B on H100s", "Llama 3.1 8B"),
    ("Mixture of experts, 17B active, on H100s", "Llama 4 Maverick"),
]
QUARTER_TOKEN_SPREAD = 0.10
QUARTER_UTIL = (0.35, 0.55)
QUARTER_GPUS = 2048
QUARTER_BUDGET = 12  # $ million for the quarter's runs: the chance of staying under it is a total's row
QUARTER_ROWS = 30  # rows the totals add from the first run down: room for more runs without editing a total

PLAN_HOURS_EXPR = "6 FLOP * p * 1e9 * t * 1e12 / (peak FLOP/s * u)"
PLAN_COST_EXPR = f"{PLAN_HOURS_EXPR} * price USD/hour"


# The quarter's cost with the utilization and the price moving together (a cheaper cluster runs slower:
# rank correlation 0.5), beside the independent total, in the column form's row. Kept apart from quarter_plan so
# that the plan's own layout does not change with it.
QUARTER_CORRELATION = "u, price: 0.5"


def correlated_total_titles():
    """The totals header's titles over the correlated cells, right of the six independent ones."""
    return ("Utilization and price correlated (rank 0.5): 5th percentile", "Median", "95th percentile")


def correlated_total_cells(total_expr, column_inputs):
    """The column form's 90% total with the pair "correlation" added: its 5th percentile, median and 95th, the
    independent ones being left of them in the same row."""
    inputs = list(column_inputs) + [q("correlation"), q(QUARTER_CORRELATION)]
    return [formula(call("QTYVALUE", q(total_expr), q("million USD"), q(p), *inputs), "two")
            for p in ("p5", "median", "p95")]


def quarter_plan(models, accelerators):
    columns = [
        ("Run", 8.6),
        ("Active parameters (billion)", 2.3),
        ("Tokens, low (trillion)", 2.2),
        ("Tokens, high (trillion)", 2.2),
        ("Accelerator", 2.2),
        ("Peak, bf16 (TFLOP/s)", 2.1),
        ("GPU-hours, guaranteed bounds", 5.2),
        ("GPU-hours, 90% interval", 5.8),
        ("Cost, guaranteed bounds", 4.9),
        ("Cost, 90% interval", 5.4),
        ("Wall-clock days, guaranteed bounds", 3.6),
        ("Wall-clock days, 90% interval", 4.2),
        ("Source of the figures", 16.0),
        ("Cost, the column in one call: guaranteed bounds", 5.0),
        ("Cost, the column in one call: 90% interval", 5.4),
        ("Cost, the column in one call: the 90% reading's density (QTYSPARK)", 7.2),
    ]
    by_name = {m["model"]: m for m in models}
    # One rate for every run, spanning the illustrative A100 and H100 prices of accelerators.csv.
    price = tuple(number(accelerators[a]["price_usd_per_gpu_hour"]) for a in ("A100", "H100"))
    # Fixed row heights down to the runs, so the chart's position (worked out from them) sits where it should.
    s = Sheet("quarter-plan", columns, freeze_rows=0, default_height=0.5)
    s.add([text("Quarter plan: four training runs that share a utilization, a price and a cluster, built one cell "
                "per step, with the quarter's totals in both readings", "title")], height=0.6)
    s.add([text("Yellow cells are inputs. Each run's GPU-hours, cost and wall-clock days are one formula each that "
                "reads the cell before it: one chain, in guaranteed bounds; each 90% column reads the cell beside "
                "it in the 90% reading (QTYDIST of the cell), evaluated again from the same inputs. The totals add "
                "the chain's columns (QTYSUM, in its reading or in \"90%\") and count the shared utilization and "
                "price once, as one formula over every run would.", "note")])
    s.add([text("Bounds hold for every combination of the inputs; the 90% interval reads each range as a 90% "
                "interval (lognormal). GPU-hours = 6 FLOP × active parameters × tokens ÷ (peak × utilization): a "
                "mixture of experts counts the parameters active per token.", "note")])
    s.add([text(f"To add a run, copy the last run's row (columns A to M) into the next empty one and type its "
                f"figures: the totals add {QUARTER_ROWS} rows and skip blank ones, the tornado reads through the "
                "total to every run's inputs, and the three columns right of the sources compute every row's "
                "cost and its sparkline in one array formula each. Figures: sample-sheets/data/models.csv and "
                "accelerators.csv. Needs ballpark.oxt.", "note")])
    s.add([])
    header = s.add([text(t, "header") for t in ("Shared input", "Low", "High", "A number means")], height=1.25,
                   boxed=True)
    s.freeze_rows = header
    util = s.add([text("Utilization (of peak)"), pct(QUARTER_UTIL[0]), pct(QUARTER_UTIL[1]),
                  text("a fraction of the peak, the same for every run", "note")], boxed=True)
    price_row = s.add([text("Price ($ per GPU-hour)"), num(price[0], "usd"), num(price[1], "usd"),
                       text("US dollars per GPU-hour, one rate for every run (illustrative, not a quote)", "note")],
                      boxed=True)
    gpus = s.add([text("GPUs per run"), num(QUARTER_GPUS, "int"), blank(),
                  text("GPUs working at once on each run; the runs go one after another", "note")], boxed=True)
    budget = s.add([text("Budget for the quarter ($ million)"), num(QUARTER_BUDGET, "two"), blank(),
                    text("the total cost the runs must stay under; the chance that they do is under the totals",
                         "note")], boxed=True)
    UTIL, PRICE = f"[.$B${util}:.$C${util}]", f"[.$B${price_row}:.$C${price_row}]"
    GPUS = ref("B", gpus, True)

    # The runs' table sits at the bottom, under the totals that read it, so that a run is one more row. Its row
    # numbers are known here, before the rows above it are written.
    s.add([])
    total_titles = ("Quarter total, runs one after another", "Bounds, low", "Central", "Bounds, high",
                    "90% interval, 5th percentile", "Median", "95th percentile")
    totals_header = len(s.rows) + 1
    # The tornado ranks the six inputs that move the total most: today every input. A run added below competes
    # for the ranks with its own tokens.
    n_ranks = 2 + len(QUARTER_RUNS)
    tornado_header = totals_header + 8  # after four total rows, the chance, a blank one and the central cost
    histogram_header = tornado_header + n_ranks + 7
    runs_header = histogram_header + QUARTER_HISTOGRAM_ROWS + 1
    total_row, first_run = runs_header + 1, runs_header + 2
    last_row = first_run + QUARTER_ROWS - 1

    s.add([text(t, "header") for t in total_titles + correlated_total_titles()], height=1.25, boxed=True)
    for label, column, dist_column, unit, fmt in (
            ("GPU-hours (million)", "G", "H", "million hour", "two"),
            ("Cost ($ million)", "I", "J", "million USD", "two"),
            ("Wall-clock days", "K", "L", "day", "one")):
        total, dist_total = ref(column, total_row), ref(dist_column, total_row)
        s.add([text(label)]
              + [formula(call("QTYVALUE", total, q(unit), q(p)), fmt) for p in ("low", "central", "high")]
              + [formula(call("QTYVALUE", dist_total, q(unit), q(p)), fmt) for p in ("p5", "median", "p95")],
              boxed=True)

    # The same cost total in one call over the column of runs (the column form): sum() adds the rows with the
    # utilization and the price one input for all of them. One cell per number rather than two array formulas of
    # three: LibreOffice without the extension shows a stored result of a plain formula, not of an array's.
    column_inputs = [q("p"), f"[.B{first_run}:.B{last_row}]", q("t"), f"[.C{first_run}:.D{last_row}]",
                     q("peak"), f"[.F{first_run}:.F{last_row}]", q("u: fraction"), UTIL, q("price"), PRICE]
    total_expr = f"sum({PLAN_COST_EXPR})"
    s.add([text("Cost ($ million), the column in one call", "label")]
          + [formula(call("QTYVALUE", q(total_expr), q("million USD"), q(p), *column_inputs), "two")
             for p in ("low", "central", "high", "p5", "median", "p95")]
          + correlated_total_cells(total_expr, column_inputs), boxed=True)
    # The chance of staying under budget: the 90% reading's P(total cost <= budget), read from the bounds total's
    # cell, which QTYPROB evaluates again as distributions from the same chain of cells.
    s.add([text("Chance of staying under budget (90% reading)", "label"),
           formula(call("QTYPROB", ref("I", total_row), ref("B", budget, True), q("million USD")), "pct")],
          boxed=True)

    # The tornado: the total cost with one input at a time at its low or high end, the others central. It reads
    # the total's cell through to the inputs every run's cost was computed from, so a run added below has a bar
    # of its own.
    s.add([])
    cost_total = [q("c"), ref("I", total_row, True)]
    central = s.add([text("Cost with every input central ($ million)", "label"),
                     formula(call("QTYVALUE", ref("I", total_row, True), q("million USD"), q("central")), "two")])
    C = ref("B", central, True)
    s.add([text(t, "header") for t in (
        "Tornado of the total cost: input, largest swing first", "Cost, input at its low end",
        "Cost, input at its high end", "Low end − central", "High end − central")], height=1.25, boxed=True)
    if len(s.rows) != tornado_header:
        raise AssertionError("the tornado's header is not where its formulas were written for")
    for rank in range(1, n_ranks + 1):
        r = len(s.rows) + 1
        s.add([formula(call("QTYTOP", q("c"), rank, *cost_total), "text"),
               formula(call("QTYSWING", q("c"), rank, q("low"), q("million USD"), *cost_total), "two"),
               formula(call("QTYSWING", q("c"), rank, q("high"), q("million USD"), *cost_total), "two"),
               formula(f"{ref('B', r)}-{C}", "two"),
               formula(f"{ref('C', r)}-{C}", "two")], boxed=True)
    last = len(s.rows)
    s.charts.append(Chart(
        name="tornado", anchor=("F", tornado_header), width_cm=15.0, height_cm=6.5,
        title="Tornado: the quarter's cost ($ million) with one input at its low or high end",
        categories=("A", tornado_header + 1, last),
        series=[("D", tornado_header, tornado_header + 1, last, "#2a6099"),
                ("E", tornado_header, tornado_header + 1, last, "#e16173")]))
    while len(s.rows) < histogram_header - 1:  # room for the chart beside and under the tornado table
        s.add([])
    quarter_histogram(s, ref("I", total_row, True), ref("B", budget, True))
    while len(s.rows) < runs_header - 1:
        s.add([])

    if s.header() != runs_header:
        raise AssertionError("the runs' table is not where the totals above it read it")
    totals = [text("Quarter total (QTYSUM of the column)", "label")] + [blank() for _ in range(5)]
    sums = (("G", "million hour"), ("H", "million hour"), ("I", "million USD"), ("J", "million USD"), ("K", "day"),
            ("L", "day"))
    # One chain: every total adds a column of the bounds chain (G, I, K); the 90% totals read the same cells in the
    # 90% reading, QTYSUM's third argument.
    for column, unit in sums:
        chain = {"H": "G", "J": "I", "L": "K"}.get(column)
        reading = (q("90%"),) if chain else ()
        totals.append(formula(call("QTYSUM", f"[.{chain or column}{first_run}:.{chain or column}{last_row}]", q(unit),
                                   *reading), "text"))
    totals.append(text(f"Rows {first_run} to {last_row}; blank rows are skipped, so a run filled into the next row "
                       "counts.", "wrap"))
    totals += [blank(), blank(), formula(call("QTYSPARK", ref("I", total_row), q("million USD")), "text")]
    s.record(totals)
    # Every row's cost in one array call per reading, over the same rows as the totals: a blank row's place
    # stays empty, and each row's text keeps its recipe. (The totals of the column form are the single cells of
    # "the column in one call" above: a total read from an array formula would show an error to a colleague
    # without the extension, as the array does, instead of its stored result.)
    column_cells = {
        "N": formula(call("QTY", q(PLAN_COST_EXPR), q("million USD"), *column_inputs), "text",
                     matrix=(QUARTER_ROWS, 1)),
        "O": formula(call("QTYDIST", q(PLAN_COST_EXPR), q("million USD"), *column_inputs), "text",
                     matrix=(QUARTER_ROWS, 1)),
        "P": quarter_sparklines(column_inputs),
    }
    for k, (label, model) in enumerate(QUARTER_RUNS):
        m = by_name[model]
        acc = accelerators[m["accelerator"]]
        r = first_run + k
        if len(s.rows) + 1 != r:
            raise AssertionError(f"{label} is not in the row the totals read it from")
        B, F, G, I, K = (ref(c, r) for c in "BFGIK")
        hours_inputs = [q("p"), B, q("t"), f"[.C{r}:.D{r}]", q("peak"), F, q("u: fraction"), UTIL]
        tokens = float(m["tokens"])
        source = (f"The shape of {model}: {m['source']}. Peak: {acc['peak_source']}. Tokens: the published count "
                  f"± {QUARTER_TOKEN_SPREAD:.0%}, the plan's range.")
        s.add([
            text(label),
            num(in_scale(m["params"], 1e9), "one"),
            num(in_scale(tokens * (1 - QUARTER_TOKEN_SPREAD), 1e12), "two"),
            num(in_scale(tokens * (1 + QUARTER_TOKEN_SPREAD), 1e12), "two"),
            text(m["accelerator"], "input"),
            formula(call("ACCELPEAK", ref("E", r)), "tflops"),
            formula(call("QTY", q(PLAN_HOURS_EXPR), q("million hour"), *hours_inputs), "text"),
            formula(call("QTYDIST", G, q("million hour")), "text"),
            formula(call("QTY", q("h * price USD/hour"), q("million USD"), q("h"), G, q("price"), PRICE), "text"),
            formula(call("QTYDIST", I, q("million USD")), "text"),
            formula(call("QTY", q("h / gpus"), q("day"), q("h"), G, q("gpus"), GPUS), "text"),
            formula(call("QTYDIST", K, q("day")), "text"),
            text(source, "wrap"),
            column_cells.pop("N", None) or part("text"),
            column_cells.pop("O", None) or part("text"),
            column_cells.pop("P", None) or part("text"),
        ], boxed=True, optimal=True)
        for c in s.rows[-1][1][1:5]:
            c.role = "input"
    # The rows left for more runs: empty, but for the cells the three array formulas cover.
    while len(s.rows) < last_row:
        s.add([blank() for _ in range(len(s.columns) - 3)] + [part("text") for _ in range(3)])
    return s


# The quarter plan's pictures of its total cost: the 90% reading's histogram (QTYBINS) with the chance of exceeding
# each bin and the budget marked, as a table and a chart beside it; and each run's sparkline (QTYSPARK).

QUARTER_BINS = 20
QUARTER_HISTOGRAM_ROWS = 1 + QUARTER_BINS  # its header and one row per bin
# Under the budget, over it, the chance of exceeding: colours of this chart alone (the tornado's differ), so that a
# picture of the window shows which chart drew (window_test.py looks for them).
HISTOGRAM_COLOURS = ("#3a73b0", "#d9534f", "#f0a000")


def quarter_histogram(s, total, budget):
    """Adds the histogram's table (a header and one row per bin) at the sheet's next row, and its chart beside it.
    total: the bounds total cost's cell, which QTYBINS reads in the 90% reading of its recipe; budget: the budget's
    cell ($ million). A bin that the budget cuts is split in proportion to the part on either side (the density is
    taken as even within a bin), so the colours change where the budget falls."""
    header = len(s.rows) + 1
    first, last = header + 1, header + QUARTER_BINS
    s.add([text("Histogram of the total cost in the 90% reading: bin ($ million)", "header"),
           text("Bin from ($ million)", "header"), text("Bin to ($ million)", "header"),
           text("Chance in the bin", "header"), text("Chance up to the bin's top", "header"),
           formula(f'"Under the budget of $"&{budget}&" million"', "text", "header"),
           formula(f'"Over the budget of $"&{budget}&" million"', "text", "header"),
           text("Chance of exceeding the bin's top (1 − cumulative)", "header")], height=1.25, boxed=True)
    bins = formula(call("QTYBINS", total, QUARTER_BINS, q("million USD")), "two", matrix=(QUARTER_BINS, 4))
    for r in range(first, last + 1):
        B, C, D, E = (ref(c, r) for c in "BCDE")
        s.add([formula(f'FIXED({B};1;1)&"–"&FIXED({C};1;1)', "text"),
               bins if r == first else part("two"), part("two"), part("pct1"), part("pct1"),
               formula(f"{D}*MAX(0;MIN(1;({budget}-{B})/({C}-{B})))", "pct1"),
               formula(f"{D}-{ref('F', r)}", "pct1"),
               formula(f"1-{E}", "pct1")], boxed=True)
    s.charts.append(HistogramChart(
        name="histogram", anchor=("I", header), width_cm=22.0, height_cm=1.25 + 0.5 * QUARTER_BINS,
        title="The quarter's total cost ($ million) in the 90% reading: the chance in each bin, and of exceeding",
        categories=("A", first, last),
        bars=[("F", header, first, last, HISTOGRAM_COLOURS[0]), ("G", header, first, last, HISTOGRAM_COLOURS[1])],
        line=("H", header, first, last, HISTOGRAM_COLOURS[2])))


def quarter_sparklines(column_inputs):
    """Every run's cost as a sparkline of its 90% reading, in one array formula over the runs' rows (the column
    form's inputs): a run typed into the next row gets its own."""
    return formula(call("QTYSPARK", q(PLAN_COST_EXPR), q("million USD"), None, *column_inputs), "text",
                   matrix=(QUARTER_ROWS, 1))


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
    ("bf16 weights of a 70B model, 2 bytes per parameter", call("QTY", q('70 billion * 2 byte as GB')), None,
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
     call("QTY", q('$2.50 / hour * (1.4 to 2.1) million hour as million $')), None, "text: central [low, high]"),
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
        result = formula(expr, "text", "wrap") if fmt == "wrap" else formula(expr, fmt or "text")
        s.record([text(task), formula(f"FORMULA({ref('C', r)})", "text", "code"), result,
                  text(unit) if unit else blank()])
        previous = ref("C", r)
    return s


# ---------------------------------------------------------------------------------------------------------------
# Flat ODF

# name -> (ODF data style element(s)), shown in Calc's format code in the comment
NUMBER_FORMATS = {
    "text": '<number:text-style style:name="{n}"><number:text-content/></number:text-style>',  # @
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
    "pct1": '<number:percentage-style style:name="{n}"><number:number number:decimal-places="1" '
            'number:min-decimal-places="1" number:min-integer-digits="1"/><number:text>%</number:text>'
            '</number:percentage-style>',  # 0.0%
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
xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" \
xmlns:xlink="http://www.w3.org/1999/xlink" \
xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0" \
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


def cell_xml(c, styles, stored=None):
    """stored: the formula's result as (kind, value), kind "value" or "string", or None (no cached result)."""
    name = styles.name(c.fmt, c.role, c.boxed)
    attrs = f' table:style-name="{name}"' if name else ""
    if c.kind == "empty":
        return f"     <table:table-cell{attrs}/>"
    if c.kind in ("formula", "part"):
        f = f" table:formula={quoteattr('of:=' + c.value)}" if c.kind == "formula" else ""
        if c.matrix:
            f += (f' table:number-matrix-rows-spanned="{c.matrix[0]}" '
                  f'table:number-matrix-columns-spanned="{c.matrix[1]}"')
        if stored is None:
            return f"     <table:table-cell{attrs}{f}/>"
        kind, value = stored
        if kind == "string":
            return (f'     <table:table-cell{attrs}{f} office:value-type="string" '
                    f'office:string-value={quoteattr(value)}><text:p>{xml_text(value)}</text:p></table:table-cell>')
        vtype = "percentage" if c.fmt in ("pct", "pct1") else "float"
        return f'     <table:table-cell{attrs}{f} office:value-type="{vtype}" office:value="{odf_number(value)}"/>'

    if c.kind == "text":
        return (f'     <table:table-cell{attrs} office:value-type="string"><text:p>{xml_text(c.value)}</text:p>'
                "</table:table-cell>")
    vtype = "percentage" if c.kind == "percent" else "float"
    return f'     <table:table-cell{attrs} office:value-type="{vtype}" office:value="{odf_number(c.value)}"/>'


CHART_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
            'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
            'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
            'xmlns:xlink="http://www.w3.org/1999/xlink" '
            'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
            'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
            'xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0"')


# How every embedded chart's XML ends: its wall, then the elements its opening left open.
CHART_END = [
    '            <chart:wall chart:style-name="ch_wall"/>',
    "           </chart:plot-area>",
    "          </chart:chart>",
    "         </office:chart>",
    "        </office:body>",
    "       </office:document>",
    "      </draw:object>",
    "     </draw:frame>",
]


def chart_place(sheet, chart):
    """Where a chart sits on its sheet (x, y from the columns and rows before its anchor cell), the sheet's quoted
    name (it has a hyphen) and a function that writes a column's cell range in the chart's address syntax."""
    col_index = ord(chart.anchor[0]) - ord("A")
    x = sum(w for _, w in sheet.columns[:col_index])
    y = sum(h for h, _ in sheet.rows[:chart.anchor[1] - 1])
    t = "'" + sheet.name + "'"

    def rng(c, r1, r2):
        return f"{t}.{c}{r1}:{t}.{c}{r2}"

    return x, y, t, rng


def chart_opening(chart):
    """The lines of a chart document from the end of its styles to its plot area's start: the same in every chart."""
    return [
        "        </office:automatic-styles>",
        "        <office:body>",
        "         <office:chart>",
        f'          <chart:chart svg:width="{chart.width_cm:g}cm" svg:height="{chart.height_cm:g}cm" '
        'chart:class="chart:bar" chart:style-name="ch_chart">',
        f'           <chart:title chart:style-name="ch_title"><text:p>{xml_text(chart.title)}</text:p></chart:title>',
        '           <chart:legend chart:legend-position="bottom" chart:style-name="ch_legend"/>',
        '           <chart:plot-area chart:style-name="ch_plot" chart:data-source-has-labels="both">',
    ]


def chart_xml(sheet, chart):
    """An ODF chart embedded in the flat file (LibreOffice writes them the same way), drawn from the sheet's cells.
    Horizontal bars (chart:vertical), the two series overlapping, the first category on top: a tornado."""
    x, y, t, rng = chart_place(sheet, chart)
    cat_col, cat_first, cat_last = chart.categories
    whole = " ".join(rng(c, label, last) for c, label, _, last, _ in chart.series)
    out = [
        f'     <draw:frame draw:z-index="0" draw:name={quoteattr(chart.name)} svg:width="{chart.width_cm:g}cm" '
        f'svg:height="{chart.height_cm:g}cm" svg:x="{x:g}cm" svg:y="{y:g}cm">',
        f'      <draw:object draw:notify-on-update-of-ranges="{rng(cat_col, cat_first, cat_last)} {whole}">',
        f'       <office:document {CHART_NS} office:version="1.3" '
        'office:mimetype="application/vnd.oasis.opendocument.chart">',
        "        <office:automatic-styles>",
        '         <style:style style:name="ch_title" style:family="chart"><style:text-properties fo:font-size="11pt" '
        'fo:font-weight="bold"/></style:style>',
        '         <style:style style:name="ch_chart" style:family="chart"><style:graphic-properties draw:stroke="none"/>'
        '</style:style>',
        '         <style:style style:name="ch_plot" style:family="chart"><style:chart-properties chart:vertical="true" '
        'chart:overlap="100" chart:gap-width="60" chart:auto-position="true" chart:auto-size="true"/></style:style>',
        '         <style:style style:name="ch_wall" style:family="chart"><style:graphic-properties draw:fill="none" '
        'draw:stroke="none"/></style:style>',
        '         <style:style style:name="ch_cats" style:family="chart"><style:chart-properties '
        'chart:display-label="true" chart:reverse-direction="true" chart:axis-position="0" '
        'chart:axis-label-position="outside-start" chart:tick-marks-major-outer="false" chart:overlap="100" '
        'chart:gap-width="60"/>'
        '<style:text-properties fo:font-size="9pt"/></style:style>',
        '         <style:style style:name="ch_values" style:family="chart"><style:chart-properties '
        'chart:display-label="true" chart:overlap="100" chart:gap-width="60"/><style:text-properties fo:font-size="9pt"/></style:style>',
        '         <style:style style:name="ch_legend" style:family="chart"><style:text-properties fo:font-size="9pt"/>'
        '</style:style>',
    ]
    for i, (_, _, _, _, colour) in enumerate(chart.series):
        out.append(f'         <style:style style:name="ch_s{i}" style:family="chart"><style:graphic-properties '
                   f'draw:stroke="none" draw:fill-color="{colour}"/><style:chart-properties chart:overlap="100" '
                   'chart:gap-width="60"/></style:style>')
    out += [
        *chart_opening(chart),
        '            <chart:axis chart:dimension="x" chart:name="primary-x" chart:style-name="ch_cats">',
        f'             <chart:categories table:cell-range-address="{rng(cat_col, cat_first, cat_last)}"/>',
        "            </chart:axis>",
        '            <chart:axis chart:dimension="y" chart:name="primary-y" chart:style-name="ch_values">',
        '             <chart:grid chart:class="major"/>',
        "            </chart:axis>",
    ]
    for i, (c, label, first, last, _) in enumerate(chart.series):
        out.append(f'            <chart:series chart:style-name="ch_s{i}" chart:class="chart:bar" '
                   f'chart:values-cell-range-address="{rng(c, first, last)}" '
                   f'chart:label-cell-address="{t}.{c}{label}"/>')
    return out + CHART_END


def histogram_chart_xml(sheet, chart):
    """A HistogramChart as an ODF chart embedded in the flat file: upright columns, the bar series stacked without
    gaps (one column per bin, its colour changing where the budget cuts it), and the line on a secondary axis from
    0 to 100%, both axes in percent."""
    x, y, t, rng = chart_place(sheet, chart)
    cat_col, cat_first, cat_last = chart.categories
    series = chart.bars + [chart.line]
    whole = " ".join(rng(c, label, last) for c, label, _, last, _ in series)
    percent = ('<number:percentage-style style:name="ch_pct"><number:number number:decimal-places="0" '
               'number:min-decimal-places="0" number:min-integer-digits="1"/><number:text>%</number:text>'
               '</number:percentage-style>')
    axis_text = '<style:text-properties fo:font-size="8pt"/>'
    out = [
        f'     <draw:frame draw:z-index="1" draw:name={quoteattr(chart.name)} svg:width="{chart.width_cm:g}cm" '
        f'svg:height="{chart.height_cm:g}cm" svg:x="{x:g}cm" svg:y="{y:g}cm">',
        f'      <draw:object draw:notify-on-update-of-ranges="{rng(cat_col, cat_first, cat_last)} {whole}">',
        f'       <office:document {CHART_NS} office:version="1.3" '
        'office:mimetype="application/vnd.oasis.opendocument.chart">',
        "        <office:automatic-styles>",
        "         " + percent,
        '         <style:style style:name="ch_title" style:family="chart"><style:text-properties fo:font-size="11pt" '
        'fo:font-weight="bold"/></style:style>',
        '         <style:style style:name="ch_chart" style:family="chart">'
        '<style:graphic-properties draw:stroke="none"/></style:style>',
        '         <style:style style:name="ch_plot" style:family="chart"><style:chart-properties '
        'chart:vertical="false" chart:stacked="true" chart:overlap="100" chart:gap-width="8" chart:auto-position="true" '
        'chart:auto-size="true"/></style:style>',
        '         <style:style style:name="ch_wall" style:family="chart"><style:graphic-properties draw:fill="none" '
        'draw:stroke="none"/></style:style>',
        '         <style:style style:name="ch_bins" style:family="chart"><style:chart-properties '
        'chart:display-label="true" chart:tick-marks-major-outer="true" chart:text-overlap="false" '
        'chart:overlap="100" chart:gap-width="8"/>' + axis_text + '</style:style>',
        '         <style:style style:name="ch_chance" style:family="chart" style:data-style-name="ch_pct">'
        '<style:chart-properties chart:display-label="true" chart:minimum="0" chart:link-data-style-to-source="false" '
        'chart:overlap="100" chart:gap-width="8"/>' + axis_text + '</style:style>',
        '         <style:style style:name="ch_exceed" style:family="chart" style:data-style-name="ch_pct">'
        '<style:chart-properties chart:display-label="true" chart:minimum="0" chart:maximum="1" '
        'chart:interval-major="0.2" chart:link-data-style-to-source="false"/>' + axis_text + '</style:style>',
        '         <style:style style:name="ch_axis_title" style:family="chart"><style:text-properties '
        'fo:font-size="9pt"/></style:style>',
        '         <style:style style:name="ch_legend" style:family="chart"><style:text-properties fo:font-size="9pt"/>'
        '</style:style>',
    ]
    for i, (_, _, _, _, colour) in enumerate(chart.bars):
        out.append(f'         <style:style style:name="ch_s{i}" style:family="chart"><style:graphic-properties '
                   f'draw:stroke="none" draw:fill-color="{colour}"/><style:chart-properties chart:overlap="100" '
                   'chart:gap-width="8"/></style:style>')
    out.append(f'         <style:style style:name="ch_line" style:family="chart"><style:graphic-properties '
               f'draw:stroke="solid" svg:stroke-width="0.1cm" svg:stroke-color="{chart.line[4]}"/>'
               '<style:chart-properties chart:symbol-type="none"/></style:style>')
    out += [
        *chart_opening(chart),
        '            <chart:axis chart:dimension="x" chart:name="primary-x" chart:style-name="ch_bins">',
        '             <chart:title chart:style-name="ch_axis_title"><text:p>Total cost, $ million</text:p>'
        '</chart:title>',
        f'             <chart:categories table:cell-range-address="{rng(cat_col, cat_first, cat_last)}"/>',
        "            </chart:axis>",
        '            <chart:axis chart:dimension="y" chart:name="primary-y" chart:style-name="ch_chance">',
        '             <chart:title chart:style-name="ch_axis_title"><text:p>Chance in the bin</text:p></chart:title>',
        '             <chart:grid chart:class="major"/>',
        "            </chart:axis>",
        '            <chart:axis chart:dimension="y" chart:name="secondary-y" chart:style-name="ch_exceed">',
        '             <chart:title chart:style-name="ch_axis_title"><text:p>Chance of exceeding</text:p></chart:title>',
        "            </chart:axis>",
    ]
    for i, (c, label, first, last, _) in enumerate(chart.bars):
        out.append(f'            <chart:series chart:style-name="ch_s{i}" chart:class="chart:bar" '
                   f'chart:values-cell-range-address="{rng(c, first, last)}" '
                   f'chart:label-cell-address="{t}.{c}{label}"/>')
    c, label, first, last, _ = chart.line
    out.append('            <chart:series chart:style-name="ch_line" chart:class="chart:line" '
               'chart:attached-axis="secondary-y" '
               f'chart:values-cell-range-address="{rng(c, first, last)}" chart:label-cell-address="{t}.{c}{label}"/>')
    return out + CHART_END


def document(sheet, values=None):
    """One sheet as a flat ODF spreadsheet, as a string. values: {cell address: (kind, value)}, the stored results
    of its formula cells (read_values)."""
    values = values or {}
    styles = Styles()
    body = []
    body.append(f"   <table:table table:name={quoteattr(sheet.name)} table:style-name=\"ta1\">")
    if sheet.charts:
        body.append("    <table:shapes>")
        for chart in sheet.charts:
            body += histogram_chart_xml(sheet, chart) if isinstance(chart, HistogramChart) else chart_xml(sheet, chart)
        body.append("    </table:shapes>")
    for i, (_, width) in enumerate(sheet.columns):
        body.append(f'    <table:table-column table:style-name="co{i + 1}" table:default-cell-style-name="Default"/>')
    row_styles = {}
    for r, (height, cells) in enumerate(sheet.rows, start=1):
        if height is None:
            rs = "ro_auto"
        else:
            rs = row_styles.setdefault(height, f"ro_{height:g}".replace(".", "_"))
        body.append(f'    <table:table-row table:style-name="{rs}">')
        if not cells:
            body.append("     <table:table-cell/>")
        for i, c in enumerate(cells):
            body.append(cell_xml(c, styles, values.get(f"{col(i)}{r}") if c.kind in ("formula", "part") else None))
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
        'fo:margin-right="1cm" style:scale-to-X="1" style:scale-to-Y="1" style:print="charts drawings objects zero-values" '
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


def sheets():
    models, accelerators = load_data()
    return [llama_comparison(models), model_budgets(models, accelerators), unit_cookbook(), training_budget(),
            quarter_plan(models, accelerators)]


# ---------------------------------------------------------------------------------------------------------------
# Stored results
#
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


def refresh_values(oxt, path=VALUES_FILE):
    """Recalculates every sheet in a headless LibreOffice with the extension (tests/integration/office.py) and
    writes every formula cell's result to path. Fails, writing nothing, when any formula cell holds an error."""
    import tempfile
    sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))
    from office import Office, shown
    from com.sun.star.table.CellContentType import FORMULA as FORMULA_CELL

    rows, errors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for s in sheets():
            with open(os.path.join(tmp, s.name + ".fods"), "w", encoding="utf-8") as f:
                f.write(document(s))
        with Office("/usr/lib/libreoffice/program/soffice", "/usr/lib/libreoffice/program/unopkg", [oxt]) as office:
            for s in sheets():
                doc = office.open_copy(os.path.join(tmp, s.name + ".fods"))
                try:
                    doc.calculateAll()
                    sheet = doc.Sheets.getByIndex(0)
                    for r, (_, cells) in enumerate(s.rows):
                        for c, cell in enumerate(cells):
                            if cell.kind not in ("formula", "part"):
                                continue
                            live = sheet.getCellByPosition(c, r)
                            assert live.getType() == FORMULA_CELL
                            address = f"{col(c)}{r + 1}"
                            if live.getError():
                                errors.append(f"{s.name}!{address}: {live.getString()}")
                            elif live.FormulaResultType2 == 2:  # com.sun.star.sheet.FormulaResult.STRING
                                # The text as it shows: the key after a Ballpark result names a recipe in the
                                # memory of the office that computed it, which no other office holds.
                                rows.append((s.name, address, "string", shown(live.getString())))
                            else:
                                rows.append((s.name, address, "value", repr(live.getValue())))
                finally:
                    doc.close(True)
    if errors:
        raise SystemExit("cells holding errors after recalculating, nothing written: " + ", ".join(errors))
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["sheet", "cell", "kind", "value"])
        w.writerows(rows)
    print(f"{path}: {len(rows)} formula results")


def build():
    """{file name: contents} for every sample sheet, with the stored results of computed-values.csv."""
    values = read_values()
    return {f"{s.name}.fods": document(s, values.get(s.name)) for s in sheets()}


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
