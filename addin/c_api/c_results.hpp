// The sheet layer's values as results of the C interface (ballpark_c.h): a number, a text, an error's sentence, or an
// array of cells, each in memory of this library that ballpark_result_free gives back.
#pragma once

#include <string_view>

#include "ballpark_c.h"
#include "sheet_functions.hpp"

namespace ballpark::c_api {

// Each writes the whole of `*result` and returns its kind. When memory runs out, the result is an error, whose text
// is NULL if even the sentence could not be kept.
int32_t set_text(ballpark_result* result, int32_t kind, std::string_view text) noexcept;
int32_t set_error(ballpark_result* result, std::string_view sentence) noexcept;
// A number, a text, or an array: a row of numbers (several parts) is an array of one row, a table one of its rows ×
// columns with the blank rows' cells empty.
int32_t set_value(ballpark_result* result, const sheet::SheetValue& value) noexcept;

}  // namespace ballpark::c_api
