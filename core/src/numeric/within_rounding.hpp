// Whether two numbers differ only by the rounding of a few floating-point operations.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

namespace ballpark {

// 0.1 + 0.2 is 0.30000000000000004, one unit in the last place above 0.3: `0.1+0.2 to 0.3` (a cell `=0.1+0.2`
// beside 0.3) was meant as a range that does not go down. Four units in the last place allow for a few
// operations' rounding and for nothing a person could write on purpose.
inline bool within_rounding(double a, double b) {
    return std::abs(a - b) <= 4 * std::numeric_limits<double>::epsilon() * std::max(std::abs(a), std::abs(b));
}

// The same allowance for a difference already computed, of numbers of the size `magnitude`: whether it is zero up
// to their rounding. P(0.1 + 0.2 <= 0.3) subtracts 0.3 from 0.30000000000000004 and finds 5.6e-17, which is the
// literals' rounding and not a difference anyone wrote: in exact decimals the sides are equal. Two decimals of 15
// significant digits that differ differ by more than this, and Calc's own comparisons (rtl::math::approxEqual,
// 2^-48 of the size) allow more.
inline bool difference_within_rounding(double difference, double magnitude) {
    return std::abs(difference) <= 4 * std::numeric_limits<double>::epsilon() * std::abs(magnitude);
}

}  // namespace ballpark
