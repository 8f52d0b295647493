// normal(mean, sd): the normal distribution, Q(p) = mean + sd z(p) with z the standard normal's quantile. Its law
// (law.hpp): no end on either side, so the bounds readings refuse it with a sentence of their own; the 90% reading
// holds it in closed form (mean + sd Z on the input's normal score), exact through sums, differences and scalings.
#pragma once

#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <numbers>
#include <span>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "numeric/normal.hpp"
#include "values/domain_checks.hpp"
#include "values/law.hpp"

namespace ballpark {

// The standard normal's p-quantile, 0 < p < 1. The 5th and 95th percentiles are the correctly rounded z95, the
// constant `a to b` reads its ends with (erfc_inv gives them a few ulps off), so that the percentiles a tornado's
// bar reaches for normal(m, s) are m -/+ z95 s to the last digit.
inline double standard_normal_quantile(double p) {
    if (p == 0.05) return -z95;
    if (p == 0.95) return z95;
    return -std::numbers::sqrt2 * boost::math::erfc_inv(2 * p);
}

// The bounds readings' refusal of normal.
[[noreturn]] inline void fail_normal_has_no_bounds(int column) {
    fail_needs_distribution("\"normal\" has no bounds: a normal distribution can take any value, so it cannot give "
                            "guaranteed bounds" + Place(column).in_parentheses() + ".",
                            "normal", column, no_bounds_hint);
}

// The law of normal(mean, sd), sd >= 0.
inline Law normal_law(double mean, double sd) {
    Law law;
    law.name = "normal";
    law.call = law_call("normal", {mean, sd});
    law.central = law.median = mean;
    law.quantile = [mean, sd](double p) { return mean + sd * standard_normal_quantile(p); };
    law.closed_form = Law::ClosedForm::normal;
    law.spread = sd;
    law.refusal = [](int column) { fail_normal_has_no_bounds(column); };
    return law;
}

struct NormalLaw {
    static constexpr LawSignature signature{
        "normal", {"mean", "sd"}, 5, 5, "normal(3 day, 1 day)",
        "Write it as a plain number, or combine ranges with arithmetic instead of nesting them."};

    static Law law(std::span<const double> x, int column, const std::string&) {
        const double mean = x[0], sd = x[1];
        if (sd < 0) {
            fail_about(ErrorKind::domain, "normal",
                       "normal(mean, sd) needs sd >= 0, but found " + format_number(sd, 3, true) +
                           Place(column).in_parentheses() + ".",
                       column);
        }
        return normal_law(mean, sd);
    }
};

}  // namespace ballpark
