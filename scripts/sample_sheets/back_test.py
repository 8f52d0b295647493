"""The back-test sheet: every published training run of the record (training-runs.csv) estimated with a planner's
utilization range and with the recorded utilization, against the GPU-hours it reported; the share of runs each
range holds, overall, by accelerator generation and by model size; and a histogram of the implied utilizations."""

from .cells import call, formula, num, pct, q, ref, text
from .data import in_scale
from .grid import Sheet

# The model-size classes, by the parameters active per token (billion): a class holds sizes from its lower edge up
# to the next class's.
SIZE_CLASSES = [("under 10B", 0), ("10B to 100B", 10), ("100B and more", 100)]
GENERATIONS = ["Volta", "Ampere", "Hopper", "TPU v4"]
# The histogram's bins of implied utilization: from each edge to the next, the last one closed.
HISTOGRAM_EDGES = [0.0, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50, 0.55]
PRIOR = "recorded_utilization()"


def size_class(billions):
    return [name for name, edge in SIZE_CLASSES if billions >= edge][-1]


def back_test(runs):
    columns = [
        ("Model", 4.4),
        ("Active parameters (billion)", 2.2),
        ("Training tokens (trillion)", 2.2),
        ("Accelerator", 3.0),
        ("Generation", 1.9),
        ("Model size", 2.9),
        ("Peak, dense bf16 (TFLOP/s)", 2.0),
        ("Reported GPU-hours (million)", 2.4),
        ("Estimate, low (million GPU-hours)", 2.3),
        ("Estimate, high (million GPU-hours)", 2.3),
        ("Reported inside the planner's range?", 2.3),
        ("Estimate ÷ reported (central)", 2.2),
        ("Implied utilization", 2.1),
        ("Recorded utilization, 5th percentile (million GPU-hours)", 2.6),
        ("Recorded utilization, 95th percentile (million GPU-hours)", 2.6),
        ("Reported inside its 90%?", 2.2),
        ("Distilled or pruned", 2.2),
        ("Source of the figures", 12.0),
        ("Note", 14.0),
    ]
    s = Sheet("back-test", columns, freeze_rows=8)
    s.add([text("Back-test: GPU-hours estimated from model size and hardware, against the hours published training "
                "runs reported", "title")], height=0.6)
    s.add([text("Each run: 6 FLOP × active parameters × tokens ÷ (peak × utilization), with the planner's "
                "utilization range below (a yellow input: change it to see the share of runs it would have held) "
                "and with recorded_utilization(), the utilization the record's hours imply. Implied utilization = "
                "the utilization at which the estimate equals the reported hours.", "note")])
    s.add([text("Reported hours include downtime, restarts and repeated steps. Figures and sources: "
                "sample-sheets/data/training-runs.csv (from each run's paper or model card).", "note")])
    util_lo = s.add([text("Planner's utilization, low", "label"), pct(0.35)])
    util_hi = s.add([text("Planner's utilization, high", "label"), pct(0.55)])
    s.add([])
    s.add([])
    s.header()
    LO, HI = ref("B", util_lo, True), ref("B", util_hi, True)
    first = len(s.rows) + 1
    for run in runs:
        r = len(s.rows) + 1
        B, C, G, H, I, J, N, O = (ref(c, r) for c in "BCGHIJNO")
        P, T, peak, reported = f"{B}*1E9", f"{C}*1E12", f"{G}*1E12", f"{H}*1E6"
        billions = float(run["params_active"]) / 1e9

        def hours(utilization, part):
            return formula(call("GPUHOURS", P, T, peak, *utilization, q("million hour"), q(part)), "two")

        planner = (LO, HI)
        prior = (q(PRIOR), None)
        s.record([
            text(run["model"]),
            num(in_scale(run["params_active"], 1e9), "three"),
            num(in_scale(run["tokens"], 1e12), "three"),
            text(run["accelerator"]),
            text(run["generation"]),
            text(size_class(billions)),
            num(in_scale(run["peak_flops"], 1e12), "one"),
            num(in_scale(run["reported_gpu_hours"], 1e6), "three"),
            hours(planner, "low"),
            hours(planner, "high"),
            formula(f'IF(AND({H}>={I};{H}<={J});"yes";"no")', "text", "center"),
            formula(f'{call("GPUHOURS", P, T, peak, *planner, q("million hour"))}/{H}', "ratio"),
            formula(call("IMPLIEDUTIL", reported, P, T, peak), "pct1"),
            hours(prior, "p5"),
            hours(prior, "p95"),
            formula(f'IF(AND({H}>={N};{H}<={O});"yes";"no")', "text", "center"),
            text("yes: " + run["distilled"] if run["distilled"] else "no", "wrap"),
            text(run["source"], "wrap"),
            text(run["note"], "wrap"),
        ])
    last = len(s.rows)
    s.add([])

    def rows_of(c):
        return f"[.${c}${first}:.${c}${last}]"

    inside, prior_inside = rows_of("K"), rows_of("P")
    s.add([text("Share of reported hours inside", "header"), text("Runs", "header"),
           text("Planner's range", "header"), text("Recorded utilization's 90%", "header")])

    # SUMPRODUCT rather than COUNTIFS for what reads Ballpark's cells: it passes on their errors, so that without
    # the extension a share shows an error after a recalculation instead of a count of 0.
    def share(label, *conditions):
        selected = "".join(f"({rows_of(c)}={q(v)})*" for c, v in conditions)
        count = (f"COUNTIFS({';'.join(f'{rows_of(c)};{q(v)}' for c, v in conditions)})" if conditions
                 else f"COUNTA({rows_of('A')})")
        s.add([text(label, "wrap"),
               formula(count, "int"),
               formula(f'SUMPRODUCT({selected}({inside}="yes"))/{count}', "pct"),
               formula(f'SUMPRODUCT({selected}({prior_inside}="yes"))/{count}', "pct")])

    share("Every run")
    share("Every run but the distilled or pruned", ("Q", "no"))
    for g in GENERATIONS:
        share(f"Generation: {g}", ("E", g))
    for name, _ in SIZE_CLASSES:
        share(f"Model size: {name}", ("F", name))
    s.add([])
    s.add([text("Implied utilization, from", "header"), text("to", "header"), text("Runs", "header"),
           text("Share of runs", "header")])
    implied = rows_of("M")
    for k in range(len(HISTOGRAM_EDGES) - 1):
        lo, hi = HISTOGRAM_EDGES[k], HISTOGRAM_EDGES[k + 1]
        r = len(s.rows) + 1
        upper = "<=" if k == len(HISTOGRAM_EDGES) - 2 else "<"
        count = f'SUMPRODUCT(({implied}>={ref("A", r)})*({implied}{upper}{ref("B", r)}))'
        s.add([pct(lo, "plain"), pct(hi, "plain"), formula(count, "int"),
               formula(f"{count}/COUNTA({rows_of('A')})", "pct")])
    return s
