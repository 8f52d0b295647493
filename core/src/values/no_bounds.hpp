// The refusals of the named distributions without bounds, normal and lognormal, in the readings that give
// guaranteed bounds (interval.hpp, affine_bounds.hpp): one sentence each, of kind needs_distribution, so that each
// front end words how to ask for the distribution reading.
#pragma once

#include "values/domain_checks.hpp"

namespace ballpark {

[[noreturn]] inline void fail_normal_has_no_bounds(int column) {
    fail_needs_distribution("\"normal\" has no bounds: a normal distribution can take any value, so it cannot give "
                            "guaranteed bounds" + Place(column).in_parentheses() + ".",
                            "normal", column, no_bounds_hint);
}

[[noreturn]] inline void fail_lognormal_has_no_bounds(int column) {
    fail_needs_distribution("\"lognormal\" has no upper bound: a lognormal distribution can take any large value, so "
                            "there are no bounds to guarantee" + Place(column).in_parentheses() + ".",
                            "lognormal", column, no_bounds_hint);
}

}  // namespace ballpark
