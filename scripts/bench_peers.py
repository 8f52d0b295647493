#!/usr/bin/env python3
"""The core against libqalculate and mathjs on the conversions of bench/peers/expressions.tsv, and the resident
memory of each one's tables; writes the table into docs/performance.md.

Usage: scripts/bench_peers.py [BUILD_DIR] [--no-write]   (default: build; needs ballpark_peers_bench and the
mathjs copy that the build installs into BUILD_DIR/bench/peers)
The table goes between the '<!-- peers-bench:begin -->' and '<!-- peers-bench:end -->' markers.
"""
import datetime
import json
import math
import os
import subprocess
import sys

from bench_report import cpu_name, write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPRESSIONS = os.path.join(ROOT, "bench", "peers", "expressions.tsv")
REPS = 5
MIN_TIME = 0.2


def spellings():
    out = {}
    with open(EXPRESSIONS) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                name, ours, qalc, mathjs, expected = line.rstrip("\n").split("\t")
                out[name] = (ours, qalc, mathjs, expected)
    return out


def run_cpp(build):
    exe = os.path.join(ROOT, build, "bench", "ballpark_peers_bench")
    out = subprocess.run([exe, f"--benchmark_repetitions={REPS}", "--benchmark_report_aggregates_only=true",
                          f"--benchmark_min_time={MIN_TIME}", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    times = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") == "median":
            scale = {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
            times[b["run_name"]] = b["real_time"] * scale
    return data["context"], times


def run_mathjs(build):
    script = os.path.join(ROOT, build, "bench", "peers", "mathjs_bench.mjs")
    out = subprocess.run(["node", script, "--expressions", EXPRESSIONS, "--min-time", str(MIN_TIME),
                          "--reps", str(REPS), "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    build = args[0] if args else "build"
    context, cpp = run_cpp(build)
    js = run_mathjs(build)
    mathjs = {r["name"]: r for r in js["results"]}
    names = spellings()

    rows, q_ratio, m_ratio, mc_ratio = [], [], [], []
    for name, (ours, qalc, mjs, expected) in names.items():
        cached, uncached = cpp[f"Ours/Cached/{name}"], cpp[f"Ours/Uncached/{name}"]
        q, me, mc = cpp[f"Qalculate/{name}"], mathjs[name]["evaluate_ns"], mathjs[name]["compiled_ns"]
        q_ratio.append(q / uncached)
        m_ratio.append(me / uncached)
        mc_ratio.append(mc / cached)
        rows.append(f"| `{ours}` | {expected} | {cached:,.0f} | {uncached:,.0f} | {q:,.0f} | {me:,.0f} | {mc:,.0f} "
                    f"| {q / uncached:,.0f} | {me / uncached:,.0f} | {mc / cached:,.0f} |")
    rows.append(f"| geometric mean | | | | | | | **{geomean(q_ratio):,.0f}** | **{geomean(m_ratio):,.0f}** "
                f"| **{geomean(mc_ratio):,.0f}** |")
    worst = min(min(q_ratio), min(m_ratio))
    goal = "met" if worst >= 10 else "NOT met"
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    table = "\n".join([
        f"Machine: {cpu_name()}, {os.cpu_count()} cores; {now}; libqalculate {context.get('qalculate_version', '?')}, "
        f"mathjs {js['mathjs_version']} on node {js['node_version']}; median of {REPS} repetitions of at least "
        f"{MIN_TIME} s each.",
        "",
        "Rerun: `cmake --build build -j2 && scripts/bench_peers.py build`",
        "",
        "| expression (Ballpark's spelling) | expected | ours, cached parse (ns) | ours, parse + evaluate (ns) "
        "| libqalculate (ns) | mathjs evaluate (ns) | mathjs compiled (ns) | libqalculate ÷ ours | mathjs ÷ ours "
        "| mathjs compiled ÷ ours cached |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *rows,
        "",
        f"The fair comparison is the two middle ratio columns: libqalculate's `calculate(text)` and mathjs's "
        f"`evaluate(text)` parse the text every time, as ours does uncached. The last column compares the cached "
        f"forms (mathjs `compile` once, then `evaluate()`; our per-thread syntax-tree cache). Goal, at least 10× "
        f"faster than both peers on every expression: {goal} (smallest ratio {worst:,.0f}×).",
        "",
        f"Resident memory after loading the tables (VmRSS / rss delta): Ballpark `UnitRegistry::instance()` "
        f"{int(context['ballpark_rss_kib']):,} KiB; libqalculate `new Calculator` + `loadGlobalDefinitions()` "
        f"{int(context['qalculate_rss_kib']):,} KiB; mathjs `import('mathjs')` {js['rss_kib']:,} KiB.",
    ])
    print(table)
    if "--no-write" not in sys.argv:
        write_section("peers-bench", table, "The core against its peers")


if __name__ == "__main__":
    main()
