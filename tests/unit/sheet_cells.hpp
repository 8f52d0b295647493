// Ranges as Calc hands them to the sheet layer, for the tests that call sheet functions: a row of cells (a low and a
// high, or a low, central and high) and a column of them (a column of models).
#pragma once

#include <utility>
#include <vector>

#include "sheet_functions.hpp"

namespace ballpark::testing {

using sheet::Cell;
using sheet::Cells;

inline Cells row(std::vector<Cell> cells) { return Cells{1, cells.size(), std::move(cells)}; }
inline Cells column(std::vector<Cell> cells) { return Cells{cells.size(), 1, std::move(cells)}; }

}  // namespace ballpark::testing
