// What the public API hands out: a range of values in SI base units, its dimension, and how to show it.
#pragma once

#include <memory>
#include <string>

#include "ballpark/dimension.hpp"

namespace ballpark {

// A unit chosen for display, such as "million hour": its text and its size in SI base units.
struct DisplayUnit {
    std::string label;
    double factor = 1.0;
    Dimension dimension;
};

struct Quantity {
    double low = 0;      // guaranteed lower bound, in SI base units of `dimension`
    double central = 0;  // the expression evaluated at its inputs' central values
    double high = 0;     // guaranteed upper bound
    Dimension dimension;
    std::shared_ptr<const DisplayUnit> unit;  // set by `as`; null means "choose a unit by dimension"

    // False when low and high agree to about one part in a billion (outward rounding leaves a few ulps).
    bool is_range() const;
};

}  // namespace ballpark
