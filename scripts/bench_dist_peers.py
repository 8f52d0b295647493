#!/usr/bin/env python3
"""Ballpark's distribution mode against Squiggle (npm @quri/squiggle-lang) on the programs of
bench/peers/dist_programs.tsv: the 5th, 50th and 95th percentiles of each against the reference values, and the
time of a program run; writes the tables into docs/performance.md between '<!-- dist-peers:begin -->' and
'<!-- dist-peers:end -->'.

Usage: scripts/bench_dist_peers.py [BUILD_DIR] [--no-write] [--runs N] [--sample-counts 1000,10000]
       scripts/bench_dist_peers.py --update-references

  BUILD_DIR (default build) holds cli/ballpark (the percentiles, read through `--mode=dist -e`), the Google Benchmark
  binary bench/ballpark_core_bench or bench/ballpark_bench (the times: its benchmarks with `Dist` in the name that
  end in `/<program name>`, e.g. `DistFromCachedTree/four_input`, and `DistUncached/four_input` for parse +
  evaluate) and bench/peers with squiggle_bench.mjs and its node_modules (else bench/peers of the source tree is
  used, after `npm ci` there). A part that is missing is reported in the output and left out; the rest still runs.
  Times are CPU times on both sides: on a shared machine the wall time also counts the waits for a core.
  --update-references recomputes the reference columns of the table of programs (see "References" below) and
  rewrites them; every other run recomputes them too and stops when the file disagrees.

References: computed here from the Ballpark text, independently of both tools, with Python's standard library only.
`a to b` is a lognormal with 5th/95th percentiles a and b when a > 0, else a normal with those percentiles; every
range is its own independent input, and a name stands for the same input wherever it is used. A program is
followed symbolically as one of two forms:
  - a product  exp(c) * prod X_i^e_i  of lognormal inputs, whose logarithm is normal: exact percentiles;
  - a linear combination  c + sum k_i X_i : exact when every X_i is normal (a normal) or when one input is left (a
    monotone map of it); with two independent inputs, the distribution function of the sum by numerical
    integration over one of them (Simpson's rule on 4,000 intervals, agreeing with a 2-million-sample Monte Carlo
    to its own sampling error) and the percentiles by bisection on it.
Anything else has no reference and is left blank.
"""
import argparse
import datetime
import json
import math
import os
import re
import statistics
import subprocess
import sys
from statistics import NormalDist

from bench_report import cpu_name, write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = os.path.join(ROOT, "bench", "peers", "dist_programs.tsv")
BENCH_REPS = 5
BENCH_MIN_TIME = 0.2
# The name the program's result is bound to, so that its percentiles can be asked for.
RESULT_NAME = "bench_result"

# ---------------------------------------------------------------------------------------------------------------
# References

STANDARD = NormalDist()
Z95 = STANDARD.inv_cdf(0.95)
PERCENTILES = (0.05, 0.5, 0.95)


class Input:
    """One `a to b`: a lognormal (mu, sigma of its logarithm) or a normal (mean mu, standard deviation sigma)."""

    def __init__(self, low, high):
        if not low < high:
            raise ValueError(f"A range needs its low end below its high end; found {low} to {high}.")
        self.lognormal = low > 0
        if self.lognormal:
            low, high = math.log(low), math.log(high)
        self.mu = (low + high) / 2
        self.sigma = (high - low) / (2 * Z95)

    def quantile(self, p):
        x = self.mu + self.sigma * STANDARD.inv_cdf(p)
        return math.exp(x) if self.lognormal else x

    def cdf(self, x):
        if self.lognormal:
            if x <= 0:
                return 0.0
            x = math.log(x)
        return 0.5 * math.erfc(-(x - self.mu) / (self.sigma * math.sqrt(2)))


