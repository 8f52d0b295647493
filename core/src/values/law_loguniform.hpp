// loguniform(low, high): every order of magnitude between low and high equally likely, ln X uniform between ln low
// and ln high (@RISK's, Crystal Ball's and Guesstimate's log-uniform), for a quantity known only to within some
// powers of ten. Its quantile function is closed-form, Q(p) = low (high / low)^p, computed as
// e^(ln low + p (ln high - ln low)) so that no power overflows. Its law (law.hpp): support [low, high], which the
// bounds readings give with central value the median, sqrt(low high), the geometric mean (as a uniform's central
// value is its median); the 90% reading samples Q.
#pragma once

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/text.hpp"
#include "values/law.hpp"

namespace ballpark {

struct LoguniformLaw {
    static constexpr LawSignature signature{
        "loguniform", {"low", "high"}, 0, 1, "loguniform(1 GB, 1 TB)",
        "Give low and high as plain numbers: the log-uniform distribution itself is the uncertainty."};

    // The p-quantile of loguniform(low, high), 0 < low <= high, 0 <= p <= 1.
    static double quantile(double low, double high, double p) {
        const double log_low = std::log(low);
        return std::clamp(std::exp(log_low + p * (std::log(high) - log_low)), low, high);
    }

    static Law law(std::span<const double> x, int column, const std::string& at) {
        const double low = x[0], high = x[1];
        if (!(low > 0)) {
            fail_about(ErrorKind::domain, "loguniform",
                       "\"loguniform\" needs a low end above zero, but" + at + " it is " + plain_text(low) + ".",
                       column,
                       "A log-uniform spreads evenly over the logarithm, which zero and below do not have: give a low "
                       "end above zero, or write uniform(low, high).");
        }
        if (!(low <= high)) {
            fail_about(ErrorKind::range_order, "loguniform",
                       "\"loguniform\" needs low <= high, but" + at + " low is " + plain_text(low) + " and high is " +
                           plain_text(high) + ".",
                       column, "Swap the two arguments.");
        }
        Law law;
        law.name = "loguniform";
        law.call = law_call("loguniform", {low, high});
        law.low = low;
        law.high = high;
        // As a product of roots, so that it cannot overflow.
        law.central = law.median = std::sqrt(low) * std::sqrt(high);
        law.quantile = [low, high](double p) { return quantile(low, high, p); };
        return law;
    }
};

}  // namespace ballpark
