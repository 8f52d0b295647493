// lognormal(median, sigma): ln X normal with mean ln median and standard deviation sigma, a plain number;
// Q(p) = median e^(sigma z(p)). Its law (law.hpp): support (0, inf), without an upper end, so the bounds readings
// refuse it with a sentence of their own; the 90% reading holds it in closed form (median e^(sigma Z) on the
// input's normal score), exact through products, quotients and powers.
#pragma once

#include <cmath>
#include <span>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "values/domain_checks.hpp"
#include "values/law.hpp"
#include "values/law_normal.hpp"

namespace ballpark {

// The bounds readings' refusal of lognormal.
[[noreturn]] inline void fail_lognormal_has_no_bounds(int column) {
    fail_needs_distribution("\"lognormal\" has no upper bound: a lognormal distribution can take any large value, so "
                            "there are no bounds to guarantee" + Place(column).in_parentheses() + ".",
                            "lognormal", column, no_bounds_hint);
}

// The law of lognormal(median, sigma), median > 0, sigma >= 0.
inline Law lognormal_law(double median, double sigma) {
    Law law;
    law.name = "lognormal";
    law.call = law_call("lognormal", {median, sigma});
    law.low = 0;
    law.ends_reached = false;
    law.central = law.median = median;
    law.quantile = [median, sigma](double p) { return median * std::exp(sigma * standard_normal_quantile(p)); };
    law.closed_form = Law::ClosedForm::lognormal;
    law.spread = sigma;
    law.refusal = [](int column) { fail_lognormal_has_no_bounds(column); };
    return law;
}

struct LognormalLaw {
    static constexpr LawSignature signature{
        "lognormal", {"median", "sigma"}, 5, 5, "lognormal(3 day, 0.5)",
        "Write it as a plain number, or combine ranges with arithmetic instead of nesting them.", 1};

    static Law law(std::span<const double> x, int column, const std::string&) {
        const double median = x[0], sigma = x[1];
        if (median <= 0) {
            fail_about(ErrorKind::domain, "lognormal",
                       "lognormal(median, sigma) needs a median above zero, but found " + format_number(median, 3, true) +
                           Place(column).in_parentheses() + ".",
                       column);
        }
        if (sigma < 0) {
            fail_about(ErrorKind::domain, "lognormal",
                       "lognormal(median, sigma) needs sigma >= 0, but found " + format_number(sigma, 3, true) +
                           Place(column).in_parentheses() + ".",
                       column);
        }
        return lognormal_law(median, sigma);
    }
};

}  // namespace ballpark
