// The column form of QTY, QTYDIST and QTYVALUE: names bound to a range of several rows, each row one model, split
// from the names every row shares, and the expression computed over the rows (ballpark/column.hpp).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "ballpark/api.hpp"
#include "ballpark/column.hpp"
#include "sheet_functions.hpp"
#include "text_inputs.hpp"

namespace ballpark::sheet::detail {

// The pairs of QTY, QTYDIST and QTYVALUE: the names every row shares, and the names bound to a column, each with
// one binding per row that is not blank.
struct SplitPairs {
    std::vector<Binding> shared;
    std::vector<ColumnInput> columns;
    std::size_t rows = 0;  // of the ranges, blank ones included
};

// The pairs split into those every row shares and the columns, one binding per row that is not blank in every
// column; a call without a column has its pairs all shared.
Result<SplitPairs> split_pairs(HeldRecipes& held, std::span<const Arg> pairs);

// The expression over the columns (column.hpp) in `unit` (the unit argument's text; empty: the core's choice), with
// the decimal-comma hint on an error where a text has one.
Result<ColumnResult> column_results(const Expression& e, std::span<const ColumnInput> columns, std::string_view unit,
                                    std::span<const Arg> pairs, Mode mode, bool with_recipes);

}  // namespace ballpark::sheet::detail
