"""The training-budget sheet: five uncertain inputs of one run, guaranteed bounds beside the 90% interval, and the
input that matters most (a tornado chart)."""

from .cells import blank, call, formula, num, pct, q, ref, text
from .grid import Chart, Sheet


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
