#!/usr/bin/env python3
"""Every value type of the core is in the mode table or in the list of value types that are no mode.

A value type is a class of core/src that has `static NAME point(double` (the concept's first requirement,
core/src/values/value_type.hpp). Each must be the value-type column of a row of BALLPARK_MODES
(core/include/ballpark/mode.hpp) or be listed in OtherValueTypes (core/src/eval/value_types.hpp): the typed tests
run over both (tests/unit/testing.hpp), so a value type in neither would be tested by none of them.

A named distribution is its law (core/src/values/law.hpp), which every value type reads through one method,
V::law: every row of the built-ins (core/src/eval/builtins.hpp) that makes an input goes through named_law, and
no value type, nor the concept (core/src/values/value_type.hpp), has a method named after a named distribution.
Prints 'N passed, N failed' like the other runners.
"""
import pathlib
import re
import sys

from report import report

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
SOURCES = REPOSITORY / "core" / "src"
MODES = REPOSITORY / "core" / "include" / "ballpark" / "mode.hpp"
OTHERS = SOURCES / "eval" / "value_types.hpp"
BUILTINS = SOURCES / "eval" / "builtins.hpp"
CONCEPT = SOURCES / "values" / "value_type.hpp"
VALUE_TYPE = re.compile(r"\bstatic\s+(\w+)\s+point\s*\(\s*double\b")
# X(enumerator, "name", "aliases", ValueType, "reading")
ROW = re.compile(r'^\s*X\(\s*\w+\s*,\s*"[^"]*"\s*,\s*"[^"]*"\s*,\s*(\w+)\s*,', re.M)
OTHER_LIST = re.compile(r"using\s+OtherValueTypes\s*=\s*TypeList<([^>]*)>")
# A row of the built-ins' table: {"name", min, max, ... up to the next row or the table's end.
BUILTIN_ROW = re.compile(r'^\s*\{"(\w+)",\s*\d+,.*?(?=^\s*\{"\w+",\s*\d+,|^\s*\};)', re.M | re.S)
# A row whose last two fields are takes_names = false, makes_input = true: a named distribution.
MAKES_INPUT = re.compile(r"false,\s*true\s*\},?\s*$")


def named_distributions(failures):
    """The names of the built-ins' rows that make an input; a failure for each that is not read through its law."""
    names = []
    for match in BUILTIN_ROW.finditer(BUILTINS.read_text(encoding="utf-8")):
        row = match.group(0)
        if not MAKES_INPUT.search(row):
            continue
        names.append(match.group(1))
        if "named_law<V," not in row:
            failures.append(f'the built-in "{match.group(1)}" makes an input without named_law<V, ...> in '
                            f"{BUILTINS.relative_to(REPOSITORY)}: a named distribution is its law, read by every "
                            f"value type through V::law")
    return names


def per_distribution_methods(laws, value_type_sources):
    """Each method of a value type, or requirement of the concept, named after a named distribution."""
    found = []
    for name, source in value_type_sources:
        text = source.read_text(encoding="utf-8")
        for law in laws:
            if re.search(rf"\bstatic\s+{name}\s+{law}\s*\(", text):
                found.append(f"{name} ({source.relative_to(REPOSITORY)}) has a method {law}(): value types read "
                             f"every named distribution through V::law, the law being its own file")
    concept = CONCEPT.read_text(encoding="utf-8")
    for law in laws:
        if re.search(rf"\bV::{law}\s*\(", concept):
            found.append(f"the concept in {CONCEPT.relative_to(REPOSITORY)} requires V::{law}(): value types read "
                         f"every named distribution through V::law")
    return found


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
    laws = named_distributions(failures)
    checked += 1
    if not laws:
        failures.append(f"found no row of a named distribution in {BUILTINS.relative_to(REPOSITORY)}")
    checked += len(laws)
    sources = [(name, REPOSITORY / source) for name, source in sorted(found.items())]
    checked += len(laws) * (len(sources) + 1)
    failures.extend(per_distribution_methods(laws, sources))
    return report(checked, failures)


if __name__ == "__main__":
    sys.exit(main())
