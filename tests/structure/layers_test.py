#!/usr/bin/env python3
"""The core's folders are layers: a file may include its own folder's headers and those of lower layers only;
the add-in's sheet layer (addin/sheet) sits under the adapters and includes none of theirs; and no thread_local
object has a destructor.

The ranks are those core/src/README.md gives. Every folder of core/src must have a rank and a README.md, so a new
folder cannot slip in without saying where it sits. Prints 'N passed, N failed' like the other runners.
"""
import pathlib
import re
import sys

from report import report

ROOT = pathlib.Path(__file__).resolve().parents[2] / "core" / "src"
RANKS = {"data": 0, "numeric": 0, "language": 0, "units": 0,
         "values": 1, "values/distribution": 1,
         "eval": 2,
         "api": 3}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(path: pathlib.Path) -> str:
    return path.parent.relative_to(ROOT).as_posix()


# A thread_local of a type with a destructor crashes a thread's exit under mingw-w64 (emulated TLS frees the storage
# first); per-thread objects go through ballpark::PerThread (core/include/ballpark/per_thread.hpp) instead.
THREAD_LOCAL = re.compile(r"^\s*(?:(?:inline|static)\s+)*thread_local\s+([^=;{(]*)", re.M)
TRIVIAL = {"bool", "int", "unsigned", "std::size_t", "double", "std::string_view"}
CODE_DIRS = ("core", "addin", "cli")


def thread_local_failures():
    out = []
    count = 0
    for top in CODE_DIRS:
        for source in sorted((ROOT.parents[1] / top).rglob("*.[ch]pp")):
            for declaration in THREAD_LOCAL.findall(source.read_text(encoding="utf-8")):
                count += 1
                words = declaration.split()
                type_name = " ".join(w for w in words[:-1] if w != "const")
                if "*" not in declaration and type_name not in TRIVIAL:
                    out.append(f"{source.relative_to(ROOT.parents[1])}: thread_local {declaration.strip()} is not a "
                               "pointer; keep per-thread objects in a ballpark::PerThread (per_thread.hpp)")
    return count, out


# The sheet layer: the sheet functions in plain C++, which the UNO adapters (addin/*.cpp, addin/c_api, addin/python)
# call. It may include the core's public headers, its own folder's and what the build writes from the table of sheet
# functions for it (cmake/sheet_table.cmake): the rows, their calls, the functions' declarations and their
# implementations'; an adapter's header or a UNO one would tie it to what it serves.
SHEET = ROOT.parents[1] / "addin" / "sheet"
SHEET_GENERATED = {"sheet_table_rows.hpp", "sheet_table_calls.hpp", "sheet_table_declarations.hpp",
                   "sheet_table_typed.hpp"}
SYSTEM_INCLUDE = re.compile(r'^\s*#\s*include\s+<([^>]+)>', re.M)
UNO_HEADERS = ("com/", "cppu/", "cppuhelper/", "rtl/", "sal/", "osl/", "uno/")


def sheet_layer_failures():
    out = []
    count = 1
    if not (SHEET / "README.md").is_file():
        out.append("addin/sheet has no README.md saying what it holds and may include")
    for source in sorted(SHEET.rglob("*.[ch]pp")):
        text = source.read_text(encoding="utf-8")
        where = source.relative_to(ROOT.parents[1])
        for target in INCLUDE.findall(text):
            count += 1
            if target.startswith("ballpark/") or target in SHEET_GENERATED or (source.parent / target).is_file():
                continue
            out.append(f"{where} includes \"{target}\", which is neither the core's public header, the sheet "
                       "layer's own nor the table's rows: the sheet layer includes no adapter's header")
        for target in SYSTEM_INCLUDE.findall(text):
            count += 1
            if target.startswith(UNO_HEADERS):
                out.append(f"{where} includes <{target}>, a UNO header: the sheet layer has no UNO type")
    return count, out


def main() -> int:
    failures = []
    checked = 0
    count, found = thread_local_failures()
    checked += count
    failures += found
    count, found = sheet_layer_failures()
    checked += count
    failures += found
    folders = {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_dir()}
    for folder in sorted(folders):
        checked += 1
        if folder not in RANKS:
            failures.append(f"core/src/{folder} has no layer in tests/structure/layers_test.py")
        elif not (ROOT / folder / "README.md").is_file():
            failures.append(f"core/src/{folder} has no README.md saying what it holds and may include")
    loose = [p.name for p in ROOT.iterdir() if p.is_file() and p.name != "README.md"]
    checked += 1
    if loose:
        failures.append("files outside any layer folder: " + ", ".join(sorted(loose)))
    for source in sorted(ROOT.rglob("*.[ch]pp")):
        here = folder_of(source)
        for target in INCLUDE.findall(source.read_text(encoding="utf-8")):
            if target.startswith("ballpark/"):
                continue  # the public headers are the interface every layer may use
            checked += 1
            there = pathlib.PurePosixPath(target).parent.as_posix()
            if there not in RANKS:
                failures.append(f"{source.relative_to(ROOT)} includes \"{target}\", which is in no layer folder")
            elif here in RANKS and RANKS[there] > RANKS[here]:
                failures.append(f"{source.relative_to(ROOT)} ({here}, layer {RANKS[here]}) includes \"{target}\" "
                                f"({there}, layer {RANKS[there]}): a layer may include only its own and lower layers")
    return report(checked, failures)


if __name__ == "__main__":
    sys.exit(main())
