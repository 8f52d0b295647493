#!/usr/bin/env python3
"""Runs the core's Google Benchmark with repetitions and writes the medians into docs/performance.md.

Usage: scripts/bench_core.py [BUILD_DIR]   (default: build)
The table goes between the '<!-- core-bench:begin -->' and '<!-- core-bench:end -->' markers.
"""
import json
import os
import subprocess
import sys

from bench_report import cpu_name, write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOALS = {  # per-call targets on this machine class, in ns
    "EvaluateLlama2OneLinerCached": 1000,
    "ParseAndEvaluateLlama2OneLinerUncached": 1000,
    "ConvertCachedUnitStrings": 50,
    "ConvertCompoundUnitStrings": 50,
    # the four-input estimate in the distribution mode from a cached tree
    "FourInputEstimate/dist": 50000,
}


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    exe = os.path.join(ROOT, build, "bench", "ballpark_bench")
    out = subprocess.run(
        [exe, "--benchmark_repetitions=5", "--benchmark_report_aggregates_only=true",
         "--benchmark_min_time=0.2", "--benchmark_format=json"],
        check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    rows = []
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        name = b["run_name"]
        ns = b["real_time"] if b["time_unit"] == "ns" else b["real_time"] * 1000
        goal = GOALS.get(name)
        verdict = "" if goal is None else ("met" if ns < goal else "not met")
        rows.append(f"| {name} | {ns:,.1f} | {'' if goal is None else f'< {goal:,}'} | {verdict} |")
    table = "\n".join([
        f"Machine: {cpu_name()}, {os.cpu_count()} cores; {data['context'].get('date', '')}; "
        f"median of 5 repetitions of at least 0.2 s each.",
        "",
        "| benchmark | median ns per call | goal ns | |",
        "| --- | ---: | ---: | --- |",
        *rows,
    ])
    write_section("core-bench", table, "Core (Google Benchmark)")
    print(table)


if __name__ == "__main__":
    main()