class Form:
    """A value as a linear combination (lin: constant, {input: coefficient}) and/or a product of lognormal inputs
    (log: log of the constant factor, {input: exponent}); either may be None when the value is not of that shape."""

    def __init__(self, lin=None, log=None):
        self.lin = _clean(lin)
        self.log = _clean(log)
        # A value of both shapes gets both, so that later operations can use either.
        if self.lin and not self.log:
            c, terms = self.lin
            if not terms and c > 0:
                self.log = (math.log(c), {})
            elif c == 0 and len(terms) == 1:
                (x, k), = terms.items()
                if x.lognormal and k > 0:
                    self.log = (math.log(k), {x: 1.0})
        if self.log and not self.lin:
            c, terms = self.log
            if not terms:
                self.lin = (math.exp(c), {})
            elif len(terms) == 1 and next(iter(terms.values())) == 1.0:
                self.lin = (0.0, {next(iter(terms)): math.exp(c)})

    @staticmethod
    def constant(c):
        return Form(lin=(float(c), {}))

    @staticmethod
    def of(x):
        return Form(lin=(0.0, {x: 1.0}), log=(0.0, {x: 1.0}) if x.lognormal else None)

    def constant_value(self):
        if self.lin and not self.lin[1]:
            return self.lin[0]
        return None

    def __add__(self, other):
        other = _form(other)
        return Form(lin=_combine(self.lin, other.lin, 1.0))

    __radd__ = __add__

    def __sub__(self, other):
        return Form(lin=_combine(self.lin, _form(other).lin, -1.0))

    def __rsub__(self, other):
        return _form(other) - self

    def __neg__(self):
        return Form(lin=_scale(self.lin, -1.0))

    def __mul__(self, other):
        other = _form(other)
        lin = None
        if other.constant_value() is not None:
            lin = _scale(self.lin, other.constant_value())
        elif self.constant_value() is not None:
            lin = _scale(other.lin, self.constant_value())
        return Form(lin=lin, log=_combine(self.log, other.log, 1.0))

    __rmul__ = __mul__

    def __truediv__(self, other):
        other = _form(other)
        k = other.constant_value()
        lin = _scale(self.lin, 1.0 / k) if k else None
        return Form(lin=lin, log=_combine(self.log, other.log, -1.0))

    def __rtruediv__(self, other):
        return _form(other) / self

    def __pow__(self, k):
        k = _form(k).constant_value()
        if k is None:
            return Form()
        c = self.constant_value()
        if c is not None:
            return Form.constant(c ** k)
        if not self.log:
            return Form()
        c, terms = self.log
        return Form(log=(c * k, {x: e * k for x, e in terms.items()}))

    def percentiles(self):
        """((p5, median, p95), how) or (None, None) when no reference applies."""
        if self.log:
            c, terms = self.log
            mu = c + sum(e * x.mu for x, e in terms.items())
            sigma = math.sqrt(sum((e * x.sigma) ** 2 for x, e in terms.items()))
            return tuple(math.exp(mu + sigma * STANDARD.inv_cdf(p)) for p in PERCENTILES), "closed form"
        if not self.lin:
            return None, None
        c, terms = self.lin
        if not terms:
            return (c, c, c), "closed form"
        if all(not x.lognormal for x in terms):
            mu = c + sum(k * x.mu for x, k in terms.items())
            sigma = math.sqrt(sum((k * x.sigma) ** 2 for x, k in terms.items()))
            return tuple(mu + sigma * STANDARD.inv_cdf(p) for p in PERCENTILES), "closed form"
        if len(terms) == 1:
            (x, k), = terms.items()
            return tuple(c + k * x.quantile(p if k > 0 else 1 - p) for p in PERCENTILES), "closed form"
        if len(terms) == 2:
            return _two_inputs(c, list(terms.items())), "numerical integration"
        return None, None


def _form(v):
    return v if isinstance(v, Form) else Form.constant(v)


def _clean(shape):
    if shape is None:
        return None
    c, terms = shape
    return (c, {x: k for x, k in terms.items() if k != 0})


def _scale(shape, k):
    if shape is None:
        return None
    c, terms = shape
    return (c * k, {x: v * k for x, v in terms.items()})


def _combine(a, b, sign):
    if a is None or b is None:
        return None
    terms = dict(a[1])
    for x, k in b[1].items():
        terms[x] = terms.get(x, 0.0) + sign * k
    return (a[0] + sign * b[0], terms)


