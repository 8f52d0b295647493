"""The embedded charts of a flat ODF sheet: bar charts and histograms drawn from the sheet's cells."""

from xml.sax.saxutils import quoteattr

from .odf_styles import xml_text


CHART_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
            'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
            'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
            'xmlns:xlink="http://www.w3.org/1999/xlink" '
            'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
            'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
            'xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0"')


# How every embedded chart's XML ends: its wall, then the elements its opening left open.
CHART_END = [
    '            <chart:wall chart:style-name="ch_wall"/>',
    "           </chart:plot-area>",
    "          </chart:chart>",
    "         </office:chart>",
    "        </office:body>",
    "       </office:document>",
    "      </draw:object>",
    "     </draw:frame>",
]


def chart_place(sheet, chart):
    """Where a chart sits on its sheet (x, y from the columns and rows before its anchor cell), the sheet's quoted
    name (it has a hyphen) and a function that writes a column's cell range in the chart's address syntax."""
    col_index = ord(chart.anchor[0]) - ord("A")
    x = sum(w for _, w in sheet.columns[:col_index])
    y = sum(h for h, _ in sheet.rows[:chart.anchor[1] - 1])
    t = "'" + sheet.name + "'"

    def rng(c, r1, r2):
        return f"{t}.{c}{r1}:{t}.{c}{r2}"

    return x, y, t, rng


def chart_opening(chart):
    """The lines of a chart document from the end of its styles to its plot area's start: the same in every chart."""
    return [
        "        </office:automatic-styles>",
        "        <office:body>",
        "         <office:chart>",
        f'          <chart:chart svg:width="{chart.width_cm:g}cm" svg:height="{chart.height_cm:g}cm" '
        'chart:class="chart:bar" chart:style-name="ch_chart">',
        f'           <chart:title chart:style-name="ch_title"><text:p>{xml_text(chart.title)}</text:p></chart:title>',
        '           <chart:legend chart:legend-position="bottom" chart:style-name="ch_legend"/>',
        '           <chart:plot-area chart:style-name="ch_plot" chart:data-source-has-labels="both">',
    ]


def chart_xml(sheet, chart):
    """An ODF chart embedded in the flat file (LibreOffice writes them the same way), drawn from the sheet's cells.
    Horizontal bars (chart:vertical), the two series overlapping, the first category on top: a tornado."""
    x, y, t, rng = chart_place(sheet, chart)
    cat_col, cat_first, cat_last = chart.categories
    whole = " ".join(rng(c, label, last) for c, label, _, last, _ in chart.series)
    out = [
        f'     <draw:frame draw:z-index="0" draw:name={quoteattr(chart.name)} svg:width="{chart.width_cm:g}cm" '
        f'svg:height="{chart.height_cm:g}cm" svg:x="{x:g}cm" svg:y="{y:g}cm">',
        f'      <draw:object draw:notify-on-update-of-ranges="{rng(cat_col, cat_first, cat_last)} {whole}">',
        f'       <office:document {CHART_NS} office:version="1.3" '
        'office:mimetype="application/vnd.oasis.opendocument.chart">',
        "        <office:automatic-styles>",
        '         <style:style style:name="ch_title" style:family="chart"><style:text-properties fo:font-size="11pt" '
        'fo:font-weight="bold"/></style:style>',
        '         <style:style style:name="ch_chart" style:family="chart"><style:graphic-properties draw:stroke="none"/>'
        '</style:style>',
        '         <style:style style:name="ch_plot" style:family="chart"><style:chart-properties chart:vertical="true" '
        'chart:overlap="100" chart:gap-width="60" chart:auto-position="true" chart:auto-size="true"/></style:style>',
        '         <style:style style:name="ch_wall" style:family="chart"><style:graphic-properties draw:fill="none" '
        'draw:stroke="none"/></style:style>',
        '         <style:style style:name="ch_cats" style:family="chart"><style:chart-properties '
        'chart:display-label="true" chart:reverse-direction="true" chart:axis-position="0" '
        'chart:axis-label-position="outside-start" chart:tick-marks-major-outer="false" chart:overlap="100" '
        'chart:gap-width="60"/>'
        '<style:text-properties fo:font-size="9pt"/></style:style>',
        '         <style:style style:name="ch_values" style:family="chart"><style:chart-properties '
        'chart:display-label="true" chart:overlap="100" chart:gap-width="60"/><style:text-properties fo:font-size="9pt"/></style:style>',
        '         <style:style style:name="ch_legend" style:family="chart"><style:text-properties fo:font-size="9pt"/>'
        '</style:style>',
    ]
    for i, (_, _, _, _, colour) in enumerate(chart.series):
        out.append(f'         <style:style style:name="ch_s{i}" style:family="chart"><style:graphic-properties '
                   f'draw:stroke="none" draw:fill-color="{colour}"/><style:chart-properties chart:overlap="100" '
                   'chart:gap-width="60"/></style:style>')
    out += [
        *chart_opening(chart),
        '            <chart:axis chart:dimension="x" chart:name="primary-x" chart:style-name="ch_cats">',
        f'             <chart:categories table:cell-range-address="{rng(cat_col, cat_first, cat_last)}"/>',
        "            </chart:axis>",
        '            <chart:axis chart:dimension="y" chart:name="primary-y" chart:style-name="ch_values">',
        '             <chart:grid chart:class="major"/>',
        "            </chart:axis>",
    ]
    for i, (c, label, first, last, _) in enumerate(chart.series):
        out.append(f'            <chart:series chart:style-name="ch_s{i}" chart:class="chart:bar" '
                   f'chart:values-cell-range-address="{rng(c, first, last)}" '
                   f'chart:label-cell-address="{t}.{c}{label}"/>')
    return out + CHART_END


