// Checks the evaluator makes on a value before an operation, for any value type: they see only the numbers a
// value type reports (low/central/high, or its support), so one sentence serves every mode. Their errors are of
// kind domain, and say where by the Place the evaluator gives.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "ballpark/text.hpp"

namespace ballpark {

// The user function whose body the evaluator is evaluating on this thread, empty on the user's line: the columns
// it hands a value type there are columns of that body's text. Set only by the evaluator (Evaluator::in_body).
inline thread_local std::string_view body_in_evaluation;

// Where a sentence says a value is: on the user's line a column; inside a user function's body the function,
// since a column there would point into a text the reader is not looking at.
struct Place {
    int column = 0;
    std::string_view body = {};  // the function whose body holds the value; empty on the user's line

    // The column of the text being evaluated, in the body the evaluator is in, if any: what a value type knows.
    Place(int column) : column(column), body(body_in_evaluation) {}  // NOLINT: implicit, a column is a place
    Place(int column, std::string_view body) : column(column), body(body) {}

    // " at column 7", or " in the body of "f"".
    std::string at() const {
        if (!body.empty()) return " in the body of " + in_quotes(body);
        return " at column " + std::to_string(column);
    }
    // The same in parentheses: " (column 7)", or " (in the body of "f")".
    std::string in_parentheses() const {
        if (!body.empty()) return " (in the body of " + in_quotes(body) + ")";
        return " (column " + std::to_string(column) + ")";
    }
};

// A domain error about `function` at `column`.
[[noreturn]] inline void fail_domain(std::string message, std::string_view function, int column, std::string hint = {}) {
    Error error{std::move(message), column, std::move(hint), ErrorKind::domain};
    error.function = std::string(function);
    fail(std::move(error));
}

// The hint of a bounds reading's refusal of normal and lognormal: what it can read instead.
inline constexpr const char* no_bounds_hint = "A range such as \"1 to 3\" has bounds.";

// An error of kind needs_distribution: `function` ("normal", "mean") has no answer in the reading of the ranges
// in use; the distribution mode has one.
[[noreturn]] inline void fail_needs_distribution(std::string message, std::string_view function, int column,
                                                 std::string hint = {}) {
    Error error{std::move(message), column, std::move(hint), ErrorKind::needs_distribution};
    error.mode = distribution_mode();
    error.function = std::string(function);
    fail(std::move(error));
}

// How many ulps of max(1, |low|, |high|) an exponent may span and still be one number: a few operations'
// outward rounding (1/3 is one ulp wide, 1/3 * 1/4 a few); a range anyone types is far wider.
inline constexpr int exponent_rounding_ulps = 16;

// An exponent must be one number, but a computed one such as 1/3 is an outward-rounded range a few ulps wide.
// Returns the central value when [low, high] is no wider than rounding leaves; fails otherwise.
inline double point_exponent(double low, double central, double high, const Place& place) {
    if (low == high) return central;
    const double scale = std::max({1.0, std::abs(low), std::abs(high)});
    if (high - low <= exponent_rounding_ulps * std::numeric_limits<double>::epsilon() * scale) return central;
    fail_domain("An exponent must be a single number, not a range" + place.in_parentheses() + ".", "^", place.column);
}

// The domain of a logarithm, by the support of its argument: fails with a sentence naming `function` ("ln",
// "log10") unless every value is above zero. ln(exp(-800)) is refused too, but not as "negative": exp(-800) is
// positive but below the smallest double (4.9 × 10⁻³²⁴), so its guaranteed low bound is 0, and no finite number
// bounds the logarithm of [0, 4.9 × 10⁻³²⁴] from below. The hint says so.
inline void check_log_domain(std::string_view function, double support_low, double support_high, const Place& place) {
    if (support_low > 0) return;
    const int column = place.column;
    const std::string name = in_quotes(function);
    if (support_low == support_high) fail_domain(name + " needs a value above zero" + place.in_parentheses() + ".", function, column);
    const std::string start = name + " needs a value above zero, but the value" + place.at() + " can be as low as ";
    if (support_low < 0) fail_domain(start + format_number(support_low, 3) + ".", function, column);
    fail_domain(start + "0, where the logarithm has no lower bound.", function, column,
         "If it is a positive number too small for a double (below 4.9 × 10⁻³²⁴, as exp of anything below about -745 "
         "is), take the logarithm first: ln(exp(x)) is x.");
}

}  // namespace ballpark
