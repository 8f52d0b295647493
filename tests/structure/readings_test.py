#!/usr/bin/env python3
"""Only the mode table names a particular reading: everything else asks the table's columns.

Each reading is a row of BALLPARK_MODES (core/include/ballpark/mode.hpp), whose columns say what a front end or the
core needs to know of it: whether it has percentiles, the label it prints, how a tornado reads it, its advice
wording, its faster mode, whether it joins inputs by their correlations. Code that branches on a particular mode
instead (names `Mode::distribution`, or a mode's word as a text, "dist" or "mode dist", or its label, "90%:", or
branches on a row's value type, `if constexpr (std::is_same_v<V, Distribution>)`) has to be found and changed when a
reading is added; this test fails on it. It reads the rows from mode.hpp, so a new row's names are checked too.

Checked: the C++ and Python sources of the core, the add-in, the command line and the fuzzers, without their
comments. Tests and benchmarks name readings on purpose, to check and time each one, and are not checked. ALLOWED
lists what may name a reading, each with its reason. Prints 'N passed, N failed' like the other runners.
"""
import pathlib
import re
import sys

from report import report

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
MODES = REPOSITORY / "core" / "include" / "ballpark" / "mode.hpp"
CHECKED = ("core", "addin", "cli", "fuzz")
SUFFIXES = {".cpp", ".hpp", ".h", ".c", ".py"}

# What may name a particular reading, and why: short on purpose.
ALLOWED = {
    # The table itself: its rows are the readings.
    "core/include/ballpark/mode.hpp",
    # The files of one reading's value type, which is that reading: the distribution names its own mode when it
    # tells how to start its inputs over (values/distribution/sobol_points.cpp).
    "core/src/values/distribution/",
    # The fuzzer's seed inputs: texts as a person types them and cells print them ("1.6 [90%: 1.4, 2.0] million
    # hour"), data as a test's inputs are.
    "fuzz/make_corpus.py",
}

# Texts that name a reading's ends and may say so in words of their own, each with its reason.
ALLOWED_TEXTS = {
    # The function wizard's help, written for people as docs/ is: it gives "p5" … "p95" as examples of parts.
    ("addin/sheet_table.py", ""),
    # What low and high are in each reading, as the built-ins' help lists it.
    ("core/src/eval/builtins.hpp", "5th percentile (distribution)"),
    ("core/src/eval/builtins.hpp", "95th percentile (distribution)"),
    # percentile(x, 95): an example of percentile()'s own argument, not of a reading's ends.
    ("core/src/eval/builtins.hpp", "(the 95th percentile)"),
}

# X(enumerator, "name", "aliases", ValueType, "reading", results, "label", ..., tail)
ROW = re.compile(r'^\s*X\(\s*(\w+)\s*,\s*"([^"]*)"\s*,\s*"([^"]*)"\s*,\s*(\w+)\s*,\s*"[^"]*"\s*,\s*\w+\s*,\s*"([^"]*)"'
                 r'[^)]*?,\s*([0-9.]+)\s*\)', re.M | re.S)


def rows():
    """(enumerator, words, label, value type, tail) of each row of BALLPARK_MODES: the words are its name and
    aliases, the tail the percent beyond each end of a range it prints (0 for bounds)."""
    return [(enumerator, [name] + aliases.split(), label, value_type, float(tail))
            for enumerator, name, aliases, value_type, label, tail in ROW.findall(MODES.read_text(encoding="utf-8"))]


def number(x):
    """5.0 as 5, as a text writes it."""
    return f"{x:g}"


def ends_words(tail):
    """Patterns of the words that name the ends of a range whose tail is `tail`: the parts "p5" and "p95" and the
    ordinals "5th" and "95th" (not inside 0.5th or 99.5th)."""
    out = []
    for percent in (tail, 100 - tail):
        out.append(re.compile(r"(?<![\w.])p" + re.escape(number(percent)) + r"(?![\w.])"))
        out.append(re.compile(r"(?<![\w.])" + re.escape(number(percent)) + r"th\b"))
    return out