def _two_inputs(c, terms, steps=4000, span=12.0):
    """Percentiles of c + k1 X1 + k2 X2 (independent): P(S <= s) = E over X1 of P(k2 X2 <= s - c - k1 X1), the
    expectation taken over X1's standard normal variate z in [-span, span] by Simpson's rule."""
    (x1, k1), (x2, k2) = terms
    h = 2 * span / steps
    nodes = []
    for i in range(steps + 1):
        z = -span + i * h
        weight = (1 if i in (0, steps) else 4 if i % 2 else 2) * h / 3 * math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
        value = x1.mu + x1.sigma * z
        nodes.append((c + k1 * (math.exp(value) if x1.lognormal else value), weight))

    def cdf(s):
        total = 0.0
        for shift, weight in nodes:
            t = (s - shift) / k2
            total += weight * (x2.cdf(t) if k2 > 0 else 1 - x2.cdf(t))
        return total

    # A bracket from each term's own extreme quantiles: the sum's percentiles lie inside.
    tail = 1e-9
    lo_all = c + sum(min(k * x.quantile(tail), k * x.quantile(1 - tail)) for x, k in terms)
    hi_all = c + sum(max(k * x.quantile(tail), k * x.quantile(1 - tail)) for x, k in terms)
    out = []
    for p in PERCENTILES:
        lo, hi = lo_all, hi_all
        for _ in range(100):
            mid = (lo + hi) / 2
            if cdf(mid) < p:
                lo = mid
            else:
                hi = mid
            if hi - lo <= 1e-13 * max(abs(lo), abs(hi), 1e-300):
                break
        out.append((lo + hi) / 2)
    return tuple(out)


_NUMBER = r"-?\d[\d.]*(?:[eE][-+]?\d+)?"
_RANGE = re.compile(rf"({_NUMBER})\s+to\s+({_NUMBER})")


def reference(program):
    """((p5, median, p95), how) for a program in Ballpark's spelling, statements separated by ';'; (None, None)
    when neither a closed form nor the numerical route applies."""
    names = {}
    result = None
    for statement in (s.strip() for s in program.split(";")):
        target = None
        if re.match(r"^[A-Za-z_]\w*\s*=[^=]", statement):
            target, statement = (s.strip() for s in statement.split("=", 1))
        # Each `a to b` becomes a new input; a name evaluates to the form it was given, so reuse shares the input.
        # eval is safe enough here: the text comes from the repository's own table, and no builtins are reachable.
        expression = _RANGE.sub(r"_range(\1, \2)", statement).replace("^", "**")
        value = eval(expression, {"__builtins__": {}, "_range": lambda a, b: Form.of(Input(a, b))}, names)
        value = _form(value)
        if target:
            names[target] = value
        result = value
    return result.percentiles()


# ---------------------------------------------------------------------------------------------------------------
# The table of programs

def read_programs():
    """The rows of dist_programs.tsv as dicts: name, ballpark, squiggle, reference (a triple or None), how."""
    rows = []
    with open(PROGRAMS) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.rstrip("\n").split("\t")
            cells += [""] * (7 - len(cells))
            name, ballpark, squiggle, p5, p50, p95, how = cells[:7]
            numbers = (p5, p50, p95)
            reference = tuple(float(x) for x in numbers) if all(numbers) else None
            rows.append({"name": name, "ballpark": ballpark, "squiggle": squiggle, "reference": reference,
                         "how": how})
    return rows


def update_references():
    """Rewrites the reference columns of dist_programs.tsv from the Ballpark texts."""
    out = []
    with open(PROGRAMS) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                out.append(line)
                continue
            cells = line.rstrip("\n").split("\t")
            values, how = reference(cells[1])
            numbers = [f"{v:.7g}" for v in values] if values else ["", "", ""]
            out.append("\t".join(cells[:3] + numbers + [how or ""]) + "\n")
            print(f"{cells[0]}: {numbers} ({how or 'no reference'})")
    with open(PROGRAMS, "w") as f:
        f.writelines(out)


def check_references(programs):
    """Stops when a reference in the file is not what the Ballpark text gives (the file was edited by hand, or a
    program changed without --update-references)."""
    for p in programs:
        values, _ = reference(p["ballpark"])
        stored = p["reference"]
        if (values is None) != (stored is None) or (values and any(
                abs(a - b) > 1e-6 * max(abs(a), abs(b), 1e-12) for a, b in zip(values, stored))):
            sys.exit(f"The reference of {p['name']} in {PROGRAMS} is {stored}, but its Ballpark text gives {values}; "
                     f"run scripts/bench_dist_peers.py --update-references.")


