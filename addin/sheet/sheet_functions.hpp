// The sheet functions in plain C++: Calc arguments already unwrapped from UNO, results as core Results.
// No UNO type appears here, so this layer reads like the README's table of functions; calc_addin.cpp only
// converts between UNO and these types. The public header of the sheet layer (addin/sheet): README.md there says
// which file implements each function; their shared helpers are in ballpark::sheet::detail.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ballpark/error.hpp"

namespace ballpark::sheet {

// One cell's content as Calc hands it over (empty, or #N/A inside a range), or as a function hands it back: empty, a
// number, or a text in UTF-8.
using Cell = std::variant<std::monostate, double, std::string>;

// A range of more than one cell, row by row: A1:B1 is 1 row of 2 columns, A1:A3 3 rows of 1 column.
struct Cells {
    std::size_t rows = 0;
    std::size_t columns = 0;
    std::vector<Cell> cells;  // rows × columns, row-major
};

// One Calc argument: omitted (or an empty cell or ""), a number, a text in UTF-8, or a range of several cells.
using Arg = std::variant<std::monostate, double, std::string, Cells>;

// A block of results, rows × columns, row-major: a column of models (one row per row of the columns its names are
// bound to), each row one result or, for QTYVALUE with several parts, one number per part. A row left out because
// it is blank in every column keeps its place with empty cells, so each result stays beside its run.
struct Table {
    std::size_t rows = 0;
    std::size_t columns = 0;
    std::vector<Cell> cells;
};

// A result's text and the key of its recipe, not yet joined: what QTY and QTYDIST give one cell. The cell shows
// joined(text), the text with the key's invisible characters after it (ballpark/linked.hpp, with_key); an adapter
// whose texts are UTF-16 writes those characters from the key's bits (key_in_utf16) rather than from UTF-8.
struct KeyedResult {
    std::string shown;
    std::uint64_t key = 0;
};
std::string joined(KeyedResult text);

// What a sheet function returns: a number (the IDL's double), a text (its string), a row of numbers (its any:
// QTYVALUE with several parts), a table (its any: QTY, QTYDIST and QTYVALUE over a column), or a result's text and
// its key (the text a cell shows, as a text is).
using SheetValue = std::variant<double, std::string, std::vector<double>, Table, KeyedResult>;

// Every argument that takes a quantity (params, tokens, peak, util_lo, a value of a name; value pair, …) takes a
// number, a quantity text (printed results included), or a range of 2 cells (low, high) or 3 cells (low, central,
// high) in one row (a range of several rows is a column of models: QTY, QTYDIST and QTYVALUE compute it, the other
// functions refuse it with a sentence that says to give the ends in a row). A text that writes a number with
// thousands separators ("1.500", "1,500", "8,000,000,000"), which locales read differently, is refused the same
// way in every locale, with a sentence that says what to write. `part` takes "central", "low", "high" (guaranteed bounds), "median", "mean" or
// "p5" … "p95" (the distribution reading, where normal(...) and lognormal(...) inputs are welcome; for bounds they
// are refused with a sentence that says to ask for a percentile). An `expression` given as a number is that
// number, in any locale.

// The functions of the rows, one each, declared from addin/sheet_table.py; what they do beyond their row's
// description is said below, with the helpers that are not rows.
#include "sheet_table_declarations.hpp"

// `pairs` is Calc's trailing argument list: name, value, name, value, …
//
// A name of QTY, QTYDIST and QTYVALUE may be bound to a column: a range of several rows, each row one value (N×1),
// a low and a high (N×2) or a low, central and high (N×3). The expression is then a column, one result per row;
// names bound to one value or one row (1×2, 1×3) are shared by every row, one input in all of them. Two or three
// rows are a column like any other: low/high and low/central/high are rows of cells.
// Rows whose cells are all empty in every column are left out. The aggregates sum, max, min and mean over a column
// reduce over its rows (column.hpp). The *_cells functions return the column; qty and qty_dist the first result
// of it, which is what a single cell shows.
// QTYVALUE: a number, a row of numbers for several parts, or a table of rows × parts over a column.
Result<std::string> qty(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept;

Result<double> qty_value(const Arg& expression, const Arg& unit, const Arg& part,
                         std::span<const Arg> pairs) noexcept;
// QTYVALUE with a `part` that may name several parts, separated by spaces ("low central high", "p5 median p95"):
// one number each, in order, the expression evaluated once per reading they need.
Result<std::vector<double>> qty_values(const Arg& expression, const Arg& unit, const Arg& part,
                                       std::span<const Arg> pairs) noexcept;

// QTYERROR (qty_error.cpp): empty when the call succeeds, else the sentence of its error. `expression` is either a
// QTY expression, and then `unit` and `pairs` are QTY's, or the name of one of these functions ("GPUHOURS"), and
// then `unit` and `pairs` are that function's arguments in order.
std::string qty_error(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept;
std::string qty_error(std::string_view expression, const Arg& unit, std::span<const Arg> pairs) noexcept;

// Whether QTYERROR's first argument is the name of a sheet function rather than an expression.
bool names_sheet_function(std::string_view text) noexcept;

// How Calc hands a parameter over, as the IDL declares it: `any` (a number, a text, a range, or nothing when
// omitted) or `string` (a text; numbers as their digits).
enum class ParameterType { any, text };

struct SheetParameter {
    std::string_view idl_name;      // the IDL parameter, and its node in CalcAddIns.xcu: "utilLo"
    std::string_view display_name;  // what the function wizard shows (the node's DisplayName): "util_lo"
    ParameterType type = ParameterType::any;
};

// One sheet function: a row of addin/sheet_table.py (build/generated/sheet_table_rows.hpp) with its implementation
// (sheet_table.cpp). The one list of them, from which QTYERROR, the C interface and both UNO components dispatch.
struct SheetFunction {
    std::string_view name;    // as Calc shows it (the .xcu DisplayName): "GPUHOURS"
    std::string_view method;  // the IDL method, stored in every saved sheet; its .xcu node holds the descriptions
    // The IDL result type: "double", "string", or "any" (a number, a text, or a row or a table of them).
    std::string_view result;
    // Whether its result is a text (or texts), whatever its IDL type: QTY and QTYDIST return `any` for a column.
    bool text = false;
    std::span<const SheetParameter> parameters;  // those before the name; value pairs
    // How many name; value pairs follow them (the IDL's parameters name1, value1, ...); 0 for none.
    std::size_t pairs = 0;
    // The implementation with its arguments in order (value pairs last, as many as given; none missing before
    // them): its number or text, or its error. Null for QTYERROR, which has no error of its own to explain.
    Result<SheetValue> (*run)(std::span<const Arg> args) = nullptr;

    // What QTYERROR explains: the error of `run`, if it fails.
    std::optional<Error> error_of(std::span<const Arg> args) const {
        auto result = run(args);
        if (result) return std::nullopt;
        return std::move(result.error());
    }

    bool gives_text() const { return text; }
    bool takes_pairs() const { return pairs > 0; }
    // The parameters before the value pairs.
    std::size_t fixed() const { return parameters.size(); }
};

std::span<const SheetFunction> sheet_function_table() noexcept;

// QTYDIST: the distribution reading as text, "median [90%: p5, p95] unit" (every `a to b` a 90% interval).
Result<std::string> qty_dist(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept;

// QTYSUM: the total of a range of quantity cells (texts, or numbers taken in `unit`), empty cells skipped, as text
// in `unit` (or the core's choice when it is empty). In `reading` ("90%", "bounds"; parts.hpp, optional_reading)
// when given, else in the cells' own reading (all one; results of two readings are refused with a sentence): each
// result is evaluated again from its recipe in the total's reading.

// QTYSWING: one bar of the expression's tornado. `input` is a binding's name, the text of a range written in the
// expression, or a rank (1 = the largest swing); `end` is "low", "high" (the result with only that input at that
// end, the others central) or "swing" (empty: the distance between the two).

// QTYTOP: the name of the input with the rank-th largest swing (rank empty: 1, the one that matters most).

// QTYINPUTS: the unknowns a result (or an expression) depends on, each once, with what it was given, largest swing
// first: "u (30% to 50%); t (1.8 to 2.2 trillion); 35% to 55% (1st); 35% to 55% (2nd)". Shows which inputs two
// results share, so that a merge the user did not mean is seen.

// QTYPROB: P(value <= threshold) in the 90% reading, a number; over a range of thresholds a table of the range's
// shape, one chance per cell (a blank cell stays blank).

// QTYTEXT: a quantity or result as text with `digits` significant figures (1 to 17; empty: QTY's 3 for a single
// value, 2 for each number of a range), in `unit` (empty: the core's choice). A result cell is read at full
// precision, in the reading it was made in, and the text keeps its identity for the cells that read it.

// QTYSPARK (pictures.cpp): a density sparkline of the result in the 90% reading and its 90% interval in `unit`,
// "▁▂▅█▆▃▁ 48–86 million USD" (ballpark/histogram.hpp: `width` glyphs, empty 12, over the 0.5th to the 99.5th
// percentile). `value` is a QTYDIST result or an expression with its name; value pairs, a column of which gives
// one sparkline per run. A result of guaranteed bounds (QTY) is refused with a sentence: it has no distribution.
Result<std::string> qty_spark(const Arg& value, const Arg& unit, const Arg& width, std::span<const Arg> pairs) noexcept;

// QTYBINS (pictures.cpp): `bins` equal-width bins (empty: 20) of the result in the 90% reading between its 0.5th
// and 99.5th percentiles, a row each: lower edge, upper edge (in `unit`, else the expression's `as`, else SI base
// units), probability, cumulative probability P(X <= upper edge). `value` as in QTYSPARK; one result, not a column.
inline constexpr std::size_t qty_bins_default = 20;
inline constexpr std::size_t qty_bins_max = 1000;

}  // namespace ballpark::sheet
