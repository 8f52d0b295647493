// Statistics of sampled results in the distribution reading: the mean and sd of a sum of three or more
// independent inputs, and its percentiles far beyond the 5th and 95th, where 2^13 sample points are too few.
//
// References: the lognormal, normal and uniform moments from first principles (the 90% interval's sigma from a
// bisection on std::erfc), the Irwin-Hall distribution of a sum of uniforms, and pseudo-random sampling with ten
// million draws and a fixed seed; never the code under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

#include "ballpark/error.hpp"
#include "testing.hpp"
#include "values/distribution/distribution.hpp"

namespace ballpark {
namespace {

using D = Distribution;

double phi_cdf(double z) { return 0.5 * std::erfc(-z / std::numbers::sqrt2); }
double phi_inverse(double p) {
    double lo = -40, hi = 40;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (phi_cdf(mid) < p ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

D point(double x) { return D::point(x); }
D range(D::Context& c, double a, double b) { return D::between(c, point(a), point(b), 1); }
D sum_of(D::Context& c, const std::vector<D>& parts) {
    D total = parts[0];
    for (std::size_t i = 1; i < parts.size(); ++i) total = D::add(c, total, parts[i]);
    return total;
}

// `a to b` for a > 0: the lognormal with 5th and 95th percentiles a and b.
struct Lognormal {
    double mu, sigma;
    Lognormal(double a, double b)
        : mu((std::log(a) + std::log(b)) / 2), sigma((std::log(b) - std::log(a)) / (2 * phi_inverse(0.95))) {}
    double mean() const { return std::exp(mu + sigma * sigma / 2); }
    double variance() const { return std::exp(2 * mu + sigma * sigma) * std::expm1(sigma * sigma); }
    double cdf(double x) const { return x <= 0 ? 0 : phi_cdf((std::log(x) - mu) / sigma); }
};

TEST(SampledStatistics, TheMeanAndSdOfASumOfIndependentInputsAreExact) {
    D::Context c;
    const D wide = sum_of(c, {range(c, 1, 1e6), range(c, 1, 1e6), range(c, 1, 1e6)});
    ASSERT_TRUE(wide.is_sampled());
    const Lognormal l6(1, 1e6);
    EXPECT_NEAR(wide.mean(), 3 * l6.mean(), 1e-9 * 3 * l6.mean());
    EXPECT_NEAR(wide.sd(), std::sqrt(3 * l6.variance()), 1e-9 * std::sqrt(3 * l6.variance()));
    EXPECT_NEAR(wide.mean(), 2.03e7, 0.005e7);  // the figures of the report
    EXPECT_NEAR(wide.sd(), 7.9e10, 0.05e10);

    const D thousand = sum_of(c, {range(c, 1, 1000), range(c, 1, 1000), range(c, 1, 1000)});
    const Lognormal l3(1, 1000);
    EXPECT_NEAR(thousand.sd(), std::sqrt(3 * l3.variance()), 1e-9 * std::sqrt(3 * l3.variance()));
    EXPECT_NEAR(thousand.sd(), 4475, 1);

    // Mixed kinds, scaled, shifted and negated: 3 - 2 (X + U + N) with X lognormal, U uniform(2, 5), N normal(1, 2).
    const D mixed = D::subtract(
        c, point(3),
        D::multiply(c, point(2), sum_of(c, {range(c, 1, 10), D::uniform(c, point(2), point(5), 1),
                                            D::normal(c, point(1), point(2), 1)})));
    ASSERT_TRUE(mixed.is_sampled());
    const Lognormal l1(1, 10);
    EXPECT_NEAR(mixed.mean(), 3 - 2 * (l1.mean() + 3.5 + 1), 1e-12 * 20);
    EXPECT_NEAR(mixed.sd(), 2 * std::sqrt(l1.variance() + 9.0 / 12 + 4), 1e-12 * 20);
}

TEST(SampledStatistics, AnInputUsedTwiceIsNotTakenAsIndependent) {
    D::Context c;
    const D x = range(c, 1, 10);
    const D twice = sum_of(c, {x, range(c, 1, 10), range(c, 1, 10), x});  // 2X + Y + Z, sampled
    ASSERT_TRUE(twice.is_sampled());
    const Lognormal l(1, 10);
    // The sd of 2X + Y + Z is sqrt(6) sd(X), not the sqrt(4) sd(X) that independence would give; from the
    // samples, so to 3%.
    EXPECT_NEAR(twice.sd(), std::sqrt(6 * l.variance()), 0.03 * std::sqrt(6 * l.variance()));
}

// y = three `1 to 10`: percentiles 0.1 to 99.9 against ten million pseudo-random draws, and percentile 0.0001
// (p = 1e-6) against two million sums (thirty million draws) conditioned on every part being at most 1.8, which any sum at most 1.8
// needs: P(y <= q) = P(X <= 1.8)^3 P(y <= q | all parts <= 1.8). Tolerance: 1% of the 5th-95th width, as promised.
TEST(SampledStatistics, FarPercentilesOfASumOfThreeMatchMonteCarlo) {
    D::Context c;
    const D y = sum_of(c, {range(c, 1, 10), range(c, 1, 10), range(c, 1, 10)});
    ASSERT_TRUE(y.is_sampled());
    const Lognormal l(1, 10);
    std::mt19937_64 engine(20261201);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> normal;
    constexpr std::size_t draws = 10'000'000;
    std::vector<double> sums(draws);
    for (double& s : sums) {
        s = 0;
        for (int i = 0; i < 3; ++i) s += std::exp(l.mu + l.sigma * normal(engine));
    }
    const auto sample_quantile = [](std::vector<double>& v, double p) {
        const auto k = static_cast<std::ptrdiff_t>(p * static_cast<double>(v.size()));
        std::nth_element(v.begin(), v.begin() + k, v.end());
        return v[static_cast<std::size_t>(k)];
    };
    const double width = sample_quantile(sums, 0.95) - sample_quantile(sums, 0.05);
    for (double p : {0.001, 0.002, 0.01, 0.03, 0.97, 0.99, 0.998, 0.999})
        EXPECT_NEAR(y.quantile(p), sample_quantile(sums, p), 0.01 * width) << "p = " << p;
    EXPECT_NEAR(y.quantile(0.999), 44.4, 0.17);  // the figure of the report

    constexpr double cap = 1.8;
    sums.resize(2'000'000);
    const double z_cap = (std::log(cap) - l.mu) / l.sigma;
    for (double& s : sums) {
        s = 0;
        for (int i = 0; i < 3; ++i) {
            double z;
            do z = normal(engine);
            while (z > z_cap);
            s += std::exp(l.mu + l.sigma * z);
        }
    }
    const double conditional = 1e-6 / std::pow(l.cdf(cap), 3);
    const double reference = sample_quantile(sums, conditional);
    ASSERT_LT(reference, cap);
    EXPECT_NEAR(y.quantile(1e-6), reference, 0.01 * width);
    EXPECT_NEAR(y.quantile(1e-6), 1.52, 0.17);
}

// A sum of three uniform(0, 1) is Irwin-Hall: P(S <= x) = x^3 / 6 for x <= 1, symmetric about 1.5. To 0.3% of
// the quantile itself, far inside the promised 1% of the 5th-95th width (1.6): the uniform parts' CDFs have
// kinks, which cost the quadrature some digits (measured 0.2% at p = 1e-6).
TEST(SampledStatistics, FarPercentilesOfThreeUniformsAreIrwinHall) {
    D::Context c;
    const D u = sum_of(c, {D::uniform(c, point(0), point(1), 1), D::uniform(c, point(0), point(1), 1),
                           D::uniform(c, point(0), point(1), 1)});
    ASSERT_TRUE(u.is_sampled());
    for (double p : {1e-9, 1e-6, 1e-3, 0.01}) {
        const double x = std::cbrt(6 * p);
        EXPECT_NEAR(u.quantile(p), x, 0.003 * x) << "p = " << p;
        EXPECT_NEAR(u.quantile(1 - p), 3 - x, 0.003 * x) << "1 - p, p = " << p;
    }
    EXPECT_DOUBLE_EQ(u.mean(), 1.5);
    EXPECT_NEAR(u.sd(), 0.5, 1e-15);
}

// Beyond the 0.1st and 99.9th percentiles a sampled value without that structure has fewer than 8 samples left:
// a sentence, never the extreme sample repeated.
TEST(SampledStatistics, FarPercentilesTheSamplesCannotPlaceAreRefused) {
    D::Context c;
    const D y = sum_of(c, {range(c, 1, 10), range(c, 1, 10), range(c, 1, 10)});
    const D squared = D::multiply(c, y, y);
    ASSERT_TRUE(squared.is_sampled());
    EXPECT_NO_THROW((void)squared.quantile(0.001));
    EXPECT_NO_THROW((void)squared.quantile(0.999));
    for (double p : {1e-6, 0.0005, 0.9995}) {
        const std::string m = testing::message_of([&] { (void)squared.quantile(p); });
        EXPECT_NE(m.find("sampled points"), std::string::npos) << m;
        EXPECT_NE(m.find("from 0.1 to 99.9"), std::string::npos) << m;
    }
}

}  // namespace
}  // namespace ballpark
