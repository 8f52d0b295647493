// The reference models tests compute their expected values from, in plain arithmetic and independent of the code under
// test: the standard normal's 95th percentile, the lognormal that `a to b` stands for in the 90% reading, two
// correlated lognormals (a price over a utilization), and a quarter's plan of training runs with its exact corner
// bounds and a Monte Carlo over its shared inputs. testing.hpp includes it; a test that needs no core header may
// include it alone.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <span>
#include <vector>

namespace ballpark::testing {

// The standard normal's 95th percentile, Phi^-1(0.95) = 1.64485362695147271..., rounded to the nearest double
// (Abramowitz and Stegun, table 26.5, give 1.644853627). A range `a to b` in the 90% reading has its ends at -z95
// and +z95 standard deviations.
inline constexpr double z95 = 1.6448536269514722;
// Phi^-1(0.995), where the pictures of a distribution (histogram, sparkline, bins) put their first and last edge.
inline constexpr double z995 = 2.5758293035489004;

// The correlation of two inputs' normal scores whose rank correlation is r (the Gaussian copula's relation).
inline double normal_correlation(double r) { return 2 * std::sin(std::numbers::pi * r / 6); }

// `a to b` with 0 < a < b in the 90% reading: the lognormal whose 5th and 95th percentiles are a and b, so ln X is
// normal with mean mu and standard deviation sigma.
struct Lognormal {
    double mu, sigma;

    static Lognormal through(double a, double b) {
        return {(std::log(a) + std::log(b)) / 2, (std::log(b) - std::log(a)) / (2 * z95)};
    }
    // The quantile at the normal score z (-z95 is the 5th percentile, 0 the median).
    double at(double z) const { return std::exp(mu + sigma * z); }
    // P(X <= x), 0 at and below 0.
    double cdf(double x) const { return x <= 0 ? 0 : 0.5 * std::erfc(-(std::log(x) - mu) / (sigma * std::sqrt(2.0))); }
    double mean() const { return std::exp(mu + sigma * sigma / 2); }
    double variance() const { return std::exp(2 * mu + sigma * sigma) * std::expm1(sigma * sigma); }
    double draw(std::mt19937_64& rng, std::normal_distribution<double>& z) const { return std::exp(mu + sigma * z(rng)); }
};

// k * price / u with price 2 to 4 and u 25% to 60%, lognormals with rank correlation r: ln of it is normal with median
// ln(k sqrt(8) / sqrt(0.15)) and variance sp^2 + su^2 - 2 rho sp su, rho the normal scores' correlation.
namespace price_over_u {
inline const double sp = std::log(2.0) / (2 * z95);        // price 2 to 4
inline const double su = std::log(0.6 / 0.25) / (2 * z95);  // u 25% to 60%
inline double log_sd(double r) {
    const double rho = normal_correlation(r);
    return std::sqrt(sp * sp + su * su - 2 * rho * sp * su);
}
inline double median(double k) { return k * std::sqrt(8.0) / std::sqrt(0.25 * 0.6); }
inline double p95(double k, double r) { return median(k) * std::exp(z95 * log_sd(r)); }
}  // namespace price_over_u

// A quarter's plan of training runs that share the utilization u and the price per GPU-hour: for each run,
// hours = 6 FLOP * params * tokens / (peak * u) and cost = hours * price, in SI (seconds, FLOP/s) and USD.
namespace quarter {
struct PlanRun {
    double params, tokens_low, tokens_high, peak;
};
inline constexpr double u_low = 0.30, u_high = 0.50, price_low = 2, price_high = 3;

// A run's cost at the corner of its inputs where it is least (`low`) or most: it increases with its tokens and the
// price and decreases with u, so these are its exact bounds, and those of any sum, mean or maximum of the runs' costs.
inline double corner_cost(const PlanRun& r, bool low) {
    const double t = low ? r.tokens_low : r.tokens_high;
    return 6 * r.params * t / (r.peak * (low ? u_high : u_low)) / 3600 * (low ? price_low : price_high);
}
inline double corner_total(std::span<const PlanRun> runs, bool low) {
    double total = 0;
    for (const PlanRun& r : runs) total += corner_cost(r, low);
    return total;
}

// The total cost of `trials` draws of the plan, sorted: u and the price drawn once per trial, each run's tokens on
// their own, each `a to b` the lognormal with those 5th and 95th percentiles.
inline std::vector<double> monte_carlo_totals(std::span<const PlanRun> runs, std::uint64_t seed, int trials = 1'000'000) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> z;
    const auto draw = [&](double lo, double hi) { return Lognormal::through(lo, hi).draw(rng, z); };
    std::vector<double> totals(static_cast<std::size_t>(trials));
    for (double& t : totals) {
        const double u = draw(u_low, u_high), price = draw(price_low, price_high);
        t = 0;
        for (const PlanRun& r : runs) t += 6 * r.params * draw(r.tokens_low, r.tokens_high) / (r.peak * u) / 3600 * price;
    }
    std::ranges::sort(totals);
    return totals;
}
}  // namespace quarter

}  // namespace ballpark::testing
