#include "columns.hpp"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "arguments.hpp"
#include "declarations.hpp"
#include "ballpark/text.hpp"
#include "number_texts.hpp"
#include "pairs.hpp"

namespace ballpark::sheet::detail {
namespace {

// A range of several rows is a column of models whatever else the call binds: one value (N×1), a low and a high
// (N×2) or a low, central and high (N×3) per row, for any N from 2. One quantity's low and high are a row (1×2,
// 1×3). A 2×1 or 3×1 range was once read as a range unless a longer column stood beside it, which turned a plan of
// three models into one model's number shown on every row.
bool is_column_shape(const Cells& r) { return r.rows >= 2 && r.columns >= 1 && r.columns <= 3; }

// One row of a column as a binding at the end of `rows`: one cell, or the row's 2 or 3 cells as low, (central,)
// high. Made where it stays: a Binding is large, and a column has thousands.
void add_row_binding(HeldRecipes& held, std::vector<Binding>& rows, std::string_view name, const Cells& range, std::size_t k,
                     const Expectation* expected) {
    const std::size_t n = range.columns;
    const Cell* cells = &range.cells[k * n];
    for (std::size_t j = 0; j < n; ++j) {
        if (!is_empty(cells[j])) continue;
        // The sentence only when there is one: every row of a column is checked, and a sentence made for each
        // would be paid by every row.
        const std::string row = "Row " + std::to_string(k + 1) + " of the columns: ";
        throw ErrorException(error(ErrorKind::argument, row + (n == 1 ? "the value of " + in_quotes(name) + " is empty"
                                                 : "the value of " + in_quotes(name) + " has its cell " + std::to_string(j + 1) +
                                                       " of " + std::to_string(n) + " empty") +
                                       ", but other cells of the row are filled: each cell must hold a number or a quantity text.",
                                   "Fill the row, or empty the whole row to leave it out."));
    }
    Binding& b = rows.emplace_back(name, cell_input(held, cells[0]));
    if (n > 1) {
        b.high = cell_input(held, cells[n - 1]);
        if (n == 3) b.central = cell_input(held, cells[1]);
        b.ends_are_cells = true;
    }
    b.row = k + 1;
    b.expected = expected;
}

}  // namespace

Result<SplitPairs> split_pairs(HeldRecipes& held, std::span<const Arg> pairs) {
    if (auto even = even_pairs(pairs); !even) return std::unexpected(std::move(even.error()));
    // Each pair's name, read once: those bound to a range of a column's shape first, to find the columns' rows, the
    // others as their values are read, so that of two mistakes the earlier pair's is told.
    boost::container::small_vector<std::optional<DeclaredName>, 8> names(pairs.size() / 2);
    const auto name_of = [&](std::size_t i) -> const DeclaredName& {
        std::optional<DeclaredName>& name = names[i / 2];
        if (!name) name = pair_name(pairs, i);
        return *name;
    };
    // The pair "correlation" takes a matrix, whatever its shape: never a column (pairs.cpp).
    const auto column = [&](std::size_t i) -> const Cells* {
        const auto* range = std::get_if<Cells>(&pairs[i + 1]);
        return range && is_column_shape(*range) && name_of(i).name != "correlation" ? range : nullptr;
    };
    // The rows of the columns: every range of a column's shape must have them.
    std::optional<std::size_t> rows;
    std::string_view first;
    for (std::size_t i = 0; i < pairs.size(); i += 2) {
        const Cells* range = column(i);
        if (!range) continue;
        const std::string_view name = name_of(i).name;
        if (rows && *rows != range->rows) {
            return std::unexpected(error(ErrorKind::argument, "The columns differ in length: " + in_quotes(first) + " has " + std::to_string(*rows) +
                                             " rows, but " + in_quotes(name) + " has " + std::to_string(range->rows) + ".",
                                         "Bind every column to the same rows, as A5:A30 and B5:C30."));
        }
        rows = range->rows;
        first = name;
    }
    SplitPairs out;
    out.shared.reserve(pairs.size() / 2);
    std::vector<std::pair<std::string_view, const Cells*>> columns;
    std::vector<const Expectation*> declared;  // each column's declaration (pair_name), or null
    for (std::size_t i = 0; i < pairs.size(); i += 2) {
        const DeclaredName& name = name_of(i);
        if (const Cells* range = rows ? column(i) : nullptr) {
            columns.emplace_back(name.name, range);
            declared.push_back(name.expected);
        } else {
            out.shared.push_back(pair_binding(held, name.name, pairs[i + 1]));
            out.shared.back().expected = name.expected;
        }
    }
    if (!rows) return out;
    out.rows = *rows;
    out.columns.resize(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c) {
        out.columns[c].name = columns[c].first;
        // Room for every row at once: a Binding is large and not trivially moved, and growing the vector as the
        // rows come moves each one again.
        out.columns[c].rows.reserve(*rows);
    }
    for (std::size_t k = 0; k < *rows; ++k) {
        const bool blank = std::ranges::all_of(columns, [&](const auto& column) {
            const Cells& r = *column.second;
            return std::all_of(r.cells.begin() + static_cast<std::ptrdiff_t>(k * r.columns),
                               r.cells.begin() + static_cast<std::ptrdiff_t>((k + 1) * r.columns),
                               [](const Cell& cell) { return is_empty(cell); });
        });
        if (blank) continue;
        for (std::size_t c = 0; c < columns.size(); ++c) add_row_binding(held, out.columns[c].rows, columns[c].first, *columns[c].second, k, declared[c]);
    }
    if (out.columns.front().rows.empty()) {
        return std::unexpected(error(ErrorKind::argument, "Every row of the columns is empty (" + std::to_string(*rows) + " rows, bound to " +
                                     in_quotes(first) + " and the other columns), so there is nothing to compute."));
    }
    return out;
}

Result<ColumnResult> column_results(const Expression& e, std::span<const ColumnInput> columns, std::string_view unit,
                                    std::span<const Arg> pairs, Mode mode, bool with_recipes) {
    auto r = evaluate_column(e.text, e.bindings, columns, unit, mode, with_recipes);
    if (!r) {
        if (has_decimal_comma(e.text)) r.error().hint = trim_join(std::string(decimal_comma_hint), r.error().hint);
        else add_comma_hint(pairs, r.error());
        add_byte_hint(pairs, r.error());
    }
    return r;
}

}  // namespace ballpark::sheet::detail