def histogram_chart_xml(sheet, chart):
    """A HistogramChart as an ODF chart embedded in the flat file: upright columns, the bar series stacked without
    gaps (one column per bin, its colour changing where the budget cuts it), and the line on a secondary axis from
    0 to 100%, both axes in percent."""
    x, y, t, rng = chart_place(sheet, chart)
    cat_col, cat_first, cat_last = chart.categories
    series = chart.bars + [chart.line]
    whole = " ".join(rng(c, label, last) for c, label, _, last, _ in series)
    percent = ('<number:percentage-style style:name="ch_pct"><number:number number:decimal-places="0" '
               'number:min-decimal-places="0" number:min-integer-digits="1"/><number:text>%</number:text>'
               '</number:percentage-style>')
    axis_text = '<style:text-properties fo:font-size="8pt"/>'
    out = [
        f'     <draw:frame draw:z-index="1" draw:name={quoteattr(chart.name)} svg:width="{chart.width_cm:g}cm" '
        f'svg:height="{chart.height_cm:g}cm" svg:x="{x:g}cm" svg:y="{y:g}cm">',
        f'      <draw:object draw:notify-on-update-of-ranges="{rng(cat_col, cat_first, cat_last)} {whole}">',
        f'       <office:document {CHART_NS} office:version="1.3" '
        'office:mimetype="application/vnd.oasis.opendocument.chart">',
        "        <office:automatic-styles>",
        "         " + percent,
        '         <style:style style:name="ch_title" style:family="chart"><style:text-properties fo:font-size="11pt" '
        'fo:font-weight="bold"/></style:style>',
        '         <style:style style:name="ch_chart" style:family="chart">'
        '<style:graphic-properties draw:stroke="none"/></style:style>',
        '         <style:style style:name="ch_plot" style:family="chart"><style:chart-properties '
        'chart:vertical="false" chart:stacked="true" chart:overlap="100" chart:gap-width="8" chart:auto-position="true" '
        'chart:auto-size="true"/></style:style>',
        '         <style:style style:name="ch_wall" style:family="chart"><style:graphic-properties draw:fill="none" '
        'draw:stroke="none"/></style:style>',
        '         <style:style style:name="ch_bins" style:family="chart"><style:chart-properties '
        'chart:display-label="true" chart:tick-marks-major-outer="true" chart:text-overlap="false" '
        'chart:overlap="100" chart:gap-width="8"/>' + axis_text + '</style:style>',
        '         <style:style style:name="ch_chance" style:family="chart" style:data-style-name="ch_pct">'
        '<style:chart-properties chart:display-label="true" chart:minimum="0" chart:link-data-style-to-source="false" '
        'chart:overlap="100" chart:gap-width="8"/>' + axis_text + '</style:style>',
        '         <style:style style:name="ch_exceed" style:family="chart" style:data-style-name="ch_pct">'
        '<style:chart-properties chart:display-label="true" chart:minimum="0" chart:maximum="1" '
        'chart:interval-major="0.2" chart:link-data-style-to-source="false"/>' + axis_text + '</style:style>',
        '         <style:style style:name="ch_axis_title" style:family="chart"><style:text-properties '
        'fo:font-size="9pt"/></style:style>',
        '         <style:style style:name="ch_legend" style:family="chart"><style:text-properties fo:font-size="9pt"/>'
        '</style:style>',
    ]
    for i, (_, _, _, _, colour) in enumerate(chart.bars):
        out.append(f'         <style:style style:name="ch_s{i}" style:family="chart"><style:graphic-properties '
                   f'draw:stroke="none" draw:fill-color="{colour}"/><style:chart-properties chart:overlap="100" '
                   'chart:gap-width="8"/></style:style>')
    out.append(f'         <style:style style:name="ch_line" style:family="chart"><style:graphic-properties '
               f'draw:stroke="solid" svg:stroke-width="0.1cm" svg:stroke-color="{chart.line[4]}"/>'
               '<style:chart-properties chart:symbol-type="none"/></style:style>')
    out += [
        *chart_opening(chart),
        '            <chart:axis chart:dimension="x" chart:name="primary-x" chart:style-name="ch_bins">',
        '             <chart:title chart:style-name="ch_axis_title"><text:p>Total cost, $ million</text:p>'
        '</chart:title>',
        f'             <chart:categories table:cell-range-address="{rng(cat_col, cat_first, cat_last)}"/>',
        "            </chart:axis>",
        '            <chart:axis chart:dimension="y" chart:name="primary-y" chart:style-name="ch_chance">',
        '             <chart:title chart:style-name="ch_axis_title"><text:p>Chance in the bin</text:p></chart:title>',
        '             <chart:grid chart:class="major"/>',
        "            </chart:axis>",
        '            <chart:axis chart:dimension="y" chart:name="secondary-y" chart:style-name="ch_exceed">',
        '             <chart:title chart:style-name="ch_axis_title"><text:p>Chance of exceeding</text:p></chart:title>',
        "            </chart:axis>",
    ]
    for i, (c, label, first, last, _) in enumerate(chart.bars):
        out.append(f'            <chart:series chart:style-name="ch_s{i}" chart:class="chart:bar" '
                   f'chart:values-cell-range-address="{rng(c, first, last)}" '
                   f'chart:label-cell-address="{t}.{c}{label}"/>')
    c, label, first, last, _ = chart.line
    out.append('            <chart:series chart:style-name="ch_line" chart:class="chart:line" '
               'chart:attached-axis="secondary-y" '
               f'chart:values-cell-range-address="{rng(c, first, last)}" chart:label-cell-address="{t}.{c}{label}"/>')
    return out + CHART_END
