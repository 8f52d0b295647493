// The sum-of-two form of a distribution value: c + A + B, A and B gaussian or log-gaussian parts on disjoint
// inputs (so independent) without constants of their own. No closed form: its percentiles and CDF come from the
// quadrature of two_input_sum.hpp, its moments and support from the parts'.
#pragma once

#include <cmath>

#include "values/distribution/distribution.hpp"
#include "values/distribution/distribution_helpers.hpp"

namespace ballpark {

struct SumOfTwoForm {
    double constant;
    const Distribution::Parts& parts;

    double quantile(double p) const;
    // The 5th, 50th and 95th percentiles together, into kept (they share the quadrature nodes that do not move
    // with the point).
    void printed_percentiles(Distribution::Percentiles& kept) const;
    double probability_at_most(double t) const;
    double mean() const { return constant + parts.first.mean() + parts.second.mean(); }
    double sd() const { return std::hypot(parts.first.sd(), parts.second.sd()); }  // independent parts
    double support_low() const { return constant + parts.first.support_low() + parts.second.support_low(); }
    double support_high() const { return constant + parts.first.support_high() + parts.second.support_high(); }
    // Without computing percentiles (the evaluator asks after every operation, and a sum that goes on into a
    // product with another range never needs its own): every value the quadrature uses, the parts at variates
    // within +-7, is finite, and so is their sum.
    bool is_finite() const;
};

}  // namespace ballpark
