"""The one table of Ballpark's sheet functions: a row a function, with everything that declares it (its name, its
UNO method, its result, its parameters, and the function wizard's text in every language the extension ships).

addin/generate_declarations.py reads it at build time and writes, into the build folder (build/generated/):
- XBallparkFunctions.idl, the UNO interface, from which unoidl-write makes ballpark.rdb and cppumaker the C++ headers;
- CalcAddIns.xcu, the wizard's names, descriptions and categories, with each function's name; value pairs written
  out as the parameters name1, value1, ... that the IDL gives it;
- sheet_table_rows.hpp, the rows for C++, and sheet_table_calls.hpp, each row's call of the function of the sheet
  layer it names (`implementation`), which addin/sheet/sheet_table.cpp pairs with the rows: a row whose function
  the sheet layer does not declare, with those parameters, does not compile;
- calc_methods.hpp, the C++ UNO component's methods (addin/calc_addin.cpp), each handing its arguments to the one
  converter (addin/uno_args.cpp) and its row; a method that disagrees with cppumaker's header does not compile;
- ballpark_functions.py, the methods of the Python component (addin/python/ballpark_addin.py).
tests/integration/office.py reads this file at run time for the functions and arities the LibreOffice tests expect,
and tests/integration/examples_test.py for the examples it runs in Calc. addin/sheet_docs.py writes from it the
documentation's table of functions and its lists of the functions, and checks the lists in sentences (the test
python.sheet_docs).

Why a Python table rather than the C++ one: the Windows build cross-compiles (scripts/windows-build.sh), so a program
built from C++ could not run on the build machine to write the files above, and every file but the C++ rows is
text that a Python script writes as easily, with the one Python interpreter every build already needs. The file is
data only (it imports nothing), so any Python 3 reads it: the build's, Debian's and LibreOffice's.

Never rename a method, nor change the order of a function's parameters: Calc stores each call in a saved sheet as
of:=ORG.BALLPARK.CALCADDIN.<METHOD>(arguments in order). A parameter's type may change (saved files store no
types): `any` wherever a number, a quantity text or a range is welcome, since a `string` parameter receives numbers
formatted in the user's locale ("1,5"); `string` for a parameter that is always a text, which the wizard then marks
required.

No function has a CompatibilityName: LibreOffice 25.2 (measured; 7.4 does not) writes an add-in call into .xlsx
under its CompatibilityName when it has one ("QTYVALUE("), which 7.4 cannot read back, and under the programmatic
name otherwise ("ORG.BALLPARK.CALCADDIN.QTYVALUE("), which 7.4 and 25.2 both read
(tests/integration/cross_version_test.py). So the generator writes none.
"""

# The languages of the wizard's text: every description below gives each of them.
LANGUAGES = ("en-US",)

# The name; value pairs of a function that takes them: this many optional pairs of `any` parameters name1, value1,
# ..., not a trailing sequence<any>. Calc classes the elements of a variable argument list as single values, and in
# an array formula it evaluates a call once for every cell of a range given to a single value
# (ScInterpreter::ConvertMatrixParameters makes a jump matrix of the range's size): a column of N rows bound to a name
# would be N calls each reading all N rows, and a row of two cells would cut a three-part result to two cells. `any` parameters
# are classed as references, so a call gets its ranges whole, once. In LibreOffice 7.4 a one-cell array formula over
# a 1,200-row column takes 5.8 s through a variable list, 12 ms with `any` parameters.
PAIRS = 16
# QTYERROR's: two more, since its arguments may be another function's, whose pairs come after its name.
ERROR_PAIRS = PAIRS + 2
# The pairs of the functions that sheets call cell by cell by the thousand (QTY, QTYVALUE, QTYDIST). Calc and UNO
# pay for every declared parameter at every call, given or not (about 3% of the cheapest call a pair, measured in
# docs/performance.md, "The name; value pairs"): sixteen pairs cost 1.4-1.6 times the floor, four 1.01-1.05, eight
# 1.17-1.19. Six keep a plan of five inputs, the most the docs' and sample sheets' formulas give, in the short form.
# Each of them has a twin named for PAIRS (QTY16) under the method that saved sheets already hold: a method's
# signature can never shrink, since Calc refuses a saved call with more arguments than its method has (Err:504).
FEW_PAIRS = 6

# The wizard's category of every function.
CATEGORY = "Add-In"

# What the wizard says of each parameter nameK of the pairs; {count} is the function's number of pairs, {more} empty
# or MORE_PAIRS.
PAIR_NAME = {
    "en-US": 'Optional: a name the expression uses, as text ("u"), followed by its value. Up to {count} name; value '
             'pairs; leave the ones after the last empty.{more} The name "correlation" takes the rank correlations of '
             'other names of the same call, each bound to a range, in the 90% reading instead: a text such as "u, price: 0.5" '
             '(with "u" and "price" bound), or a square range with the names in its first row and column and the '
             'correlations inside.',
}
# Said of the pairs of a short twin; {longer} is the name of the function with PAIRS pairs.
MORE_PAIRS = {
    "en-US": " For more, use {longer}.",
}
# What the function with PAIRS pairs says before its twin's description; {name} is the twin's name.
LONGER_TWIN = {
    "en-US": "{name} with up to {count} name; value pairs instead of {few}; otherwise the same. ",
}


# What a parameter means: each parameter of a row says one of these, and the build refuses a row whose parameter
# says another.
MEANINGS = {
    "count": "a number of things (parameters, tokens): a number, a text such as \"70 billion\", or a range of 2 or 3 "
             "cells in a row",
    "quantity": "a quantity: a number in the function's unit or a quantity text such as \"2 hour\", or a range of "
                "2 or 3 cells in a row",
    "time": "a time: a number of hours or a time text such as \"1.72 million hour\"",
    "fraction": "a fraction above 0 and at most 1: 0.35 or \"35%\", or a range of 2 or 3 cells in a row",
    "peak": "an accelerator's peak throughput: a number of FLOP/s, a text such as \"312 TFLOP/s\" or an "
            "accelerator's name such as \"A100\"",
    "accelerator": "an accelerator's name, such as \"H100\"",
    "precision": "the precision of an accelerator's figure: \"bf16\", \"fp8\", \"fp16\", \"tf32\" or \"fp32\"",
    "model": "a published model's name from the model table, such as \"Llama 3 8B\" or \"Mixtral 8x7B\"",
    "shape": "a figure of a model's shape: \"layers\", \"hidden\", \"heads\", \"kv_heads\", \"head_size\", "
             "\"vocab\", \"context\", \"total_params\" or \"active_params\"",
    "stage": "a ZeRO stage: 0 (none), 1, 2 or 3",
    "expression": "a Ballpark expression, a cell with a Ballpark result, or a number",
    "cells": "a range of quantity cells: Ballpark results, quantity texts or numbers",
    "unit": "a unit text, such as \"million hour\"",
    "part": "which number of a result: \"central\", \"low\", \"high\", \"median\", \"mean\" or a percentile \"p5\"",
    "parts": "which numbers of a result: parts as for a part, several separated by spaces",
    "reading": "the reading of ranges: \"90%\" or \"bounds\"",
    "input": "an input of an expression: a name from the pairs, a range's text, or a rank",
    "end": "which end of a tornado bar: \"low\", \"high\" or \"swing\"",
    "whole": "a whole number from 1 to a largest (glyphs, bins), as the parameter's `limits` say",
    "figures": "a number of significant figures, a whole number from 1 to 17",
    "rank": "a rank among an expression's inputs, a whole number from 1 (the input that matters most)",
}