# ---------------------------------------------------------------------------------------------------------------
# Squiggle

def squiggle_dir(build):
    """The directory with squiggle_bench.mjs and @quri/squiggle-lang installed: the build's copy, else the source's."""
    for d in (os.path.join(ROOT, build, "bench", "peers"), os.path.join(ROOT, "bench", "peers")):
        if os.path.exists(os.path.join(d, "squiggle_bench.mjs")) and \
                os.path.isdir(os.path.join(d, "node_modules", "@quri", "squiggle-lang")):
            return d
    return None


def run_squiggle(build, runs, sample_counts):
    """Squiggle's JSON report, or (None, reason)."""
    d = squiggle_dir(build)
    if d is None:
        return None, ("Squiggle is not installed (build the target that runs `npm ci` in BUILD/bench/peers, or run "
                      "`npm ci` in bench/peers); its columns are left out")
    proc = subprocess.run(["node", os.path.join(d, "squiggle_bench.mjs"), "--programs", PROGRAMS, "--runs", str(runs),
                           "--sample-counts", ",".join(str(n) for n in sample_counts)],
                          capture_output=True, text=True)
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return None, f"squiggle_bench.mjs failed (status {proc.returncode}): {proc.stderr.strip()[-300:]}"
    # Status 1 with a report: some program failed or is far off; the report says which, the table shows it.
    return report, None


# ---------------------------------------------------------------------------------------------------------------
# Ballpark

def parse_printed_number(text):
    """A number as the CLI prints it: `0.333`, `-3.33 × 10^-5` (--ascii), `6.67 × 10⁸`; a unit after it is ignored."""
    superscripts = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
    text = text.strip().replace("−", "-")
    m = re.match(r"^(-?[\d.]+)(?:\s*[×x*]\s*10\^?([-⁻]?[\d⁰¹²³⁴⁵⁶⁷⁸⁹]+))?", text)
    if not m:
        raise ValueError(f"Expected a number from ballpark, found {text!r}.")
    value = float(m.group(1))
    if m.group(2):
        value *= 10.0 ** int(m.group(2).translate(superscripts))
    return value


