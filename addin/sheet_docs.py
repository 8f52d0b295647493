#!/usr/bin/env python3
"""The documentation's parts that the table of sheet functions (addin/sheet_table.py) decides, checked against it,
or written from it with --write:

- docs/addin.md's table of functions ("The functions"): each row's signature and its examples with their results,
  written from the rows (the examples are the ones tests/integration/examples_test.py runs in Calc);
- the number of functions on the first lines of README.md ("In LibreOffice Calc") and docs/addin.md, written;
- the functions QTYERROR explains, in docs/addin.md, and addin/sheet/README.md's list of the files that implement
  them (each row's `source`), written;
- the list of functions in README.md ("In LibreOffice Calc") and in registry/description-en.txt (what the Extension
  Manager shows), each function's name with its row's summary, written;
- that docs/addin.md gives each function one signature, its row's, checked.

    sheet_docs.py [--write] [ROOT]

Without --write, prints a sentence for each part that disagrees with the table and exits 1 (the test
python.sheet_docs); with it, rewrites the written parts and then checks the rest. ROOT is the source tree, by
default the folder above this file's.
"""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import generate_declarations  # noqa: E402

NUMBERS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
           "seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six "
           "twenty-seven twenty-eight twenty-nine thirty").split()
# "adds eighteen sheet functions", on the first lines of README.md's section and of docs/addin.md.
COUNT = re.compile(r"(adds )([a-z-]+)( sheet functions)")
WIDTH = 118  # the documentation's lines
TABLE_HEADER = "| function | example | result |\n| --- | --- | --- |\n"


def number_word(n):
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def cell_content(content):
    """A cell's content as the table's "with" clause shows it: a number as typed, a formula or a text quoted."""
    if content.startswith("="):
        return f"`{content}`"
    try:
        float(content.rstrip("%"))
        return content
    except ValueError:
        return f'"{content}"'


def example_line(first, example):
    call = f"`{example.formula}`" + (example.note or "")
    if example.where:
        call += f" with {example.where}"
    elif example.cells:
        call += " with " + ", ".join(f"{address} = {cell_content(c)}" for address, c in example.cells.items())
    if example.shown is not None:
        result = example.shown
    elif example.text is not None:
        result = f"`{example.text}`"
    else:
        result = f"`Err:502`: `{example.error}`"
    return f"| {first} | {call} | {result} |\n" if first else f"| | {call} | {result} |\n"


def function_table(table):
    """docs/addin.md's table of functions: a row's signature beside its first example, its other examples below."""
    lines = [TABLE_HEADER]
    for f in table.ROWS:
        for i, example in enumerate(f.examples):
            lines.append(example_line(f"`{generate_declarations.signature(f)}`" if i == 0 else "", example))
    return "".join(lines)


def wrapped(items, indent, width=WIDTH):
    """Items separated by single spaces, in lines of at most `width` characters, each starting with `indent`."""
    lines, line = [], indent
    for item in items:
        if line.strip() and len(line) + 1 + len(item) > width:
            lines.append(line)
            line = indent + item
        else:
            line += (" " if line.strip() else "") + item
    return "\n".join(lines + [line])


def explained_list(table):
    """The functions QTYERROR explains, for its entry in docs/addin.md: every other row, in the table's order."""
    others = [f'`"{f.name}"`' for f in table.ROWS if not f.explains]
    return wrapped([f"{o}," for o in others[:-1]] + [f"{others[-1]};"], "  ").replace("  `", "  (`", 1)


def families(table):
    """addin/sheet/README.md's list of the files that implement the functions, in the order of their first rows."""
    files = {}
    for f in table.ROWS:
        files.setdefault(f.source, []).append(f.name)
    items = [f"`{source}` ({', '.join(names)})" for source, names in files.items()]
    words = " ".join([f"{item}," for item in items[:-2]] + [f"{items[-2]} and {items[-1]}."]).split(" ")
    return wrapped(words, "")


README_LIST = "sheet functions, each written here from its row of `addin/sheet_table.py`:\n\n"
DESCRIPTION_LIST = "with units and ranges.\n\n"


