"""What a person sees: Ballpark results in a real Calc window, on an X server of its own (Xvfb), with LibreOffice's
default view settings, compared pixel for pixel with the same texts written without a key.

A result's key (core/include/ballpark/linked.hpp) is characters that print as nothing, but "nothing" is the window's
call: Calc draws some invisible characters with a grey field shading (a word joiner, a non-breaking space), which a
PDF export or a headless rendering leaves out. So the window itself is photographed (xwd), once with the results and
once with formulas that give their shown texts alone, and the two pictures must be the same. A third picture, with a
word joiner after the text (the mark earlier versions began their keys with), must differ: it shows that the
comparison sees a grey block where there is one.

Needs Xvfb and xwd (Debian's xvfb and x11-apps; scripts/install-deps.sh installs them).
"""

import os
import struct
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from sample_sheets.quarter_plan import HISTOGRAM_COLOURS  # noqa: E402  (scripts/sample_sheets)
import office  # noqa: E402
from office import Office, shown  # noqa: E402

ARGS = None
OFFICE = None
X = None

# One result of each kind that prints a key: bounds, the 90% reading, a sum, a temperature.
RESULTS = (
    '=QTY("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour")',
    '=QTYDIST("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) as million hour")',
    '=QTYSUM(A1:A1;"thousand hour")',
    '=QTY("20 degC + (1 to 2) K")',
)


class XServer:
    """An Xvfb of its own on the first free display (Xvfb picks it and writes it to a pipe: -displayfd)."""

    def __init__(self):
        read, write = os.pipe()
        # -ac: no access control, so the office (as root, run as nobody) may connect; no TCP, loopback sockets only.
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-ac"],
            pass_fds=(write,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        os.close(write)
        number = b""
        deadline = time.monotonic() + 30
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n"):
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise RuntimeError("Xvfb did not start within 30 s")
                chunk = pipe.read(1)
                if not chunk:
                    self.stop()
                    raise RuntimeError("Xvfb closed its display pipe without naming a display")
                number += chunk
        self.display = ":" + number.decode().strip()

    def screenshot(self):
        """The whole screen as (width, height, rows of pixel bytes, pixel format), from xwd's dump. The format is
        (bits per pixel, byte order: 0 least significant byte first, red mask, green mask, blue mask)."""
        dump = subprocess.run(["xwd", "-root", "-silent", "-display", self.display], check=True, timeout=60,
                              stdout=subprocess.PIPE).stdout
        # The XWD header: 25 big-endian 32-bit fields, the window's name up to header_size, then ncolors colour
        # entries of 12 bytes, then the pixels, bytes_per_line to a row.
        fields = struct.unpack(">25I", dump[:100])
        header_size, width, height, bytes_per_line, ncolors = fields[0], fields[4], fields[5], fields[12], fields[19]
        start = header_size + 12 * ncolors
        rows = [dump[start + y * bytes_per_line:start + (y + 1) * bytes_per_line] for y in range(height)]
        return width, height, rows, (fields[11], fields[7], fields[14], fields[15], fields[16])

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def difference(a, b):
    """The rows where two screenshots differ, as (first, last), or None when they are the same."""
    changed = [y for y, (row_a, row_b) in enumerate(zip(a[2], b[2])) if row_a != row_b]
    return (changed[0], changed[-1]) if changed else None


def pixels_of(shot, colours):
    """How many pixels of the screenshot have each of the colours ("#rrggbb"), exactly."""
    width, _, rows, (bits, byte_order, *masks) = shot
    if bits not in (24, 32):
        raise ValueError(f"expected a screenshot of 24 or 32 bits per pixel, found {bits}")
    size = bits // 8
    order = "little" if byte_order == 0 else "big"

    def channel(pixel, mask):
        return (pixel & mask) >> ((mask & -mask).bit_length() - 1)
    wanted = {tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)): c for c in colours}
    counts = dict.fromkeys(colours, 0)
    for row in rows:
        seen = {}
        for x in range(width):
            chunk = row[x * size:(x + 1) * size]
            seen[chunk] = seen.get(chunk, 0) + 1
        for chunk, n in seen.items():
            pixel = int.from_bytes(chunk, order)
            colour = wanted.get(tuple(channel(pixel, m) for m in masks))
            if colour:
                counts[colour] += n
    return counts


def settled_screenshot(test, doc):
    """A screenshot once the window has stopped changing (two in a row alike), at most 20 s after an edit."""
    doc.calculateAll()
    previous = None
    deadline = time.monotonic() + 20
    while True:
        time.sleep(1.0)
        shot = X.screenshot()
        if previous is not None and difference(previous, shot) is None:
            return shot
        if time.monotonic() > deadline:
            test.fail("the Calc window kept changing for 20 s after an edit")
        previous = shot


