// QTYVALUE: numbers of an expression's result, one per part asked for ("central", "low high", "p5 median p95"), over
// one model or a column of them.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "columns.hpp"
#include "pairs.hpp"
#include "parts.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;

Result<double> qty_value(const Arg& expression, const Arg& unit, const Arg& part,
                         std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<double> {
        HeldRecipes held;
        const Pick which = need(optional_pick(part));
        const Expression e = expression_with_pairs(held, expression, pairs);
        const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
        const Quantity q = need(evaluate_with_pairs(e, unit_text, pairs, options_for(which)));
        // The number is in the unit the result is shown in (`as million hour` or the unit argument), so the
        // cell agrees with QTY; without one it is in SI base units.
        const std::string shown = q.unit ? q.unit->label : std::string{};
        return finite(value_in(q, shown, which));
    });
}

Result<SheetValue> typed::qty_value_cells(std::string_view, const Arg& expression, const Arg& unit,
                                          std::vector<Pick> part, std::span<const Arg> pairs) noexcept {
    return capture_errors([&]() -> Result<SheetValue> {
        // Most cells ask for the central value (no parts): one pick, with nothing allocated.
        const Pick central{};
        const std::span<const Pick> picks = part.empty() ? std::span(&central, 1) : std::span<const Pick>(part);
        HeldRecipes held;
        SplitPairs split = need(split_pairs(held, pairs));
        const Expression e = need(expression_of(held, expression, std::move(split.shared)));
        const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
        const auto number = [&](const Quantity& q, const Pick& which) {
            const std::string_view shown = q.unit ? std::string_view(q.unit->label) : std::string_view{};
            return need(finite(value_in(q, shown, which)));
        };
        if (split.columns.empty() && picks.size() == 1) {
            const Pick& which = picks.front();
            return SheetValue{number(need(evaluate_with_pairs(e, unit_text, pairs, options_for(which))), which)};
        }
        // One evaluation per mode the parts need (options_for): bounds for low, central and high, the distribution
        // for percentiles and the mean.
        std::optional<std::vector<Quantity>> readings[mode_count];
        bool is_column = false;
        const auto reading = [&](const Pick& which) -> const std::vector<Quantity>& {
            std::optional<std::vector<Quantity>>& r = readings[static_cast<std::size_t>(options_for(which).mode)];
            if (r) return *r;
            if (split.columns.empty()) {
                r.emplace(1, need(evaluate_with_pairs(e, unit_text, pairs, options_for(which))));
            } else {
                ColumnResult column = need(column_results(e, split.columns, unit_text, pairs, options_for(which).mode, false));
                is_column = column.is_column;
                r = std::move(column.values);
            }
            return *r;
        };
        std::vector<double> row;
        for (const Pick& which : picks) row.push_back(number(reading(which).front(), which));
        if (!is_column) return row.size() == 1 ? SheetValue{row.front()} : SheetValue{std::move(row)};
        Table table{split.rows, picks.size(), {}};
        table.cells.resize(split.rows * picks.size());
        const std::size_t results = reading(picks.front()).size();
        for (std::size_t k = 0; k < results; ++k) {
            const std::size_t at = (split.columns.front().rows[k].row - 1) * picks.size();
            for (std::size_t j = 0; j < picks.size(); ++j) table.cells[at + j] = number(reading(picks[j])[k], picks[j]);
        }
        return SheetValue{std::move(table)};
    });
}

Result<std::vector<double>> qty_values(const Arg& expression, const Arg& unit, const Arg& part,
                                       std::span<const Arg> pairs) noexcept {
    auto value = qty_value_cells(expression, unit, part, pairs);
    if (!value) return std::unexpected(std::move(value.error()));
    if (const double* number = std::get_if<double>(&*value)) return std::vector<double>{*number};
    if (auto* row = std::get_if<std::vector<double>>(&*value)) return std::move(*row);
    // A column: its first row, as a single cell shows it (a blank first row: the first that is not).
    const Table& table = std::get<Table>(*value);
    std::size_t k = 0;
    while (k + 1 < table.rows && !std::holds_alternative<double>(table.cells[k * table.columns])) ++k;
    std::vector<double> first;
    for (std::size_t j = 0; j < table.columns; ++j) first.push_back(std::get<double>(table.cells[k * table.columns + j]));
    return first;
}

}  // namespace ballpark::sheet
