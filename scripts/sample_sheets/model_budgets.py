"""The model-budgets sheet: the GPU-hours, cost, wall-clock time and energy of each model's training run."""

from .cells import blank, call, empty_if, formula, num, pct, q, ref, scaled, text
from .data import in_scale, number
from .grid import Sheet


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