def ballpark_lines(exe, expressions):
    """The CLI's output lines for several -e in dist mode, or raises RuntimeError with its error sentence."""
    args = [exe, "--mode=dist", "--ascii"]
    for e in expressions:
        args += ["-e", e]
    try:
        proc = subprocess.run(args, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:  # e.g. the binary being rewritten by a build
        raise RuntimeError(f"could not run {exe}: {error}") from error
    lines = [l for l in proc.stdout.splitlines() if l.strip()]
    if proc.returncode != 0 or len(lines) != len(expressions) or any(l.startswith("error") for l in lines):
        text = "\n".join(lines + proc.stderr.splitlines())
        errors = [l for l in text.splitlines() if "error" in l or "what()" in l]
        message = (errors[-1] if errors else text.strip().splitlines()[-1:] or [f"status {proc.returncode}"])
        message = message if isinstance(message, str) else message[0]
        raise RuntimeError(re.sub(r"^.*?(error: |what\(\):\s*)", "", message).strip())
    return lines


def run_ballpark(exe, program):
    """What Ballpark prints for the program, and its 5th, 50th and 95th percentiles to about 5 digits: the CLI prints
    3 significant digits, so each percentile is read once and then again as the difference from what was read."""
    statements = [s.strip() for s in program.split(";")]
    last = statements[-1]
    m = re.match(r"^([A-Za-z_]\w*)\s*=[^=]", last)
    name = m.group(1) if m else RESULT_NAME
    setup = statements[:-1] + [last if m else f"{RESULT_NAME} = {last}"]
    asks = [f"percentile({name}, {p})" for p in (5, 50, 95)]
    lines = ballpark_lines(exe, setup + asks)
    printed = lines[len(setup) - 1]
    rough = [parse_printed_number(l) for l in lines[len(setup):]]
    lines = ballpark_lines(exe, setup + [f"{a} - ({r!r})" for a, r in zip(asks, rough)])
    fine = [r + parse_printed_number(l) for r, l in zip(rough, lines[len(setup):])]
    return printed, tuple(fine)


def find_bench(build):
    for name in ("ballpark_core_bench", "ballpark_bench"):
        exe = os.path.join(ROOT, build, "bench", name)
        if os.path.exists(exe):
            return exe
    return None


def run_ballpark_timing(build, programs):
    """{program name: {"cached": ns, "uncached": ns}} (CPU time: the machine is shared, and Squiggle's figures are
    CPU time too) from the Google Benchmark binary's benchmarks whose name has
    `Dist` in it and ends in `/<program name>` (`Uncached` in the name: parse and evaluate; else a cached tree),
    or (None, reason)."""
    exe = find_bench(build)
    if exe is None:
        return None, (f"no Google Benchmark binary in {build}/bench (ballpark_core_bench or ballpark_bench); "
                      f"Ballpark's times are left out")
    proc = subprocess.run([exe, "--benchmark_filter=Dist", f"--benchmark_repetitions={BENCH_REPS}",
                           "--benchmark_report_aggregates_only=true", f"--benchmark_min_time={BENCH_MIN_TIME}",
                           "--benchmark_format=json"], capture_output=True, text=True)
    if proc.returncode != 0:
        return None, f"{os.path.basename(exe)} failed: {proc.stderr.strip()[-300:]}"
    try:
        benchmarks = json.loads(proc.stdout).get("benchmarks", [])
    except json.JSONDecodeError:  # no benchmark matched: Google Benchmark says so on stderr and prints no JSON
        benchmarks = []
    times = {}
    names = {p["name"] for p in programs}
    for b in benchmarks:
        if b.get("aggregate_name") != "median" or "Dist" not in b["run_name"]:
            continue
        program = b["run_name"].rsplit("/", 1)[-1]
        if program in names:
            scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b["time_unit"]]
            kind = "uncached" if "Uncached" in b["run_name"] else "cached"
            times.setdefault(program, {})[kind] = b["cpu_time"] * scale
    if not times:
        return None, (f"{os.path.basename(exe)} has no benchmark named `.../Dist.../<program>` for the programs of "
                      f"dist_programs.tsv; Ballpark's times are left out")
    return times, None


# ---------------------------------------------------------------------------------------------------------------
# The tables

def errors(got, ref):
    """The error of each percentile: relative to the reference value, or to the width of the reference's 90%
    interval when that interval holds 0 (a relative error means nothing near 0); absolute when that width is 0."""
    width = ref[2] - ref[0]
    out = []
    for g, r in zip(got, ref):
        if ref[0] <= 0 <= ref[2]:
            out.append(abs(g - r) / width if width > 0 else abs(g - r))
        else:
            out.append(abs(g - r) / abs(r))
    return out


def fmt(x):
    return f"{x:.4g}"


def triple(t):
    return f"{fmt(t[1])} [{fmt(t[0])}, {fmt(t[2])}]"


def pct(e):
    return f"{100 * e:.2g}%" if e >= 5e-5 else ("0" if e == 0 else "<0.01%")


def squiggle_figures(entry, ref):
    """Default-seed percentiles, the largest error of those, the root-mean-square error over all seeds (the largest
    of the three percentiles'), and each percentile's standard deviation over all seeds: Squiggle's sampling error."""
    d = entry["default_seed"]
    got = (d["p5"], d["p50"], d["p95"])
    seeds = [(s["p5"], s["p50"], s["p95"]) for s in entry["seeds"]] + [got]
    sd = [statistics.stdev(s[i] for s in seeds) for i in range(3)]
    if ref is None:
        return got, None, None, sd
    rms = max(math.sqrt(statistics.fmean(errors(s, ref)[i] ** 2 for s in seeds)) for i in range(3))
    return got, max(errors(got, ref)), rms, sd


def distance(ours, squiggle, sd):
    """How far Ballpark's percentiles are from Squiggle's, in Squiggle's standard deviations (the largest of three)."""
    return max((abs(a - b) / s if s > 0 else (0.0 if a == b else math.inf)) for a, b, s in zip(ours, squiggle, sd))


