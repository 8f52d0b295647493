// QTY and QTYDIST: an expression's result as the text of a cell, in the bounds reading and in the distribution
// reading, over one model or a column of them; and QTYDIM, its dimension.
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "ballpark/dimension.hpp"
#include "ballpark/linked.hpp"
#include "columns.hpp"
#include "pairs.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;
namespace {

// The result of a number given as the expression, with no pairs and no unit (`=QTY(A1)` down a column): the number
// itself as a quantity without a dimension, as the evaluator gives it in every mode (a point, whose text has no
// reading's label), with the key of the recipe that evaluating "value" bound to it writes. Null otherwise.
std::optional<SheetValue> number_result(const Arg& expression, const Arg& unit, std::span<const Arg> pairs, Mode mode) {
    const double* number = std::get_if<double>(&expression);
    if (!number || !std::isfinite(*number) || !pairs.empty() || !is_empty(unit)) return std::nullopt;
    Quantity q;
    q.low = q.central = q.high = *number;
    q.ends = mode_info(mode).results;
    const Binding value{"value", *number};
    return result_value(q, expression_recipe("value", std::span(&value, 1), "", mode));
}

// QTY's and QTYDIST's result: one text with its key, or a column of texts, each marked with the key of its own
// recipe.
SheetValue result_cells(const Arg& expression, const Arg& unit, std::span<const Arg> pairs, Mode mode) {
    if (std::optional<SheetValue> number = number_result(expression, unit, pairs, mode)) return std::move(*number);
    HeldRecipes held;
    SplitPairs split = need(split_pairs(held, pairs));
    const Expression e = need(expression_of(held, expression, std::move(split.shared)));
    std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
    if (split.columns.empty()) {
        // A result cell given as the expression, with no unit: the result in the unit its cell asked for, so that
        // QTYDIST(E5) shows E5's result in the 90% reading as E5 shows it in bounds.
        const Recipe* const* read = reads_one_result_alone(e) ? std::get_if<const Recipe*>(&e.bindings.front().value) : nullptr;
        if (unit_text.empty() && read && e.text == e.bindings.front().name) unit_text = recipe_unit(**read);
        EvaluationOptions options;
        options.mode = mode;
        const Quantity q = need(evaluate_with_pairs(e, unit_text, pairs, options));
        return result_value(q, expression_recipe(e.text, e.bindings, unit_text, mode));
    }
    const ColumnResult r = need(column_results(e, split.columns, unit_text, pairs, mode, true));
    if (!r.is_column) return result_value(r.values.front(), r.recipes.front());
    Table table{split.rows, 1, {}};
    table.cells.resize(split.rows);
    for (std::size_t k = 0; k < r.values.size(); ++k) {
        table.cells[split.columns.front().rows[k].row - 1] = result_text(r.values[k], r.recipes[k]);
    }
    return table;
}

// The text a single cell shows of a result: the first of a column.
Result<std::string> first_text(Result<SheetValue> value) {
    if (!value) return std::unexpected(std::move(value.error()));
    if (auto* keyed = std::get_if<KeyedResult>(&*value)) return joined(std::move(*keyed));
    if (auto* text = std::get_if<std::string>(&*value)) return std::move(*text);
    const Cell& first = std::get<Table>(*value).cells.front();
    if (const auto* text = std::get_if<std::string>(&first)) return *text;
    return std::string();  // a blank first row
}

}  // namespace

Result<SheetValue> typed::qty_cells(std::string_view, const Arg& expression, const Arg& unit,
                                    std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> { return result_cells(expression, unit, pairs, Mode{}); });
}

Result<std::string> qty(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return first_text(qty_cells(expression, unit, pairs));
}

Result<std::string> typed::qty_dim(std::string_view, const Arg& expression) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        HeldRecipes held;
        return dimension_name(need(evaluate_expression(held, expression, {})).dimension);
    });
}

Result<SheetValue> typed::qty_dist_cells(std::string_view, const Arg& expression, const Arg& unit,
                                         std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> { return result_cells(expression, unit, pairs, mode_info(Mode{}).percentiles_in); });
}

Result<std::string> qty_dist(const Arg& expression, const Arg& unit, std::span<const Arg> pairs) noexcept {
    return first_text(qty_dist_cells(expression, unit, pairs));
}

}  // namespace ballpark::sheet
