// uniform(min, max): every value between min and max equally likely. Its quantile function is min + (max - min) p.
// Its law (law.hpp): support [min, max], which the bounds readings give with central value the midpoint; the 90%
// reading samples it and keeps its closed form, so that a sum of independent inputs keeps exact moments and far
// percentiles.
#pragma once

#include <span>
#include <string>

#include "ballpark/error.hpp"
#include "ballpark/format.hpp"
#include "values/law.hpp"

namespace ballpark {

// The law of uniform(low, high), low <= high.
inline Law uniform_law(double low, double high) {
    Law law;
    law.name = "uniform";
    law.call = law_call("uniform", {low, high});
    law.low = law.outer_low = low;
    law.high = law.outer_high = high;
    law.central = law.median = low / 2 + high / 2;
    law.quantile = [low, high](double p) { return low + (high - low) * p; };
    law.closed_form = Law::ClosedForm::uniform;
    return law;
}

struct UniformLaw {
    static constexpr LawSignature signature{
        "uniform", {"min", "max"}, 0, 1, "uniform(2 day, 6 day)",
        "Write it as a plain number, or combine ranges with arithmetic instead of nesting them."};

    static Law law(std::span<const double> x, int column, const std::string&) {
        const double low = x[0], high = x[1];
        if (low > high) {
            fail_about(ErrorKind::range_order, "uniform",
                       "uniform(min, max) needs min <= max, but the minimum " + format_number(low, 3, true) +
                           " is above the maximum " + format_number(high, 3, true) + Place(column).in_parentheses() +
                           ".",
                       column, "Swap the two arguments.");
        }
        return uniform_law(low, high);
    }
};

}  // namespace ballpark