def main():
    if sys.argv[1:] == ["--update-references"]:
        update_references()
        return
    parser = argparse.ArgumentParser(description="Ballpark's distribution mode against Squiggle.")
    parser.add_argument("build", nargs="?", default="build", help="the build directory (default: build)")
    parser.add_argument("--no-write", action="store_true", help="print the tables, leave docs/performance.md alone")
    parser.add_argument("--runs", type=int, default=20, help="Squiggle's timed runs (seeds) per program")
    parser.add_argument("--sample-counts", default="1000,10000", help="Squiggle's sample counts, comma-separated")
    args = parser.parse_args()
    if args.runs < 2:
        parser.error("--runs needs at least 2: the spread over the seeds is Squiggle's sampling error.")
    build, runs = args.build, args.runs
    sample_counts = [int(n) for n in args.sample_counts.split(",")]

    programs = read_programs()
    check_references(programs)
    notes = []

    squiggle, why = run_squiggle(build, runs, sample_counts)
    if why:
        notes.append(why)
    by_count = {}
    if squiggle:
        for e in squiggle["results"]:
            by_count[(e["name"], e["sample_count"])] = e

    cli = os.path.join(ROOT, build, "cli", "ballpark")
    ours = {}
    if not os.path.exists(cli):
        notes.append(f"no {build}/cli/ballpark; Ballpark's percentiles are left out")
    else:
        for p in programs:
            try:
                ours[p["name"]] = run_ballpark(cli, p["ballpark"])
            except (RuntimeError, ValueError) as error:
                ours[p["name"]] = error
        failed = {str(v) for v in ours.values() if isinstance(v, Exception)}
        if failed:
            notes.append("ballpark --mode=dist failed on " +
                         f"{sum(isinstance(v, Exception) for v in ours.values())} of {len(programs)} programs: " +
                         "; ".join(sorted(failed)))

    timing, why = run_ballpark_timing(build, programs)
    if why:
        notes.append(why)
    timing = timing or {}

    # Accuracy
    counts = sample_counts
    head = ("| program (Ballpark's spelling) | reference: median [p5, p95] | Ballpark prints | Ballpark | error "
            + "".join(f"| Squiggle {n:,} (default seed) | error | rms error over {runs + 1} seeds "
                      f"| Ballpark − Squiggle {n:,} (σ) " for n in counts) + "|")
    rule = "| --- | ---: | ---: | ---: | ---: " + "| ---: | ---: | ---: | ---: " * len(counts) + "|"
    rows = []
    worst_ours, accurate_enough = 0.0, []
    zs = {n: [] for n in counts}
    for p in programs:
        ref = p["reference"]
        o = ours.get(p["name"])
        ok = o is not None and not isinstance(o, Exception)
        how = " (numerical)" if p["how"].startswith("numerical") else ""
        cells = [f"`{p['ballpark']}`", triple(ref) + how if ref else "–"]
        e = None
        if ok:
            printed, ours_p = o
            if ref:
                e = max(errors(ours_p, ref))
                worst_ours = max(worst_ours, e)
            cells += [printed, triple(ours_p), pct(e) if e is not None else "–"]
        else:
            cells += ["–", "–", "–"]
        for n in counts:
            entry = by_count.get((p["name"], n))
            if entry is None or "error" in entry:
                cells += [f"error: {entry['error'][:80]}" if entry else "–", "–", "–", "–"]
                continue
            got, err, rms, sd = squiggle_figures(entry, ref)
            z = distance(ours_p, got, sd) if ok else None
            if z is not None:
                zs[n].append(z)
            cells += [triple(got), pct(err) if err is not None else "–", pct(rms) if rms is not None else "–",
                      f"{z:.2g}" if z is not None else "–"]
            if n == counts[0] and e is not None and rms is not None:
                accurate_enough.append(e <= rms)
        rows.append("| " + " | ".join(cells) + " |")

    # Speed: CPU time per program run, both sides (the wall time of Squiggle's runs beside it, for the record).
    speed_head = ("| program | Ballpark, cached tree (µs) | Ballpark, parse + evaluate (µs) "
                  + "".join(f"| Squiggle {n:,}: CPU (wall) ms " for n in counts)
                  + "".join(f"| Squiggle {n:,} ÷ Ballpark " for n in counts) + "|")
    speed_rule = "| --- | ---: | ---: " + "| ---: " * (2 * len(counts)) + "|"
    speed_rows, ratios = [], {n: [] for n in counts}
    for p in programs:
        t = timing.get(p["name"], {})
        ours_ns = t.get("uncached", t.get("cached"))
        cells = [p["name"], f"{t['cached'] / 1e3:,.2f}" if "cached" in t else "–",
                 f"{t['uncached'] / 1e3:,.2f}" if "uncached" in t else "–"]
        ratio_cells = []
        for n in counts:
            entry = by_count.get((p["name"], n))
            ms = entry.get("median_cpu_ms") if entry else None
            cells.append(f"{ms:,.2f} ({entry['median_ms']:,.2f})" if ms is not None else "–")
            if ms is not None and ours_ns:
                ratios[n].append(ms * 1e6 / ours_ns)
                ratio_cells.append(f"{ms * 1e6 / ours_ns:,.0f}")
            else:
                ratio_cells.append("–")
        speed_rows.append("| " + " | ".join(cells + ratio_cells) + " |")

    # Goals
    goals = []
    if ours and any(not isinstance(v, Exception) for v in ours.values()):
        goals.append(f"Ballpark's percentiles within 1% of the reference: {'met' if worst_ours <= 0.01 else 'NOT met'} "
                     f"(largest error {pct(worst_ours)}).")
        for n in counts:
            if zs[n]:
                near = sum(z <= 3 for z in zs[n])
                goals.append(f"Agreement with Squiggle {n:,} within its own sampling error (each percentile within 3 "
                             f"of Squiggle's standard deviations over {runs + 1} seeds of what its default seed "
                             f"gives): {'met' if near == len(zs[n]) else 'NOT met'}, {near} of {len(zs[n])} programs "
                             f"(largest distance {max(zs[n]):.2g} σ).")
        if accurate_enough:
            goals.append(f"Accuracy equal to or better than Squiggle {counts[0]:,}'s (Ballpark's largest error at most "
                         f"Squiggle's rms error): {sum(accurate_enough)} of {len(accurate_enough)} programs.")
    else:
        goals.append("Ballpark's accuracy: not measured (see above).")
    if ratios[counts[0]]:
        smallest = min(ratios[counts[0]])
        goals.append(f"At least 100× faster than Squiggle {counts[0]:,}: {'met' if smallest >= 100 else 'NOT met'} "
                     f"(smallest ratio {smallest:,.0f}×, on {len(ratios[counts[0]])} of {len(programs)} programs; "
                     f"Ballpark's parse + evaluate where measured, as Squiggle's `run` parses every time).")
    else:
        goals.append("At least 100× faster than Squiggle: not measured (see above).")
    goals.append("Errors are relative to the reference value, or to the width of the reference's 90% interval where "
                 "that interval holds 0 (`(-1 to 3) - ...`); rms error: over all seeds, the largest of the three "
                 "percentiles'.")

    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    versions = (f"Squiggle {squiggle['squiggle_version']} on node {squiggle['node_version']}, median CPU time of "
                f"{runs + 1} runs after {squiggle['warmup']} warm-up runs" if squiggle else "Squiggle not run")
    table = "\n".join([
        f"Machine: {cpu_name()}, {os.cpu_count()} cores; {now}; {versions}; Ballpark's times median CPU time of "
        f"{BENCH_REPS} repetitions of at least {BENCH_MIN_TIME} s each.",
        "",
        "Rerun: `cmake --build build -j2 && scripts/bench_dist_peers.py build`",
        "",
        *(f"- Left out: {n}" for n in notes),
        *([""] if notes else []),
        head, rule, *rows,
        "",
        speed_head, speed_rule, *speed_rows,
        "",
        *(f"- {g}" for g in goals),
    ])
    print(table)
    if not args.no_write:
        write_section("dist-peers", table, "Distribution mode against Squiggle")


if __name__ == "__main__":
    main()
