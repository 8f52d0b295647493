// Ranges as Calc hands them to the sheet layer, for the tests that call sheet functions: a row of cells (a low and a
// high, or a low, central and high) and a column of them (a column of models); and the number a sheet function
// returned.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <variant>
#include <vector>

#include "sheet_functions.hpp"

namespace ballpark::testing {

using sheet::Cell;
using sheet::Cells;

inline Cells row(std::vector<Cell> cells) { return Cells{1, cells.size(), std::move(cells)}; }
inline Cells column(std::vector<Cell> cells) { return Cells{cells.size(), 1, std::move(cells)}; }

// The number a sheet function returned; NaN, with a test failure that gives the sentence, when it refused.
inline double value(const Result<double>& r) {
    EXPECT_TRUE(r) << r.error().sentence();
    return r ? *r : std::nan("");
}

// The number a sheet function of several kinds of result returned; NaN, with a test failure, when it refused or gave
// no number.
inline double number_of(const Result<sheet::SheetValue>& r) {
    EXPECT_TRUE(r) << (r ? "" : r.error().sentence());
    if (!r || !std::holds_alternative<double>(*r)) return NAN;
    return std::get<double>(*r);
}

}  // namespace ballpark::testing
