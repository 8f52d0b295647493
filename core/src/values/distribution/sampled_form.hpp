// The samples form of a distribution value: its values on the shared Sobol points (sobol_points.hpp), with the
// support computed from its operands', whether every sample is finite, the percentiles kept once computed, and
// where it has one, the closed-form structure of a sum of independent parts or of a max or min of such
// (independent_sum.hpp, extremes.hpp). Its questions are answered by that structure where it gives them exactly
// (moments; percentiles and the CDF beyond the 5th and 95th percentiles), otherwise by the points.
#pragma once

#include <cstddef>
#include <span>

#include "values/distribution/distribution.hpp"
#include "values/distribution/distribution_helpers.hpp"

namespace ballpark {

struct SampledForm {
    // The value whose form this is: its samples, support and finiteness, and its Percentiles (the kept
    // percentiles and order statistics, the structure, and the value it was mapped from if any).
    const Distribution& value;

    // Throws the sentence for a percentile the form cannot give: beyond the 0.1st or 99.9th percentile without
    // a structure that gives it exactly, or in the tail of a sum of more parts than are integrated.
    void check_quantile(double p) const;
    // The p-quantile for p other than 0.05, 0.5 and 0.95: from the structure beyond those, else the points'.
    double quantile(double p) const;
    void printed_percentiles(Distribution::Percentiles& kept) const;
    // The points' own quantiles at each ascending p, in one pass (Distribution::sampled_quantiles).
    void quantiles(std::span<const double> p, std::span<double> out) const;
    double probability_at_most(double t) const;
    // The points' CDF at each ascending t, in one pass (bins.cpp).
    void probabilities_at_most(std::span<const double> t, std::span<double> out) const;
    double mean() const;
    double sd() const;
    double support_low() const { return value.support_low_; }
    double support_high() const { return value.support_high_; }
    bool is_finite() const { return value.finite_; }

private:
    // Whether the structure gives the percentiles beyond the 5th and 95th.
    bool far_quantile_exact() const;
    // The p-quantile of the samples alone.
    double points_quantile(double p) const;
    // Finite samples: the order statistics at `ranks` (ascending) into out, where every rank lies in a tail
    // beyond the printed 5th and 95th percentiles; false otherwise.
    bool tail_order_statistics(std::span<const std::size_t> ranks, double* out) const;
};

}  // namespace ballpark