class Parameter:
    """A parameter before the pairs: its IDL name (also its node in CalcAddIns.xcu), the name the wizard shows, its
    description in each language, and its IDL type, "any" (a number, a text, a range, or nothing when omitted) or
    "string" (a text; Calc hands a number over as its digits). `meaning` is one of MEANINGS; `optional` marks a
    parameter that may be left empty (shown in brackets in the documentation's signature). `limits`, for a `whole`:
    the C++ constants of its value when left empty and of its largest, as (fallback, most)."""

    def __init__(self, idl_name, display_name, type="any", description=None, meaning=None, optional=False,
                 limits=None):
        self.idl_name, self.display_name, self.type, self.description = idl_name, display_name, type, description
        self.meaning, self.optional, self.limits = meaning, optional, limits


class Example:
    """A call of the function with its expected result, which tests/integration/examples_test.py types into a real
    Calc and the documentation's table of functions shows (addin/sheet_docs.py writes it). `formula` is the call as
    typed in an en-US Calc (";" between arguments). `cells` gives the cells it reads as typed into them: a number
    ("70E9", "35%"), a text ("312 TFLOP/s") or a formula ("=QTY(...)"). The result is one of `number`, the
    arithmetic that gives it, written out independently of Ballpark as a Python expression over the names of the
    `math` module and compared within `tolerance` (relative); `text`, the exact text the cell shows; or `error`, the
    sentence of the Err:502 it shows, as QTYERROR explains it. For the documentation: `shown`, its result column
    (for a number, always; else the text in backticks), `where`, what the cells are (else each cell's content), and
    `note`, words after the call, with their leading space or comma."""

    def __init__(self, formula, number=None, text=None, error=None, cells=None, tolerance=1e-9, shown=None,
                 where=None, note=None):
        self.formula, self.number, self.text, self.error = formula, number, text, error
        self.cells, self.tolerance, self.shown, self.where, self.note = cells or {}, tolerance, shown, where, note


# The three runs QTYSUM's examples total: 1000, 2000 and 3000 hours times a utilization u that they share.
THREE_RUNS = {f"D{row}": f'=QTY("{hours} hour * u"; ; "u"; "35% to 55%")'
              for row, hours in ((2, 1000), (3, 2000), (4, 3000))}


class Pairs:
    """The name; value pairs that end a function's parameters: `count` pairs of parameters name1, value1, ...;
    `value` describes each valueK in each language, {k} standing for K."""

    def __init__(self, count=PAIRS, value=None):
        self.count, self.value = count, value


class Few:
    """A short twin of a function with pairs: the function under `method`, with `count` pairs, takes the function's
    name, and the function with PAIRS pairs keeps its method under its name followed by PAIRS (QTY16)."""

    def __init__(self, method, count=FEW_PAIRS):
        self.method, self.count = method, count


class Function:
    """A sheet function. `name` is what Calc shows; `method` the IDL method, stored in every saved sheet. `returns`
    is "number" (IDL double), "text" (string), or, for a function that may give an array (an array formula over a
    column of models, or several parts), "numbers" or "texts" (IDL any: one of them or a table of them).
    `explains` marks QTYERROR: it never raises, but returns the sentence of the error of the call it is given, and
    after a function's name its arguments are that function's. `note` is a comment for the IDL."""

    def __init__(self, name, method, returns, description, parameters, pairs=None, explains=False, note=None,
                 category=CATEGORY, few=None, same_as=None, source=None, implementation=None, examples=(),
                 summary=None):
        self.name, self.method, self.returns, self.description = name, method, returns, description
        # `summary`: what the function gives, a phrase after its name in README.md's list and in the Extension
        # Manager's description (registry/description-en.txt), both written from it.
        self.summary = summary
        # `source`: the file of addin/sheet that implements the function; `implementation`: the function of the
        # sheet layer (sheet_functions.hpp) the row runs, with the row's arguments in order (a `string` parameter's
        # as a text) and then its pairs, none for the row that explains. `examples`: Examples, its calls with their
        # results, run in Calc and shown in the documentation.
        self.source, self.implementation, self.examples = source, implementation, tuple(examples)
        self.parameters, self.pairs, self.explains, self.note, self.category = (parameters, pairs, explains, note,
                                                                                 category)
        # `few`: a Few, the short twin this row stands for (see expanded). `same_as`: in an expanded row, the method
        # of the row whose implementation it shares.
        self.few, self.same_as = few, same_as
        self.longer = None  # in a short twin, the name of the function with PAIRS pairs

    def pair_count(self):
        return self.pairs.count if self.pairs else 0

    def arity(self):
        """How many parameters the IDL method, and so the wizard, has."""
        return len(self.parameters) + 2 * self.pair_count()


