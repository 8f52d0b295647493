// The refusals of the named distributions without bounds, normal and lognormal, in the readings that give
// guaranteed bounds (interval.hpp, affine_bounds.hpp).
#pragma once

#include <string>

#include "ballpark/error.hpp"

namespace ballpark {

[[noreturn]] inline void fail_without_bounds(const std::string& sentence, int column) {
    fail(sentence + " (column " + std::to_string(column) + ").", column,
         "Use --mode=dist for percentiles, or a range such as \"1 to 3\".");
}

[[noreturn]] inline void fail_normal_has_no_bounds(int column) {
    fail_without_bounds("\"normal\" has no bounds: a normal distribution can take any value, so it cannot give "
                        "guaranteed bounds",
                        column);
}

[[noreturn]] inline void fail_lognormal_has_no_bounds(int column) {
    fail_without_bounds("\"lognormal\" has no upper bound: a lognormal distribution can take any large value, so "
                        "there are no bounds to guarantee",
                        column);
}

}  // namespace ballpark
