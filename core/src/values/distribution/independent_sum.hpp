// A sampled value that is known to be c + X_1 + ... + X_n with the X_i independent (no input in two of them) and
// each a monotone function of one standard normal variate: a normal sigma * Z, a lognormal k * e^(sigma * Z), or
// a uniform w * Phi(Z). Sums of three or more ranges are sampled (distribution.hpp), and the samples are right
// where they are dense but not for statistics the samples cannot see:
//   - the mean and sd of a sum of lognormals are dominated by draws far out in the right tail, which N = 2^13
//     points do not reach (the largest normal variate is 3.84), so the sample mean of three `1 to 1e6` is half the
//     truth and its sd a four-hundredth. Independence makes them exact instead: the mean is the sum of the means
//     and the variance the sum of the variances, each from its part's own closed form.
//   - a percentile beyond the 5th or 95th has few samples past it (8 past the 99.9th) and none past 1/(2N), so
//     a sampled one is off by several percent there and clamps at the extreme sample further out. The CDF of
//     the sum is an (n-1)-dimensional integral over the variates of all parts but one of that part's closed-form
//     CDF, which nested adaptive Gauss-Kronrod rules evaluate, split where the integrand is not analytic, and root
//     finding inverts.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

namespace ballpark::independent_sum {

struct Part {
    enum class Kind : unsigned char { normal, lognormal, uniform };
    Kind kind = Kind::normal;
    // normal: sigma * Z (sigma may be negative: the same law); lognormal: k * e^(sigma * Z), sigma > 0, k != 0;
    // uniform: k * Phi(Z), k != 0 (its low end is in the constant).
    double k = 1;
    double sigma = 1;

    double mean() const;
    double variance() const;
    Part scaled(double factor) const;
};

struct Sum {
    double constant = 0;
    boost::container::small_vector<Part, 4> parts;
    // The inputs the parts depend on, sorted: two sums are independent when these are disjoint.
    boost::container::small_vector<std::uint32_t, 8> inputs;

    double mean() const;
    double sd() const;
    Sum scaled(double factor) const;
};

// a + b when they are independent (no common input), else nullopt.
std::optional<Sum> independent_total(const Sum& a, const Sum& b);

// The most parts the quadrature inverts: each part beyond the innermost is one level of nested adaptive
// integration, so a CDF of three parts costs some ten thousand closed-form tails.
inline constexpr std::size_t max_quadrature_parts = 3;

// P(sum <= t) (below) or P(sum > t), at most max_quadrature_parts parts; the largest relative error estimate of
// its integral is kept in *worst_error when given.
double cdf(const Sum& sum, double t, bool below, double* worst_error = nullptr);

// The p-quantile of a distribution given by its CDF (cdf(t, true) = P(X <= t), cdf(t, false) = P(X > t)), to about
// a billionth of its value, or nullopt when no bracket is found. `guess` is a first estimate (a sampled percentile)
// and `spread` a positive scale of the value (its 5th-95th width), from which the root is bracketed.
std::optional<double> invert(const std::function<double(double, bool)>& cdf, double p, double guess, double spread);

// The p-quantile of the sum (0 < p < 1, at most max_quadrature_parts parts, at least one), or nullopt when an
// integral did not settle to a millionth of its value (independent_sum.cpp says how it is computed).
std::optional<double> quantile(const Sum& sum, double p, double guess, double spread);

}  // namespace ballpark::independent_sum
