"""Recording the formula cells' results from a headless LibreOffice with the extension (--refresh-values)."""

import csv
import os
import sys

from .data import ROOT
from .grid import col
from .odf_document import document
from .stored_values import VALUES_FILE
from .workbook import sheets


def refresh_values(oxt, path=VALUES_FILE):
    """Recalculates every sheet in a headless LibreOffice with the extension (tests/integration/office.py) and
    writes every formula cell's result to path. Fails, writing nothing, when any formula cell holds an error."""
    import tempfile
    sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))
    from office import Office, shown
    from com.sun.star.table.CellContentType import FORMULA as FORMULA_CELL

    rows, errors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for s in sheets():
            with open(os.path.join(tmp, s.name + ".fods"), "w", encoding="utf-8") as f:
                f.write(document(s))
        with Office("/usr/lib/libreoffice/program/soffice", "/usr/lib/libreoffice/program/unopkg", [oxt]) as office:
            for s in sheets():
                doc = office.open_copy(os.path.join(tmp, s.name + ".fods"))
                try:
                    doc.calculateAll()
                    sheet = doc.Sheets.getByIndex(0)
                    for r, (_, cells) in enumerate(s.rows):
                        for c, cell in enumerate(cells):
                            if cell.kind not in ("formula", "part"):
                                continue
                            live = sheet.getCellByPosition(c, r)
                            assert live.getType() == FORMULA_CELL
                            address = f"{col(c)}{r + 1}"
                            if live.getError():
                                errors.append(f"{s.name}!{address}: {live.getString()}")
                            elif live.FormulaResultType2 == 2:  # com.sun.star.sheet.FormulaResult.STRING
                                # The text as it shows: the key after a Ballpark result names a recipe in the
                                # memory of the office that computed it, which no other office holds.
                                rows.append((s.name, address, "string", shown(live.getString())))
                            else:
                                rows.append((s.name, address, "value", repr(live.getValue())))
                finally:
                    doc.close(True)
    if errors:
        raise SystemExit("cells holding errors after recalculating, nothing written: " + ", ".join(errors))
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["sheet", "cell", "kind", "value"])
        w.writerows(rows)
    print(f"{path}: {len(rows)} formula results")
