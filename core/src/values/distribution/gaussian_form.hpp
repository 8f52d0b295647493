// The gaussian form of a distribution value: c + sum g_i Z_i over independent standard normals Z_i (a point when
// there are no terms). Its questions all have closed forms: a normal with mean c and standard deviation
// sqrt(sum g_i^2).
#pragma once

#include <cmath>

#include "numeric/normal.hpp"
#include "values/distribution/distribution.hpp"
#include "values/distribution/distribution_helpers.hpp"

namespace ballpark {

// sqrt(sum g_i^2) of the terms: the standard deviation of their sum.
double sigma_of(const Distribution::Terms& terms);

// P(Z <= z) for a standard normal.
inline double standard_normal_cdf(double z) {
    return 0.5 * std::erfc(-z / boost::math::constants::root_two<double>());
}

struct GaussianForm {
    double constant;
    const Distribution::Terms& terms;

    double quantile(double p) const {
        return terms.empty() ? constant : constant + sigma_of(terms) * distribution_detail::normal_quantile(p);
    }
    double probability_at_most(double t) const {
        const double s = sigma_of(terms);
        if (s == 0) return t >= constant ? 1 : 0;
        return standard_normal_cdf((t - constant) / s);
    }
    double mean() const { return constant; }
    double sd() const { return sigma_of(terms); }
    double support_low() const { return terms.empty() ? constant : -distribution_detail::inf; }
    double support_high() const { return terms.empty() ? constant : distribution_detail::inf; }
    // The spread once, not the two percentiles: |constant| + z95 sigma bounds both, and is finite only when the
    // constant and every weight are (sigma is not finite when a weight is not).
    bool is_finite() const { return std::isfinite(std::abs(constant) + z95 * sigma_of(terms)); }
};

}  // namespace ballpark
