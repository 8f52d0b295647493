// A column of models in one evaluation: names bound to a column give one binding per row, names bound to one value
// are shared by every row, and the expression is a column of results, one per row. The aggregates sum, max, min
// and mean of an expression that reads a column reduce over its rows, the shared inputs one input across all the
// rows (dependency-aware bounds; one variable in the distribution reading), as the results of a plan built one cell
// per step combine (linked.hpp).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "ballpark/mode.hpp"

namespace ballpark {

// A name bound to a column: one binding per row, in order, with the blank rows already left out. Each row's
// binding has the column's name and its `row` set (the row of the range, for sentences and for identity), and
// every column of one evaluation has the same rows.
struct ColumnInput {
    std::string_view name;
    std::vector<Binding> rows;
};

struct ColumnResult {
    // One result per row, or a single one when every use of a column is inside an aggregate ("sum(p * t)").
    std::vector<Quantity> values;
    std::vector<RecipeRef> recipes;  // when asked for: the recipe of each value (null for a text declaring units)
    bool is_column = false;
};

// Evaluates `expression` over the rows: sum(x), max(x), min(x) and mean(x) whose argument reads a column reduce
// over the rows (max and min and sum also over further arguments); elsewhere they are the language's functions
// (mean(x) of a value that reads no column is the mean of its distribution). An error in one row names it ("Row 3:
// …"). `unit` as in evaluate_in.
Result<ColumnResult> evaluate_column(std::string_view expression, std::span<const Binding> shared,
                                     std::span<const ColumnInput> columns, std::string_view unit, Mode mode,
                                     bool with_recipes) noexcept;

}  // namespace ballpark
