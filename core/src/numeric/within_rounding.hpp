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

}  // namespace ballpark
