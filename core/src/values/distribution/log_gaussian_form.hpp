// The log-gaussian form of a distribution value: t + s * exp(c + sum g_i Z_i), a lognormal (mirrored when the
// scale s is negative) shifted by t. Its questions all have closed forms, through the exponent's normal.
#pragma once

#include <cmath>

#include "values/distribution/distribution.hpp"
#include "values/distribution/distribution_helpers.hpp"
#include "values/distribution/gaussian_form.hpp"

namespace ballpark {

struct LogGaussianForm {
    double offset, scale, constant;
    const Distribution::Terms& terms;

    double quantile(double p) const {
        // A negative scale mirrors the distribution: its p-quantile comes from the exponent's (1-p)-quantile.
        const double z = distribution_detail::normal_quantile(p);
        return offset + scale * std::exp(constant + sigma_of(terms) * (scale > 0 ? z : -z));
    }
    double probability_at_most(double t) const {
        // offset + scale e^Y <= t, Y = c + sigma Z: e^Y <= r for a positive scale, e^Y >= r for a negative one.
        const double r = (t - offset) / scale;
        const double s = sigma_of(terms);
        if (r <= 0) return scale > 0 ? 0 : 1;
        if (s == 0) return (scale > 0) == (std::log(r) >= constant) ? 1 : 0;
        const double z = (std::log(r) - constant) / s;
        return standard_normal_cdf(scale > 0 ? z : -z);
    }
    double mean() const {
        const double s = sigma_of(terms);
        return offset + scale * std::exp(constant + s * s / 2);
    }
    double sd() const {
        const double s = sigma_of(terms);
        return std::abs(scale) * std::exp(constant + s * s / 2) * std::sqrt(std::expm1(s * s));
    }
    double support_low() const {
        if (scale < 0) return -distribution_detail::inf;
        return offset == 0 ? distribution_detail::smallest_positive : offset;
    }
    double support_high() const {
        if (scale > 0) return distribution_detail::inf;
        return offset == 0 ? -distribution_detail::smallest_positive : offset;
    }
    // A weight that is not finite makes sigma, and so the high percentile, not finite.
    bool is_finite() const {
        return std::isfinite(offset) && std::isfinite(scale) && std::isfinite(constant) &&
               std::isfinite(quantile(0.05)) && std::isfinite(quantile(0.95));
    }
};

}  // namespace ballpark
