"""The unit-cookbook sheet: conversions a training planner needs, with UNITCONVERT, QTY and QTYVALUE."""

from .cells import blank, call, formula, q, ref, text
from .grid import Sheet


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