def summaries(table, item, wrap):
    """One line per function, `item(name, summary)` of its row; with `wrap`, a list item of at most the docs' width,
    its further lines indented under its text."""
    lines = []
    for f in table.ROWS:
        line = item(f.name, f.summary)
        lines.append(wrapped(line.split(" "), "  ")[2:] if wrap else line)
    return "\n".join(lines)


def replaced(text, start, end, new):
    """`text` with what lies between the first `start` and the `end` after it replaced by `new`."""
    a = text.index(start) + len(start)
    b = text.index(end, a)
    return text[:a] + new + text[b:]


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def written(table, root):
    """{path: (text now, text from the table)} for the files whose parts the table writes."""
    count = number_word(len(table.ROWS))
    out = {}
    readme = read(root, "README.md")
    new = COUNT.sub(lambda m: m.group(1) + count + m.group(3), readme, count=1)
    new = replaced(new, README_LIST, "\n\n", summaries(table, lambda name, summary: f"- `{name}`: {summary}.", True))
    out["README.md"] = (readme, new)
    description = read(root, "registry/description-en.txt")
    out["registry/description-en.txt"] = (description, replaced(description, DESCRIPTION_LIST, "\n\n",
                                                                  summaries(table, lambda name, summary:
                                                                            f"{name}: {summary.replace('`', '')}.", False)))
    docs = read(root, "docs/addin.md")
    new = COUNT.sub(lambda m: m.group(1) + count + m.group(3), docs, count=1)
    start = new.index(TABLE_HEADER)
    end = new.index("\n\n", start) + 1
    new = new[:start] + function_table(table) + new[end:]
    new = replaced(new, "Given the name of any other Ballpark function\n", "\n  case does not matter)",
                   explained_list(table))
    out["docs/addin.md"] = (docs, new)
    sheet_readme = read(root, "addin/sheet/README.md")
    out["addin/sheet/README.md"] = (sheet_readme, replaced(sheet_readme, "list from the rows):\n", "\n\n",
                                                            families(table)))
    return out


def names(text):
    """The function names (words in capitals that may end in digits) in a text."""
    return set(re.findall(r"\b[A-Z][A-Z0-9]{2,}\b", text))


def checked(table, root):
    """Sentences for the lists around the names that disagree with the table."""
    problems = []
    rows = [f.name for f in table.ROWS]
    twins = [f"{f.name}{table.PAIRS}" for f in table.ROWS if f.few]

    readme = read(root, "README.md")
    section = readme[readme.index("## In LibreOffice Calc"):]
    missing = [twin for twin in twins if not re.search(rf"`{twin}`", section)]
    if missing:
        problems.append(f"README.md's section \"In LibreOffice Calc\" should name the twins {', '.join(missing)}.")

    # Each function has one signature in docs/addin.md, its row's in the table of functions: a second, in prose or
    # another table, would be one more text to keep in step with the row.
    addin = read(root, "docs/addin.md")
    for name in rows:
        # A signature opens a row of a table ("| `NAME(...)` |") or a bold heading ("**NAME(...)**").
        signatures = re.findall(rf"^\| `{name}\(|\*\*`?{name}\(", addin, re.M)
        if len(signatures) > 1:
            problems.append(f"docs/addin.md gives {name} {len(signatures)} signatures; only the table of "
                            f"functions, written from its row, should.")

    return problems


def main(argv):
    write = "--write" in argv
    rest = [a for a in argv[1:] if a != "--write"]
    root = rest[0] if rest else os.path.dirname(HERE)
    table = generate_declarations.load(os.path.join(root, "addin", "sheet_table.py"))
    generate_declarations.check(table)
    problems = []
    for path, (now, new) in written(table, root).items():
        if now == new:
            continue
        if write:
            with open(os.path.join(root, path), "w", encoding="utf-8", newline="\n") as f:
                f.write(new)
        else:
            problems.append(f"{path} disagrees with addin/sheet_table.py in the parts written from it: run "
                            f"addin/sheet_docs.py --write.")
    problems += checked(table, root)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
