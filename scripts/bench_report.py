"""What the benchmark scripts share: the machine they ran on, and writing a table into docs/performance.md."""

import os
import platform
import re

PERFORMANCE_DOC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "performance.md")


def cpu_name():
    """The processor's model name from /proc/cpuinfo, or what platform knows."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def write_section(name, text, heading):
    """Replaces what stands between <!-- NAME:begin --> and <!-- NAME:end --> in docs/performance.md with text;
    when the markers are missing, appends them under heading."""
    with open(PERFORMANCE_DOC) as f:
        doc = f.read()
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    if begin not in doc:
        doc = doc.rstrip("\n") + f"\n\n## {heading}\n\n{begin}\n{end}\n"
    doc = re.sub(re.escape(begin) + r"\n.*?" + re.escape(end), lambda m: f"{begin}\n{text}\n{end}", doc, flags=re.S)
    with open(PERFORMANCE_DOC, "w") as f:
        f.write(doc)
