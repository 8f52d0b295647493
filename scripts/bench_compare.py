#!/usr/bin/env python3
"""Two builds of the core benchmark side by side in one run: the benchmarks both have, run in alternation
(base, new, base, new, …) so that a shared machine's load falls on both alike, and the ratio of their medians.
Writes the table into docs/performance.md between '<!-- compare:begin -->' and '<!-- compare:end -->'.

Usage: scripts/bench_compare.py BASE_BUILD NEW_BUILD [--label-base L] [--label-new L] [--rounds N] [--no-write]
  e.g. git worktree add /tmp/base <commit>; build its ballpark_bench; scripts/bench_compare.py /tmp/base/build build
"""
import argparse
import json
import os
import statistics
import subprocess

from bench_report import cpu_name, write_section

# The core's per-call benchmarks (the sheet_bench ones measure the add-in layer).
CORE = ["EvaluateLlama2OneLinerCached", "EvaluateLlama2OneLinerFromCachedTree", "ParseLlama2OneLiner",
        "ParseAndEvaluateLlama2OneLinerUncached", "EvaluateWithBindings", "ConvertCachedUnitStrings",
        "ConvertCompoundUnitStrings", "FormatRange", "FormatScientificPoint", "SheetGpuHoursNumbers",
        "SheetGpuHoursTexts", "SheetQtyValueBindings", "SheetQtyOneLiner", "SheetQtyValueOneLiner"]


def run_once(build, names):
    exe = os.path.join(build, "bench", "ballpark_bench")
    pattern = "^(" + "|".join(names) + ")$"
    out = subprocess.run([exe, f"--benchmark_filter={pattern}", "--benchmark_min_time=0.2", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    return {b["name"]: (b["real_time"] if b["time_unit"] == "ns" else b["real_time"] * 1000)
            for b in json.loads(out)["benchmarks"]}


def listed(build):
    exe = os.path.join(build, "bench", "ballpark_bench")
    return set(subprocess.run([exe, "--benchmark_list_tests"], check=True, capture_output=True, text=True).stdout.split())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--label-base", default="base")
    parser.add_argument("--label-new", default="new")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    names = [n for n in CORE if n in listed(args.base) and n in listed(args.new)]
    times = {side: {n: [] for n in names} for side in ("base", "new")}
    for _ in range(args.rounds):
        for side, build in (("base", args.base), ("new", args.new)):
            for name, ns in run_once(build, names).items():
                times[side][name].append(ns)
    rows = []
    for n in names:
        b, w = statistics.median(times["base"][n]), statistics.median(times["new"][n])
        rows.append(f"| {n} | {b:,.1f} | {w:,.1f} | {w / b:.2f} |")
    table = "\n".join([
        f"Machine: {cpu_name()}, {os.cpu_count()} cores; {args.rounds} alternating rounds of at least 0.2 s per "
        f"benchmark and build; medians. {args.label_base} → {args.label_new}.",
        "",
        f"| benchmark | {args.label_base} ns | {args.label_new} ns | ratio |",
        "| --- | ---: | ---: | ---: |",
        *rows,
    ])
    if not args.no_write:
        write_section("compare", table, "This change against the previous release, side by side")
    print(table)


if __name__ == "__main__":
    main()
