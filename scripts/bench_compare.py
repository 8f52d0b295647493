#!/usr/bin/env python3
"""Two builds of the core benchmark side by side in one run: the benchmarks both have, run in alternation
(base, new, base, new, …) so that a shared machine's load falls on both alike, and the ratio of their medians.
Writes the table into docs/performance.md between '<!-- compare:begin -->' and '<!-- compare:end -->'.

With --instructions it counts instead of timing: each benchmark runs once per build under valgrind's callgrind,
and the table gives the instructions of one iteration (the benchmark function's, divided by the calls of its
costliest callee, the core call it makes once per iteration), which repeat to within a fraction of a percent between runs. Times on a shared machine do not: the
same binary timed against itself has given ratios from 0.70 to 1.14 (docs/performance.md).

Usage: scripts/bench_compare.py BASE_BUILD NEW_BUILD [--label-base L] [--label-new L] [--rounds N] [--instructions]
                                [--no-write]
  e.g. git worktree add /tmp/base <commit>; build its ballpark_bench; scripts/bench_compare.py /tmp/base/build build
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

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


def instructions_per_call(build, name):
    """Instructions per iteration of benchmark `name`, and the name of its core call, whose calls count the
    iterations."""
    exe = os.path.join(build, "bench", "ballpark_bench")
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "callgrind.out")
        # Only what runs inside the benchmark's function is counted: not start-up, not the other benchmarks.
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        f"--toggle-collect=*{name}(benchmark::State&)", exe, f"--benchmark_filter=^{name}$",
                        "--benchmark_min_time=0.2"], check=True, capture_output=True, text=True)
        report = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--tree=calling", out],
                                check=True, capture_output=True, text=True).stdout
    # The block of the benchmark's function: its own line ("*") and one line per callee (">"), each with its calls.
    block = re.search(r"^\s*([\d,]+) .*\*\s.*[: ]" + re.escape(name) + r"\(benchmark::State&\).*\n((?:.*>.*\n)+)",
                      report, flags=re.M)
    if not block:
        raise RuntimeError(f"callgrind_annotate shows no calls from {name}")
    callees = []
    for line in block.group(2).splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+>\s+(.*) \(([\d,]+)x\)", line)
        if m:
            # "???:" or the source file before the function's name
            callee = re.sub(r"^(\?\?\?|\S*\.\w+):", "", m.group(2))
            callees.append((int(m.group(1).replace(",", "")), int(m.group(3).replace(",", "")), callee))
    _, iterations, callee = max(callees)
    return int(block.group(1).replace(",", "")) / iterations, re.sub(r"\(.*", "", callee)


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
    parser.add_argument("--instructions", action="store_true", help="count instructions per call with callgrind")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    names = [n for n in CORE if n in listed(args.base) and n in listed(args.new)]
    if args.instructions:
        return compare_instructions(args, names)
    times = {side: {n: [] for n in names} for side in ("base", "new")}
    for _ in range(args.rounds):
        for side, build in (("base", args.base), ("new", args.new)):
            for name, ns in run_once(build, names).items():
                times[side][name].append(ns)
    rows = []
    for n in names:
        b, w = statistics.median(times["base"][n]), statistics.median(times["new"][n])
        rows.append(f"| {n} | {b:,.1f} | {w:,.1f} | {w / b:.2f} |")
    caption = (f"Machine: {cpu_name()}, {os.cpu_count()} cores; {args.rounds} alternating rounds of at least 0.2 s per "
               f"benchmark and build; medians. {args.label_base} → {args.label_new}.")
    header = f"| benchmark | {args.label_base} ns | {args.label_new} ns | ratio |\n| --- | ---: | ---: | ---: |"
    report(args, "compare", "This change against the previous release, side by side", caption, header, rows)
    return 0


def report(args, section, heading, caption, header, rows):
    """Prints the table, and writes it into docs/performance.md unless --no-write."""
    table = "\n".join([caption, "", header, *rows])
    if not args.no_write:
        write_section(section, table, heading)
    print(table)


def compare_instructions(args, names):
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        print("bench_compare: --instructions needs valgrind and callgrind_annotate (apt-get install valgrind)",
              file=sys.stderr)
        return 2
    rows = []
    for n in names:
        (b, callee), (w, _) = instructions_per_call(args.base, n), instructions_per_call(args.new, n)
        rows.append(f"| {n} | `{callee}` | {b:,.0f} | {w:,.0f} | {w / b:.2f} |")
    caption = (f"Instructions per iteration (callgrind), one run per benchmark and build. "
               f"{args.label_base} → {args.label_new}.")
    header = f"| benchmark | its core call | {args.label_base} | {args.label_new} | ratio |\n| --- | --- | ---: | ---: | ---: |"
    report(args, "compare-instructions", "This change against the previous release, instructions", caption, header, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
