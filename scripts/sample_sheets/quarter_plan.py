"""The quarter-plan sheet: a quarter's runs one row each, their totals, the chance of staying under the budget, and
the pictures of the total (histogram, sparklines)."""

from .cells import blank, call, formula, num, part, pct, q, ref, text
from .data import in_scale, number
from .grid import Chart, HistogramChart, Sheet


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
