"""The flat ODF file's styles: number formats, cell looks and the styles a sheet's cells use."""

from xml.sax.saxutils import escape


# name -> (ODF data style element(s)), shown in Calc's format code in the comment
NUMBER_FORMATS = {
    "text": '<number:text-style style:name="{n}"><number:text-content/></number:text-style>',  # @
    "bil": '<number:number-style style:name="{n}"><number:number number:decimal-places="1" '
           'number:min-decimal-places="1" number:min-integer-digits="1" number:grouping="true" '
           'number:display-factor="1000000000"/></number:number-style>',  # #,##0.0,,,
    "tril": '<number:number-style style:name="{n}"><number:number number:decimal-places="2" '
            'number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true" '
            'number:display-factor="1000000000000"/></number:number-style>',  # #,##0.00,,,,
    "tflops": '<number:number-style style:name="{n}"><number:number number:decimal-places="0" '
              'number:min-decimal-places="0" number:min-integer-digits="1" number:grouping="true" '
              'number:display-factor="1000000000000"/></number:number-style>',  # #,##0,,,,
    "mil": '<number:number-style style:name="{n}"><number:number number:decimal-places="2" '
           'number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true" '
           'number:display-factor="1000000"/></number:number-style>',  # #,##0.00,,
    "sci": '<number:number-style style:name="{n}"><number:scientific-number number:decimal-places="2" '
           'number:min-decimal-places="2" number:min-integer-digits="1" number:min-exponent-digits="2" '
           'number:exponent-interval="1" number:forced-exponent-sign="true"/></number:number-style>',  # 0.00E+00
    "pct": '<number:percentage-style style:name="{n}"><number:number number:decimal-places="0" '
           'number:min-decimal-places="0" number:min-integer-digits="1"/><number:text>%</number:text>'
           '</number:percentage-style>',  # 0%
    "pct1": '<number:percentage-style style:name="{n}"><number:number number:decimal-places="1" '
            'number:min-decimal-places="1" number:min-integer-digits="1"/><number:text>%</number:text>'
            '</number:percentage-style>',  # 0.0%
    "ratio": '<number:number-style style:name="{n}"><number:number number:decimal-places="2" '
             'number:min-decimal-places="2" number:min-integer-digits="1"/></number:number-style>',  # 0.00
    "one": '<number:number-style style:name="{n}"><number:number number:decimal-places="1" '
           'number:min-decimal-places="1" number:min-integer-digits="1" number:grouping="true"/>'
           '</number:number-style>',  # #,##0.0
    "two": '<number:number-style style:name="{n}"><number:number number:decimal-places="2" '
           'number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>'
           '</number:number-style>',  # #,##0.00
    "three": '<number:number-style style:name="{n}"><number:number number:decimal-places="3" '
             'number:min-decimal-places="3" number:min-integer-digits="1"/></number:number-style>',  # 0.000
    "day": '<number:number-style style:name="{n}"><number:number number:decimal-places="1" '
           'number:min-decimal-places="1" number:min-integer-digits="1" number:grouping="true"/>'
           '</number:number-style>',  # #,##0.0
    "int": '<number:number-style style:name="{n}"><number:number number:decimal-places="0" '
           'number:min-decimal-places="0" number:min-integer-digits="1" number:grouping="true"/>'
           '</number:number-style>',  # #,##0
    "usd": '<number:number-style style:name="{n}"><number:text>$</number:text><number:number '
           'number:decimal-places="2" number:min-decimal-places="2" number:min-integer-digits="1" '
           'number:grouping="true"/></number:number-style>',  # "$"#,##0.00
    "usd0": '<number:number-style style:name="{n}"><number:text>$</number:text><number:number '
            'number:decimal-places="0" number:min-decimal-places="0" number:min-integer-digits="1" '
            'number:grouping="true"/></number:number-style>',  # "$"#,##0
}

INPUT_BG = "#fff2cc"
ROLES = {  # cell look: (table-cell-properties, paragraph-properties, text-properties)
    "plain": ("", "", ""),
    "input": (f'fo:background-color="{INPUT_BG}"', "", ""),
    "center": ("", 'fo:text-align="center"', ""),
    "header": ('fo:background-color="#dde4ee" fo:wrap-option="wrap"',
               'fo:text-align="center"', 'fo:font-weight="bold"'),
    "title": ("", "", 'fo:font-size="13pt" fo:font-weight="bold"'),
    "note": ("", "", 'fo:color="#404040" fo:font-style="italic"'),
    "label": ("", "", 'fo:font-weight="bold"'),
    "section": ('fo:background-color="#eeeeee"', "", 'fo:font-weight="bold"'),
    "code": ("", "", 'style:font-name="Liberation Mono" fo:font-size="9pt"'),
    "wrap": ('fo:wrap-option="wrap"', "", ""),
}
BORDER = 'fo:border="0.5pt solid #a6a6a6" style:vertical-align="middle"'


def xml_text(s):
    return escape(s)


def odf_number(v):
    return repr(v) if isinstance(v, float) else str(v)


class Styles:
    def __init__(self):
        self.cell = {}  # (fmt, role) -> name

    def name(self, fmt, role, boxed):
        if fmt is None and role == "plain" and not boxed:
            return None
        key = (fmt, role, boxed)
        if key not in self.cell:
            self.cell[key] = f"ce_{role}_{fmt or 'gen'}" + ("_boxed" if boxed else "")
        return self.cell[key]

    def xml(self):
        out = []
        used_formats = sorted({fmt for fmt, _, _ in self.cell if fmt})
        for fmt in used_formats:
            out.append("  " + NUMBER_FORMATS[fmt].format(n="N_" + fmt))
        for (fmt, role, boxed), name in sorted(self.cell.items(), key=lambda kv: kv[1]):
            cell_props, para_props, text_props = ROLES[role]
            if boxed:
                cell_props = " ".join(p for p in (cell_props, BORDER) if p)
            data = f' style:data-style-name="N_{fmt}"' if fmt else ""
            out.append(f'  <style:style style:name="{name}" style:family="table-cell" '
                       f'style:parent-style-name="Default"{data}>')
            if cell_props:
                out.append(f"   <style:table-cell-properties {cell_props}/>")
            if para_props:
                out.append(f"   <style:paragraph-properties {para_props}/>")
            if text_props:
                out.append(f"   <style:text-properties {text_props}/>")
            out.append("  </style:style>")
        return out
