#include "pairs.hpp"

#include <charconv>
#include <string>
#include <utility>

#include "arguments.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text.hpp"
#include "declarations.hpp"
#include "number_texts.hpp"

namespace ballpark::sheet::detail {
namespace {

// A name bound to a range of 2 cells (low, high) or 3 cells (low, central, high), handed to the core as values.
Result<Binding> range_binding(HeldRecipes& held, std::string_view name, const Cells& range) {
    const RangeCells ends = need(range_cells(range, "The value of " + in_quotes(name)));
    Binding b{name, cell_input(held, *ends.low), cell_input(held, *ends.high)};
    if (ends.central) b.central = cell_input(held, *ends.central);
    b.ends_are_cells = true;
    return b;
}

// The pair named "correlation" given a matrix range, names in its first row and first column and rank correlations
// inside, as the text of pairs the core reads ("a, b: 0.5; a, c: -0.3; ..."): the core takes no cells for it.
// The text lives per thread until the next such matrix, which is past this call's use of its bindings (a result
// keeps copies of its texts).
std::string_view correlation_matrix_text(const Cells& m) {
    const std::size_t n = m.rows - 1;
    const auto cell = [&m](std::size_t i, std::size_t j) -> const Cell& { return m.cells[i * m.columns + j]; };
    const auto name_at = [&](std::size_t i, std::size_t j) {
        const auto* t = std::get_if<std::string>(&cell(i, j));
        if (!t || t->empty()) {
            fail(error(ErrorKind::argument, "A correlation matrix has the names in its first row and first column, but its cell " +
                           std::to_string(i * m.columns + j + 1) + " there is not a name.",
                       "Put the names across the top and down the left, in the same order, and the top-left cell empty."));
        }
        return std::string_view(*t);
    };
    if (m.rows != m.columns || m.rows < 3) {
        fail(error(ErrorKind::argument, "The value of \"correlation\" is a square range with the names in its first row and column, but "
                       "it is " + range_size(m) + ".",
                   "Give the matrix with its names, as A1:C3 for two inputs, or a text such as \"u, price: -0.5\"."));
    }
    static PerThread<std::string> texts;
    std::string& text = texts.get();
    text.clear();
    for (std::size_t i = 1; i <= n; ++i) {
        if (name_at(0, i) != name_at(i, 0)) {
            fail(error(ErrorKind::argument, "The names of a correlation matrix must be in the same order across the top and down the left, "
                           "but the top has " + in_quotes(name_at(0, i)) + " where the left has " + in_quotes(name_at(i, 0)) + "."));
        }
        for (std::size_t j = 1; j < i; ++j) {
            if (name_at(0, j) == name_at(0, i)) {
                fail(error(ErrorKind::argument, "A correlation matrix names each input once, but " + in_quotes(name_at(0, i)) +
                               " heads two of its columns.",
                           "Give each input one row and one column."));
            }
        }
        for (std::size_t j = 1; j <= n; ++j) {
            const auto* r = std::get_if<double>(&cell(i, j));
            const auto* mirror = std::get_if<double>(&cell(j, i));
            if (!r || !mirror || (i == j && *r != 1) || *r != *mirror) {
                fail(error(ErrorKind::argument, "A correlation matrix holds numbers, 1 on its diagonal and the same on both sides of it, but the "
                               "entry of " + in_quotes(name_at(i, 0)) + " and " + in_quotes(name_at(0, j)) + " is " +
                               (!r ? std::string("not a number") : i == j ? "not 1" : "not the same as its mirror") + "."));
            }
            if (j > i) {
                char digits[32];
                const auto end = std::to_chars(digits, digits + sizeof digits, *r).ptr;  // shortest that reads back
                text += std::string(name_at(i, 0)) + ", " + std::string(name_at(0, j)) + ": " + std::string(digits, end) + "; ";
            }
        }
    }
    return text;
}

}  // namespace

DeclaredName pair_name(std::span<const Arg> pairs, std::size_t i) {
    const auto* name = std::get_if<std::string>(&pairs[i]);
    if (!name || name->empty()) {
        fail(error(ErrorKind::argument, "Pair " + std::to_string(i / 2 + 1) + " should start with a variable name as text, such as "
                   "\"params\", but it starts with " +
                   (name ? std::string("an empty text") : is_empty(pairs[i]) ? "nothing" : "a number") + "."));
    }
    return declared_name(*name);
}

Result<void> even_pairs(std::span<const Arg> pairs) {
    if (pairs.size() % 2 == 0) return {};
    const auto* name = std::get_if<std::string>(&pairs.back());
    return std::unexpected(error(ErrorKind::argument, "The name; value pairs are uneven: " +
                                 (name ? "the name " + in_quotes(*name) + " has no value after it." : "the last one has no name.")));
}

Binding pair_binding(HeldRecipes& held, std::string_view name, const Arg& value) {
    if (const auto* number = std::get_if<double>(&value)) return Binding{name, *number};
    if (is_empty(value)) fail(error(ErrorKind::argument, "The variable " + in_quotes(name) + " has no value: its cell is empty."));
    if (const auto* range = std::get_if<Cells>(&value); range && name == "correlation") {
        return Binding{name, text_input(held, correlation_matrix_text(*range))};
    }
    if (const auto* range = std::get_if<Cells>(&value)) {
        if (range->rows > 1 && range->columns > 3) {
            fail(error(ErrorKind::argument, "The value of " + in_quotes(name) + " is " + range_size(*range) +
                           ", but a range of cells must be 2 cells (low, high) or 3 cells (low, central, high) "
                           "in one row, or a column of rows of 1, 2 or 3 cells each.",
                       "Give the low and the high end in two adjacent cells, as in A1:B1, or one row per run."));
        }
        // Only QTY, QTYDIST and QTYVALUE compute columns (split_pairs); QTYSWING and QTYTOP get here with one.
        if (range->rows > 1) {
            fail(error(ErrorKind::argument, "The value of " + in_quotes(name) + " is " + range_size(*range) +
                           ", a column of models (one per row), but this function computes one model, so each name "
                           "takes one value or one row of cells.",
                       std::string(range_in_a_row_hint)));
        }
        return need(range_binding(held, name, *range));
    }
    return Binding{name, text_input(held, std::get<std::string>(value))};
}

Result<std::vector<Binding>> pair_bindings(HeldRecipes& held, std::span<const Arg> pairs) {
    std::vector<Binding> out;
    if (auto even = even_pairs(pairs); !even) return std::unexpected(std::move(even.error()));
    out.reserve(pairs.size() / 2);
    for (std::size_t i = 0; i < pairs.size(); i += 2) {
        const DeclaredName name = pair_name(pairs, i);
        out.push_back(pair_binding(held, name.name, pairs[i + 1]));
        out.back().expected = name.expected;
    }
    return out;
}

Expression expression_with_pairs(HeldRecipes& held, const Arg& expression, std::span<const Arg> pairs) {
    return need(expression_of(held, expression, need(pair_bindings(held, pairs))));
}

Result<Quantity> evaluate_with_pairs(const Expression& e, std::string_view unit, std::span<const Arg> pairs,
                                     const EvaluationOptions& options) {
    Result<Quantity> q = evaluate_expression(e, options, unit);
    if (!q) {
        add_comma_hint(pairs, q.error());
        add_byte_hint(pairs, q.error());
    }
    return q;
}

}  // namespace ballpark::sheet::detail
