"""One sheet written as a flat ODF spreadsheet (.fods), byte for byte: the same sheet always gives the same bytes."""

from xml.sax.saxutils import quoteattr

from .grid import HistogramChart, col
from .odf_charts import chart_xml, histogram_chart_xml
from .odf_styles import Styles, odf_number, xml_text


HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
xmlns:ooo="http://openoffice.org/2004/office" \
xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" \
xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" \
xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" \
xmlns:dc="http://purl.org/dc/elements/1.1/" \
xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" \
xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" \
xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" \
xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" \
xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0" \
xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" \
xmlns:xlink="http://www.w3.org/1999/xlink" \
xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0" \
office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">"""


def settings_xml(sheet):
    """The view settings: a frozen header (rows above and including the header, and the first column).

    LibreOffice finds this set by the qualified name ooo:view-settings, so the ooo namespace must be declared
    on the root (without it the settings are silently ignored)."""
    def item(name, typ, value):
        return f'       <config:config-item config:name="{name}" config:type="{typ}">{value}</config:config-item>'
    rows, cols = sheet.freeze_rows, sheet.freeze_cols
    return [
        " <office:settings>",
        '  <config:config-item-set config:name="ooo:view-settings">',
        '   <config:config-item-map-indexed config:name="Views">',
        "    <config:config-item-map-entry>",
        '     <config:config-item config:name="ViewId" config:type="string">view1</config:config-item>',
        '     <config:config-item-map-named config:name="Tables">',
        f"      <config:config-item-map-entry config:name={quoteattr(sheet.name)}>",
        item("CursorPositionX", "int", cols),
        item("CursorPositionY", "int", rows),
        item("HorizontalSplitMode", "short", 2 if cols else 0),
        item("VerticalSplitMode", "short", 2 if rows else 0),
        item("HorizontalSplitPosition", "int", cols),
        item("VerticalSplitPosition", "int", rows),
        item("ActiveSplitRange", "short", 3 if cols else 2),
        item("PositionLeft", "int", 0),
        item("PositionRight", "int", cols),
        item("PositionTop", "int", 0),
        item("PositionBottom", "int", rows),
        "      </config:config-item-map-entry>",
        "     </config:config-item-map-named>",
        f'     <config:config-item config:name="ActiveTable" config:type="string">{xml_text(sheet.name)}'
        "</config:config-item>",
        '     <config:config-item config:name="ShowGrid" config:type="boolean">true</config:config-item>',
        '     <config:config-item config:name="HasColumnRowHeaders" config:type="boolean">true</config:config-item>',
        "    </config:config-item-map-entry>",
        "   </config:config-item-map-indexed>",
        "  </config:config-item-set>",
        " </office:settings>",
    ]


def cell_xml(c, styles, stored=None):
    """stored: the formula's result as (kind, value), kind "value" or "string", or None (no cached result)."""
    name = styles.name(c.fmt, c.role, c.boxed)
    attrs = f' table:style-name="{name}"' if name else ""
    if c.kind == "empty":
        return f"     <table:table-cell{attrs}/>"
    if c.kind in ("formula", "part"):
        f = f" table:formula={quoteattr('of:=' + c.value)}" if c.kind == "formula" else ""
        if c.matrix:
            f += (f' table:number-matrix-rows-spanned="{c.matrix[0]}" '
                  f'table:number-matrix-columns-spanned="{c.matrix[1]}"')
        if stored is None:
            return f"     <table:table-cell{attrs}{f}/>"
        kind, value = stored
        if kind == "string":
            return (f'     <table:table-cell{attrs}{f} office:value-type="string" '
                    f'office:string-value={quoteattr(value)}><text:p>{xml_text(value)}</text:p></table:table-cell>')
        vtype = "percentage" if c.fmt in ("pct", "pct1") else "float"
        return f'     <table:table-cell{attrs}{f} office:value-type="{vtype}" office:value="{odf_number(value)}"/>'

    if c.kind == "text":
        return (f'     <table:table-cell{attrs} office:value-type="string"><text:p>{xml_text(c.value)}</text:p>'
                "</table:table-cell>")
    vtype = "percentage" if c.kind == "percent" else "float"
    return f'     <table:table-cell{attrs} office:value-type="{vtype}" office:value="{odf_number(c.value)}"/>'


