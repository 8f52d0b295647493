// QTYSPARK and QTYBINS: pictures of a result in the 90% reading (ballpark/histogram.hpp), a sparkline text for a
// cell (one per run over a column) and the bins as rows for a chart.
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "ballpark/histogram.hpp"
#include "ballpark/linked.hpp"
#include "ballpark/text.hpp"
#include "columns.hpp"
#include "pairs.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;
namespace {

// The result of `value` with its pairs in the 90% reading: one, or one per row of the columns its names are bound
// to (a row left out keeps its place, null).
struct Readings {
    std::vector<Quantity> values;
    std::vector<std::size_t> rows;  // 1-based row of each value; empty when there is no column
    std::size_t row_count = 0;      // of the ranges, blank ones included
};

Readings readings(HeldRecipes& held, const Arg& value, const Arg& unit, std::span<const Arg> pairs) {
    SplitPairs split = need(split_pairs(held, pairs));
    const Expression e = need(expression_of(held, value, std::move(split.shared)));
    // A result of guaranteed bounds (a QTY cell) is its recipe, which the 90% reading evaluates again from its
    // inputs, as QTYDIST of the cell does: never drawn as if its range were uniform.
    EvaluationOptions options;
    options.mode = mode_info(options.mode).percentiles_in;
    // A result cell alone is drawn in the unit it shows ("million USD"), unless another is asked for.
    std::string shown_unit;
    if (is_empty(unit) && reads_one_result_alone(e)) {
        if (const auto* const* recipe = std::get_if<const Recipe*>(&e.bindings.front().value)) {
            const Result<Quantity> as_made = evaluate(**recipe);
            if (as_made && as_made->unit) shown_unit = as_made->unit->label;
        }
    } else {
        shown_unit = need(optional_text(unit, "unit", "", "million hour"));
    }
    Readings r;
    if (split.columns.empty()) {
        r.values.push_back(need(evaluate_with_pairs(e, shown_unit, pairs, options)));
        return r;
    }
    ColumnResult column = need(column_results(e, split.columns, shown_unit, pairs, options.mode, false));
    r.values = std::move(column.values);
    if (!column.is_column) return r;
    for (std::size_t k = 0; k < r.values.size(); ++k) r.rows.push_back(split.columns.front().rows[k].row);
    r.row_count = split.rows;
    return r;
}

// A core error about the picture, named for the sheet function.
template <class T>
T drawn(std::string_view function, Result<T> result) {
    if (!result) {
        Error e = std::move(result.error());
        if (e.sheet_function.empty()) e = naming_call(function, std::move(e));
        throw ErrorException(std::move(e));
    }
    return std::move(*result);
}

}  // namespace

Result<SheetValue> typed::qty_spark_cells(std::string_view function, const Arg& value, const Arg& unit,
                                          std::size_t width, std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> {
        HeldRecipes held;
        const Readings r = readings(held, value, unit, pairs);
        if (r.rows.empty()) return SheetValue{drawn(function, sparkline(r.values.front(), width))};
        Table table{r.row_count, 1, {}};
        table.cells.resize(r.row_count);
        for (std::size_t k = 0; k < r.values.size(); ++k) {
            Result<std::string> line = sparkline(r.values[k], width);
            if (!line) line.error().row = static_cast<int>(r.rows[k]);
            table.cells[r.rows[k] - 1] = drawn(function, std::move(line));
        }
        return SheetValue{std::move(table)};
    });
}

Result<std::string> qty_spark(const Arg& value, const Arg& unit, const Arg& width, std::span<const Arg> pairs) noexcept {
    auto cells = qty_spark_cells(value, unit, width, pairs);
    if (!cells) return std::unexpected(std::move(cells.error()));
    if (auto* text = std::get_if<std::string>(&*cells)) return std::move(*text);
    const Table& table = std::get<Table>(*cells);
    for (const Cell& cell : table.cells)
        if (const auto* text = std::get_if<std::string>(&cell)) return *text;
    return std::string();
}

Result<SheetValue> typed::qty_bins(std::string_view function, const Arg& value, std::size_t bins, const Arg& unit,
                                   std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> {
        HeldRecipes held;
        const std::size_t count = bins;
        const Readings r = readings(held, value, unit, pairs);
        if (!r.rows.empty()) {
            throw ErrorException(call_error(function, " gives the bins of one result, but its names are bound to a column of " +
                                                           std::to_string(r.values.size()) + " runs, one result each.",
                                            "Draw one run, or their total: sum(...) of the expression over the column."));
        }
        const Quantity& q = r.values.front();
        const std::vector<HistogramBin> drawn_bins = drawn(function, histogram_bins(q, count));
        // The edges in the unit the result is shown in (the unit argument, or `as` in the expression), as QTYVALUE
        // gives its numbers; SI base units without one.
        const std::string shown = q.unit ? q.unit->label : std::string{};
        // value_in's arithmetic (in_unit of the result's own unit) without a copy of the result for each edge; an
        // edge beyond double precision in that unit takes value_in for its sentence.
        const auto in_shown = [&](double x) {
            const double in = q.unit ? in_unit(x, *q.unit) : x;
            if (std::isfinite(in)) return in;
            Quantity edge = q;
            edge.low = edge.central = edge.high = x;
            return need(value_in(edge, shown, Part::central));
        };
        Table table{count, 4, {}};
        table.cells.reserve(count * 4);
        for (const HistogramBin& bin : drawn_bins) {
            table.cells.emplace_back(in_shown(bin.lower));
            table.cells.emplace_back(in_shown(bin.upper));
            table.cells.emplace_back(bin.probability);
            table.cells.emplace_back(bin.cumulative);
        }
        return SheetValue{std::move(table)};
    });
}

}  // namespace ballpark::sheet