# The functions as written; FUNCTIONS below, in the order of the IDL (the C interface numbers the functions so), has
# each short twin as a row of its own.
ROWS = (
    Function(
        "GPUHOURS", "gpuHours", returns="number",
        summary="the GPU-hours (or another time unit) of a training run, from parameters, tokens, a peak and a utilization",
        source="planning_functions.cpp", implementation="gpu_hours",
        description={
            "en-US": 'GPU-hours (or another time unit) to train a model: 6 FLOP × params × tokens / (peak × '
                     'utilization), with utilization ranging from util_lo to util_hi.',
        },
        parameters=(
            Parameter("params", "params", meaning="count", description={
                "en-US": 'Number of model parameters: a number (70E9) or a text such as "70 billion" or "60 '
                         'billion to 80 billion". "70B" would mean 70 byte. Or a range of 2 cells (low, high) or 3 '
                         'cells (low, central, high) in a row; a range in one column is refused, since it is a '
                         'column of models. For a mixture-of-experts model, give the parameters active per token, '
                         'not the total: 6·N·D counts the work each token does (DeepSeek-V3: 37 billion of its 671 '
                         'billion).',
            }),
            Parameter("tokens", "tokens", meaning="count", description={
                "en-US": 'Number of training tokens: a number (2E12) or a text such as "2 trillion". Or a range of '
                         '2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                         'refused, since it is a column of models.',
            }),
            Parameter("peak", "peak", meaning="peak", description={
                "en-US": 'Peak throughput of one accelerator: a number in FLOP/s (312E12), a text such as "312 '
                         'TFLOP/s", or an accelerator name such as "A100", "H100" or "TPU v5p". Or a range of 2 '
                         'cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                         'refused, since it is a column of models.',
            }),
            Parameter("utilLo", "util_lo", meaning="fraction", description={
                "en-US": 'Lowest expected utilization of the peak: a fraction (0.35) or a text such as "35%"; or a '
                         'range of 2 cells (low, high) or 3 cells (low, central, high) in a row, and then util_hi '
                         'stays empty; or "recorded_utilization()", the utilization that published training runs\' '
                         'reported hours imply (median 32%, 90% between 18% and 48%, bounds 13.8% to 51.4%), and '
                         'then util_hi stays empty.',
            }),
            Parameter("utilHi", "util_hi", meaning="fraction", optional=True, description={
                "en-US": 'Highest expected utilization of the peak: a fraction (0.55) or a text such as "55%". '
                         'Empty means the same as util_lo.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional time unit of the result, such as "day" or "million hour". Empty means hour.',
            }),
            Parameter("part", "part", meaning="part", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval.',
            }),
        ),
        examples=(
            Example('=GPUHOURS(70E9; 2E12; 312E12; 0.35; 0.55)',
                    number='6 * 70e9 * 2e12 / (312e12 * (0.35 + 0.55) / 2) / 3600', shown='1661918 (hours)'),
            Example('=GPUHOURS("70 billion"; "2 trillion"; "A100"; "35%"; "55%"; ; "low")',
                    number='6 * 70e9 * 2e12 / (312e12 * 0.55) / 3600', shown='1359751'),
            Example('=GPUHOURS(70E9; 2E12; "A100"; 35%; 55%; "day"; "high")',
                    number='6 * 70e9 * 2e12 / (312e12 * 0.35) / 86400', shown='89031 (days)'),
            Example('=GPUHOURS(70E9; 2E12; "A100"; "35%"; "100%"; ; "low")',
                    number='6 * 70e9 * 2e12 / (312e12 * 1) / 3600',
                    shown='747,863 (hours at 100%; `"100%"` is a fraction, `"101%"` is refused)'),
            # the hours fall as the utilization rises: their median is the hours at the prior's median, 32.3083%,
            # and their guaranteed high end the hours at the lowest utilization of the record, 13.8439%
            Example('=GPUHOURS(70E9; 2E12; "A100"; "recorded_utilization()"; ; ; "median")',
                    number='6 * 70e9 * 2e12 / (312e12 * 0.323083) / 3600', tolerance=2e-3,
                    shown='2,314,771 (hours at the median utilization that published runs imply, 32%)'),
            Example('=GPUHOURS(70E9; 2E12; "A100"; "recorded_utilization()"; ; ; "high")',
                    number='6 * 70e9 * 2e12 / (312e12 * 0.138439) / 3600', tolerance=1e-6,
                    shown='5,402,114 (hours at the record\'s lowest utilization, 13.8%)'),
        ),
    ),
    Function(
        "UNITCONVERT", "unitConvert", returns="number",
        summary="a number from one unit to another, with dimensions checked",
        source="unit_convert.cpp", implementation="unit_convert",
        description={
            "en-US": 'Converts a value between units, including compound units such as "PFLOP/s*day", "GiB", "kWh" '
                     'or "million hour".',
        },
        parameters=(
            Parameter("value", "value", meaning="quantity", description={
                "en-US": 'The number to convert, in from_unit; or a quantity text such as "312 TFLOP/s", in which '
                         'case from_unit stays empty.',
            }),
            Parameter("fromUnit", "from_unit", meaning="unit", optional=True, description={
                "en-US": 'The unit of a numeric value, such as "TFLOP/s". Leave empty when value is a quantity '
                         'text.',
            }),
            Parameter("toUnit", "to_unit", meaning="unit", type="string", description={
                "en-US": 'The unit to convert into, such as "PFLOP/s". It must have the same dimension.',
            }),
        ),
        examples=(
            Example('=UNITCONVERT(312; "TFLOP/s"; "PFLOP/s")', number='312 / 1000', shown='0.312'),
            Example('=UNITCONVERT("8.4e23 FLOP"; ; "PFLOP/s*day")', number='8.4e23 / (1e15 * 86400)', shown='9722.2'),
        ),
    ),
    Function(
        "QTY", "qty", returns="texts", few=Few("qty6"),
        summary="an expression with units and ranges, as a result text that later cells read at full precision",
        source="qty.cpp", implementation="qty_cells",
        note=('A text, or a column of texts when a name is bound to a column (entered as an array formula over its '
              'rows).'),
        description={
            "en-US": 'Evaluates a Ballpark expression with units and ranges and returns it as text, such as "1.7 '
                     '[1.4, 2.1] million hour".',
        },
        parameters=(
            Parameter("expression", "expression", meaning="expression", description={
                "en-US": 'The expression, such as "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%)) '
                         'as million hour"; a cell with a QTY result text; or a number, read as a number in any '
                         'locale. Write decimals with a point: "1,5 hour" is refused.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit to show the result in, such as "million hour". Empty means the '
                         "expression's own unit.",
            }),
        ),
        pairs=Pairs(value={
            "en-US": 'The value of name{k}: a number, a quantity text such as "312 TFLOP/s" or a QTY result, a '
                     'cell, or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row. Or a '
                     'column of rows of any length (A5:A7 for one value, B5:C7 for low and high), one run per row: '
                     'entered as an array formula over the rows, the call gives one result per row, and sum(...), '
                     'max(...), min(...), mean(...) reduce over them.',
        }),
        examples=(
            Example('=QTY("6 FLOP * params * tokens / (peak * util) as million hour"; ; "params"; B2; "tokens"; C2; '
                    '"peak"; D2; "util"; "35% to 55%")', cells={"B2": "70E9", "C2": "2E12", "D2": "312 TFLOP/s"},
                    # 6 * 70e9 * 2e12 / (312e12 * u) / 3600 / 1e6: 1.66 at the middle 45%, 1.36 at 55%, 2.14 at 35%
                    text='1.7 [1.4, 2.1] million hour'),
            # 989 TFLOP/s * 0.4 = 395.6 TFLOP/s
            Example('=QTY("peak(H100) * 40%")', text='396 TFLOP/s',
                    shown='`396 TFLOP/s`: the table of ACCELPEAK inside an expression, keeping the unit'),
        ),
    ),
    Function(
        "QTYVALUE", "qtyValue", returns="numbers", few=Few("qtyValue6"),
        summary="an expression's value as a number in its unit: the central value, an end or a percentile",
        source="qty_value.cpp", implementation="qty_value_cells",
        note='A number, a row of numbers for several parts, or a table of them over a column of models.',
        description={
            "en-US": 'Evaluates a Ballpark expression and returns the central, low or high value, a percentile or '
                     'the mean, as a number in the given unit.',
        },
        parameters=(
            Parameter("expression", "expression", meaning="expression", description={
                "en-US": 'The expression, such as "70 billion * 2 trillion * 6 FLOP"; a cell with a QTY or QTYSUM '
                         'result text; or a number.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit of the number, such as "hour". Empty means the unit given with \'as\' in '
                         'the expression, else SI base units.',
            }),
            Parameter("part", "part", meaning="parts", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval. Several parts separated by spaces, such as "low central high" or "p5 '
                         'median p95", give a row of numbers: enter the formula as an array over that many cells.',
            }),
        ),
        pairs=Pairs(value={
            "en-US": 'The value of name{k}: a number, a quantity text, a cell, or a range of 2 cells (low, high) '
                     'or 3 cells (low, central, high) in a row. Or a column of rows of any length (A5:A7 for one '
                     'value, B5:C7 for low and high), one run per row: entered as an array formula over the rows, '
                     'the call gives one result per row, and sum(...), max(...), min(...), mean(...) reduce over '
                     'them.',
        }),
        examples=(
            Example('=QTYVALUE("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%))"; "hour"; "low")',
                    number='6 * 70e9 * 2e12 / (312e12 * 0.55) / 3600', shown='1359751'),
            Example('=QTYVALUE16("x1 + x7"; ; ; "x1"; 1; "x2"; 2; "x3"; 3; "x4"; 4; "x5"; 5; "x6"; 6; "x7"; 7)',
                    number='1 + 7',
                    shown='8: `QTY16`, `QTYVALUE16` and `QTYDIST16` are QTY, QTYVALUE and QTYDIST with up to 16 '
                          'name; value pairs instead of 6'),
        ),
    ),
    Function(
        "QTYERROR", "qtyError", returns="text", explains=True,
        summary="the sentence that says why another Ballpark cell shows Err:502",
        source="qty_error.cpp",
        note='Never raises for a bad expression: it returns the sentence that the other functions raise.',
        description={
            "en-US": 'Explains an Err:502 in a sentence, or returns empty text when there is no error. Give it an '
                     "expression as in QTY, or the name of another Ballpark function followed by that function's "
                     'arguments: QTYERROR("GPUHOURS"; A2; B2; "A100"; 35%; 55%).',
        },
        parameters=(
            Parameter("expression", "expression", meaning="expression", description={
                "en-US": 'The expression to check, or the name of the function whose error to explain, such as '
                         '"GPUHOURS", "QTYSUM" or "QTYSWING".',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": "Optional unit, as in QTY; after a function's name, that function's first argument.",
            }),
        ),
        pairs=Pairs(count=ERROR_PAIRS, value={
            "en-US": "The value of name{k}, as in QTY; after a function's name, that function's other arguments.",
        }),
        examples=(
            Example('=QTYERROR("312 TFLOP/s * 2 hour as kg")',
                    text='Cannot convert compute (FLOP) to "kg", which is mass (kg).'),
            Example('=QTYERROR("GPUHOURS"; 70E9; 2E12; "A100"; 35; 55)',
                    text='GPUHOURS: util_lo should be a fraction such as 0.35 or 35%, above 0 and at most 1, but it '
                         'is 35. Write 35% or 0.35 for thirty-five percent.',
                    note=" (a function's name and its arguments)"),
        ),
    ),
    Function(
        "QTYDIM", "qtyDim", returns="text",
        summary="the dimension of an expression",
        source="qty.cpp", implementation="qty_dim",
        description={
            "en-US": 'Returns the dimension of an expression\'s result, such as "time", "energy" or "compute rate".',
        },
        parameters=(
            Parameter("expression", "expression", meaning="expression", description={
                "en-US": 'The expression, such as "312 TFLOP/s", or a number.',
            }),
        ),
        examples=(
            Example('=QTYDIM("100 kWh / 2 hour")', text='power'),
        ),
    ),
    Function(
        "TRAININGFLOP", "trainingFlop", returns="number",
        summary="the FLOP of a training run (6 FLOP a parameter a token unless given)",
        source="planning_functions.cpp", implementation="training_flop",
        description={
            "en-US": 'Training compute in FLOP: flop_per_param_token × params × tokens, 6 × params × tokens unless '
                     'told otherwise; the central value of ranges unless part says otherwise.',
        },
        parameters=(
            Parameter("params", "params", meaning="count", description={
                "en-US": 'Number of model parameters: a number (70E9) or a text such as "70 billion". Or a range '
                         'of 2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column '
                         'is refused, since it is a column of models. For a mixture-of-experts model, give the '
                         'parameters active per token, not the total: 6·N·D counts the work each token does '
                         '(DeepSeek-V3: 37 billion of its 671 billion).',
            }),
            Parameter("tokens", "tokens", meaning="count", description={
                "en-US": 'Number of training tokens: a number (2E12) or a text such as "2 trillion". Or a range of '
                         '2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                         'refused, since it is a column of models.',
            }),
            Parameter("flopPerParamToken", "flop_per_param_token", meaning="count", optional=True, description={
                "en-US": 'Optional FLOP per parameter per token. Empty means 6 (2 forward, 4 backward). Or a range '
                         'of 2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column '
                         'is refused, since it is a column of models.',
            }),
            Parameter("part", "part", meaning="part", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval.',
            }),
        ),
        examples=(
            Example('=TRAININGFLOP("70 billion"; "2 trillion")', number='6 * 70e9 * 2e12', shown='8.4E+23'),
            Example('=TRAININGFLOP(B2:C2; "2 trillion"; ; "high")', cells={"B2": "60E9", "C2": "80E9"},
                    number='6 * 80e9 * 2e12', shown='9.6E+23'),
        ),
    ),
    Function(
        "IMPLIEDUTIL", "impliedUtil", returns="number",
        summary="the utilization that a run's reported GPU-hours imply",
        source="planning_functions.cpp", implementation="implied_util",
        description={
            "en-US": 'The utilization that reported GPU-hours imply, as a fraction: 6 FLOP × params × tokens / '
                     '(gpu_hours × peak).',
        },
        parameters=(
            Parameter("gpuHours", "gpu_hours", meaning="time", description={
                "en-US": 'Reported GPU-hours: a number of hours (1720320) or a time text such as "1.72 million '
                         'hour".',
            }),
            Parameter("params", "params", meaning="count", description={
                "en-US": 'Number of model parameters: a number (70E9) or a text such as "70 billion". For a '
                         'mixture-of-experts model, give the parameters active per token, not the total: 6·N·D '
                         'counts the work each token does (DeepSeek-V3: 37 billion of its 671 billion).',
            }),
            Parameter("tokens", "tokens", meaning="count", description={
                "en-US": 'Number of training tokens: a number (2E12) or a text such as "2 trillion". Or a range of '
                         '2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                         'refused, since it is a column of models.',
            }),
            Parameter("peak", "peak", meaning="peak", description={
                "en-US": 'Peak throughput of one accelerator: a number in FLOP/s, a text such as "312 TFLOP/s", or '
                         'an accelerator name such as "A100".',
            }),
        ),
        examples=(
            Example('=IMPLIEDUTIL(1720320; 70E9; 2E12; "A100")', number='6 * 70e9 * 2e12 / (1720320 * 3600 * 312e12)',
                    note=' (Llama 2 70B)', shown='0.4347'),
            # 6 * 70e9 * 2e12 / (1 * 3600 * 312e12) = 747863, as a percentage 7.48e7%
            Example('=IMPLIEDUTIL(1; 70E9; 2E12; "A100")',
                    error="IMPLIEDUTIL: These figures imply a utilization of 7.48 × 10⁷%, above 100%: no run is "
                          "faster than its hardware's peak. Check that gpu_hours is in hours (not millions of hours) "
                          "and that peak is for one chip.",
                    note=', and `=QTY("implied_util(1 hour, 70 billion, 2 trillion, 312 TFLOP/s)")` alike',
                    shown="`Err:502`: `These figures imply a utilization of 7.48 × 10⁷%, above 100%: no run is "
                          "faster than its hardware's peak.` (the core's check, so QTY, QTYVALUE and the command "
                          "line refuse with the same sentence; QTYERROR adds the function's name and what to check)"),
        ),
    ),
    Function(
        "ACCELPEAK", "accelPeak", returns="number",
        summary="an accelerator's peak as a bare number of FLOP/s (`peak(H100)` inside an expression keeps the unit)",
        source="planning_functions.cpp", implementation="accel_peak",
        description={
            "en-US": "Peak dense throughput of one named accelerator in FLOP/s, from Ballpark's sourced table, as "
                     "a bare number. Inside an expression, peak(H100) reads the same table and keeps the unit: "
                     "=QTY(\"peak(H100) * 40%\").",
        },
        parameters=(
            Parameter("name", "name", meaning="accelerator", type="string", description={
                "en-US": 'The accelerator, such as "A100", "H100", "H100 PCIe", "MI300X" or "TPU v5p".',
            }),
            Parameter("precision", "precision", meaning="precision", optional=True, description={
                "en-US": 'Optional: "bf16" (the default), "fp8", "fp16", "tf32" or "fp32"; dense figures only.',
            }),
        ),
        examples=(
            Example('=ACCELPEAK("H100")', number='989e12', shown='9.89E+14 (FLOP/s)'),
            Example('=ACCELPEAK("V100"; "fp16")', number='125e12', shown='1.25E+14'),
        ),
    ),
    Function(
        "QTYDIST", "qtyDist", returns="texts", few=Few("qtyDist6"),
        summary="an expression whose every range is read as a 90% interval",
        source="qty.cpp", implementation="qty_dist_cells",
        note='The distribution reading as text, or a column of texts over a column of models.',
        description={
            "en-US": 'Evaluates a Ballpark expression reading each range "a to b" as a 90% interval, and returns '
                     'its median and 5th and 95th percentiles as text: "median [90%: p5, p95] unit".',
        },
        parameters=(
            Parameter("expression", "expression", meaning="expression", description={
                "en-US": 'The expression, as in QTY, such as "a * b" with a and b given in the pairs that follow; '
                         'or a cell holding it.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit to show the result in, such as "million hour".',
            }),
        ),
        pairs=Pairs(value={
            "en-US": 'The value of name{k}: a number, a quantity text such as "35% to 55%", a cell, or a range of '
                     '2 cells (low, high) or 3 cells (low, central, high) in a row. Or a column of rows of any '
                     'length (A5:A7 for one value, B5:C7 for low and high), one run per row: entered as an array '
                     'formula over the rows, the call gives one result per row, and sum(...), max(...), min(...), '
                     'mean(...) reduce over them.',
        }),
        examples=(
            Example('=QTYDIST("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u)"; "million hour"; "u"; B1:C1)',
                    cells={"B1": "35%", "C1": "55%"},
                    # 0.748 million hour / u, u lognormal with 5th and 95th percentiles 35% and 55%: median
                    # 0.748 / sqrt(0.35 * 0.55) = 1.70, p5 0.748 / 0.55 = 1.36, p95 0.748 / 0.35 = 2.14
                    text='1.7 [90%: 1.4, 2.1] million hour',
                    shown='`1.7 [90%: 1.4, 2.1] million hour` (median [90%: p5, p95])'),
        ),
    ),
    Function(
        "QTYSUM", "qtySum", returns="text",
        summary="the total of result cells, counting an input they share once, as one formula over every input does",
        source="qty_sum.cpp", implementation="qty_sum",
        description={
            "en-US": 'Adds a range of quantity cells, keeping units and ranges: Ballpark results (QTY, QTYDIST), '
                     'texts such as "1.7 [1.4, 2.1] million hour", or numbers in the given unit. A result is read '
                     'with the inputs it was computed from, so an input the cells share counts once, as in one '
                     'formula over every input; a typed text is an unknown of its own. QTYDIST results give the '
                     'total in the 90% reading. Empty cells are skipped. Returns text; QTYVALUE of it gives a number.',
        },
        parameters=(
            Parameter("values", "values", meaning="cells", description={
                "en-US": 'The cells to add, such as C2:C10: quantity texts, QTY results, or numbers in unit.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit: the unit of cells that hold plain numbers, and the unit the total is '
                         'shown in, such as "million hour"; empty: the unit its result cells are shown in.',
            }),
            Parameter("reading", "reading", meaning="reading", optional=True, description={
                "en-US": 'Optional reading of the total: "90%" (median [90%: p5, p95], each range a 90% interval) '
                         'or "bounds" (guaranteed bounds). Empty: the reading of its cells. Results are evaluated '
                         'again from their inputs in the reading asked.',
            }),
        ),
        examples=(
            Example('=QTYSUM(D2:D4; "hour")', cells=THREE_RUNS, where='D2:D4 three QTY results that share u',
                    # 6000 hour * u: 2700 at the middle 45%, 2100 at 35%, 3300 at 55%
                    text='2700 [2100, 3300] hour'),
            Example('=QTYSUM(D2:D4; "hour"; "90%")', cells=THREE_RUNS, where='the same three QTY results',
                    # 6000 hour * u, u lognormal with 5th and 95th percentiles 35% and 55%: median
                    # 6000 * sqrt(0.35 * 0.55) = 2632, p5 2100, p95 3300
                    text='2600 [90%: 2100, 3300] hour'),
        ),
    ),
    Function(
        "QTYSWING", "qtySwing", returns="number",
        summary="one input's swing of a result, for a tornado",
        source="tornado_functions.cpp", implementation="qty_swing",
        note='One bar of a tornado in cells.',
        description={
            "en-US": 'One bar of a tornado chart: the result with only one input at its low or high end and every '
                     'other input at its central value, or the distance between the two.',
        },
        parameters=(
            Parameter("expression", "expression", meaning="expression", description={
                "en-US": 'The expression, as in QTY, such as "a * b" with a and b given in the pairs that follow; '
                         'or a cell holding it.',
            }),
            Parameter("input", "input", meaning="input", description={
                "en-US": 'The input: a variable name from the pairs, the text of a range written in the expression '
                         'such as "35% to 55%", or a rank (1 is the input that matters most).',
            }),
            Parameter("end", "end", meaning="end", optional=True, description={
                "en-US": 'Optional: "low" (the result with the input at its low end), "high" (at its high end) or '
                         '"swing" (the default: the distance between them).',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit of the number, such as "million hour". Empty means the unit given with '
                         "'as' in the expression, else SI base units.",
            }),
        ),
        pairs=Pairs(value={
            "en-US": 'The value of name{k}: a number, a quantity text such as "35% to 55%", a cell, or a range of '
                     '2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                     'refused.',
        }),
        examples=(
            Example('=QTYSWING("a * b"; "a"; "high"; ; "a"; B1:C1; "b"; "10 to 20")', cells={"B1": "1", "C1": "3"},
                    number='3 * (10 + 20) / 2', shown='45'),
        ),
    ),
    Function(
        "QTYTOP", "qtyTop", returns="text",
        summary="the inputs that matter most to a result, in order",
        source="tornado_functions.cpp", implementation="qty_top",
        description={
            "en-US": 'The name of the input that matters most to the result (the largest swing in a tornado '
                     'chart), or of the input of a given rank.',
        },
        parameters=(
            Parameter("expression", "expression", meaning="expression", description={
                "en-US": 'The expression, as in QTY, such as "a * b" with a and b given in the pairs that follow; '
                         'or a cell holding it.',
            }),
            Parameter("rank", "rank", meaning="rank", optional=True, description={
                "en-US": 'Optional: 1 (the default) for the input that matters most, 2 for the next, and so on.',
            }),
        ),
        pairs=Pairs(value={
            "en-US": 'The value of name{k}: a number, a quantity text such as "35% to 55%", a cell, or a range of '
                     '2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                     'refused.',
        }),
        examples=(
            # a's swing (3 - 1) * 15 = 30 is larger than b's (20 - 10) * 2 = 20
            Example('=QTYTOP("a * b"; ; "a"; B1:C1; "b"; "10 to 20")', cells={"B1": "1", "C1": "3"}, text='a'),
        ),
    ),
    Function(
        "QTYTEXT", "qtyText", returns="text",
        summary="a result shown with as many significant figures as asked",
        source="qty_text.cpp", implementation="qty_text",
        note='A quantity or result as text with as many significant figures as asked.',
        description={
            "en-US": 'Shows a quantity or the result of another Ballpark cell as text with as many significant '
                     'figures as asked, such as "1.734 [1.386, 2.124] million hour". A result is read at full '
                     'precision, in its own reading, and the text can be read on by other Ballpark formulas.',
        },
        parameters=(
            Parameter("value", "value", meaning="expression", description={
                "en-US": 'A cell with a QTY, QTYDIST or QTYSUM result, a quantity text such as "2/3 hour", or a '
                         'number.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit to show the value in, such as "million hour".',
            }),
            Parameter("digits", "digits", meaning="figures", optional=True, description={
                "en-US": 'Optional number of significant figures, from 1 to 17; empty: 3 for a single value and 2 '
                         'for each number of a range, as QTY shows them.',
            }),
        ),
        examples=(
            Example('=QTYTEXT(F5; "million hour"; 4)',
                    cells={"F5": '=QTY("6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * (35% to 55%))")'},
                    where='F5 a QTY result',
                    # 6 * 70e9 * 2e12 / (312e12 * u) / 3600 / 1e6 at u = 45%, 55% and 35%: 1.6619, 1.3598, 2.1368
                    text='1.662 [1.360, 2.137] million hour'),
            Example('=QTYTEXT("2/3"; ; 6)', text='0.666667'),
        ),
    ),
    Function(
        "QTYINPUTS", "qtyInputs", returns="text",
        summary="the unknowns a result depends on",
        source="tornado_functions.cpp", implementation="qty_inputs",
        note='The unknowns a result depends on, each once, with what it was given.',
        description={
            "en-US": 'Lists the uncertain inputs a result depends on, each once, with what it was given, the one '
                     'that matters most first, such as "u (30% to 50%); t (1.8 to 2.2 trillion)". Two results that '
                     'share an input name it once: use it to see which inputs cells share.',
        },
        parameters=(
            Parameter("value", "value", meaning="expression", description={
                "en-US": 'A cell with a QTY, QTYDIST or QTYSUM result, or an expression text such as "1000 hour * '
                         '(35% to 55%)".',
            }),
        ),
        examples=(
            Example('=QTYINPUTS(F3)',
                    cells={"B1": "35%", "C1": "55%", "F1": '=QTY("1000 hour * u"; ; "u"; B1:C1)',
                           "F2": '=QTY("t * u * 1 hour"; ; "t"; "1 to 2"; "u"; B1:C1)', "F3": "=QTYSUM(F1:F2)"},
                    where='F3 the total of two runs that share `u`',
                    # the total is (1000 + t) hour * u: u's swing 0.2 * 1001.5 hour is the larger, t's 1 * 0.45 hour
                    # the smaller
                    text='u (0.35 to 0.55); t (1 to 2)'),
        ),
    ),
    Function(
        "QTYPROB", "qtyProb", returns="numbers",
        summary="the chance of staying under a threshold (a budget), each range read as a 90% interval",
        source="qty_prob.cpp", implementation="qty_prob_cells",
        note='P(value <= threshold) in the 90% reading; an array of them over a range of thresholds.',
        description={
            "en-US": 'The chance that a value is at most a threshold, such as the chance of staying under budget, '
                     'reading each range as a 90% interval (as QTYDIST does); 1 minus it is the chance of going '
                     'over. A range of thresholds gives one chance for each: an exceedance table in one call.',
        },
        parameters=(
            Parameter("value", "value", meaning="expression", description={
                "en-US": 'The expression, as in QTYVALUE, such as "cost" with cost given in the pairs that follow; '
                         'a cell with a QTY, QTYDIST or QTYSUM result (read again as a distribution); or a number.',
            }),
            Parameter("threshold", "threshold", meaning="quantity", description={
                "en-US": 'The threshold: a number (in unit, else in the unit the value is shown in with \'as\', '
                         'else SI base units), a quantity text of the value\'s dimension such as "60 million USD", '
                         'or a row or column of them, which gives a chance for each.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit of a threshold given as a number, such as "million USD".',
            }),
        ),
        pairs=Pairs(count=FEW_PAIRS, value={
            "en-US": 'The value of name{k}: a number, a quantity text such as "35% to 55%", a cell, or a range of '
                     '2 cells (low, high) or 3 cells (low, central, high) in a row.',
        }),
        examples=(
            # c lognormal with 5th and 95th percentiles 1 and 10 million USD: P(c <= 5 million USD)
            Example('=QTYPROB("c"; "5 million USD"; ; "c"; "(1 to 10) million USD")',
                    number='0.5 * (1 + erf((log(5) - log(10) / 2) / (log(10) / 2 / 1.6448536269514722) / sqrt(2)))',
                    tolerance=1e-6, shown='0.744 (the chance that c ≤ $5M)'),
        ),
    ),
    Function(
        "QTYSPARK", "qtySpark", returns="texts",
        summary="a result's distribution drawn as a sparkline in a cell (`▂▃▆██▇▆▄▃▂▁▁ 48–86 million USD`)",
        source="pictures.cpp", implementation="qty_spark_cells",
        note='A sparkline text, or a column of them (one per run) when a name is bound to a column.',
        description={
            "en-US": 'A picture of a result in the 90% reading: a density sparkline in block characters from its '
                     '0.5th to its 99.5th percentile, followed by its 90% interval, such as "▁▂▅█▆▃▁ 48–86 million '
                     'USD".',
        },
        parameters=(
            Parameter("value", "value", meaning="expression", description={
                "en-US": 'A cell with a QTY or QTYDIST result, or an expression such as "a * b" with a and b given in the '
                         'pairs that follow, read in the 90% reading. A QTY result (guaranteed bounds) is drawn in '
                         'the 90% reading of the same inputs, as QTYDIST of the cell shows it.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit of the interval, such as "million USD". Empty means the unit the result '
                         'is shown in.',
            }),
            Parameter("width", "width", meaning="whole", optional=True,
                      limits=("sparkline_default_width", "sparkline_max_width"), description={
                "en-US": 'Optional number of glyphs, from 1 to 100. Empty means 12.',
            }),
        ),
        pairs=Pairs(count=FEW_PAIRS, value={
            "en-US": 'The value of name{k}: a number, a quantity text such as "35% to 55%", a cell, or a range of '
                     '2 cells (low, high) or 3 cells (low, central, high) in a row. Or a column of rows (A5:A7), '
                     'one run per row: entered as an array formula over the rows, the call gives one sparkline '
                     'per row.',
        }),
        examples=(
            # the lognormal with 5th and 95th percentiles 48 and 86 in 12 equal bins from its 0.5th to its 99.5th
            # percentile, each bin the glyph ceil(8 p / p_max) of ▁▂▃▄▅▆▇█
            Example('=QTYSPARK("u"; "million USD"; ; "u"; "48 million USD to 86 million USD")',
                    text='▂▃▆██▇▆▄▃▂▁▁ 48–86 million USD'),
        ),
    ),
    Function(
        "QTYBINS", "qtyBins", returns="numbers",
        summary="a result's distribution as bins for a chart",
        source="pictures.cpp", implementation="qty_bins",
        note='A table of rows (lower edge, upper edge, probability, cumulative probability), one per bin.',
        description={
            "en-US": 'The density of a result in the 90% reading as equal-width bins from its 0.5th to its 99.5th '
                     'percentile, one row each: lower edge, upper edge, probability, cumulative probability. '
                     'Enter it as an array formula over bins rows and 4 columns, for a chart, a sparkline or an '
                     'exceedance curve (1 - cumulative).',
        },
        parameters=(
            Parameter("value", "value", meaning="expression", description={
                "en-US": 'A cell with a QTY or QTYDIST result, or an expression such as "a * b" with a and b given in the '
                         'pairs that follow, read in the 90% reading. A QTY result (guaranteed bounds) is drawn in '
                         'the 90% reading of the same inputs, as QTYDIST of the cell shows it.',
            }),
            Parameter("bins", "bins", meaning="whole", optional=True, limits=("qty_bins_default", "qty_bins_max"), description={
                "en-US": 'Optional number of bins, from 1 to 1000. Empty means 20.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional unit of the edges, such as "million USD". Empty means the unit given with '
                         '\'as\' in the expression, else SI base units.',
            }),
        ),
        pairs=Pairs(count=FEW_PAIRS, value={
            "en-US": 'The value of name{k}: a number, a quantity text such as "35% to 55%", a cell, or a range of '
                     '2 cells (low, high) or 3 cells (low, central, high) in a row.',
        }),
        examples=(
            # the first bin's lower edge: the 0.5th percentile of the lognormal with 5th and 95th percentiles 48 and
            # 86, exp(mu + s z(0.005)) with mu the mean of their logarithms and s their half-distance over z(0.95)
            Example('=QTYBINS("u"; 20; "million USD"; "u"; "48 million USD to 86 million USD")',
                    number='exp((log(48) + log(86)) / 2 '
                           '- 2.5758293035489004 * (log(86) - log(48)) / 2 / 1.6448536269514722)',
                    tolerance=1e-6,
                    shown="40.7, the first bin's lower edge (the 0.5th percentile); entered as an array formula over "
                          "20 rows × 4 columns, rows of lower edge, upper edge, probability, cumulative probability"),
        ),
    ),
    Function(
        "FLOPPERTOKEN", "flopPerToken", returns="number",
        summary="the training FLOP per token with the attention term (PaLM's 6N + 12·L·H·Q·T)",
        source="compute_functions.cpp", implementation="flop_per_token",
        description={
            "en-US": 'Training FLOP per token with the attention term: 6 × params + 12 × layers × heads × head_size '
                     '× seq_len (Chowdhery et al. 2022, PaLM, appendix B), as a number of FLOP.',
        },
        parameters=(
            Parameter("params", "params", meaning="count", description={
                "en-US": 'Number of model parameters: a number (70E9) or a text such as "70 billion". For a '
                         'mixture-of-experts model, the parameters active per token. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("layers", "layers", meaning="count", description={
                "en-US": 'Number of transformer layers, such as 80. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("heads", "heads", meaning="count", description={
                "en-US": 'Number of attention (query) heads per layer, such as 64. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("headSize", "head_size", meaning="count", description={
                "en-US": 'Size of one attention head, such as 128. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("seqLen", "seq_len", meaning="count", description={
                "en-US": 'Training sequence length in tokens, such as 4096. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("part", "part", meaning="part", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval.',
            }),
        ),
        examples=(
            Example('=FLOPPERTOKEN("540 billion"; 118; 48; 256; 2048)',
                    number='6 * 540e9 + 12 * 118 * 48 * 256 * 2048', shown='3.28E+12 (FLOP; PaLM 540B)'),
            Example('=FLOPPERTOKEN(70E9; 80; 64; 128; B2:C2; "high")', cells={"B2": "4096", "C2": "8192"},
                    number='6 * 70e9 + 12 * 80 * 64 * 128 * 8192', shown='4.84E+11'),
        ),
    ),
    Function(
        "MFU", "mfu", returns="number",
        summary="the model FLOP utilization of a measured throughput, or the hardware FLOP utilization where recomputation is given",
        source="compute_functions.cpp", implementation="mfu",
        description={
            "en-US": 'Model FLOP utilization from a measured throughput: throughput × model_flop_per_token / peak, '
                     'as a fraction (Chowdhery et al. 2022, PaLM, appendix B). Given recomputed FLOP, the hardware '
                     'FLOP utilization: throughput × (model_flop_per_token + recomputed) / peak.',
        },
        parameters=(
            Parameter("throughput", "throughput", meaning="quantity", description={
                "en-US": 'Tokens per second on one accelerator: a number (380) or a text such as "380/s". A '
                         'cluster\'s throughput divided by its accelerators. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("modelFlopPerToken", "model_flop_per_token", meaning="quantity", description={
                "en-US": 'Training FLOP per token: a number of FLOP, a text such as "6 FLOP * 70 billion", or a '
                         'FLOPPERTOKEN cell. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("peak", "peak", meaning="peak", description={
                "en-US": 'Peak throughput of one accelerator: a number in FLOP/s, a text such as "312 TFLOP/s", or '
                         'an accelerator name such as "A100".',
            }),
            Parameter("recomputed", "recomputed_flop_per_token", meaning="quantity", optional=True, description={
                "en-US": 'Optional FLOP per token spent recomputing activations, such as "2 FLOP * 70 billion" for '
                         'a forward pass recomputed in full; given, the result is the hardware FLOP utilization '
                         '(HFU). Empty: the model FLOP utilization (MFU).',
            }),
            Parameter("part", "part", meaning="part", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval.',
            }),
        ),
        examples=(
            Example('=MFU(238300/6144; B2; "TPU v4")', cells={"B2": '=FLOPPERTOKEN(540E9; 118; 48; 256; 2048)'},
                    where='B2 PaLM 540B\'s FLOPPERTOKEN',
                    number='238300 / 6144 * (6 * 540e9 + 12 * 118 * 48 * 256 * 2048) / 275e12',
                    shown='0.462 (PaLM reports 46.2%)'),
            Example('=MFU("400/s"; "6 FLOP * 70 billion"; "A100"; "2 FLOP * 70 billion")',
                    number='400 * 8 * 70e9 / 312e12', shown='0.718 (HFU)'),
        ),
    ),
    Function(
        "TRAINENERGY", "trainEnergy", returns="number",
        summary="the energy of a training run from accelerator-hours, power per accelerator and PUE",
        source="energy_functions.cpp", implementation="train_energy",
        description={
            "en-US": 'Energy of a run: accelerator-hours × power per accelerator × PUE (Touvron et al. 2023, '
                     'LLaMA, section 6), in MWh unless told otherwise.',
        },
        parameters=(
            Parameter("gpuHours", "gpu_hours", meaning="time", description={
                "en-US": 'Accelerator-hours: a number of hours (1022362) or a time text such as "1.02 million '
                         'hour". Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("power", "accelerator_power", meaning="quantity", description={
                "en-US": 'Power drawn by one accelerator: a number of watts (400), a text such as "400 W", or an '
                         'accelerator name such as "A100" for its thermal design power from the table. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("pue", "pue", meaning="quantity", description={
                "en-US": 'Power usage effectiveness of the data centre, at least 1, such as 1.1. Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional energy unit of the result, such as "kWh" or "GWh". Empty means MWh.',
            }),
            Parameter("part", "part", meaning="part", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval.',
            }),
        ),
        examples=(
            Example('=TRAINENERGY(1022362; "A100"; 1.1)', number='1022362 * 400 * 1.1 / 1e6',
                    shown='449.8 (MWh; LLaMA 65B, printed 449 in its carbon table)'),
            Example('=TRAINENERGY(1022362; "400 W"; B2:C2; ; "high")', cells={"B2": "1.1", "C2": "1.3"},
                    number='1022362 * 400 * 1.3 / 1e6', shown='531.6'),
        ),
    ),
    Function(
        "EMISSIONS", "emissions", returns="number",
        summary="the CO2-equivalent emissions of an energy at a grid's carbon intensity",
        source="energy_functions.cpp", implementation="emissions",
        description={
            "en-US": 'Emissions of a run: energy × the grid\'s carbon intensity, in tonnes of CO2-equivalent unless '
                     'told otherwise.',
        },
        parameters=(
            Parameter("energy", "energy", meaning="quantity", description={
                "en-US": 'Energy used: a number of MWh (449.8), a text such as "450 MWh", or a TRAINENERGY cell. '
                         'Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("gridIntensity", "grid_intensity", meaning="quantity", description={
                "en-US": 'Carbon intensity of the grid: a number of kg CO2-equivalent per kWh (0.385) or a text '
                         'such as "0.385 kg/kWh". Or a range of 2 cells (low, high) or 3 cells (low, central, high) in a row.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional mass unit of the result, such as "kg". Empty means t (tonnes).',
            }),
            Parameter("part", "part", meaning="part", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval.',
            }),
        ),
        examples=(
            Example('=EMISSIONS(B2; 0.385)', cells={"B2": '=TRAINENERGY(1022362; "A100"; 1.1)'},
                    where='B2 the energy of LLaMA 65B',
                    number='1022362 * 400 * 1.1 / 1e6 * 0.385', shown='173.2 (t; LLaMA\'s carbon table: 173)'),
            Example('=EMISSIONS("450 MWh"; "0.3 kg/kWh to 0.5 kg/kWh"; ; "p95")', number='450 * 0.5',
                    tolerance=1e-6, shown='225 (the 95th percentile)'),
        ),
    ),
    Function(
        "MODELSHAPE", "modelShape", returns="number",
        summary="a figure of a published model's shape (layers, heads, key/value heads, total or active parameters) from a sourced table",
        source="model_functions.cpp", implementation="model_shape",
        description={
            "en-US": "A figure of a published model's shape from Ballpark's sourced model table (each row's "
                     "config.json or paper), as a bare number. A mixture-of-experts model has two parameter "
                     "counts: total_params, what memory holds, and active_params, what each token goes through "
                     "(compute). Inside an expression, model(Llama_3_8B, layers) reads the same table.",
        },
        parameters=(
            Parameter("model", "model", meaning="model", type="string", description={
                "en-US": 'The model, such as "Llama 2 70B", "Llama 3 8B", "Llama 3.1 405B", "Mixtral 8x7B", '
                         '"DeepSeek-V3", "Mistral 7B", "GPT-3 175B", "Chinchilla 70B" or "PaLM 540B".',
            }),
            Parameter("figure", "figure", meaning="shape", type="string", description={
                "en-US": 'The figure: "layers", "hidden" (the model width), "heads", "kv_heads" (key/value heads, '
                         'fewer than heads under grouped-query attention), "head_size", "vocab", "context" '
                         '(tokens), "total_params" or "active_params".',
            }),
        ),
        examples=(
            # meta-llama/Meta-Llama-3-8B config.json: num_key_value_heads 8
            Example('=MODELSHAPE("Llama 3 8B"; "kv_heads")', number='8', shown='8'),
            # Mistral AI, "Mixtral of experts": 12.9B parameters used per token of 46.7B
            Example('=MODELSHAPE("Mixtral 8x7B"; "active_params")', number='12.9e9', shown='1.29E+10'),
        ),
    ),
    Function(
        "TRAINMEMORY", "trainMemory", returns="number",
        summary="the model states one data-parallel rank holds, by ZeRO stage",
        source="model_functions.cpp", implementation="train_memory",
        description={
            "en-US": 'Memory one data-parallel rank holds for the model states in training: params × (weight '
                     'bytes + gradient bytes + optimizer bytes), mixed-precision Adam (2 + 2 + 12 bytes a '
                     'parameter) unless told otherwise, with the ZeRO stage sharding the optimizer states (1), the '
                     'gradients too (2) and the weights too (3) over the ranks (Rajbhandari et al. 2020). '
                     'Activations are not included.',
        },
        parameters=(
            Parameter("params", "params", meaning="count", description={
                "en-US": 'Number of model parameters: a number (70E9) or a text such as "70 billion". Every '
                         'parameter: for a mixture-of-experts model, the total (DeepSeek-V3: 671 billion), since '
                         'memory holds all the experts. Or a range of '
                         '2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                         'refused, since it is a column of models.',
            }),
            Parameter("stage", "stage", meaning="stage", optional=True, description={
                "en-US": 'Optional ZeRO stage: 0 (the default: every state on every rank), 1, 2 or 3.',
            }),
            Parameter("ranks", "ranks", meaning="count", optional=True, description={
                "en-US": 'Number of data-parallel ranks the states are sharded over; needed for stages 1 to 3. Or a range of '
                         '2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                         'refused, since it is a column of models.',
            }),
            Parameter("weightBytes", "weight_bytes", meaning="quantity", optional=True, description={
                "en-US": 'Optional bytes a weight: a number of bytes or a text such as "2 B". Empty means 2 (bf16).',
            }),
            Parameter("gradBytes", "grad_bytes", meaning="quantity", optional=True, description={
                "en-US": 'Optional bytes a gradient. Empty means 2 (bf16); 4 for fp32 gradients.',
            }),
            Parameter("optimizerBytes", "optimizer_bytes", meaning="quantity", optional=True, description={
                "en-US": "Optional bytes of optimizer state a parameter. Empty means 12 (Adam: an fp32 copy of the "
                         "weight, momentum and variance); 8 for Adam on fp32 weights.",
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional memory unit of the result, such as "GiB" or "TB". Empty means GB.',
            }),
            Parameter("part", "part", meaning="part", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval.',
            }),
        ),
        examples=(
            # shared/reference/planning-formulas.md: 16 bytes a parameter, 70B -> 1,120 GB
            Example('=TRAINMEMORY("70 billion")', number='70e9 * (2 + 2 + 12) / 1e9', shown='1120 (GB)'),
            # ZeRO, figure 1: 7.5B parameters over 64 ranks, stage 3: 1.88 GB a rank
            Example('=TRAINMEMORY(7.5E9; 3; 64)', number='7.5e9 * 16 / 64 / 1e9', shown='1.875'),
            # ZeRO, figure 1: stage 1, 31.4 GB a rank
            Example('=TRAINMEMORY(7.5E9; 1; 64)', number='7.5e9 * (2 + 2 + 12 / 64) / 1e9', shown='31.41'),
        ),
    ),
    Function(
        "KVCACHE", "kvCache", returns="number",
        summary="the key/value cache of one sequence of a named model",
        source="model_functions.cpp", implementation="kv_cache",
        description={
            "en-US": "Key/value cache of one sequence of a named model: 2 × layers × kv_heads × head_size × bytes "
                     "a value × tokens, with the model table's figures; grouped-query attention caches the "
                     "key/value heads, not every head. DeepSeek-V3's latent attention caches less than its heads "
                     "give (the table's note says how much).",
        },
        parameters=(
            Parameter("model", "model", meaning="model", type="string", description={
                "en-US": 'The model, such as "Llama 3 8B" or "Llama 2 70B".',
            }),
            Parameter("tokens", "tokens", meaning="count", description={
                "en-US": 'Tokens in the sequence, prompt and output together: a number (8192) or a text such as '
                         '"8192". Or a range of '
                         '2 cells (low, high) or 3 cells (low, central, high) in a row; a range in one column is '
                         'refused, since it is a column of models.',
            }),
            Parameter("bytesPerValue", "bytes_per_value", meaning="quantity", optional=True, description={
                "en-US": 'Optional bytes a cached value: a number of bytes or a text such as "1 B". Empty means 2 '
                         '(bf16); 1 for an fp8 cache.',
            }),
            Parameter("unit", "unit", meaning="unit", optional=True, description={
                "en-US": 'Optional memory unit of the result, such as "MiB" or "GB". Empty means GiB.',
            }),
            Parameter("part", "part", meaning="part", optional=True, description={
                "en-US": 'Optional: "central" (the default), "low" or "high" (guaranteed bounds); or "median", '
                         '"mean" or a percentile "p5" … "p95" (any between p0 and p100), which read each range as '
                         'a 90% interval.',
            }),
        ),
        examples=(
            # shared/reference/planning-formulas.md: Llama 3 8B caches 128 KiB a token in bf16
            Example('=KVCACHE("Llama 3 8B"; 8192)', number='8192 * 128 * 1024 / 2**30', shown='1 (GiB)'),
            Example('=KVCACHE("Llama 2 70B"; 4096; 1; "MiB")', number='2 * 80 * 8 * 128 * 1 * 4096 / 2**20',
                    shown='640'),
        ),
    ),
)


def expanded(rows):
    """The rows as the declarations need them: a row with a short twin (`few`) becomes two. The function with PAIRS
    pairs keeps the row's place and method under the row's name followed by PAIRS; the short twin takes the row's
    name, with the twin's method and count of pairs, after all the rows, so that the methods of earlier builds keep
    their order."""
    out, short = [], []
    for f in rows:
        if not f.few:
            out.append(f)
            continue
        longer = f"{f.name}{PAIRS}"
        out.append(Function(
            longer, f.method, f.returns, parameters=f.parameters, pairs=f.pairs, note=f.note, category=f.category,
            implementation=f.implementation, source=f.source,
            description={language: LONGER_TWIN[language].format(name=f.name, count=PAIRS, few=f.few.count) + text
                         for language, text in f.description.items()}))
        twin = Function(
            f.name, f.few.method, f.returns, description=f.description, parameters=f.parameters,
            pairs=Pairs(count=f.few.count, value=f.pairs.value), note=f.note, category=f.category, same_as=f.method,
            implementation=f.implementation, source=f.source)
        twin.longer = longer
        short.append(twin)
    return tuple(out + short)


FUNCTIONS = expanded(ROWS)