CPP_TOKEN = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
PY_TOKEN = re.compile(r'#[^\n]*|"""(?:\\.|[^\\])*?"""|\'\'\'(?:\\.|[^\\])*?\'\'\'|"(?:\\.|[^"\\\n])*"|'
                      r'\'(?:\\.|[^\'\\\n])*\'', re.S)


def split_source(text, python):
    """The code without comments (each comment a space, lines kept), and the texts of its string literals with the
    line each starts on. A Python docstring is a comment here."""
    code, literals = [], []
    last = 0
    for match in (PY_TOKEN if python else CPP_TOKEN).finditer(text):
        token = match.group(0)
        code.append(text[last:match.start()])
        line = text.count("\n", 0, match.start()) + 1
        if token.startswith(("#", "//", "/*", '"""', "'''")):
            code.append(" " + "\n" * token.count("\n"))
        else:
            code.append(token[0] + " " * (len(token) - 2) + token[-1])
            if token.startswith('"'):
                literals.append((line, token[1:-1]))
        last = match.end()
    code.append(text[last:])
    return "".join(code), literals


def violations(relative, text, table):
    """Each place of a source that names a particular reading, as sentences."""
    code, literals = split_source(text, relative.endswith(".py"))
    out = []
    for enumerator, words, label, value_type, tail in table:
        for match in re.finditer(r"\bMode::" + enumerator + r"\b", code):
            line = code.count("\n", 0, match.start()) + 1
            out.append(f"{relative}:{line} names Mode::{enumerator}; ask a column of its row in mode.hpp instead")
        branch = r"\bif\s+constexpr\s*\([^;{]*?\bis_same(?:_v)?\s*<\s*\w+\s*,\s*" + value_type + r"\s*>"
        for match in re.finditer(branch, code):
            line = code.count("\n", 0, match.start()) + 1
            out.append(f"{relative}:{line} branches on the value type {value_type}, which is the {enumerator} reading; "
                       f"ask a column of its row in mode.hpp, or a concept its row's column is checked against")
        said = [re.compile(r"^" + re.escape(w) + r"$") for w in words]
        said += [re.compile(r"(?:\bmode |--mode=)" + re.escape(w) + r"\b") for w in words]
        if label:
            said.append(re.compile(re.escape(label) + ":"))
            said.append(re.compile(re.escape(label) + r" reading\b"))
        ends = ends_words(tail) if tail > 0 else []
        for line, literal in literals:
            for pattern in said:
                if pattern.search(literal):
                    out.append(f"{relative}:{line} has the text \"{literal}\", which names the {enumerator} reading; "
                               f"take its words from its row in mode.hpp (mode_name, label) instead")
                    break
            allowed = any(relative == path and fragment in literal for path, fragment in ALLOWED_TEXTS)
            for pattern in [] if allowed else ends:
                if pattern.search(literal):
                    out.append(f"{relative}:{line} has the text \"{literal}\", which names an end of the {enumerator} "
                               f"reading's ranges; make it from the row's tail (low_percentile, high_percentile, "
                               f"percentile_part, percentile_ordinal) instead")
                    break
    return out


def main() -> int:
    failures = []
    table = rows()
    checked = 1
    if len(table) < 2:
        failures.append(f"found {len(table)} rows of BALLPARK_MODES in {MODES.relative_to(REPOSITORY)}")
    for top in CHECKED:
        for source in sorted((REPOSITORY / top).rglob("*")):
            if source.suffix not in SUFFIXES or not source.is_file():
                continue
            relative = source.relative_to(REPOSITORY).as_posix()
            if any(relative == a or (a.endswith("/") and relative.startswith(a)) for a in ALLOWED):
                continue
            checked += 1
            failures += violations(relative, source.read_text(encoding="utf-8"), table)
    for path, fragment in sorted(ALLOWED_TEXTS):
        checked += 1
        source = REPOSITORY / path
        if not source.is_file() or fragment not in source.read_text(encoding="utf-8"):
            failures.append(f"{path} is allowed a text with {fragment!r} that names a reading's ends, but has none")
    for allowed in sorted(ALLOWED):
        checked += 1
        if not (REPOSITORY / allowed).exists():
            failures.append(f"{allowed} is allowed to name readings, but there is no such file or folder")
    return report(checked, failures)


if __name__ == "__main__":
    sys.exit(main())
