#!/usr/bin/env python3
"""Every value type of the core is in the mode table or in the list of value types that are no mode.

A value type is a class of core/src that has `static NAME point(double` (the concept's first requirement,
core/src/values/value_type.hpp). Each must be the value-type column of a row of BALLPARK_MODES
(core/include/ballpark/mode.hpp) or be listed in OtherValueTypes (core/src/eval/value_types.hpp): the typed tests
run over both (tests/unit/testing.hpp), so a value type in neither would be tested by none of them. Prints
'N passed, N failed' like the other runners.
"""
import pathlib
import re
import sys

from report import report

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
SOURCES = REPOSITORY / "core" / "src"
MODES = REPOSITORY / "core" / "include" / "ballpark" / "mode.hpp"
OTHERS = SOURCES / "eval" / "value_types.hpp"
VALUE_TYPE = re.compile(r"\bstatic\s+(\w+)\s+point\s*\(\s*double\b")
# X(enumerator, "name", "aliases", ValueType, "reading")
ROW = re.compile(r'^\s*X\(\s*\w+\s*,\s*"[^"]*"\s*,\s*"[^"]*"\s*,\s*(\w+)\s*,', re.M)
OTHER_LIST = re.compile(r"using\s+OtherValueTypes\s*=\s*TypeList<([^>]*)>")


def main() -> int:
    failures = []
    checked = 0
    rows = ROW.findall(MODES.read_text(encoding="utf-8"))
    others_match = OTHER_LIST.search(OTHERS.read_text(encoding="utf-8"))
    others = [n.strip() for n in others_match.group(1).split(",") if n.strip()] if others_match else []
    checked += 1
    if not rows:
        failures.append(f"found no rows of BALLPARK_MODES in {MODES.relative_to(REPOSITORY)}")
    checked += 1
    if not others_match:
        failures.append(f"found no OtherValueTypes in {OTHERS.relative_to(REPOSITORY)}")
    found = {}
    for source in sorted(SOURCES.rglob("*.hpp")):
        for name in VALUE_TYPE.findall(source.read_text(encoding="utf-8")):
            found.setdefault(name, source.relative_to(REPOSITORY))
    checked += 1
    if not found:
        failures.append("found no value type in core/src")
    for name, source in sorted(found.items()):
        checked += 1
        if name not in rows and name not in others:
            failures.append(f"{name} ({source}) is a value type in no row of BALLPARK_MODES and not in "
                            f"OtherValueTypes, so no typed test runs over it")
    for name in rows + others:
        checked += 1
        if name not in found:
            failures.append(f"{name} is listed as a value type, but no header of core/src declares "
                            f"`static {name} point(double`")
    return report(checked, failures)


if __name__ == "__main__":
    sys.exit(main())
