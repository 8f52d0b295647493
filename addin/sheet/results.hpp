// What a sheet function hands back to a cell: a result as its text, marked with the key of its recipe, and a
// number a spreadsheet can hold.
#pragma once

#include <string>

#include "ballpark/api.hpp"
#include "ballpark/linked.hpp"
#include "sheet_functions.hpp"

namespace ballpark::sheet::detail {

// A result as the text of a cell: as printed, and marked with the key of its recipe, so that a Ballpark formula
// that reads the cell reads the result itself. A result that no recipe can hold (a text that declares its own
// units) is its text alone, and reads as it prints.
std::string result_text(const Quantity& q, Result<RecipeRef> recipe, int digits = 0);
// The same result as one cell's value: its text and its key apart (KeyedResult), or its text alone when no recipe
// holds it. joined() of it is result_text's.
SheetValue result_value(const Quantity& q, Result<RecipeRef> recipe);

// Calc shows an infinite result as #NUM! with no reason, so an overflow becomes an error with a sentence.
Result<double> finite(Result<double> value);

}  // namespace ballpark::sheet::detail
