// triangular(low, mode, high): the density rises in a straight line from low to its peak at mode and falls in one
// to high, the three-point estimate of @RISK, Crystal Ball and Guesstimate. Its CDF is (x - low)^2 / ((high - low)
// (mode - low)) up to mode, so its quantile function is closed-form,
//   Q(p) = low + sqrt(p (high - low) (mode - low))            for p < F(mode) = (mode - low) / (high - low),
//   Q(p) = high - sqrt((1 - p) (high - low) (high - mode))    otherwise.
// Its law (law.hpp): support [low, high], which the bounds readings give with central value mode, the most likely
// value a planner typed (as pert's); the 90% reading samples Q.
#pragma once

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/text.hpp"
#include "values/law.hpp"

namespace ballpark {

struct TriangularLaw {
    static constexpr LawSignature signature{
        "triangular", {"low", "mode", "high"}, 0, 2, "triangular(2 day, 3 day, 6 day)",
        "Give low, mode and high as plain numbers: the triangular distribution itself is the uncertainty."};

    // The p-quantile of triangular(low, mode, high), low <= mode <= high, 0 <= p <= 1.
    static double quantile(double low, double mode, double high, double p) {
        const double width = high - low;
        if (!(width > 0)) return low;
        const double x = p * width < mode - low ? low + std::sqrt(p * width * (mode - low))
                                                : high - std::sqrt((1 - p) * width * (high - mode));
        return std::clamp(x, low, high);
    }

    static Law law(std::span<const double> x, int column, const std::string& at) {
        const double low = x[0], mode = x[1], high = x[2];
        if (!(low <= high)) {
            fail_about(ErrorKind::range_order, "triangular",
                       "\"triangular\" needs low <= high, but" + at + " low is " + plain_text(low) + " and high is " +
                           plain_text(high) + ".",
                       column, "Give the lowest value first, the most likely second and the highest third.");
        }
        if (!(low <= mode && mode <= high)) {
            fail_about(ErrorKind::range_order, "triangular",
                       "\"triangular\" needs its mode between low and high, but" + at + " the mode " + plain_text(mode) +
                           " is outside " + plain_text(low) + " to " + plain_text(high) + ".",
                       column, "Give the most likely value as the second argument, between the lowest and the highest.");
        }
        Law law;
        law.name = "triangular";
        law.call = law_call("triangular", {low, mode, high});
        law.low = low;
        law.high = high;
        law.central = mode;
        law.median = quantile(low, mode, high, 0.5);
        law.quantile = [low, mode, high](double p) { return quantile(low, mode, high, p); };
        return law;
    }
};

}  // namespace ballpark
