#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/expression and fuzz/corpus/units from the golden tests, the unit table
and a list of tricky inputs below. Rerun after the golden files or the unit table change; the fuzzers grow their
own corpora from these seeds in the build directory, so only the seeds are committed."""
import hashlib
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
out_expr = root / "fuzz/corpus/expression"
out_units = root / "fuzz/corpus/units"


def write(folder, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


# Every "> line" of the golden files is an expression or a notebook line.
golden_lines = []
for path in sorted((root / "tests/golden").glob("*.golden")):
    golden_lines += [line[2:] for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("> ")]

# The whole worked example as one notebook, so the session fuzzing starts from functions and variables.
seed = [line[2:] for line in (root / "tests/golden/seed.golden").read_text(encoding="utf-8").splitlines()
        if line.startswith("> ")]

# Unit names, plurals and symbols, and the definitions, from the table.
table = (root / "core/src/data/units_table.cpp").read_text(encoding="utf-8")
units = set()
for name, plural, symbols, _base, definition in re.findall(
        r'\{"([^"]*)", "([^"]*)", "([^"]*)", ([^,]+), "([^"]*)",', table):
    units.update(u for u in [name, plural, definition, *symbols.split()] if u)
prefixed = ["kW", "kWh", "MWh", "GWh", "TFLOP", "PFLOP", "EFLOP", "TFLOP/s", "PFLOP/s*day", "GiB", "KiB", "MiB",
            "TB", "kB", "Gbit", "ms", "us", "µs", "μs", "ns", "kilowatt", "teraFLOP", "mebibyte", "km", "mm", "QFLOP",
            "qm", "million hour", "GPU hour", "m^2", "m²", "s⁻¹", "kg·m²/s²", "kg*m/s^2", "1/s", "W / A", "$/hour",
            "FLOP/B", "FLOPS", "TFLOPS", "%", "pct", "$", "USD", "B/s", "GB/s", "J/(kg*K)", "(m/s)^2", "m^-1"]
odd_units = ["", " ", "1", "0", "0 m", "-1 m", "1e308 m * 1e308", "1e-320 m", "m^60", "m^61", "m^0.5", "m^(1/2)",
             "hourz", "KB", "b", "T", "M", "as", "to", "m^999999999999", "m⁹⁹⁹", "s^-1024", "(((m)))", "m/", "/m",
             "m**2", "m^", "1/0", "3 to 5 m", "x", "Ω", "\u00a0m", "m\u0000", "\u0001", "\xff".encode("latin-1"),
             "\xc3\x28".encode("latin-1"), "m" * 201, "m" * 200, "-321e-320 m", "1e-308 m", "kg" + "·m" * 70]

tricky = [
    "", " ", "#", "# only a comment", "1 # comment", "1 # \xff".encode("latin-1"), "\u00a0", "1\u00a02",
    "(" * 600 + "1" + ")" * 600, "-" * 600 + "1", "2^" * 600 + "2", "1" + "+1" * 600, "1 " + "m " * 500,
    "1e308 * 10", "1e309", "-1e309", "1e-320", "1e-400", "1e-320 * 1e-10", "0.1e-323", "1e308 + 1e308",
    "(1 to 2) ^ 1024", "2 ^ 1025", "2 ^ -1075", "2 ^ -1074", "1e-320 to 3e-320", "(0 to 1) ^ 1024", "10⁻³⁰⁹", "10 ^ -320",
    "1e300 m as 1e-300 m", "1e-320 m as m", "10 ^ 308 * 10", "exp(710)", "exp(-746)", "ln(0)", "log10(0 to 1)",
    "sqrt(-1)", "sqrt(-1 to 1)", "1 / 0", "0 / 0", "1 / (0 to 1)", "(-1 to 1) ^ -1", "(-8) ^ (1/3)", "0 ^ -1",
    "0 ^ 0", "nan", "inf", "NaN * 1", "x", "x\nx=nan", "x\nx=inf", "x\nx=-inf", "x * y\nx=1e308\ny=10",
    "x\nx=1e-320", "x + 1\nx=3 hour", "x\nx=x", "x\nx=1 to", "f(2)\nf(a)=a", "a b c\na=1\nb=2\nc=3",
    "f(x) = f(x)\nf(1)", "f(x) = g(x)\ng(x) = f(x)\nf(1)", "f(x) = x\nf(1, 2)", "f(x, x) = x", "x = x + 1",
    "x = 1\nx = x + 1\nx", "f() = 3\nf()", "f = 3", "= 3", "3 =", "a = b = c", "1 2", "1 ,2", "1;2",
    "min()", "max(1 m, 2 s)", "low(3 to 5 s) as hour", "central(1 to 2)", "abs(-3 to 2)", "$2.50 * 3",
    "$", "%", "50%", "3 to 5 day", "5 to 3", "1 to 2 to 3", "2EB", "3e", "3e+", ".5", "5.", "..5", "1.2.3",
    "² 3", "3²", "3⁻¹", "3⁻", "3⁻⁻1", "3¹²³⁴", "m²³", "3 × 4 · 5 ⋅ 6 − 7 ÷ 8", "3 hourz", "70 billon", "1 KB",
    "x" * 201, "x" * 200, "é" * 201, "ünïcödé", "日本語", "🙂", "\ud800".encode("utf-8", "surrogatepass"),
    "\xc0\x80".encode("latin-1"), "\xed\xa0\x80".encode("latin-1"), "\xf4\x90\x80\x80".encode("latin-1"),
    "1\x00".encode("latin-1"), "\x00".encode("latin-1"), "1\x01+2", "1\x7f", "1\t+\r2", "1\n+2",
    "6 FLOP * params * tokens / (312 TFLOP/s * (35% to 55%)) as million hour\nparams=70 billion\ntokens=2e12",
    "8.4e23 FLOP as hour", "1 as", "1 as m to", "1 m as (m)", "1 m as 2 m", "1 m as m^-1", "1 m as 0 m",
    "2 ^ (1 to 2)", "2 ^ (1 m)", "m ^ 0.5", "(1 m) ^ 0.5", "(4 m^2) ^ 0.5", "(1 m) ^ 61", "(1 m) ^ 1e300",
    "1 / (1 m) ^ 60 / m", "1 GiB as MiB", "1 kWh as J", "exp(1 m)", "sqrt(4 m^2)", "min(1 m, 2 m, 0.5 m)",
    "f(" * 70 + "1" + ")" * 70, "g(x)=x\n" + "g(" * 70 + "1" + ")" * 70,
    # Issue 19: hyphens between names, a minus beside a variable and a product of every part between units.
    "years-months\nyears=5\nmonths=3", "2 years-months\nyears=5\nmonths=3", "hour-day-x\nx=1 day^2",
    "3 GPU-day-hour", "$6 / GPU-hour-day", "3 foot-pound", "3 ft-lb", "1 inch-pound as J", "2 pound-second",
    "a-b-c-d\na=1\nb=2", "GPU-" * 300 + "hour", "-GPU-hour", "light-year-hour", "m-s-kg",
    # Money suffixes: thousand, million, billion, trillion after a dollar amount, a unit after a space.
    "$10K", "$10m", "$10MM", "$5bn", "$2T", "$2tn", "$-2.5K", "$10 m", "$1e308T", "$10KK", "K$", "$10K as k$",
    # rpm as cycles, and the refused conversions between cycles and angles per time.
    "60 rpm as Hz", "60 rpm as rad/s", "1 turn/s as Hz", "1 turn/s / turn as Hz", "1 Hz^2 as rad^2/s^2",
    "(1 rpm)^-0.5 as (rad/s)^-0.5", "max(1 rpm, 1 Hz) as deg/s",
    # What a value counts travels with it: through a variable, a function, arithmetic, sums and powers.
    "x as rad/s\nx = 60 rpm", "x / 2 as rad/s\nx = 60 rpm", "x * turn as rad/s\nx = 60 rpm", "f(x) as rad/s\nf(w) = 2 * w\nx = 60 rpm",
    "2 pi rad/s as Hz", "2 pi rad/s / turn as Hz", "60 rpm * turn as Hz", "60 rpm + 1 rad/s", "1/s + 60 rpm as rad/s",
    "1 turn/s", "1 rad/s", "sqrt(1 rad) as deg", "(1 deg)^100 as rad^2", "rad^61 * rad^61 / rad", "60 rpm to 10 rad/s",
    "sum(1/s, 60 rpm, 1 rad/s)", "normal(60 rpm, 1 rad/s)", "1 Jy * 1 GHz as W/m^2", "1 sqdeg as sr",
    # "to" before a bare unit converts; a number or a variable on the right keeps the range.
    "3 ft to m", "2.54 cm to inch", "(1 to 3) m to ft", "1 to 3 m", "1 m to 2 m", "10 thousand to million", "3 to m",
    "t1 to h\nt1 = 2 hour\nh = 5 hour", "3 ft to m to ft", "3 ft to m as ft", "1 to ft^-2", "x to m\nx = 1 to 2 ft",
    # percentile with a "%" in its argument is the percentage itself.
    "percentile(1 to 10, 95%)", "percentile(1 to 10, 100% - 5%)", "percentile(1 to 10, 0.1%)", "percentile(x, p) = x",
    "percentile(1 to 10, percentile(1 to 3, 50%) %)", "percentile(1 to 10, 100%)", "percentile(1 to 10, 0%)",
    # pi, per, in, and a unit declared in both numbers.
    "2 * pi", "2 π", "pi as deg", "pi = 3\n2 * pi", "Pi", "PiB", "$2 per GPU-hour", "100 kWh per 2 hour", "per",
    "per = 3\n2 * per", "5 per", "per per per", "3 in", "3 ft in m", "unit tokens\nunit token", "unit token\nunit tokens",
    # Temperatures on scales with an offset: points, differences, and what is refused.
    "20 degC as degF", "300 K as degC", "20 °C to °F", "-40 degC as degF", "20 to 25 degC as degF", "-20 to -10 degC",
    "(20 to 25) degC", "20 degC + 5 K", "25 degC - 20 degC", "(25 degC - 20 degC) as degC", "20 degC + 10 degC",
    "2 * 20 degC", "(20 degC)^2", "sqrt(20 degC)", "5 W/degC", "degC", "1 as degC", "t = 20 degC\n-t", "3 degC degC",
    "max(20 degC, 300 K)", "sd(20 to 25 degC)", "1e308 degC", "-1e308 degF as degC", "22 [20, 25] degC", "20 ℃ as ℉",
    "degC = 3\n2 degC", "20 degC as K * 2", "(20 degC as K) * 2", "20 degF - 300 K", "5 K - 20 degC",
    # Issue 32: "to" after any unit converts, a number word or the same unit alone is refused, scale words share
    # units, a hyphen between a number and an amount is refused, $10mm is a million, temperatures below 0 K.
    "0.01 rad to deg", "pi/2 to deg", "1 turn to deg", "0.05 to %", "5% to ppm", "pi/2 to pi", "3 to dozen",
    "0.5 mile to mile", "0.9 c to c", "gross to net\ngross = 9\nnet = 5", "10 thousand to 1 million",
    "1 billion to 2 billion hour", "-2 billion to -1 billion hour", "1 thousand to 2 million hour",
    "1 billion to 2 billion GPU hour", "1 billion to 2 hour", "35-55%", "35 - 55 %", "2-3 hour", "1-2 billion",
    "10-20 TFLOP/s", "u = 35-55%", "1 + 35-55%", "-5-3%", "1 - 5%", "10 + 5%", "x - 5%\nx = 0.9", "(1+2)-3 hour",
    "$10mm", "$2.5mm", "$-1mm", "$10t", "$10g", "$10TN", "$10mm/year", "$10 mm",
    "d = 25 degC - 20 degC\nmax(d, 1 K) as degC", "sqrt((25 degC - 20 degC)^2) as degC", "max(25 degC - 20 degC, 20 degC)",
    "20 degC - 300 K", "-500 degF as K", "-5 K as degC", "-273.15 degC", "-273.16 degC", "(-300 to 20) degC",
    "20 degC - (0 to 300 K)", "35\u201355%", "2\u20143 hour", "GPU\u2013hour", "2 - 3 hour", "100 - 5%",
    # Issue 32: wide ranges as the 90% reading prints them, each end in its own power of ten, and their far
    # percentiles; sums and max/min of a few ranges far out.
    "1e20 to 1e31 FLOP", "3.2 × 10²⁵ [1.0 × 10²⁰, 1.0 × 10³¹] FLOP", "3.2 × 10^25 [1.0 × 10^20, 1.0 × 10^31] FLOP",
    "1.0 × 10¹⁵ [1.0, 1.0 × 10³⁰]", "-1.0 × 10¹⁵ [-1.0 × 10³⁰, -1.0]", "1.0 × 10⁻¹⁰ [1.0 × 10⁻²⁰, 1.0]",
    "95000 [3.0, 3.0 × 10⁹]", "6.3 × 10⁷ [2.0, 2.0 × 10¹⁵]", "1.3 × 10¹⁰ [1.3 × 10⁻⁵, 1.3 × 10²⁵]",
    "-5.0 [-10, 0] × 10²⁹", "percentile((1 to 30) + (1 to 30) + (1 to 30), 99.9)",
    "percentile(max(1 to 3, 2 to 4), 99.9)", "percentile(min(1 to 3, 2 to 4, -1 to 5), 0.1)",
    "percentile((1 to 1e6) + (1 to 1e6) + (1 to 1e6), 0.1)", "percentile(max(1 to 1e30, 1e10 to 1e20), 99.9)",
    # Issue 44: correlations whose names are misspelt, capitalised, bound to nothing, to a number or to two ranges,
    # pairs stated twice, and a rank matrix the normal copula cannot hold; as a call's bindings and as a session.
    *["1000 * price / u\nu=25% to 60%\nprice=2 to 4\ncorrelation=" + pairs for pairs in (
        "u, price: 0.5", "u, prcie: 0.5", "U, price: 0.5", "u, gpus: 0.3", "u, price: 0.5; price, u: -0.5",
        "u, price: 0.5; u, price: 0.5", "u, u: 0.5", "u, : 0.5", "u, price: 0.5;;", "correlation, u: 0.5")],
    "1000 * price / u\nu=0.4\nprice=2 to 4\ncorrelation=u, price: 0.5",
    "1000 * price / u\nu=(25% to 30%) * (1 to 2)\nprice=2 to 4\ncorrelation=u, price: 0.5",
    "a + b + c\na=1 to 2\nb=1 to 2\nc=1 to 2\ncorrelation=a, b: -0.49; a, c: -0.49; b, c: -0.49",
    "u = 25% to 60%\nprice = 2 to 4\ncorrelation(u, prcie) = 0.5\n1000 * price / u",
    "u = 25% to 60%\nprice = 2 to 4\ncorrelation(U, price) = 0.5\n1000 * price / u",
    "correlation(u, gpus) = 0.3\nu = 25% to 60%\nprice = 2 to 4\ncost = 1000 * price / u",
    "u = 25% to 60%\nprice = 2 to 4\ncorrelation(u, price) = 0.5\ncorrelation(price, u) = -0.5\n1000 * price / u",
    "u = 25% to 60%\nprice = 2 to 4\ncorrelation(u, price) = 0.5\ncorrelation(u, price) = 0.5",
    "correlation(a, b, c) = [1, -0.49, -0.49; -0.49, 1, -0.49; -0.49, -0.49, 1]",
    "mode dist\ncorrelation(u, price) = 0.5\nu = 25% to 60%\nprice = 2 to 4\nf(x) = x * price / u\nf(1000)",
]

for line in golden_lines + tricky:
    write(out_expr, line)
write(out_expr, "\n".join(seed))

# Result texts as cells hold them, with a key after them (core/include/ballpark/linked.hpp: U+2063 and 24 variation
# selectors), and what sheets make of them: joined into a longer text, a word substituted, pasted after another
# text, a key of an earlier version (U+2060 and 16 selectors), one cut short.
key = "\u2063" + "".join(chr(0xFE00 + int(d, 16)) for d in "0123456789abcdef01234567")
old_key = "\u2060" + "".join(chr(0xFE00 + int(d, 16)) for d in "fedcba9876543210")
for text in ("1.7 [1.4, 2.1] million hour", "1.6 [90%: 1.4, 2.0] million hour", "22 [21, 22] degC", "$1.02 × 10⁷"):
    for keyed in (text + key, "2 * " + text + key, text + key + " * 2", text.replace("million", "thousand") + key,
                  "1 hour" + key, text + old_key, text + key[:10], key, key + key):
        write(out_expr, keyed)
for u in sorted(units) + prefixed:
    write(out_expr, "1 " + u)
    write(out_units, u)
for u in odd_units:
    write(out_units, u)
pairs = [("kWh", "J", "2"), ("PFLOP/s*day", "FLOP", "1"), ("GiB", "MB", "3"), ("hour", "FLOP", "1"),
         ("TFLOP/s", "PFLOP/s", "312"), ("million hour", "hour", "1.5"), ("m", "ft", "nan"), ("m", "ft", "inf"),
         ("1e-300 m", "1e300 m", "1"), ("1e300 m", "1e-300 m", "1"), ("%", "", "50"), ("day", "year", "1e308"),
         ("ft", "m", "1e-320"), ("B", "bit", "-0"), ("m^60", "ft^60", "1"), ("1e-200 m", "1e-300 m", "1e-200"),
         ("degC", "degF", "20"), ("K", "°C", "300"), ("°F", "K", "-1e308"), ("W/degC", "W/K", "1"), ("degC", "K", "nan"),
         ("rpm", "rad/s", "60"), ("rpm*turn", "Hz", "1"), ("turn/s", "rpm", "1"), ("kHz", "deg/s", "1"), ("rad^60", "deg^60", "1")]
for a, b, n in pairs:
    write(out_units, f"{a}\n{b}\n{n}")
    write(out_units, f"{a}\n{b}")
