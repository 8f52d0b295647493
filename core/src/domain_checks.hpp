// Checks the evaluator makes on a value before an operation, for any value type: they see only the numbers a
// value type reports (low/central/high, or its support), so one sentence serves every mode.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"

namespace ballpark {

// How many ulps of max(1, |low|, |high|) an exponent may span and still be one number: a few operations'
// outward rounding (1/3 is one ulp wide, 1/3 * 1/4 a few); a range anyone types is far wider.
inline constexpr int exponent_rounding_ulps = 16;

// An exponent must be one number, but a computed one such as 1/3 is an outward-rounded range a few ulps wide.
// Returns the central value when [low, high] is no wider than rounding leaves; fails otherwise.
inline double point_exponent(double low, double central, double high, int column) {
    if (low == high) return central;
    const double scale = std::max({1.0, std::abs(low), std::abs(high)});
    if (high - low <= exponent_rounding_ulps * std::numeric_limits<double>::epsilon() * scale) return central;
    fail("An exponent must be a single number, not a range (column " + std::to_string(column) + ").", column);
}

// The domain of a logarithm, by the support of its argument: fails with a sentence naming `function` ("ln",
// "log10") unless every value is above zero. A low end of exactly 0 gets its own sentence: a positive bound
// below the smallest double (4.9 × 10⁻³²⁴, as exp(-800) has) is held as 0, and the logarithm of such a range
// has no lower bound, so it is refused, but not as "negative".
inline void check_log_domain(std::string_view function, double support_low, double support_high, int column) {
    if (support_low > 0) return;
    const std::string name = "\"" + std::string(function) + "\"";
    const std::string where = " (column " + std::to_string(column) + ")";
    if (support_low == support_high) fail(name + " needs a value above zero" + where + ".", column);
    if (support_low < 0) {
        fail(name + " needs a value above zero, but the value" + where + " can be as low as " +
                 format_number(support_low, 3) + ".",
             column);
    }
    fail(name + " needs a value above zero, but the value" + where +
             " can be as low as 0, so its logarithm has no lower bound. A positive number below 4.9 × 10⁻³²⁴, the "
             "smallest double, is held as 0: exp of anything below about -745 is.",
         column, "ln(exp(x)) is x: take the logarithm before exponentiating.");
}

}  // namespace ballpark