def document(sheet, values=None):
    """One sheet as a flat ODF spreadsheet, as a string. values: {cell address: (kind, value)}, the stored results
    of its formula cells (read_values)."""
    values = values or {}
    styles = Styles()
    body = []
    body.append(f"   <table:table table:name={quoteattr(sheet.name)} table:style-name=\"ta1\">")
    if sheet.charts:
        body.append("    <table:shapes>")
        for chart in sheet.charts:
            body += histogram_chart_xml(sheet, chart) if isinstance(chart, HistogramChart) else chart_xml(sheet, chart)
        body.append("    </table:shapes>")
    for i, (_, width) in enumerate(sheet.columns):
        body.append(f'    <table:table-column table:style-name="co{i + 1}" table:default-cell-style-name="Default"/>')
    row_styles = {}
    for r, (height, cells) in enumerate(sheet.rows, start=1):
        if height is None:
            rs = "ro_auto"
        else:
            rs = row_styles.setdefault(height, f"ro_{height:g}".replace(".", "_"))
        body.append(f'    <table:table-row table:style-name="{rs}">')
        if not cells:
            body.append("     <table:table-cell/>")
        for i, c in enumerate(cells):
            body.append(cell_xml(c, styles, values.get(f"{col(i)}{r}") if c.kind in ("formula", "part") else None))
        body.append("    </table:table-row>")
    body.append("   </table:table>")

    out = [HEAD]
    out.append(" <office:meta><meta:generator>Ballpark scripts/make_sample_sheets.py</meta:generator>"
               f"<dc:title>{xml_text(sheet.name)}</dc:title></office:meta>")
    out += settings_xml(sheet)
    out += [
        " <office:font-face-decls>",
        '  <style:font-face style:name="Liberation Sans" svg:font-family="&apos;Liberation Sans&apos;" '
        'style:font-family-generic="swiss" style:font-pitch="variable"/>',
        '  <style:font-face style:name="Liberation Mono" svg:font-family="&apos;Liberation Mono&apos;" '
        'style:font-family-generic="modern" style:font-pitch="fixed"/>',
        " </office:font-face-decls>",
        " <office:styles>",
        '  <style:default-style style:family="table-cell">',
        '   <style:text-properties style:font-name="Liberation Sans" fo:font-size="10pt" fo:language="en" '
        'fo:country="US"/>',
        "  </style:default-style>",
        '  <style:style style:name="Default" style:family="table-cell"/>',
        " </office:styles>",
        " <office:automatic-styles>",
    ]
    for i, (_, width) in enumerate(sheet.columns):
        out.append(f'  <style:style style:name="co{i + 1}" style:family="table-column">'
                   f'<style:table-column-properties fo:break-before="auto" style:column-width="{width:g}cm"/>'
                   "</style:style>")
    out.append('  <style:style style:name="ro_auto" style:family="table-row"><style:table-row-properties '
               'fo:break-before="auto" style:use-optimal-row-height="true"/></style:style>')
    for height, name in sorted(row_styles.items(), key=lambda kv: kv[1]):
        out.append(f'  <style:style style:name="{name}" style:family="table-row"><style:table-row-properties '
                   f'style:row-height="{height:g}cm" fo:break-before="auto" style:use-optimal-row-height="false"/>'
                   "</style:style>")
    out.append('  <style:style style:name="ta1" style:family="table" style:master-page-name="Landscape">'
               '<style:table-properties table:display="true" style:writing-mode="lr-tb"/></style:style>')
    out += styles.xml()
    # A3 landscape, the whole sheet scaled to one page: what printing and the main job's PDF give.
    out += [
        '  <style:page-layout style:name="pm1">',
        '   <style:page-layout-properties fo:page-width="42cm" fo:page-height="29.7cm" '
        'style:print-orientation="landscape" fo:margin-top="1cm" fo:margin-bottom="1cm" fo:margin-left="1cm" '
        'fo:margin-right="1cm" style:scale-to-X="1" style:scale-to-Y="1" style:print="charts drawings objects zero-values" '
        'style:writing-mode="lr-tb"/>',
        "  </style:page-layout>",
        " </office:automatic-styles>",
        " <office:master-styles>",
        '  <style:master-page style:name="Landscape" style:page-layout-name="pm1">',
        '   <style:header style:display="false"/>',
        '   <style:footer style:display="false"/>',
        "  </style:master-page>",
        " </office:master-styles>",
        " <office:body>",
        "  <office:spreadsheet>",
    ]
    out += body
    out += ["  </office:spreadsheet>", " </office:body>", "</office:document>", ""]
    return "\n".join(out)
