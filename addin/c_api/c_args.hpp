// The tagged values of the C interface (ballpark_c.h) read as the sheet layer's arguments, as uno_args.cpp reads
// Calc's UNO values for the C++ component: a range of one cell is that cell, a range of none is empty.
#pragma once

#include <cstddef>

#include "ballpark/error.hpp"
#include "ballpark_c.h"
#include "sheet_functions.hpp"

namespace ballpark::c_api {

// Argument `position` (0-based, for the sentence) of a call; an error for a kind that is none of the interface's
// or a range inside a range.
Result<sheet::Arg> to_arg(const ballpark_value& value, std::size_t position);

}  // namespace ballpark::c_api
