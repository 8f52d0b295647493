#!/usr/bin/python3
"""Instructions per cell of a recalculation in a real headless LibreOffice, counted by callgrind: the same formulas
as bench/calc_recalc.py, in a figure that a busy machine does not change.

calc_recalc.py times recalculations, and on a shared machine its ratios move by a tenth from one run to the next
(docs/performance.md shows runs of the same build that disagree so). This script runs soffice under valgrind's
callgrind with instrumentation off, builds one document per formula as calc_recalc.py does, and counts the
instructions of each document's calculateAll alone (callgrind_control switches instrumentation on just before it
and dumps just after), twice each. The two counts agree to a few instructions in ten thousand, so one run compares
formulas and builds. Instructions are not time (a cache miss costs more than an add), but the calls compared here
spend theirs in the same code: Calc's interpreter, UNO's reflection and bridge, and the add-in.

    /usr/bin/python3 bench/calc_instructions.py --oxt build/addin/ballpark.oxt -n 4000 \\
        --formula 'floor=TRAININGFLOP(A1;2E12)' --formula 'v=QTYVALUE(A1)' --formula 'v16=QTYVALUE16(A1)'

The first formula is the one the others are divided by. A key that starts with `column_` (calc_recalc.py's column
cases column_floor, column_bounds, column_dist, or any other) makes its formula an array formula over the rows,
`{last}` standing for the last row, recalculated as there: `--formula 'column_floor=A1:A{last}*2'`. Needs valgrind
(Debian package `valgrind`, not installed by scripts/install-deps.sh: no test runs this) and python3-uno; takes about
a minute to start the office and half a minute a formula at 4,000 cells. The office and callgrind_control run as
nobody when run as root, as the tests' office does.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import calc_recalc  # noqa: E402  (the documents are built as the timed benchmark builds them)
from office import NOBODY, Office  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--oxt", required=True)
    parser.add_argument("--soffice", default="/usr/lib/libreoffice/program/soffice")
    parser.add_argument("--unopkg", default="/usr/lib/libreoffice/program/unopkg")
    parser.add_argument("-n", "--cells", type=int, default=4000)
    parser.add_argument("--formula", action="append", required=True, metavar="KEY=FORMULA",
                        help="a formula in column B over the numbers of column A; the first is the floor")
    parser.add_argument("--keep", metavar="DIR", help="copy each counted recalculation's callgrind file into DIR, "
                        "named KEY-REP.callgrind, for callgrind_annotate")
    args = parser.parse_args()
    if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
        raise SystemExit("calc_instructions: valgrind is not installed (apt-get install valgrind)")
    formulas = [f.split("=", 1) for f in args.formula]
    as_root = os.geteuid() == 0

    work = tempfile.mkdtemp(prefix="ballpark-callgrind-")
    os.chmod(work, 0o777)  # the office runs as nobody when we are root, and writes its counts here
    pipe = os.path.join(work, "vgdb-pipe")
    wrapper = os.path.join(work, "soffice")
    # The soffice script starts oosplash, which starts soffice.bin: callgrind follows them all, counting nothing
    # until told. The vgdb pipes go into the work folder, since the office's TMPDIR is one of its own.
    with open(wrapper, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\n"
                f"exec valgrind --tool=callgrind --trace-children=yes --instr-atstart=no --vgdb-prefix={pipe} "
                f"--callgrind-out-file={work}/callgrind.%p {args.soffice} \"$@\"\n")
    os.chmod(wrapper, 0o755)

    def control(*words):
        prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"] if as_root else []
        return subprocess.run(prefix + ["callgrind_control", f"--vgdb-prefix={pipe}", *words], capture_output=True,
                              text=True, timeout=300, check=True).stdout

    n = args.cells
    try:
        with Office(wrapper, args.unopkg, [args.oxt], connect_timeout=900) as office:
            docs = {}
            for key, formula in formulas:
                doc, sheet = calc_recalc.build_document(office, key, "=" + formula, n)
                calc_recalc.recalculate(key, doc, 0, n)
                for name in ("B1", f"B{n}"):  # the document is the timed benchmark's, whose checks it passed
                    if sheet.getCellRangeByName(name).getError():
                        raise SystemExit(f"{key}: {name} is Err:{sheet.getCellRangeByName(name).getError()}")
                docs[key] = doc
                print(f"{key:12s} built: B1 holds {sheet.getCellRangeByName('B1').getFormula()}", flush=True)
            running = [line.split()[1].rstrip(":") for line in control().splitlines()
                       if line.startswith("PID") and "soffice.bin" in line]
            if len(running) != 1:
                raise SystemExit(f"calc_instructions: expected one soffice.bin under callgrind, found {running}")
            pid = running[0]
            for rep in range(2):
                for key, doc in docs.items():
                    # Whatever a first recalculation caches, the counted one finds. An array formula of
                    # calc_recalc.py's column cases (its key: column_floor, column_bounds, ...) is recalculated as
                    # there, by an edit of A1 and reading every row back; any other by calculateAll.
                    calc_recalc.recalculate(key, doc, 2 * rep, n)
                    control("--zero", pid)
                    control("--instr=on", pid)
                    calc_recalc.recalculate(key, doc, 2 * rep + 1, n)
                    control("--instr=off", pid)
                    control(f"--dump={key}-{rep}", pid)
        counts = {}
        for path in glob.glob(os.path.join(work, f"callgrind.{pid}.*")):
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            dumped = re.search(r"Trigger: dump (\S+)-(\d+)", text)
            if dumped:
                total = int(re.search(r"^totals: (\d+)", text, re.M).group(1))
                counts.setdefault(dumped.group(1), []).append(total / n)
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    shutil.copyfile(path, os.path.join(args.keep, f"{dumped.group(1)}-{dumped.group(2)}.callgrind"))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    floor = min(counts[formulas[0][0]])
    print(f"\n{n} cells; instructions per cell, each of two recalculations; the minimum over the first formula's\n")
    print("| formula | instructions per cell | ÷ first |")
    print("| --- | ---: | ---: |")
    for key, formula in formulas:
        low = min(counts[key])
        print(f"| `{formula}` | {low:,.0f} ({', '.join(f'{c:,.0f}' for c in counts[key])}) | {low / floor:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
