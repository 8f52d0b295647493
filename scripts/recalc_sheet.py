#!/usr/bin/python3
"""Opens a sample sheet in a headless LibreOffice with ballpark.oxt installed into a throwaway profile,
recalculates it, prints its table in the terminal and optionally writes a PDF of it.

    /usr/bin/python3 scripts/recalc_sheet.py --oxt build/addin/ballpark.oxt \
        [--sheet sample-sheets/llama-comparison.fods] [--pdf build/llama-comparison.pdf] [--tight]

--tight sizes the PDF's page to the sheet's used area (for the picture in docs/); without it the PDF uses the
sheet's own page setup (A4 landscape, one page wide). Exits 1 if any cell holds an error after recalculating.
Runs with Debian's /usr/bin/python3 (python3-uno); reuses tests/integration/office.py, which bounds every wait and
stops only the soffice it started.
"""

import argparse
import os
import shutil
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "integration"))

from office import Office, _url, prop, shown as without_key, start_watchdog  # noqa: E402


MARGIN = 500  # 1/100 mm, around the used area when --tight


def used_area(sheet):
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    return cursor.RangeAddress.EndRow + 1, cursor.RangeAddress.EndColumn + 1


def grid(sheet):
    rows, cols = used_area(sheet)
    data = sheet.getCellRangeByPosition(0, 0, cols - 1, rows - 1)
    # A result's text ends in its recipe's key, which prints as nothing but would count in the columns' widths.
    shown = [[without_key(data.getCellByPosition(c, r).getString()) for c in range(cols)] for r in range(rows)]
    errors = [f"{chr(65 + c)}{r + 1}: {shown[r][c]}" for r in range(rows) for c in range(cols)
              if data.getCellByPosition(c, r).getError()]
    return shown, errors


def print_table(name, shown):
    """The rows under the header (the first row with three or more filled cells), one column per row of the sheet,
    so a table of a few models reads top to bottom; columns titled "Source…" become footnotes."""
    header = next(i for i, row in enumerate(shown) if sum(1 for v in row if v) >= 3)
    titles = shown[header]
    records = [row for row in shown[header + 1:] if row[0]]
    notes = [row[0] for row in shown[:header] if row[0]]
    print(f"{name}, recalculated in headless LibreOffice with ballpark.oxt")
    for note in notes[1:]:
        print(textwrap.fill(note, 110, initial_indent="  ", subsequent_indent="  "))
    print()
    label_width = max(len(t) for t in titles) + 2
    shown_columns = [c for c, t in enumerate(titles) if c and not t.lower().startswith("source")]
    value_width = max(len(row[c]) for row in records for c in [0] + shown_columns) + 2
    print(" " * label_width + "".join(r[0].ljust(value_width) for r in records).rstrip())
    sources = []
    for c, title in enumerate(titles[1:], start=1):
        if title.lower().startswith("source"):
            sources = [(r[0], r[c]) for r in records]
            continue
        print(title.ljust(label_width) + "".join(r[c].ljust(value_width) for r in records).rstrip())
    if sources:
        print()
        for model, source in sources:
            print(textwrap.fill(f"{model}: {source}", 110, subsequent_indent="    "))


def fit_page_to_used_area(doc, sheet):
    """The page becomes the used cells plus any chart on the sheet (a chart is not a cell, so the used area alone
    would cut it off), and the print range is widened to match."""
    rows, cols = used_area(sheet)
    width = sum(sheet.Columns.getByIndex(c).Width for c in range(cols))
    height = sum(sheet.Rows.getByIndex(r).Height for r in range(rows))
    page = sheet.DrawPage
    for i in range(page.getCount()):
        shape = page.getByIndex(i)
        width = max(width, shape.Position.X + shape.Size.Width)
        height = max(height, shape.Position.Y + shape.Size.Height)
    while sum(sheet.Columns.getByIndex(c).Width for c in range(cols)) < width:
        cols += 1
    while sum(sheet.Rows.getByIndex(r).Height for r in range(rows)) < height:
        rows += 1
    sheet.setPrintAreas((sheet.getCellRangeByPosition(0, 0, cols - 1, rows - 1).RangeAddress,))
    style = doc.StyleFamilies.getByName("PageStyles").getByName(sheet.PageStyle)
    style.IsLandscape = False
    style.Width, style.Height = width + 2 * MARGIN, height + 2 * MARGIN
    for side in ("LeftMargin", "RightMargin", "TopMargin", "BottomMargin"):
        setattr(style, side, MARGIN)
    style.ScaleToPagesX, style.ScaleToPagesY = 1, 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--oxt", required=True)
    parser.add_argument("--sheet", default=os.path.join(ROOT, "sample-sheets", "llama-comparison.fods"))
    parser.add_argument("--pdf", help="write a PDF of the recalculated sheet here")
    parser.add_argument("--tight", action="store_true", help="page size = the used area (for a picture)")
    parser.add_argument("--soffice", default="/usr/lib/libreoffice/program/soffice")
    parser.add_argument("--unopkg", default="/usr/lib/libreoffice/program/unopkg")
    parser.add_argument("--deadline", type=float, default=180, help="seconds before the office is killed")
    args = parser.parse_args()

    name = os.path.splitext(os.path.basename(args.sheet))[0]
    with Office(args.soffice, args.unopkg, [args.oxt]) as office:
        # A hung office must not hang the main job: past the deadline, kill the process group this run started.
        watchdog = start_watchdog(args.deadline, "recalc_sheet")
        print(f"ballpark.oxt installed with unopkg into the throwaway profile {office.profile}\n", flush=True)
        doc = office.open_copy(args.sheet)
        try:
            doc.calculateAll()
            sheet = doc.Sheets.getByIndex(0)
            # A chart stored without a picture of itself (as the generator writes them) is drawn in an export only
            # once its model has been loaded; asking for it loads it.
            for chart in sheet.Charts.getElementNames():
                sheet.Charts.getByName(chart).EmbeddedObject.getData()
            shown, errors = grid(sheet)
            print_table(name, shown)
            if args.pdf:
                if args.tight:
                    fit_page_to_used_area(doc, sheet)
                pdf = office.path(name + ".pdf")
                doc.storeToURL(_url(pdf), (prop("FilterName", "calc_pdf_Export"),))
                os.makedirs(os.path.dirname(os.path.abspath(args.pdf)), exist_ok=True)
                shutil.copyfile(pdf, args.pdf)
                print(f"\nPDF: {args.pdf}")
        finally:
            doc.close(True)
        watchdog.cancel()
    if errors:
        print("cells holding errors: " + ", ".join(errors), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
