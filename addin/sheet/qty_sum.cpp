// QTYSUM: the total of a range of quantity cells, the core's sum of one term a cell, as the text of a cell.
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "number_texts.hpp"
#include "parts.hpp"
#include "results.hpp"
#include "sheet_functions.hpp"
#include "sheet_table_typed.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet {
using namespace detail;
namespace {

// The unit a total without a unit argument is shown in: the unit its cells are shown in, so that a column of
// GPU-hours in "million hour" totals in million hours, not in years. Only results asked in a unit say
// one; typed texts and numbers do not. When the cells' units differ, the largest: a total is at least its largest
// term, so it reads best there; of units of one size, the first. Empty when no cell says a unit (the core's
// choice), or when the units are of different kinds (the sum then says which cell does not fit).
std::string_view cells_unit(std::span<const Binding> terms) {
    std::string_view chosen;
    std::optional<Quantity> chosen_size;  // chosen's size, read once
    for (const Binding& b : terms) {
        const auto* recipe = std::get_if<const Recipe*>(&b.value);
        if (!recipe) continue;
        const std::string_view unit = recipe_unit(**recipe);
        if (unit.empty() || unit == chosen) continue;
        Result<Quantity> size = unit_quantity(unit);
        if (!size) continue;
        if (chosen_size && chosen_size->dimension != size->dimension) return {};
        if (!chosen_size || std::abs(size->central) > std::abs(chosen_size->central)) {
            chosen = unit;
            chosen_size = std::move(*size);
        }
    }
    return chosen;
}

}  // namespace

Result<std::string> typed::qty_sum(std::string_view function, const Arg& values, const Arg& unit,
                                   std::optional<Mode> reading) noexcept {
    return capture_errors([&]() -> Result<std::string> {
        HeldRecipes held;
        const std::string_view unit_text = need(optional_text(unit, "unit", "", "million hour"));
        const std::optional<Mode> asked = reading;
        // One cell comes as itself, several as a range; either way a list of cells.
        std::vector<Cell> single;
        const std::vector<Cell>* cells = &single;
        if (const auto* range = std::get_if<Cells>(&values)) {
            cells = &range->cells;
        } else if (const auto* number = std::get_if<double>(&values)) {
            single.emplace_back(*number);
        } else if (const auto* text = std::get_if<std::string>(&values)) {
            single.emplace_back(*text);
        }
        // Each cell is one term of the core's sum, named "Cell 3 of values" in its sentences; blank rows of a
        // budget are skipped, as SUM skips them. The sum keeps outward rounding and each range's shape (a printed
        // result read back keeps its central value). The names live in `names` while the core reads the terms.
        std::vector<std::string> names;
        std::vector<std::size_t> used;
        for (std::size_t i = 0; i < cells->size(); ++i) {
            if (is_empty((*cells)[i])) continue;
            used.push_back(i);
            names.push_back("Cell " + std::to_string(i + 1) + " of values");
        }
        if (used.empty()) {
            return std::unexpected(call_error(function, " needs at least one cell with a quantity, but every cell of values is empty."));
        }
        static const Expectation term = [] {
            Expectation e;
            e.dimension_hint = [](const Dimension&) {
                return std::string("A number is taken in the unit argument; give every cell the same kind of unit.");
            };
            return e;
        }();
        std::vector<Binding> terms;
        terms.reserve(used.size());
        for (std::size_t k = 0; k < used.size(); ++k) {
            Binding b{names[k], cell_input(held, (*cells)[used[k]]), std::nullopt, unit_text};
            b.expected = &term;
            terms.push_back(b);
        }
        // The reading asked; else the cells' own: results of QTYDIST cells are summed as 90% intervals, texts and QTY
        // results as bounds. Each result is its recipe, evaluated again in the total's reading, so one chain of QTY
        // cells totals in either reading; cells of two readings need the reading asked.
        EvaluationOptions options;
        if (asked) {
            options.mode = *asked;
        } else {
            const Result<Mode> own = mode_of_links(terms, Mode{});
            if (!own) {
                Error e = own.error();
                e.hint = "Give the reading to total in as QTYSUM's third argument: " + reading_words() + ".";
                throw ErrorException(std::move(e));
            }
            options.mode = *own;
        }
        Result<Quantity> total = sum(terms, options);
        if (!total) add_comma_hint(std::span(&values, 1), total.error());
        Quantity q = need(std::move(total));
        // Numbers are still taken in the unit argument alone; the cells' unit only chooses how the total is shown.
        const std::string_view shown_in = unit_text.empty() ? cells_unit(terms) : unit_text;
        if (!shown_in.empty()) q = need(express_in(q, shown_in));
        return result_text(q, sum_recipe(terms, shown_in, options.mode));
    });
}

}  // namespace ballpark::sheet
