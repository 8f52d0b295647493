// QTYPROB: the chance that a value is at most a threshold, P(value <= threshold), in the 90% reading (each range a
// lognormal or normal whose 5th and 95th percentiles are its ends, as QTYDIST reads it); one probability for each
// cell of a range of thresholds, which makes an exceedance table in one call. The value is evaluated once; each
// threshold is then one reading of its CDF (Spread::probability_at_most).
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "ballpark/dimension.hpp"
#include "ballpark/text.hpp"
#include "number_texts.hpp"
#include "pairs.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;

namespace {

// A number given for the threshold, in `unit` when one is given, else in the unit the value is shown in (its `as`
// unit, else SI base units: the unit QTYVALUE gives its numbers in), as SI base units.
double number_in_si(double x, const Quantity& value, std::string_view unit) {
    if (unit.empty()) return value.unit ? (x + value.unit->offset) * value.unit->factor : x;
    const Quantity shown = need(express_in(value, unit));
    return (x + shown.unit->offset) * shown.unit->factor;
}

// One threshold cell as SI base units of the value's dimension: a number (number_in_si), or a text that is a
// quantity of the value's dimension ("60 million USD"; a plain number in it reads as a number given), a single
// number rather than a range.
double threshold_in_si(std::string_view function, const Cell& cell, const Quantity& value, std::string_view unit) {
    if (const double* x = std::get_if<double>(&cell)) return number_in_si(*x, value, unit);
    const std::string& text = std::get<std::string>(cell);
    const Quantity t = need(evaluate_text(text));
    if (t.is_range()) {
        throw ErrorException(call_error(function,
            " needs a single number for the threshold, but " + in_quotes(text) + " is a range.",
            "Give the threshold alone, such as \"60 million USD\"; the value's ranges go in the value."));
    }
    if (t.dimension == value.dimension) return t.central;
    if (t.dimension.is_dimensionless()) return number_in_si(t.central, value, unit);
    throw ErrorException(naming_call(function, error(ErrorKind::dimension,
        std::string(function) + " compares the value, of dimension " + dimension_name(value.dimension) + ", with the threshold " +
            in_quotes(text) + ", of dimension " + dimension_name(t.dimension) + ": the two need the same dimension.")));
}

}  // namespace

Result<SheetValue> typed::qty_prob_cells(std::string_view function, const Arg& value, const Arg& threshold,
                                         const Arg& unit, std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> {
        HeldRecipes held;
        const std::string_view unit_text = need(optional_text(unit, "unit", "", "million USD"));
        EvaluationOptions options;
        options.mode = mode_info(options.mode).percentiles_in;
        // A result cell (a QTY cell of guaranteed bounds too) is its recipe, evaluated again in the 90% reading from
        // its inputs, as QTYDIST of the cell is: its chance is that of the same chain read as distributions.
        const Expression e = expression_with_pairs(held, value, pairs);
        Result<Quantity> evaluated = evaluate_expression(e, options);
        if (!evaluated) add_comma_hint(pairs, evaluated.error());
        const Quantity q = need(std::move(evaluated));
        if (!q.spread) {
            throw ErrorException(naming_call(function, error(ErrorKind::internal,
                std::string(function) + " got a value without a distribution from the " +
                    std::string(mode_info(distribution_mode()).label) + " reading.")));
        }
        const auto chance = [&](const Cell& cell) -> Cell {
            if (is_empty(cell)) return std::monostate{};
            const double t = threshold_in_si(function, cell, q, unit_text);
            return q.spread->probability_at_most(t);
        };
        if (const auto* range = std::get_if<Cells>(&threshold)) {
            Table table{range->rows, range->columns, {}};
            table.cells.reserve(range->cells.size());
            for (const Cell& cell : range->cells) table.cells.push_back(chance(cell));
            return SheetValue{std::move(table)};
        }
        if (is_empty(threshold)) {
            throw ErrorException(call_error(function,
                " needs a threshold, such as 60000000 or \"60 million USD\", and none was given."));
        }
        const Cell one = std::holds_alternative<double>(threshold) ? Cell{std::get<double>(threshold)}
                                                                   : Cell{std::get<std::string>(threshold)};
        return SheetValue{std::get<double>(chance(one))};
    });
}

}  // namespace ballpark::sheet