def setUpModule():
    global X, OFFICE
    X = XServer()
    office_ = Office(ARGS.soffice, ARGS.unopkg, [ARGS.oxt], display=X.display)
    try:
        OFFICE = office_.start()
    except BaseException:
        office_.cleanup()
        X.stop()
        raise


def tearDownModule():
    if OFFICE is not None:
        OFFICE.cleanup()
    if X is not None:
        X.stop()


class ResultsInTheWindow(unittest.TestCase):
    def setUp(self):
        self.doc = OFFICE.load(hidden=False)
        self.sheet = self.doc.Sheets.getByIndex(0)
        # The cell cursor far from the results: the formula bar then shows an empty cell in every picture.
        self.doc.getCurrentController().select(self.sheet.getCellRangeByName("H30"))

    def tearDown(self):
        self.doc.close(True)

    def settled_screenshot(self):
        return settled_screenshot(self, self.doc)

    def show(self, formulas):
        for row, formula in enumerate(formulas):
            self.sheet.getCellByPosition(0, row).setFormula(formula)
        return self.settled_screenshot()

    def test_a_result_looks_exactly_like_its_text_without_a_key(self):
        with_keys = self.show(RESULTS)
        texts = []
        for row, formula in enumerate(RESULTS):
            cell = self.sheet.getCellByPosition(0, row)
            self.assertEqual(cell.getError(), 0, f"{formula} shows {cell.getString()}")
            self.assertNotEqual(shown(cell.getString()), cell.getString(), f"{formula} has no key to test")
            texts.append(shown(cell.getString()))
        self.assertEqual(texts[0], "1.7 [1.4, 2.1] million hour")
        plain = self.show(['="' + text + '"' for text in texts])
        self.assertIsNone(difference(with_keys, plain),
                          "the window with the results differs from the one with their texts alone")
        # The comparison sees what it is for: a word joiner, which Calc shades grey, changes the picture.
        joiner = self.show(['="' + texts[0] + '"&UNICHAR(8288)'] + ['="' + text + '"' for text in texts[1:]])
        self.assertIsNotNone(difference(joiner, plain), "a word joiner after the text changed nothing in the window")


class ChartInTheWindow(unittest.TestCase):
    """The quarter plan's histogram of its total cost (a chart on QTYBINS's cells) as Calc draws it in a window:
    its columns under and over the budget and its line of the chance of exceeding, each in the colour the sheet
    gives it and no other part of the sheet uses."""

    # Pixels of each colour at least. At 100% zoom the columns cover tens of thousands (under the budget) and
    # thousands (over it); the line, some 4 pixels thick across the chart, is drawn smoothed, so only its middle
    # has the exact colour: some 2,000 pixels in 7.4 and in 25.2.
    AT_LEAST = {"columns under the budget": 5000, "columns over the budget": 1000, "line of exceeding": 300}

    def test_the_quarter_plans_histogram_shows_its_columns_its_line_and_the_budget(self):
        doc = OFFICE.open_copy(os.path.join(ROOT, "sample-sheets", "quarter-plan.fods"), hidden=False)
        try:
            sheet = doc.Sheets.getByIndex(0)
            page = sheet.DrawPage
            shapes = [page.getByIndex(i) for i in range(page.Count)]
            chart = [shape for shape in shapes if shape.Name == "histogram"]
            self.assertEqual(len(chart), 1, [shape.Name for shape in shapes])
            before = pixels_of(settled_screenshot(self, doc), HISTOGRAM_COLOURS)
            # Selecting the chart scrolls the window to it.
            doc.getCurrentController().select(chart[0])
            after = pixels_of(settled_screenshot(self, doc), HISTOGRAM_COLOURS)
        finally:
            doc.close(True)
        print(f"\n    the chart's pixels in the window: {after}", file=sys.stderr)
        for colour, part in zip(HISTOGRAM_COLOURS,
                                ("columns under the budget", "columns over the budget", "line of exceeding")):
            with self.subTest(part=part):
                self.assertGreaterEqual(after[colour], self.AT_LEAST[part],
                                        f"the {part} ({colour}) cover {after[colour]} pixels of the window")
        # The colours are the chart's: the window before it was scrolled into view shows none of them.
        self.assertEqual(sum(before.values()), 0, before)


if __name__ == "__main__":
    sys.exit(office.main(sys.modules[__name__], deadline=240))
