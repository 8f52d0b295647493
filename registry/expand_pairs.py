#!/usr/bin/env python3
"""Writes the CalcAddIns.xcu that ships: registry/CalcAddIns.xcu with each function's one "bindings" node (its
name; value pairs) written out as the nodes name1, value1, name2, value2, ... that the function's parameters in
idl/XBallparkFunctions.idl are, since Calc reads a parameter's wizard text from the node of its IDL name.

The pairs are explicit parameters rather than a variable argument list (the IDL's header says why); the source
keeps one description of a pair per function, and the IDL says how many pairs each function has.

    expand_pairs.py IDL SOURCE_XCU OUTPUT_XCU
"""

import re
import sys
from xml.sax.saxutils import escape

# A bindings node of the source, inside the function node it belongs to (indented by eight spaces).
FUNCTION = re.compile(r'^        <node oor:name="(\w+)" oor:op="replace">$', re.M)
BINDINGS = re.compile(r'( *)<node oor:name="bindings" oor:op="replace">\n.*?'
                      r'<prop oor:name="Description"><value xml:lang="en-US">(.*?)</value></prop>\n *</node>\n', re.S)
# What a source description says before the value's own description.
PAIR_LEAD = re.compile(r"^Optional pairs: a variable name[^,]*, then its value(: |, )")


def pairs_per_method(idl):
    """{method: number of name; value pairs} from the IDL's parameter lists."""
    idl = re.sub(r"//[^\n]*", "", idl)
    out = {}
    for method, parameters in re.findall(r"\b(\w+)\s*\(([^)]*)\)", idl):
        count = len(re.findall(r"\bname\d+\b", parameters))
        if count:
            out[method] = count
    return out


def node(indent, name, description):
    return (f'{indent}<node oor:name="{name}" oor:op="replace">\n'
            f'{indent}  <prop oor:name="DisplayName"><value xml:lang="en-US">{name}</value></prop>\n'
            f'{indent}  <prop oor:name="Description"><value xml:lang="en-US">{description}</value></prop>\n'
            f'{indent}</node>\n')


def expand(idl, xcu):
    counts = pairs_per_method(idl)
    out, done = [], set()
    functions = [(m.start(), m.group(1)) for m in FUNCTION.finditer(xcu)]
    position = 0
    for match in BINDINGS.finditer(xcu):
        method = [name for start, name in functions if start < match.start()][-1]
        if method not in counts:
            raise SystemExit(f"expand_pairs: {method} has a bindings node in the .xcu but no name1 in the IDL")
        indent, description = match.group(1), match.group(2)
        lead = PAIR_LEAD.match(description)
        if not lead:
            raise SystemExit(f"expand_pairs: the bindings of {method} do not begin \"Optional pairs: a variable name\"")
        joint, value = lead.group(1), description[lead.end():]
        n = counts[method]
        out.append(xcu[position:match.start()])
        for k in range(1, n + 1):
            out.append(node(indent, f"name{k}", escape(
                f"Optional: a name the expression uses, as text (\"u\"), followed by its value. Up to {n} "
                "name; value pairs; leave the ones after the last empty.")))
            out.append(node(indent, f"value{k}", f"The value of name{k}{joint}{value}"))
        position = match.end()
        done.add(method)
    out.append(xcu[position:])
    missing = sorted(set(counts) - done)
    if missing:
        raise SystemExit(f"expand_pairs: the IDL gives {', '.join(missing)} name; value pairs but the .xcu no bindings node")
    return "".join(out)


def main(argv):
    if len(argv) != 4:
        raise SystemExit(__doc__)
    with open(argv[1], encoding="utf-8") as f:
        idl = f.read()
    with open(argv[2], encoding="utf-8") as f:
        xcu = f.read()
    text = expand(idl, xcu)
    with open(argv[3], "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


if __name__ == "__main__":
    main(sys.argv)
