// The refusal of a metalog without both bounds in the readings that give guaranteed bounds (interval.hpp,
// affine_bounds.hpp): a sentence of kind needs_distribution, so that each front end words how to ask for the
// distribution reading.
#pragma once

#include "values/domain_checks.hpp"
#include "values/metalog.hpp"

namespace ballpark {

// A metalog has bounds only when both were given; with one or none it reaches without end on that side.
[[noreturn]] inline void fail_metalog_has_no_bounds(const Metalog& fit, int column) {
    const char* missing = fit.bounded_below() ? "upper bound" : fit.bounded_above() ? "lower bound" : "lower or upper bound";
    fail_needs_distribution(std::string("\"metalog\" without both bounds has no ") + missing +
                                ": it can take any value beyond its 10th and 90th percentiles, so it cannot give "
                                "guaranteed bounds" + Place(column).in_parentheses() + ".",
                            "metalog", column,
                            "Give a lower and an upper bound after the three numbers, as in metalog(25%, 40%, 60%, 0, 1), "
                            "for bounds from low to high.");
}

}  // namespace ballpark
