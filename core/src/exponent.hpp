// The exponent of a power must be one number. Arithmetic that rounds outward turns 1/3 into a range one ulp
// wide, so an exponent whose bounds lie within a few ulps of its central value counts as that single number:
// `8^(1/3)` and `1.07^(1/12)` are the roots people mean.
#pragma once

#include <cmath>
#include <string>

#include "ballpark/error.hpp"

namespace ballpark {

// How many units in the last place an exponent may spread and still count as one number. Each outward-rounded
// operation adds at most one ulp on each side, so 16 leaves room for a short chain such as (1/3) * 2 + 1/12.
inline constexpr double exponent_ulps_tolerated = 16;

inline double single_exponent(double low, double central, double high, bool is_point, int column) {
    if (is_point) return central;
    const double scale = std::max({std::abs(low), std::abs(high), std::numeric_limits<double>::min()});
    const double ulp = scale * std::numeric_limits<double>::epsilon();
    if (high - low <= exponent_ulps_tolerated * ulp) return central;
    fail("An exponent must be a single number, not a range (column " + std::to_string(column) + ").", column);
}

}  // namespace ballpark
