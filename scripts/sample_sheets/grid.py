"""A sheet as rows of cells with its columns, frozen panes and charts, and the charts it anchors."""

from .cells import blank, text


class Sheet:
    def __init__(self, name, columns, freeze_rows, freeze_cols=1, default_height=None):
        self.default_height = default_height
        self.name = name
        self.columns = columns  # (title, width in cm)
        self.rows = []  # (height in cm or None, [Cell])
        self.freeze_rows, self.freeze_cols = freeze_rows, freeze_cols
        self.charts = []  # Chart

    def add(self, cells, height=None, boxed=False, optimal=False):
        """optimal: the row takes the height its wrapped text needs, whatever default_height says (for rows below
        every chart, whose positions are worked out from the fixed heights above them)."""
        for c in cells:
            c.boxed = boxed
        self.rows.append((None if optimal else height or self.default_height, cells))
        return len(self.rows)  # the 1-based row number just added

    def header(self):
        return self.add([text(title, "header") for title, _ in self.columns], height=1.25, boxed=True)

    def record(self, cells):
        """A row of the table, padded to the table's width so every cell has its border."""
        cells = cells + [blank() for _ in range(len(self.columns) - len(cells))]
        return self.add(cells, boxed=True)


def col(i):
    return chr(ord("A") + i)


class Chart:
    """A horizontal bar chart drawn from cells of its sheet: categories (column, first row, last row) and series
    (column, label row, first row, last row, colour), anchored at a cell (column, row)."""

    def __init__(self, name, anchor, width_cm, height_cm, title, categories, series):
        self.name, self.anchor, self.width_cm, self.height_cm = name, anchor, width_cm, height_cm
        self.title, self.categories, self.series = title, categories, series


class HistogramChart:
    """A column chart of probabilities drawn from cells of its sheet: categories (column, first row, last row), bar
    series stacked (column, label row, first row, last row, colour), and one line series on a second axis from 0
    to 100% (the same form), anchored at a cell (column, row)."""

    def __init__(self, name, anchor, width_cm, height_cm, title, categories, bars, line):
        self.name, self.anchor, self.width_cm, self.height_cm = name, anchor, width_cm, height_cm
        self.title, self.categories, self.bars, self.line = title, categories, bars, line
