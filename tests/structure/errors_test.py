#!/usr/bin/env python3
"""Errors carry their facts: no code edits another error's text or reads one, and the core words no front end's advice.

An error's message is its own sentence (core/include/ballpark/error.hpp); where it was found (a unit's definition,
a cell, a row, a call, a sheet argument) is a place recorded on it, and found_in() words the message from the two in
core/src/api/error.cpp, the one wording of places. Code that prefixes or rewrites `.message` elsewhere, or that
decides something by reading the words of a message or a hint (find, substr, a character, a comparison), breaks
when a sentence is reworded; this test fails on it. Advice in the terms of one front end (a cell, a QTY function, a
command-line option, a key to press) is worded by that front end from the error's kind and fields (the add-in's
calc_advice.cpp, the command line's advice.cpp), so the core's texts may not name them.

Checked: the C++ sources of the core, the add-in and the command line, without their comments; tests are not
checked. Each allowance below has its reason. Prints 'N passed, N failed' like the other runners.
"""
import pathlib
import re
import sys

from readings_test import split_source
from report import report

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CHECKED = ("core", "addin", "cli")
SUFFIXES = {".cpp", ".hpp", ".h", ".c"}

# The one wording of an error's places, which composes the message from the error's own sentence and its places.
WORDING = "core/src/api/error.cpp"
# The functions that make the whole sentence a person reads, message first, for one front end (or the C interface,
# which hands that sentence over): they copy the message, never look into it.
SENTENCES = {WORDING, "addin/sheet/calc_advice.cpp", "cli/advice.cpp", "addin/c_api/ballpark_c.cpp"}

# A message assigned or added to: `e.message = "Row 2: " + e.message`, `error.message += …`.
EDITS = re.compile(r"\.\s*message\s*(?:\+=|=(?!=))")
# The words of a message, a hint or a sentence looked into: searched, cut, a character read, compared.
LOOKS = re.compile(r"(?:\.\s*(?:message|hint|statement)\b|\bsentence\s*\(\s*\))\s*"
                   r"(?:\.\s*(?:find\w*|rfind|substr|starts_with|ends_with|compare|contains|front|back|at|data|c_str)"
                   r"\s*\(|\[|==|!=)")
CHARACTER = re.compile(r"\bstd::(?:is\w+|tolower|toupper)\s*\([^;]*\.\s*(?:message|hint)\b")
# A message copied into a string of its own, to be looked into or edited there.
COPIES = re.compile(r"\bstd::string\s+\w+\s*=\s*[^;{}]*\.\s*(?:message|hint)\s*;")

# Words of one front end in a text of the core: a cell or a sheet, a sheet function, a command-line option, a key.
FRONT_END = re.compile(r"\b[Cc]ells?\b|\bQTY[A-Z]*\b|\bsheet functions?\b|(?:^|\s)--[a-z]|\bCtrl\+")
# Texts of the core that may have such words, by file and a part of the text, each with its reason.
ALLOWED_TEXTS = {
    # The mode table's sheet-function column: data a front end reads, not a sentence.
    ("core/include/ballpark/mode.hpp", "QTY"),
    # A value given as cells of a range (a Binding's ends) is found in one of them: the place of an error there.
    ("core/src/api/error.cpp", "Cell "),
    # The facts of units: a source's title, and what a ream counts.
    ("core/src/data/units_table.cpp", "Fact Sheet"),
    ("core/src/data/units_table.cpp", "500 sheets"),
    # Refusals whose fact is what cells given to the add-in cannot tell apart; their advice is the add-in's.
    ("core/src/api/binding_texts.cpp", "the add-in cannot tell one cell given twice"),
    ("core/src/api/binding_texts.cpp", "alike: "),
    ("core/src/api/binding_texts.cpp", "would be 0 for one cell"),
    # The advice on one result given twice is the core's hint, which the sheet layer's tests read from its sentence.
    ("core/src/api/binding_texts.cpp", "them with QTYSUM over their cells"),
    ("core/src/api/binding_texts.cpp", "unknown for one cell"),
    ("core/src/api/binding_texts.cpp", "The add-in cannot tell one cell read twice"),
    # A cell of a range that holds a range: the fact, with the cell's place.
    ("core/src/api/read_inputs.hpp", "is itself a range, but each cell of a range holds one end."),
}


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def violations(relative, text):
    """Each place of a source that edits or reads an error's text, or words a front end's advice in the core."""
    code, literals = split_source(text, python=False)
    out = []
    if relative != WORDING:
        for match in EDITS.finditer(code):
            out.append(f"{relative}:{line_of(code, match.start())} edits an error's message; record where it was found "
                       f"with found_in() and an ErrorPlace, which words the message (core/src/api/error.cpp)")
    if relative not in SENTENCES:
        for pattern in (LOOKS, CHARACTER, COPIES):
            for match in pattern.finditer(code):
                out.append(f"{relative}:{line_of(code, match.start())} reads the words of an error "
                           f"(\"{match.group(0).strip()}\"); decide from its kind and fields instead")
    if relative.startswith("core/"):
        for line, literal in literals:
            if not FRONT_END.search(literal):
                continue
            if any(relative == path and part in literal for path, part in ALLOWED_TEXTS):
                continue
            out.append(f"{relative}:{line} has the text \"{literal}\", advice in the terms of one front end; set the "
                       f"error's kind and fields (advice) and word it in addin/sheet/calc_advice.cpp or cli/advice.cpp")
    return out


def main() -> int:
    failures = []
    checked = 0
    for top in CHECKED:
        for source in sorted((REPOSITORY / top).rglob("*")):
            if source.suffix not in SUFFIXES or not source.is_file():
                continue
            checked += 1
            failures += violations(source.relative_to(REPOSITORY).as_posix(), source.read_text(encoding="utf-8"))
    for path, _ in sorted(ALLOWED_TEXTS):
        checked += 1
        if not (REPOSITORY / path).exists():
            failures.append(f"{path} is allowed texts with a front end's words, but there is no such file")
    return report(checked, failures)


if __name__ == "__main__":
    sys.exit(main())
