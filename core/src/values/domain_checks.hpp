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
// "log10") unless every value is above zero. ln(exp(-800)) is refused too, but not as "negative": exp(-800) is
// positive but below the smallest double (4.9 × 10⁻³²⁴), so its guaranteed low bound is 0, and no finite number
// bounds the logarithm of [0, 4.9 × 10⁻³²⁴] from below. The hint says so.
inline void check_log_domain(std::string_view function, double support_low, double support_high, int column) {
    if (support_low > 0) return;
    const std::string name = "\"" + std::string(function) + "\"";
    if (support_low == support_high) fail(name + " needs a value above zero (column " + std::to_string(column) + ").", column);
    const std::string start = name + " needs a value above zero, but the value at column " + std::to_string(column) + " can be as low as ";
    if (support_low < 0) fail(start + format_number(support_low, 3) + ".", column);
    fail(start + "0, where the logarithm has no lower bound.", column,
         "If it is a positive number too small for a double (below 4.9 × 10⁻³²⁴, as exp of anything below about -745 "
         "is), take the logarithm first: ln(exp(x)) is x.");
}

}  // namespace ballpark
